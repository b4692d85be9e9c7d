"""Every equilibrium of a two-player game whose payoffs hold one symbol, as a piecewise function of it.

Let the payoffs of the reduced strategic form, ``A(c)`` and ``B(c)`` (``m x n``), be polynomials in
one symbol ``c`` (a cost, a prize, a bet).  Player 0's best-reply polytope in normalised form is

    P(c) = {(x, v) :  x >= 0,  sum x = 1,  (B(c)^T x)_j <= v  for every column j},

and a vertex of it is fixed by ``m`` of its ``m + n`` labels (``x_i = 0`` or ``(B^T x)_j = v``)
holding with equality: a linear system ``M_L(c) z = e`` in ``z = (x, v)``.  Its solution is
``adj M_L(c) e / det M_L(c)``, so the *slack* of every other label is a rational function of ``c``
whose numerator is a polynomial ``N_{L,k}(c)``.  Between consecutive real roots of all the
``det M_L`` and ``N_{L,k}`` (and the same for player 1's polytope), no sign changes: the vertices,
their labels, hence the completely labelled pairs and the maximal Nash subsets stay the same
(Avis, Rosenberg, Savani & von Stengel 2010, section 2).  So:

1. the *breakpoints* are the real roots of those polynomials, isolated exactly (sympy's
   ``Poly.intervals``), rational or algebraic;
2. on each open interval between them, :func:`~derive.solving.general_sum.two_player.all_equilibria` is run
   at one rational point, and each extreme equilibrium is then re-derived as a function of ``c``
   by solving, with ``c`` symbolic, the indifference system of the labels tight at that point;
3. at each rational breakpoint the game is solved as it stands; an irrational one is reported with
   its defining polynomial, not solved (and listed as *unsettled*, not as a breakpoint, when the
   equilibria on its two sides agree);
4. neighbouring pieces whose equilibria agree (the formulas, and their values at the point between)
   are merged, so the breakpoints listed are those where the set of equilibria changes;
5. every extreme equilibrium of every piece is then checked on the whole piece, exactly: its
   probabilities are non-negative and sum to 1, and no pure strategy pays either player more, each
   a rational function of ``c`` whose sign is decided between the exact real roots of its numerator
   (:func:`nonpositive_on`).  Nothing that fails is returned.

This generalises what :mod:`derive.solving.parameters.parametric` does for the bet size of one-card poker.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import sympy as sp

from derive.dominance.general import payoff_table, reduced_strategies
from derive.extensive_form.build import exact_value
from derive.extensive_form.exact import exact_float
from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form
from derive.solving.general_sum.two_player import all_equilibria

__all__ = ["Piece", "PiecewiseEquilibria", "SymbolicEquilibrium", "piecewise_equilibria", "substitute"]

#: Largest number of label sets (bases) examined per player.
MAX_BASES = 20_000


@dataclass(frozen=True)
class SymbolicEquilibrium:
    """An extreme equilibrium on a piece, as functions of the symbol.

    Attributes
    ----------
    strategies : (dict, dict)
        Each player's mixed strategy, ``reduced strategy label -> expression`` (zeros left out).
    payoffs : (sympy.Expr, sympy.Expr)
        Each player's expected payoff.
    """

    strategies: tuple[dict[str, sp.Expr], dict[str, sp.Expr]]
    payoffs: tuple[sp.Expr, sp.Expr]


@dataclass(frozen=True)
class Piece:
    """The equilibria on one interval of the symbol, or at one breakpoint.

    Attributes
    ----------
    where : sympy.Set
        An open ``Interval`` (ends may be infinite or algebraic) or a ``FiniteSet`` of one breakpoint.
    extreme : tuple of SymbolicEquilibrium or None
        The extreme equilibria (functions of the symbol on an interval, numbers at a point); None at
        an irrational breakpoint (not solved).
    subsets : tuple of (tuple of int, tuple of int)
        The maximal Nash subsets: for each, the extreme equilibria's indices into
        ``strategy_sets[0]`` and ``strategy_sets[1]`` whose convex hulls' product it is.
    strategy_sets : (tuple of dict, tuple of dict)
        Each player's distinct extreme equilibrium strategies on the piece.
    note : str
        For an irrational breakpoint, its defining polynomial.
    """

    where: sp.Set
    extreme: tuple[SymbolicEquilibrium, ...] | None
    subsets: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    strategy_sets: tuple[tuple[dict, ...], tuple[dict, ...]] = ((), ())
    note: str = ""


@dataclass(frozen=True)
class PiecewiseEquilibria:
    """Every Nash equilibrium of a two-player game as a piecewise function of one payoff symbol.

    Attributes
    ----------
    symbol : sympy.Symbol
    domain : sympy.Interval
    breakpoints : tuple of sympy.Expr
        Where the set of equilibria changes, increasing (rational numbers, or ``CRootOf`` where the
        two sides differ), inside the domain (its ends are pieces of their own).
    pieces : tuple of Piece
        Alternating open intervals and breakpoints, covering the domain in order.
    strategies : (tuple of str, tuple of str)
        Each player's reduced pure strategies.
    payoffs : (sympy.Matrix, sympy.Matrix)
        ``A(c)`` and ``B(c)``, the reduced strategic form in the symbol.
    candidates : int
        The number of candidate breakpoints examined (roots of the basis polynomials).
    unsettled : tuple of sympy.Expr
        Irrational candidates with the same equilibria on both sides, where the point itself is not
        solved (the set there may or may not be larger); they are pieces but not breakpoints.
    """

    symbol: sp.Symbol
    domain: sp.Interval
    breakpoints: tuple[sp.Expr, ...]
    pieces: tuple[Piece, ...]
    strategies: tuple[tuple[str, ...], tuple[str, ...]]
    payoffs: tuple[sp.Matrix, sp.Matrix]
    candidates: int
    unsettled: tuple[sp.Expr, ...] = ()


def substitute(game: Game, values: dict[sp.Symbol, sp.Expr]) -> Game:
    """``game`` with exact values put for some of its symbols (payoffs and chance probabilities).

    Raises
    ------
    GameModelError
        If a value is a float that is not a short decimal (:mod:`derive.extensive_form.exact`;
        0.5 is 1/2) or not a number, or a chance probability becomes negative (the rebuilt game is
        validated).
    """
    values = {s: exact_value(v, f"value of {s}") for s, v in values.items()}
    nodes = tuple(
        dataclasses.replace(
            n,
            outcome=None if n.outcome is None else tuple(sp.sympify(v).subs(values) for v in n.outcome),
            probabilities=tuple(sp.sympify(v).subs(values) for v in n.probabilities),
        )
        for n in game.nodes
    )
    return dataclasses.replace(game, nodes=nodes, symbols=tuple(s for s in game.symbols if s not in values))


def _symbolic_form(game: Game):
    """Reduced strategies and the payoff matrices ``A(c)``, ``B(c)`` as sympy matrices."""
    sf = game_sequence_form(game)
    mine, theirs = reduced_strategies(sf, 0), reduced_strategies(sf, 1)
    tables = (payoff_table(sf, 0, mine, theirs), payoff_table(sf, 1, theirs, mine))

    def expr(v) -> sp.Expr:  # QQ when that player's payoffs hold no symbol
        return sp.expand(v) if isinstance(v, sp.Basic) else sp.QQ.to_sympy(v)

    mats = (
        sp.Matrix([[expr(tables[0][(s, t)]) for t in theirs] for s in mine]),
        sp.Matrix([[expr(tables[1][(t, s)]) for t in theirs] for s in mine]),
    )
    return (tuple(s.label for s in mine), tuple(t.label for t in theirs)), mats[0], mats[1]


def _system(R: sp.Matrix, L: tuple[int, ...]) -> sp.Matrix:
    """``M_L``: rows ``x_i = 0`` (label ``i < m``) or ``(R^T x)_j - v = 0`` (label ``m + j``), then ``sum x = 1``.

    ``R`` is the opponent-facing payoff matrix of the player whose polytope it is (``m x n``).
    """
    m, n = R.shape
    rows = []
    for k in L:
        if k < m:
            rows.append([1 if i == k else 0 for i in range(m)] + [0])
        else:
            rows.append([R[i, k - m] for i in range(m)] + [-1])
    rows.append([1] * m + [0])
    return sp.Matrix(rows)


def _slacks(R: sp.Matrix, z: sp.Matrix) -> list[sp.Expr]:
    """Every label's slack at ``z = (x, v)``: ``x_i`` then ``v - (R^T x)_j``."""
    m, n = R.shape
    x, v = z[:m, 0], z[m, 0]
    return [x[i] for i in range(m)] + [
        v - sum((R[i, j] * x[i] for i in range(m)), sp.S.Zero) for j in range(n)
    ]


