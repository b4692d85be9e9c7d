"""The family explorer: moving the sliders changes what is shown, exactly (issue 10, item 3)."""

from __future__ import annotations

import pytest
import sympy as sp

pytest.importorskip("ipywidgets")

from derive.games.one_card import (  # noqa: E402
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,  # noqa: E402
)
from derive.presentation.widgets import FamilyExplorer  # noqa: E402
from derive.solving.families.optimal_families import optimal_families  # noqa: E402

R = sp.Rational


def test_kuhn_alpha_slider_stays_optimal_and_delta_leaves_the_family():
    """On Kuhn's family every α in [0, 1/3] shows exploitability 0 and A:bet = 3α; any δ > 0 is exploitable."""
    explorer = FamilyExplorer(
        optimal_families(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS), 0, steps=6, draw=False
    )
    assert [v for _, v in explorer.parameter.options] == [R(k, 18) for k in range(7)]
    for _, alpha in explorer.parameter.options:
        explorer.parameter.value = alpha
        assert explorer.state["exploitability"] == 0
        assert explorer.state["plans"]["A:bet"] == 3 * alpha and explorer.state["plans"]["Q:bet"] == alpha
    explorer.off_family.value = R(1, 6)
    assert explorer.state["delta"] == R(1, 6) and explorer.state["exploitability"] > 0
    assert sum(v for k, v in explorer.state["plans"].items() if k.startswith("Q:")) == 1


def test_thesis_alpha_slider():
    """The thesis's α-family (after its stupid mistakes): A:checkraise = α, exploitability 0 along it."""
    game = to_extensive_form(one_raise_poker())
    sets = optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())
    explorer = FamilyExplorer(sets, 0, steps=4, draw=False)
    explorer.parameter.value = R(1, 2)
    assert explorer.state["plans"]["A:checkraise"] == R(1, 2) and explorer.state["exploitability"] == 0
    explorer.off_family.value = R(1, 12)
    assert explorer.state["exploitability"] > 0


def test_a_unique_strategy_has_no_slider():
    """The dealer's strategy in Kuhn poker is unique: no family to explore, one clear error."""
    with pytest.raises(ValueError, match="dimension 0, not 1"):
        FamilyExplorer(optimal_families(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS), 1)


def test_any_game_family_explorer_on_the_one_raise_game():
    """The general explorer on the one-raise game's full optimal sets (3 and 2 dimensions): zero at every
    vertex, a box point outside the set named with its constraint, and δ > 0 exploitable by exactly what an
    independent best response finds."""
    from derive.games.one_card import to_extensive_form
    from derive.presentation.widgets import GameFamilyExplorer
    from derive.sequence_form.plan_values import situation_values
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    solution = solve_zero_sum(to_extensive_form(one_raise_poker()), all_optimal=True)
    for player, dimension in ((0, 3), (1, 2)):
        explorer = FamilyExplorer(solution, player, steps=4, draw=False)
        assert isinstance(explorer, GameFamilyExplorer) and len(explorer.sliders) == dimension
        oset = solution.optimal_sets[player]
        for vertex in oset.vertices:
            for param, w in zip(oset.parameters, explorer.sliders):
                w.value = vertex[param]
            assert explorer.state["inside"] and explorer.state["exploitability"] == 0
        # the box spanned by the sliders is larger than a simplex-like set: some corner is outside
        corners = [max(v for _, v in w.options) for w in explorer.sliders]
        for w, c in zip(explorer.sliders, corners):
            w.value = c
        if not explorer.state["inside"]:
            assert explorer.state["failed"] in oset.constraints and explorer.state["exploitability"] is None
        for param, w in zip(oset.parameters, explorer.sliders):
            w.value = oset.vertices[0][param]
        explorer.off_family.value = R(1, 4)
        e = explorer.state["exploitability"]
        assert e > 0
        # independently, in the plan form: the opponent's best reply takes, in each of his situations,
        # the plan of the highest value against this strategy
        tables = situation_values(solution.game, 1 - player, explorer.state["behaviour"])
        best_reply = sum((max(v.total for v in t.values) for t in tables), sp.S.Zero)
        assert e == solution.values[player] - (solution.constant - best_reply)


def test_any_game_family_explorer_refuses_a_unique_strategy():
    """Myerson's game: Alice's optimal strategy is unique, so there is nothing to slide (one-line error)."""
    from derive.games.textbook import myerson_poker
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    with pytest.raises(ValueError, match="'Alice''s optimal strategy is unique"):
        FamilyExplorer(solve_zero_sum(myerson_poker(), all_optimal=True), 1, draw=False)
    with pytest.raises(ValueError, match="solve with all_optimal=True"):
        FamilyExplorer(solve_zero_sum(myerson_poker()), 0, draw=False)
