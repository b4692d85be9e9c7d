"""The player against a fixed dealer, a decision problem: :func:`three_card_poker` gives each hand's
expected value of playing and of folding, the best response to chance, its house edge, and the
edges of simpler strategies and of Pair Plus.

The player is the only decision-maker: chance deals his hand, he plays or folds, chance deals the
dealer's hand from the 49 cards left, and the dealer's play is fixed by the rules.  So the optimal
strategy is a best response to chance, hand by hand: play when

    EV(play) = bonus + (1·N_nq + 2·N_lose + 0·N_tie - 2·N_win) / 18424  >  EV(fold) = -1,

``N`` the dealer's hands by outcome (:func:`derive.casino.dealer_counts`), ``bonus`` the Ante
Bonus of the hand.  Everything is per ante of 1 and exact (:class:`fractions.Fraction`).  A hand
whose two values are equal (none in the standard game) is folded: the same edge with less at risk.

The house edge is minus the player's expected return per ante; the element of risk divides it by
the expected total wagered, the ante and the play bet when he plays: ``edge / (1 + P(play))``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from derive.casino.classes import HandClass, hand_classes
from derive.casino.counting import DEALER_HANDS, PLAYER_HANDS, DealerCounts, dealer_counts
from derive.casino.rules import PAIR_PLUS_CLASSES, PAIR_PLUS_TABLES, ThreeCardPokerRules
from derive.hands.counting import hand_table

__all__ = [
    "HandDecision",
    "PairPlusEdge",
    "StrategyEdge",
    "ThreeCardPokerAnalysis",
    "evaluate_strategy",
    "pair_plus_edge",
    "three_card_poker",
]

_FOLD = Fraction(-1)


@dataclass(frozen=True)
class HandDecision:
    """One hand class's decision: the expected value of each action, per ante.

    Attributes
    ----------
    hand : HandClass
    dealer : DealerCounts
        The dealer's 18,424 hands by outcome.
    bonus : Fraction
        The Ante Bonus paid when the hand plays.
    ev_play : Fraction
        ``bonus + (N_nq + 2 N_lose - 2 N_win) / 18424``.
    ev_fold : Fraction
        -1 (the ante).
    """

    hand: HandClass
    dealer: DealerCounts
    bonus: Fraction
    ev_play: Fraction
    ev_fold: Fraction = _FOLD

    @property
    def action(self) -> str:
        """``"play"``, ``"fold"``, or ``"either"`` when the two values are equal."""
        return "play" if self.ev_play > self.ev_fold else "fold" if self.ev_play < self.ev_fold else "either"

    @property
    def plays(self) -> bool:
        """Whether the best response plays it (a tie is folded)."""
        return self.ev_play > self.ev_fold


@dataclass(frozen=True)
class StrategyEdge:
    """A strategy's house edge.

    Attributes
    ----------
    name : str
        ``"optimal"``, ``"always play"``, ...
    description : str
        Which hands it plays.
    house_edge : Fraction
        Minus the player's expected return, per ante.
    play_probability : Fraction
        The probability that it plays (of the 22,100 hands).
    """

    name: str
    description: str
    house_edge: Fraction
    play_probability: Fraction

    @property
    def element_of_risk(self) -> Fraction:
        """The edge per unit wagered: ``house_edge / (1 + play_probability)``."""
        return self.house_edge / (1 + self.play_probability)


@dataclass(frozen=True)
class PairPlusEdge:
    """A Pair Plus pay table's house edge.

    Attributes
    ----------
    pays : tuple of Fraction, length 5
        Straight flush, three of a kind, straight, flush, pair (to 1).
    house_edge : Fraction
        Minus the expected return per Pair Plus bet of 1.
    published : str or None
        The published edge in percent (``"2.32"``), if the table is one of the common ones.
    source : str or None
        Where it is published.
    """

    pays: tuple[Fraction, ...]
    house_edge: Fraction
    published: str | None
    source: str | None

    @property
    def name(self) -> str:
        """``"40-30-6-4-1"``."""
        return "-".join(str(p) for p in self.pays)


@dataclass(frozen=True)
class ThreeCardPokerAnalysis:
    """Three Card Poker solved: each hand's decision, the threshold, the edges.

    Attributes
    ----------
    rules : ThreeCardPokerRules
    decisions : tuple of HandDecision
        One per hand class, weakest first (1755).
    least_played : HandDecision
        The weakest hand worth playing: of the lowest value played, the class with the smallest
        EV(play).
    greatest_folded : HandDecision or None
        The strongest hand worth folding (the class with the largest EV(play) of the highest
        value folded); None if every hand plays.
    clean : bool
        Whether the best response is a threshold in hand order: every hand below ``least_played``
        folds and every hand from it up plays.
    optimal : StrategyEdge
        The best response's house edge, play probability and element of risk.
    strategies : tuple of StrategyEdge
        The optimal strategy, then simpler ones.
    pair_plus : tuple of PairPlusEdge
        The rules' Pair Plus table, then the common tables.
    """

    rules: ThreeCardPokerRules
    decisions: tuple[HandDecision, ...]
    least_played: HandDecision
    greatest_folded: HandDecision | None
    clean: bool
    optimal: StrategyEdge
    strategies: tuple[StrategyEdge, ...]
    pair_plus: tuple[PairPlusEdge, ...]

    @property
    def rule(self) -> str:
        """The optimal rule in words, ``"play Q-6-4 or better, fold Q-6-3 and worse"``; when the best
        response is no threshold in hand order, the two hands that show it, with their suit patterns."""
        least = self.least_played.hand.name
        if self.greatest_folded is None:
            return "play every hand"
        most = self.greatest_folded.hand.name
        if self.clean:
            return f"play {least} or better, fold {most} and worse"
        return (
            f"no clean threshold: the weakest hand played is {self.least_played.hand.label}, "
            f"the strongest folded {self.greatest_folded.hand.label}"
        )

    def out_of_order(self) -> tuple[HandDecision, ...]:
        """The classes that break the threshold: folded above ``least_played``'s value or played
        below ``greatest_folded``'s (empty when :attr:`clean`)."""
        if self.greatest_folded is None:
            return ()
        low, high = self.least_played.hand.value, self.greatest_folded.hand.value
        return tuple(
            d
            for d in self.decisions
            if (not d.plays and d.hand.value >= low) or (d.plays and d.hand.value <= high)
        )

    def borderline(self, values: int = 2) -> tuple[HandDecision, ...]:
        """The classes around the threshold, in hand order: from ``values`` hand values below the
        strongest folded to ``values`` above the weakest played (every suit pattern of each)."""
        distinct = sorted({d.hand.value for d in self.decisions})
        ends = [self.least_played.hand.value] + (
            [self.greatest_folded.hand.value] if self.greatest_folded else []
        )
        lo = max(0, distinct.index(min(ends)) - values)
        hi = min(len(distinct) - 1, distinct.index(max(ends)) + values)
        return tuple(d for d in self.decisions if distinct[lo] <= d.hand.value <= distinct[hi])

    def folds_a_pair_plus_winner(self) -> bool:
        """Whether the best response folds a pair or better, which the text's rule "If the player
        chooses to fold, he loses the Ante bet AND the Pair Plus bet" would make cost the Pair Plus
        bet too (so the Pair Plus edges would not be those of an independent bet)."""
        return any(not d.plays and d.hand.value.category >= 1 for d in self.decisions)

    def decision(self, hand: HandClass) -> HandDecision:
        """The decision of one hand class (see :func:`derive.casino.hand_class`)."""
        return self.decisions[hand.order]


