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
import math
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from sympy.polys.domains import QQ

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


def elimination_order(
    rows: dict[int, dict[int, object]], n: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], dict[int, set[int]], dict[int, set[int]]]:
    """The order in which :func:`solve_exact` eliminates a sparse square system (any field).

    Row singletons are solved first (``forward``, in order), column singletons are set aside to be
    recovered last (``deferred``, in reverse order), and what remains is the dense *core*.

    Parameters
    ----------
    rows : dict
        The matrix as ``{row: {col: entry}}``, shape ``(n, n)``, entries nonzero.

    Returns
    -------
    forward, deferred : list of (row, unknown)
    active, cols : dict
        The core: its rows (``row -> unknowns``) and its unknowns (``unknown -> rows``).

    Raises
    ------
    ZeroDivisionError
        If a row or a column is zero, or peeling leaves one empty (the matrix is singular).
    """
    cols: dict[int, set[int]] = {}
    for i, row in rows.items():
        for j in row:
            cols.setdefault(j, set()).add(i)
    if len(rows) < n or len(cols) < n:
        raise ZeroDivisionError("singular matrix: a row or a column is zero")
    active = {i: set(row) for i, row in rows.items()}
    forward: list[tuple[int, int]] = []  # (row, unknown) solved in this order, before the core
    deferred: list[tuple[int, int]] = []  # (row, unknown) solved in reverse order, after the core
    singles = [i for i, a in active.items() if len(a) == 1]
    col_singles = [j for j, c in cols.items() if len(c) == 1]
    while singles or col_singles:
        if singles:  # a row with one unknown left fixes it
            step = _peel(singles.pop(), active, cols, singles)
            if step:
                forward.append(step)
        else:  # an unknown only one remaining row mentions is recovered from that row last
            step = _peel(col_singles.pop(), cols, active, col_singles)
            if step:
                deferred.append(step[::-1])
    return forward, deferred, active, cols


def block_triangular_order(rows: dict[int, dict[int, object]], n: int) -> list[tuple[list[int], list[int]]]:
    """The blocks of a sparse square matrix's block triangular form, in the order they are solved.

    A perfect matching of rows to unknowns (Hopcroft-Karp) puts a nonzero on the diagonal; the
    strongly connected components of the graph "row ``i`` mentions the unknown matched to row
    ``k``" are the diagonal blocks (Duff 1977; Tarjan 1972), and they are returned in a
    topological order of that graph, so each block needs only the unknowns of the blocks before
    it.  The sequence form's bases are nearly triangular: most blocks are ``1 x 1`` and the
    largest few hundred unknowns (Liar's Dice with six faces: a 37,000 x 37,000 basis).

    Parameters
    ----------
    rows : dict
        The matrix's sparsity pattern as ``{row: {col: entry}}`` (only the keys are read), shape
        ``(n, n)``, entries nonzero.
    n : int
        The matrix's size.

    Returns
    -------
    list of (rows, unknowns)
        Each block's rows and the unknowns they determine (the same number), in solving order.

    Raises
    ------
    ZeroDivisionError
        If the matrix is structurally singular (no perfect matching: it is singular whatever
        its entries).
    """
    import numpy as np
    import scipy.sparse as sps
    from scipy.sparse.csgraph import connected_components, maximum_bipartite_matching

    if n == 0:
        return []
    counts = [len(r) for r in rows.values()]
    row_ids = np.repeat(np.fromiter(rows.keys(), dtype=np.int64, count=len(rows)), counts)
    col_ids = np.fromiter((j for r in rows.values() for j in r), dtype=np.int64, count=int(sum(counts)))
    if (
        len(rows) < n
        or (col_ids.size and (col_ids.min() < 0 or col_ids.max() >= n))
        or (row_ids.size and row_ids.max() >= n)
    ):
        raise ZeroDivisionError("singular matrix: a row is zero")
    pattern = sps.csr_matrix((np.ones(row_ids.size, dtype=np.int8), (row_ids, col_ids)), shape=(n, n))
    match = maximum_bipartite_matching(pattern, perm_type="column")  # match[row] = its unknown
    if (match < 0).any():
        raise ZeroDivisionError("singular matrix: no perfect matching of rows and unknowns")
    row_of = np.empty(n, dtype=np.int64)
    row_of[match] = np.arange(n)
    target = row_of[col_ids]  # row i needs the row that determines unknown j first
    graph = sps.csr_matrix((np.ones(row_ids.size, dtype=np.int8), (row_ids, target)), shape=(n, n))
    count, label = connected_components(graph, directed=True, connection="strong")
    # the condensation: block label[i] needs block label[k]; Kahn's algorithm orders it
    a, b = label[row_ids], label[target]
    keep = a != b
    edges = (
        np.unique(np.stack([a[keep], b[keep]]), axis=1) if keep.any() else np.zeros((2, 0), dtype=np.int64)
    )
    waiting = np.bincount(edges[0], minlength=count)
    order_edges = np.argsort(edges[1], kind="stable")
    users_of, starts = edges[0][order_edges], np.searchsorted(edges[1][order_edges], np.arange(count + 1))
    ready = list(np.flatnonzero(waiting == 0))
    order = []
    waiting = waiting.tolist()
    while ready:
        blk = ready.pop()
        order.append(blk)
        for user in users_of[starts[blk] : starts[blk + 1]].tolist():
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    members: list[list[int]] = [[] for _ in range(count)]
    for i, blk in enumerate(label.tolist()):
        members[blk].append(i)
    matched = match.tolist()
    return [(members[blk], [matched[i] for i in members[blk]]) for blk in order]


