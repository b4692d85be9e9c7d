"""Issue 19, items 1 and 2: nothing unverified is listed; an almost zero-sum file is named, not enumerated in silence.

* Support enumeration keeps a family only with an exact point inside it: on the 2 x 2 x 2 game of the
  issue (player 3's payoff is the number of the others playing their second strategy) every
  listed family is non-empty, a probability, and an equilibrium at random exact points of it, as
  the independent NashConv of ``derive.verification.best_response`` decides; the same on random
  degenerate three-player games, with the pure equilibria found by brute force as the reference.
* Kuhn poker with one mistyped payoff is refused at once, naming the terminal; ``--general-sum``
  then runs within the stated time limit, printing progress.
"""

from __future__ import annotations

import io
import itertools
import random

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derive.cli import main
from derive.extensive_form.game import GameModelError, NotSupportedError
from derive.formats import parse_efg, parse_nfg, write_efg
from derive.games.registry import load_game
from derive.solving.general_sum.support_enumeration import support_enumeration
from derive.solving.limits import TimeLimit, TimeLimitError
from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
from derive.verification.best_response import behaviour_profile, game_nash_conv

R = sp.Rational

#: The game of the issue: only player 3's payoffs are non-zero (Gambit lists profiles with player 1's
#: strategy changing fastest): u3 = [P1 plays 2] + [P2 plays 2] when P3 plays 2, else 0.
THREE = """NFG 1 R "three players" { "P1" "P2" "P3" } { 2 2 2 }
0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 1  0 0 1  0 0 2
"""


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _nash_conv(game, mixed) -> sp.Expr:
    """NashConv of a mixed profile of a strategic game (one information set per player)."""
    profile = []
    for p, dist in enumerate(mixed):
        (info,) = game.infosets_of(p)
        profile.append({info.label: {label.split(": ", 1)[1]: v for label, v in dist.items()}})
    return sp.simplify(game_nash_conv(behaviour_profile(game, profile)))


def _members(e, count: int, rng: random.Random) -> list[dict]:
    """Up to ``count`` random exact points of a family (rejection sampling in [0, 1]^d)."""
    out = []
    for _ in range(400):
        point = {t: R(rng.randint(1, 99), 100) for t in e.parameters}
        inside = (
            all(r.contains(point[t]) is sp.true for t, r in zip(e.parameters, e.ranges))
            if e.ranges
            else all(bool(c.subs(point)) for c in e.conditions)
        )
        if inside:
            out.append(point)
        if len(out) == count:
            break
    return out


def _check_listed(game, result, rng) -> None:
    """Every listed equilibrium is a probability and an equilibrium: at its witness and at random members."""
    for e in result.equilibria:
        points = [{}] if e.is_isolated else [e.witness, *_members(e, 5, rng)]
        assert e.is_isolated or e.witness, e
        for point in points:
            mixed = [{k: sp.simplify(sp.sympify(v).subs(point)) for k, v in d.items()} for d in e.strategies]
            for d in mixed:
                assert all(v >= 0 for v in d.values()) and sp.simplify(sum(d.values()) - 1) == 0, (e, point)
            assert _nash_conv(game, mixed) == 0, (e, point)


def test_the_issue_game_lists_only_families_that_exist():
    game = parse_nfg(THREE)
    result = support_enumeration(game)
    assert result.is_complete and result.undecided == ()
    supports = sorted(tuple(len(s) for s in e.supports) for e in result.equilibria)
    # 5 pure equilibria; P3 mixing while P1, P2 play 1; P1 or P2 mixing (the other pure) against P3's 2;
    # both mixing against P3's 2
    assert supports == sorted([(1, 1, 1)] * 5 + [(1, 1, 2), (1, 2, 1), (1, 2, 1), (2, 1, 1), (2, 1, 1), (2, 2, 1)])
    (square,) = [e for e in result.equilibria if len(e.parameters) == 2]
    s1, s2 = square.parameters
    assert {str(c) for c in square.conditions} == {f"{s1} > 0", f"{s2} > 0", f"1 - {s1} > 0", f"1 - {s2} > 0"}
    assert square.payoffs == (0, 0, s1 + s2)
    assert square.witness == {s1: R(1, 2), s2: R(1, 2)}
    assert "substituted back into every player's payoffs" in square.verification
    _check_listed(game, result, random.Random(19))


def test_the_issue_game_on_the_command_line():
    path_text = THREE
    status, out, err = _run("solve", _write(path_text, "three.nfg"))
    assert status == 0, err
    assert "5 isolated equilibria and 6 families" in out
    assert "<= 0" not in out  # the empty family of the issue (s1 > 0, s2 > 0, s1 + s2 <= 0) is gone
    assert "-s2" not in out  # and the one with a negative probability
    assert out.count("a member: ") == 6 and out.count("exact NashConv 0 at the witness") == 6
    status, out, _ = _run("solve", _write(path_text, "three.nfg"), "--json")
    import json

    doc = json.loads(out)
    assert doc["complete"] is True and doc["undecided"] == []
    assert all(e["witness"] for e in doc["equilibria"] if e["parameters"])


