"""One-card poker's game in poker words: cards, betting histories, sequences and plans.

:func:`build_tree` builds the one game model, a :class:`~derive.extensive_form.game.Game`
(:func:`derive.games.one_card.to_extensive_form`: a chance node dealing the cards, decision
nodes grouped into information sets, terminal nodes with exact payoffs), and reads off it, in one
walk, the words the thesis's derivation uses: an information set's card and betting history, each
player's *sequences* (Koller, Megiddo & von Stengel 1994: the empty sequence or a pair
(information set, action), named by the player's own actions, ``"A:checkraise"``), and for every
terminal the last sequence of each player on the path to it. One-card poker has perfect recall, so
each information set has a unique parent sequence. The result, :class:`ExtensiveFormGame`, holds
the ``Game`` and these labels; it has no tree of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import sympy as sp

from derive.extensive_form.game import Game
from derive.games.one_card import PLAYER_NAMES, Action, GameDefinitionError, OneCardPoker

__all__ = [
    "Deal",
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
    """End of play, read off a terminal node of the :class:`~derive.extensive_form.game.Game`.

    ``payoffs`` are (opener, dealer) in chips; ``chance`` is the deal's probability; ``node`` is the
    node's index in ``ExtensiveFormGame.game.nodes``.
    """

    cards: tuple[str, str]
    history: tuple[Action, ...]
    payoffs: tuple[sp.Expr, sp.Expr]
    chance: sp.Expr
    sequences: tuple[Sequence, Sequence]
    node: int = field(default=-1, compare=False)

    @property
    def label(self) -> str:
        """E.g. ``"QK:xbc"`` (``"10-11:xbc"`` when a card name is longer than one character)."""
        return f"{deal_label(self.cards)}:{_letters(self.history)}"


@dataclass(frozen=True)
class Deal:
    """One move of chance at the root: the cards dealt, its probability and the node it leads to."""

    cards: tuple[str, str]
    probability: sp.Expr
    node: int


@dataclass(frozen=True)
class ExtensiveFormGame:
    """One-card poker's poker words read off its :class:`~derive.extensive_form.game.Game`.

    The tree is ``game``, the general model built by :func:`derive.games.one_card.to_extensive_form`;
    this object adds the thesis's vocabulary to it: information sets with a card and a betting history,
    sequences named by the player's own actions (``"A:checkraise"``), plans per situation, terminals with
    their deal. Nothing here is a second tree: a walk goes over ``game.nodes`` (:meth:`moves`,
    :meth:`infoset_at`).

    Attributes
    ----------
    rules : OneCardPoker
        The rules the game was built from.
    game : Game
        The extensive-form game (chance deals, then the betting).
    deals : tuple of Deal
        The root's moves, in the order of :meth:`OneCardPoker.deals`.
    infosets : tuple of (tuple of InformationSet, tuple of InformationSet)
        Each player's information sets, by card rank then in tree order.
    sequences : tuple of (tuple of Sequence, tuple of Sequence)
        Each player's sequences, the empty sequence first.
    terminals : tuple of TerminalNode
        All terminal nodes, in tree order.
    parent_sequence : dict
        ``InformationSet -> Sequence``: the player's own last sequence before it.
    by_game_infoset : tuple of InformationSet
        ``by_game_infoset[k]`` is the information set ``game.infosets[k]``, in poker words.
    """

    rules: OneCardPoker
    game: Game = field(hash=False, compare=False, repr=False)
    deals: tuple[Deal, ...] = field(hash=False, compare=False, repr=False)
    infosets: tuple[tuple[InformationSet, ...], tuple[InformationSet, ...]]
    sequences: tuple[tuple[Sequence, ...], tuple[Sequence, ...]]
    terminals: tuple[TerminalNode, ...]
    parent_sequence: dict[InformationSet, Sequence] = field(hash=False, compare=False)
    by_game_infoset: tuple[InformationSet, ...] = field(hash=False, compare=False, repr=False)

    @property
    def num_nodes(self) -> int:
        """Number of nodes: the chance node, decision nodes and terminals."""
        return len(self.game.nodes)

    @cached_property
    def num_decision_nodes(self) -> int:
        """Number of decision nodes."""
        return sum(1 for n in self.game.nodes if n.children and not n.is_chance)

    def infoset_at(self, node: int) -> InformationSet:
        """The information set, in poker words, of the decision node ``game.nodes[node]``."""
        return self.by_game_infoset[self.game.nodes[node].infoset]

    def moves(self, node: int) -> tuple[tuple[Action, int], ...]:
        """``(action, child node)`` at the decision node ``game.nodes[node]``, in the legal order."""
        n = self.game.nodes[node]
        return tuple(zip(self.by_game_infoset[n.infoset].actions, n.children))

    @cached_property
    def terminal_at(self) -> dict[int, TerminalNode]:
        """``game node index -> TerminalNode``."""
        return {t.node: t for t in self.terminals}

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

    @cached_property
    def plan_by_label(self) -> dict[tuple[int, str], Sequence]:
        """``(player, label) -> plan`` (maximal sequence): ``"K:betfold"``, card then plan name.

        The general plan form labels the same plans alike (:attr:`derive.sequence_form.plans.Plan.label`,
        by the builder's ``metadata["plan_label_situations"]``).
        """
        return {(p, s.label): s for p in (0, 1) for s in self.plans(p)}

    def plan_of(self, item: Sequence | tuple[int, str] | object) -> Sequence:
        """The tree's plan for a plan given as a Sequence, a ``(player, label)`` pair or a general plan.

        A general plan is anything with ``.player`` and ``.label``, such as
        :class:`derive.sequence_form.plans.Plan` (``label`` ``"K:betfold"``) from the dominance of
        :func:`derive.dominance.plans.dominated_plans` on ``self.game``; it is the tree's plan with the
        same player and label (:attr:`plan_by_label`).

        Raises
        ------
        KeyError
            If there is no such plan (naming label and player).
        TypeError
            If ``item`` is none of these.
        """
        if isinstance(item, Sequence):
            return item
        if isinstance(item, tuple) and len(item) == 2:
            player, label = item
        elif hasattr(item, "player") and hasattr(item, "label"):
            player, label = item.player, item.label  # type: ignore[attr-defined]
        else:
            raise TypeError(f"not a plan: {item!r}; give a Sequence, (player, label) or a Plan")
        try:
            return self.plan_by_label[(int(player), str(label))]
        except (KeyError, ValueError, IndexError):
            raise KeyError(f"no plan {label!r} of player {player!r}") from None

    def validate(self) -> None:
        """Check zero-sum payoffs and exact chance probabilities summing to 1.

        Raises
        ------
        MalformedTreeError
            Naming the first terminal whose payoffs do not sum to zero, or the
            chance node whose probabilities are not exact or do not sum to 1.
        """
        probs = [d.probability for d in self.deals]
        if any(not (isinstance(p, sp.Rational) and 0 <= p <= 1) for p in probs):
            raise MalformedTreeError(f"chance probabilities must be exact rationals in [0, 1], got {probs}")
        if sum(probs) != 1:
            raise MalformedTreeError(f"chance probabilities sum to {sum(probs)}, not 1")
        for t in self.terminals:
            total = t.payoffs[0] + t.payoffs[1]
            if total != 0 and sp.simplify(total) != 0:
                raise MalformedTreeError(f"terminal {t.label} is not zero-sum: payoffs {t.payoffs}")


def build_tree(rules: OneCardPoker, max_nodes: int = MAX_NODES) -> ExtensiveFormGame:
    """Build the extensive-form game of a one-card poker game, with its poker words.

    The game is :func:`derive.games.one_card.to_extensive_form` of the rules: the root is a chance
    node over the ``N (N - 1)`` ordered deals, each with probability ``1 / (N (N - 1))``; below each
    deal the betting tree of :meth:`OneCardPoker.legal_actions`; information sets group the nodes
    with the same player, own card and betting history. One walk over its nodes reads off the cards,
    histories, sequences (Koller, Megiddo & von Stengel 1994) and terminals.

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
    >>> g.game
    <Game 'Kuhn poker': 2 players, 55 nodes, 12 information sets, zero-sum>
    """
    from derive.games.one_card import to_extensive_form

    if rules.num_nodes > max_nodes:
        raise GameTooLargeError(
            f"{rules.name} has {rules.num_nodes:,} tree nodes, more than the limit of {max_nodes:,}"
        )
    game = to_extensive_form(rules)
    nodes = game.nodes
    root = nodes[0]
    deals = tuple(
        Deal(cards, p, child)
        for (cards, _), p, child in zip(rules.deals(), root.probabilities, root.children)
    )
    by_index: dict[int, InformationSet] = {}
    parent: dict[InformationSet, Sequence] = {}
    seqs: tuple[dict[Sequence, None], dict[Sequence, None]] = ({}, {})
    empty = (Sequence(0), Sequence(1))
    for p in (0, 1):
        seqs[p][empty[p]] = None
    terminals: list[TerminalNode] = []
    for deal in deals:
        stack = [(deal.node, (), empty)]
        while stack:
            k, history, last = stack.pop()
            node = nodes[k]
            if not node.children:
                assert node.outcome is not None
                terminals.append(
                    TerminalNode(deal.cards, history, tuple(node.outcome), deal.probability, last, k)
                )
                continue
            info = by_index.get(node.infoset)
            if info is None:
                actions = tuple(Action(a) for a in node.actions)
                info = by_index[node.infoset] = InformationSet(
                    node.player, deal.cards[node.player], history, actions
                )
                parent[info] = last[node.player]
            pushed = []
            for action, child in zip(info.actions, node.children):
                own = last[info.player].own_actions + (action,)
                seq = Sequence(info.player, info, action, own)
                seqs[info.player].setdefault(seq, None)
                new_last = (seq, last[1]) if info.player == 0 else (last[0], seq)
                pushed.append((child, history + (action,), new_last))
            stack.extend(reversed(pushed))  # preorder: the first action's subtree first

    def order(p):
        key = {c: i for i, c in enumerate(rules.deck)}
        return tuple(sorted((i for i in by_index.values() if i.player == p), key=lambda i: key[i.card]))

    def seq_order(p, ordered_infosets):
        pos = {info: k for k, info in enumerate(ordered_infosets)}
        rest = sorted(
            (s for s in seqs[p] if not s.is_empty),
            key=lambda s: (pos[s.infoset], s.infoset.actions.index(s.action)),
        )
        return (empty[p], *rest)

    info_ordered = (order(0), order(1))
    tree = ExtensiveFormGame(
        rules=rules,
        game=game,
        deals=deals,
        infosets=info_ordered,
        sequences=(seq_order(0, info_ordered[0]), seq_order(1, info_ordered[1])),
        terminals=tuple(terminals),
        parent_sequence=parent,
        by_game_infoset=tuple(by_index[k] for k in range(len(game.infosets))),
    )
    tree.validate()
    return tree