def _critical_polynomials(R: sp.Matrix, c: sp.Symbol) -> set[sp.Poly]:
    m, n = R.shape
    if sp.binomial(m + n, m) > MAX_BASES:
        raise NotSupportedError(f"{sp.binomial(m + n, m)} label sets to examine (more than {MAX_BASES})")
    from sympy.polys.matrices import DomainMatrix

    ring = sp.QQ[c]
    out: set[sp.Poly] = set()
    for L in itertools.combinations(range(m + n), m):
        M = DomainMatrix.from_Matrix(_system(R, L)).convert_to(ring)
        det = sp.Poly(ring.to_sympy(M.det()), c)
        if det.is_zero:
            continue
        e = DomainMatrix.from_Matrix(sp.Matrix([0] * m + [1])).convert_to(ring)
        num, den = M.solve_den(e)  # M num = den e: z = num / den
        for f in (det, sp.Poly(ring.to_sympy(den), c)):
            if not f.is_ground:
                out.add(f.monic())
        z = num.to_Matrix()
        for k, slack in enumerate(_slacks(R, z)):
            if k in L:
                continue
            num = sp.Poly(sp.expand(slack), c)
            if not num.is_zero and not num.is_ground:
                out.add(num.monic())
    return out


def _tight(R: sp.Matrix, x: list[sp.Rational]) -> list[int]:
    """Labels of the normalised strategy ``x`` in its player's polytope (``R`` numeric)."""
    m, n = R.shape
    best = max(sum((R[i, j] * x[i] for i in range(m)), sp.S.Zero) for j in range(n))
    zero = [i for i in range(m) if x[i] == 0]
    return zero + [m + j for j in range(n) if sum((R[i, j] * x[i] for i in range(m)), sp.S.Zero) == best]


