"""Tables rebuilt from their stored rows: the options, the seats, the match score, and the
current deal replayed action by action from its layout (the deal record is the truth)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import Action, Deal, Event, IllegalAction, Layout, Result, Rules
from engine.fair import FairDeal
from engine.match import MatchChange, MatchScore
from engine.tricks import team_of

from .computer import Computer
from .models import DealEnd, TableOptions
from .table import Chair, LiveTable

log = logging.getLogger("bot.service")


def build_table(row: dict[str, Any], new_brain: Callable[[LiveTable, int], Computer],
                lock: Any = None) -> LiveTable:
    """A live table from its stored rows; computer seats of a running deal get a player that
    has watched the deal so far (``new_brain``)."""
    options = TableOptions.from_json(json.loads(row["options"]))
    rules = Rules.from_json(json.loads(row["rules"]))
    t = LiveTable(row["id"], row["guild_id"], row["channel_id"], row["host_id"], options,
                  rules, row["status"], row["version"], row["message_id"], lock)
    if row.get("next_seed"):
        t.next_seed = bytes.fromhex(row["next_seed"])
    for s in row["seats"]:
        t.chairs[s["chair"]] = Chair(s["chair"], s["user_id"], s["name"], bool(s["computer"]),
                                     s["level"], bool(s["away"]), s["missed"])
        if s["ready"] and s["user_id"] is not None:
            t.ready.add(s["user_id"])
    m = row["match"]
    if m is not None and t.status != "open":  # open again after a match: a fresh score
        t.match = MatchScore.from_json(json.loads(m["state"]))
        t.match_id = m["id"]
    d = row["deal"]
    if d is None or t.status == "open":
        return t
    deal = Deal(Layout.from_json(json.loads(d["layout"])), Rules.from_json(json.loads(d["rules"])))
    t.deal, t.deal_id, t.deal_number, t.shift = deal, d["id"], d["number"], d["shift"]
    t.fair = fair_of(d)
    t.turn_since = d["started_at"]
    history: list[list[Event]] = []
    for a in d["actions"]:
        before = deal.to_play
        try:
            history.append(deal.apply(Action.from_json(json.loads(a["action"]))))
        except IllegalAction as exc:  # never expected: every stored action was accepted
            log.error("table %d deal %d: stored action %d refused on replay (%s)",
                      t.id, d["id"], a["idx"], exc.code)
            continue
        if deal.to_play != before:
            t.turn_since = a["at"]
    if d["ended_at"] is not None:
        t.last_end = with_call(t, stored_end(d))
    elif deal.over:
        log.error("table %d deal %d is over on replay but has no stored result", t.id, d["id"])
    if t.status == "playing" and not deal.over:
        for seat in t.auto_seats():
            brain = new_brain(t, seat)
            for events in history:
                brain.observe([e.seen_by(seat) for e in events])
            t.brains[seat] = brain
    return t


def with_call(t: LiveTable, end: DealEnd) -> DealEnd:
    """``end`` naming the knock or accusation that ended the deal (who erred, if anyone)."""
    deal = t.deal
    last = deal.actions[-1] if deal is not None and deal.actions else None
    if last is None or last.do not in ("knock", "accuse"):
        return end
    accused = None
    if last.do == "accuse":
        own = team_of(last.seat, t.players)
        target = last.against if last.against is not None else 1 - own
        accused = team_of(t.chair_of_seat(target % t.players), t.players)
    return replace(end, caller=t.chair_of_seat(last.seat), accused=accused)


def stored_end(d: dict[str, Any]) -> DealEnd:
    """A finished deal's ``DealEnd`` as it was committed."""
    result = json.loads(d["result"])
    score = json.loads(d["score"])
    change = score["change"]
    return DealEnd(
        deal_id=d["id"], number=d["number"],
        result=Result(result["winner"], result["games"], result["reason"]),
        winner_team=d["winner_team"], games=d["games"], reason=d["reason"],
        points=tuple(score["points"]),
        change=MatchChange(change["deal"], change["winner"], change["games"],
                           tuple(change["delta"]), change["capped"], change["phase_before"],
                           change["phase_after"], change["match_over"],
                           change["match_winner"]),
        score=score["after"], fair=fair_of(d))


def fair_of(d: dict[str, Any]) -> FairDeal | None:
    """A stored deal's fair-deal line with its seed (None for a deal dealt before fair
    deals): the caller keeps the seed secret until the deal is over."""
    if d.get("fair_commitment") is None:
        return None
    return FairDeal(d["fair_commitment"], d["fair_seed"], d["fair_salt"] or "")
