"""A two-player constant-sum game solved as an exact piecewise function of one parameter ``t``.

Let the payoffs (and chance probabilities) of a game with perfect recall be rational functions of
one symbol ``t`` -- a bet, a pot, a cost -- on an interval ``[lo, hi]``.  Each player's
sequence-form LP (von Stengel 1996, as in :mod:`derive.solving.zero_sum.sequence_form_lp`)

    maximise  v_p = q_root   subject to   E x = e,  x >= 0,   F^T q - A_p(t)^T x <= 0

then has a constraint matrix whose entries are rational functions of ``t``.  The method is the
parametric simplex method's basis-stability argument (Gass & Saaty 1955; the same argument as for
ε in :mod:`derive.solving.refinements.epsilon_lp`), in exact arithmetic:

1. at a rational point ``t0`` HiGHS proposes an optimal basis of each player's LP;
2. the basis's square system is solved with ``t`` symbolic, over the field ``Q(t)`` (sparse
   elimination, then the dense core by power series and Padé approximation), giving every variable -- the realization plan ``x(t)``, the
   values ``q(t)``, hence ``v_p(t)`` -- as a rational function of ``t``;
3. the basic solution is *feasible* wherever each of its variables ``>= 0`` and each constraint's
   slack ``>= 0``: rational functions, whose signs change only at real roots of the irreducible
   factors of their numerators and denominators.  Those roots are isolated exactly (Descartes'
   rule of signs with bisection, Vincent-Collins-Akritas; rational, or algebraic with a rational
   isolating interval), and the largest
   interval around ``t0`` on which every sign holds is found by testing one rational point between
   consecutive roots and the roots themselves (a root of a denominator ends the piece, open);
4. where both players' basic solutions are feasible and ``v_0(t) + v_1(t)`` equals the constant
   sum as a rational function, weak duality proves both optimal: ``v_0(t)`` is the game value and
   ``x(t)``, ``y(t)`` are optimal strategies on the whole interval;
5. the rest of ``[lo, hi]`` is covered the same way (a new ``t0`` in each gap left), and
   neighbouring pieces with the same formulas are merged.

A ``t0`` that happens to be a root (the basis degenerate there) is replaced by another point; a
gap still uncovered after :data:`MAX_SOLVES` points raises :class:`ParametricError` rather than
guessing.  Each piece is also checked at a rational point inside it by exact best responses to its
strategies there (``check=True``); the test suite compares pieces with exact solves of the game.

References
----------
Gass & Saaty (1955), "The computational algorithm for the parametric objective function"; von
Stengel (1996), "Efficient computation of behavior strategies", section 4; Koller, Megiddo & von
Stengel (1994).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.lp import ExactLPError, basis_system, elimination_order, optimal_basis

__all__ = [
    "MAX_SOLVES",
    "Breakpoint",
    "ParametricError",
    "ParametricSolution",
    "ValuePiece",
    "parametric_solve",
]

#: Most rational points at which the LPs are solved before :func:`parametric_solve` gives up (about
#: one per piece; Leduc hold'em's second-round bet from 1 to 8 has well over a hundred pieces).
MAX_SOLVES = 1000


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

    @property
    def is_rational(self) -> bool:
        return self.interval[0] == self.interval[1]

    @cached_property
    def point(self) -> sp.Expr:
        """The number itself: a Rational, radicals for a quadratic, else a ``CRootOf``."""
        if self.is_rational:
            return self.interval[0]
        a, b = self.interval
        for r in sp.Poly(self.polynomial).real_roots():
            if (self.polynomial.degree() > 2 or r.is_number) and a <= r <= b:
                return r
        raise ParametricError(f"no root of {self.polynomial.as_expr()} in [{a}, {b}]")  # pragma: no cover

    def refined(self, width: sp.Rational) -> Breakpoint:
        """The same point with an isolating interval narrower than ``width``."""
        if self.is_rational or self.interval[1] - self.interval[0] < width:
            return self
        f = _flint_poly(self.polynomial)
        a, b = (flint_q(x) for x in self.interval)
        width = flint_q(width)
        low = _sign(f, a)
        while b - a >= width:  # bisection: the one root stays where the sign changes
            mid = (a + b) / 2
            s = _sign(f, mid)
            if s == 0:
                return Breakpoint.rational(sp.Rational(int(mid.p), int(mid.q)), self.polynomial.gen)
            if s == low:
                a = mid
            else:
                b = mid
        return Breakpoint(self.polynomial, (sp.Rational(int(a.p), int(a.q)), sp.Rational(int(b.p), int(b.q))))

    def decimal(self, digits: int = 6) -> str:
        """The point rounded to ``digits`` significant digits (display only): the midpoint of an
        isolating interval refined far below the last digit."""
        if self.is_rational:
            return str(sp.Float(sp.N(self.interval[0], digits + 5), digits))
        scale = max(abs(self.interval[0]), abs(self.interval[1]), sp.Rational(1, 10**6))
        a, b = self.refined(scale / sp.Integer(10) ** (digits + 8)).interval
        return str(sp.Float(sp.N((a + b) / 2, digits + 5), digits))

    def short(self) -> str:
        """The rational itself, or ``≈`` and six significant digits of an algebraic point (display only)."""
        return str(self.interval[0]) if self.is_rational else f"≈{self.decimal()}"

    def __str__(self) -> str:
        return str(self.point)


def _less(p: Breakpoint, q: Breakpoint) -> bool:
    """Exactly whether ``p < q`` (two distinct points: their intervals are refined until disjoint)."""
    if p.polynomial == q.polynomial:  # roots of one polynomial: the same if one root lies in both intervals
        a, b = max(p.interval[0], q.interval[0]), min(p.interval[1], q.interval[1])
        if a <= b:
            f = _flint_poly(p.polynomial)
            sa, sb = _sign(f, flint_q(a)), _sign(f, flint_q(b))
            # each interval holds one root (the polynomial is irreducible, so squarefree): the
            # common part holds it iff the sign changes across it or an end is the root
            if sa == 0 or sb == 0 or sa != sb:
                return False
    width = sp.Rational(1)
    while True:
        if p.interval[1] < q.interval[0]:
            return True
        if q.interval[1] < p.interval[0]:
            return False
        if p.is_rational and q.is_rational:
            return False  # equal
        width /= 1024
        p, q = p.refined(width), q.refined(width)


def _same(p: Breakpoint, q: Breakpoint) -> bool:
    return p.polynomial == q.polynomial and not _less(p, q) and not _less(q, p)


def _disjoint(p: Breakpoint, q: Breakpoint) -> tuple[Breakpoint, Breakpoint]:
    """``p < q`` with their intervals refined until ``p``'s ends below ``q``'s."""
    width = sp.Rational(1)
    while not p.interval[1] < q.interval[0]:
        width /= 1024
        p, q = p.refined(width), q.refined(width)
    return p, q


def _between(p: Breakpoint, q: Breakpoint, fraction: sp.Rational | None = None) -> sp.Rational:
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
    key = (tuple(factor.all_coeffs()), a, b)
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


def _flint_poly(poly: sp.Poly):
    """``poly`` (rational coefficients) as FLINT's ``fmpq_poly`` (cached)."""
    import flint

    key = tuple(poly.all_coeffs())
    if key not in _FLINT_POLYS:
        if len(_FLINT_POLYS) > 20_000:
            _FLINT_POLYS.clear()
        _FLINT_POLYS[key] = flint.fmpq_poly([flint_q(c) for c in reversed(key)])
    return _FLINT_POLYS[key]


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


