"""Write the standalone derivation of a general game (LaTeX, its tree as PDF, optionally compiled).

The numbers come from :mod:`derive.derivation.general` (:func:`~derive.derivation.general.derive_constant_sum`,
:func:`~derive.derivation.general.solve_general`); this module draws and typesets them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from derive.derivation.general import (  # moved to the derivation stage; importable from here as before
    MAX_FAMILY_SEQUENCES,
    named_parameters,
    plan_sections,
)
from derive.extensive_form.game import Game, GameModelError, NotSupportedError

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "MAX_FAMILY_SEQUENCES",
    "MAX_TIKZ_LEAVES",
    "named_parameters",
    "plan_sections",
    "write_general_document",
]

#: Seconds allowed by default for the optimal sets' derivation (as ``derive solve --time-limit``).
DEFAULT_TIME_LIMIT = 120.0

#: Trees with at most this many leaves are drawn in the document as TikZ; larger ones as a figure.
MAX_TIKZ_LEAVES = 40


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
    from derive.derivation.general import derive_constant_sum
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import TikzLayoutError, tikz_game_tree
    from derive.presentation.errors import OutputError
    from derive.presentation.general_latex import derivation_document
    from derive.presentation.output_files import (
        writable_folder,
        write_document,
    )
    from derive.presentation.strategy_trees import document_strategy_trees

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
    derived = derive_constant_sum(game, names=names, time_limit=time_limit, progress=say)
    say("strategy trees ...")
    trees, trees_tex = document_strategy_trees(
        game, stem, derived.solution.strategies, "the equilibrium above"
    )
    folder = writable_folder(out)  # creates it
    figure = f"{stem}_game_tree.pdf"
    tikz = None
    if len(game.terminals) <= MAX_TIKZ_LEAVES:
        try:  # the document's line is 17 cm (2.2 cm margins); a tree its labels would crowd is a figure
            tikz = tikz_game_tree(game, width=17.0)
        except TikzLayoutError:
            tikz = None
    text = derivation_document(
        derived.solution,
        figure=figure,
        plan_form=derived.plan_form,
        dominance=derived.dominance,
        plan_note=derived.plan_note,
        choices=derived.choices,
        tikz=tikz,
        families_note=derived.families_note,
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

    Solves with :func:`~derive.derivation.general.solve_general` before any folder is
    created, then writes the tree's figure, the LaTeX and (``compile_pdf``) the PDF.

    Raises
    ------
    NotSupportedError
        An almost constant-sum two-player game without ``general_sum`` (the refusal of ``derive
        solve``), symbolic payoffs, or a game out of every solver's reach.
    GameModelError
        If ``names`` are given (they name the parameters of a constant-sum game's optimal sets).
    """
    from derive.derivation.general import solve_general
    from derive.derivation.solve import almost_constant_sum_refusal
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import TikzLayoutError, tikz_game_tree
    from derive.presentation.general_sum_document import general_sum_document
    from derive.presentation.output_files import (
        writable_folder,
        write_document,
    )
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
