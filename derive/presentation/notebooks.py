"""Notebooks: the Markdown tables they display, and their figures.

The notebooks in ``notebooks/`` (shipped inside the package as ``derive/notebooks``, see
:func:`packaged_notebooks` and :func:`copy_notebooks`) tell the derivations as stories; they call
the library and hold no logic of their own.  This module gives them what
they display beyond sympy's LaTeX (:mod:`derive.notation.latex`): Markdown tables of
families, plan values and game values, with exact numbers typeset as
``$...$`` math; and :func:`figure_image`, which shows a figure exactly as
:func:`derive.figures.save_figure` writes it (the inline backend would crop
it and change its resolution).

Running the notebooks, exporting them to HTML and copying them for a class
(:func:`execute_notebook`, :func:`export_html`, :func:`copy_notebooks`) is
:mod:`derive.presentation.notebook_execution`; those names are importable from here too.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path

import sympy as sp

from derive.dominance import PlanDominanceResult, describe_plan
from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card.words import card_of, situation_words
from derive.notation.latex import to_latex
from derive.presentation.notebook_execution import (
    NotebookError,
    copy_notebooks,
    execute_notebook,
    export_html,
    packaged_notebooks,
)
from derive.sequence_form.payoff import CardPlanValue
from derive.solving.families.optimal_families import OptimalFamily, OptimalSets
from derive.solving.parameters.sweep import ValueRow
from derive.verification import verify_family

__all__ = [
    "NotebookError",
    "conditions_markdown",
    "copy_notebooks",
    "dominance_markdown",
    "execute_notebook",
    "export_html",
    "family_markdown",
    "figure_image",
    "packaged_notebooks",
    "plan_values_markdown",
    "value_table_markdown",
    "verification_markdown",
]


def _math(expr: object) -> str:
    return f"${to_latex(sp.sympify(expr))}$"


def family_markdown(sets: OptimalSets, player: int) -> str:
    """A player's optimal family as a Markdown table, one row per card (and situation).

    Each row lists the plans with positive probability somewhere on the
    family and their exact probabilities; below the table, the parameter
    range and the named parameters (e.g. Kuhn's β = α + 1/3).

    Parameters
    ----------
    sets : OptimalSets
        From :func:`derive.solving.families.optimal_families.optimal_families`.
    player : int
        0 (opener) or 1 (dealer).

    Returns
    -------
    str
        Markdown with ``$...$`` math.

    Raises
    ------
    ValueError
        If ``player`` is not 0 or 1.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> from derive.games.one_card import KUHN_PARAMETERS, to_extensive_form
    >>> sets = optimal_families(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS)
    >>> print(family_markdown(sets, 1).splitlines()[2])
    | Q, checked to | check $\\frac{2}{3}$, bet $\\frac{1}{3}$ |
    """
    if isinstance(player, bool) or player not in (0, 1):
        raise ValueError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    family = sets.families[player]
    pf = sets.plan_form
    rows: dict[str, list[str]] = {}
    for plan, prob in family.plans.items():
        where = pf.situation_text(player, plan.situation)
        rows.setdefault(where, [])
        if prob != 0:
            rows[where].append(f"{plan.name} {_math(prob)}")
    head = "card" if player == 0 else "card, situation"
    lines = [f"| {head} | plan probabilities |", "|---|---|"]
    lines += [f"| {where} | {', '.join(cells) or '—'} |" for where, cells in rows.items()]
    lines.append("")
    if family.dimension == 0:
        lines.append(f"The {PLAYER_NAMES[player]}'s optimal strategy is **unique**.")
    elif family.interval is not None:
        p = family.parameters[0]
        lines.append(f"Any ${to_latex(p)} \\in {to_latex(family.interval)}$ is optimal.")
    else:
        cons = ", ".join(_math(c) for c in family.constraints)
        lines.append(f"Optimal set of dimension {family.dimension}: {cons}.")
    named = [
        f"${to_latex(k)} = {to_latex(v)}$" for k, v in family.named.items() if k not in family.parameters
    ]
    if named:
        lines.append("")
        lines.append("In the named parameters: " + ", ".join(named) + ".")
    return "\n".join(lines) + "\n"


def conditions_markdown(family: OptimalFamily) -> str:
    """The indifference equations a family solves, each under the situation it comes from.

    (:func:`derive.presentation.latex.indifference_latex` gives the same as an
    ``align*`` with ``\\intertext``, which MathJax does not render.)

    Parameters
    ----------
    family : OptimalFamily

    Returns
    -------
    str
        Markdown: one bullet per condition with a display equation.
    """
    if not family.conditions:
        return "No indifference conditions: the opponent never mixes.\n"
    out = []
    for eq, label in zip(family.conditions, family.condition_labels):
        out.append(f"- {label}:\n\n  $$ {to_latex(eq.lhs)} = {to_latex(eq.rhs)} $$\n")
    return "\n".join(out)


def plan_values_markdown(values: dict[object, CardPlanValue], cards: Iterable[str] | None = None) -> str:
    """Per-card expected values of plans, with the thesis's breakdown, as a Markdown table.

    Parameters
    ----------
    values : dict
        From :func:`derive.sequence_form.payoff.plan_values`.
    cards : iterable of str, optional
        Only plans for these cards of their owner.

    Returns
    -------
    str
        Columns: card (and situation for the dealer), plan, the sum over
        the opponent's cards, and the expected value (exact, possibly in α).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> from derive.sequence_form.payoff import bilinear_payoff, plan_values
    >>> U = bilinear_payoff(to_extensive_form(kuhn_poker()))
    >>> uniform = {s: sp.Rational(1, len(g)) for g in U.variables[1].values() for s in g}
    >>> print(plan_values_markdown(plan_values(U, 0, uniform), cards=["A"]).splitlines()[2])
    | A | bet | $\\frac{1}{2} \\cdot \\left(\\frac{3}{2}\\right) + \\frac{1}{2} \\cdot \\left(\\frac{3}{2}\\right)$ | $\\frac{3}{2}$ |
    """
    keep = None if cards is None else set(cards)
    lines = ["| card | plan | sum over the opponent's card | expected value |", "|---|---|---|---|"]
    for plan, value in values.items():
        if keep is not None and card_of(plan.label) not in keep:
            continue
        game_n = len(value.by_card)
        frac = sp.Rational(1, game_n)
        parts = " + ".join(
            f"{to_latex(frac)} \\cdot \\left({to_latex(v)}\\right)" for v in value.by_card.values()
        )
        where = card_of(plan.label) if plan.player == 0 else situation_words(plan.situation)
        lines.append(f"| {where} | {plan.name} | ${parts}$ | {_math(value.total)} |")
    return "\n".join(lines) + "\n"


def dominance_markdown(result: PlanDominanceResult) -> str:
    """The eliminated plans, round by round, as a Markdown table.

    ``result`` is :func:`derive.dominance.plans.dominated_plans` of any two-player game; who and where
    are worded by :func:`derive.sequence_form.plans.describe_plan` (``"dealer holds K, checked to"``
    in one-card poker).

    Returns
    -------
    str
        Columns: round, player and situation, the dominated plan, what
        dominates it, strict or weak, and the first choice that differs.
    """
    lines = [
        "| round | who, where | dominated plan | by | kind | the mistake |",
        "|---|---|---|---|---|---|",
    ]
    for d in result.eliminated:
        who = describe_plan(result.game, d.plan).split(":")[0]
        lines.append(f"| {d.round} | {who} | {d.plan.name} | {d.dominator.name} | {d.kind} | {d.choice} |")
    return "\n".join(lines) + "\n"


def verification_markdown(sets: OptimalSets) -> str:
    """One sentence per player: the exact exploitability at each checked point of his family.

    The points are the vertices of the family and its midpoint (:func:`derive.verification.strategy_checks.verify_family`);
    exploitability 0 everywhere means every member is optimal (the best-response value is concave
    on the family).
    """
    lines = []
    for player, family in enumerate(sets.families):
        check = verify_family(sets.game, family, sets.value)
        n = len(check.exploitability)
        values = ", ".join(_math(e) for e in check.exploitability)
        where = "the unique optimal strategy" if family.dimension == 0 else f"the {n} vertices of the family"
        if family.dimension == 0:
            verdict = "so it is optimal" if check.all_optimal else "so it is NOT optimal"
        else:
            verdict = "so every member is optimal" if check.all_optimal else "so NOT every member is optimal"
        lines.append(f"* **{PLAYER_NAMES[player]}**: exploitability {values} at {where}, {verdict}.")
    return "\n".join(lines)


def value_table_markdown(rows: Iterable[ValueRow]) -> str:
    """Game values of a sweep (:func:`derive.solving.parameters.sweep.value_table`) as a Markdown table.

    Examples
    --------
    >>> from derive.solving.parameters.sweep import ValueRow
    >>> print(value_table_markdown([ValueRow(3, 1, sp.S.One, sp.S.One, sp.Rational(-1, 18))]))
    | cards N | bets and raises k | ante | bet | value to the opener | ≈ |
    |---|---|---|---|---|---|
    | 3 | 1 | $1$ | $1$ | $- \\frac{1}{18}$ | −0.0556 |
    <BLANKLINE>
    """
    lines = [
        "| cards N | bets and raises k | ante | bet | value to the opener | ≈ |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        approx = f"{float(r.value):.4f}".replace("-", "−")
        lines.append(
            f"| {r.deck} | {r.max_bets} | {_math(r.ante)} | {_math(r.bet)} | {_math(r.value)} | {approx} |"
        )
    return "\n".join(lines) + "\n"


def figure_image(fig):
    """Show a figure in a notebook exactly as :func:`derive.figures.save_figure` writes its PNG.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    IPython.display.Image
        The 150-dpi PNG (no cropping, fixed metadata).

    Raises
    ------
    NotebookError
        If IPython is not installed.
    """
    from derive.figures import save_figure

    try:
        from IPython.display import Image
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        raise NotebookError("figure_image needs IPython (pip install ipykernel)") from None
    with tempfile.TemporaryDirectory() as tmp:
        data = save_figure(fig, Path(tmp) / "figure.png").read_bytes()
    return Image(data=data, format="png")
