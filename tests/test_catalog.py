"""Gambit's catalog as an outside test suite: every game loads or is refused with a reason, and on every
two-player constant-sum game derive's exact value and optimal sets agree with Gambit's own solvers.

Gambit (pygambit 16.7 or 17.0.0b2, through :mod:`gambit_api`) is the reference: its exact
``enummixed_solve(rational=True)`` (extreme equilibria of the reduced strategic form) and
``MixedBehaviorProfile.max_regret()``.  pygambit 16.7's ``lp_solve`` raises a TypeError on some catalog
games whose outcomes are unlabelled, so it is not used.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402

from derive.extensive_form import GameModelError  # noqa: E402
from derive.formats import read_game  # noqa: E402
from derive.sequence_form.general import game_sequence_form  # noqa: E402
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum  # noqa: E402

CATALOG = api.CATALOG
#: Every file of the catalog: 17.0.0b2 adds two strategic games to 16.7's 38 (api.CATALOG_ADDED_IN_17)
FILES = sorted(CATALOG.rglob("*.efg")) + sorted(CATALOG.rglob("*.nfg"))

#: The two-player constant-sum games of the catalog with perfect recall named in the issue.
EXPECTED_ZERO_SUM = {
    "books/myerson1991/fig2_1.efg",
    "journals/other/reiley2008/fig1.efg",
    "books/vonstengel2022/fig10.1.efg",
    "books/vonstengel2022/fig10.12.efg",
    "journals/mor/vonstengelforges2008/fig6.efg",
}


def _name(path: Path) -> str:
    return str(path.relative_to(CATALOG))


def _gambit(path: Path):
    return api.read_game(path)


def _is_solvable(game) -> bool:
    return game.num_players == 2 and game.has_perfect_recall and game.is_constant_sum and not game.is_symbolic


def test_catalog_is_there():
    """Every game of pygambit's catalog listing has its file here (38 in pygambit 16.7, 40 in 17.0.0b2)."""
    from pygambit import catalog

    names = {_name(p).rsplit(".", 1)[0] for p in FILES}
    assert set(catalog.games()["Game"]) <= names
    assert len(FILES) >= 38


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_every_catalog_game_loads_or_is_refused_with_a_reason(path):
    """derive reads every file; what it cannot solve, it refuses with a one-line reason."""
    game = read_game(path)
    assert game.num_players == len(list(_gambit(path).players))
    if _is_solvable(game):
        return
    with pytest.raises(GameModelError) as info:
        solve_zero_sum(game)
    reason = str(info.value)
    assert "\n" not in reason
    if not game.has_perfect_recall:
        assert "imperfect recall at information set" in reason
    elif game.num_players != 2:
        assert f"{game.num_players}-player game" in reason
    else:
        assert "not constant-sum" in reason


def test_the_five_zero_sum_games_are_found():
    """Exactly the games the issue lists are two-player constant-sum with perfect recall (extensive form)."""
    found = {_name(p) for p in FILES if p.suffix == ".efg" and _is_solvable(read_game(p))}
    assert EXPECTED_ZERO_SUM <= found


SOLVABLE = [
    p for p in FILES if _name(p) in EXPECTED_ZERO_SUM or (p.suffix == ".nfg" and _is_solvable(read_game(p)))
]


def _gambit_infosets(game, gambit_game):
    """derive information set index -> Gambit's ``(player, information set)`` (matched through the nodes
    in preorder)."""
    nodes = api.tree(gambit_game)
    return {info.index: nodes[info.nodes[0]].infoset for info in game.infosets}


def _fraction(x) -> Fraction:
    return Fraction(str(x))


def _strategy_profile(game, gambit_game, plans):
    """A Gambit strategy profile (strategic-form games) from derive realization plans."""
    data = []
    for p, strategies in enumerate(api.strategy_labels(gambit_game)):
        info = game.infosets_of(p)[0]
        assert len(strategies) == len(info.actions)
        data.append([sp.Rational(plans[p].get(f"{info.label}:{action}", 0)) for action in info.actions])
    return api.strategy_profile(gambit_game, data, rational=True)


def _behaviour_profile(game, gambit_game, plans):
    """A Gambit behaviour profile from derive realization plans (uniform where a plan never arrives)."""
    sf = game_sequence_form(game)
    mapping = _gambit_infosets(game, gambit_game)
    data = [[None] * len(sets) for sets in api.infosets(gambit_game)]
    for info in game.infosets:
        plan = plans[info.player]
        parent = sp.Rational(
            plan.get(sf.label(info.player, sf.parent[info.index]), 1 if sf.parent[info.index] == 0 else 0)
        )
        p, k = mapping[info.index]
        data[p][k] = [
            sp.Rational(plan.get(f"{info.label}:{action}", 0)) / parent
            if parent
            else sp.Rational(1, len(info.actions))
            for action in info.actions
        ]
    assert all(row is not None for rows in data for row in rows), "a Gambit information set not in derive's"
    return api.behaviour_profile(gambit_game, data, rational=True)


