"""Figures: strategy trees, the game tree, a family's plans, values against the bet size, simulations.

* :func:`draw_strategy_tree` -- one player's strategy as his own decision tree (below);
* :func:`draw_game_tree` -- the extensive form, one panel per opener's card,
  with the opener's information sets joined by dashed bridges;
* :func:`draw_family_plans` -- plan probabilities along a one-parameter family (e.g. the thesis's α);
* :func:`draw_value_by_bet_size` -- exact game values against the bet size
  (the values are an input: figures never solve);
* :func:`draw_running_means` -- Monte Carlo runs of :mod:`derive.simulate`
  against the exact expected payoff.

:func:`draw_strategy_tree` draws, for one player, the decisions that player
makes with each card -- the opener's card is his first decision; the dealer
decides either after a check ("checked to") or facing a bet ("bet to") --
and labels every action with its *behaviour probability*: the probability of
the action given that the player's own play reaches the decision,

    P(a | I) = r(I, a) / r(parent sequence of I),

where the realization ``r(s)`` of a sequence is the sum of the probabilities
of the plans that extend it (Koller, Megiddo & von Stengel 1994).  The
probabilities are typeset from the exact sympy expressions (possibly in the
thesis's α), so a figure of an optimal *family* shows the whole family.  A
decision that the player's own play never reaches has no behaviour
probability; its actions are marked "—" (see the pitfall "unreached
information sets" in PITFALLS.md).

:func:`save_figure` writes PNG, PDF or SVG with fixed metadata, so that a
rerun writes byte-identical files.

Only matplotlib's object-oriented API is used (``Figure`` with an Agg
canvas); pyplot's global state is never touched.  Floats appear only here,
as positions and sizes in inches: every probability is an exact sympy
expression until it is turned into text.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import matplotlib
import matplotlib.patches
import numpy as np
import sympy as sp
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, PathPatch
from matplotlib.path import Path as MplPath

from derive.games.one_card import PLAYER_NAMES, Action
from derive.strategies import child_sequence, plans_extending, situations
from derive.tree import DecisionNode, ExtensiveFormGame, InformationSet, Sequence

__all__ = [
    "draw_family_plans",
    "draw_game_tree",
    "draw_running_means",
    "draw_strategy_tree",
    "draw_value_by_bet_size",
    "draw_value_curves",
    "save_figure",
]

# ---------------------------------------------------------------------------
# Style (sizes in points unless said otherwise; lengths in inches)
# ---------------------------------------------------------------------------

_PLAYER_COLOURS = ("#1f5fa8", "#b5441b")  # opener blue, dealer brick red
_PLAYER_TINTS = ("#dbe7f6", "#f8e1d5")
_PANEL_FACE = "#f5f5f3"
_PANEL_EDGE = "#d8d8d4"
_INK = "#1a1a1a"
_GREY = "#8a8a8a"
_LIGHT_GREY = "#b9b9b9"

_TITLE_SIZE = 17
_CARD_SIZE = 26
_NODE_SIZE = 12
_EDGE_SIZE = 13
_LEAF_SIZE = 11
_LEGEND_SIZE = 11

_CARD_W, _CARD_H = 0.62, 0.84  # the playing-card glyph heading each subtree
_NODE_PAD = 0.35  # box padding, in units of the font size
_LABEL_PAD = 0.15
_GAP_X = 0.16  # minimum horizontal gap between neighbouring texts
_GAP_Y = 0.14  # minimum vertical gap between a box and an edge label
_PANEL_PAD = 0.22
_PANEL_GAP = 0.3
_MARGIN = 0.3
_MIN_LEAF_W = 0.9
_MIN_WIDTH = 6.4  # room for the legend in at most two lines
_LABEL_AT = 0.7  # where an edge label sits in the gap between parent and child
_OVERLAP = 0.02  # the probability's background overlaps the action name's, hiding the edge between them

_WIDTH_PROB_ONE = 3.2
_WIDTH_PROB = 1.7
_WIDTH_ZERO = 1.3

#: rcParams fixed while drawing and saving, so a user's style cannot change the output.
_RC = {
    "font.family": "DejaVu Sans",
    "mathtext.fontset": "dejavusans",
    "text.usetex": False,
    "svg.fonttype": "path",
    "svg.hashsalt": "derive.figures",
    "pdf.fonttype": 42,
    "savefig.transparent": False,
}

_SUFFIXES = {".png": "png", ".pdf": "pdf", ".svg": "svg"}
_METADATA = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None, "ModDate": None},
    "svg": {"Date": None},
}
_PNG_DPI = 150


# ---------------------------------------------------------------------------
# Probabilities (exact) and their text
# ---------------------------------------------------------------------------


def _exact(value: object, where: str) -> sp.Expr:
    """An exact sympy expression for a plan probability (floats become decimals' Rationals)."""
    if isinstance(value, bool):
        raise ValueError(f"probability of plan {where} must be a number, got {value!r}")
    try:
        if isinstance(value, float):
            expr = sp.Rational(repr(value))
        elif isinstance(value, Fraction):
            expr = sp.Rational(value.numerator, value.denominator)
        else:
            expr = sp.sympify(value)
    except (TypeError, ValueError, SyntaxError, sp.SympifyError):
        raise ValueError(f"probability of plan {where} must be a number, got {value!r}") from None
    if not isinstance(expr, sp.Expr) or expr.has(sp.Float):
        raise ValueError(f"probability of plan {where} must be exact, got {value!r}")
    return expr


def _read_plans(
    game: ExtensiveFormGame, player: int, plans: Mapping[object, object]
) -> dict[Sequence, sp.Expr]:
    """Check that ``plans`` gives every plan of ``player`` (by Sequence or label) and nothing else."""
    known = game.plans(player)
    by_label = {p.label: p for p in known}
    out: dict[Sequence, sp.Expr] = {}
    unknown = []
    for key, value in plans.items():
        plan = by_label.get(key) if isinstance(key, str) else key
        if not isinstance(plan, Sequence) or plan not in known:
            unknown.append(getattr(key, "label", key))
            continue
        out[plan] = _exact(value, plan.label)
    if unknown:
        raise ValueError(
            f"not plans of the {PLAYER_NAMES[player]} in {game.rules.name}: {sorted(map(str, unknown))}"
        )
    missing = [p.label for p in known if p not in out]
    if missing:
        raise ValueError(f"no probability given for the {PLAYER_NAMES[player]}'s plans {missing}")
    for situation in situations(game, player):
        total = sp.Add(
            *(
                out[p]
                for a in situation.actions
                for p in plans_extending(game, child_sequence(game, situation, a))
            )
        )
        if sp.simplify(total - 1) != 0:
            raise ValueError(
                f"the {PLAYER_NAMES[player]}'s plan probabilities in situation {situation.label!r} "
                f"sum to {total}, not 1"
            )
    return out


def _realization(game: ExtensiveFormGame, plans: Mapping[Sequence, sp.Expr], seq: Sequence) -> sp.Expr:
    if seq.is_empty:
        return sp.S.One
    return sp.simplify(sp.Add(*(plans[p] for p in plans_extending(game, seq))))


def _tidy(expr: sp.Expr) -> sp.Expr:
    """The shortest-printing of a few equivalent forms (e.g. ``(α + 2)/3`` rather than ``α/3 + 2/3``).

    A form printed with a leading minus (``-(α - 1)/3``) is taken only if no other is available.
    """
    forms = [sp.simplify(expr), sp.together(expr), sp.expand(expr), sp.factor(expr)]
    return min(forms, key=lambda f: (sp.latex(f).startswith("-") and f != 0, len(sp.latex(f))))


_FRAC, _DFRAC = "\\frac{", "\\dfrac{"
_LEFT_RIGHT = re.compile(r"\\(?:left|right)(\\[{}|]|[()\[\]|.])")


def _mathtext(expr: sp.Expr) -> str:
    r"""``$...$`` for matplotlib's mathtext: sympy's LaTeX without ``\left(``/``\right)``.

    Fractions are set as ``\dfrac`` (full-size numerator and denominator, readable
    on a slide); mathtext's ``\frac`` shrinks them to about 70 %.
    """
    tex = _LEFT_RIGHT.sub(lambda m: "" if m.group(1) == "." else m.group(1), sp.latex(expr))
    return f"${tex.replace(_FRAC, _DFRAC)}$"


# ---------------------------------------------------------------------------
# The tree to draw
# ---------------------------------------------------------------------------


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


def _situation_name(info: InformationSet) -> str:
    """What the player faces at ``info``: "checked to", "bet to", "facing bet", "facing raise"."""
    if not info.history:
        return "first to act"
    last = info.history[-1]
    if last is Action.CHECK:
        return "checked to"
    if len(info.history) == 1:
        return "bet to"
    return "facing raise" if last is Action.RAISE else "facing bet"


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


# ---------------------------------------------------------------------------
# Text properties and measurement
# ---------------------------------------------------------------------------


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


class _Measurer:
    """Sizes of texts in inches, from an Agg renderer on a scratch figure."""

    def __init__(self) -> None:
        self._fig = Figure(figsize=(4, 4))
        self._canvas = FigureCanvasAgg(self._fig)
        self._renderer = self._canvas.get_renderer()

    def size(self, text: str, **props) -> tuple[float, float]:
        bbox = props.pop("bbox", None)
        artist = self._fig.text(0, 0, text, **props)
        ext = artist.get_window_extent(self._renderer)
        artist.remove()
        dpi = self._fig.dpi
        width, height = ext.width / dpi, ext.height / dpi
        if bbox is not None:
            pad = float(re.search(r"pad=([0-9.]+)", bbox["boxstyle"]).group(1))
            extra = 2 * pad * props.get("fontsize", 10) / 72
            width, height = width + extra, height + extra
        return width, height


# ---------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------


def draw_strategy_tree(
    game: ExtensiveFormGame,
    player: int,
    plans: Mapping[object, object],
    title: str | None = None,
    *,
    cards: Seq[str] | None = None,
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
        From :func:`derive.tree.build_tree`.
    player : int
        0 (opener) or 1 (dealer).
    plans : mapping
        Plan (a :class:`~derive.tree.Sequence` from ``game.plans(player)``, or
        its label such as ``"A:checkraise"``) -> probability: an exact number
        or a sympy expression, e.g. in α.  Every plan of the player must be
        given, and in each situation the probabilities must sum to 1; the
        ``plans`` of an :class:`~derive.family.OptimalFamily` qualify.
    title : str, optional
        Figure title; default "Opener's strategy, <game name>".
    cards : sequence of str, optional
        Draw only these cards' subtrees (e.g. ``["A"]`` for one slide), in
        deck order; default all cards.

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
    >>> from derive.tree import build_tree
    >>> from derive.family import optimal_families
    >>> from derive.strategies import KUHN_PARAMETERS
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
        return _render(panels, player, title)


def _render(panels: list[_Panel], player: int, title: str) -> Figure:
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
    # Whole pixels at 100 and 150 dpi: round the size up to a multiple of 1/50 inch.
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

    # Panels, centred as a block.
    x = (width - content_w) / 2
    panel_top = height - _MARGIN - title_h - 0.25
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


_SAMPLE_W = 0.55
_ENTRY_GAP = 0.45


def _legend_rows(sizes: list[tuple[float, float]], available: float) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0.0
    for k, (w, _) in enumerate(sizes):
        need = _SAMPLE_W + 0.1 + w + (_ENTRY_GAP if rows[-1] else 0.0)
        if rows[-1] and used + need > available:
            rows.append([])
            used = 0.0
            need = _SAMPLE_W + 0.1 + w
        rows[-1].append(k)
        used += need
    return rows


def _lay_out_legend(ax, entries, sizes, rows, width, y_first, line_h, draw_sample) -> None:
    """Centre each row of legend entries; ``draw_sample(ax, kind, x, y)`` draws an entry's sample."""
    for r, row in enumerate(rows):
        y = y_first - r * line_h
        total = sum(_SAMPLE_W + 0.1 + sizes[k][0] for k in row) + _ENTRY_GAP * (len(row) - 1)
        x = (width - total) / 2
        for k in row:
            kind = entries[k][0]
            draw_sample(ax, kind, x, y)
            ax.text(
                x + _SAMPLE_W + 0.1,
                y,
                entries[k][1],
                ha="left",
                va="center",
                fontsize=_LEGEND_SIZE,
                color="#333333",
                gid=f"legend:{kind}",
            )
            x += _SAMPLE_W + 0.1 + sizes[k][0] + _ENTRY_GAP


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


# ---------------------------------------------------------------------------
# The game tree: chance, both players' decisions, information sets, payoffs
# ---------------------------------------------------------------------------

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


def _deal_tree(game: ExtensiveFormGame, card: str) -> tuple[_TreeNode, list[_TreeNode]]:
    """The chance node for the deals where the opener holds ``card``, and all nodes below it."""
    nodes: list[_TreeNode] = []
    leaves = [0]
    chance = _TreeNode("chance", "chance", 0, gid=f"chance:{card}")
    nodes.append(chance)

    def grow(node, cards: tuple[str, str], depth: int) -> _TreeNode:
        if not isinstance(node, DecisionNode):
            label = f"{cards[0]}{cards[1]}:{''.join(a.letter for a in node.history)}"
            leaf = _TreeNode(
                "leaf",
                _signed(node.payoffs[0]),
                depth,
                player=0 if node.payoffs[0] > 0 else 1,
                units=leaves[0],
                gid=f"leaf:{label}",
            )
            leaves[0] += 1
            nodes.append(leaf)
            return leaf
        info = node.infoset
        item = _TreeNode(
            "decision",
            info.label,
            depth,
            player=info.player,
            gid=f"tree:{cards[0]}{cards[1]}:{''.join(a.letter for a in node.history)}",
            infoset=f"{info.player}:{info.label}",
        )
        nodes.append(item)
        for action, child in node.children:
            item.children.append((action.value, grow(child, cards, depth + 1)))
        kids = [c for _, c in item.children]
        item.units = (kids[0].units + kids[-1].units) / 2
        return item

    for cards, p, sub in game.root.children:
        if cards[0] != card:
            continue
        child = grow(sub, cards, 1)
        chance.children.append((f"dealer {cards[1]}\n{p}", child))
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
    game: ExtensiveFormGame,
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
    game : ExtensiveFormGame
        Numeric or symbolic payoffs.
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
    >>> from derive.tree import build_tree
    >>> fig = draw_game_tree(build_tree(one_raise_poker()), cards=["K"])
    >>> texts = {t.get_gid(): t.get_text() for t in fig.axes[0].texts}
    >>> texts["tree:KQ:xb"], texts["leaf:KQ:xbc"], texts["leaf:KA:xbc"]
    ('K:xb', '+2', '−2')
    """
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
    if title is None:
        title = f"Game tree, {game.rules.name}"
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


# ---------------------------------------------------------------------------
# Plots: a family's plan probabilities, values against the bet size, simulations
# ---------------------------------------------------------------------------

_PLOT_TITLE_SIZE = 15
_PLOT_LABEL_SIZE = 12
_PLOT_TICK_SIZE = 11
_PLOT_TEXT_SIZE = 11
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
_SERIES_STYLES = (
    dict(color="#1f5fa8", marker="o", linestyle="-", markersize=6),
    dict(color="#b5441b", marker="s", linestyle="--", markersize=8, markerfacecolor="none"),
    dict(color="#2a9d8f", marker="^", linestyle="-.", markersize=7),
    dict(color="#7b3fa0", marker="D", linestyle=":", markersize=6, markerfacecolor="none"),
    dict(color="#e09f3e", marker="v", linestyle="-", markersize=7),
)


def _style_axes(ax) -> None:
    ax.tick_params(labelsize=_PLOT_TICK_SIZE)
    ax.grid(True, color="#e3e3e0", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


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
    game: ExtensiveFormGame,
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
    game : ExtensiveFormGame
    family : derive.family.OptimalFamily
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
        Values for the family's other parameters (required if it has more than one).

    Returns
    -------
    matplotlib.figure.Figure
        Line labels carry the gid ``"plan:<plan label>"`` (e.g.
        ``"plan:A:checkraise"``), panel titles ``"panel:<situation>"``.

    Raises
    ------
    ValueError
        If the family has no parameter, ``parameter`` is not one of its
        parameters, other parameters are left free, or the fixed values
        leave the parameter no range.

    Examples
    --------
    >>> from derive.games.one_card import one_raise_poker
    >>> from derive.tree import build_tree
    >>> from derive.family import optimal_families
    >>> from derive.strategies import ONE_RAISE_PARAMETERS, thesis_excluded_plans
    >>> game = build_tree(one_raise_poker())
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
    fixed_values = {k: sp.Rational(v) if not isinstance(v, sp.Basic) else v for k, v in (fixed or {}).items()}
    free = [p for p in family.parameters if p != parameter and p not in fixed_values]
    if free:
        raise ValueError(f"fix the family's other parameters {free} (argument fixed)")
    plans = {p: sp.expand(v.subs(fixed_values)) for p, v in family.plans.items()}
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
        title = f"{PLAYER_NAMES[player].capitalize()}'s optimal plans, {game.rules.name}"
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
            name = situation.card if player == 0 else f"{situation.card}, {_situation_name(situation)}"
            ax.set_title(
                f"{PLAYER_NAMES[player]} holds {name}",
                fontsize=_PLOT_LABEL_SIZE,
                gid=f"panel:{situation.label}",
            )
            ax.set_xlim(float(lo), float(hi))
            ax.set_ylim(-0.03, 1.03)
            ax.set_xlabel(f"${sp.latex(parameter)}$", fontsize=_PLOT_LABEL_SIZE + 1)
            if k % ncol == 0:
                ax.set_ylabel("probability of the plan", fontsize=_PLOT_LABEL_SIZE)
            mine = [
                p
                for p in game.plans(player)
                if game.situation_of(p) == situation
                and any(plans[p].subs(parameter, x) != 0 for x in (lo, hi, (lo + hi) / 2))
            ]
            ends = [float(plans[p].subs(parameter, hi)) for p in mine]
            label_y = _spread(ends, 0.16, 0.0, 1.0)
            for j, (plan, y_label) in enumerate(zip(mine, label_y)):
                colour = _PLAN_COLOURS.get(plan.plan, _OTHER_COLOURS[j % len(_OTHER_COLOURS)])
                ys = [float(plans[plan].subs(parameter, x)) for x in xs]
                ax.plot([float(x) for x in xs], ys, color=colour, linewidth=2.6, solid_capstyle="round")
                expr = _tidy(plans[plan])
                ax.annotate(
                    f"{plan.plan}  {_mathtext(expr)}",
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


def draw_value_by_bet_size(
    series: Mapping[str, Mapping[object, object]],
    title: str | None = None,
    *,
    ante: object = 1,
    annotate: Seq[object] | None = None,
) -> Figure:
    """Plot exact game values against the bet size, one line per game.

    The values are an input (compute them with
    :func:`derive.sweep.values_by_bet_size`): this function solves
    nothing.  Markers are the exact values at the sample bet sizes; the
    lines between them only guide the eye.  Selected points are labelled
    with their exact fraction.

    Parameters
    ----------
    series : mapping
        Line label (e.g. ``"Kuhn poker (1 bet)"``) -> ``{bet size: value}``,
        exact numbers (Rationals, ints or strings such as ``"-1/18"``).
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
        If ``series`` is empty, a series is empty, or a value is not exact.

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

    The curves are an input (e.g. ``BetSizeAnalysis.value`` from
    :func:`derive.parametric.bet_size_analysis`); this function only
    evaluates them at plotting points.  Breakpoints are marked and labelled
    with their exact bet size.

    Parameters
    ----------
    curves : mapping
        Line label -> ``(v(b) as a sympy expression or Piecewise, breakpoints)``.
    symbol : sympy.Symbol
        The bet-size symbol ``b``.
    b_max : number
        Right end of the plotted range (from 0).
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
        Lines carry the gid ``"curve:<label>"``, breakpoint labels ``"break:<index>:<b>"``.

    Raises
    ------
    ValueError
        If ``curves`` is empty or a curve has another free symbol.
    """
    if not curves:
        raise ValueError("no curves to draw")
    top = float(_exact(b_max, "b_max"))
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
                bp = sp.sympify(bp)
                if 0 < bp <= sp.Rational(str(top)):
                    y = float(expr.subs(symbol, bp))
                    ax.plot([float(bp)], [y], "o", color=style.get("color", _INK), markersize=6, zorder=10)
                    ax.annotate(
                        f"$b = {sp.latex(bp)}$",
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
                    f"{sp.latex(lo)} < b \\leq {sp.latex(hi)}"
                    if hi is not None
                    else f"b \\geq {sp.latex(lo)}"
                )
                formula = (
                    sp.latex(piece).replace("\\left", "").replace("\\right", "").replace("\\frac", "\\dfrac")
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
    95 % band ``m_k ± 1.96 s_k / sqrt(k)`` (see :mod:`derive.simulate`),
    and the exact expected payoff as a dashed horizontal line labelled with
    its fraction.  The panel's note gives the final mean and half-width.

    Parameters
    ----------
    runs : sequence of (str, derive.simulate.Simulation, exact value)
        Panel title, the simulation, and the exact expected payoff to the
        opener (e.g. from :func:`derive.payoff.expected_payoff`).
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


# ---------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------


def save_figure(fig: Figure, path: str | os.PathLike[str]) -> Path:
    """Write a figure as PNG (150 dpi), PDF or SVG, byte-identical on a rerun.

    The format is taken from the suffix.  Dates, producer strings and random
    ids that matplotlib would otherwise write are fixed: PNG without the
    ``Software`` text chunk, PDF without ``Creator``, ``Producer`` and dates,
    SVG without ``Date`` and with a fixed ``svg.hashsalt``.  Parent
    directories are created.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        E.g. from :func:`draw_strategy_tree`.
    path : str or path-like
        Ends in ``.png``, ``.pdf`` or ``.svg`` (any case).

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    ValueError
        If the suffix is not one of ``.png``, ``.pdf``, ``.svg``; the message
        names it.

    Examples
    --------
    >>> import tempfile
    >>> fig = Figure(figsize=(1, 1))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     a = save_figure(fig, Path(d) / "a" / "f.svg").read_bytes()
    ...     b = save_figure(fig, Path(d) / "b" / "f.svg").read_bytes()
    >>> a == b
    True
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in _SUFFIXES:
        raise ValueError(
            f"cannot save a figure as {path.suffix or 'a file without suffix'!r} ({path.name}); "
            f"use one of {', '.join(_SUFFIXES)}"
        )
    fmt = _SUFFIXES[suffix]
    path.parent.mkdir(parents=True, exist_ok=True)
    with matplotlib.rc_context(_RC):
        fig.savefig(
            path,
            format=fmt,
            dpi=_PNG_DPI if fmt == "png" else 72,
            metadata=dict(_METADATA[fmt]),
            facecolor="white",
            edgecolor="none",
        )
    return path
