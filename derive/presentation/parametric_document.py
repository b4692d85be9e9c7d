"""A standalone LaTeX document of a parametric solution: the value as a ``cases`` display, its
plot, and each piece's optimal strategies (``derive latex GAME --param NAME=LO..HI``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from derive.notation.latex import escape_text as latex_text
from derive.notation.latex import to_latex
from derive.presentation.game_summary import in_situation_order
from derive.presentation.parametric_report import (
    MAX_SETS,
    OFF_PATH_FILL,
    at_a_point,
    breakpoint_text,
    off_path_note,
    parametric_latex,
    readable,
)
from derive.solving.parameters.parametric_lp import ParametricSolution

__all__ = ["article_head", "parametric_document", "write_parametric_document"]


def article_head(title: str, packages: tuple[str, ...] = ()) -> list[str]:
    """The first lines of every document over parameters, one ``--param`` or two.

    Parameters
    ----------
    title : str
        The title, LaTeX already escaped.
    packages : tuple of str
        LaTeX packages loaded after amsmath, amssymb, booktabs, graphicx and longtable (``("array",)``).

    Returns
    -------
    list of str
        The article's preamble (2.2 cm margins, T1 fonts), the title, ``\\begin{document}`` and
        ``\\maketitle``, one line each.
    """
    return [
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2.2cm]{geometry}",
        r"\usepackage{"
        + ",".join(("amsmath", "amssymb", "booktabs", "graphicx", "longtable", *packages))
        + "}",
        r"\usepackage[T1]{fontenc}",
        r"\usepackage[utf8]{inputenc}",
        rf"\title{{{title}}}",
        r"\author{derived by \texttt{derive}}",
        r"\date{}",
        r"\begin{document}",
        r"\maketitle",
    ]


def _strategy_rows(game, piece, p: int, t) -> list[str]:
    rows = []
    off = set(piece.off_path[p])
    for label, dist in in_situation_order(game, p, piece.strategies[p])[:MAX_SETS]:
        acts = ", ".join(f"{latex_text(a)} ${to_latex(readable(v))}$" for a, v in dist.items() if v != 0)
        if label in off:
            acts += f" ({latex_text(off_path_note(piece, p, label, t))})"
        rows.append(f"{latex_text(label)} & {acts} \\\\")
    return rows


def parametric_document(
    sol: ParametricSolution, figure: str | None = None, game_name: str | None = None
) -> str:
    """The LaTeX source (article; amsmath, booktabs, graphicx): method, value, plot, pieces.

    Parameters
    ----------
    sol : ParametricSolution
    figure : str, optional
        File name of the value plot to include.
    """
    t = to_latex(sol.symbol)
    game = latex_text(sol.game.title or "The game")
    names = [latex_text(n) for n in sol.game.players]
    out = [
        *article_head(f"{game}: the value as an exact function of ${t}$"),
        r"\section*{Method}",
        (
            f"For ${t}$ in $[{to_latex(sol.lower)}, {to_latex(sol.upper)}]$ each player's sequence-form linear "
            "program (von Stengel 1996) has a constraint matrix whose entries are rational functions of "
            f"${t}$. At a rational point an optimal basis of each program is solved with ${t}$ symbolic; "
            f"its basic solution is feasible wherever each variable and each slack, a rational function of ${t}$, "
            "is non-negative, which is decided exactly between the real roots of their factors. Where both "
            "players' solutions are feasible and their values add up to the constant sum "
            f"${to_latex(sol.constant)}$, weak duality proves both optimal on the whole interval (the "
            "basis-stability argument of parametric linear programming, Gass \\& Saaty 1955). Each piece's value "
            f"was also checked by exact best responses to its whole profile (every information set) at ${t} = "
            + ", ".join(to_latex(c) for c in sol.checked)
            + "$."
        ),
        r"\section*{The value}",
        f"The value to {names[0]}, in {len(sol.pieces)} {'piece' if len(sol.pieces) == 1 else 'pieces'}:",
        parametric_latex(sol),
    ]
    if figure:
        out += [
            r"\begin{center}",
            rf"\includegraphics[width=0.85\textwidth]{{{figure}}}",
            r"\end{center}",
        ]
    out.append(r"\section*{Optimal strategies on each piece}")
    out.append(
        "On each piece one optimal strategy of each player is shown: the basic solution that the parametric "
        "simplex proves optimal on the whole piece. Where a player's optimal set has more members, "
        f"\\texttt{{{latex_text(at_a_point(sol, 'latex', game_name))}}} at a point of the piece derives the whole set. "
        f"Where a player's own plan never goes he plays {latex_text(OFF_PATH_FILL)}."
    )
    for k, piece in enumerate(sol.pieces, 1):
        left = "[" if piece.closed[0] else "("
        right = "]" if piece.closed[1] else ")"
        out.append(
            rf"\subsection*{{Piece {k}: ${t} \in {left}{to_latex(piece.lower.point) if piece.lower.is_rational else latex_text(breakpoint_text(piece.lower))}, "
            rf"{to_latex(piece.upper.point) if piece.upper.is_rational else latex_text(breakpoint_text(piece.upper))}{right}$}}"
        )
        out.append(rf"Value: ${to_latex(readable(piece.value))}$.")
        for p in (0, 1):
            rows = _strategy_rows(sol.game, piece, p, sol.symbol)
            out += [
                r"\begin{center}",
                r"\begin{longtable}{ll}",  # the head goes with the first rows, and again on a new page
                rf"\toprule \multicolumn{{2}}{{l}}{{{names[p]}: an optimal strategy}} \\ \midrule \endfirsthead",
                rf"\toprule \multicolumn{{2}}{{l}}{{{names[p]}: an optimal strategy (continued)}} \\ \midrule \endhead",
                *rows,
                r"\bottomrule",
                r"\end{longtable}",
                r"\end{center}",
            ]
            more = len(piece.strategies[p]) - len(rows)
            if more > 0:
                out.append(
                    f"({more} more information sets are not shown; \\texttt{{derive solve --json}} lists all.)"
                )
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def write_parametric_document(
    sol: ParametricSolution,
    out: str | Path,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    keep_aux: bool = False,
    game_name: str | None = None,
) -> list[Path]:
    """Write ``out/<stem>.tex`` and the value plot ``out/<stem>_value.pdf`` (and the PDF with ``compile_pdf``;
    pdflatex's ``.aux`` and ``.log`` files are removed unless ``keep_aux``).

    Raises
    ------
    OutputError
        If ``out`` is not a writable folder, or ``pdflatex`` is missing or fails.
    """
    from derive.figures.value_plots import draw_parametric_value
    from derive.presentation.errors import OutputError
    from derive.presentation.output_files import (
        writable_folder,
        write_document,
    )

    if Path(out).exists() and not Path(out).is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    folder = writable_folder(out)
    figure = f"{stem}_value.pdf"
    text = parametric_document(sol, figure, game_name)
    return write_document(
        folder, stem, text, {figure: draw_parametric_value(sol)}, compile_pdf, keep_aux, progress
    )
