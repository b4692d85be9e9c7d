"""Built-in games by short name, and :func:`load_game` for a name or a Gambit file path.

The command line and the notebooks share these names (``derive games`` lists
them with their sources), in the spirit of OpenSpiel's game registry.  A game's *options* change
its structure (the faces of Liar's Dice's dice, Goofspiel's cards, Leduc's ranks) and follow its
name after a colon, as in OpenSpiel's ``liars_dice(dice_sides=4)``: ``liars-dice:faces=4``,
``goofspiel:cards=5,order=random``, ``leduc:ranks=4,raises=3``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from derive.extensive_form.game import Game, GameModelError
from derive.games.menu_poker import MAX_MENU_DECK

__all__ = [
    "BUILTIN_GAMES",
    "BuiltinGame",
    "GameOption",
    "GameParameter",
    "SizesOption",
    "UnknownGameError",
    "load_game",
    "parse_game_spec",
]


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
    domain : (Rational or None, Rational or None)
        The values the rules allow, as closed bounds (``None``: unbounded): ``(0, None)`` for an
        amount of chips (the default), ``(0, 1)`` for a probability.  ``--param`` refuses an interval
        outside them.
    """

    name: str
    default: str
    meaning: str
    aliases: tuple[str, ...] = ()
    domain: tuple[int | None, int | None] = (0, None)

    def read(self, text: str, game: str, typed: str | None = None):
        """The parameter's value from its text, exact (``3``, ``1/2``, ``0.25``), inside :attr:`domain`.

        Raises
        ------
        UnknownGameError
            For a text that is not an exact number, or a value the rules do not allow; one line naming
            the game and the parameter as ``typed`` (an alias such as Myerson's ``B``).
        """
        from derive.extensive_form.build import exact_value
        from derive.extensive_form.game import GameModelError

        try:
            value = exact_value(text, self.name)
        except GameModelError:
            value = None
        if value is None or not value.is_Rational:
            raise UnknownGameError(
                f"{game}: {typed or self.name} is an exact number (e.g. 2, 1/2, 0.25), not {text!r}"
            )
        if why := self.outside(value, value, typed):
            raise UnknownGameError(f"{game}: {why}")
        return value

    def outside(self, lo, hi, typed: str | None = None) -> str | None:
        """Why ``[lo, hi]`` leaves :attr:`domain`, in words, or None if it stays inside; the parameter
        is named as ``typed`` when the user gave an alias (``"B (the bet) is ..."``)."""
        low, high = self.domain
        name = self.name if typed in (None, self.name) else f"{typed} (the {self.name})"
        if low is not None and lo < low:
            return f"{name} is {self.meaning}: it cannot be below {low}, got {lo}"
        if high is not None and hi > high:
            return f"{name} is {self.meaning}: it cannot be above {high}, got {hi}"
        return None


@dataclass(frozen=True)
class GameOption:
    """A structural option of a built-in game, given after its name: ``liars-dice:faces=4``.

    Attributes
    ----------
    name : str
        The option's name (``faces``).
    default : str
        Its value in the game as built by default.
    meaning : str
        What it is.
    choices : tuple of str
        The allowed words, or empty for an integer option.
    low, high : int or None
        The range of an integer option (inclusive; None: unbounded); the game's builder refuses a
        game too large for the machine, naming its limit.
    """

    name: str
    default: str
    meaning: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def read(self, text: str, game: str) -> int | str:
        """The option's value from its text.

        Raises
        ------
        UnknownGameError
            For a word not among :attr:`choices`, or a text that is not an integer in range; one line
            naming the game, the option and the allowed values.
        """
        if self.choices:
            if text not in self.choices:
                raise UnknownGameError(
                    f"{game}: {self.name} is one of {', '.join(self.choices)}, not {text!r}"
                )
            return text
        try:
            value = int(text)
        except ValueError:
            value = None
        if (
            value is None
            or (self.low is not None and value < self.low)
            or (self.high is not None and value > self.high)
        ):
            span = f"from {self.low}" + (f" to {self.high}" if self.high is not None else "")
            raise UnknownGameError(f"{game}: {self.name} is an integer {span}, not {text!r}")
        return value

    def describe(self) -> str:
        """``"faces = 6 (2..7)"``, ``"order = descending (descending/ascending/random)"``."""
        if self.choices:
            allowed = "/".join(self.choices)
        else:
            allowed = f"{self.low}.." + ("" if self.high is None else str(self.high))
        return f"{self.name} = {self.default} ({allowed})"


