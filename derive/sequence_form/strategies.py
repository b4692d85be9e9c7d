"""Strategies: plan probabilities, behaviour strategies and named parameters, on the one model.

Three equivalent descriptions of a player's mixed play are used:

* **behaviour strategy** -- a probability for every action at every
  information set (Kuhn's letters α, β, γ, ξ, η are such probabilities), keyed by the
  :class:`~derive.extensive_form.game.Game`'s labels: ``{"K:xb": {"fold": 2/3, "call": 1/3}}``, the
  general profile format (:meth:`derive.sequence_form.general.GameSequenceForm.behaviour`,
  ``derive solve --json``);
* **realization plan** -- the probability ``x_s`` that the player's own
  actions follow sequence ``s = (information-set label, action)`` (product of behaviour
  probabilities along it);
* **plan probabilities** -- one variable per *plan* (:class:`derive.sequence_form.plans.Plan`, the
  thesis's "complete strategy": betfold, checkraise, ...), summing to 1 in
  each *situation* (information set with no own move before it: the opener's
  card; the dealer's card together with "checked to" or "bet to").

In one-card poker every non-empty sequence is followed by at most one own
information set, so the realization probability of a sequence is the sum of
the plan probabilities of the plans that contain it, and plan probabilities
form a product of simplices.  The opener's payoff is bilinear in the two
players' plan probabilities (see :mod:`derive.sequence_form.payoff`).  Every function takes the
``Game`` of :func:`derive.games.one_card.to_extensive_form`; its plans come from its plan form
(:func:`derive.sequence_form.plans.game_plan_form`, computed once per game, :func:`plan_form`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number, is_float
from derive.extensive_form.game import Game, InformationSet
from derive.games.one_card import PLAYER_NAMES, Action
from derive.games.one_card.thesis import KUHN_LETTERS, NamedParameter
from derive.games.one_card.words import card_of, rules_of
from derive.sequence_form.plans import GamePlanForm, Plan, game_plan_form

__all__ = [
    "BehaviourStrategy",
    "InvalidStrategyError",
    "behaviour_strategy",
    "infosets",
    "kuhn_strategies",
    "named_parameter_value",
    "parent_choice",
    "plan_form",
    "plan_symbol",
    "plan_variables",
    "plans_extending",
    "realization_in_plans",
    "situations",
]


class InvalidStrategyError(ValueError):
    """A strategy names an unknown information set or action, or its probabilities are not a distribution."""


#: The plan forms computed last (a few games are worked on at a time; each holds its game).
_PLAN_FORMS: OrderedDict[int, GamePlanForm] = OrderedDict()
_KEEP = 8


def plan_form(game: Game) -> GamePlanForm:
    """The plan form of ``game`` (:func:`derive.sequence_form.plans.game_plan_form`), computed once for
    the last few games asked about."""
    pf = _PLAN_FORMS.get(id(game))
    if pf is None or pf.game is not game:
        pf = game_plan_form(game)
        _PLAN_FORMS[id(game)] = pf
        while len(_PLAN_FORMS) > _KEEP:
            _PLAN_FORMS.popitem(last=False)
    else:
        _PLAN_FORMS.move_to_end(id(game))
    return pf


def plan_symbol(plan: Plan) -> sp.Symbol:
    """The symbol for the probability of a plan (anything with ``player`` and ``label``).

    ``x[A:checkraise]`` for the opener, ``y[Q:betfold]`` for the dealer;
    printed ``x_{A}^{\\mathrm{checkraise}}`` by :mod:`derive.notation.latex`.
    """
    letter = "xy"[plan.player]
    return sp.Symbol(f"{letter}[{plan.label}]", nonnegative=True)


def infosets(game: Game, player: int) -> tuple[InformationSet, ...]:
    """The player's information sets, by card rank, then in tree order (the thesis's order)."""
    rank = {c: k for k, c in enumerate(rules_of(game).deck)}
    return tuple(sorted(game.infosets_of(player), key=lambda i: (rank[card_of(i.label)], i.index)))


def situations(game: Game, player: int) -> tuple[InformationSet, ...]:
    """The player's information sets with no own move before them, in order.

    The opener has one per card; the dealer two per card ("checked to",
    ``"Q:x"``, and "bet to", ``"Q:b"``).
    """
    return tuple(s for s in plan_form(game).situations[player] if s is not None)


def plans_extending(game: Game, player: int, choice: tuple[str, str] | None) -> tuple[Plan, ...]:
    """The plans of ``player`` that contain the sequence ``choice`` (``(information-set label,
    action)``); all his plans for the empty sequence ``None``."""
    plans = plan_form(game).plans[player]
    if choice is None:
        return plans
    return tuple(p for p in plans if choice in p.choices)


def parent_choice(game: Game, player: int, label: str) -> tuple[str, str] | None:
    """The player's own last sequence before the information set ``label``: ``(label, action)``, or
    ``None`` (the empty sequence) at a situation."""
    for plan in plan_form(game).plans[player]:
        for k, (here, _) in enumerate(plan.choices):
            if here == label:
                return plan.choices[k - 1] if k else None
    raise KeyError(f"no information set {label!r} for the {PLAYER_NAMES[player]}")


def plan_variables(game: Game, player: int) -> dict[InformationSet, tuple[sp.Symbol, ...]]:
    """Plan-probability symbols grouped by situation (each group sums to 1), action by action of the
    situation (``x[Q:checkfold], x[Q:checkcall], x[Q:bet]``)."""
    pf = plan_form(game)
    out = {}
    for situation, group in zip(pf.situations[player], pf.groups[player]):
        if situation is None:
            continue
        plans = [pf.plans[player][k] for k in group]
        first = {a: n for n, a in enumerate(situation.actions)}
        plans.sort(key=lambda p: first[p.choices[0][1]])
        out[situation] = tuple(plan_symbol(p) for p in plans)
    return out


def realization_in_plans(game: Game, player: int, choice: tuple[str, str] | None) -> sp.Expr:
    """Realization probability of the sequence ``choice`` as a sum of plan probabilities.

    The empty sequence ``None`` has realization 1.
    """
    if choice is None:
        return sp.S.One
    return sp.Add(*(plan_symbol(p) for p in plans_extending(game, player, choice)))


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
        ``information-set label -> {action: probability}`` (``{"K:xb": {"fold": 2/3, "call": 1/3}}``,
        the labels and action names of the ``Game``), exact (Rationals or
        expressions in declared parameters); each distribution sums to 1.
        Every information set of the player is present, including those
        the player's own play never reaches.  A float given to the
        constructor is read by the rule of :mod:`derive.extensive_form.exact`
        (0.5 becomes 1/2; 1/3 raises :class:`InvalidStrategyError`); use
        :func:`behaviour_strategy` to read and check a strategy typed in by a user.
    """

    player: int
    probabilities: dict[str, dict[str, sp.Expr]]

    def __post_init__(self) -> None:
        def inexact(p: object) -> bool:
            return is_float(p) or (isinstance(p, sp.Basic) and p.has(sp.Float))

        if any(inexact(p) for dist in self.probabilities.values() for p in dist.values()):
            exact = {
                info: {
                    action: exact_number(p, f"probability at {info} {action}", InvalidStrategyError)
                    if inexact(p)
                    else p
                    for action, p in dist.items()
                }
                for info, dist in self.probabilities.items()
            }
            object.__setattr__(self, "probabilities", exact)

    def __hash__(self) -> int:
        return hash((self.player, tuple(self.probabilities)))

    def probability(self, infoset: str, action: str) -> sp.Expr:
        """Probability of ``action`` (``"call"``) at the information set labelled ``infoset`` (``"K:b"``)."""
        return self.probabilities[infoset][action]

    def realization_plan(self, game: Game) -> dict[tuple[str, str], sp.Expr]:
        """``(information-set label, action) -> x_s``: product of the behaviour probabilities along ``s``."""
        out: dict[tuple[str, str], sp.Expr] = {}
        for info in infosets(game, self.player):
            parent = parent_choice(game, self.player, info.label)
            reach = sp.S.One if parent is None else out[parent]
            for action in info.actions:
                out[(info.label, action)] = reach * self.probabilities[info.label][action]
        return out

    def plan_probabilities(self, game: Game) -> dict[Plan, sp.Expr]:
        """``plan -> probability``: the product of the behaviour probabilities along each plan's choices."""
        out = {}
        for plan in plan_form(game).plans[self.player]:
            value = sp.S.One
            for label, action in plan.choices:
                value *= self.probabilities[label][action]
            out[plan] = value
        return out

    def as_labels(self) -> dict[str, dict[str, sp.Expr]]:
        """``{"K:xb": {"fold": 2/3, "call": 1/3}, ...}``: the form :func:`behaviour_strategy` reads (a copy)."""
        return {label: dict(dist) for label, dist in self.probabilities.items()}


