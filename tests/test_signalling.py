"""Signalling refinements: beer-quiche's textbook verdicts (Cho & Kreps 1987), the job market's
(Spence 1973), and random small signalling games against an independent brute force.

The brute force enumerates pure profiles of 2-type, 2-message, 2-response games with small integer
payoffs (ties included); a profile is sequential when it is a Nash equilibrium and every off-path
message's response is a best reply to some belief in [0, 1] (tried at 0, 1 and the breakpoint); the
intuitive criterion is tested from its definition.  derive's verdicts on the same points, and on the
Nash subsets that contain them, must agree.
"""

from __future__ import annotations

import itertools
import random

import pytest
import sympy as sp

from derive.derivation.solve import solve
from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import NotSupportedError
from derive.games.textbook import beer_quiche, job_market, selten_horse
from derive.solving.refinements.beliefs import assess, pure_family
from derive.solving.refinements.signalling import refinement_verdicts, signalling_structure

R = sp.Rational
TYPES, MESSAGES, RESPONSES = ("a", "b"), ("m", "n"), ("x", "y")


def test_beer_quiche_verdicts_in_words():
    s = solve(beer_quiche(), refine="intuitive")
    (ic_q, d1_q), (ic_b, d1_b) = s.refinements
    assert (ic_q.verdict, ic_q.message, ic_q.type) == ("fails", "beer", "strong")
    assert ic_q.reason.startswith(
        "the weak type can never gain by beer against any best response of the Receiver (at most 2 against 3), "
        "so the Receiver should believe beer comes from the strong type; then the strong type gains by beer"
    )
    assert ic_q.reason.endswith("quiche pooling fails")
    assert ic_b.verdict == "survives" and ic_b.reason.endswith("beer pooling survives")
    assert d1_q.verdict == "fails" and d1_b.verdict == "survives"


def test_job_market_intuitive_criterion_keeps_the_separating_equilibrium():
    s = solve(job_market(), refine="intuitive")
    (ic_pool, d1_pool), (ic_sep, d1_sep) = s.refinements
    assert ic_pool.verdict == "fails" and ic_pool.message == "educated" and ic_pool.type == "high"
    assert ic_sep.verdict == "survives" and d1_pool.verdict == "fails" and d1_sep.verdict == "survives"
    assert "uneducated pooling fails" in ic_pool.reason


def test_structure():
    sg = signalling_structure(beer_quiche())
    assert (
        sg.types == ("weak", "strong")
        and sg.messages == ("beer", "quiche")
        and sg.prior == (R(1, 10), R(9, 10))
    )
    with pytest.raises(NotSupportedError, match="3 players"):
        signalling_structure(selten_horse())


def _game(prior, u):
    def receiver(t, m):
        return decision("R", MESSAGES[m], {RESPONSES[r]: payoff(*u[(t, m, r)]) for r in range(2)})

    def sender(t):
        return decision("S", TYPES[t], {MESSAGES[m]: receiver(t, m) for m in range(2)})

    return extensive_form(
        ["S", "R"], chance({TYPES[t]: (prior[t], sender(t)) for t in range(2)}), title="random"
    )


def _best(u, m, r, mu):
    """Whether response r is optimal after m when the belief in type 0 is mu."""
    value = [mu * u[(0, m, k)][1] + (1 - mu) * u[(1, m, k)][1] for k in range(2)]
    return value[r] >= max(value)


def _beliefs_to_try(u, m):
    d0 = u[(0, m, 0)][1] - u[(0, m, 1)][1]
    d1 = u[(1, m, 0)][1] - u[(1, m, 1)][1]
    out = [R(0), R(1), R(1, 2)]
    if d0 != d1:
        mu = R(-d1, d0 - d1)
        if 0 <= mu <= 1:
            out.append(mu)
    return out


