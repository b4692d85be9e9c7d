"""``derive games``: list the built-in games with their sources, parameters and options
(:data:`derive.games.registry.BUILTIN_GAMES`).
"""

from __future__ import annotations

from derive.cli.arguments import add_command

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive games``: no options."""
    add_command(sub, "games", help="list the built-in games with their sources")


def run(args, out, err) -> int:
    from derive.games.registry import BUILTIN_GAMES

    for g in BUILTIN_GAMES.values():
        print(f"{g.name:<18} {g.description}  [{g.source}]", file=out)
        if g.parameters:
            names = ", ".join(
                f"{p.name}" + (f" ({'/'.join(p.aliases)})" if p.aliases else "") + f" = {p.default}"
                for p in g.parameters
            )
            print(f"{'':<18}   parameters ({g.name}:NAME=VALUE, or --param NAME=LO..HI): {names}", file=out)
        if g.options:
            names = ", ".join(o.describe() for o in g.options)
            print(f"{'':<18}   options ({g.name}:NAME=VALUE,...): {names}", file=out)
    print("or a path to a Gambit .efg/.nfg file", file=out)
    return 0
