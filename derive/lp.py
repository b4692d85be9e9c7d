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
from sympy.polys.matrices import DomainMatrix

__all__ = [
    "ExactLPError",
    "MaximinSolution",
    "best_response_value",
    "maximin",
    "quiet_highs",
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
    totals: dict[int, object] = {}
    for i, row in entries.items():
        xi = x[i]
        if xi:
            for j, v in row.items():
                totals[j] = totals.get(j, QQ(0)) + xi * v
    pick = max if maximize else min
    return sum((pick(totals.get(j, QQ(0)) for j in group) for group in col_groups), QQ(0))


@dataclass(frozen=True)
class MaximinSolution:
    """An exact optimal strategy of the row player and the exact game value."""

    strategy: tuple[object, ...]
    value: object


def _transpose_negated(entries: Matrix) -> Matrix:
    out: Matrix = {}
    for i, row in entries.items():
        for j, v in row.items():
            out.setdefault(j, {})[i] = -v
    return out


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
    y = _solve_side(_transpose_negated(entries), shape[::-1], col_groups, row_groups)
    lower = best_response_value(entries, x, col_groups)
    upper = best_response_value(_transpose_negated(entries), y, row_groups)
    upper = -upper
    if lower != upper:
        raise ExactLPError(f"exact certificate failed: best-response values {lower} and {upper} differ")
    return MaximinSolution(tuple(x), lower), MaximinSolution(tuple(y), upper)


def _solve_side(
    entries: Matrix,
    shape: tuple[int, int],
    row_groups: Sequence[Sequence[int]],
    col_groups: Sequence[Sequence[int]],
) -> list[object]:
    import highspy

    m0, m1 = shape
    nq = len(col_groups)
    ncols = m0 + nq
    # Rows: one equality per row group, then one inequality per column plan.
    rows: list[dict[int, object]] = []
    lower: list[object] = []
    upper: list[object] = []
    for group in row_groups:
        rows.append({i: QQ(1) for i in group})
        lower.append(QQ(1))
        upper.append(QQ(1))
    by_col: dict[int, dict[int, object]] = {}
    for i, row in entries.items():
        for j, v in row.items():
            by_col.setdefault(j, {})[i] = v
    for t, group in enumerate(col_groups):
        for j in group:
            r = {i: -v for i, v in by_col.get(j, {}).items()}
            r[m0 + t] = QQ(1)
            rows.append(r)
            lower.append(None)
            upper.append(QQ(0))

    inf = highspy.kHighsInf
    with quiet_highs():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("random_seed", 0)
    lp = highspy.HighsLp()
    lp.num_col_ = ncols
    lp.num_row_ = len(rows)
    lp.col_cost_ = [0.0] * m0 + [1.0] * nq
    lp.col_lower_ = [0.0] * m0 + [-inf] * nq
    lp.col_upper_ = [inf] * ncols
    lp.row_lower_ = [-inf if b is None else float(b) for b in lower]
    lp.row_upper_ = [float(b) for b in upper]
    lp.sense_ = highspy.ObjSense.kMaximize
    columns: list[list[tuple[int, float]]] = [[] for _ in range(ncols)]
    for r, row in enumerate(rows):
        for c, v in row.items():
            columns[c].append((r, float(v)))
    start, index, value = [0], [], []
    for col in columns:
        for r, v in col:
            index.append(r)
            value.append(v)
        start.append(len(index))
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = start
    lp.a_matrix_.index_ = index
    lp.a_matrix_.value_ = value
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise ExactLPError(f"HiGHS did not find an optimum: {h.modelStatusToString(h.getModelStatus())}")
    basis = h.getBasis()
    col_status = list(basis.col_status)
    row_status = list(basis.row_status)
    basic_cols = [c for c in range(ncols) if col_status[c] == highspy.HighsBasisStatus.kBasic]
    tight_rows = [r for r in range(len(rows)) if row_status[r] != highspy.HighsBasisStatus.kBasic]
    if len(basic_cols) != len(tight_rows):
        raise ExactLPError("HiGHS returned an invalid basis")
    fixed: dict[int, object] = {}
    basic_set = set(basic_cols)
    for c in range(ncols):
        if c in basic_set:
            continue
        status = col_status[c]
        fixed[c] = QQ(0)  # x at its lower bound 0; a free q nonbasic at 0
        if status == highspy.HighsBasisStatus.kUpper:
            raise ExactLPError("unexpected nonbasic column at an upper bound")
    position = {c: k for k, c in enumerate(basic_cols)}
    mat: dict[int, dict[int, object]] = {}
    rhs: dict[int, dict[int, object]] = {}
    for k, r in enumerate(tight_rows):
        status = row_status[r]
        bound = lower[r] if status == highspy.HighsBasisStatus.kLower and lower[r] is not None else upper[r]
        b = bound
        line: dict[int, object] = {}
        for c, v in rows[r].items():
            if c in position:
                line[position[c]] = v
            else:
                b = b - v * fixed[c]
        if line:
            mat[k] = line
        if b:
            rhs[k] = {0: b}
    n = len(basic_cols)
    if n:
        A = DomainMatrix(mat, (n, n), QQ)
        bvec = DomainMatrix(rhs, (n, 1), QQ)
        try:
            z = A.lu_solve(bvec).to_dok()
        except (ValueError, ZeroDivisionError) as exc:
            raise ExactLPError(f"the basis from HiGHS is singular in exact arithmetic: {exc}") from None
    else:
        z = {}
    values = [fixed.get(c, QQ(0)) for c in range(ncols)]
    for c, k in position.items():
        values[c] = z.get((k, 0), QQ(0))
    x = values[:m0]
    if any(v < 0 for v in x):
        raise ExactLPError("the exact basic solution has a negative probability")
    for group in row_groups:
        if sum((x[i] for i in group), QQ(0)) != 1:
            raise ExactLPError("the exact basic solution is not a distribution")
    return x


def to_fraction(value: object) -> Fraction:
    """Convert a ``QQ`` element to :class:`fractions.Fraction`."""
    return Fraction(int(QQ.numer(value)), int(QQ.denom(value)))
