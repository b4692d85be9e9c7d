"""One player's strategy as his own decision tree, one subtree per card: :func:`draw_strategy_tree`.

The tree's items and edges (:class:`_Item`, :class:`_Edge`, one
:class:`_Panel` per card) are built from the game, measured, laid out row by
row and drawn with matplotlib's object-oriented API; every edge is labelled
with its exact behaviour probability.  The legend explains the edge styles.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field

import matplotlib
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch

from derive.figures.labels import _mathtext, _situation_name, _tidy
from derive.figures.legend import _SAMPLE_W, _lay_out_legend, _legend_rows
from derive.figures.measure import _Measurer
from derive.figures.plans import _read_plans, _realization
from derive.figures.style import (
    _GAP_X,
    _GREY,
    _INK,
    _LABEL_PAD,
    _LEGEND_SIZE,
    _LIGHT_GREY,
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
from derive.games.one_card import PLAYER_NAMES, Action
from derive.games.one_card_tree import ExtensiveFormGame, InformationSet, Sequence
from derive.sequence_form.strategies import child_sequence, situations

__all__ = ["draw_strategy_tree"]


# Style of the strategy tree (sizes in points; lengths in inches)
_CARD_SIZE = 26
_NODE_SIZE = 12
_EDGE_SIZE = 13
_LEAF_SIZE = 11

_CARD_W, _CARD_H = 0.62, 0.84  # the playing-card glyph heading each subtree
_GAP_Y = 0.14  # minimum vertical gap between a box and an edge label
_MIN_LEAF_W = 0.9
_LABEL_AT = 0.7  # where an edge label sits in the gap between parent and child
_OVERLAP = 0.02  # the probability's background overlaps the action name's, hiding the edge between them

_WIDTH_PROB_ONE = 3.2
_WIDTH_PROB = 1.7
_WIDTH_ZERO = 1.3


@dataclass
class _Item:
    """Something drawn at a position: a node, a leaf or an edge label."""

    kind: str  # "card", "decision", "leaf", "label"
    text: str
    depth: int
    sub: str = ""  # for a label: the probability, drawn under the action name
    units: float = 0.0  # horizontal position within the panel, in leaf widths
    size: tuple[float, float] = (0.0, 0.0)  # width, height in inches
    parts: tuple[float, float] = (0.0, 0.0)  # for a label: heights of the action and probability texts
    y: float = 0.0  # vertical position relative to the first row, inches
    reached: bool = True
    gid: str | None = None
    xy: tuple[float, float] = (0.0, 0.0)


@dataclass
class _Edge:
    parent: _Item
    child: _Item
    style: str  # "one", "mixed", "zero", "unreached", "link"
    label: _Item | None


@dataclass
class _Panel:
    card: str
    items: list[_Item] = field(default_factory=list)
    edges: list[_Edge] = field(default_factory=list)
    leaves: int = 0
    origin: tuple[float, float] = (0.0, 0.0)  # lower-left corner, inches
    extent: tuple[float, float] = (0.0, 0.0)  # min, max of x relative to the panel's unit origin


def _build_panel(game, player, plans, card, behaviour) -> _Panel:
    panel = _Panel(card)
    roots = [s for s in situations(game, player) if s.card == card]

    def leaf(seq: Sequence, depth: int) -> _Item:
        item = _Item("leaf", seq.plan, depth, units=panel.leaves, reached=_realization(game, plans, seq) != 0)
        item.gid = f"plan:{seq.label}"
        panel.leaves += 1
        panel.items.append(item)
        return item

    def decision(info: InformationSet, depth: int, as_card: bool) -> _Item:
        reached = _realization(game, plans, game.parent_sequence[info]) != 0
        text = card if as_card else f"{_situation_name(info)}\n({info.label})"
        node = _Item(
            "card" if as_card else "decision", text, depth, reached=reached, gid=f"node:{info.label}"
        )
        panel.items.append(node)
        children = []
        for action in info.actions:
            seq = child_sequence(game, info, action)
            follow = game.children_of.get(seq, ())
            if not follow:
                child = leaf(seq, depth + 1)
            elif len(follow) == 1:
                child = decision(follow[0], depth + 1, as_card=False)
            else:  # not in one-card poker: several own decisions after one action
                raise ValueError(f"sequence {seq.label} is followed by several decisions; cannot draw it")
            prob = behaviour[(info, action)]
            if prob is None:
                style, text = "unreached", "—"
            else:
                style = "zero" if prob == 0 else "one" if prob == 1 else "mixed"
                text = _mathtext(prob)
            label = _Item("label", action.value, depth, sub=text, reached=style not in ("zero", "unreached"))
            label.gid = f"edge:{info.label}:{action.value}"
            panel.items.append(label)
            panel.edges.append(_Edge(node, child, style, label))
            children.append(child)
        node.units = (children[0].units + children[-1].units) / 2
        return node

    if len(roots) == 1 and not roots[0].history:
        decision(roots[0], 0, as_card=True)
    else:
        head = _Item("card", card, 0, gid=f"card:{card}")
        panel.items.append(head)
        subs = [decision(r, 1, as_card=False) for r in roots]
        for sub in subs:
            panel.edges.append(_Edge(head, sub, "link", None))
        head.units = (subs[0].units + subs[-1].units) / 2
    return panel


def _text_props(item: _Item, player: int) -> dict:
    if item.kind == "card":
        return dict(fontsize=_CARD_SIZE, fontweight="bold", color=_INK if item.reached else _GREY)
    if item.kind == "decision":
        return dict(
            fontsize=_NODE_SIZE,
            color=_INK if item.reached else _GREY,
            linespacing=1.25,
            bbox=dict(
                boxstyle=f"round,pad={_NODE_PAD}",
                facecolor=_PLAYER_TINTS[player] if item.reached else "#eeeeee",
                edgecolor=_PLAYER_COLOURS[player] if item.reached else _LIGHT_GREY,
                linewidth=1.4,
            ),
        )
    if item.kind == "leaf":
        return dict(
            fontsize=_LEAF_SIZE,
            fontstyle="italic",
            color="#444444" if item.reached else _GREY,
            bbox=dict(boxstyle=f"square,pad={_LABEL_PAD}", facecolor=_PANEL_FACE, edgecolor="none"),
        )
    return dict(
        fontsize=_EDGE_SIZE,
        color=_INK if item.reached else _GREY,
        bbox=dict(boxstyle=f"square,pad={_LABEL_PAD}", facecolor=_PANEL_FACE, edgecolor="none"),
    )


def draw_strategy_tree(
    game: ExtensiveFormGame,
    player: int,
    plans: Mapping[object, object],
    title: str | None = None,
    *,
    cards: Seq[str] | None = None,
    bare: bool = False,
) -> Figure:
    r"""Draw a player's strategy as his own decision tree, one subtree per card.

    Each subtree is headed by a playing card.  Its nodes are the player's
    information sets; the opener's first decision is the card itself, the
    dealer's first decisions are "checked to" and "bet to".  An edge is an
    action; between two of the player's decisions the opponent's move is
    implied by the next node's name ("facing bet": the opponent bet after
    the player's check).  Leaves show the plan (the thesis's "complete
    strategy", e.g. *checkraise*) that ends there.

    Every edge is labelled with the action and its behaviour probability
    ``P(a | I) = r(I, a) / r(parent sequence of I)``, where the realization
    ``r(s)`` of a sequence is the sum of the probabilities of the plans
    extending it (Koller, Megiddo & von Stengel 1994), simplified and typeset
    exactly from sympy.  Where the player's own play never reaches ``I``
    (``r`` identically 0) there is no behaviour probability: the edges are
    labelled "—" and drawn grey and dashed.  Edges of probability 0 are light
    grey and dashed, edges of probability 1 thick.

    Parameters
    ----------
    game : ExtensiveFormGame
        From :func:`derive.games.one_card_tree.build_tree`.
    player : int
        0 (opener) or 1 (dealer).
    plans : mapping
        Plan (a :class:`~derive.games.one_card_tree.Sequence` from ``game.plans(player)``, or
        its label such as ``"A:checkraise"``) -> probability: an exact number
        or a sympy expression, e.g. in α.  Every plan of the player must be
        given, and in each situation the probabilities must sum to 1; the
        ``plans`` of an :class:`~derive.solving.families.optimal_families.OptimalFamily` qualify.
    title : str, optional
        Figure title; default "Opener's strategy, <game name>".
    cards : sequence of str, optional
        Draw only these cards' subtrees (e.g. ``["A"]`` for one slide), in
        deck order; default all cards.
    bare : bool, optional
        Draw the panels alone: no title, no legend and no minimum width, for a figure whose caption
        names the card and says what the edge styles mean (the LaTeX document's subfigures).

    Returns
    -------
    matplotlib.figure.Figure
        With an Agg canvas; its width grows with the number of leaves.  The
        probability texts carry the gid ``"edge:<information set>:<action>"``
        (e.g. ``"edge:Q:x:bet"``; mathtext such as ``"$\dfrac{1}{3}$"``, or
        ``"—"``), the action names above them ``"action:..."``, the edges
        (lines) ``"line:..."``, nodes
        ``"node:<information set>"``, cards ``"card:<card>"`` and leaves
        ``"plan:<plan label>"``.

    Raises
    ------
    ValueError
        If ``player`` is not 0 or 1, a plan is missing or unknown, a
        probability is not exact, a situation's probabilities do not sum to
        1, or a card is not in the deck.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> from derive.games.one_card import KUHN_PARAMETERS
    >>> game = build_tree(kuhn_poker())
    >>> dealer = optimal_families(game, KUHN_PARAMETERS).families[1]
    >>> fig = draw_strategy_tree(game, 1, dealer.plans)
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "edge:Q:x:bet"]
    ['$\\dfrac{1}{3}$']
    """
    if player not in (0, 1) or isinstance(player, bool):
        raise ValueError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    deck = game.rules.deck
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
    exact = _read_plans(game, player, plans)

    behaviour: dict[tuple[InformationSet, Action], sp.Expr | None] = {}
    for info in game.infosets[player]:
        denominator = _realization(game, exact, game.parent_sequence[info])
        for action in info.actions:
            if denominator == 0:
                behaviour[(info, action)] = None
            else:
                numerator = _realization(game, exact, child_sequence(game, info, action))
                behaviour[(info, action)] = _tidy(numerator / denominator)

    if title is None:
        title = f"{PLAYER_NAMES[player].capitalize()}'s strategy, {game.rules.name}"

    with matplotlib.rc_context(_RC):
        panels = [_build_panel(game, player, exact, c, behaviour) for c in chosen]
        return _render(panels, player, title, bare)


def _render(panels: list[_Panel], player: int, title: str, bare: bool = False) -> Figure:
    measure = _Measurer()
    for panel in panels:
        for item in panel.items:
            if item.kind == "card":
                item.size = (_CARD_W, _CARD_H)
            elif item.kind == "label":
                props = _text_props(item, player)
                wa, ha = measure.size(item.text, **props)
                wp, hp = measure.size(item.sub, **props)
                item.parts = (ha, hp)
                item.size = (max(wa, wp), ha + hp)
            else:
                item.size = measure.size(item.text, **_text_props(item, player))

    # Vertical layout: row d holds the nodes of depth d; edge labels sit halfway
    # between row d and row d + 1 (so every label is at the same fraction t_d of its edge).
    depth = max(i.depth for p in panels for i in p.items if i.kind != "label")
    node_h = [0.0] * (depth + 1)
    label_h = [0.0] * (depth + 1)
    for panel in panels:
        for item in panel.items:
            rows = label_h if item.kind == "label" else node_h
            rows[item.depth] = max(rows[item.depth], item.size[1])
    # A label sits at the fraction _LABEL_AT of the free gap between the boxes,
    # nearer the child, where sibling edges are further apart.
    row_y = [0.0]
    for d in range(depth):
        if label_h[d]:
            gap = (label_h[d] / 2 + _GAP_Y) / min(_LABEL_AT, 1 - _LABEL_AT)
        else:
            gap = 2 * _GAP_Y + 0.15
        row_y.append(row_y[-1] - (node_h[d] / 2 + gap + node_h[d + 1] / 2))
    label_y = [
        row_y[d]
        - node_h[d] / 2
        - _LABEL_AT * ((row_y[d] - node_h[d] / 2) - (row_y[d + 1] + node_h[d + 1] / 2))
        for d in range(depth)
    ]
    # Labels of a row are top-aligned (the action names on one line) and sit on
    # their edge: at the fraction t of the way from the parent to the child.
    for panel in panels:
        for item in panel.items:
            if item.kind != "label":
                item.y = row_y[item.depth]
        for edge in panel.edges:
            if edge.label is not None:
                label, d = edge.label, edge.label.depth
                label.y = label_y[d] + label_h[d] / 2 - label.size[1] / 2
                t = (row_y[d] - label.y) / (row_y[d] - row_y[d + 1])
                label.units = edge.parent.units + t * (edge.child.units - edge.parent.units)

    # Horizontal layout: one leaf width for the whole figure, the smallest that
    # keeps neighbouring texts of a row apart.
    leaf_w = _MIN_LEAF_W
    for panel in panels:
        rows: dict[tuple[str, int], list[_Item]] = {}
        for item in panel.items:
            rows.setdefault((item.kind == "label", item.depth), []).append(item)
        for row in rows.values():
            row.sort(key=lambda i: i.units)
            for a, b in zip(row, row[1:]):
                apart = b.units - a.units
                if apart > 1e-9:
                    leaf_w = max(leaf_w, ((a.size[0] + b.size[0]) / 2 + _GAP_X) / apart)
        for item in panel.items:
            if item.kind == "leaf":
                leaf_w = max(leaf_w, item.size[0] + _GAP_X)
    for panel in panels:
        lo = min(i.units * leaf_w - i.size[0] / 2 for i in panel.items)
        hi = max(i.units * leaf_w + i.size[0] / 2 for i in panel.items)
        panel.extent = (lo, hi)

    # Figure size.
    top_y = row_y[0] + node_h[0] / 2
    bottom_y = row_y[depth] - node_h[depth] / 2
    panel_h = top_y - bottom_y + 2 * _PANEL_PAD
    content_w = sum(p.extent[1] - p.extent[0] + 2 * _PANEL_PAD for p in panels) + _PANEL_GAP * (
        len(panels) - 1
    )
    title_w, title_h = measure.size(title, fontsize=_TITLE_SIZE, fontweight="bold")
    legend = _legend_entries()
    legend_sizes = [measure.size(text, fontsize=_LEGEND_SIZE) for _, text in legend]
    width = max(content_w, title_w, _MIN_WIDTH) + 2 * _MARGIN
    legend_rows = _legend_rows(legend_sizes, width - 2 * _MARGIN)
    legend_line_h = max(h for _, h in legend_sizes) + 0.12
    legend_h = legend_line_h * len(legend_rows)
    height = _MARGIN + title_h + 0.25 + panel_h + 0.25 + legend_h + _MARGIN
    margin = _MARGIN
    if bare:  # the panels alone, a hair of margin: the caption of the figure they go into says the rest
        margin = 0.04
        width, height, title_h = content_w + 2 * margin, panel_h + 2 * margin, -0.25
    # Whole pixels at 100 and 150 dpi: round the size up to a multiple of 1/50 inch.
    width, height = (math.ceil(v * 50 - 1e-6) / 50 for v in (width, height))

    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()

    if not bare:
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

    # Panels, centred as a block.
    x = (width - content_w) / 2
    panel_top = height - margin - title_h - 0.25
    for panel in panels:
        w = panel.extent[1] - panel.extent[0] + 2 * _PANEL_PAD
        ax.add_patch(
            FancyBboxPatch(
                (x, panel_top - panel_h),
                w,
                panel_h,
                boxstyle="round,pad=0,rounding_size=0.18",
                facecolor=_PANEL_FACE,
                edgecolor=_PANEL_EDGE,
                linewidth=1.0,
                zorder=0,
            )
        )
        x0 = x + _PANEL_PAD - panel.extent[0]  # x of units = 0
        y0 = panel_top - _PANEL_PAD - top_y  # y of the first row's centre is y0
        for item in panel.items:
            item.xy = (x0 + item.units * leaf_w, y0 + item.y)
        _draw_panel(ax, panel, player)
        x += w + _PANEL_GAP

    if not bare:
        _draw_legend(
            ax,
            legend,
            legend_sizes,
            legend_rows,
            width,
            _MARGIN + legend_h - legend_line_h / 2,
            legend_line_h,
            _PLAYER_COLOURS[player],
        )
    return fig


def _draw_panel(ax, panel: _Panel, player: int) -> None:
    colour = _PLAYER_COLOURS[player]
    for edge in panel.edges:
        (x1, y1), (x2, y2) = edge.parent.xy, edge.child.xy
        style = _EDGE_STYLES[edge.style]
        gid = None if edge.label is None else edge.label.gid.replace("edge:", "line:", 1)
        ax.add_line(
            Line2D(
                [x1, x2],
                [y1, y2],
                zorder=1,
                solid_capstyle="round",
                gid=gid,
                **{**style, "color": colour if style["color"] is None else style["color"]},
            )
        )
        if edge.label is not None:
            # The action name above its probability, as two texts: a multi-line
            # text would not make room for a tall \dfrac.
            label = edge.label
            (x, y), (ha, hp) = label.xy, label.parts
            top = y + label.size[1] / 2
            props = _text_props(label, player)
            ax.text(
                x,
                top - ha / 2,
                label.text,
                ha="center",
                va="center",
                zorder=3,
                gid=label.gid.replace("edge:", "action:", 1),
                **props,
            )
            ax.text(
                x,
                top - ha - hp / 2 + _OVERLAP,
                label.sub,
                ha="center",
                va="center",
                zorder=3,
                gid=label.gid,
                **props,
            )
    for item in panel.items:
        if item.kind == "card":
            cx, cy = item.xy
            ax.add_patch(
                FancyBboxPatch(
                    (cx - _CARD_W / 2, cy - _CARD_H / 2),
                    _CARD_W,
                    _CARD_H,
                    boxstyle="round,pad=0,rounding_size=0.08",
                    facecolor="white",
                    edgecolor=colour if item.reached else _LIGHT_GREY,
                    linewidth=2.0,
                    zorder=4,
                )
            )
            ax.text(
                cx,
                cy,
                item.text,
                ha="center",
                va="center",
                zorder=5,
                gid=item.gid,
                **_text_props(item, player),
            )
        elif item.kind in ("decision", "leaf"):
            ax.text(
                *item.xy,
                item.text,
                ha="center",
                va="center",
                zorder=4,
                gid=item.gid,
                multialignment="center",
                **_text_props(item, player),
            )


_EDGE_STYLES = {
    "one": dict(linewidth=_WIDTH_PROB_ONE, linestyle="-", color=None),
    "mixed": dict(linewidth=_WIDTH_PROB, linestyle="-", color=None),
    "zero": dict(linewidth=_WIDTH_ZERO, linestyle=(0, (4, 3)), color=_LIGHT_GREY),
    "unreached": dict(linewidth=_WIDTH_ZERO, linestyle=(0, (1.5, 2.5)), color=_GREY),
    "link": dict(linewidth=1.2, linestyle="-", color=_GREY),
}


def _legend_entries() -> list[tuple[str, str]]:
    return [
        ("one", "probability 1"),
        ("mixed", "0 < probability < 1"),
        ("zero", "probability 0"),
        ("unreached", "— not reached by own play"),
    ]


def _draw_legend(ax, entries, sizes, rows, width, y_first, line_h, colour) -> None:
    def sample(ax, kind, x, y):
        style = _EDGE_STYLES[kind]
        ax.add_line(
            Line2D(
                [x, x + _SAMPLE_W],
                [y, y],
                **{**style, "color": colour if style["color"] is None else style["color"]},
            )
        )

    _lay_out_legend(ax, entries, sizes, rows, width, y_first, line_h, sample)
