"""The dealer's hands against each player hand, counted exactly: :func:`dealer_counts` and
:func:`inclusion_exclusion`.

The dealer's three cards come from the 49 cards the player does not hold: C(49,3) = 18,424 hands.
Each falls in one of four outcomes: he does not qualify; he qualifies and loses; he ties; he wins.
An outcome is a range of hand values, and the number of the deck's 22,100 hands in a range is read
off the deck's classification (each hand valued by :func:`derive.hands.hand_value`).  The dealer's
hands in the range that avoid the player's cards ``a, b, c`` are counted by inclusion-exclusion
over the cards the two hands could share:

    N = T - (T[a] + T[b] + T[c]) + (T[a,b] + T[a,c] + T[b,c]) - T[a,b,c],

``T`` the deck's hands in the range, ``T[a]`` those holding ``a``, ``T[a,b]`` those holding both,
``T[a,b,c]`` one if the player's own hand is in the range, else zero.  All the hands of a class of
:mod:`derive.casino.classes` face the same counts; its representative's cards are used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from derive.casino.classes import HandClass, hand_classes
from derive.casino.rules import ThreeCardPokerRules
from derive.hands.cards import Card, format_cards
from derive.hands.evaluate import HandValue, hand_value

__all__ = [
    "DEALER_HANDS",
    "OUTCOMES",
    "PLAYER_HANDS",
    "DealerCounts",
    "InclusionExclusion",
    "dealer_counts",
    "inclusion_exclusion",
]

#: C(52,3): the player's hands.
PLAYER_HANDS = 22100
#: C(49,3): the dealer's hands once the player's three cards are out.
DEALER_HANDS = 18424
#: The dealer's outcomes against a played hand, in the order of :class:`DealerCounts`.
OUTCOMES: tuple[str, ...] = ("does not qualify", "qualifies and loses", "ties", "wins")


@dataclass(frozen=True)
class DealerCounts:
    """The dealer's 18,424 hands against one player hand, by outcome.

    Attributes
    ----------
    not_qualify, qualify_lose, tie, dealer_wins : int
        Hands with which the dealer does not qualify; qualifies and loses; ties (qualifying: a tie
        with a non-qualifying hand counts as not qualifying); wins.  They sum to 18,424.
    """

    not_qualify: int
    qualify_lose: int
    tie: int
    dealer_wins: int

    def as_tuple(self) -> tuple[int, int, int, int]:
        """The four counts in the order of :data:`OUTCOMES`."""
        return (self.not_qualify, self.qualify_lose, self.tie, self.dealer_wins)


@dataclass(frozen=True)
class InclusionExclusion:
    """One count as inclusion-exclusion over the player's cards: ``whole - singles + pairs - triple``.

    Attributes
    ----------
    outcome : str
        One of :data:`OUTCOMES`.
    cards : tuple of Card, length 3
        The player's hand.
    whole : int
        The deck's hands (of 22,100) in the outcome's range of values.
    singles : tuple of int, length 3
        Those holding the player's first, second, third card.
    pairs : tuple of int, length 3
        Those holding his first and second, first and third, second and third cards.
    triple : int
        1 if his own hand is in the range, else 0.
    """

    outcome: str
    cards: tuple[Card, ...]
    whole: int
    singles: tuple[int, ...]
    pairs: tuple[int, ...]
    triple: int

    @property
    def value(self) -> int:
        """The count of dealer hands from the 49 cards left."""
        return self.whole - sum(self.singles) + sum(self.pairs) - self.triple

    def text(self) -> str:
        """``"6720 - (0 + 495 + 510) + (0 + 0 + 32) - 0 = 5747"`` (Q-6-3), the formula with its numbers."""
        s, p = self.singles, self.pairs
        return f"{self.whole} - ({s[0]} + {s[1]} + {s[2]}) + ({p[0]} + {p[1]} + {p[2]}) - {self.triple} = {self.value}"

    def symbols(self) -> str:
        """The formula in the cards' names, ``"T - (T[Qc] + T[6d] + T[4c]) + (T[Qc,6d] + ...) - T[Qc,6d,4c]"``."""
        a, b, c = (format_cards([x]) for x in self.cards)
        return f"T - (T[{a}] + T[{b}] + T[{c}]) + (T[{a},{b}] + T[{a},{c}] + T[{b},{c}]) - T[{a},{b},{c}]"


