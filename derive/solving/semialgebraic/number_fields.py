"""A real algebraic number ``alpha`` and exact arithmetic and signs in ``Q(alpha)``.

``alpha`` is a root of an irreducible polynomial ``m`` over the rationals, of degree at least 2,
told apart from the other roots by an isolating interval with rational ends
(:class:`~derive.solving.parameters.breakpoints.Breakpoint`: Descartes' rule of signs with
bisection, Collins & Akritas 1976).  An element of ``Q(alpha)`` is a polynomial in ``alpha`` of
degree below ``deg m`` (FLINT's ``fmpq_poly``).  Its sign is decided exactly: it is zero iff ``m``
divides it (``m`` is irreducible); otherwise the interval is halved until the element has no root
in it (Descartes' rule again), and its sign there is its sign at ``alpha``.  No float and no sympy
relational is involved, so a sign is never left undecided.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import flint
import sympy as sp

from derive.solving.parameters.breakpoints import Breakpoint, flint_q, less, may_have_roots, roots_inside

__all__ = ["NumberField", "as_univariate", "real_roots", "sign_of_rational"]

_X = sp.Symbol("x")


def sign_of_rational(value) -> int:
    """The sign of a rational (``fmpq``, int or sympy Rational): -1, 0 or 1."""
    return (value > 0) - (value < 0)


def _sympy_poly(p: flint.fmpq_poly) -> sp.Poly:
    coeffs = [sp.Rational(int(c.p), int(c.q)) for c in reversed(p.coeffs())]
    return sp.Poly(coeffs, _X, domain="QQ")


def real_roots(p: flint.fmpq_poly, lo=None, hi=None) -> list[tuple[flint.fmpq_poly, Breakpoint]]:
    """Every real root of ``p`` (not zero), ascending, each once: ``(monic irreducible factor, point)``;
    only those strictly between the rationals ``lo`` and ``hi`` if they are given.

    Examples
    --------
    >>> [str(point) for _, point in real_roots(flint.fmpq_poly([-2, 0, 1]) * flint.fmpq_poly([-1, 3]))]
    ['-sqrt(2)', '1/3', 'sqrt(2)']
    >>> [str(point) for _, point in real_roots(flint.fmpq_poly([-2, 0, 1]) * flint.fmpq_poly([-1, 3]), 0, 1)]
    ['1/3']
    """
    out = []
    if p.degree() <= 0:
        return out
    _, factors = p.factor()
    for f, _ in factors:
        f = f / f.coeffs()[-1]
        if f.degree() == 1:
            r = -f.coeffs()[0]
            if (lo is None or r > lo) and (hi is None or r < hi):
                out.append((f, Breakpoint.rational(sp.Rational(int(r.p), int(r.q)), _X)))
            continue
        coeffs = f.coeffs()
        bound = 1 + max(abs(c) for c in coeffs[:-1])  # Cauchy's bound, f monic
        bound = sp.Rational(int(bound.p), int(bound.q))
        a = -bound if lo is None else max(-bound, sp.Rational(lo))
        b = bound if hi is None else min(bound, sp.Rational(hi))
        if a < b:
            out.extend((f, point) for point in roots_inside(_sympy_poly(f), a, b))
    # insertion sort with exact comparisons (few roots)
    ordered: list = []
    for item in out:
        k = len(ordered)
        while k > 0 and less(item[1], ordered[k - 1][1]):
            k -= 1
        ordered.insert(k, item)
    return ordered


def as_univariate(p: flint.fmpq_mpoly, i: int) -> flint.fmpq_poly:
    """``p``, a polynomial in variable ``i`` alone, as FLINT's univariate ``fmpq_poly``.

    Raises
    ------
    ValueError
        If ``p`` depends on another variable.
    """
    coeffs: dict[int, flint.fmpq] = {}
    for monomial, c in p.to_dict().items():
        if any(e for j, e in enumerate(monomial) if j != i):
            raise ValueError(f"{p} depends on more than variable {i}")
        coeffs[monomial[i]] = c
    if not coeffs:
        return flint.fmpq_poly([])
    return flint.fmpq_poly([coeffs.get(k, 0) for k in range(max(coeffs) + 1)])


@dataclass(frozen=True, eq=False)
class NumberField:
    """``Q(alpha)``, ``alpha`` the real root ``root`` of the irreducible polynomial ``minimal``.

    Attributes
    ----------
    minimal : flint.fmpq_poly
        Monic, irreducible over the rationals, of degree at least 2.
    root : Breakpoint
        ``alpha`` with an isolating interval.
    """

    minimal: flint.fmpq_poly
    root: Breakpoint

    @property
    def degree(self) -> int:
        """``[Q(alpha) : Q]``."""
        return self.minimal.degree()

    @cached_property
    def alpha(self) -> sp.Expr:
        """``alpha`` as a sympy number: radicals for a quadratic, else sympy's ``CRootOf``."""
        return self.root.point

    def reduce(self, p: flint.fmpq_poly) -> flint.fmpq_poly:
        """``p(alpha)`` written with powers of ``alpha`` below the degree."""
        return p % self.minimal

    def inverse(self, p: flint.fmpq_poly) -> flint.fmpq_poly:
        """``1 / p(alpha)``.

        Raises
        ------
        ZeroDivisionError
            If ``p(alpha) = 0``.
        """
        p = self.reduce(p)
        if p.is_zero():
            raise ZeroDivisionError("division by zero in Q(alpha)")
        g, s, _ = p.xgcd(self.minimal)
        return self.reduce(s / g.coeffs()[0])

    def sign(self, p: flint.fmpq_poly) -> int:
        """The sign of ``p(alpha)``: -1, 0 or 1, exactly."""
        p = self.reduce(p)
        if p.is_zero():
            return 0
        if p.degree() == 0:
            return sign_of_rational(p.coeffs()[0])
        f = self.minimal
        a, b = (flint_q(x) for x in self.root.interval)
        low = _sign(f, a)
        while may_have_roots(p, a, b):  # alpha is irrational: never an end of the interval
            mid = (a + b) / 2
            s = _sign(f, mid)
            if s == low:
                a = mid
            else:
                b = mid
        return _sign(p, (a + b) / 2)

    def to_sympy(self, p: flint.fmpq_poly) -> sp.Expr:
        """``p(alpha)`` as a sympy number: a rational plus a rational multiple of a square root for
        a quadratic field, else a polynomial in ``alpha`` (a ``CRootOf``) of degree below its own."""
        p = self.reduce(p)
        coeffs = [sp.Rational(int(c.p), int(c.q)) for c in p.coeffs()]
        if self.degree == 2:  # alpha = -b/2 + sign * sqrt(b^2 - 4c)/2 for x^2 + b x + c
            c0, b = (sp.Rational(int(c.p), int(c.q)) for c in self.minimal.coeffs()[:2])
            sign = 1 if self.sign(flint.fmpq_poly([self.minimal.coeffs()[1] / 2, 1])) > 0 else -1
            first = coeffs[1] if len(coeffs) > 1 else sp.S.Zero
            constant = (coeffs[0] if coeffs else sp.S.Zero) - first * b / 2
            return constant + sign * first / 2 * sp.sqrt(b**2 - 4 * c0)
        return sp.Add(*(c * self.alpha**k for k, c in enumerate(coeffs)))

    def describe(self) -> str:
        """``"the root of x**2 - 2 in [1, 2]"``: the minimal polynomial and the isolating interval."""
        a, b = self.root.interval
        return f"the root of {_sympy_poly(self.minimal).as_expr()} in [{a}, {b}]"


def _sign(f: flint.fmpq_poly, x: flint.fmpq) -> int:
    return sign_of_rational(f(x))
