r"""Game trees as TikZ, for lecture notes and papers typeset with pdflatex.

:func:`tikz_game_tree` writes a ``tikzpicture`` of any
:class:`~derive.extensive_form.Game`, laid out like
:func:`~derive.figures.extensive_tree.draw_extensive_form`: chance nodes as
diamonds with their exact probabilities on the edges, decision nodes as discs
in the mover's colour labelled with their information set, the nodes of an
information set joined by a dashed line, and each leaf's payoff vector beside
it.  Given a behaviour profile (an equilibrium), every action carries its
probability and the played ones are drawn bold: the strategy tree.  Labels
are escaped and numbers and symbols typeset exactly (``\frac{1}{3}``,
``B + P``), so the fragment compiles in any document that loads TikZ
(``\usepackage{tikz}``, no TikZ library); :func:`tikz_document` wraps it in a standalone
document.

The picture fits a given width (by default an article's text width, :data:`TEXT_WIDTH_CM`): the
layout is scaled, never the font.  :func:`tikz_layout` places every label as a box in centimetres
and finds the smallest spacing at which no two boxes overlap; a tree too wide to read top-down is
drawn left to right (its leaves down the page), and one that fits neither way is refused with a
one-line suggestion to draw a part of it (:func:`derive.figures.subtree.subtree_game`).
Information-set lines are drawn first, so the labels (on white) lie over them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.figures.extensive_tree import tree_layout
from derive.figures.labels import _exact
from derive.notation.latex import escape_text, to_latex
from derive.notation.text import to_text

__all__ = [
    "MAX_TIKZ_LEAVES",
    "TEXT_WIDTH_CM",
    "LabelBox",
    "TikzLayout",
    "TikzLayoutError",
    "tikz_document",
    "tikz_game_tree",
    "tikz_layout",
]

_COLOURS = ("1F5FA8", "B5441B", "2E7D32", "6A1B9A", "9C6B00", "00838F")


def _math(value: object) -> str:
    return f"${to_latex(sp.sympify(value))}$"


#: An article's text width at 10 pt (345 pt), the default width of a picture, in centimetres.
TEXT_WIDTH_CM = 12.1
#: The tallest picture drawn left to right (an article's text height is about 18.5 cm).
MAX_HEIGHT_CM = 18.0
#: Trees with more leaves are refused before any layout (no page shows them legibly).
MAX_TIKZ_LEAVES = 60

_EM = 7 / 72.27 * 2.54  # \scriptsize is 7 pt: one em in centimetres
_LINE = 8.5 / 72.27 * 2.54  # its line height
_GAP = 0.06  # the least gap between two labels, in centimetres
_T = 0.6  # an edge's label sits this far from the parent towards the child


class TikzLayoutError(NotSupportedError):
    """The tree cannot be drawn legibly at the width asked for (the message says what would fit)."""


@dataclass(frozen=True)
class LabelBox:
    """One label of the picture and the box it takes, in centimetres (``x0 < x1``, ``y0 < y1``)."""

    kind: str  # "node", "edge", "payoff"
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: LabelBox) -> bool:
        """Whether the two boxes share an inner point."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


@dataclass(frozen=True)
class TikzLayout:
    r"""Where :func:`tikz_game_tree` puts the nodes and labels.

    Attributes
    ----------
    orientation : str
        ``"down"`` (the root at the top) or ``"right"`` (the root at the left, leaves down the page).
    leaf_spacing, level_spacing : float
        Centimetres between neighbouring leaves and between levels.
    label_at : (float, float)
        How far along its edge, from the parent, an action's label sits: on an edge to a decision or
        chance node, and on an edge to a leaf (0.55 to 0.8).
    positions : dict
        ``node -> (x, y)`` in centimetres.
    labels : tuple of LabelBox
        Every label's box, as its text is estimated to set in ``\scriptsize``.
    width, height : float
        The picture's extent in centimetres, labels included.
    """

    orientation: str
    leaf_spacing: float
    level_spacing: float
    label_at: tuple[float, float]
    positions: dict[int, tuple[float, float]]
    labels: tuple[LabelBox, ...]
    width: float
    height: float


