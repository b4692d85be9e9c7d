"""The general extensive-form game: an immutable tree with players, chance, information sets, outcomes.

This is the one game model every stage of ``derive`` reads.  It holds no
poker words: a poker builder, a Gambit file or the builder API
(:mod:`derive.extensive_form.build`) all produce a :class:`Game`, and domain
words (cards, opener and dealer, plan names) travel as labels and
``metadata``.  The vocabulary follows Gambit's (``Game.new_tree``): players,
a root node, information sets with labelled actions, chance moves with exact
probabilities, and *outcomes* (payoff vectors) that may sit on any node and
are added up along the play.

Nodes are stored in one tuple in depth-first preorder (the root is node 0),
each pointing to its parent and children by index, so later stages can work
on index arrays rather than on nested Python objects.  The perfect-recall checks the game offers
(:attr:`Game.perfect_recall_failure` ...) are computed in :mod:`derive.extensive_form.recall`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import sympy as sp

from derive.extensive_form import recall

__all__ = [
    "CHANCE",
    "Game",
    "GameModelError",
    "ImperfectRecallError",
    "InformationSet",
    "Node",
    "NotSupportedError",
]

#: The ``player`` of a chance node.
CHANCE = -1


class GameModelError(ValueError):
    """A game is not well formed (names the node, information set or value at fault)."""


class ImperfectRecallError(GameModelError):
    """A method that needs perfect recall was given a game without it (names an information set)."""


class NotSupportedError(GameModelError):
    """A stage does not handle this kind of game yet (e.g. a general-sum game for the zero-sum solver)."""


@dataclass(frozen=True)
class InformationSet:
    """The decision nodes a player cannot tell apart.

    Attributes
    ----------
    index : int
        Position in :attr:`Game.infosets`.
    player : int
        The player who moves (0-based).
    label : str
        Its name, unique for the player (e.g. ``"K:xb"``, ``"1:1"``).
    actions : tuple of str
        Action labels, in order; every node of the set offers them.
    nodes : tuple of int
        The member nodes, in preorder.
    """

    index: int
    player: int
    label: str
    actions: tuple[str, ...]
    nodes: tuple[int, ...]

    def __repr__(self) -> str:
        return f"InformationSet(player={self.player}, label={self.label!r}, actions={self.actions})"


@dataclass(frozen=True)
class Node:
    """One node of the tree.

    Attributes
    ----------
    index : int
        Position in :attr:`Game.nodes` (preorder; the root is 0).
    parent : int
        Index of the parent node, ``-1`` for the root.
    player : int or None
        The mover: a player index, :data:`CHANCE`, or ``None`` at a terminal node.
    infoset : int or None
        Index into :attr:`Game.infosets` for a decision node, else ``None``.
    children : tuple of int
        Child node indices, one per action.
    actions : tuple of str
        Action labels of the edges to ``children`` (the information set's actions at a decision node).
    probabilities : tuple of sympy.Expr
        At a chance node, the exact probability of each child (Rational or an expression in the
        game's symbols); empty elsewhere.
    outcome : tuple of sympy.Expr or None
        Payoff vector booked at this node (one entry per player), or ``None``; a play's payoff is the
        sum of the outcomes along it (Gambit's convention).
    label : str
        Optional node label.
    outcome_label : str
        Optional label of the outcome.
    """

    index: int
    parent: int
    player: int | None
    infoset: int | None
    children: tuple[int, ...]
    actions: tuple[str, ...]
    probabilities: tuple[sp.Expr, ...] = ()
    outcome: tuple[sp.Expr, ...] | None = None
    label: str = ""
    outcome_label: str = ""

    @property
    def is_terminal(self) -> bool:
        """Whether the play ends here."""
        return not self.children

    @property
    def is_chance(self) -> bool:
        """Whether chance moves here."""
        return self.player == CHANCE


@dataclass(frozen=True)
class Game:
    """An extensive-form game with any number of players (immutable; build it with :func:`~derive.extensive_form.build.extensive_form`).

    Attributes
    ----------
    players : tuple of str
        Player names; players are indexed 0, 1, ... in this order.
    nodes : tuple of Node
        All nodes in depth-first preorder; ``nodes[0]`` is the root.
    infosets : tuple of InformationSet
        All information sets, ordered by player, then by first appearance in preorder.
    title : str
        The game's title.
    symbols : tuple of sympy.Symbol
        The symbols payoffs and probabilities may contain (e.g. a pot ``P``, a bet ``B``).
    comment : str
        Free text (a Gambit file's comment, a source).
    metadata : Mapping
        Builder-specific data (e.g. a poker builder's rules and plan names); ignored by every
        algorithm, not compared.

    Raises
    ------
    GameModelError
        On construction, if the structure is inconsistent (see :meth:`validate`).

    References
    ----------
    Kuhn (1953), "Extensive games and the problem of information"; the Gambit file formats
    (McKelvey, McLennan & Turocy, *Gambit*, section "File formats").
    """

    players: tuple[str, ...]
    nodes: tuple[Node, ...]
    infosets: tuple[InformationSet, ...]
    title: str = ""
    symbols: tuple[sp.Symbol, ...] = ()
    comment: str = ""
    metadata: Mapping = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        self.validate()

    # ----------------------------------------------------------------- structure
    @property
    def num_players(self) -> int:
        """Number of (personal) players."""
        return len(self.players)

    @property
    def root(self) -> Node:
        """The root node."""
        return self.nodes[0]

    @cached_property
    def terminals(self) -> tuple[int, ...]:
        """Indices of the terminal nodes, in preorder."""
        return tuple(n.index for n in self.nodes if n.is_terminal)

    def infosets_of(self, player: int) -> tuple[InformationSet, ...]:
        """The information sets of ``player``, in order."""
        return tuple(i for i in self.infosets if i.player == player)

    def infoset(self, player: int, label: str) -> InformationSet:
        """The information set of ``player`` labelled ``label``.

        Raises
        ------
        KeyError
            If there is none; the message names the label and the player.
        """
        for info in self.infosets:
            if info.player == player and info.label == label:
                return info
        raise KeyError(f"no information set {label!r} of player {self.players[player]!r}")

    def path(self, node: int) -> tuple[int, ...]:
        """Node indices from the root to ``node`` (both included)."""
        out = []
        while node != -1:
            out.append(node)
            node = self.nodes[node].parent
        return tuple(reversed(out))

    def history(self, node: int) -> tuple[tuple[int, str], ...]:
        """``(mover, action label)`` pairs along the path to ``node`` (the mover is :data:`CHANCE` for chance)."""
        out = []
        for n in self.path(node)[1:]:
            parent = self.nodes[self.nodes[n].parent]
            out.append((parent.player, parent.actions[parent.children.index(n)]))
        return tuple(out)

    # ----------------------------------------------------------------- payoffs
    @cached_property
    def payoffs(self) -> dict[int, tuple[sp.Expr, ...]]:
        """``terminal index -> payoff vector``: the sum of the outcomes on the path (Gambit's rule)."""
        zero = (sp.S.Zero,) * self.num_players
        acc: list[tuple[sp.Expr, ...] | None] = []  # None: nothing booked yet on the path
        out: dict[int, tuple[sp.Expr, ...]] = {}
        for n in self.nodes:
            base = acc[n.parent] if n.parent >= 0 else None
            if n.outcome is not None:
                base = n.outcome if base is None else tuple(b + o for b, o in zip(base, n.outcome))
            acc.append(base)
            if not n.children:
                if base is None:
                    out[n.index] = zero
                elif all(v.is_Rational for v in base):
                    out[n.index] = base
                else:
                    out[n.index] = tuple(sp.expand(v) for v in base)
        return out

    @cached_property
    def reach_by_chance(self) -> dict[int, sp.Expr]:
        """``node index -> product of the chance probabilities on its path``."""
        return self.reach(lambda node, k: sp.S.One)

    def reach(self, move_probability) -> dict[int, sp.Expr]:
        """``node index -> probability that play reaches it``: chance's probabilities times the players'.

        ``move_probability(node, k)`` gives the probability of the ``k``-th move at a decision
        ``node`` (return 1 to leave a player's moves out, e.g. for counterfactual weights).
        """
        out: dict[int, sp.Expr] = {0: sp.S.One}
        for n in self.nodes:
            for k, c in enumerate(n.children):
                p = n.probabilities[k] if n.is_chance else move_probability(n, k)
                out[c] = out[n.index] * p
        return out

    @cached_property
    def constant_sum(self) -> sp.Expr | None:
        """The constant ``c`` with ``sum_i u_i(z) = c`` for every play ``z``, or ``None``.

        Decided on whole plays (outcomes added along the path), not on single outcomes: antes
        booked at the root make single outcomes non-zero-sum in a zero-sum game.
        """
        totals = [sp.expand(sum(u, sp.S.Zero)) for u in set(self.payoffs.values())]
        if not totals:
            return sp.S.Zero
        first = totals[0]
        if all(t == first or sp.simplify(t - first) == 0 for t in totals[1:]):
            return first
        return None

    @cached_property
    def sum_exceptions(self) -> tuple[sp.Expr, tuple[int, ...]]:
        """``(c, terminals)``: the sum of payoffs most plays share, and the terminals whose sum differs.

        ``terminals`` is empty exactly for a constant-sum game (then ``c`` is :attr:`constant_sum`).
        When two sums are shared by equally many plays, 0 is taken if it is one of them, else the
        first in sympy's canonical order, so the answer does not depend on the order of the nodes.  A
        game whose exceptions are few (:attr:`is_almost_constant_sum`) is most likely a
        constant-sum game with a mistyped payoff.
        """
        totals = {k: sp.expand(sum(u, sp.S.Zero)) for k, u in self.payoffs.items()}
        if not totals:
            return sp.S.Zero, ()
        counts = Counter(totals.values())
        best = max(counts.values())
        tied = [v for v, n in counts.items() if n == best]
        if self.constant_sum is not None:
            return self.constant_sum, ()
        common = sp.S.Zero if sp.S.Zero in tied else min(tied, key=sp.default_sort_key)
        return common, tuple(k for k, v in totals.items() if sp.simplify(v - common) != 0)

    @property
    def is_almost_constant_sum(self) -> bool:
        """Whether the game is not constant-sum but all except at most a tenth of its plays add up to
        the same constant (at least ten plays): the mark of a mistyped payoff (see :meth:`sum_report`)."""
        _, odd = self.sum_exceptions
        return bool(odd) and 10 * len(odd) <= len(self.payoffs)

    def sum_report(self, limit: int = 3) -> str:
        """One line naming the terminals whose payoffs do not add up to the common sum.

        Example: ``"the payoffs add up to 0 at every terminal except 1 of 30: terminal node 6 (after
        'QK', opener 'check', dealer 'bet', opener 'call') where (-2, 3) adds up to 1"``.  Nodes are
        numbered in preorder from the root, 0, which is the order of a Gambit file's node lines; the
        moves on the path say which play it is.  At most ``limit`` terminals are named, with how
        many more.  Empty for a constant-sum game.
        """
        common, odd = self.sum_exceptions
        if not odd:
            return ""
        named = []
        for k in odd[:limit]:
            u = self.payoffs[k]
            moves = ", ".join(
                f"{a!r}" if p == CHANCE else f"{self.players[p]} {a!r}" for p, a in self.history(k)
            )
            shown = ", ".join(str(v) for v in u)
            named.append(
                f"terminal node {_node_name(self.nodes[k])} (after {moves or 'no move'}) where ({shown}) adds "
                f"up to {sp.expand(sum(u, sp.S.Zero))}"
            )
        more = f" and {len(odd) - limit} more" if len(odd) > limit else ""
        return (
            f"the payoffs add up to {common} at every terminal except {len(odd)} of {len(self.payoffs)}: "
            + "; ".join(named)
            + more
        )

    @property
    def is_constant_sum(self) -> bool:
        """Whether every play's payoffs add up to the same constant (zero-sum included)."""
        return self.constant_sum is not None

    @property
    def is_zero_sum(self) -> bool:
        """Whether every play's payoffs add up to zero."""
        return self.constant_sum == 0

    @property
    def is_symbolic(self) -> bool:
        """Whether a payoff or probability contains a symbol."""
        return any(v.free_symbols for v in self.numbers)

    @cached_property
    def numbers(self) -> frozenset[sp.Expr]:
        """The distinct payoffs (of outcomes) and chance probabilities, each once."""
        out: set[sp.Expr] = set()
        for n in self.nodes:
            if n.outcome is not None:
                out.update(n.outcome)
            if n.probabilities:
                out.update(n.probabilities)
        return frozenset(out)

    @cached_property
    def action_codes(self) -> tuple[int, ...]:
        """``code[i]``: the number of all actions at information sets before ``i``, so that action ``a`` at
        information set ``i`` is numbered ``code[i] + a`` (one number per (information set, action))."""
        out, total = [], 0
        for info in self.infosets:
            out.append(total)
            total += len(info.actions)
        return tuple(out)

    # ----------------------------------------------------------------- recall
    @cached_property
    def last_own_moves(self) -> tuple[tuple[int, ...], ...]:
        """For each player, for each node: his last own move before it, numbered as in
        :attr:`action_codes`, or -1 if he has not moved yet (:func:`~derive.extensive_form.recall.last_own_moves`)."""
        return recall.last_own_moves(self)

    @cached_property
    def own_sequences(self) -> tuple[dict[int, tuple[tuple[int, str], ...]], ...]:
        """For each player, ``node -> the player's own (information set, action) pairs on the path``."""
        return recall.own_sequences(self)

    @cached_property
    def perfect_recall_failure(self) -> str | None:
        """``None`` under perfect recall, else a sentence naming an information set where recall fails
        (:func:`~derive.extensive_form.recall.perfect_recall_failure`)."""
        return recall.perfect_recall_failure(self)

    @property
    def has_perfect_recall(self) -> bool:
        """Whether the game has perfect recall."""
        return self.perfect_recall_failure is None

    def require_perfect_recall(self) -> None:
        """Raise if the game lacks perfect recall.

        Raises
        ------
        ImperfectRecallError
            Naming an information set where recall fails.
        """
        failure = self.perfect_recall_failure
        if failure is not None:
            raise ImperfectRecallError(failure)

    # ----------------------------------------------------------------- checks
    def validate(self) -> None:
        """Check the structure: a tree in preorder, consistent information sets, exact chance probabilities.

        Raises
        ------
        GameModelError
            Naming the node, information set or value at fault: a node out of order, an
            information set whose nodes differ in player or actions, a chance probability that is
            a float, negative, or not summing to exactly 1, a payoff vector of the wrong length, a
            symbol not declared in ``symbols``.
        """
        n_players = len(self.players)
        if n_players < 1:
            raise GameModelError("a game needs at least one player")
        if not self.nodes:
            raise GameModelError("a game needs at least one node")
        declared = set(self.symbols)
        if self.nodes[0].parent != -1:
            raise GameModelError(f"the root (node 0) has parent {self.nodes[0].parent}, not -1")
        times_listed = Counter(c for node in self.nodes for c in node.children)
        members = [frozenset(info.nodes) for info in self.infosets]  # not a tuple search per node
        exact: set = set()  # numbers and chance distributions already checked
        for k in range(len(self.nodes)):
            if times_listed[k] != (0 if k == 0 else 1):
                raise GameModelError(
                    f"node {k} is listed as a child {times_listed[k]} times: the nodes do not form a tree"
                )
        for k, node in enumerate(self.nodes):
            if node.index != k:
                raise GameModelError(f"node {k} carries index {node.index}")
            if len(node.actions) != len(node.children):
                raise GameModelError(
                    f"node {_node_name(node)} has {len(node.children)} "
                    f"{'child' if len(node.children) == 1 else 'children'} "
                    f"but {len(node.actions)} action label{'s' if len(node.actions) != 1 else ''}"
                )
            for c in node.children:
                if not (k < c < len(self.nodes)) or self.nodes[c].parent != k:
                    raise GameModelError(f"node {_node_name(node)}: child {c} does not point back to it")
            if node.outcome is not None:
                if len(node.outcome) != n_players:
                    raise GameModelError(
                        f"node {_node_name(node)}: outcome {node.outcome} has {len(node.outcome)} "
                        f"payoff{'s' if len(node.outcome) != 1 else ''} for {n_players} "
                        f"player{'s' if n_players != 1 else ''}"
                    )
                for v in node.outcome:
                    if (type(v), v) not in exact:  # each distinct number is checked once
                        _check_exact(v, declared, f"payoff at node {_node_name(node)}")
                        exact.add((type(v), v))
            if node.is_terminal:
                if node.player is not None or node.infoset is not None or node.probabilities:
                    raise GameModelError(
                        f"terminal node {_node_name(node)} has a mover, information set or probabilities"
                    )
                continue
            if node.player == CHANCE and node.infoset is not None:
                raise GameModelError(f"chance node {_node_name(node)} has an information set")
            if node.player != CHANCE and node.probabilities:
                raise GameModelError(f"decision node {_node_name(node)} has chance probabilities")
            if len(set(node.actions)) != len(node.actions) and node.player != CHANCE:
                raise GameModelError(f"node {_node_name(node)} repeats an action label: {node.actions}")
            if node.player == CHANCE:
                key = tuple((type(p), p) for p in node.probabilities)
                if key not in exact:  # the same distribution is checked once
                    self._check_chance(node, declared)
                    exact.add(key)
            elif node.player is None or not (0 <= node.player < n_players):
                raise GameModelError(f"node {_node_name(node)}: no such player {node.player}")
            else:
                if node.infoset is None or not (0 <= node.infoset < len(self.infosets)):
                    raise GameModelError(f"decision node {_node_name(node)} has no information set")
                info = self.infosets[node.infoset]
                if info.player != node.player or k not in members[node.infoset]:
                    raise GameModelError(
                        f"node {_node_name(node)} and its information set {info.label!r} disagree"
                    )
                if info.actions != node.actions:
                    raise GameModelError(
                        f"information set {info.label!r} of player {self.players[info.player]!r}: "
                        f"its nodes offer different actions ({info.actions} and {node.actions})"
                    )
        seen: set[tuple[int, str]] = set()
        for k, info in enumerate(self.infosets):
            if info.index != k:
                raise GameModelError(f"information set {info.label!r} carries index {info.index}, not {k}")
            if not info.nodes:
                raise GameModelError(f"information set {info.label!r} has no nodes")
            if not info.actions:
                raise GameModelError(f"information set {info.label!r} has no actions")
            if (info.player, info.label) in seen:
                raise GameModelError(
                    f"two information sets of player {self.players[info.player]!r} are labelled {info.label!r}"
                )
            seen.add((info.player, info.label))
            for n in info.nodes:
                if self.nodes[n].infoset != k:
                    raise GameModelError(f"information set {info.label!r} lists node {n}, which is not in it")

    def _check_chance(self, node: Node, declared: set) -> None:
        if len(node.probabilities) != len(node.children):
            raise GameModelError(f"chance node {_node_name(node)} needs one probability per child")
        for a, p in zip(node.actions, node.probabilities):
            _check_exact(p, declared, f"probability of {a!r} at chance node {_node_name(node)}")
            if not p.free_symbols and (p < 0 or p > 1):
                raise GameModelError(
                    f"probability {p} of {a!r} at chance node {_node_name(node)} is not in [0, 1]"
                )
        total = sp.expand(sum(node.probabilities, sp.S.Zero))
        if total != 1 and sp.simplify(total - 1) != 0:
            raise GameModelError(
                f"chance probabilities at node {_node_name(node)} sum to {total}, not exactly 1"
            )

    def __repr__(self) -> str:
        if self.num_players == 1:
            kind, players = "one player against chance", "1 player"
        else:
            kind = (
                "zero-sum" if self.is_zero_sum else "constant-sum" if self.is_constant_sum else "general-sum"
            )
            players = f"{self.num_players} players"
        return (
            f"<Game {self.title!r}: {players}, {len(self.nodes)} nodes, "
            f"{len(self.infosets)} information set{'s' if len(self.infosets) != 1 else ''}, {kind}>"
        )


def _node_name(node: Node) -> str:
    return f"{node.index} ({node.label!r})" if node.label else str(node.index)


def _check_exact(value: object, declared: set, where: str) -> None:
    if not isinstance(value, sp.Expr):
        raise GameModelError(f"{where}: {value!r} is not a sympy expression")
    if value.atoms(sp.Float):
        raise GameModelError(f"{where}: {value} is a float; give an exact number")
    extra = value.free_symbols - declared
    if extra:
        names = ", ".join(sorted(str(s) for s in extra))
        raise GameModelError(f"{where}: undeclared symbol {names}")
