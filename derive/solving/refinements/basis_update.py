"""A basis of a standard-form LP, factored once and updated by each simplex pivot (the product form).

The exact simplex method of :mod:`derive.solving.refinements.exact_simplex` changes one column of the
basis per pivot.  Factoring each new basis afresh (its dense core has about 290 unknowns in Leduc
hold'em) made the pivots cost most of a refined solve.  Here the starting basis ``B_0`` is factored
once (:class:`~derive.solving.exact_solve.ExactFactor`; its slack columns are unit columns, so only
the tight rows and the structural columns are factored), and after ``k`` pivots

    B_k^-1 = E_k ... E_1 B_0^-1,     E_i = I - (α_i - e_p) e_p^T / α_ip,

where pivot ``i`` puts a column ``a`` at basis position ``p`` and ``α_i = B_(i-1)^-1 a`` is that column
in the old basis (Dantzig & Orchard-Hays 1954, "The product form for the inverse in the simplex
method", Math. Tables Aids Comput. 8).  Every product is exact (``QQ``, the ε-polynomials coefficient
by coefficient), so the solves give exactly what a fresh factorization would.
"""

from __future__ import annotations

from sympy.polys.domains import QQ

from derive.solving.exact_solve import ExactFactor, largest_block

__all__ = ["FactoredBasis", "REFACTOR", "basis_block"]

#: Pivots after which :class:`FactoredBasis` is no longer updated but factored afresh (each update
#: adds one column of ``α`` to every later solve).
REFACTOR = 40


def _tight_part(columns: list[dict[int, object]], nrows: int, structural_count: int, basic: list[int]):
    """``(structural, slack_rows, tight, b11)`` of a standard-form basis (see :class:`FactoredBasis`)."""
    structural = [(k, c) for k, c in enumerate(basic) if c < structural_count]
    slack_rows = {}
    for k, c in enumerate(basic):
        if c >= structural_count:
            ((r, sign),) = columns[c].items()
            slack_rows[r] = (k, sign)
    tight = [r for r in range(nrows) if r not in slack_rows]
    if len(tight) != len(structural):
        raise ZeroDivisionError("not a basis")
    tpos = {r: i for i, r in enumerate(tight)}
    b11: dict[int, dict[int, object]] = {}
    for i, (_, c) in enumerate(structural):
        for r, v in columns[c].items():
            if r in tpos:
                b11.setdefault(tpos[r], {})[i] = v
    return structural, slack_rows, tight, b11


def basis_block(columns: list[dict[int, object]], nrows: int, structural_count: int, basic: list[int]) -> int:
    """The most unknowns of one block of the basis ``basic`` as :class:`FactoredBasis` would factor it
    afresh (``largest_block`` of its :class:`~derive.solving.exact_solve.ExactFactor`), from its
    sparsity pattern alone.

    Raises
    ------
    ZeroDivisionError
        If ``basic`` is not a basis (structurally singular).
    """
    _, _, tight, b11 = _tight_part(columns, nrows, structural_count, basic)
    return largest_block(b11, len(tight))


