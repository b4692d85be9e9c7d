"""Exact solution of sparse square linear systems over the rationals: the bases of the LPs.

A basis of a sequence-form LP is nearly triangular.  :func:`elimination_order` peels the rows and
columns with one entry (each unknown then follows by one division); :func:`block_triangular_order`
splits what is left by a perfect matching and the strongly connected components of its graph
(Duff 1981; Tarjan 1972) into blocks solved one after another; :func:`solve_exact` solves each
block, a 1 x 1 block by one division and a larger one by its exact sparse LU factors
(:class:`~derive.solving.sparse_lu.SparseLU`, or FLINT's dense solver if they fill in), or by a
floating-point solve whose result is rounded to fractions and kept only if it satisfies every
equation exactly, or by iterative refinement in integers and rational reconstruction (Wan 2006).
:class:`ExactFactor` keeps one factored basis for the primal values and the duals.
"""

from __future__ import annotations

import sys

from sympy.polys.domains import QQ

from derive.solving.float_guess import DENSE_GUESS, GUESS_BLOCK, guessed_block
from derive.solving.sparse_lu import FillError, SparseLU

__all__ = ["ExactFactor", "block_triangular_order", "elimination_order", "largest_block", "solve_exact"]


def elimination_order(
    rows: dict[int, dict[int, object]], n: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], dict[int, set[int]], dict[int, set[int]]]:
    """The order in which :func:`solve_exact` eliminates a sparse square system (any field).

    Row singletons are solved first (``forward``, in order), column singletons are set aside to be
    recovered last (``deferred``, in reverse order), and what remains is the dense *core*.

    Parameters
    ----------
    rows : dict
        The matrix as ``{row: {col: entry}}``, shape ``(n, n)``, entries nonzero.

    Returns
    -------
    forward, deferred : list of (row, unknown)
    active, cols : dict
        The core: its rows (``row -> unknowns``) and its unknowns (``unknown -> rows``).

    Raises
    ------
    ZeroDivisionError
        If a row or a column is zero, or peeling leaves one empty (the matrix is singular).
    """
    cols: dict[int, set[int]] = {}
    for i, row in rows.items():
        for j in row:
            cols.setdefault(j, set()).add(i)
    if len(rows) < n or len(cols) < n:
        raise ZeroDivisionError("singular matrix: a row or a column is zero")
    active = {i: set(row) for i, row in rows.items()}
    forward: list[tuple[int, int]] = []  # (row, unknown) solved in this order, before the core
    deferred: list[tuple[int, int]] = []  # (row, unknown) solved in reverse order, after the core
    singles = [i for i, a in active.items() if len(a) == 1]
    col_singles = [j for j, c in cols.items() if len(c) == 1]
    while singles or col_singles:
        if singles:  # a row with one unknown left fixes it
            step = _peel(singles.pop(), active, cols, singles)
            if step:
                forward.append(step)
        else:  # an unknown only one remaining row mentions is recovered from that row last
            step = _peel(col_singles.pop(), cols, active, col_singles)
            if step:
                deferred.append(step[::-1])
    return forward, deferred, active, cols


