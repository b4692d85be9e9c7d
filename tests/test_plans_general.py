"""The general plan form, plan dominance and per-situation values (derive.sequence_form.plans,
derive.dominance.plans, derive.sequence_form.plan_values) against the one-card model and the sequence form."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import sympy as sp
from sympy.polys.domains import QQ

from derive.dominance.general import reduced_strategies
from derive.dominance.plans import dominated_plans, first_difference
from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import GameModelError, ImperfectRecallError, NotSupportedError
from derive.games.one_card import kuhn_poker, one_card_poker, one_raise_poker, to_extensive_form
from derive.games.textbook import beer_quiche, matching_pennies, myerson_poker, reiley_poker
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.payoff import bilinear_payoff, plan_values
from derive.sequence_form.plan_values import situation_values
from derive.sequence_form.plans import PlanDistributionError, game_plan_form
from derive.sequence_form.strategies import plan_symbol
from derive.verification.best_response import behaviour_profile, profile_payoffs

R = sp.Rational
POKER = {"kuhn": kuhn_poker, "one-raise": one_raise_poker, "N=4, two bets": lambda: one_card_poker(4, 2)}


def _rules_plans(rules, p):
    """Each of ``p``'s situations with its plans' names, from the betting rules alone (no game): the
    plans are the player's own action sequences, the opponent's moves in between."""
    from derive.games.one_card import Action

    def own(history):
        names = []
        for a in rules.legal_actions(history):
            after = history + (a,)
            follow = (
                []
                if rules.is_terminal(after)
                else [after + (b,) for b in rules.legal_actions(after) if not rules.is_terminal(after + (b,))]
            )
            assert len(follow) <= 1  # one-card poker: at most one own information set after a move
            names += [a.value + rest for rest in (own(follow[0]) if follow else [""])]
        return names

    out = {}
    for card in rules.deck:
        for start in [()] if p == 0 else [(Action.CHECK,), (Action.BET,)]:
            label = card + (":" + "".join(a.letter for a in start) if start else "")
            out[label] = sorted(own(start))
    return out


def _new_key(plan):
    return (plan.situation, plan.name)


def _random_behaviour(game, seed):
    """A random, fully mixed, exact behaviour strategy for every player (labels)."""
    rng = random.Random(seed)
    out = []
    for p in range(game.num_players):
        strategy = {}
        for info in game.infosets_of(p):
            w = [rng.randint(1, 9) for _ in info.actions]
            strategy[info.label] = {a: R(x, sum(w)) for a, x in zip(info.actions, w)}
        out.append(strategy)
    return out


# ------------------------------------------------------------------ one-card poker, both ways
@pytest.mark.parametrize("name", POKER)
def test_plan_form_is_the_thesis_plan_form(name):
    """The general plan form of the one-card ``Game`` has the plans the betting rules give, grouped by
    situation (by card), labelled as the thesis names them (``"K:betfold"``, by the builder's
    metadata), and ``x^T P y`` is the bilinear payoff."""
    rules = POKER[name]()
    game = to_extensive_form(rules)
    pf = game_plan_form(game)
    for p in (0, 1):
        expected = _rules_plans(rules, p)
        assert [sit.label for sit in pf.situations[p]] == list(expected)  # by card, checked to before bet to
        assert {
            sit.label: sorted(pf.plans[p][k].name for k in g)
            for sit, g in zip(pf.situations[p], pf.groups[p])
        } == expected
        assert [q.label for q in pf.plans[p]] == [
            f"{q.situation.split(':')[0]}:{q.name}" for q in pf.plans[p]
        ]
        assert None not in pf.situations[p]  # both players always move: no empty plan
    x = sp.Matrix([plan_symbol(q) for q in pf.plans[0]])
    y = sp.Matrix([plan_symbol(q) for q in pf.plans[1]])
    assert sp.expand((x.T * pf.matrix() * y)[0] - bilinear_payoff(game).expression) == 0
    assert pf.payoffs[1] == {k: -v for k, v in pf.payoffs[0].items()}


def test_thesis_plan_names():
    """The thesis's names: checkraise, betfold, ...; the dealer's per situation."""
    pf = game_plan_form(to_extensive_form(one_raise_poker()))

    def names(p, sit):
        return [pf.plans[p][k].name for g in pf.groups[p] for k in g if pf.plans[p][k].situation == sit]

    assert names(0, "A") == ["checkfold", "checkcall", "checkraise", "betfold", "betcall"]
    assert names(1, "K:x") == ["check", "betfold", "betcall"]
    assert names(1, "K:b") == ["fold", "call", "raise"]
    assert pf.find(0, "A:checkraise").choices == (("A", "check"), ("A:xb", "raise"))
    kuhn = game_plan_form(to_extensive_form(kuhn_poker()))
    assert [p.label for p in kuhn.plans[0][:3]] == ["Q:bet", "Q:checkfold", "Q:checkcall"]
    bet, call = kuhn.index[0][kuhn.find(0, "Q:bet")], kuhn.index[1][kuhn.find(1, "K:call")]
    assert kuhn.entries[(bet, call)] == R(-1, 3)  # deal QK (1/6), bet and call: the opener loses 2
    assert (bet, kuhn.index[1][kuhn.find(1, "K:check")]) not in kuhn.entries  # never both played
    # the dealer's plans are labelled by card and own actions, as the thesis (builder's metadata)
    assert [p.label for p in kuhn.plans[1][:4]] == ["Q:check", "Q:bet", "Q:fold", "Q:call"]
    assert [p.situation for p in kuhn.plans[1][:4]] == ["Q:x", "Q:x", "Q:b", "Q:b"]
    numeric = kuhn.numeric_matrix()
    assert {(i, j): QQ.to_sympy(v) for i, row in numeric.items() for j, v in row.items()} == kuhn.entries
    assert kuhn.matrix().shape == (9, 12)


# Survivors per player and eliminations per (round, kind), as the one-card model's own elimination
# gave them before it was retired (Kuhn 1950, p. 101: five free choices remain; Miao 2014's mistakes).
ONE_CARD_DOMINANCE = {
    ("kuhn", True): ((6, 8), {(1, "weak"): 5, (2, "weak"): 2}),
    ("kuhn", False): ((9, 12), {}),
    ("one-raise", True): (
        (6, 8),
        {
            (1, "weak"): 11,
            (2, "strict"): 1,
            (2, "weak"): 3,
            (3, "strict"): 1,
            (3, "weak"): 1,
            (4, "strict"): 1,
            (4, "weak"): 1,
        },
    ),
    ("one-raise", False): ((15, 18), {}),
    ("N=4, two bets", True): ((14, 18), {(1, "weak"): 11, (2, "weak"): 1}),
    ("N=4, two bets", False): ((20, 24), {}),
}


@pytest.mark.parametrize("name", POKER)
@pytest.mark.parametrize("weak", [True, False])
def test_one_card_dominance_counts_and_witnesses(name, weak):
    """The plans removed per round and kind and the survivors are those the one-card model's own
    elimination gave; each removed plan is labelled as the thesis names it (card and name); every
    first-round weak witness is one where the dominator earns strictly more (with the opponent's
    worst case in his other situations)."""
    rules = POKER[name]()
    game = to_extensive_form(rules)
    new = dominated_plans(game, weak=weak)
    survivors, rounds = ONE_CARD_DOMINANCE[(name, weak)]
    assert tuple(len(r) for r in new.remaining) == survivors
    counted: dict[tuple[int, str], int] = {}
    for d in new.eliminated:
        counted[(d.round, d.kind)] = counted.get((d.round, d.kind), 0) + 1
        assert d.plan.label == f"{d.plan.situation.split(':')[0]}:{d.plan.name}"
    assert counted == rounds
    pf = new.plan_form
    for d in new.eliminated:
        assert d.witness is not None and d.witness.player == 1 - d.plan.player
        if d.round == 1 and d.kind == "weak":  # in the full game: the witness is real (see below)
            assert _witness_holds(pf, d), d.reason


def test_dominance_reasons_and_keep():
    """Reasons in words from the labels; keep= protects a plan (Miao 2014: checkcalling the ace is optimal)."""
    game = to_extensive_form(kuhn_poker())
    result = dominated_plans(game)
    assert result.find(0, "Q:checkcall").reason == (
        "opener holds Q: checkcall is weakly dominated by checkfold: never earns more; earns less when dealer holds K, checked to: bet"
    )
    assert result.find(0, "Q:checkcall").choice == "call at Q:xb (instead of fold)"
    assert result.summary_lines()[0].startswith("round 1: opener holds Q: checkcall")
    raise_game = to_extensive_form(one_raise_poker())
    plain = dominated_plans(raise_game)
    assert plain.find(0, "A:checkcall") is not None
    kept = dominated_plans(raise_game, keep=[(0, "A:checkcall")])
    assert kept.find(0, "A:checkcall") is None
    assert "A:checkcall" in {p.label for p in kept.remaining[0]}
    pf = game_plan_form(raise_game)
    assert (
        first_difference(pf.find(0, "A:betcall"), pf.find(0, "A:checkcall")) == "bet at A (instead of check)"
    )


def test_situation_names_from_metadata():
    """metadata['situation_names'] words the situations in reasons."""
    base = to_extensive_form(kuhn_poker())
    names = {(1, f"{c}:{h}"): f"{c}, {'checked to' if h == 'x' else 'bet to'}" for c in "QKA" for h in "xb"}
    game = extensive_form(base.players, _rebuild(base), title=base.title, metadata={"situation_names": names})
    reason = dominated_plans(game).find(0, "Q:checkcall").reason
    assert reason.endswith("earns less when dealer at K, checked to: bet")


def test_situation_verb_from_metadata():
    """One-card poker's builder says "holds" (the thesis's words, as its retired dominance said them);
    every other game keeps "at"; describe_plan and summary_lines take a Game or a plan form."""
    from derive.dominance import describe_plan, summary_lines

    raise_game = to_extensive_form(one_raise_poker())
    assert raise_game.metadata["situation_verb"] == "holds"
    result = dominated_plans(raise_game)
    lines = [line for line in summary_lines(result) if "opener holds A:" in line]
    assert lines[0] == (
        "round 1: opener holds A: checkfold is weakly dominated by checkcall: never earns more; earns less "
        "when dealer holds Q, checked to: betfold  [opener: fold at A:xb (instead of call)]"
    )
    dealer = result.find(1, "K:betfold")
    assert describe_plan(raise_game, dealer.plan) == "dealer holds K, checked to: betfold"
    assert describe_plan(result.plan_form, dealer.plan) == describe_plan(raise_game, dealer.plan)
    myerson = dominated_plans(myerson_poker())
    assert summary_lines(myerson) == [
        "round 1: Fred at Red: Fold is weakly dominated by Raise: never earns more; earns less when "
        "Alice at raised: Meet  [Fred: Fold at Red (instead of Raise)]"
    ]
    assert describe_plan(myerson_poker(), myerson.plan_form.plans[1][-1]) == "Alice makes no move"


def _rebuild(game):
    """The builder tree of a game (to attach other metadata)."""

    def sub(k):
        n = game.nodes[k]
        if n.is_terminal:
            return payoff(*game.payoffs[k])
        if n.is_chance:
            return chance({a: (p, sub(c)) for a, p, c in zip(n.actions, n.probabilities, n.children)})
        info = game.infosets[n.infoset]
        return decision(
            game.players[n.player], info.label, {a: sub(c) for a, c in zip(n.actions, n.children)}
        )

    return sub(0)


# ------------------------------------------------------------------ per-situation values
def test_situation_values_equal_the_one_card_plan_values():
    """Each plan's contribution per situation is the thesis's per-card value (payoff.plan_values) times the
    card's probability; given the situation, it is divided by the probability of reaching it."""
    rules = one_raise_poker()
    game = to_extensive_form(rules)
    pf = game_plan_form(game)
    behaviour = _random_behaviour(game, 7)
    bp = bilinear_payoff(game)
    for p in (0, 1):
        o = 1 - p
        y = pf.plan_probabilities(o, behaviour[o])
        old = plan_values(bp, p, {plan_symbol(plan): v for plan, v in zip(pf.plans[o], y)})
        old = {_new_key(s): v.total for s, v in old.items()}
        tables = situation_values(pf, p, behaviour[o])
        assert [t.situation for t in tables] == [s.label for s in pf.situations[p]]
        for table in tables:
            # the thesis's per-card value divides by the card's probability, 1/3; the general one by the
            # probability of reaching the situation, which for the dealer includes the opener's move
            if p == 0:
                assert table.reach == R(1, 3)
            for v in table.values:
                assert v.total == old[_new_key(v.plan)] / 3
                assert v.conditional == sp.cancel(v.total / table.reach)
                assert sum(v.by_opponent_situation.values()) == v.total
        # one plan per situation: the totals add up to the payoff of that pure strategy
        pick = [t.values[-1] for t in tables]
        x = [sp.S.Zero] * pf.shape[p]
        for v in pick:
            x[pf.index[p][v.plan]] = sp.S.One
        yy = pf.plan_probabilities(o, behaviour[o])
        xy = (x, yy) if p == 0 else (yy, x)
        assert pf.payoff(*xy, player=p) == sum(v.total for v in pick)


