"""A box of the plane covered, exactly, by sets given by sign conditions: subdivision and Taylor bounds.

Each *set* is a conjunction of conditions ``g(a, b) >= 0`` with ``g`` a rational function of two
variables (an optimal basis's feasibility conditions, :mod:`derive.solving.parameters.plane`).
When the boundary polynomials have high degree (Leduc hold'em's are of degree 17 to 42 in each
variable), a cylindrical decomposition is out of reach: its projection has degree in the hundreds.
This module proves instead that the union of the sets covers the box, apart from the zero sets of
finitely many polynomials (curves, where the value is continuous), by subdividing it:

1. every condition is factored once: ``g = c * prod f_i^m_i`` (FLINT), so on a sub-box its sign is
   the product of the signs of the factors of odd multiplicity;
2. the sign of an irreducible factor ``f`` on a sub-box is *proved* by a Taylor bound at the
   sub-box's centre (:func:`sign_on_box`: the constant term of ``f`` shifted to the centre beats the
   sum of the other terms' absolute values times the half-widths' powers), or left unknown;
3. a sub-box is covered when one set has every condition proved positive on it, or when two to
   four sets cover every *sign pattern* of the factors left unknown on it: for each choice of signs
   ``s in {+1, -1}^U`` of the at most :data:`MAX_PATTERN_FACTORS` unknown factors ``U``, one of the
   sets has all its conditions positive under the known signs and ``s``.  Each point of the sub-box
   off the curves ``f = 0`` has some such pattern, so it lies in that set.  This settles the
   sub-boxes a boundary curve (or a point where three regions meet) crosses without locating the
   curve;
4. otherwise a point of the sub-box that no set holds is handed to ``find`` (which returns a new
   set holding it, e.g. the optimal basis of the LPs solved there) and the sub-box is tried again,
   or the sub-box is split in four.  At most ``max_boxes`` sub-boxes are examined, and none is split
   below ``2^-max_depth`` of the box; past either cap :class:`CoverError` says where.

Everything is exact (FLINT rationals); the result lists the covered sub-boxes (leaves) with the
sets that cover them and the patterns, from which a region's borders are read.

Limits: the patterns are not proved to occur, only to be covered.  Where three boundary curves
cross at one point (three regions meeting, each pair along its own curve), only six of the eight
sign patterns of the three occur near it, and the two that do not are covered by no set: the
sub-boxes around that point are split to the depth cap and the cover stops there, saying so (so
does a boundary that touches zero without changing sign inside the box).  Proving a pattern empty
would need a certificate this module does not build.

References
----------
The Taylor (centred) form as an inclusion function: Moore, Kearfott & Cloud (2009), *Introduction
to Interval Analysis*, SIAM, section 6.1; subdivision for sign conditions: e.g. Snyder (1992),
"Interval analysis for computer graphics", SIGGRAPH '92.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import flint

from derive.solving.semialgebraic.polynomials import key

__all__ = [
    "MAX_BOXES",
    "MAX_DEPTH",
    "MAX_PATTERN_FACTORS",
    "CoverError",
    "FactorTable",
    "Leaf",
    "SignedSet",
    "cover_box",
    "sign_on_box",
]

#: Sub-boxes examined before the cover stops (the cap).
MAX_BOXES = 20_000
#: A sub-box is never narrower than ``2^-MAX_DEPTH`` of the box in either variable.
MAX_DEPTH = 24
#: At most this many factors of unknown sign are enumerated in a sub-box's sign patterns.
MAX_PATTERN_FACTORS = 4


class CoverError(RuntimeError):
    """The box could not be covered within the caps (the message says where it stopped)."""


Box = tuple[tuple[flint.fmpq, flint.fmpq], tuple[flint.fmpq, flint.fmpq]]


def sign_on_box(f, box: Box, depth: int = 0) -> int:
    """``1`` or ``-1`` when the polynomial ``f`` (an ``fmpq_mpoly`` whose first two variables are the
    box's, not constant) has that sign on the closed ``box`` except on its zero set, proved; ``0``
    when that is not shown.

    At the centre ``c`` of the box, with half-widths ``r``, ``f(c + d) = g(d)`` (a Taylor shift):
    ``|g(0)| >= sum over the other terms of |g_k| r^k`` with ``g(0) != 0`` proves that ``f`` is zero
    or of the sign of ``g(0)`` throughout (equality allows a zero on the box's boundary, such as
    ``bet - 1`` on a box whose edge is ``bet = 1``: the cover disregards zero sets, curves); failing
    that the box is split in four, ``depth`` times (a polynomial changing sign in the box fails at
    every depth)."""
    ctx = f.context()
    gens = ctx.gens()
    (alo, ahi), (blo, bhi) = box
    ca, cb = (alo + ahi) / 2, (blo + bhi) / 2
    ra, rb = (ahi - alo) / 2, (bhi - blo) / 2
    g = f.compose(gens[0] + ctx.constant(ca), gens[1] + ctx.constant(cb), *gens[2:])
    centre = flint.fmpq(0)
    tail = flint.fmpq(0)
    for monomial, c in g.to_dict().items():
        ea, eb = monomial[0], monomial[1]
        if ea == eb == 0:
            centre = c
        else:
            tail += abs(c) * ra**ea * rb**eb
    if centre != 0 and abs(centre) >= tail:
        return 1 if centre > 0 else -1
    if depth == 0:
        return 0
    signs = {sign_on_box(f, quarter, depth - 1) for quarter in _quarters(box)}
    return signs.pop() if len(signs) == 1 else 0


def _quarters(box: Box) -> list[Box]:
    (alo, ahi), (blo, bhi) = box
    ca, cb = (alo + ahi) / 2, (blo + bhi) / 2
    return [((a0, a1), (b0, b1)) for a0, a1 in ((alo, ca), (ca, ahi)) for b0, b1 in ((blo, cb), (cb, bhi))]


class FactorTable(dict):
    """The irreducible factors the sets name, ``id -> factor`` (small integers: a factor's own key,
    the tuple of its terms, would be hashed at every look-up of its sign)."""

    def __init__(self) -> None:
        super().__init__()
        self.index: dict[tuple, int] = {}

    def add(self, f) -> int:
        """The id of the factor ``f`` (an ``fmpq_mpoly``), added if new."""
        k = key(f)
        if k not in self.index:
            self.index[k] = len(self.index)
            self[self.index[k]] = f
        return self.index[k]


@dataclass
class SignedSet:
    """A conjunction of conditions ``g >= 0``, each kept as its constant's sign and its irreducible
    factors of odd multiplicity (ids in the cover's :class:`FactorTable`).

    Build one with :meth:`from_conditions`.  ``conditions[k]`` is ``(sign, (key, ...))``: the sign of
    ``g`` is ``sign`` times the product of the factors' signs."""

    conditions: list[tuple[int, tuple[int, ...]]]
    holds: Callable[[tuple], bool]
    fractions: Sequence = ()

    def strictly(self, point) -> bool:
        """Every condition strictly positive at the rational ``point`` (inside the set, off its
        boundary)."""
        try:
            return all(g.at(point) > 0 for g in self.fractions)
        except ZeroDivisionError:
            return False

    @staticmethod
    def from_conditions(fractions: Sequence, holds: Callable[[tuple], bool], table: FactorTable) -> SignedSet:
        """``fractions``: objects with ``num`` and ``den`` (``fmpq_mpoly``); ``holds(point)`` tests the
        conditions at a rational point; ``table`` is filled with the factors."""
        out = []
        factored: dict = {}
        for g in fractions:
            sign = 1
            keys = []
            for poly in (g.num, g.den):
                k = key(poly)
                if k not in factored:  # a basis's conditions share their denominators
                    factored[k] = poly.factor()
                c, factors = factored[k]
                sign *= 1 if c > 0 else -1
                for f, m in factors:
                    if f.is_constant():
                        sign *= 1 if f.leading_coefficient() > 0 else -1
                        continue
                    if m % 2:
                        keys.append(table.add(f))
            out.append((sign, tuple(sorted(set(keys)))))
        return SignedSet(list(dict.fromkeys(out)), holds, tuple(fractions))


@dataclass
class Leaf:
    """A covered sub-box: ``owner`` the set proved to hold on all of it, or ``patterns`` mapping each
    sign choice of the ``free`` factors (tuples of +1/-1) to the set covering it; ``signs`` are the
    factors' signs proved on the sub-box."""

    box: Box
    owner: int | None
    free: tuple[tuple, ...] = ()
    patterns: dict[tuple[int, ...], int] = field(default_factory=dict)
    signs: dict[tuple, int] = field(default_factory=dict)
    overlaps: tuple[int, ...] = ()


def _condition_sign(cond, signs: dict) -> int | None:
    sign, keys = cond
    for k in keys:
        s = signs.get(k, 0)
        if s == 0:
            return None
        sign *= s
    return sign


def _status(sset: SignedSet, signs: dict) -> tuple[str, set]:
    """``("valid", ∅)``, ``("out", ∅)`` or ``("open", unknown factor keys)`` on a sub-box."""
    unknown: set = set()
    for cond in sset.conditions:
        s = _condition_sign(cond, signs)
        if s is None:
            unknown.update(k for k in cond[1] if signs.get(k, 0) == 0)
        elif s < 0:
            return "out", set()
    return ("valid", set()) if not unknown else ("open", unknown)


def _holds_at(sset: SignedSet, signs: dict, table: FactorTable, point) -> bool:
    """Whether ``sset``, of status "open" on a sub-box holding ``point`` (no condition proved negative
    there), holds at ``point``: only its factors of unknown sign are evaluated (Leduc's conditions are
    hundreds of polynomials of degree 30 and more; those of known sign are decided already)."""
    local = dict(signs)
    for _, keys in sset.conditions:
        for k in keys:
            if local.get(k, 0) == 0:
                f = table[k]
                v = f(point[0], point[1], *([0] * (f.context().nvars() - 2)))
                local[k] = (v > 0) - (v < 0)
    out = True
    for cond in sset.conditions:
        sign, keys = cond
        for k in keys:
            sign *= local[k]
        if sign < 0:
            out = False
            break
    return out


def _pattern_cover(candidates: list[int], sets, unknown: dict, signs: dict):
    """A sign-pattern cover of a sub-box by at most four of ``candidates`` (four regions meet where
    two boundaries cross), or None."""
    for size in (2, 3, 4):
        for group in itertools.combinations(candidates, size):
            free = sorted(set().union(*(unknown[k] for k in group)))
            if len(free) > MAX_PATTERN_FACTORS:
                continue
            patterns = {}
            for choice in itertools.product((1, -1), repeat=len(free)):
                trial = {**signs, **dict(zip(free, choice))}
                owner = next(
                    (k for k in group if all(_condition_sign(c, trial) > 0 for c in sets[k].conditions)), None
                )
                if owner is None:
                    break
                patterns[choice] = owner
            else:
                return tuple(free), patterns
    return None


def _points(box: Box):
    """The centre of ``box``, then the centres of its quarters."""
    (alo, ahi), (blo, bhi) = box
    yield ((alo + ahi) / 2, (blo + bhi) / 2)
    for (a0, a1), (b0, b1) in _quarters(box):
        yield ((a0 + a1) / 2, (b0 + b1) / 2)


def cover_box(
    sets: list[SignedSet],
    table: FactorTable,
    box: Box,
    find: Callable[[tuple], SignedSet | None],
    *,
    say: Callable[[str], None] = lambda message: None,
    max_boxes: int = MAX_BOXES,
    max_depth: int = MAX_DEPTH,
    whole: dict | None = None,
) -> list[Leaf]:
    """Cover ``box`` by ``sets`` (extended by ``find``), proved sub-box by sub-box (module docstring).

    Parameters
    ----------
    sets : list of SignedSet
        The sets known so far; ``find``'s sets are appended to it.
    table : FactorTable
        The irreducible factors the sets name; extended by ``find``.
    box : ((a_lo, a_hi), (b_lo, b_hi))
        FLINT rationals, ``lo < hi``.
    find : callable
        ``find(point)`` for a rational point that no set holds: a new set holding it, or None.
    say : callable
        Progress lines (every 500 sub-boxes; ``find`` reports its own).
    max_boxes, max_depth : int
        The caps (:data:`MAX_BOXES`, :data:`MAX_DEPTH`).
    whole : dict, optional
        Filled with the factors' signs proved on the whole box (key -> +1 or -1; 0 where none is),
        for the factors known when the cover starts.

    Returns
    -------
    list of Leaf
        Sub-boxes whose union is ``box``, each covered.

    Raises
    ------
    CoverError
        If ``find`` returns None, or a cap is reached; the message names the sub-box.
    """
    leaves: list[Leaf] = []
    stack: list[tuple[Box, int, dict]] = [(box, 0, {})]
    examined = 0
    width = (box[0][1] - box[0][0]) * (box[1][1] - box[1][0])
    covered = flint.fmpq(0)
    while stack:
        sub, depth, inherited = stack.pop()
        examined += 1
        if examined > max_boxes:
            raise CoverError(
                f"stopped at the cap: {max_boxes:,} sub-boxes examined (MAX_BOXES), "
                f"{_percent(covered, width)} of the box covered, {len(sets)} sets; a smaller box needs fewer"
            )
        if examined % 500 == 0:
            say(
                f"covering: {examined:,} sub-boxes examined, {_percent(covered, width)} of the box proved covered"
            )
        signs = dict(inherited)
        wanted = {k for s in sets for c in s.conditions for k in c[1]} - set(signs)
        for k in wanted:
            s = sign_on_box(table[k], sub, 2 if depth == 0 else 0)
            if s:
                signs[k] = s
            if depth == 0 and whole is not None:
                whole[k] = s
        status = [_status(s, signs) for s in sets]
        valid = [k for k, (st, _) in enumerate(status) if st == "valid"]
        if valid:
            leaves.append(Leaf(sub, valid[0], signs=signs, overlaps=tuple(valid[1:])))
            covered += _area(sub)
            continue
        candidates = [k for k, (st, _) in enumerate(status) if st == "open"]
        found = _pattern_cover(candidates, sets, {k: status[k][1] for k in candidates}, signs)
        if found is not None:
            leaves.append(Leaf(sub, None, found[0], found[1], signs))
            covered += _area(sub)
            continue
        lonely = next(
            (pt for pt in _points(sub) if not any(_holds_at(sets[k], signs, table, pt) for k in candidates)),
            None,
        )
        if lonely is not None:
            new = find(lonely)
            if new is None or not new.holds(lonely):
                raise CoverError(f"no set found at ({lonely[0]}, {lonely[1]})")
            sets.append(new)
            stack.append((sub, depth, inherited))
            examined -= 1
            continue
        if depth >= max_depth:
            (alo, ahi), (blo, bhi) = sub
            unknown = set().union(*(status[k][1] for k in candidates)) if candidates else set()
            raise CoverError(
                f"stopped at the cap: the sub-box [{alo}, {ahi}] x [{blo}, {bhi}] is not covered at depth "
                f"{max_depth} (MAX_DEPTH): {len(candidates)} of {len(sets)} sets possible there, "
                f"{len(unknown)} boundary polynomials of unknown sign (a point where more meet, or where "
                f"one touches zero without changing sign); {_percent(covered, width)} of the box covered"
            )
        stack.extend((q, depth + 1, signs) for q in reversed(_quarters(sub)))
    return leaves


def _area(box: Box) -> flint.fmpq:
    return (box[0][1] - box[0][0]) * (box[1][1] - box[1][0])


def _percent(part, whole) -> str:
    return f"{float(part / whole) * 100:.1f}%"
