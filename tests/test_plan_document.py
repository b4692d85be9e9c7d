"""The thesis's plan-level derivation in the document of any game: plans, dominated plans, per-situation values.

Values are checked by hand on Myerson's card game (Myerson 1991, section 2.1): Alice meets a raise
with probability 2/3, so Fred's raise with Red earns 2(2/3) + 1(1/3) = 5/3 given Red, his raise with
Black earns -2(2/3) + 1(1/3) = -1 given Black, the same as folding.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
import sympy as sp

from derive.dominance.plans import dominated_plans
from derive.extensive_form import decision, extensive_form, payoff
from derive.games.leduc import leduc_holdem
from derive.games.textbook import myerson_poker
from derive.presentation.general_document import plan_sections, write_general_document
from derive.presentation.general_latex import derivation_document
from derive.presentation.plan_latex import dominance_latex, plan_values_latex, plans_latex
from derive.sequence_form.plans import game_plan_form
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum


def _rows(text: str) -> list[str]:
    return [
        line for line in text.splitlines() if line.endswith("\\\\") and "&" in line and "toprule" not in line
    ]


def test_myerson_plans_table():
    """Fred has two situations (his card) with Raise and Fold; Alice one, plus plays where she never moves."""
    text = plans_latex(game_plan_form(myerson_poker()))
    assert "\\paragraph{Fred.} 2 situations, 4 plans." in text
    assert "Red & 2 & \\texttt{Raise}, \\texttt{Fold} \\\\" in text
    assert (
        "\\paragraph{Alice.} 1 situation, 2 plans, and the empty plan" in text
        and "for the plays on which Alice makes no move" in text
    )
    assert "(no move) & 1 & \\texttt{∅} \\\\" in text or "(no move) & 1 & \\texttt{$\\emptyset$} \\\\" in text


def test_myerson_dominance_with_reason():
    """Folding Red is weakly dominated by raising it (round 1): the table says so, with the witness."""
    result = dominated_plans(myerson_poker())
    text = dominance_latex(result)
    rows = _rows(text)
    assert len(rows) == len(result.eliminated) == 1
    assert rows[0].startswith(
        "1 & Fred & \\texttt{Red:Fold} & weak & \\texttt{Raise} & Fold at Red (instead of Raise)"
    )
    assert "After 1 round: Fred keeps 3 of 4 plans; Alice keeps 2 of 2 plans." in text


def test_myerson_values_against_the_optimal_strategy():
    """Each plan's value given the situation and its contribution, exact; the used plans earn the most."""
    game = myerson_poker()
    solution = solve_zero_sum(game)
    text = plan_values_latex(game_plan_form(game), solution.strategies)
    rows = _rows(text)
    assert "Red & \\texttt{Raise} $\\ast$ & $\\frac{5}{3}$ & $\\frac{5}{6}$ \\\\" in rows
    assert "Red & \\texttt{Fold}  & $1$ & $\\frac{1}{2}$ \\\\" in rows
    assert "Black & \\texttt{Raise} $\\ast$ & $-1$ & $- \\frac{1}{2}$ \\\\" in rows
    # Alice faces a raise with probability 1/2 + 1/2 * 1/3 = 2/3, from Red with 3/4: meeting loses 1 on average
    assert "raised & \\texttt{Meet} $\\ast$ & $-1$ & $- \\frac{2}{3}$ \\\\" in rows
    assert text.count("checked exactly") == 2
    assert "Check failed" not in text


def test_a_strategy_that_is_no_best_response_is_named():
    """Against Alice's optimal strategy, a Fred who folds Red uses a plan that does not earn the most."""
    game = myerson_poker()
    solution = solve_zero_sum(game)
    fred = {"Red": {"Raise": 0, "Fold": 1}, "Black": dict(solution.strategies[0]["Black"])}
    text = plan_values_latex(game_plan_form(game), (fred, solution.strategies[1]))
    assert "\\textbf{Check failed}: the plans \\texttt{Red:Fold} are used" in text


def test_long_tables_are_cut_with_totals():
    """max_rows=1 keeps one row per table and states how many are left out."""
    game = myerson_poker()
    text = plans_latex(game_plan_form(game), max_rows=1)
    assert "Table cut: 1 of 2 situations shown; 1 more are not printed." in text
    values = plan_values_latex(game_plan_form(game), solve_zero_sum(game).strategies, max_rows=1)
    assert "Table cut: 1 of 4 plans shown; 3 more are not printed." in values


def test_leduc_plans_are_counted_not_listed():
    """Leduc's situations have more plans than the cap: the document says so and why, with the count."""
    plan_form, dominance, note = plan_sections(leduc_holdem())
    assert plan_form is None and dominance is None
    assert "more than the cap of 4096" in note and "plans at situation" in note


