"""The profile ``derive check GAME PROFILE.json`` reads, from the shapes of JSON it accepts.

* A profile, ``{player: {information set: {action: probability}}}``, bare or as the
  ``"strategies"`` of a document (``derive solve GAME --json`` writes one).
* One piece of ``derive solve GAME --param NAME=LO..HI --json`` (an element of its ``"pieces"``, or a
  file holding ``{"strategies": ...}`` copied from one): its probabilities are formulas in ``NAME``,
  evaluated exactly at the value that GAME fixes (``derive check kuhn:bet=5/8 piece.json``); when
  the piece gives its interval (``"from_exact"``, ``"to_exact"``) the value must lie in it.
* The whole output of ``derive solve GAME --param NAME=LO..HI --json``: the piece holding the value
  that GAME fixes is taken (the first of two that share an end), as above.
* The output of ``derive solve GAME --param A=LO..HI --param B=LO..HI --json`` (its ``"regions"``) or
  one region: the first region whose conditions hold at the two values GAME fixes
  (``derive check kuhn:ante=2,bet=3 map.json``), its formulas evaluated there.
* The same output for a general-sum game (beer-quiche), whose regions list ``"equilibria"`` and
  ``"families"`` of the reduced strategic form, not one behaviour profile: :func:`map_region` reads
  every member the region holding the point lists (each extreme equilibrium, each pair of a
  family's extreme strategies), evaluated there, for
  :func:`derive.presentation.strategic_report.map_region_check_report`.

A probability that is not a number is read as a rational function of the parameters GAME fixes
(integers, decimals, the parameters' names, ``+ - * / **`` and brackets: the formulas the solver
prints), safely (no ``eval``) and exactly.  What does not fit is one line naming the file and what
to do (:class:`~derive.cli.arguments.UsageError`).
"""

from __future__ import annotations

import ast
import keyword
import re
from fractions import Fraction

from derive.cli.arguments import UsageError

__all__ = ["fixed_parameters", "map_region", "profile_from_document"]

#: Longest formula read (characters) and largest exponent in it: a piece's formulas are far shorter.
MAX_FORMULA = 200_000
MAX_EXPONENT = 1_000
#: Largest number of bits of a power computed while reading a formula.
MAX_BITS = 1_000_000


def fixed_parameters(spec: str | None) -> tuple[dict[str, Fraction], set[str]]:
    """The parameters a game name fixes, ``kuhn:bet=5/8`` -> ``{"bet": 5/8}``, each under its name
    and its aliases (Myerson's ``B`` is the ``bet``; empty for a plain name or a file), and the
    names of all the game's parameters."""
    from derive.games.registry import BUILTIN_GAMES, parse_game_spec

    parsed = parse_game_spec(spec) if spec else None
    if parsed is None:
        builtin = BUILTIN_GAMES.get(spec or "")
        return {}, {n for p in (builtin.parameters if builtin else ()) for n in (p.name, *p.aliases)}
    builtin, options = parsed
    fixed: dict[str, Fraction] = {}
    for parameter in builtin.parameters:
        names = (parameter.name, *parameter.aliases)
        given = [options[n] for n in names if n in options]
        if given:
            value = Fraction(int(given[0].p), int(given[0].q))
            fixed.update({n: value for n in names})
    return fixed, {n for p in builtin.parameters for n in (p.name, *p.aliases)}


