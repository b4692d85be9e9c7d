"""A linear program over exact rationals, solved by HiGHS in floating point and re-solved exactly.

:class:`LinearProgram` holds rows of exact numbers.  HiGHS (:func:`highs_model`) finds an optimal
basis in floating point; :func:`exact_lp` and :func:`exact_lp_with_duals` solve that basis again in
rational arithmetic (:mod:`derive.solving.exact_solve`) and accept it only if it is exactly feasible
(and, with duals, exactly optimal), so that a float never reaches a result; :class:`ExactLPError`
says when that fails.  :func:`optimal_basis`, :func:`warm_bases` and :func:`basis_system` give the
basis itself to the solvers that pivot on from it (the ε-LP of the quasi-perfect refinement, the
parametric LP).

The kernel of :mod:`derive.solving`: the zero-sum maximin LP (:mod:`derive.solving.lp`), the
sequence-form LPs, the dominance and admissibility checks all build a :class:`LinearProgram`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor

__all__ = [
    "Basis",
    "ExactLPError",
    "LinearProgram",
    "basis_system",
    "exact_lp",
    "exact_lp_with_duals",
    "highs_model",
    "optimal_basis",
    "quiet_highs",
    "screen_lp",
    "warm_bases",
]


class ExactLPError(RuntimeError):
    """The floating-point LP could not be turned into a certified exact solution."""


@contextlib.contextmanager
def quiet_highs() -> Iterator[None]:
    """Silence the banner HiGHS prints on standard output when first used."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no real stdout (e.g. some notebook kernels)
        yield
        return
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 1)
        try:
            yield
        finally:
            os.dup2(saved, 1)
            os.close(saved)


@dataclass
class LinearProgram:
    """A linear program over exact data: ``lower <= A z <= upper`` row-wise, ``z_c >= 0`` unless free.

    ``rows[r]`` is a sparse row ``{column: QQ}``; a bound of ``None`` is
    infinite.  Built by :func:`derive.solving.lp.maximin_program` and others, and extended by callers.
    """

    ncols: int
    rows: list[dict[int, object]]
    lower: list[object]
    upper: list[object]
    free: set[int]

    def add_row(self, row: dict[int, object], lower: object, upper: object) -> None:
        """Append the constraint ``lower <= row . z <= upper``."""
        self.rows.append(row)
        self.lower.append(lower)
        self.upper.append(upper)

    def is_feasible(self, z: Sequence[object]) -> bool:
        """Exact check that ``z`` satisfies every constraint and sign condition."""
        if any(z[c] < 0 for c in range(self.ncols) if c not in self.free):
            return False
        for row, lo, hi in zip(self.rows, self.lower, self.upper):
            act = sum((v * z[c] for c, v in row.items()), QQ(0))
            if (lo is not None and act < lo) or (hi is not None and act > hi):
                return False
        return True


def exact_lp(prog: LinearProgram, cost: dict[int, object], maximize: bool = True) -> list[object]:
    """Solve ``prog`` exactly from a HiGHS basis; retry with tighter tolerances if needed.

    See :func:`_exact_lp_once`.  Badly scaled data (e.g. a bet of 1/10000
    chips beside an ante of 1) can make HiGHS's basis wrong in exact
    arithmetic; the retry uses the simplex solver with feasibility
    tolerances of 1e-12.

    Raises
    ------
    ExactLPError
        If neither attempt gives an exact feasible basic solution.
    """
    try:
        return _exact_lp_once(prog, cost, maximize, strict=False)
    except ExactLPError:
        return _exact_lp_once(prog, cost, maximize, strict=True)


def _run_highs(prog: LinearProgram, cost: dict[int, object], maximize: bool, strict: bool):
    """Pass ``prog`` to HiGHS and run it; return the solved ``Highs`` object.

    Raises
    ------
    ExactLPError
        If HiGHS finds no optimum.
    """
    import highspy

    h = highs_model(prog, cost, maximize, strict)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise ExactLPError(f"HiGHS did not find an optimum: {h.modelStatusToString(h.getModelStatus())}")
    return h


