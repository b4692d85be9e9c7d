"""Three Card Poker as a one-player extensive-form game: :func:`three_card_poker_game`.

The casino game against a fixed dealer is a decision problem: one decision-maker against chance.
As a :class:`~derive.extensive_form.game.Game` of the general engine it is

1. chance deals the player's hand class (one of the 1755 classes of :func:`derive.casino.hand_classes`,
   each with probability ``size / 22100``);
2. the player, seeing his hand, plays or folds at the information set labelled by the class
   (``"Q-6-4 64 suited"``); a fold loses the ante, -1;
3. after a play, chance draws the dealer's outcome from his 18,424 hands of the 49 cards left
   (:func:`derive.casino.dealer_counts`, each outcome with probability ``count / 18424``; an outcome
   with no hands is left out): he does not qualify (ante +1, play bet pushes), qualifies and loses
   (+2), ties (0) or wins (-2), plus the Ante Bonus of the player's hand.

Payoffs are per ante of 1, exact; Pair Plus, a separate bet on the player's cards alone, is left out.
The engine's solution (:func:`derive.solving.one_player.solve_decision_problem`, ``derive solve
three-card-poker``) is the best response of :func:`derive.casino.three_card_poker`: its value is
minus the house edge.
"""

from __future__ import annotations

from fractions import Fraction

from derive.casino.classes import hand_classes
from derive.casino.counting import DEALER_HANDS, OUTCOMES, PLAYER_HANDS, dealer_counts
from derive.casino.rules import SOURCE, ThreeCardPokerRules
from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import Game

__all__ = ["PLAYER", "three_card_poker_game"]

#: The decision-maker's name in the game.
PLAYER = "player"

#: The player's net result per ante against each dealer outcome of :data:`OUTCOMES`, before the Ante Bonus.
_RESULT = dict(zip(OUTCOMES, (1, 2, 0, -2)))


def three_card_poker_game(rules: ThreeCardPokerRules | None = None) -> Game:
    """Three Card Poker against the dealer as a one-player :class:`~derive.extensive_form.game.Game`.

    Parameters
    ----------
    rules : ThreeCardPokerRules, optional
        The dealer's qualifier and the Ante Bonus pay table (default: queen-high, 5-4-1); the
        Pair Plus table does not enter.

    Returns
    -------
    Game
        One player (``"player"``) and chance; 1755 information sets, one per hand class, in hand
        order (weakest first), each with the actions ``"fold"`` and ``"play"`` (folding first, so
        that on a tie the engine's strategy folds, as :func:`derive.casino.three_card_poker` does);
        payoffs per ante of 1.  ``game.metadata`` holds ``rules``, ``source`` and ``classes`` (the
        :class:`~derive.casino.HandClass` of each information set, by label).

    Raises
    ------
    None
        Bad rules are refused by :class:`ThreeCardPokerRules`.

    Examples
    --------
    >>> game = three_card_poker_game()
    >>> game.players, len(game.infosets), game.infosets[0].label, game.infosets[0].actions
    (('player',), 1755, '5-3-2 53 suited', ('fold', 'play'))
    >>> game.root.probabilities[0], game.infoset(0, "Q-6-4 64 suited").actions
    (3/5525, ('fold', 'play'))

    References
    ----------
    The rules: ``docs/sources/three-card-poker-frequencies.txt`` ("TRI-CARD POKER - Game Play"); the
    standard Ante Bonus 5-4-1, https://wizardofodds.com/games/three-card-poker/.  A one-player game
    with chance as a decision tree: Raiffa (1968), *Decision Analysis*, ch. 1-2.
    """
    rules = rules or ThreeCardPokerRules()
    classes = hand_classes()
    branches = {}
    for hand, counts in zip(classes, dealer_counts(rules)):
        bonus = rules.bonus(hand.value.name)
        dealer = {
            f"dealer {outcome}": (Fraction(n, DEALER_HANDS), payoff(_RESULT[outcome] + bonus))
            for outcome, n in zip(OUTCOMES, counts.as_tuple())
            if n
        }
        node = decision(PLAYER, hand.label, {"fold": payoff(-1), "play": chance(dealer)})
        branches[hand.label] = (Fraction(hand.size, PLAYER_HANDS), node)
    bonus = "-".join(str(p) for p in rules.ante_bonus)
    return extensive_form(
        [PLAYER],
        chance(branches),
        title=f"Three Card Poker against the dealer ({rules.qualifier}-high qualifies, Ante Bonus {bonus})",
        comment=(
            f"The rules of {SOURCE}: ante 1, play bet 1; payoffs per ante of 1; Pair Plus left out. "
            "Chance deals the player's hand class, he plays or folds, chance deals the dealer's outcome."
        ),
        metadata={"rules": rules, "source": SOURCE, "classes": {h.label: h for h in classes}},
    )
