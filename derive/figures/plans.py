"""A player's plan probabilities, as :func:`derive.figures.draw_strategy_tree` takes them.

:func:`_read_plans` checks that a mapping gives every plan of the player,
exactly, summing to 1 in each situation; :func:`_realization` is the
realization weight ``r(s)`` of a sequence: the sum of the probabilities of
the plans that extend it (Koller, Megiddo & von Stengel 1994).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import sympy as sp

from derive.figures.labels import _exact
from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card_tree import ExtensiveFormGame, Sequence
from derive.sequence_form.strategies import child_sequence, plans_extending, situations

__all__: list[str] = []


def _read_plans(
    game: ExtensiveFormGame, player: int, plans: Mapping[object, object]
) -> dict[Sequence, sp.Expr]:
    """Check that ``plans`` gives every plan of ``player`` (by Sequence or label) and nothing else."""
    known = game.plans(player)
    by_label = {p.label: p for p in known}
    out: dict[Sequence, sp.Expr] = {}
    unknown = []
    for key, value in plans.items():
        # a general plan (derive.sequence_form.plans.Plan) is the tree's plan of the same player and label
        if not isinstance(key, Sequence) and getattr(key, "player", player) == player:
            key = getattr(key, "label", key)
        plan = by_label.get(key) if isinstance(key, str) else key
        if not isinstance(plan, Sequence) or plan not in known:
            unknown.append(getattr(key, "label", key))
            continue
        out[plan] = _exact(value, f"probability of plan {plan.label}")
    if unknown:
        raise ValueError(
            f"not plans of the {PLAYER_NAMES[player]} in {game.rules.name}: {sorted(map(str, unknown))}"
        )
    missing = [p.label for p in known if p not in out]
    if missing:
        raise ValueError(f"no probability given for the {PLAYER_NAMES[player]}'s plans {missing}")
    for situation in situations(game, player):
        total = sp.Add(
            *(
                out[p]
                for a in situation.actions
                for p in plans_extending(game, child_sequence(game, situation, a))
            )
        )
        if sp.simplify(total - 1) != 0:
            raise ValueError(
                f"the {PLAYER_NAMES[player]}'s plan probabilities in situation {situation.label!r} "
                f"sum to {total}, not 1"
            )
    return out


def _realization(game: ExtensiveFormGame, plans: Mapping[Sequence, sp.Expr], seq: Sequence) -> sp.Expr:
    if seq.is_empty:
        return sp.S.One
    return _simplified(sp.Add(*(plans[p] for p in plans_extending(game, seq))))


@lru_cache(maxsize=4096)
def _simplified(expr: sp.Expr) -> sp.Expr:
    """``sympy.simplify(expr)``, remembered: a whole strategy tree and its per-card panels add up the
    same plan probabilities (sympy expressions are immutable, so a cached result is safe to share)."""
    return sp.simplify(expr)
