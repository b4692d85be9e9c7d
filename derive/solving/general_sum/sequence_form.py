"""Two-player general-sum games in the sequence form: an exact equilibrium by Lemke's method, and all
extreme equilibria where the best-reply polyhedra are small enough to enumerate.

The reduced strategic form grows exponentially with the tree (one-card poker with 13 cards and a
raise already has 1,220,703,125 x 2,541,865,828,329 reduced strategies); the sequence form grows
linearly (92 sequences each).  Following Koller, Megiddo & von Stengel (1996), with realization
plans ``x`` (``E x = e, x >= 0``) and ``y`` (``F y = f, y >= 0``) and sequence-form payoff matrices
``A`` and ``B``, ``(x, y)`` is an equilibrium exactly when there are ``p`` and ``q`` with

    a = E^T p - A y >= 0,   x >= 0,   x^T a = 0,
    b = F^T q - B^T x >= 0,   y >= 0,   y^T b = 0

(``p`` and ``q`` are the dual variables of each player's best-reply linear program: ``x`` is a best
reply to ``y`` exactly when it is complementary to a dual solution), a linear complementarity
problem.

**Lemke's method in the sequence form** (von Stengel, van den Elzen & Talman 2002): a *prior* pair
of plans ``(xbar, ybar)`` (the uniform behaviour strategies, or seeded random ones) starts a
path along which each player responds to a mixture of the prior and the other's current plan.  With
an extra variable ``z0`` (the weight of the prior), the system

    a = E^T p - A y - (A ybar) z0,   b = F^T q - B^T x - (B^T xbar) z0,
    E x = e,   F y = f,   x, y, a, b, z0 >= 0,   x^T a = y^T b = 0

is von Stengel et al.'s with the plans not scaled by ``1 - z0`` (their ``z0`` is ``z0 / (1 + z0)``
here, their duals ``1 / (1 + z0)`` times these), so that their start ``z0 = 1`` is the ray of large
``z0``: along it each player plays a pure best reply to the prior at every information set (backward
induction; a tie broken by the other's reply, or another prior tried), which gives the starting
basis, and ``z0`` decreases until a player's reply to the other's plan binds.  Complementary
pivoting (Lemke 1965) follows the path, the variable that leaves the basis telling which one enters
next, until ``z0`` leaves: then ``(x, y)`` is an equilibrium.  Payoffs are
first shifted to be negative at every play (the shift is the same for every pair of plans), as the
method assumes.  Every pivot is exact: the tableau is a matrix of rationals kept by FLINT
(``python-flint``), and ties in the ratio test are broken lexicographically, so the path cannot
cycle in degenerate games.  The equilibrium found is a normal-form perfect one when the prior is
completely mixed (von Stengel et al. 2002, Theorem 4.3).  It is checked by the exact NashConv of
:mod:`derive.verification.best_response` before it is returned.

**Every extreme equilibrium**, where enumeration is feasible: the best-reply polyhedra

    H1 = {(y, p) : F y = f, y >= 0, E^T p - A y >= 0},   H2 = {(x, q) : E x = e, x >= 0, F^T q - B^T x >= 0}

have their vertices listed by cddlib in exact rationals, and the completely labelled pairs (every
sequence of player 1 has ``x_s = 0`` or ``a_s = 0``, every one of player 2 ``y_t = 0`` or ``b_t =
0``) are the extreme equilibria in realization plans (Koller, Megiddo & von Stengel 1996,
section 4; von Stengel 2002, "Computing equilibria for two-person games", section 7), each re-checked
by exact best replies.

This module follows Lemke's path; the LCP's exact data and the check of a pair of plans are in
:mod:`derive.solving.general_sum.sequence_form_lcp`, the vertex enumeration in
:mod:`derive.solving.general_sum.extreme_equilibria` (its names are importable from here too).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.general_sum.extreme_equilibria import (
    SequenceFormExtremeEquilibria,
    sequence_form_extreme_equilibria,
)
from derive.solving.general_sum.sequence_form_lcp import (
    GeneralSumEquilibrium,
    SequenceFormEquilibrium,  # noqa: F401 - the old name of GeneralSumEquilibrium
    SequenceFormLCP,
    checked_equilibrium,
)
from derive.solving.limits import TimeLimit

__all__ = [
    "GeneralSumEquilibrium",
    "SequenceFormExtremeEquilibria",
    "lemke_equilibrium",
    "sequence_form_extreme_equilibria",
]

#: Largest number of Lemke pivots before the path is given up.
MAX_PIVOTS = 20_000
#: Random priors tried when the uniform one leaves a player two best replies somewhere.
PRIOR_TRIES = 5


def lemke_equilibrium(
    game: Game,
    *,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
) -> GeneralSumEquilibrium:
    """One exact Nash equilibrium of a two-player game by Lemke's method in the sequence form (module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs (any sums).
    seed : int, optional
        Start from a random completely mixed prior drawn with this seed (another equilibrium may
        be reached) instead of the uniform one.  When the prior leaves a player two best replies at
        some information set that the other's replies do not tell apart, or when they do but the
        path then ends on a ray (another pair of replies, each best against the prior and the
        other's, starts a second ray: Shapley's 1974 game, fig. 3, from the uniform prior), random
        priors of seeds 0, 1 ... are tried instead (:data:`PRIOR_TRIES` of them; the result says which).
    progress : callable, optional
        Hears the size of the system, then every 200 pivots.
    time_limit : float, optional
        Seconds (None: no limit).

    Returns
    -------
    GeneralSumEquilibrium

    Raises
    ------
    NotSupportedError
        For a game that is not a two-player one with numeric payoffs, or if the path from every
        prior tried ends on a ray, or one exceeds :data:`MAX_PIVOTS` (neither should happen;
        reported, never hidden).
    ImperfectRecallError
        If the game lacks perfect recall.
    TimeLimitError
        When ``time_limit`` is reached.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> lemke_equilibrium(matching_pennies()).payoffs
    (0, 0)

    References
    ----------
    Koller, Megiddo & von Stengel (1996), "Efficient computation of equilibria for extensive
    two-person games", GEB 14; von Stengel, van den Elzen & Talman (2002), "Computing normal form
    perfect equilibria for extensive two-person games", Econometrica 70; Lemke (1965).
    """
    limit = TimeLimit(time_limit, progress, "Lemke's method")
    lcp = SequenceFormLCP(game)
    tries = [seed, *(k for k in range(PRIOR_TRIES) if k != seed)]
    for k, attempt in enumerate(tries):
        start = _start(lcp, attempt, allow_ties=k == len(tries) - 1)
        if start is None:
            continue
        prior = "uniform" if attempt is None else f"random, seed {attempt}"
        if attempt != seed:
            asked = "the uniform prior" if seed is None else f"the prior of seed {seed}"
            prior += f" ({asked} leaves a player two best replies)"
        limit.say(
            f"Lemke's method in the sequence form: {lcp.nx} + {lcp.ny} sequences, {start.m} rows, prior {prior}"
        )
        try:
            x, y, pivots = _lemke_path(start, limit)
        except _Ray:
            # Only a start where the prior left a player two best replies can end on a ray: another pair
            # of replies to it, each best against the prior and the other's, starts a second ray.
            if not start.tied:
                raise NotSupportedError(
                    "Lemke's path ended on a ray from a start without ties (a bug; reported, not hidden)"
                ) from None
            if k == len(tries) - 1:
                raise NotSupportedError(
                    f"every prior tried ({len(tries)}) leaves a player two best replies, and the path from "
                    "the last one ended on a ray"
                ) from None
            limit.say(
                "  the path ended on a ray (the prior leaves a player two best replies): the next prior"
            )
            continue
        limit.say(f"  the path ended after {pivots:,} pivots")
        return checked_equilibrium(lcp, x, y, prior, pivots)
    raise NotSupportedError("no prior gave a starting basis (a bug; reported, not hidden)")


class _Ray(Exception):
    """Lemke's path ended on a ray: no pivot row for the entering variable."""


