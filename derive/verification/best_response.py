"""Exact best responses, regrets, NashConv and exploitability of behaviour profiles, for any game.

A *behaviour profile* gives every player, at each of his information sets, a
probability for each action.  Against the others' behaviour (and chance),
player ``i``'s payoff from a pure plan collects, at each of his sequences
``s``, the weight

    g_i(s) = sum over terminals z ending i's sequence s of  c(z) * prod_(j != i) pi_j(z) * u_i(z),

where ``c(z)`` is chance's probability and ``pi_j(z)`` player ``j``'s.  With
perfect recall his information sets form a forest, and his best-response
value is found by backward induction, choosing one action per information set
(not per node): ``V(s) = g_i(s) + sum over information sets I after s of max_a V(I, a)``.
*Regret* is the best-response value minus the profile's payoff; *NashConv* is
the sum of the regrets (zero exactly at a Nash equilibrium), and for two-player
zero-sum games *exploitability* is NashConv / 2 (Lanctot et al. 2017,
OpenSpiel's ``exploitability``).  Everything is exact; payoffs and
probabilities may be symbolic when the comparison of actions can be decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import sympy as sp

from derive.extensive_form.build import exact_value
from derive.extensive_form.exact import exact_number, is_float
from derive.extensive_form.game import CHANCE, Game, GameModelError, NotSupportedError
from derive.sequence_form.choice_values import backward_values
from derive.sequence_form.general import game_sequence_form

__all__ = [
    "BehaviourProfile",
    "GameBestResponse",
    "IncompleteProfileError",
    "behaviour_profile",
    "game_best_response",
    "game_exploitability",
    "game_nash_conv",
    "profile_payoffs",
]


def _simplify(value):
    """``sp.simplify(value)``, skipped for a rational (whose first call imports sympy's physics
    units, a quarter of a second)."""
    value = sp.sympify(value)
    return value if value.is_Rational else sp.simplify(value)


class IncompleteProfileError(GameModelError):
    """A behaviour profile misses a player or an information set, or gives invalid probabilities."""


@dataclass(frozen=True)
class BehaviourProfile:
    """Exact behaviour strategies of every player of ``game``.

    Attributes
    ----------
    game : Game
    probabilities : tuple of tuple of sympy.Expr
        ``probabilities[k][a]``: probability of action ``a`` at information set ``game.infosets[k]``.
    """

    game: Game
    probabilities: tuple[tuple[sp.Expr, ...], ...]

    def __post_init__(self) -> None:
        # a float given to the constructor directly is read by the rule of derive.extensive_form.exact
        # (behaviour_profile, the reader of typed-in profiles, has read every number already)
        def inexact(p: object) -> bool:
            if isinstance(p, sp.Rational):  # the usual case, decided at once
                return False
            return is_float(p) or (isinstance(p, sp.Basic) and p.has(sp.Float))

        if any(inexact(p) for row in self.probabilities for p in row):
            infos = self.game.infosets
            exact = tuple(
                tuple(
                    exact_number(
                        p,
                        f"probability of {infos[k].actions[a]!r} at {infos[k].label!r}"
                        if k < len(infos) and a < len(infos[k].actions)
                        else f"probability {a} at information set {k}",
                        IncompleteProfileError,
                    )
                    if inexact(p)
                    else p
                    for a, p in enumerate(row)
                )
                for k, row in enumerate(self.probabilities)
            )
            object.__setattr__(self, "probabilities", exact)

    @cached_property
    def is_numeric(self) -> bool:
        """Whether every probability of the profile and every number of the game is a Rational
        (then best responses are computed in exact rationals, not sympy expressions)."""
        return not self.game.is_symbolic and all(
            isinstance(p, sp.Rational) for row in self.probabilities for p in row
        )

    @cached_property
    def _rationals(self) -> _Rationals:
        return _Rationals()

    @cached_property
    def _qq_probabilities(self) -> tuple[tuple[object, ...], ...]:
        """:attr:`probabilities` as ``QQ`` (numeric profiles only)."""
        qq = self._rationals
        return tuple(tuple(qq(p) for p in row) for row in self.probabilities)

    @cached_property
    def _numeric_payoffs(self) -> tuple[sp.Expr, ...]:
        """:func:`profile_payoffs` in exact rationals (numeric profiles only)."""
        game = self.game
        qq = self._rationals
        reach = _numeric_reach(self, -2, include_own=True)
        totals = [qq.QQ(0)] * game.num_players
        for z, u in game.payoffs.items():
            if reach[z]:
                for p, v in enumerate(u):
                    if v:
                        totals[p] += reach[z] * qq(v)
        return tuple(qq.QQ.to_sympy(t) for t in totals)

    def strategy(self, player: int) -> dict[str, dict[str, sp.Expr]]:
        """``information-set label -> {action: probability}`` for ``player``."""
        return {
            info.label: dict(zip(info.actions, self.probabilities[info.index]))
            for info in self.game.infosets_of(player)
        }


def by_player_index(game: Game, per_player) -> dict:
    """``per_player`` (a mapping keyed by player name or index, or a sequence in player order) as
    ``{player index: entry}``.

    Raises
    ------
    IncompleteProfileError
        For a key that names no player of ``game``.
    """
    if not isinstance(per_player, Mapping):
        return dict(enumerate(per_player))
    by_player = {}
    for key, value in per_player.items():
        if isinstance(key, int) and 0 <= key < game.num_players:
            by_player[key] = value
        elif key in game.players:
            by_player[game.players.index(key)] = value
        else:
            raise IncompleteProfileError(f"unknown player {key!r}; the players are {', '.join(game.players)}")
    return by_player


def behaviour_profile(game: Game, strategies: Mapping | tuple | list) -> BehaviourProfile:
    """Read a behaviour profile given by labels.

    Parameters
    ----------
    game : Game
    strategies : mapping or sequence
        One entry per player (by index, or a mapping keyed by player name or index), each a
        mapping ``information-set label -> {action label: probability}``.  Probabilities are
        exact (int, Fraction, ``"1/3"``, ``"0.25"``, sympy; a float only when it is exactly a short
        decimal such as 0.5, see :mod:`derive.extensive_form.exact`).  Every information set must
        be given.

    Returns
    -------
    BehaviourProfile

    Raises
    ------
    IncompleteProfileError
        Naming the missing player or information set, an unknown label or action, a float that is
        not exactly a short decimal (``1/3``; the message gives the exact form), or probabilities
        that are negative or do not sum to 1.
    """
    by_player = by_player_index(game, strategies)
    for p in range(game.num_players):
        if p not in by_player:
            raise IncompleteProfileError(f"the profile has no strategy for player {game.players[p]!r}")
    probs: list[tuple[sp.Expr, ...]] = []
    for info in game.infosets:
        given = by_player[info.player]
        if info.label not in given:
            raise IncompleteProfileError(
                f"player {game.players[info.player]!r} has no probabilities at information set {info.label!r}"
            )
        row = given[info.label]
        unknown = set(row) - set(info.actions)
        if unknown:
            raise IncompleteProfileError(
                f"information set {info.label!r} has no action {sorted(unknown)[0]!r}; its actions are "
                f"{', '.join(info.actions)}"
            )
        try:
            values = tuple(
                exact_value(row.get(a, 0), f"probability of {a!r} at {info.label!r}") for a in info.actions
            )
        except GameModelError as exc:
            raise IncompleteProfileError(str(exc)) from None
        if any(v.p < 0 if isinstance(v, sp.Rational) else (v.is_number and v < 0) for v in values):
            raise IncompleteProfileError(
                f"a negative probability at information set {info.label!r}: {values}"
            )
        total = sum(values, sp.S.Zero)
        if total != 1 and _simplify(total - 1) != 0:
            raise IncompleteProfileError(
                f"probabilities at information set {info.label!r} sum to {sum(values)}, not 1"
            )
        probs.append(values)
    for p in by_player:
        if not (isinstance(p, int) and 0 <= p < game.num_players):
            raise IncompleteProfileError(f"no player {p!r}")
        extra = set(by_player[p]) - {i.label for i in game.infosets_of(p)}
        if extra:
            raise IncompleteProfileError(
                f"player {game.players[p]!r} has no information set {sorted(extra)[0]!r}"
            )
    return BehaviourProfile(game, tuple(probs))


@dataclass(frozen=True)
class GameBestResponse:
    """A best response of one player and what it gains.

    Attributes
    ----------
    player : int
    value : sympy.Expr
        The best-response value (expected payoff of the best pure reply).
    current : sympy.Expr
        The player's payoff under the profile.
    choice : dict
        ``information-set label -> action label`` of one best pure reply.
    """

    player: int
    value: sp.Expr
    current: sp.Expr
    choice: dict[str, str]

    @property
    def regret(self) -> sp.Expr:
        """``value - current``, never negative."""
        return _simplify(self.value - self.current)


def _weights(profile: BehaviourProfile, player: int, include_own: bool) -> dict[int, sp.Expr]:
    """``node -> chance x others' (and optionally own) reach probability``."""

    def move(n, k):
        return sp.S.One if n.player == player and not include_own else profile.probabilities[n.infoset][k]

    return profile.game.reach(move)