def block_triangular_order(rows: dict[int, dict[int, object]], n: int) -> list[tuple[list[int], list[int]]]:
    """The blocks of a sparse square matrix's block triangular form, in the order they are solved.

    A perfect matching of rows to unknowns (Hopcroft-Karp) puts a nonzero on the diagonal; the
    strongly connected components of the graph "row ``i`` mentions the unknown matched to row
    ``k``" are the diagonal blocks (Duff 1977; Tarjan 1972), and they are returned in a
    topological order of that graph, so each block needs only the unknowns of the blocks before
    it.  The sequence form's bases are nearly triangular: most blocks are ``1 x 1`` and the
    largest few hundred unknowns (Liar's Dice with six faces: a 37,000 x 37,000 basis).

    Parameters
    ----------
    rows : dict
        The matrix's sparsity pattern as ``{row: {col: entry}}`` (only the keys are read), shape
        ``(n, n)``, entries nonzero.
    n : int
        The matrix's size.

    Returns
    -------
    list of (rows, unknowns)
        Each block's rows and the unknowns they determine (the same number), in solving order.

    Raises
    ------
    ZeroDivisionError
        If the matrix is structurally singular (no perfect matching: it is singular whatever
        its entries).
    """
    import numpy as np
    import scipy.sparse as sps
    from scipy.sparse.csgraph import connected_components, maximum_bipartite_matching

    if n == 0:
        return []
    counts = [len(r) for r in rows.values()]
    row_ids = np.repeat(np.fromiter(rows.keys(), dtype=np.int64, count=len(rows)), counts)
    col_ids = np.fromiter((j for r in rows.values() for j in r), dtype=np.int64, count=int(sum(counts)))
    if (
        len(rows) < n
        or (col_ids.size and (col_ids.min() < 0 or col_ids.max() >= n))
        or (row_ids.size and row_ids.max() >= n)
    ):
        raise ZeroDivisionError("singular matrix: a row is zero")
    pattern = sps.csr_matrix((np.ones(row_ids.size, dtype=np.int8), (row_ids, col_ids)), shape=(n, n))
    match = maximum_bipartite_matching(pattern, perm_type="column")  # match[row] = its unknown
    if (match < 0).any():
        raise ZeroDivisionError("singular matrix: no perfect matching of rows and unknowns")
    row_of = np.empty(n, dtype=np.int64)
    row_of[match] = np.arange(n)
    target = row_of[col_ids]  # row i needs the row that determines unknown j first
    graph = sps.csr_matrix((np.ones(row_ids.size, dtype=np.int8), (row_ids, target)), shape=(n, n))
    count, label = connected_components(graph, directed=True, connection="strong")
    # the condensation: block label[i] needs block label[k]; Kahn's algorithm orders it
    a, b = label[row_ids], label[target]
    keep = a != b
    edges = (
        np.unique(np.stack([a[keep], b[keep]]), axis=1) if keep.any() else np.zeros((2, 0), dtype=np.int64)
    )
    waiting = np.bincount(edges[0], minlength=count)
    order_edges = np.argsort(edges[1], kind="stable")
    users_of, starts = edges[0][order_edges], np.searchsorted(edges[1][order_edges], np.arange(count + 1))
    ready = list(np.flatnonzero(waiting == 0))
    order = []
    waiting = waiting.tolist()
    while ready:
        blk = ready.pop()
        order.append(blk)
        for user in users_of[starts[blk] : starts[blk + 1]].tolist():
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    members: list[list[int]] = [[] for _ in range(count)]
    for i, blk in enumerate(label.tolist()):
        members[blk].append(i)
    matched = match.tolist()
    return [(members[blk], [matched[i] for i in members[blk]]) for blk in order]


def _worth_guessing(m: int) -> bool:
    """Whether a block of ``m`` unknowns is first solved in floating point
    (:func:`~derive.solving.float_guess.guessed_block`): from
    :data:`~derive.solving.float_guess.GUESS_BLOCK` unknowns, by NumPy up to
    :data:`~derive.solving.float_guess.DENSE_GUESS`, beyond only when SciPy is loaded anyway (a core
    larger than :data:`CORE_SPLIT`: importing it takes longer than an exact solve of a block of a few
    hundred)."""
    return GUESS_BLOCK <= m and (m <= DENSE_GUESS or m > CORE_SPLIT or "scipy.sparse.linalg" in sys.modules)


