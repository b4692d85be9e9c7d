"""Equilibria found from nothing in games with three or more players (issue 24, items 1, 2 and 4).

CFR+ in floats guesses supports; the families on them are derived and verified exactly.  Outside
references: OpenSpiel's NashConv (its own ``kuhn_poker(players=3)``, and any game through its
``efg_game`` reader) below 1e-12 at every exact equilibrium printed, Gambit's ``max_regret() == 0``
(exact rationals), and Gambit's ``enumpoly_solve`` on the catalog's three- and four-player games, one
of whose equilibria must lie in a family found.  The published Szafron-Gibson-Sturtevant family is
used only to *name* what three-player Kuhn poker gives: the search runs with it out of reach.
"""

from __future__ import annotations

import io
import json
from functools import cache

import gambit_api as api
import numpy as np
import pytest
import sympy as sp
from _openspiel import openspiel, openspiel_nash_conv

from derive.cli import main
from derive.extensive_form.game import NotSupportedError
from derive.games.registry import load_game
from derive.games.three_player_kuhn import sgs_symbol
from derive.solving.general_sum.cfr import FloatTree, cfr_plus
from derive.solving.general_sum.from_cfr import equilibria_from_cfr
from derive.verification.best_response import behaviour_profile, game_nash_conv

R = sp.Rational


def _run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _parse(text: str, values: dict) -> sp.Basic:
    """A JSON expression with the named parameters (``"J:x>bet"``, not Python names) replaced by values."""
    for k, name in enumerate(sorted(values, key=len, reverse=True)):
        text = text.replace(name, f"(t{k})")
    names = {f"t{k}": values[name] for k, name in enumerate(sorted(values, key=len, reverse=True))}
    return sp.sympify(text, locals={k: sp.Symbol(k) for k in names}).subs(
        {sp.Symbol(k): v for k, v in names.items()}
    )


def _exact(profile: dict, players) -> list[dict]:
    """A JSON profile (player -> label -> action -> string) as exact sympy numbers, in player order."""
    return [
        {label: {a: sp.Rational(v) for a, v in dist.items()} for label, dist in profile[name].items()}
        for name in players
    ]


# --- CFR+ in floats -----------------------------------------------------------------------------


def test_cfr_plus_gets_close_on_kuhn_poker():
    """Two-player Kuhn poker: CFR+ gets within 1e-3 of its value -1/18 with a float NashConv below 1e-3."""
    run = cfr_plus(load_game("kuhn"), 2000)
    assert run.nash_conv < 1e-3
    assert abs(run.payoffs[0] + 1 / 18) < 1e-3 and abs(sum(run.payoffs)) < 1e-12


def test_float_nash_conv_is_the_exact_one_and_openspiels():
    """CFR's float NashConv of a random profile of three-player Kuhn poker is derive's exact NashConv
    and OpenSpiel's (its own kuhn_poker(players=3)), to rounding."""
    from test_three_player_kuhn import _openspiel_nash_conv

    game = load_game("kuhn3")
    tree = FloatTree.of(game)
    rng = np.random.default_rng(7)
    profile = []
    for p in range(3):
        play = {}
        for info in game.infosets_of(p):
            k = int(rng.integers(1, 10))
            play[info.label] = {info.actions[0]: R(k, 10), info.actions[1]: R(10 - k, 10)}
        profile.append(play)
    sigma = np.array([float(profile[i.player][i.label][a]) for i in game.infosets for a in i.actions])
    ours, _ = tree.nash_conv(sigma)
    exact = game_nash_conv(behaviour_profile(game, profile))
    assert abs(ours - float(exact)) < 1e-12
    assert abs(ours - _openspiel_nash_conv(profile, {})) < 1e-9


def test_cfr_arguments_are_checked():
    with pytest.raises(NotSupportedError, match="iterations must be a positive integer, got 0"):
        cfr_plus(load_game("kuhn"), 0)
    with pytest.raises(NotSupportedError, match="thresholds must lie strictly between 0 and 1"):
        equilibria_from_cfr(load_game("kuhn"), thresholds=(1.5,))


# --- three-player Kuhn poker, rediscovered -------------------------------------------------------