class _Rationals:
    """Sympy Rationals as ``QQ``, each distinct object converted once (keyed by identity: a game's
    numbers are shared objects, and sympy's own hash is slow)."""

    def __init__(self) -> None:
        from sympy.polys.domains import QQ

        self.QQ = QQ
        self.known: dict[int, tuple[object, object]] = {}

    def __call__(self, v):
        hit = self.known.get(id(v))
        if hit is None:
            hit = self.known[id(v)] = (v, self.QQ(int(v.p), int(v.q)))  # v kept alive: its id stays unique
        return hit[1]


def _numeric_reach(profile: BehaviourProfile, player: int, include_own: bool) -> list:
    """:func:`_weights` in ``QQ`` for a numeric profile: one list entry per node."""
    game = profile.game
    qq = profile._rationals
    probs = profile._qq_probabilities
    reach = [qq.QQ(1)] * len(game.nodes)
    for n in game.nodes:
        if not n.children:
            continue
        r = reach[n.index]
        if n.player == CHANCE:
            for c, p in zip(n.children, n.probabilities):
                reach[c] = r * qq(p)
        elif n.player == player and not include_own:
            for c in n.children:
                reach[c] = r
        elif r:
            for c, p in zip(n.children, probs[n.infoset]):
                reach[c] = r * p
        else:
            for c in n.children:
                reach[c] = r
    return reach


