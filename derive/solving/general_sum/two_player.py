"""Every Nash equilibrium of a two-player game, exactly: the extreme equilibria and the maximal Nash subsets.

**The polytopes.**  Let ``A`` and ``B`` (``m x n``) be the two players' payoffs in the reduced
strategic form, shifted to be positive (adding a constant to a player's payoffs changes no best
response).  Following Avis, Rosenberg, Savani & von Stengel (2010, section 2), let

    P = {x in R^m :  x >= 0,  B^T x <= 1},        Q = {y in R^n :  A y <= 1,  y >= 0}.

A point ``x`` of ``P`` has the *label* ``i`` when ``x_i = 0`` and ``m + j`` when ``(B^T x)_j = 1``
(column ``j`` is a best reply to ``x``); a point ``y`` of ``Q`` has ``m + j`` when ``y_j = 0`` and
``i`` when ``(A y)_i = 1``.  A pair ``(x, y) != (0, 0)`` is *completely labelled* when every one of
the ``m + n`` labels is a label of ``x`` or of ``y``; then ``(x / sum x, y / sum y)`` is a Nash
equilibrium, every equilibrium arises this way, and the *extreme* equilibria are the completely
labelled pairs of vertices (Shapley 1974; Mangasarian 1964).  The vertices are enumerated by
cddlib in exact rational arithmetic, so nothing is rounded.

**The Nash subsets.**  Call vertices ``x`` and ``y`` *compatible* when they are completely
labelled.  If every ``x`` of a set ``X'`` is compatible with every ``y`` of ``Y'``, every point of
``conv X' x conv Y'`` is an equilibrium; the maximal such products (maximal bicliques of the
compatibility graph) are the *maximal Nash subsets*, and the set of all equilibria is their union
(Winkels 1979; Jansen 1981; the EEE/clique algorithm of Avis et al. 2010, section 5).  Nash
subsets that share a point form the (topologically) connected *components*.

**Re-checked before they are reported.**  Each extreme equilibrium is certified by exact best
replies; each Nash subset's families are probability vectors at every vertex, and the pair of
their centres, a point in the relative interior of the subset, is checked to be an equilibrium by
exact best replies, so no empty or wrongly paired family is printed.

**The families.**  For a Nash subset ``X' x Y'``, ``conv X'`` is the face of ``P`` on which every
label common to ``X'`` holds, so in normalised strategies it reads, exactly as a reader derives it
by hand: player 0 plays only the strategies outside the common zero labels, and his mixture makes
player 1 *indifferent* among the columns whose labels are common (the best replies to every point
of the set), none of which pays player 1 less than any other column.  sympy solves these
indifference equations for an affine parametrisation by free strategy probabilities; the
inequalities give the range and its exact vertices (cddlib), which are the normalised ``X'``.  On
the subset, player 1's payoff is the common payoff of those columns (a function of player 0's
parameters only) and player 0's is the common payoff of his best-reply rows (a function of player
1's parameters only).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from derive.dominance.general import count_reduced_strategies, payoff_table, reduced_strategies
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count
from derive.sequence_form.general import GameSequenceForm, game_sequence_form, plan_symbol_name
from derive.solving.families.polytope import polytope
from derive.solving.limits import TimeLimit

__all__ = [
    "AllEquilibria",
    "EquilibriumFamily",
    "ExtremeEquilibrium",
    "NashSubset",
    "StrategicForm",
    "all_equilibria",
    "strategic_form",
]

#: Largest number of vertices of either best-reply polytope enumerated.
MAX_VERTICES = 20_000
#: Largest reduced strategic form (entries ``m x n``) enumerated.
MAX_CELLS = 250_000


@dataclass(frozen=True)
class StrategicForm:
    """The reduced strategic form of a two-player game with perfect recall (exact payoffs).

    Attributes
    ----------
    game : Game
    strategies : (tuple of str, tuple of str)
        Each player's reduced pure strategies, labelled ``"<information set>: <action>, ..."``
        (the information sets his strategy reaches, in tree order).
    payoffs : (list of list of Fraction, list of list of Fraction)
        ``payoffs[p][s][t]``: player ``p``'s expected payoff (chance averaged) when player 0
        plays his strategy ``s`` and player 1 her strategy ``t`` (shape ``m x n`` for both).
    sequences : (tuple of frozenset, tuple of frozenset)
        The sequence-form sequences each reduced strategy plays (to turn mixtures into plans).
    """

    game: Game
    strategies: tuple[tuple[str, ...], tuple[str, ...]]
    payoffs: tuple[list[list[Fraction]], list[list[Fraction]]]
    sequences: tuple[tuple[frozenset, ...], tuple[frozenset, ...]]

    @property
    def shape(self) -> tuple[int, int]:
        """``(m, n)``: the numbers of reduced strategies."""
        return len(self.strategies[0]), len(self.strategies[1])


def strategic_form(game: Game, sf: GameSequenceForm | None = None) -> StrategicForm:
    """The reduced strategic form of a two-player game, from its sequence form.

    Raises
    ------
    NotSupportedError
        If the game does not have two players, has symbolic payoffs, has more than
        :data:`derive.dominance.general.MAX_STRATEGIES` reduced strategies per player, or more than
        :data:`MAX_CELLS` pairs of them (counted before any is listed).
    ImperfectRecallError
        If the game lacks perfect recall.
    """
    if game.num_players != 2:
        raise NotSupportedError(
            f"the strategic form here is for two players; this game has {game.num_players}"
        )
    sf = sf or game_sequence_form(game)
    sf.numeric_matrix(0)  # raises NotSupportedError for symbolic payoffs, naming the symbols
    m, n = (count_reduced_strategies(sf, p) for p in (0, 1))
    if m * n > MAX_CELLS:
        raise NotSupportedError(
            f"the reduced strategic form is {m:,} x {n:,}, more than the limit of {MAX_CELLS:,} entries"
        )
    mine, theirs = reduced_strategies(sf, 0), reduced_strategies(sf, 1)
    tables = (payoff_table(sf, 0, mine, theirs), payoff_table(sf, 1, theirs, mine))

    def frac(v) -> Fraction:
        return Fraction(int(v.numerator), int(v.denominator))

    payoffs = (
        [[frac(tables[0][(s, t)]) for t in theirs] for s in mine],
        [[frac(tables[1][(t, s)]) for t in theirs] for s in mine],
    )
    return StrategicForm(
        game,
        (tuple(s.label for s in mine), tuple(t.label for t in theirs)),
        payoffs,  # type: ignore[arg-type]
        (tuple(s.sequences for s in mine), tuple(t.sequences for t in theirs)),
    )


@dataclass(frozen=True)
class ExtremeEquilibrium:
    """One extreme Nash equilibrium.

    Attributes
    ----------
    strategies : (dict, dict)
        Each player's mixed strategy, ``reduced strategy label -> Rational`` (zeros left out).
    payoffs : (Rational, Rational)
        Each player's expected payoff.
    plans : (dict, dict)
        Each player's realization plan, ``sequence label -> Rational`` (``"∅" -> 1``).
    """

    strategies: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]
    payoffs: tuple[sp.Rational, sp.Rational]
    plans: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]


@dataclass(frozen=True)
class EquilibriumFamily:
    """One player's side of a maximal Nash subset: a polytope of mixed strategies, parametrised.

    Attributes
    ----------
    player : int
    parameters : tuple of sympy.Symbol
        Free strategy probabilities (``x_{...}`` for player 0, ``y_{...}`` for player 1); empty
        when the subset holds one strategy of this player.
    strategy : dict
        ``reduced strategy label -> probability``, affine in ``parameters`` (every strategy listed).
    indifference : tuple of sympy.Eq
        The equations solved: the opponent's best replies on the subset pay her the same.
    constraints : tuple of sympy relationals
        Irredundant inequalities in ``parameters`` (the range).
    vertices : tuple of dict
        The extreme points, ``{parameter: Rational}``; the family is their convex hull.
    opponent_payoff : sympy.Expr
        The opponent's payoff on the subset, a function of ``parameters`` only.
    best_replies : tuple of str
        The opponent's strategies that are best replies at every point of the family.
    """

    player: int
    parameters: tuple[sp.Symbol, ...]
    strategy: dict[str, sp.Expr]
    indifference: tuple[sp.Eq, ...]
    constraints: tuple[sp.Basic, ...]
    vertices: tuple[dict[sp.Symbol, sp.Rational], ...]
    opponent_payoff: sp.Expr
    best_replies: tuple[str, ...]

    @property
    def dimension(self) -> int:
        """Dimension of the family (0: a single strategy)."""
        return len(self.parameters)

    def at(self, point: dict[sp.Symbol, sp.Expr]) -> dict[str, sp.Expr]:
        """The mixed strategy at a point of the range."""
        return {k: sp.sympify(v).subs(point) for k, v in self.strategy.items()}


@dataclass(frozen=True)
class NashSubset:
    """A maximal Nash subset: every pair of its two families' members is a Nash equilibrium.

    Attributes
    ----------
    extreme : (tuple of int, tuple of int)
        Indices into :attr:`AllEquilibria.extreme_strategies` of each player: the vertices.
    families : (EquilibriumFamily, EquilibriumFamily)
    payoffs : (sympy.Expr, sympy.Expr)
        Each player's payoff on the subset: player 0's in player 1's parameters and vice versa.
    component : int
        The connected component of the equilibrium set it belongs to (subsets sharing a point).
    """

    extreme: tuple[tuple[int, ...], tuple[int, ...]]
    families: tuple[EquilibriumFamily, EquilibriumFamily]
    payoffs: tuple[sp.Expr, sp.Expr]
    component: int

    @property
    def dimension(self) -> int:
        """The dimension of the product of the two families."""
        return self.families[0].dimension + self.families[1].dimension


@dataclass(frozen=True)
class AllEquilibria:
    """Every Nash equilibrium of a two-player game (see the module docstring).

    Attributes
    ----------
    form : StrategicForm
    extreme : tuple of ExtremeEquilibrium
        The extreme equilibria, in the order of the vertices of ``P`` then ``Q``.
    extreme_strategies : (tuple of dict, tuple of dict)
        Each player's distinct extreme equilibrium strategies (the normalised vertices).
    subsets : tuple of NashSubset
        The maximal Nash subsets; the equilibria are their union.
    method : str
    """

    form: StrategicForm
    extreme: tuple[ExtremeEquilibrium, ...]
    extreme_strategies: tuple[tuple[dict[str, sp.Rational], ...], tuple[dict[str, sp.Rational], ...]]
    subsets: tuple[NashSubset, ...]
    method: str

    @property
    def components(self) -> int:
        """Number of connected components of the set of equilibria."""
        return len({s.component for s in self.subsets})

    def payoff_range(self, player: int) -> tuple[sp.Rational, sp.Rational]:
        """The least and the greatest equilibrium payoff of ``player`` (attained at extreme equilibria)."""
        values = [e.payoffs[player] for e in self.extreme]
        return min(values), max(values)


def _vertices(rows: list[list[Fraction]], n: int) -> list[tuple[Fraction, ...]]:
    """Vertices of ``{z in R^n : z >= 0, rows . z <= 1}`` (a polytope), exact, by cddlib."""
    import cdd
    import cdd.gmp

    h = [[Fraction(0)] + [Fraction(int(i == k)) for i in range(n)] for k in range(n)]
    h += [[Fraction(1)] + [-v for v in row] for row in rows]
    mat = cdd.gmp.matrix_from_array(h, rep_type=cdd.RepType.INEQUALITY)
    gens = cdd.gmp.copy_generators(cdd.gmp.polyhedron_from_matrix(mat))
    if gens.lin_set or any(g[0] == 0 for g in gens.array):
        raise NotSupportedError("a best-reply polytope is unbounded (a bug: payoffs were shifted positive)")
    if len(gens.array) > MAX_VERTICES:
        raise NotSupportedError(f"more than {MAX_VERTICES} vertices in a best-reply polytope")
    return sorted({tuple(Fraction(v) for v in g[1:]) for g in gens.array})


def _labels(point, rows, own_offset: int, other_offset: int) -> frozenset[int]:
    zeros = {own_offset + k for k, v in enumerate(point) if v == 0}
    tight = {other_offset + j for j, row in enumerate(rows) if sum(a * v for a, v in zip(row, point)) == 1}
    return frozenset(zeros | tight)


def _shifted(matrix: list[list[Fraction]]) -> list[list[Fraction]]:
    low = min(v for row in matrix for v in row)
    return [[v - low + 1 for v in row] for row in matrix]


def _rational(v: Fraction) -> sp.Rational:
    return sp.Rational(v.numerator, v.denominator)


def _concepts(
    compatible: dict[int, frozenset[int]], right: frozenset[int], limit=None
) -> list[tuple[frozenset, frozenset]]:
    """All maximal bicliques ``(X', Y')`` (both nonempty) of a bipartite graph ``x -> neighbours``.

    The closed pairs ``X' = N(Y')``, ``Y' = N(X')`` of the graph (its formal concepts): the
    intents are the intersections of neighbourhoods, found by closing under intersection.
    """
    intents: set[frozenset[int]] = set()
    frontier = {nb for nb in compatible.values() if nb}
    while frontier:
        if limit is not None:
            limit.check(
                f"closing {len(intents):,} sets of best replies under intersection (maximal Nash subsets)"
            )
        intents |= frontier
        frontier = {a & b for a in frontier for b in intents if a & b} - intents
    out = []
    for intent in intents:
        extent = frozenset(x for x, nb in compatible.items() if intent <= nb)
        closed = frozenset.intersection(*(compatible[x] for x in extent)) if extent else right
        if extent and closed == intent:
            out.append((extent, intent))
    return sorted(out, key=lambda c: (sorted(c[0]), sorted(c[1])))


def all_equilibria(
    game: Game, *, progress: Callable[[str], None] | None = None, time_limit: float | None = None
) -> AllEquilibria:
    """Every Nash equilibrium of a two-player game: extreme equilibria, maximal Nash subsets, families.

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs (any sum; extensive or strategic).
    progress : callable, optional
        Called with one line of text per stage: the strategic form's size, each polytope's number of
        vertices, the pairs and subsets found, with the time spent.
    time_limit : float, optional
        Seconds after which the enumeration stops with :class:`~derive.solving.limits.TimeLimitError`
        (vertex enumeration, which can take hours on a 27 x 64 strategic form, runs in a child
        process that is ended then).  None: no limit.

    Returns
    -------
    AllEquilibria

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        For a game outside these conditions (one line naming what is missing), a strategic form
        over :data:`MAX_CELLS` entries, or more than :data:`MAX_VERTICES` vertices.
    TimeLimitError
        When ``time_limit`` is reached (a :class:`NotSupportedError`; the message says at which stage).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> eqs = all_equilibria(matching_pennies())
    >>> [e.payoffs for e in eqs.extreme]
    [(0, 0)]

    References
    ----------
    Avis, Rosenberg, Savani & von Stengel (2010), "Enumeration of Nash equilibria for two-player
    games", Economic Theory 42, sections 2-5; Winkels (1979); Jansen (1981).  Gambit's
    ``enummixed_solve`` lists the same extreme equilibria.
    """
    limit = TimeLimit(time_limit, progress, "general-sum enumeration")
    sf = game_sequence_form(game) if game.num_players == 2 else None
    form = strategic_form(game, sf)
    m, n = form.shape
    limit.say(f"general-sum enumeration: reduced strategic form {m} x {n}")
    A, B = _shifted(form.payoffs[0]), _shifted(form.payoffs[1])
    bt = [[B[i][j] for i in range(m)] for j in range(n)]  # rows of B^T
    found = []
    for p, rows, dim in ((0, bt, m), (1, A, n)):
        doing = f"listing the vertices of {game.players[p]}'s best-reply polytope ({dim} dimensions, {m + n} inequalities)"
        limit.say(doing)
        found.append([v for v in limit.call(doing, _vertices, rows, dim) if any(v)])
        limit.say(f"  {count(len(found[-1]), 'vertex', 'vertices', thousands=True)}")
    xs, ys = found
    # labels: rows 0..m-1, columns m..m+n-1
    lx = [_labels(x, bt, 0, m) for x in xs]
    ly = [_labels(y, A, m, 0) for y in ys]
    everything = frozenset(range(m + n))
    compatible = {}
    for a in range(len(xs)):
        limit.check(f"pairing {len(xs):,} x {len(ys):,} vertices (strategic form {m} x {n})")
        compatible[a] = frozenset(b for b in range(len(ys)) if lx[a] | ly[b] == everything)
    players = (0, 1)
    normal = [[_normalised(v) for v in xs], [_normalised(v) for v in ys]]
    used = [
        sorted({a for a, nb in compatible.items() if nb}),
        sorted({b for nb in compatible.values() for b in nb}),
    ]
    index = [{a: k for k, a in enumerate(used[p])} for p in players]
    extreme = []
    for a in used[0]:
        for b in sorted(compatible[a]):
            extreme.append(_extreme(form, sf, normal[0][a], normal[1][b]))
    limit.say(f"  {count(len(extreme), 'extreme equilibrium', 'extreme equilibria', thousands=True)}")
    subsets = []
    for extent, intent in _concepts(compatible, frozenset(range(len(ys))), limit):
        limit.check(
            f"deriving the families of {count(len(subsets), 'maximal Nash subset', thousands=True)} so far"
        )
        fam0 = _family(
            form, 0, [normal[0][a] for a in sorted(extent)], frozenset.intersection(*(lx[a] for a in extent))
        )
        fam1 = _family(
            form, 1, [normal[1][b] for b in sorted(intent)], frozenset.intersection(*(ly[b] for b in intent))
        )
        subsets.append(
            (
                (tuple(index[0][a] for a in sorted(extent)), tuple(index[1][b] for b in sorted(intent))),
                (fam0, fam1),
                (fam1.opponent_payoff, fam0.opponent_payoff),
            )
        )
    for _, (fam0, fam1), _ in subsets:
        _check_subset(form, fam0, fam1)
    components = _components([s[0] for s in subsets])
    method = (
        "extreme equilibria: completely labelled vertex pairs of the best-reply polytopes of the reduced "
        "strategic form, vertices by cddlib in exact rationals (Avis et al. 2010); maximal Nash subsets: "
        "maximal bicliques of compatible vertices; each extreme equilibrium certified by exact best replies"
    )
    return AllEquilibria(
        form=form,
        extreme=tuple(extreme),
        extreme_strategies=tuple(tuple(_mixed(form, p, normal[p][k]) for k in used[p]) for p in players),  # type: ignore[arg-type]
        subsets=tuple(
            NashSubset(ext, fams, pays, components[k]) for k, (ext, fams, pays) in enumerate(subsets)
        ),
        method=method,
    )


def _normalised(v: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    total = sum(v)
    return tuple(a / total for a in v)


def _mixed(form: StrategicForm, player: int, v: tuple[Fraction, ...]) -> dict[str, sp.Rational]:
    return {label: _rational(p) for label, p in zip(form.strategies[player], v) if p}


def _plans(form: StrategicForm, sf: GameSequenceForm, player: int, v) -> dict[str, sp.Rational]:
    plan = [Fraction(0)] * sf.shape[player]
    for prob, seqs in zip(v, form.sequences[player]):
        if prob:
            for k in seqs:
                plan[k] += prob
    return {sf.label(player, k): _rational(p) for k, p in enumerate(plan)}


def _extreme(form: StrategicForm, sf: GameSequenceForm, x, y) -> ExtremeEquilibrium:
    """The equilibrium ``(x, y)`` with its payoffs, certified: no pure strategy does better."""
    A, B = form.payoffs
    rows = [sum(a * q for a, q in zip(row, y)) for row in A]  # player 0's payoff of each row against y
    cols = [sum(B[i][j] * x[i] for i in range(len(x))) for j in range(len(y))]
    u0 = sum(p * r for p, r in zip(x, rows))
    u1 = sum(q * c for q, c in zip(y, cols))
    if max(rows) != u0 or max(cols) != u1:
        raise NotSupportedError(
            "an enumerated vertex pair is not an equilibrium (a bug; reported, not hidden)"
        )
    return ExtremeEquilibrium(
        strategies=(_mixed(form, 0, x), _mixed(form, 1, y)),
        payoffs=(_rational(u0), _rational(u1)),
        plans=(_plans(form, sf, 0, x), _plans(form, sf, 1, y)),
    )


def _family(form: StrategicForm, player: int, vertices, common: frozenset[int]) -> EquilibriumFamily:
    """The face of ``player``'s polytope on which the ``common`` labels hold, normalised and parametrised."""
    m, n = form.shape
    own, other = (m, n) if player == 0 else (n, m)
    offset_own, offset_other = (0, m) if player == 0 else (m, 0)
    labels = form.strategies[player]
    # the opponent's payoff of each of her strategies against this player's mixture, as columns
    if player == 0:
        their = [[form.payoffs[1][i][j] for i in range(m)] for j in range(n)]
    else:
        their = [[form.payoffs[0][i][j] for j in range(n)] for i in range(m)]
    zero = {k for k in range(own) if offset_own + k in common}
    best = sorted(j for j in range(other) if offset_other + j in common)
    letter = "x" if player == 0 else "y"
    symbols = [sp.Symbol(plan_symbol_name(player, labels[k], letter), nonnegative=True) for k in range(own)]
    free = [k for k in range(own) if k not in zero]
    z = {k: (symbols[k] if k in free else sp.S.Zero) for k in range(own)}

    def pay(j: int) -> sp.Expr:
        return sp.Add(*(_rational(their[j][k]) * z[k] for k in free))

    indifference = [
        sp.Eq(pay(j), pay(best[0]), evaluate=False) for j in best[1:] if sp.expand(pay(j) - pay(best[0])) != 0
    ]
    exprs = [sp.Add(*(z[k] for k in free)) - 1] + [e.lhs - e.rhs for e in indifference]
    solutions = sp.linsolve(exprs, [symbols[k] for k in free])
    if not solutions:
        raise NotSupportedError("a Nash subset's indifference equations have no solution (a bug)")
    (solution,) = solutions
    values = dict(zip([symbols[k] for k in free], solution))
    params = tuple(
        s for s in (symbols[k] for k in free) if any(sp.sympify(v).has(s) for v in values.values())
    )
    strategy = {labels[k]: sp.expand(values[symbols[k]]) if k in free else sp.S.Zero for k in range(own)}
    level = sp.expand(pay(best[0]).subs(values))
    raw = [strategy[labels[k]] for k in free]
    raw += [sp.expand(level - pay(j).subs(values)) for j in range(other) if j not in best]
    constraints, points = polytope(raw, params)
    # the range's vertices are the normalised vertices of the subset: check it exactly
    expected = sorted(tuple(_rational(v[k]) for k in range(own)) for v in vertices)
    found = sorted(tuple(sp.sympify(strategy[labels[k]]).subs(p) for k in range(own)) for p in points)
    if not params:
        found = [tuple(sp.sympify(strategy[labels[k]]) for k in range(own))]
    if points and expected != found:
        raise NotSupportedError("a Nash subset's family does not have the enumerated vertices (a bug)")
    return EquilibriumFamily(
        player=player,
        parameters=params,
        strategy=strategy,
        indifference=tuple(indifference),
        constraints=tuple(constraints),
        vertices=tuple(points) if params else (),
        opponent_payoff=level,
        best_replies=tuple(form.strategies[1 - player][j] for j in best),
    )


