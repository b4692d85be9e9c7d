"""LaTeX of ``derive``'s symbols and expressions, in the notation of the course and of the sources.

One place defines how ``derive``'s symbols print (after sympy's
``physics.vector.printing``): the plan probability ``x[A:checkraise]``
prints as ``x_{A}^{\\mathrm{checkraise}}``, Kuhn's letters as ``\\alpha`` ...,
fractions as ``\\frac``; text is escaped for LaTeX's text mode.  Every stage that writes LaTeX
(figure labels, reports, documents) prints through :func:`to_latex`; the fragments and documents
built from it are in :mod:`derive.presentation.latex` and the other presentation modules.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

import sympy as sp
from sympy.printing.latex import LatexPrinter, translate

__all__ = [
    "DeriveLatexPrinter",
    "LabelInFormulaError",
    "SymbolLegend",
    "is_label_name",
    "escape_sentence",
    "escape_text",
    "to_latex",
]

_PLAN = re.compile(r"([xy])\[(.+?):(.+)\]")
_SUBSCRIPTED = re.compile(r"([A-Za-z]+)([0-9]*)_\{(.+)\}")
#: An index set in math italic: letters alone and numbers, comma-separated (``J``, ``Q,b``, ``21``);
#: a word such as ``raised`` is set upright as ``\text{raised}``.
_PLAIN_INDEX = re.compile(r"[A-Za-z]?[0-9]*(?:,[A-Za-z]?[0-9]*)*")
#: A name with primes (``beta'``).
_PRIMED = re.compile(r"([A-Za-z][A-Za-z0-9_]*)('+)")

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


def is_label_name(name: str) -> bool:
    """Whether a symbol's name is a label (an information set and an action, ``Q:xxbf>call``: the
    unknowns of :func:`~derive.solving.families.indifference.family_from_support`) rather than a
    mathematical name: ``x[A:checkraise]`` and ``x_{K:bet}`` are names with a label as an index.

    Examples
    --------
    >>> [is_label_name(n) for n in ("Q:xxbf>call", "J>bet", "x[A:bet]", "x_{K:bet}", "bet", "b11")]
    [True, True, False, False, False, False]
    """
    if _PLAN.fullmatch(name) or _SUBSCRIPTED.fullmatch(name):
        return False
    return any(c in name for c in _LABEL_CHARACTERS)


#: Characters of labels that never belong in a mathematical name (``Q:xxbf>call``, ``K:b``).
_LABEL_CHARACTERS = ":<>"


class LabelInFormulaError(ValueError):
    """A symbol named by a label (``Q:xxbf>call``) was to be printed in a formula without a
    :class:`SymbolLegend` to name it."""


class SymbolLegend:
    r"""Subscripted names, and what each stands for, for symbols whose names are labels.

    The unknowns of a family derived from a support are named by an information set and an action
    (``Q:xxbf>call``). In text those names are readable; in a formula ``Q{:}xxbf > call`` would read as
    letters multiplied and compared. A legend gives each such symbol a letter with a subscript
    (``p_{1}``, ``p_{2}``, ... in the order they are met) and keeps what it is in words, for a table
    printed beside the formulas (:meth:`legend_latex`). :func:`to_latex` refuses such a symbol
    without a legend (:class:`LabelInFormulaError`).

    Parameters
    ----------
    letter : str
        The letter of the names (default ``p``, for probabilities).
    meanings : mapping, optional
        ``symbol -> words`` to add first, in this order (plain text; mathematics between ``$``).

    Examples
    --------
    >>> import sympy as sp
    >>> call, bet = sp.Symbol("K:b>call"), sp.Symbol("J:x>bet")
    >>> legend = SymbolLegend(meanings={call: "P2's probability of call at K:b"})
    >>> legend.latex(1 - call + 2 * bet)
    '- p_{1} + 2 p_{2} + 1'
    >>> [(legend.name(s), legend.meaning(s)) for s in legend]
    [('p_{1}', "P2's probability of call at K:b"), ('p_{2}', 'the probability of bet at J:x')]
    >>> to_latex(call)
    Traceback (most recent call last):
    ...
    derive.notation.latex.LabelInFormulaError: the symbol K:b>call is named by a label: print it with a SymbolLegend, which names it p_{k} and says what it is
    """

    def __init__(self, letter: str = "p", meanings: Mapping[sp.Symbol, str] | None = None) -> None:
        self.letter = letter
        self._names: dict[sp.Symbol, str] = {}
        self._meanings: dict[sp.Symbol, str] = {}
        for symbol, words in (meanings or {}).items():
            self.add(symbol, words)

    def add(self, symbol: sp.Symbol, meaning: str | None = None) -> str:
        """Name ``symbol`` (if it has no name yet) and return its name; ``meaning`` replaces the words."""
        if symbol not in self._names:
            self._names[symbol] = f"{self.letter}_{{{len(self._names) + 1}}}"
            self._meanings[symbol] = _label_meaning(symbol.name)
        if meaning is not None:
            self._meanings[symbol] = meaning
        return self._names[symbol]

    def name(self, symbol: sp.Symbol) -> str:
        """The LaTeX name of ``symbol`` (``p_{3}``), added at the end if it is new."""
        return self.add(symbol)

    def meaning(self, symbol: sp.Symbol) -> str:
        """What ``symbol`` is, in words."""
        return self._meanings[symbol]

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, symbol: object) -> bool:
        return symbol in self._names

    def renamed(self, expr: object) -> sp.Basic:
        """``expr`` with each label symbol replaced by a symbol of its name here (new ones added, in
        sympy's order), so that the terms are ordered by these names when printed."""
        expr = sp.sympify(expr)
        labels = sorted((s for s in expr.free_symbols if is_label_name(s.name)), key=sp.default_sort_key)
        if not labels:
            return expr
        for s in labels:
            self.add(s)
        taken = {s.name for s in expr.free_symbols} & set(self._names.values())
        if taken:
            raise ValueError(
                f"the formula already holds a symbol named {sorted(taken)[0]}: choose another letter"
            )
        return expr.xreplace({s: sp.Symbol(self._names[s]) for s in labels})

    def latex(self, expr: object, **settings) -> str:
        """:func:`to_latex` of ``expr``, each label symbol by its name here (new ones added)."""
        return to_latex(expr, legend=self, **settings)

    def legend_latex(self) -> str:
        r"""A ``tabular`` of the names and what each is (``$p_{1}$ & P2's probability of call at K:b``);
        empty when no symbol was named."""
        if not self._names:
            return ""
        rows = [f"${n}$ & {escape_sentence(self._meanings[s])} \\\\" for s, n in self._names.items()]
        return "\\begin{tabular}{@{}l@{\\quad}l@{}}\n" + "\n".join(rows) + "\n\\end{tabular}\n"


def _label_meaning(name: str) -> str:
    """``Q:xxbf>call`` -> ``the probability of call at Q:xxbf``; any other label as it is."""
    label, sep, action = name.rpartition(">")
    return f"the probability of {action} at {label}" if sep and label and action else name


def _word(tex: str) -> str:
    """A name of several Latin letters as one italic word (``\\mathit{bet}``, not ``b e t``)."""
    return f"\\mathit{{{tex}}}" if len(tex) > 1 and tex.isascii() and tex.isalpha() else tex


class DeriveLatexPrinter(LatexPrinter):
    """sympy's LaTeX printer with ``derive``'s plan symbols, subscripted names and words.

    The one place where ``derive`` turns symbols into LaTeX (documents, notebooks, figure labels):

    * ``x[A:checkraise]`` prints as ``x_{A}^{\\mathrm{checkraise}}``;
    * a name ``head_{index}`` prints its head as below and its index as given, or as text when it is a
      label such as ``K:bet`` (``\\emptyset`` for ``∅``);
    * a name of several letters (``bet``, ``ante``, ``bet2``, ``bet_{J}``) is one italic word,
      ``\\mathit{bet}``, never the product b·e·t; Greek names stay Greek (``alpha`` is ``\\alpha``,
      ``beta'`` is ``\\beta'``); one letter stays italic, ``x_1`` is ``x_{1}``;
    * a name that is a label (``Q:xxbf>call``) is not printed (:class:`LabelInFormulaError`): labels
      never sit inside arithmetic; :func:`to_latex` with a :class:`SymbolLegend` names them first.

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
    >>> to_latex(sp.Symbol("bet_{J}") + sp.Symbol("ante_1") + sp.Symbol("beta'") + sp.Symbol("x_1"))
    "\\\\mathit{ante}_{1} + \\\\mathit{bet}_{J} + \\\\beta' + x_{1}"
    """

    def _print_Symbol(self, expr, style="plain"):
        name = expr.name
        if expr in self._settings["symbol_names"]:
            return self._settings["symbol_names"][expr]
        if is_label_name(name):
            raise LabelInFormulaError(
                f"the symbol {name} is named by a label: print it with a SymbolLegend, which names it "
                "p_{k} and says what it is"
            )
        match = _PLAN.fullmatch(name)
        if match:
            letter, card, plan = match.groups()
            return f"{letter}_{{{card}}}^{{\\mathrm{{{plan}}}}}"
        match = _SUBSCRIPTED.fullmatch(name)
        if match:  # alpha_{J} -> \alpha_{J}; a label such as K:bet is set as text
            head, digits, index = match.groups()
            if index == "∅":
                sub = "\\emptyset"
            elif _PLAIN_INDEX.fullmatch(index):
                sub = index
            else:
                sub = f"\\text{{{escape_text(index)}}}"
            if digits:  # s1_{label}: both indices in one subscript
                sub = f"{digits},{sub}"
            return f"{_word(translate(head))}_{{{sub}}}"
        match = _PRIMED.fullmatch(name)
        if match:  # beta' -> \beta'
            base, primes = match.groups()
            return self._print_Symbol(sp.Symbol(base), style) + primes
        return super()._print_Symbol(expr, style=style)

    def _split_super_sub(self, name: str) -> tuple[str, list[str], list[str]]:
        """sympy's split (``bet2`` -> ``bet``, sub ``2``), each word of several letters as one italic word."""
        head, supers, subs = super()._split_super_sub(name)
        if name is None or "{" in name:
            return head, supers, subs
        return _word(head), [_word(s) for s in supers], [_word(s) for s in subs]


def to_latex(expr: object, legend: SymbolLegend | None = None, **settings) -> str:
    r"""LaTeX of ``expr`` with :class:`DeriveLatexPrinter` (sympy's ``latex`` settings apply).

    ``expr`` is a sympy expression, or a number (int, Fraction, a ``QQ`` element) or a tuple that
    sympy reads as one.  ``legend`` names the symbols that are labels (``Q:xxbf>call`` as ``p_{1}``,
    ...): without one they raise :class:`LabelInFormulaError`.

    Examples
    --------
    >>> from fractions import Fraction
    >>> to_latex(sp.Symbol("x_{K:bet}") / 3), to_latex(Fraction(-1, 18))
    ('\\frac{x_{\\text{K:bet}}}{3}', '- \\frac{1}{18}')
    """
    if not isinstance(expr, (sp.Basic, str)):
        expr = sp.sympify(expr)
    if legend is not None:
        expr = legend.renamed(expr)
    return DeriveLatexPrinter(settings).doprint(expr)
