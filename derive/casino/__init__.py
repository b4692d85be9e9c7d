"""Casino games derived exactly: Three Card Poker, a player against a fixed dealer.

The seed text ``docs/sources/three-card-poker-frequencies.txt`` states the rules of the casino
game (ante and play against a dealer who qualifies with queen-high, ties pushed, an Ante Bonus for
a straight or better, Pair Plus paid on the player's three cards) and counts the hands.  This
package derives what the rules imply, exactly:

1. **The counts** (:func:`dealer_counts`): for each of the 1755 classes of player hands (ranks and
   which cards share a suit), the dealer's 18,424 hands from the 49 cards left that do not qualify,
   qualify and lose, tie, win, by inclusion-exclusion over the cards the two hands could share
   (:func:`inclusion_exclusion` shows the formula).
2. **The decision** (:func:`three_card_poker`): the player is the only decision-maker, so the
   optimal play is a best response to chance: play a hand when its expected value of playing
   beats folding's -1.  From it the weakest hand worth playing (Q-6-4 in the standard game), the
   strongest worth folding (Q-6-3), the house edge 686689/20358520 ≈ 3.3730% per ante, the element
   of risk, the probability of playing, the edges of simpler strategies and of Pair Plus tables.
3. **The report** (:func:`three_card_poker_text`, :func:`three_card_poker_json`,
   :func:`three_card_poker_latex`) and the command ``derive casino three-card-poker``.
4. **The game in the engine** (:func:`three_card_poker_game`): the same decision problem as a
   one-player :class:`~derive.extensive_form.game.Game` (chance deals the hand class, the player
   plays or folds, chance deals the dealer's outcome), the built-in game ``three-card-poker`` that
   ``derive solve`` solves as a best response to chance, to the same value (minus the house edge).

The qualifier and both pay tables are inputs (:class:`ThreeCardPokerRules`), exact numbers.

Modules (imports flow down this list, never up)
-----------------------------------------------
- :mod:`derive.casino.errors`: :class:`CasinoError`.
- :mod:`derive.casino.rules`: :class:`ThreeCardPokerRules`, the pay tables, the text's rules quoted.
- :mod:`derive.casino.classes`: the 1755 classes of player hands.
- :mod:`derive.casino.counting`: the dealer's counts against each class.
- :mod:`derive.casino.decision`: the expected values, the best response, the edges.
- :mod:`derive.casino.report`: plain text and JSON.
- :mod:`derive.casino.latex`: a LaTeX fragment.
- :mod:`derive.casino.tree`: the one-player extensive-form game of the general engine.

Examples
--------
>>> from derive.casino import ThreeCardPokerRules, three_card_poker
>>> three_card_poker().rule
'play Q-6-4 or better, fold Q-6-3 and worse'
>>> three_card_poker(ThreeCardPokerRules(qualifier="J")).rule
'play Q-3-2 or better, fold J-T-8 and worse'
"""

from __future__ import annotations

from derive.casino.classes import HandClass, hand_class, hand_classes
from derive.casino.counting import (
    DEALER_HANDS,
    OUTCOMES,
    PLAYER_HANDS,
    DealerCounts,
    InclusionExclusion,
    dealer_counts,
    inclusion_exclusion,
)
from derive.casino.decision import (
    HandDecision,
    PairPlusEdge,
    StrategyEdge,
    ThreeCardPokerAnalysis,
    evaluate_strategy,
    pair_plus_edge,
    three_card_poker,
)
from derive.casino.errors import CasinoError
from derive.casino.latex import three_card_poker_latex
from derive.casino.report import three_card_poker_json, three_card_poker_text
from derive.casino.rules import (
    ANTE_BONUS_CLASSES,
    PAIR_PLUS_CLASSES,
    PAIR_PLUS_TABLES,
    SOURCE,
    SOURCE_RULES,
    STANDARD_ANTE_BONUS,
    PairPlusTable,
    ThreeCardPokerRules,
)
from derive.casino.tree import three_card_poker_game

__all__ = [
    "ANTE_BONUS_CLASSES",
    "DEALER_HANDS",
    "OUTCOMES",
    "PAIR_PLUS_CLASSES",
    "PAIR_PLUS_TABLES",
    "PLAYER_HANDS",
    "SOURCE",
    "SOURCE_RULES",
    "STANDARD_ANTE_BONUS",
    "CasinoError",
    "DealerCounts",
    "HandClass",
    "HandDecision",
    "InclusionExclusion",
    "PairPlusEdge",
    "PairPlusTable",
    "StrategyEdge",
    "ThreeCardPokerAnalysis",
    "ThreeCardPokerRules",
    "dealer_counts",
    "evaluate_strategy",
    "hand_class",
    "hand_classes",
    "inclusion_exclusion",
    "pair_plus_edge",
    "three_card_poker",
    "three_card_poker_game",
    "three_card_poker_json",
    "three_card_poker_latex",
    "three_card_poker_text",
]
