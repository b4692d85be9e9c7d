"""Whole profiles from the pieces of a parametric solve (issue 38, item 4).

Every piece of ``parametric_solve`` gives every information set of both players, the ones off the
path of a player's own plan filled with his best reply against the opponent's strategy (proved on
the whole piece where one action is best throughout); the whole profile is an equilibrium at every
point of the piece, and ``derive check`` takes a piece (or the whole ``--param`` output) at a value.
"""

from __future__ import annotations

import copy
import io
import json

import pytest
import sympy as sp

from derive.cli import main
from derive.games.one_card import one_card_poker, to_extensive_form
from derive.solving.parameters.parametric_lp import parametric_solve
from derive.solving.parameters.symbolic_payoffs import substitute
from derive.verification.best_response import (
    behaviour_profile,
    game_best_response,
    game_exploitability,
    profile_payoffs,
)

R = sp.Rational


def _labels(game, p: int) -> list[str]:
    return [info.label for info in game.infosets_of(p)]


def test_kuhn_pieces_give_every_information_set_and_a_best_reply_off_the_path():
    """Kuhn poker with bet b in [1/4, 3]: on [1/4, 1] the opener always bets the ace, so A:xb is off
    his path; calling there beats folding for every b (the dealer bets after a check only with the
    queen or the ace: he calls and wins b + 1 against her queen), so A:xb is 'call' on the whole piece."""
    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(3, 1, bet=bet))
    sol = parametric_solve(game, bet, R(1, 4), 3)
    first = sol.pieces[0]
    assert first.off_path == (("A:xb",), ())
    assert first.off_path_best == (("A:xb",), ())
    assert dict(first.strategies[0]["A:xb"]) == {"fold": 0, "call": 1}
    assert first.check_point == R(1, 2) and sol.checked == (R(1, 2), R(3, 2), R(5, 2))
    for piece in sol.pieces:
        for p in (0, 1):
            assert list(piece.strategies[p]) == _labels(game, p)  # every set, in the game's order
        for r in (piece.lower.interval[0], piece.check_point, piece.upper.interval[0]):
            fixed = substitute(game, {bet: r})
            profile = behaviour_profile(fixed, piece.strategies_at(bet, r, fixed))
            assert game_exploitability(profile) == 0
            for p in (0, 1):  # the fill is the best reply a tree walk finds (the first best action)
                reply = game_best_response(profile, p).choice
                for label in piece.off_path[p]:
                    chosen = [a for a, v in piece.strategies[p][label].items() if v == 1]
                    assert chosen == [reply[label]], (piece.interval_text(bet), r, label)


def test_a_fill_that_is_a_best_reply_only_on_part_of_its_piece():
    """Five cards, a bet and a raise, bet b in [22/5, 6]: holding card 3 the opener never bets, so
    3:br (bet, then raised) is off his path.  Against the dealer's strategy calling the raise is his
    best reply at the check point 5 but folding is at b = 6 (strictly): no action is best on the whole
    piece, so the piece keeps 'call' (the best at 5), says it is not proved on the whole piece, and
    the profile is still an equilibrium at every point (the set is never reached)."""
    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(5, 2, bet=bet))
    sol = parametric_solve(game, bet, R(22, 5), 6)
    (piece,) = sol.pieces
    assert "3:br" in piece.off_path[0] and "3:br" not in piece.off_path_best[0]
    assert set(piece.off_path_best[0]) == set(piece.off_path[0]) - {"3:br"}
    assert piece.off_path_best[1] == piece.off_path[1]
    assert piece.check_point == 5 and dict(piece.strategies[0]["3:br"]) == {"fold": 0, "call": 1}
    gain = {}  # calling's gain over folding at 3:br, for the opener made to bet the 3 (so it is reached)
    for r in (R(22, 5), 5, R(29, 5), 6):
        fixed = substitute(game, {bet: r})
        opener, dealer = piece.strategies_at(bet, r, fixed)
        assert game_exploitability(behaviour_profile(fixed, (opener, dealer))) == 0
        payoff = {}
        for action in ("fold", "call"):
            there = {**opener, "3": {"check": 0, "bet": 1}, "3:br": {"fold": 0, "call": 0, action: 1}}
            payoff[action] = profile_payoffs(behaviour_profile(fixed, (there, dealer)))[0]
        gain[r] = payoff["call"] - payoff["fold"]
    assert gain[5] > 0 and gain[6] < 0  # call is best at the check point, fold at b = 6


