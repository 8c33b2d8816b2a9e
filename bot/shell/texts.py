"""Every sentence the bot writes, in English and German, in the game's own words.

``say(lang, key, **params)`` formats one. Keys are short and grouped by where they appear.
"""

from __future__ import annotations

from typing import Any

TEXTS: dict[str, tuple[str, str]] = {
    # --- table message
    "table_title": ("Gaigel · table {table}", "Gaigel · Tisch {table}"),
    "status_open": ("Waiting for players: {taken}/{players} seats taken. The host starts.",
                    "Warte auf Spieler: {taken}/{players} Plätze besetzt. Der Gastgeber startet."),
    "status_waiting": ("Deal over. Next deal when someone clicks “Next deal”.",
                       "Das Spiel ist aus. Weiter mit „Nächstes Spiel“."),
    "status_over": ("The match is over: {winner} won.", "Die Partie ist vorbei: {winner} gewinnt."),
    "status_ended": ("The host closed this table.", "Der Gastgeber hat den Tisch geschlossen."),
    "seats": ("Seats", "Plätze"),
    "empty_seat": ("empty", "frei"),
    "team": ("team {name}", "Partei {name}"),
    "dealer": ("dealer", "Geber"),
    "vorhand": ("leads (Vorhand)", "Vorhand"),
    "away": ("away — a computer plays", "abwesend — ein Computer spielt"),
    "computer": ("computer ({level})", "Computer ({level})"),
    "host": ("host", "Gastgeber"),
    "trump": ("Trump", "Trumpf"),
    "indicator": ("{card} lies face up", "{card} liegt offen"),
    "talon": ("Talon: {count}", "Talon: {count}"),
    "talon_empty": ("Talon empty: follow suit and beat", "Talon leer: Farbe bekennen und stechen"),
    "trick": ("Trick", "Stich"),
    "trick_empty": ("–", "–"),
    "last_trick": ("Last trick", "Letzter Stich"),
    "taken_by": ("taken by {name}", "an {name}"),
    "marriages": ("Marriages", "Gemeldet"),
    "exchanges": ("{name} exchanged the trump Seven", "{name} hat die Trumpf-Sieben getauscht"),
    "turn": ("**{name}** to play {when}", "**{name}** ist am Zug {when}"),
    "recount_running": ("✊ The tricks are being counted…", "✊ Die Stiche werden gezählt…"),
    "score": ("Score", "Stand"),
    "points_beginner": ("Points (beginner option)", "Punkte (Anfänger-Option)"),
    "deal_number": ("Deal {number}", "Spiel {number}"),
    "result_line": ("Deal {number}: {winner} won — {reason}{double}{who}",
                    "Spiel {number}: {winner} gewinnt — {reason}{double}{who}"),
    "result_knocked": (" · {name} knocked", " · {name} hat geklopft"),
    "result_accused": (" · {name} accused {team}", " · {name} hat {team} angeklagt"),
    "double": (" (double game)", " (doppelt)"),
    "pool": ("pool: {count}", "Topf: {count}"),
    "game_points": ("{total} game points", "{total} Gewinnpunkte"),
    "game_points_one": ("{total} game point", "{total} Gewinnpunkt"),
    "deals_played": ("after {deals} of {limit} deals", "nach {deals} von {limit} Spielen"),
    "tokens": ("{held} tokens", "{held} Marken"),
    "tokens_one": ("{held} token", "{held} Marke"),
    "of_strokes": ("{limit} strokes", "{limit} Striche"),
    "of_strokes_one": ("{limit} stroke", "{limit} Strich"),
    "deals_played_one": ("after {deals} of {limit} deal", "nach {deals} von {limit} Spiel"),
    "head_strokes": ("strokes {count}", "Striche {count}"),
    "head_tokens": ("tokens {count}", "Marken {count}"),
    # reasons
    "reason_aus": ("Aus!", "Aus!"),
    "reason_gaigel": ("Gaigel!", "Gaigel!"),
    "reason_untergaigelt": ("untergaigelt (wrong knock)", "untergaigelt (falsch geklopft)"),
    "reason_uebergaigelt": ("übergaigelt (played on past 101)", "übergaigelt (über 101 weitergespielt)"),
    "reason_false_accusation": ("false accusation", "falsche Anklage"),
    "reason_five_sevens": ("five Sevens", "fünf Siebener"),
    "reason_five_tricks": ("five tricks", "fünf Stiche"),
    "reason_played_out": ("played out", "ausgespielt"),
    # --- buttons (public)
    "btn_join": ("Join", "Mitspielen"),
    "btn_leave": ("Leave", "Aufstehen"),
    "btn_add": ("Add computer", "Computer dazu"),
    "btn_start": ("Start", "Starten"),
    "btn_hand": ("My cards", "Meine Karten"),
    "btn_next": ("Next deal", "Nächstes Spiel"),
    "btn_back": ("I'm back", "Bin wieder da"),
    "btn_last": ("Last trick", "Letzter Stich"),
    # --- buttons (hand)
    "btn_declare": ("Declare {points} {suit}", "Melden {points} {suit}"),
    "btn_exchange": ("Exchange Seven", "Sieben tauschen"),
    "btn_knock": ("Knock: Aus!", "Klopfen: Aus!"),
    "btn_accuse": ("Accuse: played on", "Anklagen: übergaigelt"),
    "btn_accuse_against": ("Accuse {name}", "{name} anklagen"),
    "btn_sevens": ("Show five Sevens", "Fünf Siebener zeigen"),
    "btn_refresh": ("Refresh", "Aktualisieren"),
    "face_down": ("face down", "verdeckt"),
    # --- hand message
    "hand_title": ("Your cards · table {table}", "Deine Karten · Tisch {table}"),
    "hand_turn": ("**Your turn.**", "**Du bist am Zug.**"),
    "hand_wait": ("{name} to play.", "{name} ist am Zug."),
    "hand_over": ("The deal is over.", "Das Spiel ist aus."),
    "hand_closed": ("This table is closed; the deal was not played to the end.",
                    "Dieser Tisch ist geschlossen; das Spiel wurde nicht zu Ende gespielt."),
    "hand_changed": ("Your hand changed; here it is again.", "Dein Blatt hat sich geändert; hier ist es neu."),
    "hand_no_deal": ("No deal is being played at this table.", "An diesem Tisch wird gerade nicht gespielt."),
    "hand_opening": ("First card of the deal: choose how to open.",
                     "Erste Karte des Spiels: wähle die Eröffnung."),
    "hand_expired_hint": ("(Hands expire after 15 minutes: reopen with “My cards”.)",
                          "(Nach 15 Minuten: mit „Meine Karten“ neu öffnen.)"),
    "played": ("You played {card}.", "Du hast {card} gespielt."),
    "declared": ("You declared {points} in {suit}.", "Du hast {points} in {suit} gemeldet."),
    "exchanged": ("You exchanged the trump Seven.", "Du hast die Trumpf-Sieben getauscht."),
    # --- events told in the channel
    "knock_call": ("✊ **“Aus!” — a knock by {name}.** Turning over team {team}'s tricks…",
                   "✊ **„Aus!“ — {name} hat geklopft.** Die Stiche von Partei {team} werden umgedreht…"),
    "accuse_call": ("⚖️ **An accusation by {name}: team {team} played on past 101!** Turning over their tricks…",
                    "⚖️ **Anklage von {name}: Partei {team} hat über 101 weitergespielt!** Die Stiche werden umgedreht…"),
    "sevens_call": ("7️⃣ **Five Sevens, shown by {name}:** {cards}", "7️⃣ **Fünf Siebener, gezeigt von {name}:** {cards}"),
    "recount_trick": ("Trick {n}: {cards} — {points}", "Stich {n}: {cards} — {points}"),
    "recount_melds": ("Marriages: {melds}", "Meldungen: {melds}"),
    "recount_exchange": ("Seven exchange: {points}", "Siebener-Tausch: {points}"),
    "recount_cards": ("Cards: {points}", "Karten: {points}"),
    "recount_total": ("**Total: {points}**", "**Summe: {points}**"),
    "recount_none": ("No tricks.", "Keine Stiche."),
    "verdict": ("**Verdict: {reason}** — {winner} win{double}.", "**Urteil: {reason}** — {winner} gewinnt{double}."),
    "strokes_now": ("Score now: {score}", "Stand jetzt: {score}"),
    "match_won": ("🏆 **{winner} won the match!**", "🏆 **{winner} gewinnt die Partie!**"),
    "timeout_played": ("⏱️ {name}'s time ran out: a computer played for them.",
                       "⏱️ {name}s Zeit ist abgelaufen: ein Computer hat gespielt."),
    "now_away": ("💤 {name} missed three turns: a computer takes the seat until “I'm back”.",
                 "💤 {name} hat dreimal nicht gespielt: ein Computer übernimmt bis „Bin wieder da“."),
    "skipped": ("⏭️ The host skipped {name}'s turn: a computer played.",
                "⏭️ Der Gastgeber hat {name} übersprungen: ein Computer hat gespielt."),
    "kicked": ("{name} was removed from the table; a computer takes the seat.",
               "{name} wurde vom Tisch entfernt; ein Computer übernimmt."),
    "table_ended": ("The host ended the table.", "Der Gastgeber hat den Tisch beendet."),
    # --- answers (ephemeral)
    "opened": ("Table {table} is open: {link}", "Tisch {table} ist eröffnet: {link}"),
    "joined": ("You took a seat.", "Du hast Platz genommen."),
    "left": ("You left the table.", "Du hast den Tisch verlassen."),
    "left_playing": ("You left the table; a computer plays your seat to the end of the match.",
                     "Du hast den Tisch verlassen; ein Computer spielt deinen Platz bis zum "
                     "Ende der Partie."),
    "left_closed": ("You left the table; nobody else was seated, so it is closed.",
                    "Du hast den Tisch verlassen; sonst saß niemand mehr, also ist er geschlossen."),
    "walked_out": ("{name} left the table; a computer takes the seat.",
                   "{name} hat den Tisch verlassen; ein Computer übernimmt."),
    "added": ("A computer took a seat: {name} ({level}) in seat {seat}.",
              "Ein Computer hat Platz genommen: {name} ({level}) auf Platz {seat}."),
    "took_over": ("You take the seat of {name}.", "Du übernimmst den Platz von {name}."),
    "takes_over": ("{name} takes the seat of {computer}.", "{name} übernimmt den Platz von {computer}."),
    "not_at_table": ("{name} is not seated at this table.", "{name} sitzt nicht an diesem Tisch."),
    "knocked": ("You knocked: “Aus!” The recount follows in the channel.",
                "Du hast geklopft: „Aus!“ Die Nachzählung folgt im Kanal."),
    "accused": ("You accused the other side of playing on past 101. The recount follows in the channel.",
                "Du hast die Gegenseite angeklagt, über 101 weitergespielt zu haben. Die Nachzählung "
                "folgt im Kanal."),
    "why_declare_meld_closed_trick": (
        "You cannot declare now: a pair may be declared only right after your team has won a trick.",
        "Du kannst jetzt nicht melden: ein Paar darf nur direkt nach einem Stich deiner Partei gemeldet werden."),
    "why_declare_meld_closed_talon": (
        "You cannot declare now: the talon is empty, and at this table nobody declares after that.",
        "Du kannst jetzt nicht melden: der Talon ist leer, und danach wird an diesem Tisch nicht mehr gemeldet."),
    "why_declare_no_marriage": ("You cannot declare that pair: you do not hold {pair}.",
                                "Dieses Paar kannst du nicht melden: du hast {pair} nicht."),
    "why_declare_already_declared": (
        "You cannot declare that pair: it has already been declared.",
        "Dieses Paar kannst du nicht melden: es wurde schon gemeldet."),
    "why_declare_no_trick_yet": ("You cannot declare yet: your team has not won a trick.",
                                 "Du kannst noch nicht melden: deine Partei hat noch keinen Stich."),
    "why_exchange_no_seven": ("You cannot exchange: you do not hold the trump Seven.",
                              "Du kannst nicht tauschen: du hast die Trumpf-Sieben nicht."),
    "why_exchange_not_allowed": (
        "You cannot exchange: the face-up trump card has already been taken.",
        "Du kannst nicht tauschen: die offene Trumpfkarte ist schon weg."),
    "why_exchange_no_trick_yet": ("You cannot exchange yet: it needs a trick won first.",
                                  "Du kannst noch nicht tauschen: zuerst muss ein Stich gemacht sein."),
    "why_accuse_not_allowed": (
        "You cannot accuse now: the other side has not played on past 101.",
        "Du kannst jetzt nicht anklagen: die Gegenseite hat nicht über 101 weitergespielt."),
    "why_accuse_name": ("Name a player of the side you accuse: /accuse player:…",
                        "Nenne einen Spieler der Seite, die du anklagst: /accuse player:…"),
    "why_accuse_own": ("You cannot accuse your own side.", "Die eigene Seite kannst du nicht anklagen."),
    "why_deal_over": ("No deal is being played now: the last one is over.",
                      "Gerade läuft kein Spiel: das letzte ist vorbei."),
    "started": ("The game starts.", "Das Spiel beginnt."),
    "next_started": ("The next deal is dealt.", "Das nächste Spiel ist gegeben."),
    "ready_waiting": ("You are ready; the next deal starts when everyone is (or the host deals).",
                      "Du bist bereit; das nächste Spiel beginnt, wenn alle bereit sind (oder der Gastgeber gibt)."),
    "welcome_back": ("Welcome back: your seat is yours again.", "Willkommen zurück: dein Platz gehört wieder dir."),
    "no_table_here": ("There is no table in this channel. Open one with /gaigel new.",
                      "In diesem Kanal gibt es keinen Tisch. Eröffne einen mit /gaigel new."),
    "not_player": ("You are not playing at this table.", "Du spielst an diesem Tisch nicht mit."),
    "no_pair": ("You cannot declare that pair now.", "Dieses Paar kannst du jetzt nicht melden."),
    "missing_perms": ("I cannot post here. Missing permissions: {perms}.",
                      "Ich kann hier nicht schreiben. Es fehlen die Rechte: {perms}."),
    "manager_only": ("Only server managers can do that.", "Das dürfen nur Server-Verwalter."),
    "host_or_manager": ("Only the host or a server manager can do that.",
                        "Das dürfen nur der Gastgeber oder Server-Verwalter."),
    "guild_only": ("This works only in a server channel.", "Das geht nur in einem Server-Kanal."),
    "dm_on": ("Your hand will also be kept in a DM.", "Dein Blatt kommt jetzt auch als Direktnachricht."),
    "dm_off": ("No more DM hands.", "Keine Direktnachrichten mehr."),
    "dm_closed": ("I could not send you a DM (your DMs are closed); your hand stays here.",
                  "Ich konnte dir keine Direktnachricht schicken (DMs geschlossen); dein Blatt bleibt hier."),
    "settings_saved": ("Settings saved: {settings}", "Einstellungen gespeichert: {settings}"),
    "settings_now": ("Settings: {settings}", "Einstellungen: {settings}"),
    "no_last_trick": ("No trick has been taken yet.", "Es wurde noch kein Stich gemacht."),
    "last_trick_is": ("Last trick (taken by {name}): {cards}", "Letzter Stich (an {name}): {cards}"),
    "older_hidden": ("Older tricks stay face down.", "Ältere Stiche bleiben verdeckt."),
    "stats_none": ("No finished deals yet.", "Noch keine beendeten Spiele."),
    "export_empty": ("Nothing to export yet.", "Noch nichts zu exportieren."),
    "export_done": ("History export ({scope}, {fmt}).", "Verlauf ({scope}, {fmt})."),
    "skip_done": ("Turn skipped.", "Zug übersprungen."),
    "kick_done": ("{name} removed; a computer plays the seat.", "{name} entfernt; ein Computer spielt den Platz."),
    "kick_done_open": ("{name} removed; the seat is free.", "{name} entfernt; der Platz ist frei."),
    "end_done": ("Table ended.", "Tisch beendet."),
    # --- /gaigel rules: one line per rule
    "yes": ("yes", "ja"),
    "no": ("no", "nein"),
    "rules_title": ("**Rules: {preset}** · {players} players", "**Regeln: {preset}** · {players} Spieler"),
    "rules_openings": ("- First-trick openings (Ge-Elfen, Höher hat, Zweite Alte): ",
                       "- Eröffnungen im ersten Stich (Ge-Elfen, Höher hat, Zweite Alte): "),
    "rules_meld": ("- Declaring: ", "- Melden: "),
    "rules_meld_any_time": ("any time once your team has won a trick",
                            "jederzeit, sobald die Partei einen Stich hat"),
    "rules_meld_after_trick": ("only right after your team wins a trick, one pair per trick",
                               "nur direkt nach einem eigenen Stich, ein Paar pro Stich"),
    "rules_meld_after_talon": ("- Declaring after the talon is empty: ", "- Melden nach dem Talon: "),
    "rules_second_pair": ("- Second pair of a suit: ", "- Zweites Paar derselben Farbe: "),
    "rules_second_pair_fresh": ("with the other King and Ober", "mit dem anderen König und Ober"),
    "rules_second_pair_never": ("never", "nie"),
    "rules_exchange": ("- Exchanging the trump Seven needs a trick by ",
                       "- Sieben tauschen braucht einen Stich "),
    "rules_exchange_team": ("your team", "der Partei"),
    "rules_exchange_player": ("yourself", "des Spielers"),
    "rules_strict": ("- Once the talon is empty: follow suit, beat, trump; must still beat in a trumped trick: ",
                     "- Nach dem Talon: bedienen, stechen, trumpfen; im gestochenen Stich trotzdem höher: "),
    "rules_five_sevens": ("- Five Sevens win: ", "- Fünf Siebener gewinnen: "),
    "rules_false_accusation": ("- A false accusation loses a double game: ",
                               "- Falsche Anklage verliert doppelt: "),
    "rules_bonus": ("- Points for the last trick: {last} · for the Seven exchange: {exchange}",
                    "- Punkte für den letzten Stich: {last} · für den Siebener-Tausch: {exchange}"),
    "rules_knock": ("- With 101 you knock (“Aus!”). A wrong knock: untergaigelt. Playing on past 101: übergaigelt.",
                    "- Wer 101 hat, klopft („Aus!“). Falsch geklopft: untergaigelt. Über 101 weitergespielt: übergaigelt."),
    "rules_last_trick_only": ("- Only the last trick may be looked at.",
                              "- Nur der letzte Stich darf angesehen werden."),
    "rules_scoring": ("- Scoring: {scoring}", "- Wertung: {scoring}"),
    "rules_scoring_strokes": ("strokes ({strokes})", "Striche ({strokes})"),
    "rules_scoring_tokens": ("tokens ({strokes})", "Marken ({strokes})"),
    "rules_scoring_points": ("game points to {target}", "Gewinnpunkte bis {target}"),
    "rules_scoring_three": ("5/3/1 over {deals} deals", "5/3/1 über {deals} Spiele"),
    "rules_timer": ("- Turn timer: {seconds} s", "- Zugzeit: {seconds} s"),
    "rules_show_points": ("- Beginner option: running points are shown",
                          "- Anfänger-Option: Punkte werden angezeigt"),
    "rules_computer_knock_own_turn": ("- Computer partners knock only on their own turn: you may knock first",
                                      "- Computer-Partner klopfen erst, wenn sie am Zug sind: ihr könnt zuerst klopfen"),
    "error": ("Something went wrong; nothing was changed.", "Etwas ist schiefgegangen; nichts wurde geändert."),
    "busy": ("One moment: the table is busy. Try again.", "Einen Moment: der Tisch ist beschäftigt. Nochmal versuchen."),
}

