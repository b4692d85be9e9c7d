"""The symbolic count of each hand class: :func:`hand_table` (a formula, its value and the
probability per class, for any deck), :func:`general_formulas` (in the symbols ``R`` and ``S``),
and the formulas' printers, :func:`formula_text` and :func:`formula_latex`.

A count is an unevaluated product of binomial coefficients, the derivation a student would
write, e.g. ``C(13,1)·C(4,3)`` for three of a kind in three-card poker.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy as sp
from sympy.printing.str import StrPrinter

from derive.hands.cards import _deck_text, _rank_symbols
from derive.hands.classes import (
    _ALIASES,
    _CLASSES,
    _CONVENTIONS,
    _SOURCE_NAMES,
    _SOURCES,
    _check_hand_size,
    _check_table,
)
from derive.hands.errors import UnknownTargetError
from derive.hands.exact import _odds_against
from derive.notation.latex import to_latex

__all__ = [
    "HandClassRow",
    "HandTable",
    "formula_latex",
    "formula_text",
    "general_formulas",
    "hand_table",
]


def _b(n: object, k: int) -> sp.Expr:
    return sp.binomial(n, k, evaluate=False)


def _mul(*args: sp.Expr) -> sp.Expr:
    return sp.Mul(*args, evaluate=False)


def _minus(a: sp.Expr, b: sp.Expr) -> sp.Expr:
    return sp.Add(a, sp.Mul(-1, b, evaluate=False), evaluate=False)


def _pow(a: sp.Expr, e: int) -> sp.Expr:
    return sp.Pow(a, e, evaluate=False)


def _straight_words(h: int, ranks: int) -> str:
    """Which straights the deck has, in its own ranks: ``"ace high or low (A-2-3-4-5 up to 10-J-Q-K-A),
    no wrap-around"`` for 13 ranks, ``"(A-9-10-J-Q up to 10-J-Q-K-A)"`` for the top 6."""
    if ranks > 13:
        return "ace high or low, no wrap-around"
    names = ["10" if c == "T" else c for c in _rank_symbols(ranks)]
    if ranks < h:
        return f"no straights (only {ranks} ranks)"
    high = "-".join(names[-h:])
    if ranks == h:
        return f"one straight ({high})"
    low = "-".join(["A", *names[: h - 1]])
    return f"ace high or low ({low} up to {high}), no wrap-around"


def _n_straights(h: int, ranks: int) -> int:
    if ranks > h:
        return ranks - h + 2
    return 1 if ranks == h else 0


