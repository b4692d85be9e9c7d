"""Square linear systems over ``Q(t)``, exactly: a parametric LP's basis ``B(t) z = r(t)``.

:func:`solve_basis` peels singleton rows and columns off the basis, then solves its dense core by
power series about a point where ``B`` is invertible and Padé approximation modulo word-size primes
(one common denominator for all unknowns, only the right-hand side and the columns that depend on
``t`` solved modulo each prime), lifted to the rationals by Chinese remaindering and maximal-quotient
rational reconstruction (Monagan 2004), then *proved* by substituting the result back as an identity
of polynomials (``B n = r q``).  Its rational functions are
:class:`~derive.solving.parameters.rational_functions.RationalFunction`.
"""

from __future__ import annotations

import functools

import sympy as sp

from derive.solving.exact_solve import elimination_order
from derive.solving.parameters.rational_functions import RationalFunction, RationalFunctionField, combination

__all__ = ["solve_basis"]


def solve_basis(
    field: RationalFunctionField, mat: dict[int, dict[int, object]], n: int, bounds: list
) -> list:
    """Solve the square system ``mat z = bounds`` over ``Q(t)``: peel singletons, then the dense core
    by power series and Padé approximation modulo primes (:func:`_solve_core`).

    Parameters
    ----------
    field : RationalFunctionField
    mat : dict
        ``{row: {unknown: entry}}``, shape ``(n, n)``; entries rational functions or numbers.
    n : int
    bounds : list
        The right-hand side, ``n`` sympy expressions or numbers.

    Returns
    -------
    list of RationalFunction
        The ``n`` unknowns, reduced.

    Raises
    ------
    ZeroDivisionError
        If the matrix is singular.
    """
    zero = field.zero
    rows = {i: {j: RationalFunction.lift(v) for j, v in row.items() if v} for i, row in mat.items()}
    rows = {i: row for i, row in rows.items() if row}
    forward, deferred, active, cols = elimination_order(rows, n)
    right = {i: field(b) for i, b in enumerate(bounds)}
    value: dict[int, object] = {}

    def residual(i: int, skip) -> object:
        terms = [(-b, value[k]) for k, b in rows[i].items() if k not in skip]
        return combination([(1, right.get(i, zero)), *terms])

    for i, j in forward:
        value[j] = residual(i, (j,)) / rows[i][j]
    if active:
        core_rows, core_cols = sorted(active), sorted(cols)
        where = {j: k for k, j in enumerate(core_cols)}
        system = [{where[j]: b for j, b in rows[i].items() if j in where} for i in core_rows]
        z = _solve_core(system, [residual(i, where) for i in core_rows])
        for j, k in where.items():
            value[j] = z[k]
    for i, j in reversed(deferred):
        value[j] = residual(i, (j,)) / rows[i][j]
    return [value.get(k, zero) for k in range(n)]


_PRIMES: list[int] = []


def _prime(k: int) -> int:
    """The ``k``-th prime below ``2**61`` (word-size moduli for FLINT's ``nmod`` types)."""
    while len(_PRIMES) <= k:
        _PRIMES.append(sp.prevprime(_PRIMES[-1] if _PRIMES else 2**61))
    return _PRIMES[k]


def _mod(c, p: int) -> int:
    """A rational ``c`` (fmpq) modulo ``p``; ValueError if ``p`` divides its denominator."""
    den = int(c.q)
    if den == 1:
        return int(c.p) % p
    den %= p
    if den == 0:
        raise ValueError("bad prime")
    return int(c.p) * pow(den, -1, p) % p


def _pade(series, N: int, p: int):
    """``(a, b)`` with ``a / b = series`` modulo ``s^N`` and ``deg a, deg b < N / 2``, ``b(0) != 0``,
    ``b`` monic (Euclid's algorithm on ``s^N`` and the series stopped half-way: Padé approximation,
    rational function reconstruction); None if there is none."""
    import flint

    r0, r1 = flint.nmod_poly([0] * N + [1], p), series
    u0, u1 = flint.nmod_poly([0], p), flint.nmod_poly([1], p)
    while not r1.is_zero() and r1.degree() >= N // 2:
        q, rem = divmod(r0, r1)
        r0, r1 = r1, rem
        u0, u1 = u1, u0 - q * u1
    if u1.is_zero() or int(u1.coeffs()[0]) == 0:
        return None
    g = r1.gcd(u1)
    if g.degree() > 0:
        r1, u1 = r1 // g, u1 // g
    inv = pow(int(u1.coeffs()[-1]), -1, p)
    return r1 * inv, u1 * inv


