"""The exact real algebra under the support enumeration (issue 38, item 1): branches of polynomial
systems, signs in Q(alpha), open cells and one-variable solution sets, each against a value worked
out by hand."""

from __future__ import annotations

import flint
import pytest
import sympy as sp

from derive.solving.semialgebraic.cells import Condition, open_point, section_point, solution_set
from derive.solving.semialgebraic.elimination import Branch, UnsolvedSystem, branches, restrict
from derive.solving.semialgebraic.number_fields import NumberField, real_roots
from derive.solving.semialgebraic.polynomials import (
    irreducible_factors,
    polynomial_context,
    primitive,
    substitute_fraction,
    to_sympy,
)

Q = flint.fmpq
R = sp.Rational


def _ctx(n: int):
    ctx = polynomial_context(n)
    return ctx, ctx.gens()


def test_factors_are_primitive_with_a_positive_leading_coefficient():
    ctx, (x, y, _) = _ctx(2)
    factors = irreducible_factors((-6 * x * y + 4 * y) * (x + Q(1, 2)))
    assert sorted(str(f) for f in factors) == ["2*u0 + 1", "3*u0 - 2", "u1"]
    assert str(primitive(-x / 3 + Q(1, 6))) == "2*u0 - 1"


def test_a_fraction_substituted_stays_in_lowest_terms():
    ctx, (x, y, _) = _ctx(2)
    # (x^2 - y^2) / (x + y) at x = y / 2 is (y/2 - y): the factor x + y cancels
    top, bottom = substitute_fraction(x**2 - y**2, x + y, 0, y, ctx.constant(2))
    assert bottom.is_constant()
    values = [sp.Symbol("x"), sp.Symbol("y"), 0]
    assert sp.expand(to_sympy(top, values) / to_sympy(bottom, values)) == -sp.Symbol("y") / 2


def test_real_roots_ascending_and_signs_in_the_field():
    roots = real_roots(flint.fmpq_poly([-1, -1, 0, 1]) * flint.fmpq_poly([-2, 0, 1]))  # x^3 - x - 1, x^2 - 2
    assert [str(r) for _, r in roots] == ["-sqrt(2)", "CRootOf(x**3 - x - 1, 0)", "sqrt(2)"]
    plastic = NumberField(*roots[1])  # 1.3247...
    assert plastic.sign(flint.fmpq_poly([Q(-4, 3), 1])) == -1  # alpha < 4/3
    assert plastic.sign(flint.fmpq_poly([Q(-13, 10), 1])) == 1  # alpha > 13/10
    assert plastic.sign(flint.fmpq_poly([-1, -1, 0, 1])) == 0  # its own minimal polynomial
    root2 = NumberField(*roots[2])
    inverse = root2.inverse(flint.fmpq_poly([1, 1]))  # 1 / (1 + sqrt 2) = sqrt 2 - 1
    assert root2.to_sympy(inverse) == sp.sqrt(2) - 1
    assert [str(r) for _, r in real_roots(flint.fmpq_poly([-2, 0, 1]), 0, 1)] == []


def test_a_system_splits_into_disjoint_branches():
    ctx, (x, y, _) = _ctx(2)
    found = branches([x * y - y], [0, 1])  # y = 0 (x free), or x = 1 with y != 0 (y free)
    assert len(found) == 2
    by_free = {b.free: b for b in found}
    assert str(by_free[(0,)].values[1][0]) == "0"
    assert str(by_free[(1,)].values[0][0]) == "1" and [str(z) for z in by_free[(1,)].nonzero] == ["u1"]


def test_a_pivot_with_a_variable_coefficient_splits_on_it():
    ctx, (x, y, _) = _ctx(2)
    # (y - 1) x = y - 1: x = 1 where y != 1, and all x where y = 1
    found = branches([(y - 1) * x - (y - 1)], [0, 1])
    frees = sorted(b.free for b in found)
    assert frees == [(0,), (1,)]
    (line,) = [b for b in found if b.free == (0,)]
    assert str(line.values[1][0]) == "1"


def test_an_irrational_solution_lives_in_its_field():
    ctx, (x, y, _) = _ctx(2)
    # x^2 + y^2 = 1, x = y: in the open unit box only x = y = sqrt(2)/2
    (branch,) = branches([x**2 + y**2 - 1, x**2 - y**2], [0, 1], inside=(0, 1))
    assert branch.free == () and branch.field is not None
    assert branch.field.alpha**2 == R(1, 2) or sp.simplify(branch.field.alpha**2 - R(1, 2)) == 0
    for v in (0, 1):
        n, d = branch.values[v]
        value = branch.field.to_sympy(_univariate(n)) / branch.field.to_sympy(_univariate(d))
        assert sp.simplify(value - sp.sqrt(2) / 2) == 0


def _univariate(p):
    k = p.context().nvars() - 1
    coeffs = {m[k]: c for m, c in p.to_dict().items()}
    return flint.fmpq_poly([coeffs.get(j, 0) for j in range(max(coeffs, default=-1) + 1)])


def test_no_common_zero_is_an_empty_answer():
    ctx, (x, y, _) = _ctx(2)
    assert branches([x**2 + y**2 - 1, x**2 + y**2 - 4], [0, 1]) == []


