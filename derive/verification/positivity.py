"""Exact certificates that a polynomial is non-negative on a domain given by polynomial inequalities.

If ``g_1, ..., g_m >= 0`` describe the domain and

    f = sum over multisets S of at most d constraints of  lambda_S * prod_(i in S) g_i,   lambda_S >= 0,

then ``f >= 0`` on the domain: every term is a non-negative number times a product of
non-negative numbers.  Finding the ``lambda_S`` is a linear feasibility problem in them (match the
coefficients of every monomial), solved here in exact rationals.  When the ``g_i`` are the facets of
a polytope on which ``f > 0``, such a representation exists for some ``d`` (Handelman 1988); the
products of the constraints also serve for domains with curved boundaries (then the representation
is sufficient, not guaranteed to exist).  The certificate is a proof a reader checks by expanding it.  The linear program is HiGHS's, its basis solved
and checked in exact rationals (:func:`derive.solving.linear_program.exact_lp`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number

__all__ = ["MAX_PRODUCTS", "PositivityCertificate", "positivity_certificate"]

#: Largest number of constraint products tried in one certificate search.
MAX_PRODUCTS = 2000


@dataclass(frozen=True)
class PositivityCertificate:
    """``f == sum(coefficient * prod(factors))`` with every coefficient ``>= 0`` and every factor
    ``>= 0`` on the domain.

    Attributes
    ----------
    target : sympy.Expr
        The polynomial shown non-negative.
    terms : tuple of (sympy.Rational, tuple of sympy.Expr)
        ``(coefficient > 0, factors)``; the factors are domain constraints ``g_i`` (``g_i >= 0``).
    """

    target: sp.Expr
    terms: tuple[tuple[sp.Rational, tuple[sp.Expr, ...]], ...]

    def expression(self) -> sp.Expr:
        """The right-hand side, unexpanded (each product kept as written)."""
        return sp.Add(
            *(sp.Mul(c, *factors, evaluate=False) if factors else c for c, factors in self.terms),
            evaluate=False,
        )

    def __str__(self) -> str:
        parts = []
        for c, factors in self.terms:
            prod = "*".join(f"({f})" for f in factors)
            parts.append(f"{c}" if not factors else (prod if c == 1 else f"{c}*{prod}"))
        return f"{self.target} = " + (" + ".join(parts) if parts else "0")


def positivity_certificate(
    f: sp.Expr,
    constraints: Sequence[sp.Expr],
    params: Sequence[sp.Symbol],
    degree: int | None = None,
) -> PositivityCertificate | None:
    """A certificate that ``f >= 0`` wherever every ``constraints[i] >= 0`` (module docstring), or None.

    Parameters
    ----------
    f : sympy.Expr
        A polynomial in ``params`` with rational coefficients (a float coefficient only when it is
        exactly a short decimal such as 0.5, see :mod:`derive.extensive_form.exact`; else ValueError).
    constraints : sequence of sympy.Expr
        Polynomials ``g_i``; the domain is ``{g_i >= 0 for all i}`` (exact, like ``f``).
    params : sequence of sympy.Symbol
    degree : int, optional
        The most factors in one product; by default the total degree of ``f`` (at least 1), then up
        to two more (a polynomial positive on a polytope may need products of higher degree).

    Returns
    -------
    PositivityCertificate or None
        None if no representation with products of at most ``degree`` constraints exists (which
        does not mean ``f`` is negative somewhere), or if there would be more than
        :data:`MAX_PRODUCTS` products.  The constraints that share no parameter with ``f`` are
        tried last: first only those in ``f``'s parameters, then all.

    References
    ----------
    Handelman (1988), "Representing polynomials by positive linear functions on compact convex
    polyhedra", Pacific J. Math. 132, theorem 1.
    """
    from sympy.polys.domains import QQ

    from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp

    params = tuple(params)
    f = sp.expand(exact_number(f, "f", ValueError))
    constraints = [exact_number(g, f"constraint {g}", ValueError) for g in constraints]
    fpoly = sp.Poly(f, *params)
    low = degree if degree is not None else max(1, fpoly.total_degree())
    degrees = [low] if degree is not None else [low, low + 1, low + 2]
    gens = [sp.expand(g) for g in constraints]
    own = [g for g in gens if g.free_symbols <= f.free_symbols]
    pools = [own] if len(own) == len(gens) else [own, gens]
    for d, pool in itertools.product(degrees, pools):
        products = [
            combo
            for k in range(d + 1)
            for combo in itertools.combinations_with_replacement(range(len(pool)), k)
        ]
        if len(products) > MAX_PRODUCTS:
            continue
        polys = [sp.Poly(sp.Mul(*(pool[i] for i in combo)), *params).as_dict() for combo in products]
        monomials = sorted(set(fpoly.as_dict()).union(*polys))
        # one equation per monomial: sum_S lambda_S coeff(prod_S, m) = coeff(f, m), lambda >= 0
        prog = LinearProgram(len(products), [], [], [], set())
        target = fpoly.as_dict()
        for m in monomials:
            row = {j: QQ.from_sympy(p[m]) for j, p in enumerate(polys) if p.get(m, 0) != 0}
            rhs = QQ.from_sympy(target.get(m, sp.S.Zero))
            prog.add_row(row, rhs, rhs)
        try:  # HiGHS's basis, then solved and checked in exact rationals
            lam = [
                QQ.to_sympy(v) for v in exact_lp(prog, dict.fromkeys(range(len(products)), 1), maximize=False)
            ]
        except ExactLPError:
            continue
        terms = tuple(
            (sp.Rational(x), tuple(pool[i] for i in combo)) for x, combo in zip(lam, products) if x != 0
        )
        check = sp.expand(sum((c * sp.Mul(*fs) for c, fs in terms), sp.S.Zero) - f)
        if check != 0 or any(c < 0 for c, _ in terms):  # never trust an unchecked certificate
            raise ArithmeticError(f"positivity certificate for {f} does not expand back (residual {check})")
        return PositivityCertificate(f, terms)
    return None
