"""The extensive-form game tree of a one-card poker game.

:func:`build_tree` turns the rules (:class:`~derive.games.one_card.OneCardPoker`)
into an :class:`ExtensiveFormGame`: a chance node dealing the cards, decision
nodes grouped into information sets, and terminal nodes with exact payoffs.
It also records each player's *sequences* (Koller, Megiddo & von Stengel
1994): a sequence is the empty sequence or a pair (information set, action),
and every node carries, for each player, the last sequence of that player on
the path to it.  One-card poker has perfect recall, so each information set
has a unique parent sequence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import sympy as sp

from derive.games.one_card import PLAYER_NAMES, Action, GameDefinitionError, OneCardPoker

__all__ = [
    "ChanceNode",
    "DecisionNode",
    "ExtensiveFormGame",
    "GameTooLargeError",
    "MAX_NODES",
    "InformationSet",
    "MalformedTreeError",
    "Sequence",
    "TerminalNode",
    "build_tree",
    "deal_label",
]


class MalformedTreeError(ValueError):
    """A tree is not a well-formed zero-sum game (payoffs or chance probabilities)."""


class GameTooLargeError(GameDefinitionError):
    """The game tree would have more nodes than allowed (checked before building)."""


#: Default cap on the number of tree nodes.  Memory grows by about 1.4 GB per
#: million nodes and time by about 0.1 s per thousand (N = 52 with 6 bets:
#: 103,429 nodes, 10 s, 370 MiB); 500,000 nodes keep a solve near a minute
#: and well inside a 24 GiB machine (N = 577, one bet, 3M nodes: over 7
#: minutes and 4 GB).
MAX_NODES = 500_000


def deal_label(cards: tuple[str, str]) -> str:
    """``"QK"`` for the opener holding Q and the dealer K; ``"10-11"`` when a name is longer than one character."""
    sep = "" if all(len(c) == 1 for c in cards) else "-"
    return sep.join(cards)


def _letters(history: tuple[Action, ...]) -> str:
    return "".join(a.letter for a in history)


@dataclass(frozen=True)
class InformationSet:
    """The states a player cannot tell apart: his own card and the betting history.

    Attributes
    ----------
    player : int
        0 (opener) or 1 (dealer).
    card : str
        The player's card.
    history : tuple of Action
        The betting so far (identical at every node of the set).
    actions : tuple of Action
        Legal actions, in the order of :meth:`OneCardPoker.legal_actions`.
    """

    player: int
    card: str
    history: tuple[Action, ...]
    actions: tuple[Action, ...]

    @property
    def label(self) -> str:
        """Short label: card, then the history letters, e.g. ``"K:xb"``, ``"Q"``."""
        return f"{self.card}:{_letters(self.history)}" if self.history else self.card

    @property
    def situation_text(self) -> str:
        """Card and situation in words: ``"K"`` (opener), ``"K, checked to"`` / ``"K, bet to"`` (dealer).

        For a later information set, the card and its label's history.
        """
        if not self.history:
            return self.card
        if len(self.history) == 1:
            return f"{self.card}, {'checked to' if self.history[0] is Action.CHECK else 'bet to'}"
        return self.label

    @property
    def description(self) -> str:
        """Readable description, e.g. ``"opener holds K after check, bet"``."""
        past = ", ".join(a.value for a in self.history) or "the start"
        when = "at" if not self.history else "after"
        return f"{PLAYER_NAMES[self.player]} holds {self.card} {when} {past}"

    def __repr__(self) -> str:
        return f"InformationSet({self.player}, {self.label!r})"


@dataclass(frozen=True)
class Sequence:
    """A sequence of one player: empty, or (information set, action).

    ``plan`` names the player's own actions along the sequence, joined as the
    thesis names plans ("checkraise", "betfold"); Miao (2014) calls a maximal
    sequence a *complete strategy*.
    """

    player: int
    infoset: InformationSet | None = None
    action: Action | None = None
    own_actions: tuple[Action, ...] = field(default=(), compare=False)

    @property
    def is_empty(self) -> bool:
        """Whether this is the empty sequence."""
        return self.infoset is None

    @property
    def card(self) -> str | None:
        """The player's card (None for the empty sequence)."""
        return None if self.infoset is None else self.infoset.card

    @property
    def plan(self) -> str:
        """Own actions joined, e.g. ``"checkraise"``; ``""`` for the empty sequence."""
        return "".join(a.value for a in self.own_actions)

    @property
    def label(self) -> str:
        """``card:plan``, e.g. ``"A:checkraise"``; ``"∅"`` for the empty sequence."""
        return "∅" if self.infoset is None else f"{self.card}:{self.plan}"

    def __repr__(self) -> str:
        return f"Sequence({self.player}, {self.label!r})"


