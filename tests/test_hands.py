"""Poker hand probabilities (derive/hands/): the seed texts' tables and claims, checked exactly.

The symbolic counts are checked against brute-force enumeration of every hand
of a real deck, the full 52-card deck and many small decks (the formulas are
general in ranks and suits); each seed claim's verdict is asserted.
"""

from __future__ import annotations

import io
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
import sympy as sp

from derive.hands import (
    ABOUT_RULE,
    EXACT_RULE,
    FIVE_CARD_CLASSES,
    ROUNDED_RULE,
    THREE_CARD_CLASSES,
    Card,
    DeckError,
    HandsError,
    HandSizeError,
    UnknownHoldingError,
    UnknownTargetError,
    brute_force_counts,
    claim_holds,
    claims_text,
    classify_hand,
    draw_odds,
    format_cards,
    formula_text,
    general_formulas,
    hand_table,
    hand_value,
    hands_main,
    hoyle_claims,
    parse_cards,
    seed_claims,
    three_card_claims,
)

R = sp.Rational
ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "docs" / "sources"  # copies of the two source texts


def _deck(ranks: int, suits: int) -> list[Card]:
    return [Card(r, s) for r in range(ranks) for s in range(suits)]


# ---------------------------------------------------------------------------------------------
# The tables


def test_three_card_table_reproduces_the_text():
    """The three-card table has the text's counts: 48, 52, 720, 1096, 3744, 16440 of C(52,3) = 22100."""
    t = hand_table(3)
    assert t.total == 22100
    assert t.counts == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "one pair": 3744,
        "high card": 16440,
    }
    assert tuple(r.name for r in t.rows) == THREE_CARD_CLASSES
    assert t.row("Nothing").source_name == "Nothing"
    assert t.row("trips").probability == R(1, 425)


def test_five_card_table_follows_hoyle():
    """The five-card table: Hoyle's ten classes (royal flush separate) of the 2,598,960 hands."""
    t = hand_table(5)
    assert t.total == 2598960
    assert t.counts == {
        "royal flush": 4,
        "straight flush": 36,
        "four of a kind": 624,
        "full house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three of a kind": 54912,
        "two pair": 123552,
        "one pair": 1098240,
        "high card": 1302540,
    }
    assert tuple(r.name for r in t.rows) == FIVE_CARD_CLASSES
    assert t.row("full hand").source_name == "Full Hand"
    assert t.row("three of a kind").probability == R(88, 4165)
    assert t.row("three of a kind").odds_against == R(4077, 88)


@pytest.mark.parametrize("hand_size", [3, 5])
def test_probabilities_are_exact_and_sum_to_one(hand_size):
    """Every probability is a sympy Rational, count over total, and they sum to exactly 1."""
    t = hand_table(hand_size)
    for row in t.rows:
        assert isinstance(row.probability, sp.Rational)
        assert isinstance(row.count, int)
        assert row.probability == R(row.count, t.total)
    assert sum(r.probability for r in t.rows) == 1
    assert sum(r.count for r in t.rows) == t.total == int(t.total_formula.doit())


def test_formulas_are_unevaluated_derivations():
    """The formulas are kept unevaluated, in the texts' form, and evaluate to the counts."""
    t = hand_table(3)
    expected = {
        "straight flush": "C(12,1)·C(4,1)",
        "three of a kind": "C(13,1)·C(4,3)",
        "straight": "C(12,1)·C(4,1)^3 - C(12,1)·C(4,1)",
        "flush": "C(13,3)·C(4,1) - C(12,1)·C(4,1)",
        "one pair": "C(13,1)·C(4,2)·C(12,1)·C(4,1)",
        "high card": "(C(13,3) - C(12,1))·(C(4,1)^3 - C(4,1))",
    }
    for row in t.rows:
        assert not row.formula.is_Integer
        assert row.formula.atoms(sp.binomial)
        assert formula_text(row.formula) == expected[row.name]
        assert row.formula.doit() == row.count
    assert hand_table(3).row("three of a kind").latex == r"{\binom{13}{1}} {\binom{4}{3}}"
    assert formula_text(hand_table(5).row("two pair").formula) == "C(13,2)·C(4,2)^2·C(11,1)·C(4,1)"
    assert formula_text(hand_table(5).row("straight flush").formula) == "C(9,1)·C(4,1)"


