"""One-player games in the engine: a decision-maker against chance, solved as a best response to chance.

Values are checked against hand computations (a textbook decision tree), a one-player Gambit file,
the refusal of imperfect recall (the absent-minded driver of Gambit's catalog), and Three Card Poker,
whose engine solution must be the casino module's best response and house edge.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp

from derive.extensive_form import (
    ImperfectRecallError,
    NotSupportedError,
    chance,
    decision,
    extensive_form,
    payoff,
)
from derive.formats import read_game
from derive.solving.one_player import solve_decision_problem

try:
    import pygambit
except ImportError:  # pragma: no cover - pygambit is a test dependency
    pygambit = None

needs_gambit = pytest.mark.skipif(pygambit is None, reason="pygambit is not installed")

R = sp.Rational


def wildcatter():
    """A wildcatter's decision tree in the style of Raiffa (1968), ch. 1 (the numbers are ours).

    Chance: oil with probability 3/10, dry 7/10; the wildcatter does not know which.  He may pay 10
    for a seismic test, which reads "good" with probability 4/5 if there is oil and 1/5 if dry, then
    drill or not; or drill or not without it.  Drilling pays 100 on oil and -40 on a dry hole.
    """

    def drill(info, oil, cost=0):
        return decision(
            "wildcatter",
            info,
            {"drill": payoff((100 if oil else -40) - cost), "don't drill": payoff(-cost)},
        )

    def state(oil, good):
        return decision(
            "wildcatter",
            "start",
            {
                "test": chance(
                    {
                        "good": (good, drill("test good", oil, 10)),
                        "bad": (1 - good, drill("test bad", oil, 10)),
                    }
                ),
                "no test": drill("no test", oil),
            },
        )

    return extensive_form(
        ["wildcatter"],
        chance({"oil": ("3/10", state(True, Fraction(4, 5))), "dry": ("7/10", state(False, Fraction(1, 5)))}),
        title="The wildcatter's decision",
    )


def test_wildcatter_values_computed_by_hand():
    """Folding the tree back by hand:

    * no test: EV(drill) = 3/10 * 100 + 7/10 * (-40) = 2 > 0 = EV(don't drill);
    * the test reads good with probability 3/10 * 4/5 + 7/10 * 1/5 = 19/50, and then
      P(oil | good) = (12/50) / (19/50) = 12/19: EV(drill | good) = 12/19 * 90 + 7/19 * (-50) = 730/19,
      EV(don't drill | good) = -10;
    * bad with probability 31/50, P(oil | bad) = (3/50) / (31/50) = 3/31:
      EV(drill | bad) = 3/31 * 90 + 28/31 * (-50) = -1130/31 < -10 = EV(don't drill | bad);
    * EV(test) = 19/50 * 730/19 + 31/50 * (-10) = 42/5 > 2 = EV(no test).

    The value is 42/5: test, drill on a good reading, not on a bad one.
    """
    solution = solve_decision_problem(wildcatter())
    assert solution.value == R(42, 5) == solution.certified
    start = solution.decision("start")
    assert start.reach == 1 and start.values == {"test": R(42, 5), "no test": 2}
    assert start.optimal == ("test",) and start.gap == R(32, 5)
    good = solution.decision("test good")
    assert good.reach == R(19, 50)
    assert good.values == {"drill": R(730, 19), "don't drill": -10} and good.optimal == ("drill",)
    bad = solution.decision("test bad")
    assert bad.reach == R(31, 50)
    assert bad.values == {"drill": R(-1130, 31), "don't drill": -10} and bad.optimal == ("don't drill",)
    no_test = solution.decision("no test")
    assert no_test.reach == 1 and no_test.values == {"drill": 2, "don't drill": 0}
    assert no_test.optimal == ("drill",)
    assert solution.strategy == {
        "start": "test",
        "test good": "drill",
        "test bad": "don't drill",
        "no test": "drill",
    }
    # the optimal strategy tests, so it never stands at "no test", where the choice is still optimal
    assert [d.on_path for d in solution.decisions] == [True, True, True, False]
    assert solution.counts() == {"test": 1, "drill": 2, "don't drill": 1}
    assert solution.ties == ()


def test_ties_list_every_optimal_action_and_unreached_sets_have_no_values():
    """A fair bet (EV 0 = pass) lists both actions; a set chance never reaches has no conditional values."""
    game = extensive_form(
        ["you"],
        chance(
            {
                "heads": ("1/2", decision("you", "fair", {"bet": payoff(1), "pass": payoff(0)})),
                "tails": ("1/2", decision("you", "fair", {"bet": payoff(-1), "pass": payoff(0)})),
                "edge": (0, decision("you", "on its edge", {"left": payoff(5), "right": payoff(7)})),
            }
        ),
    )
    solution = solve_decision_problem(game)
    assert solution.value == 0
    fair = solution.decision("fair")
    assert fair.values == {"bet": 0, "pass": 0} and fair.optimal == ("bet", "pass") and fair.gap == 0
    assert fair.choice == "bet"  # the first optimal action
    edge = solution.decision("on its edge")
    assert edge.reach == 0 and edge.values == {"left": None, "right": None}
    assert edge.optimal == ("left", "right") and not edge.on_path and edge.gap is None
    assert solution.ties == (fair,)


def test_a_player_who_never_moves_gets_chance_expectation():
    """No information set: the value is the expected payoff, ``1/4 * 8 + 3/4 * 0 = 2``."""
    game = extensive_form(["you"], chance({"win": ("1/4", payoff(8)), "lose": ("3/4", payoff(0))}))
    solution = solve_decision_problem(game)
    assert solution.value == 2 and solution.decisions == () and solution.strategy == {}


def test_outcomes_on_inner_nodes_add_up_along_the_play():
    """Gambit's rule: a fee of 1 booked at the root is paid on every play: 3 - 1 = 2."""
    game = extensive_form(
        ["you"],
        decision("you", "choose", {"safe": payoff(3), "risky": payoff(0)}, outcome=(-1,)),
    )
    solution = solve_decision_problem(game)
    assert solution.value == 2 and solution.decision("choose").values == {"safe": 2, "risky": -1}


ONE_PLAYER_EFG = """EFG 2 R "A coin you do not see" { "you" }
"Heads with probability 1/3; betting on heads wins 3 or loses 1."

c "coin" 1 "" { "heads" 1/3 "tails" 2/3 } 0
p "" 1 1 "guess" { "bet" "pass" } 0
t "" 1 "win" { 3 }
t "" 2 "nothing" { 0 }
p "" 1 1 "guess" { "bet" "pass" } 0
t "" 3 "lose" { -1 }
t "" 4 "nothing too" { 0 }
"""


def test_a_one_player_gambit_file(tmp_path):
    """Read from a .efg file: EV(bet) = 1/3 * 3 + 2/3 * (-1) = 1/3 > 0 = EV(pass)."""
    path = tmp_path / "coin.efg"
    path.write_text(ONE_PLAYER_EFG)
    solution = solve_decision_problem(read_game(path))
    assert solution.value == R(1, 3)
    assert solution.decision("guess").values == {"bet": R(1, 3), "pass": 0}
    assert solution.strategy == {"guess": "bet"}


def test_absent_minded_driver_is_refused_in_one_line():
    """Piccione & Rubinstein (1997): the driver crosses his one information set twice; no backward induction."""
    driver = extensive_form(
        ["driver"],
        decision(
            "driver",
            "intersection",
            {
                "exit": payoff(0),
                "continue": decision("driver", "intersection", {"exit": payoff(4), "continue": payoff(1)}),
            },
        ),
    )
    with pytest.raises(
        ImperfectRecallError, match="imperfect recall at information set 'intersection'"
    ) as info:
        solve_decision_problem(driver)
    assert "\n" not in str(info.value) and "perfect recall" in str(info.value)


def _catalog_file(slug: str) -> Path:
    return Path(pygambit.__file__).parent / "catalog_data" / f"{slug}.efg"


@needs_gambit
@pytest.mark.parametrize("slug", ["journals/geb/gilboa1997/fig1", "journals/geb/gilboa1997/fig2"])
def test_the_catalogs_one_player_games_are_refused(slug):
    """Gambit's catalog has two one-player games, both absent-minded drivers (Gilboa 1997): imperfect recall."""
    assert not pygambit.catalog.load(slug).is_perfect_recall
    game = read_game(_catalog_file(slug))
    assert game.num_players == 1
    with pytest.raises(ImperfectRecallError, match="^imperfect recall at information set") as info:
        solve_decision_problem(game)
    assert "\n" not in str(info.value)


def test_symbolic_payoffs_and_two_players_are_refused():
    """One line each: symbols are to be substituted; a two-player game is not a decision problem."""
    prize = sp.Symbol("prize", positive=True)
    game = extensive_form(["you"], decision("you", "choose", {"take": payoff(prize), "leave": payoff(0)}))
    with pytest.raises(NotSupportedError, match=r"symbolic payoffs or probabilities \(prize\); substitute"):
        solve_decision_problem(game)
    from derive.games.textbook import matching_pennies

    with pytest.raises(
        NotSupportedError, match="has 2 players; the decision-problem solver takes one player"
    ):
        solve_decision_problem(matching_pennies())


# --------------------------------------------------------------------------- Three Card Poker
def _engine_agrees_with_casino(rules):
    from derive.casino import three_card_poker
    from derive.casino.tree import three_card_poker_game

    analysis = three_card_poker(rules)
    game = three_card_poker_game(rules)
    solution = solve_decision_problem(game)
    edge = analysis.optimal.house_edge
    assert solution.value == -R(edge.numerator, edge.denominator)
    assert len(solution.decisions) == len(analysis.decisions) == 1755
    for d, hand in zip(solution.decisions, analysis.decisions):
        assert d.label == hand.hand.label
        assert d.reach == R(hand.hand.size, 22100)
        ev = hand.ev_play
        assert d.values == {"fold": -1, "play": R(ev.numerator, ev.denominator)}
        expected = {"play": ("play",), "fold": ("fold",), "either": ("fold", "play")}[hand.action]
        assert d.optimal == expected, d.label
        assert (d.choice == "play") == hand.plays
    return solution, analysis


def test_three_card_poker_engine_value_is_minus_the_house_edge():
    """The engine's best response to chance is the casino module's: value -686689/20358520 per ante, and
    at each of the 1755 hand classes the same optimal action (play Q-6-4 or better) and EV(play)."""
    from derive.casino.rules import ThreeCardPokerRules

    solution, analysis = _engine_agrees_with_casino(ThreeCardPokerRules())
    assert solution.value == R(-686689, 20358520)
    assert solution.counts() == {"fold": 480, "play": 1275} and solution.ties == ()
    assert solution.decision("Q-6-4 64 suited").optimal == ("play",)
    assert solution.decision("Q-6-3 rainbow").optimal == ("fold",)
    assert solution.decision("Q-6-3 rainbow").values["play"] == R(-393, 392)


def test_three_card_poker_engine_agrees_under_other_rules():
    """A jack-high qualifier and an Ante Bonus of 5-3-1: the engine and the casino module still agree."""
    from derive.casino.rules import ThreeCardPokerRules

    _engine_agrees_with_casino(ThreeCardPokerRules(qualifier="J", ante_bonus=(5, 3, 1)))


def test_three_card_poker_game_structure():
    """Chance deals 1755 classes (size/22100), the player folds (-1) or plays; the dealer's outcomes
    have probability count/18424 (an outcome with no hands left out) and pay per ante."""
    from derive.casino import dealer_counts, hand_class
    from derive.casino.tree import three_card_poker_game

    game = three_card_poker_game()
    assert game.players == ("player",) and len(game.root.children) == 1755
    assert sum(game.root.probabilities) == 1
    info = game.infoset(0, "Q-6-4 64 suited")
    node = game.nodes[info.nodes[0]]
    fold, play = (game.nodes[c] for c in node.children)
    assert node.actions == ("fold", "play") and game.payoffs[fold.index] == (-1,)
    counts = dealer_counts()[hand_class("Qd 6c 4c").order]
    assert play.actions == (
        "dealer does not qualify",
        "dealer qualifies and loses",
        "dealer ties",
        "dealer wins",
    )
    assert play.probabilities == tuple(R(n, 18424) for n in counts.as_tuple())
    assert [game.payoffs[c][0] for c in play.children] == [1, 2, 0, -2]
    # a straight is paid the Ante Bonus (1) whatever the dealer holds; below the qualifier nothing ties
    straight = game.nodes[game.infoset(0, "5-4-3 rainbow").nodes[0]]
    dealer = game.nodes[straight.children[1]]
    assert [game.payoffs[c][0] for c in dealer.children] == [2, 3, 1, -1]
    low = game.nodes[game.nodes[game.infoset(0, "5-3-2 rainbow").nodes[0]].children[1]]
    assert low.actions == ("dealer does not qualify", "dealer wins")


# --------------------------------------------------------------------------- the command line
def run(*argv):
    """The command line's status, output and errors (``--quiet``: no progress lines on a loaded machine)."""
    import io

    from derive.cli import main

    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, "--quiet"] if argv[0] == "solve" else list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


JSON_KEYS = {"game", "players", "value", "information_sets", "strategy", "method"}


def test_cli_solves_a_one_player_file_as_text_and_json(tmp_path):
    """``derive solve coin.efg``: the value, the set's reach and each action's EV, the optimal one marked."""
    import json

    path = tmp_path / "coin.efg"
    path.write_text(ONE_PLAYER_EFG)
    status, out, err = run("solve", str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "A coin you do not see: 1 player (you) against chance, 7 nodes, 1 information set"
    assert "value to you (the optimal expected payoff): 1/3 ≈ 0.333333" in lines
    assert "  guess  reach 1" in lines
    assert "    * bet   1/3 ≈ 0.333333" in lines and "      pass  0" in lines
    status, out, err = run("solve", str(path), "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert set(doc) == JSON_KEYS
    assert doc["value"] == "1/3" and doc["players"] == ["you"] and doc["strategy"] == {"guess": "bet"}
    assert doc["information_sets"] == [
        {
            "label": "guess",
            "reach": "1",
            "actions": {"bet": "1/3", "pass": "0"},
            "optimal": ["bet"],
            "on_path": True,
        }
    ]


def test_cli_three_card_poker_text_is_cut_to_the_closest_decisions():
    """``derive solve three-card-poker``: value -686689/20358520, totals, 30 borderline hands of 1755."""
    status, out, err = run("solve", "three-card-poker")
    assert status == 0 and err == ""
    assert "value to player (the optimal expected payoff): -686689/20358520 ≈ -0.033730" in out
    assert "the optimal strategy chooses fold at 480 information sets, play at 1,275 information sets" in out
    assert "(Cut: 30 of 1,755 information sets shown, the closest decisions" in out
    assert "  Q-6-4 64 suited  reach 3/5525 ≈ 0.000543" in out.splitlines()
    assert "    * play  -18325/18424 ≈ -0.994627" in out.splitlines()
    assert "A-K-Q suited" not in out  # far from the threshold: cut
    assert len(out.splitlines()) < 110


def test_cli_three_card_poker_json_and_all():
    """``--json`` lists all 1755 information sets with exact values; ``--all`` prints every one as text."""
    import json

    status, out, _ = run("solve", "three-card-poker", "--json")
    assert status == 0
    doc = json.loads(out)
    assert set(doc) == JSON_KEYS and doc["value"] == "-686689/20358520"
    assert len(doc["information_sets"]) == 1755 == len(doc["strategy"])
    q64 = next(s for s in doc["information_sets"] if s["label"] == "Q-6-4 64 suited")
    assert q64 == {
        "label": "Q-6-4 64 suited",
        "reach": "3/5525",
        "actions": {"fold": "-1", "play": "-18325/18424"},
        "optimal": ["play"],
        "on_path": True,
    }
    status, out, _ = run("solve", "three-card-poker", "--all")
    assert status == 0 and "Cut:" not in out
    assert sum(line.startswith("  ") and "reach" in line for line in out.splitlines()) == 1755


def test_cli_lists_three_card_poker_among_the_games():
    """``derive games`` names it with its source, the seed text."""
    status, out, _ = run("games")
    line = next(line for line in out.splitlines() if line.startswith("three-card-poker "))
    assert status == 0 and "docs/sources/three-card-poker-frequencies.txt" in line


@needs_gambit
@pytest.mark.parametrize("slug", ["journals/geb/gilboa1997/fig1", "journals/geb/gilboa1997/fig2"])
def test_cli_refuses_the_absent_minded_driver_in_one_line(slug):
    """Exit status 2, one line on stderr naming the information set, nothing on stdout."""
    status, out, err = run("solve", str(_catalog_file(slug)))
    assert status == 2 and out == ""
    assert err.startswith("derive: error: imperfect recall at information set '1:1'")
    assert err.count("\n") == 1


def test_cli_bad_input_for_a_one_player_game_is_exit_2(tmp_path):
    """Poker options with a game, an unknown name: one line each, exit status 2."""
    path = tmp_path / "coin.efg"
    path.write_text(ONE_PLAYER_EFG)
    status, out, err = run("solve", str(path), "--deck", "4")
    assert status == 2 and out == "" and err.count("\n") == 1 and "--deck applies to one-card poker" in err
    status, out, err = run("solve", "three-card-pokr")
    assert status == 2 and out == "" and "unknown game 'three-card-pokr'" in err
