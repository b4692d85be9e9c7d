"""Each player's expected payoff at each of his information sets on the path of a behaviour profile.

For an exact behaviour profile ``sigma`` of any game, with ``reach(n)`` the probability that play
reaches node ``n`` (chance and every player's moves) and ``V(n)`` the vector of expected payoffs
from ``n`` on, the value of action ``a`` at an information set ``I`` of player ``i`` reached with
positive probability is

    Q(I, a) = sum over n in I of reach(n) V_i(child(n, a))  /  sum over n in I of reach(n),

the mover's expected payoff given that play is at ``I`` (his beliefs there are Bayes' rule from
the profile) and that he takes ``a``; ``V(I) = sum_a sigma(I, a) Q(I, a)`` is his expected payoff
there.  In a Nash equilibrium every action played at an information set on the path has the
largest ``Q`` there (sequential rationality on the path), which :attr:`InformationSetValues.best_played`
checks.  Information sets reached with probability 0 have no conditional value (beliefs there are
not given by Bayes' rule) and are listed as off the path.  Everything is exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import CHANCE, Game

__all__ = ["InformationSetValues", "path_values"]


@dataclass(frozen=True)
class InformationSetValues:
    """The values at one information set.

    Attributes
    ----------
    player : int
    label : str
    reach : sympy.Expr
        The probability that play reaches the set (0: off the path).
    value : sympy.Expr or None
        The mover's expected payoff given the set is reached (None off the path).
    actions : tuple of (str, probability, value or None)
        Each action, its probability in the profile, and ``Q(I, a)`` (None off the path).
    """

    player: int
    label: str
    reach: sp.Expr
    value: sp.Expr | None
    actions: tuple[tuple[str, sp.Expr, sp.Expr | None], ...]

    @property
    def on_path(self) -> bool:
        """Whether play reaches the set with positive probability."""
        return self.reach != 0

    @property
    def best_played(self) -> bool:
        """Whether every action played with positive probability has the largest value (True off the path)."""
        if not self.on_path:
            return True
        top = max(q for _, _, q in self.actions)
        return all(q == top for _, p, q in self.actions if p != 0)


def path_values(
    game: Game, strategies: Sequence[Mapping[str, Mapping[str, object]]]
) -> tuple[InformationSetValues, ...]:
    """The values of every information set under an exact behaviour profile (module docstring).

    Parameters
    ----------
    game : Game
        Any number of players, numeric payoffs.
    strategies : sequence of mapping
        Per player, ``information-set label -> {action: probability}``, exact (read by
        :func:`~derive.verification.best_response.behaviour_profile`; a missing action has probability 0).

    Returns
    -------
    tuple of InformationSetValues
        In the order of ``game.infosets``.

    Raises
    ------
    IncompleteProfileError
        As :func:`~derive.verification.best_response.behaviour_profile`, which reads the profile
        (a missing information set, a float that is not exact, probabilities not adding up to 1).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> half = {"heads": "1/2", "tails": "1/2"}
    >>> v = path_values(matching_pennies(), [{"coin": half}, {"guess": half}])
    >>> [(x.label, x.reach, x.value) for x in v]
    [('coin', 1, 0), ('guess', 1, 0)]
    """

    from derive.verification.best_response import behaviour_profile

    probabilities = behaviour_profile(game, strategies).probabilities

    def prob(node, k: int) -> sp.Expr:
        """The profile's probability of the ``k``-th move at the decision ``node``."""
        return probabilities[node.infoset][k]

    reach: dict[int, sp.Expr] = {0: sp.S.One}
    for node in game.nodes:
        for k, c in enumerate(node.children):
            step = node.probabilities[k] if node.player == CHANCE else prob(node, k)
            reach[c] = reach[node.index] * step
    value: dict[int, tuple[sp.Expr, ...]] = {}
    for node in reversed(game.nodes):
        if node.is_terminal:
            value[node.index] = tuple(game.payoffs[node.index])
            continue
        steps = (
            node.probabilities
            if node.player == CHANCE
            else [prob(node, k) for k in range(len(node.children))]
        )
        value[node.index] = tuple(
            sum((w * value[c][i] for w, c in zip(steps, node.children) if w != 0), sp.S.Zero)
            for i in range(game.num_players)
        )
    out = []
    for info in game.infosets:
        p = info.player
        total = sum((reach[n] for n in info.nodes), sp.S.Zero)
        dist = dict(zip(info.actions, probabilities[info.index]))
        if total == 0:
            acts = tuple((a, dist[a], None) for a in info.actions)
            out.append(InformationSetValues(p, info.label, total, None, acts))
            continue
        acts = []
        for k, a in enumerate(info.actions):
            q = sum((reach[n] * value[game.nodes[n].children[k]][p] for n in info.nodes), sp.S.Zero) / total
            acts.append((a, dist[a], q))
        v = sum((pr * q for _, pr, q in acts), sp.S.Zero)
        out.append(InformationSetValues(p, info.label, total, v, tuple(acts)))
    return tuple(out)
