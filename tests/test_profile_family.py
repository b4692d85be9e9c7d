"""Exact verification of parametrised profiles, any number of players (issue 13, item 2a).

Selten's horse (Gambit's catalog, three players) has two segments of equilibria that can be
found by hand: player 3 plays L with probability q in [3/4, 1] while players 1 and 2 play R
(player 1 needs q >= 2/3, player 2 needs q >= 3/4), and player 2 plays L with probability p in
[0, 2/3] while player 1 plays L and player 3 plays R.  Gambit's ``max_regret`` is the outside
check at the vertices and at the witnesses of failure.  Kuhn's family (two players) is checked
the same way.
"""

from __future__ import annotations

import pytest
import sympy as sp

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402
from test_catalog import CATALOG  # noqa: E402

from derive.extensive_form.game import NotSupportedError  # noqa: E402
from derive.formats import read_game  # noqa: E402
from derive.games.one_card import kuhn_poker, to_extensive_form  # noqa: E402
from derive.games.published import kuhn_family  # noqa: E402
from derive.verification.profile_family import check_profile_family  # noqa: E402

R = sp.Rational
HORSE = CATALOG / "journals/ijgt/selten1975/fig1.efg"
p, q, r = sp.symbols("p q r")


def _gambit_regret(profile: list[dict], point: dict) -> object:
    game = pygambit.read_efg(str(HORSE))
    data = []
    for sets, strategy in zip(api.infosets(game), profile, strict=True):
        ((_, actions),) = sets
        (row,) = strategy.values()  # one information set per player (Gambit's are unlabelled)
        data.append([[sp.sympify(row.get(action, 0)).subs(point) for action in actions]])
    return api.behaviour_profile(game, data, rational=True).max_regret()


SEGMENT_Q = [{"1:1": {"R": 1}}, {"2:1": {"R": 1}}, {"3:1": {"L": q, "R": 1 - q}}]
SEGMENT_P = [{"1:1": {"L": 1}}, {"2:1": {"L": p, "R": 1 - p}}, {"3:1": {"R": 1}}]


def test_selten_horse_segment_where_player_3_mixes():
    check = check_profile_family(read_game(HORSE), SEGMENT_Q, [q >= R(3, 4), q <= 1])
    assert check.is_equilibrium is True
    assert check.payoffs == (1, 1, 1)
    # the gaps a student reads the range from: player 1 needs 2 - 3q <= 0, player 2 needs 3 - 4q <= 0
    assert check.gaps[0]["1:1: L"] == 2 - 3 * q and check.gaps[1]["2:1: L"] == 3 - 4 * q
    assert [v[q] for v in check.vertices] == [R(3, 4), 1]
    for v in check.vertices:
        assert _gambit_regret(SEGMENT_Q, v) == 0


def test_selten_horse_segment_where_player_2_mixes():
    check = check_profile_family(read_game(HORSE), SEGMENT_P, [p >= 0, p <= R(2, 3)])
    assert check.is_equilibrium is True and check.payoffs == (3, 2, 2)
    assert check.gaps[0]["1:1: R"] == 3 * p - 2
    for v in check.vertices:
        assert _gambit_regret(SEGMENT_P, v) == 0


def test_a_too_wide_range_fails_with_a_witness_gambit_confirms():
    check = check_profile_family(read_game(HORSE), SEGMENT_Q, [q >= R(1, 2), q <= 1])
    assert check.is_equilibrium is False
    deviations = {(player, strategy) for player, strategy, _ in check.failures}
    assert deviations == {(0, "1:1: L"), (1, "2:1: L")}
    for _, _, point in check.failures:
        assert point[q] < R(3, 4) and _gambit_regret(SEGMENT_Q, point) > 0
    wide = check_profile_family(read_game(HORSE), SEGMENT_P, [p >= 0, p <= 1])
    assert wide.is_equilibrium is False and wide.failures[0][:2] == (0, "1:1: R")


