r"""Each player's strategy tree in a general game's document: the figure's pages and the LaTeX that
shows them.

:func:`strategy_tree_pages` draws, for an equilibrium given as a label-keyed behaviour profile, one
page per player with :func:`derive.figures.draw_strategy_tree` (his situations as panels, set in
rows that fit the page), or says in one sentence why the trees are not drawn (a player with more
than :data:`~derive.figures.strategy_tree.MAX_STRATEGY_TREE_LEAVES` leaves: on a page of 17 cm the
labels would be unreadable).  :func:`strategy_trees_latex` writes the section that includes the
pages (``\includegraphics[page=k]``).  :func:`reported_behaviour` picks the equilibrium a
general-sum document reports first, as a behaviour profile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sympy as sp

from derive.extensive_form.game import Game
from derive.notation.latex import escape_text

__all__ = [
    "PAGE_WIDTH",
    "document_strategy_trees",
    "reported_behaviour",
    "strategy_tree_pages",
    "strategy_trees_latex",
]

#: Inches: the strategy trees' panels are set in rows no wider than this, so that a page scaled to
#: the 17 cm line keeps its labels at about two thirds of their size.
PAGE_WIDTH = 10.0


def document_strategy_trees(
    game: Game, stem: str, behaviour: Sequence[Mapping[str, Mapping[str, object]]] | None, which: str
) -> tuple[dict[str, list], str | None]:
    """What a document adds for its strategy trees: ``({"<stem>_strategy_trees.pdf": pages}, section)``.

    The pages are :func:`strategy_tree_pages`'s figures (none when the trees are not drawn; the
    section then says why), the section :func:`strategy_trees_latex`'s; ``({}, None)`` when
    ``behaviour`` is None (no equilibrium to draw).
    """
    if behaviour is None:
        return {}, None
    file = f"{stem}_strategy_trees.pdf"
    pages, note = strategy_tree_pages(game, behaviour, which)
    tex = strategy_trees_latex(game, file, [p for p, _ in pages], which, note)
    return ({file: [f for _, f in pages]} if pages else {}), tex


def strategy_tree_pages(
    game: Game, behaviour: Sequence[Mapping[str, Mapping[str, object]]], which: str
) -> tuple[list[tuple[int, object]], str | None]:
    """One strategy-tree figure per player who moves, or why none is drawn.

    Parameters
    ----------
    game : Game
        Perfect recall, any number of players.
    behaviour : sequence of mapping
        Per player ``{information-set label: {action: exact probability}}``.
    which : str
        The equilibrium in words, for the titles (``"the equilibrium"``, ``"equilibrium 1"``).

    Returns
    -------
    (list of (int, Figure), str or None)
        ``(player, figure)`` for each player with an information set, in player order; or ``[]``
        and a sentence saying why the trees are not drawn (a player past
        :data:`~derive.figures.strategy_tree.MAX_STRATEGY_TREE_LEAVES` leaves, or probabilities the
        figure cannot take, named).
    """
    from derive.figures.strategy_tree import MAX_STRATEGY_TREE_LEAVES, draw_strategy_tree, strategy_tree_size

    movers = [p for p in range(game.num_players) if game.infosets_of(p)]
    for p in movers:
        panels, leaves = strategy_tree_size(game, p)
        if leaves > MAX_STRATEGY_TREE_LEAVES:
            return [], (
                f"The strategy trees are not drawn: {game.players[p]}'s has {leaves} leaves in {panels} "
                f"situations, more than the {MAX_STRATEGY_TREE_LEAVES} that fit legibly on a page."
            )
    pages = []
    for p in movers:
        who = game.players[p] if not game.players[p].isdigit() else f"player {game.players[p]}"
        title = f"{who[:1].upper()}{who[1:]}'s strategy in {which}"
        try:
            pages.append((p, draw_strategy_tree(game, p, behaviour[p], title=title, max_width=PAGE_WIDTH)))
        except (
            ValueError
        ) as exc:  # e.g. a probability that is not exact: say so rather than fail the document
            return [], f"The strategy trees are not drawn: {exc}."
    return pages, None


def strategy_trees_latex(game: Game, file: str, players: Sequence[int], which: str, note: str | None) -> str:
    r"""The section showing the strategy trees: page ``k`` of ``file`` is player ``players[k - 1]``'s
    tree (:func:`strategy_tree_pages`), or ``note`` when they are not drawn; LaTeX lines joined."""
    out = [
        "\\section{The strategy trees}",
        f"Each player's strategy in {escape_text(which)}, drawn as his own decision tree: a panel for each "
        "situation (an information set with no own move before it), below it his later information sets, "
        "reached by his own actions, the others' and chance's moves between them left out; each edge is "
        "labelled with its behaviour probability, grey and dotted where his own earlier moves exclude it.",
    ]
    if note is not None:
        return "\n".join([*out, escape_text(note)])
    for k, _p in enumerate(players, start=1):
        out += [
            "\\begin{center}",
            f"\\includegraphics[page={k},width=\\linewidth,height=0.42\\textheight,keepaspectratio]{{{file}}}",
            "\\end{center}",
        ]
    return "\n".join(out)


def reported_behaviour(solution) -> tuple[list[dict[str, dict[str, sp.Expr]]], str] | None:
    """The equilibrium a general-sum document reports first, as a behaviour profile, and its name.

    Parameters
    ----------
    solution : GeneralSolution
        From :func:`derive.presentation.general_sum_document.solve_general`.

    Returns
    -------
    (list of dict, str) or None
        Per player ``{information-set label: {action: probability}}`` (uniform where his own moves
        exclude an information set) and ``"extreme equilibrium 1"``, ``"equilibrium 1"`` or ``"the
        member of family 1"``; None when there is no equilibrium or its member is not exact numbers.
    """
    from derive.verification.subgame_families import mixed_plans, plan_behaviour, strategy_sequences

    game, result = solution.game, solution.result
    if solution.kind == "strategic":
        if not result.extreme:
            return None
        form = result.form
        sequences = [dict(zip(form.strategies[p], form.sequences[p])) for p in (0, 1)]
        first = result.extreme[0]
        return plan_behaviour(
            game, mixed_plans(game, list(first.strategies), sequences)
        ), "extreme equilibrium 1"
    if solution.kind == "sequence":
        equilibria, _ = result
        if not equilibria:
            return None
        return [dict(s) for s in equilibria[0].strategies], "equilibrium 1"
    if solution.kind == "support":
        if not result.equilibria:
            return None
        e = result.equilibria[0]
        member = [
            {
                label: sp.sympify(x).subs(getattr(e, "witness", None) or {})
                for label, x in e.strategies[p].items()
            }
            for p in range(game.num_players)
        ]
        if not all(sp.sympify(x).is_number for s in member for x in s.values()):
            return None
        name = "equilibrium 1" if e.is_isolated else "the member of family 1 given above"
        return plan_behaviour(game, mixed_plans(game, member, strategy_sequences(game))), name
    if solution.kind == "found":
        if not result.families:
            return None
        return [dict(s) for s in result.families[0].member], "the member of family 1 given above"
    return None
