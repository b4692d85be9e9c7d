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


def _factors(g: sp.Expr) -> list[sp.Expr]:
    n, d = sp.fraction(sp.factor(sp.cancel(sp.together(g))))
    out = []
    for part in (n, d):
        _, factors = sp.factor_list(part, B) if part.has(B) else (part, [])
        out.extend(f for f, _ in factors if f.has(B))
    return out


def _roots(g: sp.Expr) -> list[sp.Expr]:
    out = []
    for f in _factors(g):
        out.extend(r for r in sp.Poly(f, B).real_roots() if r > 0)
    return out


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
    conditions = [sp.cancel(sp.together(sp.sympify(g))) for g in conditions]
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
    _, d = sp.fraction(sp.factor(g))
    return [r for r in sp.Poly(d, B).real_roots() if r > 0] if d.has(B) else []


def _ok_at(g: sp.Expr, b: sp.Rational) -> bool:
    v = g.subs(B, b)
    return bool(v >= 0)


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
    g = sp.factor(sp.cancel(sp.together(g)))
    point = rational_inside(interval.lo, interval.hi)
    if not g.has(B):
        if g < 0:
            raise ArithmeticError(f"{g} < 0")
        return SignProof(g, (), point)
    out = []
    for f in _factors(g):
        inside = [r for r in sp.Poly(f, B).real_roots() if interval.contains(r)]
        if inside:
            raise ArithmeticError(f"factor {f} of {g} has a root {inside[0]} inside {interval}")
        out.append((f, 0, 1 if f.subs(B, point) > 0 else -1))
    if g.subs(B, point) < 0:
        raise ArithmeticError(f"{g} is negative at B = {point}")
    return SignProof(g, tuple(out), point)