def test_situation_values_kuhn_by_hand():
    """Kuhn poker, opener holding K against a dealer who calls K half the time and bets only with A."""
    dealer = {
        "K:b": {"call": "1/2", "fold": "1/2"},
        "K:x": {"check": 1},
        "Q:b": {"fold": 1},
        "Q:x": {"check": 1},
        "A:b": {"call": 1},
        "A:x": {"bet": 1},
    }
    k = situation_values(to_extensive_form(kuhn_poker()), 0, dealer)[1]
    assert k.value("checkfold").by_opponent_situation == {"Q:x": R(1, 6), "A:x": R(-1, 6)}
    assert k.value("bet").total == R(-1, 6)
    assert k.best() == (k.value("checkfold").plan,)
    with pytest.raises(PlanDistributionError, match="no probabilities at information set 'Q:x'"):
        situation_values(to_extensive_form(kuhn_poker()), 0, {"K:x": {"check": 1}})


# ------------------------------------------------------------------ games not from poker
def _catalog_games():
    pygambit = pytest.importorskip("pygambit")
    from derive.formats import read_game

    root = Path(pygambit.__file__).parent / "catalog_data"
    names = [
        "books/myerson1991/fig2_1.efg",
        "journals/other/reiley2008/fig1.efg",
        "books/vonstengel2022/fig10.1.efg",
        "books/vonstengel2022/fig10.12.efg",
        "journals/mor/vonstengelforges2008/fig6.efg",
        "books/shohamleytonbrown2008/fig6_2.efg",  # general-sum, branching plans
        "journals/mor/vonstengelforges2008/fig9.efg",  # general-sum, an empty plan
    ]
    return {n: read_game(root / n) for n in names}