def _isolate(factor: sp.Poly, a, b) -> list:
    """Isolating intervals of the real roots of an irreducible ``factor`` in ``(a, b)``, left to right,
    as ``[((lo, hi), 1), ...]`` (the form of sympy's ``Poly.intervals``): bisection of ``(a, b)``
    with Descartes' rule of signs (Vincent, Collins & Akritas 1976), each interval ending where the
    sign of ``factor`` changes, all in FLINT's exact rationals."""
    f = _flint_poly(factor)
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


def _roots_inside(factor: sp.Poly, lo, hi) -> list[Breakpoint]:
    """The real roots of an irreducible ``factor`` strictly between ``lo`` and ``hi`` (rationals or
    :class:`Breakpoint`), exactly."""
    t = factor.gen
    lo = lo if isinstance(lo, Breakpoint) else Breakpoint.rational(lo, t)
    hi = hi if isinstance(hi, Breakpoint) else Breakpoint.rational(hi, t)
    out = []
    for (a, b), _ in _intervals(factor, lo.interval[0], hi.interval[1]):
        point = Breakpoint(factor, (sp.Rational(a), sp.Rational(b)))
        if _less(lo, point) and _less(point, hi):
            out.append(point)
    return out


# --------------------------------------------------------------------------- rational functions of t


class _RF:
    """A rational function of ``t`` with rational coefficients: FLINT polynomials ``num / den``,
    reduced, ``den`` monic (sympy's own fractions are too slow for Leduc-sized bases)."""

    __slots__ = ("num", "den")

    def __init__(self, num, den=None) -> None:
        import flint

        if den is None or num.is_zero():
            den = flint.fmpq_poly([1])
        elif den.degree() > 0:
            g = num.gcd(den)
            if g.degree() > 0:
                num, den = num // g, den // g
        lead = den.leading_coefficient()
        if lead != 1:
            num, den = num / lead, den / lead
        self.num, self.den = num, den

    @staticmethod
    def lift(v) -> _RF:
        """``v`` (an :class:`_RF`, a QQ/int/fmpq number) as a rational function."""
        import flint

        if isinstance(v, _RF):
            return v
        if isinstance(v, flint.fmpq):
            return _RF(flint.fmpq_poly([v]))
        if isinstance(v, int):
            return _RF(flint.fmpq_poly([v]))
        return _RF(flint.fmpq_poly([flint.fmpq(int(QQ.numer(v)), int(QQ.denom(v)))]))

    def __add__(self, other):
        o = _RF.lift(other)
        if self.den == o.den:
            return _RF(self.num + o.num, self.den)
        return _RF(self.num * o.den + o.num * self.den, self.den * o.den)

    __radd__ = __add__

    def __neg__(self):
        return _RF(-self.num, self.den)

    def __sub__(self, other):
        return self + (-_RF.lift(other))

    def __rsub__(self, other):
        return _RF.lift(other) + (-self)

    def __mul__(self, other):
        o = _RF.lift(other)
        return _RF(self.num * o.num, self.den * o.den)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = _RF.lift(other)
        if o.num.is_zero():
            raise ZeroDivisionError("division by the zero function")
        return _RF(self.num * o.den, self.den * o.num)

    def __rtruediv__(self, other):
        return _RF.lift(other) / self

    def __eq__(self, other) -> bool:
        o = _RF.lift(other)
        return self.num == o.num and self.den == o.den

    def __hash__(self) -> int:
        return hash((str(self.num), str(self.den)))

    def __bool__(self) -> bool:
        return not self.num.is_zero()

    def __repr__(self) -> str:
        return f"({self.num})/({self.den})"


def _poly_from_flint(poly, symbol: sp.Symbol) -> sp.Poly:
    coeffs = [sp.Rational(int(c.p), int(c.q)) for c in reversed(poly.coeffs())]
    return sp.Poly(coeffs or [0], symbol, domain="QQ")