def _formula(R: sp.Matrix, R0: sp.Matrix, x0: list[sp.Rational]) -> list[sp.Expr]:
    """The vertex ``x0`` of the polytope at the sample point, as a function of the symbol."""
    m = R.shape[0]
    tight = _tight(R0, x0)
    for L in itertools.combinations(tight, m):
        M0 = _system(R0, L)
        if M0.det() != 0:
            z = _system(R, L).LUsolve(sp.Matrix([0] * m + [1]))
            return [sp.factor(sp.cancel(z[i])) for i in range(m)]
    raise ArithmeticError("an extreme equilibrium without a basis of tight labels (a bug)")


def _solve_at(game: Game, c: sp.Symbol, value: sp.Expr, labels, A, B, symbolic: bool) -> Piece:
    eqs = all_equilibria(substitute(game, {c: value}))
    A0, B0 = A.subs(c, value), B.subs(c, value)
    vecs = []
    for p, R, R0 in ((0, B, B0), (1, A.T, A0.T)):
        rows = []
        for strat in eqs.extreme_strategies[p]:
            x0 = [sp.Rational(strat.get(label, 0)) for label in labels[p]]
            x = _formula(R, R0, x0) if symbolic else x0
            rows.append({label: v for label, v in zip(labels[p], x) if v != 0})
        vecs.append(tuple(rows))
    extreme = []
    for e in eqs.extreme:
        pair = []
        for p in (0, 1):
            k = next(
                k
                for k, s in enumerate(eqs.extreme_strategies[p])
                if s == {a: b for a, b in e.strategies[p].items() if b != 0}
            )
            pair.append(vecs[p][k])
        x = sp.Matrix([pair[0].get(label, 0) for label in labels[0]])
        y = sp.Matrix([pair[1].get(label, 0) for label in labels[1]])
        payoffs = tuple(sp.factor(sp.cancel((x.T * M * y)[0, 0])) for M in ((A, B) if symbolic else (A0, B0)))
        extreme.append(SymbolicEquilibrium((pair[0], pair[1]), payoffs))  # type: ignore[arg-type]
    subsets = tuple(s.extreme for s in eqs.subsets)
    return Piece(sp.EmptySet, tuple(extreme), subsets, (vecs[0], vecs[1]))


