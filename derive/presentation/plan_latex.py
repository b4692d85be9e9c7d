r"""LaTeX of the thesis's plan-level derivation for any two-player game: plans, dominance, per-situation values.

Miao (2014) derives one-card poker's equilibrium plan by plan: each player's *plans* in each
situation (a card, and for the dealer whether he was checked to or bet to), the plans that are
"stupid mistakes" (dominated, after Swanson 2005), and finally, to prove the equilibrium, the
expected value of every plan against the opponent's optimal strategy, situation by situation.
These sections write the same steps for any two-player game with perfect recall, from its plan
form (:mod:`derive.sequence_form.plans`), its dominated plans (:mod:`derive.dominance.plans`) and
the plans' values (:mod:`derive.sequence_form.plan_values`).

A game too large to print whole (Leduc hold'em) gets each long table cut at ``max_rows`` rows,
with the totals stated; a situation with more plans than
:data:`~derive.sequence_form.plans.MAX_PLANS` is counted, not listed, and the plan-level sections
say so instead of printing a partial derivation.  Labels are escaped, so any Gambit label compiles.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy as sp

from derive.dominance.plans import PlanDominanceResult
from derive.notation.latex import escape_text, to_latex
from derive.sequence_form.plan_values import situation_values
from derive.sequence_form.plans import GamePlanForm

__all__ = [
    "MAX_ROWS",
    "dominance_latex",
    "game_plan_symbol",
    "plan_payoff_latex",
    "plans_latex",
    "plan_values_latex",
]

#: Rows of one table before it is cut (the totals are stated below it).
MAX_ROWS = 40

#: Plan names listed for one situation in the table of plans (the rest are counted).
MAX_NAMES = 12


#: Before a line that introduces a table: a new page unless about seven lines are left on this one
#: (what the needspace package does), so that the line is not left alone at a page's foot while the
#: table, which longtable starts on a new page when its head does not fit, begins on the next.
KEEP_WITH_TABLE = "\\par\\penalty-100\\ifdim\\dimexpr\\pagegoal-\\pagetotal\\relax<7\\baselineskip\\newpage\\fi"


def _table(columns: str, spec: str, rows: list[str], stretch: str = "1.3") -> list[str]:
    """A small ``longtable`` with the header ``columns`` repeated on every page, rows spaced by ``stretch``."""
    rule = f"\\toprule {columns} \\\\ \\midrule"
    return [
        f"\\begin{{small}}\\renewcommand{{\\arraystretch}}{{{stretch}}}\\begin{{longtable}}{{{spec}}}",
        rule,
        "\\endfirsthead",
        rule,
        "\\endhead",
        "\\bottomrule",
        "\\endlastfoot",
        *rows,
        "\\end{longtable}\\end{small}",
        "\\vspace{0.5\\baselineskip}",
    ]


def _after_rounds(eliminated, summary: str) -> str:
    """``"After 2 rounds: <summary>."``: the closing line of an iterated elimination (its records have ``round``)."""
    rounds = max(d.round for d in eliminated)
    return f"After {rounds} round{'s' if rounds > 1 else ''}: {summary}."


def _cut(shown: int, total: int, what: str) -> list[str]:
    if total <= shown:
        return []
    return [f"\\noindent Table cut: {shown} of {total} {what} shown; {total - shown} more are not printed."]


def _tt(text: str) -> str:
    return f"\\texttt{{{escape_text(text)}}}"


def _tt_broken(text: str) -> str:
    """:func:`_tt` that may break after a colon or comma when longer than a narrow table column (12
    characters)."""
    if len(text) <= 12:
        return _tt(text)
    return _tt(text).replace(":", ":\\allowbreak{}").replace(",", ",\\allowbreak{}")


def plans_latex(pf: GamePlanForm, max_rows: int = MAX_ROWS) -> str:
    """Each player's situations and the plans in each (a ``longtable`` per player).

    Parameters
    ----------
    pf : GamePlanForm
    max_rows : int
        Situations shown per player; the rest are counted.

    Returns
    -------
    str
        LaTeX: a paragraph stating what a plan is, then one table per player
        (situation, number of plans, the plans' names).
    """
    game = pf.game
    out = [
        "A \\emph{situation} of a player is an information set at which he makes his first move of "
        "a play; a \\emph{plan} in a situation is a reduced pure strategy of the game below it (an "
        "action there, then an action at every later information set of his that this plan does not "
        "exclude). Every information set lies below exactly one situation (perfect recall), so a "
        "mixed strategy is a probability distribution over the plans of each situation, and the "
        "expected payoff is bilinear in these distributions (Miao 2014 calls plans complete "
        "strategies)."
    ]
    for p in (0, 1):
        rows = []
        groups = list(zip(pf.situations[p], pf.groups[p]))
        for sit, group in groups[:max_rows]:
            label = "(no move)" if sit is None else pf.situation_text(p, sit.label)
            shown = [_tt(pf.plans[p][k].name or "∅") for k in group[:MAX_NAMES]]
            more = f", \\dots{{}} ({len(group) - MAX_NAMES} more)" if len(group) > MAX_NAMES else ""
            names = ", ".join(shown) + more
            rows.append(f"{escape_text(label)} & {len(group)} & {names} \\\\")
        real = sum(1 for sit, _ in groups if sit is not None)
        silent = (
            f", and the empty plan $\\emptyset$ (the row ``(no move)'') for the plays on which "
            f"{escape_text(game.players[p])} makes no move"
            if real < len(groups)
            else ""
        )
        out.append(
            KEEP_WITH_TABLE
            + f"\\paragraph{{{escape_text(game.players[p])}.}} {real} situation{'s' if real != 1 else ''}, "
            f"{sum(1 for q in pf.plans[p] if not q.is_empty)} plans{silent}."
        )
        out += _table("situation & plans & names", "lrp{11cm}", rows)
        out += _cut(min(max_rows, len(groups)), len(groups), "situations")
    return "\n".join(out)


def dominance_latex(result: PlanDominanceResult, max_rows: int = MAX_ROWS) -> str:
    """The iterated elimination of dominated plans, with the reason and a witness for each.

    Returns
    -------
    str
        LaTeX: how the elimination works, a ``longtable`` (round, player, plan, kind, dominator,
        first differing choice, when it earns less) cut at ``max_rows`` rows, and the survivors'
        count per player.
    """
    pf = result.plan_form
    game = pf.game
    out = [
        "Iterated elimination (Miao 2014, ``stupid mistakes'', after Swanson 2005): in each round every "
        "plan that another plan of the same situation dominates, against the opponent's remaining "
        "plans, is removed. \\emph{Weak}: never earns more, and less against some opponent plan (the "
        "witness); \\emph{strict}: always earns less."
        + ("" if result.weak else " Only strict dominance is used here.")
    ]
    if not result.eliminated:
        out.append("No plan is dominated: every plan survives.")
        return "\n\n".join(out)
    rows = []
    for d in result.eliminated[:max_rows]:
        witness = (
            f"{escape_text(pf.describe(d.witness))}" if d.witness is not None and d.kind == "weak" else ""
        )
        rows.append(
            f"{d.round} & {escape_text(game.players[d.plan.player])} & {_tt_broken(d.plan.label)} & {d.kind} & "
            f"{_tt_broken(d.dominator.name)} & {escape_text(d.choice)} & {witness} \\\\"
        )
    body = _table(
        "round & player & plan & kind & dominated by & first differing choice & earns less when",
        "rlp{2.2cm}lp{2.0cm}p{3.2cm}p{3.2cm}",
        rows,
    )
    out.append("\n".join(body + _cut(len(rows), len(result.eliminated), "eliminated plans")))
    survivors = "; ".join(
        f"{escape_text(game.players[p])} keeps {sum(1 for q in result.remaining[p] if not q.is_empty)} of "
        f"{sum(1 for q in pf.plans[p] if not q.is_empty)} plans"
        for p in (0, 1)
    )
    out.append(_after_rounds(result.eliminated, survivors))
    return "\n\n".join(out)


def game_plan_symbol(plan) -> sp.Symbol:
    """``x_{Q:bet}`` for player 1's plan ``Q:bet`` of a :class:`GamePlanForm`, ``y_{...}`` for player 2's:
    the probability that he plays that plan in its situation (for a plan that is one action with
    nothing after it, the realization of that sequence).  The empty plan has no symbol: it is played
    with probability 1.  (One-card poker's tree names its plans ``x[A:checkraise]``:
    :func:`derive.sequence_form.strategies.plan_symbol`.)"""
    return sp.Symbol(f"{'xy'[plan.player]}_{{{plan.label}}}", nonnegative=True)


#: The old name of :func:`game_plan_symbol` (one-card poker's tree has its own ``plan_symbol``).
plan_symbol = game_plan_symbol


def plan_payoff_latex(
    pf: GamePlanForm,
    removed: tuple = (),
    by_player: int = 1,
    max_rows: int = MAX_ROWS,
) -> str:
    """Player 1's expected payoff ``x^T P y`` in plan probabilities, collected by ``by_player``'s plans.

    Parameters
    ----------
    pf : GamePlanForm
    removed : tuple of Plan
        Plans left out (e.g. the dominated ones): their probability is 0.
    by_player : int
        Whose plans the payoff is collected by: the coefficient of his plan ``j`` is what player 1
        gets when he plays ``j``, so the indifference conditions of the other player read off it.
    max_rows : int
        Lines written; the rest are counted.

    Returns
    -------
    str
        An ``align*`` (``U = c + sum_j s_j (coefficient)``), then a cut note if lines were left out.
    """
    gone = {(q.player, q.label) for q in removed}

    def symbol(p: int, k: int):
        plan = pf.plans[p][k]
        if (p, plan.label) in gone:
            return sp.S.Zero
        return sp.S.One if plan.is_empty else game_plan_symbol(plan)

    collected: dict[object, sp.Expr] = {}
    for (i, j), v in pf.payoffs[0].items():
        mine, theirs = (j, i) if by_player == 1 else (i, j)
        own = symbol(by_player, mine)
        if own == 0:
            continue
        other = symbol(1 - by_player, theirs)
        collected[own] = collected.get(own, sp.S.Zero) + v * other
    order = [symbol(by_player, k) for k in range(len(pf.plans[by_player]))]
    terms = []
    if sp.S.One in collected and sp.expand(collected[sp.S.One]) != 0:
        terms.append(to_latex(sp.factor(collected[sp.S.One])))
    for s in order:
        if s in (sp.S.Zero, sp.S.One) or s not in collected:
            continue
        c = sp.factor(collected[s])
        if c != 0:
            terms.append(f"{to_latex(s)} \\left({to_latex(c)}\\right)")
    total = len(terms)
    lines = [("&" if k == 0 else "&+ ") + t for k, t in enumerate(terms[:max_rows])] or ["&0"]
    if total > max_rows:
        lines.append("&+ \\dots")
    text = "\\begin{align*}\nU = {}" + " \\\\\n".join(lines) + "\n\\end{align*}"
    return "\n".join([text, *_cut(min(total, max_rows), total, "terms")])


def plan_values_latex(
    pf: GamePlanForm,
    strategies: tuple[Mapping, Mapping],
    max_rows: int = MAX_ROWS,
    against: str = "optimal strategy",
    intro: bool = True,
) -> str:
    """Every plan's expected value against the opponent's optimal strategy, situation by situation.

    Parameters
    ----------
    pf : GamePlanForm
    strategies : (mapping, mapping)
        An equilibrium in behaviour strategies, ``information-set label -> {action: probability}``
        per player (a solver's ``strategies``).
    max_rows : int
        Plans shown per player; the rest are counted.
    against : str
        What the opponent's strategy is called in the headings (``"equilibrium strategy"`` for a
        general-sum game).
    intro : bool
        Begin with the paragraph explaining the tables (False: only the tables, e.g. for a second
        equilibrium).

    Returns
    -------
    str
        LaTeX: per player a ``longtable`` (situation, plan, value given the situation, contribution
        to the expected payoff; ``*`` marks plans the equilibrium uses) and the check that in every
        situation each used plan earns the most: the thesis's proof of equilibrium, exact.

    Raises
    ------
    PlanDistributionError
        If a strategy misses an information set of the game.
    """
    game = pf.game
    out = [
        "The expected payoff is a sum over situations of the plans' values weighted by how often "
        "each plan is played, so a strategy is a best response exactly when, in every situation, "
        "it plays only plans of the highest value against the opponent (Miao 2014, ``Proving "
        "equilibrium''). A value given the situation divides the plan's contribution by the probability "
        "that play reaches the situation (by chance and the opponent's moves); a cut table keeps the "
        "plans the equilibrium uses."
    ]
    if not intro:
        out = []
    for p in (0, 1):
        used = pf.plan_probabilities(p, strategies[p])
        position = pf.index[p]
        tables = situation_values(pf, p, strategies[1 - p])
        entries, failures = [], []
        for sv in tables:
            top = max((v.total for v in sv.values), default=sp.S.Zero)
            for v in sv.values:
                is_used = used[position[v.plan]] != 0
                if is_used and sp.simplify(v.total - top) != 0:
                    failures.append(v.plan.label)
                entries.append((sv, v, is_used))
        count = len(entries)
        if count > max_rows:  # a cut table keeps the plans the equilibrium uses first, in table order
            keep = sorted(sorted(range(count), key=lambda k: not entries[k][2])[:max_rows])
            entries = [entries[k] for k in keep]
        rows = []
        for sv, v, is_used in entries:
            where = "(no move)" if sv.situation is None else pf.situation_text(p, sv.situation)
            given = "" if v.conditional is None else f"${to_latex(v.conditional)}$"
            mark = "$\\ast$" if is_used else ""
            rows.append(
                f"{escape_text(where)} & {_tt(v.plan.name or '∅')} {mark} & {given} & ${to_latex(v.total)}$ \\\\"
            )
        them = escape_text(game.players[1 - p])
        out.append(
            KEEP_WITH_TABLE
            + f"\\paragraph{{{escape_text(game.players[p])}'s plans against {them}'s {against}.}} "
            "$\\ast$ marks the plans the equilibrium uses."
        )
        out += _table("situation & plan & value given the situation & contribution", "llll", rows)
        out += _cut(len(rows), count, "plans")
        if failures:  # cannot happen for an equilibrium; said rather than hidden
            out.append(
                "\\textbf{Check failed}: the plans "
                + ", ".join(_tt(f) for f in failures)
                + " are used but do not earn the most in their situation."
            )
        else:
            out.append(
                "In every situation, each plan the equilibrium uses earns the highest value there: "
                "checked exactly."
            )
    return "\n".join(out)
