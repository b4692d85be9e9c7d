"""Published values, reproduced exactly from the rules.

Kuhn (1950), p. 101: value -1/18 to the opener; opener's optimal family
alpha = gamma/3, beta = (1 + gamma)/3; dealer's unique xi = eta = 1/3.
Miao (2014), "Revised Kuhn poker": value -1/18 with one raise; the dealer's
strategy and the opener's alpha-family of THESIS-NOTES.md.
"""

from __future__ import annotations

import sympy as sp

from derive.games.one_card import alpha, beta, eta, gamma, xi
from derive.solving.zero_sum.from_rules import solve

R = sp.Rational


def _by_label(plans):
    return {p.label: v for p, v in plans.items()}


def test_kuhn_value(kuhn, kuhn_sets):
    """Kuhn 1950: the opener loses 1/18 per hand (LP and family agree)."""
    assert solve(kuhn).value == R(-1, 18)
    assert kuhn_sets.value == R(-1, 18)


def test_kuhn_opener_family(kuhn_sets):
    """alpha in [0, 1/3], beta = alpha + 1/3, gamma = 3 alpha: Kuhn's family, one parameter."""
    fam = kuhn_sets.families[0]
    assert fam.parameters == (alpha,)
    assert fam.interval == sp.Interval(0, R(1, 3))
    assert fam.named[beta] == alpha + R(1, 3)
    assert fam.named[gamma] == 3 * alpha
    plans = _by_label(fam.plans)
    assert plans["Q:bet"] == alpha and plans["Q:checkfold"] == 1 - alpha
    assert plans["K:bet"] == 0 and plans["Q:checkcall"] == 0 and plans["A:checkfold"] == 0
    assert plans["A:bet"] == 3 * alpha


def test_kuhn_dealer_unique(kuhn_sets):
    """The dealer's optimal strategy is unique: xi = eta = 1/3, bet and call with A, fold Q, check K."""
    fam = kuhn_sets.families[1]
    assert fam.dimension == 0
    assert fam.named == {xi: R(1, 3), eta: R(1, 3)}
    plans = _by_label(fam.plans)
    assert plans == {
        "Q:check": R(2, 3),
        "Q:bet": R(1, 3),
        "Q:fold": 1,
        "Q:call": 0,
        "K:check": 1,
        "K:bet": 0,
        "K:fold": R(2, 3),
        "K:call": R(1, 3),
        "A:check": 0,
        "A:bet": 1,
        "A:fold": 0,
        "A:call": 1,
    }


def test_one_raise_value(one_raise, thesis_sets, one_raise_full_sets):
    """Miao 2014: allowing the raise does not change the value, -1/18."""
    assert solve(one_raise).value == R(-1, 18)
    assert thesis_sets.value == R(-1, 18)
    assert one_raise_full_sets.value == R(-1, 18)


def test_thesis_dealer_strategy(thesis_sets):
    """THESIS-NOTES.md dealer table: Q check 2/3 betfold 1/3, fold; K check, fold 2/3 call 1/3; A betcall, raise."""
    fam = thesis_sets.families[1]
    assert fam.dimension == 0
    nonzero = {k: v for k, v in _by_label(fam.plans).items() if v != 0}
    assert nonzero == {
        "Q:check": R(2, 3),
        "Q:betfold": R(1, 3),
        "Q:fold": 1,
        "K:check": 1,
        "K:fold": R(2, 3),
        "K:call": R(1, 3),
        "A:betcall": 1,
        "A:raise": 1,
    }


def test_thesis_opener_family(thesis_sets):
    """THESIS-NOTES.md opener table, alpha in [0, 1]: Q betfold (1-a)/3 checkfold (2+a)/3; K checkcall (2-a)/3
    checkfold (1+a)/3; A checkraise a, betcall 1-a."""
    fam = thesis_sets.families[0]
    assert fam.parameters == (alpha,)
    assert fam.interval == sp.Interval(0, 1)
    nonzero = {k: v for k, v in _by_label(fam.plans).items() if v != 0}
    assert nonzero == {
        "Q:betfold": (1 - alpha) / 3,
        "Q:checkfold": (2 + alpha) / 3,
        "K:checkcall": (2 - alpha) / 3,
        "K:checkfold": (1 + alpha) / 3,
        "A:checkraise": alpha,
        "A:betcall": 1 - alpha,
    }


