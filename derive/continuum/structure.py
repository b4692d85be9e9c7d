"""Finding the threshold structure: read off the exact N-card solution, then simplified until proved.

The order of the thresholds is not typed in per model.  For a bet size ``b`` the N-card game with
the same rules (:meth:`derive.continuum.rules.PokerRules.cards`) is solved exactly
(:func:`derive.solving.zero_sum.one_card.solve_rules`, quasi-perfect, so that no hand plays a
dominated plan off the path); each card's pure plan is read off its behaviour strategy, cards that
mix are dropped, and the runs of equal plans, card by card, give each player's segments and their
approximate ends (card / N).  The two players' cuts, merged in the order of those ends, are a
candidate :class:`~derive.continuum.payoff.Structure`.

The N-card solution is one vertex of a set of equilibria: where a hand is indifferent between
plans over a whole range (Borel's bluffs, Kuhn's), it may split the range into pieces that the
continuous game does not determine, and the indifference equations then leave a threshold free.
So candidates are simplified: a segment is removed (merged into a neighbour), fewest cards first,
breadth first, until a candidate's equations have one solution and it is *proved* an equilibrium
at ``b`` (:func:`derive.continuum.proof.prove`).  At most :data:`MAX_CANDIDATES` candidates are
tried, for at most :data:`SEARCH_SECONDS` seconds; the search says so when it stops there.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy as sp

from derive.continuum.payoff import Plan, Structure, plans
from derive.continuum.proof import EquilibriumProof, prove
from derive.continuum.rules import B, PokerRules
from derive.continuum.solve import ThresholdSolution, solve_structure

__all__ = [
    "DEFAULT_DECK",
    "MAX_CANDIDATES",
    "MAX_REMOVALS",
    "SEARCH_SECONDS",
    "Derived",
    "StructureNotFound",
    "card_plans",
    "find_structure",
    "read_segments",
]

#: Cards of the N-card game read for a structure (N = 40 solves in well under a second for one bet).
DEFAULT_DECK = 40
#: Most candidate structures solved and checked in one search.
MAX_CANDIDATES = 400
#: Most segments removed from the read-off structure.
MAX_REMOVALS = 4
#: Seconds one search may take (checked between candidates).
SEARCH_SECONDS = 30.0

Segment = tuple[Plan, float, float]  # plan, lower end, upper end (fractions of [0, 1])


class StructureNotFound(RuntimeError):
    """No candidate structure was proved an equilibrium within the search's caps."""


@dataclass(frozen=True)
class Derived:
    """A structure, its exact solution and the proof, found at one bet size.

    Attributes
    ----------
    solution : ThresholdSolution
    proof : EquilibriumProof
    sample : sympy.Rational
        The bet size where the structure was read.
    deck : int
        The N of the N-card game it was read from.
    tried : int
        Candidates solved before this one was proved (1: the read-off itself).
    """

    solution: ThresholdSolution
    proof: EquilibriumProof
    sample: sp.Rational
    deck: int
    tried: int


def card_plans(rules: PokerRules, deck: int) -> tuple[tuple[Plan | None, ...], tuple[Plan | None, ...]]:
    """Each card's pure plan in the exact quasi-perfect equilibrium of the N-card game (None: it mixes).

    Parameters
    ----------
    rules : PokerRules
        With a numeric bet.
    deck : int
        N, from 2 to :data:`derive.games.one_card.MAX_DECK`.

    Returns
    -------
    (tuple, tuple)
        The opener's and the dealer's, from the lowest card to the highest (length N each).

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If the bet is symbolic or ``deck`` out of range.
    """
    from derive.solving.zero_sum.one_card import solve_rules

    sol = solve_rules(rules.cards(deck), refine="quasi-perfect")
    out = []
    for p in (0, 1):
        row = []
        for card in range(1, deck + 1):
            strategy = sol.strategies[p]

            def prob(h, a, card=card, strategy=strategy):
                letters = "".join(x.letter for x in h)
                label = f"{card}:{letters}" if h else str(card)
                return strategy[label][a.value]

            pure = [pl for pl in plans(rules, p) if all(prob(h, a) == 1 for h, a in pl.choices)]
            row.append(pure[0] if pure else None)
        out.append(tuple(row))
    return out[0], out[1]


def read_segments(row: tuple[Plan | None, ...]) -> list[Segment]:
    """Runs of equal plans with their ends as fractions of the deck; a mixing card is a cut at its middle."""
    n = len(row)
    runs: list[list] = []
    for k, plan in enumerate(row):
        if plan is None:
            continue
        if runs and runs[-1][0] == plan and runs[-1][2] == k - 1:
            runs[-1][2] = k
        elif runs and runs[-1][0] == plan:  # the same plan after mixing cards: one run
            runs[-1][2] = k
        else:
            runs.append([plan, k, k])
    segments: list[Segment] = []
    for i, (plan, first, last) in enumerate(runs):
        lo = 0.0 if i == 0 else (runs[i - 1][2] + 1 + first) / 2 / n
        hi = 1.0 if i == len(runs) - 1 else (last + 1 + runs[i + 1][1]) / 2 / n
        segments.append((plan, lo, hi))
    return segments


def _structure(rules: PokerRules, segs: tuple[list[Segment], list[Segment]]) -> Structure:
    cuts = sorted((hi, p, i) for p in (0, 1) for i, (_, _, hi) in enumerate(segs[p][:-1]))
    current = [0, 0]
    cells = [(segs[0][0][0], segs[1][0][0])]
    owners = []
    for _, p, i in cuts:
        current[p] = i + 1
        cells.append((segs[0][current[0]][0], segs[1][current[1]][0]))
        owners.append(p)
    return Structure(rules, tuple(cells), tuple(owners))