def _formulas(h: int, R: object, S: object, n: object) -> dict[str, tuple[sp.Expr, str]]:
    """The unevaluated count of each class and how it is read, for ``R`` ranks, ``S`` suits, ``n`` straights."""

    def less(x: object, k: int) -> object:  # R - k ranks left, never negative in a small deck
        return max(x - k, 0) if isinstance(x, int) else sp.Add(x, -k, evaluate=False)

    if h == 3:
        return {
            "straight flush": (
                _mul(_b(n, 1), _b(S, 1)),
                f"one of the {n} straights, in one of the {S} suits",
            ),
            "three of a kind": (_mul(_b(R, 1), _b(S, 3)), "a rank, and 3 of its suits"),
            "straight": (
                _minus(_mul(_b(n, 1), _pow(_b(S, 1), 3)), _mul(_b(n, 1), _b(S, 1))),
                "a straight, any suit for each card, less the straight flushes",
            ),
            "flush": (
                _minus(_mul(_b(R, 3), _b(S, 1)), _mul(_b(n, 1), _b(S, 1))),
                "3 ranks in one suit, less the straight flushes",
            ),
            "one pair": (
                _mul(_b(R, 1), _b(S, 2), _b(less(R, 1), 1), _b(S, 1)),
                "the pair's rank and 2 of its suits, then an odd card of another rank",
            ),
            "high card": (
                _mul(_minus(_b(R, 3), _b(n, 1)), _minus(_pow(_b(S, 1), 3), _b(S, 1))),
                "3 ranks not in sequence, suits not all alike",
            ),
        }
    royal = _b(S, 1) if not isinstance(n, int) or n >= 1 else sp.Integer(0)
    n_other = less(n, 1) if isinstance(n, int) else less(R, h - 1)  # straights below the royal
    return {
        "royal flush": (royal, "10-J-Q-K-A in one of the suits"),
        "straight flush": (
            _mul(_b(n_other, 1), _b(S, 1)),
            f"one of the {n_other} lower straights, in one suit",
        ),
        "four of a kind": (
            _mul(_b(R, 1), _b(S, 4), _b(less(R, 1), 1), _b(S, 1)),
            "a rank and all 4 of its suits, then an odd card",
        ),
        "full house": (
            _mul(_b(R, 1), _b(S, 3), _b(less(R, 1), 1), _b(S, 2)),
            "the triplet's rank and 3 suits, the pair's rank and 2 suits",
        ),
        "flush": (
            _minus(_mul(_b(R, 5), _b(S, 1)), _mul(_b(n, 1), _b(S, 1))),
            "5 ranks in one suit, less the straight (and royal) flushes",
        ),
        "straight": (
            _minus(_mul(_b(n, 1), _pow(_b(S, 1), 5)), _mul(_b(n, 1), _b(S, 1))),
            "a straight, any suit for each card, less the straight (and royal) flushes",
        ),
        "three of a kind": (
            _mul(_b(R, 1), _b(S, 3), _b(less(R, 1), 2), _pow(_b(S, 1), 2)),
            "the triplet's rank and 3 suits, two odd ranks and their suits",
        ),
        "two pair": (
            _mul(_b(R, 2), _pow(_b(S, 2), 2), _b(less(R, 2), 1), _b(S, 1)),
            "2 ranks for the pairs and 2 suits of each, an odd card",
        ),
        "one pair": (
            _mul(_b(R, 1), _b(S, 2), _b(less(R, 1), 3), _pow(_b(S, 1), 3)),
            "the pair's rank and 2 suits, three odd ranks and their suits",
        ),
        "high card": (
            _mul(_minus(_b(R, 5), _b(n, 1)), _minus(_pow(_b(S, 1), 5), _b(S, 1))),
            "5 ranks not in sequence, suits not all alike",
        ),
    }


class _FormulaPrinter(StrPrinter):
    def _print_binomial(self, expr: sp.Expr) -> str:
        return f"C({self._print(expr.args[0])},{self._print(expr.args[1])})"


def formula_text(expr: sp.Expr) -> str:
    """Plain text of an unevaluated count, in the texts' notation: ``C(13,1)·C(4,3)``.

    Parameters
    ----------
    expr : sympy.Expr
        A formula from a :class:`HandClassRow` (kept unevaluated).

    Returns
    -------
    str
        ``C(n,k)`` for binomial coefficients, ``·`` for products, ``^`` for powers.

    Raises
    ------
    None
        Any sympy expression can be printed.

    Examples
    --------
    >>> formula_text(hand_table(3).row("straight").formula)
    'C(12,1)·C(4,1)^3 - C(12,1)·C(4,1)'
    """
    text = _FormulaPrinter({"order": "none"}).doprint(expr)
    return text.replace("**", "^").replace("*", "·")


def formula_latex(expr: sp.Expr) -> str:
    """LaTeX of an unevaluated count or an exact value, the order of the factors kept
    (:func:`derive.notation.latex.to_latex`, sympy's printer with ``order="none"``).

    Parameters
    ----------
    expr : sympy.Expr
        A formula from :func:`hand_table` or :func:`general_formulas`, or a Rational.

    Returns
    -------
    str
        The LaTeX, without dollar signs.

    Raises
    ------
    None
        Any sympy expression can be printed.

    Examples
    --------
    >>> formula_latex(general_formulas(3)["three of a kind"])
    '{\\\\binom{R}{1}} {\\\\binom{S}{3}}'
    >>> formula_latex(sp.Rational(179, 66))
    '\\\\frac{179}{66}'
    """
    return to_latex(sp.sympify(expr), order="none")


def _latex_text(text: str) -> str:
    return r"\text{" + text + "}"


