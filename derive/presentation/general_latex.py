r"""LaTeX of the derivation of any two-player constant-sum game: fragments and a standalone document.

The fragments follow the derivation of :mod:`derive.solving.zero_sum.sequence_form_lp` step by
step: the sequences and the constraints ``E x = e`` of each player's realization
plan, the bilinear payoff ``x^T A y`` collected by the opponent's sequences (so
that each coefficient is what the opponent compares), the value, and for each
player the indifference equations that were solved, the optimal set as an
affine family with its range and its vertices.  Plan variables print as
``x_{\text{K:bet}}`` (player 1's ``x``, player 2's ``y``); the opponent's values at
his information sets as ``v_{\text{J}}``.  Labels are escaped, so any Gambit label
compiles.  Output is deterministic.
"""

from __future__ import annotations

import re

import sympy as sp

from derive.dominance.choices import ChoiceDominanceResult
from derive.dominance.plans import PlanDominanceResult
from derive.extensive_form.game import Game
from derive.notation.latex import escape_sentence, escape_text, to_latex
from derive.presentation.choice_latex import choice_dominance_latex, choice_values_latex, plan_counts_latex
from derive.presentation.game_summary import in_situation_order
from derive.presentation.plan_latex import (
    MAX_ROWS,
    dominance_latex,
    plan_payoff_latex,
    plan_values_latex,
    plans_latex,
)
from derive.sequence_form.general import GameSequenceForm, game_sequence_form, plan_symbol_name
from derive.sequence_form.plans import GamePlanForm
from derive.solving.zero_sum.sequence_form_lp import OptimalSet, ZeroSumSolution

#: Trees with more leaves than this are not drawn in the document (a sentence gives the count).
MAX_FIGURE_LEAVES = 200

__all__ = [
    "bilinear_payoff_latex",
    "derivation_document",
    "escape_text",
    "plain_comment",
    "optimal_set_latex",
    "realization_constraints_latex",
    "to_latex",
]


def realization_constraints_latex(sf: GameSequenceForm, player: int, max_rows: int | None = None) -> str:
    """``E x = e`` of ``player`` as an ``align*``: the empty sequence has realization 1, and at each
    information set the actions' realizations add up to that of its parent sequence.

    With ``max_rows``, only the first ``max_rows`` information sets are written, followed by a
    sentence giving how many are left out."""
    syms = sf.plan_symbols(player)
    rows = [f"{to_latex(syms[0])} &= 1"]
    infosets = sf.game.infosets_of(player)
    shown = infosets if max_rows is None else infosets[:max_rows]
    for info in shown:
        parts = " + ".join(
            to_latex(syms[sf.index[player][(info.index, a)]]) for a in range(len(info.actions))
        )
        rows.append(f"{parts} &= {to_latex(syms[sf.parent[info.index]])}")
    text = "\\begin{align*}\n" + " \\\\\n".join(rows) + "\n\\end{align*}"
    return text + _cut_note(len(shown), len(infosets), "information sets")


def _cut_note(shown: int, total: int, what: str) -> str:
    if shown >= total:
        return ""
    return f"\n\\noindent (Cut: {shown} of {total} {what} shown; {total - shown} more are not printed.)\\par"


