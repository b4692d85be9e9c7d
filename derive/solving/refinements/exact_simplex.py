"""The exact simplex method in the ordered field of polynomials in a small ε > 0.

:class:`StandardForm` holds a perturbed LP (:class:`~derive.solving.refinements.perturbed_lp.ParametricLP`)
with one slack per inequality row and pivots, exactly, from a starting basis (HiGHS's) to one whose
basic values and reduced costs have the right signs for all small ε: a polynomial's sign there is
that of its lowest nonzero coefficient (:func:`poly_sign`).  Its basis is factored once and updated
by each pivot (:class:`~derive.solving.refinements.basis_update.FactoredBasis`).  The search that
calls it, and the exact check of a basis without pivoting, are in
:mod:`derive.solving.refinements.epsilon_lp`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from itertools import chain

from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor
from derive.solving.lp import Basis, ExactLPError
from derive.solving.refinements.basis_update import REFACTOR, FactoredBasis, basis_block
from derive.solving.refinements.perturbed_lp import ParametricLP, Poly, evaluate, poly_sign

__all__ = [
    "MAX_PIVOTS",
    "PivotBudget",
    "PivotBudgetError",
    "Poly",
    "StandardForm",
    "evaluate",
    "poly_sign",
]

#: Most exact pivots from one starting basis (each costs a few exact solves).
MAX_PIVOTS = 150


class PivotBudgetError(ExactLPError):
    """The exact search for a basis optimal for all small ε used up its :class:`PivotBudget`."""


class PivotBudget:
    """How many exact steps (simplex pivots and exact checks of a basis) a search may take.

    Each step costs about one exact solve of the basis; :meth:`spend` raises
    :class:`PivotBudgetError` past ``limit`` (None: no limit), so that a search on a game whose bases
    HiGHS cannot resolve stops at a known cost instead of running for minutes.

    Parameters
    ----------
    limit : int or None
        The most steps.

    Attributes
    ----------
    used : int
        The steps taken so far.
    largest_block : int
        The most unknowns of one block of a basis solved so far (:meth:`note`).
    """

    def __init__(self, limit: int | None = None) -> None:
        self.limit, self.used = limit, 0
        #: The most unknowns of one dense block (:class:`~derive.solving.exact_solve.ExactFactor`) of a basis
        #: the search solved: what one exact step costs.
        self.largest_block = 0

    def note(self, factor: ExactFactor) -> None:
        """Record the size of the largest dense block of ``factor``, a basis the search solves."""
        self.note_block(factor.largest_block)

    def note_block(self, size: int) -> None:
        """Record ``size``, the most unknowns of one block of a basis the search solves."""
        self.largest_block = max(self.largest_block, size)

    def spend(self, what: str = "exact pivots") -> None:
        """Count one step; raise :class:`PivotBudgetError` (saying ``what``) past the limit."""
        self.used += 1
        if self.limit is not None and self.used > self.limit:
            raise PivotBudgetError(f"more than {self.limit} {what}")


class StandardForm:
    """``max c(ε)^T w`` s.t. ``A w = b(ε)``, ``w >= 0`` except free columns: ``lp`` with one slack per inequality row.

    The simplex method runs here exactly, in the ordered field of polynomials in ε (a polynomial
    is positive when it is positive for all small enough ε > 0).  It starts from HiGHS's basis,
    which is usually right already, and pivots (Bland's rule) only where HiGHS's tolerances
    hid terms of order ε², ε³ ...
    """

    def __init__(self, lp: ParametricLP):
        self.lp = lp
        self.width = len(lp.cost[0])
        self.slack_of: dict[int, int] = {}
        for r, (lo, hi) in enumerate(zip(lp.lower, lp.upper)):
            if lo is not None and hi is not None and lo != hi:
                raise ExactLPError("a ranged row in the perturbed LP (not expected)")
            if lo is None or hi is None:
                self.slack_of[r] = lp.ncols + len(self.slack_of)
        self.free = set(lp.free)
        self.nrows = len(lp.rows)
        # the factored final bases of successful searches, shared with the forms of :meth:`at`: the
        # exact optimum at ε₀ is where the search in the polynomials starts (:func:`_pivot_from`)
        self._finished: dict[tuple[int, ...], FactoredBasis] = {}

    # the LP's data in standard form, built when the simplex first needs it (often it never does)

    @cached_property
    def columns(self) -> list[dict[int, object]]:
        """Each column as ``{row: QQ}``: the LP's, then one slack per inequality row (``+1`` for an
        upper bound, ``-1`` for a lower one)."""
        columns: list[dict[int, object]] = [{} for _ in range(self.lp.ncols)]
        for r, row in enumerate(self.lp.rows):
            for c, v in row.items():
                columns[c][r] = v
        for r in self.slack_of:
            columns.append({r: QQ(1) if self.lp.upper[r] is not None else QQ(-1)})
        return columns

    @cached_property
    def rhs(self) -> list[list]:
        """Each row's right-hand side, a polynomial in ε."""
        return [list(hi if hi is not None else lo) for lo, hi in zip(self.lp.lower, self.lp.upper)]

    @cached_property
    def cost(self) -> list[list]:
        """Each column's cost, a polynomial in ε (0 for the slacks)."""
        return [list(c) for c in self.lp.cost] + [[QQ(0)] * self.width for _ in self.slack_of]

    def at(self, eps: object) -> StandardForm:
        """The same LP at ``ε = eps`` (right-hand sides and costs of degree 0), as
        ``StandardForm(lp.fixed(eps))`` but sharing this one's columns: its exact simplex runs in Q."""
        self.columns  # noqa: B018 (built here once, shared by the copy)
        fixed = object.__new__(StandardForm)
        fixed.__dict__.update(self.__dict__)
        fixed.width = 1
        fixed.rhs = [[evaluate(p, eps)] for p in self.rhs]
        fixed.cost = [[evaluate(p, eps)] for p in self.cost]
        return fixed

    def basis_from(self, basis: Basis) -> list[int] | None:
        """The standard-form basis of ``basis`` (None if an equality row is basic: a degenerate report)."""
        tight = {r for r, _ in basis.tight}
        loose = [r for r in range(self.nrows) if r not in tight]
        if any(r not in self.slack_of for r in loose):
            return None
        return list(basis.basic) + [self.slack_of[r] for r in loose]

    def crash_basis(self) -> list[int]:
        """A starting basis needing no LP solver: a slack for every inequality row and, for each
        equality row ``x_empty = 1`` or ``sum_a x_(I,a) - x_sigma(I) = 0``, its first column with
        coefficient 1 (the sequence form makes this block triangular, hence nonsingular)."""
        chosen: list[int] = []
        taken: set[int] = set()
        for r in range(self.nrows):
            if r in self.slack_of:
                chosen.append(self.slack_of[r])
                continue
            c = min(
                (
                    c
                    for c in range(self.lp.ncols)
                    if c not in taken and c not in self.free and self.columns[c].get(r) == 1
                ),
                default=None,
            )
            if c is None:
                return []
            chosen.append(c)
            taken.add(c)
        return chosen

    def _row_items(self, r: int) -> Iterable[tuple[int, object]]:
        """Row ``r``'s entries ``(column, QQ)``, its slack's included."""
        slack = self.slack_of.get(r)
        items = self.lp.rows[r].items()
        return items if slack is None else chain(items, ((slack, self.columns[slack][r]),))

    def _state(self, basic: list[int]) -> tuple:
        """``(factored basis, basic values, reduced costs of the nonbasic columns)`` of ``basic``, afresh.

        Raises
        ------
        ValueError, ZeroDivisionError
            If ``basic`` is not a basis.
        """
        factored = self._finished.pop(tuple(basic), None)
        if factored is None or factored.updates >= REFACTOR:
            factored = FactoredBasis(self.columns, self.nrows, self.lp.ncols, basic)
        xb = factored.ftran(self.rhs)
        pi = factored.btran([self.cost[c] for c in basic])
        in_basis = set(basic)
        reduced = {j: list(self.cost[j]) for j in range(len(self.columns)) if j not in in_basis}
        for r, line in enumerate(pi):  # d = c - A^T pi, row by row over the rows' nonzero duals
            terms = [(k, x) for k, x in enumerate(line) if x]
            if not terms:
                continue
            for c, v in self._row_items(r):
                d = reduced.get(c)
                if d is not None:
                    for k, x in terms:
                        d[k] -= x * v
        return factored, xb, reduced

    def _pivot_row(self, factored: FactoredBasis, k: int, reduced: dict) -> dict[int, object]:
        """Row ``k`` of ``B^-1 A`` at the nonbasic columns (``e_k^T B^-1 a_j`` for each ``j`` of ``reduced``)."""
        unit = [[QQ(0)] for _ in range(self.nrows)]
        unit[k][0] = QQ(1)
        row = factored.btran(unit)
        acc: dict[int, object] = {}
        for r, (y,) in enumerate(row):
            if y:
                for j, v in self._row_items(r):
                    acc[j] = acc[j] + y * v if j in acc else y * v
        zero = QQ(0)
        return {j: acc.get(j, zero) for j in reduced}

    def _pivot(self, state: tuple, basic: list[int], k: int, j: int, alpha, row) -> None:
        """Column ``j`` enters at basis position ``k``: update ``basic`` and ``state`` (:meth:`_state`) in place.

        ``alpha`` is ``B^-1 a_j`` and ``row`` the pivot row (:meth:`_pivot_row`), each computed here
        if None.  The basic values and the reduced costs follow by the usual updates
        (``x_k <- x_k / α_k``, ``x_i <- x_i - α_i x_k``; ``d <- d - (d_j / α_k) row``), exactly.
        """
        factored, xb, reduced = state
        if alpha is None:
            alpha = factored.ftran([[v] for v in self._dense(j)])
        if row is None:
            row = self._pivot_row(factored, k, reduced)
        pivot = alpha[k][0]
        theta = [v / pivot for v in xb[k]]
        for i, (a,) in enumerate(alpha):
            if a and i != k:
                xb[i] = [x - a * t for x, t in zip(xb[i], theta)]
        xb[k] = theta
        step = [v / pivot for v in reduced.pop(j)]
        for c, a in row.items():
            if a and c != j:
                reduced[c] = [d - a * t for d, t in zip(reduced[c], step)]
        reduced[basic[k]] = [-t for t in step]  # the leaving column: its row entry is 1
        basic[k] = j
        factored.replace(k, alpha)

    def solve_from(
        self, basic: list[int], max_pivots: int = MAX_PIVOTS, budget: PivotBudget | None = None
    ) -> tuple[list[list] | None, int, list[int]]:
        """Pivot from ``basic`` to a basis optimal for all small ε.

        A primal simplex step where only the costs are wrong, a dual simplex step where only the
        bounds are, and, once both are wrong at the same basis, Terlaky's least-index criss-cross
        method (1985) from then on, which needs neither a feasible start nor a phase 1.  The basis
        is factored once and then updated by each pivot (:class:`FactoredBasis`, afresh every
        :data:`~derive.solving.refinements.basis_update.REFACTOR` pivots), as are its basic values and
        reduced costs.

        Returns ``(w(ε), 0, final basis)`` on success, else ``(None, k, last basis)`` with ``k`` the
        number of violated optimality conditions at ``basic`` (how far HiGHS's basis is from the answer).
        """
        basic = list(basic)
        if len(basic) != self.nrows:
            return None, 10**9, basic
        violations = None
        criss_cross = False
        state = None
        for _ in range(max_pivots + 1):
            if budget is not None:
                budget.spend()
            if state is None or state[0].updates >= REFACTOR:
                try:
                    state = self._state(basic)
                except (ValueError, ZeroDivisionError):
                    return None, 10**9, basic
            if budget is not None:  # the cost report: the largest block of this basis, factored afresh
                fresh = state[0].updates == 0
                budget.note_block(
                    state[0].largest_block
                    if fresh
                    else basis_block(self.columns, self.nrows, self.lp.ncols, basic)
                )
            factored, xb, reduced = state
            infeasible = [k for k, c in enumerate(basic) if c not in self.free and poly_sign(xb[k]) < 0]
            entering = [
                j
                for j, d in sorted(reduced.items())
                if (poly_sign(d) != 0 if j in self.free else poly_sign(d) > 0)
            ]
            if not infeasible and not entering:
                w = [[QQ(0)] * self.width for _ in self.columns]
                for k, c in enumerate(basic):
                    w[c] = xb[k]
                self._finished[tuple(basic)] = factored
                return w, 0, basic
            if violations is None:
                violations = len(infeasible) + len(entering)
            if max_pivots == 0:
                return None, violations, basic
            if criss_cross or (infeasible and entering):
                criss_cross = True
                move = self._criss_cross_step(factored, basic, infeasible, entering, reduced)
                if move is None:
                    return None, violations, basic
                self._pivot(state, basic, *move)
                continue
            if entering:  # primal simplex step (Bland: smallest entering index, smallest leaving column)
                j = entering[0]
                direction = 1 if poly_sign(reduced[j]) > 0 else -1
                alpha = factored.ftran([[v] for v in self._dense(j)])
                best = None
                for k, c in enumerate(basic):
                    a = alpha[k][0] * direction
                    if c in self.free or a <= 0:
                        continue
                    ratio = [v / a for v in xb[k]]
                    key = (ratio, c)
                    if (
                        best is None
                        or poly_sign([u - v for u, v in zip(ratio, best[0])]) < 0
                        or (poly_sign([u - v for u, v in zip(ratio, best[0])]) == 0 and c < best[1])
                    ):
                        best = (*key, k)
                if best is None:
                    return None, violations, basic  # unbounded: cannot happen for these LPs
                self._pivot(state, basic, best[2], j, alpha, None)
                continue
            # dual simplex step: a basic variable is negative; it leaves
            k = min(infeasible, key=lambda t: basic[t])
            row = self._pivot_row(factored, k, reduced)
            best = None
            for j, d in sorted(reduced.items()):
                a = row[j]
                if a == 0:
                    continue
                if j in self.free:
                    if poly_sign(d) == 0:
                        best = ([QQ(0)] * self.width, j)
                        break
                    continue
                if a >= 0:
                    continue
                ratio = [v / a for v in d]  # d <= 0 and a < 0: a nonnegative ratio
                if best is None or poly_sign([u - v for u, v in zip(ratio, best[0])]) < 0:
                    best = (ratio, j)
            if best is None:
                return None, violations, basic  # primal infeasible: cannot happen for these LPs
            self._pivot(state, basic, k, best[1], None, row)
        return None, violations, basic

    def _criss_cross_step(self, factored, basic, infeasible, entering, reduced):
        """One least-index criss-cross pivot (Terlaky 1985) as ``(position, entering column, α, pivot
        row)`` for :meth:`_pivot` (α or the row None where not computed); None if the LP is infeasible
        or unbounded."""
        leaving_candidates = {basic[k]: k for k in infeasible}
        r = min([*leaving_candidates, *entering])
        if r in leaving_candidates:  # a negative basic variable leaves; the least eligible column enters
            k = leaving_candidates[r]
            row = self._pivot_row(factored, k, reduced)
            for j in sorted(reduced):
                a = row[j]
                if (j in self.free and a != 0) or a < 0:
                    return k, j, None, row
            return None
        # a column with the wrong reduced cost enters; the least eligible basic column leaves
        direction = 1 if poly_sign(reduced[r]) > 0 else -1
        alpha = factored.ftran([[v] for v in self._dense(r)])
        eligible = [(c, k) for k, c in enumerate(basic) if c not in self.free and alpha[k][0] * direction > 0]
        if not eligible:
            return None
        return min(eligible)[1], r, alpha, None

    def _dense(self, j: int) -> list:
        out = [QQ(0)] * self.nrows
        for r, v in self.columns[j].items():
            out[r] = v
        return out
