"""Rational functions of one parameter ``t`` and square linear systems over ``Q(t)``, exactly.

:class:`RationalFunction` is a reduced fraction of two FLINT polynomials with rational
coefficients (sympy's own fractions are too slow for Leduc-sized bases);
:class:`RationalFunctionField` converts sympy expressions into it, evaluates and factors.
:func:`solve_basis` solves a basis system ``B(t) z = r(t)``: singleton rows and columns are
peeled off, and the dense core is solved by power series about a point where ``B`` is invertible
and Padé approximation modulo word-size primes (one common denominator for all unknowns), lifted
to the rationals by Chinese remaindering and rational reconstruction, then proved by substituting
the result back as an identity of polynomials; it lives in :mod:`derive.solving.parameters.basis_solve`.
"""

from __future__ import annotations

import sympy as sp
from sympy.polys.domains import QQ

__all__ = ["RationalFunction", "RationalFunctionField", "combination", "poly_key", "polynomial_text"]


def poly_key(poly) -> tuple:
    """An exact hashable key of the FLINT polynomial ``poly`` (``fmpq_poly``): its integer numerator's
    coefficients and its denominator, FLINT's canonical form, so equal polynomials and only they
    have equal keys.  About ten times faster than a tuple of its ``fmpq`` coefficients, which hash
    through :class:`fractions.Fraction`."""
    return tuple(map(int, poly.numer().coeffs())), int(poly.denom())


class RationalFunction:
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
    def lift(v) -> RationalFunction:
        """``v`` (an :class:`RationalFunction`, a QQ/int/fmpq number) as a rational function."""
        import flint

        if isinstance(v, RationalFunction):
            return v
        if isinstance(v, flint.fmpq):
            return RationalFunction(flint.fmpq_poly([v]))
        if isinstance(v, int):
            return RationalFunction(flint.fmpq_poly([v]))
        return RationalFunction(flint.fmpq_poly([flint.fmpq(int(QQ.numer(v)), int(QQ.denom(v)))]))

    def __add__(self, other):
        o = RationalFunction.lift(other)
        if self.den == o.den:
            return RationalFunction(self.num + o.num, self.den)
        return RationalFunction(self.num * o.den + o.num * self.den, self.den * o.den)

    __radd__ = __add__

    def __neg__(self):
        return RationalFunction(-self.num, self.den)

    def __sub__(self, other):
        return self + (-RationalFunction.lift(other))

    def __rsub__(self, other):
        return RationalFunction.lift(other) + (-self)

    def __mul__(self, other):
        o = RationalFunction.lift(other)
        return RationalFunction(self.num * o.num, self.den * o.den)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = RationalFunction.lift(other)
        if o.num.is_zero():
            raise ZeroDivisionError("division by the zero function")
        if self.den is o.den or self.den == o.den:  # a plan's entries share one denominator
            return RationalFunction(self.num, o.num)
        return RationalFunction(self.num * o.den, self.den * o.num)

    def __rtruediv__(self, other):
        return RationalFunction.lift(other) / self

    def __eq__(self, other) -> bool:
        o = RationalFunction.lift(other)
        return self.num == o.num and self.den == o.den

    def __hash__(self) -> int:
        return hash((poly_key(self.num), poly_key(self.den)))

    def __bool__(self) -> bool:
        return not self.num.is_zero()

    def __repr__(self) -> str:
        return f"({self.num})/({self.den})"


def combination(terms) -> RationalFunction:
    """``sum a * f`` over the pairs ``(a, f)`` of ``terms`` (rational functions or numbers): the
    products with one denominator are added as polynomials first, so only a few fractions are
    reduced (a row of a basis adds hundreds of functions over a handful of denominators)."""
    groups: list[list] = []  # [numerator, denominator]: a few, found by equality (cheaper than hashing)
    for a, f in terms:
        a, f = RationalFunction.lift(a), RationalFunction.lift(f)
        if a.num.is_zero() or f.num.is_zero():
            continue
        num, den = a.num * f.num, (f.den if a.den.is_one() else a.den * f.den)
        for group in groups:
            if group[1] is den or group[1] == den:
                group[0] += num
                break
        else:
            groups.append([num, den])
    total = RationalFunction.lift(0)
    for num, den in groups:
        total = total + RationalFunction(num, den)
    return total


def _poly_from_flint(poly, symbol: sp.Symbol) -> sp.Poly:
    coeffs = [sp.Rational(int(c.p), int(c.q)) for c in reversed(poly.coeffs())]
    return sp.Poly(coeffs or [0], symbol, domain="QQ")


