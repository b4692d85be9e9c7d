r"""Game trees as TikZ, for lecture notes and papers typeset with pdflatex.

:func:`tikz_game_tree` writes a ``tikzpicture`` of any
:class:`~derive.extensive_form.Game`, laid out like
:func:`~derive.figures.extensive_tree.draw_extensive_form`: chance nodes as
diamonds with their exact probabilities on the edges, decision nodes as discs
in the mover's colour labelled with their information set, the nodes of an
information set joined by a dashed line, and each leaf's payoff vector below
it.  Given a behaviour profile (an equilibrium), every action carries its
probability and the played ones are drawn bold: the strategy tree.  Labels
are escaped and numbers and symbols typeset exactly (``\frac{1}{3}``,
``B + P``), so the fragment compiles in any document that loads TikZ
(``\usepackage{tikz}``, no TikZ library); :func:`tikz_document` wraps it in a standalone
document.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy as sp

from derive.extensive_form.game import Game
from derive.figures.extensive_tree import tree_layout
from derive.figures.labels import _exact
from derive.presentation.latex import escape_text, to_latex

__all__ = ["tikz_document", "tikz_game_tree"]

_COLOURS = ("1F5FA8", "B5441B", "2E7D32", "6A1B9A", "9C6B00", "00838F")


def _math(value: object) -> str:
    return f"${to_latex(sp.sympify(value))}$"


def tikz_game_tree(
    game: Game,
    profile: Mapping[int, Mapping[str, Mapping[str, object]]] | None = None,
    *,
    leaf_spacing: float | None = None,
    level_spacing: float = 1.7,
) -> str:
    r"""The game tree of ``game`` as a ``tikzpicture`` (see the module docstring).

    Parameters
    ----------
    game : Game
    profile : mapping, optional
        ``player -> information-set label -> {action: probability}``: label the actions with
        their probabilities and draw the played ones bold.  Probabilities are exact (a float
        only when it is exactly a short decimal such as 0.5, else ValueError).
    leaf_spacing, level_spacing : float
        Centimetres between neighbouring leaves (by default 1.3, less for trees with more than
        18 leaves, so that the picture is at most 24 cm wide) and between levels.

    Returns
    -------
    str
        ``\begin{tikzpicture} ... \end{tikzpicture}`` (needs ``\usepackage{tikz}``).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> text = tikz_game_tree(matching_pennies())
    >>> text.splitlines()[0], text.count("\\draw[dashed")
    ('\\begin{tikzpicture}[x=1.3cm, y=1.7cm]', 1)
    """
    x, depth = tree_layout(game)
    if leaf_spacing is None:
        leaf_spacing = round(min(1.3, 24 / max(len(game.terminals), 1)), 2)
    lines = [f"\\begin{{tikzpicture}}[x={leaf_spacing}cm, y={level_spacing}cm]"]
    for p, _ in enumerate(game.players):
        lines.append(f"\\definecolor{{player{p}}}{{HTML}}{{{_COLOURS[p % len(_COLOURS)]}}}")
    lines.append(
        "\\tikzset{chance/.style={draw, rotate=45, fill=gray!25, inner sep=2.5pt},"
        " leaf/.style={fill=black, inner sep=1.5pt},"
        " edge label/.style={fill=white, inner sep=1pt, font=\\scriptsize, align=center, text=black}}"
    )
    for p in range(game.num_players):
        lines.append(f"\\tikzset{{move{p}/.style={{circle, fill=player{p}, inner sep=2.5pt}}}}")

    def at(n: int) -> str:
        return f"({x[n]:.2f}, {-depth[n]})"

    for n in game.nodes:
        name = f"n{n.index}"
        if n.is_chance:
            lines.append(f"\\node[chance] ({name}) at {at(n.index)} {{}};")
        elif n.is_terminal:
            payoff = " \\\\ ".join(_math(v) for v in game.payoffs[n.index])
            lines.append(f"\\node[leaf] ({name}) at {at(n.index)} {{}};")
            lines.append(
                f"\\node[anchor=north, yshift=-2pt, font=\\scriptsize, align=center] at ({name}.south) "
                f"{{{payoff}}};"
            )
        else:
            info = game.infosets[n.infoset]
            lines.append(f"\\node[move{n.player}] ({name}) at {at(n.index)} {{}};")
            lines.append(
                f"\\node[anchor=east, xshift=-2pt, font=\\scriptsize, text=player{n.player}] "
                f"at ({name}.west) {{{escape_text(info.label)}}};"
            )
    for n in game.nodes:
        for k, c in enumerate(n.children):
            label = escape_text(n.actions[k])
            style = "gray"
            if n.is_chance:
                label += f"\\\\{_math(n.probabilities[k])}"
            elif profile is not None and n.player in profile:
                info = game.infosets[n.infoset]
                prob = _exact(
                    profile[n.player][info.label].get(n.actions[k], 0),
                    f"probability of {n.actions[k]!r} at {info.label!r}",
                )
                label += f"\\\\{_math(prob)}"
                style = f"player{n.player}, very thick" if prob != 0 else "gray!60, dashed"
            lines.append(f"\\draw[{style}] (n{n.index}) -- node[edge label] {{{label}}} (n{c});")
    for info in game.infosets:
        members = sorted(info.nodes, key=lambda m: x[m])
        for a, b in zip(members, members[1:]):
            bend = "bend left=20" if depth[a] == depth[b] else ""
            lines.append(f"\\draw[dashed, player{info.player}, thick] (n{a}) to[{bend}] (n{b});")
    legend = ", ".join(
        f"\\textcolor{{player{p}}}{{$\\bullet$ {escape_text(name)}}}" for p, name in enumerate(game.players)
    )
    lines.append(
        f"\\node[anchor=north west, font=\\small] at ({min(x.values()) - 0.5:.2f}, "
        f"{-max(depth.values()) - 0.9:.2f}) {{{legend}}};"
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
