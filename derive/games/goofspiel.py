"""Imperfect-information Goofspiel for two players, from OpenSpiel's rules (``goofspiel``, ``imp_info=true``).

Each player holds the cards ``1 .. N``; a deck of point cards ``1 .. N`` is turned up one at a time.
For each point card both players bid one of their remaining cards at the same time; the higher bid
wins the point card's value in points, and equal bids win nothing (the point card is discarded).
The bid cards are spent.  In the imperfect-information variant a player never sees the other's
bids, only who won each trick (or that it was a tie), so the points are public.  After the last
trick (whose bids are forced: one card left each) the player with more points wins: payoffs +1 and
-1, or 0 each on equal points (``returns="win-loss"``, OpenSpiel's ``win_loss``), or, with
``returns="points"`` (OpenSpiel's ``point_difference``), each player's points minus the mean.

The point cards come in descending order (``N, N-1, ..., 1``; OpenSpiel's ``points_order=descending``,
the order of its canonical benchmark ``TurnBasedGoofspielGameString``), ascending, or at random
(``order="random"``: chance turns up each remaining card with equal probability).

These are the rules of OpenSpiel's ``open_spiel/games/goofspiel/goofspiel.cc``
(``GoofspielState::DoApplyActions``: the unique highest bid wins ``CurrentPointValue() = 1 +
point_card_``, ties are discarded, the last trick is played automatically; ``Returns``: win-loss
or point difference; the information state of ``imp_info``: the player's hand and own bids, the
point cards and the trick winners).  OpenSpiel plays the simultaneous bids as a turn-based game for
its sequence-form LP (``load_game_as_turn_based``, ``turn_based_simultaneous_game``): player 0 bids,
then player 1 bids without seeing it.  That is the tree built here.

Information sets are labelled ``"<point cards>|<own bids>|<trick winners>"``: ``"54|3|1"`` is
"point cards 5 then 4 (the current one), I bid 3 on the first, player 1 won it"; a winner is ``0``,
``1``, or ``=`` for a tie.  Actions are the bid cards, ``"1"`` .. ``"N"``.  The game is symmetric,
so its value is 0; what the exact solve adds is an equilibrium certified exactly (exploitability 0).

References
----------
Ross (1971), "Goofspiel -- the game of pure strategy", J. Appl. Prob. 8; Lanctot et al. (2019),
OpenSpiel, game ``goofspiel``; Lanctot (2013), "Monte Carlo sampling and regret minimization for
equilibrium computation and decision-making in large extensive form games", PhD thesis (II-Goofspiel).
"""

from __future__ import annotations

import numbers

import sympy as sp

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import Game, GameModelError

__all__ = ["GOOFSPIEL_ORDERS", "GOOFSPIEL_RETURNS", "MAX_NODES", "goofspiel", "goofspiel_size"]

#: The orders of the point cards, as OpenSpiel's ``points_order``.
GOOFSPIEL_ORDERS = ("descending", "ascending", "random")

#: The payoffs: OpenSpiel's ``win_loss`` and ``point_difference``.
GOOFSPIEL_RETURNS = ("win-loss", "points")

#: Most tree nodes built (about 1 KB of memory each in the solver).
MAX_NODES = 2_000_000


def goofspiel_size(cards: int, order: str = "descending") -> int:
    """The number of nodes of :func:`goofspiel` with ``cards`` cards, without building it.

    Examples
    --------
    >>> goofspiel_size(4), goofspiel_size(5), goofspiel_size(5, "random")
    (1077, 26931, 3346656)
    """
    total, plays = 0, 1  # plays: the histories reaching the start of trick t
    for t in range(cards - 1):
        left = cards - t
        if order == "random":
            plays *= left
            total += plays // left  # the chance node before this trick (one per history before it)
        total += plays + plays * left  # player 0's nodes, player 1's nodes
        plays *= left * left
    return total + plays  # a terminal after each history of all tricks


