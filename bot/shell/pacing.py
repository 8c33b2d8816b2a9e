"""How fast the bot shows things (no Discord here: ``from bot import Pacing`` stays cheap)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Pacing:
    """Tests and benchmarks use ``Pacing.instant()``."""

    table_edit_interval: float = 1.0
    """At most one edit of a table message per this many seconds (coalesced)."""
    ceremony_step: float = 1.5
    """Pause between the edits of a knock ceremony."""
    ping_after: float = 10.0
    """Seconds of a person's turn without an action before the turn ping (``/gaigel ping``)."""

    @classmethod
    def instant(cls) -> Pacing:
        return cls(0.0, 0.0)  # pings keep their ten seconds (tests use virtual time)
