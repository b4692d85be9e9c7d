r"""The derivation document of a two-player general-sum game or of a game with three or more players.

:mod:`derive.presentation.general_latex` writes the derivation of a two-player constant-sum game.
This module writes the same kind of standalone article for every other game ``derive solve``
solves, and solves nothing itself: :func:`~derive.derivation.general.solve_general` calls the solver
``derive solve GAME --all`` would (:func:`derive.solving.general_sum.two_player.all_equilibria` for two
players, :func:`~derive.derivation.solve.sequence_form_equilibria` when their reduced strategic
form is too large, :func:`derive.solving.general_sum.support_enumeration.support_enumeration` for
three or more players, :func:`derive.solving.general_sum.from_cfr.equilibria_from_cfr` when that is
out of reach) and decides subgame perfection with :mod:`derive.verification.subgame_families`;
:func:`general_sum_document` typesets the result:

* the game (players, size, kind, the tree);
* the plans per situation and the dominated plans (two players, as the constant-sum document), or
  for three or more players the plans per situation and the strictly dominated reduced strategies;
* the reduced strategic form, its strategies numbered (``R1``, ``C1`` for two players; ``sigma_{p,k}``
  the probability of player ``p``'s ``k``-th strategy for more);
* every equilibrium or family with its exact conditions, payoffs, a verified member and whether
  it is subgame perfect (naming the subgame where it is not);
* each player's values at the witness, situation by situation (plans) or information set by
  information set on the path;
* what was computed and how.

The families' parameters are renamed to short symbols (``x_{3}``, ``\sigma_{1,2}``, ``\theta_{1}``)
with a legend, so no label enters the mathematics.  Everything printed is exact; long tables are
cut at ``max_rows`` rows with the totals stated.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from derive.derivation.general import GeneralSolution, solve_general  # importable from here as before
from derive.derivation.solve import builtin_match, published_memberships
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.latex import escape_text
from derive.presentation.general_latex import document_head, to_latex
from derive.presentation.plan_latex import KEEP_WITH_TABLE, MAX_ROWS, _cut, _table, _tt

__all__ = ["GeneralSolution", "general_sum_document", "solve_general"]

#: The payoff table of a two-player reduced strategic form is printed when neither player has more
#: strategies than this.
MAX_TABLE_STRATEGIES = 10

GE, LE = "\\ge", "\\le"

#: Marks an action played with positive probability.
STAR = "$^{\\ast}$"

#: Equilibria (Nash subsets, families) whose values are tabulated at their member; the others are
#: stated to be checked the same way.
MAX_VALUE_TABLES = 4


# --------------------------------------------------------------------------------- small pieces


def _m(expr: object, rename: Callable[[object], object] | None = None) -> str:
    """``$...$`` of an exact expression (after ``rename``)."""
    return f"${to_latex(rename(expr) if rename else sp.sympify(expr))}$"


def _renamer(names: dict[str, sp.Symbol]) -> Callable[[object], sp.Expr]:
    """``expr -> expr`` with each symbol whose name is in ``names`` replaced by its short symbol."""

    def rename(expr: object) -> sp.Expr:
        """``expr`` with the long symbols replaced by their short names."""
        e = sp.sympify(expr)
        swap = {s: names[s.name] for s in e.free_symbols if s.name in names}
        return e.xreplace(swap) if swap else e

    return rename


def _conditions_latex(conditions, params, rename) -> str:
    """A family's conditions as one ``align*``: each parameter's bounds on one line (``0 \\le t_1 \\le 1``,
    three to a line), then every other condition as ``expr \\ge 0`` (``>``, ``\\ne`` kept)."""
    from derive.solving.families.polytope import slack

    low: dict = {}
    high: dict = {}
    rest = []
    for c in conditions:
        strict = isinstance(c, (sp.StrictGreaterThan, sp.StrictLessThan))
        try:
            e = slack(c)
        except TypeError:
            rest.append(to_latex(rename(c)))
            continue
        syms = e.free_symbols & set(params)
        if len(syms) == 1 and e.free_symbols == syms and sp.Poly(e, *syms).total_degree() == 1:
            (t,) = syms
            a = e.coeff(t)
            bound = -(e - a * t) / a
            side = low if a > 0 else high
            old = side.get(t)
            tighter = old is None or (bound > old[0] if a > 0 else bound < old[0])
            if tighter or (bound == old[0] and strict):
                side[t] = (bound, strict)
            continue
        rest.append(f"{to_latex(rename(e))} {'>' if strict else GE} 0")
    bounds = []
    for t in params:
        if t not in low and t not in high:
            continue
        text = to_latex(rename(t))
        if t in low:
            text = f"{to_latex(low[t][0])} {'<' if low[t][1] else LE} {text}"
        if t in high:
            text = f"{text} {'<' if high[t][1] else LE} {to_latex(high[t][0])}"
        bounds.append(text)
    lines = [",\\quad ".join(bounds[k : k + 3]) for k in range(0, len(bounds), 3)] + rest
    if not lines:
        return ""
    return "\\begin{align*}\n" + " \\\\\n".join(f"&{line}" for line in lines) + "\n\\end{align*}"


def _verdict(game: Game, verdict, rename) -> str:
    """The LaTeX of a subgame-perfection verdict, its parameters renamed by ``rename``."""
    from derive.presentation.subgame_report import verdict_latex

    return "\n" + verdict_latex(game, verdict, lambda e: to_latex(rename(e)), escape_text)


def _short_verdict(game: Game, verdict) -> str:
    """A table cell: ``yes``, ``no`` (with the subgame), or ``not decided``."""
    from derive.verification.subgame_families import history_text

    if verdict.subgame_perfect is True:
        return "yes"
    if verdict.subgame_perfect is False:
        return "no, after " + "; ".join(
            escape_text(history_text(game, verdict.histories[r])) for r in verdict.failures
        )
    return "see below" if verdict.conditions else "not decided"


def _plans_n_latex(game: Game, max_rows: int) -> str:
    """Each player's situations and plans for any number of players (names as the plan form gives them)."""
    from derive.sequence_form.general import game_sequence_form
    from derive.sequence_form.plans import MAX_PLANS, _list_plans, _name_plans, count_plans

    sf = game_sequence_form(game)
    out = [
        "A \\emph{situation} of a player is an information set at which he makes his first move of a play; "
        "a \\emph{plan} in a situation is a reduced pure strategy of the game below it (an action there, "
        "then an action at every later information set of his that this plan does not exclude). A reduced "
        "strategy of the whole game is one plan per situation (Miao 2014 calls plans complete strategies)."
    ]
    for p in range(game.num_players):
        rows = []
        sits = [i for i in game.infosets_of(p) if sf.parent[i.index] == 0]
        for info in sits[:max_rows]:
            n = count_plans(sf, info)
            if n > MAX_PLANS:
                names = f"(more than {MAX_PLANS:,}: not listed)"
            else:
                listed = sorted(_list_plans(sf, info), key=lambda t: t[3])
                shown = _name_plans(game, p, info.label, listed)
                names = ", ".join(_tt(x) for x in shown[:12]) + (
                    f", \\dots{{}} ({len(shown) - 12} more)" if len(shown) > 12 else ""
                )
            rows.append(f"{_tt(info.label)} & {n:,} & {names} \\\\")
        out.append(
            KEEP_WITH_TABLE
            + f"\\paragraph{{{escape_text(game.players[p])}.}} {len(sits)} situation{'s' if len(sits) != 1 else ''}."
        )
        out += _table("situation & plans & names", "lrp{11cm}", rows)
        out += _cut(min(max_rows, len(sits)), len(sits), "situations")
    return "\n".join(out)