def test_latex_tables():
    """The LaTeX tabular and the notebook array list every class with its formula, count and probability."""
    t = hand_table(5)
    tab = t.latex_tabular()
    assert tab.startswith(r"\begin{tabular}{llrl}") and tab.endswith(r"\end{tabular}")
    assert r"royal flush & ${\binom{4}{1}}$ & 4 & $\frac{1}{649740}$ \\" in tab
    assert r"total & ${\binom{52}{5}}$ & 2598960 & $1$ \\" in tab
    assert len(tab.splitlines()) == 3 + 10 + 3
    arr = t._repr_latex_()
    assert arr.startswith("$$\\begin{array}") and arr.endswith("\\end{array}$$")
    assert r"\text{full house} & {\binom{13}{1}} {\binom{4}{3}} {\binom{12}{1}} {\binom{4}{2}} & 3744" in arr
    assert t.row("flush")._repr_latex_().startswith(r"$\text{flush}: ")


def test_general_formulas_specialise_to_the_tables():
    """The formulas in R ranks and S suits give every table with R > hand size (S <= 4 for five cards)."""
    Rs, Ss = sp.Symbol("R", integer=True, positive=True), sp.Symbol("S", integer=True, positive=True)
    for h in (3, 5):
        general = general_formulas(h)
        assert tuple(general) == (THREE_CARD_CLASSES if h == 3 else FIVE_CARD_CLASSES)
        for ranks in range(h + 1, 15):
            for suits in range(1, 5 if h == 5 else 7):
                counts = {k: int(v.subs({Rs: ranks, Ss: suits}).doit()) for k, v in general.items()}
                assert counts == hand_table(h, ranks, suits).counts, (h, ranks, suits)
    assert sp.factor(general_formulas(5)["straight"].doit()) == sp.factor((Rs - 3) * (Ss**5 - Ss))


# ---------------------------------------------------------------------------------------------
# Brute force


def test_three_card_brute_force_full_deck():
    """All 22,100 three-card hands of a 52-card deck, classified one by one, give the table's counts."""
    counts = Counter(classify_hand(hand) for hand in combinations(_deck(13, 4), 3))
    assert sum(counts.values()) == 22100
    assert dict(counts) == {k: v for k, v in hand_table(3).counts.items() if v}
    assert brute_force_counts(3) == hand_table(3).counts


def test_five_card_brute_force_full_deck():
    """All 2,598,960 five-card hands of a 52-card deck give Hoyle's table (keyed by ranks and one-suitedness)."""
    assert brute_force_counts(5) == hand_table(5).counts


def test_five_card_brute_force_small_deck_hand_by_hand():
    """A 28-card deck (ranks 8 to A, 4 suits): every one of its 98,280 hands classified one by one."""
    counts = Counter(classify_hand(hand, ranks=7) for hand in combinations(_deck(7, 4), 5))
    assert sum(counts.values()) == 98280
    table = hand_table(5, ranks=7, suits=4)
    assert dict(counts) == {k: v for k, v in table.counts.items() if v}
    assert table.counts["straight"] == 4 * (4**5 - 4)  # A-8-9-T-J, 8-Q, 9-K, T-A


@pytest.mark.parametrize("hand_size", [3, 5])
def test_brute_force_on_many_small_decks(hand_size):
    """The formulas hold on every small deck, degenerate ones included (1 rank, 1 suit, ranks = hand size)."""
    for ranks in range(1, 10):
        for suits in range(1, 5 if hand_size == 5 else 7):
            if ranks * suits < hand_size or ranks * suits > 36:
                continue
            assert (
                brute_force_counts(hand_size, ranks, suits) == hand_table(hand_size, ranks, suits).counts
            ), (
                ranks,
                suits,
            )


@pytest.mark.slow
def test_five_card_brute_force_full_deck_hand_by_hand():
    """(slow) Every one of the 2,598,960 hands classified one by one, with no keying: Hoyle's table."""
    counts = Counter(classify_hand(hand) for hand in combinations(_deck(13, 4), 5))
    assert dict(counts) == hand_table(5).counts


# ---------------------------------------------------------------------------------------------
# Classifying and comparing hands


