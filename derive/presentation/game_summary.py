"""The lines every report of a game starts with: its title, players, kind and size, as text and JSON.

Shared by the reports of :mod:`derive.presentation.solve_report`,
:mod:`derive.presentation.found_report`, :mod:`derive.presentation.sequence_form_report`,
:mod:`derive.presentation.family_report` and :mod:`derive.presentation.parametric_report` (one place,
so none of them imports another's internals), with the order strategies are listed in.
"""

from __future__ import annotations

import re

from derive.extensive_form.game import Game
from derive.notation.text import count, to_text

__all__ = ["count", "game_header", "game_json", "game_kind", "in_situation_order", "plain"]


def plain(expr: object) -> str:
    """Terminal text of an exact expression, with plan variables as ``x[K:bet]`` instead of ``x_{K:bet}``.

    Examples
    --------
    >>> import sympy as sp
    >>> plain(sp.Symbol("x_{K:bet}") / 3 + sp.Rational(1, 3))
    'x[K:bet]/3 + 1/3'
    """
    return re.sub(r"_\{([^{}]*)\}", r"[\1]", to_text(expr))


def game_kind(game: Game) -> str:
    """``"zero-sum"``, ``"constant-sum (c)"`` or ``"general-sum"`` (with the exceptions of an almost constant-sum game)."""
    if game.is_zero_sum:
        return "zero-sum"
    if game.is_constant_sum:
        return f"constant-sum ({to_text(game.constant_sum)})"
    if game.is_almost_constant_sum:
        common, odd = game.sum_exceptions
        return (
            f"general-sum (the payoffs add up to {to_text(common)} except at {count(len(odd), 'terminal')})"
        )
    return "general-sum"


def game_header(game: Game) -> str:
    """The report's first line: title, players, kind and size."""
    players = game.players
    size = f"{len(game.nodes)} nodes, {count(len(game.infosets), 'information set')}"
    strategies = game.metadata.get("strategies") if game.metadata.get("format") == "nfg" else None
    if strategies:  # a strategic form: its size is its strategies; the tree is how derive holds it
        size = " x ".join(str(len(s)) for s in strategies) + f" strategies (held as a tree of {size})"
    return f"{game.title or 'game'}: {count(len(players), 'player')} ({', '.join(players)}), {game_kind(game)}, {size}"


def game_json(game: Game) -> dict:
    """The game's ``title``, ``players``, ``nodes``, ``information_sets`` and ``kind`` as JSON data."""
    return {
        "title": game.title,
        "players": list(game.players),
        "nodes": len(game.nodes),
        "information_sets": len(game.infosets),
        "kind": game_kind(game),
    }


def in_situation_order(game, player: int, strategy: dict) -> list:
    """The strategy's items with the information sets grouped by situation, in the order the game's
    builder gives its situations (``metadata["situation_order"]``: one-card poker by card rank), each
    situation's information sets in tree order; as given when the game has no such order."""
    order = game.metadata.get("situation_order")
    if not order:
        return list(strategy.items())
    from derive.sequence_form.general import game_sequence_form

    sf = game_sequence_form(game)
    root: dict[str, str] = {}
    for info in game.infosets_of(player):
        top = info
        while sf.parent[top.index] != 0:
            top = game.infosets[sf.sequences[player][sf.parent[top.index]][0]]
        root[info.label] = top.label
    position = {label: k for k, label in enumerate(strategy)}
    return sorted(
        strategy.items(),
        key=lambda item: (order.get((player, root.get(item[0], item[0])), (len(order),)), position[item[0]]),
    )