_FILES: dict[str, str] = {}


def _write(text: str, name: str) -> str:
    import tempfile
    from pathlib import Path

    if name not in _FILES:
        folder = Path(tempfile.mkdtemp(prefix="derive-test-"))
        (folder / name).write_text(text, encoding="utf-8")
        _FILES[name] = str(folder / name)
    return _FILES[name]


def _pure_equilibria(game_payoffs, shape) -> set[tuple[int, ...]]:
    out = set()
    for profile in itertools.product(*(range(m) for m in shape)):
        if all(
            game_payoffs[profile][p] >= game_payoffs[profile[:p] + (k,) + profile[p + 1 :]][p]
            for p in range(len(shape))
            for k in range(shape[p])
        ):
            out.add(profile)
    return out


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 2), min_size=24, max_size=24))
def test_random_degenerate_three_player_games(values):
    """Small payoffs make many ties: families of every dimension.  Each listed one is verified here
    independently, and the pure equilibria are exactly the brute-force ones."""
    shape = (2, 2, 2)
    profiles = list(itertools.product(range(2), repeat=3))
    # Gambit's order: player 1's strategy changes fastest
    order = sorted(profiles, key=lambda q: (q[2], q[1], q[0]))
    payoffs = {q: tuple(values[3 * i : 3 * i + 3]) for i, q in enumerate(order)}
    text = 'NFG 1 R "random" { "A" "B" "C" } { 2 2 2 }\n' + " ".join(
        " ".join(str(v) for v in payoffs[q]) for q in order
    )
    game = parse_nfg(text)
    result = support_enumeration(game, time_limit=None)
    _check_listed(game, result, random.Random(sum(values)))
    pure = {
        tuple(int(label.rsplit(": ", 1)[1]) - 1 for (label,) in e.supports)
        for e in result.equilibria
        if all(len(s) == 1 for s in e.supports)
    }
    assert pure == _pure_equilibria(payoffs, shape)


def test_support_enumeration_stops_at_its_time_limit():
    game = parse_nfg(THREE)
    with pytest.raises(TimeLimitError, match=r"time limit of 1e-09 s .* support profile 1 of 27"):
        support_enumeration(game, time_limit=1e-9)


def _mistyped_kuhn() -> str:
    """Kuhn poker as Gambit writes it, with the dealer's payoff at one terminal mistyped (2 -> 3)."""
    lines = write_efg(load_game("kuhn")).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("t ") and "{ -2, 2 }" in line)
    lines[k] = lines[k].replace("{ -2, 2 }", "{ -2, 3 }")
    return "\n".join(lines) + "\n"


def test_an_almost_zero_sum_file_is_named_at_once():
    game = parse_efg(_mistyped_kuhn())
    assert not game.is_constant_sum and game.is_almost_constant_sum
    common, odd = game.sum_exceptions
    assert common == 0 and len(odd) == 1
    assert "(-2, 3) adds up to 1" in game.sum_report()
    # in Python, the zero-sum solver names the terminal too
    with pytest.raises(NotSupportedError, match=r"not constant-sum \(the payoffs add up to 0 at every terminal except 1 of 30: terminal"):
        solve_zero_sum(game)
    status, out, err = _run("solve", _write(_mistyped_kuhn(), "kuhn_typo.efg"))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "almost zero-sum" in err and "except 1 of 30" in err and "(-2, 3) adds up to 1" in err
    assert "--general-sum" in err and "27 x 64" in err


def test_general_sum_on_request_stops_at_the_stated_time_limit(monkeypatch):
    from derive.cli.progress import Progress

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    status, out, err = _run("solve", _write(_mistyped_kuhn(), "kuhn_typo.efg"), "--general-sum", "--time-limit", "2")
    assert status == 2 and out == ""
    assert "derive: general-sum enumeration: reduced strategic form 27 x 64" in err  # progress, then the error
    assert err.strip().splitlines()[-1].startswith("derive: error: general-sum enumeration stopped at the time limit of 2 s")
    assert "--time-limit SECONDS allows more" in err


def test_quiet_turns_progress_off(monkeypatch):
    from derive.cli.progress import Progress

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    status, _, err = _run("solve", "--deck", "4", "--max-bets", "2")
    assert status == 0 and "derive: solving the perturbed sequence-form LP" in err
    status, _, err = _run("solve", "--deck", "4", "--max-bets", "2", "--quiet")
    assert status == 0 and err == ""


