"""The hand classes of each game: their names best first, the seed texts' names for them, the
aliases a target may use, the straight conventions, and the checks of a hand size.

Three-card poker (hand size 3) follows the frequency table, draw poker (hand size 5) Hoyle's
Law 35, the royal flush reported separately.
"""

from __future__ import annotations

from derive.hands.cards import _check_deck, _deck_text
from derive.hands.errors import DeckError, HandSizeError

__all__ = [
    "FIVE_CARD_CLASSES",
    "THREE_CARD_CLASSES",
]


#: Three-card poker's classes, best first, as in the frequency table.
THREE_CARD_CLASSES: tuple[str, ...] = (
    "straight flush",
    "three of a kind",
    "straight",
    "flush",
    "one pair",
    "high card",
)
#: Draw poker's classes, best first, as in Hoyle's Law 35 (the royal flush reported separately).
FIVE_CARD_CLASSES: tuple[str, ...] = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
)
_CLASSES = {3: THREE_CARD_CLASSES, 5: FIVE_CARD_CLASSES}
_SOURCE_NAMES = {
    3: ("Straight Flush", "Three of a Kind", "Straight", "Flush", "One Pair", "Nothing"),
    5: (
        "Royal Flush",
        "Straight Flush",
        "Four of a Kind",
        "Full Hand",
        "Flush",
        "Straight",
        "Three of a Kind",
        "Two Pairs",
        "A Pair",
        "Highest Card",
    ),
}
_SOURCES = {
    3: "three-card poker, as in three-card-poker-frequencies.txt",
    5: "draw poker, Hoyle's Law 35 (hoyle-draw-odds-and-laws.txt)",
}
_CONVENTIONS = {
    3: "ace high or low (A-2-3 up to Q-K-A), no wrap-around; a straight beats a flush",
    5: "ace high or low (A-2-3-4-5 up to 10-J-Q-K-A), no wrap-around; royal flush reported separately",
}
_ALIASES = {
    "royal": "royal flush",
    "royal flush": "royal flush",
    "straight flush": "straight flush",
    "four of a kind": "four of a kind",
    "fours": "four of a kind",
    "quads": "four of a kind",
    "full house": "full house",
    "full hand": "full house",
    "full": "full house",
    "flush": "flush",
    "straight": "straight",
    "three of a kind": "three of a kind",
    "trips": "three of a kind",
    "triplets": "three of a kind",
    "two pair": "two pair",
    "two pairs": "two pair",
    "one pair": "one pair",
    "pair": "one pair",
    "a pair": "one pair",
    "high card": "high card",
    "highest card": "high card",
    "nothing": "high card",
}
_SUPPORTED_SIZES = (3, 5)


def _check_hand_size(hand_size: object, cards: int, where: str) -> int:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int):
        raise HandSizeError(f"hand size must be an integer, got {hand_size!r}")
    if hand_size not in _SUPPORTED_SIZES:
        raise HandSizeError(f"hand size {hand_size} is not supported: 3 (three-card poker) or 5 (draw poker)")
    if hand_size > cards:
        raise HandSizeError(f"hand size {hand_size} is larger than {where} ({cards} cards)")
    return hand_size


def _check_table(hand_size: object, ranks: object, suits: object) -> tuple[int, int, int]:
    """Check a deck and a hand size for a table of classes; return them."""
    ranks, suits = _check_deck(ranks, suits)
    h = _check_hand_size(hand_size, ranks * suits, f"the deck of {_deck_text(ranks, suits)}")
    if h == 5 and suits > 4:
        raise DeckError(
            f"5-card hands need at most 4 suits, got suits={suits}: five of a kind is not a class of Hoyle's table"
        )
    return h, ranks, suits
