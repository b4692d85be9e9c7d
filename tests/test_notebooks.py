"""The notebooks in notebooks/: stored without outputs, kernel python3, and each runs without error.

Each notebook is executed with nbclient (headless Agg backend, kernel
``python3``, 600 s per cell) through :func:`derive.presentation.notebooks.execute_notebook`;
the HTML export is checked on the shortest one.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest

from derive.presentation.notebooks import NotebookError, execute_notebook, export_html

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


#: The course's notebooks, each telling one story: it opens with what it shows and ends with what was found.
STORIES = (
    "01_kuhn_poker.ipynb",
    "02_one_raise_sandbagging.ipynb",
    "03_dominance_and_expected_values.ipynb",
    "04_playing_it.ipynb",
    "05_beyond_the_thesis.ipynb",
    "07_any_game.ipynb",
    "08_general_sum_and_three_players.ipynb",
)


def test_the_course_notebooks_are_there():
    """The numbered story notebooks of the course exist (others may be added beside them)."""
    assert set(STORIES) <= {p.name for p in PATHS}


@pytest.mark.parametrize("name", STORIES)
def test_story_opens_with_what_it_shows_and_ends_with_what_was_found(name):
    """First cell: a title and "What this notebook shows"; last cell: "## What we found"."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    assert "What this notebook shows" in nb.cells[0].source
    assert nb.cells[-1].cell_type == "markdown" and nb.cells[-1].source.startswith("## What we found")


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_stored_without_outputs_and_with_kernel_python3(path):
    """nbformat 4, valid, kernelspec python3, no outputs or execution counts (commit notebooks stripped)."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: cell {cell.get('id')} has outputs"
            assert cell.execution_count is None, f"{path.name}: cell {cell.get('id')} has an execution count"


#: Seconds per cell in these tests: the slowest cell takes under 20 s here.  Now and then (about one
#: run in ten under load, cause not found: not ipykernel 7, not the transport) nbclient waits on an
#: idle kernel until the cell timeout and then goes on; a short timeout bounds what that costs CI.
CELL_TIMEOUT = 180


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_notebook_runs(path, monkeypatch):
    """Every cell runs without error (nbclient, kernel python3, MPLBACKEND=Agg, CELL_TIMEOUT per cell)."""
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = execute_notebook(path, timeout=CELL_TIMEOUT)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    assert all(c.execution_count for c in nb.cells if c.cell_type == "code")


def test_failing_cell_is_reported(tmp_path):
    """A cell that raises makes execute_notebook raise NotebookError naming the notebook and the error."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("raise ValueError('broken on purpose')")]
    path = tmp_path / "broken.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(NotebookError, match="(?s)broken.ipynb.*broken on purpose"):
        execute_notebook(path, timeout=CELL_TIMEOUT)
    with pytest.raises(NotebookError, match="cannot read"):
        execute_notebook(tmp_path / "missing.ipynb")


def test_export_html_renders_math(tmp_path):
    """The HTML shows outputs (the value -1/18 as LaTeX, the figures) and loads MathJax to render the LaTeX."""
    source = tmp_path / "in"
    source.mkdir()
    shutil.copy(NOTEBOOKS / "01_kuhn_poker.ipynb", source)
    (html,) = export_html(source, tmp_path / "out", timeout=CELL_TIMEOUT)
    assert html == tmp_path / "out" / "01_kuhn_poker.html"
    text = html.read_text(encoding="utf-8")
    assert re.search(r'<script[^>]+src="mathjax/MathJax.js\?config=[^"]*"', text)  # MathJax, relative path
    assert not re.search(
        r'<script[^>]+src="https?://[^"]*mathjax', text, re.IGNORECASE
    )  # never a CDN for math
    assert (tmp_path / "out" / "mathjax" / "config" / "TeX-AMS-MML_HTMLorMML-full.js").is_file()
    assert "processEnvironments: true" in text  # so align* outputs are typeset too
    assert r"v = - \frac{1}{18}" in text  # a LaTeX output, for MathJax to typeset
    assert "data:image/png;base64" in text  # figures embedded
    assert "Traceback" not in text
    with pytest.raises(NotebookError, match="no notebooks"):
        export_html(tmp_path / "out", tmp_path / "again")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_exported_page_typesets_math_offline(tmp_path):
    """Issue 10, item 1: opened from disk in headless Chromium with the network off, the exported notebook's
    math is typeset by the packaged MathJax (MathJax elements in the DOM after the scripts ran)."""
    import subprocess

    source = tmp_path / "in"
    source.mkdir()
    shutil.copy(NOTEBOOKS / "07_any_game.ipynb", source)
    (html,) = export_html(source, tmp_path / "out", timeout=CELL_TIMEOUT)
    proc = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--virtual-time-budget=20000",
            "--dump-dom",
            html.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    dom = proc.stdout
    typeset = len(re.findall(r'class="MathJax[ "]', dom))
    sources = len(re.findall(r'type="math/tex', dom))
    assert sources >= 10 and typeset >= sources, (typeset, sources)
