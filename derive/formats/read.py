"""Read a Gambit game file from disk, choosing the ``.efg`` or ``.nfg`` reader by its header."""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path

from derive.extensive_form.game import Game
from derive.formats.efg import parse_efg
from derive.formats.nfg import parse_nfg
from derive.formats.tokens import GambitFormatError

__all__ = ["read_game"]


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
