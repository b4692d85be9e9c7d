"""Export a one-card poker game to other tools' formats.

:func:`to_efg` writes Gambit's extensive-form format (``.efg``, "EFG 2 R"):
one ``c`` line for the deal, a ``p`` line per decision node with its
player, information-set number and action labels, and a ``t`` line per
terminal with the outcome's payoffs.  Probabilities and payoffs are written
as exact rationals (``1/6``, ``3/2``), so Gambit's rational solvers see the
same game.  Information sets are numbered per player in :class:`derive.tree`
order and labelled as in ``derive`` (``"K:xb"``).
"""

from __future__ import annotations

import sympy as sp

from derive.solve import SymbolicGameError
from derive.tree import DecisionNode, ExtensiveFormGame, TerminalNode, deal_label

__all__ = ["to_efg"]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: sp.Expr) -> str:
    if not value.is_Rational:
        raise SymbolicGameError(f"cannot export a symbolic amount ({value}); substitute numbers first")
    return str(value)


def to_efg(game: ExtensiveFormGame) -> str:
    """The game in Gambit's ``.efg`` format (exact rationals).

    Parameters
    ----------
    game : ExtensiveFormGame
        With numeric ante and bet.

    Returns
    -------
    str
        The file's text; player 1 is the opener, player 2 the dealer.

    Raises
    ------
    SymbolicGameError
        If the ante or bet is symbolic.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.tree import build_tree
    >>> print(to_efg(build_tree(kuhn_poker())).splitlines()[0])
    EFG 2 R "Kuhn poker" { "opener" "dealer" }
    """
    number = {i: k + 1 for p in (0, 1) for k, i in enumerate(game.infosets[p])}
    outcomes: dict[tuple[str, str], int] = {}
    lines = [f"EFG 2 R {_quote(game.rules.name)} {{ {_quote('opener')} {_quote('dealer')} }}", _quote("")]
    deals = " ".join(f"{_quote(deal_label(cards))} {_number(p)}" for cards, p, _ in game.root.children)
    lines.append(f'c "" 1 "deal" {{ {deals} }} 0')

    def walk(node: DecisionNode | TerminalNode) -> None:
        if isinstance(node, TerminalNode):
            pay = (_number(node.payoffs[0]), _number(node.payoffs[1]))
            k = outcomes.setdefault(pay, len(outcomes) + 1)
            lines.append(f"t {_quote(node.label)} {k} {_quote('opener ' + pay[0])} {{ {pay[0]}, {pay[1]} }}")
            return
        info = node.infoset
        actions = " ".join(_quote(a.value) for a, _ in node.children)
        lines.append(f'p "" {info.player + 1} {number[info]} {_quote(info.label)} {{ {actions} }} 0')
        for _, child in node.children:
            walk(child)

    for _, _, child in game.root.children:
        walk(child)
    return "\n".join(lines) + "\n"
