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
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple, TextIO

import sympy as sp
from sympy.printing.str import StrPrinter

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

# ----------------------------------------------------------------------------------------------
# Errors


class HandsError(ValueError):
    """Bad input to the hand-probability functions (the message is one line naming the bad value)."""


class DeckError(HandsError):
    """A deck that cannot be built: ranks or suits not a positive integer, or cards that cannot be named."""


class HandSizeError(HandsError):
    """A hand size that is not supported, or larger than the cards it is dealt from."""


class UnknownHoldingError(HandsError):
    """A holding (or discards) spec with a card that is unknown, not in the deck, or repeated."""


class UnknownTargetError(HandsError):
    """A draw target spec that names an unknown hand class or rank, or is malformed."""


# ----------------------------------------------------------------------------------------------
# Classes and cards

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
_RANK_SYMBOLS = "23456789TJQKA"
_SUIT_SYMBOLS = "cdhs"
_SUIT_ALIASES = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


class Card(NamedTuple):
    """A card as indices into its deck: ``rank`` 0 is the deck's lowest rank, ``ranks - 1`` its ace.

    Attributes
    ----------
    rank : int
        The rank's index, ``0 <= rank < ranks``.
    suit : int
        The suit's index, ``0 <= suit < suits`` (clubs, diamonds, hearts, spades in a 4-suit deck).

    Examples
    --------
    >>> parse_cards("As 2c")
    (Card(rank=12, suit=3), Card(rank=0, suit=0))
    """

    rank: int
    suit: int


def _positive_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise DeckError(f"{what} must be a positive integer, got {value!r}")
    return value


def _check_deck(ranks: object, suits: object) -> tuple[int, int]:
    return _positive_int(ranks, "ranks"), _positive_int(suits, "suits")


def _check_named_deck(ranks: object, suits: object) -> tuple[int, int]:
    r, s = _check_deck(ranks, suits)
    if r > len(_RANK_SYMBOLS):
        raise DeckError(f"cards can be named only in decks of at most 13 ranks, got ranks={r}")
    if s > len(_SUIT_SYMBOLS):
        raise DeckError(f"cards can be named only in decks of at most 4 suits, got suits={s}")
    return r, s


def _rank_symbols(ranks: int) -> str:
    return _RANK_SYMBOLS[len(_RANK_SYMBOLS) - ranks :]


def _deck_text(ranks: int, suits: int) -> str:
    return f"{ranks} rank{'s' if ranks != 1 else ''} × {suits} suit{'s' if suits != 1 else ''}"


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


def parse_cards(spec: str, ranks: int = 13, suits: int = 4) -> tuple[Card, ...]:
    """Read cards such as ``"As Kd 10h"`` into :class:`Card` indices of the deck.

    A card is a rank (``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``;
    any case) followed by a suit (``c``, ``d``, ``h``, ``s`` or ``♣♦♥♠``);
    cards are separated by spaces or commas. A deck of fewer ranks keeps the
    top ones (``ranks=8`` is 7 to A), of fewer suits the first ones.

    Parameters
    ----------
    spec : str
        The cards; the empty string is no cards.
    ranks, suits : int
        The deck: at most 13 ranks and 4 suits, so that cards have names.

    Returns
    -------
    tuple of Card
        The cards in the order given.

    Raises
    ------
    UnknownHoldingError
        A token that is not a card, a card not in the deck, or a repeated card.
    DeckError
        A deck whose cards cannot be named.

    Examples
    --------
    >>> parse_cards("Ah, 10d")
    (Card(rank=12, suit=2), Card(rank=8, suit=1))
    >>> parse_cards("7c", ranks=8)
    (Card(rank=0, suit=0),)
    >>> parse_cards("As Xs")
    Traceback (most recent call last):
    ...
    derive.hands.UnknownHoldingError: unknown card 'Xs' in 'As Xs': a card is a rank 2-9, T, J, Q, K, A and a suit c, d, h, s
    """
    ranks, suits = _check_named_deck(ranks, suits)
    if not isinstance(spec, str):
        raise UnknownHoldingError(f"cards must be given as text such as 'As Kd', got {spec!r}")
    symbols = _rank_symbols(ranks)
    cards: list[Card] = []
    for token in spec.replace(",", " ").split():
        m = re.fullmatch(r"(10|[2-9tjqka])([cdhs♣♦♥♠])", token, flags=re.IGNORECASE)
        if m is None:
            raise UnknownHoldingError(
                f"unknown card {token!r} in {spec!r}: a card is a rank 2-9, T, J, Q, K, A and a suit c, d, h, s"
            )
        rank_symbol = "T" if m.group(1) == "10" else m.group(1).upper()
        suit_symbol = _SUIT_ALIASES.get(m.group(2), m.group(2).lower())
        if rank_symbol not in symbols or _SUIT_SYMBOLS.index(suit_symbol) >= suits:
            raise UnknownHoldingError(
                f"card {token!r} is not in the deck of {_deck_text(ranks, suits)} "
                f"(ranks {symbols[0]}-{symbols[-1]}, suits {_SUIT_SYMBOLS[:suits]})"
            )
        card = Card(symbols.index(rank_symbol), _SUIT_SYMBOLS.index(suit_symbol))
        if card in cards:
            raise UnknownHoldingError(f"card {token!r} appears twice in {spec!r}")
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card], ranks: int = 13) -> str:
    """Name cards of a deck of ``ranks`` ranks, the inverse of :func:`parse_cards`.

    Parameters
    ----------
    cards : iterable of Card
        The cards.
    ranks : int
        The deck's number of ranks (at most 13).

    Returns
    -------
    str
        The cards' names separated by spaces.

    Raises
    ------
    DeckError
        More than 13 ranks.

    Examples
    --------
    >>> format_cards(parse_cards("as 10h 7C"))
    'As Th 7c'
    """
    ranks, _ = _check_named_deck(ranks, 1)
    symbols = _rank_symbols(ranks)
    return " ".join(symbols[c.rank] + _SUIT_SYMBOLS[c.suit] for c in cards)


# ----------------------------------------------------------------------------------------------
# Classifying one hand (the code the brute-force checks run)


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


def _as_cards(cards: str | Sequence[tuple[int, int]], ranks: int, suits: int | None) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, ranks, 4 if suits is None else suits)
    out = tuple(Card(int(r), int(s)) for r, s in cards)
    for c in out:
        if not 0 <= c.rank < ranks or c.suit < 0 or (suits is not None and c.suit >= suits):
            raise UnknownHoldingError(f"card {tuple(c)} is not in a deck of {ranks} ranks")
    if len(set(out)) != len(out):
        raise UnknownHoldingError(f"a card appears twice in {tuple(tuple(c) for c in out)}")
    return out


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


# ----------------------------------------------------------------------------------------------
# The symbolic table


def _b(n: object, k: int) -> sp.Expr:
    return sp.binomial(n, k, evaluate=False)


def _mul(*args: sp.Expr) -> sp.Expr:
    return sp.Mul(*args, evaluate=False)


def _minus(a: sp.Expr, b: sp.Expr) -> sp.Expr:
    return sp.Add(a, sp.Mul(-1, b, evaluate=False), evaluate=False)