def _plans_from_gambit(game, gambit_game, equilibrium):
    """derive realization plans of a Gambit equilibrium (a mixed strategy profile)."""
    sf = game_sequence_form(game)
    plans = [{"∅": sp.S.One}, {"∅": sp.S.One}]
    if not api.is_tree(gambit_game):
        for p, probs in enumerate(api.strategy_probs(equilibrium)):
            info = game.infosets_of(p)[0]
            for prob, action in zip(probs, info.actions):
                plans[p][f"{info.label}:{action}"] = sp.Rational(str(_fraction(prob)))
        return plans
    behaviour = api.behaviour_probs(equilibrium.as_behavior())
    mapping = _gambit_infosets(game, gambit_game)
    for info in sorted(game.infosets, key=lambda i: i.nodes[0]):  # parents before children
        plan = plans[info.player]
        parent = plan.get(sf.label(info.player, sf.parent[info.index]), sp.S.Zero)
        p, k = mapping[info.index]
        for action, prob in zip(info.actions, behaviour[p][k]):
            plan[f"{info.label}:{action}"] = (
                parent * sp.Rational(str(_fraction(prob))) if parent else sp.S.Zero
            )
    return plans


@pytest.mark.parametrize("path", SOLVABLE, ids=_name)
def test_value_and_optimal_sets_agree_with_gambit(path):
    """derive's exact value equals Gambit's; every vertex derive reports has max_regret() == 0 in Gambit
    (paired with derive's equilibrium strategy of the opponent); every extreme equilibrium of Gambit's
    enummixed_solve(rational=True) lies in derive's optimal sets."""
    game = read_game(path)
    gambit_game = _gambit(path)
    solution = solve_zero_sum(game, all_optimal=True)
    result = api.equilibria(pygambit.nash.enummixed_solve(gambit_game, rational=True))
    assert result
    for eq in result:
        assert _fraction(api.payoffs(eq)[0]) == Fraction(str(solution.value))
    equilibrium_plans = [
        {k: v for k, v in solution.optimal_sets[p].at({}).items()}
        if solution.optimal_sets[p].dimension == 0
        else None
        for p in (0, 1)
    ]
    for s in solution.optimal_sets:
        for vertex in s.vertex_plans():
            plans = [None, None]
            plans[s.player] = vertex
            other = 1 - s.player
            plans[other] = equilibrium_plans[other] or solution.optimal_sets[other].vertex_plans()[0]
            build = _behaviour_profile if api.is_tree(gambit_game) else _strategy_profile
            assert build(game, gambit_game, plans).max_regret() == 0
    for eq in result:
        plans = _plans_from_gambit(game, gambit_game, eq)
        for p in (0, 1):
            assert solution.optimal_sets[p].contains(plans[p]), (
                f"Gambit's equilibrium {eq} is not in player {p}'s set"
            )


@pytest.mark.parametrize("path", SOLVABLE, ids=_name)
def test_quasi_perfect_equilibrium_is_admissible_subgame_perfect_and_nash_in_gambit(path):
    """Issue 11 on the catalog: the printed (quasi-perfect) equilibrium is admissible for both players
    (exact certificate), subgame perfect, and has max_regret 0 in Gambit."""
    from derive.solving.lp import transpose
    from derive.solving.refinements.admissible import dominance_check, sequence_form_polytopes
    from derive.verification.subgames import subgame_perfection

    game = read_game(path)
    sol = solve_zero_sum(game)
    assert sol.refinement == "quasi-perfect"
    sf = game_sequence_form(game)
    mats = (sf.numeric_matrix(0), transpose(sf.numeric_matrix(1)))
    for p in (0, 1):
        plan = [sol.plans[p][sf.label(p, k)] for k in range(sf.shape[p])]
        assert dominance_check(sequence_form_polytopes(sf, mats, p), plan).admissible
    assert subgame_perfection(game, sol.strategies).is_subgame_perfect
    gambit_game = _gambit(path)
    build = _behaviour_profile if api.is_tree(gambit_game) else _strategy_profile
    assert build(game, gambit_game, list(sol.plans)).max_regret() == 0
