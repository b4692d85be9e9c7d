"""Three Card Poker's derivation as plain text (:func:`three_card_poker_text`) and as a JSON document
(:func:`three_card_poker_json`): the optimal rule, the edges, the borderline hands with the dealer's
counts, and how each count is derived.  Every number is the exact fraction, a decimal beside it.
"""

from __future__ import annotations

from fractions import Fraction

from derive.casino.classes import hand_classes
from derive.casino.counting import DEALER_HANDS, OUTCOMES, PLAYER_HANDS, inclusion_exclusion
from derive.casino.decision import HandDecision, ThreeCardPokerAnalysis
from derive.casino.rules import ANTE_BONUS_CLASSES, PAIR_PLUS_CLASSES, SOURCE, SOURCE_RULES
from derive.notation.text import count, plural

__all__ = [
    "three_card_poker_json",
    "three_card_poker_text",
]


def _decimal(q: Fraction, places: int) -> str:
    """``q`` rounded half away from zero to ``places`` decimals, by integer arithmetic."""
    scaled = abs(q) * 10**places
    whole = int(scaled + Fraction(1, 2))
    text = str(whole).rjust(places + 1, "0")
    sign = "-" if q < 0 and whole else ""
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def _percent(q: Fraction, places: int = 4) -> str:
    return f"{_decimal(100 * q, places)}%"


def _exact(q: Fraction, places: int = 6) -> dict[str, str]:
    return {"exact": str(q), "decimal": _decimal(q, places)}


def _hand_json(d: HandDecision) -> dict:
    return {
        "hand": d.hand.name,
        "pattern": d.hand.pattern,
        "cards": d.hand.cards_text,
        "class": d.hand.value.name,
        "hands": d.hand.size,
        "dealer": dict(zip(OUTCOMES, d.dealer.as_tuple())),
        "ante_bonus": str(d.bonus),
        "ev_play": _exact(d.ev_play),
        "ev_fold": str(d.ev_fold),
        "decision": d.action,
    }


def three_card_poker_json(analysis: ThreeCardPokerAnalysis, all_hands: bool = False) -> dict:
    """The analysis as a JSON-ready dict: exact values as strings ``"686689/20358520"``, decimals beside.

    Parameters
    ----------
    analysis : ThreeCardPokerAnalysis
    all_hands : bool
        Also list every one of the 1755 hand classes (key ``"hands"``).

    Returns
    -------
    dict
        Keys ``game``, ``source``, ``rules``, ``optimal`` (rule, threshold hands), ``house_edge``,
        ``element_of_risk``, ``play_probability`` (per ante), ``strategies``, ``pair_plus``,
        ``pair_plus_lost_on_fold``, ``borderline``; ``hands`` if asked.

    Raises
    ------
    None

    Examples
    --------
    >>> from derive.casino.decision import three_card_poker
    >>> doc = three_card_poker_json(three_card_poker())
    >>> doc["optimal"]["rule"], doc["house_edge"]
    ('play Q-6-4 or better, fold Q-6-3 and worse', {'exact': '686689/20358520', 'decimal': '0.033730'})
    """
    a, rules = analysis, analysis.rules
    doc = {
        "game": "Three Card Poker",
        "source": SOURCE,
        "rules": {
            "qualifier": rules.qualifier,
            "ante": "1",
            "play_bet": "1",
            "ante_bonus": {c: str(p) for c, p in zip(ANTE_BONUS_CLASSES, rules.ante_bonus)},
            "pair_plus": {c: str(p) for c, p in zip(PAIR_PLUS_CLASSES, rules.pair_plus)},
        },
        "optimal": {
            "rule": a.rule,
            "clean_threshold": a.clean,
            "least_played": _hand_json(a.least_played),
            "greatest_folded": None if a.greatest_folded is None else _hand_json(a.greatest_folded),
            "out_of_order": [_hand_json(d) for d in a.out_of_order()],
        },
        "house_edge": _exact(a.optimal.house_edge),
        "element_of_risk": _exact(a.optimal.element_of_risk),
        "play_probability": _exact(a.optimal.play_probability),
        "strategies": [
            {
                "name": s.name,
                "description": s.description,
                "house_edge": _exact(s.house_edge),
                "element_of_risk": _exact(s.element_of_risk),
                "play_probability": _exact(s.play_probability),
            }
            for s in a.strategies
        ],
        "pair_plus": [
            {
                "table": p.name,
                "house_edge": _exact(p.house_edge),
                "published_percent": p.published,
                "source": p.source,
            }
            for p in a.pair_plus
        ],
        "pair_plus_lost_on_fold": a.folds_a_pair_plus_winner(),
        "borderline": [_hand_json(d) for d in a.borderline()],
    }
    if all_hands:
        doc["hands"] = [_hand_json(d) for d in a.decisions]
    return doc


