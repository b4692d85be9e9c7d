"""Exact solution of the zero-sum plan-form LP, certified in rational arithmetic.

For the plan form ``U(x, y) = x^T P y`` (strategies are probability vectors on
each situation's plans) the opener's maximin problem is the LP

    maximise   sum_t q_t
    subject to q_t <= (x^T P)_j    for every dealer plan j in situation t,
               sum_{i in s} x_i = 1 for every opener situation s,   x >= 0,

(von Stengel 1996; Koller, Megiddo & von Stengel 1994, in plan variables),
and the dealer's problem is the same LP for ``-P^T``.  HiGHS solves it in
floating point; the optimal *basis* it reports is then solved again in exact
rational arithmetic, and the result is accepted only if the exact
best-response values of both strategies coincide -- which proves both
optimal and gives the game value exactly.  A float never reaches a result.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor, block_triangular_order, elimination_order, solve_exact

__all__ = [
    "Basis",
    "ExactFactor",
    "ExactLPError",
    "LinearProgram",
    "MaximinSolution",
    "Supports",
    "basis_system",
    "best_response_value",
    "block_triangular_order",
    "certified_supports",
    "elimination_order",
    "exact_lp",
    "exact_lp_with_duals",
    "highs_model",
    "maximin",
    "maximin_program",
    "optimal_basis",
    "quiet_highs",
    "row_times",
    "screen_lp",
    "solve_exact",
    "transpose",
    "transpose_negated",
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


Matrix = dict[int, dict[int, object]]  # row -> {col: QQ}


def best_response_value(
    entries: Matrix,
    x: Sequence[object],
    col_groups: Sequence[Sequence[int]],
    maximize: bool = False,
) -> object:
    """Exact value of the column player's best response to row strategy ``x``.

    ``sum over column groups t of min_{j in t} (x^T P)_j`` (or ``max`` when
    ``maximize``), in rational arithmetic; the best response is chosen per
    situation, i.e. per information set of the responder.
    """
    totals = row_times(entries, x)
    pick = max if maximize else min
    return sum((pick(totals.get(j, QQ(0)) for j in group) for group in col_groups), QQ(0))


@dataclass(frozen=True)
class MaximinSolution:
    """An exact optimal strategy of the row player and the exact game value."""

    strategy: tuple[object, ...]
    value: object


def transpose(entries: Matrix, sign: int = 1) -> Matrix:
    """``P^T`` (or ``-P^T`` with ``sign=-1``) in the sparse ``{row: {col: QQ}}`` form."""
    out: Matrix = {}
    for i, row in entries.items():
        for j, v in row.items():
            out.setdefault(j, {})[i] = v if sign > 0 else -v
    return out


def transpose_negated(entries: Matrix) -> Matrix:
    """``-P^T`` in the sparse ``{row: {col: QQ}}`` form: the same game seen from the column player."""
    return transpose(entries, -1)


def row_times(entries: Matrix, x: Sequence[object]) -> dict[int, object]:
    """``x^T P`` as a sparse ``{col: QQ}``: each column's payoff against the row strategy ``x``."""
    totals: dict[int, object] = {}
    for i, row in entries.items():
        xi = x[i]
        if xi:
            for j, v in row.items():
                totals[j] = totals.get(j, QQ(0)) + xi * v
    return totals


def maximin(
    entries: Matrix,
    shape: tuple[int, int],
    row_groups: Sequence[Sequence[int]],
    col_groups: Sequence[Sequence[int]],
) -> tuple[MaximinSolution, MaximinSolution]:
    """Solve ``max_x min_y x^T P y`` exactly; return the row and column solutions.

    Parameters
    ----------
    entries : dict
        Sparse ``P`` as ``{row: {col: QQ}}``.
    shape : (int, int)
        ``(m_0, m_1)``.
    row_groups, col_groups : sequences of index sequences
        The situations: each player's strategy is a distribution on each group.

    Returns
    -------
    (MaximinSolution, MaximinSolution)
        The row player's optimal ``x`` with value ``v`` and the column
        player's optimal ``y`` with the same ``v`` (both exact ``QQ``).

    Raises
    ------
    ExactLPError
        If HiGHS fails, or its basis does not give strategies whose exact
        best-response values agree (the certificate of optimality).
    """
    x = _solve_side(entries, shape, row_groups, col_groups)
    y = _solve_side(transpose_negated(entries), shape[::-1], col_groups, row_groups)
    lower = best_response_value(entries, x, col_groups)
    upper = best_response_value(transpose_negated(entries), y, row_groups)
    upper = -upper
    if lower != upper:
        raise ExactLPError(f"exact certificate failed: best-response values {lower} and {upper} differ")
    return MaximinSolution(tuple(x), lower), MaximinSolution(tuple(y), upper)