def _pow(a: sp.Expr, e: int) -> sp.Expr:
    return sp.Pow(a, e, evaluate=False)


def _n_straights(h: int, ranks: int) -> int:
    if ranks > h:
        return ranks - h + 2
    return 1 if ranks == h else 0


def _formulas(h: int, R: object, S: object, n: object) -> dict[str, tuple[sp.Expr, str]]:
    """The unevaluated count of each class and how it is read, for ``R`` ranks, ``S`` suits, ``n`` straights."""

    def less(x: object, k: int) -> object:  # R - k ranks left, never negative in a small deck
        return max(x - k, 0) if isinstance(x, int) else sp.Add(x, -k, evaluate=False)

    if h == 3:
        return {
            "straight flush": (
                _mul(_b(n, 1), _b(S, 1)),
                f"one of the {n} straights, in one of the {S} suits",
            ),
            "three of a kind": (_mul(_b(R, 1), _b(S, 3)), "a rank, and 3 of its suits"),
            "straight": (
                _minus(_mul(_b(n, 1), _pow(_b(S, 1), 3)), _mul(_b(n, 1), _b(S, 1))),
                "a straight, any suit for each card, less the straight flushes",
            ),
            "flush": (
                _minus(_mul(_b(R, 3), _b(S, 1)), _mul(_b(n, 1), _b(S, 1))),
                "3 ranks in one suit, less the straight flushes",
            ),
            "one pair": (
                _mul(_b(R, 1), _b(S, 2), _b(less(R, 1), 1), _b(S, 1)),
                "the pair's rank and 2 of its suits, then an odd card of another rank",
            ),
            "high card": (
                _mul(_minus(_b(R, 3), _b(n, 1)), _minus(_pow(_b(S, 1), 3), _b(S, 1))),
                "3 ranks not in sequence, suits not all alike",
            ),
        }
    royal = _b(S, 1) if not isinstance(n, int) or n >= 1 else sp.Integer(0)
    n_other = less(n, 1) if isinstance(n, int) else less(R, h - 1)  # straights below the royal
    return {
        "royal flush": (royal, "10-J-Q-K-A in one of the suits"),
        "straight flush": (
            _mul(_b(n_other, 1), _b(S, 1)),
            f"one of the {n_other} lower straights, in one suit",
        ),
        "four of a kind": (
            _mul(_b(R, 1), _b(S, 4), _b(less(R, 1), 1), _b(S, 1)),
            "a rank and all 4 of its suits, then an odd card",
        ),
        "full house": (
            _mul(_b(R, 1), _b(S, 3), _b(less(R, 1), 1), _b(S, 2)),
            "the triplet's rank and 3 suits, the pair's rank and 2 suits",
        ),
        "flush": (
            _minus(_mul(_b(R, 5), _b(S, 1)), _mul(_b(n, 1), _b(S, 1))),
            "5 ranks in one suit, less the straight (and royal) flushes",
        ),
        "straight": (
            _minus(_mul(_b(n, 1), _pow(_b(S, 1), 5)), _mul(_b(n, 1), _b(S, 1))),
            "a straight, any suit for each card, less the straight (and royal) flushes",
        ),
        "three of a kind": (
            _mul(_b(R, 1), _b(S, 3), _b(less(R, 1), 2), _pow(_b(S, 1), 2)),
            "the triplet's rank and 3 suits, two odd ranks and their suits",
        ),
        "two pair": (
            _mul(_b(R, 2), _pow(_b(S, 2), 2), _b(less(R, 2), 1), _b(S, 1)),
            "2 ranks for the pairs and 2 suits of each, an odd card",
        ),
        "one pair": (
            _mul(_b(R, 1), _b(S, 2), _b(less(R, 1), 3), _pow(_b(S, 1), 3)),
            "the pair's rank and 2 suits, three odd ranks and their suits",
        ),
        "high card": (
            _mul(_minus(_b(R, 5), _b(n, 1)), _minus(_pow(_b(S, 1), 5), _b(S, 1))),
            "5 ranks not in sequence, suits not all alike",
        ),
    }


class _FormulaPrinter(StrPrinter):
    def _print_binomial(self, expr: sp.Expr) -> str:
        return f"C({self._print(expr.args[0])},{self._print(expr.args[1])})"


def formula_text(expr: sp.Expr) -> str:
    """Plain text of an unevaluated count, in the texts' notation: ``C(13,1)·C(4,3)``.

    Parameters
    ----------
    expr : sympy.Expr
        A formula from a :class:`HandClassRow` (kept unevaluated).

    Returns
    -------
    str
        ``C(n,k)`` for binomial coefficients, ``·`` for products, ``^`` for powers.

    Raises
    ------
    None
        Any sympy expression can be printed.

    Examples
    --------
    >>> formula_text(hand_table(3).row("straight").formula)
    'C(12,1)·C(4,1)^3 - C(12,1)·C(4,1)'
    """
    text = _FormulaPrinter({"order": "none"}).doprint(expr)
    return text.replace("**", "^").replace("*", "·")


def formula_latex(expr: sp.Expr) -> str:
    """LaTeX of an unevaluated count or an exact value, the order of the factors kept (``sympy.latex``).

    Parameters
    ----------
    expr : sympy.Expr
        A formula from :func:`hand_table` or :func:`general_formulas`, or a Rational.

    Returns
    -------
    str
        The LaTeX, without dollar signs.

    Raises
    ------
    None
        Any sympy expression can be printed.

    Examples
    --------
    >>> formula_latex(general_formulas(3)["three of a kind"])
    '{\\\\binom{R}{1}} {\\\\binom{S}{3}}'
    >>> formula_latex(sp.Rational(179, 66))
    '\\\\frac{179}{66}'
    """
    return sp.latex(expr, order="none")


def _latex_text(text: str) -> str:
    return r"\text{" + text + "}"


@dataclass(frozen=True)
class HandClassRow:
    """One class of a hand table: the derivation of its count, the count, and the probability.

    Attributes
    ----------
    name : str
        The class, e.g. ``"three of a kind"``.
    source_name : str
        The class's name in the seed text (``"Nothing"``, ``"Full Hand"``).
    formula : sympy.Expr
        The count as an unevaluated product of binomial coefficients.
    count : int
        Its value: the number of hands of the class.
    probability : sympy.Rational
        ``count`` over the number of hands.
    reason : str
        How the formula is read, in words.

    Examples
    --------
    >>> row = hand_table(3).row("three of a kind")
    >>> formula_text(row.formula), row.count, row.probability
    ('C(13,1)·C(4,3)', 52, 1/425)
    >>> row.latex
    '{\\\\binom{13}{1}} {\\\\binom{4}{3}}'
    """

    name: str
    source_name: str
    formula: sp.Expr
    count: int
    probability: sp.Rational
    reason: str

    @property
    def latex(self) -> str:
        """LaTeX of the unevaluated formula (``sympy.latex``, argument order kept).

        Returns
        -------
        str
            E.g. ``{\\binom{13}{1}} {\\binom{4}{3}}``.

        Examples
        --------
        >>> hand_table(5).row("royal flush").latex
        '{\\\\binom{4}{1}}'
        """
        return formula_latex(self.formula)

    @property
    def odds_against(self) -> sp.Expr:
        """The odds against the class, ``k`` to 1 with ``k = (1 - p) / p`` (``oo`` if impossible).

        Returns
        -------
        sympy.Rational or sympy.oo
            The exact ``k``.

        Examples
        --------
        >>> hand_table(5).row("three of a kind").odds_against
        4077/88
        """
        return _odds_against(self.probability)

    def _repr_latex_(self) -> str:
        return (
            f"${_latex_text(self.name)}: {self.latex} = {self.count}, "
            rf"\quad p = {sp.latex(self.probability)}$"
        )


