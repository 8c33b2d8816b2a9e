"""One exception for every refused action, carrying the spec's reason code."""

from __future__ import annotations

ERROR_CODES: tuple[str, ...] = (
    "not_your_turn", "not_in_hand", "must_follow", "must_beat", "must_trump", "must_overtrump",
    "trump_in_first_trick", "bad_opening", "no_trick_yet", "no_marriage", "already_declared",
    "no_seven", "meld_closed", "deal_over", "not_allowed",
)

MESSAGES: dict[str, tuple[str, str]] = {
    "not_your_turn": ("It is not your turn.", "Du bist nicht am Zug."),
    "not_in_hand": ("You do not hold that card.", "Diese Karte hast du nicht."),
    "must_follow": ("You must follow suit.", "Du musst Farbe bekennen."),
    "must_beat": (
        "You must beat the best card of the trick when you can.",
        "Du musst höher stechen, wenn du kannst.",
    ),
    "must_trump": (
        "You cannot follow suit, so you must trump.",
        "Du kannst nicht bedienen, also musst du trumpfen.",
    ),
    "must_overtrump": (
        "You must play a higher trump than the one in the trick.",
        "Du musst den Trumpf im Stich überstechen.",
    ),
    "trump_in_first_trick": ("No trumps to the first trick.", "Im ersten Stich kein Trumpf."),
    "bad_opening": (
        "That opening does not fit the card or the hand.",
        "Diese Eröffnung passt nicht zur Karte oder zum Blatt.",
    ),
    "no_trick_yet": ("Your team has not won a trick yet.", "Deine Partei hat noch keinen Stich."),
    "no_marriage": (
        "You do not hold that King and Ober.",
        "Du hast dieses Paar aus König und Ober nicht.",
    ),
    "already_declared": (
        "That pair has already been declared.",
        "Dieses Paar wurde schon gemeldet.",
    ),
    "no_seven": ("You do not hold the trump Seven.", "Du hast die Trumpf-Sieben nicht."),
    "meld_closed": ("Declaring is not possible now.", "Melden ist jetzt nicht möglich."),
    "deal_over": ("This deal is over.", "Dieses Spiel ist vorbei."),
    "not_allowed": ("That is not allowed now.", "Das ist jetzt nicht erlaubt."),
}


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is the spec's reason; the state is unchanged."""

    def __init__(self, code: str, detail_en: str | None = None, detail_de: str | None = None):
        if code not in MESSAGES:
            raise ValueError(f"unknown error code {code!r}")
        en, de = MESSAGES[code]
        self.code = code
        self.message_en = detail_en or en
        self.message_de = detail_de or de
        super().__init__(f"{code}: {self.message_en}")

    def message(self, lang: str = "en") -> str:
        return self.message_de if lang == "de" else self.message_en
