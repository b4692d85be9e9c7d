"""A two-player constant-sum game solved as an exact piecewise function of one parameter ``t``.

Let the payoffs (and chance probabilities) of a game with perfect recall be rational functions of
one symbol ``t`` -- a bet, a pot, a cost -- on an interval ``[lo, hi]``.  Each player's
sequence-form LP (von Stengel 1996, as in :mod:`derive.solving.zero_sum.sequence_form_lp`)

    maximise  v_p = q_root   subject to   E x = e,  x >= 0,   F^T q - A_p(t)^T x <= 0

then has a constraint matrix whose entries are rational functions of ``t``.  The method is the
parametric simplex method's basis-stability argument (Gass & Saaty 1955; the same argument as for
ε in :mod:`derive.solving.refinements.epsilon_lp`), in exact arithmetic:

1. at a rational point ``t0`` HiGHS proposes an optimal basis of each player's LP;
2. the basis's square system is solved with ``t`` symbolic, over the field ``Q(t)`` (sparse
   elimination, then the dense core by power series and Padé approximation), giving every variable -- the realization plan ``x(t)``, the
   values ``q(t)``, hence ``v_p(t)`` -- as a rational function of ``t``;
3. the basic solution is *feasible* wherever each of its variables ``>= 0`` and each constraint's
   slack ``>= 0``: rational functions, whose signs change only at real roots of the irreducible
   factors of their numerators and denominators.  Only roots inside the gap being covered matter:
   a numerator or denominator without a root there (Descartes' rule of signs, no factoring) is left
   out; the roots of the others are found outward from ``t0``, nearest first and only as far as
   needed (windows halved by Descartes' rule until few polynomials have roots in them, which are
   then factored and their roots isolated exactly: Vincent-Collins-Akritas; rational, or algebraic
   with a rational isolating interval), and the largest interval around ``t0`` on which every sign
   holds is found by testing one rational point between consecutive roots and the roots
   themselves (a root of a denominator ends the piece, open);
4. where both players' basic solutions are feasible and ``v_0(t) + v_1(t)`` equals the constant
   sum as a rational function, weak duality proves both optimal: ``v_0(t)`` is the game value and
   ``x(t)``, ``y(t)`` are optimal strategies on the whole interval;
5. the rest of ``[lo, hi]`` is covered the same way (a new ``t0`` in each gap left), and
   neighbouring pieces with the same formulas are merged.

A ``t0`` that happens to be a root (the basis degenerate there) is replaced by another point; a
gap still uncovered after :data:`MAX_SOLVES` points raises :class:`ParametricError` rather than
guessing.  At the information sets a player's own plan never reaches on a piece, his best reply
against the opponent's strategy is filled in, decided exactly on the whole piece where one action
is best throughout (:mod:`derive.solving.parameters.off_path`), so each piece gives a whole
profile.  Each piece is also checked at a rational point inside it by exact best responses to that
whole profile there (``check=True``); the test suite compares pieces with exact solves of the game.

References
----------
Gass & Saaty (1955), "The computational algorithm for the parametric objective function"; von
Stengel (1996), "Efficient computation of behavior strategies", section 4; Koller, Megiddo & von
Stengel (1994).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count
from derive.sequence_form.general import game_sequence_form
from derive.solving.forked import run_tasks
from derive.solving.lp import ExactLPError, basis_system, optimal_basis, row_times
from derive.solving.parameters.basis_solve import solve_basis as _solve_basis
from derive.solving.parameters.breakpoints import (
    Breakpoint,
    ParametricError,
    flint_poly,
    flint_q,
    may_have_roots,
    roots_inside,
    roots_outward,
    sorted_points,
)
from derive.solving.parameters.breakpoints import between as _between
from derive.solving.parameters.breakpoints import less as _less
from derive.solving.parameters.breakpoints import same as _same
from derive.solving.parameters.parametric_pieces import (
    ParametricSolution,
    ValuePiece,
    make_piece,
    piece_data,
    piece_from_data,
    probability_at,
)
from derive.solving.parameters.rational_functions import RationalFunction, combination, poly_key
from derive.solving.parameters.rational_functions import RationalFunctionField as _Field
from derive.solving.zero_sum.best_response import best_response_values
from derive.solving.zero_sum.sequence_form_lp import _program

__all__ = [
    "MAX_SOLVES",
    "Breakpoint",
    "ParametricError",
    "ParametricSolution",
    "ValuePiece",
    "parametric_solve",
]

#: Most rational points at which the LPs are solved before :func:`parametric_solve` gives up (about
#: one per piece; Leduc hold'em's second-round bet from 1 to 8 has well over a hundred pieces).
MAX_SOLVES = 1000


# --------------------------------------------------------------------------- one basis, symbolically


@dataclass
class _Side:
    """One player's LP at a basis: the values as functions of ``t`` and the signs that must hold."""

    plan: list
    value: object
    conditions: list  # rational functions that must be >= 0 on the piece


