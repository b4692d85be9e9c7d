"""Scale: decks of 2 to 52 cards and 0 to 6 bets, solved exactly and certified."""

from __future__ import annotations

import pytest

from derive.games.one_card import GameTooLargeError, one_card_poker, to_extensive_form
from derive.solving.zero_sum.from_rules import solve
from derive.verification import best_response


@pytest.mark.parametrize(
    "n, k",
    [(2, 0), (2, 1), (2, 6), (3, 0), (13, 3), (52, 0), (52, 2), pytest.param(52, 6, marks=pytest.mark.slow)],
)
def test_solved_and_certified(n, k):
    """The value is certified by derive.verification's plan-form best responses (independent of the LP's certificate).

    With two cards each player knows the other's card, so neither can gain: value 0; with no bets
    the showdown is symmetric: value 0."""
    game = to_extensive_form(one_card_poker(n, k))
    eq = solve(game)
    assert best_response(game, eq.strategies[0]).value == eq.value
    assert best_response(game, eq.strategies[1]).value == eq.value
    if n == 2 or k == 0:
        assert eq.value == 0
    else:
        assert eq.value < 0  # the dealer's positional advantage


def test_too_large_refused_before_work():
    """A game beyond the node limit is refused at once with the node count."""
    with pytest.raises(GameTooLargeError, match="more than the limit"):
        one_card_poker(1000, 6).require_size()
    assert one_card_poker(52, 6).num_nodes == 103_429
