"""Best responses, exploitability, family checks, and user-typed strategies."""

from __future__ import annotations

import itertools
import random

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.games.one_card import alpha
from derive.sequence_form.strategies import InvalidStrategyError, behaviour_strategy
from derive.solving.zero_sum.from_rules import solve
from derive.verification import (
    BestResponse,
    IncompleteProfileError,
    best_response,
    exploitability,
    is_nash_equilibrium,
    nash_conv,
    strategy_exploitability,
    verify_family,
)
from derive.verification.best_response import behaviour_profile, game_nash_conv

R = sp.Rational

KUHN_DEALER = {
    "Q:x": {"check": "2/3", "bet": "1/3"},
    "Q:b": {"fold": 1},
    "K:x": {"check": 1},
    "K:b": {"fold": "2/3", "call": "1/3"},
    "A:x": {"bet": 1},
    "A:b": {"call": 1},
}


def _uniform(game, player):
    return behaviour_strategy(
        game,
        player,
        {i.label: {a: R(1, len(i.actions)) for a in i.actions} for i in game.infosets_of(player)},
    )


def test_uniform_nash_conv(kuhn):
    """OpenSpiel (exploitability_test.py): the uniform profile of Kuhn poker has NashConv 11/12."""
    profile = (_uniform(kuhn, 0), _uniform(kuhn, 1))
    assert nash_conv(kuhn, profile) == R(11, 12)
    assert exploitability(kuhn, profile) == R(11, 24)


@pytest.mark.parametrize("game_name", ["kuhn", "thesis"])
def test_families_have_zero_exploitability(game_name, kuhn, one_raise, kuhn_sets, thesis_sets):
    """Both ends and the middle of each family are optimal: exploitability exactly 0."""
    game, sets = (kuhn, kuhn_sets) if game_name == "kuhn" else (one_raise, thesis_sets)
    fam = sets.families[0]
    lo, hi = fam.interval.start, fam.interval.end
    check = verify_family(game, fam, sets.value, [{alpha: (lo + hi) / 2}])
    assert len(check.points) == 3
    assert check.exploitability == (0, 0, 0)
    dealer = sets.families[1]
    pf = sets.plan_form
    x = pf.behaviour_strategy(0, {p: v.subs(alpha, (lo + hi) / 2) for p, v in fam.plans.items()})
    y = pf.behaviour_strategy(1, dealer.plans)
    assert is_nash_equilibrium(game, (x, y))


def test_perturbed_strategy_is_exploitable(kuhn, kuhn_sets):
    """Moving the dealer's Q bluff from 1/3 to 1/2 makes him exploitable (> 0), exactly 1/18."""
    strat = dict(KUHN_DEALER, **{"Q:x": {"check": "1/2", "bet": "1/2"}})
    y = behaviour_strategy(kuhn, 1, strat)
    gain = strategy_exploitability(kuhn, y, kuhn_sets.value)
    assert gain > 0
    # By hand: the opener now checkcalls K (EV -1/4 instead of -1/3) and checkcalls A
    # (EV 5/4 instead of 7/6); each card has probability 1/3: gain (1/12 + 1/12)/3 = 1/18.
    assert gain == R(1, 18)


def test_opener_perturbed_outside_family(kuhn, kuhn_sets):
    """An opener strategy off Kuhn's family (bluff 1/3 but never bet the ace) is exploitable."""
    fam = kuhn_sets.families[0]
    plans = {p: v.subs(alpha, R(1, 3)) for p, v in fam.plans.items()}
    plans = {
        p: (R(0) if p.label == "A:bet" else R(1) if p.label == "A:checkcall" else v) for p, v in plans.items()
    }
    x = kuhn_sets.plan_form.behaviour_strategy(0, plans)
    assert strategy_exploitability(kuhn, x, kuhn_sets.value, player=0) > 0


def test_dealer_user_strategy_is_optimal(kuhn, kuhn_sets):
    """Kuhn's dealer strategy typed in as labels is optimal; its best response earns the value."""
    y = behaviour_strategy(kuhn, 1, KUHN_DEALER)
    assert strategy_exploitability(kuhn, y, kuhn_sets.value) == 0
    assert best_response(kuhn, y).value == R(-1, 18)