class FactoredBasis:
    """The basis ``B`` (columns ``basic`` of a standard-form LP) prepared for ``B^-1 v`` and ``B^-T v``.

    The LP's columns ``0 .. structural_count - 1`` are structural and the others slacks (one entry
    ``±1``).  ``B`` is split: ``B11`` has the rows whose slack is not basic (the tight rows) and the
    structural basic columns, and is factored exactly (:class:`~derive.solving.exact_solve.ExactFactor`);
    a basic slack of row ``r`` gives ``w_slack = ±(v_r - A_r w_S)``.  :meth:`replace` records a
    pivot as an eta column instead of factoring the new basis.

    Parameters
    ----------
    columns : list of dict
        The LP's columns, ``{row: QQ}`` each.
    nrows : int
        The number of rows.
    structural_count : int
        How many of the columns are structural (the rest are slacks).
    basic : list of int
        The basic column at each basis position, ``nrows`` of them.

    Attributes
    ----------
    updates : int
        Pivots recorded since the factorization.
    largest_block : int
        The most unknowns of one block of ``B_0``'s factorization.

    Raises
    ------
    ZeroDivisionError
        If ``basic`` is not a basis (structurally singular; a numerically singular one raises when solved).
    """

    def __init__(
        self, columns: list[dict[int, object]], nrows: int, structural_count: int, basic: list[int]
    ) -> None:
        self.columns, self.nrows = columns, nrows
        structural, slack_rows, tight, b11 = _tight_part(columns, nrows, structural_count, basic)
        self._structural, self._slack_rows, self._tight = structural, slack_rows, tight
        self._factor = ExactFactor(b11, len(tight))
        self.largest_block = self._factor.largest_block
        self._etas: list[tuple[int, object, list[tuple[int, object]]]] = []  # (p, α_p, [(i, α_i), i != p])
        self.updates = 0

    def ftran(self, vectors: list[list]) -> list[list]:
        """``B^-1 v`` for each vector ``v`` (indexed by row; ``width`` coefficients each): the result
        is indexed by basis position.

        Raises
        ------
        ZeroDivisionError
            If ``B_0`` is singular.
        """
        out = self._solve0(vectors)
        width = len(vectors[0]) if vectors else 0
        for p, pivot, others in self._etas:
            t = [v / pivot for v in out[p]]
            out[p] = t
            if not any(t):
                continue
            for i, a in others:
                line = out[i]
                out[i] = (
                    [x - a * s if s else x for x, s in zip(line, t)] if width > 1 else [line[0] - a * t[0]]
                )
        return out

    def btran(self, vectors: list[list]) -> list[list]:
        """``B^-T v`` for each vector ``v`` (indexed by basis position): the result (the rows' duals)
        is indexed by row.

        Raises
        ------
        ZeroDivisionError
            If ``B_0`` is singular.
        """
        v = [list(line) for line in vectors]
        width = len(vectors[0]) if vectors else 0
        for p, pivot, others in reversed(self._etas):
            acc = v[p]
            for i, a in others:
                line = v[i]
                for d in range(width):
                    if line[d]:
                        acc[d] -= a * line[d]
            v[p] = [x / pivot for x in acc]
        return self._solve0(v, transpose=True)

    def replace(self, position: int, alpha: list[list]) -> None:
        """Record a pivot: the column whose ``B^-1 a`` is ``alpha`` (by basis position, one coefficient
        each, from :meth:`ftran`) takes basis position ``position``; ``alpha[position]`` is nonzero."""
        pivot = alpha[position][0]
        others = [(i, a[0]) for i, a in enumerate(alpha) if i != position and a[0]]
        self._etas.append((position, pivot, others))
        self.updates += 1

    def _solve0(self, vectors: list[list], transpose: bool = False) -> list[list]:
        """``B_0^-1 v`` (or ``B_0^-T v``) for polynomial vectors ``v``, coefficient by coefficient."""
        structural, slack_rows, tight, factor = self._structural, self._slack_rows, self._tight, self._factor
        n, m = self.nrows, len(tight)
        width = len(vectors[0]) if vectors else 0
        out = [[QQ(0)] * width for _ in range(n)]

        def solve11(rhs: list[list], trans: bool) -> list[list]:
            data = {i: v for i, v in enumerate(rhs) if any(v)}
            res = [[QQ(0)] * width for _ in range(m)]
            if data and m:
                for i, v in (
                    factor.solve_transpose(data, width) if trans else factor.solve(data, width)
                ).items():
                    res[i] = v
            return res

        if not transpose:  # vectors indexed by row; the result by basis position
            zs = solve11([vectors[r] for r in tight], False)
            for i, (k, _) in enumerate(structural):
                out[k] = zs[i]
            accs = {r: list(vectors[r]) for r in slack_rows}
            for i, (_, c) in enumerate(structural):
                z = zs[i]
                if not any(z):
                    continue
                for r, a in self.columns[c].items():
                    if r in accs:
                        acc = accs[r]
                        for d in range(width):
                            if z[d]:
                                acc[d] -= a * z[d]
            for r, (k, sign) in slack_rows.items():
                out[k] = accs[r] if sign > 0 else [-v for v in accs[r]]
            return out
        # transposed: vectors indexed by basis position; the result (row duals) by row
        for r, (k, sign) in slack_rows.items():
            out[r] = [sign * v for v in vectors[k]]
        rhs = []
        for k, c in structural:
            acc = list(vectors[k])
            for r, a in self.columns[c].items():
                if r in slack_rows:
                    for d in range(width):
                        if out[r][d]:
                            acc[d] -= a * out[r][d]
            rhs.append(acc)
        pis = solve11(rhs, True)
        for i, r in enumerate(tight):
            out[r] = pis[i]
        return out