def _centre(family: EquilibriumFamily) -> dict[str, sp.Expr]:
    """The mixed strategy at the centre of a family's vertices (a relative-interior point)."""
    if not family.vertices:
        return family.at({})
    k = len(family.vertices)
    return family.at({t: sum(v[t] for v in family.vertices) / k for t in family.parameters})


def _check_subset(form: StrategicForm, fam0: EquilibriumFamily, fam1: EquilibriumFamily) -> None:
    """Re-check a maximal Nash subset before it is reported: at every vertex of each family the
    strategy is a probability vector, and the pair of centres (a relative-interior point of the
    product) is a Nash equilibrium, decided by exact best replies.

    Raises
    ------
    NotSupportedError
        If a check fails (a bug: reported, never printed as an equilibrium).
    """
    for fam in (fam0, fam1):
        for point in [*fam.vertices] or [{}]:
            probs = list(fam.at(point).values())
            if any(v < 0 for v in probs) or sum(probs) != 1:
                raise NotSupportedError(
                    f"a Nash subset's family of {form.game.players[fam.player]} is not a probability at {point} (a bug)"
                )
    x, y = _centre(fam0), _centre(fam1)
    xs = [x[label] for label in form.strategies[0]]
    ys = [y[label] for label in form.strategies[1]]
    A, B = form.payoffs
    rows = [sum((_rational(a) * q for a, q in zip(row, ys)), sp.S.Zero) for row in A]
    cols = [sum((_rational(B[i][j]) * xs[i] for i in range(len(xs))), sp.S.Zero) for j in range(len(ys))]
    u0 = sum((p * r for p, r in zip(xs, rows)), sp.S.Zero)
    u1 = sum((q * c for q, c in zip(ys, cols)), sp.S.Zero)
    if max(rows) != u0 or max(cols) != u1:
        raise NotSupportedError(
            "the centre of a Nash subset is not an equilibrium (a bug; reported, not hidden)"
        )


def _components(vertex_sets) -> list[int]:
    """Union-find over Nash subsets that share an extreme equilibrium pair (their products intersect)."""
    parent = list(range(len(vertex_sets)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, b in itertools.combinations(range(len(vertex_sets)), 2):
        if set(vertex_sets[a][0]) & set(vertex_sets[b][0]) and set(vertex_sets[a][1]) & set(
            vertex_sets[b][1]
        ):
            parent[find(a)] = find(b)
    roots = {}
    return [roots.setdefault(find(k), len(roots)) for k in range(len(vertex_sets))]