# --------------------------------------------------------------------------- the deck's classification


@dataclass(frozen=True)
class _Deck:
    values: tuple[HandValue, ...]  # distinct values of 3-card hands, weakest first
    index: dict[HandValue, int]
    below_all: np.ndarray  # (V+1,): hands with value index < k
    below_card: np.ndarray  # (52, V+1): ... holding the card
    below_pair: np.ndarray  # (52*52, V+1): ... holding both cards (a < b)


@lru_cache(maxsize=1)
def _deck() -> _Deck:
    """Every 3-card hand valued once (by its ranks and whether it is one suit), and the cumulative
    counts of hands below each value: in the deck, holding a card, holding two cards."""
    hands = np.array(list(combinations(range(52), 3)), dtype=np.int64)  # card = 4 * rank + suit
    ranks, suits = hands // 4, hands % 4
    flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    key = (ranks[:, 0] * 169 + ranks[:, 1] * 13 + ranks[:, 2]) * 2 + flush
    keys = np.unique(key)
    value_of = {}
    for k in keys.tolist():
        code, one_suit = divmod(k, 2)
        ranks_k = (code // 169, code // 13 % 13, code % 13)
        suits_k = (0, 0, 0) if one_suit else (0, 1, 2)
        value_of[k] = hand_value([Card(r, s) for r, s in zip(ranks_k, suits_k)])
    values = tuple(sorted(set(value_of.values())))
    index = {v: i for i, v in enumerate(values)}
    lookup = np.zeros(int(keys.max()) + 1, dtype=np.int64)
    for k, v in value_of.items():
        lookup[k] = index[v]
    hv = lookup[key]
    n = len(values)

    def cumulative(counts: np.ndarray) -> np.ndarray:
        counts = counts.reshape(-1, n)
        return np.concatenate([np.zeros((counts.shape[0], 1), dtype=np.int64), counts.cumsum(axis=1)], axis=1)

    below_all = cumulative(np.bincount(hv, minlength=n))[0]
    below_card = cumulative(sum(np.bincount(hands[:, j] * n + hv, minlength=52 * n) for j in range(3)))
    pair_ids = [hands[:, i] * 52 + hands[:, j] for i, j in ((0, 1), (0, 2), (1, 2))]
    below_pair = cumulative(sum(np.bincount(p * n + hv, minlength=52 * 52 * n) for p in pair_ids))
    return _Deck(values, index, below_all, below_card, below_pair)


# --------------------------------------------------------------------------- the counts


def _bounds(player: int, qualifier: int, n: int) -> dict[str, tuple[int, int]]:
    """Each outcome's range [lo, hi) of dealer value indices against a player hand of index ``player``."""
    return {
        OUTCOMES[0]: (0, qualifier),
        OUTCOMES[1]: (qualifier, max(qualifier, player)),
        OUTCOMES[2]: (player, player + 1) if player >= qualifier else (0, 0),
        OUTCOMES[3]: (max(player + 1, qualifier), n),
    }


def _qualifier_index(deck: _Deck, rules: ThreeCardPokerRules) -> int:
    rank = rules.qualifier_rank
    return next(i for i, v in enumerate(deck.values) if v.category > 0 or v.tiebreak[0] >= rank)


def _card_ids(cards: Sequence[Card]) -> list[int]:
    return [4 * c.rank + c.suit for c in cards]


def _pair_row(a: object, b: object) -> object:
    """The row of ``below_pair`` for two cards (ints or arrays of card ids), the lower id first."""
    return np.minimum(a, b) * 52 + np.maximum(a, b)


def inclusion_exclusion(
    hand: HandClass, rules: ThreeCardPokerRules | None = None
) -> dict[str, InclusionExclusion]:
    """The four counts of one hand class, each as its inclusion-exclusion over the player's cards.

    Parameters
    ----------
    hand : HandClass
        The player's hand (its representative cards are used).
    rules : ThreeCardPokerRules, optional
        The qualifier (default queen-high).

    Returns
    -------
    dict of str to InclusionExclusion
        By outcome, in the order of :data:`OUTCOMES`; their values sum to 18,424.

    Raises
    ------
    None

    Examples
    --------
    >>> from derive.casino.classes import hand_class
    >>> terms = inclusion_exclusion(hand_class("Qc 6d 4h"))
    >>> print(terms["qualifies and loses"].symbols())
    T - (T[Qc] + T[6d] + T[4h]) + (T[Qc,6d] + T[Qc,4h] + T[6d,4h]) - T[Qc,6d,4h]
    >>> print(terms["qualifies and loses"].text())
    480 - (120 + 30 + 45) + (8 + 12 + 0) - 0 = 305
    """
    rules = rules or ThreeCardPokerRules()
    deck = _deck()
    player = deck.index[hand.value]
    a, b, c = _card_ids(hand.cards)
    out = {}
    for outcome, (lo, hi) in _bounds(player, _qualifier_index(deck, rules), len(deck.values)).items():

        def span(row: np.ndarray, lo: int = lo, hi: int = hi) -> int:
            return int(row[hi] - row[lo])

        out[outcome] = InclusionExclusion(
            outcome,
            hand.cards,
            span(deck.below_all),
            tuple(span(deck.below_card[x]) for x in (a, b, c)),
            tuple(span(deck.below_pair[int(_pair_row(x, y))]) for x, y in ((a, b), (a, c), (b, c))),
            int(lo <= player < hi),
        )
    return out


@lru_cache(maxsize=16)
def dealer_counts(rules: ThreeCardPokerRules | None = None) -> tuple[DealerCounts, ...]:
    """The dealer's hands by outcome against every hand class, by inclusion-exclusion (vectorised).

    Parameters
    ----------
    rules : ThreeCardPokerRules, optional
        The qualifier (default queen-high); the pay tables do not enter.

    Returns
    -------
    tuple of DealerCounts
        One per class of :func:`hand_classes`, in its order; each sums to 18,424.

    Raises
    ------
    None

    Examples
    --------
    >>> from derive.casino.classes import hand_class
    >>> dealer_counts()[hand_class("Qc 6d 4h").order]
    DealerCounts(not_qualify=5758, qualify_lose=305, tie=26, dealer_wins=12335)
    """
    rules = rules or ThreeCardPokerRules()
    deck = _deck()
    classes = hand_classes()
    q, n = _qualifier_index(deck, rules), len(deck.values)
    ids = np.array([_card_ids(h.cards) for h in classes])
    player = np.array([deck.index[h.value] for h in classes])
    rows = np.arange(len(classes))
    bounds = [_bounds(int(p), q, n) for p in player]
    columns = []
    for outcome in OUTCOMES:
        lo = np.array([b[outcome][0] for b in bounds])
        hi = np.array([b[outcome][1] for b in bounds])

        def span(table: np.ndarray, row: np.ndarray, lo=lo, hi=hi) -> np.ndarray:
            return table[row, hi] - table[row, lo]

        total = deck.below_all[hi] - deck.below_all[lo]
        for j in range(3):
            total = total - span(deck.below_card, ids[:, j])
        for i, j in ((0, 1), (0, 2), (1, 2)):
            total = total + span(deck.below_pair, _pair_row(ids[:, i], ids[:, j]))
        columns.append(total - ((lo <= player) & (player < hi)))
    counts = np.stack(columns, axis=1)
    if not (counts.sum(axis=1) == DEALER_HANDS).all() or (counts < 0).any():  # pragma: no cover
        raise AssertionError("the dealer's counts do not sum to C(49,3) = 18424")
    return tuple(DealerCounts(*map(int, counts[i])) for i in rows)
