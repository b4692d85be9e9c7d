"""Polytopes in a few parameters: irredundant inequalities and exact vertices.

A family of optimal strategies is an affine map of a polytope ``{t : a_k . t + c_k >= 0}``;
:func:`polytope` normalises the inequalities, enumerates the vertices exactly over ``QQ`` (every
``d`` inequalities held tight, solved exactly, kept when feasible) and keeps the facets.
"""

from __future__ import annotations

import itertools
import math

import sympy as sp
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

__all__ = ["FamilyCertificateError", "MAX_VERTEX_COMBINATIONS", "bound_constraint", "polytope", "slack"]


class FamilyCertificateError(RuntimeError):
    """The exact certificate of a derived family failed (a bug, never silently ignored)."""


#: Largest number of d-subsets of constraints tried when enumerating vertices exactly.
MAX_VERTEX_COMBINATIONS = 200_000


def polytope(raw: list[sp.Expr], params: tuple[sp.Symbol, ...]):
    """Irredundant inequalities ``expr >= 0`` and exact vertices of ``{raw >= 0}``.

    Vertices are the feasible solutions of every ``d`` of the constraints
    held tight (solved exactly over QQ).  If there are more than
    :data:`MAX_VERTEX_COMBINATIONS` such subsets, the vertices are not
    enumerated (an empty tuple) and all constraints are returned.
    """
    exprs = []
    for e in raw:
        e = sp.expand(e)
        if not e.free_symbols:
            if e < 0:
                raise FamilyCertificateError(f"the derived family violates a constraint: {e} >= 0")
            continue
        coeffs = [e.coeff(p) for p in params]
        scale = max(abs(c) for c in coeffs if c != 0)
        normal = sp.expand(e / scale)
        if normal not in exprs:
            exprs.append(normal)
    d = len(params)
    if d == 0:
        return [], [{}]
    if math.comb(len(exprs), d) > MAX_VERTEX_COMBINATIONS:
        return [sp.Ge(e, 0, evaluate=False) for e in exprs], []
    # exprs[k] = A[k] . params + c[k] >= 0, exactly over QQ
    A = [[QQ.from_sympy(e.coeff(p)) for p in params] for e in exprs]
    c = [QQ.from_sympy(sp.expand(e).subs({p: 0 for p in params})) for e in exprs]
    found: dict[tuple, None] = {}
    for combo in itertools.combinations(range(len(exprs)), d):
        M = DomainMatrix([[A[k][j] for j in range(d)] for k in combo], (d, d), QQ)
        if M.rank() < d:
            continue
        rhs = DomainMatrix([[-c[k]] for k in combo], (d, 1), QQ)
        sol = M.lu_solve(rhs).to_list_flat()
        if all(sum((A[k][j] * sol[j] for j in range(d)), QQ(0)) + c[k] >= 0 for k in range(len(exprs))):
            found[tuple(sol)] = None
    if not found:
        raise FamilyCertificateError("the derived family is empty")
    vertices = [{p: QQ.to_sympy(x) for p, x in zip(params, point)} for point in sorted(found)]
    facets = [e for e in exprs if sum(1 for v in vertices if e.subs(v) == 0) >= d]
    constraints = [sp.Ge(e, 0, evaluate=False) if d > 1 else bound_constraint(e, params[0]) for e in facets]
    return constraints, vertices


def slack(constraint: sp.Basic) -> sp.Expr:
    """``lhs - rhs`` of a ``>=`` constraint, ``rhs - lhs`` of a ``<=`` one (non-negative when it holds)."""
    if isinstance(constraint, sp.GreaterThan):
        return sp.expand(constraint.lhs - constraint.rhs)
    return sp.expand(constraint.rhs - constraint.lhs)


def bound_constraint(expr: sp.Expr, p: sp.Symbol) -> sp.Basic:
    """``a p + b >= 0`` as ``p >= -b/a`` or ``p <= -b/a``."""
    a = expr.coeff(p)
    b = sp.expand(expr - a * p)
    return sp.Ge(p, -b / a, evaluate=False) if a > 0 else sp.Le(p, -b / a, evaluate=False)
