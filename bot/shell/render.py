"""Text of the table message, the hand, the score and the knock ceremony.

Pure functions of what the service hands out: ``PublicState`` for everything public and the
seat's own ``View`` (from ``engine.views``) for a hand. Nothing here sees a deal, so nothing
here can show a card the viewer may not see.
"""

from __future__ import annotations

from typing import Any

from engine import Action, View
from engine.fair import FairDeal
from engine.tricks import team_of
from engine.views import TrickView

from ..service.coach import (
    COACH_WORLDS,
    REVIEW_MIN_POINTS,
    REVIEW_PLAYS,
    WON_INSTEAD_OF_LOST,
    Hint,
    Review,
)
from ..service.models import DealEnd, PublicState, SeatState
from ..texts import level_name, preset_words, say, say_n, team_name
from .card_text import (
    FRENCH_RANKS,
    GERMAN_RANKS,
    Faces,
    card_label,
    card_words,
    cards_line,
    meld_points,
    sorted_hand,
    stroke_marks,
    suit_name,
    suit_symbol,
)
from .names import shown

MAX_CONTENT = 2000


def seat_name(state: PublicState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.seats):
        return "?"
    s = state.seats[seat]
    return shown(s.name) if s.name else f"#{s.chair + 1}"


def table_team_of_engine_team(state: PublicState, engine_team: int) -> int:
    """Engine team ``t`` is the team of engine seat ``t``: name it by that seat's chair."""
    if not state.seats:
        return engine_team
    return state.seats[engine_team % len(state.seats)].team


def team_label(state: PublicState, team: int) -> str:
    """A table team as people say it: "team A (alice, carol)"; with three players the name."""
    members = [s for s in sorted(state.seats, key=lambda s: s.chair) if s.team == team and not s.empty]
    names = ", ".join(shown(s.name) for s in members)
    if state.teams == 3:
        return names or team_name(team)
    lang = state.options.language
    label = say(lang, "team", name=team_name(team))
    return f"{label} ({names})" if names else label


def players_words(lang: str, players: int) -> str:
    return say(lang, "players_count", n=players)


def accused_names(state: PublicState, against: int | None) -> str | None:
    """Who an accusation names (three players: the one accused), or None (the opponents)."""
    if against is None:
        return None
    names = ", ".join(shown(s.name) for s in state.seats
                      if team_of(s.seat, len(state.seats)) == against and s.name)
    return names or str(against)


def reason_text(lang: str, reason: str) -> str:
    return say(lang, f"reason_{reason}")


def trick_line(state: PublicState, trick: TrickView, style: str, faces: Faces = None) -> str:
    return " · ".join(f"{seat_name(state, s)} {card_label(c, style, faces)}"
                      for s, c in trick.plays)


def marriages_line(state: PublicState, view: View, style: str) -> str:
    parts = []
    for m in view.marriages:
        pts = meld_points(m.suit, m.double, view.trump_suit)
        pair = f"{suit_symbol(m.suit, style)}{pair_letters(style)}" + ("×2" if m.double else "")
        parts.append(f"{seat_name(state, m.seat)}: {pts} {pair}")
    return " · ".join(parts)


def pair_letters(style: str) -> str:
    """King and Ober as the cards show them: K+O with German suits, K+Q with French."""
    ranks = FRENCH_RANKS if style == "french" else GERMAN_RANKS
    return f"{ranks['K']}+{ranks['O']}"


def score_text(state: PublicState, score: dict[str, Any] | None) -> str:
    """The match score: stroke lines as drawn on paper, tokens, or game points."""
    if not score:
        return ""
    lang = state.options.language
    kind = score["kind"]
    parts = []
    for t in score["teams"]:
        name = team_name(t["team"]) if state.teams != 3 else team_label(state, t["team"])
        if kind == "strokes":
            parts.append(f"{name}: {stroke_marks(t['marks'])}")
        elif kind == "tokens":
            parts.append(f"{name}: {say_n(lang, 'tokens', t['held'], held=t['held'])}")
        else:
            parts.append(f"{name}: {say_n(lang, 'game_points', t['total'], total=t['total'])}")
    line = " · ".join(parts)
    if kind == "tokens" and score.get("pool") is not None:
        line += f" · {say(lang, 'pool', count=score['pool'])}"
    if kind == "three":
        line += f" · {say_n(lang, 'deals_played', score['limit'], deals=score['deals'], limit=score['limit'])}"
    elif kind == "strokes":
        line += f" · {say_n(lang, 'of_strokes', score['limit'], limit=score['limit'])}"
    return line