def _math(value: object) -> str:
    return f"${to_latex(sp.sympify(value))}$"


def _text_width(text: str) -> float:
    r"""An upper estimate of ``text``'s width in ``\scriptsize``, in centimetres: 0.55 em a character
    (0.75 em a capital or a wide sign); a fraction ``a/b`` set stacked takes its longer part."""
    text = re.sub(r"(\d+)/(\d+)", lambda m: "0" * max(len(m[1]), len(m[2])), text)
    return sum((0.75 if c.isupper() or c in "MWmw@%&" else 0.55) * _EM for c in text) + 0.08


@dataclass
class _Label:
    kind: str
    text: str  # plain, for the size
    latex: str
    lines: int
    u: float  # along the leaf axis, in leaf units
    v: float  # along the level axis, in levels
    du: float  # offset of the box's centre along the leaf axis, in cm
    dv: float  # offset along the level axis, in cm
    half_u: float = 0.0
    half_v: float = 0.0
    player: int | None = None  # a node label's mover, for its colour
    prob: object = None  # an edge label's probability, when it has one


def _labels(
    game: Game,
    profile,
    x: dict[int, float],
    depth: dict[int, int],
    orientation: str,
    at: tuple[float, float] = (_T, _T),
) -> list[_Label]:
    down = orientation == "down"
    out: list[_Label] = []

    def add(kind, text, latex, lines, u, v, du, dv, width=None):
        w = _text_width(text) if width is None else width
        h = lines * _LINE + 0.04
        label = _Label(kind, text, latex, lines, u, v, du, dv)
        label.half_u, label.half_v = (w / 2, h / 2) if down else (h / 2, w / 2)
        out.append(label)

    for n in game.nodes:
        u, v = x[n.index], depth[n.index]
        if n.is_terminal:
            values = game.payoffs[n.index]
            if down:  # below the leaf, one payoff a line
                widths = max(_text_width(to_text(val)) for val in values)
                add(
                    "payoff",
                    " ".join(to_text(val) for val in values),
                    " \\\\ ".join(_math(val) for val in values),
                    len(values),
                    u,
                    v,
                    0.0,
                    0.12 + (len(values) * _LINE + 0.04) / 2,
                    widths,
                )
            else:  # to its right, as a vector
                text = "(" + ", ".join(to_text(val) for val in values) + ")"
                latex = "(" + ", ".join(_math(val) for val in values) + ")"
                w = _text_width(text)
                add("payoff", text, latex, 1, u, v, 0.0, 0.12 + w / 2, w)
        elif not n.is_chance:
            label = game.infosets[n.infoset].label
            w = _text_width(label)
            if down:  # west of the node
                add("node", label, escape_text(label), 1, u, v, -(0.16 + w / 2), 0.0, w)
            else:  # above the node, starting at it: clear of the label of the edge coming in
                add("node", label, escape_text(label), 1, u, v, -(0.12 + _LINE / 2), 0.02 + w / 2, w)
            out[-1].player = n.player
        for k, c in enumerate(n.children):
            action = n.actions[k]
            prob = None
            if n.is_chance:
                prob = n.probabilities[k]
            elif profile is not None and n.player in profile:
                info = game.infosets[n.infoset]
                prob = _exact(
                    profile[n.player][info.label].get(action, 0),
                    f"probability of {action!r} at {info.label!r}",
                )
            t = at[1] if game.nodes[c].is_terminal else at[0]  # a leaf has no label where its edge ends
            uu = u + t * (x[c] - u)
            vv = v + t * (depth[c] - v)
            if prob is None:
                add("edge", action, escape_text(action), 1, uu, vv, 0.0, 0.0)
            elif down:  # the action above its probability
                w = max(_text_width(action), _text_width(to_text(prob)))
                add(
                    "edge",
                    f"{action} {to_text(prob)}",
                    f"{escape_text(action)}\\\\{_math(prob)}",
                    2,
                    uu,
                    vv,
                    0.0,
                    0.0,
                    w,
                )
            else:
                text = f"{action} {to_text(prob)}"
                add("edge", text, f"{escape_text(action)} {_math(prob)}", 1, uu, vv, 0.0, 0.0)
            out[-1].prob = prob
    return out


