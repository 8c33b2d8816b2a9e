"""``python -m bot replay FILE [--deal N] [--lang en|de]``: a finished deal, trick by trick,
in the terminal.

FILE is a deal record (``gaigel-deal/1``) or a history export (``gaigel-history/1``, as
``python -m bot export`` and ``/gaigel export`` write it, gzip-compressed or not), or ``-``
for standard input; ``--deal N`` picks the Nth deal of a history from 1 (default: the last).
The frames come from ``engine.history``; this module only puts them in words (the sentences
are ``replay_*`` in ``bot.texts``). The deal is over, so every hand is shown; a deal that is
not over is refused, its cards are still private.
"""

from __future__ import annotations

import gzip
import json
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from engine.cards import SUIT_NAMES_DE, SUIT_NAMES_EN, card_name
from engine.history import DealHistory, Frame, NotOver, record_history
from engine.record import RecordError, parse_record

from .service.names import plain_name
from .shell.card_text import sorted_hand
from .texts import say, say_n, word

HISTORY_FORMAT = "gaigel-history/1"


class ReplayRefused(Exception):
    """Why nothing can be replayed: a sentence key of ``bot.texts`` and its blanks."""

    def __init__(self, key: str, count: int | None = None, **params: Any) -> None:
        super().__init__(key)
        self.key, self.count, self.params = key, count, params

    def message(self, lang: str) -> str:
        if self.count is not None:
            return say_n(lang, self.key, self.count, **self.params)
        return say(lang, self.key, **self.params)


def read_deals(raw: bytes, file: str) -> list[Any]:
    """The deals of a file's bytes: one for a deal record, all of a history export's."""
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise ReplayRefused("replay_unreadable", file=file, reason=str(exc)) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReplayRefused("replay_unreadable", file=file, reason=f"not JSON: {exc}") from None
    if isinstance(data, dict) and data.get("format") == HISTORY_FORMAT:
        deals = data.get("deals")
        if not isinstance(deals, list):
            raise ReplayRefused("replay_unreadable", file=file, reason="deals must be a list")
        return deals
    return [data]


def pick(deals: Sequence[Any], number: int | None, file: str) -> Any:
    """The ``number``th deal from 1 (the last without one)."""
    if not deals:
        raise ReplayRefused("replay_empty", file=file)
    if number is None:
        return deals[-1]
    if not 1 <= number <= len(deals):
        raise ReplayRefused("replay_no_such_deal", len(deals), file=file, number=number,
                            deals=len(deals))
    return deals[number - 1]


def history_of(data: Any, file: str) -> DealHistory:
    try:
        record = parse_record(data)
    except RecordError as exc:
        raise ReplayRefused("replay_unreadable", file=file,
                            reason=str(exc).replace("\n", " ")) from None
    try:
        return record_history(record)
    except NotOver:
        raise ReplayRefused("replay_not_over") from None


def printable(name: str) -> str:
    """A person's name safe for a terminal: no direction marks, no control characters (an
    escape sequence in a name must not move the cursor or clear the screen)."""
    return "".join(c for c in plain_name(name) if unicodedata.category(c) != "Cc")


def seat_names(data: dict[str, Any], players: int, lang: str) -> list[str]:
    """The names in the record's ``seats`` (an export's), else "Seat 1", "Seat 2", …"""
    names = [say(lang, "replay_seat", number=s + 1) for s in range(players)]
    seats = data.get("seats")
    if isinstance(seats, list):
        for i, s in enumerate(seats):
            if not isinstance(s, dict):
                continue
            seat, name = s.get("seat", i), s.get("name")
            if isinstance(seat, int) and 0 <= seat < players and isinstance(name, str):
                names[seat] = printable(name) or names[seat]
    return names


