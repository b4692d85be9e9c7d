"""Sign conditions decided exactly: open cells of a cylindrical algebraic decomposition, and the
exact solution set of conditions in one variable.

A *condition* is a rational function ``N / D`` of some variables (over the rationals, or over one
field ``Q(alpha)``) with a relation ``>``, ``>=`` or ``!=`` to 0; where ``D != 0`` its sign is
``sign(N) sign(D)``.

**Open cells.**  Conditions that are all strict (``>`` and ``!=``) define an open set.  It is
non-empty exactly when it holds at a point of some open cell of a cylindrical algebraic
decomposition adapted to the polynomials (Collins 1975), and there a rational point serves: the
decomposition is built by projecting away one variable at a time with the leading coefficients,
discriminants and pairwise resultants of the irreducible factors (the projection of McCallum 1988
and Brown 2001, which is enough for the open cells: over a connected region where none of them
vanishes, the real roots of the polynomials keep their number and order, Strzebonski 2000), and
lifting rational sample points through the open intervals between the real roots, isolated
exactly (:mod:`derive.solving.parameters.breakpoints`).  Conditions over ``Q(alpha)`` are
projected first to their norms (the resultant with ``alpha``'s minimal polynomial, whose zeros
contain theirs) and evaluated at each rational sample point in ``Q(alpha)``.  The number of sample
points is capped (:data:`MAX_SAMPLES`).

**One variable.**  With one variable, every cell can be tested, the points too (their signs
decided in ``Q(root)``), so the exact solution set is a union of intervals and points with
algebraic ends (:func:`solution_set`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import flint
import sympy as sp

from derive.extensive_form.game import NotSupportedError
from derive.solving.parameters.breakpoints import Breakpoint, between
from derive.solving.semialgebraic.number_fields import (
    NumberField,
    as_univariate,
    real_roots,
    sign_of_rational,
)
from derive.solving.semialgebraic.polynomials import coefficients_in, irreducible_factors, key, variables_of

__all__ = ["Condition", "MAX_SAMPLES", "open_point", "section_point", "sign_at", "solution_set"]

#: Largest number of sample points tried for one set of conditions.
MAX_SAMPLES = 200_000


@dataclass(frozen=True, eq=False)
class Condition:
    """``numerator / denominator  relation  0``, ``relation`` one of ``">"``, ``">="``, ``"!="``.

    Attributes
    ----------
    numerator, denominator : flint.fmpq_mpoly
        Polynomials of one context; ``denominator`` never vanishes where the condition is used.
    relation : str
    """

    numerator: flint.fmpq_mpoly
    denominator: flint.fmpq_mpoly
    relation: str

    def holds(self, sign: int, strict: bool = False) -> bool:
        """Whether a value of sign ``sign`` meets the condition (``>=`` read as ``>`` if ``strict``)."""
        if self.relation == "!=":
            return sign != 0
        if self.relation == ">" or strict:
            return sign > 0
        return sign >= 0

    @property
    def polynomials(self) -> list[flint.fmpq_mpoly]:
        return [p for p in (self.numerator, self.denominator) if not p.is_constant()]


def sign_at(p: flint.fmpq_mpoly, point: dict[int, flint.fmpq], field: NumberField | None) -> int:
    """The sign of the polynomial ``p`` at a rational ``point`` of its variables (``alpha``, the last
    variable, being ``field``'s generator), exactly."""
    value = p.subs(point) if point else p
    if value.is_constant():
        return sign_of_rational(value.leading_coefficient()) if not value.is_zero() else 0
    if field is None:
        raise ValueError(f"{p} has variables outside the point {point}")
    return field.sign(as_univariate(value, value.context().nvars() - 1))


def _condition_sign(c: Condition, point, field) -> int:
    return sign_at(c.numerator, point, field) * sign_at(c.denominator, point, field)


def satisfied(conditions: Sequence[Condition], point, field, strict: bool = False) -> bool:
    """Whether every condition holds at the rational ``point`` (``>=`` as ``>`` if ``strict``)."""
    return all(c.holds(_condition_sign(c, point, field), strict) for c in conditions)


def open_point(
    conditions: Sequence[Condition],
    variables: Sequence[int],
    field: NumberField | None = None,
    *,
    candidates: Sequence[dict] = (),
    check: Callable[[], None] | None = None,
) -> dict[int, flint.fmpq] | None:
    """A rational point where every condition holds strictly (``>=`` read as ``>``), or None if the
    open set they define is empty (proved: no open cell of the decomposition meets it).

    ``candidates`` are tried first (cheap points such as the centre of a polytope).

    Raises
    ------
    NotSupportedError
        If more than :data:`MAX_SAMPLES` sample points would be needed.
    """
    for point in candidates:
        if satisfied(conditions, point, field, strict=True):
            return point
    polys = _basis([p for c in conditions for p in c.polynomials], field)
    for point in _samples(polys, list(variables), check, [0]):
        if satisfied(conditions, point, field, strict=True):
            return point
    return None


def _norm(p: flint.fmpq_mpoly, field: NumberField) -> flint.fmpq_mpoly:
    """``Res_alpha(m(alpha), p)``: a polynomial over the rationals whose zeros contain those of ``p``
    at ``alpha`` = every root of ``m``."""
    ctx = p.context()
    k = ctx.nvars() - 1
    if p.degrees()[k] == 0:
        return p
    alpha = ctx.gens()[k]
    minimal = ctx.from_dict({})
    for j, c in enumerate(field.minimal.coeffs()):
        minimal += c * alpha**j
    return minimal.resultant(p, ctx.names()[k])


def _basis(polys, field) -> list[flint.fmpq_mpoly]:
    """The distinct irreducible factors of ``polys`` (their norms first over ``Q(alpha)``)."""
    out: dict[tuple, flint.fmpq_mpoly] = {}
    for p in polys:
        if field is not None:
            p = _norm(p, field)
        if p.is_zero():
            continue
        for f in irreducible_factors(p):
            out.setdefault(key(f), f)
    return list(out.values())


def _project(polys, x: int) -> list[flint.fmpq_mpoly]:
    """The projection of ``polys`` (irreducible) along variable ``x``: the polynomials free of ``x``,
    and the leading coefficients, discriminants and pairwise resultants in ``x`` of the others."""
    out: dict[tuple, flint.fmpq_mpoly] = {}

    def add(p):
        if not p.is_zero():
            for f in irreducible_factors(p):
                out.setdefault(key(f), f)

    involving = []
    name = polys[0].context().names()[x] if polys else None
    for p in polys:
        d = p.degrees()[x]
        if d == 0:
            add(p)
            continue
        involving.append(p)
        add(coefficients_in(p, x)[d])
        if d >= 2:
            add(p.discriminant(name))
    for p, q in itertools.combinations(involving, 2):
        add(p.resultant(q, name))
    return list(out.values())


def _line_samples(univariate: list[flint.fmpq_poly]) -> list[flint.fmpq]:
    """A rational point in every open interval that the real roots of ``univariate`` cut the line into."""
    product = flint.fmpq_poly([1])
    for f in univariate:
        if f.degree() > 0:
            product *= f
    return _between_roots([point for _, point in real_roots(product)])


def _between_roots(roots: list[Breakpoint]) -> list[flint.fmpq]:
    """One rational below the first root, the simplest rational between each two, one above the
    last (1/2 when there is no root): ``len(roots) + 1`` points."""
    if not roots:
        return [flint.fmpq(1, 2)]
    out = [_q(sp.floor(roots[0].interval[0]) - 1)]
    for a, b in zip(roots, roots[1:]):
        out.append(_q(between(a, b)))
    out.append(_q(sp.ceiling(roots[-1].interval[1]) + 1))
    return out


def _q(x) -> flint.fmpq:
    x = sp.Rational(x)
    return flint.fmpq(int(x.p), int(x.q))


def _samples(polys, variables: list[int], check, counter) -> Iterator[dict[int, flint.fmpq]]:
    """Rational points, one in every open cell of the decomposition adapted to ``polys`` (each
    irreducible, in ``variables``), lazily."""
    if not variables:
        yield {}
        return
    x = variables[-1]
    lower = [p for p in _project(polys, x) if set(variables_of(p)) & set(variables[:-1])]
    involving = [p for p in polys if p.degrees()[x] > 0]
    for point in _samples(lower, variables[:-1], check, counter):
        if check is not None:
            check()
        fibre = [as_univariate(p.subs(point) if point else p, x) for p in involving]
        for value in _line_samples(fibre):
            counter[0] += 1
            if counter[0] > MAX_SAMPLES:
                raise NotSupportedError(
                    f"deciding sign conditions needs more than {MAX_SAMPLES:,} sample points "
                    "(the limit of the cylindrical decomposition)"
                )
            yield {**point, x: value}


def solution_set(
    conditions: Sequence[Condition], variable: int, symbol: sp.Symbol
) -> tuple[sp.Set, dict[int, flint.fmpq] | None, list[Breakpoint]]:
    """The exact set of values of one variable where every condition holds (rational coefficients).

    Returns
    -------
    (set, witness, points)
        The set as a sympy union of intervals and points with algebraic ends; a rational point
        inside it where every condition holds strictly (None if there is none); the algebraic
        points that are isolated members of the set.
    """
    polys = _basis([p for c in conditions for p in c.polynomials], None)
    roots = [point for _, point in real_roots(_product(polys, variable))]
    cells: list[tuple[str, object, bool]] = []  # ("open", rational sample) or ("point", Breakpoint)
    samples = _between_roots(roots)
    for k, sample in enumerate(samples):
        cells.append(("open", sample, satisfied(conditions, {variable: sample}, None)))
        if k < len(roots):
            cells.append(("point", roots[k], _holds_at_root(conditions, roots[k], variable)))
    pieces = []
    witness = None
    isolated = []
    k = 0
    while k < len(cells):
        if not cells[k][2]:
            k += 1
            continue
        start = k
        while k + 1 < len(cells) and cells[k + 1][2]:
            k += 1
        first, last = cells[start], cells[k]
        if start == k and first[0] == "point":
            pieces.append(sp.FiniteSet(first[1].point))
            isolated.append(first[1])
        else:
            lo = (
                first[1].point
                if first[0] == "point"
                else (sp.S.NegativeInfinity if start == 0 else cells[start - 1][1].point)
            )
            hi = (
                last[1].point
                if last[0] == "point"
                else (sp.S.Infinity if k == len(cells) - 1 else cells[k + 1][1].point)
            )
            pieces.append(sp.Interval(lo, hi, first[0] == "open", last[0] == "open"))
            if witness is None:
                sample = next(c[1] for c in cells[start : k + 1] if c[0] == "open")
                if satisfied(conditions, {variable: sample}, None, strict=True):
                    witness = {variable: sample}
        k += 1
    return sp.Union(*pieces) if pieces else sp.S.EmptySet, witness, isolated


def _product(polys, variable) -> flint.fmpq_poly:
    product = flint.fmpq_poly([1])
    for p in polys:
        product *= as_univariate(p, variable)
    return product


def _holds_at_root(conditions, root: Breakpoint, variable: int) -> bool:
    """Whether every condition holds at a real algebraic point (exactly, in ``Q(root)``)."""
    if root.is_rational:
        return satisfied(conditions, {variable: _q(root.interval[0])}, None)
    minimal = flint.fmpq_poly([_q(c) for c in reversed(root.polynomial.all_coeffs())])
    field = NumberField(minimal / minimal.coeffs()[-1], root)
    for c in conditions:
        signs = 1
        for p in (c.numerator, c.denominator):
            signs *= (
                field.sign(as_univariate(p, variable))
                if not p.is_constant()
                else sign_of_rational(p.leading_coefficient())
            )
        if not c.holds(signs):
            return False
    return True


def section_point(
    conditions: Sequence[Condition],
    curve: flint.fmpq_mpoly,
    lift: int,
    base: Sequence[int],
    check: Callable[[], None] | None = None,
) -> tuple[dict[int, flint.fmpq], flint.fmpq_poly, Breakpoint] | None:
    """A point of the hypersurface ``curve = 0`` where every condition holds strictly (``>=`` read
    as ``>``), found over the open cells of the ``base`` variables: ``(rational values of the base
    variables, minimal polynomial of the ``lift`` variable's value, that value)``; None if there is
    none there.

    Over an open cell of the projection of the conditions and ``curve`` along ``lift``, the real
    roots of ``curve`` in ``lift`` are continuous and keep their order with the other polynomials'
    (the sections of the decomposition), so the conditions have one sign pattern on each section:
    a rational sample point of the cell and each real root there (an algebraic number, its signs
    decided in ``Q(root)``) test them all.  Where ``curve``'s derivative in ``lift`` does not vanish,
    the curve is locally such a section, so a point there with every condition strict lies over an
    open cell; the points where it vanishes are left to the caller."""
    polys = _basis([p for c in conditions for p in c.polynomials] + [curve], None)
    lower = [p for p in _project(polys, lift) if set(variables_of(p)) & set(base)]
    for point in _samples(lower, list(base), check, [0]):
        fibre = as_univariate(curve.subs(point) if point else curve, lift)
        for factor, root in real_roots(fibre):
            if factor.degree() == 1:
                value = -factor.coeffs()[0]
                if satisfied(conditions, {**point, lift: value}, None, strict=True):
                    return point, factor, root
                continue
            field = NumberField(factor, root)
            if all(
                c.holds(
                    _fibre_sign(c.numerator, point, lift, field)
                    * _fibre_sign(c.denominator, point, lift, field),
                    True,
                )
                for c in conditions
            ):
                return point, factor, root
    return None


def _fibre_sign(p: flint.fmpq_mpoly, point: dict, lift: int, field: NumberField) -> int:
    """The sign of ``p`` at the rational ``point`` with variable ``lift`` at ``field``'s generator."""
    value = p.subs(point) if point else p
    if value.is_constant():
        return sign_of_rational(value.leading_coefficient()) if not value.is_zero() else 0
    return field.sign(as_univariate(value, lift))
