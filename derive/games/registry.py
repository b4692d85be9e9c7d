"""Built-in games by short name, and :func:`load_game` for a name or a Gambit file path.

The command line and the notebooks share these names (``derive games`` lists
them with their sources), in the spirit of OpenSpiel's game registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from derive.extensive_form.game import Game, GameModelError

__all__ = ["BUILTIN_GAMES", "BuiltinGame", "GameParameter", "UnknownGameError", "load_game"]


class UnknownGameError(GameModelError):
    """A game name that is neither a built-in game nor a path to a ``.efg``/``.nfg`` file."""


@dataclass(frozen=True)
class GameParameter:
    """A named amount of a built-in game that may be given a value or left as a symbol.

    Attributes
    ----------
    name : str
        The name on the command line (``derive solve leduc --param bet2=1..8``) and the symbol's name.
    default : str
        Its value in the game as published.
    meaning : str
        What it is, in chips or as a probability.
    aliases : tuple of str
        Other names accepted for it, e.g. the textbook's letters (Myerson's ``B`` for the bet).
    """

    name: str
    default: str
    meaning: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuiltinGame:
    """A built-in game: its short name, builder, source and a one-line description.

    ``parameters`` are the amounts :meth:`build_with` accepts (each may be a sympy symbol), e.g.
    the bet size, for answers as functions of them
    (:func:`derive.solving.parameters.parametric_lp.parametric_solve`).
    """

    name: str
    build: Callable[[], Game]
    source: str
    description: str
    parameters: tuple[GameParameter, ...] = ()
    builder: Callable[..., Game] | None = None

    def build_with(self, **amounts) -> Game:
        """The game with some parameters given (numbers or sympy symbols), the rest at their defaults.

        Raises
        ------
        UnknownGameError
            If a name is not one of :attr:`parameters` (the message lists them).
        GameModelError
            If a value is not an exact number or symbol (from the game's builder).
        """
        known = {alias: p.name for p in self.parameters for alias in (p.name, *p.aliases)}
        for name in amounts:
            if name not in known:
                have = ", ".join(sorted(known)) or "none"
                raise UnknownGameError(f"{self.name} has no parameter {name!r} (its parameters: {have})")
        if self.builder is None:
            return self.build()
        return self.builder(**{known[name]: value for name, value in amounts.items()})


def _kuhn() -> Game:
    from derive.games.one_card import kuhn_poker, to_extensive_form

    return to_extensive_form(kuhn_poker())


def _one_raise() -> Game:
    from derive.games.one_card import one_raise_poker, to_extensive_form

    return to_extensive_form(one_raise_poker())


def _leduc() -> Game:
    from derive.games.leduc import leduc_holdem

    return leduc_holdem()


def _one_card_with(max_bets: int) -> Callable[..., Game]:
    def build(ante: object = 1, bet: object = 1) -> Game:
        from derive.games.one_card import one_card_poker, to_extensive_form

        name = "Kuhn poker" if max_bets == 1 else "one-raise poker"
        return to_extensive_form(one_card_poker(3, max_bets, ante=ante, bet=bet, name=name))

    return build


def _leduc_with(ante: object = 1, bet1: object = 2, bet2: object = 4) -> Game:
    from derive.games.leduc import leduc_holdem

    return leduc_holdem(ante, (bet1, bet2))


def _textbook_with(name: str) -> Callable[..., Game]:
    def build(**amounts) -> Game:
        from derive.games import textbook

        return getattr(textbook, name)(**amounts)

    return build


_ANTE_BET = (
    GameParameter("ante", "1", "each player's ante, in chips"),
    GameParameter("bet", "1", "the size of a bet (and of a raise), in chips"),
)


def _rake_poker() -> Game:
    from derive.games.one_card import one_card_poker, to_extensive_form

    return to_extensive_form(one_card_poker(13, 2), rake="1/20")


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
            "kuhn",
            _kuhn,
            "Kuhn (1950), pp. 97-103",
            "Kuhn poker: deck Q < K < A, ante 1, one bet of 1",
            _ANTE_BET,
            _one_card_with(1),
        ),
        BuiltinGame(
            "one-raise",
            _one_raise,
            "Miao (2014), 'Revised Kuhn poker'",
            "Kuhn poker with one raise allowed (the thesis's game)",
            _ANTE_BET,
            _one_card_with(2),
        ),
        BuiltinGame(
            "leduc",
            _leduc,
            "Southey et al. (2005), section 4; OpenSpiel's leduc_poker",
            "Leduc hold'em: J, Q, K twice; ante 1; bets 2 then 4; two rounds and a public card",
            (
                GameParameter("ante", "1", "each player's ante, in chips"),
                GameParameter("bet1", "2", "the size of a bet or raise in the first round, in chips"),
                GameParameter("bet2", "4", "the size of a bet or raise in the second round, in chips"),
            ),
            _leduc_with,
        ),
        BuiltinGame(
            "rake-poker",
            _rake_poker,
            "Kuhn (1950) and Miao (2014), with a casino's rake",
            "one-card poker, 13 cards, a bet and a raise, the house takes 1/20 of the pot at showdown (general-sum)",
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
            (
                GameParameter("ante", "1", "each player's stake in the pot, in dollars", ("P",)),
                GameParameter("bet", "1", "the amount of a raise and of a meet, in dollars", ("B",)),
            ),
            _textbook_with("myerson_poker"),
        ),
        BuiltinGame(
            "reiley",
            _textbook("reiley_poker"),
            "Reiley, Urbancic & Walker (2008), fig. 1",
            "stripped-down poker: king or queen, bet or fold, call or fold",
            _ANTE_BET,
            _textbook_with("reiley_poker"),
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
            (
                GameParameter("weak", "1/10", "the probability that the Sender is weak"),
                GameParameter(
                    "taste", "1", "the Sender's gain from his preferred breakfast: the cost of the other"
                ),
            ),
            _textbook_with("beer_quiche"),
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