def _side(field: _Field, prog_sym, prog_num, n: int) -> _Side | None:
    """Player's LP solved at HiGHS's basis for ``prog_num``, symbolically; None if the basis is unusable."""
    basis = optimal_basis(prog_num, {n: QQ(1)})
    position, mat, bounds = basis_system(prog_sym.rows, prog_sym.lower, prog_sym.upper, basis)
    try:
        z = _solve_basis(field, mat, len(basis.basic), bounds)
    except ZeroDivisionError:
        return None
    values = [field.zero] * prog_sym.ncols
    for c, k in position.items():
        values[c] = z[k]
    conditions = [values[c] for c in range(prog_sym.ncols) if c not in prog_sym.free]
    tight = {r for r, _ in basis.tight}
    for r, row in enumerate(prog_sym.rows):
        lower, upper = prog_sym.lower[r], prog_sym.upper[r]
        if r in tight:
            # the basis's own rows hold at their bound identically (the system was solved, and its
            # dense core proved, as an identity in t); only the other bound is left to hold
            if lower is not None and upper is not None and lower != upper:
                conditions.append(field(upper) - field(lower))
            continue
        total = combination((field(v), values[c]) for c, v in row.items() if values[c])
        if lower is not None and upper is not None and lower == upper:
            if total != field(lower):
                return None  # an equality the basic solution misses: not this basis
            continue
        if lower is not None:
            conditions.append(total - field(lower))
        if upper is not None:
            conditions.append(field(upper) - total)
    return _Side(values[:n], values[n], [c for c in conditions if c])


# --------------------------------------------------------------------------- pieces


def _symbol_of(game: Game, symbol) -> sp.Symbol:
    names = {str(s): s for s in game.symbols}
    name = str(symbol)
    if name not in names:
        have = ", ".join(names) or "none"
        raise NotSupportedError(f"the game has no parameter {name!r} (its symbols: {have})")
    others = sorted(set(names) - {name})
    if others:
        raise NotSupportedError(
            f"the game has other symbols besides {name!r} ({', '.join(others)}); substitute numbers for them"
        )
    return names[name]