@dataclass(frozen=True)
class SizesOption(GameOption):
    """An option that is a list of exact bet sizes joined by ``+``: ``menu-poker:sizes=1/2+1+2``."""

    def read(self, text: str, game: str) -> tuple:
        """The sizes, exact, positive and distinct, increasing.

        Raises
        ------
        UnknownGameError
            For a size that is not an exact positive number, one given twice, or too many; one line
            naming the game and the option.
        """
        from derive.games.menu_poker import menu_sizes

        try:
            return menu_sizes(part.strip() for part in text.split("+"))
        except GameModelError as e:
            raise UnknownGameError(f"{game}: {e}") from None

    def describe(self) -> str:
        """``"sizes = 1+2+4 (exact bet sizes joined by +)"``."""
        return f"{self.name} = {self.default} (exact bet sizes joined by +)"


@dataclass(frozen=True)
class BuiltinGame:
    """A built-in game: its short name, builder, source and a one-line description.

    ``parameters`` are the amounts :meth:`build_with` accepts (each may be a sympy symbol), e.g.
    the bet size, for answers as functions of them
    (:func:`derive.solving.parameters.parametric_lp.parametric_solve`); ``options`` change the
    game's structure (:class:`GameOption`) and are passed to ``builder`` by name too.
    """

    name: str
    build: Callable[[], Game]
    source: str
    description: str
    parameters: tuple[GameParameter, ...] = ()
    builder: Callable[..., Game] | None = None
    options: tuple[GameOption, ...] = ()

    def build_with(self, options: dict | None = None, **amounts) -> Game:
        """The game with some parameters given (numbers or sympy symbols), the rest at their defaults.

        Parameters
        ----------
        options : dict, optional
            Values of :attr:`options` already read (:meth:`GameOption.read`), by name; values of
            :attr:`parameters` given with the name (``myerson:B=3``, :func:`parse_game_spec`) may be
            among them.
        **amounts
            Values of :attr:`parameters`, by name or alias.

        Raises
        ------
        UnknownGameError
            If a name is not one of :attr:`parameters` or :attr:`options` (the message lists them).
        GameModelError
            If a value is not an exact number or symbol, or the game is too large (from the
            game's builder).
        """
        known = {alias: p.name for p in self.parameters for alias in (p.name, *p.aliases)}
        options = dict(options or {})
        for name in [n for n in options if n in known]:  # a parameter fixed in the name: myerson:B=3
            if known[name] in {known.get(a, a) for a in amounts}:
                raise UnknownGameError(f"{self.name}: {name} is given twice")
            amounts[name] = options.pop(name)
        for name in amounts:
            if name not in known:
                have = ", ".join(sorted(known)) or "none"
                raise UnknownGameError(f"{self.name} has no parameter {name!r} (its parameters: {have})")
        allowed = {o.name for o in self.options}
        for name in options:
            if name not in allowed:
                have = ", ".join(sorted(allowed)) or "none"
                raise UnknownGameError(f"{self.name} has no option {name!r} (its options: {have})")
        if self.builder is None:
            return self.build()
        return self.builder(**{known[name]: value for name, value in amounts.items()}, **options)


def _kuhn() -> Game:
    from derive.games.one_card import kuhn_poker, to_extensive_form

    return to_extensive_form(kuhn_poker())


def _one_raise() -> Game:
    from derive.games.one_card import one_raise_poker, to_extensive_form

    return to_extensive_form(one_raise_poker())


def _leduc() -> Game:
    from derive.games.leduc import leduc_holdem

    return leduc_holdem()


_ONE_CARD_NAMES = {1: "Kuhn poker", 2: "one-raise poker"}


def _one_card_with(max_bets: int) -> Callable[..., Game]:
    def build(ante: object = 1, bet: object = 1, **amounts: object) -> Game:
        from derive.games.one_card import one_card_poker, to_extensive_form

        raise_size = amounts.pop("raise", None)  # `raise` is a Python keyword: the one-raise game's option
        if amounts:
            raise TypeError(f"unexpected amounts {sorted(amounts)}")
        rules = one_card_poker(3, max_bets, ante=ante, bet=bet, raise_size=raise_size)
        if rules.raise_size == rules.bet or rules.raise_size.free_symbols:  # a number of its own names it
            rules = one_card_poker(3, max_bets, ante, bet, _ONE_CARD_NAMES[max_bets], raise_size=raise_size)
        return to_extensive_form(rules)

    return build