@dataclass(frozen=True)
class HandTable:
    """The hands of a given size from a given deck, by class: a derivation of each count.

    Attributes
    ----------
    hand_size : int
        3 or 5.
    ranks, suits : int
        The deck.
    total_formula : sympy.Expr
        ``C(ranks*suits, hand_size)``, unevaluated.
    total : int
        The number of hands.
    rows : tuple of HandClassRow
        One row per class, best first; the counts sum to ``total``.
    source : str
        Whose classification the table follows.
    conventions : str
        The conventions for straights.

    Examples
    --------
    >>> t = hand_table(3)
    >>> t.total, [r.count for r in t.rows]
    (22100, [48, 52, 720, 1096, 3744, 16440])
    """

    hand_size: int
    ranks: int
    suits: int
    total_formula: sp.Expr
    total: int
    rows: tuple[HandClassRow, ...]
    source: str
    conventions: str

    @property
    def counts(self) -> dict[str, int]:
        """The count of each class, best first.

        Returns
        -------
        dict of str to int
            Comparable with :func:`brute_force_counts`.

        Examples
        --------
        >>> hand_table(5).counts["full house"]
        3744
        """
        return {r.name: r.count for r in self.rows}

    def row(self, name: str) -> HandClassRow:
        """The row of a class, by name or alias (``"trips"``, ``"full hand"``, ``"nothing"``).

        Parameters
        ----------
        name : str
            The class.

        Returns
        -------
        HandClassRow
            Its row.

        Raises
        ------
        UnknownTargetError
            A class that is not in this table.

        Examples
        --------
        >>> hand_table(5).row("Full Hand").count
        3744
        """
        key = _ALIASES.get(" ".join(str(name).lower().split()))
        for r in self.rows:
            if r.name == key:
                return r
        raise UnknownTargetError(
            f"unknown hand class {name!r} for {self.hand_size}-card hands: {', '.join(_CLASSES[self.hand_size])}"
        )

    def latex_tabular(self) -> str:
        """The table as a LaTeX ``tabular`` (class, formula, count, probability) for a document.

        Returns
        -------
        str
            A ``tabular`` environment, its last row the total.

        Examples
        --------
        >>> print(hand_table(3).latex_tabular().splitlines()[3])
        straight flush & ${\\binom{12}{1}} {\\binom{4}{1}}$ & 48 & $\\frac{12}{5525}$ \\\\
        """
        lines = [
            r"\begin{tabular}{llrl}",
            r"class & formula & count & probability \\",
            r"\hline",
        ]
        for r in self.rows:
            lines.append(f"{r.name} & ${r.latex}$ & {r.count} & ${sp.latex(r.probability)}$ \\\\")
        lines += [
            r"\hline",
            f"total & ${formula_latex(self.total_formula)}$ & {self.total} & $1$ \\\\",
            r"\end{tabular}",
        ]
        return "\n".join(lines)

    def latex_array(self) -> str:
        """The table as a LaTeX ``array`` in display math, which MathJax (a notebook) can render.

        Returns
        -------
        str
            ``$$\\begin{array} ... \\end{array}$$``.

        Examples
        --------
        >>> hand_table(3).latex_array().startswith("$$\\\\begin{array}{llrl}")
        True
        """
        body = [r"\text{class} & \text{formula} & \text{count} & \text{probability} \\ \hline"]
        for r in self.rows:
            body.append(f"{_latex_text(r.name)} & {r.latex} & {r.count} & {sp.latex(r.probability)} \\\\")
        body.append(rf"\hline \text{{total}} & {formula_latex(self.total_formula)} & {self.total} & 1")
        return "$$\\begin{array}{llrl}\n" + "\n".join(body) + "\n\\end{array}$$"

    def _repr_latex_(self) -> str:
        return self.latex_array()

    def to_text(self) -> str:
        """The table as plain text: class, formula, count and exact probability, then the total.

        Returns
        -------
        str
            Aligned columns, a heading line and a conventions line.

        Examples
        --------
        >>> print(hand_table(3).to_text())
        3-card hands from a deck of 13 ranks × 4 suits (52 cards): C(52,3) = 22100 hands
        class            formula                                  count  probability
        straight flush   C(12,1)·C(4,1)                              48      12/5525
        three of a kind  C(13,1)·C(4,3)                              52        1/425
        straight         C(12,1)·C(4,1)^3 - C(12,1)·C(4,1)          720      36/1105
        flush            C(13,3)·C(4,1) - C(12,1)·C(4,1)           1096     274/5525
        one pair         C(13,1)·C(4,2)·C(12,1)·C(4,1)             3744       72/425
        high card        (C(13,3) - C(12,1))·(C(4,1)^3 - C(4,1))  16440     822/1105
        total            C(52,3)                                  22100            1
        classes: three-card poker, as in three-card-poker-frequencies.txt; ace high or low (A-2-3 up to Q-K-A), no wrap-around; a straight beats a flush
        """
        head = ["class", "formula", "count", "probability"]
        body = [[r.name, formula_text(r.formula), str(r.count), str(r.probability)] for r in self.rows]
        body.append(["total", formula_text(self.total_formula), str(self.total), "1"])
        w = [max(len(x[i]) for x in [head, *body]) for i in range(4)]
        lines = [
            f"{self.hand_size}-card hands from a deck of {_deck_text(self.ranks, self.suits)} "
            f"({self.ranks * self.suits} cards): {formula_text(self.total_formula)} = {self.total} hands"
        ]
        for x in [head, *body]:
            lines.append(f"{x[0]:<{w[0]}}  {x[1]:<{w[1]}}  {x[2]:>{w[2]}}  {x[3]:>{w[3]}}".rstrip())
        lines.append(f"classes: {self.source}; {self.conventions}")
        return "\n".join(lines)


@lru_cache(maxsize=64)
def _hand_table(hand_size: int, ranks: int, suits: int) -> HandTable:
    n = _n_straights(hand_size, ranks)
    formulas = _formulas(hand_size, ranks, suits, n)
    total_formula = _b(ranks * suits, hand_size)
    total = int(total_formula.doit())
    rows = []
    for name, source_name in zip(_CLASSES[hand_size], _SOURCE_NAMES[hand_size], strict=True):
        expr, reason = formulas[name]
        count = int(expr.doit())
        rows.append(HandClassRow(name, source_name, expr, count, sp.Rational(count, total), reason))
    if sum(r.count for r in rows) != total:  # pragma: no cover - the formulas partition the hands
        raise AssertionError(f"class counts do not sum to {total} for {hand_size} of {ranks}x{suits}")
    conventions = _CONVENTIONS[hand_size]
    if (ranks, suits) != (13, 4):
        conventions += f"; {n} straight{'s' if n != 1 else ''} of {hand_size} among {ranks} ranks"
    return HandTable(
        hand_size, ranks, suits, total_formula, total, tuple(rows), _SOURCES[hand_size], conventions
    )


