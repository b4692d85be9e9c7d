"""Write the standalone derivation of a general game (LaTeX, its tree as PDF, optionally compiled)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from derive.extensive_form.game import Game

__all__ = ["write_general_document"]


def write_general_document(
    game: Game,
    out: Path | str,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[Path]:
    """Solve ``game`` with all optimal sets and write ``out/<stem>.tex`` and ``out/<stem>_game_tree.pdf``.

    Parameters
    ----------
    game : Game
        A two-player constant-sum game with perfect recall.
    out : path
        Output folder (created only once the derivation has succeeded).
    stem : str
        File name stem.
    compile_pdf : bool
        Also run ``pdflatex`` twice, producing ``out/<stem>.pdf``.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        If the game cannot be solved exactly (nothing is written).
    OutputError
        If ``out`` is not a writable folder, or ``pdflatex`` is missing or fails.
    """
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.presentation.general_latex import derivation_document
    from derive.presentation.reproduce import (
        OutputError,
        _atomic_write,
        _check_writable,
        _save_figure_atomic,
        compile_latex,
        require_pdflatex,
    )
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    if Path(out).exists() and not Path(out).is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    if compile_pdf:
        require_pdflatex()
    say = progress or (lambda _msg: None)
    say("deriving ...")
    # solve before any folder is created: a game that cannot be solved writes nothing
    solution = solve_zero_sum(game, all_optimal=True)
    folder = _check_writable(out)  # creates it
    figure = f"{stem}_game_tree.pdf"
    text = derivation_document(solution, figure=figure)
    tree = draw_extensive_form(game)
    _save_figure_atomic(tree, folder / figure)
    tex = folder / f"{stem}.tex"
    _atomic_write(tex, text.encode())
    written = [folder / figure, tex]
    if compile_pdf:
        say("running pdflatex ...")
        compile_latex(tex)
        written.append(folder / f"{stem}.pdf")
    return written
