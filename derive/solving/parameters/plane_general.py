"""Every equilibrium of a two-player general-sum game over a box of two parameters: a map of regions.

The two-parameter form of :func:`~derive.solving.parameters.symbolic_payoffs.piecewise_equilibria`.
Let the payoffs of the reduced strategic form, ``A(a, b)`` and ``B(a, b)`` (``m x n``), be
polynomials in two symbols (beer-quiche's prior of the weak type and the taste for breakfast).  A
vertex of a player's best-reply polytope is fixed by ``m`` tight labels, a linear system
``M_L(a, b) z = e``; the *slack* of every other label is a rational function of ``(a, b)``
(Avis, Rosenberg, Savani & von Stengel 2010, section 2).  So:

1. the *boundary polynomials* are the irreducible factors of every ``det M_L`` and every slack's
   numerator, of both players' polytopes, in ``Q[a, b]``; with the box's four edges they define a
   cylindrical algebraic decomposition (Collins 1975; the open cells of
   :mod:`derive.solving.semialgebraic.cells`), whose open cells inside the box are counted and capped
   (:data:`MAX_CELLS`);
2. on an open cell no boundary polynomial vanishes, so every vertex keeps its labels: the completely
   labelled pairs, the extreme equilibria and the maximal Nash subsets are the same at every point
   of it.  :func:`~derive.solving.general_sum.two_player.all_equilibria` is run at the cell's rational
   sample point, and each extreme equilibrium is re-derived as a function of ``(a, b)`` by solving,
   with both symbolic, the system of labels tight at that point;
3. a *region* is the union of the open cells with the same equilibria (the same formulas and the same
   maximal Nash subsets), described by the fewest signs of boundary polynomials that pick out its
   cells among the box's (as in :mod:`derive.solving.parameters.plane`); on the curves between
   cells (cells of lower dimension) the equilibria are not solved: there may be more of them;
4. every region is checked at a rational point strictly inside it: its formulas evaluated there are
   exactly the extreme equilibria and subsets of a direct solve of the game with the numbers put in.

References
----------
Avis, Rosenberg, Savani & von Stengel (2010), "Enumeration of Nash equilibria for two-player
games", Economic Theory 42, section 2; Collins (1975), "Quantifier elimination for real closed
fields by cylindrical algebraic decomposition"; Cho & Kreps (1987) for beer-quiche.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count
from derive.solving.general_sum.two_player import all_equilibria
from derive.solving.parameters.breakpoints import ParametricError
from derive.solving.parameters.plane import (
    _CTX,
    _borders,
    _describe,
    _fq,
    _from_sympy,
    _symbols_of,
    conditions_hold,
)
from derive.solving.parameters.symbolic_payoffs import (
    MAX_BASES,
    SymbolicEquilibrium,
    _slacks,
    _symbolic_form,
    _system,
    _tight,
    substitute,
)
from derive.solving.semialgebraic.cells import _samples
from derive.solving.semialgebraic.polynomials import irreducible_factors, key, primitive, to_sympy

__all__ = ["MAX_CELLS", "PlaneEquilibria", "PlaneEquilibriumRegion", "plane_equilibria"]

#: Most open cells of the decomposition inside the box solved before :func:`plane_equilibria` stops.
MAX_CELLS = 2_000


@dataclass(frozen=True)
class PlaneEquilibriumRegion:
    """One region of the box on which the same formulas give every extreme equilibrium.

    Attributes
    ----------
    conditions : tuple of tuple of sympy.Expr
        Alternatives (usually one) of conjunctions of polynomial inequalities ``f >= 0`` in the two
        parameters (integer coefficients); the region is the union of the open cells of the box
        where one conjunction holds strictly.
    extreme : tuple of SymbolicEquilibrium
        The extreme equilibria: each player's mixed strategy (reduced strategy label -> rational
        function of the parameters, zeros left out) and both payoffs.
    subsets : tuple of (tuple of int, tuple of int)
        The maximal Nash subsets (the families): for each, indices into ``strategy_sets[0]`` and
        ``strategy_sets[1]`` whose convex hulls' product it is.
    strategy_sets : (tuple of dict, tuple of dict)
        Each player's distinct extreme equilibrium strategies, as functions.
    point : (sympy.Rational, sympy.Rational)
        A rational point strictly inside the region where the formulas equal a direct solve.
    borders : tuple of (sympy.Expr, str)
        Each boundary polynomial with what lies across it: ``"region K"`` or ``"edge"``.
    cells : int
        Open cells of the decomposition in the region.
    """

    conditions: tuple[tuple[sp.Expr, ...], ...]
    extreme: tuple[SymbolicEquilibrium, ...]
    subsets: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    strategy_sets: tuple[tuple[dict, ...], tuple[dict, ...]]
    point: tuple[sp.Rational, sp.Rational]
    borders: tuple[tuple[sp.Expr, str], ...] = ()
    cells: int = 1

    value = None  # a general-sum game has no value

    def equilibria_at(self, symbols, point) -> set:
        """The extreme equilibria at a rational ``point`` of the region: a set of pairs of sorted
        ``(label, Rational)`` tuples (positive probabilities only)."""
        subs = dict(zip(symbols, (sp.Rational(x) for x in point)))
        return {
            tuple(
                tuple(sorted((k, sp.Rational(sp.sympify(v).subs(subs))) for k, v in e.strategies[p].items()))
                for p in (0, 1)
            )
            for e in self.extreme
        }

    def contains(self, symbols, point) -> bool:
        """Whether the rational ``point`` satisfies one of the region's conjunctions (``>= 0``)."""
        return conditions_hold(self.conditions, symbols, point)