def profile_from_document(doc, game: str | None, file: str, err=None):
    """The profile in ``doc`` (parsed JSON) with every formula evaluated at the parameters that the
    game's name fixes (:func:`fixed_parameters`).

    Parameters
    ----------
    doc : object
        The parsed file (see the module docstring for its shapes).
    game : str or None
        The game as typed (``kuhn:bet=5/8``; a file's path; None for the one-card options).
    file : str
        The file's name as typed, for the messages.
    err : file, optional
        Where to say which piece of a ``--param`` output was taken (one line).

    Returns
    -------
    dict or list
        ``{player: {information set: {action: probability}}}`` with numbers (exact strings) where
        formulas were, for :func:`derive.verification.best_response.behaviour_profile`.

    Raises
    ------
    UsageError
        One line: the file's shape is not a profile; a ``--param`` output or a piece whose
        parameter GAME does not fix (``GAME:NAME=VALUE``); a value outside the pieces' interval or
        the piece's; a formula that cannot be read or is undefined at the value.
    """
    where = repr(file)
    game = game or "GAME"
    fixed, known = fixed_parameters(game)
    if isinstance(doc, dict) and isinstance(doc.get("pieces"), list):
        doc = _piece_of(doc, fixed, where, game, file, err)
    elif isinstance(doc, dict) and isinstance(doc.get("regions"), list):
        doc = _region_of(doc, fixed, where, game, file, err)
    elif isinstance(doc, dict) and "strategies" in doc and "from" in doc and "to" in doc:
        _require_inside(doc, fixed, where, game, file)
    strategies = doc.get("strategies", doc) if isinstance(doc, dict) else doc
    if not isinstance(strategies, (dict, list)) or not all(
        isinstance(s, dict) for s in (strategies.values() if isinstance(strategies, dict) else strategies)
    ):
        raise UsageError(
            f"{where}: give {{player: {{information set: {{action: probability}}}}}} "
            '(or the output of derive solve --json, with its "strategies", or of derive solve --param --json)'
        )
    players = strategies.items() if isinstance(strategies, dict) else enumerate(strategies)
    out = {}
    for player, strategy in players:
        read = {}
        for label, dist in strategy.items():
            if not isinstance(dist, dict):
                read[label] = dist  # behaviour_profile says what is wrong with it
                continue
            read[label] = {
                action: _probability(
                    value, fixed, known, where, game, file, f"probability of {action!r} at {label!r}"
                )
                for action, value in dist.items()
            }
        out[player] = read
    return out if isinstance(strategies, dict) else list(out.values())


def _is_general_sum_map(doc) -> bool:
    """Whether ``doc`` is a general-sum game's map, or one of its regions (``"equilibria"``, ``"families"``)."""
    if not isinstance(doc, dict):
        return False
    if isinstance(doc.get("regions"), list):
        return any(isinstance(r, dict) and ("equilibria" in r or "families" in r) for r in doc["regions"])
    return "equilibria" in doc and "families" in doc and "conditions" in doc


