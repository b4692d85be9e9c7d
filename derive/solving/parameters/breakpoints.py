"""Exact real points of a parametric solve: rationals and real algebraic numbers.

A :class:`Breakpoint` is a root of an irreducible polynomial with rational coefficients, given by
an isolating interval with rational ends (a rational point has ``t - r`` and the interval
``[r, r]``).  Roots are isolated inside an interval by Descartes' rule of signs with bisection
(Vincent, Collins & Akritas 1976; Collins & Akritas 1976), refined by bisection on the sign of
the polynomial, and compared exactly: two points of one irreducible polynomial are the same root
when the sign changes across the common part of their intervals, different points are ordered
by refining their intervals until they are disjoint.  All arithmetic is in FLINT's exact
rationals (python-flint); the polynomials are kept as sympy ``Poly`` for display.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import sympy as sp

from derive.solving.parameters.rational_functions import polynomial_text

__all__ = [
    "Breakpoint",
    "ParametricError",
    "between",
    "flint_poly",
    "less",
    "may_have_roots",
    "remember_text",
    "roots_inside",
    "roots_outward",
    "same",
    "sorted_points",
]


class ParametricError(RuntimeError):
    """A breakpoint or a piece could not be derived exactly (said in one line, never guessed)."""


# --------------------------------------------------------------------------- exact real points


@dataclass(frozen=True)
class Breakpoint:
    """A real algebraic point: a root of an irreducible polynomial, or a rational number.

    Attributes
    ----------
    polynomial : sympy.Poly
        Irreducible over the rationals, monic (``t - r`` for a rational ``r``).
    interval : (Rational, Rational)
        An isolating interval ``[a, b]`` holding this root of ``polynomial`` and no other
        (``a == b`` for a rational point).
    """

    polynomial: sp.Poly
    interval: tuple[sp.Rational, sp.Rational]

    @classmethod
    def rational(cls, r: sp.Rational, symbol: sp.Symbol) -> Breakpoint:
        """The rational point ``r`` (its polynomial ``t - r``)."""
        r = sp.Rational(r)
        return cls(sp.Poly(symbol - r, symbol, domain="QQ"), (r, r))

    def __reduce__(self):
        # sympy pickles a Poly over QQ as one over ZZ, unequal to the original (sympy 1.13): the
        # coefficients are sent as numbers instead
        coefficients = tuple((int(c.p), int(c.q)) for c in self.polynomial.all_coeffs())
        return _rebuild, (coefficients, self.polynomial.gen, self.interval)

    @property
    def is_rational(self) -> bool:
        return self.interval[0] == self.interval[1]

    @property
    def point(self) -> sp.Expr:
        """The number itself: a Rational, radicals for a quadratic or a binomial, else a ``CRootOf``
        (the same object as sympy's ``real_roots()`` gives, built without isolating every root)."""
        return _point(self.polynomial, *self.interval)

    @property
    def text(self) -> str:
        """``str(self.point)`` (kept: a point is printed as one piece's end and the next one's start)."""
        return _text(self.polynomial, *self.interval)

    @property
    def polynomial_text(self) -> str:
        """``str(self.polynomial.as_expr())``, the same characters, printed from the coefficients."""
        return polynomial_text(flint_poly(self.polynomial).coeffs(), str(self.polynomial.gen))

    def refined(self, width: sp.Rational) -> Breakpoint:
        """The same point with an isolating interval narrower than ``width``."""
        if self.is_rational or self.interval[1] - self.interval[0] < width:
            return self
        a, b = _bisect(flint_poly(self.polynomial), *(flint_q(x) for x in self.interval), flint_q(width))
        if a == b:  # a midpoint was the root
            return Breakpoint.rational(sp.Rational(int(a.p), int(a.q)), self.polynomial.gen)
        return Breakpoint(self.polynomial, (sp.Rational(int(a.p), int(a.q)), sp.Rational(int(b.p), int(b.q))))

    def decimal(self, digits: int = 6) -> str:
        """The point rounded to ``digits`` significant digits, trailing zeros dropped (display only:
        ``"0"``, ``"10"``, ``"2.41421"``): for an algebraic point the midpoint of an isolating interval
        refined far below the last digit."""
        if self.is_rational:
            near = self.interval[0]
        else:
            scale = max(abs(self.interval[0]), abs(self.interval[1]), sp.Rational(1, 10**6))
            a, b = self.refined(scale / sp.Integer(10) ** (digits + 8)).interval
            near = (a + b) / 2
        return f"{float(sp.N(near, digits + 5)):.{digits}g}"

    def short(self) -> str:
        """The rational itself, or ``≈`` and six significant digits of an algebraic point (display only)."""
        return str(self.interval[0]) if self.is_rational else f"≈{self.decimal()}"

    def __str__(self) -> str:
        return self.text


_TEXTS: dict = {}


def _text(poly: sp.Poly, a: sp.Rational, b: sp.Rational) -> str:
    key = (poly, a, b)
    if key not in _TEXTS:
        if len(_TEXTS) > 20_000:
            _TEXTS.clear()
        _TEXTS[key] = str(_point(poly, a, b))
    return _TEXTS[key]


def remember_text(point: Breakpoint, text: str) -> None:
    """Keep ``text`` as :attr:`Breakpoint.text` of ``point`` (made by a helper process that found it)."""
    _TEXTS[(point.polynomial, *point.interval)] = text


@functools.lru_cache(maxsize=4096)
def _point(poly: sp.Poly, a: sp.Rational, b: sp.Rational) -> sp.Expr:
    """:attr:`Breakpoint.point` of the root of ``poly`` in ``[a, b]`` (cached)."""
    if a == b:
        return a
    if poly.degree() > 2 and len(poly.terms()) > 2:
        # sympy's real roots of an irreducible polynomial over the rationals are c*CRootOf(P, k):
        # P the polynomial in a symbol x with integer coefficients that sympy's own preprocessing
        # gives (primitive, the roots scaled by c > 0 where that makes the coefficients smaller),
        # and k the number of real roots below this one, counted exactly in FLINT (real_roots()
        # isolated every root, at more cost than the rest of the point)
        from sympy.polys.rootoftools import ComplexRootOf

        below = len(_isolate(poly, -_root_bound(poly), a))
        x = sp.Symbol("x")
        c, integer = ComplexRootOf._preprocess_roots(
            sp.Poly(poly.as_expr().xreplace({poly.gen: x}), x, domain="QQ")
        )
        if c.is_Integer and c > 0 and integer.get_domain().is_ZZ and len(integer.terms()) > 2:
            return c * ComplexRootOf._new(integer, below)
    for r in poly.real_roots():
        if a <= r <= b:
            return r
    raise ParametricError(f"no root of {poly.as_expr()} in [{a}, {b}]")  # pragma: no cover


def _rebuild(coefficients: tuple, gen: sp.Symbol, interval: tuple) -> Breakpoint:
    """The point :meth:`Breakpoint.__reduce__` sent."""
    poly = sp.Poly([sp.Rational(p, q) for p, q in coefficients], gen, domain="QQ")
    return Breakpoint(poly, interval)


def less(p: Breakpoint, q: Breakpoint) -> bool:
    """Exactly whether ``p < q`` (two distinct points: their intervals are refined until disjoint)."""
    if _one_polynomial(p, q):  # roots of one polynomial: the same if one root lies in both intervals
        a, b = max(p.interval[0], q.interval[0]), min(p.interval[1], q.interval[1])
        if a <= b:
            f = flint_poly(p.polynomial)
            sa, sb = _sign(f, flint_q(a)), _sign(f, flint_q(b))
            # each interval holds one root (the polynomial is irreducible, so squarefree): the
            # common part holds it iff the sign changes across it or an end is the root
            if sa == 0 or sb == 0 or sa != sb:
                return False
    # refine both intervals (by Breakpoint.refined's bisection, in FLINT's rationals) until they are disjoint
    ends = [[flint_q(x) for x in point.interval] for point in (p, q)]
    polys = [None if point.is_rational else flint_poly(point.polynomial) for point in (p, q)]
    width = flint_q(1)
    while True:
        (pa, pb), (qa, qb) = ends
        if pb < qa:
            return True
        if qb < pa:
            return False
        if pa == pb and qa == qb:
            return False  # equal
        width /= 1024
        for k in (0, 1):
            if polys[k] is not None and ends[k][1] - ends[k][0] >= width:
                ends[k] = _bisect(polys[k], *ends[k], width)
                if ends[k][0] == ends[k][1]:
                    polys[k] = None  # the bisection met the root: a rational point


def _bisect(f, a, b, width) -> list:
    """``[a', b']``: the interval ``[a, b]`` (fmpq) around the one root of ``f`` in it, halved until
    narrower than ``width`` (the root stays where the sign changes), or ``[r, r]`` if a midpoint ``r``
    is the root; for :meth:`Breakpoint.refined` and :func:`less`."""
    low = _sign(f, a)
    while b - a >= width:
        mid = (a + b) / 2
        s = _sign(f, mid)
        if s == 0:
            return [mid, mid]
        if s == low:
            a = mid
        else:
            b = mid
    return [a, b]


def same(p: Breakpoint, q: Breakpoint) -> bool:
    return _one_polynomial(p, q) and not less(p, q) and not less(q, p)


def _one_polynomial(p: Breakpoint, q: Breakpoint) -> bool:
    """Whether ``p`` and ``q`` are roots of one polynomial: the same monic irreducible polynomial,
    compared by its coefficients (two such polynomials share no root unless they are equal, so
    points of different ones are told apart by refining their intervals)."""
    if p.polynomial == q.polynomial:
        return True
    if p.polynomial.degree() != q.polynomial.degree():
        return False
    return flint_poly(p.polynomial) == flint_poly(q.polynomial)


def _disjoint(p: Breakpoint, q: Breakpoint) -> tuple[Breakpoint, Breakpoint]:
    """``p < q`` with their intervals refined until ``p``'s ends below ``q``'s."""
    width = sp.Rational(1)
    while not p.interval[1] < q.interval[0]:
        width /= 1024
        p, q = p.refined(width), q.refined(width)
    return p, q


def between(p: Breakpoint, q: Breakpoint, fraction: sp.Rational | None = None) -> sp.Rational:
    """A rational strictly between ``p < q``: the one with the smallest denominator, or the point
    ``fraction`` of the way across the gap between their isolating intervals."""
    p, q = _disjoint(p, q)
    lo, hi = p.interval[1], q.interval[0]
    if fraction is not None:
        return lo + (hi - lo) * fraction
    for den in itertools.count(1):
        num = sp.floor(lo * den) + 1 if p.is_rational else sp.ceiling(lo * den)
        r = sp.Rational(num, den)
        if r < hi or (r == hi and not q.is_rational):
            return r
    raise AssertionError("unreachable")  # pragma: no cover


_INTERVALS: dict = {}


def _intervals(factor: sp.Poly, a, b) -> list:
    """Isolating intervals of the real roots of ``factor`` strictly between the rationals ``a < b``
    (cached: the same factors recur piece after piece)."""
    key = (factor, a, b)  # a Poly's hash is cached, its coefficients' tuple is not
    if key not in _INTERVALS:
        if len(_INTERVALS) > 50_000:
            _INTERVALS.clear()
        _INTERVALS[key] = _isolate(factor, a, b)
    return _INTERVALS[key]


def flint_q(x):
    """A sympy or python rational as FLINT's ``fmpq``."""
    import flint

    x = sp.Rational(x)
    return flint.fmpq(int(x.p), int(x.q))


_FLINT_POLYS: dict = {}


def flint_poly(poly: sp.Poly):
    """``poly`` (rational coefficients) as FLINT's ``fmpq_poly`` (cached)."""
    import flint

    if poly not in _FLINT_POLYS:  # a Poly's hash is cached, its coefficients' tuple is not
        if len(_FLINT_POLYS) > 20_000:
            _FLINT_POLYS.clear()
        _FLINT_POLYS[poly] = flint.fmpq_poly([flint_q(c) for c in reversed(poly.all_coeffs())])
    return _FLINT_POLYS[poly]


def _sign(f, x) -> int:
    """The sign of the FLINT polynomial ``f`` at the rational ``x`` (fmpq), exactly."""
    v = f(x)
    return (v > 0) - (v < 0)


def _variations(f, a, b) -> int:
    """Sign variations of the coefficients of ``(1 + x)^n f((a + b x) / (1 + x))``: an upper bound on
    the roots of ``f`` in ``(a, b)`` of the same parity, exact when 0 or 1 (Descartes' rule of signs
    after a Möbius map of ``(a, b)`` onto ``(0, oo)``)."""
    import flint

    g = f(flint.fmpq_poly([a, b - a]))  # (a, b) -> (0, 1)
    h = flint.fmpq_poly(list(reversed(g.coeffs())))(flint.fmpq_poly([1, 1]))  # (0, 1) -> (0, oo)
    signs = [c > 0 for c in h.coeffs() if c != 0]
    return sum(1 for u, v in zip(signs, signs[1:]) if u != v)


def may_have_roots(f, a, b) -> bool:
    """Whether the FLINT polynomial ``f`` (``fmpq_poly``, not zero) may have a real root strictly
    between the rationals ``a < b``: False proves it has none (Descartes' rule of signs after a
    Möbius map of ``(a, b)`` onto ``(0, oo)``; no factoring needed)."""
    if f.degree() <= 0:
        return False
    return _variations(f, flint_q(a), flint_q(b)) > 0


def _root_bound(poly: sp.Poly) -> sp.Rational:
    """A rational above the absolute value of every complex root of ``poly`` (Cauchy's bound,
    ``1 + max |c_k / c_n|``)."""
    coeffs = poly.all_coeffs()
    return 1 + max(abs(sp.Rational(c) / coeffs[0]) for c in coeffs[1:])


def _isolate(factor: sp.Poly, a, b) -> list:
    """Isolating intervals of the real roots of an irreducible ``factor`` in ``(a, b)``, left to right,
    as ``[((lo, hi), 1), ...]`` (the form of sympy's ``Poly.intervals``): bisection of ``(a, b)``
    with Descartes' rule of signs (Vincent, Collins & Akritas 1976), each interval ending where the
    sign of ``factor`` changes, all in FLINT's exact rationals."""
    f = flint_poly(factor)
    lo, hi = flint_q(a), flint_q(b)
    if f.degree() == 1:
        c = f.coeffs()
        r = -c[0] / c[1]
        return [((sp.Rational(int(r.p), int(r.q)),) * 2, 1)] if lo < r < hi else []
    out = []
    stack = [(lo, hi)]
    while stack:  # an irreducible factor of degree >= 2 has no rational root: no end is a root
        u, v = stack.pop()
        count = _variations(f, u, v)
        if count == 0:
            continue
        if count == 1:
            out.append(((sp.Rational(int(u.p), int(u.q)), sp.Rational(int(v.p), int(v.q))), 1))
            continue
        mid = (u + v) / 2
        stack += [(mid, v), (u, mid)]
    out.sort(key=lambda item: item[0][0])
    return out


def roots_inside(factor: sp.Poly, lo, hi) -> list[Breakpoint]:
    """The real roots of an irreducible ``factor`` strictly between ``lo`` and ``hi`` (rationals or
    :class:`Breakpoint`), exactly."""
    t = factor.gen
    lo = lo if isinstance(lo, Breakpoint) else Breakpoint.rational(lo, t)
    hi = hi if isinstance(hi, Breakpoint) else Breakpoint.rational(hi, t)
    out = []
    for (a, b), _ in _intervals(factor, lo.interval[0], hi.interval[1]):
        point = Breakpoint(factor, (sp.Rational(a), sp.Rational(b)))
        if less(lo, point) and less(point, hi):
            out.append(point)
    return out


#: Most halvings of a window before its polynomials are factored (polynomials sharing a root stay
#: together however small the window).
_HALVINGS = 48

#: Up to this many polynomials, each with one root in a window, are factored without more halving.
_FEW = 8


def roots_outward(candidates, start, end: Breakpoint, irreducible, span):
    """The real roots of the ``candidates`` strictly between the rational ``start`` and the point
    ``end``, nearest to ``start`` first, found only as far as they are asked for (a generator).

    Parameters
    ----------
    candidates : list of (fmpq_poly, bool)
        FLINT polynomials, none zero at ``start``, each with a flag.
    start : rational
    end : Breakpoint
        On either side of ``start``.
    irreducible : callable
        ``irreducible(f)``: the irreducible factors of ``f`` (monic sympy Polys, one object per
        factor, as :meth:`RationalFunctionField.irreducible` gives).
    span : (rational, rational)
        An interval holding ``start`` and ``end``: a root's isolating interval is the one found on
        all of it (:func:`roots_inside`, cached), so a point has the same interval whichever
        window finds it, and the rationals chosen between points do not depend on the search.

    Yields
    ------
    (Breakpoint, bool)
        Each distinct root, with whether a flagged polynomial vanishes there.

    Notes
    -----
    The window from ``start`` is halved by Descartes' rule of signs (no factoring) until at most
    two polynomials have roots in it or :data:`_HALVINGS` halvings; only those are factored and
    their roots in the window isolated exactly (:func:`roots_inside`).  The next window starts
    where that one ended.  A piece ends at its nearest roots, so most polynomials with roots in a
    gap are never factored.
    """
    t = end.polynomial.gen
    near = flint_q(start)
    here = Breakpoint.rational(sp.Rational(start), t)
    rightward = less(here, end)
    far = flint_q(end.interval[1] if rightward else end.interval[0])

    def variations(f, a, b) -> int:  # bounds the roots in the open interval between a and b
        return _variations(f, min(a, b), max(a, b)) if f.degree() > 0 else 0

    def inside(point: Breakpoint) -> bool:
        return less(point, end) if rightward else less(end, point)

    live = list(candidates)
    while near != far:
        counted = [(f, flag, variations(f, near, far)) for f, flag in live]
        live = [(f, flag) for f, flag, n in counted if n]
        if not live:
            return
        # halve the window (near, w) towards near while that leaves fewer polynomials with roots in
        # it; stop at two, or when each has one root there (factoring them is then cheaper than
        # more halving: polynomials that share a root never part)
        active, w = [x for x in counted if x[2]], far
        for _ in range(_HALVINGS):
            if len(active) <= 2 or (len(active) <= _FEW and all(n == 1 for _, _, n in active)):
                break
            mid = _split(near, w, [f for f, _, _ in active])
            inner = [(f, flag, n) for f, flag, _ in active if (n := variations(f, near, mid))]
            if inner:
                active, w = inner, mid
            else:  # no root between near and mid: the window starts at mid (the counts only fall)
                near = mid
        flags: dict[int, list] = {}
        for f, flag, _ in active:
            for factor in irreducible(f):
                entry = flags.setdefault(id(factor), [factor, False])
                entry[1] = entry[1] or flag
        a, b = (Breakpoint.rational(sp.Rational(int(x.p), int(x.q)), t) for x in (min(near, w), max(near, w)))
        found = [
            (point, flag)
            for factor, flag in flags.values()
            for point in roots_inside(factor, *span)
            if less(a, point) and less(point, b)
        ]
        order = sorted_points([point for point, _ in found])
        flag_of = {id(point): flag for point, flag in found}
        for point in order if rightward else order[::-1]:
            if not inside(point):
                return
            yield point, flag_of[id(point)]
        near = w


def _split(a, b, polys):
    """A rational strictly between the fmpq ``a`` and ``b`` (their midpoint if it can be) at which
    none of the FLINT polynomials ``polys`` vanishes."""
    for k in itertools.count(2):
        for j in range(1, k):
            mid = a + (b - a) * j / k
            if all(f(mid) != 0 for f in polys):
                return mid
    raise AssertionError("unreachable")  # pragma: no cover


def sorted_points(points: list[Breakpoint]) -> list[Breakpoint]:
    import functools

    return sorted(
        points, key=functools.cmp_to_key(lambda p, q: -1 if less(p, q) else (1 if less(q, p) else 0))
    )
