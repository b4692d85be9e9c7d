"""Issue 25: Liar's Dice, imperfect-information Goofspiel and Leduc variants, built in and solved exactly.

Each game is checked against OpenSpiel: the same information sets (by OpenSpiel's own information
state strings where derive's labels copy them) and sequences, and a value within 1e-8 of OpenSpiel's
floating-point sequence-form LP; the exact solution is certified by exact best responses
(exploitability exactly 0).  The exact block solver behind the certificate is checked on systems
whose blocks are solved by rounding a floating-point solution, and on ones where rounding fails.
"""

from __future__ import annotations

import io
import json
import random

import pytest
import sympy as sp
from _openspiel import openspiel
from sympy.polys.domains import QQ

from derive.games.goofspiel import goofspiel, goofspiel_size
from derive.games.leduc import leduc_holdem, rank_names
from derive.games.liars_dice import liars_dice, liars_dice_size
from derive.games.registry import UnknownGameError, load_game, parse_game_spec
from derive.sequence_form.general import game_sequence_form
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.best_response import behaviour_profile, game_exploitability

R = sp.Rational

#: Exact values to player 0 (derived here, certified by exact best responses); OpenSpiel's LP agrees.
LIARS_DICE = {(1, 2): R(1, 2), (1, 3): R(1, 9), (1, 4): R(1, 16), (2, 2): R(7, 8)}

#: Liar's Dice with one six-sided die each: Neller & Lanctot (2013), OpenSpiel's disabled LP test.
LIARS_DICE_6 = R(-7, 258)


def _walk(pyspiel, game):
    """OpenSpiel's information state strings of each player and the number of sequences (per player)."""
    infos: list[dict[str, int]] = [{}, {}]

    def visit(state):
        if state.is_terminal():
            return
        if state.is_chance_node():
            for a, _ in state.chance_outcomes():
                visit(state.child(a))
            return
        p = state.current_player()
        infos[p].setdefault(state.information_state_string(p), len(state.legal_actions()))
        for a in state.legal_actions():
            visit(state.child(a))

    visit(game.new_initial_state())
    return [set(i) for i in infos], [1 + sum(i.values()) for i in infos]


def _certified(game, refine="none"):
    sol = solve_zero_sum(game, refine=refine)
    assert game_exploitability(behaviour_profile(game, sol.strategies)) == 0
    return sol


@pytest.mark.parametrize("dice, faces", [(1, 2), (1, 3), (2, 2)])
def test_liars_dice_is_openspiels_game_and_value(dice, faces):
    pyspiel, sequence_form_lp = openspiel()
    theirs = pyspiel.load_game("liars_dice", {"numdice": dice, "dice_sides": faces})
    game = liars_dice(dice, faces)
    labels, sequences = _walk(pyspiel, theirs)
    # the information sets are OpenSpiel's, string for string, and so are the sequences
    assert [{i.label for i in game.infosets_of(p)} for p in (0, 1)] == labels
    assert list(game_sequence_form(game).shape) == sequences
    size = liars_dice_size(dice, faces)
    assert (size["information_sets"], size["sequences"], size["nodes"]) == (
        len(game.infosets),
        sum(sequences),
        len(game.nodes),
    )
    sol = _certified(game)
    assert sol.value == LIARS_DICE[(dice, faces)]
    v0, v1, _, _ = sequence_form_lp.solve_zero_sum_game(theirs)
    assert abs(v0 - float(sol.value)) < 1e-8 and abs(v1 + float(sol.value)) < 1e-8


def test_liars_dice_rules_wild_face_and_liar():
    game = liars_dice(1, 3)
    # the first bidder cannot call liar; after the top bid only "Liar" is left
    assert "Liar" not in game.infoset(0, "1").actions
    assert game.infoset(1, "2 2-3").actions == ("Liar",)
    # player 0 holds 3 (wild), player 1 holds 1; player 0 bids 2-2, player 1 calls: one 2 or wild -> bidder loses
    assert _play(game, ["player 0 rolls 3", "player 1 rolls 1", "2-2", "Liar"]) == (-1, 1)
    # ... but 1-2 is true (the wild 3 counts as a 2): the caller loses
    assert _play(game, ["player 0 rolls 3", "player 1 rolls 1", "1-2", "Liar"]) == (1, -1)
    # player 1 bids 2-1 over 1-3 and player 0 calls: one 1, one 3 (wild): true, player 1 wins
    assert _play(game, ["player 0 rolls 3", "player 1 rolls 1", "1-3", "2-1", "Liar"]) == (-1, 1)


def _play(game, moves):
    node = game.nodes[0]
    for move in moves:
        node = game.nodes[node.children[node.actions.index(move)]]
    return game.payoffs[node.index]


def test_liars_dice_four_faces_against_openspiels_lp():
    pyspiel, sequence_form_lp = openspiel()
    sol = _certified(load_game("liars-dice:faces=4"))
    assert sol.value == LIARS_DICE[(1, 4)]
    v0, _, _, _ = sequence_form_lp.solve_zero_sum_game(pyspiel.load_game("liars_dice", {"dice_sides": 4}))
    assert abs(v0 - float(sol.value)) < 1e-8


@pytest.mark.parametrize("cards, order", [(3, "descending"), (3, "random"), (4, "descending")])
def test_goofspiel_is_openspiels_turn_based_game(cards, order):
    pyspiel, sequence_form_lp = openspiel()
    theirs = pyspiel.load_game_as_turn_based(
        "goofspiel", {"imp_info": True, "num_cards": cards, "points_order": order}
    )
    game = goofspiel(cards, order)
    labels, sequences = _walk(pyspiel, theirs)
    assert [len(game.infosets_of(p)) for p in (0, 1)] == [len(i) for i in labels]
    assert list(game_sequence_form(game).shape) == sequences
    assert len(game.nodes) == goofspiel_size(cards, order)
    sol = _certified(game)
    assert sol.value == 0  # a symmetric game
    v0, v1, _, _ = sequence_form_lp.solve_zero_sum_game(theirs)
    assert abs(v0) < 1e-8 and abs(v1) < 1e-8