def _n_player_dominance_latex(game: Game, max_rows: int) -> str:
    """Iterated strict dominance among reduced strategies (three or more players), or why it is not computed."""
    from derive.dominance.n_player import iterated_strict_dominance

    try:
        result = iterated_strict_dominance(game)
    except NotSupportedError as exc:
        return (
            "Dominance among reduced strategies is decided on the reduced strategic form, which is not "
            f"built here: {escape_text(str(exc))}."
        )
    head = (
        "Iterated elimination of reduced strategies strictly dominated by another pure strategy of the same "
        "player: round by round, every strategy that earns its player less than another against every "
        "remaining pure profile of the others is removed (all players at once). Strictly dominated "
        "strategies are never played in an equilibrium, so every equilibrium survives."
    )
    if not result.removed:
        return head + "\n\nNo reduced strategy is strictly dominated by a pure one."
    rows = [
        f"{d.round} & {escape_text(game.players[d.player])} & {_tt(d.strategy)} & {_tt(d.dominator)} \\\\"
        for d in result.removed[:max_rows]
    ]
    body = _table("round & player & strategy & dominated by", "rlp{5.5cm}p{5.5cm}", rows)
    left = "; ".join(
        f"{escape_text(game.players[p])} keeps {len(r)} of {len(result.strategies[p])}"
        for p, r in enumerate(result.remaining)
    )
    return "\n".join([head, *body, *_cut(len(rows), len(result.removed), "removals"), f"In the end: {left}."])


def _strategy_table(game: Game, labels, names, max_rows: int) -> list[str]:
    """Per player a table ``name & choices`` of his reduced strategies (cut at ``max_rows``)."""
    out = []
    for p in range(game.num_players):
        rows = [f"{names[p][k]} & {_tt(label)} \\\\" for k, label in enumerate(labels[p][:max_rows])]
        out.append(
            KEEP_WITH_TABLE + f"\\paragraph{{{escape_text(game.players[p])}.}} {len(labels[p])} reduced "
            f"strateg{'y' if len(labels[p]) == 1 else 'ies'}."
        )
        out += _table("strategy & its choices", "lp{13cm}", rows)
        out += _cut(len(rows), len(labels[p]), "strategies")
    return out


def _mixture(dist: dict, names: dict, rename=None) -> str:
    """``$\\frac{1}{2}$ R1 + $\\frac{1}{2}$ R2`` (only the strategies with non-zero probability)."""
    parts = []
    for label, v in dist.items():
        v = sp.sympify(v)
        if v == 0:
            continue
        parts.append(names[label] if v == 1 else f"{_m(v, rename)}\\,{names[label]}")
    return " + ".join(parts) or "--"


# --------------------------------------------------------------------------------- two players, strategic