def parametric_solve(
    game: Game,
    symbol: sp.Symbol | str,
    lower: object,
    upper: object,
    *,
    progress: Callable[[str], None] | None = None,
    max_solves: int = MAX_SOLVES,
    check: bool = True,
    processes: int = 1,
) -> ParametricSolution:
    """Solve a two-player constant-sum game exactly as a piecewise function of one parameter.

    Parameters
    ----------
    game : Game
        Two players, perfect recall, constant sum; payoffs and chance probabilities rational
        functions of ``symbol`` and no other symbol.
    symbol : sympy.Symbol or str
        The parameter (or its name), e.g. the bet size.
    lower, upper : rational number or str
        The interval ``[lower, upper]`` of the parameter, ``lower < upper`` (exact: ``"1/2"``).
    progress : callable, optional
        Called with one line of text per piece found.
    max_solves : int
        Most rational points at which the LPs are solved (default :data:`MAX_SOLVES`).
    check : bool
        Certify each piece again at a rational point inside it: every information set has a
        probability distribution there (off the path too), and the exact best responses to the
        whole profile give its formula's value (a check of the proof and of the off-path play, by
        backward induction).  The off-path play is filled in either way.
    processes : int
        Processes to find the pieces in, this one included (default 1; the others are forked
        children, see :func:`derive.solving.forked.usable_processes`): each gap left between the
        pieces found is a task whose piece does not depend on the process, so the answer is the
        same.  With more than one, each piece's strategy texts are made where it is found.

    Returns
    -------
    ParametricSolution
        Pieces left to right, each with its exact interval, value and optimal strategies, every
        information set of both players given (:attr:`ValuePiece.strategies`; at those off the
        path of a player's own plan, his best reply, :attr:`ValuePiece.off_path_best`).

    Raises
    ------
    NotSupportedError
        If the game is not a two-player constant-sum game, has no such symbol or other symbols,
        or a chance probability is negative or a payoff has a pole inside the interval.
    ImperfectRecallError
        If recall is imperfect.
    ValueError
        If the interval is empty or its ends are not exact numbers, or ``processes`` is not a
        whole number >= 1.
    ParametricError
        If ``[lower, upper]`` is not covered after ``max_solves`` points, or a piece fails its check.

    Examples
    --------
    >>> from derive.games.textbook import myerson_poker
    >>> B = sp.Symbol("B", positive=True)
    >>> sol = parametric_solve(myerson_poker(1, B), B, 1, 3)
    >>> [(str(p.lower), str(p.upper), p.value) for p in sol.pieces]
    [('1', '3', B/(B + 2))]

    References
    ----------
    Gass & Saaty (1955); von Stengel (1996), section 4.
    """
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number >= 1, got {processes!r}")
    if game.num_players != 2:
        raise NotSupportedError(f"a parametric solve needs two players, the game has {game.num_players}")
    game.require_perfect_recall()
    t = _symbol_of(game, symbol)
    lo, hi = (exact_value(v, name) for v, name in ((lower, "lower end"), (upper, "upper end")))
    if not (lo.is_Rational and hi.is_Rational) or lo >= hi:
        raise ValueError(f"the interval of {t} must be two numbers lo < hi, got {lo}..{hi}")
    constant = game.constant_sum
    if constant is None:
        raise NotSupportedError(
            f"{game.title or 'the game'} is not constant-sum; general-sum games with one symbol are "
            "solved piecewise by derive.solving.parameters.symbolic_payoffs.piecewise_equilibria"
        )
    field = _Field(t)
    ends = (Breakpoint.rational(lo, t), Breakpoint.rational(hi, t))
    _require_well_defined(game, field, lo, hi)

    sf = game_sequence_form(game)
    entries = [sf.payoff_entries(p) for p in (0, 1)]
    mats_sym = [{}, {}]
    for (i, j), v in entries[0].items():
        mats_sym[0].setdefault(i, {})[j] = field(v)
    for (i, j), v in entries[1].items():
        mats_sym[1].setdefault(j, {})[i] = field(v)
    progs_sym = [_program(sf, mats_sym[p], p) for p in (0, 1)]
    c_sym = field(sp.sympify(constant))
    say = progress or (lambda message: None)
    say(
        f"parametric sequence-form LP: {sf.shape[0]:,} x {sf.shape[1]:,} sequences, {t} in [{lo}, {hi}], "
        f"at most {max_solves} points"
    )

    pieces: list[ValuePiece] = []
    solves = 0
    covered = 0.0

    def find(task) -> tuple[ValuePiece, int]:
        """The piece around the simplest rational of the gap ``(a, b)`` (other points if that one is
        degenerate), cut to the gap, and the points it took."""
        (a, b), budget = task
        piece, tries = None, 0
        while piece is None:
            if tries >= budget:
                raise ParametricError(
                    f"{t} between {a} and {b} is not covered after {max_solves} points (limit {max_solves})"
                )
            t0 = _probe(a, b, tries)
            tries += 1
            piece = _piece_at(field, sf, mats_sym, progs_sym, c_sym, t0, ends, (a, b))
        piece = _clip(piece, a, b)
        if processes > 1:
            for p in (0, 1):  # its texts made where it was found, in parallel (the reports print them)
                piece.strategy_texts(p)
        return piece, tries

    def handle(task, found) -> list:
        nonlocal solves, covered
        (a, b), _ = task
        piece, tries = found
        solves += tries
        pieces.append(piece)
        covered += _approx(piece.upper) - _approx(piece.lower)  # for the progress line only
        degree = max(piece.formulas[0].num.degree(), piece.formulas[0].den.degree())
        say(
            f"piece {len(pieces)}: {t} in [{piece.lower.short()}, {piece.upper.short()}], value of degree "
            f"{degree}; {100 * covered / float(hi - lo):.0f}% of [{lo}, {hi}] covered ({solves} LP points)"
        )
        gaps = []
        if _less(a, piece.lower):
            gaps.append((a, piece.lower))
        if _less(piece.upper, b):
            gaps.append((piece.upper, b))
        return [(gap, None) for gap in gaps]

    def budget(task):
        if solves >= max_solves:
            (a, b), _ = task
            raise ParametricError(
                f"{t} between {a} and {b} is not covered after {solves} points (limit {max_solves})"
            )
        return task[0], max_solves - solves

    run_tasks(
        [((ends[0], ends[1]), None)],
        find,
        handle,
        processes=processes,
        encode=lambda found: (piece_data(found[0], texts=True), found[1]),
        decode=lambda data: (piece_from_data(field, sf, data[0]), data[1]),
        fresh=budget,
    )
    if solves > max_solves:
        # children given the points left at the same time may, together, take more than were left:
        # the serial solve would have stopped, so this one does too
        raise ParametricError(
            f"{t} in [{lo}, {hi}] is not covered within {max_solves} points (limit {max_solves}; {solves} needed)"
        )
    order = {id(p.lower): p for p in pieces}
    pieces = [order[id(pt)] for pt in sorted_points([p.lower for p in pieces])]
    pieces = _merge(field, pieces, processes)
    pieces, checked = _fill_and_check(field, sf, mats_sym, c_sym, pieces, say, processes, check)
    return ParametricSolution(game, t, lo, hi, tuple(pieces), sp.sympify(constant), solves, tuple(checked))


