"""Fuzzing Gambit's file formats (issue 19, item 5): mutated ``.efg``/``.nfg`` text never gives a traceback.

Seeds are every file of pygambit's catalog (``pygambit.catalog.games()``; the files ship in the
package under ``pygambit/catalog_data``), derive's own :func:`~derive.formats.write_efg` text
for small built-in games, and small ``.nfg`` texts (payoff, outcome and strategy-count versions, and
one with 300 players).  Hypothesis mutates them: deleted tokens and spans, duplicated tokens, swapped
numbers, numbers replaced by huge integers (``10**400``, a 5,000-digit one), zeros, negatives, long
decimals, ``1/0``, exponents, Gambit-refused spellings (``+1``, ``1e+3``, ``.5e1``) and non-ASCII
digits; chains of thousands of one-action nodes, thousands of braces, unbalanced braces and quotes,
NUL bytes, non-ASCII white space, very long labels, truncated and empty files, and bad UTF-8 bytes
(written to a file and read with :func:`~derive.formats.read_game`).

The property: derive either refuses the text with one :class:`~derive.extensive_form.game.GameModelError`
line naming the file, or returns a game that pygambit 16.7 reads too, with the same players,
strategies, nodes and terminal payoffs -- unless Gambit refuses it for one of the differences the
module docstring of :mod:`derive.formats` documents (labels that are not printable ASCII,
information-set or node labels used twice, backslashes in labels, a byte-order mark).  Trees deeper than
:data:`GAMBIT_DEPTH` are checked against derive only: pygambit 16.7's recursive reader crashes the
interpreter (a segmentation fault) on a chain about 20,000 nodes deep.

500 cases run by default, 10,000 in the ``slow`` copy (``pytest -m slow``).  With the environment
variable ``DERIVE_FUZZ_LOG`` set to a file name, every case is also recorded there (one JSON line,
with the bytes of small refused cases), so that the inputs derive refuses but Gambit reads can be
listed afterwards.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

gbt = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402

from derive.cli import main  # noqa: E402
from derive.extensive_form.game import GameModelError  # noqa: E402
from derive.formats import GambitFormatError, parse_efg, parse_nfg, read_game, write_efg  # noqa: E402
from derive.formats import tokens as gambit_tokens  # noqa: E402
from derive.games.registry import BUILTIN_GAMES  # noqa: E402

#: Trees deeper than this are not given to pygambit (it segfaults near 20,000 levels).
GAMBIT_DEPTH = 5000
#: No error message is longer than this (labels and numbers are shortened in messages).
MAX_MESSAGE = 1000


# --------------------------------------------------------------------------- seeds
@dataclass(frozen=True)
class Seed:
    """A seed file: its name, format (``"efg"`` or ``"nfg"``) and text."""

    name: str
    kind: str
    text: str


def _catalog_seeds() -> list[Seed]:
    from importlib.resources import files

    root = Path(str(files("pygambit") / "catalog_data"))
    seeds = []
    for slug in gbt.catalog.games()["Game"]:
        for suffix in (".efg", ".nfg"):
            path = root / f"{slug}{suffix}"
            if path.is_file():
                seeds.append(Seed(slug, suffix[1:], path.read_text(encoding="utf-8")))
    return seeds


def _written_seeds() -> list[Seed]:
    return [
        Seed(f"write_efg({name})", "efg", write_efg(BUILTIN_GAMES[name].build()))
        for name in ("kuhn", "myerson", "reiley", "matching-pennies", "beer-quiche")
    ]


NFG_SEEDS = [
    Seed(
        "pd-payoff",
        "nfg",
        'NFG 1 R "Prisoner\'s dilemma" { "Row" "Col" } { { "C" "D" } { "c" "d" } }\n'
        '"payoff version"\n\n3 3 5 0 0 5 1 1\n',
    ),
    Seed(
        "pd-outcome",
        "nfg",
        'NFG 1 R "PD" { "Row" "Col" }\n{ { "C" "D" } { "c" "d" } }\n"outcome version"\n'
        '{\n{ "reward" 3, 3 }\n{ "temptation" 5, 0 }\n{ "sucker" 0, 5 }\n}\n1 2 3 0\n',
    ),
    Seed(
        "counts",
        "nfg",
        'NFG 1 D "counts" { "A" "B" "C" } { 2 3 2 }\n' + " ".join(str(v) for v in range(36)) + "\n",
    ),
    Seed(
        "300-players",
        "nfg",
        'NFG 1 R "many" { '
        + " ".join(f'"P{i}"' for i in range(300))
        + " } { "
        + "1 " * 300
        + "}\n"
        + " ".join(str(i % 7 - 3) for i in range(300))
        + "\n",
    ),
]

SEEDS = _catalog_seeds() + _written_seeds() + NFG_SEEDS


# --------------------------------------------------------------------------- mutations
_PIECE_RE = re.compile(r'"(?:[^"\\]|\\.)*"|[{},]|[^\s{},"]+', re.DOTALL)
_NUMBER_RE = re.compile(r"-?(?:[0-9]+(?:[./][0-9]*)?|\.[0-9]+)(?:[eE]-?[0-9]+)?")
_NODE_RE = re.compile(r"^[cpt] ", re.MULTILINE)


def _pieces(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _PIECE_RE.finditer(text)]


def _numbers(text: str) -> list[tuple[int, int]]:
    return [(a, b) for a, b in _pieces(text) if _NUMBER_RE.fullmatch(text, a, b)]


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


SPECIAL_NUMBERS = [
    "1" + "0" * 400,  # 10**400
    "-1" + "0" * 400,
    "1" + "0" * 5000,  # beyond Python's 4,300-digit limit on int(str)
    "0" * 5000 + "1",  # so are its leading zeros
    "1e-" + "0" * 5000 + "3",
    "0",
    "-0",
    "0." + "3" * 40,
    "0." + "1" * 2000,
    "1/3",
    "1/0",
    "0/0",
    "1/" + "9" * 400,
    "1e1000",
    "1e-1000",
    "1e1001",
    "1e99999999999",
    "2147483647",
    "2147483648",
    "99999999999999999999",
    "+1",
    "1e+3",
    ".5e1",
    "-.5e1",
    "1/-2",
    "1.",
    ".5",
    "-",
    "\u0661",  # ARABIC-INDIC DIGIT ONE: a digit to Python, not to Gambit
]

INSERTIONS = [
    "{",
    "}",
    '"',
    ",",
    "\\",
    '""',
    "\x00",
    "\x1c",
    "\xa0",
    "\u2028",
    "\ufeff",
    "\r",
    "\v",
    "é",
    " c ",
    " p ",
    " t ",
    " 0 ",
    " 1 ",
    " -1 ",
    " EFG ",
    " NFG ",
    " R ",
    ' "x" ',
    ' { "a" } ',
    ' 1 "o" { 1 } ',
    "{" * 3000,
    "}" * 3000,
    '"' * 101,
    "\n" * 1000,
]

BAD_BYTES = [
    b"\xff",
    b"\xfe",
    b"\xc3",  # a lead byte alone
    b"\x80",  # a continuation byte alone
    b"\xc0\xaf",  # an overlong '/'
    b"\xed\xa0\x80",  # a UTF-16 surrogate
    b"\xf4\x90\x80\x80",  # beyond U+10FFFF
    b"\xe9",  # Latin-1 e-acute
    b"\x00",
]


def _index(draw, n: int) -> int:
    """A position in ``range(n)``, spread evenly.

    Hypothesis favours the smallest integers it can draw (position 0 again and again), so a
    position comes from a :class:`random.Random` seeded with an integer hypothesis draws.
    """
    return random.Random(draw(st.integers(0, 2**64 - 1))).randrange(n)


def _delete_piece(draw, text):
    pieces = _pieces(text)
    if not pieces:
        return text, "nothing to delete"
    i = _index(draw, len(pieces))
    return _splice(text, *pieces[i], ""), f"delete piece {i}"


def _delete_span(draw, text):
    pieces = _pieces(text)
    if not pieces:
        return text, "nothing to delete"
    i = _index(draw, len(pieces))
    j = min(len(pieces) - 1, i + draw(st.integers(1, 30)))
    return _splice(text, pieces[i][0], pieces[j][1], ""), f"delete pieces {i}..{j}"


def _duplicate_piece(draw, text):
    pieces = _pieces(text)
    if not pieces:
        return text, "nothing to duplicate"
    i = _index(draw, len(pieces))
    a, b = pieces[i]
    return _splice(text, a, b, text[a:b] + " " + text[a:b]), f"duplicate piece {i}"


def _swap_numbers(draw, text):
    numbers = _numbers(text)
    if len(numbers) < 2:
        return text, "fewer than two numbers"
    i = _index(draw, len(numbers))
    j = _index(draw, len(numbers))
    (a, b), (c, d) = sorted((numbers[i], numbers[j]))
    if (a, b) == (c, d):
        return text, "swap a number with itself"
    new = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    return new, f"swap numbers {i} and {j}"


def _replace_number(draw, text):
    numbers = _numbers(text)
    if not numbers:
        return text, "no number"
    i = _index(draw, len(numbers))
    a, b = numbers[i]
    old = text[a:b]
    new = draw(
        st.one_of(
            st.sampled_from(SPECIAL_NUMBERS),
            st.just("-" + old.lstrip("-") if not old.startswith("-") else old[1:]),
            st.integers(-(10**6), 10**6).map(str),
            st.fractions(max_denominator=10**6).map(lambda f: f"{f.numerator}/{f.denominator}"),
            st.decimals(allow_nan=False, allow_infinity=False, places=8).map(str),
        )
    )
    return _splice(text, a, b, new), f"number {i} {old!r} -> {new[:20]!r}"


def _insert(draw, text):
    at = _index(draw, len(text) + 1)
    new = draw(st.sampled_from(INSERTIONS))
    return _splice(text, at, at, new), f"insert {new[:10]!r} at {at}"


def _long_label(draw, text):
    strings = [(a, b) for a, b in _pieces(text) if text[a] == '"']
    if not strings:
        return text, "no label"
    i = _index(draw, len(strings))
    n = draw(st.sampled_from([300, 5000, 100_000]))
    fill = draw(st.sampled_from(["x", "ab ", "\\", '\\"', "é", "\n"]))
    label = '"' + (fill * n)[:n] + '"'
    return _splice(text, *strings[i], label), f"label {i} -> {n} x {fill!r}"


def _deep_chain(draw, text):
    """A chain of one-action chance or player-1 nodes before a node: a valid tree thousands deep."""
    starts = [m.start() for m in _NODE_RE.finditer(text)]
    if not starts:
        return text, "no node"
    at = starts[_index(draw, len(starts))]
    depth = draw(st.sampled_from([1, 2, 50, 1000, 3000]))
    node = draw(st.sampled_from(["c", "p"]))
    first = 900_000_000
    if node == "c":
        lines = [f'c "" {first + k} "" {{ "a" 1 }} 0\n' for k in range(depth)]
    else:
        lines = [f'p "" 1 {first + k} "" {{ "a" }} 0\n' for k in range(depth)]
    return _splice(text, at, at, "".join(lines)), f"a chain of {depth} {node!r} nodes at {at}"


def _node_type(draw, text):
    starts = [m.start() for m in _NODE_RE.finditer(text)]
    if not starts:
        return text, "no node"
    at = starts[_index(draw, len(starts))]
    new = draw(st.sampled_from("cptq"))
    return _splice(text, at, at + 1, new), f"node at {at} -> {new!r}"


def _truncate(draw, text):
    at = _index(draw, len(text) + 1)
    return text[:at], f"truncate at {at}"


def _blank(draw, text):
    new = draw(st.sampled_from(["", " ", "\n\n", "\ufeff", "EFG", "NFG 1 R"]))
    return new, f"replace all by {new!r}"


MUTATIONS = [
    _delete_piece,
    _delete_span,
    _duplicate_piece,
    _swap_numbers,
    _replace_number,
    _replace_number,
    _insert,
    _insert,
    _long_label,
    _deep_chain,
    _node_type,
    _truncate,
]


@dataclass
class Case:
    """One fuzz input: its seed, the text, raw bytes if the text was damaged below UTF-8, and how."""

    seed: str
    kind: str
    text: str
    raw: bytes | None
    via_file: bool
    steps: list[str] = field(default_factory=list)

    @property
    def data(self) -> bytes:
        """The bytes a file holding this case contains."""
        return self.raw if self.raw is not None else self.text.encode("utf-8")

    def __repr__(self) -> str:  # hypothesis prints this for a failing case; keep it readable
        shown = self.data if len(self.data) < 400 else self.data[:200] + b"..." + self.data[-150:]
        return f"Case(seed={self.seed!r}, kind={self.kind!r}, via_file={self.via_file}, steps={self.steps}, data={shown!r})"


@st.composite
def cases(draw) -> Case:
    """A seed and one to three mutations; about one case in eight also gets bad UTF-8 bytes, one in
    fifty is replaced by an empty or nearly empty text."""
    seed = draw(st.sampled_from(SEEDS))
    text = seed.text
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        text, note = draw(st.sampled_from(MUTATIONS))(draw, text)
        steps.append(note)
    luck = random.Random(draw(st.integers(0, 2**64 - 1)))
    if luck.random() < 1 / 50:
        text, note = _blank(draw, text)
        steps.append(note)
    raw = None
    if luck.random() < 1 / 8:
        data = text.encode("utf-8")
        at = luck.randrange(len(data) + 1)
        bad = draw(st.sampled_from(BAD_BYTES))
        raw = data[:at] + bad + data[at:]
        steps.append(f"bytes {bad!r} at byte {at}")
    return Case(seed.name, seed.kind, text, raw, raw is not None or luck.random() < 1 / 2, steps)


# --------------------------------------------------------------------------- the property
_GAMBIT_LABEL_RE = re.compile(r"(?:[!-~]+(?: [!-~]+)*)?")
#: pygambit 16.7 expands an exponent such as 1e99999999999 in full (it never finishes)
_HUGE_EXPONENT_RE = re.compile(rb"[eE]-?[0-9]{5,}")


def _depth(game) -> int:
    depth = [0] * len(game.nodes)
    for node in game.nodes[1:]:  # preorder: a parent comes before its children
        depth[node.index] = depth[node.parent] + 1
    return max(depth)


def _documented_difference(case: Case, game, message: str) -> str | None:
    """Why Gambit 16.7 refuses a file derive reads, if it is a difference the reader documents."""
    data = case.data
    if data.startswith(b"\xef\xbb\xbf"):
        return "a byte-order mark (derive skips it, Gambit does not)"
    if b"\\" in data:
        return "a backslash in a label (Gambit 16.7 reads escapes differently)"
    if "Invalid label" in message:
        tokens = gambit_tokens._tokenize(data.decode("utf-8"), "<fuzz>")
        strings = [t.text for t in tokens if t.kind == "string"][1:]  # the title is free text
        if game.comment in strings:
            strings.remove(game.comment)  # so is the comment
        if any(not _GAMBIT_LABEL_RE.fullmatch(s) for s in strings):
            return "a label that is not printable ASCII with single inner spaces"
    if "Infoset label must be unique" in message:
        sets = {(player, number, label) for player, number, label in game.metadata.get("gambit_infosets", ())}
        sets |= {(0, number, label) for number, label in game.metadata.get("chance_infosets", {}).values()}
        labels = Counter((player, label) for player, _, label in sets if label)
        if any(count > 1 for count in labels.values()):
            return "an information-set label repeated for one player (or for chance)"
    if "Node label must be unique" in message:
        labels = Counter(node.label for node in game.nodes if node.label)
        if any(count > 1 for count in labels.values()):
            return "a node label used by two nodes"
    return None


def _compare_with_gambit(case: Case, game) -> str:
    """Check that pygambit reads what derive read, with the same shape; return what happened."""
    if _depth(game) > GAMBIT_DEPTH:
        return "deeper than pygambit can read"
    reader = gbt.read_efg if game.metadata["format"] == "efg" else gbt.read_nfg
    try:
        g = reader(io.BytesIO(case.data))
    except Exception as exc:  # pygambit raises ValueError for every malformed file
        reason = _documented_difference(case, game, str(exc))
        assert reason, f"derive reads a file Gambit refuses ({str(exc)[:300]}): {case!r}"
        return f"documented difference: {reason}"
    assert len(list(g.players)) == game.num_players
    if game.metadata["format"] == "efg":
        nodes = api.tree(g)  # payoffs of thousands of digits: api lifts Python's int(str) limit meanwhile
        assert len(nodes) == len(game.nodes)
        payoffs = [tuple(Fraction(int(v.p), int(v.q)) for v in game.payoffs[t]) for t in game.terminals]
        assert api.play_payoffs(g, nodes) == payoffs
    else:
        assert [len(s) for s in api.strategy_labels(g)] == [len(s) for s in game.metadata["strategies"]]
    return "both read it"


def _check_message(exc: GameModelError, source: str) -> None:
    message = str(exc)
    assert message.strip(), f"an empty error message ({type(exc).__name__})"
    assert "\n" not in message and len(message.splitlines()) == 1, f"a message of several lines: {message!r}"
    assert len(message) <= MAX_MESSAGE, f"a message of {len(message)} characters: {message[:200]!r}..."
    assert source in message, f"the message does not name {source!r}: {message!r}"


def _log(case: Case, outcome: str, detail: str) -> None:
    """Append the case to the file ``DERIVE_FUZZ_LOG`` names, if it is set (one JSON line).

    The bytes of a small refused case are kept, so that what Gambit makes of it can be looked at
    afterwards, one pygambit process per case: in this process a refused file could stop the run
    (a strategy count of 2**31 - 1 makes pygambit allocate for ever, an exponent of 10**11 makes it
    compute for ever).
    """
    path = os.environ.get("DERIVE_FUZZ_LOG")
    if not path:
        return
    record = {"seed": case.seed, "steps": case.steps, "outcome": outcome, "detail": detail[:300]}
    if outcome == "refused" and len(case.data) < 20_000:
        record["data"] = case.data.decode("latin-1")
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def check_case(case: Case, folder: Path) -> str:
    """The fuzz property for one case; returns ``"refused"`` or what the comparison with Gambit found."""
    if case.via_file:
        path = folder / f"case.{case.kind}"
        path.write_bytes(case.data)
        source = str(path)
        read = lambda: read_game(path)  # noqa: E731
    else:
        source = "<string>"
        read = lambda: (parse_efg if case.kind == "efg" else parse_nfg)(case.text)  # noqa: E731
    try:
        game = read()
    except GameModelError as exc:
        _check_message(exc, source)
        _log(case, "refused", str(exc))
        return "refused"
    outcome = _compare_with_gambit(case, game)
    _log(case, "read", outcome)
    return outcome


FUZZ = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A folder for the fuzz files (one file, rewritten for each case)."""
    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=500, **FUZZ)
