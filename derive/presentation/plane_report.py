"""A solution over a box of two parameters in words, JSON and LaTeX: the regions, their polynomial
conditions, the value and the optimal strategies on each, the curves they border along
(:class:`~derive.solving.parameters.plane.PlaneSolution`).

Nothing here solves; every number shown comes from the solution, which proved and checked it.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.notation.latex import escape_text as latex_text
from derive.notation.latex import to_latex
from derive.notation.text import MAX_FORMULA_TERMS, count, long_formula, to_text, with_decimal
from derive.presentation.game_summary import in_situation_order
from derive.presentation.parametric_report import MAX_SETS, _bracket, readable
from derive.solving.parameters.plane import PlaneSolution
from derive.solving.parameters.plane_general import PlaneEquilibria

__all__ = [
    "curve_text",
    "family_members",
    "family_sides",
    "formula_latex",
    "formula_or_size_latex",
    "mixture_latex",
    "plane_equilibria_json",
    "plane_equilibria_latex_table",
    "plane_equilibria_text",
    "plane_json",
    "plane_latex_table",
    "plane_text",
    "region_borders",
    "region_conditions",
    "region_conditions_latex",
]


def _inequality(f: sp.Expr) -> str:
    return f"{to_text(f)} >= 0"


def _text(expr, symbols, at=None) -> str:
    """``expr`` as text, or its description when it is long
    (:data:`~derive.notation.text.MAX_FORMULA_TERMS`), then with ``at`` its exact value at the
    checked point."""
    brief = long_formula(expr, symbols)
    if not brief:
        return to_text(readable(expr))
    return brief if at is None else f"{brief} (at the checked point {with_decimal(at)})"


def region_conditions(region, symbols=None) -> list[str]:
    """The region's conditions as strings ``"bet - 2*ante >= 0"`` (a conjunction; alternatives joined
    by ``" or "`` in one string each when there are several); given the two ``symbols``, a long
    polynomial is named by its degrees (:func:`~derive.notation.text.long_formula`) instead of written out."""

    def inequality(f):
        brief = long_formula(f, symbols) if symbols is not None else None
        return f"[{brief}] >= 0" if brief else _inequality(f)

    if len(region.conditions) == 1:
        return [inequality(f) for f in region.conditions[0]]
    return [" or ".join("(" + " and ".join(inequality(f) for f in conj) + ")" for conj in region.conditions)]


def curve_text(f: sp.Expr, symbols=None, *, latex: bool = False) -> str:
    """``"ante = 3"`` for an edge of the box, ``"bet - ante = 0"`` for any other curve (given the two
    ``symbols``, a long one named by its degrees: :func:`~derive.notation.text.long_formula`); with
    ``latex``, the same in LaTeX with its dollars (``$\\mathit{bet} - \\mathit{ante} = 0$``)."""
    free = sorted(f.free_symbols, key=str)
    brief = long_formula(f, symbols) if symbols is not None else None
    if brief:
        return f"[{latex_text(brief) if latex else brief}] = 0"
    show = to_latex if latex else to_text
    if len(free) == 1 and sp.degree(f, free[0]) == 1:
        line = sp.Poly(f, free[0])  # not sp.solve: a positive symbol would lose the edge at 0
        root = -line.nth(0) / line.nth(1)
        text = f"{show(free[0])} = {show(root)}"
    else:
        text = f"{show(f)} = 0"
    return f"${text}$" if latex else text


def region_borders(region, symbols=None, *, latex: bool = False) -> list[str]:
    """What the region borders, grouped by neighbour.

    Parameters
    ----------
    region : PlaneRegion or PlaneEquilibriumRegion
        Its ``borders``: ``(boundary polynomial, "region K" or "edge")`` pairs.
    symbols : (sympy.Symbol, sympy.Symbol), optional
        The two parameters: a long curve is then named by its degrees
        (:func:`~derive.notation.text.long_formula`).
    latex : bool
        The curves in LaTeX math (the words around them are plain: no character to escape).

    Returns
    -------
    list of str
        ``"region 2 along weak = 1/2"`` for each neighbour, then ``"the box's edges weak = 0,
        taste = 2"`` (the words of the text output).
    """
    by_neighbour: dict[str, list[str]] = {}
    for f, what in region.borders:
        by_neighbour.setdefault(what, []).append(curve_text(f, symbols, latex=latex))
    out = [f"{what} along {', '.join(curves)}" for what, curves in by_neighbour.items() if what != "edge"]
    if "edge" in by_neighbour:
        out.append(
            f"the box's edge{'s' if len(by_neighbour['edge']) > 1 else ''} {', '.join(by_neighbour['edge'])}"
        )
    return out


def _box_text(sol) -> str:
    (alo, ahi), (blo, bhi) = sol.box
    return f"[{alo}, {ahi}] x [{blo}, {bhi}]"


def _method(sol: PlaneSolution) -> str:
    a, b = sol.symbols
    if sol.homogeneous is not None:
        return (
            f"payoffs homogeneous of degree {sol.homogeneous} in ({a}, {b}): the value is "
            f"{a}{'' if sol.homogeneous == 1 else '^' + str(sol.homogeneous)} * V({b}/{a}) and the strategies "
            f"depend on {b}/{a} only; solved in the one parameter {b}/{a} on "
            f"[{sol.reduced.lower}, {sol.reduced.upper}] ({count(len(sol.reduced.pieces), 'piece')}), each piece "
            f"a region between two rays"
        )
    if sol.subboxes:
        return (
            f"optimal bases of the sequence-form LPs solved over Q({a}, {b}); the boundary polynomials' degree "
            f"is above the cell decomposition's cap, so the box is covered by subdivision: each of "
            f"{count(sol.subboxes, 'sub-box', 'sub-boxes')} proved inside one region (every condition's sign by a "
            f"Taylor bound) or split among regions by the signs of at most four boundary polynomials, every "
            f"sign pattern covered ({count(sol.solves, 'LP point')})"
        )
    return (
        f"optimal bases of the sequence-form LPs solved over Q({a}, {b}); the box covered by the open cells "
        f"of a cylindrical algebraic decomposition adapted to every boundary polynomial "
        f"({count(sol.cells, 'open cell')}, {count(sol.solves, 'LP point')})"
    )


def plane_text(sol: PlaneSolution, game_name: str | None = None) -> str:
    """The regions in words: each region's conditions, checked point, borders, value and strategies."""
    a, b = sol.symbols
    names = tuple(sol.game.players)
    title = sol.game.title or game_name or "the game"
    lines = [
        f"{title}: the value and optimal strategies as exact functions of {a} and {b} on {_box_text(sol)}",
        _method(sol),
        f"{count(len(sol.regions), 'region')}; each proved on its whole region (both players' basic solutions "
        f"feasible, values adding up to {sol.constant}), and checked at a rational point strictly inside it: "
        "exact best responses to its whole profile (exploitability 0) and a direct solve give its value",
        "where a player's own plan never goes he plays his best reply at the checked point (it changes no payoff)",
    ]
    supports = sol.supports()
    long_formulas = any(long_formula(region.value, sol.symbols) for region in sol.regions) or any(
        long_formula(f, sol.symbols) for region in sol.regions for conj in region.conditions for f in conj
    )
    if long_formulas:
        lines.append(
            f"formulas of more than {MAX_FORMULA_TERMS} terms are named here by their degrees, with their values at the "
            "checked point; --json gives every one whole"
        )
    for k, region in enumerate(sol.regions):
        lines.append("")
        conditions = region_conditions(region, sol.symbols)
        lines.append(f"region {k + 1}: " + (", ".join(conditions) if conditions else "the whole box"))
        if supports[k]:
            lines.append(f"  plays: {'; '.join(supports[k])}")
        pa, pb = region.point
        lines.append(
            f"  checked at {a} = {pa}, {b} = {pb}: value {with_decimal(region.value_at(sol.symbols, region.point))}, "
            "exploitability 0, equal to a direct solve"
        )
        borders = region_borders(region, sol.symbols)
        if borders:
            lines.append(f"  borders: {'; '.join(borders)}")
        lines.append(f"  value to {names[0]}: {_text(region.value, sol.symbols)}")
        at = region.strategies_at(sol.symbols, region.point) if long_formulas else None
        for p in (0, 1):
            lines.append(f"  {names[p]}: an optimal strategy")
            shown = in_situation_order(sol.game, p, region.strategies[p])
            for label, dist in shown[:MAX_SETS]:
                acts = ", ".join(
                    f"{act} {_text(v, sol.symbols, at[p][label][act] if at else None)}"
                    for act, v in dist.items()
                    if v != 0
                )
                off = (
                    "  (off the path: his best reply at the checked point)"
                    if label in region.off_path[p]
                    else ""
                )
                lines.append(f"    {label}: {acts}{off}")
            if len(shown) > MAX_SETS:
                lines.append(f"    ... and {len(shown) - MAX_SETS} more information sets (--json gives all)")
    return "\n".join(lines)


