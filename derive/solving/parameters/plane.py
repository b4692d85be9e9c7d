"""A two-player constant-sum game solved exactly over a box of two parameters: a map of regions.

Let the payoffs of a game with perfect recall be rational functions of two symbols ``a`` and
``b`` (an ante and a bet, a bet and a raise) on a box ``[a_lo, a_hi] x [b_lo, b_hi]``.  This is
the multi-parametric linear program of Charitopoulos, Papageorgiou & Dua (2017) with the
parameters in the constraint matrix, solved by the one-parameter engine's argument
(:mod:`derive.solving.parameters.parametric_lp`) in two variables:

1. at a rational point ``(a0, b0)`` HiGHS proposes an optimal basis of each player's
   sequence-form LP (von Stengel 1996);
2. the basis's square system is solved with ``a`` and ``b`` symbolic, over ``Q(a, b)`` (sparse
   Gaussian elimination, pivots chosen nonzero at the point; a system of more than
   :data:`ELIMINATION_LIMIT` unknowns, such as Leduc hold'em's, is solved along lines ``b = b_j``
   by the one-parameter engine and interpolated, then proved as a polynomial identity:
   :mod:`derive.solving.parameters.bivariate_solve`), giving every variable -- the
   realization plans, the values -- as a rational function of ``(a, b)``;
3. both basic solutions are feasible where each variable and each slack is ``>= 0``, and where
   they are and the two values add up to the constant sum (an identity in ``Q(a, b)``), weak
   duality proves both optimal: the basis's *region* is a semialgebraic set, the signs of the
   irreducible factors of the conditions' numerators and denominators;
4. the box is covered: a cylindrical algebraic decomposition (Collins 1975; the open cells of
   :mod:`derive.solving.semialgebraic.cells`) adapted to every factor found so far and the box's
   edges gives a rational point in each of its open cells; the LPs are solved again at a point
   of the box that no region found holds, until every open cell inside the box lies in one.
   Cells of lower dimension are boundaries, where the value is continuous.  When a boundary
   polynomial has degree above :data:`MAX_CELL_DEGREE` in a parameter (Leduc hold'em's have degree
   17 to 42, whose projections the decomposition cannot isolate), the box is covered by
   subdivision instead (:mod:`derive.solving.semialgebraic.box_cover`): every sub-box is proved
   to lie in one region (each condition's sign by a Taylor bound) or to be split among two to four
   regions by the signs of at most four boundary polynomials, every sign pattern covered; a point
   of a sub-box that no region holds gets a new LP solve;
5. bases with the same formulas are merged; each region is described by the fewest factor
   signs that pick out exactly its cells among the box's (a conjunction, or a few when one is
   not enough), and two regions *border* along a factor where cells of each differ only in its
   sign;
6. every region is checked at its rational point: each information set has a distribution, the
   exact best responses to the whole profile give the formula's value (exploitability 0), and an
   exact solve of the game with the numbers put in gives the same value.

At information sets a player's own plan never reaches on a region (off the path), his best reply
at the region's point against the opponent's strategy is filled in (a best reply there; whatever
is played there changes no payoff, so the profile is an equilibrium on the whole region).

**Scale invariance.**  When every payoff is homogeneous of one degree ``d`` in ``(a, b)`` and the
chance probabilities of degree 0 (an ante and a bet: the value is ``a^d V(b / a)``), the plane is
solved on the ray ``t = b / a`` with the one-parameter engine and each piece reported as a
region between two rays (:func:`homogeneity`).

References
----------
Charitopoulos, Papageorgiou & Dua (2017), "Multi-parametric linear programming under global
uncertainty", AIChE Journal 63(9); Collins (1975), "Quantifier elimination for real closed fields
by cylindrical algebraic decomposition"; von Stengel (1996), "Efficient computation of behavior
strategies"; Gass & Saaty (1955).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import flint
import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count, simplest_between
from derive.sequence_form.general import game_sequence_form
from derive.solving.lp import ExactLPError, basis_system, optimal_basis, row_times
from derive.solving.parameters.bivariate_solve import solve_bivariate
from derive.solving.parameters.breakpoints import ParametricError
from derive.solving.parameters.symbolic_payoffs import substitute
from derive.solving.semialgebraic.box_cover import CoverError, FactorTable, SignedSet, cover_box, sign_on_box
from derive.solving.semialgebraic.cells import _samples
from derive.solving.semialgebraic.polynomials import (
    irreducible_factors,
    key,
    polynomial_context,
    primitive,
    to_sympy,
)
from derive.solving.zero_sum.best_response import best_response_values
from derive.solving.zero_sum.sequence_form_lp import _program

__all__ = [
    "ELIMINATION_LIMIT",
    "MAX_CELL_DEGREE",
    "MAX_REGIONS",
    "PlaneRegion",
    "PlaneSolution",
    "homogeneity",
    "plane_solve",
]

#: Most optimal bases (LP solves at new points) found before :func:`plane_solve` stops.
MAX_REGIONS = 60

#: The largest degree in either parameter of a boundary polynomial the cell decomposition takes: its
#: discriminants and resultants have degree about ``2 d^2``, whose real roots are isolated exactly
#: (factored, then sympy's isolation).  Leduc hold'em's smallest boxes have a boundary of degree
#: (18, 17), whose discriminant (degree 304, found in half a second) was not through root isolation
#: in five minutes; one-raise poker's are quartics.
MAX_CELL_DEGREE = 8

#: A basis of at most this many unknowns is solved by elimination over ``Q(a, b)``; a larger one
#: (Leduc hold'em's, about 360) along lines ``b = b_j`` and interpolated
#: (:func:`~derive.solving.parameters.bivariate_solve.solve_bivariate`).
ELIMINATION_LIMIT = 100

_CTX = polynomial_context(2)
_ONE = _CTX.constant(1)


# --------------------------------------------------------------------------- Q(a, b)


def _fq(x) -> flint.fmpq:
    x = sp.Rational(x)
    return flint.fmpq(int(x.p), int(x.q))


class _Frac:
    """``num / den``, FLINT polynomials in ``u0 = a``, ``u1 = b`` (reduced, ``den``'s leading
    coefficient 1)."""

    __slots__ = ("num", "den")

    def __init__(self, num, den=None) -> None:
        if den is None or num.is_zero():
            den = _ONE
        elif not den.is_constant():
            g = num.gcd(den)
            if not g.is_constant():
                num, den = num / g, den / g
        lead = den.leading_coefficient()
        if lead != 1:
            num, den = num / lead, den / lead
        self.num, self.den = num, den

    @staticmethod
    def lift(v) -> _Frac:
        if isinstance(v, _Frac):
            return v
        if isinstance(v, int):
            return _Frac(_CTX.constant(v))
        if isinstance(v, flint.fmpq):
            return _Frac(_CTX.constant(v))
        return _Frac(_CTX.constant(flint.fmpq(int(QQ.numer(v)), int(QQ.denom(v)))))

    def __add__(self, other):
        o = _Frac.lift(other)
        if o.num.is_zero():
            return self
        if self.den == o.den:
            return _Frac(self.num + o.num, self.den)
        return _Frac(self.num * o.den + o.num * self.den, self.den * o.den)

    __radd__ = __add__

    def __neg__(self):
        return _Frac(-self.num, self.den)

    def __sub__(self, other):
        return self + (-_Frac.lift(other))

    def __rsub__(self, other):
        return _Frac.lift(other) + (-self)

    def __mul__(self, other):
        o = _Frac.lift(other)
        return _Frac(self.num * o.num, self.den * o.den)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = _Frac.lift(other)
        if o.num.is_zero():
            raise ZeroDivisionError("division by the zero function")
        return _Frac(self.num * o.den, self.den * o.num)

    def __eq__(self, other) -> bool:
        o = _Frac.lift(other)
        return self.num == o.num and self.den == o.den

    def __hash__(self) -> int:
        return hash((key(self.num), key(self.den)))

    def __bool__(self) -> bool:
        return not self.num.is_zero()

    def at(self, point) -> flint.fmpq:
        """The value at a rational ``point = (a0, b0)`` (fmpq); ZeroDivisionError at a pole."""
        d = self.den(point[0], point[1], 0)
        if d == 0:
            raise ZeroDivisionError("a pole")
        return self.num(point[0], point[1], 0) / d

    def expr(self, symbols) -> sp.Expr:
        """The function as a sympy expression in ``symbols = (a, b)``: factored when numerator and
        denominator have degree at most 8 in each parameter; above that (Leduc's, of degree 30 and
        more: sympy's factor would take minutes) the reduced quotient, integer coefficients."""
        values = (*symbols, 0)
        if max(max(self.num.degrees()[:2]), max(self.den.degrees()[:2])) <= 8:
            return sp.factor(to_sympy(self.num, values) / to_sympy(self.den, values))
        num, den = primitive(self.num), primitive(self.den)
        scale = self.num.leading_coefficient() / num.leading_coefficient()
        scale /= self.den.leading_coefficient() / den.leading_coefficient()

        def expression(poly):  # sympy's Poly builds a large sum far faster than term by term
            terms = {m[:2]: sp.Integer(int(c.p)) for m, c in poly.to_dict().items()}
            return sp.Poly.from_dict(terms, *symbols).as_expr()

        return sp.Rational(int(scale.p), int(scale.q)) * expression(num) / expression(den)


def _from_sympy(expr, symbols) -> _Frac:
    num, den = sp.fraction(sp.together(sp.sympify(expr)))
    out = []
    for part in (num, den):
        poly = sp.Poly(sp.expand(part), *symbols, domain="QQ")
        total = _CTX.constant(0)
        gens = _CTX.gens()
        for monomial, c in poly.terms():
            term = _CTX.constant(_fq(c))
            for g, e in zip(gens, monomial):
                term = term * g**e
            total = total + term
        out.append(total)
    return _Frac(out[0], out[1])


def _qq(x: flint.fmpq):
    return QQ(int(x.p), int(x.q))


# --------------------------------------------------------------------------- one basis


def _solve_basis(mat: dict[int, dict[int, _Frac]], rhs: list, n: int, point) -> list[_Frac]:
    """``M z = rhs`` over ``Q(a, b)``: by elimination (:func:`_solve_sparse`) up to
    :data:`ELIMINATION_LIMIT` unknowns, else along lines and interpolated, proved as an identity
    (:func:`~derive.solving.parameters.bivariate_solve.solve_bivariate`); ZeroDivisionError if
    ``M`` is singular."""
    if n <= ELIMINATION_LIMIT:
        return _solve_sparse(mat, rhs, n, point)
    rows = {k: {c: _Frac.lift(v) for c, v in line.items() if v} for k, line in mat.items()}
    numerators, denominator = solve_bivariate(_CTX, rows, n, [_Frac.lift(r or 0) for r in rhs])
    return [_Frac(num, denominator) for num in numerators]


def _solve_sparse(mat: dict[int, dict[int, _Frac]], rhs: list, n: int, point) -> list[_Frac]:
    """``M z = rhs`` over ``Q(a, b)`` by sparse Gaussian elimination, each pivot nonzero at ``point``
    and in a shortest row; ZeroDivisionError if ``M`` is singular there."""
    rows = {
        k: ({c: _Frac.lift(v) for c, v in mat.get(k, {}).items() if v}, _Frac.lift(rhs[k] or 0))
        for k in range(n)
    }
    order = []
    unused = set(rows)
    while unused:
        best = None
        for k in unused:
            line = rows[k][0]
            for c, v in line.items():
                if v and v.at(point) != 0:
                    cost = (len(line), 0 if v.num.is_constant() and v.den.is_constant() else 1)
                    if best is None or cost < best[0]:
                        best = (cost, k, c)
        if best is None:
            raise ZeroDivisionError("singular basis")
        _, k, c = best
        unused.discard(k)
        line, r = rows[k]
        pivot = line[c]
        line = {j: v / pivot for j, v in line.items() if v}
        r = r / pivot
        rows[k] = (line, r)
        order.append((k, c))
        for k2 in unused:
            line2, r2 = rows[k2]
            f = line2.get(c)
            if not f:
                continue
            for j, v in line.items():
                w = line2.get(j, _Frac.lift(0)) - f * v
                if w:
                    line2[j] = w
                else:
                    line2.pop(j, None)
            rows[k2] = (line2, r2 - f * r)
    z: dict[int, _Frac] = {}
    for k, c in reversed(order):
        line, r = rows[k]
        total = r
        for j, v in line.items():
            if j != c:
                total = total - v * z[j]
        z[c] = total
    return [z[c] for c in range(n)]


@dataclass
class _Side:
    plan: list
    value: _Frac
    conditions: list
    lines: bool = False  # solved along lines (a large basis)


def _side(prog_sym, prog_num, n: int, point) -> _Side | None:
    """One player's LP solved symbolically at HiGHS's basis for ``prog_num``; None if unusable."""
    basis = optimal_basis(prog_num, {n: QQ(1)})
    position, mat, bounds = basis_system(prog_sym.rows, prog_sym.lower, prog_sym.upper, basis)
    z = _solve_basis(mat, bounds, len(basis.basic), point)
    zero = _Frac.lift(0)
    values = [zero] * prog_sym.ncols
    for c, k in position.items():
        values[c] = z[k]
    conditions = [values[c] for c in range(prog_sym.ncols) if c not in prog_sym.free]
    tight = {r for r, _ in basis.tight}
    for r, row in enumerate(prog_sym.rows):
        lower, upper = prog_sym.lower[r], prog_sym.upper[r]
        if r in tight:
            if lower is not None and upper is not None and lower != upper:
                conditions.append(_Frac.lift(upper) - _Frac.lift(lower))
            continue
        total = zero
        for c, v in row.items():
            if values[c]:
                total = total + _Frac.lift(v) * values[c]
        if lower is not None and upper is not None and lower == upper:
            if total != _Frac.lift(lower):
                return None
            continue
        if lower is not None:
            conditions.append(total - _Frac.lift(lower))
        if upper is not None:
            conditions.append(_Frac.lift(upper) - total)
    return _Side(values[:n], values[n], [c for c in conditions if c], len(basis.basic) > ELIMINATION_LIMIT)


@dataclass
class _Basis:
    """One optimal basis pair: its formulas and the conditions (``>= 0``) of its region."""

    value: _Frac
    plans: tuple[list, list]
    conditions: list
    factors: list  # keys of the irreducible factors of the conditions
    lines: bool = False  # a side solved along lines: factors of constant sign on the box left out

    def holds(self, point) -> bool:
        try:
            return all(g.at(point) >= 0 for g in self.conditions)
        except ZeroDivisionError:
            return False


def _basis_at(sf, mats_sym, progs_sym, constant: _Frac, point) -> _Basis | None:
    sides = []
    for p in (0, 1):
        num = {i: {j: _qq(v.at(point)) for j, v in row.items()} for i, row in mats_sym[p].items()}
        prog_num = _program(sf, num, p)
        try:
            side = _side(progs_sym[p], prog_num, sf.shape[p], point)
        except (ExactLPError, ZeroDivisionError):
            return None
        if side is None:
            return None
        sides.append(side)
    if sides[0].value + sides[1].value != constant:
        return None
    conditions = sides[0].conditions + sides[1].conditions
    try:
        if any(g.at(point) < 0 for g in conditions):
            return None
    except ZeroDivisionError:
        return None
    unique = list(
        {hash(g): g for g in conditions if not (g.num.is_constant() and g.den.is_constant())}.values()
    )
    return _Basis(
        sides[0].value, (sides[0].plan, sides[1].plan), unique, [], sides[0].lines or sides[1].lines
    )


# --------------------------------------------------------------------------- results


def conditions_hold(conditions, symbols, point) -> bool:
    """Whether the rational ``point`` (values of ``symbols``) satisfies one of ``conditions``, a tuple of
    conjunctions of polynomials each read as ``>= 0``."""
    subs = dict(zip(symbols, (sp.Rational(x) for x in point)))
    return any(all(f.subs(subs) >= 0 for f in conj) for conj in conditions)


@dataclass(frozen=True)
class PlaneRegion:
    """One region of the box on which one formula gives the value and both strategies.

    Attributes
    ----------
    conditions : tuple of tuple of sympy.Expr
        The region inside the box, as alternatives (usually one) of conjunctions of polynomial
        inequalities ``f >= 0`` (each ``f`` a polynomial in the two parameters, integer
        coefficients).
    value : sympy.Expr
        The game value (player 0's payoff), a rational function of the two parameters.
    strategies : (dict, dict)
        Each player's behaviour strategy, ``information-set label -> {action: rational function}``,
        every information set of the game (off the path, the best reply at :attr:`point`).
    point : (sympy.Rational, sympy.Rational)
        A rational point strictly inside the region where the profile was checked (exploitability
        0) and the value equals a direct solve.
    off_path : (tuple of str, tuple of str)
        Each player's information sets his own plan never reaches on the region.
    borders : tuple of (sympy.Expr, str)
        Each boundary polynomial with what lies across it: ``"region K"`` or ``"edge"`` (the box).
    bases : int
        Optimal bases merged into the region (all with these formulas).
    """

    conditions: tuple[tuple[sp.Expr, ...], ...]
    value: sp.Expr
    strategies: tuple[dict, dict]
    point: tuple[sp.Rational, sp.Rational]
    off_path: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    borders: tuple[tuple[sp.Expr, str], ...] = ()
    bases: int = 1

    def strategies_at(self, symbols, point) -> tuple[dict, dict]:
        """Both behaviour strategies at a rational ``point`` (exact numbers; remembered, since
        Leduc's formulas take seconds to evaluate)."""
        subs = dict(zip(symbols, (sp.Rational(x) for x in point)))
        remembered = self.__dict__.setdefault("_at", {})  # frozen: the cache is not a field
        key = tuple(subs.items())
        if key not in remembered:
            remembered[key] = tuple(
                {
                    info: {a: sp.Rational(sp.sympify(v).subs(subs)) for a, v in dist.items()}
                    for info, dist in self.strategies[p].items()
                }
                for p in (0, 1)
            )
        return tuple({info: dict(dist) for info, dist in side.items()} for side in remembered[key])

    def value_at(self, symbols, point) -> sp.Rational:
        return sp.Rational(self.value.subs(dict(zip(symbols, (sp.Rational(x) for x in point)))))

    def contains(self, symbols, point) -> bool:
        """Whether the rational ``point`` satisfies one of the region's conjunctions (``>= 0``)."""
        return conditions_hold(self.conditions, symbols, point)


@dataclass(frozen=True)
class PlaneSolution:
    """A game's value and optimal strategies over a box of two parameters, region by region.

    Attributes
    ----------
    game : Game
        The game with both parameters as symbols.
    symbols : (sympy.Symbol, sympy.Symbol)
    box : ((Rational, Rational), (Rational, Rational))
        ``[a_lo, a_hi]`` and ``[b_lo, b_hi]``.
    regions : tuple of PlaneRegion
    constant : sympy.Expr
        The players' payoffs add up to it.
    solves : int
        Rational points at which the LPs were solved.
    homogeneous : int or None
        The degree ``d`` of the payoffs when they are homogeneous (the value is
        ``a^d V(b / a)``: solved on the ray ``b / a``), else None.
    reduced : ParametricSolution or None
        The one-parameter solve in ``b / a`` (homogeneous games only).
    cells : int
        Open cells of the final decomposition inside the box (0 for a homogeneous game, or one
        covered by subdivision).
    ratio : sympy.Symbol or None
        The symbol ``b / a`` of a homogeneous game's one-parameter solve.
    subboxes : int
        Sub-boxes of the subdivision that covered the box when its boundaries' degree was above the
        cell decomposition's cap (:data:`MAX_CELL_DEGREE`), else 0.
    """

    game: Game
    symbols: tuple[sp.Symbol, sp.Symbol]
    box: tuple[tuple[sp.Rational, sp.Rational], tuple[sp.Rational, sp.Rational]]
    regions: tuple[PlaneRegion, ...]
    constant: sp.Expr
    solves: int
    homogeneous: int | None = None
    reduced: object = None
    cells: int = 0
    ratio: sp.Symbol | None = field(default=None)
    subboxes: int = 0

    def region_at(self, point) -> PlaneRegion:
        """The first region whose conditions hold at the rational ``point``.

        Raises
        ------
        ValueError
            If ``point`` is outside the box or in no region.
        """
        (alo, ahi), (blo, bhi) = self.box
        a, b = (sp.Rational(x) for x in point)
        if not (alo <= a <= ahi and blo <= b <= bhi):
            raise ValueError(f"{point} is outside the box")
        for region in self.regions:
            if region.contains(self.symbols, (a, b)):
                return region
        raise ValueError(f"{point} is in no region")

    def value_at(self, point) -> sp.Rational:
        """The exact value at the rational ``point``, from its region's formula."""
        return self.region_at(point).value_at(self.symbols, point)

    def supports(self) -> list[list[str]]:
        """For each region, what sets it apart in words: ``"opener at A:xb: raise"`` for each action
        played with positive probability at its point, on the path of play, that some other region
        does not play, the rarest first (every region's actions when all play the same)."""
        names = tuple(self.game.players)
        played = []
        for region in self.regions:
            at = region.strategies_at(self.symbols, region.point)
            played.append(
                [
                    f"{names[p]} at {info}: {act}"
                    for p in (0, 1)
                    for info, dist in at[p].items()
                    if info not in region.off_path[p]
                    for act, v in dist.items()
                    if v > 0
                ]
            )
        common = set.intersection(*(set(items) for items in played)) if played else set()
        shared = {item: sum(item in set(items) for items in played) for items in played for item in items}
        # the rarest first: what this region plays and fewest others do
        return [sorted((i for i in items if i not in common), key=lambda i: shared[i]) for items in played]


# --------------------------------------------------------------------------- homogeneity


def homogeneity(game: Game, a: sp.Symbol, b: sp.Symbol) -> int | None:
    """The degree ``d`` when every payoff of ``game`` is homogeneous of degree ``d`` in ``(a, b)``
    (``u(l a, l b) = l^d u(a, b)``) and every chance probability of degree 0; else None."""
    lam = sp.Symbol("lambda_", positive=True)
    degree = None
    for n in game.nodes:
        for v in n.probabilities:
            v = sp.sympify(v)
            if (
                v.free_symbols & {a, b}
                and sp.cancel(v.subs({a: lam * a, b: lam * b}, simultaneous=True) - v) != 0
            ):
                return None
        for v in n.outcome or ():
            v = sp.sympify(v)
            if v == 0:
                continue
            ratio = sp.cancel(v.subs({a: lam * a, b: lam * b}, simultaneous=True) / v)
            if ratio.free_symbols - {lam}:
                return None
            d = int(sp.degree(ratio, lam)) if ratio.is_polynomial(lam) else None
            if d is None or sp.expand(ratio - lam**d) != 0:
                return None
            if degree is None:
                degree = d
            elif degree != d:
                return None
    return degree


# --------------------------------------------------------------------------- the solve


def _symbols_of(game: Game, names) -> tuple[sp.Symbol, sp.Symbol]:
    have = {str(s): s for s in game.symbols}
    out = []
    for name in names:
        if str(name) not in have:
            raise NotSupportedError(
                f"the game has no parameter {str(name)!r} (its symbols: {', '.join(have) or 'none'})"
            )
        out.append(have[str(name)])
    others = sorted(set(have) - {str(n) for n in names})
    if others:
        raise NotSupportedError(f"the game has other symbols besides these two ({', '.join(others)})")
    if out[0] == out[1]:
        raise ValueError("the two parameters must differ")
    return out[0], out[1]


def plane_solve(
    game: Game,
    symbols,
    box,
    *,
    progress: Callable[[str], None] | None = None,
    max_regions: int = MAX_REGIONS,
    reduce: bool = True,
    max_degree: int = MAX_CELL_DEGREE,
) -> PlaneSolution:
    """Solve a two-player constant-sum game exactly over a box of two parameters (module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, constant sum; payoffs rational functions of the two symbols
        and no other.
    symbols : (sympy.Symbol or str, sympy.Symbol or str)
        The two parameters ``a`` and ``b`` (or their names).
    box : ((lo, hi), (lo, hi))
        Exact rational ends of each parameter, ``lo < hi``.
    progress : callable, optional
        Called with one line of text per region found.
    max_regions : int
        Most optimal bases found (LP solves at new points) before giving up (default
        :data:`MAX_REGIONS`).
    reduce : bool
        Solve a homogeneous game on the ray ``b / a`` (default); False: in the plane anyway.
    max_degree : int
        The largest degree in either parameter of a boundary polynomial inside the box that the
        cell decomposition is asked to take (default :data:`MAX_CELL_DEGREE`).

    Returns
    -------
    PlaneSolution

    Raises
    ------
    NotSupportedError
        If the game is not two-player constant-sum, lacks a symbol or has others.
    ValueError
        If a box's ends are not exact numbers with ``lo < hi``.
    ParametricError
        If more than ``max_regions`` bases are needed ("stopped at the cap"), a boundary polynomial
        inside the box has degree above ``max_degree`` ("stopped at the cap"), or a region fails
        its check at its point.

    References
    ----------
    Charitopoulos, Papageorgiou & Dua (2017); Collins (1975).
    """
    say = progress or (lambda message: None)
    if game.num_players != 2:
        raise NotSupportedError(f"a parametric solve needs two players, the game has {game.num_players}")
    game.require_perfect_recall()
    a, b = _symbols_of(game, symbols)
    ends = []
    for (lo, hi), s in zip(box, (a, b)):
        lo, hi = exact_value(lo, "lower end"), exact_value(hi, "upper end")
        if not (lo.is_Rational and hi.is_Rational) or lo >= hi:
            raise ValueError(f"the interval of {s} must be two numbers lo < hi, got {lo}..{hi}")
        ends.append((sp.Rational(lo), sp.Rational(hi)))
    box = (ends[0], ends[1])
    constant = game.constant_sum
    if constant is None:
        raise NotSupportedError(f"{game.title or 'the game'} is not constant-sum")
    if reduce and box[0][0] > 0:
        degree = homogeneity(game, a, b)
        if degree is not None:
            return _ray_solve(game, (a, b), box, degree, sp.sympify(constant), say)
    return _plane(game, (a, b), box, sp.sympify(constant), say, max_regions, max_degree)


def _plane(game, symbols, box, constant, say, max_regions, max_degree=MAX_CELL_DEGREE) -> PlaneSolution:
    a, b = symbols
    sf = game_sequence_form(game)
    cache: dict = {}

    def convert(v):
        if v not in cache:
            cache[v] = _from_sympy(v, symbols)
        return cache[v]

    entries = [sf.payoff_entries(p) for p in (0, 1)]
    mats_sym: list[dict] = [{}, {}]
    for (i, j), v in entries[0].items():
        mats_sym[0].setdefault(i, {})[j] = convert(sp.sympify(v))
    for (i, j), v in entries[1].items():
        mats_sym[1].setdefault(j, {})[i] = convert(sp.sympify(v))
    progs_sym = [_program(sf, mats_sym[p], p) for p in (0, 1)]
    c_sym = convert(constant)
    (alo, ahi), (blo, bhi) = box
    ua, ub = _CTX.gens()[:2]
    edges = [
        primitive(ua - _CTX.constant(_fq(alo))),
        primitive(ua - _CTX.constant(_fq(ahi))),
        primitive(ub - _CTX.constant(_fq(blo))),
        primitive(ub - _CTX.constant(_fq(bhi))),
    ]
    factors: dict[tuple, object] = {key(f): f for f in edges}
    edge_keys = [key(f) for f in edges]
    bases: list[_Basis] = []
    solves = 0
    say(
        f"two-parameter sequence-form LP: {sf.shape[0]:,} x {sf.shape[1]:,} sequences, {a} in [{alo}, {ahi}], "
        f"{b} in [{blo}, {bhi}], at most {max_regions} bases"
    )

    def inside(pt) -> bool:
        return alo < pt[0] < ahi and blo < pt[1] < bhi

    fbox = ((_fq(alo), _fq(ahi)), (_fq(blo), _fq(bhi)))
    constant_sign: dict[tuple, bool] = {}

    def add(basis: _Basis) -> None:
        keys = []
        for g in basis.conditions:
            for poly in (g.num, g.den):
                for f in irreducible_factors(poly):
                    k = key(f)
                    if basis.lines and k not in factors:
                        # a large basis's conditions have hundreds of factors of high degree, most
                        # of one sign on the whole box: those bound no cell inside it
                        if k not in constant_sign:
                            constant_sign[k] = sign_on_box(f, fbox, 2) != 0
                        if constant_sign[k]:
                            continue
                    factors.setdefault(k, f)
                    keys.append(k)
        basis.factors = list(dict.fromkeys(keys))
        bases.append(basis)

    while True:
        if _too_high(factors, max_degree):
            # boundaries of high degree (Leduc's): no cell decomposition, the box is covered by
            # subdivision instead, every sub-box proved covered by Taylor bounds and sign patterns
            worst = _too_high(factors, max_degree)
            say(
                f"a boundary polynomial has degree {worst[0]} in {a} and {worst[1]} in {b}, above "
                f"{max_degree} (MAX_CELL_DEGREE): the box is covered by subdivision"
            )
            return _plane_by_subdivision(
                game, sf, mats_sym, progs_sym, c_sym, symbols, box, bases, constant, solves, say, max_regions
            )
        samples = [(s[0], s[1]) for s in _samples(list(factors.values()), [0, 1], None, [0])]
        open_ = [pt for pt in samples if inside(pt) and not any(bs.holds(pt) for bs in bases)]
        if not open_:
            break
        for pt in open_:
            if any(bs.holds(pt) for bs in bases):
                continue
            if len(bases) >= max_regions:
                raise ParametricError(
                    f"the box needs more than {max_regions} optimal bases (the cap); stopped with "
                    f"{len(bases)} found: a smaller box, or max_regions=, allows it"
                )
            found = None
            for k, probe in enumerate(_probes(pt, box)):
                solves += 1
                found = _basis_at(sf, mats_sym, progs_sym, c_sym, probe)
                if found is not None and found.holds(pt):
                    break
                found = None
                if k >= 6:
                    break
            if found is None:
                raise ParametricError(f"no optimal basis found at {a} = {pt[0]}, {b} = {pt[1]}")
            add(found)
            say(
                f"basis {len(bases)} at {a} = {pt[0]}, {b} = {pt[1]}: {len(found.factors)} boundary "
                f"polynomials ({solves} LP points)"
            )
    # the final decomposition: each open cell's sign vector, its basis
    keys = list(factors)
    polys = [factors[k] for k in keys]
    cells = []
    for pt in samples:
        signs = tuple(1 if f(pt[0], pt[1], 0) > 0 else -1 for f in polys)
        owner = next((k for k, bs in enumerate(bases) if bs.holds(pt)), None) if inside(pt) else None
        cells.append((pt, signs, owner))
    say(
        f"covered: {count(sum(1 for c in cells if inside(c[0])), 'open cell')} of the box, {count(len(bases), 'basis', 'bases')}"
    )
    return _regions(
        game, sf, mats_sym, c_sym, symbols, box, bases, keys, polys, edge_keys, cells, constant, solves, say
    )


def _too_high(factors: dict, max_degree: int) -> tuple[int, int] | None:
    """The degrees of a boundary polynomial above ``max_degree`` in a parameter, or None."""
    worst = max(factors.values(), key=lambda f: max(f.degrees()[:2]))
    degrees = tuple(worst.degrees()[:2])
    return degrees if max(degrees) > max_degree else None


def _plane_by_subdivision(
    game, sf, mats_sym, progs_sym, c_sym, symbols, box, bases, constant, solves, say, max_regions
) -> PlaneSolution:
    """The box covered by subdivision (:mod:`derive.solving.semialgebraic.box_cover`) instead of a
    cell decomposition; the regions read off the covered sub-boxes."""
    a, b = symbols
    (alo, ahi), (blo, bhi) = box
    fbox = ((_fq(alo), _fq(ahi)), (_fq(blo), _fq(bhi)))
    table = FactorTable()
    sets = [SignedSet.from_conditions(bs.conditions, bs.holds, table) for bs in bases]
    count_solves = [solves]

    def find(pt):
        if len(bases) >= max_regions:
            raise ParametricError(
                f"the box needs more than {max_regions} optimal bases (the cap); stopped with "
                f"{len(bases)} found: a smaller box, or max_regions=, allows it"
            )
        for k, probe in enumerate(_probes(pt, box)):
            count_solves[0] += 1
            found = _basis_at(sf, mats_sym, progs_sym, c_sym, probe)
            if found is not None and found.holds(pt):
                bases.append(found)
                say(f"basis {len(bases)} at {a} = {pt[0]}, {b} = {pt[1]} ({count_solves[0]} LP points)")
                return SignedSet.from_conditions(found.conditions, found.holds, table)
            if k >= 6:
                break
        return None

    whole: dict = {}
    try:
        leaves = cover_box(sets, table, fbox, find, say=say, whole=whole)
    except CoverError as exc:
        raise ParametricError(str(exc)) from None
    say(
        f"covered: {count(len(leaves), 'sub-box', 'sub-boxes')} of the box, {count(len(bases), 'basis', 'bases')}"
    )
    for k, f in table.items():
        if k not in whole:
            whole[k] = sign_on_box(f, fbox, 2)
    group_of, groups = _groups(bases)
    owned: dict[int, list] = {}
    for leaf in leaves:
        owners = [leaf.owner] if leaf.owner is not None else sorted(set(leaf.patterns.values()))
        for o in owners:
            owned.setdefault(group_of[o], []).append(leaf)
    used = list(owned)
    number = {g: n for n, g in enumerate(used)}

    def condition_expr(cond):
        sign, keys = cond
        free = []
        for k in keys:
            if whole[k]:
                sign *= whole[k]
            else:
                free.append(to_sympy(table[k], (a, b, 0)))
        if not free:
            return None
        return sign * (sp.expand(free[0]) if len(free) == 1 else sp.Mul(*free))

    regions = []
    for g in used:
        members = groups[g]
        conjunctions = []
        for k in members:
            conj = tuple(dict.fromkeys(e for e in map(condition_expr, sets[k].conditions) if e is not None))
            if conj not in conjunctions:
                conjunctions.append(conj)
        point = _leaf_point([sets[k] for k in members], owned[g])
        basis = bases[members[0]]
        value, strategies, off = _formulas(sf, mats_sym, basis, symbols, point)
        region = PlaneRegion(
            tuple(conjunctions),
            value,
            strategies,
            (sp.Rational(int(point[0].p), int(point[0].q)), sp.Rational(int(point[1].p), int(point[1].q))),
            off,
            _leaf_borders(g, owned[g], group_of, number, sets, table, fbox, symbols),
            len(members),
        )
        _check_region(game, sf, mats_sym, region, symbols, number[g] + 1)
        regions.append(region)
        say(
            f"region {number[g] + 1}: checked at {a} = {region.point[0]}, {b} = {region.point[1]} "
            "(exploitability 0, equal to a direct solve)"
        )
    return PlaneSolution(
        game, symbols, box, tuple(regions), constant, count_solves[0], None, None, 0, subboxes=len(leaves)
    )


def _leaf_point(members, leaves):
    """A rational point of the simplest denominators strictly inside the region: inside a sub-box
    where one of ``members``'s conditions were proved positive throughout, or else a point of a
    sub-box's grid where they are all positive."""
    whole_leaves = [leaf for leaf in leaves if leaf.owner is not None]
    if whole_leaves:
        candidates = [_simplest_in(leaf.box) for leaf in whole_leaves]
    else:
        candidates = []
        for leaf in leaves:
            (alo, ahi), (blo, bhi) = leaf.box
            for i in range(1, 8):
                for j in range(1, 8):
                    pt = (alo + (ahi - alo) * i / 8, blo + (bhi - blo) * j / 8)
                    if any(s.strictly(pt) for s in members):
                        candidates.append(pt)
        if not candidates:
            raise ParametricError("no rational point found strictly inside a region of the subdivision")
    return _simplest(candidates)


def _simplest_in(box):
    """The point of the open ``box`` whose coordinates have the smallest denominators."""
    out = []
    for lo, hi in box:
        lo_f, hi_f = Fraction(int(lo.p), int(lo.q)), Fraction(int(hi.p), int(hi.q))
        width = (hi_f - lo_f) / 4  # keep clear of the sub-box's edges
        x = simplest_between(lo_f + width, hi_f - width)
        out.append(flint.fmpq(x.numerator, x.denominator))
    return tuple(out)


def _leaf_borders(g, leaves, group_of, number, sets, table, fbox, symbols):
    """The curves along which region ``g`` meets another, each witnessed by two grid points of one
    sub-box whose factor signs differ in that curve's factor only, and the box's edges it touches."""
    a, b = symbols
    found: dict = {}
    for leaf in leaves:
        if leaf.owner is None and leaf.free:
            (alo, ahi), (blo, bhi) = leaf.box
            grid = [
                (alo + (ahi - alo) * i / 8, blo + (bhi - blo) * j / 8)
                for i in range(1, 8)
                for j in range(1, 8)
            ]
            seen = {}
            for pt in grid:
                signs = tuple(1 if table[k](pt[0], pt[1], 0) > 0 else -1 for k in leaf.free)
                if 0 in (table[k](pt[0], pt[1], 0) for k in leaf.free):
                    continue
                seen.setdefault(signs, group_of[leaf.patterns[signs]])
            for signs, h in seen.items():
                if h != g:
                    continue
                for i, k in enumerate(leaf.free):
                    other = seen.get(signs[:i] + (-signs[i],) + signs[i + 1 :])
                    if other is not None and other != g:
                        found.setdefault(k, set()).add(f"region {number[other] + 1}")
    out = [
        (sp.expand(to_sympy(table[k], (a, b, 0))), what)
        for k in sorted(found, key=lambda k: sum(table[k].degrees()))
        for what in sorted(found[k])
    ]
    (alo, ahi), (blo, bhi) = fbox
    mine = [sets[k] for k, h in enumerate(group_of) if h == g]
    for axis, end, s in ((0, alo, a), (0, ahi, a), (1, blo, b), (1, bhi, b)):
        if any(_touches(leaf, axis, end, mine) for leaf in leaves):
            out.append((sp.expand(s - sp.Rational(int(end.p), int(end.q))), "edge"))
    return tuple(out)


def _touches(leaf, axis: int, end, mine) -> bool:
    """Whether the region (its bases' sets ``mine``) reaches the box's edge ``x_axis = end`` in
    ``leaf``: the leaf lies along the edge and is the region's throughout, or one of 15 points of
    the edge's stretch in the leaf is strictly inside the region."""
    if end not in leaf.box[axis]:
        return False
    if leaf.owner is not None:
        return True
    lo, hi = leaf.box[1 - axis]
    for i in range(1, 16):
        t = lo + (hi - lo) * i / 16
        pt = (end, t) if axis == 0 else (t, end)
        if any(s.strictly(pt) for s in mine):
            return True
    return False


def _probes(pt, box):
    """``pt`` and nearby rationals (for a degenerate point)."""
    yield pt
    for k in range(1, 7):
        d = flint.fmpq(1, 97 * 3**k)
        for da, db in ((d, 0), (0, d), (-d, 0), (0, -d)):
            yield (pt[0] + da, pt[1] + db)


def _groups(bases) -> tuple[list[int], list[list[int]]]:
    """Bases with the same formulas merged: each basis's group, and each group's bases in order."""
    group_of: list[int] = []
    groups: list[list[int]] = []
    for k, bs in enumerate(bases):
        g = next((g for g, members in enumerate(groups) if _same_formulas(bases[members[0]], bs)), None)
        if g is None:
            groups.append([])
            g = len(groups) - 1
        groups[g].append(k)
        group_of.append(g)
    return group_of, groups


def _same_formulas(x: _Basis, y: _Basis) -> bool:
    return x.value == y.value and all(all(u == v for u, v in zip(x.plans[p], y.plans[p])) for p in (0, 1))


def _regions(
    game, sf, mats_sym, c_sym, symbols, box, bases, keys, polys, edge_keys, cells, constant, solves, say
):
    a, b = symbols
    group_of, groups = _groups(bases)
    in_box = [(pt, s, group_of[o]) for pt, s, o in cells if o is not None]
    outside = [s for pt, s, o in cells if o is None]
    used = sorted(
        {g for _, _, g in in_box}, key=lambda g: min(k for k, (_, _, h) in enumerate(in_box) if h == g)
    )
    number = {g: n for n, g in enumerate(used)}
    nonedge = [i for i, k in enumerate(keys) if k not in edge_keys]
    regions = []
    for g in used:
        mine = [s for _, s, h in in_box if h == g]
        foreign = [s for _, s, h in in_box if h != g]
        conjunctions = _describe(mine, foreign, nonedge, polys)
        conditions = tuple(
            tuple(sp.expand(sign * to_sympy(polys[i], (a, b, 0))) for i, sign in conj)
            for conj in conjunctions
        )
        borders = _borders(g, in_box, outside, keys, polys, edge_keys, number, symbols)
        point = _simplest([pt for pt, _, h in in_box if h == g])
        basis = bases[groups[g][0]]
        value, strategies, off = _formulas(sf, mats_sym, basis, symbols, point)
        region = PlaneRegion(
            conditions,
            value,
            strategies,
            (sp.Rational(int(point[0].p), int(point[0].q)), sp.Rational(int(point[1].p), int(point[1].q))),
            off,
            borders,
            len(groups[g]),
        )
        _check_region(game, sf, mats_sym, region, symbols, number[g] + 1)
        regions.append(region)
        say(
            f"region {number[g] + 1}: checked at {a} = {region.point[0]}, {b} = {region.point[1]} (exploitability 0, equal to a direct solve)"
        )
    return PlaneSolution(game, symbols, box, tuple(regions), constant, solves, None, None, len(in_box))


def _simplest(points):
    """The simplest of ``points`` (smallest denominators)."""
    return min(points, key=lambda pt: (max(int(pt[0].q), int(pt[1].q)), int(pt[0].q) + int(pt[1].q)))


def _describe(mine, foreign, candidates, polys) -> list[list[tuple[int, int]]]:
    """Fewest factor signs picking out exactly ``mine`` among the box's cells' sign vectors: a list
    of conjunctions ``[(factor index, sign), ...]``."""
    foreign_set = set(foreign)
    left = list(dict.fromkeys(mine))
    out = []

    def selects(conj, s):
        return all(s[i] == sign for i, sign in conj)

    while left:
        constant = [i for i in candidates if len({s[i] for s in left}) == 1]
        conj = [(i, left[0][i]) for i in constant]
        if any(selects(conj, s) for s in foreign_set):
            conj = [(i, left[0][i]) for i in candidates]  # one sign vector at a time
        by_size = sorted(conj, key=lambda item: -sum(polys[item[0]].degrees()))
        for item in by_size:
            trial = [c for c in conj if c != item]
            if not any(selects(trial, s) for s in foreign_set):
                conj = trial
        out.append(sorted(conj, key=lambda item: (sum(polys[item[0]].degrees()), item[0])))
        left = [s for s in left if not selects(conj, s)]
    return out


def _borders(g, in_box, outside, keys, polys, edge_keys, number, symbols):
    a, b = symbols
    mine = {s for _, s, h in in_box if h == g}
    others = {}
    for _, s, h in in_box:
        if h != g:
            others.setdefault(s, h)
    outs = set(outside)
    found: dict[tuple, set] = {}
    for s in mine:
        for i in range(len(keys)):
            flipped = s[:i] + (-s[i],) + s[i + 1 :]
            if flipped in others and others[flipped] != g:
                found.setdefault(i, set()).add(f"region {number[others[flipped]] + 1}")
            if keys[i] in edge_keys and flipped in outs:
                found.setdefault(i, set()).add("edge")
    out = []
    for i in sorted(found, key=lambda i: (keys[i] in edge_keys, sum(polys[i].degrees()))):
        for what in sorted(found[i]):
            out.append((sp.expand(to_sympy(polys[i], (a, b, 0))), what))
    return tuple(out)


def _formulas(sf, mats_sym, basis: _Basis, symbols, point):
    """The value and both behaviour strategies (every information set; off the path, the best
    reply at ``point``) as sympy expressions."""
    value = basis.value.expr(symbols)
    strategies, off_path = [], []
    for p in (0, 1):
        plan = basis.plans[p]
        opponent = basis.plans[1 - p]
        index = sf.index[p]
        choice = _off_path_choices(sf, mats_sym, p, plan, opponent, point)
        strategy, off = {}, []
        for info in sf.infosets_of(p):
            parent = plan[sf.parent[info.index]]
            if parent:
                strategy[info.label] = {
                    act: (plan[index[(info.index, k)]] / parent).expr(symbols)
                    for k, act in enumerate(info.actions)
                }
            else:
                off.append(info.label)
                strategy[info.label] = {
                    act: sp.Integer(int(k == choice[info.index])) for k, act in enumerate(info.actions)
                }
        strategies.append(strategy)
        off_path.append(tuple(off))
    return value, (strategies[0], strategies[1]), (off_path[0], off_path[1])


def _off_path_choices(sf, mats_sym, p, plan, opponent, point) -> dict[int, int]:
    """Player ``p``'s best reply at ``point`` against ``opponent`` at his off-path sets (bottom up,
    his later off-path play as chosen; the first best action)."""
    y = [_qq(v.at(point)) if v else QQ(0) for v in opponent]
    mat = {i: {j: _qq(v.at(point)) for j, v in row.items()} for i, row in mats_sym[p].items()}
    payoff = {}
    for i, row in mat.items():
        total = QQ(0)
        for j, v in row.items():
            if y[j]:
                total += v * y[j]
        payoff[i] = total
    _, choice, _ = best_response_values(sf, p, payoff, maximize=True)
    return choice


def _check_region(game, sf, mats_sym, region: PlaneRegion, symbols, k: int) -> None:
    """ParametricError unless, at the region's point, every information set has a distribution, the
    exact best responses to the whole profile give the formula's value, and a direct solve too."""
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    a, b = symbols
    point = region.point
    where = f"region {k} at {a} = {point[0]}, {b} = {point[1]}"
    fq = (_fq(point[0]), _fq(point[1]))
    mats = [{i: {j: _qq(v.at(fq)) for j, v in row.items()} for i, row in m.items()} for m in mats_sym]
    behaviour = region.strategies_at(symbols, point)
    plans = []
    for p in (0, 1):
        for info in sf.infosets_of(p):
            dist = behaviour[p].get(info.label)
            if dist is None or any(v < 0 for v in dist.values()) or sum(dist.values()) != 1:
                raise ParametricError(f"{where}: the play at {info.label!r} is not a distribution")
        x = [QQ(1)] * sf.shape[p]
        for j, seq in enumerate(sf.sequences[p]):
            if seq is not None:
                info = sf.all_infosets()[seq[0]]
                prob = behaviour[p][info.label][info.actions[seq[1]]]
                x[j] = x[sf.parent[info.index]] * QQ(int(prob.p), int(prob.q))
        plans.append(x)
    lower, _, _ = best_response_values(sf, 1, row_times(mats[0], plans[0]), maximize=False)
    secured, _, _ = best_response_values(sf, 0, row_times(mats[1], plans[1]), maximize=False)
    constant = sp.Rational(sp.sympify(game.constant_sum).subs({a: point[0], b: point[1]}))
    upper = QQ(int(constant.p), int(constant.q)) - secured
    formula = region.value_at(symbols, point)
    # the value only: the quasi-perfect refinement adds nothing here (and has a pivot budget)
    direct = solve_zero_sum(substitute(game, {a: point[0], b: point[1]}), refine="none").value
    if not (lower == upper == QQ(int(formula.p), int(formula.q))) or sp.Rational(direct) != formula:
        raise ParametricError(
            f"{where} fails its check: best responses give {lower} and {upper}, the formula {formula}, "
            f"a direct solve {direct}"
        )


# --------------------------------------------------------------------------- on the ray b / a


def _ray_solve(game, symbols, box, degree, constant, say) -> PlaneSolution:
    """A homogeneous game: ``a = 1``, ``b = t`` solved with the one-parameter engine on
    ``[b_lo / a_hi, b_hi / a_lo]``, each piece reported as the region between two rays."""
    from derive.solving.forked import usable_processes
    from derive.solving.parameters.parametric_lp import parametric_solve

    a, b = symbols
    (alo, ahi), (blo, bhi) = box
    t = sp.Symbol(f"{b}_per_{a}", positive=True)
    say(
        f"payoffs homogeneous of degree {degree} in ({a}, {b}): the value is {a}^{degree} V({b}/{a}); solving in {b}/{a}"
    )
    tlo, thi = blo / ahi, bhi / alo
    one = substitute(game, {a: sp.Integer(1)})
    one = _rename(one, b, t)
    sol = parametric_solve(one, t, tlo, thi, progress=say, processes=usable_processes())
    sf = game_sequence_form(game)
    regions = []
    scale = a**degree
    n = len(sol.pieces)
    for k, piece in enumerate(sol.pieces):
        conj = []
        borders = []
        for end, sign, limit, neighbour in ((piece.lower, 1, tlo, k - 1), (piece.upper, -1, thi, k + 1)):
            r = end.point
            if r == limit:
                continue
            f = _integral(sign * (b - r * a), symbols)
            conj.append(f)
            borders.append((f, f"region {neighbour + 1}" if 0 <= neighbour < n else "edge"))
        for f, touches in _edges_touched(piece, box, symbols):
            if touches:
                borders.append((f, "edge"))
        value = sp.factor(sp.cancel(piece.value.subs(t, b / a) * scale))
        strategies = tuple(
            {
                info: {act: sp.factor(sp.cancel(sp.sympify(v).subs(t, b / a))) for act, v in dist.items()}
                for info, dist in piece.strategies[p].items()
            }
            for p in (0, 1)
        )
        t0 = piece.check_point if piece.check_point is not None else sol.checked[k]
        point = _ray_point(t0, box)
        region = PlaneRegion((tuple(conj),), value, strategies, point, piece.off_path, tuple(borders), 1)
        _check_homogeneous(game, sf, region, symbols, k + 1)
        regions.append(region)
        say(
            f"region {k + 1}: checked at {a} = {point[0]}, {b} = {point[1]} (exploitability 0, equal to a direct solve)"
        )
    return PlaneSolution(game, symbols, box, tuple(regions), constant, sol.solves, degree, sol, 0, t)


def _rename(game: Game, old: sp.Symbol, new: sp.Symbol) -> Game:
    import dataclasses

    nodes = tuple(
        dataclasses.replace(
            n,
            outcome=None if n.outcome is None else tuple(sp.sympify(v).subs(old, new) for v in n.outcome),
            probabilities=tuple(sp.sympify(v).subs(old, new) for v in n.probabilities),
        )
        for n in game.nodes
    )
    return dataclasses.replace(game, nodes=nodes, symbols=tuple(new if s == old else s for s in game.symbols))


def _edges_touched(piece, box, symbols):
    """Each edge of the box with whether the piece's rays meet it along a segment."""
    a, b = symbols
    (alo, ahi), (blo, bhi) = box
    lo, hi = piece.lower.point, piece.upper.point
    out = []
    for value in (alo, ahi):  # a = value: b from lo*value to hi*value
        seg = (sp.Max(lo * value, blo), sp.Min(hi * value, bhi))
        out.append((_integral(a - value, symbols), bool(seg[0] < seg[1])))
    for value in (blo, bhi):  # b = value: a from value/hi to value/lo
        seg = (sp.Max(value / hi, alo), sp.Min(value / lo, ahi))
        out.append((_integral(b - value, symbols), bool(seg[0] < seg[1])))
    return out


def _integral(f, symbols) -> sp.Expr:
    """``f`` times a positive rational making its coefficients coprime integers (``f`` itself when
    its coefficients are not rational)."""
    try:
        poly = sp.Poly(sp.expand(f), *symbols, domain="QQ")
    except (sp.PolynomialError, sp.polys.polyerrors.CoercionFailed):
        return sp.expand(f)
    _, poly = poly.clear_denoms(convert=True)
    return poly.primitive()[1].as_expr()


def _ray_point(t0, box):
    """A simple rational ``(a0, b0)`` strictly inside the box with ``b0 / a0 = t0``."""
    (alo, ahi), (blo, bhi) = box
    lo, hi = sp.Max(alo, blo / t0), sp.Min(ahi, bhi / t0)
    from derive.solving.parameters.symbolic_payoffs import rational_between

    a0 = rational_between(lo, hi)
    return sp.Rational(a0), sp.Rational(a0 * t0)


def _check_homogeneous(game, sf, region, symbols, k):
    a, b = symbols
    mats_sym = [{}, {}]
    entries = [sf.payoff_entries(p) for p in (0, 1)]
    for (i, j), v in entries[0].items():
        mats_sym[0].setdefault(i, {})[j] = _from_sympy(v, symbols)
    for (i, j), v in entries[1].items():
        mats_sym[1].setdefault(j, {})[i] = _from_sympy(v, symbols)
    _check_region(game, sf, mats_sym, region, symbols, k)
