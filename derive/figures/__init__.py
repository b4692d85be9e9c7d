"""Figures: strategy trees, the game tree, a family's plans, values against the bet size, simulations.

* :func:`draw_strategy_tree` -- one player's strategy as his own decision tree (below);
* :func:`draw_game_tree` -- the extensive form, one panel per opener's card,
  with the opener's information sets joined by dashed bridges;
* :func:`draw_family_plans` -- plan probabilities along a one-parameter family (e.g. the thesis's α);
* :func:`draw_value_by_bet_size` -- exact game values against the bet size
  (the values are an input: figures never solve);
* :func:`draw_play_values` -- Three Card Poker: each hand's expected value of playing against
  the fold line (:mod:`derive.casino`);
* :func:`draw_running_means` -- Monte Carlo runs of :mod:`derive.verification.simulate`
  against the exact expected payoff.

:func:`draw_strategy_tree` draws, for one player, the decisions that player
makes with each card -- the opener's card is his first decision; the dealer
decides either after a check ("checked to") or facing a bet ("bet to") --
and labels every action with its *behaviour probability*: the probability of
the action given that the player's own play reaches the decision,

    P(a | I) = r(I, a) / r(parent sequence of I),

where the realization ``r(s)`` of a sequence is the sum of the probabilities
of the plans that extend it (Koller, Megiddo & von Stengel 1994).  The
probabilities are typeset from the exact sympy expressions (possibly in the
thesis's α), so a figure of an optimal *family* shows the whole family.  A
decision that the player's own play never reaches has no behaviour
probability; its actions are marked "—" (see the pitfall "unreached
information sets" in PITFALLS.md).

:func:`save_figure` writes PNG, PDF or SVG with fixed metadata, so that a
rerun writes byte-identical files; :func:`save_pages` writes several figures as the pages of one PDF.

Only matplotlib's object-oriented API is used (``Figure`` with an Agg
canvas); pyplot's global state is never touched.  Floats appear only here,
as positions and sizes in inches: every probability is an exact sympy
expression until it is turned into text.

The package holds one concern per module, imported one way (no cycles):
:mod:`~derive.figures.style` (colours, sizes, rcParams) and
:mod:`~derive.figures.labels` (exact numbers and their text) at the bottom;
:mod:`~derive.figures.measure` (text sizes), :mod:`~derive.figures.legend`
(legend rows), :mod:`~derive.figures.plans` (plan probabilities) above them;
then one module per kind of figure -- :mod:`~derive.figures.strategy_tree`,
:mod:`~derive.figures.game_tree`, :mod:`~derive.figures.family_plot`,
:mod:`~derive.figures.value_plots`, :mod:`~derive.figures.simulation_plot`,
:mod:`~derive.figures.casino_plot` -- and :mod:`~derive.figures.save`.  This package re-exports their public names.
"""

from __future__ import annotations

from derive.figures.casino_plot import draw_play_values
from derive.figures.family_plot import draw_family_plans
from derive.figures.game_tree import draw_game_tree
from derive.figures.save import save_figure, save_pages
from derive.figures.simulation_plot import draw_running_means
from derive.figures.strategy_tree import draw_strategy_tree
from derive.figures.value_plots import draw_value_by_bet_size, draw_value_curves

__all__ = [
    "draw_family_plans",
    "draw_play_values",
    "draw_game_tree",
    "draw_running_means",
    "draw_strategy_tree",
    "draw_value_by_bet_size",
    "draw_value_curves",
    "save_figure",
    "save_pages",
]
