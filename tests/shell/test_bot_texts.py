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
    assert say_n("en", "daily_week_row", 1, rank=1, name="ana", percent="50.0", days=1) \
        == "1. ana — 50.0% over 1 day"
    assert say_n("de", "daily_week_row", 3, rank=2, name="ana", percent="50.0", days=3) \
        == "2. ana — 50.0 % über 3 Tage"


def test_no_sentence_hedges_a_plural_with_brackets() -> None:
    """Issue 29: "1 day(s)" reads as a form, not a sentence: a count picks its own form."""
    for book in (en, de):
        for key, sentence in {**book.SENTENCES, **book.ERRORS}.items():
            assert "(s)" not in sentence and "(e)" not in sentence, key


def test_a_result_line_never_stacks_brackets_in_either_language() -> None:
    """Issue 29: "untergaigelt (wrong knock) (double game)" read as two afterthoughts; the
    double game now belongs to the winner's clause, every reason keeps at most one bracket."""
    from bot.shell.render import reason_text
    from bot.texts import say
    from engine.deal import END_REASONS
    for lang in ("en", "de"):
        for reason in END_REASONS:
            line = say(lang, "result_line", number=1, winner="A", reason=reason_text(lang, reason),
                       double=say(lang, "double"), who="")
            assert line.count("(") <= 1 and ")(" not in line.replace(" ", ""), line
    assert say("en", "result_line", number=3, winner="Team A", reason="Aus!",
               double=say("en", "double"), who="") == "Deal 3: Team A won a double game — Aus!"


def _commands(lang: str) -> dict[str, set[str]]:
    """Each command path as Discord shows it in ``lang`` (from the recorded sync payload),
    with its options' names."""
    import json
    from pathlib import Path
    tree = json.loads((Path(__file__).parent / "command_tree.json").read_text())

    def name(o: dict) -> str:  # type: ignore[type-arg]
        return (o.get("name_localizations") or {}).get(lang, o["name"]) if lang != "en" else o["name"]

    out: dict[str, set[str]] = {}
    for top in tree:
        subs = [o for o in top.get("options", []) if o.get("type") == 1]
        for node, path in ([(s, f"/{name(top)} {name(s)}") for s in subs] or [(top, f"/{name(top)}")]):
            out[path] = {name(o) for o in node.get("options", []) if o.get("type", 0) > 2}
    return out


def test_every_command_a_sentence_names_is_one_discord_shows_in_that_language() -> None:
    """Issue 29: a German table spoke of /gaigel help and /knock beside /gaigel neu; each
    language names the commands (and their options) as Discord shows them in it."""
    import re
    mention = re.compile(r"(/[a-z]+(?: [a-z_]+)?)((?: [a-z_]+:)*)")
    for lang, book in (("en", en), ("de", de)):
        commands = _commands(lang)
        roots = {path.split(" ")[0] for path in commands}
        sentences = {**book.SENTENCES, **book.ERRORS}
        for key, sentence in sentences.items():
            for m in mention.finditer(sentence):
                path = m.group(1)
                if path.split(" ")[0] not in roots:
                    continue  # not a command (e.g. "1/8")
                if path not in commands:
                    path = path.split(" ")[0]
                assert path in commands, (lang, key, m.group(0))
                for option in re.findall(r" ([a-z_]+):", m.group(2)):
                    assert option in commands[path], (lang, key, m.group(0))
