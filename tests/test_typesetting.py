"""Typesetting a reader trusts (issue 39, items 7 and 8): names of several letters as one word, no label
inside a formula, LaTeX output that is all LaTeX, values rather than reprs, plurals that agree, and
``derive continuum --list``."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy as sp

from derive.cli import main
from derive.presentation.latex import LabelInFormulaError, SymbolLegend, to_latex
from derive.presentation.text import count, plural

ROOT = Path(__file__).resolve().parents[1]


# --- one printer for every symbol ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name, tex",
    [
        ("bet", r"\mathit{bet}"),
        ("ante", r"\mathit{ante}"),
        ("bet2", r"\mathit{bet}_{2}"),
        ("bet_1", r"\mathit{bet}_{1}"),
        ("bet_{J}", r"\mathit{bet}_{J}"),
        ("alpha", r"\alpha"),
        ("beta'", r"\beta'"),
        ("alpha_{J}", r"\alpha_{J}"),
        ("varepsilon", r"\varepsilon"),
        ("b", "b"),
        ("B", "B"),
        ("x_1", "x_{1}"),
        ("b11", "b_{11}"),
        ("x[A:checkraise]", r"x_{A}^{\mathrm{checkraise}}"),
    ],
)
def test_symbol_names_print_as_one_word_greek_or_subscripted(name, tex):
    """A name of several letters is one italic word (``\\mathit{bet}``), never the product b·e·t;
    Greek names stay Greek, single letters italic, subscripts as subscripts."""
    assert to_latex(sp.Symbol(name)) == tex


def test_a_formula_in_bet_is_never_b_e_t():
    bet = sp.Symbol("bet", positive=True)
    tex = to_latex(2 * bet - bet**2 / 6)
    assert tex == r"- \frac{\mathit{bet}^{2}}{6} + 2 \mathit{bet}"
    assert not re.search(r"(?<![\\{a-z])bet", tex)


def test_the_package_prints_latex_in_one_place():
    """Every LaTeX the package writes goes through derive.notation.latex.to_latex (documents,
    figure labels, the continuum document, the hand tables): no call of sympy's own ``latex``."""
    found = []
    for path in sorted((ROOT / "derive").rglob("*.py")):
        if path == ROOT / "derive" / "notation" / "latex.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "latex" and isinstance(node.value, ast.Name):
                if node.value.id in ("sp", "sympy"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sympy"):
                if any(a.name == "latex" for a in node.names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_figure_labels_use_the_same_printer():
    from derive.figures.labels import _mathtext

    assert _mathtext(sp.Symbol("bet") / 2) == r"$\dfrac{\mathit{bet}}{2}$"


def test_parametric_value_figure_names_the_parameter_as_one_word():
    """The --param figure's breakpoint labels (``bet = 1``) are the same LaTeX, in matplotlib's mathtext."""
    import matplotlib

    matplotlib.use("Agg")
    from derive.figures.value_plots import draw_parametric_value
    from derive.games.one_card import one_card_poker, to_extensive_form
    from derive.solving.parameters.parametric_lp import parametric_solve

    bet = sp.Symbol("bet", positive=True)
    solution = parametric_solve(to_extensive_form(one_card_poker(3, 1, bet=bet)), bet, sp.Rational(1, 4), 3)
    texts = [t.get_text() for ax in draw_parametric_value(solution).axes for t in ax.texts]
    assert r"$\mathit{bet} = 1$" in texts, texts


# --- labels never sit inside arithmetic ----------------------------------------------------------


def test_a_label_symbol_needs_a_legend():
    """``Q:xxbf>call`` is an information set and an action: printed alone it would read as letters
    multiplied and compared, so the printer refuses it; a legend names it ``p_{k}`` and says what it is."""
    call = sp.Symbol("Q:xxbf>call")
    with pytest.raises(LabelInFormulaError, match="SymbolLegend"):
        to_latex(1 - call)
    legend = SymbolLegend(meanings={call: "P2's probability of call at Q:xxbf"})
    assert legend.latex(1 - call) == "1 - p_{1}"
    assert to_latex(2 * call, legend=legend) == "2 p_{1}"
    assert legend.legend_latex() == (
        "\\begin{tabular}{@{}l@{\\quad}l@{}}\n$p_{1}$ & P2's probability of call at Q:xxbf \\\\\n\\end{tabular}\n"
    )


def _math_parts(latex: str) -> list[str]:
    """The mathematics of a LaTeX fragment: ``$...$`` and ``align*`` bodies."""
    parts = re.findall(r"\\begin\{align\*\}(.*?)\\end\{align\*\}", latex, flags=re.S)
    rest = re.sub(r"\\begin\{align\*\}.*?\\end\{align\*\}", "", latex, flags=re.S)
    return parts + re.findall(r"\$([^$]*)\$", rest)


@pytest.fixture(scope="module")
def kuhn3_family():
    from derive.games.registry import load_game
    from derive.games.three_player_kuhn import szafron_gibson_sturtevant_family
    from derive.solving.families.indifference import family_from_support, support_of
    from derive.verification.profile_family import check_profile_family

    game = load_game("kuhn3")
    family = family_from_support(game, support_of(szafron_gibson_sturtevant_family(3).strategies))
    check = check_profile_family(game, family.strategies, family.conditions)
    assert check.is_equilibrium
    return game, family, check.payoffs


def test_three_player_family_latex_has_no_label_inside_math(kuhn3_family):
    """Three-player Kuhn poker's family derived from sub-family 3's support: every formula (payoffs,
    solved unknowns, domain, play) is LaTeX in symbols ``p_{k}``, and the table of symbols says which
    player's probability of which action at which information set each one is."""
    from derive.presentation.family_latex import support_family_latex

    game, family, payoffs = kuhn3_family
    tex = support_family_latex(game, family, payoffs)
    maths = _math_parts(tex)
    assert maths and all(":" not in m and ">" not in m and "<" not in m for m in maths), [
        m for m in maths if re.search("[:<>]", m)
    ]
    assert "\\texttt{K:b}" in tex  # labels are text
    n = len(family.parameters) + len(family.solution)
    legend = re.findall(r"^\$p_\{(\d+)\}\$ & (.*) \\\\$", tex, flags=re.M)
    assert [int(k) for k, _ in legend] == list(range(1, n + 1))
    assert all(re.fullmatch(r"P[123]'s probability of (bet|call) at [JQKA](:[xbfc]+)?", m) for _, m in legend)


def test_three_player_family_latex_compiles(kuhn3_family, tmp_path):
    from derive.presentation.family_latex import support_family_latex

    if shutil.which("pdflatex") is None:
        if os.environ.get("CI"):
            pytest.fail("pdflatex is required in CI (.ci/run installs it)")
        pytest.skip("pdflatex not installed")
    game, family, payoffs = kuhn3_family
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\n\\usepackage[margin=2cm]{geometry}\n\\usepackage{amsmath}\n"
        "\\begin{document}\n" + support_family_latex(game, family, payoffs) + "\\end{document}\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]


# --- plurals agree ------------------------------------------------------------------------------


def test_count_and_plural():
    assert count(1, "HTML file") == "1 HTML file" and count(0, "HTML file") == "0 HTML files"
    assert count(1, "vertex", "vertices") == "1 vertex" and count(3, "vertex", "vertices") == "3 vertices"
    assert plural(1, "is", "are") == "is" and plural(2, "is", "are") == "are"


def test_one_of_a_thing_is_singular():
    from derive.extensive_form import decision, extensive_form, payoff
    from derive.presentation.game_summary import game_header

    game = extensive_form(
        ["Ann"], decision("Ann", "only", {"a": payoff(1), "b": payoff(0)}), title="one choice"
    )
    assert "1 information set," in repr(game) and "1 player (Ann)" in game_header(game)


def test_messages_count_one_in_the_singular():
    from derive.extensive_form.game import GameModelError
    from derive.games.matrix import read_matrix

    with pytest.raises(GameModelError, match="row 2 has 1 entry, row 1 has 2"):
        read_matrix("[[1,2],[3]]")


# --- the continuum document is all LaTeX; derive continuum --list -------------------------------


@pytest.mark.parametrize("model", ["von-neumann", "borel", "kuhn-continuum"])
def test_continuum_latex_has_no_python_syntax(model, capsys):
    """`derive continuum MODEL --latex`: every formula through the LaTeX printer, no ``**`` or ``*``."""
    assert main(["continuum", model, "--latex", "--quiet"]) == 0
    tex = capsys.readouterr().out
    assert "**" not in tex and not re.search(r"[\w}]\*[\w(]", tex)
    for m in _math_parts(tex):
        assert "**" not in m and "*" not in m.replace("align*", "")
    assert "1 candidate tried" in tex and "candidate(s)" not in tex


def test_continuum_says_what_was_read_off_where_nothing_was_proved():
    """README and messages agree: the search reads off the exact 40-card game (at each sample bet) and
    edits it at most 4 times; there is no 80-card read-off."""
    from derive.continuum.derivation import ContinuumDerivation
    from derive.continuum.report import continuum_latex, continuum_text
    from derive.continuum.rules import continuum_model
    from derive.continuum.structure import DEFAULT_DECK, MAX_EDITS

    d = ContinuumDerivation(continuum_model("karlin-restrepo-5"), (), (sp.Integer(1), sp.Rational(1, 2)))
    text = continuum_text(d)
    assert (
        f"at the bets 1, 1/2 no threshold structure within {MAX_EDITS} edits of the order read off the exact "
        f"{DEFAULT_DECK}-card game was proved" in text
    )
    assert r"at the bets $1$, $\frac{1}{2}$ no threshold structure" in continuum_latex(d)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "80-card" not in readme and f"{DEFAULT_DECK}-card game (at B = 1 and at B = 1/2)" in readme
    assert "at the bet 2 no" in continuum_text(ContinuumDerivation(d.rules, (), (sp.Integer(2),)))


def test_continuum_list_names_every_model_with_its_source(capsys):
    from derive.continuum.rules import MAX_CONTINUUM_BETS, MODELS, continuum_model

    assert main(["continuum", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split()[0] for line in lines]
    assert names == [*MODELS, "karlin-restrepo-K", "newman", "limit-poker", "endgame"]
    for line in lines[-3:-1]:  # the bettor's size chosen (derive.continuum.bet_size)
        assert "Newman (1959)" in line
    assert "Ferguson (2007)" in lines[-1]  # derive.continuum.endgame
    for name, line in zip(names[:-3], lines):
        rules = continuum_model(
            name if name != "karlin-restrepo-K" else f"karlin-restrepo-{MAX_CONTINUUM_BETS}"
        )
        assert line.endswith(f"[{rules.source}]") and re.search(r"\(\d{4}\)", line)
    assert main(["continuum"]) == 2 and "--list" in capsys.readouterr().err
    assert main(["continuum", "borel", "--list"]) == 2
    assert continuum_model("karlin-restrepo-1").name == "Karlin-Restrepo poker, 1 bet"


# --- values, not reprs ---------------------------------------------------------------------------


def test_actions_show_their_values():
    from derive.games.one_card import Action, one_raise_poker

    assert repr(one_raise_poker().legal_actions((Action.CHECK, Action.BET))) == "(fold, call, raise)"
    assert str(Action.BET) == "bet" and f"{Action.CHECK}" == "check"
