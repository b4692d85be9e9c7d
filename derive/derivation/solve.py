"""The front door: :func:`solve` asks :func:`~derive.solving.choice.choose_solver` for a game's route,
runs that route's solver and the checks its report states, and returns one immutable
:class:`Solution`.

``derive solve`` (:func:`derive.presentation.solve_report.solve_report`) and the general-sum LaTeX
document render what this module returns; they compute nothing themselves.  A new solver is wired
in :mod:`derive.solving.choice` (its route) and here (the branch of :func:`solve` that calls it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count, to_text
from derive.solving.choice import Route, SolverChoice, choose_solver

__all__ = [
    "BELIEF_REFINEMENTS",
    "ENUMERATION_SEQUENCES",
    "MAX_ALL_SEQUENCES",
    "PRIORS",
    "DominanceStep",
    "SequenceFormEquilibria",
    "Solution",
    "almost_constant_sum_refusal",
    "belief_assessments",
    "builtin_match",
    "cfr_failure",
    "iterated_dominance",
    "largest_per_run",
    "optimal_sets_cap",
    "published_memberships",
    "sequence_form_equilibria",
    "solve",
]


@dataclass(frozen=True)
class DominanceStep:
    """One pass of iterated elimination of dominated reduced strategies (:func:`iterated_dominance`).

    Attributes
    ----------
    weak : bool
        Weak dominance by a pure strategy (True), or strict dominance by a pure or mixed one (False).
    result : GameDominance or None
        :func:`derive.dominance.general.dominated_strategies`'s result; None when it was refused.
    refusal : str or None
        Why it was not computed (the :class:`NotSupportedError`'s message), when ``result`` is None.
    """

    weak: bool
    result: object = None
    refusal: str | None = None


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` derived for one game: the route taken and the solver's exact results.

    Attributes
    ----------
    game : Game
    route : Route
        :func:`~derive.solving.choice.choose_solver`'s route (or the one given to :func:`solve`).
    reason : str or None
        For a fallback route (:attr:`Route.SEQUENCE_FORM`, :attr:`Route.CFR_FAMILIES`): why the
        complete enumeration was not tried.
    result : object
        The solver's own result, by route:

        * ``DECISION_PROBLEM``: :class:`~derive.solving.one_player.decision_problem.DecisionSolution`;
        * ``ZERO_SUM``: :class:`~derive.solving.zero_sum.sequence_form_lp.ZeroSumSolution`;
        * ``STRATEGIC_FORM``: :class:`~derive.solving.general_sum.two_player.AllEquilibria`;
        * ``SEQUENCE_FORM``: :class:`SequenceFormEquilibria`;
        * ``SUPPORT_ENUMERATION``: :class:`~derive.solving.general_sum.support_enumeration.SupportEnumeration`;
        * ``CFR_FAMILIES``: :class:`~derive.solving.general_sum.from_cfr.CFREquilibria`.
    verdicts : tuple
        Subgame perfection (:mod:`derive.verification.subgame_families`): for ``STRATEGIC_FORM`` a pair
        (extreme equilibria, Nash subsets); for ``SEQUENCE_FORM`` and ``SUPPORT_ENUMERATION`` one per
        equilibrium; for ``CFR_FAMILIES`` one per family of ``shown``; empty otherwise.
    perfection : SubgamePerfection or None
        ``ZERO_SUM`` only: :func:`derive.verification.subgames.subgame_perfection` of the equilibrium.
    dominance : tuple of DominanceStep
        Strict, then weak iterated dominance (:func:`iterated_dominance`), when asked (``ZERO_SUM`` and
        ``STRATEGIC_FORM``); empty otherwise.
    optimal_sets_not_derived : str or None
        ``ZERO_SUM`` asked for the optimal sets of a game past :data:`MAX_ALL_SEQUENCES`: why they are
        not derived (:func:`optimal_sets_cap`).
    shown : tuple
        ``CFR_FAMILIES``: the families reported (every one with ``all_optimal``, else
        :func:`largest_per_run`).
    match : tuple or None
        ``CFR_FAMILIES``: :func:`builtin_match`, the built-in game with published families this one is.
    published : tuple
        ``CFR_FAMILIES``: for each family of ``shown``, :func:`published_memberships`.
    assessments : tuple
        With ``refine`` one of :data:`BELIEF_REFINEMENTS` (``STRATEGIC_FORM`` and
        ``SUPPORT_ENUMERATION``): one :class:`~derive.solving.refinements.beliefs.Assessment` per piece
        of a component (a Nash subset; a support family joined with its end point), in order.
    refinements : tuple
        For a signalling game with those options: per assessment, the intuitive criterion's and D1's
        :class:`~derive.solving.refinements.signalling.RefinementVerdict`; empty otherwise.
    """

    game: Game
    route: Route
    reason: str | None = None
    result: object = None
    verdicts: tuple = ()
    perfection: object = None
    dominance: tuple[DominanceStep, ...] = ()
    optimal_sets_not_derived: str | None = None
    shown: tuple = ()
    match: tuple | None = None
    published: tuple = ()
    assessments: tuple = ()
    refinements: tuple = ()


#: The ``refine`` values that derive beliefs: sequential equilibria (Kreps & Wilson 1982), and for
#: signalling games the intuitive criterion (Cho & Kreps 1987) and D1 (Banks & Sobel 1987).
BELIEF_REFINEMENTS = ("sequential", "intuitive", "d1")


def solve(
    game: Game,
    *,
    all_optimal: bool = False,
    refine: str = "quasi-perfect",
    general_sum: bool = False,
    dominance: bool | None = None,
    progress=None,
    time_limit: float | None = None,
    choice: SolverChoice | None = None,
) -> Solution:
    """Solve ``game`` exactly by the route :func:`~derive.solving.choice.choose_solver` picks.

    Parameters
    ----------
    game : Game
    all_optimal : bool
        ``derive solve --all``: the optimal sets of a constant-sum game (refused past
        :data:`MAX_ALL_SEQUENCES` sequences, see ``optimal_sets_not_derived``); Lemke's method from
        :data:`PRIORS` priors in the sequence form; every family found from CFR's support (default:
        the largest of each run).  A one-player game's result is the same either way.
    refine : str
        Which equilibrium of a constant-sum game (:func:`~derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`):
        ``"quasi-perfect"`` or ``"none"``; or one of :data:`BELIEF_REFINEMENTS` for a general-sum game
        solved by enumeration: each piece of each component with its beliefs and sequential part
        (:func:`~derive.solving.refinements.beliefs.assess`) and, for a signalling game, the
        intuitive criterion and D1 (:func:`~derive.solving.refinements.signalling.refinement_verdicts`;
        ``"intuitive"`` and ``"d1"`` are refused for other games).
    general_sum : bool
        Solve a two-player game that is almost constant-sum
        (:attr:`~derive.extensive_form.game.Game.is_almost_constant_sum`) as general-sum rather than refuse it.
    dominance : bool, optional
        Also eliminate dominated reduced strategies (constant-sum and strategic-form routes); default:
        ``all_optimal`` (for a constant-sum game, only when the optimal sets are derived).
    progress : callable, optional
        Hears one line per stage.
    time_limit : float, optional
        Seconds for the enumerations, which can grow exponentially.
    choice : SolverChoice, optional
        The route to take instead of :func:`~derive.solving.choice.choose_solver`'s.

    Returns
    -------
    Solution

    Raises
    ------
    NotSupportedError
        A game the route's solver does not handle (one line saying what is missing); an almost
        constant-sum game without ``general_sum`` (:func:`almost_constant_sum_refusal`); a support
        enumeration over its size; no family found from CFR's support (:func:`cfr_failure`).
    ImperfectRecallError
        A game of two or more players without perfect recall.
    TimeLimitError
        An enumeration or search past ``time_limit``.

    Examples
    --------
    >>> from derive.games.registry import load_game
    >>> s = solve(load_game("kuhn"))
    >>> s.route.name, s.result.value
    ('ZERO_SUM', -1/18)
    """
    choice = choice or choose_solver(game)
    route = choice.route
    if refine in BELIEF_REFINEMENTS:
        if route not in (Route.STRATEGIC_FORM, Route.SUPPORT_ENUMERATION, Route.ZERO_SUM):
            raise NotSupportedError(
                f"--refine {refine} needs every equilibrium (a general-sum game's strategic form or support "
                "enumeration, or a constant-sum game's optimal sets); this game goes to the "
                f"{route.name.lower().replace('_', ' ')} route"
            )
        if route is Route.ZERO_SUM and not all_optimal:
            raise NotSupportedError(
                f"--refine {refine} needs the optimal sets of a constant-sum game: add --all"
            )
        return _with_beliefs(
            solve(
                game,
                all_optimal=all_optimal,
                general_sum=general_sum,
                dominance=dominance,
                progress=progress,
                time_limit=time_limit,
                choice=choice,
            ),
            refine,
        )
    if route is Route.DECISION_PROBLEM:
        from derive.solving.one_player.decision_problem import solve_decision_problem

        if progress is not None:
            progress(f"solving {game.title or 'the game'} by backward induction ({len(game.nodes):,} nodes)")
        return Solution(game, route, choice.reason, solve_decision_problem(game))
    if (
        route in (Route.STRATEGIC_FORM, Route.SEQUENCE_FORM)
        and game.is_almost_constant_sum
        and not general_sum
    ):
        raise NotSupportedError(almost_constant_sum_refusal(game))
    if route is Route.SEQUENCE_FORM:
        return _sequence_form(game, choice, all_optimal, progress, time_limit)
    if route is Route.STRATEGIC_FORM:
        from derive.solving.general_sum.two_player import all_equilibria
        from derive.verification.subgame_families import all_equilibria_verdicts

        eqs = all_equilibria(game, progress=progress, time_limit=time_limit)
        verdicts = all_equilibria_verdicts(eqs)
        steps = iterated_dominance(game) if (all_optimal if dominance is None else dominance) else ()
        return Solution(game, route, choice.reason, eqs, verdicts, dominance=steps)
    if route is Route.CFR_FAMILIES:
        return _cfr_families(game, choice, all_optimal, progress, time_limit)
    if route is Route.SUPPORT_ENUMERATION:
        return _support_enumeration(game, choice, progress, time_limit)
    return _zero_sum(game, choice, all_optimal, refine, dominance, progress, time_limit)


def _with_beliefs(solution: Solution, refine: str) -> Solution:
    """``solution`` with the assessments of its pieces and, for a signalling game, their refinements."""
    from dataclasses import replace

    if solution.route is Route.ZERO_SUM and solution.optimal_sets_not_derived is not None:
        raise NotSupportedError(
            f"--refine {refine} needs the optimal sets: {solution.optimal_sets_not_derived}"
        )
    kind = {Route.STRATEGIC_FORM: "strategic", Route.ZERO_SUM: "optimal"}.get(solution.route, "support")
    found, verdicts = belief_assessments(solution.game, solution.result, kind, refine)
    return replace(solution, assessments=found, refinements=verdicts)


def belief_assessments(game: Game, result, kind: str, refine: str = "sequential") -> tuple[tuple, tuple]:
    """The assessments of every piece of every component and, for a signalling game, their refinements.

    Parameters
    ----------
    game : Game
    result : AllEquilibria, SupportEnumeration or ZeroSumSolution
        Every equilibrium: :func:`~derive.solving.general_sum.two_player.all_equilibria`'s (``kind``
        ``"strategic"``), :func:`~derive.solving.general_sum.support_enumeration.support_enumeration`'s
        (``"support"``) or :func:`~derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`'s with its
        optimal sets (``"optimal"``).
    kind : str
    refine : str
        One of :data:`BELIEF_REFINEMENTS`; ``"intuitive"`` and ``"d1"`` need a signalling game.

    Returns
    -------
    (tuple of Assessment, tuple of (RefinementVerdict, RefinementVerdict))
        One :func:`~derive.solving.refinements.beliefs.assess` per piece (Kreps & Wilson 1982), and
        per piece the intuitive criterion's (Cho & Kreps 1987) and D1's (Banks & Sobel 1987) verdicts
        when the game is a signalling game (else empty).

    Raises
    ------
    NotSupportedError
        ``"intuitive"`` or ``"d1"`` for a game that is not a signalling game (one line: why not).
    ImperfectRecallError
        A game without perfect recall.
    """
    from derive.solving.refinements.beliefs import (
        assess,
        families_of_all_equilibria,
        families_of_optimal_sets,
        families_of_support_enumeration,
    )
    from derive.solving.refinements.signalling import refinement_verdicts, signalling_structure

    try:
        structure = signalling_structure(game)
    except NotSupportedError as exc:
        if refine != "sequential":
            raise NotSupportedError(f"--refine {refine} is for signalling games; {exc}") from None
        structure = None
    if kind == "strategic":
        pieces = families_of_all_equilibria(result)
    elif kind == "optimal":
        pieces = families_of_optimal_sets(game, result)
    else:
        pieces = families_of_support_enumeration(result)
    found = tuple(assess(game, piece) for piece in pieces)
    verdicts = () if structure is None else tuple(refinement_verdicts(game, structure, a) for a in found)
    return found, verdicts


def _zero_sum(game, choice, all_optimal, refine, dominance, progress, time_limit) -> Solution:
    """The sequence-form LP, subgame perfection and (asked) dominance of a constant-sum game."""
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
    from derive.verification.subgames import subgame_perfection

    not_derived = optimal_sets_cap(game) if all_optimal else None
    if not_derived is not None:
        if progress:
            progress(not_derived)
        all_optimal = False
    solution = solve_zero_sum(
        game, all_optimal=all_optimal, refine=refine, progress=progress, time_limit=time_limit
    )
    perfection = subgame_perfection(game, solution.strategies)
    steps = iterated_dominance(game) if (all_optimal if dominance is None else dominance) else ()
    return Solution(
        game,
        choice.route,
        choice.reason,
        solution,
        perfection=perfection,
        dominance=steps,
        optimal_sets_not_derived=not_derived,
    )


def _sequence_form(game, choice, all_optimal, progress, time_limit) -> Solution:
    """Exact equilibria from the sequence form, each with its subgame verdict."""
    from derive.sequence_form.general import game_sequence_form
    from derive.verification.subgame_families import plan_verdict

    found = sequence_form_equilibria(game, all_priors=all_optimal, progress=progress, time_limit=time_limit)
    sf = game_sequence_form(game)
    position = [{sf.label(p, k): k for k in range(sf.shape[p])} for p in (0, 1)]
    verdicts = tuple(
        plan_verdict(game, [{position[p][k]: v for k, v in eq.plans[p].items()} for p in (0, 1)])
        for eq in found.equilibria
    )
    return Solution(game, choice.route, choice.reason, found, verdicts)


def _support_enumeration(game, choice, progress, time_limit) -> Solution:
    """Every equilibrium of a small game with three or more players, each with its subgame verdict."""
    from derive.solving.general_sum.support_enumeration import support_enumeration
    from derive.solving.limits import TimeLimitError

    try:
        result = support_enumeration(game, progress=progress, time_limit=time_limit)
    except TimeLimitError:
        raise
    except NotSupportedError as exc:
        raise NotSupportedError(
            f"{exc}; a profile family can still be checked exactly "
            "(derive.verification.profile_family.check_profile_family; `derive family kuhn3` checks "
            "the published one of three-player Kuhn poker)"
        ) from None
    from derive.verification.subgame_families import strategy_sequences, support_verdict

    sequences = strategy_sequences(game)
    verdicts = tuple(support_verdict(game, e, sequences) for e in result.equilibria)
    return Solution(game, choice.route, choice.reason, result, verdicts)


def _cfr_families(game, choice, all_optimal, progress, time_limit) -> Solution:
    """Families found from CFR's support, the published families they lie in, their subgame verdicts."""
    from derive.solving.general_sum.from_cfr import equilibria_from_cfr

    found = equilibria_from_cfr(game, progress=progress, time_limit=time_limit)
    if not found.families:
        raise NotSupportedError(cfr_failure(found))
    from derive.verification.subgame_families import behaviour_family_verdict

    shown = tuple(found.families) if all_optimal else tuple(largest_per_run(found.families))
    match = builtin_match(game)
    published = tuple(published_memberships(f, match) for f in shown)
    verdicts = tuple(behaviour_family_verdict(game, f.family.strategies, f.point) for f in shown)
    return Solution(
        game, choice.route, choice.reason, found, verdicts, shown=shown, match=match, published=published
    )


# --------------------------------------------------------------------------------- constant-sum


#: ``--all`` derives the optimal sets of games whose players have at most this many sequences each
#: (the same cap as the LaTeX document's, :data:`derive.presentation.general_document.MAX_FAMILY_SEQUENCES`).
MAX_ALL_SEQUENCES = 150


def optimal_sets_cap(game: Game) -> str | None:
    """Why ``--all`` does not derive the optimal sets of ``game`` (a sentence stating the sizes and the
    cap), or None when its players have at most :data:`MAX_ALL_SEQUENCES` sequences each.

    Deriving an optimal set first certifies, by two exact LPs over the whole sequence form for each
    sequence, which sequences some optimal strategy uses, then solves the indifference equations
    symbolically and enumerates the set's vertices, which can be exponentially many: with hundreds of
    sequences that takes many minutes to hours, so it is refused at once instead.

    Parameters
    ----------
    game : Game
        A two-player constant-sum game.

    Returns
    -------
    str or None

    Examples
    --------
    >>> from derive.games.leduc import leduc_holdem
    >>> print(optimal_sets_cap(leduc_holdem()))  # doctest: +ELLIPSIS
    not derived: the players have 337 and 337 sequences, more than the 150 a player up to which --all ...
    """
    from derive.sequence_form.general import game_sequence_form

    shape = game_sequence_form(game).shape
    if max(shape) <= MAX_ALL_SEQUENCES:
        return None
    return (
        f"not derived: the players have {shape[0]:,} and {shape[1]:,} sequences, more than the "
        f"{MAX_ALL_SEQUENCES} a player up to which --all derives them (certifying which sequences optimal "
        f"play uses takes up to {2 * sum(shape):,} exact LPs over the whole sequence form, then a symbolic "
        "system of as many unknowns and a vertex enumeration that can grow exponentially: minutes to "
        "hours here); the value and the equilibrium above are exact and certified"
    )


def iterated_dominance(game: Game) -> tuple[DominanceStep, DominanceStep]:
    """Iterated elimination of reduced strategies strictly dominated by a pure or mixed strategy, then
    of those weakly dominated by a pure one (:func:`derive.dominance.general.dominated_strategies`).

    Returns
    -------
    (DominanceStep, DominanceStep)
        Strict, then weak; a step the game is too large for holds the refusal instead of a result.
    """
    from derive.dominance.general import dominated_strategies

    steps = []
    for weak in (False, True):
        try:
            steps.append(DominanceStep(weak, dominated_strategies(game, weak=weak, mixed=not weak)))
        except NotSupportedError as exc:
            steps.append(DominanceStep(weak, None, str(exc)))
    return steps[0], steps[1]


def almost_constant_sum_refusal(game: Game, verb: str = "solve") -> str:
    """Why an almost constant-sum two-player game (:attr:`~derive.extensive_form.game.Game.is_almost_constant_sum`)
    is refused: one line naming the terminals that break the sum and the way to go on.

    Parameters
    ----------
    game : Game
        A two-player game that is almost, not exactly, constant-sum.
    verb : str
        What ``--general-sum`` does with it: ``"solve"`` (``derive solve``) or ``"write"`` (``derive latex``).

    Returns
    -------
    str
        E.g. ``"Kuhn is almost zero-sum: the payoffs add up to 0 at every terminal except 1 of 30: ...; a
        mistyped payoff? Correct it, or solve it as a general-sum game with --general-sum (every equilibrium
        of its 27 x 64 reduced strategic form, within --time-limit)"``.
    """
    from derive.dominance.general import count_reduced_strategies
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.general_sum.two_player import MAX_CELLS

    sf = game_sequence_form(game)
    m, n = (count_reduced_strategies(sf, p) for p in (0, 1))
    common, _ = game.sum_exceptions
    kind = "zero-sum" if common == 0 else f"constant-sum ({to_text(common)})"
    advice = (
        f"{verb} it as a general-sum game with --general-sum (every equilibrium of its {m:,} x {n:,} "
        "reduced strategic form, within --time-limit)"
        if m * n <= MAX_CELLS
        else f"{verb} it as a general-sum game with --general-sum (its {m:,} x {n:,} reduced strategic form "
        "is too large, so an exact equilibrium from the sequence form)"
    )
    return (
        f"{game.title or 'the game'} is almost {kind}: {game.sum_report()}; a mistyped payoff? "
        f"Correct it, or {advice}"
    )


# --------------------------------------------------------------------------------- sequence form


#: Largest number of sequences of either player for which every extreme equilibrium is enumerated.
ENUMERATION_SEQUENCES = 40
#: Priors tried with ``all_priors`` (the uniform one, then seeds 1, 2 ...).
PRIORS = 5


class SequenceFormEquilibria(NamedTuple):
    """Exact equilibria of a two-player game from its sequence form (:func:`sequence_form_equilibria`);
    a tuple, so ``equilibria, all_extreme, note, method = ...`` unpacks it.

    Attributes
    ----------
    equilibria : list
        Each with ``payoffs``, ``strategies``, ``plans``, ``prior``, ``pivots``, ``nash_conv``.
    all_extreme : bool
        Whether they are every extreme equilibrium (the vertex enumeration ended).
    note : str
        A sentence on what was found.
    method : str
        The method, one sentence.
    """

    equilibria: list
    all_extreme: bool
    note: str
    method: str


def sequence_form_equilibria(
    game: Game, *, all_priors: bool = False, progress=None, time_limit: float | None = None
) -> SequenceFormEquilibria:
    """Exact equilibria of a two-player game from its sequence form.

    Every extreme equilibrium when each player has at most :data:`ENUMERATION_SEQUENCES` sequences
    and the vertex enumeration ends within half the time limit; otherwise the equilibrium Lemke's
    method reaches from the uniform prior (with ``all_priors``, also from :data:`PRIORS` - 1 random
    ones, the distinct equilibria kept).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs.
    all_priors : bool
        Where Lemke's method is used, run it from :data:`PRIORS` priors, not only the uniform one.
    progress : callable, optional
    time_limit : float, optional

    Returns
    -------
    SequenceFormEquilibria

    Raises
    ------
    NotSupportedError, ImperfectRecallError, TimeLimitError
        As :func:`~derive.solving.general_sum.sequence_form.lemke_equilibrium`.
    """
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.general_sum.extreme_equilibria import sequence_form_extreme_equilibria
    from derive.solving.general_sum.sequence_form import lemke_equilibrium
    from derive.solving.limits import TimeLimit, TimeLimitError

    limit = TimeLimit(time_limit, progress, "the sequence form")
    nx, ny = game_sequence_form(game).shape
    equilibria, all_extreme, note = [], False, ""
    if max(nx, ny) <= ENUMERATION_SEQUENCES:
        budget = None if limit.remaining is None else max(limit.remaining / 2, 0.001)
        try:
            result = sequence_form_extreme_equilibria(game, progress=progress, time_limit=budget)
            equilibria, all_extreme = list(result.equilibria), True
            note = (
                f"every extreme equilibrium of the sequence form ({nx} + {ny} sequences; best-reply polyhedra "
                f"with {result.vertices[0]:,} and {result.vertices[1]:,} vertices)"
            )
        except (TimeLimitError, NotSupportedError) as exc:
            note = f"the vertex enumeration stopped ({exc}); Lemke's method instead"
    if not all_extreme:
        seeds = [None, *range(1, PRIORS)] if all_priors else [None]
        seen = set()
        for seed in seeds:
            remaining = limit.remaining
            eq = lemke_equilibrium(game, seed=seed, progress=progress, time_limit=remaining)
            key = (tuple(sorted(eq.plans[0].items())), tuple(sorted(eq.plans[1].items())))
            if key not in seen:
                seen.add(key)
                equilibria.append(eq)
        found = f"{len(equilibria)} distinct equilibri{'um' if len(equilibria) == 1 else 'a'}"
        note = (note + "; " if note else "") + (
            f"Lemke's method in the sequence form ({nx} + {ny} sequences) from {len(seeds)} prior"
            f"{'s' if len(seeds) > 1 else ''}: {found}"
        )
    method = (
        "the sequence form (Koller, Megiddo & von Stengel 1996): "
        + (
            "extreme equilibria as completely labelled vertex pairs of the best-reply polyhedra, vertices by cddlib "
            "in exact rationals"
            if all_extreme
            else "Lemke's method from a prior (von Stengel, van den Elzen & Talman 2002), every pivot exact (FLINT "
            "rationals, lexicographic ratio test)"
        )
        + "; every equilibrium checked by exact NashConv"
    )
    return SequenceFormEquilibria(equilibria, all_extreme, note, method)


# --------------------------------------------------------------------------------- found from CFR


def cfr_failure(found) -> str:
    """One line: what the search from CFR's support (a
    :class:`~derive.solving.general_sum.from_cfr.CFREquilibria` without families) tried, and why no
    family came out; the message of the :class:`NotSupportedError` :func:`solve` raises."""
    from collections import Counter

    runs = ", ".join(f"{r.iterations:,} iterations to float NashConv {r.nash_conv:.1e}" for r in found.runs)
    outcomes = Counter(a.outcome for a in found.attempts)
    said = "; ".join(f"{n} x {o}" for o, n in outcomes.items())
    return (
        f"no exact equilibrium found from CFR's support: CFR+ ran {count(len(found.runs), 'time')} ({runs}); "
        f"the {count(len(found.attempts), 'support')} read off its averages gave: {said or 'nothing'}"
    )


def largest_per_run(families) -> list:
    """From each run, a family with the most parameters, preferring one whose payoffs differ from the
    families already picked (another component rather than another face of the same one); by run."""
    picked: list = []
    for run in sorted({f.run for f in families}):
        mine = [f for f in families if f.run == run]  # largest first already
        size = len(mine[0].parameters)
        ties = [f for f in mine if len(f.parameters) == size]
        seen = {tuple(sp.expand(u) for u in f.payoffs) for f in picked}
        fresh = [f for f in ties if tuple(sp.expand(u) for u in f.payoffs) not in seen]
        picked.append((fresh or ties)[0])
    return picked


def builtin_match(game: Game):
    """``(name, builtin, match)``: the built-in game with published families
    (:data:`derive.games.published.PUBLISHED_FAMILIES`) that ``game`` is, up to names
    (:func:`derive.extensive_form.isomorphism.match_games`); None if none is."""
    from derive.extensive_form.isomorphism import match_games
    from derive.games.published import PUBLISHED_FAMILIES
    from derive.games.registry import load_game

    for name in PUBLISHED_FAMILIES:
        builtin = load_game(name)
        if builtin.num_players != game.num_players or len(builtin.infosets) != len(game.infosets):
            continue
        match = match_games(game, builtin)
        if match is not None:
            return name, builtin, match
    return None


def published_memberships(f, named) -> tuple:
    """The published families of the built-in game ``named`` (:func:`builtin_match`) that the found
    family ``f`` lies in (:func:`derive.verification.membership.published_membership`).

    Returns
    -------
    tuple of (published family, Membership, payoffs, match)
        ``payoffs``: the found family's payoffs with each of its parameters replaced by its
        published expression; empty when ``named`` is None.
    """
    from derive.games.published import published_families
    from derive.verification.membership import published_membership

    if named is None:
        return ()
    name, builtin, match = named
    strategies = match.translate(f.family.strategies)
    out = []
    for pub in published_families(name):
        m = published_membership(builtin, pub, strategies, f.conditions, f.point)
        if m.substitution is None or m.inside is not True or not (m.contains or m.contains_on_path):
            continue
        meaning = {}  # each found parameter is a probability of the built-in game: its published expression
        for t, (p, label, action) in f.parameter_actions.items():
            there = match.infosets[(p, label)]
            meaning[t] = sp.sympify(pub.strategies[p][there][match.actions[(p, label)][action]])
        pays = tuple(sp.factor(sp.expand(u.subs(meaning, simultaneous=True))) for u in f.payoffs)
        out.append((pub, m, pays, match))
    return tuple(out)
