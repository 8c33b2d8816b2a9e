"""The bot's sentences: every one in English and German, with the same blanks to fill, and a
sentence in both languages for every refusal code of the engine and the service."""

from __future__ import annotations

from string import Formatter

from bot.service.errors import CODES, ServiceError
from bot.service.models import TableOptions
from bot.shell.render import rules_text
from bot.texts import de, en, refusal_text
from engine.errors import ERROR_CODES


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


BOOKS = ("SENTENCES", "ERRORS", "LEVELS", "SETTINGS_WORDS")


def test_both_languages_have_the_same_keys_and_blanks() -> None:
    for book in BOOKS:
        english, german = getattr(en, book), getattr(de, book)
        assert set(english) == set(german), book
        differ = {key: (_fields(english[key]), _fields(german[key])) for key in english
                  if _fields(english[key]) != _fields(german[key])}
        assert differ == {}, book
    # The game's own German words stay German in English too.
    same_in_both = {key for key, text in en.SENTENCES.items() if de.SENTENCES[key] == text}
    assert same_in_both == {"talon", "trick_empty", "reason_aus", "reason_gaigel",
                            "opening_name_ge_elfen", "opening_name_hoeher_hat",
                            "opening_name_zweite_alte", "opening_name_trumpf", "n_gaigels_one"}


def test_every_refusal_code_has_a_sentence_in_both_languages() -> None:
    assert set(ERROR_CODES) <= set(CODES)
    for code in CODES:
        error = ServiceError(code, detail="x", level="x")  # type: ignore[arg-type]
        english, german = refusal_text("en", error), refusal_text("de", error)
        assert english and german and english != german, code


def test_every_refusal_sentence_belongs_to_a_code_the_service_knows() -> None:
    assert set(en.ERRORS) == set(de.ERRORS) == set(CODES)


def test_the_rules_text_says_every_rule_in_both_languages() -> None:
    for preset in ("wuerttemberg", "classic"):
        for scoring in ("strokes", "tokens", "points", "three"):
            options = TableOptions(preset=preset, scoring=scoring, turn_timer=45,
                                   show_points=True, computer_knock="own_turn")
            rules = options.engine_rules()
            english = rules_text(options, rules, "en").splitlines()
            german = rules_text(options, rules, "de").splitlines()
            assert len(english) == len(german) == 16
            assert all(e != g for e, g in zip(english, german, strict=True))
            words = {"wuerttemberg": "Württemberg rules", "classic": "classic rules (1907)"}
            assert english[0] == f"**{words[preset]}** · {options.players} players"
            assert german[-3] == "- Zugzeit: 45 s"


def test_counts_of_one_read_in_the_singular_in_both_languages() -> None:
    from bot.texts import say_n
    assert say_n("en", "n_deals_won", 1, n=1) == "1 deal won"
    assert say_n("en", "n_deals_won", 2, n=2) == "2 deals won"
    assert say_n("en", "n_rated_matches", 1, n=1) == "1 rated match"
    assert say_n("de", "n_deals_won", 1, n=1) == "1 Spiel gewonnen"
    assert say_n("en", "verdict", 1, reason="Aus!", winner="carla", double="").endswith(
        "carla wins.")
    assert say_n("en", "verdict", 2, reason="Aus!", winner="team A (alice, carol)",
                 double="").endswith("team A (alice, carol) win.")