@dataclass(frozen=True)
class PlaneEquilibria:
    """Every Nash equilibrium of a two-player general-sum game over a box of two parameters.

    Attributes
    ----------
    game : Game
    symbols : (sympy.Symbol, sympy.Symbol)
    box : ((Rational, Rational), (Rational, Rational))
    regions : tuple of PlaneEquilibriumRegion
    strategies : (tuple of str, tuple of str)
        Each player's reduced pure strategies.
    polynomials : tuple of sympy.Expr
        The boundary polynomials (irreducible, the box's edges left out).
    cells : int
        Open cells of the decomposition inside the box, each solved at its sample point.
    """

    game: Game
    symbols: tuple[sp.Symbol, sp.Symbol]
    box: tuple[tuple[sp.Rational, sp.Rational], tuple[sp.Rational, sp.Rational]]
    regions: tuple[PlaneEquilibriumRegion, ...]
    strategies: tuple[tuple[str, ...], tuple[str, ...]]
    polynomials: tuple[sp.Expr, ...]
    cells: int

    def region_at(self, point) -> PlaneEquilibriumRegion:
        """The region of a rational ``point`` of the box where no boundary polynomial vanishes.

        Raises
        ------
        ValueError
            If ``point`` is outside the box or on a boundary curve (not solved there).
        """
        (alo, ahi), (blo, bhi) = self.box
        a, b = (sp.Rational(x) for x in point)
        if not (alo < a < ahi and blo < b < bhi):
            raise ValueError(f"{point} is not strictly inside the box")
        subs = dict(zip(self.symbols, (a, b)))
        if any(f.subs(subs) == 0 for f in self.polynomials):
            raise ValueError(f"{point} lies on a boundary curve (the equilibria there are not solved)")
        for region in self.regions:
            if region.contains(self.symbols, (a, b)):
                return region
        raise ValueError(f"{point} is in no region")  # pragma: no cover - the regions cover the box


