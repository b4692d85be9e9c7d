"""The main job: derive Kuhn poker and the thesis's one-raise game, write figures and LaTeX.

:func:`derive_kuhn` and :func:`derive_one_raise` (:mod:`derive.derivation.thesis`, imported
here) chain the pipeline stages (rules -> tree -> bilinear payoff -> optimal families ->
verification) and return a :class:`GameReport`; :func:`reproduce` writes what a reader looks at
(strategy-tree figures, LaTeX fragments) and :func:`summary` says what was found.  Nothing here
computes anything the stages do not.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

import sympy as sp

from derive.derivation.thesis import _MEANINGS, GameReport, derive_kuhn, derive_one_raise
from derive.games.one_card import PLAYER_NAMES, alpha, beta, eta, gamma, thesis_removed_items, xi
from derive.games.one_card.words import is_one_card, rules_of
from derive.notation.text import to_text
from derive.presentation.errors import OutputError
from derive.presentation.latex import (
    collected_latex,
    family_latex,
    indifference_latex,
    payoff_latex,
    value_latex,
)
from derive.presentation.output_files import (
    atomic_write,
    draw_in_parallel,
    make_folder,
    writable_folder,
)
from derive.presentation.output_files import write_document as write_files
from derive.solving.families.optimal_families import locate_family

__all__ = [
    "GameReport",
    "OutputError",
    "derive_kuhn",
    "derive_one_raise",
    "family_location",
    "GAMES",
    "reproduce",
    "summary",
    "value_curve_figure",
    "write_document",
    "write_thesis_document",
]


def _latex_files(report: GameReport) -> dict[str, str]:
    name = rules_of(report.game).name
    sets = report.sets
    extra = {}
    if report.parameter_payoff is not None:
        extra = {
            f"{report.key}_payoff_letters_by_dealer.tex": collected_latex(report.parameter_payoff, [xi, eta]),
            f"{report.key}_payoff_letters_by_opener.tex": collected_latex(
                report.parameter_payoff, [alpha, beta, gamma]
            ),
        }
    return extra | {
        f"{report.key}_payoff_by_dealer.tex": payoff_latex(report.payoff, 1),
        f"{report.key}_payoff_by_opener.tex": payoff_latex(report.payoff, 0),
        f"{report.key}_indifference_opener.tex": indifference_latex(sets.families[0]),
        f"{report.key}_indifference_dealer.tex": indifference_latex(sets.families[1]),
        f"{report.key}_family_opener.tex": family_latex(sets, 0),
        f"{report.key}_family_dealer.tex": family_latex(sets, 1),
        f"{report.key}_value.tex": value_latex(sets.value, name),
    }


def _figures(report: GameReport) -> dict[str, Callable[[], object]]:
    """Each player's optimal strategy tree, plus per-game extras (game tree, family plot): file stem ->
    a function drawing it (so that the drawing, too, can be done in another process)."""
    from derive.figures import draw_family_plans, draw_game_tree, draw_strategy_tree

    game = report.game
    out: dict[str, Callable[[], object]] = {}
    if report.key == "kuhn":
        out["kuhn_game_tree"] = lambda: draw_game_tree(game)
    else:
        out["one_raise_game_tree_K"] = lambda: draw_game_tree(game, cards=["K"])
        out["one_raise_opener_family"] = lambda: draw_family_plans(
            game,
            report.sets.families[0],
            parameter_name="α: probability that the opener checkraises the ace",
        )
    for player, role in ((0, "opener"), (1, "dealer")):
        fam = report.sets.families[player]
        if fam.interval is not None:
            rng = f" ({to_text(fam.parameters[0])} ∈ {to_text(fam.interval)})"
        else:
            rng = " (unique)" if fam.dimension == 0 else ""
        title = f"{role.capitalize()}'s optimal strategy, {rules_of(game).name}{rng}"
        out[f"{report.key}_{role}_strategy"] = partial(
            draw_strategy_tree, game, player, fam.plans, title=title
        )
    return out


def _panels(report: GameReport) -> tuple[str, Callable[[], list[object]]]:
    """One strategy-tree panel per player and card, for the printed document (legible at print size):
    the file name and a function drawing its pages (:func:`derive.presentation.document.panel_pages`).

    A whole tree of the one-raise game is about 17 inches wide: scaled to a page its labels shrink to
    about 3.5 pt.  One card's panel, drawn bare (no title, legend or minimum width: the document's
    figure caption says those once), is set beside the other cards' as a subfigure.  The panels are
    the pages of one PDF per game, so that its fonts are embedded once, not once a panel.
    """
    from derive.figures import draw_strategy_tree
    from derive.presentation.document import panel_file, panel_pages

    one_card = is_one_card(report.game)

    def pages() -> list[object]:
        out = []
        for player, role, card in panel_pages(report):
            fam = report.sets.families[player]
            if one_card:
                title = f"{role.capitalize()} holding {card}, {rules_of(report.game).name}"
                out.append(
                    draw_strategy_tree(report.game, player, fam.plans, title=title, cards=[card], bare=True)
                )
            else:  # any other game: one panel per situation
                title = f"{role} at {card}, {report.name}"
                out.append(
                    draw_strategy_tree(
                        report.game, player, fam.plans, title=title, situations=[card], bare=True
                    )
                )
        return out

    return panel_file(report), pages


def value_curve_figure() -> object:
    """The exact value against the bet size, from the parametric sequence-form LP
    (:func:`derive.solving.parameters.parametric_lp.parametric_solve`).

    Kuhn poker (identical with one raise) and four cards with one bet, ante 1, bet sizes 0 to 5; the
    breakpoints where the value's formula changes are marked with their exact bet sizes.  Used by
    ``derive reproduce`` and notebook 05.
    """
    from derive.figures import draw_value_curves
    from derive.games.one_card import one_card_poker, to_extensive_form
    from derive.solving.parameters.parametric import b
    from derive.solving.parameters.parametric_lp import parametric_solve

    curves = {}
    for label, (n, k) in {
        "Kuhn poker and one-raise poker (N = 3; identical)": (3, 1),
        "N = 4, one bet": (4, 1),
    }.items():
        sol = parametric_solve(to_extensive_form(one_card_poker(n, k, bet=b)), b, 0, 5)
        branches = [(first.value, b <= last.upper.point) for first, last in sol.value_runs()]
        branches[-1] = (branches[-1][0], True)
        curves[label] = (sp.Piecewise(*branches), [condition.rhs for _, condition in branches[:-1]])
    return draw_value_curves(curves, b, b_max=5)


def reproduce(
    out: Path | str = "figures", progress: Callable[[str], None] | None = None, refine: str = "quasi-perfect"
) -> tuple[list[GameReport], list[Path]]:
    """Derive both games and write the figures (PNG, PDF) and LaTeX fragments under ``out``.

    Files: ``out/<game>_<player>_strategy.{png,pdf}``, the game trees
    ``out/kuhn_game_tree.*`` and ``out/one_raise_game_tree_K.*``, the
    opener's family ``out/one_raise_opener_family.*``, the value against the
    bet size ``out/value_by_bet_size.*``, the per-card strategy panels
    ``out/<game>_strategy_panels.pdf`` (one a page),
    ``out/latex/<game>_*.tex`` (fragments) and ``out/latex/derivation.tex``
    (a standalone document that includes the panels' pages from ``out/``).  Everything is computed before anything is
    written (the figures are drawn into a temporary folder, in two processes where there are two
    CPUs), and each file is moved into place atomically, so a failure leaves
    nothing half-written; reruns give byte-identical files.  ``refine`` chooses the single
    equilibrium reported beside the families (quasi-perfect by default).

    Returns
    -------
    (list of GameReport, list of Path)

    Raises
    ------
    OutputError
        If ``out`` is not a writable folder (checked before any work).
    """

    out = writable_folder(out)
    say = progress or (lambda _msg: None)
    say("deriving Kuhn poker ...")
    reports = [derive_kuhn(refine)]
    say("deriving the one-raise game ...")
    reports.append(derive_one_raise(refine))
    say("deriving the value as a function of the bet size, drawing figures and writing LaTeX ...")
    texts: dict[Path, str] = {}
    # file stem -> (suffixes, drawing); the value curve first: it is derived as well as drawn
    figures: dict[str, tuple[tuple[str, ...], Callable[[], object]]] = {
        "value_by_bet_size": ((".png", ".pdf"), value_curve_figure)
    }
    for r in reports:
        name, pages = _panels(r)  # the document's panels, one PDF of pages
        figures[name] = (("",), pages)
        for stem, draw in _figures(r).items():
            figures[stem] = ((".png", ".pdf"), draw)

    def write_texts() -> None:  # in this process while the figures are drawn
        from derive.presentation.document import document_inputs, thesis_document

        texts[out / "latex" / "derivation.tex"] = thesis_document(
            document_inputs(reports), graphics_path="../"
        )
        for r in reports:
            for name, text in _latex_files(r).items():
                texts[out / "latex" / name] = text

    try:
        make_folder(out / "latex")
    except OSError as exc:
        raise OutputError(f"cannot create output folder {str(out)!r}: {exc.strerror}") from None
    with tempfile.TemporaryDirectory(dir=out, prefix=".tmp-") as tmp:
        staged = draw_in_parallel(figures, Path(tmp), also=write_texts)
        written = []
        for path, text in texts.items():
            atomic_write(path, text.encode())
            written.append(path)
        for name in staged:
            os.replace(Path(tmp) / name, out / name)
            written.append(out / name)
    return reports, written


#: Games the document commands know, by command-line name.
GAMES: dict[str, Callable[[], GameReport]] = {"kuhn": derive_kuhn, "one-raise": derive_one_raise}


def write_document(
    out: Path | str,
    games: tuple[str, ...] = ("kuhn", "one-raise"),
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    keep_aux: bool = False,
    stem: str = "derivation",
) -> list[Path]:
    """Write ``out/derivation.tex`` (a standalone document) and the figures it includes
    (``out/<game>_strategy_panels.pdf``, a page per player and card).

    Parameters
    ----------
    out : path
        Output folder (created).
    games : tuple of str
        Keys of :data:`GAMES`, in order.
    compile_pdf : bool
        Also run ``pdflatex`` twice to produce ``out/derivation.pdf``.
    keep_aux : bool, optional
        Keep pdflatex's ``.aux`` and ``.log`` files (default: only the PDF is left).
    stem : str, optional
        The document's file name without ``.tex`` (``derive latex kuhn`` writes ``kuhn.tex``, the same
        text as ``derive latex --game kuhn``'s ``derivation.tex``).

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    OutputError
        If ``out`` is not a writable folder, a game is unknown, or
        ``pdflatex`` is needed but missing or fails.
    """

    from derive.presentation.document import document_inputs, thesis_document

    unknown = [g for g in games if g not in GAMES]
    if unknown:
        raise OutputError(f"unknown game {unknown[0]!r} (known: {', '.join(GAMES)})")
    out = writable_folder(out)
    say = progress or (lambda _msg: None)
    say("deriving ...")
    reports = [GAMES[g]() for g in games]
    figures = {name: (("",), pages) for name, pages in (_panels(r) for r in reports)}
    texts = []

    def write_text() -> None:  # in this process while the panels are drawn
        texts.append(thesis_document(document_inputs(reports), graphics_path="./"))

    try:
        make_folder(out)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {str(out)!r}: {exc.strerror}") from None
    written = []
    with tempfile.TemporaryDirectory(dir=out, prefix=".tmp-") as tmp:
        for name in draw_in_parallel(figures, Path(tmp), also=write_text):
            os.replace(Path(tmp) / name, out / name)
            written.append(out / name)
    return written + write_files(out, stem, texts[0], None, compile_pdf, keep_aux, say)


def write_thesis_document(
    game,
    out: Path | str,
    stem: str,
    compile_pdf: bool = False,
    progress: Callable[[str], None] | None = None,
    names=None,
    keep_aux: bool = False,
) -> list[Path]:
    """Write the thesis's document (:func:`derive.presentation.document.thesis_document`) for any
    two-player constant-sum game: ``out/<stem>.tex`` and the strategy panels it includes
    (``out/<key>_strategy_panels.pdf``, a page per player and situation), optionally compiled.

    The game is derived by :func:`derive.derivation.thesis.derive` (names from the builder's metadata
    where present, generated otherwise) before any folder is created; its tree is drawn as TikZ in the
    first subsection when it has at most 40 leaves and fits.

    Parameters
    ----------
    game : Game
        Two players, constant-sum, numeric payoffs, perfect recall, plans few enough to list.
    out : path
        Output folder (created).
    stem : str
        The document's file name without ``.tex``.
    compile_pdf : bool
        Also run ``pdflatex`` twice, producing ``out/<stem>.pdf``.
    names : mapping, optional
        ``parameter name -> sequence label`` (``{"alpha": "Q:bet"}``), see
        :func:`derive.derivation.thesis.named_sequences`.
    keep_aux : bool, optional
        Keep pdflatex's ``.aux`` and ``.log`` files.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    NotSupportedError, ImperfectRecallError, GameModelError, ValueError
        From :func:`derive.derivation.thesis.derive` (nothing is written).
    OutputError
        If ``out`` is not a writable folder, or ``pdflatex`` is needed but missing or fails.
    """
    from dataclasses import replace

    from derive.derivation.thesis import derive
    from derive.figures.tikz import TikzLayoutError, tikz_game_tree
    from derive.presentation.document import document_inputs, thesis_document

    say = progress or (lambda _msg: None)
    say("deriving ...")
    report = derive(game, names or None)
    report = replace(report, key=stem)  # the panels' file is named after the document
    tree = None
    if len(game.terminals) <= 40:
        try:
            tree = tikz_game_tree(game, width=17.0)
        except TikzLayoutError:
            tree = None
    out = writable_folder(out)
    name, pages = _panels(report)
    texts = []

    def write_text() -> None:  # in this process while the panels are drawn
        texts.append(thesis_document(document_inputs([report], [tree]), graphics_path="./"))

    written = []
    with tempfile.TemporaryDirectory(dir=out, prefix=".tmp-") as tmp:
        for staged in draw_in_parallel({name: (("",), pages)}, Path(tmp), also=write_text):
            os.replace(Path(tmp) / staged, out / staged)
            written.append(out / staged)
    return written + write_files(out, stem, texts[0], None, compile_pdf, keep_aux, say)


def _plans_text(fam, pf, player) -> list[str]:
    """The family's plans with positive probability, situation by situation (``pf``: the plan form)."""
    lines = []
    for group in pf.groups[player]:
        situation = pf.plans[player][group[0]].situation
        parts = [
            f"{p.name} {to_text(fam.plans[p])}"
            for p in (pf.plans[player][k] for k in group)
            if fam.plans[p] != 0
        ]
        where = pf.situation_text(player, situation)
        lines.append(f"      {where:<14} {', '.join(parts)}")
    return lines


def family_location(report: GameReport) -> str:
    """Where the reported one-parameter opener family lies in the full game's optimal set."""
    if report.full_sets is None:
        return ""
    return locate_family(report.full_sets.families[0], report.sets.families[0])


def summary(reports: list[GameReport]) -> str:
    """A short human summary: each game's value and both families, and what was verified."""
    lines = []
    for r in reports:
        g = rules_of(r.game)
        sets = r.sets
        lines.append(
            f"{g.name}: deck {' < '.join(g.deck)}, ante {g.ante}, bet {g.bet}, max bets {g.max_bets}  [{r.source}]"
        )
        lines.append(f"  game value to the opener: {to_text(sets.value)}")
        if sets.excluded:
            items = ", ".join(str(k) for k in thesis_removed_items())
            lines.append(f"  after removing the thesis's stupid mistakes (items {items}):")
        for player, role in ((0, "opener"), (1, "dealer")):
            fam = sets.families[player]
            if fam.dimension == 0:
                head = "unique optimal strategy"
            elif fam.interval is not None:
                head = f"optimal family, {to_text(fam.parameters[0])} ∈ {to_text(fam.interval)}"
                meaning = _MEANINGS.get(r.key, {}).get(fam.parameters[0])
                if meaning is not None:
                    head += f"  ({to_text(fam.parameters[0])}: {meaning})"
            else:
                head = f"optimal set of dimension {fam.dimension}"
            lines.append(f"    {role}: {head}")
            lines.extend(_plans_text(fam, sets.plan_form, player))
            named = [f"{to_text(k)} = {to_text(v)}" for k, v in fam.named.items() if k not in fam.parameters]
            if named:
                lines.append(f"      {', '.join(named)}")
        for a in r.admissible:
            lines.append(f"    {a.describe('the ' + PLAYER_NAMES[a.player], to_text)}")
        if r.equilibrium is not None:
            lines.extend(_equilibrium_text(r))
        ok = all(c.all_optimal for c in r.checks)
        npts = sum(len(c.points) for c in r.checks)
        lines.append(
            f"  verified: exploitability 0 at {npts} family points (vertices and midpoints): {'yes' if ok else 'NO'}"
        )
        if r.full_sets is not None:
            dims = [f.dimension for f in r.full_sets.families]
            lines.append(
                f"  full game (no plan removed): value {to_text(r.full_sets.value)}; "
                f"optimal sets of dimension {dims[0]} (opener) and {dims[1]} (dealer)"
            )
            lines.append(f"  {family_location(r)}")
            for a in r.full_admissible:
                lines.append(f"    full game: {a.describe('the ' + PLAYER_NAMES[a.player], to_text)}")
        lines.append("")
    return "\n".join(lines)


def _equilibrium_text(r: GameReport) -> list[str]:
    """The reported equilibrium: where it lies in the families, and every information set's play."""
    eq = r.equilibrium
    quasi = eq.method.startswith("quasi-perfect")
    lines = [
        "  "
        + (
            "quasi-perfect equilibrium (exact limit of the perturbed LP; sensible off the path):"
            if quasi
            else "the LP's equilibrium (--refine none):"
        )
    ]
    for player in (0, 1):
        fam = r.sets.families[player]
        plans = eq.plans[player]
        point = None
        if fam.covers(plans):
            point = fam.parameters_of(plans)
        if point is None:
            where = "outside the reported family"
        elif not point:
            where = "the unique optimal strategy"
        else:
            where = "the member " + ", ".join(f"{to_text(k)} = {to_text(v)}" for k, v in point.items())
        off = {i.label for i in eq.off_path if i.player == player}
        moves = "; ".join(
            f"{label}{'*' if label in off else ''}: "
            + ", ".join(f"{a}" + ("" if v == 1 else f" {to_text(v)}") for a, v in dist.items() if v != 0)
            for label, dist in eq.strategies[player].probabilities.items()
        )
        lines.append(f"    {PLAYER_NAMES[player]}: {where}")
        lines.append(f"      {moves}")
    lines.append("      (* off the path of play)")
    return lines