def _table(head: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    width = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(r: list[str]) -> str:
        return "  ".join(
            x.rjust(w) if i in right else x.ljust(w) for i, (x, w) in enumerate(zip(r, width))
        ).rstrip()

    return [line(head), *map(line, rows)]


def _ev_text(q: Fraction) -> str:
    return f"{q} ≈ {_decimal(q, 6)}"


def _hand_rows(decisions: tuple[HandDecision, ...]) -> list[str]:
    head = [
        "hand",
        "cards",
        "hands",
        "no qualify",
        "qual.&loses",
        "ties",
        "dealer wins",
        "EV(play)",
        "",
        "decision",
    ]
    rows = [
        [
            d.hand.label,
            d.hand.cards_text,
            str(d.hand.size),
            *map(str, d.dealer.as_tuple()),
            str(d.ev_play),
            f"≈ {_decimal(d.ev_play, 6)}",
            d.action,
        ]
        for d in decisions
    ]
    return ["  " + x for x in _table(head, rows, {2, 3, 4, 5, 6, 7})]


def _derivation(analysis: ThreeCardPokerAnalysis, d: HandDecision) -> list[str]:
    terms = inclusion_exclusion(d.hand, analysis.rules)
    c = d.dealer
    lines = [f"  {d.hand.label} ({d.hand.cards_text}):  N = {terms[OUTCOMES[0]].symbols()}"]
    width = max(map(len, OUTCOMES))
    for outcome, t in terms.items():
        lines.append(f"    dealer {outcome:<{width}}  {t.text()}")
    bonus = f"{d.bonus} + " if d.bonus else ""
    lines.append(
        f"    EV(play) = {bonus}({c.not_qualify} + 2·{c.qualify_lose} + 0·{c.tie} - 2·{c.dealer_wins})/{DEALER_HANDS}"
        f" = {_ev_text(d.ev_play)}  {'>' if d.ev_play > -1 else '<' if d.ev_play < -1 else '='} EV(fold) = -1"
    )
    return lines


def three_card_poker_text(analysis: ThreeCardPokerAnalysis, all_hands: bool = False) -> str:
    """The derivation as plain text: rule, edges, other strategies, Pair Plus, borderline hands, counts.

    Parameters
    ----------
    analysis : ThreeCardPokerAnalysis
    all_hands : bool
        Also print the table for all 1755 hand classes.

    Returns
    -------
    str

    Raises
    ------
    None

    Examples
    --------
    >>> from derive.casino.decision import three_card_poker
    >>> print(three_card_poker_text(three_card_poker()).splitlines()[4])
      play Q-6-4 or better, fold Q-6-3 and worse
    """
    a, rules = analysis, analysis.rules
    out = [
        f"Three Card Poker, derived exactly (the rules of {SOURCE})",
        f"rules: ante 1, play bet 1; {rules.describe()}",
        "",
        "Optimal play: the best response to chance (the dealer's hand; his play is fixed), hand by hand",
        f"  {a.rule}",
    ]
    least, most = a.least_played, a.greatest_folded
    out.append(
        f"  weakest hand worth playing:   {least.hand.label} ({least.hand.cards_text}), "
        f"EV(play) = {_ev_text(least.ev_play)} > EV(fold) = -1"
    )
    if most is not None:
        out.append(
            f"  strongest hand worth folding: {most.hand.label} ({most.hand.cards_text}), "
            f"EV(play) = {_ev_text(most.ev_play)} < EV(fold) = -1"
        )
    n = len(a.decisions)
    if a.clean:
        out.append(f"  a clean threshold in hand order: all {n} classes of hands checked, none out of order")
    else:
        out.append(
            f"  NOT a clean threshold: {len(a.out_of_order())} of {count(n, 'class', 'classes')} out of hand order "
            "(see --all)"
        )
    ties = [d for d in a.decisions if d.action == "either"]
    if ties:
        out.append(
            f"  {count(len(ties), 'class', 'classes')} {plural(len(ties), 'is', 'are')} indifferent "
            f"(EV(play) = -1) and counted as folded"
        )
    o = a.optimal
    out += [
        "",
        f"house edge per ante:  {o.house_edge} ≈ {_percent(o.house_edge)}"
        + ("  (negative: the player has the edge)" if o.house_edge < 0 else ""),
        f"element of risk:      {o.element_of_risk} ≈ {_percent(o.element_of_risk)}"
        "  (the edge per total wagered: ante + P(play) · play bet)",
        f"probability of play:  {o.play_probability} ≈ {_percent(o.play_probability)}",
        "",
        "Strategies (per ante of 1):",
    ]
    rows = [
        [
            s.name,
            f"{s.house_edge} ≈ {_percent(s.house_edge)}",
            f"{s.element_of_risk} ≈ {_percent(s.element_of_risk)}",
            f"{s.play_probability} ≈ {_percent(s.play_probability, 2)}",
        ]
        for s in a.strategies
    ]
    out += ["  " + x for x in _table(["strategy", "house edge", "element of risk", "P(play)"], rows, set())]
    out += ["", "Pair Plus (paid on the player's three cards alone; per Pair Plus bet of 1):"]
    rows = [
        [
            p.name + (" (the rules')" if i == 0 else ""),
            f"{p.house_edge} ≈ {_percent(p.house_edge)}",
            f"{p.published}%" if p.published else "-",
        ]
        for i, p in enumerate(a.pair_plus)
    ]
    out += ["  " + x for x in _table(["pay table", "house edge", "published"], rows, set())]
    if a.folds_a_pair_plus_winner():
        out.append(
            "  the best response folds some pair or better: where a fold also loses the Pair Plus bet "
            "(the text's rule), these edges are not those of an independent bet"
        )
    else:
        out.append(
            "  the best response plays every pair or better, so the text's rule that a fold also loses the "
            "Pair Plus bet never applies to a winning Pair Plus hand"
        )
    out += [
        "",
        f"Borderline hands: the dealer's C(49,3) = {DEALER_HANDS} hands from the 49 cards left, by outcome; "
        "EV(play) per ante (EV(fold) = -1)",
        *_hand_rows(a.borderline()),
        "",
        "How the counts are derived: inclusion-exclusion over the cards the two hands could share.",
        f"  T: the deck's {PLAYER_HANDS} hands whose value gives the outcome; T[a]: those holding card a;",
        "  T[a,b]: holding a and b; T[a,b,c]: the player's own hand, if its value gives the outcome.",
    ]
    for d in (least, most):
        if d is not None:
            out += _derivation(a, d)
    out += ["", f"Rules applied, as {SOURCE} states them:"]
    out += [f'  {rule}: "{quote}"' for rule, quote in SOURCE_RULES]
    out.append("  (the text prints no pay tables: the Ante Bonus and Pair Plus tables are inputs)")
    if all_hands:
        out += [
            "",
            f"All {len(hand_classes())} classes of player hands, weakest first:",
            *_hand_rows(a.decisions),
        ]
    return "\n".join(out)