def hand_table(hand_size: int, ranks: int = 13, suits: int = 4) -> HandTable:
    """Count the hands of each class symbolically: formula, exact count and probability per class.

    The three-card table reproduces the frequency text ("52C3 = 22100", 48
    straight flushes, ...); the five-card table follows Hoyle's Law 35, the
    royal flush separate (2,598,960 hands). The formulas are general: in a
    deck of ``R`` ranks (the top one the ace, playing high or low) and ``S``
    suits there are ``n = R - h + 2`` straights of ``h < R`` cards, e.g.
    ``C(n,1)·C(S,1)^3 - C(n,1)·C(S,1)`` straights of three cards.

    Parameters
    ----------
    hand_size : int
        3 (three-card poker) or 5 (draw poker).
    ranks, suits : int
        The deck (default 13 × 4).

    Returns
    -------
    HandTable
        The rows, best class first, and the total.

    Raises
    ------
    HandSizeError
        A hand size other than 3 or 5, or larger than the deck.
    DeckError
        Ranks or suits not a positive integer, or more than 4 suits for 5-card hands.

    Examples
    --------
    >>> t = hand_table(5)
    >>> t.total_formula, t.total
    (binomial(52, 5), 2598960)
    >>> row = t.row("straight")
    >>> formula_text(row.formula), row.count, row.probability
    ('C(10,1)·C(4,1)^5 - C(10,1)·C(4,1)', 10200, 5/1274)
    >>> row.formula.doit()
    10200
    >>> hand_table(5, ranks=2, suits=2)
    Traceback (most recent call last):
    ...
    derive.hands.HandSizeError: hand size 5 is larger than the deck of 2 ranks × 2 suits (4 cards)
    """
    return _hand_table(*_check_table(hand_size, ranks, suits))


#: The symbols of :func:`general_formulas`: ranks and suits of the deck.
_R = sp.Symbol("R", integer=True, positive=True)
_S = sp.Symbol("S", integer=True, positive=True)


def general_formulas(hand_size: int) -> dict[str, sp.Expr]:
    """The count of each class in a deck of ``R`` ranks and ``S`` suits, valid for ``R > hand_size`` (``S <= 4`` for 5 cards).

    Parameters
    ----------
    hand_size : int
        3 or 5.

    Returns
    -------
    dict of str to sympy.Expr
        Unevaluated formulas in the symbols ``R`` and ``S`` (``R - h + 2``
        straights), best class first; substituting ``R = 13, S = 4`` and
        evaluating gives :func:`hand_table`'s counts.

    Raises
    ------
    HandSizeError
        A hand size other than 3 or 5.

    Examples
    --------
    >>> f = general_formulas(3)
    >>> formula_text(f["straight flush"]), formula_text(f["three of a kind"])
    ('C(R - 1,1)·C(S,1)', 'C(R,1)·C(S,3)')
    >>> sp.factor(f["straight"].doit())
    S*(R - 1)*(S - 1)*(S + 1)
    """
    h = _check_hand_size(hand_size, hand_size, "the deck")
    return {
        name: expr for name, (expr, _) in _formulas(h, _R, _S, sp.Add(_R, -(h - 2), evaluate=False)).items()
    }


# ----------------------------------------------------------------------------------------------
# Draw odds


def _odds_against(p: sp.Rational) -> sp.Expr:
    return sp.oo if p == 0 else (1 - p) / p


class _Term(NamedTuple):
    kind: str  # "class" or "count"
    category: int  # class category, or rank for "count"
    or_better: bool
    ranks: frozenset[int] | None  # principal ranks allowed, for "class"
    count: int  # "count": at least this many cards of the rank


@dataclass(frozen=True)
class _Target:
    spec: str
    hand_size: int
    terms: tuple[_Term, ...]

    def __call__(self, value: HandValue, ranks: tuple[int, ...]) -> bool:
        for t in self.terms:
            if t.kind == "count":
                if ranks.count(t.category) >= t.count:
                    return True
            elif t.ranks is None:
                if value.category == t.category or (t.or_better and value.category > t.category):
                    return True
            elif t.or_better:
                (low,) = t.ranks
                if value.category > t.category or (
                    value.category == t.category and value.principal_rank >= low
                ):
                    return True
            elif value.category == t.category and value.principal_rank in t.ranks:
                return True
        return False


def _parse_target(spec: str, hand_size: int, ranks: int) -> _Target:
    if not isinstance(spec, str) or not spec.strip():
        raise UnknownTargetError(
            f"a target is a hand class such as 'straight+' or 'one pair of A/K', got {spec!r}"
        )
    symbols = _rank_symbols(ranks)
    order = _CLASSES[hand_size]

    def rank_index(symbol: str, term: str) -> int:
        s = "T" if symbol == "10" else symbol.upper()
        if len(s) != 1 or s not in symbols:
            raise UnknownTargetError(
                f"unknown rank {symbol!r} in target {term!r}: ranks are {', '.join(symbols)}"
            )
        return symbols.index(s)

    terms = []
    shown = []
    for raw in spec.split("|"):
        term = " ".join(raw.strip().split())
        m = re.fullmatch(r"([2-9tjqka])\1+", term, flags=re.IGNORECASE)
        if m:
            r = rank_index(m.group(1), term)
            terms.append(_Term("count", r, False, None, len(term)))
            shown.append(symbols[r] * len(term))
            continue
        name = rest = None
        for alias in sorted(_ALIASES, key=len, reverse=True):
            if term.lower().startswith(alias):
                name, rest = _ALIASES[alias], term[len(alias) :]
                break
        m = re.fullmatch(r"(?:\s+of\s+([0-9a-z/ ]+?))?\s*(\+)?", rest or "", flags=re.IGNORECASE)
        if name is None or name not in order or m is None:
            raise UnknownTargetError(
                f"unknown target {term!r} in {spec!r}: a {hand_size}-card class ({', '.join(order)}), "
                "optionally 'of R' or 'of R/R', '+' for 'or better', or a rank repeated ('AA'), joined by '|'"
            )
        category = len(order) - 1 - order.index(name)
        or_better = m.group(2) is not None
        allowed = None
        text = name
        if m.group(1):
            allowed = frozenset(rank_index(s.strip(), term) for s in m.group(1).split("/"))
            if or_better and len(allowed) > 1:
                raise UnknownTargetError(f"'+' needs a single rank, got {term!r} in {spec!r}")
            text += " of " + "/".join(symbols[r] for r in sorted(allowed, reverse=True))
        terms.append(_Term("class", category, or_better, allowed, 0))
        shown.append(text + ("+" if or_better else ""))
    return _Target(" | ".join(shown), hand_size, tuple(terms))