def test_the_filled_profile_is_checked_and_a_missing_set_is_an_error():
    """The solve's own check reads every information set's distribution (a piece without a set, or
    with probabilities that are not a distribution, fails it)."""
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.parameters import parametric_lp as pl
    from derive.solving.parameters.breakpoints import ParametricError
    from derive.solving.parameters.rational_functions import RationalFunctionField

    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(3, 1, bet=bet))
    piece = parametric_solve(game, bet, R(1, 4), 1).pieces[0]
    field, sf = RationalFunctionField(bet), game_sequence_form(game)
    mats = [{}, {}]
    for (i, j), v in sf.payoff_entries(0).items():
        mats[0].setdefault(i, {})[j] = field(v)
    for (i, j), v in sf.payoff_entries(1).items():
        mats[1].setdefault(j, {})[i] = field(v)
    c = field(0)
    pl._check_profile(field, sf, mats, c, piece, 1, R(1, 2))  # passes
    for broken in (
        {k: v for k, v in piece.strategies[0].items() if k != "A:xb"},
        {**piece.strategies[0], "A:xb": {"fold": R(1, 2), "call": R(1, 3)}},
        {**piece.strategies[0], "A:xb": {"fold": R(3, 2), "call": R(-1, 2)}},
    ):
        bad = copy.copy(piece)
        object.__setattr__(bad, "strategies", (broken, piece.strategies[1]))
        with pytest.raises(ParametricError, match="A:xb"):
            pl._check_profile(field, sf, mats, c, bad, 1, R(1, 2))


# --------------------------------------------------------------------------- the reports


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_json_and_text_reports_give_the_whole_profile():
    """--json: every information set in each piece's "strategies", the off-path ones still named in
    "off_path", those proved on the whole piece in "off_path_best_on_piece", the check point and the
    exact ends; the text marks each off-path set with what was proved."""
    status, out, _ = _cli("solve", "kuhn", "--param", "bet=1/4..3", "--json", "--quiet")
    assert status == 0
    first = json.loads(out)["pieces"][0]
    assert first["strategies"]["opener"]["A:xb"] == {"fold": "0", "call": "1"}
    assert list(first["strategies"]["opener"]) == ["Q", "Q:xb", "K", "K:xb", "A", "A:xb"]
    assert first["off_path"] == {"opener": ["A:xb"], "dealer": []}
    assert first["off_path_best_on_piece"] == {"opener": ["A:xb"], "dealer": []}
    assert first["checked_at"] == "1/2"
    assert first["from_exact"] == {"polynomial": "bet - 1/4", "interval": ["1/4", "1/4"]}
    status, out, _ = _cli("solve", "kuhn", "--param", "bet=1/4..3", "--quiet")
    assert "    A:xb: call 1  (off the path: his best reply on the whole piece)" in out.splitlines()
    status, out, _ = _cli("solve", "--deck", "5", "--max-bets", "2", "--param", "bet=22/5..6", "--quiet")
    lines = out.splitlines()
    assert "    3:br: call 1  (off the path: his best reply at bet = 5, not on the whole piece)" in lines
    assert "    4:br: call 1  (off the path: his best reply on the whole piece)" in lines


def test_the_latex_document_marks_the_off_path_play():
    from derive.presentation.parametric_document import parametric_document

    bet = sp.Symbol("bet", positive=True)
    sol = parametric_solve(to_extensive_form(one_card_poker(3, 1, bet=bet)), bet, R(1, 4), 1)
    assert r"A:xb & call $1$ (off the path: his best reply on the whole piece) \\" in parametric_document(sol)


# --------------------------------------------------------------------------- derive check on the pieces

#: Every built-in two-player constant-sum game with parameters, over an interval its --param solve
#: covers quickly (Leduc's second-round bet near 4 only: over [1, 8] it takes a minute).
PARAM_SOLVES = [
    ("kuhn", "bet", "1/4", "3"),
    ("kuhn", "ante", "1/2", "4"),
    ("one-raise", "bet", "0", "4"),
    ("one-raise", "ante", "1/3", "3"),
    ("myerson", "B", "0", "10"),
    ("myerson", "P", "1/2", "5"),
    ("reiley", "bet", "1/2", "5"),
    ("reiley", "ante", "1/2", "5"),
    ("leduc", "bet2", "4", "401/100"),
]


