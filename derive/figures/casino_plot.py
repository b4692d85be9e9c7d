"""Three Card Poker: the expected value of playing each hand against the fold line (:func:`draw_play_values`).

The values are an input (a :class:`derive.casino.ThreeCardPokerAnalysis`): figures never solve.
"""

from __future__ import annotations

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from derive.casino.decision import ThreeCardPokerAnalysis
from derive.figures.style import (
    _GREY,
    _INK,
    _LIGHT_GREY,
    _PLOT_LABEL_SIZE,
    _PLOT_TEXT_SIZE,
    _PLOT_TITLE_SIZE,
    _RC,
    _style_axes,
)

__all__ = ["draw_play_values"]

_PLAY = "#1f5fa8"
_FOLD = "#b5441b"
_MARKERS = {"rainbow": "o", "suited": "D"}  # the two-suited patterns: "s"; pairs "^"


def _marker(pattern: str) -> str:
    if pattern in _MARKERS:
        return _MARKERS[pattern]
    return "^" if "pair" in pattern else "s"


def draw_play_values(analysis: ThreeCardPokerAnalysis, title: str | None = None, around: int = 6) -> Figure:
    """Plot EV(play) of every class of hands in hand order, with the fold line EV(fold) = -1.

    Left: all 1755 classes, each at the share of hands weaker than it (so the width of the fold
    region is the probability of folding), coloured by the best response (play blue, fold red).
    Right: the classes around the threshold, one column per suit pattern, the two hands at the
    threshold labelled with their exact EV.

    Parameters
    ----------
    analysis : ThreeCardPokerAnalysis
        From :func:`derive.casino.three_card_poker`.
    title : str, optional
        Default "Three Card Poker: the expected value of playing each hand".
    around : int
        Hand values shown on the right beyond the threshold's two (default 6 on each side).

    Returns
    -------
    matplotlib.figure.Figure
        Two axes; the fold lines carry the gid ``"fold-line"``, the scatter of played and folded
        classes ``"play"`` and ``"fold"`` (left) and ``"zoom:play"``, ``"zoom:fold"`` (right), the
        threshold labels ``"least-played"`` and ``"greatest-folded"``.

    Raises
    ------
    ValueError
        ``around`` is not a positive integer.

    Examples
    --------
    >>> from derive.casino import three_card_poker
    >>> fig = draw_play_values(three_card_poker())
    >>> [t.get_text() for t in fig.axes[1].texts if t.get_gid() == "least-played"]
    ['Q-6-4 64 suited\\nEV = -18325/18424']
    """
    if isinstance(around, bool) or not isinstance(around, int) or around < 1:
        raise ValueError(f"around must be a positive integer, got {around!r}")
    a = analysis
    total = sum(d.hand.size for d in a.decisions)
    x, seen = [], 0
    for d in a.decisions:
        x.append((seen + d.hand.size / 2) / total)
        seen += d.hand.size
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(13.0, 5.8), layout="constrained")
        FigureCanvasAgg(fig)
        left, right = fig.subplots(1, 2, width_ratios=[1.0, 1.25])
        fig.suptitle(
            title or "Three Card Poker: the expected value of playing each hand",
            fontsize=_PLOT_TITLE_SIZE,
            fontweight="bold",
            color=_INK,
        )
        for ax in (left, right):
            _style_axes(ax)
            ax.axhline(-1, color=_GREY, linestyle="--", linewidth=1.4, zorder=1, gid="fold-line")
        for action, colour in (("play", _PLAY), ("fold", _FOLD)):
            pts = [(xi, float(d.ev_play)) for xi, d in zip(x, a.decisions) if d.plays == (action == "play")]
            if pts:
                xs, ys = zip(*pts)
                left.scatter(xs, ys, s=7, color=colour, label=action, gid=action, zorder=3)
        start, spans = 0, {}
        for d in a.decisions:  # where each class of hands begins, and its share
            name = d.hand.value.name
            spans.setdefault(name, [start / total, 0.0, float(d.ev_play)])
            spans[name][1] = (start + d.hand.size) / total
            spans[name][2] = max(spans[name][2], float(d.ev_play))
            start += d.hand.size
        for name, (lo, hi, top) in spans.items():
            left.axvline(lo, color="#d0d0cc", linewidth=0.8, zorder=0)
            if hi - lo > 0.03:
                left.text(
                    lo + 0.004,
                    0.98,
                    name,
                    transform=left.get_xaxis_transform(),
                    rotation=90,
                    va="top",
                    ha="left",
                    fontsize=_PLOT_TEXT_SIZE - 2,
                    color=_GREY,
                )
            else:  # too narrow to name at the top: name it on the left, an arrow to its best hand
                left.annotate(
                    name,
                    xy=(lo, top),
                    xytext=(0.7, top),
                    va="center",
                    ha="right",
                    fontsize=_PLOT_TEXT_SIZE - 2,
                    color=_GREY,
                    arrowprops={"arrowstyle": "->", "color": _LIGHT_GREY, "linewidth": 0.8},
                )
        left.text(0.98, -1.03, "fold: EV = -1", va="top", ha="right", fontsize=_PLOT_TEXT_SIZE, color=_GREY)
        left.set_xlim(0, 1)
        left.set_xlabel("share of the 22,100 hands weaker (hand order)", fontsize=_PLOT_LABEL_SIZE)
        left.set_ylabel("EV(play), per ante", fontsize=_PLOT_LABEL_SIZE)
        left.legend(loc="upper left", bbox_to_anchor=(0.02, 0.9), fontsize=_PLOT_TEXT_SIZE, frameon=False)

        window = a.borderline(around)
        names = list(dict.fromkeys(d.hand.name for d in window))
        for action, colour in (("play", _PLAY), ("fold", _FOLD)):
            for d in window:
                if d.plays == (action == "play"):
                    right.scatter(
                        names.index(d.hand.name)
                        + 0.15 * (["s", "o", "D", "^"].index(_marker(d.hand.pattern)) - 1),
                        float(d.ev_play),
                        s=28,
                        marker=_marker(d.hand.pattern),
                        color=colour,
                        gid=f"zoom:{action}",
                        zorder=3,
                    )
        ends = [("least-played", a.least_played, 30 if a.greatest_folded is not None else -40)]
        if a.greatest_folded is not None:
            ends.append(("greatest-folded", a.greatest_folded, -30))
        for gid, d, dy in ends:
            right.annotate(
                f"{d.hand.label}\nEV = {d.ev_play}",
                xy=(names.index(d.hand.name), float(d.ev_play)),
                xytext=(-130 if gid == "least-played" and dy > 0 else 25, dy),
                textcoords="offset points",
                fontsize=_PLOT_TEXT_SIZE - 1,
                color=_INK,
                arrowprops={"arrowstyle": "-", "color": _GREY, "linewidth": 0.8},
                gid=gid,
            )
        right.set_xticks(range(len(names)), names, rotation=60, fontsize=_PLOT_TEXT_SIZE - 1)
        shapes = {"o": "● rainbow", "s": "■ two cards suited", "D": "◆ suited", "^": "▲ pair"}
        present = dict.fromkeys(_marker(d.hand.pattern) for d in window)
        right.set_xlabel(
            f"hands around the threshold ({', '.join(shapes[m] for m in shapes if m in present)})",
            fontsize=_PLOT_LABEL_SIZE,
        )
        right.set_ylabel("EV(play), per ante", fontsize=_PLOT_LABEL_SIZE)
        right.set_title(a.rule, fontsize=_PLOT_LABEL_SIZE, color=_INK)
    return fig