#: Blocks of at least this many unknowns are first solved in floating point, rounded to simple
#: fractions and checked exactly (:func:`solve_exact`); smaller ones go straight to FLINT.
GUESS_BLOCK = 12

#: Blocks up to this size are solved in floating point by NumPy's dense LU, larger ones by SciPy's sparse LU.
DENSE_GUESS = 64

#: The largest denominator a floating-point solution is rounded to (continued fractions).
GUESS_DENOMINATOR = 10**7


def _guessed_block(local: list[dict[int, object]], right: list[list], width: int) -> list[list] | None:
    """The exact solution of one block if rounding its floating-point solution gives it, else None.

    ``local[r]`` is row ``r`` of the block (``{unknown: QQ}``), ``right[r]`` its right-hand sides.
    NumPy's or SciPy's LU solves the block in floating point; each value is rounded to a simple fraction
    (:func:`_simple_fractions`, denominator at most :data:`GUESS_DENOMINATOR`); the guess is
    returned only if it satisfies every equation *exactly* (rational arithmetic), so it is then the
    exact solution.  A block of more than :data:`DENSE_GUESS` unknowns whose solution is not simple
    fractions is solved by iterative refinement in integers instead (:func:`_refined_block`, with the
    same LU factors), also checked exactly.
    """
    import warnings

    import numpy as np

    m = len(local)
    simple = not any(QQ.denom(a) > GUESS_DENOMINATOR for line in right for a in line)
    if not simple and m <= DENSE_GUESS:
        return None  # the solution will not be simple fractions either (Leduc's bases): FLINT
    rows_i, cols_j, vals = [], [], []
    for r, line in enumerate(local):
        for k, b in line.items():
            rows_i.append(r)
            cols_j.append(k)
            vals.append(float(b))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            if m <= DENSE_GUESS:
                A = np.zeros((m, m))
                A[rows_i, cols_j] = vals
                lu_solve = lambda b: np.linalg.solve(A, b)  # noqa: E731
            else:
                import scipy.sparse as sps
                import scipy.sparse.linalg as spla

                factors = spla.splu(sps.csc_matrix((vals, (rows_i, cols_j)), shape=(m, m)))
                lu_solve = lambda b: np.asarray(factors.solve(b)).reshape(m, width)  # noqa: E731
            if simple:
                b = np.array([[float(a) for a in line] for line in right], dtype=float).reshape(m, width)
                z = lu_solve(b) if np.isfinite(b).all() else None
            else:
                z = None
        except (RuntimeError, ValueError, OverflowError, np.linalg.LinAlgError):  # singular, or huge
            return None
    if z is not None and np.isfinite(z).all():
        fractions = _simple_fractions(z.ravel())
        if fractions is not None:
            num, den = (a.reshape(m, width).tolist() for a in fractions)
            guess = [[QQ(a, b) for a, b in zip(na, da)] for na, da in zip(num, den)]
            if _satisfies(local, right, guess, width):
                return guess
    if m <= DENSE_GUESS:
        return None
    return _refined_block(local, right, width, lu_solve)


