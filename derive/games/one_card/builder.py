"""One-card poker's rules as the one game model: :func:`to_extensive_form` builds the :class:`Game`.

The builder attaches the thesis's words to the game it builds as metadata (the rules, the names
and order of the situations, the verb "holds"), which every later stage reads through the general
plan form; nothing downstream needs a second, poker-only model of the game.
"""

from __future__ import annotations

from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.exact import exact_number
from derive.games.one_card.betting import Action
from derive.games.one_card.rules import PLAYER_NAMES, SITUATION_VERB, GameDefinitionError, OneCardPoker

__all__ = ["to_extensive_form"]


def to_extensive_form(rules: OneCardPoker, rake: object = 0):
    """The one-card poker game as a general :class:`~derive.extensive_form.Game`, optionally with a rake.

    The root is chance over the ``N (N - 1)`` ordered deals (labelled ``"QK"``: opener holds Q,
    dealer K), each with probability ``1 / (N (N - 1))``; players are ``"opener"`` and
    ``"dealer"``; information sets carry the poker labels (``"K:xb"``: holding K after check,
    bet) and actions the words check, bet, call, raise, fold; payoffs are in chips, zero-sum.
    ``metadata["rules"]`` keeps the rules and ``metadata["situation_names"]`` the thesis's words for
    the situations (``"K, checked to"``), ``metadata["situation_order"]`` their order (by card
    rank) and ``metadata["situation_verb"]`` the word ``"holds"`` (:data:`SITUATION_VERB`), which the
    plan-level derivation reads: its plans and dominance reasons read ``"opener holds A:
    checkraise"`` and ``"dealer holds K, checked to: betfold"``, the thesis's wording
    (:func:`derive.sequence_form.plans.describe_plan`). ``metadata["plan_label_situations"]`` writes
    each situation as the card alone in plan labels, so the general plans are labelled as the thesis
    names them: ``"K:betfold"`` and ``"K:call"`` rather than ``"K:x:betfold"`` and ``"K:b:call"``
    (:class:`derive.sequence_form.plans.Plan`).

    With a ``rake`` ``r`` (an exact fraction, ``0 <= r < 1``, or a symbol), the house takes ``r`` times the pot at
    each showdown (a fold is not raked, "no flop, no drop"): after ``n`` bets each player has put in
    ``s = ante + n bet``, the winner nets ``s (1 - 2 r)`` and the loser ``-s``, so the game is
    general-sum (the players lose ``2 r s`` together); the title says so and ``metadata["rake"]``
    keeps ``r``.

    The node cap :data:`~derive.games.one_card.rules.MAX_NODES` is not applied here; callers check
    it first (:meth:`~derive.games.one_card.OneCardPoker.require_size`; the command line does).

    Raises
    ------
    GameDefinitionError
        If ``rake`` is not an exact number in ``[0, 1)`` (a float only when it is exactly a short
        decimal, :mod:`derive.extensive_form.exact`).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> g = to_extensive_form(kuhn_poker())
    >>> g
    <Game 'Kuhn poker': 2 players, 55 nodes, 12 information sets, zero-sum>
    >>> g.infoset(1, "K:b").actions
    ('fold', 'call')
    >>> from derive.sequence_form.plans import game_plan_form
    >>> [p.label for p in game_plan_form(g).plans[1] if p.situation.startswith("K")]
    ['K:check', 'K:bet', 'K:fold', 'K:call']

    References
    ----------
    Kuhn (1950), pp. 97-103; Miao (2014), "Revised Kuhn poker".
    """
    r = exact_number(rake, "rake", GameDefinitionError)
    if not r.free_symbols and (not r.is_Rational or not (0 <= r < 1)):
        raise GameDefinitionError(f"the rake must be a fraction of the pot in [0, 1), got {rake!r}")

    def subtree(cards: tuple[str, str], history: tuple[Action, ...]):
        if self_terminal(history):
            u = rules.payoff(cards, history)
            if r and history[-1] is not Action.FOLD:  # a showdown: the pot is raked, the winner nets less
                if rules.rank(cards[0]) > rules.rank(cards[1]):
                    return payoff(u * (1 - 2 * r), -u)
                return payoff(u, -u * (1 - 2 * r))
            return payoff(u, -u)
        player = rules.player_to_act(history)
        letters = "".join(a.letter for a in history)
        label = f"{cards[player]}:{letters}" if history else cards[player]
        return decision(
            player, label, {a.value: subtree(cards, history + (a,)) for a in rules.legal_actions(history)}
        )

    self_terminal = rules.is_terminal
    sep = "" if all(len(c) == 1 for c in rules.deck) else "-"
    root = chance({sep.join(cards): (p, subtree(cards, ())) for cards, p in rules.deals()})
    return extensive_form(
        PLAYER_NAMES,
        root,
        title=rules.name if not r else f"{rules.name} with a rake of {r} of the pot at showdown",
        symbols=tuple(
            sorted(
                rules.ante.free_symbols
                | rules.bet.free_symbols
                | rules.raise_size.free_symbols
                | r.free_symbols,
                key=str,
            )
        ),
        metadata={
            "rules": rules,
            "situation_names": _situation_names(rules),
            "situation_order": _situation_order(rules),
            "situation_verb": SITUATION_VERB,
            "plan_label_situations": _plan_label_situations(rules),
            "rake": r,
        },
    )


def _situation_order(rules: OneCardPoker) -> dict[tuple[int, str], tuple[int, int]]:
    """Situations by card rank, then checked to before bet to: the thesis's (and the tree's) order."""
    order: dict[tuple[int, str], tuple[int, int]] = {}
    for rank, card in enumerate(rules.deck):
        order[(0, card)] = (rank, 0)
        order[(1, f"{card}:{Action.CHECK.letter}")] = (rank, 0)
        order[(1, f"{card}:{Action.BET.letter}")] = (rank, 1)
    return order


def _plan_label_situations(rules: OneCardPoker) -> dict[tuple[int, str], str]:
    """Each situation written as the card alone in plan labels (``"K:x"`` -> ``"K"``), the thesis's
    plan names: a checked-to plan starts with check or bet, a bet-to plan with fold, call or raise, so
    the dealer's labels per card stay distinct."""
    out: dict[tuple[int, str], str] = {}
    for card in rules.deck:
        out[(0, card)] = card
        out[(1, f"{card}:{Action.CHECK.letter}")] = card
        out[(1, f"{card}:{Action.BET.letter}")] = card
    return out


def _situation_names(rules: OneCardPoker) -> dict[tuple[int, str], str]:
    """The thesis's words for each player's situations (first information sets): the opener's card
    (``"K"``), the dealer's card and whether he was checked to or bet to (``"K, checked to"``)."""
    names: dict[tuple[int, str], str] = {}
    for card in rules.deck:
        names[(0, card)] = card
        names[(1, f"{card}:{Action.CHECK.letter}")] = f"{card}, checked to"
        names[(1, f"{card}:{Action.BET.letter}")] = f"{card}, bet to"
    return names
