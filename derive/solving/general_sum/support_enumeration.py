"""Nash equilibria of small games with any number of players, by support enumeration, exactly.

For every *support profile* ``(S_1, ..., S_n)`` (a nonempty set of reduced pure strategies per
player), the equilibria with exactly these supports solve the polynomial equations

    U_p(s, sigma_-p) = U_p(s_p, sigma_-p)  for s in S_p        (sigma_p(s_p) = 1 - the others)

(each player indifferent among the strategies he mixes; ``s_p`` is the first of them), of degree
``n - 1`` (the others' probabilities multiply), together with the sign conditions

    sigma_p(s) > 0  for s in S_p,        U_p(s_p, sigma_-p) - U_p(t, sigma_-p) >= 0  for t not in S_p.

A support profile where some strategy of ``S_p`` does worse than another strategy of player ``p``
against every pure profile of the others' supports has no equilibrium and is skipped (conditional
strict dominance, Porter, Nudelman & Shoham 2008).  Each other profile is decided exactly by
:mod:`derive.solving.general_sum.support_candidates`: the equations solved into branches (some
probabilities free, the others rational functions of them, over the rationals or one real field
``Q(alpha)``; :mod:`derive.solving.semialgebraic`), and the sign conditions on each branch decided
exactly -- by the signs of numerators and denominators, real algebraic numbers isolated in rational
intervals, cddlib's vertices for affine conditions, and the open cells of a cylindrical algebraic
decomposition for curved ones.  So the support profiles together give the *whole* equilibrium set:
isolated equilibria (possibly irrational) and families with their exact conditions, each listed
with an exact member and exact regret 0.  A profile that these methods cannot decide within their
stated caps is reported as *undecided*, never listed and never dropped in silence; then
:attr:`SupportEnumeration.is_complete` is False.

This is the method of Gambit's ``enumpoly_solve`` (McKelvey & McLennan 1996, section 6; Turocy
2008), which finds isolated equilibria in floating point and skips families; here in exact
arithmetic and with the families.  It is exponential in the number of strategies (the number of
support profiles is stated before it starts, progress is shown, and it stops at a time limit) and
meant for small games: a three-player game of at most 27 cells takes about a second.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from derive.dominance.general import count_reduced_strategies, reduced_strategies
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count as counted
from derive.sequence_form.general import game_sequence_form, plan_symbol_name
from derive.solving.general_sum.support_candidates import (
    SupportContext,
    SupportEquilibrium,
    UndecidedSupport,
    support_results,
)
from derive.solving.limits import TimeLimit

__all__ = [
    "SUPPORT_METHOD",
    "SupportEnumeration",
    "SupportEquilibrium",
    "UndecidedSupport",
    "support_enumeration",
    "support_enumeration_refusal",
    "support_equilibria",
]

#: How the equilibria are found and checked, in one sentence (for reports).
SUPPORT_METHOD = (
    "support enumeration (McKelvey & McLennan 1996) with conditional dominance (Porter, Nudelman & "
    "Shoham 2008); each support profile's indifference equations solved exactly into branches (linear "
    "pivots with case splits, Groebner bases, real algebraic numbers isolated), their sign conditions "
    "decided exactly (numerators and denominators, polytopes by cddlib, open cells of a cylindrical "
    "algebraic decomposition); every equilibrium listed with exact regret 0 and each family with an "
    "exact member"
)
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
    limit.say(
        f"support enumeration: reduced strategic form {shape}, "
        f"{counted(count, 'support profile', thousands=True)}"
    )
    symbols = [
        [sp.Symbol(plan_symbol_name(p, labels[p][k], f"s{p + 1}"), real=True) for k in range(sizes[p])]
        for p in range(n)
    ]
    context = SupportContext(game, sf, labels, sequences, table, symbols)
    payoffs = context.rational_table
    found: list[SupportEquilibrium] = []
    undecided: list[UndecidedSupport] = []
    empty = 0
    shown = limit.elapsed
    at = [0]

    def doing() -> str:
        return f"solving support profile {at[0] + 1:,} of {count:,} (reduced strategic form {shape})"

    def check() -> None:
        limit.check(doing())

    with limit.interrupting(doing):  # a single Groebner basis may run for long: stopped at the limit too
        for done, supports in enumerate(itertools.product(*subsets)):
            at[0] = done
            check()
            if limit.elapsed - shown >= PROGRESS_EVERY:
                limit.say(f"  {done:,} of {counted(count, 'support profile', thousands=True)}")
                shown = limit.elapsed
            if _conditionally_dominated(payoffs, supports, sizes):
                empty += 1
                continue
            for result in support_results(context, supports, check):
                if isinstance(result, SupportEquilibrium):
                    found.append(result)
                elif isinstance(result, UndecidedSupport):
                    undecided.append(result)
                else:
                    empty += 1
    ordered = tuple(sorted(found, key=lambda e: (not e.is_isolated, [len(s) for s in e.supports])))
    return SupportEnumeration(ordered, tuple(undecided), count, empty, tuple(sizes))


def _conditionally_dominated(payoffs: dict, supports, sizes) -> bool:
    """Whether some strategy of a support does worse than another strategy of its player against
    every pure profile of the others' supports (then it is never a best reply there: no equilibrium
    has these supports; Porter, Nudelman & Shoham 2008, conditional strict dominance)."""
    n = len(sizes)
    for p in range(n):
        others = [supports[q] if q != p else (None,) for q in range(n)]
        rows = list(itertools.product(*others))
        for k in supports[p]:
            for j in range(sizes[p]):
                if j == k:
                    continue
                if all(payoffs[_with(r, p, j)][p] > payoffs[_with(r, p, k)][p] for r in rows):
                    return True
    return False


def _with(profile: tuple, p: int, k: int) -> tuple:
    return profile[:p] + (k,) + profile[p + 1 :]


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
