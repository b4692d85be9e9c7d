"""The front door, derive.derivation: values read through solve(game), one game per route, each
result's route the one choose_solver names; the thesis's derivations importable from both homes."""

from __future__ import annotations

import dataclasses

import pytest
import sympy as sp

from derive.derivation import Solution, solve
from derive.extensive_form.game import NotSupportedError
from derive.games.registry import load_game
from derive.solving.choice import Route, SolverChoice, choose_solver


def _solved(name: str, **options) -> Solution:
    game = load_game(name)
    solution = solve(game, **options)
    assert solution.route is choose_solver(game).route
    assert solution.game is game
    return solution


def test_kuhn_poker_through_the_front_door():
    """Kuhn (1950): the opener's value is -1/18; the quasi-perfect equilibrium is subgame perfect."""
    solution = _solved("kuhn")
    assert solution.route is Route.ZERO_SUM and solution.reason is None
    assert solution.result.value == sp.Rational(-1, 18)
    assert solution.result.values == (sp.Rational(-1, 18), sp.Rational(1, 18))
    assert solution.perfection.is_subgame_perfect
    assert solution.dominance == () and solution.optimal_sets_not_derived is None


def test_all_optimal_derives_the_optimal_sets_and_the_dominance():
    """--all: Kuhn's opener has a one-parameter family of optimal strategies, the dealer a unique one."""
    solution = _solved("kuhn", all_optimal=True)
    assert [s.dimension for s in solution.result.optimal_sets] == [1, 0]
    assert [step.weak for step in solution.dominance] == [False, True]
    assert all(step.result is not None for step in solution.dominance)


def test_a_general_sum_game_has_every_equilibrium():
    """Beer-quiche (Cho & Kreps 1987): 4 extreme equilibria of its 4 x 4 reduced strategic form, in 2
    maximal Nash subsets, each with its subgame verdicts."""
    solution = _solved("beer-quiche")
    assert solution.route is Route.STRATEGIC_FORM
    eqs = solution.result
    assert eqs.form.shape == (4, 4)
    assert (len(eqs.extreme), len(eqs.subsets), eqs.components) == (4, 2, 2)
    extreme, subsets = solution.verdicts
    assert len(extreme) == 4 and len(subsets) == 2


def test_the_sequence_form_route_can_be_asked_for():
    """A route given to solve is taken and recorded with its reason: beer-quiche's sequence form has
    extreme equilibria with the same payoffs as its strategic form's, each with a subgame verdict."""
    game = load_game("beer-quiche")
    solution = solve(game, choice=SolverChoice(Route.SEQUENCE_FORM, "asked"))
    assert (solution.route, solution.reason) == (Route.SEQUENCE_FORM, "asked")
    found = solution.result
    assert found.all_extreme and len(solution.verdicts) == len(found.equilibria)
    equilibria, all_extreme, _note, method = found  # a tuple, as sequence_form_equilibria always returned
    assert all_extreme and method.startswith("the sequence form")
    strategic = solve(game).result.extreme
    assert {tuple(eq.payoffs) for eq in equilibria} == {tuple(e.payoffs) for e in strategic}


def test_three_players_by_support_enumeration():
    """Selten's horse (Selten 1975): two isolated equilibria and two one-parameter families."""
    solution = _solved("selten-horse")
    assert solution.route is Route.SUPPORT_ENUMERATION
    result = solution.result
    assert result.is_complete
    assert sorted(len(e.parameters) for e in result.equilibria) == [0, 0, 1, 1]
    assert len(solution.verdicts) == 4


def test_one_player_against_chance():
    """Three Card Poker against the dealer: the optimal expected payoff -686689/20358520."""
    solution = _solved("three-card-poker")
    assert solution.route is Route.DECISION_PROBLEM
    assert solution.result.value == sp.Rational(-686689, 20358520)
    assert solution.verdicts == () and solution.perfection is None


def test_a_one_player_game_of_any_size():
    """A one-player game built with the builder: the player picks the larger of two expectations."""
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    root = chance(
        {
            "heads": ("1/2", decision("me", "h", {"a": payoff(3), "b": payoff(1)})),
            "tails": ("1/2", decision("me", "t", {"a": payoff(0), "b": payoff(2)})),
        }
    )
    solution = solve(extensive_form(["me"], root))
    assert solution.route is Route.DECISION_PROBLEM
    assert solution.result.value == sp.Rational(5, 2)


def test_an_almost_constant_sum_game_is_refused_unless_asked():
    """Kuhn poker with one payoff mistyped: solve refuses it with the sentence derive solve prints,
    unless asked to solve it as general-sum."""
    from derive.formats import parse_efg, write_efg

    lines = write_efg(load_game("kuhn")).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("t ") and "{ -2, 2 }" in line)
    lines[k] = lines[k].replace("{ -2, 2 }", "{ -2, 3 }")
    typo = parse_efg("\n".join(lines) + "\n")
    assert choose_solver(typo).route is Route.STRATEGIC_FORM
    with pytest.raises(NotSupportedError, match="is almost zero-sum: .* a mistyped payoff"):
        solve(typo)


def test_solutions_are_immutable():
    solution = _solved("matching-pennies")
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.route = Route.STRATEGIC_FORM  # type: ignore[misc]


def test_the_thesis_derivations_keep_their_old_home():
    """derive_kuhn, derive_one_raise and GameReport are importable from presentation as before."""
    from derive import derivation
    from derive.derivation.thesis import Derivation, derive_kuhn
    from derive.presentation import reproduce

    assert reproduce.derive_kuhn is derive_kuhn is derivation.derive_kuhn
    assert reproduce.GameReport is Derivation is derivation.GameReport
    assert reproduce.derive_one_raise is derivation.derive_one_raise
