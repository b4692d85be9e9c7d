"""The value and optimal strategies as closed-form functions of the bet size b (ante 1)."""

from __future__ import annotations

import pytest
import sympy as sp

from derive.figures import draw_value_curves, save_figure
from derive.games.one_card import KUHN_PARAMETERS, alpha, beta, eta, gamma, xi
from derive.solving.parameters.parametric import b, bet_size_analysis

R = sp.Rational


@pytest.fixture(scope="module")
def kuhn_b():
    """Kuhn poker with bet b."""
    return bet_size_analysis(3, 1, named=KUHN_PARAMETERS)


def test_kuhn_value_closed_form(kuhn_b):
    """v(b) = -b^2/(6(b+2)) for b <= 1, b(b-2)/(6(b+2)) for 1 <= b <= 2, 0 beyond; -1/18 at b = 1."""
    pieces = kuhn_b.pieces
    assert [(p.lower, p.upper) for p in pieces] == [(0, 1), (1, 2), (2, sp.oo)]
    assert sp.simplify(pieces[0].value + b**2 / (6 * (b + 2))) == 0
    assert sp.simplify(pieces[1].value - b * (b - 2) / (6 * (b + 2))) == 0
    assert pieces[2].value == 0
    assert kuhn_b.value_at(1) == R(-1, 18)
    assert kuhn_b.checked >= 30  # each piece compared with the numeric solver at sample and random b


def test_kuhn_strategies_as_functions_of_b(kuhn_b):
    """For b < 1: the opener bets A always and bluffs Q with b/(b+2); the dealer bluffs Q with b/(b+2) and
    calls with K with (2-b)/(b+2) -- at b = 1 these are Kuhn's 1/3 and 1/3."""
    opener, dealer = kuhn_b.pieces[0].families
    assert opener.named[gamma] == 1
    assert sp.simplify(opener.named[alpha] - b / (b + 2)) == 0
    assert sp.simplify(opener.named[beta] - 2 / (b + 2)) == 0
    assert sp.simplify(dealer.named[xi] - b / (b + 2)) == 0
    assert sp.simplify(dealer.named[eta] - (2 - b) / (b + 2)) == 0
    assert dealer.named[xi].subs(b, 1) == R(1, 3) and dealer.named[eta].subs(b, 1) == R(1, 3)
    # for 1 < b < 2 the opener never bets
    mid_opener = kuhn_b.pieces[1].families[0]
    assert mid_opener.named[alpha] == 0 and mid_opener.named[gamma] == 0


def test_one_raise_value_equals_kuhns_for_every_bet_size(kuhn_b):
    """The raise changes the value for no bet size: the one-raise game has the same v(b)."""
    raise_b = bet_size_analysis(3, 2)
    assert [(p.lower, p.upper) for p in raise_b.pieces] == [(p.lower, p.upper) for p in kuhn_b.pieces]
    for a, c in zip(raise_b.pieces, kuhn_b.pieces):
        assert sp.simplify(a.value - c.value) == 0


def test_four_cards_closed_form():
    """N = 4, one bet: breakpoints 1/2, 2 and 4, each piece verified against the solver."""
    res = bet_size_analysis(4, 1)
    assert [p.lower for p in res.pieces] == [0, R(1, 2), 2, 4]
    assert res.value_at(1) == R(-1, 24)
    assert res.pieces[-1].value == 0


def test_value_curve_figure(kuhn_b, tmp_path):
    """The figure draws the closed form with its breakpoints and saves byte-identically."""
    fig = draw_value_curves({"Kuhn poker": (kuhn_b.value, [1, 2])}, b, b_max=4)
    gids = {t.get_gid() for t in fig.axes[0].texts}
    assert {"break:0:1", "break:0:2", "formula"} <= gids
    save_figure(fig, tmp_path / "a.png")
    save_figure(fig, tmp_path / "b.png")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
