"""The claims as plain text: :func:`claims_text`, a table of the stated and exact values and the
verdicts, then each claim's quote, reading and rule.
"""

from __future__ import annotations

from collections.abc import Iterable

from derive.hands.claims import (
    _ODDS,
    _PER,
    Claim,
    hoyle_claims,
    three_card_claims,  # noqa: F401 (the doctest of claims_text uses it)
)
from derive.hands.exact import _decimal

__all__ = [
    "claims_text",
]


def _stated_text(c: Claim) -> str:
    if c.quantity == _ODDS:
        return f"{c.stated} to 1"
    if c.quantity == _PER:
        return f"1 in {c.stated}"
    return str(c.stated)


def _value_text(c: Claim) -> str:
    if c.quantity == "count":
        return str(c.value)
    return (
        f"{c.value} to 1 ({_decimal(c.value)})"
        if c.quantity == _ODDS
        else f"1 in {c.value} ({_decimal(c.value)})"
    )


def claims_text(claims: Iterable[Claim] | None = None) -> str:
    """The claims as a plain-text table (stated, exact, verdict) with the quotes and readings below.

    Parameters
    ----------
    claims : iterable of Claim, optional
        Default :func:`hoyle_claims`.

    Returns
    -------
    str
        The table, then one numbered paragraph per claim.

    Raises
    ------
    None
        The claims are computed once (cached) and cannot fail on the seed texts' data.

    Examples
    --------
    >>> print(claims_text(three_card_claims()[:2]))
    #  claim           text   exact  verdict
    1  any hand        22100  22100  holds
    2  straight flush  48     48     holds
    <BLANKLINE>
    1. three-card-poker-frequencies.txt: "52C3 = 22100"
       reading: all 3-card hands of a 52-card deck
       rule: exact: the stated count equals the exact count
       C(52,3) = 22100
    2. three-card-poker-frequencies.txt: "12C1 x 4C1 = 48"
       reading: 3-card hands of class straight flush (Straight Flush) among C(52,3)
       rule: exact: the stated count equals the exact count
       C(12,1)·C(4,1) = 48
    """
    claims = tuple(hoyle_claims() if claims is None else claims)
    head = ["#", "claim", "text", "exact", "verdict"]
    body = [[str(i), c.label, _stated_text(c), _value_text(c), c.verdict] for i, c in enumerate(claims, 1)]
    w = [max(len(x[i]) for x in [head, *body]) for i in range(5)]
    lines = ["  ".join(f"{x[i]:<{w[i]}}" for i in range(5)).rstrip() for x in [head, *body]]
    lines.append("")
    for i, c in enumerate(claims, 1):
        lines.append(f'{i}. {c.source}: "{c.quote}"')
        lines.append(f"   reading: {c.reading}")
        lines.append(f"   rule: {c.rule}")
        if c.note:
            lines.append(f"   {c.note}")
        for a in c.alternatives:
            verdict = "holds" if a.holds else "does not hold"
            lines.append(f"   otherwise read, {a.reading}: {a.value} ({_decimal(a.value)}), {verdict}")
    return "\n".join(lines)