def test_two_parameters_on_a_box_are_decided_at_the_corners():
    """Player 2 plays L with p in [0, 1/10], player 3 L with q in [3/4, 1]: player 2's gap for R is
    p (4q - 3), of degree one in each parameter, positive at the corner p = 1/10, q = 1."""
    profile = [{"1:1": {"R": 1}}, {"2:1": {"L": p, "R": 1 - p}}, {"3:1": {"L": q, "R": 1 - q}}]
    check = check_profile_family(read_game(HORSE), profile, [p >= 0, p <= R(1, 10), q >= R(3, 4), q <= 1])
    assert check.is_equilibrium is False
    assert sp.factor(check.gaps[1]["2:1: R"]) == sp.factor(p * (4 * q - 3))
    point = next(pt for player, s, pt in check.failures if (player, s) == (1, "2:1: R"))
    assert point == {p: R(1, 10), q: 1} and _gambit_regret(profile, point) > 0


def test_what_cannot_be_decided_is_said_and_bad_domains_are_refused():
    """Player 3 plays L with 3/4 + q (p - 1/2)^2.  Player 1's gap for L, -3q (p - 1/2)^2 - 1/4, is
    negative: certified by a product-of-constraints identity.  Player 2's, -q (2p - 1)^2, is never
    positive either, but it is zero inside the domain, where no such identity exists: undecided."""
    third = R(3, 4) + q * (p - R(1, 2)) ** 2
    profile = [{"1:1": {"R": 1}}, {"2:1": {"R": 1}}, {"3:1": {"L": third, "R": 1 - third}}]
    check = check_profile_family(read_game(HORSE), profile, [p >= 0, p <= 1, q >= 0, q <= 1])
    assert check.is_equilibrium is None and not check.failures
    assert [(who, what) for who, what, _ in check.undecided] == [(1, "2:1: L")]
    assert "no certificate" in check.undecided[0][2]
    (certificate,) = check.certificates[0].values()
    assert sp.expand(certificate.target + check.gaps[0]["1:1: L"]) == 0
    assert all(c > 0 for c, _ in certificate.terms)
    assert sp.expand(certificate.expression().doit() - certificate.target) == 0
    with pytest.raises(NotSupportedError, match="polynomial inequalities"):
        check_profile_family(read_game(HORSE), SEGMENT_Q, [1 / q >= 1, q <= 1])
    with pytest.raises(NotSupportedError, match="bound"):
        check_profile_family(read_game(HORSE), SEGMENT_Q, [q >= R(3, 4)])
    with pytest.raises(NotSupportedError, match="no point of the domain"):
        check_profile_family(read_game(HORSE), SEGMENT_Q, [q >= 0, q <= 1, q**2 + 1 <= 0])
    with pytest.raises(NotSupportedError, match="none bounds q"):
        check_profile_family(read_game(HORSE), SEGMENT_Q, [q**2 <= 1])
    negative = check_profile_family(read_game(HORSE), SEGMENT_Q, [q >= R(3, 4), q <= 2])
    assert negative.is_equilibrium is False and negative.invalid == ("3:1: R",)


def test_a_curved_domain_cut_from_a_square():
    """Players 2 and 3 play L with p and q on the square [0, 1]^2 cut by q >= 3/4 + p^2.  The square's
    corner p = 0, q = 0 (outside the cut) would make player 2 gain, so the vertex argument is not
    used; every failure reported lies inside the curved domain, and Gambit confirms it."""
    profile = [{"1:1": {"R": 1}}, {"2:1": {"L": p, "R": 1 - p}}, {"3:1": {"L": q, "R": 1 - q}}]
    domain = [p >= 0, p <= R(1, 2), q >= 0, q <= 1, q >= R(3, 4) + p**2]
    check = check_profile_family(read_game(HORSE), profile, domain)
    for _, _, point in check.failures:
        assert point[q] >= R(3, 4) + point[p] ** 2
        assert _gambit_regret(profile, point) > 0
    assert check.is_equilibrium is False


