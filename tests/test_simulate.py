"""Tests for derive.verification.simulate: Monte Carlo play, simple opponents, fixed parameters and value sweeps."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from derive.games.one_card import (
    Action,
    alpha,
    beta,
    eta,
    gamma,
    kuhn_poker,
    one_card_poker,
    one_raise_poker,
    to_extensive_form,
    xi,
)
from derive.sequence_form.payoff import expected_payoff
from derive.sequence_form.strategies import behaviour_strategy, kuhn_strategies
from derive.solving.parameters.sweep import value_table, values_by_bet_size
from derive.solving.zero_sum.from_rules import solve
from derive.verification.simulate import (
    SimulationError,
    simple_strategies,
    simulate,
    with_parameters,
)


def kuhn_equilibrium(game):
    """Kuhn's equilibrium in his letters at α = 1/6 (Kuhn 1950, p. 101): β = γ = 1/2, ξ = η = 1/3."""
    opener, dealer = kuhn_strategies(game)
    return (
        with_parameters(opener, {alpha: "1/6", beta: "1/2", gamma: "1/2"}),
        with_parameters(dealer, {xi: "1/3", eta: "1/3"}),
    )


def test_same_seed_same_hands_other_seed_other_hands(kuhn):
    """A seed fixes every hand; a Generator gives the same stream as its seed; another seed differs."""
    opener, dealer = kuhn_equilibrium(kuhn)
    a = simulate(kuhn, opener, dealer, hands=5_000, seed=42)
    b = simulate(kuhn, opener, dealer, hands=5_000, seed=42)
    c = simulate(kuhn, opener, dealer, hands=5_000, seed=np.random.default_rng(42))
    d = simulate(kuhn, opener, dealer, hands=5_000, seed=43)
    assert np.array_equal(a.outcomes, b.outcomes) and np.array_equal(a.outcomes, c.outcomes)
    assert a.mean == b.mean and a.seed == 42 and c.seed is None
    assert not np.array_equal(a.outcomes, d.outcomes)


def test_mean_is_exact_and_matches_the_payoffs(kuhn):
    """The mean is the exact Rational average of the hands' payoffs; counts add up to n."""
    opener, dealer = kuhn_equilibrium(kuhn)
    sim = simulate(kuhn, opener, dealer, hands=1_000, seed=3)
    assert isinstance(sim.mean, sp.Rational)
    assert sim.mean == sp.Rational(sum(sim.terminal_payoffs[k] for k in sim.outcomes), 1_000)
    assert sum(sim.counts().values()) == 1_000 and sim.hands == 1_000
    assert float(sim.mean) == pytest.approx(sim.payoffs.mean())
    assert sim.running_mean()[-1] == pytest.approx(float(sim.mean))


def test_deals_follow_card_removal(kuhn):
    """Each of the six ordered deals comes up about 1/6 of the time (never a pair)."""
    opener, dealer = kuhn_equilibrium(kuhn)
    sim = simulate(kuhn, opener, dealer, hands=60_000, seed=5)
    deals: dict[str, int] = {}
    for label, count in sim.counts().items():
        deals[label[:2]] = deals.get(label[:2], 0) + count
    assert sorted(deals) == ["AK", "AQ", "KA", "KQ", "QA", "QK"]
    for count in deals.values():
        assert abs(count - 10_000) < 4 * np.sqrt(60_000 * (1 / 6) * (5 / 6))


