"""One player's strategy as his own decision tree, one panel per situation: :func:`draw_strategy_tree`.

The strategy is read into one form (:mod:`derive.figures.plans`: a general game's behaviour
strategy or plan probabilities, or one-card poker's plans over its ``.game``); the tree's items and
edges (:class:`_Item`, :class:`_Edge`, one :class:`_Panel` per situation, or per card in one-card
poker) are built from the game's sequences, measured, laid out row by row and drawn with
matplotlib's object-oriented API; every edge is labelled with its exact behaviour probability.  The
legend explains the edge styles.  :func:`strategy_tree_size` counts a player's panels and leaves
before drawing, against :data:`MAX_STRATEGY_TREE_LEAVES`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch

from derive.extensive_form.game import Game, InformationSet
from derive.figures.labels import _mathtext
from derive.figures.legend import _SAMPLE_W, _lay_out_legend, _legend_rows
from derive.figures.measure import _Measurer
from derive.figures.plans import _general_input, _one_card_input, _Strategy
from derive.figures.plans import _Panel as _PanelSpec
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
from derive.games.one_card.words import is_one_card
from derive.sequence_form.general import game_sequence_form

__all__ = ["MAX_STRATEGY_TREE_LEAVES", "draw_strategy_tree", "strategy_tree_size"]

#: Most leaves (own last actions) of one player's strategy tree drawn on one page; past it the
#: labels would be too small to read (a page of 17 cm holds about a dozen leaves a row).
MAX_STRATEGY_TREE_LEAVES = 48


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

_HEAD_SIZE = 15  # a general game's panel heading (the situation's name)
_HEAD_PAD = (0.14, 0.1)  # its box's padding around the text, inches
_FORK_R = 0.05  # radius of the dot where several own decisions follow one action, inches

# Players past the second (one-card poker has two: style.py's colours), as in the game-tree figure.
_MORE_COLOURS = ("#2e7d32", "#6a1b9a", "#9c6b00", "#00838f")
_MORE_TINTS = ("#dcefdc", "#ecdff3", "#f5ead2", "#d6eff1")


def _colour(player: int) -> str:
    if player < len(_PLAYER_COLOURS):
        return _PLAYER_COLOURS[player]
    return _MORE_COLOURS[(player - len(_PLAYER_COLOURS)) % len(_MORE_COLOURS)]


def _tint(player: int) -> str:
    if player < len(_PLAYER_TINTS):
        return _PLAYER_TINTS[player]
    return _MORE_TINTS[(player - len(_PLAYER_TINTS)) % len(_MORE_TINTS)]


@dataclass
class _Item:
    """Something drawn at a position: a node, a leaf or an edge label."""

    kind: str  # "card", "head", "decision", "fork", "leaf", "label"
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
    card: str  # the heading
    items: list[_Item] = field(default_factory=list)
    edges: list[_Edge] = field(default_factory=list)
    leaves: int = 0
    origin: tuple[float, float] = (0.0, 0.0)  # lower-left corner, inches
    extent: tuple[float, float] = (0.0, 0.0)  # min, max of x relative to the panel's unit origin


def _build_panel(strategy: _Strategy, spec: _PanelSpec) -> _Panel:
    panel = _Panel(spec.heading)
    sf, player, heading = strategy.sequence_form, strategy.player, spec.heading

    def leaf(key: tuple[str, str], name: str, depth: int) -> _Item:
        item = _Item("leaf", name, depth, units=panel.leaves, reached=strategy.reach[key] != 0)
        item.gid = f"plan:{spec.key}:{name}"
        panel.leaves += 1
        panel.items.append(item)
        return item

    def decision(info: InformationSet, depth: int, as_head: bool, path: str) -> _Item:
        reached = strategy.parent_reach(info) != 0
        kind = strategy.head_kind if as_head else "decision"
        text = heading if as_head else strategy.node_text(info)
        node = _Item(kind, text, depth, reached=reached, gid=f"node:{info.label}")
        panel.items.append(node)
        children = []
        for j, action in enumerate(info.actions):
            key = (info.label, action)
            follow = sf.children(player, sf.index[player][(info.index, j)])
            if not follow:
                child = leaf(key, path + action, depth + 1)
            elif len(follow) == 1:
                child = decision(sf.game.infosets[follow[0]], depth + 1, False, path + action)
            else:  # several own decisions after one action, whichever the others' moves lead to
                child = _Item(
                    "fork", "", depth + 1, reached=strategy.reach[key] != 0, gid=f"fork:{info.label}:{action}"
                )
                panel.items.append(child)
                after = [decision(sf.game.infosets[k], depth + 2, False, path + action) for k in follow]
                for sub in after:
                    panel.edges.append(_Edge(child, sub, "link", None))
                child.units = (after[0].units + after[-1].units) / 2
            prob = strategy.edges[key]
            if prob is None:
                style, text = "unreached", "—"
            else:
                style = "zero" if prob == 0 else "one" if prob == 1 else "mixed"
                if not reached:
                    style = "unreached"
                text = _mathtext(prob)
            label = _Item("label", action, depth, sub=text, reached=style not in ("zero", "unreached"))
            label.gid = f"edge:{info.label}:{action}"
            panel.items.append(label)
            panel.edges.append(_Edge(node, child, style, label))
            children.append(child)
        node.units = (children[0].units + children[-1].units) / 2
        return node

    roots = spec.situations
    if len(roots) == 1:
        decision(roots[0], 0, as_head=True, path="")
    else:
        head = _Item(strategy.head_kind, heading, 0, gid=f"card:{heading}")
        panel.items.append(head)
        subs = [decision(r, 1, as_head=False, path="") for r in roots]
        for sub in subs:
            panel.edges.append(_Edge(head, sub, "link", None))
        head.units = (subs[0].units + subs[-1].units) / 2
    return panel


def strategy_tree_size(game: Game, player: int) -> tuple[int, int]:
    """``(panels, leaves)`` of ``player``'s strategy tree in ``game``: his situations, and his
    sequences no own move follows (the tree's leaves), counted without drawing.

    Raises
    ------
    ImperfectRecallError
        If the game lacks perfect recall.
    """
    sf = game_sequence_form(game)
    panels = sum(1 for i in game.infosets_of(player) if sf.parent[i.index] == 0)
    leaves = sum(1 for k in range(1, sf.shape[player]) if not sf.children(player, k))
    return panels, leaves


def _text_props(item: _Item, player: int) -> dict:
    if item.kind == "card":
        return dict(fontsize=_CARD_SIZE, fontweight="bold", color=_INK if item.reached else _GREY)
    if item.kind == "head":
        return dict(fontsize=_HEAD_SIZE, fontweight="bold", color=_INK if item.reached else _GREY)
    if item.kind == "decision":
        return dict(
            fontsize=_NODE_SIZE,
            color=_INK if item.reached else _GREY,
            linespacing=1.25,
            bbox=dict(
                boxstyle=f"round,pad={_NODE_PAD}",
                facecolor=_tint(player) if item.reached else "#eeeeee",
                edgecolor=_colour(player) if item.reached else _LIGHT_GREY,
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
    game: Game,
    player: int,
    strategy: Mapping[object, object],
    title: str | None = None,
    *,
    cards: Seq[str] | None = None,
    situations: Seq[str] | None = None,
    bare: bool = False,
    max_width: float | None = None,
) -> Figure:
    r"""Draw a player's strategy as his own decision tree, one panel per situation.

    A *situation* is an information set of the player with no own move before it
    (:mod:`derive.sequence_form.plans`).  Each panel is headed by its situation's name (the
    information set's label, or ``game.metadata["situation_names"]``'s wording); below it the
    player's own information sets, each reached by his own actions, the moves of the others and of
    chance in between collapsed.  Where several own information sets follow one action (which one
    depends on the others' moves) the edge ends in a small dot joined to each.  Leaves show the own
    actions on the way there, joined as plans are named (``"checkraise"``).

    One-card poker's ``Game`` (:func:`derive.games.one_card.to_extensive_form`, its metadata keeping
    the rules) given plan probabilities, or ``cards``, is drawn as the thesis draws it: one panel per
    card, headed by a playing card; the opener's first decision is the card itself, the dealer's first
    decisions are "checked to" and "bet to"; a node's name says what the opponent did ("facing bet":
    the opponent bet after the player's check).  It is read into the same form as a general game's
    strategy (:func:`derive.figures.plans._one_card_input`).

    Every edge is labelled with the action and its behaviour probability: the one given, or from plan
    probabilities ``P(a | I) = r(I, a) / r(parent sequence of I)``, where the realization ``r(s)`` of
    a sequence is the sum of the probabilities of the plans containing it (Koller, Megiddo & von
    Stengel 1994), simplified and typeset exactly from sympy.  Where the player's own play never
    reaches ``I`` (``r`` identically 0) the edges are drawn grey and dotted: from plan probabilities
    there is no behaviour probability and they are labelled "—"; a behaviour strategy's own
    probability there is printed, grey.  Edges of probability 0 are light grey and dashed, edges of
    probability 1 thick.

    Parameters
    ----------
    game : Game
        A game with perfect recall (any number of players); one-card poker's from
        :func:`derive.games.one_card.to_extensive_form`.
    player : int
        The player, 0-based (one-card poker: 0 opener, 1 dealer).
    strategy : mapping
        For a ``Game``: a behaviour strategy ``{information-set label: {action: probability}}`` (every
        information set of the player; the format of ``derive solve --json``'s ``strategies`` and of
        :meth:`~derive.sequence_form.general.GameSequenceForm.behaviour`), or plan probabilities
        ``{plan label: probability}`` of :func:`~derive.sequence_form.plans.game_plan_form`'s plans
        (two players; a missing plan has probability 0).  For one-card poker's plans (drawn card by
        card): plan (a :class:`~derive.sequence_form.plans.Plan` or its label such as
        ``"A:checkraise"``) -> probability; every plan of the player must be given; the ``plans`` of
        an :class:`~derive.solving.families.optimal_families.OptimalFamily` qualify.  Values are
        exact numbers or sympy expressions, e.g. in α.
    title : str, optional
        Figure title; default "<Player>'s strategy, <game title>".
    cards : sequence of str, optional
        One-card poker only: draw only these cards' panels (e.g. ``["A"]`` for one slide), in deck
        order; default all cards.
    situations : sequence of str, optional
        A general game only: draw only the panels of these situations (labels), in their order;
        default all.
    bare : bool, optional
        Draw the panels alone: no title, no legend and no minimum width, for a figure whose caption
        names the card and says what the edge styles mean (the LaTeX document's subfigures).
    max_width : float, optional
        Inches: set the panels in rows no wider than this (a panel wider still has a row of its
        own); default one row.

    Returns
    -------
    matplotlib.figure.Figure
        With an Agg canvas; its width grows with the number of leaves.  The
        probability texts carry the gid ``"edge:<information set>:<action>"``
        (e.g. ``"edge:Q:x:bet"``; mathtext such as ``"$\dfrac{1}{3}$"``, or
        ``"—"``), the action names above them ``"action:..."``, the edges
        (lines) ``"line:..."``, nodes ``"node:<information set>"`` (a panel's heading too when it is
        its situation), a heading over several situations ``"card:<heading>"`` and leaves
        ``"plan:<panel>:<own actions>"`` (``<panel>`` the card, or the situation's label).

    Raises
    ------
    ValueError
        If ``player`` is no player of the game, a plan or information set is missing or unknown, a
        probability is not exact, a situation's (or information set's) probabilities do not sum to
        1, or a card or situation is not the game's.
    ImperfectRecallError
        If the game lacks perfect recall.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import KUHN_PARAMETERS, to_extensive_form
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> game = to_extensive_form(kuhn_poker())
    >>> dealer = optimal_families(game, KUHN_PARAMETERS).families[1]
    >>> fig = draw_strategy_tree(game, 1, dealer.plans)
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "edge:Q:x:bet"]
    ['$\\dfrac{1}{3}$']
    >>> from derive.games.registry import load_game
    >>> myerson = load_game("myerson")
    >>> fig = draw_strategy_tree(myerson, 0, {"Red": {"Raise": 1, "Fold": 0}, "Black": {"Raise": "1/3", "Fold": "2/3"}})
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "edge:Black:Raise"]
    ['$\\dfrac{1}{3}$']
    """
    behaviour = any(isinstance(v, Mapping) for v in strategy.values())
    if is_one_card(game) and (cards is not None or (situations is None and not behaviour)):
        if situations is not None:
            raise ValueError("one-card poker's panels are chosen by cards, not situations")
        read = _one_card_input(game, player, strategy, cards)
    else:
        if cards is not None:
            raise ValueError("cards choose one-card poker's panels; choose a game's by situations")
        read = _general_input(game, player, strategy, situations)
    with matplotlib.rc_context(_RC):
        panels = [_build_panel(read, spec) for spec in read.panels]
        return _render(
            panels, player, read.title if title is None else title, bare, read.unreached_text, max_width
        )


def _render(
    panels: list[_Panel],
    player: int,
    title: str,
    bare: bool = False,
    unreached: str = "— not reached by own play",
    max_width: float | None = None,
) -> Figure:
    measure = _Measurer()
    for panel in panels:
        for item in panel.items:
            if item.kind == "card":
                item.size = (_CARD_W, _CARD_H)
            elif item.kind == "head":
                w, h = measure.size(item.text, **_text_props(item, player))
                item.size = (w + 2 * _HEAD_PAD[0], h + 2 * _HEAD_PAD[1])
            elif item.kind == "fork":
                item.size = (2 * _FORK_R, 2 * _FORK_R)
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

    # Figure size: the panels in one row, or in rows no wider than max_width.
    top_y = row_y[0] + node_h[0] / 2
    bottom_y = row_y[depth] - node_h[depth] / 2
    panel_h = top_y - bottom_y + 2 * _PANEL_PAD
    rows_of_panels: list[list[_Panel]] = [[]]
    for panel in panels:
        row = rows_of_panels[-1]
        if max_width is not None and row and _row_width(row + [panel]) > max_width:
            rows_of_panels.append([panel])
        else:
            row.append(panel)
    content_w = max(_row_width(row) for row in rows_of_panels)
    panels_h = panel_h * len(rows_of_panels) + _PANEL_GAP * (len(rows_of_panels) - 1)
    title_w, title_h = measure.size(title, fontsize=_TITLE_SIZE, fontweight="bold")
    legend = _legend_entries(unreached)
    legend_sizes = [measure.size(text, fontsize=_LEGEND_SIZE) for _, text in legend]
    width = max(content_w, title_w, _MIN_WIDTH) + 2 * _MARGIN
    legend_rows = _legend_rows(legend_sizes, width - 2 * _MARGIN)
    legend_line_h = max(h for _, h in legend_sizes) + 0.12
    legend_h = legend_line_h * len(legend_rows)
    height = _MARGIN + title_h + 0.25 + panels_h + 0.25 + legend_h + _MARGIN
    margin = _MARGIN
    if bare:  # the panels alone, a hair of margin: the caption of the figure they go into says the rest
        margin = 0.04
        width, height, title_h = content_w + 2 * margin, panels_h + 2 * margin, -0.25
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

    # Panels, each row centred as a block.
    panel_top = height - margin - title_h - 0.25
    for row in rows_of_panels:
        _place_row(ax, row, (width - _row_width(row)) / 2, panel_top, panel_h, top_y, leaf_w, player)
        panel_top -= panel_h + _PANEL_GAP

    if not bare:
        _draw_legend(
            ax,
            legend,
            legend_sizes,
            legend_rows,
            width,
            _MARGIN + legend_h - legend_line_h / 2,
            legend_line_h,
            _colour(player),
        )
    return fig


def _row_width(row: list[_Panel]) -> float:
    """Inches taken by a row of panels and the gaps between them."""
    return sum(p.extent[1] - p.extent[0] + 2 * _PANEL_PAD for p in row) + _PANEL_GAP * (len(row) - 1)


def _place_row(
    ax,
    row: list[_Panel],
    x: float,
    panel_top: float,
    panel_h: float,
    top_y: float,
    leaf_w: float,
    player: int,
) -> None:
    """Draw a row of panels from ``x`` (inches) rightwards, their tops at ``panel_top``."""
    for panel in row:
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


def _draw_panel(ax, panel: _Panel, player: int) -> None:
    colour = _colour(player)
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
        if item.kind in ("card", "head"):  # a card glyph or a situation's box: a framed label
            cx, cy = item.xy
            w, h = (_CARD_W, _CARD_H) if item.kind == "card" else item.size
            ax.add_patch(
                FancyBboxPatch(
                    (cx - w / 2, cy - h / 2),
                    w,
                    h,
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
        elif item.kind == "fork":
            ax.add_patch(
                Circle(
                    item.xy,
                    _FORK_R,
                    facecolor=colour if item.reached else _GREY,
                    edgecolor="none",
                    zorder=4,
                    gid=item.gid,
                )
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


def _legend_entries(unreached: str = "— not reached by own play") -> list[tuple[str, str]]:
    return [
        ("one", "probability 1"),
        ("mixed", "0 < probability < 1"),
        ("zero", "probability 0"),
        ("unreached", unreached),
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