def _strategic_dominance_latex(game: Game, names, max_rows: int) -> str:
    """Iterated elimination of reduced strategies strictly dominated by a pure or mixed strategy
    (:func:`derive.dominance.general.dominated_strategies`), strategies named ``R1``, ``C2`` ..."""
    import re

    from derive.dominance.general import dominated_strategies

    try:
        result = dominated_strategies(game, weak=False, mixed=True)
    except NotSupportedError as exc:
        return f"Dominance in the reduced strategic form is not computed: {escape_text(str(exc))}."
    by = (
        "a pure or mixed strategy"
        if result.mixed
        else "a pure strategy (mixed ones not tried: too many strategies)"
    )
    head = (
        f"Iterated elimination of reduced strategies strictly dominated by {by} of the same player "
        "(every equilibrium survives it):"
    )
    if not result.removed:
        return head + " no strategy is removed."

    def named(text: str, p: int) -> str:
        """``text`` with each ``[strategy label]`` replaced by the strategy's name (``R2``)."""
        return re.sub(r"\[([^\]]*)\]", lambda m: names[p].get(m.group(1), m.group(0)), text)

    rows = []
    for d in result.removed[:max_rows]:
        p = d.strategy.player
        dominator = escape_text(named(d.dominator_label, p))
        if d.dominator_label in names[p]:
            dominator = names[p][d.dominator_label]
        dominator = re.sub(r"\b\d+/\d+\b", lambda m: f"${to_latex(sp.Rational(m.group(0)))}$", dominator)
        rows.append(
            f"{d.round} & {escape_text(game.players[p])} & {names[p][d.strategy.label]} & {dominator} \\\\"
        )
    left = "; ".join(f"{escape_text(game.players[p])} keeps {len(r)}" for p, r in enumerate(result.remaining))
    return "\n".join(
        [
            KEEP_WITH_TABLE + "\n" + head,
            *_table("round & player & strategy & strictly dominated by", "rllp{8cm}", rows),
            *_cut(len(rows), len(result.removed), "removals"),
            f"In the end: {left}.",
        ]
    )


def _strategic_names(form) -> tuple[list[dict[str, str]], Callable[[object], sp.Expr]]:
    """The names ``R1``, ``C1`` of a two-player reduced strategic form's strategies, and the renaming
    of their probabilities ``x[...]``, ``y[...]`` to ``x_{1}``, ``y_{1}``."""
    from derive.sequence_form.general import plan_symbol_name

    letters = ("R", "C")
    names = [{label: f"{letters[p]}{k + 1}" for k, label in enumerate(form.strategies[p])} for p in (0, 1)]
    symbol_names = {}
    for p, letter in ((0, "x"), (1, "y")):
        for k, label in enumerate(form.strategies[p]):
            symbol_names[plan_symbol_name(p, label, letter)] = sp.Symbol(f"{letter}_{{{k + 1}}}")
    return names, _renamer(symbol_names)


def _support_names(
    game: Game,
) -> tuple[list[tuple[str, ...]], list[dict[str, str]], Callable[[object], sp.Expr]]:
    """Each player's reduced strategies, their names ``$s_{p,k}$`` and the renaming of their
    probabilities to ``sigma_{p,k}`` (support enumeration)."""
    from derive.dominance.general import reduced_strategies
    from derive.sequence_form.general import game_sequence_form, plan_symbol_name

    sf = game_sequence_form(game)
    labels = [tuple(s.label for s in reduced_strategies(sf, p)) for p in range(game.num_players)]
    symbol_names = {
        plan_symbol_name(p, label, f"s{p + 1}"): sp.Symbol(f"sigma_{{{p + 1},{k + 1}}}")
        for p in range(game.num_players)
        for k, label in enumerate(labels[p])
    }
    names = [
        {label: f"$s_{{{p + 1},{k + 1}}}$" for k, label in enumerate(labels[p])}
        for p in range(game.num_players)
    ]
    return labels, names, _renamer(symbol_names)


def _beliefs_section(solution: GeneralSolution) -> list[str]:
    """The section on beliefs and refinements, with the strategies and parameters named as above."""
    from derive.presentation.belief_report import beliefs_latex

    names = rename = None
    if solution.kind == "strategic":
        names, rename = _strategic_names(solution.result.form)
    elif solution.kind == "support":
        _, names, rename = _support_names(solution.game)
    text = beliefs_latex(solution, names, rename)
    return [text] if text else []


