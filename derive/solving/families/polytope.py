"""Polytopes in a few parameters: irredundant inequalities and exact vertices.

A family of optimal strategies is an affine map of a polytope ``{t : a_k . t + c_k >= 0}``;
:func:`polytope` normalises the inequalities, enumerates the vertices exactly with cddlib's
double description method in GMP rationals (Fukuda & Prodon 1996; ``pycddlib``'s ``cdd.gmp``),
and keeps the facets.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp
from sympy.polys.domains import QQ

__all__ = ["FamilyCertificateError", "MAX_VERTICES", "bound_constraint", "polytope", "slack"]


class FamilyCertificateError(RuntimeError):
    """The exact certificate of a derived family failed (a bug, never silently ignored)."""


#: Largest number of vertices listed (a family with more is reported without its vertices).
MAX_VERTICES = 100_000


def polytope(raw: list[sp.Expr], params: tuple[sp.Symbol, ...], limit=None):
    """Irredundant inequalities ``expr >= 0`` and exact vertices of ``{raw >= 0}``.

    With ``limit`` (a :class:`~derive.solving.limits.TimeLimit`), cddlib's vertex enumeration runs
    in a child process that is ended at the limit (:class:`~derive.solving.limits.TimeLimitError`).

    Vertices come from cddlib (exact GMP arithmetic); the facets kept are the
    constraints whose tight vertices span a hyperplane (affine rank ``d - 1``).  If the
    polytope is not full-dimensional, or there are more than :data:`MAX_VERTICES` vertices
    (then none are returned, an empty tuple), all constraints are kept.

    Raises
    ------
    FamilyCertificateError
        If the polytope is empty or unbounded (a family of strategies is neither).
    """
    exprs = []
    for e in raw:
        e = sp.expand(e)
        if not e.free_symbols:
            if e < 0:
                raise FamilyCertificateError(f"the derived family violates a constraint: {e} >= 0")
            continue
        normal = normalised(e, params)
        if normal not in exprs:
            exprs.append(normal)
    d = len(params)
    if d == 0:
        return [], [{}]
    # exprs[k] = A[k] . params + c[k] >= 0, exactly over QQ
    A = [[QQ.from_sympy(e.coeff(p)) for p in params] for e in exprs]
    c = [QQ.from_sympy(sp.expand(e).subs({p: 0 for p in params})) for e in exprs]
    if limit is None:
        points = _cdd_vertices(A, c, d)
    else:
        doing = f"enumerating the vertices of a polytope of dimension {d} with {len(exprs)} constraints"
        points = limit.call(doing, _cdd_vertices, A, c, d)
    if points is None:
        return [sp.Ge(e, 0, evaluate=False) for e in exprs], []
    found: dict[tuple, None] = dict.fromkeys(points)
    if not found:
        raise FamilyCertificateError("the derived family is empty")
    ordered = sorted(found)
    vertices = [{p: QQ.to_sympy(x) for p, x in zip(params, point)} for point in ordered]
    tight = [
        [x for x in ordered if sum((a * xj for a, xj in zip(A[k], x)), QQ(0)) + c[k] == 0]
        for k in range(len(exprs))
    ]
    if _affine_rank(ordered) < d:  # no facets to tell apart in a lower-dimensional polytope: keep all
        facets = exprs
    else:  # a facet's tight vertices span a hyperplane
        facets = [e for k, e in enumerate(exprs) if len(tight[k]) >= d and _affine_rank(tight[k]) == d - 1]
    constraints = [sp.Ge(e, 0, evaluate=False) if d > 1 else bound_constraint(e, params[0]) for e in facets]
    return constraints, vertices


def normalised(expr: sp.Expr, params: tuple[sp.Symbol, ...]) -> sp.Expr:
    """``expr`` divided by its largest coefficient of a parameter in absolute value (the form in which
    :func:`polytope` compares and returns constraints); unchanged when no parameter occurs."""
    expr = sp.expand(expr)
    scale = max((abs(expr.coeff(p)) for p in params if expr.coeff(p) != 0), default=1)
    return sp.expand(expr / scale)


def _affine_rank(points: list[tuple]) -> int:
    """The dimension of the affine hull of ``points`` (tuples over QQ), exactly."""
    from sympy.polys.matrices import DomainMatrix

    if len(points) < 2:
        return 0
    rows = [[a - b for a, b in zip(x, points[0])] for x in points[1:]]
    return DomainMatrix(rows, (len(rows), len(points[0])), QQ).rank()


def _cdd_vertices(A, c, d) -> list[tuple] | None:
    """The vertices of ``{x : A x + c >= 0}`` by cddlib in exact rationals (None if over :data:`MAX_VERTICES`)."""
    import cdd
    import cdd.gmp

    def frac(v) -> Fraction:
        return Fraction(int(QQ.numer(v)), int(QQ.denom(v)))

    rows = [[frac(c[k])] + [frac(a) for a in A[k]] for k in range(len(A))]
    mat = cdd.gmp.matrix_from_array(rows, rep_type=cdd.RepType.INEQUALITY)
    generators = cdd.gmp.copy_generators(cdd.gmp.polyhedron_from_matrix(mat))
    if generators.lin_set or any(row[0] == 0 for row in generators.array):
        raise FamilyCertificateError("the derived family is unbounded")
    if len(generators.array) > MAX_VERTICES:
        return None
    return [tuple(QQ(v.numerator, v.denominator) for v in row[1:]) for row in generators.array]


def sample_points(vertices: list[dict], params: tuple[sp.Symbol, ...], limit: int = 2000) -> list[dict]:
    """Points of a polytope: its vertices, their centre, then midpoints of pairs of vertices (at most
    ``limit`` pairs), exact; where to look for a point of a curved subset, or for a witness."""
    import itertools

    if not vertices:
        return []
    centre = {t: sum(v[t] for v in vertices) / len(vertices) for t in params}
    pairs = itertools.islice(itertools.combinations(vertices, 2), limit)
    return [*vertices, centre, *({t: (u[t] + v[t]) / 2 for t in params} for u, v in pairs)]


def slack(constraint: sp.Basic) -> sp.Expr:
    """``lhs - rhs`` of a ``>=`` (or ``>``) constraint, ``rhs - lhs`` of a ``<=`` (or ``<``) one:
    non-negative when it holds.

    Raises
    ------
    TypeError
        If ``constraint`` is not an inequality (an equation, a bool ...).
    """
    if isinstance(constraint, (sp.GreaterThan, sp.StrictGreaterThan)):
        return sp.expand(constraint.lhs - constraint.rhs)
    if isinstance(constraint, (sp.LessThan, sp.StrictLessThan)):
        return sp.expand(constraint.rhs - constraint.lhs)
    raise TypeError(f"not an inequality: {constraint!r}")


def bound_constraint(expr: sp.Expr, p: sp.Symbol) -> sp.Basic:
    """``a p + b >= 0`` as ``p >= -b/a`` or ``p <= -b/a``."""
    a = expr.coeff(p)
    b = sp.expand(expr - a * p)
    return sp.Ge(p, -b / a, evaluate=False) if a > 0 else sp.Le(p, -b / a, evaluate=False)
