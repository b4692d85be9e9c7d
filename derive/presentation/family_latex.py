"""A family of equilibria derived from its support (any number of players) as a LaTeX fragment.

The unknowns of such a family are named by an information set and an action (``Q:xxbf>call``, from
:func:`~derive.solving.families.indifference.family_from_support`): readable in the text report of
``derive solve GAME --all``, but a label is not mathematics. Here every formula is LaTeX: each unknown
is a subscripted symbol (``p_{1}``, ``p_{2}``, ... by :class:`~derive.notation.latex.SymbolLegend`)
and a table says what each one is ("P2's probability of call at K:b"); information sets and actions
appear only in text, never inside arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy as sp

from derive.extensive_form.game import Game
from derive.notation.latex import SymbolLegend, escape_text, is_label_name

__all__ = ["parameter_meaning", "support_family_latex"]


def parameter_meaning(game: Game, symbol: sp.Symbol) -> str:
    """What the unknown ``<label>><action>`` of ``game`` is, in words: ``P2's probability of call at K:b``.

    Examples
    --------
    >>> from derive.games.registry import load_game
    >>> parameter_meaning(load_game("kuhn3"), sp.Symbol("K:b>call"))
    "P2's probability of call at K:b"
    """
    label, _, action = symbol.name.rpartition(">")
    owners = {info.player for info in game.infosets if info.label == label and action in info.actions}
    who = f"{game.players[owners.pop()]}'s probability" if len(owners) == 1 else "the probability"
    return f"{who} of {action} at {label}"


def _mixed(dist) -> bool:
    return any(sp.sympify(x) not in (sp.S.Zero, sp.S.One) for x in dist.values())


def support_family_latex(
    game: Game,
    family,
    payoffs: Sequence[sp.Expr] = (),
    legend: SymbolLegend | None = None,
) -> str:
    r"""The family as LaTeX (needs amsmath): the symbols and what each is, the payoffs, the unknowns the
    indifference equations fix, the domain and the play, with no label inside a formula.

    Parameters
    ----------
    game : Game
        The game the family is of (player names, information sets).
    family : SupportFamily
        From :func:`~derive.solving.families.indifference.family_from_support` (a ``FoundFamily``'s
        ``family``).
    payoffs : sequence of sympy.Expr, optional
        Each player's payoff in the parameters (e.g. ``check_profile_family(...).payoffs``).
    legend : SymbolLegend, optional
        Names already given (several families sharing their symbols); a new one by default. The
        family's parameters are named first, in their order, then the unknowns the equations fix.

    Returns
    -------
    str
        A fragment: paragraphs, a ``tabular`` of the symbols, ``align*`` environments.
    """
    legend = legend if legend is not None else SymbolLegend()
    for t in (*family.parameters, *family.solution):
        if is_label_name(t.name):
            legend.add(t, parameter_meaning(game, t))
    body = []
    if payoffs:
        rows = [
            f"{escape_text(game.players[p])} & ${legend.latex(sp.factor(u))}$ \\\\"
            for p, u in enumerate(payoffs)
        ]
        body += [
            "\\paragraph{Payoffs.} Each player's payoff in every member:",
            "",
            "\\begin{tabular}{@{}l@{\\quad}l@{}}",
            *rows,
            "\\end{tabular}",
        ]
    if family.solution:
        rows = [f"{legend.latex(k)} &= {legend.latex(v)}" for k, v in family.solution.items()]
        body += [
            "\\paragraph{Fixed by the indifference equations.}",
            "\\begin{align*}",
            " \\\\\n".join(rows),
            "\\end{align*}",
        ]
    if family.conditions:
        rows = [legend.latex(c) for c in family.conditions]
        body += [
            "\\paragraph{Domain.} Every member with",
            "\\begin{align*}",
            " \\\\\n".join(f"&{r}" for r in rows),
            "\\end{align*}",
            "is an equilibrium.",
        ]
    body.append("\\paragraph{Play.}")
    for p, play in enumerate(family.strategies):
        mixed = [(label, dist) for label, dist in play.items() if _mixed(dist)]
        pure = [
            (label, next(a for a, x in dist.items() if sp.sympify(x) == 1))
            for label, dist in play.items()
            if not _mixed(dist)
        ]
        lines = [
            f"\\texttt{{{escape_text(label)}}}: "
            + ", ".join(
                f"{escape_text(a)} ${legend.latex(x)}$" for a, x in dist.items() if sp.sympify(x) != 0
            )
            for label, dist in mixed
        ]
        if pure:
            lines.append(
                "always "
                + ", ".join(f"\\texttt{{{escape_text(label)}}} {escape_text(a)}" for label, a in pure)
            )
        body.append(f"\\emph{{{escape_text(game.players[p])}}}: " + "; ".join(lines) + ".\n")
    if not len(legend):
        return "\n".join(body) + "\n"
    head = [
        "\\paragraph{Symbols.} Each probability the equations leave free or fix is a symbol:",
        "",
        legend.legend_latex().rstrip("\n"),
    ]
    return "\n".join(head + body) + "\n"
