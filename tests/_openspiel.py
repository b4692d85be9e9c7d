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


def openspiel_nash_conv(game, strategies, path) -> float:
    """OpenSpiel's NashConv (floats) of a derive behaviour profile, any number of players.

    The game is written as a Gambit file with derive's writer and read back by OpenSpiel's
    ``efg_game``; the two trees are walked together (chance outcomes in the same order, actions
    matched by their names: OpenSpiel numbers the distinct action names of the whole game and lists
    a state's legal actions by number), each terminal's returns checked against derive's payoffs, and
    each information state of OpenSpiel given derive's probabilities (floats) for its information set.
    """
    pyspiel, _ = openspiel()
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import exploitability

    from derive.formats.writer import write_efg

    path.write_text(write_efg(game))
    os_game = pyspiel.load_game("efg_game", {"filename": str(path)})
    table = os_policy.TabularPolicy(os_game)
    stack = [(os_game.new_initial_state(), 0)]
    while stack:
        state, node = stack.pop()
        here = game.nodes[node]
        if state.is_terminal():
            assert max(abs(r - float(u)) for r, u in zip(state.returns(), game.payoffs[node])) < 1e-12
            continue
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            assert len(outcomes) == len(here.children)
            stack.extend((state.child(a), c) for a, c in zip(outcomes, here.children))
            continue
        info = game.infosets[here.infoset]
        dist = strategies[info.player][info.label]
        ids = {state.action_to_string(a): a for a in state.legal_actions()}
        assert sorted(ids) == sorted(info.actions)
        row = table.policy_for_key(state.information_state_string())
        row[:] = 0.0
        for action, child in zip(info.actions, here.children):
            row[ids[action]] = float(dist[action])
            stack.append((state.child(ids[action]), child))
    return exploitability.nash_conv(os_game, table)
