"""Tokens, numbers and the token reader shared by Gambit's ``.efg`` and ``.nfg`` formats.

Every number is read exactly (see :mod:`derive.formats` for the rules); every problem is one
:class:`GambitFormatError` line naming the file, the line and the token.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

import sympy as sp

from derive.extensive_form.game import GameModelError
from derive.notation.text import simplest_between

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

__all__ = ["GambitFormatError"]
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


def _renamed(where: str, before: Sequence[str], after: Sequence[str]) -> list[str]:
    """One message for the labels of ``where`` that :func:`_distinct` renamed (none if none was)."""
    pairs = [f"{_quoted(b)} -> {_quoted(a)}" for b, a in zip(before, after, strict=True) if a != b]
    if not pairs:
        return []
    return [f"{where}: repeated or empty labels renamed as Gambit does, {', '.join(pairs)}"]


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
        simple = simplest_between(value - _RATIONALIZE_TOLERANCE, value + _RATIONALIZE_TOLERANCE)
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
