"""Interactive exploration of a family of optimal strategies in a notebook (ipywidgets).

:class:`FamilyExplorer` works on the plan-form families of any two-player constant-sum game (an
:class:`OptimalSets` from :func:`~derive.solving.families.optimal_families.optimal_families` or a
:class:`~derive.derivation.thesis.Derivation`'s ``sets``, one parameter: Kuhn's α, the thesis's α, or
a generated ``t_1`` for a game typed in) and on the optimal set of any two-player constant-sum game (a
:class:`~derive.solving.zero_sum.sequence_form_lp.ZeroSumSolution` solved with ``all_optimal=True``,
any dimension >= 1; see :class:`GameFamilyExplorer`).

:class:`FamilyExplorer` puts a slider on the family's parameter (Kuhn's α, or
the thesis's α) and a second slider ``δ`` that moves the strategy *off* the
family, towards playing every plan of each situation equally often:

    plans(α, δ) = (1 - δ) · plans_on_family(α) + δ · uniform.

Each change redraws the player's strategy tree, lists the plan probabilities
and shows the exact exploitability (what a best-responding opponent gains
beyond the game value): 0 everywhere on the family, positive as soon as
``δ > 0``.  Both sliders move over exact rationals, so every number shown is
exact.  The computing is done by the library (:func:`derive.verification.strategy_checks.strategy_exploitability`,
:func:`derive.figures.draw_strategy_tree`); this module only wires it to widgets.
"""

from __future__ import annotations

import sympy as sp

from derive.notation.text import to_text
from derive.sequence_form.plans import game_of
from derive.solving.families.optimal_families import OptimalSets
from derive.solving.zero_sum.sequence_form_lp import ZeroSumSolution
from derive.verification import strategy_exploitability

__all__ = ["FamilyExplorer", "GameFamilyExplorer"]


def _delta_slider(description: str):
    """The slider of δ, the weight moved off the family towards uniform play: 0, 1/12, ..., 1/2 (exact)."""
    import ipywidgets as widgets

    deltas = [sp.Rational(k, 12) for k in range(7)]
    return widgets.SelectionSlider(
        options=[(to_text(d), d) for d in deltas],
        value=deltas[0],
        description=description,
        continuous_update=False,
    )


