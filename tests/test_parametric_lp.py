"""Two-player constant-sum games solved as exact piecewise functions of one parameter.

Every piece is checked here against what no piece formula can influence: an exact solve of the game
with the parameter substituted (at a rational point inside the piece and at each rational
breakpoint), the exact NashConv of the piece's strategies there (0), Kuhn's value -1/18 at bet 1,
and the bet-size analysis of :mod:`derive.solving.parameters.parametric`, which derives the one-card
values by another method (supports and indifference equations in the plan form).
"""

from __future__ import annotations

import json
import random

import pytest
import sympy as sp

from derive.cli import main
from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import NotSupportedError
from derive.games.one_card import one_card_poker, to_extensive_form
from derive.games.registry import BUILTIN_GAMES
from derive.solving.parameters.breakpoints import less as _less
from derive.solving.parameters.breakpoints import roots_inside, same
from derive.solving.parameters.parametric_lp import (
    Breakpoint,
    ParametricSolution,
    _between,
    parametric_solve,
)
from derive.solving.parameters.symbolic_payoffs import substitute
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.best_response import behaviour_profile, game_nash_conv

R = sp.Rational


def _check_pieces(sol: ParametricSolution, game) -> int:
    """Each piece against exact solves: value inside and at rational ends, NashConv 0 inside."""
    t = sol.symbol
    checks = 0
    for piece in sol.pieces:
        inside = _between(piece.lower, piece.upper)
        points = [inside] + [e.interval[0] for e in (piece.lower, piece.upper) if e.is_rational]
        for point in points:
            fixed = substitute(game, {t: point})
            exact = solve_zero_sum(fixed, refine="none").value
            assert sp.Rational(piece.value.subs(t, point)) == exact, (piece.interval_text(t), point)
            checks += 1
        fixed = substitute(game, {t: inside})
        profile = behaviour_profile(fixed, piece.strategies_at(t, inside, fixed))
        assert game_nash_conv(profile) == 0
    return checks


@pytest.fixture(scope="module")
def kuhn_by_bet():
    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(3, 1, bet=bet))
    return game, parametric_solve(game, bet, 0, 4)


def test_kuhn_value_by_bet_size(kuhn_by_bet):
    """v(b) = -b^2/(6(b+2)) on [0, 1], b(b-2)/(6(b+2)) on [1, 2], 0 on [2, 4]; Kuhn's -1/18 at b = 1."""
    game, sol = kuhn_by_bet
    b = sol.symbol
    assert [(str(p.lower), str(p.upper)) for p in sol.pieces] == [("0", "1"), ("1", "2"), ("2", "4")]
    assert all(p.closed == (True, True) for p in sol.pieces)
    assert sp.simplify(sol.pieces[0].value + b**2 / (6 * (b + 2))) == 0
    assert sp.simplify(sol.pieces[1].value - b * (b - 2) / (6 * (b + 2))) == 0
    assert sol.pieces[2].value == 0
    assert sol.value_at(1) == R(-1, 18)
    assert _check_pieces(sol, game) >= 9


def test_kuhn_strategies_by_bet_size(kuhn_by_bet):
    """For b < 1 the opener bluffs Q with b/(b+2) and the dealer calls a bet with K with (2-b)/(b+2)."""
    _, sol = kuhn_by_bet
    b = sol.symbol
    opener, dealer = sol.pieces[0].strategies
    assert sp.simplify(opener["Q"]["bet"] - b / (b + 2)) == 0
    assert sp.simplify(dealer["K:b"]["call"] - (2 - b) / (b + 2)) == 0
    assert opener["A"]["bet"] == 1
    assert "A:xb" in sol.pieces[0].off_path[0]  # A always bets: never checked and then bet into


@pytest.mark.parametrize("max_bets", [1, 2])
def test_agrees_with_the_plan_form_bet_size_analysis(max_bets):
    """The value formulas of the sequence-form method equal those of the plan-form analysis."""
    from derive.solving.parameters.parametric import b as plan_b
    from derive.solving.parameters.parametric import bet_size_analysis

    bet = sp.Symbol("bet", positive=True)
    sol = parametric_solve(to_extensive_form(one_card_poker(3, max_bets, bet=bet)), bet, R(1, 4), 3)
    other = bet_size_analysis(3, max_bets)
    for r in (R(1, 4), R(1, 2), R(3, 4), 1, R(5, 4), R(3, 2), 2, R(5, 2), 3):
        assert sol.value_at(r) == other.value_at(r)
        assert sol.value_at(r) == sp.Rational(other.value.subs(plan_b, r))


