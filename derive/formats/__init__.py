"""Gambit's game files, read and written: ``.efg`` extensive games and ``.nfg`` strategic games.

The first stage of the data flow for games that come as files: :mod:`~derive.formats.efg` and
:mod:`~derive.formats.nfg` read text into a :class:`~derive.extensive_form.game.Game`,
:mod:`~derive.formats.read` reads a file by its header, :mod:`~derive.formats.writer` writes a game
back, and :mod:`~derive.formats.tokens` holds what the readers share (tokens, exact numbers, errors).

:func:`read_game` reads a file and dispatches on its header; :func:`parse_efg`
and :func:`parse_nfg` read text; :func:`write_efg` and :func:`save_efg` write
any numeric :class:`~derive.extensive_form.game.Game` as an ``EFG 2 R`` file.
Every number is read *exactly*, as Gambit does: ``1/3`` is one third and the
decimal ``0.25`` is ``1/4``, never a binary float.  Every problem is reported as
one :class:`GambitFormatError` line naming the file, the line and the token,
node or value at fault.

How Gambit's names become ``derive`` labels
-------------------------------------------
* **Players** keep their Gambit names; an empty name, or one shared by several
  players, becomes ``"Player k"`` (``k`` = the player's number, from 1).
* **Information sets** keep their Gambit label when it is non-empty and used by
  no other information set of the same player; otherwise the label is
  ``"p:k"``, the player's number and the Gambit information-set number (e.g.
  ``"1:3"``).  The Gambit numbers are kept in ``metadata["gambit_infosets"]``.
  A strategic game's information sets are labelled ``"1:1"``, ``"2:1"``, ...
* **Actions** (and strategies) keep their labels; within one information set an
  empty or repeated label ``x`` becomes ``x_1``, ``x_2``, ... (the first such
  suffix not otherwise in use), as Gambit 16.7 itself renames them on reading,
  so both programs show the same action labels.
* **Nodes** keep their labels; each node referencing Gambit outcome ``k``
  carries that outcome's payoff vector and label (``outcome_label``).
* **Chance moves**: ``derive`` has no chance information sets; every chance
  node of a Gambit chance information set gets that set's actions and
  probabilities, and the set's number and name are kept in
  ``metadata["chance_infosets"]``.

Quoted strings
--------------
A label is written between double quotes; inside it ``\\"`` stands for ``"`` and
``\\\\`` for one backslash; a backslash before any other character is kept as it
is (so a comment holding LaTeX such as ``\\wedge`` reads as written, as in
Gambit).  The writer escapes a backslash only where it must (before ``"``,
before another backslash, or at the end of a label).  Gambit 16.7's own reader
differs on ``\\\\``: it keeps both backslashes and treats the next character as
escaped too, so a label *ending* in a backslash cannot be read by Gambit at all
and ``a\\\\b`` reads there as three backslashes; ``derive`` reads every label it
writes back unchanged.  Gambit 16.7 also refuses labels that are not printable
ASCII or that have leading, trailing or doubled spaces; such labels are
written faithfully (UTF-8) but only ``derive`` will read them back.

Numbers and tokens
------------------
Numbers are read as Gambit 16.7 reads them and no more loosely: an optional minus sign (``+1`` and
``1e+3`` are refused, as Gambit refuses them), ASCII digits, then a fraction ``p/q``, a decimal
point, or an exponent ``e`` / ``E`` with an optional minus.  Integers of any length are read exactly
(a payoff of ``10**100000`` too); an exponent beyond 1000 is refused rather than expanded.  Player
numbers, information-set and outcome numbers and strategy counts are whole numbers up to
``2**31 - 1``, Gambit's C ``int``.  Tokens are separated by ASCII white space only (a no-break space
is part of a token, as in Gambit), and a word such as ``t`` runs on to the next white space
(``t"x"`` is one word there, not a node type and a label).  Error messages shorten long labels and
numbers, and no part of reading recurses, so a tree thousands of levels deep or a strategic game
of thousands of players is read like any other.

Where derive reads what Gambit 16.7 refuses (deliberately): labels that are not printable ASCII or
have leading, trailing or doubled spaces (see above); a player's information-set label used by two
information sets (derive renames them ``"p:k"``), a chance information-set label used by two
chance sets, and a node label used by two nodes (labels are only names here); a label ending in a
backslash (see above); a byte-order mark before the header, which editors on Windows write; and
trees deeper than about 20,000 levels, on which pygambit's recursive reader crashes.  Where Gambit reads what derive
refuses: text after the last node of an ``.efg`` file (Gambit stops reading when the tree is
complete; derive reports it, since it usually means a damaged file), negative information-set or
outcome numbers, numbers glued to words (``0p``), a ``+`` sign or a fraction or decimal where a
whole number belongs (Gambit reads ``+1``, and the digits before the ``/`` or ``.``), a lone
``-``, chance probabilities that look like rounded floats (see below), and bytes that are not
UTF-8.

Exactness
---------
Chance probabilities must sum to exactly 1.  Programs that print binary floats
(OpenSpiel writes ``0.3333333333333333``) give decimals that do not; these are
refused, even when they happen to sum to 1 (``0.3333333333333333`` and
``0.6666666666666667`` do), unless ``rationalize=True``, which replaces each
decimal with more than 14 significant digits (probability or payoff) by the
simplest fraction within ``1e-9`` of it and records every change in
``metadata["rationalized"]``.  Shorter decimals (``0.25``, ``0.1``) are read
exactly, as Gambit reads them.

References
----------
McKelvey, R. D., McLennan, A. M. and Turocy, T. L., *Gambit: Software Tools for
Game Theory*, section "Game representation formats": "The extensive game (.efg)
file format", "The strategic game (.nfg) file format, payoff version" and
"... outcome version", https://gambitproject.readthedocs.io/en/latest/formats.html
"""

from __future__ import annotations

from derive.formats.efg import parse_efg
from derive.formats.nfg import parse_nfg
from derive.formats.read import read_game
from derive.formats.tokens import GambitFormatError
from derive.formats.writer import gambit_compatible, save_efg, write_efg

__all__ = [
    "GambitFormatError",
    "gambit_compatible",
    "parse_efg",
    "parse_nfg",
    "read_game",
    "save_efg",
    "write_efg",
]
