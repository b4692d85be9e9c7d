"""``derive family GAME``: each published family of a built-in game, checked exactly, as text or JSON.

For each family: its parameters, domain and dependent probabilities (the claim), then the verdict
of :func:`~derive.verification.profile_family.check_profile_family`, each player's value as an
expression in the parameters, and the certificates that prove the gaps no vertex argument settles.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.games.published import published_families
from derive.games.registry import load_game
from derive.presentation.game_summary import game_header as _header
from derive.presentation.game_summary import game_json as _game_json
from derive.presentation.game_summary import plain
from derive.verification.profile_family import ProfileFamilyCheck, check_profile_family

__all__ = ["family_report"]


def _verdict(check: ProfileFamilyCheck) -> str:
    if check.is_equilibrium:
        return "every member is a Nash equilibrium (decided exactly)"
    if check.is_equilibrium is False:
        return "NOT every member is a Nash equilibrium"
    return "undecided: some gaps could not be decided exactly"


def family_report(game_name: str, as_json: bool = False) -> str:
    """The published families of the built-in game ``game_name``, each checked exactly.

    Parameters
    ----------
    game_name : str
        A built-in game with published families (``kuhn``, ``kuhn3``).
    as_json : bool
        JSON instead of text: ``{"game": {...}, "families": [{"name", "source", "parameters",
        "domain", "vertices", "equations", "strategies", "is_equilibrium", "verdict", "values",
        "failures", "undecided", "invalid", "certificates"}]}``, every number an exact string;
        ``strategies`` is per player ``information set -> {action: probability}``.

    Raises
    ------
    UnknownFamilyError
        If ``game_name`` has no published family built in.

    References
    ----------
    Kuhn (1950); Szafron, Gibson & Sturtevant (2013), AAMAS.
    """
    families = published_families(game_name)
    game = load_game(game_name)
    players = game.players
    entries = []
    for fam in families:
        check = check_profile_family(game, fam.strategies, fam.domain)
        certificates = [
            {"player": players[p], "deviation": label, "identity": str(cert)}
            for p, proofs in enumerate(check.certificates)
            for label, cert in proofs.items()
        ]
        entries.append(
            {
                "name": fam.name,
                "source": fam.source,
                "parameters": [plain(t) for t in fam.parameters],
                "domain": [plain(c) for c in fam.domain],
                "vertices": len(check.vertices),
                "equations": [f"{plain(e.lhs)} = {plain(e.rhs)}" for e in fam.equations],
                "strategies": {
                    players[p]: {
                        label: {a: plain(sp.sympify(x)) for a, x in dist.items()}
                        for label, dist in play.items()
                    }
                    for p, play in enumerate(fam.strategies)
                },
                "is_equilibrium": check.is_equilibrium,
                "verdict": _verdict(check),
                "values": {players[p]: plain(sp.factor(u)) for p, u in enumerate(check.payoffs)},
                "failures": [
                    {
                        "player": players[p],
                        "deviation": what,
                        "at": {plain(k): plain(v) for k, v in at.items()},
                    }
                    for p, what, at in check.failures
                ],
                "undecided": [
                    {"player": players[p], "what": what, "why": why} for p, what, why in check.undecided
                ],
                "invalid": list(check.invalid),
                "certificates": certificates,
            }
        )
    if as_json:
        return json.dumps({"game": _game_json(game), "families": entries}, indent=2, ensure_ascii=False)
    lines = [_header(game)]
    for e in entries:
        lines += [
            "",
            f"{e['name']}  [{e['source']}]",
            f"  parameters: {', '.join(e['parameters'])}",
            f"  domain ({e['vertices']} vertices of its linear part): {', '.join(e['domain'])}",
        ]
        if e["equations"]:
            lines.append(f"  dependent probabilities: {'; '.join(e['equations'])}")
        lines.append("  play (elsewhere each information set's first action: check, or fold):")
        for player, play in e["strategies"].items():
            shown = [
                f"{label} " + ", ".join(f"{a} {x}" for a, x in list(dist.items())[1:] if x != "0")
                for label, dist in play.items()
                if list(dist.values())[0] != "1"
            ]
            lines.append(f"    {player}: {'; '.join(shown) or 'the first action everywhere'}")
        lines.append(f"  {e['verdict']}")
        lines.append("  values: " + ", ".join(f"{p} {v}" for p, v in e["values"].items()))
        for f in e["failures"]:
            at = ", ".join(f"{k} = {v}" for k, v in f["at"].items())
            lines.append(f"  gain: {f['player']} [{f['deviation']}] at {at or 'every member'}")
        for u in e["undecided"]:
            lines.append(f"  undecided: {u['player']} [{u['what']}]: {u['why']}")
        for name in e["invalid"]:
            lines.append(f"  not a probability everywhere: {name}")
        if e["certificates"]:
            lines.append("  gaps proved non-positive by products of the domain's constraints (-gap = ...):")
            lines += [f"    {c['player']} [{c['deviation']}]: {c['identity']}" for c in e["certificates"]]
    lines += [
        "",
        "method: each member's one-shot gaps in the sequence form, decided over the whole domain at "
        "its vertices or by exact certificates (derive.verification.profile_family)",
    ]
    return "\n".join(lines)