def _key(piece: Piece, c: sp.Symbol, at: sp.Expr | None = None):
    """What two pieces must share to be merged: their equilibria (at a point, if given)."""

    def norm(v):
        return sp.radsimp(sp.cancel(v.subs(c, at))) if at is not None else sp.cancel(v)

    return frozenset(
        (
            tuple(sorted((k, norm(v)) for k, v in e.strategies[0].items() if norm(v) != 0)),
            tuple(sorted((k, norm(v)) for k, v in e.strategies[1].items() if norm(v) != 0)),
        )
        for e in piece.extreme or ()
    ), len(piece.subsets)


def piecewise_equilibria(
    game: Game, symbol: sp.Symbol | None = None, domain: sp.Interval | None = None
) -> PiecewiseEquilibria:
    """Every Nash equilibrium of a two-player game with one payoff symbol, piece by piece (module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, payoffs and chance probabilities polynomial in one symbol (a
        chance probability such as beer-quiche's prior may hold it, if it stays in ``[0, 1]`` on
        ``domain``).
    symbol : sympy.Symbol, optional
        The symbol (default: the game's only one).
    domain : sympy.Interval, optional
        The symbol's range (default: all reals).

    Returns
    -------
    PiecewiseEquilibria

    Raises
    ------
    NotSupportedError
        If the game does not have two players, its payoffs are not polynomial in exactly one symbol,
        a chance probability holding it leaves ``[0, 1]`` on the domain, the domain is not an interval of more than one point or has
        an end that is a float but no short decimal, or there are too many label sets
        (:data:`MAX_BASES`).

    References
    ----------
    Avis, Rosenberg, Savani & von Stengel (2010), Economic Theory 42, section 2 (the labelled
    polytopes); the parametric analysis follows the bet-size sweep of :mod:`derive.solving.parameters.parametric`.
    """
    if game.num_players != 2:
        raise NotSupportedError(f"piecewise equilibria are for two players; this game has {game.num_players}")
    present = sorted(
        set().union(
            *(sp.sympify(v).free_symbols for n in game.nodes for v in (*(n.outcome or ()), *n.probabilities))
        ),
        key=str,
    )
    if symbol is None:
        if len(present) != 1:
            raise NotSupportedError(
                f"the payoffs must hold exactly one symbol, found {len(present)}: {', '.join(map(str, present)) or 'none'}"
            )
        symbol = present[0]
    elif set(present) - {symbol}:
        raise NotSupportedError(
            f"other symbols than {symbol}: {', '.join(str(s) for s in present if s != symbol)}"
        )
    c = symbol
    domain = domain if domain is not None else sp.Interval(-sp.oo, sp.oo)
    if isinstance(domain, sp.Basic) and domain.atoms(sp.Float):  # 0.5 is 1/2; 1/3 typed as a float is refused
        domain = domain.xreplace(
            {f: exact_float(f, f"the domain {domain}", NotSupportedError) for f in domain.atoms(sp.Float)}
        )
    if not isinstance(domain, sp.Interval):  # sympy makes Interval(3, 3) a FiniteSet, Interval(2, 1) empty
        raise NotSupportedError(f"the domain of {c} must be an interval of more than one point, got {domain}")
    _require_probabilities(game, c, domain)
    labels, A, B = _symbolic_form(game)
    for M in (A, B):
        for v in M:
            if not v.is_polynomial(c):
                raise NotSupportedError(f"payoff {v} is not a polynomial in {c}")
    polys = _critical_polynomials(B, c) | _critical_polynomials(A.T, c)
    product = sp.Poly(1, c)
    for f in polys:
        product = product * f
    sqf = (
        sp.Poly(sp.prod(f for f, _ in product.factor_list()[1]), c)
        if not product.is_ground
        else sp.Poly(1, c)
    )
    inside = sp.Interval.open(domain.start, domain.end)  # the domain's ends are solved on their own
    roots = [r for r in sp.real_roots(sqf) if inside.contains(r) is sp.true] if not sqf.is_ground else []
    roots = sorted(set(roots), key=lambda r: sp.N(r, 50))  # distinct real roots: the order is exact
    # the open intervals between the roots, each with a rational point inside
    ends = [domain.start, *roots, domain.end]
    pieces: list[Piece] = []
    for k in range(len(ends) - 1):
        lo, hi = ends[k], ends[k + 1]
        if lo == hi:
            continue
        point = rational_between(lo, hi)
        piece = _solve_at(game, c, point, labels, A, B, symbolic=True)
        pieces.append(dataclasses.replace(piece, where=sp.Interval.open(lo, hi)))
        if k + 1 < len(ends) - 1:
            r = ends[k + 1]
            if r.is_Rational:
                at = _solve_at(game, c, r, labels, A, B, symbolic=False)
                pieces.append(dataclasses.replace(at, where=sp.FiniteSet(r)))
            else:
                note = f"a root of {sp.minimal_polynomial(r, c).as_expr()}, not solved"
                pieces.append(Piece(sp.FiniteSet(r), None, note=note))
    for end, closed in ((domain.start, not domain.left_open), (domain.end, not domain.right_open)):
        if closed and end.is_finite:
            at = _solve_at(game, c, end, labels, A, B, symbolic=False)
            piece = dataclasses.replace(at, where=sp.FiniteSet(end))
            pieces = [piece, *pieces] if end == domain.start else [*pieces, piece]
    merged = _merge(pieces, c)
    for piece in merged:
        _verify_piece(piece, c, labels, A, B)
    breakpoints, unsettled = [], []
    for k, p in enumerate(merged):
        if isinstance(p.where, sp.FiniteSet) and 0 < k < len(merged) - 1:
            r = next(iter(p.where))
            if p.extreme is None and _key(merged[k - 1], c) == _key(merged[k + 1], c):
                unsettled.append(r)  # the same equilibria on both sides; the point itself not solved
                merged[k] = dataclasses.replace(p, note=p.note + "; the same equilibria on both sides")
            else:
                breakpoints.append(r)
    return PiecewiseEquilibria(
        c, domain, tuple(breakpoints), tuple(merged), labels, (A, B), len(roots), tuple(unsettled)
    )