def test_straights_follow_each_texts_convention():
    """The ace plays high or low, never round the corner: A-2-3 and Q-K-A are straights, K-A-2 is not;
    A-2-3-4-5 and 10-J-Q-K-A are, Q-K-A-2-3 is not (Hoyle, Law 35)."""
    assert classify_hand("Ah 2c 3d") == classify_hand("Qh Kc Ad") == "straight"
    assert classify_hand("Kh Ac 2d") == "high card"
    assert classify_hand("Ah 2c 3d 4s 5s") == classify_hand("Th Jc Qd Ks As") == "straight"
    assert classify_hand("Qh Kc Ad 2s 3s") == "high card"
    assert classify_hand("Ah 2h 3h") == "straight flush"
    assert classify_hand("Th Jh Qh Kh Ah") == "royal flush"
    assert classify_hand("9h Th Jh Qh Kh") == "straight flush"


def test_hand_values_order_hands():
    """Hand values compare as hands do: the wheel is the lowest straight, aces up beat kings up."""
    assert hand_value("Ah 2c 3d 4s 5s") < hand_value("2h 3c 4d 5s 6s") < hand_value("Th Jc Qd Ks As")
    assert hand_value("Ah 2c 3d") < hand_value("2h 3c 4d")
    assert hand_value("As Ah 2c 2d 3s") > hand_value("Ks Kh Qc Qd Js")
    assert hand_value("5s 5h 5c 2d 2s") > hand_value("4s 4h 4c Ad As")  # Law 36's example
    assert hand_value("Ks Kh 4c 4d 2s") > hand_value("Qs Qh Jc Jd As")
    assert hand_value("2c 3d 4h 5s 7c") < hand_value("2c 2d 3h 4s 5c")
    assert hand_value("Kc Kd 5h 5s 2c").principal_rank == 11


def test_cards_parse_and_format():
    """Cards are read in any case, with 10 or T, commas or spaces, and named back."""
    assert parse_cards("as, 10H 2c") == (Card(12, 3), Card(8, 2), Card(0, 0))
    assert format_cards(parse_cards("as, 10H 2c")) == "As Th 2c"
    assert parse_cards("A♠ K♥") == (Card(12, 3), Card(11, 2))
    assert parse_cards("7c", ranks=8) == (Card(0, 0),)
    assert parse_cards("") == ()


# ---------------------------------------------------------------------------------------------
# Draw odds


def test_draw_odds_of_standard_draws():
    """Exact odds of the usual draws, from the rest of the deck (52 less the cards held)."""
    flush = draw_odds("2h 5h 9h Jh", 1, "flush")
    assert (flush.hits, flush.total, flush.probability, flush.odds_against) == (9, 48, R(3, 16), R(13, 3))
    assert draw_odds("2h 5h 9h Jh", 1, "flush", discards="Kc").odds_against == R(38, 9)
    assert draw_odds("5c 6d 7h 8s", 1, "straight").odds_against == 5
    trips = draw_odds("Jc Jd", 3, "three of a kind+")
    assert (trips.hits, trips.total, trips.odds_against) == (2352, 19600, R(22, 3))
    assert draw_odds("Jc Jd", 3, "two pair+").probability == R(69, 245)
    assert draw_odds("Ah 2c", 1, "straight").probability == R(4, 50)  # three-card poker: A-2-3
    assert draw_odds("As Ks Qs Js Ts", 0, "royal flush").probability == 1
    assert draw_odds("2c 3d", 3, "royal flush").odds_against == sp.oo
    assert draw_odds("5c 6d 7h", 2, "straight").total_formula == sp.binomial(49, 2, evaluate=False)


def test_draw_odds_agree_with_dealing_every_draw():
    """draw_odds agrees with classifying each final hand of every draw one by one."""
    for holding, n, classes in [
        ("5h 6h 7h", 2, {"straight", "flush", "straight flush"}),
        ("As Kd", 3, {"one pair"}),
        ("Qs Qh Qc", 2, {"full house", "four of a kind"}),
    ]:
        held = parse_cards(holding)
        rest = [c for c in _deck(13, 4) if c not in held]
        hits = total = 0
        for draw in combinations(rest, n):
            total += 1
            hand = held + draw
            name = classify_hand(hand)
            if name in classes and (holding != "As Kd" or hand_value(hand).principal_rank in (11, 12)):
                hits += 1
        target = {
            "5h 6h 7h": "straight|flush|straight flush",
            "As Kd": "one pair of A/K",
            "Qs Qh Qc": "full house+",
        }
        got = draw_odds(holding, n, target[holding])
        assert (got.hits, got.total) == (hits, total), holding


