"""People's names as the bot hands them out to be printed.

A Discord display name may hold the invisible marks that steer the direction of text: a
right-to-left override (U+202E) with no closing mark reverses the rest of the line it is
printed in, in the table message as in ``/gaigel stats``. ``plain_name`` drops every such
mark; ``public_state`` hands out the seats' names through it (so the table message, hands,
ceremony, score, buttons and pictures never see one), and the shell's ``shown`` passes every
name it prints through it (Discord's names in stats, leaderboard and replies too). A name
written right to left stays so: the shell sets it apart with its own isolate marks. The
database and the history export keep the name exactly as the person chose it.
"""

from __future__ import annotations

BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""LRM, RLM, ALM; LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI."""

_DROP: dict[int, None] = dict.fromkeys(map(ord, BIDI_CONTROLS))


def plain_name(name: str) -> str:
    """``name`` without bidirectional controls."""
    return name.translate(_DROP)