def test_a_plane_curve_is_kept_not_dropped():
    ctx, (x, y, _) = _ctx(2)
    (branch,) = branches([x**2 + 3 * x * y + 6 * y**2 - 6 * y + 2], [0, 1])
    assert isinstance(branch, Branch) and len(branch.equations) == 1 and branch.free == (0, 1)
    (branch,) = branches([x**2 + y**2 - 1], [0, 1])
    assert branch.equations
    ctx3, (a, b, c, _) = _ctx(3)
    (unsolved,) = branches([a**2 + b**2 + c**2 - 1], [0, 1, 2])  # a surface: reported, not guessed
    assert isinstance(unsolved, UnsolvedSystem) and "infinitely many" in unsolved.reason


def test_restrict_adds_equations_to_a_branch():
    ctx, (x, y, _) = _ctx(2)
    (line,) = [b for b in branches([x - y], [0, 1])]
    (point,) = branches([line.values[0][0] - Q(1, 3)], line.free, context=ctx)  # y = 1/3
    whole = restrict(line, point)
    assert whole.free == () and {v: str(n) for v, (n, d) in whole.values.items()} == {0: "1/3", 1: "1/3"}


def test_an_empty_open_set_is_proved_empty():
    ctx, (x, y, _) = _ctx(2)
    one = ctx.constant(1)
    conditions = [
        Condition(x * y - 1, one, ">"),
        Condition(1 - 2 * x, one, ">"),
        Condition(1 - y, one, ">"),
        Condition(x, one, ">"),
        Condition(y, one, ">"),
    ]
    assert open_point(conditions, [0, 1]) is None
    conditions[0] = Condition(8 * x * y - 1, one, ">")
    point = open_point(conditions, [0, 1])
    assert point is not None and 8 * point[0] * point[1] > 1 and 2 * point[0] < 1 and point[1] < 1


def test_a_rational_function_condition_in_one_variable():
    """The condition of issue 38's traceback: ``s (2 s - 1) / (3 s - 2) >= 0`` with ``0 < s < 1``
    holds on ``(0, 1/2]`` and ``(2/3, 1)``: its denominator's zero is excluded."""
    ctx, (s, _) = _ctx(1)
    one = ctx.constant(1)
    conditions = [
        Condition(s * (2 * s - 1), 3 * s - 2, ">="),
        Condition(s, one, ">"),
        Condition(1 - s, one, ">"),
        Condition(3 * s - 2, one, "!="),
    ]
    where, witness, isolated = solution_set(conditions, 0, sp.Symbol("s"))
    assert where == sp.Union(sp.Interval.Lopen(0, R(1, 2)), sp.Interval.open(R(2, 3), 1))
    assert witness is not None and isolated == []


def test_an_algebraic_end_and_an_isolated_point():
    ctx, (t, _) = _ctx(1)
    one = ctx.constant(1)
    # 1 - 2 t^2 >= 0 on (0, 1): t <= sqrt(2)/2; and (3t - 2)^2 (t - 1/2) ... an isolated point
    where, _, _ = solution_set(
        [Condition(1 - 2 * t**2, one, ">="), Condition(t, one, ">")], 0, sp.Symbol("t")
    )
    assert where == sp.Interval.Lopen(0, sp.sqrt(2) / 2)
    where, witness, isolated = solution_set(
        [Condition(-((5 * t**2 - 1) ** 2), one, ">="), Condition(t, one, ">")], 0, sp.Symbol("t")
    )
    assert where == sp.FiniteSet(sp.sqrt(5) / 5) and witness is None and len(isolated) == 1


def test_a_section_of_a_curve():
    ctx, (x, y, _) = _ctx(2)
    one = ctx.constant(1)
    circle = x**2 + y**2 - 1
    conditions = [Condition(x, one, ">"), Condition(y, one, ">"), Condition(x - y, one, ">")]
    point, factor, root = section_point(conditions, circle, 0, [1])
    y0 = point[1]
    assert 0 < y0 < 1 and factor == flint.fmpq_poly([y0**2 - 1, 0, 1])
    assert sp.simplify(root.point**2 + R(int(y0.p), int(y0.q)) ** 2 - 1) == 0
    assert section_point([*conditions, Condition(y - 2, one, ">")], circle, 0, [1]) is None


@pytest.mark.parametrize("degree", [2, 3, 4])
def test_signs_agree_with_sympy_on_random_polynomials(degree):
    import random

    rng = random.Random(degree)
    for _ in range(8):
        coeffs = [rng.randint(-5, 5) for _ in range(degree)] + [1]
        p = flint.fmpq_poly(coeffs)
        for factor, root in real_roots(p):
            if factor.degree() < 2:
                continue
            field = NumberField(factor, root)
            q = flint.fmpq_poly([rng.randint(-5, 5) for _ in range(degree)])
            exact = field.sign(q)
            value = sum(int(c) * root.point**k for k, c in enumerate(q.coeffs()))
            assert exact == (0 if sp.simplify(value) == 0 else int(sp.sign(sp.N(value, 50))))
