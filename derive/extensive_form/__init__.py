"""The extensive form: the one game model of ``derive`` and the builder API that types games in.

Stage 2 of the data flow (games and file formats -> **the extensive form** ->
sequence form -> dominance -> solving -> verification -> presentation).
"""

from __future__ import annotations

from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import (
    CHANCE,
    Game,
    GameModelError,
    ImperfectRecallError,
    InformationSet,
    Node,
    NotSupportedError,
)

__all__ = [
    "CHANCE",
    "Game",
    "GameModelError",
    "ImperfectRecallError",
    "InformationSet",
    "Node",
    "NotSupportedError",
    "chance",
    "decision",
    "exact_value",
    "extensive_form",
    "payoff",
]
