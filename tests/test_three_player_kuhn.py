"""Three-player Kuhn poker (issue 13, item 3): the rules against OpenSpiel's, state by state.

OpenSpiel's ``kuhn_poker`` with ``players=3`` deals J, Q, K, A (its cards 0-3) and has two actions,
Pass and Bet; a Pass facing a bet is a fold and a Bet facing one a call.  Every terminal history of
OpenSpiel's game must have the same payoffs in derive's game, and the games must have the same
number of information sets.
"""

from __future__ import annotations

import pytest
import sympy as sp
from _openspiel import openspiel

from derive.games.registry import load_game
from derive.games.three_player_kuhn import (
    CARDS,
    SGS_SYMBOLS,
    sgs_symbol,
    szafron_gibson_sturtevant_family,
    three_player_kuhn_poker,
)
from derive.verification.best_response import behaviour_profile, game_nash_conv, profile_payoffs
from derive.verification.profile_family import check_profile_family

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


# --- The published family (issue 13, item 3) ---------------------------------------------------

S = SGS_SYMBOLS


def _openspiel_nash_conv(strategies, point) -> float:
    """OpenSpiel's NashConv (floating point) of the member of ``strategies`` at ``point``, as a
    tabular policy of its own ``kuhn_poker(players=3)``: information state ``"2pb"`` is derive's
    ``"K:xb"`` (card 0-3 = J-A; Pass = check or fold, Bet = bet or call)."""
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import exploitability

    pyspiel, _ = openspiel()
    game = pyspiel.load_game("kuhn_poker", {"players": 3})
    table = os_policy.TabularPolicy(game)
    letters = {"x": "p", "f": "p", "b": "b", "c": "b"}
    set_keys = set()
    for play in strategies:
        for label, dist in play.items():
            card, _, history = label.partition(":")
            key = str(CARDS.index(card)) + "".join(letters[h] for h in history)
            passive, active = ("check", "bet") if "bet" in dist else ("fold", "call")
            table.policy_for_key(key)[:] = [float(sp.sympify(dist[x]).subs(point)) for x in (passive, active)]
            set_keys.add(key)
    assert set_keys == set(table.state_lookup)  # every information state was set
    return exploitability.nash_conv(game, table)


@pytest.mark.parametrize(
    "subfamily, beta",
    [(1, S["b21"]), (2, S["b11"]), (3, S["b11"])],
)
def test_published_family_is_verified_exactly(subfamily, beta):
    """Every member of each sub-family is a Nash equilibrium, decided over the whole (in sub-families
    2 and 3 curved) domain; the values: P1 loses (1 + 2 beta)/48, P2 1/48 whatever the member, and
    P3 wins (1 + beta)/24, with beta = max(b11, b21): P2's choice moves chips between P1 and P3."""
    fam = szafron_gibson_sturtevant_family(subfamily)
    check = check_profile_family(three_player_kuhn_poker(), fam.strategies, fam.domain)
    assert check.is_equilibrium is True, (check.failures, check.undecided)
    expected = (-(1 + 2 * beta) / 48, R(-1, 48), (1 + beta) / 24)
    assert all(sp.expand(u - e) == 0 for u, e in zip(check.payoffs, expected))
    for proofs, gaps in zip(check.certificates, check.gaps):
        for label, certificate in proofs.items():  # each certificate is an identity for -gap
            assert sp.expand(certificate.target + gaps[label]) == 0
            assert sp.expand(certificate.expression().doit() - certificate.target) == 0
    assert (subfamily == 1) == (not any(check.certificates))  # only the curved domains need them


def _members(fam):
    """The vertices of the family's domain that meet its curved inequalities."""
    from derive.solving.families.polytope import polytope, slack

    raw = [slack(c) for c in fam.domain]
    linear = [e for e in raw if sp.Poly(e, *fam.parameters).total_degree() <= 1]
    _, vertices = polytope(linear, fam.parameters)
    return [v for v in vertices if all(e.subs(v) >= 0 for e in raw)]


@pytest.mark.parametrize("subfamily", [1, 2, 3])
def test_openspiel_finds_no_gain_at_the_members_derive_verified(subfamily):
    """Outside check: OpenSpiel's NashConv is 0 (to rounding) at the vertices of each sub-family's domain."""
    fam = szafron_gibson_sturtevant_family(subfamily)
    members = _members(fam)
    assert len(members) >= 10
    for point in members:
        assert _openspiel_nash_conv(fam.strategies, point) < 1e-12, point