def test_every_parametric_game_is_listed():
    """PARAM_SOLVES names every built-in game with parameters (the general-sum beer-quiche and job market apart)."""
    from derive.games.registry import BUILTIN_GAMES

    with_parameters = {name for name, g in BUILTIN_GAMES.items() if g.parameters}
    assert with_parameters == {game for game, *_ in PARAM_SOLVES} | {"beer-quiche", "job-market"}


@pytest.mark.parametrize("game, name, lo, hi", PARAM_SOLVES)
def test_derive_check_takes_each_piece_at_a_point_inside_it(tmp_path, game, name, lo, hi):
    """Each piece's strategies give every information set of the game, and `derive check` finds them
    an equilibrium (exploitability exactly 0) at the rational point inside the piece where the solve
    checked it: given as the piece itself, as a profile file {"strategies": ...}, and as the whole
    --param output with the value (the piece holding it is taken)."""
    from derive.games.registry import load_game

    status, out, _ = _cli("solve", game, "--param", f"{name}={lo}..{hi}", "--json", "--quiet")
    assert status == 0
    doc = json.loads(out)
    whole = tmp_path / "pieces.json"
    whole.write_text(out)
    for k, piece in enumerate(doc["pieces"]):
        point = piece["checked_at"]
        assert R(point) > R(piece["from_decimal"]) or piece["from"] == piece["to"]
        spec = f"{game}:{name}={point}"
        fixed = load_game(spec)
        for p, player in enumerate(fixed.players):
            assert list(piece["strategies"][player]) == [i.label for i in fixed.infosets_of(p)]
            assert set(piece["off_path"][player]) <= set(piece["strategies"][player])
        files = {"piece": piece, "profile": {"strategies": piece["strategies"]}}
        for shape, content in files.items():
            path = tmp_path / f"{shape}{k}.json"
            path.write_text(json.dumps(content))
            status, out, err = _cli("check", spec, str(path), "--json")
            assert status == 0, err
            result = json.loads(out)
            assert (result["exploitability"], result["is_nash_equilibrium"]) == ("0", True), (spec, shape)
        status, out, err = _cli("check", spec, str(whole), "--json")
        assert status == 0 and json.loads(out)["exploitability"] == "0"
        assert f"derive: checking piece {k + 1} of {len(doc['pieces'])} of " in err


def test_the_one_card_options_and_a_plain_solve_still_check(tmp_path):
    """The whole profiles of `derive solve --deck 3 --max-bets 2 --json` and of `derive solve
    one-raise --json --refine none` are accepted as before."""
    for argv in (
        ["solve", "--deck", "3", "--max-bets", "2", "--json"],
        ["solve", "one-raise", "--json", "--refine", "none"],
    ):
        status, out, _ = _cli(*argv, "--quiet")
        path = tmp_path / "eq.json"
        path.write_text(out)
        status, out, _ = _cli("check", "one-raise", str(path), "--json")
        assert status == 0 and json.loads(out)["exploitability"] == "0"


@pytest.fixture(scope="module")
def kuhn_pieces(tmp_path_factory):
    status, out, _ = _cli("solve", "kuhn", "--param", "bet=1/4..3", "--json", "--quiet")
    folder = tmp_path_factory.mktemp("pieces")
    (folder / "whole.json").write_text(out)
    piece = json.loads(out)["pieces"][0]
    (folder / "piece.json").write_text(json.dumps(piece))
    (folder / "profile.json").write_text(json.dumps({"strategies": piece["strategies"]}))
    return folder


@pytest.mark.parametrize(
    "game, file, message",
    [
        (
            "kuhn",
            "piece.json",
            "'piece.json' is a piece of derive solve --param, its formulas functions of bet for 1/4 <= bet <= 1: "
            "give the value with the game, e.g. derive check kuhn:bet=VALUE piece.json",
        ),
        (
            "kuhn",
            "profile.json",
            "'profile.json': the probability of 'check' at 'Q' is '2/(bet + 2)', a formula in bet (a piece of "
            "derive solve --param): give the value with the game, e.g. derive check kuhn:bet=VALUE profile.json",
        ),
        (
            "kuhn",
            "whole.json",
            "'whole.json' holds the pieces of derive solve --param, functions of bet: give its value with the "
            "game, e.g. derive check kuhn:bet=VALUE whole.json, and the piece that holds it is checked",
        ),
        ("kuhn:bet=2", "piece.json", "bet = 2 is outside the piece in 'piece.json' (1/4 <= bet <= 1)"),
        ("kuhn:bet=7", "whole.json", "bet = 7 is outside the pieces of 'whole.json' (bet from 1/4 to 3)"),
        ("kuhn:ante=2", "whole.json", "functions of bet: give its value with the game"),
    ],
)
def test_a_piece_without_its_value_is_one_line_of_advice(kuhn_pieces, monkeypatch, game, file, message):
    monkeypatch.chdir(kuhn_pieces)
    status, out, err = _cli("check", game, file)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and message in err


