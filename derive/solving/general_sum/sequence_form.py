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
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form

__all__ = [
    "SequenceFormEquilibrium",
    "SequenceFormExtremeEquilibria",
    "lemke_equilibrium",
    "sequence_form_extreme_equilibria",
]

#: Largest number of Lemke pivots before the path is given up.
MAX_PIVOTS = 20_000
#: Random priors tried when the uniform one leaves a player two best replies somewhere.
PRIOR_TRIES = 5
#: Largest number of vertices of either best-reply polyhedron enumerated.
MAX_VERTICES = 20_000


@dataclass(frozen=True)
class SequenceFormEquilibrium:
    """One Nash equilibrium of a two-player game, in realization plans and behaviour strategies, exact.

    Attributes
    ----------
    plans : (dict, dict)
        Each player's realization plan, ``sequence label -> Rational`` (``"∅" -> 1``).
    strategies : (dict, dict)
        Each player's behaviour strategy, ``information-set label -> {action: Rational}`` (uniform
        at a set the player's own plan never reaches).
    payoffs : (Rational, Rational)
        Each player's expected payoff.
    nash_conv : sympy.Rational
        The exact NashConv of the profile (0), computed independently.
    prior : str
        ``"uniform"`` or ``"random, seed k"`` (Lemke's method), or ``"vertex enumeration"``.
    pivots : int
        Lemke pivots done (0 for an enumerated one).
    """

    plans: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]
    strategies: tuple[dict[str, dict[str, sp.Rational]], dict[str, dict[str, sp.Rational]]]
    payoffs: tuple[sp.Rational, sp.Rational]
    nash_conv: sp.Rational
    prior: str
    pivots: int


@dataclass(frozen=True)
class SequenceFormExtremeEquilibria:
    """Every extreme equilibrium of a two-player game, from the sequence-form best-reply polyhedra.

    Attributes
    ----------
    equilibria : tuple of SequenceFormEquilibrium
        Distinct pairs of realization plans, in the order of the vertices of ``H2`` then ``H1``.
    vertices : (int, int)
        The numbers of vertices of ``H2`` (player 1's plans) and ``H1`` (player 2's).
    shape : (int, int)
        The numbers of sequences.
    """

    equilibria: tuple[SequenceFormEquilibrium, ...]
    vertices: tuple[int, int]
    shape: tuple[int, int]


class _LCP:
    """The sequence-form data of a two-player game, exact: constraints, shifted payoffs, labels."""

    def __init__(self, game: Game) -> None:
        if game.num_players != 2:
            raise NotSupportedError(
                f"the sequence-form LCP is for two players; this game has {game.num_players}"
            )
        if game.is_symbolic:
            raise NotSupportedError("the game has symbolic payoffs or probabilities; substitute numbers")
        self.game = game
        self.sf: GameSequenceForm = game_sequence_form(game)
        sf = self.sf
        self.nx, self.ny = sf.shape
        self.E, self.e = sf.constraints(0)
        self.F, self.f = sf.constraints(1)
        self.kx, self.ky = len(self.e), len(self.f)
        weight: dict[tuple[int, int], Fraction] = {}
        pay: list[dict[tuple[int, int], Fraction]] = [{}, {}]
        for z, (s, t) in sf.terminal_sequences.items():
            w = _frac(sf.terminal_weights[z])
            weight[(s, t)] = weight.get((s, t), Fraction(0)) + w
            for p in (0, 1):
                u = _frac(game.payoffs[z][p])
                pay[p][(s, t)] = pay[p].get((s, t), Fraction(0)) + w * u
        shift = [max(_frac(game.payoffs[z][p]) for z in game.terminals) + 1 for p in (0, 1)]
        # A' = A - shift * W: every play pays less than 0, the same shift for every pair of plans
        self.A = {k: pay[0].get(k, Fraction(0)) - shift[0] * w for k, w in weight.items()}
        self.B = {k: pay[1].get(k, Fraction(0)) - shift[1] * w for k, w in weight.items()}
        self.A = {k: v for k, v in self.A.items() if v}
        self.B = {k: v for k, v in self.B.items() if v}

    def realization(self, p: int, behaviour: dict[int, list[Fraction]]) -> list[Fraction]:
        """The realization plan of ``behaviour`` (information-set index -> action probabilities)."""
        sf = self.sf
        x = [Fraction(1)] * sf.shape[p]
        for k, seq in enumerate(sf.sequences[p]):
            if seq is not None:
                x[k] = x[sf.parent[seq[0]]] * behaviour[seq[0]][seq[1]]
        return x

    def prior(self, p: int, seed: int | None) -> list[Fraction]:
        """A completely mixed plan: uniform behaviour, or random rational behaviour (seeded)."""
        rng = random.Random(seed)
        behaviour = {}
        for info in self.game.infosets_of(p):
            k = len(info.actions)
            if seed is None:
                behaviour[info.index] = [Fraction(1, k)] * k
            else:
                raw = [rng.randint(1, 99) for _ in range(k)]
                behaviour[info.index] = [Fraction(r, sum(raw)) for r in raw]
        return self.realization(p, behaviour)

    def best_reply(self, p: int, values: list[tuple[Fraction, ...]]) -> tuple[set[int], bool]:
        """A pure best reply at *every* information set (backward induction) to payoffs ``values`` per
        own sequence, tuples compared lexicographically (a tie in the first entry is broken by the
        next); as the set of sequences it chooses (the empty one included), and whether some set
        still had two best actions."""
        sf = self.sf
        chosen = {0}
        value: dict[int, tuple[Fraction, ...]] = {}
        seq_value: dict[int, tuple[Fraction, ...]] = {}
        tie = False

        def of(k: int) -> tuple[Fraction, ...]:
            if k not in seq_value:
                total = list(values[k])
                for j in sf.children(p, k):
                    total = [a + b for a, b in zip(total, value[j])]
                seq_value[k] = tuple(total)
            return seq_value[k]

        for info in sf.bottom_up(p):
            options = [of(sf.index[p][(info.index, a)]) for a in range(len(info.actions))]
            best = max(range(len(options)), key=lambda a: (options[a], -a))
            tie = tie or sum(v == options[best] for v in options) > 1
            value[info.index] = options[best]
            chosen.add(sf.index[p][(info.index, best)])
        return chosen, tie

    def replies(self, xbar: list[Fraction], ybar: list[Fraction], rounds: int = 20):
        """Each player's best replies to the prior at every information set, ties broken by the other's
        chosen plan (which the start's constant terms read), repeated until both choices are stable;
        ``(chosen x, chosen y, ties left, ties broken)``, or None if the choices keep changing."""
        Aybar = _times(self.A, ybar, self.nx, rows=True)
        Bxbar = _times(self.B, xbar, self.ny, rows=False)
        chosen_x, tie_x = self.best_reply(0, [(v,) for v in Aybar])
        chosen_y, tie_y = self.best_reply(1, [(v,) for v in Bxbar])
        if not (tie_x or tie_y):
            return chosen_x, chosen_y, False, False
        for _ in range(rounds):
            x = [Fraction(int(s in chosen_x)) for s in range(self.nx)]
            y_new, tie_y = self.best_reply(1, list(zip(Bxbar, _times(self.B, x, self.ny, rows=False))))
            y = [Fraction(int(t in y_new)) for t in range(self.ny)]
            x_new, tie_x = self.best_reply(0, list(zip(Aybar, _times(self.A, y, self.nx, rows=True))))
            if x_new == chosen_x and y_new == chosen_y:
                return chosen_x, chosen_y, tie_x or tie_y, True
            chosen_x, chosen_y = x_new, y_new
        return None


