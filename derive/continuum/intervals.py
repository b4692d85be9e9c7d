"""Where rational functions of the bet are non-negative: exact intervals and exact sign proofs.

A condition ``g(B) >= 0`` with ``g = n / d`` rational in ``B`` changes sign only at real roots of
``n`` or ``d``.  The roots of every condition in ``B > 0`` (exact algebraic numbers, sympy's
``CRootOf``) cut the half-line into open intervals; on each, every factor of every ``n`` and ``d``
keeps one sign (it has no root inside, by Sturm's theorem as sympy counts roots), which its value
at one rational point inside gives exactly.  That is the case split that proves ``g >= 0`` on an
interval: :func:`sign_proof` states it factor by factor.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import sympy as sp

from derive.continuum.rules import B

__all__ = ["BetInterval", "SignProof", "holds_on", "rational_inside", "sign_proof"]


@dataclass(frozen=True)
class BetInterval:
    """An open interval of bet sizes ``(lo, hi)``; ``hi`` may be ``sympy.oo``; ends exact (Rational or CRootOf)."""

    lo: sp.Expr
    hi: sp.Expr

    def contains(self, bet: sp.Expr) -> bool:
        """Whether ``lo < bet < hi`` (exact comparison)."""
        return bool(self.lo < bet) and (self.hi is sp.oo or bool(bet < self.hi))

    def __str__(self) -> str:
        def show(v):
            if v is sp.oo:
                return "oo"
            if v.is_Rational:
                return str(v)
            return f"{sp.N(v, 6)} (root of {sp.Poly(sp.minimal_polynomial(v, B), B).as_expr()})"

        return f"({show(self.lo)}, {show(self.hi)})"


def rational_inside(lo: sp.Expr, hi: sp.Expr) -> sp.Rational:
    """A simple rational strictly between ``lo`` and ``hi`` (``hi`` may be ``oo``)."""
    if hi is sp.oo:
        return sp.Integer(int(sp.floor(lo)) + 1)
    lo_f, hi_f = Fraction(str(sp.N(lo, 40))), Fraction(str(sp.N(hi, 40)))
    for limit in (1, 2, 4, 10, 100, 10**4, 10**8):
        q = Fraction((lo_f + hi_f) / 2).limit_denominator(limit)
        r = sp.Rational(q.numerator, q.denominator)
        if bool(lo < r) and bool(r < hi):
            return r
    q = (lo_f + hi_f) / 2
    return sp.Rational(q.numerator, q.denominator)


@lru_cache(maxsize=4096)
def _split(g: sp.Expr):
    """``g`` over ``QQ(B)``: ``(numerator, denominator, factors)``, each factor a polynomial of
    positive degree in ``B`` (its multiplicity dropped).  Factored once per condition, in sympy's
    polynomial ring (no simplification of expressions)."""
    field = sp.QQ.frac_field(B)
    element = field.from_sympy(sp.sympify(g))
    factors = []
    for part in (element.numer, element.denom):
        _, found = part.factor_list()
        factors.extend(f for f, _ in found if f.degree() > 0)
    return element.numer, element.denom, tuple(factors)


@lru_cache(maxsize=4096)
def _positive_roots(factor) -> tuple[sp.Expr, ...]:
    """The real roots ``> 0`` of one irreducible factor, exact (Rational or CRootOf)."""
    return tuple(r for r in _real_roots(factor) if r > 0)


@lru_cache(maxsize=4096)
def _real_roots(factor) -> tuple[sp.Expr, ...]:
    return tuple(sp.Poly(factor.as_expr(), B).real_roots())


def _factors(g: sp.Expr) -> list[sp.Expr]:
    return [f.as_expr() for f in _split(g)[2]]


def _roots(g: sp.Expr) -> list[sp.Expr]:
    return [r for f in _split(g)[2] for r in _positive_roots(f)]


def holds_on(conditions, sample: sp.Rational) -> BetInterval | None:
    """The largest open interval around ``sample`` on which every ``g(B) >= 0``; None if one fails at ``sample``.

    Parameters
    ----------
    conditions : iterable of sympy.Expr
        Rational functions of :data:`B` (constants allowed).
    sample : sympy.Rational
        A bet size (> 0).

    Returns
    -------
    BetInterval or None
        Between consecutive roots of the conditions' numerators and denominators the signs are
        constant, so the interval runs from ``sample`` across every root where all conditions still
        hold on the far side and no denominator vanishes.
    """
    conditions = list(dict.fromkeys(sp.sympify(g) for g in conditions))
    if not all(_ok_at(g, sample) for g in conditions):
        return None
    conditions = [g for g in conditions if g.has(B)]
    roots = sorted({r for g in conditions for r in _roots(g)}, key=lambda r: sp.N(r, 40))
    poles = {r for g in conditions for r in _pole_roots(g)}
    lo, hi = sp.S.Zero, sp.oo
    below = [r for r in roots if r < sample]
    above = [r for r in roots if r > sample]
    for r in above:  # walk right
        nxt = next((s for s in above if s > r), sp.oo)
        if r in poles or not all(_ok_at(g, rational_inside(r, nxt)) for g in conditions):
            hi = r
            break
    for r in reversed(below):  # walk left
        prev = next((s for s in reversed(below) if s < r), sp.S.Zero)
        if r in poles or not all(_ok_at(g, rational_inside(prev, r)) for g in conditions):
            lo = r
            break
    return BetInterval(lo, hi)


def _pole_roots(g: sp.Expr) -> list[sp.Expr]:
    denominator = _split(g)[1]
    if denominator.degree() <= 0:
        return []
    return [r for f, _ in denominator.factor_list()[1] if f.degree() > 0 for r in _positive_roots(f)]


def _ok_at(g: sp.Expr, b: sp.Rational) -> bool:
    """Whether ``g(b) >= 0``, exactly (a pole at ``b`` is not)."""
    numerator, denominator, _ = _split(g)
    q = sp.QQ.convert(b)
    d = denominator(q)
    if d == 0:
        return False
    return numerator(q) * d >= 0


@dataclass(frozen=True)
class SignProof:
    """Why ``g(B) >= 0`` for every bet in an interval: each factor's sign, fixed on it.

    Attributes
    ----------
    condition : sympy.Expr
        ``g``, factored.
    factors : tuple of (sympy.Expr, int, int)
        ``(factor, its roots inside the interval (always 0), its sign there)``.
    point : sympy.Rational
        The rational point where the signs were read.
    """

    condition: sp.Expr
    factors: tuple[tuple[sp.Expr, int, int], ...]
    point: sp.Rational

    def __str__(self) -> str:
        if not self.factors:
            return f"{self.condition} >= 0 (a constant)"
        parts = ", ".join(f"{f} {'>' if s > 0 else '<'} 0" for f, _, s in self.factors)
        return f"{self.condition} >= 0: no factor has a root in the interval; {parts}"


def sign_proof(g: sp.Expr, interval: BetInterval) -> SignProof:
    """Prove ``g(B) >= 0`` for every ``B`` in ``interval`` by the signs of its factors.

    Raises
    ------
    ArithmeticError
        If a factor has a root inside the interval or ``g`` is negative there: the claim is false
        or the interval wrong (never expected after :func:`holds_on`).
    """
    g = sp.factor(sp.sympify(g))
    point = rational_inside(interval.lo, interval.hi)
    if not g.has(B):
        if g < 0:
            raise ArithmeticError(f"{g} < 0")
        return SignProof(g, (), point)
    q = sp.QQ.convert(point)
    out = []
    for f in _split(g)[2]:
        inside = [r for r in _real_roots(f) if interval.contains(r)]
        if inside:
            raise ArithmeticError(f"factor {f.as_expr()} of {g} has a root {inside[0]} inside {interval}")
        out.append((f.as_expr(), 0, 1 if f(q) > 0 else -1))
    if not _ok_at(g, point):
        raise ArithmeticError(f"{g} is negative at B = {point}")
    return SignProof(g, tuple(out), point)