def _general_games():
    games = {
        "myerson": myerson_poker(),
        "reiley": reiley_poker(),
        "matching pennies": matching_pennies(),
        "beer-quiche": beer_quiche(),
        "branching": _branching_game(),
    }
    return games


def _branching_game():
    """Player A checks (and wins 1) or bets; after a bet chance draws a card that A sees and B does not;
    B quits or pushes; A then calls or folds at one of two information sets.  A's plans branch:
    ``bet(call|fold)``."""

    def after(card, sign):
        return decision(
            "B",
            "b",
            {
                "push": decision(
                    "A", f"bet:{card}", {"call": payoff(2 * sign, -2 * sign), "fold": payoff(-1, 1)}
                ),
                "quit": payoff(1, -1),
            },
        )

    return extensive_form(
        ["A", "B"],
        decision(
            "A",
            "start",
            {
                "check": payoff(1, -1),
                "bet": chance({"hi": ("1/3", after("hi", 1)), "lo": ("2/3", after("lo", -1))}),
            },
        ),
        title="branching",
    )


def test_branching_plan_names_and_counts():
    """Several own information sets after one action: parts in tree order, in parentheses, joined by |."""
    pf = game_plan_form(_branching_game())
    assert [p.name for p in pf.plans[0]] == [
        "check",
        "bet(call|call)",
        "bet(call|fold)",
        "bet(fold|call)",
        "bet(fold|fold)",
    ]
    assert pf.find(0, "start:bet(fold|call)").choices == (
        ("start", "bet"),
        ("bet:hi", "fold"),
        ("bet:lo", "call"),
    )
    assert [p.label for p in pf.plans[1]] == ["b:push", "b:quit", "∅"]  # B does not move after a check
    assert pf.entries[(0, 2)] == 1 and pf.payoffs[1][(0, 2)] == -1  # check: B makes no move
    assert all((i, 2) not in pf.entries for i in range(1, 5))  # after a bet B always moves
    x = [0, 0, 0, 1, 0]  # bet, fold on hi, call on lo
    y = [1, 0, 1]  # push
    assert pf.payoff(x, y) == R(1, 3) * -1 + R(2, 3) * -2


