"""Saving figures byte-identically on a rerun: :func:`save_figure` with fixed metadata, and
:func:`save_pages` for several figures as the pages of one PDF."""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from pathlib import Path

import matplotlib
from matplotlib.figure import Figure

from derive.figures.style import _RC

__all__ = ["save_figure", "save_pages"]


_SUFFIXES = {".png": "png", ".pdf": "pdf", ".svg": "svg"}
_METADATA = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None, "ModDate": None},
    "svg": {"Date": None},
}
_PNG_DPI = 150


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
    with matplotlib.rc_context(_RC), warnings.catch_warnings():
        # a label in a script the font lacks (e.g. CJK) is drawn as boxes; that is not an error
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(
            path,
            format=fmt,
            dpi=_PNG_DPI if fmt == "png" else 72,
            metadata=dict(_METADATA[fmt]),
            facecolor="white",
            edgecolor="none",
        )
    return path


def save_pages(figs: Sequence[Figure], path: str | os.PathLike[str]) -> Path:
    """Write several figures as the pages of one PDF (each page the size of its figure), byte-identical
    on a rerun.

    The fonts are embedded (TrueType, Type 42) once for the whole file rather than once per figure,
    which is most of the time a PDF takes to write; a LaTeX document includes page ``n`` with
    ``\\includegraphics[page=n]{...}``.  Metadata as in :func:`save_figure`.

    Parameters
    ----------
    figs : sequence of matplotlib.figure.Figure
        The pages, in order (at least one).
    path : str or path-like
        Ends in ``.pdf`` (any case).

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    ValueError
        If ``figs`` is empty or the suffix is not ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> pages = [Figure(figsize=(1, 1)), Figure(figsize=(2, 1))]
    >>> with tempfile.TemporaryDirectory() as d:
    ...     a = save_pages(pages, Path(d) / "a.pdf").read_bytes()
    ...     b = save_pages(pages, Path(d) / "b.pdf").read_bytes()
    >>> a == b, a.count(b"/Type /Page ")
    (True, 2)
    """
    from matplotlib.backends.backend_pdf import PdfPages

    path = Path(path)
    if path.suffix.lower() != ".pdf":
        raise ValueError(
            f"pages are written as one PDF, not {path.suffix or 'a file without suffix'!r} ({path.name})"
        )
    if not figs:
        raise ValueError(f"no figures to write to {path.name}")
    path.parent.mkdir(parents=True, exist_ok=True)
    # the fonts are embedded when the file is closed: the rcParams hold until then
    with matplotlib.rc_context(_RC), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        with PdfPages(path, metadata=dict(_METADATA["pdf"])) as pdf:
            for fig in figs:
                pdf.savefig(fig, dpi=72, facecolor="white", edgecolor="none")
    return path