def map_region(doc, game: str | None, file: str, err=None):
    """Every member of the region of a general-sum map that holds the point GAME fixes, evaluated there.

    Parameters
    ----------
    doc : object
        The parsed file: the output of ``derive solve GAME --param A=LO..HI --param B=LO..HI --json``
        for a general-sum game, or one of its ``"regions"``.
    game : str or None
        The game as typed, with both parameters' values (``beer-quiche:weak=1/3,taste=1``).
    file : str
        The file's name as typed, for the messages.
    err : file, optional
        Where to say which region was taken (one line).

    Returns
    -------
    MapRegionCheck or None
        None when ``doc`` is not a general-sum map (then :func:`profile_from_document` reads it);
        else the region (the first whose conditions hold at the point, as for a constant-sum map),
        its extreme equilibria and the pairs of each family's extreme strategies (each once, in that
        order), their probabilities exact, and the boundary curves through the point.

    Raises
    ------
    UsageError
        One line: a parameter GAME does not fix; the point outside the file's box or in no region;
        a region that is not ``{"conditions", "equilibria", "families"}``; a probability that is not
        a formula or is undefined at the point.
    """
    from derive.presentation.strategic_report import MapMember, MapRegionCheck

    if not _is_general_sum_map(doc):
        return None
    where = repr(file)
    game = game or "GAME"
    fixed, _ = fixed_parameters(game)
    whole = isinstance(doc.get("regions"), list)
    names = doc.get("parameters") if whole else list((doc.get("point") or {}).keys())
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise UsageError(
            f"{where} has no two parameters: give the output of derive solve with two --param --json"
        )
    _require_both(names, fixed, where, game, file)
    values = {n: fixed[n] for n in names}
    at = ", ".join(f"{n} = {v}" for n, v in values.items())
    box = doc.get("box") if whole else None
    curves = [f"the box's edge {n} = {values[n]}" for n in _edges_at(box, names, values, where)]
    regions = doc["regions"] if whole else [doc]
    for k, region in enumerate(regions, 1):
        if not (
            isinstance(region, dict)
            and isinstance(region.get("conditions"), list)
            and isinstance(region.get("equilibria"), list)
            and isinstance(region.get("families"), list)
        ):
            raise UsageError(
                f'{where}: region {k} is not {{"conditions", "equilibria", "families"}} '
                "(the output of derive solve with two --param --json)"
            )
        if _holds(region["conditions"], values, where):
            break
    else:
        raise UsageError(
            f"{at} is in no region of {where} (outside its box?)"
            if whole
            else f"{at} is outside the region in {where}: its conditions {', '.join(map(str, region['conditions']))} "
            "do not all hold; give the whole output of derive solve with two --param --json"
        )
    for f in (doc.get("boundary_polynomials") or []) if whole else []:
        if _evaluate(str(f), values, where, "a boundary polynomial") == 0:
            curves.append(f"the curve {f} = 0")
    if err is not None and whole:
        print(f"derive: checking region {k} of {len(regions)} of {where}, its formulas at {at}", file=err)

    def mixture(strategy, what: str) -> dict[str, Fraction]:
        if not isinstance(strategy, dict):
            raise UsageError(f"{where}: {what} is not {{reduced strategy: probability}}")
        out = {}
        for label, value in strategy.items():
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise UsageError(f"{where}: the probability of {label!r} in {what} is {value!r}, not exact")
            v = _evaluate(str(value), values, where, f"the probability of {label!r} in {what}")
            if v != 0:
                out[label] = v
        return out

    players = doc.get("players") if whole else None
    members: dict = {}
    for j, eq in enumerate(region["equilibria"], 1):
        what = f"extreme equilibrium {j} of region {k}"
        strategies = eq.get("strategies") if isinstance(eq, dict) else None
        if not isinstance(strategies, dict):
            raise UsageError(f'{where}: {what} has no "strategies"')
        mixes = {player: mixture(s, f"{player}'s strategy in {what}") for player, s in strategies.items()}
        members.setdefault(_key(mixes), [mixes, j, []])
    for j, family in enumerate(region["families"], 1):
        what = f"family {j} of region {k}"
        if (
            not isinstance(family, dict)
            or len(family) != 2
            or not all(isinstance(v, list) for v in family.values())
        ):
            raise UsageError(f"{where}: {what} is not {{player: [extreme strategies], other player: [...]}}")
        order = [p for p in (players or family) if p in family] or list(family)
        sides = [
            [mixture(s, f"{p}'s extreme strategy {i} in {what}") for i, s in enumerate(family[p], 1)]
            for p in order
        ]
        for x in sides[0]:
            for y in sides[1]:
                mixes = {order[0]: x, order[1]: y}
                entry = members.setdefault(_key(mixes), [mixes, None, []])
                if j not in entry[2]:
                    entry[2].append(j)
    return MapRegionCheck(
        file=file,
        region=k,
        regions=len(regions),
        point=values,
        conditions=tuple(str(c) for c in region["conditions"]),
        families=len(region["families"]),
        members=tuple(MapMember(mixes, eq, tuple(fams)) for mixes, eq, fams in members.values()),
        curves=tuple(curves),
    )


def _key(mixes: dict) -> tuple:
    """A profile of mixtures as a hashable value (the same strategies, whatever the order)."""
    return tuple(sorted((player, tuple(sorted(mix.items()))) for player, mix in mixes.items()))


