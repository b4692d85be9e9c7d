"""One-card poker solved from its rules in the sequence form, without a game tree (issue 12).

The sequence form built from the betting tree alone must be the sequence form of the general
extensive form (:func:`derive.games.one_card.to_extensive_form`), and what
:func:`derive.solving.zero_sum.from_rules.solve_rules` returns must be an exact equilibrium of that
game, checked there by exact best responses on its plan form (which shares no code with the sequence
form built from the rules).
"""

from __future__ import annotations

import io
import json

import pytest
import sympy as sp
from sympy.polys.domains import QQ

from derive.cli import main
from derive.games.one_card import kuhn_poker, one_card_poker, one_raise_poker, to_extensive_form
from derive.sequence_form import plan_form
from derive.sequence_form.from_rules import one_card_sequence_form
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.strategies import behaviour_strategy
from derive.solving.lp import maximin
from derive.solving.zero_sum.from_rules import SymbolicGameError, solve, solve_rules
from derive.verification import exploitability

R = sp.Rational

GAMES = [
    (2, 0, 1, 1),
    (3, 1, 1, 1),
    (3, 2, 1, 1),
    (4, 3, 1, R(1, 2)),
    (5, 2, 2, 3),
    (4, 4, R(1, 2), 1),
    (6, 1, 1, 2),
    (7, 3, 1, 1),
]


def _labelled(sf):
    labels = [[sf.label(p, k) for k in range(sf.shape[p])] for p in (0, 1)]
    matrix = {
        (labels[0][i], labels[1][j]): v for i, row in sf.numeric_matrix(0).items() for j, v in row.items()
    }
    parents = {
        (i.player, i.label): sf.label(i.player, sf.parent[i.index])
        for i in sf.infosets_of(0) + sf.infosets_of(1)
    }
    rows = [
        {frozenset((labels[p][k], v) for k, v in row.items()) for row in sf.constraints(p)[0].values()}
        for p in (0, 1)
    ]
    return labels, matrix, parents, rows


@pytest.mark.parametrize("n, k, ante, bet", GAMES)
def test_sequence_form_from_the_rules_is_the_general_sequence_form(n, k, ante, bet):
    rules = one_card_poker(n, k, ante, bet)
    general = game_sequence_form(to_extensive_form(rules))
    compact = one_card_sequence_form(rules)
    assert compact.shape == general.shape
    g_labels, g_matrix, g_parents, g_rows = _labelled(general)
    c_labels, c_matrix, c_parents, c_rows = _labelled(compact)
    assert sorted(c_labels[0]) == sorted(g_labels[0]) and sorted(c_labels[1]) == sorted(g_labels[1])
    assert c_matrix == g_matrix
    assert c_parents == g_parents
    assert c_rows == g_rows
    assert {(i.player, i.label): i.actions for i in compact.infosets} == {
        (i.player, i.label): i.actions for i in general.game.infosets
    }


def test_kuhn_sequence_form_entries_by_hand():
    """Q vs K after check, check: the dealer's K wins the ante, chance 1/6: A[Q:check, K:x:check] = -1/6;
    K bets and Q folds: the opener wins the ante: A[K:bet, Q:b:fold] = 1/6."""
    sf = one_card_sequence_form(kuhn_poker())
    pos = [{sf.label(p, k): k for k in range(sf.shape[p])} for p in (0, 1)]
    A = sf.numeric_matrix(0)
    assert A[pos[0]["Q:check"]][pos[1]["K:x:check"]] == R(-1, 6)
    assert A[pos[0]["K:bet"]][pos[1]["Q:b:fold"]] == R(1, 6)
    assert A[pos[0]["K:bet"]][pos[1]["A:b:call"]] == R(-2, 6)
    assert pos[1]["Q:b:fold"] not in A.get(pos[0]["Q:check"], {})


def _tree_profile(game, sol):
    return tuple(
        behaviour_strategy(game, p, {label: dict(dist) for label, dist in sol.strategies[p].items()})
        for p in (0, 1)
    )