def test_partial_profile_is_an_error(kuhn):
    """A profile missing a player is an error, never filled in."""
    x = _uniform(kuhn, 0)
    with pytest.raises(IncompleteProfileError, match="no strategy for player 1"):
        exploitability(kuhn, {0: x})
    with pytest.raises(IncompleteProfileError, match="player 0's strategy"):
        exploitability(kuhn, (x, x))
    with pytest.raises(IncompleteProfileError, match="got a single strategy"):
        exploitability(kuhn, x)
    y = _uniform(kuhn, 1)
    with pytest.raises(IncompleteProfileError, match="two strategies, got 3"):
        exploitability(kuhn, (x, y, y))


def test_strategy_of_another_game_is_refused(kuhn, one_raise):
    """A Kuhn-poker strategy used in the one-raise game is refused with a clear error."""
    x, y = _uniform(kuhn, 0), _uniform(kuhn, 1)
    with pytest.raises(IncompleteProfileError, match="for another game than one-raise poker"):
        exploitability(one_raise, (x, y))


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_exploitability_never_negative(data, kuhn):
    """Random exact profiles have exploitability >= 0, and the solver's equilibrium has 0."""
    strategies = []
    for player in (0, 1):
        probs = {}
        for info in kuhn.infosets_of(player):
            w = [data.draw(st.integers(0, 5)) for _ in info.actions]
            w[0] += 1 if sum(w) == 0 else 0
            probs[info.label] = {a: R(v, sum(w)) for a, v in zip(info.actions, w)}
        strategies.append(behaviour_strategy(kuhn, player, probs))
    assert exploitability(kuhn, strategies) >= 0


def test_solver_equilibrium_is_nash(one_raise):
    """The LP's certified equilibrium has exploitability 0."""
    eq = solve(one_raise)
    assert exploitability(one_raise, eq.strategies) == 0


@pytest.mark.parametrize(
    "mapping, message",
    [
        ({"Q:z": {"bet": 1}}, "unknown information set 'Q:z' for the dealer"),
        ({"Q:x": {"raise": 1}}, "action 'raise' is not legal at 'Q:x'"),
        ({"Q:x": {"dance": 1}}, "unknown action 'dance' at 'Q:x'"),
        ({"Q:x": {"bet": "3/2", "check": "-1/2"}}, r"probability at Q:x bet must be in \[0, 1\], got 3/2"),
        ({"Q:x": {"bet": "1/2", "check": "1/3"}}, "probabilities at 'Q:x' sum to 5/6, not 1"),
        ({"Q:x": {"bet": "x"}}, "probability at Q:x bet must be a number, got 'x'"),
        ({"Q:x": {"bet": 1}}, "no probabilities given for information set 'Q:b' of the dealer"),
        ({"Q:x": {"b": "1/2", "bet": "1/2"}}, "action 'bet' is given twice at 'Q:x'"),
        ({"Q:x": {"bet": 1 / 3, "check": 2 / 3}}, "0.3333333333333333 is a float, not exact; write '1/3'"),
    ],
)
def test_bad_user_strategy(kuhn, mapping, message):
    """A mistyped strategy raises InvalidStrategyError naming the bad item."""
    with pytest.raises(InvalidStrategyError, match=message):
        behaviour_strategy(kuhn, 1, mapping)


def test_symbolic_strategy_needs_numbers(kuhn, kuhn_sets):
    """Best responses need numeric probabilities; a symbolic family member is refused clearly."""
    x = kuhn_sets.plan_form.behaviour_strategy(0, kuhn_sets.families[0].plans)
    with pytest.raises(ValueError, match="substitute its parameters"):
        best_response(kuhn, x, player=0)


