"""The result of a parametric solve: pieces of the parameter's interval, each with exact formulas
for the value and both players' optimal strategies
(:func:`derive.solving.parameters.parametric_lp.parametric_solve` finds and proves them).

A piece keeps its formulas as rational functions (FLINT polynomials) and shows them as sympy
expressions or text only when asked (:class:`_Lazy`): Leduc hold'em's pieces hold thousands of
functions of degree up to 42, and building sympy expressions for all of them cost more than
proving the pieces.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game
from derive.solving.parameters.breakpoints import Breakpoint, remember_text
from derive.solving.parameters.breakpoints import less as _less
from derive.solving.parameters.breakpoints import same as _same
from derive.solving.parameters.rational_functions import RationalFunction, poly_key

__all__ = [
    "ParametricSolution",
    "ValuePiece",
    "make_piece",
    "piece_data",
    "piece_from_data",
    "probability_at",
]


class _Deferred:
    """A value made on its first read (:class:`_Made`): a sympy expression of a long formula costs
    more to build and print than its text, which is all a JSON report needs."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        self.make = make


class _Made:
    """A dataclass field that may be given as a :class:`_Deferred`, made on its first read and kept
    (stored under ``_name``; no default)."""

    def __set_name__(self, owner, name: str) -> None:
        self.store = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            raise AttributeError(self.store)  # no default for the dataclass
        v = obj.__dict__[self.store]
        if isinstance(v, _Deferred):
            v = v.make()
            obj.__dict__[self.store] = v
        return v

    def __set__(self, obj, value) -> None:
        obj.__dict__[self.store] = value