def bilinear_payoff_latex(sf: GameSequenceForm, by_player: int = 1, max_rows: int | None = None) -> str:
    """``U_1 = x^T A y`` (player 1's expected payoff), collected by ``by_player``'s plan variables, as an ``align*``.

    Each line is one sequence of ``by_player`` times its coefficient, the payoff that sequence
    collects against the other player's plan: what the indifference equations compare.  With
    ``max_rows``, only the first ``max_rows`` lines are written, followed by a sentence giving how
    many are left out (``\\dots`` ends the cut sum).
    """
    u = sf.bilinear_payoff(0)
    own = [s for s in sf.plan_symbols(by_player)[1:]]
    collected = sp.collect(u, own, evaluate=False)
    lines = []
    for s in own:
        if s in collected:
            sign = "+ " if lines else ""
            parts = _broken_sum(to_latex(collected[s]))
            if len(parts) == 1:
                lines.append(f"&{sign}{to_latex(s)} \\left({parts[0]}\\right)")
            else:  # a long coefficient runs on over several lines (\left ... \right cannot break)
                lines.append(f"&{sign}{to_latex(s)} \\Bigl({parts[0]}")
                lines += [f"&\\qquad {part}" for part in parts[1:-1]]
                lines.append(f"&\\qquad {parts[-1]}\\Bigr)")
    rest = collected.get(sp.S.One, sp.S.Zero)
    if rest != 0:
        text = to_latex(rest)  # a sum's own leading minus, if any, is its sign: never negate a whole sum
        lines.append(f"&{text}" if not lines or text.startswith("-") else f"&+ {text}")
    if not lines:
        lines = ["&0"]
    total = len(lines)
    if max_rows is not None and total > max_rows:
        lines = lines[:max_rows] + ["&+ \\dots"]
    # "= {}" keeps the space after "=" when the alignment mark follows it (else it reads "U_1 =y")
    text = "\\begin{align*}\nU_1 = {}" + " \\\\\n".join(lines) + "\n\\end{align*}"
    return text + _cut_note(min(total, max_rows or total), total, "terms")


def optimal_set_latex(game: Game, s: OptimalSet) -> str:
    """One player's optimal set: the indifference equations, the family, its range and vertices."""
    name = escape_text(game.players[s.player])
    them = escape_text(game.players[1 - s.player])
    parts = [
        f"\\paragraph{{{name}.}} Write $v_J$ for what {name} secures at an information set $J$ of {them} "
        f"that an optimal strategy of {them} reaches: {name}'s payoff from there on when {them} replies as "
        f"well as {them} can. Each action {them} uses at $J$ must leave {name} exactly $v_J$ (indifference), "
        f"and from the start {name} must secure the value:"
    ]
    # each used action's equation; two that read the same once unused sequences are 0 are shown once
    eqs = list(dict.fromkeys(f"{to_latex(e.lhs)} &= {to_latex(e.rhs)}" for e in s.conditions))
    parts.append("\\begin{align*}\n" + " \\\\\n".join(eqs) + "\n\\end{align*}")
    if s.dimension == 0:
        parts.append(f"Their solution is unique: {name}'s optimal realization plan is")
    else:
        params = ", ".join(f"${to_latex(p)}$" for p in s.parameters)
        meaning = "; ".join(
            f"${to_latex(p)} = {to_latex(sp.Symbol(plan_symbol_name(s.player, label)))}$, the probability that "
            f"{name}'s own moves follow \\texttt{{{escape_text(label)}}}"
            for p, label in s.named
        )
        named = f" (the parameter{'s' if len(s.named) > 1 else ''} you named: {meaning})" if s.named else ""
        parts.append(f"Their solutions form a family of dimension {s.dimension} in {params}{named}:")
    rows = [
        f"{to_latex(sp.Symbol(plan_symbol_name(s.player, k)))} &= {to_latex(v)}"
        for k, v in s.plan.items()
        if k != "∅" and v != 0
    ]
    parts.append("\\begin{align*}\n" + " \\\\\n".join(rows) + "\n\\end{align*}")
    unused = [k for k, v in s.plan.items() if v == 0]
    if unused:
        parts.append(
            "No optimal strategy plays " + ", ".join(f"\\texttt{{{escape_text(k)}}}" for k in unused) + "."
        )
    if s.dimension:
        cons = ", \\quad ".join(to_latex(c) for c in s.constraints)
        parts.append(
            f"The range, where no deviation of the opponent pays and all probabilities are "
            f"non-negative: \\[ {cons} \\]"
        )
        verts = "; ".join(
            "$" + ", ".join(f"{to_latex(k)} = {to_latex(v)}" for k, v in p.items()) + "$" for p in s.vertices
        )
        parts.append(f"Its {len(s.vertices)} vertices: {verts}.")
    return "\n\n".join(parts)


#: Characters of a formula's visible text that fit one line of the document (11pt, 17 cm), roughly.
LINE_CHARS = 72


def visible_length(latex: str) -> int:
    """A rough width of a LaTeX formula in characters: its text without commands, braces and spaces."""
    return len(re.sub(r"\\[A-Za-z]+|[{}\s^_]", "", latex))