def _piece_of(doc: dict, fixed, where: str, game: str, file: str, err) -> dict:
    """The piece of a ``--param`` output that holds the value GAME fixes for its parameter."""
    pieces = doc["pieces"]
    if any(isinstance(p, dict) and "equilibria" in p for p in pieces):
        raise UsageError(
            f"{where} is derive solve --param output for a general-sum game: its pieces list equilibria of the "
            "reduced strategic form, not behaviour strategies; derive check reads the latter "
            "({player: {information set: {action: probability}}})"
        )
    name = doc.get("parameter")
    if not isinstance(name, str) or not all(isinstance(p, dict) and "strategies" in p for p in pieces):
        raise UsageError(f'{where} has "pieces" but is not the output of derive solve --param --json')
    if name not in fixed:
        raise UsageError(
            f"{where} holds the pieces of derive solve --param, functions of {name}: give its value with the "
            f"game, {_example(game, name, file)}, and the piece that holds it is checked"
        )
    for k, piece in enumerate(pieces, 1):
        if _inside(piece, fixed[name], where):
            if err is not None:
                print(
                    f"derive: checking piece {k} of {len(pieces)} of {where} ({_interval_text(piece, name)}), "
                    f"its formulas at {name} = {fixed[name]}",
                    file=err,
                )
            return piece
    lo, hi = (doc.get("interval") or ["?", "?"])[:2]
    raise UsageError(f"{name} = {fixed[name]} is outside the pieces of {where} ({name} from {lo} to {hi})")


def _region_of(doc: dict, fixed, where: str, game: str, file: str, err) -> dict:
    """The first region of a two-parameter output (``derive solve GAME --param A=.. --param B=..
    --json``) whose conditions hold at the values GAME fixes for both parameters."""
    names = doc.get("parameters")
    regions = doc["regions"]
    if not (isinstance(names, list) and all(isinstance(r, dict) and "strategies" in r for r in regions)):
        raise UsageError(
            f'{where} has "regions" but is not the output of derive solve with two --param --json'
        )
    _require_both(names, fixed, where, game, file)
    values = {n: fixed[n] for n in names}
    _edges_at(doc.get("box"), names, values, where)
    for k, region in enumerate(regions, 1):
        if _holds(region.get("conditions") or [], values, where):
            if err is not None:
                at = ", ".join(f"{n} = {v}" for n, v in values.items())
                print(
                    f"derive: checking region {k} of {len(regions)} of {where}, its formulas at {at}",
                    file=err,
                )
            return region
    at = ", ".join(f"{n} = {v}" for n, v in values.items())
    raise UsageError(f"{at} is in no region of {where} (outside its box?)")


def _edges_at(box, names: list, values: dict, where: str) -> list[str]:
    """The parameters whose value is an end of the map's ``"box"`` (none when the file gives no box);
    UsageError (one line) for a value outside it."""
    if not isinstance(box, dict):
        return []
    edges = []
    for n in names:
        try:
            lo, hi = (Fraction(str(x)) for x in box[n])
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            raise UsageError(f'{where}: its "box" does not give {n} as [LO, HI]') from None
        if not lo <= values[n] <= hi:
            raise UsageError(f"{n} = {values[n]} is outside the box of {where} ({n} from {lo} to {hi})")
        if values[n] in (lo, hi):
            edges.append(n)
    return edges


def _require_both(names: list, fixed, where: str, game: str, file: str) -> None:
    """UsageError (one line) unless GAME fixes both parameters ``names`` of a map."""
    if any(n not in fixed for n in names):
        example = f"{game.partition(':')[0]}:" + ",".join(f"{n}=VALUE" for n in names)
        raise UsageError(
            f"{where} holds regions in {' and '.join(names)}: give both values with the game, "
            f"derive check {example} {file}"
        )


def _holds(conditions: list, values: dict, where: str) -> bool:
    """Whether every condition ``"f >= 0"`` (or ``"(f >= 0 and ...) or (...)"``) holds at ``values``."""
    for text in conditions:
        alternatives = [part.strip().strip("()") for part in str(text).split(" or ")]
        if not any(
            all(
                _evaluate(c.strip().removesuffix(">= 0"), values, where, "a condition") >= 0
                for c in alt.split(" and ")
            )
            for alt in alternatives
        ):
            return False
    return True


def _require_inside(piece: dict, fixed, where: str, game: str, file: str) -> None:
    """UsageError unless the value GAME fixes lies in the piece's interval."""
    name = _parameter_of(piece, where)
    if name is None:  # a piece written before it gave its ends exactly: the formulas' parameter
        names = {
            n
            for dist in _distributions(piece)
            for v in dist.values()
            if isinstance(v, str)
            for n in (_names(v, where, quiet=True) or ())
        }
        if len(names) != 1:
            return
        (name,) = names
    if name not in fixed:
        raise UsageError(
            f"{where} is a piece of derive solve --param, its formulas functions of {name} for "
            f"{_interval_text(piece, name)}: give the value with the game, {_example(game, name, file)}"
        )
    if not _inside(piece, fixed[name], where):
        raise UsageError(
            f"{name} = {fixed[name]} is outside the piece in {where} ({_interval_text(piece, name)}): its "
            "formulas hold there only; give the piece that holds it, or the whole output of derive solve --param"
        )