def highs_model(prog: LinearProgram, cost: dict[int, object], maximize: bool = True, strict: bool = False):
    """A ``Highs`` object holding ``prog`` in floating point, with derive's options, not yet run.

    ``strict``: the simplex solver with feasibility tolerances of 1e-12 (:func:`exact_lp`'s retry).
    (The benchmark times ``run()`` of it alone: HiGHS on the same float LP as derive.)
    """
    import highspy

    inf = highspy.kHighsInf
    with quiet_highs():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("random_seed", 0)
    if strict:
        h.setOptionValue("solver", "simplex")
        h.setOptionValue("primal_feasibility_tolerance", 1e-12)
        h.setOptionValue("dual_feasibility_tolerance", 1e-12)
    ncols = prog.ncols
    lp = highspy.HighsLp()
    lp.num_col_ = ncols
    lp.num_row_ = len(prog.rows)
    lp.col_cost_ = [float(cost.get(c, 0)) for c in range(ncols)]
    lp.col_lower_ = [-inf if c in prog.free else 0.0 for c in range(ncols)]
    lp.col_upper_ = [inf] * ncols
    lp.row_lower_ = [-inf if b is None else float(b) for b in prog.lower]
    lp.row_upper_ = [inf if b is None else float(b) for b in prog.upper]
    lp.sense_ = highspy.ObjSense.kMaximize if maximize else highspy.ObjSense.kMinimize
    start, index, value = [0], [], []
    for row in prog.rows:  # row-wise, as the program holds it
        index.extend(row.keys())
        value.extend(map(float, row.values()))
        start.append(len(index))
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = start
    lp.a_matrix_.index_ = index
    lp.a_matrix_.value_ = value
    h.passModel(lp)
    return h


def screen_lp(prog: LinearProgram, cost: dict[int, object], maximize: bool = True) -> float:
    """HiGHS's floating-point optimum of ``prog``: a quick screen, never a result.

    Callers use it to decide whether an exact solve (:func:`exact_lp`) is worth doing.

    Raises
    ------
    ExactLPError
        If HiGHS finds no optimum.
    """
    return _run_highs(prog, cost, maximize, strict=False).getInfo().objective_function_value


@dataclass(frozen=True)
class Basis:
    """An optimal basis reported by HiGHS: which columns are basic and which rows are tight.

    Attributes
    ----------
    basic : tuple of int
        The basic columns (nonbasic columns sit at 0: the lower bound of a ``>= 0`` column, or a
        free column at zero).
    tight : tuple of (int, bool)
        The nonbasic rows, as ``(row, at_lower)``; ``at_lower`` is True when the row is held at
        its lower bound (for an equality row either bound is the same).
    """

    basic: tuple[int, ...]
    tight: tuple[tuple[int, bool], ...]


def optimal_basis(
    prog: LinearProgram, cost: dict[int, object], maximize: bool = True, strict: bool = False
) -> Basis:
    """Solve ``prog`` with HiGHS in floating point and return its optimal basis (never a result by itself).

    Raises
    ------
    ExactLPError
        If HiGHS finds no optimum or reports an unusable basis.
    """
    return _highs_basis(_run_highs(prog, cost, maximize, strict), prog)


def _highs_basis(h, prog: LinearProgram) -> Basis:
    """The optimal basis of a solved ``Highs`` object for ``prog`` (see :func:`optimal_basis`)."""
    import highspy

    basis = h.getBasis()
    status = highspy.HighsBasisStatus
    col_status = list(basis.col_status)
    row_status = list(basis.row_status)
    basic = tuple(c for c in range(prog.ncols) if col_status[c] == status.kBasic)
    tight = tuple(
        (r, row_status[r] == status.kLower and prog.lower[r] is not None)
        for r in range(len(prog.rows))
        if row_status[r] != status.kBasic
    )
    if len(basic) != len(tight):
        raise ExactLPError("HiGHS returned an invalid basis")
    if any(col_status[c] == status.kUpper for c in range(prog.ncols)):
        raise ExactLPError("unexpected nonbasic column at an upper bound")
    return Basis(basic, tight)


def warm_bases(programs, maximize: bool = True, strict: bool = True) -> Iterator[Basis | None]:
    """HiGHS's optimal bases of a sequence of LPs that differ only in costs and row bounds.

    The first program is passed to HiGHS; each next one only changes its costs and row bounds,
    and HiGHS starts from the basis it had (a warm start: a few simplex iterations each).  Used for
    a perturbed LP at decreasing ε₀ (:func:`derive.solving.refinements.epsilon_lp.search_basis`),
    whose bases change little from one ε₀ to the next.

    Parameters
    ----------
    programs : iterable of (LinearProgram, dict)
        Each program with its cost ``{column: QQ}``; all with the same matrix.
    maximize : bool
    strict : bool
        Tolerances of 1e-12 (as :func:`optimal_basis` with ``strict``).

    Yields
    ------
    Basis or None
        Each program's optimal basis, or None when HiGHS finds no optimum or no usable basis.
    """
    import highspy

    inf = highspy.kHighsInf
    h = None
    for prog, cost in programs:
        ncols, nrows = prog.ncols, len(prog.rows)
        if h is None:
            try:
                h = _run_highs(prog, cost, maximize, strict)
            except ExactLPError:
                yield None
                return
        else:
            h.changeColsCost(ncols, list(range(ncols)), [float(cost.get(c, 0)) for c in range(ncols)])
            h.changeRowsBounds(
                nrows,
                list(range(nrows)),
                [-inf if b is None else float(b) for b in prog.lower],
                [inf if b is None else float(b) for b in prog.upper],
            )
            h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            yield None
            continue
        try:
            yield _highs_basis(h, prog)
        except ExactLPError:
            yield None