@dataclass(frozen=True)
class TerminalNode:
    """End of play.  ``payoffs`` are (opener, dealer) in chips; ``chance`` is the deal's probability."""

    cards: tuple[str, str]
    history: tuple[Action, ...]
    payoffs: tuple[sp.Expr, sp.Expr]
    chance: sp.Expr
    sequences: tuple[Sequence, Sequence]

    @property
    def label(self) -> str:
        """E.g. ``"QK:xbc"`` (``"10-11:xbc"`` when a card name is longer than one character)."""
        return f"{deal_label(self.cards)}:{_letters(self.history)}"


@dataclass(frozen=True)
class DecisionNode:
    """A decision of ``infoset.player``; ``children`` pairs each action with the next node."""

    cards: tuple[str, str]
    history: tuple[Action, ...]
    infoset: InformationSet
    children: tuple[tuple[Action, DecisionNode | TerminalNode], ...]


@dataclass(frozen=True)
class ChanceNode:
    """The deal: ``children`` are (cards, probability, subtree)."""

    children: tuple[tuple[tuple[str, str], sp.Expr, DecisionNode | TerminalNode], ...]


@dataclass(frozen=True)
class ExtensiveFormGame:
    """An extensive-form two-player zero-sum game with perfect recall.

    Attributes
    ----------
    rules : OneCardPoker
        The rules the tree was built from.
    root : ChanceNode
        The deal, followed by the betting.
    infosets : tuple of (tuple of InformationSet, tuple of InformationSet)
        Each player's information sets, by card rank then in tree order.
    sequences : tuple of (tuple of Sequence, tuple of Sequence)
        Each player's sequences, the empty sequence first.
    terminals : tuple of TerminalNode
        All terminal nodes, in tree order.
    parent_sequence : dict
        ``InformationSet -> Sequence``: the player's own last sequence before it.
    """

    rules: OneCardPoker
    root: ChanceNode
    infosets: tuple[tuple[InformationSet, ...], tuple[InformationSet, ...]]
    sequences: tuple[tuple[Sequence, ...], tuple[Sequence, ...]]
    terminals: tuple[TerminalNode, ...]
    parent_sequence: dict[InformationSet, Sequence] = field(hash=False, compare=False)

    @property
    def num_nodes(self) -> int:
        """Number of nodes: the chance node, decision nodes and terminals."""
        return 1 + self.num_decision_nodes + len(self.terminals)

    @cached_property
    def num_decision_nodes(self) -> int:
        """Number of decision nodes."""
        count = 0
        stack = [child for _, _, child in self.root.children]
        while stack:
            node = stack.pop()
            if isinstance(node, DecisionNode):
                count += 1
                stack.extend(child for _, child in node.children)
        return count

    @cached_property
    def infoset_by_label(self) -> dict[tuple[int, str], InformationSet]:
        """``(player, label) -> InformationSet``."""
        return {(i.player, i.label): i for p in (0, 1) for i in self.infosets[p]}

    def infoset(self, player: int, label: str) -> InformationSet:
        """The information set of ``player`` with ``label`` (e.g. ``"K:xb"``).

        Raises
        ------
        KeyError
            If there is no such information set; the message names it.
        """
        try:
            return self.infoset_by_label[(player, label)]
        except KeyError:
            raise KeyError(f"no information set {label!r} for the {PLAYER_NAMES[player]}") from None

    @cached_property
    def children_of(self) -> dict[Sequence, tuple[InformationSet, ...]]:
        """``Sequence -> information sets whose parent sequence it is``."""
        out: dict[Sequence, list[InformationSet]] = {}
        for p in (0, 1):
            for info in self.infosets[p]:
                out.setdefault(self.parent_sequence[info], []).append(info)
        return {k: tuple(v) for k, v in out.items()}

    def is_maximal(self, sequence: Sequence) -> bool:
        """Whether no information set follows ``sequence``: a plan ("complete strategy")."""
        return not sequence.is_empty and sequence not in self.children_of

    def situation_of(self, item: InformationSet | Sequence) -> InformationSet:
        """The *situation* of an information set or non-empty sequence.

        That is the first information set of the same player on its path: the
        opener's card, or the dealer's card with "checked to"/"bet to".
        """
        info = item.infoset if isinstance(item, Sequence) else item
        if info is None:
            raise ValueError("the empty sequence has no situation")
        while not self.parent_sequence[info].is_empty:
            parent = self.parent_sequence[info].infoset
            assert parent is not None
            info = parent
        return info

    def plans(self, player: int) -> tuple[Sequence, ...]:
        """The player's maximal sequences, i.e. the thesis's plans per card and situation."""
        return tuple(s for s in self.sequences[player] if self.is_maximal(s))

    def validate(self) -> None:
        """Check zero-sum payoffs and exact chance probabilities summing to 1.

        Raises
        ------
        MalformedTreeError
            Naming the first terminal whose payoffs do not sum to zero, or the
            chance node whose probabilities are not exact or do not sum to 1.
        """
        probs = [p for _, p, _ in self.root.children]
        if any(not (isinstance(p, sp.Rational) and 0 <= p <= 1) for p in probs):
            raise MalformedTreeError(f"chance probabilities must be exact rationals in [0, 1], got {probs}")
        if sum(probs) != 1:
            raise MalformedTreeError(f"chance probabilities sum to {sum(probs)}, not 1")
        for t in self.terminals:
            total = t.payoffs[0] + t.payoffs[1]
            if total != 0 and sp.simplify(total) != 0:
                raise MalformedTreeError(f"terminal {t.label} is not zero-sum: payoffs {t.payoffs}")