def _satisfies(local: list[dict[int, object]], right: list[list], z: list[list], width: int) -> bool:
    """Whether ``z`` satisfies every equation of the block exactly (rational arithmetic)."""
    zero = QQ(0)
    for r, line in enumerate(local):
        for c in range(width):
            if sum((b * z[k][c] for k, b in line.items()), zero) != right[r][c]:
                return False
    return True


#: Most rounds of iterative refinement in :func:`_refined_block` (each gains about 20 bits or more).
REFINE_ROUNDS = 16


def _refined_block(
    local: list[dict[int, object]], right: list[list], width: int, lu_solve
) -> list[list] | None:
    """The exact solution of one block by iterative refinement and rational reconstruction, or None.

    The rows are scaled to integers.  With ``x ~ N / D`` (integers ``N``, ``D = 2^e``) the residual
    ``r = D b - A N`` is computed *exactly* in integers, the correction ``A^{-1} r`` in floating point
    (``lu_solve``, the block's LU factors), scaled by a power of two so that its largest entry has
    about 40 bits, rounded to integers and added to ``N`` -- each round gains as many bits as the
    floating-point solve is accurate (Wan 2006, "An algorithm to solve integer linear systems exactly
    using numerical methods", J. Symbolic Comput. 41).  From 64 bits of ``D`` on, each entry is
    reconstructed as the simplest fraction near ``N / D`` (continued fractions, denominators up to
    about ``sqrt(D)``); the result is returned only if it satisfies every equation exactly.  So the
    solution's denominators may be large (one-card poker with 1,000 cards: billions), where
    :func:`_simple_fractions` needs them below :data:`GUESS_DENOMINATOR`.
    """
    import warnings

    import numpy as np

    m = len(local)
    rows: list[list[tuple[int, int]]] = []
    res: list[list[int]] = []
    scale = np.empty(m)
    for r, line in enumerate(local):
        d = math.lcm(*(int(QQ.denom(b)) for b in line.values()), *(int(QQ.denom(a)) for a in right[r]))
        rows.append([(k, int(QQ.numer(b)) * (d // int(QQ.denom(b)))) for k, b in line.items()])
        res.append([int(QQ.numer(a)) * (d // int(QQ.denom(a))) for a in right[r]])
        scale[r] = float(d)
    if not np.isfinite(scale).all():
        return None
    num = [[0] * width for _ in range(m)]
    den = 1
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for _ in range(REFINE_ROUNDS):
            try:
                rf = np.array(res, dtype=float).reshape(m, width) / scale[:, None]
                y = lu_solve(rf)
            except (RuntimeError, ValueError, OverflowError, np.linalg.LinAlgError):
                return None
            if not np.isfinite(y).all():
                return None
            big = float(np.abs(y).max(initial=0.0))
            if big == 0.0:  # the residual is zero: N / D is the exact solution
                return [[QQ(a, den) for a in line] for line in num]
            shift = 40 - math.frexp(big)[1]
            if shift < 1:
                return None  # the floating-point solve does not converge
            step = np.rint(np.ldexp(y, shift)).astype(np.int64).tolist()
            alpha = 1 << shift
            den *= alpha
            num = [[alpha * a + s for a, s in zip(line, steps)] for line, steps in zip(num, step)]
            new_res = []
            for line, coefficients in zip(res, rows):
                acc = [alpha * a for a in line]
                for k, b in coefficients:
                    s = step[k]
                    for c in range(width):
                        if s[c]:
                            acc[c] -= b * s[c]
                new_res.append(acc)
            res = new_res
            if den.bit_length() >= 64:
                guess = _reconstructed(num, den)
                if guess is not None and _satisfies(local, right, guess, width):
                    return guess
    return None


def _reconstructed(num: list[list[int]], den: int) -> list[list] | None:
    """Each ``a / den`` as the simplest fraction near it with denominator at most ``sqrt(den / 2^16)``,
    or None as soon as one needs a denominator above ``2^-8`` of that bound (``den`` is not yet
    precise enough to tell: :func:`_refined_block` refines further)."""
    bound = math.isqrt(den >> 16)
    sure = bound >> 8
    out = []
    for line in num:
        values = []
        for a in line:
            f = Fraction(a, den).limit_denominator(bound)
            if f.denominator > sure:
                return None
            values.append(QQ(f.numerator, f.denominator))
        out.append(values)
    return out


def _worth_guessing(m: int) -> bool:
    """Whether a block of ``m`` unknowns is first solved in floating point (:func:`_guessed_block`): from
    :data:`GUESS_BLOCK` unknowns, by NumPy up to :data:`DENSE_GUESS`, beyond only when SciPy is loaded
    anyway (a core larger than :data:`CORE_SPLIT`: importing it takes longer than FLINT's solve of a
    block of a few hundred)."""
    return GUESS_BLOCK <= m and (m <= DENSE_GUESS or m > CORE_SPLIT or "scipy.sparse.linalg" in sys.modules)


def _simple_fractions(x, steps: int = 40):
    """``(numerators, denominators)``: each float of the array ``x`` as the first convergent of its
    continued fraction within ``1e-11`` of it (relative), denominators at most
    :data:`GUESS_DENOMINATOR`; None if some float has no such convergent.  (All floats at once, in
    numpy: a guess, checked exactly by the caller.)"""
    import numpy as np

    with np.errstate(all="ignore"):
        x = np.asarray(x, dtype=float)
        if np.abs(x).max(initial=0.0) > 1e9:
            return None
        tol = 1e-11 * np.maximum(1.0, np.abs(x))
        a = np.floor(x)
        p0, q0 = np.ones_like(x), np.zeros_like(x)
        p1, q1 = a.copy(), np.ones_like(x)
        rest = x - a
        done = np.abs(x - p1) <= tol
        for _ in range(steps):
            if done.all():
                break
            live = ~done & (rest > 0)
            inverse = np.where(live, 1.0 / np.where(live, rest, 1.0), 0.0)
            a = np.floor(inverse)
            rest = np.where(live, inverse - a, rest)
            p2 = np.where(live, a * p1 + p0, p1)
            q2 = np.where(live, a * q1 + q0, q1)
            p0, q0, p1, q1 = p1, q1, p2, q2
            done |= np.abs(x - p1 / q1) <= tol
        if not done.all() or q1.max(initial=1.0) > GUESS_DENOMINATOR:
            return None
    return p1.astype(np.int64), q1.astype(np.int64)


def solve_exact(
    matrix: dict[int, dict[int, object]],
    n: int,
    rhs: dict[int, dict[int, object]],
    width: int,
    transpose: bool = False,
) -> dict[tuple[int, int], object]:
    """Solve ``B Z = R`` (or ``B^T Z = R``) exactly over the rationals, block by block.

    One :class:`ExactFactor` of ``B``, used once (see it for the method).

    Parameters
    ----------
    matrix : dict
        ``B`` as ``{row: {col: QQ}}``, shape ``(n, n)``, entries nonzero.
    n : int
        The size of ``B``.
    rhs : dict
        ``R`` as ``{row: {col: QQ}}``, shape ``(n, width)``.
    width : int
        The number of right-hand sides.
    transpose : bool
        Solve ``B^T Z = R`` instead.

    Returns
    -------
    dict
        ``{(row, col): QQ}``, the nonzero entries of ``Z``.

    Raises
    ------
    ZeroDivisionError
        If ``B`` is singular.
    """
    factor = ExactFactor(matrix, n)
    dense = {i: [r.get(k, QQ(0)) for k in range(width)] for i, r in rhs.items() if r}
    z = factor.solve_transpose(dense, width) if transpose else factor.solve(dense, width)
    return {(j, c): v for j, vals in z.items() for c, v in enumerate(vals) if v}


#: A core left by peeling singletons (:func:`elimination_order`) larger than this is split into its
#: strongly connected blocks (:func:`block_triangular_order`, with SciPy); a smaller one is one block.
CORE_SPLIT = 400


def _blocks(rows: dict[int, dict[int, object]], n: int) -> list[tuple[list[int], list[int]]]:
    """The blocks of :class:`ExactFactor`, in solving order: row singletons first, then the core (one
    block, or its strongly connected blocks when large), then the column singletons in reverse.

    Peeling is pure Python and finds most of the structure of a sequence-form basis; SciPy's graph
    routines are imported only for a large core.
    """
    try:
        forward, deferred, active, cols = elimination_order(rows, n)
    except ZeroDivisionError:
        raise ZeroDivisionError("singular matrix") from None
    blocks = [([i], [j]) for i, j in forward]
    if active:
        core_rows, core_cols = sorted(active), sorted(cols)
        if len(core_rows) > CORE_SPLIT:
            where = {j: k for k, j in enumerate(core_cols)}
            local = {r: {where[j]: 1 for j in active[i]} for r, i in enumerate(core_rows)}
            for part_rows, part_cols in block_triangular_order(local, len(core_rows)):
                blocks.append(([core_rows[r] for r in part_rows], [core_cols[c] for c in part_cols]))
        else:
            blocks.append((core_rows, core_cols))
    blocks.extend(([i], [j]) for i, j in reversed(deferred))
    return blocks


class ExactFactor:
    """A sparse square matrix ``B`` over ``QQ``, prepared for exact solves of ``B z = r`` and ``B^T z = r``.

    Sequence-form bases are sparse and nearly triangular.  The matrix is put in block triangular
    form (:func:`block_triangular_order`); a ``1 x 1`` block is one division, and each larger block
    is solved once the unknowns of the blocks before it are substituted: a block of
    :data:`GUESS_BLOCK` or more unknowns is first solved in floating point and rounded to simple
    fractions, kept if it satisfies the block's equations exactly, and otherwise (and every smaller
    block) solved densely by FLINT's ``fmpq_mat.solve``.  A 23,000 x 23,000 basis of Liar's Dice
    (six faces) has blocks of at most about a thousand unknowns, where one dense core would have
    thousands (5 s -> 0.4 s).  The transposed system is solved with the same blocks in the reverse
    order.  The results are exact either way: a rounded guess is only accepted after an exact
    check.  Preparing the blocks once serves every solve with the same matrix (the primal values
    and the duals of a basis, the simplex steps of :mod:`derive.solving.refinements.epsilon_lp`).

    Parameters
    ----------
    matrix : dict
        ``B`` as ``{row: {col: QQ}}``, shape ``(n, n)``; zero entries are ignored.
    n : int
        The size of ``B``.

    Raises
    ------
    ZeroDivisionError
        If ``B`` is structurally singular (a dense block that is singular raises it when solved).
    """

    def __init__(self, matrix: dict[int, dict[int, object]], n: int) -> None:
        rows: dict[int, dict[int, object]] = {}
        cols: dict[int, dict[int, object]] = {}
        for i, row in matrix.items():
            for j, v in row.items():
                if v:
                    rows.setdefault(i, {})[j] = v
                    cols.setdefault(j, {})[i] = v
        self.n, self.rows, self.cols = n, rows, cols
        self.blocks = _blocks(rows, n)
        #: The most unknowns of one block (1: the matrix is triangular up to permutation).
        self.largest_block = max((len(b[0]) for b in self.blocks), default=0)
        self._dense: dict[
            tuple[int, bool], object
        ] = {}  # (block, transposed) -> its FLINT matrix, when needed
        self._no_guess: set[tuple[int, bool]] = set()  # blocks whose rounded solution was not exact

    def _block_matrix(self, k: int, transpose: bool):
        import flint

        key = (k, transpose)
        if key not in self._dense:
            block_rows, unknowns = self.blocks[k]
            m = len(block_rows)
            where = {j: c for c, j in enumerate(unknowns)}
            B = flint.fmpq_mat(m, m)
            for r, i in enumerate(block_rows):
                for j, v in self.rows[i].items():
                    if j in where:
                        a, b = (where[j], r) if transpose else (r, where[j])
                        B[a, b] = flint.fmpq(int(QQ.numer(v)), int(QQ.denom(v)))
            self._dense[key] = B
        return self._dense[key]

    def solve(self, rhs: dict[int, list], width: int) -> dict[int, list]:
        """``z`` with ``B z = r``: ``rhs`` is ``{row: [QQ] * width}`` (missing rows are 0); returns
        ``{unknown: [QQ] * width}`` for every unknown.

        Raises
        ------
        ZeroDivisionError
            If a dense block is singular.
        """
        return self._run(rhs, width, False)

    def solve_transpose(self, rhs: dict[int, list], width: int) -> dict[int, list]:
        """``z`` with ``B^T z = r``: ``rhs`` is ``{column of B: [QQ] * width}``; returns ``{row of B: [QQ] * width}``.

        Raises
        ------
        ZeroDivisionError
            If a dense block is singular.
        """
        return self._run(rhs, width, True)

    def _run(self, rhs: dict[int, list], width: int, transpose: bool) -> dict[int, list]:
        zero = QQ(0)
        blank = [zero] * width
        value: dict[int, list] = {}
        lines = self.cols if transpose else self.rows  # equation -> {unknown: coefficient}
        order = range(len(self.blocks) - 1, -1, -1) if transpose else range(len(self.blocks))

        def residual(eq: int, skip) -> list:
            acc = rhs.get(eq)
            acc = list(acc) if acc is not None else list(blank)
            for k, b in lines[eq].items():
                if k not in skip:
                    x = value[k]
                    if width == 1:
                        if x[0]:
                            acc[0] -= b * x[0]
                    else:
                        for c in range(width):
                            if x[c]:
                                acc[c] -= b * x[c]
            return acc

        for k in order:
            block_rows, unknowns = self.blocks[k]
            equations, solved = (unknowns, block_rows) if transpose else (block_rows, unknowns)
            if len(equations) == 1:
                (eq,), (u,) = equations, solved
                pivot = lines[eq][u]
                value[u] = [a / pivot for a in residual(eq, (u,))]
                continue
            where = {u: c for c, u in enumerate(solved)}
            right_side = [residual(eq, where) for eq in equations]
            if _worth_guessing(len(equations)) and (k, transpose) not in self._no_guess:
                local = [{where[u]: b for u, b in lines[eq].items() if u in where} for eq in equations]
                guess = _guessed_block(local, right_side, width)
                if guess is not None:
                    for u, c in where.items():
                        value[u] = guess[c]
                    continue
                self._no_guess.add((k, transpose))  # not simple fractions: FLINT from now on
            value.update(self._dense_solve(k, transpose, solved, right_side, width))
        return value

    def _dense_solve(self, k: int, transpose: bool, solved: list[int], right_side: list[list], width: int):
        import flint

        B = self._block_matrix(k, transpose)
        m = len(solved)
        R = flint.fmpq_mat(m, width)
        for r, line in enumerate(right_side):
            for c, a in enumerate(line):
                if a:
                    R[r, c] = flint.fmpq(int(QQ.numer(a)), int(QQ.denom(a)))
        Z = B.solve(R)
        return {u: [QQ(int(Z[c, w].p), int(Z[c, w].q)) for w in range(width)] for c, u in enumerate(solved)}


def _peel(key, mine: dict, theirs: dict, queue: list):
    """Remove ``key`` (alone with one partner in ``mine``) and its partner; ``(key, partner)`` or None.

    ``mine`` and ``theirs`` are the two sides of the remaining sparsity pattern (rows -> columns
    and columns -> rows, or the other way round); sides left with one partner join ``queue``.

    Raises
    ------
    ZeroDivisionError
        If a side is left with no partner (the matrix is singular).
    """
    if key not in mine or len(mine[key]) != 1:
        return None
    (partner,) = mine.pop(key)
    for k in theirs.pop(partner):
        if k != key:
            mine[k].discard(partner)
            if len(mine[k]) == 1:
                queue.append(k)
            elif not mine[k]:
                raise ZeroDivisionError("singular matrix")
    return key, partner


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
