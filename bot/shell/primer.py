"""The primer (``/gaigel help``): a few short pages that teach Gaigel to someone who has never
played it, each matching the table's preset and options (it says which rules this table uses).
Pure: pages are built from the table's options and rules; the sentences are in ``bot.texts``."""

from __future__ import annotations

from typing import Any

from ..texts import LANGUAGES, preset_words, say
from .card_text import suit_symbol

PAGES = ("cards", "deal", "first_trick", "play", "marriages", "knock", "first_deals", "match")


def page_count() -> int:
    return len(PAGES)


def is_primer_page(content: str | None) -> bool:
    """Whether a message's text is a primer page (in any language): its head comes first."""
    if not content:
        return False
    heads = (say(lang, "primer_head").split("{", 1)[0] for lang in LANGUAGES)
    return any(content.startswith(head) for head in heads if head)


def primer_page(page: int, options: Any, rules: Any, lang: str, *, at_table: bool = True) -> str:
    """Page ``page`` (0-based, clamped) for a table with ``options`` and engine ``rules``
    (``at_table``: else the server's defaults for new tables, in a channel without one)."""
    page = max(0, min(page, len(PAGES) - 1))
    name = PAGES[page]
    style = options.suit_style
    suits = " ".join(suit_symbol(s, style) for s in "EBHS")
    head = "\n".join([
        say(lang, "primer_head", page=page + 1, pages=len(PAGES),
            title=say(lang, f"primer_title_{name}")),
        say(lang, "primer_rules_table" if at_table else "primer_rules_no_table",
            rules=preset_words(lang, rules.preset))])
    body: list[str] = []
    if name == "cards":
        body = [say(lang, "primer_cards", suits=suits), say(lang, "primer_cards_values"),
                say(lang, "primer_cards_beat"),
                say(lang, "primer_beginner_on" if options.show_points else "primer_beginner_off")]
    elif name == "deal":
        body = [say(lang, "primer_deal"),
                say(lang, "primer_exchange_team" if rules.exchange_needs == "team"
                    else "primer_exchange_self")]
    elif name == "first_trick":
        if rules.openings:
            body = [say(lang, "primer_openings"), say(lang, "opening_ge_elfen"),
                    say(lang, "opening_hoeher_hat"), say(lang, "opening_zweite_alte"),
                    say(lang, "opening_trumpf"), say(lang, "primer_openings_no_trump")]
        else:
            body = [say(lang, "primer_no_openings")]
    elif name == "play":
        body = [say(lang, "primer_free"), say(lang, "primer_strict"),
                say(lang, "primer_strict_trumped_beat" if rules.beat_when_trumped
                    else "primer_strict_trumped_any")]
    elif name == "marriages":
        body = [say(lang, "primer_marriages"),
                say(lang, "primer_meld_any_time" if rules.meld_window == "team_trick"
                    else "primer_meld_after_trick")]
        if not rules.meld_after_talon:
            body.append(say(lang, "primer_meld_not_after_talon"))
    elif name == "knock":
        body = [*([] if options.show_points else [say(lang, "primer_count_in_head")]),
                say(lang, "primer_knock"), say(lang, "primer_knock_right"),
                say(lang, "primer_knock_wrong"), say(lang, "primer_played_on")]
        if rules.five_sevens == "win":
            body.append(say(lang, "primer_five_sevens"))
        if rules.gaigel_five_tricks:
            body.append(say(lang, "primer_five_tricks"))
        if options.show_points:
            body.append(say(lang, "primer_show_points"))
    elif name == "first_deals":
        partners = options.players in (4, 6)
        body = [say(lang, "primer_tip_smear" if partners else "primer_tip_smear_alone"),
                say(lang, "primer_tip_marriage"), say(lang, "primer_tip_last"),
                say(lang, "primer_tip_count_shown" if options.show_points
                    else "primer_tip_count"),
                say(lang, "primer_tip_knock")]
    elif name == "match":
        body = [say(lang, f"score_legend_{options.scoring}", limit=options.limit),
                say(lang, "primer_match_teams")]
    return "\n".join([head, *body])
