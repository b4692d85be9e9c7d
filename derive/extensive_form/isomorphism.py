"""Are two games the same game up to names?  A match of information sets and actions, or none.

Two files of one game rarely agree on names: OpenSpiel's three-player Kuhn poker, written as a
Gambit file, numbers its information sets ``1:1, 1:2 ...``, calls every action ``Pass`` or ``Bet``
and deals the three cards one at a time (chance nodes of 4, 3 and 2 outcomes), where the built-in
``kuhn3`` labels its sets ``"K:xb"``, says check, bet, fold and call, and deals in one move of 24
outcomes.  :func:`match_games` decides whether two games are the same up to

* the names of information sets, actions and chance outcomes,
* the order of the actions at an information set (the same order at all its nodes) and of chance's
  outcomes,
* how chance's moves are split: consecutive chance nodes are merged into one, with the products of
  their probabilities,
* where payoffs are booked along a play (the sum at the end of each play is what counts),

keeping the players in their order; and if so returns which information set and action of one is
which of the other, so that a strategy, or a family found on one, can be read in the other's names.

**Method.**  Both trees (chance merged) are coloured by *colour refinement* (the 1-dimensional
Weisfeiler-Leman method): a play's end by its payoffs, a chance node by the multiset of its
(probability, child colour) pairs, a decision node by its player, the multiset of its children's
colours and the colour of its information set, an information set by the multiset of its nodes'
colours, repeated until the colours stop splitting.  Equal colours are necessary for a match, not
sufficient; the match itself is then built from the roots down, pairing children of equal colour,
with backtracking wherever several pairings are possible, each information set mapped to one set
with one permutation of its actions.  A match found is a proof (every pair was checked); None
after a complete search proves that there is none, and after :data:`MAX_STEPS` steps means only
that none was found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import CHANCE, Game

__all__ = ["GameMatch", "match_games"]

#: Largest number of search steps (pairs tried) before :func:`match_games` gives up.
MAX_STEPS = 200_000


@dataclass(frozen=True)
class GameMatch:
    """A match of game ``a`` onto game ``b`` (see the module docstring).

    Attributes
    ----------
    infosets : dict
        ``(player, label in a) -> label in b``.
    actions : dict
        ``(player, label in a) -> {action in a: action in b}``.
    """

    infosets: dict[tuple[int, str], str]
    actions: dict[tuple[int, str], dict[str, str]]

    def translate(self, strategies: Sequence[Mapping]) -> tuple[dict[str, dict[str, object]], ...]:
        """A profile given in ``a``'s names (per player ``label -> {action: probability}``) in ``b``'s.

        Raises
        ------
        KeyError
            If a label or action is not one of ``a``'s.
        """
        out = []
        for p, play in enumerate(strategies):
            mine = {}
            for label, dist in play.items():
                names = self.actions[(p, label)]
                mine[self.infosets[(p, label)]] = {names[a]: x for a, x in dist.items()}
            out.append(mine)
        return tuple(out)

    def inverse(self) -> GameMatch:
        """The match of ``b`` onto ``a``."""
        return GameMatch(
            {(p, b): a for (p, a), b in self.infosets.items()},
            {
                (p, self.infosets[(p, a)]): {y: x for x, y in acts.items()}
                for (p, a), acts in self.actions.items()
            },
        )


class _Tree:
    """A game with chance merged: kinds, children, probabilities, payoffs, information sets."""

    def __init__(self, game: Game) -> None:
        self.kind: list[str] = []
        self.children: list[tuple[int, ...]] = []
        self.probs: list[tuple[sp.Expr, ...]] = []
        self.payoff: list[tuple[sp.Expr, ...] | None] = []
        self.player: list[int] = []
        self.infoset: list[int] = []
        self.chance_prob: list[
            sp.Expr
        ] = []  # the merged probability of the edge into the node (1 after a decision)
        queue = [(0, -1, -1, sp.S.One)]  # (game node, tree parent, position, probability); parents first
        while queue:
            n, parent, position, prob = queue.pop()
            node = game.nodes[n]
            me = len(self.kind)
            if parent >= 0:
                kids = list(self.children[parent])
                kids[position] = me
                self.children[parent] = tuple(kids)
            self.chance_prob.append(prob)
            if node.is_terminal:
                self._new("T", (), (), game.payoffs[n], -1, -1)
            elif node.player == CHANCE:
                merged = _merged_chance(game, n)
                self._new("C", (-1,) * len(merged), tuple(p for p, _ in merged), None, CHANCE, -1)
                queue.extend((c, me, k, p) for k, (p, c) in enumerate(merged))
            else:
                self._new("D", (-1,) * len(node.children), (), None, node.player, node.infoset)
                queue.extend((c, me, k, sp.S.One) for k, c in enumerate(node.children))
        self.members: dict[int, list[int]] = {}
        for k, i in enumerate(self.infoset):
            if i >= 0:
                self.members.setdefault(i, []).append(k)

    def _new(self, kind, children, probs, payoff, player, infoset) -> None:
        self.kind.append(kind)
        self.children.append(children)
        self.probs.append(probs)
        self.payoff.append(payoff)
        self.player.append(player)
        self.infoset.append(infoset)


def _merged_chance(game: Game, n: int) -> list[tuple[sp.Expr, int]]:
    """``(probability, node)`` for the first non-chance nodes below chance node ``n`` (zero-probability
    branches kept: they are part of the tree)."""
    out = []
    stack = [(sp.S.One, n)]
    while stack:
        p, m = stack.pop()
        node = game.nodes[m]
        if node.player == CHANCE and node.children:
            for q, c in reversed(list(zip(node.probabilities, node.children))):
                stack.append((sp.expand(p * q), c))
        else:
            out.append((p, m))
    return out


def _colours(trees: Sequence[_Tree], rounds: int = 50) -> list[list[int]]:
    """Colour refinement over both trees at once (module docstring); colours are shared integers."""
    table: dict[tuple, int] = {}

    def intern(key: tuple) -> int:
        return table.setdefault(key, len(table))

    infoset_colour: list[dict[int, int]] = [{} for _ in trees]
    colours: list[list[int]] = [[] for _ in trees]
    classes = -1
    for _ in range(rounds):
        new: list[list[int]] = []
        for t, tree in enumerate(trees):
            colour = [0] * len(tree.kind)
            for k in reversed(range(len(tree.kind))):  # children come after their parent
                kind = tree.kind[k]
                if kind == "T":
                    colour[k] = intern(("T", tree.payoff[k]))
                elif kind == "C":
                    pairs = tuple(sorted(zip(tree.probs[k], (colour[c] for c in tree.children[k])), key=str))
                    colour[k] = intern(("C", pairs))
                else:
                    kids = tuple(sorted(colour[c] for c in tree.children[k]))
                    colour[k] = intern(
                        ("D", tree.player[k], kids, infoset_colour[t].get(tree.infoset[k], -1))
                    )
            new.append(colour)
        for t, tree in enumerate(trees):
            infoset_colour[t] = {
                i: intern(("I", tree.player[nodes[0]], tuple(sorted(new[t][k] for k in nodes))))
                for i, nodes in tree.members.items()
            }
        count = len({c for colour in new for c in colour})
        colours = new
        if count == classes:
            break
        classes = count
    return colours


def match_games(a: Game, b: Game, *, max_steps: int = MAX_STEPS) -> GameMatch | None:
    """Whether ``a`` and ``b`` are the same game up to names (module docstring), and how.

    Parameters
    ----------
    a, b : Game
    max_steps : int
        Search steps allowed (see the module docstring).

    Returns
    -------
    GameMatch or None
        The information sets and actions of ``a`` named in ``b``; None if no match was found.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> match_games(matching_pennies(), matching_pennies()).infosets
    {(0, 'coin'): 'coin', (1, 'guess'): 'guess'}
    """
    if a.num_players != b.num_players or len(a.infosets) != len(b.infosets) or len(a.terminals) < 1:
        return None
    ta, tb = _Tree(a), _Tree(b)
    ca, cb = _colours([ta, tb])
    if ca[0] != cb[0] or sorted(ca) != sorted(cb):
        return None
    mapped: dict[int, tuple[int, tuple[int, ...]]] = {}  # a's information set -> (b's, permutation)
    used: set[int] = set()
    trail: list[int] = []  # a's information sets mapped, in order (undone on backtracking)
    steps = 0

    def options(task):
        """The ways to do one task: each a list of new tasks, after recording a mapping (or None)."""
        if task[0] == "C":
            _, left, right = task
            if not left:
                return [(None, [])]
            first, rest = left[0], left[1:]
            out = []
            for j, m in enumerate(right):
                if cb[m] == ca[first] and ta.chance_prob[first] == tb.chance_prob[m]:
                    out.append((None, [("N", first, m), ("C", rest, right[:j] + right[j + 1 :])]))
            return out
        _, x, y = task
        if ca[x] != cb[y]:
            return []
        kind = ta.kind[x]
        if kind == "T":
            return [(None, [])]
        if kind == "C":
            return [(None, [("C", ta.children[x], tb.children[y])])]
        i, j = ta.infoset[x], tb.infoset[y]
        kids_a, kids_b = ta.children[x], tb.children[y]
        if i in mapped:
            target, perm = mapped[i]
            if target != j:
                return []
            if any(ca[kids_a[k]] != cb[kids_b[perm[k]]] for k in range(len(kids_a))):
                return []
            return [(None, [("N", kids_a[k], kids_b[perm[k]]) for k in range(len(kids_a))])]
        if j in used or ta.player[x] != tb.player[y]:
            return []
        out = []
        for perm in _permutations([ca[c] for c in kids_a], [cb[c] for c in kids_b]):
            out.append(((i, j, perm), [("N", kids_a[k], kids_b[perm[k]]) for k in range(len(kids_a))]))
        return out

    # depth-first search with choice points: (tasks left, remaining options, trail length)
    tasks: list = [("N", 0, 0)]
    stack: list = []
    while True:
        steps += 1
        if steps > max_steps:
            return None
        if not tasks:
            break
        task = tasks[-1]
        choices = options(task)
        if len(choices) == 1 and choices[0][0] is None:
            tasks = tasks[:-1] + list(reversed(choices[0][1]))
            continue
        stack.append((tasks[:-1], iter(choices), len(trail)))
        tasks = None
        while tasks is None:
            if not stack:
                return None
            rest, remaining, length = stack[-1]
            while len(trail) > length:
                used.discard(mapped.pop(trail.pop())[0])
            choice = next(remaining, None)
            if choice is None:
                stack.pop()
                continue
            record, new = choice
            if record is not None:
                i, j, perm = record
                mapped[i] = (j, perm)
                used.add(j)
                trail.append(i)
            tasks = rest + list(reversed(new))
    if len(mapped) != len(a.infosets):
        return None
    infosets, actions = {}, {}
    for i, (j, perm) in mapped.items():
        ia, ib = a.infosets[i], b.infosets[j]
        infosets[(ia.player, ia.label)] = ib.label
        actions[(ia.player, ia.label)] = {ia.actions[k]: ib.actions[perm[k]] for k in range(len(ia.actions))}
    return GameMatch(infosets, actions)


def _permutations(mine: list[int], theirs: list[int]):
    """Permutations ``perm`` with ``theirs[perm[k]] == mine[k]`` for every ``k`` (built position by
    position among the unused ones of equal colour)."""
    if sorted(mine) != sorted(theirs):
        return

    def extend(prefix: tuple[int, ...]):
        k = len(prefix)
        if k == len(mine):
            yield prefix
            return
        for j, c in enumerate(theirs):
            if c == mine[k] and j not in prefix:
                yield from extend(prefix + (j,))

    yield from extend(())
