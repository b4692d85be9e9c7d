"""Two parameters for a general-sum game (beer-quiche in weak x taste): the LaTeX document of its map
and ``derive check`` at a point of a region.

The document must state each region's conditions and its families (their members as the text
output gives them); ``derive check GAME:A=x,B=y map.json`` must check every member the region
holding the point lists, each player's regret 0 at a point inside each region, and report a file
whose probabilities were changed as not an equilibrium.
"""

from __future__ import annotations

import io
import shutil

import pytest
import sympy as sp

from derive.cli.run import main
from derive.games.registry import BUILTIN_GAMES
from derive.presentation.plane_document import plane_document
from derive.presentation.plane_report import plane_equilibria_text
from derive.solving.parameters.plane_general import plane_equilibria

WEAK, TASTE = sp.Symbol("weak", positive=True), sp.Symbol("taste", positive=True)
BOX = ((0, 1), (0, 2))
MAP = ["solve", "beer-quiche", "--param", "weak=0..1", "--param", "taste=0..2"]


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def bq_map():
    game = BUILTIN_GAMES["beer-quiche"].build_with({}, weak=WEAK, taste=TASTE)
    return plane_equilibria(game, (WEAK, TASTE), BOX)


@pytest.fixture(scope="module")
def map_json(tmp_path_factory):
    status, out, _ = _run([*MAP, "--json", "--quiet"])
    assert status == 0
    path = tmp_path_factory.mktemp("map") / "map.json"
    path.write_text(out)
    return path


# --------------------------------------------------------------------------- the document


def test_the_map_has_two_regions(bq_map):
    assert [r.conditions for r in bq_map.regions] == [((1 - 2 * WEAK,),), ((2 * WEAK - 1,),)]
    assert [len(r.extreme) for r in bq_map.regions] == [4, 1]
    assert [len(r.subsets) for r in bq_map.regions] == [2, 1]


def test_the_document_states_each_region_and_its_families(bq_map):
    tex = plane_document(bq_map, "map.pdf")
    assert tex.startswith("\\documentclass") and tex.rstrip().endswith("\\end{document}")
    assert "\\usepackage{amsmath,amssymb,booktabs,graphicx,longtable,array}" in tex
    assert "\\includegraphics[width=0.72\\textwidth]{map.pdf}" in tex
    # the table of regions: conditions, how many equilibria in how many families, the checked point
    assert (
        "1 & $1 - 2 \\mathit{weak} \\ge 0$ & 4 extreme equilibria in 2 families & $(\\frac{1}{3}, 1)$" in tex
    )
    assert (
        "2 & $2 \\mathit{weak} - 1 \\ge 0$ & 1 extreme equilibrium in 1 family & $(\\frac{2}{3}, 1)$" in tex
    )
    # each region's section: its conditions, borders and point
    assert (
        "\\subsection*{Region 1}\nConditions: $1 - 2 \\mathit{weak} \\ge 0$. Borders: region 2 along weak = 1/2"
        in tex
    )
    assert "Checked at $\\mathit{weak} = \\frac{1}{3}$, $\\mathit{taste} = 1$: 4 extreme equilibria" in tex
    assert "\\subsection*{Region 2}\nConditions: $2 \\mathit{weak} - 1 \\ge 0$." in tex
    # the families, their members as the text output gives them
    assert (
        "\\item Family 1: Sender: [weak: quiche, strong: quiche] $1$; Receiver: any mix of "
        "([beer: duel, quiche: not] $\\frac{\\mathit{taste}}{2}$, [beer: not, quiche: not] "
        "$1 - \\frac{\\mathit{taste}}{2}$) and ([beer: duel, quiche: not] $1$) (extreme equilibria 1, 2)."
    ) in tex
    assert (
        "\\item Family 2: Sender: [weak: beer, strong: beer] $1$; Receiver: any mix of "
        "([beer: not, quiche: duel] $\\frac{\\mathit{taste}}{2}$, [beer: not, quiche: not] "
        "$1 - \\frac{\\mathit{taste}}{2}$) and ([beer: not, quiche: duel] $1$) (extreme equilibria 3, 4)."
    ) in tex
    assert (
        "\\item Family 1: Sender: [weak: beer, strong: beer] $\\frac{1 - \\mathit{weak}}{\\mathit{weak}}$, "
        "[weak: quiche, strong: beer] $\\frac{2\\,\\mathit{weak} - 1}{\\mathit{weak}}$; Receiver: "
        "[beer: duel, quiche: duel] $1 - \\frac{\\mathit{taste}}{2}$, [beer: not, quiche: duel] "
        "$\\frac{\\mathit{taste}}{2}$ (extreme equilibrium 1)."
    ) in tex
    # each extreme equilibrium with both payoffs (a thin space between two names: taste weak)
    assert "\\emph{payoff} $\\mathit{taste}\\,\\mathit{weak} + 2$" in tex
    assert "\\emph{payoff} $- \\mathit{taste}\\,\\left(\\mathit{weak} - 2\\right)$" in tex
    assert tex.count("\\emph{payoff}") == 2 * (4 + 1)
    # the same families as the text output
    text = plane_equilibria_text(bq_map)
    assert "family 1: Sender: [weak: quiche, strong: quiche] 1; Receiver: any mix of" in text
    assert "optimal strateg" not in tex  # no value, no optimal strategies: equilibria


def test_latex_command_writes_the_document_and_the_map(tmp_path):
    out = tmp_path / "doc"
    status, said, err = _run(
        [
            "latex",
            "beer-quiche",
            "--param",
            "weak=0..1",
            "--param",
            "taste=0..2",
            "--out",
            str(out),
            "--quiet",
        ]
    )
    assert status == 0, err
    tex = out / "beer-quiche_by_weak_taste.tex"
    figure = out / "beer-quiche_by_weak_taste_map.pdf"
    assert said.strip() == f"wrote {figure}, {tex}"
    assert figure.stat().st_size > 5_000 and "Region 2" in tex.read_text()


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_document_compiles(tmp_path):
    status, _, err = _run(
        ["latex", "beer-quiche", "--param", "weak=1/20..9/10", "--param", "taste=1/2..4"]
        + ["--out", str(tmp_path), "--pdf", "--quiet"]
    )
    assert status == 0, err
    assert (tmp_path / "beer-quiche_by_weak_taste.pdf").stat().st_size > 20_000
    tex = (tmp_path / "beer-quiche_by_weak_taste.tex").read_text()
    assert tex.count("\\subsection*{Region") == 3


def test_latex_refuses_one_param_of_a_general_sum_game(tmp_path):
    status, out, err = _run(["latex", "beer-quiche", "--param", "weak=0..1", "--out", str(tmp_path / "d")])
    assert status == 2 and out == "" and err.count("\n") == 1 and "general-sum" in err
    assert not (tmp_path / "d").exists()
