"""The threshold structure of von Neumann's poker with K bets and raises, built from its known pattern.

Karlin & Restrepo (1957, "Multistage poker models") solved von Neumann's game with up to K bets
and raises for every K; Ferguson, Ferguson & Gawargy ("Uniform(0,1) two-person poker models",
the von Neumann model with raises) describe the same solution.  Its pattern, level by level (level
``j`` is the decision after ``j`` bets, made by the opener when ``j`` is even, the dealer when odd):

* level 0, the opener: bets with the lowest hands (a bluff), checks with the middle ones, bets with
  the top ones;
* level ``j >= 1``, facing ``j`` bets, with the hands that reach it for value (all hands at level 1;
  the top range that raised at level ``j - 2`` above): folds with the lowest, raises with the next
  (a bluff, folding to a re-raise), calls with the middle ones and raises with the top, which go on
  to level ``j + 2``; at level ``K`` (no raise left) he folds the lowest and calls with the rest;
* the bluffs of level ``j - 2`` fold at level ``j``.

So each level's cuts alternate with the other player's, and the structure has ``3K`` thresholds.
:func:`pattern_structure` builds it for any ``K`` as a *candidate*: nothing here is a result.  The
exact steps prove it or refuse it (:func:`derive.continuum.solve.solve_structure`,
:func:`derive.continuum.proof.prove`); :func:`derive_from_pattern` runs them.  A bluff's place
inside the hands that fold to the next bet is not unique (all such hands lose to every hand that
continues), so where the pattern puts it may differ from where the N-card search put it for
``K <= 4``; the value and every other threshold are the same.

Why a pattern and not the N-card search for ``K >= 5``: the thresholds crowd at the top of [0, 1]
(their smallest gap at B = 1 is about 0.0005 for K = 5 and 0.00002 for K = 8), so the 40-card
game read by :func:`derive.continuum.structure.find_structure` merges several of them into one
card and the proved structure lies more than its edit cap away.

What is proved and what is only seen (docs/benchmark.md has the table): for each K = 1 .. 8
separately, the structure is proved an equilibrium for every bet B > 0, with its 3K thresholds
and the value exact rational functions of B.  Checked for K <= 8 and not proved for general K: the
opener's bluffs end at the value (``x_1 = v``), ``y_1 = (B + 2 v) / (B + 2)``, and for K >= 2
``v = B (3B + 2)^2 P_K(B) / ((B + 1) Q_K(B))`` with ``deg P_K = 2K - 4``, ``deg Q_K = 2K - 1``.
No closed form in K is derived here.
"""

from __future__ import annotations

import time

from derive.continuum.payoff import Plan, Structure, plans
from derive.continuum.proof import prove
from derive.continuum.rules import B, PokerRules
from derive.continuum.screen import Tables, screen
from derive.continuum.solve import solve_structure
from derive.games.one_card import Action

__all__ = [
    "PATTERN_FROM",
    "is_karlin_restrepo",
    "derive_from_pattern",
    "pattern_segments",
    "pattern_structure",
]

#: Karlin-Restrepo games with at least this many bets are built from the pattern first (the N-card
#: search, which proves K = 1 .. 4 within its caps and is kept for them as it was, is the fallback).
PATTERN_FROM = 5

Segment = tuple[Plan, float, float]


def is_karlin_restrepo(rules: PokerRules) -> bool:
    """Whether ``rules`` are von Neumann's with raises: the opener checks to a showdown or bets, the dealer never bets."""
    return rules.opener_alternative == "check" and not rules.dealer_may_bet


def _plan(rules: PokerRules, player: int, actions: tuple[Action, ...]) -> Plan:
    for plan in plans(rules, player):
        if tuple(a for _, a in plan.choices) == actions:
            return plan
    raise ValueError(f"no plan of player {player} takes the actions {actions}")  # pragma: no cover


def _guesses(k: int) -> tuple[tuple[float, float], list[tuple[float, ...]]]:
    """Guessed cuts: the opener's ``(a, b)`` at level 0, then each level ``j = 1 .. K``'s cuts
    (``(fold/bluff, bluff/call, call/raise)``, or ``(fold/call,)`` at level ``K``).

    The levels are nested: level ``j``'s lower cuts lie above the bottom of its value range and
    level ``j - 1``'s bluff/call cut and below level ``j - 1``'s call/raise cut, its call/raise
    cut above level ``j - 1``'s (as the N-card solutions for K <= 4 show).
    """
    if k == 1:
        return (0.1, 0.75), [(0.5,)]
    levels: list[tuple[float, ...]] = [(0.2, 0.3, 0.6)]
    b = 0.45  # between the dealer's bluff/call and call/raise cuts
    bottoms = {2: b, 3: 0.6}
    for j in range(2, k + 1):
        _, bc, r = levels[-1]
        lo = max(bottoms[j], bc)
        if j == k:
            levels.append(((lo + r) / 2,))
            break
        e3 = r + (1 - r) / 2
        levels.append((lo + (r - lo) / 3, lo + 2 * (r - lo) / 3, e3))
        bottoms[j + 2] = e3
    return (0.1, b), levels


