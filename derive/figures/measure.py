"""Measuring texts before drawing: :class:`_Measurer` gives their sizes in inches."""

from __future__ import annotations

import re

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

__all__: list[str] = []


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
