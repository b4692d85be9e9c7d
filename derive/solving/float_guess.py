"""Exact solutions of a block of a sparse rational system found in floating point and checked exactly.

:class:`~derive.solving.exact_solve.ExactFactor` tries this first on a large block: NumPy's or SciPy's
LU solves it in floating point, and each value is rounded to a simple fraction (continued fractions);
if that fails, iterative refinement in integers and rational reconstruction (Wan 2006).  A guess is
returned only if it satisfies every equation of the block exactly, so it is then the exact solution.
"""

from __future__ import annotations

import math
from fractions import Fraction

from sympy.polys.domains import QQ

__all__ = ["DENSE_GUESS", "GUESS_BLOCK", "GUESS_DENOMINATOR", "REFINE_ROUNDS", "guessed_block"]

#: Blocks of at least this many unknowns are first solved in floating point, rounded to simple
#: fractions and checked exactly (:func:`~derive.solving.exact_solve.solve_exact`); smaller ones are solved exactly.
GUESS_BLOCK = 12

#: Blocks up to this size are solved in floating point by NumPy's dense LU, larger ones by SciPy's sparse LU.
DENSE_GUESS = 64

#: The largest denominator a floating-point solution is rounded to (continued fractions).
GUESS_DENOMINATOR = 10**7


def guessed_block(local: list[dict[int, object]], right: list[list], width: int) -> list[list] | None:
    """The exact solution of one block if rounding its floating-point solution gives it, else None.

    ``local[r]`` is row ``r`` of the block (``{unknown: QQ}``), ``right[r]`` its right-hand sides.
    NumPy's or SciPy's LU solves the block in floating point; each value is rounded to a simple fraction
    (:func:`_simple_fractions`, denominator at most :data:`GUESS_DENOMINATOR`); the guess is
    returned only if it satisfies every equation *exactly* (rational arithmetic), so it is then the
    exact solution.  A block of more than :data:`DENSE_GUESS` unknowns whose solution is not simple
    fractions is solved by iterative refinement in integers instead (:func:`_refined_block`, with the
    same LU factors), also checked exactly.
    """
    import warnings

    import numpy as np

    m = len(local)
    simple = not any(QQ.denom(a) > GUESS_DENOMINATOR for line in right for a in line)
    if not simple and m <= DENSE_GUESS:
        return None  # the solution will not be simple fractions either (Leduc's bases): FLINT
    rows_i, cols_j, vals = [], [], []
    for r, line in enumerate(local):
        for k, b in line.items():
            rows_i.append(r)
            cols_j.append(k)
            vals.append(float(b))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            if m <= DENSE_GUESS:
                A = np.zeros((m, m))
                A[rows_i, cols_j] = vals
                lu_solve = lambda b: np.linalg.solve(A, b)  # noqa: E731
            else:
                import scipy.sparse as sps
                import scipy.sparse.linalg as spla

                factors = spla.splu(sps.csc_matrix((vals, (rows_i, cols_j)), shape=(m, m)))
                lu_solve = lambda b: np.asarray(factors.solve(b)).reshape(m, width)  # noqa: E731
            if simple:
                b = np.array([[float(a) for a in line] for line in right], dtype=float).reshape(m, width)
                z = lu_solve(b) if np.isfinite(b).all() else None
            else:
                z = None
        except (RuntimeError, ValueError, OverflowError, np.linalg.LinAlgError):  # singular, or huge
            return None
    if z is not None and np.isfinite(z).all():
        fractions = _simple_fractions(z.ravel())
        if fractions is not None:
            num, den = (a.reshape(m, width).tolist() for a in fractions)
            guess = [[QQ(a, b) for a, b in zip(na, da)] for na, da in zip(num, den)]
            if _satisfies(local, right, guess, width):
                return guess
    if m <= DENSE_GUESS:
        return None
    return _refined_block(local, right, width, lu_solve)


def _satisfies(local: list[dict[int, object]], right: list[list], z: list[list], width: int) -> bool:
    """Whether ``z`` satisfies every equation of the block exactly (rational arithmetic)."""
    zero = QQ(0)
    for r, line in enumerate(local):
        for c in range(width):
            if sum((b * z[k][c] for k, b in line.items()), zero) != right[r][c]:
                return False
    return True


#: Most rounds of iterative refinement in :func:`_refined_block` (each gains about 20 bits or more).
REFINE_ROUNDS = 16


