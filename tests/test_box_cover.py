"""The subdivision cover of a box by sets given by sign conditions (derive.solving.semialgebraic.box_cover):
every claim a leaf makes (its owner holds on all of it, or each sign pattern's owner holds where the
pattern does) is checked at random points by evaluating the conditions directly."""

from __future__ import annotations

import itertools

import flint
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.solving.semialgebraic.box_cover import CoverError, FactorTable, SignedSet, cover_box, sign_on_box
from derive.solving.semialgebraic.polynomials import polynomial_context

CTX = polynomial_context(2)
X, Y, _ = CTX.gens()
ONE = CTX.constant(1)
UNIT = ((flint.fmpq(0), flint.fmpq(1)), (flint.fmpq(0), flint.fmpq(1)))


class Fraction2:
    """num / den, two fmpq_mpoly of CTX, evaluated at a rational point."""

    def __init__(self, num, den=ONE):
        self.num, self.den = num, den

    def at(self, pt):
        return self.num(pt[0], pt[1], 0) / self.den(pt[0], pt[1], 0)


def make_set(conditions, table):
    def holds(pt):
        return all(g.at(pt) >= 0 for g in conditions)

    return SignedSet.from_conditions(conditions, holds, table)


def leaf_of(leaves, pt):
    return next(
        leaf
        for leaf in leaves
        if leaf.box[0][0] <= pt[0] <= leaf.box[0][1] and leaf.box[1][0] <= pt[1] <= leaf.box[1][1]
    )


def check_claims(leaves, sets, table, points):
    """At each point (off every factor's zero set), the leaf holding it names a set that holds there."""
    total = sum((b[0][1] - b[0][0]) * (b[1][1] - b[1][0]) for b in (leaf.box for leaf in leaves))
    assert total == 1  # the leaves tile the unit box
    for pt in points:
        if any(f(pt[0], pt[1], 0) == 0 for f in table.values()):
            continue
        leaf = leaf_of(leaves, pt)
        if leaf.owner is not None:
            owner = leaf.owner
        else:
            pattern = tuple(1 if table[k](pt[0], pt[1], 0) > 0 else -1 for k in leaf.free)
            owner = leaf.patterns[pattern]
        assert sets[owner].holds(pt)


def grid(n):
    return [(flint.fmpq(i, n), flint.fmpq(j, n)) for i in range(n + 1) for j in range(n + 1)]


def test_two_half_planes_cover_the_box_along_their_line():
    table = FactorTable()
    sets = [make_set([Fraction2(X - Y)], table), make_set([Fraction2(Y - X)], table)]
    leaves = cover_box(sets, table, UNIT, lambda pt: None)
    assert any(leaf.owner is None and len(leaf.free) == 1 for leaf in leaves)  # the diagonal's sub-boxes
    check_claims(leaves, sets, table, grid(23))


def test_three_regions_meeting_at_a_point_are_covered_by_sign_patterns():
    table = FactorTable()
    half = CTX.constant(flint.fmpq(1, 2))
    sets = [
        make_set([Fraction2(X - half)], table),
        make_set([Fraction2(half - X), Fraction2(Y - half)], table),
        make_set([Fraction2(half - X), Fraction2(half - Y)], table),
    ]
    leaves = cover_box(sets, table, UNIT, lambda pt: None)
    check_claims(leaves, sets, table, grid(19))


def test_a_point_no_set_holds_asks_for_a_new_set():
    table = FactorTable()
    third = CTX.constant(flint.fmpq(1, 3))
    sets = [make_set([Fraction2(X - third)], table)]
    asked = []

    def find(pt):
        asked.append(pt)
        return make_set([Fraction2(third - X)], table)

    leaves = cover_box(sets, table, UNIT, find)
    assert len(asked) == 1 and asked[0][0] < flint.fmpq(1, 3) and len(sets) == 2
    check_claims(leaves, sets, table, grid(17))


def test_an_uncovered_point_without_a_new_set_is_an_error():
    table = FactorTable()
    sets = [make_set([Fraction2(X - CTX.constant(flint.fmpq(1, 3)))], table)]
    with pytest.raises(CoverError, match=r"no set found at \(1/4, 1/4\)"):
        cover_box(sets, table, UNIT, lambda pt: None)


def test_the_cap_stops_the_subdivision_and_says_how_far_it_got():
    # three lines crossing the box, a set for each of the 8 sign cells: no three sets cover
    # every sign pattern of the three, so the box must be split
    table = FactorTable()
    lines = [X - Y, X + Y - ONE, 3 * X - ONE]
    sets = [
        make_set([Fraction2(s * f) for s, f in zip(signs, lines)], table)
        for signs in itertools.product((1, -1), repeat=3)
    ]
    with pytest.raises(
        CoverError, match=r"stopped at the cap: 3 sub-boxes examined \(MAX_BOXES\), [0-9.]+% of the box"
    ):
        cover_box(sets, table, UNIT, lambda pt: None, max_boxes=3)
    leaves = cover_box(sets, table, UNIT, lambda pt: None)
    check_claims(leaves, sets, table, grid(29))


def test_sign_on_box_of_a_rational_function_condition_counts_odd_factors_only():
    table = FactorTable()
    # (x - y)^2 (x + 1) / (y + 2) >= 0 on the unit box: the square does not bound anything
    s = make_set([Fraction2((X - Y) ** 2 * (X + ONE), Y + 2 * ONE)], table)
    assert [len(keys) for _, keys in s.conditions] == [2]
    leaves = cover_box([s], table, UNIT, lambda pt: None)
    assert [leaf.owner for leaf in leaves] == [0]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-4, 4), st.integers(-4, 4), st.integers(-4, 4)).filter(lambda t: t[0] or t[1]),
        min_size=1,
        max_size=2,
    )
)
def test_random_lines_split_the_box_into_sign_cells_each_covered(lines):
    """Random lines (ties and lines missing the box included): one set per sign cell of the lines;
    the cover's claims hold at every grid point off the lines."""
    table = FactorTable()
    polys = [p * X + q * Y + CTX.constant(flint.fmpq(r, 4)) for p, q, r in lines]
    sets = []
    for signs in itertools.product((1, -1), repeat=len(polys)):
        sets.append(make_set([Fraction2(s * f) for s, f in zip(signs, polys)], table))
    leaves = cover_box(sets, table, UNIT, lambda pt: None)
    check_claims(leaves, sets, table, grid(13))


def test_a_boundary_along_the_box_edge_is_of_one_sign_inside():
    # x - 1/2 >= 0 on [1/2, 1] x [0, 1]: zero on the left edge only; the region beyond the edge is
    # outside the box, so no point inside can find it, and none is needed
    table = FactorTable()
    half = CTX.constant(flint.fmpq(1, 2))
    sets = [make_set([Fraction2(X - half)], table)]
    box = ((flint.fmpq(1, 2), flint.fmpq(1)), (flint.fmpq(0), flint.fmpq(1)))
    leaves = cover_box(sets, table, box, lambda pt: None)
    assert [leaf.owner for leaf in leaves] == [0]
    assert sign_on_box(X - half, box) == 1
    assert sign_on_box(X - half, ((flint.fmpq(0), flint.fmpq(1)), (flint.fmpq(0), flint.fmpq(1)))) == 0