def build_tree(rules: OneCardPoker, max_nodes: int = MAX_NODES) -> ExtensiveFormGame:
    """Build the extensive-form game tree of a one-card poker game.

    The root is a chance node over the ``N (N - 1)`` ordered deals, each with
    probability ``1 / (N (N - 1))``; below each deal the betting tree of
    :meth:`OneCardPoker.legal_actions`.  Information sets group the nodes with
    the same player, own card and betting history.

    Parameters
    ----------
    rules : OneCardPoker
    max_nodes : int
        Refuse (before any work) a tree with more nodes than this.

    Returns
    -------
    ExtensiveFormGame
        With ``N (N - 1) * T`` terminals, where ``T`` is the number of terminal
        betting histories (``T = 5`` for Kuhn poker, 9 with one raise).

    Raises
    ------
    GameTooLargeError
        If ``rules.num_nodes > max_nodes``.
    MalformedTreeError
        If the built tree fails :meth:`ExtensiveFormGame.validate`.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> g = build_tree(kuhn_poker())
    >>> len(g.terminals), len(g.infosets[0]), len(g.infosets[1])
    (30, 6, 6)
    >>> [s.label for s in g.plans(0) if s.card == "A"]
    ['A:bet', 'A:checkfold', 'A:checkcall']
    """
    if rules.num_nodes > max_nodes:
        raise GameTooLargeError(
            f"{rules.name} has {rules.num_nodes:,} tree nodes, more than the limit of {max_nodes:,}"
        )
    infosets: dict[InformationSet, None] = {}
    parent: dict[InformationSet, Sequence] = {}
    seqs: tuple[dict[Sequence, None], dict[Sequence, None]] = ({}, {})
    empty = (Sequence(0), Sequence(1))
    for p in (0, 1):
        seqs[p][empty[p]] = None
    terminals: list[TerminalNode] = []

    def grow(cards, history, last, chance):
        if rules.is_terminal(history):
            u = rules.payoff(cards, history)
            node = TerminalNode(cards, history, (u, -u), chance, last)
            terminals.append(node)
            return node
        player = rules.player_to_act(history)
        info = InformationSet(player, cards[player], history, rules.legal_actions(history))
        if info not in infosets:
            infosets[info] = None
            parent[info] = last[player]
        children = []
        for action in info.actions:
            own = last[player].own_actions + (action,)
            seq = Sequence(player, info, action, own)
            seqs[player].setdefault(seq, None)
            new_last = (seq, last[1]) if player == 0 else (last[0], seq)
            children.append((action, grow(cards, history + (action,), new_last, chance)))
        return DecisionNode(cards, history, info, tuple(children))

    root = ChanceNode(tuple((cards, p, grow(cards, (), empty, p)) for cards, p in rules.deals()))

    def order(p):
        key = {c: i for i, c in enumerate(rules.deck)}
        return tuple(sorted((i for i in infosets if i.player == p), key=lambda i: key[i.card]))

    def seq_order(p, ordered_infosets):
        pos = {info: k for k, info in enumerate(ordered_infosets)}
        rest = sorted(
            (s for s in seqs[p] if not s.is_empty),
            key=lambda s: (pos[s.infoset], s.infoset.actions.index(s.action)),
        )
        return (empty[p], *rest)

    info_ordered = (order(0), order(1))
    game = ExtensiveFormGame(
        rules=rules,
        root=root,
        infosets=info_ordered,
        sequences=(seq_order(0, info_ordered[0]), seq_order(1, info_ordered[1])),
        terminals=tuple(terminals),
        parent_sequence=parent,
    )
    game.validate()
    return game