@dataclass(frozen=True)
class ValuePiece:
    """One interval of the parameter on which one formula gives the value and both strategies.

    Attributes
    ----------
    lower, upper : Breakpoint
        The interval's ends (exact).
    closed : (bool, bool)
        Whether each end belongs to the piece (an end is open only at a pole of a formula).
    value : sympy.Expr
        Player 0's equilibrium payoff ``v(t)`` (the game value), a rational function of ``t``.
    plans : (dict, dict)
        Each player's optimal realization plan, ``sequence label -> rational function of t``.
    strategies : (dict, dict)
        The same plans as behaviour strategies, ``information-set label -> {action: expression}``,
        every information set of each player in the game's order: where his own plan reaches it,
        the plan's ratios; at the sets of ``off_path``, one action with probability 1, his best
        reply there against the opponent's strategy (:mod:`derive.solving.parameters.off_path`:
        on the whole piece where one action is, else at the piece's check point; any play there
        changes no payoff, so the profile is an equilibrium at every point of the piece).
    off_path : (tuple of str, tuple of str)
        Each player's information sets his own plan never reaches on this piece.
    off_path_best : (tuple of str, tuple of str)
        The sets of ``off_path`` whose action in ``strategies`` is proved a best reply for every
        value of the parameter on the piece; at the others (which reply is best changes inside the
        piece) it is the best reply at the check point, ``check_point``.
    check_point : sympy.Rational or None
        The rational point strictly inside the piece (its one point, for a piece of one point) at
        which the off-path play was chosen and the whole profile was checked (None before).
    conditions : tuple
        The sign conditions (variables and slacks of both LPs, rational functions of ``t``) proved
        ``>= 0`` on the interval.
    value_text : str
        ``str(value)``, when made without building ``value`` (empty if not); see :meth:`value_string`.
    """

    lower: Breakpoint
    upper: Breakpoint
    closed: tuple[bool, bool]
    value: sp.Expr = _Made()  # type: ignore[assignment]
    plans: tuple[dict[str, sp.Expr], dict[str, sp.Expr]]
    strategies: tuple[dict[str, dict[str, sp.Expr]], dict[str, dict[str, sp.Expr]]]
    off_path: tuple[tuple[str, ...], tuple[str, ...]]
    conditions: tuple = dataclasses.field(default=(), repr=False, compare=False)
    formulas: tuple = dataclasses.field(default=(), repr=False, compare=False)
    value_text: str = dataclasses.field(default="", repr=False, compare=False)
    off_path_best: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    check_point: sp.Rational | None = None

    def with_ends(self, lower: Breakpoint, upper: Breakpoint, closed: tuple[bool, bool]) -> ValuePiece:
        """The same piece on the interval from ``lower`` to ``upper`` (``closed`` at each end or not),
        its formulas not shown on the way (``dataclasses.replace`` would read every field)."""
        import copy

        piece = copy.copy(self)
        for name, v in (("lower", lower), ("upper", upper), ("closed", tuple(closed))):
            object.__setattr__(piece, name, v)
        return piece

    def value_string(self) -> str:
        """``str(self.value)``, the same characters (from :attr:`value_text` when known: printing a
        degree-40 formula through sympy takes longer than finding it)."""
        return self.value_text or str(self.value)

    def strategies_at(self, symbol: sp.Symbol, t0, game: Game) -> tuple[dict, dict]:
        """Both behaviour strategies at the rational ``t0`` (exact), every information set of
        ``game`` in its order (the off-path ones as filled in :attr:`strategies`).

        Raises
        ------
        ValueError
            If ``t0`` is not a rational number, or an information set of ``game`` is missing from
            :attr:`strategies` (a piece not yet filled off the path: nothing is made up for it).
        """
        r = sp.Rational(t0)
        out = []
        for p in (0, 1):
            strategy = {}
            for info in game.infosets_of(p):
                if info.label not in self.strategies[p]:
                    raise ValueError(f"the piece gives no play at information set {info.label!r}")
                strategy[info.label] = {
                    a: sp.Rational(sp.sympify(v).subs(symbol, r))
                    for a, v in self.strategies[p][info.label].items()
                }
            out.append(strategy)
        return out[0], out[1]

    def with_off_path(self, sf, fill, point: sp.Rational) -> ValuePiece:
        """The same piece with its off-path information sets filled as ``fill`` says
        (:class:`~derive.solving.parameters.off_path.OffPathFill`; one action with probability 1
        each), chosen at the check point ``point``: :attr:`strategies` then lists every information
        set in the order of ``sf`` (the game's sequence form)."""
        import copy

        strategies, best = [], []
        for p in (0, 1):
            given, strategy = self.strategies[p], {}
            for info in sf.infosets_of(p):
                if info.label in given:
                    strategy[info.label] = given[info.label]
                else:
                    chosen = fill.choices[p][info.index]
                    strategy[info.label] = {
                        a: sp.Integer(int(j == chosen)) for j, a in enumerate(info.actions)
                    }
            strategies.append(strategy)
            best.append(tuple(info.label for info in sf.infosets_of(p) if info.index in fill.whole_piece[p]))
        piece = copy.copy(self)
        for name, v in (
            ("strategies", tuple(strategies)),
            ("off_path_best", tuple(best)),
            ("check_point", sp.Rational(point)),
        ):
            object.__setattr__(piece, name, v)
        return piece

    def strategy_texts(self, p: int) -> dict[str, dict[str, str]]:
        """Player ``p``'s behaviour strategy as text: ``{information set: {action: str(probability)}}``,
        the characters of ``str`` of each expression in ``strategies[p]``, without building the
        expressions of long formulas (Leduc's run to degree 40; JSON output needs only their text)."""
        return {
            info: {a: dist.text(a) if isinstance(dist, _Lazy) else str(dist[a]) for a in dist}
            for info, dist in self.strategies[p].items()
        }

    def interval_text(self, symbol: sp.Symbol | str = "t") -> str:
        """``"1/2 <= t < 2"``-style text of the interval."""
        left = "<=" if self.closed[0] else "<"
        right = "<=" if self.closed[1] else "<"
        return f"{self.lower} {left} {symbol} {right} {self.upper}"


