"""The thesis's derivation and document for a game without the builder's metadata (issue 40).

Kuhn poker typed in as a plain ``Game`` (exported to Gambit's .efg and read back: no rules, no
situation names) gets the same value, the same one-parameter opener family (Kuhn's α under a
relabelling), the dealer's unique strategy and the same dominated plans as the thesis's Kuhn poker,
and the thesis's sections with generated names.
"""

from __future__ import annotations

import io

import pytest
import sympy as sp

from derive.cli import main
from derive.derivation.thesis import derive, derive_kuhn, named_sequences
from derive.extensive_form import decision, extensive_form, payoff
from derive.extensive_form.game import GameModelError, NotSupportedError
from derive.formats import read_game, save_efg
from derive.games.one_card import KUHN_PARAMETERS, alpha, kuhn_poker, to_extensive_form
from derive.presentation.document import document_inputs, panel_pages, thesis_document

t = sp.Symbol("t_1", real=True)


@pytest.fixture(scope="module")
def efg(tmp_path_factory):
    path = tmp_path_factory.mktemp("plain") / "kuhn.efg"
    save_efg(to_extensive_form(kuhn_poker()), path)
    return path


@pytest.fixture(scope="module")
def plain(efg):
    return derive(read_game(efg))


@pytest.fixture(scope="module")
def thesis():
    return derive_kuhn()


def _thesis_label(label: str) -> str:
    """A plain game's plan label as the thesis writes it: the dealer's ``K:b:call`` is ``K:call``."""
    parts = label.split(":")
    return label if len(parts) == 2 else f"{parts[0]}:{parts[2]}"


def test_plain_kuhn_has_no_metadata_and_generated_names(plain):
    assert "rules" not in plain.game.metadata and "situation_names" not in plain.game.metadata
    assert plain.key == "kuhn_poker" and plain.name == "Kuhn poker" and plain.players == ("opener", "dealer")
    assert plain.sets.families[0].parameters == (t,)
    assert plain.source == "" and plain.parameter_payoff is None and plain.full_sets is None


def test_value_and_the_opener_family_match_kuhns_alpha(plain, thesis):
    assert plain.sets.value == thesis.sets.value == sp.Rational(-1, 18)
    opener = plain.sets.families[0]
    assert opener.dimension == 1 and opener.interval == sp.Interval(0, 1)
    assert sorted(v[t] for v in opener.vertices) == [0, 1]
    # relabelled: α is the probability of betting Q, an affine function of t_1
    a = opener.probability("Q:bet")
    assert sp.expand(a) == sp.Rational(1, 3) - t / 3
    assert {a.subs(v) for v in opener.vertices} == {0, sp.Rational(1, 3)}  # Kuhn's α ∈ [0, 1/3]
    kuhn = thesis.sets.families[0]
    assert kuhn.interval == sp.Interval(0, sp.Rational(1, 3))
    at_alpha = sp.solve(sp.Eq(a, alpha), t)[0]
    for plan, value in opener.plans.items():
        assert sp.expand(value.subs(t, at_alpha) - kuhn.probability(plan.label)) == 0, plan.label
    # the vertices are the same strategies
    plain_vertices = {
        tuple(sorted((p.label, v.subs(x)) for p, v in opener.plans.items())) for x in opener.vertices
    }
    kuhn_vertices = {
        tuple(sorted((p.label, v.subs(x)) for p, v in kuhn.plans.items())) for x in kuhn.vertices
    }
    assert plain_vertices == kuhn_vertices


def test_the_dealer_is_unique_and_bluffs_and_calls_a_third(plain, thesis):
    dealer = plain.sets.families[1]
    assert dealer.dimension == 0
    assert dealer.probability("Q:x:bet") == dealer.probability("K:b:call") == sp.Rational(1, 3)
    assert {_thesis_label(p.label): v for p, v in dealer.plans.items()} == {
        p.label: v for p, v in thesis.sets.families[1].plans.items()
    }


def test_the_same_plans_are_eliminated(plain, thesis):
    def eliminated(d, relabel):
        return {(e.round, e.plan.player, relabel(e.plan.label), e.kind) for e in d.dominance.eliminated}

    assert eliminated(plain, _thesis_label) == eliminated(thesis, str)
    assert len(plain.dominance.eliminated) == 7