def _require_probabilities(game: Game, c: sp.Symbol, domain: sp.Interval) -> None:
    """Refuse a chance probability that holds ``c`` and leaves ``[0, 1]`` somewhere on ``domain``.

    Decided exactly (:func:`nonpositive_on` on the open interval, and at each end the domain holds).

    Raises
    ------
    NotSupportedError
        Naming the probability, its chance move and the domain.
    """
    ends = [e for e in (domain.start, domain.end) if e.is_finite and domain.contains(e) is sp.true]
    for n in game.nodes:
        for action, v in zip(n.actions, n.probabilities):
            v = sp.sympify(v)
            if not v.has(c):
                continue
            for outside in (-v, v - 1):  # v >= 0 and v <= 1
                if not (
                    nonpositive_on(outside, c, domain.start, domain.end)
                    and all(outside.subs(c, e) <= 0 for e in ends)
                ):
                    raise NotSupportedError(
                        f"the chance probability {v} of {action!r} leaves [0, 1] for some {c} in {domain}"
                    )


def nonpositive_on(expr: sp.Expr, c: sp.Symbol, lo: sp.Expr, hi: sp.Expr) -> bool:
    """Whether the rational function ``expr`` of ``c`` is defined and ``<= 0`` on the open interval ``(lo, hi)``.

    Decided exactly: the real roots of its numerator and denominator inside the interval are isolated
    (sympy's ``real_roots``, exact comparison with the ends); the denominator must have none, and the
    numerator's sign is evaluated at a rational point between each pair of neighbouring roots,
    where it cannot change.  ``lo`` and ``hi`` may be rational, algebraic or infinite.
    """
    num, den = sp.fraction(sp.cancel(sp.together(expr)))
    if not num.has(c) and not den.has(c):
        return bool(sp.simplify(expr) <= 0)
    inside = sp.Interval.open(lo, hi)

    def roots(f):
        if not f.has(c):
            return []
        return [r for r in sp.real_roots(sp.Poly(f, c)) if inside.contains(r) is sp.true]

    if roots(den):
        return False
    ends = [lo, *sorted(set(roots(num)), key=lambda r: sp.N(r, 50)), hi]
    return all(
        sp.sympify(expr).subs(c, rational_between(a, b)) <= 0 for a, b in zip(ends, ends[1:]) if a != b
    )