class _Field:
    """``Q(t)``: conversion from sympy, evaluation at a rational, the sign conditions' factors."""

    def __init__(self, symbol: sp.Symbol) -> None:
        self.symbol = symbol
        self._factors: dict[str, list[sp.Poly]] = {}

    def __call__(self, value) -> _RF:
        import flint

        if isinstance(value, sp.Basic):
            num, den = sp.fraction(sp.cancel(sp.together(sp.sympify(value))))
            polys = []
            for part in (num, den):
                coeffs = sp.Poly(part, self.symbol).all_coeffs()[::-1]
                polys.append(
                    flint.fmpq_poly([flint.fmpq(int(c.p), int(c.q)) for c in map(sp.Rational, coeffs)])
                )
            return _RF(polys[0], polys[1])
        return _RF.lift(value)

    @property
    def zero(self) -> _RF:
        return _RF.lift(0)

    def at(self, f: _RF, t0) -> object:
        """``f(t0)`` in QQ (``t0`` in QQ); raises ZeroDivisionError at a pole."""
        import flint

        x = flint.fmpq(int(QQ.numer(t0)), int(QQ.denom(t0)))
        den = f.den(x)
        if den == 0:
            raise ZeroDivisionError
        v = f.num(x) / den
        return QQ(int(v.p), int(v.q))

    def _irreducible(self, poly) -> list[sp.Poly]:
        key = str(poly)
        if key not in self._factors:
            self._factors[key] = [
                _poly_from_flint(g, self.symbol).monic() for g, _ in poly.factor()[1] if g.degree() > 0
            ]
        return self._factors[key]

    def factors(self, f: _RF) -> tuple[list[sp.Poly], list[sp.Poly]]:
        """The non-constant irreducible factors (monic sympy Polys) of ``f``'s numerator and denominator."""
        return (
            self._irreducible(f.num) if f.num.degree() > 0 else [],
            self._irreducible(f.den) if f.den.degree() > 0 else [],
        )

    def to_sympy(self, f: _RF) -> sp.Expr:
        """``f`` as a sympy expression: factored when small, else numerator over denominator with
        integer coefficients (factoring a degree-30 polynomial only to print it is not worth it)."""
        t = self.symbol
        num, den = _poly_from_flint(f.num, t), _poly_from_flint(f.den, t)
        if max(num.degree(), den.degree()) <= 8:
            return sp.factor(num.as_expr() / den.as_expr())
        c_num, p_num = num.clear_denoms(convert=True)
        c_den, p_den = den.clear_denoms(convert=True)
        g = sp.gcd(p_num.content(), p_den.content()) if not p_num.is_zero else 1
        scale = sp.Rational(c_den, c_num) * g
        return scale * (p_num.quo_ground(g).as_expr() / p_den.quo_ground(g).as_expr())


def _solve_basis(field: _Field, mat: dict[int, dict[int, object]], n: int, bounds: list) -> list:
    """Solve the square system ``mat z = bounds`` over ``Q(t)``: peel singletons, then the core by
    evaluation and interpolation (:func:`_solve_core`)."""
    zero = field.zero
    rows = {i: {j: _RF.lift(v) for j, v in row.items() if v} for i, row in mat.items()}
    rows = {i: row for i, row in rows.items() if row}
    forward, deferred, active, cols = elimination_order(rows, n)
    right = {i: field(b) for i, b in enumerate(bounds)}
    value: dict[int, object] = {}

    def residual(i: int, skip) -> object:
        acc = right.get(i, zero)
        for k, b in rows[i].items():
            if k not in skip:
                acc = acc - b * value[k]
        return acc

    for i, j in forward:
        value[j] = residual(i, (j,)) / rows[i][j]
    if active:
        core_rows, core_cols = sorted(active), sorted(cols)
        where = {j: k for k, j in enumerate(core_cols)}
        system = [{where[j]: b for j, b in rows[i].items() if j in where} for i in core_rows]
        z = _solve_core(system, [residual(i, where) for i in core_rows])
        for j, k in where.items():
            value[j] = z[k]
    for i, j in reversed(deferred):
        value[j] = residual(i, (j,)) / rows[i][j]
    return [value.get(k, zero) for k in range(n)]


_PRIMES: list[int] = []


def _prime(k: int) -> int:
    """The ``k``-th prime below ``2**61`` (word-size moduli for FLINT's ``nmod`` types)."""
    while len(_PRIMES) <= k:
        _PRIMES.append(sp.prevprime(_PRIMES[-1] if _PRIMES else 2**61))
    return _PRIMES[k]


def _mod(c, p: int) -> int:
    """A rational ``c`` (fmpq) modulo ``p``; ValueError if ``p`` divides its denominator."""
    den = int(c.q) % p
    if den == 0:
        raise ValueError("bad prime")
    return int(c.p) * pow(den, -1, p) % p


def _modular_images(prow, prhs, m: int, N: int, p: int, shift):
    """Each unknown of ``B(t) z = r(t)`` as ``(numerator, denominator)`` polynomials in ``s = t - shift``
    modulo ``p``; None if ``p`` is unlucky.

    ``B(shift + s) = B_0 + B_1 s + ... + B_d s^d`` is inverted at ``s = 0`` once, and the power series
    ``z(s) = z_0 + z_1 s + ...`` follows term by term, ``B_0 z_k = r_k - B_1 z_{k-1} - ... - B_d z_{k-d}``
    (one matrix-vector product each: x-adic lifting, as in Dixon's method with ``s`` for the prime);
    its first ``N`` terms give each unknown as a rational function by Euclid's algorithm stopped
    half-way on ``s^N`` (Padé approximation: rational function reconstruction)."""
    import flint

    try:
        x0 = _mod(shift, p)
    except ValueError:
        return None
    move = flint.nmod_poly([x0, 1], p)

    def shifted(poly) -> list[int]:
        return [int(c) for c in flint.nmod_poly([_mod(c, p) for c in poly.coeffs()], p)(move).coeffs()]

    try:
        rows = [{k: shifted(poly) for k, poly in line.items()} for line in prow]
        rhs = [shifted(poly) for poly in prhs]
    except ValueError:
        return None
    d = max([len(c) for line in rows for c in line.values()] + [1]) - 1
    blocks = [flint.nmod_mat(m, m, p) for _ in range(d + 1)]
    for i, line in enumerate(rows):
        for k, coeffs in line.items():
            for e, c in enumerate(coeffs):
                if c:
                    blocks[e][i, k] = c
    e_rhs = max([len(c) for c in rhs] + [1])
    right = [flint.nmod_mat(m, 1, p) for _ in range(e_rhs)]
    for i, coeffs in enumerate(rhs):
        for e, c in enumerate(coeffs):
            if c:
                right[e][i, 0] = c
    try:
        inverse = blocks[0].inv()
    except ZeroDivisionError:
        return None  # B(shift) is singular modulo p
    terms = []
    zero = flint.nmod_mat(m, 1, p)
    for k in range(N):
        v = right[k] if k < e_rhs else zero
        for e in range(1, min(k, d) + 1):
            v = v - blocks[e] * terms[k - e]
        terms.append(inverse * v)
    series = [[int(terms[k][i, 0]) for k in range(N)] for i in range(m)]
    M = flint.nmod_poly([0] * N + [1], p)
    out = []
    for k in range(m):
        r0, r1 = M, flint.nmod_poly(series[k], p)
        u0, u1 = flint.nmod_poly([0], p), flint.nmod_poly([1], p)
        while not r1.is_zero() and r1.degree() >= N // 2:
            q, rem = divmod(r0, r1)
            r0, r1 = r1, rem
            u0, u1 = u1, u0 - q * u1
        if u1.is_zero() or int(u1.coeffs()[0]) == 0:
            return None
        g = r1.gcd(u1)
        if g.degree() > 0:
            r1, u1 = r1 // g, u1 // g
        lead = int(u1.coeffs()[-1])
        inv = pow(lead, -1, p)
        out.append((r1 * inv, u1 * inv))
    return out


