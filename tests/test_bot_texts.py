"""The bot's sentences: every one in English and German with the same blanks to fill."""

from __future__ import annotations

from string import Formatter

from bot.service.models import TableOptions
from bot.shell.render import rules_text
from bot.shell.texts import TEXTS


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def test_every_sentence_has_the_same_blanks_in_english_and_german() -> None:
    differ = {key: (_fields(en), _fields(de)) for key, (en, de) in TEXTS.items()
              if _fields(en) != _fields(de)}
    assert differ == {}
    # The game's own German words stay German in English too.
    same_in_both = {key for key, (en, de) in TEXTS.items() if en == de}
    assert same_in_both == {"talon", "trick_empty", "reason_aus", "reason_gaigel"}


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
            assert english[0] == f"**Rules: {preset}** · {options.players} players"
            assert german[-3] == "- Zugzeit: 45 s"