def _critical_polynomials(R: sp.Matrix, symbols) -> list[sp.Expr]:
    """Every ``det M_L`` and slack numerator of the polytope of ``R`` (polynomials in ``symbols``)."""
    m, n = R.shape
    if sp.binomial(m + n, m) > MAX_BASES:
        raise NotSupportedError(f"{sp.binomial(m + n, m)} label sets to examine (more than {MAX_BASES})")
    from sympy.polys.matrices import DomainMatrix

    ring = sp.QQ[tuple(symbols)]
    out: dict[sp.Expr, None] = {}
    e = DomainMatrix.from_Matrix(sp.Matrix([0] * m + [1])).convert_to(ring)
    for L in itertools.combinations(range(m + n), m):
        M = DomainMatrix.from_Matrix(_system(R, L)).convert_to(ring)
        det = ring.to_sympy(M.det())
        if det == 0:
            continue
        out[det] = None
        num, den = M.solve_den(e)
        out[ring.to_sympy(den)] = None
        z = num.to_Matrix()
        for k, slack in enumerate(_slacks(R, z)):
            if k not in L:
                out[sp.expand(slack)] = None
    return [f for f in out if f.free_symbols]


def _formula(R: sp.Matrix, R0: sp.Matrix, x0: list[sp.Rational]) -> list[sp.Expr]:
    """The vertex ``x0`` of the polytope at the point, as a function of both symbols."""
    m = R.shape[0]
    for L in itertools.combinations(_tight(R0, x0), m):
        if _system(R0, L).det() != 0:
            z = _system(R, L).LUsolve(sp.Matrix([0] * m + [1]))
            return [sp.factor(sp.cancel(z[i])) for i in range(m)]
    raise ArithmeticError("an extreme equilibrium without a basis of tight labels (a bug)")


def _structure(game, symbols, point, labels, A, B):
    """The extreme equilibria at ``point`` as functions, the subsets and the strategy sets."""
    subs = dict(zip(symbols, point))
    eqs = all_equilibria(substitute(game, subs))
    A0, B0 = A.subs(subs), B.subs(subs)
    vecs = []
    for p, R, R0 in ((0, B, B0), (1, A.T, A0.T)):
        rows = []
        for strat in eqs.extreme_strategies[p]:
            x0 = [sp.Rational(strat.get(label, 0)) for label in labels[p]]
            rows.append({label: v for label, v in zip(labels[p], _formula(R, R0, x0)) if v != 0})
        vecs.append(tuple(rows))
    extreme = []
    for e in eqs.extreme:
        pair = []
        for p in (0, 1):
            mine = {a: b for a, b in e.strategies[p].items() if b != 0}
            pair.append(vecs[p][next(k for k, s in enumerate(eqs.extreme_strategies[p]) if s == mine)])
        x = sp.Matrix([pair[0].get(label, 0) for label in labels[0]])
        y = sp.Matrix([pair[1].get(label, 0) for label in labels[1]])
        payoffs = tuple(sp.factor(sp.cancel((x.T * M * y)[0, 0])) for M in (A, B))
        extreme.append(SymbolicEquilibrium((pair[0], pair[1]), payoffs))  # type: ignore[arg-type]
    return tuple(extreme), tuple(s.extreme for s in eqs.subsets), (vecs[0], vecs[1])


def _key(extreme, subsets, sets):
    """What two cells must share to be one region: the formulas, and the subsets as sets of formulas."""

    def norm(strategy):
        return tuple(sorted((k, sp.cancel(v)) for k, v in strategy.items()))

    return (
        frozenset((norm(e.strategies[0]), norm(e.strategies[1])) for e in extreme),
        frozenset(
            (frozenset(norm(sets[0][i]) for i in s0), frozenset(norm(sets[1][j]) for j in s1))
            for s0, s1 in subsets
        ),
    )


