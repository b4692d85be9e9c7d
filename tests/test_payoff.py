"""The bilinear payoff: bilinearity, and three independent derivations that must agree."""

from __future__ import annotations

import itertools

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.games.one_card import one_card_poker, to_extensive_form
from derive.sequence_form import plan_form
from derive.sequence_form.payoff import bilinear_payoff, expected_payoff, plan_values
from derive.sequence_form.strategies import BehaviourStrategy, plan_symbol


def _same_player_products(expr, symbols):
    poly = sp.Poly(expr, *symbols)
    return [m for m in poly.monoms() if sum(m) > 1]


def test_bilinear(kuhn, one_raise):
    """U(x, y) has no product of two variables of the same player, and every term is x_i * y_j."""
    for game in (kuhn, one_raise):
        U = bilinear_payoff(game)
        assert _same_player_products(U.expression, U.symbols(0)) == []
        assert _same_player_products(U.expression, U.symbols(1)) == []
        poly = sp.Poly(U.expression, *U.symbols(0), *U.symbols(1))
        assert all(sum(m) == 2 for m in poly.monoms())


def test_payoff_equals_plan_and_sequence_forms(one_raise):
    """U equals x^T P y (plan form) and x^T A y (sequence form) symbolically."""
    U = bilinear_payoff(one_raise)
    pf = plan_form(one_raise)
    x = sp.Matrix([plan_symbol(p) for p in pf.plans[0]])
    y = sp.Matrix([plan_symbol(p) for p in pf.plans[1]])
    assert sp.expand((x.T * pf.matrix() * y)[0] - U.expression) == 0
    # the general sequence form of the same game, its realization variables written in plan probabilities
    from derive.sequence_form.general import game_sequence_form
    from derive.sequence_form.strategies import realization_in_plans

    sf = game_sequence_form(one_raise)
    realization = {}
    for p in (0, 1):
        for k, symbol in enumerate(sf.plan_symbols(p)):
            seq = sf.sequences[p][k]
            if seq is None:
                realization[symbol] = sp.S.One
            else:
                info = sf.all_infosets()[seq[0]]
                realization[symbol] = realization_in_plans(one_raise, p, (info.label, info.actions[seq[1]]))
    assert sp.expand(sf.bilinear_payoff(0).subs(realization) - U.expression) == 0


def _random_strategy(game, player, draw):
    probs = {}
    for info in game.infosets_of(player):
        weights = [draw(st.integers(0, 4)) for _ in info.actions]
        if sum(weights) == 0:
            weights[0] = 1
        total = sum(weights)
        probs[info.label] = {a: sp.Rational(w, total) for a, w in zip(info.actions, weights)}
    return BehaviourStrategy(player, probs)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), n=st.integers(2, 4), k=st.integers(0, 3))
def test_expected_payoff_agrees_with_bilinear_form(data, n, k):
    """For random exact behaviour profiles, the direct walk over the game equals U at their plan probabilities."""
    game = to_extensive_form(one_card_poker(n, k))
    x = _random_strategy(game, 0, data.draw)
    y = _random_strategy(game, 1, data.draw)
    U = bilinear_payoff(game)
    subs = {plan_symbol(p): v for p, v in x.plan_probabilities(game).items()}
    subs.update({plan_symbol(p): v for p, v in y.plan_probabilities(game).items()})
    assert expected_payoff(game, x, y) == U.expression.subs(subs)


def test_symbolic_bet_payoff_is_bilinear():
    """With a symbolic bet b the payoff stays bilinear in the plan variables, coefficients in b."""
    b = sp.Symbol("b", positive=True)
    game = to_extensive_form(one_card_poker(3, 2, bet=b))
    U = bilinear_payoff(game)
    assert U.expression.has(b)
    assert _same_player_products(U.expression, U.symbols(0)) == []


def test_plan_values_match_thesis_table(one_raise, thesis_sets):
    """Per-card expected values against the thesis's dealer (THESIS-NOTES.md table, Miao 2014)."""
    U = bilinear_payoff(one_raise)
    dealer = {plan_symbol(p): v for p, v in thesis_sets.families[1].plans.items()}
    values = {p.label: v.total for p, v in plan_values(U, 0, dealer).items()}
    R = sp.Rational
    expected = {
        "Q:betfold": -1,
        "Q:checkfold": -1,
        "K:checkcall": R(-1, 3),
        "K:checkfold": R(-1, 3),
        "K:checkraise": R(-5, 6),
        "K:betfold": R(-1, 2),
        "K:betcall": -1,
        "A:checkraise": R(7, 6),
        "A:betcall": R(7, 6),
        "A:checkcall": R(7, 6),
        "A:checkfold": R(2, 3),
    }
    for label, value in expected.items():
        assert values[label] == value, label


def test_situation_groups_partition_plans(kuhn):
    """Each player's plans are partitioned by situation: 3 for the opener, 6 for the dealer in Kuhn poker."""
    pf = plan_form(kuhn)
    for player, count in ((0, 3), (1, 6)):
        groups = pf.groups[player]
        assert len(groups) == count
        assert sorted(itertools.chain(*groups)) == list(range(len(pf.plans[player])))