def _times(
    matrix: dict[tuple[int, int], Fraction], vector: list[Fraction], n: int, rows: bool
) -> list[Fraction]:
    """``matrix @ vector`` (``rows``) or ``matrix^T @ vector``, for a sparse ``(s, t) -> value`` matrix."""
    out = [Fraction(0)] * n
    for (s, t), v in matrix.items():
        if rows:
            out[s] += v * vector[t]
        else:
            out[t] += v * vector[s]
    return out


def _frac(v) -> Fraction:
    v = sp.Rational(v)
    return Fraction(int(v.p), int(v.q))


def _rational(v) -> sp.Rational:
    return sp.Rational(int(v.numerator), int(v.denominator))


def lemke_equilibrium(
    game: Game,
    *,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
) -> SequenceFormEquilibrium:
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
    SequenceFormEquilibrium

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
    from derive.solving.limits import TimeLimit

    limit = TimeLimit(time_limit, progress, "Lemke's method")
    lcp = _LCP(game)
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
        return _equilibrium(lcp, x, y, prior, pivots)
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


def _start(lcp: _LCP, seed: int | None, allow_ties: bool = False) -> _Start | None:
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


def _equilibrium(
    lcp: _LCP, x: list[Fraction], y: list[Fraction], prior: str, pivots: int
) -> SequenceFormEquilibrium:
    """The equilibrium of plans ``x``, ``y``: checked to be plans, then by exact NashConv."""
    from derive.verification.best_response import behaviour_profile, game_nash_conv, profile_payoffs

    sf = lcp.sf
    for p, plan in ((0, x), (1, y)):
        rows, e = sf.constraints(p)
        for r, row in rows.items():
            if sum((c * plan[s] for s, c in row.items()), Fraction(0)) != e[r] or any(v < 0 for v in plan):
                raise NotSupportedError(
                    f"Lemke's path ended at a point that is not a plan of {lcp.game.players[p]} (a bug)"
                )
    plans = tuple({sf.label(p, k): _rational(v) for k, v in enumerate(plan)} for p, plan in ((0, x), (1, y)))
    strategies = tuple(sf.behaviour(p, [_rational(v) for v in plan]) for p, plan in ((0, x), (1, y)))
    profile = behaviour_profile(lcp.game, strategies)
    conv = game_nash_conv(profile)
    if conv != 0:
        raise NotSupportedError(
            f"the profile found has exact NashConv {conv}, not 0 (a bug; reported, not hidden)"
        )
    payoffs = profile_payoffs(profile)
    return SequenceFormEquilibrium(plans, strategies, (payoffs[0], payoffs[1]), sp.S.Zero, prior, pivots)  # type: ignore[arg-type]


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
        As :func:`lemke_equilibrium`, or more than :data:`MAX_VERTICES` vertices.
    TimeLimitError
        When ``time_limit`` is reached.

    References
    ----------
    Koller, Megiddo & von Stengel (1996), section 4; von Stengel (2002), "Computing equilibria for
    two-person games", Handbook of Game Theory 3, section 7; Avis, Rosenberg, Savani & von Stengel
    (2010) for the vertex pairs.
    """
    from derive.solving.limits import TimeLimit

    limit = TimeLimit(time_limit, progress, "sequence-form enumeration")
    lcp = _LCP(game)
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
        limit.say(f"  {len(found[-1]):,} vertices")
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
                    equilibria.append(_equilibrium(lcp, list(x), list(y), "vertex enumeration", 0))
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
