"""One-card poker: Kuhn poker, the one-raise game of Miao (2014) and their N-card relatives.

The package is the one-card builder of the one game model, in three parts:

* :mod:`~derive.games.one_card.betting` -- the betting round (who acts, what is legal, what a
  terminal history pays), shared with the [0, 1] models of :mod:`derive.continuum.rules`;
* :mod:`~derive.games.one_card.rules` -- the rules (:class:`OneCardPoker`: deck, ante, bet, cap),
  validated at the door;
* :mod:`~derive.games.one_card.builder` -- :func:`to_extensive_form`: the
  :class:`~derive.extensive_form.game.Game`, with the thesis's words attached as metadata;
* :mod:`~derive.games.one_card.thesis` -- the thesis's data: Kuhn's letters, the thesis's α, the
  "stupid mistakes";
* :mod:`~derive.games.one_card.words` -- the thesis's words read back off the ``Game``: an
  information set's card and betting history, a situation's wording.
"""

from __future__ import annotations

# sympy first, before the package's own modules: imported from inside betting.py instead, its
# classes took 40-60 ms longer to set up at every start of the command line (measured: `from
# derive.cli import main` in 0.30-0.33 s against 0.25-0.29 s with this line, 4 runs each).
import sympy  # noqa: F401

from derive.games.one_card.betting import Action, LimitBetting
from derive.games.one_card.builder import to_extensive_form
from derive.games.one_card.rules import (
    MAX_BETS,
    MAX_DECK,
    MAX_NODES,
    MIN_RATIO,
    PLAYER_NAMES,
    SITUATION_VERB,
    GameDefinitionError,
    GameTooLargeError,
    OneCardPoker,
    SymbolicGameError,
    alpha,
    beta,
    eta,
    exact_amount,
    gamma,
    kuhn_poker,
    one_card_poker,
    one_raise_poker,
    parse_exact,
    xi,
)
from derive.games.one_card.thesis import (
    KUHN_LETTERS,
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    THESIS_STUPID_MISTAKES,
    NamedParameter,
    thesis_excluded_plans,
    thesis_removed_items,
)

__all__ = [
    "Action",
    "GameDefinitionError",
    "GameTooLargeError",
    "KUHN_LETTERS",
    "KUHN_PARAMETERS",
    "LimitBetting",
    "MAX_BETS",
    "MAX_DECK",
    "MAX_NODES",
    "MIN_RATIO",
    "NamedParameter",
    "ONE_RAISE_PARAMETERS",
    "OneCardPoker",
    "PLAYER_NAMES",
    "SITUATION_VERB",
    "SymbolicGameError",
    "THESIS_STUPID_MISTAKES",
    "alpha",
    "beta",
    "eta",
    "exact_amount",
    "gamma",
    "kuhn_poker",
    "one_card_poker",
    "one_raise_poker",
    "parse_exact",
    "thesis_excluded_plans",
    "thesis_removed_items",
    "to_extensive_form",
    "xi",
]