def _strategic_sections(solution: GeneralSolution, plan_form, max_rows: int) -> list[str]:
    """Two players, the reduced strategic form enumerated: the form, its dominance, the extreme equilibria, each maximal Nash subset (families, ranges, vertices, a member, subgame perfection) and the values at the members."""
    from derive.presentation.plan_latex import plan_values_latex
    from derive.sequence_form.general import plan_symbol_name
    from derive.verification.best_response import behaviour_profile, game_nash_conv
    from derive.verification.subgame_families import mixed_plans, plan_behaviour

    game = solution.game
    eqs = solution.result
    form = eqs.form
    extreme_verdicts, subset_verdicts = solution.verdicts
    p0, p1 = (escape_text(p) for p in game.players)
    names, rename = _strategic_names(form)
    m, n = form.shape
    out = [
        "\\section{The reduced strategic form}",
        "A reduced strategy chooses an action at every information set of its player that his own earlier "
        f"choices do not exclude (Kuhn 1953; von Stengel 1996). {p0} has {m}, numbered R1 to R{m}; {p1} has "
        f"{n}, C1 to C{n}. Below, $x_k$ is the probability that {p0} plays R$k$ and $y_k$ that {p1} plays C$k$.",
        *_strategy_table(
            game,
            form.strategies,
            [[f"R{k + 1}" for k in range(m)], [f"C{k + 1}" for k in range(n)]],
            max_rows,
        ),
    ]
    if m <= MAX_TABLE_STRATEGIES and n <= MAX_TABLE_STRATEGIES:
        head = " & ".join(f"C{j + 1}" for j in range(n))
        rows = []
        for i in range(m):
            cells = " & ".join(
                f"${to_latex(sp.Rational(form.payoffs[0][i][j]))},\\ {to_latex(sp.Rational(form.payoffs[1][i][j]))}$"
                for j in range(n)
            )
            rows.append(f"R{i + 1} & {cells} \\\\")
        size = "\\small" if n <= 6 else "\\footnotesize\\setlength{\\tabcolsep}{3pt}"
        out += [
            KEEP_WITH_TABLE
            + f"\n\\noindent The payoffs (each cell: {p0}'s, then {p1}'s; chance's moves averaged):",
            "\\begin{center}",
            f"{{{size}\\renewcommand{{\\arraystretch}}{{1.3}}",
            f"\\begin{{tabular}}{{l{'c' * n}}}",
            f"\\toprule & {head} \\\\ \\midrule",
            *rows,
            "\\bottomrule",
            "\\end{tabular}}",
            "\\end{center}",
        ]
    else:
        out.append(f"The payoff table has {m:,} $\\times$ {n:,} cells and is not printed.")
    out.append(_strategic_dominance_latex(game, names, max_rows))
    extreme = eqs.extreme
    out += [
        "\\section{Every equilibrium}",
        "Shift each player's payoffs to be positive and let $P = \\{x \\ge 0 : B^\\top x \\le 1\\}$ and "
        "$Q = \\{y \\ge 0 : A y \\le 1\\}$ be the players' best-reply polytopes. A pair of vertices whose "
        "labels (a strategy played with probability 0, or a best reply of the other player) cover every "
        "strategy is, normalised, an \\emph{extreme equilibrium}; every equilibrium is a convex "
        "combination of extreme ones within a \\emph{maximal Nash subset}, a largest product of sets of "
        "vertices all compatible with each other, and the equilibria are the union of these subsets "
        "(Avis, Rosenberg, Savani \\& von Stengel 2010; Winkels 1979). The vertices are enumerated in "
        f"exact rationals. This game has {len(extreme)} extreme equilibri{'um' if len(extreme) == 1 else 'a'} "
        f"and {len(eqs.subsets)} maximal Nash subset{'s' if len(eqs.subsets) != 1 else ''} in "
        f"{eqs.components} component{'s' if eqs.components != 1 else ''}.",
        "\\subsection*{The extreme equilibria}",
    ]
    rows = []
    for k, (e, v) in enumerate(zip(extreme, extreme_verdicts), start=1):
        pays = ", ".join(to_latex(u) for u in e.payoffs)
        rows.append(
            f"{k} & $({pays})$ & {_mixture(e.strategies[0], names[0])} & {_mixture(e.strategies[1], names[1])} & "
            f"{_short_verdict(game, v)} \\\\"
        )
    out += _table(
        f"& payoffs & {p0} & {p1} & subgame perfect",
        "r>{\\raggedright\\arraybackslash}p{2.2cm}>{\\raggedright\\arraybackslash}p{4.2cm}"
        ">{\\raggedright\\arraybackslash}p{4.2cm}>{\\raggedright\\arraybackslash}p{3cm}",
        rows[:max_rows],
    )
    out += _cut(min(len(rows), max_rows), len(rows), "extreme equilibria")
    notes = []
    for k, v in enumerate(extreme_verdicts[:max_rows], start=1):
        if v.completion or (v.undecided and not v.failures):
            notes.append(f"\\item Extreme equilibrium {k}: {_verdict(game, v, rename).lstrip()}")
    if notes:
        out += ["\\begin{itemize}", *notes, "\\end{itemize}"]
    pairs = {
        (tuple(sorted(e.strategies[0].items())), tuple(sorted(e.strategies[1].items()))): k
        for k, e in enumerate(extreme, start=1)
    }
    witnesses = []
    for k, (s, v) in enumerate(zip(eqs.subsets, subset_verdicts), start=1):
        out.append(f"\\subsection{{Nash subset {k} (component {s.component + 1})}}")
        if s.dimension == 0:
            x, y = eqs.extreme_strategies[0][s.extreme[0][0]], eqs.extreme_strategies[1][s.extreme[1][0]]
            number = pairs[(tuple(sorted(x.items())), tuple(sorted(y.items())))]
            out.append(f"Extreme equilibrium {number} alone: no other equilibrium is compatible with it.")
            out.append(_verdict(game, extreme_verdicts[number - 1], rename))
            witnesses.append((k, (x, y)))
            continue
        out.append(
            f"Every pair below is an equilibrium (dimension {s.dimension}). On the subset {p0} gets "
            f"{_m(s.payoffs[0], rename)} and {p1} gets {_m(s.payoffs[1], rename)}."
        )
        centre = []
        for f in s.families:
            who = escape_text(game.players[f.player])
            them = escape_text(game.players[1 - f.player])
            best = ", ".join(names[1 - f.player][b] for b in f.best_replies)
            if f.dimension == 0:
                point = f.at({})
                out.append(
                    f"\\paragraph{{{who}.}} One strategy: {_mixture(point, names[f.player])}"
                    + (f"; it leaves {them} indifferent among {best}." if len(f.best_replies) > 1 else ".")
                )
                centre.append(point)
                continue
            letter = "x" if f.player == 0 else "y"
            rows = []
            for label, v2 in f.strategy.items():
                own = rename(sp.Symbol(plan_symbol_name(f.player, label, letter)))
                if v2 != 0 and rename(v2) != own:
                    rows.append(f"{to_latex(own)} &= {to_latex(rename(v2))}")
            free = ", ".join(_m(t, rename) for t in f.parameters)
            zero = [names[f.player][label] for label, v2 in f.strategy.items() if v2 == 0]
            out.append(
                f"\\paragraph{{{who}.}} A family of dimension {f.dimension}: "
                + (f"{free} free" if f.dimension > 1 else f"{free} is free")
                + (", the other probabilities follow" if rows else "")
                + (f" ({', '.join(zero)} never played)" if zero else "")
                + (":" if rows else ".")
            )
            if rows:
                out.append("\\begin{align*}\n" + " \\\\\n".join(rows) + "\n\\end{align*}")
            if f.indifference:
                eqs_tex = " \\\\\n".join(
                    f"{to_latex(rename(e.lhs))} &= {to_latex(rename(e.rhs))}" for e in f.indifference
                )
                out.append(
                    f"It keeps {them} indifferent among {best} (the best replies at every point of the subset), "
                    f"which pay {them}:\n\\begin{{align*}}\n{eqs_tex}\n\\end{{align*}}"
                )
            elif len(f.best_replies) > 1:
                out.append(f"It leaves {them} indifferent among {best}.")
            out.append(
                f"The range, where no other strategy of {them} pays more and every probability is non-negative:\n"
                + _conditions_latex(f.constraints, f.parameters, rename)
            )
            verts = "; ".join(
                "$" + ", ".join(f"{to_latex(rename(t))} = {to_latex(val)}" for t, val in pt.items()) + "$"
                for pt in f.vertices
            )
            out.append(f"Its {len(f.vertices)} vertices: {verts}.")
            mid = {t: sum(pt[t] for pt in f.vertices) / len(f.vertices) for t in f.parameters}
            centre.append(f.at(mid))
        sequences = [dict(zip(form.strategies[p], form.sequences[p])) for p in (0, 1)]
        behaviour = plan_behaviour(game, mixed_plans(game, centre, sequences))
        nash_conv = game_nash_conv(behaviour_profile(game, behaviour))
        out.append(
            f"A member, the centre of the vertices: {p0} plays {_mixture(centre[0], names[0])}, {p1} plays "
            f"{_mixture(centre[1], names[1])}; its exact NashConv is ${to_latex(nash_conv)}$ (no player gains "
            "by any deviation)."
        )
        out.append(_verdict(game, v, rename))
        witnesses.append((k, tuple(centre)))
    out.append("\\section{Values along the path}")
    out.append(
        "At the member of each Nash subset shown above, "
        + (
            "each plan's value, situation by situation, against the other player's equilibrium strategy."
            if plan_form is not None
            else "the values at each information set on the path."
        )
    )
    sequences = [dict(zip(form.strategies[p], form.sequences[p])) for p in (0, 1)]
    for j, (k, centre) in enumerate(witnesses[:MAX_VALUE_TABLES]):
        behaviour = plan_behaviour(game, mixed_plans(game, centre, sequences))
        out.append(f"\\subsection{{At the member of Nash subset {k}}}")
        if plan_form is not None:
            out.append(
                plan_values_latex(
                    plan_form, tuple(behaviour), max_rows, against="equilibrium strategy", intro=j == 0
                )
            )
        else:
            out.append(_path_values_latex(game, behaviour, max_rows))
    if len(witnesses) > MAX_VALUE_TABLES:
        out.append(
            f"The members of the other {len(witnesses) - MAX_VALUE_TABLES} Nash subsets are checked the same way, "
            "by the exact best replies of the enumeration."
        )
    return out


