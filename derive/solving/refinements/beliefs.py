"""Beliefs and sequential equilibria of a Nash component, exactly (Kreps & Wilson 1982).

**Assessments.**  An assessment is a behaviour profile ``sigma`` with a belief ``mu`` at every
information set (a distribution over its nodes).  It is a *sequential equilibrium* when ``mu`` is
*consistent* (the limit of the Bayes beliefs of totally mixed profiles tending to ``sigma``) and
``sigma`` is *sequentially rational* (at every information set the mover's play is a best reply to
``mu`` there and ``sigma`` afterwards).

**Consistency, where it is proved here.**  Kreps & Wilson's characterisation (1982, lemma A1):
``mu`` is consistent iff there are orders ``kappa(a) >= 0`` on the players' actions (``0`` exactly on
``sigma``'s support) and weights ``c(a) > 0`` (``sigma(a)`` on the support, chance's probabilities at
chance) such that at every information set ``I``, ``mu(x)`` is proportional to the product of ``c``
along the path to ``x`` over the nodes of ``I`` whose paths have the least total order, and ``0``
elsewhere.  On the path of play this is Bayes' rule.  Off it, with ``D(x)`` the multiset of moves
outside the support on the path to a node ``x`` of an off-path information set ``I``:

* *fixed*: when some nodes' ``D(x)`` are one multiset contained in every other node's (all nodes
  sharing one multiset is the common case: a deviation before ``I`` that its nodes share), the
  others have a strictly greater order (every ``kappa`` off the support is positive) and belief 0,
  and the ``c`` of the shared moves cancel: the belief is unique, Bayes' rule on the remaining (on
  the support and chance) probabilities;
* *free*: when each node is reached through exactly one move outside the support, these moves
  distinct within ``I`` and no two such sets share one (signalling games, Selten's horse), *every*
  belief is consistent (give ``kappa = 1`` and ``c(a_x) = mu(x) / (reach of x's on-support moves)``
  to the deviation ``a_x`` into a node with ``mu(x) > 0``, ``kappa = 2`` to the others; fixed sets
  constrain no ``kappa`` or ``c``), so perfect Bayesian equilibrium in the textbook sense (Bayes on
  the path, any belief off it) gives the same assessments there;
* otherwise (nodes reached through different sets of two or more deviations, or one deviation
  leading into two such free sets, whose belief ratios are then coupled by binomial equations) the
  cell is refused with that reason.

An information set that its mover's own earlier moves avoid (his reduced strategy leaves his play
there open) is completed by his best replies to its beliefs when every action there ends the play
(Kuhn poker's ``A:xb`` when the opener always bets A): the report says which replies are best, one
when it is forced; a set further up whose conditions depend on an unforced completion is refused.

**Sequential rationality.**  With consistent beliefs, a profile is sequentially rational iff no
player gains by a one-shot deviation at any information set (Hendon, Jacobsen & Sloth 1996), which
is linear in the belief there for fixed continuation play: an action ``a`` played at ``I`` needs
``sum_x mu(x) (u(x, a) - u(x, b)) >= 0`` for every action ``b``.  On the path Bayes' rule fixes
``mu`` and a Nash equilibrium satisfies these; off the path they cut the beliefs that support the
play out of the simplex, exactly (Fourier-Motzkin, :mod:`.linear_feasibility`).

**Over a component.**  A piece of a component here has at most one free probability ``t`` (a
one-dimensional Nash subset or support family; more is refused with the reason).  Its range is cut
at the roots of every realization-plan entry, so that the supports, and with them the path of play
and the off-path actions, are constant on each *cell*; the conditions above are then constant on a
cell when the off-path movers' continuation payoffs do not vary with ``t`` (checked; else refused),
and the sequential part of the piece is the union of the cells where every off-path set has a
belief.

References
----------
D. M. Kreps and R. Wilson (1982), "Sequential equilibria", Econometrica 50(4), 863-894.
E. Hendon, H. J. Jacobsen and B. Sloth (1996), "The one-shot-deviation principle for sequential
rationality", Games and Economic Behavior 12(2), 274-282.
R. Selten (1975), "Reexamination of the perfectness concept for equilibrium points in extensive
games", International Journal of Game Theory 4(1), 25-55.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import sympy as sp

from derive.dominance.general import reduced_strategies
from derive.extensive_form.game import CHANCE, Game, NotSupportedError
from derive.notation.text import to_text
from derive.sequence_form.general import GameSequenceForm, game_sequence_form
from derive.solving.refinements.linear_feasibility import bounds, feasible

__all__ = [
    "Assessment",
    "CellAssessment",
    "InfosetBeliefs",
    "ProfileFamily",
    "assess",
    "families_of_all_equilibria",
    "families_of_optimal_sets",
    "family_plans",
    "families_of_support_enumeration",
    "node_names",
    "plans_of",
    "pure_family",
]

MU = "μ"


@dataclass(frozen=True)
class ProfileFamily:
    """A piece of a Nash component: each player's mixed strategy over his reduced strategies.

    Attributes
    ----------
    strategies : tuple of dict
        Per player, ``reduced strategy label -> probability`` (exact; affine or rational in
        ``parameter``).
    payoffs : tuple of sympy.Expr
    parameter : sympy.Symbol or None
        The one free probability, or None for a single profile.
    values : sympy.Set or None
        The parameter's range (a union of intervals and points), None without a parameter.
    component : int
        The component (1-based) the piece belongs to.
    refusal : str or None
        Why its assessments are not derived (e.g. two free probabilities), stated.
    plans : tuple of dict or None
        Instead of ``strategies`` (then empty): per player, ``sequence label -> realization
        probability`` (a constant-sum game's optimal sets, :func:`families_of_optimal_sets`).
    """

    strategies: tuple[dict[str, sp.Expr], ...]
    payoffs: tuple[sp.Expr, ...]
    parameter: sp.Symbol | None = None
    values: sp.Set | None = None
    component: int = 1
    refusal: str | None = None
    plans: tuple[dict[str, sp.Expr], ...] | None = None


@dataclass(frozen=True)
class InfosetBeliefs:
    """The beliefs at one information set on one cell of a piece.

    Attributes
    ----------
    player : int
    infoset : str
        The information set's label.
    on_path : bool
    nodes : tuple of str
        The nodes' names: what tells them apart on their paths (``"weak"``).
    beliefs : tuple of sympy.Expr or None
        On the path: Bayes' rule, one per node (exact, in the parameter); None off the path.
    ranges : tuple of (Expr, Expr) or None
        Off the path: each node's least and greatest belief among those that make the play there
        sequentially rational (None when there is none, or on the path).
    mixing : bool
        Whether the mover mixes here on this cell.
    inequalities : tuple of str
        Off the path: the conditions on the beliefs, one per (played action, other action), e.g.
        ``"μ(weak) - μ(strong) >= 0"``.
    determined : bool
        Off the path: consistency alone fixes the beliefs (every range a point), as the nodes with
        the fewest moves off the path share them (see the module docstring).
    completion : tuple of str or None
        At an information set that the mover's own earlier moves avoid (his reduced strategy leaves
        his play there open): the actions that are best replies to the beliefs there, one when it is
        forced; None elsewhere.
    """

    player: int
    infoset: str
    on_path: bool
    nodes: tuple[str, ...]
    beliefs: tuple[sp.Expr, ...] | None
    ranges: tuple[tuple[sp.Expr, sp.Expr], ...] | None
    mixing: bool
    inequalities: tuple[str, ...] = ()
    determined: bool = False
    completion: tuple[str, ...] | None = None

    @property
    def text(self) -> str:
        """The beliefs in a line: ``"μ(weak | beer) >= 1/2"``; on the path ``"μ(weak | quiche) = 1/10"``."""
        if len(self.nodes) == 1:
            return f"{MU}({self.nodes[0]} | {self.infoset}) = 1 (a single node)"
        first = f"{MU}({self.nodes[0]} | {self.infoset})"
        if self.on_path:
            if len(self.nodes) == 2:
                return f"{first} = {to_text(self.beliefs[0])}"
            return ", ".join(
                f"{MU}({x} | {self.infoset}) = {to_text(b)}" for x, b in zip(self.nodes, self.beliefs)
            )
        if self.ranges is None:
            return "no belief justifies the play here"
        if self.determined:
            text = ", ".join(
                f"{MU}({x} | {self.infoset}) = {to_text(lo)}"
                for x, (lo, _) in zip(self.nodes, self.ranges)
                if len(self.nodes) > 2 or x == self.nodes[0]
            )
            text += (
                " (fixed by consistency: the nodes reached through the fewest moves off the path share them)"
            )
        elif len(self.nodes) == 2:
            text = _interval_text(first, *self.ranges[0])
        else:
            text = (
                "; ".join(self.inequalities)
                + " ("
                + ", ".join(
                    _interval_text(f"{MU}({x} | {self.infoset})", lo, hi)
                    for x, (lo, hi) in zip(self.nodes, self.ranges)
                )
                + ")"
            )
        if self.completion is not None:
            text += "; his own earlier moves avoid it, " + (
                f"so he plays {self.completion[0]} there (the only best reply)"
                if len(self.completion) == 1
                else f"so his play there is open among {', '.join(self.completion)}, each a best reply to some such belief"
            )
        return text


def _interval_text(name: str, lo: sp.Expr, hi: sp.Expr) -> str:
    if lo == hi:
        return f"{name} = {to_text(lo)}"
    if lo == 0 and hi == 1:
        return f"any belief: 0 <= {name} <= 1"
    if lo == 0:
        return f"{name} <= {to_text(hi)}"
    if hi == 1:
        return f"{name} >= {to_text(lo)}"
    return f"{to_text(lo)} <= {name} <= {to_text(hi)}"


@dataclass(frozen=True)
class CellAssessment:
    """The assessments on one cell of a piece: the parameter values where the supports are constant.

    Attributes
    ----------
    values : sympy.Set or None
        The cell (a point or an interval of the parameter); None for a piece without parameter.
    sequential : bool
        Whether the members of the cell are sequential (with the beliefs of ``infosets``).
    infosets : tuple of InfosetBeliefs
        Every information set, in the game's order.
    failure : str or None
        Why the cell is not sequential: the information set and the action no belief justifies.
    refusal : str or None
        Why the cell was not decided (a case this module does not implement), stated.
    """

    values: sp.Set | None
    sequential: bool
    infosets: tuple[InfosetBeliefs, ...] = ()
    failure: str | None = None
    refusal: str | None = None


@dataclass(frozen=True)
class Assessment:
    """The sequential part of one piece of a component, cell by cell (see the module docstring).

    Attributes
    ----------
    family : ProfileFamily
    cells : tuple of CellAssessment
    refusal : str or None
        Why nothing was derived for the piece.
    """

    family: ProfileFamily
    cells: tuple[CellAssessment, ...] = ()
    refusal: str | None = None

    @property
    def decided(self) -> bool:
        """Whether every cell was decided."""
        return self.refusal is None and all(c.refusal is None for c in self.cells)

    @property
    def sequential_values(self) -> sp.Set | None:
        """The parameter values whose members are sequential (None for a piece without parameter)."""
        if self.family.parameter is None:
            return None
        return sp.Union(*(c.values for c in self.cells if c.sequential))

    @property
    def verdict(self) -> str:
        """``"every member"``, ``"some members"``, ``"none"`` or ``"not decided"``."""
        if not self.decided:
            return "not decided"
        good = [c.sequential for c in self.cells]
        return "every member" if all(good) else "some members" if any(good) else "none"

    @property
    def failure(self) -> str | None:
        """The first cell's reason when no member is sequential."""
        return next((c.failure for c in self.cells if c.failure), None)


