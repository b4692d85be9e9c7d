"""Finding the threshold structure: read off the exact N-card solution, then edited until proved.

The order of the thresholds is not typed in per model.  For a bet size ``b`` the N-card game with
the same rules (:meth:`derive.continuum.rules.PokerRules.cards`) is solved exactly
(:func:`derive.solving.zero_sum.from_rules.solve_rules`, quasi-perfect, so that no hand plays a
dominated plan off the path).  Each card's plans and their probabilities are read off its
behaviour strategy (:func:`card_mixtures`); the runs of equal *main* plans (each card's most
probable), card by card, give each player's segments and their approximate ends (card / N).  The
two players' cuts, merged in the order of those ends, are a candidate
:class:`~derive.continuum.payoff.Structure`.

The N-card solution is one vertex of a set of equilibria, and the continuous game's is a family
too: where a hand is indifferent between plans over a whole range (Borel's bluffs, Kuhn's, the
opener's bet-call and check-call against the dealer's hands that bet after a check and call a
bet), the N-card solution may alternate between them card by card, or play a plan only as a minor
part of a mixture (the one-raise game's bluff check-raises).  So the read-off is *edited*:

* a segment is **removed** (given to its left or its right neighbour), costing its cards;
* a plan that the cards next to a boundary between segments play with probability at least
  :data:`MINOR_PROBABILITY`, but not as their main plan, is **inserted** there as a new segment,
  costing its probability summed over those cards.

Edit sets are tried cheapest first (the read-off itself first), at most :data:`MAX_EDITS` edits.
Each candidate is screened in floating point at ``b`` (:func:`derive.continuum.screen.screen`:
solution in order, no plan gains; it may re-interleave the two players' cuts); one that passes is
solved exactly in the bet and *proved* an equilibrium (:func:`derive.continuum.proof.prove`), and
the first proved is the result.  At most :data:`MAX_CANDIDATES` candidates are tried, for at most
:data:`SEARCH_SECONDS` seconds; the search says so when it stops there.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

import sympy as sp

from derive.continuum.payoff import Plan, Structure, plans
from derive.continuum.proof import EquilibriumProof, prove
from derive.continuum.rules import B, PokerRules
from derive.continuum.screen import Tables, screen
from derive.continuum.solve import ThresholdSolution, solve_structure

__all__ = [
    "DEFAULT_DECK",
    "MAX_CANDIDATES",
    "MAX_EDITS",
    "SEARCH_SECONDS",
    "Derived",
    "StructureNotFound",
    "card_mixtures",
    "card_plans",
    "find_structure",
    "read_segments",
]

#: Cards of the N-card game read for a structure (N = 40 solves in about a second for one bet).
DEFAULT_DECK = 40
#: Most candidate structures screened in one search.
MAX_CANDIDATES = 5000
#: Most edits (removed or inserted segments) of the read-off structure.
MAX_EDITS = 4
#: Seconds one search may take (checked between candidates).
SEARCH_SECONDS = 30.0
#: A plan a card plays with at least this probability, though not as its main plan, may be inserted.
MINOR_PROBABILITY = sp.Rational(1, 100)

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
        Candidates screened before this one was proved (1: the read-off itself).
    edits : tuple of str
        How the read-off was edited into the proved structure (empty: it was proved as read).
    source : str
        ``"search"``: read off the N-card game and edited; ``"pattern"``: built from a known
        pattern (:mod:`derive.continuum.karlin_restrepo`; ``deck`` is then 0, nothing was read).
    """

    solution: ThresholdSolution
    proof: EquilibriumProof
    sample: sp.Rational
    deck: int
    tried: int
    edits: tuple[str, ...] = ()
    source: str = "search"


