"""The Gaigel rules engine: pure Python, no I/O, no asyncio, no Discord, no SQL.

Dealing is an input (``Layout``), applying an ``Action`` to a ``Deal`` returns ``Event``s,
illegal actions raise ``IllegalAction`` with a reason code, and cards leave only through
per-seat ``View``s. A deal is replayable from its record (``engine.record``).
"""

from .actions import Action, ActionKind
from .deal import AUS, Deal, EndReason, Layout, Meld, Result, Trick
from .errors import ERROR_CODES, IllegalAction, RefusalCode
from .events import Event, EventKind
from .rules import PRESETS, Rules, RulesError
from .tricks import team_count, team_of
from .views import TrickView, View, public_view, seat_view

__all__ = [
    "AUS", "ERROR_CODES", "PRESETS", "Action", "ActionKind", "Deal", "EndReason", "Event",
    "EventKind", "IllegalAction", "Layout", "Meld", "RefusalCode", "Result", "Rules",
    "RulesError", "Trick", "TrickView", "View", "public_view", "seat_view", "team_count",
    "team_of",
]