# ------------------------------------------------------------------------------------ pieces


def pure_family(game: Game, choice: dict[tuple[int, str], str]) -> ProfileFamily:
    """The single profile that plays ``choice[(player, information-set label)]`` everywhere, as a piece.

    Every information set of every player must be listed.

    Raises
    ------
    KeyError
        If an information set is missing.
    """
    sf = game_sequence_form(game)
    strategies = []
    for p in range(game.num_players):
        chosen = {
            sf.index[p][(info.index, info.actions.index(choice[(p, info.label)]))]
            for info in game.infosets_of(p)
        }
        mixed = {}
        for s in reduced_strategies(sf, p):
            mixed[s.label] = sp.S.One if (s.sequences - {0}) <= chosen else sp.S.Zero
        strategies.append(mixed)
    return ProfileFamily(tuple(strategies), payoffs=())


def families_of_all_equilibria(eqs) -> tuple[ProfileFamily, ...]:
    """The maximal Nash subsets of a two-player game as pieces.

    Parameters
    ----------
    eqs : AllEquilibria
        :func:`derive.solving.general_sum.two_player.all_equilibria`'s result.

    Returns
    -------
    tuple of ProfileFamily
        One per Nash subset, in order; one with two or more free probabilities carries a refusal.
    """
    out = []
    for subset in eqs.subsets:
        params = tuple(p for f in subset.families for p in f.parameters)
        strategies = tuple(dict(f.strategy) for f in subset.families)
        if len(params) > 1:
            out.append(
                ProfileFamily(
                    strategies,
                    subset.payoffs,
                    component=subset.component + 1,
                    refusal=(
                        f"a Nash subset of dimension {len(params)}: assessments are derived here for at most "
                        "one free probability"
                    ),
                )
            )
            continue
        values = None
        if params:
            (t,) = params
            family = next(f for f in subset.families if f.parameters)
            ends = [v[t] for v in family.vertices]
            values = sp.Interval(min(ends), max(ends))
        out.append(
            ProfileFamily(
                strategies, subset.payoffs, params[0] if params else None, values, subset.component + 1
            )
        )
    return tuple(out)