def _walk_payoffs(game, strategies):
    """Both players' expected payoffs by a plain walk from the root (an independent computation):
    ``strategies[p]`` is ``information-set label -> {action: probability}``."""

    def value(n):
        node = game.nodes[n]
        if not node.children:
            return tuple(game.payoffs[n])
        if node.is_chance:
            probs = node.probabilities
        else:
            info = game.infosets[node.infoset]
            probs = [strategies[info.player][info.label].get(a, 0) for a in info.actions]
        total = [sp.S.Zero, sp.S.Zero]
        for child, p in zip(node.children, probs):
            if p:
                for k, v in enumerate(value(child)):
                    total[k] += p * v
        return tuple(total)

    return value(0)


def _pure_strategies(game, player):
    infos = game.infosets_of(player)
    for actions in itertools.product(*(i.actions for i in infos)):
        yield {i.label: {a: 1} for i, a in zip(infos, actions)}


def _brute_force_nash_conv(game, x, y):
    """NashConv as the best pure deviation of each player, every pure strategy tried (Kuhn: 64 each)."""
    u = _walk_payoffs(game, (x, y))
    best0 = max(_walk_payoffs(game, (s, y))[0] for s in _pure_strategies(game, 0))
    best1 = max(_walk_payoffs(game, (x, t))[1] for t in _pure_strategies(game, 1))
    return best0 - u[0] + best1 - u[1]


def test_random_profiles_match_brute_force(kuhn):
    """On random exact Kuhn profiles NashConv and exploitability equal a brute force over pure deviations
    (a walk of the tree, no sequence or plan form), and the label-keyed path of best_response.py, whether
    the strategies are poker objects or label mappings; best responses reach the best pure deviation."""
    rng = random.Random(20)
    game = kuhn
    for _ in range(4):
        labels = []
        for p in (0, 1):
            probs = {}
            for info in game.infosets_of(p):
                w = [rng.randint(0, 4) for _ in info.actions]
                w[0] += 1 if sum(w) == 0 else 0
                probs[info.label] = {a: R(v, sum(w)) for a, v in zip(info.actions, w)}
            labels.append(probs)
        x, y = (behaviour_strategy(kuhn, p, labels[p]) for p in (0, 1))
        expected = _brute_force_nash_conv(game, *labels)
        assert expected > 0
        assert nash_conv(game, (x, y)) == nash_conv(game, labels) == expected
        assert nash_conv(game, {"opener": labels[0], "dealer": y}) == expected
        assert exploitability(game, (x, y)) == expected / 2
        assert game_nash_conv(behaviour_profile(game, labels)) == expected
        for me, s in enumerate((x, y)):
            br = best_response(game, s)
            assert br == best_response(game, labels[me], player=me)
            reply = (labels[0], br.strategy) if me == 0 else (br.strategy, labels[1])
            assert _walk_payoffs(game, reply)[0] == br.value
            other = 1 - me
            best = max(
                _walk_payoffs(game, (labels[0], t) if me == 0 else (t, labels[1]))[other]
                for t in _pure_strategies(game, other)
            )
            assert (-br.value if other == 1 else br.value) == best  # zero-sum: the dealer's payoff is -U


def test_tree_holder_and_labels(kuhn, kuhn_sets):
    """During the move to the one Game, the tree (an object with .game) stands for its Game; a
    strategy given by labels needs its player; the dealer's best plans carry the thesis's labels, as the tree's."""
    y = behaviour_strategy(kuhn, 1, KUHN_DEALER)
    assert strategy_exploitability(kuhn, y, kuhn_sets.value) == 0
    br = best_response(kuhn, y)
    assert br == best_response(kuhn, KUHN_DEALER, player=1) and isinstance(br, BestResponse)
    assert br.player == 0 and br.value == R(-1, 18)
    x = behaviour_strategy(kuhn, 0, {i.label: {i.actions[-1]: 1} for i in kuhn.infosets_of(0)})
    assert [p.label for p in best_response(kuhn, x).plans] == [
        "Q:check",
        "Q:fold",
        "K:check",
        "K:call",
        "A:check",
        "A:call",
    ]
    with pytest.raises(IncompleteProfileError, match="needs its player"):
        best_response(kuhn, KUHN_DEALER)
    with pytest.raises(TypeError, match="expected a Game"):
        nash_conv(kuhn.metadata["rules"], (x, y))
