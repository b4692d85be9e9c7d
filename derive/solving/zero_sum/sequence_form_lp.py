"""Exact solution of two-player constant-sum games in the sequence form: value, equilibrium, optimal sets.

**The value.**  For the payoff matrix ``A`` of player 0 and the constraints
``E x = e`` (player 0) and ``F y = f`` (player 1), player 0's maximin problem
is the linear program (von Stengel 1996, eq. (14); Koller, Megiddo & von
Stengel 1994)

    maximise q_0   subject to   F^T q <= A^T x,   E x = e,   x >= 0,   q free,

whose dual is player 1's minimax problem.  HiGHS solves both in floating
point; each optimal basis is re-solved in exact rationals
(:func:`derive.solving.linear_program.exact_lp`), and the pair is accepted only if the exact
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

from collections.abc import Callable
from dataclasses import dataclass, field

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form
from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp, exact_lp_with_duals
from derive.solving.lp import row_times, transpose
from derive.solving.zero_sum.best_response import best_response_values
from derive.solving.zero_sum.optimal_sets import OptimalSet, optimal_set

__all__ = [
    "REFINEMENTS",
    "OptimalSet",
    "SequenceFormEquilibrium",
    "ZeroSumSolution",
    "best_response_values",
    "require_refinement",
    "require_two_player_constant_sum",
    "sequence_form_equilibrium",
    "solve_zero_sum",
]


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
    if game.num_players == 1:
        raise NotSupportedError(
            f"{game.title or 'this game'} is a 1-player game; the equilibrium solvers take two players; "
            "`derive solve` solves it as a best response to chance (derive.solving.one_player)"
        )
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
            "found by derive.solving.general_sum.two_player.all_equilibria (on the command line: derive solve GAME)"
        )


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


#: From this many sequences (both players') on, one LP gives both plans, player 1's from its exact
#: dual (:func:`_solve_both`), instead of one LP per player: half the floating-point solves.
ONE_LP_SEQUENCES = 10_000


def _solve_side(sf, matrix, player) -> list[object]:
    prog = _program(sf, matrix, player)
    return exact_lp(prog, {sf.shape[player]: QQ(1)})[: sf.shape[player]]


def _solve_both(sf, mats) -> tuple[list[object], list[object]]:
    """Both players' plans from one LP: player 0's, and player 1's from its exact dual.

    The rows ``F^T q - A^T x <= 0`` of player 0's program are indexed by player 1's sequences, and
    their duals are a minimax plan of player 1 (von Stengel 1996, section 4): HiGHS's optimal basis,
    solved exactly for the primal (``B z = b``) and the dual (``B^T pi = c_B``), gives both plans
    for one solve.  If the duals are not a realization plan (``F y = f``, ``y >= 0``: HiGHS's basis
    was not exactly dual feasible), player 1's own LP is solved instead.  Either way the pair is
    certified afterwards by exact best responses.
    """
    n, no = sf.shape
    prog = _program(sf, mats[0], 0)
    values, duals = exact_lp_with_duals(prog, {n: QQ(1)})
    first = len(prog.rows) - no  # the rows of player 1's sequences come last
    y = [duals.get(first + j, QQ(0)) for j in range(no)]
    f_rows, f_rhs = sf.constraints(1)
    plan = all(v >= 0 for v in y) and all(
        sum((QQ(c) * y[j] for j, c in row.items()), QQ(0)) == f_rhs[r] for r, row in f_rows.items()
    )
    return values[:n], (y if plan else _solve_side(sf, mats[1], 1))


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

    A general-sum game's equilibrium is another record, with both payoffs and its NashConv:
    :class:`derive.solving.general_sum.sequence_form_lcp.GeneralSumEquilibrium`.
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
        # here, not at the top: derive --help imports this module and needs no refinement
        from derive.solving.refinements.quasi_perfect import MAX_SEQUENCES, perturbed_plans

        if rows + cols <= MAX_SEQUENCES:  # else perturbed_plans refuses at once, saying why
            say(f"solving the perturbed sequence-form LP ({rows:,} x {cols:,} sequences) exactly in ε")

        perturbed = perturbed_plans(sf, mats)
        x, y = (
            [QQ.from_sympy(perturbed[p].limit[sf.label(p, k)]) for k in range(sf.shape[p])] for p in (0, 1)
        )
    else:
        say(f"solving the sequence-form LP ({rows:,} x {cols:,} sequences) by HiGHS, then exactly")
        if rows + cols >= ONE_LP_SEQUENCES:
            x, y = _solve_both(sf, mats)
        else:  # each player's own LP: the vertex each one's simplex finds (as before)
            x, y = _solve_side(sf, mats[0], 0), _solve_side(sf, mats[1], 1)
    say("certifying the equilibrium by exact best responses")
    lower, reply1, _ = best_response_values(sf, 1, row_times(mats[0], x), maximize=False)
    secured, reply0, _ = best_response_values(sf, 0, row_times(mats[1], y), maximize=False)
    upper = constant - secured
    if lower != upper:
        raise ExactLPError(f"exact certificate failed: best-response values {lower} and {upper} differ")
    plans = (x, y)
    if perturbed:
        strategies = tuple(pp.behaviour for pp in perturbed)
        off_path = sf.unreached(strategies)
        steps = " and ".join(str(pp.steps) for pp in perturbed)
        method = (
            "quasi-perfect equilibrium: the exact limit ε → 0 of the perturbed sequence-form LP "
            "(Miltersen & Sørensen 2006, 2010), from a basis proved optimal for all small ε in exact "
            f"rationals (HiGHS proposes it, exact simplex pivots finish: {steps} exact steps); certified: "
            f"the limit's exact best-response values are equal; {refinement_cost(perturbed)}"
        )
    else:
        strategies, off_path = _behaviour(sf, plans, (reply0, reply1))
        method = (
            "sequence-form LP (von Stengel 1996) solved by HiGHS, basis re-solved in exact rationals; "
            "certified: the exact best-response values of both strategies are equal"
        )
    return SequenceFormEquilibrium(lower, plans, strategies, off_path, method, perturbed)


def refinement_cost(perturbed) -> str:
    """One line on why the refinement costs more than the plain exact solve, from what its search measured.

    Each exact step of the search (:class:`~derive.solving.refinements.quasi_perfect.PerturbedPlan`)
    solves a basis of the perturbed LP exactly, for the ``degree + 1`` coefficients of polynomials in
    ε, where the plain solve solves one basis once, in Q; the time of one step grows with the basis's
    largest dense block.

    Examples
    --------
    >>> from types import SimpleNamespace as P
    >>> refinement_cost([P(largest_block=294, degree=4), P(largest_block=290, degree=4)])
    'why it costs more than the plain solve: each exact step solves a basis (largest dense block 294 unknowns) for the 5 coefficients of polynomials in ε, where the plain solve solves one basis once, in Q'
    """
    block = max(pp.largest_block for pp in perturbed)
    degree = max(pp.degree for pp in perturbed)
    return (
        f"why it costs more than the plain solve: each exact step solves a basis (largest dense block {block} "
        f"unknown{'s' if block != 1 else ''}) for the {degree + 1} coefficients of polynomials in ε, where the plain solve solves one "
        "basis once, in Q"
    )


#: The equilibria :func:`solve_zero_sum` can return.
REFINEMENTS = ("quasi-perfect", "none")


def require_refinement(refine: str) -> None:
    """Raise :class:`ValueError` naming ``refine`` unless it is one of :data:`REFINEMENTS`."""
    if refine not in REFINEMENTS:
        raise ValueError(f"unknown refinement {refine!r}; choose one of {', '.join(REFINEMENTS)}")


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
    require_refinement(refine)
    with paused_gc():  # millions of small objects for a large game, none in a cycle
        return _solve_zero_sum(game, all_optimal, refine, progress, time_limit)


def _solve_zero_sum(game, all_optimal, refine, progress, time_limit) -> ZeroSumSolution:
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
        from derive.solving.limits import TimeLimit  # not at the top: derive --help imports this module

        if progress:
            progress("deriving each player's whole optimal set")
        limit = TimeLimit(time_limit, progress, what="the derivation of the optimal sets")
        doing = ["solving the indifference equations"]
        with limit.interrupting(lambda: doing[0]):
            values = (value, c - value)
            usable = _usable(sf, mats, values)
            sets = tuple(optimal_set(sf, mats, p, usable, values[p], limit, doing) for p in (0, 1))
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


def _behaviour(sf, plans, replies):
    """Behaviour strategies from realization plans; unreached sets take the best reply (exact).

    ``replies[p]`` is player ``p``'s best reply to the opponent's plan, ``information set -> action
    number`` (from the certificate: it minimises the opponent's payoff, i.e. maximises ``p``'s own).
    """
    strategies = []
    for p in (0, 1):
        choice = replies[p]
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
