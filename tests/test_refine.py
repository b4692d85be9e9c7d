"""Quasi-perfect equilibria (issue 11): exact limits of the perturbed sequence-form LP.

Checked against (a) the poker facts every sensible equilibrium satisfies (never fold the top
card, never call with the bottom card), over many one-card games; (b) an independent
floating-point perturbed LP written here from the game tree (not from derive's sequence form);
(c) OpenSpiel's own ``solve_perturbed_zero_sum_game`` on OpenSpiel's own Kuhn poker.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from _openspiel import from_openspiel, openspiel
from scipy.optimize import linprog

from derive.extensive_form.build import decision, extensive_form, payoff
from derive.games.one_card import kuhn_poker, one_card_poker, one_raise_poker, to_extensive_form
from derive.games.one_card.words import card_of
from derive.games.textbook import matching_pennies, myerson_poker
from derive.sequence_form.general import game_sequence_form
from derive.solving.lp import transpose
from derive.solving.refinements.quasi_perfect import EPSILON, perturbed_plans
from derive.solving.zero_sum.from_rules import solve
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification import exploitability
from derive.verification.best_response import behaviour_profile, game_exploitability

R = sp.Rational


# --------------------------------------------------------------------------- exact values


def test_kuhn_quasi_perfect_is_the_alpha_one_third_member():
    sol = solve_zero_sum(to_extensive_form(kuhn_poker()))
    assert sol.refinement == "quasi-perfect"
    assert sol.value == R(-1, 18)
    opener, dealer = sol.strategies
    # Kuhn's family with alpha = 1/3: bluff the lowest card 1/3, bet the top card always, call with the middle 2/3
    assert opener["Q"] == {"check": R(2, 3), "bet": R(1, 3)}
    assert opener["A"] == {"check": 0, "bet": 1}
    assert opener["K:xb"] == {"fold": R(1, 3), "call": R(2, 3)}
    assert opener["A:xb"] == {"fold": 0, "call": 1}  # off the path: the ace is bet, but would call
    assert dealer["K:b"] == {"fold": R(2, 3), "call": R(1, 3)}
    assert dealer["Q:x"] == {"check": R(2, 3), "bet": R(1, 3)}
    assert (0, "A:xb") in sol.off_path
    assert game_exploitability(behaviour_profile(sol.game, sol.strategies)) == 0


def test_perturbed_plan_is_a_perturbed_realization_plan_for_all_small_epsilon():
    game = to_extensive_form(one_raise_poker())
    sol = solve_zero_sum(game)
    sf = game_sequence_form(game)
    for pp in sol.perturbed:
        p = pp.player
        rows, rhs = sf.constraints(p)
        for r, row in rows.items():
            total = sp.expand(sum(c * pp.plan[sf.label(p, k)] for k, c in row.items()))
            assert total == rhs[r]  # E x(ε) = e identically in ε
        for label, x in pp.plan.items():
            slack = sp.Poly(sp.expand(x - pp.lower_bounds[label]), EPSILON)
            coeffs = [c for c in reversed(slack.all_coeffs()) if c != 0]
            assert not coeffs or coeffs[0] > 0  # x(ε) >= ε^|σ| near 0
            assert x.subs(EPSILON, 0) == pp.limit[label]


def test_the_thesis_game_folds_no_ace_where_the_plain_lp_does():
    game = to_extensive_form(one_raise_poker())
    plain = solve(game, refine="none")
    refined = solve(game)
    assert plain.value == refined.value == R(-1, 18)
    labels = {p: dict(s.probabilities) for p, s in enumerate(plain.strategies)}
    # the defect of issue 11: the LP's vertex folds the ace off the path
    assert any(
        labels[p][lab].get(a)
        for p in (0, 1)
        for lab in labels[p]
        if lab.startswith("A")
        for a in labels[p][lab]
        if a == "fold"
    )
    for p in (0, 1):
        for label, dist in refined.strategies[p].probabilities.items():
            if card_of(label) == "A":
                assert all(v == 0 for a, v in dist.items() if a == "fold"), label
    assert exploitability(game, refined.strategies) == 0


GRID = [(n, k, 1) for n in range(2, 9) for k in range(0, 5)] + [
    (n, k, bet) for n in (3, 4, 5) for k in (1, 2, 3) for bet in (R(1, 2), 2, 3)
]


@pytest.mark.parametrize("n, max_bets, bet", GRID)
def test_one_card_games_never_fold_the_top_card_nor_call_with_the_bottom_card(n, max_bets, bet):
    rules = one_card_poker(n, max_bets, 1, bet)
    game = to_extensive_form(rules)
    eq = solve(game)
    top, bottom = rules.deck[-1], rules.deck[0]
    for p in (0, 1):
        for label, dist in eq.strategies[p].probabilities.items():
            assert sum(dist.values()) == 1
            for action, prob in dist.items():
                if card_of(label) == top and action == "fold":
                    assert prob == 0, f"{label}: fold {prob}"
                if card_of(label) == bottom and action == "call":
                    assert prob == 0, f"{label}: call {prob}"
    assert eq.value == solve(game, refine="none").value
    assert exploitability(game, eq.strategies) == 0


def test_refinement_applies_to_constant_sum_and_textbook_games():
    sol = solve_zero_sum(matching_pennies())
    assert sol.strategies[0] == {"coin": {"heads": R(1, 2), "tails": R(1, 2)}}
    sol = solve_zero_sum(myerson_poker())
    assert sol.value == solve_zero_sum(myerson_poker(), refine="none").value


def test_a_dominated_off_path_move_is_removed_and_subgame_perfection_is_checked():
    from derive.verification.subgames import subgame_perfection, subgame_roots

    # P1 stops (1) or goes on; then P2 takes left (0) or right (1/2 to P1).  (stop, right) is a Nash
    # equilibrium -- P1 stops, so P2's choice costs nothing -- but not subgame perfect.
    root = decision(
        0,
        "P1",
        {
            "stop": payoff(1, -1),
            "go": decision(1, "P2", {"left": payoff(0, 0), "right": payoff(R(1, 2), -R(1, 2))}),
        },
    )
    game = extensive_form(["P1", "P2"], root)
    assert subgame_roots(game) == (0, 2)
    refined = solve_zero_sum(game)
    assert refined.value == 1
    assert refined.strategies[1]["P2"] == {"left": 1, "right": 0}
    assert (1, "P2") in refined.off_path
    assert subgame_perfection(game, refined.strategies).is_subgame_perfect
    bad = ({"P1": {"stop": 1, "go": 0}}, {"P2": {"left": 0, "right": 1}})
    check = subgame_perfection(game, bad)
    assert check.nash_conv[0] == 0  # a Nash equilibrium of the whole game ...
    assert check.failures == (2,) and check.nash_conv[2] == R(1, 2)  # ... but not in the subgame after "go"
    assert check.histories[2] == ((0, "go"),)


def test_unknown_refinement_is_refused():
    with pytest.raises(ValueError, match="'perfect'"):
        solve_zero_sum(matching_pennies(), refine="perfect")
    with pytest.raises(ValueError, match="'lexico'"):
        solve(to_extensive_form(kuhn_poker()), refine="lexico")


# --------------------------------------------------------------------------- an independent float LP


def _float_sequence_form(game):
    """Sequences, constraints and payoff matrix built here by walking the tree (independent of derive)."""
    seqs = [{(): 0}, {(): 0}]
    lengths = [{0: 0}, {0: 0}]
    infos = [{}, {}]  # label -> (parent sequence index, [child sequence indices])
    A = {}

    def walk(n, own, reach):
        node = game.nodes[n]
        if node.children == ():
            key = (own[0], own[1])
            A[key] = A.get(key, 0.0) + reach * float(game.payoffs[n][0])
            return
        if node.player == -1:
            for k, c in enumerate(node.children):
                walk(c, own, reach * float(node.probabilities[k]))
            return
        p = node.player
        label = game.infosets[node.infoset].label
        parent = own[p]
        if label not in infos[p]:
            kids = []
            for a in node.actions:
                seqs[p][(label, a)] = len(seqs[p])
                lengths[p][len(seqs[p]) - 1] = lengths[p][parent] + 1
                kids.append(len(seqs[p]) - 1)
            infos[p][label] = (parent, kids)
        for k, c in enumerate(node.children):
            nxt = list(own)
            nxt[p] = seqs[p][(label, node.actions[k])]
            walk(c, tuple(nxt), reach)

    walk(0, (0, 0), 1.0)
    n0, n1 = len(seqs[0]), len(seqs[1])
    M = np.zeros((n0, n1))
    for (i, j), v in A.items():
        M[i, j] += v
    return seqs, lengths, infos, M


def _constraints(infos, n):
    E = np.zeros((1 + len(infos), n))
    E[0, 0] = 1
    for r, (parent, kids) in enumerate(infos.values(), start=1):
        E[r, parent] = -1
        E[r, kids] = 1
    e = np.zeros(1 + len(infos))
    e[0] = 1
    return E, e


def _float_perturbed_maximin(M, E, e, F, f, low_x, low_y):
    """max_x min_y x^T M y over x >= low_x, y >= low_y (Miltersen-Sørensen), as one LP via duality."""
    n, m = M.shape
    nq = F.shape[0]
    # variables (x, q, v): max f.q + low_y.v  s.t.  F^T q + v <= M^T x,  E x = e,  x >= low_x, v >= 0
    c = -np.concatenate([np.zeros(n), f, low_y])
    A_ub = np.hstack([-M.T, F.T, np.eye(m)])
    A_eq = np.hstack([E, np.zeros((E.shape[0], nq + m))])
    bounds = [(lo, None) for lo in low_x] + [(None, None)] * nq + [(0, None)] * m
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(m), A_eq=A_eq, b_eq=e, bounds=bounds, method="highs")
    assert res.status == 0
    return res.x[:n]


@pytest.mark.parametrize("rules", [kuhn_poker(), one_raise_poker()], ids=["kuhn", "one-raise"])
def test_exact_perturbed_plan_agrees_with_an_independent_float_lp(rules):
    game = to_extensive_form(rules)
    seqs, lengths, infos, M = _float_sequence_form(game)
    E, e = _constraints(infos[0], M.shape[0])
    F, f = _constraints(infos[1], M.shape[1])
    sf = game_sequence_form(game)
    exact = perturbed_plans(sf, (sf.numeric_matrix(0), transpose(sf.numeric_matrix(1))))
    for eps in (1e-2, 1e-3):
        low = [np.array([eps ** lengths[p][k] if k else 0.0 for k in range(len(seqs[p]))]) for p in (0, 1)]
        x = _float_perturbed_maximin(M, E, e, F, f, low[0], low[1])
        y = _float_perturbed_maximin(-M.T, F, f, E, e, low[1], low[0])
        for p, plan in ((0, x), (1, y)):
            for key, k in seqs[p].items():
                label = "∅" if key == () else f"{key[0]}:{key[1]}"
                want = float(exact[p].plan[label].subs(EPSILON, sp.Rational(str(eps))))
                assert abs(plan[k] - want) < 1e-6, (p, label, eps, plan[k], want)


# --------------------------------------------------------------------------- OpenSpiel


def test_agrees_with_openspiel_perturbed_lp_on_openspiel_kuhn_poker():
    pyspiel, sequence_form_lp = openspiel()
    os_game = pyspiel.load_game("kuhn_poker")
    game = from_openspiel(pyspiel, os_game)
    sol = solve_zero_sum(game)
    assert sol.value == R(-1, 18)
    eps = 1e-3
    v0, v1, pol0, pol1 = sequence_form_lp.solve_perturbed_zero_sum_game(os_game, eps=eps)
    assert abs(v0 - float(sol.value)) < 1e-3  # the perturbed value is within O(ε) of the game value
    for p, pol in ((0, pol0), (1, pol1)):
        pp = sol.perturbed[p]
        for label, dist in sol.strategies[p].items():
            info = game.infoset(p, label)
            parent = next(k for k, v in pp.plan.items() if k == _parent_label(game, info))
            reach = pp.plan[parent].subs(EPSILON, sp.Rational(1, 1000))
            theirs = pol.policy_for_key(label)
            for a in dist:
                ours_at_eps = pp.plan[f"{label}:{a}"].subs(EPSILON, sp.Rational(1, 1000)) / reach
                assert abs(float(ours_at_eps) - theirs[int(a)]) < 1e-5, (p, label, a)
                assert abs(float(dist[a]) - theirs[int(a)]) < 1e-2, (p, label, a)  # the limit, within O(ε)


def _parent_label(game, info):
    sf = game_sequence_form(game)
    return sf.label(info.player, sf.parent[info.index])


# --------------------------------------------------------------------------- admissible members of the families


def test_full_one_raise_game_dealer_folding_the_ace_is_optimal_but_dominated():
    from derive.sequence_form import plan_form
    from derive.solving.families.optimal_families import optimal_families
    from derive.solving.refinements.admissible import classify_family, dominance_check, plan_form_polytopes

    game = to_extensive_form(one_raise_poker())
    full = optimal_families(game)
    opener, dealer = (classify_family(game, f) for f in full.families)
    assert not dealer.all_admissible
    assert set(dealer.only_dominated) == {"A:betfold", "A:call"}
    assert len(dealer.faces) == 1 and dealer.faces[0].dimension == 0  # one admissible optimal strategy
    assert set(opener.only_dominated) == {"A:checkcall", "A:betfold"}
    # the vertex folding the ace 1/5 of the time to a checkraise: an exact dominating strategy
    pf = plan_form(game)
    fam = full.families[1]
    v = next(
        v
        for v in fam.vertices
        if any(p.label == "A:betfold" and e.subs(v) == R(1, 5) for p, e in fam.plans.items())
    )
    member = fam.at(v)
    y = [member.get(p, 0) for p in pf.plans[1]]
    polytopes = plan_form_polytopes(pf, pf.numeric_matrix(), 1)
    check = dominance_check(polytopes, y)
    assert not check.admissible and check.gain > 0
    # verify the certificate independently: never worse against any pure opener strategy (one plan per card)
    import itertools

    from sympy.polys.domains import QQ

    P = pf.numeric_matrix()
    diff = [QQ.from_sympy(sp.Rational(a)) - QQ.from_sympy(sp.Rational(b)) for a, b in zip(check.dominator, y)]
    for choice in itertools.product(*pf.groups[0]):
        # the dealer's payoff is minus the opener's
        gain = sum((-P.get(i, {}).get(j, QQ(0)) * diff[j] for i in choice for j in range(len(y))), QQ(0))
        assert gain >= 0


def test_thesis_families_and_kuhn_family_are_all_admissible_and_contain_the_quasi_perfect_member():
    from derive.games.one_card import KUHN_PARAMETERS, alpha
    from derive.solving.families.optimal_families import optimal_families
    from derive.solving.refinements.admissible import classify_family

    game = to_extensive_form(kuhn_poker())
    sets = optimal_families(game, KUHN_PARAMETERS)
    assert all(classify_family(game, f).all_admissible for f in sets.families)
    eq = solve(game)
    assert sets.families[0].parameters_of(eq.plans[0]) == {alpha: R(1, 3)}
    assert sets.families[1].parameters_of(eq.plans[1]) == {}


def test_general_optimal_sets_carry_their_admissible_members():
    sol = solve_zero_sum(to_extensive_form(one_raise_poker()), all_optimal=True)
    opener, dealer = sol.optimal_sets
    assert set(dealer.admissible.only_dominated) == {"A:xbr:fold", "A:b:call"}
    # the quasi-perfect plan lies on the admissible face, and the LP's vertex does not
    qpe = sol.plans[1]
    point = dealer.parameters_of(qpe)
    assert point is not None
    face = dealer.admissible.faces[0]
    assert all(sp.expand(eq.lhs - eq.rhs).subs(point) == 0 for eq in dealer.admissible.equations[0])
    assert face.dimension == 0
    plain = solve_zero_sum(to_extensive_form(one_raise_poker()), refine="none").plans[1]
    assert plain["A:xbr:fold"] == R(1, 5)


def test_command_line_refine_option_and_json(tmp_path):
    import io
    import json

    from derive.cli import main

    def run(args):
        out, err = io.StringIO(), io.StringIO()
        return main(args, out=out, err=err), out.getvalue(), err.getvalue()

    status, out, _ = run(["solve", "--deck", "3", "--max-bets", "2", "--json"])
    doc = json.loads(out)
    assert status == 0 and doc["refinement"] == "quasi-perfect"
    assert doc["strategies"]["dealer"]["A:xbr"] == {"fold": "0", "call": "1"}
    assert doc["strategies"]["opener"]["A:br"] == {"fold": "0", "call": "1"}
    status, out, _ = run(["solve", "--deck", "3", "--max-bets", "2", "--json", "--refine", "none"])
    assert json.loads(out)["strategies"]["dealer"]["A:xbr"] == {"fold": "1/5", "call": "4/5"}
    status, out, err = run(["solve", "--refine", "perfect"])
    assert status == 2 and out == "" and "invalid choice: 'perfect'" in err
    status, out, _ = run(["solve", "one-raise", "--all", "--json"])
    sets = json.loads(out)["optimal_sets"]
    dealer = next(s for s in sets if s["player"] == "dealer")
    assert dealer["admissible"]["decided"] and not dealer["admissible"]["all"]
    assert set(dealer["admissible"]["faces"][0]["equations"]) == {"y[A:b:raise] = 1", "y[A:xbr:call] = 1"}
    assert set(dealer["admissible"]["only_in_dominated_members"]) == {"A:xbr:fold", "A:b:call"}


# --------------------------------------------------------------------------- deep sequences, many faces, the fallback


def _chain(depth: int):
    node = payoff(-1, 1)
    for i in reversed(range(depth)):
        node = decision(0, f"m{i}", {"stop": payoff(3, -3) if i == 0 else payoff(0, 0), "go": node})
    return extensive_form(["Max", "Min"], node)


@pytest.mark.parametrize("depth", [8, 12])
def test_long_own_sequences_are_solved_from_a_crash_basis(depth):
    # eight or more consecutive own moves: ε^8 is below HiGHS's tolerances, and HiGHS reports equality
    # rows as basic; the exact simplex starts from the sequence form's triangular crash basis instead
    sol = solve_zero_sum(_chain(depth))
    assert sol.value == 3 and sol.strategies[0]["m0"] == {"stop": 1, "go": 0}
    assert any(pp.epsilon0 is None for pp in sol.perturbed)
    assert game_exploitability(behaviour_profile(sol.game, sol.strategies)) == 0


def test_admissibility_searches_the_faces_spanned_by_admissible_vertices():
    # a 9 x 2 matrix game: every row is optimal (value 0), only T0 is admissible (it wins 1 against C)
    rows = {
        f"T{i}": decision(1, "col", {"L": payoff(0, 0), "C": payoff(1 if i == 0 else 0, -1 if i == 0 else 0)})
        for i in range(9)
    }
    game = extensive_form(["Max", "Min"], decision(0, "row", rows))
    sol = solve_zero_sum(game, all_optimal=True)
    maxs = sol.optimal_sets[0]
    assert maxs.dimension == 8 and len(maxs.vertices) == 9
    a = maxs.admissible
    assert a.checked and len(a.faces) == 1 and a.faces[0].dimension == 0
    assert maxs.at(maxs.vertices[a.faces[0].vertices[0]])["row:T0"] == 1
    assert "only admissible optimal strategy" in a.describe("Max")
    assert set(a.only_dominated) == {f"row:T{i}" for i in range(1, 9)}


def test_command_line_falls_back_to_the_lp_with_one_line(monkeypatch):
    import io

    import derive.solving.refinements.quasi_perfect as refine
    from derive.cli import main
    from derive.solving.lp import ExactLPError

    def fail(*args, **kwargs):
        raise ExactLPError("no basis proved optimal for all small ε")

    monkeypatch.setattr(refine, "perturbed_plans", fail)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "kuhn", "--json"], out=out, err=err) == 0
    assert err.getvalue().count("\n") == 1 and "showing the LP's (--refine none)" in err.getvalue()
    import json

    doc = json.loads(out.getvalue())
    assert doc["refinement"] == "none" and doc["value"] == "-1/18"


def test_refinement_limits_are_said_and_the_count_of_exact_steps_reported(monkeypatch):
    """Over the sequence cap the refinement is not attempted, over the step budget it stops; each
    error names its limit; a refined solution reports the exact steps its search took."""
    import derive.solving.refinements.quasi_perfect as qp
    from derive.solving.lp import ExactLPError

    sf = game_sequence_form(to_extensive_form(one_card_poker(5, 2)))
    mats = (sf.numeric_matrix(0), transpose(sf.numeric_matrix(1)))
    plans = perturbed_plans(sf, mats)
    assert all(1 <= pp.steps <= qp.MAX_STEPS for pp in plans)
    monkeypatch.setattr(qp, "MAX_SEQUENCES", sum(sf.shape) - 1)
    with pytest.raises(ExactLPError, match=f"not attempted on {sum(sf.shape)} sequences"):
        perturbed_plans(sf, mats)
    monkeypatch.setattr(qp, "MAX_SEQUENCES", 6_000)
    monkeypatch.setattr(qp, "MAX_STEPS", 0)
    with pytest.raises(ExactLPError, match="more than 0 exact pivots and checks, the limit"):
        perturbed_plans(sf, mats)


@pytest.mark.parametrize("seed", range(6))
def test_a_basis_updated_by_pivots_solves_as_the_new_basis_factored_afresh(seed):
    """FactoredBasis.replace (product form) gives exactly the solves of the new basis factored afresh."""
    import random

    from sympy.polys.domains import QQ

    from derive.solving.refinements.basis_update import FactoredBasis

    rng = random.Random(seed)
    nrows, structural = 6, 7
    columns = [
        {r: QQ(rng.randint(-3, 3) or 1, rng.randint(1, 2)) for r in range(nrows) if rng.random() < 0.5}
        for _ in range(structural)
    ]
    columns += [{r: QQ(1 if r % 2 else -1)} for r in range(nrows)]  # a slack per row
    basic = list(range(structural, structural + nrows))
    factored = FactoredBasis(columns, nrows, structural, basic)
    vectors = [[QQ(rng.randint(-4, 4)), QQ(rng.randint(-4, 4), 3)] for _ in range(nrows)]
    for j in rng.sample(range(structural), 5):
        if j in basic:
            continue
        dense = [[columns[j].get(r, QQ(0))] for r in range(nrows)]
        alpha = factored.ftran(dense)
        k = next((k for k in range(nrows) if alpha[k][0]), None)
        if k is None:
            continue
        factored.replace(k, alpha)
        basic[k] = j
        fresh = FactoredBasis(columns, nrows, structural, basic)
        assert factored.ftran(vectors) == fresh.ftran(vectors)
        assert factored.btran(vectors) == fresh.btran(vectors)


def test_exact_pivots_give_the_same_plans_when_the_basis_is_factored_afresh_more_often(monkeypatch):
    """The updated basic values and reduced costs of StandardForm.solve_from agree with fresh
    factorizations: Leduc hold'em with one raise a round takes about 50 exact pivots."""
    from derive.games.leduc import leduc_holdem
    from derive.solving.refinements import exact_simplex

    results = []
    for refactor in (exact_simplex.REFACTOR, 3, 0):
        monkeypatch.setattr(exact_simplex, "REFACTOR", refactor)
        sol = solve_zero_sum(leduc_holdem(max_raises=1))
        results.append([(pp.plan, pp.steps, pp.largest_block) for pp in sol.perturbed])
    assert results[0] == results[1] == results[2]
    assert sum(steps for _, steps, _ in results[0]) > 40


def test_the_perturbed_lp_evaluated_at_several_epsilons_at_once_is_the_same_as_one_at_a_time():
    from sympy.polys.domains import QQ

    from derive.solving.refinements.quasi_perfect import _perturbed_program, sequence_lengths

    sf = game_sequence_form(to_extensive_form(one_raise_poker()))
    mats = (sf.numeric_matrix(0), transpose(sf.numeric_matrix(0)))
    lp = _perturbed_program(sf, mats, 1, (sequence_lengths(sf, 0), sequence_lengths(sf, 1)))
    epsilons = [QQ(1, 7), QQ(1, 330), QQ(2, 3)]
    for (prog, cost), eps in zip(lp.at_each(epsilons), epsilons):
        one, one_cost = lp.at(eps)
        assert (prog.lower, prog.upper, prog.rows, prog.free, cost) == (
            one.lower,
            one.upper,
            one.rows,
            one.free,
            one_cost,
        )