@dataclass(frozen=True)
class ParametricSolution:
    """A game's value and optimal strategies as exact piecewise functions of one parameter.

    Attributes
    ----------
    game : Game
        The game, with the parameter as a sympy symbol in its payoffs or probabilities.
    symbol : sympy.Symbol
    lower, upper : sympy.Rational
        The interval the user asked about.
    pieces : tuple of ValuePiece
        Left to right, covering ``[lower, upper]`` (ends where a formula has a pole excepted).
    constant : sympy.Expr
        The players' payoffs add up to it on every play.
    solves : int
        Rational points at which the LPs were solved.
    checked : tuple of sympy.Rational
        The points at which each piece's value was compared with an exact solve of the game.
    """

    game: Game
    symbol: sp.Symbol
    lower: sp.Rational
    upper: sp.Rational
    pieces: tuple[ValuePiece, ...]
    constant: sp.Expr
    solves: int
    checked: tuple[sp.Rational, ...] = ()

    @property
    def breakpoints(self) -> tuple[Breakpoint, ...]:
        """The points inside ``(lower, upper)`` where the formulas change."""
        return tuple(p.upper for p in self.pieces[:-1])

    @property
    def value_changes(self) -> tuple[bool, ...]:
        """For each breakpoint, whether the value's formula changes there (else only the strategy does)."""
        out = []
        for left, right in zip(self.pieces, self.pieces[1:]):
            if left.formulas and right.formulas:
                out.append(left.formulas[0] != right.formulas[0])
            else:
                out.append(sp.cancel(left.value - right.value) != 0)
        return tuple(out)

    def value_runs(self) -> list[tuple[ValuePiece, ValuePiece]]:
        """The first and last piece of each run of neighbouring pieces with the same value formula,
        left to right (pieces where only the strategy changes belong to one run)."""
        runs = [[self.pieces[0], self.pieces[0]]]
        for piece, changes in zip(self.pieces[1:], self.value_changes):
            if changes:
                runs.append([piece, piece])
            else:
                runs[-1][1] = piece
        return [(first, last) for first, last in runs]

    @property
    def value(self) -> sp.Piecewise:
        """``v(t)`` as a sympy ``Piecewise``: one branch for each run of neighbouring pieces with the
        same value formula (pieces where only the strategy changes share one branch)."""
        t = self.symbol
        args = []
        for first, last in self.value_runs():
            lo = t >= first.lower.point if first.closed[0] else t > first.lower.point
            hi = t <= last.upper.point if last.closed[1] else t < last.upper.point
            args.append((first.value, sp.And(lo, hi)))
        return sp.Piecewise(*args)

    def piece_at(self, t0) -> ValuePiece:
        """The piece holding the rational ``t0``.

        Raises
        ------
        ValueError
            If ``t0`` is outside every piece.
        """
        r = sp.Rational(t0)
        point = Breakpoint.rational(r, self.symbol)
        for p in self.pieces:
            inside_lo = _less(p.lower, point) or (p.closed[0] and _same(p.lower, point))
            inside_hi = _less(point, p.upper) or (p.closed[1] and _same(p.upper, point))
            if inside_lo and inside_hi:
                return p
        raise ValueError(f"{self.symbol} = {r} is outside every piece ({self.lower} to {self.upper})")

    def value_at(self, t0) -> sp.Rational:
        """The exact value at the rational ``t0``, from its piece's formula."""
        return sp.Rational(self.piece_at(t0).value.subs(self.symbol, sp.Rational(t0)))


class _Lazy(Mapping):
    """A read-only mapping whose values are rational functions shown as sympy expressions on first
    access (converting hundreds of degree-40 formulas that nobody prints is most of a piece's cost),
    or as the text of those expressions (:meth:`text`, which builds no expression for a long one)."""

    def __init__(self, items: dict, convert, show, texts: dict | None = None) -> None:
        self._items, self._convert, self._show, self._done = items, convert, show, {}
        self._texts = dict(texts or {})

    def __getitem__(self, key):
        if key not in self._done:
            self._done[key] = self._convert(self._items[key])
        return self._done[key]

    def text(self, key) -> str:
        """``str(self[key])``, the same characters (kept once shown)."""
        if key not in self._texts:
            self._texts[key] = str(self._done[key]) if key in self._done else self._show(self._items[key])
        return self._texts[key]

    def texts(self) -> dict:
        """Every value's :meth:`text`, ``{key: str}``."""
        return {key: self.text(key) for key in self._items}

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def probability_at(field, dist, action: str, t0, known: dict | None = None):
    """The probability of ``action`` in a piece's distribution ``dist`` (one of
    :attr:`ValuePiece.strategies`' values) at the rational ``t0``, exactly (``QQ``): the value there
    of the rational function shown (the plan's ratio, reduced), or the number filled in off the path.
    ``known`` keeps the values of the plan's entries at ``t0`` already computed (by ``id``; an
    entry is the numerator of one ratio and the denominator of others).

    Raises
    ------
    ZeroDivisionError
        If the function shown has a pole at ``t0`` (never inside a piece: a ratio of a plan's
        entries lies in [0, 1] wherever its denominator is positive).
    """
    from sympy.polys.domains import QQ

    if isinstance(dist, _Lazy):
        num, reach = dist._items[action]
        if not num:
            return QQ(0)
        known = {} if known is None else known
        for f in (num, reach):
            if id(f) not in known:
                known[id(f)] = (f, field.at(f, t0))  # f kept alive: its id stays its own
        r = known[id(reach)][1]
        return known[id(num)][1] / r if r else field.at(num / reach, t0)
    return QQ.from_sympy(sp.Rational(dist[action]))


