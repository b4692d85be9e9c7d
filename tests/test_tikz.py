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
    assert text.count("\\node[edge label]") == len(game.nodes) - 1
    assert len(re.findall(r"\\draw\[[^]]*\] \(n\d+\) -- \(n\d+\);", text)) == len(game.nodes) - 1
    assert text.count("\\draw[dashed") == sum(len(i.nodes) - 1 for i in game.infosets)
    assert "$\\frac{1}{6}$" in text  # exact chance probabilities
    # information-set lines first, then the edges, then every label (on white) over them
    assert text.index("\\draw[dashed") < text.index(" -- (n") < text.index("\\node[edge label]")


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


def _overlaps(layout):
    boxes = layout.labels
    return [(a.text, b.text) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b)]


@pytest.mark.parametrize(
    "name, part, orientation",
    [
        ("kuhn", None, "right"),
        ("kuhn", "K", "down"),
        ("one-raise", "K", "right"),
        ("myerson", None, "down"),
        ("matching-pennies", None, "down"),
    ],
)
def test_no_two_labels_overlap_at_the_text_width(name, part, orientation):
    """Issue 26: "fold" and "call" overlapped ("folccall"). Every label's box, from the layout, is apart
    from every other; the picture is at most the article's text width (12.1 cm) and Kuhn poker, too
    wide to read top-down there, is drawn left to right, 15 cm tall."""
    from derive.figures.subtree import subtree_game
    from derive.figures.tikz import TEXT_WIDTH_CM, tikz_layout

    whole = load_game(name)
    game = subtree_game(whole, part) if part else whole
    for profile in (None, dict(enumerate(solve_zero_sum(whole).strategies))):
        layout = tikz_layout(game, profile)
        assert layout.orientation == orientation
        assert _overlaps(layout) == [] and layout.width <= TEXT_WIDTH_CM
        kinds = {b.kind for b in layout.labels}
        assert kinds == {"node", "edge", "payoff"}
        assert len([b for b in layout.labels if b.kind == "payoff"]) == len(game.terminals)
    if name == "kuhn" and part is None:
        assert round(layout.height, 1) == 15.0 and round(layout.leaf_spacing, 2) == 0.5


def test_width_scales_the_layout_not_the_font():
    """--width 15cm spreads Kuhn's K subtree over 15 cm; the labels keep their size (\\scriptsize)."""
    from derive.figures.subtree import subtree_game
    from derive.figures.tikz import tikz_layout

    game = subtree_game(load_game("kuhn"), "K")
    narrow, wide = tikz_layout(game), tikz_layout(game, width=15.0, fill=True)
    assert wide.leaf_spacing > narrow.leaf_spacing and 14.5 < wide.width <= 15.0 and _overlaps(wide) == []
    widths = lambda layout: sorted(round(b.x1 - b.x0, 6) for b in layout.labels)  # noqa: E731
    assert widths(narrow) == widths(wide)
    assert tikz_game_tree(game, width=15.0).count("font=\\scriptsize") == tikz_game_tree(game).count(
        "font=\\scriptsize"
    )


def test_too_large_trees_are_refused_with_a_suggestion():
    """One-raise poker (54 leaves) fits 12.1 cm neither way; Leduc (1,116 leaves) is over the cap: one
    line each, suggesting --subtree."""
    from derive.figures.tikz import TikzLayoutError, tikz_layout

    with pytest.raises(TikzLayoutError, match=r"does not fit 12.1 cm .* --subtree"):
        tikz_layout(load_game("one-raise"))
    with pytest.raises(TikzLayoutError, match=r"1,116 leaves, more than the 60 .* --subtree"):
        tikz_layout(load_game("leduc"))


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["leduc"],
            "Leduc hold'em has 1,116 leaves, more than the 90 a PNG drawing shows legibly: draw one part "
            "with --subtree",
        ),
        (["one-raise", "--format", "tikz"], "does not fit 12.1 cm without overlapping labels"),
        (
            ["kuhn", "--subtree", "Z"],
            "'Z' is neither a card, a chance action at the root nor an information set",
        ),
        (["kuhn", "--width", "15cm"], "--width sets a TikZ picture's width: use it with --format tikz"),
        (["kuhn", "--format", "tikz", "--width", "wide"], "--width must be a positive length such as 15cm"),
    ],
)
def test_draw_refusals_are_one_line_and_write_nothing(tmp_path, argv, message):
    out, err = io.StringIO(), io.StringIO()
    status = main(["draw", *argv, "--out", str(tmp_path / "out"), "--quiet"], out=out, err=err)
    assert status == 2 and out.getvalue() == "" and err.getvalue().count("\n") == 1
    assert message in err.getvalue() and not (tmp_path / "out").exists()


def test_draw_subtree_png_and_tikz(tmp_path):
    """--subtree on the command line for every format: the K:xb subtree has 4 leaves (2 nodes x fold/call)."""
    out = io.StringIO()
    assert main(["draw", "kuhn", "--subtree", "K:xb", "--out", str(tmp_path), "--quiet"], out=out) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kuhn_K_xb_equilibrium.png",
        "kuhn_K_xb_game_tree.png",
    ]
    assert (
        main(
            ["draw", "kuhn", "--subtree", "K", "--format", "tikz", "--out", str(tmp_path), "--quiet"], out=out
        )
        == 0
    )
    text = (tmp_path / "kuhn_K_equilibrium.tex").read_text()
    assert text.count("\\node[leaf]") == 10 and "KQ\\\\$\\frac{1}{2}$" in text


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_input_in_an_article_has_no_overfull_box(tmp_path):
    """Issue 26: \\input of `derive draw kuhn --format tikz` in a plain article overflowed by 335 pt;
    now no box is overfull, with a paragraph before it, and --width 15cm fits a 15 cm line."""
    out = io.StringIO()
    assert main(["draw", "kuhn", "--format", "tikz", "--out", str(tmp_path), "--quiet"], out=out) == 0
    assert (
        main(
            [
                "draw",
                "kuhn",
                "--subtree",
                "K",
                "--format",
                "tikz",
                "--width",
                "15cm",
                "--out",
                str(tmp_path / "w"),
                "--quiet",
            ],
            out=out,
        )
        == 0
    )
    (tmp_path / "art.tex").write_text(
        "\\documentclass{article}\n\\usepackage{amsmath,amssymb,tikz}\n\\begin{document}\n"
        "Some text before the pictures.\n\n\\input{kuhn_game_tree.tex}\n\n\\input{kuhn_equilibrium.tex}\n"
        "\\end{document}\n"
    )
    (tmp_path / "w15.tex").write_text(
        "\\documentclass{article}\n\\usepackage[textwidth=15cm]{geometry}\n\\usepackage{amsmath,amssymb,tikz}\n"
        "\\begin{document}\nText.\n\n\\input{w/kuhn_K_equilibrium.tex}\n\\end{document}\n"
    )
    for document in ("art", "w15"):
        proc = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{document}.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stdout[-1500:]
        log = (tmp_path / f"{document}.log").read_text(errors="replace")
        assert "Overfull" not in log and "Underfull \\vbox" not in log