def plane_equilibria(
    game: Game,
    symbols,
    box,
    *,
    progress: Callable[[str], None] | None = None,
    max_cells: int = MAX_CELLS,
) -> PlaneEquilibria:
    """Every Nash equilibrium of a two-player game over a box of two parameters (module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall; payoffs and chance probabilities polynomial in the two symbols
        and no other (a chance probability may hold one if it stays in ``[0, 1]`` on the box).
    symbols : (sympy.Symbol or str, sympy.Symbol or str)
    box : ((lo, hi), (lo, hi))
        Exact rational ends, ``lo < hi``.
    progress : callable, optional
        Called with one line per stage.
    max_cells : int
        Most open cells inside the box solved (default :data:`MAX_CELLS`).

    Returns
    -------
    PlaneEquilibria

    Raises
    ------
    NotSupportedError
        If the game does not have two players, lacks a symbol or has others, a payoff is not
        polynomial in them, or there are too many label sets (:data:`MAX_BASES`).
    ValueError
        If a box's ends are not exact numbers with ``lo < hi``.
    GameModelError
        If a chance probability holding a parameter leaves ``[0, 1]`` at a cell's point (the game
        with the numbers put in is validated; the command line checks the box first).
    ParametricError
        If the box has more than ``max_cells`` open cells ("stopped at the cap"), or a region's
        formulas differ from a direct solve at its point (a bug: reported, never printed).

    References
    ----------
    Avis, Rosenberg, Savani & von Stengel (2010), section 2; Collins (1975).
    """
    say = progress or (lambda message: None)
    if game.num_players != 2:
        raise NotSupportedError(
            f"equilibria over two parameters are for two players; this game has {game.num_players}"
        )
    game.require_perfect_recall()
    a, b = _symbols_of(game, symbols)
    ends = []
    for (lo, hi), s in zip(box, (a, b)):
        lo, hi = exact_value(lo, "lower end"), exact_value(hi, "upper end")
        if not (lo.is_Rational and hi.is_Rational) or lo >= hi:
            raise ValueError(f"the interval of {s} must be two numbers lo < hi, got {lo}..{hi}")
        ends.append((sp.Rational(lo), sp.Rational(hi)))
    box = (ends[0], ends[1])
    labels, A, B = _symbolic_form(game)
    for M in (A, B):
        for v in M:
            if not v.is_polynomial(a, b):
                raise NotSupportedError(f"payoff {v} is not a polynomial in {a} and {b}")
    say(
        f"reduced strategic form {len(labels[0])} x {len(labels[1])}: the boundary polynomials of both polytopes"
    )
    factors: dict[tuple, object] = {}
    for f in (*_critical_polynomials(B, (a, b)), *_critical_polynomials(A.T, (a, b))):
        for g in irreducible_factors(_from_sympy(f, (a, b)).num):
            if not g.is_constant():
                factors.setdefault(key(g), primitive(g))
    (alo, ahi), (blo, bhi) = box
    ua, ub = _CTX.gens()[:2]
    edges = [primitive(ua - _CTX.constant(_fq(v))) for v in (alo, ahi)]
    edges += [primitive(ub - _CTX.constant(_fq(v))) for v in (blo, bhi)]
    edge_keys = [key(f) for f in edges]
    for f in edges:
        factors.setdefault(key(f), f)
    keys = list(factors)
    polys = [factors[k] for k in keys]

    def inside(pt) -> bool:
        return alo < pt[0] < ahi and blo < pt[1] < bhi

    samples = []
    for s in _samples(polys, [0, 1], None, [0]):
        pt = (s[0], s[1])
        samples.append(pt)
        if sum(1 for q in samples if inside(q)) > max_cells:
            raise ParametricError(
                f"the box has more than {max_cells} open cells (the cap); stopped: a smaller box, or max_cells=, allows it"
            )
    inner = [pt for pt in samples if inside(pt)]
    say(
        f"{count(len(keys) - 4, 'boundary polynomial')}; {count(len(inner), 'open cell')} inside the box, each solved"
    )
    structures: list = []
    by_key: dict = {}
    cells = []
    for pt in samples:
        signs = tuple(1 if f(pt[0], pt[1], 0) > 0 else -1 for f in polys)
        if not inside(pt):
            cells.append((pt, signs, None))
            continue
        point = (sp.Rational(int(pt[0].p), int(pt[0].q)), sp.Rational(int(pt[1].p), int(pt[1].q)))
        extreme, subsets, sets = _structure(game, (a, b), point, labels, A, B)
        k = _key(extreme, subsets, sets)
        if k not in by_key:
            by_key[k] = len(structures)
            structures.append((extreme, subsets, sets))
        cells.append((pt, signs, by_key[k]))
    in_box = [c for c in cells if c[2] is not None]
    outside = [s for _, s, g in cells if g is None]
    used = sorted({g for _, _, g in in_box}, key=lambda g: min(k for k, c in enumerate(in_box) if c[2] == g))
    number = {g: n for n, g in enumerate(used)}
    nonedge = [i for i, k in enumerate(keys) if k not in edge_keys]
    regions = []
    for g in used:
        mine = [s for _, s, h in in_box if h == g]
        foreign = [s for _, s, h in in_box if h != g]
        conditions = tuple(
            tuple(sp.expand(sign * to_sympy(polys[i], (a, b, 0))) for i, sign in conj)
            for conj in _describe(mine, foreign, nonedge, polys)
        )
        borders = _borders(g, in_box, outside, keys, polys, edge_keys, number, (a, b))
        pt = min(
            (pt for pt, _, h in in_box if h == g),
            key=lambda q: (max(int(q[0].q), int(q[1].q)), int(q[0].q) + int(q[1].q)),
        )
        point = (sp.Rational(int(pt[0].p), int(pt[0].q)), sp.Rational(int(pt[1].p), int(pt[1].q)))
        extreme, subsets, sets = structures[g]
        region = PlaneEquilibriumRegion(conditions, extreme, subsets, sets, point, borders, len(mine))
        _check_region(game, (a, b), region, number[g] + 1)
        regions.append(region)
        say(
            f"region {number[g] + 1}: {count(len(extreme), 'extreme equilibrium', 'extreme equilibria')}, "
            f"checked at {a} = {point[0]}, {b} = {point[1]} (equal to a direct solve)"
        )
    curves = tuple(sp.expand(to_sympy(polys[i], (a, b, 0))) for i in nonedge)
    return PlaneEquilibria(game, (a, b), box, tuple(regions), labels, curves, len(in_box))