def profile_payoffs(profile: BehaviourProfile) -> tuple[sp.Expr, ...]:
    """Each player's expected payoff under ``profile`` (exact)."""
    if profile.is_numeric:
        return profile._numeric_payoffs
    game = profile.game
    reach = _weights(profile, -2, include_own=True)
    return tuple(
        _simplify(sum((reach[z] * game.payoffs[z][p] for z in game.terminals), sp.S.Zero))
        for p in range(game.num_players)
    )


def game_best_response(profile: BehaviourProfile, player: int) -> GameBestResponse:
    """Exact best response of ``player`` to the others' behaviour in ``profile`` (see the module docstring).

    Raises
    ------
    ImperfectRecallError
        If the game lacks perfect recall.
    NotSupportedError
        If two actions' values cannot be compared (symbolic values whose sign is undetermined).

    References
    ----------
    von Stengel (1996), section 3; OpenSpiel's ``best_response`` (Lanctot et al. 2019).
    """
    game = profile.game
    sf = game_sequence_form(game)
    if profile.is_numeric:
        return _numeric_best_response(profile, player, sf)
    weight = _weights(profile, player, include_own=False)
    g: dict[int, sp.Expr] = {}
    for z in game.terminals:
        s = sf.terminal_sequences[z][player]
        g[s] = g.get(s, sp.S.Zero) + weight[z] * game.payoffs[z][player]
    index = sf.index[player]
    infoset_value: dict[int, sp.Expr] = {}
    choice: dict[str, str] = {}
    seq_value: dict[int, sp.Expr] = {}

    def value_of(k: int) -> sp.Expr:
        if k not in seq_value:
            seq_value[k] = sp.expand(
                g.get(k, sp.S.Zero) + sum((infoset_value[c] for c in sf.children(player, k)), sp.S.Zero)
            )
        return seq_value[k]

    for info in sorted(game.infosets_of(player), key=lambda i: -i.nodes[0]):
        vals = [value_of(index[(info.index, a)]) for a in range(len(info.actions))]
        best = 0
        for a in range(1, len(vals)):
            diff = _simplify(vals[a] - vals[best])
            if diff.is_positive:
                best = a
            elif not (diff.is_nonpositive or diff == 0):
                raise NotSupportedError(
                    f"cannot compare the actions at {info.label!r}: their difference {diff} has no known sign"
                )
        infoset_value[info.index] = vals[best]
        choice[info.label] = info.actions[best]
    current = profile_payoffs(profile)[player]
    return GameBestResponse(player, _simplify(value_of(0)), current, choice)


def _numeric_best_response(profile: BehaviourProfile, player: int, sf) -> GameBestResponse:
    """:func:`game_best_response` in exact rationals (``QQ``) for a numeric profile: the same
    backward induction and the same choice (the first best action), without sympy expressions."""
    from sympy.polys.domains import QQ

    game = profile.game
    qq = profile._rationals
    weight = _numeric_reach(profile, player, include_own=False)
    g: dict[int, object] = {}
    payoffs = game.payoffs
    for z, seqs in sf.terminal_sequences.items():
        v = payoffs[z][player]
        if v and weight[z]:
            s = seqs[player]
            g[s] = g.get(s, QQ(0)) + weight[z] * qq(v)
    value, best = backward_values(sf, player, g)
    order = sorted(game.infosets_of(player), key=lambda i: -i.nodes[0])  # deepest first, as the symbolic one
    choice = {info.label: info.actions[best[info.index]] for info in order}
    current = profile_payoffs(profile)[player]
    return GameBestResponse(player, QQ.to_sympy(value.get(0, QQ(0))), current, choice)


def game_nash_conv(profile: BehaviourProfile) -> sp.Expr:
    """``sum_i (best-response value_i - payoff_i)``: 0 exactly at a Nash equilibrium (any number of players).

    Raises
    ------
    ImperfectRecallError, NotSupportedError
        See :func:`game_best_response`.
    """
    total = sum((game_best_response(profile, p).regret for p in range(profile.game.num_players)), sp.S.Zero)
    return _simplify(total)


def game_exploitability(profile: BehaviourProfile) -> sp.Expr:
    """NashConv / 2 for a two-player constant-sum game (OpenSpiel's ``exploitability``).

    Raises
    ------
    NotSupportedError
        If the game is not a two-player constant-sum game.
    """
    game = profile.game
    if game.num_players != 2 or not game.is_constant_sum:
        raise NotSupportedError("exploitability is defined for two-player constant-sum games; use NashConv")
    return _simplify(game_nash_conv(profile) / 2)