@lru_cache(maxsize=32)
def _final_hands(
    held: tuple[Card, ...], n: int, ranks: int, suits: int, excluded: frozenset[Card]
) -> tuple[int, Counter]:
    """Every draw of ``n`` cards from the deck less ``held`` and ``excluded``: (draws, Counter of hand keys)."""
    rest = [Card(r, s) for r in range(ranks) for s in range(suits)]
    rest = [c for c in rest if c not in held and c not in excluded]
    rank_of = [c.rank for c in rest]
    suit_of = [c.suit for c in rest]
    held_ranks = tuple(c.rank for c in held)
    held_suits = {c.suit for c in held}
    rank, suit = rank_of.__getitem__, suit_of.__getitem__
    keys: Counter = Counter()
    total = 0
    for draw in combinations(range(len(rest)), n):
        total += 1
        suits_here = held_suits.union(map(suit, draw))
        keys[(tuple(sorted(held_ranks + tuple(map(rank, draw)))), len(suits_here) == 1)] += 1
    return total, keys


@dataclass(frozen=True)
class DrawOdds:
    """The exact chance that a draw makes the target hand.

    Attributes
    ----------
    holding : str
        The cards kept, e.g. ``"As Kd"``.
    draw : int
        How many cards are drawn.
    target : str
        The target, normalised (e.g. ``"one pair of A/K"``).
    discards : str
        Cards known not to come (the player's discards), ``""`` for the texts' convention.
    unseen : int
        The cards drawn from.
    hits : int
        Draws that make the target.
    total : int
        All draws, ``C(unseen, draw)``.
    probability : sympy.Rational
        ``hits / total``.
    odds_against : sympy.Rational or sympy.oo
        ``k`` in "k to 1 against".

    Examples
    --------
    >>> d = draw_odds("5c 6d 7h", 2, "straight")
    >>> d.hits, d.total, d.probability, d.odds_against
    (48, 1176, 2/49, 47/2)
    """

    holding: str
    draw: int
    target: str
    discards: str
    unseen: int
    hits: int
    total: int
    probability: sp.Rational
    odds_against: sp.Expr

    @property
    def total_formula(self) -> sp.Expr:
        """The number of draws, ``C(unseen, draw)`` unevaluated.

        Returns
        -------
        sympy.Expr
            The binomial coefficient.

        Examples
        --------
        >>> draw_odds("5c 6d 7h", 2, "straight").total_formula
        binomial(49, 2)
        """
        return _b(self.unseen, self.draw)

    def to_text(self) -> str:
        """One line: the draw, the probability and the odds, exact.

        Returns
        -------
        str
            The holding, the draw, the target, hits over draws, the probability and the odds.

        Examples
        --------
        >>> print(draw_odds("5c 6d 7h", 2, "straight").to_text())
        hold 5c 6d 7h, draw 2 of 49: straight  48/C(49,2) = 2/49, 47/2 to 1 against (23.50)
        """
        odds = (
            "never"
            if self.odds_against == sp.oo
            else f"{self.odds_against} to 1 against ({_decimal(self.odds_against)})"
        )
        known = f", discards {self.discards} known" if self.discards else ""
        return (
            f"hold {self.holding or 'nothing'}{known}, draw {self.draw} of {self.unseen}: {self.target}  "
            f"{self.hits}/{formula_text(self.total_formula)} = {self.probability}, {odds}"
        )


def draw_odds(
    holding: str,
    draw: int,
    target: str,
    *,
    discards: str = "",
    ranks: int = 13,
    suits: int = 4,
) -> DrawOdds:
    """The exact probability that drawing ``draw`` cards to ``holding`` makes ``target``, and the odds.

    Every possible draw is enumerated (``C(unseen, draw)`` of them) and the
    final hand, holding plus draw, is valued with the texts' rules. As in the
    Hoyle text the cards come from the rest of the deck, all cards but those
    held; that is exact when the discards are not taken into account (any
    discards, uniformly at random). ``discards`` removes known cards instead.

    Targets (``|`` joins alternatives, any of which counts):

    - a class, ``"straight"``, ``"flush"``, ``"three of a kind"`` (aliases
      ``"trips"``, ``"full hand"``, ``"pair"`` ...): the final hand is of it;
    - the class and ``+``, ``"three of a kind+"``: it or any better class;
    - ``"one pair of A/K"``: the class, named by one of these ranks (the pair;
      the higher pair; the triplet; a straight's or flush's top card);
    - ``"two pair of A+"``: at least the lowest such hand, e.g. aces up or better;
    - a rank repeated, ``"AA"``: at least that many cards of the rank.

    Parameters
    ----------
    holding : str
        The cards kept, e.g. ``"As Kd"`` (see :func:`parse_cards`); may be ``""``.
    draw : int
        Cards drawn; holding plus draw must be 3 or 5 cards.
    target : str
        What the final hand must be, as above.
    discards : str, optional
        Cards known not to be in the stock (default none: the texts' convention).
    ranks, suits : int
        The deck (at most 13 × 4, so that cards have names).

    Returns
    -------
    DrawOdds
        Hits, draws, the probability and the odds against, exact.

    Raises
    ------
    UnknownHoldingError
        An unknown card, a card not in the deck, or a card repeated in the
        holding and discards.
    UnknownTargetError
        An unknown class or rank, or a malformed target.
    HandSizeError
        A draw that is negative, larger than the cards left, or that does not
        complete a 3- or 5-card hand.
    DeckError
        A deck whose cards cannot be named.

    Examples
    --------
    >>> draw_odds("2h 5h 9h Jh", 1, "flush").odds_against  # four to a flush
    13/3
    >>> d = draw_odds("As Kd", 3, "one pair of A/K")
    >>> d.hits, d.total, d.probability, d.odds_against
    (5280, 19600, 66/245, 179/66)
    >>> draw_odds("As Ks", 3, "full house of Z")
    Traceback (most recent call last):
    ...
    derive.hands.UnknownTargetError: unknown rank 'Z' in target 'full house of Z': ranks are 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A
    """
    ranks, suits = _check_named_deck(ranks, suits)
    held = parse_cards(holding, ranks, suits)
    gone = parse_cards(discards, ranks, suits)
    both = set(held) & set(gone)
    if both:
        raise UnknownHoldingError(
            f"card {format_cards(sorted(both), ranks)} is both held ({holding!r}) and discarded ({discards!r})"
        )
    if isinstance(draw, bool) or not isinstance(draw, int) or draw < 0:
        raise HandSizeError(f"the number of cards drawn must be a non-negative integer, got {draw!r}")
    unseen = ranks * suits - len(held) - len(gone)
    if draw > unseen:
        raise HandSizeError(f"cannot draw {draw} cards: only {unseen} are left in the deck")
    h = _check_hand_size(len(held) + draw, ranks * suits, "the deck")
    goal = _parse_target(target, h, ranks)
    total, keys = _final_hands(held, draw, ranks, suits, frozenset(gone))
    hits = sum(n for (rs, flush), n in keys.items() if goal(_evaluate(rs, flush, ranks), rs))
    p = sp.Rational(hits, total)
    return DrawOdds(
        format_cards(held, ranks),
        draw,
        goal.spec,
        format_cards(gone, ranks),
        unseen,
        hits,
        total,
        p,
        _odds_against(p),
    )


