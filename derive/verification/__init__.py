"""Stage 6, verification: exact best responses, regrets, NashConv and exploitability of any profile.

* :mod:`derive.verification.best_response` -- any game with perfect recall and any number of
  players, behaviour profiles given by labels.

* :mod:`derive.verification.profile_family` -- whether every member of a parametrised profile is a
  Nash equilibrium, decided exactly (with :mod:`derive.verification.positivity`'s certificates).

One-card poker's checks over the tree's plans (best responses picked plan by plan, the thesis's
families checked at their vertices) are in :mod:`derive.verification.tree_plans`.
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

__all__ = [
    "BehaviourProfile",
    "GameBestResponse",
    "IncompleteProfileError",
    "behaviour_profile",
    "game_best_response",
    "game_exploitability",
    "game_nash_conv",
    "profile_payoffs",
]