def test_the_search_never_sees_the_published_family(monkeypatch):
    """With the published families out of reach, CFR's support still gives a verified family."""
    import derive.games.published as published
    import derive.games.three_player_kuhn as kuhn3

    def refuse(*args, **kwargs):
        raise AssertionError("the search read the published family")

    monkeypatch.setattr(kuhn3, "szafron_gibson_sturtevant_family", refuse)
    monkeypatch.setattr(published, "published_families", refuse)
    found = equilibria_from_cfr(load_game("kuhn3"), runs=1, thresholds=(0.05,))
    assert found.families and found.attempts[0].outcome == "verified"
    family = found.families[0]
    assert family.check.is_equilibrium is True and family.member_nash_conv == 0
    assert family.payoffs[1] == R(-1, 48)


@cache
def _kuhn3_json() -> dict:
    status, out, _ = _run("solve", "kuhn3", "--json", "--quiet")
    assert status == 0
    return json.loads(out)


#: The paper's beta = max(b11, b21), by sub-family.
BETA = {"1": "b21", "2": "b11", "3": "b11"}


@pytest.mark.usefixtures("cfr_search_once")
def test_kuhn3_json_names_the_three_sub_families():
    """Found from CFR's support with nothing published as input: families in each of the three
    Szafron-Gibson-Sturtevant sub-families, P2 losing 1/48 throughout, and in the paper's parameters
    P1 losing (1 + 2 beta)/48 and P3 winning (1 + beta)/24."""
    doc = _kuhn3_json()
    assert doc["found_from"].startswith("CFR's support") and doc["same_game_as"] == "kuhn3"
    assert "4,299,816,960,000 pure strategy profiles" in doc["why"]
    named = set()
    for family in doc["families"]:
        assert family["payoffs"][1] == "-1/48"
        assert family["verified"].startswith("every member is a Nash equilibrium")
        assert family["member"]["nash_conv"] == "0"
        for pub in family["published"]:
            sub = pub["name"].rsplit(" ", 1)[-1]
            named.add(sub)
            assert pub["contains"] or pub["on_path"]
            beta = sp.Symbol(BETA[sub])
            p1, p2, p3 = (sp.sympify(u) for u in pub["payoffs_in_its_parameters"])
            assert sp.expand(p1 + (1 + 2 * beta) / 48) == 0 and p2 == R(-1, 48)
            assert sp.expand(p3 - (1 + beta) / 24) == 0
            assert pub["member_inside"] is True
            for difference in pub["differences"]:  # only where no member's play goes
                assert not pub["contains"]
                assert difference["player"] in ("P1", "P2", "P3")
    assert named == {"1", "2", "3"}


@pytest.mark.usefixtures("cfr_search_once")
def test_kuhn3_members_pass_openspiel_and_gambit():
    """Every exact equilibrium printed: exact NashConv 0 in derive, OpenSpiel's NashConv below 1e-12 on
    its own kuhn_poker(players=3), Gambit's agent_max_regret() == 0 (exact) on the game written as a
    Gambit file.  Gambit's max_regret() is not used here: pygambit 16.7 computes it through the mixed
    strategy profile (4,096 pure strategies a player), which had not finished after minutes; the
    player's regret over all of its information sets together is OpenSpiel's NashConv."""
    pygambit = pytest.importorskip("pygambit")
    from test_three_player_kuhn import _openspiel_nash_conv

    doc = _kuhn3_json()
    game = load_game("kuhn3")
    gambit_game = _gambit_game(pygambit, game)
    for family in doc["families"]:
        member = _exact(family["member"]["strategies"], doc["players"])
        assert game_nash_conv(behaviour_profile(game, member)) == 0
        assert _openspiel_nash_conv(member, {}) < 1e-12
        assert _gambit_regret(pygambit, game, gambit_game, member, agent=True) == 0


@pytest.mark.usefixtures("cfr_search_once")
def test_kuhn3_family_parameters_are_probabilities_of_the_game():
    """Each parameter is named by the probability it is, and the member's point lies in the domain."""
    doc = _kuhn3_json()
    for family in doc["families"]:
        for parameter in family["parameters"]:
            assert parameter["name"] == f"{parameter['information_set']}>{parameter['action']}"
            sgs_symbol(parameter["information_set"])  # an information set of the game
        point = {k: sp.Rational(v) for k, v in family["member"]["point"].items()}
        assert set(point) == {p["name"] for p in family["parameters"]}
        for condition in family["domain"]:
            assert _parse(condition, point) == sp.true


