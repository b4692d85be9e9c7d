"""LaTeX output in the notation of the course and of the sources.

One place defines how ``derive``'s symbols print (after sympy's
``physics.vector.printing``): the plan probability ``x[A:checkraise]``
prints as ``x_{A}^{\\mathrm{checkraise}}``, Kuhn's letters as ``\\alpha`` ...,
fractions as ``\\frac``.  The ``*_latex`` functions return fragments (an
``align*`` environment or a ``tabular``) ready to ``\\input`` in a paper;
the output is deterministic, so regenerated files are byte-identical.
"""

from __future__ import annotations

import re
import unicodedata

import sympy as sp
from sympy.printing.latex import LatexPrinter, translate

from derive.games.one_card import PLAYER_NAMES
from derive.sequence_form.payoff import BilinearPayoff
from derive.solving.families.optimal_families import OptimalFamily, OptimalSets

__all__ = [
    "DeriveLatexPrinter",
    "escape_sentence",
    "escape_text",
    "collected_latex",
    "family_latex",
    "indifference_latex",
    "payoff_latex",
    "to_latex",
    "value_latex",
]

_PLAN = re.compile(r"([xy])\[(.+?):(.+)\]")
_SUBSCRIPTED = re.compile(r"([A-Za-z]+)_\{(.+)\}")
#: An index set in math italic: letters alone and numbers, comma-separated (``J``, ``Q,b``, ``21``);
#: a word such as ``raised`` is set upright as ``\text{raised}``.
_PLAIN_INDEX = re.compile(r"[A-Za-z]?[0-9]*(?:,[A-Za-z]?[0-9]*)*")
#: A plain name of several letters, with optional trailing digits (bet, ante, bet2).
_WORD = re.compile(r"([A-Za-z]{2,})([0-9]*)")

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "%": r"\%",
    "_": r"\_",
    "^": r"\textasciicircum{}",
    "~": r"\textasciitilde{}",
}


def escape_text(text: str) -> str:
    r"""``text`` safe inside LaTeX text mode (``\text{...}``): specials escaped, ``∅`` as ``$\emptyset$``.

    Examples
    --------
    >>> escape_text("50% & 1_2")
    '50\\% \\& 1\\_2'
    """
    return "".join(_SPECIAL.get(c) or _UNICODE.get(c) or _safe(c) for c in unicodedata.normalize("NFC", text))


def escape_sentence(text: str) -> str:
    r"""Escape the words of a sentence whose mathematics is already between ``$`` signs.

    Examples
    --------
    >>> escape_sentence("A:fold & 50% when $x_{1} = 0$")
    'A:fold \\& 50\\% when $x_{1} = 0$'
    """
    parts = text.split("$")
    return "$".join(escape_text(t) if k % 2 == 0 else t for k, t in enumerate(parts))


#: Characters outside Latin-1 that pdflatex sets with amssymb; any other is shown by its code point.
_UNICODE = {
    "∅": r"$\emptyset$",
    "ε": r"$\varepsilon$",
    "♠": r"$\spadesuit$",
    "♥": r"$\heartsuit$",
    "♦": r"$\diamondsuit$",
    "♣": r"$\clubsuit$",
    "♤": r"$\spadesuit$",
    "♡": r"$\heartsuit$",
    "♢": r"$\diamondsuit$",
    "♧": r"$\clubsuit$",
    "→": r"$\to$",
    "–": "--",
    "—": "---",
    "’": "'",
    "‘": "`",
    "“": "``",
    "”": "''",
    "„": ",,",
    "…": r"\ldots{}",
    "•": r"\textbullet{}",
    "✓": r"$\checkmark$",
    "✔": r"$\checkmark$",
    "✗": r"$\times$",
    "✘": r"$\times$",
    "←": r"$\leftarrow$",
    "↑": r"$\uparrow$",
    "↓": r"$\downarrow$",
    "↔": r"$\leftrightarrow$",
    "⇒": r"$\Rightarrow$",
    "⇔": r"$\Leftrightarrow$",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "≠": r"$\ne$",
    "≈": r"$\approx$",
    "∞": r"$\infty$",
    "∈": r"$\in$",
    "−": "-",
    "€": "EUR",
    "Ł": r"\L{}",
    "ł": r"\l{}",
    "œ": r"\oe{}",
    "Œ": r"\OE{}",
}

#: Combining accents as pdflatex's accent commands (``č`` is ``\v{c}``, ``ő`` is ``\H{o}``).
_ACCENTS = {
    "\u0300": "`",
    "\u0301": "'",
    "\u0302": "^",
    "\u0303": "~",
    "\u0304": "=",
    "\u0306": "u",
    "\u0307": ".",
    "\u0308": '"',
    "\u030a": "r",
    "\u030b": "H",
    "\u030c": "v",
    "\u0327": "c",
    "\u0328": "k",
}


def _safe(c: str) -> str:
    """Latin-1 characters as they are (pdflatex reads them as UTF-8); a Greek letter in math; a
    Latin letter with accents by pdflatex's accent commands; any other as ``<U+2660>``."""
    if ord(c) < 256 and (c.isprintable() or c == " "):
        return c
    name = unicodedata.name(c, "")
    if name.startswith(("GREEK SMALL LETTER ", "GREEK CAPITAL LETTER ")) and " WITH " not in name:
        word = name.rsplit(" ", 1)[1].lower()
        word = {"lamda": "lambda", "final": "varsigma"}.get(word, word)
        if name.startswith("GREEK CAPITAL"):
            word = word.capitalize()
        if word in _GREEK:
            return f"$\\{word}$"
        return _GREEK_LATIN.get(word, f"\\texttt{{<U+{ord(c):04X}>}}")
    base, *marks = unicodedata.normalize("NFD", c)
    if marks and ord(base) < 128 and base.isalpha() and all(m in _ACCENTS for m in marks):
        out = "\\i" if base == "i" else base
        for m in marks:
            out = f"\\{_ACCENTS[m]}{{{out}}}"
        return f"{{{out}}}"
    return f"\\texttt{{<U+{ord(c):04X}>}}"


