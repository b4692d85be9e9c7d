"""Dominated choices at last decisions (derive.dominance.choices) against brute force over listed plans.

Two plans that differ only in one choice at a last decision ``I`` differ in payoff by
``x(I) * D(y)``, so the choice-level test must agree with comparing the two plans' rows of the plan
form (:mod:`derive.sequence_form.plans`) against every opponent plan still allowed: every
reported domination holds for every such plan, and at the end no remaining choice is dominated.
Games: the built-in ones whose plans can be listed, Gambit's catalog (an outside suite) and
seeded random games with small integer payoffs (so that ties and weak dominations occur).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
import sympy as sp

from derive.dominance.choices import dominated_choices, last_decisions
from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import GameModelError
from derive.games.registry import load_game
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.plans import game_plan_form


def _remaining_before(result, rnd: int):
    """Each player's remaining actions per information set at the start of round ``rnd``."""
    sf = result.sf
    left = [{i.index: set(range(len(i.actions))) for i in sf.infosets_of(p)} for p in (0, 1)]
    for d in result.eliminated:
        if d.round < rnd:
            info = sf.game.infoset(d.player, d.infoset)
            left[d.player][info.index].discard(info.actions.index(d.action))
    return left


def _allowed(pf, p: int, left) -> list[int]:
    """Indices of ``p``'s plans that use only remaining actions."""
    sf = pf.sequence_form
    out = []
    for k, plan in enumerate(pf.plans[p]):
        ok = True
        for s in plan.sequences:
            seq = sf.sequences[p][s]
            if seq is not None and seq[1] not in left[p][seq[0]]:
                ok = False
                break
        if ok:
            out.append(k)
    return out


def _strategies(pf, q: int, allowed: list[int]) -> list[tuple[int, ...]]:
    """The opponent's pure strategies: one allowed plan per situation (his empty plan, for plays
    without a move of his, is a situation of its own)."""
    ok = set(allowed)
    return list(itertools.product(*([k for k in group if k in ok] for group in pf.groups[q])))


def _differences(pf, p, m, m2, opponents):
    entries = pf.payoffs[p]
    key = (lambda a, n: (a, n)) if p == 0 else (lambda a, n: (n, a))
    return [
        sum(
            (entries.get(key(m2, n), sp.S.Zero) - entries.get(key(m, n), sp.S.Zero) for n in combo), sp.S.Zero
        )
        for combo in opponents
    ]


def _swap(pf, p, plan, old: int, new: int):
    target = (plan.sequences - {old}) | {new}
    return next(k for k, q in enumerate(pf.plans[p]) if q.sequences == target)


def _check(game):
    sf = game_sequence_form(game)
    pf = game_plan_form(game)
    result = dominated_choices(sf)
    last_round = max((d.round for d in result.eliminated), default=0) + 1
    for d in result.eliminated:
        left = _remaining_before(result, d.round)
        p, q = d.player, 1 - d.player
        info = game.infoset(p, d.infoset)
        a, b = info.actions.index(d.action), info.actions.index(d.dominator)
        sa, sb = sf.index[p][(info.index, a)], sf.index[p][(info.index, b)]
        opponents = _strategies(pf, q, _allowed(pf, q, left))
        mine = [k for k in _allowed(pf, p, left) if sa in pf.plans[p][k].sequences]
        for m in mine:
            diffs = _differences(pf, p, m, _swap(pf, p, pf.plans[p][m], sa, sb), opponents)
            if d.kind == "strict":
                assert all(v > 0 for v in diffs), (d.reason, pf.plans[p][m].label)
            else:
                assert all(v >= 0 for v in diffs) and any(v > 0 for v in diffs), (
                    d.reason,
                    pf.plans[p][m].label,
                )
    # completeness: at the end no remaining choice at a last decision is dominated by another
    left = _remaining_before(result, last_round)
    for p in (0, 1):
        opponents = _strategies(pf, 1 - p, _allowed(pf, 1 - p, left))
        allowed = _allowed(pf, p, left)
        for i in last_decisions(sf, p):
            acts = sorted(left[p][i])
            for a in acts:
                sa = sf.index[p][(i, a)]
                mine = [k for k in allowed if sa in pf.plans[p][k].sequences]
                if not mine:
                    continue
                for b in acts:
                    if b == a:
                        continue
                    sb = sf.index[p][(i, b)]
                    diffs = _differences(
                        pf, p, mine[0], _swap(pf, p, pf.plans[p][mine[0]], sa, sb), opponents
                    )
                    assert not (all(v >= 0 for v in diffs) and any(v > 0 for v in diffs)), (p, i, a, b)
    return result


@pytest.mark.parametrize(
    "name", ["kuhn", "one-raise", "myerson", "reiley", "matching-pennies", "beer-quiche"]
)
def test_built_in_games_agree_with_the_plan_form(name):
    _check(load_game(name))


def test_kuhn_choices_are_the_thesis_mistakes():
    """The last-decision mistakes of Kuhn poker (Q < K < A): Q calls a bet after checking, A folds
    to one; the dealer checks A, folds A or calls with Q; then (round 2) the dealer bets K checked to."""
    result = _check(load_game("kuhn"))
    assert [(d.round, d.player, d.infoset, d.action) for d in result.eliminated] == [
        (1, 0, "Q:xb", "call"),
        (1, 0, "A:xb", "fold"),
        (1, 1, "A:x", "check"),
        (1, 1, "A:b", "fold"),
        (1, 1, "Q:b", "call"),
        (2, 1, "K:x", "bet"),
    ]
    assert result.last_decisions == (3, 6)
    assert all(d.kind == "weak" and d.gain == 0 for d in result.eliminated)