@given(case=cases())
def test_mutated_gambit_files_never_give_a_traceback(case, folder):
    """500 mutated files: a one-line error naming the file, or a game Gambit reads the same way."""
    check_case(case, folder)


@pytest.mark.slow
@settings(max_examples=10_000, **FUZZ)
@given(case=cases())
def test_mutated_gambit_files_never_give_a_traceback_10000(case, folder):
    """The same property on 10,000 cases (``pytest -m slow``)."""
    check_case(case, folder)


@settings(max_examples=30, **FUZZ)
@given(case=cases())
def test_cli_export_of_mutated_files(case, folder):
    """``derive export FILE`` exits 0 with a file Gambit reads, or 2 with one line on stderr."""
    path = folder / f"cli.{case.kind}"
    path.write_bytes(case.data)
    out, err = io.StringIO(), io.StringIO()
    status = main(["export", str(path)], out=out, err=err)
    assert status in (0, 2), (status, err.getvalue())
    if status == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("derive: error: "), err.getvalue()
        assert str(path) in lines[0]
        return
    text = out.getvalue()
    game = parse_efg(text)
    assert write_efg(game) == text
    if _depth(game) <= GAMBIT_DEPTH:  # export makes labels Gambit-readable: Gambit reads the text
        g = gbt.read_efg(io.StringIO(text))
        assert len(api.tree(g)) == len(game.nodes)