class Words:
    """The deal's names and cards in one language: cards by name for the terminal; the
    Discord replay gives its own ``card`` and ``suit`` (the table's faces and suit style) and
    a shorter ``sep`` between cards."""

    def __init__(self, history: DealHistory, names: list[str], lang: str, *,
                 card: Callable[[str], str] | None = None,
                 suit: Callable[[str], str] | None = None, sep: str = ", ") -> None:
        self.history, self.names, self.lang = history, names, lang
        self._card, self._suit, self.sep = card, suit, sep

    def card(self, card: str) -> str:
        return self._card(card) if self._card is not None else card_name(card, self.lang)

    def cards(self, cards: Sequence[str], trump: str | None = None) -> str:
        shown = sorted_hand(cards, trump) if trump is not None else list(cards)
        return self.sep.join(self.card(c) for c in shown) or "–"

    def suit(self, suit: str) -> str:
        if self._suit is not None:
            return self._suit(suit)
        return (SUIT_NAMES_DE if self.lang == "de" else SUIT_NAMES_EN)[suit]

    def team(self, team: int) -> str:
        return " + ".join(self.names[s] for s in self.history.seats_of(team))

    def say(self, key: str, **params: Any) -> str:
        return say(self.lang, key, **params)


def replay_lines(data: dict[str, Any], history: DealHistory, lang: str) -> list[str]:
    """The whole deal in words, one line of the terminal each."""
    names = seat_names(data, history.players, lang)
    w = Words(history, names, lang)
    out = [_head(data, history, w), *intro_lines(w)]
    for index in range(len(history.frames)):
        out.append("")
        out += frame_lines(index, w)
    return out


def intro_lines(w: Words) -> list[str]:
    """Who plays in which order, and the teams (with two)."""
    out = [w.say("replay_order", names=", ".join(w.names), name=w.names[0])]
    if w.history.teams == 2:
        out.append(w.say("replay_teams", a=w.team(0), b=w.team(1)))
    return out


def frame_lines(index: int, w: Words) -> list[str]:
    """The lines of the deal's frame ``index``: its heading unindented, what happened in it
    indented by two spaces, the hands by four. A trick's hands are shown unless they are the
    ones just dealt (the frame before)."""
    frames = w.history.frames
    frame = frames[index]
    if frame.kind == "deal":
        return _dealt(frame, w)
    if frame.kind == "trick":
        return _trick(frame, frames[index - 1], w)
    return _end(frame, w)


def _head(data: dict[str, Any], history: DealHistory, w: Words) -> str:
    parts = []
    if isinstance(data.get("number"), int):
        parts.append(w.say("deal_number", number=data["number"]))
    if isinstance(data.get("table"), int):
        parts.append(w.say("replay_table", table=data["table"]))
    parts.append(w.say("replay_players", count=history.players))
    parts.append(w.say("replay_preset", preset=word(w.lang, history.rules.preset)))
    return w.say("replay_head", what=" · ".join(parts))


def _hand_lines(frame: Frame, w: Words) -> list[str]:
    return [f"    {w.names[s]}: {w.cards(hand, frame.trump_suit)}"
            for s, hand in enumerate(frame.hands)]


def _dealt(frame: Frame, w: Words) -> list[str]:
    assert frame.indicator is not None
    out = [w.say("replay_trump", suit=w.suit(frame.trump_suit), card=w.card(frame.indicator),
                 count=frame.talon)]
    out.append(w.say("replay_dealt"))
    return out + _hand_lines(frame, w)


