"""Exact sparse LU factors of a square matrix over the rationals, kept for repeated solves.

The dense core of a sequence-form basis (:class:`derive.solving.exact_solve.ExactFactor`) is a few
hundred unknowns but very sparse: Leduc hold'em's perturbed bases have about 290 unknowns and
three nonzeros a row.  Gaussian elimination in the order of Markowitz (1957) -- at each step the
pivot ``(i, j)`` with the fewest ``(r_i - 1)(c_j - 1)``, ``r_i`` and ``c_j`` the nonzeros left in
its row and its column -- creates little fill-in there (a few hundred entries), so the factors cost
a few milliseconds in Python and each solve with them about a millisecond, where FLINT's dense
solver takes tens of milliseconds for every solve.  The arithmetic is exact (the ground type of
``QQ``), so the pivot order only decides the cost, never the result: any nonzero pivot is as good
as another.
"""

from __future__ import annotations

__all__ = ["FillError", "SparseLU"]


class FillError(ArithmeticError):
    """The elimination created more entries than :class:`SparseLU` was allowed (dense is cheaper)."""


#: How many rows and columns of the fewest nonzeros are examined for the next Markowitz pivot.
SEARCH_LINES = 4


class SparseLU:
    """``P B Q = L U`` for a sparse square ``B`` over ``QQ``, by Gaussian elimination (Markowitz order).

    Parameters
    ----------
    rows : list of dict
        ``B`` as one ``{column: entry}`` per row, shape ``(m, m)``, columns ``0 .. m-1``; zero
        entries are ignored.  The entries must be exact (``QQ`` elements): the factors are.
    max_entries : int or None
        Raise :class:`FillError` once the factors hold more entries than this (None: no limit).

    Raises
    ------
    ZeroDivisionError
        If ``B`` is singular (a row or a column runs out of nonzeros).
    FillError
        If the factors outgrow ``max_entries``.

    Notes
    -----
    Step ``k`` pivots on row ``p_k``, column ``c_k``: it subtracts ``f_i`` times row ``p_k`` from
    each other row ``i`` with an entry in column ``c_k`` (``L``) and keeps row ``p_k`` as it is then
    (``U``: column ``c_k`` and columns pivoted later).  :meth:`solve` and :meth:`solve_transpose`
    replay those steps: one pass forward, one back, each entry of the factors used once a
    right-hand side.  Markowitz (1957), "The elimination form of the inverse and its application to
    linear programming", Management Science 3; Duff, Erisman & Reid (2017), *Direct Methods for
    Sparse Matrices*, ch. 10.
    """

    def __init__(self, rows: list[dict[int, object]], max_entries: int | None = None) -> None:
        m = len(rows)
        work = [{j: v for j, v in row.items() if v} for row in rows]
        cols: list[set[int]] = [set() for _ in range(m)]
        for i, row in enumerate(work):
            for j in row:
                cols[j].add(i)
        # lines (rows, columns) bucketed by their number of nonzeros, to find a cheap pivot fast
        row_bucket: dict[int, set[int]] = {}
        col_bucket: dict[int, set[int]] = {}
        for i, row in enumerate(work):
            row_bucket.setdefault(len(row), set()).add(i)
        for j, col in enumerate(cols):
            col_bucket.setdefault(len(col), set()).add(j)
        if row_bucket.get(0) or col_bucket.get(0):
            raise ZeroDivisionError("singular matrix: a row or a column is zero")
        row_len = [len(row) for row in work]
        col_len = [len(col) for col in cols]

        def move(bucket, lengths, key, new):
            bucket[lengths[key]].discard(key)
            lengths[key] = new
            bucket.setdefault(new, set()).add(key)

        self.m = m
        #: ``(p_k, c_k, pivot, U row without the pivot as [(column, entry)], L as [(row, f)])`` per step.
        self.steps: list[tuple[int, int, object, list, list]] = []
        entries = 0
        for _ in range(m):
            best = None
            examined = 0
            for count in range(1, m + 1):
                for i in row_bucket.get(count, ()):
                    for j in work[i]:
                        cost = (count - 1) * (col_len[j] - 1)
                        if best is None or cost < best[0]:
                            best = (cost, i, j)
                    examined += 1
                    if examined >= SEARCH_LINES:
                        break
                for j in col_bucket.get(count, ()):
                    for i in cols[j]:
                        cost = (row_len[i] - 1) * (count - 1)
                        if best is None or cost < best[0]:
                            best = (cost, i, j)
                    examined += 1
                    if examined >= SEARCH_LINES:
                        break
                if best is not None and (best[0] <= count * count or examined >= SEARCH_LINES):
                    break
            if best is None:
                raise ZeroDivisionError("singular matrix")
            _, p, c = best
            prow = work[p]
            pivot = prow[c]
            row_bucket[row_len[p]].discard(p)
            for j in prow:
                cols[j].discard(p)
                move(col_bucket, col_len, j, col_len[j] - 1)
            others = sorted(cols[c])
            multipliers = []
            for i in others:
                row = work[i]
                f = row.pop(c) / pivot
                multipliers.append((i, f))
                for j, v in prow.items():
                    if j == c:
                        continue
                    old = row.get(j)
                    if old is None:
                        row[j] = -f * v
                        cols[j].add(i)
                        move(col_bucket, col_len, j, col_len[j] + 1)
                    else:
                        new = old - f * v
                        if new:
                            row[j] = new
                        else:
                            del row[j]
                            cols[j].discard(i)
                            move(col_bucket, col_len, j, col_len[j] - 1)
                if not row:
                    raise ZeroDivisionError("singular matrix")
                move(row_bucket, row_len, i, len(row))
            col_bucket[col_len[c]].discard(c)
            cols[c] = set()
            upper = [(j, v) for j, v in prow.items() if j != c]
            self.steps.append((p, c, pivot, upper, multipliers))
            entries += len(upper) + len(multipliers) + 1
            if max_entries is not None and entries > max_entries:
                raise FillError(f"more than {max_entries} entries in the factors")
            for j in prow:
                if j != c and col_len[j] == 0:
                    raise ZeroDivisionError("singular matrix")
        #: The entries of the factors (pivots included): what one solve costs per right-hand side.
        self.entries = entries

    def solve(self, right: list[list], width: int) -> list[list]:
        """``x`` with ``B x = r``: ``right[i]`` is row ``i`` of ``r`` (``width`` entries); returns ``x``
        the same way, one list per column of ``B``."""
        r = [list(line) for line in right]
        for p, _, _, _, lower in self.steps:
            rp = r[p]
            if not any(rp):
                continue
            for i, f in lower:
                ri = r[i]
                for w in range(width):
                    if rp[w]:
                        ri[w] -= f * rp[w]
        x: list = [None] * self.m
        for p, c, pivot, upper, _ in reversed(self.steps):
            acc = r[p]
            for j, v in upper:
                xj = x[j]
                for w in range(width):
                    if xj[w]:
                        acc[w] -= v * xj[w]
            x[c] = [a / pivot for a in acc]
        return x

    def solve_transpose(self, right: list[list], width: int) -> list[list]:
        """``y`` with ``B^T y = s``: ``right[j]`` is the entry of column ``j`` of ``B`` (``width``
        entries); returns ``y``, one list per row of ``B``."""
        s = [list(line) for line in right]
        y: list = [None] * self.m
        for p, c, pivot, upper, _ in self.steps:
            yp = [a / pivot for a in s[c]]
            y[p] = yp
            if not any(yp):
                continue
            for j, v in upper:
                sj = s[j]
                for w in range(width):
                    if yp[w]:
                        sj[w] -= v * yp[w]
        for p, _, _, _, lower in reversed(self.steps):
            yp = y[p]
            for i, f in lower:
                yi = y[i]
                for w in range(width):
                    if yi[w]:
                        yp[w] -= f * yi[w]
        return y
