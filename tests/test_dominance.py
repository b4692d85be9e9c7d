"""Dominated plans: Kuhn's reduction and the thesis's "stupid mistakes" (THESIS-NOTES.md).

The elimination is the general one (:func:`derive.dominance.dominated_plans` on the tree's ``Game``);
its plans are read back as the tree's plans, by player and label (both ``"K:betfold"``, the builder's
metadata labels the general plans as the thesis does), to compare with the thesis's labels.
"""

from __future__ import annotations

import pytest
import sympy as sp

from derive.dominance import dominated_plans
from derive.solving.families.optimal_families import optimal_families


@pytest.fixture(scope="module")
def raise_dominance(one_raise):
    """Iterated weak dominance in the one-raise game."""
    return dominated_plans(one_raise)


def _find(tree, result, player, label):
    """The record of ``player``'s plan labelled ``label`` (``"K:raise"``), or None if it survives."""
    plan = result.plan_form.find(player, label)
    return next((d for d in result.eliminated if d.plan == plan), None)


def test_kuhn_reduction_to_five_parameters(kuhn):
    """Iterated weak dominance leaves exactly Kuhn's five free choices (Kuhn 1950, p. 101):
    alpha (Q bet/check), beta (K call/fold), gamma (A bet/check), xi (Q bet/check), eta (K call/fold)."""
    result = dominated_plans(kuhn)
    remaining = [[p for p in result.remaining[q]] for q in (0, 1)]
    opener = sorted(p.label for p in remaining[0])
    dealer = sorted(p.label for p in remaining[1])
    assert opener == ["A:bet", "A:checkcall", "K:checkcall", "K:checkfold", "Q:bet", "Q:checkfold"]
    assert dealer == ["A:bet", "A:call", "K:call", "K:check", "K:fold", "Q:bet", "Q:check", "Q:fold"]
    situations_with_choice = [
        g
        for p in (0, 1)
        for g in {(p, s.situation) for s in remaining[p]}
        if sum((p, s.situation) == g for s in remaining[p]) == 2
    ]
    assert len(situations_with_choice) == 5


@pytest.mark.parametrize(
    "item, player, label, kind, dominator",
    [
        (1, 0, "A:checkfold", "weak", "checkcall"),
        (1, 0, "A:betfold", "weak", "betcall"),
        (1, 1, "A:betfold", "weak", "betcall"),
        (1, 1, "A:fold", "weak", "call"),
        (2, 0, "Q:checkcall", "weak", "checkfold"),
        (2, 0, "Q:betcall", "weak", "betfold"),
        (2, 1, "Q:betcall", "weak", "betfold"),
        (2, 1, "Q:call", "weak", "fold"),
        (3, 1, "A:check", "weak", "betcall"),
        (6, 0, "A:checkcall", "weak", "checkraise"),
        (7, 1, "A:call", "weak", "raise"),
    ],
)
def test_thesis_mistakes_dominated_in_the_full_game(
    one_raise, raise_dominance, item, player, label, kind, dominator
):
    """Items 1, 2, 3, 6, 7 are dominated already in the full game (round 1); 6 and 7 only weakly."""
    d = _find(one_raise, raise_dominance, player, label)
    assert d is not None, f"item {item}: {label}"
    assert (d.round, d.kind, d.dominator.name) == (1, kind, dominator)
    assert d.reason.startswith(("opener holds", "dealer holds"))


def test_betting_the_king_not_dominated_in_the_full_game(one_raise, raise_dominance):
    """Item 4: betting the king is no mistake in the full raise game (not eliminated in round 1);
    it is eliminated only later, once the opponent's mistakes are gone (rounds 2 and 4)."""
    rounds = {(d.plan.player, d.plan.label): d.round for d in raise_dominance.eliminated}
    assert rounds[(0, "K:betfold")] == 2 and rounds[(0, "K:betcall")] == 4
    assert rounds[(1, "K:betfold")] == 2 and rounds[(1, "K:betcall")] == 4


def test_raising_with_the_king_is_dominated_after_one_round(one_raise, raise_dominance):
    """Item 5: raising with the king is dominated once round-1 mistakes are removed: strictly for the opener."""
    opener = raise_dominance.find(0, "K:checkraise")
    dealer = raise_dominance.find(1, "K:raise")
    assert dealer == _find(one_raise, raise_dominance, 1, "K:raise")
    assert (opener.round, opener.kind, opener.dominator.name) == (2, "strict", "checkcall")
    assert (dealer.round, dealer.kind, dealer.dominator.name) == (2, "weak", "call")


def test_iterated_elimination_keeps_the_value_and_gives_the_thesis_family(
    one_raise, raise_dominance, thesis_sets
):
    """Removing every eliminated plan keeps the value -1/18 and leaves exactly the thesis's supports
    (optimal_families reads the general plans onto the tree by player and label)."""
    reduced = optimal_families(one_raise, exclude=raise_dominance.excluded())
    assert reduced.value == sp.Rational(-1, 18)
    assert len(reduced.excluded) == len(raise_dominance.eliminated) == 19
    for p in (0, 1):
        assert {q.label for q in raise_dominance.remaining[p]} == {
            q.label for q in thesis_sets.families[p].usable
        }


def test_strict_is_a_subset_of_weak(one_raise, raise_dominance):
    """Strict-only elimination removes a subset of what weak elimination removes, each strictly worse."""
    strict = dominated_plans(one_raise, weak=False)
    assert all(d.kind == "strict" and d.gain > 0 for d in strict.eliminated)
    weak = {(d.plan.player, d.plan.label) for d in raise_dominance.eliminated}
    assert {(d.plan.player, d.plan.label) for d in strict.eliminated} <= weak


def test_sandbagging_is_not_strictly_dominant(raise_dominance):
    """Claim (Miao 2014): checkraising the ace does not dominate betcalling it: both survive elimination."""
    survivors = {p.label for p in raise_dominance.remaining[0]}  # the opener's labels are the tree's
    assert {"A:checkraise", "A:betcall"} <= survivors
