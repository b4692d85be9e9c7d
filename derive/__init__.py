"""derive: the equilibria of small games, poker first, derived exactly and step by step.

The package is laid out by stage of the derivation, data flowing one way:
:mod:`derive.games` (rules and Gambit files) -> :mod:`derive.extensive_form` (the game model) ->
:mod:`derive.sequence_form` -> :mod:`derive.dominance` -> :mod:`derive.solving` ->
:mod:`derive.verification` -> :mod:`derive.derivation` (the front door, :func:`derive.derivation.solve`) ->
:mod:`derive.presentation`, :mod:`derive.figures`, :mod:`derive.cli`.
"""
