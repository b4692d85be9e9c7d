"""The basic endgame and its n-round version: I knows whether his hand wins, II does not.

Rules (C. Ferguson & T. Ferguson 2007, "The endgame in poker", in *Optimal Play: Mathematical
Studies of Games and Gambling*, Ethier & Eadington eds., sections 1-2, the "Basic Endgame" and its
several rounds of betting; Chen & Ankenman 2006, *The Mathematics of Poker*, chapter 14, the
clairvoyance game, and its multi-street version with geometric bet sizing): the pot is 1 and each
player has ``S`` more behind.  Player I holds a sure winner with probability ``p`` (known to both)
and a sure loser otherwise; he knows which, II does not.  There are ``n`` betting rounds; at round
``k``, with the pot at ``P_k``, I checks (the betting ends, the better hand takes the pot) or bets
``s_k = r_k P_k`` (a fraction ``r_k`` of the pot, at most what is left of his stack); II folds (I
takes the pot) or calls (the pot becomes ``P_k + 2 s_k``; after round ``n`` the better hand takes
it).  The payoff is what I takes from the table net of his own bets: the game is constant-sum (the
two players' takes add to the pot, 1), so it is the zero-sum game of I's net winnings plus a
constant.  With ``I_k = (P_k - 1)/2`` what each has bet before round ``k``, I's take is
``1 + I_k`` when II folds at round ``k`` or a winner checks there, ``-I_k`` when a loser checks,
and ``1 + I_(n+1)`` or ``-I_(n+1)`` at the last showdown.

The derivation (:func:`derive_endgame`), every step exact with sympy:

1. *The bluffer's indifference*: a losing hand that has bet so far may give up (``-I_k``) or bet
   again; if II calls, he is back to giving up at the next round (or loses the showdown).  So II
   calls a bet of ``r`` times the pot with probability ``c = 1/(1 + r)``.
2. *The caller's indifference*: with ``m_k`` the probability that I bets at round ``k`` (the winners
   ``p`` and the bluffs still going), II is indifferent between folding and calling at round ``k``
   when ``m_(k+1) / m_k = (1 + r_k)/(1 + 2 r_k)``, with ``m_(n+1) = p`` (only winners reach the
   showdown).  So ``m_1 = p prod_k (1 + 2 r_k)/(1 + r_k)``.
3. *The value*: II's fold at round 1 makes his take 0 and he takes the pot when I checks at
   round 1, so I's value is ``m_1 = p prod_k (1 + 2 r_k)/(1 + r_k)`` (at most 1: when ``m_1`` would
   exceed 1, I bets every hand and II folds; see 5).  For one round and a bet ``s``:
   bluffs ``p s / ((1 - p)(1 + s))`` of the losing hands, calls ``1/(1 + s)``, value
   ``p (1 + 2 s)/(1 + s)``.
4. *The optimal sizes*: with ``x_k = 1 + 2 r_k`` the pot grows by ``x_k`` each round and
   ``prod x_k = 1 + 2 (what is bet)``; I maximises ``prod 2 x_k/(1 + x_k)``.  Since
   ``prod (1 + x_k) >= (1 + (prod x_k)^(1/n))^n`` (Hoelder's inequality; equality iff all ``x_k``
   are equal) and ``2 x/(1 + x)`` increases, the best is all-in with the pot growing geometrically:
   ``(1 + 2 r)^n = 1 + 2 S``, value ``p (2 x/(1 + x))^n`` with ``x = (1 + 2 S)^(1/n)``.
5. *The cap*: if that value is at least 1, I takes the whole pot: he bets the geometric size with
   ``p (2 x/(1 + x))^n = 1`` (every hand bets at round 1) and II folds everything.

:func:`prove_endgame` proves the result an equilibrium by exact identities (no grid, no floats):
against II's rule ``c = 1/(1 + r)`` every losing hand's pure strategy (any sizes, any round to give
up) takes exactly 0, and every winning hand's takes exactly ``prod (1 + 2 r_k)/(1 + r_k)`` (a
telescoping sum), which the optimal sizes maximise (Hoelder, checked as an exact identity of
nonnegative terms for n = 1, 2, 3; for larger n it is the cited inequality); against I's strategy,
I's value is the same polynomial in II's calling probabilities ``c_1 .. c_n`` whatever they are
(expanded exactly, for the given ``n``, with the sizes and ``p`` as symbols).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.games.one_card import GameDefinitionError, exact_amount

__all__ = [
    "ENDGAME_DESCRIPTION",
    "ENDGAME_SOURCE",
    "EndgameProof",
    "EndgameRules",
    "EndgameSolution",
    "EndgameStep",
    "derive_endgame",
    "endgame_json",
    "endgame_latex",
    "endgame_text",
    "prove_endgame",
]

ENDGAME_SOURCE = (
    "C. Ferguson & T. Ferguson (2007), The endgame in poker, sections 1-2; "
    "Chen & Ankenman (2006), The Mathematics of Poker, chapter 14"
)
ENDGAME_DESCRIPTION = (
    "Ferguson's basic endgame: I knows if he wins (probability --win P), bets a fraction of the pot or "
    "checks, II calls or folds; --rounds n with --stack S: the optimal sizes grow the pot geometrically"
)

#: Rounds up to which the optimal-size inequality is checked as an exact identity.
PROVED_ROUNDS = 3

p_ = sp.Symbol("p", positive=True)
s_ = sp.Symbol("s", positive=True)
_X = sp.Symbol("x", positive=True)


@dataclass(frozen=True)
class EndgameRules:
    """The endgame's numbers (module docstring).

    Attributes
    ----------
    rounds : int
        The betting rounds ``n >= 1``.
    stack : sympy.Rational
        What each player has behind, in pots (positive).
    win : sympy.Rational
        The probability ``p`` that I's hand wins, ``0 < p < 1``.

    Raises
    ------
    GameDefinitionError
        If ``rounds`` is not a positive integer, a number is not exact, or ``win`` is outside (0, 1).
    """

    rounds: int = 1
    stack: sp.Expr = sp.S.One
    win: sp.Expr = sp.Rational(1, 2)

    def __post_init__(self) -> None:
        n = self.rounds
        if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 1 <= n <= 12:
            raise GameDefinitionError(f"rounds must be an integer from 1 to 12, got {n!r}")
        object.__setattr__(self, "rounds", int(n))
        object.__setattr__(self, "stack", exact_amount(self.stack, "stack"))
        win = exact_number(self.win, "win", GameDefinitionError, symbolic=False)
        if not (0 < win < 1):
            raise GameDefinitionError(f"win (I's probability of winning) must be in (0, 1), got {win}")
        object.__setattr__(self, "win", win)


@dataclass(frozen=True)
class EndgameStep:
    """One exact step of the proof: ``expression`` is shown to be ``sign`` ("= 0", ">= 0" or "<= 0");
    ``player`` is 0 for I, 1 for II."""

    player: int
    claim: str
    expression: sp.Expr
    sign: str
    holds: bool


@dataclass(frozen=True)
class EndgameSolution:
    """The derived equilibrium (module docstring).

    ``ratio`` is the fraction of the pot bet each round, ``sizes`` the bets in chips (pot 1),
    ``pots`` the pot before each round, ``calls`` II's calling probabilities (all 0 when capped),
    ``bets`` the probability ``m_k`` that I bets at round k, ``bluffs`` the fraction of losing hands
    betting at round k, ``value`` I's value (his take of the pot of 1); ``one_round`` holds the
    one-round formulas in ``p`` and the bet ``s`` (bluffs, calls, value), ``steps`` the derivation.
    """

    rules: EndgameRules
    ratio: sp.Expr
    sizes: tuple[sp.Expr, ...]
    pots: tuple[sp.Expr, ...]
    calls: tuple[sp.Expr, ...]
    bets: tuple[sp.Expr, ...]
    bluffs: tuple[sp.Expr, ...]
    value: sp.Expr
    capped: bool
    one_round: dict
    steps: tuple[str, ...]


@dataclass(frozen=True)
class EndgameProof:
    """The exact steps; ``proved`` when every one holds."""

    steps: tuple[EndgameStep, ...]
    general: str

    @property
    def proved(self) -> bool:
        return all(st.holds for st in self.steps)


# --------------------------------------------------------------------------- the rules' payoffs


def _invested(pot: sp.Expr) -> sp.Expr:
    """What each player has bet when the pot (started at 1) is ``pot``."""
    return (pot - 1) / 2


def _pots(ratios) -> list[sp.Expr]:
    pots = [sp.S.One]
    for r in ratios:
        pots.append(pots[-1] * (1 + 2 * r))
    return pots


def _take(ratios, calls, stop: int, winner: bool) -> sp.Expr:
    """I's expected take when his hand bets ``ratios[k]`` at rounds ``k < stop`` and then checks
    (``stop = n``: bets every round to the showdown), II calling round ``k`` with ``calls[k]``."""
    pots = _pots(ratios)
    total, reach = sp.S.Zero, sp.S.One
    for k in range(stop):
        total += reach * (1 - calls[k]) * (1 + _invested(pots[k]))
        reach *= calls[k]
    end = 1 + _invested(pots[stop]) if winner else -_invested(pots[stop])
    return total + reach * end


def _value_against(ratios, masses, calls) -> sp.Expr:
    """I's value when the bettors at round k have mass ``masses[k]`` (``masses[n] = p``)."""
    n = len(ratios)
    value = masses[n] * _take(ratios, calls, n, True)
    for stop in range(1, n):  # bluffs that bet rounds 1 .. stop, then give up
        value += (masses[stop - 1] - masses[stop]) * _take(ratios, calls, stop, False)
    return value + (masses[n - 1] - masses[n]) * _take(ratios, calls, n, False)


