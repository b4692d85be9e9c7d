"""Play off the path on a piece of a parametric solve: at the information sets a player's own optimal
plan never reaches, a best reply decided exactly on the whole piece.

On a piece of :func:`~derive.solving.parameters.parametric_lp.parametric_solve` each player's
optimal realization plan is a rational function of the parameter ``t``.  At an information set
his own plan never reaches (the plan of its parent sequence is the zero function on the piece) the
plan says nothing, and whatever is played there changes no payoff (every play through it has his
own reach 0 as a factor): the profile stays an equilibrium with any distribution there.  Still the
play shown should be sensible, as in the non-parametric solve with ``refine="none"``
(:func:`derive.solving.zero_sum.sequence_form_lp.sequence_form_equilibrium`; its default, the
quasi-perfect refinement, has no parametric counterpart here): such a set gets the
player's best reply against the opponent's strategy (sequential rationality, the opponent's and
chance's reach probabilities as beliefs).  On a piece that reply must hold for every ``t``, so it
is decided exactly:

* each of player ``p``'s sequences ``s`` below his off-path sets collects
  ``u(s)(t) = sum_j A_p[s, j] y_j(t)`` against the opponent's plan ``y(t)``, a rational function;
* his off-path sets are visited deepest first; at each, the value of an action ``a`` is
  ``V(a) = u(a) + sum of V(fill(K))`` over his information sets ``K`` right after ``a`` (all off the
  path too, by perfect recall), with the play already chosen there;
* the action chosen is the best reply at the piece's check point ``t0`` (the first action of
  highest value there: the choice of the exact best responses of
  :func:`~derive.solving.zero_sum.best_response.best_response_values` and
  :func:`~derive.verification.best_response.game_best_response`) when ``V(a) - V(b) >= 0`` holds
  on the whole piece for every other action ``b`` (the sign of a rational function, decided between
  the real roots of its numerator and denominator; the values are kept over one common
  denominator, so no fraction is reduced unless a sign must be decided the long way), else
  another action tied with it at ``t0`` for which it holds;
* when no action is a best reply on the whole piece (which reply is best changes inside it), the
  best reply at ``t0`` is kept and the set is reported as such: the fill is then a best reply on
  part of the piece only, and the profile is still an equilibrium at every ``t`` of the piece.

So a set reported as *best on the whole piece* passes the one-shot deviation test there for every
``t`` of the piece (the player's later play as filled); when every off-path set of a player is, his
play off the path is sequentially rational on the whole piece.
"""

from __future__ import annotations

from dataclasses import dataclass

from derive.solving.parameters.rational_functions import poly_key

__all__ = ["OffPathFill", "off_path_fill"]


@dataclass(frozen=True)
class OffPathFill:
    """What is played at each player's off-path information sets of one piece (picklable).

    Attributes
    ----------
    choices : (dict, dict)
        For each player, ``information-set index -> action number`` at each information set his
        own plan never reaches on the piece.
    whole_piece : (frozenset, frozenset)
        For each player, the information sets (indices) of ``choices`` whose action is proved a best
        reply on the whole piece; at the others it is a best reply at the check point only.
    """

    choices: tuple[dict[int, int], dict[int, int]]
    whole_piece: tuple[frozenset[int], frozenset[int]]


def off_path_fill(field, sf, mats_sym, piece, point, nonnegative) -> OffPathFill:
    """The best replies at both players' off-path information sets of ``piece`` (module docstring).

    Parameters
    ----------
    field : RationalFunctionField
        The rational functions of the parameter.
    sf : GameSequenceForm
        The game's sequence form (its sequence and information-set numbering).
    mats_sym : (dict, dict)
        Each player's own payoffs, ``{his sequence: {opponent's sequence: rational function}}``.
    piece : ValuePiece
        A piece with its plans' formulas (``piece.formulas``).
    point : QQ
        The piece's check point ``t0``, a rational strictly inside it (or the piece's one point).
    nonnegative : callable
        ``nonnegative(num, den) -> bool``: whether ``num / den`` (FLINT polynomials, not
        necessarily reduced) is ``>= 0`` on the whole piece (exactly; False when it cannot be shown).

    Returns
    -------
    OffPathFill

    Notes
    -----
    The values are kept as polynomials over one common denominator ``L`` of the terms of every
    ``u(s)`` (the least common multiple of their denominators, a divisor of the product of the
    basis's few denominators), so adding and comparing them needs no reduction of fractions.
    """
    import flint

    x0 = flint.fmpq(int(point.numerator), int(point.denominator))
    plans = piece.formulas[1]
    choices: list[dict[int, int]] = [{}, {}]
    whole: list[set[int]] = [set(), set()]
    for p in (0, 1):
        plan, opponent, matrix, index = plans[p], plans[1 - p], mats_sym[p], sf.index[p]
        off = [info for info in sf.bottom_up(p) if not plan[sf.parent[info.index]]]
        if not off:
            continue
        # each term c * y_j of u(s) as a numerator over its denominator, then over their lcm L
        terms: dict[int, list] = {}
        dens: dict[tuple, object] = {}
        for info in off:
            for a in range(len(info.actions)):
                k = index[(info.index, a)]
                row = []
                for j, c in matrix.get(k, {}).items():
                    y = opponent[j]
                    if not y or not c:
                        continue
                    num, den = c.num * y.num, (y.den if c.den.is_one() else c.den * y.den)
                    key = poly_key(den)
                    dens.setdefault(key, den)
                    row.append((num, key))
                terms[k] = row
        common = flint.fmpq_poly([1])
        for den in dens.values():
            common = common * (den // common.gcd(den))
        scale = {key: common // den for key, den in dens.items()}
        zero = flint.fmpq_poly([])
        sign = 1 if common(x0) > 0 else -1  # L has no root on the piece (no pole of a plan or payoff)
        value: dict[int, object] = {}  # information set -> L * V of the action filled in there
        for info in off:
            values = []
            for a in range(len(info.actions)):
                k = index[(info.index, a)]
                v = zero
                for num, key in terms[k]:
                    v = v + num * scale[key]
                for child in sf.children(p, k):
                    v = v + value[child]
                values.append(v)
            at = [sign * v(x0) for v in values]
            first = at.index(max(at))  # the best reply at t0 (the first best action, as everywhere)
            tied = [b for b in range(len(values)) if b != first and at[b] == at[first]]
            chosen = None
            for a in [first, *tied]:  # a best reply on the whole piece is one at t0
                if all(b == a or nonnegative(values[a] - values[b], common) for b in range(len(values))):
                    chosen = a
                    break
            if chosen is None:
                chosen = first
            else:
                whole[p].add(info.index)
            choices[p][info.index] = chosen
            value[info.index] = values[chosen]
    return OffPathFill((choices[0], choices[1]), (frozenset(whole[0]), frozenset(whole[1])))
