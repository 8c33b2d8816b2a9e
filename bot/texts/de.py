"""Every sentence the bot writes, in German: one dictionary per kind, the same keys in
both languages (``bot.texts`` picks the language; tests check keys and blanks match)."""

from __future__ import annotations

SENTENCES: dict[str, str] = {
    "daily_accuse_partner": "{name} hat die Gegner angeklagt, über 101 weitergespielt zu haben.",
    "daily_knock_you": "Du hast „Aus!“ gerufen.",
    "daily_knock": "{name} hat „Aus!“ gerufen.",
    "daily_accuse_you": "Du hast die Gegner angeklagt, über 101 weitergespielt zu haben.",
    "daily_accuse": "{name} hat deine Seite angeklagt, über 101 weitergespielt zu haben.",
    "daily_sevens_you": "Du hast fünf Siebener gezeigt.",
    "daily_sevens": "{name} hat fünf Siebener gezeigt.",
    "daily_taken_by_you": "an dich",
    "daily_more": "+{count} weitere",
    "daily_you": "Du",
    "daily_left": "Computer links",
    "daily_partner": "Computer-Partner",
    "daily_right": "Computer rechts",
    "daily_title": "**Tagesspiele {day}** · Spiel {number} von {deals} · du spielst aus, mit dem Computer gegenüber als Partner",
    "daily_progress": "-# Spiele: {deals}",
    "daily_won": "**Du hast {games} Spiele gewonnen**: {reason}.",
    "daily_won_one": "**Du hast 1 Spiel gewonnen**: {reason}.",
    "daily_lost": "**Du hast {games} Spiele verloren**: {reason}.",
    "daily_lost_one": "**Du hast 1 Spiel verloren**: {reason}.",
    "daily_score": "Punkte: deine Partei {own}, die Gegner {opp} · Wertung dieses Spiels: **{score}**",
    "daily_all_done": "Alle sechs Spiele gespielt: `/gaigel taeglich zeigen:ergebnisse` zeigt, wie alle sie gespielt haben.",
    "daily_commitment": "-# 🔒 Faires Geben, Spiel {number}: Commitment `{commitment}` (der Seed wird nach Ende des Tages offengelegt)",
    "daily_commitments": "-# 🔒 Die sechs Spiele des Tages ({day}, UTC), festgelegt, bevor sie jemand gespielt hat:",
    "daily_commitment_line": "-# Spiel {number}: `{commitment}`",
    "daily_seed_line": "-# {number}: Commitment `{commitment}` · Seed `{seed}` · kein Salt",
    "daily_board_title": "**Tagesspiele {day}**: die Rangliste derer, die alle sechs gespielt haben (Matchpunkte: 1 für jede niedrigere Wertung in einem Spiel, ½ für jede gleiche)",
    "daily_board_row": "{rank}. {name} — {percent} % ({mp} von {most} Matchpunkten)",
    "daily_board_empty": "Noch niemand hat alle sechs gespielt.",
    "daily_week_title": "**Die Woche vom {first} bis {last}**: der Durchschnitt der Tage jeder Person",
    "daily_week_row": "{rank}. {name} — {percent} % über {days} Tage",
    "daily_week_row_one": "{rank}. {name} — {percent} % über 1 Tag",
    "daily_deal_scores": "Spiel {number}: {scores}",
    "daily_not_over_yet": "-# Der Tag ist nicht vorbei: andere können noch spielen, die Zahlen können sich ändern.",
    "btn_daily_next": "Nächstes Spiel",
    "daily_all_played": "Du hast alle sechs Spiele vom {day} gespielt.",
    "daily_past_day": "Die Tagesspiele vom {day} können nicht mehr gespielt werden.",
    "daily_replay_head": "Tagesspiele {day}, Spiel {number}, wie {name} es gespielt hat (Wertung {score})",
    "offline_topic": "Gaigel, das schwäbische Kartenspiel: tippe /gaigel neu",
    "preset_wuerttemberg": "Württemberger Regeln",
    "preset_classic": "klassische Regeln (1907)",
    "players_count": "{n} Spieler",
    "primer_rules_table": "-# Dieser Tisch spielt nach {rules}.",
    "primer_rules_no_table": (
        "-# Kein Tisch in diesem Kanal: die Seiten folgen den Regeln neuer Tische auf diesem Server ({rules})."
    ),
    "score_leads": "{name} führt",
    "score_level": "Gleichstand",
    "score_signs": "-# I: ein Spiel verloren · V: doppelt verloren · ~~I~~: durch ein gewonnenes Spiel gelöscht",
    "points_own_team": "Deine Partei ({team}) {points}",
    "points_opponents": "Gegner ({team}) {points}",
    "points_you": "Du {points}",
    "knock_call_three": "✊ **„Aus!“ ruft {name}.** Die Stiche werden umgedreht…",
    "accuse_call_three": (
        "⚖️ **Anklage von {name}: {team} hat über 101 weitergespielt!** Die Stiche werden umgedreht…"
    ),
    "confirm_accuse_named": (
        "Jetzt {name} anklagen? Hat {name} nicht über 101 weitergespielt, verlierst du doppelt. Bestätige innerhalb von 30 Sekunden oder brich ab."
    ),
    "btn_confirm_accuse_named": "{name} jetzt anklagen? Falsch angeklagt verliert doppelt",
    "first_hand_primer": "-# Neu bei Gaigel? /gaigel hilfe erklärt das Spiel auf ein paar kurzen Seiten.",
    "btn_hint": "Tipp",
    "hints_line": "-# Tipps: {hints}",
    "hint_play": "💡 Der Trainer würde {card} spielen.",
    "hint_why_last_takes": "💡 Du spielst als Letzter: stich mit {card}.",
    "hint_why_sure_takes": "💡 Spiel {card}: niemand kann sie mehr schlagen, sie macht diesen Stich.",
    "hint_why_lead_ace": "💡 Spiel {card} aus: nur ein Trumpf kann es dir abnehmen.",
    "hint_why_lead_low": "💡 Spiel {card} aus: sie kostet am wenigsten; deine starken Karten warten auf Stiche, die sich lohnen.",
    "hint_why_leads_so_far": (
        "💡 Spiel {card}: sie liegt bisher vorn (wer nach dir spielt, kann sie noch schlagen)."
    ),
    "hint_why_partner_wins_smear": "💡 Dein Partner gewinnt den Stich mit {other}: schmier {card}.",
    "hint_why_partner_wins": "💡 Dein Partner gewinnt den Stich mit {other}: spiel {card}.",
    "hint_why_partner_leads": "💡 Spiel {card}: dein Partner liegt mit {other} bisher vorn.",
    "hint_why_cannot_beat_low": "💡 Du kannst {other} nicht schlagen: gib wenig her, spiel {card}.",
    "hint_why_cannot_beat": "💡 Du kannst {other} nicht schlagen: spiel {card}.",
    "hint_why_leave": "💡 Spiel {card}, keine Karte, die {other} schlägt.",
    "hint_why_opening_ge_elfen": (
        "💡 Spiel {card} offen aus (Ge-Elfen): du machst den ersten Stich, was auch immer"
        " gespielt wird."
    ),
    "hint_why_opening_zweite_alte": (
        "💡 Spiel {card} verdeckt aus (Zweite Alte): du machst den ersten Stich, außer ein"
        " anderer spielt dasselbe Ass."
    ),
    "hint_why_opening_hoeher_hat": (
        "💡 Spiel {card} verdeckt aus (Höher hat): die höchste Karte ihrer Farbe macht den"
        " ersten Stich."
    ),
    "hint_why_opening_trumpf": (
        "💡 Spiel {card} offen aus (Trumpf): du machst den ersten Stich, außer ein anderer mit"
        " fünf Trümpfen spielt einen höheren."
    ),
    "hint_why_opening_none": (
        "💡 Spiel {card} offen aus: an diesem Tisch ist der erste Stich ein gewöhnlicher Stich."
    ),
    "hint_why_elfen_partner_smear": (
        "💡 Dein Partner macht den ersten Stich mit {other}, was auch immer gespielt wird"
        " (Ge-Elfen): schmier {card}."
    ),
    "hint_why_elfen_partner": (
        "💡 Dein Partner macht den ersten Stich mit {other}, was auch immer gespielt wird"
        " (Ge-Elfen): spiel {card}."
    ),
    "hint_why_elfen_lost": (
        "💡 {other} macht den ersten Stich, was auch immer gespielt wird (Ge-Elfen): spiel {card}."
    ),
    "hint_why_trumpf_led": (
        "💡 Spiel {card}: {other} macht den ersten Stich, außer eine Hand mit fünf Trümpfen"
        " schlägt sie (Trumpf)."
    ),
    "hint_why_face_down": (
        "💡 Spiel {card} verdeckt: der erste Stich bleibt verdeckt, bis er vollständig ist."
    ),
    "hint_keep": "Behalte König und Ober in {suit} für das Paar.",
    "hint_declare": "💡 Der Trainer würde zuerst ein Paar melden.",
    "hint_exchange": "💡 Der Trainer würde zuerst die Trumpf-Sieben tauschen.",
    "hint_knock": "💡 Der Trainer würde „Aus!“ rufen: eure Partei hat 101.",
    "hint_accuse": (
        "💡 Der Trainer würde anklagen: die Gegner haben über 101 weitergespielt."
    ),
    "hint_sevens": "💡 Der Trainer würde die fünf Siebener zeigen.",
    "hint_count": "(Tipp {count} in diesem Spiel.)",
    "btn_review": "Rückblick",
    "review_head": (
        "🔍 Spiel {number}: deine Züge, bei denen die Wahl des Computers am besten gegen deine"
        " abschneidet (nach seiner eigenen Bewertung, aus dem, was du damals wusstest):"
    ),
    "review_line": "Stich {trick}: du hast {played} gespielt, der Computer würde {better} spielen:"
                   " {points} Punkte stehen auf dem Spiel.",
    "review_line_one": "Stich {trick}: du hast {played} gespielt, der Computer würde {better}"
                       " spielen: 1 Punkt steht auf dem Spiel.",
    "opening_name_ge_elfen": "Ge-Elfen",
    "opening_name_hoeher_hat": "Höher hat",
    "opening_name_zweite_alte": "Zweite Alte",
    "opening_name_trumpf": "Trumpf",
    "review_rest": "Keiner deiner anderen Züge war deutlich schlechter als die Wahl des Computers.",
    "review_points": (
        "-# Punkte auf dem Spiel: wie viele Kartenpunkte die Karte des Computers deiner Partei im"
        " Schnitt mehr bringt, in denselben (bis zu {worlds}) möglichen Verteilungen, die er mit"
        " beiden Karten durchgespielt hat (ein gewonnenes statt verlorenes Spiel zählt {won})."
        " Genannt wird ein Zug nur, wenn dieser Vorsprung klar über dem Zufall liegt: mehr als"
        " doppelt so groß wie sein Standardfehler und mindestens {least} Punkte."
    ),
    "review_all": (
        "🔍 Spiel {number}: keiner deiner Züge war deutlich schlechter als die Wahl des"
        " Computers."
    ),
    "review_nothing": (
        "🔍 Spiel {number}: keiner deiner eigenen Züge hatte eine Wahl, die sich bewerten lässt."
    ),
    "ping": "{mention}, du bist am Zug an Tisch {table}.",
    "ping_dm": "Du bist am Zug an Tisch {table}.",
    "ping_on": (
        "Erinnerungen an: du wirst erwähnt, wenn du am Zug bist und 10 Sekunden nicht gespielt hast."
    ),
    "ping_off": "Erinnerungen aus.",
    "btn_confirm_knock": "Jetzt „Aus!“ rufen? Zu früh verliert doppelt",
    "btn_confirm_accuse": "Jetzt anklagen? Falsch angeklagt verliert doppelt",
    "btn_cancel": "Abbrechen",
    "confirm_knock": (
        "✊ Jetzt „Aus!“ rufen? Die Stiche eurer Partei werden gezählt; unter 101 verliert ihr doppelt. Bestätige innerhalb von 30 Sekunden oder brich ab."
    ),
    "confirm_accuse": (
        "Jetzt anklagen? Haben die Gegner nicht über 101 weitergespielt, verliert eure Partei doppelt. Bestätige innerhalb von 30 Sekunden oder brich ab."
    ),
    "confirm_too_quick": (
        "⏳ Zu schnell, um als Ja zu zählen (ein Doppelklick?): warte kurz und bestätige dann noch einmal."
    ),
    "confirm_lapsed": (
        "Diese Bestätigung ist verfallen (30 Sekunden, oder am Tisch ging es weiter): klicke noch einmal auf „Aus!“ oder Anklagen."
    ),
    "hand_out_of_date": (
        "⌛ Diese Karten sind veraltet (sie bleiben 15 Minuten aktuell): klicke Aktualisieren oder „Meine Karten“ oder nutze /gaigel karten für frische."
    ),
    "hand_retired": (
        "Spiel {number} ist vorbei. Deine Karten für das nächste Spiel kommen in einer neuen Nachricht."
    ),
    "btn_previous": "◀ Zurück",
    "btn_next_page": "Weiter ▶",
    "rules_primer": "Neu bei Gaigel? /gaigel hilfe erklärt das Spiel Seite für Seite.",
    "table_primer": "-# Neu bei Gaigel? /gaigel hilfe",
    "table_beginner_on": (
        "-# Die Anfängerhilfe ist an: laufende Punkte, Tipp und Rückblick. /gaigel neu anfaenger:aus für einen Tisch ohne sie."
    ),
    "table_beginner_off": (
        "-# Anfängerhilfe (laufende Punkte, Tipp und Rückblick): /gaigel neu anfaenger:an"
    ),
    "primer_beginner_on": (
        "Dieser Tisch hat die Anfängerhilfe: die laufenden Punkte stehen da, die Karten haben Tipp (der Rat des Computers) und zwischen zwei Spielen hat der Tisch Rückblick. /gaigel neu anfaenger:aus eröffnet einen Tisch ohne sie."
    ),
    "primer_beginner_off": (
        "Die Anfängerhilfe (laufende Punkte, Tipp mit dem Rat des Computers, Rückblick zwischen zwei Spielen) ist an den Tischen der ersten drei Partien eines Gastgebers auf diesem Server an; /gaigel neu anfaenger:an eröffnet einen Tisch mit ihr."
    ),
    "primer_head": (
        "**Gaigel, so wird gespielt · {page}/{pages} · {title}**"
    ),
    "primer_title_cards": "Die Karten",
    "primer_title_deal": "Trumpf und Talon",
    "primer_title_first_trick": "Der erste Stich",
    "primer_title_play": "Einen Stich spielen",
    "primer_title_marriages": "Paare melden",
    "primer_title_knock": "„Aus!“ bei 101",
    "primer_title_match": "Die Partie",
    "primer_title_first_deals": "Deine ersten Spiele",
    "primer_tip_smear": (
        "Schmieren: gewinnt dein Partner den Stich sicher (niemand nach dir kann seine Karte schlagen), gib eine Zehn oder ein Ass einer anderen Farbe dazu: die Augen gehören dann eurer Partei."
    ),
    "primer_tip_smear_alone": (
        "Gib Augen nur in einen Stich, den du selbst machst: kannst du einen Stich nicht nehmen, gib eine Sieben oder einen Unter dazu, keine Zehn."
    ),
    "primer_tip_marriage": (
        "Halte König und Ober einer Farbe zusammen: sobald eure Partei einen Stich hat, sind sie ein Paar, 20 Augen (40 in Trumpf). Wirf keinen von beiden früh weg."
    ),
    "primer_tip_last": (
        "Spielst du als Letzter, siehst du den ganzen Stich: liegen Augen darin, nimm ihn mit dem Ass der angespielten Farbe (oder einem Trumpf); liegen keine darin, behalte dein Ass und gib eine Sieben."
    ),
    "primer_tip_count": (
        "Zähl die Augen deiner Partei mit: jeden Stich, den ihr macht (A 11, 10 10, K 4, O 3, U 2), und eure Paare. Die Stiche der Gegner zählen weniger."
    ),
    "primer_tip_count_shown": (
        "Zähl die Augen deiner Partei mit: jeden Stich, den ihr macht (A 11, 10 10, K 4, O 3, U 2), und eure Paare. Dieser Tisch zeigt sie an; zähl trotzdem mit, die meisten Tische tun es nicht."
    ),
    "primer_tip_knock": (
        "Ruf „Aus!“, sobald du sicher bist, dass eure Partei 101 hat: unter 101 verliert doppelt, und eine Karte, mit 101 gespielt, lässt die Gegner euch anklagen. Nicht sicher? Zähl vor deiner nächsten Karte noch einmal."
    ),
    "primer_cards": (
        "48 Karten: A 10 K O U 7, jede doppelt, in vier Farben ({suits}). O ist der Ober, U der Unter."
    ),
    "primer_cards_values": (
        "Augen: A 11 · 10 10 · K 4 · O 3 · U 2 · 7 0 (240 im Spiel). Ein Stich zählt die Augen seiner Karten."
    ),
    "primer_cards_beat": (
        "Rangfolge: A > 10 > K > O > U > 7. Den Stich macht die höchste Karte der ausgespielten Farbe, außer es liegt Trumpf: dann der höchste Trumpf. Von zwei gleichen Karten gewinnt die zuerst gespielte."
    ),
    "primer_deal": (
        "Jeder bekommt fünf Karten; die nächste Karte liegt offen, ihre Farbe ist Trumpf. Der Rest ist der Talon: nach jedem Stich zieht jeder eine Karte, der Stichgewinner zuerst, so bleiben es fünf. Die offene Karte wird zuletzt gezogen."
    ),
    "primer_exchange_team": (
        "Die Trumpf-Sieben darf gegen die offene Karte getauscht werden, sobald deine Partei einen Stich hat."
    ),
    "primer_exchange_self": (
        "Die Trumpf-Sieben darf gegen die offene Karte getauscht werden, sobald du selbst einen Stich hast."
    ),
    "primer_openings": (
        "Die erste Karte des Spiels (Vorhand, links vom Geber) muss auf eine dieser Arten eröffnen; deine Hand bietet nur die passenden an:"
    ),
    "primer_openings_no_trump": (
        "Im ersten Stich darf sonst niemand Trumpf spielen, außer er hat nur Trümpfe."
    ),
    "primer_no_openings": (
        "Vorhand spielt eine beliebige Karte offen aus; der erste Stich ist ein gewöhnlicher Stich."
    ),
    "primer_free": (
        "Solange der Talon reicht, darf man jede Karte spielen: kein Bedienen, kein Stechen."
    ),
    "primer_strict": (
        "Ist der Talon leer, gelten für die letzten fünf Stiche strenge Regeln: Farbe bedienen und die beste Karte stechen, wenn man kann; ohne die Farbe trumpfen (und einen Trumpf im Stich überstechen, wenn man kann); sonst jede Karte. Deine Hand graut Karten aus, die nicht gehen, und sagt warum."
    ),
    "primer_strict_trumped_any": (
        "Hat schon jemand getrumpft, darf man beim Bedienen jede Karte der Farbe spielen."
    ),
    "primer_strict_trumped_beat": (
        "Auch wenn schon jemand getrumpft hat, muss man beim Bedienen die beste Karte der Farbe stechen, wenn man kann."
    ),
    "primer_marriages": (
        "Ein Paar sind König und Ober einer Farbe auf der Hand: 20 Augen, in Trumpf 40 (beide Paare einer Farbe auf einmal: 40, in Trumpf 80). Melde es mit dem Knopf in deiner Hand oder /melden; die Augen zählen sofort. Deine Partei muss vorher einen Stich gemacht haben."
    ),
    "primer_meld_any_time": (
        "Melden darf man jederzeit, sobald die eigene Partei einen Stich hat, auch wenn man nicht am Zug ist."
    ),
    "primer_meld_after_trick": (
        "Melden darf man nur direkt nach einem Stich der eigenen Partei, vor der nächsten Karte: ein Paar pro Stich."
    ),
    "primer_meld_not_after_talon": "Ist der Talon leer, wird nicht mehr gemeldet.",
    "primer_knock": (
        "Hat eure Partei 101 oder mehr (Stiche und Paare), ruft „Aus!“ (Knopf „Aus!“ oder /ausrufen). Dann werden die Stiche eurer Partei im Kanal umgedreht und gezählt."
    ),
    "primer_count_in_head": "Niemand zeigt die Augen an: zählt im Kopf mit.",
    "primer_knock_right": (
        "Richtig: eure Partei gewinnt ein Spiel; ein doppeltes Spiel (ein Gaigel), wenn die Gegner keinen Stich haben."
    ),
    "primer_knock_wrong": "Zu früh (unter 101): untergaigelt, die Gegner gewinnen doppelt.",
    "primer_played_on": (
        "Zu spät: wer mit 101 oder mehr noch eine Karte spielt, hat weitergespielt; die Gegner dürfen das anklagen (/anklagen) und gewinnen doppelt (übergaigelt). Eine falsche Anklage verliert doppelt."
    ),
    "primer_five_sevens": (
        "Fünf Siebener auf der Hand gewinnen sofort ein einfaches Spiel (mit ihrem Knopf zeigen)."
    ),
    "primer_five_tricks": "Eine Partei, die die ersten fünf Stiche macht, gewinnt sofort doppelt.",
    "primer_show_points": (
        "Dieser Tisch hat die Anfänger-Option: die Augen werden angezeigt, und deine Hand sagt, wann eure Partei „Aus!“ rufen kann."
    ),
    "primer_match_teams": (
        "Zu viert oder zu sechst sitzen die Partner über Kreuz: jeder zweite Platz ist eine Partei (A, B). /gaigel stand zeigt die Partie, /gaigel regeln die Regeln dieses Tisches."
    ),
    "score_legend_strokes": (
        "Striche: die Verlierer eines Spiels machen einen Strich I (V bei doppeltem Spiel), bis {limit} gemacht sind; danach löschen die Gewinner ihre (~~I~~); wer zuerst keinen Strich mehr hat, gewinnt."
    ),
    "score_legend_tokens": (
        "Marken: die Verlierer eines Spiels nehmen eine Marke (zwei bei doppeltem Spiel) aus dem Vorrat von {limit}; danach geben Gewinner ihre zurück; wer zuerst keine mehr hat, gewinnt."
    ),
    "score_legend_points": (
        "Gewinnpunkte: die Gewinner eines Spiels bekommen 1, 2 bei doppeltem Spiel (ein Gaigel); wer zuerst {limit} hat, gewinnt."
    ),
    "score_legend_three": (
        "Drei Spieler: jedes Spiel bringt 5, 3 und 1 (6/3 oder 9, wenn jemand keinen Stich hat); nach {limit} Spielen gewinnen die meisten Gewinnpunkte."
    ),
    "disabled_must_follow": "Graue Karten: du musst {suit} bedienen, solange du kannst.",
    "disabled_must_trump": "Graue Karten: du hast kein {suit}, also musst du trumpfen ({trump}).",
    "disabled_must_overtrump": "Graue Karten: du musst den Trumpf im Stich überstechen.",
    "disabled_must_beat": "Graue Karten: du musst {suit} bedienen und höher stechen, wenn du kannst.",
    "disabled_trump_in_first_trick": "Graue Karten: im ersten Stich kein Trumpf (außer du hast nur Trümpfe).",
    "disabled_bad_opening": "Graue Karten: mit ihnen kann man das Spiel nicht eröffnen.",
    "opening_ge_elfen": "· Ge-Elfen: ein Farb-Ass offen; der erste Stich gehört dir, was auch kommt.",
    "opening_hoeher_hat": (
        "· Höher hat (verdeckt): eine Farbkarte, kein Ass; alle spielen verdeckt, die höchste Karte deiner Farbe gewinnt."
    ),
    "opening_zweite_alte": (
        "· Zweite Alte (verdeckt): ein Farb-Ass verdeckt; wer zuerst das gleiche Ass spielt, gewinnt, sonst du."
    ),
    "opening_trumpf": (
        "· Trumpf: du hast fünf Trümpfe; spiel einen offen aus, du gewinnst, außer jemand mit fünf Trümpfen spielt höher."
    ),
    "can_knock": "Eure Partei hat 101: ihr könnt „Aus!“ rufen (Knopf „Aus!“ oder /ausrufen).",
    "table_title": "Gaigel · Tisch {table}",
    "status_open": "Warte auf Spieler: {taken}/{players} Plätze besetzt. Der Gastgeber startet.",
    "status_waiting": "Das Spiel ist aus. Weiter mit „Nächstes Spiel“.",
    "status_over": "Die Partie ist vorbei: {winner} gewinnt.",
    "status_ended": "Der Gastgeber hat den Tisch geschlossen.",
    "seats": "Plätze",
    "empty_seat": "frei",
    "team": "Partei {name}",
    "dealer": "Geber",
    "vorhand": "Vorhand",
    "away": "abwesend — ein Computer spielt",
    "computer": "Computer ({level})",
    "host": "Gastgeber",
    "trump": "Trumpf",
    "indicator": "{card} liegt offen",
    "talon": "Talon: {count}",
    "talon_empty": "Talon leer: Farbe bekennen und stechen",
    "trick": "Stich",
    "trick_empty": "–",
    "last_trick": "Letzter Stich",
    "taken_by": "an {name}",
    "marriages": "Gemeldet",
    "exchanges": "{name} hat die Trumpf-Sieben getauscht",
    "turn": "**{name}** ist am Zug {when}",
    "recount_running": "✊ Die Stiche werden gezählt…",
    "score": "Stand",
    "points_beginner": "Punkte (Anfänger-Option)",
    "deal_number": "Spiel {number}",
    "result_line": "Spiel {number}: {winner} gewinnt{double} — {reason}{who}",
    "fair_commitment": "-# 🔒 Faires Geben, Spiel {number}: Commitment `{commitment}` (der SHA-256 seines geheimen Seeds, aufgedeckt nach dem Spiel)",
    "fair_revealed": "-# 🔓 Faires Geben, Spiel {number}: Seed `{seed}` · Salt {salt} · prüfbar mit `python -m engine verify` am Export",
    "fair_no_salt": "keins (kein Klick hat das Spiel begonnen)",
    "result_knocked": " · {name} hat „Aus!“ gerufen",
    "result_accused": " · {name} hat {team} angeklagt",
    "double": " doppelt",
    "pool": "Topf: {count}",
    "game_points": "{total} Gewinnpunkte",
    "game_points_one": "{total} Gewinnpunkt",
    "deals_played": "nach {deals} von {limit} Spielen",
    "tokens": "{held} Marken",
    "tokens_one": "{held} Marke",
    "of_strokes": "{limit} Striche",
    "of_strokes_one": "{limit} Strich",
    "deals_played_one": "nach {deals} von {limit} Spiel",
    "head_strokes": "Striche {count}",
    "head_tokens": "Marken {count}",
    "reason_aus": "Aus!",
    "reason_gaigel": "Gaigel!",
    "reason_untergaigelt": "untergaigelt (zu früh „Aus!“ gerufen)",
    "reason_uebergaigelt": "übergaigelt (über 101 weitergespielt)",
    "reason_false_accusation": "falsche Anklage",
    "reason_five_sevens": "fünf Siebener",
    "reason_five_tricks": "fünf Stiche",
    "reason_played_out": "ausgespielt",
    "btn_join": "Mitspielen",
    "btn_leave": "Aufstehen",
    "btn_add": "Computer dazu",
    "btn_start": "Starten",
    "btn_hand": "Meine Karten",
    "btn_next": "Nächstes Spiel",
    "btn_back": "Bin wieder da",
    "btn_last": "Letzter Stich",
    "btn_declare": "Melden {points} {suit}",
    "btn_exchange": "Sieben tauschen",
    "btn_knock": "„Aus!“",
    "btn_accuse": "Anklagen: übergaigelt",
    "btn_accuse_against": "{name} anklagen",
    "btn_sevens": "Fünf Siebener zeigen",
    "btn_refresh": "Aktualisieren",
    "face_down": "verdeckt",
    "hand_title": "Deine Karten · Tisch {table}",
    "hand_turn": "**Du bist am Zug.**",
    "hand_wait": "{name} ist am Zug.",
    "hand_over": "Das Spiel ist aus.",
    "hand_closed": "Dieser Tisch ist geschlossen; das Spiel wurde nicht zu Ende gespielt.",
    "hand_changed": "Deine Karten haben sich geändert; hier sind sie neu.",
    "hand_no_deal": "An diesem Tisch wird gerade nicht gespielt.",
    "hand_opening": "Erste Karte des Spiels: wähle die Eröffnung.",
    "hand_expired_hint": "(Nach 15 Minuten: mit „Meine Karten“ neu öffnen.)",
    "played": "Du hast {card} gespielt.",
    "declared": "Du hast {points} in {suit} gemeldet.",
    "exchanged": "Du hast die Trumpf-Sieben getauscht.",
    "knock_call": (
        "✊ **„Aus!“ ruft {name}.** Die Stiche von Partei {team} werden "
        "umgedreht…"
    ),
    "accuse_call": (
        "⚖️ **Anklage von {name}: Partei {team} hat über 101 weitergespielt!** Die Stiche"
        " werden umgedreht…"
    ),
    "sevens_call": "7️⃣ **Fünf Siebener, gezeigt von {name}:** {cards}",
    "recount_trick": "Stich {n}: {cards} — {points}",
    "recount_melds": "Meldungen: {melds}",
    "recount_exchange": "Siebener-Tausch: {points}",
    "recount_cards": "Karten: {points}",
    "recount_total": "**Summe: {points}**",
    "recount_none": "Keine Stiche.",
    "verdict": "**Ergebnis: {reason}** — {winner} gewinnt{double}.",
    "verdict_one": "**Ergebnis: {reason}** — {winner} gewinnt{double}.",
    "strokes_now": "Stand jetzt: {score}",
    "match_won": "🏆 **{winner} gewinnt die Partie!**",
    "timeout_played": "⏱️ {name}s Zeit ist abgelaufen: ein Computer hat gespielt.",
    "now_away": "💤 {name} hat dreimal nicht gespielt: ein Computer übernimmt bis „Bin wieder da“.",
    "skipped": "⏭️ Der Gastgeber hat {name} übersprungen: ein Computer hat gespielt.",
    "kicked": "{name} wurde vom Tisch entfernt; ein Computer übernimmt.",
    "table_ended": "Der Gastgeber hat den Tisch beendet.",
    "opened": "Tisch {table} ist eröffnet: {link}",
    "opened_here": "Tisch {table} ist eröffnet.",
    "joined": "Du hast Platz genommen.",
    "left": "Du hast den Tisch verlassen.",
    "left_playing": (
        "Du hast den Tisch verlassen; ein Computer spielt deinen Platz bis zum Ende der "
        "Partie."
    ),
    "left_closed": "Du hast den Tisch verlassen; sonst saß niemand mehr, also ist er geschlossen.",
    "walked_out": "{name} hat den Tisch verlassen; ein Computer übernimmt.",
    "added": "Ein Computer hat Platz genommen: {name} ({level}) auf Platz {seat}.",
    "took_over": "Du übernimmst den Platz von {name}.",
    "takes_over": "{name} übernimmt den Platz von {computer}.",
    "not_at_table": "{name} sitzt nicht an diesem Tisch.",
    "knocked": "Du hast „Aus!“ gerufen. Die Nachzählung folgt im Kanal.",
    "accused": (
        "Du hast die Gegenseite angeklagt, über 101 weitergespielt zu haben. Die "
        "Nachzählung folgt im Kanal."
    ),
    "why_declare_meld_closed_trick": (
        "Du kannst jetzt nicht melden: ein Paar darf nur direkt nach einem Stich deiner "
        "Partei gemeldet werden."
    ),
    "why_declare_meld_closed_talon": (
        "Du kannst jetzt nicht melden: der Talon ist leer, und danach wird an diesem "
        "Tisch nicht mehr gemeldet."
    ),
    "why_declare_no_marriage": "Dieses Paar kannst du nicht melden: du hast {pair} nicht.",
    "why_declare_already_declared": "Dieses Paar kannst du nicht melden: es wurde schon gemeldet.",
    "why_declare_no_trick_yet": "Du kannst noch nicht melden: deine Partei hat noch keinen Stich.",
    "why_exchange_no_seven": "Du kannst nicht tauschen: du hast die Trumpf-Sieben nicht.",
    "why_exchange_not_allowed": "Du kannst nicht tauschen: die offene Trumpfkarte ist schon weg.",
    "why_exchange_no_trick_yet": (
        "Du kannst noch nicht tauschen: zuerst muss ein Stich gemacht sein."
    ),
    "why_accuse_not_allowed": (
        "Du kannst jetzt nicht anklagen: die Gegenseite hat nicht über 101 "
        "weitergespielt."
    ),
    "why_accuse_name": "Nenne einen Spieler der Seite, die du anklagst: /anklagen spieler:…",
    "why_accuse_own": "Die eigene Seite kannst du nicht anklagen.",
    "why_deal_over": "Gerade läuft kein Spiel: das letzte ist vorbei.",
    "started": "Das Spiel beginnt.",
    "next_started": "Das nächste Spiel ist gegeben.",
    "ready_waiting": (
        "Du bist bereit; das nächste Spiel beginnt, wenn alle bereit sind (oder der "
        "Gastgeber gibt)."
    ),
    "welcome_back": "Willkommen zurück: dein Platz gehört wieder dir.",
    "no_table_here": "In diesem Kanal gibt es keinen Tisch. Eröffne einen mit /gaigel neu.",
    "not_player": "Du spielst an diesem Tisch nicht mit.",
    "no_pair": "Dieses Paar kannst du jetzt nicht melden.",
    "missing_perms": "Ich kann hier nicht schreiben. Es fehlen die Rechte: {perms}.",
    "manager_only": "Das dürfen nur Server-Verwalter.",
    "host_or_manager": "Das dürfen nur der Gastgeber oder Server-Verwalter.",
    "guild_only": "Das geht nur in einem Server-Kanal.",
    "dm_on": "Deine Karten kommen jetzt auch als Direktnachricht.",
    "dm_off": "Keine Direktnachrichten mehr.",
    "dm_closed": (
        "Ich konnte dir keine Direktnachricht schicken (DMs geschlossen); deine Karten "
        "bleiben hier."
    ),
    "settings_saved": (
        "Einstellungen gespeichert: {settings}\n-# Tische, die schon laufen, behalten ihre Sprache bis zu ihrer nächsten Partie."
    ),
    "settings_now": "Einstellungen: {settings}",
    "no_last_trick": "Es wurde noch kein Stich gemacht.",
    "last_trick_is": "Letzter Stich (an {name}): {cards}",
    "older_hidden": "Ältere Stiche bleiben verdeckt.",
    "alt_table": "Bild des Tischs. {parts}",
    "alt_face_down": "eine verdeckte Karte",
    "alt_recount": "Gezählte Stiche. {parts}",
    "recount_picture_melds": "Meldungen, Siebener",
    "recount_picture_total": "Gesamt",
    "opened_hoeher_hat": (
        "{name} hat verdeckt eröffnet: Höher hat — die höchste Karte der ausgespielten Farbe "
        "gewinnt; alle Karten bleiben verdeckt, bis der Stich voll ist."
    ),
    "opened_zweite_alte": (
        "{name} hat verdeckt eröffnet: Zweite Alte — ein Farb-Ass; wer zuerst das gleiche Ass "
        "spielt, gewinnt den Stich, sonst {name}."
    ),
    "opened_ge_elfen": (
        "{name} hat ein Farb-Ass offen ausgespielt: Ge-Elfen — {name} gewinnt den ersten Stich, "
        "was auch kommt."
    ),
    "opened_trumpf": (
        "{name} hat Trumpf ausgespielt: Trumpf — {name} hat fünf Trümpfe und gewinnt den ersten "
        "Stich, außer jemand mit fünf Trümpfen spielt höher."
    ),
    "hand_declared": "{name} hat {points} {suit} gemeldet",
    "btn_again": "Noch eine Partie",
    "kept": "(freigehalten)",
    "status_kept": "Plätze freigehalten für {names}, bis sie „Noch eine Partie“ klicken (oder gehen).",
    "again_open": (
        "Eine neue Partie an diesem Tisch: dein Platz ist wieder deiner. Die Plätze der anderen "
        "bleiben freigehalten, bis sie „Noch eine Partie“ klicken; der Gastgeber startet."
    ),
    "again_back": "Dein Platz ist wieder deiner. Der Gastgeber startet die Partie.",
    "stats_none": "Noch keine beendeten Spiele.",
    "chart_alt": "{name}: Wertung {rating} nach {count}; {won}, {right}, {wrong}, {marriages}, {gaigels}.",
    "n_rated_matches": "{n} gewerteten Partien",
    "n_rated_matches_one": "1 gewerteten Partie",
    "n_deals_won": "{n} Spiele gewonnen",
    "n_deals_won_one": "1 Spiel gewonnen",
    "n_right_knocks": "{n}-mal richtig „Aus!“ gerufen",
    "n_right_knocks_one": "einmal richtig „Aus!“ gerufen",
    "n_wrong_knocks": "{n}-mal falsch „Aus!“ gerufen",
    "n_wrong_knocks_one": "einmal falsch „Aus!“ gerufen",
    "n_marriages": "{n} Paare gemeldet",
    "n_marriages_one": "1 Paar gemeldet",
    "n_gaigels": "{n} Gaigel",
    "n_gaigels_one": "1 Gaigel",
    "n_matches": "{n} Partien",
    "n_matches_one": "1 Partie",
    "chart_title": "{name}: Wertung und Ergebnisse",
    "chart_rating": "Wertung (mu - 3 sigma) nach den letzten {count} gewerteten Partien, Saison {season}",
    "chart_no_rating": "Noch keine gewertete Partie",
    "chart_deals_won": "Gewonnene Spiele",
    "chart_knocks_right": "„Aus!“ richtig",
    "chart_knocks_wrong": "„Aus!“ zu früh",
    "chart_marriages": "Paare gemeldet",
    "chart_gaigels": "Gaigel",
    "leaderboard_title": (
        "**Bestenliste**, Saison {season}: Wertung = vorsichtige Spielstärke μ − 3σ (openskill), "
        "Leute mit mindestens {min} gewerteten Partien"
    ),
    "leaderboard_row": "{rank}. {name} — Wertung {rating} · {matches} · {won} · Trend {trend}",
    "leaderboard_empty": "Noch niemand hat {min} gewertete Partien in der Saison {season}.",
    "leaderboard_no_season": "Eine Saison {season} gibt es auf diesem Server nicht. Saisons: {seasons}.",
    "season_all": "gesamt",
    "export_empty": "Noch nichts zu exportieren.",
    "export_done": "Verlauf ({scope}, {fmt}): {deals}, beendet vom {first} bis {last} (UTC).",
    "export_deals": "{n} Spiele",
    "export_deals_one": "1 Spiel",
    "export_gzip_one": (
        "Die Datei ist mit gzip gepackt (.gz): 7-Zip, `gunzip` oder Pythons `gzip` öffnet sie."
    ),
    "export_parts": (
        "Er kommt in {files} Dateien, jede mit gzip gepackt (.gz) und für sich eine ganze "
        "{fmt}-Datei: 7-Zip, `gunzip` oder Pythons `gzip` öffnet sie."
    ),
    "export_batch": "-# Dateien {first} bis {last} von {files}.",
    "export_batch_one": "-# Datei {first} von {files}.",
    "export_rest": (
        "Ein Export schickt höchstens {max} Dateien, darum fehlen Spiele, die ab {since} "
        "endeten. Für sie: `/gaigel export seit:{since}` (ein schon geschicktes Spiel kann "
        "noch einmal kommen: jedes hat seine eigene deal_id)."
    ),
    "export_bad_since": (
        "`seit` nimmt einen Tag wie 2025-03-01 oder einen Zeitpunkt wie 2025-03-01T18:30 (UTC)."
    ),
    "export_none_since": "Kein Spiel endete um {since} (UTC) oder später.",
    "skip_done": "Zug übersprungen.",
    "kick_done": "{name} entfernt; ein Computer spielt den Platz.",
    "kick_done_open": "{name} entfernt; der Platz ist frei.",
    "end_done": "Tisch beendet.",
    "yes": "ja",
    "no": "nein",
    "rules_title": "**{preset}** · {players} Spieler",
    "rules_openings": "- Eröffnungen im ersten Stich (Ge-Elfen, Höher hat, Zweite Alte): ",
    "rules_meld": "- Melden: ",
    "rules_meld_any_time": "jederzeit, sobald die Partei einen Stich hat",
    "rules_meld_after_trick": "nur direkt nach einem eigenen Stich, ein Paar pro Stich",
    "rules_meld_after_talon": "- Melden nach dem Talon: ",
    "rules_second_pair": "- Zweites Paar derselben Farbe: ",
    "rules_second_pair_fresh": "mit dem anderen König und Ober",
    "rules_second_pair_never": "nie",
    "rules_exchange": "- Sieben tauschen braucht einen Stich ",
    "rules_exchange_team": "der Partei",
    "rules_exchange_player": "des Spielers",
    "rules_strict": (
        "- Nach dem Talon: bedienen, stechen, trumpfen; im gestochenen Stich trotzdem "
        "höher: "
    ),
    "rules_five_sevens": "- Fünf Siebener gewinnen: ",
    "rules_false_accusation": "- Falsche Anklage verliert doppelt: ",
    "rules_bonus": "- Punkte für den letzten Stich: {last} · für den Siebener-Tausch: {exchange}",
    "rules_knock": (
        "- Wer 101 hat, ruft „Aus!“. Zu früh gerufen: untergaigelt. Über 101 "
        "weitergespielt: übergaigelt."
    ),
    "rules_last_trick_only": "- Nur der letzte Stich darf angesehen werden.",
    "rules_scoring": "- Wertung: {scoring}",
    "rules_scoring_strokes": "Striche ({strokes})",
    "rules_scoring_tokens": "Marken ({strokes})",
    "rules_scoring_points": "Gewinnpunkte bis {target}",
    "rules_scoring_three": "5/3/1 über {deals} Spiele",
    "rules_timer": "- Zugzeit: {seconds} s",
    "rules_show_points": "- Anfänger-Option: Punkte werden angezeigt",
    "rules_computer_knock_own_turn": (
        "- Computer-Partner rufen „Aus!“ erst, wenn sie am Zug sind: ihr könnt es zuerst rufen"
    ),
    "error": "Etwas ist schiefgegangen; nichts wurde geändert.",
    "busy": "Einen Moment: der Tisch ist beschäftigt. Nochmal versuchen.",
    # python -m bot replay: ein beendetes Spiel Stich für Stich im Terminal (bot/replay.py)
    "replay_head": "Rückschau: {what}",
    "replay_table": "Tisch {table}",
    "replay_players": "{count} Spieler",
    "replay_preset": "Regeln: {preset}",
    "replay_seat": "Platz {number}",
    "replay_order": "Reihenfolge: {names} ({name} spielt aus)",
    "replay_teams": "Parteien: {a} gegen {b}",
    "replay_trump": "Trumpf: {suit} · offen: {card} · Talon: {count} Karten",
    "replay_dealt": "Gegeben:",
    "replay_trick": "Stich {number} · Talon: {count}",
    "replay_indicator": " · offen: {card}",
    "replay_hands": "Auf der Hand:",
    "replay_play": "{name} spielt {card}",
    "replay_face_down": "verdeckt gespielt",
    "replay_took": "{name} macht den Stich: {points} Punkte.",
    "replay_bonus": "Bonus für den letzten Stich: {points} Punkte.",
    "replay_cut_short": "Das Spiel endete, bevor dieser Stich vollständig war.",
    "replay_drawn": "Vom Talon: {draws}.",
    "replay_draw": "{card} an {name}",
    "replay_draw_indicator": "{card} an {name} (die offene Karte)",
    "replay_exchange": "{name} tauscht {seven} gegen die offene Karte {card}.",
    "replay_exchange_points": " (+{points} Punkte)",
    "replay_declare": "{name} meldet {points} in {suit}.",
    "replay_declare_both": "{name} meldet beide Paare in {suit}: {points}.",
    "replay_points": "Punkte: {points}",
    "replay_end": "Spielende",
    "replay_left": "Noch auf der Hand:",
    "replay_when_before": "vor der ersten Karte",
    "replay_when_after": "nach Stich {number}",
    "replay_when_during": "in Stich {number}, nach {cards} Karten",
    "replay_when_during_one": "in Stich {number}, nach der ersten Karte",
    "replay_knock": "{name} klopft („Aus!“) {when}.",
    "replay_accuse": "{name} klagt {team} an, über 101 weitergespielt zu haben, {when}.",
    "replay_sevens": "{name} zeigt fünf Siebener {when}: {cards}.",
    "replay_recount": (
        "Nachgezählt für {team}: {tricks} Stiche mit {card_points} Kartenpunkten, {melds} für "
        "Meldungen, {exchange} für Siebener-Tausch: {points} Punkte."
    ),
    "replay_recount_one": (
        "Nachgezählt für {team}: 1 Stich mit {card_points} Kartenpunkten, {melds} für "
        "Meldungen, {exchange} für Siebener-Tausch: {points} Punkte."
    ),
    "replay_result": "Ergebnis: {reason} — {games} Spiele für {winner}.",
    "replay_result_one": "Ergebnis: {reason} — 1 Spiel für {winner}.",
    "replay_fair": "Faires Geben: Commitment {commitment} · Seed {seed} · Salt {salt}",
    "replay_fair_hidden": "Faires Geben: Commitment {commitment} (der Seed ist nicht aufgedeckt)",
    "replay_no_salt": "keins (kein Klick hat das Spiel begonnen)",
    "replay_unreadable": "{file} ist nicht lesbar: {reason}",
    "replay_empty": "{file} enthält kein Spiel.",
    "replay_no_such_deal": "In {file} gibt es kein Spiel {number}: die Datei enthält {deals} Spiele.",
    "replay_no_such_deal_one": "In {file} gibt es kein Spiel {number}: die Datei enthält 1 Spiel.",
    "replay_not_over": "Ein Spiel, das nicht zu Ende ist, kann nie nachgespielt werden.",
    "replay_page_head": (
        "**Rückschau** · Spiel {place} an diesem Tisch · {players} Spieler, Regeln: {preset}"
        " · {page}/{pages}"
    ),
    "replay_page_match": "Spiel {number} seiner Partie",
}
"""The table message, hands, answers, the ceremony, the rules (keys grouped by where they appear)."""


