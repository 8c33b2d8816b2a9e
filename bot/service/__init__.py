"""The game service the Discord shell, the offline mode and the benchmarks share (no Discord)."""

from .computer import levels
from .errors import ServiceError
from .models import DealEnd, Outcome, PublicState, SeatState, TableOptions, UserPrefs
from .service import GameService

__all__ = ["DealEnd", "GameService", "Outcome", "PublicState", "SeatState", "ServiceError",
           "TableOptions", "UserPrefs", "levels"]
