"""Nash equilibria of small games with any number of players, by support enumeration, exactly.

For every *support profile* ``(S_1, ..., S_n)`` (a nonempty set of reduced pure strategies per
player), the equilibria with exactly these supports solve a system of polynomial equations in the
probabilities ``sigma_p(s)``, ``s in S_p``:

    sum_(s in S_p) sigma_p(s) = 1,        U_p(s, sigma_-p) = U_p(s_p, sigma_-p)  for s in S_p,

(each player indifferent among the strategies he mixes; ``s_p`` is the first of them), of degree
``n - 1`` (the others' probabilities multiply), together with the inequalities

    sigma_p(s) > 0  for s in S_p,        U_p(t, sigma_-p) <= U_p(s_p, sigma_-p)  for t not in S_p.

sympy solves each system exactly (Groebner bases); solutions may be irrational (algebraic numbers)
or, in degenerate games, whole families with free probabilities, whose range is then decided with
sympy's exact inequality solver when one probability is free.

**Nothing is listed unverified.**  Every solution is substituted back into its equations.  A family
is listed only with an exact *witness*, a point where every inequality holds (with two or more free
probabilities, the inequalities that are linear bound a polytope whose vertices cddlib lists; the
strict ones hold somewhere on it exactly when they hold at the centre of its vertices, a point of
its relative interior, so an empty family is *proved* empty; curved inequalities are then tried at
the centre and at midpoints).  At the witness, and at every isolated equilibrium, the profile is
checked by the independent exact NashConv of :mod:`derive.verification.best_response`; where the
behaviour probabilities are polynomials in the free ones, every member of the family's closure is
checked by :func:`~derive.verification.profile_family.check_profile_family`.  A support profile
whose inequalities these exact methods cannot decide is reported as *undecided*, never as an
equilibrium.  This is the method of Gambit's
``enumpoly_solve`` (McKelvey & McLennan 1996, section 6; Turocy 2008), done in exact arithmetic;
a test compares the two on Gambit's catalog.  It is exponential in the number of strategies and
meant for small games.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form, plan_symbol_name
from derive.solving.families.polytope import normalised

__all__ = [
    "SupportEnumeration",
    "SupportEquilibrium",
    "UndecidedSupport",
    "support_enumeration",
    "support_enumeration_refusal",
    "support_equilibria",
]

#: Largest number of support profiles tried.
MAX_SUPPORT_PROFILES = 50_000
#: Largest number of pure strategy profiles of the reduced strategic form.
MAX_PROFILES = 200_000
#: Default limit, in seconds, on the whole enumeration.
TIME_LIMIT = 120
#: Seconds between two progress lines.
PROGRESS_EVERY = 10


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
class SupportEnumeration:
    """The result of support enumeration (see the module docstring).

    Attributes
    ----------
    equilibria : tuple of SupportEquilibrium
        Every verified equilibrium and family, isolated points first.
    undecided : tuple of UndecidedSupport
        Candidates the exact checks could not decide (the list of equilibria may then be incomplete).
    support_profiles : int
        The number of support profiles examined.
    empty : int
        Candidate solutions proved not to give any equilibrium (an inequality fails, or the
        inequalities have no common point).
    strategies : tuple of int
        Each player's number of reduced strategies.
    """

    equilibria: tuple[SupportEquilibrium, ...]
    undecided: tuple[UndecidedSupport, ...]
    support_profiles: int
    empty: int
    strategies: tuple[int, ...]

    @property
    def is_complete(self) -> bool:
        """Whether every support profile was decided (then :attr:`equilibria` lists every equilibrium)."""
        return not self.undecided


def _strategic_form(game: Game):
    """Reduced strategies per player (labels and sequences) and ``pure profile -> payoff vector``."""
    from derive.dominance.general import count_reduced_strategies, reduced_strategies

    game.require_perfect_recall()
    if game.is_symbolic:
        raise NotSupportedError("the game has symbolic payoffs or probabilities; substitute numbers")
    sf = game_sequence_form(game)
    counts = [count_reduced_strategies(sf, p) for p in range(game.num_players)]
    total = 1
    for c in counts:
        total *= c
    if total > MAX_PROFILES:
        shape = " x ".join(f"{c:,}" for c in counts)
        raise NotSupportedError(
            f"the reduced strategic form is {shape}: {total:,} pure strategy profiles, more than the "
            f"limit of {MAX_PROFILES:,} for support enumeration"
        )
    strategies = [reduced_strategies(sf, p) for p in range(game.num_players)]
    entries = [sf.payoff_entries(p) for p in range(game.num_players)]
    table = {}
    for profile in itertools.product(*(range(len(s)) for s in strategies)):
        seqs = [strategies[p][k].sequences for p, k in enumerate(profile)]
        table[profile] = tuple(
            sp.Add(*(w for key, w in entries[p].items() if all(k in seqs[q] for q, k in enumerate(key))))
            for p in range(game.num_players)
        )
    labels = [tuple(s.label for s in strats) for strats in strategies]
    sequences = [tuple(s.sequences for s in strats) for strats in strategies]
    return sf, labels, sequences, table


def support_enumeration_refusal(game: Game) -> str | None:
    """Why :func:`support_enumeration` would refuse ``game`` for its size, or None if it would not.

    Counts each player's reduced strategies without listing them, then the pure strategy profiles
    (at most :data:`MAX_PROFILES`) and the support profiles (at most :data:`MAX_SUPPORT_PROFILES`).

    Raises
    ------
    ImperfectRecallError
        If the game lacks perfect recall.

    Examples
    --------
    >>> from derive.games.registry import load_game
    >>> support_enumeration_refusal(load_game("kuhn3"))
    'the reduced strategic form is 6,561 x 10,000 x 65,536: 4,299,816,960,000 pure strategy profiles, more than the limit of 200,000 for support enumeration'
    """
    from derive.dominance.general import count_reduced_strategies

    sf = game_sequence_form(game)
    counts = [count_reduced_strategies(sf, p) for p in range(game.num_players)]
    shape = " x ".join(f"{c:,}" for c in counts)
    total = 1
    for c in counts:
        total *= c
    if total > MAX_PROFILES:
        return (
            f"the reduced strategic form is {shape}: {total:,} pure strategy profiles, more than the "
            f"limit of {MAX_PROFILES:,} for support enumeration"
        )
    supports = 1
    for c in counts:
        supports *= 2**c - 1
    if supports > MAX_SUPPORT_PROFILES:
        return (
            f"the reduced strategic form is {shape}: {supports:,} support profiles, more than the limit of "
            f"{MAX_SUPPORT_PROFILES:,} for support enumeration"
        )
    return None


def _payoff(table, p: int, sigma, fixed: dict[int, int] | None = None) -> sp.Expr:
    """Player ``p``'s expected payoff; ``fixed`` pins some players to pure strategies."""
    fixed = fixed or {}
    total = sp.S.Zero
    for profile, pay in table.items():
        weight = sp.S.One
        for q, k in enumerate(profile):
            if q in fixed:
                if fixed[q] != k:
                    weight = sp.S.Zero
                    break
            else:
                weight *= sigma[q][k]
        if weight != 0:
            total += weight * pay[p]
    return sp.expand(total)


