"""Three-player Kuhn poker: the rules, as a general extensive form.

Four cards ``J < Q < K < A``; each of the three players antes 1 and is dealt one card (the fourth
is unseen).  Players act in turn, P1 first.  Until someone bets, a player may **check** or **bet**
1; after a bet, each other player in turn (wrapping around to those who checked before it) may
**call** or **fold**.  If all check, or when the calls are done, the highest card among the
players still in wins the pot.  This is the game of Szafron, Gibson & Sturtevant (2013,
"A parameterized family of equilibrium profiles for three-player Kuhn poker", AAMAS) and of
OpenSpiel's ``kuhn_poker`` with ``players=3`` (a test compares the two state by state).
The game is zero-sum but not two-player: each player's payoff is in chips.
"""

from __future__ import annotations

import itertools

import sympy as sp

from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import Game

__all__ = ["CARDS", "PLAYERS", "three_player_kuhn_poker"]

#: The deck, lowest first.
CARDS = ("J", "Q", "K", "A")
#: The players, in the order they act.
PLAYERS = ("P1", "P2", "P3")


def three_player_kuhn_poker(ante: object = 1, bet: object = 1) -> Game:
    """Three-player Kuhn poker (module docstring) with the given ante and bet (exact, may be symbols).

    Information sets are labelled by the player's card and the betting so far, ``"K:xb"``
    (holding K after a check and a bet); the letters are x (check), b (bet), c (call), f (fold).

    Returns
    -------
    Game
        3 players, 24 deals of probability 1/24, 48 information sets (16 per player).

    Raises
    ------
    GameModelError
        If the ante or the bet is not an exact positive amount.

    Examples
    --------
    >>> g = three_player_kuhn_poker()
    >>> g.num_players, len(g.infosets)
    (3, 48)
    >>> g.infoset(0, "A:xxb").actions  # P1 holds A: he checked, P2 checked, P3 bet
    ('fold', 'call')

    References
    ----------
    Kuhn (1950) for the two-player game; Szafron, Gibson & Sturtevant (2013), AAMAS.
    """
    a = exact_value(ante, "ante")
    b = exact_value(bet, "bet")
    for name, amount in (("ante", a), ("bet", b)):
        if amount.is_positive is not True:
            from derive.extensive_form.game import GameModelError

            raise GameModelError(f"the {name} must be positive, got {amount}")

    def showdown(cards, stake):
        """Payoffs when the players with ``stake[p] > 0`` beyond the ante compete (``None``: everyone)."""
        pot = sum(stake, sp.S.Zero)
        contenders = [p for p in range(3) if stake[p] == max(stake)]
        winner = max(contenders, key=lambda p: CARDS.index(cards[p]))
        return payoff(*[pot - stake[p] if p == winner else -stake[p] for p in range(3)])

    def node(cards, history: str):
        n = len(history)
        if "b" not in history:
            if n == 3:  # check, check, check
                return showdown(cards, [a, a, a])
            p = n
            return decision(
                p,
                f"{cards[p]}:{history}" if history else cards[p],
                {"check": node(cards, history + "x"), "bet": node(cards, history + "b")},
            )
        bettor = history.index("b")
        after = history[bettor + 1 :]
        if len(after) == 2:  # the other two have answered the bet
            stake = [a, a, a]
            stake[bettor] += b
            for k, letter in enumerate(after):
                if letter == "c":
                    stake[(bettor + 1 + k) % 3] += b
            return showdown(cards, stake)
        p = (bettor + 1 + len(after)) % 3
        return decision(
            p,
            f"{cards[p]}:{history}",
            {"fold": node(cards, history + "f"), "call": node(cards, history + "c")},
        )

    deals = {"".join(d): (sp.Rational(1, 24), node(d, "")) for d in itertools.permutations(CARDS, 3)}
    return extensive_form(
        list(PLAYERS),
        chance(deals),
        title="Three-player Kuhn poker",
        comment="Szafron, Gibson & Sturtevant (2013); OpenSpiel's kuhn_poker(players=3)",
    )
