"""Exact numbers at every door (issue 19, item 3).

One rule (:mod:`derive.extensive_form.exact`) for every public entry point that takes a number: a
float is accepted only when it is exactly a short decimal (``Fraction(x) == Fraction(repr(x))``:
0.5 becomes 1/2 and gives the same result as ``sympy.Rational(1, 2)``); any other float (1/3, 0.1)
raises the entry point's own exception with one line naming the parameter or the value and the
exact form to type.  Strings ("1/3", "0.1") are exact.

``DOORS`` lists, for each entry point and numeric parameter, a call taking the number ``v``.
``test_every_numeric_parameter_is_covered`` walks every public callable of every ``derive`` module
and fails when a parameter that looks numeric (by annotation or name) is neither in ``DOORS`` nor in
an exclusion below with its reason: a new public function with a ``bet`` parameter that forgets the
rule fails it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pytest
import sympy as sp

import derive
from derive.casino import CasinoError, ThreeCardPokerRules
from derive.continuum.bet_size import (
    BetRangeRules,
    bet_size_model,
    limit_rules,
    newman_rules,
    von_neumann_value,
)
from derive.continuum.derivation import derive_continuum
from derive.continuum.endgame import EndgameRules
from derive.continuum.karlin_restrepo import derive_from_pattern
from derive.continuum.rules import CardRules, PokerRules, continuum_model, continuum_rules
from derive.continuum.structure import find_structure
from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.exact import exact_float, exact_number, float_message
from derive.extensive_form.game import GameModelError, NotSupportedError
from derive.figures import (
    draw_family_plans,
    draw_running_means,
    draw_strategy_tree,
    draw_value_by_bet_size,
    draw_value_curves,
)
from derive.figures.extensive_tree import draw_extensive_form
from derive.figures.tikz import tikz_game_tree
from derive.games.goofspiel import goofspiel
from derive.games.leduc import leduc_holdem
from derive.games.liars_dice import liars_dice
from derive.games.matrix import matrix_game
from derive.games.menu_poker import menu_poker, menu_sizes
from derive.games.one_card import (
    Action,
    GameDefinitionError,
    OneCardPoker,
    eta,
    exact_amount,
    kuhn_poker,
    one_card_poker,
    parse_exact,
    to_extensive_form,
    xi,
)
from derive.games.published import kuhn_family
from derive.games.registry import load_game
from derive.games.textbook import beer_quiche, job_market, matching_pennies, myerson_poker, reiley_poker
from derive.games.three_player_kuhn import szafron_gibson_sturtevant_family, three_player_kuhn_poker
from derive.hands import DeckError, HandsError, HandSizeError
from derive.hands.cards import format_cards, parse_cards
from derive.hands.claims import EXACT_RULE, claim_holds
from derive.hands.counting import general_formulas, hand_table
from derive.hands.draws import draw_odds
from derive.hands.evaluate import brute_force_counts, classify_hand, hand_value
from derive.sequence_form import plan_form
from derive.sequence_form.choice_values import choice_values
from derive.sequence_form.general import game_sequence_form
from derive.sequence_form.payoff import bilinear_payoff, plan_values
from derive.sequence_form.plans import PlanDistributionError
from derive.sequence_form.strategies import (
    BehaviourStrategy,
    InvalidStrategyError,
    behaviour_strategy,
    kuhn_strategies,
    plan_symbol,
)
from derive.solving.families.indifference import reached_by_others
from derive.solving.families.optimal_families import optimal_families
from derive.solving.parameters.parametric import bet_size_analysis
from derive.solving.parameters.parametric_lp import parametric_solve
from derive.solving.parameters.sweep import value_table, values_by_bet_size
from derive.solving.parameters.symbolic_payoffs import piecewise_equilibria, substitute
from derive.solving.zero_sum.analysis import raise_table
from derive.solving.zero_sum.from_rules import solve
from derive.verification.best_response import BehaviourProfile, IncompleteProfileError, behaviour_profile
from derive.verification.membership import published_membership
from derive.verification.mixtures import mixture_behaviour
from derive.verification.path_values import path_values
from derive.verification.positivity import positivity_certificate
from derive.verification.profile_family import action_values, check_profile_family, nonnegative_on_domain
from derive.verification.simulate import SimulationError, simulate, with_parameters
from derive.verification.strategy_checks import strategy_exploitability, verify_family
from derive.verification.subgames import subgame_perfection

R = sp.Rational
THIRD = 1 / 3  # 0.3333333333333333: not exact, refused everywhere
HALF = 0.5  # exactly 1/2: accepted everywhere 1/2 is valid


# --------------------------------------------------------------------------- shared game objects


@cache
def kuhn():
    return to_extensive_form(kuhn_poker())


@cache
def kuhn_solution():
    return solve(kuhn())


@cache
def kuhn_sets():
    """Kuhn poker's optimal sets in plan parameters: the opener's t_1 in [0, 1], the dealer unique."""
    return optimal_families(kuhn())


@cache
def kuhn_simulation():
    return simulate(kuhn(), *kuhn_solution().strategies, hands=200, seed=1)


def _split(v) -> dict:
    """``{"heads": v, "tails": 1 - v}`` (1 - 0.5 is exactly 0.5; 1 - 1/3 is another inexact float)."""
    return {"heads": v, "tails": 1 - v}


HALVES = {"heads": "1/2", "tails": "1/2"}


def _pennies(v):
    return [{"coin": _split(v)}, {"guess": HALVES}]


def _plans(player: int, v) -> dict:
    """A distribution over each card's plans of ``player``: ``v``, ``1 - v`` and 0 for the rest."""
    out, seen = {}, {}
    for p in plan_form(kuhn()).plans[player]:
        k = seen.setdefault(p.situation, 0)
        out[p] = v if k == 0 else (1 - v if k == 1 else 0)
        seen[p.situation] = k + 1
    return out


def _dealer_labels(v) -> dict:
    return {
        "Q:x": {"bet": v, "check": 1 - v},
        "Q:b": {"fold": 1},
        "K:x": {"check": 1},
        "K:b": {"call": "1/3", "fold": "2/3"},
        "A:x": {"bet": 1},
        "A:b": {"call": 1},
    }


def _texts(fig) -> list[tuple[str, str]]:
    """Every text of a figure with its gid, in drawing order (what a reader sees)."""
    return [
        (str(t.get_gid()), t.get_text())
        for t in fig.findobj(lambda a: hasattr(a, "get_text"))
        if t.get_text()
    ]


x_sym = sp.Symbol("x")
t_sym = sp.Symbol("t")


def _kuhn_member(v) -> list:
    """Kuhn's family with its parameter alpha replaced by ``v`` (a number, or the symbol t) at the
    opener's first moves (the bet with Q, ``v`` itself, first) and by the symbol t after check and bet."""
    fam = kuhn_family()
    (alpha,) = fam.parameters
    return [
        {
            label: {
                a: sp.sympify(x).xreplace({alpha: sp.sympify(v) if ":" not in label else t_sym})
                for a, x in reversed(dist.items())
            }
            for label, dist in play.items()
        }
        for play in fam.strategies
    ]


a_sym = sp.Symbol("a")
b_sym = sp.Symbol("b", positive=True)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Door:
    """One numeric parameter of one entry point.

    ``call(v)`` passes the number ``v`` for ``param`` (in valid surroundings); ``error`` is the entry
    point's own exception; ``kind`` is ``"exact"`` (1/2 is valid: 0.5 must give the same result as
    ``Rational(1, 2)``, compared through ``same``) or ``"int"`` (a count or index: a float is refused
    by type, naming the parameter or the value).
    """

    target: str
    param: str
    call: Callable[[Any], Any]
    error: type[Exception]
    kind: str = "exact"
    same: Callable[[Any], Any] = lambda r: r

    @property
    def id(self) -> str:
        return f"{self.target.rsplit('.', 1)[-1]}:{self.param}"


G = "derive.games."
EF = "derive.extensive_form."
V = "derive.verification."
S = "derive.solving."
F = "derive.figures."
H = "derive.hands."

_C = sp.Symbol("c", positive=True)
C = "derive.continuum."

