"""Two-player games with one payoff symbol, solved as piecewise functions of it (issue 13, item 4).

By hand: a coordination game whose first payoff is ``c`` (one equilibrium for c < 0, a segment at
c = 0, three equilibria for c > 0, the mixed one with the column playing L with 1/(1 + c)); with
``c^2 - 2`` instead, the breakpoints are the irrational roots ±√2.  Outside reference: at sample
values of the symbol, in every piece and at every breakpoint, the extreme equilibria's payoff
vectors are those of Gambit's ``enummixed_solve(rational=True)`` on the game with that value put
in, written out as an .efg file.
"""

from __future__ import annotations

import io

import gambit_api as api
import pytest
import sympy as sp

from derive.extensive_form.build import decision, extensive_form, payoff
from derive.extensive_form.game import NotSupportedError
from derive.formats import write_efg
from derive.games.textbook import beer_quiche
from derive.solving.parameters.symbolic_payoffs import piecewise_equilibria, substitute

R = sp.Rational
c = sp.Symbol("c")


def _coordination(first):
    def column(pays):
        return decision("Col", "col", {"L": payoff(*pays[0]), "R": payoff(*pays[1])})

    return extensive_form(
        ["Row", "Col"],
        decision("Row", "row", {"T": column([(first, 1), (0, 0)]), "B": column([(0, 0), (1, 1)])}),
        symbols=tuple(sp.sympify(first).free_symbols),
    )


def _gambit_payoffs(game) -> set:
    pygambit = pytest.importorskip("pygambit")
    g = pygambit.read_efg(io.StringIO(write_efg(game)))
    result = api.equilibria(pygambit.nash.enummixed_solve(g, rational=True))
    return {tuple(sp.Rational(str(u)) for u in api.payoffs(e)) for e in result}


def _check_against_gambit(game, pw, samples_per_piece=2):
    """At rational points of every piece (its breakpoint, or points inside the interval), derive's
    extreme payoff vectors equal Gambit's."""
    checked = 0
    for piece in pw.pieces:
        if piece.extreme is None:
            continue
        where = piece.where
        if isinstance(where, sp.FiniteSet):
            points = list(where)
        else:
            lo = where.start if where.start.is_finite else where.end - 10
            hi = where.end if where.end.is_finite else lo + 10
            points = [
                sp.nsimplify(lo + (hi - lo) * R(k, samples_per_piece + 1))
                for k in range(1, samples_per_piece + 1)
            ]
            points = [sp.Rational(sp.nsimplify(sp.N(t, 30), rational=True)) for t in points]
        for t in points:
            ours = {tuple(sp.cancel(u.subs(pw.symbol, t)) for u in e.payoffs) for e in piece.extreme}
            assert ours == _gambit_payoffs(substitute(game, {pw.symbol: t})), (where, t)
            checked += 1
    return checked


def test_coordination_game_by_hand():
    pw = piecewise_equilibria(_coordination(c))
    assert pw.breakpoints == (0,)
    below, at, above = pw.pieces
    assert below.where == sp.Interval.open(-sp.oo, 0) and above.where == sp.Interval.open(0, sp.oo)
    assert [e.payoffs for e in below.extreme] == [(1, 1)]
    assert len(at.extreme) == 3 and len(at.subsets) == 2  # (B, R), and Row's T in [1/2, 1] against L
    assert ((1, 2), (1,)) in at.subsets
    mixed = next(e for e in above.extreme if len(e.strategies[1]) == 2)
    assert mixed.strategies == (
        {"row: T": R(1, 2), "row: B": R(1, 2)},
        {"col: L": 1 / (c + 1), "col: R": c / (c + 1)},
    )
    assert sp.simplify(mixed.payoffs[0] - c / (c + 1)) == 0 and mixed.payoffs[1] == R(1, 2)
    assert _check_against_gambit(_coordination(c), pw) == 5


def test_irrational_breakpoints_are_named_not_solved():
    pw = piecewise_equilibria(_coordination(c**2 - 2))
    assert [sp.simplify(b) for b in pw.breakpoints] == [-sp.sqrt(2), sp.sqrt(2)]
    points = [p for p in pw.pieces if isinstance(p.where, sp.FiniteSet)]
    assert all(p.extreme is None and p.note == "a root of c**2 - 2, not solved" for p in points)
    assert pw.unsettled == ()
    middle = pw.pieces[2]
    assert [e.payoffs for e in middle.extreme] == [(1, 1)]
    assert _check_against_gambit(_coordination(c**2 - 2), pw) == 6


def test_beer_quiche_with_a_symbolic_taste():
    """Cho & Kreps's game with the preferred breakfast worth c >= 0 to the Sender (1 in the paper):
    for 0 < c < 2 the two pooling components, the Receiver dueling after the unsent breakfast with
    probability at least c/2; at c = 2 the separating equilibrium appears; beyond 2 it is the only one."""
    game = beer_quiche(taste=c)
    pw = piecewise_equilibria(game, domain=sp.Interval(0, sp.oo))
    assert pw.breakpoints == (2,)
    start, low, two, high = pw.pieces
    assert start.where == sp.FiniteSet(0) and low.where == sp.Interval.open(0, 2)
    assert sorted((sp.expand(e.payoffs[0]) for e in low.extreme), key=str) == sorted(
        [c / 10 + 2, c / 10 + 2, 9 * c / 10 + 2, 9 * c / 10 + 2], key=str
    )
    threat = {v for e in low.extreme for k, v in e.strategies[1].items() if "duel" in k}
    assert threat == {c / 2, 1}
    (separating,) = high.extreme
    assert separating.strategies[0] == {"weak: quiche, strong: beer": 1}
    assert sp.expand(separating.payoffs[0] - (c + R(9, 5))) == 0 and separating.payoffs[1] == 1
    assert _check_against_gambit(game, pw) == 6