def _leduc_with(
    ante: object = 1, bet1: object = 2, bet2: object = 4, ranks: int = 3, raises: int = 2
) -> Game:
    from derive.games.leduc import leduc_holdem

    return leduc_holdem(ante, (bet1, bet2), ranks=ranks, max_raises=raises)


def _liars_dice(faces: int = 6, dice: int = 1) -> Game:
    from derive.games.liars_dice import liars_dice

    return liars_dice(dice, faces)


def _goofspiel(cards: int = 4, order: str = "descending", returns: str = "win-loss") -> Game:
    from derive.games.goofspiel import goofspiel

    return goofspiel(cards, order, returns)


def _menu_poker(deck: int = 10, sizes: tuple = (1, 2, 4)) -> Game:
    from derive.games.menu_poker import menu_poker

    return menu_poker(deck, sizes)


def _textbook_with(name: str) -> Callable[..., Game]:
    def build(**amounts) -> Game:
        from derive.games import textbook

        return getattr(textbook, name)(**amounts)

    return build


_ANTE_BET = (
    GameParameter("ante", "1", "each player's ante, in chips"),
    GameParameter("bet", "1", "the size of a bet (and of a raise), in chips"),
)
_ANTE_BET_RAISE = (
    GameParameter("ante", "1", "each player's ante, in chips"),
    GameParameter("bet", "1", "the size of a bet, in chips"),
    GameParameter("raise", "the bet", "the size of the raise beyond the call, in chips (default: the bet's)"),
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
            _ANTE_BET_RAISE,
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
            (
                GameOption("ranks", "3", "ranks in the deck, two cards each", low=2, high=13),
                GameOption("raises", "2", "bets plus raises allowed a round", low=1, high=4),
            ),
        ),
        BuiltinGame(
            "liars-dice",
            _liars_dice,
            "OpenSpiel's liars_dice (Lanctot et al. 2019); Neller & Lanctot (2013), section 5",
            "Liar's Dice: one six-sided die each, bid higher or call liar, the highest face wild",
            (),
            _liars_dice,
            (
                GameOption("faces", "6", "faces per die (the highest is wild)", low=2, high=6),
                GameOption("dice", "1", "dice per player (at most 12 bids: 2 x dice x faces)", low=1, high=3),
            ),
        ),
        BuiltinGame(
            "goofspiel",
            _goofspiel,
            "OpenSpiel's goofspiel(imp_info=true), turn-based (Lanctot et al. 2019); Ross (1971)",
            "imperfect-information Goofspiel: 4 cards each, bid for point cards turned up 4, 3, 2, 1",
            (),
            _goofspiel,
            (
                GameOption("cards", "4", "cards per player and point cards", low=2, high=6),
                GameOption(
                    "order", "descending", "order of the point cards", ("descending", "ascending", "random")
                ),
                GameOption(
                    "returns", "win-loss", "payoffs: +1/-1/0 or the point difference", ("win-loss", "points")
                ),
            ),
        ),
        BuiltinGame(
            "menu-poker",
            _menu_poker,
            "von Neumann & Morgenstern (1944), section 19; Newman (1959), section 2",
            "N cards, ante 1: I checks (showdown) or bets one size of a menu; II folds or calls",
            (),
            _menu_poker,
            (
                GameOption("deck", "10", "cards in the deck", low=2, high=MAX_MENU_DECK),
                SizesOption("sizes", "1+2+4", "the bet sizes I may choose from, in chips"),
            ),
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
                GameParameter("weak", "1/10", "the probability that the Sender is weak", domain=(0, 1)),
                GameParameter(
                    "taste",
                    "1",
                    "the Sender's gain from his preferred breakfast: the cost of the other",
                    domain=(None, None),
                ),
            ),
            _textbook_with("beer_quiche"),
        ),
        BuiltinGame(
            "job-market",
            _textbook("job_market"),
            "Spence (1973)",
            "job-market signalling: two types, education or not, a high or a low wage (general-sum)",
            (
                GameParameter("high", "1/3", "the probability that the Worker is productive", domain=(0, 1)),
                GameParameter("cost_high", "1/2", "the productive type's cost of education"),
                GameParameter("cost_low", "3/2", "the other type's cost of education"),
            ),
            _textbook_with("job_market"),
        ),
        BuiltinGame(
            "selten-horse",
            _textbook("selten_horse"),
            "Selten (1975), figure 1",
            "Selten's horse: three players, no proper subgame, one equilibrium component not sequential",
        ),
        BuiltinGame(
            "three-card-poker",
            _three_card_poker,
            "docs/sources/three-card-poker-frequencies.txt",
            "Three Card Poker against the dealer: one player against chance (play or fold, 1755 hands)",
        ),
    )
}


