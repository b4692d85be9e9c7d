"""The exact LP: HiGHS's basis re-solved in rationals, against an independent exact oracle.

sympy's own simplex (``sympy.solvers.simplex``) is not used as the oracle: in
sympy 1.14 it can return infeasible points for LPs with equality
constraints (sympy issue #28089; e.g. the matrix game [[0, -1, -2], [0, 1, 1]]).
"""

from __future__ import annotations

import itertools

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.polys.domains import QQ

from derive.games.one_card import one_card_poker, to_extensive_form
from derive.solving.lp import best_response_value, maximin
from derive.solving.zero_sum.from_rules import solve
from derive.verification import best_response


def _support_enumeration_value(matrix):
    """Value of the matrix game by Shapley-Snow: some optimal x solves a square subsystem exactly."""
    m, n = len(matrix), len(matrix[0])
    best = None
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                xs = sp.symbols(f"x0:{k}")
                v = sp.Symbol("v")
                eqs = [sum(xs[a] * matrix[r][c] for a, r in enumerate(rows)) - v for c in cols]
                eqs.append(sum(xs) - 1)
                sol = sp.solve(eqs, [*xs, v], dict=True)
                if len(sol) != 1 or any(s not in sol[0] for s in (*xs, v)):
                    continue
                x = [sp.S.Zero] * m
                for a, r in enumerate(rows):
                    x[r] = sol[0][xs[a]]
                if any(p < 0 for p in x):
                    continue
                value = min(sum(x[i] * matrix[i][j] for i in range(m)) for j in range(n))
                best = value if best is None else max(best, value)
    return best


def test_oracle_on_the_sympy_counterexample():
    """The matrix game where sympy's simplex fails has value 0 (row 2 guarantees 0, column 1 holds it)."""
    assert _support_enumeration_value([[0, -1, -2], [0, 1, 1]]) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_matrix_games_match_support_enumeration(m, n, data):
    """On random integer matrix games the certified value equals the exact support-enumeration value."""
    matrix = [[data.draw(st.integers(-5, 5)) for _ in range(n)] for _ in range(m)]
    entries = {i: {j: QQ(matrix[i][j]) for j in range(n) if matrix[i][j]} for i in range(m)}
    sx, sy = maximin(entries, (m, n), [tuple(range(m))], [tuple(range(n))])
    assert QQ.to_sympy(sx.value) == _support_enumeration_value(matrix)
    assert sx.value == sy.value
    assert best_response_value(entries, sx.strategy, [tuple(range(n))]) == sx.value


@pytest.mark.parametrize(
    "n, k, bet, value",
    [
        (3, 1, 1, sp.Rational(-1, 18)),  # Kuhn 1950
        (3, 2, 1, sp.Rational(-1, 18)),  # Miao 2014
        (3, 3, 1, None),
        (4, 2, 1, None),
        (3, 1, "3/2", None),
        (5, 2, "1/2", None),
    ],
)
def test_certificate_by_independent_best_responses(n, k, bet, value):
    """The equilibrium's value is confirmed by derive.verification's plan-form best responses (sympy arithmetic,
    a separate code path from the LP's rational certificate): max_x U(x, y*) = min_y U(x*, y) = v."""
    game = to_extensive_form(one_card_poker(n, k, bet=bet))
    eq = solve(game)
    assert best_response(game, eq.strategies[0]).value == eq.value
    assert best_response(game, eq.strategies[1]).value == eq.value
    if value is not None:
        assert eq.value == value


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 9),
    density=st.sampled_from([0.15, 0.3, 0.6, 1.0]),
    width=st.integers(1, 3),
    transpose=st.booleans(),
    data=st.data(),
)
def test_sparse_exact_solve_matches_sympy(n, density, width, transpose, data):
    """solve_exact (singleton elimination, then a FLINT core) agrees with sympy's exact LU on random
    sparse systems, and raises ZeroDivisionError exactly when sympy finds the matrix singular."""
    from derive.solving.lp import solve_exact

    entries = data.draw(
        st.lists(
            st.lists(
                st.one_of(st.just(0), st.fractions(-5, 5, max_denominator=4)),
                min_size=n,
                max_size=n,
            ),
            min_size=n,
            max_size=n,
        )
    )
    keep = data.draw(st.lists(st.lists(st.floats(0, 1), min_size=n, max_size=n), min_size=n, max_size=n))
    dense = [
        [sp.Rational(v) if keep[i][j] < density else sp.S.Zero for j, v in enumerate(r)]
        for i, r in enumerate(entries)
    ]
    rhs = data.draw(
        st.lists(
            st.lists(st.fractions(-3, 3, max_denominator=3), min_size=width, max_size=width),
            min_size=n,
            max_size=n,
        )
    )
    B = sp.Matrix(dense)
    matrix = {i: {j: QQ(int(v.p), int(v.q)) for j, v in enumerate(r) if v != 0} for i, r in enumerate(dense)}
    matrix = {i: r for i, r in matrix.items() if r}
    right = {i: {c: QQ(v.numerator, v.denominator) for c, v in enumerate(r) if v} for i, r in enumerate(rhs)}
    system = B.T if transpose else B
    if system.det() == 0:
        with pytest.raises(ZeroDivisionError):
            solve_exact(matrix, n, right, width, transpose=transpose)
        return
    expected = system.LUsolve(sp.Matrix([[sp.Rational(v) for v in r] for r in rhs]))
    got = solve_exact(matrix, n, right, width, transpose=transpose)
    for i in range(n):
        for c in range(width):
            assert QQ.to_sympy(got.get((i, c), QQ(0))) == expected[i, c]


