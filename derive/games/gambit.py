"""Read and write Gambit's game files: ``.efg`` extensive games and ``.nfg`` strategic games.

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

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike
from pathlib import Path
from typing import NamedTuple

import sympy as sp

from derive.extensive_form.build import decision, extensive_form, payoff
from derive.extensive_form.game import CHANCE, Game, GameModelError, InformationSet, Node

__all__ = [
    "GambitFormatError",
    "gambit_compatible",
    "parse_efg",
    "parse_nfg",
    "read_game",
    "save_efg",
    "write_efg",
]

#: Decimals with more significant digits than this look like printed binary floats (Python prints
#: 1/3 as 0.3333333333333333, 16 digits; a decimal typed by hand rarely has 15 or more).
_ROUNDED_FLOAT_DIGITS = 14
#: ``rationalize=True`` picks the simplest fraction within this distance.
_RATIONALIZE_TOLERANCE = Fraction(1, 10**9)
#: Decimal exponents beyond this are refused (``1e999999999`` would take forever to expand exactly).
_MAX_EXPONENT = 1000


class GambitFormatError(GameModelError):
    """A Gambit file cannot be read or written; the one-line message names the file, line and token.

    Attributes
    ----------
    source : str or None
        The file (or ``"<string>"``) the problem is in, if known.
    line : int or None
        The 1-based line number, if known.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None) -> None:
        where = ", ".join(part for part in (source or "", f"line {line}" if line is not None else "") if part)
        text = f"{where}: {message}" if where else message
        super().__init__(" ".join(text.split()))  # one line, whatever the message holds
        self.source = source
        self.line = line


# --------------------------------------------------------------------------- tokens
class _Token(NamedTuple):
    kind: str  # "{", "}", ",", "string", "number", "word", "eof"
    text: str  # the decoded text of a string, the raw text otherwise
    line: int
    raw: str = ""

    def describe(self) -> str:
        """The token as an error message shows it."""
        if self.kind == "eof":
            return "the end of the file"
        shown = self.raw if self.kind == "string" else self.text
        if len(shown) > 40:
            shown = shown[:37] + "..."
        return repr(shown)


#: Gambit's lexer separates tokens by ASCII white space only (C's ``isspace``): a no-break space or
#: an information separator such as ``\x1c`` is part of a token there, and so it is here.
_SPACE = " \t\n\r\f\v"
_TOKEN_RE = re.compile(
    r"""[ \t\n\r\f\v]*
      (?: (?P<punct>[{},])
        | (?P<string>"(?:[^"\\]|\\.)*")
        | (?P<bare>[^ \t\n\r\f\v{}",]+)
        | (?P<end>\Z) )""",
    re.VERBOSE | re.DOTALL,
)
_WORD_TAIL_RE = re.compile(r"[^ \t\n\r\f\v]*")
#: The numbers Gambit 16.7 reads (its lexer, then its number parser): an optional minus (never a
#: plus), ASCII digits, an optional fraction ``p/q``, or a decimal point, or an exponent with an
#: optional minus (``1e-3``, never ``1e+3``); a number starting with the point has an exponent only
#: after a minus (``-.5e1``, not ``.5e1``).
_NUMBER_RE = re.compile(
    r"-?[0-9]+(?:/[0-9]+|\.[0-9]*(?:[eE]-?[0-9]+)?|[eE]-?[0-9]+)?"
    r"|-?\.[0-9]+"
    r"|-\.[0-9]+[eE]-?[0-9]+"
)
_WHOLE_RE = re.compile(r"-?[0-9]+")
_DECIMAL_RE = re.compile(r"([0-9]*)(?:\.([0-9]*))?(?:[eE](-?[0-9]+))?")
_UNESCAPE_RE = re.compile(r'\\(["\\])')
#: Gambit reads player, information-set, outcome numbers and strategy counts as C ``int``\ s.
_MAX_WHOLE = 2**31 - 1
#: Labels and values shown in an error message are cut to about this many characters.
_SHOWN = 40


def _tokenize(text: str, source: str) -> list[_Token]:
    tokens: list[_Token] = []
    append = tokens.append
    pos, line = (1 if text.startswith("\ufeff") else 0), 1
    match_token, is_number = _TOKEN_RE.match, _NUMBER_RE.fullmatch
    while True:
        match = match_token(text, pos)
        if match is None:  # only an opening quote with no closing one fails every branch
            line += text.count("\n", pos, len(text) - len(text[pos:].lstrip(_SPACE)))
            raise GambitFormatError(
                "a string opened here is never closed (the file ends inside it)", source=source, line=line
            )
        kind = match.lastgroup
        start, stop = match.span(kind)
        line += text.count("\n", pos, start)
        chunk = match.group(kind)
        if kind == "punct":
            append(_Token(chunk, chunk, line))
        elif kind == "string":
            body = _UNESCAPE_RE.sub(r"\1", chunk[1:-1]) if "\\" in chunk else chunk[1:-1]
            append(_Token("string", body, line, chunk))
            line += chunk.count("\n")
        elif kind == "bare":
            if is_number(chunk):
                append(_Token("number", chunk, line))
            else:
                if chunk[0] not in "0123456789+-.":
                    # a word runs on to the next white space, as a symbol does in Gambit's lexer
                    # ('t"x"' is one word there, not the node type 't' and a label)
                    stop = _WORD_TAIL_RE.match(text, stop).end()
                    chunk = text[start:stop]
                append(_Token("word", chunk, line))
        else:  # the end of the text
            break
        pos = stop
    # the end of the file is reported on the last line that holds a token
    append(_Token("eof", "", tokens[-1].line + tokens[-1].raw.count("\n") if tokens else 1))
    return tokens