_SHIFTS = ((0, 1), (1, 1), (-1, 1), (2, 1), (-2, 1), (3, 1), (1, 2), (-1, 2), (5, 1), (7, 1), (1, 3), (11, 1))


def _shift_for(prow, p: int):
    """The first of :data:`_SHIFTS` (as an exact fmpq) at which ``B`` is invertible modulo ``p``; None if none is."""
    import flint

    m = len(prow)
    for num, den in _SHIFTS:
        x = flint.fmpq(num, den)
        try:
            x0 = _mod(x, p)
        except ValueError:
            continue
        B = flint.nmod_mat(m, m, p)
        try:
            for i, line in enumerate(prow):
                for k, poly in line.items():
                    B[i, k] = flint.nmod_poly([_mod(c, p) for c in poly.coeffs()], p)(x0)
        except ValueError:
            return None
        if B.rank() == m:
            return x
    return None


def _rational(c: int, modulus: int):
    """The fraction ``a/b`` with ``a = b c (mod modulus)`` and ``|a|, b < sqrt(modulus / 2)``, or None."""
    import math

    import flint

    bound = math.isqrt(modulus // 2)
    r0, r1, s0, s1 = modulus, c % modulus, 0, 1
    while r1 > bound:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
    if s1 == 0 or abs(s1) > bound:
        return None
    return flint.fmpq(r1, s1) if s1 > 0 else flint.fmpq(-r1, -s1)


def _lift(images: list, modulus: int):
    """Rational polynomials from the CRT-combined residues ``images`` (lists of coefficients), or None."""
    import flint

    out = []
    for coeffs in images:
        fracs = [_rational(c, modulus) for c in coeffs]
        if any(f is None for f in fracs):
            return None
        out.append(flint.fmpq_poly(fracs) if fracs else flint.fmpq_poly([0]))
    return out


_DEGREE_HINT = [16]


def _solve_core(system: list[dict[int, _RF]], rhs: list[_RF]) -> list[_RF]:
    """Solve the dense core ``B(t) z = r(t)`` over ``Q(t)`` by power series about a point where ``B`` is
    invertible and Padé approximation modulo word-size primes (:func:`_modular_images`), lifted to the rationals (Chinese remaindering and
    rational number reconstruction), then *proved*: the result must satisfy ``B(t) z(t) = r(t)``
    as an identity of rational functions, which makes it the solution (``B(t)`` is nonsingular
    wherever it is at one point, and it is at the series' point modulo a prime).  More terms and more
    primes are taken until it does.

    Raises
    ------
    ZeroDivisionError
        If no solution is found within the system's degree bound (a singular basis).
    """
    import flint

    m = len(system)
    prow, prhs = [], []
    for line, r in zip(system, rhs):  # clear each row's denominators: polynomial rows
        lcm = flint.fmpq_poly([1])
        for v in (*line.values(), r):
            if v.den.degree() > 0:
                lcm = lcm * v.den // lcm.gcd(v.den)
        prow.append({k: v.num * (lcm // v.den) for k, v in line.items()})
        prhs.append(r.num * (lcm // r.den))
    bound = sum(max([p.degree() for p in (*line.values(), r)] + [0]) for line, r in zip(prow, prhs))
    shift = None
    for k in range(4):
        shift = _shift_for(prow, _prime(k))
        if shift is not None:
            break
    if shift is None:
        raise ZeroDivisionError("the basis is singular at every point tried")
    back = flint.fmpq_poly([-shift, 1])  # s = t - shift
    N = min(_DEGREE_HINT[0], 2 * bound + 2)
    while True:
        degrees = None
        residues: list = []
        modulus = 1
        previous = None
        for k in itertools.count():
            if k > 40:
                break
            p = _prime(k)
            images = _modular_images(prow, prhs, m, N, p, shift)
            if images is None:
                continue
            shape = [(a.degree(), b.degree()) for a, b in images]
            if max(max(d) for d in shape) >= N // 2 - 1 and N <= 2 * bound + 2:
                break  # not enough terms for these degrees
            if degrees is None:  # the degrees are known: the next primes need no more terms than this
                N = min(N, 2 * max(max(d) for d in shape) + 6)
                degrees = shape
                longest = max(range(m), key=lambda k: sum(shape[k]))
                residues = [[int(c) for c in a.coeffs()] + [int(c) for c in b.coeffs()] for a, b in images]
                modulus = p
            elif shape != degrees:
                continue  # an unlucky prime
            else:
                new = [[int(c) for c in a.coeffs()] + [int(c) for c in b.coeffs()] for a, b in images]
                residues = [
                    [_crt(r, s, modulus, p) for r, s in zip(old, now)] for old, now in zip(residues, new)
                ]
                modulus *= p
            # rational reconstruction of a few coefficients first (the longest unknown's): the
            # whole solution is lifted, and proved, only once those agree for two moduli in a row
            sample = _lift([residues[longest]], modulus) if degrees else None
            if sample is None or sample != previous:
                previous = sample
                continue
            split = [a + 1 for a, _ in degrees]
            lifted = _lift([coeffs[:n] for coeffs, n in zip(residues, split)], modulus)
            dens = _lift([coeffs[n:] for coeffs, n in zip(residues, split)], modulus)
            if lifted is None or dens is None:
                continue
            z = [_RF(a(back), b(back)) for a, b in zip(lifted, dens)]
            if _satisfies(prow, prhs, z):
                _DEGREE_HINT[0] = max(16, 1 << (N - 1).bit_length())
                return z
        if N > 2 * bound + 2:
            raise ZeroDivisionError("no rational solution of the basis within its degree bound")
        N *= 2


def _crt(r: int, s: int, m: int, p: int) -> int:
    """The residue modulo ``m p`` that is ``r`` mod ``m`` and ``s`` mod ``p``."""
    return (r + m * ((s - r) * pow(m, -1, p) % p)) % (m * p)


def _satisfies(prow, prhs, z: list[_RF]) -> bool:
    """Whether ``sum_k B_ik(t) z_k(t) = r_i(t)`` for every row, exactly."""
    for line, r in zip(prow, prhs):
        total = _RF.lift(0)
        for k, poly in line.items():
            total = total + _RF(poly) * z[k]
        if total != _RF(r):
            return False
    return True


# --------------------------------------------------------------------------- one basis, symbolically


@dataclass
class _Side:
    """One player's LP at a basis: the values as functions of ``t`` and the signs that must hold."""

    plan: list
    value: object
    conditions: list  # rational functions that must be >= 0 on the piece


def _side(field: _Field, prog_sym, prog_num, n: int) -> _Side | None:
    """Player's LP solved at HiGHS's basis for ``prog_num``, symbolically; None if the basis is unusable."""
    basis = optimal_basis(prog_num, {n: QQ(1)})
    position, mat, bounds = basis_system(prog_sym.rows, prog_sym.lower, prog_sym.upper, basis)
    try:
        z = _solve_basis(field, mat, len(basis.basic), bounds)
    except ZeroDivisionError:
        return None
    values = [field.zero] * prog_sym.ncols
    for c, k in position.items():
        values[c] = z[k]
    conditions = [values[c] for c in range(prog_sym.ncols) if c not in prog_sym.free]
    for r, row in enumerate(prog_sym.rows):
        total = field.zero
        for c, v in row.items():
            if values[c]:
                total += field(v) * values[c]
        lower, upper = prog_sym.lower[r], prog_sym.upper[r]
        if lower is not None and upper is not None and lower == upper:
            if total != field(lower):
                return None  # an equality the basic solution misses: not this basis
            continue
        if lower is not None:
            conditions.append(total - field(lower))
        if upper is not None:
            conditions.append(field(upper) - total)
    return _Side(values[:n], values[n], [c for c in conditions if c])


# --------------------------------------------------------------------------- pieces


@dataclass(frozen=True)
class ValuePiece:
    """One interval of the parameter on which one formula gives the value and both strategies.

    Attributes
    ----------
    lower, upper : Breakpoint
        The interval's ends (exact).
    closed : (bool, bool)
        Whether each end belongs to the piece (an end is open only at a pole of a formula).
    value : sympy.Expr
        Player 0's equilibrium payoff ``v(t)`` (the game value), a rational function of ``t``.
    plans : (dict, dict)
        Each player's optimal realization plan, ``sequence label -> rational function of t``.
    strategies : (dict, dict)
        The same plans as behaviour strategies, ``information-set label -> {action: expression}``
        (an information set the player's own plan never reaches gets the uniform distribution,
        which changes no payoff).
    off_path : (tuple of str, tuple of str)
        Each player's information sets his own plan never reaches on this piece (left out of
        ``strategies``: any play there is optimal).
    conditions : tuple
        The sign conditions (variables and slacks of both LPs, rational functions of ``t``) proved
        ``>= 0`` on the interval.
    """

    lower: Breakpoint
    upper: Breakpoint
    closed: tuple[bool, bool]
    value: sp.Expr
    plans: tuple[dict[str, sp.Expr], dict[str, sp.Expr]]
    strategies: tuple[dict[str, dict[str, sp.Expr]], dict[str, dict[str, sp.Expr]]]
    off_path: tuple[tuple[str, ...], tuple[str, ...]]
    conditions: tuple = dataclasses.field(default=(), repr=False, compare=False)
    formulas: tuple = dataclasses.field(default=(), repr=False, compare=False)

    def strategies_at(self, symbol: sp.Symbol, t0, game: Game) -> tuple[dict, dict]:
        """Both behaviour strategies at the rational ``t0`` (exact), every information set given: one
        the player's own plan never reaches gets the uniform distribution (any play there is optimal).

        Raises
        ------
        ValueError
            If ``t0`` is not a rational number.
        """
        r = sp.Rational(t0)
        out = []
        for p in (0, 1):
            strategy = {}
            for info in game.infosets_of(p):
                if info.label in self.strategies[p]:
                    strategy[info.label] = {
                        a: sp.Rational(v.subs(symbol, r)) for a, v in self.strategies[p][info.label].items()
                    }
                else:
                    strategy[info.label] = {a: sp.Rational(1, len(info.actions)) for a in info.actions}
            out.append(strategy)
        return out[0], out[1]

    def interval_text(self, symbol: sp.Symbol | str = "t") -> str:
        """``"1/2 <= t < 2"``-style text of the interval."""
        left = "<=" if self.closed[0] else "<"
        right = "<=" if self.closed[1] else "<"
        return f"{self.lower} {left} {symbol} {right} {self.upper}"


@dataclass(frozen=True)
class ParametricSolution:
    """A game's value and optimal strategies as exact piecewise functions of one parameter.

    Attributes
    ----------
    game : Game
        The game, with the parameter as a sympy symbol in its payoffs or probabilities.
    symbol : sympy.Symbol
    lower, upper : sympy.Rational
        The interval the user asked about.
    pieces : tuple of ValuePiece
        Left to right, covering ``[lower, upper]`` (ends where a formula has a pole excepted).
    constant : sympy.Expr
        The players' payoffs add up to it on every play.
    solves : int
        Rational points at which the LPs were solved.
    checked : tuple of sympy.Rational
        The points at which each piece's value was compared with an exact solve of the game.
    """

    game: Game
    symbol: sp.Symbol
    lower: sp.Rational
    upper: sp.Rational
    pieces: tuple[ValuePiece, ...]
    constant: sp.Expr
    solves: int
    checked: tuple[sp.Rational, ...] = ()

    @property
    def breakpoints(self) -> tuple[Breakpoint, ...]:
        """The points inside ``(lower, upper)`` where the formulas change."""
        return tuple(p.upper for p in self.pieces[:-1])

    @property
    def value_changes(self) -> tuple[bool, ...]:
        """For each breakpoint, whether the value's formula changes there (else only the strategy does)."""
        out = []
        for left, right in zip(self.pieces, self.pieces[1:]):
            if left.formulas and right.formulas:
                out.append(left.formulas[0] != right.formulas[0])
            else:
                out.append(sp.cancel(left.value - right.value) != 0)
        return tuple(out)

    @property
    def value(self) -> sp.Piecewise:
        """``v(t)`` as a sympy ``Piecewise``: one branch for each run of neighbouring pieces with the
        same value formula (pieces where only the strategy changes share one branch)."""
        t = self.symbol
        runs = [[self.pieces[0], self.pieces[0]]]
        for piece, changes in zip(self.pieces[1:], self.value_changes):
            if changes:
                runs.append([piece, piece])
            else:
                runs[-1][1] = piece
        args = []
        for first, last in runs:
            lo = t >= first.lower.point if first.closed[0] else t > first.lower.point
            hi = t <= last.upper.point if last.closed[1] else t < last.upper.point
            args.append((first.value, sp.And(lo, hi)))
        return sp.Piecewise(*args)

    def piece_at(self, t0) -> ValuePiece:
        """The piece holding the rational ``t0``.

        Raises
        ------
        ValueError
            If ``t0`` is outside every piece.
        """
        r = sp.Rational(t0)
        point = Breakpoint.rational(r, self.symbol)
        for p in self.pieces:
            inside_lo = _less(p.lower, point) or (p.closed[0] and _same(p.lower, point))
            inside_hi = _less(point, p.upper) or (p.closed[1] and _same(p.upper, point))
            if inside_lo and inside_hi:
                return p
        raise ValueError(f"{self.symbol} = {r} is outside every piece ({self.lower} to {self.upper})")

    def value_at(self, t0) -> sp.Rational:
        """The exact value at the rational ``t0``, from its piece's formula."""
        return sp.Rational(self.piece_at(t0).value.subs(self.symbol, sp.Rational(t0)))


def _symbol_of(game: Game, symbol) -> sp.Symbol:
    names = {str(s): s for s in game.symbols}
    name = str(symbol)
    if name not in names:
        have = ", ".join(names) or "none"
        raise NotSupportedError(f"the game has no parameter {name!r} (its symbols: {have})")
    others = sorted(set(names) - {name})
    if others:
        raise NotSupportedError(
            f"the game has other symbols besides {name!r} ({', '.join(others)}); substitute numbers for them"
        )
    return names[name]


def _program(sf, matrix, player: int):
    from derive.solving.zero_sum.sequence_form_lp import _program as program

    return program(sf, matrix, player)


def parametric_solve(
    game: Game,
    symbol: sp.Symbol | str,
    lower: object,
    upper: object,
    *,
    progress: Callable[[str], None] | None = None,
    max_solves: int = MAX_SOLVES,
    check: bool = True,
) -> ParametricSolution:
    """Solve a two-player constant-sum game exactly as a piecewise function of one parameter.

    Parameters
    ----------
    game : Game
        Two players, perfect recall, constant sum; payoffs and chance probabilities rational
        functions of ``symbol`` and no other symbol.
    symbol : sympy.Symbol or str
        The parameter (or its name), e.g. the bet size.
    lower, upper : rational number or str
        The interval ``[lower, upper]`` of the parameter, ``lower < upper`` (exact: ``"1/2"``).
    progress : callable, optional
        Called with one line of text per piece found.
    max_solves : int
        Most rational points at which the LPs are solved (default :data:`MAX_SOLVES`).
    check : bool
        Certify each piece again at a rational point inside it: the exact best responses to its two
        strategies there give its formula's value (a check of the proof, by backward induction).

    Returns
    -------
    ParametricSolution
        Pieces left to right, each with its exact interval, value and optimal strategies.

    Raises
    ------
    NotSupportedError
        If the game is not a two-player constant-sum game, has no such symbol or other symbols,
        or a chance probability is negative or a payoff has a pole inside the interval.
    ImperfectRecallError
        If recall is imperfect.
    ValueError
        If the interval is empty or its ends are not exact numbers.
    ParametricError
        If ``[lower, upper]`` is not covered after ``max_solves`` points, or a piece fails its check.

    Examples
    --------
    >>> from derive.games.textbook import myerson_poker
    >>> B = sp.Symbol("B", positive=True)
    >>> sol = parametric_solve(myerson_poker(1, B), B, 1, 3)
    >>> [(str(p.lower), str(p.upper), p.value) for p in sol.pieces]
    [('1', '3', B/(B + 2))]

    References
    ----------
    Gass & Saaty (1955); von Stengel (1996), section 4.
    """
    from derive.extensive_form.build import exact_value
    from derive.sequence_form.general import game_sequence_form

    if game.num_players != 2:
        raise NotSupportedError(f"a parametric solve needs two players, the game has {game.num_players}")
    game.require_perfect_recall()
    t = _symbol_of(game, symbol)
    lo, hi = (exact_value(v, name) for v, name in ((lower, "lower end"), (upper, "upper end")))
    if not (lo.is_Rational and hi.is_Rational) or lo >= hi:
        raise ValueError(f"the interval of {t} must be two numbers lo < hi, got {lo}..{hi}")
    constant = game.constant_sum
    if constant is None:
        raise NotSupportedError(
            f"{game.title or 'the game'} is not constant-sum; general-sum games with one symbol are "
            "solved piecewise by derive.solving.parameters.symbolic_payoffs.piecewise_equilibria"
        )
    field = _Field(t)
    ends = (Breakpoint.rational(lo, t), Breakpoint.rational(hi, t))
    _require_well_defined(game, field, lo, hi)

    sf = game_sequence_form(game)
    entries = [sf.payoff_entries(p) for p in (0, 1)]
    mats_sym = [{}, {}]
    for (i, j), v in entries[0].items():
        mats_sym[0].setdefault(i, {})[j] = field(v)
    for (i, j), v in entries[1].items():
        mats_sym[1].setdefault(j, {})[i] = field(v)
    progs_sym = [_program(sf, mats_sym[p], p) for p in (0, 1)]
    c_sym = field(sp.sympify(constant))
    say = progress or (lambda message: None)
    say(
        f"parametric sequence-form LP: {sf.shape[0]:,} x {sf.shape[1]:,} sequences, {t} in [{lo}, {hi}], "
        f"at most {max_solves} points"
    )

    pieces: list[ValuePiece] = []
    gaps = [(ends[0], ends[1])]
    solves = 0
    covered = 0.0
    while gaps:
        a, b = gaps.pop(0)
        piece = None
        tries = 0
        while piece is None:
            if solves >= max_solves:
                raise ParametricError(
                    f"{t} between {a} and {b} is not covered after {solves} points (limit {max_solves})"
                )
            t0 = _probe(a, b, tries)
            tries += 1
            solves += 1
            piece = _piece_at(field, sf, mats_sym, progs_sym, c_sym, t0, ends)
        piece = _clip(piece, a, b)
        pieces.append(piece)
        covered += _approx(piece.upper) - _approx(piece.lower)  # for the progress line only
        degree = max(piece.formulas[0].num.degree(), piece.formulas[0].den.degree())
        say(
            f"piece {len(pieces)}: {t} in [{piece.lower.short()}, {piece.upper.short()}], value of degree "
            f"{degree}; {100 * covered / float(hi - lo):.0f}% of [{lo}, {hi}] covered ({solves} LP points)"
        )
        if _less(a, piece.lower):
            gaps.append((a, piece.lower))
        if _less(piece.upper, b):
            gaps.append((piece.upper, b))
        gaps.sort(key=lambda g: g[0].interval[0])
    order = {id(p.lower): p for p in pieces}
    pieces = [order[id(pt)] for pt in _sorted([p.lower for p in pieces])]
    pieces = _merge(field, pieces)
    checked: list[sp.Rational] = []
    if check:
        checked = _check(field, sf, mats_sym, c_sym, pieces, say)
    return ParametricSolution(game, t, lo, hi, tuple(pieces), sp.sympify(constant), solves, tuple(checked))


def _approx(point: Breakpoint) -> float:
    """A float near ``point`` (within 10^-9), for progress lines only."""
    a, b = point.refined(sp.Rational(1, 10**9)).interval
    return float((a + b) / 2)


def _probe(a: Breakpoint, b: Breakpoint, tries: int) -> sp.Rational:
    """A rational strictly inside ``(a, b)``: the simplest one first, then other points across it."""
    if tries == 0:
        return _between(a, b)
    import random

    return _between(a, b, sp.Rational(random.Random(tries).randint(1, 996), 997))


def _require_well_defined(game: Game, field: _Field, lo, hi) -> None:
    """Chance probabilities >= 0 and payoffs without poles on ``[lo, hi]`` (else NotSupportedError)."""
    checks = []
    for n in game.nodes:
        for v in n.probabilities:
            if sp.sympify(v).free_symbols:
                checks.append((field(v), f"chance probability {v}", True))
        for v in n.outcome or ():
            if sp.sympify(v).free_symbols:
                checks.append((field(v), f"payoff {v}", False))
    for f, what, sign in checks:
        for poly in field.factors(f)[1]:
            if _roots_inside(poly, lo, hi) or poly.eval(lo) == 0 or poly.eval(hi) == 0:
                raise NotSupportedError(f"{what} has a pole for {field.symbol} in [{lo}, {hi}]")
        if sign:
            points = [lo, hi] + [
                _between(p, q)
                for p, q in itertools.pairwise(
                    _sorted(
                        [Breakpoint.rational(lo, field.symbol)]
                        + [r for poly in field.factors(f)[0] for r in _roots_inside(poly, lo, hi)]
                        + [Breakpoint.rational(hi, field.symbol)]
                    )
                )
            ]
            if any(field.at(f, QQ.from_sympy(sp.Rational(p))) < 0 for p in points):
                raise NotSupportedError(f"{what} is negative for some {field.symbol} in [{lo}, {hi}]")


def _sorted(points: list[Breakpoint]) -> list[Breakpoint]:
    import functools

    return sorted(
        points, key=functools.cmp_to_key(lambda p, q: -1 if _less(p, q) else (1 if _less(q, p) else 0))
    )


def _piece_at(field: _Field, sf, mats_sym, progs_sym, c_sym, t0: sp.Rational, ends) -> ValuePiece | None:
    """The largest interval around ``t0`` on which HiGHS's optimal bases at ``t0`` stay optimal; None
    if ``t0`` is a root of a condition (a degenerate point: the caller tries another)."""
    q0 = QQ(int(t0.p), int(t0.q))
    sides = []
    for p in (0, 1):
        num = {i: {j: field.at(v, q0) for j, v in row.items()} for i, row in mats_sym[p].items()}
        prog_num = _program(sf, num, p)
        try:
            side = _side(field, progs_sym[p], prog_num, sf.shape[p])
        except (ExactLPError, ZeroDivisionError):
            return None
        if side is None:
            return None
        sides.append(side)
    if sides[0].value + sides[1].value != c_sym:
        return None  # the bases do not prove each other optimal (HiGHS's float basis was off)
    conditions = sides[0].conditions + sides[1].conditions
    try:
        if any(field.at(g, q0) <= 0 for g in conditions):
            return None  # t0 is a root of a condition, or the basis is not feasible there
    except ZeroDivisionError:
        return None
    roots: dict[tuple, tuple[sp.Poly, bool]] = {}
    for g in conditions:
        num_f, den_f = field.factors(g)
        for poly, is_den in [(f, False) for f in num_f] + [(f, True) for f in den_f]:
            key = tuple(poly.all_coeffs())
            roots[key] = (poly, roots.get(key, (poly, False))[1] or is_den)
    lo, hi = ends[0].interval[0], ends[1].interval[0]
    points: list[tuple[Breakpoint, bool]] = [
        (r, is_den) for poly, is_den in roots.values() for r in _roots_inside(poly, lo, hi)
    ]
    order = _sorted([pt for pt, _ in points])
    pole = {id(pt): is_den for pt, is_den in points}
    here = Breakpoint.rational(t0, field.symbol)
    right = [pt for pt in order if _less(here, pt)]
    left = [pt for pt in order if _less(pt, here)][::-1]

    def holds_between(p: Breakpoint, q: Breakpoint) -> bool:
        m = QQ.from_sympy(_between(p, q) if _less(p, q) else _between(q, p))
        try:
            return all(field.at(g, m) >= 0 for g in conditions)
        except ZeroDivisionError:
            return False

    def end_closed(pt: Breakpoint) -> bool:
        if pt is ends[0] or pt is ends[1]:
            try:
                [field.at(g, QQ.from_sympy(pt.interval[0])) for g in conditions]
            except ZeroDivisionError:
                return False
            return True
        return not pole[id(pt)]

    def walk(points: list[Breakpoint], end: Breakpoint) -> tuple[Breakpoint, bool]:
        """Move away from ``t0`` across the roots ``points`` (nearest first) while every sign holds."""
        previous = here
        for pt in [*points, end]:
            if previous is not here and not holds_between(previous, pt):
                return previous, True
            if pt is end:
                return end, end_closed(end)
            if not end_closed(pt):
                return pt, False
            previous = pt
        raise AssertionError("unreachable")  # pragma: no cover

    upper, upper_closed = walk(right, ends[1])
    lower, lower_closed = walk(left, ends[0])
    return _make_piece(field, sf, sides, conditions, (lower, upper), (lower_closed, upper_closed))


class _Lazy(Mapping):
    """A read-only mapping whose values are rational functions shown as sympy expressions on first
    access (converting hundreds of degree-40 formulas that nobody prints is most of a piece's cost)."""

    def __init__(self, items: dict, convert) -> None:
        self._items, self._convert, self._done = items, convert, {}

    def __getitem__(self, key):
        if key not in self._done:
            self._done[key] = self._convert(self._items[key])
        return self._done[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def _make_piece(field, sf, sides, conditions, ends, closed) -> ValuePiece:
    plans = tuple(
        _Lazy({sf.label(p, k): v for k, v in enumerate(sides[p].plan)}, field.to_sympy) for p in (0, 1)
    )
    strategies, off_path = [], []
    for p in (0, 1):
        plan, strategy, unreached = sides[p].plan, {}, []
        for info in sf.infosets_of(p):
            reach = plan[sf.parent[info.index]]
            if not reach:
                unreached.append(info.label)
                continue
            strategy[info.label] = _Lazy(
                {a: (plan[sf.index[p][(info.index, j)]], reach) for j, a in enumerate(info.actions)},
                lambda pair: field.to_sympy(pair[0] / pair[1]),
            )
        strategies.append(strategy)
        off_path.append(tuple(unreached))
    return ValuePiece(
        lower=ends[0],
        upper=ends[1],
        closed=closed,
        value=field.to_sympy(sides[0].value),
        plans=plans,  # type: ignore[arg-type]
        strategies=tuple(strategies),  # type: ignore[arg-type]
        off_path=tuple(off_path),  # type: ignore[arg-type]
        conditions=tuple(conditions),
        formulas=(sides[0].value, tuple(tuple(sides[p].plan) for p in (0, 1))),
    )


def _clip(piece: ValuePiece, a: Breakpoint, b: Breakpoint) -> ValuePiece:
    """``piece`` cut to the gap ``[a, b]`` it was found in."""
    lower, upper, closed = piece.lower, piece.upper, list(piece.closed)
    if _less(lower, a):
        lower, closed[0] = a, True
    if _less(b, upper):
        upper, closed[1] = b, True
    return dataclasses.replace(piece, lower=lower, upper=upper, closed=tuple(closed))


def _same_formulas(left: ValuePiece, right: ValuePiece) -> bool:
    return left.formulas == right.formulas


def _holds_on(field: _Field, conditions, lo: Breakpoint, hi: Breakpoint) -> bool:
    """Whether every condition is ``>= 0`` (and finite) on the closed interval ``[lo, hi]``."""
    roots = []
    for g in conditions:
        num_f, den_f = field.factors(g)
        for poly in den_f:  # a pole inside or at an end
            if any(e.polynomial == poly for e in (lo, hi)) or _roots_inside(poly, lo, hi):
                return False
        for poly in num_f:
            roots += _roots_inside(poly, lo, hi)
    order = _sorted([lo, *roots, hi])
    for p, q in zip(order, order[1:]):
        if _same(p, q):
            continue
        m = QQ.from_sympy(_between(p, q))
        if any(field.at(g, m) < 0 for g in conditions):
            return False
    return True


def _merge(field: _Field, pieces: list[ValuePiece]) -> list[ValuePiece]:
    """Join neighbours that meet and have the same value, when one's formulas hold on both."""
    out: list[ValuePiece] = []
    for piece in pieces:
        if out and _same(out[-1].upper, piece.lower) and out[-1].formulas[0] == piece.formulas[0]:
            last = out[-1]
            for keep in (last, piece):
                if _same_formulas(last, piece) or _holds_on(field, keep.conditions, last.lower, piece.upper):
                    out[-1] = dataclasses.replace(
                        keep, lower=last.lower, upper=piece.upper, closed=(last.closed[0], piece.closed[1])
                    )
                    break
            else:
                out.append(piece)
            continue
        out.append(piece)
    return out


def _check(field: _Field, sf, mats_sym, c_sym, pieces: list[ValuePiece], say) -> list[sp.Rational]:
    """Certify each piece at a rational point inside it, independently of its proof: the exact best
    responses to its two strategies there (backward induction) give the same value as its formula."""
    from derive.solving.lp import row_times
    from derive.solving.zero_sum.best_response import best_response_values

    t = field.symbol
    checked = []
    for k, piece in enumerate(pieces, 1):
        point = (
            piece.lower.interval[0] if _same(piece.lower, piece.upper) else _between(piece.lower, piece.upper)
        )
        q0 = QQ.from_sympy(point)
        mats = [{i: {j: field.at(v, q0) for j, v in row.items()} for i, row in m.items()} for m in mats_sym]
        plans = [
            [
                QQ.from_sympy(sp.Rational(piece.plans[p][sf.label(p, j)].subs(t, point)))
                for j in range(sf.shape[p])
            ]
            for p in (0, 1)
        ]
        lower, _, _ = best_response_values(sf, 1, row_times(mats[0], plans[0]), maximize=False)
        secured, _, _ = best_response_values(sf, 0, row_times(mats[1], plans[1]), maximize=False)
        upper = field.at(c_sym, q0) - secured
        formula = field.at(piece.formulas[0], q0)
        if not lower == upper == formula:
            raise ParametricError(
                f"piece {k} ({piece.interval_text(t)}) fails its check at {t} = {point}: best responses give "
                f"{lower} and {upper}, its formula {formula}"
            )
        checked.append(point)
    say(
        f"checked: at a point inside each piece, exact best responses give the formula's value ({len(checked)} points)"
    )
    return checked
