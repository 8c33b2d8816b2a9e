"""The primer's pages follow the table: its preset's rules, its scoring and its language."""

from __future__ import annotations

from bot.service.models import TableOptions
from bot.shell.custom_ids import PrimerPage
from bot.shell.primer import page_count, primer_page


def pages(options: TableOptions, lang: str = "en") -> list[str]:
    return [primer_page(k, options, options.engine_rules(), lang) for k in range(page_count())]


def test_each_preset_is_taught_with_its_own_rules() -> None:
    pagat = "\n".join(pages(TableOptions(preset="wuerttemberg")))
    classic = "\n".join(pages(TableOptions(preset="classic")))
    assert "Ge-Elfen" in pagat and "Ge-Elfen" not in classic
    assert "once your team has won a trick" in pagat
    assert "once you have won a trick yourself" in classic
    assert "only right after a trick your team won" in classic
    assert "Once the talon is empty, nobody declares" in classic
    assert "must still beat" in classic and "may play any card of it" in pagat
    assert "first five tricks" in classic and "first five tricks" not in pagat


def test_the_match_page_follows_the_scoring_and_the_beginner_option() -> None:
    assert "first team to 7 wins" in pages(TableOptions(scoring="points"))[-1]
    assert "pool of 5" in pages(TableOptions(scoring="tokens", strokes=5))[-1]
    assert "beginner option" in "\n".join(pages(TableOptions(show_points=True)))


def test_every_page_exists_in_german_too_and_out_of_range_pages_are_clamped() -> None:
    options = TableOptions()
    english, german = pages(options), pages(options, "de")
    assert all(e != g for e, g in zip(english, german, strict=True))
    assert primer_page(99, options, options.engine_rules(), "en") == english[-1]
    assert primer_page(-3, options, options.engine_rules(), "en") == english[0]
    assert PrimerPage.parse(PrimerPage(12, 3).custom_id) == PrimerPage(12, 3)
    assert PrimerPage.parse("gg:p:99999999999999999999:1") is None


def test_the_first_page_says_what_the_beginner_help_gives_and_how_to_switch_it() -> None:
    on = pages(TableOptions(show_points=True))[0]
    off = pages(TableOptions(show_points=False))[0]
    assert "running points" in on and "Hint" in on and "Review" in on
    assert "/gaigel new beginner:off" in on
    assert "/gaigel new beginner:on" in off
    assert "anfaenger:aus" in pages(TableOptions(show_points=True), "de")[0]
    knock_on = "\n".join(pages(TableOptions(show_points=True)))
    assert "count in your head" not in knock_on
    assert "count in your head" in "\n".join(pages(TableOptions(show_points=False)))


def test_the_first_deals_page_gives_playing_advice_in_both_languages() -> None:
    english = pages(TableOptions(players=4))
    assert len(english) == 8 and "Your first deals" in english[6]
    advice = english[6]
    for words in ("Smear", "partner", "King and an Ober", "marriage", "Playing last",
                  "Ace", "Keep count", "Knock as soon as"):
        assert words in advice, words
    german = pages(TableOptions(players=4), "de")[6]
    for words in ("Deine ersten Spiele", "Schmieren", "König und Ober", "als Letzter",
                  "Zähl", "„Aus!“"):
        assert words in german, words
    alone = pages(TableOptions(players=3))[6]
    assert "partner" not in alone and "a trick you win yourself" in alone
