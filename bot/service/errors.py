"""One error type for everything the service refuses: a code (the engine's or the service's)
and its blanks; the sentences are in ``bot.texts``, one module per language."""

from __future__ import annotations

from typing import Any

from ..texts import is_refusal, refusal
from ..texts.en import ERRORS

CODES: tuple[str, ...] = tuple(ERRORS)


class ServiceError(Exception):
    """A refused request. ``code`` is an engine IllegalAction code or a service code."""

    def __init__(self, code: str, **params: Any) -> None:
        if not is_refusal(code):
            raise ValueError(f"unknown service error code {code!r}")
        self.code = code
        self.params = params
        super().__init__(f"{code}: {self.message('en')}")

    def message(self, lang: str = "en") -> str:
        return refusal(lang, self.code, **self.params)

    @property
    def message_en(self) -> str:
        return self.message("en")

    @property
    def message_de(self) -> str:
        return self.message("de")