def score_leader(state: PublicState, score: dict[str, Any]) -> str:
    """Who leads the match: fewest strokes or tokens held, else most game points; or level."""
    lang = state.options.language
    teams = score.get("teams") or []
    if not teams:
        return say(lang, "score_level")
    fewer = score["kind"] in ("strokes", "tokens")

    def value(t: dict[str, Any]) -> int:
        return -int(t["held"]) if fewer else int(t["total"])

    best = max(value(t) for t in teams)
    leaders = [t for t in teams if value(t) == best]
    if len(leaders) > 1:
        return say(lang, "score_level")
    team = leaders[0]["team"]
    name = team_label(state, team) if state.teams == 3 else say(lang, "team", name=team_name(team))
    return say(lang, "score_leads", name=name)


def table_points(state: PublicState, points: tuple[int, ...] | list[int]) -> str:
    """The running points on the table, always in the table's team order (A, B; or by chair)."""
    by_team = sorted((table_team_of_engine_team(state, t), p) for t, p in enumerate(points))
    if state.teams == 3:
        return " · ".join(f"{team_label(state, team)} {p}" for team, p in by_team)
    return " · ".join(f"{team_name(team)} {p}" for team, p in by_team)


def own_points(state: PublicState, view: View, lang: str) -> str:
    """The running points from the person's side: theirs first ("Your team (A) 47"), then the
    others in the table's order."""
    by_team = sorted((table_team_of_engine_team(state, t), p) for t, p in enumerate(view.points or ()))
    own = table_team_of_engine_team(state, team_of(view.seat, view.players)) \
        if view.seat is not None else None
    ordered = [x for x in by_team if x[0] == own] + [x for x in by_team if x[0] != own]
    parts = []
    for team, p in ordered:
        if state.teams == 3:
            parts.append(say(lang, "points_you", points=p) if team == own
                         else f"{team_label(state, team)} {p}")
        else:
            key = "points_own_team" if team == own else "points_opponents"
            parts.append(say(lang, key, team=team_name(team), points=p))
    return " · ".join(parts)


def result_line(state: PublicState, end: DealEnd) -> str:
    lang = state.options.language
    return say(lang, "result_line", number=end.number, winner=team_label(state, end.winner_team),
               reason=reason_text(lang, end.reason),
               double=say(lang, "double") if end.games == 2 else "", who=caller_text(state, end))


def chair_name(state: PublicState, chair: int) -> str:
    s = next((s for s in state.seats if s.chair == chair), None)
    return "?" if s is None else shown(s.name) if s.name else f"#{chair + 1}"


def caller_text(state: PublicState, end: DealEnd) -> str:
    """Who called the end of the deal (who knocked, or who accused whom): so a wrong knock or
    a false accusation names the one who erred, and an accusation names the accused."""
    if end.caller is None:
        return ""
    lang = state.options.language
    name = chair_name(state, end.caller)
    if end.accused is None:
        return say(lang, "result_knocked", name=name)
    return say(lang, "result_accused", name=name, team=team_label(state, end.accused))


def seat_line(state: PublicState, s: SeatState) -> str:
    lang = state.options.language
    if s.empty:
        return f"`{s.chair + 1}` *{say(lang, 'empty_seat')}*"
    if state.status == "open" and s.away and not s.computer:  # kept from the last match
        return f"`{s.chair + 1}` {shown(s.name)} *{say(lang, 'kept')}*"
    bits = [f"`{s.chair + 1}`", f"**{shown(s.name)}**" if s.to_play else shown(s.name)]
    if state.teams != 3:
        bits.append(f"— {say(lang, 'team', name=team_name(s.team))}")
    tags = []
    if s.computer:
        tags.append(say(lang, "computer", level=level_name(lang, s.level or state.options.level)))
    if s.user_id is not None and s.user_id == state.host_id:
        tags.append(say(lang, "host"))
    if s.dealer:
        tags.append(say(lang, "dealer"))
    if s.seat == 0 and state.status in ("playing", "waiting") and state.deal_number:
        tags.append(say(lang, "vorhand"))
    if s.away:
        tags.append(say(lang, "away"))
    if s.to_play:
        tags.append("◀")
    if tags:
        bits.append("· " + " · ".join(tags))
    return " ".join(bits)


