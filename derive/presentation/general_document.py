"""Write the standalone derivation of a general game (LaTeX, its tree as PDF, optionally compiled)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from derive.dominance.choices import dominated_choices
from derive.dominance.plans import PlanDominanceResult, dominated_plans
from derive.extensive_form.game import Game, GameModelError, NotSupportedError
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.plans import GamePlanForm, game_plan_form
from derive.solving.limits import TimeLimitError
from derive.solving.zero_sum.sequence_form_lp import ZeroSumSolution

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "MAX_FAMILY_SEQUENCES",
    "MAX_TIKZ_LEAVES",
    "named_parameters",
    "plan_sections",
    "write_general_document",
]

#: Games whose players have at most this many sequences get their whole optimal sets derived as
#: families in the document (Leduc hold'em, 337 sequences a player, is past it: the symbolic
#: derivation of its optimal sets takes many minutes).
MAX_FAMILY_SEQUENCES = 150

#: Seconds allowed by default for the optimal sets' derivation (as ``derive solve --time-limit``).
DEFAULT_TIME_LIMIT = 120.0

#: Trees with at most this many leaves are drawn in the document as TikZ; larger ones as a figure.
MAX_TIKZ_LEAVES = 40


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


def write_general_document(
    game: Game,
    out: Path | str,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    names: Mapping[str, str] | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    keep_aux: bool = False,
    general_sum: bool = False,
) -> list[Path]:
    """Solve ``game`` with all optimal sets and write ``out/<stem>.tex`` and ``out/<stem>_game_tree.pdf``.

    The document gives the thesis's derivation (Miao 2014) for any game: plans per situation,
    dominated plans with reasons, the sequence form and bilinear payoff, the value, the optimal
    sets as families, every plan's value against the optimal strategy, and the certificate; the
    tree is drawn in it as TikZ when it has at most :data:`MAX_TIKZ_LEAVES` leaves, and the optimal sets
    are derived as families when no player has more than :data:`MAX_FAMILY_SEQUENCES` sequences (the
    document says so when they are not).  Long tables are cut, with the totals stated.

    A two-player game that is not constant-sum, or a game with three or more players, gets the
    general-sum derivation instead (:mod:`derive.presentation.general_sum_document`): its plans and
    dominance, every equilibrium or family ``derive solve GAME --all`` finds with its conditions, a
    verified member, its subgame perfection and the values along the path.

    Parameters
    ----------
    game : Game
        A game with perfect recall and two or more players: constant-sum, general-sum (with
        ``general_sum`` also one that is almost constant-sum, :attr:`~derive.extensive_form.game.Game.is_almost_constant_sum`),
        or with three or more players.
    out : path
        Output folder (created only once the derivation has succeeded).
    stem : str
        File name stem.
    compile_pdf : bool
        Also run ``pdflatex`` twice, producing ``out/<stem>.pdf``.
    time_limit : float or None
        Seconds allowed for deriving the optimal sets (their vertex enumeration can grow
        exponentially); past it the document is written without them and says so.  None: no limit.
    names : mapping, optional
        ``parameter name -> sequence label``: the optimal sets are written in these parameters
        (:meth:`~derive.solving.zero_sum.sequence_form_lp.OptimalSet.reparametrized`), each applied
        to the player whose sequence it is.
    keep_aux : bool, optional
        Keep pdflatex's ``.aux`` and ``.log`` files (default: only the PDF is left).
    general_sum : bool, optional
        Write a two-player game that is almost constant-sum (most likely a mistyped payoff) as a
        general-sum game instead of refusing it.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        If the game cannot be solved exactly, or is almost constant-sum without ``general_sum`` (one
        line naming the terminals that break the sum; nothing is written).
    GameModelError
        If a name's sequence is no sequence of either player, or is fixed on the optimal set, or the
        optimal sets were not derived (nothing is written).
    OutputError
        If ``out`` is not a writable folder, or ``pdflatex`` is missing or fails.
    """
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import TikzLayoutError, tikz_game_tree
    from derive.presentation.errors import OutputError
    from derive.presentation.general_latex import derivation_document
    from derive.presentation.output_files import (
        writable_folder,
        write_document,
    )
    from derive.presentation.strategy_trees import document_strategy_trees
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    if Path(out).exists() and not Path(out).is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    say = progress or (lambda _msg: None)
    if game.num_players >= 3 or (game.num_players == 2 and not game.is_constant_sum):
        return _write_general_sum(
            game,
            out,
            stem,
            compile_pdf,
            say,
            names=names,
            time_limit=time_limit,
            keep_aux=keep_aux,
            general_sum=general_sum,
        )
    say("deriving ...")
    # solve before any folder is created: a game that cannot be solved writes nothing
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
    say("strategy trees ...")
    trees, trees_tex = document_strategy_trees(game, stem, solution.strategies, "the equilibrium above")
    folder = writable_folder(out)  # creates it
    figure = f"{stem}_game_tree.pdf"
    tikz = None
    if len(game.terminals) <= MAX_TIKZ_LEAVES:
        try:  # the document's line is 17 cm (2.2 cm margins); a tree its labels would crowd is a figure
            tikz = tikz_game_tree(game, width=17.0)
        except TikzLayoutError:
            tikz = None
    text = derivation_document(
        solution,
        figure=figure,
        plan_form=plan_form,
        dominance=dominance,
        plan_note=plan_note,
        choices=choices,
        tikz=tikz,
        families_note=families_note,
        strategy_trees=trees_tex,
    )
    figures = {figure: draw_extensive_form(game), **trees}
    return write_document(folder, stem, text, figures, compile_pdf, keep_aux, say)


def _write_general_sum(
    game: Game,
    out: Path | str,
    stem: str,
    compile_pdf: bool,
    say: Callable[[str], None],
    *,
    names: Mapping[str, str] | None,
    time_limit: float | None,
    keep_aux: bool,
    general_sum: bool,
) -> list[Path]:
    """:func:`write_general_document` for a general-sum game or one with three or more players.

    Solves with :func:`~derive.presentation.general_sum_document.solve_general` before any folder is
    created, then writes the tree's figure, the LaTeX and (``compile_pdf``) the PDF.

    Raises
    ------
    NotSupportedError
        An almost constant-sum two-player game without ``general_sum`` (the refusal of ``derive
        solve``), symbolic payoffs, or a game out of every solver's reach.
    GameModelError
        If ``names`` are given (they name the parameters of a constant-sum game's optimal sets).
    """
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import TikzLayoutError, tikz_game_tree
    from derive.presentation.general_sum_document import general_sum_document, solve_general
    from derive.presentation.output_files import (
        writable_folder,
        write_document,
    )
    from derive.presentation.solve_report import almost_constant_sum_refusal
    from derive.presentation.strategy_trees import document_strategy_trees, reported_behaviour

    if game.num_players == 2 and game.is_almost_constant_sum and not general_sum:
        raise NotSupportedError(almost_constant_sum_refusal(game, "write"))
    if names:
        raise GameModelError(
            "named parameters write a constant-sum game's optimal sets; this game's equilibria are written "
            "with their own parameters"
        )
    say("deriving every equilibrium ...")
    solution = solve_general(game, progress=say, time_limit=time_limit)
    plan_form = dominance = plan_note = None
    if game.num_players == 2:
        say("plans and dominated plans ...")
        plan_form, dominance, plan_note = plan_sections(game)
    say("strategy trees ...")
    trees, trees_tex = document_strategy_trees(game, stem, *(reported_behaviour(solution) or (None, "")))
    folder = writable_folder(out)  # creates it
    figure = f"{stem}_game_tree.pdf"
    tikz = None
    if len(game.terminals) <= MAX_TIKZ_LEAVES:
        try:
            tikz = tikz_game_tree(game, width=17.0)
        except TikzLayoutError:
            tikz = None
    text = general_sum_document(
        solution,
        figure=figure,
        plan_form=plan_form,
        dominance=dominance,
        plan_note=plan_note,
        tikz=tikz,
        strategy_trees=trees_tex,
    )
    figures = {figure: draw_extensive_form(game), **trees}
    return write_document(folder, stem, text, figures, compile_pdf, keep_aux, say)
