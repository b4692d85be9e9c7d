"""The legend under a tree figure: entries broken into centred rows.

:func:`_legend_rows` breaks the entries into rows that fit the width;
:func:`_lay_out_legend` places each row's entries, centred, and lets the
figure draw each entry's sample (a line style, a box, payoff texts).  Both
the strategy tree and the game tree use it.
"""

from __future__ import annotations

from derive.figures.style import _LEGEND_SIZE

__all__: list[str] = []


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
