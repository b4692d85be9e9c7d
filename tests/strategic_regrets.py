"""An outside check of equilibria of strategic games: regrets from the ``.nfg`` payoffs alone.

Shared by the tests of issue 38 and ``benchmarks/bench.py``.  Nothing here comes from derive: the
payoffs are read from the Gambit file text with Python's ``Fraction`` (a reader of its own), the
expected payoffs are sums over the table, and a regret's sign is decided exactly: zero iff its
minimal polynomial is ``x`` (sympy), otherwise from a decimal value accurate beyond the smallest
size a non-zero root of that polynomial can have (Cauchy's bound on ``1/x``).

``random_game(seed)`` is the seeded generator of the benchmark's and the tests' random
three-player games (2 or 3 strategies each; payoffs in {0, 1, 2}, or generic in -9..9).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from fractions import Fraction

import sympy as sp

__all__ = ["check_profile", "exact_sign", "in_piece", "nfg_text", "random_game", "read_payoffs"]


def nfg_text(name: str, sizes: list[int], payoffs: list[int]) -> str:
    """A Gambit payoff-version ``.nfg`` file: player 1's strategy changes fastest, then player 2's ..."""
    strategies = " ".join("{ " + " ".join(f'"s{k}"' for k in range(m)) + " }" for m in sizes)
    players = " ".join(f'"P{i + 1}"' for i in range(len(sizes)))
    return f'NFG 1 R "{name}" {{ {players} }} {{ {strategies} }}\n\n' + " ".join(map(str, payoffs)) + "\n"


def random_game(seed: int, generic: bool = False, players: int = 3) -> tuple[list[int], list[int]]:
    """``(sizes, payoffs)`` of a seeded random game: 2 or 3 strategies per player, payoffs in
    {0, 1, 2} (many ties) or, if ``generic``, in -9..9."""
    r = random.Random(seed)
    sizes = [r.choice([2, 3]) for _ in range(players)]
    cells = 1
    for m in sizes:
        cells *= m
    low, high = (-9, 9) if generic else (0, 2)
    return sizes, [r.randint(low, high) for _ in range(cells * players)]


def read_payoffs(text: str) -> tuple[list[int], dict[tuple[int, ...], tuple[Fraction, ...]]]:
    """``(sizes, pure profile -> payoff vector)`` from a payoff-version ``.nfg`` text."""
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|[{}]|[^\s{}"]+', text)
    k = 3 + 1  # NFG 1 R "title"
    assert tokens[k] == "{"
    k = tokens.index("}", k) + 1  # past the players
    assert tokens[k] == "{"
    k += 1
    sizes = []
    while tokens[k] != "}":
        if tokens[k] == "{":
            end = tokens.index("}", k)
            sizes.append(end - k - 1)
            k = end + 1
        else:
            sizes.append(int(tokens[k]))
            k += 1
    k += 1
    if k < len(tokens) and tokens[k].startswith('"'):
        k += 1  # a comment
    values = [Fraction(x) for x in tokens[k:]]
    n = len(sizes)
    profiles = sorted(itertools.product(*(range(m) for m in sizes)), key=lambda q: tuple(reversed(q)))
    assert len(values) == n * len(profiles), (len(values), sizes)
    return sizes, {q: tuple(values[n * i : n * i + n]) for i, q in enumerate(profiles)}


class _Numbers:
    """Exact arithmetic and signs in ``Q(a)`` for the one algebraic number ``a`` (a square root or a
    sympy ``CRootOf``) that a profile's probabilities are written with (``a = 0``: all rational).

    A number becomes a polynomial in ``a`` reduced modulo ``a``'s minimal polynomial ``m``: zero
    exactly when the remainder is 0.  A non-zero one has the sign of its polynomial on a rational
    interval around ``a`` where interval arithmetic (with ``Fraction`` ends) excludes 0; the interval
    (sympy's ``CRootOf.eval_rational``, or integer square roots) is narrowed until it does."""

    def __init__(self, values):
        self.a = sp.Symbol("a")
        atoms = set()
        for v in values:
            v = sp.sympify(v)
            atoms |= v.atoms(sp.CRootOf)
            atoms |= {x for x in v.atoms(sp.Pow) if x.exp == sp.S.Half and x.base.is_Rational}
        assert len(atoms) <= 1, atoms
        self.atom = next(iter(atoms), None)
        if self.atom is None:
            self.minimal = sp.Poly(self.a, self.a)
        elif isinstance(self.atom, sp.CRootOf):
            self.minimal = sp.Poly(
                self.atom.poly.as_expr().subs(self.atom.poly.gen, self.a), self.a, domain="QQ"
            )
        else:
            self.minimal = sp.Poly(self.a**2 - self.atom.base, self.a, domain="QQ")

    def poly(self, value) -> sp.Poly:
        """``value`` as a polynomial in ``a`` of degree below ``m``'s."""
        value = sp.sympify(value)
        if self.atom is None:
            return sp.Poly(value, self.a, domain="QQ")  # a rational
        top, bottom = sp.fraction(sp.together(value.xreplace({self.atom: self.a})))
        top, bottom = sp.Poly(top, self.a, domain="QQ"), sp.Poly(bottom, self.a, domain="QQ")
        return (top * bottom.invert(self.minimal)).rem(self.minimal)

    def _interval(self, width: Fraction) -> tuple[Fraction, Fraction]:
        if self.atom is None:
            return Fraction(0), Fraction(0)
        if isinstance(self.atom, sp.CRootOf):
            near = sp.Rational(self.atom.eval_rational(dx=sp.Rational(width.numerator, width.denominator)))
            near = Fraction(int(near.p), int(near.q))
            return near - width, near + width
        d = Fraction(int(self.atom.base.p), int(self.atom.base.q))
        scale = 1 << 8
        while Fraction(1, scale) > width:
            scale <<= 8
        low = Fraction(math.isqrt(d.numerator * scale * scale // d.denominator), scale)
        return low, low + Fraction(1, scale)

    def sign(self, value) -> int:
        """The sign of ``value`` (an expression in rationals and ``a``), exactly."""
        p = self.poly(value)
        if p.is_zero:
            return 0
        coeffs = [Fraction(int(c.p), int(c.q)) for c in p.all_coeffs()]
        width = Fraction(1, 2**20)
        while True:
            lo, hi = self._interval(width)
            low, high = Fraction(0), Fraction(0)
            for c in coeffs:  # Horner's rule on intervals
                products = [low * lo, low * hi, high * lo, high * hi]
                low, high = min(products) + c, max(products) + c
            if low > 0:
                return 1
            if high < 0:
                return -1
            width /= 2**20


def exact_sign(value) -> int:
    """The sign of a rational, or of a number written with one square root or ``CRootOf``, exactly."""
    return _Numbers([value]).sign(value)


def check_profile(sizes, payoffs, mixed) -> list[str]:
    """Why ``mixed`` (per player, a list of exact probabilities by strategy index, rational or in one
    ``Q(a)``) is not a Nash equilibrium of the table, or ``[]``: probabilities non-negative adding up
    to 1, and no pure strategy above the player's expected payoff."""
    values = [sp.sympify(x) for row in mixed for x in row]
    if all(x.is_Rational for x in values):
        return _check_rational(
            sizes, payoffs, [[Fraction(int(x.p), int(x.q)) for x in map(sp.sympify, row)] for row in mixed]
        )
    numbers = _Numbers(values)
    problems = []
    n = len(sizes)
    for p in range(n):
        if numbers.sign(sp.Add(*mixed[p]) - 1) != 0:
            problems.append(f"player {p + 1}'s probabilities add up to {sp.Add(*mixed[p])}")
        if any(numbers.sign(x) < 0 for x in mixed[p]):
            problems.append(f"player {p + 1} has a negative probability")
    for p in range(n):
        value = [sp.S.Zero] * sizes[p]
        for profile, pay in payoffs.items():
            weight = sp.Rational(pay[p].numerator, pay[p].denominator)
            for q in range(n):
                if q != p:
                    weight *= mixed[q][profile[q]]
            value[profile[p]] += weight
        mean = sp.Add(*(mixed[p][k] * value[k] for k in range(sizes[p])))
        for k in range(sizes[p]):
            if numbers.sign(value[k] - mean) > 0:
                problems.append(f"player {p + 1} gains by strategy {k + 1}")
    return problems


def in_piece(piece, profile, tol: float) -> bool:
    """Whether a floating-point profile (per player, probabilities by strategy index, as another
    solver prints them) lies in one piece of derive's support enumeration (a
    ``SupportEquilibrium``), to ``tol``: its parameters read off the profile, every probability
    and every condition (or the range) compared in 30 digits."""
    point = {}
    for t in piece.parameters:  # each parameter is one strategy's probability, named after it
        ((p, k),) = [
            (p, k)
            for p, d in enumerate(piece.strategies)
            for k, label in enumerate(d)
            if d[label] == t and t.name == f"s{p + 1}_{{{label}}}"
        ]
        point[t] = profile[p][k]
    for p, d in enumerate(piece.strategies):
        for k, v in enumerate(d.values()):
            value = sp.sympify(v).subs(point) if point else sp.sympify(v)
            if abs(float(sp.N(value, 30)) - profile[p][k]) > tol:
                return False
    if piece.ranges:
        (t,), (where,) = piece.parameters, piece.ranges
        return float(where.inf) - tol <= point[t] <= float(where.sup) + tol
    for c in piece.conditions:
        if isinstance(c, sp.Ne):
            continue
        slack = (
            c.lhs - c.rhs if isinstance(c, (sp.GreaterThan, sp.StrictGreaterThan, sp.Eq)) else c.rhs - c.lhs
        )
        value = float(sp.N(slack.subs(point), 30))
        if (abs(value) if isinstance(c, sp.Eq) else -value) > tol:
            return False
    return True


def _check_rational(sizes, payoffs, mixed) -> list[str]:
    """:func:`check_profile` for rational probabilities, in Python's Fractions."""
    problems = []
    n = len(sizes)
    for p in range(n):
        if sum(mixed[p]) != 1:
            problems.append(f"player {p + 1}'s probabilities add up to {sum(mixed[p])}")
        if any(x < 0 for x in mixed[p]):
            problems.append(f"player {p + 1} has a negative probability")
    for p in range(n):
        value = [Fraction(0)] * sizes[p]
        for profile, pay in payoffs.items():
            weight = pay[p]
            for q in range(n):
                if q != p:
                    weight *= mixed[q][profile[q]]
            value[profile[p]] += weight
        mean = sum(mixed[p][k] * value[k] for k in range(sizes[p]))
        problems.extend(
            f"player {p + 1} gains by strategy {k + 1}" for k in range(sizes[p]) if value[k] > mean
        )
    return problems