def test_one_raise_breakpoint_where_only_the_strategy_changes():
    """In the one-raise game the value's formula is the same on both sides of sqrt(5) - 1, where the
    basis's strategy stops being optimal: that breakpoint is a root of t^2 + 2t - 4, shown exactly."""
    bet = sp.Symbol("bet", positive=True)
    game = BUILTIN_GAMES["one-raise"].build_with(bet=bet)
    sol = parametric_solve(game, bet, 0, 4)
    points = [p.point for p in sol.breakpoints]
    assert points[0] == 1 and points[-1] == 2
    for p in sol.breakpoints:
        if not p.is_rational:
            assert p.polynomial.as_expr() == bet**2 + 2 * bet - 4
            assert sp.simplify(p.point - (sp.sqrt(5) - 1)) == 0
    _check_pieces(sol, game)


def test_myerson_by_bet():
    """Myerson's game with ante 1 and bet B: value B/(B + 2), Fred raises black with B/(B + 2)
    (1/3 at B = 1: Myerson 1991, section 2.1)."""
    B = sp.Symbol("B", positive=True)
    game = BUILTIN_GAMES["myerson"].build_with(B=B)
    sol = parametric_solve(game, B, 0, 10)
    assert len(sol.pieces) == 1
    assert sp.simplify(sol.pieces[0].value - B / (B + 2)) == 0
    assert sol.value_at(1) == R(1, 3)
    assert sp.simplify(sol.pieces[0].strategies[0]["Black"]["Raise"] - B / (B + 2)) == 0
    _check_pieces(sol, game)


@pytest.mark.parametrize("name, parameter", [("reiley", "bet"), ("kuhn", "ante"), ("myerson", "P")])
def test_builtin_games_by_parameter(name, parameter):
    t = sp.Symbol(parameter, positive=True)
    game = BUILTIN_GAMES[name].build_with(**{parameter: t})
    sol = parametric_solve(game, t, R(1, 2), 5)
    _check_pieces(sol, game)


def test_leduc_with_a_symbolic_second_round_bet():
    """Leduc hold'em with the second-round bet a symbol, near its published size 4: the formula's value
    at 4 is the value of Leduc hold'em (checked against OpenSpiel elsewhere)."""
    bet2 = sp.Symbol("bet2", positive=True)
    game = BUILTIN_GAMES["leduc"].build_with(bet2=bet2)
    sol = parametric_solve(game, bet2, 4, R(401, 100))
    assert sol.value_at(4) == solve_zero_sum(BUILTIN_GAMES["leduc"].build(), refine="none").value
    piece = sol.piece_at(4)
    assert piece.value.free_symbols <= {bet2}


@pytest.mark.parametrize("raise_size", [3, 6])
def test_leduc_with_a_symbolic_second_round_bet_against_openspiel(raise_size):
    """OpenSpiel's LP on its universal_poker with Leduc's limit rules and the second-round raise
    ``raise_size`` (an integer: ACPC game definitions take no fractions) agrees to 1e-8 with the
    piece's formula there, solved with the bet a symbol on [raise_size, raise_size + 1/100]."""
    from _openspiel import openspiel

    pyspiel, sequence_form_lp = openspiel()
    bet2 = sp.Symbol("bet2", positive=True)
    sol = parametric_solve(
        BUILTIN_GAMES["leduc"].build_with(bet2=bet2), bet2, raise_size, raise_size + R(1, 100)
    )
    piece = sol.piece_at(raise_size)
    formula = piece.value.subs(bet2, raise_size)
    assert formula == sol.value_at(raise_size)
    theirs = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "limit",
            "numPlayers": 2,
            "numRounds": 2,
            "blind": "1 1",
            "raiseSize": f"2 {raise_size}",
            "firstPlayer": "1 1",
            "maxRaises": "2 2",
            "numSuits": 2,
            "numRanks": 3,
            "numHoleCards": 1,
            "numBoardCards": "0 1",
            "stack": "100 100",
        },
    )
    v0, _, _, _ = sequence_form_lp.solve_zero_sum_game(theirs)
    assert abs(v0 - float(formula)) < 1e-8


