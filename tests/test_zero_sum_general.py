"""The general exact solver: Kuhn poker typed by hand, textbook games, the one-card games, certificates."""

from __future__ import annotations

import itertools

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.extensive_form import NotSupportedError, chance, decision, extensive_form, payoff
from derive.games.one_card import one_card_poker, to_extensive_form
from derive.games.textbook import beer_quiche, matching_pennies, myerson_poker, reiley_poker
from derive.sequence_form.general import behaviour_symbols, game_sequence_form
from derive.solving.families.optimal_families import optimal_families
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.best_response import (
    behaviour_profile,
    game_best_response,
    game_exploitability,
    game_nash_conv,
    profile_payoffs,
)

R = sp.Rational


def kuhn_by_hand():
    """Kuhn poker (Kuhn 1950) typed in with the builder API, as a lecturer would."""
    rank = {"Q": 0, "K": 1, "A": 2}

    def showdown(o, d, stake):
        return payoff(stake, -stake) if rank[o] > rank[d] else payoff(-stake, stake)

    def deal(o, d):
        return decision(
            "opener",
            o,
            {
                "check": decision(
                    "dealer",
                    f"{d}:x",
                    {
                        "check": showdown(o, d, 1),
                        "bet": decision(
                            "opener", f"{o}:xb", {"fold": payoff(-1, 1), "call": showdown(o, d, 2)}
                        ),
                    },
                ),
                "bet": decision("dealer", f"{d}:b", {"fold": payoff(1, -1), "call": showdown(o, d, 2)}),
            },
        )

    deals = {o + d: ("1/6", deal(o, d)) for o, d in itertools.permutations("QKA", 2)}
    return extensive_form(["opener", "dealer"], chance(deals), title="Kuhn poker by hand")


def test_kuhn_by_hand_gives_minus_one_eighteenth_and_kuhns_family():
    """Value -1/18; opener: alpha = gamma/3, beta = (1 + gamma)/3, gamma in [0, 1]; dealer xi = eta = 1/3.

    Kuhn (1950), p. 101, with alpha = P(bet | Q), beta = P(call | K after check-bet), gamma = P(bet | A).
    """
    sol = solve_zero_sum(kuhn_by_hand(), all_optimal=True)
    assert sol.value == R(-1, 18)
    opener, dealer = sol.optimal_sets
    assert opener.dimension == 1 and dealer.dimension == 0
    alpha, beta, gamma = opener.plan["Q:bet"], opener.plan["K:xb:call"], opener.plan["A:bet"]
    assert sp.expand(alpha - gamma / 3) == 0
    assert sp.expand(beta - (1 + gamma) / 3) == 0
    assert sorted(v["A:bet"] for v in opener.vertex_plans()) == [0, 1]
    assert opener.plan["K:bet"] == 0 and opener.plan["Q:xb:call"] == 0 and opener.plan["A:xb:fold"] == 0
    assert dealer.plan["Q:x:bet"] == R(1, 3) and dealer.plan["K:b:call"] == R(1, 3)
    assert dealer.plan["A:x:bet"] == 1 and dealer.plan["A:b:call"] == 1


@pytest.mark.parametrize(
    "factory, value, dims",
    [
        (matching_pennies, 0, (0, 0)),
        (myerson_poker, R(1, 3), (0, 0)),
        (reiley_poker, R(1, 3), (0, 0)),
    ],
    ids=["matching-pennies", "myerson", "reiley"],
)
def test_textbook_values(factory, value, dims):
    """Published values: matching pennies 0; Myerson (1991, section 2.1) 1/3; Reiley et al. (2008) 1/3."""
    sol = solve_zero_sum(factory(), all_optimal=True)
    assert sol.value == value
    assert tuple(s.dimension for s in sol.optimal_sets) == dims


def test_myerson_equilibrium_is_the_published_one():
    """Myerson (1991) section 2.1: Fred raises red always and black with 1/3; Alice meets with 2/3."""
    sol = solve_zero_sum(myerson_poker())
    assert sol.strategies[0]["Black"] == {"Raise": R(1, 3), "Fold": R(2, 3)}
    assert sol.strategies[1]["raised"] == {"Meet": R(2, 3), "Pass": R(1, 3)}


@pytest.mark.parametrize("deck, bets", [(3, 1), (3, 2), (4, 1), (4, 2), (5, 2)])
def test_general_solver_agrees_with_the_poker_pipeline(deck, bets):
    """Value and the dimensions of both optimal sets equal those of the plan-form derivation."""
    rules = one_card_poker(deck, bets)
    general = solve_zero_sum(to_extensive_form(rules), all_optimal=True)
    poker = optimal_families(to_extensive_form(rules))
    assert general.value == poker.value
    assert [s.dimension for s in general.optimal_sets] == [f.dimension for f in poker.families]