def profiles():
    """(name, game, opener, dealer) for a few profiles of several games."""
    kuhn = to_extensive_form(kuhn_poker())
    raise_game = to_extensive_form(one_raise_poker())
    big = to_extensive_form(one_card_poker(5, 3, bet="3/2"))
    out = [("kuhn equilibrium", kuhn, *kuhn_equilibrium(kuhn))]
    eq = solve(kuhn)
    for name, s in simple_strategies(kuhn, 1).items():
        out.append((f"kuhn eq vs {name}", kuhn, eq.strategies[0], s))
    out.append(
        (
            "kuhn uniform vs always bet",
            kuhn,
            simple_strategies(kuhn, 0)["uniform"],
            simple_strategies(kuhn, 1)["always bet"],
        )
    )
    out.append(("one-raise equilibrium", raise_game, *solve(raise_game).strategies))
    out.append(
        (
            "one-raise never bluff vs uniform",
            raise_game,
            simple_strategies(raise_game, 0)["never bluff"],
            simple_strategies(raise_game, 1)["uniform"],
        )
    )
    out.append(
        (
            "N=5 k=3 b=3/2 uniform",
            big,
            simple_strategies(big, 0)["uniform"],
            simple_strategies(big, 1)["uniform"],
        )
    )
    return out


EXPECTED = {
    # exact expected payoffs from derive.sequence_form.payoff.expected_payoff (checked in the test); Kuhn (1950): -1/18
    "kuhn equilibrium": sp.Rational(-1, 18),
    "one-raise equilibrium": sp.Rational(-1, 18),
}


@pytest.mark.parametrize("index", range(10))
def test_mean_converges_to_the_exact_expected_payoff(index):
    """The simulated mean lies within 4 standard errors of expected_payoff's exact value."""
    name, game, opener, dealer = profiles()[index]
    exact = expected_payoff(game, opener, dealer)
    assert exact.is_Rational
    if name in EXPECTED:
        assert exact == EXPECTED[name]
    sim = simulate(game, opener, dealer, hands=40_000, seed=index)
    assert sim.standard_error > 0
    assert abs(float(sim.mean - exact)) <= 4 * sim.standard_error, name
    assert sim.within(exact)


def test_simple_opponents_exact_payoffs(kuhn):
    """Kuhn's equilibrium opener (α = 1/6) against the classroom dealers: exact payoffs, never below -1/18."""
    opener, _ = kuhn_equilibrium(kuhn)
    dealers = simple_strategies(kuhn, 1)
    payoffs = {name: expected_payoff(kuhn, opener, s) for name, s in dealers.items()}
    assert payoffs == {
        "always call": sp.Rational(1, 9),
        "never bluff": sp.Rational(-1, 18),
        "always bet": sp.Rational(1, 9),
        "always fold": sp.Rational(1, 9),
        "uniform": sp.Rational(1, 9),
    }
    rock = dealers["never bluff"]
    assert rock.probability("A:x", Action.BET.value) == 1
    assert rock.probability("Q:x", Action.BET.value) == 0
    assert rock.probability("Q:b", Action.FOLD.value) == 1


def test_simple_strategies_are_distributions_in_every_game():
    """Every simple strategy gives each information set a distribution over its legal actions (also with no bets)."""
    for rules in (kuhn_poker(), one_raise_poker(), one_card_poker(4, 3), one_card_poker(3, 0)):
        game = to_extensive_form(rules)
        for player in (0, 1):
            for name, s in simple_strategies(game, player).items():
                for info in game.infosets_of(player):
                    dist = s.probabilities[info.label]
                    assert set(dist) == set(info.actions), (rules.name, name, info)
                    assert sum(dist.values()) == 1
    with pytest.raises(SimulationError, match="player"):
        simple_strategies(to_extensive_form(kuhn_poker()), 2)


def test_confidence_band(kuhn):
    """The band is mean ± 1.96 s/sqrt(k), NaN for one hand, narrower with a lower level."""
    opener, dealer = kuhn_equilibrium(kuhn)
    sim = simulate(kuhn, opener, dealer, hands=2_000, seed=9)
    low, high = sim.confidence_band()
    assert np.isnan(low[0]) and np.isnan(high[0])
    u = sim.payoffs
    half = 1.959963984540054 * np.std(u, ddof=1) / np.sqrt(len(u))
    assert high[-1] - low[-1] == pytest.approx(2 * half)
    assert (high[-1] + low[-1]) / 2 == pytest.approx(float(sim.mean))
    assert sim.standard_error == pytest.approx(half / 1.959963984540054)
    low80, high80 = sim.confidence_band(0.8)
    assert high80[-1] - low80[-1] < high[-1] - low[-1]
    for bad in (0, 1, 1.5, "0.95"):
        with pytest.raises(SimulationError, match="level"):
            sim.confidence_band(bad)
    assert np.isnan(simulate(kuhn, opener, dealer, hands=1).standard_error)


