"""Each choice's value against a fixed opponent (derive.sequence_form.choice_values), checked against
the plan-by-plan values (derive.sequence_form.plan_values) where plans can be listed, and against the
game value on Leduc hold'em, where they cannot."""

from __future__ import annotations

import random

import pytest
import sympy as sp

from derive.games.registry import load_game
from derive.sequence_form.choice_values import choice_values
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.plan_values import situation_values
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum


def _random_behaviour(game, player: int, seed: int) -> dict[str, dict[str, sp.Rational]]:
    rng = random.Random(seed)
    out = {}
    for info in game.infosets_of(player):
        weights = [rng.randint(0, 3) for _ in info.actions]
        if not any(weights):
            weights[0] = 1
        total = sum(weights)
        out[info.label] = {a: sp.Rational(w, total) for a, w in zip(info.actions, weights)}
    return out


@pytest.mark.parametrize("name", ["kuhn", "one-raise", "myerson", "reiley", "beer-quiche"])
@pytest.mark.parametrize("seed", range(3))
def test_a_situation_s_choice_is_worth_its_best_plan(name, seed):
    """At a situation, V(S, a) is the largest total of the plans of S that begin with a."""
    game = load_game(name)
    sf = game_sequence_form(game)
    for p in (0, 1):
        opponent = _random_behaviour(game, 1 - p, seed)
        values = {(v.infoset, v.action): v for v in choice_values(sf, p, opponent)}
        for sv in situation_values(game, p, opponent):
            if sv.situation is None:
                continue
            label = sv.situation if isinstance(sv.situation, str) else sv.situation.label
            for a in game.infoset(p, label).actions:
                plans = [v.total for v in sv.values if v.plan.choices[0] == (label, a)]
                assert values[(label, a)].total == max(plans), (name, p, label, a)


def test_leduc_equilibrium_plays_only_best_choices_and_the_best_response_is_the_value():
    game = load_game("leduc")
    sf = game_sequence_form(game)
    solution = solve_zero_sum(game, refine="none")
    for p in (0, 1):
        values = choice_values(sf, p, solution.strategies[1 - p])
        assert len(values) == sum(len(i.actions) for i in game.infosets_of(p))
        mine = solution.strategies[p]
        x = sf.realization(p, lambda label, action, mine=mine: mine[label][action])
        for v in values:
            info = game.infoset(p, v.infoset)
            reached = x[sf.parent[info.index]] != 0 and v.conditional is not None
            if reached and mine[v.infoset][v.action] > 0:
                assert v.best, (p, v.infoset, v.action)
        # the best-response value: the best choice at each situation, plus the plays without a move of p
        situations = [i for i in game.infosets_of(p) if sf.parent[i.index] == 0]
        best = {i.label: max(v.total for v in values if v.infoset == i.label) for i in situations}
        rows = sf.numeric_matrix(p)
        y = sf.realization(1 - p, lambda label, action, q=1 - p: solution.strategies[q][label][action])
        no_move = (
            sum((sp.Rational(str(v)) * y[o] for o, v in rows.get(0, {}).items()), sp.S.Zero)
            if p == 0
            else sum((sp.Rational(str(row[0])) * y[o] for o, row in rows.items() if 0 in row), sp.S.Zero)
        )
        assert sum(best.values()) + no_move == solution.values[p]
