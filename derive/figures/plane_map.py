"""The map of a game's solution over a box of two parameters: each region filled and labelled by
what its optimal strategies play (a general-sum game's: its equilibrium families), the boundary
curves drawn from their polynomials, contours of the value (a constant-sum game's).

The regions are an input (a :class:`~derive.solving.parameters.plane.PlaneSolution` or a
:class:`~derive.solving.parameters.plane_general.PlaneEquilibria`, read by their attributes):
figures never solve.  The fill and the curves are drawn from the regions'
polynomial conditions and boundary polynomials evaluated on a fine grid of the box (not from
solves at grid points): a pixel takes the colour of the first region whose conditions hold there,
and a boundary curve is the zero set of its polynomial, drawn only where regions meet.
"""

from __future__ import annotations

import textwrap

import matplotlib
import numpy as np
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from derive.figures.style import _INK, _RC
from derive.notation.text import long_formula

__all__ = ["draw_plane_map"]

#: Fill colours of the regions, in turn (light, so that curves and labels stay legible).
_FILLS = (
    "#cfe0f3",
    "#f6d9c7",
    "#d4ecd9",
    "#eadcf2",
    "#f8edc4",
    "#d3eeee",
    "#f2d4dc",
    "#e2e2d6",
    "#c9d8c0",
    "#f0cfa8",
)

#: Pixels of the grid along each axis.
_GRID = 500


def _short(item: str) -> str:
    """``"opener at A:xb: raise"`` -> ``"A:xb raise"`` (the player is clear from the set)."""
    _, _, rest = item.partition(" at ")
    label, _, act = (rest or item).rpartition(": ")
    return f"{label} {act}" if label else item


def draw_plane_map(sol, game_name: str | None = None, *, grid: int = _GRID, key: bool = True) -> Figure:
    """Draw the regions of ``sol`` over its box (module docstring).

    Parameters
    ----------
    sol : PlaneSolution or PlaneEquilibria
        The regions of a constant-sum game (:func:`derive.solving.parameters.plane.plane_solve`) or
        of a general-sum one (:func:`derive.solving.parameters.plane_general.plane_equilibria`: its
        regions have no value, ``value is None``).
    game_name : str, optional
        Shown in the title when the game has none.
    grid : int
        Pixels along each axis of the fill (default 500).
    key : bool
        Draw the key beside the map (default); without it the map alone, for a document whose
        table of regions says what the key would.

    Returns
    -------
    matplotlib.figure.Figure
        The map on the left (the first parameter across, the second up), a key of the regions on
        the right: each region's number, value and what it plays (a general-sum game's: how many
        extreme equilibria and families, and the strategies each family's members play).
    """
    a, b = sol.symbols
    (alo, ahi), (blo, bhi) = sol.box
    xs = np.linspace(float(alo), float(ahi), grid)
    ys = np.linspace(float(blo), float(bhi), grid)
    X, Y = np.meshgrid(xs, ys)
    label = np.full(X.shape, -1, dtype=int)
    values = np.full(X.shape, np.nan)
    eps = 1e-9
    general = any(region.value is None for region in sol.regions)
    for k, region in enumerate(sol.regions):
        inside = np.zeros(X.shape, dtype=bool)
        for conj in region.conditions:
            here = np.ones(X.shape, dtype=bool)
            for f in conj:
                here &= _numeric(f, a, b, X, Y) >= -eps
            inside |= here
        take = inside & (label < 0)
        label[take] = k
        if not general:
            v = _numeric(region.value, a, b, X, Y)
            values[take] = v[take]
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(11.5, 6.4) if key else (7.0, 5.0))
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0.07, 0.1, 0.5, 0.8) if key else (0.11, 0.12, 0.85, 0.8))
        n = len(sol.regions)
        colours = [_FILLS[k % len(_FILLS)] for k in range(n)]
        shown = np.ma.masked_less(label, 0)
        ax.imshow(
            shown,
            origin="lower",
            extent=(float(alo), float(ahi), float(blo), float(bhi)),
            aspect="auto",
            cmap=ListedColormap(colours),
            vmin=-0.5,
            vmax=n - 0.5,
            interpolation="nearest",
        )
        # value contours (thin, labelled)
        if np.isfinite(values).any() and np.nanmax(values) - np.nanmin(values) > 1e-12:
            cs = ax.contour(X, Y, values, levels=8, colors="#5a5a5a", linewidths=0.6, linestyles="dotted")
            ax.clabel(cs, fontsize=7, fmt=lambda v: f"{v:.3g}")
        # boundary curves, exactly the zero sets of their polynomials, where regions meet
        near = _near_boundary(label)
        curves = {}
        for region in sol.regions:
            for f, what in region.borders:
                if what != "edge":
                    curves.setdefault(sp.srepr(f), f)
        for f in curves.values():
            Z = np.ma.array(_numeric(f, a, b, X, Y), mask=~near)
            if Z.count() and Z.min() < 0 < Z.max():
                ax.contour(X, Y, Z, levels=[0], colors=_INK, linewidths=1.6)
        # labels at each region's most inner pixel
        for k, region in enumerate(sol.regions):
            x, y = _label_spot(label == k, xs, ys, region.point)
            ax.text(
                x,
                y,
                f"R{k + 1}",
                ha="center",
                va="center",
                fontsize=12,
                fontweight="bold",
                color=_INK,
                bbox=dict(boxstyle="round,pad=0.25", fc="white", ec="#888888", lw=0.6, alpha=0.85),
            )
        ax.set_xlim(float(alo), float(ahi))
        ax.set_ylim(float(blo), float(bhi))
        ax.set_xlabel(str(a), fontsize=13)
        ax.set_ylabel(str(b), fontsize=13)
        title = sol.game.title or game_name or "the game"
        what = "equilibria" if general else "optimal play"
        ax.set_title(f"{title}: {what} over {a} × {b}", fontsize=13)
        if key:
            _draw_key(fig, sol, colours, general)
    return fig


