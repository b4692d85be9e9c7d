"""The bettor's bet size as a function of his hand, and the limit game's value as its range widens.

The solutions and values are inputs (:mod:`derive.continuum.bet_size`): the figure never solves.
Floats are used only to place points; the exact values are printed in the legend.
"""

from __future__ import annotations

import matplotlib
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.figures.style import _RC, _style_axes

__all__ = ["draw_bet_sizes"]

_COLORS = ("#1f5fa8", "#b5441b", "#2a9d8f", "#7b3fa0", "#8a6d00")


def _curve(sol, points: int, cap: float):
    """``(hands, sizes)`` as floats along [0, 1]; None where I checks; sizes capped at ``cap``."""
    from derive.continuum.bet_size import x as hand_symbol

    xs, ys = [], []
    bluff = sp.lambdify(hand_symbol, sol.bluff_size, "math")
    value = sp.lambdify(hand_symbol, sol.value_size, "math")
    a, b = float(sol.bluff_cut), float(sol.value_cut)
    for k in range(points + 1):
        h = k / points
        y = None
        for atom in sol.atoms:
            for lo, hi in (atom.bluffs, atom.values):
                if float(lo) <= h <= float(hi) and lo < hi:
                    y = float(atom.size)
        if y is None and not (a <= h <= b):
            inside = sol.interior_bluffs if h < a else sol.interior_values
            if inside is not None and float(inside[0]) < h < float(inside[1]):
                try:
                    y = (bluff if h < a else value)(h)
                except (ValueError, ZeroDivisionError):
                    y = cap
        xs.append(h)
        ys.append(None if y is None else min(y, cap))
    return xs, ys


def draw_bet_sizes(solutions, widening=None, cap: float = 8.0, title: str | None = None) -> Figure:
    """Left: each solution's bet size against the hand (a gap where I checks); right: the value of
    bets in ``[L, U]`` as the range widens, between von Neumann's best and Newman's value.

    Parameters
    ----------
    solutions : sequence of BetSizeSolution
        :func:`derive.continuum.bet_size.derive_bet_size`'s results, one curve each.
    widening : dict, optional
        ``{"points": [(width, exact value), ...], "newman": v, "von_neumann": v}``: the values of
        ranges ``[L, U]`` of width ``U/L`` around 2 antes for the right panel, with Newman's value and
        von Neumann's at 2 antes as lines; no right panel if None.
    cap : float
        Sizes above this many chips are drawn at it (Newman's hands 0 and 1 bet without bound).
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
        One or two panels, 11 x 4.3 inches with the right panel.

    Raises
    ------
    ValueError
        If ``solutions`` is empty.
    """
    solutions = list(solutions)
    if not solutions:
        raise ValueError("draw_bet_sizes needs at least one solution")
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(11, 4.3) if widening else (6.4, 4.3))
        FigureCanvasAgg(fig)
        axes = fig.subplots(1, 2) if widening else [fig.subplots(1, 1)]
        left = axes[0]
        for k, sol in enumerate(solutions):
            xs, ys = _curve(sol, 1200, cap)
            r = sol.rules
            kind = "no limit (Newman)" if r.low == 0 and r.high is sp.oo else f"sizes in {r.range_text()}"
            label = f"{kind}: v = {sol.value}"
            left.plot(
                xs,
                [float("nan") if v is None else v for v in ys],
                color=_COLORS[k % len(_COLORS)],
                linewidth=1.8,
                label=label,
            )
        left.set_xlim(0, 1)
        left.set_ylim(0, cap * 1.02)
        left.set_xlabel("I's hand x")
        left.set_ylabel(f"bet size s (chips; pot {solutions[0].rules.pot}; capped at {cap:g})")
        left.set_title("How much to bet: bluffs (left), checks (gap), value bets (right)", fontsize=11)
        left.legend(fontsize=8, loc="upper center")
        _style_axes(left)
        if widening:
            right = axes[1]
            pts = widening["points"]
            right.plot(
                [w for w, _ in pts],
                [float(v) for _, v in pts],
                "o-",
                color=_COLORS[0],
                markersize=4,
                label="bets in [L, U] around 2 antes",
            )
            right.axhline(
                float(widening["newman"]),
                color=_COLORS[1],
                linestyle="--",
                label=f"Newman (no limit): {widening['newman']}",
            )
            right.axhline(
                float(widening["von_neumann"]),
                color=_COLORS[2],
                linestyle=":",
                label=f"von Neumann at B = 2: {widening['von_neumann']}",
            )
            right.set_xscale("log")
            right.set_xlabel("width of the range U/L (L U = 4)")
            right.set_ylabel("value to I (ante 1)")
            right.set_title("The limit game's value tends to Newman's", fontsize=11)
            right.legend(fontsize=8, loc="center right")
            _style_axes(right)
        if title:
            fig.suptitle(title)
        fig.tight_layout()
    return fig
