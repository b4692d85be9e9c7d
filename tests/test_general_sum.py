"""Every Nash equilibrium of two-player general-sum games (issue 13, item 1), against Gambit.

Outside reference: Gambit's ``enummixed_solve(rational=True)`` (pygambit 16.7 or 17.0.0b2), which lists the
extreme equilibria of the reduced strategic form with lrslib, and ``max_regret()`` of a profile.
Games by hand: the battle of the sexes, and a degenerate 2 x 2 game whose equilibria are two
segments meeting at a corner.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
import sympy as sp

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402
from test_catalog import (  # noqa: E402
    CATALOG,
    FILES,
    _behaviour_profile,
    _fraction,
    _gambit,
    _name,
    _plans_from_gambit,
    _strategy_profile,
)

from derive.cli import main  # noqa: E402
from derive.extensive_form.build import decision, extensive_form, payoff  # noqa: E402
from derive.formats import read_game  # noqa: E402
from derive.solving.general_sum.two_player import all_equilibria  # noqa: E402

R = sp.Rational


def _bimatrix(a, b, rows=("T", "B"), cols=("L", "R")):
    """A strategic-form game as an extensive form: the column player does not see the row."""

    def column(i):
        return decision("Col", "col", {c: payoff(a[i][j], b[i][j]) for j, c in enumerate(cols)})

    return extensive_form(["Row", "Col"], decision("Row", "row", {r: column(i) for i, r in enumerate(rows)}))


def test_battle_of_the_sexes_has_three_isolated_equilibria():
    eqs = all_equilibria(_bimatrix([[2, 0], [0, 1]], [[1, 0], [0, 2]]))
    assert sorted(e.payoffs for e in eqs.extreme) == [(R(2, 3), R(2, 3)), (1, 2), (2, 1)]
    mixed = next(e for e in eqs.extreme if e.payoffs == (R(2, 3), R(2, 3)))
    assert mixed.strategies == (
        {"row: T": R(2, 3), "row: B": R(1, 3)},
        {"col: L": R(1, 3), "col: R": R(2, 3)},
    )
    assert len(eqs.subsets) == 3 and eqs.components == 3
    assert all(s.dimension == 0 for s in eqs.subsets)
    assert eqs.payoff_range(0) == (R(2, 3), 2) and eqs.payoff_range(1) == (R(2, 3), 2)


def test_degenerate_game_has_two_segments_meeting_at_a_corner():
    """Row: T pays 1 always, B pays 1 against L and 0 against R; Col gets 1 after T, 0 after B.

    By hand: (T, any y) are equilibria (T is a best reply to everything, Col is indifferent after T),
    and so are (any x, L) (Row is indifferent against L, L and R both pay Col x_T).  Two maximal
    Nash subsets, {T} x Δ and Δ x {L}, meeting at (T, L): one component."""
    eqs = all_equilibria(_bimatrix([[1, 1], [1, 0]], [[1, 1], [0, 0]]))
    assert eqs.components == 1 and len(eqs.subsets) == 2
    shapes = sorted((s.families[0].dimension, s.families[1].dimension) for s in eqs.subsets)
    assert shapes == [(0, 1), (1, 0)]
    row_segment = next(s for s in eqs.subsets if s.families[0].dimension == 1)
    fam = row_segment.families[0]
    (t,) = fam.parameters
    assert fam.strategy["row: T"] + fam.strategy["row: B"] == 1
    assert fam.best_replies == ("col: L", "col: R")  # Col indifferent between L and R all along
    assert row_segment.families[1].strategy == {"col: L": 1, "col: R": 0}
    # Col's payoff on this segment is x_T, a function of Row's parameter alone; Row's is 1
    assert sp.simplify(row_segment.payoffs[1] - fam.strategy["row: T"]) == 0 and row_segment.payoffs[0] == 1
    assert sorted(fam.at(v)["row: T"] for v in fam.vertices) == [0, 1]
    assert sorted(set(e.payoffs for e in eqs.extreme)) == [(1, 0), (1, 1)]


GAMES = [
    p for p in FILES if (g := read_game(p)).num_players == 2 and g.has_perfect_recall and not g.is_symbolic
]


def test_every_two_player_catalog_game_is_covered():
    """All two-player games of the catalog with perfect recall (20 extensive, 3 strategic in pygambit 16.7;
    17.0.0b2's catalog adds two strategic games, von Stengel's 6 x 6 game with 75 equilibria)."""
    assert len(GAMES) >= 20
    assert {_name(p) for p in GAMES} >= {
        "books/myerson1991/fig4_2.efg",
        "journals/other/shapley1974/fig2.nfg",
    }


@pytest.mark.parametrize("path", GAMES, ids=_name)
def test_extreme_equilibria_and_payoffs_agree_with_gambit(path):
    """Derive's extreme equilibria are Gambit's: the same payoff vectors and, as realization plans, the
    same equilibria; each of derive's has max_regret() == 0 in Gambit; every Nash subset's vertices are
    extreme equilibria and every pair of them is an equilibrium."""
    game = read_game(path)
    gambit_game = _gambit(path)
    eqs = all_equilibria(game)
    result = api.equilibria(pygambit.nash.enummixed_solve(gambit_game, rational=True))
    theirs = {tuple(_fraction(v) for v in api.payoffs(e)) for e in result}
    ours = {tuple(Fraction(str(v)) for v in e.payoffs) for e in eqs.extreme}
    assert ours == theirs
    for p in (0, 1):
        low, high = eqs.payoff_range(p)
        assert (Fraction(str(low)), Fraction(str(high))) == (
            min(t[p] for t in theirs),
            max(t[p] for t in theirs),
        )
    build = _behaviour_profile if api.is_tree(gambit_game) else _strategy_profile
    for e in eqs.extreme:
        assert build(game, gambit_game, list(e.plans)).max_regret() == 0

    def key(plans):
        return tuple(
            tuple(sorted((k, Fraction(str(v))) for k, v in plan.items() if v != 0)) for plan in plans
        )

    assert {key(_plans_from_gambit(game, gambit_game, e)) for e in result} == {
        key(e.plans) for e in eqs.extreme
    }
    pairs = {
        (tuple(sorted(e.strategies[0].items())), tuple(sorted(e.strategies[1].items()))) for e in eqs.extreme
    }
    for subset in eqs.subsets:
        for a in subset.extreme[0]:
            for b in subset.extreme[1]:
                x, y = eqs.extreme_strategies[0][a], eqs.extreme_strategies[1][b]
                assert (tuple(sorted(x.items())), tuple(sorted(y.items()))) in pairs


def test_catalog_has_a_continuum_found_as_a_family():
    """Selten (1975), fig. 2: player 2's equilibrium strategies form the segment L with probability in
    [0, 1/2] (both payoffs 1); Gambit lists its two endpoints."""
    eqs = all_equilibria(read_game(CATALOG / "journals/ijgt/selten1975/fig2.efg"))
    (subset,) = eqs.subsets
    fam = subset.families[1]
    (y,) = fam.parameters
    assert fam.strategy["2:1: L"] == y
    assert {str(c) for c in fam.constraints} == {f"{y} >= 0", f"{y} <= 1/2"}
    assert subset.payoffs == (1, 1)


def test_command_line_lists_equilibria(tmp_path):
    path = tmp_path / "bos.efg"
    from derive.formats import save_efg

    save_efg(_bimatrix([[2, 0], [0, 1]], [[1, 0], [0, 2]]), path)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", str(path), "--all", "--json"], out=out, err=err) == 0
    doc = json.loads(out.getvalue())
    extreme = doc["equilibria"]["extreme"]
    assert sorted(tuple(e["payoffs"]) for e in extreme) == [("1", "2"), ("2", "1"), ("2/3", "2/3")]
    assert doc["equilibria"]["components"] == 3 and len(doc["equilibria"]["nash_subsets"]) == 3
    out = io.StringIO()
    assert main(["solve", str(path)], out=out, err=err) == 0
    text = out.getvalue()
    assert "3 extreme equilibria" in text and "payoffs (2/3, 2/3)" in text


def test_beer_quiche_has_two_pooling_components():
    """Cho & Kreps (1987) with a weak type of probability 1/10: pooling on beer (Sender 29/10) and on
    quiche (21/10), Receiver 9/10 in both (she never duels on the path); in each, the message nobody
    sends is met with a duel with probability at least 1/2, a segment, and nothing else is an equilibrium."""
    from derive.games.textbook import beer_quiche

    eqs = all_equilibria(beer_quiche())
    assert eqs.components == 2 and len(eqs.subsets) == 2
    assert sorted(s.payoffs for s in eqs.subsets) == [(R(21, 10), R(9, 10)), (R(29, 10), R(9, 10))]
    for s in eqs.subsets:
        sender, receiver = s.families
        (pooled,) = [k for k, v in sender.strategy.items() if v == 1]
        assert pooled in ("weak: beer, strong: beer", "weak: quiche, strong: quiche")
        off = "quiche" if "beer" in pooled else "beer"
        # Receiver's probability of a duel after the unsent message ranges over [1/2, 1]
        duel = sp.Add(*(v for k, v in receiver.strategy.items() if f"{off}: duel" in k))
        assert sorted(sp.sympify(duel).subs(v) for v in receiver.vertices) == [R(1, 2), 1]


def test_text_lists_isolated_subsets_too():
    """A 3 x 3 game with a 2 x 2 block of (1, 1) and zeros elsewhere: one 2-dimensional subset and the
    pure equilibrium (3, 3) alone, each in its own component."""
    game = _bimatrix(
        [[1, 1, 0], [1, 1, 0], [0, 0, 0]], [[1, 1, 0], [1, 1, 0], [0, 0, 0]], ("a", "b", "c"), ("d", "e", "f")
    )
    eqs = all_equilibria(game)
    assert sorted(s.dimension for s in eqs.subsets) == [0, 2] and eqs.components == 2
    from derive.presentation.solve_report import solve_report

    text = solve_report(game)
    assert "alone" in text and "dimension 2" in text