def test_draw_targets():
    """Targets: a class, '+' for or better, 'of' a rank, a rank repeated, alternatives joined by '|'."""
    assert draw_odds("As Kd", 3, "AA | KK").hits == 6356
    assert draw_odds("As Kd", 3, "Pair of A/K").target == "one pair of A/K"
    assert draw_odds("As", 4, "two pair of A+").hits == 16209
    assert draw_odds("As", 4, "Two Pairs of A +").hits == 16209
    assert draw_odds("Jc Jd", 3, "trips | full hand | fours").hits == 2352
    assert draw_odds("5h 6h 7h", 2, "straight flush").hits == 3


# ---------------------------------------------------------------------------------------------
# The seed texts' claims


def test_three_card_claims_all_hold():
    """Each count of the three-card frequency text is exactly right."""
    claims = three_card_claims()
    assert [(c.label, c.stated, c.value) for c in claims] == [
        ("any hand", 22100, 22100),
        ("straight flush", 48, 48),
        ("three of a kind", 52, 52),
        ("straight", 720, 720),
        ("flush", 1096, 1096),
        ("one pair", 3744, 3744),
        ("high card", 16440, 16440),
    ]
    assert all(c.holds and c.rule == EXACT_RULE and c.verdict == "holds" for c in claims)


def test_hoyle_claims_verdicts():
    """The Hoyle text's claims: A-K (3 to 1), the open straight (24 to 1) and straight flush (12 to 1) draws
    and the triplets (about 1 in 45) hold; the ace's pair (true: 4.92 to 1) and aces up (14.42 to 1) do not."""
    claims = hoyle_claims()
    assert [(c.stated, c.value, c.holds) for c in claims] == [
        (3, R(179, 66), True),
        (4, R(3461, 704), False),
        (12, R(77897, 5403), False),
        (24, R(47, 2), True),
        (12, R(181, 15), True),
        (45, R(4165, 88), True),
    ]
    assert [c.probability for c in claims] == [
        R(66, 245),
        R(704, 4165),
        R(5403, 83300),
        R(2, 49),
        R(15, 196),
        R(88, 4165),
    ]
    assert [c.rule for c in claims] == [ROUNDED_RULE] * 5 + [ABOUT_RULE]
    assert all(c.value == (1 - c.probability) / c.probability for c in claims[:5])
    assert claims[5].value == 1 / claims[5].probability


def test_hoyle_claims_counts_in_the_notes():
    """The counts behind the draw claims, by formula: 6·(C(44,2) - 11·C(4,2)), 3·C(12,3)·4^3, 48, 48 + 45 - 3."""
    b = sp.binomial
    assert draw_odds("As Kd", 3, "one pair of A/K").hits == 6 * (b(44, 2) - 11 * b(4, 2)) == 5280
    assert draw_odds("As", 4, "one pair of A").hits == 3 * b(12, 3) * 4**3 == 42240
    assert draw_odds("5c 6d 7h", 2, "straight").hits == 3 * 4 * 4
    assert draw_odds("5h 6h 7h", 2, "straight|flush|straight flush").hits == 48 + b(10, 2) - 3


def test_hoyle_claims_other_readings():
    """Other readings change some verdicts, and show the text draws from the 52 less the cards held."""
    ak, ace_pair, aces_up, straight, straight_flush, triplets = hoyle_claims()
    assert [(a.value, a.holds) for a in ak.alternatives] == [(R(473, 227), False), (R(3879, 1526), True)]
    assert [(a.value, a.holds) for a in ace_pair.alternatives] == [
        (R(3243, 922), True),
        (R(48659, 10796), False),
    ]
    assert [(a.value, a.holds) for a in aces_up.alternatives] == [(R(165958, 12407), False)]
    assert [(a.value, a.holds) for a in straight.alternatives] == [(R(1033, 48), False)]
    assert [(a.value, a.holds) for a in straight_flush.alternatives] == [(R(991, 90), False)]
    assert [(a.value, a.holds) for a in triplets.alternatives] == [
        (R(833, 19), True),
        (R(216580, 6219), False),
    ]


