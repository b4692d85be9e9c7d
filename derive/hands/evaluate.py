"""Classifying one hand: :class:`HandValue`, :func:`hand_value`, :func:`classify_hand`, and
:func:`brute_force_counts`, which classifies every hand of a deck with the same code.

The ace plays high or low, never both (no wrap-around); a hand's class depends only on its
ranks and on whether its cards share one suit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from derive.hands.cards import _as_cards, _positive_int
from derive.hands.classes import _CLASSES, _check_hand_size, _check_table

__all__ = [
    "HandValue",
    "brute_force_counts",
    "classify_hand",
    "hand_value",
]


@dataclass(frozen=True, order=True)
class HandValue:
    """The strength of a hand: its class, then the ranks that break ties. Values compare like hands.

    Attributes
    ----------
    category : int
        The class's position from the bottom of its table (0 is high card).
    tiebreak : tuple of int
        Rank indices, most significant first: the pair, trips or quads rank
        before the odd cards; the top card of a straight (3 for A-2-3-4-5).
    name : str
        The class, e.g. ``"full house"`` (not compared).

    Examples
    --------
    >>> hand_value("As Ah 2c 2d 3s") > hand_value("Ks Kh Qc Qd Js")
    True
    >>> hand_value("Ah 2c 3d 4s 5s")
    HandValue(category=4, tiebreak=(3,), name='straight')
    """

    category: int
    tiebreak: tuple[int, ...]
    name: str = field(compare=False)

    @property
    def principal_rank(self) -> int:
        """The rank that names the hand: the pair, the higher pair, the trips, the top card.

        Returns
        -------
        int
            ``tiebreak[0]``.

        Examples
        --------
        >>> hand_value("Kc Kd 5h 5s 2c").principal_rank
        11
        """
        return self.tiebreak[0]


def _straight_top(ranks: tuple[int, ...], n_ranks: int) -> int | None:
    """The top rank index of a straight on these distinct ascending ranks, or None."""
    h = len(ranks)
    if ranks[-1] - ranks[0] == h - 1:
        return ranks[-1]
    if ranks[-1] == n_ranks - 1 and ranks[:-1] == tuple(range(h - 1)):
        return h - 2  # the ace plays low: A-2-3 tops at 3
    return None


def _evaluate(ranks: tuple[int, ...], flush: bool, n_ranks: int) -> HandValue:
    """Classify a hand from its ascending rank indices and whether its cards share one suit."""
    h = len(ranks)
    order = _CLASSES[h]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(c for _, c in groups)
    by_group = tuple(r for r, _ in groups)
    top = _straight_top(ranks, n_ranks) if len(counts) == h else None

    def value(name: str, tiebreak: tuple[int, ...]) -> HandValue:
        return HandValue(len(order) - 1 - order.index(name), tiebreak, name)

    if top is not None and flush:
        royal = h == 5 and top == n_ranks - 1
        return value("royal flush" if royal else "straight flush", (top,))
    if shape[0] == 4:
        return value("four of a kind", by_group)
    if shape[:2] == (3, 2):
        return value("full house", by_group)
    if top is not None:
        return value("straight", (top,))
    if flush:
        return value("flush", by_group)
    if shape[0] == 3:
        return value("three of a kind", by_group)
    if shape[:2] == (2, 2):
        return value("two pair", by_group)
    if shape[0] == 2:
        return value("one pair", by_group)
    return value("high card", by_group)


def hand_value(cards: str | Sequence[tuple[int, int]], ranks: int = 13) -> HandValue:
    """The value of a 3-card or 5-card hand, with the texts' conventions (ace high or low).

    Parameters
    ----------
    cards : str or sequence of (rank, suit)
        Named cards (``"As Kd Qh"``) or :class:`Card` indices.
    ranks : int
        The deck's number of ranks; its top rank is the ace.

    Returns
    -------
    HandValue
        Comparable: a better hand has a larger value.

    Raises
    ------
    HandSizeError
        Not 3 or 5 cards.
    UnknownHoldingError
        An unknown or repeated card.
    DeckError
        Ranks not a positive integer, or more than 13 for named cards.

    Examples
    --------
    >>> hand_value("Qh Kh Ah").name, hand_value("Ah 2h 3h") < hand_value("2h 3h 4h")
    ('straight flush', True)
    """
    ranks = _positive_int(ranks, "ranks")
    hand = _as_cards(cards, ranks, None)
    _check_hand_size(len(hand), len(hand), "the hand")
    return _evaluate(tuple(sorted(c.rank for c in hand)), len({c.suit for c in hand}) == 1, ranks)


def classify_hand(cards: str | Sequence[tuple[int, int]], ranks: int = 13) -> str:
    """The class of a 3-card or 5-card hand (a name from :data:`THREE_CARD_CLASSES` or :data:`FIVE_CARD_CLASSES`).

    Parameters
    ----------
    cards : str or sequence of (rank, suit)
        Named cards or :class:`Card` indices.
    ranks : int
        The deck's number of ranks; its top rank is the ace.

    Returns
    -------
    str
        The class name.

    Raises
    ------
    HandSizeError
        Not 3 or 5 cards.
    UnknownHoldingError
        An unknown or repeated card.
    DeckError
        Ranks not a positive integer, or more than 13 for named cards.

    Examples
    --------
    >>> classify_hand("Ah 2c 3d"), classify_hand("Kh Ac 2d")
    ('straight', 'high card')
    >>> classify_hand("Th Jh Qh Kh Ah"), classify_hand("Ah 2h 3h 4h 5h")
    ('royal flush', 'straight flush')
    """
    return hand_value(cards, ranks).name


def brute_force_counts(hand_size: int, ranks: int = 13, suits: int = 4) -> dict[str, int]:
    """Count the hands of each class by dealing every hand of a real deck (itertools.combinations).

    Every one of the ``C(ranks*suits, hand_size)`` hands is enumerated; a
    hand's class depends only on its ranks and on whether it is one suit, so
    each hand is reduced to that key and each distinct key is classified by
    the same code as :func:`classify_hand`. The full 5-card deck (2,598,960
    hands) takes about a second.

    Parameters
    ----------
    hand_size : int
        3 or 5.
    ranks, suits : int
        The deck.

    Returns
    -------
    dict of str to int
        Count per class, in the table's order (best first), zeros included.

    Raises
    ------
    HandSizeError
        An unsupported hand size or one larger than the deck.
    DeckError
        Ranks or suits not a positive integer, or more than 4 suits for 5-card hands.

    Examples
    --------
    >>> brute_force_counts(3)
    {'straight flush': 48, 'three of a kind': 52, 'straight': 720, 'flush': 1096, 'one pair': 3744, 'high card': 16440}
    """
    h, ranks, suits = _check_table(hand_size, ranks, suits)
    # the deck in rank order, so that a combination's ranks come out sorted
    rank_of = [i // suits for i in range(ranks * suits)]
    suit_of = [i % suits for i in range(ranks * suits)]
    rank, suit = rank_of.__getitem__, suit_of.__getitem__
    keys = Counter(
        (tuple(map(rank, hand)), len(set(map(suit, hand))) == 1)
        for hand in combinations(range(ranks * suits), h)
    )
    counts = dict.fromkeys(_CLASSES[h], 0)
    for (hand_ranks, flush), n in keys.items():
        counts[_evaluate(hand_ranks, flush, ranks).name] += n
    return counts