# ----------------------------------------------------------------------------------------------
# The seed texts' claims

#: Tolerance rule for the frequency text's counts.
EXACT_RULE = "exact: the stated count equals the exact count"
#: Tolerance rule for a plain "k to 1" (the texts give whole numbers).
ROUNDED_RULE = "rounded: the stated whole number is the exact value rounded, |exact - stated| <= 1/2"
#: Tolerance rule for a number the text qualifies with "about".
ABOUT_RULE = "about: within 10% of the stated value, |exact - stated| <= stated/10"

#: The seed file of the three-card frequency table.
THREE_CARD_SOURCE = "three-card-poker-frequencies.txt"
#: The seed file of Hoyle's draw odds and laws.
HOYLE_SOURCE = "hoyle-draw-odds-and-laws.txt"


def claim_holds(value: sp.Rational, stated: sp.Rational, rule: str) -> bool:
    """Whether an exact value bears out a stated one, under one of the three tolerance rules.

    Parameters
    ----------
    value : sympy.Rational
        The exact value.
    stated : sympy.Rational
        The text's value.
    rule : str
        :data:`EXACT_RULE`, :data:`ROUNDED_RULE` or :data:`ABOUT_RULE`.

    Returns
    -------
    bool
        True if the claim holds.

    Raises
    ------
    ValueError
        An unknown rule.

    Examples
    --------
    >>> claim_holds(sp.Rational(47, 2), 24, ROUNDED_RULE), claim_holds(sp.Rational(4165, 88), 45, ABOUT_RULE)
    (True, True)
    >>> claim_holds(sp.Rational(3461, 704), 4, ROUNDED_RULE)
    False
    """
    gap = abs(sp.Rational(value) - sp.Rational(stated))
    if rule == EXACT_RULE:
        return gap == 0
    if rule == ROUNDED_RULE:
        return gap <= sp.Rational(1, 2)
    if rule == ABOUT_RULE:
        return gap <= abs(sp.Rational(stated)) / 10
    raise ValueError(f"unknown tolerance rule {rule!r}")


@dataclass(frozen=True)
class AlternativeReading:
    """Another way to read a claim, with its exact value and whether the claim would then hold.

    Attributes
    ----------
    reading : str
        What is computed instead.
    value : sympy.Rational
        Its exact value, in the claim's unit.
    holds : bool
        Whether the stated value holds for it under the claim's rule.

    Examples
    --------
    >>> hoyle_claims()[1].alternatives[0].value
    3243/922
    """

    reading: str
    value: sp.Rational
    holds: bool


@dataclass(frozen=True)
class Claim:
    """A numeric claim of a seed text, checked exactly.

    Attributes
    ----------
    source : str
        The seed file.
    quote : str
        The claim, verbatim.
    label : str
        A short name.
    reading : str
        How the claim is read: what is computed.
    quantity : str
        The unit of ``stated`` and ``value``: ``"count"``, ``"odds against (k to 1)"``,
        ``"hands per occurrence (once in N)"``.
    stated : sympy.Rational
        The text's value.
    value : sympy.Rational
        The exact value.
    probability : sympy.Rational
        The exact probability behind ``value``.
    rule : str
        The tolerance rule of the verdict.
    holds : bool
        The verdict.
    note : str
        How the value is counted, and what else bears on the verdict.
    alternatives : tuple of AlternativeReading
        Other readings of the claim and their values.

    Examples
    --------
    >>> c = hoyle_claims()[-1]
    >>> c.stated, c.value, c.verdict
    (45, 4165/88, 'holds')
    """

    source: str
    quote: str
    label: str
    reading: str
    quantity: str
    stated: sp.Rational
    value: sp.Rational
    probability: sp.Rational
    rule: str
    holds: bool
    note: str = ""
    alternatives: tuple[AlternativeReading, ...] = ()

    @property
    def verdict(self) -> str:
        """``"holds"`` or ``"does not hold"``.

        Returns
        -------
        str
            The verdict in words.

        Examples
        --------
        >>> hoyle_claims()[2].verdict
        'does not hold'
        """
        return "holds" if self.holds else "does not hold"


_ODDS = "odds against (k to 1)"
_PER = "hands per occurrence (once in N)"


@lru_cache(maxsize=1)
def three_card_claims() -> tuple[Claim, ...]:
    """The frequency text's counts of three-card hands, each checked against :func:`hand_table`.

    Parameters
    ----------
    None

    Returns
    -------
    tuple of Claim
        The total and the six classes; all hold.

    Raises
    ------
    None
        The claims are fixed data, checked when first asked for (cached).

    Examples
    --------
    >>> [(c.label, c.value, c.verdict) for c in three_card_claims()][:2]
    [('any hand', 22100, 'holds'), ('straight flush', 48, 'holds')]
    """
    t = hand_table(3)
    quotes = [
        ("any hand", "52C3 = 22100", t.total, t.total_formula),
        ("straight flush", "12C1 x 4C1 = 48", None, None),
        ("three of a kind", "13C1 x 4C3 = 52", None, None),
        ("straight", "12C1 x (4C1)3 - 48 = 720", None, None),
        ("flush", "13C3 x 4C1 - 48 = 1096", None, None),
        ("one pair", "13C1 x 4C2 x 12C1 x 4C1 = 3744", None, None),
        ("high card", "52C3 - 48 - 52 - 720 - 1096 - 3744 = 16440", None, None),
    ]
    claims = []
    for label, quote, value, formula in quotes:
        if value is None:
            row = t.row(label)
            value, formula, p = row.count, row.formula, row.probability
            reading = f"3-card hands of class {label} ({row.source_name}) among C(52,3)"
        else:
            p = sp.Integer(1)
            reading = "all 3-card hands of a 52-card deck"
        stated = int(quote.rsplit("=", 1)[1])
        claims.append(
            Claim(
                THREE_CARD_SOURCE,
                quote,
                label,
                reading,
                "count",
                sp.Integer(stated),
                sp.Integer(value),
                p,
                EXACT_RULE,
                claim_holds(value, stated, EXACT_RULE),
                f"{formula_text(formula)} = {value}",
            )
        )
    return tuple(claims)


def _draw_value(
    holding: str, draw: int, target: str, discards: str = ""
) -> tuple[sp.Rational, sp.Rational, DrawOdds]:
    d = draw_odds(holding, draw, target, discards=discards)
    return d.odds_against, d.probability, d


