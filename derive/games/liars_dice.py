"""Liar's Dice for two players, from OpenSpiel's rules (``liars_dice``), with exact chance probabilities.

Each player rolls ``dice`` dice with ``faces`` faces, sees only his own, and the players bid in
turn, player 0 first.  A bid ``q-f`` claims that at least ``q`` of all the dice show face ``f``;
the **highest face is wild** and counts for every face.  Each bid must be higher than the last in
OpenSpiel's order (its default ``bidding_rule="reset-face"``: bid number ``b = (q - 1) * faces +
(f - 1)``, so ``1-1 < 1-2 < ... < 1-F < 2-1 < ...``), up to ``(total dice)-F``.  Instead of bidding
higher, a player may call "Liar" (not as the very first move).  Then the dice are shown: if at
least ``q`` dice match the last bid ``q-f`` (face ``f`` or the wild face), the bidder wins, else
the caller wins; the winner gets +1 and the loser -1.  After the highest bid the next player can
only call "Liar".

These are the rules of OpenSpiel's ``open_spiel/games/liars_dice/liars_dice.cc``
(``LiarsDiceState::LegalActions``: bids above the current one, then "Liar" once a move has been
made; ``ResolveWinner``: ``dice_outcomes_[p][d] == face || dice_outcomes_[p][d] == dice_sides()``
counts as a match, ``matches >= quantity`` makes the bidder the winner; ``Returns``: +1 and -1;
``UnrankBid`` for the reset-face order).  Information sets are labelled with OpenSpiel's
information-state strings (``InformationStateString``: the player's dice in increasing order,
then the bids, e.g. ``"3 1-2 2-5"``), and actions with its action strings (``"1-2"``,
``"Liar"``), so both games can be compared set by set.

OpenSpiel rolls a player's dice one by one and sorts them; here each player's sorted roll is
dealt at once with its exact multinomial probability.  The information sets and sequences are
the same (a player sees only his sorted roll), the tree has fewer chance nodes.  With one die
each and six faces the game has 24,576 information sets; OpenSpiel's sequence-form LP test for
it is disabled as too slow (``open_spiel/python/algorithms/sequence_form_lp_test.py``,
``test_liars_dice``, value -0.027131782945736 from Neller & Lanctot 2013).

References
----------
Lanctot et al. (2019), "OpenSpiel: a framework for reinforcement learning in games", game
``liars_dice``; Neller & Lanctot (2013), "An introduction to counterfactual regret minimization",
section 5 (Dudo / Liar's Dice).
"""

from __future__ import annotations

import numbers
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial

import sympy as sp

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import Game, GameModelError

__all__ = ["MAX_BIDS", "liars_dice", "liars_dice_size"]

#: Most bids (``2 * dice * faces``) built: the game has about ``2 * rolls^2 * 2^bids`` nodes, so each bid
#: doubles it; 12 bids (one die of six faces) are 295,000 nodes, solved exactly in about half a minute
#: and half a gigabyte, and 14 bids would be 3.2 million nodes.
MAX_BIDS = 12


def _rolls(dice: int, faces: int) -> list[tuple[tuple[int, ...], sp.Rational]]:
    """Each sorted roll of ``dice`` dice with its exact probability (multinomial / faces^dice)."""
    out = []
    for roll in combinations_with_replacement(range(1, faces + 1), dice):
        ways = factorial(dice)
        for n in Counter(roll).values():
            ways //= factorial(n)
        out.append((roll, sp.Rational(ways, faces**dice)))
    return out


def liars_dice_size(dice: int = 1, faces: int = 6) -> dict[str, int]:
    """The size of :func:`liars_dice` without building it.

    Parameters
    ----------
    dice : int
        Dice per player.
    faces : int
        Faces per die.

    Returns
    -------
    dict
        ``bids`` (the number of bids, ``2 * dice * faces``), ``rolls`` (sorted rolls of one
        player), ``histories`` (bidding histories ending in a decision: ``2^bids``),
        ``information_sets`` (both players'), ``sequences`` (both players', empty ones included)
        and ``nodes`` (of the tree built here).

    Examples
    --------
    >>> liars_dice_size(1, 6)["information_sets"]
    24576
    """
    bids = 2 * dice * faces
    rolls = len(_rolls(dice, faces))
    # a history is a set of bids; one whose highest bid is b (0-based) offers bids - b moves
    # (the higher bids and "Liar"); the empty history offers all bids
    moves = bids + sum(2**b * (bids - b) for b in range(bids))
    histories = 2**bids
    return {
        "bids": bids,
        "rolls": rolls,
        "histories": histories,
        "information_sets": rolls * histories,
        "sequences": rolls * moves + 2,
        "nodes": 1 + rolls + rolls * rolls * (histories + histories - 1),
    }