@pytest.mark.parametrize(
    "name", ["myerson", "reiley", "matching pennies", "beer-quiche", "branching", "catalog"]
)
def test_plan_counts_and_bilinear_payoff(name):
    """Product of plan counts over situations = number of reduced strategies; x^T P_i y = the profile's
    payoff for both players at random exact behaviour; behaviour -> plans -> behaviour round trip."""
    games = _catalog_games() if name == "catalog" else {name: _general_games()[name]}
    for title, game in games.items():
        pf = game_plan_form(game)
        sf = game_sequence_form(game)
        for p in (0, 1):
            count = 1
            for g in pf.groups[p]:
                count *= len(g)
            assert count == len(reduced_strategies(sf, p)), title
        for seed in range(3):
            behaviour = _random_behaviour(game, seed)
            x, y = (pf.plan_probabilities(p, behaviour[p]) for p in (0, 1))
            expected = profile_payoffs(behaviour_profile(game, behaviour))
            assert pf.payoff(x, y, 0) == expected[0], title
            assert pf.payoff(x, y, 1) == expected[1], title
            for p, probs in ((0, x), (1, y)):
                assert pf.behaviour_strategy(p, probs) == behaviour[p], title
                real = pf.realization_plan(p, probs)
                for info in game.infosets_of(p):
                    for a in info.actions:
                        seqs = game.own_sequences[p][
                            game.nodes[info.nodes[0]].children[info.actions.index(a)]
                        ]
                        assert real[(info.label, a)] == sp.prod(
                            [behaviour[p][game.infosets[i].label][b] for i, b in seqs]
                        )


