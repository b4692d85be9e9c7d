"""The classes of player hands: :class:`HandClass`, :func:`hand_classes`, :func:`hand_class`.

What the dealer's chances depend on is the player's three cards up to a renaming of the suits:
their ranks and which of them share a suit.  Three distinct ranks come in five suit patterns (all
one suit; the two higher cards suited; the highest and lowest; the two lower; all different,
"rainbow"), a pair in two (the odd card in the suit of a pair card or not), three of a kind in one:
C(13,3)·5 + 13·12·2 + 13 = 1755 classes of the 22,100 hands.  Renaming suits maps the dealer's
hands one-to-one onto themselves and keeps every hand's value, so all the hands of a class face the
same dealer's counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from derive.casino.errors import CasinoError
from derive.hands.cards import Card, format_cards, parse_cards
from derive.hands.errors import HandsError
from derive.hands.evaluate import HandValue, hand_value

__all__ = [
    "HandClass",
    "hand_class",
    "hand_classes",
]

_SYMBOLS = format_cards(Card(r, 0) for r in range(13)).replace("c", "").split()


@dataclass(frozen=True)
class HandClass:
    """The player hands that differ only by a renaming of suits.

    Attributes
    ----------
    ranks : tuple of int, length 3
        Rank indices (0 the deuce, 12 the ace), highest first, a pair's rank before the odd card.
    pattern : str
        Which cards share a suit: ``"suited"``, ``"rainbow"``, ``"Q6 suited"`` (those two ranks
        share a suit, the third does not), ``"odd card in a pair suit"``, ``"odd card off the
        pair's suits"``, or ``""`` for three of a kind.
    size : int
        How many of the 22,100 hands are in the class (4, 12 or 24).
    cards : tuple of Card, length 3
        One hand of the class (clubs first, then diamonds, hearts).
    value : HandValue
        The hands' value (:func:`derive.hands.hand_value`).
    order : int
        Its place in hand order, 0 the weakest (classes of equal value in a fixed order of patterns).
    """

    ranks: tuple[int, ...]
    pattern: str
    size: int
    cards: tuple[Card, ...]
    value: HandValue
    order: int

    @property
    def name(self) -> str:
        """The ranks, ``"Q-6-4"`` (A-2-3 is ``"3-2-A"``, the straight's order)."""
        ranks = self.ranks
        if self.value.name in ("straight", "straight flush") and ranks == (12, 1, 0):
            ranks = (1, 0, 12)
        return "-".join(_SYMBOLS[r] for r in ranks)

    @property
    def label(self) -> str:
        """Name and pattern, ``"Q-6-4 rainbow"``."""
        return f"{self.name} {self.pattern}".strip()

    @property
    def cards_text(self) -> str:
        """The representative hand, ``"Qc 6d 4h"``."""
        return format_cards(self.cards)


def _suit_patterns(ranks: tuple[int, ...]) -> list[tuple[str, tuple[int, ...], int]]:
    """(pattern, the suits of the representative, class size) for ranks highest first."""
    hi, mid, lo = (_SYMBOLS[r] for r in ranks)
    if ranks[0] == ranks[2]:
        return [("", (0, 1, 2), 4)]
    if ranks[0] == ranks[1]:
        return [("odd card off the pair's suits", (0, 1, 2), 12), ("odd card in a pair suit", (0, 1, 0), 12)]
    return [
        ("suited", (0, 0, 0), 4),
        (f"{hi}{mid} suited", (0, 0, 1), 12),
        (f"{hi}{lo} suited", (0, 1, 0), 12),
        (f"{mid}{lo} suited", (1, 0, 0), 12),
        ("rainbow", (0, 1, 2), 24),
    ]


def _rank_triples() -> list[tuple[int, ...]]:
    out = [tuple(sorted(t, reverse=True)) for t in combinations(range(13), 3)]
    out += [(p, p, k) for p in range(13) for k in range(13) if k != p]
    out += [(t, t, t) for t in range(13)]
    return out


@lru_cache(maxsize=1)
def hand_classes() -> tuple[HandClass, ...]:
    """The 1755 classes of player hands, weakest first.

    Returns
    -------
    tuple of HandClass
        In hand order; their sizes sum to 22,100.

    Raises
    ------
    None

    Examples
    --------
    >>> classes = hand_classes()
    >>> len(classes), sum(c.size for c in classes)
    (1755, 22100)
    >>> classes[0].label, classes[-1].label, classes[-1].value.name
    ('5-3-2 53 suited', 'A-K-Q suited', 'straight flush')
    """
    found = []
    for ranks in _rank_triples():
        for position, (pattern, suits, size) in enumerate(_suit_patterns(ranks)):
            cards = tuple(Card(r, s) for r, s in zip(ranks, suits))
            found.append((hand_value(cards), position, ranks, pattern, size, cards))
    found.sort(key=lambda f: (f[0], f[1]))
    return tuple(
        HandClass(ranks, pattern, size, cards, value, order)
        for order, (value, _, ranks, pattern, size, cards) in enumerate(found)
    )


def _class_key(cards: Sequence[Card]) -> tuple[tuple[int, ...], str]:
    """(ranks, pattern) of a hand: ranks highest first, a pair's before the odd card."""
    ordered = sorted(cards, key=lambda c: -c.rank)
    if ordered[1].rank == ordered[2].rank != ordered[0].rank:  # the pair first
        ordered = [ordered[1], ordered[2], ordered[0]]
    ranks = tuple(c.rank for c in ordered)
    s0, s1, s2 = (c.suit for c in ordered)
    patterns = [p for p, _, _ in _suit_patterns(ranks)]
    if ranks[0] == ranks[2]:
        position = 0
    elif ranks[0] == ranks[1]:
        position = 1 if s2 in (s0, s1) else 0
    elif s0 == s1 == s2:
        position = 0
    else:
        position = 1 if s0 == s1 else 2 if s0 == s2 else 3 if s1 == s2 else 4
    return ranks, patterns[position]


@lru_cache(maxsize=1)
def _by_key() -> dict[tuple[tuple[int, ...], str], HandClass]:
    return {(c.ranks, c.pattern): c for c in hand_classes()}


def hand_class(cards: str | Sequence[tuple[int, int]]) -> HandClass:
    """The class of a player hand.

    Parameters
    ----------
    cards : str or sequence of (rank, suit)
        Three cards, named (``"Qs 6h 4s"``) or as :class:`derive.hands.Card` indices.

    Returns
    -------
    HandClass

    Raises
    ------
    CasinoError
        Not three distinct cards of the 52-card deck.

    Examples
    --------
    >>> hand_class("4s Qs 6h").label, hand_class("4s Qs 6h").size
    ('Q-6-4 Q4 suited', 12)
    """
    try:
        hand = parse_cards(cards) if isinstance(cards, str) else tuple(Card(int(r), int(s)) for r, s in cards)
    except (HandsError, TypeError, ValueError) as exc:
        raise CasinoError(f"cards: {exc}") from None
    if len(hand) != 3 or len(set(hand)) != 3 or not all(0 <= c.rank < 13 and 0 <= c.suit < 4 for c in hand):
        raise CasinoError(f"cards: three distinct cards of the 52-card deck are needed, got {cards!r}")
    return _by_key()[_class_key(hand)]