def test_one_raise_optimal_sets():
    """Miao's game: opener's set 3-dimensional, dealer's 2-dimensional; the dealer may fold the ace
    to a checkraise with probability up to 1/5 (y[A:xbr:call] >= 4/5)."""
    sol = solve_zero_sum(to_extensive_form(one_card_poker(3, 2)), all_optimal=True)
    opener, dealer = sol.optimal_sets
    assert (opener.dimension, dealer.dimension) == (3, 2)
    calls = sorted({v["A:xbr:call"] for v in dealer.vertex_plans()})
    assert calls == [R(4, 5), 1]


def test_every_vertex_is_optimal_and_the_thesis_family_lies_in_the_set():
    """Each vertex plan, paired with the opponent's equilibrium, has NashConv 0 (exact, independent code);
    the thesis's family (checkraise alpha, betcall 1 - alpha with the ace ...) lies in the opener's set."""
    g = to_extensive_form(one_card_poker(3, 2))
    sol = solve_zero_sum(g, all_optimal=True)
    sf = game_sequence_form(g)
    for s in sol.optimal_sets:
        for plan in s.vertex_plans():
            strategy = _behaviour_from_plan(sf, s.player, plan)
            profile = [None, None]
            profile[s.player] = strategy
            profile[1 - s.player] = sol.strategies[1 - s.player]
            assert game_nash_conv(behaviour_profile(g, profile)) == 0
    a = sp.Symbol("a")
    thesis = {
        "Q:check": (2 + a) / 3,
        "Q:bet": (1 - a) / 3,
        "Q:xb:fold": (2 + a) / 3,
        "Q:br:fold": (1 - a) / 3,
        "K:check": 1,
        "K:xb:fold": (1 + a) / 3,
        "K:xb:call": (2 - a) / 3,
        "A:check": a,
        "A:xb:raise": a,
        "A:bet": 1 - a,
        "A:br:call": 1 - a,
    }
    for t in (0, R(1, 2), 1):
        assert sol.optimal_sets[0].contains({k: sp.sympify(v).subs(a, t) for k, v in thesis.items()})
    assert not sol.optimal_sets[0].contains(
        {"Q:check": 1, "K:check": 1, "A:bet": 1, "Q:xb:fold": 1, "K:xb:fold": 1, "A:br:call": 1}
    )


def _behaviour_from_plan(sf, player, plan):
    out = {}
    for info in sf.game.infosets_of(player):
        parent = plan.get(sf.label(player, sf.parent[info.index]), 0)
        probs = [plan.get(f"{info.label}:{a}", 0) for a in info.actions]
        out[info.label] = (
            {a: p / parent for a, p in zip(info.actions, probs)}
            if parent
            else {a: R(1, len(info.actions)) for a in info.actions}
        )
    return out


def test_bilinear_payoff_equals_the_tree_walk():
    """x^T A y with realization plans of behaviour parameters equals the expected payoff by the tree walk."""
    g = kuhn_by_hand()
    sf = game_sequence_form(g)
    params = behaviour_symbols(g)
    bilinear = sf.behaviour_payoff(0, params)
    values = {s: R(k + 1, 7 + k) for k, s in enumerate(sorted(bilinear.free_symbols, key=str))}
    profile = behaviour_profile(
        g,
        [
            {i.label: {a: params[(p, i.label, a)].subs(values) for a in i.actions} for i in g.infosets_of(p)}
            for p in (0, 1)
        ],
    )
    assert bilinear.subs(values) == profile_payoffs(profile)[0]


def test_uniform_kuhn_nash_conv_is_eleven_twelfths():
    """OpenSpiel's exploitability test: uniform random play in Kuhn poker has NashConv 11/12."""
    g = kuhn_by_hand()
    uniform = behaviour_profile(
        g, [{i.label: {a: R(1, 2) for a in i.actions} for i in g.infosets_of(p)} for p in (0, 1)]
    )
    assert game_nash_conv(uniform) == R(11, 12)
    assert game_exploitability(uniform) == R(11, 24)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=12, max_size=12))
def test_exploitability_is_never_negative(weights):
    """Any exact profile of Kuhn poker has exploitability >= 0, and 0 at the solver's equilibrium."""
    g = kuhn_by_hand()
    profile = []
    k = 0
    for p in (0, 1):
        strategy = {}
        for info in g.infosets_of(p):
            w = weights[k] % 6
            k += 1
            strategy[info.label] = {info.actions[0]: R(w, 6), info.actions[1]: R(6 - w, 6)}
        profile.append(strategy)
    assert game_exploitability(behaviour_profile(g, profile)) >= 0


