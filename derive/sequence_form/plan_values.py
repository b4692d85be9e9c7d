"""Expected value of each plan, situation by situation, against a fixed opponent: the thesis's per-card tables.

Against the opponent's behaviour strategy ``sigma`` (plan probabilities ``y``,
the product of ``sigma``'s probabilities along each plan), player ``p``'s plan
``m`` of situation ``S`` contributes

    total(m) = sum over opponent plans n of P_p[m, n] y_n

to ``p``'s expected payoff: choosing one plan per situation earns the sum of
their totals (:mod:`derive.sequence_form.plans`).  Conditional on chance
dealing ``S``, the value is ``total(m) / c(S)`` with ``c(S)`` the chance
probability of reaching ``S``'s nodes (the players' moves left out): for the
opener holding K in Kuhn poker, ``E[u | K, m]`` with ``c = 1/3``; for the dealer
holding K and bet to, also ``c = 1/3``, the deals where the opener does not
bet counting 0 -- the convention of
:func:`derive.sequence_form.payoff.plan_values`, so the plans of one situation
compare directly.  ``total`` is also split by the opponent's situation (the
thesis's sum over the opponent's cards).  Everything is exact; the opponent's
probabilities may be symbols (``alpha``), making the values expressions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import Game
from derive.sequence_form.plans import GamePlanForm, Plan, game_plan_form

__all__ = ["PlanValue", "SituationValues", "situation_values"]


@dataclass(frozen=True)
class PlanValue:
    """The value of one plan against the fixed opponent.

    Attributes
    ----------
    plan : Plan
    total : sympy.Expr
        Its contribution to the owner's expected payoff (chance's probability included).
    conditional : sympy.Expr or None
        ``total / reach`` of its situation: the expected payoff given that play reaches the
        situation (``None`` if it is never reached).
    by_opponent_situation : dict
        ``opponent situation label (None: he makes no move) -> part of total``.
    """

    plan: Plan
    total: sp.Expr
    conditional: sp.Expr | None
    by_opponent_situation: dict[str | None, sp.Expr]


@dataclass(frozen=True)
class SituationValues:
    """The plans of one situation and their values.

    Attributes
    ----------
    player : int
    situation : str or None
        The situation's label (``None``: the empty plan of the plays on which the player never moves).
    reach : sympy.Expr
        The probability that play reaches the situation: chance's and the opponent's moves on the
        way to its nodes (the player's own moves never precede a situation), added over its nodes.
    values : tuple of PlanValue
        In plan order.
    """

    player: int
    situation: str | None
    reach: sp.Expr
    values: tuple[PlanValue, ...]

    def value(self, name: str) -> PlanValue:
        """The value of the plan called ``name`` (e.g. ``"checkcall"``).

        Raises
        ------
        KeyError
            If the situation has no such plan.
        """
        for v in self.values:
            if v.plan.name == name:
                return v
        raise KeyError(f"situation {self.situation!r} has no plan {name!r}")

    def best(self) -> tuple[Plan, ...]:
        """The plans of largest total (numeric values only; all plans tie when symbolic ones cannot be ordered).

        Raises
        ------
        TypeError
            If the values are symbolic and sympy cannot order them.
        """
        top = max(v.total for v in self.values)
        return tuple(v.plan for v in self.values if sp.simplify(v.total - top) == 0)


def situation_values(
    game: Game | GamePlanForm,
    player: int,
    opponent: Mapping,
) -> tuple[SituationValues, ...]:
    """Each plan's value per situation of ``player`` against the opponent's behaviour ``opponent``.

    Parameters
    ----------
    game : Game or GamePlanForm
        Two players, perfect recall (see :func:`derive.sequence_form.plans.game_plan_form`).
    player : int
        0 or 1; values are to this player (his own payoff ``u_player``).
    opponent : mapping
        The other player's behaviour strategy, ``information-set label -> {action: probability}``,
        exact (symbols allowed; a missing action has probability 0).

    Returns
    -------
    tuple of SituationValues
        One per situation of ``player``, in the order of ``GamePlanForm.situations[player]``.

    Raises
    ------
    PlanDistributionError
        If ``opponent`` misses an information set (naming it) or a probability is not exact.
    NotSupportedError, ImperfectRecallError
        As :func:`derive.sequence_form.plans.game_plan_form`.

    Examples
    --------
    Kuhn poker, the dealer calling with K half the time and betting only with A (Kuhn 1950): the
    opener's values holding K, given K.

    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> half = {"K:b": {"call": "1/2", "fold": "1/2"}, "K:x": {"check": 1}}
    >>> dealer = {**half, "Q:b": {"fold": 1}, "Q:x": {"check": 1}, "A:b": {"call": 1}, "A:x": {"bet": 1}}
    >>> k = situation_values(to_extensive_form(kuhn_poker()), 0, dealer)[1]
    >>> k.situation, k.reach, [(v.plan.name, v.conditional) for v in k.values]
    ('K', 1/3, [('bet', -1/2), ('checkfold', 0), ('checkcall', -1/2)])

    References
    ----------
    Miao (2014), "Proving equilibrium for the opener": the expected value of each complete
    strategy given the card; Kuhn (1950), pp. 100-102.
    """
    pf = game if isinstance(game, GamePlanForm) else game_plan_form(game)
    other = 1 - player
    y = pf.plan_probabilities(other, opponent)
    opp_situation = {k: sit for sit, group in zip(pf.situations[other], pf.groups[other]) for k in group}
    parts: dict[int, dict[str | None, sp.Expr]] = {}
    for (i, j), v in pf.payoffs[player].items():
        own, theirs = (i, j) if player == 0 else (j, i)
        if y[theirs] == 0:
            continue
        sit = opp_situation[theirs]
        label = None if sit is None else sit.label
        row = parts.setdefault(own, {})
        row[label] = row.get(label, sp.S.Zero) + v * y[theirs]
    game = pf.game
    behaviour = {
        info.index: [
            exact_number(opponent[info.label].get(a, 0), f"probability of {a!r} at {info.label!r}")
            for a in info.actions
        ]
        for info in game.infosets_of(other)
    }
    reach = game.reach(lambda node, k: behaviour[node.infoset][k] if node.player == other else sp.S.One)
    out = []
    sf = pf.sequence_form
    for sit, group in zip(pf.situations[player], pf.groups[player]):
        if sit is None:  # the plays on which the player never moves: their terminals
            nodes = [z for z, seqs in sf.terminal_sequences.items() if seqs[player] == 0]
        else:
            nodes = list(sit.nodes)
        reached = sp.expand(sum((reach[n] for n in nodes), sp.S.Zero))
        values = []
        for k in group:
            split = {s: sp.expand(v) for s, v in parts.get(k, {}).items()}
            total = sp.expand(sum(split.values(), sp.S.Zero))
            conditional = None if reached == 0 else sp.cancel(total / reached)
            values.append(PlanValue(pf.plans[player][k], total, conditional, split))
        out.append(SituationValues(player, None if sit is None else sit.label, reached, tuple(values)))
    return tuple(out)
