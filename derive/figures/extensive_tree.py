"""The tree of any extensive-form game, with its information sets, and optionally a behaviour profile.

:func:`draw_extensive_form` draws a :class:`~derive.extensive_form.Game` top
down: chance nodes as grey diamonds with their exact probabilities on the
edges, decision nodes as discs in the mover's colour, each decision node labelled
with its information set's name and the nodes of one set joined by dashed arcs, and the
payoff vector under each leaf (the sum of the outcomes along its play); an
outcome booked on an internal node (antes at the root) is shown beside it as
``+(a, b)``.  Given a behaviour profile (e.g. an
equilibrium from :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`), each action
is labelled with its probability and drawn bold when it is played, thin and
dashed when it is not: the strategy drawing of a general game.  Leaves are
evenly spaced and every internal node sits above the middle of its
children, so the figure's width grows with the number of plays.

Floats appear only as positions; every probability and payoff is typeset from
its exact value.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch, Polygon
from matplotlib.path import Path

from derive.extensive_form.game import Game
from derive.figures.labels import _exact, _mathtext
from derive.figures.style import _GREY, _INK, _LIGHT_GREY, _RC, _TITLE_SIZE

__all__ = ["MAX_DRAW_LEAVES", "draw_extensive_form", "tree_layout"]

_COLOURS = ("#1f5fa8", "#b5441b", "#2e7d32", "#6a1b9a", "#9c6b00", "#00838f")
_TINTS = ("#dbe7f6", "#f8e1d5", "#dcefdc", "#eadcf2", "#f5ead0", "#d3eef0")
_LEAF_W = 0.62  # inches per leaf
_LEVEL_H = 1.05  # inches per level
_FONT = 9.5
_MAX_WIDTH = 60.0  # inches
#: ``derive draw`` refuses trees with more leaves (past about 90 the picture, capped at 60 inches,
#: piles its labels up); ``--subtree`` draws a part.
MAX_DRAW_LEAVES = 90


def _text(value: sp.Expr) -> str:
    """``1/3`` for a number, mathtext for an expression in symbols (``$B + P$``)."""
    return str(value) if value.is_number else _mathtext(value)


def draw_extensive_form(
    game: Game,
    profile: Mapping[int, Mapping[str, Mapping[str, sp.Expr]]] | None = None,
    *,
    title: str | None = None,
    off_path: set[tuple[int, str]] | frozenset = frozenset(),
) -> Figure:
    """Draw the game tree of ``game`` (see the module docstring).

    Parameters
    ----------
    game : Game
        Any number of players; symbolic payoffs and probabilities are typeset.
    profile : mapping, optional
        ``player -> information-set label -> {action: probability}`` (exact; a float only when
        it is exactly a short decimal such as 0.5, else ValueError); when given, each
        action is labelled with its probability and played actions are drawn bold.
    title : str, optional
        Defaults to the game's title.
    off_path : set of (player, information-set label), optional
        Information sets the profile never reaches; their labels get "(off path)".

    Returns
    -------
    matplotlib.figure.Figure
        Width ``0.62 in`` per leaf (at least 6.4 in, at most 60 in), height ``1.05 in`` per level.

    Raises
    ------
    KeyError
        If ``profile`` lacks an information set of a player it covers.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> fig = draw_extensive_form(matching_pennies())
    >>> [float(round(x, 2)) for x in fig.get_size_inches()]
    [6.4, 4.2]
    """
    import warnings

    import matplotlib

    with matplotlib.rc_context(_RC), warnings.catch_warnings():
        # a label in a script the font lacks (e.g. CJK) is drawn as boxes; that is not an error
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        return _draw(game, profile, title, off_path)


def tree_layout(game: Game) -> tuple[dict[int, float], dict[int, int]]:
    """Positions of the nodes: ``(x, depth)``, leaves at ``x = 0, 1, 2 ...`` in preorder, every other
    node above the middle of its children; ``depth`` counts edges from the root."""
    depth = {0: 0}
    for n in game.nodes:
        for c in n.children:
            depth[c] = depth[n.index] + 1
    x: dict[int, float] = {}
    leaf = 0
    for n in game.nodes:
        if n.is_terminal:
            x[n.index] = float(leaf)
            leaf += 1
    for n in reversed(game.nodes):  # preorder reversed: children before parents
        if not n.is_terminal:
            x[n.index] = sum(x[c] for c in n.children) / len(n.children)
    return x, depth


def _draw(game: Game, profile, title, off_path) -> Figure:
    x, depth = tree_layout(game)
    leaves = len(game.terminals)
    levels = max(depth.values()) + 1
    width = min(max(6.4, _LEAF_W * leaves + 1.2), _MAX_WIDTH)
    unit = (width - 1.2) / max(leaves, 1)
    height = _LEVEL_H * levels + 1.05
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.axis("off")

    def pos(node: int) -> tuple[float, float]:
        return 0.6 + (x[node] + 0.5) * unit, height - 0.75 - depth[node] * _LEVEL_H

    ax.text(
        width / 2,
        height - 0.3,
        title if title is not None else game.title,
        ha="center",
        va="center",
        fontsize=_TITLE_SIZE * 0.8,
        color=_INK,
    )
    # information sets: each decision node is labelled with its set's name; the nodes of a set are
    # joined by dashed arcs in the mover's colour, staggered in height so that sets sharing a level
    # stay apart
    level_rank: dict[int, int] = {}
    for info in game.infosets:
        if len(info.nodes) > 1:
            d = depth[info.nodes[0]]
            level_rank[info.index] = sum(1 for k in level_rank if depth[game.infosets[k].nodes[0]] == d)
    for info in game.infosets:
        colour = _COLOURS[info.player % len(_COLOURS)]
        pts = sorted((pos(n) for n in info.nodes), key=lambda p: p[0])
        for px, py in pts:
            ax.text(
                px - 0.13,
                py + 0.06,
                info.label,
                ha="right",
                va="bottom",
                fontsize=_FONT - 1.5,
                color=colour,
                zorder=5,
            )
        if len(pts) < 2:
            continue
        lift = 0.22 + 0.1 * (level_rank[info.index] % 4)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            mid = ((x0 + x1) / 2, max(y0, y1) + 2 * lift)
            arc = Path([(x0, y0), mid, (x1, y1)], [Path.MOVETO, Path.CURVE3, Path.CURVE3])
            ax.add_patch(
                PathPatch(
                    arc,
                    facecolor="none",
                    edgecolor=colour,
                    linewidth=1.0,
                    linestyle=(0, (4, 3)),
                    alpha=0.8,
                    zorder=1,
                )
            )
    for n in game.nodes:
        px, py = pos(n.index)
        for k, c in enumerate(n.children):
            cx, cy = pos(c)
            label = n.actions[k]
            style = {"color": _GREY, "linewidth": 1.1, "linestyle": "-"}
            if n.is_chance:
                label = f"{label}\n{_text(n.probabilities[k])}"
            elif profile is not None and n.player in profile:
                info = game.infosets[n.infoset]
                prob = _exact(
                    profile[n.player][info.label].get(n.actions[k], 0),
                    f"probability of {n.actions[k]!r} at {info.label!r}",
                )
                label = f"{label}\n{_text(prob)}"
                played = prob != 0
                style = {
                    "color": _COLOURS[n.player % len(_COLOURS)] if played else _LIGHT_GREY,
                    "linewidth": 2.4 if played else 0.9,
                    "linestyle": "-" if played else "--",
                }
            ax.plot([px, cx], [py, cy], zorder=2, **style)
            mx, my = (px + cx) / 2, (py + cy) / 2
            ax.text(
                mx,
                my,
                label,
                ha="center",
                va="center",
                fontsize=_FONT - 1.5,
                color=_INK,
                zorder=4,
                bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
            )
        if n.is_chance:
            d = 0.13
            ax.add_patch(
                Polygon(
                    [(px, py + d), (px + d, py), (px, py - d), (px - d, py)],
                    closed=True,
                    facecolor="#d0d0cc",
                    edgecolor=_GREY,
                    zorder=3,
                )
            )
        elif n.is_terminal:
            payoff = game.payoffs[n.index]
            ax.plot([px], [py], marker="s", markersize=4, color=_INK, zorder=3)
            ax.text(
                px,
                py - 0.14,
                "\n".join(_text(v) for v in payoff),
                ha="center",
                va="top",
                fontsize=_FONT - 1,
                color=_INK,
                zorder=4,
            )
        else:
            ax.plot([px], [py], marker="o", markersize=8, color=_COLOURS[n.player % len(_COLOURS)], zorder=3)
        if n.outcome is not None and not n.is_terminal and any(v != 0 for v in n.outcome):
            # an outcome booked on an internal node (e.g. antes at the root) is added to every play below
            booked = "(" + ", ".join(_text(v) for v in n.outcome) + ")"
            ax.text(
                px + 0.17,
                py + 0.06,
                f"+{booked}",
                ha="left",
                va="bottom",
                fontsize=_FONT - 1.5,
                color=_GREY,
                zorder=5,
            )
    # legend: players' colours
    lx = 0.3
    for p, name in enumerate(game.players):
        ax.text(
            lx, 0.25, f"● {name}", ha="left", va="center", fontsize=_FONT, color=_COLOURS[p % len(_COLOURS)]
        )
        lx += 0.55 + 0.09 * len(name)
    if any(n.is_chance for n in game.nodes):
        ax.text(lx, 0.25, "◆ chance", ha="left", va="center", fontsize=_FONT, color=_GREY)
    return fig