def test_sparse_exact_solve_on_a_triangular_chain_with_a_dense_core():
    """A lower-triangular chain (row singletons), a column-singleton tail and a 2 x 2 core, by hand:
    x0 = 2; x1 + x0 = 5; core 2 x2 + x3 = 4 + x1, x2 - x3 = 0; x4 + x2 = 1 (x4 only here)."""
    from derive.solving.lp import solve_exact

    q = QQ
    matrix = {
        0: {0: q(1)},
        1: {0: q(1), 1: q(1)},
        2: {1: q(-1), 2: q(2), 3: q(1)},
        3: {2: q(1), 3: q(-1)},
        4: {2: q(1), 4: q(1)},
    }
    rhs = {0: {0: q(2)}, 1: {0: q(5)}, 2: {0: q(4)}, 4: {0: q(1)}}
    got = solve_exact(matrix, 5, rhs, 1)
    # x0 = 2, x1 = 3, 3 x2 = 7 -> x2 = x3 = 7/3, x4 = 1 - 7/3
    assert got == {(0, 0): q(2), (1, 0): q(3), (2, 0): q(7, 3), (3, 0): q(7, 3), (4, 0): q(-4, 3)}


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 14), density=st.sampled_from([0.1, 0.25, 0.5]), seed=st.integers(0, 10**6))
def test_sparse_lu_solves_both_ways_or_finds_the_matrix_singular(n, density, seed):
    """SparseLU (exact Markowitz elimination) solves B x = r and B^T y = s as sympy does, and raises
    ZeroDivisionError exactly when B is singular; with no room for fill-in it raises FillError."""
    import random

    from derive.solving.sparse_lu import FillError, SparseLU

    rng = random.Random(seed)
    rows = [
        {j: QQ(rng.randint(-4, 4), rng.randint(1, 3)) for j in range(n) if rng.random() < density or i == j}
        for i in range(n)
    ]
    rhs = [[QQ(rng.randint(-3, 3)), QQ(rng.randint(-3, 3), 2)] for _ in range(n)]
    B = sp.Matrix(n, n, lambda i, j: QQ.to_sympy(rows[i].get(j, QQ(0))))
    if B.det() == 0:
        with pytest.raises(ZeroDivisionError):
            SparseLU(rows)
        return
    lu = SparseLU(rows)
    R = sp.Matrix(n, 2, lambda i, c: QQ.to_sympy(rhs[i][c]))
    for got, system in ((lu.solve(rhs, 2), B), (lu.solve_transpose(rhs, 2), B.T)):
        expected = system.LUsolve(R)
        assert [[QQ.to_sympy(v) for v in line] for line in got] == expected.tolist()
    if lu.entries > n:
        with pytest.raises(FillError):
            SparseLU(rows, max_entries=n)
