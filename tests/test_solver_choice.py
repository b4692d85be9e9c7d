"""The front door's choice of solver (derive.solving.choice), one game per route."""

from __future__ import annotations

import pytest

from derive.games.registry import load_game
from derive.solving.choice import Route, choose_solver


@pytest.mark.parametrize(
    "name, route, reason",
    [
        ("three-card-poker", Route.DECISION_PROBLEM, None),
        ("kuhn", Route.ZERO_SUM, None),
        ("beer-quiche", Route.STRATEGIC_FORM, None),
        ("rake-poker", Route.SEQUENCE_FORM, "more than 64 strategies of a player"),
        ("selten-horse", Route.SUPPORT_ENUMERATION, None),
        ("kuhn3", Route.CFR_FAMILIES, "pure strategy profiles"),
    ],
)
def test_each_route(name, route, reason):
    """Each built-in game goes where `derive solve` sends it; a fallback route says why."""
    choice = choose_solver(load_game(name))
    assert choice.route is route
    if reason is None:
        assert choice.reason is None
    else:
        assert reason in choice.reason