def support_enumeration(
    game: Game, *, progress: Callable[[str], None] | None = None, time_limit: float | None = TIME_LIMIT
) -> SupportEnumeration:
    """Every Nash equilibrium of a small game, by support enumeration, each verified (module docstring).

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    progress : callable, optional
        Called with one line of text when the work starts (its size) and every
        :data:`PROGRESS_EVERY` seconds after.
    time_limit : float or None
        Seconds after which the enumeration stops (None: no limit).

    Returns
    -------
    SupportEnumeration

    Raises
    ------
    NotSupportedError
        For symbolic payoffs, more than :data:`MAX_PROFILES` pure profiles or
        :data:`MAX_SUPPORT_PROFILES` support profiles (counted before any is listed).
    TimeLimitError
        When ``time_limit`` is reached (a :class:`NotSupportedError`; the message says how far it got).

    References
    ----------
    McKelvey & McLennan (1996), "Computation of equilibria in finite games", section 6; Gambit's
    ``enumpoly_solve``.
    """
    from derive.solving.limits import TimeLimit

    limit = TimeLimit(time_limit, progress, "support enumeration")
    sf, labels, sequences, table = _strategic_form(game)
    n = game.num_players
    sizes = [len(s) for s in labels]
    subsets = [[c for r in range(1, m + 1) for c in itertools.combinations(range(m), r)] for m in sizes]
    count = 1
    for s in subsets:
        count *= len(s)
    shape = " x ".join(str(m) for m in sizes)
    if count > MAX_SUPPORT_PROFILES:
        raise NotSupportedError(
            f"the reduced strategic form is {shape}: {count:,} support profiles, more than the limit of "
            f"{MAX_SUPPORT_PROFILES:,} for support enumeration"
        )
    limit.say(f"support enumeration: reduced strategic form {shape}, {count:,} support profiles")
    symbols = [
        [sp.Symbol(plan_symbol_name(p, labels[p][k], f"s{p + 1}"), real=True) for k in range(sizes[p])]
        for p in range(n)
    ]
    context = _Context(game, sf, labels, sequences, table)
    found: list[SupportEquilibrium] = []
    undecided: list[UndecidedSupport] = []
    empty = 0
    shown = limit.elapsed
    at = [0]

    def doing() -> str:
        return f"solving support profile {at[0] + 1:,} of {count:,} (reduced strategic form {shape})"

    with limit.interrupting(doing):  # a single sympy solve may run for hours: stopped at the limit too
        for done, supports in enumerate(itertools.product(*subsets)):
            at[0] = done
            limit.check(doing())
            if limit.elapsed - shown >= PROGRESS_EVERY:
                limit.say(f"  {done:,} of {count:,} support profiles")
                shown = limit.elapsed
            for result in _solve_support(context, symbols, supports):
                if isinstance(result, SupportEquilibrium):
                    found.append(result)
                elif isinstance(result, UndecidedSupport):
                    undecided.append(result)
                else:
                    empty += 1
    ordered = tuple(sorted(found, key=lambda e: (not e.is_isolated, [len(s) for s in e.supports])))
    return SupportEnumeration(ordered, tuple(undecided), count, empty, tuple(sizes))


