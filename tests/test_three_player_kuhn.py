"""Three-player Kuhn poker (issue 13, item 3): the rules against OpenSpiel's, state by state.

OpenSpiel's ``kuhn_poker`` with ``players=3`` deals J, Q, K, A (its cards 0-3) and has two actions,
Pass and Bet; a Pass facing a bet is a fold and a Bet facing one a call.  Every terminal history of
OpenSpiel's game must have the same payoffs in derive's game, and the games must have the same
number of information sets.
"""

from __future__ import annotations

import sympy as sp
from _openspiel import openspiel

from derive.games.registry import load_game
from derive.games.three_player_kuhn import CARDS, three_player_kuhn_poker
from derive.verification.best_response import behaviour_profile, game_nash_conv, profile_payoffs

R = sp.Rational


def _derive_outcomes(game):
    """``(deal, actions) -> payoffs`` over derive's tree."""
    out = {}

    def walk(n, deal, actions):
        node = game.nodes[n]
        if not node.children:
            out[(deal, tuple(actions))] = tuple(node.outcome)
            return
        for action, child in zip(node.actions, node.children):
            if node.player == -1 or node.infoset is None:
                walk(child, action, actions)
            else:
                walk(child, deal, actions + [action])

    walk(0, None, [])
    return out


def test_same_game_as_openspiel():
    pyspiel, _ = openspiel()
    os_game = pyspiel.load_game("kuhn_poker", {"players": 3})
    ours = _derive_outcomes(three_player_kuhn_poker())
    seen = set()
    infostates = set()

    def walk(state, cards, actions):
        if state.is_terminal():
            deal = "".join(CARDS[c] for c in cards)
            words, bet = [], False
            for a in actions:
                words.append(("call" if a else "fold") if bet else ("bet" if a else "check"))
                bet = bet or a == 1
            key = (deal, tuple(words))
            assert ours[key] == tuple(sp.Rational(int(r)) for r in state.returns())
            seen.add(key)
            return
        if state.is_chance_node():
            for c, _ in state.chance_outcomes():
                walk(state.child(c), cards + [c], actions)
            return
        infostates.add((state.current_player(), state.information_state_string()))
        for a in state.legal_actions():
            walk(state.child(a), cards, actions + [a])

    walk(os_game.new_initial_state(), [], [])
    assert seen == set(ours) and len(seen) == 24 * 13
    assert len(infostates) == len(three_player_kuhn_poker().infosets) == 48


def test_registered_zero_sum_and_checked_by_nashconv():
    """Built in as ``kuhn3``; zero-sum with three players; everyone checking and folding is not an
    equilibrium (NashConv > 0), and the payoffs of uniform play are symmetric in expectation: 0 each."""
    game = load_game("kuhn3")
    assert game.num_players == 3 and game.is_zero_sum
    uniform = [
        {i.label: {a: R(1, len(i.actions)) for a in i.actions} for i in game.infosets_of(p)} for p in range(3)
    ]
    profile = behaviour_profile(game, uniform)
    assert sum(profile_payoffs(profile)) == 0
    passive = [
        {i.label: {("check" if "check" in i.actions else "fold"): 1} for i in game.infosets_of(p)}
        for p in range(3)
    ]
    assert game_nash_conv(behaviour_profile(game, passive)) > 0
