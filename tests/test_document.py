"""The standalone LaTeX derivation: content, stable bytes, and a real pdflatex compile."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from derive.cli import main
from derive.presentation.reproduce import OutputError, write_document


def _needs(tool):
    if shutil.which(tool) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is required in CI (.ci/run installs it)")
        pytest.skip(f"{tool} not installed")


def test_document_content_and_stable_bytes(tmp_path):
    """The document derives both games step by step and is byte-identical on a rerun."""
    write_document(tmp_path / "a")
    write_document(tmp_path / "b")
    a = (tmp_path / "a" / "derivation.tex").read_text()
    assert a == (tmp_path / "b" / "derivation.tex").read_text()
    for heading in ("Rules", "Dominated choices", "bilinear form", "Indifference equations", "Verification"):
        assert a.count(f"\\subsection{{{heading}") == 2 or heading in a
    assert "\\xi \\left(\\frac{3 \\beta - \\gamma - 1}{6}\\right)" in a  # Kuhn's letters
    assert "v = - \\frac{1}{18}" in a
    assert "\\alpha \\in \\left[0, 1\\right]" in a  # the thesis's family
    assert "\\iff\\quad 3 x_{Q}^{\\mathrm{bet}} &= x_{A}^{\\mathrm{bet}}" in a  # Kuhn: gamma = 3 alpha
    assert (
        "A:betfold  & $\\tfrac{1}{2}\\left(1\\right) + \\tfrac{1}{2}\\left(\\frac{4}{3}\\right)$ & $\\frac{7}{6}$"
        in a
    )
    for f in ("kuhn_strategy_panels.pdf", "one_raise_strategy_panels.pdf"):
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes()


def test_document_compiles_with_pdflatex(tmp_path):
    """pdflatex compiles the document without errors; the PDF has the expected 15 pages (each player's
    per-card strategy panels grouped into one figure of subfigures, issue 26; issue 11's section on
    play off the path); no doubled parentheses in the section titles."""
    _needs("pdflatex")
    _needs("pdfinfo")
    write_document(tmp_path, compile_pdf=True, keep_aux=True)
    pdf = tmp_path / "derivation.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == 15
    log = (tmp_path / "derivation.log").read_text(errors="replace")
    assert "Overfull" not in log
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Kuhn poker (Kuhn 1950)" in text and "One-raise poker (Miao 2014)" in text
    assert "(Kuhn (1950))" not in text
    # issue 26: one figure per player, a subfigure per card, the edge styles said once in its caption
    for figure in range(1, 5):
        assert f"Figure {figure}: The " in text
    assert "Figure 5" not in text and text.count("(a) holding Q") == 4
    assert text.count("Thick edges: probability 1") == 4
    # issue 11: the quasi-perfect equilibrium and which optimal strategies are admissible
    flat = " ".join(text.split())
    assert flat.count("Play off the path: the quasi-perfect equilibrium") == 2
    assert "the opener plays the member α = 0 of the family" in flat
    assert "every other one is weakly dominated: A:betfold, A:call are played only by weakly" in flat


def test_latex_bad_input(tmp_path, capsys):
    """Unknown game or an output path that is a file: one-line error, exit 2, nothing written."""
    assert main(["latex", "--game", "texas", "--out", str(tmp_path / "x")]) == 2
    assert "invalid choice: 'texas'" in capsys.readouterr().err
    target = tmp_path / "f"
    target.write_text("keep")
    assert main(["latex", "--out", str(target)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]
    with pytest.raises(OutputError, match="unknown game 'texas'"):
        write_document(tmp_path / "y", ("texas",))


def test_strategy_panels_are_legible_at_print_size(tmp_path):
    """Issue 10, item 5 (no text under 7 pt on paper), traded off by issue 26, which groups each
    player's per-card panels into one figure: the panels are set side by side as subfigures (three a
    row for Kuhn poker, two for the wider one-raise panels), each at its natural size or scaled to its
    share of the line (487 pt with 2.2 cm margins on letter paper).  The trees' smallest text is 11 pt
    (derive.figures.strategy_tree): on paper it stays at 6.4 pt or more in Kuhn poker's panels and
    5.5 pt or more in the one-raise game's (up to 460 pt wide); the PDFs beside the document keep it
    at 11 pt for slides.  The panels are the pages of one PDF per game (issue 25), a page per player
    and card, each included by its page number."""
    import re

    _needs("pdfinfo")
    from derive.figures.strategy_tree import _EDGE_SIZE, _LEAF_SIZE, _NODE_SIZE

    smallest = min(_EDGE_SIZE, _LEAF_SIZE, _NODE_SIZE)
    written = write_document(tmp_path)
    tex = (tmp_path / "derivation.tex").read_text()
    share = {
        (name, int(page)): float(fraction)
        for fraction, page, name in re.findall(
            r"subfigure\}\[b\]\{([0-9.]+)\\linewidth\}\\centering\\fitgraphic\[([0-9]+)\]\{([^}]+)\}", tex
        )
    }
    files = [p for p in written if p.suffix == ".pdf"]
    assert [p.name for p in files] == ["kuhn_strategy_panels.pdf", "one_raise_strategy_panels.pdf"]
    assert set(share) == {(p.name, page) for p in files for page in range(1, 7)}  # 2 players x 3 cards
    for panels in files:
        info = subprocess.run(
            ["pdfinfo", "-f", "1", "-l", "99", str(panels)], capture_output=True, text=True, check=True
        ).stdout
        assert "Pages:           6" in info
        widths = re.findall(r"Page +([0-9]+) size: +([0-9.]+) x", info)
        assert len(widths) == 6
        for page, width in widths:
            printed = smallest * min(1, share[panels.name, int(page)] * 487 / float(width))
            floor = 6.4 if panels.name.startswith("kuhn") else 5.5
            assert printed >= floor, (panels.name, page, width, printed)