def test_goofspiel_tricks_and_returns():
    game = goofspiel(3)
    # point cards 3, 2, 1; player 0 bids 3 then 1, player 1 bids 2 then 3; the last bids (2 and 1) are
    # forced: player 0 wins 3 and 1 points, player 1 wins 2
    assert _play(game, ["3", "2", "1", "3"]) == (1, -1)
    assert game.infoset(1, "32|2|0").actions == ("1", "3")
    points = goofspiel(3, returns="points")
    assert _play(points, ["3", "2", "1", "3"]) == (1, -1)  # (4 - 2) / 2
    assert _play(points, ["3", "3", "1", "2"]) == (
        R(-1, 2),
        R(1, 2),
    )  # a tie on 3; 2 to player 1, 1 to player 0
    assert _certified(points).value == 0


def test_leduc_variants_sizes_and_values_against_universal_poker():
    pyspiel, sequence_form_lp = openspiel()
    assert rank_names(4) == ("J", "Q", "K", "A")
    for ranks, raises in ((3, 2), (4, 2), (3, 1)):
        game = leduc_holdem(ranks=ranks, max_raises=raises)
        sol = _certified(game)
        theirs = pyspiel.load_game(
            "universal_poker",
            {
                "betting": "limit",
                "numPlayers": 2,
                "numRounds": 2,
                "blind": "1 1",
                "raiseSize": "2 4",
                "firstPlayer": "1 1",
                "maxRaises": f"{raises} {raises}",
                "numSuits": 2,
                "numRanks": ranks,
                "numHoleCards": 1,
                "numBoardCards": "0 1",
                "stack": "100 100",
            },
        )
        v0, _, _, _ = sequence_form_lp.solve_zero_sum_game(theirs)
        assert abs(v0 - float(sol.value)) < 1e-8, (ranks, raises)
    assert len(load_game("leduc:ranks=4,raises=3").infosets) == 928


def test_options_on_the_command_line_and_their_errors():
    from derive.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert (
        main(["solve", "liars-dice:faces=3", "--refine", "none", "--json", "--quiet"], out=out, err=err) == 0
    )
    doc = json.loads(out.getvalue())
    assert doc["value"] == "1/9" and doc["game"]["information_sets"] == 192
    out = io.StringIO()
    assert main(["games"], out=out, err=io.StringIO()) == 0
    assert "options (liars-dice:NAME=VALUE,...): faces = 6 (2..6), dice = 1 (1..3)" in out.getvalue()
    for spec, words in (
        ("liars-dice:faces=9", "faces is an integer from 2 to 6"),
        ("liars-dice:sides=3", "no option 'sides'"),
        ("goofspiel:order=up", "order is one of descending, ascending, random"),
        ("liars-dice:faces=4,dice=2", "more than the limit of 12 bids"),
        ("goofspiel:cards=5,order=random", "more than the limit of 2,000,000"),
    ):
        err = io.StringIO()
        assert main(["solve", spec, "--quiet"], out=io.StringIO(), err=err) == 2
        message = err.getvalue()
        assert message.count("\n") == 1 and words in message, message
    assert parse_game_spec("kuhn") is None
    with pytest.raises(UnknownGameError):
        parse_game_spec("leduc:ranks=4,ranks=5")


def test_exact_block_solver_rounds_floats_only_when_exact():
    """Blocks of 12 or more unknowns are solved in floating point and rounded (kept only if exact);
    a block whose solution has denominators beyond the rounding falls back to FLINT, still exact."""
    from derive.solving.lp import block_triangular_order, solve_exact

    rng = random.Random(25)
    n = 60
    for big in (False, True):
        # a cycle x_i + c_i x_(i+1) = b_i (one strongly connected block of 60) and a tail
        matrix = {i: {i: QQ(1), (i + 1) % n: QQ(rng.randint(1, 5), 7)} for i in range(n)}
        matrix[n] = {n: QQ(3), 0: QQ(1)}
        rhs = {i: {0: QQ(rng.randint(-9, 9), 10**12 + 39 if big else 1)} for i in range(n + 1)}
        blocks = block_triangular_order(matrix, n + 1)
        assert sorted(len(r) for r, _ in blocks) == [1, n]
        got = solve_exact(matrix, n + 1, rhs, 1)
        for i, row in matrix.items():
            assert sum((v * got.get((j, 0), QQ(0)) for j, v in row.items()), QQ(0)) == rhs[i][0]
    with pytest.raises(ZeroDivisionError):
        block_triangular_order({0: {0: 1}, 1: {0: 1}}, 2)


@pytest.mark.slow
def test_liars_dice_six_faces_exact_value():
    """OpenSpiel's disabled LP test (over 300 s there): value -0.027131782945736, here exactly -7/258."""
    game = load_game("liars-dice")
    assert len(game.infosets) == 24_576
    sol = _certified(game)
    assert sol.value == LIARS_DICE_6 and abs(float(sol.value) + 0.027131782945736) < 1e-12


@pytest.mark.slow
def test_goofspiel_five_cards_and_bigger_leduc():
    for game in (goofspiel(5), leduc_holdem(ranks=4, max_raises=3)):
        sol = _certified(game)
        assert game.title.startswith("Leduc") or sol.value == 0
