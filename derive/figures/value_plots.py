"""Game values against the bet size: exact sample values (:func:`draw_value_by_bet_size`) and
closed forms with their breakpoints (:func:`draw_value_curves`).

The values are an input: figures never solve.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from collections.abc import Sequence as Seq

import matplotlib
import numpy as np
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.figures.labels import _exact, _mathtext
from derive.figures.style import _INK, _PLOT_LABEL_SIZE, _PLOT_TEXT_SIZE, _PLOT_TITLE_SIZE, _RC, _style_axes
from derive.notation.latex import to_latex

__all__ = [
    "draw_parametric_value",
    "draw_value_by_bet_size",
    "draw_value_curves",
]


_SERIES_STYLES = (
    dict(color="#1f5fa8", marker="o", linestyle="-", markersize=6),
    dict(color="#b5441b", marker="s", linestyle="--", markersize=8, markerfacecolor="none"),
    dict(color="#2a9d8f", marker="^", linestyle="-.", markersize=7),
    dict(color="#7b3fa0", marker="D", linestyle=":", markersize=6, markerfacecolor="none"),
    dict(color="#e09f3e", marker="v", linestyle="-", markersize=7),
)


def draw_value_by_bet_size(
    series: Mapping[str, Mapping[object, object]],
    title: str | None = None,
    *,
    ante: object = 1,
    annotate: Seq[object] | None = None,
) -> Figure:
    """Plot exact game values against the bet size, one line per game.

    The values are an input (compute them with
    :func:`derive.solving.parameters.sweep.values_by_bet_size`): this function solves
    nothing.  Markers are the exact values at the sample bet sizes; the
    lines between them only guide the eye.  Selected points are labelled
    with their exact fraction.

    Parameters
    ----------
    series : mapping
        Line label (e.g. ``"Kuhn poker (1 bet)"``) -> ``{bet size: value}``,
        exact numbers (Rationals, ints or strings such as ``"-1/18"``; a float
        only when it is exactly a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`).
    title : str, optional
        Default "Game value to the opener against the bet size".
    ante : number
        The ante, for the x-axis label ("bet size b (ante 1)").
    annotate : sequence, optional
        Bet sizes whose value (of the first series) is written on the plot;
        default the first series' smallest value and ``b = 1``.

    Returns
    -------
    matplotlib.figure.Figure
        Value labels carry the gid ``"value:<series index>:<bet>"`` (text:
        mathtext of the exact value), lines ``"series:<label>"``.

    Raises
    ------
    ValueError
        If ``series`` is empty, a series is empty, or a value is not exact (a
        float such as ``1/3`` is refused with the exact form to type).

    Examples
    --------
    >>> fig = draw_value_by_bet_size({"Kuhn poker": {"1/2": "-1/60", 1: "-1/18", 2: 0}})
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "value:0:1"]
    ['$- \\\\dfrac{1}{18}$']
    """
    if not series:
        raise ValueError("no series to plot")
    data = []
    for label, points in series.items():
        if not points:
            raise ValueError(f"series {label!r} has no points")
        exact = sorted(
            (_exact(b, f"bet size in {label}"), _exact(v, f"value in {label}")) for b, v in points.items()
        )
        for b, v in exact:
            if not (b.is_Rational and v.is_Rational):
                raise ValueError(
                    f"series {label!r}: bet sizes and values must be exact numbers, got {b}: {v}"
                )
        data.append((str(label), exact))
    if title is None:
        title = "Game value to the opener against the bet size"
    first = data[0][1]
    if annotate is None:
        best = min(first, key=lambda bv: (bv[1], bv[0]))[0]
        annotate = [best] + [b for b, _ in first if b == 1 and b != best]
    marks = {_exact(b, "annotate") for b in annotate}
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(9.0, 5.6), layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        _style_axes(ax)
        ax.set_title(title, fontsize=_PLOT_TITLE_SIZE, fontweight="bold", color=_INK, gid="title")
        ax.axhline(0, color="#777777", linewidth=1.0, zorder=1)
        for k, (label, points) in enumerate(data):
            style = _SERIES_STYLES[k % len(_SERIES_STYLES)]
            ax.plot(
                [float(b) for b, _ in points],
                [float(v) for _, v in points],
                label=label,
                linewidth=2.0,
                gid=f"series:{label}",
                zorder=3 + k,
                **style,
            )
        low = min(float(v) for _, pts in data for _, v in pts)
        high = max(float(v) for _, pts in data for _, v in pts)
        span = max(high - low, 1e-3)
        ax.set_ylim(low - 0.22 * span, high + 0.12 * span)
        for b, v in first:
            if b in marks:
                ax.annotate(
                    _mathtext(v),
                    xy=(float(b), float(v)),
                    xytext=(0, -16),
                    textcoords="offset points",
                    ha="center",
                    va="top",
                    fontsize=_PLOT_TEXT_SIZE + 1,
                    color=_SERIES_STYLES[0]["color"],
                    gid=f"value:0:{b}",
                )
        ax.set_xlabel(f"bet size b, in chips (ante {_exact(ante, 'ante')})", fontsize=_PLOT_LABEL_SIZE)
        ax.set_ylabel("game value to the opener, chips per hand", fontsize=_PLOT_LABEL_SIZE)
        fig.legend(
            loc="outside lower center", ncol=min(len(data), 2), frameon=False, fontsize=_PLOT_TEXT_SIZE
        )
    return fig


def draw_value_curves(
    curves: Mapping[str, tuple[sp.Expr, Seq[object]]],
    symbol: sp.Symbol,
    b_max: object = 4,
    title: str | None = None,
) -> Figure:
    """Plot closed-form game values ``v(b)`` against the bet size, with their breakpoints.

    The curves are an input (e.g. the pieces of
    :func:`derive.solving.parameters.parametric_lp.parametric_solve` as a ``Piecewise`` of
    ``(value, b <= end)`` branches, as :func:`derive.presentation.reproduce.value_curve_figure`
    makes them, or ``BetSizeAnalysis.value``); this function only
    evaluates them at plotting points.  Breakpoints are marked and labelled
    with their exact bet size.

    Parameters
    ----------
    curves : mapping
        Line label -> ``(v(b) as a sympy expression or Piecewise, breakpoints)``; the
        breakpoints are exact (a float only when it is exactly a short decimal such as 0.5).
    symbol : sympy.Symbol
        The bet-size symbol ``b``.
    b_max : number
        Right end of the plotted range (from 0), exact like the breakpoints.
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
        Lines carry the gid ``"curve:<label>"``, breakpoint labels ``"break:<index>:<b>"``.

    Raises
    ------
    ValueError
        If ``curves`` is empty, a curve has another free symbol, or ``b_max`` or a breakpoint
        is a float that is not exactly a short decimal (``1/3``).
    """
    if not curves:
        raise ValueError("no curves to draw")
    b_top = _exact(b_max, "b_max")
    top = float(b_top)
    xs = np.linspace(top / 400, top, 400)
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(9.0, 5.6), layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        _style_axes(ax)
        ax.set_title(
            title or "Game value to the opener against the bet size (exact closed forms)",
            fontsize=_PLOT_TITLE_SIZE,
            fontweight="bold",
            color=_INK,
            gid="title",
        )
        ax.axhline(0, color="#777777", linewidth=1.0, zorder=1)
        for k, (label, (expr, breaks)) in enumerate(curves.items()):
            if expr.free_symbols - {symbol}:
                raise ValueError(f"curve {label!r} depends on {expr.free_symbols - {symbol}}")
            f = sp.lambdify(symbol, expr, modules="math")
            style = dict(_SERIES_STYLES[k % len(_SERIES_STYLES)])
            style.pop("marker", None)
            style.pop("markersize", None)
            style.pop("markerfacecolor", None)
            ax.plot(
                xs,
                [f(x) for x in xs],
                label=label,
                linewidth=2.2,
                gid=f"curve:{label}",
                zorder=3 + k,
                **style,
            )
            for bp in breaks:
                bp = _exact(bp, f"breakpoint of {label}")
                if 0 < bp <= b_top:
                    y = float(expr.subs(symbol, bp))
                    ax.plot([float(bp)], [y], "o", color=style.get("color", _INK), markersize=6, zorder=10)
                    ax.annotate(
                        f"$b = {to_latex(bp)}$",
                        xy=(float(bp), y),
                        xytext=(0, 10) if k % 2 == 0 else (12, -20),
                        textcoords="offset points",
                        ha="center" if k % 2 == 0 else "left",
                        fontsize=_PLOT_TEXT_SIZE - 1,
                        color=style.get("color", _INK),
                        gid=f"break:{k}:{bp}",
                    )
        ax.set_xlim(0, top)
        low, high = ax.get_ylim()
        ax.set_ylim(low, high + 0.18 * (high - low))
        first_label, (first_expr, _) = next(iter(curves.items()))
        if isinstance(first_expr, sp.Piecewise):
            rows = []
            lo = sp.S.Zero
            for piece, cond in first_expr.args:
                hi = cond.rhs if cond is not sp.true else None
                where = (
                    f"{to_latex(lo)} < b \\leq {to_latex(hi)}"
                    if hi is not None
                    else f"b \\geq {to_latex(lo)}"
                )
                formula = (
                    to_latex(piece).replace("\\left", "").replace("\\right", "").replace("\\frac", "\\dfrac")
                )
                rows.append(f"${formula}$   for ${where}$")
                lo = hi
            lines = [first_label.split(" (")[0] + ":"] + rows
            for n, line in enumerate(reversed(lines)):  # one text per line: fractions never overlap
                ax.text(
                    0.98,
                    0.04 + 0.115 * n,
                    line,
                    transform=ax.transAxes,
                    ha="right",
                    va="bottom",
                    fontsize=_PLOT_TEXT_SIZE,
                    color=_SERIES_STYLES[0]["color"],
                    gid="formula" if n == len(lines) - 1 else f"formula:{n}",
                )
        ax.set_xlabel("bet size b, in chips (ante 1)", fontsize=_PLOT_LABEL_SIZE)
        ax.set_ylabel("game value to the opener, chips per hand", fontsize=_PLOT_LABEL_SIZE)
        fig.legend(
            loc="outside lower center", ncol=min(len(curves), 2), frameon=False, fontsize=_PLOT_TEXT_SIZE
        )
    return fig


#: Most breakpoints labelled with their exact values in :func:`draw_parametric_value` (more would overlap).
MAX_LABELLED_BREAKPOINTS = 9


def draw_parametric_value(solution, title: str | None = None, *, points_per_piece: int = 200) -> Figure:
    """Plot the game value ``v(t)`` of a parametric solution piece by piece, breakpoints marked.

    Each piece's exact formula is evaluated at ``points_per_piece`` points across its interval
    (the curve is the formula's, not a line between solved samples); a breakpoint where the
    value's formula changes is a filled dot labelled with its exact value, one where only the
    optimal strategy changes a hollow one; with more than :data:`MAX_LABELLED_BREAKPOINTS`
    breakpoints the dots stay and the figure says how many there are instead of labelling each.  The solution is an input: this function never solves.

    Parameters
    ----------
    solution : ParametricSolution
        From :func:`derive.solving.parameters.parametric_lp.parametric_solve`.
    title : str, optional
    points_per_piece : int
        Plotting points per piece (display only).

    Returns
    -------
    matplotlib.figure.Figure
        Pieces carry the gid ``"piece:<k>"``, breakpoints ``"break:<k>"``.
    """
    t = solution.symbol
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(9.0, 5.6), layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        _style_axes(ax)
        ax.set_title(
            textwrap.fill(title or f"{solution.game.title}: game value against {t} (exact formulas)", 64),
            fontsize=_PLOT_TITLE_SIZE,
            fontweight="bold",
            color=_INK,
            gid="title",
        )
        ax.axhline(0, color="#777777", linewidth=1.0, zorder=1)
        for k, piece in enumerate(solution.pieces):
            lo, hi = float(sp.N(piece.lower.point)), float(sp.N(piece.upper.point))
            f = sp.lambdify(t, piece.value, modules="math")
            xs = np.linspace(lo, hi, points_per_piece)
            ax.plot(
                xs,
                [float(f(x)) for x in xs],
                color=_SERIES_STYLES[k % 2]["color"],
                linewidth=2.4,
                gid=f"piece:{k + 1}",
                zorder=3,
            )
        low, high = ax.get_ylim()
        value_changes = solution.value_changes
        labelled = len(solution.pieces) - 1 <= MAX_LABELLED_BREAKPOINTS
        for k, left in enumerate(solution.pieces[:-1], 1):
            point = left.upper
            x = float(sp.N(point.point))
            y = float(sp.N(left.value.subs(t, point.point)))
            changes = value_changes[k - 1]
            ax.plot(
                [x],
                [y],
                "o",
                color=_INK,
                markersize=6,
                markerfacecolor=_INK if changes else "white",
                zorder=10,
                gid=f"break:{k}",
            )
            if not labelled:
                continue
            ax.axvline(x, color="#999999", linewidth=0.8, linestyle=":", zorder=1)
            exact = point.point if point.is_rational or point.polynomial.degree() <= 2 else None
            name = to_latex(t)
            label = (
                f"${name} = {to_latex(exact)}$"
                if exact is not None
                else f"${name} \\approx {point.decimal(4)}$"
            )
            ax.annotate(  # along the top, staggered: labels of close breakpoints never overlap
                label,
                xy=(x, 1.0),
                xycoords=("data", "axes fraction"),
                xytext=(0, -14 - 16 * ((k - 1) % 3)),
                textcoords="offset points",
                ha="center",
                fontsize=_PLOT_TEXT_SIZE - 1,
                color=_INK,
                bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.85),
                gid=f"break-label:{k}",
            )
        if len(solution.pieces) > 1:
            key = "filled dot: the value's formula changes; hollow dot: only the optimal strategy changes"
            if not labelled:
                key = (
                    f"{len(solution.pieces) - 1} breakpoints ({sum(value_changes)} where the value's formula "
                    f"changes), too many to label: the text and --json give each exactly\n" + key
                )
            ax.text(
                0.99,
                0.02,
                key,
                transform=ax.transAxes,
                ha="right",
                va="bottom",
                fontsize=_PLOT_TEXT_SIZE - 2,
                color="#555555",
                gid="key",
            )
        ax.set_xlim(float(solution.lower), float(solution.upper))
        ax.set_ylim(
            low - (0.08 if labelled else 0.16) * (high - low),
            high + (0.30 if labelled else 0.08) * (high - low),
        )
        ax.set_xlabel(f"${to_latex(t)}$", fontsize=_PLOT_LABEL_SIZE + 1)
        ax.set_ylabel(f"game value to {solution.game.players[0]}", fontsize=_PLOT_LABEL_SIZE)
    return fig
