"""Storage of tables, deals, actions, matches and results (no Discord): SQLite or PostgreSQL."""

from .db import SchemaTooNew, StaleVersion, Storage, StorageError
from .migrations import MIGRATIONS, SCHEMA_VERSION

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SchemaTooNew", "StaleVersion", "Storage",
           "StorageError"]