def test_checks_equilibrium_and_situation_values(plain):
    assert all(c.all_optimal for c in plain.checks)
    assert plain.equilibrium.value == sp.Rational(-1, 18)
    assert [i.label for i in plain.equilibrium.off_path] == ["A:xb"]
    opener = {v.situation: {p.plan.name: p.conditional for p in v.values} for v in plain.values[0]}
    assert opener["K"] == {
        "bet": sp.Rational(-1, 2),
        "checkfold": sp.Rational(-1, 3),
        "checkcall": sp.Rational(-1, 3),
    }
    assert opener["A"]["bet"] == opener["A"]["checkcall"] == sp.Rational(7, 6)


def test_a_named_parameter_is_kuhns_alpha(efg):
    d = derive(read_game(efg), {"alpha": "Q:bet"}, refine="none")
    opener = d.sets.families[0]
    a = sp.Symbol("alpha", real=True)
    assert opener.parameters == (a,) and opener.interval == sp.Interval(0, sp.Rational(1, 3))
    assert opener.probability("A:bet") == 3 * a
    assert "Q:bet" in d.meanings[a]


def test_named_sequences_and_refusals(efg):
    game = read_game(efg)
    (n,) = named_sequences(game, {"eta": "K:b:call"})
    assert (n.player, n.infoset, n.action, n.conditional) == (1, "K:b", "call", False)
    with pytest.raises(GameModelError, match="no sequence"):
        named_sequences(game, {"alpha": "Q:raise"})
    general_sum = extensive_form(
        ["A", "B"], decision("A", "A", {"l": payoff(1, 1), "r": payoff(0, 0)}), title="coordination"
    )
    with pytest.raises(NotSupportedError, match="constant-sum"):
        derive(general_sum)


def test_the_builders_game_gives_the_thesis_families_through_derive():
    d = derive(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS, refine="none")
    assert d.sets.families[0].parameters == (alpha,)
    assert d.sets.families[0].interval == sp.Interval(0, sp.Rational(1, 3))


def test_the_document_has_the_thesis_sections_in_generated_names(plain):
    text = thesis_document(document_inputs([plain]))
    for section in (
        "\\section{Kuhn poker}",
        "\\subsection{The game}",
        "\\subsection{Dominated choices}",
        "\\subsection{The expected payoff as a bilinear form}",
        "\\subsection{Indifference equations and the optimal strategies}",
        "\\subsection{Verification}",
        "\\subsection{Play off the path: the quasi-perfect equilibrium}",
        "\\paragraph{Every plan of the opener against the dealer's optimal strategy.}",
        "\\paragraph{Every plan of the dealer against the opener's optimal family.}",
        "t_{1} \\in \\left[0, 1\\right]",
        "situation by situation",
        "\\caption{at K:b}",
    ):
        assert section in text, section
    assert "card" not in text and "holds" not in text and "holding" not in text
    assert [(p, c) for p, _name, c in panel_pages(plain)] == [
        (0, "Q"),
        (0, "K"),
        (0, "A"),
        (1, "K:x"),
        (1, "K:b"),
        (1, "A:x"),
        (1, "A:b"),
        (1, "Q:x"),
        (1, "Q:b"),
    ]


def test_the_document_of_a_game_with_its_own_players(tmp_path):
    from derive.games.registry import load_game

    d = derive(load_game("myerson"), refine="none")
    text = thesis_document(document_inputs([d]))
    assert "Fred's strategy must make Alice indifferent" in text
    assert "opener" not in text and "dealer" not in text and "∅" not in text


def test_cli_sections_thesis_writes_the_document(efg, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    status = main(["latex", str(efg), "--sections", "thesis", "--out", str(tmp_path)], out=out, err=err)
    assert status == 0, err.getvalue()
    assert (tmp_path / "kuhn.tex").exists() and (tmp_path / "kuhn_strategy_panels.pdf").exists()
    assert "\\subsection{The game}" in (tmp_path / "kuhn.tex").read_text()
    status = main(["latex", "--sections", "general", "--out", str(tmp_path)], out=out, err=err)
    assert status == 2 and "needs a game" in err.getvalue()


def test_the_slider_moves_along_a_plain_games_family(plain):
    pytest.importorskip("ipywidgets")
    from derive.presentation.widgets import FamilyExplorer

    explorer = FamilyExplorer(plain.sets, 0, steps=4, draw=False)
    assert explorer.symbol == t
    for _label, value in explorer.parameter.options:
        explorer.parameter.value = value
        assert explorer.state["exploitability"] == 0
    explorer.off_family.value = sp.Rational(1, 4)
    assert explorer.state["exploitability"] > 0
    with pytest.raises(ValueError, match="dealer's optimal set has dimension 0"):
        FamilyExplorer(plain.sets, 1, draw=False)
