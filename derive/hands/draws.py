"""Draw odds: :func:`draw_odds`, the exact probability that drawing ``n`` cards to a holding makes
a target hand, and the odds against it, by enumerating every possible draw (:class:`DrawOdds`).

As in the Hoyle text the cards are drawn from the rest of the deck, all cards but those held,
unless ``discards`` names cards known not to come.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import sympy as sp

from derive.hands.cards import Card, _check_named_deck, _rank_symbols, format_cards, parse_cards
from derive.hands.classes import _ALIASES, _CLASSES, _check_hand_size
from derive.hands.counting import _b, formula_text
from derive.hands.errors import HandSizeError, UnknownHoldingError, UnknownTargetError
from derive.hands.evaluate import HandValue, _evaluate
from derive.hands.exact import _decimal, _odds_against

__all__ = [
    "DrawOdds",
    "draw_odds",
]


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