def test_document_sections_in_order():
    """Plans and dominance come before the sequence form; the per-situation values before the certificate."""
    game = myerson_poker()
    plan_form, dominance, _ = plan_sections(game)
    text = derivation_document(
        solve_zero_sum(game, all_optimal=True), plan_form=plan_form, dominance=dominance
    )
    order = [
        "\\section{The game}",
        "\\section{Plans}",
        "\\section{Dominated plans}",
        "\\section{The sequence form}",
        "\\section{All optimal strategies}",
        "\\section{Every plan against the optimal strategy}",
        "\\section{Certificate}",
    ]
    positions = [text.index(s) for s in order]
    assert positions == sorted(positions)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_document_with_odd_labels_and_tikz_compiles(tmp_path):
    """Plans named by odd labels (%, &, _, #, $, braces, CJK) and the TikZ tree compile."""
    g = extensive_form(
        ["P&1", "P_2"],
        decision(
            "P&1",
            "50% & more",
            {
                "a_b#c 中": decision("P_2", "$x$ {y}", {"l": payoff(1, -1), "r": payoff(-1, 1)}),
                "other": decision("P_2", "$x$ {y}", {"l": payoff(-1, 1), "r": payoff(1, -1)}),
            },
        ),
        title="Odd labels",
    )
    written = write_general_document(g, tmp_path, "odd", compile_pdf=True)
    assert [p.name for p in written] == ["odd_game_tree.pdf", "odd_strategy_trees.pdf", "odd.tex", "odd.pdf"]
    tex = (tmp_path / "odd.tex").read_text()
    assert "\\begin{tikzpicture}" in tex and "\\section{Dominated plans}" in tex
    info = subprocess.run(["pdfinfo", str(tmp_path / "odd.pdf")], capture_output=True, text=True)
    assert info.returncode == 0


def test_document_cuts_constraints_payoff_and_equilibrium():
    """With max_rows=1 every long list of the document is cut, each with the count left out."""
    game = myerson_poker()
    text = derivation_document(
        solve_zero_sum(game), max_rows=1, families_note="The optimal sets are not derived as families here."
    )
    assert "(Cut: 1 of 2 information sets shown; 1 more are not printed.)" in text  # Fred's E x = e
    assert "(Cut: 1 of 3 terms shown; 2 more are not printed.)" in text  # U_1: two sequences and a constant
    assert "(Cut: 1 of 2 information sets of Fred shown; 1 more are not printed.)" in text
    assert "\\section{All optimal strategies}\nThe optimal sets are not derived as families here." in text


def test_leduc_document_states_its_caps(monkeypatch, tmp_path):
    """Leduc's document (no PDF): plans counted, not listed; optimal sets not derived, with the cap; cut lists."""
    import derive.presentation.general_document as gd

    monkeypatch.setattr(gd, "MAX_TIKZ_LEAVES", 0)
    written = write_general_document(leduc_holdem(), tmp_path, "leduc")
    tex = written[-1].read_text()
    assert "some situations have more plans than the 4,096 this document lists" in tex
    assert "dealer & \\texttt{J:x} & 532,899" in tex and "\\section{Dominated choices}" in tex
    assert "a player has 337 sequences, more than the 150 up to which" in tex
    assert "(Cut: 40 of 144 information sets shown; 104 more are not printed.)" in tex
    assert "The tree has 1116 leaves, too many to draw legibly" in tex


def test_payoff_in_plans_collected_by_the_opponent():
    """Myerson's game, Fred's Red:Fold removed: U = -x_{Black:Fold}/2 + y_Meet (x_RR - x_BR) + y_Pass (x_RR + x_BR)/2."""
    from derive.presentation.plan_latex import plan_payoff_latex

    pf = game_plan_form(myerson_poker())
    text = plan_payoff_latex(pf, dominated_plans(pf).excluded(), 1)
    assert text == (
        "\\begin{align*}\nU = {}&- \\frac{x_{\\text{Black:Fold}}}{2} \\\\\n"
        "&+ y_{\\text{raised:Meet}} \\left(- x_{\\text{Black:Raise}} + x_{\\text{Red:Raise}}\\right) \\\\\n"
        "&+ y_{\\text{raised:Pass}} \\left(\\frac{x_{\\text{Black:Raise}} + x_{\\text{Red:Raise}}}{2}\\right)\n"
        "\\end{align*}"
    )
    cut = plan_payoff_latex(pf, (), 1, max_rows=1)
    assert "Table cut: 1 of 3 terms shown; 2 more are not printed." in cut and "&+ \\dots" in cut


