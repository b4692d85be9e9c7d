"""The family explorer: moving the sliders changes what is shown, exactly (issue 10, item 3)."""

from __future__ import annotations

import pytest
import sympy as sp

pytest.importorskip("ipywidgets")

from derive.games.one_card import kuhn_poker, one_raise_poker  # noqa: E402
from derive.games.one_card_tree import build_tree  # noqa: E402
from derive.presentation.widgets import FamilyExplorer  # noqa: E402
from derive.sequence_form.strategies import (  # noqa: E402
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    thesis_excluded_plans,
)
from derive.solving.families.optimal_families import optimal_families  # noqa: E402

R = sp.Rational


def test_kuhn_alpha_slider_stays_optimal_and_delta_leaves_the_family():
    """On Kuhn's family every α in [0, 1/3] shows exploitability 0 and A:bet = 3α; any δ > 0 is exploitable."""
    explorer = FamilyExplorer(
        optimal_families(build_tree(kuhn_poker()), KUHN_PARAMETERS), 0, steps=6, draw=False
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
    game = build_tree(one_raise_poker())
    sets = optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())
    explorer = FamilyExplorer(sets, 0, steps=4, draw=False)
    explorer.parameter.value = R(1, 2)
    assert explorer.state["plans"]["A:checkraise"] == R(1, 2) and explorer.state["exploitability"] == 0
    explorer.off_family.value = R(1, 12)
    assert explorer.state["exploitability"] > 0


def test_a_unique_strategy_has_no_slider():
    """The dealer's strategy in Kuhn poker is unique: no family to explore, one clear error."""
    with pytest.raises(ValueError, match="dimension 0, not 1"):
        FamilyExplorer(optimal_families(build_tree(kuhn_poker()), KUHN_PARAMETERS), 1)