def test_seed_claims_quotes_are_verbatim():
    """Every claim quotes its seed text word for word."""
    claims = seed_claims()
    assert len(claims) == 13
    for c in claims:
        assert c.quote in (SEEDS / c.source).read_text(encoding="utf-8"), c.quote


def test_tolerance_rules():
    """Rounded: within 1/2 (a tie holds); about: within 10%; exact: equal."""
    assert claim_holds(R(47, 2), 24, ROUNDED_RULE) and claim_holds(R(49, 2), 24, ROUNDED_RULE)
    assert not claim_holds(R(4917, 1000), 4, ROUNDED_RULE)
    assert claim_holds(R(99, 2), 45, ABOUT_RULE) and not claim_holds(R(4951, 100), 45, ABOUT_RULE)
    assert claim_holds(48, 48, EXACT_RULE) and not claim_holds(R(481, 10), 48, EXACT_RULE)
    with pytest.raises(ValueError, match="unknown tolerance rule"):
        claim_holds(1, 1, "roughly")


def test_claims_text_lists_every_claim():
    """The claims table has one line per claim with stated and exact values, then the quotes."""
    text = claims_text()
    assert "A, draw 4: pair of aces                                     4 to 1   3461/704 to 1 (4.92)" in text
    assert "1 in 4165/88 (47.33)" in text
    assert text.count("does not hold") >= 2
    for c in hoyle_claims():
        assert c.quote in text


def test_docs_table_gives_each_true_value():
    """docs/seed-claims.md gives each Hoyle claim's exact value and verdict."""
    doc = (ROOT / "docs" / "seed-claims.md").read_text(encoding="utf-8")
    for c in hoyle_claims():
        assert str(c.value) in doc, c.label
    assert doc.count("does not hold") >= 2


# ---------------------------------------------------------------------------------------------
# Bad input


def test_unknown_holdings_raise_a_value_error_naming_the_value():
    """An unknown card, a card not in the deck, or a repeated card: UnknownHoldingError, one line."""
    cases = [("As Xs", "'Xs'"), ("As As", "'As'"), ("1s", "'1s'"), ("As Kq", "'Kq'")]
    for holding, bad in cases:
        with pytest.raises(UnknownHoldingError) as e:
            draw_odds(holding, 3, "flush")
        assert bad in str(e.value) and "\n" not in str(e.value)
        assert isinstance(e.value, ValueError)
    with pytest.raises(UnknownHoldingError, match="'2c' is not in the deck"):
        parse_cards("2c", ranks=8)
    with pytest.raises(UnknownHoldingError, match="both held"):
        draw_odds("As", 4, "flush", discards="As")


def test_unknown_targets_raise():
    """An unknown class or rank in a target: UnknownTargetError naming it."""
    for target, bad in [
        ("strait", "'strait'"),
        ("one pair of Z", "'Z'"),
        ("", "''"),
        ("flush of A/K+", "'+'"),
    ]:
        with pytest.raises(UnknownTargetError) as e:
            draw_odds("As", 4, target)
        assert bad in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(UnknownTargetError, match="'royal flush'"):
        draw_odds("As Kd", 1, "royal flush")  # not a three-card class
    with pytest.raises(UnknownTargetError, match="'four of a kind'"):
        hand_table(3).row("four of a kind")


def test_hand_sizes_too_large_or_unsupported_raise():
    """A hand larger than the deck, a draw larger than what is left, or a size other than 3 or 5."""
    with pytest.raises(
        HandSizeError, match=r"hand size 5 is larger than the deck of 1 rank × 4 suits \(4 cards\)"
    ):
        hand_table(5, ranks=1)
    with pytest.raises(HandSizeError, match="hand size 3 is larger"):
        brute_force_counts(3, ranks=2, suits=1)
    with pytest.raises(HandSizeError, match="cannot draw 60 cards"):
        draw_odds("", 60, "flush")
    with pytest.raises(HandSizeError, match="hand size 4 is not supported"):
        hand_table(4)
    with pytest.raises(HandSizeError, match="hand size 4"):
        draw_odds("As", 3, "flush")
    with pytest.raises(HandSizeError):
        draw_odds("As", -1, "flush")
    assert issubclass(HandSizeError, ValueError)