def support_equilibria(game: Game) -> tuple[SupportEquilibrium, ...]:
    """The verified equilibria of :func:`support_enumeration` (``.equilibria``), without a time limit.

    Candidates the exact checks cannot decide are left out; :func:`support_enumeration` lists them.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> [e.payoffs for e in support_equilibria(matching_pennies())]
    [(0, 0)]
    """
    return support_enumeration(game, time_limit=None).equilibria


@dataclass(frozen=True)
class _Context:
    game: Game
    sf: object
    labels: list
    sequences: list
    table: dict


_EMPTY = object()  # a candidate proved to give no equilibrium


def _solve_support(context: _Context, symbols, supports) -> list:
    labels, table = context.labels, context.table
    n = len(labels)
    sigma = [
        [symbols[p][k] if k in supports[p] else sp.S.Zero for k in range(len(labels[p]))] for p in range(n)
    ]
    unknowns = [symbols[p][k] for p in range(n) for k in supports[p] if len(supports[p]) > 1]
    # pure strategies of singleton supports are fixed at probability 1
    for p in range(n):
        if len(supports[p]) == 1:
            sigma[p][supports[p][0]] = sp.S.One
    values = [{k: _payoff(table, p, sigma, {p: k}) for k in range(len(labels[p]))} for p in range(n)]
    equations = []
    for p in range(n):
        first = supports[p][0]
        if len(supports[p]) > 1:
            equations.append(sp.Add(*(symbols[p][k] for k in supports[p])) - 1)
        equations.extend(values[p][k] - values[p][first] for k in supports[p][1:])
    equations = [sp.expand(e) for e in equations if sp.expand(e) != 0]
    if unknowns:
        plain = [sp.Symbol(f"u{i}") for i in range(len(unknowns))]  # no sign assumptions while solving
        to_plain = dict(zip(unknowns, plain))
        raw = sp.solve([e.subs(to_plain) for e in equations], plain, dict=True) if equations else [{}]
        back = dict(zip(plain, unknowns))
        solutions = [{back[k]: v.subs(back) for k, v in sol.items()} for sol in raw]
    else:
        if equations:
            return []
        solutions = [{}]
    names = tuple(tuple(labels[p][k] for k in supports[p]) for p in range(n))
    return [
        r for sol in solutions for r in _candidate(context, supports, names, sigma, values, equations, sol)
    ]


def _candidate(context: _Context, supports, names, sigma, values, equations, sol) -> list:
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


def _behaviour(context: _Context, mixed) -> list[dict[str, dict[str, sp.Expr]]]:
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


def _nash_conv(context: _Context, mixed) -> sp.Expr:
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