def plane_json(sol: PlaneSolution) -> str:
    """The solution as JSON: top-level ``"regions"``, each with ``"conditions"`` (strings such as
    ``"bet - 2*ante >= 0"`` in the parameters' names; a region lies in the box where all hold),
    ``"value"``, ``"point"`` (the checked interior point, parameter -> rational string),
    ``"strategies"`` (player -> information set -> action -> expression, every information set),
    ``"off_path"``, ``"borders"`` (``{"curve", "with"}``) and ``"plays"`` (what sets it apart)."""
    a, b = sol.symbols
    names = tuple(sol.game.players)
    supports = sol.supports()
    doc = {
        "game": sol.game.title,
        "players": list(names),
        "parameters": [str(a), str(b)],
        "box": {str(s): [str(lo), str(hi)] for s, (lo, hi) in zip(sol.symbols, sol.box)},
        "constant_sum": str(sol.constant),
        "homogeneous": None
        if sol.homogeneous is None
        else {
            "degree": sol.homogeneous,
            "ratio": f"{b}/{a}",
            "interval": [str(sol.reduced.lower), str(sol.reduced.upper)],
        },
        "regions": [
            {
                "conditions": region_conditions(region),
                "value": str(region.value),
                "point": {str(a): str(region.point[0]), str(b): str(region.point[1])},
                "value_at_point": str(region.value_at(sol.symbols, region.point)),
                "strategies": {
                    names[p]: {
                        info: {act: str(v) for act, v in dist.items()}
                        for info, dist in region.strategies[p].items()
                    }
                    for p in (0, 1)
                },
                "off_path": {names[p]: list(region.off_path[p]) for p in (0, 1)},
                "borders": [{"curve": str(f), "with": what} for f, what in region.borders],
                "plays": supports[k],
            }
            for k, region in enumerate(sol.regions)
        ],
        "solves": sol.solves,
        "cells": sol.cells,
        "subboxes": sol.subboxes,
        "method": _method(sol)
        + "; each region's whole profile checked at its point by exact best responses (exploitability 0) "
        "and a direct exact solve",
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)