def _draw_key(fig: Figure, sol, colours, general: bool) -> None:
    """The key on the right of the map: each region's line, then what the lines are."""
    key = fig.add_axes((0.6, 0.1, 0.38, 0.8))
    key.axis("off")
    lines = _family_key(sol) if general else _value_key(sol)
    n = len(sol.regions)
    y = 1.0
    size = 9 if n <= 8 else 7.5
    step = size / 72 / (0.8 * 6.4)  # one line, in axes fraction
    for k, head, body in lines:
        key.text(
            0.0,
            y,
            head,
            va="top",
            fontsize=size,
            fontweight="bold",
            bbox=dict(boxstyle="square,pad=0.2", fc=colours[k], ec="none"),
        )
        y -= step * 1.35 * (head.count("\n") + 1)
        if body:
            key.text(0.02, y, body, va="top", fontsize=size - 0.5)
            y -= step * 1.3 * (body.count("\n") + 1)
        y -= step * 0.6
    key.text(
        0.0,
        max(y, 0.0) - step,
        "solid lines: region boundaries (zero sets of their polynomials); on them the equilibria are not "
        "solved"
        if general
        else "solid lines: region boundaries (zero sets of their polynomials); dotted: contours of the value",
        va="top",
        fontsize=7.5,
        color="#555555",
        wrap=True,
    )


def _value_key(sol) -> list[tuple[int, str, str]]:
    """Each region's line of the key: its number and value, then what it plays."""
    supports = sol.supports()
    lines = []
    for k, region in enumerate(sol.regions):
        brief = long_formula(region.value, sol.symbols)
        # a long formula: its size, and its value near the checked point (exact in the text and JSON)
        value = (
            f"≈ {float(region.value_at(sol.symbols, region.point)):.6g} at ({region.point[0]}, "
            f"{region.point[1]}); {brief}"
            if brief
            else sp.sstr(region.value)
        )
        head = f"R{k + 1}  value {value}"
        body = "; ".join(_short(item) for item in supports[k][:6])
        if len(supports[k]) > 6:
            body += f"; +{len(supports[k]) - 6} more"
        lines.append((k, textwrap.fill(head, 58), textwrap.fill("plays " + body, 58) if body else ""))
    return lines


#: Families of a general-sum region named in the key (the text and the document list all).
_KEY_FAMILIES = 4


def _family_key(sol) -> list[tuple[int, str, str]]:
    """Each general-sum region's line of the key: its number, how many extreme equilibria and families,
    then per family the strategies its members play (positive probability inside the region)."""
    names = tuple(sol.game.players)
    lines = []
    for k, region in enumerate(sol.regions):
        n, f = len(region.extreme), len(region.subsets)
        head = (
            f"R{k + 1}  {n} extreme equilibri{'um' if n == 1 else 'a'}, {f} famil{'y' if f == 1 else 'ies'}"
        )
        body = []
        for j, subset in enumerate(region.subsets[:_KEY_FAMILIES], 1):
            for p in (0, 1):
                played = dict.fromkeys(
                    label for i in subset[p] for label, v in region.strategy_sets[p][i].items() if v != 0
                )
                # a strategy's label is not broken across lines (no-break spaces inside it)
                text = f"{names[p]} plays " + ", ".join(
                    f"[{label}]".replace(" ", "\u00a0") for label in played
                )
                lead = f"F{j}  " if p == 0 else "      "
                body.append(textwrap.fill(lead + text, 58, subsequent_indent="        "))
        if f > _KEY_FAMILIES:
            body.append(f"+{f - _KEY_FAMILIES} more families")
        lines.append((k, textwrap.fill(head, 58), "\n".join(body)))
    return lines


def _numeric(f, a, b, X, Y) -> np.ndarray:
    """``f(a, b)`` on the grid, in floating point (for drawing only)."""
    fn = sp.lambdify((a, b), sp.sympify(f), "numpy")
    out = np.asarray(fn(X, Y), dtype=float)
    return np.broadcast_to(out, X.shape).copy() if out.shape != X.shape else out


def _near_boundary(label: np.ndarray, width: int = 2) -> np.ndarray:
    """Pixels within ``width`` of a pixel of another region."""
    change = np.zeros(label.shape, dtype=bool)
    change[:, 1:] |= label[:, 1:] != label[:, :-1]
    change[:, :-1] |= label[:, 1:] != label[:, :-1]
    change[1:, :] |= label[1:, :] != label[:-1, :]
    change[:-1, :] |= label[1:, :] != label[:-1, :]
    near = change.copy()
    for _ in range(width):
        grown = near.copy()
        grown[:, 1:] |= near[:, :-1]
        grown[:, :-1] |= near[:, 1:]
        grown[1:, :] |= near[:-1, :]
        grown[:-1, :] |= near[1:, :]
        near = grown
    return near


def _label_spot(mask: np.ndarray, xs, ys, point) -> tuple[float, float]:
    """The pixel of ``mask`` farthest from its outside (the region's point when it has no pixel)."""
    if not mask.any():
        return float(point[0]), float(point[1])
    from scipy.ndimage import distance_transform_edt

    padded = np.pad(mask, 1)
    dist = distance_transform_edt(padded)[1:-1, 1:-1]
    i, j = np.unravel_index(np.argmax(dist), dist.shape)
    return float(xs[j]), float(ys[i])
