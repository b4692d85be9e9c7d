"""The sequence-form linear complementarity problem of a two-player game, in exact rationals, and the
check of the equilibrium it gives.

:class:`SequenceFormLCP` holds the constraints ``E x = e``, ``F y = f`` and the payoff matrices
``A``, ``B`` (shifted so that every play pays less than 0) of Koller, Megiddo & von Stengel (1996),
and each player's best reply to a prior (the start of Lemke's path).  Lemke's method
(:mod:`derive.solving.general_sum.sequence_form`) and the vertex enumeration
(:mod:`derive.solving.general_sum.extreme_equilibria`) both solve it; :func:`checked_equilibrium`
turns their pair of plans into a :class:`GeneralSumEquilibrium` after checking the plans and the
exact NashConv.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form
from derive.verification.best_response import behaviour_profile, game_nash_conv, profile_payoffs

__all__ = ["GeneralSumEquilibrium", "SequenceFormLCP", "checked_equilibrium"]


@dataclass(frozen=True)
class GeneralSumEquilibrium:
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

    A constant-sum game's solver returns its own record, with the value and the unreached
    information sets: :class:`derive.solving.zero_sum.sequence_form_lp.SequenceFormEquilibrium`.
    """

    plans: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]
    strategies: tuple[dict[str, dict[str, sp.Rational]], dict[str, dict[str, sp.Rational]]]
    payoffs: tuple[sp.Rational, sp.Rational]
    nash_conv: sp.Rational
    prior: str
    pivots: int


#: The old name of :class:`GeneralSumEquilibrium` (the zero-sum solver's record has the same name).
SequenceFormEquilibrium = GeneralSumEquilibrium


class SequenceFormLCP:
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


def checked_equilibrium(
    lcp: SequenceFormLCP, x: list[Fraction], y: list[Fraction], prior: str, pivots: int
) -> GeneralSumEquilibrium:
    """The equilibrium of plans ``x``, ``y``: checked to be plans, then by exact NashConv."""
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
    return GeneralSumEquilibrium(plans, strategies, (payoffs[0], payoffs[1]), sp.S.Zero, prior, pivots)  # type: ignore[arg-type]