#: Digit strings longer than this are converted piecewise (Python refuses ``int()`` on more than
#: ``sys.get_int_max_str_digits()`` digits, 4300 by default).
_DIGIT_CHUNK = 600


def _int_of_digits(digits: str) -> int:
    """``int(digits)`` for ASCII digits of any length, without Python's limit on long conversions."""
    if len(digits) <= _DIGIT_CHUNK:
        return int(digits or "0")
    half = len(digits) // 2
    return _int_of_digits(digits[:-half]) * 10**half + _int_of_digits(digits[-half:])


def _digits_of_int(value: int) -> str:
    """``str(value)`` for an integer of any size, without Python's limit on long conversions."""
    if value < 0:
        return "-" + _digits_of_int(-value)
    if value.bit_length() <= 3 * _DIGIT_CHUNK:  # fewer than _DIGIT_CHUNK digits
        return str(value)
    half = int(value.bit_length() * 0.30103) // 2  # about half its decimal digits
    high, low = divmod(value, 10**half)
    return _digits_of_int(high) + _digits_of_int(low).rjust(half, "0")


def _number_text_value(text: str) -> Fraction:
    """The exact value of a number token (``_NUMBER_RE``); OverflowError for an exponent beyond the bound."""
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("-")
    if "/" in body:
        num, den = body.split("/")
        return sign * Fraction(_int_of_digits(num), _int_of_digits(den))
    whole, fraction, exponent = _DECIMAL_RE.fullmatch(body).groups()
    fraction = fraction or ""
    if exponent is not None:
        magnitude = exponent.lstrip("-").lstrip("0")  # leading zeros may be thousands long
        if len(magnitude) > 6 or int(magnitude or "0") > _MAX_EXPONENT:
            raise OverflowError(text)
        shift = int(magnitude or "0") * (-1 if exponent.startswith("-") else 1) - len(fraction)
    else:
        shift = -len(fraction)
    mantissa = sign * _int_of_digits(whole + fraction)
    return Fraction(mantissa * 10**shift) if shift >= 0 else Fraction(mantissa, 10**-shift)


def _short(text: str) -> str:
    """``text`` cut to about :data:`_SHOWN` characters for an error message."""
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _quoted(label: str) -> str:
    """A label as an error message quotes it: ``repr``, cut to about :data:`_SHOWN` characters."""
    return repr(label) if len(label) <= _SHOWN else repr(label[: _SHOWN - 3]) + "..."


def _show_int(value: int) -> str:
    """An integer for a message: in full up to 30 digits, else its first digits and its length."""
    if abs(value) < 10**30:
        return str(value)
    digits = _digits_of_int(value) if value.bit_length() < 60_000 else None
    if digits is None:  # above about 18,000 digits: only the size
        return f"{'-' if value < 0 else ''}(a number of about {int(value.bit_length() * 0.30103)} digits)"
    sign, digits = ("-", digits[1:]) if digits.startswith("-") else ("", digits)
    return f"{sign}{digits[:12]}...({len(digits)} digits)"


def _significant_digits(text: str) -> int:
    mantissa = re.split(r"[eE]", text.lstrip("+-"))[0].replace(".", "")
    return len(mantissa.lstrip("0"))


def _is_decimal(text: str) -> bool:
    return "/" not in text and any(c in text for c in ".eE")


