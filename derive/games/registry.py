"""Built-in games by short name, and :func:`load_game` for a name or a Gambit file path.

The command line and the notebooks share these names (``derive games`` lists
them with their sources), in the spirit of OpenSpiel's game registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from derive.extensive_form.game import Game, GameModelError

__all__ = ["BUILTIN_GAMES", "BuiltinGame", "UnknownGameError", "load_game"]


class UnknownGameError(GameModelError):
    """A game name that is neither a built-in game nor a path to a ``.efg``/``.nfg`` file."""


@dataclass(frozen=True)
class BuiltinGame:
    """A built-in game: its short name, builder, source and a one-line description."""

    name: str
    build: Callable[[], Game]
    source: str
    description: str


def _kuhn() -> Game:
    from derive.games.one_card import kuhn_poker, to_extensive_form

    return to_extensive_form(kuhn_poker())


def _one_raise() -> Game:
    from derive.games.one_card import one_raise_poker, to_extensive_form

    return to_extensive_form(one_raise_poker())


def _leduc() -> Game:
    from derive.games.leduc import leduc_holdem

    return leduc_holdem()


def _kuhn3() -> Game:
    from derive.games.three_player_kuhn import three_player_kuhn_poker

    return three_player_kuhn_poker()


def _three_card_poker() -> Game:
    from derive.casino.tree import three_card_poker_game

    return three_card_poker_game()


def _textbook(name: str) -> Callable[[], Game]:
    def build() -> Game:
        from derive.games import textbook

        return getattr(textbook, name)()

    build.__name__ = name
    return build


#: The built-in games, by name.
BUILTIN_GAMES: dict[str, BuiltinGame] = {
    g.name: g
    for g in (
        BuiltinGame(
            "kuhn", _kuhn, "Kuhn (1950), pp. 97-103", "Kuhn poker: deck Q < K < A, ante 1, one bet of 1"
        ),
        BuiltinGame(
            "one-raise",
            _one_raise,
            "Miao (2014), 'Revised Kuhn poker'",
            "Kuhn poker with one raise allowed (the thesis's game)",
        ),
        BuiltinGame(
            "leduc",
            _leduc,
            "Southey et al. (2005), section 4; OpenSpiel's leduc_poker",
            "Leduc hold'em: J, Q, K twice; ante 1; bets 2 then 4; two rounds and a public card",
        ),
        BuiltinGame(
            "kuhn3",
            _kuhn3,
            "Szafron, Gibson & Sturtevant (2013); OpenSpiel's kuhn_poker(players=3)",
            "three-player Kuhn poker: deck J < Q < K < A, ante 1, one bet of 1",
        ),
        BuiltinGame(
            "myerson",
            _textbook("myerson_poker"),
            "Myerson (1991), section 2.1, fig. 2.1",
            "Myerson's card game: red or black card, raise or fold, meet or pass",
        ),
        BuiltinGame(
            "reiley",
            _textbook("reiley_poker"),
            "Reiley, Urbancic & Walker (2008), fig. 1",
            "stripped-down poker: king or queen, bet or fold, call or fold",
        ),
        BuiltinGame(
            "matching-pennies",
            _textbook("matching_pennies"),
            "von Neumann & Morgenstern (1944), section 18",
            "matching pennies as an extensive form",
        ),
        BuiltinGame(
            "beer-quiche",
            _textbook("beer_quiche"),
            "Cho & Kreps (1987), section II",
            "the beer-quiche signaling game (general-sum)",
        ),
        BuiltinGame(
            "three-card-poker",
            _three_card_poker,
            "docs/sources/three-card-poker-frequencies.txt",
            "Three Card Poker against the dealer: one player against chance (play or fold, 1755 hands)",
        ),
    )
}


def load_game(spec: str, *, rationalize: bool = False) -> Game:
    """The game named ``spec`` (see :data:`BUILTIN_GAMES`) or read from the Gambit file at path ``spec``.

    Parameters
    ----------
    spec : str
        A built-in name, or a path ending in ``.efg`` or ``.nfg``.
    rationalize : bool
        For files: read decimal probabilities that look like rounded floats as the nearest
        simple fractions (each change is recorded in ``game.metadata["rationalized"]``).

    Raises
    ------
    UnknownGameError
        If ``spec`` is neither a built-in name nor a ``.efg``/``.nfg`` path.
    GambitFormatError
        For a missing, unreadable or malformed file (one line naming the file and the fault).
    """
    if spec in BUILTIN_GAMES:
        return BUILTIN_GAMES[spec].build()
    if Path(spec).suffix.lower() in (".efg", ".nfg"):
        from derive.formats import read_game

        return read_game(spec, rationalize=rationalize)
    names = ", ".join(BUILTIN_GAMES)
    raise UnknownGameError(f"unknown game {spec!r}: give a .efg or .nfg file or one of {names}")
