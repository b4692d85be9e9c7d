"""Strategies: plan probabilities, behaviour strategies and named parameters.

Three equivalent descriptions of a player's mixed play are used:

* **behaviour strategy** -- a probability for every action at every
  information set (Kuhn's letters α, β, γ, ξ, η are such probabilities);
* **realization plan** -- the probability ``x_s`` that the player's own
  actions follow sequence ``s`` (product of behaviour probabilities along it);
* **plan probabilities** -- one variable per *plan* (maximal sequence, the
  thesis's "complete strategy": betfold, checkraise, ...), summing to 1 in
  each *situation* (information set with no own move before it: the opener's
  card; the dealer's card together with "checked to" or "bet to").

In one-card poker every non-empty sequence is followed by at most one own
information set, so the realization probability of a sequence is the sum of
the plan probabilities of the plans that extend it, and plan probabilities
form a product of simplices.  The opener's payoff is bilinear in the two
players' plan probabilities (see :mod:`derive.sequence_form.payoff`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number, is_float
from derive.games.one_card import PLAYER_NAMES, Action
from derive.games.one_card.thesis import KUHN_LETTERS, NamedParameter
from derive.games.one_card_tree import ExtensiveFormGame, InformationSet, Sequence

__all__ = [
    "BehaviourStrategy",
    "InvalidStrategyError",
    "behaviour_strategy",
    "child_sequence",
    "kuhn_strategies",
    "named_parameter_value",
    "plan_symbol",
    "plan_variables",
    "plans_extending",
    "realization_in_plans",
    "situations",
]


class InvalidStrategyError(ValueError):
    """A strategy names an unknown information set or action, or its probabilities are not a distribution."""


def plan_symbol(sequence: Sequence) -> sp.Symbol:
    """The symbol for the probability of a plan (or realization of a sequence).

    ``x[A:checkraise]`` for the opener, ``y[Q:betfold]`` for the dealer;
    printed ``x_{A}^{\\mathrm{checkraise}}`` by :mod:`derive.notation.latex`.
    """
    letter = "xy"[sequence.player]
    return sp.Symbol(f"{letter}[{sequence.label}]", nonnegative=True)


def situations(game: ExtensiveFormGame, player: int) -> tuple[InformationSet, ...]:
    """The player's information sets with no own move before them, in order.

    The opener has one per card; the dealer two per card ("checked to",
    ``"Q:x"``, and "bet to", ``"Q:b"``).
    """
    return tuple(i for i in game.infosets[player] if game.parent_sequence[i].is_empty)


def plans_extending(game: ExtensiveFormGame, sequence: Sequence) -> tuple[Sequence, ...]:
    """Plans (maximal sequences) that pass through ``sequence``.

    Raises
    ------
    ValueError
        If a sequence is followed by two own information sets (the game is
        not of the one-card poker shape this parameterization assumes).
    """
    if game.is_maximal(sequence):
        return (sequence,)
    out: list[Sequence] = []
    for info in game.children_of.get(sequence, ()):
        for a in info.actions:
            out.extend(plans_extending(game, child_sequence(game, info, a)))
    return tuple(out)


def child_sequence(game: ExtensiveFormGame, info: InformationSet, action: Action) -> Sequence:
    """The sequence ``(info, action)`` with its own-action path filled in."""
    parent = game.parent_sequence[info]
    return Sequence(info.player, info, action, parent.own_actions + (action,))


def plan_variables(game: ExtensiveFormGame, player: int) -> dict[InformationSet, tuple[sp.Symbol, ...]]:
    """Plan-probability symbols grouped by situation (each group sums to 1)."""
    return {
        s: tuple(plan_symbol(p) for a in s.actions for p in plans_extending(game, child_sequence(game, s, a)))
        for s in situations(game, player)
    }


def realization_in_plans(game: ExtensiveFormGame, sequence: Sequence) -> sp.Expr:
    """Realization probability of ``sequence`` as a sum of plan probabilities.

    The empty sequence has realization 1.
    """
    if sequence.is_empty:
        return sp.S.One
    return sp.Add(*(plan_symbol(p) for p in plans_extending(game, sequence)))


def _exact_probability(value: object, where: str) -> sp.Expr:
    """A probability read by the rule of :mod:`derive.extensive_form.exact`, checked to lie in [0, 1]."""
    p = exact_number(
        value,
        f"probability at {where}",
        InvalidStrategyError,
        not_a_number="{name} must be a number, got {value!r}",
    )
    if p.is_number and not (0 <= p <= 1):
        raise InvalidStrategyError(f"probability at {where} must be in [0, 1], got {p}")
    return p


@dataclass(frozen=True)
class BehaviourStrategy:
    """A behaviour strategy of one player: action probabilities at each information set.

    Attributes
    ----------
    player : int
        0 (opener) or 1 (dealer).
    probabilities : dict
        ``InformationSet -> {Action: probability}``, exact (Rationals or
        expressions in declared parameters); each distribution sums to 1.
        Every information set of the player is present, including those
        the player's own play never reaches.  A float given to the
        constructor is read by the rule of :mod:`derive.extensive_form.exact`
        (0.5 becomes 1/2; 1/3 raises :class:`InvalidStrategyError`); use
        :func:`behaviour_strategy` to read and check a strategy typed in by a user.
    """

    player: int
    probabilities: dict[InformationSet, dict[Action, sp.Expr]]

    def __post_init__(self) -> None:
        def inexact(p: object) -> bool:
            return is_float(p) or (isinstance(p, sp.Basic) and p.has(sp.Float))

        if any(inexact(p) for dist in self.probabilities.values() for p in dist.values()):
            exact = {
                info: {
                    action: exact_number(
                        p,
                        f"probability at {getattr(info, 'label', info)} {getattr(action, 'value', action)}",
                        InvalidStrategyError,
                    )
                    if inexact(p)
                    else p
                    for action, p in dist.items()
                }
                for info, dist in self.probabilities.items()
            }
            object.__setattr__(self, "probabilities", exact)

    def __hash__(self) -> int:
        return hash((self.player, tuple(self.probabilities)))

    def probability(self, infoset: InformationSet, action: Action) -> sp.Expr:
        """Probability of ``action`` at ``infoset``."""
        return self.probabilities[infoset][action]

    def realization_plan(self, game: ExtensiveFormGame) -> dict[Sequence, sp.Expr]:
        """``Sequence -> x_s``: product of the behaviour probabilities along ``s``."""
        out: dict[Sequence, sp.Expr] = {}
        for s in game.sequences[self.player]:
            if s.is_empty:
                out[s] = sp.S.One
            else:
                parent = game.parent_sequence[s.infoset]
                out[s] = out[parent] * self.probabilities[s.infoset][s.action]
        return out

    def plan_probabilities(self, game: ExtensiveFormGame) -> dict[Sequence, sp.Expr]:
        """``plan -> probability``: realization probability of each maximal sequence."""
        plan = self.realization_plan(game)
        return {p: plan[p] for p in game.plans(self.player)}

    def as_labels(self) -> dict[str, dict[str, sp.Expr]]:
        """``{"K:xb": {"fold": 2/3, "call": 1/3}, ...}``: the form :func:`behaviour_strategy` reads."""
        return {i.label: {a.value: p for a, p in dist.items()} for i, dist in self.probabilities.items()}


def behaviour_strategy(
    game: ExtensiveFormGame,
    player: int,
    mapping: Mapping[object, Mapping[object, object]],
    *,
    default_single_action: bool = True,
) -> BehaviourStrategy:
    """Read a behaviour strategy typed in by a user.

    Parameters
    ----------
    game : ExtensiveFormGame
    player : int
        0 (opener) or 1 (dealer).
    mapping : mapping
        Information set (label such as ``"K:xb"``, or :class:`InformationSet`)
        to a mapping from action (``"call"``, ``"c"`` or :class:`Action`) to
        probability (int, ``"1/3"``, ``"0.25"``, Fraction, sympy expression;
        a float only when it is exactly a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`).  Actions left out have probability 0.
    default_single_action : bool
        Fill information sets with a single legal action with that action.

    Returns
    -------
    BehaviourStrategy

    Raises
    ------
    InvalidStrategyError
        Naming the first bad item: an unknown information set or action, a
        float that is not exactly a short decimal (``1/3``), a probability
        outside [0, 1], a distribution not summing to 1, or a missing
        information set.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> g = build_tree(kuhn_poker())
    >>> s = behaviour_strategy(g, 1, {"Q:x": {"bet": "1/3", "check": "2/3"}, "Q:b": {"fold": 1},
    ...     "K:x": {"check": 1}, "K:b": {"call": "1/3", "fold": "2/3"},
    ...     "A:x": {"bet": 1}, "A:b": {"call": 1}})
    >>> s.probability(g.infoset(1, "K:b"), Action.CALL)
    1/3
    """
    if player not in (0, 1):
        raise InvalidStrategyError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    name = PLAYER_NAMES[player]
    out: dict[InformationSet, dict[Action, sp.Expr]] = {}
    for key, dist in mapping.items():
        if isinstance(key, InformationSet):
            if key.player != player or key not in game.parent_sequence:
                raise InvalidStrategyError(f"unknown information set {key.label!r} for the {name}")
            info = key
        else:
            try:
                info = game.infoset(player, str(key))
            except KeyError:
                known = ", ".join(i.label for i in game.infosets[player])
                raise InvalidStrategyError(
                    f"unknown information set {key!r} for the {name} (known: {known})"
                ) from None
        if not isinstance(dist, Mapping):
            raise InvalidStrategyError(
                f"information set {info.label!r}: expected action probabilities, got {dist!r}"
            )
        probs = {a: sp.S.Zero for a in info.actions}
        seen: set[Action] = set()
        for act, value in dist.items():
            action = _parse_action(act, info)
            if action in seen:
                raise InvalidStrategyError(f"action {action.value!r} is given twice at {info.label!r}")
            seen.add(action)
            probs[action] = _exact_probability(value, f"{info.label} {action.value}")
        total = sp.simplify(sp.Add(*probs.values()))
        if total != 1:
            raise InvalidStrategyError(f"probabilities at {info.label!r} sum to {total}, not 1")
        out[info] = probs
    for info in game.infosets[player]:
        if info not in out:
            if default_single_action and len(info.actions) == 1:
                out[info] = {info.actions[0]: sp.S.One}
            else:
                raise InvalidStrategyError(
                    f"no probabilities given for information set {info.label!r} of the {name}"
                )
    ordered = {i: out[i] for i in game.infosets[player]}
    return BehaviourStrategy(player, ordered)


def _parse_action(act: object, info: InformationSet) -> Action:
    if isinstance(act, Action):
        action = act
    else:
        text = str(act).strip().lower()
        try:
            action = Action(text) if len(text) > 1 else Action.from_letter(text)
        except (ValueError, KeyError):
            raise InvalidStrategyError(f"unknown action {act!r} at {info.label!r}") from None
    if action not in info.actions:
        legal = ", ".join(a.value for a in info.actions)
        raise InvalidStrategyError(f"action {action.value!r} is not legal at {info.label!r} (legal: {legal})")
    return action


def kuhn_strategies(game: ExtensiveFormGame) -> tuple[BehaviourStrategy, BehaviourStrategy]:
    """Kuhn's reduced behaviour strategies in his letters (Kuhn 1950, p. 101).

    Every dominated choice is fixed as Kuhn fixes it: never call with Q,
    never bet K, never fold A, the dealer always bets A when checked to and
    checks K.  The free choices are the opener's α (bet Q), β (call with K
    after check, bet), γ (bet A) and the dealer's ξ (bet Q when checked to),
    η (call a bet with K).

    Returns
    -------
    (BehaviourStrategy, BehaviourStrategy)
        Symbolic in ``alpha, beta, gamma`` and ``xi, eta``.

    Raises
    ------
    InvalidStrategyError
        If ``game`` is not Kuhn poker's tree (deck Q, K, A, one bet).
    """
    opener, dealer = KUHN_LETTERS
    if game.rules.deck != ("Q", "K", "A") or game.rules.max_bets != 1:
        raise InvalidStrategyError(f"Kuhn's letters are defined for Kuhn poker, not {game.rules.name}")
    return behaviour_strategy(game, 0, opener), behaviour_strategy(game, 1, dealer)


def named_parameter_value(
    game: ExtensiveFormGame, named: NamedParameter, plans: Mapping[sp.Symbol, sp.Expr]
) -> sp.Expr:
    """The value of a published parameter (:class:`~derive.games.one_card.thesis.NamedParameter`) given plan
    probabilities ``plans`` (symbol -> value): a behaviour probability (``named.conditional``) or a
    realization probability."""
    info = game.infoset(named.player, named.infoset)
    seq = child_sequence(game, info, named.action)
    num = realization_in_plans(game, seq).subs(plans)
    if not named.conditional:
        return sp.expand(num)
    den = realization_in_plans(game, game.parent_sequence[info]).subs(plans)
    return sp.simplify(num / den)
