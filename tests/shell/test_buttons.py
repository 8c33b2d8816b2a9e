"""The four buttons hand a click to the route the bot gave their class at start-up, parsed
from the custom_id as it came (a forged one as None), and to nothing else."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.shell.buttons import HandButton, PrimerButton, ReplayButton, TableButton, route_buttons
from bot.shell.custom_ids import HandClick, PlayCard, PrimerPage, ReplayPage, TableClick

INTERACTION: Any = object()
"""Stands for the click's interaction: the buttons only pass it on."""


@pytest.fixture
def routed() -> Iterator[list[tuple[str, Any, Any]]]:
    """Routes that record what they are given; the bot's own are put back afterwards."""
    kept = (TableButton.route, HandButton.route, PrimerButton.route, ReplayButton.route)
    seen: list[tuple[str, Any, Any]] = []

    def route(kind: str) -> Any:
        async def record(interaction: Any, click: Any) -> None:
            seen.append((kind, interaction, click))
        return record

    route_buttons(table=route("table"), hand=route("hand"), primer=route("primer"),
                  replay=route("replay"))
    yield seen
    TableButton.route, HandButton.route, PrimerButton.route, ReplayButton.route = kept


async def clicked(cls: Any, custom_id: str) -> None:
    match = re.fullmatch(cls.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    item = await cls.from_custom_id(INTERACTION, None, match)
    await item.callback(INTERACTION)


async def test_each_button_goes_to_its_own_route_with_the_parsed_click(
        routed: list[tuple[str, Any, Any]]) -> None:
    await clicked(TableButton, "gg:t:5:7:join")
    await clicked(HandButton, HandClick(5, 7, PlayCard(2, "EA", None)).custom_id)
    await clicked(PrimerButton, "gg:p:5:1")
    await clicked(ReplayButton, "gg:r:5:31:3")
    assert routed == [("table", INTERACTION, TableClick(5, 7, "join")),
                      ("hand", INTERACTION, HandClick(5, 7, PlayCard(2, "EA", None))),
                      ("primer", INTERACTION, PrimerPage(5, 1)),
                      ("replay", INTERACTION, ReplayPage(5, 31, 3))]


async def test_a_forged_out_of_range_id_reaches_the_route_as_no_click(
        routed: list[tuple[str, Any, Any]]) -> None:
    await clicked(TableButton, f"gg:t:{2**64}:1:join")
    await clicked(ReplayButton, f"gg:r:5:{2**64}:0")
    assert routed == [("table", INTERACTION, None), ("replay", INTERACTION, None)]


async def test_a_button_without_a_route_refuses_instead_of_guessing() -> None:
    kept = TableButton.route
    TableButton.route = None
    try:
        with pytest.raises(RuntimeError, match="routes"):
            await clicked(TableButton, "gg:t:5:7:join")
    finally:
        TableButton.route = kept