def _check_region(game, symbols, region: PlaneEquilibriumRegion, k: int) -> None:
    """ParametricError unless, at the region's point, its formulas are a direct solve's extreme
    equilibria and its subsets the direct solve's maximal Nash subsets."""
    subs = dict(zip(symbols, region.point))
    direct = all_equilibria(substitute(game, subs))
    mine = region.equilibria_at(symbols, region.point)
    theirs = {
        tuple(
            tuple(sorted((s, sp.Rational(v)) for s, v in e.strategies[p].items() if v != 0)) for p in (0, 1)
        )
        for e in direct.extreme
    }

    def at(strategy):
        return tuple(sorted((s, sp.Rational(sp.sympify(v).subs(subs))) for s, v in strategy.items()))

    def direct_at(strategy):
        return tuple(sorted((s, sp.Rational(v)) for s, v in strategy.items() if v != 0))

    subsets = {
        (
            frozenset(at(region.strategy_sets[0][i]) for i in s0),
            frozenset(at(region.strategy_sets[1][j]) for j in s1),
        )
        for s0, s1 in region.subsets
    }
    direct_subsets = {
        (
            frozenset(direct_at(direct.extreme_strategies[0][i]) for i in s.extreme[0]),
            frozenset(direct_at(direct.extreme_strategies[1][j]) for j in s.extreme[1]),
        )
        for s in direct.subsets
    }
    if mine != theirs or subsets != direct_subsets:
        a, b = symbols
        raise ParametricError(
            f"region {k} at {a} = {region.point[0]}, {b} = {region.point[1]}: its formulas differ from a "
            "direct solve (a bug: reported, not printed)"
        )
