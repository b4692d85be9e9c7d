"""Beliefs and sequential equilibria (Kreps & Wilson 1982), checked by hand against the textbooks.

Beer-quiche (Cho & Kreps 1987): both pooling components are sequential, the off-path belief that
the deviator is weak at least 1/2 (exactly 1/2 where the Receiver mixes).  Selten's horse (Selten
1975): the component (1, 1, 1) is sequential with player 3 believing player 1 deviated with
probability at most 1/3; the component (3, 2, 2) is not, as player 2's R is never a best reply.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.derivation.solve import solve
from derive.games.textbook import beer_quiche, job_market, selten_horse
from derive.solving.refinements.beliefs import assess, node_names, pure_family

R = sp.Rational


def _off_path(cell, label):
    return next(i for i in cell.infosets if i.infoset == label)


def test_beer_quiche_pooling_components_are_sequential_with_off_path_beliefs():
    s = solve(beer_quiche(), refine="sequential")
    assert [a.verdict for a in s.assessments] == ["every member", "every member"]
    for a, off, on in zip(s.assessments, ("beer", "quiche"), ("quiche", "beer")):
        t = a.family.parameter
        assert a.family.values == sp.Interval(0, R(1, 2))
        pure, mixing = a.cells
        assert pure.values == sp.FiniteSet(0) and mixing.values == sp.Interval.Lopen(0, R(1, 2))
        assert _off_path(pure, off).ranges == ((R(1, 2), 1), (0, R(1, 2)))
        assert _off_path(pure, off).text == f"μ(weak | {off}) >= 1/2"
        assert _off_path(mixing, off).ranges == ((R(1, 2), R(1, 2)), (R(1, 2), R(1, 2)))
        assert _off_path(mixing, off).mixing
        assert _off_path(pure, on).on_path and _off_path(pure, on).beliefs == (R(1, 10), R(9, 10))
        assert t is not None


def test_beer_quiche_prior_changes_the_on_path_belief_only():
    s = solve(beer_quiche(weak="1/3"), refine="sequential")
    a = s.assessments[0]
    assert a.verdict == "every member"
    assert _off_path(a.cells[0], "quiche").beliefs == (R(1, 3), R(2, 3))
    assert _off_path(a.cells[0], "beer").ranges[0] == (R(1, 2), 1)


def test_selten_horse_components():
    s = solve(selten_horse(), refine="sequential")
    good, bad = s.assessments
    assert good.family.payoffs == (1, 1, 1) and bad.family.payoffs == (3, 2, 2)
    assert good.family.values == sp.Interval(R(3, 4), 1)
    assert good.verdict == "every member"
    mixed, pure = good.cells
    assert mixed.values == sp.Interval.Ropen(R(3, 4), 1) and pure.values == sp.FiniteSet(1)
    third = _off_path(pure, "3:1")
    assert third.nodes == ("Player 1 R, Player 2 L", "Player 1 L")
    assert third.ranges == ((R(2, 3), 1), (0, R(1, 3)))  # player 1 deviated with probability <= 1/3
    assert _off_path(mixed, "3:1").ranges == ((R(2, 3), R(2, 3)), (R(1, 3), R(1, 3)))
    assert bad.family.values == sp.Interval(0, R(2, 3))
    assert bad.verdict == "none"
    assert bad.failure.startswith("at 2:1 (Player 2, off the path of play) no belief justifies R")
    assert "L pays Player 2 4 against 1 for R" in bad.failure


def test_a_pure_profile_and_the_node_names():
    g = selten_horse()
    a = assess(g, pure_family(g, {(0, "1:1"): "R", (1, "2:1"): "R", (2, "3:1"): "L"}))
    assert a.verdict == "every member" and a.family.parameter is None
    assert node_names(g, g.infoset(2, "3:1").nodes) == ("Player 1 R, Player 2 L", "Player 1 L")
    # the pure equilibrium (L, R, R) of the other component: no belief saves player 2's R
    b = assess(g, pure_family(g, {(0, "1:1"): "L", (1, "2:1"): "R", (2, "3:1"): "R"}))
    assert b.verdict == "none" and "2:1" in b.failure


def test_job_market_separating_and_pooling():
    s = solve(job_market(), refine="sequential")
    pooling, separating = s.assessments
    assert pooling.verdict == "every member" and separating.verdict == "every member"
    assert separating.family.payoffs == (R(7, 6), 1)
    pure = next(c for c in pooling.cells if isinstance(c.values, sp.FiniteSet))
    assert _off_path(pure, "educated").ranges[0] == (0, R(1, 2))  # an educated worker is high w.p. <= 1/2


def test_cli_json_components(capsys):
    from derive.cli.run import main

    assert main(["solve", "beer-quiche", "--all", "--refine", "sequential", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    first, second = doc["components"]
    assert first["payoffs"] == ["21/10", "9/10"] and second["payoffs"] == ["29/10", "9/10"]
    cells = first["sequential"]["cells"]
    beer = next(i for i in cells[0]["information_sets"] if i["information_set"] == "beer")
    assert beer["beliefs"] == {"weak": {"min": "1/2", "max": "1"}, "strong": {"min": "0", "max": "1/2"}}
    assert first["intuitive_criterion"]["verdict"] == "fails"
    assert (
        first["intuitive_criterion"]["deviation"] == "beer"
        and first["intuitive_criterion"]["type"] == "strong"
    )
    assert second["intuitive_criterion"]["verdict"] == "survives"
    assert first["d1"]["verdict"] == "fails" and second["d1"]["verdict"] == "survives"


def test_cli_errors(capsys):
    from derive.cli.run import main

    assert main(["solve", "selten-horse", "--refine", "intuitive"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "--refine intuitive" in err.err and len(err.err.strip().splitlines()) == 1
    assert main(["solve", "kuhn", "--refine", "sequential"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "--refine sequential needs the optimal sets" in err.err and "--all" in err.err


def test_latex_section_beer_quiche_and_selten_horse():
    from derive.derivation.general import solve_general
    from derive.presentation.general_sum_document import general_sum_document

    tex = general_sum_document(solve_general(beer_quiche()))
    section = tex[tex.index("\\section{Beliefs and refinements}") : tex.index("\\section{What was computed}")]
    assert "\\subsection{Component 1: payoffs $(\\frac{21}{10}, \\frac{9}{10})$}" in section
    assert "\\[ \\mu(\\text{weak} \\mid \\text{beer}) \\ge \\frac{1}{2} \\]" in section
    assert "\\[ \\mu(\\text{weak} \\mid \\text{quiche}) = \\frac{1}{10} \\]" in section
    assert section.count("\\emph{Sequential:} every member.") == 2
    assert "\\emph{Intuitive criterion:} fails at \\textsf{beer}." in section
    assert "\\emph{Intuitive criterion:} survives." in section and "quiche pooling fails." in section
    assert "\\emph{D1:} fails at \\textsf{beer}." in section and "beer pooling survives." in section

    tex = general_sum_document(solve_general(selten_horse()))
    section = tex[tex.index("\\section{Beliefs and refinements}") : tex.index("\\section{What was computed}")]
    assert "\\subsection{Component 1: payoffs $(1, 1, 1)$}" in section
    assert "\\mu(\\text{Player 1 R, Player 2 L} \\mid \\text{3:1}) \\ge \\frac{2}{3}" in section
    assert (
        "\\emph{Sequential:} no member. At 2:1 (Player 2, off the path of play) no belief justifies R"
        in section
    )
    assert "Intuitive criterion" not in section  # not a signalling game


def test_latex_section_refused_in_one_line():
    from derive.derivation.general import NO_BELIEFS, GeneralSolution
    from derive.presentation.belief_report import beliefs_latex

    s = GeneralSolution(beer_quiche(), "found", None, (), beliefs_refusal=NO_BELIEFS)
    assert beliefs_latex(s).splitlines()[1] == "Not derived: " + NO_BELIEFS + "."


def _entry_game():
    """Chance picks H (1/3) or L (2/3); player 1, who does not see it, stays Out (1, 0) or goes In;
    player 2, who does not see it either, answers a or b:
    H: a (0, 1), b (2, 0); L: a (0, 0), b (2, 1)."""
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    def branch(h):
        answer = decision("P2", "in", {"a": payoff(0, 1 if h else 0), "b": payoff(2, 0 if h else 1)})
        return decision("P1", "move", {"Out": payoff(1, 0), "In": answer})

    return extensive_form(["P1", "P2"], chance({"H": (R(1, 3), branch(True)), "L": (R(2, 3), branch(False))}))


def test_a_shared_deviation_fixes_the_beliefs():
    # (Out, a) is a Nash equilibrium, and a perfect Bayesian one with mu(H | in) >= 1/2; but both nodes of
    # "in" are reached by the one deviation In, so consistency fixes mu(H | in) = 1/3, the prior, where
    # b pays player 2 2/3 against 1/3: only (In, b) is sequential (by hand).
    g = _entry_game()
    out_a = assess(g, pure_family(g, {(0, "move"): "Out", (1, "in"): "a"}))
    assert out_a.verdict == "none"
    assert out_a.failure == (
        "at in (P2, off the path of play) consistency fixes the beliefs (μ(H | in) = 1/3, μ(L | in) = 2/3), "
        "and against them b pays P2 1/3 more than a, which is played there"
    )
    in_b = assess(g, pure_family(g, {(0, "move"): "In", (1, "in"): "b"}))
    assert in_b.verdict == "every member"
    out_b = assess(g, pure_family(g, {(0, "move"): "Out", (1, "in"): "b"}))  # not Nash, but b is right
    info = _off_path(out_b.cells[0], "in")
    assert info.determined and info.ranges == ((R(1, 3), R(1, 3)), (R(2, 3), R(2, 3)))
    assert info.text.startswith("μ(H | in) = 1/3 (fixed by consistency")


def test_kuhn_optimal_sets_are_sequential_where_decided():
    """Kuhn (1950): the opener's family, written here in x = x[A:xb:call] = 1 - 3 alpha (A checked with
    probability x), against the dealer's unique strategy.  At x = 0 (alpha = 1/3) the opener always bets
    A, so A:xb is off the path and his own moves avoid it; its node AK needs the dealer's bet with K
    (never made) besides the check with A, AQ only the check, so consistency puts mu(AQ | A:xb) = 1 and
    calling (2 against -1) is forced.  For 0 < x < 1 every information set with two nodes is on the
    path.  At x = 1 (alpha = 0) nobody bets first, and the dealer's three answers to a bet share the
    opener's deviations pairwise: refused with the reason."""
    from derive.games.registry import load_game

    s = solve(load_game("kuhn"), all_optimal=True, refine="sequential")
    (a,) = s.assessments
    t = a.family.parameter
    assert t.name == "x_{A:xb:call}" and a.family.values == sp.Interval(0, 1)
    assert a.family.payoffs == (R(-1, 18), R(1, 18))
    first, middle, last = a.cells
    assert first.values == sp.FiniteSet(0) and first.sequential
    axb = _off_path(first, "A:xb")
    assert not axb.on_path and axb.determined and axb.completion == ("call",)
    assert axb.nodes == ("AQ", "AK") and axb.ranges == ((1, 1), (0, 0))
    assert middle.values == sp.Interval.open(0, 1) and middle.sequential
    assert all(i.on_path for i in middle.infosets if len(i.nodes) > 1)
    assert last.values == sp.FiniteSet(1) and "coupled" in last.refusal
    assert a.verdict == "not decided"
    # on the path, the dealer with K checked to believes the opener holds Q with (x + 2)/(4x + 2)
    kx = _off_path(first, "K:x")
    assert kx.on_path and sp.simplify(kx.beliefs[0] - (t + 2) / (4 * t + 2)) == 0


