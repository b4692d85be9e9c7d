"""Three Card Poker against the dealer (issue 21): the dealer's counts against a brute-force deal of all
22,100 × 18,424 hand pairs, the optimal rule and the edges against the published figures, inputs, the
command line and the LaTeX fragment.

The brute force here shares nothing with derive.casino but the hand evaluator (derive.hands.hand_value):
it deals every player hand, every dealer hand from the 49 cards left, and compares values one by one
(numpy), for two qualifiers at once.  The published figures are quoted where they are checked.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from derive.casino import (
    DEALER_HANDS,
    OUTCOMES,
    PAIR_PLUS_TABLES,
    SOURCE,
    SOURCE_RULES,
    CasinoError,
    ThreeCardPokerRules,
    dealer_counts,
    hand_class,
    hand_classes,
    inclusion_exclusion,
    three_card_poker,
    three_card_poker_json,
    three_card_poker_latex,
)
from derive.cli import main
from derive.hands import Card, hand_value

ROOT = Path(__file__).resolve().parent.parent
#: The text's own counts of the 22,100 hands ("52C3 - 48 - 52 - 720 - 1096 - 3744 = 16440").
TEXT_COUNTS = {
    "straight flush": 48,
    "three of a kind": 52,
    "straight": 720,
    "flush": 1096,
    "one pair": 3744,
    "high card": 16440,
}


def _rounded(q: Fraction, places: int) -> str:
    """``q`` rounded half up to ``places`` decimals, by the decimal module (not derive's own helper)."""
    with localcontext() as ctx:
        ctx.prec = 50
        return str(
            (Decimal(q.numerator) / Decimal(q.denominator)).quantize(
                Decimal(1).scaleb(-places), ROUND_HALF_UP
            )
        )


def _percent(q: Fraction, places: int = 2) -> str:
    return _rounded(100 * q, places)


# --------------------------------------------------------------------------- brute force


#: The qualifiers dealt: the text's queen, the jack of the issue's question, and the six, where the best
#: response is no threshold in hand order (J-8-5 plays or folds by its suits).
QUALIFIERS = {"Q": 10, "J": 9, "6": 4}


@cache
def _brute_force():
    """Every player hand against every dealer hand of the 49 cards left, dealt and compared.

    Returns the hands (card-id triples), their values, each hand's rank among the distinct values, the
    rank of the lowest hand qualifying with each of QUALIFIERS, and per player hand the number of disjoint
    dealer hands below: each qualifier, its own value, and at or below its own value.
    """
    hands = list(combinations(range(52), 3))
    values = [hand_value([Card(c // 4, c % 4) for c in h]) for h in hands]
    order = {v: i for i, v in enumerate(sorted(set(values)))}
    rank = np.array([order[v] for v in values])
    masks = np.array([sum(1 << c for c in h) for h in hands], dtype=np.uint64)
    lowest = [
        min(order[v] for v in values if v.category > 0 or v.tiebreak[0] >= r) for r in QUALIFIERS.values()
    ]
    below = np.zeros((len(hands), len(lowest) + 2), dtype=np.int64)
    for i in range(len(hands)):
        dealer = rank[(masks & masks[i]) == 0]
        assert len(dealer) == DEALER_HANDS
        under = np.concatenate(
            [[0], np.cumsum(np.bincount(dealer, minlength=len(order)))]
        )  # under[k]: rank < k
        below[i] = under[[*lowest, rank[i], rank[i] + 1]]
    return hands, values, rank, lowest, below


def _brute_counts(qualifier: str) -> list[tuple[int, int, int, int]]:
    """(not qualify, qualify and lose, tie, dealer wins) per player hand, from the brute force."""
    hands, _, rank, lowest, below = _brute_force()
    column = list(QUALIFIERS).index(qualifier)
    q = lowest[column]
    out = []
    for i in range(len(hands)):
        nq, lt, le = int(below[i, column]), int(below[i, -2]), int(below[i, -1])
        if rank[i] < q:  # every dealer hand below him is below the qualifier too
            out.append((nq, 0, 0, DEALER_HANDS - nq))
        else:
            out.append((nq, lt - nq, le - lt, DEALER_HANDS - le))
    return out


@pytest.mark.parametrize("qualifier", list(QUALIFIERS))
def test_every_class_count_agrees_with_the_brute_force_of_all_pairs(qualifier):
    """Each of the 22,100 player hands, dealt against all 18,424 dealer hands, has exactly the counts of its
    class (inclusion-exclusion in derive.casino): every class, every hand of it, three qualifiers."""
    hands, _, _, _, _ = _brute_force()
    counts = dealer_counts(ThreeCardPokerRules(qualifier=qualifier))
    seen = [0] * len(counts)
    for h, brute in zip(hands, _brute_counts(qualifier)):
        cls = hand_class([(c // 4, c % 4) for c in h])
        assert counts[cls.order].as_tuple() == brute, (cls.label, h)
        seen[cls.order] += 1
    assert seen == [c.size for c in hand_classes()]


def _brute_evs(qualifier: str) -> list[Fraction]:
    """EV(play) of each player hand from the brute-force counts and the text's payoffs (play: +1 when the
    dealer does not qualify, +2 when he loses, 0 on a tie, -2 when he wins; Ante Bonus 5/4/1)."""
    _, values, _, _, _ = _brute_force()
    bonus = {"straight flush": 5, "three of a kind": 4, "straight": 1}
    return [
        bonus.get(v.name, 0) + Fraction(nq + 2 * lose + 0 * tie - 2 * win, DEALER_HANDS)
        for v, (nq, lose, tie, win) in zip(values, _brute_counts(qualifier))
    ]


@pytest.mark.parametrize("qualifier", list(QUALIFIERS))
def test_house_edge_agrees_with_the_brute_force(qualifier):
    """The exact house edge and play probability, recomputed hand by hand from the brute-force counts
    (fold -1, play per _brute_evs)."""
    evs = _brute_evs(qualifier)
    a = three_card_poker(ThreeCardPokerRules(qualifier=qualifier))
    assert a.optimal.house_edge == -sum(max(ev, Fraction(-1)) for ev in evs) / 22100
    assert a.optimal.play_probability == Fraction(sum(ev > -1 for ev in evs), 22100)


def test_no_clean_threshold_is_reported_honestly():
    """With a dealer qualifying on 6-high, the brute force plays some J-8-5 hands and folds others (by their
    suits); the analysis says so: not clean, the two threshold hands are both J-8-5, 4 classes out of order."""
    _, values, _, _, _ = _brute_force()
    j85 = hand_value("Jc 8d 5h")
    split = {ev > -1 for v, ev in zip(values, _brute_evs("6")) if v == j85}
    assert split == {True, False}
    a = three_card_poker(ThreeCardPokerRules(qualifier="6"))
    assert not a.clean
    assert (
        a.rule
        == "no clean threshold: the weakest hand played is J-8-5 J8 suited, the strongest folded J-8-5 J5 suited"
    )
    assert {d.hand.name for d in a.out_of_order()} == {"J-8-5"} and len(a.out_of_order()) == 4
    assert a.least_played.ev_play > -1 > a.greatest_folded.ev_play


# --------------------------------------------------------------------------- the standard game


def test_optimal_rule_is_q64_a_clean_threshold():
    """Play Q-6-4 or better, fold Q-6-3 and worse (Wizard of Odds; Grochowski 2014): every class from the
    lowest Q-6-4 up has EV(play) > -1, every class below has EV(play) < -1."""
    a = three_card_poker()
    assert a.rule == "play Q-6-4 or better, fold Q-6-3 and worse"
    q64 = hand_value("Qc 6d 4h")
    assert a.least_played.hand.value == q64 and a.greatest_folded.hand.value == hand_value("Qc 6d 3h")
    for d in a.decisions:
        assert (d.ev_play > -1) == (d.hand.value >= q64), d.hand.label
        assert d.ev_play != -1
    assert a.clean and a.out_of_order() == ()
    assert a.least_played.ev_play > -1 > a.greatest_folded.ev_play


def test_published_figures_of_the_standard_game():
    """House edge 3.37% of the ante with Q-6-4 and element of risk 2.01%
    (https://wizardofodds.com/games/three-card-poker/, Ante Bonus table 1: 5-4-1; Grochowski, "the house edge
    of 2.01% on Three Card Poker ante-bet play"); 3.45% with "the queen or better strategy", and per $1 of
    ante an average loss of $1.00255 playing Q-6-3, $0.993378 playing Q-6-4 (J. Grochowski, 2014,
    https://www.casinocitytimes.com/john-grochowski/article/three-card-poker-and-roulette-62858, quoting
    wizardofodds.com; the figures are those of the rainbow hands Qc 6d 3h and Qc 6d 4h)."""
    a = three_card_poker()
    assert _percent(a.optimal.house_edge) == "3.37"
    assert _percent(a.optimal.element_of_risk) == "2.01"
    queen = next(s for s in a.strategies if s.name == "play queen-high or better")
    assert _percent(queen.house_edge) == "3.45"
    assert _rounded(a.decision(hand_class("Qc 6d 3h")).ev_play, 5) == "-1.00255"
    assert _rounded(a.decision(hand_class("Qc 6d 4h")).ev_play, 6) == "-0.993378"


def test_pair_plus_edges_against_the_published_tables():
    """Pair Plus 40-30-6-4-1: 2.32%, 40-30-6-3-1: 7.28% (Wizard of Odds), 40-25-6-4-1: 3.49%, 35-25-6-4-1:
    4.58% (its tables 2 and 3), 40-30-5-4-1: 5.57% (Grochowski); and exactly the text's counts times the pays."""
    a = three_card_poker()
    published = {p.name: p.published for p in PAIR_PLUS_TABLES}
    assert published == {
        "40-30-6-4-1": "2.32",
        "40-25-6-4-1": "3.49",
        "35-25-6-4-1": "4.58",
        "40-30-5-4-1": "5.57",
        "40-30-6-3-1": "7.28",
    }
    assert [p.name for p in a.pair_plus] == list(published)
    for p in a.pair_plus:
        pays = [Fraction(x) for x in p.name.split("-")]
        won = sum(pay * n for pay, n in zip(pays, list(TEXT_COUNTS.values())[:5]))
        assert p.house_edge == (TEXT_COUNTS["high card"] - won) / 22100
        assert _percent(p.house_edge) == published[p.name]
    assert (
        a.folds_a_pair_plus_winner() is False
    )  # the text's "loses ... the Pair Plus bet" on a fold costs nothing


def test_simpler_strategies():
    """Always playing costs the EV of every folded hand; mimicking the dealer with the Q qualifier is
    "queen-high or better"; the threshold rule is the optimal strategy; each edge per ante sits above
    the optimum's."""
    a = three_card_poker()
    by_name = {s.name: s for s in a.strategies}
    assert set(by_name) == {
        "optimal",
        "play Q-6-4 or better",
        "play queen-high or better",
        "mimic the dealer",
        "always play",
    }
    assert by_name["play Q-6-4 or better"] == by_name["optimal"].__class__(
        "play Q-6-4 or better",
        by_name["play Q-6-4 or better"].description,
        a.optimal.house_edge,
        a.optimal.play_probability,
    )
    assert by_name["mimic the dealer"].house_edge == by_name["play queen-high or better"].house_edge
    cost = sum(d.hand.size * (-1 - d.ev_play) for d in a.decisions if not d.plays) / 22100
    assert by_name["always play"].house_edge == a.optimal.house_edge + cost
    assert by_name["always play"].play_probability == 1
    for s in a.strategies:
        assert s.house_edge >= a.optimal.house_edge
        assert s.element_of_risk == s.house_edge / (1 + s.play_probability)
    assert sum(d.hand.size for d in a.decisions if d.plays) == 22100 * a.optimal.play_probability


# --------------------------------------------------------------------------- the counting shown


def test_inclusion_exclusion_terms_give_every_count():
    """For every class, each outcome's T - ΣT[a] + ΣT[a,b] - T[a,b,c] is its count; the four sum to C(49,3);
    the deck's T over the four outcomes is all 22,100 hands."""
    counts = dealer_counts()
    for cls in hand_classes():
        terms = inclusion_exclusion(cls)
        assert list(terms) == list(OUTCOMES)
        assert tuple(t.value for t in terms.values()) == counts[cls.order].as_tuple()
        assert sum(t.whole for t in terms.values()) == 22100
        assert sum(t.triple for t in terms.values()) == 1  # the player's own hand is in exactly one outcome
        assert sum(sum(t.singles) for t in terms.values()) == 3 * 1275  # C(51,2) hands hold each card
        assert sum(sum(t.pairs) for t in terms.values()) == 3 * 50


def test_hand_classes_partition_the_deck():
    """1755 classes (C(13,3)·5 + 13·12·2 + 13), every hand in exactly one, of the class's value and size."""
    classes = hand_classes()
    assert len(classes) == 286 * 5 + 156 * 2 + 13
    sizes = [0] * len(classes)
    for h in combinations([Card(r, s) for r in range(13) for s in range(4)], 3):
        cls = hand_class(h)
        assert cls.value == hand_value(h)
        sizes[cls.order] += 1
    assert sizes == [c.size for c in classes]
    assert [c.order for c in classes] == list(range(len(classes)))
    assert all(a.value <= b.value for a, b in zip(classes, classes[1:]))
    assert (
        hand_class("Ah 2h 3h").name == "3-2-A" and hand_class("8c 8d 3c").pattern == "odd card in a pair suit"
    )


# --------------------------------------------------------------------------- inputs


def test_qualifier_and_pay_tables_are_inputs():
    """A jack qualifier, another Ante Bonus or Pair Plus table changes the results, each change derived here
    by hand: with trips paying 3 instead of 4 (every trips hand plays) the edge rises by exactly 52/22100;
    Pair Plus 40-30-6-3-1 loses the 1096 flushes' extra unit."""
    standard = three_card_poker()
    jack = three_card_poker(ThreeCardPokerRules(qualifier="J"))
    assert jack.rule == "play Q-3-2 or better, fold J-T-8 and worse" and jack.clean
    assert jack.optimal.house_edge < 0  # the player's edge
    lower = three_card_poker(ThreeCardPokerRules(ante_bonus=(5, 3, 1)))
    assert lower.optimal.house_edge - standard.optimal.house_edge == Fraction(52, 22100)
    assert lower.rule == standard.rule
    pp = three_card_poker(ThreeCardPokerRules(pair_plus=(40, 30, 6, 3, 1)))
    assert pp.pair_plus[0].house_edge - standard.pair_plus[0].house_edge == Fraction(1096, 22100)
    assert pp.optimal == standard.optimal  # Pair Plus does not enter the ante game
    ace = three_card_poker(ThreeCardPokerRules(qualifier="A"))
    assert ace.greatest_folded is None and ace.rule == "play every hand"
    assert ThreeCardPokerRules(ante_bonus=("5", 0.5, "3/2")).ante_bonus == (5, Fraction(1, 2), Fraction(3, 2))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"qualifier": "Z"}, "qualifier: 'Z' is not a rank"),
        ({"qualifier": 12}, "qualifier: 12 is not a rank"),
        ({"ante_bonus": (5, "x", 1)}, "ante_bonus (three of a kind): 'x' is not a number"),
        ({"ante_bonus": (5, -4, 1)}, "ante_bonus (three of a kind): -4 is negative"),
        ({"ante_bonus": "541"}, "ante_bonus: give 3 pays"),
        ({"pair_plus": (40, 30)}, "pair_plus: 2 pays given, 5 needed"),
        (
            {"pair_plus": (40, 30, 6, 4, 1 / 3)},
            "pair_plus (one pair): 0.3333333333333333 is a float, not exact",
        ),
    ],
)
def test_bad_rules_are_one_line_naming_the_value(kwargs, message):
    with pytest.raises(CasinoError) as caught:
        ThreeCardPokerRules(**kwargs)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_rules_quote_the_source_text():
    """Every rule applied is quoted word for word from the seed text."""
    text = (ROOT / SOURCE).read_text(encoding="utf-8")
    assert len(SOURCE_RULES) == 8
    for rule, quote in SOURCE_RULES:
        assert quote in text, rule


# --------------------------------------------------------------------------- where it shows


def _run(*args):
    out, err = io.StringIO(), io.StringIO()
    status = main(["casino", *args], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_command_prints_rule_edges_and_borderline_hands():
    status, out, err = _run("three-card-poker")
    assert status == 0 and err == ""
    assert "play Q-6-4 or better, fold Q-6-3 and worse" in out
    assert "house edge per ante:  686689/20358520 ≈ 3.3730%" in out
    assert "element of risk:      686689/34084400 ≈ 2.0147%" in out
    assert "probability of play:  149/221 ≈ 67.4208%" in out
    assert "Q-6-4 rainbow    Qc 6d 4h     24        5758          305    26        12335" in out
    assert "dealer qualifies and loses  480 - (120 + 30 + 45) + (8 + 12 + 0) - 0 = 305" in out
    status, other, _ = _run(
        "three-card-poker", "--qualifier", "J", "--ante-bonus", "5,3,1", "--pair-plus", "40,30,6,3,1"
    )
    assert status == 0 and "play Q-3-2 or better, fold J-T-8 and worse" in other
    assert "40-30-6-3-1 (the rules')  402/5525 ≈ 7.2760%  7.28%" in other


def test_command_json_and_latex():
    status, out, _ = _run("three-card-poker", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["house_edge"] == {"exact": "686689/20358520", "decimal": "0.033730"}
    assert doc["optimal"]["least_played"]["hand"] == "Q-6-4" and doc["optimal"]["clean_threshold"] is True
    assert doc["rules"]["ante_bonus"] == {"straight flush": "5", "three of a kind": "4", "straight": "1"}
    assert (
        "hands" not in doc
        and len(json.loads(_run("three-card-poker", "--json", "--all")[1])["hands"]) == 1755
    )
    assert doc == three_card_poker_json(three_card_poker())
    status, tex, _ = _run("three-card-poker", "--latex")
    assert status == 0 and tex == three_card_poker_latex(three_card_poker())
    assert r"\frac{686689}{20358520} \approx 3.3730\%" in tex and tex.count(r"\toprule") == 3


@pytest.mark.parametrize(
    "args, message",
    [
        (["--qualifier", "Z"], "--qualifier Z: qualifier: 'Z' is not a rank"),
        (["--ante-bonus", "5,x,1"], "--ante-bonus 5,x,1: ante_bonus (three of a kind): 'x' is not a number"),
        (["--pair-plus", "40,30"], "--pair-plus 40,30: pair_plus: 2 pays given, 5 needed"),
        (["--pair-plus", "40,30,6,-3,1"], "pair_plus (flush): '-3' is negative"),
        (["--ante-bonus", "5,4,1,0"], "ante_bonus: 4 pays given, 3 needed"),
        (["--json", "--latex"], "not allowed with argument --json"),
    ],
)
def test_command_bad_input_one_line_exit_2(args, message):
    status, out, err = _run("three-card-poker", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("derive: error: ") and message in err, err
    assert _run("blackjack")[0] == 2


def test_command_help_and_module_entry_point():
    """``casino --help`` opens with a sentence; ``python -m derive.cli casino three-card-poker`` runs."""
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["casino", "--help"], out=out, err=out)
    assert exited.value.code == 0
    proc = subprocess.run(
        [sys.executable, "-m", "derive.cli", "casino", "three-card-poker"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0 and "686689/20358520" in proc.stdout, proc.stderr


def test_latex_fragment_compiles(tmp_path):
    """The fragment compiles with pdflatex in a minimal document (amsmath, booktabs)."""
    if shutil.which("pdflatex") is None:
        if os.environ.get("CI"):
            pytest.fail("pdflatex is required in CI (.ci/run installs it)")
        pytest.skip("pdflatex not installed")
    (tmp_path / "tcp.tex").write_text(three_card_poker_latex(three_card_poker()), encoding="utf-8")
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\n\\usepackage[margin=2cm]{geometry}\n\\usepackage{amsmath,amssymb,booktabs}\n"
        "\\begin{document}\n\\input{tcp}\n\\end{document}\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "doc.pdf").stat().st_size > 0


def test_plot_of_ev_play_with_the_fold_line():
    """The figure shows every class's EV(play) (1755 points: played and folded), the fold line at -1 on both
    panels, and labels the two threshold hands with their exact EV."""
    from derive.figures import draw_play_values

    a = three_card_poker()
    fig = draw_play_values(a)
    left, right = fig.axes
    sizes = {c.get_gid(): len(c.get_offsets()) for c in left.collections}
    assert sizes == {"play": sum(d.plays for d in a.decisions), "fold": sum(not d.plays for d in a.decisions)}
    assert sum(sizes.values()) == 1755
    for ax in (left, right):
        (line,) = [ln for ln in ax.lines if ln.get_gid() == "fold-line"]
        assert list(line.get_ydata()) == [-1, -1]
    texts = {t.get_gid(): t.get_text() for t in right.texts if t.get_gid()}
    assert texts == {
        "least-played": "Q-6-4 64 suited\nEV = -18325/18424",
        "greatest-folded": "Q-6-3 rainbow\nEV = -393/392",
    }
    with pytest.raises(ValueError, match="around must be a positive integer, got 0"):
        draw_play_values(a, around=0)


@pytest.mark.parametrize(
    "cards, message",
    [
        ("Qc 6d", "three distinct cards"),
        ("Qc 6d 4h 2s", "three distinct cards"),
        ("Qc Qc 4h", "appears twice"),
        ("Qc 6d Xh", "unknown card 'Xh'"),
        ([(13, 0), (1, 0), (2, 0)], "three distinct cards"),
    ],
)
def test_hand_class_refuses_what_is_not_a_hand(cards, message):
    with pytest.raises(CasinoError, match=message):
        hand_class(cards)
