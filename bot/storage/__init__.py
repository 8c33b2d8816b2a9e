"""SQLite storage of tables, deals, actions, matches and results (no Discord)."""

from .db import SchemaTooNew, StaleVersion, Storage, StorageError
from .migrations import MIGRATIONS, SCHEMA_VERSION

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SchemaTooNew", "StaleVersion", "Storage",
           "StorageError"]