def test_kuhn_cli_text(capsys):
    from derive.cli.run import main

    assert main(["solve", "kuhn", "--all", "--refine", "sequential"]) == 0
    out = capsys.readouterr().out
    assert "sequential: where 0 <= x[A:xb:call] < 1; not decided where x[A:xb:call] = 1" in out
    assert "so he plays call there (the only best reply)" in out


def _catalog_game(path):
    import pytest
    from gambit_api import CATALOG

    if CATALOG is None:
        pytest.skip("pygambit is not installed")
    from derive.formats.read import read_game

    return read_game(CATALOG / path)


def test_gambit_catalog_selten_1975_horse():
    """Gambit's file of Selten (1975), figure 1: the (1, 1, 1) component is sequential, (3, 2, 2) is not,
    as player 2's move off the path is never a best reply (Selten 1975, section 6)."""
    s = solve(_catalog_game("journals/ijgt/selten1975/fig1.efg"), refine="sequential")
    assert [(a.family.payoffs, a.verdict) for a in s.assessments] == [
        ((1, 1, 1), "every member"),
        ((3, 2, 2), "none"),
    ]


def test_gambit_catalog_myerson_1991_card_game():
    """Gambit's file of Myerson (1991), figure 2.1 (the card game): one equilibrium, worth 1/3 to player
    1, every information set on the path (each card is dealt), so it is sequential."""
    s = solve(_catalog_game("books/myerson1991/fig2_1.efg"), all_optimal=True, refine="sequential")
    (a,) = s.assessments
    assert a.family.payoffs == (R(1, 3), R(-1, 3)) and a.verdict == "every member"


def test_cli_beer_quiche_options_and_param(capsys):
    from derive.cli.run import main

    assert main(["solve", "beer-quiche:weak=1/3", "--all", "--refine", "intuitive"]) == 0
    out = capsys.readouterr().out
    assert "on the path, quiche (Receiver): μ(weak | quiche) = 1/3" in out
    assert "intuitive criterion: fails at beer" in out and "quiche pooling fails" in out
    assert "intuitive criterion: survives" in out and "beer pooling survives" in out
    assert main(["solve", "beer-quiche", "--param", "weak=1/10..1/3", "--all", "--refine", "intuitive"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and len(err.err.strip().splitlines()) == 1 and "--refine intuitive" in err.err
