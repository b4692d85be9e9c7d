"""An exact simplex method over polynomials in ε: linear programs whose data are polynomials in a
small ε > 0, solved for all small ε at once.

A basis is *stable* if it is optimal for every small enough ε: its basic values and reduced costs,
rational functions of ε found by exact solves, have the right signs as ε → 0 (decided by the lowest
power with a non-zero coefficient).  HiGHS proposes a basis at a trial ε₀ (:data:`TRIAL_EPSILONS`);
exact pivots (:class:`~derive.solving.refinements.exact_simplex.StandardForm`, at most
:data:`~derive.solving.refinements.exact_simplex.MAX_PIVOTS`) finish from there.  The method
follows the basis-stability argument of Miltersen & Sørensen (2010); its use for
quasi-perfect equilibria is :mod:`derive.solving.refinements.quasi_perfect`.
"""

from __future__ import annotations

import sympy as sp
from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor
from derive.solving.lp import Basis, ExactLPError, basis_system, optimal_basis, warm_bases
from derive.solving.refinements.exact_simplex import MAX_PIVOTS, PivotBudget, PivotBudgetError, StandardForm
from derive.solving.refinements.perturbed_lp import ParametricLP, Poly, evaluate, monomial, poly_sign

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
