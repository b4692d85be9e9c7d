"""Monte Carlo runs of :mod:`derive.verification.simulate` against the exact expected payoff: :func:`draw_running_means`."""

from __future__ import annotations

import math
from collections.abc import Sequence as Seq

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.figures.labels import _exact, _mathtext
from derive.figures.style import (
    _INK,
    _PLAYER_COLOURS,
    _PLOT_LABEL_SIZE,
    _PLOT_TEXT_SIZE,
    _PLOT_TITLE_SIZE,
    _RC,
    _style_axes,
)

__all__ = ["draw_running_means"]


def draw_running_means(
    runs: Seq[tuple[str, object, object]],
    title: str | None = None,
    *,
    columns: int = 2,
) -> Figure:
    """Plot simulations: the running mean payoff, its 95 % band and the exact expected payoff.

    One panel per run, hands on a logarithmic x axis from the 100th hand
    (the 10th for fewer than 1000 hands).  The running mean
    ``m_k`` of the opener's payoff is drawn with the normal-approximation
    95 % band ``m_k ± 1.96 s_k / sqrt(k)`` (see :mod:`derive.verification.simulate`),
    and the exact expected payoff as a dashed horizontal line labelled with
    its fraction.  The panel's note gives the final mean and half-width.

    Parameters
    ----------
    runs : sequence of (str, derive.verification.simulate.Simulation, exact value)
        Panel title, the simulation, and the exact expected payoff to the
        opener (e.g. from :func:`derive.sequence_form.payoff.expected_payoff`).
    title : str, optional
        Default "Simulated hands: running mean of the opener's payoff".
    columns : int
        Panels per row.

    Returns
    -------
    matplotlib.figure.Figure
        Texts with gids ``"exact:<k>"`` (the exact value, mathtext) and
        ``"mean:<k>"`` (the final mean) for the ``k``-th run.

    Raises
    ------
    ValueError
        If ``runs`` is empty, ``columns < 1``, or an expected value is not exact.
    """
    if not runs:
        raise ValueError("no simulation to plot")
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns must be a positive integer, got {columns!r}")
    if title is None:
        title = "Simulated hands: running mean of the opener's payoff"
    ncol = min(columns, len(runs))
    nrow = math.ceil(len(runs) / ncol)
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(6.2 * ncol, 3.6 * nrow + 0.7), layout="constrained")
        FigureCanvasAgg(fig)
        fig.suptitle(title, fontsize=_PLOT_TITLE_SIZE, fontweight="bold", color=_INK)
        axes = fig.subplots(nrow, ncol, squeeze=False)
        for k, (label, sim, value) in enumerate(runs):
            exact = _exact(value, f"expected payoff of {label}")
            if not exact.is_Rational:
                raise ValueError(f"the expected payoff of {label!r} must be an exact number, got {exact}")
            ax = axes[k // ncol][k % ncol]
            _style_axes(ax)
            n = sim.hands
            # Log-spaced hands (at most ~600 points): light files, the same curve on a log axis.
            keep = np.unique(np.geomspace(1, n, 600).round().astype(int)) - 1
            hands = keep + 1.0
            mean = sim.running_mean()[keep]
            low, high = (edge[keep] for edge in sim.confidence_band())
            first = 100.0 if n >= 1000 else 10.0  # the first hands say nothing: start the plot later
            start = int(np.searchsorted(hands, first)) if n > first else 0
            ax.fill_between(
                hands[start:],
                low[start:],
                high[start:],
                color="#9dbbe0",
                alpha=0.55,
                linewidth=0,
                label="95 % band",
            )
            ax.plot(
                hands[start:], mean[start:], color=_PLAYER_COLOURS[0], linewidth=1.6, label="running mean"
            )
            ax.axhline(
                float(exact), color=_PLAYER_COLOURS[1], linestyle=(0, (5, 3)), linewidth=1.8, label="exact"
            )
            ax.set_xscale("log")
            ax.set_xlim(min(first, hands[start]) if start else hands[0], max(n, hands[start] + 1))
            window = [x for x in list(low[start:]) + list(high[start:]) if x == x]
            lo_y = min(window + [float(exact)])
            hi_y = max(window + [float(exact)])
            pad = 0.1 * max(hi_y - lo_y, 0.05)
            ax.set_ylim(lo_y - pad, hi_y + pad)
            ax.set_title(label, fontsize=_PLOT_LABEL_SIZE)
            ax.set_xlabel("hands played", fontsize=_PLOT_LABEL_SIZE)
            if k % ncol == 0:
                ax.set_ylabel("mean payoff, chips", fontsize=_PLOT_LABEL_SIZE)
            ax.text(
                0.98,
                0.96,
                f"exact {_mathtext(exact)}",
                transform=ax.transAxes,
                ha="right",
                va="top",
                fontsize=_PLOT_TEXT_SIZE,
                color=_PLAYER_COLOURS[1],
                gid=f"exact:{k}",
                bbox=dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85),
            )
            half = 1.959963984540054 * sim.standard_error
            ax.text(
                0.98,
                0.04,
                f"after {n:,} hands: {float(sim.mean):+.4f} ± {half:.4f}".replace("-", "−"),
                transform=ax.transAxes,
                ha="right",
                va="bottom",
                fontsize=_PLOT_TEXT_SIZE,
                color=_PLAYER_COLOURS[0],
                gid=f"mean:{k}",
                bbox=dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85),
            )
        for k in range(len(runs), nrow * ncol):
            axes[k // ncol][k % ncol].set_visible(False)
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(
            handles, labels, loc="outside lower center", ncol=3, frameon=False, fontsize=_PLOT_TEXT_SIZE
        )
    return fig