def families_of_support_enumeration(result) -> tuple[ProfileFamily, ...]:
    """The equilibria found by support enumeration as pieces, a family joined with the isolated
    equilibrium at an end of its range (Selten's horse: ``s3 in [3/4, 1)`` and ``s3 = 1``).

    Parameters
    ----------
    result : SupportEnumeration
        :func:`derive.solving.general_sum.support_enumeration.support_enumeration`'s result.

    Returns
    -------
    tuple of ProfileFamily
        Numbered by component in order; a family with two or more free probabilities or irrational
        probabilities carries a refusal.
    """
    points = [e for e in result.equilibria if e.is_isolated]
    used: set[int] = set()
    out: list[ProfileFamily] = []
    for e in result.equilibria:
        if e.is_isolated:
            continue
        if len(e.parameters) > 1 or e.algebraic:
            why = (
                f"a family of dimension {len(e.parameters)}: assessments are derived here for at most one free probability"
                if len(e.parameters) > 1
                else "irrational probabilities: assessments are derived here for rational ones"
            )
            out.append(ProfileFamily(e.strategies, e.payoffs, refusal=why))
            continue
        (t,) = e.parameters
        values = e.ranges[0]
        for k, point in enumerate(points):
            if k in used or point.algebraic:
                continue
            for end in values.boundary:
                if end in values:
                    continue
                at = tuple(
                    {s: sp.simplify(v.subs(t, end)) for s, v in strat.items()} for strat in e.strategies
                )
                if all(
                    sp.simplify(at[p].get(s, 0) - v) == 0
                    for p in range(len(at))
                    for s, v in point.strategies[p].items()
                ):
                    values = sp.Union(values, sp.FiniteSet(end))
                    used.add(k)
                    break
        out.append(ProfileFamily(e.strategies, e.payoffs, t, values))
    for k, point in enumerate(points):
        if k not in used:
            why = (
                "irrational probabilities: assessments are derived here for rational ones"
                if point.algebraic
                else None
            )
            out.append(ProfileFamily(point.strategies, point.payoffs, refusal=why))
    # isolated points first, as support enumeration lists them, then families
    out.sort(key=lambda f: f.parameter is not None)
    return tuple(
        ProfileFamily(f.strategies, f.payoffs, f.parameter, f.values, k, f.refusal)
        for k, f in enumerate(out, 1)
    )