# --------------------------------------------------------------------------------- values at information sets


def _path_values_latex(game: Game, behaviour, max_rows: int) -> str:
    """Each information set on the path: its probability, the mover's expected payoff and each action's."""
    from derive.verification.path_values import path_values

    values = path_values(game, behaviour)
    on = [v for v in values if v.on_path]
    rows = []
    for v in on[:max_rows]:
        acts = ", ".join(
            f"{escape_text(a)} ${to_latex(q)}${STAR if pr != 0 else ''}" for a, pr, q in v.actions
        )
        rows.append(
            f"{escape_text(game.players[v.player])} & {_tt(v.label)} & ${to_latex(v.reach)}$ & "
            f"${to_latex(v.value)}$ & {acts} \\\\"
        )
    text = [
        "Each information set that play reaches: the probability that it is reached, the mover's expected "
        "payoff given that it is (beliefs by Bayes' rule), and each action's, $^{\\ast}$ marking the actions "
        "played. An equilibrium plays only actions of the highest value wherever play goes."
    ]
    body = _table(
        "player & information set & reached & value & each action's value",
        "lllp{2.2cm}>{\\raggedright\\arraybackslash}p{6.6cm}",
        rows,
    )
    bad = [v.label for v in on if not v.best_played]
    check = (
        "At every information set on the path each action played has the highest value: checked exactly."
        if not bad
        else "\\textbf{Check failed} at " + ", ".join(_tt(b) for b in bad) + "."
    )
    off = len(values) - len(on)
    tail = (
        f" {off} information set{'s are' if off != 1 else ' is'} off the path (reached with probability 0)."
        if off
        else ""
    )
    return "\n".join(text + body + _cut(len(rows), len(on), "information sets") + [check + tail])


# --------------------------------------------------------------------------------- two players, sequence form


