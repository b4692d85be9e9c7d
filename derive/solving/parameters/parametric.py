"""The game value and optimal strategies as closed-form functions of the bet size ``b``.

With ante 1 and bet size ``b > 0`` a symbol, the plan-form payoffs are
linear in ``b``.  For each fixed ``b`` the usable plans (supports) of both
players are decided exactly (:func:`derive.solving.lp.certified_supports`); on an
interval of ``b`` where they do not change, the indifference equations
solved with ``b`` symbolic give both players' optimal families as rational
functions of ``b`` (and the family parameters), and the value ``v(b)``.

:func:`bet_size_analysis` samples ``b`` on a grid, groups the samples by
support, and locates each change of support *exactly*: the candidates are
the real roots, between the two samples, of every constraint that bounds a
family (probabilities ``>= 0``, no better deviation) and of the difference of
the two value formulas; testing a rational point between consecutive
candidates decides where the support changes (a new support found there is
added and handled the same way).  Every piece is then verified at sample
points and at random rationals against the numeric solver.

Limits: families with more than one free parameter are projected only
through their parameter-free constraints when locating breakpoints; if a
breakpoint cannot be located exactly, :class:`ParametricError` is raised
rather than a guess.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import Game
from derive.games.one_card import (
    PLAYER_NAMES,
    GameDefinitionError,
    NamedParameter,
    exact_amount,
    one_card_poker,
    to_extensive_form,
)
from derive.notation.text import count, to_text
from derive.sequence_form.plans import GamePlanForm, game_plan_form
from derive.sequence_form.strategies import plan_symbol
from derive.solving.families.optimal_families import FamilyCertificateError, OptimalFamily, _derive_family
from derive.solving.lp import certified_supports, maximin
from derive.solving.parameters.breakpoints import ParametricError
from derive.solving.zero_sum.from_rules import solve_rules

__all__ = ["BetPiece", "BetSizeAnalysis", "ParametricError", "analysis_markdown", "b", "bet_size_analysis"]

#: The bet size, in antes.
b = sp.Symbol("b", positive=True)


@dataclass(frozen=True)
class BetPiece:
    """One interval of bet sizes with a fixed support.

    Attributes
    ----------
    lower, upper : sympy.Expr
        The interval's ends (exact; ``upper`` may be ``oo``).  At an end
        both neighbouring pieces are optimal.
    value : sympy.Expr
        The game value to the opener, a rational function of ``b``.
    families : (OptimalFamily, OptimalFamily)
        Both players' optimal strategies on the open interval, with plan
        probabilities in ``b`` and the family parameters.
    usable : (tuple of str, tuple of str)
        The plans some optimal strategy uses, by label.
    """

    lower: sp.Expr
    upper: sp.Expr
    value: sp.Expr
    families: tuple[OptimalFamily, OptimalFamily]
    usable: tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class BetSizeAnalysis:
    """The value and optimal strategies of a game as piecewise functions of ``b``."""

    deck: int
    max_bets: int
    pieces: tuple[BetPiece, ...]
    checked: int

    @property
    def value(self) -> sp.Piecewise:
        """The value as a sympy ``Piecewise`` in ``b`` (pieces with equal formulas merged)."""
        merged: list[tuple[sp.Expr, sp.Expr]] = []
        for piece in self.pieces:
            if merged and sp.simplify(merged[-1][0] - piece.value) == 0:
                merged[-1] = (merged[-1][0], piece.upper)
            else:
                merged.append((piece.value, piece.upper))
        args = [(v, b <= up) if up != sp.oo else (v, True) for v, up in merged]
        return sp.Piecewise(*args)

    def value_at(self, bet: object) -> sp.Expr:
        """The closed form evaluated at ``bet`` (exact: ``"1/2"``, Rational, or a float only when it is
        exactly a short decimal such as 0.5; :func:`derive.games.one_card.exact_amount`).

        Raises
        ------
        derive.games.one_card.GameDefinitionError
            If ``bet`` is not a positive exact number (``1/3`` as a float is refused).
        """
        return sp.nsimplify(self.value.subs(b, _bet_size(bet, "bet")))


def _bet_size(value: object, name: str) -> sp.Rational:
    """A positive exact bet size (the rule of :mod:`derive.extensive_form.exact`), not a symbol."""
    size = exact_amount(value, name)
    if not size.is_Rational:
        raise GameDefinitionError(f"{name} must be a number, got {value!r}")
    return size


def _entry_polynomials(pf: GamePlanForm) -> dict[tuple[int, int], list]:
    """Each plan-form entry as its coefficients in ``b`` (``QQ``, highest power first)."""
    return {k: [QQ.from_sympy(c) for c in sp.Poly(v, b).all_coeffs()] for k, v in pf.entries.items()}


def _structure(pf: GamePlanForm, bet: sp.Expr, polys: dict | None = None):
    """Exact value and certified supports at one numeric bet size (``polys``: :func:`_entry_polynomials`)."""
    polys = _entry_polynomials(pf) if polys is None else polys
    x = QQ.from_sympy(sp.Rational(bet))
    entries: dict[int, dict[int, object]] = {}
    for (i, j), coeffs in polys.items():
        v = QQ(0)
        for c in coeffs:  # Horner's rule, exact
            v = v * x + c
        if v:
            entries.setdefault(i, {})[j] = v
    value = maximin(entries, pf.shape, pf.groups[0], pf.groups[1])[0].value
    supports = certified_supports(entries, pf.shape, pf.groups[0], pf.groups[1], value)
    return supports.usable


def _piece(game: Game, pf: GamePlanForm, usable, named) -> tuple[tuple, sp.Expr, list[sp.Expr]]:
    """Families with ``b`` symbolic, the value formula, and the univariate validity functions."""
    families = tuple(
        _derive_family(pf, pf, p, usable, [n for n in named if n.player == p], enumerate_vertices=False)
        for p in (0, 1)
    )
    x = {plan_symbol(p): v for p, v in families[0].plans.items()}
    y = {plan_symbol(p): v for p, v in families[1].plans.items()}
    u = sp.Add(
        *(
            v * x.get(plan_symbol(pf.plans[0][i]), 0) * y.get(plan_symbol(pf.plans[1][j]), 0)
            for (i, j), v in pf.entries.items()
        )
    )
    value = sp.factor(sp.cancel(u))  # a rational function of b: cancel is exact and canonical
    params = set(families[0].parameters) | set(families[1].parameters)
    if value.free_symbols & params:
        raise ParametricError(f"the value depends on a family parameter: {value}")
    checks: list[sp.Expr] = []
    for fam in families:
        exprs = [sp.together(c.lhs - c.rhs) for c in fam.constraints]
        free = [e for e in exprs if not (e.free_symbols & set(fam.parameters))]
        checks.extend(free)
        if fam.dimension == 1:
            t = fam.parameters[0]
            lows, highs = [], []
            for e in exprs:
                if not e.has(t):
                    continue
                a = sp.cancel(sp.diff(e, t))
                rest = sp.cancel(e - a * t)
                bound = sp.cancel(-rest / a)
                # the sign of a may depend on b; keep both readings as candidates
                lows.append(bound)
                highs.append(bound)
            checks.extend(sp.together(h - lo) for h in highs for lo in lows)
    return families, value, checks


def _roots_between(exprs: Sequence[sp.Expr], lo: sp.Expr, hi: sp.Expr) -> list[sp.Expr]:
    roots = set()
    for e in exprs:
        num = sp.numer(sp.together(e))
        if not num.has(b):
            continue
        for r in sp.Poly(num, b).real_roots() if sp.Poly(num, b).degree() > 0 else []:
            if lo < r < hi:
                roots.add(r)
        den = sp.denom(sp.together(e))
        if den.has(b):
            for r in sp.Poly(den, b).real_roots():
                if lo < r < hi:
                    roots.add(r)
    return sorted(roots, key=lambda r: sp.N(r, 50))


def _rational_between(lo: sp.Expr, hi: sp.Expr) -> sp.Rational:
    """A simple rational strictly between two real algebraic numbers."""
    a = sp.N(lo, 60)
    for denominator in (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 50, 64, 100, 128, 1000, 10**6):
        k = sp.floor(a * denominator) + 1
        q = sp.Rational(int(k), denominator)
        if lo < q < hi:
            return q
    return sp.Rational(str(sp.N((lo + hi) / 2, 40)))


def bet_size_analysis(
    deck: int = 3,
    max_bets: int = 1,
    samples: Sequence[object] | None = None,
    named: Sequence[NamedParameter] = (),
    checks: int = 3,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> BetSizeAnalysis:
    """Derive the game value and optimal families of ``one_card_poker(deck, max_bets, 1, b)`` piecewise in ``b``.

    Parameters
    ----------
    deck, max_bets : int
        The rules (ante 1, bet ``b`` chips).
    samples : sequence of numbers, optional
        Bet sizes to start from (default: 1/8, 1/4, ..., 4 and 6, 8, 16): positive and exact
        (``"1/3"``, Rationals, or floats only when exactly a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`).
    named : sequence of NamedParameter
        Parameters to write the families in (e.g. Kuhn's letters).
    checks : int
        Random rational bet sizes per piece at which the closed form is
        compared with the numeric solver (besides every sample).

    Returns
    -------
    BetSizeAnalysis

    Raises
    ------
    ParametricError
        If a breakpoint cannot be located exactly or a check fails.
    derive.games.one_card.GameDefinitionError
        If a sample is not a positive exact number (a float such as ``1/3`` is refused).

    Examples
    --------
    >>> res = bet_size_analysis(3, 1, samples=["1/2", 1, "3/2", 3])
    >>> res.value_at(1), res.value_at(sp.Rational(1, 2))
    (-1/18, -1/60)
    """
    say = progress or (lambda _m: None)
    if samples is None:
        samples = [sp.Rational(k, 8) for k in range(1, 33)] + [6, 8, 16]
    points = sorted({_bet_size(s, "bet size sample") for s in samples})
    rules = one_card_poker(deck, max_bets, 1, b)
    rules.require_size()
    game = to_extensive_form(rules)
    pf = game_plan_form(game)
    say(f"deciding the supports at {count(len(points), 'bet size')} ...")
    polys = _entry_polynomials(pf)
    structure = {p: _structure(pf, p, polys) for p in points}
    cache: dict = {}

    def piece_of(usable):
        if usable not in cache:
            cache[usable] = _piece(game, pf, usable, named)
        return cache[usable]

    def generic(usable) -> bool:
        """Whether a support holds on an interval (its equations solve for symbolic b)."""
        try:
            piece_of(usable)
        except FamilyCertificateError:
            return False  # the support of a single breakpoint, where two pieces meet
        return True

    points = [p for p in points if generic(structure[p])]
    if not points:
        raise ParametricError("no sample bet size has a support that holds on an interval")

    # walk left to right, locating every change of support exactly
    bounds: list[tuple[sp.Expr, tuple]] = []  # (left end, usable) for each piece
    current = structure[points[0]]
    bounds.append((sp.S.Zero, current))
    k = 1
    while k < len(points):
        nxt = structure[points[k]]
        if nxt == current:
            k += 1
            continue
        lo, hi = points[k - 1], points[k]
        fam_a, val_a, chk_a = piece_of(current)
        fam_b, val_b, chk_b = piece_of(nxt)
        cands = _roots_between(chk_a + chk_b + [val_a - val_b], lo, hi)
        switch = None
        for c in cands:
            left = _rational_between(lo if switch is None else lo, c)
            if _structure(pf, left, polys) != current:
                break
            right_end = next((d for d in cands if d > c), hi)
            mid = _rational_between(c, right_end) if right_end != c else hi
            s_mid = _structure(pf, mid, polys)
            if s_mid != current and generic(s_mid):
                switch = c
                if s_mid != nxt:  # a support between the two samples: insert it
                    structure[mid] = s_mid
                    points.insert(k, mid)
                    nxt = s_mid
                break
        if switch is None:
            raise ParametricError(f"could not locate the change of support between b = {lo} and b = {hi}")
        bounds.append((switch, nxt))
        say(f"support changes at b = {switch}")
        current = nxt
        k += 1
    pieces = []
    rng = random.Random(seed)
    checked = 0
    for idx, (left, usable) in enumerate(bounds):
        right = bounds[idx + 1][0] if idx + 1 < len(bounds) else sp.oo
        fams, value, _ = piece_of(usable)
        labels = tuple(tuple(pf.plans[p][i].label for i in usable[p]) for p in (0, 1))
        # verify against the numeric solver
        inside = [q for q in points if left < q < right]
        top = right if right != sp.oo else (max(points) + 4)
        for _ in range(checks):
            inside.append(_rational_between(left + (top - left) * sp.Rational(rng.randint(1, 98), 100), top))
        for q in inside:
            numeric = solve_rules(one_card_poker(deck, max_bets, 1, q), refine="none").value
            if sp.simplify(value.subs(b, q) - numeric) != 0:
                raise ParametricError(f"closed form {value} disagrees with the solver at b = {q}: {numeric}")
            checked += 1
        pieces.append(BetPiece(left, right, value, fams, labels))  # type: ignore[arg-type]
    return BetSizeAnalysis(deck, max_bets, tuple(pieces), checked)


def analysis_markdown(res: BetSizeAnalysis, title: str) -> str:
    """The pieces of a :class:`BetSizeAnalysis` as markdown: value and both families per interval."""
    lines = [f"## {title}", "", f"Value to the opener: `v(b) = {to_text(res.value)}`", ""]
    for p in res.pieces:
        upper = "∞" if p.upper == sp.oo else to_text(p.upper)
        lines.append(f"### {to_text(p.lower)} < b < {upper}: v(b) = {to_text(sp.factor(p.value))}")
        lines.append("")
        for fam in p.families:
            params = ", ".join(to_text(t) for t in fam.parameters) or "none (unique)"
            lines.append(f"- **{PLAYER_NAMES[fam.player]}** (free parameters: {params})")
            named = [f"{to_text(k)} = {to_text(sp.factor(v))}" for k, v in fam.named.items()]
            if named:
                lines.append(f"  - {', '.join(named)}")
            plans = [f"{q.label} {to_text(sp.factor(v))}" for q, v in fam.plans.items() if v != 0]
            lines.append(f"  - plans: {'; '.join(plans)}")
            if fam.parameters:
                # constraints without a parameter hold on the whole interval (that is how its ends
                # were found), so only those that bound the parameters are listed
                shown: list[str] = []
                for c in fam.constraints:
                    e = sp.factor(c.lhs - c.rhs)
                    text = to_text(e) + " ≥ 0"
                    if e.free_symbols & set(fam.parameters) and text not in shown:
                        shown.append(text)
                lines.append(f"  - range: {'; '.join(shown)}")
        lines.append("")
    lines.append(
        f"Checked against the numeric solver at {res.checked} bet sizes (samples and random rationals)."
    )
    return "\n".join(lines) + "\n"
