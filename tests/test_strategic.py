"""derive strategic, derive solve --matrix/--bimatrix and derive check (issue 26, item 4)."""

from __future__ import annotations

import io
import json

import pytest

from derive.cli import main
from derive.games.matrix import matrix_game, read_bimatrix, read_matrix


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


KUHN_NOT_EQUILIBRIUM = {
    "opener": {
        "Q": {"check": 1},
        "Q:xb": {"fold": 1},
        "K": {"check": 1},
        "K:xb": {"call": 1},
        "A": {"bet": 1},
        "A:xb": {"call": 1},
    },
    "dealer": {
        "Q:x": {"bet": "1/3", "check": "2/3"},
        "Q:b": {"fold": 1},
        "K:x": {"check": 1},
        "K:b": {"call": "1/3", "fold": "2/3"},
        "A:x": {"bet": 1},
        "A:b": {"call": 1},
    },
}


def test_matrix_game_value_and_strategies():
    """[[3,-1],[-2,1]]: by hand, the row player mixes 3/7, 4/7, the column player 2/7, 5/7; value 1/7."""
    status, out, _ = run("solve", "--matrix", "[[3,-1],[-2,1]]", "--json", "--quiet")
    doc = json.loads(out)
    assert status == 0 and doc["value"] == "1/7"
    assert doc["strategies"] == {
        "row": {"row": {"r1": "3/7", "r2": "4/7"}},
        "column": {"column": {"c1": "2/7", "c2": "5/7"}},
    }
    status, out, _ = run("solve", "--matrix", "[[3, -1], [-2, 1]]", "--quiet")
    assert "game value to row: 1/7 (column: -1/7)" in out and "row          r1 3/7, r2 4/7" in out


def test_bimatrix_prisoners_dilemma():
    """The prisoner's dilemma (3,3 / 0,5 / 5,0 / 1,1): its one equilibrium is (defect, defect), payoffs (1, 1)."""
    status, out, _ = run("solve", "--bimatrix", "[[3,0],[5,1]];[[3,5],[0,1]]", "--quiet", "--json")
    doc = json.loads(out)
    assert status == 0
    (eq,) = doc["equilibria"]["extreme"]
    assert eq["payoffs"] == ["1", "1"]
    assert eq["strategies"] == {"row": {"row: r2": "1"}, "column": {"column: c2": "1"}}


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--matrix", "[[1,2],[3]]"], "--matrix: row 2 has 1 entry, row 1 has 2"),
        (["--matrix", "1,2"], "--matrix: give rows in brackets"),
        (["--matrix", "[[1,x]]"], "--matrix: entry (1, 2) is 'x', not an exact number"),
        (["--bimatrix", "[[1]]"], "--bimatrix: give two matrices separated by ';'"),
        (["--bimatrix", "[[1,2]];[[1],[2]]"], "the matrices are 1 x 2 and 2 x 1"),
        (["kuhn", "--matrix", "[[1]]"], "--matrix/--bimatrix is a game of its own"),
        (["--matrix", "[[1]]", "--bimatrix", "[[1]];[[1]]"], "not allowed with argument"),
    ],
)
def test_matrix_errors_are_one_line(argv, message):
    status, out, err = run("solve", *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("derive: error: ")
    assert message in err


def test_read_matrix_is_exact():
    assert read_matrix("[[0.1, -1/3]]") == [
        [__import__("sympy").Rational(1, 10), __import__("sympy").Rational(-1, 3)]
    ]
    a, b = read_bimatrix("[[1]];[[2]]")
    assert (a, b) == ([[1]], [[2]])
    assert matrix_game([[1, 2]]).infosets[1].actions == ("c1", "c2")


def test_strategic_form_of_myerson():
    """Myerson's game: 4 x 2; by hand, raise-red/fold-black against meet gives Fred (1/2)(2) + (1/2)(-1) = 1/2."""
    status, out, _ = run("strategic", "myerson")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Myerson's card game: reduced strategic form, 4 x 2 (zero-sum: Fred's payoffs, Alice gets their negatives)"
    )
    assert "  R2  Red: Raise, Black: Fold" in lines and "  C1  raised: Meet" in lines
    assert lines[-5:] == ["      C1  C2", "R1     0   1", "R2   1/2   0", "R3  -1/2   1", "R4     0   0"]


