"""The thesis's claim on raises, settled exactly for more raises and larger decks."""

from __future__ import annotations

import pytest
import sympy as sp

from derive.games.one_card import one_card_poker, to_extensive_form
from derive.solving.families.optimal_families import optimal_families
from derive.solving.zero_sum.analysis import calls_a_raise, raise_callers, raise_table
from derive.verification import strategy_exploitability


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_three_cards_raise_called_only_with_the_ace(k):
    """Miao 2014: "however many raises are allowed, a raise is called only with the ace" holds for
    N = 3, k = 2..6 -- and on the path of play no raise is ever called (raises are made only with A)."""
    r = raise_callers(to_extensive_form(one_card_poker(3, k)))
    assert r.value == sp.Rational(-1, 18)
    assert r.plan_callers == (frozenset({"A"}), frozenset({"A"}))
    assert r.callers == (frozenset(), frozenset())
    assert r.only_top_card


@pytest.mark.parametrize(
    "n, k, opener, dealer",
    [
        (4, 2, set(), {"3", "4"}),
        (5, 2, {"5"}, {"4", "5"}),
        (8, 2, {"7"}, {"6", "7", "8"}),
        (10, 3, {"8", "9"}, {"7", "8", "9", "10"}),
    ],
)
def test_larger_decks_call_raises_without_the_top_card(n, k, opener, dealer):
    """With N >= 4 the claim fails: optimal play calls raises with lower cards, on the path of play."""
    r = raise_callers(to_extensive_form(one_card_poker(n, k)))
    assert r.callers == (frozenset(opener), frozenset(dealer))
    assert not r.only_top_card


def test_four_card_counterexample_checked_independently():
    """N = 4, k = 2: an optimal dealer strategy (from the certified family) calls a raise with 3, and
    derive.verification confirms it is optimal (exploitability 0)."""
    game = to_extensive_form(one_card_poker(4, 2))
    sets = optimal_families(game)
    dealer = sets.families[1]
    calling = [p for p in dealer.usable if p.label.startswith("3:") and calls_a_raise(game, p)]
    assert calling
    vertex = next(v for v in dealer.vertices if any(dealer.plans[p].subs(v) > 0 for p in calling))
    plans = {p: sp.Rational(e.subs(vertex)) for p, e in dealer.plans.items()}
    y = sets.plan_form.behaviour_strategy(1, plans)
    assert strategy_exploitability(game, y, sets.value, player=1) == 0


def test_raise_table_markdown():
    """The docs table: one row per game, with the verdict."""
    table = raise_table([(3, 2), (4, 2)])
    assert "| 3 | 2 | -1/18 | opener: none; dealer: none | yes |" in table
    assert "| 4 | 2 | -5/128 | opener: none; dealer: 3, 4 | **no** (top card is 4) |" in table
