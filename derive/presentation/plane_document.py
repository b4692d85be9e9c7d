"""A standalone LaTeX document of a solution over a box of two parameters: the method, the map of
regions, a table of the regions (conditions, value, checked point) and each region's optimal
strategies (``derive latex GAME --param A=LO..HI --param B=LO..HI``); for a general-sum game each
region's extreme equilibria and families instead of a value and optimal strategies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from derive.notation.latex import escape_text as latex_text
from derive.notation.latex import to_latex
from derive.presentation.game_summary import in_situation_order
from derive.presentation.parametric_document import article_head
from derive.presentation.parametric_report import MAX_SETS
from derive.presentation.plan_latex import KEEP_WITH_TABLE
from derive.presentation.plane_report import (
    curve_text,
    family_members,
    family_sides,
    formula_latex,
    formula_or_size_latex,
    mixture_latex,
    plane_equilibria_latex_table,
    plane_latex_table,
    region_borders,
    region_conditions_latex,
)
from derive.solving.parameters.plane import PlaneSolution
from derive.solving.parameters.plane_general import PlaneEquilibria

__all__ = ["plane_document", "write_plane_document"]


def plane_document(sol: PlaneSolution | PlaneEquilibria, figure: str | None = None) -> str:
    """The LaTeX source (article; amsmath, booktabs, graphicx, longtable): method, map, table of
    regions, and each region's strategies (a general-sum game's: its extreme equilibria and families).

    Parameters
    ----------
    sol : PlaneSolution or PlaneEquilibria
        A constant-sum game's regions (:func:`derive.solving.parameters.plane.plane_solve`) or a
        general-sum game's (:func:`derive.solving.parameters.plane_general.plane_equilibria`).
    figure : str, optional
        File name of the map to include.

    Returns
    -------
    str
        The document, every number exact (the solution's formulas and checked points).
    """
    if isinstance(sol, PlaneEquilibria):
        return _equilibria_document(sol, figure)
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
            "linear programming, Charitopoulos, Papageorgiou \\& Dua 2017). "
            + (
                f"The boundaries' degree is above the cell decomposition's cap, so the box is covered by "
                f"subdivision: each of {sol.subboxes} sub-boxes is proved to lie in one region (every "
                "condition's sign by a Taylor bound at its centre) or to be split among regions by the signs of "
                f"at most four boundary polynomials, every sign pattern covered ({sol.solves} LP points)."
                if sol.subboxes
                else "The box is covered by the open cells of a cylindrical algebraic decomposition (Collins "
                f"1975) adapted to every boundary polynomial found ({sol.cells} cells, {sol.solves} LP points)."
            )
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
            f"{latex_text(what)} along {curve_text(f, sol.symbols, latex=True)}" for f, what in region.borders
        )
        out.append(f"Value: ${formula_or_size_latex(region.value, sol.symbols)}$. Borders: {borders}.")
        at = region.strategies_at(sol.symbols, region.point)
        for p in (0, 1):
            rows = []
            for label, dist in in_situation_order(sol.game, p, region.strategies[p])[:MAX_SETS]:
                acts = ", ".join(
                    f"{latex_text(x)} ${formula_or_size_latex(v, sol.symbols, at[p][label][x])}$"
                    for x, v in dist.items()
                    if v != 0
                )
                if label in region.off_path[p]:
                    acts += " (off the path: the best reply at the checked point)"
                rows.append(f"{latex_text(label)} & {acts} \\\\")
            out += [
                r"\begin{longtable}{@{}lp{0.72\linewidth}@{}}",
                rf"\toprule \multicolumn{{2}}{{l}}{{{names[p]}: an optimal strategy}} \\ \midrule \endhead",
                *rows,
                r"\bottomrule",
                r"\end{longtable}",
            ]
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def _equilibria_document(sol: PlaneEquilibria, figure: str | None) -> str:
    """The general-sum document: method, map, table of regions, each region's equilibria and families."""
    a, b = (to_latex(s) for s in sol.symbols)
    (alo, ahi), (blo, bhi) = sol.box
    game = latex_text(sol.game.title or "The game")
    names = [latex_text(n) for n in sol.game.players]
    m, n = (len(s) for s in sol.strategies)
    curves = ", ".join(f"${formula_latex(f)}$" for f in sol.polynomials)
    out = [
        *article_head(f"{game}: equilibria over ${a} \\times {b}$", ("array",)),
        r"\section*{Method}",
        f"The box is ${a} \\in [{to_latex(alo)}, {to_latex(ahi)}]$, ${b} \\in [{to_latex(blo)}, {to_latex(bhi)}]$. "
        f"The payoffs of the reduced strategic form ({m} $\\times$ {n}: {names[0]}'s reduced strategies "
        f"against {names[1]}'s) are polynomials in ${a}$ and ${b}$. A vertex of a player's best-reply polytope is "
        "fixed by its tight labels, a linear system whose determinant, and the slack of every other label, are "
        f"rational functions of $({a}, {b})$ (Avis, Rosenberg, Savani \\& von Stengel 2010). The irreducible "
        "factors of these determinants and slacks, of both players' polytopes, are the boundary polynomials"
        + (f" ({curves})" if curves else "")
        + ". With the box's edges they define a cylindrical algebraic decomposition (Collins 1975): on each of "
        f"its {sol.cells} open cells inside the box no boundary polynomial vanishes, so every vertex keeps its "
        "labels, and the extreme equilibria and the maximal Nash subsets are the same formulas at every point of "
        f"the cell. Each cell was solved exactly at a rational point, every extreme equilibrium re-derived as "
        f"rational functions of ${a}$ and ${b}$, and the cells with the same equilibria form a region. Every "
        "region was checked at the rational point shown, strictly inside it: its formulas there are exactly the "
        "extreme equilibria and the maximal Nash subsets (the families) of a direct exact solve of the game with "
        "the numbers put in. On the curves between regions the equilibria are not solved (there may be more of "
        "them).",
    ]
    if figure:  # the map without its key: the table below says what it would
        out += [r"\begin{center}", rf"\includegraphics[width=0.72\textwidth]{{{figure}}}", r"\end{center}"]
    out += [
        KEEP_WITH_TABLE,  # the heading goes to the next page with its table when the map leaves no room
        r"\section*{The regions}",
        plane_equilibria_latex_table(sol),
        r"\section*{Equilibria in each region}",
        "A family (a maximal Nash subset) is every pair of a mix of its first player's extreme strategies and "
        "a mix of the second player's: each such pair is an equilibrium. A strategy is written as the reduced "
        "pure strategies it plays, each with its probability; each extreme equilibrium with each player's payoff.",
    ]
    column = r">{\raggedright\arraybackslash}p{0.46\linewidth}"
    for k, region in enumerate(sol.regions, 1):
        pa, pb = (to_latex(v) for v in region.point)
        borders = "; ".join(region_borders(region, sol.symbols, latex=True))
        conditions = region_conditions_latex(region).replace(r" \newline ", " or ")
        out += [
            rf"\subsection*{{Region {k}}}",
            f"Conditions: {conditions}. "
            + (f"Borders: {borders}. " if borders else "")
            + f"Checked at ${a} = {pa}$, ${b} = {pb}$: "
            + f"{len(region.extreme)} extreme equilibri{'um' if len(region.extreme) == 1 else 'a'}, "
            "equal to a direct solve.",
            rf"\begin{{longtable}}{{@{{}}r{column}{column}@{{}}}}",
            rf"\toprule & {names[0]} & {names[1]} \\ \midrule \endhead",
        ]
        for j, eq in enumerate(region.extreme, 1):
            cells = [
                mixture_latex(eq.strategies[p], r" \newline ")
                + rf" \newline \emph{{payoff}} ${formula_latex(eq.payoffs[p])}$"
                for p in (0, 1)
            ]
            out.append(f"{j} & {cells[0]} & {cells[1]} \\\\[4pt]")
        out += [r"\bottomrule", r"\end{longtable}", r"\begin{itemize}"]
        for j, (subset, members) in enumerate(zip(region.subsets, family_members(region)), 1):
            sides = family_sides(region, subset, names, mixture_latex)
            which = ", ".join(str(x) for x in members)
            out.append(
                rf"\item Family {j}: "
                + "; ".join(sides)
                + f" (extreme equilibri{'um' if len(members) == 1 else 'a'} {which})."
            )
        out.append(r"\end{itemize}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def write_plane_document(
    sol: PlaneSolution | PlaneEquilibria,
    out: str | Path,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    keep_aux: bool = False,
    game_name: str | None = None,
) -> list[Path]:
    """Write ``out/<stem>.tex`` and the map ``out/<stem>_map.pdf`` (and the PDF with ``compile_pdf``)
    of a constant-sum game's regions (a :class:`PlaneSolution`) or a general-sum game's (a
    :class:`PlaneEquilibria`).

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
        {figure: draw_plane_map(sol, game_name=game_name, key=not isinstance(sol, PlaneEquilibria))},
        compile_pdf,
        keep_aux,
        progress,
    )
