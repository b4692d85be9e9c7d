"""Strategy trees drawn from a general Game (derive.figures.draw_strategy_tree) and in the general document."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from matplotlib.figure import Figure

from derive.figures import draw_strategy_tree
from derive.games.one_card import kuhn_poker, to_extensive_form
from derive.games.registry import load_game
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

THIRD, TWO_THIRDS = r"$\dfrac{1}{3}$", r"$\dfrac{2}{3}$"


def texts(fig: Figure) -> dict[str, str]:
    """``gid -> text`` of every text in the figure that has a gid."""
    return {t.get_gid(): t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_gid()}


@functools.cache
def kuhn_plain():
    """Kuhn poker as a plain Game without the builder's metadata (as read from a .efg file), solved."""
    game = dataclasses.replace(to_extensive_form(kuhn_poker()), metadata={})
    return game, solve_zero_sum(game)


def test_kuhn_plain_game_dealer_calls_king_with_one_third():
    """Kuhn (1950): the dealer calls a bet holding K with probability 1/3 and bets Q when checked to
    with 1/3; one panel per situation, headed by its label."""
    game, solution = kuhn_plain()
    assert solution.strategies[1]["K:b"]["call"] == pytest.approx(1 / 3)  # the equilibrium derive reports
    t = texts(draw_strategy_tree(game, 1, solution.strategies[1]))
    assert t["edge:K:b:call"] == THIRD and t["edge:K:b:fold"] == TWO_THIRDS
    assert t["edge:Q:x:bet"] == THIRD and t["edge:Q:x:check"] == TWO_THIRDS
    assert t["edge:A:b:call"] == "$1$" and t["edge:Q:b:fold"] == "$1$"
    assert t["edge:A:x:bet"] == "$1$"
    heads = {gid: text for gid, text in t.items() if gid.startswith("node:")}
    assert heads == {f"node:{c}:{h}": f"{c}:{h}" for c in "QKA" for h in "xb"}
    assert t["title"] == "Dealer's strategy, Kuhn poker"


def test_kuhn_plain_game_opener_tree_and_own_unreached_play():
    """The opener's tree goes check -> (the dealer bets) -> his decision facing the bet; with A he never
    checks, so A:xb is not reached by his own play: its probabilities are printed, the edges dotted."""
    game, solution = kuhn_plain()
    fig = draw_strategy_tree(game, 0, solution.strategies[0])
    t = texts(fig)
    assert t["node:K"] == "K" and t["node:K:xb"] == "K:xb"
    assert t["edge:K:xb:call"] == TWO_THIRDS and t["edge:K:xb:fold"] == THIRD
    assert t["edge:Q:bet"] == THIRD and t["edge:A:bet"] == "$1$"
    assert t["plan:K:checkcall"] == "checkcall" and t["plan:A:bet"] == "bet"
    assert t["edge:A:xb:call"] == "$1$"  # quasi-perfect: call, where his own play never goes
    lines = {ln.get_gid(): ln for ln in fig.axes[0].lines if ln.get_gid()}
    assert lines["line:A:xb:call"].get_linestyle() != "-"
    assert lines["line:K:xb:call"].get_linestyle() == "-"


def test_kuhn_with_metadata_names_situations():
    """The builder's situation names head the panels; a choice of situations draws only those."""
    game = to_extensive_form(kuhn_poker())
    strategies = solve_zero_sum(game).strategies
    t = texts(draw_strategy_tree(game, 1, strategies[1], situations=["K:b"]))
    assert t["node:K:b"] == "K, bet to" and t["edge:K:b:call"] == THIRD
    assert "node:K:x" not in t
    with pytest.raises(ValueError, match="situations"):
        draw_strategy_tree(game, 1, strategies[1], situations=["K"])


def test_myerson_panels_names_and_probabilities():
    """Myerson's card game: Fred raises red always and black 1/3; Alice meets 2/3 (value 1/3)."""
    game = load_game("myerson")
    strategies = solve_zero_sum(game).strategies
    fred = texts(draw_strategy_tree(game, 0, strategies[0]))
    assert fred["node:Red"] == "Red" and fred["node:Black"] == "Black"
    assert fred["edge:Red:Raise"] == "$1$" and fred["edge:Red:Fold"] == "$0$"
    assert fred["edge:Black:Raise"] == THIRD and fred["edge:Black:Fold"] == TWO_THIRDS
    alice = texts(draw_strategy_tree(game, 1, strategies[1]))
    assert alice["node:raised"] == "raised"
    assert alice["edge:raised:Meet"] == TWO_THIRDS and alice["edge:raised:Pass"] == THIRD
    # the same strategy as plan probabilities (game_plan_form's plan labels)
    plans = texts(draw_strategy_tree(game, 0, {"Red:Raise": 1, "Black:Raise": "1/3", "Black:Fold": "2/3"}))
    assert plans["edge:Black:Raise"] == THIRD and plans["edge:Red:Raise"] == "$1$"


