"""LaTeX of general games: exact strings for the fragments, escaping of any label, and a compiled document."""

from __future__ import annotations

import shutil
import subprocess

import pytest
import sympy as sp

from derive.extensive_form import decision, extensive_form, payoff
from derive.games.textbook import matching_pennies
from derive.presentation.general_latex import (
    bilinear_payoff_latex,
    derivation_document,
    escape_text,
    realization_constraints_latex,
    to_latex,
)
from derive.sequence_form.general import game_sequence_form
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum


def test_plan_symbols_print_with_their_labels():
    """x_{K:bet} prints as x_{\\text{K:bet}}, the empty sequence as \\emptyset, specials escaped."""
    assert to_latex(sp.Symbol("x_{K:bet}") / 3) == r"\frac{x_{\text{K:bet}}}{3}"
    assert to_latex(sp.Symbol("v_{∅}")) == r"v_{\emptyset}"
    assert to_latex(sp.Symbol("y_{50%_a&b}")) == r"y_{\text{50\%\_a\&b}}"
    assert escape_text("a\\b {c}") == r"a\textbackslash{}b \{c\}"


def test_matching_pennies_fragments():
    """The constraints and the payoff collected by the guesser's sequences, exactly."""
    sf = game_sequence_form(matching_pennies())
    assert realization_constraints_latex(sf, 1) == (
        "\\begin{align*}\ny_{\\emptyset} &= 1 \\\\\n"
        "y_{\\text{guess:heads}} + y_{\\text{guess:tails}} &= y_{\\emptyset}\n\\end{align*}"
    )
    assert bilinear_payoff_latex(sf, 1) == (
        "\\begin{align*}\nU_1 = {}&y_{\\text{guess:heads}} \\left(x_{\\text{coin:heads}} - x_{\\text{coin:tails}}\\right)"
        " \\\\\n&+ y_{\\text{guess:tails}} \\left(- x_{\\text{coin:heads}} + x_{\\text{coin:tails}}\\right)\n"
        "\\end{align*}"
    )


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_document_with_awkward_labels_compiles(tmp_path):
    """Labels with LaTeX specials (%, &, _, #, $, backslash, braces), card suits and CJK compile."""
    odd = ["50% & more ♠", "a_b#c 中", "$x$ {y}", "back\\slash"]
    g = extensive_form(
        ["P&1", "P_2"],
        decision(
            "P&1",
            odd[0],
            {
                odd[1]: decision("P_2", odd[2], {odd[3]: payoff(1, -1), "r": payoff(-1, 1)}),
                "other": decision("P_2", odd[2], {odd[3]: payoff(-1, 1), "r": payoff(1, -1)}),
            },
        ),
        title="Odd labels: 100% $ & _",
    )
    text = derivation_document(solve_zero_sum(g, all_optimal=True))
    (tmp_path / "odd.tex").write_text(text)
    proc = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "odd.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "odd.pdf").exists()


def test_symbols_a_user_names_print_as_greek_with_their_index():
    """Issue 10, item 7: alpha_{J} prints as \\alpha_{J} and beta_{Q,b} as \\beta_{Q,b} in every LaTeX output."""
    from derive.presentation.latex import to_latex as poker_latex

    for printer in (to_latex, poker_latex):
        assert printer(sp.Symbol("alpha_{J}")) == r"\alpha_{J}"
        assert printer(sp.Symbol("beta_{Q,b}")) == r"\beta_{Q,b}"
        assert printer(sp.Symbol("xi_{A}") + sp.Symbol("eta_{K}")) == r"\eta_{K} + \xi_{A}"


def test_words_in_math_are_upright_text():
    """Issue 26: Myerson's v_{raised} is set as \\text{raised}, not as the italic product r·a·i·s·e·d;
    single letters and numbers stay math indices."""
    assert to_latex(sp.Symbol("v_{raised}")) == r"v_{\text{raised}}"
    assert to_latex(sp.Symbol("v_{J}") + sp.Symbol("x_{12}")) == r"v_{J} + x_{12}"


def test_unicode_in_labels_and_titles_goes_through_one_escape():
    """Issue 26: a check mark in a title printed as <U+2713>; now symbols pdflatex can set are set,
    accented letters by accent commands, Greek letters in math; only what has no LaTeX form (CJK)
    keeps the code point."""
    from derive.presentation.latex import escape_text

    assert escape_text("Münze ✓ → čip α Ω ≤ Łódź") == (
        r"Münze $\checkmark$ $\to$ {\v{c}}ip $\alpha$ $\Omega$ $\le$ \L{}ód{\'{z}}"
    )
    assert escape_text("中") == r"\texttt{<U+4E2D>}"


def test_myerson_document_reads_right(tmp_path):
    """Issue 26: "U_1 = {}&y" keeps the space after "=", v_{raised} is text, the title's check mark is
    typeset; with --pdf only the PDF is left beside the source (--keep-tex-aux keeps .aux and .log)."""
    from derive.cli import main
    from derive.games.textbook import myerson_poker

    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed")
    game = myerson_poker()
    text = derivation_document(solve_zero_sum(game, all_optimal=True))
    assert "U_1 = {}&y_{\\text{raised:Meet}}" in text and "v_{\\text{raised}}" in text
    assert "\\section{Certificate}\nQuasi-perfect equilibrium" in text
    import io

    out, err = io.StringIO(), io.StringIO()
    assert main(["latex", "myerson", "--out", str(tmp_path / "a"), "--pdf", "--quiet"], out=out, err=err) == 0
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        "myerson.pdf",
        "myerson.tex",
        "myerson_game_tree.pdf",
        "myerson_strategy_trees.pdf",
    ]
    args = ["latex", "myerson", "--out", str(tmp_path / "b"), "--pdf", "--quiet", "--keep-tex-aux"]
    assert main(args, out=out, err=err) == 0
    assert {"myerson.aux", "myerson.log"} <= {p.name for p in (tmp_path / "b").iterdir()}
