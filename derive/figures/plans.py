"""A player's strategy as :func:`derive.figures.draw_strategy_tree` takes it, read into one form.

The figure draws from a general :class:`~derive.extensive_form.game.Game` with perfect recall and
one of two descriptions of the player's strategy, both keyed by labels:

* a *behaviour strategy* ``{information-set label: {action: probability}}`` (the format of
  :meth:`derive.sequence_form.general.GameSequenceForm.behaviour` and of ``derive solve --json``),
  read by :func:`_read_behaviour`;
* *plan probabilities* ``{plan label: probability}`` (the plans of
  :func:`derive.sequence_form.plans.game_plan_form`, ``"K:x:bet"``), read by :func:`_read_general_plans`.

Both become a :class:`_Strategy`: the realization weight ``r(s)`` of each own sequence ``s`` (the
product of the behaviour probabilities along it, or the sum of the probabilities of the plans
containing it; Koller, Megiddo & von Stengel 1994) and the probability each edge is labelled with.
One-card poker's ``Game`` (:func:`derive.games.one_card.to_extensive_form`) with every plan's
probability (``"A:checkraise"``) is turned into the same form in one place: :func:`_one_card_input`,
which also gives the thesis's wording (a card heading each panel, "checked to" at a decision, read
by :mod:`derive.games.one_card.words`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from derive.extensive_form.game import Game, InformationSet
from derive.figures.labels import _exact, _tidy
from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card.words import card_of, facing, rules_of
from derive.sequence_form.general import GameSequenceForm, game_sequence_form
from derive.sequence_form.plans import Plan
from derive.sequence_form.strategies import plan_form, situations

__all__: list[str] = []

#: An own sequence ``(information-set label, action)``.
Choice = tuple[str, str]


@dataclass(frozen=True)
class _Panel:
    """One panel of the figure: its heading, the key of its gids and the situations below it.

    A panel with one situation draws that situation's information set as its heading; with several,
    the heading is a node of its own joined to each situation (one-card poker's dealer: a card over
    "checked to" and "bet to")."""

    heading: str
    key: str
    situations: tuple[InformationSet, ...]


@dataclass(frozen=True)
class _Strategy:
    """A player's strategy read for the figure.

    Attributes
    ----------
    game : Game
    player : int
    sequence_form : GameSequenceForm
    reach : dict
        ``(information-set label, action) -> r``: the realization weight of each own sequence (exact).
    edges : dict
        ``(information-set label, action) -> probability`` to print on the edge, or None where there is
        none (plan probabilities that never reach the information set).
    unreached_text : str
        The legend's wording of an edge whose information set the player's own play does not reach.
    panels : tuple of _Panel
    head_kind : str
        ``"card"`` (one-card poker's card glyph) or ``"head"`` (a box sized to its text).
    node_text : callable
        ``InformationSet -> str``: the text of a decision node that heads no panel.
    title : str
        The default title.
    """

    game: Game
    player: int
    sequence_form: GameSequenceForm
    reach: dict[Choice, sp.Expr]
    edges: dict[Choice, sp.Expr | None]
    unreached_text: str
    panels: tuple[_Panel, ...]
    head_kind: str
    node_text: Callable[[InformationSet], str]
    title: str

    def parent_reach(self, info: InformationSet) -> sp.Expr:
        """``r`` of the parent sequence of ``info`` (1 for a situation)."""
        sf, p = self.sequence_form, self.player
        seq = sf.sequences[p][sf.parent[info.index]]
        if seq is None:
            return sp.S.One
        parent = self.game.infosets[seq[0]]
        return self.reach[(parent.label, parent.actions[seq[1]])]


def _situations(game: Game, sf: GameSequenceForm, player: int) -> tuple[InformationSet, ...]:
    """``player``'s situations (own information sets with no own move before them), in the order of
    ``game.metadata["situation_order"]`` if given, else of ``game.infosets``."""
    out = [i for i in game.infosets_of(player) if sf.parent[i.index] == 0]
    order = game.metadata.get("situation_order")
    if order:
        out.sort(key=lambda i: order[(player, i.label)])
    return tuple(out)


def _choices(sf: GameSequenceForm, player: int) -> list[tuple[InformationSet, str, Choice]]:
    """Every own sequence of ``player`` but the empty one, parents first: ``(info, action, (label, action))``."""
    out = []
    for seq in sf.sequences[player]:
        if seq is not None:
            info = sf.game.infosets[seq[0]]
            action = info.actions[seq[1]]
            out.append((info, action, (info.label, action)))
    return out


def _from_plans(
    sf: GameSequenceForm, player: int, plans: Mapping[tuple[Choice, ...], sp.Expr]
) -> tuple[dict[Choice, sp.Expr], dict[Choice, sp.Expr | None]]:
    """``reach`` and ``edges`` of exact plan probabilities keyed by the plan's choices:
    ``r(s) = sum of the plans containing s``, ``P(a | I) = r(I, a) / r(parent of I)`` (None where
    ``r(parent of I) = 0``)."""
    containing: dict[Choice, list[sp.Expr]] = {}
    for choices, value in plans.items():
        for choice in choices:
            containing.setdefault(choice, []).append(value)
    reach = {key: _simplified(sp.Add(*containing.get(key, ()))) for _, _, key in _choices(sf, player)}
    edges: dict[Choice, sp.Expr | None] = {}
    for info, _action, key in _choices(sf, player):
        seq = sf.sequences[player][sf.parent[info.index]]
        if seq is None:
            denominator = sp.S.One
        else:
            parent = sf.game.infosets[seq[0]]
            denominator = reach[(parent.label, parent.actions[seq[1]])]
        edges[key] = None if denominator == 0 else _tidy(reach[key] / denominator)
    return reach, edges


def _read_behaviour(
    game: Game, sf: GameSequenceForm, player: int, behaviour: Mapping
) -> tuple[dict[Choice, sp.Expr], dict[Choice, sp.Expr | None]]:
    """``reach`` and ``edges`` of a behaviour strategy ``{information-set label: {action: probability}}``.

    ``r(I, a) = r(parent of I) * b(I, a)``; every edge is labelled with ``b(I, a)``, also where the
    player's own play does not reach ``I`` (a refined equilibrium says what he would do there).

    Raises
    ------
    ValueError
        Naming the information set: one of the player's is missing or unknown, an action is
        unknown, a probability is not exact or is outside [0, 1], or an information set's
        probabilities do not add up to 1.
    """
    who = game.players[player]
    mine = {i.label: i for i in game.infosets_of(player)}
    unknown = sorted(str(k) for k in behaviour if k not in mine)
    if unknown:
        raise ValueError(f"player {who!r} has no information set {unknown[0]!r}")
    missing = [label for label in mine if label not in behaviour]
    if missing:
        raise ValueError(f"no probabilities given at information set {missing[0]!r} of player {who!r}")
    probability: dict[Choice, sp.Expr] = {}
    for label, info in mine.items():
        dist = behaviour[label]
        if not isinstance(dist, Mapping):
            raise ValueError(
                f"the probabilities at information set {label!r} must be a mapping action -> probability"
            )
        bad = sorted(str(a) for a in dist if a not in info.actions)
        if bad:
            raise ValueError(f"information set {label!r} of player {who!r} has no action {bad[0]!r}")
        for action in info.actions:
            value = _exact(dist.get(action, 0), f"probability of {action!r} at {label!r}")
            if not value.free_symbols and not 0 <= value <= 1:
                raise ValueError(f"probability {value} of {action!r} at {label!r} is not in [0, 1]")
            probability[(label, action)] = value
        total = sp.Add(*(probability[(label, a)] for a in info.actions))
        if total != 1 and sp.simplify(total - 1) != 0:
            raise ValueError(
                f"the probabilities at information set {label!r} of player {who!r} add up to {total}, not 1"
            )
    reach: dict[Choice, sp.Expr] = {}
    for info, _action, key in _choices(sf, player):  # parents first
        seq = sf.sequences[player][sf.parent[info.index]]
        above = (
            sp.S.One
            if seq is None
            else reach[(game.infosets[seq[0]].label, game.infosets[seq[0]].actions[seq[1]])]
        )
        reach[key] = _simplified(above * probability[key])
    return reach, {key: _tidy(v) for key, v in probability.items()}


def _read_general_plans(
    game: Game, player: int, plans: Mapping
) -> tuple[dict[Choice, sp.Expr], dict[Choice, sp.Expr | None]]:
    """``reach`` and ``edges`` of plan probabilities keyed by the labels of
    :func:`~derive.sequence_form.plans.game_plan_form`'s plans (``"K:x:bet"``).

    Raises
    ------
    ValueError
        (:class:`~derive.sequence_form.plans.PlanDistributionError`) as
        :meth:`~derive.sequence_form.plans.GamePlanForm.read_plan_probabilities`: an unknown plan, an
        inexact or negative number, a situation whose probabilities do not sum to 1.
    NotSupportedError
        For other than two players (the plan form's), or too many plans.
    """
    from derive.sequence_form.plans import game_plan_form

    form = game_plan_form(game)
    values = form.read_plan_probabilities(player, plans)
    by_choices = {plan.choices: v for plan, v in zip(form.plans[player], values) if not plan.is_empty}
    return _from_plans(form.sequence_form, player, by_choices)


def _general_input(game: Game, player: int, strategy: Mapping, situations: Seq[str] | None) -> _Strategy:
    """:class:`_Strategy` of a general game: one panel per situation, headed by its name
    (``game.metadata["situation_names"]``, else its label).

    Raises
    ------
    ValueError
        If ``player`` is no player of the game, ``situations`` names no situation of his, or the
        strategy is not a distribution (see :func:`_read_behaviour`, :func:`_read_general_plans`).
    ImperfectRecallError
        If the game lacks perfect recall.
    """
    if isinstance(player, bool) or player not in range(game.num_players):
        raise ValueError(
            f"player must be one of 0 to {game.num_players - 1} in {game.title!r}, got {player!r}"
        )
    sf = game_sequence_form(game)
    if strategy and all(isinstance(v, Mapping) for v in strategy.values()):
        reach, edges = _read_behaviour(game, sf, player, strategy)
        unreached = "not reached by own play"
    else:
        reach, edges = _read_general_plans(game, player, strategy)
        unreached = "— not reached by own play"
    sits = _situations(game, sf, player)
    if situations is not None:
        if isinstance(situations, str):
            situations = [situations]
        labels = [s.label for s in sits]
        bad = [s for s in situations if s not in labels]
        if bad or not situations:
            raise ValueError(
                f"situations must be a non-empty selection of player {game.players[player]!r}'s {labels}, "
                f"got {list(situations)}"
            )
        sits = tuple(s for s in sits if s.label in situations)
    names = game.metadata.get("situation_names") or {}
    panels = tuple(_Panel(str(names.get((player, s.label), s.label)), s.label, (s,)) for s in sits)
    who = game.players[player]
    return _Strategy(
        game,
        player,
        sf,
        reach,
        edges,
        unreached,
        panels,
        "head",
        lambda info: info.label,
        f"{who[:1].upper()}{who[1:]}'s strategy" + (f", {game.title}" if game.title else ""),
    )


# ----------------------------------------------------------------- one-card poker
def _one_card_input(
    game: Game, player: int, plans: Mapping[object, object], cards: Seq[str] | None
) -> _Strategy:
    """One-card poker's plans (keyed by :class:`~derive.sequence_form.plans.Plan` or label) as a
    :class:`_Strategy` of ``game``: the plans as their choices, one panel per card headed by its glyph,
    decisions worded as the thesis words them ("checked to\\n(Q:x)").

    Raises
    ------
    ValueError
        If ``player`` is not 0 or 1, a plan is missing or unknown, a probability is not exact, a
        situation's probabilities do not sum to 1, or a card is not in the deck.
    """
    if player not in (0, 1) or isinstance(player, bool):
        raise ValueError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    rules = rules_of(game)
    deck = rules.deck
    if cards is None:
        chosen = list(deck)
    else:
        if isinstance(cards, str):
            cards = [cards]
        bad = [c for c in cards if c not in deck]
        if bad or not cards:
            raise ValueError(
                f"cards must be a non-empty selection of the deck {list(deck)}, got {list(cards)}"
            )
        chosen = [c for c in deck if c in cards]
    exact = _read_plans(game, player, plans)
    sf = game_sequence_form(game)
    reach, edges = _from_plans(sf, player, {p.choices: v for p, v in exact.items()})
    panels = []
    for card in chosen:
        roots = tuple(s for s in situations(game, player) if card_of(s.label) == card)
        panels.append(_Panel(card, card, roots))
    return _Strategy(
        game,
        player,
        sf,
        reach,
        edges,
        "— not reached by own play",
        tuple(panels),
        "card",
        lambda info: f"{facing(info.label)}\n({info.label})",
        f"{PLAYER_NAMES[player].capitalize()}'s strategy, {rules.name}",
    )


def _read_plans(game: Game, player: int, plans: Mapping[object, object]) -> dict[Plan, sp.Expr]:
    """Check that ``plans`` gives every plan of ``player`` (by Plan or label) and nothing else."""
    pf = plan_form(game)
    known = pf.plans[player]
    by_label = {p.label: p for p in known}
    out: dict[Plan, sp.Expr] = {}
    unknown = []
    for key, value in plans.items():
        plan = by_label.get(key) if isinstance(key, str) else key
        if not isinstance(plan, Plan) or plan.player != player or by_label.get(plan.label) != plan:
            unknown.append(getattr(key, "label", key))
            continue
        out[plan] = _exact(value, f"probability of plan {plan.label}")
    if unknown:
        raise ValueError(
            f"not plans of the {PLAYER_NAMES[player]} in {rules_of(game).name}: {sorted(map(str, unknown))}"
        )
    missing = [p.label for p in known if p not in out]
    if missing:
        raise ValueError(f"no probability given for the {PLAYER_NAMES[player]}'s plans {missing}")
    for situation, group in zip(pf.situations[player], pf.groups[player]):
        total = sp.Add(*(out[known[k]] for k in group))
        if sp.simplify(total - 1) != 0:
            raise ValueError(
                f"the {PLAYER_NAMES[player]}'s plan probabilities in situation {situation.label!r} "
                f"sum to {total}, not 1"
            )
    return out


@lru_cache(maxsize=4096)
def _simplified(expr: sp.Expr) -> sp.Expr:
    """``sympy.simplify(expr)``, remembered: a whole strategy tree and its per-card panels add up the
    same plan probabilities (sympy expressions are immutable, so a cached result is safe to share)."""
    return sp.simplify(expr)
