"""One error type for everything the service refuses, with a code and English/German text."""

from __future__ import annotations

from typing import Any

from engine.errors import MESSAGES as ENGINE_MESSAGES

SERVICE_MESSAGES: dict[str, tuple[str, str]] = {
    "trump_pair_40": ("The trump pair counts 40: declare it with /declare 40.",
                      "Das Trumpfpaar zählt 40: melde es mit /declare 40."),
    "unknown_suit": ("I do not know that suit: name Acorns, Leaves, Hearts or Bells (or ♣ ♠ ♥ ♦).",
                     "Diese Farbe kenne ich nicht: nenne Eichel, Blatt, Herz oder Schellen (oder ♣ ♠ ♥ ♦)."),
    "no_pairs_now": ("You have no pair to declare now.", "Du kannst jetzt kein Paar melden."),
    "bad_points": ("Points must be 20, 40 or 80.", "Punkte müssen 20, 40 oder 80 sein."),
    "need_suit": ("Name the suit: several pairs fit.", "Nenne die Farbe: mehrere Paare passen."),
    "no_table": ("There is no such table here.", "Hier gibt es keinen solchen Tisch."),
    "table_exists": ("This channel already has a table.", "In diesem Kanal gibt es schon einen Tisch."),
    "not_seated": ("You are not seated at this table.", "Du sitzt nicht an diesem Tisch."),
    "already_seated": ("You are already seated at this table.", "Du sitzt schon an diesem Tisch."),
    "table_full": ("The table is full.", "Der Tisch ist voll."),
    "seat_taken": ("That seat is taken.", "Dieser Platz ist besetzt."),
    "no_seat": ("There is no such seat.", "Diesen Platz gibt es nicht."),
    "not_full": ("Not every seat is taken yet.", "Noch sind nicht alle Plätze besetzt."),
    "not_host": ("Only the host can do that.", "Das darf nur der Gastgeber."),
    "not_started": ("The game has not started yet.", "Das Spiel hat noch nicht begonnen."),
    "already_started": ("The game has already started.", "Das Spiel läuft schon."),
    "deal_running": ("The deal is still being played.", "Das Spiel läuft noch."),
    "match_over": ("The match is over.", "Die Partie ist vorbei."),
    "table_closed": ("This table is closed.", "Dieser Tisch ist geschlossen."),
    "stale": ("Your hand changed; look again.", "Dein Blatt hat sich geändert; schau nochmal."),
    "not_away": ("You are not marked away.", "Du bist nicht als abwesend markiert."),
    "bad_option": ("That option is not valid: {detail}", "Diese Einstellung ist ungültig: {detail}"),
    "unknown_level": ("Unknown computer level {level!r}.", "Unbekannte Computerstufe {level!r}."),
    "bad_action": ("That is no action.", "Das ist kein Zug."),
    "kick_self": ("You cannot remove yourself: /gaigel leave gives your seat to a computer, "
                  "/gaigel end closes the table.",
                  "Dich selbst kannst du nicht entfernen: mit /gaigel leave übernimmt ein Computer "
                  "deinen Platz, /gaigel end schließt den Tisch."),
}

MESSAGES: dict[str, tuple[str, str]] = {**ENGINE_MESSAGES, **SERVICE_MESSAGES}
CODES: tuple[str, ...] = tuple(MESSAGES)


class ServiceError(Exception):
    """A refused request. ``code`` is an engine IllegalAction code or a service code."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in MESSAGES:
            raise ValueError(f"unknown service error code {code!r}")
        self.code = code
        self.params = params
        super().__init__(f"{code}: {self.message('en')}")

    def message(self, lang: str = "en") -> str:
        en, de = MESSAGES[self.code]
        text = de if lang == "de" else en
        try:
            return text.format(**self.params)
        except (KeyError, IndexError):
            return text

    @property
    def message_en(self) -> str:
        return self.message("en")

    @property
    def message_de(self) -> str:
        return self.message("de")