ERRORS: dict[str, str] = {
    "daily_bad_day": "{day!r} ist kein Tag: schreib ihn als JJJJ-MM-TT, zum Beispiel 2026-11-25.",
    "daily_future_day": "Der {day} ist noch nicht gekommen (Tage werden in UTC gezählt).",
    "daily_played": "Spiel {number} hast du schon gespielt: jedes Tagesspiel wird einmal gespielt.",
    "daily_day_over": "Der Tag {day} ist vorbei: seine Spiele können nicht mehr gespielt werden (ihre Seeds sind offengelegt).",
    "daily_not_yours": "Das ist nicht dein Tagesspiel.",
    "daily_no_peeking": "Nicht spicken: Ergebnisse, Ranglisten und Rückschauen des Tages siehst du, wenn du alle sechs Spiele gespielt hast (oder wenn der Tag vorbei ist).",
    "daily_not_over": "Der Tag {day} ist noch nicht vorbei: seine Spiele kann man nach seinem Ende (UTC) zurückschauen.",
    "daily_no_deal": "Es gibt kein Tagesspiel {number}: ein Tag hat die Spiele 1 bis 6.",
    "daily_no_play": "Es gibt an diesem Tag kein beendetes Tagesspiel {number} dieser Person.",
    "daily_no_set": "An diesem Server hat niemand die Tagesspiele vom {day} gespielt.",
    "no_coach": "Tipps gibt es an Tischen mit der Anfänger-Option (show_points).",
    "no_review_coach": "Den Rückblick gibt es an Tischen mit der Anfänger-Option (show_points).",
    "no_review": "An diesem Tisch ist noch kein Spiel zu Ende: es gibt nichts zurückzublicken.",
    "review_not_played": "Du hast in Spiel {number} nicht mitgespielt: es gibt nichts von dir zu bewerten.",
    "other_table": "Dieser Knopf gehört zu einem Tisch in einem anderen Kanal.",
    "not_your_turn": "Du bist nicht am Zug.",
    "not_in_hand": "Diese Karte hast du nicht.",
    "must_follow": "Du musst Farbe bekennen.",
    "must_beat": "Du musst höher stechen, wenn du kannst.",
    "must_trump": "Du kannst nicht bedienen, also musst du trumpfen.",
    "must_overtrump": "Du musst den Trumpf im Stich überstechen.",
    "trump_in_first_trick": "Im ersten Stich kein Trumpf.",
    "bad_opening": "Diese Eröffnung passt nicht zur Karte oder zu deiner Hand.",
    "no_trick_yet": "Deine Partei hat noch keinen Stich.",
    "no_marriage": "Du hast dieses Paar aus König und Ober nicht.",
    "already_declared": "Dieses Paar wurde schon gemeldet.",
    "no_seven": "Du hast die Trumpf-Sieben nicht.",
    "meld_closed": "Melden ist jetzt nicht möglich.",
    "deal_over": "Dieses Spiel ist vorbei.",
    "not_allowed": "Das ist jetzt nicht erlaubt.",
    "trump_pair_40": "Das Trumpfpaar zählt 40: melde es mit /melden 40.",
    "unknown_suit": (
        "Diese Farbe kenne ich nicht: nenne Eichel, Blatt, Herz oder Schellen (oder ♣ ♠ ♥"
        " ♦)."
    ),
    "no_pairs_now": "Du kannst jetzt kein Paar melden.",
    "bad_points": "Punkte müssen 20, 40 oder 80 sein.",
    "need_suit": "Nenne die Farbe: mehrere Paare passen.",
    "no_table": "Hier gibt es keinen solchen Tisch.",
    "table_exists": "In diesem Kanal gibt es schon einen Tisch.",
    "not_seated": "Du sitzt nicht an diesem Tisch.",
    "already_seated": "Du sitzt schon an diesem Tisch.",
    "table_full": "Der Tisch ist voll.",
    "seat_taken": "Dieser Platz ist besetzt.",
    "no_seat": "Diesen Platz gibt es nicht.",
    "not_full": "Noch sind nicht alle Plätze besetzt.",
    "not_host": "Das darf nur der Gastgeber.",
    "not_started": "Das Spiel hat noch nicht begonnen.",
    "already_started": "Das Spiel läuft schon.",
    "deal_running": "Das Spiel läuft noch.",
    "match_over": "Die Partie ist vorbei.",
    "table_closed": "Dieser Tisch ist geschlossen.",
    "old_table_message": "Diese Tischnachricht ist veraltet: Der Tisch geht in seiner neuesten Nachricht weiter, unten im Kanal.",
    "stale": "Deine Karten haben sich geändert; schau nochmal.",
    "table_moved": "Der Tisch hat sich seit deinem Klick geändert (schon einmal geklickt?); schau ihn dir nochmal an.",
    "not_away": "Du bist nicht als abwesend markiert.",
    "bad_option": "Diese Einstellung ist ungültig: {detail}",
    "unknown_level": "Unbekannte Computerstufe {level!r}.",
    "bad_action": "Das ist kein Zug.",
    "kick_self": (
        "Dich selbst kannst du nicht entfernen: mit /gaigel verlassen übernimmt ein Computer "
        "deinen Platz, /gaigel beenden schließt den Tisch."
    ),
    "no_finished_deal": "An diesem Tisch ist noch kein Spiel zu Ende: Es gibt nichts nachzuspielen.",
    "no_such_deal": "Dieser Tisch hat kein Spiel {number}: Bisher waren es {deals}.",
    "deal_not_over": (
        "Spiel {number} ist nicht zu Ende: Ein Spiel lässt sich erst nachspielen, wenn es vorbei"
        " ist (bis dahin sind seine Karten geheim)."
    ),
    "match_running": "Die Partie läuft noch.",
    "seats_kept": (
        "Es fehlen noch {names}: ihre Plätze bleiben freigehalten, bis sie „Noch eine Partie“ "
        "klicken (oder gehen)."
    ),
}
"""Every refusal by code: the engine"s and the service"s."""