def _sequence_sections(solution: GeneralSolution, max_rows: int) -> list[str]:
    """Two players, too many reduced strategies: the exact equilibria from the sequence form, each with its behaviour, NashConv and subgame perfection, and the values on the path."""
    game = solution.game
    equilibria, all_extreme = solution.result
    out = [
        "\\section{Equilibria from the sequence form}",
        f"The reduced strategic form is not enumerated here: {escape_text(solution.reason)}. Instead, in the "
        "sequence form (Koller, Megiddo \\& von Stengel 1996): " + escape_text(solution.note) + ".",
    ]
    if not all_extreme:
        out.append(
            "Lemke's method finds equilibria; it cannot show that there are no others, so the list below may "
            "be incomplete."
        )
    for k, (eq, v) in enumerate(zip(equilibria, solution.verdicts), start=1):
        pays = ", ".join(to_latex(u) for u in eq.payoffs)
        out.append(f"\\subsection{{Equilibrium {k}}}")
        out.append(f"Payoffs $({pays})$; exact NashConv ${to_latex(eq.nash_conv)}$.")
        rows = []
        for p in (0, 1):
            for label, dist in list(eq.strategies[p].items())[:max_rows]:
                probs = ", ".join(f"{escape_text(a)} ${to_latex(x)}$" for a, x in dist.items())
                rows.append(f"{escape_text(game.players[p])} & {_tt(label)} & {probs} \\\\")
        out += _table("player & information set & probabilities", "llp{9cm}", rows)
        out.append(_verdict(game, v, lambda e: e))
    out.append("\\section{Values along the path}")
    for k, eq in list(enumerate(equilibria, start=1))[:MAX_VALUE_TABLES]:
        out.append(f"\\subsection{{At equilibrium {k}}}")
        out.append(_path_values_latex(game, [eq.strategies[0], eq.strategies[1]], max_rows))
    return out


# --------------------------------------------------------------------------------- support enumeration


def _support_sections(solution: GeneralSolution, max_rows: int) -> list[str]:
    """Three or more players, support enumeration: the reduced strategic form, its strict dominance, every equilibrium and family with its conditions, a verified member and subgame perfection, and the values on the path."""
    from derive.verification.subgame_families import mixed_plans, plan_behaviour, strategy_sequences

    game = solution.game
    result = solution.result
    labels, _, rename = _support_names(game)
    shape = " $\\times$ ".join(str(len(x)) for x in labels)
    out = [
        "\\section{The reduced strategic form}",
        "A reduced strategy chooses an action at every information set of its player that his own earlier "
        f"choices do not exclude (Kuhn 1953). The reduced strategic form is {shape}; $s_{{p,k}}$ is player "
        "$p$'s $k$-th reduced strategy and $\\sigma_{p,k}$ the probability that he plays it.",
        *_strategy_table(
            game,
            labels,
            [[f"$s_{{{p + 1},{k + 1}}}$" for k in range(len(labels[p]))] for p in range(game.num_players)],
            max_rows,
        ),
        "\\section{Dominated strategies}",
        _n_player_dominance_latex(game, max_rows),
        "\\section{Every equilibrium}",
        "For every \\emph{support profile} (a nonempty set of reduced strategies per player) the equilibria "
        "with exactly these supports solve the indifference equations (each player's payoff is the same "
        "for every strategy he mixes) and the sign conditions (probabilities positive, no gain from a "
        "strategy outside the support); solved exactly, with families where probabilities stay free "
        "(McKelvey \\& McLennan 1996, section 6; Porter, Nudelman \\& Shoham 2008 to skip support profiles "
        f"with a conditionally dominated strategy). {result.support_profiles:,} support profiles were "
        + (
            "examined and every one decided, so the list below is every equilibrium of the game."
            if result.is_complete
            else f"examined; {len(result.undecided)} could not be decided (listed at the end), so the list "
            "below may be incomplete."
        ),
    ]
    sequences = strategy_sequences(game)
    witnesses = []
    for k, (e, v) in enumerate(zip(result.equilibria, solution.verdicts), start=1):
        out.append(f"\\subsection{{{'Equilibrium' if e.is_isolated else 'Family'} {k}}}")
        pays = ", ".join(f"{escape_text(game.players[p])}: {_m(u, rename)}" for p, u in enumerate(e.payoffs))
        out.append(f"Payoffs: {pays}.")
        rows = []
        for p in range(game.num_players):
            parts, free = [], []
            for label, x in e.strategies[p].items():
                own = sp.Symbol(f"sigma_{{{p + 1},{labels[p].index(label) + 1}}}")
                if sp.sympify(x) == 0:
                    continue
                if rename(x) == own:
                    free.append(f"${to_latex(own)}$")
                else:
                    parts.append(f"${to_latex(own)} = {to_latex(rename(x))}$")
            play = ", ".join(parts + ([", ".join(free) + " free"] if free else []))
            rows.append(f"\\item {escape_text(game.players[p])}: {play}")
        out += ["\\begin{itemize}", *rows, "\\end{itemize}"]
        if e.algebraic:
            out.append(
                f"The probabilities are exact in $\\mathbb{{Q}}(\\alpha)$, $\\alpha$ {escape_text(e.algebraic)}."
            )
        if e.parameters:
            if e.ranges:
                out.append(
                    f"For {_m(e.parameters[0], rename)} in ${to_latex(e.ranges[0])}$ (the exact set where every "
                    "condition holds; an end where a probability vanishes is listed with the smaller support)."
                )
            else:
                out.append("Where\n" + _conditions_latex(e.conditions, e.parameters, rename))
            point = ", ".join(f"{to_latex(rename(t))} = {to_latex(x)}" for t, x in e.witness.items())
            out.append(f"A member: ${point}$. Verified: {escape_text(e.verification)}.")
            member = [
                {label: sp.sympify(x).subs(e.witness) for label, x in e.strategies[p].items()}
                for p in range(game.num_players)
            ]
        else:
            out.append(f"Verified: {escape_text(e.verification or 'exact regret 0 for every player')}.")
            member = [dict(s) for s in e.strategies]
        out.append(_verdict(game, v, rename))
        if all(sp.sympify(x).is_Rational for s in member for x in s.values()):
            witnesses.append((k, member))
    if result.undecided:
        out.append("\\subsection{Not decided}")
        rows = []
        for u in result.undecided:
            sup = "; ".join(
                f"{escape_text(game.players[p])} {{{', '.join(_tt(x) for x in s)}}}"
                for p, s in enumerate(u.supports)
            )
            rows.append(f"\\item supports {sup}: {escape_text(u.reason)}")
        out += ["\\begin{itemize}", *rows, "\\end{itemize}"]
    out.append("\\section{Values along the path}")
    for k, member in witnesses[:MAX_VALUE_TABLES]:
        behaviour = plan_behaviour(game, mixed_plans(game, member, sequences))
        out.append(
            f"\\subsection{{At {'equilibrium' if result.equilibria[k - 1].is_isolated else 'the member of family'} {k}}}"
        )
        out.append(_path_values_latex(game, behaviour, max_rows))
    if len(witnesses) > MAX_VALUE_TABLES:
        out.append(
            f"The other {len(witnesses) - MAX_VALUE_TABLES} are checked the same way (exact regret 0 for every player)."
        )
    return out