# ------------------------------------------------------------------------------------ the tree


def node_names(game: Game, nodes: tuple[int, ...]) -> tuple[str, ...]:
    """What tells the nodes of an information set apart: their paths' moves without the common end
    (``"weak"`` and ``"strong"`` in beer-quiche; ``"Player 1 L"`` in Selten's horse)."""

    def word(move):
        mover, action = move
        return action if mover == CHANCE else f"{game.players[mover]} {action}"

    histories = [game.history(x) for x in nodes]
    if len(nodes) == 1:
        return (", ".join(word(m) for m in histories[0]) or "the root",)
    common = 0
    while all(len(h) > common for h in histories) and len({h[len(h) - 1 - common] for h in histories}) == 1:
        common += 1
    cut = [h[: len(h) - common] for h in histories]
    if any(not h for h in cut):
        cut = histories
    names = tuple(", ".join(word(m) for m in h) for h in cut)
    return names if len(set(names)) == len(names) else tuple(f"node {x}" for x in nodes)


def plans_of(sf: GameSequenceForm, strategies) -> list[list[sp.Expr]]:
    """Each player's realization plan (indexed by sequence) of mixed strategies over his reduced
    strategies (``label -> probability``; a label left out has probability 0)."""
    out = []
    for p, mixed in enumerate(strategies):
        x = [sp.S.Zero] * sf.shape[p]
        for s in reduced_strategies(sf, p):
            prob = sp.sympify(mixed.get(s.label, 0))
            if prob != 0:
                for k in s.sequences | {0}:
                    x[k] += prob
        out.append([sp.cancel(v) for v in x])
    return out


def family_plans(sf: GameSequenceForm, family: ProfileFamily) -> list[list[sp.Expr]]:
    """Each player's realization plan (indexed by sequence) of a piece: :func:`plans_of` its
    strategies, or its ``plans`` read by sequence label (a label left out has probability 0)."""
    if family.plans is None:
        return plans_of(sf, family.strategies)
    return [
        [sp.cancel(sp.sympify(family.plans[p].get(sf.label(p, k), 0))) for k in range(sf.shape[p])]
        for p in range(len(sf.shape))
    ]