LEVELS: dict[str, str] = {
    "random": "Zufall",
    "heuristic": "Faustregeln",
    "strong": "stark",
}
"""Computer levels as players read them (the level"s code stays the option"s value)."""


SETTINGS_WORDS: dict[str, str] = {
    "preset": "Regelwerk",
    "language": "Sprache",
    "suits": "Farben",
    "scoring": "Wertung",
    "strokes": "Striche",
    "timer": "Zugzeit",
    "computer": "Computer",
    "points_shown": "Punkte zeigen",
    "computers_knock": "Computer rufen „Aus!“",
    "pictures": "Bilder",
    "wuerttemberg": "Württemberg",
    "classic": "klassisch",
    "en": "Englisch",
    "de": "Deutsch",
    "german": "deutsch",
    "french": "französisch",
    "strokes_kind": "Striche",
    "tokens": "Marken",
    "points": "Gewinnpunkte",
    "three": "5/3/1",
    "at_once": "sofort",
    "own_turn": "erst, wenn sie am Zug sind",
    "season": "Saison",
    "none": "keine",
    "monthly": "monatlich",
    "quarterly": "vierteljährlich",
    "rating": "Wertung nach",
    "match": "jeder Partie",
    "deal": "jedem Spiel",
}
"""Words of the settings line (option names and values)."""