# --------------------------------------------------------------------------- named cases
from test_gambit_files import TINY  # noqa: E402  (the same small file, one definition)


def test_huge_payoff_is_read_exactly_and_written_back():
    """A payoff of 10**100000 (beyond Python's int(str) limit) is read exactly and written in full."""
    big = "1" + "0" * 100_000
    game = parse_efg(TINY.replace("{ 1, -1 }", "{ " + big + ", -" + big + " }"))
    assert game.payoffs[2][0] == 10**100_000
    text = write_efg(game)
    assert big in text and parse_efg(text) == game


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ("{ 1, -1 }", "{ 1/" + "9" * 5000 + ", -1 }", None),
        (
            'p "" 2 1',
            'p "" 2 ' + "9" * 5000,
            r"line 4: the information set number of node 1 '9{37}\.\.\.' is too large",
        ),
        (
            't "" 3 "o3"',
            't "" 99999999999 "o3"',
            r"line 7: the outcome number of node 4 '99999999999' is too large",
        ),
        ("{ 1, -1 }", "{ 1e" + "9" * 5000 + ", -1 }", r"has an exponent beyond \+-1000"),
        ("{ 1, -1 }", "{ +1, -1 }", r"found '\+1' \(numbers take no '\+' sign: write 1\)"),
        ("{ 1, -1 }", "{ 1e+3, -1 }", r"write 1e3\)"),
        ("{ 1, -1 }", "{ \u0661, -1 }", r"only the ASCII digits 0-9 make numbers"),
        (
            '"A" { "l"',
            '"A"\xa0{ "l"',
            r"expected '\{' opening the actions of node 0 \('root'\), found '\\xa0\{'",
        ),
        ('t "" 1', 't"" 1', r"line 5: expected node 2 .*, found 't\"\"'"),
        ("EFG 2 R", 'EFG 2 "R"', r"expected the number type 'R' or 'D', found '\"R\"'"),
        (
            'p "root" 1 1 "A" { "l" "r" } 0',
            'c "root" 1 "A" { "l" 1/' + "3" * 500 + ' "r" 1/2 } 0',
            r"probabilities sum to 33333\d{7}\.\.\.\(500 digits\)/66666\d{7}\.\.\.\(500 digits\), not 1$",
        ),
        ('"root"', '"' + "r" * 100_000 + '"', None),
    ],
    ids=[
        "5000-digit-denominator",
        "5000-digit-infoset",
        "outcome-beyond-int",
        "5000-digit-exponent",
        "plus-sign",
        "plus-exponent",
        "arabic-digit",
        "no-break-space",
        "glued-node-type",
        "quoted-number-type",
        "huge-sum-shortened",
        "long-label",
    ],
)
def test_named_fuzz_cases(old, new, expected):
    """Inputs the fuzzer found: each is read exactly or refused with a short line (Gambit agrees)."""
    assert old in TINY
    text = TINY.replace(old, new, 1)
    if expected is None:
        game = parse_efg(text)
        assert game.num_players == 2
        gbt.read_efg(io.StringIO(text))
        return
    with pytest.raises(GambitFormatError, match=expected) as info:
        parse_efg(text)
    assert len(str(info.value)) < 300
    # pygambit 17.0.0b2 reads an exponent's plus sign (1e+3 is 1000); 16.7 refuses it
    if api.V17 and "e+" in new:
        assert api.tree(gbt.read_efg(io.StringIO(text)))[2].payoffs == (Fraction(1000), Fraction(-1))
    elif not _HUGE_EXPONENT_RE.search(text.encode()):  # pygambit 16.7 works out 10**(10**5000) forever
        with pytest.raises(ValueError):
            gbt.read_efg(io.StringIO(text))


