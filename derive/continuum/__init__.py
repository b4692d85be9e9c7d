"""One-card poker with hands uniform on [0, 1]: the classic continuous models derived from their rules.

Stages, each a module: :mod:`~derive.continuum.rules` (the rules and their N-card versions) ->
:mod:`~derive.continuum.payoff` (plans, threshold structures, the payoff by integration) ->
:mod:`~derive.continuum.structure` (the threshold order, read off the exact N-card solution) ->
:mod:`~derive.continuum.solve` (the indifference equations, solved as functions of the bet) ->
:mod:`~derive.continuum.proof` (exact best responses: no deviation gains) ->
:mod:`~derive.continuum.limit` (the N-card games converging to the continuum) ->
:mod:`~derive.continuum.report` (text, JSON and LaTeX).
"""
