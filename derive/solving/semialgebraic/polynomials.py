"""Multivariate polynomials over the rationals, exactly, in FLINT (python-flint's ``fmpq_mpoly``).

Every polynomial of one system lives in one context whose variables are the system's unknowns
``u0, u1, ...`` followed by :data:`ALGEBRAIC`, the generator of an algebraic number (a variable
that stays unused unless a branch of the system has an irrational solution, see
:mod:`derive.solving.semialgebraic.number_fields`).  The functions here are the few operations
the elimination and the cell decomposition share; FLINT does the arithmetic, the factoring, the
resultants and discriminants.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import flint
import sympy as sp

__all__ = [
    "ALGEBRAIC",
    "coefficients_in",
    "constant",
    "from_sympy",
    "irreducible_factors",
    "key",
    "polynomial_context",
    "primitive",
    "substitute",
    "substitute_fraction",
    "to_sympy",
    "variables_of",
]

#: The name of the last variable of every context: an algebraic number's generator.
ALGEBRAIC = "alpha"


def polynomial_context(count: int):
    """The context of ``count`` unknowns ``u0 .. u{count-1}`` and, last, :data:`ALGEBRAIC`.

    Examples
    --------
    >>> polynomial_context(2).names()
    ('u0', 'u1', 'alpha')
    """
    return flint.fmpq_mpoly_ctx.get(tuple(f"u{k}" for k in range(count)) + (ALGEBRAIC,), "lex")


def constant(ctx, value) -> flint.fmpq_mpoly:
    """The constant polynomial ``value`` (an integer, ``fmpq`` or sympy Rational) of ``ctx``."""
    if isinstance(value, sp.Rational):
        value = flint.fmpq(int(value.p), int(value.q))
    return ctx.constant(value)


def key(p: flint.fmpq_mpoly) -> tuple:
    """A hashable key of ``p`` (its terms), for sets and dictionaries of polynomials."""
    return tuple(p.to_dict().items())


def variables_of(p: flint.fmpq_mpoly) -> tuple[int, ...]:
    """The indices of the variables ``p`` depends on."""
    return tuple(i for i, d in enumerate(p.degrees()) if d)


def coefficients_in(p: flint.fmpq_mpoly, i: int) -> dict[int, flint.fmpq_mpoly]:
    """``p`` as ``sum_k c_k x_i^k``: ``{k: c_k}``, each ``c_k`` free of ``x_i`` (empty for ``p = 0``).

    Examples
    --------
    >>> ctx = polynomial_context(2)
    >>> u0, u1, _ = ctx.gens()
    >>> sorted((k, str(c)) for k, c in coefficients_in(u0**2 * u1 + 3 * u0 - u1, 0).items())
    [(0, '-u1'), (1, '3'), (2, 'u1')]
    """
    ctx = p.context()
    terms: dict[int, dict] = {}
    for monomial, c in p.to_dict().items():
        rest = list(monomial)
        k, rest[i] = rest[i], 0
        terms.setdefault(k, {})[tuple(rest)] = c
    return {k: ctx.from_dict(d) for k, d in terms.items()}


def substitute(p: flint.fmpq_mpoly, i: int, num: flint.fmpq_mpoly, den: flint.fmpq_mpoly) -> flint.fmpq_mpoly:
    """The numerator of ``p`` at ``x_i = num / den``: ``den^d p(num / den) = sum_k c_k num^k den^(d-k)``,
    ``d`` the degree of ``p`` in ``x_i`` (``p`` itself when it does not depend on ``x_i``)."""
    d = p.degrees()[i]
    return p if d == 0 else _raised(p, i, num, den, d)


def substitute_fraction(
    top: flint.fmpq_mpoly, bottom: flint.fmpq_mpoly, i: int, num: flint.fmpq_mpoly, den: flint.fmpq_mpoly
) -> tuple[flint.fmpq_mpoly, flint.fmpq_mpoly]:
    """The fraction ``top / bottom`` at ``x_i = num / den``, as a new fraction in lowest terms, its
    denominator's leading coefficient 1 (``den`` must not vanish where the fraction is used)."""
    d = max(top.degrees()[i], bottom.degrees()[i])
    if d == 0:
        return top, bottom
    top = _raised(top, i, num, den, d)
    bottom = _raised(bottom, i, num, den, d)
    return lowest_terms(top, bottom)


