"""Type a game in a few lines: nested :func:`decision`, :func:`chance` and :func:`payoff` calls.

A tree is written as it is drawn on a blackboard.  Decision nodes of the same
player with the same information-set label form one information set; payoffs
and probabilities may be integers, fractions, strings such as ``"1/3"`` or
sympy expressions in symbols (a pot ``P``, a bet ``B``).  Results must be exact: a
float is accepted only when it is exactly a short decimal (``0.5``), any other (``1/3``, ``0.1``)
is refused with the exact form to type instead (:mod:`derive.extensive_form.exact`).

Examples
--------
Matching pennies, with the second player not seeing the first's coin:

>>> from derive.extensive_form.build import decision, extensive_form, payoff
>>> def bob():
...     return decision("Bob", "guess", {"heads": None, "tails": None})
>>> game = extensive_form(
...     ["Alice", "Bob"],
...     decision("Alice", "coin", {
...         "heads": decision("Bob", "guess", {"heads": payoff(1, -1), "tails": payoff(-1, 1)}),
...         "tails": decision("Bob", "guess", {"heads": payoff(-1, 1), "tails": payoff(1, -1)}),
...     }),
...     title="Matching pennies",
... )
>>> game
<Game 'Matching pennies': 2 players, 7 nodes, 2 information sets, zero-sum>

Myerson's simple card game with a symbolic pot ``P`` and bet ``B``: a red or
black card is dealt to player 1 with probability 1/2 each; he raises or folds;
player 2, who has not seen the card, meets or passes.

>>> import sympy as sp
>>> from derive.extensive_form.build import chance
>>> P, B = sp.symbols("P B", positive=True)
>>> def after(card, win):
...     sign = 1 if win else -1
...     return decision("1", card, {
...         "raise": decision("2", "raised", {"meet": payoff(sign * (P + B), -sign * (P + B)),
...                                           "pass": payoff(P, -P)}),
...         "fold": payoff(-P, P),
...     })
>>> myerson = extensive_form(["1", "2"], chance({"red": ("1/2", after("red", True)),
...                                             "black": ("1/2", after("black", False))}),
...                          title="Myerson's card game", symbols=(P, B))
>>> myerson.is_zero_sum, myerson.symbols
(True, (P, B))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import CHANCE, Game, GameModelError, InformationSet, Node

__all__ = ["Subtree", "chance", "decision", "exact_value", "extensive_form", "payoff"]


@dataclass(frozen=True)
class Subtree:
    """A node typed with :func:`decision`, :func:`chance` or :func:`payoff`, before the game is assembled."""

    mover: str | int | None  # a player's name or index, CHANCE, or None at a leaf
    infoset: str
    moves: tuple[tuple[str, object, Subtree], ...]  # (action, probability or None, child)
    outcome: tuple[object, ...] | None
    label: str = ""
    outcome_label: str = ""


def decision(
    player: str | int,
    infoset: str,
    moves: Mapping[str, Subtree | None],
    *,
    outcome: Sequence[object] | None = None,
    label: str = "",
) -> Subtree:
    """A decision node of ``player`` in the information set labelled ``infoset``.

    Parameters
    ----------
    player : str or int
        The player's name (as given to :func:`extensive_form`) or 0-based index.
    infoset : str
        Label of the information set; nodes of one player with one label form one set.
    moves : mapping ``action label -> subtree``
        In order; a ``None`` subtree is a terminal node with no payoff.
    outcome : sequence, optional
        A payoff vector booked at this node (added to every play through it).
    label : str, optional
        The node's label.
    """
    return Subtree(
        player,
        infoset,
        tuple((a, None, _leaf_if_none(t)) for a, t in moves.items()),
        _outcome(outcome),
        label,
    )


def chance(
    branches: Mapping[str, tuple[object, Subtree | None]],
    *,
    outcome: Sequence[object] | None = None,
    label: str = "",
) -> Subtree:
    """A chance node: ``branches`` maps each action label to ``(probability, subtree)``.

    Probabilities must be exact (int, Fraction, ``"1/3"``, sympy expression, a float only when it is
    exactly a short decimal such as 0.5) and sum to 1.
    """
    return Subtree(
        CHANCE,
        "",
        tuple((a, p, _leaf_if_none(t)) for a, (p, t) in branches.items()),
        _outcome(outcome),
        label,
    )


def payoff(*values: object, label: str = "", outcome_label: str = "") -> Subtree:
    """A terminal node with the payoff vector ``values`` (one entry per player).

    ``label`` names the node, ``outcome_label`` the outcome (as in Gambit's files).
    """
    return Subtree(None, "", (), tuple(values), label, outcome_label)


def _leaf_if_none(tree: Subtree | None) -> Subtree:
    return Subtree(None, "", (), None) if tree is None else tree


def _outcome(values: Sequence[object] | None) -> tuple[object, ...] | None:
    return None if values is None else tuple(values)


def exact_value(value: object, where: str) -> sp.Expr:
    """Read ``value`` as an exact sympy number or expression, by the rule of :mod:`derive.extensive_form.exact`.

    Accepts int, :class:`fractions.Fraction`, a string such as ``"3/2"``, ``"-1"`` or ``"0.25"``
    (read as the exact fraction or decimal it spells), sympy expressions, and a float only when it
    is exactly a short decimal (``0.5`` is 1/2; ``1/3`` and ``0.1`` are refused).

    Raises
    ------
    GameModelError
        If ``value`` is a float that is not exactly a short decimal (or an expression holding one), a
        bool, or not a number; one line naming ``where`` and the value, suggesting the exact form.

    Examples
    --------
    >>> exact_value(0.5, "payoff"), exact_value("0.25", "probability")
    (1/2, 1/4)
    >>> exact_value(1/3, "probability of 'h'")
    Traceback (most recent call last):
    ...
    derive.extensive_form.game.GameModelError: probability of 'h': 0.3333333333333333 is a float, not exact; write '1/3' or sympy.Rational(1, 3)
    """
    return exact_number(value, where, GameModelError)


def extensive_form(
    players: Sequence[str],
    root: Subtree,
    *,
    title: str = "",
    symbols: Iterable[sp.Symbol] | None = None,
    comment: str = "",
    metadata: Mapping | None = None,
) -> Game:
    """Assemble a :class:`~derive.extensive_form.game.Game` from a typed tree.

    Parameters
    ----------
    players : sequence of str
        Player names, in order (player 0 first).
    root : Subtree
        The tree, written with :func:`decision`, :func:`chance` and :func:`payoff`.
    title, comment : str
    symbols : iterable of sympy.Symbol, optional
        The symbols payoffs and probabilities may contain; by default those that occur, sorted by
        name.  When given, any other symbol is an error.
    metadata : mapping, optional
        Builder data carried along (labels, sources); ignored by the algorithms.

    Returns
    -------
    Game

    Raises
    ------
    GameModelError
        For an unknown player, a float or non-number, a payoff vector of the wrong length, an
        information set whose nodes differ in actions, probabilities not summing to 1, an
        undeclared symbol.
    """
    players = tuple(str(p) for p in players)
    if len(set(players)) != len(players):
        raise GameModelError(f"player names repeat: {players}")
    with paused_gc():
        return _assemble(players, root, title, symbols, comment, metadata)


def _assemble(players, root, title, symbols, comment, metadata) -> Game:
    """The work of :func:`extensive_form` (with the garbage collector paused: a large tree is many objects)."""
    info_nodes: dict[tuple[int, str], list[int]] = {}
    info_actions: dict[tuple[int, str], tuple[str, ...]] = {}
    movers: dict[object, int] = {}
    known: dict[tuple[type, object], sp.Expr] = {}  # each distinct number is read once

    def player_index(mover: str | int) -> int:
        if isinstance(mover, int) and not isinstance(mover, bool) and 0 <= mover < len(players):
            return mover
        if isinstance(mover, str) and mover in players:
            return players.index(mover)
        raise GameModelError(f"unknown player {mover!r}; the players are {', '.join(players)}")

    unhashable: list[sp.Expr] = []

    def read(value: object, where) -> sp.Expr:
        try:
            key = (type(value), value)
            hit = known.get(key)
        except TypeError:  # unhashable: read it every time
            unhashable.append(exact_value(value, where()))
            return unhashable[-1]
        if hit is None:
            hit = known[key] = exact_value(value, where())
        return hit

    # iterative preorder walk (deep trees do not hit Python's recursion limit)
    stack: list[tuple[Subtree, int]] = [(root, -1)]
    order: list[Subtree] = []
    parents: list[int] = []
    children: list[list[int]] = []
    while stack:
        tree, parent = stack.pop()
        index = len(order)
        order.append(tree)
        parents.append(parent)
        children.append([])
        if parent >= 0:
            children[parent].append(index)
        moves = tree.moves
        for k in range(len(moves) - 1, -1, -1):
            stack.append((moves[k][2], index))
    nodes: list[Node] = []
    new_node = Node.__new__
    for index, tree in enumerate(order):

        def where(index=index, tree=tree) -> str:
            return f"node {index}" + (f" ({tree.label!r})" if tree.label else "")

        outcome = None
        if tree.outcome is not None:
            if len(tree.outcome) != len(players):
                raise GameModelError(
                    f"{where()}: payoff {tree.outcome} has {len(tree.outcome)} "
                    f"entr{'ies' if len(tree.outcome) != 1 else 'y'} for {len(players)} "
                    f"player{'s' if len(players) != 1 else ''}"
                )
            outcome = tuple(read(v, lambda: f"payoff at {where()}") for v in tree.outcome)
        actions = tuple(a for a, _, _ in tree.moves)
        infoset = None
        probs: tuple = ()
        if not tree.moves:
            mover = None
        elif tree.mover == CHANCE:
            mover = CHANCE
            probs = tuple(
                read(p, lambda a=a: f"probability of {a!r} at chance {where()}") for a, p, _ in tree.moves
            )
        else:
            try:
                mover = movers[tree.mover]
            except (KeyError, TypeError):
                mover = player_index(tree.mover)
                if isinstance(tree.mover, (str, int)) and not isinstance(tree.mover, bool):
                    movers[tree.mover] = mover
            key = (mover, str(tree.infoset))
            have = info_actions.get(key)
            if have is None:
                info_actions[key] = actions
                info_nodes[key] = [index]
            else:
                if have != actions:
                    raise GameModelError(
                        f"information set {tree.infoset!r} of player {players[mover]!r}: its nodes offer "
                        f"different actions ({have} and {actions})"
                    )
                info_nodes[key].append(index)
            infoset = key
        node = new_node(Node)
        node.__dict__.update(
            index=index,
            parent=parents[index],
            player=mover,
            infoset=infoset,
            children=tuple(children[index]),
            actions=actions,
            probabilities=probs,
            outcome=outcome,
            label=tree.label,
            outcome_label=tree.outcome_label,
        )
        nodes.append(node)
    keys = sorted(info_nodes, key=lambda k: (k[0], info_nodes[k][0]))
    position = {k: i for i, k in enumerate(keys)}
    infosets = tuple(
        InformationSet(i, k[0], k[1], info_actions[k], tuple(info_nodes[k])) for i, k in enumerate(keys)
    )
    for node in nodes:
        if node.infoset is not None:
            node.__dict__["infoset"] = position[node.infoset]
    occurring: set[sp.Symbol] = set()
    for v in (*known.values(), *unhashable):
        occurring |= v.free_symbols
    if symbols is None:
        declared = tuple(sorted(occurring, key=str))
    else:
        declared = tuple(symbols)
    return Game(
        players=players,
        nodes=tuple(nodes),
        infosets=infosets,
        title=title,
        symbols=declared,
        comment=comment,
        metadata=dict(metadata or {}),
    )