def behaviour_strategy(
    game: Game,
    player: int,
    mapping: Mapping[object, Mapping[object, object]],
    *,
    default_single_action: bool = True,
) -> BehaviourStrategy:
    """Read a behaviour strategy typed in by a user.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`).
    player : int
        0 (opener) or 1 (dealer).
    mapping : mapping
        Information set (label such as ``"K:xb"``, or the game's
        :class:`~derive.extensive_form.game.InformationSet`) to a mapping from action (``"call"``,
        ``"c"`` or :class:`~derive.games.one_card.Action`) to
        probability (int, ``"1/3"``, ``"0.25"``, Fraction, sympy expression;
        a float only when it is exactly a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`).  Actions left out have probability 0.
    default_single_action : bool
        Fill information sets with a single legal action with that action.

    Returns
    -------
    BehaviourStrategy
        Keyed by the game's labels and action names, information sets by card then in tree order.

    Raises
    ------
    InvalidStrategyError
        Naming the first bad item: an unknown information set or action, a
        float that is not exactly a short decimal (``1/3``), a probability
        outside [0, 1], a distribution not summing to 1, or a missing
        information set.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> g = to_extensive_form(kuhn_poker())
    >>> s = behaviour_strategy(g, 1, {"Q:x": {"bet": "1/3", "check": "2/3"}, "Q:b": {"fold": 1},
    ...     "K:x": {"check": 1}, "K:b": {"call": "1/3", "fold": "2/3"},
    ...     "A:x": {"bet": 1}, "A:b": {"call": 1}})
    >>> s.probability("K:b", "call")
    1/3
    """
    if player not in (0, 1):
        raise InvalidStrategyError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    name = PLAYER_NAMES[player]
    mine = infosets(game, player)
    by_label = {i.label: i for i in mine}
    out: dict[str, dict[str, sp.Expr]] = {}
    for key, dist in mapping.items():
        if isinstance(key, InformationSet):
            if key.player != player or by_label.get(key.label) != key:
                raise InvalidStrategyError(f"unknown information set {key.label!r} for the {name}")
            info = key
        else:
            info = by_label.get(str(key))
            if info is None:
                known = ", ".join(i.label for i in mine)
                raise InvalidStrategyError(f"unknown information set {key!r} for the {name} (known: {known})")
        if not isinstance(dist, Mapping):
            raise InvalidStrategyError(
                f"information set {info.label!r}: expected action probabilities, got {dist!r}"
            )
        probs = {a: sp.S.Zero for a in info.actions}
        seen: set[str] = set()
        for act, value in dist.items():
            action = _parse_action(act, info)
            if action in seen:
                raise InvalidStrategyError(f"action {action!r} is given twice at {info.label!r}")
            seen.add(action)
            probs[action] = _exact_probability(value, f"{info.label} {action}")
        total = sp.simplify(sp.Add(*probs.values()))
        if total != 1:
            raise InvalidStrategyError(f"probabilities at {info.label!r} sum to {total}, not 1")
        out[info.label] = probs
    for info in mine:
        if info.label not in out:
            if default_single_action and len(info.actions) == 1:
                out[info.label] = {info.actions[0]: sp.S.One}
            else:
                raise InvalidStrategyError(
                    f"no probabilities given for information set {info.label!r} of the {name}"
                )
    return BehaviourStrategy(player, {i.label: out[i.label] for i in mine})


