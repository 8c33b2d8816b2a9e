"""The custom_id formats of the bot's buttons, each built and parsed in one class (no Discord
here, so they are tested on their own).

- ``TableClick``: a button of the public table message, ``gg:t:<table>:<version>:<act>``
  (act one of ``TABLE_ACTS``). Never a card.
- ``PrimerPage``: a page button of the primer (``/gaigel help``), ``gg:p:<table>:<page>``;
  table 0 when it was opened without a table (the server's defaults).
- ``ReplayPage``: a page button of a replay (``/gaigel replay``),
  ``gg:r:<table>:<deal>:<page>``: the finished deal by its id, the page from 0. Never a card:
  the page is made afresh from the stored deal at each click, also after a restart.
- ``HandClick``: a button of a player's own (ephemeral or DM) hand,
  ``gg:h:<table>:<version>:<act><arg>``; the act is one ``HandAct`` subclass (play a card,
  declare, exchange, knock, accuse, confirm a knock or an accusation, five Sevens, refresh). A card appears only here, on its
  owner's message.
- ``DailyClick``: a button of a person's own daily deal (``/gaigel daily``, ephemeral),
  ``gg:d:<play>:<version>:<act><arg>``: the hand's acts (cards only on the owner's message),
  and ``n``, the next deal of the day.

Ids must fit the database's integers and never reach SQLite otherwise: a forged table id out of
range parses as nothing (the click is answered "that is no action"); a hand's version out of
range parses as ``NO_VERSION``, which no table ever has (answered "your hand changed").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

MAX_ID = 2**63 - 1
"""The largest SQLite INTEGER; table ids and versions beyond it do not exist."""

NO_VERSION = -1
"""A hand's version beyond ``MAX_ID``: never a table's version, so the click is stale."""

TABLE_ACTS = ("join", "leave", "add", "start", "hand", "next", "back", "last", "review")

OPENING_CODES = {"ge-elfen": "g", "hoeher-hat": "h", "zweite-alte": "z", "trumpf": "t"}
OPENINGS_BY_CODE = {v: k for k, v in OPENING_CODES.items()}

TABLE_TEMPLATE = r"gg:t:(?P<table>\d+):(?P<version>\d+):(?P<act>[a-z]+)"
PRIMER_TEMPLATE = r"gg:p:(?P<table>\d+):(?P<page>\d+)"
REPLAY_TEMPLATE = r"gg:r:(?P<table>\d+):(?P<deal>\d+):(?P<page>\d+)"
DAILY_TEMPLATE = r"gg:d:(?P<play>\d+):(?P<version>\d+):(?P<act>[a-z])(?P<arg>[A-Za-z0-9.-]*)"
HAND_TEMPLATE = r"gg:h:(?P<table>\d+):(?P<version>\d+):(?P<act>[a-z])(?P<arg>[A-Za-z0-9.-]*)"


def _in_range(*numbers: str) -> bool:
    return all(len(n) <= 19 and int(n) <= MAX_ID for n in numbers)


@dataclass(frozen=True)
class TableClick:
    table_id: int
    version: int
    act: str

    @property
    def custom_id(self) -> str:
        return f"gg:t:{self.table_id}:{self.version}:{self.act}"

    @classmethod
    def parse(cls, custom_id: str) -> TableClick | None:
        m = re.fullmatch(TABLE_TEMPLATE, custom_id)
        if m is None or not _in_range(m["table"], m["version"]):
            return None
        return cls(int(m["table"]), int(m["version"]), m["act"])


@dataclass(frozen=True)
class PrimerPage:
    table_id: int
    """0: no table (the server's default rules)."""
    page: int

    @property
    def custom_id(self) -> str:
        return f"gg:p:{self.table_id}:{self.page}"

    @classmethod
    def parse(cls, custom_id: str) -> PrimerPage | None:
        m = re.fullmatch(PRIMER_TEMPLATE, custom_id)
        if m is None or not _in_range(m["table"]) or len(m["page"]) > 2:
            return None
        return cls(int(m["table"]), int(m["page"]))


@dataclass(frozen=True)
class ReplayPage:
    table_id: int
    deal_id: int
    page: int
    """From 0: the deal and its first trick, then one page a trick, the end last."""

    @property
    def custom_id(self) -> str:
        return f"gg:r:{self.table_id}:{self.deal_id}:{self.page}"

    @classmethod
    def parse(cls, custom_id: str) -> ReplayPage | None:
        m = re.fullmatch(REPLAY_TEMPLATE, custom_id)
        if m is None or not _in_range(m["table"], m["deal"]) or len(m["page"]) > 2:
            return None
        return cls(int(m["table"]), int(m["deal"]), int(m["page"]))


# ---------------------------------------------------------------------- hand acts


@dataclass(frozen=True)
class HandAct:
    """What a hand button does; ``code`` is its letter in the custom_id, ``arg`` what follows."""

    code: ClassVar[str] = ""
    kinds: ClassVar[dict[str, type[HandAct]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        HandAct.kinds[cls.code] = cls

    @property
    def arg(self) -> str:
        return ""

    @classmethod
    def from_arg(cls, arg: str) -> HandAct | None:
        return cls() if arg == "" else None

    def service_fields(self) -> dict[str, Any] | None:
        """The ``GameService.act`` keywords this stands for; None for a refresh."""
        raise NotImplementedError


@dataclass(frozen=True)
class PlayCard(HandAct):
    """``p<index>.<card>.<opening code or ->``: the index keeps two equal cards apart."""

    code: ClassVar[str] = "p"
    index: int = 0
    card: str = ""
    opening: str | None = None

    @property
    def arg(self) -> str:
        code = OPENING_CODES.get(self.opening, "-") if self.opening else "-"
        return f"{self.index}.{self.card}.{code}"

    @classmethod
    def from_arg(cls, arg: str) -> HandAct | None:
        parts = arg.split(".")
        if len(parts) != 3 or not parts[0].isdigit() or len(parts[0]) > 2:
            return None
        index, card, code = parts
        opening = None if code == "-" else OPENINGS_BY_CODE.get(code)
        if code != "-" and opening is None:
            return None
        return cls(int(index), card, opening)

    def service_fields(self) -> dict[str, Any]:
        return {"do": "play", "card": self.card, "opening": self.opening}


@dataclass(frozen=True)
class DeclarePair(HandAct):
    """``d<suit>``, ``d<suit>2`` for both pairs of a suit."""

    code: ClassVar[str] = "d"
    suit: str = "E"
    double: bool = False

    @property
    def arg(self) -> str:
        return self.suit + ("2" if self.double else "")

    @classmethod
    def from_arg(cls, arg: str) -> HandAct | None:
        if not arg or arg[0] not in "EBHS" or arg[1:] not in ("", "2"):
            return None
        return cls(arg[0], arg[1:] == "2")

    def service_fields(self) -> dict[str, Any]:
        return {"do": "declare", "suit": self.suit, "double": self.double}


@dataclass(frozen=True)
class ExchangeSeven(HandAct):
    code: ClassVar[str] = "x"

    def service_fields(self) -> dict[str, Any]:
        return {"do": "exchange"}


@dataclass(frozen=True)
class Knock(HandAct):
    code: ClassVar[str] = "k"

    def service_fields(self) -> dict[str, Any]:
        return {"do": "knock"}


@dataclass(frozen=True)
class Accuse(HandAct):
    """``a``, or ``a<team>`` naming the accused engine team where there are several."""

    code: ClassVar[str] = "a"
    against: int | None = None

    @property
    def arg(self) -> str:
        return "" if self.against is None else str(self.against)

    @classmethod
    def from_arg(cls, arg: str) -> HandAct | None:
        if arg == "":
            return cls()
        return cls(int(arg)) if arg.isdigit() and len(arg) == 1 else None

    def service_fields(self) -> dict[str, Any]:
        return {"do": "accuse", "against": self.against}


@dataclass(frozen=True)
class Confirm(HandAct):
    """``c<knock or accuse act>``: the second click of a knock or an accusation, given on the
    hand after "Knock now?" (a misclick there loses a double game)."""

    code: ClassVar[str] = "c"
    claim: HandAct | None = None

    @property
    def arg(self) -> str:
        assert self.claim is not None
        return self.claim.code + self.claim.arg

    @classmethod
    def from_arg(cls, arg: str) -> HandAct | None:
        kind = HandAct.kinds.get(arg[:1])
        if kind not in (Knock, Accuse):
            return None
        claim = kind.from_arg(arg[1:])
        return cls(claim) if claim is not None else None

    def service_fields(self) -> dict[str, Any] | None:
        assert self.claim is not None
        return self.claim.service_fields()


@dataclass(frozen=True)
class AskHint(HandAct):
    """``h``: ask the coach what to play (beginner tables); nothing changes at the table."""

    code: ClassVar[str] = "h"

    def service_fields(self) -> None:
        return None


@dataclass(frozen=True)
class ShowSevens(HandAct):
    code: ClassVar[str] = "s"

    def service_fields(self) -> dict[str, Any]:
        return {"do": "sevens"}


@dataclass(frozen=True)
class Refresh(HandAct):
    code: ClassVar[str] = "r"

    def service_fields(self) -> None:
        return None


@dataclass(frozen=True)
class HandClick:
    table_id: int
    version: int
    act: HandAct | None
    """None when the act is malformed (answered as "that is no action")."""

    @classmethod
    def of(cls, table_id: int, version: int, act: HandAct) -> HandClick:
        return cls(table_id, version, act)

    @property
    def custom_id(self) -> str:
        assert self.act is not None
        return f"gg:h:{self.table_id}:{self.version}:{self.act.code}{self.act.arg}"

    @classmethod
    def parse(cls, custom_id: str) -> HandClick | None:
        m = re.fullmatch(HAND_TEMPLATE, custom_id)
        if m is None or not _in_range(m["table"]):
            return None
        version = int(m["version"]) if _in_range(m["version"]) else NO_VERSION
        kind = HandAct.kinds.get(m["act"])
        act = kind.from_arg(m["arg"]) if kind is not None else None
        return cls(int(m["table"]), version, act)


@dataclass(frozen=True)
class DailyClick:
    """A button of a person's daily deal: the play by its id, its version (actions stored)
    and a hand's act, or ``next_deal`` (``n``)."""

    play_id: int
    version: int
    act: HandAct | None
    """None when the act is malformed, or for the next deal."""
    next_deal: bool = False

    @property
    def custom_id(self) -> str:
        if self.next_deal:
            return f"gg:d:{self.play_id}:{self.version}:n"
        assert self.act is not None
        return f"gg:d:{self.play_id}:{self.version}:{self.act.code}{self.act.arg}"

    @classmethod
    def parse(cls, custom_id: str) -> DailyClick | None:
        m = re.fullmatch(DAILY_TEMPLATE, custom_id)
        if m is None or not _in_range(m["play"]):
            return None
        version = int(m["version"]) if _in_range(m["version"]) else NO_VERSION
        if m["act"] == "n":
            return cls(int(m["play"]), version, None, next_deal=m["arg"] == "")
        kind = HandAct.kinds.get(m["act"])
        act = kind.from_arg(m["arg"]) if kind is not None else None
        return cls(int(m["play"]), version, act)