@pytest.mark.parametrize("n, k, ante, bet", GAMES)
@pytest.mark.parametrize("refine", ["none", "quasi-perfect"])
def test_solution_from_the_rules_is_an_exact_equilibrium_of_the_tree(n, k, ante, bet, refine):
    rules = one_card_poker(n, k, ante, bet)
    game = to_extensive_form(rules)
    sol = solve_rules(rules, refine=refine)
    pf = plan_form(game)  # the plan-form maximin LP: another formulation of the same game
    opener, _ = maximin(pf.numeric_matrix(), pf.shape, pf.groups[0], pf.groups[1])
    assert sol.value == QQ.to_sympy(opener.value) == solve(game, refine="none").value
    profile = _tree_profile(game, sol)
    assert exploitability(game, profile) == 0
    g = game
    at_node = g.reach(
        lambda n, k: sol.strategies[n.player][g.infosets[n.infoset].label][g.infosets[n.infoset].actions[k]]
    )
    assert set(sol.off_path) == {
        (i.player, i.label) for i in g.infosets if sum(at_node[m] for m in i.nodes) == 0
    }
    assert sol.value == solve_rules(rules, refine="none" if refine != "none" else "quasi-perfect").value
    if (
        refine == "quasi-perfect"
    ):  # sensible off the path: never fold the top card, never call with the bottom
        top, bottom = rules.deck[-1], rules.deck[0]
        for p in (0, 1):
            for label, dist in sol.strategies[p].items():
                card = label.split(":")[0]
                assert card != top or dist.get("fold", 0) == 0, label
                assert card != bottom or dist.get("call", 0) == 0, label


def test_kuhn_and_the_thesis_game_from_the_rules():
    """Kuhn (1950): value -1/18; the quasi-perfect member of Kuhn's family is alpha = 1/3 (bluff Q with
    1/3, bet A always), as on the general path (issue 11); the one-raise game of Miao (2014): -1/18."""
    kuhn = solve_rules(kuhn_poker())
    assert kuhn.value == R(-1, 18)
    assert kuhn.strategies[0]["A"] == {"check": 0, "bet": 1}
    assert kuhn.strategies[0]["Q"] == {"check": R(2, 3), "bet": R(1, 3)}
    assert solve_rules(one_raise_poker(), refine="none").value == R(-1, 18)


def test_symbolic_bet_is_refused():
    with pytest.raises(SymbolicGameError, match="symbolic ante or bet"):
        solve_rules(one_card_poker(3, 1, 1, sp.Symbol("b", positive=True)))
    with pytest.raises(ValueError, match="unknown refinement"):
        solve_rules(kuhn_poker(), refine="perfect")


def test_command_line_solves_52_cards_and_6_bets_without_the_tree(monkeypatch):
    """The value of N = 52 with 6 bets, the same rational the plan-form path gave (docs/benchmark.md);
    the progress lines (shown from the start here) say the tree is not built."""
    from derive.cli.progress import Progress

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    out, err = io.StringIO(), io.StringIO()
    assert (
        main(["solve", "--deck", "52", "--max-bets", "6", "--refine", "none", "--json"], out=out, err=err)
        == 0
    )
    doc = json.loads(out.getvalue())
    assert doc["value"] == "-8191561/129913524"
    assert len(doc["strategies"]["opener"]) == 52 * 7 and len(doc["strategies"]["dealer"]) == 52 * 7
    assert (
        "derive: solving one-card poker (N=52, max_bets=6, ante=1, bet=1) in the sequence form, without its 103,429-node tree"
        in err.getvalue()
    )


