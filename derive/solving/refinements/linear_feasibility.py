"""Exact feasibility and bounds of small systems of linear inequalities, by Fourier-Motzkin elimination.

A constraint is ``(coefficients, constant, strict)``: ``sum_v coefficients[v] * v + constant >= 0``
(``> 0`` when ``strict``), with exact rational coefficients.  Fourier (1826) and Motzkin (1936):
eliminating a variable pairs every lower bound with every upper bound; the system is feasible iff
the constant constraints left at the end hold.  The number of constraints can square at each
elimination, so this is meant for the handful of variables of a belief simplex or a receiver's
mixed response (a few types, a few actions); :data:`MAX_CONSTRAINTS` caps it.

Used by :mod:`derive.solving.refinements.beliefs` (the beliefs that make an action sequentially
rational) and :mod:`derive.solving.refinements.signalling` (best responses to beliefs on a set of
types, the intuitive criterion and D1).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import sympy as sp

from derive.extensive_form.game import NotSupportedError

__all__ = ["MAX_CONSTRAINTS", "Constraint", "bounds", "feasible", "simplex"]

#: Constraint = (coefficients by variable, constant, strict).
Constraint = tuple[dict, sp.Expr, bool]

#: Largest number of constraints kept during an elimination.
MAX_CONSTRAINTS = 20_000


def simplex(variables: Sequence[Hashable]) -> list[Constraint]:
    """``v >= 0`` for each variable and ``1 - sum v >= 0``: with the last variable eliminated as
    ``1 - sum of the others`` by the caller, the probability simplex over ``len(variables) + 1`` points."""
    out: list[Constraint] = [({v: sp.S.One}, sp.S.Zero, False) for v in variables]
    out.append(({v: -sp.S.One for v in variables}, sp.S.One, False))
    return out


def _eliminate(constraints: list[Constraint], v: Hashable) -> list[Constraint]:
    lower, upper, rest = [], [], []
    for c in constraints:
        a = c[0].get(v, 0)
        (lower if a > 0 else upper if a < 0 else rest).append(c)
    if len(lower) * len(upper) + len(rest) > MAX_CONSTRAINTS:
        raise NotSupportedError(
            f"more than {MAX_CONSTRAINTS:,} linear constraints in an elimination (too many types or actions)"
        )
    out = list(rest)
    for lo_c, lo_k, lo_s in lower:
        for up_c, up_k, up_s in upper:
            a, b = lo_c[v], -up_c[v]  # a*v + L >= 0 and -b*v + U >= 0  =>  a*U + b*L >= 0
            coeffs: dict = {}
            for w in set(lo_c) | set(up_c):
                if w == v:
                    continue
                value = b * lo_c.get(w, 0) + a * up_c.get(w, 0)
                if value != 0:
                    coeffs[w] = value
            out.append((coeffs, b * lo_k + a * up_k, lo_s or up_s))
    return out


def _clean(constraint: Constraint) -> Constraint:
    coeffs, constant, strict = constraint
    return {v: a for v, a in coeffs.items() if a != 0}, sp.sympify(constant), strict


def _holds(constant: sp.Expr, strict: bool) -> bool:
    return bool(constant > 0) if strict else bool(constant >= 0)


def feasible(constraints: Sequence[Constraint], variables: Sequence[Hashable]) -> bool:
    """Whether some real point satisfies every constraint (exact).

    Raises
    ------
    NotSupportedError
        Past :data:`MAX_CONSTRAINTS` constraints during the elimination.
    """
    current = [_clean(c) for c in constraints]
    for v in variables:
        current = _eliminate(current, v)
    return all(_holds(k, s) for c, k, s in current if not c)


def bounds(
    constraints: Sequence[Constraint], variables: Sequence[Hashable], target: Hashable
) -> tuple[sp.Expr, sp.Expr] | None:
    """The least and the greatest value of ``target`` over the (closed, bounded) feasible set, or None
    when it is empty.  Strict constraints are read as closed (the closure's bounds).

    Raises
    ------
    NotSupportedError
        Past :data:`MAX_CONSTRAINTS` constraints, or when ``target`` is unbounded.
    """
    current = [_clean((c, k, False)) for c, k, _ in constraints]
    for v in variables:
        if v != target:
            current = _eliminate(current, v)
    lo, hi = None, None
    for c, k, _ in current:
        a = c.get(target, 0)
        if a == 0:
            if k < 0:
                return None
            continue
        value = -k / a
        if a > 0:
            lo = value if lo is None else max(lo, value)
        else:
            hi = value if hi is None else min(hi, value)
    if lo is None or hi is None:
        raise NotSupportedError("an unbounded variable (a belief or a probability should be bounded)")
    return (sp.sympify(lo), sp.sympify(hi)) if lo <= hi else None