class FamilyExplorer:
    """Sliders over a one-parameter optimal family and off it, with the strategy tree and exploitability.

    Parameters
    ----------
    sets : OptimalSets
        From :func:`derive.solving.families.optimal_families.optimal_families`.
    player : int
        0 or 1 (one-card poker: opener, dealer); his family must have exactly one parameter.
    steps : int
        Number of steps of the family slider across the parameter's range (exact values).
    title : str, optional
        Title of the tree drawing.

    Attributes
    ----------
    parameter, off_family : ipywidgets.SelectionSlider
        The family parameter, and ``δ`` in ``[0, 1/2]``.
    pages : ipywidgets.Stack
        One output per position of the parameter slider, switched by a link in the browser (so an
        exported page, without a kernel, still moves along the family at δ = 0); each shows the
        tree, the plan probabilities and the exploitability.
    output : ipywidgets.Output
        The page of the parameter's current position.
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
    >>> from derive.solving.families.optimal_families import optimal_families
    >>> from derive.games.one_card import KUHN_PARAMETERS, to_extensive_form
    >>> explorer = FamilyExplorer(optimal_families(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS), 0, draw=False)
    >>> explorer.parameter.value = sp.Rational(1, 6)
    >>> explorer.state["exploitability"], explorer.state["plans"]["A:bet"]
    (0, 1/2)
    >>> explorer.off_family.value = sp.Rational(1, 4)
    >>> explorer.state["exploitability"] > 0
    True
    """

    def __new__(
        cls, sets: OptimalSets, player: int, steps: int = 12, title: str | None = None, draw: bool = True
    ):
        """A :class:`GameFamilyExplorer` when ``sets`` is a general game's solution, else this class."""
        if cls is FamilyExplorer and isinstance(sets, ZeroSumSolution):
            return GameFamilyExplorer(sets, player, steps, title, draw)
        return super().__new__(cls)

    def __init__(
        self, sets: OptimalSets, player: int, steps: int = 12, title: str | None = None, draw: bool = True
    ) -> None:
        import ipywidgets as widgets

        family = sets.families[player]
        if family.dimension != 1 or family.interval is None:
            who = game_of(sets.game).players[player]
            raise ValueError(
                f"the {who}'s optimal set has dimension {family.dimension}, not 1"
                if who[:1].islower()
                else f"{who}'s optimal set has dimension {family.dimension}, not 1"
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
        self.off_family = _delta_slider("off family δ")
        # one output per position of the parameter slider, switched by a link in the browser: an exported
        # page (no kernel) still moves along the family at δ = 0, each page drawn here beforehand
        self.pages = widgets.Stack([widgets.Output() for _ in values], selected_index=0)
        # kept: a link that is garbage-collected is closed, and leaves the page's saved widget state
        self.link = widgets.jsdlink((self.parameter, "index"), (self.pages, "selected_index"))
        self.title = title
        self.draw = draw
        self.state: dict = {}
        from IPython import get_ipython

        if get_ipython() is not None:  # in a notebook: every page along the family, at δ = 0
            for index, value in enumerate(values):
                self._show(value, sp.S.Zero, self.pages.children[index])
        self.parameter.observe(lambda _change: self.update(), names="value")
        self.off_family.observe(lambda _change: self.update(), names="value")
        self.update()

    @property
    def output(self):
        """The output widget of the parameter's current position (what is shown now)."""
        return self.pages.children[self.parameter.index]

    def plans(self, parameter=None, delta=None) -> dict:
        """The plan probabilities shown now (or at ``parameter`` and ``delta``): ``(1 - δ)`` times the
        family's at the parameter, plus ``δ`` uniform."""
        pf = self.sets.plan_form
        delta = self.off_family.value if delta is None else delta
        parameter = self.parameter.value if parameter is None else parameter
        on = {p: sp.Rational(v.subs(self.symbol, parameter)) for p, v in self.family.plans.items()}
        out = {}
        for indices in pf.groups[self.player]:
            group = [pf.plans[self.player][k] for k in indices]
            for p in group:
                out[p] = (1 - delta) * on.get(p, sp.S.Zero) + delta * sp.Rational(1, len(group))
        return out

    def update(self) -> None:
        """Recompute and redraw for the sliders' current values (called when a slider moves)."""
        self.state = self._show(self.parameter.value, self.off_family.value, self.output)

    def _show(self, parameter, delta, output) -> dict:
        """Compute the state at ``parameter`` and ``delta`` and, in a notebook, show it in ``output``."""
        from html import escape

        from IPython.display import HTML, display

        pf = self.sets.plan_form
        plans = self.plans(parameter, delta)
        strategy = pf.behaviour_strategy(self.player, plans)
        exploitability = strategy_exploitability(pf.game, strategy, self.sets.value, player=self.player)
        state = {
            "parameter": parameter,
            "delta": delta,
            "plans": {p.label: v for p, v in plans.items()},
            "exploitability": exploitability,
        }
        where = "on the family" if delta == 0 else "off the family"
        rows = "".join(
            f"<tr><td>{escape(p.label)}</td><td>{to_text(v)}</td></tr>" for p, v in plans.items() if v != 0
        )
        # HTML, not Markdown: an exported page's widget manager shows Markdown as plain text
        text = (
            f"<p><b>{to_text(self.symbol)} = {to_text(parameter)}, δ = {to_text(delta)}</b> ({where}): "
            f"exploitability <b>{to_text(exploitability)}</b></p>"
            f"<table><tr><th>plan</th><th>probability</th></tr>{rows}</table>"
        )
        from IPython import get_ipython

        if get_ipython() is None:  # not in a notebook (a script, a doctest): the state is all there is
            return state
        output.clear_output(wait=True)
        with output:
            if self.draw:
                from derive.figures import draw_strategy_tree
                from derive.presentation.notebooks import figure_image

                display(
                    figure_image(draw_strategy_tree(self.sets.game, self.player, plans, title=self.title))
                )
            display(HTML(text))
        return state

    def widget(self):
        """The sliders above the output, as one ipywidgets box to display."""
        import ipywidgets as widgets

        note = widgets.HTML(
            f"<small>In an exported page (no kernel) the {to_text(self.symbol)} slider still moves along the "
            "family, at δ = 0; moving δ needs the notebook running.</small>"
        )
        return widgets.VBox([widgets.HBox([self.parameter, self.off_family]), note, self.pages])


class GameFamilyExplorer:
    """Sliders over the optimal set of any two-player constant-sum game, and off it, with exploitability.

    One slider per parameter of the player's optimal set (its free realization-plan variables, each
    over the range its vertices span), and ``δ`` that moves the strategy off the set towards the
    uniform behaviour strategy: ``x(δ) = (1 - δ) x_on + δ x_uniform`` (realization plans).  A point
    of the sliders' box outside the set (a constraint of the range fails) is said so, naming the
    constraint, and nothing is computed there.  Every number is exact: the exploitability (what a
    best-responding opponent gains beyond the game value) is 0 on the set and positive off it.

    Parameters
    ----------
    solution : ZeroSumSolution
        From :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum` with ``all_optimal=True``.
    player : int
        0 or 1; his optimal set must have dimension at least 1.
    steps : int
        Steps of each parameter slider across its range (the vertices' coordinates are added).
    title : str, optional
        Title of the tree drawing.
    draw : bool
        Draw the strategy tree (:func:`derive.figures.extensive_tree.draw_extensive_form`).

    Attributes
    ----------
    sliders : tuple of ipywidgets.SelectionSlider
        One per parameter, in the order of the set's parameters.
    off_family : ipywidgets.SelectionSlider
        ``δ`` in ``[0, 1/2]``.
    output : ipywidgets.Output
    state : dict
        ``point`` (parameter -> value), ``delta``, ``inside`` (bool), ``failed`` (the first failing
        constraint, or None), ``plan`` (sequence label -> realization probability), ``behaviour``
        (information-set label -> {action: probability}), ``exploitability`` (exact, or None outside).

    Raises
    ------
    ValueError
        If the solution has no optimal sets, the player's set is a single point, or its vertices
        were not enumerated.
    ImportError
        If ipywidgets is not installed (``pip install -e '.[notebooks]'``).

    Examples
    --------
    Kuhn poker as a general game: the opener's optimal set is Kuhn's one-parameter family.

    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
    >>> solution = solve_zero_sum(to_extensive_form(kuhn_poker()), all_optimal=True)
    >>> explorer = FamilyExplorer(solution, 0, draw=False)
    >>> type(explorer).__name__, len(explorer.sliders), explorer.state["inside"], explorer.state["exploitability"]
    ('GameFamilyExplorer', 1, True, 0)
    >>> explorer.off_family.value = sp.Rational(1, 4)
    >>> explorer.state["exploitability"] > 0
    True
    """

    def __init__(
        self,
        solution: ZeroSumSolution,
        player: int,
        steps: int = 12,
        title: str | None = None,
        draw: bool = True,
    ) -> None:
        import ipywidgets as widgets

        from derive.sequence_form.general import game_sequence_form

        if not solution.optimal_sets:
            raise ValueError("the solution has no optimal sets: solve with all_optimal=True")
        oset = solution.optimal_sets[player]
        name = solution.game.players[player]
        if oset.dimension == 0:
            raise ValueError(f"player {name!r}'s optimal strategy is unique: there is no family to explore")
        if not oset.vertices:
            raise ValueError(f"player {name!r}'s optimal set has too many vertices to span the sliders")
        self.solution, self.player, self.set = solution, player, oset
        self.sequence_form = game_sequence_form(solution.game)
        #: the realization plan of uniform play, towards which δ moves the strategy
        self.uniform = self.sequence_form.realization(
            player, lambda label, action: sp.Rational(1, len(solution.game.infoset(player, label).actions))
        )
        self.sliders = []
        for param in oset.parameters:
            coords = sorted({v[param] for v in oset.vertices})
            lo, hi = coords[0], coords[-1]
            grid = sorted(set(coords) | {lo + (hi - lo) * sp.Rational(k, steps) for k in range(steps + 1)})
            self.sliders.append(
                widgets.SelectionSlider(
                    options=[(to_text(v), v) for v in grid],
                    value=oset.vertices[0][param],
                    description=to_text(param),
                    continuous_update=False,
                )
            )
        self.sliders = tuple(self.sliders)
        self.off_family = _delta_slider("off set δ")
        self.output = widgets.Output()
        self.title, self.draw = title, draw
        self.state: dict = {}
        for w in (*self.sliders, self.off_family):
            w.observe(lambda _change: self.update(), names="value")
        self.update()

    def update(self) -> None:
        """Recompute and redraw for the sliders' current values (called when a slider moves)."""
        from derive.verification.best_response import behaviour_profile, game_best_response

        point = {param: w.value for param, w in zip(self.set.parameters, self.sliders)}
        delta = self.off_family.value
        failed = next((c for c in self.set.constraints if not bool(c.subs(point))), None)
        self.state = {
            "point": point,
            "delta": delta,
            "inside": failed is None,
            "failed": failed,
            "plan": None,
            "behaviour": None,
            "exploitability": None,
        }
        if failed is None:
            sf, p = self.sequence_form, self.player
            on = self.set.at(point)
            x = [
                (1 - delta) * on.get(sf.label(p, k), sp.S.Zero) + delta * u
                for k, u in enumerate(self.uniform)
            ]
            plan = {sf.label(p, k): v for k, v in enumerate(x)}
            behaviour = sf.behaviour(p, x)
            game, other = self.solution.game, 1 - self.player
            profile = [behaviour, self.solution.strategies[other]]
            if self.player == 1:
                profile.reverse()
            reply = game_best_response(behaviour_profile(game, profile), other)
            secured = self.solution.constant - reply.value
            self.state.update(
                plan=plan,
                behaviour=behaviour,
                exploitability=self.solution.values[self.player] - secured,
            )
        self._show()

    def _show(self) -> None:
        from IPython import get_ipython

        if get_ipython() is None:  # not in a notebook (a script, a doctest): the state is all there is
            return
        from IPython.display import Markdown, display

        where = ", ".join(f"{to_text(k)} = {to_text(v)}" for k, v in self.state["point"].items())
        self.output.clear_output(wait=True)
        with self.output:
            if not self.state["inside"]:
                display(
                    Markdown(
                        f"**{where}** is outside the optimal set: `{to_text(self.state['failed'])}` fails."
                    )
                )
                return
            if self.draw:
                from derive.figures.extensive_tree import draw_extensive_form
                from derive.presentation.notebooks import figure_image

                profile = {self.player: self.state["behaviour"]}
                display(figure_image(draw_extensive_form(self.solution.game, profile, title=self.title)))
            rows = "\n".join(
                f"| {k} | {to_text(v)} |" for k, v in self.state["plan"].items() if k != "∅" and v != 0
            )
            display(
                Markdown(
                    f"**{where}, δ = {to_text(self.state['delta'])}**: exploitability "
                    f"**{to_text(self.state['exploitability'])}**\n\n| sequence | realization |\n|---|---|\n{rows}"
                )
            )

    def widget(self):
        """The sliders above the output, as one ipywidgets box to display."""
        import ipywidgets as widgets

        return widgets.VBox([widgets.HBox([*self.sliders, self.off_family]), self.output])