def test_command_line_caps_the_running_sum_lp_not_the_tree():
    """Beyond 2,000,000 payoff entries the LP with running sums is solved; its rows are capped, and the
    error says the cap and why."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--deck", "2000", "--max-bets", "6"], out=out, err=err) == 2
    message = err.getvalue()
    assert "sequence form with 99,950,000 payoff entries" in message and out.getvalue() == ""
    assert "running sums over the cards of 90,002 rows, more than the limit of 36,000" in message


PREFIX_GAMES = [(3, 1, 1, 1), (4, 2, 1, 1), (5, 2, 1, 2), (7, 3, R(1, 2), R(3, 2)), (9, 4, 2, 1)]


@pytest.mark.parametrize("n, k, ante, bet", PREFIX_GAMES)
def test_running_sum_lp_gives_the_exact_value_and_an_equilibrium_of_the_tree(n, k, ante, bet):
    """The LP with running sums over the cards (used for large decks) on small ones: the same exact
    value as the payoff-matrix LP, strategies that are an exact equilibrium of the game tree
    (exploitability exactly 0, by the tree's own best responses), and running-sum payoffs equal to
    the payoff matrix times the plan."""
    from sympy.polys.domains import QQ

    from derive.solving.zero_sum.running_sums import (
        _program,
        payoffs_against,
        prefix_equilibrium,
        running_sum_rows,
    )

    rules = one_card_poker(n, k, ante, bet)
    sf = one_card_sequence_form(rules)
    unit = QQ.from_sympy(rules.ante)
    eq = prefix_equilibrium(sf, unit)
    plain = solve_rules(rules, refine="none")
    assert QQ.to_sympy(eq.value * unit) == plain.value
    game = to_extensive_form(rules)
    assert exploitability(game, _tree_profile(game, eq)) == 0
    x, y = eq.plans
    A = sf.numeric_matrix(0)
    against_x = {}
    for i, row in A.items():
        for j, v in row.items():
            against_x[j] = against_x.get(j, QQ(0)) + v * x[i]
    assert payoffs_against(sf, 1, x) == {j: v for j, v in against_x.items() if v}
    against_y = {i: sum((v * y[j] for j, v in row.items()), QQ(0)) for i, row in A.items()}
    assert payoffs_against(sf, 0, y) == {i: v for i, v in against_y.items() if v}
    assert running_sum_rows(sf) == len(_program(sf, unit)[0].rows)


def test_seven_hundred_cards_by_running_sums_certified():
    """N = 700 with one bet (2,446,500 payoff entries): the running-sum LP, its exact value, and both
    plans certified by exact best responses computed with running sums; the quasi-perfect
    refinement is not attempted and says so, and the command line falls back to the LP's equilibrium."""
    from sympy.polys.domains import QQ

    from derive.solving.lp import ExactLPError
    from derive.solving.zero_sum.best_response import best_response_values
    from derive.solving.zero_sum.running_sums import payoffs_against

    rules = one_card_poker(700, 1)
    sol = solve_rules(rules, refine="none")
    assert sol.value == R(-54521, 978600)
    assert "running sums" in sol.method
    sf = one_card_sequence_form(rules)
    x = [QQ.from_sympy(sol.plans[0][sf.label(0, k)]) for k in range(sf.shape[0])]
    y = [QQ.from_sympy(sol.plans[1][sf.label(1, k)]) for k in range(sf.shape[1])]
    low, _, _ = best_response_values(sf, 1, payoffs_against(sf, 1, x), maximize=False)
    high, _, _ = best_response_values(
        sf, 0, {s: -v for s, v in payoffs_against(sf, 0, y).items()}, maximize=False
    )
    assert QQ.to_sympy(low) == sol.value == QQ.to_sympy(-high)  # exploitability exactly 0
    with pytest.raises(ExactLPError, match="not attempted"):
        solve_rules(rules)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--deck", "700", "--max-bets", "1", "--json"], out=out, err=err) == 0
    assert json.loads(out.getvalue())["value"] == str(sol.value)
    assert (
        "quasi-perfect refinement was not attempted" in err.getvalue()
        and "showing the LP's equilibrium (--refine none)" in err.getvalue()
    )


@pytest.mark.slow
def test_one_thousand_cards_two_bets():
    """The issue's target: N = 1,000 with 2 bets, exactly (the prefix LP's own certificate)."""
    sol = solve_rules(one_card_poker(1000, 2), refine="none")
    assert sol.value == R(-41437, 666000)