def _approx(point: Breakpoint) -> float:
    """A float near ``point`` (within 10^-9), for progress lines only."""
    a, b = point.refined(sp.Rational(1, 10**9)).interval
    return float((a + b) / 2)


def _probe(a: Breakpoint, b: Breakpoint, tries: int) -> sp.Rational:
    """A rational strictly inside ``(a, b)``: the simplest one first, then other points across it."""
    if tries == 0:
        return _between(a, b)
    import random

    return _between(a, b, sp.Rational(random.Random(tries).randint(1, 996), 997))


def _require_well_defined(game: Game, field: _Field, lo, hi) -> None:
    """Chance probabilities >= 0 and payoffs without poles on ``[lo, hi]`` (else NotSupportedError)."""
    checks = []
    for n in game.nodes:
        for v in n.probabilities:
            if sp.sympify(v).free_symbols:
                checks.append((field(v), f"chance probability {v}", True))
        for v in n.outcome or ():
            if sp.sympify(v).free_symbols:
                checks.append((field(v), f"payoff {v}", False))
    for f, what, sign in checks:
        for poly in field.factors(f)[1]:
            if roots_inside(poly, lo, hi) or poly.eval(lo) == 0 or poly.eval(hi) == 0:
                raise NotSupportedError(f"{what} has a pole for {field.symbol} in [{lo}, {hi}]")
        if sign:
            points = [lo, hi] + [
                _between(p, q)
                for p, q in itertools.pairwise(
                    sorted_points(
                        [Breakpoint.rational(lo, field.symbol)]
                        + [r for poly in field.factors(f)[0] for r in roots_inside(poly, lo, hi)]
                        + [Breakpoint.rational(hi, field.symbol)]
                    )
                )
            ]
            if any(field.at(f, QQ.from_sympy(sp.Rational(p))) < 0 for p in points):
                raise NotSupportedError(f"{what} is negative for some {field.symbol} in [{lo}, {hi}]")