def test_myerson_plan_form_by_hand():
    """Myerson's card game: Alice never moves after a fold, so she has the always-played empty plan."""
    pf = game_plan_form(myerson_poker())
    assert [p.label for p in pf.plans[0]] == ["Red:Raise", "Red:Fold", "Black:Raise", "Black:Fold"]
    assert [p.label for p in pf.plans[1]] == ["raised:Meet", "raised:Pass", "∅"]
    assert pf.situations[1][-1] is None
    assert pf.entries == {
        (0, 0): 1,
        (0, 1): R(1, 2),
        (1, 2): R(1, 2),
        (2, 0): -1,
        (2, 1): R(1, 2),
        (3, 2): R(-1, 2),
    }
    result = dominated_plans(myerson_poker())
    assert [(d.plan.label, d.dominator.label, d.kind, d.round) for d in result.eliminated] == [
        ("Red:Fold", "Red:Raise", "weak", 1),
    ]
    assert result.eliminated[0].reason == (
        "Fred at Red: Fold is weakly dominated by Raise: never earns more; earns less when Alice at raised: Meet"
    )
    with pytest.raises(PlanDistributionError, match="sum to 3/2"):
        pf.read_plan_probabilities(0, {"Red:Raise": 1, "Black:Raise": "1/2", "Black:Fold": 1})


def test_symbolic_plan_form_and_numeric_matrix():
    """Symbolic amounts stay exact expressions; numeric_matrix refuses them in one line."""
    P, B = sp.symbols("P B", positive=True)
    pf = game_plan_form(myerson_poker(P, B))
    assert pf.entries[(0, 0)] == (P + B) / 2
    with pytest.raises(NotSupportedError, match="symbol"):
        pf.numeric_matrix()
    result = dominated_plans(pf)
    assert [d.plan.label for d in result.eliminated] == ["Red:Fold"]


