"""Figures drawn in two processes (derive reproduce, derive latex): the same files, errors raised once."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import derive.presentation.output_files as output_files
from derive.presentation.output_files import draw_in_parallel


def _figure(width: float) -> Figure:
    fig = Figure(figsize=(width, 1))
    FigureCanvasAgg(fig)
    fig.text(0.1, 0.5, f"$\\dfrac{{1}}{{3}}$ width {width}")
    return fig


_JOBS = {
    "a": ((".png", ".pdf"), lambda: _figure(1)),
    "pages.pdf": (("",), lambda: [_figure(1), _figure(2)]),
    "b": ((".svg",), lambda: _figure(3)),
}


@pytest.mark.parametrize("workers", [1, 2])
def test_one_or_two_processes_write_the_same_bytes(tmp_path, monkeypatch, workers):
    """Whichever process draws a figure, its files are byte-identical; ``also`` runs once, here."""
    monkeypatch.setattr(output_files, "usable_processes", lambda limit=2: 1)
    (tmp_path / "one").mkdir()
    names = draw_in_parallel(_JOBS, tmp_path / "one")
    monkeypatch.setattr(output_files, "usable_processes", lambda limit=2: workers)
    (tmp_path / "two").mkdir()
    ran = []
    assert draw_in_parallel(_JOBS, tmp_path / "two", also=lambda: ran.append(1)) == names
    assert ran == [1]
    assert names == ["a.png", "a.pdf", "pages.pdf", "b.svg"]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_an_error_in_either_process_is_raised(tmp_path, monkeypatch):
    """A drawing that fails (in the child or here) is raised in the calling process."""

    def broken():
        raise ValueError("cannot draw this")

    monkeypatch.setattr(output_files, "usable_processes", lambda limit=2: 2)
    jobs = {
        "a": ((".png",), lambda: _figure(1)),
        "x": ((".png",), broken),
        "b": ((".png",), lambda: _figure(2)),
    }
    with pytest.raises(ValueError, match="cannot draw this"):
        draw_in_parallel(jobs, tmp_path)