def test_strategic_form_of_kuhn_and_general_sum():
    """Kuhn poker's reduced strategic form is 27 x 64 (Kuhn 1950); beer-quiche's cells hold both payoffs."""
    status, out, _ = run("strategic", "kuhn", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["shape"] == [27, 64] and len(doc["payoffs"][0][0]) == 64
    assert all(
        a == str(-__import__("fractions").Fraction(b)) or a == b == "0"
        for ra, rb in zip(doc["payoffs"][0], doc["payoffs"][1])
        for a, b in zip(ra, rb)
    )
    status, out, _ = run("strategic", "beer-quiche")
    assert status == 0 and "each cell: Sender's payoff, Receiver's payoff" in out
    assert "R1  9/10, 1/10   9/10, 1/10  29/10, 9/10  29/10, 9/10" in out


@pytest.mark.parametrize(
    "game, message",
    [
        ("kuhn3", "the strategic form here is for two players; this game has 3"),
        ("leduc", "more than the limit of 250,000 entries"),
    ],
)
def test_strategic_refuses_what_it_cannot_print(game, message):
    status, out, err = run("strategic", game)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_check_an_equilibrium_from_derive_solve(tmp_path):
    """derive solve --json's output checks as an equilibrium: regrets 0, exploitability 0."""
    status, out, _ = run("solve", "kuhn", "--json", "--quiet")
    path = tmp_path / "eq.json"
    path.write_text(out)
    status, out, _ = run("check", "kuhn", str(path))
    assert status == 0
    assert out.splitlines() == [
        "Kuhn poker: the profile checked exactly",
        "opener: payoff -1/18, best-response value -1/18, regret 0 (already a best response)",
        "dealer: payoff 1/18, best-response value 1/18, regret 0 (already a best response)",
        "NashConv 0, exploitability 0: a Nash equilibrium",
    ]


def test_check_a_profile_that_is_not_an_equilibrium(tmp_path):
    """The opener never bluffs and bets only the ace: by hand the dealer then folds every bet and bets
    with the queen never (her queen wins nothing when called ...): regret 1/9, exploitability 1/18."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(KUHN_NOT_EQUILIBRIUM))
    status, out, _ = run("check", "kuhn", str(path), "--json")
    doc = json.loads(out)
    assert status == 0 and doc["is_nash_equilibrium"] is False
    opener, dealer = doc["players"]
    assert (opener["payoff"], opener["regret"]) == ("-1/18", "0")
    assert (dealer["payoff"], dealer["best_response_value"], dealer["regret"]) == ("1/18", "1/6", "1/9")
    assert dealer["best_response"]["K:b"] == "fold" and list(dealer["best_response"])[0] == "K:x"
    assert (doc["nash_conv"], doc["exploitability"]) == ("1/9", "1/18")


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "is not JSON"),
        ('{"opener": {}}', "the profile has no strategy for player 'dealer'"),
        ("[1, 2]", "give {player: {information set: {action: probability}}}"),
        (
            json.dumps(
                {**KUHN_NOT_EQUILIBRIUM, "dealer": {**KUHN_NOT_EQUILIBRIUM["dealer"], "A:b": {"call": 0.3}}}
            ),
            "probabilities at information set 'A:b' sum to 3/10, not 1",
        ),
    ],
)
def test_check_errors_are_one_line(tmp_path, content, message):
    path = tmp_path / "p.json"
    path.write_text(content)
    status, out, err = run("check", "kuhn", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err
    status, out, err = run("check", "kuhn", str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err and "No such file" in err
