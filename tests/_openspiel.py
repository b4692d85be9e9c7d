"""OpenSpiel, the outside reference for poker games: loading it, and reading its games into derive."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from derive.extensive_form.build import chance, decision, extensive_form, payoff


def openspiel():
    """``(pyspiel, sequence_form_lp)``; skips without OpenSpiel, but fails in CI (a test dependency there)."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import sequence_form_lp
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("OpenSpiel is a test dependency and must be installed in CI")
        pytest.skip("OpenSpiel (open-spiel, cvxpy, ecos) not installed")
    return pyspiel, sequence_form_lp


def from_openspiel(pyspiel, os_game):
    """OpenSpiel's game as a derive Game, by walking its states; information sets keep OpenSpiel's strings.

    Chance probabilities and returns come as floats from OpenSpiel; they are read as the simplest
    fractions within 1e-9 (1/3, 2/5 ...), and the walk checks that each node's probabilities sum to 1.
    """

    def exact(x: float) -> Fraction:
        q = Fraction(x).limit_denominator(10_000)
        assert abs(float(q) - x) < 1e-9
        return q

    def subtree(state):
        if state.is_terminal():
            return payoff(*[exact(r) for r in state.returns()])
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            probs = {a: exact(p) for a, p in outcomes}
            assert sum(probs.values()) == 1
            return chance(
                {
                    state.action_to_string(pyspiel.PlayerId.CHANCE, a): (probs[a], subtree(state.child(a)))
                    for a, _ in outcomes
                }
            )
        p = state.current_player()
        return decision(
            p,
            state.information_state_string(p),
            {str(a): subtree(state.child(a)) for a in state.legal_actions()},
        )

    return extensive_form(["player 0", "player 1"], subtree(os_game.new_initial_state()))