def _broken_sum(latex: str, width: int = LINE_CHARS - 10) -> list[str]:
    """``latex`` split at its top-level ``+`` and ``-`` signs into parts of about ``width`` visible
    characters (one part when it fits)."""
    if visible_length(latex) <= width:
        return [latex]
    cuts, depth = [], 0
    for k, ch in enumerate(latex):
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif depth == 0 and k > 0 and latex[k - 1] == " " and ch in "+-" and latex[k + 1 : k + 2] == " ":
            cuts.append(k)
    parts, start, last = [], 0, 0
    for k in cuts:
        if visible_length(latex[start:k]) > width and last > start:
            parts.append(latex[start:last].rstrip())
            start = last
        last = k
    parts.append(latex[start:].rstrip())
    return parts


def plain_comment(comment: str, limit: int = 200) -> str:
    """A game's comment as one line of plain text for a document, or ``""`` if it is longer than ``limit``.

    Runs of whitespace (a Gambit file's comment keeps its newlines) become one space, a final period
    is dropped (the document adds one), and reStructuredText roles such as Gambit's catalog uses,
    ``:cite:p:`Rei2008```, are reduced to their text (``Rei2008``).

    >>> plain_comment("A game used in :cite:p:`Rei2008` as an exercise.\\n\\nSee also :cite:p:`Mye91`")
    'A game used in Rei2008 as an exercise. See also Mye91'
    """
    text = re.sub(r"(?::[A-Za-z]+)+:`([^`]*)`", r"\1", comment or "")
    text = " ".join(text.split()).rstrip(".")
    return text if len(text) < limit else ""


def _kind_sentence(game: Game) -> str:
    """How the payoffs add up: zero-sum, constant-sum, almost constant-sum (solved as general-sum on request) or general-sum."""
    if game.is_zero_sum:
        return "zero-sum."
    if game.is_constant_sum:
        return f"constant-sum (the payoffs add up to ${to_latex(game.constant_sum)}$)."
    if game.is_almost_constant_sum:
        return f"general-sum; almost constant-sum ({escape_text(game.sum_report())}), solved as general-sum on request."
    return "general-sum: the players' payoffs do not add up to the same number at every terminal."


def _players_sentence(game: Game) -> str:
    """``"Three players, P1 (player 1), P2 (player 2) and P3 (player 3)"``."""
    names = [f"{escape_text(p)} (player {k + 1})" for k, p in enumerate(game.players)]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    count = {2: "Two", 3: "Three", 4: "Four"}.get(game.num_players, str(game.num_players))
    return f"{count} players, {joined}"


def document_head(game: Game, figure: str | None, tikz: str | None) -> list[str]:
    """The document's head and its first section, the game: players, size, how the payoffs add up, the
    source and the tree (a TikZ picture, else the figure ``figure`` beside the document, or a sentence
    saying the tree is too large to draw); one list of LaTeX lines, for any number of players."""
    title = escape_text(game.title or "A game")
    comment = plain_comment(game.comment)
    out = [
        "\\documentclass[11pt]{article}",
        "\\usepackage[margin=2.2cm]{geometry}",
        "\\usepackage{amsmath,amssymb,array,graphicx,booktabs,longtable,tikz}",
        "\\allowdisplaybreaks",
        f"\\title{{{title}: a derivation}}",
        "\\author{generated by \\texttt{derive}}",
        "\\date{}",
        "\\begin{document}",
        "\\maketitle",
        "\\section{The game}",
        f"{_players_sentence(game)}; {len(game.nodes)} nodes, {len(game.infosets)} information sets; "
        + _kind_sentence(game)
        + (f" Source: {escape_text(comment)}." if comment else ""),
    ]
    if tikz:
        shrink = "\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi"
        out += ["\\begin{center}", f"\\resizebox{{{shrink}}}{{!}}{{%", tikz, "}", "\\end{center}"]
    elif figure and len(game.terminals) > MAX_FIGURE_LEAVES:
        out.append(
            f"The tree has {len(game.terminals)} leaves, too many to draw legibly on a page "
            f"(the figure {escape_text(figure)} beside this document shows its shape)."
        )
    elif figure:
        out += [
            "\\begin{center}",
            f"\\includegraphics[width=\\linewidth,height=0.45\\textheight,keepaspectratio]{{{figure}}}",
            "\\end{center}",
        ]
    return out


