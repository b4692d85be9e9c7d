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

This module enumerates the support profiles and solves each one's equations; what a solution gives
(the inequalities decided, the witness, the checks) is :mod:`derive.solving.general_sum.support_candidates`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form, plan_symbol_name
from derive.solving.general_sum.support_candidates import (
    SupportContext,
    SupportEquilibrium,
    UndecidedSupport,
    candidate_equilibria,
)

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
    context = SupportContext(game, sf, labels, sequences, table)
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


def _solve_support(context: SupportContext, symbols, supports) -> list:
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
        r
        for sol in solutions
        for r in candidate_equilibria(context, supports, names, sigma, values, equations, sol)
    ]