def _parse_action(act: object, info: InformationSet) -> str:
    if isinstance(act, Action):
        action = act.value
    else:
        text = str(act).strip().lower()
        try:
            action = (Action(text) if len(text) > 1 else Action.from_letter(text)).value
        except (ValueError, KeyError):
            raise InvalidStrategyError(f"unknown action {act!r} at {info.label!r}") from None
    if action not in info.actions:
        legal = ", ".join(info.actions)
        raise InvalidStrategyError(f"action {action!r} is not legal at {info.label!r} (legal: {legal})")
    return action


def kuhn_strategies(game: Game) -> tuple[BehaviourStrategy, BehaviourStrategy]:
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
        If ``game`` is not Kuhn poker (deck Q, K, A, one bet).
    """
    opener, dealer = KUHN_LETTERS
    rules = rules_of(game)
    if rules.deck != ("Q", "K", "A") or rules.max_bets != 1:
        raise InvalidStrategyError(f"Kuhn's letters are defined for Kuhn poker, not {rules.name}")
    return behaviour_strategy(game, 0, opener), behaviour_strategy(game, 1, dealer)


def named_parameter_value(game: Game, named: NamedParameter, plans: Mapping[sp.Symbol, sp.Expr]) -> sp.Expr:
    """The value of a published parameter (:class:`~derive.games.one_card.thesis.NamedParameter`) given plan
    probabilities ``plans`` (symbol -> value): a behaviour probability (``named.conditional``) or a
    realization probability."""
    choice = (named.infoset, named.action.value)
    num = realization_in_plans(game, named.player, choice).subs(plans)
    if not named.conditional:
        return sp.expand(num)
    parent = parent_choice(game, named.player, named.infoset)
    den = realization_in_plans(game, named.player, parent).subs(plans)
    return sp.simplify(num / den)
