"""Square systems over Q(t) (a parametric LP's basis), against sympy's exact solve at points.

:func:`derive.solving.parameters.basis_solve.solve_basis` solves ``B(t) z = r(t)`` by power series and
Padé approximation modulo primes; here random systems -- entries of degree 0 to 3 in ``t``,
right-hand sides of several degrees, sparse rows that peel and dense cores, some singular at
``t = 0`` -- are solved and every unknown is compared, at rational points, with sympy's LU solve of
the system with the point substituted.
"""

from __future__ import annotations

import random

import pytest
import sympy as sp

from derive.solving.parameters.basis_solve import solve_basis
from derive.solving.parameters.rational_functions import RationalFunctionField

t = sp.Symbol("t")


def _random_system(rng: random.Random, n: int, degree: int, density: float):
    """``({row: {col: entry}}, right-hand side)``: entries polynomials in ``t`` of degree <= ``degree``
    (some rational functions), a nonzero diagonal so the matrix is generically invertible."""

    def entry(d: int):
        poly = sum(sp.Rational(rng.randint(-9, 9), rng.choice([1, 1, 2, 3])) * t**k for k in range(d + 1))
        if rng.random() < 0.1:
            poly /= t + rng.randint(5, 9)  # a pole outside the points used
        return poly

    mat = {}
    for i in range(n):
        row = {}
        for j in range(n):
            if i == j or rng.random() < density:
                value = entry(rng.randint(0, degree))
                if i == j and value == 0:
                    value = sp.Integer(1)
                if value != 0:
                    row[j] = value
        mat[i] = row
    rhs = [entry(rng.randint(0, 2)) if rng.random() < 0.7 else sp.Integer(0) for _ in range(n)]
    return mat, rhs


@pytest.mark.parametrize("seed", range(24))
def test_random_systems_agree_with_sympy_at_points(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 14)
    degree = [0, 1, 1, 2, 3][seed % 5]
    mat, rhs = _random_system(rng, n, degree, rng.choice([0.15, 0.4, 0.9]))
    if seed % 3 == 0:  # B(0) singular: the series are taken about another point
        mat[0] = {j: v * t for j, v in mat[0].items()}
    field = RationalFunctionField(t)
    converted = {i: {j: field(v) for j, v in row.items()} for i, row in mat.items()}
    dense = sp.Matrix(n, n, lambda i, j: mat[i].get(j, 0))
    try:
        z = solve_basis(field, converted, n, rhs)
    except ZeroDivisionError:
        assert sp.cancel(dense.det()) == 0  # refused only when singular as a matrix over Q(t)
        return
    checked = 0
    for point in (sp.Rational(1, 7), sp.Rational(-3, 2), sp.Rational(13, 4), sp.Integer(2)):
        at = dense.subs(t, point)
        if at.det() == 0:
            continue
        expected = at.LUsolve(sp.Matrix([sp.sympify(b).subs(t, point) for b in rhs]))
        got = [sp.Rational(str(field.at(v, sp.QQ(point.p, point.q)))) for v in z]
        assert got == list(expected), (seed, point)
        checked += 1
    assert checked >= 2


def test_a_singular_system_is_refused():
    field = RationalFunctionField(t)
    rows = {0: {0: field(t), 1: field(t**2)}, 1: {0: field(sp.Integer(1)), 1: field(t)}}
    with pytest.raises(ZeroDivisionError):
        solve_basis(field, rows, 2, [sp.Integer(1), sp.Integer(2)])


@pytest.mark.parametrize(
    "rows, rhs",
    [
        ({0: {0: 1, 1: t}, 1: {0: 1, 1: 2}}, [1 + t**20, 0]),
        ({0: {0: 1 + t, 1: 1}, 1: {0: 1, 1: 2}}, [1 + t**30, 3]),
        ({0: {0: 1, 1: 1}, 1: {0: 1, 1: 2}}, [1 + t + t**10, 0]),
    ],
)
def test_a_right_hand_side_of_high_degree(rows, rhs):
    """A solution whose degree comes from the right-hand side (beyond the terms a solve starts with):
    the series are lengthened until the lifted solution is proved (a first, too short series fits a
    wrong solution of low degree; cutting the terms to its degrees once made this loop forever)."""
    field = RationalFunctionField(t)
    mat = {i: {j: field(sp.sympify(v)) for j, v in row.items()} for i, row in rows.items()}
    z = solve_basis(field, mat, 2, [sp.sympify(b) for b in rhs])
    dense = sp.Matrix(2, 2, lambda i, j: rows[i].get(j, 0))
    expected = dense.LUsolve(sp.Matrix(rhs))
    for got, want in zip(z, expected):
        assert sp.cancel(field.to_sympy(got) - want) == 0