def formula_or_size_latex(expr, symbols=None, at=None, *, plain: bool = False) -> str:
    """``expr`` in LaTeX math, to go between dollars (without a leading minus on a bracket where an
    equal form has none, unless ``plain``); given the two ``symbols``, a formula of more than
    :data:`~derive.notation.text.MAX_FORMULA_TERMS` terms is named by its degrees instead, in text
    that may break across lines (the math is closed around it), and with ``at`` followed by a
    decimal of its exact value at the checked point (the text and JSON outputs have both whole)."""
    brief = long_formula(expr, symbols) if symbols is not None else None
    if not brief:
        return to_latex(expr if plain else readable(expr))
    shown = f"[{latex_text(brief)}]"
    if at is not None:
        shown += f", at the checked point $\\approx {float(at):.6g}$"
    return "{}$ " + shown + " ${}"


def region_conditions_latex(region, symbols=None) -> str:
    """The region's conditions in LaTeX.

    Parameters
    ----------
    region : PlaneRegion or PlaneEquilibriumRegion
        Its ``conditions``: alternatives of conjunctions of polynomials ``f`` meaning ``f >= 0``.
    symbols : (sympy.Symbol, sympy.Symbol), optional
        The two parameters: a long polynomial is then named by its degrees (:func:`formula_or_size_latex`).

    Returns
    -------
    str
        ``$f \\ge 0 \\wedge g \\ge 0$``, alternatives joined by ``\\newline`` (for a ``p`` column),
        ``"the whole box"`` when there are none.
    """
    if not region.conditions or not region.conditions[0]:
        return "the whole box"
    return r" \newline ".join(
        "$" + r" \wedge ".join(f"{formula_or_size_latex(f, symbols, plain=True)} \\ge 0" for f in conj) + "$"
        if conj
        else "the box"
        for conj in region.conditions
    )


def plane_latex_table(sol: PlaneSolution) -> str:
    """A LaTeX ``longtable`` of the regions: conditions, value, checked point (escaped math)."""
    a, b = sol.symbols
    rows = [
        r"\begin{longtable}{@{}p{0.06\linewidth}p{0.38\linewidth}p{0.34\linewidth}p{0.16\linewidth}@{}}",
        r"region & conditions & value & checked at \\ \hline \endhead",
    ]
    for k, region in enumerate(sol.regions):
        point = f"$({to_latex(region.point[0])}, {to_latex(region.point[1])})$"
        rows.append(
            f"{k + 1} & {region_conditions_latex(region, sol.symbols)} & "
            f"${formula_or_size_latex(region.value, sol.symbols, region.value_at(sol.symbols, region.point), plain=True)}$ & {point} \\\\"
        )
    rows.append(r"\end{longtable}")
    rows.append(f"Points are $({to_latex(a)}, {to_latex(b)})$.")
    return "\n".join(rows)