def basis_system(
    rows, lower, upper, basis: Basis
) -> tuple[dict[int, int], dict[int, dict[int, object]], list]:
    """The square system of ``basis``: ``{column: position}``, the tight rows restricted to the basic
    columns (``{k: {position: coefficient}}``), and each tight row's bound (the one it is held at).

    ``lower``/``upper`` may hold numbers or any other bound objects (e.g. polynomial coefficient lists).
    """
    position = {c: k for k, c in enumerate(basis.basic)}
    mat: dict[int, dict[int, object]] = {}
    bounds = []
    for k, (r, at_lower) in enumerate(basis.tight):
        bounds.append(lower[r] if at_lower or upper[r] is None else upper[r])
        line = {position[c]: v for c, v in rows[r].items() if c in position}
        if line:
            mat[k] = line
    return position, mat, bounds


def _exact_lp_once(
    prog: LinearProgram, cost: dict[int, object], maximize: bool, strict: bool
) -> list[object]:
    """Solve ``prog`` with HiGHS, then re-solve its optimal basis in exact rationals.

    Returns
    -------
    list of QQ
        The exact basic solution, checked exactly to be feasible.  (Its
        optimality is HiGHS's claim; callers certify what they need.)

    Raises
    ------
    ExactLPError
        If HiGHS finds no optimum, its basis is singular in exact arithmetic,
        or the exact solution is infeasible.
    """
    return _basic_solution(prog, optimal_basis(prog, cost, maximize, strict))[0]


def _basic_solution(prog: LinearProgram, basis: Basis) -> tuple[list[object], ExactFactor | None, dict]:
    """The basic solution of ``basis``, exact, checked exactly to be feasible (else :class:`ExactLPError`),
    with the factored basis matrix and ``{column: position}`` (for the duals)."""
    position, mat, bounds = basis_system(prog.rows, prog.lower, prog.upper, basis)
    rhs = {k: [b] for k, b in enumerate(bounds) if b}
    n = len(basis.basic)
    z: dict = {}
    factor = None
    if n:
        try:
            factor = ExactFactor(mat, n)
            z = factor.solve(rhs, 1)
        except (ValueError, ZeroDivisionError) as exc:
            raise ExactLPError(f"the basis from HiGHS is singular in exact arithmetic: {exc}") from None
    values = [QQ(0)] * prog.ncols
    for c, k in position.items():
        values[c] = z[k][0] if k in z else QQ(0)
    if not prog.is_feasible(values):
        raise ExactLPError("the exact basic solution is infeasible")
    return values, factor, position


def exact_lp_with_duals(
    prog: LinearProgram, cost: dict[int, object], maximize: bool = True
) -> tuple[list[object], dict[int, object]]:
    """Solve ``prog`` exactly from a HiGHS basis, with the exact dual values of its rows.

    The primal values are those of :func:`exact_lp` (``B z_B = b``); the row duals solve
    ``B^T pi = c_B`` with the same basis matrix, and are 0 on the rows the basis leaves loose.
    For a maximisation with ``<=`` rows, the duals of the tight rows are ``>= 0`` when the basis is
    dual feasible.  Neither vector is certified optimal here: callers check what they need
    (the sequence-form solver checks the duals are the opponent's plan and certifies both by
    exact best responses).

    Parameters
    ----------
    prog : LinearProgram
    cost : dict
        ``{column: QQ}``, the objective.
    maximize : bool

    Returns
    -------
    (list of QQ, dict)
        The exact basic solution (feasibility checked exactly) and ``{row: dual}`` for the rows
        with a nonzero dual.

    Raises
    ------
    ExactLPError
        As :func:`exact_lp` (HiGHS finds no optimum, or its basis is singular or infeasible in
        exact arithmetic, also with tight tolerances).
    """
    for strict in (False, True):
        try:
            basis = optimal_basis(prog, cost, maximize, strict)
            values, factor, position = _basic_solution(prog, basis)
        except ExactLPError:
            if strict:
                raise
            continue
        c_b = {k: [cost[c]] for c, k in position.items() if cost.get(c)}
        duals: dict[int, object] = {}
        if c_b and factor is not None:
            try:
                pi = factor.solve_transpose(c_b, 1)
            except (ValueError, ZeroDivisionError) as exc:
                raise ExactLPError(f"the basis from HiGHS is singular in exact arithmetic: {exc}") from None
            duals = {basis.tight[k][0]: v[0] for k, v in pi.items() if v[0]}
        return values, duals
    raise AssertionError("unreachable")
