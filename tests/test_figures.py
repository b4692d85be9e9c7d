"""Tests for derive.figures: strategy trees of the optimal families, and reproducible files."""

from __future__ import annotations

import functools

import pytest
import sympy as sp
from matplotlib.figure import Figure

from derive.figures import draw_strategy_tree, save_figure
from derive.games.one_card import (
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    alpha,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,
)
from derive.games.one_card.words import rules_of
from derive.sequence_form import plan_form
from derive.solving.families.optimal_families import optimal_families


@functools.cache
def kuhn():
    """Kuhn poker's tree and optimal families (cached: derived once per test session)."""
    game = to_extensive_form(kuhn_poker())
    return game, optimal_families(game, KUHN_PARAMETERS)


@functools.cache
def one_raise():
    """The one-raise game's tree and optimal families, without the thesis's stupid mistakes."""
    game = to_extensive_form(one_raise_poker())
    return game, optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())


def texts(fig: Figure) -> dict[str, str]:
    """``gid -> text`` of every text in the figure that has a gid."""
    return {t.get_gid(): t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_gid()}


def draw(which, player: int, **kwargs) -> Figure:
    """Draw ``player``'s optimal family of game ``which`` (kuhn or one_raise)."""
    game, sets = which()
    return draw_strategy_tree(game, player, sets.families[player].plans, **kwargs)


def test_kuhn_dealer_probabilities():
    """Kuhn's dealer: ξ = η = 1/3 (Kuhn 1950, p. 101), a certain bet with A, a certain fold with Q."""
    t = texts(draw(kuhn, 1))
    assert t["edge:Q:x:bet"] == r"$\dfrac{1}{3}$"
    assert t["edge:Q:x:check"] == r"$\dfrac{2}{3}$"
    assert t["action:Q:x:bet"] == "bet"
    assert t["edge:K:b:call"] == r"$\dfrac{1}{3}$"
    assert t["edge:A:x:bet"] == "$1$"
    assert t["edge:Q:b:fold"] == "$1$"
    assert t["edge:A:b:fold"] == "$0$"
    assert t["card:Q"] == "Q"
    assert t["node:Q:x"] == "checked to\n(Q:x)"
    assert t["node:Q:b"] == "bet to\n(Q:b)"


def test_kuhn_opener_family_in_alpha():
    """Kuhn's opener: bluff α with Q, bet 3α with A, call α + 1/3 with K after check, bet."""
    t = texts(draw(kuhn, 0))
    assert t["edge:Q:bet"] == r"$\alpha$"
    assert t["edge:Q:check"] == r"$1 - \alpha$"
    assert t["edge:A:bet"] == r"$3 \alpha$"
    assert t["edge:K:xb:call"] == r"$\alpha + \dfrac{1}{3}$"
    assert t["node:K:xb"] == "facing bet\n(K:xb)"
    assert t["plan:A:checkcall"] == "checkcall"
    assert t["plan:Q:bet"] == "bet"


def test_one_raise_opener_checkraises_the_ace_with_alpha():
    """One-raise game (Miao 2014): the opener checks A with probability α, then always raises."""
    t = texts(draw(one_raise, 0, title="Opener's optimal strategy, one-raise poker (α ∈ [0, 1])"))
    assert r"\alpha" in t["edge:A:check"]
    assert t["edge:A:check"] == r"$\alpha$"
    assert t["edge:A:bet"] == r"$1 - \alpha$"
    assert t["edge:A:xb:raise"] == "$1$"
    assert t["edge:Q:check"] == r"$\dfrac{\alpha + 2}{3}$"
    assert t["edge:Q:bet"] == r"$\dfrac{1 - \alpha}{3}$"
    assert t["node:Q:br"] == "facing raise\n(Q:br)"
    assert t["plan:A:checkraise"] == "checkraise"
    assert t["title"] == "Opener's optimal strategy, one-raise poker (α ∈ [0, 1])"


def test_unreached_decisions_are_marked_not_guessed():
    """The opener never bets K, so at K facing a raise there is no behaviour probability: "—"."""
    fig = draw(one_raise, 0)
    t = texts(fig)
    assert t["edge:K:bet"] == "$0$"
    assert t["edge:K:br:fold"] == "—"
    assert t["edge:K:br:call"] == "—"
    dealer = texts(draw(one_raise, 1))
    assert dealer["edge:K:xbr:fold"] == "—"  # the dealer never bets K when checked to
    assert dealer["edge:A:xbr:call"] == "$1$"


def test_edge_styles_follow_probabilities():
    """Probability 1 thick, mixed normal, probability 0 light grey dashed, unreached grey dotted."""
    lines = {ln.get_gid(): ln for ln in draw(one_raise, 1).axes[0].lines if ln.get_gid()}
    certain, mixed, never, unreached = (
        lines["line:A:x:bet"],
        lines["line:Q:x:bet"],
        lines["line:A:x:check"],
        lines["line:K:xbr:fold"],
    )
    assert certain.get_linewidth() > mixed.get_linewidth() > never.get_linewidth()
    assert certain.get_linestyle() == mixed.get_linestyle() == "-"
    assert never.get_linestyle() != "-" and unreached.get_linestyle() != "-"
    assert never.get_color() != mixed.get_color() and unreached.get_color() != mixed.get_color()


