"""Dominance in any two-player game: reduced strategies and iterated elimination, against Kuhn's analysis."""

from __future__ import annotations

import pytest

from derive.dominance.general import dominated_strategies, reduced_strategies
from derive.extensive_form import NotSupportedError, decision, extensive_form, payoff
from derive.games.registry import load_game
from derive.sequence_form.general import game_sequence_form


def _plans(strategies):
    """Each reduced strategy as {information set: action}."""
    return [dict(s.choices) for s in strategies]


def test_kuhn_reduced_strategies():
    """Kuhn poker: the opener has 3 reduced strategies per card (27), the dealer 4 per card (64)."""
    sf = game_sequence_form(load_game("kuhn"))
    assert [len(reduced_strategies(sf, p)) for p in (0, 1)] == [27, 64]


@pytest.mark.parametrize("name", ["kuhn", "one-raise"])
def test_weak_elimination_leaves_kuhns_parameters(name):
    """Iterated weak dominance leaves exactly Kuhn's free choices (Kuhn 1950, p. 100; Miao 2014's family):
    opener Q bet or checkfold, K checkfold or checkcall, A bet or check-and-call/raise (8);
    dealer Q checked to check or bet, K bet to fold or call (4)."""
    result = dominated_strategies(load_game(name), weak=True)
    opener, dealer = (_plans(r) for r in result.remaining)
    assert len(opener) == 8 and len(dealer) == 4
    assert {s["Q"] for s in opener} == {"check", "bet"}
    assert all(s.get("Q:xb", "fold") == "fold" and s["K"] == "check" for s in opener)
    assert {s["K:xb"] for s in opener} == {"fold", "call"}
    assert {s["Q:x"] for s in dealer} == {"check", "bet"} and {s["K:b"] for s in dealer} == {"fold", "call"}
    assert all(s["A:x"] == "bet" and s["Q:b"] == "fold" and s["K:x"] == "check" for s in dealer)


def test_nothing_is_strictly_dominated_in_kuhn_poker():
    """In the reduced strategic form every dominance in Kuhn poker is weak (ties where the bet is not made)."""
    assert dominated_strategies(load_game("kuhn")).removed == ()


def test_strict_dominance_with_witness():
    """A dominated row is removed in round 1, and the column it made attractive in round 2."""
    g = extensive_form(
        ["row", "col"],
        decision(
            "row",
            "r",
            {
                "top": decision("col", "c", {"left": payoff(3, 1), "right": payoff(1, 0)}),
                "bottom": decision("col", "c", {"left": payoff(2, 0), "right": payoff(0, 2)}),
            },
        ),
    )
    result = dominated_strategies(g)
    assert [(d.strategy.label, d.dominator.label, d.kind, d.round) for d in result.removed] == [
        ("r: bottom", "r: top", "strict", 1),
        ("c: right", "c: left", "strict", 2),
    ]
    assert result.removed[0].witness.label in ("c: left", "c: right")


def test_three_players_are_refused():
    """Dominance is computed for two-player games; three players: one line."""
    g = extensive_form(["A", "B", "C"], decision("A", "a", {"x": payoff(1, 0, 0), "y": payoff(0, 1, 0)}))
    with pytest.raises(NotSupportedError, match="two-player"):
        dominated_strategies(g)


def test_dominance_by_a_mixed_strategy():
    """Row's middle strategy (1, 1) is strictly dominated by 1/2 top (3, 0) + 1/2 bottom (0, 3), though by
    no pure strategy (Myerson 1991, section 3.1); the exact mixture is reported."""

    def col(a, b):
        return decision("Col", "c", {"left": payoff(a, -a), "right": payoff(b, -b)})

    g = extensive_form(
        ["Row", "Col"], decision("Row", "r", {"top": col(3, 0), "middle": col(1, 1), "bottom": col(0, 3)})
    )
    assert dominated_strategies(g).removed == ()
    result = dominated_strategies(g, mixed=True)
    assert result.mixed
    assert [(d.strategy.label, d.dominator_label) for d in result.removed] == [
        ("r: middle", "1/2 [r: top] + 1/2 [r: bottom]")
    ]


def test_mixed_dominance_is_skipped_for_large_games_and_says_so():
    """The one-raise game has 125 x 729 reduced strategies: mixed dominators are not searched."""
    result = dominated_strategies(load_game("one-raise"), mixed=True)
    assert not result.mixed and result.removed == ()