def _decisions(rules: ThreeCardPokerRules) -> tuple[HandDecision, ...]:
    out = []
    for hand, counts in zip(hand_classes(), dealer_counts(rules)):
        bonus = rules.bonus(hand.value.name)
        ev = bonus + Fraction(
            counts.not_qualify + 2 * counts.qualify_lose - 2 * counts.dealer_wins, DEALER_HANDS
        )
        out.append(HandDecision(hand, counts, bonus, ev))
    return tuple(out)


def evaluate_strategy(
    decisions: tuple[HandDecision, ...], name: str, description: str, plays: Callable[[HandClass], bool]
) -> StrategyEdge:
    """The house edge of a strategy that plays the hands ``plays`` accepts and folds the rest.

    Parameters
    ----------
    decisions : tuple of HandDecision
        Every class's values (:attr:`ThreeCardPokerAnalysis.decisions`).
    name, description : str
        How to call it.
    plays : callable
        ``HandClass -> bool``.

    Returns
    -------
    StrategyEdge

    Raises
    ------
    None

    Examples
    --------
    >>> a = three_card_poker()
    >>> evaluate_strategy(a.decisions, "always", "every hand", lambda h: True).house_edge
    Fraction(1947749, 25448150)
    """
    total, played = Fraction(0), 0
    for d in decisions:
        play = plays(d.hand)
        total += d.hand.size * (d.ev_play if play else d.ev_fold)
        played += d.hand.size if play else 0
    return StrategyEdge(name, description, -total / PLAYER_HANDS, Fraction(played, PLAYER_HANDS))