def _raised(p, i, num, den, d):
    """``sum_k c_k num^k den^(d-k)`` for ``p = sum_k c_k x_i^k`` and ``d`` at least its degree."""
    out = p.context().from_dict({})
    for k, c in coefficients_in(p, i).items():
        out += c * num**k * den ** (d - k)
    return out


def lowest_terms(
    top: flint.fmpq_mpoly, bottom: flint.fmpq_mpoly
) -> tuple[flint.fmpq_mpoly, flint.fmpq_mpoly]:
    """``top / bottom`` with their greatest common divisor cancelled and ``bottom``'s leading
    coefficient 1.

    Raises
    ------
    ZeroDivisionError
        If ``bottom`` is zero.
    """
    if bottom.is_zero():
        raise ZeroDivisionError("a fraction with denominator 0")
    if not bottom.is_constant():
        g = top.gcd(bottom)
        if not g.is_constant():
            top, bottom = top / g, bottom / g
    lead = bottom.leading_coefficient()
    return top / lead, bottom / lead


def primitive(p: flint.fmpq_mpoly) -> flint.fmpq_mpoly:
    """``p`` times the positive rational making its coefficients coprime integers, with the sign
    making its leading coefficient positive (zero stays zero)."""
    coeffs = list(p.to_dict().values())
    if not coeffs:
        return p
    lcm = 1
    for c in coeffs:
        lcm = lcm * int(c.q) // math.gcd(lcm, int(c.q))
    g = 0
    for c in coeffs:
        g = math.gcd(g, int(c.p) * (lcm // int(c.q)))
    scale = flint.fmpq(lcm, g)
    if p.leading_coefficient() < 0:
        scale = -scale
    return p * scale


def irreducible_factors(p: flint.fmpq_mpoly) -> list[flint.fmpq_mpoly]:
    """The distinct non-constant irreducible factors of ``p`` over the rationals, each primitive with
    a positive leading coefficient (FLINT's factorization), multiplicities dropped; ``[]`` for a
    constant.  ``p`` must not be zero."""
    if p.is_constant():
        return []
    _, factors = p.factor()
    return [primitive(f) for f, _ in factors if not f.is_constant()]


def to_sympy(p: flint.fmpq_mpoly, values: Sequence[sp.Expr]) -> sp.Expr:
    """``p`` as a sympy expression, each variable replaced by the matching entry of ``values`` (a
    symbol, or an exact number such as an algebraic one)."""
    total = []
    for monomial, c in p.to_dict().items():
        term = sp.Rational(int(c.p), int(c.q))
        for v, e in zip(values, monomial):
            if e:
                term *= v**e
        total.append(term)
    return sp.Add(*total)


def from_sympy(expr: sp.Expr, ctx, symbols: Sequence[sp.Symbol]) -> flint.fmpq_mpoly:
    """A sympy polynomial in ``symbols`` (rational coefficients) as a polynomial of ``ctx``, whose
    first variables match ``symbols``.

    Raises
    ------
    ValueError
        If ``expr`` is not a polynomial in ``symbols`` with rational coefficients.
    """
    try:
        poly = sp.Poly(expr, *symbols, domain="QQ")
    except (sp.PolynomialError, sp.polys.polyerrors.CoercionFailed) as exc:
        raise ValueError(f"not a polynomial with rational coefficients: {expr}") from exc
    width = ctx.nvars()
    out = {}
    for monomial, c in poly.terms():
        out[tuple(monomial) + (0,) * (width - len(monomial))] = flint.fmpq(int(c.p), int(c.q))
    return ctx.from_dict(out)