@dataclass
class LinearProgram:
    """A linear program over exact data: ``lower <= A z <= upper`` row-wise, ``z_c >= 0`` unless free.

    ``rows[r]`` is a sparse row ``{column: QQ}``; a bound of ``None`` is
    infinite.  Built by :func:`maximin_program` and extended by callers.
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


def maximin_program(
    entries: Matrix,
    shape: tuple[int, int],
    row_groups: Sequence[Sequence[int]],
    col_groups: Sequence[Sequence[int]],
) -> LinearProgram:
    """The row player's maximin LP: columns ``x`` (``m_0``, ``>= 0``) then ``q_t`` (one per column group, free).

    Rows: ``sum_{i in s} x_i = 1`` per row group, then ``q_t - (x^T P)_j <= 0``
    per column plan ``j`` in group ``t``.  Maximising ``sum_t q_t`` gives the value.
    """
    m0, _ = shape
    nq = len(col_groups)
    prog = LinearProgram(m0 + nq, [], [], [], set(range(m0, m0 + nq)))
    for group in row_groups:
        prog.add_row({i: QQ(1) for i in group}, QQ(1), QQ(1))
    by_col = transpose(entries)
    for t, group in enumerate(col_groups):
        for j in group:
            r = {i: -v for i, v in by_col.get(j, {}).items()}
            r[m0 + t] = QQ(1)
            prog.add_row(r, None, QQ(0))
    return prog


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


def _solve_side(
    entries: Matrix,
    shape: tuple[int, int],
    row_groups: Sequence[Sequence[int]],
    col_groups: Sequence[Sequence[int]],
) -> list[object]:
    prog = maximin_program(entries, shape, row_groups, col_groups)
    m0 = shape[0]
    values = exact_lp(prog, {c: QQ(1) for c in range(m0, prog.ncols)})
    return values[:m0]


@dataclass(frozen=True)
class Supports:
    """Each player's usable plans, with exact certificates.

    ``usable[p]`` are the plan indices some optimal strategy of player ``p``
    plays with positive probability; ``witness[p][i]`` is an exact optimal
    strategy proving it: for a usable plan, an optimal strategy of ``p``
    playing it; for an unusable one, an optimal strategy of the opponent
    against which it earns strictly less than the best plan of its
    situation (so no optimal strategy can play it).
    """

    usable: tuple[tuple[int, ...], tuple[int, ...]]
    witness: tuple[dict[int, tuple[object, ...]], dict[int, tuple[object, ...]]]


def certified_supports(
    entries: Matrix,
    shape: tuple[int, int],
    row_groups: Sequence[Sequence[int]],
    col_groups: Sequence[Sequence[int]],
    value: object,
    plans: tuple[Sequence[int] | None, Sequence[int] | None] = (None, None),
) -> Supports:
    """Decide, with exact certificates, which plans some optimal strategy uses.

    For a plan ``i`` of player ``p``: maximise its probability over ``p``'s
    optimal strategies (HiGHS, then exact); if the exact optimum plays it and
    is verified optimal (best-response value = ``value``), it is usable.
    Otherwise maximise, over the opponent's optimal strategies, how much
    worse plan ``i`` does than the best plan of its situation; an exact
    optimal opponent strategy with a positive gap proves it unusable
    (every optimal strategy of ``p`` is a best response to every optimal
    strategy of the opponent).

    Parameters
    ----------
    plans : (indices or None, indices or None)
        Restrict the question to these plans of each player (default: all).

    Raises
    ------
    ExactLPError
        If neither certificate can be produced for a plan.
    """
    mats = (entries, transpose_negated(entries))
    shapes = (shape, shape[::-1])
    groups = ((row_groups, col_groups), (col_groups, row_groups))
    values = (value, -value)
    usable: list[list[int]] = [[], []]
    witness: list[dict[int, tuple[object, ...]]] = [{}, {}]
    for p in (0, 1):
        M, (rg, cg), v = mats[p], groups[p], values[p]
        o = 1 - p
        Mo, (org, ocg), vo = mats[o], groups[o], values[o]
        m = shapes[p][0]
        face = maximin_program(M, shapes[p], rg, cg)
        face.add_row({c: QQ(1) for c in range(m, face.ncols)}, v, None)
        todo = list(range(m) if plans[p] is None else plans[p])
        wanted = set(todo)
        group_of = {i: g for g in rg for i in g}
        oface = maximin_program(Mo, shapes[o], org, ocg)
        oface.add_row({c: QQ(1) for c in range(shapes[o][0], oface.ncols)}, vo, None)
        found: set[int] = set()
        for i in todo:
            if i in witness[p]:  # decided by the certificate of an earlier plan
                continue
            x = exact_lp(face, {i: QQ(1)})[:m]
            if x[i] > 0 and best_response_value(M, x, cg) == v:
                # an optimal strategy: every plan it plays is usable, with it as the witness
                for j in wanted:
                    if x[j] > 0 and j not in witness[p]:
                        found.add(j)
                        witness[p][j] = tuple(x)
                continue
            # i as a column of the opponent's program: make it strictly worse
            t = next(k for k, g in enumerate(ocg) if i in g)
            # maximise (y^T Mo)_i - q_t: how much worse plan i does than its situation's best
            gap = dict(_column(Mo, i))
            gap[shapes[o][0] + t] = QQ(-1)
            y = exact_lp(oface, gap)[: shapes[o][0]]
            payoff = row_times(Mo, y)
            if best_response_value(Mo, y, ocg) == vo:
                # an optimal opponent strategy: every plan doing strictly worse than its situation's best
                # against it is unusable, with it as the witness
                for j in wanted:
                    if j not in witness[p] and payoff.get(j, QQ(0)) > min(
                        payoff.get(k, QQ(0)) for k in group_of[j]
                    ):
                        witness[p][j] = tuple(y)
            if i not in witness[p]:
                raise ExactLPError(f"could not certify whether plan {i} of player {p} is usable")
        usable[p] = [i for i in todo if i in found]
    return Supports((tuple(usable[0]), tuple(usable[1])), (witness[0], witness[1]))


def _column(M: Matrix, j: int) -> dict[int, object]:
    return {i: row[j] for i, row in M.items() if j in row}


def to_fraction(value: object) -> Fraction:
    """Convert a ``QQ`` element to :class:`fractions.Fraction`."""
    return Fraction(int(QQ.numer(value)), int(QQ.denom(value)))