def card_mixtures(rules: PokerRules, deck: int) -> tuple[tuple[dict[Plan, sp.Rational], ...], ...]:
    """Each card's plans and their probabilities in the exact quasi-perfect equilibrium of the N-card game.

    Where the quasi-perfect refinement cannot be certified at this bet
    (:class:`derive.solving.linear_program.ExactLPError`), the plain optimal vertex is read instead.
    A plan's probability is the product of its actions' probabilities in the card's behaviour
    strategy (the plans of a card add up to 1).

    Parameters
    ----------
    rules : PokerRules
        With a numeric bet.
    deck : int
        N, from 2 to :data:`derive.games.one_card.MAX_DECK`.

    Returns
    -------
    (tuple, tuple)
        The opener's and the dealer's, from the lowest card to the highest (length N each): each a
        dict ``plan -> probability`` of the plans played with positive probability.

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If the bet is symbolic or ``deck`` out of range.
    """
    from derive.solving.linear_program import ExactLPError
    from derive.solving.zero_sum.from_rules import solve_rules

    try:
        sol = solve_rules(rules.cards(deck), refine="quasi-perfect")
    except ExactLPError:
        # no perturbed basis certified at this bet: the plain optimal vertex, read the same way
        sol = solve_rules(rules.cards(deck), refine="none")
    out = []
    for p in (0, 1):
        strategy = sol.strategies[p]
        row = []
        for card in range(1, deck + 1):

            def prob(h, a, card=card, strategy=strategy):
                letters = "".join(x.letter for x in h)
                label = f"{card}:{letters}" if h else str(card)
                return strategy[label][a.value]

            mix = {}
            for plan in plans(rules, p):
                q = sp.Mul(*(prob(h, a) for h, a in plan.choices))
                if q != 0:
                    mix[plan] = q
            row.append(mix)
        out.append(tuple(row))
    return out[0], out[1]


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
    rows = card_mixtures(rules, deck)
    return tuple(tuple(next(iter(m)) if len(m) == 1 else None for m in row) for row in rows)  # type: ignore[return-value]


def _main_plans(row) -> tuple[Plan, ...]:
    """Each card's most probable plan (the first in the rules' order among equals)."""
    out = []
    for mix in row:
        best = max(mix.values())
        out.append(next(p for p in mix if mix[p] == best))
    return tuple(out)


def read_segments(row: tuple[Plan | None, ...]) -> list[Segment]:
    """Runs of equal plans with their ends as fractions of the deck; a mixing card (None) is a cut at its middle."""
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


@dataclass(frozen=True)
class _Edit:
    """One edit of a player's read-off segments: a removal (of segment ``index`` towards ``side``) or an insertion."""

    player: int
    kind: str  # "remove" or "insert"
    index: int  # the segment removed, or the boundary (after segment ``index``) inserted at
    side: int  # -1 / +1: removed into the left / right neighbour; 0 for an insertion
    plan: Plan | None
    cost: float

    def describe(self, segments) -> str:
        who = ("opener", "dealer")[self.player]
        if self.kind == "remove":
            plan, lo, hi = segments[self.player][self.index]
            side = "left" if self.side < 0 else "right"
            return f"{who}: {plan.label} on ({lo:.3f}, {hi:.3f}) removed, given to the segment on its {side}"
        at = segments[self.player][self.index][2]
        return f"{who}: {self.plan.label} inserted at {at:.3f}"


def _edit_groups(segments, mains, rows) -> list[list[_Edit]]:
    """The possible edits, in groups of mutually exclusive ones (a segment goes left or right)."""
    groups: list[list[_Edit]] = []
    for p in (0, 1):
        segs, n = segments[p], len(rows[p])
        for i, (_, lo, hi) in enumerate(segs):
            cards = round((hi - lo) * n)
            group = []
            if i > 0:
                group.append(_Edit(p, "remove", i, -1, None, float(cards)))
            if i < len(segs) - 1:
                group.append(_Edit(p, "remove", i, +1, None, float(cards)))
            if group:
                groups.append(group)
        # minor plans near each boundary between segments (on the two cards either side of it)
        for i, (_, _, hi) in enumerate(segs[:-1]):
            edge = round(hi * n)
            near = range(max(0, edge - 2), min(n, edge + 2))
            weights: dict[Plan, sp.Rational] = {}
            for c in near:
                for plan, q in rows[p][c].items():
                    if (
                        plan != mains[p][c]
                        and q >= MINOR_PROBABILITY
                        and plan not in (segs[i][0], segs[i + 1][0])
                    ):
                        weights[plan] = weights.get(plan, 0) + q
            if weights:
                groups.append([_Edit(p, "insert", i, 0, plan, float(w)) for plan, w in weights.items()])
    return groups


