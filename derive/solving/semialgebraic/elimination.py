"""The real solutions of a polynomial system as finitely many branches, exactly.

A *branch* is a set of the form

    { x : x_j = N_j(t) / D_j(t) for every eliminated x_j,  g(t) != 0 for every g in nonzero },

``t`` the variables left free (the branch's parameters), each ``N_j, D_j`` a polynomial in ``t``
with rational coefficients or, after an irrational solution, with coefficients in one real field
``Q(alpha)`` (:mod:`derive.solving.semialgebraic.number_fields`).  The branches of a system are
disjoint and their union is the system's whole real solution set (complex solutions are dropped;
nothing else is).

**Linear pivots with case splits.**  Every equation is first split into its irreducible factors
(``f g = 0``: the branch ``f = 0`` and the branch ``g = 0, f != 0``); factors known not to vanish
are dropped.  An equation ``c x + r`` of degree 1 in a variable ``x`` (``c``, ``r`` free of ``x``)
then splits the system into ``c != 0``, where ``x = -r / c`` is substituted everywhere, and
``c = 0, r = 0``.  Both cases have fewer unknowns or smaller equations, so the splitting ends.
The indifference equations of a game are multilinear, so this is nearly always enough.

**Groebner bases where no pivot is left.**  The remaining equations (each of degree 2 or more in
every variable it holds) are handed to sympy's Groebner basis.  If they have no common complex
zero (the basis is ``[1]``) the branch is empty.  If they have finitely many, the radical of their
ideal is taken (Seidenberg's lemma: add the square-free part of each variable's minimal polynomial
in the quotient algebra), a separating linear form ``t`` is found, and each variable is written as
a polynomial in ``t`` (a rational univariate representation, Rouillier 1999, computed with the
multiplication matrices of the quotient, Cox, Little & O'Shea, *Using Algebraic Geometry*, ch. 2).
Each real root of each irreducible factor of ``t``'s minimal polynomial gives one branch over
``Q(root)``.  A positive-dimensional remainder (a curve that no pivot parametrises) is returned as
an :class:`UnsolvedSystem`, never dropped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import flint
import sympy as sp

from derive.extensive_form.game import NotSupportedError
from derive.solving.semialgebraic.number_fields import NumberField, as_univariate, real_roots
from derive.solving.semialgebraic.polynomials import (
    coefficients_in,
    irreducible_factors,
    key,
    lowest_terms,
    primitive,
    substitute,
    substitute_fraction,
    variables_of,
)

__all__ = ["Branch", "LargeRemainder", "MAX_BRANCHES", "UnsolvedSystem", "branches", "restrict"]

#: Largest number of cases one system is split into.
MAX_BRANCHES = 20_000


class LargeRemainder(Exception):
    """The elimination left equations without a pivot in more variables than the caller allowed."""


@dataclass(frozen=True, eq=False)
class Branch:
    """One piece of a system's real solution set (module docstring).

    Attributes
    ----------
    context : flint.fmpq_mpoly_ctx
        The system's variables; the last one is the generator ``alpha`` of :attr:`field`.
    free : tuple of int
        The variables left free (the branch's parameters), by index.
    values : dict
        ``variable index -> (numerator, denominator)``: each solved variable as a fraction of
        polynomials in the free variables (and ``alpha``), in lowest terms.
    nonzero : tuple of flint.fmpq_mpoly
        Irreducible polynomials in the free variables (and ``alpha``) that do not vanish on the
        branch (its case splits and denominators).
    field : NumberField or None
        ``Q(alpha)`` when the branch needed an irrational number, else None.
    equations : tuple of flint.fmpq_mpoly
        Empty, or one irreducible polynomial ``f(x, y)`` in two free variables: the branch is then
        the part of the plane curve ``f = 0`` where the rest holds (a family that no choice of
        free probabilities parametrises rationally).
    """

    context: object
    free: tuple[int, ...]
    values: dict
    nonzero: tuple
    field: NumberField | None = None
    equations: tuple = ()

    def evaluate(self, p: flint.fmpq_mpoly) -> tuple[flint.fmpq_mpoly, flint.fmpq_mpoly]:
        """``p`` (a polynomial in the system's variables) on the branch: ``(numerator, denominator)``
        in the free variables (and ``alpha``), in lowest terms."""
        top, bottom = p, self.context.constant(1)
        k = self.context.nvars() - 1
        # alpha first: a branch that re-solves an older field's generator gives it as a polynomial in
        # the new one, and the other variables' values are already written with the new one
        for v, (n, d) in sorted(self.values.items(), key=lambda item: item[0] != k):
            if top.degrees()[v] or bottom.degrees()[v]:
                top, bottom = substitute_fraction(top, bottom, v, n, d)
        if self.field is None:
            return top, bottom
        return _divided(
            _reduce_alpha(top, self.field, k), _reduce_alpha(bottom, self.field, k), self.field, k
        )

    def at(self, point: dict) -> Branch:
        """The branch at a rational point of its free variables (``{variable: fmpq}``): no free variable left."""
        ctx = self.context
        one = ctx.constant(1)
        k = ctx.nvars() - 1
        values = {
            v: _divided(n.subs(point), d.subs(point), self.field, k) for v, (n, d) in self.values.items()
        }
        values.update({v: (ctx.constant(point[v]), one) for v in self.free})
        return Branch(ctx, (), values, (), self.field)


def restrict(branch: Branch, sub: Branch) -> Branch:
    """The part of ``branch`` where more equations in its free variables hold, given as ``sub``, a
    branch of those equations (with ``branch``'s own curve equation, if any) in ``branch.free``;
    for a ``branch`` over a field ``Q(alpha)``, ``sub`` also solves ``alpha``'s minimal polynomial,
    ``alpha`` then written in ``sub``'s field (the caller keeps the solutions where it is the same
    root)."""
    k = branch.context.nvars() - 1
    values = {}
    for v, (n, d) in branch.values.items():
        n, d = sub.evaluate(n), sub.evaluate(d)  # each a fraction: (n0/n1) / (d0/d1)
        values[v] = _divided(n[0] * d[1], n[1] * d[0], sub.field, k)
    values.update((v, value) for v, value in sub.values.items() if v != k)
    return Branch(branch.context, sub.free, values, sub.nonzero, sub.field, sub.equations)


@dataclass(frozen=True, eq=False)
class UnsolvedSystem:
    """Equations that no pivot and no zero-dimensional method solves (a curve or surface that is not
    parametrised by its variables), with the solved part of their branch.

    Attributes
    ----------
    equations : tuple of flint.fmpq_mpoly
    free : tuple of int
    values : dict
    nonzero : tuple
    reason : str
    """

    equations: tuple
    free: tuple[int, ...]
    values: dict
    nonzero: tuple
    reason: str


@dataclass
class _State:
    equations: list
    nonzero: list
    values: dict = field(default_factory=dict)
    basis: frozenset = frozenset()  # the keys of the Groebner basis these equations came from


@dataclass(frozen=True)
class _Basis:
    """A Groebner basis of equations with infinitely many solutions, in the system's context."""

    elements: tuple


def _stuck(equations, free, state: _State) -> Branch | UnsolvedSystem:
    """Equations that no pivot solves and whose solutions are not finitely many: a plane curve
    ``f(x, y) = 0`` (one irreducible polynomial in two variables) is kept as a branch whose
    conditions are decided on the curve; anything else is returned unsolved."""
    if len(equations) == 1 and len(variables_of(equations[0])) == 2:
        ctx = equations[0].context()
        return Branch(ctx, free, dict(state.values), tuple(state.nonzero), None, (equations[0],))
    return UnsolvedSystem(
        tuple(equations),
        free,
        dict(state.values),
        tuple(state.nonzero),
        "equations of degree 2 or more in each of their variables with infinitely many "
        "solutions: " + ", ".join(str(e) for e in equations),
    )


def branches(
    equations: Sequence[flint.fmpq_mpoly],
    variables: Sequence[int],
    nonzero: Sequence[flint.fmpq_mpoly] = (),
    *,
    context=None,
    inside: tuple | None = None,
    keep: Sequence[int] = (),
    keep_first: bool = True,
    largest_remainder: int | None = None,
    check=None,
) -> list[Branch | UnsolvedSystem]:
    """The real solution set of ``equations = 0`` in ``variables`` as disjoint branches.

    Parameters
    ----------
    equations : sequence of flint.fmpq_mpoly
        Polynomials of one context (:func:`~derive.solving.semialgebraic.polynomials.polynomial_context`)
        in ``variables``; ``alpha`` must not occur.
    variables : sequence of int
        The unknowns, by index; those that end up in no equation are the branches' free variables.
    nonzero : sequence of flint.fmpq_mpoly
        Polynomials that must not vanish (the solutions where one does are left out).
    context : flint.fmpq_mpoly_ctx, optional
        The polynomials' context (needed when there is no equation).
    inside : (lo, hi), optional
        Rationals: only solutions with every variable strictly between them are wanted (the others
        may be dropped early; the branches returned still need the conditions checked).
    keep : sequence of int, optional
        Variables to keep free where there is a choice: pivots on the others, with coefficients in
        these, come first (the indifference equations of one player are linear in each other
        player's probabilities, so with one player's kept the others' follow by linear algebra).
    keep_first : bool
        Whether the preference for ``keep`` comes before that for constant coefficients (pivots
        without a case split): fewer cases without, smaller remainders with.
    largest_remainder : int, optional
        With it, equations left without a pivot in three or more variables whose Bezout number
        (the product of their largest degrees) is larger than this raise :class:`LargeRemainder`
        (for a caller that then tries ``keep_first``).
    check : callable, optional
        Called with no argument between steps (a time limit's check).

    Returns
    -------
    list of Branch or UnsolvedSystem
        Disjoint, and together the whole real solution set.

    Raises
    ------
    NotSupportedError
        If the system splits into more than :data:`MAX_BRANCHES` cases.
    LargeRemainder
        See ``largest_remainder``.

    Examples
    --------
    >>> from derive.solving.semialgebraic.polynomials import polynomial_context
    >>> ctx = polynomial_context(2)
    >>> x, y, _ = ctx.gens()
    >>> found = branches([x * y - y], [0, 1])   # y (x - 1) = 0: y = 0, or x = 1 with y != 0
    >>> sorted((b.free, {k: str(n) for k, (n, d) in b.values.items()}) for b in found)
    [((0,), {1: '0'}), ((1,), {0: '1'})]
    """
    ctx = context or next(p.context() for p in [*equations, *nonzero])
    keep = frozenset(keep)
    memo: dict = {}
    stack = [_State(list(equations), list(nonzero))]
    out: list[Branch | UnsolvedSystem] = []
    cases = 0
    while stack:
        if check is not None:
            check()
        cases += 1
        if cases > MAX_BRANCHES:
            raise NotSupportedError(
                f"a polynomial system split into more than {MAX_BRANCHES:,} cases (the limit of the exact elimination)"
            )
        state = stack.pop()
        if inside is not None and _outside(state.values, inside):
            continue
        step = _step(state, ctx, keep, memo, keep_first)
        if step is None:  # the case is empty
            continue
        if isinstance(step, list):  # split into cases
            stack.extend(reversed(step))
            continue
        kind, payload = step
        free = tuple(v for v in variables if v not in state.values)
        if kind == "done":
            out.append(Branch(ctx, free, dict(state.values), tuple(state.nonzero)))
            continue
        # no pivot left: a Groebner basis decides the rest
        if largest_remainder is not None and _bezout(payload) > largest_remainder:
            raise LargeRemainder(f"equations without a pivot with a Bezout number over {largest_remainder}")
        solved = _zero_dimensional(payload, ctx, inside)
        if isinstance(solved, _Basis):  # infinitely many solutions: go on with the basis's elements
            keys = frozenset(key(g) for g in solved.elements)
            if keys != state.basis and keys != frozenset(key(e) for e in payload):
                stack.append(_State(list(solved.elements), list(state.nonzero), dict(state.values), keys))
                continue
            out.append(_stuck(payload, free, state))
            continue
        for found in solved:
            branch = _with_algebraic(state, payload, found, ctx, variables, inside)
            if branch is not None:
                out.append(branch)
    return out


def _factors(p, memo: dict) -> list:
    """:func:`irreducible_factors` of ``p``, remembered by its key (the same polynomials recur from case to case)."""
    k = key(p)
    if k not in memo:
        memo[k] = irreducible_factors(p)
    return memo[k]


def _step(
    state: _State, ctx, keep: frozenset = frozenset(), memo: dict | None = None, keep_first: bool = True
):
    """One step on a case: None if it is empty, a list of cases if it splits, ``("done", None)`` when
    no equation is left, ``("stuck", equations)`` when no equation has a pivot."""
    nonzero: dict[tuple, flint.fmpq_mpoly] = {}
    for z in state.nonzero:
        if z.is_zero():
            return None
        for f in _factors(z, memo):
            nonzero.setdefault(key(f), f)
    state.nonzero = list(nonzero.values())
    equations: dict[tuple, flint.fmpq_mpoly] = {}
    for e in state.equations:
        if e.is_zero():
            continue
        factors = [f for f in _factors(e, memo) if key(f) not in nonzero]
        if not factors:  # a non-zero constant times factors that do not vanish
            return None
        if len(factors) > 1:
            rest = [x for x in state.equations if x is not e]
            return [
                _State(rest + [f], state.nonzero + factors[:j], dict(state.values))
                for j, f in enumerate(factors)
            ]
        equations.setdefault(key(factors[0]), factors[0])
    state.equations = list(equations.values())
    if not state.equations:
        return ("done", None)
    # two different irreducible polynomials in one variable have no common root
    alone: dict[tuple, flint.fmpq_mpoly] = {}
    for e in state.equations:
        used = variables_of(e)
        if len(used) == 1:
            if used in alone:
                return None
            alone[used] = e
    pivot = _pivot(state.equations, keep, keep_first)
    if pivot is None:
        return ("stuck", state.equations)
    e, i, c, r = pivot
    others = [x for x in state.equations if x is not e]
    solved = _State(
        [substitute(x, i, -r, c) for x in others],
        [substitute(z, i, -r, c) for z in state.nonzero] + ([] if c.is_constant() else [c]),
        _substituted(state.values, i, -r, c),
    )
    solved.values[i] = lowest_terms(-r, c)
    if c.is_constant():
        return [solved]
    return [solved, _State(others + [c, r], list(state.nonzero), dict(state.values))]


def _bezout(equations) -> int:
    """Bezout's bound on the isolated solutions of ``equations`` in ``n`` variables: the product of
    the ``n`` largest total degrees (1 in at most two variables, where FLINT is fast whatever it is)."""
    n = len({v for e in equations for v in variables_of(e)})
    if n <= 2:
        return 1
    degrees = sorted((e.total_degree() for e in equations), reverse=True)[:n]
    return math.prod(degrees)


def _outside(values: dict, inside: tuple) -> bool:
    """Whether a variable already has a rational value outside the open interval ``inside``."""
    lo, hi = inside
    for n, d in values.values():
        if n.is_constant() and d.is_constant():
            x = n.leading_coefficient() / d.leading_coefficient() if not n.is_zero() else 0
            if not lo < x < hi:
                return True
    return False


def _pivot(equations, keep: frozenset = frozenset(), keep_first: bool = True):
    """``(equation, variable, c, r)`` with the equation ``c x + r``: preferring a variable outside
    ``keep`` whose ``c`` holds only variables of ``keep`` (so that the others become functions of
    ``keep``'s), and a constant ``c`` (no case split), in that order or (``keep_first`` False) the
    other; then the simplest.  None if no equation has degree 1 in a variable."""
    best = None
    for e in equations:
        degrees = e.degrees()
        for i, d in enumerate(degrees):
            if d != 1:
                continue
            parts = coefficients_in(e, i)
            c = parts[1]
            outside = len(set(variables_of(c)) - keep)
            rest = (len(c.to_dict()), len(e.to_dict()), i)
            if keep_first:
                score = (i in keep, outside, not c.is_constant(), *rest)
            else:
                score = (not c.is_constant(), i in keep, outside, *rest)
            if best is None or score < best[0]:
                best = (score, e, i, c, parts.get(0, e.context().from_dict({})))
    return None if best is None else best[1:]


def _substituted(values: dict, i: int, num, den) -> dict:
    return {v: substitute_fraction(n, d, i, num, den) for v, (n, d) in values.items()}


# --------------------------------------------------------------------------- zero-dimensional part


def _zero_dimensional(
    equations, ctx, inside: tuple | None = None
) -> list[tuple[NumberField | None, dict[int, flint.fmpq_poly]]] | None:
    """The real solutions of ``equations`` (no pivot left) in the variables they hold, only those
    strictly inside the box ``inside`` if given: a list of ``(field, {variable: value as a polynomial
    in alpha})`` (``field`` None for a rational point, the values then constant), or None if there
    are infinitely many complex solutions."""
    lo, hi = inside if inside is not None else (None, None)
    used = sorted({v for e in equations for v in variables_of(e)})
    if len(used) == 1 and len(equations) == 1:
        (v,) = used
        return [
            _point_of(factor, point, {v: flint.fmpq_poly([0, 1])})
            for factor, point in real_roots(as_univariate(equations[0], v), lo, hi)
        ]
    basis = _groebner_basis(equations, used)
    if any(g.is_constant() for g in basis):
        return []  # 1 is in the ideal: no common zero
    if not _zero_dimensional_basis(basis, len(used)):
        width = ctx.nvars()
        return _Basis(
            tuple(
                primitive(ctx.from_dict({tuple(_spread(m, used, width)): c for m, c in g.to_dict().items()}))
                for g in basis
            )
        )
    algebra = _Algebra.from_basis(basis, len(used))
    separated = _separating_representation(algebra, tries=1)  # a radical ideal in general position
    if separated is None:
        separated = _separating_representation(algebra.reduced())
    minimal, coordinates, weights = separated
    index = {v: k for k, v in enumerate(used)}
    if inside is not None:  # t = sum_k w_k v_k with w_k > 0 lies between lo sum(w) and hi sum(w)
        lo, hi = lo * sum(weights), hi * sum(weights)
    out = []
    for factor, point in real_roots(minimal, lo, hi):
        found = _point_of(factor, point, {v: coordinates[index[v]] for v in used})
        if inside is None or _in_box(found, inside):
            out.append(found)
    return out


def _in_box(found, inside) -> bool:
    """Whether every coordinate of a solution lies strictly inside ``inside``, exactly."""
    field_, values = found
    lo, hi = (flint.fmpq_poly([x]) for x in inside)
    for value in values.values():
        if field_ is None:
            x = value.coeffs()[0] if value.degree() >= 0 else 0
            if not inside[0] < x < inside[1]:
                return False
        elif field_.sign(value - lo) <= 0 or field_.sign(hi - value) <= 0:
            return False
    return True


def _spread(monomial, used, width) -> list[int]:
    out = [0] * width
    for e, v in zip(monomial, used):
        out[v] = e
    return out


def _point_of(factor, point, values):
    """``(field, values)`` at one real root: rational roots substituted, irrational ones kept as
    polynomials in ``alpha`` over ``Q(root)``."""
    if factor.degree() == 1:
        r = -factor.coeffs()[0]
        return None, {v: flint.fmpq_poly([p(r)]) for v, p in values.items()}
    field = NumberField(factor, point)
    return field, {v: field.reduce(p) for v, p in values.items()}


#: Systems in at most this many variables (of total degree at most :data:`_FLINT_DEGREE`) get
#: FLINT's Buchberger algorithm, fast on them but without pair criteria, uninterruptible, and seen
#: to run away on three variables; larger ones get sympy's, slower but safe and stopped by a time limit.
_FLINT_VARIABLES = 2
_FLINT_DEGREE = 12


def _groebner_basis(equations, used: list[int]) -> list[flint.fmpq_mpoly]:
    """The reduced Groebner basis, for the degree reverse lexicographic order, of ``equations`` as
    polynomials in the variables ``used`` alone, each element in a FLINT context of those variables
    (FLINT's Buchberger algorithm and autoreduction for small systems, sympy's otherwise)."""
    names = tuple(f"v{k}" for k in range(len(used)))
    rationals = flint.fmpq_mpoly_ctx.get(names, "degrevlex")
    terms = [{tuple(m[v] for v in used): c for m, c in e.to_dict().items()} for e in equations]
    small = len(used) <= _FLINT_VARIABLES and max(e.total_degree() for e in equations) <= _FLINT_DEGREE
    if small:
        integers = flint.fmpz_mpoly_ctx.get(names, "degrevlex")
        polys = []
        for t in terms:
            scale = 1
            for c in t.values():
                scale = scale * int(c.q) // math.gcd(scale, int(c.q))
            polys.append(integers.from_dict({m: int(c * scale) for m, c in t.items()}))
        basis = flint.fmpz_mpoly_vec(polys, integers).buchberger_naive().autoreduction()
        return [
            rationals.from_dict({m: int(c) for m, c in g.to_dict().items()}) for g in basis if not g.is_zero()
        ]
    from sympy.polys.domains import QQ
    from sympy.polys.groebnertools import groebner
    from sympy.polys.orderings import grevlex
    from sympy.polys.rings import ring

    r, *_ = ring(list(names), QQ, grevlex)
    basis = groebner([r.from_dict({m: QQ(int(c.p), int(c.q)) for m, c in t.items()}) for t in terms], r)
    return [
        rationals.from_dict({m: flint.fmpq(int(c.numerator), int(c.denominator)) for m, c in g.items()})
        for g in basis
        if g
    ]


def _leading_monomial(g: flint.fmpq_mpoly) -> tuple[int, ...]:
    """The leading monomial of ``g`` in its context's order (FLINT keeps terms in that order)."""
    return tuple(g.monoms()[0])


def _normal_form(f: flint.fmpq_mpoly, basis: list[flint.fmpq_mpoly]) -> flint.fmpq_mpoly:
    """The remainder of ``f`` on division by a Groebner basis: no term divisible by a leading monomial
    (FLINT's division by one element at a time, repeated until nothing changes)."""
    changed = True
    while changed and not f.is_zero():
        changed = False
        for g in basis:
            r = f % g
            if r != f:
                f, changed = r, True
    return f


def _zero_dimensional_basis(basis, n: int) -> bool:
    """Whether a Groebner basis has a pure power of every variable among its leading monomials."""
    pure = set()
    for g in basis:
        lead = _leading_monomial(g)
        if sum(1 for e in lead if e) == 1:
            pure.add(next(k for k, e in enumerate(lead) if e))
    return len(pure) == n


class _Algebra:
    """A finite-dimensional commutative algebra ``Q[v] / I`` as linear algebra (FLINT's exact
    matrices): the matrix of multiplication by each variable and the coordinates of 1.

    Built from a zero-dimensional Groebner basis (:meth:`from_basis`: the standard monomials, those
    outside the leading monomials' ideal, are a basis; sympy's sparse polynomials divide once per
    basis monomial and variable); :meth:`reduced` divides out the nilpotent elements."""

    def __init__(self, multiplication: list, one: flint.fmpq_mat):
        self.multiplication, self.one = multiplication, one

    @classmethod
    def from_basis(cls, basis: list[flint.fmpq_mpoly], n: int) -> _Algebra:
        """The algebra of a zero-dimensional reduced Groebner basis in ``n`` variables."""
        leads = [_leading_monomial(g) for g in basis]
        seen = {(0,) * n}
        frontier = [(0,) * n]
        while frontier:
            nxt = []
            for m in frontier:
                for k in range(n):
                    up = tuple(e + (j == k) for j, e in enumerate(m))
                    if up not in seen and not any(all(a >= b for a, b in zip(up, lead)) for lead in leads):
                        seen.add(up)
                        nxt.append(up)
            frontier = nxt
        monomials = sorted(seen)  # (0, ..., 0) first
        position = {m: k for k, m in enumerate(monomials)}
        size = len(monomials)
        ctx = basis[0].context()
        multiplication = []
        for k in range(n):
            entries = [[flint.fmpq(0)] * size for _ in range(size)]
            for c, m in enumerate(monomials):
                up = tuple(e + (j == k) for j, e in enumerate(m))
                for monomial, x in _normal_form(ctx.from_dict({up: 1}), basis).to_dict().items():
                    entries[position[monomial]][c] = x
            multiplication.append(flint.fmpq_mat(entries))
        one = flint.fmpq_mat(size, 1, [1] + [0] * (size - 1))
        algebra = cls(multiplication, one)
        algebra.monomials = monomials
        return algebra

    @property
    def dimension(self) -> int:
        return self.one.nrows()

    def matrix(self, coefficients) -> flint.fmpq_mat:
        """The matrix of multiplication by ``sum_k coefficients[k] v_k``."""
        size = self.dimension
        out = flint.fmpq_mat(size, size)
        for c, m in zip(coefficients, self.multiplication):
            out = out + m * c
        return out

    def krylov(self, matrix: flint.fmpq_mat, count: int) -> flint.fmpq_mat:
        """The columns ``1, f, f^2, .. f^(count-1)`` (``matrix`` multiplies by ``f``)."""
        size = self.dimension
        column = self.one
        columns = []
        for _ in range(count):
            columns.append(column)
            column = matrix * column
        return flint.fmpq_mat(size, count, [columns[c][r, 0] for r in range(size) for c in range(count)])

    @staticmethod
    def minimal_polynomial(matrix: flint.fmpq_mat) -> flint.fmpq_poly:
        """The minimal polynomial of the element ``f`` that ``matrix`` multiplies by (FLINT's): monic,
        its roots ``f``'s values at the ideal's zeros."""
        mu = matrix.minpoly()
        return mu / mu.coeffs()[-1]

    def reduced(self) -> _Algebra:
        """The algebra modulo its nilpotent elements, ``Q[v] / rad(I)``: in characteristic 0 they are
        the kernel of the trace form ``(a, b) -> Tr(multiplication by a b)`` (Cox, Little & O'Shea,
        *Using Algebraic Geometry*, ch. 4).  Needs the monomial basis of :meth:`from_basis`."""
        size = self.dimension
        index = {m: k for k, m in enumerate(self.monomials)}
        by_monomial = {self.monomials[0]: None}  # None: the identity
        for m in self.monomials[1:]:
            k = next(j for j, e in enumerate(m) if e)
            lower = tuple(e - (j == k) for j, e in enumerate(m))
            below = by_monomial[lower]
            by_monomial[m] = self.multiplication[k] if below is None else self.multiplication[k] * below
        traces = [
            flint.fmpq(size)
            if by_monomial[m] is None
            else sum((by_monomial[m][r, r] for r in range(size)), flint.fmpq(0))
            for m in self.monomials
        ]
        tau = flint.fmpq_mat(1, size, traces)
        rows = [tau if by_monomial[m] is None else tau * by_monomial[m] for m in self.monomials]
        form = flint.fmpq_mat(size, size, [row[0, c] for row in rows for c in range(size)])
        rref, rank = form.rref()
        if rank == size:
            return self
        quotient = flint.fmpq_mat(rank, size, [rref[r, c] for r in range(rank) for c in range(size)])
        pivots = [next(c for c in range(size) if rref[r, c] != 0) for r in range(rank)]
        square = flint.fmpq_mat(rank, rank, [quotient[r, c] for r in range(rank) for c in pivots])
        inverse = square.inv()
        multiplication = []
        for m in self.multiplication:
            image = quotient * m
            multiplication.append(
                flint.fmpq_mat(rank, rank, [image[r, c] for r in range(rank) for c in pivots]) * inverse
            )
        del index
        return _Algebra(multiplication, quotient * self.one)


def _separating_representation(algebra: _Algebra, tries: int | None = None):
    """``(mu, [g_1, ...], [w_1, ...])`` with ``mu`` the minimal polynomial of a separating linear form
    ``t = sum_k w_k v_k`` (positive integer weights) and ``v_k = g_k(t)`` at every zero of the ideal.

    The algebra must be reduced, unless ``tries`` is given: then ``mu`` must also be square-free and
    of degree the algebra's dimension (which proves it reduced and ``t`` separating), and None is
    returned if none of the first ``tries`` forms is."""
    n = algebra.dimension
    count = len(algebra.multiplication)
    for c in range(1, (tries or 4 * n * n + 1) + 1):
        matrix = algebra.matrix([c**k for k in range(count)])
        mu = algebra.minimal_polynomial(matrix)
        if mu.degree() < n or mu.gcd(mu.derivative()).degree() > 0:
            continue  # t takes one value at two zeros, or a zero is multiple: try another form
        powers = algebra.krylov(matrix, n)  # 1, t, .., t^(n-1): a basis of the algebra
        coordinates = []
        for m in algebra.multiplication:
            g = powers.solve(m * algebra.one)  # the variable itself
            coordinates.append(flint.fmpq_poly([g[j, 0] for j in range(n)]))
        return mu, coordinates, [c**k for k in range(count)]
    if tries is not None:
        return None
    raise AssertionError("no separating linear form found")  # pragma: no cover


def _with_algebraic(state: _State, equations, found, ctx, variables, inside=None) -> Branch | None:
    """The branch of ``state`` at one solution of its stuck equations (None if a polynomial that
    must not vanish does vanish there, or, with ``inside``, if a variable is certainly outside it)."""
    field_, point = found
    if (
        field_ is not None
        and inside is not None
        and _certainly_outside(state, field_, point, variables, inside)
    ):
        return None
    alpha = ctx.gens()[-1]
    k = ctx.nvars() - 1

    def as_mpoly(p: flint.fmpq_poly) -> flint.fmpq_mpoly:
        out = ctx.from_dict({})
        for j, c in enumerate(p.coeffs()):
            out += c * alpha**j
        return out

    replacement = {v: as_mpoly(p) for v, p in point.items()}
    images = [replacement.get(j, g) for j, g in enumerate(ctx.gens())]
    minimal = None if field_ is None else as_mpoly(field_.minimal)

    def reduced(p: flint.fmpq_mpoly) -> flint.fmpq_mpoly:
        p = p.compose(*images)
        return p if minimal is None else p % minimal  # no term divisible by alpha^deg (lex, alpha last)

    for e in equations:  # the solution solves the equations exactly (a bug otherwise)
        if not reduced(e).is_zero():
            raise AssertionError(f"a solution of the Groebner step does not solve {e}")  # pragma: no cover
    nonzero = []
    for z in state.nonzero:
        z = reduced(z)  # zero as a polynomial exactly when it vanishes at this solution
        if z.is_zero():
            return None
        if set(variables_of(z)) - {k}:
            nonzero.append(z)
    values = {}
    for v, (n, d) in state.values.items():
        n, d = reduced(n), reduced(d)
        if d.is_zero():
            return None
        values[v] = _divided(n, d, field_, k)
    for v, value in replacement.items():
        values[v] = (value, ctx.constant(1))
    free = tuple(v for v in variables if v not in values)
    return Branch(ctx, free, values, tuple(nonzero), field_)


def _certainly_outside(state: _State, field_: NumberField, point: dict, variables, inside) -> bool:
    """Whether, with no variable left free, some solved variable lies outside the open interval
    ``inside`` at this irrational solution: decided by ball arithmetic (FLINT's arb, rigorous
    enclosures), so a True is a proof; False only means "not excluded this cheaply"."""
    if any(v not in state.values and v not in point for v in variables):
        return False  # a free variable: the values are functions, not numbers
    a, b = field_.root.refined(sp.Rational(1, 2**90)).interval
    alpha = flint.arb(_fmpq((a + b) / 2), _fmpq((b - a) / 2))
    at = {}
    for v, p in point.items():
        ball = flint.arb(0)
        for c in reversed(p.coeffs()):
            ball = ball * alpha + c
        at[v] = ball
    lo, hi = inside
    for n, d in state.values.values():
        top, bottom = _ball_value(n, at), _ball_value(d, at)
        if bottom.contains(0):
            continue
        x = top / bottom
        if x <= lo or x >= hi:
            return True
    return False


def _ball_value(p: flint.fmpq_mpoly, at: dict) -> flint.arb:
    """``p`` at balls for its variables (``at``: variable index -> arb), rigorously enclosed."""
    total = flint.arb(0)
    for monomial, c in p.to_dict().items():
        term = flint.arb(c)
        for v, e in enumerate(monomial):
            if e:
                term *= at[v] ** e
        total += term
    return total


def _fmpq(x) -> flint.fmpq:
    x = sp.Rational(x)
    return flint.fmpq(int(x.p), int(x.q))


def _reduce_alpha(p: flint.fmpq_mpoly, field_: NumberField | None, k: int) -> flint.fmpq_mpoly:
    """``p`` with its powers of ``alpha`` (variable ``k``, the last) reduced modulo the minimal
    polynomial (FLINT's division leaves no term divisible by the leading ``alpha^deg``)."""
    if field_ is None or p.degrees()[k] < field_.degree:
        return p
    ctx = p.context()
    alpha = ctx.gens()[k]
    minimal = ctx.from_dict({})
    for j, c in enumerate(field_.minimal.coeffs()):
        minimal += c * alpha**j
    return p % minimal


def _divided(n, d, field_, k):
    """``n / d`` in lowest terms, the powers of ``alpha`` reduced (an element of ``Q(alpha)`` in the
    denominator is inverted only when shown: inverting costs more than carrying it)."""
    if field_ is not None:
        n, d = _reduce_alpha(n, field_, k), _reduce_alpha(d, field_, k)
    return lowest_terms(n, d)
