"""A part of a game tree to draw: the subtree after a card, or below an information set.

``derive draw kuhn --subtree K`` draws Kuhn poker given that the opener holds the king: the deals
``KQ`` and ``KA``, each with its conditional probability 1/2.  ``--subtree K:xb`` draws what follows
the information set ``K:xb`` (the opener holding the king, facing a bet after checking), one branch
per node of the set.  Labels, information sets and payoffs are those of the whole game, so an
equilibrium of the whole game labels the part as it labels the whole.

Examples
--------
>>> from derive.games.registry import load_game
>>> part = subtree_game(load_game("kuhn"), "K")
>>> part.nodes[0].actions, [str(p) for p in part.nodes[0].probabilities], len(part.terminals)
(('KQ', 'KA'), ['1/2', '1/2'], 10)
>>> len(subtree_game(load_game("kuhn"), "K:xb").terminals)
4
"""

from __future__ import annotations

import sympy as sp

from derive.extensive_form.game import CHANCE, Game, GameModelError

__all__ = ["subtree_game"]


def subtree_game(game: Game, part: str) -> Game:
    """The part of ``game`` named by ``part``, as a game of its own (for drawing).

    Parameters
    ----------
    game : Game
    part : str
        An information-set label (the subtrees below its nodes), a chance action at the root (the
        subtree after it), or a card: the root's chance actions whose label starts with it or has
        it as a word (``K`` in Kuhn poker is the deals ``KQ`` and ``KA``; ``J`` in Leduc hold'em is
        ``opener J``).

    Returns
    -------
    Game
        Rooted at the one node named, or at a chance node over the nodes named, each with the
        chance probability of reaching it divided by their total (the conditional probability).

    Raises
    ------
    GameModelError
        If ``part`` names nothing in the game (one line listing what it could name).
    """
    roots = _roots(game, part)
    if not roots:
        chance_actions = list(game.nodes[0].actions) if game.nodes[0].player == CHANCE else []
        examples = ", ".join(repr(a) for a in (chance_actions + [i.label for i in game.infosets])[:8])
        raise GameModelError(
            f"{part!r} is neither a card, a chance action at the root nor an information set of "
            f"{game.title or 'the game'} (e.g. {examples})"
        )
    from derive.extensive_form.build import chance, decision, extensive_form, payoff

    def build(i: int):
        node = game.nodes[i]
        if node.is_terminal:
            return payoff(*game.payoffs[i], outcome_label=node.outcome_label)
        if node.player == CHANCE:
            return chance(
                {a: (p, build(c)) for a, p, c in zip(node.actions, node.probabilities, node.children)}
            )
        info = game.infosets[node.infoset]
        return decision(node.player, info.label, {a: build(c) for a, c in zip(node.actions, node.children)})

    if len(roots) == 1:
        tree = build(roots[0])
    else:
        reach = [_chance_reach(game, r) for r in roots]
        total = sp.Add(*reach)
        names: dict[str, int] = {}
        branches = {}
        for r, weight in zip(roots, reach):
            name = _path_name(game, r)
            if name in names:
                name = f"{name} (node {r})"
            names[name] = r
            branches[name] = (
                sp.nsimplify(weight / total) if total != 0 else sp.Rational(1, len(roots)),
                build(r),
            )
        tree = chance(branches)
    title = f"{game.title or 'game'}, {part}"
    return extensive_form(list(game.players), tree, title=title, symbols=game.symbols)


def _roots(game: Game, part: str) -> list[int]:
    infosets = [i for i in game.infosets if i.label == part]
    if infosets:
        return sorted(n for i in infosets for n in i.nodes)
    root = game.nodes[0]
    if root.player != CHANCE:
        return []
    exact = [c for a, c in zip(root.actions, root.children) if a == part]
    if exact:
        return exact
    return [
        c
        for a, c in zip(root.actions, root.children)
        if a.startswith(part) or part in a.replace(":", " ").split()
    ]


def _chance_reach(game: Game, index: int) -> sp.Expr:
    weight = sp.S.One
    node = game.nodes[index]
    while node.parent >= 0:
        parent = game.nodes[node.parent]
        if parent.player == CHANCE:
            weight *= parent.probabilities[parent.children.index(node.index)]
        node = parent
    return weight


def _path_name(game: Game, index: int) -> str:
    """The chance actions on the way to ``index``, e.g. ``"KQ"`` (or the last action, if chance made none)."""
    moves = []
    node = game.nodes[index]
    last = None
    while node.parent >= 0:
        parent = game.nodes[node.parent]
        action = parent.actions[parent.children.index(node.index)]
        if parent.player == CHANCE:
            moves.append(action)
        elif last is None:
            last = action
        node = parent
    return " ".join(reversed(moves)) or last or str(index)