@dataclass(frozen=True)
class HandClassRow:
    """One class of a hand table: the derivation of its count, the count, and the probability.

    Attributes
    ----------
    name : str
        The class, e.g. ``"three of a kind"``.
    source_name : str
        The class's name in the seed text (``"Nothing"``, ``"Full Hand"``).
    formula : sympy.Expr
        The count as an unevaluated product of binomial coefficients.
    count : int
        Its value: the number of hands of the class.
    probability : sympy.Rational
        ``count`` over the number of hands.
    reason : str
        How the formula is read, in words.

    Examples
    --------
    >>> row = hand_table(3).row("three of a kind")
    >>> formula_text(row.formula), row.count, row.probability
    ('C(13,1)·C(4,3)', 52, 1/425)
    >>> row.latex
    '{\\\\binom{13}{1}} {\\\\binom{4}{3}}'
    """

    name: str
    source_name: str
    formula: sp.Expr
    count: int
    probability: sp.Rational
    reason: str

    @property
    def latex(self) -> str:
        """LaTeX of the unevaluated formula (:func:`formula_latex`, argument order kept).

        Returns
        -------
        str
            E.g. ``{\\binom{13}{1}} {\\binom{4}{3}}``.

        Examples
        --------
        >>> hand_table(5).row("royal flush").latex
        '{\\\\binom{4}{1}}'
        """
        return formula_latex(self.formula)

    @property
    def odds_against(self) -> sp.Expr:
        """The odds against the class, ``k`` to 1 with ``k = (1 - p) / p`` (``oo`` if impossible).

        Returns
        -------
        sympy.Rational or sympy.oo
            The exact ``k``.

        Examples
        --------
        >>> hand_table(5).row("three of a kind").odds_against
        4077/88
        """
        return _odds_against(self.probability)

    def _repr_latex_(self) -> str:
        return (
            f"${_latex_text(self.name)}: {self.latex} = {self.count}, "
            rf"\quad p = {formula_latex(self.probability)}$"
        )


