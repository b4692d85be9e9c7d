"""What the general LaTeX document derives before it typesets: the computing of
:mod:`derive.presentation.general_document` and :mod:`derive.presentation.general_sum_document`.

* :func:`derive_constant_sum`: a two-player constant-sum game's value, equilibrium and optimal sets
  (as families when no player has more than :data:`MAX_FAMILY_SEQUENCES` sequences, within the time
  limit), its plans and dominated plans, or its dominated choices when there are too many plans;
* :func:`solve_general`: every other game, by the solver ``derive solve GAME --all`` would use, with
  subgame perfection decided;
* :func:`named_parameters`, :func:`plan_sections`: the pieces of both.

Everything returned is exact and immutable; nothing here writes or formats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from derive.derivation.solve import cfr_failure, sequence_form_equilibria
from derive.dominance.choices import dominated_choices
from derive.dominance.plans import PlanDominanceResult, dominated_plans
from derive.extensive_form.game import Game, GameModelError, NotSupportedError
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.plans import GamePlanForm, game_plan_form
from derive.solving.limits import TimeLimitError
from derive.solving.zero_sum.sequence_form_lp import ZeroSumSolution

__all__ = [
    "MAX_FAMILY_SEQUENCES",
    "ConstantSumDerivation",
    "GeneralSolution",
    "derive_constant_sum",
    "named_parameters",
    "plan_sections",
    "solve_general",
]

#: Games whose players have at most this many sequences get their whole optimal sets derived as
#: families in the document (Leduc hold'em, 337 sequences a player, is past it: the symbolic
#: derivation of its optimal sets takes many minutes).
MAX_FAMILY_SEQUENCES = 150


@dataclass(frozen=True)
class GeneralSolution:
    """What :func:`solve_general` found, for :func:`derive.presentation.general_sum_document.general_sum_document`.

    Attributes
    ----------
    game : Game
    kind : str
        ``"strategic"`` (every equilibrium of a two-player reduced strategic form),
        ``"sequence"`` (two players, exact equilibria from the sequence form), ``"support"``
        (support enumeration) or ``"found"`` (families found from CFR's support).
    result : object
        :class:`~derive.solving.general_sum.two_player.AllEquilibria`; ``(equilibria, all_extreme)``;
        :class:`~derive.solving.general_sum.support_enumeration.SupportEnumeration`; or
        :class:`~derive.solving.general_sum.from_cfr.CFREquilibria`.
    verdicts : tuple
        Subgame perfection (:class:`~derive.verification.subgame_families.SubgameVerdict`): for
        ``"strategic"`` a pair (extreme equilibria, Nash subsets), otherwise one per equilibrium or
        family, in the result's order.
    reason : str
        Why the exhaustive method was not used (empty when it was).
    note : str
        What the sequence-form search found (``"sequence"`` only).
    method : str
        The solver's method, one sentence.
    assessments : tuple
        ``"strategic"`` and ``"support"``: each piece of each component with its beliefs and
        sequential part (:func:`~derive.derivation.solve.belief_assessments`); empty when refused.
    refinements : tuple
        For a signalling game, per assessment the intuitive criterion's and D1's verdicts; else empty.
    beliefs_refusal : str
        Why there are no assessments, one sentence (empty when there are).
    """

    game: Game
    kind: str
    result: object
    verdicts: tuple
    reason: str = ""
    note: str = ""
    method: str = ""
    assessments: tuple = ()
    refinements: tuple = ()
    beliefs_refusal: str = ""


def solve_general(game: Game, *, progress=None, time_limit: float | None = None) -> GeneralSolution:
    """Solve a two-player general-sum game or a game with three or more players as ``derive solve GAME --all``.

    Parameters
    ----------
    game : Game
        Perfect recall, numeric payoffs; two players not constant-sum, or three or more.
    progress : callable, optional
        Hears each stage.
    time_limit : float, optional
        Seconds for the enumeration or the search.

    Returns
    -------
    GeneralSolution

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        For symbolic payoffs, a game outside every solver's limits, or (three or more players, out of
        reach of support enumeration) when no family is found from CFR's support (the message says
        what was tried).
    TimeLimitError
        When ``time_limit`` is reached.
    """
    from derive.verification.subgame_families import (
        all_equilibria_verdicts,
        behaviour_family_verdict,
        plan_verdict,
        strategy_sequences,
        support_verdict,
    )

    game.require_perfect_recall()
    if game.is_symbolic:
        names = ", ".join(str(s) for s in game.symbols)
        raise NotSupportedError(
            f"the game has symbolic payoffs or probabilities ({names}); substitute numbers"
        )
    if game.num_players == 2:
        from derive.solving.choice import strategic_form_refusal

        refusal = strategic_form_refusal(game)
        if refusal is None:
            from derive.solving.general_sum.two_player import all_equilibria

            eqs = all_equilibria(game, progress=progress, time_limit=time_limit)
            return GeneralSolution(
                game,
                "strategic",
                eqs,
                all_equilibria_verdicts(eqs),
                method=eqs.method,
                **_beliefs(game, eqs, "strategic", progress),
            )
        from derive.sequence_form.general import game_sequence_form

        equilibria, all_extreme, note, method = sequence_form_equilibria(
            game, all_priors=True, progress=progress, time_limit=time_limit
        )
        sf = game_sequence_form(game)
        position = [{sf.label(p, k): k for k in range(sf.shape[p])} for p in (0, 1)]
        verdicts = tuple(
            plan_verdict(game, [{position[p][k]: v for k, v in eq.plans[p].items()} for p in (0, 1)])
            for eq in equilibria
        )
        return GeneralSolution(
            game,
            "sequence",
            (equilibria, all_extreme),
            verdicts,
            reason=refusal,
            note=note,
            method=method,
            beliefs_refusal=NO_BELIEFS,
        )
    from derive.solving.general_sum.support_enumeration import (
        SUPPORT_METHOD,
        support_enumeration,
        support_enumeration_refusal,
    )

    refusal = support_enumeration_refusal(game)
    if refusal is None:
        result = support_enumeration(game, progress=progress, time_limit=time_limit)
        sequences = strategy_sequences(game)
        verdicts = tuple(support_verdict(game, e, sequences) for e in result.equilibria)
        return GeneralSolution(
            game,
            "support",
            result,
            verdicts,
            method=SUPPORT_METHOD,
            **_beliefs(game, result, "support", progress),
        )
    from derive.solving.general_sum.from_cfr import equilibria_from_cfr

    found = equilibria_from_cfr(game, progress=progress, time_limit=time_limit)
    if not found.families:
        raise NotSupportedError(cfr_failure(found))
    verdicts = tuple(behaviour_family_verdict(game, f.family.strategies, f.point) for f in found.families)
    return GeneralSolution(
        game, "found", found, verdicts, reason=refusal, method=found.method, beliefs_refusal=NO_BELIEFS
    )


#: Why a game solved without enumerating every equilibrium gets no assessments.
NO_BELIEFS = (
    "beliefs and sequential equilibria are derived from every equilibrium of the game, which its enumeration "
    "gives; this game was too large to enumerate"
)


def _beliefs(game: Game, result, kind: str, progress) -> dict:
    """The ``assessments``, ``refinements`` and ``beliefs_refusal`` of :class:`GeneralSolution`."""
    from derive.derivation.solve import belief_assessments

    if progress is not None:
        progress("beliefs and sequential equilibria ...")
    try:
        found, verdicts = belief_assessments(game, result, kind)
    except NotSupportedError as exc:
        return {"beliefs_refusal": str(exc)}
    return {"assessments": found, "refinements": verdicts}


def named_parameters(solution: ZeroSumSolution, names: Mapping[str, str]) -> ZeroSumSolution:
    """``solution`` with each optimal set written in the parameters ``names`` gives (see
    :meth:`~derive.solving.zero_sum.sequence_form_lp.OptimalSet.reparametrized`).

    Raises
    ------
    GameModelError
        One line naming the parameter and the sequence: a sequence of neither player, one fixed on
        the optimal set, or no optimal sets derived.
    """
    from dataclasses import replace

    if not solution.optimal_sets:
        raise GameModelError("named parameters need the optimal sets, which were not derived for this game")
    sets = list(solution.optimal_sets)
    for name, label in names.items():
        owners = [k for k, s in enumerate(sets) if label in s.plan]
        if not owners:
            raise GameModelError(f"parameter {name}: {label!r} is no sequence of either player")
        k = owners[0]
        try:
            sets[k] = sets[k].reparametrized({name: label})
        except ValueError as exc:
            raise GameModelError(f"parameter {name}: {exc}") from None
    return replace(solution, optimal_sets=tuple(sets))


def plan_sections(game: Game) -> tuple[GamePlanForm | None, PlanDominanceResult | None, str | None]:
    """The plan form and the dominated plans of ``game`` for its document, or why there are none.

    Returns
    -------
    (GamePlanForm or None, PlanDominanceResult or None, str or None)
        Both results, or ``(None, None, reason)`` when a situation has more plans than
        :data:`~derive.sequence_form.plans.MAX_PLANS` (the reason gives the count and the cap).
    """
    try:
        plan_form = game_plan_form(game)
    except NotSupportedError as exc:
        return (
            None,
            None,
            (
                f"The plans are not listed: {exc}. The derivation below works in the sequence form, whose "
                "size grows with the tree, not with the number of plans; where the payoffs are numbers it "
                "finds the dominated choices and values each choice instead of each plan."
            ),
        )
    return plan_form, dominated_plans(plan_form), None


@dataclass(frozen=True)
class ConstantSumDerivation:
    """What :func:`derive_constant_sum` derived for the document of a two-player constant-sum game.

    Attributes
    ----------
    solution : ZeroSumSolution
        The value, the equilibrium and (when derived) the optimal sets, written in ``names``'s parameters.
    families_note : str or None
        Why the optimal sets are not derived as families (too many sequences, or the time limit), a
        sentence for the document; None when they are.
    plan_form : GamePlanForm or None
    dominance : PlanDominanceResult or None
    plan_note : str or None
        :func:`plan_sections`.
    choices : object or None
        :func:`derive.dominance.choices.dominated_choices`, when the plans are too many to list and
        the payoffs are numbers.
    """

    solution: ZeroSumSolution
    families_note: str | None
    plan_form: GamePlanForm | None
    dominance: PlanDominanceResult | None
    plan_note: str | None
    choices: object = None


def derive_constant_sum(
    game: Game,
    *,
    names: Mapping[str, str] | None = None,
    time_limit: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> ConstantSumDerivation:
    """Solve a two-player constant-sum ``game`` for its document, with the optimal sets as families
    where that is within reach.

    Parameters
    ----------
    game : Game
        Two players, constant-sum (or symbolic payoffs), perfect recall.
    names : mapping, optional
        ``parameter name -> sequence label`` (:func:`named_parameters`).
    time_limit : float or None
        Seconds for the optimal sets; past it they are left out (``families_note`` says so).
    progress : callable, optional
        Hears one line per stage.

    Returns
    -------
    ConstantSumDerivation

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        If the game cannot be solved exactly
        (:func:`~derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`).
    GameModelError
        From :func:`named_parameters`.
    """
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    say = progress or (lambda _msg: None)
    sequences = max(game_sequence_form(game).shape)
    families_note = None
    if sequences > MAX_FAMILY_SEQUENCES:
        families_note = (
            f"The optimal sets are not derived as families here: a player has {sequences} sequences, more "
            f"than the {MAX_FAMILY_SEQUENCES} up to which the document solves the indifference equations "
            "symbolically. The value and the equilibrium above are exact and certified."
        )
        solution = solve_zero_sum(game)
    else:
        if time_limit is not None:
            say(f"deriving the optimal sets (stops after {time_limit:g} s) ...")
        try:
            solution = solve_zero_sum(game, all_optimal=True, time_limit=time_limit)
        except TimeLimitError as exc:
            families_note = (
                f"The optimal sets are not derived as families here: {exc} (derive latex --time-limit "
                "SECONDS allows more). The value and the equilibrium above are exact and certified."
            )
            say(f"{exc}; writing the document without them")
            solution = solve_zero_sum(game)
    if names:
        solution = named_parameters(solution, names)
    say("plans and dominated plans ...")
    plan_form, dominance, plan_note = plan_sections(game)
    choices = None
    if plan_form is None and not game.is_symbolic:
        say("dominated choices at last decisions ...")
        choices = dominated_choices(game_sequence_form(game))
    return ConstantSumDerivation(solution, families_note, plan_form, dominance, plan_note, choices)
