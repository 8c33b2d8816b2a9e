"""Every sentence a player reads, one module per language (``en``, ``de``) with the same keys:
the shell's sentences, the refusals keyed by the engine's and the service's codes, computer
levels and the settings' words. ``say(lang, key, **blanks)`` formats one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from . import de, en

LANGUAGES = {"en": en, "de": de}


def _book(lang: str) -> Any:
    return de if lang == "de" else en


def lang_of(value: str | None) -> str:
    """``de`` for German (any German locale), else ``en``."""
    return "de" if value and str(value).lower().startswith("de") else "en"


def say(lang: str, key: str, **params: Any) -> str:
    text: str = _book(lang).SENTENCES[key]
    return text.format(**params) if params else text


def has(key: str) -> bool:
    """Whether a sentence ``key`` exists (optional sentences such as ``why_<action>_<code>``)."""
    return key in en.SENTENCES


def say_n(lang: str, key: str, count: int, **params: Any) -> str:
    """``key`` with its singular form (``key_one``) when ``count`` is 1."""
    one = key + "_one"
    return say(lang, one if count == 1 and has(one) else key, **params)


def refusal(lang: str, code: str, **params: Any) -> str:
    """The sentence for an engine's or the service's refusal code."""
    text: str = _book(lang).ERRORS[code]
    try:
        return text.format(**params)
    except (KeyError, IndexError):
        return text


class Refusal(Protocol):
    """What a refusal carries (``bot.service.errors.ServiceError``): its code and blanks."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


def refusal_text(lang: str, error: Refusal) -> str:
    """A refused request in words, in ``lang``: the sentence of its code with its blanks."""
    return refusal(lang, error.code, **error.params)


def level_name(lang: str, level: str) -> str:
    name: str = _book(lang).LEVELS.get(level, level)
    return name


def preset_words(lang: str, preset: str) -> str:
    """A rules preset named in words ("Württemberg rules"), not by its code."""
    key = f"preset_{preset}"
    return say(lang, key) if has(key) else preset


def word(lang: str, key: str) -> str:
    name: str = _book(lang).SETTINGS_WORDS.get(key, key)
    return name


def team_name(team: int) -> str:
    """Teams are named by letter on the table: A, B (and C with three players)."""
    return "ABC"[team]
