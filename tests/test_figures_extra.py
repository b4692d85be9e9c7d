"""Tests for the classroom figures of derive.figures: game tree, family plot, value by bet size, simulations."""

from __future__ import annotations

import functools

import pytest
import sympy as sp
from matplotlib.figure import Figure

from derive.figures import (
    draw_family_plans,
    draw_game_tree,
    draw_running_means,
    draw_value_by_bet_size,
    save_figure,
)
from derive.games.one_card import (
    ONE_RAISE_PARAMETERS,
    alpha,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,
)
from derive.solving.families.optimal_families import optimal_families
from derive.solving.zero_sum.from_rules import solve
from derive.verification.simulate import simple_strategies, simulate


@functools.cache
def one_raise():
    """The one-raise game's tree and its optimal sets (thesis's reduction, and the full game)."""
    game = to_extensive_form(one_raise_poker())
    return (
        game,
        optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans()),
        optimal_families(game, ONE_RAISE_PARAMETERS),
    )


def texts(fig: Figure) -> dict[str, str]:
    """``gid -> text`` of every text in the figure that has a gid."""
    return {t.get_gid(): t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_gid()}


def overlapping(fig: Figure, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """Pairs of drawn texts (gid prefix in ``kinds``) whose boxes overlap."""
    renderer = fig.canvas.get_renderer()
    boxes = []
    for t in fig.findobj(lambda a: hasattr(a, "get_text")):
        gid = t.get_gid()
        if gid and gid.split(":")[0] in kinds and t.get_text():
            patch = t.get_bbox_patch()
            boxes.append((gid, (patch or t).get_window_extent(renderer)))
    return [(a, b) for k, (a, ba) in enumerate(boxes) for b, bb in boxes[k + 1 :] if ba.overlaps(bb)]


def test_game_tree_one_card_texts():
    """Opener holds K: two deals, information-set labels, exact chance probabilities and payoffs in chips."""
    game = one_raise()[0]
    fig = draw_game_tree(game, cards=["K"])
    t = texts(fig)
    assert t["title"] == "Game tree, one-raise poker: the opener holds K"
    assert t["deal:KQ"] == "dealer Q\n1/6" and t["deal:KA"] == "dealer A\n1/6"
    assert "deal:QK" not in t
    assert t["tree:KQ:"] == "K" and t["tree:KA:"] == "K"
    assert t["tree:KQ:xb"] == t["tree:KA:xb"] == "K:xb"
    assert t["tree:KQ:x"] == "Q:x" and t["tree:KA:x"] == "A:x"  # the dealer's nodes: different sets
    assert t["tree:KQ:xbr"] == "Q:xbr"
    assert t["leaf:KQ:xbc"] == "+2" and t["leaf:KA:xbc"] == "−2"
    assert t["leaf:KA:brc"] == "−3" and t["leaf:KQ:xbrf"] == "+2" and t["leaf:KQ:xbf"] == "−1"
    assert t["action:KQ:xbr"] == "raise" and t["action:KA:b"] == "bet"
    bridges = {p.get_gid() for p in fig.axes[0].patches if (p.get_gid() or "").startswith("infoset:")}
    assert bridges == {"infoset:K", "infoset:K:xb", "infoset:K:br"}
    fig.canvas.draw()
    assert overlapping(fig, ("tree", "leaf", "action", "deal", "legend", "title", "note")) == []


def test_game_tree_whole_game_and_kuhn():
    """All cards: one panel per opener card, 54 payoffs in the one-raise game, 30 in Kuhn poker."""
    game = one_raise()[0]
    t = texts(draw_game_tree(game))
    assert t["title"] == "Game tree, one-raise poker"
    assert sum(g.startswith("leaf:") for g in t) == 54
    assert {g.split(":")[1] for g in t if g.startswith("tree:")} == {"QK", "QA", "KQ", "KA", "AQ", "AK"}
    kuhn = to_extensive_form(kuhn_poker())
    fig = draw_game_tree(kuhn, title="Kuhn poker")
    k = texts(fig)
    assert sum(g.startswith("leaf:") for g in k) == 30 and k["title"] == "Kuhn poker"
    assert k["leaf:QK:bc"] == "−2" and k["leaf:AK:xx"] == "+1"
    fig.canvas.draw()
    assert overlapping(fig, ("tree", "leaf", "action", "deal")) == []


def test_game_tree_bad_cards():
    """Cards must be a non-empty selection of the deck."""
    game = one_raise()[0]
    for bad in (["J"], [], "Z"):
        with pytest.raises(ValueError, match="deck"):
            draw_game_tree(game, cards=bad)


def test_family_plans_one_raise_opener():
    """One panel per card; each line labelled with the plan and its exact probability in α."""
    game, sets, _ = one_raise()
    fig = draw_family_plans(game, sets.families[0], parameter_name="α: probability of checkraising the ace")
    t = texts(fig)
    assert t["plan:A:checkraise"] == r"checkraise  $\alpha$"
    assert t["plan:A:betcall"] == r"betcall  $1 - \alpha$"
    assert t["plan:Q:checkfold"] == r"checkfold  $\dfrac{\alpha + 2}{3}$"
    assert t["plan:K:checkcall"] == r"checkcall  $\dfrac{2 - \alpha}{3}$"
    assert "plan:K:betcall" not in t  # never played on the family
    assert [t[f"panel:{c}"] for c in "QKA"] == ["opener holds Q", "opener holds K", "opener holds A"]
    assert t["parameter"] == "α: probability of checkraising the ace"
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert len(axes) == 3 and axes[0].get_xlim() == (0.0, 1.0)
    fig.canvas.draw()
    assert overlapping(fig, ("plan",)) == []


def test_family_plans_fixed_and_errors():
    """A family with several parameters needs the others fixed; a unique strategy has nothing to vary."""
    game, sets, full = one_raise()
    opener = full.families[0]
    t_1, t_2 = opener.parameters[1:]
    fig = draw_family_plans(game, opener, alpha, fixed={t_1: 0, t_2: 0})
    assert texts(fig)["plan:A:checkcall"] == r"checkcall  $1 - \alpha$"
    betcall = draw_family_plans(game, opener, t_1, fixed={alpha: 0, t_2: 0})
    assert betcall.axes[0].get_xlim() == (0.0, 1.0)
    assert texts(betcall)["plan:A:betcall"] == "betcall  $t_{1}$"
    with pytest.raises(ValueError, match="cannot vary"):
        draw_family_plans(game, opener, t_1, fixed={alpha: 0, t_2: sp.Rational(1, 5)})
    with pytest.raises(ValueError, match="fix"):
        draw_family_plans(game, opener)
    with pytest.raises(ValueError, match="unique"):
        draw_family_plans(game, sets.families[1])
    with pytest.raises(ValueError, match="not a parameter"):
        draw_family_plans(game, sets.families[0], sp.Symbol("beta"))
    with pytest.raises(ValueError, match="outside"):
        draw_family_plans(game, opener, alpha, fixed={t_1: 2, t_2: 0})


def test_value_by_bet_size_texts_and_errors():
    """Exact values are labelled as fractions; the default labels the lowest value; bad input is refused."""
    series = {
        "Kuhn poker": {"1/2": "-1/60", 1: sp.Rational(-1, 18), 2: 0},
        "one raise": {sp.Rational(1, 2): sp.Rational(-1, 60), 1: sp.Rational(-1, 18), 2: 0},
    }
    fig = draw_value_by_bet_size(series, title="Value and bet size")
    t = texts(fig)
    assert t["title"] == "Value and bet size"
    assert t["value:0:1"] == r"$- \dfrac{1}{18}$"
    assert {line.get_gid() for line in fig.axes[0].lines} >= {"series:Kuhn poker", "series:one raise"}
    labelled = draw_value_by_bet_size(series, annotate=["1/2", 2])
    assert {g for g in texts(labelled) if g.startswith("value:")} == {"value:0:1/2", "value:0:2"}
    with pytest.raises(ValueError, match="no series"):
        draw_value_by_bet_size({})
    with pytest.raises(ValueError, match="no points"):
        draw_value_by_bet_size({"empty": {}})
    with pytest.raises(ValueError, match="exact"):
        draw_value_by_bet_size({"floats": {1: sp.Float(-0.05)}})


def test_running_means_texts_and_errors():
    """Each panel names the exact expected payoff and the final mean; inputs are checked."""
    game = to_extensive_form(kuhn_poker())
    eq = solve(game)
    sim = simulate(game, *eq.strategies, hands=3_000, seed=1)
    rock = simple_strategies(game, 1)["never bluff"]
    other = simulate(game, eq.strategies[0], rock, hands=500, seed=2)
    fig = draw_running_means([("equilibrium", sim, eq.value), ("vs rock", other, "-1/18")])
    t = texts(fig)
    assert t["exact:0"] == t["exact:1"] == r"exact $- \dfrac{1}{18}$"
    assert t["mean:0"].startswith("after 3,000 hands: ")
    assert f"{float(sim.mean):+.4f}".replace("-", "−") in t["mean:0"]
    fig.canvas.draw()
    with pytest.raises(ValueError, match="no simulation"):
        draw_running_means([])
    with pytest.raises(ValueError, match="columns"):
        draw_running_means([("x", sim, eq.value)], columns=0)
    with pytest.raises(ValueError, match="exact"):
        draw_running_means([("x", sim, sp.Symbol("v"))])


def figures() -> dict[str, Figure]:
    """One of each new figure, drawn afresh."""
    game, sets, _ = one_raise()
    kuhn = to_extensive_form(kuhn_poker())
    eq = solve(kuhn)
    return {
        "tree": draw_game_tree(game, cards=["K"]),
        "family": draw_family_plans(game, sets.families[0]),
        "values": draw_value_by_bet_size({"Kuhn poker": {"1/2": "-1/60", 1: "-1/18", 2: 0}}),
        "simulation": draw_running_means(
            [("equilibrium", simulate(kuhn, *eq.strategies, hands=2_000, seed=4), eq.value)]
        ),
    }


@pytest.mark.parametrize("suffix", [".png", ".pdf", ".svg"])
def test_new_figures_are_byte_identical(tmp_path, suffix):
    """Drawing and saving each new figure twice gives the same bytes."""
    first, second = figures(), figures()
    for name in first:
        a = save_figure(first[name], tmp_path / "a" / f"{name}{suffix}").read_bytes()
        b = save_figure(second[name], tmp_path / "b" / f"{name}{suffix}").read_bytes()
        assert a == b, name