@pytest.mark.parametrize(
    "point",
    [
        {"b11": 0, "b21": 0, "b32": R(3, 5), "c33": 0, "c34": 0},  # b32 > 1/2 + 3/4 (b11 + b21) + beta/4
        {"b11": 0, "b21": 0, "b32": R(1, 4), "c33": R(1, 5), "c34": 0},  # c33 < 1/2 - b32
        {"b11": 0, "b21": R(3, 10), "b32": R(1, 2), "c33": 0, "c34": 0},  # b21 > 1/4
        {"b11": R(1, 5), "b21": R(1, 10), "b32": R(1, 2), "c33": 0, "c34": 0},  # b11 > b21
    ],
)
def test_just_outside_the_domain_is_no_equilibrium(point):
    """The domain's bounds are needed: a point just beyond one of them (sub-family 1's formulas) is
    no equilibrium, for derive and for OpenSpiel."""
    fam = szafron_gibson_sturtevant_family(1)
    at = {S[k]: v for k, v in point.items()}
    member = [
        {label: {a: sp.sympify(x).subs(at) for a, x in dist.items()} for label, dist in play.items()}
        for play in fam.strategies
    ]
    check = check_profile_family(three_player_kuhn_poker(), member)
    assert check.is_equilibrium is False
    assert _openspiel_nash_conv(fam.strategies, at) > 1e-3


def test_sub_family_must_exist():
    with pytest.raises(ValueError, match="sub-family must be 1, 2 or 3, got 4"):
        szafron_gibson_sturtevant_family(4)


# --- The family derived from its support, and a search over supports ---------------------------

from derive.solving.families.indifference import family_from_support, neighbouring_supports, support_of  # noqa: E402

#: The published parameters, in the unknowns' names ("<information set>><action>").
PAPER = ["J:x>bet", "Q:x>bet", "Q:xxbf>call", "K:b>call", "J:xx>bet", "K:bf>call", "K:bc>call"]


@pytest.mark.parametrize("subfamily", [1, 2, 3])
def test_each_sub_family_is_derived_from_its_support(subfamily):
    """Told only which actions each sub-family uses, derive solves the indifference equations and
    finds the published dependent probabilities (P1 calls with K half the time, b41 = 2 b11 + 2 b21,
    b33 as published, c21 = 1/2 - c11 and, in sub-family 3, b21 = b11), and its no-gain conditions
    hold on the published domain: at every vertex the published family and the derived one agree."""
    published = szafron_gibson_sturtevant_family(subfamily)
    fam = family_from_support(
        three_player_kuhn_poker(), support_of(published.strategies), parameters=list(PAPER)
    )
    assert fam.consistent
    rename = {sp.Symbol(k): sgs_symbol(k.split(">")[0]) for k in PAPER}
    for point in _members(published):
        at = {k: point.get(v, 0) for k, v in rename.items()}
        for conditions in fam.conditions:
            assert conditions.subs(at) == sp.true, (conditions, point)
        for ours, theirs in zip(fam.strategies, published.strategies):
            for label, dist in ours.items():
                for action, prob in dist.items():
                    assert prob.subs(at) == sp.sympify(theirs[label][action]).subs(point), (label, action)
    check = check_profile_family(three_player_kuhn_poker(), fam.strategies, fam.conditions)
    assert check.is_equilibrium is True


def test_search_from_sub_family_1_finds_sub_family_3():
    """One information set changed at a time (those the others reach): P3 mixing with J when checked
    to gives sub-family 3, with b21 = b11 and the curved bound c11 (3 + 4 b11) <= 2 - b11 derived.
    Every family the search finds is verified exactly, and OpenSpiel's NashConv is 0 at its centre."""
    from derive.solving.families.polytope import polytope, slack

    game = three_player_kuhn_poker()
    found = dict(neighbouring_supports(game, support_of(szafron_gibson_sturtevant_family(1).strategies)))
    assert len(found) >= 10
    third = found["P3 J:xx: {check, bet}"]
    b11, c11 = sp.Symbol("J:x>bet"), sp.Symbol("J:xx>bet")
    assert third.solution[sp.Symbol("Q:x>bet")] == b11
    assert sp.Ge(sp.expand(-(4 * b11 * c11 + b11 + 3 * c11 - 2) / 24), 0) in third.conditions
    for change, fam in found.items():
        check = check_profile_family(game, fam.strategies, fam.conditions)
        assert check.is_equilibrium is True, change
        raw = [slack(c) for c in fam.conditions]
        linear = [e for e in raw if sp.Poly(e, *fam.parameters).total_degree() <= 1]
        _, vertices = polytope(linear, fam.parameters)
        centre = {t: sum(v[t] for v in vertices) / len(vertices) for t in fam.parameters}
        inside = (
            centre
            if all(e.subs(centre) >= 0 for e in raw)
            else next(v for v in vertices if all(e.subs(v) >= 0 for e in raw))
        )
        assert _openspiel_nash_conv(fam.strategies, inside) < 1e-12, change