def test_kuhn_family_two_players():
    """Kuhn (1950), as built in (derive.games.published.kuhn_family): the opener bets Q with alpha, A
    with 3 alpha, calls with K with alpha + 1/3, for alpha in [0, 1/3]; the dealer's strategy is
    unique.  Beyond 1/3 it is no longer a probability."""
    fam = kuhn_family()
    (a,) = fam.parameters
    game = to_extensive_form(kuhn_poker())
    check = check_profile_family(game, fam.strategies, fam.domain)
    assert check.is_equilibrium is True and check.payoffs == (R(-1, 18), R(1, 18))
    wider = [sp.Ge(a, 0, evaluate=False), a <= R(1, 2)]  # a is the thesis's nonnegative α: a >= 0 is True
    assert check_profile_family(game, fam.strategies, wider).is_equilibrium is False
    with pytest.raises(NotSupportedError, match="evaluate=False"):
        check_profile_family(game, fam.strategies, [a >= 0, a <= R(1, 2)])


def _random_profile(game, rng, pure_share=0.5):
    """A rational behaviour profile; about half the information sets pure (so some sets go unreached)."""
    out = []
    for p in range(game.num_players):
        strategy = {}
        for info in game.infosets_of(p):
            if rng.random() < pure_share:
                strategy[info.label] = {rng.choice(info.actions): 1}
            else:
                weights = [rng.randint(1, 4) for _ in info.actions]
                strategy[info.label] = {a: R(w, sum(weights)) for a, w in zip(info.actions, weights)}
        out.append(strategy)
    return out


@pytest.mark.parametrize("name", ["kuhn3", "horse", "selten-fig3"])
def test_numeric_profiles_agree_with_nashconv(name):
    """Without parameters the verdict must be NashConv == 0 (derive's exact best responses, a separate
    backward induction), on 60 random profiles of three-player games, pure and mixed."""
    import random

    from derive.games.registry import load_game
    from derive.verification.best_response import behaviour_profile, game_nash_conv

    game = {
        "kuhn3": lambda: load_game("kuhn3"),
        "horse": lambda: read_game(HORSE),
        "selten-fig3": lambda: read_game(CATALOG / "journals/ijgt/selten1975/fig3.efg"),
    }[name]()
    rng = random.Random(13)
    verdicts = set()
    for _ in range(60):
        profile = _random_profile(game, rng, pure_share=0.9 if name != "kuhn3" else 0.97)
        check = check_profile_family(game, profile)
        assert check.is_equilibrium is not None
        assert check.is_equilibrium == (game_nash_conv(behaviour_profile(game, profile)) == 0)
        verdicts.add(check.is_equilibrium)
    assert False in verdicts


def test_three_player_kuhn_deviations_are_named():
    """Uniform play in three-player Kuhn poker: P1 holding the ace gains by betting it (one-shot gap
    positive where his own play reaches the set), so uniform play is no equilibrium."""
    from derive.games.registry import load_game

    game = load_game("kuhn3")
    uniform = [
        {i.label: {a: R(1, len(i.actions)) for a in i.actions} for i in game.infosets_of(p)} for p in range(3)
    ]
    check = check_profile_family(game, uniform)
    assert check.is_equilibrium is False
    assert (0, "A: bet", {}) in check.failures
    assert check.gaps[0]["A: bet"] > 0 and sum(check.payoffs) == 0


def test_domains_are_read_exactly_or_refused():
    """A reviewer's cases: a strict inequality was once read as its opposite; now it is refused, an
    equation is two inequalities, a missing bound or a bool is named in one line."""
    game = read_game(HORSE)
    with pytest.raises(NotSupportedError, match="strict inequality p > 1/2"):
        check_profile_family(game, SEGMENT_P, [p >= 0, p <= 1, p > R(1, 2)])
    point = check_profile_family(game, SEGMENT_P, [sp.Eq(p, R(3, 4))])
    assert point.is_equilibrium is False and point.failures == ((0, "1:1: R", {p: R(3, 4)}),)
    with pytest.raises(NotSupportedError, match="does not bound the parameter"):
        check_profile_family(game, SEGMENT_P, [])
    with pytest.raises(NotSupportedError, match="inequalities"):
        check_profile_family(game, SEGMENT_P, [True])
    with pytest.raises(NotSupportedError, match="not a polynomial"):
        check_profile_family(
            game,
            [{"1:1": {"R": 1}}, {"2:1": {"R": 1}}, {"3:1": {"L": 1 / (1 + q), "R": q / (1 + q)}}],
            [q >= 0, q <= 1],
        )