def families_of_optimal_sets(game: Game, solution) -> tuple[ProfileFamily, ...]:
    """A two-player constant-sum game's optimal sets as one piece: every pair of optimal plans.

    Parameters
    ----------
    game : Game
    solution : ZeroSumSolution
        :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`'s result with
        ``all_optimal=True`` (its ``optimal_sets``, one per player).

    Returns
    -------
    tuple of ProfileFamily
        One piece with ``plans`` (the product of the optimal sets is the one component), its range
        the parameter's least and greatest vertex value; with a refusal when the two sets have two or
        more free probabilities together.

    Raises
    ------
    ValueError
        If ``solution`` has no optimal sets.
    """
    sets = solution.optimal_sets
    if not sets:
        raise ValueError("the optimal sets were not derived")
    value = sp.sympify(solution.value)
    payoffs = (value, sp.cancel(sp.sympify(game.constant_sum or 0) - value))
    plans = tuple(dict(o.plan) for o in sorted(sets, key=lambda o: o.player))
    params = tuple(t for o in sets for t in o.parameters)
    if len(params) > 1:
        return (
            ProfileFamily(
                (),
                payoffs,
                refusal=(
                    f"optimal sets with {len(params)} free probabilities: assessments are derived here for at "
                    "most one"
                ),
                plans=plans,
            ),
        )
    if not params:
        return (ProfileFamily((), payoffs, plans=plans),)
    (t,) = params
    ends = [v[t] for o in sets for v in o.vertices if t in v]
    return (ProfileFamily((), payoffs, t, sp.Interval(min(ends), max(ends)), plans=plans),)


def _cells(plans, t, values: sp.Set) -> list[tuple[sp.Set, sp.Rational]]:
    """The range cut at the roots of the plan entries; cells with the same support merged."""
    roots: set = set()
    for plan in plans:
        for v in plan:
            num = sp.numer(sp.together(v))
            if t in num.free_symbols:
                for r in sp.Poly(num, t).real_roots():
                    if not r.is_Rational:
                        raise NotSupportedError("a plan entry vanishes at an irrational point of the range")
                    roots.add(r)
    raw: list[tuple[sp.Set, sp.Rational]] = []
    pieces = values.args if isinstance(values, sp.Union) else (values,)
    for piece in sorted(pieces, key=lambda s: s.inf):
        if isinstance(piece, sp.FiniteSet):
            raw.extend((sp.FiniteSet(v), v) for v in sorted(piece))
            continue
        if not isinstance(piece, sp.Interval) or not piece.inf.is_Rational or not piece.sup.is_Rational:
            raise NotSupportedError(f"a range {piece} that is not an interval with rational ends")
        cuts = sorted(r for r in roots if piece.inf < r < piece.sup)
        ends = [piece.inf, *cuts, piece.sup]
        if not piece.left_open:
            raw.append((sp.FiniteSet(piece.inf), piece.inf))
        for k, (a, b) in enumerate(zip(ends, ends[1:])):
            raw.append((sp.Interval.open(a, b), (a + b) / 2))
            if k < len(cuts):
                raw.append((sp.FiniteSet(b), b))
        if not piece.right_open:
            raw.append((sp.FiniteSet(piece.sup), piece.sup))

    def support(s):
        return tuple(tuple(v.subs(t, s) != 0 for v in plan) for plan in plans)

    merged: list[list] = []
    for cell, s in raw:
        sig = support(s)
        if merged and merged[-1][2] == sig and merged[-1][0].sup == cell.inf:
            merged[-1][0] = sp.Union(merged[-1][0], cell)
            if isinstance(cell, sp.Interval):
                merged[-1][1] = s
        else:
            merged.append([cell, s, sig])
    return [(c, s) for c, s, _ in merged]