def derivation_document(
    solution: ZeroSumSolution,
    figure: str | None = None,
    *,
    plan_form: GamePlanForm | None = None,
    dominance: PlanDominanceResult | None = None,
    plan_note: str | None = None,
    choices: ChoiceDominanceResult | None = None,
    tikz: str | None = None,
    families_note: str | None = None,
    max_rows: int = MAX_ROWS,
    strategy_trees: str | None = None,
) -> str:
    """A standalone LaTeX article deriving ``solution``'s game step by step (compiles with pdflatex).

    Sections: the game (players, size, the tree as TikZ if ``tikz`` is given, else the figure if
    ``figure`` names a PDF beside the document), the plans in each situation and the dominated
    plans with reasons (when ``plan_form`` and ``dominance`` are given; ``plan_note`` says why
    they are not, e.g. too many plans; then, with ``choices``, the plans counted per situation and
    the dominated choices at last decisions), the sequence form, the bilinear payoff, the value and an
    equilibrium, the optimal sets (when ``solution`` has them), every plan's value against the
    opponent's optimal strategy per situation (or, with ``choices``, every choice's value at every
    information set), and what was certified (``families_note`` says why
    the optimal sets were not derived, when they were not).  Long tables, constraint lists and sums
    are cut at ``max_rows`` rows with the totals stated.  ``strategy_trees`` (the section of
    :func:`~derive.presentation.strategy_trees.strategy_trees_latex`) follows the equilibrium.
    """
    game = solution.game
    sf = game_sequence_form(game)
    p0, p1 = (escape_text(p) for p in game.players)
    cap0 = p0[:1].upper() + p0[1:]  # at the start of a sentence
    out = document_head(game, figure, tikz)
    if plan_form is not None:
        out += ["\\section{Plans}", plans_latex(plan_form, max_rows)]
        if dominance is not None:
            out += ["\\section{Dominated plans}", dominance_latex(dominance, max_rows)]
        removed = dominance.excluded() if dominance is not None else ()
        out += [
            "",
            f"In plan probabilities ($x$ for {p0}'s plans, $y$ for {p1}'s; each situation's add up to 1)"
            + (", keeping only the plans that survive the elimination," if removed else ",")
            + f" {p0}'s expected payoff collected by {p1}'s plans: the coefficient of $y_j$ is what {p0} "
            f"gets when {p1} plays $j$, so an optimal strategy of {p0} makes the coefficients of the plans "
            f"{p1} mixes in one situation equal.",
            plan_payoff_latex(plan_form, removed, 1, max_rows),
        ]
    elif choices is not None:  # too many plans to list: counted, and the choices examined instead
        out += [
            "\\section{Plans}",
            plan_counts_latex(sf, max_rows),
            "\\section{Dominated choices}",
            choice_dominance_latex(choices, max_rows),
        ]
    elif plan_note:
        out += ["\\section{Plans}", escape_text(plan_note)]
    out += [
        "\\section{The sequence form}",
        "A sequence of a player is the empty sequence or the last of his information sets and actions on a "
        "path (Koller, Megiddo \\& von Stengel 1994). A mixed strategy is given by its realization plan: "
        f"the probability that the player's own moves follow each sequence. {cap0}'s plan $x$ satisfies",
        realization_constraints_latex(sf, 0, max_rows),
        f"and {p1}'s plan $y$ satisfies",
        realization_constraints_latex(sf, 1, max_rows),
        "with all entries non-negative.",
        "\\section{The expected payoff}",
        f"{cap0}'s expected payoff is bilinear in the two plans; collected by {p1}'s sequences, each "
        f"coefficient is what that sequence of {p1} concedes:",
        bilinear_payoff_latex(sf, 1, max_rows),
        "\\section{The value and an equilibrium}",
        (
            f"The value of the game to {p0} is $v = {to_latex(solution.value)}$ "
            f"({p1}: ${to_latex(solution.values[1])}$). "
            if visible_length(to_latex(solution.value)) < LINE_CHARS // 3
            else f"The value of the game to {p0} is\n\\[ v = {to_latex(solution.value)} \\]\n"
            + (f"({p1}: $-v$). " if game.is_zero_sum else f"({p1}: ${to_latex(game.constant_sum)} - v$). ")
        )
        + (
            "A quasi-perfect equilibrium in behaviour strategies (van Damme 1984): the exact limit, as "
            "$\\varepsilon \\to 0$, of the equilibrium of the perturbed game in which every sequence "
            "$\\sigma$ is played with probability at least $\\varepsilon^{|\\sigma|}$ (Miltersen \\& "
            "S\\o{}rensen 2006, 2010), so that every choice, also where optimal play never goes, is a best "
            "reply to the opponent's small mistakes:"
            if solution.refinement == "quasi-perfect"
            else "An equilibrium in behaviour strategies:"
        ),
        # ragged right, and lines kept apart: a long fraction wraps without stretched gaps or touching
        "\\begin{longtable}{ll>{\\raggedright\\arraybackslash\\setlength{\\lineskiplimit}{3pt}"
        "\\setlength{\\lineskip}{4pt}}p{9cm}}",
        "\\toprule player & information set & probabilities \\\\ \\midrule",
        "\\endfirsthead",
        "\\toprule player & information set & probabilities \\\\ \\midrule",
        "\\endhead",
        "\\bottomrule",
        "\\endlastfoot",
    ]
    off = set(solution.off_path)
    cut = []
    for p in (0, 1):
        items = in_situation_order(
            game, p, solution.strategies[p]
        )  # one-card poker: by card, as derive solve
        if len(items) > max_rows:
            cut.append(_cut_note(max_rows, len(items), f"information sets of {p0 if p == 0 else p1}"))
        for label, dist in items[:max_rows]:
            probs = ", ".join(f"{escape_text(a)} ${to_latex(v)}$" for a, v in dist.items())
            mark = "$^{*}$" if (p, label) in off else ""
            out.append(
                f"{escape_text(game.players[p])} & \\texttt{{{escape_text(label)}}}{mark} & {probs} \\\\"
            )
    out.append("\\end{longtable}")
    out += [c.strip() for c in cut]
    if off:
        out.append("$^{*}$ off the path of play: reached with probability 0 in this equilibrium.")
    if strategy_trees:
        out.append(strategy_trees)
    if families_note:
        out += ["\\section{All optimal strategies}", escape_text(families_note)]
    if solution.optimal_sets:
        out += [
            "\\section{All optimal strategies}",
            "A plan is optimal if and only if it uses only sequences that some optimal plan uses, and "
            "keeps the opponent indifferent among the actions some optimal strategy of his uses, with "
            "no profitable deviation (LP duality; Goldman \\& Tucker 1956). Solving these equations:",
        ]
        out += [optimal_set_latex(game, s) for s in solution.optimal_sets]
        sentences = [
            s.admissible.describe(game.players[s.player], lambda e: f"${to_latex(e)}$")
            for s in solution.optimal_sets
            if s.admissible is not None
        ]
        if sentences:
            out.append(
                "\\paragraph{Admissible members.} A strategy is admissible if no other does at least as well "
                "against everything and better against something; in a two-player game an equilibrium is "
                "normal-form perfect exactly when both strategies are admissible."
            )
            out.append("\\begin{itemize}")
            out += [f"\\item {escape_sentence(t)}." for t in sentences]
            out.append("\\end{itemize}")
    if plan_form is not None:
        out += [
            "\\section{Every plan against the optimal strategy}",
            plan_values_latex(plan_form, solution.strategies, max_rows),
        ]
    elif choices is not None:
        out += [
            "\\section{Every choice against the optimal strategy}",
            choice_values_latex(sf, solution.strategies, max_rows),
        ]
    out += [
        "\\section{Certificate}",
        escape_text(solution.method[:1].upper() + solution.method[1:])
        + "."
        + (
            " Every vertex of each optimal set has exact best-response value equal to the game value."
            if solution.optimal_sets
            else ""
        ),
        "\\end{document}",
        "",
    ]
    return "\n".join(out)