def _piece_at(field: _Field, sf, mats_sym, progs_sym, c_sym, t0: sp.Rational, ends, gap) -> ValuePiece | None:
    """The largest interval around ``t0`` inside the gap ``(a, b)`` on which HiGHS's optimal bases at
    ``t0`` stay optimal; None if ``t0`` is a root of a condition (a degenerate point: the caller tries
    another).  Only the roots inside the gap nearest ``t0`` are isolated (:func:`roots_outward`, on
    all of ``ends``); an end of the gap ends the piece closed unless a condition has a pole there
    (as the piece found on all of ``ends``, cut to the gap)."""
    q0 = QQ(int(t0.p), int(t0.q))
    sides = []
    for p in (0, 1):
        num = {i: {j: field.at(v, q0) for j, v in row.items()} for i, row in mats_sym[p].items()}
        prog_num = _program(sf, num, p)
        try:
            side = _side(field, progs_sym[p], prog_num, sf.shape[p])
        except (ExactLPError, ZeroDivisionError):
            return None
        if side is None:
            return None
        sides.append(side)
    if sides[0].value + sides[1].value != c_sym:
        return None  # the bases do not prove each other optimal (HiGHS's float basis was off)
    conditions = sides[0].conditions + sides[1].conditions
    try:
        if any(field.at(g, q0) <= 0 for g in conditions):
            return None  # t0 is a root of a condition, or the basis is not feasible there
    except ZeroDivisionError:
        return None
    # the signs can change only at roots of the conditions' numerators and denominators: those
    # with a root in the gap (Descartes' rule of signs) are searched outward from t0, nearest first
    candidates = [
        (poly, is_den)
        for poly, is_den in _condition_polynomials(conditions)
        if may_have_roots(poly, gap[0].interval[0], gap[1].interval[1])
    ]
    here = Breakpoint.rational(t0, field.symbol)
    span = (ends[0].interval[0], ends[1].interval[0])

    def holds_between(p: Breakpoint, q: Breakpoint) -> bool:
        m = QQ.from_sympy(_between(p, q) if _less(p, q) else _between(q, p))
        try:
            return all(field.at(g, m) >= 0 for g in conditions)
        except ZeroDivisionError:
            return False

    def walk(end: Breakpoint) -> tuple[Breakpoint, bool]:
        """Move away from ``t0`` across the conditions' roots (nearest first) while every sign holds,
        at most to the gap's ``end`` (closed unless a condition has a pole there)."""
        previous = here
        for pt, is_pole in roots_outward(candidates, t0, end, field.irreducible, span):
            if previous is not here and not holds_between(previous, pt):
                return previous, True
            if is_pole:  # a denominator vanishes there: the piece ends, open
                return pt, False
            previous = pt
        if previous is not here and not holds_between(previous, end):
            return previous, True
        return end, not _pole_at(conditions, end)

    upper, upper_closed = walk(gap[1])
    lower, lower_closed = walk(gap[0])
    return make_piece(
        field,
        sf,
        [side.plan for side in sides],
        sides[0].value,
        conditions,
        (lower, upper),
        (lower_closed, upper_closed),
    )


