"""LaTeX fragments of a derivation (payoff, indifference equations, families, value).

The ``*_latex`` functions return fragments (an ``align*`` environment or a ``tabular``) ready to
``\\input`` in a paper; the output is deterministic, so regenerated files are byte-identical.
How symbols print (the plan probability ``x[A:checkraise]`` as ``x_{A}^{\\mathrm{checkraise}}``,
Kuhn's letters as ``\\alpha`` ...) is :mod:`derive.notation.latex`, whose printer, :func:`to_latex`,
:class:`SymbolLegend` and escapes are importable from here too.
"""

from __future__ import annotations

import sympy as sp

from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card.words import is_one_card, rules_of
from derive.notation.latex import (
    DeriveLatexPrinter,
    LabelInFormulaError,
    SymbolLegend,
    escape_sentence,
    escape_text,
    is_label_name,
    to_latex,
)
from derive.sequence_form.payoff import BilinearPayoff
from derive.sequence_form.plans import game_of
from derive.solving.families.optimal_families import OptimalFamily, OptimalSets

__all__ = [
    "DeriveLatexPrinter",
    "LabelInFormulaError",
    "SymbolLegend",
    "is_label_name",
    "escape_sentence",
    "escape_text",
    "collected_latex",
    "family_latex",
    "indifference_latex",
    "payoff_latex",
    "to_latex",
    "value_latex",
]


def payoff_latex(payoff: BilinearPayoff, by_player: int) -> str:
    """``U(x, y)`` collected by ``by_player``'s plan symbols, one per line (an ``align*``).

    Collected by the dealer's symbols, the coefficient of ``y_j`` is
    ``W_j(x)``, whose equalities are the opener's indifference conditions;
    collected by the opener's, the coefficients are ``V_i(y)``.
    """
    return collected_latex(payoff.expression, payoff.symbols(by_player), "U(x, y)")


def without_empty_plans(expr):
    """``expr`` with the empty plan's symbols (``y[∅]``: the plays on which a player never moves, a
    plan of probability 1) replaced by 1, as the document prints it."""
    empty = {s: 1 for s in sp.sympify(expr).free_symbols if s.name.endswith("[∅]")}
    return expr.subs(empty) if empty else expr


def collected_latex(expr: sp.Expr, symbols, lhs: str = "U") -> str:
    """``expr`` written as ``c_0 + sum_s s * c_s`` over ``symbols``, one term per line (an ``align*``).

    E.g. Kuhn's payoff in his letters collected by ``xi, eta``:
    ``U = (alpha - beta)/6 + xi (3 beta - gamma - 1)/6 + eta (gamma - 3 alpha)/6``.
    """
    poly = sp.Poly(sp.expand(without_empty_plans(expr)), *symbols)
    constant = sp.factor(poly.coeff_monomial(1))
    terms = []
    if constant != 0:
        terms.append(to_latex(constant))
    for sym in symbols:
        coeff = sp.factor(poly.coeff_monomial(sym))
        if coeff != 0:
            terms.append(f"{to_latex(sym)} \\left({to_latex(coeff)}\\right)")
    lines = [("&" if k == 0 else "&+ ") + t for k, t in enumerate(terms)] or ["&0"]
    return "\\begin{align*}\n" + lhs + " = {}" + " \\\\\n".join(lines) + "\n\\end{align*}\n"


def indifference_latex(family: OptimalFamily) -> str:
    """The indifference equations the family solves, as an ``align*``.

    Each equation is preceded by the opponent's situation and the two plans
    it equates, and followed by its equivalent with integer coefficients.
    """
    if not family.conditions:
        return "% no indifference conditions: the opponent never mixes\n"
    rows = []
    for eq, label in zip(family.conditions, family.condition_labels):
        eq = without_empty_plans(eq)
        if not isinstance(eq, sp.Eq):  # an equation the empty plan made trivial
            continue
        rows.append(f"\\intertext{{{escape_text(label)}:}}")
        rows.append(f"{to_latex(eq.lhs)} &= {to_latex(eq.rhs)} \\\\")
        lhs, rhs = _integer_form(eq.lhs - eq.rhs)
        rows.append(f"\\iff\\quad {to_latex(lhs)} &= {to_latex(rhs)} \\\\")
    body = "\n".join(rows).removesuffix(" \\\\")
    return "\\begin{align*}\n" + body + "\n\\end{align*}\n"