# --------------------------------------------------------------------------- the derivation


def _one_round() -> dict:
    """One round, bet ``s``: solve both indifferences from the payoffs."""
    c, beta = sp.symbols("c beta", nonnegative=True)
    # the losing hand: bluff (II calls with c) = check (take 0)
    call = sp.solve(sp.Eq(_take([s_], [c], 1, False), 0), c)[0]
    # II: calling = folding against the bettors p (winners) and (1 - p) beta (bluffs)
    fold = (p_ + (1 - p_) * beta) * 1
    called = p_ * (1 + s_) + (1 - p_) * beta * (-s_)
    bluff = sp.solve(sp.Eq(called, fold), beta)[0]
    value = sp.factor(p_ * _take([s_], [call], 1, True))
    return {"calls": sp.factor(call), "bluffs": sp.factor(bluff), "value": value}


def derive_endgame(rules: EndgameRules) -> EndgameSolution:
    """Derive the equilibrium of the endgame with the optimal sizes (module docstring)."""
    n, S, p = rules.rounds, rules.stack, rules.win
    r, P, c, m, m2 = sp.symbols("r P c m m2", positive=True)
    # 1. the bluffer: give up (-I) or bet r P; a call leaves him giving up next round
    gives = -_invested(P)
    bet = (1 - c) * (1 + _invested(P)) + c * (-_invested(P * (1 + 2 * r)))
    call = sp.factor(sp.solve(sp.Eq(bet, gives), c)[0])
    # 2. the caller: fold (I takes 1 + I) = call (continuing bettors m2 then fold, the rest give up)
    folded = m * (1 + _invested(P))
    called = m2 * (1 + _invested(P * (1 + 2 * r))) - (m - m2) * _invested(P * (1 + 2 * r))
    shrink = sp.factor(sp.solve(sp.Eq(called, folded), m2)[0] / m)
    # 4. the optimal sizes: all-in, geometric
    x_full = sp.root(1 + 2 * S, n)
    full = p * (2 * x_full / (1 + x_full)) ** n
    capped = bool(sp.simplify(full - 1) >= 0)
    q = sp.root(1 / p, n)
    x = sp.simplify(q / (2 - q)) if capped else x_full
    ratio = sp.radsimp(sp.simplify((x - 1) / 2))
    ratios = [ratio] * n
    pots = [sp.simplify(v) for v in _pots(ratios)]
    sizes = tuple(sp.simplify(ratio * pots[k]) for k in range(n))
    masses = [p]
    for _ in range(n):
        masses.insert(0, sp.simplify(masses[0] / shrink.subs(r, ratio)))
    masses = [sp.radsimp(v) for v in masses]
    value = sp.S.One if capped else sp.radsimp(sp.simplify(masses[0]))
    calls = tuple(sp.S.Zero if capped else sp.radsimp(call.subs(r, ratio)) for _ in range(n))
    bluffs = tuple(sp.radsimp(sp.simplify((masses[k] - p) / (1 - p))) for k in range(n))
    steps = (
        f"the bluffer is indifferent between giving up and betting r times the pot when II calls "
        f"with c = {sp.sstr(call)}",
        f"II is indifferent between calling and folding at a round when the bettors shrink by "
        f"m_(k+1)/m_k = {sp.sstr(shrink)}, down to m_(n+1) = p (the winners)",
        "I's value is m_1 = p prod_k (1 + 2 r_k)/(1 + r_k) (II folding at round 1 takes 0, and the "
        "pot when I checks)",
        f"the optimal sizes: all-in with the pot growing geometrically, (1 + 2 r)^n = 1 + 2 S, "
        f"x = 1 + 2 r = {sp.sstr(x_full)}, value p (2 x/(1 + x))^n = {sp.sstr(sp.radsimp(sp.expand(full)))}",
    )
    if capped:
        steps += (
            f"that is at least 1: I takes the whole pot, betting the geometric size with "
            f"p (2 x/(1 + x))^n = 1, x = {sp.sstr(x)} (every hand bets at round 1), and II folds",
        )
    return EndgameSolution(
        rules, ratio, sizes, tuple(pots[:n]), calls, tuple(masses[:n]), bluffs, value, capped,
        _one_round(), steps,
    )  # fmt: skip


