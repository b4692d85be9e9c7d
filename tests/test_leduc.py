"""Leduc hold'em (issue 12, item 1): built from its rules, solved exactly, checked against OpenSpiel."""

from __future__ import annotations

import json

import sympy as sp
from _openspiel import from_openspiel, openspiel

from derive.games.leduc import _showdown, leduc_holdem
from derive.games.registry import load_game
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.best_response import behaviour_profile, game_exploitability

R = sp.Rational

#: The exact value to the first player, derived here (certified by exact best responses).
LEDUC_VALUE = R(-1454920850547486749701863871533, 16995463438839962469905132501930)


def test_showdown_rules():
    assert _showdown(("J", "Q"), "J") == 1  # a pair beats a higher card
    assert _showdown(("K", "Q"), "J") == 1
    assert _showdown(("Q", "K"), "J") == -1
    assert _showdown(("Q", "Q"), "K") == 0  # equal cards split the pot
    assert _showdown(("K", "K"), "K") == 0  # (impossible deal: only two kings)


def test_structure_and_chance():
    game = leduc_holdem()
    assert game.is_zero_sum and game.num_players == 2
    assert len(game.infosets_of(0)) == 144 and len(game.infosets_of(1)) == 144
    # a pair of queens is dealt with probability 1/3 * 1/5; the board then shows the last Q with 1/4
    root = game.nodes[0]
    assert sum(root.probabilities) == 1 and root.probabilities == (R(1, 3),) * 3
    assert game.infoset(0, "KQ:xbc/").actions == ("check", "bet")
    assert game.infoset(1, "J:b").actions == ("fold", "call", "raise")
    assert game.infoset(0, "J:br").actions == ("fold", "call")  # two raises a round at most


def test_exact_value_certified_and_registered():
    game = load_game("leduc")
    sol = solve_zero_sum(game, refine="none")
    assert sol.value == LEDUC_VALUE
    assert game_exploitability(behaviour_profile(game, sol.strategies)) == 0


def test_same_game_as_openspiel_and_the_same_value_as_its_lp():
    pyspiel, sequence_form_lp = openspiel()
    # OpenSpiel's own Leduc, suits merged, read state by state: exactly the same value
    os_iso = pyspiel.load_game("leduc_poker", {"suit_isomorphism": True})
    theirs = from_openspiel(pyspiel, os_iso)
    assert len(theirs.infosets) == len(leduc_holdem().infosets)
    assert solve_zero_sum(theirs, refine="none").value == LEDUC_VALUE
    # OpenSpiel's float sequence-form LP, with and without suits, agrees to 1e-8
    for iso in (True, False):
        v0, v1, _, _ = sequence_form_lp.solve_zero_sum_game(
            pyspiel.load_game("leduc_poker", {"suit_isomorphism": iso})
        )
        assert abs(v0 - float(LEDUC_VALUE)) < 1e-8 and abs(v1 + float(LEDUC_VALUE)) < 1e-8


def test_command_line_prints_the_exact_value():
    import io

    from derive.cli import main

    out = io.StringIO()
    assert main(["solve", "leduc", "--refine", "none", "--json"], out=out, err=io.StringIO()) == 0
    doc = json.loads(out.getvalue())
    assert doc["value"] == str(LEDUC_VALUE)
    assert doc["game"]["information_sets"] == 288


def test_quasi_perfect_equilibrium_of_leduc():
    """The default refinement on Leduc: HiGHS's bases at ε₀ hide the ε⁴ terms of the perturbation
    (four own moves), so the exact optimum at ε₀ is reached by exact pivots first, then the
    polynomial simplex finishes; the limit has the game value and exploitability exactly 0, and
    nobody folds a pair of kings (the best hand) on or off the path."""
    game = load_game("leduc")
    sol = solve_zero_sum(game)
    assert sol.refinement == "quasi-perfect" and sol.value == LEDUC_VALUE
    assert game_exploitability(behaviour_profile(game, sol.strategies)) == 0
    folds = [
        (label, dist["fold"])
        for strategy in sol.strategies
        for label, dist in strategy.items()
        if label.startswith("KK:") and "fold" in dist
    ]
    assert folds and all(p == 0 for _, p in folds)