def test_bad_decks_raise():
    """Ranks and suits must be positive integers; five-card tables need at most 4 suits; names at most 13 × 4."""
    for ranks, suits in [(0, 4), (13, 0), (True, 4), (13, 2.5)]:
        with pytest.raises(DeckError):
            hand_table(3, ranks, suits)
    with pytest.raises(DeckError, match="suits=5"):
        hand_table(5, suits=5)
    with pytest.raises(DeckError, match="ranks=14"):
        draw_odds("As", 4, "flush", ranks=14)
    assert issubclass(DeckError, HandsError) and issubclass(HandsError, ValueError)


# ---------------------------------------------------------------------------------------------
# derive hands


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = hands_main(argv, out, err)
    return status, out.getvalue(), err.getvalue()


def test_hands_main_prints_the_tables():
    """``derive hands --hand-size 3`` prints the class, formula, count and exact probability; exit 0."""
    status, out, err = _run(["--hand-size", "3"])
    assert status == 0 and err == ""
    assert (
        out.splitlines()[0]
        == "3-card hands from a deck of 13 ranks × 4 suits (52 cards): C(52,3) = 22100 hands"
    )
    assert "three of a kind  C(13,1)·C(4,3)                              52        1/425" in out
    status, out, _ = _run(["--hand-size", "5", "--ranks", "7", "--suits", "4"])
    assert status == 0 and "C(28,5) = 98280 hands" in out


def test_hands_main_prints_the_draw_claims():
    """``derive hands --draws`` prints the Hoyle claims with verdicts; exit 0."""
    status, out, err = _run(["--draws"])
    assert status == 0 and err == ""
    assert "triplets before the draw" in out and "does not hold" in out
    status, out, _ = _run(["--hand-size", "5", "--draws"])
    assert status == 0 and "2598960" in out and "aces up or better" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "give --hand-size N (3 or 5), or --draws"),
        (["--hand-size"], "expected one argument"),
        (["--hand-size", "x"], "--hand-size must be an integer, got 'x'"),
        (["--hand-size", "4"], "hand size 4 is not supported"),
        (["--hand-size", "5", "--ranks", "1"], "hand size 5 is larger than the deck"),
        (["--hand-size", "3", "--suits", "0"], "--suits must be at least 1, got 0"),
        (["--hand-size", "5", "--suits", "5"], "suits=5"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--draws", "--ranks", "7"], "leave out --ranks and --suits"),
    ],
)
def test_hands_main_bad_input_is_one_line_and_status_2(argv, message):
    """Bad input: one line ``derive: error: ...`` on err, nothing on out, exit status 2."""
    status, out, err = _run(argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("derive: error: ")
    assert message in err


def test_hands_main_help():
    """``--help`` prints what the command does, then the usage, to out and exits 0."""
    status, out, err = _run(["--help"])
    assert status == 0 and out.startswith("Poker hand probabilities, exact") and err == ""
    assert "usage: derive hands" in out


# ---------------------------------------------------------------------------------------------
# The notebook


NOTEBOOK = ROOT / "notebooks" / "06_poker_probabilities.ipynb"


def test_notebook_is_stored_without_outputs():
    """The notebook is nbformat 4, kernel python3, no outputs stored; it opens with what it shows and
    ends with what was found."""
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert nb.cells[0].source.startswith("# ") and "What this notebook shows" in nb.cells[0].source
    assert nb.cells[-1].source.startswith("## What we found")
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.slow
def test_notebook_runs_top_to_bottom():
    """(slow) The notebook runs top to bottom with nbclient."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()


@pytest.mark.parametrize(
    "hand_size, ranks, words",
    [
        (5, 13, "ace high or low (A-2-3-4-5 up to 10-J-Q-K-A), no wrap-around"),
        (5, 6, "ace high or low (A-9-10-J-Q up to 10-J-Q-K-A), no wrap-around"),
        (5, 5, "one straight (10-J-Q-K-A)"),
        (5, 4, "no straights (only 4 ranks)"),
        (3, 4, "ace high or low (A-J-Q up to Q-K-A), no wrap-around"),
    ],
)
def test_straights_are_described_in_the_decks_own_ranks(hand_size, ranks, words):
    """A short deck's straights are named in its ranks (issue 10, item 6): 6 ranks are 9 10 J Q K A."""
    status, out, _ = _run(["--hand-size", str(hand_size), "--ranks", str(ranks)])
    assert status == 0 and words in out.splitlines()[-1]
