"""The ``derive`` command line: one module per command.

``derive reproduce [--out DIR]``
    Derive Kuhn poker and the one-raise game; write figures and LaTeX under
    DIR (default ``figures``); print the values and families.
``derive solve [GAME] [--all] [--json] [--rationalize]``
    Solve a game exactly: GAME is a built-in name (``derive games``) or a Gambit
    ``.efg``/``.nfg`` file; without GAME, the one-card poker game of
    ``--deck N --max-bets K [--ante A] [--bet B]``.  ``--all`` adds each
    player's whole optimal set.  A one-player game (``three-card-poker``) is
    solved as a best response to chance: the value and each information set's
    reach probability and actions' expected values (``--all``: every set).
``derive games``
    List the built-in games with their sources.
``derive draw [GAME] [--format png|pdf|svg|tikz] [--out DIR]``
    Draw the game tree with its information sets and, for a two-player
    constant-sum game, an equilibrium on it.
``derive latex [GAME] [--out DIR] [--game all|kuhn|one-raise] [--pdf]``
    Write a standalone LaTeX document deriving the games step by step; with
    GAME, the derivation of that two-player constant-sum game.
``derive hands --hand-size N [--ranks R] [--suits S] [--draws]``
    Count poker hands by class (formulas, exact probabilities) or check the
    classic draw odds (Hoyle) in docs/sources/.
``derive casino three-card-poker [--qualifier Q] [--ante-bonus 5,4,1] [--pair-plus 40,30,6,4,1] [--json|--latex] [--all]``
    Three Card Poker against the dealer, exactly: the optimal play (Q-6-4 or better), the house
    edge, the element of risk, simpler strategies and Pair Plus; the borderline hands' counts.
``derive continuum MODEL [--bet B] [--json|--latex] [--convergence FILE]``
    Derive a continuous poker model (hands uniform on [0, 1]) from its rules: the thresholds and
    the value as exact functions of the bet B, with the proof that they are an equilibrium; MODEL
    is von-neumann, borel, kuhn-continuum, one-raise-continuum or karlin-restrepo-K.
    ``--convergence FILE`` also solves the N-card games and draws their values converging.
``derive export [GAME] --format efg [--deck N --max-bets K --ante A --bet B] [--out FILE]``
    Write the game as a Gambit extensive-form file (exact rationals).
``derive notebooks --html OUT [--dir DIR] | --copy DIR``
    Run the notebooks and export them to HTML (MathJax renders the LaTeX), or copy the course's
    notebooks into DIR for a class.
``derive family GAME``, ``derive strategic GAME``, ``derive check GAME PROFILE.json``
    Check a game's published families of equilibria; print a two-player game's reduced strategic
    form; check a strategy profile (best responses, regrets, exploitability), also the output of
    ``derive solve GAME --param NAME=LO..HI --json`` or one of its pieces at ``GAME:NAME=VALUE``.

Errors in what the user typed are one line on standard error and exit
status 2, never a traceback, and nothing is written.

How it runs: :func:`derive.cli.run.main` builds the parser from the command modules (each adds its
subcommand with ``add_parser`` and does it with ``run``), runs the command and turns errors into one
line and an exit status.  :mod:`derive.cli.arguments` holds the options several commands share,
:mod:`derive.cli.game_input` turns them into a game, :mod:`derive.cli.progress` prints progress lines.
The commands import the mathematics only when they run, so that ``derive --help`` starts at once.
"""

from derive.cli.run import main

__all__ = ["main"]
