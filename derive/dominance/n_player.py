"""Iterated elimination of strictly dominated reduced strategies, for any number of players.

:func:`derive.dominance.general.dominated_strategies` works on the two-player reduced strategic
form.  With three or more players, a reduced strategy ``s`` of player ``p`` is *strictly dominated
by* another, ``t``, when ``t`` earns ``p`` more against every pure profile of the others' remaining
reduced strategies.  Round by round, every such ``s`` of every player is removed (all at once in
a round); the removals keep every Nash equilibrium (a strictly dominated strategy is never a best
reply).  The table of the reduced strategic form is the one support enumeration uses
(:mod:`derive.solving.general_sum.support_enumeration`), so the same size limit applies.  Only
pure dominators are tried.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from derive.extensive_form.game import Game

__all__ = ["NPlayerDominance", "StrictRemoval", "iterated_strict_dominance"]


@dataclass(frozen=True)
class StrictRemoval:
    """One removed strategy: ``strategy`` of ``player`` earns less than ``dominator`` against every
    remaining pure profile of the others, in round ``round`` (from 1)."""

    player: int
    strategy: str
    dominator: str
    round: int


@dataclass(frozen=True)
class NPlayerDominance:
    """The result of :func:`iterated_strict_dominance`.

    Attributes
    ----------
    strategies : tuple of tuple of str
        Each player's reduced strategies (labels ``"<information set>: <action>, ..."``).
    removed : tuple of StrictRemoval
        In the order removed.
    remaining : tuple of tuple of str
        Each player's strategies that survive.
    """

    strategies: tuple[tuple[str, ...], ...]
    removed: tuple[StrictRemoval, ...]
    remaining: tuple[tuple[str, ...], ...]


def iterated_strict_dominance(game: Game) -> NPlayerDominance:
    """Remove strictly dominated reduced strategies, round by round, for any number of players.

    Parameters
    ----------
    game : Game
        Perfect recall, numeric payoffs, a reduced strategic form of at most
        :data:`~derive.solving.general_sum.support_enumeration.MAX_PROFILES` pure profiles.

    Returns
    -------
    NPlayerDominance

    Raises
    ------
    NotSupportedError
        For symbolic payoffs or a reduced strategic form over the limit (the message gives its size).
    ImperfectRecallError
        If the game lacks perfect recall.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> iterated_strict_dominance(matching_pennies()).removed
    ()

    References
    ----------
    Fudenberg & Tirole (1991), *Game Theory*, section 2.1 (iterated strict dominance).
    """
    from derive.solving.general_sum.support_enumeration import _strategic_form

    _, labels, _, table = _strategic_form(game)
    n = game.num_players
    alive = [list(range(len(s))) for s in labels]
    removed: list[StrictRemoval] = []
    round_no = 0
    while True:
        round_no += 1
        gone: list[tuple[int, int, int]] = []
        for p in range(n):
            others = [alive[q] if q != p else [None] for q in range(n)]
            rows = list(itertools.product(*others))
            for s in alive[p]:
                for t in alive[p]:
                    if t != s and all(table[_with(r, p, t)][p] > table[_with(r, p, s)][p] for r in rows):
                        gone.append((p, s, t))
                        break
        if not gone:
            break
        for p, s, t in gone:
            removed.append(StrictRemoval(p, labels[p][s], labels[p][t], round_no))
        for p, s, _ in gone:
            alive[p].remove(s)
    return NPlayerDominance(
        tuple(tuple(s) for s in labels),
        tuple(removed),
        tuple(tuple(labels[p][k] for k in alive[p]) for p in range(n)),
    )


def _with(profile: tuple, p: int, k: int) -> tuple:
    """``profile`` with player ``p``'s entry replaced by ``k``."""
    return profile[:p] + (k,) + profile[p + 1 :]