def goofspiel(cards: int = 4, order: str = "descending", returns: str = "win-loss") -> Game:
    """Imperfect-information Goofspiel with ``cards`` cards, OpenSpiel's rules (module docstring).

    Parameters
    ----------
    cards : int
        Cards per player and point cards, from 2 (OpenSpiel's ``num_cards``; default 4).
    order : {"descending", "ascending", "random"}
        The order of the point cards (OpenSpiel's ``points_order``).
    returns : {"win-loss", "points"}
        +1/-1/0 by who has more points, or the point difference from the mean.

    Returns
    -------
    Game
        Players ``"player 0"`` and ``"player 1"``; zero-sum; player 0 bids first in each trick, player
        1 without seeing it.

    Raises
    ------
    GameModelError
        If ``cards`` is not an integer of at least 2, ``order`` or ``returns`` is not one of the
        choices, or the tree has more than :data:`MAX_NODES` nodes (5 cards in random order:
        3.3 million).

    Examples
    --------
    >>> g = goofspiel(3)
    >>> len(g.infosets), g.infoset(1, "32|1|0").actions
    (16, ('2', '3'))

    References
    ----------
    OpenSpiel's ``open_spiel/games/goofspiel/goofspiel.cc`` (Lanctot et al. 2019).
    """
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    if isinstance(cards, bool) or not isinstance(cards, numbers.Integral) or cards < 2:
        raise GameModelError(f"Goofspiel needs cards >= 2 (an integer), got {cards!r}")
    cards = int(cards)
    if order not in GOOFSPIEL_ORDERS:
        raise GameModelError(f"Goofspiel's order is one of {', '.join(GOOFSPIEL_ORDERS)}, not {order!r}")
    if returns not in GOOFSPIEL_RETURNS:
        raise GameModelError(
            f"Goofspiel's returns are one of {', '.join(GOOFSPIEL_RETURNS)}, not {returns!r}"
        )
    size = goofspiel_size(cards, order)
    if size > MAX_NODES:
        raise GameModelError(
            f"Goofspiel with {cards} cards in {order} order has {size:,} nodes: more than the limit of "
            f"{MAX_NODES:,} (about 1 KB of memory a node when solved)"
        )
    half = sp.Rational(1, 2)

    def result(points: tuple[int, int]):
        if returns == "points":
            d = (points[0] - points[1]) * half
            return payoff(d, -d)
        sign = (points[0] > points[1]) - (points[0] < points[1])
        return payoff(sign, -sign)

    def trick(point: int, bids: tuple[int, int], points: tuple[int, int]):
        """Points and the winner's mark after one trick on the point card ``point``."""
        if bids[0] == bids[1]:
            return points, "="
        won = 0 if bids[0] > bids[1] else 1
        return (points[0] + point * (won == 0), points[1] + point * (won == 1)), str(won)

    def deal(shown, hands, history, winners, points):
        """The next point card (or the end), after ``shown`` point cards were played."""
        left = [c for c in range(1, cards + 1) if c not in shown]
        if len(left) == 1:  # the last trick is forced
            last = (hands[0][0], hands[1][0])
            final, _ = trick(left[0], last, points)
            return result(final)
        if order == "random":
            p = sp.Rational(1, len(left))
            return chance(
                {f"point {c}": (p, bid0((*shown, c), hands, history, winners, points)) for c in left}
            )
        nxt = max(left) if order == "descending" else min(left)
        return bid0((*shown, nxt), hands, history, winners, points)

    def label(shown, bids, winners):
        return f"{''.join(map(str, shown))}|{''.join(map(str, bids))}|{''.join(winners)}"

    def bid0(shown, hands, history, winners, points):
        return decision(
            0,
            label(shown, [h[0] for h in history], winners),
            {str(b): bid1(shown, hands, history, winners, points, b) for b in hands[0]},
        )

    def bid1(shown, hands, history, winners, points, first):
        moves = {}
        for b in hands[1]:
            after, mark = trick(shown[-1], (first, b), points)
            moves[str(b)] = deal(
                shown,
                (tuple(c for c in hands[0] if c != first), tuple(c for c in hands[1] if c != b)),
                (*history, (first, b)),
                (*winners, mark),
                after,
            )
        return decision(1, label(shown, [h[1] for h in history], winners), moves)

    hand = tuple(range(1, cards + 1))
    with paused_gc():
        root = deal((), (hand, hand), (), (), (0, 0))
    return extensive_form(
        ["player 0", "player 1"],
        root,
        title=f"Goofspiel ({cards} cards, imperfect information, {order} points"
        + (", point difference)" if returns == "points" else ")"),
        comment="OpenSpiel's goofspiel(imp_info=true), turn-based: player 0 bids, then player 1 without seeing it",
        metadata={"cards": cards, "order": order, "returns": returns},
    )
