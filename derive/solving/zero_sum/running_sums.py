"""One-card poker with a large deck: the sequence-form LP with running sums instead of the payoff matrix.

In one-card poker (:mod:`derive.sequence_form.from_rules`) the payoff matrix pairs every card
of the opener with every other card of the dealer, ``N (N - 1)`` entries per terminal betting
history: 9 million for ``N = 1000`` with 2 bets.  But an entry depends only on *whether* the
opener's card is the higher one.  So against the dealer's sequence ``(c_1, t)`` the opener's plan
enters only through

    sum over c_0 > c_1 of x(c_0, s)    and    sum over c_0 < c_1 of x(c_0, s),

for each of his sequences ``s`` ending a terminal history after ``t``.  With running sums
``L(s, c) = x(0, s) + ... + x(c - 1, s)``, defined by ``L(s, c + 1) - L(s, c) - x(c, s) = 0``, these
are ``L(s, N) - L(s, c_1 + 1)`` and ``L(s, c_1)``: the opener's maximin LP (von Stengel 1996,
eq. (14)) keeps its optimal ``x`` and value, with ``O(N)`` nonzeros per betting history instead of
``O(N^2)``.  HiGHS solves it; its basis is re-solved exactly (:func:`derive.solving.linear_program.exact_lp_with_duals`);
the dealer's plan is the exact dual of his constraint rows; both are certified, as always, by exact
best responses, computed here with the same running sums in exact rationals.
"""

from __future__ import annotations

from collections.abc import Callable

from sympy.polys.domains import QQ

from derive.games.one_card import Action
from derive.sequence_form.from_rules import _terminal_histories
from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp_with_duals
from derive.solving.zero_sum.best_response import best_response_values
from derive.solving.zero_sum.sequence_form_lp import SequenceFormEquilibrium, _behaviour

__all__ = ["MAX_ROWS", "payoffs_against", "prefix_equilibrium", "running_sum_rows"]

#: The most rows of the running-sum LP solved: about 30 s and 300 MB on a loaded 2-core machine
#: (N = 2,000 with 2 bets has 34,002 rows; N = 1,000 with 2 bets, 17,002 rows, takes about 6 s).
MAX_ROWS = 36_000


def _structure(sf):
    """``(where, terminals)``: each player's ``(history, action) -> [sequence index by card]`` and each
    terminal betting history as ``(opener's key, dealer's key, win, lose)``, the opener's payoff with
    the higher and with the lower card (in chips)."""
    rules = sf.rules
    n = rules.num_cards
    where: list[dict] = [{}, {}]
    for info in sf.infosets:
        for a, name in enumerate(info.actions):
            key = (info.history, Action(name))
            where[info.player].setdefault(key, [0] * n)[info.card] = sf.index[info.player][(info.index, a)]
    high, low = rules.deck[1], rules.deck[0]
    terminals = []
    for history in _terminal_histories(rules):
        last = [None, None]
        for t, action in enumerate(history):
            last[t % 2] = (history[:t], action)
        if None in last:  # both players move before any terminal of one-card poker
            raise ValueError(f"betting history {history} ends before both players moved")
        win = QQ.from_sympy(rules.payoff((high, low), history))
        lose = QQ.from_sympy(rules.payoff((low, high), history))
        terminals.append((last[0], last[1], win, lose))
    return where, terminals


def payoffs_against(sf, player: int, plan, scale=None) -> dict[int, object]:
    """What each sequence of ``player`` collects against the opponent's plan, exactly, by running sums.

    For the dealer (``player=1``) against the opener's plan ``x``: ``(A^T x)_j`` for each of his
    sequences ``j``; for the opener (``player=0``) against the dealer's plan ``y``: ``(A y)_i``, where
    ``A`` is the opener's payoff matrix (chips, divided by ``scale``).  ``O(N)`` per terminal betting
    history, never the ``N (N - 1)`` entries.

    Parameters
    ----------
    sf : OneCardSequenceForm
    player : int
        Whose sequences collect.
    plan : sequence of QQ
        The opponent's realization plan, indexed by his sequences.
    scale : QQ, optional
        Payoffs are divided by it (the ante: the LP is solved in units of the ante).

    Returns
    -------
    dict
        ``{sequence: QQ}``, nonzero entries only.
    """
    where, terminals = _structure(sf)
    n = sf.rules.num_cards
    w = QQ(1, n * (n - 1)) / (scale or QQ(1))
    other = 1 - player
    sums: dict = {}
    out: dict[int, object] = {}
    for key0, key1, win, lose in terminals:
        mine, theirs = (key1, key0) if player == 1 else (key0, key1)
        if theirs not in sums:
            running = [QQ(0)]
            for s in where[other][theirs]:
                running.append(running[-1] + plan[s])
            sums[theirs] = running
        running = sums[theirs]
        total = running[n]
        for c, s in enumerate(where[player][mine]):
            below, above = running[c], total - running[c + 1]  # the opponent's cards below and above c
            # the opener wins with the higher card: for the dealer (player 1) holding c, the opener is
            # higher when his card is above c; for the opener holding c, when the dealer's is below
            v = (win * above + lose * below) if player == 1 else (win * below + lose * above)
            if v:
                out[s] = out.get(s, QQ(0)) + w * v
    return {s: v for s, v in out.items() if v}