def _catalog_games():
    pygambit = pytest.importorskip("pygambit")
    from derive.formats import read_game

    root = Path(pygambit.__file__).parent / "catalog_data"
    out = []
    for path in sorted(root.rglob("*.efg")):
        try:
            game = read_game(path)
        except GameModelError:
            continue
        if game.num_players == 2 and not game.is_symbolic and game.has_perfect_recall:
            out.append(pytest.param(game, id=str(path.relative_to(root))))
    return out


@pytest.mark.parametrize("game", _catalog_games())
def test_gambit_catalog_agrees_with_the_plan_form(game):
    """Every two-player catalog game with perfect recall whose plans can be listed (any sum)."""
    try:
        game_plan_form(game)
    except GameModelError:
        pytest.skip("too many plans to list")
    _check(game)


def _random_game(seed: int):
    """Chance deals one of two cards to player 0, who bets or checks; player 1, not seeing the card,
    calls or folds a bet, or after a check bets or checks, and player 0 then calls or folds: two
    levels of last decisions; general-sum payoffs in -2..2 (ties on purpose)."""
    rng = random.Random(seed)

    def amount():
        return payoff(rng.randint(-2, 2), rng.randint(-2, 2))

    def card(c):
        after_check = decision(
            "P1",
            "checked",
            {"bet": decision("P0", f"{c}:xb", {"call": amount(), "fold": amount()}), "check": amount()},
        )
        return decision(
            "P0",
            c,
            {"bet": decision("P1", "bet", {"call": amount(), "fold": amount()}), "check": after_check},
        )

    return extensive_form(["P0", "P1"], chance({"a": ("1/3", card("a")), "b": ("2/3", card("b"))}))


@pytest.mark.parametrize("seed", range(25))
def test_random_games_agree_with_the_plan_form(seed):
    _check(_random_game(seed))


def test_leduc_is_examined_without_listing_plans():
    """Leduc hold'em's situations have 47,125 and 532,899 plans; the choices are examined directly."""
    result = dominated_choices(game_sequence_form(load_game("leduc")))
    assert result.last_decisions == (90, 90)
    first = result.eliminated[0]
    assert (first.infoset, first.action, first.dominator) == ("JJ:xx/xb", "fold", "call")
    assert all(d.kind in ("strict", "weak") for d in result.eliminated)
    # a pair of jacks facing the last raise of the second round never folds (it beats every hand but JJ)
    folds = {(d.infoset, d.action) for d in result.eliminated if d.action == "fold"}
    assert ("JJ:xx/br", "fold") in folds


def _random_simultaneous(seed: int):
    """Chance deals one of two cards to player 0; player 1, not seeing it, moves first (L, M or R),
    then player 0 answers (u or d): every pure strategy of player 0 reaches player 1's decision, so
    strict dominations occur as well as weak ones."""
    rng = random.Random(seed)

    def answer(c, move):
        return decision(
            "P0",
            f"{c}:{move}",
            {
                "u": payoff(rng.randint(-2, 2), rng.randint(-2, 2)),
                "d": payoff(rng.randint(-2, 2), rng.randint(-2, 2)),
            },
        )

    def card(c):
        return decision("P1", "start", {m: answer(c, m) for m in "LMR"})

    return extensive_form(["P0", "P1"], chance({"a": ("1/2", card("a")), "b": ("1/2", card("b"))}))


@pytest.mark.parametrize("seed", range(25))
def test_random_games_with_strict_dominations_agree_with_the_plan_form(seed):
    _check(_random_simultaneous(seed))


def test_the_random_games_exercise_both_kinds_and_several_rounds():
    kinds = set()
    for seed in range(25):
        for maker in (_random_game, _random_simultaneous):
            kinds |= {
                (d.kind, d.round > 1) for d in dominated_choices(game_sequence_form(maker(seed))).eliminated
            }
    assert {("strict", False), ("weak", False), ("weak", True)} <= kinds


def test_a_witness_is_an_opponent_choice_or_the_plays_without_his_move():
    """P0 at I: a leads to P1's choice (L pays P0 1, R pays 0), b pays 1 at once. b weakly dominates
    a; the witness is P1's R (not his empty sequence); where only plays without a move of P1 favour
    the dominator, the reason says so."""
    game = extensive_form(
        ["P0", "P1"],
        decision(
            "P0", "I", {"a": decision("P1", "J", {"L": payoff(1, 0), "R": payoff(0, 0)}), "b": payoff(1, 0)}
        ),
    )
    (d,) = _check(game).eliminated
    assert (d.action, d.dominator, d.kind, d.witness) == ("a", "b", "weak", "J:R")
    assert d.reason.endswith("earns less against a strategy of P1 that plays R at J")
    other = extensive_form(
        ["P0", "P1"],
        decision(
            "P0",
            "I",
            {"a": decision("P1", "J", {"L": payoff(0, 0), "R": payoff(2, 0)}), "b": payoff(1, 0)},
        ),
    )
    assert _check(other).eliminated == ()  # neither dominates: R favours a, L favours b
