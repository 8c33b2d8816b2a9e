"""The game service the Discord shell, the offline mode and the benchmarks share (no Discord).

``svc = await GameService.open(path, clock=time.time, on_outcome=None, computer_budget_ms=None,
seed=None)`` migrates the database and rebuilds every live table by replay; ``await
svc.resume_all()`` lets computers take turns that were theirs at the stop; ``await svc.close()``.

Changing a table (each change one transaction with the version bump, committed before return):
``create_table(guild_id, channel_id, host_id, host_name, *, seat_host=True, **options)``,
``set_message(table_id, message_id)``, ``configure(table_id, user_id, **options)``,
``join(table_id, user_id, name, chair=None)``, ``add_computer(table_id, user_id, level=None,
chair=None)``, ``leave(table_id, user_id)``, ``kick(table_id, user_id, chair)``,
``start(table_id, user_id, *, fill=False, salt="")``, ``next_deal(table_id, user_id, *,
salt="")`` (``salt``: the id of the click that deals, see ``engine.fair``),
``end(table_id, user_id)``, ``back(table_id, user_id)``,
``act(table_id, user_id, do, *, card=None, opening=None, suit=None, double=False, against=None,
expected_version=None, run_computers=True)``, ``advance(table_id)``,
``timeout_turn(table_id, expected_version)``, ``skip(table_id, user_id)``. Playing methods return
every ``Committed`` in order. Each is also handed to ``on_outcome``, in commit order per table,
after the table's lock is released and before the method returns: the callback may call the
service again, also for the same table (its news is told after the news it is hearing).

A ``Committed`` is public news: its events as the public sees them (``seen_by(None)``) and the
action in its public form (a card played face down has no card), so whatever the shell makes of
it shows no hidden card; a seat's own cards come from ``hand_view``.

Reading (no lock, no await): ``public_state(table_id)``, ``hand_view(table_id, user_id)``,
``table_in_channel(channel_id)``, ``live_tables()``, ``seat_of(table_id, user_id)``,
``is_host(table_id, user_id)``, ``computer_levels()``. Awaited: ``get_settings(guild_id)``,
``set_settings(guild_id, **options)``, ``get_user_prefs(user_id)``, ``set_user_prefs(user_id, *,
dm_mirror=None, language=None, ping=None, primer_told=None)`` (only the given ones change), ``stats(guild_id, user_id=None)``, ``leaderboard(guild_id,
limit=10, season=None, min_matches=5)`` (the season's name and its people by rating),
``seasons(guild_id)``, ``rating_history(guild_id, user_id, last=50)``; ``export(*, guild_id=None,
table_id=None, fmt="json", since=None)`` is an async iterator of text chunks;
``export_files(*, limit, ...)`` the same as files for an upload (compressed, split at ``limit``);
``finished_deal(table_id, number=None, *, deal_id=None)`` a finished deal as its record, for a
replay (a deal that is not over is refused).
Every refusal is a ``ServiceError`` (``errors.py``: ``StaleTable``, ``Refused``,
``NotSeated``, ``NoTable``, ``NotHost``, ``NotStarted``, ``BadOption``) with a ``code`` and its
``params``; ``bot.texts.refusal_text(lang, error)`` words it.

Inside, ``GameService`` (``service.py``) is a thin front that builds the parts and delegates:
``core.TableChanges`` (the tables in memory; find, lock, one transaction with the version bump,
tell after the lock) is held by ``deals.Dealing``, ``computer_seats.ComputerTurns`` (a computer
is asked in one place, ``think``), ``play.Play`` and ``lobby.Lobby``; ``settings.Settings``,
``history.History`` and ``messages.KeptMessages`` read and write plain rows; ``views`` and
``coach`` are functions of a table.
"""

from .computer import levels
from .errors import ServiceError
from .models import Committed, DealEnd, PublicState, SeatState, TableOptions, UserPrefs
from .service import GameService

__all__ = ["DealEnd", "GameService", "Committed", "PublicState", "SeatState", "ServiceError",
           "TableOptions", "UserPrefs", "levels"]