@lru_cache(maxsize=1)
def hoyle_claims() -> tuple[Claim, ...]:
    """The Hoyle text's numeric claims on draws and on triplets before the draw, checked exactly.

    Draws are from the 52 cards less those held (the text's convention, which
    its straight-flush odds of 12 to 1 reveal: with three discards known the
    odds are 11 to 1). Plain "k to 1" odds are judged by :data:`ROUNDED_RULE`,
    "about once in every 45 hands" by :data:`ABOUT_RULE`.

    Parameters
    ----------
    None

    Returns
    -------
    tuple of Claim
        Six claims: ace-king, ace (pair; aces up), the open-ended straight
        and straight flush draws, triplets before the draw.

    Raises
    ------
    None
        The claims are fixed data, checked when first asked for (cached).

    Examples
    --------
    >>> [(c.label, c.stated, c.value, c.verdict) for c in hoyle_claims()]  # doctest: +NORMALIZE_WHITESPACE
    [('A-K, draw 3: pair of aces or kings', 3, 179/66, 'holds'),
     ('A, draw 4: pair of aces', 4, 3461/704, 'does not hold'),
     ('A, draw 4: aces up or better', 12, 77897/5403, 'does not hold'),
     ('three to an open straight, draw 2: straight', 24, 47/2, 'holds'),
     ('three to an open straight flush, draw 2: straight or flush', 12, 181/15, 'holds'),
     ('triplets before the draw', 45, 4165/88, 'holds')]
    """
    claims = []

    def add(label, quote, reading, holding, draw, target, stated, note, alternatives):
        value, p, d = _draw_value(holding, draw, target)
        alts = []
        for text, (h2, n2, t2, disc) in alternatives:
            v2 = _draw_value(h2, n2, t2, disc)[0]
            alts.append(AlternativeReading(text, v2, claim_holds(v2, stated, ROUNDED_RULE)))
        claims.append(
            Claim(
                HOYLE_SOURCE,
                quote,
                label,
                f"{reading}: {d.to_text()}",
                _ODDS,
                sp.Integer(stated),
                value,
                p,
                ROUNDED_RULE,
                claim_holds(value, stated, ROUNDED_RULE),
                note,
                tuple(alts),
            )
        )

    add(
        "A-K, draw 3: pair of aces or kings",
        "Drawing to an ace and a King, it is 3 to 1 against making a pair of either.",
        "the final hand is one pair (Law 35's 'A Pair'), aces or kings",
        "As Kd",
        3,
        "one pair of A/K",
        3,
        "one of the 6 aces and kings and two odd cards of different ranks: 6·(C(44,2) - 11·C(4,2)) = 5280 "
        "of C(50,3) = 19600 draws",
        [
            (
                "at least a pair of aces or kings (two pairs, triplets ... included)",
                ("As Kd", 3, "AA|KK", ""),
            ),
            (
                "one pair of aces or kings, discards 9c 6d 3h known (47 unseen)",
                ("As Kd", 3, "one pair of A/K", "9c 6d 3h"),
            ),
        ],
    )
    add(
        "A, draw 4: pair of aces",
        "It is 4 to 1 against making a pair of aces by drawing four cards to an ace",
        "the final hand is one pair (Law 35's 'A Pair'), aces",
        "As",
        4,
        "one pair of A",
        4,
        "one of the 3 aces and three odd cards of different ranks: 3·C(12,3)·4^3 = 42240 of C(51,4) = 249900 draws; "
        "the odds are about 5 to 1",
        [
            ("at least a pair of aces (two pairs, triplets ... included)", ("As", 4, "AA", "")),
            (
                "one pair of aces, discards 9c 6d 3h 2s known (47 unseen)",
                ("As", 4, "one pair of A", "9c 6d 3h 2s"),
            ),
        ],
    )
    add(
        "A, draw 4: aces up or better",
        "and 12 to 1 against making aces up, or better.",
        "the final hand is at least two pairs with aces the higher (any triplets, straight, flush ... count)",
        "As",
        4,
        "two pair of A+",
        12,
        "16209 of 249900 draws; the odds are about 14 to 1",
        [
            (
                "aces up or better, discards 9c 6d 3h 2s known (47 unseen)",
                ("As", 4, "two pair of A+", "9c 6d 3h 2s"),
            ),
        ],
    )
    add(
        "three to an open straight, draw 2: straight",
        "It is 24 to 1 against making a straight by drawing to three cards of it, open at both ends.",
        "hold three in sequence of mixed suits, 5-6-7, open at both ends (3-4, 4-8, 8-9 complete it)",
        "5c 6d 7h",
        2,
        "straight",
        24,
        "3 rank pairs × 4·4 suits = 48 of C(49,2) = 1176 draws; exactly 23 1/2 to 1, which rounds to 24",
        [("the same with the discards Kc 2d known (47 unseen)", ("5c 6d 7h", 2, "straight", "Kc 2d"))],
    )
    add(
        "three to an open straight flush, draw 2: straight or flush",
        "It is 12 to 1 against making either a straight or a flush by drawing to three cards of a straight flush, "
        "open at both ends.",
        "hold 5-6-7 of hearts; a straight, a flush or a straight flush",
        "5h 6h 7h",
        2,
        "straight | flush | straight flush",
        12,
        "48 straights + C(10,2) = 45 flushes - 3 straight flushes = 90 of 1176 draws; with the discards known "
        "(47 unseen) the odds are 11 to 1, so the text's 12 to 1 is for draws from the 49 cards not held",
        [
            (
                "the same with the discards Kc 2d known (47 unseen)",
                ("5h 6h 7h", 2, "straight | flush | straight flush", "Kc 2d"),
            )
        ],
    )
    five = hand_table(5)
    trips = five.row("three of a kind")
    p = trips.probability
    value = 1 / p
    three_or_more = sum(five.row(n).count for n in ("three of a kind", "full house", "four of a kind"))
    trips_or_better = sum(r.count for r in five.rows[: FIVE_CARD_CLASSES.index("three of a kind") + 1])
    alternatives = []
    for text, count in (
        ("three or more of a rank (three of a kind, full hand, four of a kind)", three_or_more),
        ("three of a kind or better (straights and flushes included)", trips_or_better),
    ):
        v = sp.Rational(five.total, count)
        alternatives.append(AlternativeReading(text, v, claim_holds(v, 45, ABOUT_RULE)))
    claims.append(
        Claim(
            HOYLE_SOURCE,
            "Triplets before the draw occur about once in every 45 hands.",
            "triplets before the draw",
            "the five cards dealt are Law 35's 'Three of a Kind' (three of one rank and two odd cards): "
            f"{formula_text(trips.formula)} = {trips.count} of {five.total} hands",
            _PER,
            sp.Integer(45),
            value,
            p,
            ABOUT_RULE,
            claim_holds(value, 45, ABOUT_RULE),
            f"once in {value} = 47 29/88 hands (odds {trips.odds_against} to 1 against); that is 5.2% more than "
            "the stated 45, so the claim holds within 10% but would not within 5%",
            tuple(alternatives),
        )
    )
    return tuple(claims)


def seed_claims() -> tuple[Claim, ...]:
    """Every numeric claim of the two seed texts: :func:`three_card_claims` then :func:`hoyle_claims`.

    Parameters
    ----------
    None

    Returns
    -------
    tuple of Claim
        13 claims.

    Raises
    ------
    None
        The claims are fixed data, checked when first asked for (cached).

    Examples
    --------
    >>> [c.label for c in seed_claims() if not c.holds]
    ['A, draw 4: pair of aces', 'A, draw 4: aces up or better']
    """
    return three_card_claims() + hoyle_claims()


