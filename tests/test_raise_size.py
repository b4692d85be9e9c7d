"""A raise size of its own (issue 42, item 3): ``one_card_poker(..., raise_size=...)`` and
``one-raise:raise=R``; the raise defaults to the bet, so the thesis's game is unchanged.

The value of each game is checked against Gambit's exact sequence-form LP on the same game written
as an .efg file (an outside solver reading derive's export, not derive's own solver)."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from derive.cli.run import main
from derive.formats.writer import write_efg
from derive.games.one_card import (
    Action,
    GameDefinitionError,
    one_card_poker,
    one_raise_poker,
    to_extensive_form,
)
from derive.games.registry import load_game
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification import exploitability

X, B, C, F, R = Action.CHECK, Action.BET, Action.CALL, Action.FOLD, Action.RAISE


@pytest.mark.parametrize(
    "history, cards, payoff",
    [
        ((X, X), ("Q", "K"), -1),
        ((B, C), ("A", "K"), 3),  # ante 1 + bet 2
        ((B, F), ("Q", "A"), 1),  # the dealer folds his ante
        ((B, R, F), ("A", "Q"), -3),  # the opener folds ante and bet
        ((B, R, C), ("A", "Q"), 8),  # ante 1 + bet 2 + raise 5
        ((X, B, R, C), ("Q", "K"), -8),
        ((X, B, R, F), ("Q", "K"), 3),  # the dealer folds ante and bet
    ],
)
def test_payoffs_with_a_raise_of_its_own(history, cards, payoff):
    rules = one_card_poker(3, 2, bet=2, raise_size=5)
    assert rules.payoff(cards, history) == payoff
    assert rules.max_utility == 8 and rules.name == "one-raise poker (bet 2, raise 5)"


def test_the_raise_defaults_to_the_bet():
    """Every terminal of the thesis's game pays ``ante + n bet`` (a fold: one bet fewer), as before."""
    rules = one_raise_poker()
    assert rules.raise_size == rules.bet == 1 and rules.name == "one-raise poker"
    for history in rules.betting_histories():
        if rules.is_terminal(history):
            n = rules.bets_made(history)
            expected = 1 + (n - 1 if history[-1] is F else n)
            assert abs(rules.payoff(("Q", "A"), history)) == expected
    assert load_game("one-raise:raise=1").title == "one-raise poker"
    assert load_game("one-raise:raise=2").title == "one-raise poker (bet 1, raise 2)"


def test_a_symbolic_raise():
    r = sp.Symbol("r", positive=True)
    rules = one_card_poker(3, 2, raise_size=r)
    assert rules.payoff(("Q", "K"), (X, B, R, C)) == -(2 + r)
    assert to_extensive_form(rules).symbols == (r,)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"raise_size": 0}, "raise must be positive, got 0"),
        ({"raise_size": "x"}, "raise"),
        ({"raise_size": 2000}, "raise/ante = 2000 is outside"),
    ],
)
def test_bad_raise_sizes(kwargs, message):
    with pytest.raises(GameDefinitionError, match=message):
        one_card_poker(3, 2, **kwargs)


def test_bad_raise_on_the_command_line(capsys, tmp_path):
    for spec, message in [
        ("one-raise:raise=0", "raise must be positive, got 0"),
        ("kuhn:raise=2", "kuhn has no option or parameter 'raise'"),
        ("one-raise:raise=two", "raise is an exact number"),
    ]:
        assert main(["solve", spec]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(
    "spec",
    ["one-raise:raise=1/2", "one-raise:raise=5", "one-raise:bet=2,raise=3", "one-raise:bet=1/2,raise=3"],
)
def test_values_agree_with_gambit(spec, tmp_path):
    """derive's exact value equals Gambit's exact LP on derive's own .efg export of the game, and
    Gambit's equilibrium is optimal by derive's exact exploitability."""
    game = load_game(spec)
    pytest.importorskip("pygambit")
    import gambit_api as api

    value, profile = api.lp_equilibrium(write_efg(game), tmp_path / "g.efg")
    assert solve_zero_sum(game).value == value
    assert exploitability(game, profile) == 0


def test_value_as_a_function_of_the_raise(capsys):
    """--param raise=1/2..3: one piece, the value -1/18 throughout (points checked against Gambit above)."""
    assert main(["solve", "one-raise", "--param", "raise=1/2..3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["from"], p["to"], p["value"]) for p in out["pieces"]] == [("1/2", "3", "-1/18")]