def _condition_polynomials(conditions) -> list[tuple[object, bool]]:
    """The distinct non-constant numerators and denominators of ``conditions`` (FLINT polynomials,
    each with whether it is a denominator)."""
    out: dict[tuple, tuple[object, bool]] = {}
    for g in conditions:
        for poly, is_den in ((g.num, False), (g.den, True)):
            if poly.degree() > 0:
                key = poly_key(poly if is_den else poly / poly.leading_coefficient())
                out[key] = (poly, out.get(key, (poly, False))[1] or is_den)
    return list(out.values())


def _pole_at(conditions, point: Breakpoint) -> bool:
    """Whether a condition's denominator vanishes at ``point`` (divisible by its polynomial)."""
    f = flint_poly(point.polynomial)
    return any(g.den.degree() > 0 and (g.den % f).is_zero() for g in conditions)


def _clip(piece: ValuePiece, a: Breakpoint, b: Breakpoint) -> ValuePiece:
    """``piece`` cut to the gap ``[a, b]`` it was found in."""
    lower, upper, closed = piece.lower, piece.upper, list(piece.closed)
    if _less(lower, a):
        lower, closed[0] = a, True
    if _less(b, upper):
        upper, closed[1] = b, True
    return piece.with_ends(lower, upper, tuple(closed))


def _same_formulas(left: ValuePiece, right: ValuePiece) -> bool:
    return left.formulas == right.formulas


def _holds_on(
    field: _Field, conditions, lo: Breakpoint, hi: Breakpoint, closed: tuple[bool, bool] = (True, True)
) -> bool:
    """Whether every condition is ``>= 0`` (and finite) on the interval from ``lo`` to ``hi``,
    closed at each end or not as ``closed`` says (a pole at an open end is allowed)."""
    if (closed[0] and _pole_at(conditions, lo)) or (closed[1] and _pole_at(conditions, hi)):
        return False
    if not _same(lo, hi):  # one point inside first: most conditions that fail, fail there
        m = QQ.from_sympy(_between(lo, hi))
        try:
            if any(field.at(g, m) < 0 for g in conditions):
                return False
        except ZeroDivisionError:
            return False
    roots = []
    for poly, is_den in _condition_polynomials(conditions):
        if not may_have_roots(poly, lo.interval[0], hi.interval[1]):
            continue  # no root inside (Descartes), nor at an end (a pole there is excluded above)
        for factor in field.irreducible(poly):
            inside = roots_inside(factor, lo, hi)
            if is_den and inside:  # a pole inside
                return False
            roots += inside
    order = sorted_points([lo, *roots, hi])
    for p, q in zip(order, order[1:]):
        if _same(p, q):
            continue
        m = QQ.from_sympy(_between(p, q))
        if any(field.at(g, m) < 0 for g in conditions):
            return False
    return True


def _merge(field: _Field, pieces: list[ValuePiece], processes: int = 1) -> list[ValuePiece]:
    """Join neighbours that meet and have the same value, when one's formulas hold on both (the
    proofs for neighbouring pieces as found are shared among ``processes`` forked children first)."""
    known = _neighbour_proofs(field, pieces, processes)

    def holds(keep: ValuePiece, other: ValuePiece) -> bool:
        # keys are of pieces as found, all alive in ``pieces`` (a merged piece is a new object)
        key = (id(keep), id(other.lower), id(other.upper))
        found = known.get(key)
        return _holds_on(field, keep.conditions, other.lower, other.upper) if found is None else found

    out: list[ValuePiece] = []
    for piece in pieces:
        if out and _same(out[-1].upper, piece.lower) and out[-1].formulas[0] == piece.formulas[0]:
            last = out[-1]
            # each piece's conditions are proved on its own interval: the other one's is left to prove
            for keep, other in ((last, piece), (piece, last)):
                if _same_formulas(last, piece) or holds(keep, other):
                    out[-1] = keep.with_ends(last.lower, piece.upper, (last.closed[0], piece.closed[1]))
                    break
            else:
                out.append(piece)
            continue
        out.append(piece)
    return out


