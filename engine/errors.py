"""One exception for every refused action, carrying the spec's reason code."""

from __future__ import annotations

from typing import Literal, get_args

RefusalCode = Literal[
    "not_your_turn", "not_in_hand", "must_follow", "must_beat", "must_trump", "must_overtrump",
    "trump_in_first_trick", "bad_opening", "no_trick_yet", "no_marriage", "already_declared",
    "no_seven", "meld_closed", "deal_over", "not_allowed",
]
"""Why the rules refuse an action (the spec's reason codes)."""

ERROR_CODES: tuple[RefusalCode, ...] = get_args(RefusalCode)

MESSAGES: dict[RefusalCode, str] = {
    "not_your_turn": "It is not your turn.",
    "not_in_hand": "You do not hold that card.",
    "must_follow": "You must follow suit.",
    "must_beat": "You must beat the best card of the trick when you can.",
    "must_trump": "You cannot follow suit, so you must trump.",
    "must_overtrump": "You must play a higher trump than the one in the trick.",
    "trump_in_first_trick": "No trumps to the first trick.",
    "bad_opening": "That opening does not fit the card or the hand.",
    "no_trick_yet": "Your team has not won a trick yet.",
    "no_marriage": "You do not hold that King and Ober.",
    "already_declared": "That pair has already been declared.",
    "no_seven": "You do not hold the trump Seven.",
    "meld_closed": "Declaring is not possible now.",
    "deal_over": "This deal is over.",
    "not_allowed": "That is not allowed now.",
}
"""The sentence for each code, for people reading a replay (``python -m engine replay``).
The bot has its own sentences in every language (``bot.texts``), keyed by these codes."""


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is the spec's reason; the state is unchanged."""

    def __init__(self, code: RefusalCode):
        if code not in MESSAGES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.message_en = MESSAGES[code]
        super().__init__(f"{code}: {self.message_en}")
