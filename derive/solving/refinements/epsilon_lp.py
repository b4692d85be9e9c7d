"""An exact simplex method over polynomials in ε: linear programs whose data are polynomials in a
small ε > 0, solved for all small ε at once.

A basis is *stable* if it is optimal for every small enough ε: its basic values and reduced costs,
rational functions of ε found by exact solves, have the right signs as ε → 0 (decided by the lowest
power with a non-zero coefficient).  HiGHS proposes a basis at a trial ε₀ (:data:`TRIAL_EPSILONS`);
exact pivots (:class:`StandardForm`, at most :data:`MAX_PIVOTS`) finish from there.  The method
follows the basis-stability argument of Miltersen & Sørensen (2010); its use for
quasi-perfect equilibria is :mod:`derive.solving.refinements.quasi_perfect`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import chain

import sympy as sp
from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor
from derive.solving.lp import Basis, ExactLPError, LinearProgram, basis_system, optimal_basis, warm_bases
from derive.solving.refinements.basis_update import REFACTOR, FactoredBasis, basis_block

__all__ = [
    "EPSILON",
    "MAX_PIVOTS",
    "PIVOT_STARTS",
    "POLISH_PIVOTS",
    "PivotBudget",
    "PivotBudgetError",
    "QUICK_CHECKS",
    "TRIAL_EPSILONS",
    "WARM_EPSILONS",
    "WARM_PIVOTS",
    "WARM_STARTS",
    "ParametricLP",
    "Poly",
    "StandardForm",
    "evaluate",
    "monomial",
    "nonnegative_near_zero",
    "poly_sign",
    "search_basis",
    "stable_solution",
    "to_expr",
]

#: The perturbation: sequences of length k are played with probability at least ε**k.
EPSILON = sp.Symbol("varepsilon", positive=True)

#: How many of HiGHS's candidate bases are only checked before pivoting from the nearest one.
QUICK_CHECKS = 3

#: How many candidate bases the exact simplex starts from (the nearest ones), before the crash basis.
PIVOT_STARTS = 2

#: Most exact pivots (in Q) from HiGHS's basis to the exact optimum at its own ε₀.
POLISH_PIVOTS = 100

#: The values of ε₀ at which HiGHS is asked for a candidate basis, in the order tried.  Too large an
#: ε₀ gives a basis that is optimal there but not as ε → 0; too small a one is lost in HiGHS's
#: tolerances (ε₀³ next to 1).  Each candidate is tested exactly, so the order only affects speed:
#: the middle of the range works most often.
TRIAL_EPSILONS = tuple(QQ(1, d) for d in (330, 150, 1000, 70, 2200, 40, 500, 5000, 20, 100, 10, 10**4, 10**5))

#: Most exact pivots from one starting basis (each costs a few exact solves).
MAX_PIVOTS = 150

Poly = list  # coefficients in QQ, lowest power first, fixed length (the largest sequence length + 1)


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


def monomial(power: int, degree: int) -> Poly:
    out = [QQ(0)] * (degree + 1)
    out[power] = QQ(1)
    return out


def evaluate(poly: Poly, eps: object) -> object:
    total = QQ(0)
    for c in reversed(poly):
        total = total * eps + c if total else c
    return total


@dataclass
class ParametricLP:
    """``max c(ε)^T z`` s.t. ``lower_r(ε) <= A_r z <= upper_r(ε)``, ``z >= 0`` except free columns."""

    ncols: int
    rows: list[dict[int, object]]
    lower: list[Poly | None]
    upper: list[Poly | None]
    cost: list[Poly]
    free: set[int]

    def at(self, eps: object) -> tuple[LinearProgram, dict[int, object]]:
        """The LP at ``ε = eps``: ``(program, cost)`` with exact ``QQ`` data."""
        powers = [QQ(1)]
        for _ in range(len(self.cost[0]) - 1 if self.cost else 0):
            powers.append(powers[-1] * eps)
        known: dict[int, object] = {}  # many bounds are the same list object (or equal)

        def value(poly):
            if poly is None:
                return None
            key = id(poly)
            if key not in known:
                total = QQ(0)
                for c, power in zip(poly, powers):
                    if c:
                        total += c * power
                known[key] = total
            return known[key]

        prog = LinearProgram(
            self.ncols, list(self.rows), [value(lo) for lo in self.lower], [], set(self.free)
        )
        prog.upper = [value(hi) for hi in self.upper]
        cost = {c: value(p) for c, p in enumerate(self.cost)}
        return prog, {c: v for c, v in cost.items() if v}

    def at_each(self, epsilons: Iterable[object]) -> Iterator[tuple[LinearProgram, dict[int, object]]]:
        """:meth:`at` for each of ``epsilons`` in turn (lazily), the same programs: the nonzero terms of
        each polynomial of the bounds and costs are found once (a bound shared by two rows once), not
        once per ε.  (Polynomials are told apart by identity: hashing rationals is slow.)"""
        index: dict[int, int] = {}
        terms: list[list[tuple[object, int]]] = []

        def slot(poly: Poly | None) -> int | None:
            if poly is None:
                return None
            key = id(poly)
            if key not in index:
                index[key] = len(terms)
                terms.append([(c, d) for d, c in enumerate(poly) if c])
            return index[key]

        lower = [slot(p) for p in self.lower]
        upper = [slot(p) for p in self.upper]
        cost = [slot(p) for p in self.cost]
        zero = QQ(0)
        for eps in epsilons:
            powers = [QQ(1)]
            for _ in range(len(self.cost[0]) - 1 if self.cost else 0):
                powers.append(powers[-1] * eps)
            values = []
            for line in terms:
                total = zero
                for c, d in line:
                    total += c * powers[d]
                values.append(total)
            prog = LinearProgram(
                self.ncols,
                list(self.rows),
                [None if k is None else values[k] for k in lower],
                [],
                set(self.free),
            )
            prog.upper = [None if k is None else values[k] for k in upper]
            yield prog, {c: values[k] for c, k in enumerate(cost) if values[k]}

    def fixed(self, eps: object) -> ParametricLP:
        """The same LP at ``ε = eps`` (every polynomial of degree 0): its exact simplex runs in Q."""

        def value(poly: Poly | None) -> Poly | None:
            return None if poly is None else [evaluate(poly, eps)]

        return ParametricLP(
            self.ncols,
            self.rows,
            [value(p) for p in self.lower],
            [value(p) for p in self.upper],
            [value(p) for p in self.cost],
            self.free,
        )


def poly_sign(poly) -> int:
    """Sign of a polynomial for all small enough ε > 0: the sign of its lowest nonzero coefficient."""
    for c in poly:
        if c != 0:
            return 1 if c > 0 else -1
    return 0


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


def nonnegative_near_zero(poly: Poly) -> bool:
    """Whether the polynomial is ``>= 0`` for every small enough ε > 0 (lowest nonzero coefficient)."""
    return poly_sign(poly) >= 0


def stable_solution(
    lp: ParametricLP, basis: Basis, budget: PivotBudget | None = None
) -> tuple[list[Poly] | None, int]:
    """The basic solution as polynomials in ε if ``basis`` is optimal for all small ε > 0.

    Returns ``(z(ε), 0)``, or ``(None, k)`` with ``k`` the number of violated conditions.  (The
    same test as :class:`StandardForm`, on the smaller system of the tight rows only.)  The basis's
    largest block is recorded in ``budget`` (:meth:`PivotBudget.note`), if given.
    """
    width = len(lp.cost[0])
    n = len(basis.basic)
    position, mat, bounds = basis_system(lp.rows, lp.lower, lp.upper, basis)
    z_poly = [[QQ(0)] * width for _ in range(lp.ncols)]
    pi = [[QQ(0)] * width for _ in range(n)]
    if n:
        cost_b = {k: list(lp.cost[col]) for col, k in position.items() if any(lp.cost[col])}
        try:
            factor = ExactFactor(mat, n)
            if budget is not None:
                budget.note(factor)
            z = factor.solve({k: list(bound) for k, bound in enumerate(bounds) if any(bound)}, width)
            dual = factor.solve_transpose(cost_b, width)
        except (ValueError, ZeroDivisionError):
            return None, 10**9
        for k, v in z.items():
            z_poly[basis.basic[k]] = list(v)
        for k, v in dual.items():
            pi[k] = list(v)
    bad = 0
    # primal feasibility: basic columns >= 0, rows that are not tight within their bounds
    for c in basis.basic:
        if c not in lp.free and not nonnegative_near_zero(z_poly[c]):
            bad += 1
    tight_rows = {r for r, _ in basis.tight}
    nonzero = {c: [(d, x) for d, x in enumerate(z_poly[c]) if x] for c in basis.basic}
    nonzero = {c: terms for c, terms in nonzero.items() if terms}
    zero = QQ(0)
    basic_nonzero = nonzero.keys()
    for r, row in enumerate(lp.rows):
        if r in tight_rows:
            continue
        act = [zero] * width
        for c in row.keys() & basic_nonzero:  # the row's basic columns that are not 0
            v = row[c]
            for d, x in nonzero[c]:
                act[d] += v * x
        if lp.upper[r] is not None and not nonnegative_near_zero([u - a for u, a in zip(lp.upper[r], act)]):
            bad += 1
        if lp.lower[r] is not None and not nonnegative_near_zero([a - lo for a, lo in zip(act, lp.lower[r])]):
            bad += 1
    # dual feasibility (maximisation): row duals of the right sign, reduced costs <= 0 (= 0 if free)
    for k, (r, at_lower) in enumerate(basis.tight):
        if lp.lower[r] is not None and lp.lower[r] == lp.upper[r]:
            continue
        sign = -1 if at_lower else 1
        if not nonnegative_near_zero([sign * c for c in pi[k]]):
            bad += 1
    reduced = [list(p) for p in lp.cost]
    for k, (r, _) in enumerate(basis.tight):
        terms = [(d, x) for d, x in enumerate(pi[k]) if x]
        if not terms:
            continue
        if len(terms) == 1:  # the common case: one power of ε
            ((d, x),) = terms
            for c, v in lp.rows[r].items():
                reduced[c][d] -= x * v
            continue
        for c, v in lp.rows[r].items():
            line = reduced[c]
            for d, x in terms:
                line[d] -= x * v
    for c in range(lp.ncols):
        if c in position:
            continue
        if c in lp.free:
            bad += any(reduced[c])
        elif poly_sign(reduced[c]) > 0:  # not <= 0 for all small ε
            bad += 1
    return (z_poly, 0) if bad == 0 else (None, bad)


#: Most exact pivots from a warm-started basis, at ε₀ and then in the polynomials (it is usually a few
#: pivots from the answer; past this the next candidate is tried).
WARM_PIVOTS = 30

#: How many of the warm-started bases (the last ones, at the smallest ε₀) are tried.
WARM_STARTS = 3

#: The ε₀ HiGHS follows, warm-started, before the exact check (:func:`search_basis`): large enough at
#: first for HiGHS to see every power of ε, then down to where the basis no longer changes.
WARM_EPSILONS = tuple(QQ(1, d) for d in (20, 30, 45, 70, 100, 150, 220, 330))


def _pivot_from(lp, standard: StandardForm, eps0, start, polish: int, pivots: int, budget):
    """``z(ε)`` by exact pivots from HiGHS's basis ``start`` at ``ε₀``, or None.

    HiGHS's basis is optimal at ``ε₀`` only within its tolerances, which hide ``ε₀³``, ``ε₀⁴`` ...:
    first the exact optimum at ``ε₀`` (at most ``polish`` pivots in Q), then at most ``pivots``
    pivots in the polynomials from there (from ``start`` if the first step failed).
    """
    exact, _, polished = standard.at(eps0).solve_from(start, polish, budget)
    z, _, _ = standard.solve_from(polished if exact is not None else start, pivots, budget)
    return z


def _warm_search(lp: ParametricLP, standard: StandardForm, budget: PivotBudget | None = None):
    """``(ε₀, z(ε))`` from HiGHS's warm-started bases at :data:`WARM_EPSILONS`, or None.

    The bases at the last :data:`WARM_STARTS` values of ε₀ are checked exactly, the smallest ε₀
    first; if none is optimal for all small ε, each is finished by at most :data:`WARM_PIVOTS`
    exact pivots at ε₀ (in Q) and as many in the polynomials, the one with the fewest violated
    conditions first.
    """
    bases = [
        (eps0, basis)
        for eps0, basis in zip(WARM_EPSILONS, warm_bases(lp.at_each(WARM_EPSILONS)))
        if basis is not None
    ]
    starts = []
    checked: dict[Basis, tuple] = {}  # the basis often settles before the last ε₀: checked once
    for rank, (eps0, basis) in enumerate(reversed(bases[-WARM_STARTS:])):
        if budget is not None:
            budget.spend()
        if basis not in checked:
            checked[basis] = stable_solution(lp, basis, budget)
        z, violations = checked[basis]
        if z is not None:
            return eps0, z
        start = standard.basis_from(basis)
        if start is not None:
            starts.append((violations, rank, eps0, start))
    for _, _, eps0, start in sorted(starts):
        z = _pivot_from(lp, standard, eps0, start, WARM_PIVOTS, WARM_PIVOTS, budget)
        if z is not None:
            return eps0, z[: lp.ncols]
    return None


def to_expr(poly: Poly) -> sp.Expr:
    return sp.Add(*(QQ.to_sympy(c) * EPSILON**d for d, c in enumerate(poly) if c))


def search_basis(lp: ParametricLP, standard: StandardForm, budget: PivotBudget | None = None):
    """``(ε₀, z(ε))`` from the first HiGHS basis proved optimal for all small ε, pivoting if needed.

    First HiGHS follows the LP down the ε₀ of :data:`WARM_EPSILONS`, each solve warm-started from
    the last basis (:func:`derive.solving.lp.warm_bases`): the basis settles as ε₀ shrinks, and the
    last one is checked exactly and, if it is not yet optimal for all small ε, finished by exact
    pivots (usually a few).  If that fails: the candidates of :data:`TRIAL_EPSILONS`, solved
    afresh; the first :data:`QUICK_CHECKS` are only checked, then the exact simplex method starts
    from the one with the fewest violated conditions, and again after each further candidate;
    last, from a crash basis (``ε₀`` is then None).  Returns None if nothing worked.

    Raises
    ------
    PivotBudgetError
        If the search takes more exact steps than ``budget`` allows.
    """
    found = _warm_search(lp, standard, budget)
    if found is not None:
        return found
    candidates = []
    tried_pivots = set()
    for k, eps0 in enumerate(TRIAL_EPSILONS):
        prog, cost = lp.at(eps0)
        try:
            basis = optimal_basis(prog, cost, maximize=True, strict=False)
        except ExactLPError:
            continue
        if budget is not None:
            budget.spend()
        z, violations = stable_solution(lp, basis, budget)
        if z is not None:
            return eps0, z
        start = standard.basis_from(basis)
        if start is not None:
            candidates.append((violations, k, eps0, start))
        if k + 1 >= QUICK_CHECKS and len(tried_pivots) < PIVOT_STARTS:
            for _, key, eps_start, begin in sorted(candidates):
                if key in tried_pivots:
                    continue
                tried_pivots.add(key)
                z = _pivot_from(lp, standard, eps_start, begin, POLISH_PIVOTS, MAX_PIVOTS, budget)
                if z is not None:
                    return eps_start, z[: lp.ncols]
                break
    # no usable basis from HiGHS (e.g. it reports an equality row as basic): start from a crash basis
    z, _, _ = standard.solve_from(standard.crash_basis(), MAX_PIVOTS, budget)
    if z is not None:
        return None, z[: lp.ncols]
    return None