def test_three_player_best_responses_and_refusal_to_solve():
    """A three-player game: NashConv of a profile is exact; solving says in one line it is not supported."""
    g = extensive_form(
        ["A", "B", "C"],
        decision(
            "A",
            "a",
            {
                "l": decision("B", "b", {"l": payoff(1, 1, -2), "r": payoff(0, 2, -2)}),
                "r": decision("C", "c", {"l": payoff(2, 0, -2), "r": payoff(-1, 0, 1)}),
            },
        ),
    )
    profile = behaviour_profile(
        g, {"A": {"a": {"l": 1}}, "B": {"b": {"l": "1/2", "r": "1/2"}}, "C": {"c": {"l": 1}}}
    )
    assert profile_payoffs(profile) == (R(1, 2), R(3, 2), -2)
    assert game_best_response(profile, 0).value == 2  # A deviates to r, C plays l
    assert game_best_response(profile, 1).regret == R(1, 2)
    assert game_nash_conv(profile) == 2
    with pytest.raises(NotSupportedError, match="is a 3-player game"):
        solve_zero_sum(g)


def test_general_sum_and_symbolic_games_are_refused_in_one_line():
    """Beer-quiche is general-sum; Myerson with symbols needs numbers: NotSupportedError, one line."""
    with pytest.raises(NotSupportedError, match="not constant-sum") as info:
        solve_zero_sum(beer_quiche())
    assert "\n" not in str(info.value)
    P, B = sp.symbols("P B", positive=True)
    with pytest.raises(NotSupportedError, match="symbolic"):
        solve_zero_sum(myerson_poker(P, B))


def test_symbolic_bilinear_payoff():
    """Myerson's game with pot P and bet B: the payoff in behaviour parameters is exact in P and B."""
    P, B = sp.symbols("P B", positive=True)
    g = myerson_poker(P, B)
    r, b, m = sp.symbols("r b m")
    names = {(0, "Red", "Raise"): r, (0, "Black", "Raise"): b, (1, "raised", "Meet"): m}
    u = game_sequence_form(g).behaviour_payoff(0, behaviour_symbols(g, names))
    # red: raise -> meet wins P+B, pass wins P; fold wins P.  black: raise -> meet loses P+B, pass wins P; fold loses P
    expected = R(1, 2) * (r * (m * (P + B) + (1 - m) * P) + (1 - r) * P) + R(1, 2) * (
        b * (-m * (P + B) + (1 - m) * P) - (1 - b) * P
    )
    assert sp.expand(u - expected) == 0


def test_large_optimal_set_lists_its_vertices():
    """N = 3 with 4 bets: the opener's 7-dimensional set (once beyond the old 200,000-subset cap) has its
    12 vertices listed by cddlib, each certified optimal; the dealer's 35 vertices too (issue 12, item 3).
    Dimensions agree with the plan-form derivation."""
    rules = one_card_poker(3, 4)
    sol = solve_zero_sum(to_extensive_form(rules), all_optimal=True)
    opener, dealer = sol.optimal_sets
    assert (opener.dimension, dealer.dimension) == (7, 6)
    assert opener.vertices_enumerated and len(opener.vertices) == 12
    assert "every vertex certified optimal" in opener.certificate
    assert dealer.vertices_enumerated and len(dealer.vertices) == 35
    assert [f.dimension for f in optimal_families(to_extensive_form(rules)).families] == [7, 6]


def test_exact_fractions_with_large_terms_are_certified_exactly():
    """Chance 3333333333333333/10^16 vs 6666666666666667/10^16: the optimal sets are certified at the exact
    point (no rounding to 1/3 before the check)."""
    from fractions import Fraction

    p = Fraction(3333333333333333, 10**16)
    tree = chance(
        {
            "Red": (
                p,
                decision(
                    "Fred",
                    "Red",
                    {
                        "Raise": decision("Alice", "raised", {"Meet": payoff(2, -2), "Pass": payoff(1, -1)}),
                        "Fold": payoff(1, -1),
                    },
                ),
            ),
            "Black": (
                1 - p,
                decision(
                    "Fred",
                    "Black",
                    {
                        "Raise": decision("Alice", "raised", {"Meet": payoff(-2, 2), "Pass": payoff(1, -1)}),
                        "Fold": payoff(-1, 1),
                    },
                ),
            ),
        }
    )
    sol = solve_zero_sum(extensive_form(["Fred", "Alice"], tree), all_optimal=True)
    assert sol.value == R(-1111111111111112, 10**16)
    assert [s.dimension for s in sol.optimal_sets] == [0, 0]
    assert sol.optimal_sets[0].plan["Black:Raise"] == R(1111111111111111, 6666666666666667)


