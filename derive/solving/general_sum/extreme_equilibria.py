"""Every extreme equilibrium of a two-player game in the sequence form, where enumeration is feasible.

The best-reply polyhedra

    H1 = {(y, p) : F y = f, y >= 0, E^T p - A y >= 0},   H2 = {(x, q) : E x = e, x >= 0, F^T q - B^T x >= 0}

of the sequence-form LCP (:class:`~derive.solving.general_sum.sequence_form_lcp.SequenceFormLCP`)
have their vertices listed by cddlib in exact rationals, and the completely labelled pairs are the
extreme equilibria in realization plans (Koller, Megiddo & von Stengel 1996, section 4; von Stengel
2002, section 7), each re-checked by exact best replies.  :mod:`derive.solving.general_sum.two_player`
combines them into every equilibrium; Lemke's method (:mod:`derive.solving.general_sum.sequence_form`)
finds one equilibrium of games too large for this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import count
from derive.solving.general_sum.sequence_form_lcp import (
    GeneralSumEquilibrium,
    SequenceFormLCP,
    checked_equilibrium,
)
from derive.solving.limits import TimeLimit

__all__ = ["MAX_VERTICES", "SequenceFormExtremeEquilibria", "sequence_form_extreme_equilibria"]


#: Largest number of vertices of either best-reply polyhedron enumerated.
MAX_VERTICES = 20_000


@dataclass(frozen=True)
class SequenceFormExtremeEquilibria:
    """Every extreme equilibrium of a two-player game, from the sequence-form best-reply polyhedra.

    Attributes
    ----------
    equilibria : tuple of GeneralSumEquilibrium
        Distinct pairs of realization plans, in the order of the vertices of ``H2`` then ``H1``.
    vertices : (int, int)
        The numbers of vertices of ``H2`` (player 1's plans) and ``H1`` (player 2's).
    shape : (int, int)
        The numbers of sequences.
    """

    equilibria: tuple[GeneralSumEquilibrium, ...]
    vertices: tuple[int, int]
    shape: tuple[int, int]


def sequence_form_extreme_equilibria(
    game: Game, *, progress: Callable[[str], None] | None = None, time_limit: float | None = None
) -> SequenceFormExtremeEquilibria:
    """Every extreme equilibrium of a two-player game, from the vertices of the sequence-form best-reply
    polyhedra (module docstring), each checked by exact NashConv.

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs.
    progress : callable, optional
    time_limit : float, optional
        Seconds; cddlib runs in a child process that is ended at the limit.

    Returns
    -------
    SequenceFormExtremeEquilibria

    Raises
    ------
    NotSupportedError
        As :func:`~derive.solving.general_sum.sequence_form.lemke_equilibrium`, or more than :data:`MAX_VERTICES` vertices.
    TimeLimitError
        When ``time_limit`` is reached.

    References
    ----------
    Koller, Megiddo & von Stengel (1996), section 4; von Stengel (2002), "Computing equilibria for
    two-person games", Handbook of Game Theory 3, section 7; Avis, Rosenberg, Savani & von Stengel
    (2010) for the vertex pairs.
    """
    limit = TimeLimit(time_limit, progress, "sequence-form enumeration")
    lcp = SequenceFormLCP(game)
    nx, ny = lcp.nx, lcp.ny
    # H2 = {(x, q): E x = e, x >= 0, F^T q - B^T x >= 0}; H1 = {(y, p): F y = f, y >= 0, E^T p - A y >= 0}
    bt = [[Fraction(0)] * nx for _ in range(ny)]
    for (s, t), v in lcp.B.items():
        bt[t][s] += v
    a = [[Fraction(0)] * ny for _ in range(nx)]
    for (s, t), v in lcp.A.items():
        a[s][t] += v
    found = []
    for p, (own, own_e, other, other_n, pay, dim) in enumerate(
        ((lcp.E, lcp.e, lcp.F, ny, bt, nx), (lcp.F, lcp.f, lcp.E, nx, a, ny))
    ):
        doing = (
            f"listing the vertices of the sequence-form best-reply polyhedron of {game.players[p]}'s plans"
        )
        limit.say(doing)
        found.append(limit.call(doing, _polyhedron_vertices, own, own_e, other, other_n, pay, dim))
        limit.say(f"  {count(len(found[-1]), 'vertex', 'vertices', thousands=True)}")
    xs, ys = found
    # labels: player 1's sequences 0..nx-1, player 2's nx..nx+ny-1
    lx = [_labels(x, q, lcp.F, bt, 0, nx) for x, q in xs]
    ly = [_labels(y, p_, lcp.E, a, nx, 0) for y, p_ in ys]
    everything = frozenset(range(nx + ny))
    equilibria, seen = [], set()
    for i, (x, _) in enumerate(xs):
        limit.check(f"pairing {len(xs):,} x {len(ys):,} vertices")
        for j, (y, _) in enumerate(ys):
            if lx[i] | ly[j] == everything:
                key = (tuple(x), tuple(y))
                if key not in seen:
                    seen.add(key)
                    equilibria.append(checked_equilibrium(lcp, list(x), list(y), "vertex enumeration", 0))
    return SequenceFormExtremeEquilibria(tuple(equilibria), (len(xs), len(ys)), (nx, ny))


def _polyhedron_vertices(own, own_e, other, other_n, pay, dim):
    """Vertices ``(plan, duals)`` of ``{(z, w): own z = own_e, z >= 0, other^T w - pay z >= 0}``, by cddlib."""
    import cdd
    import cdd.gmp

    k = len(other)  # number of duals w
    n = dim + k
    rows, lin = [], []
    for r, row in own.items():  # equations own z = e
        lin.append(len(rows))
        rows.append([Fraction(-own_e[r])] + [Fraction(row.get(s, 0)) for s in range(dim)] + [Fraction(0)] * k)
    for s in range(dim):  # z >= 0
        rows.append([Fraction(0)] + [Fraction(int(s == j)) for j in range(dim)] + [Fraction(0)] * k)
    for t in range(other_n):  # (other^T w)_t - (pay z)_t >= 0
        coeff_w = [Fraction(other[r].get(t, 0)) for r in range(k)]
        rows.append([Fraction(0)] + [-pay[t][s] for s in range(dim)] + coeff_w)
    mat = cdd.gmp.matrix_from_array(rows, rep_type=cdd.RepType.INEQUALITY, lin_set=lin)
    gens = cdd.gmp.copy_generators(cdd.gmp.polyhedron_from_matrix(mat))
    if gens.lin_set:
        raise NotSupportedError("a sequence-form best-reply polyhedron has a line (a bug)")
    points = [g for g in gens.array if g[0] != 0]
    if len(points) > MAX_VERTICES:
        raise NotSupportedError(
            f"more than {MAX_VERTICES:,} vertices in a sequence-form best-reply polyhedron"
        )
    out = []
    for g in points:
        v = [Fraction(c) / Fraction(g[0]) for c in g[1:]]
        out.append((tuple(v[:dim]), tuple(v[dim:n])))
    return out


def _labels(plan, duals, other, pay, own_offset: int, other_offset: int) -> frozenset[int]:
    """Labels of a vertex: own sequences with ``plan = 0``, the other's sequences whose reply slack is 0."""
    zeros = {own_offset + s for s, v in enumerate(plan) if v == 0}
    tight = set()
    for t in range(len(pay)):
        slack = sum((Fraction(other[r].get(t, 0)) * duals[r] for r in range(len(other))), Fraction(0))
        slack -= sum((c * v for c, v in zip(pay[t], plan)), Fraction(0))
        if slack == 0:
            tight.add(other_offset + t)
    return frozenset(zeros | tight)
