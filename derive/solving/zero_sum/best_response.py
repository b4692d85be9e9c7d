"""Exact best responses in the sequence form, by backward induction over the responder's information sets."""

from __future__ import annotations

from sympy.polys.domains import QQ

from derive.sequence_form.general import GameSequenceForm

__all__ = ["best_response_values"]


def best_response_values(
    sf: GameSequenceForm, responder: int, payoff: dict[int, object], maximize: bool
) -> tuple[object, dict[int, int], dict[int, object]]:
    """Exact best response of ``responder`` to a linear payoff over his sequences.

    ``payoff[s]`` is the responder's payoff collected at his sequence ``s`` (e.g. ``(A^T x)_s``
    against a fixed plan ``x``).  By backward induction over his information sets (perfect
    recall makes them a forest): the value of a sequence is its own payoff plus the best values
    of the information sets after it.

    Returns
    -------
    (value, choice, infoset_value)
        The best total, ``information set -> best action number`` and
        ``information set -> its best continuation value`` (exact ``QQ``).
    """
    pick = max if maximize else min
    index = sf.index[responder]
    value_of_seq: dict[int, object] = {}
    infoset_value: dict[int, object] = {}
    choice: dict[int, int] = {}

    def seq_value(k: int) -> object:
        if k not in value_of_seq:
            total = payoff.get(k, QQ(0))
            for child in sf.children(responder, k):
                total += infoset_value[child]
            value_of_seq[k] = total
        return value_of_seq[k]

    for info in sf.bottom_up(responder):
        vals = [seq_value(index[(info.index, a)]) for a in range(len(info.actions))]
        best = pick(vals)
        infoset_value[info.index] = best
        choice[info.index] = vals.index(best)
    return seq_value(0), choice, infoset_value
