"""Cards and decks: :class:`Card`, reading and naming cards (:func:`parse_cards`, :func:`format_cards`),
and the checks of a deck's ranks and suits.

A deck has ``ranks`` ranks, the top ``ranks`` of 2 < 3 < ... < A (its top rank the ace), and
``suits`` suits, the first of clubs, diamonds, hearts, spades; cards have names in decks of at
most 13 ranks and 4 suits.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from derive.hands.errors import DeckError, UnknownHoldingError

__all__ = [
    "Card",
    "format_cards",
    "parse_cards",
]


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