@pytest.mark.usefixtures("cfr_search_once")
def test_derive_solve_kuhn3_prints_an_equilibrium_and_its_family():
    status, out, err = _run("solve", "kuhn3", "--quiet")
    assert status == 0 and err == ""
    assert "equilibria found from CFR's support instead" in out
    assert "lies in Szafron-Gibson-Sturtevant sub-family" in out
    assert "payoffs in its parameters: P1 -(2b" in out and "P2 -1/48" in out
    assert "exact NashConv 0" in out
    assert "the exact equilibrium of family 1" in out
    assert "    K:xbf    fold 1/2, call 1/2" in out  # P1 calls with K half the time after check, bet, fold


@pytest.mark.usefixtures("cfr_search_once")
def test_an_openspiel_file_of_kuhn3_is_recognised_and_solved(tmp_path):
    """OpenSpiel's kuhn_poker(players=3) written by OpenSpiel as a Gambit file (floats rationalized):
    the same game as kuhn3 up to names, an exact equilibrium in a published sub-family."""
    pyspiel, _ = openspiel()
    from open_spiel.python.algorithms import gambit

    path = tmp_path / "kuhn3.efg"
    path.write_text(gambit.export_gambit(pyspiel.load_game("kuhn_poker", {"players": 3})))
    status, out, err = _run("solve", str(path), "--rationalize", "--json", "--quiet")
    assert status == 0
    assert "read as 1/3" in err  # the rationalized probabilities are reported
    doc = json.loads(out)
    assert doc["same_game_as"] == "kuhn3" and doc["players"] == ["Pl0", "Pl1", "Pl2"]
    names = {pub["name"] for family in doc["families"] for pub in family["published"]}
    assert names and all(name.startswith("Szafron-Gibson-Sturtevant sub-family") for name in names)
    game = load_game(str(path), rationalize=True)
    for family in doc["families"]:
        member = _exact(family["member"]["strategies"], doc["players"])
        assert game_nash_conv(behaviour_profile(game, member)) == 0
        assert openspiel_nash_conv(game, member, tmp_path / "again.efg") < 1e-12
        # the parameters are read in kuhn3's words too
        assert all(p["information_set"].count(":") == 1 for p in family["parameters"])
    status, text, _ = _run("solve", str(path), "--rationalize", "--quiet")
    assert "the game is the built-in kuhn3 up to names" in text and "(kuhn3: " in text


def test_no_family_is_reported_honestly():
    """Supports read at a threshold so high that every mixed choice is lost: matching pennies has no
    pure equilibrium, so nothing is verified, and the attempts say why."""
    found = equilibria_from_cfr(load_game("matching-pennies"), runs=1, thresholds=(0.9,))
    assert found.families == ()
    (attempt,) = found.attempts
    assert attempt.outcome.startswith("no solution of the indifference equations")
    from derive.derivation.solve import cfr_failure

    message = cfr_failure(found)
    assert message.startswith("no exact equilibrium found from CFR's support: CFR+ ran 1 time (")
    assert "the 1 support read off its averages gave" in message
    assert "\n" not in message


# --- the catalog's games with three and four players, against Gambit ---------------------------

CATALOG_GAMES = [
    "journals/ijgt/selten1975/fig1.efg",
    "journals/ijgt/selten1975/fig3.efg",
    "conf/itcs/jakobsen2016/fig3.efg",  # four players
    "journals/ijgt/nau2004/sec4.nfg",  # its only equilibrium is irrational
    "journals/ijgt/nau2004/sec5.nfg",
    # nau2004/sec6.nfg is left out: enumpoly_solve does not finish on it (a continuum of equilibria)
]


@pytest.mark.parametrize("name", CATALOG_GAMES)
def test_catalog_games_include_one_of_gambits_equilibria(name):
    """The families found from CFR's support include one of enumpoly_solve's equilibria (its
    probabilities, read as parameter values, give the family's strategies within 1e-9 and meet its
    domain), and every member printed has max_regret() == 0 in Gambit (below 1e-9 when irrational)."""
    pygambit = pytest.importorskip("pygambit")
    from test_catalog import CATALOG

    from derive.formats import read_game

    path = CATALOG / name
    game = read_game(path)
    gambit_game = api.read_game(path)
    found = equilibria_from_cfr(game, runs=2)
    assert found.families
    theirs = [
        _gambit_behaviour(game, gambit_game, e)
        for e in api.equilibria(pygambit.nash.enumpoly_solve(gambit_game))
    ]
    assert theirs
    assert any(_in_family(game, f, eq) for f in found.families for eq in theirs)
    for f in found.families:
        exact = all(v.is_Rational for play in f.member for dist in play.values() for v in dist.values())
        regret = _gambit_regret(pygambit, game, gambit_game, f.member, exact)
        assert regret == 0 if exact else abs(float(regret)) < 1e-9