def liars_dice(dice: int = 1, faces: int = 6) -> Game:
    """Liar's Dice with ``dice`` dice of ``faces`` faces each, OpenSpiel's rules (module docstring).

    Parameters
    ----------
    dice : int
        Dice per player, at least 1 (OpenSpiel's ``numdice``; default 1).
    faces : int
        Faces per die, at least 2 (OpenSpiel's ``dice_sides``; default 6); the highest is wild.

    Returns
    -------
    Game
        Players ``"player 0"`` and ``"player 1"`` (player 0 bids first); zero-sum, payoffs +1/-1;
        ``faces^(2 dice) * 2^(2 dice faces)`` decision nodes (6 faces, 1 die: 147,456).

    Raises
    ------
    GameModelError
        If ``dice`` or ``faces`` is not an integer in range, or the game has more than
        :data:`MAX_BIDS` bids (its tree doubles with every bid: 14 bids are 3.2 million nodes).

    Examples
    --------
    >>> g = liars_dice(1, 2)
    >>> len(g.infosets), g.infoset(1, "1 1-2").actions
    (32, ('2-1', '2-2', 'Liar'))

    References
    ----------
    OpenSpiel's ``open_spiel/games/liars_dice/liars_dice.cc`` (Lanctot et al. 2019).
    """
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    for name, value, low in (("dice", dice, 1), ("faces", faces, 2)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
            raise GameModelError(f"Liar's Dice needs {name} >= {low} (an integer), got {value!r}")
    dice, faces = int(dice), int(faces)
    bids = 2 * dice * faces
    if bids > MAX_BIDS:
        size = liars_dice_size(dice, faces)
        raise GameModelError(
            f"Liar's Dice with {dice} {'die' if dice == 1 else 'dice'} of {faces} faces has {bids} bids and "
            f"{size['nodes']:,} nodes: more than the limit of {MAX_BIDS} bids (each bid doubles the tree; "
            f"{MAX_BIDS} bids, one die of six faces, take about half a minute and half a gigabyte)"
        )
    names = [f"{b // faces + 1}-{b % faces + 1}" for b in range(bids)]
    liar = "Liar"

    def matches(rolls: tuple[tuple[int, ...], ...], face: int) -> int:
        return sum(1 for roll in rolls for d in roll if d == face or d == faces)

    def bidding(rolls, shown, history, last, player):
        """The subtree where ``player`` moves after the bids ``history`` (``last``: the highest, or -1)."""
        label = shown[player] + "".join(" " + names[b] for b in history)
        moves = {}
        for b in range(last + 1, bids):
            moves[names[b]] = bidding(rolls, shown, (*history, b), b, 1 - player)
        if history:
            quantity, face = last // faces + 1, last % faces + 1
            bidder_wins = matches(rolls, face) >= quantity
            # the caller is ``player``; the bidder is the other one
            won = -1 if bidder_wins else 1
            moves[liar] = payoff(won, -won) if player == 0 else payoff(-won, won)
        return decision(player, label, moves)

    deals = _rolls(dice, faces)
    with paused_gc():  # a few hundred thousand subtrees, none in a reference cycle
        root = chance(
            {
                f"player 0 rolls {''.join(map(str, r0))}": (
                    p0,
                    chance(
                        {
                            f"player 1 rolls {''.join(map(str, r1))}": (
                                p1,
                                bidding((r0, r1), ("".join(map(str, r0)), "".join(map(str, r1))), (), -1, 0),
                            )
                            for r1, p1 in deals
                        }
                    ),
                )
                for r0, p0 in deals
            }
        )
    return extensive_form(
        ["player 0", "player 1"],
        root,
        title=f"Liar's Dice ({dice} {'die' if dice == 1 else 'dice'} of {faces} faces each)",
        comment="OpenSpiel's liars_dice (bidding_rule=reset-face, the highest face wild); sorted rolls dealt at once",
        metadata={"dice": dice, "faces": faces},
    )
