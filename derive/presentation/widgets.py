"""Interactive exploration of a one-parameter family of optimal strategies in a notebook (ipywidgets).

:class:`FamilyExplorer` puts a slider on the family's parameter (Kuhn's α, or
the thesis's α) and a second slider ``δ`` that moves the strategy *off* the
family, towards playing every plan of each situation equally often:

    plans(α, δ) = (1 - δ) · plans_on_family(α) + δ · uniform.

Each change redraws the player's strategy tree, lists the plan probabilities
and shows the exact exploitability (what a best-responding opponent gains
beyond the game value): 0 everywhere on the family, positive as soon as
``δ > 0``.  Both sliders move over exact rationals, so every number shown is
exact.  The computing is done by the library (:func:`derive.verification.one_card.strategy_exploitability`,
:func:`derive.figures.draw_strategy_tree`); this module only wires it to widgets.
"""

from __future__ import annotations

import sympy as sp

from derive.games.one_card import PLAYER_NAMES
from derive.presentation.text import to_text
from derive.solving.families.optimal_families import OptimalSets
from derive.solving.zero_sum.one_card import behaviour_from_plans
from derive.verification.one_card import strategy_exploitability

__all__ = ["FamilyExplorer"]


class FamilyExplorer:
    """Sliders over a one-parameter optimal family and off it, with the strategy tree and exploitability.

    Parameters
    ----------
    sets : OptimalSets
        From :func:`derive.solving.families.optimal_families.optimal_families`.
    player : int
        0 (opener) or 1 (dealer); his family must have exactly one parameter.
    steps : int
        Number of steps of the family slider across the parameter's range (exact values).
    title : str, optional
        Title of the tree drawing.

    Attributes
    ----------
    parameter, off_family : ipywidgets.SelectionSlider
        The family parameter, and ``δ`` in ``[0, 1/2]``.
    output : ipywidgets.Output
        Where the tree, the plan probabilities and the exploitability are shown.
    state : dict
        What is shown now: ``parameter``, ``delta`` (exact), ``plans`` (plan label -> probability),
        ``exploitability`` (exact).

    Raises
    ------
    ValueError
        If the player's family does not have exactly one parameter.
    ImportError
        If ipywidgets is not installed (``pip install -e '.[notebooks]'``).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> from derive.sequence_form.strategies import KUHN_PARAMETERS
    >>> explorer = FamilyExplorer(optimal_families(build_tree(kuhn_poker()), KUHN_PARAMETERS), 0, draw=False)
    >>> explorer.parameter.value = sp.Rational(1, 6)
    >>> explorer.state["exploitability"], explorer.state["plans"]["A:bet"]
    (0, 1/2)
    >>> explorer.off_family.value = sp.Rational(1, 4)
    >>> explorer.state["exploitability"] > 0
    True
    """

    def __init__(
        self, sets: OptimalSets, player: int, steps: int = 12, title: str | None = None, draw: bool = True
    ) -> None:
        import ipywidgets as widgets

        family = sets.families[player]
        if family.dimension != 1 or family.interval is None:
            raise ValueError(
                f"the {PLAYER_NAMES[player]}'s optimal set has dimension {family.dimension}, not 1"
            )
        self.sets, self.player, self.family = sets, player, family
        self.symbol = family.parameters[0]
        lo, hi = family.interval.start, family.interval.end
        values = [lo + (hi - lo) * sp.Rational(k, steps) for k in range(steps + 1)]
        self.parameter = widgets.SelectionSlider(
            options=[(to_text(v), v) for v in values],
            value=values[0],
            description=to_text(self.symbol),
            continuous_update=False,
        )
        deltas = [sp.Rational(k, 12) for k in range(7)]
        self.off_family = widgets.SelectionSlider(
            options=[(to_text(d), d) for d in deltas],
            value=deltas[0],
            description="off family δ",
            continuous_update=False,
        )
        self.output = widgets.Output()
        self.title = title
        self.draw = draw
        self.state: dict = {}
        self.parameter.observe(lambda _change: self.update(), names="value")
        self.off_family.observe(lambda _change: self.update(), names="value")
        self.update()

    def plans(self) -> dict:
        """The plan probabilities shown now: ``(1 - δ)`` times the family's at the parameter, plus ``δ`` uniform."""
        game = self.sets.game
        delta = self.off_family.value
        on = {p: sp.Rational(v.subs(self.symbol, self.parameter.value)) for p, v in self.family.plans.items()}
        out = {}
        for situation in game.infosets[self.player]:
            if not game.parent_sequence[situation].is_empty:
                continue
            group = [p for p in game.plans(self.player) if game.situation_of(p) == situation]
            for p in group:
                out[p] = (1 - delta) * on.get(p, sp.S.Zero) + delta * sp.Rational(1, len(group))
        return out

    def update(self) -> None:
        """Recompute and redraw for the sliders' current values (called when a slider moves)."""
        from IPython.display import Markdown, display

        game = self.sets.game
        plans = self.plans()
        strategy = behaviour_from_plans(game, self.player, plans)
        exploitability = strategy_exploitability(game, strategy, self.sets.value)
        self.state = {
            "parameter": self.parameter.value,
            "delta": self.off_family.value,
            "plans": {p.label: v for p, v in plans.items()},
            "exploitability": exploitability,
        }
        where = "on the family" if self.off_family.value == 0 else "off the family"
        rows = "\n".join(f"| {p.label} | {to_text(v)} |" for p, v in plans.items() if v != 0)
        text = (
            f"**{to_text(self.symbol)} = {to_text(self.parameter.value)}, δ = {to_text(self.off_family.value)}** "
            f"({where}): exploitability **{to_text(exploitability)}**\n\n| plan | probability |\n|---|---|\n{rows}"
        )
        from IPython import get_ipython

        if get_ipython() is None:  # not in a notebook (a script, a doctest): the state is all there is
            return
        self.output.clear_output(wait=True)
        with self.output:
            if self.draw:
                from derive.figures import draw_strategy_tree
                from derive.presentation.notebooks import figure_image

                display(figure_image(draw_strategy_tree(game, self.player, plans, title=self.title)))
            display(Markdown(text))

    def widget(self):
        """The sliders above the output, as one ipywidgets box to display."""
        import ipywidgets as widgets

        return widgets.VBox([widgets.HBox([self.parameter, self.off_family]), self.output])
