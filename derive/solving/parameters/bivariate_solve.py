"""Square linear systems over ``Q(a, b)``, exactly, by solving along lines and interpolating in ``b``.

A basis of a sequence-form LP with two symbolic parameters, ``B(a, b) z = r(a, b)``, is too large
for Gaussian elimination over ``Q(a, b)`` (Leduc hold'em's have about 360 unknowns, and the
fractions' gcds swamp it).  :func:`solve_bivariate` instead

1. fixes ``b`` at small integers ``b_0, b_1, ...`` and solves each system ``B(a, b_j) z = r(a, b_j)``
   over ``Q(a)`` with the one-parameter engine (:func:`~derive.solving.parameters.basis_solve.solve_basis`:
   power series and Padé approximation modulo primes, proved exactly), which gives the common
   denominator ``q(a; b_j)``, monic in ``a``, and the numerators ``n_k(a; b_j)``;
2. keeps the lines where ``q`` has the largest degree in ``a`` (elsewhere a factor cancelled or
   the leading coefficient vanished: an unlucky point);
3. each coefficient of ``q`` and of the ``n_k`` in ``a`` is a rational function of ``b`` whose
   denominator divides ``L(b)``, the leading coefficient in ``a`` of the solution's common
   denominator ``Q(a, b)``: ``L`` is found by rational function reconstruction (maximal quotient,
   Monagan 2004) of two random combinations of the coefficients, modulo word-size primes and lifted
   by Chinese remaindering and rational number reconstruction, and then every coefficient times
   ``L`` is a polynomial in ``b``, interpolated from its values (one inverse Vandermonde matrix);
4. the result ``N_k(a, b) / Q(a, b)`` is *proved*: ``B(a, b) N(a, b) = r(a, b) Q(a, b)`` must hold as
   an identity of polynomials (each row's denominators cleared), which makes it the solution
   (``Q`` is not the zero polynomial, and ``B`` is nonsingular over ``Q(a, b)`` because it is on
   a line).  More lines are taken (half as many again) until it holds, up to Cramer's bound on the
   degree in ``b``.

This is dense univariate interpolation of the rational functions' coefficients in ``b`` after
specialising it (a dense form of Zippel's (1979) variable-by-variable interpolation; the
normalisation of the denominators, the difficulty Kaltofen & Trager (1990) discuss for rational
functions given by evaluations, is met here by the leading coefficient ``L``); every step that could go wrong by
chance (an unlucky line, a wrong denominator, too few lines) is caught by the exact identity check.

References
----------
Zippel (1979), "Probabilistic algorithms for sparse polynomials", EUROSAM '79; Kaltofen & Trager
(1990), "Computing with polynomials given by black boxes for their evaluations", J. Symbolic
Computation 9(3); Monagan (2004), "Maximal quotient rational reconstruction: an almost optimal
algorithm for rational reconstruction", ISSAC '04.
"""

from __future__ import annotations

import random

import flint
import sympy as sp

from derive.solving.parameters.basis_solve import _mod, _prime, _rational, solve_basis
from derive.solving.parameters.rational_functions import RationalFunction, RationalFunctionField

__all__ = ["MIN_LINES", "solve_bivariate"]

#: Lines ``b = b_j`` solved in the first round (half as many again each round until the identity
#: holds).
MIN_LINES = 16

#: The lines the last system needed, where the next starts (a game's bases have similar degrees:
#: Leduc hold'em's about 52).
_LINES_HINT = [MIN_LINES]


