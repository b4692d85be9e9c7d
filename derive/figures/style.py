"""The shared look of every figure: colours, font sizes, lengths, and the rcParams fixed while drawing.

Sizes are in points unless said otherwise; lengths in inches.  Constants used
by one kind of figure only live with it (:mod:`derive.figures.strategy_tree`,
:mod:`derive.figures.game_tree`, the plot modules); the ones here are shared.
:func:`_style_axes` is the common look of the plots' axes.
"""

from __future__ import annotations

__all__: list[str] = []


# Colours
_PLAYER_COLOURS = ("#1f5fa8", "#b5441b")  # opener blue, dealer brick red
_PLAYER_TINTS = ("#dbe7f6", "#f8e1d5")
_PANEL_FACE = "#f5f5f3"
_PANEL_EDGE = "#d8d8d4"
_INK = "#1a1a1a"
_GREY = "#8a8a8a"
_LIGHT_GREY = "#b9b9b9"

# Font sizes of the tree figures (points)
_TITLE_SIZE = 17
_LEGEND_SIZE = 11

# Lengths of the tree figures (inches)
_NODE_PAD = 0.35  # box padding, in units of the font size
_LABEL_PAD = 0.15
_GAP_X = 0.16  # minimum horizontal gap between neighbouring texts
_PANEL_PAD = 0.22
_PANEL_GAP = 0.3
_MARGIN = 0.3
_MIN_WIDTH = 6.4  # room for the legend in at most two lines


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


# Font sizes of the plots (points): a family's plan probabilities, values against the bet size, simulations
_PLOT_TITLE_SIZE = 15
_PLOT_LABEL_SIZE = 12
_PLOT_TICK_SIZE = 11
_PLOT_TEXT_SIZE = 11


def _style_axes(ax) -> None:
    ax.tick_params(labelsize=_PLOT_TICK_SIZE)
    ax.grid(True, color="#e3e3e0", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
