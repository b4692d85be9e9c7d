"""The seed texts' claims: each numeric claim of ``three-card-poker-frequencies.txt`` and
``hoyle-draw-odds-and-laws.txt`` with its quote, the stated value, the exact value and a verdict
under a tolerance rule (:func:`seed_claims`).

The claims and their verdicts are tabulated in ``docs/seed-claims.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.hands.classes import FIVE_CARD_CLASSES
from derive.hands.counting import formula_text, hand_table
from derive.hands.draws import DrawOdds, draw_odds
from derive.hands.errors import HandsError

__all__ = [
    "ABOUT_RULE",
    "EXACT_RULE",
    "HOYLE_SOURCE",
    "ROUNDED_RULE",
    "THREE_CARD_SOURCE",
    "AlternativeReading",
    "Claim",
    "claim_holds",
    "hoyle_claims",
    "seed_claims",
    "three_card_claims",
]


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
        The text's value.  Both are read exactly (int, ``"47/2"``, ``"4.5"``, Rational; a float
        only when it is exactly a short decimal such as 4.5, see :mod:`derive.extensive_form.exact`).
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
    HandsError
        A value that is not an exact number (a float such as ``1/3``; the message gives the exact form).

    Examples
    --------
    >>> claim_holds(sp.Rational(47, 2), 24, ROUNDED_RULE), claim_holds(sp.Rational(4165, 88), 45, ABOUT_RULE)
    (True, True)
    >>> claim_holds(sp.Rational(3461, 704), 4, ROUNDED_RULE)
    False
    """
    value = exact_number(value, "value", HandsError, symbolic=False)
    stated = exact_number(stated, "stated", HandsError, symbolic=False)
    gap = abs(value - stated)
    if rule == EXACT_RULE:
        return gap == 0
    if rule == ROUNDED_RULE:
        return gap <= sp.Rational(1, 2)
    if rule == ABOUT_RULE:
        return gap <= abs(stated) / 10
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