def test_plan_names_hook():
    """metadata['plan_names'] (a callable or a mapping keyed by (player, choices)) names plans."""
    base = myerson_poker()
    hook = {(0, (("Red", "Raise"),)): "value raise"}
    game = extensive_form(base.players, _rebuild(base), metadata={"plan_names": hook})
    assert game_plan_form(game).plans[0][0].name == "value raise"
    upper = {"plan_names": lambda p, s, c: c[-1][1].upper() if p == 1 else None}
    game = extensive_form(base.players, _rebuild(base), metadata=upper)
    assert [p.name for p in game_plan_form(game).plans[1]] == ["MEET", "PASS", ""]
    assert [p.name for p in game_plan_form(game).plans[0]] == ["Raise", "Fold", "Raise", "Fold"]
    same = {"plan_names": lambda p, s, c: "same" if p == 1 else None}
    game = extensive_form(base.players, _rebuild(base), metadata=same)
    with pytest.raises(GameModelError, match="gives two plans at situation 'raised' the same name"):
        game_plan_form(game)


# ------------------------------------------------------------------ errors
def test_three_players_are_refused():
    from derive.games.three_player_kuhn import three_player_kuhn_poker

    with pytest.raises(
        NotSupportedError, match="^the plan form needs a two-player game, not a 3-player game$"
    ):
        game_plan_form(three_player_kuhn_poker())
    with pytest.raises(NotSupportedError, match="two-player"):
        dominated_plans(three_player_kuhn_poker())


def test_imperfect_recall_is_refused():
    g = extensive_form(
        ["A", "B"],
        decision(
            "A",
            "first",
            {
                "l": decision("A", "second", {"u": payoff(1, -1), "d": payoff(0, 0)}),
                "r": decision("A", "second", {"u": payoff(0, 0), "d": payoff(1, -1)}),
            },
        ),
    )
    with pytest.raises(
        ImperfectRecallError, match="imperfect recall at information set 'second' of player 'A'"
    ):
        game_plan_form(g)


def test_too_many_plans_are_refused_before_listing():
    """Leduc hold'em: 47,125 plans at the opener's J, counted not listed; the cap is in the message."""
    from derive.games.leduc import leduc_holdem

    with pytest.raises(
        NotSupportedError, match="^player '.*' has 47125 plans at situation 'J', more than the cap of 4096$"
    ):
        game_plan_form(leduc_holdem())
    with pytest.raises(
        NotSupportedError, match="^player 'opener' has 5 plans at situation 'Q', more than the cap of 4$"
    ):
        game_plan_form(to_extensive_form(one_raise_poker()), max_plans=4)


def test_general_sum_dominance_uses_each_players_own_payoff():
    """Shoham & Leyton-Brown fig. 6.2 (general-sum, branching plans): the strictly dominated plans are the
    reduced strategies general dominance removes in round 1; beer-quiche: no plan is dominated within a
    situation, although the Receiver's reduced strategy (duel, duel) is (it changes two situations at once)."""
    from derive.dominance.general import dominated_strategies

    game = _catalog_games()["books/shohamleytonbrown2008/fig6_2.efg"]
    plans = dominated_plans(game, weak=False)
    assert [(d.plan.label, d.dominator.name, d.kind, d.round) for d in plans.eliminated] == [
        ("1:6:C(C|C)", "C(D|D)", "strict", 1),
        ("1:6:D(C|C)", "D(D|D)", "strict", 1),
        ("2:1:c(c|c)", "c(d|d)", "strict", 1),
        ("2:1:d(c|c)", "d(d|d)", "strict", 1),
    ]
    strategies = dominated_strategies(game)
    assert sorted(sorted(d.strategy.choices) for d in strategies.removed) == sorted(
        sorted(d.plan.choices) for d in plans.eliminated
    )
    assert dominated_plans(beer_quiche()).eliminated == ()
    assert [d.strategy.label for d in dominated_strategies(beer_quiche()).removed] == [
        "beer: duel, quiche: duel"
    ]