@dataclass(frozen=True)
class HandTable:
    """The hands of a given size from a given deck, by class: a derivation of each count.

    Attributes
    ----------
    hand_size : int
        3 or 5.
    ranks, suits : int
        The deck.
    total_formula : sympy.Expr
        ``C(ranks*suits, hand_size)``, unevaluated.
    total : int
        The number of hands.
    rows : tuple of HandClassRow
        One row per class, best first; the counts sum to ``total``.
    source : str
        Whose classification the table follows.
    conventions : str
        The conventions for straights.

    Examples
    --------
    >>> t = hand_table(3)
    >>> t.total, [r.count for r in t.rows]
    (22100, [48, 52, 720, 1096, 3744, 16440])
    """

    hand_size: int
    ranks: int
    suits: int
    total_formula: sp.Expr
    total: int
    rows: tuple[HandClassRow, ...]
    source: str
    conventions: str

    @property
    def counts(self) -> dict[str, int]:
        """The count of each class, best first.

        Returns
        -------
        dict of str to int
            Comparable with :func:`brute_force_counts`.

        Examples
        --------
        >>> hand_table(5).counts["full house"]
        3744
        """
        return {r.name: r.count for r in self.rows}

    def row(self, name: str) -> HandClassRow:
        """The row of a class, by name or alias (``"trips"``, ``"full hand"``, ``"nothing"``).

        Parameters
        ----------
        name : str
            The class.

        Returns
        -------
        HandClassRow
            Its row.

        Raises
        ------
        UnknownTargetError
            A class that is not in this table.

        Examples
        --------
        >>> hand_table(5).row("Full Hand").count
        3744
        """
        key = _ALIASES.get(" ".join(str(name).lower().split()))
        for r in self.rows:
            if r.name == key:
                return r
        raise UnknownTargetError(
            f"unknown hand class {name!r} for {self.hand_size}-card hands: {', '.join(_CLASSES[self.hand_size])}"
        )

    def latex_tabular(self) -> str:
        """The table as a LaTeX ``tabular`` (class, formula, count, probability) for a document.

        Returns
        -------
        str
            A ``tabular`` environment, its last row the total.

        Examples
        --------
        >>> print(hand_table(3).latex_tabular().splitlines()[3])
        straight flush & ${\\binom{12}{1}} {\\binom{4}{1}}$ & 48 & $\\frac{12}{5525}$ \\\\
        """
        lines = [
            r"\begin{tabular}{llrl}",
            r"class & formula & count & probability \\",
            r"\hline",
        ]
        for r in self.rows:
            lines.append(f"{r.name} & ${r.latex}$ & {r.count} & ${formula_latex(r.probability)}$ \\\\")
        lines += [
            r"\hline",
            f"total & ${formula_latex(self.total_formula)}$ & {self.total} & $1$ \\\\",
            r"\end{tabular}",
        ]
        return "\n".join(lines)

    def latex_array(self) -> str:
        """The table as a LaTeX ``array`` in display math, which MathJax (a notebook) can render.

        Returns
        -------
        str
            ``$$\\begin{array} ... \\end{array}$$``.

        Examples
        --------
        >>> hand_table(3).latex_array().startswith("$$\\\\begin{array}{llrl}")
        True
        """
        body = [r"\text{class} & \text{formula} & \text{count} & \text{probability} \\ \hline"]
        for r in self.rows:
            body.append(
                f"{_latex_text(r.name)} & {r.latex} & {r.count} & {formula_latex(r.probability)} \\\\"
            )
        body.append(rf"\hline \text{{total}} & {formula_latex(self.total_formula)} & {self.total} & 1")
        return "$$\\begin{array}{llrl}\n" + "\n".join(body) + "\n\\end{array}$$"

    def _repr_latex_(self) -> str:
        return self.latex_array()

    def to_text(self) -> str:
        """The table as plain text: class, formula, count and exact probability, then the total.

        Returns
        -------
        str
            Aligned columns, a heading line and a conventions line.

        Examples
        --------
        >>> print(hand_table(3).to_text())
        3-card hands from a deck of 13 ranks × 4 suits (52 cards): C(52,3) = 22100 hands
        class            formula                                  count  probability
        straight flush   C(12,1)·C(4,1)                              48      12/5525
        three of a kind  C(13,1)·C(4,3)                              52        1/425
        straight         C(12,1)·C(4,1)^3 - C(12,1)·C(4,1)          720      36/1105
        flush            C(13,3)·C(4,1) - C(12,1)·C(4,1)           1096     274/5525
        one pair         C(13,1)·C(4,2)·C(12,1)·C(4,1)             3744       72/425
        high card        (C(13,3) - C(12,1))·(C(4,1)^3 - C(4,1))  16440     822/1105
        total            C(52,3)                                  22100            1
        classes: three-card poker, as in three-card-poker-frequencies.txt; ace high or low (A-2-3 up to Q-K-A), no wrap-around; a straight beats a flush
        """
        head = ["class", "formula", "count", "probability"]
        body = [[r.name, formula_text(r.formula), str(r.count), str(r.probability)] for r in self.rows]
        body.append(["total", formula_text(self.total_formula), str(self.total), "1"])
        w = [max(len(x[i]) for x in [head, *body]) for i in range(4)]
        lines = [
            f"{self.hand_size}-card hands from a deck of {_deck_text(self.ranks, self.suits)} "
            f"({self.ranks * self.suits} cards): {formula_text(self.total_formula)} = {self.total} hands"
        ]
        for x in [head, *body]:
            lines.append(f"{x[0]:<{w[0]}}  {x[1]:<{w[1]}}  {x[2]:>{w[2]}}  {x[3]:>{w[3]}}".rstrip())
        lines.append(f"classes: {self.source}; {self.conventions}")
        return "\n".join(lines)