def _neighbour_proofs(field: _Field, pieces: list[ValuePiece], processes: int) -> dict:
    """Whether each piece's conditions hold on its neighbour's interval, for the neighbours as found
    that :func:`_merge` will ask about (same value, other formulas), computed in ``processes`` forked
    children: ``{(id(piece), id(neighbour's lower end), id(its upper end)): bool}``."""
    asks = []
    for left, right in itertools.pairwise(pieces):
        if (
            _same(left.upper, right.lower)
            and left.formulas[0] == right.formulas[0]
            and not _same_formulas(left, right)
        ):
            asks += [(left, right), (right, left)]
    known: dict = {}
    if processes < 2 or len(asks) < 8:
        return known  # asked as the merge goes

    def handle(k: int, result: bool) -> list:
        keep, other = asks[k]
        known[(id(keep), id(other.lower), id(other.upper))] = result
        return []

    run_tasks(
        range(len(asks)),
        lambda k: _holds_on(field, asks[k][0].conditions, asks[k][1].lower, asks[k][1].upper),
        handle,
        processes=processes,
    )
    return known


def _fill_and_check(
    field: _Field, sf, mats_sym, c_sym, pieces: list[ValuePiece], say, processes: int = 1, check: bool = True
) -> tuple[list[ValuePiece], list[sp.Rational]]:
    """Each piece with its off-path information sets filled (:mod:`derive.solving.parameters.off_path`)
    at a rational point inside it, and (``check``) the whole filled profile certified there,
    independently of the piece's proof: every information set has a distribution, and the exact best
    responses to the realization plans these behaviour strategies give have the value of the
    piece's formula (pieces shared among ``processes`` forked children when more than one).
    Returns the filled pieces and the points (empty without ``check``)."""
    done: dict[int, tuple] = {}

    def handle(k: int, result: tuple) -> list:
        done[k] = result
        return []

    run_tasks(
        range(len(pieces)),
        lambda k: _fill_piece(field, sf, mats_sym, c_sym, pieces[k], k + 1, check),
        handle,
        processes=min(processes, max(1, len(pieces) // 8)),
    )
    filled = [pieces[k].with_off_path(sf, done[k][1], done[k][0]) for k in range(len(pieces))]
    if not check:
        return filled, []
    say(
        "checked: at a point inside each piece, every information set given (off the path too) and exact "
        f"best responses give the formula's value ({count(len(done), 'point')})"
    )
    return filled, [done[k][0] for k in range(len(pieces))]


def _check_point(piece: ValuePiece) -> sp.Rational:
    """The rational point strictly inside ``piece`` (its one point, for a piece of one point)."""
    return piece.lower.interval[0] if _same(piece.lower, piece.upper) else _between(piece.lower, piece.upper)


def _nonnegative_on(field: _Field, piece: ValuePiece, q0):
    """``(num, den) -> bool``: whether ``num / den`` (FLINT polynomials, not necessarily reduced) is
    ``>= 0`` at every point of ``piece`` (exactly), ``q0`` a rational inside it: at once when it is
    ``> 0`` at ``q0`` and neither polynomial has a root between the outer ends of the ends' isolating
    intervals, narrowed (Descartes' rule of signs, no root isolated), else by :func:`_holds_on` on
    the reduced fraction."""
    one_point = _same(piece.lower, piece.upper)
    a, b = piece.lower.interval[0], piece.upper.interval[1]
    if not one_point:  # the ends' isolating intervals narrowed to a thousandth of the piece
        width = (b - a) / 1024
        a, b = piece.lower.refined(width).interval[0], piece.upper.refined(width).interval[1]
    ends = (flint_q(a), flint_q(b))
    x0 = flint_q(QQ.to_sympy(q0))
    no_roots: dict[int, tuple] = {}  # id(den) -> (den, whether it has no root from a to b)

    def nonnegative(num, den) -> bool:
        if num.is_zero():
            return True
        if one_point and not piece.lower.is_rational:
            return False  # not decided at an algebraic point
        d0 = den(x0)
        if d0 == 0:
            return _holds(RationalFunction(num, den))
        here = num(x0) / d0
        if here < 0 or one_point:
            return here >= 0
        if here > 0 and not may_have_roots(num, a, b):
            if id(den) not in no_roots:
                clear = not may_have_roots(den, a, b) and all(den(x) != 0 for x in ends)
                no_roots[id(den)] = (den, clear)
            if no_roots[id(den)][1]:
                return True  # one sign, that at q0, from a to b
        return _holds(RationalFunction(num, den))

    def _holds(f) -> bool:
        return not f or _holds_on(field, [f], piece.lower, piece.upper, piece.closed)

    return nonnegative


def _fill_piece(
    field: _Field, sf, mats_sym, c_sym, piece: ValuePiece, k: int, check: bool
) -> tuple[sp.Rational, object]:
    """The check point of piece ``k``, and its off-path play (an
    :class:`~derive.solving.parameters.off_path.OffPathFill`, chosen there); with ``check`` the
    filled profile is certified there first (:func:`_fill_and_check`; ParametricError if it fails)."""
    # here, not at the top: derive's start-up imports this module for its ParametricError
    from derive.solving.parameters.off_path import off_path_fill

    point = _check_point(piece)
    q0 = QQ.from_sympy(point)
    fill = off_path_fill(field, sf, mats_sym, piece, q0, _nonnegative_on(field, piece, q0))
    if check:
        _check_profile(field, sf, mats_sym, c_sym, piece.with_off_path(sf, fill, point), k, point)
    return point, fill


def _check_profile(field: _Field, sf, mats_sym, c_sym, piece: ValuePiece, k: int, point: sp.Rational) -> None:
    """ParametricError unless the filled ``piece``'s behaviour strategies at ``point`` (exact) give
    every information set a probability distribution, and the exact best responses to the
    realization plans they make have the value of its formula (exploitability 0 there)."""
    t = field.symbol
    q0 = QQ.from_sympy(point)
    where = f"piece {k} ({piece.interval_text(t)}) at {t} = {point}"
    mats = [{i: {j: field.at(v, q0) for j, v in row.items()} for i, row in m.items()} for m in mats_sym]
    plans, known = [], {}
    for p in (0, 1):
        behaviour = {}
        for info in sf.infosets_of(p):
            dist = piece.strategies[p].get(info.label)
            if dist is None:
                raise ParametricError(f"{where}: no play at information set {info.label!r}")
            probs = [probability_at(field, dist, a, q0, known) for a in info.actions]
            if any(v < 0 for v in probs) or sum(probs, QQ(0)) != 1:
                raise ParametricError(f"{where}: the probabilities at {info.label!r} are not a distribution")
            behaviour[info.label] = dict(zip(info.actions, probs))
        x = [QQ(1)] * sf.shape[p]
        for j, seq in enumerate(sf.sequences[p]):
            if seq is not None:  # after its parent sequence
                info = sf.all_infosets()[seq[0]]
                x[j] = x[sf.parent[info.index]] * behaviour[info.label][info.actions[seq[1]]]
        plans.append(x)
    lower, _, _ = best_response_values(sf, 1, row_times(mats[0], plans[0]), maximize=False)
    secured, _, _ = best_response_values(sf, 0, row_times(mats[1], plans[1]), maximize=False)
    upper = field.at(c_sym, q0) - secured
    formula = field.at(piece.formulas[0], q0)
    if not lower == upper == formula:
        raise ParametricError(
            f"{where} fails its check: best responses to its whole profile give {lower} and {upper}, "
            f"its formula {formula}"
        )