def _least_spacing(labels: list[_Label], level: float) -> float | None:
    """The least leaf spacing (cm) at which no two labels overlap, the levels ``level`` cm apart; None
    when two labels overlap at any spacing (at one leaf position, or a level too tight)."""
    need = 0.0
    spans = [(lab.v * level + lab.dv - lab.half_v, lab.v * level + lab.dv + lab.half_v) for lab in labels]
    order = sorted(range(len(labels)), key=lambda i: spans[i][0])
    for a_pos, i in enumerate(order):
        for j in order[a_pos + 1 :]:
            if spans[j][0] >= spans[i][1]:
                break
            a, b = labels[i], labels[j]
            if a.u > b.u or (a.u == b.u and a.du > b.du):
                a, b = b, a
            gap = (a.du + a.half_u + _GAP) - (b.du - b.half_u)  # cm that b's box must move right
            if gap <= 0:
                continue
            if b.u - a.u < 1e-9:
                return None
            need = max(need, gap / (b.u - a.u))
    return need


def _extent(labels: list[_Label], x: dict[int, float], depth: dict[int, int], s: float, level: float):
    """``(min_u, max_u, min_v, max_v)`` in cm of the nodes and label boxes."""
    us = [x[n] * s for n in x] + [lab.u * s + lab.du - lab.half_u for lab in labels]
    us += [lab.u * s + lab.du + lab.half_u for lab in labels]
    vs = [depth[n] * level for n in depth] + [lab.v * level + lab.dv - lab.half_v for lab in labels]
    vs += [lab.v * level + lab.dv + lab.half_v for lab in labels]
    return min(us) - 0.1, max(us) + 0.1, min(vs) - 0.1, max(vs) + 0.1


def tikz_layout(game: Game, profile=None, *, width: float | None = None, fill: bool = False) -> TikzLayout:
    """Place the tree and its labels within ``width`` centimetres, no two labels overlapping.

    The tree is drawn top-down when its labels fit the width so; else left to right (its leaves
    down the page, at most :data:`MAX_HEIGHT_CM` tall).  The spacing is the least at which no two
    label boxes overlap, widened up to 1.3 cm a leaf (or to fill ``width`` with ``fill``).

    Parameters
    ----------
    game : Game
    profile : mapping, optional
        As :func:`tikz_game_tree` takes it (the actions' probabilities are labels too).
    width : float, optional
        Centimetres (default :data:`TEXT_WIDTH_CM`).
    fill : bool
        Spread the tree over the whole ``width`` (``derive draw --width``).

    Returns
    -------
    TikzLayout

    Raises
    ------
    TikzLayoutError
        When the tree has more than :data:`MAX_TIKZ_LEAVES` leaves, or its labels overlap at this width
        both ways (one line, with the width it would need).
    ValueError
        If ``width`` is not a positive number, or a probability of ``profile`` is not exact.
    """
    width = TEXT_WIDTH_CM if width is None else width
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not width > 0:
        raise ValueError(f"the width must be a positive number of centimetres, got {width!r}")
    leaves = len(game.terminals)
    if leaves > MAX_TIKZ_LEAVES:
        raise TikzLayoutError(
            f"{game.title or 'the tree'} has {leaves:,} leaves, more than the {MAX_TIKZ_LEAVES} a TikZ picture "
            "shows legibly: draw one part with --subtree (a card or an information-set label)"
        )
    x, depth = tree_layout(game)
    span = max(x.values()) - min(x.values())
    levels = max(depth.values())
    needs = []
    # top-down: levels 1.5 cm apart; the leaves spread to the width
    best_down = None
    for at in ((_T, _T), (_T, 0.75), (0.55, 0.8)):
        labels = _labels(game, profile, x, depth, "down", at)
        least = _least_spacing(labels, 1.5)
        if least is None:
            continue
        lo, hi, _, _ = _extent(labels, x, depth, least, 1.5)
        over = (hi - lo) - span * least  # what the labels add beyond the leaves
        if best_down is None or span * least + over < best_down[0]:
            best_down = (span * least + over, least, over, at, labels)
    if best_down is not None:
        need, least, over, at, labels = best_down
        needs.append(need)
        fit = (width - over) / span if span else 1.3
        if fit >= least:
            s = fit if fill else max(least, min(fit, 1.3))
            return _layout("down", labels, x, depth, s, 1.5, at)
    # left to right: the levels spread to the width; the leaves as close as their labels allow (the
    # edges' labels nearer the children, where siblings are further apart, if that is shorter)
    best = None
    for at in ((_T, _T), (_T, 0.8), (0.7, 0.8), (0.75, 0.8)):
        labels = _labels(game, profile, x, depth, "right", at)
        for level in (3.4 - 0.1 * k for k in range(22)):
            least = _least_spacing(labels, level)
            if least is None:
                continue
            s = max(least, 0.45)
            _, _, vlo, vhi = _extent(labels, x, depth, s, level)
            if vhi - vlo > width:
                continue
            if fill and levels:
                level = level + (width - (vhi - vlo)) / levels
            layout = _layout("right", labels, x, depth, s, level, at)
            if best is None or layout.height < best.height:
                best = layout
    if best is not None and best.height <= MAX_HEIGHT_CM:
        return best
    if best is not None:
        needs.append(best.height)
    need = f" (top-down it needs {min(needs):.1f} cm)" if needs else ""
    raise TikzLayoutError(
        f"{game.title or 'the tree'} does not fit {width:g} cm without overlapping labels{need}: draw one part "
        "with --subtree (a card or an information-set label), or give a larger --width"
    )


