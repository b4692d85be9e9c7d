"""Families derived from their support (derive.solving.families.indifference), on games small enough to check by hand.

A three-player game in which everyone mixes 1/2: the indifference equations ``x1 = x3``,
``x2 = x3``, ``x1 x2 = 1/4`` have two solutions, all 1/2 and all -1/2; the second is no
probability, so the first must be found whatever order sympy lists them in (a reviewer's case).
"""

from __future__ import annotations

import sympy as sp

from derive.extensive_form.build import decision, extensive_form, payoff
from derive.solving.families.indifference import family_from_support
from derive.verification.best_response import behaviour_profile, game_nash_conv

R = sp.Rational


def _three_player():
    """P1 and P2 gain by B when the other plays B, else by A when P3 plays B; P3 gets 1/4 for A,
    1 for B when both others play B (every player one information set, actions A and B)."""

    def pay(a1, a2, a3):
        u1 = int(a2 == "B") if a1 == "B" else int(a3 == "B")
        u2 = int(a1 == "B") if a2 == "B" else int(a3 == "B")
        u3 = int(a1 == "B" and a2 == "B") if a3 == "B" else R(1, 4)
        return payoff(u1, u2, u3)

    def third(a1, a2):
        return decision("P3", "i3", {a3: pay(a1, a2, a3) for a3 in "AB"})

    return extensive_form(
        ["P1", "P2", "P3"],
        decision("P1", "i1", {a1: decision("P2", "i2", {a2: third(a1, a2) for a2 in "AB"}) for a1 in "AB"}),
    )


def test_the_valid_solution_is_found_whatever_sympy_lists_first():
    game = _three_player()
    fam = family_from_support(game, ({"i1": ("A", "B")}, {"i2": ("A", "B")}, {"i3": ("A", "B")}))
    assert fam.consistent and fam.parameters == () and fam.alternatives == ()
    assert set(fam.solution.values()) == {R(1, 2)}
    assert len(fam.equations) == 3
    half = [{f"i{p + 1}": {"A": R(1, 2), "B": R(1, 2)}} for p in range(3)]
    assert game_nash_conv(behaviour_profile(game, half)) == 0
    assert [play[f"i{p + 1}"] for p, play in enumerate(fam.strategies)] == [{"A": R(1, 2), "B": R(1, 2)}] * 3


def test_a_support_without_equilibrium_is_inconsistent():
    """(B, B, B) is an equilibrium (P3's B pays 1 against A's 1/4; P1 and P2 get 1 either way);
    (A, A, B) is not: P3's B pays 0 there, A 1/4."""
    game = _three_player()
    assert family_from_support(game, ({"i1": ("B",)}, {"i2": ("B",)}, {"i3": ("B",)})).consistent
    assert not family_from_support(game, ({"i1": ("A",)}, {"i2": ("A",)}, {"i3": ("B",)})).consistent