def table_content(state: PublicState, notices: list[str] | tuple[str, ...] = (),
                  recount: bool = False, faces: Faces = None, picture: bool = False) -> str:
    """The public table message: seats, trump, talon, trick, last trick, marriages, turn, score.

    From ``PublicState`` only: the public view holds no hand, and face-down opening cards are
    ``None`` there until their trick is complete. ``recount``: a knock's ceremony is telling
    the end of the deal; the table says so and keeps the result for after the verdict.
    ``faces``: cards as the application's emojis. ``picture``: the message carries the
    table's picture (``bot.pictures.table``); the text still lists the current and the last
    trick with who played each card (screen readers, notifications show the text only).
    """
    lang = state.options.language
    style = state.options.suit_style
    o = state.options
    head = (f"**{say(lang, 'table_title', table=state.table_id)}** · "
            f"{preset_words(lang, o.preset)} · {players_words(lang, o.players)}")
    if o.scoring in ("strokes", "tokens"):
        head += " · " + say(lang, f"head_{o.scoring}", count=o.strokes)
    if o.turn_timer:
        head += f" · ⏱️ {o.turn_timer}s"
    lines = [head]
    if state.status != "open" and state.deal_number:
        lines[0] += f" · {say(lang, 'deal_number', number=state.deal_number)}"
    lines.append(f"__{say(lang, 'seats')}__")
    lines += [seat_line(state, s) for s in sorted(state.seats, key=lambda s: s.chair)]
    view = state.view
    if state.status == "open":
        kept = [shown(s.name) for s in sorted(state.seats, key=lambda s: s.chair)
                if s.away and not s.computer and not s.empty]
        taken = sum(1 for s in state.seats if not s.empty) - len(kept)
        lines.append(say(lang, "status_open", taken=taken, players=o.players))
        if kept:
            lines.append(say(lang, "status_kept", names=", ".join(kept)))
    elif view is not None:
        trump = f"{suit_symbol(view.trump_suit, style)} {suit_name(view.trump_suit, lang, style)}"
        row = f"**{say(lang, 'trump')}** {trump}"
        if view.indicator:
            row += " · " + say(lang, "indicator", card=card_label(view.indicator, style, faces))
        if view.talon:
            row += " · " + say(lang, "talon", count=view.talon)
        else:
            row += " · " + say(lang, "talon_empty")
        lines.append(row)
        if state.status == "playing":
            trick = trick_line(state, view.trick, style, faces) or say(lang, "trick_empty")
            lines.append(f"**{say(lang, 'trick')}** {trick}")
        if view.last_trick is not None:
            lt = view.last_trick
            lines.append(f"**{say(lang, 'last_trick')}** {trick_line(state, lt, style, faces)} — "
                         + say(lang, "taken_by", name=seat_name(state, lt.winner)))
        if view.marriages:
            lines.append(f"**{say(lang, 'marriages')}** {marriages_line(state, view, style)}")
        for seat, _seven, _taken in view.exchanges:
            lines.append(say(lang, "exchanges", name=seat_name(state, seat)))
        if view.points is not None:
            lines.append(f"**{say(lang, 'points_beginner')}** {table_points(state, view.points)}")
        if state.status == "playing" and view.to_play is not None:
            when = f"<t:{int(state.deadline)}:R>" if state.deadline else ""
            lines.append(say(lang, "turn", name=seat_name(state, view.to_play), when=when).rstrip())
    if recount:
        lines.append(say(lang, "recount_running"))
        lines += [f"-# {n}" for n in notices]
        return clip("\n".join(lines))
    if state.last_result is not None and state.status in ("waiting", "over"):
        lines.append(result_line(state, state.last_result))
        if state.last_result.fair is not None and state.last_result.fair.seed is not None:
            lines.append(fair_revealed_line(lang, state.last_result.number,
                                            state.last_result.fair))
        if state.hints:
            lines.append(say(lang, "hints_line", hints=", ".join(
                f"{chair_name(state, chair)} {count}" for chair, count in state.hints)))
    if state.score:
        lines.append(f"**{say(lang, 'score')}** {score_text(state, state.score)} · "
                     f"{score_leader(state, state.score)}")
        if state.score["kind"] == "strokes":
            lines.append(say(lang, "score_signs"))
    if state.status == "waiting":
        lines.append(say(lang, "status_waiting"))
    elif state.status == "over" and state.match_winner is not None:
        lines.append(say(lang, "match_won", winner=team_label(state, state.match_winner)))
    elif state.status == "ended":
        lines.append(say(lang, "status_ended"))
    if state.commitment is not None:
        number = state.deal_number if state.status == "playing" else state.deal_number + 1
        lines.append(say(lang, "fair_commitment", number=number, commitment=state.commitment))
    lines += [f"-# {n}" for n in notices]
    if state.status in ("open", "playing", "waiting"):
        lines.append(say(lang, "table_primer"))
        lines.append(say(lang, "table_beginner_on" if o.show_points else "table_beginner_off"))
    return clip("\n".join(lines))