def test_a_cut_value_table_keeps_the_plans_the_equilibrium_uses():
    """With room for two rows of Fred's four, the two shown are among the three his equilibrium uses."""
    game = myerson_poker()
    solution = solve_zero_sum(game)
    text = plan_values_latex(game_plan_form(game), solution.strategies, max_rows=2)
    fred = text.split("\\paragraph{Alice")[0]
    rows = _rows(fred)
    assert len(rows) == 2 and all("$\\ast$" in r for r in rows)
    assert "Table cut: 2 of 4 plans shown; 2 more are not printed." in fred


def test_names_of_many_plans_are_cut():
    """A situation with 20 plans lists 12 names and counts the rest."""
    from derive.presentation.plan_latex import MAX_NAMES

    actions = {f"a{k}": payoff(k, -k) for k in range(20)}
    g = extensive_form(["A", "B"], decision("A", "s", actions))
    text = plans_latex(game_plan_form(g))
    assert MAX_NAMES == 12 and "\\texttt{a11}, \\dots{} (8 more)" in text and "a12}" not in text


def test_expected_payoff_constant_keeps_its_signs():
    """Myerson's U_1 ends -x_{Black:Fold}/2 + x_{Red:Fold}/2 (folding Red wins Fred the pot): a sum's signs are
    not flipped as a whole."""
    from derive.presentation.general_latex import bilinear_payoff_latex
    from derive.sequence_form.general import game_sequence_form

    text = bilinear_payoff_latex(game_sequence_form(myerson_poker()), 1)
    assert text.endswith(
        "&- \\frac{x_{\\text{Black:Fold}}}{2} + \\frac{x_{\\text{Red:Fold}}}{2}\n\\end{align*}"
    )


def test_latex_stops_deriving_families_at_the_time_limit(tmp_path, monkeypatch):
    """When the optimal sets take longer than the limit, the document is written without them and says so."""
    from derive.solving.limits import TimeLimitError

    def slow(game, all_optimal=False, **kwargs):
        if all_optimal:
            raise TimeLimitError(
                "the derivation of the optimal sets stopped at the time limit of 1 s while testing"
            )
        return solve_zero_sum(game, **kwargs)

    monkeypatch.setattr("derive.solving.zero_sum.sequence_form_lp.solve_zero_sum", slow)
    written = write_general_document(myerson_poker(), tmp_path, "m", time_limit=1)
    tex = written[-1].read_text()
    assert (
        "\\section{All optimal strategies}\nThe optimal sets are not derived as families here: the derivation"
        in tex
    )
    assert "(derive latex --time-limit SECONDS allows more)" in tex


def test_leduc_document_counts_plans_and_examines_choices():
    """Too many plans to list: the plans are counted per situation, the dominated choices found at the
    last decisions, and every choice valued against the optimal strategy, with the exact check."""
    from derive.dominance.choices import dominated_choices
    from derive.sequence_form.general import game_sequence_form

    game = leduc_holdem()
    _, _, note = plan_sections(game)
    choices = dominated_choices(game_sequence_form(game))
    text = derivation_document(solve_zero_sum(game), plan_note=note, choices=choices)
    order = [
        "\\section{Plans}",
        "\\section{Dominated choices}",
        "\\section{The sequence form}",
        "\\section{Every choice against the optimal strategy}",
        "\\section{Certificate}",
    ]
    assert all(s in text for s in order)
    assert [text.index(s) for s in order] == sorted(text.index(s) for s in order)
    assert "dealer & \\texttt{J:x} & 532,899" in text and "opener & \\texttt{J} & 47,125" in text
    assert "Table cut: 40 of 90 eliminated choices shown; 50 more are not printed." in text
    assert (
        "opener: 45 choices removed at 30 of 90 last decisions; dealer: 45 choices removed at 30 of 90 last decisions"
        in text
    )
    assert text.count("each choice it plays has the highest value there: checked exactly") == 2
    assert "Check failed" not in text


def test_the_no_move_row_is_valued_given_its_plays():
    """Alice makes no move when Fred folds (black, 2/3 of the time: reach 1/3); she wins 1 there, so the
    empty plan's value given its plays is 1 (its contribution 1/3), not the contribution itself."""
    from derive.sequence_form.plan_values import situation_values

    game = myerson_poker()
    fred = solve_zero_sum(game).strategies[0]
    silent = next(sv for sv in situation_values(game, 1, fred) if sv.situation is None)
    assert silent.reach == sp.Rational(1, 3)
    assert [(v.total, v.conditional) for v in silent.values] == [(sp.Rational(1, 3), 1)]