def _decimal(q: sp.Expr, places: int = 2) -> str:
    """An exact rational rounded half up to ``places`` decimals, by integer arithmetic (no floats)."""
    q = sp.Rational(q)
    scaled = abs(q) * 10**places
    whole = int(sp.floor(scaled + sp.Rational(1, 2)))
    sign = "-" if q < 0 else ""
    text = str(whole).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def _stated_text(c: Claim) -> str:
    if c.quantity == _ODDS:
        return f"{c.stated} to 1"
    if c.quantity == _PER:
        return f"1 in {c.stated}"
    return str(c.stated)


def _value_text(c: Claim) -> str:
    if c.quantity == "count":
        return str(c.value)
    return (
        f"{c.value} to 1 ({_decimal(c.value)})"
        if c.quantity == _ODDS
        else f"1 in {c.value} ({_decimal(c.value)})"
    )


def claims_text(claims: Iterable[Claim] | None = None) -> str:
    """The claims as a plain-text table (stated, exact, verdict) with the quotes and readings below.

    Parameters
    ----------
    claims : iterable of Claim, optional
        Default :func:`hoyle_claims`.

    Returns
    -------
    str
        The table, then one numbered paragraph per claim.

    Raises
    ------
    None
        The claims are computed once (cached) and cannot fail on the seed texts' data.

    Examples
    --------
    >>> print(claims_text(three_card_claims()[:2]))
    #  claim           text   exact  verdict
    1  any hand        22100  22100  holds
    2  straight flush  48     48     holds
    <BLANKLINE>
    1. three-card-poker-frequencies.txt: "52C3 = 22100"
       reading: all 3-card hands of a 52-card deck
       rule: exact: the stated count equals the exact count
       C(52,3) = 22100
    2. three-card-poker-frequencies.txt: "12C1 x 4C1 = 48"
       reading: 3-card hands of class straight flush (Straight Flush) among C(52,3)
       rule: exact: the stated count equals the exact count
       C(12,1)·C(4,1) = 48
    """
    claims = tuple(hoyle_claims() if claims is None else claims)
    head = ["#", "claim", "text", "exact", "verdict"]
    body = [[str(i), c.label, _stated_text(c), _value_text(c), c.verdict] for i, c in enumerate(claims, 1)]
    w = [max(len(x[i]) for x in [head, *body]) for i in range(5)]
    lines = ["  ".join(f"{x[i]:<{w[i]}}" for i in range(5)).rstrip() for x in [head, *body]]
    lines.append("")
    for i, c in enumerate(claims, 1):
        lines.append(f'{i}. {c.source}: "{c.quote}"')
        lines.append(f"   reading: {c.reading}")
        lines.append(f"   rule: {c.rule}")
        if c.note:
            lines.append(f"   {c.note}")
        for a in c.alternatives:
            verdict = "holds" if a.holds else "does not hold"
            lines.append(f"   otherwise read, {a.reading}: {a.value} ({_decimal(a.value)}), {verdict}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------------
# Command line: derive hands


class _UsageError(Exception):
    pass


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


class _Parser(argparse.ArgumentParser):
    out: TextIO | None = None

    def error(self, message: str):  # one line, exit status 2
        raise _UsageError(message)

    def exit(self, status: int = 0, message: str | None = None):
        if message:
            raise _UsageError(message.strip())
        raise _Exit(status)

    def _print_message(self, message: str, file=None) -> None:
        if message and self.out is not None:
            self.out.write(message)


def _int_option(text: str, what: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise HandsError(f"{what} must be an integer, got {text!r}") from None
    if value < low:
        raise HandsError(f"{what} must be at least {low}, got {value}")
    return value


def hands_main(argv: list[str] | None, out: TextIO, err: TextIO) -> int:
    """``derive hands``: print a hand table, or the draw-odds claims of the Hoyle text.

    ``--hand-size N [--ranks R] [--suits S]`` prints the class, formula,
    count and exact probability of each class of ``N``-card hands;
    ``--draws`` prints the Hoyle text's draw claims, exact, with verdicts.

    Parameters
    ----------
    argv : list of str or None
        The arguments after ``hands`` (None: ``sys.argv[1:]``, as argparse does).
    out, err : text streams
        Where the table and the error go.

    Returns
    -------
    int
        0 on success, 2 on bad input (one line ``derive hands: error: ...`` on ``err``).

    Raises
    ------
    Nothing: errors in what the user typed are reported on ``err``.

    Examples
    --------
    >>> import io, sys
    >>> hands_main(["--hand-size", "3", "--ranks", "4", "--suits", "1"], sys.stdout, sys.stdout)
    3-card hands from a deck of 4 ranks × 1 suit (4 cards): C(4,3) = 4 hands
    class            formula                               count  probability
    straight flush   C(3,1)·C(1,1)                             3          3/4
    three of a kind  C(4,1)·C(1,3)                             0            0
    straight         C(3,1)·C(1,1)^3 - C(3,1)·C(1,1)           0            0
    flush            C(4,3)·C(1,1) - C(3,1)·C(1,1)             1          1/4
    one pair         C(4,1)·C(1,2)·C(3,1)·C(1,1)               0            0
    high card        (C(4,3) - C(3,1))·(C(1,1)^3 - C(1,1))     0            0
    total            C(4,3)                                    4            1
    classes: three-card poker, as in three-card-poker-frequencies.txt; ace high or low (A-2-3 up to Q-K-A), no wrap-around; a straight beats a flush; 3 straights of 3 among 4 ranks
    0
    >>> hands_main(["--hand-size", "4"], sys.stdout, sys.stdout)
    derive hands: error: hand size 4 is not supported: 3 (three-card poker) or 5 (draw poker)
    2
    """
    parser = _Parser(
        prog="derive hands",
        description="Poker hand probabilities, exact: a table of hand classes, or the Hoyle text's draw odds.",
    )
    parser.out = out
    parser.add_argument("--hand-size", help="cards in a hand: 3 (three-card poker) or 5 (draw poker)")
    parser.add_argument("--ranks", default="13", help="ranks in the deck, the top one the ace (default 13)")
    parser.add_argument("--suits", default="4", help="suits in the deck (default 4)")
    parser.add_argument(
        "--draws", action="store_true", help="print the Hoyle text's draw-odds claims, checked"
    )
    try:
        args = parser.parse_args(None if argv is None else list(argv))
        if args.hand_size is None and not args.draws:
            raise HandsError("give --hand-size N (3 or 5), or --draws")
        ranks = _int_option(args.ranks, "--ranks", 1)
        suits = _int_option(args.suits, "--suits", 1)
        blocks = []
        if args.hand_size is not None:
            blocks.append(hand_table(_int_option(args.hand_size, "--hand-size", 1), ranks, suits).to_text())
        if args.draws:
            if (ranks, suits) != (13, 4):
                raise HandsError(
                    "--draws checks the Hoyle text on its 52-card deck: leave out --ranks and --suits"
                )
            blocks.append(
                "Hoyle's draw odds (draws from the 52 cards less those held), exact:\n"
                + claims_text(hoyle_claims())
            )
    except _Exit as e:
        return e.status
    except (_UsageError, HandsError) as e:
        message = " ".join(str(e).split())
        err.write(f"derive hands: error: {message}\n")
        return 2
    try:
        out.write("\n\n".join(blocks) + "\n")
    except BrokenPipeError:  # e.g. `derive hands --hand-size 5 | head`
        pass
    return 0
