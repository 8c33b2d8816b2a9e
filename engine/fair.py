"""Provably fair deals: commit to a secret before anyone acts, reveal it when the deal is over.

The scheme (``docs/FAIRNESS.md`` says it in plain words, for anyone writing a verifier):

- ``server_seed``: 32 random bytes, written as 64 lowercase hex digits; the ``commitment`` is
  the SHA-256 of those bytes, in lowercase hex, shown before the deal starts;
- ``salt``: the decimal id of the Discord interaction that started the deal, as ASCII digits
  (a value the bot cannot choose), or ``""`` where no click started it;
- ``key`` = SHA-256(server_seed ‖ salt); the byte stream is SHA-256(key ‖ k) for k = 0, 1, 2,
  … (k a 4-byte big-endian integer), the raw digests one after another;
- the canonical pack is shuffled by Fisher–Yates from the end, each index drawn from the
  next 8 bytes of the stream as a big-endian integer, rejecting values that would bias it.

Pure: the caller brings the secret (``new_server_seed`` in play, a seed derived from an
integer in tests and replays).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .cards import CANONICAL_PACK
from .deal import Layout

SEED_BYTES = 32
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[0-9]*")
_TWO_64 = 1 << 64


class FairError(ValueError):
    """A fair-deal field that is malformed (not a mismatch: that is ``check``'s answer)."""


def new_server_seed() -> bytes:
    """A deal's secret for play: 32 bytes from the operating system (``secrets``)."""
    return secrets.token_bytes(SEED_BYTES)


def seed_from_int(n: int) -> bytes:
    """A server seed named by an integer, for tests and simulations (never for play)."""
    return hashlib.sha256(b"gaigel-test-seed:" + str(n).encode("ascii")).digest()


def commitment_of(server_seed: bytes) -> str:
    """What is shown before the deal: the SHA-256 of the seed, lowercase hex."""
    return hashlib.sha256(server_seed).hexdigest()


def byte_stream(server_seed: bytes, salt: str) -> Iterator[int]:
    """The deal's bytes: SHA-256(key ‖ k as 4 bytes big-endian), k = 0, 1, 2, …, joined."""
    key = hashlib.sha256(server_seed + salt.encode("ascii")).digest()
    k = 0
    while True:
        yield from hashlib.sha256(key + k.to_bytes(4, "big")).digest()
        k += 1


def fair_pack(server_seed: bytes, salt: str) -> list[str]:
    """The canonical pack shuffled by Fisher–Yates from the end, unbiased by rejection."""
    stream = byte_stream(server_seed, salt)
    pack = list(CANONICAL_PACK)
    for i in range(len(pack) - 1, 0, -1):
        n = i + 1
        limit = _TWO_64 - _TWO_64 % n
        while True:
            x = int.from_bytes(bytes(next(stream) for _ in range(8)), "big")
            if x < limit:
                break
        j = x % n
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def fair_layout(server_seed: bytes, salt: str, players: int) -> Layout:
    """The deal as the spec lays out a pack: seat i gets cards 5i..5i+4, then the indicator."""
    return Layout.from_pack(fair_pack(server_seed, salt), players)


def check_salt(salt: Any) -> str:
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        raise FairError("salt must be a string of decimal digits (or empty)")
    return salt


@dataclass(frozen=True, slots=True)
class FairDeal:
    """A deal's fair-deal line: the commitment, and once the deal is over its seed and salt.

    ``seed`` is None while the deal is running: the secret is as hidden as the hands."""

    commitment: str
    seed: str | None = None
    salt: str = ""

    @classmethod
    def new(cls, server_seed: bytes, salt: str = "") -> FairDeal:
        """The revealed line of a seed (for storage; show ``hidden()`` until the deal is over)."""
        return cls(commitment_of(server_seed), server_seed.hex(), check_salt(salt))

    def hidden(self) -> FairDeal:
        return FairDeal(self.commitment, None, self.salt)

    @property
    def server_seed(self) -> bytes:
        if self.seed is None:
            raise FairError("the seed is not revealed")
        return bytes.fromhex(self.seed)

    def layout(self, players: int) -> Layout:
        return fair_layout(self.server_seed, self.salt, players)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"commitment": self.commitment}
        if self.seed is not None:
            out["seed"] = self.seed
        out["salt"] = self.salt
        return out

    @classmethod
    def from_json(cls, data: Any) -> FairDeal:
        """Read a record's ``"fair"`` object; raise FairError for a malformed one."""
        if not isinstance(data, dict):
            raise FairError("fair must be an object")
        commitment = data.get("commitment")
        if not isinstance(commitment, str) or not _HEX64.fullmatch(commitment):
            raise FairError("fair.commitment must be 64 lowercase hex digits")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, str) or not _HEX64.fullmatch(seed)):
            raise FairError("fair.seed must be 64 lowercase hex digits")
        return cls(commitment, seed, check_salt(data.get("salt", "")))

    def check(self, layout: Layout | None) -> str | None:
        """Why this line does not prove ``layout`` (None when it does): the seed must be
        revealed, hash to the commitment, and deal exactly that layout."""
        if self.seed is None:
            return "seed_hidden"
        if not hmac.compare_digest(commitment_of(self.server_seed), self.commitment):
            return "commitment_mismatch"
        if layout is not None and self.layout(layout.players) != layout:
            return "layout_mismatch"
        return None

