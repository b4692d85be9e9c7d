"""Two parameters: a game's regions over a box, exact at random rational points of the box.

Each region's formulas are compared with direct exact solves of the game with the numbers put in
(``load_game("kuhn:ante=x,bet=y")``), and its whole profile at those points with exact best
responses (exploitability 0); the command line's JSON and its refusals of bad input.
"""

from __future__ import annotations

import io
import json
import random

import pytest
import sympy as sp

from derive.cli.run import main
from derive.games.registry import BUILTIN_GAMES, load_game
from derive.solving.general_sum.two_player import all_equilibria
from derive.solving.parameters.breakpoints import ParametricError
from derive.solving.parameters.plane import homogeneity, plane_solve
from derive.solving.parameters.plane_general import plane_equilibria
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.strategy_checks import exploitability

ANTE, BET = sp.Symbol("ante", positive=True), sp.Symbol("bet", positive=True)
RAISE = sp.Symbol("raise", positive=True)
HALF = sp.Rational(1, 2)


def _points(box, n, seed):
    """``n`` seeded random rationals strictly inside ``box`` (denominators up to 60)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        point = []
        for lo, hi in box:
            q = rng.randint(7, 60)
            p = rng.randint(int(lo * q) + 1, int(sp.ceiling(hi * q)) - 1)
            point.append(sp.Rational(p, q))
        out.append(tuple(point))
    return out


@pytest.fixture(scope="module")
def kuhn_map():
    game = BUILTIN_GAMES["kuhn"].build_with({}, ante=ANTE, bet=BET)
    return plane_solve(game, (ANTE, BET), ((1, 3), (HALF, 4)))


@pytest.fixture(scope="module")
def one_raise_map():
    game = BUILTIN_GAMES["one-raise"].build_with({}, **{"bet": BET, "raise": RAISE})
    return plane_solve(game, (BET, RAISE), ((HALF, 3), (HALF, 3)))


def test_kuhn_is_homogeneous_and_reduced_to_bet_over_ante(kuhn_map):
    assert homogeneity(kuhn_map.game, ANTE, BET) == 1
    assert kuhn_map.homogeneous == 1
    assert [str(p.lower.point) for p in kuhn_map.reduced.pieces] == ["1/6", "1", "2"]
    assert [r.conditions for r in kuhn_map.regions] == [
        ((ANTE - BET,),),
        ((BET - ANTE, 2 * ANTE - BET),),
        ((BET - 2 * ANTE,),),
    ]
    assert sp.cancel(kuhn_map.regions[0].value + BET**2 / (6 * (2 * ANTE + BET))) == 0
    assert sp.cancel(kuhn_map.regions[1].value - BET * (BET - 2 * ANTE) / (6 * (2 * ANTE + BET))) == 0
    assert kuhn_map.regions[2].value == 0
    # at ante = 1 the published value -1/18 at bet = 1
    assert kuhn_map.value_at((1, 1)) == sp.Rational(-1, 18)


def test_kuhn_in_the_plane_gives_the_same_regions():
    game = BUILTIN_GAMES["kuhn"].build_with({}, ante=ANTE, bet=BET)
    plane = plane_solve(game, (ANTE, BET), ((1, 3), (HALF, 4)), reduce=False)
    assert plane.homogeneous is None and len(plane.regions) == 3
    for point in _points(((1, 3), (HALF, 4)), 6, 3):
        assert (
            plane.value_at(point) == solve_zero_sum(load_game(f"kuhn:ante={point[0]},bet={point[1]}")).value
        )


def test_kuhn_regions_equal_direct_solves_at_random_points(kuhn_map):
    for a, b in _points(kuhn_map.box, 12, 1):
        direct = load_game(f"kuhn:ante={a},bet={b}")
        region = kuhn_map.region_at((a, b))
        assert region.value_at(kuhn_map.symbols, (a, b)) == solve_zero_sum(direct).value
        assert exploitability(direct, region.strategies_at(kuhn_map.symbols, (a, b))) == 0


def test_one_raise_regions_equal_direct_solves_at_random_points(one_raise_map):
    sol = one_raise_map
    assert len(sol.regions) == 5 and sol.homogeneous is None
    for a, b in _points(sol.box, 10, 2):
        direct = load_game(f"one-raise:bet={a},raise={b}")
        region = sol.region_at((a, b))
        assert region.value_at(sol.symbols, (a, b)) == solve_zero_sum(direct).value
        assert exploitability(direct, region.strategies_at(sol.symbols, (a, b))) == 0


def test_one_raise_checked_points_and_borders(one_raise_map):
    sol = one_raise_map
    for region in sol.regions:
        a, b = region.point
        assert sol.box[0][0] < a < sol.box[0][1] and sol.box[1][0] < b < sol.box[1][1]
        assert region.contains(sol.symbols, region.point)
        direct = load_game(f"one-raise:bet={a},raise={b}")
        assert exploitability(direct, region.strategies_at(sol.symbols, region.point)) == 0
    # betting more than twice the ante: the value is 0; the border bet = 2 is the curve bet - 2
    last = sol.region_at((sp.Rational(5, 2), 1))
    assert last.value == 0
    assert (BET - 2, "region 3") in last.borders
    # the checkraise with A: played from bet = sqrt(5) - 1 on, bet = 1 .. sqrt(5) - 1 included
    assert "opener at A:xb: raise" not in sol.supports()[0]
    assert any("opener at A:xb: raise" in s for s in sol.supports()[1:])


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_json_has_regions_with_conditions_value_point_strategies(tmp_path):
    plot = tmp_path / "map.png"
    status, out, _ = _run(
        [
            "solve",
            "kuhn",
            "--param",
            "ante=1..3",
            "--param",
            "bet=1/2..4",
            "--json",
            "--plot",
            str(plot),
            "--quiet",
        ]
    )
    assert status == 0 and plot.stat().st_size > 10_000
    doc = json.loads(out)
    assert doc["parameters"] == ["ante", "bet"]
    assert doc["homogeneous"]["degree"] == 1
    first = doc["regions"][0]
    assert set(first) >= {"conditions", "value", "point", "strategies", "borders"}
    assert first["conditions"] == ["ante - bet >= 0"]
    assert first["point"] == {"ante": "2", "bet": "1"}
    assert first["value_at_point"] == "-1/30"
    assert set(first["strategies"]) == {"opener", "dealer"}
    assert len(first["strategies"]["opener"]) == 6


@pytest.mark.parametrize(
    "params, message",
    [
        (["bet=1..2", "ante=1..2", "bet=2..3"], "--param is given 3 times"),
        (["bet=2..1", "ante=1..2"], "the interval must have LO < HI"),
        (["ante=1..2", "raise=1..2"], "kuhn has no parameter 'raise'"),
        (["bet=1..2", "bet=2..3"], "--param bet is given twice"),
    ],
)
def test_bad_input_is_one_line_exit_2_nothing_written(tmp_path, params, message):
    plot = tmp_path / "map.png"
    argv = ["solve", "kuhn"]
    for p in params:
        argv += ["--param", p]
    status, out, err = _run([*argv, "--plot", str(plot)])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert not plot.exists()


def test_plot_needs_two_parameters_and_a_known_suffix(tmp_path):
    status, _, err = _run(["solve", "kuhn", "--param", "bet=1..2", "--plot", str(tmp_path / "m.png")])
    assert status == 2 and "two --param" in err
    status, _, err = _run(
        ["solve", "kuhn", "--param", "bet=1..2", "--param", "ante=1..2", "--plot", str(tmp_path / "m.gif")]
    )
    assert status == 2 and ".png, .pdf or .svg" in err and not (tmp_path / "m.gif").exists()


def test_derive_check_takes_the_region_holding_the_point(tmp_path):
    """`derive check GAME:A=x,B=y map.json` checks the region holding (x, y) (formulas in `raise` too)."""
    path = tmp_path / "map.json"
    status, out, _ = _run(
        ["solve", "one-raise", "--param", "bet=1/2..3", "--param", "raise=1/2..3", "--json", "--quiet"]
    )
    assert status == 0
    path.write_text(out)
    for a, b in _points(((HALF, 3), (HALF, 3)), 4, 5):
        status, out, err = _run(["check", f"one-raise:bet={a},raise={b}", str(path)])
        assert status == 0 and "exploitability 0" in out and "checking region" in err
    status, _, err = _run(["check", "one-raise:bet=1", str(path)])
    assert status == 2 and "give both values" in err
    # a point outside the box is refused, not checked with the formulas of a region beyond it
    status, out, err = _run(["check", "one-raise:bet=4,raise=1", str(path)])
    assert (status, out) == (2, "") and "bet = 4 is outside the box of" in err and "(bet from 1/2 to 3)" in err
    # the map of another game is refused, naming both
    status, out, err = _run(["check", "kuhn:ante=2,bet=3", str(path)])
    assert (status, out) == (2, "") and "holds the solution of one-raise poker, not of Kuhn poker" in err


# --------------------------------------------------------------------------- general-sum: beer-quiche

WEAK, TASTE = sp.Symbol("weak", positive=True), sp.Symbol("taste", positive=True)
BQ_BOX = ((sp.Rational(1, 20), sp.Rational(9, 10)), (HALF, 4))


@pytest.fixture(scope="module")
def beer_quiche_map():
    game = BUILTIN_GAMES["beer-quiche"].build_with({}, weak=WEAK, taste=TASTE)
    return plane_equilibria(game, (WEAK, TASTE), BQ_BOX)


def _direct_equilibria(a, b):
    direct = all_equilibria(load_game(f"beer-quiche:weak={a},taste={b}"))
    return {
        tuple(
            tuple(sorted((s, sp.Rational(v)) for s, v in e.strategies[p].items() if v != 0)) for p in (0, 1)
        )
        for e in direct.extreme
    }, len(direct.subsets)


def test_beer_quiche_regions_in_weak_and_taste(beer_quiche_map):
    sol = beer_quiche_map
    assert [r.conditions for r in sol.regions] == [
        ((1 - 2 * WEAK, 2 - TASTE),),
        ((TASTE - 2,),),
        ((2 * WEAK - 1, 2 - TASTE),),
    ]
    # two pooling families below taste = 2 while the weak type is rarer than 1/2
    assert [len(r.extreme) for r in sol.regions] == [4, 1, 1] and len(sol.regions[0].subsets) == 2
    # beyond taste = 2 each type eats what it likes and quiche is duelled
    (separating,) = sol.regions[1].extreme
    assert separating.strategies == ({"weak: quiche, strong: beer": 1}, {"beer: not, quiche: duel": 1})
    assert sp.expand(separating.payoffs[0] - (TASTE - 2 * WEAK + 2)) == 0
    # a weak type more likely than not: the weak one mixes beer in with probability (1 - weak)/weak
    (mixed,) = sol.regions[2].extreme
    assert sp.cancel(mixed.strategies[0]["weak: beer, strong: beer"] - (1 - WEAK) / WEAK) == 0
    assert sp.cancel(mixed.strategies[1]["beer: not, quiche: duel"] - TASTE / 2) == 0


def test_beer_quiche_regions_equal_direct_solves_at_random_points(beer_quiche_map):
    sol = beer_quiche_map
    checked = 0
    for a, b in _points(BQ_BOX, 14, 7):
        try:
            region = sol.region_at((a, b))
        except ValueError:  # on a boundary curve: not solved there
            continue
        equilibria, subsets = _direct_equilibria(a, b)
        assert region.equilibria_at(sol.symbols, (a, b)) == equilibria
        assert len(region.subsets) == subsets
        checked += 1
    assert checked >= 10
    for region in sol.regions:
        assert region.equilibria_at(sol.symbols, region.point) == _direct_equilibria(*region.point)[0]


def test_beer_quiche_at_the_prior_agrees_with_one_parameter():
    """On the line weak = 1/10 the map gives what one --param taste gives piecewise."""
    from derive.solving.parameters.symbolic_payoffs import piecewise_equilibria

    game = BUILTIN_GAMES["beer-quiche"].build_with({}, weak=sp.Rational(1, 10), taste=TASTE)
    line = piecewise_equilibria(game, TASTE, sp.Interval(HALF, 4))
    assert line.breakpoints == (2,)
    plane = plane_equilibria(
        BUILTIN_GAMES["beer-quiche"].build_with({}, weak=WEAK, taste=TASTE), (WEAK, TASTE), BQ_BOX
    )
    for piece in (p for p in line.pieces if isinstance(p.where, sp.Interval)):
        t0 = piece.where.start + (piece.where.end - piece.where.start) / 3
        region = plane.region_at((sp.Rational(1, 10), t0))
        expected = {
            tuple(tuple(sorted((k, v.subs(TASTE, t0)) for k, v in e.strategies[p].items())) for p in (0, 1))
            for e in piece.extreme
        }
        assert region.equilibria_at(plane.symbols, (sp.Rational(1, 10), t0)) == expected


def test_beer_quiche_cells_are_capped():
    game = BUILTIN_GAMES["beer-quiche"].build_with({}, weak=WEAK, taste=TASTE)
    with pytest.raises(ParametricError, match="more than 3 open cells"):
        plane_equilibria(game, (WEAK, TASTE), BQ_BOX, max_cells=3)


def test_beer_quiche_json_lists_equilibria_and_families(tmp_path):
    argv = ["solve", "beer-quiche", "--param", "weak=1/20..9/10", "--param", "taste=1/2..4"]
    status, out, _ = _run([*argv, "--json", "--quiet"])
    assert status == 0
    doc = json.loads(out)
    assert doc["parameters"] == ["weak", "taste"] and doc["constant_sum"] is None
    first = doc["regions"][0]
    assert first["value"] is None
    assert first["conditions"] == ["1 - 2*weak >= 0", "2 - taste >= 0"]
    assert first["point"] == {"weak": "1/3", "taste": "1"}
    assert len(first["equilibria"]) == 4 and len(first["families"]) == 2
    assert set(first["equilibria"][0]) == {"strategies", "payoffs"}
    assert set(first["families"][0]) == {"Sender", "Receiver"}
    status, out, _ = _run([*argv, "--quiet"])
    assert status == 0 and "region 3: 2*weak - 1 >= 0, 2 - taste >= 0" in out
    status, out, _ = _run([*argv, "--plot", str(tmp_path / "m.png"), "--quiet"])
    assert status == 0 and "region 3:" in out and (tmp_path / "m.png").stat().st_size > 10_000


# --------------------------------------------------------------------------- bases solved along lines


def test_bivariate_solve_gives_the_known_solution_proved():
    from derive.solving.parameters.bivariate_solve import solve_bivariate
    from derive.solving.parameters.plane import _CTX, _Frac

    a, b, _ = _CTX.gens()
    one = _CTX.constant(1)
    # [[a, b^2 + 1], [1, a + b]] z = [1, b]: z = ((a - b^3), (a b - 1)) / (a^2 + a b - b^2 - 1)
    mat = {0: {0: _Frac(a), 1: _Frac(b * b + one)}, 1: {0: _Frac(one), 1: _Frac(a + b)}}
    numerators, denominator = solve_bivariate(_CTX, mat, 2, [_Frac(one), _Frac(b)])
    z = [_Frac(num, denominator) for num in numerators]
    expected = a * a + a * b - b * b - one
    assert z[0] == _Frac(a - b**3, expected)
    assert z[1] == _Frac(a * b - one, expected)


def test_bivariate_solve_refuses_a_singular_system():
    from derive.solving.parameters.bivariate_solve import solve_bivariate
    from derive.solving.parameters.plane import _CTX, _Frac

    a, b, _ = _CTX.gens()
    mat = {0: {0: _Frac(a), 1: _Frac(b)}, 1: {0: _Frac(2 * a), 1: _Frac(2 * b)}}
    with pytest.raises(ZeroDivisionError):
        solve_bivariate(_CTX, mat, 2, [_Frac(_CTX.constant(1)), _Frac(_CTX.constant(2))])


def test_one_raise_through_lines_gives_the_same_formulas(one_raise_map, monkeypatch):
    from derive.solving.parameters import plane

    monkeypatch.setattr(plane, "ELIMINATION_LIMIT", 0)
    game = BUILTIN_GAMES["one-raise"].build_with({}, **{"bet": BET, "raise": RAISE})
    lines = plane_solve(game, (BET, RAISE), ((HALF, 3), (HALF, 3)))
    assert len(lines.regions) == len(one_raise_map.regions)
    for old, new in zip(one_raise_map.regions, lines.regions):
        assert new.conditions == old.conditions
        assert new.value == old.value
        assert new.strategies == old.strategies
        # the decomposition leaves out the factors of one sign on the box: other cells, other points
        assert old.contains((BET, RAISE), new.point)


def test_boundaries_above_the_cell_decompositions_degree_are_covered_by_subdivision(one_raise_map):
    """The one-raise map again, its quartic boundaries above a cap of 2: the box is covered by
    subdivision instead, and at random rational points the two maps give the same value, each
    region's strategies there have exploitability 0, and each point's region holds at it."""
    game = BUILTIN_GAMES["one-raise"].build_with({}, **{"bet": BET, "raise": RAISE})
    sub = plane_solve(game, (BET, RAISE), ((HALF, 3), (HALF, 3)), max_degree=2)
    assert sub.subboxes > 0 and sub.cells == 0
    assert one_raise_map.subboxes == 0 and one_raise_map.cells > 0
    assert sorted(map(str, (r.value for r in sub.regions))) == sorted(
        map(str, (r.value for r in one_raise_map.regions))
    )
    rng = random.Random(42)
    for _ in range(12):
        point = (sp.Rational(rng.randint(51, 299), 100), sp.Rational(rng.randint(51, 299), 100))
        region = sub.region_at(point)
        assert region.value_at((BET, RAISE), point) == one_raise_map.value_at(point)
        concrete = load_game(f"one-raise:bet={point[0]},raise={point[1]}")
        assert exploitability(concrete, region.strategies_at((BET, RAISE), point)) == 0
    # a box whose edge lies on a boundary (bet = 1, bet = 2): covered by subdivision all the same
    for edge_box in (((1, 2), (HALF, 3)), ((HALF, 2), (HALF, 3))):
        part = plane_solve(game, (BET, RAISE), edge_box, max_degree=2)
        for point in _points(edge_box, 4, 5):
            assert part.value_at(point) == one_raise_map.value_at(point)
    # the quartic boundary between checkraising and not is found along the same curve
    quartic = [c for r in sub.regions for c, what in r.borders if what != "edge" and sp.degree(c, BET) == 4]
    assert quartic and all(sp.expand(c - quartic[0]) == 0 for c in quartic)


def test_sign_on_box_is_proved_or_left_undecided():
    import flint

    from derive.solving.parameters.plane import _CTX
    from derive.solving.semialgebraic.box_cover import sign_on_box

    a, b, _ = _CTX.gens()
    box = ((flint.fmpq(1), flint.fmpq(2)), (flint.fmpq(1), flint.fmpq(2)))
    assert sign_on_box(a * a + b * b - 1, box, 2) == 1  # 1 at the corner (1, 1): positive on the box
    assert sign_on_box(a * b - 5, box, 2) == -1
    assert sign_on_box(a - b, box, 2) == 0  # zero on the diagonal


@pytest.mark.slow
def test_leduc_bet1_by_bet2_map_by_subdivision_equals_direct_solves():
    """Leduc hold'em's map over a small box (5 minutes): its boundaries have degree 18 in bet1 and 17
    in bet2, above the cell decomposition's cap, so the box is covered by subdivision; at random
    rational points each region's value equals an exact solve of the game with those bets."""
    bet1, bet2 = sp.Symbol("bet1", positive=True), sp.Symbol("bet2", positive=True)
    game = BUILTIN_GAMES["leduc"].build_with({}, bet1=bet1, bet2=bet2)
    box = ((sp.Rational(209, 100), sp.Rational(21, 10)), (sp.Rational(409, 100), sp.Rational(41, 10)))
    sol = plane_solve(game, (bet1, bet2), box)
    assert len(sol.regions) == 2 and sol.subboxes > 0 and sol.cells == 0
    curve = [f for f, what in sol.regions[0].borders if what == "region 2"]
    assert len(curve) == 1 and (sp.degree(curve[0], bet1), sp.degree(curve[0], bet2)) == (18, 17)
    rng = random.Random(7)
    for _ in range(3):
        point = (
            sp.Rational(rng.randint(20901, 20999), 10000),
            sp.Rational(rng.randint(40901, 40999), 10000),
        )
        direct = load_game(f"leduc:bet1={point[0]},bet2={point[1]}")
        assert sol.value_at(point) == solve_zero_sum(direct, refine="none").value