def assess(game: Game, family: ProfileFamily, sf: GameSequenceForm | None = None) -> Assessment:
    """The sequential part of a piece of a Nash component, with the beliefs at every information set.

    Parameters
    ----------
    game : Game
        A game with perfect recall and numeric payoffs.
    family : ProfileFamily
        A piece of a component (every member a Nash equilibrium, as the solvers return them).

    Returns
    -------
    Assessment
        Per cell: beliefs by Bayes' rule on the path, the exact ranges of beliefs off it that make
        the play sequentially rational, and the verdict with its reason; or a stated refusal
        (see the module docstring for what is implemented).

    Raises
    ------
    ImperfectRecallError
        If the game lacks perfect recall.

    Examples
    --------
    >>> from derive.games.textbook import selten_horse
    >>> g = selten_horse()
    >>> a = assess(g, pure_family(g, {(0, "1:1"): "L", (1, "2:1"): "R", (2, "3:1"): "R"}))
    >>> a.verdict
    'none'
    """
    if family.refusal is not None:
        return Assessment(family, refusal=family.refusal)
    game.require_perfect_recall()
    sf = sf or game_sequence_form(game)
    plans = family_plans(sf, family)
    t = family.parameter
    try:
        cells = _cells(plans, t, family.values) if t is not None else [(None, None)]
    except NotSupportedError as exc:
        return Assessment(family, refusal=str(exc))
    return Assessment(family, tuple(_assess_cell(game, sf, plans, t, cell, s) for cell, s in cells))


def _at(expr: sp.Expr, t, s) -> sp.Expr:
    return sp.sympify(expr) if t is None else sp.sympify(expr).subs(t, s)


