"""A linear program whose data are polynomials in a small ε > 0, and the polynomials themselves.

A polynomial (:data:`Poly`) is the list of its coefficients in ``QQ``, lowest power first; its sign
for all small enough ε is that of its lowest nonzero coefficient (:func:`poly_sign`).
:class:`ParametricLP` is the perturbed LP that :mod:`derive.solving.refinements.quasi_perfect` builds;
the exact simplex over these polynomials is :mod:`derive.solving.refinements.exact_simplex`, the
search for a basis optimal for all small ε :mod:`derive.solving.refinements.epsilon_lp`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sympy.polys.domains import QQ

from derive.solving.lp import LinearProgram

__all__ = ["ParametricLP", "Poly", "evaluate", "monomial", "poly_sign"]

Poly = list  # coefficients in QQ, lowest power first, fixed length (the largest sequence length + 1)


def evaluate(poly: Poly, eps: object) -> object:
    """The polynomial's value at ``ε = eps`` (Horner's rule, exact)."""
    total = QQ(0)
    for c in reversed(poly):
        total = total * eps + c if total else c
    return total


def poly_sign(poly) -> int:
    """Sign of a polynomial for all small enough ε > 0: the sign of its lowest nonzero coefficient."""
    for c in poly:
        if c != 0:
            return 1 if c > 0 else -1
    return 0


def monomial(power: int, degree: int) -> Poly:
    """``ε**power`` as a polynomial of ``degree + 1`` coefficients."""
    out = [QQ(0)] * (degree + 1)
    out[power] = QQ(1)
    return out


@dataclass
class ParametricLP:
    """``max c(ε)^T z`` s.t. ``lower_r(ε) <= A_r z <= upper_r(ε)``, ``z >= 0`` except free columns."""

    ncols: int
    rows: list[dict[int, object]]
    lower: list[Poly | None]
    upper: list[Poly | None]
    cost: list[Poly]
    free: set[int]

    def at(self, eps: object) -> tuple[LinearProgram, dict[int, object]]:
        """The LP at ``ε = eps``: ``(program, cost)`` with exact ``QQ`` data."""
        powers = [QQ(1)]
        for _ in range(len(self.cost[0]) - 1 if self.cost else 0):
            powers.append(powers[-1] * eps)
        known: dict[int, object] = {}  # many bounds are the same list object (or equal)

        def value(poly):
            if poly is None:
                return None
            key = id(poly)
            if key not in known:
                total = QQ(0)
                for c, power in zip(poly, powers):
                    if c:
                        total += c * power
                known[key] = total
            return known[key]

        prog = LinearProgram(
            self.ncols, list(self.rows), [value(lo) for lo in self.lower], [], set(self.free)
        )
        prog.upper = [value(hi) for hi in self.upper]
        cost = {c: value(p) for c, p in enumerate(self.cost)}
        return prog, {c: v for c, v in cost.items() if v}

    def at_each(self, epsilons: Iterable[object]) -> Iterator[tuple[LinearProgram, dict[int, object]]]:
        """:meth:`at` for each of ``epsilons`` in turn (lazily), the same programs: the nonzero terms of
        each polynomial of the bounds and costs are found once (a bound shared by two rows once), not
        once per ε.  (Polynomials are told apart by identity: hashing rationals is slow.)"""
        index: dict[int, int] = {}
        terms: list[list[tuple[object, int]]] = []

        def slot(poly: Poly | None) -> int | None:
            if poly is None:
                return None
            key = id(poly)
            if key not in index:
                index[key] = len(terms)
                terms.append([(c, d) for d, c in enumerate(poly) if c])
            return index[key]

        lower = [slot(p) for p in self.lower]
        upper = [slot(p) for p in self.upper]
        cost = [slot(p) for p in self.cost]
        zero = QQ(0)
        for eps in epsilons:
            powers = [QQ(1)]
            for _ in range(len(self.cost[0]) - 1 if self.cost else 0):
                powers.append(powers[-1] * eps)
            values = []
            for line in terms:
                total = zero
                for c, d in line:
                    total += c * powers[d]
                values.append(total)
            prog = LinearProgram(
                self.ncols,
                list(self.rows),
                [None if k is None else values[k] for k in lower],
                [],
                set(self.free),
            )
            prog.upper = [None if k is None else values[k] for k in upper]
            yield prog, {c: values[k] for c, k in enumerate(cost) if values[k]}

    def fixed(self, eps: object) -> ParametricLP:
        """The same LP at ``ε = eps`` (every polynomial of degree 0): its exact simplex runs in Q."""

        def value(poly: Poly | None) -> Poly | None:
            return None if poly is None else [evaluate(poly, eps)]

        return ParametricLP(
            self.ncols,
            self.rows,
            [value(p) for p in self.lower],
            [value(p) for p in self.upper],
            [value(p) for p in self.cost],
            self.free,
        )