def solve_exact(
    matrix: dict[int, dict[int, object]],
    n: int,
    rhs: dict[int, dict[int, object]],
    width: int,
    transpose: bool = False,
) -> dict[tuple[int, int], object]:
    """Solve ``B Z = R`` (or ``B^T Z = R``) exactly over the rationals, block by block.

    One :class:`ExactFactor` of ``B``, used once (see it for the method).

    Parameters
    ----------
    matrix : dict
        ``B`` as ``{row: {col: QQ}}``, shape ``(n, n)``, entries nonzero.
    n : int
        The size of ``B``.
    rhs : dict
        ``R`` as ``{row: {col: QQ}}``, shape ``(n, width)``.
    width : int
        The number of right-hand sides.
    transpose : bool
        Solve ``B^T Z = R`` instead.

    Returns
    -------
    dict
        ``{(row, col): QQ}``, the nonzero entries of ``Z``.

    Raises
    ------
    ZeroDivisionError
        If ``B`` is singular.
    """
    factor = ExactFactor(matrix, n)
    dense = {i: [r.get(k, QQ(0)) for k in range(width)] for i, r in rhs.items() if r}
    z = factor.solve_transpose(dense, width) if transpose else factor.solve(dense, width)
    return {(j, c): v for j, vals in z.items() for c, v in enumerate(vals) if v}


#: A block's sparse LU factors (:class:`~derive.solving.sparse_lu.SparseLU`) may hold this many times
#: its nonzeros (or an eighth of its dense size, if more); beyond, FLINT's dense solver takes over.
SPARSE_FILL = 8

#: A core left by peeling singletons (:func:`elimination_order`) larger than this is split into its
#: strongly connected blocks (:func:`block_triangular_order`, with SciPy); a smaller one is one block.
CORE_SPLIT = 400


def _blocks(rows: dict[int, dict[int, object]], n: int) -> list[tuple[list[int], list[int]]]:
    """The blocks of :class:`ExactFactor`, in solving order: row singletons first, then the core (one
    block, or its strongly connected blocks when large), then the column singletons in reverse.

    Peeling is pure Python and finds most of the structure of a sequence-form basis; SciPy's graph
    routines are imported only for a large core.
    """
    try:
        forward, deferred, active, cols = elimination_order(rows, n)
    except ZeroDivisionError:
        raise ZeroDivisionError("singular matrix") from None
    blocks = [([i], [j]) for i, j in forward]
    if active:
        core_rows, core_cols = sorted(active), sorted(cols)
        if len(core_rows) > CORE_SPLIT:
            where = {j: k for k, j in enumerate(core_cols)}
            local = {r: {where[j]: 1 for j in active[i]} for r, i in enumerate(core_rows)}
            for part_rows, part_cols in block_triangular_order(local, len(core_rows)):
                blocks.append(([core_rows[r] for r in part_rows], [core_cols[c] for c in part_cols]))
        else:
            blocks.append((core_rows, core_cols))
    blocks.extend(([i], [j]) for i, j in reversed(deferred))
    return blocks


def largest_block(matrix: dict[int, dict[int, object]], n: int) -> int:
    """The most unknowns of one block of ``matrix`` in :class:`ExactFactor` (its ``largest_block``),
    from the sparsity pattern alone, without factoring anything.

    Parameters
    ----------
    matrix : dict
        ``B`` as ``{row: {col: entry}}``, shape ``(n, n)``, entries nonzero (only the keys are read).
    n : int
        The size of ``B``.

    Raises
    ------
    ZeroDivisionError
        If ``B`` is structurally singular.
    """
    return max((len(b[0]) for b in _blocks(matrix, n)), default=0)


