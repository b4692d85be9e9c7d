"""Three Card Poker's derivation as a LaTeX fragment (:func:`three_card_poker_latex`): the counting by
inclusion-exclusion for the two hands at the threshold, the borderline hands, the edges (booktabs
tables), to ``\\input`` in a document with ``amsmath`` and ``booktabs``.
"""

from __future__ import annotations

from fractions import Fraction

from derive.casino.counting import DEALER_HANDS, OUTCOMES, PLAYER_HANDS, inclusion_exclusion
from derive.casino.decision import HandDecision, ThreeCardPokerAnalysis
from derive.casino.report import _decimal, _percent
from derive.casino.rules import SOURCE
from derive.hands.cards import format_cards

__all__ = ["three_card_poker_latex"]

_SUITS = {"c": r"\clubsuit", "d": r"\diamondsuit", "h": r"\heartsuit", "s": r"\spadesuit"}
_SHORT = {
    OUTCOMES[0]: r"\mathrm{nq}",
    OUTCOMES[1]: r"\mathrm{lose}",
    OUTCOMES[2]: r"\mathrm{tie}",
    OUTCOMES[3]: r"\mathrm{win}",
}


def _frac(q: Fraction) -> str:
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    return rf"{sign}\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"


def _slash(q: Fraction) -> str:
    """``$-4705/4606$``: a fraction on one line, for table cells."""
    return f"${q}$"


def _cards(cards) -> str:
    """``Q$\\diamondsuit$\\,6$\\clubsuit$...`` for text mode."""
    return r"\,".join(f"{name[:-1]}${_SUITS[name[-1]]}$" for name in format_cards(cards).split())


def _pct(q: Fraction, places: int = 4) -> str:
    return _percent(q, places).replace("%", r"\%")


def _derivation(analysis: ThreeCardPokerAnalysis, d: HandDecision) -> list[str]:
    terms = inclusion_exclusion(d.hand, analysis.rules)
    c = d.dealer
    lines = [
        rf"\paragraph{{{d.hand.label} ({_cards(d.hand.cards)}), {d.hand.size} hands.}}",
        r"\begin{align*}",
    ]
    for outcome, t in terms.items():
        s, p = t.singles, t.pairs
        lines.append(
            rf"N_{{{_SHORT[outcome]}}} &= {t.whole} - ({s[0]} + {s[1]} + {s[2]}) + ({p[0]} + {p[1]} + {p[2]})"
            rf" - {t.triple} = {t.value} \\"
        )
    bonus = f"{d.bonus} + " if d.bonus else ""
    relation = ">" if d.ev_play > -1 else "<" if d.ev_play < -1 else "="
    lines += [
        rf"\mathrm{{EV}}(\text{{play}}) &= {bonus}\frac{{{c.not_qualify} + 2 \cdot {c.qualify_lose} - 2 \cdot "
        rf"{c.dealer_wins}}}{{{DEALER_HANDS}}} = {_frac(d.ev_play)} \approx {_decimal(d.ev_play, 6)} {relation} -1",
        r"\end{align*}",
    ]
    return lines


def _booktabs(spec: str, head: list[str], rows: list[list[str]]) -> list[str]:
    return [
        r"\begin{center}",
        rf"\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        " & ".join(head) + r" \\",
        r"\midrule",
        *(" & ".join(r) + r" \\" for r in rows),
        r"\bottomrule",
        r"\end{tabular}",
        r"\end{center}",
    ]