# --------------------------------------------------------------------------- the proof


def _zero(expr: sp.Expr) -> bool:
    return sp.simplify(sp.together(sp.expand(expr))) == 0


def _holder(n: int) -> sp.Expr | None:
    """``prod (1 + t_k^n) - (1 + prod t_k)^n`` minus a sum of nonnegative terms (0 when proved)."""
    t = sp.symbols(f"t1:{n + 1}", nonnegative=True)
    gap = sp.prod([1 + v**n for v in t]) - (1 + sp.prod(t)) ** n
    if n == 1:
        return gap
    if n == 2:
        return gap - (t[0] - t[1]) ** 2

    def amgm(u, v, w):  # u^3 + v^3 + w^3 - 3 u v w, as a product of nonnegative factors
        return (u + v + w) * ((u - v) ** 2 + (v - w) ** 2 + (w - u) ** 2) / 2

    if n == 3:
        a, b, c = t
        return gap - amgm(a, b, c) - amgm(a * b, b * c, c * a)
    return None


def prove_endgame(sol: EndgameSolution) -> EndgameProof:
    """Prove ``sol`` an equilibrium by exact identities (module docstring)."""
    n, p = sol.rules.rounds, sol.rules.win
    rs = sp.symbols(f"r1:{n + 1}", nonnegative=True)
    cs = sp.symbols(f"c1:{n + 1}", nonnegative=True)
    rule = [1 / (1 + v) for v in rs]
    steps = []
    if sol.capped:  # II folds everything: each pure strategy of I takes 1 or 0
        for winner in (True, False):
            takes = {_take(rs, [0] * n, stop, winner) for stop in range(n + 1)}
            gap = sp.Max(*takes) - 1
            steps.append(EndgameStep(0, f"against II folding, a {'winning' if winner else 'losing'} hand "
                                     "takes at most the pot, 1, whatever it does", gap, "<= 0",
                                     bool(gap <= 0)))  # fmt: skip
    else:
        # I: every pure strategy of the losing hand takes 0 against II's rule, any sizes
        for stop in range(n + 1):
            take = sp.factor(_take(rs, rule, stop, False)) if stop else sp.S.Zero
            steps.append(EndgameStep(0, f"a losing hand betting {stop} round(s) then giving up (or losing the showdown) takes 0 "
                                     "against II calling 1/(1 + r), whatever the sizes r_k",
                                     take, "= 0", _zero(take)))  # fmt: skip
        # I: the winning hand takes prod (1 + 2 r)/(1 + r), whatever the sizes (r_k = 0: a check)
        winner = _take(rs, rule, n, True) - sp.prod([(1 + 2 * v) / (1 + v) for v in rs])
        steps.append(EndgameStep(0, "a winning hand betting r_k of the pot at each round takes exactly "
                                 "prod (1 + 2 r_k)/(1 + r_k) against II calling 1/(1 + r)",
                                 sp.factor(winner), "= 0", _zero(winner)))  # fmt: skip
    holder = _holder(n)
    general = "exact for this n"
    if holder is not None:
        steps.append(EndgameStep(0, "prod (1 + x_k) >= (1 + (prod x_k)^(1/n))^n (x_k = t_k^n): the gap "
                                 "is a sum of nonnegative terms, 0 iff all x_k are equal (geometric sizes)",
                                 sp.expand(holder), "= 0", _zero(holder)))  # fmt: skip
    else:
        general = (
            f"for n = {n} the optimal-size inequality prod (1 + x_k) >= (1 + (prod x_k)^(1/n))^n is "
            "Hoelder's inequality (cited, not checked here as an identity; it is for n <= 3)"
        )
    slope = sp.factor(sp.diff((2 * _X / (1 + _X)) ** n, _X))
    steps.append(EndgameStep(0, "the geometric value (2 x/(1 + x))^n increases with x = 1 + 2 r: "
                             "betting the whole stack is best", slope, ">= 0",
                             bool(slope.is_positive)))  # fmt: skip
    if not sol.capped:
        best = sp.radsimp(p * sp.prod([(1 + 2 * sol.ratio) / (1 + sol.ratio)] * n) - sol.value)
        steps.append(EndgameStep(0, "the optimal sizes give I the value derived",
                                 best, "= 0", _zero(best)))  # fmt: skip
    # II: I's value does not depend on II's calling probabilities (with the sizes and p as symbols)
    pp = sp.Symbol("p", positive=True)
    masses = [pp]
    for k in reversed(range(n)):
        masses.insert(0, masses[0] * (1 + 2 * rs[k]) / (1 + rs[k]))
    value = _value_against(rs, masses, cs)
    flat = sp.factor(sp.together(value - masses[0]))
    steps.append(EndgameStep(1, "against I's strategy, any calling probabilities c_1 .. c_n give I the "
                             "same value m_1 (every round II is indifferent)", flat, "= 0",
                             _zero(flat)))  # fmt: skip
    at = [sp.simplify(v.subs({pp: p, **{rs[k]: sol.ratio for k in range(n)}})) for v in masses]
    feasible = sp.radsimp(1 - at[0])
    steps.append(EndgameStep(1, "the bettors' probability m_1 is at most 1 (the bluffs exist)",
                             feasible, ">= 0", bool(sp.simplify(feasible) >= 0)))  # fmt: skip
    return EndgameProof(tuple(steps), general)