def test_beer_quiche_with_a_symbolic_prior():
    """The probability ``w`` that the Sender is weak as the symbol, a chance probability: for
    1/2 < w < 1 the one equilibrium is semi-separating (the weak Sender drinks beer with probability
    (1 - w)/w, so that beer leaves the Receiver at 1/2 and he duels after it half the time), with
    payoffs 2 - w and w; every piece agrees with Gambit's enumeration at its points."""
    game = beer_quiche(weak=c)
    pw = piecewise_equilibria(game, domain=sp.Interval(R(1, 2), 1))
    assert [p.where for p in pw.pieces] == [
        sp.FiniteSet(R(1, 2)),
        sp.Interval.open(R(1, 2), 1),
        sp.FiniteSet(1),
    ]
    (mixed,) = pw.pieces[1].extreme
    assert sp.simplify(mixed.strategies[0]["weak: beer, strong: beer"] - (1 - c) / c) == 0
    assert [sp.expand(u) for u in mixed.payoffs] == [2 - c, c]
    assert _check_against_gambit(game, pw) == 4
    with pytest.raises(
        NotSupportedError, match=r"the chance probability c of 'weak' leaves \[0, 1\] for some c"
    ):
        piecewise_equilibria(game)  # all reals: a probability below 0 and above 1
    with pytest.raises(
        NotSupportedError, match=r"c of 'weak' leaves \[0, 1\] for some c in Interval\(1/2, 2\)"
    ):
        piecewise_equilibria(game, domain=sp.Interval(R(1, 2), 2))


def test_beer_quiche_prior_on_the_command_line(capsys):
    """``derive solve beer-quiche --param weak=1/2..1``: the advertised parameter is solved, strategies
    in brackets (their labels hold commas), no minus before a bracket; beyond 1 it is refused."""
    from derive.cli import main

    assert main(["solve", "beer-quiche", "--param", "weak=1/2..1"]) == 0
    text = capsys.readouterr().out
    assert "weak in (1/2, 1):" in text
    assert (
        "Sender: [weak: beer, strong: beer] (1 - weak)/weak, [weak: quiche, strong: beer] (2*weak - 1)/weak"
        in text
    )
    assert "payoffs: 2 - weak, weak" in text
    assert main(["solve", "beer-quiche", "--param", "weak=1/2..2"]) == 2
    assert "cannot be above 1" in capsys.readouterr().err


def test_what_is_refused():
    d = sp.Symbol("d")
    with pytest.raises(NotSupportedError, match="exactly one symbol, found 2: c, d"):
        piecewise_equilibria(_coordination(c + d))
    with pytest.raises(NotSupportedError, match="exactly one symbol, found 0"):
        piecewise_equilibria(_coordination(1))
    with pytest.raises(NotSupportedError, match="not a polynomial"):
        piecewise_equilibria(_coordination(1 / c))


def test_domain_ends_and_unsettled_candidates():
    """A breakpoint on the domain's closed end is solved once, as the end (a reviewer's case); the
    domain must be an interval of more than one point.  An irrational candidate whose two sides
    have the same equilibria is listed as unsettled, not as a breakpoint."""
    game = beer_quiche(taste=c)
    pw = piecewise_equilibria(game, domain=sp.Interval(0, 2))
    assert [p.where for p in pw.pieces] == [sp.FiniteSet(0), sp.Interval.open(0, 2), sp.FiniteSet(2)]
    assert pw.breakpoints == ()
    for bad in (sp.Interval(3, 3), sp.Interval(2, 1)):
        with pytest.raises(NotSupportedError, match="must be an interval of more than one point"):
            piecewise_equilibria(game, domain=bad)

    def bimatrix(a, b):
        def column(i):
            return decision("Col", "col", {k: payoff(a[i][j], b[i][j]) for j, k in enumerate("LR")})

        return extensive_form(
            ["Row", "Col"], decision("Row", "row", {"T": column(0), "B": column(1)}), symbols=(c,)
        )

    pw = piecewise_equilibria(bimatrix([[c**2 - 2, 1], [0, c]], [[1 - c, c**2], [c, 0]]))
    assert pw.unsettled and not set(pw.unsettled) & set(pw.breakpoints)
    for r in pw.unsettled:
        (piece,) = [p for p in pw.pieces if p.where == sp.FiniteSet(r)]
        assert piece.extreme is None and piece.note.endswith("the same equilibria on both sides")
    assert _check_against_gambit(bimatrix([[c**2 - 2, 1], [0, c]], [[1 - c, c**2], [c, 0]]), pw, 1) >= 8
