"""Ferguson's basic endgame and its n-round version (derive.continuum.endgame), checked against
independent exact computations: the one-round game solved as a 2x2 zero-sum game by hand, the
winner's take over two rounds summed by hand, the geometric sizes."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from derive.cli import main
from derive.continuum.endgame import EndgameRules, derive_endgame, p_, prove_endgame, s_
from derive.games.one_card import GameDefinitionError

R = sp.Rational


def _solve_2x2(a, b, c, d):
    """Value of the zero-sum game [[a, b], [c, d]] for the row player (maximiser), by hand."""
    lower = max(min(a, b), min(c, d))
    upper = min(max(a, c), max(b, d))
    if lower == upper:  # a saddle point
        return lower
    return (a * d - b * c) / (a + d - b - c)


def _one_round_value(p, s):
    """I's take of the pot of 1 at the bet s: the winner bets (betting weakly dominates checking);
    the losing hand bluffs or checks (rows) against II calling or folding (columns)."""
    bluff_call = p * (1 + s) + (1 - p) * (-s)
    bluff_fold = sp.S.One
    check_call = p * (1 + s) + (1 - p) * 0  # the loser checks: only winners bet, II calls them
    check_fold = p * 1
    return _solve_2x2(bluff_call, bluff_fold, check_call, check_fold)


PAIRS = [(R(1, 2), R(1)), (R(1, 3), R(1, 2)), (R(1, 4), R(3)), (R(2, 3), R(1, 3)), (R(1, 10), R(7, 2))]


@pytest.mark.parametrize("p, s", PAIRS)
def test_one_round_value_is_the_2x2_games(p, s):
    sol = derive_endgame(EndgameRules(1, s, p))  # one round, stack s: the largest bet is s
    assert sol.one_round["value"].subs({p_: p, s_: s}) == _one_round_value(p, s)
    assert sol.value == _one_round_value(p, s) and sol.sizes == (s,) and not sol.capped
    assert sol.calls == (1 / (1 + s),)
    assert sol.bluffs[0] == sp.simplify(sol.one_round["bluffs"].subs({p_: p, s_: s}))


def test_one_round_capped_is_a_saddle_point():
    """p = 9/10, bet 5: every hand bets and II folds, I takes the whole pot."""
    assert _one_round_value(R(9, 10), R(5)) == 1
    sol = derive_endgame(EndgameRules(1, 5, R(9, 10)))
    assert sol.capped and sol.value == 1 and sol.calls == (0,) and sol.bets == (1,)
    assert prove_endgame(sol).proved


def test_one_round_value_increases_with_the_bet():
    value = derive_endgame(EndgameRules()).one_round["value"]
    assert sp.simplify(sp.diff(value, s_) - p_ / (1 + s_) ** 2) == 0


@pytest.mark.parametrize("n, stack, p", [(2, R(1), R(1, 2)), (3, R(1), R(1, 2)), (2, R(5, 2), R(1, 3))])
def test_geometric_sizes(n, stack, p):
    sol = derive_endgame(EndgameRules(n, stack, p))
    r = sol.ratio
    assert sp.simplify((1 + 2 * r) ** n - (1 + 2 * stack)) == 0
    assert sp.simplify(sum(sol.sizes) - stack) == 0  # all-in by the last round
    for k in range(n):
        assert sp.simplify(sol.sizes[k] - r * sol.pots[k]) == 0
        assert sp.simplify(sol.pots[k] - (1 + 2 * r) ** k) == 0
        assert sp.simplify(sol.calls[k] - 1 / (1 + r)) == 0
    x = 1 + 2 * r
    assert sp.simplify(sol.value - p * (2 * x / (1 + x)) ** n) == 0
    assert prove_endgame(sol).proved


def _winner_take_two_rounds(s1, s2):
    """The winner bets s1 then s2 chips against II calling a bet s into a pot P with P/(P + s)."""
    c1 = 1 / (1 + s1)
    c2 = (1 + 2 * s1) / (1 + 2 * s1 + s2)
    return (1 - c1) * 1 + c1 * (1 - c2) * (1 + s1) + c1 * c2 * (1 + s1 + s2)


def test_two_rounds_geometric_beats_other_splits():
    """Stack 1, p = 1/2: the geometric split of the stack beats all-in at once and other splits."""
    sol = derive_endgame(EndgameRules(2, 1, R(1, 2)))
    assert sol.value == 6 - 3 * sp.sqrt(3)
    best = _winner_take_two_rounds(*sol.sizes)
    assert sp.simplify(R(1, 2) * best - sol.value) == 0
    for s1 in (R(1, 10), R(1, 3), R(1, 2), R(9, 10), R(1)):
        other = _winner_take_two_rounds(s1, 1 - s1)
        assert sp.simplify(best - other) > 0


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_proof_step_holds(n):
    proof = prove_endgame(derive_endgame(EndgameRules(n, 2, R(1, 3))))
    assert proof.proved and all(step.holds for step in proof.steps)
    assert proof.general == "exact for this n"
    claims = " ".join(step.claim for step in proof.steps)
    assert "Hoelder" not in claims and "prod (1 + x_k)" in claims


def test_four_rounds_say_what_is_cited():
    proof = prove_endgame(derive_endgame(EndgameRules(4, 3, R(1, 4))))
    assert proof.proved and "Hoelder" in proof.general


@pytest.mark.parametrize(
    "kwargs",
    [{"rounds": 0}, {"rounds": 1.0}, {"rounds": True}, {"win": 0}, {"win": 1}, {"win": R(3, 2)},
     {"stack": 0}, {"stack": -1}, {"stack": 1 / 3}, {"win": 1 / 3}],
)  # fmt: skip
def test_bad_rules_refused(kwargs):
    with pytest.raises(GameDefinitionError):
        EndgameRules(**kwargs)


@pytest.mark.parametrize(
    "args",
    [["--rounds", "x"], ["--rounds", "0"], ["--win", "1"], ["--win", "0.3.1"], ["--stack", "-2"],
     ["--bet", "1"], ["--figure", "x.png"]],
)  # fmt: skip
def test_cli_refuses_bad_input_in_one_line(args, capsys):
    assert main(["continuum", "endgame", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err


def test_cli_text_and_json(capsys):
    assert main(["continuum", "endgame", "--rounds", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("The endgame, 2 round(s), stack 1") and "Proof (proved)" in text
    assert main(["continuum", "endgame", "--rounds", "3", "--stack", "1/2", "--win", "0.25", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["proved"] and data["win"] == "1/4" and data["stack"] == "1/2" and len(data["sizes"]) == 3
    assert main(["continuum", "borel", "--rounds", "2"]) == 2


def test_cli_latex(capsys):
    """--latex: a standalone document with the one-round formulas, the equilibrium table and the proof
    (two rounds, stack 1, p = 1/2: r = (√3 − 1)/2 of the pot each round, value 6 − 3√3)."""
    assert main(["continuum", "endgame", "--rounds", "2", "--latex"]) == 0
    tex = capsys.readouterr().out
    assert tex.startswith("\\documentclass") and tex.rstrip().endswith("\\end{document}")
    assert "\\section*{The endgame, 2 rounds}" in tex
    assert "v = 6 - 3 \\sqrt{3}" in tex and "\\textbf{(fails)}" not in tex
    assert "round & pot & bet" in tex