def test_long_formulas_are_named_by_their_degrees_in_text_and_latex():
    from derive.notation.text import long_formula
    from derive.presentation.plane_report import formula_or_size_latex

    short = BET**2 / (BET + 2)
    assert long_formula(short, (BET, RAISE)) is None
    assert formula_or_size_latex(short, (BET, RAISE), plain=True) == r"\frac{\mathit{bet}^{2}}{\mathit{bet} + 2}"
    big = sp.expand((BET + RAISE + 1) ** 6)  # 28 terms
    assert long_formula(big, (BET, RAISE)) == "a polynomial of degree 6 in bet and 6 in raise (28 terms)"
    assert long_formula(big / (BET + 3), (BET, RAISE)) == (
        "a rational function of degree (6, 6) over (1, 0) in (bet, raise) (30 terms)"
    )
    latex = formula_or_size_latex(big / (BET + 3), (BET, RAISE), sp.Rational(2, 3))
    # the math is closed around the words so that they break across lines; the value follows
    assert latex.startswith("{}$ [a rational function") and r"$\approx 0.666667$" in latex


def test_time_limit_stops_a_map_and_says_where():
    """--time-limit applies to a map when given (none by default: Leduc's takes minutes)."""
    status, out, err = _run(
        ["solve", "one-raise", "--param", "bet=1..2", "--param", "raise=1/2..10000", "--time-limit", "2", "--quiet"]
    )
    assert (status, out) == (2, "")
    assert "the two-parameter map stopped at the time limit of 2 s while at: " in err