def test_bad_time_limits_are_one_line():
    for bad in ("0", "-1", "soon", "inf", "nan"):
        status, out, err = _run("solve", "beer-quiche", "--time-limit", bad)
        assert status == 2 and out == "" and "--time-limit must be a positive number of seconds" in err
    with pytest.raises(ValueError, match="positive number of seconds"):
        TimeLimit(0)


def test_time_limit_ends_a_long_call_in_a_child_process():
    import time

    limit = TimeLimit(0.5, what="a test")
    started = time.monotonic()
    with pytest.raises(TimeLimitError, match="a test stopped at the time limit of 0.5 s while sleeping"):
        limit.call("sleeping", time.sleep, 30)
    assert time.monotonic() - started < 10
    assert TimeLimit(5).call("adding", sum, [1, 2, 3]) == 6
    with pytest.raises(ZeroDivisionError):
        TimeLimit(5).call("dividing", divmod, 1, 0)


#: Found by a fresh user: sympy's solution holds a parameter in a denominator (player 1 gets 0 everywhere).
DENOMINATOR = """NFG 1 R "t" { "P1" "P2" "P3" } { 2 2 3 }
0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 1 1 0 1 1 0 1 1 0 0 0 0 0 0
"""
#: A candidate needing -s1 s3 >= 0 with s1, s3 > 0: empty, and proved so from the signs of its factors.
SIGNED_PRODUCT = """NFG 1 R "t" { "P1" "P2" "P3" } { 2 2 3 }
0 0 1 1 1 1 1 0 0 1 1 1 1 0 0 0 1 1 0 0 0 0 0 1 0 1 0 0 1 1 1 0 1 1 0 0
"""
#: Four players: the full support's cubic system kept the old sympy solve busy far beyond any time
#: limit; the exact elimination answers it completely (issue 38).
FOUR = """NFG 1 R "t" { "P1" "P2" "P3" "P4" } { 2 2 2 2 }
1 1 1 1 0 1 1 1 0 1 0 0 1 1 1 0 1 1 0 0 0 0 1 0 1 1 1 0 1 0 1 0 1 0 1 0 0 1 0 1 1 0 0 0 0 1 0 1 0 1 1 1 1 0 1 1 1 1 1 1 1 0 1 0
"""
#: Four players, 3 x 3 x 3 x 2 (54 cells, beyond issue 38's small games): a Groebner basis in three
#: variables runs for minutes in some support profile.
LONG = """NFG 1 R "four16" { "P1" "P2" "P3" "P4" } { { "s0" "s1" "s2" } { "s0" "s1" "s2" } { "s0" "s1" "s2" } { "s0" "s1" } }
2 2 2 0 1 1 0 1 2 1 2 2 1 2 0 2 1 0 0 2 1 1 1 1 1 1 1 1 0 2 1 1 2 0 2 1 0 0 0 1 2 1 1 1 2 0 1 1 1 2 1 0 0 2 1 2 0 0 0 1 2 1 0 0 1 1 1 2 1 1 0 0 0 1 0 2 2 1 0 2 2 1 0 0 1 2 0 0 1 2 1 1 1 2 0 1 1 1 1 2 0 2 0 0 1 2 0 2 1 0 1 0 2 1 2 1 0 0 2 2 2 2 2 1 0 2 2 0 0 0 1 2 1 2 2 2 0 2 0 0 1 1 2 1 1 0 1 2 1 1 1 2 2 1 0 2 0 2 2 0 0 0 1 0 1 1 2 0 2 2 0 1 0 2 0 0 1 1 0 1 0 0 2 0 0 1 2 0 2 1 1 1 2 1 1 0 0 0 2 0 1 2 0 0 2 2 1 2 2 2 0 0 0 0 0 1
"""


@pytest.mark.parametrize("text", [DENOMINATOR, SIGNED_PRODUCT], ids=["denominator", "signed-product"])
def test_curved_conditions_are_decided(text):
    game = parse_nfg(text)
    result = support_enumeration(game, time_limit=None)
    assert result.is_complete, result.undecided
    _check_listed(game, result, random.Random(7))


def test_the_four_player_game_is_answered_completely():
    game = parse_nfg(FOUR)
    result = support_enumeration(game, time_limit=None)
    assert result.is_complete and result.support_profiles == 81
    _check_listed(game, result, random.Random(4))


def test_the_time_limit_stops_a_long_groebner_basis():
    import time

    started = time.monotonic()
    with pytest.raises(TimeLimitError, match=r"time limit of 3 s while solving support profile [\d,]+ of 1,029"):
        support_enumeration(parse_nfg(LONG), time_limit=3)
    assert time.monotonic() - started < 30


def test_non_real_numbers_are_refused():
    from derive.extensive_form.build import exact_value

    for value in (sp.I, sp.oo, sp.nan, sp.zoo, sp.Symbol("x") + sp.I):
        with pytest.raises(GameModelError, match="is not a finite real number"):
            exact_value(value, "payoff")