def test_constant_sum_values_are_each_players_own():
    """Constant sum 10 (Row [[8, 4], [3, 9]]): value 6 to Row, 4 to Col; Col's conditions are in Col's payoffs."""

    def col(r1, r2):
        return decision("Col", "c", {"left": payoff(r1, 10 - r1), "right": payoff(r2, 10 - r2)})

    g = extensive_form(["Row", "Col"], decision("Row", "r", {"top": col(8, 4), "bottom": col(3, 9)}))
    sol = solve_zero_sum(g, all_optimal=True)
    assert sol.values == (6, 4)
    assert sol.strategies[0]["r"] == {"top": R(3, 5), "bottom": R(2, 5)}
    col_set = sol.optimal_sets[1]
    assert sp.Eq(sp.Symbol("v_{∅}"), 4) in col_set.conditions
    assert game_nash_conv(behaviour_profile(g, sol.strategies)) == 0


def test_membership_is_decided_exactly():
    """A float is refused by OptimalSet.contains; the exact plan is accepted."""
    from derive.extensive_form import GameModelError

    s = solve_zero_sum(myerson_poker(), all_optimal=True).optimal_sets[0]
    assert s.contains({"Red:Raise": 1, "Black:Raise": R(1, 3), "Black:Fold": R(2, 3)})
    with pytest.raises(GameModelError, match="float"):
        s.contains({"Red:Raise": 1, "Black:Raise": 0.3333333333333333, "Black:Fold": R(2, 3)})


def test_optimal_set_in_parameters_the_user_names():
    """The one-raise game's 3-dimensional optimal set of the opener, rewritten with the thesis's α (the
    probability of checkraising with A) and β (betfolding with A): the same vertices (as plans), the same
    members, and each named parameter equal to its sequence's realization everywhere."""
    from derive.games.one_card import one_raise_poker, to_extensive_form

    s = solve_zero_sum(to_extensive_form(one_raise_poker()), all_optimal=True).optimal_sets[0]
    alpha, beta = sp.symbols("alpha beta")
    r = s.reparametrized({alpha: "A:xb:raise", "beta": "A:br:fold"})
    assert set(r.parameters) >= {alpha, beta} and len(r.parameters) == 3
    assert sp.expand(r.plan["A:xb:raise"] - alpha) == 0 and sp.expand(r.plan["A:br:fold"] - beta) == 0
    as_plans = lambda oset: sorted(tuple(sorted(p.items())) for p in oset.vertex_plans())  # noqa: E731
    assert as_plans(r) == as_plans(s)
    for plan in s.vertex_plans():
        assert r.contains(plan)
    centre = {k: sum(p[k] for p in s.vertex_plans()) / len(s.vertices) for k in s.plan}
    assert r.contains(centre) and s.contains(centre)
    outside = dict(centre, **{"A:xb:raise": centre["A:xb:raise"] + 2})
    assert not r.contains(outside)


def test_optimal_set_renaming_errors():
    """A label that is no sequence, a sequence fixed on the whole set, and a name already used: one line each."""
    from derive.games.one_card import kuhn_poker, to_extensive_form

    s = solve_zero_sum(to_extensive_form(kuhn_poker()), all_optimal=True).optimal_sets[
        1
    ]  # the dealer: unique
    with pytest.raises(ValueError, match="the realization of 'Q:x:bet' is 1/3 in the whole set"):
        s.reparametrized({"xi": "Q:x:bet"})
    with pytest.raises(KeyError, match="no sequence 'Q:bluff' of player 1"):
        s.reparametrized({"xi": "Q:bluff"})
    opener = solve_zero_sum(to_extensive_form(kuhn_poker()), all_optimal=True).optimal_sets[0]
    with pytest.raises(ValueError, match="already a parameter"):
        opener.reparametrized({"alpha": "Q:bet"}).reparametrized({"alpha": "A:bet"})


def test_optimal_sets_stop_at_the_time_limit():
    """One of 45 cards to Ann, 22 losing and 23 winning; she bets or checks, Bob calls or folds not seeing
    the card: her optimal set is a 21-dimensional polytope whose vertices cddlib enumerates for minutes.
    The value comes at once; the optimal sets stop at the limit with one line saying where."""
    from derive.solving.limits import TimeLimitError

    def hand(k):
        win = 1 if k >= 22 else -1
        reply = decision("Bob", "b", {"call": payoff(2 * win, -2 * win), "fold": payoff(1, -1)})
        return sp.Rational(1, 45), decision("Ann", f"c{k}", {"bet": reply, "check": payoff(win, -win)})

    game = extensive_form(["Ann", "Bob"], chance({f"c{k}": hand(k) for k in range(45)}))
    assert solve_zero_sum(game, refine="none").value == solve_zero_sum(game).value
    # on a loaded machine the limit may strike while the equations are still being solved
    with pytest.raises(
        TimeLimitError,
        match="stopped at the time limit of 2 s while (enumerating the vertices|solving the indifference equations)",
    ):
        solve_zero_sum(game, all_optimal=True, time_limit=2)