# --------------------------------------------------------------------------- general-sum games


def _mix(strategy: dict) -> str:
    return ", ".join(f"{_bracket(s)} {to_text(readable(v))}" for s, v in strategy.items())


def family_sides(region, subset, names, mix) -> list[str]:
    """Each player's side of one family of a general-sum region, in words: ``"Sender: any mix of
    (...) and (...)"``, or the one strategy when the side has one; each extreme strategy written by
    ``mix`` (text or LaTeX)."""
    sides = []
    for p in (0, 1):
        mixes = [mix(region.strategy_sets[p][i]) for i in subset[p]]
        sides.append(
            f"{names[p]}: {mixes[0]}"
            if len(mixes) == 1
            else f"{names[p]}: any mix of " + " and ".join(f"({m})" for m in mixes)
        )
    return sides


def _general_method(sol: PlaneEquilibria) -> str:
    a, b = sol.symbols
    m, n = (len(s) for s in sol.strategies)
    return (
        f"reduced strategic form {m} x {n}; the boundary polynomials in {a} and {b} "
        f"({count(len(sol.polynomials), 'irreducible factor')} of the determinants and slacks of both "
        f"players' best-reply polytopes) cut the box into {count(sol.cells, 'open cell')} of a cylindrical "
        "algebraic decomposition, each solved at a rational point; on an open cell every vertex keeps its "
        "labels, so the equilibria there are the same formulas"
    )


def plane_equilibria_text(sol: PlaneEquilibria, game_name: str | None = None) -> str:
    """Every equilibrium of a general-sum game over the box
    (:class:`~derive.solving.parameters.plane_general.PlaneEquilibria`), region by region, in words:
    conditions, checked point, borders, the extreme equilibria with payoffs, and the families (maximal
    Nash subsets: every mix of their extreme strategies)."""
    a, b = sol.symbols
    names = tuple(sol.game.players)
    title = sol.game.title or game_name or "the game"
    lines = [
        f"{title}: every Nash equilibrium as exact functions of {a} and {b} on {_box_text(sol)}",
        _general_method(sol),
        f"{count(len(sol.regions), 'region')}; each checked at a rational point strictly inside it: its "
        "formulas there are the extreme equilibria and families of a direct solve",
        "on the curves between regions the equilibria are not solved (there may be more of them)",
    ]
    for k, region in enumerate(sol.regions):
        lines.append("")
        conditions = region_conditions(region)
        lines.append(f"region {k + 1}: " + (", ".join(conditions) if conditions else "the whole box"))
        pa, pb = region.point
        lines.append(
            f"  checked at {a} = {pa}, {b} = {pb}: "
            f"{count(len(region.extreme), 'extreme equilibrium', 'extreme equilibria')}, equal to a direct solve"
        )
        borders = region_borders(region, sol.symbols)
        if borders:
            lines.append(f"  borders: {'; '.join(borders)}")
        for j, eq in enumerate(region.extreme, 1):
            lines.append(
                f"  extreme equilibrium {j}: "
                + "; ".join(f"{names[p]}: {_mix(eq.strategies[p])}" for p in (0, 1))
            )
            lines.append(
                f"    payoffs: {to_text(readable(eq.payoffs[0]))}, {to_text(readable(eq.payoffs[1]))}"
            )
        for j, subset in enumerate(region.subsets, 1):
            lines.append(f"  family {j}: " + "; ".join(family_sides(region, subset, names, _mix)))
    return "\n".join(lines)


def formula_latex(expr) -> str:
    """A formula of a general-sum map in LaTeX, a thin space between factors.

    Parameters
    ----------
    expr : sympy.Expr
        A probability, a payoff or a boundary polynomial the solve derived (shown, not computed).

    Returns
    -------
    str
        Math without dollars, ``\\mathit{taste}\\,\\mathit{weak} + 2`` (two names side by side would
        read as one), without a leading minus on a bracket where an equal form has none.
    """
    return to_latex(readable(expr), mul_symbol=r"\,")


