"""``derive draw``: the game tree with its information sets and an equilibrium on it (PNG, PDF, SVG
or TikZ), one part of it with ``--subtree``, or with ``--param`` the value plotted against a parameter.

The game comes from :mod:`derive.cli.game_input`; the pictures are drawn by :mod:`derive.figures`.
"""

from __future__ import annotations

import argparse
import re

from derive.cli.arguments import (
    UsageError,
    add_command,
    game_arguments,
    game_spec_argument,
    param_argument,
    quiet_argument,
    refine_argument,
    refined_or_plain,
)
from derive.cli.game_input import game_from_args, parametric_game, slug
from derive.notation.text import to_text
from derive.presentation.errors import OutputError

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive draw``: the game, the format, the folder, the part drawn."""
    drw = add_command(sub, "draw", help="draw a game's tree with its information sets, and its equilibrium")
    game_spec_argument(drw)
    game_arguments(drw)
    drw.add_argument(
        "--format",
        default="png",
        choices=["png", "pdf", "svg", "tikz"],
        help="file format (default: png); tikz writes a tikzpicture to \\input in LaTeX",
    )
    drw.add_argument("--out", default=".", help="output folder (default: the current folder)")
    _draw_part_arguments(drw)
    refine_argument(drw)
    param_argument(drw)
    quiet_argument(drw)


def _draw_part_arguments(drw: argparse.ArgumentParser) -> None:
    drw.add_argument(
        "--subtree",
        metavar="PART",
        help="draw only a part: a card (kuhn: K is the deals KQ and KA), a chance action at the root, or "
        "an information-set label (the subtrees below its nodes)",
    )
    drw.add_argument(
        "--width",
        metavar="LENGTH",
        help="with --format tikz, the picture's width, e.g. 15cm, 6in or 345pt (default: an article's text "
        "width, 12.1cm); the layout is scaled to it, the font never",
    )


def _draw_part(args, game):
    """``(game, stem suffix)``: the part of ``game`` named by ``--subtree`` (the whole game without it),
    refused in one line when it has too many leaves to draw legibly."""
    from derive.figures.extensive_tree import MAX_DRAW_LEAVES
    from derive.figures.subtree import subtree_game
    from derive.figures.tikz import MAX_TIKZ_LEAVES

    suffix = ""
    if args.subtree is not None:
        game = subtree_game(game, args.subtree)
        suffix = "_" + "".join(c if c.isalnum() or c in "-_" else "_" for c in args.subtree)
    cap = MAX_TIKZ_LEAVES if args.format == "tikz" else MAX_DRAW_LEAVES
    if len(game.terminals) > cap:
        raise UsageError(
            f"{game.title or 'the tree'} has {len(game.terminals):,} leaves, more than the {cap} a "
            f"{args.format.upper()} drawing shows legibly: draw one part with --subtree "
            "(a card, a chance action at the root or an information-set label)"
        )
    return game, suffix


def _width_cm(text: str | None) -> float | None:
    """``--width``: ``15cm``, ``150mm``, ``6in``, ``345pt`` or a number of centimetres."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]*)?)\s*(cm|mm|in|pt)?\s*", text)
    factor = {"cm": 1.0, "mm": 0.1, "in": 2.54, "pt": 2.54 / 72.27, None: 1.0}
    value = float(match[1]) * factor[match[2]] if match else 0.0
    if not value > 0:
        raise UsageError(f"--width must be a positive length such as 15cm, 6in or 345pt, got {text!r}")
    return value


def run(args, out, err) -> int:
    from pathlib import Path

    from derive.extensive_form.game import GameModelError as _ModelError
    from derive.figures import save_figure
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import tikz_game_tree
    from derive.presentation.output_files import atomic_write, make_folder, probe_output_folder
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write into {args.out!r}: not a folder")
    probe_output_folder(folder)  # a bad folder is refused before the work, not after it
    if args.param is not None:
        if args.subtree is not None or args.width is not None:
            raise UsageError("--param draws the value as a plot; --subtree and --width draw trees")
        return _draw_parametric(args, out, folder)
    tikz = args.format == "tikz"
    width = _width_cm(args.width)
    if width is not None and not tikz:
        raise UsageError("--width sets a TikZ picture's width: use it with --format tikz")
    whole = game_from_args(args)
    game, part = _draw_part(args, whole)
    suffix = "tex" if tikz else args.format
    drawings = [(f"{slug(args)}{part}_game_tree.{suffix}", None, game.title)]
    try:
        solution = refined_or_plain(
            lambda refine: solve_zero_sum(whole, refine=refine, progress=args.progress), args, err
        )
    except _ModelError as exc:  # not solvable yet: draw the tree only, and say why
        print(f"derive: no equilibrium drawn: {exc}", file=err)
    else:
        kind = "a quasi-perfect equilibrium" if args.refine == "quasi-perfect" else "an equilibrium"
        title = f"{game.title}: {kind} (value {to_text(solution.value)})"
        drawings.append((f"{slug(args)}{part}_equilibrium.{suffix}", solution, title))
    pictures = {  # laid out before anything is written: a picture that does not fit writes nothing
        name: tikz_game_tree(
            game,
            None if sol is None else dict(enumerate(sol.strategies)),
            width=width,
            fill=width is not None,
        )
        for name, sol, _ in drawings
        if tikz
    }
    written = []
    for name, solution, title in drawings:
        path = folder / name
        args.progress(f"drawing {path} ({len(game.nodes):,} nodes)")
        profile = None if solution is None else dict(enumerate(solution.strategies))
        try:
            if tikz:
                make_folder(folder)
                header = f"% {title}: a tikzpicture (needs \\usepackage{{tikz}}); written by derive draw\n"
                atomic_write(path, (header + pictures[name]).encode())
                written.append(path)
            else:
                off = set() if solution is None else set(solution.off_path)
                fig = draw_extensive_form(game, profile, title=title, off_path=off)
                written.append(save_figure(fig, path))
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    print(f"wrote {', '.join(str(p) for p in written)}", file=out)
    return 0


def _draw_parametric(args, out, folder) -> int:
    from derive.figures import save_figure
    from derive.figures.value_plots import draw_parametric_value
    from derive.solving.forked import usable_processes
    from derive.solving.parameters.parametric_lp import parametric_solve

    if args.format == "tikz":
        raise UsageError("--param draws the value as a plot: use --format png, pdf or svg")
    game, symbol, lo, hi = parametric_game(args)
    if game.constant_sum is None:
        raise UsageError(
            "--param draws the value of a constant-sum game; use `derive solve --param` for this one"
        )
    sol = parametric_solve(game, symbol, lo, hi, progress=args.progress, processes=usable_processes())
    path = folder / f"{slug(args)}_value_by_{symbol}.{args.format}"
    try:
        written = save_figure(draw_parametric_value(sol), path)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    print(f"wrote {written}", file=out)
    return 0
