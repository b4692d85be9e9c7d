"""One-card poker's words, read off the one model: a card, a betting history, a situation.

The builder (:func:`derive.games.one_card.to_extensive_form`) writes the thesis's words into the
:class:`~derive.extensive_form.game.Game` it builds: an information set's label is the player's card,
then a colon and the betting history in letters (``"K:xb"``: holding K after check, bet; ``"Q"`` at
the start), a plan's label is the card, a colon and the plan's own actions (``"A:checkraise"``), and
``metadata["rules"]`` keeps the rules.  This module is the one place that reads them back; nothing
downstream keeps a second, poker-only model of the game.

Examples
--------
>>> from derive.games.one_card import kuhn_poker, to_extensive_form
>>> g = to_extensive_form(kuhn_poker())
>>> card_of("K:xb"), history_of("K:xb"), facing("K:xb")
('K', (check, bet), 'facing bet')
>>> describe_infoset(g, g.infoset(0, "K:xb"))
'opener holds K after check, bet'
>>> rules_of(g).name
'Kuhn poker'
"""

from __future__ import annotations

from derive.games.one_card.betting import Action
from derive.games.one_card.rules import PLAYER_NAMES, OneCardPoker

__all__ = [
    "card_of",
    "describe_infoset",
    "facing",
    "history_of",
    "is_one_card",
    "rules_of",
    "situation_words",
]


def is_one_card(game) -> bool:
    """Whether ``game`` was built by :func:`derive.games.one_card.to_extensive_form` (its metadata
    keeps the rules)."""
    metadata = getattr(game, "metadata", None) or {}
    return isinstance(metadata.get("rules"), OneCardPoker)


def rules_of(game) -> OneCardPoker:
    """The rules ``game`` was built from (``game.metadata["rules"]``).

    Raises
    ------
    TypeError
        If ``game`` is not one-card poker built by :func:`derive.games.one_card.to_extensive_form`.
    """
    if not is_one_card(game):
        raise TypeError(
            f"expected one-card poker built by to_extensive_form(rules), got {getattr(game, 'title', game)!r}"
        )
    return game.metadata["rules"]


def card_of(label: str) -> str:
    """The card of an information-set or plan label: ``"K:xb"`` -> ``"K"``, ``"A:checkraise"`` -> ``"A"``."""
    return label.split(":", 1)[0]


def history_of(label: str) -> tuple[Action, ...]:
    """The betting history of an information-set label: ``"K:xb"`` -> ``(check, bet)``; ``()`` at the start."""
    _, _, letters = label.partition(":")
    return tuple(Action.from_letter(c) for c in letters)


def facing(label: str) -> str:
    """What the player faces at the information set ``label``: "first to act", "checked to", "bet to",
    "facing bet" or "facing raise"."""
    history = history_of(label)
    if not history:
        return "first to act"
    last = history[-1]
    if last is Action.CHECK:
        return "checked to"
    if len(history) == 1:
        return "bet to"
    return "facing raise" if last is Action.RAISE else "facing bet"


def situation_words(label: str) -> str:
    """Card and situation in words: ``"K"`` (opener), ``"K, checked to"`` / ``"K, bet to"`` (dealer);
    a later information set is its label."""
    history = history_of(label)
    if not history:
        return label
    if len(history) == 1:
        return f"{card_of(label)}, {facing(label)}"
    return label


def describe_infoset(game, info) -> str:
    """An information set in words, e.g. ``"opener holds K after check, bet"``."""
    history = history_of(info.label)
    past = ", ".join(a.value for a in history) or "the start"
    when = "at" if not history else "after"
    return f"{PLAYER_NAMES[info.player]} holds {card_of(info.label)} {when} {past}"