def _distributions(piece: dict) -> list[dict]:
    strategies = piece.get("strategies")
    players = (
        strategies.values()
        if isinstance(strategies, dict)
        else strategies
        if isinstance(strategies, list)
        else []
    )
    return [d for s in players if isinstance(s, dict) for d in s.values() if isinstance(d, dict)]


def _parameter_of(piece: dict, where: str) -> str | None:
    """The parameter's name, from the polynomials of the piece's exact ends."""
    names = set()
    for key in ("from_exact", "to_exact"):
        end = piece.get(key)
        if isinstance(end, dict) and isinstance(end.get("polynomial"), str):
            names |= _names(end["polynomial"], where)
    if len(names) > 1:
        raise UsageError(
            f"{where}: the piece's ends are polynomials in {', '.join(sorted(names))}, not in one parameter"
        )
    return next(iter(names), None)


def _interval_text(piece: dict, name: str) -> str:
    """``"1/4 <= bet <= 1"``; an end whose exact text is long by its decimal (``"≈ 4.00689"``)."""

    def end(key: str) -> str:
        text = str(piece.get(key))
        return text if len(text) <= 40 else f"≈ {piece.get(key + '_decimal', '?')}"

    left = "<=" if piece.get("from_closed", True) else "<"
    right = "<=" if piece.get("to_closed", True) else "<"
    return f"{end('from')} {left} {name} {right} {end('to')}"


def _example(game: str, name: str, file: str = "FILE") -> str:
    base = game.partition(":")[0] if game else "GAME"
    return f"e.g. derive check {base}:{name}=VALUE {file}"


def _inside(piece: dict, r: Fraction, where: str) -> bool:
    """Whether ``r`` lies in the piece, exactly (its ends ``"from_exact"``/``"to_exact"``, each the
    root of a polynomial in an isolating interval, or its rational ``"from"``/``"to"``)."""
    ends = []
    for key in ("from", "to"):
        end = piece.get(f"{key}_exact")
        if end is None:  # written before the pieces gave their ends exactly: a rational end will do
            try:
                x = Fraction(str(piece.get(key)))
            except (ValueError, ZeroDivisionError):
                raise UsageError(
                    f"{where}: cannot tell exactly whether {r} lies in the piece from {piece.get('from')} to "
                    f"{piece.get('to')}; write it again with derive solve --param --json (its pieces give their "
                    "ends exactly)"
                ) from None
            ends.append((r > x) - (r < x))
            continue
        ends.append(_compare(end, r, where))  # sign of r - end
    closed = (piece.get("from_closed", True), piece.get("to_closed", True))
    above = ends[0] > 0 or (ends[0] == 0 and closed[0])
    below = ends[1] < 0 or (ends[1] == 0 and closed[1])
    return above and below


def _compare(end: dict, r: Fraction, where: str) -> int:
    """The sign of ``r - x``, ``x`` the root of ``end["polynomial"]`` in ``end["interval"]`` (exact)."""
    try:
        text = end["polynomial"]
        a, b = (Fraction(v) for v in end["interval"])
        (name,) = _names(text, where) or {"_"}
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        raise UsageError(
            f'{where}: a piece\'s end is not {{"polynomial": ..., "interval": [a, b]}}'
        ) from None

    def f(x: Fraction) -> Fraction:
        return _evaluate(text, {name: x}, where, "a piece's end")

    if r < a:
        return -1
    if r > b:
        return 1
    at_r = f(r)
    if at_r == 0:
        return 0
    at_a = f(a)
    if at_a == 0:  # the root is a itself (an isolating interval holds one root)
        return 1 if r > a else 0
    return 1 if (at_a > 0) != (at_r > 0) else -1  # the root lies in [a, r] iff the sign changes