def mixture_latex(strategy: dict, sep: str = ", ") -> str:
    """A mixed strategy in LaTeX as the text writes it.

    Parameters
    ----------
    strategy : dict
        ``reduced strategy label -> probability`` (a formula of the solve; zeros left out).
    sep : str
        Between two strategies (``", "``; ``r" \\newline "`` in a table's cell).

    Returns
    -------
    str
        ``[weak: beer, strong: beer] $\\frac{\\mathit{taste}}{2}$, ...``: each label escaped (in
        brackets when it holds a comma), each probability in math.
    """
    return sep.join(f"{latex_text(_bracket(s))} ${formula_latex(v)}$" for s, v in strategy.items())


def family_members(region) -> list[list[int]]:
    """Which extreme equilibria each family of a general-sum region holds.

    Parameters
    ----------
    region : PlaneEquilibriumRegion
        Its ``subsets`` (the families: indices into ``strategy_sets``) and ``extreme``.

    Returns
    -------
    list of list of int
        For each family (maximal Nash subset), the numbers (from 1) of the extreme equilibria whose
        two strategies are among its extreme strategies.
    """
    out = []
    for s0, s1 in region.subsets:
        mine = [region.strategy_sets[0][i] for i in s0], [region.strategy_sets[1][j] for j in s1]
        out.append(
            [
                k
                for k, eq in enumerate(region.extreme, 1)
                if eq.strategies[0] in mine[0] and eq.strategies[1] in mine[1]
            ]
        )
    return out


def plane_equilibria_latex_table(sol: PlaneEquilibria) -> str:
    """A LaTeX ``longtable`` of a general-sum game's regions.

    Parameters
    ----------
    sol : PlaneEquilibria

    Returns
    -------
    str
        One row per region: its number, conditions, how many extreme equilibria in how many families,
        the checked point; then the order of the point's coordinates.  The column types need the
        ``array`` package.
    """
    a, b = sol.symbols
    rows = [
        r"\begin{longtable}{@{}p{0.07\linewidth}p{0.37\linewidth}>{\raggedright\arraybackslash}p{0.34\linewidth}"
        r"p{0.16\linewidth}@{}}",
        r"region & conditions & equilibria & checked at \\ \hline \endhead",
    ]
    for k, region in enumerate(sol.regions):
        point = f"$({to_latex(region.point[0])}, {to_latex(region.point[1])})$"
        what = (
            f"{count(len(region.extreme), 'extreme equilibrium', 'extreme equilibria')} in "
            f"{count(len(region.subsets), 'family', 'families')}"
        )
        rows.append(f"{k + 1} & {region_conditions_latex(region)} & {what} & {point} \\\\")
    rows.append(r"\end{longtable}")
    rows.append(f"Points are $({to_latex(a)}, {to_latex(b)})$.")
    return "\n".join(rows)


def plane_equilibria_json(sol: PlaneEquilibria) -> str:
    """The same as JSON: top-level ``"regions"``, each with ``"conditions"``, ``"value": null``,
    ``"point"``, ``"borders"``, ``"equilibria"`` (the extreme equilibria: ``"strategies"`` player ->
    reduced strategy -> expression, ``"payoffs"``) and ``"families"`` (the maximal Nash subsets: player
    -> the extreme strategies whose mixes it holds)."""
    a, b = sol.symbols
    names = tuple(sol.game.players)

    def strategy(s: dict) -> dict:
        return {label: str(v) for label, v in s.items()}

    doc = {
        "game": sol.game.title,
        "players": list(names),
        "parameters": [str(a), str(b)],
        "box": {str(s): [str(lo), str(hi)] for s, (lo, hi) in zip(sol.symbols, sol.box)},
        "constant_sum": None,
        "regions": [
            {
                "conditions": region_conditions(region),
                "value": None,
                "point": {str(a): str(region.point[0]), str(b): str(region.point[1])},
                "borders": [{"curve": str(f), "with": what} for f, what in region.borders],
                "cells": region.cells,
                "equilibria": [
                    {
                        "strategies": {names[p]: strategy(eq.strategies[p]) for p in (0, 1)},
                        "payoffs": [str(v) for v in eq.payoffs],
                    }
                    for eq in region.extreme
                ],
                "families": [
                    {names[p]: [strategy(region.strategy_sets[p][i]) for i in subset[p]] for p in (0, 1)}
                    for subset in region.subsets
                ],
            }
            for region in sol.regions
        ],
        "boundary_polynomials": [str(f) for f in sol.polynomials],
        "cells": sol.cells,
        "method": _general_method(sol)
        + "; each region's formulas checked at its point against a direct exact solve",
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)