def _layout(orientation, labels, x, depth, s, level, at) -> TikzLayout:
    down = orientation == "down"

    def place(u: float, v: float) -> tuple[float, float]:
        return (u * s, -v) if down else (v, -u * s)

    positions = {n: place(x[n], depth[n] * level) for n in x}
    boxes = []
    for lab in labels:
        cu, cv = lab.u * s + lab.du, lab.v * level + lab.dv
        (cx, cy) = place(cu / s if s else 0.0, cv)
        hx, hy = (lab.half_u, lab.half_v) if down else (lab.half_v, lab.half_u)
        boxes.append(LabelBox(lab.kind, lab.text, cx - hx, cy - hy, cx + hx, cy + hy))
    xs = [p[0] for p in positions.values()] + [b.x0 for b in boxes] + [b.x1 for b in boxes]
    ys = [p[1] for p in positions.values()] + [b.y0 for b in boxes] + [b.y1 for b in boxes]
    return TikzLayout(
        orientation, s, level, at, positions, tuple(boxes), max(xs) - min(xs) + 0.2, max(ys) - min(ys) + 0.2
    )


def tikz_game_tree(
    game: Game,
    profile: Mapping[int, Mapping[str, Mapping[str, object]]] | None = None,
    *,
    width: float | None = None,
    fill: bool = False,
) -> str:
    r"""The game tree of ``game`` as a ``tikzpicture`` (see the module docstring).

    Parameters
    ----------
    game : Game
    profile : mapping, optional
        ``player -> information-set label -> {action: probability}``: label the actions with
        their probabilities and draw the played ones bold.  Probabilities are exact (a float
        only when it is exactly a short decimal such as 0.5, else ValueError).
    width : float, optional
        The widest the picture may be, in centimetres (default :data:`TEXT_WIDTH_CM`, an article's
        text width): the layout is scaled to it, the font never.
    fill : bool
        Spread the tree over the whole ``width`` rather than at most 1.3 cm a leaf.

    Returns
    -------
    str
        ``\begin{tikzpicture} ... \end{tikzpicture}`` (needs ``\usepackage{tikz}``).

    Raises
    ------
    TikzLayoutError
        See :func:`tikz_layout`.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> text = tikz_game_tree(matching_pennies())
    >>> text.splitlines()[1], text.count("\\draw[dashed")
    ('\\begin{tikzpicture}[x=1cm, y=1cm]', 1)
    """
    layout = tikz_layout(game, profile, width=width, fill=fill)
    down = layout.orientation == "down"
    x, depth = tree_layout(game)
    labels = _labels(game, profile, x, depth, layout.orientation, layout.label_at)
    # \noindent: a picture as wide as the text must not start after a paragraph's indent
    lines = ["\\noindent", "\\begin{tikzpicture}[x=1cm, y=1cm]"]
    for p, _ in enumerate(game.players):
        lines.append(f"\\definecolor{{player{p}}}{{HTML}}{{{_COLOURS[p % len(_COLOURS)]}}}")
    lines.append(
        "\\tikzset{chance/.style={draw, rotate=45, fill=gray!25, inner sep=2.5pt},"
        " leaf/.style={fill=black, inner sep=1.5pt},"
        " edge label/.style={fill=white, inner sep=1pt, font=\\scriptsize, align=center, text=black}}"
    )
    for p in range(game.num_players):
        lines.append(f"\\tikzset{{move{p}/.style={{circle, fill=player{p}, inner sep=2.5pt}}}}")

    def at(xy: tuple[float, float]) -> str:
        return f"({xy[0]:.2f}, {xy[1]:.2f})"

    pos = layout.positions
    for n in game.nodes:
        style = "chance" if n.is_chance else "leaf" if n.is_terminal else f"move{n.player}"
        lines.append(f"\\node[{style}] (n{n.index}) at {at(pos[n.index])} {{}};")
    # information sets first: the labels lie over their lines
    for info in game.infosets:
        members = sorted(info.nodes, key=lambda m: x[m])
        for a, b in zip(members, members[1:]):
            bend = ("bend left=20" if down else "bend right=20") if depth[a] == depth[b] else ""
            lines.append(f"\\draw[dashed, player{info.player}, thick] (n{a}) to[{bend}] (n{b});")
    edge_labels = iter(lab for lab in labels if lab.kind == "edge")
    texts = []
    for n in game.nodes:
        for c in n.children:
            lab = next(edge_labels)
            prob = lab.prob
            style = "gray"
            if prob is not None and not n.is_chance:
                style = f"player{n.player}, very thick" if prob != 0 else "gray!60, dashed"
            lines.append(f"\\draw[{style}] (n{n.index}) -- (n{c});")
    for lab, box in zip(labels, layout.labels, strict=True):
        centre = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
        if lab.kind == "edge":
            texts.append(f"\\node[edge label] at {at(centre)} {{{lab.latex}}};")
        elif lab.kind == "payoff":
            texts.append(
                f"\\node[font=\\scriptsize, align=center, inner sep=1pt] at {at(centre)} {{{lab.latex}}};"
            )
        else:
            texts.append(
                f"\\node[font=\\scriptsize, text=player{lab.player}, fill=white, inner sep=1pt] "
                f"at {at(centre)} {{{lab.latex}}};"
            )
    lines += texts
    legend = ", ".join(
        f"\\textcolor{{player{p}}}{{$\\bullet$ {escape_text(name)}}}" for p, name in enumerate(game.players)
    )
    left = min(b.x0 for b in layout.labels) if layout.labels else 0.0
    bottom = min([b.y0 for b in layout.labels] + [xy[1] for xy in pos.values()])
    lines.append(
        f"\\node[anchor=north west, font=\\small] at ({left:.2f}, {bottom - 0.15:.2f}) {{{legend}}};"
    )
    lines.append("\\end{tikzpicture}")
    return "\n".join(lines) + "\n"


def tikz_document(body: str, title: str = "") -> str:
    """A minimal standalone LaTeX document around a TikZ fragment (compiles with pdflatex)."""
    head = f"\\section*{{{escape_text(title)}}}\n" if title else ""
    return (
        "\\documentclass{article}\n\\usepackage[landscape,margin=1.5cm]{geometry}\n"
        "\\usepackage{amsmath,amssymb,tikz}\n"
        "\\pagestyle{empty}\n\\begin{document}\n"
        + head
        + "\\begin{center}\n"
        + body
        + "\\end{center}\n\\end{document}\n"
    )