# --------------------------------------------------------------------------------- found from CFR


def _found_sections(solution: GeneralSolution, max_rows: int) -> list[str]:
    """Three or more players out of reach of support enumeration: the plans, the families found from CFR's support (parameters, payoffs, domain, play, the published family they lie in, an exact member, subgame perfection) and the values on the path."""
    from derive.presentation.found_report import _parameter_text

    game = solution.game
    found = solution.result
    named = builtin_match(game)
    verified = sum(a.outcome == "verified" for a in found.attempts)
    runs = "; ".join(
        f"run {k + 1} from {'the uniform strategy' if r.seed is None else f'a random strategy (seed {r.seed})'}, "
        f"{r.iterations:,} iterations"
        for k, r in enumerate(found.runs)
    )
    out = [
        "\\section{Plans}",
        _plans_n_latex(game, max_rows),
        "\\section{Dominated strategies}",
        _n_player_dominance_latex(game, max_rows),
        "\\section{Equilibria found from CFR's support}",
        f"Support enumeration, which would list every equilibrium, is out of reach: {escape_text(solution.reason)}. "
        "The equilibria below are found in three steps. (1) CFR+ in floating point, only to guess which "
        f"actions are used ({runs}); nothing it computes is printed as a result. (2) At each information set "
        "the actions above a threshold of CFR's average probability are taken as the support. (3) On each "
        "support the indifference equations are solved exactly; the probabilities they leave free are the "
        "family's parameters, and the no-gain inequalities and $0 \\le$ probability $\\le 1$ its domain. "
        "Every member of each family is then proved an equilibrium exactly, and one member is checked again "
        f"by its exact NashConv. {len(found.attempts)} supports were tried and {verified} gave verified "
        f"families; the {len(found.families)} distinct ones follow, largest first. This method finds "
        "equilibria; it cannot show that there are no others.",
    ]
    if named is not None:
        out.append(
            f"The game is the built-in \\texttt{{{escape_text(named[0])}}} (up to names), whose published "
            "families name what was found, after it was found: the search never saw them."
        )
    witnesses = []
    for k, (f, v) in enumerate(zip(found.families, solution.verdicts), start=1):
        symbols = {t.name: sp.Symbol(f"theta_{{{j + 1}}}") for j, t in enumerate(f.parameters)}
        rename = _renamer(symbols)
        out.append(f"\\subsection{{Family {k}}}")
        out.append(
            f"From the support of run {f.run + 1} read with threshold {f.threshold}; "
            f"{len(f.parameters)} parameter{'s' if len(f.parameters) != 1 else ''}."
        )
        if f.parameters:
            rows = [
                f"${to_latex(symbols[t.name])}$ & {escape_text(_parameter_text(game, f.parameter_actions[t], named))} \\\\"
                for t in f.parameters
            ]
            out += _table("parameter & the probability it is", "lp{12cm}", rows)
        pays = ", ".join(
            f"{escape_text(game.players[p])} {_m(sp.factor(u), rename)}" for p, u in enumerate(f.payoffs)
        )
        out.append(f"Payoffs: {pays}.")
        if f.conditions:
            out.append(
                f"The domain ({len(f.conditions)} conditions: probabilities in $[0, 1]$, no gain from an unused "
                "action):\n" + _conditions_latex(f.conditions, f.parameters, rename)
            )
        rows, always = [], []
        for p, play in enumerate(f.family.strategies):
            pure = []
            for label, dist in play.items():
                values = {a: sp.sympify(x) for a, x in dist.items()}
                if all(x in (sp.S.Zero, sp.S.One) for x in values.values()):
                    pure.append(f"{_tt(label)} {escape_text(next(a for a, x in values.items() if x == 1))}")
                else:
                    probs = ", ".join(
                        f"{escape_text(a)} {_m(x, rename)}" for a, x in values.items() if x != 0
                    )
                    rows.append(f"{escape_text(game.players[p])} & {_tt(label)} & {probs} \\\\")
            if pure:
                always.append(f"{escape_text(game.players[p])}: " + ", ".join(pure))
        out.append(KEEP_WITH_TABLE + "\nPlay in the family, where it mixes:")
        out += _table(
            "player & information set & probabilities", "ll>{\\raggedright\\arraybackslash}p{10cm}", rows
        )
        if always:
            out.append("Everywhere else it plays one action: " + "; ".join(always) + ".")
        out.append("\nVerified: every member is a Nash equilibrium (an exact check of the whole family).")
        published = published_memberships(f, named)
        for pub, m, pays_pub, _match in published:
            subst = ", ".join(
                f"{to_latex(rename(t))} = {to_latex(rename(x))}" for t, x in m.substitution.items()
            )
            where = "" if m.contains else " wherever play goes (it differs only where no member reaches)"
            payoffs_pub = ", ".join(
                f"{escape_text(game.players[p])} ${to_latex(u)}$" for p, u in enumerate(pays_pub)
            )
            out.append(
                f"It lies in {escape_text(pub.name)} (published: {escape_text(pub.source)}){where}: ${subst}$; "
                f"payoffs in its parameters: {payoffs_pub}."
            )
        if named is not None and not published:
            out.append(
                f"It lies in none of the published families of {escape_text(named[0])} (checked exactly)."
            )
        point = ", ".join(f"{to_latex(symbols[t.name])} = {to_latex(x)}" for t, x in f.point.items())
        member_pays = ", ".join(to_latex(u) for u in f.member_payoffs)
        out.append(
            "An exact member"
            + (f" (CFR's play rounded into the domain): ${point}$" if point else "")
            + f"; payoffs $({member_pays})$, exact NashConv ${to_latex(f.member_nash_conv)}$."
        )
        out.append(_verdict(game, v, rename))
        witnesses.append((k, f.member))
    out.append("\\section{Values along the path}")
    for k, member in witnesses[:MAX_VALUE_TABLES]:
        out.append(f"\\subsection{{At the member of family {k}}}")
        out.append(_path_values_latex(game, list(member), max_rows))
    if len(witnesses) > MAX_VALUE_TABLES:
        out.append(
            f"The members of the other {len(witnesses) - MAX_VALUE_TABLES} families are checked the same way, by "
            "their exact NashConv (0)."
        )
    return out


