"""Thinking apart from the clicks: the computer players' searches, the coach's Hint and Review
run in worker processes (``pool``), asked with plain-data questions
(``engine.players.questions``); the event loop only awaits the answers."""

from .pool import (
    GRACE_MS,
    ThinkingClosed,
    ThinkingError,
    ThinkingPool,
    ThinkingStats,
    default_workers,
)
from .worker import ThinkingPriority

__all__ = ["GRACE_MS", "ThinkingClosed", "ThinkingError", "ThinkingPool", "ThinkingPriority",
           "ThinkingStats", "default_workers"]
