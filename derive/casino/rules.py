"""The rules of the casino game Three Card Poker, as the seed text states them, and its pay tables.

:class:`ThreeCardPokerRules` holds what a casino may change: the rank the dealer needs to qualify
(queen-high in the text), the Ante Bonus pay table and the Pair Plus pay table.  Everything else is
fixed by the text (``docs/sources/three-card-poker-frequencies.txt``, "TRI-CARD POKER - Game Play"),
quoted rule by rule in :data:`SOURCE_RULES`:

* the player antes 1 and sees his three cards; he folds (loses the ante) or plays, adding a play
  bet equal to the ante;
* the dealer's three cards come from the 49 others; his play is fixed: he qualifies with
  queen-high or better;
* dealer does not qualify: the ante wins 1 to 1, the play bet pushes;
* dealer qualifies: the higher hand wins ante and play 1 to 1 (the dealer's: both lose); equal
  hands push both;
* a player who plays with a straight, three of a kind or a straight flush is paid the Ante Bonus
  whatever the dealer holds;
* Pair Plus is paid on the player's three cards alone.

Hands rank as in :mod:`derive.hands` (three-card poker: straight flush, three of a kind, straight,
flush, one pair, high card; the ace high or low, A-2-3 up to Q-K-A, no wrap-around); equal classes
compare the pair, then the cards from the highest down.

The text names the Ante Bonus and Pair Plus "Pay Tables" without printing them.  The standard ones
come from the published analyses: Ante Bonus 5-4-1 (straight flush 5, three of a kind 4, straight
1, "table 1" at https://wizardofodds.com/games/three-card-poker/), and the Pair Plus tables of
:data:`PAIR_PLUS_TABLES`, each with the house edge published for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from derive.casino.errors import CasinoError
from derive.extensive_form.exact import exact_number
from derive.hands.cards import Card, format_cards, parse_cards
from derive.hands.errors import HandsError

__all__ = [
    "ANTE_BONUS_CLASSES",
    "PAIR_PLUS_CLASSES",
    "PAIR_PLUS_TABLES",
    "SOURCE",
    "SOURCE_RULES",
    "STANDARD_ANTE_BONUS",
    "PairPlusTable",
    "ThreeCardPokerRules",
]

#: The seed text whose rules are derived here.
SOURCE = "docs/sources/three-card-poker-frequencies.txt"

#: The rules as the seed text states them: (the rule as derive applies it, the text's words).
SOURCE_RULES: tuple[tuple[str, str], ...] = (
    (
        "fold: the ante is lost",
        "If the player chooses to fold, he loses the Ante bet",
    ),
    (
        "play: a play bet equal to the ante",
        "If the player chooses to raise, he bets an additional amount equal to the ante bet",
    ),
    (
        "the dealer qualifies with queen-high or better",
        "the dealer\u2019s hand qualifies if it ranks as High Card with a Queen or ranks as a Pair or better",
    ),
    (
        "dealer does not qualify: ante +1, play pushes",
        "If the dealer\u2019s hand does not qualify, the player wins 1 to 1 on the ante bet and \u201cpushes\u201d "
        "the raise bet",
    ),
    (
        "dealer qualifies: the higher hand wins ante and play 1 to 1",
        "If the dealer\u2019s hand ranks higher, the player loses both the ante bet and the raise bet. If the "
        "player\u2019s hand ranks higher, the player wins 1 to 1 on both the ante and raise bets",
    ),
    (
        "equal classes compare their cards from the highest down; equal hands push",
        "the highest ranking card determines the winner (for example, a Pair of Kings beats a Pair of 10s). "
        "Finally, if the dealer\u2019s hand ties the player\u2019s hand both the ante bet and the raise bet are pushed",
    ),
    (
        "Ante Bonus for a straight or better, paid whenever the player plays",
        "If the player places an ante bet, raises the bet, and his hand contains a straight, three of a kind, "
        "or a straight flush, he is paid a bonus according to the Ante Bonus Payout Table (regardless of "
        "whether or not the dealer qualifies)",
    ),
    (
        "Pair Plus: paid on the player's hand alone, for a pair or better",
        "If the player bets on Pair Plus, he is rewarded according to the Pair Plus Payout Table if his hand "
        "contains a pair or better",
    ),
)

#: The classes the Ante Bonus pays, best first (the order of ``ThreeCardPokerRules.ante_bonus``).
ANTE_BONUS_CLASSES: tuple[str, ...] = ("straight flush", "three of a kind", "straight")
#: The classes Pair Plus pays, best first (the order of ``ThreeCardPokerRules.pair_plus``).
PAIR_PLUS_CLASSES: tuple[str, ...] = ("straight flush", "three of a kind", "straight", "flush", "one pair")
#: The standard Ante Bonus: straight flush 5, three of a kind 4, straight 1 (to 1, on the ante).
STANDARD_ANTE_BONUS: tuple[int, ...] = (5, 4, 1)

_WIZARD = "https://wizardofodds.com/games/three-card-poker/"
_WIZARD_COPY = (
    "Wizard of Odds's Pairplus tables 1-4, as copied at https://synaptia.net/three-789betting-card-poker/"
)
_GROCHOWSKI = (
    "J. Grochowski, https://online.casinocity.com/article/a-rare-pair-plus-payout-at-three-card-poker-124535"
)


def _pay(value: object, what: str) -> Fraction:
    """A pay (to 1) read exactly: a non-negative number, else CasinoError naming ``what``."""
    number = exact_number(
        value, what, CasinoError, symbolic=False, not_a_number="{name}: {value!r} is not a number"
    )
    if not number.is_Rational:
        raise CasinoError(f"{what}: {value!r} is not an exact number")
    if number < 0:
        raise CasinoError(f"{what}: {value!r} is negative; a pay is 0 or more (to 1)")
    return Fraction(int(number.p), int(number.q))


def _pays(values: object, name: str, classes: tuple[str, ...]) -> tuple[Fraction, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise CasinoError(f"{name}: give {len(classes)} pays ({', '.join(classes)}), got {values!r}")
    if len(values) != len(classes):
        raise CasinoError(
            f"{name}: {len(values)} pay{'s' if len(values) != 1 else ''} given, {len(classes)} needed ({', '.join(classes)}), got {tuple(values)!r}"
        )
    return tuple(_pay(v, f"{name} ({c})") for v, c in zip(values, classes))


def _pay_text(pays: Sequence[Fraction]) -> str:
    return "-".join(str(p) for p in pays)


@dataclass(frozen=True)
class PairPlusTable:
    """A Pair Plus pay table with the house edge published for it.

    Attributes
    ----------
    pays : tuple of Fraction, length 5
        Straight flush, three of a kind, straight, flush, one pair (to 1, on the Pair Plus bet).
    published : str
        The house edge as published, in percent to its stated precision (``"2.32"``).
    source : str
        Where it is published.
    """

    pays: tuple[Fraction, ...]
    published: str
    source: str

    @property
    def name(self) -> str:
        """The table as casinos write it, ``"40-30-6-4-1"``."""
        return _pay_text(self.pays)


def _table(pays: tuple[int, ...], published: str, source: str) -> PairPlusTable:
    return PairPlusTable(tuple(Fraction(p) for p in pays), published, source)


#: Common Pair Plus tables, each with its published house edge (percent of the Pair Plus bet).
PAIR_PLUS_TABLES: tuple[PairPlusTable, ...] = (
    _table((40, 30, 6, 4, 1), "2.32", f"{_WIZARD} (table 1, the original)"),
    _table((40, 25, 6, 4, 1), "3.49", f"{_WIZARD_COPY} (table 2)"),
    _table((35, 25, 6, 4, 1), "4.58", f"{_WIZARD_COPY} (table 3)"),
    _table((40, 30, 5, 4, 1), "5.57", _GROCHOWSKI),
    _table((40, 30, 6, 3, 1), "7.28", f"{_WIZARD} (table 4, the most common today)"),
)


@dataclass(frozen=True)
class ThreeCardPokerRules:
    """What a casino may change in Three Card Poker: the dealer's qualifier and the two pay tables.

    Parameters
    ----------
    qualifier : str
        The lowest high card with which the dealer qualifies: a rank ``2``-``9``, ``T`` (or ``10``),
        ``J``, ``Q``, ``K``, ``A`` (any case); ``"Q"`` (the text's "High Card with a Queen") by
        default.  A pair or better always qualifies.
    ante_bonus : sequence of 3 numbers
        Ante Bonus pays (to 1, on the ante) for a straight flush, three of a kind, a straight;
        default 5, 4, 1.  Exact numbers: ints, ``"3/2"``, Fractions, a float only if it is exactly a
        short decimal (see :mod:`derive.extensive_form.exact`).
    pair_plus : sequence of 5 numbers
        Pair Plus pays (to 1) for a straight flush, three of a kind, a straight, a flush, a pair;
        default 40, 30, 6, 4, 1.

    Attributes
    ----------
    qualifier : str
        The rank symbol, normalised (``"Q"``; ``"10"`` becomes ``"T"``).
    ante_bonus, pair_plus : tuple of Fraction
        The pays, exact.

    Raises
    ------
    CasinoError
        An unknown qualifier, a pay table of the wrong length, a pay that is negative, not a number
        or an inexact float (one line naming the bad value).

    Examples
    --------
    >>> rules = ThreeCardPokerRules(qualifier="j", pair_plus=(40, 30, 6, 3, 1))
    >>> rules.qualifier, rules.qualifier_rank, rules.describe()
    ('J', 9, 'dealer qualifies with J-high or better; Ante Bonus 5-4-1; Pair Plus 40-30-6-3-1')
    >>> ThreeCardPokerRules(ante_bonus=(5, 4))
    Traceback (most recent call last):
    ...
    derive.casino.CasinoError: ante_bonus: 2 pays given, 3 needed (straight flush, three of a kind, straight), got (5, 4)
    """

    qualifier: str = "Q"
    ante_bonus: tuple[Fraction, ...] = field(default=STANDARD_ANTE_BONUS)
    pair_plus: tuple[Fraction, ...] = field(default=PAIR_PLUS_TABLES[0].pays)

    def __post_init__(self) -> None:
        object.__setattr__(self, "qualifier", _qualifier_symbol(self.qualifier))
        object.__setattr__(self, "ante_bonus", _pays(self.ante_bonus, "ante_bonus", ANTE_BONUS_CLASSES))
        object.__setattr__(self, "pair_plus", _pays(self.pair_plus, "pair_plus", PAIR_PLUS_CLASSES))

    @property
    def qualifier_rank(self) -> int:
        """The qualifier's rank index (0 the deuce, 12 the ace)."""
        return parse_cards(self.qualifier + "c")[0].rank

    def bonus(self, class_name: str) -> Fraction:
        """The Ante Bonus (to 1) paid to a played hand of this class (0 below a straight).

        Examples
        --------
        >>> ThreeCardPokerRules().bonus("three of a kind"), ThreeCardPokerRules().bonus("flush")
        (Fraction(4, 1), Fraction(0, 1))
        """
        return dict(zip(ANTE_BONUS_CLASSES, self.ante_bonus)).get(class_name, Fraction(0))

    def describe(self) -> str:
        """One line: the qualifier and the two pay tables."""
        return (
            f"dealer qualifies with {self.qualifier}-high or better; Ante Bonus {_pay_text(self.ante_bonus)}; "
            f"Pair Plus {_pay_text(self.pair_plus)}"
        )


def _qualifier_symbol(value: object) -> str:
    """A rank symbol (``"Q"``, ``"q"``, ``"10"``) normalised, else CasinoError naming it."""
    message = f"qualifier: {value!r} is not a rank; give 2-9, T, J, Q, K or A"
    if not isinstance(value, str) or not value.strip() or " " in value.strip():
        raise CasinoError(message)
    try:
        (card,) = parse_cards(value.strip() + "c")
    except (HandsError, ValueError):
        raise CasinoError(message) from None
    return format_cards([Card(card.rank, 0)])[:-1]
