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

:func:`certified_supports` then decides, with exact certificates, which plans some optimal
strategy uses.  The LP itself (rows, HiGHS, the exact basis solve) is
:mod:`derive.solving.linear_program`; its names are also importable from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor, block_triangular_order, elimination_order, solve_exact
from derive.solving.linear_program import (
    Basis,
    ExactLPError,
    LinearProgram,
    basis_system,
    exact_lp,
    exact_lp_with_duals,
    highs_model,
    optimal_basis,
    quiet_highs,
    screen_lp,
    warm_bases,
)

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
