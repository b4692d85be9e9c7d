"""Stage 6, verification: exact best responses, regrets, NashConv and exploitability of any profile.

* :mod:`derive.verification.best_response` -- any game with perfect recall and any number of
  players, behaviour profiles given by labels.

* :mod:`derive.verification.strategy_checks` -- two-player games in their plan form: a best
  response plan by plan, a strategy's exploitability against a value, NashConv and exploitability
  of a profile given by labels or as poker ``BehaviourStrategy`` objects, and a plan-form family
  (the thesis's optimal families) checked at its vertices.

* :mod:`derive.verification.profile_family` -- whether every member of a parametrised profile is a
  Nash equilibrium, decided exactly (with :mod:`derive.verification.positivity`'s certificates).

The package's ``best_response`` is :func:`derive.verification.strategy_checks.best_response` (so
the attribute ``derive.verification.best_response`` is that function; import the module's names
with ``from derive.verification.best_response import ...``).
"""

from __future__ import annotations

from derive.verification.best_response import (
    BehaviourProfile,
    GameBestResponse,
    IncompleteProfileError,
    behaviour_profile,
    game_best_response,
    game_exploitability,
    game_nash_conv,
    profile_payoffs,
)
from derive.verification.strategy_checks import (
    BestResponse,
    FamilyCheck,
    best_response,
    exploitability,
    is_nash_equilibrium,
    nash_conv,
    strategy_exploitability,
    verify_family,
)

__all__ = [
    "BehaviourProfile",
    "BestResponse",
    "FamilyCheck",
    "GameBestResponse",
    "IncompleteProfileError",
    "behaviour_profile",
    "best_response",
    "exploitability",
    "game_best_response",
    "game_exploitability",
    "game_nash_conv",
    "is_nash_equilibrium",
    "nash_conv",
    "profile_payoffs",
    "strategy_exploitability",
    "verify_family",
]