def _chain(depth: int) -> str:
    """A chain of ``depth`` one-action nodes of player 1, each its own information set, and a leaf."""
    nodes = "".join(f'p "" 1 {k} "" {{ "a" }} 0\n' for k in range(1, depth + 1))
    return 'EFG 2 R "deep" { "A" } ""\n' + nodes + 't "" 1 "" { 1 }\n'


def test_chain_12000_deep_is_read_without_recursion():
    """A chain of 12,000 one-action nodes (Python's recursion limit is 1,000): both programs read it."""
    text = _chain(12_000)
    game = parse_efg(text)
    assert len(game.nodes) == 12_001 and _depth(game) == 12_000
    assert api.chain_length(gbt.read_efg(io.StringIO(text)), "a") == 12_000
    with pytest.raises(GambitFormatError, match=r"line 3001: the file ends after node 2999; the tree needs"):
        parse_efg(_chain(3000).rsplit("t ", 1)[0])


@pytest.mark.slow
def test_chain_100000_deep_is_read_without_recursion():
    """A chain of 100,000 nodes (about 10 s; pygambit 16.7 crashes on a chain of 20,000)."""
    game = parse_efg(_chain(100_000))
    assert len(game.nodes) == 100_001 and _depth(game) == 100_000


def test_nfg_with_5000_players_is_read_without_recursion():
    """A strategic game of 5,000 one-strategy players is a chain 5,000 deep; both programs read it."""
    n = 5000
    text = (
        'NFG 1 R "many" { '
        + " ".join(f'"P{i}"' for i in range(n))
        + " } { "
        + "1 " * n
        + "}\n"
        + " ".join("1" for _ in range(n))
        + "\n"
    )
    game = parse_nfg(text)
    assert game.num_players == n and len(game.nodes) == n + 1
    assert len(list(gbt.read_nfg(io.StringIO(text)).players)) == n


