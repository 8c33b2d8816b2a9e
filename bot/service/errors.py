"""What the service refuses, as exceptions: a code (the engine's refusal code or the service's
own) and the blanks of its sentence. Nothing is changed by a refused request.

The family is small so that callers branch on types, not on codes: ``StaleTable`` (the table
moved on), ``Refused`` (the rules say no), ``NotSeated``, ``NoTable``, ``NotHost``,
``NotStarted``, ``BadOption``; every other refusal is a plain ``ServiceError``. The sentences
are ``bot.texts``' (``refusal_text(lang, error)``), one per code in every language, which a
test checks for every code in ``CODES``.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from engine.errors import ERROR_CODES, RefusalCode

ServiceCode = Literal[
    "no_coach", "no_review_coach", "no_review", "review_not_played", "other_table",
    "trump_pair_40", "unknown_suit", "no_pairs_now", "bad_points", "need_suit", "no_table",
    "table_exists", "not_seated", "already_seated", "table_full", "seat_taken", "no_seat",
    "not_full", "not_host", "not_started", "already_started", "deal_running", "match_over",
    "table_closed", "old_table_message", "stale", "table_moved", "not_away", "bad_option",
    "unknown_level", "bad_action", "kick_self", "no_finished_deal", "no_such_deal", "deal_not_over",
    "match_running", "seats_kept", "daily_bad_day", "daily_future_day", "daily_played",
    "daily_day_over", "daily_not_yours", "daily_no_peeking", "daily_not_over", "daily_no_deal",
    "daily_no_play", "daily_no_set",
]
"""The service's own refusals (the shell words ``other_table`` and ``old_table_message``
itself: a click on another channel's or an old table message)."""

Code = ServiceCode | RefusalCode

CODES: tuple[str, ...] = (*ERROR_CODES, *get_args(ServiceCode))
"""Every refusal code, the engine's first."""


class ServiceError(Exception):
    """A refused request. ``code`` is an engine refusal code or a service code, ``params``
    the blanks of its sentence."""

    def __init__(self, code: Code, **params: Any) -> None:
        self.code: Code = code
        self.params = params
        super().__init__(f"{code} {params}" if params else code)


class StaleTable(ServiceError):
    """The table moved on since the version the request was made at (a stale hand)."""

    def __init__(self) -> None:
        super().__init__("stale")


class Refused(ServiceError):
    """The rules refuse the action: ``code`` is the engine's reason (``Deal.refusal``)."""

    def __init__(self, code: RefusalCode) -> None:
        super().__init__(code)


class NotSeated(ServiceError):
    def __init__(self) -> None:
        super().__init__("not_seated")


class NoTable(ServiceError):
    """No such table (in memory: a closed one may be read back with ``load``)."""

    def __init__(self) -> None:
        super().__init__("no_table")


class NotHost(ServiceError):
    def __init__(self) -> None:
        super().__init__("not_host")


class NotStarted(ServiceError):
    """The match has not started: no deal, no hand yet."""

    def __init__(self) -> None:
        super().__init__("not_started")


class BadOption(ServiceError):
    """An option or setting that is not valid; ``detail`` says which and why (English)."""

    def __init__(self, detail: str) -> None:
        super().__init__("bad_option", detail=detail)