def test_bad_input(kuhn, one_raise):
    """Wrong players, missing or symbolic probabilities, bad counts and seeds, symbolic games are errors."""
    opener, dealer = kuhn_equilibrium(kuhn)
    symbolic_opener, _ = kuhn_strategies(kuhn)
    for hands in (0, -5, 2.5, True, "10"):
        with pytest.raises(SimulationError, match="hands"):
            simulate(kuhn, opener, dealer, hands=hands)
    for seed in (-1, 1.5, "seed", None):
        with pytest.raises(SimulationError, match="seed"):
            simulate(kuhn, opener, dealer, hands=10, seed=seed)
    with pytest.raises(SimulationError, match="player 1's, not player 0's"):
        simulate(kuhn, dealer, dealer, hands=10)
    with pytest.raises(SimulationError, match="BehaviourStrategy"):
        simulate(kuhn, opener, {"Q:x": {"bet": 1}}, hands=10)
    with pytest.raises(SimulationError, match="not a number"):
        simulate(kuhn, symbolic_opener, dealer, hands=10)
    with pytest.raises(SimulationError, match="says nothing at information set"):
        simulate(one_raise, *solve(one_raise).strategies[:1], dealer, hands=10)
    b = sp.Symbol("b", positive=True)
    symbolic_game = to_extensive_form(one_card_poker(3, 1, bet=b))
    uniform = (simple_strategies(symbolic_game, 0)["uniform"], simple_strategies(symbolic_game, 1)["uniform"])
    with pytest.raises(SimulationError, match="symbolic"):
        simulate(symbolic_game, *uniform, hands=10)


def test_with_parameters(kuhn):
    """Fixing Kuhn's letters gives exact numbers; floats and values outside [0, 1] are refused."""
    opener, dealer = kuhn_strategies(kuhn)
    fixed = with_parameters(dealer, {xi: sp.Rational(1, 3), eta: "1/3"})
    assert fixed.probability("Q:x", Action.CHECK.value) == sp.Rational(2, 3)
    with pytest.raises(SimulationError, match="exact"):  # 0.5 is exactly 1/2 and accepted; 1/3 is not
        with_parameters(dealer, {xi: 1 / 3})
    with pytest.raises(SimulationError, match="not in"):
        with_parameters(dealer, {xi: 2, eta: 0})
    with pytest.raises(SimulationError, match="number"):
        with_parameters(dealer, {xi: "a third"})
    typed = behaviour_strategy(
        kuhn,
        1,
        {i.label: {a: sp.Rational(1, len(i.actions)) for a in i.actions} for i in kuhn.infosets_of(1)},
    )
    assert with_parameters(typed, {}).probabilities == typed.probabilities


def test_value_sweeps():
    """Values over rules: Kuhn -1/18 for any number of raises; N = 4: -1/24 and -5/128; bet size 2 gives 0."""
    rows = value_table(decks=(3, 4), max_bets=(1, 2))
    assert [(r.deck, r.max_bets, r.value) for r in rows] == [
        (3, 1, sp.Rational(-1, 18)),
        (3, 2, sp.Rational(-1, 18)),
        (4, 1, sp.Rational(-1, 24)),
        (4, 2, sp.Rational(-5, 128)),
    ]
    values = values_by_bet_size(["1/2", 1, "3/2", 2])
    assert values == {
        sp.Rational(1, 2): sp.Rational(-1, 60),
        sp.S.One: sp.Rational(-1, 18),
        sp.Rational(3, 2): sp.Rational(-1, 28),
        sp.Integer(2): sp.S.Zero,
    }
    assert all(isinstance(v, sp.Rational) for v in values.values())