class RationalFunctionField:
    """``Q(t)``: conversion from sympy, evaluation at a rational, the sign conditions' factors."""

    def __init__(self, symbol: sp.Symbol) -> None:
        self.symbol = symbol
        self._factors: dict[tuple, list[sp.Poly]] = {}
        self._interned: dict[tuple, sp.Poly] = {}
        self._converted: dict[sp.Basic, RationalFunction] = {}
        self._exprs: dict[tuple, sp.Expr] = {}
        self._texts: dict[tuple, str] = {}

    def __call__(self, value) -> RationalFunction:
        if isinstance(value, sp.Basic):
            if value not in self._converted:  # the same payoffs recur node after node
                self._converted[value] = self._from_sympy(value)
            return self._converted[value]
        return RationalFunction.lift(value)

    def _from_sympy(self, value: sp.Basic) -> RationalFunction:
        import flint

        num, den = sp.fraction(sp.cancel(sp.together(sp.sympify(value))))
        polys = []
        for part in (num, den):
            coeffs = sp.Poly(part, self.symbol).all_coeffs()[::-1]
            polys.append(flint.fmpq_poly([flint.fmpq(int(c.p), int(c.q)) for c in map(sp.Rational, coeffs)]))
        return RationalFunction(polys[0], polys[1])

    @property
    def zero(self) -> RationalFunction:
        return RationalFunction.lift(0)

    def at(self, f: RationalFunction, t0) -> object:
        """``f(t0)`` in QQ (``t0`` in QQ); raises ZeroDivisionError at a pole."""
        import flint

        x = flint.fmpq(int(QQ.numer(t0)), int(QQ.denom(t0)))
        den = f.den(x)
        if den == 0:
            raise ZeroDivisionError
        v = f.num(x) / den
        return QQ(int(v.p), int(v.q))

    def irreducible(self, poly) -> list[sp.Poly]:
        """The non-constant irreducible factors of the FLINT polynomial ``poly``, as monic sympy Polys,
        each factor one object however many polynomials it divides (cached)."""
        key = poly_key(poly)
        if key not in self._factors:
            out = []
            for g, _ in poly.factor()[1]:
                if g.degree() > 0:
                    g = g / g.leading_coefficient()
                    name = poly_key(g)
                    if name not in self._interned:
                        self._interned[name] = _poly_from_flint(g, self.symbol)
                    out.append(self._interned[name])
            self._factors[key] = out
        return self._factors[key]

    def factors(self, f: RationalFunction) -> tuple[list[sp.Poly], list[sp.Poly]]:
        """The non-constant irreducible factors (monic sympy Polys) of ``f``'s numerator and denominator."""
        return (
            self.irreducible(f.num) if f.num.degree() > 0 else [],
            self.irreducible(f.den) if f.den.degree() > 0 else [],
        )

    def to_sympy(self, f: RationalFunction) -> sp.Expr:
        """``f`` as a sympy expression: factored when small, else numerator over denominator with
        integer coefficients (factoring a degree-30 polynomial only to print it is not worth it).
        Cached: the same functions recur piece after piece."""
        key = (poly_key(f.num), poly_key(f.den))
        if key not in self._exprs:
            self._exprs[key] = self._to_sympy(f)
        return self._exprs[key]

    def _to_sympy(self, f: RationalFunction) -> sp.Expr:
        t = self.symbol
        num, den = _poly_from_flint(f.num, t), _poly_from_flint(f.den, t)
        if max(num.degree(), den.degree()) <= 8:
            return _factored(f, t)
        c_num, p_num = num.clear_denoms(convert=True)
        c_den, p_den = den.clear_denoms(convert=True)
        g = sp.gcd(p_num.content(), p_den.content()) if not p_num.is_zero else 1
        scale = sp.Rational(c_den, c_num) * g
        return scale * (p_num.quo_ground(g).as_expr() / p_den.quo_ground(g).as_expr())

    def to_text(self, f: RationalFunction) -> str:
        """``str(self.to_sympy(f))``, the same characters, without building the sympy expression when
        ``f`` is large (numerator and denominator of two terms or more, one of degree > 8: the
        integer polynomials are printed directly, as sympy's printer orders and signs their terms).
        Cached."""
        key = (poly_key(f.num), poly_key(f.den))
        if key not in self._texts:
            text = _fraction_text(f, str(self.symbol))
            self._texts[key] = str(self.to_sympy(f)) if text is None else text
        return self._texts[key]


