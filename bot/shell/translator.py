"""German names and descriptions for the slash commands (discord.py's ``Translator``).

English is the default text sent to Discord; German users see these. Keys are the English
strings of ``commands.py``; a string without an entry stays English.
"""

from __future__ import annotations

import discord
from discord import app_commands

GERMAN: dict[str, str] = {
    # command and group names (lower case, no spaces)
    "gaigel": "gaigel",
    "new": "neu",
    "add": "hinzufuegen",
    "join": "mitspielen",
    "hand": "karten",
    "last": "letzter",
    "score": "stand",
    "replay": "rueckschau",
    "rules": "regeln",
    "help": "hilfe",
    "settings": "einstellungen",
    "export": "export",
    "stats": "statistik",
    "leaderboard": "rangliste",
    "end": "beenden",
    "leave": "verlassen",
    "kick": "entfernen",
    "skip": "ueberspringen",
    "dm": "dm",
    "ping": "anstupsen",
    "daily": "taeglich",
    "declare": "melden",
    "knock": "ausrufen",
    "exchange": "tauschen",
    "accuse": "anklagen",
    # parameter names
    "players": "spieler",
    "preset": "regelwerk",
    "strokes": "striche",
    "timer": "zugzeit",
    "computer": "computer",
    "seat": "platz",
    "language": "sprache",
    "suits": "farben",
    "scoring": "wertung",
    "show_points": "punkte_zeigen",
    "pictures": "bilder",
    "beginner": "anfaenger",
    "scope": "umfang",
    "format": "format",
    "player": "spieler",
    "mode": "modus",
    "points": "punkte",
    "suit": "farbe",
    "season": "saison",
    "rating": "bewertung",
    "since": "seit",
    "deal": "spiel",
    "show": "zeigen",
    "day": "tag",
    # descriptions
    "Play Gaigel, the Swabian card game": "Gaigel spielen, das schwäbische Kartenspiel",
    "Open a Gaigel table in this channel": "Einen Gaigel-Tisch in diesem Kanal eröffnen",
    "Number of players": "Anzahl der Spieler",
    "Rules preset": "Regelwerk",
    "Strokes per match": "Striche pro Partie",
    "Seconds per turn (0: no timer)": "Sekunden pro Zug (0: keine Zugzeit)",
    "Level of computer players for empty seats": "Stärke der Computer für freie Plätze",
    "Seat a computer player (host, before the start)":
        "Einen Computer an den Tisch setzen (Gastgeber, vor dem Start)",
    "Level of the computer player (default: the table's)":
        "Stärke des Computers (sonst die des Tisches)",
    "Seat number (default: the first free one)": "Platznummer (sonst der erste freie)",
    "Take a seat at this channel's table; between deals, a computer's seat":
        "Am Tisch dieses Kanals Platz nehmen; zwischen zwei Spielen den Platz eines Computers",
    "Seat number (default: the first free one, or the first computer's)":
        "Platznummer (sonst der erste freie, oder der des ersten Computers)",
    "Show your cards at this channel's table": "Deine Karten am Tisch dieses Kanals zeigen",
    "Show the last trick (older tricks stay face down)":
        "Den letzten Stich zeigen (ältere Stiche bleiben verdeckt)",
    "Show the match score": "Den Stand der Partie zeigen",
    "A finished deal of this channel's table, trick by trick, for you alone":
        "Ein beendetes Spiel am Tisch dieses Kanals, Stich für Stich, nur für dich",
    "Which deal of the table, the first being 1 (default: the last finished one)":
        "Welches Spiel des Tisches, das erste ist 1 (sonst das zuletzt beendete)",
    "Leave this channel's table; once it has started, a computer takes your seat":
        "Den Tisch dieses Kanals verlassen; nach dem Start übernimmt ein Computer deinen Platz",
    "The table's rules in plain words": "Die Regeln des Tisches in Worten",
    "How to play Gaigel, in a few short pages": "Wie man Gaigel spielt, auf ein paar kurzen Seiten",
    "Server defaults for new tables (server managers)":
        "Voreinstellungen für neue Tische (Server-Verwalter)",
    "Default rules preset": "Voreingestelltes Regelwerk",
    "Language of the tables": "Sprache der Tische",
    "Suit symbols": "Farbzeichen",
    "Default computer level": "Voreingestellte Computerstärke",
    "How a match is scored": "Wie eine Partie gewertet wird",
    "Beginner option: show running points": "Anfänger-Option: laufende Punkte zeigen",
    "Beginner help: running points, Hint and Review (default: on for your first three matches here)":
        "Anfängerhilfe: laufende Punkte, Tipp und Rückblick (sonst an für deine ersten drei Partien hier)",
    "Cards as pictures (on) or text only (off)": "Karten als Bilder (an) oder nur Text (aus)",
    "When computer partners knock": "Wann Computer-Partner „Aus!“ rufen",
    "At once, the moment their team has 101": "Sofort, sobald ihre Partei 101 hat",
    "On their own turn: people may knock first":
        "Erst, wenn sie am Zug sind: Menschen dürfen zuerst „Aus!“ rufen",
    "The history as a file (hosts and server managers)":
        "Der Verlauf als Datei (Gastgeber und Server-Verwalter)",
    "This table or the whole server": "Dieser Tisch oder der ganze Server",
    "File format": "Dateiformat",
    "Only deals that ended on or after this day (YYYY-MM-DD, UTC)":
        "Nur Spiele, die an oder nach diesem Tag endeten (JJJJ-MM-TT, UTC)",
    "A player's results on this server": "Die Ergebnisse eines Spielers auf diesem Server",
    "The player (default: you)": "Der Spieler (sonst du)",
    "The best players on this server": "Die besten Spieler auf diesem Server",
    "An older season (default: the current one)": "Eine frühere Saison (sonst die laufende)",
    "Rating seasons: the leaderboard begins afresh each season":
        "Saisons der Wertung: die Rangliste beginnt jede Saison neu",
    "Ratings move after every match or after every deal":
        "Die Wertung ändert sich nach jeder Partie oder nach jedem Spiel",
    "End this channel's table (host)": "Den Tisch dieses Kanals beenden (Gastgeber)",
    "Remove a player; a computer takes the seat (host)":
        "Einen Spieler entfernen; ein Computer übernimmt (Gastgeber)",
    "The player to remove": "Der zu entfernende Spieler",
    "Let a computer play the current turn (host)":
        "Einen Computer den aktuellen Zug spielen lassen (Gastgeber)",
    "Also keep your hand in a direct message": "Deine Karten auch als Direktnachricht bekommen",
    "Be mentioned when it is your turn": "Erwähnt werden, wenn du am Zug bist",
    "on or off": "an oder aus",
    "Declare a marriage (King and Ober)": "Ein Paar melden (König und Ober)",
    "20 plain pair, 40 trump pair, 80 or plain 40: both pairs":
        "20 Paar, 40 Trumpfpaar, 80 oder 40 in Farbe: beide Paare",
    "Suit of the pair": "Farbe des Paars",
    "Claim “Aus!”: your team has 101": "„Aus!“ rufen: deine Partei hat 101",
    "Swap the trump Seven for the face-up card": "Die Trumpf-Sieben gegen die offene Karte tauschen",
    "Accuse the opponents of playing on past 101": "Die Gegner anklagen, über 101 weitergespielt zu haben",
    "A player of the accused side (three players only)":
        "Ein Spieler der angeklagten Seite (nur zu dritt)",
    # choices
    "Württemberg (pagat)": "Württemberger Regeln (pagat)",
    "Classic (1907)": "Klassische Regeln (1907)",
    "German suits": "Deutsche Farben",
    "French suits": "Französische Farben",
    "Strokes": "Striche",
    "Tokens": "Marken",
    "Game points": "Gewinnpunkte",
    "None": "Keine",
    "Monthly": "Monatlich",
    "Quarterly": "Vierteljährlich",
    "After every match": "Nach jeder Partie",
    "After every deal": "Nach jedem Spiel",
    "table": "Tisch",
    "server": "Server",
    "on": "an",
    "off": "aus",
    "play": "spielen",
    "results": "ergebnisse",
    # the daily deals
    "The daily deals: everyone on this server plays the same six deals":
        "Die Tagesspiele: alle auf diesem Server spielen dieselben sechs Spiele",
    "Play (default), the leaderboard, or every deal's results":
        "Spielen (sonst), die Rangliste oder die Ergebnisse jedes Spiels",
    "Which day (YYYY-MM-DD, UTC; default: today)": "Welcher Tag (JJJJ-MM-TT, UTC; sonst heute)",
    "A day of the daily deals that is over (YYYY-MM-DD): its deal, as you or another player played it":
        "Ein vergangener Tag der Tagesspiele (JJJJ-MM-TT): sein Spiel, wie du oder jemand anderes es gespielt hat",
    "Whose play of that daily deal (default: yours)": "Wessen Spiel dieses Tagesspiels (sonst deines)",
}


class GaigelTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is discord.Locale.german:
            return GERMAN.get(string.message)
        return None
