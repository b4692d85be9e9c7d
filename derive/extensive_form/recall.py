"""Perfect recall: each player's own moves along the tree, and where recall fails.

Perfect recall (Kuhn 1953): at all nodes of an information set, the player's own earlier information
sets and actions are the same.  These functions read a :class:`~derive.extensive_form.game.Game`'s
nodes and information sets; the game offers them as its cached properties
(:attr:`~derive.extensive_form.game.Game.last_own_moves`, ``own_sequences``,
``perfect_recall_failure``) and raises :class:`~derive.extensive_form.game.ImperfectRecallError`
from :meth:`~derive.extensive_form.game.Game.require_perfect_recall`.  The sequence form
(:mod:`derive.sequence_form.general`) reads the own moves.
"""

from __future__ import annotations

__all__ = ["last_own_moves", "own_sequences", "perfect_recall_failure"]


def last_own_moves(game) -> tuple[tuple[int, ...], ...]:
    """For each player, for each node: his last own move before it, numbered as in
    :attr:`~derive.extensive_form.game.Game.action_codes`, or -1 if he has not moved yet (one pass over
    the tree, no tuples)."""
    codes = game.action_codes
    out = []
    for p in range(game.num_players):
        last = [-1] * len(game.nodes)
        for n in game.nodes:
            if n.children:
                if n.player == p:
                    base = codes[n.infoset]
                    for a, c in enumerate(n.children):
                        last[c] = base + a
                else:
                    mine = last[n.index]
                    for c in n.children:
                        last[c] = mine
        out.append(tuple(last))
    return tuple(out)


def own_sequences(game) -> tuple[dict[int, tuple[tuple[int, str], ...]], ...]:
    """For each player, ``node -> the player's own (information set, action) pairs on the path``."""
    out: list[dict[int, tuple[tuple[int, str], ...]]] = []
    for p in range(game.num_players):
        seq: dict[int, tuple[tuple[int, str], ...]] = {0: ()}
        for n in game.nodes:
            for c, a in zip(n.children, n.actions):
                seq[c] = seq[n.index] + ((n.infoset, a),) if n.player == p else seq[n.index]
        out.append(seq)
    return tuple(out)


def perfect_recall_failure(game) -> str | None:
    """``None`` under perfect recall, else a sentence naming an information set where recall fails.

    Perfect recall (Kuhn 1953): at all nodes of an information set, the player's own earlier
    information sets and actions are the same.  (An absent-minded information set, one crossed
    twice on a play, fails this too.)
    """
    last = game.last_own_moves
    for info in game.infosets:
        mine = last[info.player]
        first = mine[info.nodes[0]]
        if all(mine[n] == first for n in info.nodes):
            # the same last own move at every node: by induction over the earlier information
            # sets (each of which passes this test too), the same own moves
            continue
        seqs = {_own_moves(game, info.player, n) for n in info.nodes}
        if len(seqs) > 1:
            a, b = sorted(seqs, key=lambda q: (len(q), q))[:2]
            return (
                f"imperfect recall at information set {info.label!r} of player "
                f"{game.players[info.player]!r}: its nodes follow different own moves "
                f"({_moves_text(game, a)} and {_moves_text(game, b)})"
            )
    return None


def _own_moves(game, player: int, node: int) -> tuple[tuple[int, str], ...]:
    """``player``'s own (information set, action) pairs on the path to ``node``."""
    out = []
    path = game.path(node)
    for n, c in zip(path, path[1:]):
        parent = game.nodes[n]
        if parent.player == player:
            out.append((parent.infoset, parent.actions[parent.children.index(c)]))
    return tuple(out)


def _moves_text(game, moves: tuple[tuple[int, str], ...]) -> str:
    if not moves:
        return "no earlier move"
    return ", ".join(f"{a!r} at {game.infosets[i].label!r}" for i, a in moves)