def solve_bivariate(ctx, mat: dict[int, dict[int, object]], n: int, bounds: list, *, lines: int = MIN_LINES):
    """Solve ``mat z = bounds`` over ``Q(a, b)`` (module docstring), ``a`` and ``b`` the first two
    variables of the FLINT context ``ctx`` (any others unused).

    Parameters
    ----------
    ctx : flint.fmpq_mpoly_ctx
    mat : dict
        ``{row: {unknown: entry}}``, shape ``(n, n)``; an entry is a number (int, ``fmpq``) or has
        ``num`` and ``den``, polynomials of ``ctx`` (a fraction).
    n : int
        Rows and unknowns.
    bounds : list
        The right-hand side, ``n`` entries of the same kinds.
    lines : int
        Lines solved in the first round, at least (the last system's count when larger).

    Returns
    -------
    (list of flint.fmpq_mpoly, flint.fmpq_mpoly)
        The numerators ``N_0 .. N_{n-1}`` and one common denominator ``Q`` (not reduced, nonzero):
        ``z_k = N_k / Q``, proved.

    Raises
    ------
    ZeroDivisionError
        If the system is singular (on every line tried), or no solution satisfies the identity
        within the degree bound.
    """
    prow, prhs, bound = _polynomial_rows(ctx, mat, n, bounds)
    field = RationalFunctionField(sp.Symbol("t"))
    specialise = _Specialiser(ctx)
    points: list[int] = []  # b_j, lucky so far
    images: list = []  # (q, numerators) on each line, fmpq_poly in a
    shape = -1  # the degree of q in a on lucky lines
    candidates = _integers()
    singular = 0
    target = max(2, min(max(lines, _LINES_HINT[0]), 2 * bound + 8))
    rng = random.Random(n)
    while True:
        while len(points) < target:
            b0 = next(candidates)
            if abs(b0) > 4 * (bound + target) + 64:
                raise ZeroDivisionError("the basis is singular on too many lines")
            try:
                q, nums = _line(field, specialise, prow, prhs, n, b0)
            except ZeroDivisionError:
                singular += 1
                if singular >= 8 and not points:
                    raise
                continue
            if q.degree() > shape:  # the earlier lines were unlucky
                shape, points, images = q.degree(), [], []
            if q.degree() == shape:
                points.append(b0)
                images.append((q, nums))
        result = _reconstruct(ctx, points, images, shape, n, rng)
        if result is not None:
            numerators, denominator = result
            if _satisfies(prow, prhs, numerators, denominator):
                _LINES_HINT[0] = len(points)
                return numerators, denominator
        if len(points) > 2 * bound + 8:
            raise ZeroDivisionError("no rational solution of the basis within its degree bound")
        target = len(points) + max(4, len(points) // 2)


def _integers():
    """0, 1, -1, 2, -2, ...: small points keep the lines' coefficients short."""
    yield 0
    k = 1
    while True:
        yield k
        yield -k
        k += 1


def _parts(ctx, v):
    """``(num, den)`` polynomials of ``ctx`` for an entry (a number or a fraction)."""
    if hasattr(v, "num"):
        return v.num, v.den
    if isinstance(v, (int, flint.fmpq, flint.fmpz)):
        return ctx.constant(v), ctx.constant(1)
    return ctx.constant(flint.fmpq(int(v.numerator), int(v.denominator))), ctx.constant(1)


def _polynomial_rows(ctx, mat, n, bounds):
    """Each row times the lcm of its denominators: ``[{k: poly}]``, ``[poly]`` and Cramer's bound
    on the degree in ``b`` of the solution's numerators and denominator (the sum over rows of the
    row's largest degree)."""
    prow, prhs = [], []
    bound = 0
    one = ctx.constant(1)
    for i in range(n):
        row = {k: _parts(ctx, v) for k, v in mat.get(i, {}).items() if v}
        r = _parts(ctx, bounds[i] if bounds[i] is not None else 0)
        lcm = one
        for _, den in (*row.values(), r):
            if not den.is_constant():
                lcm = lcm * den / lcm.gcd(den)
            elif den != 1:
                lcm = lcm * den
        line = {k: num * lcm / den for k, (num, den) in row.items()}
        rhs = r[0] * lcm / r[1]
        prow.append(line)
        prhs.append(rhs)
        bound += max([p.degrees()[1] for p in (*line.values(), rhs)] + [0])
    return prow, prhs, bound


class _Specialiser:
    """A polynomial of ``ctx`` at ``b = b0`` as an ``fmpq_poly`` in ``a`` (cached per polynomial:
    its coefficients in ``a`` as polynomials in ``b``)."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.cache: dict = {}

    def __call__(self, poly, b0: int):
        key = id(poly)
        hit = self.cache.get(key)
        if hit is None or hit[0] is not poly:
            by_a: dict[int, dict[int, flint.fmpq]] = {}
            for monomial, c in poly.to_dict().items():
                by_a.setdefault(monomial[0], {})[monomial[1]] = c
            parts = []
            for ea, terms in by_a.items():
                top = max(terms)
                parts.append((ea, flint.fmpq_poly([terms.get(e, 0) for e in range(top + 1)])))
            degree = max([ea for ea, _ in parts] + [0])
            hit = (poly, degree, parts)
            self.cache[key] = hit
        _, degree, parts = hit
        coeffs = [flint.fmpq(0)] * (degree + 1)
        x = flint.fmpq(b0)
        for ea, p in parts:
            coeffs[ea] = p(x)
        return flint.fmpq_poly(coeffs)


def _line(field, specialise, prow, prhs, n, b0):
    """The system at ``b = b0`` solved over ``Q(a)``: ``(q, [n_k])``, ``q`` the monic least common
    denominator, ``z_k = n_k / q``; ZeroDivisionError if singular there."""
    mat = {
        i: {k: RationalFunction(specialise(p, b0)) for k, p in line.items()} for i, line in enumerate(prow)
    }
    rhs = [RationalFunction(specialise(p, b0)) for p in prhs]
    z = solve_basis(field, mat, n, rhs)
    q = flint.fmpq_poly([1])
    for v in z:
        if v.den.degree() > 0:
            q = q * (v.den // q.gcd(v.den))
    q = q / q.leading_coefficient()
    return q, [v.num * (q // v.den) for v in z]


def _inverse_vandermonde(points):
    """``V^-1`` for ``V[j][e] = b_j^e`` (exact): ``V^-1 values`` are the interpolating polynomial's
    coefficients, lowest first."""
    m = len(points)
    rows = [[flint.fmpq(b) ** e for e in range(m)] for b in points]
    return flint.fmpq_mat(m, m, [x for row in rows for x in row]).inv()


def _denominator_mod(values: list[int], points: list[int], p: int):
    """The monic denominator modulo ``p`` of the rational function through ``(b_j, values_j)``, by
    maximal quotient rational function reconstruction (Monagan 2004): of the remainders of Euclid's
    algorithm on ``(prod (b - b_j), P)``, ``P`` the interpolating polynomial, the cofactor after
    the quotient of largest degree, accepted when that degree is at least 3 (two points to spare);
    its coefficients (lowest first), or None."""
    m = len(points)
    vander = flint.nmod_mat(m, m, [pow(b, e, p) for b in points for e in range(m)], p)
    coeffs = (vander.inv() * flint.nmod_mat(m, 1, values, p)).entries()
    r1 = flint.nmod_poly([int(c) for c in coeffs], p)
    if r1.is_zero():
        return [1]
    r0 = flint.nmod_poly([1], p)
    for b in points:
        r0 = r0 * flint.nmod_poly([-b % p, 1], p)
    t0, t1 = flint.nmod_poly([0], p), flint.nmod_poly([1], p)
    best, found = 2, None
    while not r1.is_zero():
        q, rem = divmod(r0, r1)
        if q.degree() > best:
            best, found = q.degree(), (r1, t1)
        r0, r1 = r1, rem
        t0, t1 = t1, t0 - q * t1
    if found is None:
        return None
    u, v = found
    g = u.gcd(v)
    if g.degree() > 0:
        v = v // g
    lead = pow(int(v.coeffs()[-1]), -1, p)
    return [int(c) * lead % p for c in v.coeffs()]


def _denominator(values: list, points: list[int]):
    """The monic denominator (``fmpq_poly``) of the rational function of ``b`` through
    ``(b_j, values_j)``: found modulo primes (:func:`_denominator_mod`), combined by Chinese
    remaindering and lifted by rational reconstruction until two primes in a row agree; None if
    the points are too few.  (A wrong answer is caught by the caller: the numerators' degrees and
    the exact identity.)"""
    residues: list[int] | None = None
    modulus = 1
    previous = None
    failed = 0
    for k in range(12):
        p = _prime(k)
        try:
            image = _denominator_mod([_mod(v, p) for v in values], [b % p for b in points], p)
        except (ValueError, ZeroDivisionError):
            continue  # p divides a denominator, or two points meet modulo p
        if image is None:
            failed += 1
            if failed >= 2:
                return None
            continue
        if residues is not None and len(image) != len(residues):
            if len(image) < len(residues):
                continue  # an unlucky prime: a factor lost
            residues, modulus = None, 1  # the earlier primes were the unlucky ones
        if residues is None:
            residues, modulus = image, p
        else:
            inverse = pow(modulus, -1, p)
            residues = [r + modulus * ((s - r) * inverse % p) for r, s in zip(residues, image)]
            modulus *= p
        lifted = [_rational(c, modulus) for c in residues]
        if any(c is None for c in lifted):
            continue
        candidate = flint.fmpq_poly(lifted)
        if candidate == previous:
            return candidate
        previous = candidate
    return None


def _reconstruct(ctx, points, images, shape, n, rng):
    """``([N_k], Q)`` from the lines (module docstring, step 3), or None when the lines are too few
    for some coefficient (its degree in ``b`` leaves fewer than two points to spare).

    The lines' coefficients in ``a`` are the columns of one matrix (a row per line): ``q``'s below
    its leading 1, a column of ones (that 1), then each numerator's; every product is FLINT's."""
    m = len(points)
    zero, one = flint.fmpq(0), flint.fmpq(1)
    widths = [max(len(nums[k].coeffs()) for _, nums in images) for k in range(n)]
    flat = []
    for q, nums in images:
        flat += q.coeffs()[:shape]
        flat.append(one)
        for k in range(n):
            c = nums[k].coeffs()
            flat += c
            flat += [zero] * (widths[k] - len(c))
    width = shape + 1 + sum(widths)
    values = flint.fmpq_mat(m, width, flat)
    # L(b): the lcm of the denominators of two random combinations of the coefficients (of q, of
    # the numerators): the coefficients have no common factor in b, so generically L itself
    mix = flint.fmpq_mat(width, 2)
    for c in range(shape):
        mix[c, 0] = rng.randint(1, 1 << 20)
    for c in range(shape + 1, width):
        mix[c, 1] = rng.randint(1, 1 << 20)
    mixed = (values * mix).table()
    denominator = flint.fmpq_poly([1])
    for g in (0, 1):
        column = [row[g] for row in mixed]
        if not any(column):
            continue
        v = _denominator(column, points)
        if v is None:
            return None
        denominator = denominator * (v // denominator.gcd(v))
    scale = [denominator(flint.fmpq(b)) for b in points]
    if any(s == 0 for s in scale):
        return None
    vinv = _inverse_vandermonde(points)
    for e in range(m):
        for j in range(m):
            vinv[e, j] = vinv[e, j] * scale[j]
    table = (vinv * values).table()  # row e: the coefficient of b^e of every column
    limit = m - 3  # the degree in b that leaves two points to spare
    if any(c != 0 for row in table[limit + 1 :] for c in row):
        return None
    columns = [[table[e][c] for e in range(limit + 1)] for c in range(width)]
    big_q = _assemble(ctx, [columns[: shape + 1]])[0]
    out, at = [], shape + 1
    for k in range(n):
        out.append(_assemble(ctx, [columns[at : at + widths[k]]])[0])
        at += widths[k]
    return out, big_q


def _assemble(ctx, groups):
    """Polynomials ``sum_i a^i c_i(b)`` of ``ctx`` from lists of coefficient lists ``c_i``."""
    nv = ctx.nvars()
    out = []
    for group in groups:
        terms = {}
        for ea, coeffs in enumerate(group):
            for eb, c in enumerate(coeffs):
                if c != 0:
                    terms[(ea, eb) + (0,) * (nv - 2)] = c
        out.append(ctx.from_dict(terms) if terms else ctx.constant(0))
    return out


def _satisfies(prow, prhs, numerators, denominator) -> bool:
    """Whether ``sum_k B_ik N_k = r_i Q`` for every row, exactly (polynomials), with ``Q != 0``."""
    if denominator.is_zero():
        return False
    for line, r in zip(prow, prhs):
        total = r * denominator
        for k, poly in line.items():
            total = total - poly * numerators[k]
        if not total.is_zero():
            return False
    return True