def test_a_general_sum_param_output_is_refused_with_the_reason(tmp_path):
    status, out, _ = _cli("solve", "beer-quiche", "--param", "taste=0..2", "--json")
    path = tmp_path / "bq.json"
    path.write_text(out)
    status, out, err = _cli("check", "beer-quiche:taste=1", str(path))
    assert status == 2 and len(err.splitlines()) == 1
    assert "general-sum game: its pieces list equilibria of the reduced strategic form" in err


def test_a_piece_at_an_irrational_end_is_picked_exactly(tmp_path):
    """One-raise poker's pieces meet at sqrt(5) - 1 = 1.2360679...: 1236/1000 lies in the piece
    below it, 1237/1000 in the one above (their formulas differ), both checked exactly."""
    status, out, _ = _cli("solve", "one-raise", "--param", "bet=0..4", "--json", "--quiet")
    path = tmp_path / "p.json"
    path.write_text(out)
    for value, k in (("1236/1000", 2), ("1237/1000", 3)):
        status, out, err = _cli("check", f"one-raise:bet={value}", str(path), "--json")
        assert status == 0 and json.loads(out)["exploitability"] == "0"
        assert f"checking piece {k} of 4" in err and "-1 + sqrt(5)" in err


def test_a_parameter_given_by_its_alias_and_formulas_read_safely(tmp_path):
    """Myerson's pieces in B are checked at myerson:bet=3 (B is the bet); a probability written as a
    formula is read exactly with the value (a decimal as the fraction it spells), and anything but
    numbers, names and + - * / ** is not evaluated."""
    status, out, _ = _cli("solve", "myerson", "--param", "B=0..10", "--json", "--quiet")
    path = tmp_path / "m.json"
    path.write_text(out)
    status, out, _ = _cli("check", "myerson:bet=3", str(path), "--json")
    assert status == 0 and json.loads(out)["exploitability"] == "0"
    status, out, _ = _cli("check", "myerson:B=3", str(path), "--json")
    assert status == 0 and json.loads(out)["players"][0]["payoff"] == "3/5"  # B/(B + 2)
    kuhn = {
        "opener": {
            "Q": {"check": "2/(bet + 2)", "bet": "0.5*bet/(bet/2 + 1)"},
            "Q:xb": {"fold": 1},
            "K": {"check": 1},
            "K:xb": {"fold": "bet/(bet + 2)", "call": "2/(bet + 2)"},
            "A": {"bet": 1},
            "A:xb": {"call": 1},
        },
        "dealer": {
            "K:x": {"check": 1},
            "K:b": {"fold": "2*bet/(bet + 2)", "call": "-(bet - 2)/(bet + 2)"},
            "A:x": {"bet": 1},
            "A:b": {"call": 1},
            "Q:x": {"check": "2/(bet + 2)", "bet": "bet/(bet + 2)"},
            "Q:b": {"fold": 1},
        },
    }
    path.write_text(json.dumps(kuhn))
    status, out, _ = _cli("check", "kuhn:bet=1/2", str(path), "--json")
    assert status == 0 and json.loads(out)["exploitability"] == "0"
    kuhn["opener"]["Q"]["bet"] = "__import__('os').getcwd()"
    path.write_text(json.dumps(kuhn))
    status, out, err = _cli("check", "kuhn:bet=1/2", str(path))
    assert status == 2 and "\"__import__('os').getcwd()\" is not a number" in err


# --------------------------------------------------------------------------- best replies off the path