class _IntegerPencil:
    """A polynomial system ``B(s) z = r(s)`` with integer coefficients, kept as FLINT integer
    matrices for fast reduction modulo primes: each row of the rational system scaled by the least
    common denominator of its coefficients (which changes no solution).

    Attributes
    ----------
    m : int
        The number of rows and unknowns.
    d : int
        The largest degree in ``s`` of an entry of ``B`` (0 if ``B`` is constant).
    moving : list of int
        The columns (unknowns) with an entry of positive degree: ``B(s) - B(0)`` is zero elsewhere.
    constant : flint.fmpz_mat
        ``B(0)``, ``m x m``.
    right : flint.fmpz_mat
        ``m x (e + d * len(moving))``: the coefficients ``r_0 .. r_{e-1}`` of the right-hand side, then
        the ``moving`` columns of ``-B_1``, ..., ``-B_d`` (``B(s) = B_0 + B_1 s + ... + B_d s^d``).
    e : int
        The number of coefficients of the right-hand side (at least 1).
    pick_rows : flint.fmpz_mat
        ``len(moving) x m``, 0/1: ``pick_rows * X`` is ``X``'s ``moving`` rows.
    pick_columns : list of flint.fmpz_mat
        0/1 matrices, ``X * pick`` the columns of ``X`` (as wide as ``right``) for the right-hand side
        (``width x e``), then for each ``B_1 .. B_d`` (``width x len(moving)``).
    """

    def __init__(self, srow, srhs, m: int) -> None:
        import math

        import flint

        rows = []  # per row: ({column: integer coefficients}, integer right-hand side coefficients)
        for line, r in zip(srow, srhs):
            coeffs = {k: poly.coeffs() for k, poly in line.items()}
            own = r.coeffs()
            scale = math.lcm(1, *(int(c.q) for cs in (*coeffs.values(), own) for c in cs))
            rows.append(
                (
                    {k: [int(c.p) * (scale // int(c.q)) for c in cs] for k, cs in coeffs.items()},
                    [int(c.p) * (scale // int(c.q)) for c in own],
                )
            )
        self.m = m
        self.d = max([len(cs) - 1 for line, _ in rows for cs in line.values()] + [0])
        self.e = max([len(own) for _, own in rows] + [1])
        self.moving = sorted({k for line, _ in rows for k, cs in line.items() if any(cs[1:])})
        where = {k: j for j, k in enumerate(self.moving)}
        c, width = len(self.moving), self.e + self.d * len(self.moving)
        # sparse: entry by entry into zero matrices (FLINT's constructor from a full list is slower)
        self.constant, self.right = flint.fmpz_mat(m, m), flint.fmpz_mat(m, width)
        for i, (line, own) in enumerate(rows):
            for e, x in enumerate(own):
                if x:
                    self.right[i, e] = x
            for k, cs in line.items():
                if cs and cs[0]:
                    self.constant[i, k] = cs[0]
                for e in range(1, len(cs)):
                    if cs[e]:
                        self.right[i, self.e + (e - 1) * c + where[k]] = -cs[e]
        # 0/1 matrices that pick the moving rows (c x m) and the blocks of ``right``'s columns
        # (width x e, then width x c for each B_e): rows and columns picked by FLINT products
        self.pick_rows = flint.fmpz_mat(c, m)
        for j, k in enumerate(self.moving):
            self.pick_rows[j, k] = 1
        self.pick_columns = [flint.fmpz_mat(width, self.e)]
        for k in range(self.e):
            self.pick_columns[0][k, k] = 1
        for e in range(1, self.d + 1):
            pick = flint.fmpz_mat(width, c)
            for j in range(c):
                pick[self.e + (e - 1) * c + j, j] = 1
            self.pick_columns.append(pick)


#: What :func:`_modular_images` returns when ``B`` is singular at the shift modulo its prime.
_SINGULAR = "singular"


def _modular_images(pencil: _IntegerPencil, N: int, p: int, shift):
    """The unknowns of ``B(t) z = r(t)`` as ``(numerators, denominator)`` modulo ``p``: polynomials in
    ``t`` (coefficient lists), ``z_k = n_k / q`` with ``q`` the least common denominator, monic;
    None if ``p`` is unlucky.  ``pencil``: the system in ``s = t - shift``, integer rows.

    ``B(s) = B_0 + B_1 s + ... + B_d s^d`` is factored at ``s = 0`` once, and the power series
    ``z(s) = z_0 + z_1 s + ...`` follows term by term, ``B_0 z_k = r_k - B_1 z_{k-1} - ... - B_d z_{k-d}``
    (x-adic lifting, as in Dixon's method with ``s`` for the prime).  Only the ``moving`` unknowns
    ``y_k`` (the columns where ``B_1 .. B_d`` are nonzero) feed the recurrence, so one solve
    ``B_0 X = [r_0 .. r_{e-1} | -B_1[:, moving] | ... | -B_d[:, moving]]`` gives a small recurrence
    for ``y_k``, and then every term at once, ``z_k = X_r[:, k] + sum_e X_e y_{k-e}`` (a matrix
    product; Woodbury's identity in power-series form).
    Its first ``N`` terms give the common denominator ``q(s)`` by Padé approximation of one random
    combination of the unknowns (whose denominator is, but for a chance of about ``deg q / p``, the
    least common one); each numerator is then ``q(s) z_k(s)`` truncated, and moved back to ``t``
    (both one matrix product).  Everything stays in FLINT matrices (rows and columns picked by
    multiplying with 0/1 matrices) until the numerators, of which only the first ``N / 2 + 1``
    coefficients are read: a longer one means too few terms, which the caller sees from the
    lengths.  Any mistake is caught by the caller's exact check of the lifted solution."""
    import random

    import flint

    try:
        x0 = _mod(shift, p)
    except ValueError:
        return None
    m, d, e_rhs, c = pencil.m, pencil.d, pencil.e, len(pencil.moving)
    try:
        solved = flint.nmod_mat(pencil.constant, p).solve(flint.nmod_mat(pencil.right, p))
    except ZeroDivisionError:
        return _SINGULAR  # B(shift) is singular modulo p
    pick_r, *pick_e = (flint.nmod_mat(s, p) for s in pencil.pick_columns)
    # z_k = X_r[:, k] (k < e) + sum_e X_e y_{k-e}: as an m x N matrix Z^T = X M, with M (width x N) the
    # unit columns [I | 0] on the right-hand side's rows and, on B_e's rows, the moving unknowns' terms
    # y_{k-e} (column k)
    spread = pick_r * _padding(e_rhs, N, p)
    if c:
        # the recurrence for the moving unknowns: y_k = g_k + sum_e W_e y_{k-e}, with g_k = X_r[moving, k]
        # and W_e = X_e[moving] (the pencil holds -B_e, so X_e = -B_0^{-1} B_e[:, moving])
        sub = flint.nmod_mat(pencil.pick_rows, p) * solved
        g, w = sub * pick_r, [sub * pick for pick in pick_e]
        first = _units(e_rhs, p)
        ys: list = []
        for k in range(N):
            v = g * first[k] if k < e_rhs else None
            for e in range(1, min(k, d) + 1):
                step = w[e - 1] * ys[k - e]
                v = step if v is None else v + step
            ys.append(flint.nmod_mat(c, 1, p) if v is None else v)
        entries = [x for y in ys for x in y.entries()]  # nmod elements: FLINT takes them back fast
        for e in range(1, d + 1):
            # Y_e^T (N x c): row k is y_{k-e}, zero for k < e
            shifted = flint.nmod_mat(N, c, [0] * (min(e, N) * c) + entries[: max(N - e, 0) * c], p)
            spread += pick_e[e - 1] * shifted.transpose()
    terms = solved * spread  # m x N: column k is z_k
    weights = flint.nmod_mat(1, m, random.Random(p).choices(range(1, p), k=m), p)
    mixed = flint.nmod_poly((weights * terms).entries(), p)
    pade = _pade(mixed, N, p)
    if pade is None:
        return None
    q = pade[1]
    back = flint.nmod_poly([(-x0) % p, 1], p)  # s = t - shift
    q_t = q(back)
    lead = pow(int(q_t.coeffs()[-1]), -1, p)
    # numerators: (z_k q mod s^N)(t - shift) * lead, their first K coefficients, all at once:
    # Z^T T^T S^T, with T the first K rows of the Toeplitz matrix of q (row j: q_j, ..., q_0) and S the
    # Taylor shift (K x K: a polynomial of degree < K keeps its degree)
    K = min(N, N // 2 + 1)
    qs = [int(x) * lead % p for x in q.coeffs()][:N]
    qs += [0] * (N - len(qs))
    toeplitz = []
    for j in range(K):
        toeplitz += qs[j::-1]
        toeplitz += [0] * (N - j - 1)
    change = flint.nmod_mat(K, N, toeplitz, p)
    if x0:
        change = _taylor(K, x0, p) * change
    flat = (terms * change.transpose()).entries()
    nums = []
    for i in range(m):
        row = [int(x) for x in flat[i * K : (i + 1) * K]]
        while row and not row[-1]:
            row.pop()
        nums.append(row)
    return nums, [int(x) for x in q_t * lead]


@functools.lru_cache(maxsize=64)
def _units(n: int, p: int) -> list:
    """The ``n`` unit columns ``n x 1`` modulo ``p`` (column ``k``: a 1 in row ``k``)."""
    import flint

    out = []
    for k in range(n):
        column = flint.nmod_mat(n, 1, p)
        column[k, 0] = 1
        out.append(column)
    return out


@functools.lru_cache(maxsize=64)
def _padding(e: int, N: int, p: int):
    """``[I | 0]``, ``e x N`` modulo ``p`` (``e <= N``; the first ``min(e, N)`` columns)."""
    import flint

    pad = flint.nmod_mat(e, N, p)
    for k in range(min(e, N)):
        pad[k, k] = 1
    return pad


@functools.lru_cache(maxsize=64)
def _taylor(N: int, x0: int, p: int):
    """The ``N x N`` matrix modulo ``p`` taking the coefficients of a polynomial in ``s`` (a column) to
    those of the same polynomial in ``t = s + x0``: column ``j`` holds ``(t - x0)^j``, its entry
    ``k`` ``C(j, k) (-x0)^(j - k)`` (Pascal's rule)."""
    import flint

    rows = [[1] + [0] * (N - 1)]
    for _ in range(1, N):
        prev = rows[-1]
        rows.append([((prev[k - 1] if k else 0) - x0 * prev[k]) % p for k in range(N)])
    return flint.nmod_mat(N, N, [x for row in rows for x in row], p).transpose()


_SHIFTS = ((0, 1), (1, 1), (-1, 1), (2, 1), (-2, 1), (3, 1), (1, 2), (-1, 2), (5, 1), (7, 1), (1, 3), (11, 1))


#: The shift that served the last basis, tried first (bases met one after another share it; Leduc
#: hold'em's are singular at a second-round bet of 0 and invertible at 1).
_LAST_SHIFT = [_SHIFTS[0]]


def _pencil_at(prow, prhs, m: int, shift) -> _IntegerPencil:
    """The system ``prow z = prhs`` in ``s = t - shift`` (``shift`` an fmpq), as an :class:`_IntegerPencil`."""
    import flint

    if shift == 0:
        return _IntegerPencil(prow, prhs, m)
    move = flint.fmpq_poly([shift, 1])  # t = shift + s
    srow = [{k: poly(move) for k, poly in line.items()} for line in prow]
    return _IntegerPencil(srow, [poly(move) for poly in prhs], m)


#: A reconstructed fraction ``a/b`` is accepted only when ``|a| b`` is at least this factor below
#: the modulus (the largest quotient of Euclid's algorithm on it, Monagan's test): a random residue
#: passes with a chance of about ``2^-12``, and a solution's thousands of coefficients all pass by
#: chance with much less; whatever passes is still proved by the caller (a wrong lift costs one more
#: prime).  On Leduc hold'em's bases 12 bits instead of 24 save a tenth of the primes.
_MARGIN = 1 << 12


def _rational(c: int, modulus: int):
    """The fraction ``a/b`` with ``a = b c (mod modulus)`` and ``|a| b`` smallest, accepted when
    ``|a| b`` is below ``modulus / _MARGIN``; None if there is no such fraction.

    Maximal quotient rational reconstruction (Monagan 2004, "Maximal quotient rational
    reconstruction: an almost optimal algorithm for rational reconstruction"): of the remainders of
    Euclid's algorithm on ``(modulus, c)``, the one after the largest quotient.  Unlike Wang's
    balanced bounds ``|a|, b < sqrt(modulus / 2)``, it needs only about as many bits of modulus as
    ``a`` and ``b`` have together (a solution's numerators here are much longer than their
    denominators)."""
    import math

    import flint

    c %= modulus
    if c == 0:
        return flint.fmpq(0)
    best = _MARGIN
    a = b = 0
    r0, r1, s0, s1 = modulus, c, 0, 1
    while r1 and r0 > best:
        q = r0 // r1
        if q > best:
            a, b, best = r1, s1, q
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
    if b == 0 or math.gcd(a, b) != 1:
        return None
    return flint.fmpq(a, b) if b > 0 else flint.fmpq(-a, -b)


def _lift(images: list, modulus: int):
    """Rational polynomials from the CRT-combined residues ``images`` (lists of coefficients), or None
    as soon as one coefficient has no fraction (:func:`_rational`).

    The coefficients of a solution share most of their denominators, so each residue is first
    multiplied by the least common denominator ``L`` of the coefficients lifted so far: when
    ``c L`` is an integer much smaller than the modulus (``|c L mod modulus| < modulus / _MARGIN``), the
    coefficient is that integer over ``L``, without Euclid's algorithm; otherwise it is
    reconstructed and ``L`` grows (denominator accumulation)."""
    import flint

    out = []
    common = 1
    limit = modulus // _MARGIN
    half = modulus // 2
    for coeffs in images:
        # most polynomials need no new denominator: their coefficients times ``common`` are small
        # integers, and FLINT takes them with ``common`` at once
        ints = []
        for c in coeffs:
            a = c * common % modulus
            if a > half:
                a -= modulus
            if not -limit < a < limit:
                break
            ints.append(a)
        else:
            out.append(flint.fmpq_poly(ints, common) if ints else flint.fmpq_poly([0]))
            continue
        fracs = []
        for c in coeffs:
            a = c * common % modulus
            if a > half:
                a -= modulus
            if -limit < a < limit:
                fracs.append(flint.fmpq(a, common))
                continue
            f = _rational(a, modulus)
            if f is None:
                return None
            fracs.append(f / common)
            common *= int(f.q)
        out.append(flint.fmpq_poly(fracs) if fracs else flint.fmpq_poly([0]))
    return out


_DEGREE_HINT = [16]


def _solve_core(
    system: list[dict[int, RationalFunction]], rhs: list[RationalFunction]
) -> list[RationalFunction]:
    """Solve the dense core ``B(t) z = r(t)`` over ``Q(t)`` by power series about a point where ``B`` is
    invertible and Padé approximation modulo word-size primes (:func:`_modular_images`): numerators
    ``n_k(t)`` over one common denominator ``q(t)``, lifted to the rationals (Chinese remaindering and
    rational number reconstruction), then *proved*: ``B(t) n(t) = r(t) q(t)`` must hold as an
    identity of polynomials, which makes ``n / q`` the solution (``B(t)`` is nonsingular wherever it
    is at one point, and it is at the series' point modulo a prime).  More terms and more primes are
    taken until it does.

    Raises
    ------
    ZeroDivisionError
        If no solution is found within the system's degree bound (a singular basis).
    """
    import flint

    m = len(system)
    prow, prhs = [], []
    for line, r in zip(system, rhs):  # clear each row's denominators: polynomial rows
        lcm = flint.fmpq_poly([1])
        for v in (*line.values(), r):
            if v.den.degree() > 0:
                lcm = lcm * v.den // lcm.gcd(v.den)
        prow.append({k: v.num * (lcm // v.den) for k, v in line.items()})
        prhs.append(r.num * (lcm // r.den))
    bound = sum(max([p.degree() for p in (*line.values(), r)] + [0]) for line, r in zip(prow, prhs))
    # the series are taken about the first of the shifts (the last one that served first) at which B
    # is invertible; a shift where it is singular modulo the first two primes is given up
    for num, den in [_LAST_SHIFT[0], *(x for x in _SHIFTS if x != _LAST_SHIFT[0])]:
        shift = flint.fmpq(num, den)
        solution = _solve_about(prow, prhs, _pencil_at(prow, prhs, m, shift), shift, bound)
        if solution is not None:
            _LAST_SHIFT[0] = (num, den)
            return solution
    raise ZeroDivisionError("the basis is singular at every point tried")


def _solve_about(prow, prhs, pencil: _IntegerPencil, shift, bound: int) -> list[RationalFunction] | None:
    """:func:`_solve_core` about ``shift``: None if ``B(shift)`` is singular modulo the first two primes."""
    m = pencil.m
    N = min(_DEGREE_HINT[0], 2 * bound + 2)
    singular = 0
    while True:
        start = N  # the terms this round starts with: the next round takes twice as many
        shape = None
        residues: list = []
        modulus = 1
        refuted = None  # a lifted solution that failed the exact check
        for k in range(41):
            p = _prime(k)
            images = _modular_images(pencil, N, p, shift)
            if images is _SINGULAR:
                singular += 1
                if singular >= 2 and shape is None:
                    return None
                continue
            if images is None:
                continue
            nums, den = images
            now = ([len(c) for c in nums], len(den))
            if max(max(now[0]), now[1]) >= N // 2 - 1 and N <= 2 * bound + 2:
                break  # not enough terms for these degrees
            if shape is None:  # the degrees are known: the next primes need no more terms than this
                N = min(N, 2 * max(max(now[0]), now[1]) + 6)
                shape = now
                longest = max(range(m), key=lambda k: now[0][k])
                residues = [*nums, den]
                modulus = p
            elif now != shape:
                continue  # an unlucky prime
            else:
                inverse = pow(modulus, -1, p)
                # Chinese remaindering, inline (a call per coefficient cost a third of it): the residue
                # modulo modulus * p that is r mod modulus (0 <= r < modulus) and s mod p
                residues = [
                    [r + modulus * ((s - r) * inverse % p) for r, s in zip(old, new)]
                    for old, new in zip(residues, [*nums, den])
                ]
                modulus *= p
            # rational reconstruction, the denominator's and the longest numerator's coefficients
            # first (the lift stops at the first coefficient without a fraction), then proved
            lifted = _lift([residues[-1], residues[longest], *residues[:-1]], modulus)
            if lifted is None:
                continue
            q, _, *numerators = lifted
            if q.is_zero() or not _satisfies(prow, prhs, numerators, q):
                if refuted is not None and refuted == (q, numerators):
                    break  # the same wrong solution from more primes: the series is too short, not the modulus
                refuted = (q, numerators)
                continue
            _DEGREE_HINT[0] = max(16, N + 16)  # a little more for the next basis, whose degrees may grow
            return [RationalFunction(n, q) for n in numerators]
        if start > 2 * bound + 2:
            raise ZeroDivisionError("no rational solution of the basis within its degree bound")
        N = 2 * max(start, N)  # (the round may have cut N to the degrees it saw, too low if they were wrong)


def _satisfies(prow, prhs, numerators: list, q) -> bool:
    """Whether ``sum_k B_ik(t) n_k(t) = r_i(t) q(t)`` for every row, exactly (polynomials)."""
    for line, r in zip(prow, prhs):
        total = r * q
        for k, poly in line.items():
            total -= poly * numerators[k]
        if not total.is_zero():
            return False
    return True