def test_high_degree_gap_in_one_parameter_is_decided():
    """A cubic probability: the gap is decided by exact root isolation (it once crashed sympy's solver)."""
    prob = q**3 / 96 + q**2 / 96 - q / 24 + R(71, 96)
    profile = [{"1:1": {"R": 1}}, {"2:1": {"R": 1}}, {"3:1": {"L": prob, "R": 1 - prob}}]
    check = check_profile_family(read_game(HORSE), profile, [q >= R(3, 4), q <= 1])
    assert check.is_equilibrium is False
    for _, _, point in check.failures:
        assert _gambit_regret(profile, point) > 0


def test_vertices_settle_what_the_general_test_cannot():
    """Two parameters entering as a product: a positive gap at a vertex decides it; a one-point domain
    is decided by evaluating there."""
    t, u = sp.symbols("t u")
    profile = [{"1:1": {"R": t, "L": 1 - t}}, {"2:1": {"R": u, "L": 1 - u}}, {"3:1": {"R": t, "L": 1 - t}}]
    game = read_game(HORSE)
    box = check_profile_family(game, profile, [t >= 0, t <= 1, u >= 0, u <= 1])
    assert box.is_equilibrium is False
    single = check_profile_family(game, profile, [sp.Eq(t, 1), sp.Eq(u, 1)])
    assert single.is_equilibrium is False  # (R, R, R): player 2 gains 3 by L


def test_symbolic_payoffs_and_lower_dimensional_domains():
    """A reviewer's cases: a game with a symbol in its payoffs is refused in one line; on a segment
    (q = p inside the square) every given bound is kept in the reported domain."""
    from derive.games.textbook import beer_quiche

    c = sp.Symbol("c")
    game = beer_quiche(taste=c)
    pure = [{i.label: {i.actions[0]: 1} for i in game.infosets_of(p)} for p in (0, 1)]
    with pytest.raises(NotSupportedError, match="hold c: put numbers in first"):
        check_profile_family(game, pure, [])
    profile = [{"1:1": {"R": 1}}, {"2:1": {"L": p, "R": 1 - p}}, {"3:1": {"L": q, "R": 1 - q}}]
    check = check_profile_family(read_game(HORSE), profile, [p >= 0, p <= 1, sp.Eq(q, p)])
    assert {str(c) for c in check.domain} == {"p >= 0", "1 - p >= 0", "-p + q >= 0", "p - q >= 0"}


def test_a_witness_inside_a_small_curved_domain():
    """Matching pennies on a disc of radius 1/10 around (1/2, 1/2) (a reviewer's case): no vertex of
    the square and no midpoint lies in the disc, yet every member but the centre is beaten; hill
    climbing finds points, which count only once checked exactly (inside the disc, gap > 0)."""
    from derive.games.textbook import matching_pennies

    a, b = sp.symbols("a b")
    profile = [{"coin": {"heads": a, "tails": 1 - a}}, {"guess": {"heads": b, "tails": 1 - b}}]
    disc = (a - R(1, 2)) ** 2 + (b - R(1, 2)) ** 2 <= R(1, 100)
    check = check_profile_family(matching_pennies(), profile, [a >= 0, a <= 1, b >= 0, b <= 1, disc])
    assert check.is_equilibrium is False and not check.undecided
    for player, label, point in check.failures:
        assert disc.subs(point) == sp.true
        assert check.gaps[player][label].subs(point) > 0