def _simplest_between(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction with the smallest denominator (then numerator) in ``[lo, hi]``."""
    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        return -_simplest_between(-hi, -lo)
    # continued-fraction descent (Stern-Brocot); the intervals shrink geometrically
    floor = math.floor(lo)
    if floor == lo or floor + 1 <= hi:
        return Fraction(floor if floor == lo else floor + 1)
    return floor + 1 / _simplest_between(1 / (hi - floor), 1 / (lo - floor))


def _show(value: Fraction) -> str:
    """A fraction for a message (``p`` or ``p/q``), long numerators and denominators shortened."""
    num = _show_int(value.numerator)
    return num if value.denominator == 1 else f"{num}/{_show_int(value.denominator)}"


def _rational(value: Fraction) -> sp.Rational:
    return sp.Rational(value.numerator, value.denominator)


def _number_hint(token: _Token) -> str:
    """Why a word that looks like a number is not one (Gambit 16.7 refuses it too), or ``""``."""
    text = token.text
    if token.kind != "word":
        return ""
    if any(c.isdigit() and not "0" <= c <= "9" for c in text):
        return " (only the ASCII digits 0-9 make numbers)"
    if "+" in text and re.fullmatch(r"[+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?(?:/[0-9]+)?", text):
        return f" (numbers take no '+' sign: write {_short(text.replace('+', ''))})"
    if re.fullmatch(r"-?[0-9]+/[+-][0-9]+", text):
        return " (only the numerator of a fraction may carry a sign, as in -1/2)"
    if re.fullmatch(r"\.[0-9]+[eE]-?[0-9]+", text):
        return " (Gambit reads no exponent after a leading point: write a digit before it, as in 0.5e1)"
    return ""


# --------------------------------------------------------------------------- labels
def _distinct(labels: Sequence[str]) -> list[str]:
    """Gambit 16.7's renaming of empty or repeated labels in one list: ``x`` -> ``x_1``, ``x_2``, ..."""
    counts = Counter(labels)
    used = set(labels)
    tried: Counter = Counter()
    out = []
    for label in labels:
        if label and counts[label] == 1:
            out.append(label)
            continue
        while True:
            tried[label] += 1
            candidate = f"{label}_{tried[label]}"
            if candidate not in used:
                break
        used.add(candidate)
        out.append(candidate)
    return out


def _filled(labels: Sequence[str], fallback: Callable[[int], str]) -> list[str]:
    """Keep labels that are non-empty and unique; replace the others by ``fallback(i)``, made unique."""
    counts = Counter(labels)
    used = {label for label in labels if label and counts[label] == 1}
    out = []
    for i, label in enumerate(labels):
        if label and counts[label] == 1:
            out.append(label)
            continue
        base = candidate = fallback(i)
        k = 1
        while candidate in used:
            k += 1
            candidate = f"{base}_{k}"
        used.add(candidate)
        out.append(candidate)
    return out


def _node_text(index: int, label: str) -> str:
    return f"{index} ({_quoted(label)})" if label else str(index)


# --------------------------------------------------------------------------- parser
@dataclass
class _Record:
    """One node of the file, in preorder."""

    kind: str  # "c", "p" or "t"
    line: int
    label: str
    parent: int
    player: int | None = None  # 1-based Gambit player number ("p" nodes)
    infoset: int | None = None  # Gambit information-set (or chance event) number
    outcome: int = 0
    children: list[int] = field(default_factory=list)


@dataclass
class _InfosetDef:
    line: int
    label: str
    actions: tuple[str, ...]
    probs: tuple[Fraction, ...] = ()
    texts: tuple[str, ...] = ()


@dataclass
class _OutcomeDef:
    line: int
    label: str
    payoffs: tuple[Fraction, ...]


class _Parser:
    def __init__(self, text: str, source: str, rationalize: bool) -> None:
        self.source = source
        self.tokens = _tokenize(text, source)
        self.pos = 0
        self.rationalize = rationalize
        self.messages: list[str] = []

    # ---- token access
    def peek(self) -> _Token:
        return self.tokens[self.pos]

    def next(self) -> _Token:
        token = self.tokens[self.pos]
        if token.kind != "eof":
            self.pos += 1
        return token

    def error(self, message: str, token: _Token | None = None) -> GambitFormatError:
        token = token or self.peek()
        if token.kind == "eof" and "truncated" not in message:
            message += " (is the file truncated?)"
        return GambitFormatError(message, source=self.source, line=token.line)

    def expect(self, kind: str, what: str) -> _Token:
        token = self.next()
        if token.kind != kind:
            raise self.error(f"expected {what}, found {token.describe()}", token)
        return token

    def string(self, what: str) -> str:
        return self.expect("string", f"{what} (a quoted string)").text

    def integer(self, what: str, *, minimum: int = 0) -> int:
        """A whole number from ``minimum`` to 2**31 - 1 (Gambit reads these numbers as C ``int``)."""
        token = self.next()
        if token.kind != "number" or not _WHOLE_RE.fullmatch(token.text):
            raise self.error(
                f"expected {what} (a whole number), found {token.describe()}{_number_hint(token)}", token
            )
        digits = token.text.lstrip("-").lstrip("0")  # leading zeros may be thousands long
        if token.text.startswith("-") and digits:
            raise self.error(f"{what} must be at least {minimum}, found {token.describe()}", token)
        if len(digits) > 10 or int(digits or "0") > _MAX_WHOLE:
            raise self.error(
                f"{what} {token.describe()} is too large (Gambit reads at most {_MAX_WHOLE})", token
            )
        value = int(digits or "0")
        if value < minimum:
            raise self.error(f"{what} must be at least {minimum}, found {token.describe()}", token)
        return value

    def number(self, what: str) -> tuple[Fraction, str]:
        """An exact number and its text (rationalized when asked; the change is recorded by the caller)."""
        token = self.next()
        if token.kind != "number":
            raise self.error(
                f"expected {what} (a number), found {token.describe()}{_number_hint(token)}", token
            )
        try:
            return _number_text_value(token.text), token.text
        except ZeroDivisionError:
            raise self.error(f"{what} {token.describe()} divides by zero", token) from None
        except OverflowError:
            raise self.error(
                f"{what} {token.describe()} has an exponent beyond +-{_MAX_EXPONENT}", token
            ) from None

    def maybe_rationalize(self, value: Fraction, text: str, where: str) -> Fraction:
        if not (self.rationalize and _is_decimal(text) and _significant_digits(text) > _ROUNDED_FLOAT_DIGITS):
            return value
        simple = _simplest_between(value - _RATIONALIZE_TOLERANCE, value + _RATIONALIZE_TOLERANCE)
        if simple != value:
            self.messages.append(f"{where} {_short(text)} read as {_show(simple)}")
        return simple

    def header(self, kind: str, version: str) -> tuple[str, list[str]]:
        token = self.next()
        if token.kind != "word" or token.text != kind:
            raise self.error(f"expected the header {kind!r}, found {token.describe()}", token)
        token = self.next()
        if token.kind != "number":
            raise self.error(
                f"expected the version number {version} after {kind!r}, found {token.describe()}", token
            )
        if token.text != version:
            raise self.error(f"unsupported {kind} version {token.describe()} (only {version} is read)", token)
        token = self.next()
        if token.kind != "word" or token.text not in ("R", "D"):
            raise self.error(f"expected the number type 'R' or 'D', found {token.describe()}", token)
        title = self.string("the game's title")
        self.expect("{", "'{' opening the list of players")
        names = []
        while self.peek().kind == "string":
            names.append(self.next().text)
        self.expect("}", "a player's name or '}' closing the list of players")
        if not names:
            raise self.error("the game has no players", self.tokens[self.pos - 1])
        return title, names

    def payoffs(self, n_players: int, where: str, *, opened: bool = False) -> tuple[Fraction, ...]:
        """``{ v1, v2, ... }`` (commas optional), one number per player; ``opened``: '{' already read."""
        if not opened:
            self.expect("{", f"'{{' opening the payoffs of {where}")
        values = []
        for p in range(n_players):
            token = self.peek()
            if token.kind == "}":
                raise self.error(f"{where} has {p} payoff{'s' * (p != 1)} for {n_players} players", token)
            value, text = self.number(f"the payoff of player {p + 1} in {where}")
            values.append(self.maybe_rationalize(value, text, f"{where}: payoff of player {p + 1}"))
            if self.peek().kind == ",":
                self.next()
        token = self.next()
        if token.kind != "}":
            raise self.error(
                f"{where} lists more than {n_players} payoffs (found {token.describe()}, expected '}}')",
                token,
            )
        return tuple(values)


def _efg_records(parser: _Parser, n_players: int):
    records: list[_Record] = []
    infosets: dict[tuple[int, int], _InfosetDef] = {}  # (player number, 0 for chance; number)
    outcomes: dict[int, _OutcomeDef] = {}
    stack: list[list[int]] = [[-1, 1]]  # [parent, children still to read]
    while stack:
        if stack[-1][1] == 0:
            stack.pop()
            continue
        stack[-1][1] -= 1
        parent = stack[-1][0]
        index = len(records)
        token = parser.next()
        if token.kind == "eof" and index == 0:
            raise parser.error("the file ends after its header: there are no nodes", token)
        if token.kind == "eof":
            missing = stack[-1][1] + 1 + sum(s[1] for s in stack[:-1])
            raise parser.error(
                f"the file ends after node {index - 1}; the tree needs at least {missing} more "
                f"node{'s' if missing > 1 else ''} (is the file truncated?)",
                token,
            )
        if token.kind != "word" or token.text not in ("c", "p", "t"):
            raise parser.error(
                f"expected node {index} (a line starting with 'c', 'p' or 't'), found {token.describe()}",
                token,
            )
        rec = _Record(token.text, token.line, parser.string(f"the label of node {index}"), parent)
        where = f"node {_node_text(index, rec.label)}"
        if rec.kind in "cp":
            if rec.kind == "p":
                number_token = parser.peek()
                rec.player = parser.integer(f"the player of {where}", minimum=1)
                if rec.player > n_players:
                    raise parser.error(
                        f"{where}: no player {rec.player}; the game has {n_players} player"
                        f"{'s' if n_players > 1 else ''}",
                        number_token,
                    )
            what = "information set" if rec.kind == "p" else "chance information set"
            rec.infoset = parser.integer(f"the {what} number of {where}")
            key = (rec.player or 0, rec.infoset)
            name = f"{what} {rec.infoset}" + (f" of player {rec.player}" if rec.player else "")
            if parser.peek().kind == "string":
                defn = _efg_infoset(parser, rec.kind == "c", where)
                old = infosets.get(key)
                if old is None:
                    infosets[key] = defn
                    if rec.kind == "c":
                        _check_chance(parser, defn, index, rec.label)
                elif (old.label, old.actions, old.probs) != (defn.label, defn.actions, defn.probs):
                    raise parser.error(
                        f"{where}: {name} is described differently from its first description at line "
                        f"{old.line}",
                        parser.tokens[parser.pos - 1],
                    )
            elif key not in infosets:
                raise parser.error(
                    f"{where}: {name} is used before it is described (its actions are not given)",
                    parser.peek(),
                )
        rec.outcome = _efg_outcome(parser, outcomes, n_players, where)
        if rec.kind in "cp":
            n_children = len(infosets[(rec.player or 0, rec.infoset)].actions)
            stack.append([index, n_children])
        if parent >= 0:
            records[parent].children.append(index)
        records.append(rec)
    token = parser.peek()
    if token.kind != "eof":
        raise parser.error(
            f"unexpected {token.describe()} after the last node (the tree is complete at node "
            f"{len(records) - 1})",
            token,
        )
    return records, infosets, outcomes


def _efg_infoset(parser: _Parser, chance: bool, where: str) -> _InfosetDef:
    start = parser.peek()
    label = parser.next().text
    parser.expect("{", f"'{{' opening the actions of {where}")
    actions: list[str] = []
    probs: list[Fraction] = []
    texts: list[str] = []
    while parser.peek().kind == "string":
        action = parser.next().text
        actions.append(action)
        if chance:
            value, text = parser.number(f"the probability of action {_quoted(action)} at {where}")
            probs.append(parser.maybe_rationalize(value, text, f"{where}: probability of {_quoted(action)}"))
            texts.append(text)
    token = parser.next()
    if token.kind != "}":
        expected = "an action label and its probability" if chance else "an action label (a quoted string)"
        raise parser.error(f"{where}: expected {expected} or '}}', found {token.describe()}", token)
    if not actions:
        raise parser.error(f"{where} has an empty list of actions", token)
    return _InfosetDef(start.line, label, tuple(actions), tuple(probs), tuple(texts))


def _check_chance(parser: _Parser, defn: _InfosetDef, index: int, label: str) -> None:
    node = f"chance node {_node_text(index, label)}"
    for action, p in zip(defn.actions, defn.probs):
        if p < 0:
            raise GambitFormatError(
                f"{node}: probability {_show(p)} of {_quoted(action)} is negative",
                source=parser.source,
                line=defn.line,
            )
    total = sum(defn.probs, Fraction(0))
    if not parser.rationalize:
        for action, text in zip(defn.actions, defn.texts):
            if _is_decimal(text) and _significant_digits(text) > _ROUNDED_FLOAT_DIGITS:
                raise GambitFormatError(
                    f"{node}: probability {_short(text)} of {_quoted(action)} looks like a rounded float; "
                    "write an exact fraction such as 1/3, or use rationalize=True (--rationalize)",
                    source=parser.source,
                    line=defn.line,
                )
    if total == 1:
        return
    floats = any(_is_decimal(t) and _significant_digits(t) > _ROUNDED_FLOAT_DIGITS for t in defn.texts)
    message = f"{node} probabilities sum to {_show(total)}, not 1"
    if parser.rationalize and floats:
        message += " even after rationalizing"
    elif floats:
        message += "; they look like rounded floats: use rationalize=True (--rationalize)"
    raise GambitFormatError(message, source=parser.source, line=defn.line)


def _efg_outcome(parser: _Parser, outcomes: dict[int, _OutcomeDef], n_players: int, where: str) -> int:
    number_token = parser.peek()
    number = parser.integer(f"the outcome number of {where}")
    if parser.peek().kind != "string":
        if number and number not in outcomes:
            raise parser.error(f"{where}: outcome {number} is used before it is defined", number_token)
        return number
    if number == 0:
        raise parser.error(f"{where}: outcome 0 (no outcome) cannot have a label or payoffs", parser.peek())
    label_token = parser.next()
    values = parser.payoffs(n_players, f"{where} (outcome {number})")
    old = outcomes.get(number)
    if old is None:
        outcomes[number] = _OutcomeDef(label_token.line, label_token.text, values)
    elif (old.label, old.payoffs) != (label_token.text, values):
        raise parser.error(
            f"{where}: outcome {number} is defined differently from its first definition at line {old.line}",
            label_token,
        )
    return number


def parse_efg(text: str, *, rationalize: bool = False, source: str = "<string>") -> Game:
    """Read a Gambit extensive game (``EFG 2 R`` or ``EFG 2 D``) exactly.

    Parameters
    ----------
    text : str
        The file's contents.
    rationalize : bool, optional
        Replace each decimal with more than 14 significant digits (a printed binary float such
        as ``0.3333333333333333``) by the simplest fraction within ``1e-9`` of it, and record each
        change in ``metadata["rationalized"]``.  Off by default: decimals are read exactly.
    source : str, optional
        The file name that error messages and ``metadata["source"]`` give.

    Returns
    -------
    Game
        The game, nodes in the file's (pre)order; ``metadata`` holds ``source``, ``format``
        (``"efg"``), ``rationalized`` (a tuple of messages), ``gambit_infosets`` (for each
        information set in :attr:`Game.infosets` order, its Gambit player number, information-set
        number and label), ``chance_infosets`` (node index -> Gambit chance set number and label)
        and ``outcomes`` (node index -> Gambit outcome number).  See the module docstring for
        how labels are mapped.

    Raises
    ------
    GambitFormatError
        One line naming ``source``, the line and the token, node or value at fault: a bad header,
        a missing or unexpected token, an undefined or inconsistently redefined information set or
        outcome, a player number out of range, a whole number beyond ``2**31 - 1``, a number Gambit
        does not read (``+1``, ``1e+3``), a payoff vector of the wrong length, a truncated
        file, text after the last node, chance probabilities that are negative or do not sum to
        exactly 1 (decimals that look like rounded floats suggest ``rationalize=True``).

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html

    Examples
    --------
    Two players each ante 1 (an outcome at the root, added along every play); chance deals a high
    card with probability 0.25, read exactly as 1/4; outcome 3 is defined once and then reused:

    >>> game = parse_efg('''EFG 2 R "Ante" { "Ann" "Bob" } ""
    ... c "deal" 1 "" { "high" 0.25 "low" 3/4 } 1 "antes" { -1, -1 }
    ... p "" 1 1 "Ann" { "bet" "fold" } 0
    ... t "" 2 "Ann wins" { 2, 0 }
    ... t "" 3 "Bob wins" { 0, 2 }
    ... p "" 1 1 "Ann" { "bet" "fold" } 0
    ... t "" 3
    ... t "" 3
    ... ''')
    >>> game
    <Game 'Ante': 2 players, 7 nodes, 1 information sets, zero-sum>
    >>> game.nodes[0].probabilities
    (1/4, 3/4)
    >>> game.payoffs
    {2: (1, -1), 3: (-1, 1), 5: (-1, 1), 6: (-1, 1)}
    >>> game.infosets[0].label, game.infosets[0].nodes
    ('Ann', (1, 4))
    """
    parser = _Parser(text, source, rationalize)
    title, raw_players = parser.header("EFG", "2")
    comment = parser.string("the comment") if parser.peek().kind == "string" else ""
    records, infoset_defs, outcome_defs = _efg_records(parser, len(raw_players))
    players = _filled(raw_players, lambda i: f"Player {i + 1}")
    n_players = len(players)

    # information sets: by player, then first appearance in preorder (the builder's order)
    first_seen: dict[tuple[int, int], int] = {}
    for index, rec in enumerate(records):
        if rec.kind == "p":
            first_seen.setdefault((rec.player, rec.infoset), index)
    keys = sorted(first_seen, key=lambda k: (k[0], first_seen[k]))
    position = {k: i for i, k in enumerate(keys)}
    labels: dict[tuple[int, int], str] = {}
    for p in range(1, n_players + 1):
        mine = [k for k in keys if k[0] == p]
        filled = _filled([infoset_defs[k].label for k in mine], lambda i, p=p, mine=mine: f"{p}:{mine[i][1]}")
        labels.update(zip(mine, filled))
    actions = {k: tuple(_distinct(d.actions)) for k, d in infoset_defs.items()}
    members: dict[tuple[int, int], list[int]] = {k: [] for k in keys}

    nodes = []
    for index, rec in enumerate(records):
        outcome = outcome_defs[rec.outcome] if rec.outcome else None
        vector = None if outcome is None else tuple(_rational(v) for v in outcome.payoffs)
        common = dict(
            index=index,
            parent=rec.parent,
            children=tuple(rec.children),
            outcome=vector,
            label=rec.label,
            outcome_label="" if outcome is None else outcome.label,
        )
        if rec.kind == "t":
            nodes.append(Node(player=None, infoset=None, actions=(), **common))
        elif rec.kind == "c":
            defn = infoset_defs[(0, rec.infoset)]
            nodes.append(
                Node(
                    player=CHANCE,
                    infoset=None,
                    actions=actions[(0, rec.infoset)],
                    probabilities=tuple(_rational(p) for p in defn.probs),
                    **common,
                )
            )
        else:
            key = (rec.player, rec.infoset)
            members[key].append(index)
            nodes.append(Node(player=rec.player - 1, infoset=position[key], actions=actions[key], **common))
    infosets = tuple(
        InformationSet(i, k[0] - 1, labels[k], actions[k], tuple(members[k])) for i, k in enumerate(keys)
    )
    metadata = {
        "source": source,
        "format": "efg",
        "rationalized": tuple(parser.messages),
        "gambit_infosets": tuple((k[0], k[1], infoset_defs[k].label) for k in keys),
        "chance_infosets": {
            i: (rec.infoset, infoset_defs[(0, rec.infoset)].label)
            for i, rec in enumerate(records)
            if rec.kind == "c"
        },
        "outcomes": {i: rec.outcome for i, rec in enumerate(records) if rec.outcome},
    }
    try:
        return Game(
            players=tuple(players),
            nodes=tuple(nodes),
            infosets=infosets,
            title=title,
            comment=comment,
            metadata=metadata,
        )
    except GambitFormatError:
        raise
    except GameModelError as exc:
        raise GambitFormatError(str(exc), source=source) from None


def parse_nfg(text: str, *, rationalize: bool = False, source: str = "<string>") -> Game:
    """Read a Gambit strategic game (``NFG 1 R``, payoff or outcome version) as an extensive game.

    Player 1 moves at the root, choosing a strategy; player 2 moves at one information set
    spanning all of player 1's choices, and so on, so that no player sees another's choice.
    Strategy names become action labels; the payoffs (or the outcome's payoffs) sit at the leaves.

    Parameters
    ----------
    text : str
        The file's contents.
    rationalize : bool, optional
        As in :func:`parse_efg` (for payoffs).
    source : str, optional
        The file name that error messages and ``metadata["source"]`` give.

    Returns
    -------
    Game
        The game; ``metadata`` holds ``source``, ``format`` (``"nfg"``), ``rationalized`` and
        ``strategies`` (each player's strategy labels).  Information sets are labelled ``"1:1"``,
        ``"2:1"``, ...; a strategic game given by strategy counts has strategies ``"1"``, ``"2"``, ...
        In the payoff list player 1's strategy varies fastest (Gambit's convention), so the
        ``k``-th payoff vector (from 0) belongs to the profile whose digits, player 1's the least
        significant, spell ``k``.  Outcome 0 of the outcome version is "no outcome" (zero payoffs).

    Raises
    ------
    GambitFormatError
        One line naming ``source``, the line and the token at fault: a bad header, a strategy count
        that is not a whole number from 1 to ``2**31 - 1``, too few or too many payoffs or outcome
        indices, an outcome index out of range.

    References
    ----------
    Gambit documentation, "The strategic game (.nfg) file format, payoff version" and
    "... outcome version", https://gambitproject.readthedocs.io/en/latest/formats.html
    """
    parser = _Parser(text, source, rationalize)
    title, raw_players = parser.header("NFG", "1")
    n_players = len(raw_players)
    parser.expect("{", "'{' opening the strategies")
    strategies: list[list[str] | int] = []  # labels, or a count of strategies
    if parser.peek().kind == "{":
        for p in range(n_players):
            parser.expect("{", f"'{{' opening the strategies of player {p + 1}")
            names = []
            while parser.peek().kind == "string":
                names.append(parser.next().text)
            token = parser.expect("}", f"a strategy name or '}}' closing player {p + 1}'s strategies")
            if not names:
                raise parser.error(f"player {p + 1} has no strategies", token)
            strategies.append(names)
    else:
        # the labels "1", "2", ... are made once the table is read: a file claiming 2**31 - 1
        # strategies ends long before that many payoffs
        for p in range(n_players):
            strategies.append(parser.integer(f"the number of strategies of player {p + 1}", minimum=1))
    parser.expect("}", f"'}}' closing the strategies of the {n_players} players")
    comment = parser.string("the comment") if parser.peek().kind == "string" else ""
    counts = [s if isinstance(s, int) else len(s) for s in strategies]
    n_profiles = math.prod(counts)

    table: list[tuple[tuple[Fraction, ...] | None, str]] = []
    if parser.peek().kind == "{":
        parser.next()
        defined: list[tuple[tuple[Fraction, ...], str]] = []
        while parser.peek().kind == "{":
            parser.next()
            label = parser.string(f"the label of outcome {len(defined) + 1}")
            defined.append((parser.payoffs(n_players, f"outcome {len(defined) + 1}", opened=True), label))
        parser.expect("}", "'{' opening an outcome or '}' closing the list of outcomes")
        for k in range(n_profiles):
            token = parser.peek()
            if token.kind == "eof":
                raise parser.error(
                    f"the file ends after {k} of the {_show_int(n_profiles)} outcome indices", token
                )
            index = parser.integer(f"the outcome index of profile {k + 1}")
            if index > len(defined):
                raise parser.error(
                    f"outcome index {index} of profile {k + 1}: only {len(defined)} outcomes are defined",
                    token,
                )
            table.append((None, "") if index == 0 else defined[index - 1])
    else:
        for k in range(n_profiles):
            values = []
            for p in range(n_players):
                token = parser.peek()
                if token.kind == "eof":
                    raise parser.error(
                        f"the file ends after {k * n_players + p} of the "
                        f"{_show_int(n_profiles * n_players)} payoffs",
                        token,
                    )
                value, text_ = parser.number(f"payoff {k * n_players + p + 1}")
                values.append(
                    parser.maybe_rationalize(value, text_, f"profile {k + 1}: payoff of player {p + 1}")
                )
            table.append((tuple(values), ""))
    token = parser.peek()
    if token.kind != "eof":
        raise parser.error(
            f"unexpected {token.describe()} after the last of the {n_profiles} profiles", token
        )

    players = _filled(raw_players, lambda i: f"Player {i + 1}")
    labels = [_distinct(s) if isinstance(s, list) else [str(k + 1) for k in range(s)] for s in strategies]
    strides = [math.prod(counts[:p]) for p in range(n_players + 1)]
    # bottom-up, without recursion (a file may list thousands of players): the subtrees below
    # player p's moves, one for each choice of the players before p, by its offset in the table
    level = [None if values is None else payoff(*values, outcome_label=label) for values, label in table]
    for p in reversed(range(n_players)):
        level = [
            decision(p, f"{p + 1}:1", {a: level[offset + s * strides[p]] for s, a in enumerate(labels[p])})
            for offset in range(strides[p])
        ]

    metadata = {
        "source": source,
        "format": "nfg",
        "rationalized": tuple(parser.messages),
        "strategies": tuple(tuple(s) for s in labels),
    }
    try:
        return extensive_form(players, level[0], title=title, comment=comment, symbols=(), metadata=metadata)
    except GameModelError as exc:
        raise GambitFormatError(str(exc), source=source) from None


def read_game(path: str | PathLike, *, rationalize: bool = False) -> Game:
    """Read a Gambit ``.efg`` or ``.nfg`` file, choosing the reader by its header.

    Parameters
    ----------
    path : str or path-like
        The file.
    rationalize : bool, optional
        Passed on to :func:`parse_efg` / :func:`parse_nfg`.

    Returns
    -------
    Game

    Raises
    ------
    GambitFormatError
        One line naming ``path``: no such file, a directory, unreadable, not UTF-8 text (naming the
        byte offset and line), empty, an unknown header (neither ``EFG`` nor ``NFG``), or any
        problem :func:`parse_efg` / :func:`parse_nfg` finds.

    References
    ----------
    Gambit documentation, "Game representation formats",
    https://gambitproject.readthedocs.io/en/latest/formats.html
    """
    p = Path(path)
    source = str(p)
    try:
        exists, is_dir = p.exists(), p.is_dir()
    except (OSError, ValueError) as exc:  # a name too long, or holding a NUL character
        raise GambitFormatError(
            f"cannot be read: {getattr(exc, 'strerror', None) or exc}", source=source
        ) from None
    if not exists:
        raise GambitFormatError("no such file", source=source)
    if is_dir:
        raise GambitFormatError("is a directory, not a game file", source=source)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise GambitFormatError(f"cannot be read: {exc.strerror or exc}", source=source) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GambitFormatError(
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} ({exc.reason})",
            source=source,
            line=line,
        ) from None
    start = re.match(r"\ufeff?([ \t\n\r\f\v]*)([^ \t\n\r\f\v]{0,40})", text)
    header = start.group(2)
    if not header:
        raise GambitFormatError("the file is empty", source=source)
    word = re.match(r'[^{}",]*', header).group()
    if word == "EFG":
        return parse_efg(text, rationalize=rationalize, source=source)
    if word == "NFG":
        return parse_nfg(text, rationalize=rationalize, source=source)
    raise GambitFormatError(
        f"unknown header {header!r}: a Gambit game file starts with 'EFG' or 'NFG'",
        source=source,
        line=start.group(1).count("\n") + 1,
    )


