"""Set-up for a class (issue 26, item 5): the notebooks ship inside the package; the README's teacher line."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from derive.cli import main
from derive.presentation.notebooks import packaged_notebooks

ROOT = Path(__file__).resolve().parent.parent


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_notebooks_are_package_data():
    """derive/notebooks holds the course notebooks (in a clone, the repository's notebooks/), and
    pyproject.toml ships them in the wheel."""
    names = sorted(p.name for p in packaged_notebooks().glob("*.ipynb"))
    assert names == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")) and len(names) >= 9
    assert (
        'derive = ["notebooks/*.ipynb", "presentation/widget_assets/*"]'
        in (ROOT / "pyproject.toml").read_text()
    )


def test_copy_gives_a_class_its_own_notebooks_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not a clone
    count = len(list((ROOT / "notebooks").glob("*.ipynb")))
    status, out, err = run("notebooks", "--copy", "class")
    assert status == 0 and err == ""
    assert out == f"copied {count} notebooks into class/ (open them with: jupyter lab class)\n"
    copied = sorted((tmp_path / "class").glob("*.ipynb"))
    assert [p.name for p in copied][0] == "01_kuhn_poker.ipynb" and len(copied) == count
    assert copied[0].read_bytes() == (ROOT / "notebooks" / "01_kuhn_poker.ipynb").read_bytes()
    copied[0].write_text("{}")  # a student's edit is not overwritten by accident
    status, out, err = run("notebooks", "--copy", "class")
    assert (
        status == 2 and out == "" and f"01_kuhn_poker.ipynb exists ({count} of the notebooks are there" in err
    )
    assert copied[0].read_text() == "{}"
    assert run("notebooks", "--copy", "class", "--force")[0] == 0 and copied[0].read_text() != "{}"


def test_notebooks_needs_html_or_copy():
    status, out, err = run("notebooks")
    assert status == 2 and "give --html OUT (run the notebooks and export HTML) or --copy DIR" in err


def test_readme_teacher_line_adds_allow_root_only_as_root():
    """`jupyter lab` refuses to start as root without --allow-root: the README's line adds it there only."""
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "jupyter lab" in line and "pip install" in line)
    expression = re.search(r"\$\( (\[ .* \] && echo --allow-root) \)", line)[1]
    as_root = subprocess.run(
        ["bash", "-c", f'id() {{ echo 0; }}; echo "[$( {expression} )]"'], capture_output=True, text=True
    ).stdout
    as_user = subprocess.run(
        ["bash", "-c", f'id() {{ echo 1000; }}; echo "[$( {expression} )]"'], capture_output=True, text=True
    ).stdout
    assert (as_root, as_user) == ("[--allow-root]\n", "[]\n")
