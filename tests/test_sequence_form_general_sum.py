"""Two-player general-sum games in the sequence form (issue 24, item 3): Lemke's method and every extreme
equilibrium, against the reduced strategic form, Gambit and OpenSpiel.

References: the strategic-form enumeration of :mod:`derive.solving.general_sum.two_player` (itself
checked against Gambit's ``enummixed_solve`` in ``test_general_sum.py``), Gambit's ``max_regret()``
(exact rationals), OpenSpiel's NashConv (its ``efg_game`` reader), and the zero-sum LP of
:mod:`derive.solving.zero_sum.from_rules` for one-card poker without a rake.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
import sympy as sp

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402
from _openspiel import openspiel_nash_conv  # noqa: E402
from test_catalog import CATALOG, FILES, _behaviour_profile, _gambit, _name, _strategy_profile  # noqa: E402

from derive.cli import main  # noqa: E402
from derive.formats import read_game  # noqa: E402
from derive.games.one_card import kuhn_poker, one_card_poker, to_extensive_form  # noqa: E402
from derive.games.registry import load_game  # noqa: E402
from derive.solving.general_sum.sequence_form import (  # noqa: E402
    lemke_equilibrium,
    sequence_form_extreme_equilibria,
)
from derive.solving.general_sum.two_player import all_equilibria  # noqa: E402

R = sp.Rational

GAMES = [
    p for p in FILES if (g := read_game(p)).num_players == 2 and g.has_perfect_recall and not g.is_symbolic
]


def _key(plans) -> tuple:
    """A pair of realization plans as a hashable key (zero entries left out)."""
    return tuple(tuple(sorted((k, Fraction(str(v))) for k, v in plan.items() if v != 0)) for plan in plans)


@pytest.mark.parametrize("path", GAMES, ids=_name)
def test_sequence_form_agrees_with_the_strategic_form(path):
    """Every extreme equilibrium of the sequence form is, as realization plans, an extreme equilibrium
    of the reduced strategic form (which may list more: several mixed strategies can give one plan,
    and a vertex there need not be one in plans); both give the same payoff range for each player
    (a bilinear payoff's extremes over the equilibria lie at extreme ones); Lemke's method from the
    uniform prior and from two random ones ends at one of them; each has Gambit max_regret() == 0."""
    game = read_game(path)
    ours = sequence_form_extreme_equilibria(game)
    strategic = all_equilibria(game)
    assert ours.equilibria
    keys = {_key(e.plans) for e in ours.equilibria}
    assert keys <= {_key(e.plans) for e in strategic.extreme}
    for p in (0, 1):
        values = [e.payoffs[p] for e in ours.equilibria]
        assert (min(values), max(values)) == strategic.payoff_range(p)
    for seed in (None, 0, 1):
        found = lemke_equilibrium(game, seed=seed)
        assert found.nash_conv == 0 and _key(found.plans) in keys
    gambit_game = _gambit(path)
    build = _behaviour_profile if api.is_tree(gambit_game) else _strategy_profile
    for e in ours.equilibria:
        assert build(game, gambit_game, list(e.plans)).max_regret() == 0


def test_a_tied_prior_whose_path_ends_on_a_ray_gives_way_to_a_random_one():
    """Shapley (1974), fig. 3: against the uniform prior both players have two best replies, and the
    path from the pair that breaks the ties by each other's replies ends on a ray (the other such pair
    starts it); the random prior of seed 0 then reaches an equilibrium, and says why it was used."""
    game = read_game(CATALOG / "journals/other/shapley1974/fig3.nfg")
    found = lemke_equilibrium(game)
    assert found.prior == "random, seed 0 (the uniform prior leaves a player two best replies)"
    assert found.nash_conv == 0
    assert _key(found.plans) in {_key(e.plans) for e in sequence_form_extreme_equilibria(game).equilibria}


def test_lemke_finds_the_value_of_zero_sum_one_card_poker():
    """Without a rake, Lemke's equilibrium pays the game value of the zero-sum LP: Kuhn poker -1/18
    (Kuhn 1950), and the 13-card game with a raise its LP value."""
    from derive.solving.zero_sum.from_rules import solve_rules

    assert lemke_equilibrium(to_extensive_form(kuhn_poker())).payoffs == (R(-1, 18), R(1, 18))
    rules = one_card_poker(13, 2)
    value = solve_rules(rules, refine="none").value
    assert lemke_equilibrium(to_extensive_form(rules)).payoffs == (value, -value)


def test_rake_poker_gets_an_exact_equilibrium(tmp_path):
    """One-card poker with 13 cards, a bet and a raise, the house taking 1/20 of the pot at showdown:
    general-sum, its reduced strategic form 1,220,703,125 x 2,541,865,828,329; Lemke's method in the
    sequence form (92 + 92 sequences) gives an exact equilibrium, with exact NashConv 0 and OpenSpiel's
    NashConv below 1e-12; the players lose to the house together."""
    game = load_game("rake-poker")
    assert not game.is_constant_sum
    found = lemke_equilibrium(game)
    assert found.nash_conv == 0 and found.prior == "uniform"
    assert found.payoffs == (R(-9613783, 81065400), R(142457, 12159810))
    assert sum(found.payoffs) < 0
    assert openspiel_nash_conv(game, list(found.strategies), tmp_path / "rake.efg") < 1e-12


def test_derive_solve_rake_poker():
    """The command line sends rake-poker to the sequence form and prints the same equilibrium."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "rake-poker", "--json", "--quiet"], out=out, err=err) == 0
    doc = json.loads(out.getvalue())
    assert not doc["all_extreme"] and len(doc["equilibria"]) == 1
    (equilibrium,) = doc["equilibria"]
    assert equilibrium["payoffs"] == ["-9613783/81065400", "142457/12159810"]
    assert equilibrium["nash_conv"] == "0"
    out = io.StringIO()
    assert main(["solve", "rake-poker", "--quiet"], out=out, err=err) == 0
    text = out.getvalue()
    assert "more than 64 strategies of a player" in text and "Lemke's method in the sequence form" in text
    assert "payoffs (-9613783/81065400, 142457/12159810)" in text and "exact NashConv 0" in text
