"""Matrix and bimatrix games typed on one line, as extensive games with one move each.

``[[3,-1],[-2,1]]`` is a zero-sum matrix game: the row player gets the entry, the column player
its negative.  ``[[3,0],[5,1]];[[3,5],[0,1]]`` is a bimatrix game ``(A, B)``: the row player gets
``A``'s entry, the column player ``B``'s.  Entries are exact numbers (``2``, ``-1/3``, ``0.25``).
The game is built as an extensive game in which the row player moves first and the column player
moves not knowing his move (one information set each), so every solver and printer of
:mod:`derive` takes it like any other game.

Examples
--------
>>> game = matrix_game(read_matrix("[[3,-1],[-2,1]]"))
>>> game.players, game.infosets[0].actions, game.infosets[1].actions
(('row', 'column'), ('r1', 'r2'), ('c1', 'c2'))
>>> game.is_zero_sum
True
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

import sympy as sp

from derive.extensive_form.build import decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import Game, GameModelError

__all__ = ["MAX_MATRIX_ENTRIES", "matrix_game", "read_bimatrix", "read_matrix"]

#: The most entries a typed matrix may have (a matrix game solves exactly in well under a second there).
MAX_MATRIX_ENTRIES = 10_000


def read_matrix(text: str, what: str = "the matrix") -> list[list[sp.Rational]]:
    """Read ``"[[3,-1],[-2,1]]"`` as a list of rows of exact rationals.

    Parameters
    ----------
    text : str
        Rows in brackets, entries separated by commas: integers, fractions ``p/q`` or decimals
        (read exactly).
    what : str
        What the text is, for the error messages (e.g. ``"--matrix"``).

    Returns
    -------
    list of list of sympy.Rational
        At least one row, all rows of the same positive length.

    Raises
    ------
    GameModelError
        One line naming ``what``: not rows in brackets, rows of different lengths, an entry that is
        not an exact number, or more than :data:`MAX_MATRIX_ENTRIES` entries.

    Examples
    --------
    >>> read_matrix("[[1, -1/2], [0.25, 0]]")
    [[1, -1/2], [1/4, 0]]
    >>> read_matrix("[[1, 2], [3]]")
    Traceback (most recent call last):
    ...
    derive.extensive_form.game.GameModelError: the matrix: row 2 has 1 entry, row 1 has 2
    """
    quoted = re.sub(r"[^\[\],\s]+", lambda m: repr(m[0]), text)
    try:
        rows = ast.literal_eval(quoted)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        rows = None
    if (
        not isinstance(rows, list)
        or not rows
        or not all(isinstance(r, list) and r and all(isinstance(e, str) for e in r) for r in rows)
    ):
        raise GameModelError(f"{what}: give rows in brackets, e.g. [[3,-1],[-2,1]]; got {_short(text)!r}")
    for i, row in enumerate(rows[1:], start=2):
        if len(row) != len(rows[0]):
            raise GameModelError(
                f"{what}: row {i} has {len(row)} entr{'ies' if len(row) != 1 else 'y'}, row 1 has {len(rows[0])}"
            )
    if len(rows) * len(rows[0]) > MAX_MATRIX_ENTRIES:
        raise GameModelError(
            f"{what}: {len(rows)} x {len(rows[0])} entries, more than the limit of {MAX_MATRIX_ENTRIES:,}"
        )
    out = []
    for i, row in enumerate(rows, start=1):
        values = []
        for j, entry in enumerate(row, start=1):
            where = f"{what}: entry ({i}, {j})"
            try:
                value = exact_value(entry, where)
            except (GameModelError, sp.SympifyError, TypeError):
                value = None
            if value is None or not value.is_Rational:
                raise GameModelError(
                    f"{where} is {_short(entry)!r}, not an exact number (e.g. 2, -1/3, 0.25)"
                )
            values.append(value)
        out.append(values)
    return out


def read_bimatrix(
    text: str, what: str = "the bimatrix"
) -> tuple[list[list[sp.Rational]], list[list[sp.Rational]]]:
    """Read ``"A;B"``, two matrices of the same shape (the row player's payoffs, then the column player's).

    Raises
    ------
    GameModelError
        One line naming ``what``: not two matrices separated by ``;``, shapes that differ, or a
        matrix :func:`read_matrix` refuses.

    Examples
    --------
    >>> read_bimatrix("[[3,0],[5,1]];[[3,5],[0,1]]")
    ([[3, 0], [5, 1]], [[3, 5], [0, 1]])
    """
    parts = text.split(";")
    if len(parts) != 2:
        raise GameModelError(
            f"{what}: give two matrices separated by ';', the row player's then the column player's, "
            "e.g. [[3,0],[5,1]];[[3,5],[0,1]]"
        )
    a = read_matrix(parts[0], f"{what} (first matrix)")
    b = read_matrix(parts[1], f"{what} (second matrix)")
    if (len(a), len(a[0])) != (len(b), len(b[0])):
        raise GameModelError(
            f"{what}: the matrices are {len(a)} x {len(a[0])} and {len(b)} x {len(b[0])}; they must have one shape"
        )
    return a, b


def matrix_game(
    a: Sequence[Sequence[object]],
    b: Sequence[Sequence[object]] | None = None,
    *,
    title: str = "",
) -> Game:
    """The strategic game of ``a`` (and ``b``) as an extensive game: ``row`` picks ``r1``, ``r2``, ...,
    then ``column``, not seeing it, picks ``c1``, ``c2``, ....

    Parameters
    ----------
    a : rows of exact numbers
        The row player's payoffs.
    b : rows of exact numbers, optional
        The column player's payoffs; None (default) for the zero-sum game ``-a``.
    title : str
        The game's title (default ``"matrix game"`` or ``"bimatrix game"``).

    Returns
    -------
    Game

    Raises
    ------
    GameModelError
        If an entry is not exact (a float such as 0.1, see :mod:`derive.extensive_form.exact`), the
        rows differ in length or ``b``'s shape differs from ``a``'s.

    Examples
    --------
    >>> from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
    >>> solve_zero_sum(matrix_game([[3, -1], [-2, 1]])).value
    1/7
    """
    rows = [list(r) for r in a]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise GameModelError("a matrix game needs rows of one positive length")
    other = None if b is None else [list(r) for r in b]
    if other is not None and (len(other) != len(rows) or any(len(r) != len(rows[0]) for r in other)):
        raise GameModelError("the two matrices of a bimatrix game must have one shape")

    def entry(i: int, j: int):
        mine = exact_value(rows[i][j], f"entry ({i + 1}, {j + 1})")
        theirs = -mine if other is None else exact_value(other[i][j], f"entry ({i + 1}, {j + 1}) of B")
        return payoff(mine, theirs)

    columns = range(len(rows[0]))
    root = decision(
        "row",
        "row",
        {
            f"r{i + 1}": decision("column", "column", {f"c{j + 1}": entry(i, j) for j in columns})
            for i in range(len(rows))
        },
    )
    return extensive_form(
        ["row", "column"], root, title=title or ("matrix game" if other is None else "bimatrix game")
    )


def _short(text: str, length: int = 40) -> str:
    return text if len(text) <= length else text[: length - 3] + "..."
