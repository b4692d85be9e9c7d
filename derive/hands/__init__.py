"""Poker hand probabilities, derived exactly: hand-class counts, draw odds and the seed texts' claims.

Three parts, each exact (sympy Integers and Rationals, never floats):

1. **Hand-class counts** (:func:`hand_table`): the number of 3-card and 5-card
   hands of each class in a deck of ``ranks`` ranks and ``suits`` suits, as an
   unevaluated product of binomial coefficients (the derivation a student would
   write, e.g. ``C(13,1)·C(4,3)`` for three of a kind in three-card poker), its
   value, and the probability. The formulas are general in ranks and suits, so
   :func:`brute_force_counts` can check them on any small deck by enumerating
   every hand.
2. **Draw odds** (:func:`draw_odds`): the exact probability that drawing ``n``
   cards to a holding makes a target hand, and the odds against it, by
   enumerating every possible draw.
3. **The seed texts' claims** (:func:`seed_claims`): each numeric claim of
   ``three-card-poker-frequencies.txt`` and ``hoyle-draw-odds-and-laws.txt``
   with its quote, the stated value, the exact value and a verdict.

Conventions (each text's own)
-----------------------------
- **Three-card poker** (the frequency table): classes straight flush, three of
  a kind, straight, flush, one pair, high card (the text's "Nothing"). The ace
  plays high or low, "from A-2-3 up to Q-K-A" (12 straights), never both
  (K-A-2 is not a straight).
- **Five-card draw poker** (Hoyle, Law 35, "Rank of the Hands"): ten classes,
  the royal flush reported separately from the other straight flushes; the
  ace "cannot be used to form such combinations as Q K A 2 3; but it may be
  used as the bottom of 5 4 3 2, or the top of 10 J Q K" (10 straights).
- **Other decks**: the ranks are the top ``ranks`` ranks of 2 < 3 < ... < A
  (a stripped deck, as the 32-card piquet pack), the top rank plays the ace
  and may also play below the lowest rank (A-6-7-8-9 in a 36-card deck), so a
  deck of ``R > h`` ranks has ``R - h + 2`` straights of ``h`` cards, and one
  if ``R = h``.
- **Draws**: as in the Hoyle text, the cards are drawn from the rest of the
  deck, the ``52 - k`` cards other than the ``k`` held. This is exact when the
  discards are not taken into account: if they are any set of the other cards,
  uniformly at random, drawing ``n`` of the cards left after them is drawing
  ``n`` of the ``52 - k``. Pass ``discards`` to draw from the cards actually
  unseen (the text's straight-flush odds, 12 to 1, show it did not: with three
  discards known they are 11 to 1).

Sources: "Calculating Frequency of 3-Card Poker Hands" (the forum post in
``three-card-poker-frequencies.txt``); the Hoyle text's "Part 28" (draws,
triplets) and Poker Laws 35-36 (rank of the hands) in
``hoyle-draw-odds-and-laws.txt``, by all appearances R. F. Foster's *Complete
Hoyle* (1897). The claims and their verdicts are tabulated in
``docs/seed-claims.md``.

Modules (imports flow down this list, never up)
-----------------------------------------------
- :mod:`derive.hands.errors`: :class:`HandsError` and its subclasses.
- :mod:`derive.hands.cards`: :class:`Card`, :func:`parse_cards`, :func:`format_cards`, deck checks.
- :mod:`derive.hands.classes`: the classes of 3-card and 5-card hands, their aliases, hand-size checks.
- :mod:`derive.hands.evaluate`: :func:`hand_value`, :func:`classify_hand`, :func:`brute_force_counts`.
- :mod:`derive.hands.exact`: odds against a probability, decimals of a rational (private helpers).
- :mod:`derive.hands.counting`: :func:`hand_table`, :func:`general_formulas`, the formulas' printers.
- :mod:`derive.hands.draws`: :func:`draw_odds` and :class:`DrawOdds`.
- :mod:`derive.hands.claims`: the seed texts' claims, :func:`seed_claims`, :func:`claim_holds`.
- :mod:`derive.hands.report`: :func:`claims_text`, the claims as plain text.
- :mod:`derive.hands.cli`: :func:`hands_main`, the command ``derive hands``.
"""

from __future__ import annotations

from derive.hands.cards import Card, format_cards, parse_cards
from derive.hands.claims import (
    ABOUT_RULE,
    EXACT_RULE,
    HOYLE_SOURCE,
    ROUNDED_RULE,
    THREE_CARD_SOURCE,
    AlternativeReading,
    Claim,
    claim_holds,
    hoyle_claims,
    seed_claims,
    three_card_claims,
)
from derive.hands.classes import FIVE_CARD_CLASSES, THREE_CARD_CLASSES
from derive.hands.cli import hands_main
from derive.hands.counting import (
    HandClassRow,
    HandTable,
    formula_latex,
    formula_text,
    general_formulas,
    hand_table,
)
from derive.hands.draws import DrawOdds, draw_odds
from derive.hands.errors import DeckError, HandsError, HandSizeError, UnknownHoldingError, UnknownTargetError
from derive.hands.evaluate import HandValue, brute_force_counts, classify_hand, hand_value
from derive.hands.report import claims_text

__all__ = [
    "ABOUT_RULE",
    "EXACT_RULE",
    "FIVE_CARD_CLASSES",
    "HOYLE_SOURCE",
    "ROUNDED_RULE",
    "THREE_CARD_CLASSES",
    "THREE_CARD_SOURCE",
    "AlternativeReading",
    "Card",
    "Claim",
    "DeckError",
    "DrawOdds",
    "HandClassRow",
    "HandSizeError",
    "HandTable",
    "HandValue",
    "HandsError",
    "UnknownHoldingError",
    "UnknownTargetError",
    "brute_force_counts",
    "claim_holds",
    "claims_text",
    "classify_hand",
    "draw_odds",
    "format_cards",
    "formula_latex",
    "formula_text",
    "general_formulas",
    "hand_table",
    "hand_value",
    "hands_main",
    "hoyle_claims",
    "parse_cards",
    "seed_claims",
    "three_card_claims",
]
