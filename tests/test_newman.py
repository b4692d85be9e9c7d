"""Newman's no-limit [0, 1] poker and bets in [L, U] (issue 43, item 1): derived, proved, and checked
independently by exact integration of the payoff against the caller's thresholds."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from derive.continuum.bet_size import (
    derive_bet_size,
    limit_rules,
    newman_rules,
    prove_bet_size,
    s,
    value_bounds,
    von_neumann_value,
)
from derive.games.one_card import GameDefinitionError

R = sp.Rational


@pytest.fixture(scope="module")
def newman():
    return derive_bet_size(newman_rules())


def test_newman_value_and_cuts(newman):
    """Ante 1 each (pot 2): bluff [0, 1/7], check [1/7, 4/7], value [4/7, 1]; value 1/7 (Newman 1959)."""
    assert (newman.bluff_cut, newman.value_cut, newman.value) == (R(1, 7), R(4, 7), R(1, 7))
    assert sp.simplify(newman.threshold - (7 * s + 2) / (7 * (s + 2))) == 0
    # the value scales with the pot: ante 1/2 (pot 1) gives 1/14
    assert derive_bet_size(newman_rules(R(1, 2))).value == R(1, 14)


def test_newman_bet_sizes_at_exact_hands(newman):
    assert newman.action(R(1, 14)) == ("bet", 2)  # a bluff betting the pot
    assert newman.action(R(25, 28)) == ("bet", 2)  # the value hand betting the pot
    kind, size = newman.action(R(11, 14))
    assert kind == "bet" and sp.simplify(size - (2 * sp.sqrt(2) - 2)) == 0
    assert newman.action(R(4, 7))[0] == newman.action(R(1, 2))[0] == newman.action(R(1, 7))[0] == "check"
    assert newman.action(0) == ("bet", sp.oo) and newman.action(1) == ("bet", sp.oo)
    assert newman.threshold_at(2) == R(4, 7)  # (7 s + 2)/(7 (s + 2)) at s = 2
    with pytest.raises(GameDefinitionError):
        newman.action(R(3, 2))


def test_the_proofs_hold():
    for rules in (
        newman_rules(),
        limit_rules(1, 1),
        limit_rules(1, 4),
        limit_rules(0, 3),
        limit_rules(R(1, 2), "oo"),
    ):
        sol = derive_bet_size(rules)
        proof = prove_bet_size(sol)
        assert proof.proved and proof.gains == (0, 0), rules
        assert all(p.holds for p in proof.steps)
        assert sol.value == sol.bluff_cut * rules.pot / 2


def test_the_key_identity_is_a_square(newman):
    proof = prove_bet_size(newman)
    delta = next(p for p in proof.steps if p.claim.startswith("Delta(t, s) ="))
    t = sp.Symbol("t", nonnegative=True)
    assert sp.simplify(delta.expression - R(24, 7) * (s - t) ** 2 / ((s + 2) * (t + 2) ** 2)) == 0


def _direct(sol, hand, size):
    """I's payoff with ``hand`` betting ``size`` (None: checking), by exact integration over II's hand."""
    y = sp.Symbol("y")
    pot = sol.rules.pot
    if size is None:
        return sp.integrate(pot / 2, (y, 0, hand)) - sp.integrate(pot / 2, (y, hand, 1))
    c = sol.threshold.subs(s, size)
    win = sp.Max(c, hand)
    total = sp.integrate(pot / 2, (y, 0, c))
    total += sp.integrate(pot / 2 + size, (y, c, win)) - sp.integrate(pot / 2 + size, (y, win, 1))
    return sp.nsimplify(sp.simplify(total)) if not total.has(sp.sqrt) else sp.simplify(total)


SIZES = [R(1, 4), R(1, 2), R(1), R(3, 2), R(2), R(3), R(5), R(10)]


@pytest.mark.parametrize("hand", [R(1, 20), R(1, 14), R(1, 3), R(1, 2), R(3, 5), R(25, 28), R(19, 20)])
def test_no_size_beats_the_prescribed_one_by_direct_integration(newman, hand):
    """The independent check: the proof is symbolic, this grid of sizes only confirms it."""
    kind, size = newman.action(hand)
    best = _direct(newman, hand, size)
    for other in [None, *SIZES]:
        gain = sp.N(_direct(newman, hand, other) - best, 50)
        assert gain <= sp.Float("1e-40"), (hand, other, gain)
    if hand in (R(1, 14), R(25, 28)):  # both betting 2: a bluff earns K = -5/7, 25/28 K + 6 (25/28 - 4/7)
        assert _direct(newman, hand, 2) == (R(-5, 7) if hand < R(1, 7) else R(17, 14))


def test_the_caller_at_a_size_is_indifferent_between_the_bluff_and_the_value_hand(newman):
    """At s = 2 the hands betting it are 1/14 and 25/28, with densities in the ratio s : (P + s)."""
    fb = -sp.diff(newman.bluff_hand, s).subs(s, 2)
    fv = sp.diff(newman.value_hand, s).subs(s, 2)
    assert newman.bluff_hand.subs(s, 2) == R(1, 14) and newman.value_hand.subs(s, 2) == R(25, 28)
    assert fb * (2 + 2) == fv * 2
    assert R(1, 14) <= newman.threshold_at(2) <= R(25, 28)


@pytest.mark.parametrize("bet", [R(1), R(2), R(1, 2)])
def test_limit_poker_at_one_size_is_von_neumann(bet):
    from derive.continuum.derivation import derive_continuum
    from derive.continuum.rules import continuum_model

    sol = derive_bet_size(limit_rules(bet, bet))
    assert sol.value == von_neumann_value(bet)
    vn = derive_continuum(continuum_model("von-neumann"), samples=[bet], deck=20)
    piece = vn.piece_at(bet)
    cuts = piece.solution.at(bet)
    assert sorted(cuts.values()) == sorted([sol.bluff_cut, sol.value_cut, sol.atoms[0].threshold])
    assert piece.solution.value.subs(sp.Symbol("B", positive=True), bet) == sol.value


def test_a_wider_range_lies_between_von_neumann_and_newman():
    sol = derive_bet_size(limit_rules(1, 4))
    assert sol.value == R(25, 187)
    for bet in (R(1), R(3, 2), R(2), R(3), R(4)):
        assert von_neumann_value(bet) <= sol.value <= R(1, 7)
    assert all(p.holds for p in value_bounds(sol))
    values = [derive_bet_size(limit_rules(R(2, w), 2 * w)).value for w in (1, 2, 4, 16)]
    assert values == sorted(values) and values[0] == R(1, 9) and R(1, 7) - values[-1] < R(1, 500)


def test_a_bad_range_is_refused():
    with pytest.raises(GameDefinitionError, match="low <= high"):
        limit_rules(2, 1)
    with pytest.raises(GameDefinitionError):
        limit_rules(-1, 1)


def test_the_command_line(tmp_path):
    from derive.cli.run import main

    def run(*argv):
        import io

        out, err = io.StringIO(), io.StringIO()
        code = main(["continuum", *argv], out, err)
        return code, out.getvalue(), err.getvalue()

    code, out, _ = run("newman", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == "1/7" and data["proof"]["proved"] is True
    assert data["bettor"]["bluff_cut"] == "1/7" and "sqrt" in data["bettor"]["bet_size"]["value"]["size"]
    code, out, _ = run("limit-poker", "--bet-range", "1..1", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == "1/10" and data["caller"]["at_atoms"] == {"1": "2/5"}
    figure = tmp_path / "sizes.png"
    code, out, _ = run("limit-poker", "--bet-range", "1..4", "--figure", str(figure))
    assert code == 0 and figure.stat().st_size > 10_000 and "value to I = 25/187" in out
    code, _, err = run("limit-poker")
    assert code != 0 and "--bet-range" in err
    code, out, _ = run("newman", "--latex")
    assert code == 0 and "**" not in out and r"\frac{1}{7}" in out and "\\square" in out
