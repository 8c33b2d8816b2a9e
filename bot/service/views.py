"""What may be seen of a table: the public state every viewer gets, and one seat's hand view.
Hidden cards leave only through ``engine.seat_view`` for their owner."""

from __future__ import annotations

from dataclasses import replace

from engine import View, public_view, seat_view
from engine.fair import commitment_of
from engine.tricks import team_of

from .errors import NotSeated, NotStarted
from .models import PublicState, SeatState
from .names import plain_name
from .table import LiveTable


def deadline(t: LiveTable) -> float | None:
    """When the turn timer runs out for the person to play; None without timer or person."""
    timer = t.options.turn_timer
    deal = t.deal
    if not timer or t.status != "playing" or deal is None or deal.to_play is None:
        return None
    if t.seat_chair(deal.to_play).auto or t.turn_since is None:
        return None
    return t.turn_since + timer


def seated(t: LiveTable, user_id: int) -> int:
    """The chair of ``user_id`` at the table; ``not_seated`` if there is none."""
    chair = t.chair_of_user(user_id)
    if chair is None:
        raise NotSeated()
    return chair


def hand_view(t: LiveTable, user_id: int) -> tuple[View, int]:
    """The seat's engine View of the current (or just finished) deal, and the version."""
    chair = seated(t, user_id)
    if t.deal is None:
        raise NotStarted()
    view = seat_view(t.deal, t.seat_of_chair(chair), show_points=t.options.show_points)
    if not t.live and view.result is None:  # ended by the host mid-deal: nothing to do
        view = replace(view, to_play=None, actions=(), refusals=())
    return view, t.version


def public_state(t: LiveTable) -> PublicState:
    n = t.players
    deal = t.deal
    dealer = n - 1 if deal is not None else None
    seats = []
    for s in range(n):
        chair = t.chair_of_seat(s)
        c = t.chairs[chair]
        to_play = deal is not None and t.status == "playing" and deal.to_play == s
        if c is None:
            seats.append(SeatState(s, chair, None, "", False, None, False, 0, team_of(chair, t.players),
                                   False, False, False, empty=True))
            continue
        seats.append(SeatState(
            s, chair, c.user_id, plain_name(c.name), c.computer, c.level, c.away, c.missed,
            team_of(chair, t.players), c.user_id in t.ready if c.user_id is not None else False,
            dealer == s, to_play))
    match = t.match
    return PublicState(
        table_id=t.id, guild_id=t.guild_id, channel_id=t.channel_id,
        message_id=t.message_id, host_id=t.host_id, status=t.status, version=t.version,
        options=t.options, rules=t.rules, seats=tuple(seats), teams=t.teams,
        deal_number=t.deal_number, dealer=dealer,
        view=public_view(deal, show_points=t.options.show_points) if deal else None,
        score=match.display() if match is not None else None,
        deadline=deadline(t), last_result=t.last_end,
        match_over=match is not None and match.over,
        match_winner=match.winner if match is not None else None,
        hints=tuple(sorted(t.hints.items())), commitment=commitment(t))


def commitment(t: LiveTable) -> str | None:
    """What the table shows of the secret it deals from: the commitment of the deal being
    played, or before the start and between deals of the next one (never a seed)."""
    if t.status == "playing":
        return t.fair.commitment if t.fair is not None else None
    if t.status in ("open", "waiting") and t.next_seed is not None:
        return commitment_of(t.next_seed)
    return None