#: Greek capitals that look like Latin ones (LaTeX has no command for them), and omicron.
_GREEK_LATIN = dict(
    zip("Alpha Beta Epsilon Zeta Eta Iota Kappa Mu Nu Omicron Rho Tau Chi omicron".split(), "ABEZHIKMNOPTXo")
)

_GREEK = {
    *"alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma varsigma".split(),
    *"tau upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split(),
}


class DeriveLatexPrinter(LatexPrinter):
    """sympy's LaTeX printer with ``derive``'s plan symbols and subscripted names.

    ``x[A:checkraise]`` prints as ``x_{A}^{\\mathrm{checkraise}}``; a name ``head_{index}`` prints
    its head as sympy would (Greek letters as ``\\alpha`` ...) and its index as given, or as text
    when it is a label such as ``K:bet`` (``\\emptyset`` for ``∅``).

    Examples
    --------
    >>> import sympy as sp
    >>> to_latex(sp.Symbol("x[A:checkraise]") / 3 + sp.Symbol("alpha"))
    '\\\\alpha + \\\\frac{x_{A}^{\\\\mathrm{checkraise}}}{3}'
    >>> to_latex(sp.Symbol("alpha_{J}") + sp.Symbol("beta_{Q,b}"))
    '\\\\alpha_{J} + \\\\beta_{Q,b}'
    >>> to_latex(sp.Symbol("x_{K:bet}"))
    'x_{\\\\text{K:bet}}'

    A name of several letters is one italic word, not a product of letters; Greek names stay Greek:

    >>> to_latex(sp.Symbol("bet") ** 2 / 6 + sp.Symbol("bet2") + sp.Symbol("eta"))
    '\\\\frac{\\\\mathit{bet}^{2}}{6} + \\\\mathit{bet}_{2} + \\\\eta'
    """

    def _print_Symbol(self, expr, style="plain"):
        match = _PLAN.fullmatch(expr.name)
        if match:
            letter, card, plan = match.groups()
            return f"{letter}_{{{card}}}^{{\\mathrm{{{plan}}}}}"
        match = _SUBSCRIPTED.fullmatch(expr.name)
        if match:  # alpha_{J} -> \alpha_{J}; a label such as K:bet is set as text
            head, index = match.groups()
            if index == "∅":
                sub = "\\emptyset"
            elif _PLAIN_INDEX.fullmatch(index):
                sub = index
            else:
                sub = f"\\text{{{escape_text(index)}}}"
            return f"{translate(head)}_{{{sub}}}"
        match = _WORD.fullmatch(expr.name)
        if match and translate(match.group(1)) == match.group(1):  # bet, ante, bet2: one name, not b*e*t
            word, digits = match.groups()
            return f"\\mathit{{{word}}}" + (f"_{{{digits}}}" if digits else "")
        return super()._print_Symbol(expr, style=style)


def to_latex(expr: sp.Basic, **settings) -> str:
    """LaTeX of ``expr`` with :class:`DeriveLatexPrinter` (sympy's ``latex`` settings apply)."""
    return DeriveLatexPrinter(settings).doprint(expr)


def payoff_latex(payoff: BilinearPayoff, by_player: int) -> str:
    """``U(x, y)`` collected by ``by_player``'s plan symbols, one per line (an ``align*``).

    Collected by the dealer's symbols, the coefficient of ``y_j`` is
    ``W_j(x)``, whose equalities are the opener's indifference conditions;
    collected by the opener's, the coefficients are ``V_i(y)``.
    """
    return collected_latex(payoff.expression, payoff.symbols(by_player), "U(x, y)")


def collected_latex(expr: sp.Expr, symbols, lhs: str = "U") -> str:
    """``expr`` written as ``c_0 + sum_s s * c_s`` over ``symbols``, one term per line (an ``align*``).

    E.g. Kuhn's payoff in his letters collected by ``xi, eta``:
    ``U = (alpha - beta)/6 + xi (3 beta - gamma - 1)/6 + eta (gamma - 3 alpha)/6``.
    """
    poly = sp.Poly(sp.expand(expr), *symbols)
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
        rows.append(f"\\intertext{{{label}:}}")
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
    game = sets.game
    rows = []
    for situation in [i for i in game.infosets[player] if game.parent_sequence[i].is_empty]:
        cells = []
        for plan, prob in family.plans.items():
            if prob == 0 or game.situation_of(plan) != situation:
                continue
            cells.append(f"{plan.plan} ${to_latex(prob)}$")
        where = situation.situation_text
        rows.append(f"{where} & {', '.join(cells)} \\\\")
    out = [
        f"% {PLAYER_NAMES[player]}'s optimal strategies, {game.rules.name} (needs booktabs)",
        "\\begin{center}",
        "\\begin{tabular}{ll}",
        "\\toprule",
        ("card" if player == 0 else "card, situation") + " & plan probabilities \\\\",
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


def value_latex(value: sp.Expr, game_name: str) -> str:
    """``v = -\\frac{1}{18}``, with a comment naming the game."""
    return f"% game value to the opener, {game_name}\n\\[ v = {to_latex(value)} \\]\n"
