"""Exact best responses, NashConv, exploitability and optimal families of a two-player game, in its plan form.

Best responses are computed per information set (a player's choice may depend only on what he
knows), in the plan form of :func:`derive.sequence_form.plans.game_plan_form`: against player 0's
plan probabilities ``x`` player 1's best response picks, in each of his situations, a plan
minimising ``W_j(x) = (x^T P_0)_j`` when the game is constant-sum (maximising his own
``(x^T P_1)_j`` otherwise), the first best in the plan form's order; the best-response value is
``sum over situations of min_j W_j(x)`` (OpenSpiel's ``exploitability.py`` computes the same by a
tree walk).  NashConv and exploitability are
:func:`derive.verification.best_response.game_nash_conv` of the profile.

**What is accepted.**  Every function takes a :class:`~derive.extensive_form.game.Game` (an object
with a ``.game`` attribute holding one, such as a result carrying its game, stands for that
``Game``, :func:`derive.sequence_form.plans.game_of`).  A strategy is a mapping ``information-set label -> {action label: probability}``, or a
poker :class:`~derive.sequence_form.strategies.BehaviourStrategy` (anything with ``player`` and
``as_labels()``), read through its labels; a profile is a sequence or a mapping ``player (index or
name) -> strategy``, or a :class:`~derive.verification.best_response.BehaviourProfile`.  Both are
read in one place, :func:`_strategy` and :func:`_profile`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.plans import GamePlanForm, Plan, game_of, game_plan_form
from derive.verification.best_response import (
    BehaviourProfile,
    IncompleteProfileError,
    behaviour_profile,
    game_nash_conv,
)

__all__ = [
    "BestResponse",
    "FamilyCheck",
    "IncompleteProfileError",
    "best_response",
    "exploitability",
    "is_nash_equilibrium",
    "nash_conv",
    "strategy_exploitability",
    "verify_family",
]


# ---------------------------------------------------------------- the door
#: ``game`` itself, or the :class:`Game` held by its ``.game`` (one-card poker's tree, transitional).
_game = game_of


def _is_poker_strategy(strategy) -> bool:
    return hasattr(strategy, "as_labels") and hasattr(strategy, "player")


def _strategy(game: Game, strategy, player: int | None = None) -> tuple[int, Mapping]:
    """``(player, information-set label -> {action: probability})`` of one player's strategy.

    A poker ``BehaviourStrategy`` names its player and is read by ``as_labels()``; it must cover
    exactly that player's information sets of ``game``.  A mapping needs ``player``.

    Raises
    ------
    IncompleteProfileError
        If a poker strategy is for another game (other information sets), or if a mapping comes
        without ``player`` or with a player that is not one of ``game``'s.
    """
    if _is_poker_strategy(strategy):
        me = strategy.player
        if player is not None and player != me:
            raise IncompleteProfileError(f"entry {player} of the profile is player {me}'s strategy")
        labels = strategy.as_labels()
        if not (isinstance(me, int) and 0 <= me < game.num_players) or set(labels) != {
            i.label for i in game.infosets_of(me)
        }:
            who = game.players[me] if isinstance(me, int) and 0 <= me < game.num_players else f"player {me}"
            raise IncompleteProfileError(
                f"the {who}'s strategy is for another game than {game.title or 'this game'}"
            )
        return me, labels
    if player is None:
        raise IncompleteProfileError("a strategy given by labels needs its player (player=...)")
    if not (isinstance(player, int) and 0 <= player < game.num_players):
        raise IncompleteProfileError(f"no player {player!r}; the players are {', '.join(game.players)}")
    return player, strategy


def _profile(game: Game, profile) -> BehaviourProfile:
    """Read a profile (see the module docstring) into a :class:`BehaviourProfile` of ``game``.

    Raises
    ------
    IncompleteProfileError
        For a single strategy, a missing player (never filled in), too many strategies, an entry
        that is another player's strategy, a strategy for another game, or what
        :func:`~derive.verification.best_response.behaviour_profile` refuses.
    """
    if isinstance(profile, BehaviourProfile):
        if profile.game is not game and profile.game != game:
            raise IncompleteProfileError(f"the profile is for another game than {game.title or 'this game'}")
        return profile
    if _is_poker_strategy(profile):
        raise IncompleteProfileError("a profile needs both players' strategies, got a single strategy")
    n = game.num_players
    if isinstance(profile, Mapping):
        items: dict[int, object] = {}
        for key, value in profile.items():
            k = game.players.index(key) if key in game.players else key
            if not (isinstance(k, int) and 0 <= k < n):
                raise IncompleteProfileError(
                    f"unknown player {key!r}; the players are {', '.join(game.players)}"
                )
            items[k] = value
    else:
        listed = list(profile)
        if len(listed) > n:
            number = {2: "two", 3: "three"}.get(n, str(n))
            raise IncompleteProfileError(f"a profile has {number} strategies, got {len(listed)}")
        items = dict(enumerate(listed))
    labels = {}
    for k in range(n):
        if items.get(k) is None:
            raise IncompleteProfileError(f"the profile has no strategy for player {k} ({game.players[k]!r})")
        labels[k] = _strategy(game, items[k], k)[1]
    return behaviour_profile(game, labels)


def _require_numeric(profile: BehaviourProfile) -> None:
    for info, row in zip(profile.game.infosets, profile.probabilities):
        for action, p in zip(info.actions, row):
            if not isinstance(p, sp.Rational):
                raise ValueError(
                    f"the profile has a non-numeric probability {p} of {action!r} at {info.label!r}; "
                    "substitute its parameters first"
                )


# ---------------------------------------------------------------- profiles
def nash_conv(game, profile) -> sp.Rational:
    """``sum_i (best-response value_i - payoff_i)``: the sum of both players' best-response gains.

    Computed by :func:`derive.verification.best_response.game_nash_conv` (the one NashConv of every
    game).

    Parameters
    ----------
    game : Game
        Or an object holding one as ``.game`` (one-card poker's tree), during the transition.
    profile : sequence or mapping of strategies, or BehaviourProfile
        One strategy per player (see the module docstring), e.g. ``(opener's, dealer's)``
        ``BehaviourStrategy`` or label mappings, or ``{0: ..., 1: ...}``.

    Returns
    -------
    sympy.Rational
        ``>= 0``; 0 exactly at a Nash equilibrium.

    Raises
    ------
    IncompleteProfileError
        If a player's strategy is missing (it is never filled in), or see :func:`_profile`.
    ValueError
        If a probability is symbolic (substitute the parameters first).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> g = to_extensive_form(kuhn_poker())
    >>> uniform = [{i.label: {a: sp.Rational(1, 2) for a in i.actions} for i in g.infosets_of(p)} for p in (0, 1)]
    >>> nash_conv(g, uniform)
    11/12
    """
    g = _game(game)
    read = _profile(g, profile)
    _require_numeric(read)
    return game_nash_conv(read)


def exploitability(game, profile) -> sp.Rational:
    """``nash_conv / 2`` (OpenSpiel's convention); 0 exactly at a Nash equilibrium, never negative.

    Takes and raises what :func:`nash_conv` does.

    References
    ----------
    Lanctot et al., OpenSpiel, ``exploitability.py``: the uniform random profile of Kuhn poker has
    NashConv 11/12, so exploitability 11/24.
    """
    return nash_conv(game, profile) / 2


def is_nash_equilibrium(game, profile) -> bool:
    """Whether ``profile`` is a Nash equilibrium: ``nash_conv == 0`` exactly (cf. pygambit ``max_regret``).

    Takes and raises what :func:`nash_conv` does.
    """
    return nash_conv(game, profile) == 0


# ---------------------------------------------------------------- one strategy
@dataclass(frozen=True)
class BestResponse:
    """A pure best response and its value.

    Attributes
    ----------
    player : int
        The responding player.
    value : sympy.Rational
        Player 0's expected payoff (the opener's, in chips) when the responder plays :attr:`plans`.
        In a constant-sum game: the minimum over player 1's strategies if the strategy answered is
        player 0's, the maximum over player 0's if it is player 1's.
    plans : tuple of Plan
        The chosen plan (:class:`derive.sequence_form.plans.Plan`) in each of the responder's
        situations, in the plan form's order.
    strategy : dict
        The same best response as a pure behaviour strategy, ``information-set label -> {action:
        0 or 1}`` for every information set of the responder (one its plans do not reach plays its
        first action); ``behaviour_strategy(tree, player, strategy)`` reads it as a poker strategy.
    """

    player: int
    value: sp.Rational
    plans: tuple[Plan, ...]
    strategy: dict[str, dict[str, sp.Integer]]


def _respond(pf: GamePlanForm, me: int, x: tuple[sp.Expr, ...]) -> tuple[sp.Expr, list[Plan]]:
    """Player 0's payoff under the other player's best response to ``me``'s plan probabilities ``x``,
    and the chosen plan per situation (the first best in the plan form's order)."""
    other = 1 - me
    constant_sum = pf.game.is_constant_sum
    payoff = [pf.payoffs[0]] if constant_sum else [pf.payoffs[0], pf.payoffs[other]]
    totals = [[sp.S.Zero] * len(pf.plans[other]) for _ in payoff]
    for t, entries in zip(totals, payoff):
        for (i, j), v in entries.items():
            if me == 0:
                t[j] += v * x[i]
            else:
                t[i] += v * x[j]
    if constant_sum:
        pick, key = (min if me == 0 else max), totals[0]
    else:
        pick, key = max, totals[1]
    chosen = []
    value = sp.S.Zero
    for group in pf.groups[other]:
        best = pick(group, key=lambda k: key[k])
        chosen.append(pf.plans[other][best])
        value += totals[0][best]
    return value, chosen


def _pure_behaviour(pf: GamePlanForm, player: int, plans: list[Plan]) -> dict[str, dict[str, sp.Integer]]:
    played = dict(choice for plan in plans for choice in plan.choices)
    return {
        info.label: {
            a: sp.S.One if a == played.get(info.label, info.actions[0]) else sp.S.Zero for a in info.actions
        }
        for info in pf.game.infosets_of(player)
    }


def best_response(game, strategy, player: int | None = None) -> BestResponse:
    """Exact best response of the other player to ``strategy``, in a two-player game.

    Parameters
    ----------
    game : Game
        Two players, perfect recall; or an object holding one as ``.game`` (one-card poker's tree).
    strategy : BehaviourStrategy or mapping
        One player's strategy with numeric (Rational) probabilities: a poker ``BehaviourStrategy``, or
        ``information-set label -> {action: probability}`` together with ``player``.
    player : int, optional
        Whose strategy a label mapping is.

    Returns
    -------
    BestResponse
        ``value`` is player 0's payoff: in a constant-sum game the minimum over player 1's strategies
        if ``strategy`` is player 0's, the maximum over player 0's if it is player 1's.

    Raises
    ------
    ValueError
        If a probability is symbolic.
    IncompleteProfileError
        If a poker strategy is for another game, or a mapping comes without its player.
    PlanDistributionError
        If a mapping misses one of the player's information sets or gives invalid probabilities.
    NotSupportedError, ImperfectRecallError
        As :func:`~derive.sequence_form.plans.game_plan_form` (other than two players, imperfect recall).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> g = to_extensive_form(kuhn_poker())
    >>> always_bet = {i.label: {i.actions[-1]: 1} for i in g.infosets_of(0)}
    >>> br = best_response(g, always_bet, player=0)
    >>> br.value, [p.label for p in br.plans]
    (-1/3, ['Q:check', 'Q:fold', 'K:check', 'K:call', 'A:check', 'A:call'])
    """
    g = _game(game)
    if g.num_players != 2:
        raise NotSupportedError(
            f"a best response here needs a two-player game, not a {g.num_players}-player game"
        )
    me, labels = _strategy(g, strategy, player)
    pf = game_plan_form(g)
    x = pf.plan_probabilities(me, labels)
    for plan, v in zip(pf.plans[me], x):
        if not v.is_Rational:
            raise ValueError(
                f"strategy has a non-numeric probability {v} for plan {plan.label}; substitute its parameters first"
            )
    value, chosen = _respond(pf, me, x)
    return BestResponse(1 - me, value, tuple(chosen), _pure_behaviour(pf, 1 - me, chosen))


def strategy_exploitability(game, strategy, value, player: int | None = None) -> sp.Rational:
    """How much a best-responding opponent takes from ``strategy`` beyond the game ``value``.

    ``value - min_y U(x, y)`` for player 0's ``x``, ``max_x U(x, y) - value`` for player 1's ``y``
    (``U`` player 0's payoff; :func:`best_response`'s value); in a constant-sum game ``>= 0``, and 0
    iff ``strategy`` is optimal.  Takes ``game``, ``strategy`` and ``player`` as
    :func:`best_response`.

    Raises
    ------
    ValueError
        If ``value`` is not exact (a float other than a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`), or the strategy's probabilities are not numbers; and
        what :func:`best_response` raises.
    """
    value = exact_number(value, "value", ValueError)
    br = best_response(game, strategy, player)
    return value - br.value if br.player == 1 else br.value - value


# ---------------------------------------------------------------- families
@dataclass(frozen=True)
class FamilyCheck:
    """Result of :func:`verify_family`: the points checked and their exploitability.

    Attributes
    ----------
    points : tuple of dict
        ``{parameter: Rational}``: the family's vertices, then the extra points.
    exploitability : tuple of sympy.Rational
        :func:`strategy_exploitability` of the family's member at each point.
    """

    points: tuple[dict[sp.Symbol, sp.Expr], ...]
    exploitability: tuple[sp.Rational, ...]

    @property
    def all_optimal(self) -> bool:
        """Every checked point has exploitability 0."""
        return all(e == 0 for e in self.exploitability)


def _family_plan(pf: GamePlanForm, player: int, key) -> Plan:
    """The plan of ``pf`` that a family's plan key names, read by (player, label).

    A key is a :class:`Plan`, a plan label (``"K:call"``), or an object with ``player`` and
    ``label`` (one-card poker's tree's maximal sequences are labelled as its general plans are,
    ``"K:call"``, by its builder's metadata).

    Raises
    ------
    KeyError
        Naming the key, if no plan matches.
    """
    if isinstance(key, Plan):
        return key
    label = key if isinstance(key, str) else getattr(key, "label", None)
    if getattr(key, "player", player) != player:
        raise KeyError(f"plan {label!r} of the family is player {key.player}'s, not player {player}'s")
    for plan in pf.plans[player]:
        if plan.label == label:
            return plan
    raise KeyError(f"no plan {label!r} of player {pf.game.players[player]!r}")


def verify_family(game, family, value, extra_points=()) -> FamilyCheck:
    """Check that every member of ``family`` is optimal, by checking its vertices.

    Why the vertices suffice: the best-response value ``f(x) = min_y U(x, y)`` is a minimum of
    linear functions of ``x``, hence concave; plan probabilities are affine in the parameters, so
    ``f`` is concave on the parameter polytope and ``f >= min over vertices``.  If every vertex has
    ``f = value`` then ``f >= value`` everywhere, and ``f <= value`` always holds, so every member
    is optimal.  (The same holds for player 1 with ``max`` and convexity.)  ``extra_points`` (e.g.
    the midpoint) are checked as well.

    Parameters
    ----------
    game : Game
        Two-player constant-sum; or an object holding one as ``.game`` (one-card poker's tree).
    family : OptimalFamily
        :class:`derive.solving.families.optimal_families.OptimalFamily` (anything with ``player``,
        ``plans``: ``plan key -> probability affine in the parameters``, and ``vertices``); its plan
        keys are read by (player, label), see :func:`_family_plan`.
    value : exact number
        The game's value (player 0's payoff).
    extra_points : iterable of dict
        ``{parameter: exact number}`` checked after the vertices.

    Returns
    -------
    FamilyCheck

    Raises
    ------
    ValueError
        If ``value`` or a coordinate of an extra point is not exact (a float other than a short
        decimal such as 0.5; see :mod:`derive.extensive_form.exact`).
    KeyError
        If a plan key of the family names no plan of ``game``.
    """
    value = exact_number(value, "value", ValueError)
    extra = tuple(
        {t: exact_number(x, f"extra point's {t}", ValueError) for t, x in dict(point).items()}
        for point in extra_points
    )
    g = _game(game)
    pf = game_plan_form(g)
    me = family.player
    plans = {_family_plan(pf, me, key): v for key, v in family.plans.items()}
    points = tuple(family.vertices) + extra
    out = []
    for point in points:
        x = pf.read_plan_probabilities(me, {plan: sp.Rational(v.subs(point)) for plan, v in plans.items()})
        br, _ = _respond(pf, me, x)
        out.append(value - br if me == 0 else br - value)
    return FamilyCheck(points, tuple(out))
