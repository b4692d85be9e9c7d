"""TikZ game trees: structure of the picture, and `derive draw GAME --format tikz` compiles with pdflatex."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest

from derive.cli import main
from derive.figures.tikz import tikz_document, tikz_game_tree
from derive.games.registry import load_game
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum


def test_picture_has_every_node_edge_and_information_set():
    """One node per game node, one edge per move, one dashed line per pair of neighbours in a set."""
    game = load_game("kuhn")
    text = tikz_game_tree(game)
    assert text.count("\\node[move") == sum(1 for n in game.nodes if n.player is not None and n.player >= 0)
    assert text.count("\\node[chance]") == 1 and text.count("\\node[leaf]") == len(game.terminals)
    assert text.count(" -- node[edge label]") == len(game.nodes) - 1
    assert text.count("\\draw[dashed") == sum(len(i.nodes) - 1 for i in game.infosets)
    assert "$\\frac{1}{6}$" in text  # exact chance probabilities


def test_equilibrium_labels_played_actions():
    """With a profile, each action carries its exact probability; played ones are bold, unplayed dashed."""
    game = load_game("myerson")
    text = tikz_game_tree(game, dict(enumerate(solve_zero_sum(game).strategies)))
    assert "Raise\\\\$\\frac{1}{3}$" in text and "Meet\\\\$\\frac{2}{3}$" in text
    assert "very thick" in text and "gray!60, dashed" in text  # Red: Fold is never played


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_derive_draw_tikz_compiles(tmp_path):
    """`derive draw kuhn --format tikz` writes two pictures; each compiles in a document (issue 10, item 4)."""
    out = io.StringIO()
    assert main(["draw", "kuhn", "--format", "tikz", "--out", str(tmp_path)], out=out, err=io.StringIO()) == 0
    pictures = sorted(tmp_path.glob("*.tex"))
    assert [p.name for p in pictures] == ["kuhn_equilibrium.tex", "kuhn_game_tree.tex"]
    for picture in pictures:
        document = tmp_path / f"doc_{picture.stem}.tex"
        document.write_text(tikz_document(picture.read_text(), "Kuhn poker"))
        proc = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", document.name],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stdout[-1500:]
        info = subprocess.run(
            ["pdfinfo", document.with_suffix(".pdf")], capture_output=True, text=True
        ).stdout
        assert re.search(r"^Pages:\s+1$", info, re.M), info