def test_default_title_and_all_texts_render():
    """The default title names the player and the game; every mathtext label parses when drawn."""
    for which in (kuhn, one_raise):
        for player in (0, 1):
            fig = draw(which, player)
            fig.canvas.draw()  # raises if sympy's LaTeX is not mathtext-compatible
            name = rules_of(which()[0]).name
            assert texts(fig)["title"] == f"{('Opener', 'Dealer')[player]}'s strategy, {name}"


def test_mathtext_has_no_left_right():
    r"""``\left(``/``\right)`` from sympy become plain parentheses, and the label still renders."""
    game = to_extensive_form(kuhn_poker())
    bluff = alpha * (1 - alpha)
    plans = {p.label: 0 for p in plan_form(game).plans[0]}
    plans.update({"Q:bet": bluff, "Q:checkfold": 1 - bluff, "K:checkcall": 1, "A:bet": 1})
    assert r"\left" in sp.latex(bluff)
    fig = draw_strategy_tree(game, 0, plans)
    fig.canvas.draw()
    label = texts(fig)["edge:Q:bet"]
    assert r"\left" not in label and r"\right" not in label
    assert label == r"$\alpha (1 - \alpha)$"


def test_width_grows_with_leaves_and_cards_option():
    """One card's subtree makes a narrower figure than all three; the cards are drawn in deck order."""
    full = draw(one_raise, 1)
    one = draw(one_raise, 1, cards=["A"])
    assert one.get_figwidth() < full.get_figwidth()
    assert "card:A" in texts(one) and "card:Q" not in texts(one)
    assert draw(one_raise, 0).get_figwidth() > draw(kuhn, 0).get_figwidth()


def test_plans_by_label_and_exact_check():
    """Plans may be keyed by label; missing, unknown or non-distribution plans are errors."""
    game, sets = kuhn()
    by_label = {p.label: v for p, v in sets.families[1].plans.items()}
    assert texts(draw_strategy_tree(game, 1, by_label))["edge:Q:x:bet"] == r"$\dfrac{1}{3}$"
    missing = dict(by_label)
    del missing["Q:bet"]
    with pytest.raises(ValueError, match="Q:bet"):
        draw_strategy_tree(game, 1, missing)
    with pytest.raises(ValueError, match="Z:bet"):
        draw_strategy_tree(game, 1, {**by_label, "Z:bet": 0})
    with pytest.raises(ValueError, match="Q:x"):
        draw_strategy_tree(game, 1, {**by_label, "Q:bet": sp.Rational(1, 2)})
    with pytest.raises(ValueError, match="exact"):  # a float that is not a short decimal (0.5 would be 1/2)
        draw_strategy_tree(game, 1, {**by_label, "Q:bet": sp.Float(1 / 3)})
    with pytest.raises(ValueError, match="player"):
        draw_strategy_tree(game, 2, by_label)
    with pytest.raises(ValueError, match="deck"):
        draw_strategy_tree(game, 1, by_label, cards=["J"])


@pytest.mark.parametrize("suffix", [".png", ".pdf", ".svg"])
def test_saved_files_are_byte_identical(tmp_path, suffix):
    """Saving the same figure twice, and a redrawn figure, gives the same bytes (no dates, fixed ids)."""
    first = save_figure(draw(one_raise, 0), tmp_path / "a" / f"tree{suffix}")
    again = save_figure(draw(one_raise, 0), tmp_path / "b" / f"tree{suffix}")
    assert first.exists() and first.parent.name == "a"
    assert first.read_bytes() == again.read_bytes()
    fig = draw(kuhn, 1)
    one = save_figure(fig, tmp_path / f"one{suffix}").read_bytes()
    two = save_figure(fig, tmp_path / f"two{suffix}").read_bytes()
    assert one == two


def test_saved_png_dpi_and_metadata(tmp_path):
    """PNG at 150 dpi without the Software chunk; PDF and SVG without dates."""
    from PIL import Image

    fig = draw(kuhn, 0)
    png = save_figure(fig, tmp_path / "t.png")
    with Image.open(png) as im:
        assert im.size == (round(fig.get_figwidth() * 150), round(fig.get_figheight() * 150))
        assert [round(d) for d in im.info["dpi"]] == [150, 150]
        assert "Software" not in im.info
    assert b"CreationDate" not in save_figure(fig, tmp_path / "t.pdf").read_bytes()
    svg = save_figure(fig, tmp_path / "t.SVG").read_text()
    assert "<dc:date>" not in svg


@pytest.mark.parametrize("name", ["tree.jpg", "tree", "tree.eps"])
def test_unsupported_suffix(tmp_path, name):
    """Only .png, .pdf and .svg are written; the error names the suffix."""
    fig = draw(kuhn, 0, cards=["Q"])
    with pytest.raises(ValueError, match="suffix|jpg|eps") as info:
        save_figure(fig, tmp_path / name)
    suffix = name.partition(".")[2]
    if suffix:
        assert suffix in str(info.value)
    assert not (tmp_path / name).exists()