def trick_words(state: PublicState, plays: Any, lang: str) -> str:
    """A trick in plain words, who played which card ("alice Ace of Bells, bob a face-down
    card"): a picture's description."""
    style = state.options.suit_style
    return ", ".join(f"{seat_name(state, s)} "
                     + (card_words(c, lang, style) if c is not None else say(lang, "alt_face_down"))
                     for s, c in plays)


def table_picture_text(state: PublicState) -> str:
    """The table picture's description (alt text): every public card it shows, in words, with
    who played it; the same cards as the picture (``bot.pictures.table.table_scene``)."""
    lang = state.options.language
    style = state.options.suit_style
    view = state.view
    if view is None:
        return say(lang, "alt_table", parts="")
    parts = [f"{say(lang, 'trump')}: {suit_name(view.trump_suit, lang, style)}"]
    if view.indicator:
        parts.append(say(lang, "indicator", card=card_words(view.indicator, lang, style)))
    if state.status == "playing" and view.trick.plays:
        parts.append(f"{say(lang, 'trick')}: {trick_words(state, view.trick.plays, lang)}")
    if view.last_trick is not None:
        lt = view.last_trick
        parts.append(f"{say(lang, 'last_trick')}: {trick_words(state, lt.plays, lang)} — "
                     + say(lang, "taken_by", name=seat_name(state, lt.winner)))
    return clip(say(lang, "alt_table", parts=". ".join(parts) + "."), 1024)


def recount_picture_text(lang: str, style: str, tricks: Any, melds: int = 0,
                         total: int | None = None) -> str:
    """The recount picture's description: each trick turned over in words with its points,
    and, once counted, the marriages and Seven and the total (as the picture shows them)."""
    parts, subtotal = [], 0
    for n, cards in enumerate(tricks, 1):
        pts = sum(_points(c) for c in cards)
        subtotal += pts
        parts.append(say(lang, "recount_trick", n=n, points=pts,
                         cards=", ".join(card_words(c, lang, style) for c in cards)))
    if total is not None:
        if melds:
            parts.append(f"{say(lang, 'recount_picture_melds')}: {melds}")
        parts.append(f"{say(lang, 'recount_picture_total')}: {total}")
    return clip(say(lang, "alt_recount", parts=". ".join(parts) + "."), 1024)