def _ratio(pair, show, constant):
    """``show(num / reach)`` for ``pair = (num, reach)``, rational functions: a pure strategy's 0 and 1
    without dividing (most probabilities of Leduc's pieces; ``constant(0)``, ``constant(1)``)."""
    num, reach = pair
    if not num:
        return constant(0)
    if num is reach or num == reach:
        return constant(1)
    return show(num / reach)


def make_piece(field, sf, plans, value, conditions, ends, closed, texts=None, value_text=None) -> ValuePiece:
    """The piece with interval ``ends`` (``closed`` at each end or not), both players' realization
    plans ``plans`` (two lists of rational functions of ``field``, in ``sf``'s sequence order) and
    player 0's value ``value``, its strategies shown lazily (``texts``: their texts already made,
    ``({information set: {action: str}}, {...})``, as :meth:`ValuePiece.strategy_texts` gives;
    ``value_text``: the value's, made here if not given); the value's sympy expression is built
    when first read."""
    lazy_plans = tuple(
        _Lazy({sf.label(p, k): v for k, v in enumerate(plans[p])}, field.to_sympy, field.to_text)
        for p in (0, 1)
    )
    strategies, off_path = [], []
    for p in (0, 1):
        plan, strategy, unreached = plans[p], {}, []
        for info in sf.infosets_of(p):
            reach = plan[sf.parent[info.index]]
            if not reach:
                unreached.append(info.label)
                continue
            strategy[info.label] = _Lazy(
                {a: (plan[sf.index[p][(info.index, j)]], reach) for j, a in enumerate(info.actions)},
                lambda pair: _ratio(pair, field.to_sympy, sp.Integer),
                lambda pair: _ratio(pair, field.to_text, str),
                texts[p].get(info.label) if texts else None,
            )
        strategies.append(strategy)
        off_path.append(tuple(unreached))
    return ValuePiece(
        lower=ends[0],
        upper=ends[1],
        closed=closed,
        value=_Deferred(lambda: field.to_sympy(value)),
        plans=lazy_plans,  # type: ignore[arg-type]
        strategies=tuple(strategies),  # type: ignore[arg-type]
        off_path=tuple(off_path),  # type: ignore[arg-type]
        conditions=tuple(conditions),
        formulas=(value, tuple(tuple(plans[p]) for p in (0, 1))),
        value_text=value_text if value_text is not None else field.to_text(value),
    )


def piece_data(piece: ValuePiece, texts: bool = False) -> tuple:
    """``piece`` as picklable data (FLINT's polynomials cannot be pickled), for :func:`piece_from_data`:
    its functions as pairs of indices into one table of polynomials (a basis's common denominator is
    sent once, not once per variable); with ``texts`` the texts of its strategies and of its ends
    too (made here if they were not yet)."""
    table: list = []
    index: dict[int, int] = {}
    held: list = []  # the polynomials indexed, alive until the table is done (their ids stay theirs)

    def pair(f) -> tuple[int, int]:
        out = []
        for poly in (f.num, f.den):
            k = index.get(id(poly))
            if k is None:
                k = index[id(poly)] = len(table)
                table.append(poly_key(poly))
                held.append(poly)
            out.append(k)
        return out[0], out[1]

    value, plans = piece.formulas
    return (
        (piece.lower, piece.upper),
        piece.closed,
        pair(value),
        tuple(tuple(pair(f) for f in plan) for plan in plans),
        tuple(pair(g) for g in piece.conditions),
        table,
        (tuple(piece.strategy_texts(p) for p in (0, 1)), (piece.lower.text, piece.upper.text), piece.value_string())
        if texts
        else None,
    )


def piece_from_data(field, sf, data: tuple) -> ValuePiece:
    """The piece :func:`piece_data` gave ``data`` for, its functions in ``field`` and its sequences
    those of ``sf`` (a text of an end sent along is kept for :attr:`Breakpoint.text`)."""
    import flint

    ends, closed, value, plans, conditions, table, texts = data
    polys = [flint.fmpq_poly(list(num), den) for num, den in table]

    def function(pair: tuple[int, int]) -> RationalFunction:
        f = RationalFunction.__new__(RationalFunction)  # already reduced where it was made
        f.num, f.den = polys[pair[0]], polys[pair[1]]
        return f

    value_text = None
    if texts is not None:
        texts, end_texts, value_text = texts
        for end, text in zip(ends, end_texts):
            remember_text(end, text)
    return make_piece(
        field,
        sf,
        [[function(k) for k in plan] for plan in plans],
        function(value),
        [function(k) for k in conditions],
        ends,
        closed,
        texts,
        value_text,
    )