# ------------------------------------------------------------------ witnesses and reaches, checked exactly
def _witness_holds(pf, d) -> bool:
    """Against the witness and, in the opponent's other situations, his plan of least difference, the
    dominator earns strictly more than the dominated plan (a pure opponent strategy, exactly)."""
    p, o = d.plan.player, 1 - d.plan.player
    rows = pf.payoffs[p]
    m, n = pf.index[p][d.plan], pf.index[p][d.dominator]

    def diff(j):
        key_n, key_m = ((n, j), (m, j)) if p == 0 else ((j, n), (j, m))
        return rows.get(key_n, sp.S.Zero) - rows.get(key_m, sp.S.Zero)

    w = pf.index[o][d.witness]
    total = sp.S.Zero
    for group in pf.groups[o]:
        total += diff(w) if w in group else min(diff(j) for j in group)
    return total > 0


@pytest.mark.parametrize("name", ["kuhn", "one-raise", "4 cards, 2 bets", "myerson", "branching"])
def test_every_weak_witness_is_a_real_witness(name):
    """The witness of each weak elimination, with the worst case elsewhere, makes the dominator earn more
    (in the round's remaining game, the first round's here: eliminations of later rounds are checked in
    their own game by the first-round ones being real)."""
    games = {
        "kuhn": to_extensive_form(kuhn_poker()),
        "one-raise": to_extensive_form(one_raise_poker()),
        "4 cards, 2 bets": to_extensive_form(one_card_poker(4, 2)),
        **{k: v for k, v in _general_games().items() if k in ("myerson", "reiley", "branching")},
    }
    pf = game_plan_form(games[name])
    result = dominated_plans(pf)
    first = [d for d in result.eliminated if d.round == 1 and d.kind == "weak"]
    assert first, "no weak elimination in round 1 to check"
    for d in first:
        assert _witness_holds(pf, d), d.reason


def test_values_given_a_situation_the_opponent_leads_to():
    """Bob moves first and Ann, not seeing it, second (matching pennies as a tree): Ann's situation is reached
    with probability 1, not 2, and each of her plans earns 1/2 given it (the reviewer's case)."""
    ann_a = decision("Ann", "ann", {"a": payoff(1, -1), "b": payoff(0, 0)})
    ann_b = decision("Ann", "ann", {"a": payoff(0, 0), "b": payoff(1, -1)})
    game = extensive_form(["Ann", "Bob"], decision("Bob", "bob", {"x": ann_a, "y": ann_b}))
    (table,) = situation_values(game, 0, {"bob": {"x": "1/2", "y": "1/2"}})
    assert table.reach == 1
    assert [(v.plan.name, v.total, v.conditional) for v in table.values] == [
        ("a", R(1, 2), R(1, 2)),
        ("b", R(1, 2), R(1, 2)),
    ]
    (bob,) = situation_values(game, 1, {"ann": {"a": 1}})
    assert bob.reach == 1 and [v.conditional for v in bob.values] == [-1, 0]


@pytest.mark.parametrize(
    "behaviour, message",
    [
        ({"bob": {"x": "1/2"}}, "add up to 1/2, not 1"),
        ({"bob": {"x": 2, "y": -1}}, r"probability 2 of 'x' at 'bob' is not in \[0, 1\]"),
        ({"bob": {"z": 1}}, "has no action 'z'"),
        ({"bob": {"x": 1}, "nobody": {"x": 1}}, "player 'Bob' has no information set 'nobody'"),
    ],
)
def test_behaviour_that_is_no_strategy_is_refused(behaviour, message):
    """Probabilities that do not add up to 1, outside [0, 1], unknown actions or information sets: one line each."""
    ann = decision("Ann", "ann", {"a": payoff(1, -1), "b": payoff(0, 0)})
    game = extensive_form(
        ["Ann", "Bob"],
        decision(
            "Bob", "bob", {"x": ann, "y": decision("Ann", "ann", {"a": payoff(0, 0), "b": payoff(1, -1)})}
        ),
    )
    with pytest.raises(PlanDistributionError, match=message):
        situation_values(game, 0, behaviour)
