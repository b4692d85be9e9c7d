r"""LaTeX of the thesis's derivation one information set at a time, for games with too many plans to list.

Where a situation has more plans than :data:`~derive.sequence_form.plans.MAX_PLANS` (Leduc hold'em:
47,125 for the opener, 532,899 for the dealer checked to), the plan-level sections of
:mod:`derive.presentation.plan_latex` would need every plan.  These sections give the same steps
without a list: the plans *counted* per situation (:func:`~derive.sequence_form.plans.count_plans`),
the dominated *choices* at last decisions with reasons and witnesses
(:mod:`derive.dominance.choices`), and every choice's value against the opponent's optimal strategy
with the check that the equilibrium plays only the best ones (:mod:`derive.sequence_form.choice_values`).
Long tables are cut at ``max_rows`` rows with the totals stated; labels are escaped.
"""

from __future__ import annotations

from collections.abc import Mapping

from derive.dominance.choices import ChoiceDominanceResult
from derive.notation.latex import escape_text, to_latex
from derive.presentation.plan_latex import KEEP_WITH_TABLE, MAX_ROWS, _after_rounds, _cut, _table, _tt
from derive.sequence_form.choice_values import choice_values
from derive.sequence_form.general import GameSequenceForm
from derive.sequence_form.plans import MAX_PLANS, count_plans

__all__ = ["choice_dominance_latex", "choice_values_latex", "plan_counts_latex"]


def plan_counts_latex(sf: GameSequenceForm, max_rows: int = MAX_ROWS) -> str:
    """The number of plans in each situation, counted without listing them.

    Returns
    -------
    str
        LaTeX: a sentence, and a ``longtable`` (player, situation, plans) cut at ``max_rows`` rows.
    """
    game = sf.game
    rows = []
    for p in (0, 1):
        for info in sf.infosets_of(p):
            if sf.parent[info.index] == 0:
                rows.append(
                    f"{escape_text(game.players[p])} & {_tt(info.label)} & {count_plans(sf, info):,} \\\\"
                )
    text = (
        "A plan is a reduced pure strategy below one situation (a first information set of its player). "
        "Counted without listing them (the choices after one action add up, the information sets after "
        "one sequence multiply), some situations have more plans than the "
        f"{MAX_PLANS:,} this document lists, so the steps below work one information set at a time: "
        "dominated choices instead of dominated plans, and each choice's value instead of each plan's."
    )
    body = _table("player & situation & plans", "llr", rows[:max_rows])
    return "\n\n".join([text, "\n".join(body + _cut(min(len(rows), max_rows), len(rows), "situations"))])


def choice_dominance_latex(result: ChoiceDominanceResult, max_rows: int = MAX_ROWS) -> str:
    """The iterated elimination of dominated choices at last decisions, with reasons and witnesses.

    Returns
    -------
    str
        LaTeX: how it works, a ``longtable`` (round, player, information set, choice, kind, dominated
        by, earns less when) cut at ``max_rows`` rows, and the count per player.
    """
    game = result.sf.game
    out = [
        "At a \\emph{last decision} (an information set after which its player never moves again) two "
        "plans that differ only in the choice there differ in payoff only on the plays through it; over "
        "the opponent's pure strategies that difference is smallest and largest by backward induction. "
        "A choice is removed when another choice there never earns more and earns less against some "
        "opponent strategy (\\emph{weak}; the witness is one of that strategy's choices) or always earns "
        "less (\\emph{strict}); then every plan that makes it is dominated (Miao 2014, ``stupid "
        "mistakes''). Round by round, each round against the opponent's remaining choices."
        + ("" if result.weak else " Only strict dominance is used here.")
        + " Plans dominated only through several choices at once are not found this way."
    ]
    if not result.eliminated:
        out.append(
            f"No choice at the {result.last_decisions[0]} + {result.last_decisions[1]} last decisions is dominated."
        )
        return "\n\n".join(out)
    rows = []
    for d in result.eliminated[:max_rows]:
        witness = ""
        them = escape_text(game.players[1 - d.player])
        if d.witness == "∅":
            said = f"the plays where {them} makes no move"
        elif d.witness is not None:
            where, _, action = d.witness.rpartition(":")
            said = f"a strategy of {them} with {_tt(action)} at {_tt(where)}, then the moves under which the dominator gains most"
        if d.witness is not None:
            witness = f"\\parbox[t]{{4.2cm}}{{\\raggedright {said}}}"
        rows.append(
            f"{d.round} & {escape_text(game.players[d.player])} & {_tt(d.infoset)} & {_tt(d.action)} & "
            f"{d.kind} & {_tt(d.dominator)} & {witness} \\\\"
        )
    body = _table(
        "round & player & information set & choice & kind & dominated by & earns less against",
        "rllllll",
        rows,
    )
    out.append("\n".join(body + _cut(len(rows), len(result.eliminated), "eliminated choices")))
    def removed(p: int) -> str:
        mine = [d for d in result.eliminated if d.player == p]
        at = len({d.infoset for d in mine})
        return (
            f"{escape_text(game.players[p])}: {len(mine)} choice{'s' if len(mine) != 1 else ''} removed at {at} "
            f"of {result.last_decisions[p]} last decisions"
        )

    counts = "; ".join(removed(p) for p in (0, 1))
    out.append(_after_rounds(result.eliminated, counts))
    return "\n\n".join(out)


