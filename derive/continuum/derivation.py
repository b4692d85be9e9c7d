"""A continuous model derived for every bet size: structures found at sample bets, pieced together.

:func:`derive_continuum` finds a proved structure at the bet 1 (:func:`derive.continuum.structure.find_structure`),
which holds on an exact interval of bets around it; it then tries each sample bet not yet covered,
so that where the structure changes with the bet the result is piecewise.  Bets between the
pieces that no sample reached are reported as not derived, never filled in.

Von Neumann's rules with K >= :data:`~derive.continuum.karlin_restrepo.PATTERN_FROM` bets and
raises are first given the structure of Karlin & Restrepo (1957)'s solution
(:func:`derive.continuum.karlin_restrepo.derive_from_pattern`, proved by the same exact steps);
the N-card search is their fallback, and the pattern is the search's fallback for smaller K.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.continuum.rules import B, PokerRules
from derive.continuum.structure import DEFAULT_DECK, Derived, StructureNotFound, find_structure

__all__ = ["MAX_FAILURES", "DEFAULT_SAMPLES", "ContinuumDerivation", "derive_continuum"]

#: Bet sizes (in antes) where a structure is looked for, in this order, until the pieces cover them.
DEFAULT_SAMPLES = tuple(sp.Rational(b) for b in ("1", "1/2", "2", "1/4", "4", "1/10", "10"))

#: Samples that may fail (each a search of up to SEARCH_SECONDS) before the rest are given up.
MAX_FAILURES = 2


@dataclass(frozen=True)
class ContinuumDerivation:
    """A continuous model's equilibrium as a function of the bet: proved pieces.

    Attributes
    ----------
    rules : PokerRules
        With the bet the symbol :data:`~derive.continuum.rules.B`.
    pieces : tuple of Derived
        Sorted by their bet intervals (disjoint, open).
    not_found : tuple of sympy.Rational
        Sample bets where no structure was proved.
    deck : int
        N of the N-card game whose exact solution the threshold order was read off, at each sample.
    """

    rules: PokerRules
    pieces: tuple[Derived, ...]
    not_found: tuple[sp.Rational, ...]
    deck: int = DEFAULT_DECK

    def piece_at(self, bet: sp.Expr) -> Derived | None:
        """The piece whose interval contains ``bet`` (exact), or None."""
        for piece in self.pieces:
            if piece.proof.interval.contains(bet):
                return piece
        return None


def derive_continuum(
    rules: PokerRules,
    samples=DEFAULT_SAMPLES,
    deck: int = DEFAULT_DECK,
    progress=None,
) -> ContinuumDerivation:
    """Derive ``rules``'s equilibrium thresholds and value as exact, proved functions of the bet.

    Parameters
    ----------
    rules : PokerRules
        Any bet (it is replaced by the symbol :data:`~derive.continuum.rules.B`).
    samples : iterable of numbers
        Bet sizes to look for structures at (exact, positive), in order; one already inside a
        derived piece is skipped.
    deck : int
        N of the N-card games read (:func:`~derive.continuum.structure.find_structure`).
    progress : callable, optional

    Returns
    -------
    ContinuumDerivation

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If a sample is not an exact positive number.

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> d = derive_continuum(continuum_model("von-neumann"), samples=[1], deck=20)
    >>> d.pieces[0].solution.value, str(d.pieces[0].proof.interval)
    (B/((B + 1)*(B + 4)), '(0, oo)')
    """
    from derive.games.one_card import exact_amount

    symbolic = rules.at(B)
    pieces: list[Derived] = []
    missing = []
    for raw in samples:
        b = exact_amount(raw, "bet")
        if any(p.proof.interval.contains(b) for p in pieces):
            continue
        piece = _derive_at(symbolic, b, deck, progress)
        if piece is not None:
            pieces.append(piece)
        else:
            missing.append(b)
            if len(missing) >= MAX_FAILURES:
                break
    pieces.sort(key=lambda p: sp.N(p.proof.interval.lo, 30))
    # a bet where the read-off failed (a threshold too close to 0 or 1 for the deck) may lie in a piece found later
    missing = [b for b in missing if not any(p.proof.interval.contains(b) for p in pieces)]
    return ContinuumDerivation(symbolic, tuple(pieces), tuple(missing), deck)


def _derive_at(rules: PokerRules, b: sp.Rational, deck: int, progress) -> Derived | None:
    """A proved structure at the bet ``b``: the Karlin-Restrepo pattern first for K >= PATTERN_FROM,
    else the N-card search first, each the other's fallback; None if neither is proved."""
    from derive.continuum.karlin_restrepo import PATTERN_FROM, derive_from_pattern, is_karlin_restrepo

    pattern_first = is_karlin_restrepo(rules) and rules.max_bets >= PATTERN_FROM
    if pattern_first:
        piece = derive_from_pattern(rules, b, progress)
        if piece is not None:
            return piece
    try:
        return find_structure(rules, b, deck, progress)
    except StructureNotFound:
        pass
    if not pattern_first and is_karlin_restrepo(rules):
        return derive_from_pattern(rules, b, progress)
    return None
