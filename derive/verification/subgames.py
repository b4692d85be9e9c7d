"""Subgame perfection of a behaviour profile, decided exactly, for any number of players.

A node ``n`` starts a *subgame* when every information set that meets the subtree below ``n``
lies entirely inside it (Selten 1965); the whole game is one.  A profile is *subgame perfect*
when it induces a Nash equilibrium in every subgame.  Nodes are stored in preorder, so the
subtree of ``n`` is the index range ``[n, end(n))`` and the test is a single bottom-up pass:
the range is closed under information sets when the smallest and largest node of every set met
inside it stay inside it.

Each subgame is rebuilt as a :class:`~derive.extensive_form.Game` (the plays' total payoffs at
its terminals; the outcomes booked before ``n`` add the same constant to every play, which
changes no best response), and the profile's NashConv there is computed exactly
(:func:`derive.verification.best_response.game_nash_conv`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import CHANCE, Game
from derive.verification.best_response import behaviour_profile, game_nash_conv

__all__ = ["SubgamePerfection", "subgame_perfection", "subgame_roots"]


def subgame_roots(game: Game) -> tuple[int, ...]:
    """The non-terminal nodes that start a subgame, in preorder (the root first).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> subgame_roots(matching_pennies())
    (0,)
    """
    n = len(game.nodes)
    end = list(range(1, n + 1))
    lo = [i for i in range(n)]
    hi = [i for i in range(n)]
    for info in game.infosets:
        first, last = min(info.nodes), max(info.nodes)
        for m in info.nodes:
            lo[m], hi[m] = first, last
    for node in reversed(game.nodes):  # children come after their parent
        for c in node.children:
            end[node.index] = max(end[node.index], end[c])
            lo[node.index] = min(lo[node.index], lo[c])
            hi[node.index] = max(hi[node.index], hi[c])
    return tuple(
        node.index
        for node in game.nodes
        if not node.is_terminal and lo[node.index] >= node.index and hi[node.index] < end[node.index]
    )


def _subgame(game: Game, root: int) -> Game:
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    def build(i: int):
        node = game.nodes[i]
        if node.is_terminal:
            return payoff(*game.payoffs[i])
        if node.player == CHANCE:
            return chance(
                {f"{a}": (p, build(c)) for a, p, c in zip(node.actions, node.probabilities, node.children)}
            )
        info = game.infosets[node.infoset]
        return decision(node.player, info.label, {a: build(c) for a, c in zip(node.actions, node.children)})

    return extensive_form(
        list(game.players), build(root), title=f"subgame at node {root}", symbols=game.symbols
    )


@dataclass(frozen=True)
class SubgamePerfection:
    """The profile's NashConv in every subgame.

    Attributes
    ----------
    roots : tuple of int
        The nodes that start a subgame (0 is the whole game).
    nash_conv : dict
        ``root -> NashConv of the profile in that subgame`` (exact, ``>= 0``).
    histories : dict
        ``root -> the moves leading to it``, as ``((player, action), ...)``.
    """

    roots: tuple[int, ...]
    nash_conv: dict[int, sp.Expr]
    histories: dict[int, tuple]

    @property
    def is_subgame_perfect(self) -> bool:
        """Whether the profile is a Nash equilibrium in every subgame."""
        return all(v == 0 for v in self.nash_conv.values())

    @property
    def failures(self) -> tuple[int, ...]:
        """Roots of the subgames where the profile is not a Nash equilibrium."""
        return tuple(r for r in self.roots if self.nash_conv[r] != 0)


def subgame_perfection(game: Game, strategies) -> SubgamePerfection:
    """Decide exactly whether a behaviour profile is subgame perfect.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall.
    strategies : mapping or sequence
        As for :func:`derive.verification.best_response.behaviour_profile` (labels; exact values).

    Returns
    -------
    SubgamePerfection

    Raises
    ------
    IncompleteProfileError, ImperfectRecallError, NotSupportedError
        As :func:`~derive.verification.best_response.behaviour_profile` and
        :func:`~derive.verification.best_response.game_nash_conv`.

    References
    ----------
    Selten (1965), "Spieltheoretische Behandlung eines Oligopolmodells mit Nachfrageträgheit".
    """
    with paused_gc():  # a large game's profile is many small objects, none in a cycle
        return _subgame_perfection(game, strategies)


def _subgame_perfection(game: Game, strategies) -> SubgamePerfection:
    whole = behaviour_profile(game, strategies)  # validates the profile on the whole game
    by_player = dict(enumerate(strategies)) if not hasattr(strategies, "items") else dict(strategies)
    roots = subgame_roots(game)
    out: dict[int, sp.Expr] = {}
    for r in roots:
        if r == 0:
            out[r] = game_nash_conv(whole)
            continue
        sub = _subgame(game, r)
        labels = {info.label for info in sub.infosets}
        restricted = {
            p: {k: v for k, v in by_player.get(p, by_player.get(game.players[p], {})).items() if k in labels}
            for p in range(game.num_players)
        }
        out[r] = game_nash_conv(behaviour_profile(sub, restricted))
    return SubgamePerfection(roots, out, {r: game.history(r) for r in roots})
