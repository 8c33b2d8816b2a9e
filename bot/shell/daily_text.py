"""The daily deals in words (``/gaigel daily``): a person's deal as their own view shows it,
the day's commitments and progress, and the results once they may be seen. Pure functions of
what the service hands out (``DailyState``, ``Results``): never another seat's cards."""

from __future__ import annotations

from collections.abc import Sequence

from engine import View

from ..service.daily import DEALS, SEAT, DailySet, DailyState, PlayRow, Results, Standing
from ..texts import say, say_n
from .card_text import Faces, card_label, cards_line, meld_points, sorted_hand, suit_symbol
from .names import shown
from .render import clip, reason_text, turn_lines


def seat_names(lang: str, person: str) -> list[str]:
    """Seat 0 is the person; the three computers by where they sit."""
    return [person, say(lang, "daily_left"), say(lang, "daily_partner"),
            say(lang, "daily_right")]


def _trick(plays: Sequence[tuple[int, str | None]], names: list[str], style: str,
           faces: Faces) -> str:
    return " · ".join(f"{names[s]} {card_label(c, style, faces)}" for s, c in plays)


def progress_line(lang: str, progress: Sequence[PlayRow], current: int | None = None) -> str:
    """The six deals: ✅ with its score once played, ▶ the one being played, · to come."""
    rows = {p.number: p for p in progress}
    parts = []
    for n in range(1, DEALS + 1):
        p = rows.get(n)
        if p is not None and p.over:
            parts.append(f"{n} ✅ {p.score:+d}")
        elif p is not None or n == current:
            parts.append(f"{n} ▶")
        else:
            parts.append(f"{n} ·")
    return say(lang, "daily_progress", deals=" | ".join(parts))


def daily_content(state: DailyState, lang: str, person: str, faces: Faces = None,
                  note: str | None = None) -> str:
    """The text above the person's daily deal: their own view and nothing else."""
    view: View = state.view
    style = state.style
    names = seat_names(lang, say(lang, "daily_you"))
    lines = [say(lang, "daily_title", day=state.day, number=state.number, deals=DEALS)]
    if note:
        lines.append(note)
    head = f"{say(lang, 'trump')} {suit_symbol(view.trump_suit, style)}"
    if view.indicator:
        head += f" ({card_label(view.indicator, style, faces)})"
    head += " · " + (say(lang, "talon", count=view.talon) if view.talon
                     else say(lang, "talon_empty"))
    lines.append(head)
    lines.append(cards_line(sorted_hand(view.hand, view.trump_suit), style, faces) or "–")
    if view.trick.plays:
        lines.append(f"{say(lang, 'trick')}: {_trick(view.trick.plays, names, style, faces)}")
        if view.trick_number == 0 and view.opening and view.trick.plays[0][0] != SEAT:
            lines.append(say(lang, f"opened_{view.opening.replace('-', '_')}",
                             name=names[view.trick.plays[0][0]]))
    if view.last_trick is not None and view.last_trick.winner is not None:
        lines.append(f"{say(lang, 'last_trick')}: "
                     f"{_trick(view.last_trick.plays, names, style, faces)} — "
                     + (say(lang, "daily_taken_by_you") if view.last_trick.winner == SEAT
                        else say(lang, "taken_by", name=names[view.last_trick.winner])))
    news = [say(lang, "hand_declared", name=names[m.seat],
                points=meld_points(m.suit, m.double, view.trump_suit),
                suit=suit_symbol(m.suit, style) + ("×2" if m.double else ""))
            for m in view.marriages]
    news += [say(lang, "exchanges", name=names[seat]) for seat, _s, _t in view.exchanges]
    if news:
        lines.append(" · ".join(news))
    result = view.result
    if result is not None and state.points is not None and state.score is not None:
        won = result.winner == SEAT % 2
        if state.claim is not None:
            seat, do = state.claim
            key = f"daily_{do}" + ("_you" if seat == SEAT else "_partner"
                                   if do == "accuse" and seat % 2 == SEAT % 2 else "")
            lines.append(say(lang, key, name=names[seat]))
        lines.append(say_n(lang, "daily_won" if won else "daily_lost", result.games,
                           games=result.games, reason=reason_text(lang, result.reason)))
        lines.append(say(lang, "daily_score", own=state.points[0], opp=state.points[1],
                         score=f"{state.score:+d}"))
        if state.finished_day:
            lines.append(say(lang, "daily_all_done"))
    elif view.to_play == SEAT:
        lines += turn_lines(view, lang, style)
    lines.append(progress_line(lang, state.progress, state.number))
    lines.append(say(lang, "daily_commitment", number=state.number,
                     commitment=state.commitment))
    return clip("\n".join(lines))


