"""The extensive form of a one-card poker game: :func:`draw_game_tree`.

Chance, both players' decisions, the opener's information sets (dashed
bridges between his nodes) and the payoffs; one panel per opener's card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field

import matplotlib
import matplotlib.patches
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, PathPatch
from matplotlib.path import Path as MplPath

from derive.extensive_form.game import Game
from derive.figures.legend import _SAMPLE_W, _lay_out_legend, _legend_rows
from derive.figures.measure import _Measurer
from derive.figures.style import (
    _GAP_X,
    _INK,
    _LABEL_PAD,
    _LEGEND_SIZE,
    _MARGIN,
    _MIN_WIDTH,
    _NODE_PAD,
    _PANEL_EDGE,
    _PANEL_FACE,
    _PANEL_GAP,
    _PANEL_PAD,
    _PLAYER_COLOURS,
    _PLAYER_TINTS,
    _RC,
    _TITLE_SIZE,
)
from derive.games.one_card import Action
from derive.games.one_card.words import rules_of

__all__ = ["draw_game_tree"]


# Style of the game tree (sizes in points; lengths in inches)
_TREE_NODE_SIZE = 11
_TREE_EDGE_SIZE = 10
_TREE_LEAF_SIZE = 11
_TREE_ROW = 0.95  # inches between rows of the betting tree
_TREE_LABEL_AT = 0.4  # action labels sit this far along their edge, from the parent
_BRIDGE_RISE = 0.11  # inches: height step of the information-set bridges
_TREE_MIN_LEAF_W = 0.5
_CHANCE_COLOUR = "#6b6b6b"


@dataclass
class _TreeNode:
    kind: str  # "chance", "decision", "leaf"
    text: str
    depth: int  # row: 0 chance, 1 first decision, ...
    player: int = -1
    units: float = 0.0
    size: tuple[float, float] = (0.0, 0.0)
    gid: str = ""
    infoset: str = ""
    xy: tuple[float, float] = (0.0, 0.0)
    children: list[tuple[str, _TreeNode]] = field(default_factory=list)  # (edge label, child)


def _signed(value: sp.Expr) -> str:
    text = str(value).replace("-", "−")
    return text if text.startswith("−") or value == 0 else f"+{text}"


def _deal_tree(game: Game, card: str) -> tuple[_TreeNode, list[_TreeNode]]:
    """The chance node for the deals where the opener holds ``card``, and all nodes below it."""
    nodes: list[_TreeNode] = []
    leaves = [0]
    chance = _TreeNode("chance", "chance", 0, gid=f"chance:{card}")
    nodes.append(chance)
    tree = game.nodes

    def grow(k: int, cards: tuple[str, str], letters: str, depth: int) -> _TreeNode:
        node = tree[k]
        if not node.children:
            u = node.outcome[0]
            leaf = _TreeNode(
                "leaf",
                _signed(u),
                depth,
                player=0 if u > 0 else 1,
                units=leaves[0],
                gid=f"leaf:{cards[0]}{cards[1]}:{letters}",
            )
            leaves[0] += 1
            nodes.append(leaf)
            return leaf
        info = game.infosets[node.infoset]
        item = _TreeNode(
            "decision",
            info.label,
            depth,
            player=info.player,
            gid=f"tree:{cards[0]}{cards[1]}:{letters}",
            infoset=f"{info.player}:{info.label}",
        )
        nodes.append(item)
        for action, child in zip(info.actions, node.children):
            item.children.append((action, grow(child, cards, letters + Action(action).letter, depth + 1)))
        kids = [c for _, c in item.children]
        item.units = (kids[0].units + kids[-1].units) / 2
        return item

    root = tree[0]
    for (cards, _), probability, child in zip(rules_of(game).deals(), root.probabilities, root.children):
        if cards[0] != card:
            continue
        chance.children.append((f"dealer {cards[1]}\n{probability}", grow(child, cards, "", 1)))
    kids = [c for _, c in chance.children]
    chance.units = (kids[0].units + kids[-1].units) / 2
    return chance, nodes


def _tree_props(node: _TreeNode) -> dict:
    if node.kind == "chance":
        return dict(
            fontsize=_TREE_NODE_SIZE,
            color="white",
            fontweight="bold",
            bbox=dict(boxstyle="circle,pad=0.3", facecolor=_CHANCE_COLOUR, edgecolor=_CHANCE_COLOUR),
        )
    if node.kind == "decision":
        return dict(
            fontsize=_TREE_NODE_SIZE,
            color=_INK,
            bbox=dict(
                boxstyle=f"round,pad={_NODE_PAD}",
                facecolor=_PLAYER_TINTS[node.player],
                edgecolor=_PLAYER_COLOURS[node.player],
                linewidth=1.4,
            ),
        )
    return dict(fontsize=_TREE_LEAF_SIZE, fontweight="bold", color=_PLAYER_COLOURS[node.player])


_EDGE_LABEL_PROPS = dict(
    fontsize=_TREE_EDGE_SIZE,
    color="#333333",
    linespacing=1.1,
    bbox=dict(boxstyle=f"square,pad={_LABEL_PAD}", facecolor=_PANEL_FACE, edgecolor="none"),
)


def draw_game_tree(
    game: Game,
    cards: Seq[str] | None = None,
    title: str | None = None,
) -> Figure:
    """Draw the extensive form of a one-card poker game, one panel per opener's card.

    Each panel is the part of the game tree in which the opener holds one
    card: a chance node deals the dealer each other card (edge label: the
    dealer's card and the deal's exact probability ``1 / (N (N - 1))``), and
    below each deal the betting tree.  Decision nodes are boxes in the
    player's colour (opener blue, dealer red) labelled with their
    information set (the player's card and the betting so far, e.g.
    ``"K:xb"``); edges are labelled with the action; leaves show the
    opener's payoff in chips (blue when the opener wins, red when the
    dealer does).  A dashed arc joins the opener's nodes that form one
    information set: he holds the same card and has seen the same betting,
    and cannot tell which card the dealer holds.  The dealer's information
    sets join nodes of different panels; they are recognised by their
    equal labels.

    The panels are stacked top to bottom; one panel (``cards=["K"]``) fits
    a slide.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`), numeric or symbolic payoffs.
    cards : sequence of str, optional
        The opener's cards to draw, in deck order; default all.
    title : str, optional
        Default "Game tree, <game name>".

    Returns
    -------
    matplotlib.figure.Figure
        Texts carry gids: ``"tree:<deal>:<history>"`` for decision nodes
        (e.g. ``"tree:KQ:xb"``, text the information-set label),
        ``"leaf:<deal>:<history>"`` for payoffs, ``"chance:<card>"``,
        ``"deal:<deal>"`` for the chance edges, ``"action:<deal>:<history>"``
        for action labels (the history ending with the action), and the
        dashed arcs (patches) ``"infoset:<label>"``.

    Raises
    ------
    ValueError
        If a card is not in the deck or ``cards`` is empty.

    Examples
    --------
    >>> from derive.games.one_card import one_raise_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> fig = draw_game_tree(to_extensive_form(one_raise_poker()), cards=["K"])
    >>> texts = {t.get_gid(): t.get_text() for t in fig.axes[0].texts}
    >>> texts["tree:KQ:xb"], texts["leaf:KQ:xbc"], texts["leaf:KA:xbc"]
    ('K:xb', '+2', '−2')
    """
    deck = rules_of(game).deck
    if cards is None:
        chosen = list(deck)
    else:
        if isinstance(cards, str):
            cards = [cards]
        bad = [c for c in cards if c not in deck]
        if bad or not cards:
            raise ValueError(
                f"cards must be a non-empty selection of the deck {list(deck)}, got {list(cards)}"
            )
        chosen = [c for c in deck if c in cards]
    if title is None:
        title = f"Game tree, {rules_of(game).name}"
        if len(chosen) == 1:
            title += f": the opener holds {chosen[0]}"
    with matplotlib.rc_context(_RC):
        return _render_game_tree(game, [_deal_tree(game, c) for c in chosen], title)


def _render_game_tree(game, panels, title: str) -> Figure:
    measure = _Measurer()
    edge_sizes: dict[tuple[int, int], tuple[float, float]] = {}
    leaf_w = _TREE_MIN_LEAF_W
    depth = 0
    for _, nodes in panels:
        for node in nodes:
            node.size = measure.size(node.text, **_tree_props(node))
            depth = max(depth, node.depth)
            for k, (label, _child) in enumerate(node.children):
                edge_sizes[(id(node), k)] = measure.size(label, **_EDGE_LABEL_PROPS)
        rows: dict[int, list[_TreeNode]] = {}
        for node in nodes:
            rows.setdefault(node.depth, []).append(node)
        for row in rows.values():
            row.sort(key=lambda n: n.units)
            for a, b in zip(row, row[1:]):
                apart = b.units - a.units
                if apart > 1e-9:
                    leaf_w = max(leaf_w, ((a.size[0] + b.size[0]) / 2 + _GAP_X) / apart)
        # Edge labels sit at the middle of their edge: keep siblings' labels apart.
        for node in nodes:
            for k in range(len(node.children) - 1):
                (_, c1), (_, c2) = node.children[k], node.children[k + 1]
                apart = (c2.units - c1.units) / 2
                w = (edge_sizes[(id(node), k)][0] + edge_sizes[(id(node), k + 1)][0]) / 2 + _GAP_X
                leaf_w = max(leaf_w, w / apart)
    chance_row = 1.05  # the chance edges carry two-line labels
    panel_w = [
        max(n.units for n in nodes) * leaf_w + max(n.size[0] for n in nodes) + 2 * _PANEL_PAD
        for _, nodes in panels
    ]
    panel_h = chance_row + (depth - 1) * _TREE_ROW + 0.5 + 2 * _PANEL_PAD
    title_w, title_h = measure.size(title, fontsize=_TITLE_SIZE, fontweight="bold")
    legend = [
        ("box0", "opener's decision"),
        ("box1", "dealer's decision"),
        ("arc", "one information set of the opener"),
        ("leaf", "chips the opener wins (blue) or loses (red)"),
    ]
    legend_sizes = [measure.size(text, fontsize=_LEGEND_SIZE) for _, text in legend]
    width = max(max(panel_w), title_w, _MIN_WIDTH) + 2 * _MARGIN
    legend_rows = _legend_rows(legend_sizes, width - 2 * _MARGIN)
    legend_line_h = max(h for _, h in legend_sizes) + 0.16
    legend_h = legend_line_h * len(legend_rows)
    note = "Labels: the player's card : the betting so far (x check, b bet, r raise). Equal labels: one information set."
    note_w, note_h = measure.size(note, fontsize=_LEGEND_SIZE - 1)
    width = max(width, note_w + 2 * _MARGIN)
    height = (
        _MARGIN
        + title_h
        + 0.25
        + len(panels) * panel_h
        + (len(panels) - 1) * _PANEL_GAP
        + 0.25
        + legend_h
        + note_h
        + 0.1
        + _MARGIN
    )
    width, height = (math.ceil(v * 50 - 1e-6) / 50 for v in (width, height))
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    ax.text(
        width / 2,
        height - _MARGIN,
        title,
        ha="center",
        va="top",
        fontsize=_TITLE_SIZE,
        fontweight="bold",
        color=_INK,
        gid="title",
    )
    top = height - _MARGIN - title_h - 0.25
    for (chance, nodes), w in zip(panels, panel_w):
        x = (width - w) / 2
        ax.add_patch(
            FancyBboxPatch(
                (x, top - panel_h),
                w,
                panel_h,
                boxstyle="round,pad=0,rounding_size=0.18",
                facecolor=_PANEL_FACE,
                edgecolor=_PANEL_EDGE,
                linewidth=1.0,
                zorder=0,
            )
        )
        x0 = x + _PANEL_PAD + max(n.size[0] for n in nodes) / 2
        y_chance = top - _PANEL_PAD - chance.size[1] / 2
        for node in nodes:
            y = y_chance if node.depth == 0 else y_chance - chance_row - (node.depth - 1) * _TREE_ROW
            node.xy = (x0 + node.units * leaf_w, y)
        _draw_game_panel(ax, nodes, edge_sizes)
        top -= panel_h + _PANEL_GAP
    _draw_tree_legend(
        ax,
        legend,
        legend_sizes,
        legend_rows,
        width,
        _MARGIN + note_h + 0.1 + legend_h - legend_line_h / 2,
        legend_line_h,
    )
    ax.text(
        width / 2,
        _MARGIN + note_h / 2,
        note,
        ha="center",
        va="center",
        fontsize=_LEGEND_SIZE - 1,
        color="#333333",
        gid="note",
    )
    return fig


def _draw_game_panel(ax, nodes: list[_TreeNode], edge_sizes) -> None:
    for node in nodes:
        for label, child in node.children:
            (x1, y1), (x2, y2) = node.xy, child.xy
            colour = _CHANCE_COLOUR if node.kind == "chance" else _PLAYER_COLOURS[node.player]
            ax.add_line(Line2D([x1, x2], [y1, y2], color=colour, linewidth=1.3, zorder=1))
            if node.kind == "chance":
                gid = f"deal:{child.gid.split(':')[1]}"
            else:
                deal, history = child.gid.split(":")[1:3]
                gid = f"action:{deal}:{history}"
            t = 0.5 if node.kind == "chance" else _TREE_LABEL_AT
            ax.text(
                x1 + t * (x2 - x1),
                y1 + t * (y2 - y1),
                label,
                ha="center",
                va="center",
                zorder=3,
                multialignment="center",
                gid=gid,
                **_EDGE_LABEL_PROPS,
            )
    by_infoset: dict[str, list[_TreeNode]] = {}
    for node in nodes:
        if node.kind == "decision":
            by_infoset.setdefault(node.infoset, []).append(node)
            ax.text(
                *node.xy, node.text, ha="center", va="center", zorder=4, gid=node.gid, **_tree_props(node)
            )
        elif node.kind == "chance":
            ax.text(*node.xy, "", ha="center", va="center", zorder=4, gid=node.gid)
            ax.add_patch(
                matplotlib.patches.Circle(node.xy, 0.09, facecolor=_CHANCE_COLOUR, edgecolor="none", zorder=4)
            )
        else:
            ax.text(
                node.xy[0],
                node.xy[1],
                node.text,
                ha="center",
                va="top",
                zorder=4,
                gid=node.gid,
                **_tree_props(node),
            )
    # A dashed "bridge" joins neighbouring nodes of one information set of the
    # opener: up from the first node's box, across, down to the next.  In a row,
    # longer bridges cross higher, so two bridges never share their flat part.
    bridges = []
    for key, group in by_infoset.items():
        if len(group) < 2 or not key.startswith("0:"):
            continue
        group.sort(key=lambda n: n.units)
        bridges.extend((key, a, b) for a, b in zip(group, group[1:]))
    rows: dict[int, list] = {}
    for bridge in bridges:
        rows.setdefault(bridge[1].depth, []).append(bridge)
    for row in rows.values():
        row.sort(key=lambda t: t[2].xy[0] - t[1].xy[0])
        for rank, (key, a, b) in enumerate(row):
            y0 = a.xy[1] + a.size[1] / 2
            top = y0 + _BRIDGE_RISE * (rank + 1)
            (xa, _), (xb, _) = a.xy, b.xy
            s = min(0.25, (xb - xa) / 4)
            path = MplPath(
                [
                    (xa, y0),
                    (xa, top),
                    (xa, top),
                    (xa + s, top),
                    (xb - s, top),
                    (xb, top),
                    (xb, top),
                    (xb, y0),
                ],
                [MplPath.MOVETO, MplPath.CURVE4, MplPath.CURVE4, MplPath.CURVE4]
                + [MplPath.LINETO]
                + [MplPath.CURVE4, MplPath.CURVE4, MplPath.CURVE4],
            )
            ax.add_patch(
                PathPatch(
                    path,
                    facecolor="none",
                    edgecolor=_PLAYER_COLOURS[0],
                    linestyle=(0, (4, 3)),
                    linewidth=1.5,
                    zorder=2,
                    gid=f"infoset:{key[2:]}",
                )
            )


def _draw_tree_legend(ax, entries, sizes, rows, width, y_first, line_h) -> None:
    def sample(ax, kind, x, y):
        if kind.startswith("box"):
            p = int(kind[-1])
            ax.add_patch(
                FancyBboxPatch(
                    (x + 0.1, y - 0.1),
                    _SAMPLE_W - 0.2,
                    0.2,
                    boxstyle="round,pad=0,rounding_size=0.05",
                    facecolor=_PLAYER_TINTS[p],
                    edgecolor=_PLAYER_COLOURS[p],
                    linewidth=1.4,
                )
            )
        elif kind == "arc":
            ax.add_line(
                Line2D(
                    [x, x + _SAMPLE_W], [y, y], color=_PLAYER_COLOURS[0], linestyle=(0, (4, 3)), linewidth=1.6
                )
            )
        else:
            for dx, text, p in ((0.14, "+2", 0), (0.42, "−1", 1)):
                ax.text(
                    x + dx,
                    y,
                    text,
                    ha="center",
                    va="center",
                    fontsize=_TREE_LEAF_SIZE,
                    fontweight="bold",
                    color=_PLAYER_COLOURS[p],
                )

    _lay_out_legend(ax, entries, sizes, rows, width, y_first, line_h, sample)