DOORS = [
    # values put into a symbolic game, and the range of its symbol
    Door(
        S + "parameters.symbolic_payoffs.substitute",
        "values",
        lambda v: substitute(beer_quiche(taste=_C), {_C: v}),
        GameModelError,
        same=lambda g: tuple(g.payoffs.items()),
    ),
    Door(
        S + "parameters.symbolic_payoffs.piecewise_equilibria",
        "domain",
        lambda v: piecewise_equilibria(beer_quiche(taste=_C), _C, sp.Interval(v, 3)),
        NotSupportedError,
        same=lambda r: (r.domain, r.breakpoints, len(r.pieces)),
    ),
    # continuous poker models (derive.continuum)
    Door(C + "rules.continuum_model", "bet", lambda v: continuum_model("borel", v), GameDefinitionError),
    Door(C + "rules.continuum_rules", "ante", lambda v: continuum_rules(1, ante=v), GameDefinitionError),
    Door(C + "rules.continuum_rules", "bet", lambda v: continuum_rules(1, bet=v), GameDefinitionError),
    Door(C + "rules.continuum_rules", "max_bets", lambda v: continuum_rules(v), GameDefinitionError, "int"),
    Door(C + "rules.PokerRules", "ante", lambda v: PokerRules(v, 1, 1), GameDefinitionError),
    Door(C + "rules.PokerRules", "bet", lambda v: PokerRules(1, v, 1), GameDefinitionError),
    Door(C + "rules.PokerRules", "max_bets", lambda v: PokerRules(1, 1, v), GameDefinitionError, "int"),
    Door(C + "rules.CardRules", "ante", lambda v: CardRules(("1", "2"), 1, v, 1, "x"), GameDefinitionError),
    Door(C + "rules.CardRules", "bet", lambda v: CardRules(("1", "2"), 1, 1, v, "x"), GameDefinitionError),
    Door(
        C + "rules.CardRules",
        "raise_size",
        lambda v: CardRules(("1", "2"), 2, 1, 1, "x", raise_size=v),
        GameDefinitionError,
    ),
    Door(
        "derive.continuum.rules.CardRules",
        "max_bets",
        lambda v: CardRules(("1", "2"), v, 1, 1, "x"),
        GameDefinitionError,
        "int",
    ),
    Door(
        "derive.continuum.structure.find_structure",
        "sample",
        lambda v: find_structure(continuum_model("borel"), v, deck=20),
        GameDefinitionError,
        same=lambda d: (d.sample, tuple(d.solution.thresholds.items())),
    ),
    Door(
        "derive.continuum.karlin_restrepo.derive_from_pattern",
        "sample",
        lambda v: derive_from_pattern(continuum_model("karlin-restrepo-2"), v),
        GameDefinitionError,
        same=lambda d: (d.sample, tuple(d.solution.thresholds.items())),
    ),
    Door(
        "derive.continuum.derivation.derive_continuum",
        "samples",
        lambda v: derive_continuum(continuum_model("borel"), [v], deck=20),
        GameDefinitionError,
        same=lambda d: tuple(p.sample for p in d.pieces),
    ),
    # the bettor's bet size chosen in [low, high] (derive.continuum.bet_size)
    Door(C + "bet_size.BetRangeRules", "low", lambda v: BetRangeRules(v, 2), GameDefinitionError),
    Door(C + "bet_size.BetRangeRules", "high", lambda v: BetRangeRules(0, v), GameDefinitionError),
    Door(C + "bet_size.BetRangeRules", "ante", lambda v: BetRangeRules(0, 2, v), GameDefinitionError),
    Door(C + "bet_size.limit_rules", "low", lambda v: limit_rules(v, 2), GameDefinitionError),
    Door(C + "bet_size.limit_rules", "high", lambda v: limit_rules(0, v), GameDefinitionError),
    Door(C + "bet_size.limit_rules", "ante", lambda v: limit_rules(0, 2, v), GameDefinitionError),
    Door(C + "bet_size.newman_rules", "ante", lambda v: newman_rules(v), GameDefinitionError),
    Door(
        C + "bet_size.bet_size_model",
        "bet_range",
        lambda v: bet_size_model("limit-poker", (v, 2)),
        GameDefinitionError,
    ),
    # Ferguson's basic endgame (derive.continuum.endgame)
    Door(C + "endgame.EndgameRules", "stack", lambda v: EndgameRules(1, v), GameDefinitionError),
    Door(C + "endgame.EndgameRules", "win", lambda v: EndgameRules(1, 1, v), GameDefinitionError),
    Door(C + "endgame.EndgameRules", "rounds", lambda v: EndgameRules(v), GameDefinitionError, "int"),
    Door(C + "bet_size.von_neumann_value", "bet", lambda v: von_neumann_value(v), GameDefinitionError),
    Door(C + "bet_size.von_neumann_value", "ante", lambda v: von_neumann_value(1, v), GameDefinitionError),
    # one-card poker rules
    Door(
        G + "one_card.rules.one_card_poker",
        "raise_size",
        lambda v: one_card_poker(3, 2, raise_size=v),
        GameDefinitionError,
    ),
    Door(
        G + "one_card.rules.OneCardPoker",
        "raise_size",
        lambda v: OneCardPoker(("Q", "K", "A"), 2, 1, 1, "x", raise_size=v),
        GameDefinitionError,
    ),
    Door(
        G + "one_card.rules.one_card_poker",
        "ante",
        lambda v: one_card_poker(3, 1, ante=v),
        GameDefinitionError,
    ),
    Door(
        G + "one_card.rules.one_card_poker", "bet", lambda v: one_card_poker(3, 1, bet=v), GameDefinitionError
    ),
    Door(
        G + "one_card.rules.one_card_poker",
        "deck",
        lambda v: one_card_poker(deck=v),
        GameDefinitionError,
        "int",
    ),
    Door(
        G + "one_card.rules.one_card_poker",
        "max_bets",
        lambda v: one_card_poker(3, v),
        GameDefinitionError,
        "int",
    ),
    Door(
        G + "one_card.rules.OneCardPoker",
        "ante",
        lambda v: OneCardPoker(("Q", "K", "A"), 1, v, 1, "x"),
        GameDefinitionError,
    ),
    Door(
        G + "one_card.rules.OneCardPoker",
        "bet",
        lambda v: OneCardPoker(("Q", "K", "A"), 1, 1, v, "x"),
        GameDefinitionError,
    ),
    Door(
        G + "one_card.rules.OneCardPoker",
        "max_bets",
        lambda v: OneCardPoker(("Q", "K"), v, 1, 1, "x"),
        GameDefinitionError,
        "int",
    ),
    Door(
        G + "one_card.builder.to_extensive_form",
        "rake",
        lambda v: to_extensive_form(one_card_poker(3, 1), rake=v),
        GameDefinitionError,
        same=lambda g: tuple(g.payoffs.items()),
    ),
    Door(G + "one_card.rules.exact_amount", "value", lambda v: exact_amount(v, "bet"), GameDefinitionError),
    Door(G + "one_card.rules.parse_exact", "value", lambda v: parse_exact(v, "bet"), ValueError),
    # textbook and three-player games (builder API underneath)
    Door(G + "textbook.myerson_poker", "ante", lambda v: myerson_poker(ante=v), GameModelError),
    Door(G + "textbook.myerson_poker", "bet", lambda v: myerson_poker(bet=v), GameModelError),
    Door(G + "textbook.reiley_poker", "ante", lambda v: reiley_poker(ante=v), GameModelError),
    Door(G + "textbook.reiley_poker", "bet", lambda v: reiley_poker(bet=v), GameModelError),
    Door(G + "leduc.leduc_holdem", "ante", lambda v: leduc_holdem(ante=v), GameModelError),
    Door(G + "leduc.leduc_holdem", "bets", lambda v: leduc_holdem(bets=(2, v)), GameModelError),
    Door(G + "leduc.leduc_holdem", "ranks", lambda v: leduc_holdem(ranks=v), GameModelError, "int"),
    Door(G + "leduc.leduc_holdem", "max_raises", lambda v: leduc_holdem(max_raises=v), GameModelError, "int"),
    Door(G + "liars_dice.liars_dice", "dice", lambda v: liars_dice(dice=v, faces=2), GameModelError, "int"),
    Door(G + "liars_dice.liars_dice", "faces", lambda v: liars_dice(faces=v), GameModelError, "int"),
    Door(G + "goofspiel.goofspiel", "cards", lambda v: goofspiel(cards=v), GameModelError, "int"),
    Door(G + "menu_poker.menu_poker", "deck", lambda v: menu_poker(deck=v), GameModelError, "int"),
    Door(G + "menu_poker.menu_poker", "sizes", lambda v: menu_poker(3, (v, 2)), GameModelError),
    Door(G + "menu_poker.menu_poker", "ante", lambda v: menu_poker(3, (1, 2), ante=v), GameModelError),
    Door(G + "menu_poker.menu_sizes", "sizes", lambda v: menu_sizes((v, 2)), GameModelError),
    Door(
        S + "parameters.parametric_lp.parametric_solve",
        "lower",
        lambda v: parametric_solve(myerson_poker(bet=_C), _C, v, 3),
        GameModelError,
    ),
    Door(
        S + "parameters.parametric_lp.parametric_solve",
        "upper",
        lambda v: parametric_solve(myerson_poker(bet=_C), _C, -1, v),
        GameModelError,
    ),
    Door(G + "textbook.beer_quiche", "weak", lambda v: beer_quiche(weak=v), GameModelError),
    Door(
        G + "matrix.matrix_game",
        "a",
        lambda v: matrix_game([[v, 1], [0, v]]),
        GameModelError,
        same=lambda g: tuple(g.payoffs.items()),
    ),
    Door(
        G + "matrix.matrix_game",
        "b",
        lambda v: matrix_game([[1, 0]], [[v, 2]]),
        GameModelError,
        same=lambda g: tuple(g.payoffs.items()),
    ),
    Door(G + "textbook.beer_quiche", "taste", lambda v: beer_quiche(taste=v), GameModelError),
    Door(G + "textbook.job_market", "high", lambda v: job_market(high=v), GameModelError),
    Door(G + "textbook.job_market", "cost_high", lambda v: job_market(cost_high=v), GameModelError),
    Door(G + "textbook.job_market", "cost_low", lambda v: job_market(cost_low=v), GameModelError),
    Door(
        G + "three_player_kuhn.three_player_kuhn_poker",
        "ante",
        lambda v: three_player_kuhn_poker(ante=v),
        GameModelError,
    ),
    Door(
        G + "three_player_kuhn.three_player_kuhn_poker",
        "bet",
        lambda v: three_player_kuhn_poker(bet=v),
        GameModelError,
    ),
    Door(
        G + "three_player_kuhn.szafron_gibson_sturtevant_family",
        "subfamily",
        szafron_gibson_sturtevant_family,
        ValueError,
        "int",
    ),
    # the builder API and the rule itself
    Door(EF + "build.exact_value", "value", lambda v: exact_value(v, "payoff"), GameModelError),
    Door(
        EF + "build.payoff",
        "values",
        lambda v: extensive_form(["A", "B"], decision("A", "a", {"x": payoff(v, 0), "y": payoff(0, 0)})),
        GameModelError,
    ),
    Door(
        EF + "build.chance",
        "branches",
        lambda v: extensive_form(["A", "B"], chance({"h": (v, payoff(1, -1)), "t": (1 - v, payoff(-1, 1))})),
        GameModelError,
    ),
    Door(
        EF + "build.chance",
        "outcome",
        lambda v: extensive_form(["A", "B"], chance({"h": (1, payoff(1, -1))}, outcome=(v, 0))),
        GameModelError,
    ),
    Door(
        EF + "build.decision",
        "outcome",
        lambda v: extensive_form(["A", "B"], decision("A", "a", {"x": payoff(1, -1)}, outcome=(v, 0))),
        GameModelError,
    ),
    Door(EF + "exact.exact_number", "value", lambda v: exact_number(v, "bet"), ValueError),
    Door(EF + "exact.exact_float", "value", lambda v: exact_float(v, "bet"), ValueError),
    # strategies
    Door(
        "derive.sequence_form.strategies.behaviour_strategy",
        "mapping",
        lambda v: behaviour_strategy(kuhn(), 1, _dealer_labels(v)),
        InvalidStrategyError,
    ),
    Door(
        "derive.sequence_form.strategies.BehaviourStrategy",
        "probabilities",
        lambda v: BehaviourStrategy(1, {kuhn().infoset(1, "Q:x"): {Action.BET: v, Action.CHECK: 1 - v}}),
        InvalidStrategyError,
    ),
    Door(
        "derive.sequence_form.payoff.plan_values",
        "opponent_plans",
        lambda v: plan_values(
            bilinear_payoff(kuhn()), 0, {plan_symbol(p): v for p in plan_form(kuhn()).plans[1]}
        ),
        ValueError,
    ),
    Door(
        "derive.sequence_form.choice_values.choice_values",
        "opponent",
        lambda v: choice_values(
            game_sequence_form(to_extensive_form(kuhn_poker())),
            0,
            {
                i.label: {i.actions[0]: v, i.actions[1]: 1 - v}
                for i in to_extensive_form(kuhn_poker()).infosets_of(1)
            },
        ),
        PlanDistributionError,
    ),
    # best responses, exploitability, family checks (any game)
    Door(
        V + "best_response.behaviour_profile",
        "strategies",
        lambda v: behaviour_profile(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
    ),
    Door(
        V + "mixtures.mixture_behaviour",
        "mixtures",
        lambda v: mixture_behaviour(
            matching_pennies(),
            {
                "Matcher": {"coin: heads": v, "coin: tails": 1 - v},
                "Guesser": {"guess: heads": "1/2", "guess: tails": "1/2"},
            },
        ),
        IncompleteProfileError,
    ),
    Door(
        V + "best_response.BehaviourProfile",
        "probabilities",
        lambda v: BehaviourProfile(matching_pennies(), ((v, 1 - v), (R(1, 2), R(1, 2)))),
        IncompleteProfileError,
    ),
    Door(
        V + "profile_family.check_profile_family",
        "strategies",
        lambda v: check_profile_family(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
        same=lambda r: (r.is_equilibrium, r.payoffs, r.gaps),
    ),
    Door(
        V + "profile_family.check_profile_family",
        "domain",
        lambda v: check_profile_family(matching_pennies(), _pennies(a_sym), [a_sym >= 0, a_sym <= v]),
        NotSupportedError,
        same=lambda r: (r.is_equilibrium, r.vertices, r.domain, r.failures),
    ),
    Door(
        V + "profile_family.nonnegative_on_domain",
        "exprs",
        lambda v: nonnegative_on_domain([v - a_sym], [a_sym >= 0, a_sym <= 1]),
        NotSupportedError,
    ),
    Door(
        V + "profile_family.nonnegative_on_domain",
        "domain",
        lambda v: nonnegative_on_domain([a_sym], [a_sym >= 0, a_sym <= v]),
        NotSupportedError,
    ),
    Door(
        V + "membership.published_membership",
        "strategies",
        lambda v: published_membership(load_game("kuhn"), kuhn_family(), _kuhn_member(v)),
        NotSupportedError,
        same=lambda m: (m.differences, m.substitution, m.inside),
    ),
    Door(
        V + "membership.published_membership",
        "domain",
        lambda v: published_membership(
            load_game("kuhn"), kuhn_family(), _kuhn_member(t_sym), [t_sym >= 0, t_sym <= v]
        ),
        NotSupportedError,
        same=lambda m: (m.substitution, m.inside, m.failure),
    ),
    Door(
        V + "membership.published_membership",
        "point",
        lambda v: published_membership(
            load_game("kuhn"), kuhn_family(), _kuhn_member(t_sym), [t_sym >= 0, t_sym <= R(1, 3)], {t_sym: v}
        ),
        NotSupportedError,
        same=lambda m: (m.point, m.member_inside),
    ),
    Door(
        V + "profile_family.action_values",
        "strategies",
        lambda v: action_values(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
    ),
    Door(
        V + "subgames.subgame_perfection",
        "strategies",
        lambda v: subgame_perfection(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
    ),
    Door(
        V + "path_values.path_values",
        "strategies",
        lambda v: path_values(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
    ),
    Door(
        S + "families.indifference.reached_by_others",
        "strategies",
        lambda v: reached_by_others(matching_pennies(), _pennies(v)),
        IncompleteProfileError,
    ),
    Door(
        V + "strategy_checks.strategy_exploitability",
        "value",
        lambda v: strategy_exploitability(kuhn(), kuhn_solution().strategies[0], v),
        ValueError,
    ),
    Door(
        V + "strategy_checks.verify_family",
        "value",
        lambda v: verify_family(kuhn(), kuhn_sets().families[0], v),
        ValueError,
    ),
    Door(
        V + "strategy_checks.verify_family",
        "extra_points",
        lambda v: verify_family(
            kuhn(),
            kuhn_sets().families[0],
            kuhn_sets().value,
            [{kuhn_sets().families[0].parameters[0]: v}],
        ),
        ValueError,
    ),
    Door(
        V + "positivity.positivity_certificate",
        "f",
        lambda v: positivity_certificate(v + x_sym, [x_sym, 1 - x_sym], [x_sym]),
        ValueError,
    ),
    Door(
        V + "positivity.positivity_certificate",
        "constraints",
        lambda v: positivity_certificate(x_sym, [x_sym, v - x_sym], [x_sym]),
        ValueError,
    ),
    # simulation
    Door(
        V + "simulate.with_parameters",
        "values",
        lambda v: with_parameters(kuhn_strategies(kuhn())[1], {xi: v, eta: "1/3"}),
        SimulationError,
    ),
    Door(
        V + "simulate.simulate",
        "hands",
        lambda v: simulate(kuhn(), *kuhn_solution().strategies, hands=v),
        SimulationError,
        "int",
    ),
    Door(V + "simulate.Simulation.within", "value", lambda v: kuhn_simulation().within(v), SimulationError),
    # sweeps and parametric analysis
    Door(S + "parameters.sweep.value_table", "bets", lambda v: value_table(bets=[v]), GameDefinitionError),
    Door(S + "parameters.sweep.value_table", "ante", lambda v: value_table(ante=v), GameDefinitionError),
    Door(
        S + "parameters.sweep.value_table",
        "decks",
        lambda v: value_table(decks=[v]),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "parameters.sweep.value_table",
        "max_bets",
        lambda v: value_table(max_bets=[v]),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "parameters.sweep.values_by_bet_size",
        "bets",
        lambda v: values_by_bet_size([v]),
        GameDefinitionError,
    ),
    Door(
        S + "parameters.sweep.values_by_bet_size",
        "ante",
        lambda v: values_by_bet_size([1], ante=v),
        GameDefinitionError,
    ),
    Door(
        S + "parameters.sweep.values_by_bet_size",
        "deck",
        lambda v: values_by_bet_size([1], deck=v),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "parameters.sweep.values_by_bet_size",
        "max_bets",
        lambda v: values_by_bet_size([1], max_bets=v),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "parameters.parametric.bet_size_analysis",
        "samples",
        lambda v: bet_size_analysis(3, 1, samples=[v, 1, 3]),
        GameDefinitionError,
        same=lambda r: r.value,
    ),
    Door(
        S + "parameters.parametric.bet_size_analysis",
        "deck",
        lambda v: bet_size_analysis(v, 1, samples=[1]),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "parameters.parametric.bet_size_analysis",
        "max_bets",
        lambda v: bet_size_analysis(3, v, samples=[1]),
        GameDefinitionError,
        "int",
    ),
    Door(
        S + "zero_sum.analysis.raise_table",
        "games",
        lambda v: raise_table([(v, 2)]),
        GameDefinitionError,
        "int",
    ),
    # hands
    Door(H + "claims.claim_holds", "value", lambda v: claim_holds(v, R(1, 2), EXACT_RULE), HandsError),
    Door(H + "claims.claim_holds", "stated", lambda v: claim_holds(R(1, 2), v, EXACT_RULE), HandsError),
    Door(H + "counting.hand_table", "hand_size", hand_table, HandSizeError, "int"),
    Door(H + "counting.hand_table", "ranks", lambda v: hand_table(3, ranks=v), DeckError, "int"),
    Door(H + "counting.hand_table", "suits", lambda v: hand_table(3, suits=v), DeckError, "int"),
    Door(H + "counting.general_formulas", "hand_size", general_formulas, HandSizeError, "int"),
    Door(H + "draws.draw_odds", "draw", lambda v: draw_odds("As Kd", v, "pair"), HandSizeError, "int"),
    Door(H + "draws.draw_odds", "ranks", lambda v: draw_odds("As Kd", 3, "pair", ranks=v), DeckError, "int"),
    Door(H + "draws.draw_odds", "suits", lambda v: draw_odds("As Kd", 3, "pair", suits=v), DeckError, "int"),
    Door(H + "cards.parse_cards", "ranks", lambda v: parse_cards("As", ranks=v), DeckError, "int"),
    Door(H + "cards.parse_cards", "suits", lambda v: parse_cards("As", suits=v), DeckError, "int"),
    Door(H + "cards.format_cards", "ranks", lambda v: format_cards([], ranks=v), DeckError, "int"),
    Door(H + "evaluate.hand_value", "ranks", lambda v: hand_value("As Ks Qs", ranks=v), DeckError, "int"),
    Door(
        H + "evaluate.classify_hand", "ranks", lambda v: classify_hand("As Ks Qs", ranks=v), DeckError, "int"
    ),
    Door(H + "evaluate.brute_force_counts", "hand_size", brute_force_counts, HandSizeError, "int"),
    Door(
        H + "evaluate.brute_force_counts", "ranks", lambda v: brute_force_counts(3, ranks=v), DeckError, "int"
    ),
    Door(
        H + "evaluate.brute_force_counts", "suits", lambda v: brute_force_counts(3, suits=v), DeckError, "int"
    ),
    # casino games: the pay tables
    Door(
        "derive.casino.rules.ThreeCardPokerRules",
        "ante_bonus",
        lambda v: ThreeCardPokerRules(ante_bonus=(5, 4, v)),
        CasinoError,
    ),
    Door(
        "derive.casino.rules.ThreeCardPokerRules",
        "pair_plus",
        lambda v: ThreeCardPokerRules(pair_plus=(40, 30, 6, 4, v)),
        CasinoError,
    ),
    # figures taking values
    Door(
        F + "value_plots.draw_value_by_bet_size",
        "series",
        lambda v: draw_value_by_bet_size({"s": {1: v, 2: 0}}),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "value_plots.draw_value_by_bet_size",
        "ante",
        lambda v: draw_value_by_bet_size({"s": {1: 0}}, ante=v),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "value_plots.draw_value_by_bet_size",
        "annotate",
        lambda v: draw_value_by_bet_size({"s": {R(1, 2): "-1/60", 1: 0}}, annotate=[v]),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "value_plots.draw_value_curves",
        "curves",
        lambda v: draw_value_curves({"c": (b_sym / 4, [v])}, b_sym),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "value_plots.draw_value_curves",
        "b_max",
        lambda v: draw_value_curves({"c": (b_sym / 4, [])}, b_sym, b_max=v),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "family_plot.draw_family_plans",
        "fixed",
        lambda v: draw_family_plans(
            kuhn(), kuhn_sets().families[0], fixed={kuhn_sets().families[0].parameters[0]: v}
        ),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "simulation_plot.draw_running_means",
        "runs",
        lambda v: draw_running_means([("x", kuhn_simulation(), v)]),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "strategy_tree.draw_strategy_tree",
        "strategy",
        lambda v: draw_strategy_tree(kuhn(), 0, {p.label: x for p, x in _plans(0, v).items()}),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "extensive_tree.draw_extensive_form",
        "profile",
        lambda v: draw_extensive_form(matching_pennies(), {0: {"coin": _split(v)}}),
        ValueError,
        same=_texts,
    ),
    Door(
        F + "tikz.tikz_game_tree",
        "profile",
        lambda v: tikz_game_tree(matching_pennies(), {0: {"coin": _split(v)}}),
        ValueError,
    ),
]


# --------------------------------------------------------------------------- the two checks per door


def _one_line_naming(message: str, door: Door) -> None:
    assert message and "\n" not in message, message
    assert door.param in message or "0.333333333333333" in message, message


@pytest.mark.parametrize("door", DOORS, ids=lambda d: d.id)
def test_an_inexact_float_is_refused_in_one_line(door):
    """1/3 as a float raises the entry point's own exception, one line naming the parameter or value."""
    assert issubclass(door.error, ValueError)
    with pytest.raises(door.error) as caught:
        door.call(THIRD)
    message = str(caught.value)
    _one_line_naming(message, door)
    if door.kind == "exact":  # the rule's message, with the exact form to type
        assert "is a float, not exact; write '1/3' or sympy.Rational(1, 3)" in message, message


@pytest.mark.parametrize("door", [d for d in DOORS if d.kind == "exact"], ids=lambda d: d.id)
def test_an_exact_float_is_its_rational(door):
    """0.5 is exactly 1/2: the result is the one ``sympy.Rational(1, 2)`` gives."""
    assert door.same(door.call(HALF)) == door.same(door.call(R(1, 2)))


@pytest.mark.parametrize(
    "door",
    [d for d in DOORS if d.target.endswith("one_card_poker") or "build." in d.target],
    ids=lambda d: d.id,
)
@pytest.mark.parametrize(
    "third, half",
    [(np.float64(1 / 3), np.float64(0.5)), (sp.Float(1 / 3), sp.Float(0.5))],
    ids=["numpy", "sympy"],
)
def test_numpy_and_sympy_floats_follow_the_same_rule(door, third, half):
    """A numpy floating scalar or a sympy Float is a float like any other."""
    with pytest.raises(door.error) as caught:
        door.call(third)
    _one_line_naming(str(caught.value), door)
    if door.kind == "exact":
        assert door.same(door.call(half)) == door.same(door.call(R(1, 2)))


# --------------------------------------------------------------------------- the rule itself


@pytest.mark.parametrize(
    "value, exact",
    [
        (0.5, R(1, 2)),
        (1.0, 1),
        (0.25, R(1, 4)),
        (1.5, R(3, 2)),
        (3.0, 3),
        (-0.75, R(-3, 4)),
        (np.float32(0.5), R(1, 2)),
        (sp.Float("0.5", 30), R(1, 2)),
        (0.5 * b_sym, b_sym / 2),
        ("0.1", R(1, 10)),
        ("1/3", R(1, 3)),
        (" 3/2 ", R(3, 2)),
        ("2.5e-1", R(1, 4)),
        (Fraction(2, 3), R(2, 3)),
        (Decimal("0.1"), R(1, 10)),
        (np.int64(4), 4),
        (R(5, 7), R(5, 7)),
    ],
)
def test_what_is_exact(value, exact):
    """Exact binary floats, strings, fractions, decimals, integers and sympy numbers are read exactly."""
    got = exact_number(value, "v")
    assert got == exact and not got.has(sp.Float)


@pytest.mark.parametrize(
    "value, message",
    [
        (1 / 3, "v: 0.3333333333333333 is a float, not exact; write '1/3' or sympy.Rational(1, 3)"),
        (0.1, "v: 0.1 is a float, not exact; write '1/10' or sympy.Rational(1, 10)"),
        (2 / 3, "write '2/3' or sympy.Rational(2, 3)"),
        (np.float32(0.1), "write the string '0.10000000149011612' for that decimal exactly"),
        (3.141592653589793, "write the string '3.141592653589793' for that decimal exactly"),
        (1e-300, "write the string '1e-300'"),
        (sp.Float("0.1", 30), "is a float, not exact; write '1/10'"),
        (b_sym / 3.0, "(in 0.333333333333333*b)"),
        (float("inf"), "v: inf is not a finite number"),
        (float("nan"), "v: nan is not a finite number"),
        (True, "v: True is not a number"),
        (np.bool_(False), "is not a number"),
        (None, "v: None is not a number"),
        ("abc", "v: 'abc' is not a number"),
        ("1/0", "v: '1/0' is not a number"),
        (1 + 2j, "is not a number"),
    ],
)
def test_what_is_refused(value, message):
    """Inexact floats (with the exact form to type), bools, non-numbers: one line."""
    with pytest.raises(ValueError) as caught:
        exact_number(value, "v")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_suggestion_is_the_simple_fraction_when_close():
    """``Fraction(x).limit_denominator(1000)`` is suggested when it is within 1e-12 of x."""
    assert (
        float_message("p", 0.1 + 0.2)
        == "p: 0.30000000000000004 is a float, not exact; write '3/10' or sympy.Rational(3, 10)"
    )
    assert float_message("p", 2.0000000000000004).endswith("write '2' or sympy.Integer(2)")


def test_the_command_line_strings_stay_exact():
    """What ``--ante``/``--bet`` pass: decimal strings are their exact decimals."""
    rules = one_card_poker(3, 1, ante="0.1", bet="0.3333333333333333")
    assert rules.ante == R(1, 10) and rules.bet == R(3333333333333333, 10**16)


def test_a_symbolic_amount_may_hold_an_exact_float():
    """``0.5*B`` is ``B/2``; ``B/3.0`` is refused."""
    P, B = sp.symbols("P B", positive=True)
    assert myerson_poker(P, 0.5 * B) == myerson_poker(P, B / 2)
    with pytest.raises(GameModelError, match=r"bet: 0.333333333333333 is a float, not exact; write '1/3'"):
        myerson_poker(P, B / 3.0)


# --------------------------------------------------------------------------- completeness

#: An annotation or a parameter name that suggests a number.
NUMERIC_ANNOTATION = re.compile(r"int|float|object|Expr|Rational|[Nn]umber|Fraction")
NUMERIC_NAME = re.compile(
    r"ante|bet|value|probab|payoff|cost|pot|epsilon|point|profile|domain|weight|amount|stake|sample"
    r"|strateg|plan|fixed|weak|taste|b_max|stated|mixture|gain|outcome|branch|threshold|price|prize",
    re.IGNORECASE,
)

#: (parameter name, annotation) pairs that are never game numbers, wherever they occur.
NOT_GAME_NUMBERS = {
    ("player", "int"): "a player's index",
    ("player", "str | int"): "a player's name or index",
    ("player", "int | None"): "a player's index, or None",
    ("by_player", "int"): "which player's view to print",
    ("responder", "int"): "a player's index",
    ("index", "int"): "a node's or information set's index",
    ("parent", "int"): "a node's index",
    ("infoset", "int | None"): "an information set's index",
    ("weak", "bool"): "a flag (weak dominance)",
    ("seed", "int"): "a random seed",
    ("time_limit", "float | None"): "seconds of computing time, not a game number",
    ("timeout", "int"): "seconds for a notebook cell",
    ("outcome_label", "str"): "a label",
    ("seed", "int | np.random.Generator"): "a random seed or generator",
    ("progress", "Callable[[str], object] | None"): "a progress callback",
    ("cards", "str | Sequence[tuple[int, int]]"): "cards as (rank, suit) indices",
    ("shape", "tuple[int, int]"): "a matrix shape",
    ("row_groups", "Sequence[Sequence[int]]"): "index groups of an LP",
    ("col_groups", "Sequence[Sequence[int]]"): "index groups of an LP",
}

#: Whole classes whose constructors are records: built by derive from exact computations, they are
#: outputs (or the solver's own intermediate objects), not doors where a user types numbers in.
_ALGEBRA = (
    "exact algebra kernel: FLINT polynomials and real algebraic numbers built from the game's exact "
    "payoffs, never typed by a user"
)
RECORDS = {
    "derive.solving.parameters.plane.PlaneRegion": "result record (exact conditions, formulas, checked point)",
    "derive.solving.parameters.plane.PlaneSolution": "result record (exact regions of a two-parameter solve)",
    "derive.solving.parameters.plane_general.PlaneEquilibriumRegion": "result record (exact regions' equilibria)",
    "derive.solving.parameters.plane_general.PlaneEquilibria": "result record (a general-sum game's regions)",
    "derive.solving.refinements.beliefs.CellAssessment": "result record (exact beliefs and values)",
    "derive.solving.refinements.beliefs.InfosetBeliefs": "result record (exact beliefs or belief ranges)",
    "derive.solving.refinements.beliefs.ProfileFamily": "a component's piece, read from a solver's exact output",
    "derive.solving.refinements.signalling.SignallingGame": "read off a Game's structure (exact payoffs, prior)",
    "derive.continuum.derivation.ContinuumDerivation": "result record (exact pieces)",
    "derive.continuum.bet_size.BetSizeSolution": "result record (exact cuts and functions; its action() and "
    "threshold_at() read numbers with exact_number)",
    "derive.continuum.bet_size.BetSizeProof": "result record (exact gains)",
    "derive.continuum.bet_size.ProofStep": "result record (an exact expression)",
    "derive.continuum.endgame.EndgameSolution": "result record (exact sizes, frequencies, value)",
    "derive.continuum.endgame.EndgameStep": "result record (an exact expression)",
    "derive.continuum.endgame.EndgameProof": "result record (exact steps)",
    "derive.continuum.intervals.BetInterval": "exact interval ends computed from roots (Rational or CRootOf)",
    "derive.continuum.intervals.SignProof": "result record (exact factors)",
    "derive.continuum.limit.CardValue": "result record (an exact value and a measured time)",
    "derive.continuum.limit.Convergence": "result record",
    "derive.continuum.payoff.Structure": "plans and owner indices; its rules are read exactly (doors above)",
    "derive.continuum.proof.BestResponseCheck": "result record (exact differences)",
    "derive.continuum.proof.EquilibriumProof": "result record",
    "derive.continuum.solve.Indifference": "result record (exact equations)",
    "derive.continuum.solve.ThresholdSolution": "result record (its at() reads a bet with exact_amount)",
    "derive.continuum.structure.Derived": "result record",
    "derive.solving.parameters.parametric_pieces.ParametricSolution": "a parametric solution (exact, proved)",
    "derive.solving.parameters.parametric_pieces.ValuePiece": "a piece of a parametric solution (exact)",
    "derive.solving.parameters.off_path.OffPathFill": "a piece's off-path play: action numbers and set indices",
    "derive.solving.parameters.breakpoints.Breakpoint": "an exact real point: polynomial and rational interval",
    "derive.solving.parameters.rational_functions.RationalFunctionField": "the field Q(t): converts exactly",
    "derive.solving.refinements.perturbed_lp.ParametricLP": "an LP built from exact matrices (QQ polynomials)",
    "derive.dominance.plans.PlanDominanceResult": "dominance result",
    "derive.dominance.plans.PlanDomination": "dominance result",
    "derive.dominance.choices.ChoiceDomination": "dominance result (gain computed exactly)",
    "derive.dominance.choices.ChoiceDominanceResult": "dominance result: counts and surviving action indices",
    "derive.sequence_form.choice_values.ChoiceValue": "values computed exactly from a sequence form",
    "derive.sequence_form.plan_values.PlanValue": "values computed exactly from a plan form",
    "derive.sequence_form.plan_values.SituationValues": "values computed exactly from a plan form",
    "derive.sequence_form.plans.GamePlanForm": "computed from a Game (exact); its readers are doors",
    "derive.sequence_form.plans.Plan": "a plan: labels and sequence indices",
    "derive.dominance.general.GameDominance": "dominance result",
    "derive.dominance.general.ReducedStrategy": "a pure strategy (indices of sequences)",
    "derive.dominance.general.StrategyDomination": "dominance result",
    "derive.extensive_form.build.Subtree": "typed by decision/chance/payoff; extensive_form() reads its numbers (doors above)",
    "derive.extensive_form.game.InformationSet": "indices of the core model",
    "derive.extensive_form.game.Node": "core model: Game() refuses every Float and non-sympy number (game.py); typed games come through the builder",
    "derive.games.one_card.betting.Action": "an enum looked up by its name",
    "derive.solving.choice.Route": "an enum of the solvers, made by choose_solver",
    "derive.games.family.ProfileFamily": "a published family; check_profile_family reads its strategies and domain (doors above)",
    "derive.casino.classes.HandClass": "a class of hands (rank indices, sizes) built by hand_classes",
    "derive.casino.counting.DealerCounts": "result record (counts)",
    "derive.casino.counting.InclusionExclusion": "result record (counts)",
    "derive.casino.decision.HandDecision": "result record (exact expected values)",
    "derive.casino.decision.PairPlusEdge": "result record",
    "derive.casino.decision.StrategyEdge": "result record",
    "derive.casino.decision.ThreeCardPokerAnalysis": "result record",
    "derive.casino.rules.PairPlusTable": "published pay tables (constants); ThreeCardPokerRules reads pays (doors above)",
    "derive.hands.cards.Card": "a card (rank and suit indices)",
    "derive.hands.claims.AlternativeReading": "result record",
    "derive.hands.claims.Claim": "result record",
    "derive.hands.counting.HandClassRow": "result record",
    "derive.hands.counting.HandTable": "result record",
    "derive.hands.draws.DrawOdds": "result record",
    "derive.hands.evaluate.HandValue": "result record",
    "derive.derivation.thesis.Derivation": "result record",
    "derive.derivation.solve.Solution": "result record (the solvers' exact results)",
    "derive.derivation.solve.DominanceStep": "result record",
    "derive.derivation.general.ConstantSumDerivation": "result record (the solvers' exact results)",
    "derive.sequence_form.general.GameSequenceForm": "built from a Game (exact)",
    "derive.sequence_form.from_rules.BettingInformationSet": "indices",
    "derive.sequence_form.from_rules.OneCardSequenceForm": "built from exact rules",
    "derive.sequence_form.payoff.BilinearPayoff": "built from a tree (exact)",
    "derive.sequence_form.payoff.CardPlanValue": "result record",
    "derive.games.one_card.thesis.NamedParameter": "a symbol's meaning (indices, labels)",
    "derive.solving.refinements.admissible.AdmissibleMembers": "result record",
    "derive.solving.refinements.admissible.Dominance": "result record",
    "derive.solving.refinements.admissible.Face": "result record (indices)",
    "derive.solving.refinements.admissible.StrategyPolytopes": "solver intermediate, from the sequence form",
    "derive.solving.zero_sum.analysis.RaiseCallers": "result record",
    "derive.solving.families.optimal_families.OptimalFamily": "result record",
    "derive.solving.families.optimal_families.OptimalSets": "result record",
    "derive.solving.general_sum.two_player.AllEquilibria": "result record",
    "derive.solving.general_sum.two_player.EquilibriumFamily": "result record",
    "derive.solving.general_sum.two_player.ExtremeEquilibrium": "result record",
    "derive.solving.general_sum.two_player.NashSubset": "result record",
    "derive.solving.general_sum.two_player.StrategicForm": "built from a Game (exact Fractions)",
    "derive.solving.semialgebraic.box_cover.Leaf": "result record (a covered sub-box)",
    "derive.solving.semialgebraic.box_cover.SignedSet": "built from exact polynomial conditions (from_conditions)",
    "derive.solving.families.indifference.SupportFamily": "result record",
    "derive.solving.limits.TimeLimit": "seconds of computing time",
    "derive.solving.linear_program.Basis": "LP kernel (indices)",
    "derive.solving.linear_program.LinearProgram": "LP kernel: rows built from the sequence form (exact), never typed",
    "derive.solving.lp.MaximinSolution": "LP result",
    "derive.solving.lp.Supports": "LP result",
    "derive.solving.zero_sum.from_rules.Equilibrium": "result record",
    "derive.solving.zero_sum.from_rules.OneCardSolution": "result record",
    "derive.solving.parameters.parametric.BetPiece": "result record",
    "derive.solving.parameters.parametric.BetSizeAnalysis": "result record (its value_at reads a bet exactly)",
    "derive.solving.refinements.quasi_perfect.PerturbedPlan": "result record",
    "derive.solving.general_sum.support_enumeration.SupportEnumeration": "result record",
    "derive.solving.general_sum.support_candidates.SupportEquilibrium": "result record",
    "derive.solving.general_sum.support_candidates.UndecidedSupport": "result record",
    "derive.solving.general_sum.support_candidates.SupportContext": "built from a Game (exact)",
    **{
        f"derive.solving.semialgebraic.{name}": _ALGEBRA
        for name in [
            "cells.Condition",
            "elimination.Branch",
            "elimination.UnsolvedSystem",
            "number_fields.NumberField",
        ]
    },
    "derive.solving.parameters.sweep.ValueRow": "result record",
    "derive.solving.parameters.symbolic_payoffs.Piece": "result record",
    "derive.solving.parameters.symbolic_payoffs.PiecewiseEquilibria": "result record",
    "derive.solving.parameters.symbolic_payoffs.SymbolicEquilibrium": "result record",
    "derive.solving.zero_sum.optimal_sets.OptimalSet": "result record (its contains() reads a plan with exact_value)",
    "derive.solving.zero_sum.sequence_form_lp.SequenceFormEquilibrium": "result record",
    "derive.solving.zero_sum.sequence_form_lp.ZeroSumSolution": "result record",
    "derive.solving.one_player.decision_problem.DecisionSolution": "result record (exact values of a Game)",
    "derive.solving.one_player.decision_problem.InformationSetDecision": "result record (exact values of a Game)",
    "derive.verification.best_response.GameBestResponse": "result record",
    "derive.verification.strategy_checks.BestResponse": "result record",
    "derive.verification.strategy_checks.FamilyCheck": "result record",
    "derive.verification.positivity.PositivityCertificate": "result record",
    "derive.verification.profile_family.ProfileFamilyCheck": "result record",
    "derive.verification.membership.FamilyMembership": "result record",
    "derive.solving.general_sum.sequence_form_lcp.GeneralSumEquilibrium": "result record (exact, verified)",
    "derive.solving.general_sum.extreme_equilibria.SequenceFormExtremeEquilibria": "result record (exact, verified)",
    "derive.extensive_form.isomorphism.GameMatch": "result record (labels matched between two games)",
    "derive.solving.general_sum.cfr.CFRRun": "a float run of CFR+: a guess, never printed as a result",
    "derive.solving.general_sum.from_cfr.FoundFamily": "result record (exact, verified)",
    "derive.solving.general_sum.from_cfr.SupportAttempt": "result record (a support tried and its outcome)",
    "derive.verification.simulate.Simulation": "result record (its within() reads a value exactly)",
    "derive.verification.subgames.SubgamePerfection": "result record",
    "derive.verification.subgame_families.SubgameVerdict": "result record",
    "derive.verification.subgame_families.SubgameCondition": "result record (an exact gain)",
    "derive.verification.path_values.InformationSetValues": "result record (exact values)",
    "derive.dominance.n_player.NPlayerDominance": "result record (strategy labels)",
    "derive.dominance.n_player.StrictRemoval": "result record (strategy labels and a round)",
    "derive.derivation.general.GeneralSolution": "result record (the solvers' exact results)",
    "derive.figures.tikz.LabelBox": "result record (a label's box in cm)",
    "derive.figures.tikz.TikzLayout": "result record (positions and spacings in cm)",
}

_LP = "LP kernel: matrices, costs and plans come from the sequence form (exact), never typed by a user"
_READ = "takes objects already read exactly (BehaviourStrategy / BehaviourProfile, doors above)"
_PRINT = "a printer: shows what it is given, computes nothing from it"
_INT = "a count or size, not a game number"
_FLOAT_GUESS = "compared with CFR's float averages to guess a support; no number of it reaches a result"
_MAP_CHECK = (
    "what derive check read from a map's JSON: values exact (Fractions from the game's name, formulas "
    "evaluated exactly), numbers and counts of regions and families; the mixtures are read again by "
    "mixture_behaviour (a door above)"
)
_SOLVED = "the exact output of a solver (plans, families, vertices), never typed; profiles are read by behaviour_profile"

#: (callable, parameter) pairs that are not game numbers, or are read exactly elsewhere.
EXCLUDED = {
    ("derive.continuum.rules.PokerRules", "dealer_may_bet"): "a flag (may the dealer bet after a check)",
    ("derive.continuum.rules.CardRules", "dealer_may_bet"): "a flag (may the dealer bet after a check)",
    ("derive.continuum.rules.continuum_rules", "dealer_may_bet"): "a flag (may the dealer bet after a check)",
    ("derive.continuum.derivation.derive_continuum", "deck"): "N of the N-card game read: " + _INT,
    (
        "derive.figures.bet_size_plot.draw_bet_sizes",
        "cap",
    ): "a height in the figure (chips, drawn as a float)",
    ("derive.continuum.structure.find_structure", "deck"): "N of the N-card game read: " + _INT,
    ("derive.continuum.structure.card_plans", "deck"): "N of the N-card game: " + _INT,
    ("derive.continuum.structure.card_mixtures", "deck"): "N of the N-card game: " + _INT,
    ("derive.continuum.limit.error_order", "fit_from"): "the smallest N fitted: " + _INT,
    ("derive.continuum.limit.convergence", "limit"): "the exact value derived by continuum.solve, not typed",
    ("derive.continuum.intervals.holds_on", "sample"): "an exact Rational from find_structure (read there)",
    ("derive.continuum.intervals.rational_inside", "lo"): "exact interval ends (Rational or CRootOf)",
    ("derive.continuum.intervals.rational_inside", "hi"): "exact interval ends (Rational or CRootOf)",
    ("derive.continuum.intervals.sign_proof", "g"): "an exact rational function computed by the proof",
    ("derive.continuum.proof.prove", "sample"): "an exact Rational from find_structure (read there)",
    ("derive.continuum.payoff.plan_value", "cell"): "a cell index: " + _INT,
    ("derive.continuum.payoff.plan_value", "hand"): "a symbol or a cut of the structure, not a typed number",
    ("derive.continuum.payoff.plan_value", "plan"): "a plan, not a number",
    ("derive.continuum.report.continuum_json", "bet"): _PRINT + " (the bet was read by the command line)",
    ("derive.continuum.report.continuum_text", "bet"): _PRINT + " (the bet was read by the command line)",
    ("derive.figures.value_plots.draw_parametric_value", "points_per_piece"): "plotting points: " + _INT,
    ("derive.solving.parameters.parametric_lp.parametric_solve", "max_solves"): "a size limit: " + _INT,
    (
        "derive.solving.general_sum.sequence_form_lcp.checked_equilibrium",
        "x",
    ): "a plan computed exactly (Lemke's path or cddlib)",
    (
        "derive.solving.general_sum.sequence_form_lcp.checked_equilibrium",
        "y",
    ): "a plan computed exactly (Lemke's path or cddlib)",
    ("derive.solving.general_sum.sequence_form_lcp.checked_equilibrium", "pivots"): "a count of pivots: "
    + _INT,
    **{
        (f"derive.solving.semialgebraic.{target}", name): _ALGEBRA
        for target, names in [
            ("cells.open_point", ["field", "variables"]),
            ("cells.section_point", ["base", "curve", "lift"]),
            ("cells.sign_at", ["field", "p", "point"]),
            ("cells.solution_set", ["variable"]),
            ("elimination.branches", ["equations", "keep", "largest_remainder", "nonzero", "variables"]),
            ("elimination.restrict", ["branch"]),
            ("number_fields.as_univariate", ["i", "p"]),
            ("number_fields.real_roots", ["p"]),
            ("number_fields.sign_of_rational", ["value"]),
            ("polynomials.coefficients_in", ["i", "p"]),
            ("polynomials.constant", ["value"]),
            ("polynomials.from_sympy", ["expr"]),
            ("polynomials.irreducible_factors", ["p"]),
            ("polynomials.key", ["p"]),
            ("polynomials.polynomial_context", ["count"]),
            ("polynomials.primitive", ["p"]),
            ("polynomials.substitute", ["den", "i", "num", "p"]),
            ("polynomials.substitute_fraction", ["bottom", "den", "i", "num", "top"]),
            ("polynomials.to_sympy", ["p", "values"]),
            ("polynomials.variables_of", ["p"]),
        ]
        for name in names
    },
    (
        "derive.solving.parameters.breakpoints.Breakpoint",
        "interval",
    ): "rational ends (sympy Rationals) of an isolating interval",
    ("derive.solving.parameters.breakpoints.between", "fraction"): "a sympy Rational share of the gap",
    ("derive.solving.parameters.breakpoints.between", "p"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.between", "q"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.less", "p"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.less", "q"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.same", "p"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.same", "q"): "exact Breakpoints",
    ("derive.solving.parameters.breakpoints.sorted_points", "points"): "exact Breakpoints",
    ("derive.solving.parameters.basis_solve.solve_basis", "field"): "the field Q(t), exact",
    (
        "derive.solving.parameters.basis_solve.solve_basis",
        "mat",
    ): "entries already exact (RationalFunction or QQ)",
    ("derive.solving.parameters.basis_solve.solve_basis", "n"): "the number of unknowns: " + _INT,
    (
        "derive.solving.parameters.bivariate_solve.solve_bivariate",
        "mat",
    ): "entries already exact (FLINT polynomial fractions or fmpq)",
    ("derive.solving.parameters.bivariate_solve.solve_bivariate", "n"): "the number of unknowns: " + _INT,
    ("derive.solving.parameters.bivariate_solve.solve_bivariate", "lines"): "a number of lines: " + _INT,
    ("derive.solving.exact_solve.elimination_order", "n"): "a matrix size: " + _INT,
    ("derive.solving.exact_solve.block_triangular_order", "n"): "a matrix size: " + _INT,
    (
        "derive.solving.exact_solve.block_triangular_order",
        "rows",
    ): "an exact sparse matrix (QQ), not typed in",
    ("derive.solving.linear_program.exact_lp_with_duals", "cost"): _LP,
    ("derive.solving.linear_program.highs_model", "cost"): _LP,
    ("derive.solving.exact_solve.ExactFactor", "matrix"): _LP,
    ("derive.solving.exact_solve.ExactFactor", "n"): "a matrix size: " + _INT,
    ("derive.solving.sparse_lu.SparseLU", "rows"): _LP,
    ("derive.solving.exact_solve.largest_block", "matrix"): _LP,
    ("derive.solving.float_guess.guessed_block", "local"): _LP,
    ("derive.solving.float_guess.guessed_block", "width"): "a count of right-hand sides: " + _INT,
    ("derive.solving.exact_solve.largest_block", "n"): "a matrix size: " + _INT,
    ("derive.solving.refinements.basis_update.FactoredBasis", "columns"): _LP,
    ("derive.solving.refinements.basis_update.FactoredBasis", "basic"): "basis column indices: " + _INT,
    ("derive.solving.refinements.basis_update.FactoredBasis", "nrows"): "a matrix size: " + _INT,
    ("derive.solving.refinements.basis_update.FactoredBasis", "structural_count"): "a column count: " + _INT,
    ("derive.solving.refinements.basis_update.basis_block", "columns"): _LP,
    ("derive.solving.refinements.basis_update.basis_block", "basic"): "basis column indices: " + _INT,
    ("derive.solving.refinements.basis_update.basis_block", "nrows"): "a matrix size: " + _INT,
    ("derive.solving.refinements.basis_update.basis_block", "structural_count"): "a column count: " + _INT,
    ("derive.solving.sparse_lu.SparseLU", "max_entries"): "a size limit: " + _INT,
    ("derive.games.liars_dice.liars_dice_size", "dice"): "a count of dice: " + _INT,
    ("derive.games.liars_dice.liars_dice_size", "faces"): "a count of faces: " + _INT,
    ("derive.games.goofspiel.goofspiel_size", "cards"): "a count of cards: " + _INT,
    ("derive.games.leduc.rank_names", "ranks"): "a count of ranks: " + _INT,
    ("derive.games.registry.GameOption", "low"): "an option's range, read as an integer: " + _INT,
    ("derive.games.registry.GameOption", "high"): "an option's range, read as an integer: " + _INT,
    ("derive.games.registry.SizesOption", "low"): "an option's range, unused by a list of sizes: " + _INT,
    ("derive.games.registry.SizesOption", "high"): "an option's range, unused by a list of sizes: " + _INT,
    ("derive.games.menu_poker.menu_poker_nodes", "deck"): "a count of cards: " + _INT,
    ("derive.games.menu_poker.menu_poker_nodes", "sizes"): "a count of bet sizes: " + _INT,
    (
        "derive.games.registry.GameParameter",
        "domain",
    ): "bounds written in the registry as integers, compared with exact ends",
    ("derive.solving.exact_solve.elimination_order", "rows"): "an exact sparse matrix (QQ), not typed in",
    ("derive.presentation.parametric_report.breakpoint_text", "point"): "a Breakpoint (exact), returns text",
    ("derive.solving.refinements.perturbed_lp.evaluate", "eps"): "an exact QQ trial value, not typed in",
    ("derive.solving.refinements.exact_simplex.PivotBudget", "limit"): "a step limit: " + _INT,
    ("derive.solving.zero_sum.running_sums.payoffs_against", "plan"): "an exact realization plan (QQ): "
    + _LP,
    ("derive.solving.refinements.perturbed_lp.monomial", "degree"): "a polynomial length: " + _INT,
    ("derive.solving.refinements.perturbed_lp.monomial", "power"): "an exponent: " + _INT,
    ("derive.solving.zero_sum.optimal_sets.optimal_set", "value"): "an LP's exact value (QQ), not typed in",
    ("derive.presentation.plan_latex.plan_payoff_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.decision_report.decision_text", "limit"): "a listing's size: " + _INT,
    ("derive.presentation.plan_latex.game_plan_symbol", "plan"): "a plan, not a number",
    ("derive.sequence_form.strategies.plan_symbol", "plan"): "a plan, not a number",
    ("derive.presentation.general_latex.bilinear_payoff_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.general_latex.realization_constraints_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.general_latex.derivation_document", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.general_latex.derivation_document", "plan_form"): "computed from a Game",
    ("derive.presentation.general_latex.derivation_document", "plan_note"): "a sentence",
    ("derive.presentation.general_latex.derivation_document", "strategy_trees"): "a LaTeX section, " + _PRINT,
    ("derive.solving.refinements.beliefs.node_names", "nodes"): "node indices: " + _INT,
    ("derive.solving.parameters.plane.plane_solve", "max_regions"): "a cap: " + _INT,
    ("derive.solving.parameters.plane.plane_solve", "max_degree"): "a cap: " + _INT,
    ("derive.solving.semialgebraic.box_cover.cover_box", "max_boxes"): "a cap: " + _INT,
    ("derive.solving.semialgebraic.box_cover.cover_box", "max_depth"): "a cap: " + _INT,
    ("derive.solving.semialgebraic.box_cover.sign_on_box", "depth"): "how often the box is split: " + _INT,
    ("derive.notation.text.simplest_between", "lo"): "exact Fractions by type (a rationalizer's interval)",
    ("derive.notation.text.simplest_between", "hi"): "exact Fractions by type (a rationalizer's interval)",
    ("derive.solving.parameters.plane_general.plane_equilibria", "max_cells"): "a cap: " + _INT,
    ("derive.figures.plane_map.draw_plane_map", "grid"): "a drawing resolution: " + _INT,
    ("derive.presentation.plane_report.curve_text", "f"): "a boundary polynomial a solve derived: " + _PRINT,
    ("derive.presentation.plane_report.mixture_latex", "strategy"): "a mixture a solve derived: " + _PRINT,
    **{
        ("derive.presentation.strategic_report.MapMember", name): _MAP_CHECK
        for name in ("mixtures", "equilibrium", "families")
    },
    **{
        ("derive.presentation.strategic_report.MapRegionCheck", name): _MAP_CHECK
        for name in ("point", "region", "regions", "families")
    },
    ("derive.solving.refinements.beliefs.plans_of", "strategies"): _SOLVED,
    (
        "derive.solving.refinements.beliefs.pure_family",
        "choice",
    ): "action labels of a pure profile, not numbers",
    (
        "derive.solving.refinements.linear_feasibility.bounds",
        "constraints",
    ): "exact linear constraints built from a Game",
    (
        "derive.solving.refinements.linear_feasibility.feasible",
        "constraints",
    ): "exact linear constraints built from a Game",
    ("derive.presentation.general_sum_document.general_sum_document", "strategy_trees"): "a LaTeX section",
    ("derive.presentation.strategy_trees.document_strategy_trees", "behaviour"): _SOLVED,
    ("derive.presentation.strategy_trees.strategy_tree_pages", "behaviour"): _SOLVED,
    ("derive.presentation.strategy_trees.strategy_trees_latex", "players"): "player indices: " + _INT,
    (
        "derive.figures.strategy_tree.draw_strategy_tree",
        "max_width",
    ): "a figure width in inches, not a game number",
    ("derive.presentation.plan_latex.dominance_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.plan_latex.plan_values_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.plan_latex.plans_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.choice_latex.plan_counts_latex", "max_rows"): "a table size: " + _INT,
    (
        "derive.sequence_form.choice_values.backward_values",
        "weights",
    ): "exact QQ weights computed from a game, not typed in",
    ("derive.presentation.general_latex.plain_comment", "limit"): "a text length: " + _INT,
    ("derive.presentation.choice_latex.choice_dominance_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.choice_latex.choice_values_latex", "max_rows"): "a table size: " + _INT,
    ("derive.presentation.choice_latex.choice_values_latex", "strategies"): "a solver's exact equilibrium",
    ("derive.presentation.plan_latex.plan_values_latex", "strategies"): "a solver's exact equilibrium",
    ("derive.dominance.plans.first_difference", "plan"): "a plan, not a number",
    ("derive.sequence_form.plans.describe_plan", "plan"): "a plan, not a number",
    ("derive.sequence_form.plans.game_plan_form", "max_plans"): "a size limit: " + _INT,
    ("derive.sequence_form.plan_form", "max_plans"): "a size limit: " + _INT,
    ("derive.dominance.general.count_reduced_strategies", "player"): "a player's index",
    ("derive.dominance.general.reduced_strategies", "player"): "a player's index",
    (
        "derive.presentation.output_files.draw_in_parallel",
        "figures",
    ): "file stems to drawing functions, not numbers",
    ("derive.presentation.output_files.write_document", "figures"): "file names to figures, not numbers",
    ("derive.solving.forked.run_tasks", "fresh"): "a function, not a number",
    ("derive.solving.forked.run_tasks", "handle"): "a function, not a number",
    ("derive.solving.forked.run_tasks", "processes"): "a count of processes: " + _INT,
    ("derive.solving.forked.usable_processes", "limit"): "a count of processes: " + _INT,
    ("derive.solving.parameters.breakpoints.remember_text", "point"): "a point already proved, not a number",
    ("derive.solving.parameters.breakpoints.roots_outward", "end"): "a point already proved, not a number",
    ("derive.solving.parameters.parametric_lp.parametric_solve", "processes"): "a count of processes: "
    + _INT,
    (
        "derive.solving.parameters.off_path.off_path_fill",
        "point",
    ): "an exact QQ point inside a proved piece, not typed in",
    ("derive.presentation.parametric_report.off_path_note", "p"): "a player's index",
    (
        "derive.solving.parameters.parametric_pieces.make_piece",
        "plans",
    ): "rational functions a basis solve proved",
    (
        "derive.sequence_form.strategies.named_parameter_value",
        "plans",
    ): "plan probabilities a family solve proved",
    (
        "derive.solving.parameters.parametric_pieces.make_piece",
        "value",
    ): "a rational function a basis solve proved",
    (
        "derive.solving.parameters.parametric_pieces.make_piece",
        "value_text",
    ): "the text of that function, not a number",
    (
        "derive.presentation.game_summary.in_situation_order",
        "strategy",
    ): "a strategy already read and proved, only reordered",
    ("derive.extensive_form.exact.float_message", "value"): "describes a float, returns text",
    ("derive.extensive_form.exact.is_float", "value"): "a type test, returns a bool",
    ("derive.games.one_card.rules.OneCardPoker.require_size", "max_nodes"): "a size limit: " + _INT,
    ("derive.figures.extensive_tree.draw_extensive_form", "off_path"): "labels",
    ("derive.figures.simulation_plot.draw_running_means", "columns"): "a figure layout: " + _INT,
    ("derive.figures.casino_plot.draw_play_values", "around"): "how many hand values to show: " + _INT,
    ("derive.figures.tikz.tikz_game_tree", "width"): "a figure size in cm",
    ("derive.figures.tikz.tikz_layout", "width"): "a figure size in cm",
    ("derive.figures.tikz.tikz_layout", "profile"): "read exactly as tikz_game_tree reads it (a door above)",
    ("derive.hands.counting.formula_latex", "expr"): _PRINT,
    ("derive.hands.counting.formula_text", "expr"): _PRINT,
    ("derive.notation.latex.to_latex", "expr"): _PRINT,
    ("derive.presentation.latex.collected_latex", "expr"): _PRINT,
    ("derive.presentation.latex.payoff_latex", "payoff"): _PRINT + " (a BilinearPayoff)",
    ("derive.presentation.latex.value_latex", "value"): _PRINT,
    ("derive.presentation.notebooks.plan_values_markdown", "values"): _PRINT + " (PlanValue records)",
    ("derive.notation.text.count", "n"): "how many things a word counts: " + _INT,
    ("derive.notation.text.plural", "n"): "how many things a word counts: " + _INT,
    ("derive.presentation.family_latex.support_family_latex", "payoffs"): _PRINT,
    ("derive.presentation.game_summary.plain", "expr"): _PRINT,
    ("derive.notation.text.to_text", "expr"): _PRINT,
    ("derive.notation.text.with_decimal", "expr"): _PRINT,
    ("derive.notation.text.with_decimal", "places"): "decimal places shown: " + _INT,
    ("derive.presentation.widgets.FamilyExplorer", "steps"): "slider positions: " + _INT,
    ("derive.presentation.widgets.GameFamilyExplorer", "steps"): "slider positions: " + _INT,
    ("derive.sequence_form.payoff.plan_values", "payoff"): "a BilinearPayoff built from a tree",
    (
        "derive.solving.refinements.admissible.admissible_faces",
        "slacks",
    ): "solver intermediate (from the family's constraints)",
    (
        "derive.solving.refinements.admissible.classify_members",
        "plan",
    ): "solver intermediate (a family's plan)",
    ("derive.solving.refinements.admissible.plan_form_polytopes", "entries"): _LP,
    ("derive.solving.zero_sum.analysis.calls_a_raise", "plan"): "a plan (Sequence), not a number",
    ("derive.solving.zero_sum.analysis.raise_call", "plan"): "a plan (Sequence), not a number",
    ("derive.solving.families.optimal_families.optimal_families", "exclude"): "plan labels",
    ("derive.derivation.thesis.derive", "exclude"): "plan labels",
    ("derive.derivation.thesis.derive", "parameter_payoff"): (
        "the payoff in published letters, computed exactly by the library (expected_payoff) and only printed"
    ),
    (
        "derive.solving.families.indifference.support_of",
        "strategies",
    ): "reads only which probabilities are non-zero; no number reaches a result",
    ("derive.solving.lp.best_response_value", "entries"): _LP,
    ("derive.solving.lp.best_response_value", "x"): _LP,
    ("derive.solving.lp.certified_supports", "entries"): _LP,
    ("derive.solving.lp.certified_supports", "value"): _LP,
    ("derive.solving.lp.certified_supports", "plans"): _LP,
    ("derive.solving.linear_program.exact_lp", "cost"): _LP,
    ("derive.solving.lp.maximin", "entries"): _LP,
    ("derive.solving.lp.maximin_program", "entries"): _LP,
    ("derive.solving.linear_program.optimal_basis", "cost"): _LP,
    ("derive.solving.lp.row_times", "entries"): _LP,
    ("derive.solving.lp.row_times", "x"): _LP,
    ("derive.solving.linear_program.screen_lp", "cost"): _LP,
    ("derive.solving.exact_solve.solve_exact", "n"): _LP,
    ("derive.solving.exact_solve.solve_exact", "matrix"): _LP,
    ("derive.solving.exact_solve.solve_exact", "rhs"): _LP,
    ("derive.solving.exact_solve.solve_exact", "width"): _LP,
    ("derive.solving.lp.transpose", "entries"): _LP,
    ("derive.solving.lp.transpose", "sign"): _LP,
    ("derive.solving.lp.transpose_negated", "entries"): _LP,
    ("derive.solving.parameters.parametric.bet_size_analysis", "checks"): "how many random check points: "
    + _INT,
    (
        "derive.solving.families.polytope.bound_constraint",
        "expr",
    ): "family-derivation internal; callers read the domain exactly first",
    (
        "derive.solving.families.polytope.polytope",
        "raw",
    ): "family-derivation internal; check_profile_family reads the domain exactly first",
    ("derive.solving.refinements.quasi_perfect.sequence_lengths", "player"): "a player's index",
    ("derive.solving.zero_sum.best_response.best_response_values", "payoff"): _LP,
    ("derive.verification.best_response.game_best_response", "profile"): _READ,
    ("derive.verification.best_response.game_exploitability", "profile"): _READ,
    ("derive.verification.best_response.game_nash_conv", "profile"): _READ,
    ("derive.verification.best_response.profile_payoffs", "profile"): _READ,
    ("derive.verification.strategy_checks.best_response", "strategy"): _READ,
    (
        "derive.presentation.strategic_report.check_report",
        "strategies",
    ): "read by behaviour_profile (a door above)",
    ("derive.verification.strategy_checks.exploitability", "profile"): _READ,
    ("derive.verification.strategy_checks.is_nash_equilibrium", "profile"): _READ,
    ("derive.verification.strategy_checks.nash_conv", "profile"): _READ,
    ("derive.verification.strategy_checks.strategy_exploitability", "strategy"): _READ,
    ("derive.verification.positivity.positivity_certificate", "degree"): "a degree bound: " + _INT,
    ("derive.verification.simulate.with_parameters", "strategy"): _READ,
    ("derive.extensive_form.isomorphism.match_games", "max_steps"): "a search limit: " + _INT,
    ("derive.solving.general_sum.sequence_form.lemke_equilibrium", "seed"): "a random seed (of the prior)",
    ("derive.solving.general_sum.cfr.cfr_plus", "iterations"): "an iteration cap: " + _INT,
    ("derive.solving.general_sum.cfr.cfr_plus", "check_every"): "iterations between checks: " + _INT,
    ("derive.solving.general_sum.cfr.cfr_plus", "seed"): "a random seed",
    ("derive.solving.general_sum.cfr.cfr_plus", "target"): _FLOAT_GUESS,
    ("derive.solving.general_sum.from_cfr.equilibria_from_cfr", "runs"): "how many CFR runs: " + _INT,
    ("derive.solving.general_sum.from_cfr.equilibria_from_cfr", "iterations"): "an iteration cap: " + _INT,
    (
        "derive.solving.general_sum.from_cfr.equilibria_from_cfr",
        "support_seconds",
    ): "seconds of computing time",
    ("derive.solving.general_sum.from_cfr.equilibria_from_cfr", "thresholds"): _FLOAT_GUESS,
    ("derive.solving.general_sum.from_cfr.guessed_support", "threshold"): _FLOAT_GUESS,
    ("derive.solving.general_sum.from_cfr.guessed_support", "average"): _FLOAT_GUESS,
    **{
        (f"derive.verification.subgame_families.{target}", name): _SOLVED
        for target, names in [
            ("mixed_plans", ["mixed", "sequences"]),
            ("plan_verdict", ["plans"]),
            ("plan_behaviour", ["plans"]),
            ("behaviour_plans", ["strategies"]),
            ("nash_subset_verdict", ["strategies", "sequences", "vertices"]),
            ("support_family_verdict", ["strategies", "sequences", "witness"]),
            ("behaviour_family_verdict", ["strategies", "witness"]),
        ]
        for name in names
    },
    ("derive.verification.subgame_families.history_text", "history"): "moves (labels), not numbers",
    ("derive.presentation.subgame_report.verdict_latex", "math"): _PRINT,
    ("derive.presentation.general_sum_document.general_sum_document", "max_rows"): "table rows: " + _INT,
    ("derive.presentation.general_sum_document.general_sum_document", "plan_form"): _PRINT,
    ("derive.presentation.general_sum_document.general_sum_document", "plan_note"): _PRINT,
    ("derive.presentation.plan_latex.plan_values_latex", "against"): "a word for the headings",
}


def _annotation(parameter: inspect.Parameter) -> str:
    ann = parameter.annotation
    if ann is inspect.Parameter.empty:
        return ""
    return ann if isinstance(ann, str) else getattr(ann, "__name__", repr(ann))


def public_callables() -> dict[str, Callable]:
    """Every public function and class of every ``derive`` module (``__all__``, else the names
    defined there not starting with ``_``), by qualified name; exceptions left out."""
    out: dict[str, Callable] = {}
    for info in pkgutil.walk_packages(derive.__path__, "derive."):
        module = importlib.import_module(info.name)
        names = getattr(module, "__all__", None)
        if names is None:
            names = [
                n
                for n, o in vars(module).items()
                if not n.startswith("_") and getattr(o, "__module__", "") == info.name
            ]
        for name in names:
            obj = getattr(module, name)
            if not callable(obj) or not str(getattr(obj, "__module__", "")).startswith("derive"):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            out[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return out


def numeric_parameters(callables: dict[str, Callable]) -> dict[tuple[str, str], str]:
    """``(callable, parameter) -> annotation`` for every parameter that looks numeric."""
    found = {}
    for target, obj in callables.items():
        try:
            signature = inspect.signature(obj)
        except (TypeError, ValueError):
            continue
        for parameter in signature.parameters.values():
            ann = _annotation(parameter)
            if NUMERIC_ANNOTATION.search(ann) or NUMERIC_NAME.search(parameter.name):
                found[(target, parameter.name)] = ann
    return found


def uncovered(found: dict[tuple[str, str], str]) -> list[str]:
    doors = {(d.target, d.param) for d in DOORS}
    missing = []
    for (target, name), ann in sorted(found.items()):
        if (target, name) in doors or (target, name) in EXCLUDED or (name, ann) in NOT_GAME_NUMBERS:
            continue
        if target in RECORDS:
            continue
        missing.append(f"{target}({name}: {ann})")
    return missing


def test_every_numeric_parameter_is_covered():
    """Each public parameter that looks numeric is a door above or excluded with a reason."""
    missing = uncovered(numeric_parameters(public_callables()))
    assert not missing, "numeric parameters neither in DOORS nor excluded: " + "; ".join(missing)


def test_the_tables_name_real_parameters():
    """No stale entry: every door and exclusion names an existing public callable and parameter."""
    callables = public_callables()
    for target, name in [(d.target, d.param) for d in DOORS] + list(EXCLUDED):
        obj = callables.get(target)
        if obj is None and "." in target:  # a method such as Simulation.within
            owner, method = target.rsplit(".", 1)
            obj = getattr(callables.get(owner), method, None)
        assert obj is not None, target
        assert name in inspect.signature(obj).parameters, (target, name)
    for target in RECORDS:
        assert target in callables and inspect.isclass(callables[target]), target


def test_the_completeness_check_can_fail():
    """A new public function with a ``bet`` parameter (or an ``int``) is reported until it is listed."""

    def settle(pot: object, bet: object = 1, rounds: int = 1):  # pragma: no cover - never called
        return pot

    found = numeric_parameters({"derive.games.new.settle": settle})
    assert uncovered(found) == [
        "derive.games.new.settle(bet: object)",
        "derive.games.new.settle(pot: object)",
        "derive.games.new.settle(rounds: int)",
    ]