def _action_payoffs(game, strategies, p: int, label: str) -> dict[str, sp.Expr]:
    """Player ``p``'s payoff for each action at his information set ``label`` when he plays, before
    it, the actions that lead there (so it is reached) and the profile elsewhere: the differences are
    his counterfactual values' differences there, the comparison a best reply at ``label`` makes."""
    from derive.sequence_form.general import game_sequence_form

    sf = game_sequence_form(game)
    info = next(i for i in game.infosets_of(p) if i.label == label)
    mine = dict(strategies[p])
    k = sf.parent[info.index]
    while sf.sequences[p][k] is not None:  # his own moves leading to the set (perfect recall)
        before, action = sf.sequences[p][k]
        earlier = game.infosets[before]
        mine[earlier.label] = {a: int(j == action) for j, a in enumerate(earlier.actions)}
        k = sf.parent[earlier.index]
    out = {}
    for a in info.actions:
        mine[label] = {b: int(b == a) for b in info.actions}
        profile = [mine, strategies[1]] if p == 0 else [strategies[0], mine]
        out[a] = profile_payoffs(behaviour_profile(game, profile))[p]
    return out


def _check_off_path_play(game, symbol, sol, extra: int = 2) -> int:
    """At the check point, the rational ends and ``extra`` more rationals of each piece: the whole
    profile has exploitability 0; every off-path action filled in is a best reply at the check point,
    and at every point where it is proved best on the whole piece.  Returns the comparisons made."""
    import random

    from derive.solving.parameters.parametric_lp import _between

    rng = random.Random(0)
    made = 0
    for piece in sol.pieces:
        points = [piece.check_point] + [e.interval[0] for e in (piece.lower, piece.upper) if e.is_rational]
        points += [_between(piece.lower, piece.upper, R(rng.randint(1, 99), 100)) for _ in range(extra)]
        for r in points:
            fixed = substitute(game, {symbol: r})
            strategies = piece.strategies_at(symbol, r, fixed)
            assert game_exploitability(behaviour_profile(fixed, strategies)) == 0
            for p in (0, 1):
                for label in piece.off_path[p]:
                    if r != piece.check_point and label not in piece.off_path_best[p]:
                        continue
                    (chosen,) = [a for a, v in strategies[p][label].items() if v == 1]
                    payoffs = _action_payoffs(fixed, strategies, p, label)
                    assert payoffs[chosen] == max(payoffs.values()), (piece.interval_text(symbol), r, label)
                    made += 1
    return made


def _rational_game(seed: int, t: sp.Symbol):
    """A random zero-sum game whose payoffs are rational functions of t, (a + b t) / (t + 3) (no pole
    for t > -3), and whose chance move is t-dependent too: player 0 sees his card and bets or checks;
    player 1, blind, calls or folds a bet, and after a check bets or checks; player 0 then calls or
    folds (a set off his path wherever he bets that card for sure)."""
    import random

    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    rng = random.Random(seed)

    def amount():
        a = (rng.randint(-3, 3) + rng.randint(-2, 2) * t) / (t + 3)
        return payoff(a, -a)

    def card(c):
        after_check = decision(
            "P1",
            "checked",
            {"bet": decision("P0", f"{c}:xb", {"call": amount(), "fold": amount()}), "check": amount()},
        )
        return decision(
            "P0",
            c,
            {"bet": decision("P1", "bet", {"call": amount(), "fold": amount()}), "check": after_check},
        )

    return extensive_form(
        ["P0", "P1"],
        chance({"a": ((t + 3) / (2 * t + 10), card("a")), "b": ((t + 7) / (2 * t + 10), card("b"))}),
        title=f"random game {seed}",
        symbols=(t,),
    )


def test_the_fills_are_best_replies_where_the_kuhn_and_five_card_pieces_say():
    bet = sp.Symbol("bet", positive=True)
    for n, k, lo, hi in ((3, 1, R(1, 4), 3), (3, 2, 0, 4), (5, 2, R(1, 10), 6)):
        game = to_extensive_form(one_card_poker(n, k, bet=bet))
        assert _check_off_path_play(game, bet, parametric_solve(game, bet, lo, hi)) > 0


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 6, 7, 8, 9, 10])  # 4 and 11: no set off a player's path
def test_the_fills_are_best_replies_in_random_games_with_rational_payoffs(seed):
    """Payoffs and a chance probability rational in t on [-2, 3]: the off-path play is found over
    the common denominator of the payoffs' and the plans' denominators, and it is a best reply (in
    seed 9 one only at its piece's check point)."""
    t = sp.Symbol("t")
    game = _rational_game(seed, t)
    sol = parametric_solve(game, t, -2, 3)
    assert _check_off_path_play(game, t, sol) > 0
    partial = sum(len(set(p.off_path[q]) - set(p.off_path_best[q])) for p in sol.pieces for q in (0, 1))
    assert partial == (1 if seed == 9 else 0)
