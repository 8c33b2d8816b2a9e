"""Numbered, append-only schema migrations. Never edit a released step: add the next one.

Step ``k`` (1-based) takes a database from ``PRAGMA user_version`` k-1 to k; each step runs in
its own transaction together with the version bump, so a crash leaves either the old or the
new schema, never half of one. Tables are ``STRICT``.

PostgreSQL: every step also has its PostgreSQL form at the same index in ``migrations_pg.py``
(its header lists the translations: BIGINT ids, DOUBLE PRECISION, identity columns, plpgsql
triggers); a test fails while one is missing.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: guild settings, tables, seats, matches, deals, actions, results.
    """
    CREATE TABLE guild_settings (
        guild_id    INTEGER PRIMARY KEY,
        preset      TEXT NOT NULL,
        rules       TEXT NOT NULL,            -- JSON: rule options overriding the preset
        language    TEXT NOT NULL,
        suit_style  TEXT NOT NULL,
        strokes     INTEGER NOT NULL,
        turn_timer  INTEGER NOT NULL,
        updated_at  REAL NOT NULL
    ) STRICT;

    CREATE TABLE tables (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,
        host_id     INTEGER NOT NULL,
        players     INTEGER NOT NULL CHECK (players IN (2, 3, 4, 6)),
        rules       TEXT NOT NULL,            -- JSON: engine Rules.to_json()
        options     TEXT NOT NULL,            -- JSON: the table's options
        status      TEXT NOT NULL CHECK (status IN ('open', 'playing', 'waiting', 'over', 'ended')),
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX tables_one_per_channel ON tables (channel_id)
        WHERE status IN ('open', 'playing', 'waiting');
    CREATE INDEX tables_guild ON tables (guild_id, id);
    CREATE INDEX tables_status ON tables (status);

    CREATE TABLE seats (
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        chair       INTEGER NOT NULL,
        user_id     INTEGER,                  -- NULL for a computer player
        name        TEXT NOT NULL,
        computer    INTEGER NOT NULL DEFAULT 0,
        level       TEXT,
        PRIMARY KEY (table_id, chair)
    ) STRICT;

    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY,
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        kind        TEXT NOT NULL,
        state       TEXT NOT NULL,            -- JSON: engine.match.MatchScore
        winner      INTEGER,                  -- the winning table team, once over
        started_at  REAL NOT NULL,
        ended_at    REAL
    ) STRICT;
    CREATE INDEX matches_table ON matches (table_id, id);

    CREATE TABLE deals (
        id          INTEGER PRIMARY KEY,
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        match_id    INTEGER NOT NULL REFERENCES matches (id),
        number      INTEGER NOT NULL,         -- 1, 2, ... within the match
        shift       INTEGER NOT NULL,         -- engine seat s sits at chair (s + shift) % players
        players     INTEGER NOT NULL,
        rules       TEXT NOT NULL,
        layout      TEXT NOT NULL,            -- the cards dealt: private until the deal is over
        seats       TEXT NOT NULL,            -- JSON: who sat at each engine seat
        started_at  REAL NOT NULL,
        ended_at    REAL,
        result      TEXT,                     -- JSON: engine Result (engine teams)
        winner_team INTEGER,                  -- table team
        games       INTEGER,
        reason      TEXT,
        score       TEXT,                     -- JSON: the match scoring after this deal
        UNIQUE (match_id, number)
    ) STRICT;
    CREATE INDEX deals_table ON deals (table_id, id);

    CREATE TABLE actions (
        deal_id     INTEGER NOT NULL REFERENCES deals (id),
        idx         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        action      TEXT NOT NULL,            -- JSON in the deal record's vocabulary
        actor       INTEGER,                  -- Discord user id; NULL for a computer
        via         TEXT NOT NULL,            -- human, computer, away, timeout, skip
        at          REAL NOT NULL,
        PRIMARY KEY (deal_id, idx)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;

    CREATE TABLE results (
        deal_id         INTEGER NOT NULL REFERENCES deals (id),
        chair           INTEGER NOT NULL,
        seat            INTEGER NOT NULL,
        guild_id        INTEGER NOT NULL,
        table_id        INTEGER NOT NULL,
        match_id        INTEGER NOT NULL,
        user_id         INTEGER,
        name            TEXT NOT NULL,
        computer        INTEGER NOT NULL,
        team            INTEGER NOT NULL,
        won             INTEGER NOT NULL,
        points          INTEGER NOT NULL,
        gaigel_won      INTEGER NOT NULL,
        gaigel_suffered INTEGER NOT NULL,
        knock_right     INTEGER NOT NULL,
        knock_wrong     INTEGER NOT NULL,
        uebergaigelt    INTEGER NOT NULL,
        at              REAL NOT NULL,
        PRIMARY KEY (deal_id, chair)
    ) STRICT;
    """,
    # 2: per-user preferences; away players; the remaining table defaults per guild.
    """
    CREATE TABLE user_prefs (
        user_id     INTEGER PRIMARY KEY,
        dm_mirror   INTEGER NOT NULL DEFAULT 0,
        language    TEXT,
        updated_at  REAL NOT NULL
    ) STRICT;
    ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE guild_settings ADD COLUMN players INTEGER NOT NULL DEFAULT 4;
    ALTER TABLE guild_settings ADD COLUMN scoring TEXT NOT NULL DEFAULT 'strokes';
    ALTER TABLE guild_settings ADD COLUMN target INTEGER NOT NULL DEFAULT 7;
    ALTER TABLE guild_settings ADD COLUMN deals INTEGER NOT NULL DEFAULT 10;
    ALTER TABLE guild_settings ADD COLUMN level TEXT NOT NULL DEFAULT 'random';
    ALTER TABLE guild_settings ADD COLUMN show_points INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: indexes for stats and history export.
    """
    CREATE INDEX results_guild_user ON results (guild_id, user_id);
    CREATE INDEX results_match ON results (match_id, team);
    CREATE INDEX deals_ended ON deals (table_id, ended_at);
    """,
    # 4: an action bumps its table's version by itself, so that storing an accepted action
    # (checked against the expected version, see queries.insert_action) is one statement.
    """
    CREATE TRIGGER actions_bump_version AFTER INSERT ON actions
    BEGIN
        UPDATE tables SET version = version + 1
            WHERE id = (SELECT table_id FROM deals WHERE id = NEW.deal_id);
    END;
    """,
    # 5: "ready for the next deal" votes are kept with the seat, so a restart between deals
    # does not make people vote again.
    """
    ALTER TABLE seats ADD COLUMN ready INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: a server's default for when computer partners knock (TableOptions.computer_knock).
    """
    ALTER TABLE guild_settings ADD COLUMN computer_knock TEXT NOT NULL DEFAULT 'at_once';
    """,
    # 7: the messages the shell must still reach after a restart: each person's live hand
    # (an ephemeral message, through its interaction token while that lives, or the DM
    # mirror) and the latest knock ceremony, whose Next deal button goes when a deal starts.
    """
    CREATE TABLE shown_messages (
        table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind        TEXT NOT NULL CHECK (kind IN ('hand', 'dm_hand', 'ceremony')),
        user_id     INTEGER NOT NULL,         -- 0 for a ceremony
        deal_number INTEGER NOT NULL,
        channel_id  INTEGER,
        message_id  INTEGER,
        token       TEXT,                     -- an ephemeral hand's interaction token
        opened_at   REAL NOT NULL,
        PRIMARY KEY (table_id, kind, user_id)
    ) STRICT;
    """,
    # 8: a person's turn pings (NULL: the table decides: on with a turn timer, off without),
    # and whether their first hand has pointed them to the primer (/gaigel help).
    """
    ALTER TABLE user_prefs ADD COLUMN ping INTEGER;
    ALTER TABLE user_prefs ADD COLUMN primer_told INTEGER NOT NULL DEFAULT 0;
    """,
    # 9: a server's choice of card faces and pictures (on) or text only (off).
    """
    ALTER TABLE guild_settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
    """,
    # 10: skill ratings (openskill, see bot/service/ratings.py): a server's season scheme and
    # whether ratings move after every match or every deal; the season scheme's history (so a
    # rebuild puts every match in the season it was rated in); each player's current rating per
    # guild and season (a person by user id, a computer by level: "computer:<level>"); and one
    # history row per rated match (or deal) and player, for the trend and the stats picture.
    """
    ALTER TABLE guild_settings ADD COLUMN season TEXT NOT NULL DEFAULT 'none';
    ALTER TABLE guild_settings ADD COLUMN rating TEXT NOT NULL DEFAULT 'match';
    CREATE TABLE season_modes (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        since       REAL NOT NULL,
        mode        TEXT NOT NULL CHECK (mode IN ('none', 'monthly', 'quarterly')),
        results_before INTEGER NOT NULL       -- the highest results rowid when it was set
    ) STRICT;
    CREATE INDEX season_modes_guild ON season_modes (guild_id, id);
    CREATE TABLE ratings (
        guild_id    INTEGER NOT NULL,
        season      TEXT NOT NULL,            -- 'all', '2026-11' (monthly), '2026-Q4' (quarterly)
        player      TEXT NOT NULL,            -- a user id in decimal, or 'computer:<level>'
        user_id     INTEGER,                  -- NULL for a computer level
        name        TEXT NOT NULL,            -- the name last played under
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        matches     INTEGER NOT NULL,         -- rated matches
        deals       INTEGER NOT NULL,         -- deals played in them
        won         INTEGER NOT NULL,         -- deals won in them
        last_match  INTEGER NOT NULL,
        updated_at  REAL NOT NULL,
        PRIMARY KEY (guild_id, season, player)
    ) STRICT;
    CREATE TABLE rating_history (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        season      TEXT NOT NULL,
        player      TEXT NOT NULL,
        user_id     INTEGER,
        match_id    INTEGER NOT NULL,
        deal_id     INTEGER NOT NULL,         -- the last deal of the rated part
        at          REAL NOT NULL,
        deals       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        mu          REAL NOT NULL,            -- after this match (or deal)
        sigma       REAL NOT NULL
    ) STRICT;
    CREATE INDEX rating_history_player ON rating_history (guild_id, season, player, id);
    CREATE INDEX rating_history_user ON rating_history (guild_id, user_id, id);
    """,
    # 11: a table's live turn ping is kept with the hands and ceremonies (kind 'ping', user_id
    # the person pinged), so that a restart retires or adopts it instead of leaving it in the
    # channel beside a second one. SQLite cannot change a CHECK in place: the table is rebuilt
    # (new table, rows copied, old one dropped, new one renamed; nothing refers to it), with
    # its foreign key to ``tables`` and its rows.
    """
    CREATE TABLE shown_messages_new (
        table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind        TEXT NOT NULL CHECK (kind IN ('hand', 'dm_hand', 'ceremony', 'ping')),
        user_id     INTEGER NOT NULL,         -- 0 for a ceremony
        deal_number INTEGER NOT NULL,
        channel_id  INTEGER,
        message_id  INTEGER,
        token       TEXT,                     -- an ephemeral hand's interaction token
        opened_at   REAL NOT NULL,
        PRIMARY KEY (table_id, kind, user_id)
    ) STRICT;
    INSERT INTO shown_messages_new (table_id, kind, user_id, deal_number, channel_id,
                                    message_id, token, opened_at)
        SELECT table_id, kind, user_id, deal_number, channel_id, message_id, token, opened_at
        FROM shown_messages;
    DROP TABLE shown_messages;
    ALTER TABLE shown_messages_new RENAME TO shown_messages;
    """,
    # 12: provably fair deals (issue 30, docs/FAIRNESS.md). ``tables.next_seed``: the secret
    # of the table's next deal in 64 hex digits, drawn when the table opens and when a deal
    # ends, so its commitment (its SHA-256) can be shown before the click that starts that
    # deal and never changes (NULL: no deal to come). A deal keeps its fair-deal line: the
    # commitment, the seed (secret until the deal has ended: only finished deals are
    # exported) and the salt (the starting click's interaction id, or ''). Deals dealt before
    # this step keep NULLs: their records have no ``fair``.
    """
    ALTER TABLE tables ADD COLUMN next_seed TEXT;
    ALTER TABLE deals ADD COLUMN fair_commitment TEXT;
    ALTER TABLE deals ADD COLUMN fair_seed TEXT;
    ALTER TABLE deals ADD COLUMN fair_salt TEXT;
    """,
    # 13: the daily deals (issue 31): every server's six deals of a UTC day, the same for
    # everyone on it, each played privately by a person against three computers. A set is
    # made lazily by the server's first ``/gaigel daily`` of the day (``daily_deals``: one row
    # per deal, its secret ``fair_seed`` and its ``fair_commitment``, shown from the start; the
    # seed is revealed only once the day is over). ``daily_plays``: one person's play of one
    # deal (``version`` = actions stored; ``score`` and ``result`` once it ended: a play is
    # never restarted). ``daily_actions``: its actions in order, the person's and the
    # computers' (``by_computer``), each committed before it is acknowledged.
    """
    CREATE TABLE daily_deals (
        guild_id    INTEGER NOT NULL,
        day         TEXT NOT NULL,            -- 'YYYY-MM-DD', UTC
        number      INTEGER NOT NULL,         -- 1..6
        players     INTEGER NOT NULL,
        rules       TEXT NOT NULL,            -- JSON: the server's rules when the set was made
        options     TEXT NOT NULL,            -- JSON: suit style, language, computer knock
        fair_commitment TEXT NOT NULL,
        fair_seed   TEXT NOT NULL,            -- secret until the day is over
        created_at  REAL NOT NULL,
        PRIMARY KEY (guild_id, day, number)
    ) STRICT;
    CREATE TABLE daily_plays (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        day         TEXT NOT NULL,
        number      INTEGER NOT NULL,
        user_id     INTEGER NOT NULL,
        name        TEXT NOT NULL,
        version     INTEGER NOT NULL,         -- actions stored
        started_at  REAL NOT NULL,
        ended_at    REAL,
        result      TEXT,                     -- JSON: the engine's result and the points
        score       INTEGER,
        UNIQUE (guild_id, day, number, user_id),
        FOREIGN KEY (guild_id, day, number) REFERENCES daily_deals (guild_id, day, number)
    ) STRICT;
    CREATE INDEX daily_plays_user ON daily_plays (guild_id, user_id, day);
    CREATE TABLE daily_actions (
        play_id     INTEGER NOT NULL REFERENCES daily_plays (id) ON DELETE CASCADE,
        idx         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        action      TEXT NOT NULL,            -- JSON, as in a deal record
        by_computer INTEGER NOT NULL,
        PRIMARY KEY (play_id, idx)
    ) STRICT;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