def test_behaviour_errors_name_the_information_set():
    """A missing or unknown information set, an unknown action, a sum other than 1 or a bad player: one
    ValueError naming it."""
    game = load_game("myerson")
    good = {"Red": {"Raise": 1, "Fold": 0}, "Black": {"Raise": "1/3", "Fold": "2/3"}}
    with pytest.raises(ValueError, match="'Black'"):
        draw_strategy_tree(game, 0, {"Red": good["Red"]})
    with pytest.raises(ValueError, match="'Blue'"):
        draw_strategy_tree(game, 0, {**good, "Blue": {"Raise": 1}})
    with pytest.raises(ValueError, match="'Call'"):
        draw_strategy_tree(game, 0, {**good, "Red": {"Call": 1}})
    with pytest.raises(ValueError, match="add up to"):
        draw_strategy_tree(game, 0, {**good, "Red": {"Raise": "1/2", "Fold": "1/3"}})
    with pytest.raises(ValueError, match="player"):
        draw_strategy_tree(game, 2, good)


def test_several_own_decisions_after_one_action_meet_at_a_dot():
    """Where the opponent's move decides which own information set follows, the action's edge ends
    in a dot joined to each (the dealer's two situations per card have no own move before them)."""
    from derive.extensive_form.build import decision, extensive_form, payoff

    tree = decision(
        "A",
        "a",
        {
            "L": decision(
                "B",
                "b",
                {
                    "l": decision("A", "a2", {"x": payoff(1, -1), "y": payoff(0, 0)}),
                    "r": decision("A", "a3", {"x": payoff(2, -2), "y": payoff(0, 0)}),
                },
            ),
            "R": payoff(0, 0),
        },
    )
    game = extensive_form(["A", "B"], tree, title="fork")
    fig = draw_strategy_tree(
        game, 0, {"a": {"L": 1, "R": 0}, "a2": {"x": 1, "y": 0}, "a3": {"x": "1/2", "y": "1/2"}}
    )
    t = texts(fig)
    assert t["edge:a:L"] == "$1$" and t["edge:a3:x"] == r"$\dfrac{1}{2}$"
    assert t["plan:a:Lx"] == "Lx"
    assert [p.get_gid() for p in fig.axes[0].patches if p.get_gid() == "fork:a:L"] == ["fork:a:L"]


def test_general_document_includes_a_page_per_player(tmp_path):
    """derive latex myerson writes <stem>_strategy_trees.pdf, two pages, each included in the .tex."""
    from derive.presentation.general_document import write_general_document

    written = write_general_document(load_game("myerson"), tmp_path, "myerson")
    assert tmp_path / "myerson_strategy_trees.pdf" in written
    tex = (tmp_path / "myerson.tex").read_text()
    assert "\\section{The strategy trees}" in tex
    for page in (1, 2):
        assert f"\\includegraphics[page={page},width=\\linewidth" in tex
        assert (
            f"[page={page},width=\\linewidth,height=0.42\\textheight,keepaspectratio]{{myerson_strategy_trees.pdf}}"
            in tex
        )
    assert (tmp_path / "myerson_strategy_trees.pdf").read_bytes().count(b"/Type /Page ") == 2


def test_general_sum_document_draws_its_first_equilibrium(tmp_path):
    """Beer-quiche: the trees of the first extreme equilibrium the document lists."""
    from derive.presentation.general_document import write_general_document

    write_general_document(load_game("beer-quiche"), tmp_path, "bq")
    tex = (tmp_path / "bq.tex").read_text()
    assert "strategy in extreme equilibrium 1" in tex
    assert "{bq_strategy_trees.pdf}" in tex and (tmp_path / "bq_strategy_trees.pdf").exists()


def test_too_many_leaves_is_a_sentence_not_a_figure(tmp_path, monkeypatch):
    """Past the cap of leaves the document says why the trees are not drawn and writes no figure."""
    import derive.figures.strategy_tree as st
    from derive.presentation.general_document import write_general_document

    monkeypatch.setattr(st, "MAX_STRATEGY_TREE_LEAVES", 3)
    write_general_document(load_game("myerson"), tmp_path, "m")
    tex = (tmp_path / "m.tex").read_text()
    assert "The strategy trees are not drawn: Fred's has 4 leaves in 2 situations, more than the 3" in tex
    assert not (tmp_path / "m_strategy_trees.pdf").exists()
