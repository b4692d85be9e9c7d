"""A standalone LaTeX document of a solution over a box of two parameters: the method, the map of
regions, a table of the regions (conditions, value, checked point) and each region's optimal
strategies (``derive latex GAME --param A=LO..HI --param B=LO..HI``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from derive.notation.latex import escape_text as latex_text
from derive.notation.latex import to_latex
from derive.presentation.game_summary import in_situation_order
from derive.presentation.parametric_document import article_head
from derive.presentation.parametric_report import MAX_SETS, readable
from derive.presentation.plane_report import curve_text, plane_latex_table
from derive.solving.parameters.plane import PlaneSolution

__all__ = ["plane_document", "write_plane_document"]


def plane_document(sol: PlaneSolution, figure: str | None = None) -> str:
    """The LaTeX source (article; amsmath, booktabs, graphicx, longtable): method, map, table of
    regions, and each region's strategies.

    Parameters
    ----------
    sol : PlaneSolution
    figure : str, optional
        File name of the map to include.
    """
    a, b = (to_latex(s) for s in sol.symbols)
    (alo, ahi), (blo, bhi) = sol.box
    game = latex_text(sol.game.title or "The game")
    names = [latex_text(n) for n in sol.game.players]
    if sol.homogeneous is not None:
        method = (
            f"Every payoff is homogeneous of degree {sol.homogeneous} in $({a}, {b})$, so the value is "
            f"${a}^{{{sol.homogeneous}}} V({b}/{a})$ and the optimal strategies depend on ${b}/{a}$ only: the game "
            f"was solved in the one parameter ${b}/{a}$ on $[{to_latex(sol.reduced.lower)}, "
            f"{to_latex(sol.reduced.upper)}]$ by the parametric sequence-form LP (Gass \\& Saaty 1955; von "
            "Stengel 1996), and each piece is the region between two rays."
        )
    else:
        method = (
            f"At a rational point an optimal basis of each player's sequence-form linear program (von Stengel "
            f"1996) is solved with ${a}$ and ${b}$ symbolic; its basic solution is feasible where each variable "
            "and each slack, a rational function of both, is non-negative, and where both players' solutions are "
            "and their values add up to the constant sum, weak duality proves both optimal (multi-parametric "
            "linear programming, Charitopoulos, Papageorgiou \\& Dua 2017). The box is covered by the open cells "
            f"of a cylindrical algebraic decomposition (Collins 1975) adapted to every boundary polynomial found "
            f"({sol.cells} cells, {sol.solves} LP points)."
        )
    out = [
        *article_head(f"{game}: regions over ${a} \\times {b}$"),
        r"\section*{Method}",
        f"The box is ${a} \\in [{to_latex(alo)}, {to_latex(ahi)}]$, ${b} \\in [{to_latex(blo)}, {to_latex(bhi)}]$. "
        + method
        + " Every region was checked at the rational point shown, strictly inside it: exact best responses to its "
        "whole profile (every information set) give its value (exploitability 0), and an exact solve of the game "
        "with the numbers put in gives the same value.",
    ]
    if figure:
        out += [r"\begin{center}", rf"\includegraphics[width=\textwidth]{{{figure}}}", r"\end{center}"]
    out += [
        r"\section*{The regions}",
        plane_latex_table(sol),
        r"\section*{Optimal strategies in each region}",
    ]
    for k, region in enumerate(sol.regions, 1):
        out.append(rf"\subsection*{{Region {k}}}")
        borders = "; ".join(
            f"{latex_text(what)} along {latex_text(curve_text(f))}" for f, what in region.borders
        )
        out.append(f"Value: ${to_latex(readable(region.value))}$. Borders: {borders}.")
        for p in (0, 1):
            rows = []
            for label, dist in in_situation_order(sol.game, p, region.strategies[p])[:MAX_SETS]:
                acts = ", ".join(
                    f"{latex_text(x)} ${to_latex(readable(v))}$" for x, v in dist.items() if v != 0
                )
                if label in region.off_path[p]:
                    acts += " (off the path: the best reply at the checked point)"
                rows.append(f"{latex_text(label)} & {acts} \\\\")
            out += [
                r"\begin{longtable}{ll}",
                rf"\toprule \multicolumn{{2}}{{l}}{{{names[p]}: an optimal strategy}} \\ \midrule \endhead",
                *rows,
                r"\bottomrule",
                r"\end{longtable}",
            ]
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def write_plane_document(
    sol: PlaneSolution,
    out: str | Path,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    keep_aux: bool = False,
    game_name: str | None = None,
) -> list[Path]:
    """Write ``out/<stem>.tex`` and the map ``out/<stem>_map.pdf`` (and the PDF with ``compile_pdf``).

    Raises
    ------
    OutputError
        If ``out`` is not a writable folder, or ``pdflatex`` is missing or fails.
    """
    from derive.figures.plane_map import draw_plane_map
    from derive.presentation.errors import OutputError
    from derive.presentation.output_files import writable_folder, write_document

    if Path(out).exists() and not Path(out).is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    folder = writable_folder(out)
    figure = f"{stem}_map.pdf"
    text = plane_document(sol, figure)
    return write_document(
        folder,
        stem,
        text,
        {figure: draw_plane_map(sol, game_name=game_name)},
        compile_pdf,
        keep_aux,
        progress,
    )