class ExactFactor:
    """A sparse square matrix ``B`` over ``QQ``, prepared for exact solves of ``B z = r`` and ``B^T z = r``.

    Sequence-form bases are sparse and nearly triangular.  The matrix is put in block triangular
    form (:func:`block_triangular_order`); a ``1 x 1`` block is one division, and each larger block
    is solved once the unknowns of the blocks before it are substituted: a block of
    :data:`~derive.solving.float_guess.GUESS_BLOCK` or more unknowns is first solved in floating
    point and rounded to simple fractions, kept if it satisfies the block's equations exactly, and otherwise (and every smaller
    block) solved by its exact sparse LU factors (:class:`~derive.solving.sparse_lu.SparseLU`, made at
    the first solve and kept: Leduc's bases have a core of about 290 unknowns and three nonzeros a
    row, which FLINT's dense ``fmpq_mat.solve`` solves in tens of milliseconds each time, its
    factors in a few once), or by ``fmpq_mat.solve`` if the factors would hold more than
    :data:`SPARSE_FILL` times the block's nonzeros.  A 23,000 x 23,000 basis of Liar's Dice
    (six faces) has blocks of at most about a thousand unknowns, where one dense core would have
    thousands (5 s -> 0.4 s).  The transposed system is solved with the same blocks in the reverse
    order.  The results are exact either way: a rounded guess is only accepted after an exact
    check.  Preparing the blocks once serves every solve with the same matrix (the primal values
    and the duals of a basis, the simplex steps of :mod:`derive.solving.refinements.exact_simplex`).

    Parameters
    ----------
    matrix : dict
        ``B`` as ``{row: {col: QQ}}``, shape ``(n, n)``; zero entries are ignored.
    n : int
        The size of ``B``.

    Raises
    ------
    ZeroDivisionError
        If ``B`` is structurally singular (a dense block that is singular raises it when solved).
    """

    def __init__(self, matrix: dict[int, dict[int, object]], n: int) -> None:
        rows: dict[int, dict[int, object]] = {}
        cols: dict[int, dict[int, object]] = {}
        for i, row in matrix.items():
            for j, v in row.items():
                if v:
                    rows.setdefault(i, {})[j] = v
                    cols.setdefault(j, {})[i] = v
        self.n, self.rows, self.cols = n, rows, cols
        self.blocks = _blocks(rows, n)
        #: The most unknowns of one block (1: the matrix is triangular up to permutation).
        self.largest_block = max((len(b[0]) for b in self.blocks), default=0)
        self._dense: dict[
            tuple[int, bool], object
        ] = {}  # (block, transposed) -> its FLINT matrix, when needed
        self._no_guess: set[tuple[int, bool]] = set()  # blocks whose rounded solution was not exact
        self._sparse: dict[int, SparseLU | None] = {}  # block -> its sparse LU factors (None: too dense)

    def _block_matrix(self, k: int, transpose: bool):
        import flint

        key = (k, transpose)
        if key not in self._dense:
            block_rows, unknowns = self.blocks[k]
            m = len(block_rows)
            where = {j: c for c, j in enumerate(unknowns)}
            B = flint.fmpq_mat(m, m)
            for r, i in enumerate(block_rows):
                for j, v in self.rows[i].items():
                    if j in where:
                        a, b = (where[j], r) if transpose else (r, where[j])
                        B[a, b] = flint.fmpq(int(QQ.numer(v)), int(QQ.denom(v)))
            self._dense[key] = B
        return self._dense[key]

    def solve(self, rhs: dict[int, list], width: int) -> dict[int, list]:
        """``z`` with ``B z = r``: ``rhs`` is ``{row: [QQ] * width}`` (missing rows are 0); returns
        ``{unknown: [QQ] * width}`` for every unknown.

        Raises
        ------
        ZeroDivisionError
            If a dense block is singular.
        """
        return self._run(rhs, width, False)

    def solve_transpose(self, rhs: dict[int, list], width: int) -> dict[int, list]:
        """``z`` with ``B^T z = r``: ``rhs`` is ``{column of B: [QQ] * width}``; returns ``{row of B: [QQ] * width}``.

        Raises
        ------
        ZeroDivisionError
            If a dense block is singular.
        """
        return self._run(rhs, width, True)

    def _run(self, rhs: dict[int, list], width: int, transpose: bool) -> dict[int, list]:
        zero = QQ(0)
        blank = [zero] * width
        value: dict[int, list] = {}
        lines = self.cols if transpose else self.rows  # equation -> {unknown: coefficient}
        order = range(len(self.blocks) - 1, -1, -1) if transpose else range(len(self.blocks))

        def residual(eq: int, skip) -> list:
            acc = rhs.get(eq)
            acc = list(acc) if acc is not None else list(blank)
            for k, b in lines[eq].items():
                if k not in skip:
                    x = value[k]
                    if width == 1:
                        if x[0]:
                            acc[0] -= b * x[0]
                    else:
                        for c in range(width):
                            if x[c]:
                                acc[c] -= b * x[c]
            return acc

        for k in order:
            block_rows, unknowns = self.blocks[k]
            equations, solved = (unknowns, block_rows) if transpose else (block_rows, unknowns)
            if len(equations) == 1:
                (eq,), (u,) = equations, solved
                pivot = lines[eq][u]
                value[u] = [a / pivot for a in residual(eq, (u,))]
                continue
            where = {u: c for c, u in enumerate(solved)}
            right_side = [residual(eq, where) for eq in equations]
            if _worth_guessing(len(equations)) and (k, transpose) not in self._no_guess:
                local = [{where[u]: b for u, b in lines[eq].items() if u in where} for eq in equations]
                guess = guessed_block(local, right_side, width)
                if guess is not None:
                    for u, c in where.items():
                        value[u] = guess[c]
                    continue
                self._no_guess.add((k, transpose))  # not simple fractions: FLINT from now on
            value.update(self._exact_block(k, transpose, solved, right_side, width))
        return value

    def _exact_block(self, k: int, transpose: bool, solved: list[int], right_side: list[list], width: int):
        """Block ``k`` solved exactly: by its sparse LU factors (:class:`~derive.solving.sparse_lu.SparseLU`,
        made once and kept for every later solve), or by FLINT's dense solver if they fill in too much."""
        lu = self._sparse.get(k, False)
        if lu is False:
            block_rows, unknowns = self.blocks[k]
            where = {j: c for c, j in enumerate(unknowns)}
            local = [{where[j]: v for j, v in self.rows[i].items() if j in where} for i in block_rows]
            m = len(block_rows)
            try:
                lu = SparseLU(local, max_entries=max(SPARSE_FILL * sum(map(len, local)), m * m // 8))
            except FillError:
                lu = None
            self._sparse[k] = lu
        if lu is None:
            return self._dense_solve(k, transpose, solved, right_side, width)
        z = lu.solve_transpose(right_side, width) if transpose else lu.solve(right_side, width)
        return dict(zip(solved, z))

    def _dense_solve(self, k: int, transpose: bool, solved: list[int], right_side: list[list], width: int):
        import flint

        B = self._block_matrix(k, transpose)
        m = len(solved)
        R = flint.fmpq_mat(m, width)
        for r, line in enumerate(right_side):
            for c, a in enumerate(line):
                if a:
                    R[r, c] = flint.fmpq(int(QQ.numer(a)), int(QQ.denom(a)))
        Z = B.solve(R)
        return {u: [QQ(int(Z[c, w].p), int(Z[c, w].q)) for w in range(width)] for c, u in enumerate(solved)}


def _peel(key, mine: dict, theirs: dict, queue: list):
    """Remove ``key`` (alone with one partner in ``mine``) and its partner; ``(key, partner)`` or None.

    ``mine`` and ``theirs`` are the two sides of the remaining sparsity pattern (rows -> columns
    and columns -> rows, or the other way round); sides left with one partner join ``queue``.

    Raises
    ------
    ZeroDivisionError
        If a side is left with no partner (the matrix is singular).
    """
    if key not in mine or len(mine[key]) != 1:
        return None
    (partner,) = mine.pop(key)
    for k in theirs.pop(partner):
        if k != key:
            mine[k].discard(partner)
            if len(mine[k]) == 1:
                queue.append(k)
            elif not mine[k]:
                raise ZeroDivisionError("singular matrix")
    return key, partner