def _verify_piece(piece: Piece, c: sp.Symbol, labels, A: sp.Matrix, B: sp.Matrix) -> None:
    """Check that each extreme equilibrium of a piece is a mixed-strategy pair and an equilibrium at
    every point of the piece: probabilities ``>= 0`` summing to 1, no pure strategy of either player
    paying more (:func:`nonpositive_on` on an interval; exact arithmetic at a point).

    Raises
    ------
    NotSupportedError
        Naming the piece and the failing condition (a bug: reported, never printed as an answer).
    """
    if piece.extreme is None:
        return
    where = piece.where
    if isinstance(where, sp.FiniteSet):
        (r,) = where

        def holds(expr: sp.Expr) -> bool:
            return bool(sp.simplify(sp.sympify(expr).subs(c, r)) <= 0)
    else:

        def holds(expr: sp.Expr) -> bool:
            return nonpositive_on(expr, c, where.start, where.end)

    for k, e in enumerate(piece.extreme, start=1):
        x = sp.Matrix([e.strategies[0].get(label, 0) for label in labels[0]])
        y = sp.Matrix([e.strategies[1].get(label, 0) for label in labels[1]])
        checks = [(-v, "a negative probability") for v in (*x, *y)]
        for vec in (x, y):
            if sp.simplify(sum(vec) - 1) != 0:
                raise NotSupportedError(
                    f"on {where}, extreme equilibrium {k}: probabilities do not sum to 1 (a bug)"
                )
        rows, cols = A * y, (x.T * B).T
        u0, u1 = (x.T * A * y)[0, 0], (x.T * B * y)[0, 0]
        checks += [(rows[i] - u0, f"row {labels[0][i]!r} pays more") for i in range(len(labels[0]))]
        checks += [(cols[j] - u1, f"column {labels[1][j]!r} pays more") for j in range(len(labels[1]))]
        for expr, what in checks:
            if not holds(expr):
                raise NotSupportedError(
                    f"on {where}, extreme equilibrium {k} fails: {what} somewhere (a bug: reported, not printed)"
                )


def rational_between(lo: sp.Expr, hi: sp.Expr) -> sp.Rational:
    """The rational with the smallest denominator strictly between ``lo < hi`` (real algebraic
    numbers or infinities), checked by exact comparison."""
    if lo == -sp.oo and hi == sp.oo:
        return sp.S.Zero
    if lo == -sp.oo:
        return sp.floor(hi) - 1
    if hi == sp.oo:
        return sp.floor(lo) + 1
    for q in itertools.count(1):
        p = sp.floor(lo * q) + 1  # exact for rationals and CRootOf alike
        if sp.Rational(p, q) < hi:
            return sp.Rational(p, q)
    raise AssertionError("unreachable")


def _merge(pieces: list[Piece], c: sp.Symbol) -> list[Piece]:
    """Drop breakpoints where nothing changes: interval, point, interval with the same equilibria."""
    out: list[Piece] = []
    for piece in pieces:
        out.append(piece)
        while (
            len(out) >= 3
            and isinstance(out[-1].where, sp.Interval)
            and isinstance(out[-2].where, sp.FiniteSet)
        ):
            left, point, right = out[-3], out[-2], out[-1]
            if point.extreme is None or not isinstance(left.where, sp.Interval):
                break
            r = next(iter(point.where))
            if _key(left, c) == _key(right, c) and _key(left, c, r) == _key(point, c):
                out[-3:] = [
                    dataclasses.replace(left, where=sp.Interval.open(left.where.start, right.where.end))
                ]
            else:
                break
    return out