def _assess_cell(game: Game, sf: GameSequenceForm, plans, t, cell, s) -> CellAssessment:
    n = game.num_players
    # behaviour, where each player's own moves reach the information set; "open" sets are avoided by
    # the mover's own moves and end the play: their completion is chosen below
    behaviour: dict[int, tuple[sp.Expr, ...]] = {}
    open_sets: set[int] = set()
    for info in game.infosets:
        own = plans[info.player][sf.parent[info.index]]
        if _at(own, t, s) == 0:
            if all(game.nodes[c].is_terminal for x in info.nodes for c in game.nodes[x].children):
                open_sets.add(info.index)
                behaviour[info.index] = (sp.S.Zero,) * len(info.actions)
                continue
            return CellAssessment(
                cell,
                False,
                refusal=(
                    f"{game.players[info.player]}'s own earlier moves avoid {info.label}, so the reduced strategies "
                    "leave his play there open; assessments with such information sets are implemented where "
                    "every action there ends the play"
                ),
            )
        behaviour[info.index] = tuple(
            sp.cancel(plans[info.player][sf.index[info.player][(info.index, a)]] / own)
            for a in range(len(info.actions))
        )
    # reach probabilities, the same without the moves off the path, and those moves on each path
    reach: dict[int, sp.Expr] = {0: sp.S.One}
    onreach: dict[int, sp.Expr] = {0: sp.S.One}
    deviations: dict[int, tuple] = {0: ()}
    for node in game.nodes:
        for k, c in enumerate(node.children):
            if node.is_chance:
                p = node.probabilities[k]
                if p == 0:
                    return CellAssessment(
                        cell, False, refusal="a chance move of probability 0 is not implemented"
                    )
                reach[c], onreach[c], deviations[c] = (
                    reach[node.index] * p,
                    onreach[node.index] * p,
                    deviations[node.index],
                )
            else:
                p = behaviour[node.infoset][k]
                off = _at(p, t, s) == 0
                reach[c] = reach[node.index] * p
                onreach[c] = onreach[node.index] * (1 if off else p)
                deviations[c] = deviations[node.index] + (((node.infoset, k),) if off else ())
    off_path = [info for info in game.infosets if sum(_at(reach[x], t, s) for x in info.nodes) == 0]
    # consistency (Kreps & Wilson 1982): fixed where the nodes with the fewest moves off the path share
    # them, free where each node has one such move of its own, else refused
    fixed: dict[int, tuple[sp.Expr, ...]] = {}
    owner: dict[tuple, int] = {}
    for info in off_path:
        if len(info.nodes) == 1:  # its belief is 1 whatever the orders and weights
            continue
        sets = [Counter(deviations[x]) for x in info.nodes]
        least = [k for k, d in enumerate(sets) if all(all(d[m] <= e[m] for m in d) for e in sets)]
        if least:
            total = sum(onreach[info.nodes[k]] for k in least)
            beliefs = tuple(
                sp.cancel(onreach[x] / total) if k in least else sp.S.Zero for k, x in enumerate(info.nodes)
            )
            if t is not None and not isinstance(cell, sp.FiniteSet) and any(b.free_symbols for b in beliefs):
                return CellAssessment(
                    cell,
                    False,
                    refusal=(
                        f"the consistent beliefs at {info.label} vary along the family: they are derived here "
                        "where they are constant"
                    ),
                )
            fixed[info.index] = tuple(_at(b, t, s) for b in beliefs)
            continue
        if any(len(deviations[x]) != 1 for x in info.nodes) or len({deviations[x] for x in info.nodes}) < len(
            info.nodes
        ):
            return CellAssessment(
                cell,
                False,
                refusal=(
                    f"the nodes of {info.label} are reached through different moves off the path of play, neither "
                    "one shared set of them nor one move each: their consistent beliefs are coupled (Kreps & "
                    "Wilson 1982), which is not implemented"
                ),
            )
        for x in info.nodes:
            if owner.setdefault(deviations[x][0], info.index) != info.index:
                return CellAssessment(
                    cell,
                    False,
                    refusal=(
                        f"one move off the path of play leads to {info.label} and to another off-path information "
                        "set whose beliefs it leaves free: their consistent beliefs are coupled (Kreps & Wilson "
                        "1982), which is not implemented"
                    ),
                )
    # the completions at the open sets: the best replies to their beliefs
    completions: dict[int, tuple[int, ...]] = {}
    for info in game.infosets:
        if info.index not in open_sets:
            continue
        i = info.player
        pay = [
            [sp.sympify(game.payoffs[game.nodes[x].children[a]][i]) for x in info.nodes]
            for a in range(len(info.actions))
        ]
        if info.index in fixed:
            mu = fixed[info.index]
            worth = [sum(m * u for m, u in zip(mu, row)) for row in pay]
            completions[info.index] = tuple(a for a, w in enumerate(worth) if w == max(worth))
        else:
            completions[info.index] = tuple(a for a in range(len(info.actions)) if _best_somewhere(pay, a))
        if len(completions[info.index]) == 1:
            (a,) = completions[info.index]
            behaviour[info.index] = tuple(sp.S.One if b == a else sp.S.Zero for b in range(len(info.actions)))
    # each player's expected payoff from every node on (None where an open set's play, not forced, counts)
    value: dict[int, tuple[sp.Expr, ...] | None] = {}
    for node in reversed(game.nodes):
        if node.is_terminal:
            value[node.index] = tuple(sp.sympify(v) for v in game.payoffs[node.index])
            continue
        if not node.is_chance and node.infoset in open_sets and len(completions[node.infoset]) > 1:
            value[node.index] = None
            continue
        probs = node.probabilities if node.is_chance else behaviour[node.infoset]
        if any(value[c] is None and _at(p, t, s) != 0 for p, c in zip(probs, node.children)):
            value[node.index] = None
            continue
        value[node.index] = tuple(
            sp.cancel(sum(p * value[c][i] for p, c in zip(probs, node.children) if value[c] is not None))
            for i in range(n)
        )
    out: list[InfosetBeliefs] = []
    failure = None
    for info in game.infosets:
        names = node_names(game, info.nodes)
        if info.index in open_sets:
            done = completions[info.index]
            mu = fixed.get(info.index)
            ranges = (
                tuple((b, b) for b in mu) if mu is not None else tuple((sp.S.Zero, sp.S.One) for _ in names)
            )
            out.append(
                InfosetBeliefs(
                    info.player,
                    info.label,
                    False,
                    names,
                    None,
                    ranges,
                    len(done) > 1 and mu is not None,
                    determined=mu is not None,
                    completion=tuple(info.actions[a] for a in done),
                )
            )
            continue
        played = [a for a in range(len(info.actions)) if _at(behaviour[info.index][a], t, s) != 0]
        mixing = len(played) > 1
        if info not in off_path:
            total = sum(reach[x] for x in info.nodes)
            beliefs = tuple(sp.cancel(reach[x] / total) for x in info.nodes)
            out.append(InfosetBeliefs(info.player, info.label, True, names, beliefs, None, mixing))
            continue
        i = info.player
        diffs, paid = {}, {}
        for a in played:
            for b in range(len(info.actions)):
                if b == a:
                    continue
                row, pays = [], []
                for x in info.nodes:
                    node = game.nodes[x]
                    va, vb = value[node.children[a]], value[node.children[b]]
                    if va is None or vb is None:
                        return CellAssessment(
                            cell,
                            False,
                            refusal=(
                                f"the play after {info.label} passes an information set that its mover's own moves "
                                "avoid, where more than one reply is best: the beliefs at "
                                f"{info.label} depend on that choice, which is not implemented"
                            ),
                        )
                    d = sp.cancel(va[i] - vb[i])
                    d = _at(d, t, s) if isinstance(cell, sp.FiniteSet) or t is None else d
                    if d.free_symbols:
                        return CellAssessment(
                            cell,
                            False,
                            refusal=(
                                f"{game.players[i]}'s payoffs after {info.label} vary along the family: its belief "
                                "ranges are derived here for fixed continuation play"
                            ),
                        )
                    row.append(d)
                    pays.append((_at(va[i], t, s), _at(vb[i], t, s)))
                diffs[(a, b)] = row
                paid[(a, b)] = pays
        variables = list(range(len(info.nodes)))
        constraints = [({v: sp.S.One}, sp.S.Zero, False) for v in variables]
        constraints.append(({v: sp.S.One for v in variables}, -sp.S.One, False))
        constraints.append(({v: -sp.S.One for v in variables}, sp.S.One, False))
        mu = fixed.get(info.index)
        if mu is not None:
            for v, b in zip(variables, mu):
                constraints.append(({v: sp.S.One}, -b, False))
                constraints.append(({v: -sp.S.One}, b, False))
        system = list(constraints)
        texts = []
        for (a, b), row in diffs.items():
            system.append(({v: d for v, d in zip(variables, row) if d != 0}, sp.S.Zero, False))
            texts.append(_inequality(info.label, names, row, info.actions[a], info.actions[b]))
        ranges = None
        if feasible(system, variables):
            ranges = tuple(bounds(system, variables, v) for v in variables)
        elif mu is not None:
            failure = failure or _why_fixed(game, info, names, played, diffs, mu)
        else:
            failure = failure or _why(game, info, names, played, diffs, paid, constraints, variables)
        out.append(
            InfosetBeliefs(
                i,
                info.label,
                False,
                names,
                None,
                ranges,
                mixing,
                tuple(texts),
                determined=mu is not None,
            )
        )
    return CellAssessment(cell, failure is None, tuple(out), failure)


