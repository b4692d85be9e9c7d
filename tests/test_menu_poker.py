"""Poker on N cards with a menu of bet sizes (issue 43, items 1 and 4): the finite games that converge
to von Neumann's fixed bet, to bets in [L, U] and to Newman's free bet.

A menu of one size is von Neumann's N-card game (checked against the one-card solver of
:mod:`derive.continuum.limit`); small games are checked against Gambit's exact sequence-form LP on
derive's own .efg export (an outside solver), and the values approach the continuous ones
(:mod:`derive.continuum.bet_size`)."""

from __future__ import annotations

import pytest
import sympy as sp

from derive.cli.run import main
from derive.continuum.bet_size import derive_bet_size, limit_rules, von_neumann_value
from derive.continuum.rules import continuum_model
from derive.extensive_form.game import GameModelError
from derive.formats.writer import write_efg
from derive.games.menu_poker import MAX_MENU_NODES, menu_poker, menu_poker_nodes, menu_sizes
from derive.games.registry import UnknownGameError, load_game
from derive.solving.zero_sum.from_rules import solve_rules
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification import exploitability

R = sp.Rational


def value(deck, sizes, ante=1):
    return solve_zero_sum(menu_poker(deck, sizes, ante), refine="none").value


def test_the_tree():
    g = menu_poker(3, (2, 1))
    assert g.is_zero_sum and g.players == ("bettor", "caller")
    assert len(g.nodes) == menu_poker_nodes(3, 2) == 49
    assert g.infoset(0, "3").actions == ("check", "bet 1", "bet 2")
    assert g.infoset(1, "1:bet 2").actions == ("fold", "call")
    assert g.metadata["sizes"] == (1, 2) and g.metadata["deck"] == 3


@pytest.mark.parametrize(
    ("deck", "bet"), [(2, 1), (3, 1), (3, 2), (4, R(1, 2)), (5, 2), (7, 3), (10, 2), (12, 1)]
)
def test_one_size_is_von_neumanns_card_game(deck, bet):
    """The menu {B} is von Neumann's N-card game at B, as the one-card solver builds it."""
    fixed = solve_rules(continuum_model("von-neumann", bet).cards(deck), refine="none").value
    assert value(deck, (bet,)) == fixed


@pytest.mark.parametrize(
    ("deck", "sizes", "expected"),
    [
        (2, (1, 2), 0),  # each knows the other card: the high card wins the ante, whatever it does
        (3, (1, 2), R(1, 18)),
        (4, (1, 2), R(1, 12)),
        (10, (2,), R(1, 9)),
        (10, (1, 2, 4), R(17, 135)),
        (20, (1, 2, 4), R(149, 1140)),
    ],
)
def test_small_values(deck, sizes, expected):
    assert value(deck, sizes) == expected


@pytest.mark.parametrize(("deck", "sizes"), [(3, (1, 2)), (4, (1, 2)), (4, (R(1, 2), 2, 4)), (5, (1, 3))])
def test_values_agree_with_gambit(deck, sizes, tmp_path):
    """derive's exact value equals Gambit's exact LP on derive's .efg export, and Gambit's equilibrium
    has exploitability 0 in derive's verifier."""
    game = menu_poker(deck, sizes)
    pytest.importorskip("pygambit")
    import gambit_api as api

    value, profile = api.lp_equilibrium(write_efg(game), tmp_path / "menu.efg")
    assert solve_zero_sum(game).value == value
    assert exploitability(game, profile) == 0


def test_a_wider_menu_is_worth_more_and_the_values_approach_the_continuum():
    """More sizes never hurt the bettor; at 30 cards the menus {2} < {1, 2, 4} < {1/2, ..., 8} sit
    below the continuous values they approach: von Neumann's 1/9, bets in [1, 4] (25/187) and [1/2, 8]
    (41/291), all below Newman's 1/7."""
    menus = [(2,), (1, 2, 4), (R(1, 2), 1, 2, 4, 8)]
    values = [value(30, m) for m in menus]
    assert values == [R(16, 145), R(23, 174), R(5, 36)]
    assert values[0] < values[1] < values[2] < R(1, 7)
    limits = [
        von_neumann_value(2),
        derive_bet_size(limit_rules(1, 4)).value,
        derive_bet_size(limit_rules(R(1, 2), 8)).value,
    ]
    assert limits == [R(1, 9), R(25, 187), R(41, 291)]
    for v, limit in zip(values, limits):
        assert 0 < limit - v < R(1, 100)


def test_the_ante_scales_the_game():
    """Ante 1/2 with sizes halved is the same game in half-chips: half the value."""
    assert value(6, (R(1, 2), 1), R(1, 2)) == value(6, (1, 2)) / 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deck": 1}, "deck must be an integer from 2"),
        ({"deck": True}, "deck must be an integer"),
        ({"sizes": ()}, "at least one bet size"),
        ({"sizes": (1, 1)}, "given twice"),
        ({"sizes": (0, 1)}, "exact positive"),
        ({"sizes": 2}, "give a list of bet sizes"),
        ({"sizes": (1 / 3,)}, "write '1/3'"),
        ({"sizes": tuple(range(1, 14))}, "at most 12 bet sizes"),
        ({"ante": -1}, "exact positive"),
        ({"deck": 200, "sizes": (1, 2, 4, 8)}, f"at most {MAX_MENU_NODES:,}"),
    ],
)
def test_refusals(kwargs, message):
    with pytest.raises(GameModelError, match=message):
        menu_poker(**kwargs)


def test_menu_sizes_sorts_exactly():
    assert menu_sizes(["4", 0.5, 1]) == (R(1, 2), 1, 4)


def test_by_name(capsys):
    assert load_game("menu-poker:deck=4,sizes=2+1") == menu_poker(4, (1, 2))
    assert load_game("menu-poker") == menu_poker(10, (1, 2, 4))
    with pytest.raises(UnknownGameError, match="given twice"):
        load_game("menu-poker:sizes=1+1")
    assert main(["solve", "menu-poker:deck=4,sizes=1+2", "--refine", "none"]) == 0
    assert "game value to bettor: 1/12" in capsys.readouterr().out
    assert main(["solve", "menu-poker:sizes=0+1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exact positive" in err