def test_thesis_family_is_kuhns(thesis_sets, kuhn_sets):
    """With beta' = 1 - alpha the thesis's family is Kuhn's: bet A beta', bluff Q beta'/3, call K (1+beta')/3."""
    raise_plans = _by_label(thesis_sets.families[0].plans)
    kuhn_plans = _by_label(kuhn_sets.families[0].plans)
    # Kuhn's family with gamma = b is alpha_K = b/3; substitute alpha_K = (1 - alpha)/3.
    sub = {alpha: (1 - alpha) / 3}
    assert sp.expand(raise_plans["A:betcall"] - kuhn_plans["A:bet"].subs(sub)) == 0
    assert sp.expand(raise_plans["Q:betfold"] - kuhn_plans["Q:bet"].subs(sub)) == 0
    assert sp.expand(raise_plans["K:checkcall"] - kuhn_plans["K:checkcall"].subs(sub)) == 0


def test_full_one_raise_game_has_more_optimal_strategies(one_raise_full_sets, thesis_sets):
    """Without removing weakly dominated plans the optimal sets are larger (THESIS-NOTES items 6, 7):
    the opener's is 3-dimensional and contains checkcalling the ace, the dealer's is 2-dimensional."""
    opener, dealer = one_raise_full_sets.families
    assert (opener.dimension, dealer.dimension) == (3, 2)
    usable = {p.label for p in opener.usable}
    assert "A:checkcall" in usable and "A:betfold" in usable
    assert {p.label for p in dealer.usable} >= {"A:call", "A:raise"}
    # the thesis's dealer strategy is one of the full game's optimal strategies (a vertex here)
    thesis_dealer = {p: v for p, v in thesis_sets.families[1].plans.items()}
    assert any(
        all(dealer.plans[p].subs(v) == thesis_dealer.get(p, 0) for p in dealer.plans) for v in dealer.vertices
    )


def test_kuhn_payoff_in_his_letters(kuhn):
    """After Kuhn's reduction the payoff is (alpha - beta)/6 + xi (3 beta - gamma - 1)/6 + eta (gamma - 3 alpha)/6
    (Kuhn 1950); its xi- and eta-coefficients vanish exactly on the opener's family."""
    from derive.sequence_form.payoff import expected_payoff
    from derive.sequence_form.strategies import kuhn_strategies

    U = expected_payoff(kuhn, *kuhn_strategies(kuhn))
    expected = (alpha - beta) / 6 + xi * (3 * beta - gamma - 1) / 6 + eta * (gamma - 3 * alpha) / 6
    assert sp.expand(U - expected) == 0
    family = {beta: alpha + R(1, 3), gamma: 3 * alpha}
    assert sp.expand(U.coeff(xi).subs(family)) == 0
    assert sp.expand(U.coeff(eta).subs(family)) == 0
    assert sp.expand(U.subs(family)) == R(-1, 18)


def test_thesis_family_is_an_edge_of_the_full_optimal_set(one_raise_full_sets, thesis_sets):
    """The thesis's alpha-family is the edge of the opener's 3-dimensional optimal polytope joining the
    vertices "betcall the ace" (alpha = 0) and "checkraise the ace" (alpha = 1)."""
    full = one_raise_full_sets.families[0]
    thesis = thesis_sets.families[0]
    ends = [full.parameters_of(thesis.at({alpha: a})) for a in (0, 1)]
    assert all(e is not None for e in ends)
    assert all(e in full.vertices for e in ends)
    assert full.is_edge(ends[0], ends[1])
    middle = full.parameters_of(thesis.at({alpha: R(1, 2)}))
    assert middle is not None and middle not in full.vertices
    # the vertex where the ace is checkcalled is optimal but not on the thesis's family
    checkcall = next(
        v for v in full.vertices if {p.label: e.subs(v) for p, e in full.plans.items()}["A:checkcall"] == 1
    )
    assert checkcall not in ends