def three_card_poker_latex(analysis: ThreeCardPokerAnalysis) -> str:
    """The derivation as a LaTeX fragment (needs ``amsmath`` and ``booktabs``).

    Parameters
    ----------
    analysis : ThreeCardPokerAnalysis

    Returns
    -------
    str
        Paragraphs, ``align*`` blocks and booktabs tables; no preamble.

    Raises
    ------
    None

    Examples
    --------
    >>> from derive.casino.decision import three_card_poker
    >>> tex = three_card_poker_latex(three_card_poker())
    >>> r"\\frac{686689}{20358520}" in tex and r"\\toprule" in tex
    True
    """
    a, rules = analysis, analysis.rules
    o = a.optimal
    out = [
        f"% Three Card Poker, derived exactly by derive from the rules of {SOURCE}.",
        r"% Needs \usepackage{amsmath,booktabs}.",
        rf"\paragraph{{The game.}} Ante 1; after seeing his three cards the player folds (losing the ante) or "
        rf"plays a bet of 1 more. The dealer qualifies with {rules.qualifier}-high or better. If he does not, the "
        r"ante wins 1 to 1 and the play bet pushes; if he does, the higher hand wins both bets 1 to 1 and equal "
        rf"hands push. A played straight, three of a kind or straight flush is paid an Ante Bonus of "
        rf"{rules.ante_bonus[2]}, {rules.ante_bonus[1]}, {rules.ante_bonus[0]} to 1 whatever the dealer holds.",
        r"\paragraph{The counts.} The dealer's three cards come from the 49 cards the player does not hold, "
        rf"$\binom{{49}}{{3}} = {DEALER_HANDS}$ hands. For a player hand $\{{a, b, c\}}$ the dealer's hands of an "
        r"outcome (he does not qualify, qualifies and loses, ties, wins) are counted by inclusion--exclusion over "
        r"the cards the two hands could share:",
        r"\[ N = T - (T_a + T_b + T_c) + (T_{ab} + T_{ac} + T_{bc}) - T_{abc}, \]",
        rf"$T$ the deck's {PLAYER_HANDS} hands whose value gives the outcome, $T_a$ those holding $a$, $T_{{ab}}$ "
        r"those holding $a$ and $b$, $T_{abc}$ one if the player's own hand gives the outcome. The player plays "
        r"when $\mathrm{EV}(\text{play}) = \text{bonus} + (N_{\mathrm{nq}} + 2 N_{\mathrm{lose}} - "
        r"2 N_{\mathrm{win}})/" + str(DEALER_HANDS) + r" > \mathrm{EV}(\text{fold}) = -1$.",
    ]
    for d in (a.least_played, a.greatest_folded):
        if d is not None:
            out += _derivation(a, d)
    rows = [
        [
            d.hand.label,
            _cards(d.hand.cards),
            str(d.hand.size),
            *map(str, d.dealer.as_tuple()),
            _slash(d.ev_play),
            f"${_decimal(d.ev_play, 6)}$",
            d.action,
        ]
        for d in a.borderline()
    ]
    out.append(r"\paragraph{The borderline hands.} Dealer's hands by outcome, EV per ante:")
    out += _booktabs(
        "llrrrrrrrl",
        [
            "hand",
            "cards",
            "hands",
            r"$N_{\mathrm{nq}}$",
            r"$N_{\mathrm{lose}}$",
            r"$N_{\mathrm{tie}}$",
            r"$N_{\mathrm{win}}$",
            r"$\mathrm{EV}(\text{play})$",
            "",
            "decision",
        ],
        rows,
    )
    clean = "a clean threshold in hand order" if a.clean else "not a clean threshold in hand order"
    out += [
        rf"\paragraph{{The optimal rule.}} {a.rule[0].upper() + a.rule[1:]} ({clean}, all {len(a.decisions)} "
        r"classes of hands checked). Per ante:",
        r"\begin{align*}",
        rf"\text{{house edge}} &= {_frac(o.house_edge)} \approx {_pct(o.house_edge)} \\",
        rf"P(\text{{play}}) &= {_frac(o.play_probability)} \approx {_pct(o.play_probability)} \\",
        rf"\text{{element of risk}} &= \frac{{\text{{house edge}}}}{{1 + P(\text{{play}})}} = "
        rf"{_frac(o.element_of_risk)} \approx {_pct(o.element_of_risk)}",
        r"\end{align*}",
    ]
    rows = [
        [
            s.name,
            _slash(s.house_edge),
            _pct(s.house_edge),
            _pct(s.element_of_risk),
            _pct(s.play_probability, 2),
        ]
        for s in a.strategies
    ]
    out += _booktabs("lrrrr", ["strategy", "house edge", "", "element of risk", r"$P(\text{play})$"], rows)
    rows = [
        [p.name, _slash(p.house_edge), _pct(p.house_edge), rf"{p.published}\%" if p.published else "--"]
        for p in a.pair_plus
    ]
    out.append(r"\paragraph{Pair Plus,} paid on the player's three cards alone, per Pair Plus bet:")
    out += _booktabs("lrrr", ["pay table", "house edge", "", "published"], rows)
    return "\n".join(out) + "\n"