def _factored(f: RationalFunction, t: sp.Symbol) -> sp.Expr:
    """``sympy.factor(f)``, the same expression, from FLINT's factorization: ``c * prod f_i**k_i``
    with ``f_i`` the irreducible integer polynomials of ``f``'s numerator and denominator (primitive,
    leading coefficient positive; ``k_i < 0`` in the denominator) and ``c`` rational, assembled as
    sympy's ``factor`` assembles them (``_keep_coeff`` of the product)."""
    from sympy.core.exprtools import _keep_coeff

    if f.num.is_zero():
        return sp.Integer(0)
    coeff = sp.Rational(int(f.den.denom()), int(f.num.denom()))
    powers = []
    for poly, sign in ((f.num.numer(), 1), (f.den.numer(), -1)):
        content, factors = poly.factor()
        coeff *= sp.Integer(int(content)) ** sign
        for g, k in factors:
            base = sp.Poly([int(c) for c in reversed(g.coeffs())], t, domain="ZZ").as_expr()
            powers.append(base if k * sign == 1 else base ** (k * sign))
    return _keep_coeff(coeff, sp.Mul(*powers))


def _integer_coefficients(poly) -> tuple[int, list[int]]:
    """``(c, [a_0, a_1, ...])`` with ``c * poly = sum a_k t^k``, the ``a_k`` integers, ``c > 0`` the
    least common denominator of ``poly``'s coefficients (sympy's ``clear_denoms``)."""
    import math

    coeffs = poly.coeffs()
    c = math.lcm(*(int(x.q) for x in coeffs)) if coeffs else 1
    return c, [int(x.p) * (c // int(x.q)) for x in coeffs]


def polynomial_text(coeffs: list, name: str) -> str:
    """sympy's ``str`` of ``Poly(sum coeffs[k] * t^k).as_expr()`` for rational coefficients (int,
    fmpq or Fraction: anything with ``numerator`` and ``denominator``; not all zero), ``t`` printed as ``name``: highest degree first,
    ``c*t**k`` or ``p*t**k/q``, ``t**k/q`` for ``1/q``, ``" - "`` before a negative term, a positive
    constant first when the other of two terms is negative (``1/2 - t``).  For breakpoints'
    polynomials of degree 25 this is a hundredth of sympy's time."""
    terms = [k for k in range(len(coeffs) - 1, -1, -1) if coeffs[k] != 0]
    if not terms:
        return "0"
    if len(terms) == 2 and terms[1] == 0 and coeffs[0] > 0 and coeffs[terms[0]] < 0:
        terms.reverse()
    out = []
    for k in terms:
        c = coeffs[k]
        p, q = abs(int(c.numerator)), int(c.denominator)
        power = "" if k == 0 else (name if k == 1 else f"{name}**{k}")
        if not power:
            term = str(p) if q == 1 else f"{p}/{q}"
        else:
            term = power if p == 1 else f"{p}*{power}"
            if q != 1:
                term += f"/{q}"
        if not out:
            out.append(f"-{term}" if c < 0 else term)
        else:
            out.append(f" - {term}" if c < 0 else f" + {term}")
    return "".join(out)


def _fraction_text(f: RationalFunction, name: str) -> str | None:
    """The text of :meth:`RationalFunctionField.to_sympy`'s large form, ``scale * (P / Q)`` with
    integer polynomials ``P``, ``Q`` of two terms or more, as sympy prints it
    (``-3*(P)/(4*(Q))``); None for every other form (sympy prints those)."""
    import math

    if max(f.num.degree(), f.den.degree()) <= 8:
        return None
    c_num, p_num = _integer_coefficients(f.num)
    c_den, p_den = _integer_coefficients(f.den)
    if sum(1 for c in p_num if c) < 2 or sum(1 for c in p_den if c) < 2:
        return None
    g = math.gcd(math.gcd(*p_num), math.gcd(*p_den))
    p_num, p_den = [c // g for c in p_num], [c // g for c in p_den]
    scale = sp.Rational(c_den * g, c_num)
    sign, p, q = ("-" if scale < 0 else ""), abs(int(scale.p)), int(scale.q)
    top = f"({polynomial_text(p_num, name)})" if p == 1 else f"{p}*({polynomial_text(p_num, name)})"
    bottom = f"({polynomial_text(p_den, name)})" if q == 1 else f"({q}*({polynomial_text(p_den, name)}))"
    return f"{sign}{top}/{bottom}"