def set_lines(lang: str, dset: DailySet, revealed: bool) -> list[str]:
    """The day's six commitments (and, once the day is over, the seeds)."""
    lines = [say(lang, "daily_commitments", day=dset.day)]
    for d in dset.deals:
        if revealed:
            lines.append(say(lang, "daily_seed_line", number=d.number,
                             commitment=d.commitment, seed=d.seed))
        else:
            lines.append(say(lang, "daily_commitment_line", number=d.number,
                             commitment=d.commitment))
    return lines


TOP = 10
"""Places a ranking lists (the asker's own place is added below them when lower)."""
DEAL_LINE = 250
"""Characters of a deal's line of scores (more people: "+N more"; each person's play is in
``/gaigel replay day: deal: player:`` and the export)."""


def _ranked(rows: Sequence[Standing], viewer: int | None) -> list[tuple[int, Standing]]:
    """The top places, and the viewer's own place if it is lower."""
    out = [(i, s) for i, s in enumerate(rows, 1) if i <= TOP]
    out += [(i, s) for i, s in enumerate(rows, 1) if i > TOP and s.user_id == viewer]
    return out


def results_text(lang: str, results: Results, *, deals: bool = True,
                 viewer: int | None = None) -> str:
    """The day's ranking, the week's, and (``deals``) every deal's scores (best first; the
    viewer's own first of all, so it is never cut off)."""
    lines = [say(lang, "daily_board_title", day=results.day)]
    if results.ranking:
        for i, s in _ranked(results.ranking, viewer):
            lines.append(say(lang, "daily_board_row", rank=i, name=shown(s.name),
                             percent=f"{s.percent:.1f}", mp=_half(s.matchpoints),
                             most=_half(s.most)))
    else:
        lines.append(say(lang, "daily_board_empty"))
    lines.append(say(lang, "daily_week_title", first=results.week_days[0],
                     last=results.week_days[1]))
    if results.week:
        for i, s in _ranked(results.week, viewer):
            lines.append(say_n(lang, "daily_week_row", s.days, rank=i, name=shown(s.name),
                               percent=f"{s.percent:.1f}", days=s.days))
    else:
        lines.append(say(lang, "daily_board_empty"))
    if deals:
        for number, rows in sorted(results.deals.items()):
            ordered = sorted(rows, key=lambda r: r[0] != viewer)
            cells: list[str] = []
            for k, (_u, name, score, mp) in enumerate(ordered):
                cell = f"{shown(name)} {score:+d} ({_half(mp)})"
                if sum(len(c) + 2 for c in cells) + len(cell) > DEAL_LINE:
                    cells.append(say(lang, "daily_more", count=len(ordered) - k))
                    break
                cells.append(cell)
            lines.append(say(lang, "daily_deal_scores", number=number, scores=", ".join(cells)))
    if not results.over:
        lines.append(say(lang, "daily_not_over_yet"))
    return clip("\n".join(lines))


def _half(x: float) -> str:
    """Matchpoints come in halves: ``3``, ``2.5``."""
    return f"{x:g}"