def fair_revealed_line(lang: str, number: int, fair: FairDeal) -> str:
    """A finished deal's secret and salt, with which anyone can deal it again
    (``docs/FAIRNESS.md``); only ever given a deal that is over."""
    salt = f"`{fair.salt}`" if fair.salt else say(lang, "fair_no_salt")
    return say(lang, "fair_revealed", number=number, seed=fair.seed, salt=salt)


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def hand_content(state: PublicState, view: View, lang: str, note: str | None = None,
                 faces: Faces = None, hint: str | None = None) -> str:
    """The text above a hand's buttons: what the seat sees (its own view, nothing else), and
    on the seat's turn the coach's Hint when it was just asked (``hint``: one line, shown only
    in the answer to the Hint button, so the next render, after the card is played, has none)."""
    style = state.options.suit_style
    lines = []
    if note:
        lines.append(note)
    head = f"**{say(lang, 'hand_title', table=state.table_id)}** · {say(lang, 'trump')} " \
           f"{suit_symbol(view.trump_suit, style)}"
    if view.indicator:
        head += f" ({card_label(view.indicator, style, faces)})"
    head += " · " + (say(lang, "talon", count=view.talon) if view.talon else say(lang, "talon_empty"))
    lines.append(head)
    lines.append(cards_line(sorted_hand(view.hand, view.trump_suit), style, faces) or "–")
    if view.trick.plays:
        lines.append(f"{say(lang, 'trick')}: {trick_line(state, view.trick, style, faces)}")
    lines += others_lines(state, view, lang)
    if view.last_trick is not None:
        lines.append(f"{say(lang, 'last_trick')}: "
                     f"{trick_line(state, view.last_trick, style, faces)} — "
                     + say(lang, "taken_by", name=seat_name(state, view.last_trick.winner)))
    if view.points is not None:
        lines.append(f"{say(lang, 'points_beginner')}: {own_points(state, view, lang)}")
        own = view.points[team_of(view.seat, view.players)] if view.seat is not None else 0
        if own >= 101 and view.result is None and any(a.do == "knock" for a in view.actions):
            lines.append(say(lang, "can_knock"))
    if view.result is not None:
        lines.append(say(lang, "hand_over"))
    elif state.status == "ended":
        lines.append(say(lang, "hand_closed"))
    elif view.to_play == view.seat:
        lines += turn_lines(view, lang, style)
        if hint:
            lines.append(hint)
    elif view.to_play is not None:
        when = f" <t:{int(state.deadline)}:R>" if state.deadline else ""
        lines.append(say(lang, "hand_wait", name=seat_name(state, view.to_play)) + when)
    return clip("\n".join(lines))


def others_lines(state: PublicState, view: View, lang: str) -> list[str]:
    """What the others did that the seat should know now, from the public part of its view
    (the table message has scrolled away): another player's opening of the first trick and
    what it means while that trick lies, and the others' marriages and Seven exchanges."""
    style = state.options.suit_style
    out = []
    if view.trick_number == 0 and view.opening and view.trick.plays:
        opener = view.trick.plays[0][0]
        if opener != view.seat:
            out.append(say(lang, f"opened_{view.opening.replace('-', '_')}",
                           name=seat_name(state, opener)))
    news = [say(lang, "hand_declared", name=seat_name(state, m.seat),
                points=meld_points(m.suit, m.double, view.trump_suit),
                suit=suit_symbol(m.suit, style) + ("×2" if m.double else ""))
            for m in view.marriages if m.seat != view.seat]
    news += [say(lang, "exchanges", name=seat_name(state, seat))
             for seat, _seven, _taken in view.exchanges if seat != view.seat]
    if news:
        out.append(" · ".join(news))
    return out


DISABLED_ORDER = ("must_follow", "must_trump", "must_overtrump", "must_beat",
                  "trump_in_first_trick", "bad_opening")
"""The reason told when several apply (one line: the one that explains most)."""


def disabled_line(view: View, lang: str, style: str) -> str | None:
    """Why the seat's grey cards may not be played now, in one line (the engine's reason)."""
    codes = {code for _, code in view.refusals}
    code = next((c for c in DISABLED_ORDER if c in codes), None)
    if code is None:
        return None
    led = next((c for _, c in view.trick.plays if c is not None), None)
    suit = led[0] if led else view.trump_suit
    return say(lang, f"disabled_{code}",
               suit=f"{suit_symbol(suit, style)} {suit_name(suit, lang, style)}",
               trump=f"{suit_symbol(view.trump_suit, style)} {suit_name(view.trump_suit, lang, style)}")