def pair_plus_edge(rules: ThreeCardPokerRules) -> Fraction:
    """The house edge of the rules' Pair Plus table, per Pair Plus bet of 1.

    ``-(Σ pay · count - count of hands below a pair) / 22100`` with the class counts of
    :func:`derive.hands.hand_table` (48 straight flushes, 52 three of a kinds, 720 straights,
    1096 flushes, 3744 pairs, 16440 others).

    Parameters
    ----------
    rules : ThreeCardPokerRules

    Returns
    -------
    Fraction

    Raises
    ------
    None

    Examples
    --------
    >>> pair_plus_edge(ThreeCardPokerRules(pair_plus=(40, 30, 6, 4, 1)))
    Fraction(128, 5525)
    """
    counts = hand_table(3).counts
    won = sum(pay * int(counts[c]) for pay, c in zip(rules.pair_plus, PAIR_PLUS_CLASSES))
    return -(won - int(counts["high card"])) / Fraction(PLAYER_HANDS)


def _threshold(decisions: tuple[HandDecision, ...]) -> tuple[HandDecision, HandDecision | None, bool]:
    played = [d for d in decisions if d.plays]
    folded = [d for d in decisions if not d.plays]
    low = min(d.hand.value for d in played)
    least = min((d for d in played if d.hand.value == low), key=lambda d: (d.ev_play, d.hand.order))
    if not folded:
        return least, None, True
    high = max(d.hand.value for d in folded)
    most = max((d for d in folded if d.hand.value == high), key=lambda d: (d.ev_play, d.hand.order))
    return least, most, high < low


@lru_cache(maxsize=16)
def three_card_poker(rules: ThreeCardPokerRules | None = None) -> ThreeCardPokerAnalysis:
    """Three Card Poker, derived exactly: every hand's decision, the threshold, the house edges.

    Parameters
    ----------
    rules : ThreeCardPokerRules, optional
        The qualifier and pay tables; default the standard game (queen-high, Ante Bonus 5-4-1,
        Pair Plus 40-30-6-4-1).

    Returns
    -------
    ThreeCardPokerAnalysis
        Per ante of 1 (Pair Plus per Pair Plus bet of 1), exact fractions.

    Raises
    ------
    None
        Bad rules are refused by :class:`ThreeCardPokerRules`.

    Examples
    --------
    >>> a = three_card_poker()
    >>> a.rule
    'play Q-6-4 or better, fold Q-6-3 and worse'
    >>> a.optimal.house_edge, a.optimal.play_probability, a.optimal.element_of_risk
    (Fraction(686689, 20358520), Fraction(149, 221), Fraction(686689, 34084400))
    >>> a.least_played.hand.label, a.least_played.ev_play
    ('Q-6-4 64 suited', Fraction(-18325, 18424))
    """
    rules = rules or ThreeCardPokerRules()
    decisions = _decisions(rules)
    least, most, clean = _threshold(decisions)
    optimal = evaluate_strategy(
        decisions, "optimal", "the best response: play when EV(play) > -1", lambda h: decisions[h.order].plays
    )
    q = rules.qualifier_rank
    strategies = [optimal]
    if most is not None:
        strategies.append(
            evaluate_strategy(
                decisions,
                f"play {least.hand.name} or better",
                f"the threshold rule: play every hand from {least.hand.name} up",
                lambda h: h.value >= least.hand.value,
            )
        )
    strategies += [
        evaluate_strategy(
            decisions,
            "play queen-high or better",
            "play Q-x-x or better, fold jack-high and worse",
            lambda h: h.value.category > 0 or h.value.tiebreak[0] >= 10,
        ),
        evaluate_strategy(
            decisions,
            "mimic the dealer",
            f"play when the hand would qualify for the dealer ({rules.qualifier}-high or better)",
            lambda h: h.value.category > 0 or h.value.tiebreak[0] >= q,
        ),
        evaluate_strategy(decisions, "always play", "never fold", lambda h: True),
    ]
    tables = [PairPlusEdge(rules.pair_plus, pair_plus_edge(rules), None, None)]
    for t in PAIR_PLUS_TABLES:
        edge = pair_plus_edge(ThreeCardPokerRules(pair_plus=t.pays))
        if t.pays == rules.pair_plus:
            tables[0] = PairPlusEdge(t.pays, edge, t.published, t.source)
        else:
            tables.append(PairPlusEdge(t.pays, edge, t.published, t.source))
    return ThreeCardPokerAnalysis(
        rules, decisions, least, most, clean, optimal, tuple(strategies), tuple(tables)
    )
