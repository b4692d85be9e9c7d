"""Support enumeration for games with three or more players (issue 13, item 2b), against Gambit.

Gambit's ``enumpoly_solve`` (pygambit 16.7 or 17.0.0b2, floating point) is the outside reference on the
catalog's three-player games: each equilibrium it lists is one of derive's isolated equilibria
(strategies within 1e-9), and each of derive's is an equilibrium for Gambit (``max_regret``, exact
where the probabilities are rational, below 1e-9 where they are algebraic).  Points inside the
families derive finds in degenerate games are checked by exact NashConv.
"""

from __future__ import annotations

import pytest
import sympy as sp

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402
from test_catalog import CATALOG  # noqa: E402

from derive.formats import read_game  # noqa: E402
from derive.solving.general_sum.support_enumeration import support_equilibria  # noqa: E402
from derive.verification.best_response import behaviour_profile, game_nash_conv  # noqa: E402

R = sp.Rational
GAMES = [
    "journals/ijgt/selten1975/fig1.efg",
    "journals/ijgt/selten1975/fig3.efg",
    "journals/ijgt/nau2004/sec4.nfg",
    "journals/ijgt/nau2004/sec5.nfg",
]


def _behaviour(game, mixed):
    """Behaviour strategies of a mixed reduced-strategy profile (uniform where a set is never reached)."""
    out = []
    for p, dist in enumerate(mixed):
        strategy = {}
        for info in game.infosets_of(p):
            mass = {a: sp.S.Zero for a in info.actions}
            for label, prob in dist.items():
                for part in label.split(", "):
                    where, _, action = part.rpartition(": ")
                    if where == info.label:
                        mass[action] += prob
            total = sum(mass.values())
            strategy[info.label] = (
                {a: sp.simplify(v / total) for a, v in mass.items()}
                if total != 0
                else {a: R(1, len(info.actions)) for a in info.actions}
            )
        out.append(strategy)
    return out


def _gambit_profile(gambit_game, mixed, exact: bool):
    return api.strategy_profile(gambit_game, [list(dist.values()) for dist in mixed], rational=exact)


@pytest.mark.parametrize("name", GAMES)
def test_gambit_enumpoly_equilibria_are_found(name):
    path = CATALOG / name
    game = read_game(path)
    gambit_game = api.read_game(path)
    ours = support_equilibria(game)
    isolated = [e for e in ours if e.is_isolated]
    theirs = api.equilibria(pygambit.nash.enumpoly_solve(gambit_game))
    assert theirs
    for eq in theirs:
        payoff = [float(u) for u in api.payoffs(eq)]
        assert any(max(abs(float(u) - v) for u, v in zip(e.payoffs, payoff)) < 1e-9 for e in isolated), payoff
    for e in isolated:
        # exact NashConv 0 in derive's own verifier, on the behaviour profile
        assert sp.simplify(game_nash_conv(behaviour_profile(game, _behaviour(game, e.strategies)))) == 0
        if name.endswith(".nfg"):
            exact = all(v.is_Rational for dist in e.strategies for v in dist.values())
            regret = _gambit_profile(gambit_game, e.strategies, exact).max_regret()
            assert regret == 0 if exact else abs(float(regret)) < 1e-9
    for e in ours:
        if e.parameters and e.ranges:
            (t,), (where,) = e.parameters, e.ranges
            point = (where.inf + where.sup) / 2
            mixed = [{k: v.subs(t, point) for k, v in dist.items()} for dist in e.strategies]
            assert game_nash_conv(behaviour_profile(game, _behaviour(game, mixed))) == 0


def test_an_irrational_equilibrium_exactly():
    """Nau et al. (2004), section 4: the game's only equilibrium has probabilities in Q(sqrt(601))."""
    (eq,) = support_equilibria(read_game(CATALOG / "journals/ijgt/nau2004/sec4.nfg"))
    assert eq.strategies[0]["1:1: Top"] == R(53, 46) - sp.sqrt(601) / 46
    assert sp.simplify(eq.payoffs[0] - (R(437, 24) - 17 * sp.sqrt(601) / 24)) == 0


def test_selten_horse_families():
    """The two segments of Selten's horse, with their endpoints listed as isolated equilibria."""
    eqs = support_equilibria(read_game(CATALOG / "journals/ijgt/selten1975/fig1.efg"))
    families = [e for e in eqs if e.parameters]
    assert sorted(str(e.ranges[0]) for e in families) == ["Interval.Lopen(0, 2/3)", "Interval.Ropen(3/4, 1)"]
    assert sorted(e.payoffs for e in eqs if e.is_isolated) == [(1, 1, 1), (3, 2, 2)]


def test_command_line_lists_three_player_equilibria():
    import io
    import json

    from derive.cli import main

    path = str(CATALOG / "journals/ijgt/selten1975/fig1.efg")
    out = io.StringIO()
    assert main(["solve", path], out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert "2 isolated equilibria and 2 families" in text
    assert "in [3/4, 1)" in text and "in (0, 2/3]" in text  # open where a probability reaches 0
    out = io.StringIO()
    assert main(["solve", path, "--json"], out=out, err=io.StringIO()) == 0
    doc = json.loads(out.getvalue())
    assert sorted(tuple(e["payoffs"]) for e in doc["equilibria"] if not e["parameters"]) == [
        ("1", "1", "1"),
        ("3", "2", "2"),
    ]