def _merge(segs: list[Segment]) -> list[Segment]:
    out: list[list] = []
    for plan, lo, hi in segs:
        if out and out[-1][0] == plan:
            out[-1][2] = hi
        else:
            out.append([plan, lo, hi])
    return [tuple(s) for s in out]


def _removals(segs: list[Segment]):
    """Each way to remove one segment: it goes to its left or its right neighbour."""
    for i, (_, lo, hi) in enumerate(segs):
        if len(segs) == 1:
            return
        if i > 0:
            left = segs[: i - 1] + [(segs[i - 1][0], segs[i - 1][1], hi)] + segs[i + 1 :]
            yield hi - lo, _merge(left)
        if i < len(segs) - 1:
            right = segs[:i] + [(segs[i + 1][0], lo, segs[i + 1][2])] + segs[i + 2 :]
            yield hi - lo, _merge(right)


def _candidates(segs0: list[Segment], segs1: list[Segment]):
    """The read-off structure, then structures with 1, 2, ... segments removed, least removed mass first."""
    seen = set()
    level = [(0.0, (segs0, segs1))]
    for _ in range(MAX_REMOVALS + 1):
        ordered = sorted(level, key=lambda t: t[0])
        nxt = []
        for mass, pair in ordered:
            key = tuple(tuple((pl, round(lo, 9), round(hi, 9)) for pl, lo, hi in s) for s in pair)
            if key in seen:
                continue
            seen.add(key)
            yield pair
            for p in (0, 1):
                for removed, new in _removals(pair[p]):
                    nxt.append((mass + removed, (new, pair[1]) if p == 0 else (pair[0], new)))
        level = nxt


def _passes_at(structure: Structure, b: sp.Rational) -> bool:
    """Whether at the bet ``b`` the equations have one solution, ordered, from which no hand gains by deviating."""
    from derive.continuum.payoff import plan_value
    from derive.continuum.solve import indifference_equations

    unknowns = list(structure.symbols)
    eqs = [e.equation.subs(B, b) for e in indifference_equations(structure)]
    solutions = sp.linsolve(eqs, unknowns)
    if not solutions:
        return False
    (solution,) = tuple(solutions)
    if any(v.free_symbols for v in solution):
        return False
    values = dict(zip(unknowns, solution))
    values[B] = b
    cuts = [sp.sympify(c).subs(values) for c in structure.cuts]
    if any(cuts[k + 1] < cuts[k] for k in range(len(cuts) - 1)):
        return False
    for player in (0, 1):
        others = plans(structure.rules, player)
        for k, cell in enumerate(structure.cells):
            for end in (structure.cuts[k], structure.cuts[k + 1]):
                mine = plan_value(structure, cell[player], k, end).subs(values)
                if any(plan_value(structure, o, k, end).subs(values) > mine for o in others):
                    return False
    return True


def find_structure(rules: PokerRules, sample: object = 1, deck: int = DEFAULT_DECK, progress=None) -> Derived:
    """Find, solve and prove a threshold structure of ``rules`` around the bet size ``sample``.

    Parameters
    ----------
    rules : PokerRules
        With the bet the symbol :data:`~derive.continuum.rules.B` (the result is then a function of it).
    sample : number or str
        The bet size where the N-card game is read (exact, positive).
    deck : int
        N of the N-card game read (>= 8 to resolve the thresholds; 40 by default).
    progress : callable, optional
        Called with one line per stage.

    Returns
    -------
    Derived

    Raises
    ------
    StructureNotFound
        If no candidate is proved an equilibrium at ``sample`` within :data:`MAX_CANDIDATES` candidates
        and :data:`SEARCH_SECONDS` seconds.
    derive.games.one_card.GameDefinitionError
        If ``sample`` is not an exact positive number.

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> d = find_structure(continuum_model("borel"), 1, deck=20)
    >>> d.solution.thresholds
    {x_1: B**2/(B + 2)**2, y_1: B/(B + 2)}
    """
    from derive.games.one_card import exact_amount

    b = exact_amount(sample, "bet")
    if progress:
        progress(f"solving the {deck}-card game exactly at bet {b} to read the threshold order")
    rows = card_plans(rules.at(b), deck)
    segs = [read_segments(row) for row in rows]
    import time

    symbolic = rules.at(B) if rules.bet.free_symbols else rules
    start = time.monotonic()
    tried = 0
    for tried, pair in enumerate(itertools.islice(_candidates(*segs), MAX_CANDIDATES), start=1):
        if time.monotonic() - start > SEARCH_SECONDS:
            break
        structure = _structure(symbolic, pair)
        if not _passes_at(structure, b):  # a quick exact test at the one bet before solving in B
            continue
        solution: ThresholdSolution | None = solve_structure(structure)
        if solution is None:
            continue
        proof: EquilibriumProof | None = prove(solution, b)
        if proof is None:
            continue
        if progress:
            progress(f"structure proved after {tried} candidate(s)")
        return Derived(solution, proof, b, deck, tried)
    raise StructureNotFound(
        f"{rules.name}: no threshold structure read from the {deck}-card game at bet {b} was proved an "
        f"equilibrium ({tried} candidates tried; caps {MAX_CANDIDATES} candidates, {SEARCH_SECONDS:.0f} s)"
    )