# --------------------------------------------------------------------------- the report


def _num(v: sp.Expr) -> str:
    return sp.sstr(v) if v.is_Rational else f"{sp.sstr(v)} ~ {float(v):.6f}"


def endgame_text(sol: EndgameSolution, proof: EndgameProof) -> str:
    """The rules, the derivation, the equilibrium and the proof, as text."""
    r = sol.rules
    one = sol.one_round
    lines = [
        f"The endgame, {r.rounds} round(s), stack {r.stack}, I wins with probability {r.win}",
        f"  [{ENDGAME_SOURCE}]",
        "Rules: the pot is 1 and each player has the stack behind; I knows whether his hand wins, II "
        "does not; each round I checks (showdown) or bets a fraction of the pot, II folds or calls.",
        "",
        "One round, bet s:",
        f"  I bluffs with the fraction {sp.sstr(one['bluffs'])} of his losing hands",
        f"  II calls with probability {sp.sstr(one['calls'])}",
        f"  value (I's take of the pot) {sp.sstr(one['value'])}, increasing in s: the largest size is best",
        "",
        "Derivation:",
        *[f"  {k}. {text}" for k, text in enumerate(sol.steps, 1)],
        "",
        f"Equilibrium (value {_num(sol.value)}{', capped: II folds' if sol.capped else ''}):",
        f"  each round I bets r = {_num(sol.ratio)} of the pot",
    ]
    for k in range(r.rounds):
        lines.append(
            f"  round {k + 1}: pot {_num(sol.pots[k])}, bet {_num(sol.sizes[k])}, I bets with probability "
            f"{_num(sol.bets[k])} (bluffs {_num(sol.bluffs[k])} of losing hands), II calls {_num(sol.calls[k])}"
        )
    lines += ["", f"Proof ({'proved' if proof.proved else 'NOT proved'}):"]
    for st in proof.steps:
        who = ("I", "II")[st.player]
        lines.append(f"  [{'ok' if st.holds else 'FAILS'}] {who}: {st.claim} ({st.sign})")
    lines.append(f"  general n: {proof.general}")
    return "\n".join(lines) + "\n"