LEVEL_NAMES = {"random": ("random", "Zufall"), "heuristic": ("heuristic", "Faustregeln"),
               "strong": ("strong", "stark")}
"""Computer levels as players read them (the level's code stays the option's value)."""

SETTINGS_WORDS: dict[str, tuple[str, str]] = {
    "preset": ("preset", "Regelwerk"), "language": ("language", "Sprache"),
    "suits": ("suits", "Farben"), "scoring": ("scoring", "Wertung"),
    "strokes": ("strokes", "Striche"), "timer": ("timer", "Zugzeit"),
    "computer": ("computer", "Computer"), "points_shown": ("points shown", "Punkte zeigen"),
    "computers_knock": ("computers knock", "Computer klopfen"),
    "wuerttemberg": ("Württemberg", "Württemberg"), "classic": ("classic", "klassisch"),
    "en": ("English", "Englisch"), "de": ("German", "Deutsch"),
    "german": ("German suits", "deutsches Blatt"), "french": ("French suits", "französisches Blatt"),
    "strokes_kind": ("strokes", "Striche"), "tokens": ("tokens", "Marken"),
    "points": ("game points", "Gewinnpunkte"), "three": ("5/3/1", "5/3/1"),
    "at_once": ("at once", "sofort"), "own_turn": ("on their own turn", "wenn sie am Zug sind"),
}


def level_name(lang: str, level: str) -> str:
    en, de = LEVEL_NAMES.get(level, (level, level))
    return de if lang == "de" else en


def word(lang: str, key: str) -> str:
    en, de = SETTINGS_WORDS.get(key, (key, key))
    return de if lang == "de" else en


def say_n(lang: str, key: str, count: int, **params: Any) -> str:
    """``key`` with its singular form (``key_one``) when ``count`` is 1."""
    one = key + "_one"
    return say(lang, one if count == 1 and one in TEXTS else key, **params)


SUIT_STYLE_NAMES = {"german": ("German suits", "deutsches Blatt"),
                    "french": ("French suits", "französisches Blatt")}


def lang_of(value: str | None) -> str:
    """``de`` for German (any German locale), else ``en``."""
    return "de" if value and str(value).lower().startswith("de") else "en"


def say(lang: str, key: str, **params: Any) -> str:
    en, de = TEXTS[key]
    text = de if lang == "de" else en
    return text.format(**params) if params else text


def team_name(team: int) -> str:
    """Teams are named by letter on the table: A, B (and C with three players)."""
    return "ABC"[team]
