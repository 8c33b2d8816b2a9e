"""A hand explains itself: why its grey cards may not be played (the engine's reason), what the
openings on the deal's first card mean, and what the score's signs mean."""

from __future__ import annotations

from bot.shell.render import disabled_line, opening_lines
from bot.texts import say
from engine import seat_view
from engine.testing import deal_from, play_cards, strict_deal


def test_in_strict_play_the_hand_says_which_suit_must_be_followed() -> None:
    deal = strict_deal(["HA HK EU E7 SA", "H7 HU BA BK S10"], "S", leader=0)
    play_cards(deal, "EU")
    view = seat_view(deal, 1)
    assert dict(view.refusals) == {"H7": "must_trump", "HU": "must_trump", "BA": "must_trump",
                                   "BK": "must_trump"}
    assert disabled_line(view, "en", "german") == \
        "Grey cards: you have no 🌰 Acorns, so you must trump (🔔 Bells)."
    assert disabled_line(view, "de", "french") == \
        "Graue Karten: du hast kein ♣️ Kreuz, also musst du trumpfen (♦️ Karo)."


def test_following_with_a_card_of_the_suit_must_beat_when_it_can() -> None:
    deal = strict_deal(["HK EU E7 SA B7", "HA H7 BA BK S10"], "S", leader=0)
    play_cards(deal, "HK")
    view = seat_view(deal, 1)
    codes = dict(view.refusals)
    assert codes["BA"] == "must_follow" and codes["H7"] == "must_beat" and "HA" not in codes
    assert disabled_line(view, "en", "german") == \
        "Grey cards: you must follow ❤️ Hearts while you can."


def test_no_trump_to_the_first_trick_is_told_to_the_second_player() -> None:
    deal = deal_from(["EA EK HU H7 B10", "SA S7 BK BO E10"], "SU", rules="wuerttemberg")
    play_cards(deal, "EA", opening="ge-elfen")
    view = seat_view(deal, 1)
    assert dict(view.refusals) == {"SA": "trump_in_first_trick", "S7": "trump_in_first_trick"}
    assert "no trumps to the first trick" in (disabled_line(view, "en", "german") or "")


def test_nothing_is_said_when_every_card_may_be_played_or_it_is_not_your_turn() -> None:
    deal = deal_from(["EA EK HU H7 S10", "SA S7 BK BO E10"], "HA", rules="classic")
    assert disabled_line(seat_view(deal, 0), "en", "german") is None
    assert seat_view(deal, 1).refusals == ()


def test_the_first_card_explains_each_opening_it_offers() -> None:
    deal = deal_from(["EA EK HU H7 S10", "SA S7 BK BO E10"], "HA", rules="wuerttemberg")
    lines = opening_lines(seat_view(deal, 0), "en")
    assert sorted(line.split(":")[0] for line in lines) == \
        ["· Ge-Elfen", "· Höher hat (face down)", "· Zweite Alte (face down)"]
    assert len(opening_lines(seat_view(deal, 0), "de")) == len(lines) == 3


def test_the_score_explains_its_signs_for_every_scoring() -> None:
    for kind in ("strokes", "tokens", "points", "three"):
        english = say("en", f"score_legend_{kind}", limit=10)
        german = say("de", f"score_legend_{kind}", limit=10)
        assert "10" in english and "10" in german and english != german
    assert "V" in say("en", "score_legend_strokes", limit=10)


def table_of(names: list[str], style: str = "german") -> object:
    """The public facts ``others_lines`` reads: seat names and the suit style."""
    from types import SimpleNamespace
    seats = tuple(SimpleNamespace(name=n, chair=i) for i, n in enumerate(names))
    return SimpleNamespace(seats=seats, options=SimpleNamespace(suit_style=style))


def test_another_players_opening_is_explained_to_the_others_while_the_first_trick_lies() -> None:
    from bot.shell.render import others_lines
    state = table_of(["Computer 1", "alice"])
    cases = {
        "ge-elfen": (["EA EK HU H7 S10", "SA S7 BK BO E10"], "EA",
                     "Computer 1 led a plain Ace face up: Ge-Elfen — Computer 1 wins the first"),
        "hoeher-hat": (["EA EK HU H7 S10", "SA S7 BK BO E10"], "HU",
                       "Computer 1 opened face down: Höher hat — the highest card of the suit led"),
        "zweite-alte": (["EA EK HU H7 S10", "SA S7 BK BO E10"], "EA",
                        "Computer 1 opened face down: Zweite Alte — a plain Ace; the first to "
                        "play the same Ace wins the trick, else Computer 1."),
        "trumpf": (["SA SK SO SU S10", "HA S7 BK BO E10"], "SA",
                   "Computer 1 led a trump: Trumpf — Computer 1 holds five trumps"),
    }
    for opening, (hands, card, english) in cases.items():
        deal = deal_from(hands, "S7" if opening == "trumpf" else "BA", rules="wuerttemberg")
        play_cards(deal, card, opening=opening)
        lines = others_lines(state, seat_view(deal, 1), "en")  # type: ignore[arg-type]
        assert len(lines) == 1 and lines[0].startswith(english), (opening, lines)
        german = others_lines(state, seat_view(deal, 1), "de")  # type: ignore[arg-type]
        assert german[0].startswith("Computer 1 hat") and german != lines
        assert others_lines(state, seat_view(deal, 0), "en") == []  # type: ignore[arg-type]
        # The face-down card is not named: only the opening is public.
        assert card not in lines[0] or opening in ("ge-elfen", "trumpf")
        play_cards(deal, next(a.card for a in seat_view(deal, 1).actions if a.do == "play"))
        assert others_lines(state, seat_view(deal, 1), "en") == []  # the trick is over