def running_sum_rows(sf) -> int:
    """Rows of the running-sum LP of ``sf`` (:func:`prefix_equilibrium`), counted without building it:
    the opener's plan constraints, ``N`` running sums per opener sequence ending a betting history
    before a terminal, one row per dealer sequence.

    Examples
    --------
    >>> from derive.games.one_card import one_card_poker
    >>> from derive.sequence_form.from_rules import one_card_sequence_form
    >>> running_sum_rows(one_card_sequence_form(one_card_poker(1000, 2)))
    17002
    """
    _, terminals = _structure(sf)
    return len(sf.constraints(0)[0]) + sf.rules.num_cards * len({t[0] for t in terminals}) + sf.shape[1]


def _program(sf, scale) -> tuple[LinearProgram, int]:
    """The opener's maximin LP with running sums (module docstring); returns it and the index of the
    first of the dealer's constraint rows (one per dealer sequence, in order)."""
    where, terminals = _structure(sf)
    n = sf.rules.num_cards
    w = QQ(1, n * (n - 1)) / scale
    n0, n1 = sf.shape
    e_rows, e_rhs = sf.constraints(0)
    f_rows, _ = sf.constraints(1)
    nq = len(f_rows)
    keys = sorted({t[0] for t in terminals}, key=repr)
    base = {}
    ncols = n0 + nq
    for key in keys:  # L(key, c) for c = 1..N is column base[key] + c - 1
        base[key] = ncols
        ncols += n
    prog = LinearProgram(ncols, [], [], [], set(range(n0, n0 + nq)))
    for r, row in e_rows.items():
        prog.add_row({c: QQ(v) for c, v in row.items()}, QQ(e_rhs[r]), QQ(e_rhs[r]))
    one = QQ(1)
    for key in keys:
        b = base[key]
        for c, s in enumerate(where[0][key]):
            row = {b + c: one, s: -one}
            if c:
                row[b + c - 1] = -one
            prog.add_row(row, QQ(0), QQ(0))
    first = len(prog.rows)
    lines: list[dict[int, object]] = [{} for _ in range(n1)]
    for r, row in f_rows.items():
        for j, v in row.items():
            lines[j][n0 + r] = QQ(v)
    for key0, key1, win, lose in terminals:
        b = base[key0]
        for c1, j in enumerate(where[1][key1]):
            line = lines[j]
            # - w (win (L(N) - L(c1 + 1)) + lose L(c1)): the opener's payoff, moved to the left side
            for col, v in ((b + n - 1, -w * win), (b + c1, w * win), (b + c1 - 1, -w * lose)):
                if col < b or (col == b + c1 - 1 and c1 == 0):
                    continue  # L(0) = 0
                line[col] = line.get(col, QQ(0)) + v
    for line in lines:
        prog.add_row({c: v for c, v in line.items() if v}, None, QQ(0))
    return prog, first


def prefix_equilibrium(sf, scale, progress: Callable[[str], None] | None = None):
    """Value and one certified equilibrium of a large one-card poker game, by the running-sum LP.

    Parameters
    ----------
    sf : OneCardSequenceForm
    scale : QQ
        The unit of the payoffs (the ante); the value returned is in these units.
    progress : callable, optional
        Called with one line per stage.

    Returns
    -------
    derive.solving.zero_sum.sequence_form_lp.SequenceFormEquilibrium
        The LP's equilibrium (no refinement).

    Raises
    ------
    ExactLPError
        If HiGHS's basis does not give an exact solution, or the certificate fails.
    """
    say = progress or (lambda message: None)
    n0, n1 = sf.shape
    prog, first = _program(sf, scale)
    say(
        f"solving the sequence-form LP with running sums ({n0:,} x {n1:,} sequences, {len(prog.rows):,} rows) "
        "by HiGHS, then exactly"
    )
    values, duals = exact_lp_with_duals(prog, {n0: QQ(1)})
    x = values[:n0]
    y = [duals.get(first + j, QQ(0)) for j in range(n1)]
    f_rows, f_rhs = sf.constraints(1)
    if any(v < 0 for v in y) or any(
        sum((QQ(c) * y[j] for j, c in row.items()), QQ(0)) != f_rhs[r] for r, row in f_rows.items()
    ):
        raise ExactLPError("the dealer's plan from the running-sum LP's duals is not a realization plan")
    say("certifying the equilibrium by exact best responses")
    lower, reply1, _ = best_response_values(sf, 1, payoffs_against(sf, 1, x, scale), maximize=False)
    against_y = {s: -v for s, v in payoffs_against(sf, 0, y, scale).items()}
    secured, reply0, _ = best_response_values(sf, 0, against_y, maximize=False)
    upper = -secured
    if lower != upper:
        raise ExactLPError(f"exact certificate failed: best-response values {lower} and {upper} differ")
    strategies, off_path = _behaviour(sf, (x, y), (reply0, reply1))
    method = (
        "sequence-form LP (von Stengel 1996) with running sums over the cards instead of the N (N - 1) "
        "payoff entries, solved by HiGHS, basis re-solved in exact rationals (the dealer's plan from its "
        "exact dual); certified: the exact best-response values of both strategies are equal"
    )
    return SequenceFormEquilibrium(lower, (x, y), strategies, off_path, method)