def _random_game(seed: int, t: sp.Symbol):
    """A random two-player zero-sum game whose payoffs are linear in t: chance deals one of two
    cards to player 0, who bets or checks; player 1, not seeing the card, calls or folds a bet;
    a check leads to a second decision of player 1 seen by player 0 (perfect recall)."""
    rng = random.Random(seed)

    def amount():
        a = rng.randint(-3, 3) + rng.randint(-2, 2) * t
        return payoff(a, -a)

    def card(c):
        after_check = decision(
            "P1",
            "checked",
            {
                "bet": decision("P0", f"{c}:xb", {"call": amount(), "fold": amount()}),
                "check": amount(),
            },
        )
        return decision(
            "P0",
            c,
            {
                "bet": decision("P1", "bet", {"call": amount(), "fold": amount()}),
                "check": after_check,
            },
        )

    return extensive_form(
        ["P0", "P1"],
        chance({"a": ("2/5", card("a")), "b": ("3/5", card("b"))}),
        title=f"random game {seed}",
        symbols=(t,),
    )


@pytest.mark.parametrize("seed", range(20))
def test_random_games(seed):
    """20 random games with payoffs linear in t: every piece matches exact solves, NashConv 0."""
    t = sp.Symbol("t")
    game = _random_game(seed, t)
    sol = parametric_solve(game, t, -2, 3)
    assert sp.Rational(sol.lower) == -2 and sp.Rational(sol.upper) == 3
    _check_pieces(sol, game)


def test_what_is_refused():
    t, s = sp.symbols("t s", positive=True)
    with pytest.raises(NotSupportedError, match="no parameter 'x'"):
        parametric_solve(BUILTIN_GAMES["myerson"].build_with(bet=t), "x", 0, 1)
    for bad in (0, 1.5, True):
        with pytest.raises(ValueError, match=f"processes must be a whole number >= 1, got {bad!r}"):
            parametric_solve(BUILTIN_GAMES["myerson"].build_with(bet=t), t, 0, 1, processes=bad)
    with pytest.raises(NotSupportedError, match="other symbols"):
        parametric_solve(BUILTIN_GAMES["myerson"].build_with(bet=t, ante=s), t, 0, 1)
    with pytest.raises(NotSupportedError, match="not constant-sum"):
        parametric_solve(BUILTIN_GAMES["beer-quiche"].build_with(taste=t), t, 0, 1)
    with pytest.raises(ValueError, match="lo < hi"):
        parametric_solve(BUILTIN_GAMES["myerson"].build_with(bet=t), t, 2, 1)
    u = sp.Symbol("u")
    negative = extensive_form(
        ["A", "B"],
        chance(
            {
                "x": (u, decision("A", "i", {"l": payoff(1, -1), "r": payoff(0, 0)})),
                "y": (1 - u, payoff(0, 0)),
            }
        ),
        symbols=(u,),
    )
    with pytest.raises(NotSupportedError, match="negative"):
        parametric_solve(negative, u, R(1, 2), 2)
    pole = extensive_form(
        ["A", "B"], decision("A", "i", {"l": payoff(1 / u, -1 / u), "r": payoff(0, 0)}), symbols=(u,)
    )
    with pytest.raises(NotSupportedError, match="pole"):
        parametric_solve(pole, u, -1, 1)


def test_exact_breakpoint_arithmetic():
    """Algebraic points compare exactly, even when their isolating intervals start out overlapping."""
    t = sp.Symbol("t")
    root2 = Breakpoint(sp.Poly(t**2 - 2, t, domain="QQ"), (R(1), R(2)))
    assert _between(Breakpoint.rational(R(7, 5), t), root2) > R(7, 5)
    r = _between(root2, Breakpoint.rational(R(3, 2), t))
    assert r**2 > 2 and r < R(3, 2)
    assert root2.point == sp.sqrt(2)


