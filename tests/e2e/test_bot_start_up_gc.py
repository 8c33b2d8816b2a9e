"""The bot's start-up is left out of the full garbage collections that stop the event loop."""

import gc
from collections.abc import Iterator

import pytest
from world import World

from bot.shell import app

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


@pytest.fixture
def first_bot_of_the_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in a process that has not set a bot up yet (a test run has, by this test)."""
    gc.unfreeze()
    monkeypatch.setattr(app, "_START_UP_FROZEN", False)
    yield


async def test_what_is_alive_once_the_bot_is_set_up_is_frozen_once_a_process(
        first_bot_of_the_process: None, world: World) -> None:
    bot = world.bot
    assert gc.get_freeze_count() > 10_000
    scanned = {id(o) for o in gc.get_objects()}
    assert gc.is_tracked(bot) and id(bot) not in scanned  # frozen with the rest of start-up

    # what comes later is collected as usual, and a second set-up freezes nothing more
    await world.new_table("alice")
    later = [object(), {}]
    frozen = gc.get_freeze_count()
    app.freeze_start_up()
    assert gc.get_freeze_count() == frozen
    scanned = {id(o) for o in gc.get_objects()}
    assert id(later) in scanned
