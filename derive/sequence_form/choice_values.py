"""Expected value of every choice at every information set against a fixed opponent, without listing plans.

The thesis's per-card tables (:mod:`derive.sequence_form.plan_values`) value each *plan* of a
situation; where a situation has too many plans to list (47,125 for Leduc hold'em's opener) the
same proof of equilibrium runs one information set at a time.  Against the opponent's realization
plan ``y`` (Koller, Megiddo & von Stengel 1994), player ``p``'s sequence ``s`` collects

    w(s) = sum over opponent sequences o of A_p[s, o] y(o),

the payoff of the plays on which ``s`` is ``p``'s last sequence.  Backward induction over ``p``'s
information sets (children before parents) gives the value of each choice with the best play
after it,

    V(I, a) = w(I, a) + sum over p's information sets J right after (I, a) of max_b V(J, b),

in chips times the probability that chance and the opponent lead play to ``I`` (``p``'s own moves
left out, as in a counterfactual value).  Divided by that probability it is the expected payoff
given that play reaches ``I``.  A strategy is a best response exactly when at every information set
it reaches with positive probability it plays only choices of the highest ``V`` there (Kuhn 1953,
perfect recall); :func:`choice_values` marks them.  Everything is exact (rationals).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import CHANCE, NotSupportedError
from derive.sequence_form.general import GameSequenceForm
from derive.sequence_form.plans import PlanDistributionError

__all__ = ["ChoiceValue", "backward_values", "choice_values"]


@dataclass(frozen=True)
class ChoiceValue:
    """The value of one choice at one information set, against the fixed opponent.

    Attributes
    ----------
    infoset : str
        The information set's label.
    action : str
    total : sympy.Rational
        ``V(I, a)``: the choice's contribution, with the best play after it, to the player's expected
        payoff (chance's and the opponent's probabilities included, the player's own left out).
    conditional : sympy.Rational or None
        ``total`` divided by the probability that chance and the opponent lead play to ``I``: the
        expected payoff given ``I`` (``None`` where that probability is 0).
    best : bool
        Whether no other choice at ``I`` has a higher ``total``.
    """

    infoset: str
    action: str
    total: sp.Rational
    conditional: sp.Rational | None
    best: bool


def _qq(v: sp.Rational) -> object:
    return QQ(int(v.p), int(v.q))


def _read(opponent: Mapping, game, player: int) -> dict[str, dict[str, sp.Rational]]:
    """The opponent's probabilities read exactly (a float only if it is a short decimal)."""
    out = {}
    for info in game.infosets_of(player):
        if info.label not in opponent:
            raise PlanDistributionError(f"the strategy has no information set {info.label!r}")
        dist = opponent[info.label]
        out[info.label] = {
            a: exact_number(
                dist.get(a, 0),
                f"probability of {a!r} at {info.label!r}",
                PlanDistributionError,
                symbolic=False,
            )
            for a in info.actions
        }
    return out


def choice_values(
    sf: GameSequenceForm, player: int, opponent: Mapping[str, Mapping[str, object]]
) -> tuple[ChoiceValue, ...]:
    """Every choice of ``player`` at every information set, valued against the opponent's strategy.

    Parameters
    ----------
    sf : GameSequenceForm
        Of a two-player game with perfect recall and numeric payoffs (any sum).
    player : int
        0 or 1: whose choices are valued (with his own payoff).
    opponent : mapping
        The other player's behaviour strategy, ``information-set label -> {action: probability}``
        (a solver's ``strategies[1 - player]``); exact numbers (:mod:`derive.extensive_form.exact`).

    Returns
    -------
    tuple of ChoiceValue
        Information sets in the game's order, actions in their order.

    Raises
    ------
    NotSupportedError
        If the game does not have two players or has symbolic payoffs.
    PlanDistributionError
        If ``opponent`` misses an information set of the other player (a missing action has
        probability 0) or a probability is not an exact number (a float other than a short decimal).

    Examples
    --------
    Kuhn poker, the dealer always calling and betting when checked to: the opener holding A earns 2
    given A by betting and 2 by checking (then calling the bet, his best play after the check); after
    checking and being bet to, folding earns -1 and calling 2:

    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> from derive.sequence_form.general import game_sequence_form
    >>> sf = game_sequence_form(to_extensive_form(kuhn_poker()))
    >>> always = {i.label: {a: int(a in ("call", "bet")) for a in i.actions} for i in sf.game.infosets_of(1)}
    >>> [(v.action, v.conditional, v.best) for v in choice_values(sf, 0, always) if v.infoset in ("A", "A:xb")]
    [('check', 2, True), ('bet', 2, True), ('fold', -1, False), ('call', 2, True)]
    """
    game = sf.game
    if game.num_players != 2:
        raise NotSupportedError(f"choice values need a two-player game, not {game.num_players} players")
    q = 1 - player
    opponent = _read(opponent, game, q)
    y = [_qq(v) for v in sf.realization(q, lambda label, action: opponent[label][action])]
    rows = sf.numeric_matrix(player)
    w: dict[int, object] = {}
    if player == 0:
        for s, row in rows.items():
            w[s] = sum((v * y[o] for o, v in row.items()), QQ(0))
    else:
        for o, row in rows.items():
            for s, v in row.items():
                w[s] = w.get(s, QQ(0)) + v * y[o]
    value, _ = backward_values(sf, player, w)
    index = sf.index[player]
    reach = _reach(sf, player, opponent)
    out = []
    for info in game.infosets_of(player):
        totals = [value.get(index[(info.index, a)], QQ(0)) for a in range(len(info.actions))]
        top = max(totals)
        r = reach[info.index]
        for a, t in zip(info.actions, totals):
            out.append(
                ChoiceValue(
                    info.label,
                    a,
                    QQ.to_sympy(t),
                    QQ.to_sympy(t / r) if r else None,
                    t == top,
                )
            )
    return tuple(out)


def backward_values(
    sf: GameSequenceForm, player: int, weights: Mapping[int, object]
) -> tuple[dict[int, object], dict[int, int]]:
    """Backward induction over ``player``'s information sets (children before parents, perfect recall).

    ``V(s) = weights(s) + sum over the player's information sets J right after s of max_a V(J, a)``,
    for every sequence ``s`` (indices of ``sf.sequences[player]``; ``V`` of the empty sequence, index
    0, is the best-response value), and the first action of highest ``V`` at each information set.

    Parameters
    ----------
    sf : sequence form (any :class:`~derive.sequence_form.general.SequenceBookkeeping`)
    player : int
    weights : mapping
        ``sequence index -> exact number`` (``QQ``): the payoff of the plays on which that sequence is the
        player's last, weighted by chance and the other players' probabilities (missing: 0).

    Returns
    -------
    (dict, dict)
        ``sequence index -> V`` and ``information set index -> index of its first best action``.
    """
    value = dict(weights)
    choice: dict[int, int] = {}
    index = sf.index[player]
    for info in sf.bottom_up(player):
        options = [value.get(index[(info.index, a)], QQ(0)) for a in range(len(info.actions))]
        best = 0
        for a in range(1, len(options)):
            if options[a] > options[best]:
                best = a
        choice[info.index] = best
        parent = sf.parent[info.index]
        value[parent] = value.get(parent, QQ(0)) + options[best]
    return value, choice


def _reach(sf: GameSequenceForm, player: int, opponent: Mapping) -> dict[int, object]:
    """``information set index -> probability that chance and the opponent lead play into it``."""
    game = sf.game
    prob = [QQ(0)] * len(game.nodes)
    prob[0] = QQ(1)
    out = {i.index: QQ(0) for i in game.infosets_of(player)}
    for n in game.nodes:
        r = prob[n.index]
        if n.player == CHANCE:
            for c, p in zip(n.children, n.probabilities):
                prob[c] = r * _qq(p)
        elif n.children:
            if n.player == player:
                out[n.infoset] += r
                for c in n.children:
                    prob[c] = r
            else:
                dist = opponent[game.infosets[n.infoset].label]
                for c, a in zip(n.children, n.actions):
                    prob[c] = r * _qq(dist[a])
    return out
