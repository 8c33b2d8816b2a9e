"""Helpers for the bot tests: the real bot (``build_bot()``) in simcord, and a ``World`` that
plays the way people do: slash commands and button clicks, reading only what Discord shows
them (plus, where a test needs to decide what a player would know, the service's state)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from typing import Any, cast

import discord
import pytest
import pytest_asyncio
import simcord
import simcord.results
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot import build_bot
from bot.shell import alarms
from bot.shell.app import GaigelBot, Pacing
from bot.shell.card_text import FRENCH_RANKS, FRENCH_SUITS, GERMAN_RANKS, GERMAN_SUITS

CARD_CODE = re.compile(r"\b[EBHS](?:A|10|K|O|U|7)\b")
CARD_FACE = re.compile(r"gg_(?:german|french)_([EBHS](?:A|10|K|O|U|7))(?![0-9A-Za-z])")
"""A card shown as its face: the application emoji's name (``<:gg_german_EA:id>``, a
button's emoji, or the page's picture of it)."""


def _card_pattern() -> re.Pattern[str]:
    syms = sorted(set(GERMAN_SUITS.values()) | set(FRENCH_SUITS.values()), key=len, reverse=True)
    ranks = sorted(set(GERMAN_RANKS.values()) | set(FRENCH_RANKS.values()), key=len, reverse=True)
    return re.compile("(" + "|".join(map(re.escape, syms)) + ")(" + "|".join(ranks) + ")")


CARD_LABEL = _card_pattern()
_SYM_TO_SUIT = {v: k for k, v in GERMAN_SUITS.items()} | {v: k for k, v in FRENCH_SUITS.items()}
_RANK_TO_CODE = {v: k for k, v in GERMAN_RANKS.items()} | {v: k for k, v in FRENCH_RANKS.items()}


def _card_words() -> dict[str, str]:
    """Every card in plain words (a picture's description), both languages and packs → code."""
    from bot.shell.card_text import card_words
    from engine.cards import CODES
    return {card_words(c, lang, style): c for c in CODES
            for lang in ("en", "de") for style in ("german", "french")}


_WORDS_TO_CODE = _card_words()
CARD_WORDS = re.compile("|".join(map(re.escape, sorted(_WORDS_TO_CODE, key=len, reverse=True))))


def cards_in_text(text: str) -> Counter[str]:
    """Every card a text shows (as labels like 🌰A, as faces like gg_german_EA, or in words
    like "Ace of Bells" in a picture's description)."""
    out: Counter[str] = Counter()
    for sym, rank in CARD_LABEL.findall(text or ""):
        out[_SYM_TO_SUIT[sym] + _RANK_TO_CODE[rank]] += 1
    for code in CARD_FACE.findall(text or ""):
        out[code] += 1
    for words in CARD_WORDS.findall(text or ""):
        out[_WORDS_TO_CODE[words]] += 1
    return out


def message_texts(message: discord.Message) -> list[str]:
    """Content, embeds, component labels and attachment descriptions of a message (what a
    person can read, or hear from a screen reader). The coach's line (💡) is a text of its
    own: it names cards the hand already shows (the one to play, the trick's best), so
    counted with the hand it would show them twice."""
    lines = (message.content or "").split("\n")
    out = ["\n".join(x for x in lines if not x.startswith("💡"))]
    out += [x for x in lines if x.startswith("💡")]
    out += [a.description or "" for a in message.attachments]
    for e in message.embeds:
        out += [e.title or "", e.description or "", e.footer.text or "" if e.footer else ""]
        out += [f"{f.name} {f.value}" for f in e.fields]
    for row in message.components:
        for c in getattr(row, "children", [row]):
            # the face and the label each on their own: a card button shows its card twice
            emoji = getattr(c, "emoji", None)
            out += [x for x in (str(emoji) if emoji else "", getattr(c, "label", None) or "")
                    if x]
    return out


def text(result: object) -> str:
    """What the bot answered to a slash command or a click (empty when it did not answer)."""
    r = result.response  # type: ignore[attr-defined]
    return r.content if r is not None else ""


def manager(world: World, name: str) -> object:
    """A member allowed to manage the server (server settings, exports)."""
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.user(name, roles=[role])


def custom_ids(message: discord.Message) -> list[str]:
    out = []
    for row in message.components:
        for c in getattr(row, "children", [row]):
            cid = getattr(c, "custom_id", None)
            if cid:
                out.append(cid)
    return out


def buttons(message: discord.Message) -> list[Any]:
    out = []
    for row in message.components:
        out += list(getattr(row, "children", [row]))
    return out


def playable_ids(message: discord.Message) -> list[str]:
    """The custom_ids of the enabled card buttons of a hand message (in the channel or a DM)."""
    return [b.custom_id for b in buttons(message)
            if (b.custom_id or "").startswith("gg:h:")
            and b.custom_id.split(":")[4].startswith("p") and not b.disabled]


# ---------------------------------------------------------------------- fixtures


@pytest_asyncio.fixture
async def simcord_bot(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[GaigelBot]:
    """The real bot from ``build_bot()``, its database in a temporary file, no pauses."""
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "gaigel.sqlite3"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the working directory
    bot = build_bot(pacing=Pacing.instant(), service_options={"seed": 7})
    World.bots.append(bot)
    yield bot
    for b in World.bots:
        await b.close_service()
    World.bots.clear()


def alarms_on_the_virtual_clock(env: simcord.Env, monkeypatch: pytest.MonkeyPatch | None = None
                                ) -> None:
    """The bot's alarms (turn pings, the hands' expiry) wait on simcord's virtual clock alone:
    time passes for them only when a test lets it (``env.advance_time``).

    Left to simcord, an alarm's sleep also has a wall-clock fallback: when a ping set ten real
    seconds ago comes due (a test's steps take real time while its clock stands still),
    simcord moves the virtual clock ten seconds on in the middle of whatever runs then. A
    settle under way then finds its deadline (5 s on that clock) passed at once, and fails
    on whatever is still waiting, a query to PostgreSQL, say ("bot did not settle"): the
    shard test's fresh-clone CI failure, 10 of 16 runs with two of it side by side. Between a
    click and the bot's answer, the jump would put the answer past Discord's 3-second
    deadline on that clock (10062 Unknown Interaction). Settling also waits such sleeps out
    in real time: without them the random walk takes half the time.

    ``monkeypatch`` undoes it after the test; without it (a worker process of its own) it
    stays. An alarm set outside the bot's own work (a test calling the service itself) sleeps
    as simcord would have it."""

    async def sleep(delay: float) -> None:
        try:
            await env.external_wait(asyncio.sleep(delay), reason="the bot's alarms: pings, expiries")
        except simcord.SetupError:  # not the bot's own work: simcord's usual clock
            await asyncio.sleep(delay)

    if monkeypatch is None:
        alarms._sleep = sleep
    else:
        monkeypatch.setattr(alarms, "_sleep", sleep)


@pytest_asyncio.fixture
async def world(simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture,
                monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """A guild with one channel and the commands synced, the bot's alarms on the virtual clock
    alone; fails on the bot's own ERROR logs."""
    caplog.set_level(logging.INFO)
    alarms_on_the_virtual_clock(simcord_env, monkeypatch)
    await cast(GaigelBot, simcord_env.bot).tree.sync()
    s = World(simcord_env)
    yield s
    bad = [f"{r.name}: {r.getMessage()}" for r in caplog.get_records("call")
           if r.levelno >= logging.ERROR and r.name.startswith("bot")]
    if bad:
        pytest.fail("the bot logged errors:\n" + "\n".join(bad), pytrace=False)


FOUR = ("alice", "bob", "carol", "dan")
"""The four people of most tests; Alice hosts."""


class World:
    bots: list[GaigelBot] = []

    def __init__(self, env: simcord.Env, guild: Any = None, channel: Any = None) -> None:
        """A new guild "Schwaben" with ``#gaigel``, or a view of ``channel`` in ``guild``
        (several tables of one server, each its own World)."""
        self.env = env
        self.guild = guild if guild is not None else env.create_guild(name="Schwaben")
        self.channel = channel if channel is not None else self.guild.create_text_channel("gaigel")
        self.users: dict[str, Any] = {}
        self.last_table: int | None = None
        self.hands: dict[str, Any] = {}
        """The latest hand message each user opened (a live message object)."""
        self.secrets_seen: set[str] = set()
        """Every deal secret (``engine.fair`` seed, hex) the leak checks saw while it was
        secret: a running deal's seed or a table's next seed."""
        self._requests_checked = 0
        """The bot's requests to Discord already searched for secrets."""

    # --- world

    @property
    def bot(self) -> GaigelBot:
        return cast(GaigelBot, self.env.bot)

    @property
    def svc(self) -> Any:
        return self.bot.svc

    def user(self, name: str, **kwargs: Any) -> Any:
        if name not in self.users:
            self.users[name] = self.guild.add_member(self.env.create_user(name), **kwargs)
        return self.users[name]

    def table_id(self) -> int:
        """The channel's live table, or the last one it had (a finished match stays readable)."""
        tid = self.svc.table_in_channel(self.channel.id)
        if tid is not None:
            self.last_table = tid
        assert tid is not None or self.last_table is not None, "no table in the channel"
        return tid if tid is not None else self.last_table  # type: ignore[return-value]

    def live(self) -> Any:
        """The service's live table (omniscient: only for the test's own decisions)."""
        return self.svc.tables[self.table_id()]

    def state(self) -> Any:
        return self.svc.public_state(self.table_id())

    def table_message(self) -> discord.Message:
        mid = self.state().message_id
        for m in self.channel.history():
            if m.id == mid:
                return m
        raise AssertionError("table message not found")

    async def restart(self) -> None:
        """Restart the bot process: a fresh bot on the same database and virtual Discord."""
        old = self.bot
        new = build_bot(pacing=Pacing.instant(), service_options={"seed": 7})
        World.bots.append(new)
        await self.env.restart_bot(new)
        await old.close_service()

    # --- acting

    async def slash(self, who: str, name: str, **options: Any) -> Any:
        return await self.user(who).slash(self.channel, name, **options)

    async def new_table(self, host: str, **options: Any) -> Any:
        result = await self.slash(host, "gaigel new", **options)
        assert result.response is not None and result.response.ephemeral, result
        return result

    async def click_table(self, who: str, act: str) -> Any:
        msg = self.table_message()
        cid = next((c for c in custom_ids(msg) if c.endswith(":" + act)), None)
        assert cid is not None, f"no {act} button on the table message: {custom_ids(msg)}"
        result = await self.user(who).click(msg, custom_id=cid)
        assert result.acknowledged, f"{act} click not answered"
        if act in ("hand", "start", "next") and result.response is not None and any(
                c.startswith("gg:h:") for c in custom_ids(result.response.message)):
            self.hands[who] = result.response.message
        return result

    async def seat_four(self, **options: Any) -> list[Any]:
        """Alice opens a four-player table with ``options``; Bob, Carol and Dan join. Returns
        the answers to their Join clicks."""
        await self.new_table(FOUR[0], players=4, **options)
        return [await self.click_table(who, "join") for who in FOUR[1:]]

    async def start_four(self, **options: Any) -> None:
        """``seat_four``, Alice starts, and everyone's hand is open."""
        await self.seat_four(**options)
        await self.click_table(FOUR[0], "start")
        for who in FOUR[1:]:
            await self.open_hand(who)

    async def open_hand(self, who: str) -> discord.Message:
        result = await self.click_table(who, "hand")
        assert result.response is not None and result.response.ephemeral
        message = cast(discord.Message, result.response.message)
        self.hands[who] = message
        return message

    def hand(self, who: str) -> discord.Message:
        """The user's latest hand message, as it is now (fetched again: messages change)."""
        old = self.hands[who]
        for m in self.visible(who):
            if m.id == old.id:
                return m
        return cast(discord.Message, old)

    def hand_buttons(self, who: str) -> list[Any]:
        return [b for b in buttons(self.hand(who)) if (b.custom_id or "").startswith("gg:h:")]

    def playable(self, who: str) -> list[str]:
        return playable_ids(self.hand(who))

    async def dm_hand(self, who: str) -> discord.Message:
        """Turn ``who``'s DM mirror on; the hand it sent them there."""
        await self.slash(who, "gaigel dm", mode="on")
        return cast(discord.Message, self.user(who).user.dm_channel.history()[-1])

    async def click_hand(self, who: str, custom_id: str) -> Any:
        msg = self.hand(who)
        result = await self.user(who).click(msg, custom_id=custom_id)
        assert result.acknowledged, f"hand click {custom_id} not answered"
        return result

    async def hand_action(self, who: str, act_prefix: str) -> Any:
        cid = next((b.custom_id for b in self.hand_buttons(who)
                    if b.custom_id.split(":")[4].startswith(act_prefix) and not b.disabled), None)
        assert cid is not None, f"{who} has no {act_prefix} button"
        return await self.click_hand(who, cid)

    async def click_together(self, clicks: Iterable[tuple[str, discord.Message, str]], *,
                             forge: bool = False) -> list[Any]:
        """Several clicks dispatched at the same moment, before the bot answers any of them
        (on channel messages and on DM messages alike).

        ``forge``: the message as the client sends it carries an enabled button with this
        custom_id even if Discord shows no such button (a modified client)."""
        backend = self.env.backend
        records = []
        for who, message, cid in clicks:
            actor = self.user(who)
            stored = backend.get_message(message.channel.id, message.id)
            guild_id = backend.get_channel(message.channel.id).guild_id  # None in a DM
            record, payload = _interactions.base_payload(
                backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=message.channel.id,
                guild_id=guild_id, user_id=actor.id,
                data={"custom_id": cid, "component_type": ComponentType.BUTTON})
            payload["message"] = dict(serializers.message_payload(backend, stored))
            if forge:
                payload["message"]["components"] = [{"type": 1, "components": [
                    {"type": 2, "style": 1, "label": "x", "custom_id": cid, "disabled": False}]}]
            record.source_message_id = stored.id
            records.append(record)
            backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        return [simcord.results.InteractionResult(self.env, r) for r in records]

    async def forge_click(self, who: str, message: discord.Message, custom_id: str, *,
                          guild_id: int | None = None, channel_id: int | None = None) -> Any:
        """A click a modified client sends: ``custom_id`` on ``message`` (which need not carry
        it), claiming to come from ``guild_id``/``channel_id`` (default: the message's; a DM's
        has no guild)."""
        backend = self.env.backend
        actor = self.user(who)
        stored = backend.get_message(message.channel.id, message.id)
        channel_id = channel_id if channel_id is not None else message.channel.id
        if guild_id is None:  # the channel's own (None in a DM)
            guild_id = backend.get_channel(channel_id).guild_id
        record, payload = _interactions.base_payload(
            backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=channel_id,
            guild_id=guild_id, user_id=actor.id,
            data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
        payload["message"] = dict(serializers.message_payload(backend, stored))
        payload["message"]["components"] = [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "x", "custom_id": custom_id, "disabled": False}]}]
        record.source_message_id = stored.id
        backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        return simcord.results.InteractionResult(self.env, record)

    # --- seeing

    def visible(self, who: str) -> list[discord.Message]:
        """Every message this user can see in the channel (public and their ephemerals) and
        in their DMs."""
        actor = self.user(who)
        out = list(self.channel.history(viewer=actor))
        with contextlib.suppress(Exception):
            out += list(actor.user.dm_channel.history())
        return out

    # --- playing whole deals the way people do

    def name_of(self, user_id: int | None) -> str | None:
        for name, actor in self.users.items():
            if actor.id == user_id:
                return name
        return None

    def to_play(self) -> str | None:
        """The person whose turn it is (None: a computer's turn or no deal)."""
        st = self.state()
        if st.status != "playing" or st.view is None or st.view.to_play is None:
            return None
        seat = st.seats[st.view.to_play]
        return None if seat.computer or seat.away else self.name_of(seat.user_id)

    async def play_card(self, who: str, pick: int = 0) -> Any:
        """Click a playable card in ``who``'s hand (refreshing a stale hand first)."""
        if who not in self.hands:
            await self.open_hand(who)
        for _ in range(3):
            ids = self.playable(who)
            if ids:
                before = self.state().version
                result = await self.click_hand(who, ids[pick % len(ids)])
                if self.state().version != before:
                    return result
            else:
                await self.hand_action(who, "r")
        raise AssertionError(f"{who} could not play: {self.hand(who).content}")

    def team_with_101(self) -> list[str]:
        """People whose team has reached 101 (the test counts for them, as players do)."""
        live = self.live()
        deal = live.deal
        if deal is None or deal.over:
            return []
        out = []
        for name, actor in self.users.items():
            chair = live.chair_of_user(actor.id)
            if chair is None:
                continue
            seat = live.seat_of_chair(chair)
            if deal.points[seat % deal.teams] >= 101:
                out.append(name)
        return out

    async def play_deal(self, *, knock: bool = True, check: bool = True,
                        max_steps: int = 400) -> None:
        """Play until the deal ends: cards through the hand buttons, /knock at 101."""
        for _ in range(max_steps):
            st = self.state()
            if st.status != "playing":
                return
            if knock:
                knockers = self.team_with_101()
                if knockers:
                    result = await self.slash(knockers[0], "knock")
                    assert result.response is not None and result.response.ephemeral
                    if check:
                        self.check_no_leaks()
                    continue
            who = self.to_play()
            if who is None:
                await self.env.settle()
                if self.state().version == st.version:
                    raise AssertionError("nobody plays: " + self.table_message().content)
                continue
            await self.play_card(who)
            if check:
                self.check_no_leaks()
        raise AssertionError("the deal did not end")

    # --- hidden information

    def secrets(self) -> set[str]:
        """The deal secrets no one may see now (hex): the seed of the table's deal while it
        is not over, and the seed of its next deal (``engine.fair``)."""
        live = self.live()
        out = set()
        if live.next_seed is not None:
            out.add(live.next_seed.hex())
        if (live.fair is not None and live.fair.seed is not None and live.deal is not None
                and not live.deal.over):
            out.add(live.fair.seed)
        return out

    def check_no_secret_seed(self, *, messages: bool = True) -> set[str]:
        """No secret seed (``secrets``) in anything the bot sent to Discord since the last
        check (every request's payload: messages, edits, interaction answers, DMs, deleted
        ones too) nor (``messages``) in any message a user can see (``secret_in``). Returns
        the secrets."""
        secrets = self.secrets()
        self.secrets_seen |= secrets
        requests = self.env.http_requests
        fresh, self._requests_checked = requests[self._requests_checked:], len(requests)
        for e in fresh:
            sent = f"{e.path} {e.params!r} {e.json!r}"
            assert not any(x in sent for x in secrets), f"a secret seed sent: {e.method} {e.path}"
        if messages:
            for name in self.users:
                for m in self.visible(name):
                    assert secret_in(m, secrets) is None, f"{name} sees a secret seed"
        return secrets

    def check_no_leaks(self) -> None:
        """No message a user can see shows a card of another player's hand, or the secret
        seed of a deal that is not over or of the next deal (``check_no_secret_seed``).

        Exact for the live messages: the table message shows at most the public view's
        cards, a user's latest hand at most their own view's cards. Everywhere: card codes
        appear in custom_ids only on the owner's own ephemeral or DM hand.
        """
        from engine import public_view, seat_view
        secrets = self.check_no_secret_seed(messages=False)
        live = self.live()
        deal = live.deal
        state = self.state()
        public_allowed = Counter(public_view(deal).visible_cards()) if deal is not None else Counter()
        trick_cards = Counter(c for t in deal.tricks for c in t.cards) if deal is not None else Counter()
        for name, actor in self.users.items():
            chair = live.chair_of_user(actor.id)
            seat = live.seat_of_chair(chair) if chair is not None else None
            own = (Counter(seat_view(deal, seat).visible_cards())
                   if deal is not None and seat is not None else Counter())
            latest = self.hands.get(name)
            for m in self.visible(name):
                assert secret_in(m, secrets) is None, f"{name} sees a secret seed"
                ids = custom_ids(m)
                private = m.flags.ephemeral or m.guild is None
                for cid in ids:
                    if CARD_CODE.search(cid.split(":")[-1].replace(".", " ")):
                        assert private, f"card in a public custom_id: {cid}"
                if m.id == state.message_id:
                    for text in message_texts(m):
                        assert not cards_in_text(text) - public_allowed, \
                            f"table message shows more than public: {text}"
                elif (latest is not None and m.id == latest.id and deal is not None
                      and any(c.split(":")[2:4] == [str(state.table_id), str(state.version)]
                              for c in ids)):
                    # the user's hand as of now (an older one is an older view of their own)
                    for text in message_texts(m):
                        assert not cards_in_text(text) - own, f"{name}'s hand shows more: {text}"
        if deal is not None and deal.over:
            last = self.channel.last_message
            if last is not None and last.id != state.message_id:
                for text in message_texts(last):
                    assert not cards_in_text(text) - (trick_cards + public_allowed), \
                        f"the ceremony shows a card from a hand: {text}"


def secret_in(message: discord.Message, secrets: set[str]) -> str | None:
    """The text of ``message`` (content, embeds, labels, custom_ids, attachments' names and
    descriptions) that holds one of ``secrets``, if any."""
    texts = message_texts(message) + custom_ids(message) + [
        f"{a.filename} {a.description or ''}" for a in message.attachments]
    return next((t for t in texts if any(x in t for x in secrets)), None)


def log_card_leaks(records: Iterable[logging.LogRecord]) -> list[str]:
    """Log lines of the bot (INFO and up) that name a card code."""
    return [r.getMessage() for r in records
            if r.name.startswith("bot") and r.levelno >= logging.INFO
            and CARD_CODE.search(r.getMessage())]


def log_secret_leaks(records: Iterable[logging.LogRecord], secrets: Iterable[str]) -> list[str]:
    """Log lines of the bot (INFO and up) that name a deal secret (a seed in hex): the bot
    logs none, not even a revealed one."""
    secrets = set(secrets)
    return [r.getMessage() for r in records
            if r.name.startswith("bot") and r.levelno >= logging.INFO
            and any(x in r.getMessage() for x in secrets)]


async def stored_secrets(world: World) -> set[str]:
    """Every deal secret the bot's database holds (each deal's seed, each table's next)."""
    def read(c: Any) -> set[str]:
        seeds = {r[0] for r in c.execute("SELECT fair_seed FROM deals")}
        seeds |= {r[0] for r in c.execute("SELECT next_seed FROM tables")}
        return {x for x in seeds if x}

    return await world.svc.db.read(read)  # type: ignore[no-any-return]


def rigged_pack(hands: list[list[str]], trump: str) -> list[str]:
    """A pack whose deal gives seat i ``hands[i]`` (topped up) and turns up ``trump``."""
    from engine.cards import CANONICAL_PACK
    rest = Counter(CANONICAL_PACK)
    for h in hands:
        rest.subtract(h)
    rest.subtract([trump])
    assert all(v >= 0 for v in rest.values()), "a card more than twice"
    pool = [c for c, n in sorted(rest.items()) for _ in range(n)]
    out: list[str] = []
    for h in hands:
        full = list(h)
        while len(full) < 5:
            full.append(pool.pop())
        out += full
    return out + [trump] + pool


def rig(monkeypatch: pytest.MonkeyPatch, *packs: list[str]) -> None:
    """The next deals are dealt from these packs, in order (then from their fair seeds as
    usual; a rigged deal does not match its fair-deal line, of course)."""
    import bot.service.deals as deals_module
    from engine import Layout
    queue = list(packs)
    real = deals_module.fair_layout  # type: ignore[attr-defined]

    def fake(server_seed: bytes, salt: str, players: int) -> Layout:
        return Layout.from_pack(list(queue.pop(0)), players) if queue else real(
            server_seed, salt, players)

    monkeypatch.setattr(deals_module, "fair_layout", fake)