@lru_cache(maxsize=64)
def _hand_table(hand_size: int, ranks: int, suits: int) -> HandTable:
    n = _n_straights(hand_size, ranks)
    formulas = _formulas(hand_size, ranks, suits, n)
    total_formula = _b(ranks * suits, hand_size)
    total = int(total_formula.doit())
    rows = []
    for name, source_name in zip(_CLASSES[hand_size], _SOURCE_NAMES[hand_size], strict=True):
        expr, reason = formulas[name]
        count = int(expr.doit())
        rows.append(HandClassRow(name, source_name, expr, count, sp.Rational(count, total), reason))
    if sum(r.count for r in rows) != total:  # pragma: no cover - the formulas partition the hands
        raise AssertionError(f"class counts do not sum to {total} for {hand_size} of {ranks}x{suits}")
    conventions = _straight_words(hand_size, ranks) + _CONVENTIONS[hand_size].split("no wrap-around", 1)[1]
    if (ranks, suits) != (13, 4):
        conventions += f"; {n} straight{'s' if n != 1 else ''} of {hand_size} among {ranks} ranks"
    return HandTable(
        hand_size, ranks, suits, total_formula, total, tuple(rows), _SOURCES[hand_size], conventions
    )


def hand_table(hand_size: int, ranks: int = 13, suits: int = 4) -> HandTable:
    """Count the hands of each class symbolically: formula, exact count and probability per class.

    The three-card table reproduces the frequency text ("52C3 = 22100", 48
    straight flushes, ...); the five-card table follows Hoyle's Law 35, the
    royal flush separate (2,598,960 hands). The formulas are general: in a
    deck of ``R`` ranks (the top one the ace, playing high or low) and ``S``
    suits there are ``n = R - h + 2`` straights of ``h < R`` cards, e.g.
    ``C(n,1)·C(S,1)^3 - C(n,1)·C(S,1)`` straights of three cards.

    Parameters
    ----------
    hand_size : int
        3 (three-card poker) or 5 (draw poker).
    ranks, suits : int
        The deck (default 13 × 4).

    Returns
    -------
    HandTable
        The rows, best class first, and the total.

    Raises
    ------
    HandSizeError
        A hand size other than 3 or 5, or larger than the deck.
    DeckError
        Ranks or suits not a positive integer, or more than 4 suits for 5-card hands.

    Examples
    --------
    >>> t = hand_table(5)
    >>> t.total_formula, t.total
    (binomial(52, 5), 2598960)
    >>> row = t.row("straight")
    >>> formula_text(row.formula), row.count, row.probability
    ('C(10,1)·C(4,1)^5 - C(10,1)·C(4,1)', 10200, 5/1274)
    >>> row.formula.doit()
    10200
    >>> hand_table(5, ranks=2, suits=2)
    Traceback (most recent call last):
    ...
    derive.hands.HandSizeError: hand size 5 is larger than the deck of 2 ranks × 2 suits (4 cards)
    """
    return _hand_table(*_check_table(hand_size, ranks, suits))


#: The symbols of :func:`general_formulas`: ranks and suits of the deck.
_R = sp.Symbol("R", integer=True, positive=True)
_S = sp.Symbol("S", integer=True, positive=True)


def general_formulas(hand_size: int) -> dict[str, sp.Expr]:
    """The count of each class in a deck of ``R`` ranks and ``S`` suits, valid for ``R > hand_size`` (``S <= 4`` for 5 cards).

    Parameters
    ----------
    hand_size : int
        3 or 5.

    Returns
    -------
    dict of str to sympy.Expr
        Unevaluated formulas in the symbols ``R`` and ``S`` (``R - h + 2``
        straights), best class first; substituting ``R = 13, S = 4`` and
        evaluating gives :func:`hand_table`'s counts.

    Raises
    ------
    HandSizeError
        A hand size other than 3 or 5.

    Examples
    --------
    >>> f = general_formulas(3)
    >>> formula_text(f["straight flush"]), formula_text(f["three of a kind"])
    ('C(R - 1,1)·C(S,1)', 'C(R,1)·C(S,3)')
    >>> sp.factor(f["straight"].doit())
    S*(R - 1)*(S - 1)*(S + 1)
    """
    h = _check_hand_size(hand_size, hand_size, "the deck")
    return {
        name: expr for name, (expr, _) in _formulas(h, _R, _S, sp.Add(_R, -(h - 2), evaluate=False)).items()
    }