def turn_lines(view: View, lang: str, style: str) -> list[str]:
    """A hand's lines when its seat is to play (a table's hand and a daily deal's): "your
    turn", on the first card the openings it may choose, and why grey cards are grey."""
    lines = [say(lang, "hand_turn")]
    if view.trick_number == 0 and not view.trick.plays and any(
            a.opening for a in view.actions if a.do == "play"):
        lines.append(say(lang, "hand_opening"))
        lines += opening_lines(view, lang)
    why = disabled_line(view, lang, style)
    if why:
        lines.append(why)
    return lines


def opening_lines(view: View, lang: str) -> list[str]:
    """What each opening offered on the deal's first card means, one line each."""
    offered = dict.fromkeys(a.opening for a in view.actions if a.do == "play" and a.opening)
    return [say(lang, f"opening_{o.replace('-', '_')}") for o in offered]


# ---------------------------------------------------------------------- the knock ceremony


def ceremony_frames(state: PublicState, call: str, recount: dict[str, Any],
                    end: DealEnd | None, faces: Faces = None) -> list[str]:
    """The knock (or accusation) told in a few steps: the call, the tricks turned over with a
    running subtotal, the marriages and the total, then the verdict and the score."""
    lang = state.options.language
    style = state.options.suit_style
    tricks: list[list[str]] = recount.get("tricks", [])
    frames = [call]
    shown: list[str] = []
    subtotal = 0
    # Tricks in up to three batches, each one edit.
    batches = max(1, min(3, len(tricks)))
    size = max(1, -(-len(tricks) // batches))
    if not tricks:
        shown.append(say(lang, "recount_none"))
        frames.append("\n".join([call, *shown]))
    for start in range(0, len(tricks), size):
        for n, cards in enumerate(tricks[start:start + size], start + 1):
            pts = sum(_points(c) for c in cards)
            subtotal += pts
            shown.append(say(lang, "recount_trick", n=n, cards=cards_line(cards, style, faces), points=pts))
        frames.append("\n".join([call, *shown, say(lang, "recount_cards", points=subtotal)]))
    tail = [say(lang, "recount_cards", points=recount.get("card_points", subtotal))]
    melds = recount.get("melds", [])
    if melds:
        trump = state.view.trump_suit if state.view is not None else ""
        parts = [f"{meld_points(m['suit'], m['double'], trump)} {suit_symbol(m['suit'], style)}"
                 for m in melds]
        tail.append(say(lang, "recount_melds", melds=", ".join(parts)))
    if recount.get("exchange_points"):
        tail.append(say(lang, "recount_exchange", points=recount["exchange_points"]))
    tail.append(say(lang, "recount_total", points=recount.get("points", subtotal)))
    frames.append("\n".join([call, *shown, *tail]))
    if end is not None:
        frames.append(clip("\n".join([call, *shown, *tail, *verdict_lines(state, end)])))
    return [clip(f) for f in frames]


def ceremony_trick_counts(recount: dict[str, Any], end: DealEnd | None) -> list[int]:
    """How many tricks each frame of ``ceremony_frames`` has turned over (its picture)."""
    n = len(recount.get("tricks", []))
    batches = max(1, min(3, n))
    size = max(1, -(-n // batches))
    counts = [0]
    if not n:
        counts.append(0)
    counts += [min(n, start + size) for start in range(0, n, size)]
    counts.append(n)
    if end is not None:
        counts.append(n)
    return counts


def verdict_lines(state: PublicState, end: DealEnd) -> list[str]:
    """The verdict, the score after it, and the match's winner once there is one."""
    lang = state.options.language
    out = [say_n(lang, "verdict", 1 if state.teams == 3 else 2,
                 reason=reason_text(lang, end.reason), winner=team_label(state, end.winner_team),
                 double=say(lang, "double") if end.games == 2 else "")]
    if state.score:
        out.append(say(lang, "strokes_now", score=score_text(state, end.score)))
    if end.match_over and end.match_winner is not None:
        out.append(say(lang, "match_won", winner=team_label(state, end.match_winner)))
    return out


def _points(card: str) -> int:
    from engine.cards import POINTS
    return POINTS[card]


def last_trick_text(state: PublicState, lang: str, faces: Faces = None) -> str:
    view = state.view
    if view is None or view.last_trick is None:
        return say(lang, "no_last_trick")
    lt = view.last_trick
    cards = trick_line(state, lt, state.options.suit_style, faces)
    return say(lang, "last_trick_is", name=seat_name(state, lt.winner), cards=cards) + "\n" + \
        say(lang, "older_hidden")


def review_text(review: Review, lang: str, style: str = "german") -> str:
    """The coach's review of one person's plays in a deal (only that person's own cards)."""
    if not review.plays:
        return say(lang, "review_all" if review.valued else "review_nothing",
                   number=review.deal_number)
    lines = [say(lang, "review_head", number=review.deal_number)]

    def play(a: Action, opening: bool) -> str:
        text = card_label(a.card, style)
        if opening and a.opening:  # the deal's first card, opened another way
            text += f" ({say(lang, 'opening_name_' + a.opening.replace('-', '_'))})"
        return text

    for p in review.plays:
        other = p.played.opening != p.better.opening
        lines.append(say_n(lang, "review_line", p.points, trick=p.trick,
                           played=play(p.played, other), better=play(p.better, other),
                           points=p.points))
    if len(review.plays) < REVIEW_PLAYS:
        lines.append(say(lang, "review_rest"))
    lines.append(say(lang, "review_points", worlds=COACH_WORLDS, least=REVIEW_MIN_POINTS,
                     won=WON_INSTEAD_OF_LOST))
    return "\n".join(lines)


def hint_text(hint: Hint, lang: str, style: str = "german", faces: Faces = None) -> str:
    """The coach's Hint as one line of the hand: the card (or claim) and why, in the game's
    words (the reason is the service's, ``bot.service.advice``), and how many hints so far."""
    action, why = hint.action, hint.why
    if action.do != "play" or action.card is None:
        text = say(lang, f"hint_{action.do}")
    elif why is None or why.reason is None:
        text = say(lang, "hint_play", card=card_label(action.card, style, faces))
    else:
        other = card_label(why.other, style, faces) if why.other else ""
        text = say(lang, f"hint_why_{why.reason}", card=card_label(action.card, style, faces),
                   other=other)
        if why.keep is not None:
            text += " " + say(lang, "hint_keep",
                              suit=f"{suit_symbol(why.keep, style)} {suit_name(why.keep, lang, style)}")
    return f"{text} {say(lang, 'hint_count', count=hint.count)}"


def rules_text(options: Any, rules: Any, lang: str) -> str:
    """A table's rules in plain words, one line per rule (the sentences are in ``bot.texts``)."""
    o = rules.options()

    def yn(v: bool) -> str:
        return say(lang, "yes" if v else "no")

    scoring = say(lang, f"rules_scoring_{options.scoring}", strokes=options.strokes,
                  target=options.target, deals=options.deals)
    meld = "rules_meld_any_time" if o["meld_window"] == "team_trick" else "rules_meld_after_trick"
    second = ("rules_second_pair_fresh" if o["second_pair_same_suit"] == "fresh_cards"
              else "rules_second_pair_never")
    needs = "rules_exchange_team" if o["exchange_needs"] == "team" else "rules_exchange_player"
    lines = [
        say(lang, "rules_title", preset=preset_words(lang, rules.preset), players=options.players),
        say(lang, "rules_openings") + yn(o["openings"]),
        say(lang, "rules_meld") + say(lang, meld),
        say(lang, "rules_meld_after_talon") + yn(o["meld_after_talon"]),
        say(lang, "rules_second_pair") + say(lang, second),
        say(lang, "rules_exchange") + say(lang, needs),
        say(lang, "rules_strict") + yn(o["beat_when_trumped"]),
        say(lang, "rules_five_sevens") + yn(o["five_sevens"] == "win"),
        say(lang, "rules_false_accusation") + yn(o["false_accusation"] == "double"),
        say(lang, "rules_bonus", last=o["last_trick_bonus"], exchange=o["exchange_points"]),
        say(lang, "rules_knock"),
        say(lang, "rules_last_trick_only"),
        say(lang, "rules_scoring", scoring=scoring),
    ]
    if options.turn_timer:
        lines.append(say(lang, "rules_timer", seconds=options.turn_timer))
    if options.show_points:
        lines.append(say(lang, "rules_show_points"))
    if options.computer_knock == "own_turn":
        lines.append(say(lang, "rules_computer_knock_own_turn"))
    return "\n".join(lines)