def _best_somewhere(pay, a) -> bool:
    """Whether action ``a`` (``pay[a][node]``) is a best reply to some belief over the nodes."""
    variables = list(range(len(pay[a])))
    system = [({v: sp.S.One}, sp.S.Zero, False) for v in variables]
    system.append(({v: sp.S.One for v in variables}, -sp.S.One, False))
    system.append(({v: -sp.S.One for v in variables}, sp.S.One, False))
    for b, row in enumerate(pay):
        if b != a:
            system.append(({v: pay[a][v] - row[v] for v in variables}, sp.S.Zero, False))
    return feasible(system, variables)


def _why_fixed(game, info, names, played, diffs, mu) -> str:
    """Why the beliefs that consistency fixes at ``info`` do not justify the play there."""
    who = game.players[info.player]
    beliefs = ", ".join(f"{MU}({x} | {info.label}) = {to_text(b)}" for x, b in zip(names, mu))
    for (a, b), row in diffs.items():
        gain = sum(m * d for m, d in zip(mu, row))
        if gain < 0:
            return (
                f"at {info.label} ({who}, off the path of play) consistency fixes the beliefs ({beliefs}), and "
                f"against them {info.actions[b]} pays {who} {to_text(-gain)} more than {info.actions[a]}, which is "
                "played there"
            )
    acts = " and ".join(info.actions[a] for a in played)
    return f"at {info.label} ({who}, off the path of play) the beliefs consistency fixes do not make {acts} equally good"


def _inequality(label, names, row, a, b) -> str:
    terms = ""
    for x, d in zip(names, row):
        if d == 0:
            continue
        size = "" if abs(d) == 1 else f"{to_text(abs(d))} "
        sign = ("- " if d < 0 else "+ ") if terms else ("-" if d < 0 else "")
        terms += f"{' ' if terms else ''}{sign}{size}{MU}({x} | {label})"
    return f"{a} over {b}: {terms or '0'} >= 0"


def _why(game, info, names, played, diffs, paid, constraints, variables) -> str:
    who = game.players[info.player]
    where = f"at {info.label} ({who}, off the path of play)"
    for a in played:
        alone = list(constraints) + [
            ({v: d for v, d in zip(variables, row) if d != 0}, sp.S.Zero, False)
            for (a2, _), row in diffs.items()
            if a2 == a
        ]
        if feasible(alone, variables):
            continue
        for (a2, b), row in diffs.items():
            if a2 == a and all(d < 0 for d in row):
                gains = ", ".join(
                    f"{to_text(vb)} against {to_text(va)}" + (f" at {x}" if len(names) > 1 else "")
                    for x, (va, vb) in zip(names, paid[(a2, b)])
                )
                return (
                    f"{where} no belief justifies {info.actions[a]}: against the others' play {info.actions[b]} "
                    f"pays {who} {gains} for {info.actions[a]}, and {info.actions[a]} is played there"
                )
        return f"{where} no belief justifies {info.actions[a]}: a mixture of the other actions pays {who} more at every node"
    acts = " and ".join(info.actions[a] for a in played)
    return f"{where} no belief makes {acts} equally good, as the mixture there needs"