def parse_game_spec(spec: str) -> tuple[BuiltinGame, dict[str, int | str]] | None:
    """A built-in game with options, ``NAME:KEY=VALUE,KEY=VALUE``, as ``(game, options)``; None if
    ``spec`` does not start with a built-in name and a colon.

    A key may also be one of the game's :attr:`~BuiltinGame.parameters` (``myerson:B=3``): its value,
    exact and inside the rules' domain, is among the options, and :meth:`BuiltinGame.build_with`
    builds the game with it.

    Examples
    --------
    >>> game, options = parse_game_spec("liars-dice:faces=4")
    >>> game.name, options
    ('liars-dice', {'faces': 4})
    >>> parse_game_spec("myerson:B=3")[1]
    {'B': 3}

    Raises
    ------
    UnknownGameError
        For an option or parameter the game does not have, one given twice, a malformed item or a
        value out of range (one line naming the game and the option).
    """
    name, colon, rest = spec.partition(":")
    if not colon or name not in BUILTIN_GAMES:
        return None
    builtin = BUILTIN_GAMES[name]
    by_name = {o.name: o for o in builtin.options}
    amounts = {alias: p for p in builtin.parameters for alias in (p.name, *p.aliases)}
    options: dict[str, object] = {}
    for item in rest.split(","):
        key, eq, text = (part.strip() for part in item.partition("="))
        if not eq or not key or not text:
            raise UnknownGameError(f"{spec!r}: give options as {name}:KEY=VALUE,KEY=VALUE")
        if key not in by_name and key not in amounts:
            if not amounts:
                raise UnknownGameError(
                    f"{name} has no option {key!r} (its options: {', '.join(by_name) or 'none'})"
                )
            raise UnknownGameError(
                f"{name} has no option or parameter {key!r} (its options: {', '.join(by_name) or 'none'}; "
                f"its parameters: {', '.join(amounts)})"
            )
        if key in options or (key in amounts and any(amounts.get(k) is amounts[key] for k in options)):
            raise UnknownGameError(f"{spec!r}: {key} is given twice")
        options[key] = by_name[key].read(text, name) if key in by_name else amounts[key].read(text, name, key)
    return builtin, options


def load_game(spec: str, *, rationalize: bool = False) -> Game:
    """The game named ``spec`` (see :data:`BUILTIN_GAMES`) or read from the Gambit file at path ``spec``.

    Parameters
    ----------
    spec : str
        A built-in name, optionally with options (``liars-dice:faces=4``, :func:`parse_game_spec`),
        or a path ending in ``.efg`` or ``.nfg``.
    rationalize : bool
        For files: read decimal probabilities that look like rounded floats as the nearest
        simple fractions (each change is recorded in ``game.metadata["rationalized"]``).

    Raises
    ------
    UnknownGameError
        If ``spec`` is neither a built-in name nor a ``.efg``/``.nfg`` path, or names a wrong option.
    GameModelError
        If the options make a game too large for the machine (the message gives the limit).
    GambitFormatError
        For a missing, unreadable or malformed file (one line naming the file and the fault).
    """
    if spec in BUILTIN_GAMES:
        return BUILTIN_GAMES[spec].build()
    parsed = parse_game_spec(spec)
    if parsed is not None:
        builtin, options = parsed
        return builtin.build_with(options)
    if Path(spec).suffix.lower() in (".efg", ".nfg"):
        from derive.formats import read_game

        return read_game(spec, rationalize=rationalize)
    names = ", ".join(BUILTIN_GAMES)
    raise UnknownGameError(f"unknown game {spec!r}: give a .efg or .nfg file or one of {names}")
