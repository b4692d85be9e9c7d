"""A family's plan probabilities as its parameter runs over its range: :func:`draw_family_plans`."""

from __future__ import annotations

import math
from collections.abc import Mapping

import matplotlib
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.extensive_form.game import Game
from derive.figures.labels import _exact, _mathtext, _tidy
from derive.figures.style import _INK, _PLOT_LABEL_SIZE, _PLOT_TEXT_SIZE, _PLOT_TITLE_SIZE, _RC, _style_axes
from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card.words import card_of, facing, rules_of
from derive.notation.latex import to_latex
from derive.sequence_form.strategies import plan_form, situations

__all__ = ["draw_family_plans"]


#: One colour per plan name, the same in every panel and figure.
_PLAN_COLOURS = {
    "checkfold": "#1f5fa8",
    "checkcall": "#2a9d8f",
    "checkraise": "#7b3fa0",
    "betfold": "#d1495b",
    "betcall": "#e09f3e",
    "check": "#1f5fa8",
    "fold": "#6b6b6b",
    "call": "#2a9d8f",
    "raise": "#7b3fa0",
    "bet": "#d1495b",
}
_OTHER_COLOURS = ("#3d5a80", "#98c1d9", "#ee6c4d", "#293241", "#8d99ae")


def _spread(targets: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions near ``targets`` (sorted or not) at least ``gap`` apart, within [low, high] if possible."""
    order = sorted(range(len(targets)), key=lambda k: targets[k])
    pos = [targets[k] for k in order]
    for k in range(1, len(pos)):
        pos[k] = max(pos[k], pos[k - 1] + gap)
    overflow = pos[-1] - high if pos else 0.0
    if overflow > 0:
        pos = [p - overflow for p in pos]
        for k in range(len(pos) - 2, -1, -1):
            pos[k] = min(pos[k], pos[k + 1] - gap)
    out = [0.0] * len(pos)
    for k, p in zip(order, pos):
        out[k] = max(p, low) if len(pos) == 1 else p
    return out


def draw_family_plans(
    game: Game,
    family,
    parameter: sp.Symbol | None = None,
    title: str | None = None,
    *,
    parameter_name: str | None = None,
    fixed: Mapping[sp.Symbol, object] | None = None,
) -> Figure:
    r"""Plot a player's plan probabilities as a family parameter runs over its range.

    One panel per situation of the player (the opener: one per card; the
    dealer: one per card and "checked to"/"bet to"); in each, one line per
    plan that has positive probability somewhere on the range, labelled at
    its right end with the plan's name and its exact expression (e.g.
    *checkfold* :math:`(\alpha + 2)/3`).  Plans have the same colour in every
    panel.  The expressions are exact; they are evaluated as floats only to
    draw the lines.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`).
    family : derive.solving.families.optimal_families.OptimalFamily
        E.g. ``optimal_families(...).families[0]``.
    parameter : sympy.Symbol, optional
        The parameter on the x axis; default the family's first.  Its range
        is taken from the family's vertices (the other parameters fixed by
        ``fixed``).
    title : str, optional
        Default "<Player>'s optimal plans, <game name>".
    parameter_name : str, optional
        What the parameter means, written under the panels (e.g. "α:
        probability of checkraising the ace"); each panel's axis shows the symbol.
    fixed : mapping, optional
        Values for the family's other parameters (required if it has more than one), exact:
        ``"1/3"``, Rationals, or a float only when it is exactly a short decimal such as 0.5.

    Returns
    -------
    matplotlib.figure.Figure
        Line labels carry the gid ``"plan:<plan label>"`` (e.g.
        ``"plan:A:checkraise"``), panel titles ``"panel:<situation>"``.

    Raises
    ------
    ValueError
        If the family has no parameter, ``parameter`` is not one of its
        parameters, other parameters are left free, a fixed value is a float
        that is not exactly a short decimal (``1/3``), or the fixed values
        leave the parameter no range.

    Examples
    --------
    >>> from derive.games.one_card import one_raise_poker
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> from derive.games.one_card import ONE_RAISE_PARAMETERS, thesis_excluded_plans, to_extensive_form
    >>> game = to_extensive_form(one_raise_poker())
    >>> sets = optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())
    >>> fig = draw_family_plans(game, sets.families[0])
    >>> [t.get_text() for t in fig.findobj(lambda a: getattr(a, "get_gid", lambda: None)() == "plan:A:checkraise")]
    ['checkraise  $\\alpha$']
    """
    if not family.parameters:
        raise ValueError("the family has no parameter (the optimal strategy is unique): nothing to vary")
    parameter = family.parameters[0] if parameter is None else parameter
    if parameter not in family.parameters:
        raise ValueError(f"{parameter} is not a parameter of the family {family.parameters}")
    fixed_values = {k: _exact(v, f"fixed value of {k}") for k, v in (fixed or {}).items()}
    free = [p for p in family.parameters if p != parameter and p not in fixed_values]
    if free:
        raise ValueError(f"fix the family's other parameters {free} (argument fixed)")
    # keyed by label
    plans = {p.label: sp.expand(v.subs(fixed_values)) for p, v in family.plans.items()}
    # The parameter's range on the family: the vertices' range if one-dimensional; else scan the constraints.
    if family.dimension == 1:
        values = [v[parameter] for v in family.vertices]
        lo, hi = min(values), max(values)
    else:
        lo, hi = _range_on_slice(family, parameter, fixed_values)
    if lo == hi:
        raise ValueError(
            f"{parameter} cannot vary with the other parameters fixed at {fixed_values}: it must be {lo}"
        )
    player = family.player
    panels = situations(game, player)
    if title is None:
        title = f"{PLAYER_NAMES[player].capitalize()}'s optimal plans, {rules_of(game).name}"
    xs = [lo + (hi - lo) * sp.Rational(k, 100) for k in range(101)]
    with matplotlib.rc_context(_RC):
        ncol = len(panels) if len(panels) <= 3 else 3
        nrow = math.ceil(len(panels) / ncol)
        fig = Figure(figsize=(4.6 * ncol, 3.9 * nrow + 0.8), layout="constrained")
        FigureCanvasAgg(fig)
        fig.suptitle(title, fontsize=_PLOT_TITLE_SIZE, fontweight="bold", color=_INK)
        axes = fig.subplots(nrow, ncol, sharey=True, squeeze=False)
        for k, situation in enumerate(panels):
            ax = axes[k // ncol][k % ncol]
            _style_axes(ax)
            card = card_of(situation.label)
            name = card if player == 0 else f"{card}, {facing(situation.label)}"
            ax.set_title(
                f"{PLAYER_NAMES[player]} holds {name}",
                fontsize=_PLOT_LABEL_SIZE,
                gid=f"panel:{situation.label}",
            )
            ax.set_xlim(float(lo), float(hi))
            ax.set_ylim(-0.03, 1.03)
            ax.set_xlabel(f"${to_latex(parameter)}$", fontsize=_PLOT_LABEL_SIZE + 1)
            if k % ncol == 0:
                ax.set_ylabel("probability of the plan", fontsize=_PLOT_LABEL_SIZE)
            mine = [
                p
                for p in plan_form(game).plans[player]
                if p.situation == situation.label
                and any(plans[p.label].subs(parameter, x) != 0 for x in (lo, hi, (lo + hi) / 2))
            ]
            ends = [float(plans[p.label].subs(parameter, hi)) for p in mine]
            label_y = _spread(ends, 0.16, 0.0, 1.0)
            for j, (plan, y_label) in enumerate(zip(mine, label_y)):
                colour = _PLAN_COLOURS.get(plan.name, _OTHER_COLOURS[j % len(_OTHER_COLOURS)])
                ys = [float(plans[plan.label].subs(parameter, x)) for x in xs]
                ax.plot([float(x) for x in xs], ys, color=colour, linewidth=2.6, solid_capstyle="round")
                expr = _tidy(plans[plan.label])
                ax.annotate(
                    f"{plan.name}  {_mathtext(expr)}",
                    xy=(float(hi), y_label),
                    xytext=(8, 0),
                    textcoords="offset points",
                    va="center",
                    ha="left",
                    fontsize=_PLOT_TEXT_SIZE,
                    color=colour,
                    gid=f"plan:{plan.label}",
                    annotation_clip=False,
                )
            ax.margins(x=0)
        for k in range(len(panels), nrow * ncol):
            axes[k // ncol][k % ncol].set_visible(False)
        if parameter_name:
            fig.supxlabel(parameter_name, fontsize=_PLOT_LABEL_SIZE, gid="parameter")
        fig.get_layout_engine().set(w_pad=0.2, wspace=0.1)
    return fig


def _range_on_slice(family, parameter, fixed_values) -> tuple[sp.Rational, sp.Rational]:
    lo, hi = -sp.oo, sp.oo
    for c in family.constraints:
        expr = sp.expand((c.lhs - c.rhs).subs(fixed_values)) if isinstance(c, sp.Ge) else None
        if expr is None and isinstance(c, sp.Le):
            expr = sp.expand((c.rhs - c.lhs).subs(fixed_values))
        if expr is None:
            continue
        a = expr.coeff(parameter)
        b = sp.expand(expr - a * parameter)
        if b.free_symbols:
            raise ValueError(f"fix the family's other parameters {sorted(b.free_symbols, key=str)}")
        if a > 0:
            lo = max(lo, -b / a)
        elif a < 0:
            hi = min(hi, -b / a)
        elif b < 0:
            raise ValueError("the fixed values lie outside the family's range")
    if lo > hi or lo == -sp.oo or hi == sp.oo:
        raise ValueError("the fixed values lie outside the family's range")
    return lo, hi
