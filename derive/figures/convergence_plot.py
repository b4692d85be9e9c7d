"""The N-card games' values converging to the continuous game's value: :func:`draw_convergence`.

The values are an input (:func:`derive.continuum.limit.convergence`): the figure never solves.
Floats are used only to place points; the exact limit is printed in the legend.
"""

from __future__ import annotations

import math

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.continuum.limit import FIT_FROM
from derive.figures.style import _RC, _style_axes

__all__ = ["draw_convergence"]

_COLORS = ("#1f5fa8", "#b5441b", "#2a9d8f", "#7b3fa0")


def draw_convergence(series, title: str | None = None) -> Figure:
    """Value against N with the continuum value as a line (left), and the log-log error (right).

    Parameters
    ----------
    series : sequence of Convergence
        One per model (:class:`derive.continuum.limit.Convergence`), each with its exact limit
        and N-card values.
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
        Two panels, 11 x 4.3 inches.

    Raises
    ------
    ValueError
        If ``series`` is empty.
    """
    series = list(series)
    if not series:
        raise ValueError("draw_convergence needs at least one series")
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(11, 4.3))
        FigureCanvasAgg(fig)
        left, right = fig.subplots(1, 2)
        for k, conv in enumerate(series):
            color = _COLORS[k % len(_COLORS)]
            decks = [c.deck for c in conv.values]
            values = [float(c.value) for c in conv.values]
            name = f"{conv.rules.name}, B = {conv.rules.bet}"
            left.plot(decks, values, "o-", color=color, markersize=4, label=f"{name}: N-card value")
            left.axhline(
                float(conv.limit),
                color=color,
                linestyle="--",
                linewidth=1.2,
                label=f"continuum: {conv.limit}",
            )
            pts = [
                (n, abs(float(c.value - conv.limit)))
                for n, c in zip(decks, conv.values)
                if c.value != conv.limit
            ]
            if pts:
                right.loglog(
                    [p[0] for p in pts], [p[1] for p in pts], "o", color=color, markersize=4, label=name
                )
            if conv.order is not None and pts:
                fit = [p for p in pts if p[0] >= FIT_FROM]
                if fit:
                    # the fitted line through the geometric mean of the fitted points
                    mx = sum(math.log(p[0]) for p in fit) / len(fit)
                    my = sum(math.log(p[1]) for p in fit) / len(fit)
                    xs = [min(p[0] for p in fit), max(p[0] for p in fit)]
                    ys = [math.exp(my + conv.order * (math.log(x) - mx)) for x in xs]
                    right.loglog(
                        xs, ys, "-", color=color, linewidth=1, label=f"fit: error ~ N^{conv.order:.2f}"
                    )
        left.set_xscale("log")
        left.set_xlabel("cards in the deck, N")
        left.set_ylabel("value to the opener (chips)")
        left.set_title("exact N-card values and the continuum value")
        left.legend(fontsize=8)
        right.set_xlabel("N")
        right.set_ylabel("|value(N) - continuum value|")
        right.set_title("error (N where it is not 0)")
        right.legend(fontsize=8)
        for ax in (left, right):
            _style_axes(ax)
        if title:
            fig.suptitle(title)
        fig.tight_layout()
    return fig