def _integer_form(expr: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """``expr = 0`` as ``positive terms = negative terms`` with coprime integer coefficients."""
    expr = sp.expand(expr)
    denominators = [sp.fraction(sp.Rational(t.as_coeff_Mul()[0]))[1] for t in sp.Add.make_args(expr)]
    scale = sp.ilcm(*denominators) if denominators else 1
    scaled = sp.expand(expr * scale)
    numerators = [abs(sp.Rational(t.as_coeff_Mul()[0])) for t in sp.Add.make_args(scaled)]
    g = sp.igcd(*[int(n) for n in numerators]) if numerators else 1
    scaled = sp.expand(scaled / g)
    pos = sp.Add(*[t for t in sp.Add.make_args(scaled) if t.as_coeff_Mul()[0] > 0])
    neg = sp.Add(*[-t for t in sp.Add.make_args(scaled) if t.as_coeff_Mul()[0] < 0])
    return pos, neg


def family_latex(sets: OptimalSets, player: int) -> str:
    """The player's optimal plan probabilities, card by card, with the parameter range.

    A centred booktabs ``tabular`` (the paper needs ``\\usepackage{booktabs}``) with one row per card
    and situation listing each plan with positive probability somewhere in the family, followed by
    the range (an interval, or inequalities and vertices) and the named parameters' values.
    """
    family = sets.families[player]
    game = game_of(sets.game)
    pf = sets.plan_form
    one_card = is_one_card(game)
    rows = []
    for group in pf.groups[player]:
        situation = pf.plans[player][group[0]].situation
        cells = [
            f"{plan.name if one_card else escape_text(plan.name)} ${to_latex(family.plans[plan])}$"
            for plan in (pf.plans[player][k] for k in group)
            if family.plans[plan] != 0
        ]
        where = pf.situation_text(player, situation)
        rows.append(f"{where if one_card else escape_text(where)} & {', '.join(cells)} \\\\")
    if one_card:
        head = f"% {PLAYER_NAMES[player]}'s optimal strategies, {rules_of(game).name} (needs booktabs)"
        column = "card" if player == 0 else "card, situation"
    else:  # any other game: its players' own names, situations by their labels
        head = f"% {game.players[player]}'s optimal strategies, {game.title or 'the game'} (needs booktabs)"
        column = "situation"
    out = [
        head,
        "\\begin{center}",
        "\\begin{tabular}{ll}",
        "\\toprule",
        column + " & plan probabilities \\\\",
        "\\midrule",
        *rows,
        "\\bottomrule",
        "\\end{tabular}",
        "\\end{center}",
    ]
    if family.dimension == 0:
        out.append("\\noindent This optimal strategy is unique.")
    elif family.interval is not None:
        p = family.parameters[0]
        out.append(f"\\noindent ${to_latex(p)} \\in {to_latex(family.interval)}$.")
    else:
        cons = ", \\quad ".join(to_latex(c) for c in family.constraints)
        out.append(f"\\noindent Range: ${cons}$.")
    named = [f"{to_latex(k)} = {to_latex(v)}" for k, v in family.named.items() if k not in family.parameters]
    if named:
        out.append("\\quad $" + ", \\quad ".join(named) + "$.")
    return "\n".join(out) + "\n"


def value_latex(value: sp.Expr, game_name: str, to: str = "the opener") -> str:
    """``v = -\\frac{1}{18}``, with a comment naming the game and to whom (``to``) the value is."""
    return f"% game value to {to}, {game_name}\n\\[ v = {to_latex(value)} \\]\n"
