"""The continuous poker models (derive.continuum) against their published solutions and the N-card games."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from derive.cli import main
from derive.continuum.derivation import derive_continuum
from derive.continuum.intervals import BetInterval, holds_on, sign_proof
from derive.continuum.limit import card_values, convergence, error_order
from derive.continuum.payoff import Structure, expected_payoff, plans
from derive.continuum.proof import prove
from derive.continuum.rules import B, PokerRules, continuum_model, continuum_rules
from derive.continuum.solve import solve_structure
from derive.continuum.structure import find_structure
from derive.games.one_card import GameDefinitionError, one_card_poker
from derive.solving.zero_sum.from_rules import solve_rules


@pytest.fixture(scope="module")
def von_neumann():
    return find_structure(continuum_model("von-neumann"), 1)


@pytest.fixture(scope="module")
def borel():
    return find_structure(continuum_model("borel"), 1)


@pytest.fixture(scope="module")
def kuhn():
    return find_structure(continuum_model("kuhn-continuum"), 1)


@pytest.fixture(scope="module")
def one_raise():
    return find_structure(continuum_model("one-raise-continuum"), 1)


@pytest.fixture(scope="module")
def karlin_restrepo_2():
    return find_structure(continuum_model("karlin-restrepo-2"), 1)


def _same(a, b) -> bool:
    return sp.simplify(a - b) == 0


def test_von_neumann_matches_the_published_solution(von_neumann):
    """von Neumann & Morgenstern (1944), section 19.14-19.16; Ferguson & Ferguson (2003), section 3:
    I bets with x < a or x > b, checks between; II calls with y > c, where (pot 2, bet B)
    a = B/((B+1)(B+4)), b = (B^2+4B+2)/((B+1)(B+4)), c = B(B+3)/((B+1)(B+4)), value B/((B+1)(B+4))."""
    sol = von_neumann.solution
    s = sol.structure
    assert s.describe(0) == "bet on (0, x_1); check on (x_1, x_2); bet on (x_2, 1)"
    assert s.describe(1) == "b: fold on (0, y_1); b: call on (y_1, 1)"
    x1, y1, x2 = s.symbols
    d = (B + 1) * (B + 4)
    assert _same(sol.thresholds[x1], B / d)
    assert _same(sol.thresholds[x2], (B**2 + 4 * B + 2) / d)
    assert _same(sol.thresholds[y1], B * (B + 3) / d)
    assert _same(sol.value, B / d)
    assert von_neumann.proof.interval.lo == 0 and von_neumann.proof.interval.hi is sp.oo
    assert von_neumann.proof.gains == (0, 0)


def test_von_neumann_at_pot_sized_bet_is_a_tenth(von_neumann):
    """At B = 1 (bet = ante): I bets x < 1/10 or x > 7/10, II calls y > 2/5, value 1/10 (the classic numbers)."""
    at = von_neumann.solution.at(1)
    assert sorted(at.values()) == [sp.Rational(1, 10), sp.Rational(2, 5), sp.Rational(7, 10)]
    assert von_neumann.solution.value.subs(B, 1) == sp.Rational(1, 10)


def test_borel_matches_the_published_solution(borel):
    """Borel (1938), chapter 5; Ferguson & Ferguson (2003), section 2: II calls iff y > B/(B+2); I bets iff
    x > (B/(B+2))^2 (one of I's optimal strategies); value -(B/(B+2))^2 to I."""
    sol = borel.solution
    x1, y1 = sol.structure.symbols
    assert sol.structure.describe(0) == "fold on (0, x_1); bet on (x_1, 1)"
    assert _same(sol.thresholds[y1], B / (B + 2))
    assert _same(sol.thresholds[x1], (B / (B + 2)) ** 2)
    assert _same(sol.value, -((B / (B + 2)) ** 2))


def test_kuhn_continuum_value_and_thresholds(kuhn):
    """Kuhn's rules on [0, 1]: value -B^2/((B+1)(B+2)^2), -1/18 at B = 1 (as in Kuhn's three-card game)."""
    sol = kuhn.solution
    assert _same(sol.value, -(B**2) / ((B + 1) * (B + 2) ** 2))
    assert sol.value.subs(B, 1) == sp.Rational(-1, 18)
    # the dealer calls a bet with y > B/(B+2) and value-bets after a check with y > B/(B+1)
    y = {str(k): v for k, v in sol.thresholds.items()}
    assert _same(y["y_2"], B / (B + 2)) and _same(y["y_3"], B / (B + 1))
    assert kuhn.proof.interval.hi is sp.oo


def test_one_raise_continuum_is_derived_and_proved_for_every_bet(one_raise):
    """The one-raise game (Miao 2014's rules) on [0, 1]: not in the thesis; derived from the rules and proved for B > 0.

    The 40-card read-off alternates between bet-call and check-call where the two are indifferent and
    shows the bluff check-raises only inside mixtures: the search removes two segments and inserts one.
    """
    sol = one_raise.solution
    s = sol.structure
    assert s.describe(0) == (
        "check, fold on (0, x_1); bet, fold on (x_1, x_2); check, fold on (x_2, x_3); check, raise on (x_3, x_4); "
        "check, call on (x_4, x_5); bet, fold on (x_5, x_6); bet, call on (x_6, x_7); check, raise on (x_7, 1)"
    )
    assert s.describe(1) == (
        "x: bet, fold / b: fold on (0, y_1); x: check / b: fold on (y_1, y_2); x: check / b: raise on (y_2, y_3); "
        "x: check / b: call on (y_3, y_4); x: bet, fold / b: call on (y_4, y_5); x: bet, call / b: call on (y_5, y_6); "
        "x: bet, call / b: raise on (y_6, 1)"
    )
    t = {str(k): v for k, v in sol.thresholds.items()}
    d = 10 * B**2 + 15 * B + 6
    x1 = B * (3 * B + 2) ** 2 * (10 * B**3 + 17 * B**2 + 12 * B + 4) / ((B + 1) * (B + 2) ** 2 * d**2)
    assert _same(t["x_1"], x1)
    assert _same(t["y_2"], B / (B + 2))  # the dealer calls a bet above B/(B+2), as in Kuhn's rules
    assert _same(t["y_6"], 2 * (5 * B**2 + 6 * B + 2) / d)  # and raises above this
    assert _same(
        t["x_7"], 2 * (B + 1) * (50 * B**4 + 185 * B**3 + 252 * B**2 + 148 * B + 32) / ((B + 2) * d**2)
    )
    assert _same(sol.value, -x1)  # the value is minus the opener's lowest threshold, as in Kuhn's rules
    assert sol.value.subs(B, 1) == sp.Rational(-1075, 17298)
    assert one_raise.proof.interval.lo == 0 and one_raise.proof.interval.hi is sp.oo
    assert one_raise.edits and one_raise.proof.gains == (0, 0)


def test_one_raise_n_card_values_approach_the_continuum(one_raise):
    """Independent check: the exact N-card values at B = 1 approach the continuum value like 1/N
    (N * error is about -0.062, -0.069, -0.070 at N = 50, 100, 150)."""
    limit = one_raise.solution.value.subs(B, 1)
    errors = [
        (v.deck, v.value - limit)
        for v in card_values(continuum_model("one-raise-continuum", 1), (50, 100, 150))
    ]
    assert all(e < 0 for _, e in errors)
    assert abs(errors[2][1]) < abs(errors[1][1]) < abs(errors[0][1]) < sp.Rational(2, 1000)
    assert all(sp.Rational(5, 100) < n * abs(e) < sp.Rational(8, 100) for n, e in errors)


def test_karlin_restrepo_two_bets_is_derived_and_proved(karlin_restrepo_2):
    """von Neumann's rules with one raise allowed: the dealer bluff-raises just above his folds."""
    sol = karlin_restrepo_2.solution
    s = sol.structure
    assert (
        s.describe(0)
        == "bet, fold on (0, x_1); check on (x_1, x_2); bet, fold on (x_2, x_3); bet, call on (x_3, 1)"
    )
    assert (
        s.describe(1)
        == "b: fold on (0, y_1); b: raise on (y_1, y_2); b: call on (y_2, y_3); b: raise on (y_3, 1)"
    )
    d = 10 * B**3 + 53 * B**2 + 60 * B + 20
    assert _same(sol.value, B * (3 * B + 2) ** 2 / ((B + 1) * d))
    assert sol.value.subs(B, 1) == sp.Rational(25, 286)
    assert karlin_restrepo_2.proof.interval.lo == 0 and karlin_restrepo_2.proof.interval.hi is sp.oo
    limit = sol.value.subs(B, 1)
    errors = [
        abs(v.value - limit) for v in card_values(continuum_model("karlin-restrepo-2", 1), (13, 50, 100))
    ]
    assert errors[2] < errors[1] < errors[0] < sp.Rational(1, 1000)


@pytest.mark.parametrize("bets, value", [(3, sp.Rational(725, 8132)), (4, sp.Rational(68525, 770804))])
def test_karlin_restrepo_three_and_four_bets(bets, value):
    """von Neumann's rules with up to 3 and 4 bets and raises: proved for every B > 0; the N-card values approach."""
    derived = find_structure(continuum_model(f"karlin-restrepo-{bets}"), 1)
    assert derived.proof.interval.lo == 0 and derived.proof.interval.hi is sp.oo
    assert derived.solution.value.subs(B, 1) == value
    errors = [
        abs(v.value - value)
        for v in card_values(continuum_model(f"karlin-restrepo-{bets}", 1), (13, 50, 100))
    ]
    assert errors[2] < errors[1] < errors[0] < sp.Rational(1, 100)


def _pattern(bets: int):
    from derive.continuum.karlin_restrepo import derive_from_pattern

    return derive_from_pattern(continuum_model(f"karlin-restrepo-{bets}"), sp.Integer(1))


@pytest.mark.parametrize("bets", [1, 2, 3, 4])
def test_karlin_restrepo_pattern_gives_the_searched_value(bets):
    """The structure built from Karlin & Restrepo's pattern is proved for every B and has the value the
    N-card search found (K = 1: von Neumann's B / ((B + 1)(B + 4)))."""
    derived = _pattern(bets)
    assert derived.source == "pattern" and derived.deck == 0
    assert derived.proof.interval.lo == 0 and derived.proof.interval.hi is sp.oo
    assert len(derived.solution.thresholds) == 3 * bets
    searched = {
        1: B / ((B + 1) * (B + 4)),
        2: B * (3 * B + 2) ** 2 / ((B + 1) * (10 * B**3 + 53 * B**2 + 60 * B + 20)),
        3: sp.Rational(725, 8132),
        4: sp.Rational(68525, 770804),
    }[bets]
    value = derived.solution.value if bets <= 2 else derived.solution.value.subs(B, 1)
    assert _same(value, searched)


#: Karlin-Restrepo with K bets: the value at B = 1 and B = 2, and the top threshold (the opener's for
#: odd K, the dealer's for even K) at B = 1 and B = 2, from the proved pattern structures.
KARLIN_RESTREPO = {
    5: ("4879825/54867292", "738512/7369209", "x_8", "27277721/27433646", "815651/818801"),
    6: ("194787575/2190276692", "501491912/5004378009", "y_9", "546352958/547569173", "555210401/556042001"),
    7: (
        "64886463175/729604330888",
        "29066210696/290048789997",
        "x_11",
        "728965818013/729604330888",
        "32208724433/32227643333",
    ),
    8: (
        "22258364207575/250280632082632",
        "3208431643864/32016657136923",
        "y_12",
        "31274224291454/31285079010329",
        "3556580796547/3557406348547",
    ),
}


@pytest.mark.parametrize(
    "bets", [5, 6, pytest.param(7, marks=pytest.mark.slow), pytest.param(8, marks=pytest.mark.slow)]
)
def test_karlin_restrepo_five_to_eight_bets_are_proved(bets):
    """K = 5 .. 8 bets and raises: the pattern's 3K thresholds are proved an equilibrium for every B > 0."""
    v1, v2, top, t1, t2 = (sp.Rational(q) if "/" in q else q for q in KARLIN_RESTREPO[bets])
    derived = _pattern(bets)
    sol = derived.solution
    assert derived.proof.interval.lo == 0 and derived.proof.interval.hi is sp.oo
    assert len(sol.thresholds) == 3 * bets
    assert (sol.value.subs(B, 1), sol.value.subs(B, 2)) == (v1, v2)
    assert str(sol.structure.symbols[-1]) == top
    assert (sol.at(1)[sol.structure.symbols[-1]], sol.at(2)[sol.structure.symbols[-1]]) == (t1, t2)
    x1, y1 = sp.Symbol("x_1", real=True), sp.Symbol("y_1", real=True)
    assert _same(sol.thresholds[x1], sol.value)  # the opener's bluffs end at the value
    assert _same(sol.thresholds[y1], (B + 2 * sol.value) / (B + 2))
    assert all(g.subs(B, 1) >= 0 for g in sol.ordering)


def test_karlin_restrepo_five_bets_derivation_and_list(capsys):
    """K = 5 is derived from the pattern (one piece, every bet); K <= 4 keeps the search's read-off."""
    d = derive_continuum(continuum_model("karlin-restrepo-5"))
    assert len(d.pieces) == 1 and not d.not_found and d.pieces[0].source == "pattern"
    assert main(["continuum", "--list"]) == 0
    assert "K = 1 .. 8" in capsys.readouterr().out
    assert main(["continuum", "karlin-restrepo-2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pieces"][0]["read_from"]["deck"] == 40 and data["not_found"] == []


@pytest.mark.parametrize("model", ["von-neumann", "borel", "kuhn-continuum"])
def test_n_card_values_approach_the_continuum(model, von_neumann, borel, kuhn):
    """Independent check: the exact N-card games with the same rules get closer to the continuum value."""
    derived = {"von-neumann": von_neumann, "borel": borel, "kuhn-continuum": kuhn}[model]
    limit = derived.solution.value.subs(B, 1)
    rules = continuum_model(model, 1)
    errors = [abs(v.value - limit) for v in card_values(rules, (7, 13, 31))]
    assert errors[2] < errors[0] and errors[2] < sp.Rational(1, 100)


def test_indifference_is_the_payoff_derivative(von_neumann):
    """At each threshold the indifference equation is the payoff's derivative in it, up to a non-zero factor."""
    sol = von_neumann.solution
    for e in sol.equations:
        deriv = sp.diff(sol.payoff, e.threshold)
        sign = 1 if e.player == 0 else -1
        assert sp.expand(deriv - sign * e.equation) == 0


def test_payoff_is_the_integral_of_the_rules():
    """Borel with I always betting and II always calling: a fair showdown for 1 + B, so 0; II always folding: +1."""
    r = continuum_model("borel")
    (fold, bet), (dfold, call) = plans(r, 0), plans(r, 1)
    assert expected_payoff(Structure(r, ((bet, call),), ())) == 0
    assert expected_payoff(Structure(r, ((bet, dfold),), ())) == 1
    assert expected_payoff(Structure(r, ((fold, call),), ())) == -1


def test_wrong_thresholds_are_refused():
    """A structure whose solution lets a hand gain by deviating is not proved: von Neumann without bluffs."""
    r = continuum_model("von-neumann")
    (check, bet), (fold, call) = plans(r, 0), plans(r, 1)
    s = Structure(r, ((check, fold), (check, call), (bet, call)), (1, 0))
    sol = solve_structure(s)
    assert sol is None or prove(sol, sp.Integer(1)) is None


def test_screen_reinterleaves_the_cuts_and_refuses_wrong_structures(one_raise):
    """The floating-point screen puts two players' cuts in the order their solution says, and refuses a
    structure whose solution is out of order or from which a hand gains."""
    from derive.continuum.screen import Tables, _interleave, screen

    s = one_raise.solution.structure
    tables = Tables(s.rules.at(1))
    assert screen(s, tables) is s
    values = one_raise.solution.at(1)
    segments = [[plan for plan, _, _ in s.segments(p)] for p in (0, 1)]
    ends = [[float(values[t]) for t, o in zip(s.symbols, s.owners) if o == p] for p in (0, 1)]
    ends[1][1] = ends[0][2] + 0.01  # y_2 guessed above x_3 (it is 1/3 < 0.35 at B = 1)
    ranks = [[m for m, o in enumerate(s.owners) if o == p] for p in (0, 1)]
    cells, owners = _interleave(segments, ends, ranks)
    swapped = Structure(s.rules, tuple(cells), tuple(owners))
    assert swapped != s and screen(swapped, tables) == s
    r = continuum_model("von-neumann")
    (check, bet), (fold, call) = plans(r, 0), plans(r, 1)
    wrong = Structure(r, ((check, fold), (check, call), (bet, call)), (1, 0))
    assert screen(wrong, Tables(r.at(1))) is None


def test_sign_proof_and_intervals():
    assert str(holds_on([B - 2, 5 - B], sp.Integer(3))) == "(2, 5)"
    assert holds_on([B - 2], sp.Integer(1)) is None
    with pytest.raises(ArithmeticError):
        sign_proof(B - 2, BetInterval(sp.Integer(1), sp.Integer(3)))
    assert "no factor" in str(sign_proof((B + 1) / (B + 4), BetInterval(sp.S.Zero, sp.oo)))


def test_rules_and_their_n_card_games():
    """The N-card game of Kuhn's continuum rules is Kuhn poker's (N = 3: value -1/18)."""
    rules = continuum_rules(1, bet=1)
    assert solve_rules(rules.cards(3)).value == sp.Rational(-1, 18)
    assert (
        solve_rules(rules.cards(5), refine="none").value
        == solve_rules(one_card_poker(5, 1), refine="none").value
    )
    vn = continuum_model("von-neumann", 1).cards(4)
    from derive.games.one_card import Action

    assert vn.is_terminal((Action.CHECK,)) and vn.payoff(("4", "1"), (Action.CHECK,)) == 1
    borel = continuum_model("borel", 1).cards(3)
    assert (
        borel.legal_actions(()) == (Action.FOLD, Action.BET)
        and borel.payoff(("3", "1"), (Action.FOLD,)) == -1
    )
    with pytest.raises(GameDefinitionError):
        PokerRules(1, 1, 0)
    with pytest.raises(GameDefinitionError):
        continuum_model("nope")
    with pytest.raises(GameDefinitionError):
        continuum_model("borel", 0.1)


def test_error_order_is_read_from_the_data():
    assert error_order(
        [20, 40, 80], [sp.Rational(1, 20), sp.Rational(1, 40), sp.Rational(1, 80)]
    ) == pytest.approx(-1)
    assert error_order([20, 40], [1, 1]) is None
    assert error_order([10, 20, 40], [1, 2, 4], fit_from=10) == pytest.approx(1)
    conv = convergence(continuum_model("kuhn-continuum", 1), sp.Rational(-1, 18), decks=(3, 11, 23, 41, 53))
    assert conv.order is not None and conv.order < -0.5


def test_derivation_pieces_cover_the_bets():
    d = derive_continuum(continuum_model("borel"), samples=["1/2", 1])
    assert len(d.pieces) == 1 and d.piece_at(sp.Integer(7)) is d.pieces[0] and not d.not_found


def test_cli_von_neumann_prints_thresholds_value_and_proof(capsys):
    assert main(["continuum", "von-neumann", "--bet", "1"]) == 0
    out = capsys.readouterr().out
    assert "x_1 = B/((B + 1)*(B + 4))" in out
    assert "value to the opener = B/((B + 1)*(B + 4))" in out
    assert "Gain from deviating: opener 0, dealer 0" in out
    assert "x_2 = 7/10" in out


def test_cli_one_raise_continuum(capsys):
    assert main(["continuum", "one-raise-continuum", "--bet", "1"]) == 0
    out = capsys.readouterr().out
    assert "Piece 1: B in (0, oo)" in out and "edit of the read-off: opener: check, raise inserted" in out
    assert "value = -1075/17298" in out and "y_2 = 1/3" in out
    assert "Gain from deviating: opener 0, dealer 0" in out


def test_cli_borel_json(capsys):
    assert main(["continuum", "borel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (piece,) = data["pieces"]
    assert piece["thresholds"] == {"x_1": "B**2/(B + 2)**2", "y_1": "B/(B + 2)"}
    assert piece["value"] == "-B**2/(B + 2)**2"
    assert piece["interval"] == ["0", "oo"]


def test_cli_bad_input_is_one_line_and_exit_2(capsys):
    assert main(["continuum", "nope"]) == 2
    assert main(["continuum", "borel", "--bet", "0.1x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("derive: error:") for line in err)


def test_cli_latex(capsys):
    assert main(["continuum", "borel", "--latex"]) == 0
    out = capsys.readouterr().out
    assert (
        out.startswith(r"\documentclass")
        and r"\end{document}" in out
        and r"\frac{B^{2}}{\left(B + 2\right)^{2}}" in out
    )