def _probability(value, fixed, known, where: str, game: str, file: str, what: str):
    """``value`` as it is when a number (or not a string), else its formula evaluated at ``fixed``."""
    from derive.extensive_form.exact import exact_number

    if not isinstance(value, str):
        return value
    try:
        exact_number(value, what, ValueError, symbolic=False)
        return value  # a number: read as before
    except ValueError:
        pass
    names = _names(value, where, quiet=True)
    if names is None:
        return value  # not a formula either: behaviour_profile says what is wrong with it
    missing = sorted(names - set(fixed))
    if missing and set(missing) <= known:
        raise UsageError(
            f"{where}: the {what} is {value!r}, a formula in {', '.join(missing)} (a piece of derive solve "
            f"--param): give the value with the game, {_example(game, missing[0], file)}"
        )
    if missing:
        return value  # a name the game has no parameter for: behaviour_profile says it is not a number
    result = _evaluate(value, fixed, where, f"the {what}")
    return str(result.numerator) if result.denominator == 1 else f"{result.numerator}/{result.denominator}"


def _parse(text: str, where: str, quiet: bool = False):
    if len(text) > MAX_FORMULA:
        if quiet:
            return None
        raise UsageError(f"{where}: a formula of {len(text):,} characters, more than {MAX_FORMULA:,}")
    try:
        # a parameter named by a Python keyword (the one-raise game's ``raise``) is read as a name
        tree = ast.parse(_KEYWORDS.sub(r"\1__kw", text.strip()), mode="eval").body
    except (SyntaxError, ValueError):
        if quiet:
            return None
        raise UsageError(f"{where}: {text[:60]!r} is not a formula") from None
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id.endswith("__kw"):
            node.id = node.id.removesuffix("__kw")
    return tree


_KEYWORDS = re.compile(r"\b(" + "|".join(keyword.kwlist) + r")\b")

_ALLOWED = (
    ast.BinOp,
    ast.UnaryOp,
    ast.Constant,
    ast.Name,
    ast.Add,
    ast.Sub,
    ast.Mult,
    ast.Div,
    ast.Pow,
    ast.USub,
    ast.UAdd,
    ast.Load,
)


def _names(text: str, where: str, quiet: bool = False) -> set[str] | None:
    """The names in the formula ``text`` (None, with ``quiet``, if it is not one of the formulas read)."""
    tree = _parse(text, where, quiet)
    if tree is None:
        return None
    names = set()
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED) or (
            isinstance(node, ast.Constant)
            and (isinstance(node.value, bool) or not isinstance(node.value, (int, float)))
        ):
            if quiet:
                return None
            raise UsageError(
                f"{where}: {text[:60]!r} is not a rational function (numbers, names, + - * / **)"
            )
        if isinstance(node, ast.Name):
            names.add(node.id)
    return names


def _evaluate(text: str, values: dict[str, Fraction], where: str, what: str) -> Fraction:
    """The formula ``text`` at ``values``, exactly (a decimal is read as the fraction it spells)."""
    tree = _parse(text, where)
    _names(text, where)  # only the allowed nodes

    def value(node) -> Fraction:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, float):
                return Fraction(ast.get_source_segment(text.strip(), node))
            return Fraction(node.value)
        if isinstance(node, ast.Name):
            return values[node.id]
        if isinstance(node, ast.UnaryOp):
            v = value(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        left, right = value(node.left), value(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div):
            return left / right
        size = max(left.numerator.bit_length(), left.denominator.bit_length())
        if right.denominator != 1 or abs(right) > MAX_EXPONENT or size * abs(right) > MAX_BITS:
            raise UsageError(
                f"{where}: {what}, {text[:60]!r}, has a power too large to read exactly ({right}; the "
                f"formulas derive prints have whole exponents up to {MAX_EXPONENT})"
            )
        return left ** int(right)

    try:
        return value(tree)
    except ZeroDivisionError:
        shown = ", ".join(f"{k} = {v}" for k, v in values.items() if k in (_names(text, where) or ()))
        raise UsageError(
            f"{where}: {what}, {text[:60]!r}, is undefined at {shown} (division by zero)"
        ) from None