def _brute(prior, u):
    """{(sender, receiver): (sequential, intuitive verdict)} for every pure Nash profile."""
    out = {}
    for s in itertools.product(range(2), repeat=2):
        for r in itertools.product(range(2), repeat=2):
            star = [u[(t, s[t], r[s[t]])][0] for t in range(2)]
            if any(u[(t, m, r[m])][0] > star[t] for t in range(2) for m in range(2)):
                continue
            on = {s[0], s[1]}
            nash = all(
                _best(
                    u,
                    m,
                    r[m],
                    prior[0] * int(s[0] == m) / (prior[0] * int(s[0] == m) + prior[1] * int(s[1] == m)),
                )
                for m in on
            )
            if not nash:
                continue
            off = [m for m in range(2) if m not in on]
            sequential = all(any(_best(u, m, r[m], mu) for mu in _beliefs_to_try(u, m)) for m in off)
            verdict = "survives"
            for m in off:
                br_all = {k for k in range(2) if any(_best(u, m, k, mu) for mu in _beliefs_to_try(u, m))}
                dominated = [t for t in range(2) if max(u[(t, m, k)][0] for k in br_all) < star[t]]
                rest = [t for t in range(2) if t not in dominated] or [0, 1]
                beliefs = [R(1)] if rest == [0] else [R(0)] if rest == [1] else _beliefs_to_try(u, m)
                br = {k for k in range(2) if any(_best(u, m, k, mu) for mu in beliefs)}
                if any(min(u[(t, m, k)][0] for k in br) > star[t] for t in range(2)):
                    verdict = "fails"
            out[(s, r)] = (sequential, verdict if sequential else "not sequential")
    return out


def _member(family, s, r):
    """The parameter value at which ``family`` is the pure profile, or False when it is not a member."""
    target = [
        {f"{TYPES[0]}: {MESSAGES[s[0]]}, {TYPES[1]}: {MESSAGES[s[1]]}": 1},
        {f"{MESSAGES[0]}: {RESPONSES[r[0]]}, {MESSAGES[1]}: {RESPONSES[r[1]]}": 1},
    ]
    t = family.parameter
    candidates = [None] if t is None else []
    if t is not None:
        for p in range(2):
            for label, v in family.strategies[p].items():
                if t in sp.sympify(v).free_symbols:
                    candidates.extend(sp.solve(sp.Eq(v, target[p].get(label, 0)), t))
    for c in candidates:
        if c is not None and c not in family.values:
            continue
        if all(
            sp.sympify(v).subs(t, c) == target[p].get(label, 0)
            if t is not None
            else v == target[p].get(label, 0)
            for p in range(2)
            for label, v in family.strategies[p].items()
        ):
            return c
    return False


@pytest.mark.parametrize("seed", range(40))
def test_random_signalling_games_against_brute_force(seed):
    rng = random.Random(seed)
    prior = rng.choice([(R(1, 2), R(1, 2)), (R(1, 3), R(2, 3)), (R(3, 4), R(1, 4))])
    u = {
        (t, m, r): (rng.randint(0, 2), rng.randint(0, 2))
        for t in range(2)
        for m in range(2)
        for r in range(2)
    }
    game = _game(prior, u)
    sg = signalling_structure(game)
    expected = _brute(prior, u)
    solution = solve(game, refine="sequential")
    for (s, r), (sequential, verdict) in expected.items():
        choice = {(0, TYPES[t]): MESSAGES[s[t]] for t in range(2)}
        choice.update({(1, MESSAGES[m]): RESPONSES[r[m]] for m in range(2)})
        point = assess(game, pure_family(game, choice))
        assert point.decided
        assert (point.verdict != "none") == sequential, (seed, s, r)
        ic, _ = refinement_verdicts(game, sg, point)
        assert ic.verdict == verdict, (seed, s, r, ic)
        # the Nash subsets containing the point say the same of it
        found = 0
        for a in solution.assessments:
            where = _member(a.family, s, r)
            if where is False or not a.decided:
                continue
            found += 1
            if a.family.parameter is None:
                assert (a.verdict != "none") == sequential
            else:
                cell = next(c for c in a.cells if where in c.values)
                assert cell.sequential == sequential, (seed, s, r)
        assert found or any(not a.decided for a in solution.assessments)
