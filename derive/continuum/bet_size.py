"""Poker on [0, 1] where the bettor chooses the size of his bet: Newman's no-limit model and its limit version.

Rules (Newman 1959, "A model for 'real' poker", Operations Research 7(5), section 2; Ferguson &
Ferguson 2003, "On the Borel and von Neumann poker models", section 4): both players ante
``ante`` chips (the pot is ``P = 2 ante``) and hold hands ``x`` (the bettor, I) and ``y`` (the
caller, II) uniform on [0, 1].  I checks (a showdown for the pot) or bets any size ``s`` in
``[low, high]`` (Newman's game: ``low = 0``, ``high = oo``; von Neumann's: ``low = high = B``); II
folds (I wins the pot) or calls (a showdown for the pot and the two bets).  Payoffs are I's net
winnings in chips; Newman's value 1/7 is for ante 1 (pot 2).

The derivation (:func:`derive_bet_size`), every step exact with sympy:

1. With II calling a bet of ``s`` with ``y >= c(s)``, the hand ``x`` earns by betting ``s``
   ``K(s) + (P + 2 s) (x - c(s))^+`` where ``K(s) = P c/2 - (P/2 + s)(1 - c)`` is what a hand
   below ``c(s)`` earns; checking earns ``P (x - 1/2)``.
2. *Bluffs*: the hands ``[0, a]`` bet and must be indifferent between all the sizes they use and
   checking at ``x = a``: ``K(s) = P (a - 1/2)`` for every size, so ``c(s) = (P a + s)/(P + s)``.
3. *Value bets*: the hand ``x`` picks ``s`` maximising ``phi(x, s) = (P + 2 s)(x - c(s))``:
   ``d phi / d s = 0`` gives the hand betting ``s``, ``x_v(s) = 1 - (1 - a) P^2 / (2 (P + s)^2)``,
   and its inverse the size of a value hand, ``s_v(x) = P (sqrt((1 - a)/(2 (1 - x))) - 1)``;
   clamped to ``[low, high]`` (the hands whose size would be below ``low`` bet ``low``, those above
   ``high`` bet ``high``).
4. *The caller's indifference*: at every size the hand ``c(s)`` is indifferent between calling and
   folding, so bluffs and value bets at ``s`` are in the ratio ``s : (P + s)`` (densities inside
   the range, masses at ``low`` and ``high``).
5. The hand ``b`` that checks or bets ``low`` indifferently: ``P (b - a) = phi(b, low)``.
6. The bluffs' total mass is ``a``: a linear equation in ``a``.

The bluffs are assigned to the sizes so that the lowest hands bet the most (any assignment with
the same mass at each size is equally optimal; this one makes the size a continuous function of
the hand off the check region): with ``u = P/(P + s)`` the bluff hand betting ``s`` solves
``2 u^3 - 3 u^2 + r = 0``, ``u = 1/2 + cos((2 pi - acos(1 - 2 r))/3)``.

:func:`prove_bet_size` proves the result an equilibrium by exact comparisons (no grid): the
key identity ``phi(x_v(t), t) - phi(x_v(t), s) = P^2 (1 - a)(s - t)^2 / ((P + s)(P + t)^2)``
and the linearity of ``phi`` in the hand settle every hand and every size; for the caller, at every
size the gain from calling is non-decreasing in ``y`` and exactly 0 between the bluff and the value
hand betting that size.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.games.one_card import GameDefinitionError, exact_amount

__all__ = [
    "BET_SIZE_MODELS",
    "BetRangeRules",
    "BetSizeProof",
    "BetSizeSolution",
    "ProofStep",
    "bet_size_model",
    "derive_bet_size",
    "limit_rules",
    "newman_rules",
    "prove_bet_size",
    "value_bounds",
    "von_neumann_value",
]

#: The bettor's hand, the caller's hand, a bet size, a second bet size (the prescribed one).
x = sp.Symbol("x", nonnegative=True)
y = sp.Symbol("y", nonnegative=True)
s = sp.Symbol("s", nonnegative=True)
t = sp.Symbol("t", nonnegative=True)
_a = sp.Symbol("a", positive=True)
_P = sp.Symbol("P", positive=True)
_d = sp.Symbol("d", nonnegative=True)

NEWMAN_SOURCE = (
    "Newman (1959), A model for 'real' poker, Operations Research 7(5), section 2; "
    "Ferguson & Ferguson (2003), section 4; Chen & Ankenman (2006), chapter 17"
)

#: Name -> one line on the model, for ``derive continuum --list``.
BET_SIZE_MODELS = {
    "newman": "Newman's no-limit poker: I checks (showdown) or bets any size s > 0; II folds or calls",
    "limit-poker": "I checks or bets any size in [L, U] (--bet-range L..U); II folds or calls; "
    "von Neumann's at L = U, Newman's as L -> 0, U -> oo",
}


def _low(value: object) -> sp.Expr:
    amount = exact_number(value, "low", GameDefinitionError, symbolic=False)
    if amount.is_zero:
        return sp.S.Zero
    return exact_amount(amount, "low")


def _high(value: object) -> sp.Expr:
    if value is None or value is sp.oo or (isinstance(value, str) and value.strip() in ("oo", "inf")):
        return sp.oo
    return exact_amount(exact_number(value, "high", GameDefinitionError, symbolic=False), "high")


@dataclass(frozen=True)
class BetRangeRules:
    """Rules of poker on [0, 1] with the bet size chosen in ``[low, high]`` (module docstring).

    Attributes
    ----------
    low : sympy.Rational
        The least bet, in chips (``>= 0``; 0 means any positive size, Newman's game).
    high : sympy.Rational or sympy.oo
        The largest bet (``>= low``, ``> 0``; ``oo`` for no limit).
    ante : sympy.Rational
        Each player's ante (positive); the pot is ``2 ante``.
    name, source : str

    Raises
    ------
    GameDefinitionError
        If a number is not exact, ``low < 0``, ``high <= 0`` or ``low > high``.
    """

    low: sp.Expr
    high: sp.Expr
    ante: sp.Expr = sp.S.One
    name: str = "limit poker on [0, 1]"
    source: str = NEWMAN_SOURCE

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", _low(self.low))
        object.__setattr__(self, "high", _high(self.high))
        object.__setattr__(self, "ante", exact_amount(self.ante, "ante"))
        if self.high is not sp.oo and self.low > self.high:
            raise GameDefinitionError(f"the bet range needs low <= high, got {self.low} > {self.high}")

    @property
    def pot(self) -> sp.Expr:
        """The pot before any bet, ``2 ante``."""
        return 2 * self.ante

    @property
    def fixed(self) -> bool:
        """Whether the range is one size (von Neumann's game)."""
        return self.low == self.high

    def range_text(self) -> str:
        """``[low, high]`` as text (``oo`` for no limit)."""
        return f"[{self.low}, {'oo' if self.high is sp.oo else self.high}]"


def newman_rules(ante: object = 1) -> BetRangeRules:
    """Newman's no-limit game: any bet size ``s > 0`` (``low = 0``, ``high = oo``).

    Raises
    ------
    GameDefinitionError
        If ``ante`` is not exact and positive.
    """
    return BetRangeRules(0, sp.oo, ante, "Newman's no-limit poker on [0, 1]", NEWMAN_SOURCE)


def limit_rules(low: object, high: object, ante: object = 1) -> BetRangeRules:
    """Bets anywhere in ``[low, high]`` (exact; ``high`` may be ``"oo"``).

    Raises
    ------
    GameDefinitionError
        If a number is not exact, ``low < 0``, ``high <= 0`` or ``low > high``.
    """
    return BetRangeRules(
        low,
        high,
        ante,
        "limit poker on [0, 1], bets in [L, U]",
        "Newman (1959), section 2, with the bet confined to [L, U]; von Neumann & Morgenstern (1944), "
        "section 19.14, at L = U; Ferguson & Ferguson (2003), section 4",
    )


def bet_size_model(name: str, bet_range: tuple[object, object] | None = None) -> BetRangeRules:
    """A named model of :data:`BET_SIZE_MODELS`.

    Parameters
    ----------
    name : {"newman", "limit-poker"}
    bet_range : (low, high), optional
        Required for ``limit-poker`` (exact numbers; ``high`` may be ``"oo"``); refused for ``newman``.

    Raises
    ------
    GameDefinitionError
        If the name is unknown, the range missing, given to ``newman``, or invalid.
    """
    if name == "newman":
        if bet_range is not None:
            raise GameDefinitionError("newman takes no bet range (it is [0, oo)); use limit-poker")
        return newman_rules()
    if name == "limit-poker":
        if bet_range is None:
            raise GameDefinitionError("limit-poker needs a bet range L..U")
        return limit_rules(*bet_range)
    raise GameDefinitionError(f"unknown bet-size model {name!r}; choose newman or limit-poker")


@dataclass(frozen=True)
class Step:
    """One step of the derivation: what is stated, the exact equation or result.

    Attributes
    ----------
    title : str
    equation : sympy.Expr or sympy.Eq
    result : str
        What it gives, as text.
    results : tuple of (str, sympy.Expr)
        The same as named exact expressions (for LaTeX).
    """

    title: str
    equation: sp.Expr
    result: str
    results: tuple[tuple[str, sp.Expr], ...] = ()


@dataclass(frozen=True)
class Atom:
    """A bet size used by a whole interval of bluffs and one of value hands.

    Attributes
    ----------
    size : sympy.Rational
    bluffs, values : (sympy.Expr, sympy.Expr)
        The hands betting it: ``[lo, hi]`` each (exact).
    threshold : sympy.Expr
        ``c(size)``: II calls with ``y >= threshold``.
    """

    size: sp.Expr
    bluffs: tuple[sp.Expr, sp.Expr]
    values: tuple[sp.Expr, sp.Expr]
    threshold: sp.Expr


@dataclass(frozen=True)
class BetSizeSolution:
    """The derived equilibrium of a :class:`BetRangeRules` game (module docstring).

    Attributes
    ----------
    rules : BetRangeRules
    bluff_cut : sympy.Rational
        ``a``: hands in ``[0, a]`` bet (bluffs).
    value_cut : sympy.Rational
        ``b``: hands in ``[a, b]`` check, hands in ``[b, 1]`` bet (value).
    threshold : sympy.Expr
        ``c(s)``, in the symbol ``s``: II calls a bet of ``s`` with ``y >= c(s)``.
    value_hand : sympy.Expr
        ``x_v(s)``: the value hand betting ``s`` inside the range.
    value_size : sympy.Expr
        ``s_v(x)``, in the symbol ``x``: the size of a value hand inside the range.
    bluff_hand : sympy.Expr
        ``x_b(s)``: the bluff hand betting ``s`` inside the range.
    bluff_size : sympy.Expr
        ``s_b(x)``, in ``x``: the size of a bluff hand inside the range (an arccos expression).
    interior_values, interior_bluffs : (sympy.Expr, sympy.Expr) or None
        The hands whose size is strictly inside the range (None when ``low = high``).
    atoms : tuple of Atom
        Sizes used by intervals of hands: ``low`` (when ``> 0``) and ``high`` (when finite).
    value : sympy.Rational
        The value of the game to I, in chips (ante ``rules.ante``).
    steps : tuple of Step
        The derivation.
    """

    rules: BetRangeRules
    bluff_cut: sp.Expr
    value_cut: sp.Expr
    threshold: sp.Expr
    value_hand: sp.Expr
    value_size: sp.Expr
    bluff_hand: sp.Expr
    bluff_size: sp.Expr
    interior_values: tuple[sp.Expr, sp.Expr] | None
    interior_bluffs: tuple[sp.Expr, sp.Expr] | None
    atoms: tuple[Atom, ...]
    value: sp.Expr
    steps: tuple[Step, ...]

    def action(self, hand: object) -> tuple[str, sp.Expr | None]:
        """I's prescribed action at ``hand`` (exact, in [0, 1]): ``("check", None)`` or ``("bet", size)``.

        At the measure-zero ends of the intervals the lower interval's action is given; the hands 0
        (Newman's game) and 1 (no limit) bet ``oo``.

        Raises
        ------
        GameDefinitionError
            If ``hand`` is not an exact number in [0, 1].
        """
        h = exact_number(hand, "hand", GameDefinitionError, symbolic=False)
        if not (0 <= h <= 1):
            raise GameDefinitionError(f"a hand is in [0, 1], got {h}")
        if self.bluff_cut <= h <= self.value_cut:
            return ("check", None)
        if h == 0 and self.rules.high is sp.oo:
            return ("bet", sp.oo)
        if h == 1 and self.rules.high is sp.oo:
            return ("bet", sp.oo)
        for atom in self.atoms:
            for lo, hi in (atom.bluffs, atom.values):
                if lo <= h <= hi and lo < hi:
                    return ("bet", atom.size)
        if self.interior_bluffs is not None:
            lo, hi = self.interior_bluffs
            if lo <= h <= hi and lo < hi:
                return ("bet", _exact_size(self.bluff_size, h))
            lo, hi = self.interior_values
            if lo <= h <= hi and lo < hi:
                return ("bet", _exact_size(self.value_size, h))
        return ("check", None)

    def threshold_at(self, size: object) -> sp.Expr:
        """``c(size)``: II calls a bet of ``size`` (exact, in the range) with ``y >= c(size)``.

        Raises
        ------
        GameDefinitionError
            If ``size`` is not exact or not in the range.
        """
        z = exact_number(size, "size", GameDefinitionError, symbolic=False)
        r = self.rules
        if z < r.low or (r.high is not sp.oo and z > r.high) or z <= 0:
            raise GameDefinitionError(f"the size {z} is not a bet of the range {r.range_text()}")
        return sp.nsimplify(self.threshold.subs(s, z))


def _exact_size(expr: sp.Expr, hand: sp.Expr) -> sp.Expr:
    v = expr.subs(x, hand)
    if v.has(sp.acos):
        v = sp.simplify(v)
    return sp.radsimp(sp.simplify(v)) if not v.has(sp.cos) else v


def von_neumann_value(bet: object, ante: object = 1) -> sp.Expr:
    """Von Neumann's value at one bet size: ``B/((B + 1)(B + 4))`` for ante 1, in general
    ``ante B/((B + ante)(B + 4 ante))`` (von Neumann & Morgenstern 1944, section 19.14).

    Raises
    ------
    GameDefinitionError
        If a number is not exact and positive.
    """
    b, h = exact_amount(bet, "bet"), exact_amount(ante, "ante")
    return sp.factor(h * b / ((b + h) * (b + 4 * h)))


def _integral(expr, lo, hi, var):
    """The definite integral of a rational function by its antiderivative (``hi`` may be ``oo``)."""
    if lo == hi:
        return sp.S.Zero
    anti = sp.integrate(sp.cancel(expr), var)
    top = sp.limit(anti, var, sp.oo) if hi is sp.oo else anti.subs(var, hi)
    return top - anti.subs(var, lo)


def derive_bet_size(rules: BetRangeRules) -> BetSizeSolution:
    """Derive I's bet-size function and II's threshold function from the indifference conditions.

    Parameters
    ----------
    rules : BetRangeRules

    Returns
    -------
    BetSizeSolution
        Exact: the cuts and value are Rationals, the functions sympy expressions in ``s`` or ``x``.

    Examples
    --------
    >>> sol = derive_bet_size(newman_rules())
    >>> sol.bluff_cut, sol.value_cut, sol.value, sol.threshold
    (1/7, 4/7, 1/7, (7*s + 2)/(7*(s + 2)))
    """
    P, a = _P, _a
    L, U = rules.low, rules.high
    c = sp.Symbol("c")
    steps = []
    # 1-2: the bluffs' indifference fixes the caller's threshold at every size
    fold_part = P * c / 2 - (P / 2 + s) * (1 - c)
    K = P * (a - sp.Rational(1, 2))
    c_s = sp.factor(sp.solve(sp.Eq(fold_part, K), c)[0])
    steps.append(
        Step(
            "a hand below c(s) earns P c/2 - (P/2 + s)(1 - c) by betting s; the bluffs [0, a] are "
            "indifferent between every size and checking at a, P (a - 1/2)",
            sp.Eq(fold_part, K),
            f"c(s) = {c_s}",
            (("c(s)", c_s),),
        )
    )
    # 3: the value hands' first-order condition
    phi = (P + 2 * s) * (x - c_s)
    xv = sp.factor(sp.solve(sp.Eq(sp.diff(phi, s), 0), x)[0])
    sv = P * (sp.sqrt((1 - a) / (2 * (1 - x))) - 1)
    assert sp.simplify(xv.subs(s, sv) - x) == 0
    steps.append(
        Step(
            "the hand x above c(s) earns P (a - 1/2) + phi(x, s), phi = (P + 2 s)(x - c(s)); "
            "the value hand's size maximises phi: d phi/d s = 0",
            sp.Eq(sp.factor(sp.diff(phi, s)), 0),
            f"x_v(s) = {xv}, s_v(x) = {sv}",
            (("x_v(s)", xv), ("s_v(x)", sv)),
        )
    )
    # 4: the caller's indifference at c(s): bluff density : value density = s : (P + s)
    fv = sp.factor(sp.diff(xv, s))
    fb = sp.factor(fv * s / (P + s))
    steps.append(
        Step(
            "II's hand c(s) is indifferent between calling and folding: the bluffs betting s win him "
            "P + s, the value bets cost him s, so f_b(s) (P + s) = f_v(s) s with f_v = x_v'(s)",
            sp.Eq(sp.Symbol("f_b") * (P + s), fv * s),
            f"f_b(s) = {fb}",
            (("f_b(s)", fb),),
        )
    )
    # 5: the hand b between checking and betting low
    if L > 0:
        b_eq = sp.Eq(P * (x - a), phi.subs(s, L))
        b_expr = sp.factor(sp.solve(b_eq, x)[0])
        steps.append(
            Step(
                "the hand b is indifferent between checking, P (b - a) above P (a - 1/2), and betting L",
                b_eq.subs(x, sp.Symbol("b")),
                f"b = {b_expr}",
                (("b", b_expr),),
            )
        )
    else:
        b_expr = xv.subs(s, 0)
        steps.append(
            Step(
                "the smallest value bet tends to 0: b = x_v(0), where betting 0 is checking",
                sp.Eq(sp.Symbol("b"), b_expr),
                f"b = {b_expr}",
                (("b", b_expr),),
            )
        )
    # 6: the bluffs' mass
    fixed = rules.fixed
    if fixed:
        m_v = {L: 1 - b_expr}
    else:
        m_v = {}
        if L > 0:
            m_v[L] = xv.subs(s, L) - b_expr
        if U is not sp.oo:
            m_v[U] = 1 - xv.subs(s, U)
    m_b = {z: sp.factor(m * z / (P + z)) for z, m in m_v.items()}
    interior = sp.S.Zero if fixed else _integral(fb, L, U, s)
    total = sp.Add(*m_b.values()) + interior
    a_eq = sp.Eq(a, total)
    a_sol = sp.factor(sp.solve(a_eq, a)[0])
    steps.append(
        Step(
            "the bluffs' mass is a: the masses at the ends of the range (value mass times s/(P + s)) "
            "plus the integral of f_b inside it",
            a_eq,
            f"a = {a_sol}",
            (("a", a_sol),),
        )
    )
    pot = rules.pot
    sub = {P: pot}
    a_val = sp.nsimplify(a_sol.subs(sub))
    sub[a] = a_val
    b_val = sp.nsimplify(b_expr.subs(sub))
    c_val = sp.factor(c_s.subs(sub))
    xv_val = sp.factor(xv.subs(sub))
    sv_val = sv.subs(sub)
    m_b_val = {z: sp.nsimplify(m.subs(sub)) for z, m in m_b.items()}
    # the bluffs, lowest hands biggest: [0, m_b(U)] bet U, then the interior sizes downwards, then L
    top = m_b_val.get(U, sp.S.Zero) if not fixed else sp.S.Zero
    u = sp.Symbol("u", positive=True)
    uU = sp.S.Zero if U is sp.oo else pot / (pot + U)
    F = (1 - a_val) * (3 * u**2 - 2 * u**3) / 6  # bluff mass at sizes above s, u = P/(P + s)
    xb_val = sp.factor((top + F - F.subs(u, uU)).subs(u, pot / (pot + s)))
    r = 6 * (x - top) / (1 - a_val) + (3 * uU**2 - 2 * uU**3)
    u_of_x = sp.Rational(1, 2) + sp.cos((2 * sp.pi - sp.acos(1 - 2 * r)) / 3)
    sb_val = pot / u_of_x - pot
    atoms = []
    if fixed:
        atoms.append(Atom(L, (sp.S.Zero, a_val), (b_val, sp.S.One), c_val.subs(s, L)))
        iv = ib = None
    else:
        if L > 0:
            atoms.append(Atom(L, (a_val - m_b_val[L], a_val), (b_val, xv_val.subs(s, L)), c_val.subs(s, L)))
        if U is not sp.oo:
            atoms.append(Atom(U, (sp.S.Zero, top), (xv_val.subs(s, U), sp.S.One), c_val.subs(s, U)))
        hi_v = sp.S.One if U is sp.oo else xv_val.subs(s, U)
        iv = (xv_val.subs(s, L), hi_v)
        ib = (top, a_val - m_b_val.get(L, sp.S.Zero))
    # the value: bluffs earn K, checks P (x - 1/2), value hands K + phi(x, size)
    K_val = K.subs(sub)
    phi_val = phi.subs(sub)
    value = a_val * K_val + _integral(pot * (x - sp.Rational(1, 2)), a_val, b_val, x)
    for atom in atoms:
        lo, hi = atom.values
        value += _integral(K_val + phi_val.subs(s, atom.size), lo, hi, x)
    if iv is not None:
        value += _integral(sp.factor((K_val + phi_val.subs(x, xv_val)) * sp.diff(xv_val, s)), L, U, s)
    value = sp.nsimplify(value)
    steps.append(
        Step(
            "the value: the bluffs earn P (a - 1/2), a check P (x - 1/2), a value bet of s "
            "P (a - 1/2) + phi(x, s), integrated over the hands",
            sp.Eq(sp.Symbol("v"), value),
            f"v = {value} (ante {rules.ante}, pot {pot}) = a P/2"
            if value == a_val * pot / 2
            else f"v = {value} (ante {rules.ante}, pot {pot})",
            (("v", value),),
        )
    )
    return BetSizeSolution(
        rules,
        a_val,
        b_val,
        c_val,
        xv_val,
        sv_val,
        xb_val,
        sb_val,
        iv,
        ib,
        tuple(atoms),
        value,
        tuple(steps),
    )


@dataclass(frozen=True)
class ProofStep:
    """One exact comparison of the proof.

    Attributes
    ----------
    player : int
        0 for I (the bettor), 1 for II (the caller), 2 for the bounds on the value.
    hands : str
        The hands (or sizes) it covers, as text.
    claim : str
        What is proved, as text.
    expression : sympy.Expr
        The exact quantity, factored; ``sign`` says what it is shown to be.
    sign : {">= 0", "= 0", "<= 0"}
    holds : bool
        Whether sympy proved it: an identity simplified to 0, or every factor's sign known from
        the signs of the variables (``s, t, d >= 0``) and even powers.
    """

    player: int
    hands: str
    claim: str
    expression: sp.Expr
    sign: str
    holds: bool


@dataclass(frozen=True)
class BetSizeProof:
    """That a :class:`BetSizeSolution` is an equilibrium: no hand and no size gains by deviating.

    Attributes
    ----------
    steps : tuple of ProofStep
    gains : (sympy.Expr, sympy.Expr)
        Each player's gain from deviating: 0 when every step holds.
    proved : bool
        Every step holds.
    """

    steps: tuple[ProofStep, ...]
    gains: tuple[sp.Expr, sp.Expr]
    proved: bool


def _signed(expr: sp.Expr, sign: str) -> bool:
    """Whether ``expr`` provably has ``sign`` (``">= 0"``, ``"<= 0"``, ``"= 0"``): factor by factor."""
    e = sp.factor(sp.cancel(expr))
    if sign == "= 0":
        return e == 0
    if sign == "<= 0":
        e = -e
    if e == 0:
        return True
    for f in sp.Mul.make_args(e):
        base, power = f.as_base_exp()
        if power.is_integer and power.is_even:
            continue
        if f.is_nonnegative is not True:
            return False
    return True


def prove_bet_size(sol: BetSizeSolution) -> BetSizeProof:
    """Prove ``sol`` an equilibrium by exact comparisons, for every hand and every size (no grid).

    For I, the payoff of betting ``s`` is ``P (a - 1/2) + max(phi(x, s), 0)`` (the bluffs'
    indifference makes the fold part the same at every size) and checking is the case ``s = 0``
    of ``phi`` (``c(0) = a``), so every comparison is one of ``phi``; ``phi`` is linear in the hand
    with slope ``2 s``, so on an interval of hands the difference of two sizes is least at one end,
    where it is the identity ``Delta(t, s) = phi(x_v(t), t) - phi(x_v(t), s) >= 0`` (a square over
    positive factors) or its value at ``b``.  For II, at every size the gain of calling over
    folding is non-decreasing in his hand and exactly 0 between the bluff and the value hand
    betting that size, where ``c(s)`` lies: every threshold there is a best response.

    Parameters
    ----------
    sol : BetSizeSolution

    Returns
    -------
    BetSizeProof
        Its ``proved`` is False (and a step's ``holds``) if a comparison fails.
    """
    r = sol.rules
    pot, a, b = r.pot, sol.bluff_cut, sol.value_cut
    L, U = r.low, r.high
    c = sol.threshold
    xv = sol.value_hand
    K = pot * (a - sp.Rational(1, 2))
    phi = (pot + 2 * s) * (x - c)
    rng = r.range_text()
    steps: list[ProofStep] = []

    def add(player, hands, claim, expr, sign):
        expr = sp.factor(sp.cancel(expr))
        steps.append(ProofStep(player, hands, claim, expr, sign, _signed(expr, sign)))

    # I: the bluffs
    add(
        0,
        f"every size s in {rng}",
        "a hand below c(s) earns P c/2 - (P/2 + s)(1 - c) - P (a - 1/2) = 0 more than the bluffs' K: "
        "the same at every size",
        pot * c / 2 - (pot / 2 + s) * (1 - c) - K,
        "= 0",
    )
    add(0, "every size s >= 0", "c(s) - a >= 0: no size wins a call for a hand below a", c - a, ">= 0")
    add(0, "every size s >= 0", "1 - c(s) > 0: II calls some hands at every size", 1 - c, ">= 0")
    add(
        0,
        f"hands [0, {a})",
        "every size earns exactly K, checking K + P (x - a) <= K (x = a - d): the bluff (gain 0)",
        (pot * (x - a)).subs(x, a - _d),
        "<= 0",
    )
    add(
        0,
        "every size s >= 0",
        "checking is the size 0 of phi: phi(x, 0) = P (x - a)",
        c.subs(s, 0) - a,
        "= 0",
    )
    delta = phi.subs(x, xv.subs(s, t)).subs(s, t) - phi.subs(x, xv.subs(s, t))
    add(
        0,
        "every hand x_v(t), every size s >= 0",
        "Delta(t, s) = phi(x_v(t), t) - phi(x_v(t), s) >= 0: the value hand x_v(t) does best with t",
        delta,
        ">= 0",
    )
    add(
        0,
        "every hand",
        "d/dx [phi(x, t) - phi(x, s)] = 2 (t - s): linear in the hand",
        sp.diff(phi.subs(s, t) - phi, x) - 2 * (t - s),
        "= 0",
    )
    if sol.interior_values is not None:
        lo, hi = sol.interior_values
        add(
            0,
            f"hands ({lo}, {hi}), their size s_v(x) in {rng}",
            "Delta(t, s) >= 0 for every other size and for checking (s = 0); phi(x, s_v(x)) >= phi(x, 0) "
            "= P (x - a) > 0, so a call or a fold is no better than K + phi",
            xv.subs(s, L) - a,
            ">= 0",
        )
    d = _d
    for atom in sol.atoms:
        z = atom.size
        lo, hi = atom.values
        if z == L:  # against checking: phi(x, L) - phi(x, 0) = 2 L (x - b), by b's equation
            add(
                0,
                f"hands [{lo}, {hi}] betting {z}",
                f"phi(x, {z}) - phi(x, 0) - 2 ({z}) (x - b) = 0: betting {z} beats checking for x >= b",
                phi.subs(s, z) - phi.subs(s, 0) - 2 * z * (x - b),
                "= 0",
            )
        if r.fixed:
            continue
        if z == L:
            add(
                0,
                f"hands [{lo}, {hi}] betting {z}, sizes s = {z} + d in {rng}",
                f"slope 2 ({z} - s) <= 0, least at x = {hi}: Delta({z}, {z} + d) >= 0",
                delta.subs(t, z).subs(s, z + d),
                ">= 0",
            )
        else:
            add(
                0,
                f"hands [{lo}, {hi}] betting {z}, sizes s <= {z} and checking (s = 0)",
                f"slope 2 ({z} - s) >= 0, least at x = {lo}: Delta({z}, s) >= 0",
                delta.subs(t, z),
                ">= 0",
            )
    # the checks: phi(x, 0) - phi(x, s) has slope -2 s, least at x = b
    if r.fixed:
        add(
            0,
            f"hands [{a}, {b}]",
            f"checking beats betting {L}: phi(x, 0) - phi(x, {L}) = 2 ({L}) (b - x) >= 0",
            phi.subs(s, 0) - phi.subs(s, L) - 2 * L * (b - x),
            "= 0",
        )
    else:
        add(
            0,
            f"hands [{a}, {b}], sizes s = {L} + d in {rng}",
            f"phi(x, 0) - phi(x, s) has slope -2 s <= 0, least at x = b = {b}: phi(b, 0) - phi(b, {L} + d) >= 0",
            (phi.subs(s, 0) - phi.subs(s, L + d)).subs(x, b),
            ">= 0",
        )
    add(0, f"hands [{a}, {b}]", "checking earns K + P (x - a) >= K: no better to bluff", b - a, ">= 0")
    # II
    if sol.interior_values is not None:
        fv = sp.diff(xv, s)
        fb = -sp.diff(sol.bluff_hand, s)
        add(
            1,
            f"sizes s in ({L}, {'oo' if U is sp.oo else U})",
            "the value hands' density f_v(s) = x_v'(s) > 0",
            fv,
            ">= 0",
        )
        add(
            1,
            f"sizes s in ({L}, {'oo' if U is sp.oo else U})",
            "II's gain from calling with y between the bluff and the value hand betting s: "
            "f_b(s) (P + s) - f_v(s) s = 0, so every threshold between them is a best response; "
            "below the bluff the gain is -s (f_b + f_v) < 0, above the value hand (P + s)(f_b + f_v) > 0",
            fb * (pot + s) - fv * s,
            "= 0",
        )
        add(1, "sizes s >= 0", "x_v(s) - c(s) >= 0: the threshold is below the value hand", xv - c, ">= 0")
        add(
            1,
            "sizes s >= 0",
            "c(s) - a >= 0 >= x_b(s) - a: the threshold is above the bluff hand",
            c - a,
            ">= 0",
        )
    for atom in sol.atoms:
        z = atom.size
        mb = atom.bluffs[1] - atom.bluffs[0]
        mv = atom.values[1] - atom.values[0]
        add(
            1,
            f"the size {z}",
            f"bluff mass x (P + {z}) - value mass x {z} = 0: II indifferent between them",
            mb * (pot + z) - mv * z,
            "= 0",
        )
        add(
            1,
            f"the size {z}",
            f"c({z}) - {atom.bluffs[1]} >= 0 (above the bluffs)",
            atom.threshold - atom.bluffs[1],
            ">= 0",
        )
        add(
            1,
            f"the size {z}",
            f"{atom.values[0]} - c({z}) >= 0 (below the value hands)",
            atom.values[0] - atom.threshold,
            ">= 0",
        )
    proved = all(p.holds for p in steps)
    zero = sp.S.Zero if proved else sp.nan
    return BetSizeProof(tuple(steps), (zero, zero), proved)


def value_bounds(sol: BetSizeSolution) -> tuple[ProofStep, ...]:
    """The value between von Neumann's at every bet of the range and Newman's, exactly.

    I may always bet one size ``B`` of the range, so the value is at least von Neumann's at ``B``;
    II may play Newman's thresholds, which hold I to Newman's value whatever the range; here both
    are also checked exactly: von Neumann's value ``ante B/((B + ante)(B + 4 ante))`` rises up to
    ``B = 2 ante`` and falls after it (its derivative's numerator is ``ante (4 ante^2 - B^2)``), so
    its largest value on the range is at ``2 ante`` clamped to the range.

    Returns
    -------
    tuple of ProofStep
        Two steps (player 2).
    """
    r = sol.rules
    bet = sp.Symbol("B", positive=True)
    h = r.ante
    vn = h * bet / ((bet + h) * (bet + 4 * h))
    peak = 2 * h
    best = max(peak, r.low) if r.high is sp.oo else min(max(peak, r.low), r.high)
    steps = []
    deriv = sp.factor(sp.diff(vn, bet))
    numer_sign = sp.expand(sp.numer(sp.together(deriv)) / h)
    assert sp.expand(numer_sign - (4 * h**2 - bet**2)) == 0
    steps.append(
        ProofStep(
            2,
            f"bets B in {r.range_text()}",
            f"v - vN(B) >= v - vN({best}) >= 0 (vN'(B) has the sign of {sp.sstr(numer_sign)}: "
            f"largest at B = {peak} clamped to the range)",
            sp.factor(sol.value - vn.subs(bet, best)),
            ">= 0",
            bool(sol.value - vn.subs(bet, best) >= 0),
        )
    )
    newman = 2 * h / 14
    steps.append(
        ProofStep(
            2,
            "Newman's game",
            f"Newman's value {newman} - v >= 0",
            sp.factor(newman - sol.value),
            ">= 0",
            bool(newman - sol.value >= 0),
        )
    )
    return tuple(steps)
