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

from derive.games.one_card import PLAYER_NAMES, Action, one_card_poker
from derive.games.one_card_tree import ExtensiveFormGame, Sequence, build_tree
from derive.sequence_form.plans import game_plan_form
from derive.solving.lp import certified_supports, maximin

__all__ = ["RaiseCallers", "calls_a_raise", "raise_call", "raise_callers", "raise_table"]


def _path(game: ExtensiveFormGame, plan: Sequence) -> list[Sequence]:
    out = []
    seq = plan
    while not seq.is_empty:
        out.append(seq)
        seq = game.parent_sequence[seq.infoset]
    return out[::-1]


def raise_call(game: ExtensiveFormGame, plan: Sequence) -> tuple | None:
    """The betting history at which ``plan`` calls a raise (facing the 2nd or later bet), or None.

    ``plan`` is the tree's plan or a general plan (:class:`derive.sequence_form.plans.Plan`, read as the
    tree's plan of the same player and label).
    """
    plan = game.plan_of(plan)
    for seq in _path(game, plan):
        if seq.action is Action.CALL and game.rules.bets_made(seq.infoset.history) >= 2:
            return seq.infoset.history
    return None


def calls_a_raise(game: ExtensiveFormGame, plan: Sequence) -> bool:
    """Whether ``plan`` calls a raise: a call facing the second (or later) bet of the round."""
    return raise_call(game, plan) is not None


def _reaches(game: ExtensiveFormGame, plan: Sequence, history: tuple) -> bool:
    """Whether the player of ``plan`` takes, following it, all his actions in ``history``."""
    own = {(s.infoset.history, s.action) for s in _path(game, plan)}
    return all(
        (history[:i], history[i]) in own
        for i in range(len(history))
        if game.rules.player_to_act(history[:i]) == plan.player
    )


@dataclass(frozen=True)
class RaiseCallers:
    """Which cards call a raise in some optimal strategy.

    Attributes
    ----------
    game : ExtensiveFormGame
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

    game: ExtensiveFormGame
    value: sp.Rational
    callers: tuple[frozenset[str], frozenset[str]]
    plan_callers: tuple[frozenset[str], frozenset[str]]
    examined: int

    @property
    def only_top_card(self) -> bool:
        """The thesis's claim: no optimal strategy calls a raise with anything but the top card."""
        top = self.game.rules.deck[-1]
        return all(c <= {top} for c in self.callers)

    def describe(self) -> str:
        """One line, e.g. ``"N=3, max bets 4: raises called by opener with A; dealer with A"``."""
        r = self.game.rules
        parts = [
            f"{PLAYER_NAMES[p]} with {', '.join(sorted(c, key=r.rank)) or 'no card'}"
            for p, c in enumerate(self.callers)
        ]
        return f"N={r.num_cards}, max bets {r.max_bets}: raises called by " + "; ".join(parts)

    def cards_text(self, player: int, on_path: bool = True) -> str:
        """The calling cards of ``player``, low to high, e.g. ``"3, 4"``; ``"none"`` if none."""
        cards = (self.callers if on_path else self.plan_callers)[player]
        return ", ".join(sorted(cards, key=self.game.rules.rank)) or "none"


def raise_callers(game: ExtensiveFormGame) -> RaiseCallers:
    """Decide exactly, for every raise-calling plan, whether some optimal strategy plays it.

    Parameters
    ----------
    game : ExtensiveFormGame
        Numeric ante and bet.

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
    >>> from derive.games.one_card_tree import build_tree
    >>> r = raise_callers(build_tree(one_raise_poker()))
    >>> r.plan_callers, r.callers, r.only_top_card
    ((frozenset({'A'}), frozenset({'A'})), (frozenset(), frozenset()), True)

    References
    ----------
    Miao (2014), abstract: "a raise is called only with the ace".
    """
    pf = game_plan_form(game.game)
    game.rules.require_numeric()
    entries = pf.numeric_matrix(0)
    value = maximin(entries, pf.shape, pf.groups[0], pf.groups[1])[0].value
    # the general plans read as the tree's (same player and label), whose poker words say what they do
    plans = tuple(tuple(game.plan_of(q) for q in pf.plans[p]) for p in (0, 1))
    # plans that call a raise, and plans that raise (they decide whether a call is reached)
    wanted = tuple(
        tuple(
            k
            for k, plan in enumerate(plans[p])
            if calls_a_raise(game, plan) or any(s.action is Action.RAISE for s in _path(game, plan))
        )
        for p in (0, 1)
    )
    supports = certified_supports(entries, pf.shape, pf.groups[0], pf.groups[1], value, plans=wanted)
    usable = [[plans[p][k] for k in supports.usable[p]] for p in (0, 1)]
    plan_callers = []
    callers = []
    for p in (0, 1):
        calling = [m for m in usable[p] if calls_a_raise(game, m)]
        plan_callers.append(frozenset(m.card for m in calling))
        callers.append(
            frozenset(
                m.card
                for m in calling
                if any(o.card != m.card and _reaches(game, o, raise_call(game, m)) for o in usable[1 - p])
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
        r = raise_callers(build_tree(one_card_poker(n, k)))
        top = r.game.rules.deck[-1]
        on_path = f"opener: {r.cards_text(0)}; dealer: {r.cards_text(1)}"
        plan_level = f"opener: {r.cards_text(0, False)}; dealer: {r.cards_text(1, False)}"
        verdict = "yes" if r.only_top_card else f"**no** (top card is {top})"
        lines.append(f"| {n} | {k} | {r.value} | {on_path} | {verdict} | {plan_level} |")
    return "\n".join(lines) + "\n"