def _trick(frame: Frame, previous: Frame, w: Words) -> list[str]:
    head = w.say("replay_trick", number=frame.number, count=frame.talon)
    if frame.indicator is not None:
        head += w.say("replay_indicator", card=w.card(frame.indicator))
    out = [head]
    if frame.hands != previous.hands:
        out.append("  " + w.say("replay_hands"))
        out += _hand_lines(frame, w)
    for p in frame.plays:
        notes = []
        if p.opening is not None:
            notes.append(w.say("opening_name_" + p.opening.replace("-", "_")))
        if p.face_down:
            notes.append(w.say("replay_face_down"))
        line = w.say("replay_play", name=w.names[p.seat], card=w.card(p.card))
        out.append("  " + line + (f" ({', '.join(notes)})" if notes else ""))
    if frame.winner is not None:
        out.append("  " + w.say("replay_took", name=w.names[frame.winner],
                                points=frame.trick_points))
        if frame.bonus:
            out.append("  " + w.say("replay_bonus", points=frame.bonus))
    else:
        out.append("  " + w.say("replay_cut_short"))
    if frame.drawn:
        drawn = ", ".join(
            w.say("replay_draw_indicator" if d.indicator else "replay_draw",
                  name=w.names[d.seat], card=w.card(d.card))
            for d in frame.drawn)
        out.append("  " + w.say("replay_drawn", draws=drawn))
    for e in frame.exchanges:
        out.append("  " + w.say("replay_exchange", name=w.names[e.seat], seven=w.card(e.seven),
                                card=w.card(e.taken))
                   + (w.say("replay_exchange_points", points=e.points) if e.points else ""))
    for m in frame.melds:
        out.append("  " + w.say("replay_declare_both" if m.double else "replay_declare",
                                name=w.names[m.seat], points=m.points, suit=w.suit(m.suit)))
    out.append("  " + _points(frame, w))
    return out


def _points(frame: Frame, w: Words) -> str:
    return w.say("replay_points", points=" · ".join(
        f"{p} ({w.team(t)})" for t, p in enumerate(frame.points)))


def _when(tricks_done: int, cards_on_table: int, w: Words) -> str:
    if cards_on_table:
        return say_n(w.lang, "replay_when_during", cards_on_table, number=tricks_done + 1,
                     cards=cards_on_table)
    if tricks_done == 0:
        return w.say("replay_when_before")
    return w.say("replay_when_after", number=tricks_done)


def _end(frame: Frame, w: Words) -> list[str]:
    out = [w.say("replay_end")]
    if any(frame.hands):
        out.append("  " + w.say("replay_left"))
        out += _hand_lines(frame, w)
    claim = frame.claim
    if claim is not None:
        when = _when(claim.tricks_done, claim.cards_on_table, w)
        name = w.names[claim.seat]
        if claim.kind == "knock":
            out.append("  " + w.say("replay_knock", name=name, when=when))
        elif claim.kind == "accuse":
            against = claim.against if claim.against is not None else 0
            out.append("  " + w.say("replay_accuse", name=name, team=w.team(against),
                                    when=when))
        else:
            out.append("  " + w.say("replay_sevens", name=name, when=when,
                                    cards=w.cards(claim.cards)))
        r = claim.recount
        if r is not None:
            out.append("  " + say_n(
                w.lang, "replay_recount", len(r.tricks), team=w.team(r.team),
                tricks=len(r.tricks), card_points=r.card_points,
                melds=sum(m.points for m in r.melds), exchange=r.exchange_points,
                points=r.points))
    out.append("  " + _points(frame, w))
    result = frame.result
    assert result is not None
    reason = w.say("reason_" + result.reason)
    out.append("  " + say_n(w.lang, "replay_result", result.games, reason=reason,
                            games=result.games, winner=w.team(result.winner)))
    fair = frame.fair
    if fair is not None:
        seed = fair.get("seed")
        salt = fair.get("salt") or w.say("replay_no_salt")
        if seed is None:
            out.append("  " + w.say("replay_fair_hidden", commitment=fair.get("commitment")))
        else:
            out.append("  " + w.say("replay_fair", commitment=fair.get("commitment"),
                                    seed=seed, salt=salt))
    return out


def run(path: str, deal: int | None, lang: str, stdout: TextIO | None = None,
        stderr: TextIO | None = None) -> int:
    """The command: 0 with the deal printed, 2 with one line saying why not."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            try:
                with open(path, "rb") as f:
                    raw = f.read()
            except OSError as exc:
                raise ReplayRefused("replay_unreadable", file=path,
                                    reason=exc.strerror or type(exc).__name__) from None
        data = pick(read_deals(raw, path), deal, path)
        history = history_of(data, path)
    except ReplayRefused as refused:
        print(refused.message(lang), file=stderr)
        return 2
    stdout.write("\n".join(replay_lines(data, history, lang)) + "\n")
    return 0
