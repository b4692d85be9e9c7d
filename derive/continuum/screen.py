"""A quick floating-point screen of candidate threshold structures at one bet size.

The structure search (:mod:`derive.continuum.structure`) tries hundreds of candidate structures;
solving each exactly in the bet and proving it takes about a second.  This screen decides in a
millisecond whether a candidate is worth that: at one numeric bet it solves the indifference
equations in floating point, checks that the thresholds come out in order and that no plan of
either player does better than the prescribed one at either end of any cell (the same
comparisons as :mod:`derive.continuum.proof`, in floats with a small tolerance).  Nothing it says
is a result: a candidate that passes is then solved and proved exactly, and one that fails is
only not tried.

The two players' cuts are interleaved in one order, and a candidate read off the N-card game may
interleave them wrongly where two thresholds are close: when the solution puts them in another
order (each player's own cuts still in order), the screen re-interleaves the cuts as the solution
says and solves again (:func:`screen` returns the structure it settled on).

The formulas are :func:`derive.continuum.payoff.plan_value`'s: a plan's value at a hand in a cell is
linear in the cuts, so each is a coefficient vector over ``(z_0 = 0, z_1, ..., z_K, z_(K+1) = 1)``.
"""

from __future__ import annotations

import numpy as np

from derive.continuum.payoff import Plan, Structure, outcome_of, plans

__all__ = ["TOLERANCE", "Tables", "screen"]

#: Slack of the floating-point comparisons (the exact proof decides; this only must not lose a true candidate).
TOLERANCE = 1e-9
#: Most re-interleavings of the players' cuts tried for one candidate.
MAX_REORDERS = 4
#: Neighbouring cuts of the two players closer than this in a failed solution are also tried swapped ...
NEAR = 0.02
#: ... at most this many pairs, closest first.
MAX_SWAPS = 3


class Tables:
    """The outcome amounts ``f``, ``s`` of every pair of plans at one bet, as float matrices.

    Parameters
    ----------
    rules : PokerRules
        With a numeric bet.
    """

    def __init__(self, rules) -> None:
        self.rules = rules
        self.plans = (plans(rules, 0), plans(rules, 1))
        self.index = tuple({p: k for k, p in enumerate(ps)} for ps in self.plans)
        n0, n1 = len(self.plans[0]), len(self.plans[1])
        self.f = np.zeros((n0, n1))
        self.s = np.zeros((n0, n1))
        for a, p in enumerate(self.plans[0]):
            for c, q in enumerate(self.plans[1]):
                _, f, s = outcome_of(rules, p, q)
                self.f[a, c], self.s[a, c] = float(f), float(s)

    def coefficients(self, player: int, others: np.ndarray, cell: int, hand: int) -> np.ndarray:
        """Each plan of ``player``'s value at the cut ``hand`` of cell ``cell``, as coefficients over the cuts.

        Parameters
        ----------
        player : int
        others : numpy.ndarray
            The other player's plan index on each cell.
        cell : int
        hand : int
            ``cell`` or ``cell + 1``: the index of the cut the hand sits on.

        Returns
        -------
        numpy.ndarray
            Shape ``(plans, cells + 1)``: row ``P`` dotted with ``(0, z_1, ..., z_K, 1)`` is the value.
        """
        if player == 0:
            f, s = self.f[:, others], self.s[:, others]
        else:
            f, s = self.f[others, :].T, self.s[others, :].T
        cells = len(others)
        sign = np.where(np.arange(cells) < cell, 1.0, -1.0)
        sign[cell] = 0.0
        tau = 1.0 if player == 0 else -1.0
        a = f + tau * s * sign  # multiplies the cell's length
        out = np.zeros((f.shape[0], cells + 1))
        out[:, 1:] += a
        out[:, :-1] -= a
        sk = tau * s[:, cell]
        out[:, hand] += 2 * sk
        out[:, cell] -= sk
        out[:, cell + 1] -= sk
        return out if player == 0 else -out


def _solve(tables: Tables, cells: list[tuple[Plan, Plan]], owners: list[int]):
    """The cuts ``(0, z_1, ..., z_K, 1)`` solving the indifference equations in floats, or None if singular."""
    k = len(owners)
    idx = [np.array([tables.index[1 - p][c[1 - p]] for c in cells]) for p in (0, 1)]
    rows = []
    for m in range(1, k + 1):  # the cut z_m between cells m - 1 and m
        p = owners[m - 1]
        coef = tables.coefficients(p, idx[p], m - 1, m)
        below, above = tables.index[p][cells[m - 1][p]], tables.index[p][cells[m][p]]
        rows.append(coef[below] - coef[above])
    if not rows:
        return np.array([0.0, 1.0]), idx
    full = np.array(rows)
    a, rhs = full[:, 1:-1], -full[:, -1]
    try:
        sv = np.linalg.svd(a, compute_uv=False)
    except np.linalg.LinAlgError:  # pragma: no cover - NaN from a degenerate system
        return None, idx
    if sv[-1] < 1e-10 * max(1.0, sv[0]):
        return None, idx
    z = np.linalg.solve(a, rhs)
    return np.concatenate([[0.0], z, [1.0]]), idx