def _refined_block(
    local: list[dict[int, object]], right: list[list], width: int, lu_solve
) -> list[list] | None:
    """The exact solution of one block by iterative refinement and rational reconstruction, or None.

    The rows are scaled to integers.  With ``x ~ N / D`` (integers ``N``, ``D = 2^e``) the residual
    ``r = D b - A N`` is computed *exactly* in integers, the correction ``A^{-1} r`` in floating point
    (``lu_solve``, the block's LU factors), scaled by a power of two so that its largest entry has
    about 40 bits, rounded to integers and added to ``N`` -- each round gains as many bits as the
    floating-point solve is accurate (Wan 2006, "An algorithm to solve integer linear systems exactly
    using numerical methods", J. Symbolic Comput. 41).  From 64 bits of ``D`` on, each entry is
    reconstructed as the simplest fraction near ``N / D`` (continued fractions, denominators up to
    about ``sqrt(D)``); the result is returned only if it satisfies every equation exactly.  So the
    solution's denominators may be large (one-card poker with 1,000 cards: billions), where
    :func:`_simple_fractions` needs them below :data:`GUESS_DENOMINATOR`.
    """
    import warnings

    import numpy as np

    m = len(local)
    rows: list[list[tuple[int, int]]] = []
    res: list[list[int]] = []
    scale = np.empty(m)
    for r, line in enumerate(local):
        d = math.lcm(*(int(QQ.denom(b)) for b in line.values()), *(int(QQ.denom(a)) for a in right[r]))
        rows.append([(k, int(QQ.numer(b)) * (d // int(QQ.denom(b)))) for k, b in line.items()])
        res.append([int(QQ.numer(a)) * (d // int(QQ.denom(a))) for a in right[r]])
        scale[r] = float(d)
    if not np.isfinite(scale).all():
        return None
    num = [[0] * width for _ in range(m)]
    den = 1
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for _ in range(REFINE_ROUNDS):
            try:
                rf = np.array(res, dtype=float).reshape(m, width) / scale[:, None]
                y = lu_solve(rf)
            except (RuntimeError, ValueError, OverflowError, np.linalg.LinAlgError):
                return None
            if not np.isfinite(y).all():
                return None
            big = float(np.abs(y).max(initial=0.0))
            if big == 0.0:  # the residual is zero: N / D is the exact solution
                return [[QQ(a, den) for a in line] for line in num]
            shift = 40 - math.frexp(big)[1]
            if shift < 1:
                return None  # the floating-point solve does not converge
            step = np.rint(np.ldexp(y, shift)).astype(np.int64).tolist()
            alpha = 1 << shift
            den *= alpha
            num = [[alpha * a + s for a, s in zip(line, steps)] for line, steps in zip(num, step)]
            new_res = []
            for line, coefficients in zip(res, rows):
                acc = [alpha * a for a in line]
                for k, b in coefficients:
                    s = step[k]
                    for c in range(width):
                        if s[c]:
                            acc[c] -= b * s[c]
                new_res.append(acc)
            res = new_res
            if den.bit_length() >= 64:
                guess = _reconstructed(num, den)
                if guess is not None and _satisfies(local, right, guess, width):
                    return guess
    return None


def _reconstructed(num: list[list[int]], den: int) -> list[list] | None:
    """Each ``a / den`` as the simplest fraction near it with denominator at most ``sqrt(den / 2^16)``,
    or None as soon as one needs a denominator above ``2^-8`` of that bound (``den`` is not yet
    precise enough to tell: :func:`_refined_block` refines further)."""
    bound = math.isqrt(den >> 16)
    sure = bound >> 8
    out = []
    for line in num:
        values = []
        for a in line:
            f = Fraction(a, den).limit_denominator(bound)
            if f.denominator > sure:
                return None
            values.append(QQ(f.numerator, f.denominator))
        out.append(values)
    return out


def _simple_fractions(x, steps: int = 40):
    """``(numerators, denominators)``: each float of the array ``x`` as the first convergent of its
    continued fraction within ``1e-11`` of it (relative), denominators at most
    :data:`GUESS_DENOMINATOR`; None if some float has no such convergent.  (All floats at once, in
    numpy: a guess, checked exactly by the caller.)"""
    import numpy as np

    with np.errstate(all="ignore"):
        x = np.asarray(x, dtype=float)
        if np.abs(x).max(initial=0.0) > 1e9:
            return None
        tol = 1e-11 * np.maximum(1.0, np.abs(x))
        a = np.floor(x)
        p0, q0 = np.ones_like(x), np.zeros_like(x)
        p1, q1 = a.copy(), np.ones_like(x)
        rest = x - a
        done = np.abs(x - p1) <= tol
        for _ in range(steps):
            if done.all():
                break
            live = ~done & (rest > 0)
            inverse = np.where(live, 1.0 / np.where(live, rest, 1.0), 0.0)
            a = np.floor(inverse)
            rest = np.where(live, inverse - a, rest)
            p2 = np.where(live, a * p1 + p0, p1)
            q2 = np.where(live, a * q1 + q0, q1)
            p0, q0, p1, q1 = p1, q1, p2, q2
            done |= np.abs(x - p1 / q1) <= tol
        if not done.all() or q1.max(initial=1.0) > GUESS_DENOMINATOR:
            return None
    return p1.astype(np.int64), q1.astype(np.int64)