# --------------------------------------------------------------------------------- the document


def general_sum_document(
    solution: GeneralSolution,
    figure: str | None = None,
    *,
    plan_form=None,
    dominance=None,
    plan_note: str | None = None,
    tikz: str | None = None,
    max_rows: int = MAX_ROWS,
    strategy_trees: str | None = None,
) -> str:
    """A standalone LaTeX article deriving every equilibrium of ``solution``'s game (compiles with pdflatex).

    Parameters
    ----------
    solution : GeneralSolution
        From :func:`solve_general`.
    figure : str, optional
        A PDF of the tree beside the document, shown when ``tikz`` is not given.
    plan_form, dominance : optional
        Two players: the plan form and the dominated plans
        (:func:`~derive.presentation.general_document.plan_sections`); ``plan_note`` says why there
        are none.
    tikz : str, optional
        The tree as a ``tikzpicture``.
    strategy_trees : str, optional
        The section of :func:`~derive.presentation.strategy_trees.strategy_trees_latex`, before the
        summary of what was computed.
    max_rows : int
        Rows of a table before it is cut (the totals are stated).

    Returns
    -------
    str
        The LaTeX source (see the module docstring for its sections).

    Raises
    ------
    ValueError
        For a ``solution`` of an unknown kind.
    """
    from derive.presentation.plan_latex import dominance_latex, plans_latex

    game = solution.game
    out = document_head(game, figure, tikz)
    if solution.kind in ("strategic", "sequence"):
        if plan_form is not None:
            out += ["\\section{Plans}", plans_latex(plan_form, max_rows)]
            if dominance is not None:
                out += [
                    "\\section{Dominated plans}",
                    "Each player's plans are compared by his own payoff.",
                    dominance_latex(dominance, max_rows),
                ]
        elif plan_note:
            out += ["\\section{Plans}", escape_text(plan_note)]
    elif solution.kind == "support":
        out += ["\\section{Plans}", _plans_n_latex(game, max_rows)]
    if solution.kind == "strategic":
        out += _strategic_sections(solution, plan_form, max_rows)
    elif solution.kind == "sequence":
        out += _sequence_sections(solution, max_rows)
    elif solution.kind == "support":
        out += _support_sections(solution, max_rows)
    elif solution.kind == "found":
        out += _found_sections(solution, max_rows)
    else:
        raise ValueError(f"unknown kind of solution {solution.kind!r}")
    out += _beliefs_section(solution)
    out += [strategy_trees] if strategy_trees else []
    out += [
        "\\section{What was computed}",
        "\\begin{itemize}",
        f"\\item How the equilibria were found: {escape_text(solution.method)}.",
        "\\item Subgame perfection (Selten 1965): a subgame starts at a node when every information set that "
        "meets the subtree below it lies inside it. Where every player who moves in a subgame reaches it "
        "with positive probability by his own moves, whether the equilibrium is one there is decided from its "
        "realization plans exactly: for a family, by each deviation's gain, which for two players is "
        "bilinear in the two families' parameters and so is decided at the pairs of vertices. Where a "
        "player's own earlier move excludes the subgame, his reduced strategy does not say how he plays "
        "there; such play is completed by best replies, deepest subgame first, and a failure is reported "
        "only when those replies are the only ones."
        + (
            " Families found from CFR's support are judged as written (their play is given everywhere)."
            if solution.kind == "found"
            else ""
        ),
        "\\item Everything printed is exact: rational numbers and expressions in the parameters; no floating "
        "point number enters a result.",
        "\\end{itemize}",
        "\\end{document}",
        "",
    ]
    return "\n".join(out)