@dataclass
class _Start:
    """The system of Lemke's method with its starting basis (module docstring)."""

    M: object  # flint fmpq_mat, m x (variables + 1): the system [M | rhs]
    basis: list[int]
    m: int
    n_vars: int
    X: int
    Y: int
    Acol: int
    Bcol: int
    P: int
    Z: int
    tied: bool  # the prior left a player two best replies somewhere (broken by the other's replies or not)


def _start(lcp: SequenceFormLCP, seed: int | None, allow_ties: bool = False) -> _Start | None:
    """The system and its starting basis for the prior of ``seed``: each player's best replies to the
    prior at every information set; None if some set has two (a tie) and ``allow_ties`` is not set
    (then the first best action is taken)."""
    import flint

    nx, ny, kx, ky = lcp.nx, lcp.ny, lcp.kx, lcp.ky
    # variable columns: x, y, a, b, p, q, z0; rows: R1 (nx), R2 (ny), R3 (kx), R4 (ky)
    X, Y, Acol, Bcol = 0, nx, nx + ny, 2 * nx + ny
    P = 2 * nx + 2 * ny
    Q = P + kx
    Z = Q + ky
    n_vars = Z + 1
    m = nx + ny + kx + ky
    xbar, ybar = lcp.prior(0, seed), lcp.prior(1, seed)
    Aybar = [Fraction(0)] * nx
    Bxbar = [Fraction(0)] * ny
    for (s, t), v in lcp.A.items():
        Aybar[s] += v * ybar[t]
    for (s, t), v in lcp.B.items():
        Bxbar[t] += v * xbar[s]
    replies = lcp.replies(xbar, ybar)
    if replies is None:  # the tie-breaking kept changing: the first best actions, if allowed
        if not allow_ties:
            return None
        replies = (
            lcp.best_reply(0, [(v,) for v in Aybar])[0],
            lcp.best_reply(1, [(v,) for v in Bxbar])[0],
            True,
            True,
        )
    chosen_x, chosen_y, ties, broken = replies
    if ties and not allow_ties:
        return None
    rows: list[dict[int, Fraction]] = [dict() for _ in range(m)]
    rhs = [Fraction(0)] * m
    for s in range(nx):  # a_s - (E^T p)_s + (A y)_s + (A ybar)_s z0 = 0
        rows[s][Acol + s] = Fraction(1)
        rows[s][Z] = Aybar[s]
    for t in range(ny):  # b_t - (F^T q)_t + (B^T x)_t + (B^T xbar)_t z0 = 0
        rows[nx + t][Bcol + t] = Fraction(1)
        rows[nx + t][Z] = Bxbar[t]
    for (s, t), v in lcp.A.items():
        rows[s][Y + t] = rows[s].get(Y + t, Fraction(0)) + v
    for (s, t), v in lcp.B.items():
        rows[nx + t][X + s] = rows[nx + t].get(X + s, Fraction(0)) + v
    for r, row in lcp.E.items():  # E x = e
        for s, c in row.items():
            rows[s][P + r] = rows[s].get(P + r, Fraction(0)) - c
            rows[nx + ny + r][X + s] = Fraction(c)
        rhs[nx + ny + r] = Fraction(lcp.e[r])
    for r, row in lcp.F.items():  # F y = f
        for t, c in row.items():
            rows[nx + t][Q + r] = rows[nx + t].get(Q + r, Fraction(0)) - c
            rows[nx + ny + kx + r][Y + t] = Fraction(c)
        rhs[nx + ny + kx + r] = Fraction(lcp.f[r])
    # the starting basis: the duals, each player's best replies to the prior (plans), the other slacks
    basis = list(range(P, Z))
    basis += [X + s for s in sorted(chosen_x)] + [Y + t for t in sorted(chosen_y)]
    basis += [Acol + s for s in range(nx) if s not in chosen_x]
    basis += [Bcol + t for t in range(ny) if t not in chosen_y]
    M = flint.fmpq_mat(m, n_vars + 1)
    for i, row in enumerate(rows):
        for j, v in row.items():
            if v:
                M[i, j] = flint.fmpq(v.numerator, v.denominator)
        if rhs[i]:
            M[i, n_vars] = flint.fmpq(rhs[i].numerator, rhs[i].denominator)
    return _Start(M, basis, m, n_vars, X, Y, Acol, Bcol, P, Z, ties or broken)


