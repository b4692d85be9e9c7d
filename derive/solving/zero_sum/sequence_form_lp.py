"""Exact solution of two-player constant-sum games in the sequence form: value, equilibrium, optimal sets.

**The value.**  For the payoff matrix ``A`` of player 0 and the constraints
``E x = e`` (player 0) and ``F y = f`` (player 1), player 0's maximin problem
is the linear program (von Stengel 1996, eq. (14); Koller, Megiddo & von
Stengel 1994)

    maximise q_0   subject to   F^T q <= A^T x,   E x = e,   x >= 0,   q free,

whose dual is player 1's minimax problem.  HiGHS solves both in floating
point; each optimal basis is re-solved in exact rationals
(:func:`derive.solving.lp.exact_lp`), and the pair is accepted only if the exact
best-response values of the two strategies coincide, which proves both
optimal and gives the value exactly.

**The whole optimal set.**  Let ``S_0``, ``S_1`` be the *usable* sequences
(positive in some optimal plan), each certified by an exact LP solution: an
optimal plan that uses it, or a dual-optimal solution with positive slack on
it (so, by complementary slackness, no optimal plan uses it).  Let ``ybar``
be an optimal plan of player 1 with support ``S_1`` (one exists: optimal sets
are convex).  A plan ``x`` is optimal iff ``(x, ybar)`` is an equilibrium
(interchangeability), i.e. iff

1. ``E x = e``, ``x >= 0`` and ``x_s = 0`` for ``s`` outside ``S_0`` (then ``x`` is a best
   response to ``ybar``: every sequence in ``S_0`` is one);
2. *indifference*: player 1's value ``v_J`` at each information set ``J`` that ``S_1`` reaches
   equals the payoff of every action he uses there:
   ``v_J = (A^T x)_(J,a) + sum of v_K over the information sets K after (J,a)``;
3. *no profitable deviation*: at such ``J``, every unused action ``a``, followed by any pure
   continuation ``pi`` of player 1, pays him no more: ``v_J <= (A^T x)_(J,a) + sum_(s in pi) (A^T x)_s``.

sympy solves the linear equations (1)-(2) for an affine parametrisation of
the optimal set by free realization-plan variables; (1) and (3) give the
inequalities, whose exact vertices are enumerated.  Each vertex is certified
exactly (its best-response value equals the game value), so the family is
exactly the optimal set: conditions 1-3 are necessary, and the family is the
convex hull of certified optimal vertices.  The same holds for player 1 with
his own payoff matrix ``A_1^T`` (in a constant-sum game ``c`` minus player 0's
payoff on every play, so his LP is player 0's shifted by ``c``).  In the
conditions ``v_J`` is what the player being solved for secures at the
opponent's information set ``J``: his payoff from there on when the opponent
replies as well as he can.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form
from derive.solving.families.polytope import MAX_VERTICES, polytope
from derive.solving.lp import ExactLPError, LinearProgram, exact_lp, row_times, transpose

__all__ = [
    "REFINEMENTS",
    "OptimalSet",
    "SequenceFormEquilibrium",
    "ZeroSumSolution",
    "best_response_values",
    "require_two_player_constant_sum",
    "sequence_form_equilibrium",
    "solve_zero_sum",
]

#: Largest number of pure continuations enumerated for one unused action (condition 3).
MAX_CONTINUATIONS = 20_000


def require_two_player_constant_sum(game: Game) -> None:
    """Raise unless ``game`` is a two-player constant-sum game with perfect recall and numeric payoffs.

    Raises
    ------
    NotSupportedError
        Saying in one line which property is missing (number of players, constant sum: naming the
        terminals whose payoffs do not add up, symbols).
    ImperfectRecallError
        If recall is imperfect, naming an information set where it fails.
    """
    game.require_perfect_recall()
    if game.num_players != 2:
        raise NotSupportedError(
            f"{game.title or 'this game'} is a {game.num_players}-player game; exact solving handles "
            "two-player constant-sum games (best responses and NashConv of a given profile work for any game)"
        )
    if game.is_symbolic:
        names = ", ".join(str(s) for s in game.symbols)
        raise NotSupportedError(
            f"the game has symbolic payoffs or probabilities ({names}); substitute numbers"
        )
    if not game.is_constant_sum:
        raise NotSupportedError(
            f"{game.title or 'this game'} is not constant-sum ({game.sum_report()}); its equilibria are "
            "found by derive.solving.general_sum.two_player.all_equilibria (derive solve GAME --general-sum)"
        )


@dataclass(frozen=True)
class OptimalSet:
    """All optimal realization plans of one player, as an affine family over a polytope.

    Attributes
    ----------
    player : int
    parameters : tuple of sympy.Symbol
        Free realization-plan variables that parametrise the set (empty if unique).
    plan : dict
        ``sequence label -> realization probability``, affine in ``parameters`` (``"∅" -> 1``).
    conditions : tuple of sympy.Eq
        The indifference equations that were solved (condition 2), in plan variables and the
        opponent's values ``v_J``.
    condition_labels : tuple of str
        For each condition, in words: whose information set and which used action it equates.
    constraints : tuple of sympy relationals
        Irredundant inequalities in ``parameters`` that define the range.
    vertices : tuple of dict
        Exact vertices ``{parameter: Rational}``; the set is their convex hull.
    usable : tuple of str
        Labels of the sequences some optimal plan uses (``S_p``).
    certificate : str
        What was certified exactly about the set.
    admissible : AdmissibleMembers or None
        Which members are admissible (not weakly dominated), see :mod:`derive.solving.refinements.admissible`.
    """

    player: int
    parameters: tuple[sp.Symbol, ...]
    plan: dict[str, sp.Expr]
    conditions: tuple[sp.Eq, ...]
    condition_labels: tuple[str, ...]
    constraints: tuple[sp.Basic, ...]
    vertices: tuple[dict[sp.Symbol, sp.Rational], ...]
    usable: tuple[str, ...]
    certificate: str = ""
    admissible: object = None

    @property
    def vertices_enumerated(self) -> bool:
        """Whether :attr:`vertices` lists every vertex (False when there were more than MAX_VERTICES)."""
        return bool(self.vertices) or not self.parameters

    @property
    def dimension(self) -> int:
        """Dimension of the set (0 if the optimal plan is unique)."""
        return len(self.parameters)

    def at(self, point: dict[sp.Symbol, sp.Expr]) -> dict[str, sp.Expr]:
        """The realization plan at a point of the parameter range."""
        return {k: sp.sympify(v).subs(point) for k, v in self.plan.items()}

    def vertex_plans(self) -> list[dict[str, sp.Rational]]:
        """The realization plans at the vertices (the extreme optimal plans)."""
        return [self.at(v) for v in self.vertices]

    def parameters_of(self, plan: dict[str, object]) -> dict[sp.Symbol, sp.Rational] | None:
        """The parameter values at which the set plays the realization plan ``plan``, or ``None``.

        ``plan`` maps sequence labels to exact probabilities (missing labels count as 0).  ``None``
        means ``plan`` is not an optimal plan of this player.

        Raises
        ------
        GameModelError
            If a probability is a float or not a number (membership is decided exactly).
        """
        unknown = set(plan) - set(self.plan)
        if unknown:
            raise KeyError(f"no sequence {sorted(unknown)[0]!r} of player {self.player}")
        given = {k: exact_value(v, f"realization probability of {k!r}") for k, v in plan.items()}
        diffs = [
            sp.expand(v - given.get(k, sp.S.One if k == "∅" else sp.S.Zero)) for k, v in self.plan.items()
        ]
        if any(d != 0 and not d.free_symbols for d in diffs):
            return None
        equations = [d for d in diffs if d.free_symbols]
        point: dict[sp.Symbol, sp.Rational] = {}
        if equations:
            solutions = sp.linsolve(equations, list(self.parameters))
            if not solutions:
                return None
            (values,) = solutions
            if any(sp.sympify(v).free_symbols for v in values):
                return None
            point = dict(zip(self.parameters, values))
        for c in self.constraints:
            if not bool(c.subs(point)):
                return None
        return point

    def reparametrized(self, names: Mapping[object, str]) -> OptimalSet:
        """The same set written in parameters the user names, each the realization of one sequence.

        Parameters
        ----------
        names : mapping
            ``new parameter (sympy.Symbol or its name) -> sequence label`` (e.g. ``{"alpha":
            "Q:bet"}``: α is the probability that the player's own moves follow ``Q:bet``; for a
            plan's last sequence in one-card poker, the thesis's plan probability).  Each new
            parameter replaces one free parameter whose coefficient in that sequence's realization
            is not zero; plan, conditions, range and vertices are rewritten by that exact affine
            change of variables, so the set is the same.

        Returns
        -------
        OptimalSet

        Raises
        ------
        KeyError
            If a label is no sequence of the player (naming it).
        ValueError
            If a sequence's realization is the same in the whole set (naming it and its value),
            or a name is already a parameter or repeats.

        Examples
        --------
        Kuhn poker typed as a general game: Kuhn's α (Kuhn 1950, p. 101) is the probability that the
        opener bets with Q.

        >>> from derive.games.one_card import kuhn_poker, to_extensive_form
        >>> s = solve_zero_sum(to_extensive_form(kuhn_poker()), all_optimal=True).optimal_sets[0]
        >>> a = s.reparametrized({"alpha": "Q:bet"})
        >>> a.parameters, a.plan["A:bet"], a.constraints, a.vertices
        ((alpha,), 3*alpha, (alpha >= 0, alpha <= 1/3), ({alpha: 1/3}, {alpha: 0}))
        """
        out = self
        for name, label in names.items():
            out = out._renamed_one(sp.Symbol(name) if isinstance(name, str) else name, label)
        return out

    def _renamed_one(self, new: sp.Symbol, label: str) -> OptimalSet:
        from dataclasses import replace

        if label not in self.plan:
            raise KeyError(f"no sequence {label!r} of player {self.player}")
        if new in self.parameters or new.name in {str(p) for p in self.parameters}:
            raise ValueError(f"{new} is already a parameter of the set")
        e = sp.expand(sp.sympify(self.plan[label]))
        old = next((p for p in self.parameters if e.coeff(p) != 0), None)
        if old is None:
            raise ValueError(f"the realization of {label!r} is {e} in the whole set: it cannot be a parameter")
        solved = sp.expand((new - (e - e.coeff(old) * old)) / e.coeff(old))
        sub = {old: solved}

        parameters = tuple(new if p == old else p for p in self.parameters)

        def rewrite(rel):
            return type(rel)(sp.expand(rel.lhs.subs(sub)), sp.expand(rel.rhs.subs(sub)))

        def rewrite_bound(rel):  # in the form the solver writes: one parameter as a bound, else ">= 0"
            from derive.solving.families.polytope import bound_constraint, normalised, slack

            e = normalised(slack(rel).subs(sub), parameters)
            used = [p for p in parameters if e.coeff(p) != 0]
            return bound_constraint(e, used[0]) if len(used) == 1 else sp.Ge(e, 0)

        vertices = tuple(
            {(new if p == old else p): (e.subs(v) if p == old else v[p]) for p in self.parameters}
            for v in self.vertices
        )
        return replace(
            self,
            parameters=parameters,
            plan={k: sp.expand(sp.sympify(v).subs(sub)) for k, v in self.plan.items()},
            conditions=tuple(rewrite(c) for c in self.conditions),
            constraints=tuple(rewrite_bound(c) for c in self.constraints),
            vertices=vertices,
        )

    def contains(self, plan: dict[str, object]) -> bool:
        """Whether the realization plan ``plan`` is optimal (lies in this set), decided exactly."""
        return self.parameters_of(plan) is not None


@dataclass(frozen=True)
class ZeroSumSolution:
    """The exact value and an equilibrium of a two-player constant-sum game (and optionally all optimal plans).

    Attributes
    ----------
    game : Game
    value : sympy.Rational
        Expected payoff to player 0 in equilibrium (player 1 gets ``constant - value``).
    constant : sympy.Rational
        The constant sum of the payoffs (0 for a zero-sum game).
    plans : tuple of dict
        Each player's exact optimal realization plan, ``sequence label -> Rational``.
    strategies : tuple of dict
        The same strategies in behaviour form, ``information-set label -> {action: Rational}``;
        at information sets the player's own plan never reaches, the best action against the
        opponent's strategy is chosen (so the profile stays an equilibrium).
    off_path : tuple of (int, str)
        ``(player, information-set label)`` reached with probability 0 in the profile.
    optimal_sets : tuple of OptimalSet
        Each player's whole optimal set (empty unless asked for).
    method : str
    refinement : str
        ``"quasi-perfect"`` (the strategies are the exact limit of the perturbed LP, see
        :mod:`derive.solving.refinements.quasi_perfect`) or ``"none"`` (the LP's vertex, with best replies where
        the player's own plan never goes).
    perturbed : tuple of PerturbedPlan
        With ``refinement="quasi-perfect"``: each player's perturbed plan, polynomial in ε.
    """

    game: Game
    value: sp.Rational
    constant: sp.Rational
    plans: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]
    strategies: tuple[dict[str, dict[str, sp.Rational]], dict[str, dict[str, sp.Rational]]]
    off_path: tuple[tuple[int, str], ...]
    optimal_sets: tuple[OptimalSet, ...] = ()
    method: str = field(default="")
    refinement: str = "none"
    perturbed: tuple = ()

    @property
    def values(self) -> tuple[sp.Rational, sp.Rational]:
        """Each player's equilibrium payoff."""
        return (self.value, self.constant - self.value)


# --------------------------------------------------------------------------- best responses


def best_response_values(
    sf: GameSequenceForm, responder: int, payoff: dict[int, object], maximize: bool
) -> tuple[object, dict[int, int], dict[int, object]]:
    """Exact best response of ``responder`` to a linear payoff over his sequences.

    ``payoff[s]`` is the responder's payoff collected at his sequence ``s`` (e.g. ``(A^T x)_s``
    against a fixed plan ``x``).  By backward induction over his information sets (perfect
    recall makes them a forest): the value of a sequence is its own payoff plus the best values
    of the information sets after it.

    Returns
    -------
    (value, choice, infoset_value)
        The best total, ``information set -> best action number`` and
        ``information set -> its best continuation value`` (exact ``QQ``).
    """
    pick = max if maximize else min
    index = sf.index[responder]
    value_of_seq: dict[int, object] = {}
    infoset_value: dict[int, object] = {}
    choice: dict[int, int] = {}

    def seq_value(k: int) -> object:
        if k not in value_of_seq:
            total = payoff.get(k, QQ(0))
            for child in sf.children(responder, k):
                total += infoset_value[child]
            value_of_seq[k] = total
        return value_of_seq[k]

    for info in sf.bottom_up(responder):
        vals = [seq_value(index[(info.index, a)]) for a in range(len(info.actions))]
        best = pick(vals)
        infoset_value[info.index] = best
        choice[info.index] = vals.index(best)
    return seq_value(0), choice, infoset_value


# --------------------------------------------------------------------------- the LPs


def _program(sf: GameSequenceForm, matrix: dict[int, dict[int, object]], player: int) -> LinearProgram:
    """Player ``player``'s maximin LP for ``x^T M y``: columns ``x`` (``>= 0``) then ``q`` (free, one per row of ``F``)."""
    other = 1 - player
    n = sf.shape[player]
    e_rows, e_rhs = sf.constraints(player)
    f_rows, _ = sf.constraints(other)
    nq = len(f_rows)
    prog = LinearProgram(n + nq, [], [], [], set(range(n, n + nq)))
    for r, row in e_rows.items():
        prog.add_row({c: QQ(v) for c, v in row.items()}, QQ(e_rhs[r]), QQ(e_rhs[r]))
    # F^T q - M^T x <= 0, one row per sequence j of the opponent
    ft: dict[int, dict[int, object]] = {}
    for r, row in f_rows.items():
        for j, v in row.items():
            ft.setdefault(j, {})[n + r] = QQ(v)
    mt = transpose(matrix)
    for j in range(sf.shape[other]):
        line = dict(ft.get(j, {}))
        for i, v in mt.get(j, {}).items():
            line[i] = line.get(i, QQ(0)) - v
        prog.add_row(line, None, QQ(0))
    return prog


def _solve_side(sf, matrix, player) -> list[object]:
    prog = _program(sf, matrix, player)
    return exact_lp(prog, {sf.shape[player]: QQ(1)})[: sf.shape[player]]


def _face(sf, matrix, player, value) -> LinearProgram:
    prog = _program(sf, matrix, player)
    prog.add_row({sf.shape[player]: QQ(1)}, value, None)
    return prog


def _usable(sf, mats, values) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Certified usable sequences of each player (see the module docstring)."""
    usable: list[list[int]] = [[], []]
    for p in (0, 1):
        o = 1 - p
        n = sf.shape[p]
        face = _face(sf, mats[p], p, values[p])
        oface = _face(sf, mats[o], o, values[o])
        e_rows, _ = sf.constraints(p)
        no = sf.shape[o]
        for i in range(n):
            x = exact_lp(face, {i: QQ(1)})
            if x[i] > 0:
                usable[p].append(i)
                continue
            # slack of i in the opponent's (dual) program: (M_o^T y)_i - (E^T q')_i, maximised
            objective: dict[int, object] = {}
            for j, row in mats[o].items():
                if i in row:
                    objective[j] = row[i]
            for r, row in e_rows.items():
                if i in row:
                    objective[no + r] = objective.get(no + r, QQ(0)) - QQ(row[i])
            z = exact_lp(oface, objective)
            slack = sum((v * z[c] for c, v in objective.items()), QQ(0))
            if slack <= 0:
                raise ExactLPError(f"could not certify whether sequence {sf.label(p, i)} is usable")
    return tuple(usable[0]), tuple(usable[1])


# --------------------------------------------------------------------------- solving


@dataclass(frozen=True)
class SequenceFormEquilibrium:
    """One certified equilibrium of a two-player constant-sum sequence form, in the solver's terms.

    Attributes
    ----------
    value : QQ
        Player 0's payoff (the game value).
    plans : (list, list)
        Each player's realization plan, exact ``QQ`` in the order of his sequences.
    strategies : (dict, dict)
        Each player's behaviour strategy, ``information-set label -> {action: Rational}``.
    off_path : tuple of (player, label)
        Information sets the profile reaches with probability 0.
    method : str
    perturbed : tuple of PerturbedPlan
        The perturbed plans (quasi-perfect refinement only, else empty).
    """

    value: object
    plans: tuple[list, list]
    strategies: tuple[dict, dict]
    off_path: tuple[tuple[int, str], ...]
    method: str
    perturbed: tuple = ()


def sequence_form_equilibrium(
    sf, mats, constant, refine: str = "quasi-perfect", progress: Callable[[str], None] | None = None
) -> SequenceFormEquilibrium:
    """Value and one equilibrium of a two-player constant-sum game given by its sequence form.

    Parameters
    ----------
    sf : GameSequenceForm or OneCardSequenceForm
        Anything with the sequence form's interface (``shape``, ``constraints``, ``sequences``,
        ``parent``, ``index``, ``label``, ``children``, ``infosets_of``, ``players``, ``unreached``).
    mats : (dict, dict)
        Each player's own payoff matrix, rows his sequences, ``{row: {col: QQ}}``.
    constant : QQ
        The players' payoffs add up to it on every play.
    refine : {"quasi-perfect", "none"}
        As in :func:`solve_zero_sum`.
    progress : callable, optional
        Called with one line of text per stage (the LP's size, then the certificate).

    Returns
    -------
    SequenceFormEquilibrium

    Raises
    ------
    ExactLPError
        If the exact certificate fails (or the perturbed LP finds no stable basis).
    """
    perturbed: tuple = ()
    say = progress or (lambda message: None)
    rows, cols = sf.shape
    if refine == "quasi-perfect":
        from derive.solving.refinements.quasi_perfect import perturbed_plans

        say(f"solving the perturbed sequence-form LP ({rows:,} x {cols:,} sequences) exactly in ε")

        perturbed = perturbed_plans(sf, mats)
        x, y = (
            [QQ.from_sympy(perturbed[p].limit[sf.label(p, k)]) for k in range(sf.shape[p])] for p in (0, 1)
        )
    else:
        say(f"solving the sequence-form LP ({rows:,} x {cols:,} sequences) by HiGHS, then exactly")
        x = _solve_side(sf, mats[0], 0)
        y = _solve_side(sf, mats[1], 1)
    say("certifying the equilibrium by exact best responses")
    lower, _, _ = best_response_values(sf, 1, row_times(mats[0], x), maximize=False)
    secured, _, _ = best_response_values(sf, 0, row_times(mats[1], y), maximize=False)
    upper = constant - secured
    if lower != upper:
        raise ExactLPError(f"exact certificate failed: best-response values {lower} and {upper} differ")
    plans = (x, y)
    if perturbed:
        strategies = tuple(pp.behaviour for pp in perturbed)
        off_path = sf.unreached(strategies)
        method = (
            "quasi-perfect equilibrium: the exact limit ε → 0 of the perturbed sequence-form LP "
            "(Miltersen & Sørensen 2006, 2010), from a basis proved optimal for all small ε in exact "
            "rationals (HiGHS proposes it, exact simplex pivots finish); certified: the limit's exact "
            "best-response values are equal"
        )
    else:
        strategies, off_path = _behaviour(sf, mats, plans)
        method = (
            "sequence-form LP (von Stengel 1996) solved by HiGHS, basis re-solved in exact rationals; "
            "certified: the exact best-response values of both strategies are equal"
        )
    return SequenceFormEquilibrium(lower, plans, strategies, off_path, method, perturbed)


#: The equilibria :func:`solve_zero_sum` can return.
REFINEMENTS = ("quasi-perfect", "none")


def solve_zero_sum(
    game: Game,
    *,
    all_optimal: bool = False,
    refine: str = "quasi-perfect",
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
) -> ZeroSumSolution:
    """Solve a two-player constant-sum game with perfect recall exactly.

    Parameters
    ----------
    game : Game
    all_optimal : bool
        Also derive each player's whole optimal set (:class:`OptimalSet`): usable sequences,
        indifference equations, parameter ranges and exact vertices.
    refine : {"quasi-perfect", "none"}
        ``"quasi-perfect"`` (default): the equilibrium is the exact limit of Miltersen &
        Sørensen's perturbed LP (:mod:`derive.solving.refinements.quasi_perfect`), sensible at every information
        set.  ``"none"``: the vertex of the optimal set that the LP's basis gives.
    progress : callable, optional
        Called with one line of text per stage (sequence form, LP, certificate, optimal sets).
    time_limit : float, optional
        Seconds allowed for the optimal sets (``all_optimal``), whose vertex enumeration can grow
        exponentially with the dimension; the value and the equilibrium are polynomial and not
        limited.  None (default): no limit.

    Returns
    -------
    ZeroSumSolution

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        See :func:`require_two_player_constant_sum`.
    ValueError
        If ``refine`` is not one of :data:`REFINEMENTS`.
    ExactLPError
        If the exact certificate fails (a bug or a numerically hopeless LP; never ignored).
    TimeLimitError
        If the optimal sets take longer than ``time_limit`` (one line saying what was under way).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> sol = solve_zero_sum(matching_pennies(), all_optimal=True)
    >>> sol.value, sol.strategies[0]
    (0, {'coin': {'heads': 1/2, 'tails': 1/2}})
    >>> [s.dimension for s in sol.optimal_sets]
    [0, 0]

    References
    ----------
    von Stengel (1996), "Efficient computation of behavior strategies", section 4;
    Koller, Megiddo & von Stengel (1994); Goldman & Tucker (1956) for the supports.
    """
    if refine not in REFINEMENTS:
        raise ValueError(f"unknown refinement {refine!r}; choose one of {', '.join(REFINEMENTS)}")
    require_two_player_constant_sum(game)
    sf = game_sequence_form(game)
    constant = sp.Rational(game.constant_sum)
    # each player's own payoffs, rows his sequences: player 1's are c - player 0's on every play, so
    # the same LPs (shifted by c) apply, and every number shown to player 1 is his own payoff
    mats = (sf.numeric_matrix(0), transpose(sf.numeric_matrix(1)))
    c = QQ(int(constant.p), int(constant.q))
    eq = sequence_form_equilibrium(sf, mats, c, refine, progress)
    value, plans, strategies = eq.value, eq.plans, eq.strategies
    sets: tuple[OptimalSet, ...] = ()
    if all_optimal:
        from derive.solving.limits import TimeLimit

        if progress:
            progress("deriving each player's whole optimal set")
        limit = TimeLimit(time_limit, progress, what="the derivation of the optimal sets")
        doing = ["solving the indifference equations"]
        with limit.interrupting(lambda: doing[0]):
            values = (value, c - value)
            usable = _usable(sf, mats, values)
            sets = tuple(
                _classified(sf, mats, _optimal_set(sf, mats, p, usable, values[p], limit, doing)) for p in (0, 1)
            )
    return ZeroSumSolution(
        game=game,
        value=QQ.to_sympy(value),
        constant=constant,
        plans=tuple({sf.label(p, k): QQ.to_sympy(v) for k, v in enumerate(plans[p])} for p in (0, 1)),
        strategies=strategies,
        off_path=eq.off_path,
        optimal_sets=sets,
        method=eq.method,
        refinement=refine,
        perturbed=eq.perturbed,
    )


def _behaviour(sf, mats, plans):
    """Behaviour strategies from realization plans; unreached sets take the best reply (exact)."""
    strategies = []
    for p in (0, 1):
        o = 1 - p
        _, choice, _ = best_response_values(sf, p, row_times(mats[o], plans[o]), maximize=False)
        # choice minimises the opponent's payoff = maximises p's own (mats[o] is the opponent's view)
        x = plans[p]
        strat: dict[str, dict[str, sp.Rational]] = {}
        for info in sf.infosets_of(p):
            reach = x[sf.parent[info.index]]
            if reach > 0:
                probs = [x[sf.index[p][(info.index, a)]] / reach for a in range(len(info.actions))]
            else:
                probs = [QQ(1) if a == choice[info.index] else QQ(0) for a in range(len(info.actions))]
            strat[info.label] = {a: QQ.to_sympy(v) for a, v in zip(info.actions, probs)}
        strategies.append(strat)
    return tuple(strategies), sf.unreached(strategies)


def _classified(sf, mats, oset: OptimalSet) -> OptimalSet:
    """``oset`` with its admissible members decided (:func:`derive.solving.refinements.admissible.classify_members`)."""
    from dataclasses import replace

    from derive.solving.refinements.admissible import classify_members, sequence_form_polytopes

    p = oset.player
    position = {sf.label(p, k): k for k in range(sf.shape[p])}
    members = classify_members(
        p,
        oset.plan,
        oset.constraints,
        oset.vertices,
        oset.parameters,
        sequence_form_polytopes(sf, mats, p),
        position,
    )
    return replace(oset, admissible=members)


# --------------------------------------------------------------------------- optimal sets


def _extreme_points(constraints, params) -> list[dict[sp.Symbol, sp.Rational]]:
    """Points of ``{constraints}`` maximising and minimising each parameter, by exact LPs (HiGHS, then exact)."""
    from derive.solving.families.polytope import slack

    n = len(params)
    prog = LinearProgram(n, [], [], [], set(range(n)))
    for c in constraints:
        e = slack(c)
        row = {k: QQ.from_sympy(e.coeff(p)) for k, p in enumerate(params) if e.coeff(p) != 0}
        constant = QQ.from_sympy(sp.expand(e).subs({p: 0 for p in params}))
        prog.add_row(row, -constant, None)
    points: dict[tuple, None] = {}
    for k in range(n):
        for sense in (True, False):
            z = exact_lp(prog, {k: QQ(1)}, maximize=sense)
            points[tuple(z)] = None
    return [{p: QQ.to_sympy(v) for p, v in zip(params, z)} for z in points]


def _continuations(sf: GameSequenceForm, player: int, seq: int) -> list[tuple[int, ...]]:
    """Pure continuations of ``player`` after his sequence ``seq``: one action at each information set reached."""
    options: list[list[tuple[int, ...]]] = []
    for info_index in sf.children(player, seq):
        info = sf.game.infosets[info_index]
        here: list[tuple[int, ...]] = []
        for a in range(len(info.actions)):
            k = sf.index[player][(info_index, a)]
            for rest in _continuations(sf, player, k):
                here.append((k, *rest))
                if len(here) > MAX_CONTINUATIONS:
                    raise NotSupportedError("too many pure continuations to enumerate the optimal set")
        options.append(here)
    out = [tuple(itertools.chain.from_iterable(combo)) for combo in itertools.product(*options)]
    if len(out) > MAX_CONTINUATIONS:
        raise NotSupportedError("too many pure continuations to enumerate the optimal set")
    return out


def _optimal_set(sf, mats, player, usable, value, limit=None, doing=None) -> OptimalSet:
    other = 1 - player
    game = sf.game
    xs = sf.plan_symbols(player)
    used = set(usable[player])
    used_other = set(usable[other])
    plan = {k: (xs[k] if k in used else sp.S.Zero) for k in range(sf.shape[player])}
    # (M^T x)_j as expressions in this player's plan variables
    column: dict[int, sp.Expr] = {}
    for i, row in mats[player].items():
        for j, v in row.items():
            column[j] = column.get(j, sp.S.Zero) + QQ.to_sympy(v) * plan[i]
    reached = [info for info in game.infosets_of(other) if sf.parent[info.index] in used_other]
    vsym = {info.index: sp.Symbol(f"v_{{{info.label}}}") for info in reached}
    v_root = sp.Symbol("v_{∅}")

    def after(j: int) -> sp.Expr:
        return sp.Add(*(vsym[k] for k in sf.children(other, j) if k in vsym))

    equations = []
    e_rows, e_rhs = sf.constraints(player)
    for r, row in e_rows.items():
        lhs = sp.Add(*(c * plan[k] for k, c in row.items()))
        if lhs != e_rhs[r]:
            equations.append(sp.Eq(lhs, e_rhs[r]))
    conditions = [sp.Eq(v_root, column.get(0, sp.S.Zero) + after(0)), sp.Eq(v_root, QQ.to_sympy(value))]
    me, them = game.players[player], game.players[other]
    labels = [f"what {me} secures from the start (v_∅)", f"the game value to {me}"]
    for info in reached:
        for a in range(len(info.actions)):
            j = sf.index[other][(info.index, a)]
            if j in used_other:
                conditions.append(sp.Eq(vsym[info.index], column.get(j, sp.S.Zero) + after(j)))
                labels.append(
                    f"{them} uses {info.actions[a]!r} at {info.label!r}, so it leaves {me} exactly v_J, "
                    f"the least {them} can hold {me} to there"
                )
    # the values v_J first, so that elimination expresses them by plan variables
    unknowns = [v_root, *vsym.values()] + [xs[k] for k in sorted(used)]
    solutions = sp.linsolve(equations + conditions, unknowns)
    if not solutions:
        raise ExactLPError(f"the indifference equations of {game.players[player]} have no solution")
    (solution,) = solutions
    values = dict(zip(unknowns, solution))
    free = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)) & set(unknowns), key=str)
    if any(s in vsym.values() or s == v_root for s in free):
        raise ExactLPError("an opponent value is not determined by the plan (a bug)")

    def final(expr: sp.Expr) -> sp.Expr:
        return sp.expand(sp.sympify(expr).subs(values))

    raw = [final(xs[k]) for k in sorted(used)]
    # condition 3: unused actions at reached information sets, with every pure continuation
    sign = 1  # the opponent minimises x^T M y: a deviation must not pay less than v_J
    for info in reached:
        for a in range(len(info.actions)):
            j = sf.index[other][(info.index, a)]
            if j in used_other:
                continue
            for cont in _continuations(sf, other, j):
                pay = column.get(j, sp.S.Zero) + sp.Add(*(column.get(s, sp.S.Zero) for s in cont))
                raw.append(sign * final(pay - vsym[info.index]))
    params = tuple(free)
    if doing is not None:
        doing[0] = f"enumerating the vertices of {game.players[player]!r}'s optimal set (dimension {len(params)})"
    constraints, vertices = polytope(raw, params, limit)
    checked = list(vertices)
    if params and not vertices:  # too many vertices: check extreme points found by exact LPs instead
        checked = _extreme_points(constraints, params)
        note = (
            f"the vertices were not listed (dimension {len(params)}, more than {MAX_VERTICES:,} of them); "
            f"the set is exact by the support theorem, and {len(checked)} of its extreme points, found by "
            "exact LPs along each parameter, were certified optimal"
        )
    else:
        note = "every vertex certified optimal: its exact best-response value equals the game value"
    result = OptimalSet(
        player=player,
        parameters=params,
        plan={sf.label(player, k): final(plan[k]) if k else sp.S.One for k in range(sf.shape[player])},
        conditions=tuple(conditions),
        condition_labels=tuple(labels),
        constraints=tuple(constraints),
        vertices=tuple(vertices),
        usable=tuple(sf.label(player, k) for k in sorted(used)),
        certificate=note,
    )
    # certificate: every vertex (or LP extreme point) is an optimal plan (best-response value = game value)
    for point in checked:
        x = [
            QQ.from_sympy(sp.Rational(final(plan[k]).subs(point))) if k else QQ(1)
            for k in range(sf.shape[player])
        ]
        br, _, _ = best_response_values(sf, other, row_times(mats[player], x), maximize=False)
        if br != value:
            raise ExactLPError(f"vertex {point} of {game.players[player]}'s set has best-response value {br}")
    return result