# --------------------------------------------------------------------------- writer
def _quote(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(text) or text[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _write_number(value: sp.Expr, where: str) -> str:
    if not isinstance(value, sp.Expr) or not value.is_Rational:
        raise GameModelError(
            f"{where}: {_short(str(value))} is not a rational number; Gambit files hold exact rationals"
        )
    p, q = int(value.p), int(value.q)
    return _digits_of_int(p) if q == 1 else f"{_digits_of_int(p)}/{_digits_of_int(q)}"


def write_efg(game: Game) -> str:
    """The game as a Gambit ``EFG 2 R`` file, with exact rationals (``p/q``).

    Nodes are written in preorder; information sets are numbered per player in
    :attr:`Game.infosets` order; each chance node gets its own chance information set; each node
    with an outcome gets its own Gambit outcome, labelled with the node's ``outcome_label``.
    Labels are quoted as described in the module docstring, so :func:`parse_efg` reads the text
    back into a game equal to ``game`` (provided its information-set and action labels are
    non-empty, as those of every game this module reads are).

    Parameters
    ----------
    game : Game
        Any game whose payoffs and probabilities are rational numbers.

    Returns
    -------
    str
        The file's text (ending with a newline).

    Raises
    ------
    GameModelError
        If a payoff or probability contains a symbol (the message names the symbols) or is not a
        rational number.

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html
    """
    symbols: set[sp.Symbol] = set()
    for node in game.nodes:
        for v in (*(node.outcome or ()), *node.probabilities):
            symbols |= v.free_symbols
    if symbols:
        names = ", ".join(sorted(str(s) for s in symbols))
        raise GameModelError(
            f"cannot write game {_quoted(game.title)} as a Gambit file: its payoffs or probabilities contain the "
            f"symbols {names}; substitute numbers first"
        )
    number_in_player: dict[int, int] = {}
    counters: Counter = Counter()
    for info in game.infosets:
        counters[info.player] += 1
        number_in_player[info.index] = counters[info.player]
    lines = [
        f"EFG 2 R {_quote(game.title)} {{ {' '.join(_quote(p) for p in game.players)} }}",
        _quote(game.comment),
        "",
    ]
    n_chance = n_outcomes = 0
    for node in game.nodes:
        where = f"node {_node_text(node.index, node.label)}"
        if node.outcome is None:
            outcome = "0"
        else:
            n_outcomes += 1
            values = ", ".join(_write_number(v, f"payoff at {where}") for v in node.outcome)
            outcome = f"{n_outcomes} {_quote(node.outcome_label)} {{ {values} }}"
        if node.is_terminal:
            lines.append(f"t {_quote(node.label)} {outcome}")
        elif node.is_chance:
            n_chance += 1
            moves = " ".join(
                f"{_quote(a)} {_write_number(p, f'probability of {_quoted(a)} at chance {where}')}"
                for a, p in zip(node.actions, node.probabilities)
            )
            lines.append(f'c {_quote(node.label)} {n_chance} "" {{ {moves} }} {outcome}')
        else:
            info = game.infosets[node.infoset]
            moves = " ".join(_quote(a) for a in node.actions)
            lines.append(
                f"p {_quote(node.label)} {node.player + 1} {number_in_player[info.index]} "
                f"{_quote(info.label)} {{ {moves} }} {outcome}"
            )
    return "\n".join(lines) + "\n"


def save_efg(game: Game, path: str | PathLike) -> Path:
    """Write :func:`write_efg`'s text to ``path`` (UTF-8).

    Parameters
    ----------
    game : Game
        Any game with rational payoffs and probabilities.
    path : str or path-like
        The file to write (replaced if it exists).

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    GameModelError
        As :func:`write_efg` (nothing is written).
    GambitFormatError
        If the file cannot be written (names the path and the reason).

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html
    """
    text = write_efg(game)
    p = Path(path)
    try:
        p.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise GambitFormatError(f"cannot be written: {exc.strerror or exc}", source=str(p)) from None
    return p


def _ascii_label(text: str) -> str:
    """``text`` as Gambit 16.7 accepts a label: printable ASCII, single inner spaces, none at the ends."""
    import unicodedata

    # pygambit 16.7 reads a backslash before a closing quote as escaping it: write none at all
    decomposed = unicodedata.normalize("NFKD", text).replace("\\", "/")
    ascii_text = "".join(
        c if 32 <= ord(c) < 127 else ("" if unicodedata.combining(c) else "?") for c in decomposed
    )
    return " ".join(ascii_text.split())


def gambit_compatible(game: Game) -> tuple[Game, tuple[str, ...]]:
    """The game with every label made readable by Gambit 16.7, and a message for each label changed.

    Gambit 16.7 reads only printable ASCII labels without leading, trailing or doubled spaces, an
    information-set label once per player, a node label once in the game, and it cannot read a
    label ending in a backslash.
    Accented letters lose their accents (``é`` -> ``e``), backslashes become ``/``, other
    characters ``?``, spaces are collapsed, and a label that would repeat gets a suffix ``_2``,
    ``_3`` ... .  Structure, payoffs and probabilities are unchanged.

    Returns
    -------
    (Game, tuple of str)
        The relabelled game (``game`` itself if nothing changed) and messages such as
        ``"action '♠ raise' written as '? raise'"``.
    """
    import dataclasses

    messages: list[str] = []

    def fix(text: str, what: str, taken: dict[str, int] | None = None) -> str:
        # taken: the labels in use -> the next suffix to try for a label repeating it
        new = _ascii_label(text)
        if taken is not None:
            if new and new in taken:
                base, k = new, taken[new]
                while f"{base}_{k}" in taken:
                    k += 1
                taken[base] = k + 1
                new = f"{base}_{k}"
            taken.setdefault(new, 2)
        if new != text:
            messages.append(f"{what} {_quoted(text)} written as {_quoted(new)}")
        return new

    taken_players: dict[str, int] = {}
    players = tuple(fix(p, "player", taken_players) for p in game.players)
    taken: dict[int, dict[str, int]] = {}
    infosets = []
    for info in game.infosets:
        label = fix(info.label, "information set", taken.setdefault(info.player, {}))
        seen: dict[str, int] = {}
        actions = tuple(fix(a, f"action of {_quoted(label)}", seen) for a in info.actions)
        infosets.append(dataclasses.replace(info, label=label, actions=actions))
    nodes = []
    taken_nodes: dict[str, int] = {}  # Gambit 16.7 reads a node label once in the whole game
    for n in game.nodes:
        chance_seen: dict[str, int] = {}
        actions = (
            infosets[n.infoset].actions
            if n.infoset is not None
            else tuple(fix(a, f"chance action at node {n.index}", chance_seen) for a in n.actions)
        )
        nodes.append(
            dataclasses.replace(
                n,
                actions=actions,
                label=fix(n.label, f"label of node {n.index}", taken_nodes),
                outcome_label=fix(n.outcome_label, f"outcome label at node {n.index}"),
            )
        )
    if not messages and _ascii_label(game.title) == game.title and _ascii_label(game.comment) == game.comment:
        return game, ()
    title = fix(game.title, "title")
    comment = "".join(c if 32 <= ord(c) < 127 or c in "\n\t" else "?" for c in game.comment)
    if comment != game.comment:
        messages.append("comment: characters outside ASCII written as '?'")
    new = Game(
        players=players,
        nodes=tuple(nodes),
        infosets=tuple(infosets),
        title=title,
        symbols=game.symbols,
        comment=comment,
        metadata=game.metadata,
    )
    return new, tuple(messages)