def _lemke_path(start: _Start, limit) -> tuple[list[Fraction], list[Fraction], int]:
    """Complementary pivoting from the primary ray until z0 leaves; the plans and the pivots done."""
    import flint

    M, basis, m, n_vars = start.M, list(start.basis), start.m, start.n_vars
    X, Y, Acol, Bcol, P, Z = start.X, start.Y, start.Acol, start.Bcol, start.P, start.Z
    B0 = flint.fmpq_mat(m, m)
    for k, j in enumerate(basis):
        for i in range(m):
            v = M[i, j]
            if v != 0:
                B0[i, k] = v
    try:
        T = B0.solve(M)  # the tableau in the starting basis: B0^-1 [M | rhs]
    except ZeroDivisionError:
        raise NotSupportedError("the starting basis is singular (a bug; reported, not hidden)") from None
    first = list(basis)  # T's columns of these variables are B^-1 B0: the lexicographic rule reads them

    def complement(v: int) -> int:
        if X <= v < Y:
            return Acol + (v - X)
        if Y <= v < Acol:
            return Bcol + (v - Y)
        if Acol <= v < Bcol:
            return X + (v - Acol)
        return Y + (v - Bcol)

    def constrained(v: int) -> bool:
        return not (P <= v < Z)

    def lexicographic(rows: list[tuple[int, object]]) -> int:
        """The row whose (rhs, B^-1 B0 row) divided by its entry is lexicographically least."""
        keys = {i: [T[i, n_vars] / c] + [T[i, j] / c for j in first] for i, c in rows}
        return min(keys, key=lambda i: keys[i])

    def pivot(r: int, entering: int) -> None:
        nonlocal T
        piv = T[r, entering]
        row = flint.fmpq_mat(1, n_vars + 1, [T[r, j] / piv for j in range(n_vars + 1)])
        col = flint.fmpq_mat(m, 1, [T[i, entering] - (1 if i == r else 0) for i in range(m)])
        T = T - col * row

    pivots = 0
    infeasible = [i for i in range(m) if constrained(basis[i]) and T[i, n_vars] < 0]
    if infeasible:  # z0 enters: just enough of the prior to make every basic variable non-negative
        if any(T[i, Z] >= 0 for i in infeasible):
            raise NotSupportedError(
                "the starting basis cannot be made feasible (a bug; reported, not hidden)"
            )
        # basic_i = rhs_i - T[i, Z] z0 >= 0: the binding row has the largest rhs_i / T[i, Z] (lexicographically,
        # i.e. the least of the perturbed ratios taken with the opposite sign)
        rows = [(i, T[i, Z]) for i in range(m) if constrained(basis[i]) and T[i, Z] < 0]
        keys = {i: [T[i, n_vars] / c] + [T[i, j] / c for j in first] for i, c in rows}
        r = max(keys, key=lambda i: keys[i])
        leaving = basis[r]
        pivot(r, Z)
        basis[r] = Z
        pivots = 1
        entering = complement(leaving)
        while True:
            if pivots >= MAX_PIVOTS:
                raise NotSupportedError(f"Lemke's path took more than {MAX_PIVOTS:,} pivots (given up)")
            if pivots % 200 == 0:
                limit.say(f"  {pivots:,} pivots")
            limit.check(f"pivoting ({pivots:,} pivots so far)")
            candidates = []
            for i in range(m):
                if constrained(basis[i]):
                    c = T[i, entering]
                    if c > 0:
                        candidates.append((T[i, n_vars] / c, i, c))
            if not candidates:
                raise _Ray
            best = min(q for q, _, _ in candidates)
            tied = [(i, c) for q, i, c in candidates if q == best]
            r = tied[0][0] if len(tied) == 1 else lexicographic(tied)
            leaving = basis[r]
            pivot(r, entering)
            basis[r] = entering
            pivots += 1
            if leaving == Z:
                break
            entering = complement(leaving)
    value = {v: T[i, n_vars] for i, v in enumerate(basis)}
    x = [_fmpq_fraction(value.get(X + s, 0)) for s in range(Y - X)]
    y = [_fmpq_fraction(value.get(Y + t, 0)) for t in range(Acol - Y)]
    return x, y, pivots


def _fmpq_fraction(v) -> Fraction:
    if isinstance(v, int):
        return Fraction(v)
    return Fraction(int(v.p), int(v.q))