def _apply(segments, edits, deck: int):
    """The players' segments after ``edits``: removed segments relabelled with their neighbour's plan, a
    narrow segment of each inserted plan put in at its boundary, equal neighbours merged; None if a
    removal has no neighbour left on its side."""
    out = []
    width = 0.25 / deck
    for p in (0, 1):
        segs = segments[p]
        removed = {e.index: e.side for e in edits if e.player == p and e.kind == "remove"}
        kept = [i for i in range(len(segs)) if i not in removed]
        labels = [plan for plan, _, _ in segs]
        for i, side in removed.items():
            target = [k for k in kept if (k < i if side < 0 else k > i)]
            if not target:
                return None
            labels[i] = segs[target[-1] if side < 0 else target[0]][0]
        new = [(labels[i], lo, hi) for i, (_, lo, hi) in enumerate(segs)]
        for e in sorted((e for e in edits if e.player == p and e.kind == "insert"), key=lambda e: -e.index):
            (left, lo, at), (right, _, hi) = new[e.index], new[e.index + 1]
            new[e.index : e.index + 2] = [
                (left, lo, at - width),
                (e.plan, at - width, at + width),
                (right, at + width, hi),
            ]
        out.append(_merge(new))
    return out[0], out[1]


def _edit_sets(groups, limit):
    """Sets of edits (at most one from each group, at most ``limit``), cheapest first."""
    heap = [(0.0, ())]
    while heap:
        cost, chosen = heapq.heappop(heap)
        yield cost, chosen
        if len(chosen) >= limit:
            continue
        last = chosen[-1][0] if chosen else -1
        for g in range(last + 1, len(groups)):
            for k, edit in enumerate(groups[g]):
                heapq.heappush(heap, (cost + edit.cost, chosen + ((g, k),)))


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
    rows = card_mixtures(rules.at(b), deck)
    mains = [_main_plans(row) for row in rows]
    segments = tuple(read_segments(m) for m in mains)
    groups = _edit_groups(segments, mains, rows)
    symbolic = rules.at(B) if rules.bet.free_symbols else rules
    tables = Tables(rules.at(b))
    start = time.monotonic()
    tried = 0
    seen = set()
    for _, chosen in _edit_sets(groups, MAX_EDITS):
        if tried >= MAX_CANDIDATES or time.monotonic() - start > SEARCH_SECONDS:
            break
        edits = [groups[g][k] for g, k in chosen]
        pair = _apply(segments, edits, deck)
        if pair is None:
            continue
        key = tuple(tuple(plan for plan, _, _ in segs) for segs in pair)
        if key in seen:
            continue
        seen.add(key)
        tried += 1
        structure = screen(_structure(symbolic, pair), tables)  # a quick floating-point test at the one bet
        if structure is None:
            continue
        solution: ThresholdSolution | None = solve_structure(structure)
        if solution is None:
            continue
        proof: EquilibriumProof | None = prove(solution, b)
        if proof is None:
            continue
        if progress:
            progress(f"structure proved after {tried} candidate(s), {len(edits)} edit(s) of the read-off")
        return Derived(solution, proof, b, deck, tried, tuple(e.describe(segments) for e in edits))
    raise StructureNotFound(
        f"{rules.name}: no threshold structure read from the {deck}-card game at bet {b} was proved an "
        f"equilibrium ({tried} candidates tried; caps {MAX_CANDIDATES} candidates, {MAX_EDITS} edits, "
        f"{SEARCH_SECONDS:.0f} s)"
    )