def choice_values_latex(
    sf: GameSequenceForm, strategies: tuple[Mapping, Mapping], max_rows: int = MAX_ROWS
) -> str:
    """Every choice's value against the opponent's optimal strategy, and the check that it proves equilibrium.

    Parameters
    ----------
    sf : GameSequenceForm
    strategies : (mapping, mapping)
        An equilibrium in behaviour strategies, ``information-set label -> {action: probability}``.
    max_rows : int
        Choices shown per player; a cut table keeps the choices the equilibrium plays first.

    Returns
    -------
    str
        LaTeX: per player a ``longtable`` (information set, choice, value given the information set,
        contribution; ``*`` marks the choices played) and the exact check that at every information set
        the equilibrium reaches, each choice it plays has the highest value there.

    Raises
    ------
    KeyError
        If a strategy misses an information set of the game.
    """
    game = sf.game
    out = [
        "A choice's value is the payoff of the plays through it, with the best play after it, against "
        "the opponent's optimal strategy; given the information set it is divided by the probability that "
        "chance and the opponent lead play there. A strategy is a best response exactly when, at every "
        "information set it reaches, it plays only choices of the highest value there (Kuhn 1953). "
        "A blank value given the information set: chance and the opponent never lead play there, so "
        "every choice there contributes 0."
    ]
    for p in (0, 1):
        mine = strategies[p]
        x = sf.realization(p, lambda label, action, mine=mine: mine[label].get(action, 0))
        values = choice_values(sf, p, strategies[1 - p])
        entries, failures = [], []
        for v in values:
            played = mine[v.infoset].get(v.action, 0) != 0
            info = game.infoset(p, v.infoset)
            reached = x[sf.parent[info.index]] != 0 and v.conditional is not None
            if played and reached and not v.best:
                failures.append(f"{v.infoset}:{v.action}")
            entries.append((v, played))
        count = len(entries)
        groups: dict[str, list] = {}
        for entry in entries:
            groups.setdefault(entry[0].infoset, []).append(entry)
        if count > max_rows:  # whole information sets, those play reaches first, in game order
            order = sorted(groups, key=lambda label: groups[label][0][0].conditional is None)
            kept, rows_left = set(), max_rows
            for label in order:
                if len(groups[label]) <= rows_left:
                    kept.add(label)
                    rows_left -= len(groups[label])
            entries = [e for e in entries if e[0].infoset in kept]
        rows = []
        for v, played in entries:
            given = "" if v.conditional is None else f"${to_latex(v.conditional)}$"
            mark = "$\\ast$" if played else ""
            rows.append(f"{_tt(v.infoset)} & {_tt(v.action)} {mark} & {given} & ${to_latex(v.total)}$ \\\\")
        them = escape_text(game.players[1 - p])
        out.append(
            KEEP_WITH_TABLE
            + f"\\paragraph{{{escape_text(game.players[p])}'s choices against {them}'s optimal strategy.}} "
            "$\\ast$ marks the choices the equilibrium plays."
        )
        columns = "information set & choice & value given the information set & contribution"
        out += _table(
            columns, "llll", rows, stretch="2.0"
        )  # room for long exact fractions, one above the next
        shown_sets = len({v.infoset for v, _ in entries})
        if count > len(rows):
            out.append(
                f"\\noindent Table cut: the choices of {shown_sets} of {len(groups)} information sets shown "
                f"({len(rows)} of {count} choices), whole information sets, those play reaches first; "
                f"{count - len(rows)} more are not printed."
            )
        if failures:  # cannot happen for an equilibrium; said rather than hidden
            out.append(
                "\\textbf{Check failed}: the choices "
                + ", ".join(_tt(f) for f in failures)
                + " are played where play arrives but do not have the highest value there."
            )
        else:
            out.append(
                "At every information set the equilibrium reaches, each choice it plays has the highest "
                "value there: checked exactly."
            )
    return "\n".join(out)
