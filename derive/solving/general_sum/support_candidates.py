"""One solution of a support profile's equations, decided exactly: the equilibria it gives, verified,
a proof that it gives none, or the reason it stays undecided.

:func:`derive.solving.general_sum.support_enumeration.support_enumeration` solves each support
profile's indifference equations and hands every solution to :func:`candidate_equilibria`.  A point
is checked against its inequalities and by the independent exact NashConv; a family in one free
probability gets its exact range from sympy's inequality solver; a family in several gets the
polytope of its linear inequalities (cddlib), a witness point where every inequality holds, and the
check of its whole closure by :func:`~derive.verification.profile_family.check_profile_family`.
The records it returns, :class:`SupportEquilibrium` and :class:`UndecidedSupport`, are the
enumeration's results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.families.polytope import normalised

__all__ = ["SupportContext", "SupportEquilibrium", "UndecidedSupport", "candidate_equilibria"]


@dataclass(frozen=True)
class SupportEquilibrium:
    """The equilibria with one support profile: a point, or a family in free probabilities, verified.

    Attributes
    ----------
    supports : tuple of tuple of str
        Each player's strategies played with positive probability.
    strategies : tuple of dict
        Each player's mixed strategy, ``reduced strategy label -> exact expression`` (algebraic
        numbers, or expressions in :attr:`parameters`); strategies outside the support have 0.
    parameters : tuple of sympy.Symbol
        Free probabilities (empty for an isolated equilibrium).
    ranges : tuple of sympy.Set
        For one parameter, the set of its values giving equilibria (open at the ends where a
        probability vanishes: those ends are equilibria with smaller supports, listed on their own);
        empty when there is no parameter.
    conditions : tuple of sympy relationals
        For two or more parameters, the inequalities that define the family: the irredundant
        linear ones (strict where a probability must stay positive) and the curved ones.
    payoffs : tuple of sympy.Expr
        Each player's payoff.
    witness : dict
        A point of the family, ``{parameter: exact value}``, where every inequality was checked
        exactly and NashConv is 0 (empty for an isolated equilibrium).
    verification : str
        How the members of the family were verified beyond the witness, in one sentence
        (``"exact NashConv 0"`` for an isolated equilibrium).
    """

    supports: tuple[tuple[str, ...], ...]
    strategies: tuple[dict[str, sp.Expr], ...]
    parameters: tuple[sp.Symbol, ...]
    ranges: tuple[sp.Set, ...]
    conditions: tuple[sp.Basic, ...]
    payoffs: tuple[sp.Expr, ...]
    witness: dict = field(default_factory=dict)
    verification: str = ""

    @property
    def is_isolated(self) -> bool:
        """Whether this is a single equilibrium (no free probability)."""
        return not self.parameters


@dataclass(frozen=True)
class UndecidedSupport:
    """A support profile whose equations have a solution that could not be shown to be an equilibrium.

    Attributes
    ----------
    supports : tuple of tuple of str
    strategies : tuple of dict
        The candidate mixed strategies, in :attr:`parameters`.
    parameters : tuple of sympy.Symbol
    conditions : tuple of sympy relationals
        The inequalities the candidate needs (not simplified).
    reason : str
        Why it is not listed as an equilibrium.
    """

    supports: tuple[tuple[str, ...], ...]
    strategies: tuple[dict[str, sp.Expr], ...]
    parameters: tuple[sp.Symbol, ...]
    conditions: tuple[sp.Basic, ...]
    reason: str


@dataclass(frozen=True)
class SupportContext:
    """What every support profile of one game shares: the game, its sequence form, each player's
    reduced strategies (labels and sequences) and the strategic-form payoff table."""

    game: Game
    sf: object
    labels: list
    sequences: list
    table: dict


_EMPTY = object()  # a candidate proved to give no equilibrium


def candidate_equilibria(context: SupportContext, supports, names, sigma, values, equations, sol) -> list:
    """One solution of a support profile's equations: the equilibria it gives (verified), ``[_EMPTY]``
    if it is proved to give none, or an :class:`UndecidedSupport`."""
    labels = context.labels
    n = len(labels)
    if any(sp.sympify(v).has(sp.I) for v in sol.values()):  # sympy lists complex solutions too
        if any(sp.sympify(v).free_symbols for v in sol.values()):
            return [UndecidedSupport(names, (), tuple(sol), (), "sympy's solution has complex coefficients")]
        if any(sp.simplify(sp.im(v)) != 0 for v in sol.values()):
            return [_EMPTY]  # a non-real solution is no probability
        sol = {k: sp.simplify(sp.re(v)) for k, v in sol.items()}  # real, written with I
    strategies = [[sp.simplify(sp.sympify(x).subs(sol)) for x in row] for row in sigma]
    free = tuple(sorted(set().union(*(x.free_symbols for row in strategies for x in row)), key=str))
    mixed = tuple({labels[p][k]: strategies[p][k] for k in range(len(labels[p]))} for p in range(n))
    payoffs = tuple(sp.simplify(values[p][supports[p][0]].subs(sol)) for p in range(n))
    # (expression, strict): each must be > 0 (strict) or >= 0 on the family
    needs: list[tuple[sp.Expr, bool]] = []
    for p in range(n):
        needs.extend((strategies[p][k], True) for k in supports[p])
        best = sp.expand(values[p][supports[p][0]].subs(sol))
        needs.extend(
            (sp.expand(best - values[p][k].subs(sol)), False)
            for k in range(len(labels[p]))
            if k not in supports[p]
        )
    conditions = tuple((e > 0) if strict else (e >= 0) for e, strict in needs)

    def undecided(reason: str) -> UndecidedSupport:
        return UndecidedSupport(names, mixed, free, tuple(c for c in conditions if c is not sp.true), reason)

    if any(not _is_zero(sp.sympify(e).subs(sol)) for e in equations):
        return [undecided("sympy's solution does not satisfy the equations when substituted back")]
    if not free:
        if not all(_holds(e, strict) for e, strict in needs):
            return [_EMPTY]
        conv = _nash_conv(context, mixed)
        if not _is_zero(conv):
            return [undecided(f"the independent NashConv is {conv}, not 0 (a bug: reported, not listed)")]
        return [SupportEquilibrium(names, mixed, (), (), (), payoffs, {}, "exact NashConv 0")]
    if len(free) == 1:
        return _one_parameter(context, names, mixed, free[0], needs, payoffs, undecided)
    return [_several_parameters(context, names, mixed, free, needs, payoffs, undecided)]


def _one_parameter(context, names, mixed, t, needs, payoffs, undecided):
    where = sp.S.Reals
    for e, strict in needs:
        c = (e > 0) if strict else (e >= 0)
        if c is sp.true:
            continue
        if c is sp.false:
            return [_EMPTY]
        where = where & sp.solve_univariate_inequality(c, t, relational=False)
    if where is sp.S.EmptySet or where.is_empty:
        return [_EMPTY]
    if isinstance(where, sp.FiniteSet):  # isolated points after all: each checked on its own
        out = []
        for point in where:
            at = tuple({k: sp.simplify(v.subs(t, point)) for k, v in m.items()} for m in mixed)
            conv = _nash_conv(context, at)
            if not _is_zero(conv):
                return [undecided(f"at {t} = {point} the independent NashConv is {conv}, not 0 (a bug)")]
            out.append(
                SupportEquilibrium(
                    names,
                    at,
                    (),
                    (),
                    (),
                    tuple(sp.simplify(u.subs(t, point)) for u in payoffs),
                    {},
                    "exact NashConv 0",
                )
            )
        return out
    interval = next((part for part in _parts(where) if isinstance(part, sp.Interval)), None)
    if interval is None:
        return [undecided(f"the range {where} has no interval to take a point from")]
    from derive.solving.parameters.symbolic_payoffs import rational_between

    point = {t: rational_between(interval.start, interval.end)}
    if not all(_holds(e.subs(point), strict) for e, strict in needs):
        return [undecided(f"the point {point[t]} of the range {where} fails an inequality (a bug)")]
    domain = None
    if isinstance(where, sp.Interval) and where.start.is_Rational and where.end.is_Rational:
        domain = [t >= where.start, t <= where.end]
    verdict = _verify(context, mixed, point, domain, undecided)
    if isinstance(verdict, UndecidedSupport):
        return [verdict]
    return [SupportEquilibrium(names, mixed, (t,), (where,), (), payoffs, point, verdict)]


def _several_parameters(context, names, mixed, free, needs, payoffs, undecided):
    from derive.solving.families.polytope import FamilyCertificateError, polytope, sample_points

    linear = [(e, strict) for e, strict in needs if _degree(e, free) <= 1]
    curved = [(e, strict) for e, strict in needs if _degree(e, free) > 1]
    for e, strict in linear:
        if not e.free_symbols & set(free) and not _holds(e, strict):
            return _EMPTY
    # each free parameter is a probability of its player's support: t <= 1 is implied (the player's
    # probabilities are positive and add up to 1) and bounds the polytope when some are curved
    linear += [(1 - t, False) for t in free]
    try:
        facets, vertices = polytope([e for e, _ in linear], free)
    except FamilyCertificateError:  # the closure of the linear part is empty
        return _EMPTY
    if not vertices:
        return undecided("too many vertices to decide the inequalities")
    positive = [e for e, strict in linear if strict]
    for e, _strict in curved:  # a product of positive factors has a known sign: may prove it empty
        sign = _sign_from_factors(e, positive, free)
        if sign is not None and sign < 0:
            return _EMPTY
    centre = {t: sum(v[t] for v in vertices) / len(vertices) for t in free}
    # the strict linear inequalities hold somewhere on the closure iff they hold at the centre of its
    # vertices (a relative-interior point), so this proves the family empty
    if not all(_holds(e.subs(centre), strict) for e, strict in linear):
        return _EMPTY
    witness = next(
        (q for q in [centre, *sample_points(vertices, free)] if all(_holds(e.subs(q), s) for e, s in needs)),
        None,
    )
    if witness is None:
        return undecided(
            "no point found where the curved inequalities "
            + ", ".join(f"{e} {'>' if s else '>='} 0" for e, s in curved)
            + " hold together with the linear ones"
        )
    strict_of: dict[sp.Expr, bool] = {}
    for e, s in linear:  # a facet is strict when any inequality it comes from is
        strict_of[normalised(e, free)] = strict_of.get(normalised(e, free), False) or s
    conditions = tuple(
        sp.Gt(slack, 0, evaluate=False) if strict_of.get(normalised(slack, free), False) else c
        for c in facets
        for slack in [c.lhs - c.rhs]
    ) + tuple((e > 0) if s else (e >= 0) for e, s in curved)
    domain = [sp.Ge(c.lhs - c.rhs, 0) for c in facets] + [e >= 0 for e, _ in curved]
    verdict = _verify(context, mixed, witness, domain, undecided)
    if isinstance(verdict, UndecidedSupport):
        return verdict
    return SupportEquilibrium(names, mixed, tuple(free), (), conditions, payoffs, witness, verdict)


def _verify(context, mixed, witness, domain, undecided):
    """Exact NashConv 0 at the witness, then every member of the closure by check_profile_family
    where the behaviour probabilities are polynomial; the sentence saying how the members were checked."""
    from derive.verification.profile_family import check_profile_family

    at = tuple({k: sp.simplify(v.subs(witness)) for k, v in m.items()} for m in mixed)
    conv = _nash_conv(context, at)
    if not _is_zero(conv):
        return undecided(f"at the point {witness} the independent NashConv is {conv}, not 0 (a bug)")
    behaviour = _behaviour(context, mixed)
    params = list(witness)
    polynomial = all(
        sp.sympify(v).is_polynomial(*params) for row in behaviour for d in row.values() for v in d.values()
    )
    if domain is None or not polynomial:
        return "every member meets the indifference equations and no-gain inequalities that define it"
    try:
        check = check_profile_family(context.game, behaviour, domain)
    except NotSupportedError as exc:
        return f"every member meets the conditions that define it (the family check: {exc})"
    if check.is_equilibrium is False:
        return undecided(
            f"check_profile_family finds a member that is not an equilibrium: {check.failures[:1]}"
        )
    if check.is_equilibrium is None:
        return "every member meets the conditions that define it (the family check was undecided)"
    return "every member of its closure checked exactly (check_profile_family)"


def _behaviour(context: SupportContext, mixed) -> list[dict[str, dict[str, sp.Expr]]]:
    """Behaviour strategies of a mixed profile over reduced strategies, through its realization plans
    (``x(sigma a) / x(sigma)``; uniform at an information set the player's own play never reaches)."""
    game, sf = context.game, context.sf
    out = []
    for p, dist in enumerate(mixed):
        plan: dict[int, sp.Expr] = {}
        for (_label, prob), seqs in zip(dist.items(), context.sequences[p]):
            for k in seqs:
                plan[k] = plan.get(k, sp.S.Zero) + prob
        strategy = {}
        for info in game.infosets_of(p):
            reach = sp.simplify(plan.get(sf.parent[info.index], sp.S.Zero))
            kids = [
                sp.simplify(plan.get(sf.index[p][(info.index, a)], sp.S.Zero))
                for a in range(len(info.actions))
            ]
            if _is_zero(reach):
                strategy[info.label] = {a: sp.Rational(1, len(info.actions)) for a in info.actions}
            else:
                strategy[info.label] = {a: sp.cancel(x / reach) for a, x in zip(info.actions, kids)}
        out.append(strategy)
    return out


def _nash_conv(context: SupportContext, mixed) -> sp.Expr:
    from derive.verification.best_response import behaviour_profile, game_nash_conv

    return sp.simplify(game_nash_conv(behaviour_profile(context.game, _behaviour(context, mixed))))


def _parts(where: sp.Set):
    return where.args if isinstance(where, sp.Union) else (where,)


def _degree(expr: sp.Expr, params) -> int:
    """The total degree of a polynomial with rational coefficients; anything else (a denominator
    holding a parameter, an irrational coefficient) counts as curved (degree 2)."""
    expr = sp.expand(expr)
    if not expr.free_symbols & set(params):
        return 0
    if not expr.is_polynomial(*params):
        return 2
    poly = sp.Poly(expr, *params)
    return poly.total_degree() if all(c.is_Rational for c in poly.coeffs()) else 2


def _sign_from_factors(expr: sp.Expr, positive: list[sp.Expr], params) -> int | None:
    """The sign (+1 or -1) of ``expr`` wherever the ``positive`` expressions are all positive, when
    ``expr`` is a constant times a product of powers of them (or of their negatives); else None."""
    known = {normalised(e, params) for e in positive}
    coeff, factors = sp.factor_list(sp.together(expr))
    if coeff == 0:
        return None
    sign = 1 if coeff > 0 else -1
    for f, k in factors:
        if not f.free_symbols & set(params):
            sign *= 1 if (f > 0 or k % 2 == 0) else -1
            continue
        if _degree(f, params) != 1:
            return None
        if normalised(f, params) in known:
            continue
        if normalised(-f, params) in known:
            sign *= -1 if k % 2 else 1
            continue
        return None
    return sign


def _is_zero(value) -> bool:
    value = sp.sympify(value)
    return value == 0 or sp.simplify(value) == 0


def _holds(expr, strict: bool) -> bool:
    """``expr > 0`` (strict) or ``expr >= 0``, decided exactly for rational and algebraic numbers."""
    value = sp.sympify(expr)
    if value.free_symbols:
        return False
    value = sp.simplify(value)
    return bool(value.is_positive) if strict else bool(value.is_nonnegative) or value == 0
