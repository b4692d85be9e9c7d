"""Questions about all optimal strategies, answered with exact certificates.

:func:`raise_callers` settles the thesis's claim "however many raises are
allowed, a raise is called only with the ace" (Miao 2014, abstract) for any
one-card poker game: for every plan that calls a raise, it decides whether
*some* optimal strategy plays it, with an exact certificate either way
(:func:`derive.solving.lp.certified_supports`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import Game
from derive.games.one_card import PLAYER_NAMES, Action, one_card_poker, to_extensive_form
from derive.games.one_card.words import card_of, history_of, rules_of
from derive.sequence_form.plans import Plan, game_plan_form
from derive.solving.lp import certified_supports, maximin

__all__ = ["RaiseCallers", "calls_a_raise", "raise_call", "raise_callers", "raise_table"]


def raise_call(game: Game, plan: Plan) -> tuple | None:
    """The betting history at which ``plan`` calls a raise (facing the 2nd or later bet), or None.

    ``plan`` is a plan of ``game``'s plan form (:class:`derive.sequence_form.plans.Plan`); its choices'
    labels say the history (``"A:xbr"``).
    """
    rules = rules_of(game)
    for label, action in plan.choices:
        history = history_of(label)
        if action == Action.CALL.value and rules.bets_made(history) >= 2:
            return history
    return None


def calls_a_raise(game: Game, plan: Plan) -> bool:
    """Whether ``plan`` calls a raise: a call facing the second (or later) bet of the round."""
    return raise_call(game, plan) is not None


def _raises(plan: Plan) -> bool:
    return any(action == Action.RAISE.value for _, action in plan.choices)


def _reaches(game: Game, plan: Plan, history: tuple) -> bool:
    """Whether the player of ``plan`` takes, following it, all his actions in ``history``."""
    rules = rules_of(game)
    own = {(history_of(label), Action(action)) for label, action in plan.choices}
    return all(
        (history[:i], history[i]) in own
        for i in range(len(history))
        if rules.player_to_act(history[:i]) == plan.player
    )


@dataclass(frozen=True)
class RaiseCallers:
    """Which cards call a raise in some optimal strategy.

    Attributes
    ----------
    game : Game
    value : sympy.Rational
        The game value (chips, to the opener).
    callers : (frozenset of str, frozenset of str)
        For each player, the cards with which a raise is called *on the path
        of play* of some optimal profile: an optimal strategy calls with the
        card, and an optimal strategy of the opponent makes that raise (with
        another card), so the call happens with positive probability.
    plan_callers : (frozenset of str, frozenset of str)
        The cards of every usable raise-calling plan, including calls at
        information sets no optimal opponent strategy reaches (off the path,
        where the plan is payoff-equivalent to folding).
    examined : int
        Number of raise-calling plans decided (each with an exact certificate).
    """

    game: Game
    value: sp.Rational
    callers: tuple[frozenset[str], frozenset[str]]
    plan_callers: tuple[frozenset[str], frozenset[str]]
    examined: int

    @property
    def only_top_card(self) -> bool:
        """The thesis's claim: no optimal strategy calls a raise with anything but the top card."""
        top = rules_of(self.game).deck[-1]
        return all(c <= {top} for c in self.callers)

    def describe(self) -> str:
        """One line, e.g. ``"N=3, max bets 4: raises called by opener with A; dealer with A"``."""
        r = rules_of(self.game)
        parts = [
            f"{PLAYER_NAMES[p]} with {', '.join(sorted(c, key=r.rank)) or 'no card'}"
            for p, c in enumerate(self.callers)
        ]
        return f"N={r.num_cards}, max bets {r.max_bets}: raises called by " + "; ".join(parts)

    def cards_text(self, player: int, on_path: bool = True) -> str:
        """The calling cards of ``player``, low to high, e.g. ``"3, 4"``; ``"none"`` if none."""
        cards = (self.callers if on_path else self.plan_callers)[player]
        return ", ".join(sorted(cards, key=rules_of(self.game).rank)) or "none"


def raise_callers(game: Game) -> RaiseCallers:
    """Decide exactly, for every raise-calling plan, whether some optimal strategy plays it.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`), numeric ante and bet.

    Returns
    -------
    RaiseCallers

    Raises
    ------
    derive.solving.linear_program.ExactLPError
        If a certificate cannot be produced (never observed).

    Examples
    --------
    >>> from derive.games.one_card import one_raise_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> r = raise_callers(to_extensive_form(one_raise_poker()))
    >>> r.plan_callers, r.callers, r.only_top_card
    ((frozenset({'A'}), frozenset({'A'})), (frozenset(), frozenset()), True)

    References
    ----------
    Miao (2014), abstract: "a raise is called only with the ace".
    """
    rules_of(game).require_numeric()
    pf = game_plan_form(game)
    entries = pf.numeric_matrix(0)
    value = maximin(entries, pf.shape, pf.groups[0], pf.groups[1])[0].value
    plans = pf.plans
    # plans that call a raise, and plans that raise (they decide whether a call is reached)
    wanted = tuple(
        tuple(k for k, plan in enumerate(plans[p]) if calls_a_raise(game, plan) or _raises(plan))
        for p in (0, 1)
    )
    supports = certified_supports(entries, pf.shape, pf.groups[0], pf.groups[1], value, plans=wanted)
    usable = [[plans[p][k] for k in supports.usable[p]] for p in (0, 1)]
    plan_callers = []
    callers = []
    for p in (0, 1):
        calling = [m for m in usable[p] if calls_a_raise(game, m)]
        plan_callers.append(frozenset(card_of(m.label) for m in calling))
        callers.append(
            frozenset(
                card_of(m.label)
                for m in calling
                if any(
                    card_of(o.label) != card_of(m.label) and _reaches(game, o, raise_call(game, m))
                    for o in usable[1 - p]
                )
            )
        )
    examined = sum(calls_a_raise(game, plans[p][k]) for p in (0, 1) for k in wanted[p])
    return RaiseCallers(game, QQ.to_sympy(value), tuple(callers), tuple(plan_callers), examined)  # type: ignore[arg-type]


def raise_table(games: list[tuple[int, int]]) -> str:
    """A markdown table answering "is a raise ever called without the top card?" for each ``(N, k)``.

    Each row is decided exactly by :func:`raise_callers` (ante 1, bet 1).
    """
    lines = [
        "| N | max bets | value | raise called on the path of play with | only the top card? "
        "| usable raise-calling plans (incl. off the path) |",
        "|---:|---:|---:|---|---|---|",
    ]
    for n, k in games:
        r = raise_callers(to_extensive_form(one_card_poker(n, k)))
        top = rules_of(r.game).deck[-1]
        on_path = f"opener: {r.cards_text(0)}; dealer: {r.cards_text(1)}"
        plan_level = f"opener: {r.cards_text(0, False)}; dealer: {r.cards_text(1, False)}"
        verdict = "yes" if r.only_top_card else f"**no** (top card is {top})"
        lines.append(f"| {n} | {k} | {r.value} | {on_path} | {verdict} | {plan_level} |")
    return "\n".join(lines) + "\n"