def endgame_json(sol: EndgameSolution, proof: EndgameProof) -> dict:
    """The same as :func:`endgame_text`, exact expressions as strings."""
    r = sol.rules

    def strs(values) -> list[str]:
        return [sp.sstr(v) for v in values]

    return {
        "model": "endgame",
        "source": ENDGAME_SOURCE,
        "rounds": r.rounds,
        "stack": str(r.stack),
        "win": str(r.win),
        "one_round": {k: sp.sstr(v) for k, v in sol.one_round.items()},
        "derivation": list(sol.steps),
        "ratio": sp.sstr(sol.ratio),
        "pots": strs(sol.pots),
        "sizes": strs(sol.sizes),
        "bets": strs(sol.bets),
        "bluffs": strs(sol.bluffs),
        "calls": strs(sol.calls),
        "value": sp.sstr(sol.value),
        "capped": sol.capped,
        "proved": proof.proved,
        "proof": [
            {
                "player": ("I", "II")[st.player],
                "claim": st.claim,
                "expression": sp.sstr(st.expression),
                "sign": st.sign,
                "holds": st.holds,
            }
            for st in proof.steps
        ],  # fmt: skip
        "general": proof.general,
    }


def endgame_latex(sol: EndgameSolution, proof: EndgameProof) -> str:
    """A standalone LaTeX document (amsmath) of :func:`endgame_text`: the rules, the one-round
    formulas, the derivation, the equilibrium round by round and the proof's exact steps, every
    expression through derive's LaTeX printer."""
    from derive.continuum.report import document_head
    from derive.notation.latex import escape_text, to_latex

    r, one, L = sol.rules, sol.one_round, to_latex
    rounds = "one round" if r.rounds == 1 else f"{r.rounds} rounds"
    out = [
        *document_head(f"The endgame, {rounds}", ENDGAME_SOURCE),
        r"\emph{Rules:} the pot is $1$ and each player has the stack "
        rf"$S = {L(r.stack)}$ behind; I knows whether his hand wins (it does with probability "
        rf"$p = {L(r.win)}$), II does not; each round I checks (a showdown) or bets a fraction of the "
        r"pot, and II folds or calls.",
        r"\subsection*{One round, a bet of $s$ times the pot}",
        rf"I bluffs with the fraction ${L(one['bluffs'])}$ of his losing hands, II calls with probability "
        rf"${L(one['calls'])}$, and I's take of the pot is \[{L(one['value'])},\] increasing in $s$: the "
        r"largest size is best.",
        r"\subsection*{Derivation}",
        r"\begin{enumerate}",
        *[rf"\item {escape_text(text)}" for text in sol.steps],
        r"\end{enumerate}",
        r"\subsection*{Equilibrium}",
        rf"Each round I bets $r = {L(sol.ratio)}$ times the pot; the value to I is $v = {L(sol.value)}$"
        + (r" (capped: II folds every bet)." if sol.capped else "."),
        r"\begin{center}\begin{tabular}{rlllll}",
        r"round & pot & bet & I bets & bluffs (of losing hands) & II calls \\ \hline",
    ]
    for k in range(r.rounds):
        cells = (sol.pots[k], sol.sizes[k], sol.bets[k], sol.bluffs[k], sol.calls[k])
        out.append(f"{k + 1} & " + " & ".join(f"${L(v)}$" for v in cells) + r" \\")
    out += [r"\end{tabular}\end{center}", r"\subsection*{Proof}", r"\begin{enumerate}"]
    for st in proof.steps:
        sign = {">= 0": r"\ge 0", "<= 0": r"\le 0", "= 0": "= 0"}.get(st.sign, escape_text(st.sign))
        mark = "" if st.holds else r" \textbf{(fails)}"
        out.append(
            rf"\item {('I', 'II')[st.player]}: {escape_text(st.claim)}: \[{L(st.expression)} {sign}\]{mark}"
        )
    out += [r"\end{enumerate}", rf"General $n$: {escape_text(proof.general)}", r"\end{document}"]
    return "\n".join(out) + "\n"