# --- helpers --------------------------------------------------------------------------------------


def _gambit_game(pygambit, game):
    import tempfile
    from pathlib import Path

    from derive.formats.writer import write_efg

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.efg"
        path.write_text(write_efg(game))
        return pygambit.read_efg(str(path))


def _plans(game, strategies) -> list[dict]:
    """Realization plans (sequence label -> probability) of a behaviour profile."""
    from derive.sequence_form.general import game_sequence_form

    sf = game_sequence_form(game)
    out = []
    for p in range(game.num_players):
        x = sf.realization(p, lambda label, action, p=p: strategies[p][label][action])
        out.append({sf.label(p, k): v for k, v in enumerate(x)})
    return out


def _gambit_regret(pygambit, game, gambit_game, strategies, exact: bool = True, agent: bool = False):
    """Gambit's max_regret() of a derive behaviour profile (rational when ``exact``); its
    agent_max_regret() (the largest gain from changing play at one information set) with ``agent``."""
    from test_catalog import _behaviour_profile, _gambit_infosets

    if not api.is_tree(gambit_game):  # a strategic-form file: one information set per player
        data = []
        for p in range(len(api.strategy_labels(gambit_game))):
            info = game.infosets_of(p)[0]
            data.append([strategies[p][info.label][action] for action in info.actions])
        return api.strategy_profile(gambit_game, data, rational=exact).max_regret()
    if exact:
        profile = _behaviour_profile(game, gambit_game, _plans(game, strategies))
        return profile.agent_max_regret() if agent else profile.max_regret()
    mapping = _gambit_infosets(game, gambit_game)
    data = [[None] * len(sets) for sets in api.infosets(gambit_game)]
    for info in game.infosets:
        p, k = mapping[info.index]
        data[p][k] = [strategies[info.player][info.label][action] for action in info.actions]
    return api.behaviour_profile(gambit_game, data, rational=False).max_regret()


def _gambit_behaviour(game, gambit_game, equilibrium) -> list[dict]:
    """A Gambit equilibrium as per-player ``label -> {action: float}`` in derive's labels."""
    from test_catalog import _gambit_infosets

    out = [{} for _ in range(game.num_players)]
    if not api.is_tree(gambit_game):
        for p, probs in enumerate(api.strategy_probs(equilibrium)):
            info = game.infosets_of(p)[0]
            out[p][info.label] = {a: float(x) for a, x in zip(info.actions, probs)}
        return out
    behaviour = equilibrium.as_behavior() if hasattr(equilibrium, "as_behavior") else equilibrium
    probs = api.behaviour_probs(behaviour)
    mapping = _gambit_infosets(game, gambit_game)
    for info in game.infosets:
        p, k = mapping[info.index]
        out[info.player][info.label] = {a: float(x) for a, x in zip(info.actions, probs[p][k])}
    return out


def _in_family(game, found, profile: list[dict]) -> bool:
    """Whether the float profile is, wherever it reaches (an unreached set's play is Gambit's own
    choice), within 1e-9 the member of the found family at the parameter values it gives, and those
    values meet the family's domain (to 1e-9)."""
    from derive.solving.families.polytope import slack

    point = {t: profile[p][label][action] for t, (p, label, action) in found.parameter_actions.items()}

    def move(node, k):
        info = game.infosets[node.infoset]
        return profile[info.player][info.label][node.actions[k]]

    reach = game.reach(move)
    for p, play in enumerate(found.family.strategies):
        for label, dist in play.items():
            if sum(float(reach[n]) for n in game.infoset(p, label).nodes) < 1e-12:
                continue
            for action, x in dist.items():
                if abs(float(sp.sympify(x).subs(point)) - profile[p][label][action]) > 1e-9:
                    return False
    return all(float(slack(c).subs(point)) >= -1e-9 for c in found.conditions)