def _pieces(k: int, j: int, lo: float, levels, prefix: tuple) -> list[tuple]:
    """The player at level ``j``'s pieces on his value range ``(lo, 1)``: ``(actions, lo, hi)``."""
    cuts = levels[j - 1]
    if j == k:  # fold or call
        return [(prefix + (Action.FOLD,), lo, cuts[0]), (prefix + (Action.CALL,), cuts[0], 1.0)]
    e1, e2, e3 = cuts
    again = j + 2 <= k  # the opponent may re-raise: a bluff raise then folds
    bluff = prefix + (Action.RAISE,) + ((Action.FOLD,) if again else ())
    out = [(prefix + (Action.FOLD,), lo, e1), (bluff, e1, e2), (prefix + (Action.CALL,), e2, e3)]
    if again:
        out += _pieces(k, j + 2, e3, levels, prefix + (Action.RAISE,))
    else:
        out.append((prefix + (Action.RAISE,), e3, 1.0))
    return out


def pattern_segments(rules: PokerRules) -> tuple[list[Segment], list[Segment]]:
    """Each player's plans from the lowest hand to the highest, with guessed ends (module docstring).

    The ends are only guesses of the order of the two players' cuts; the floating-point screen
    re-interleaves them as the solution of the indifference equations says
    (:func:`derive.continuum.screen.screen`).
    """
    k = rules.max_bets
    (a, b), levels = _guesses(k)
    bluff = (Action.BET,) + ((Action.FOLD,) if k >= 2 else ())
    opener: list[tuple] = [(bluff, 0.0, a), ((Action.CHECK,), a, b)]
    if k >= 2:
        opener += _pieces(k, 2, b, levels, (Action.BET,))
    else:
        opener.append(((Action.BET,), b, 1.0))
    dealer = _pieces(k, 1, 0.0, levels, ())
    return (
        [(_plan(rules, 0, acts), lo, hi) for acts, lo, hi in opener],
        [(_plan(rules, 1, acts), lo, hi) for acts, lo, hi in dealer],
    )


def pattern_structure(rules: PokerRules) -> Structure:
    """The Karlin-Restrepo candidate structure of ``rules`` (module docstring), its cuts in the guessed order.

    Raises
    ------
    ValueError
        If ``rules`` are not von Neumann's with raises (:func:`is_karlin_restrepo`).

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> s = pattern_structure(continuum_model("karlin-restrepo-2"))
    >>> s.describe(1)
    'b: fold on (0, y_1); b: raise on (y_1, y_2); b: call on (y_2, y_3); b: raise on (y_3, 1)'
    """
    from derive.continuum.structure import _structure

    if not is_karlin_restrepo(rules):
        raise ValueError(f"{rules.name}: not von Neumann's rules with raises")
    return _structure(rules, pattern_segments(rules))


def derive_from_pattern(rules: PokerRules, sample, progress=None):
    """Screen, solve and prove the pattern's structure at the bet ``sample``: a
    :class:`~derive.continuum.structure.Derived`, or None where it is not proved.

    Parameters
    ----------
    rules : PokerRules
        Von Neumann's rules with raises, the bet the symbol :data:`~derive.continuum.rules.B`.
    sample : number or str
        A bet size (exact, positive; :func:`derive.games.one_card.exact_amount`).
    progress : callable, optional

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If ``sample`` is not an exact positive number.
    """
    from derive.continuum.structure import Derived
    from derive.games.one_card import exact_amount

    sample = exact_amount(sample, "bet")
    if not is_karlin_restrepo(rules):
        return None
    symbolic = rules.at(B)
    start = time.monotonic()
    structure = screen(pattern_structure(symbolic), Tables(rules.at(sample)))
    if structure is None:
        return None
    solution = solve_structure(structure)
    if solution is None:
        return None
    proof = prove(solution, sample)
    if proof is None:
        return None
    if progress:
        progress(
            f"Karlin-Restrepo pattern for {rules.max_bets} bets proved at bet {sample} "
            f"in {time.monotonic() - start:.1f} s"
        )
    return Derived(solution, proof, sample, 0, 1, (), source="pattern")