def test_text_of_a_rational_function_is_sympys():
    """The JSON's text of a long formula, printed without sympy, has sympy's characters exactly
    (term order and signs, a positive constant first before one negative term, the scale's parts)."""
    import flint

    from derive.solving.parameters.rational_functions import RationalFunction, RationalFunctionField

    t = sp.Symbol("bet2", positive=True)
    rng = random.Random(5)

    def poly():
        coeffs = []
        for _ in range(rng.choice([0, 1, 3, 9, 10, 20])):
            if rng.random() < 0.4:
                coeffs.append(flint.fmpq(0))
            else:
                size = 10 ** rng.randint(0, 20)
                coeffs.append(
                    flint.fmpq(rng.choice([1, -1, rng.randint(-size, size)]), rng.choice([1, 2, 7, 10**9]))
                )
        coeffs.append(flint.fmpq(rng.choice([1, -1, 3, -5]), rng.choice([1, 2, 3])))
        return flint.fmpq_poly(coeffs)

    cases = [RationalFunction(poly(), poly()) for _ in range(400)]
    x = flint.fmpq_poly([0, 1])
    cases += [RationalFunction(3 - 5 * x, x**9 + 1), RationalFunction(x**10 - 2, 7 * x**3 + 2 * x - 1)]
    for f in cases:
        assert RationalFunctionField(t).to_text(f) == str(RationalFunctionField(t).to_sympy(f))