def test_nfg_claiming_2_billion_strategies_ends_quickly():
    """A strategy count of 2**31 - 1 is refused at the end of the table, before any strategy is made."""
    text = 'NFG 1 R "big" { "A" "B" } { 2147483647 2 }\n1 2 3 4\n'
    with pytest.raises(GambitFormatError, match=r"line 2: the file ends after 4 of the 8589934588 payoffs"):
        parse_nfg(text)


def test_unreadable_path_names_is_one_line(tmp_path):
    """A path too long for the system is refused in one line, not with an OSError."""
    path = tmp_path / ("a" * 300 + ".efg")
    with pytest.raises(GambitFormatError, match=r"\.efg: cannot be read: File name too long$"):
        read_game(path)


def test_repeated_node_labels_are_read_and_exported_for_gambit(tmp_path):
    """Two nodes labelled alike: derive reads the file (Gambit 16.7 refuses it); ``derive export``
    renames the second so that Gambit reads the exported file."""
    text = TINY.replace('p "" 2 1', 'p "root" 2 1', 1)
    assert [n.label for n in parse_efg(text).nodes[:2]] == ["root", "root"]
    with pytest.raises(ValueError, match="Node label must be unique"):
        gbt.read_efg(io.StringIO(text))
    path = tmp_path / "twice.efg"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    assert main(["export", str(path)], out=out, err=err) == 0
    assert "label of node 1 'root' written as 'root_2'" in err.getvalue()
    assert [n.label for n in api.tree(gbt.read_efg(io.StringIO(out.getvalue())))][:2] == ["root", "root_2"]