def _best_responses_hold(tables: Tables, cells, idx, z: np.ndarray) -> bool:
    for player in (0, 1):
        for cell, plan_pair in enumerate(cells):
            mine = tables.index[player][plan_pair[player]]
            for hand in (cell, cell + 1):
                values = tables.coefficients(player, idx[player], cell, hand) @ z
                if values.max() > values[mine] + TOLERANCE * (1 + abs(values[mine])):
                    return False
    return True


def _interleave(segments, ends, ranks=None):
    """Cells and owners of the two players' segments with their cuts sorted by ``ends``.

    Ends equal to within :data:`TOLERANCE` keep the order of ``ranks`` (their current places), else
    the opener's cut comes first.
    """
    keys = []
    for p in (0, 1):
        for i in range(len(segments[p]) - 1):
            rank = ranks[p][i] if ranks else p
            keys.append((round(ends[p][i] / TOLERANCE), rank, p, i))
    current = [0, 0]
    cells = [(segments[0][0], segments[1][0])]
    owners = []
    for _, _, p, i in sorted(keys):
        current[p] = i + 1
        cells.append((segments[0][current[0]], segments[1][current[1]]))
        owners.append(p)
    return cells, owners


def _settle(tables: Tables, cells, owners):
    """Solve, re-interleave as the solution says, repeat: ``(cells, owners)`` that pass, or ``(None, z)``
    with the last solution (None if singular) when they do not."""
    z = None
    for _ in range(MAX_REORDERS + 1):
        z, idx = _solve(tables, cells, owners)
        if z is None or not np.all(np.isfinite(z)):
            return None, None
        if np.all(np.diff(z) >= -TOLERANCE):
            if not _best_responses_hold(tables, cells, idx, z):
                return None, None
            return (cells, owners), z
        # each player's own cuts must be in order; then only the interleaving is wrong
        segments: list[list[Plan]] = [[cells[0][0]], [cells[0][1]]]
        ends: list[list[float]] = [[], []]
        ranks: list[list[int]] = [[], []]
        for m, p in enumerate(owners, start=1):
            segments[p].append(cells[m][p])
            ends[p].append(float(z[m]))
            ranks[p].append(m)
        if any(np.any(np.diff(e) < -TOLERANCE) for e in ends) or any(
            v < -TOLERANCE or v > 1 + TOLERANCE for e in ends for v in e
        ):
            return None, z
        new_cells, new_owners = _interleave(segments, ends, ranks)
        if new_cells == cells and new_owners == owners:
            return None, z
        cells, owners = new_cells, new_owners
    return None, z


def _swapped(cells, owners, m: int):
    """The cuts ``m`` and ``m + 1`` (1-based, of different players) in the other order."""
    p, q = owners[m - 1], owners[m]
    middle = [None, None]
    middle[p], middle[q] = cells[m - 1][p], cells[m + 1][q]
    new_cells = cells[:m] + [tuple(middle)] + cells[m + 1 :]
    new_owners = owners[: m - 1] + [q, p] + owners[m + 1 :]
    return new_cells, new_owners


def screen(structure: Structure, tables: Tables) -> Structure | None:
    """Whether ``structure`` looks like an equilibrium at the bet of ``tables`` (module docstring).

    A wrong interleaving elsewhere can put one player's own cuts out of order, or tie two players'
    cuts: then each pair of neighbouring cuts of the two players that the solution puts within
    :data:`NEAR` of each other is tried the other way round (closest first, at most
    :data:`MAX_SWAPS`).

    Parameters
    ----------
    structure : Structure
        Its rules' bet may be symbolic; the bet of ``tables`` is used.
    tables : Tables
        At one numeric bet.

    Returns
    -------
    Structure or None
        The structure (re-interleaved if the floating-point solution said so) whose solution is in
        order and from which no plan gains, up to :data:`TOLERANCE`; None otherwise.
    """
    cells, owners = list(structure.cells), list(structure.owners)
    settled, z = _settle(tables, cells, owners)
    if settled is None and z is not None:
        near = sorted(
            (abs(z[m + 1] - z[m]), m)
            for m in range(1, len(owners))
            if owners[m - 1] != owners[m] and abs(z[m + 1] - z[m]) < NEAR
        )
        for _, m in near[:MAX_SWAPS]:
            settled, _ = _settle(tables, *_swapped(cells, owners, m))
            if settled is not None:
                break
    if settled is None:
        return None
    if settled[0] == list(structure.cells):
        return structure
    return Structure(structure.rules, tuple(settled[0]), tuple(settled[1]))