def test_command_line(capsys):
    assert main(["solve", "--deck", "3", "--max-bets", "1", "--param", "bet=0..4"]) == 0
    text = capsys.readouterr().out
    assert "piece 1: bet in [0, 1]" in text and "-bet**2/(6*(bet + 2))" in text
    # the dealer's call with K written without a minus on a bracket: (2 - bet)/(bet + 2), Kuhn's 1/3 at 1
    assert "K:b: fold 2*bet/(bet + 2), call (2 - bet)/(bet + 2)" in text and "-(bet - 2)" not in text
    assert main(["solve", "myerson", "--param", "B=0..10", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(p["from"], p["to"], p["value"]) for p in doc["pieces"]] == [("0", "10", "B/(B + 2)")]
    assert doc["pieces"][0]["strategies"]["Alice"]["raised"] == {"Meet": "2/(B + 2)", "Pass": "B/(B + 2)"}
    for argv, message in (
        (["solve", "myerson", "--param", "Q=0..1"], "no parameter 'Q'"),
        (["solve", "myerson", "--param", "B=2..1"], "LO < HI"),
        (["solve", "myerson", "--param", "B=0..x"], "'x' is not an exact number"),
        (["solve", "myerson", "--param", "B"], "give NAME=LO..HI"),
        (["solve", "kuhn3", "--param", "bet=0..1"], "has no parameters"),
        (["solve", "--param", "deck=0..1"], "ante and bet"),
        (["solve", "myerson", "--param", "B=0..1", "--all"], "--all"),
        (
            ["solve", "--param", "bet=0..4", "--param", "ante=1..2", "--param", "bet=1..3"],
            "at most two parameters",
        ),
        (["latex", "myerson", "--param", "B=0..1", "--name", "a=Red:Raise"], "give --name without --param"),
        (["solve", "myerson", "--matrix", "1 0; 0 1"], "--matrix/--bimatrix is a game of its own"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


def test_plot_and_latex(tmp_path, capsys):
    assert main(["draw", "one-raise", "--param", "bet=0..4", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "one-raise_value_by_bet.png").stat().st_size > 10_000
    assert main(["latex", "kuhn", "--param", "bet=0..4", "--out", str(tmp_path)]) == 0
    tex = (tmp_path / "kuhn_by_bet.tex").read_text()
    assert r"\begin{cases}" in tex and r"- \frac{\mathit{bet}^{2}}{6 \left(\mathit{bet} + 2\right)}" in tex
    capsys.readouterr()


@pytest.mark.parametrize("positive", [True, False])
def test_a_short_formula_is_sympys_factor(positive):
    """A formula of degree <= 8 is shown factored from FLINT's factorization: the same expression,
    argument for argument, as ``sympy.factor`` of it (products, powers, constants, zero)."""
    import flint

    from derive.solving.parameters.rational_functions import RationalFunction, RationalFunctionField

    t = sp.Symbol("t", positive=True) if positive else sp.Symbol("t")
    rng = random.Random(11)

    def poly(degree):
        coeffs = [flint.fmpq(rng.randint(-12, 12), rng.choice([1, 1, 2, 3, 12])) for _ in range(degree)]
        return flint.fmpq_poly([*coeffs, flint.fmpq(rng.choice([1, -1, 2, -3]), rng.choice([1, 2, 3]))])

    def product():
        out = flint.fmpq_poly([1])
        for _ in range(rng.randint(1, 3)):
            out *= poly(rng.randint(0, 2)) ** rng.choice([1, 1, 2])
        return out

    def sympy_poly(g):
        return sp.Poly([sp.Rational(int(c.p), int(c.q)) for c in reversed(g.coeffs())] or [0], t)

    cases = [RationalFunction(product(), product()) for _ in range(300)]
    cases += [RationalFunction(flint.fmpq_poly(c)) for c in ([0], [flint.fmpq(-3, 4)], [0, 0, 2], [-1, 1])]
    field = RationalFunctionField(t)
    for f in cases:
        if max(f.num.degree(), f.den.degree()) > 8:
            continue
        expected = sp.factor(sympy_poly(f.num).as_expr() / sympy_poly(f.den).as_expr())
        assert sp.srepr(field.to_sympy(f)) == sp.srepr(expected), f
        assert field.to_text(f) == str(expected)


@pytest.mark.parametrize("seed", range(12))
def test_roots_found_outward_are_every_root_in_order(seed):
    """:func:`roots_outward` yields every root of its polynomials between a start and an end, nearest
    first, each once, flagged when a flagged polynomial vanishes there: against isolating every
    irreducible factor's roots (polynomials sharing factors, repeated and rational roots, roots at
    the windows' midpoints, an algebraic end)."""
    import flint

    from derive.solving.parameters.breakpoints import roots_outward, sorted_points
    from derive.solving.parameters.rational_functions import RationalFunctionField

    t = sp.Symbol("t")
    rng = random.Random(seed)
    field = RationalFunctionField(t)
    pieces = [flint.fmpq_poly([-c, 1]) for c in (flint.fmpq(3, 2), flint.fmpq(7, 4), flint.fmpq(5, 4))]
    pieces += [flint.fmpq_poly([-2, 0, 1]), flint.fmpq_poly([-3, 0, 1]), flint.fmpq_poly([1, 0, 1])]
    pieces += [
        flint.fmpq_poly([rng.randint(-30, 30) for _ in range(rng.randint(2, 6))] + [1]) for _ in range(6)
    ]
    candidates = []
    for _ in range(rng.randint(3, 9)):
        poly = flint.fmpq_poly([rng.choice([1, -2, 3])])
        for _ in range(rng.randint(1, 3)):
            poly *= rng.choice(pieces) ** rng.choice([1, 1, 2])
        if poly.degree() > 0:
            candidates.append((poly, rng.random() < 0.3))
    start = sp.Rational(rng.choice([1, 11, 13]), rng.choice([1, 2, 3, 8]))
    if any(poly(flint.fmpq(int(start.p), int(start.q))) == 0 for poly, _ in candidates):
        start += sp.Rational(1, 97)
    root2 = Breakpoint(sp.Poly(t**2 - 2, t, domain="QQ"), (R(1), R(2)))
    for end in (Breakpoint.rational(R(9), t), Breakpoint.rational(R(-7), t), root2):
        here = Breakpoint.rational(start, t)
        if same(here, end):
            continue
        rightward = bool(_less(here, end))
        lo, hi = (here, end) if rightward else (end, here)
        expected, flags = [], {}
        for poly, flag in candidates:
            for factor in field.irreducible(poly):
                if id(factor) not in flags:
                    expected += roots_inside(factor, lo, hi)
                flags[id(factor)] = flags.get(id(factor), False) or flag
        expected = sorted_points(expected)
        if not rightward:
            expected.reverse()
        got = list(roots_outward(candidates, start, end, field.irreducible, (R(-8), R(10))))
        assert len(got) == len(expected), (seed, end)
        for (point, flag), want in zip(got, expected):
            assert same(point, want)
            assert flag == flags[id(point.polynomial)]


def test_a_polynomial_is_printed_as_sympy_prints_it():
    """A breakpoint's polynomial in the JSON is printed from its coefficients with sympy's characters
    (rational coefficients, signs, ``1/2 - t``, a missing constant or linear term)."""
    import flint

    from derive.solving.parameters.rational_functions import polynomial_text

    rng = random.Random(3)
    for positive in (True, False):
        t = sp.Symbol("bet2", positive=positive)
        for _ in range(600):
            coeffs = [
                sp.Rational(
                    rng.choice([0, 0, 1, -1, rng.randint(-(10**20), 10**20)]),
                    rng.choice([1, 1, 2, 3, 100, 7**5]),
                )
                for _ in range(rng.randint(1, 12))
            ]
            if all(c == 0 for c in coeffs):
                coeffs[0] = sp.Integer(1)
            expected = str(sp.Poly(list(reversed(coeffs)), t, domain="QQ").as_expr())
            assert polynomial_text([flint.fmpq(int(c.p), int(c.q)) for c in coeffs], "bet2") == expected
    root = Breakpoint(sp.Poly(t**3 - sp.Rational(5, 2) * t - 1, t, domain="QQ"), (R(1), R(2)))
    assert root.polynomial_text == str(root.polynomial.as_expr())


def test_a_point_is_sympys_real_root():
    """A breakpoint's point and its text are sympy's ``real_roots()`` entries, built without isolating
    every root: radicals for quadratics and binomials, ``c*CRootOf(P, k)`` with sympy's own scaling."""
    t = sp.Symbol("bet2", positive=True)
    rng = random.Random(11)
    polys = [t**3 - 2, t**2 - 2, 48 * t**4 + 855 * t**3 + 3100 * t**2 - 14000 * t - 65000]
    polys += [
        sum(rng.randint(-9, 9) * rng.choice([1, 5, 25]) * t**k for k in range(6)) + t**6 for _ in range(12)
    ]
    polys += [
        sum(sp.Rational(rng.randint(-9, 9), rng.randint(1, 4)) * t**k for k in range(4)) + t**4
        for _ in range(8)
    ]
    compared = 0
    for expr in polys:
        for factor, _ in sp.Poly(expr, t, domain="QQ").factor_list()[1]:
            monic = factor.monic()
            if monic.degree() < 2:
                continue
            found = roots_inside(monic, -(10**6), 10**6)
            assert [p.point for p in found] == monic.real_roots()
            assert [p.text for p in found] == [str(r) for r in monic.real_roots()]
            compared += len(found)
    assert compared > 20


def test_a_point_survives_pickling():
    """Helper processes send points pickled (sympy turns a Poly over QQ into one over ZZ)."""
    import pickle

    t = sp.Symbol("t", positive=True)
    root2 = Breakpoint(sp.Poly(t**2 - 2, t, domain="QQ"), (R(1), R(2)))
    back = pickle.loads(pickle.dumps(root2))
    assert back == root2 and back.polynomial.domain == sp.QQ and same(back, root2)
    assert pickle.loads(pickle.dumps(Breakpoint.rational(R(3, 2), t))) == Breakpoint.rational(R(3, 2), t)


def test_helper_processes_find_the_same_pieces():
    """Pieces found in two processes (gaps handed to a forked child) are those found in one, text and all."""
    from derive.presentation.parametric_report import parametric_json

    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(6, 2, bet=bet))
    one = parametric_solve(game, bet, R(1, 2), 4)
    two = parametric_solve(game, bet, R(1, 2), 4, processes=2)
    assert len(one.pieces) >= 4 and one.solves == two.solves
    assert parametric_json(one) == parametric_json(two)


def test_the_limit_on_points_is_the_same_in_two_processes():
    """Two children handed gaps at once may together take more points than were left: the solve then
    fails as the serial one does, and succeeds where it succeeds."""
    from derive.solving.parameters.parametric_lp import ParametricError

    bet = sp.Symbol("bet", positive=True)
    game = to_extensive_form(one_card_poker(4, 2, bet=bet))
    needed = parametric_solve(game, bet, R(1, 2), 4).solves
    assert needed >= 5
    for processes in (1, 2):
        assert (
            parametric_solve(game, bet, R(1, 2), 4, max_solves=needed, processes=processes).solves == needed
        )
        with pytest.raises(ParametricError, match=f"limit {needed - 1}"):
            parametric_solve(game, bet, R(1, 2), 4, max_solves=needed - 1, processes=processes)
