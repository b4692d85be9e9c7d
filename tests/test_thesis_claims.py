"""Each claim of Miao (2014) checked from the rules (THESIS-NOTES.md, "Claims of the abstract").

Where derive finds more than the thesis states, the test asserts what is true;
docs/thesis-differences.md says where and why.
"""

from __future__ import annotations

import sympy as sp

from derive.games.one_card import Action, alpha
from derive.sequence_form.payoff import bilinear_payoff, plan_values
from derive.sequence_form.strategies import plan_symbol

R = sp.Rational


def test_raise_does_not_change_the_value(kuhn_sets, one_raise_full_sets):
    """ "Allowing the raise does not change the value": -1/18 in both games."""
    assert kuhn_sets.value == one_raise_full_sets.value == R(-1, 18)


def test_optimal_strategy_similar_to_kuhns(thesis_sets):
    """ "The optimal strategy is very similar to Kuhn's": the dealer plays Kuhn's xi = eta = 1/3,
    and the opener bluffs Q with a third of the probability he bets A, as in Kuhn's family."""
    plans = {p.label: v for p, v in thesis_sets.families[0].plans.items()}
    assert sp.expand(plans["Q:betfold"] - plans["A:betcall"] / 3) == 0
    dealer = {p.label: v for p, v in thesis_sets.families[1].plans.items()}
    assert dealer["Q:betfold"] == R(1, 3) and dealer["K:call"] == R(1, 3)


def test_opener_expected_values(one_raise, thesis_sets):
    """The thesis's per-card values, plus the one the text lost: betfolding the ace earns 7/6 too."""
    U = bilinear_payoff(one_raise)
    dealer = {plan_symbol(p): v for p, v in thesis_sets.families[1].plans.items()}
    values = {p.label: v for p, v in plan_values(U, 0, dealer).items()}
    assert values["A:betfold"].total == R(7, 6)
    assert values["A:betfold"].by_card == {"Q": 1, "K": R(4, 3)}
    assert values["K:checkfold"].by_card == {"Q": R(1, 3), "A": -1}


def test_dealer_cannot_gain_against_the_family(one_raise, thesis_sets):
    """Every dealer plan against the opener's family, as functions of alpha: the equilibrium plans are
    best in each situation for all alpha in [0, 1], and the dealer's best-response value is +1/18."""
    U = bilinear_payoff(one_raise)
    opener = {plan_symbol(p): v for p, v in thesis_sets.families[0].plans.items()}
    values = plan_values(U, 1, opener)
    chosen = {p.label for p, v in thesis_sets.families[1].plans.items() if v != 0}
    total = sp.S.Zero
    for situation in thesis_sets.plan_form.situations[1]:
        plans = [p for p in values if p.situation == situation.label]
        best = [p for p in plans if p.label in chosen]
        for b in best:
            for p in plans:
                gap = sp.expand(values[b].total - values[p].total)
                # linear in alpha: non-negative at both ends means non-negative on [0, 1]
                assert gap.subs(alpha, 0) >= 0 and gap.subs(alpha, 1) >= 0, (b.label, p.label)
        total += values[best[0]].total
    assert sp.expand(total / 3) == R(1, 18)
    assert sp.expand(values[next(p for p in values if p.label == "K:raise")].total) == 7 * alpha / 6 - R(7, 6)


def _calls_a_raise_with(game, plan):
    """Whether the plan (the family's general plan) calls a raise (facing bet number >= 2) with its card:
    a call at an information set whose history (its label's letters) has two bets or more."""
    rules = game.metadata["rules"]
    for label, action in plan.choices:
        history = tuple(Action.from_letter(c) for c in label.partition(":")[2])
        if action == Action.CALL.value and rules.bets_made(history) >= 2:
            return True
    return False


def test_raises_are_called_only_with_the_ace(one_raise, one_raise_full_sets):
    """ "A raise is called only with the ace": no optimal strategy of either player, in the full
    game, gives positive probability to a plan that calls a raise with Q or K."""
    for fam in one_raise_full_sets.families:
        callers = {p.label.split(":")[0] for p in fam.usable if _calls_a_raise_with(one_raise, p)}
        assert callers == {"A"}


def test_sandbagging_is_optimal_but_not_necessary(one_raise_full_sets, thesis_sets):
    """ "Sandbagging is not strictly dominant": alpha = 0 (never checkraise) and alpha = 1 are both optimal,
    and checkcalling the ace (no raise at all) is optimal too in the full game."""
    assert thesis_sets.families[0].interval == sp.Interval(0, 1)
    opener = one_raise_full_sets.families[0]
    vertex = next(
        v
        for v in opener.vertices
        if opener.plans[next(p for p in opener.plans if p.label == "A:checkcall")].subs(v) == 1
    )
    assert vertex is not None
