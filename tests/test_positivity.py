"""Product-of-constraints certificates of non-negativity (Handelman 1988), found by an exact LP.

A certificate is an identity ``f = sum c_S prod_(i in S) g_i`` with ``c_S >= 0``: it must expand back
to ``f`` exactly, exist for combinations built that way, and never be found for a polynomial that
is negative somewhere on the domain.
"""

from __future__ import annotations

import itertools

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.verification.positivity import positivity_certificate

R = sp.Rational
x, y = sp.symbols("x y")
TRIANGLE = [x, y, 1 - x - y]
GRID = [(R(i, 8), R(j, 8)) for i in range(9) for j in range(9 - i)]


def test_a_bilinear_gap_on_a_curved_domain():
    """Three-player Kuhn poker, sub-family 3: P1's gap for calling with Q after check, check, bet is
    (4 b c + b + 3 c - 2)/24; the domain's curved bound c (3 + 4 b) <= 2 - b is the certificate."""
    b, c = sp.symbols("b11 c11")
    curved = 2 - b - 3 * c - 4 * b * c
    cert = positivity_certificate(curved / 24, [b, R(1, 4) - b, c, R(1, 2) - c, curved], [b, c])
    assert cert is not None and cert.terms == ((R(1, 24), (curved,)),)
    assert str(cert) == "-b11*c11/6 - b11/24 - c11/8 + 1/12 = 1/24*(-4*b11*c11 - b11 - 3*c11 + 2)"


def test_higher_degree_products_are_tried():
    """3 q (p - 1/2)^2 + 1/4 > 0 on the unit square needs products of four constraints."""
    cert = positivity_certificate(3 * y * (x - R(1, 2)) ** 2 + R(1, 4), [x, 1 - x, y, 1 - y], [x, y])
    assert cert is not None and max(len(f) for _, f in cert.terms) == 4
    assert sp.expand(cert.expression().doit() - cert.target) == 0


def test_a_zero_inside_the_domain_has_no_certificate():
    """(x - 1/2)^2 >= 0, but every product of the square's constraints is positive at its centre."""
    assert positivity_certificate((x - R(1, 2)) ** 2, [x, 1 - x, y, 1 - y], [x, y]) is None


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=10, max_size=10))
def test_built_combinations_are_certified(weights):
    products = [c for k in range(3) for c in itertools.combinations_with_replacement(range(3), k)]
    f = sp.expand(sum(w * sp.Mul(*(TRIANGLE[i] for i in c)) for w, c in zip(weights, products)))
    cert = positivity_certificate(f, TRIANGLE, [x, y])
    assert cert is not None
    assert sp.expand(sum((c * sp.Mul(*fs) for c, fs in cert.terms), sp.S.Zero) - f) == 0
    assert all(c > 0 for c, _ in cert.terms)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=6, max_size=6))
def test_no_certificate_for_a_polynomial_negative_somewhere(coeffs):
    monomials = [1, x, y, x * y, x**2, y**2]
    f = sum(c * m for c, m in zip(coeffs, monomials))
    cert = positivity_certificate(f, TRIANGLE, [x, y])
    if cert is not None:  # sound: then f >= 0 on the whole triangle, at every grid point
        assert all(f.subs({x: a, y: b}) >= 0 for a, b in GRID)
    elif all(c >= 0 for c in coeffs):  # non-negative coefficients on x, y >= 0: always certified
        raise AssertionError(f"no certificate for {f}")
