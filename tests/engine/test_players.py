"""Computer players: legal actions only, exact claims, no peeking, memory, search world."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine import Action, Deal, Event, Layout, Rules, View, seat_view
from engine.cards import CANONICAL_PACK, STRENGTH
from engine.players import LEVELS, Player, SeatMemory, make_player
from engine.players.memory import UNLIMITED, PlayRecord
from engine.players.playout import Playout, solve
from engine.players.sample import sample_world
from engine.players.tournament import play_deal
from engine.selfplay import random_action

PRESETS = ("wuerttemberg", "classic")
COUNTS = (2, 3, 4, 6)
GOOD_ENDS = {"aus", "gaigel", "five_sevens", "five_tricks", "played_out"}


def _seats(levels: list[str], players: int, rules: Rules, seed: int,
           budget_ms: float = 5.0) -> list[Player]:
    return [make_player(levels[s % len(levels)], s, players, rules, budget_ms=budget_ms,
                        seed=seed * 100 + s) for s in range(players)]


def _decisions(seats: list[Player], deal: Deal) -> Iterator[int]:
    """Drive ``deal`` as the service does (every seat's claims after every action) and yield the
    seat to play before each of its plays; the caller looks, then the play is made."""

    def apply(action: Action) -> None:
        events = deal.apply(action)
        for s, p in enumerate(seats):
            p.observe([e.seen_by(s) for e in events])

    while not deal.over:
        claim = next((a for s in range(deal.players)
                      if (a := seats[s].claim(seat_view(deal, s))) is not None), None)
        if claim is not None:
            apply(claim)
            continue
        seat = deal.to_play
        assert seat is not None
        yield seat
        apply(seats[seat].choose(seat_view(deal, seat)))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("levels", [["random"], ["heuristic"], ["heuristic", "random"]])
def test_cheap_levels_play_legal_and_claim_right(preset: str, players: int,
                                                 levels: list[str]) -> None:
    rules = Rules.named(preset)
    for seed in range(25):
        run = play_deal(Layout.seeded(players, seed), rules, _seats(levels, players, rules, seed))
        result = run.deal.result
        assert result is not None
        assert run.missed_knock == 0
        assert result.reason in GOOD_ENDS, (seed, result)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", COUNTS)
def test_strong_plays_legal_and_claims_right(preset: str, players: int) -> None:
    rules = Rules.named(preset)
    for seed in range(2):
        seats = _seats(["strong", "heuristic"], players, rules, seed, budget_ms=3.0)
        run = play_deal(Layout.seeded(players, 1000 + seed), rules, seats)
        result = run.deal.result
        assert result is not None and run.missed_knock == 0
        assert result.reason in GOOD_ENDS


def test_a_driven_deal_shows_each_choice_to_the_watcher_first() -> None:
    """``play_deal``'s ``before_choice`` sees every choice, the seat to play's view, before
    the action it leads to (what a benchmark needs to compare a seat's knowledge with the
    deal)."""
    rules = Rules.named("wuerttemberg")
    seen: list[tuple[int, int]] = []

    def look(deal: Deal, view: View) -> None:
        assert view.seat == deal.to_play
        assert Counter(view.hand) == Counter(deal.hands[view.seat])
        seen.append((view.seat, len(deal.actions)))

    run = play_deal(Layout.seeded(4, 7), rules, _seats(["heuristic"], 4, rules, 7),
                    before_choice=look)
    choices = sum(len(ms) for ms in run.decision_ms.values())
    assert len(seen) == choices > 0
    assert all(run.deal.actions[n].seat == seat for seat, n in seen)


def test_make_player_levels() -> None:
    assert set(LEVELS) == {"random", "heuristic", "strong"}
    with pytest.raises(ValueError):
        make_player("genius", 0, 4, Rules())


# ---------------------------------------------------------------------- claims


class _Blind(Player):
    """A scripted seat that plays legal cards and never claims anything (a careless person)."""

    def claim(self, view: View) -> Action | None:
        return None

    def choose(self, view: View) -> Action:
        plays = [a for a in view.actions if a.do == "play"]
        return random.Random(self.seed + len(plays)).choice(plays)


@pytest.mark.parametrize("level", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_opponents_playing_on_are_accused(level: str, players: int) -> None:
    """A team that does not knock and plays on past 101 is accused at once, rightly."""
    rules = Rules()
    accused = 0
    for seed in range(150):
        if accused >= 3:
            break
        seats: list[Player] = []
        for s in range(players):
            if s % (3 if players == 3 else 2) == 1:
                seats.append(_Blind(s, players, rules, seed=seed))
            else:
                seats.append(make_player(level, s, players, rules, seed=seed))
        run = play_deal(Layout.seeded(players, seed), rules, seats)
        result = run.deal.result
        assert result is not None
        assert result.reason != "false_accusation"
        if result.reason == "uebergaigelt":
            accused += 1
            assert result.winner != 1
            # the accusation came with the first card played on: the deal ends right there
            last_play = max(i for i, a in enumerate(run.deal.actions) if a.do == "play")
            assert run.deal.actions[last_play].seat % (3 if players == 3 else 2) == 1
            assert run.deal.actions[last_play + 1].do == "accuse"
    assert accused > 0


def test_knock_after_a_marriage_when_not_on_turn() -> None:
    """The count includes marriages; the knock comes the moment 101 is reached."""
    rules = Rules()
    for seed in range(300):
        seats = _seats(["heuristic"], 4, rules, seed)
        run = play_deal(Layout.seeded(4, seed), rules, seats)
        deal = run.deal
        assert deal.result is not None
        if deal.actions[-1].do == "knock" and deal.actions[-2].do == "declare":
            declarer, knocker = deal.actions[-2].seat, deal.actions[-1].seat
            assert declarer % 2 == knocker % 2
            return
    pytest.fail("no deal ended with a marriage and a knock")


def test_memory_counts_exactly_and_infers_truly() -> None:
    """Every seat's own count equals the engine's; known cards and caps hold of the real hands;
    a memory rebuilt from the events equals the one fed step by step."""
    for preset in PRESETS:
        rules = Rules.named(preset, exchange_points=10) if preset == "classic" else Rules()
        for players in COUNTS:
            for seed in range(6):
                deal = Deal(Layout.seeded(players, seed), rules)
                rng = random.Random(seed)
                memories = [SeatMemory(s, players, rules) for s in range(players)]
                seen: list[list[Event]] = [[] for _ in range(players)]
                while not deal.over:
                    events = deal.apply(random_action(deal, rng))
                    for s in range(players):
                        mine = [e.seen_by(s) for e in events]
                        memories[s].observe(mine)
                        seen[s] += mine
                    if deal.over:
                        break
                    for s, m in enumerate(memories):
                        assert m.points == deal.points
                        for o in range(players):
                            if o == s:
                                continue
                            hand = Counter(deal.hands[o])
                            for c, k in m.known(o).items():
                                assert hand[c] >= k, (o, c)
                            for c in deal.hands[o]:
                                assert STRENGTH[c] <= m.caps[o][c[0]], (o, c, m.caps[o])
                for s in range(players):
                    rebuilt = SeatMemory.from_events(s, players, rules, seen[s])
                    assert rebuilt.points == memories[s].points
                    assert rebuilt.played == memories[s].played
                    assert rebuilt.caps == memories[s].caps


# ---------------------------------------------------------------------- no peeking


def _swap_positions(layout: Layout, i: int, j: int) -> Layout:
    pack = [c for h in layout.hands for c in h] + [layout.trump] + list(layout.talon)
    pack[i], pack[j] = pack[j], pack[i]
    return Layout.from_pack(pack, layout.players)


@pytest.mark.parametrize("level", ["random", "heuristic", "strong"])
def test_decision_depends_only_on_the_view(level: str) -> None:
    """Two deals that differ only in cards a seat has not seen, same events seen, same view:
    the same decision with the same seed."""
    checked = 0
    for players in (2, 4, 6):
        rules = Rules()
        for seed in range(12):
            layout = Layout.seeded(players, seed)
            rng = random.Random(seed)
            stop = rng.randrange(4, 40)
            deal = Deal(layout, rules)
            for _ in range(stop):
                if deal.over:
                    break
                deal.apply(random_action(deal, rng))
            if deal.over or deal.to_play is None:
                continue
            seat = deal.to_play
            seen = [e.seen_by(seat) for e in _events_of(layout, rules, deal.actions)]
            view = seat_view(deal, seat)
            indicator_pos = 5 * players
            for _ in range(30):
                i, j = rng.randrange(48), rng.randrange(48)
                if indicator_pos in (i, j) or layout_card(layout, i) == layout_card(layout, j):
                    continue
                other = _swap_positions(layout, i, j)
                try:
                    twin_events = _events_of(other, rules, deal.actions)
                except Exception:
                    continue
                twin = Deal(other, rules)
                for a in deal.actions:
                    twin.apply(a)
                if [e.seen_by(seat) for e in twin_events] != seen:
                    continue
                if seat_view(twin, seat) != view or twin.state_json() == deal.state_json():
                    continue
                p1 = make_player(level, seat, players, rules, budget_ms=5, seed=seed)
                p2 = make_player(level, seat, players, rules, budget_ms=5, seed=seed)
                p1.observe(seen)
                p2.observe([e.seen_by(seat) for e in twin_events])
                if level == "strong":
                    p1.budget_ms = p2.budget_ms = 1e6
                    p1.max_samples = p2.max_samples = 6  # type: ignore[attr-defined]
                    p1.min_samples = p2.min_samples = 100  # type: ignore[attr-defined]
                assert p1.choose(view) == p2.choose(seat_view(twin, seat))
                checked += 1
                break
    assert checked >= 10


def layout_card(layout: Layout, i: int) -> str:
    pack = [c for h in layout.hands for c in h] + [layout.trump] + list(layout.talon)
    return pack[i]


def _events_of(layout: Layout, rules: Rules, actions: list[Action]) -> list[Event]:
    deal = Deal(layout, rules)
    out: list[Event] = []
    for a in actions:
        out += deal.apply(a)
    return out


# ---------------------------------------------------------------------- threads and pickles


def test_choose_in_a_thread_and_after_pickling() -> None:
    rules = Rules()
    deal = Deal(Layout.seeded(4, 5), rules)
    rng = random.Random(5)
    while len(deal.tricks) < 2:
        deal.apply(random_action(deal, rng))
    seat = deal.to_play
    assert seat is not None
    player = make_player("strong", seat, 4, rules, budget_ms=1e6, seed=3, max_samples=5,
                         min_samples=100)
    player.observe([e.seen_by(seat) for e in _events_of(deal.layout, rules, deal.actions)])
    view = seat_view(deal, seat)
    direct = player.choose(view)
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(player.choose, view).result() == direct
    clone = pickle.loads(pickle.dumps(player))
    assert clone.choose(pickle.loads(pickle.dumps(view))) == direct
    assert deal.can(direct)


# ---------------------------------------------------------------------- the search's world


def _sim_of(deal: Deal) -> Playout:
    """The omniscient Playout of an engine deal (talon read from the layout, not internals)."""
    layout = deal.layout
    hidden = deal.talon_count - (1 if deal.indicator is not None else 0)
    talon = list(reversed(layout.talon[len(layout.talon) - hidden:]))
    played = Counter(c for t in deal.tricks for c in t.cards) + Counter(c for _, c in deal.trick)
    shown = [dict(s) for s in deal.shown]
    sim = Playout(deal.rules, deal.players, deal.trump_suit, [list(h) for h in deal.hands], talon,
              deal.indicator, list(deal.trick), deal.to_play or 0, list(deal.points),
              list(deal.team_tricks), list(deal.seat_tricks), dict(played), shown,
              {m.suit for m in deal.melds}, len(deal.tricks))
    sim.opening = deal.opening
    return sim


def _play_on(sim: Playout | None, actions: list[Action]) -> None:
    """Give the search's world the cards played since; it makes the claims by itself."""
    for a in actions:
        if sim is not None and a.do == "play":
            assert a.card is not None
            sim.play(a.card)


@pytest.mark.parametrize("start", ["lead", "second_trick"])
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", COUNTS)
def test_sim_follows_the_engine(preset: str, players: int, start: str) -> None:
    """From Vorhand's opening (or the second trick) on, the search's rules give the same legal
    cards, tricks, draws, claims, points and result as the engine driven by computer players."""
    rules = Rules.named(preset)
    compared = 0
    for seed in range(12):
        seats = _seats(["heuristic", "random"], players, rules, seed)
        deal = Deal(Layout.seeded(players, seed), rules)
        sim: Playout | None = None
        fed = 0  # the deal's actions the search's world has been given
        for seat in _decisions(seats, deal):
            _play_on(sim, deal.actions[fed:])
            fed = len(deal.actions)
            if sim is None and (
                    (deal.tricks and not deal.trick) if start == "second_trick"
                    else (len(deal.trick) == 1 and not deal.tricks)):
                sim = _sim_of(deal)
            if sim is not None:
                assert sim.winner is None
                assert sim.to_play == seat
                assert sim.points == deal.points
                assert [sorted(h) for h in sim.hands] == [sorted(h) for h in deal.hands]
                assert sim.indicator == deal.indicator
                assert sorted(sim.legal()) == sorted(deal.legal_cards(seat))
                compared += 1
        _play_on(sim, deal.actions[fed:])
        if sim is not None and deal.result is not None:
            if deal.result.reason in ("aus", "gaigel"):
                assert sim.winner == deal.result.winner
                assert sim.games == deal.result.games
    assert compared > 50


@pytest.mark.parametrize("rules", [Rules(), Rules.named("classic"),
                                   Rules.named("classic", meld_after_talon=True)])
def test_solve_matches_brute_force_minimax(rules: Rules) -> None:
    """The alpha-beta endgame equals a plain minimax over every line."""

    def minimax(sim: Playout, team: int, margin_weight: float = 0.0) -> float:
        if sim.winner is not None:
            return sim.value(team, margin_weight)
        vals = []
        for c in sim.legal():
            nxt = sim.copy()
            nxt.play(c)
            vals.append(minimax(nxt, team, margin_weight))
        return max(vals) if sim.to_play % sim.teams == team else min(vals)

    checked = 0
    for seed in range(40):
        deal = Deal(Layout.seeded(4, seed), rules)
        rng = random.Random(seed)
        while not deal.over and (deal.indicator is not None or len(deal.tricks) < 8):
            deal.apply(random_action(deal, rng))
        if deal.over:
            continue
        sim = _sim_of(deal)
        sim.settle()
        if sim.winner is not None:
            continue
        team = (sim.to_play) % 2
        for c in sim.legal():
            after = sim.copy()
            after.play(c)
            assert solve(sim, team, c) == minimax(after, team)
            assert solve(sim, team, c, margin_weight=0.02) == pytest.approx(
                minimax(after, team, 0.02))
        checked += 1
    assert checked >= 5


def test_the_exact_endgame_plays_for_points_once_the_result_is_settled() -> None:
    """Two tricks left, the game lost whatever seat 0 leads: by games alone its two cards are
    alike, by the margin leading the Ace loses by fewer points; the strong level's endgame
    counts the margin (issue 28)."""
    hands = [["H7", "EA"], ["H10", "BA"], ["B10", "E10"], ["SU", "EO"]]
    left = Counter(c for h in hands for c in h)
    played = dict(Counter(CANONICAL_PACK) - left)
    world = Playout(Rules(), 4, "H", hands, [], None, [], 0, [40, 30], [5, 5], [3, 2, 2, 3],
                    played, [{}, {}, {}, {}], set(), 10)
    assert solve(world, 0, "H7") == solve(world, 0, "EA") == -1.0
    seven, ace = (solve(world, 0, c, margin_weight=0.02) for c in ("H7", "EA"))
    assert ace > seven
    assert (seven, ace) == (pytest.approx(-1.94), pytest.approx(-1.02))


def test_a_playout_solved_exactly_from_the_empty_talon_counts_the_margin() -> None:
    """``exact_leaves``: the heuristic plays to the empty talon, the exact search from there,
    and that search counts the margin as a playout's end does (issue 28, twenty-fourth round:
    it counted games alone, so a world that reached the empty talon lost its tie-break)."""
    fractions = 0
    for seed in range(30):
        deal = Deal(Layout.seeded(4, seed), Rules())
        rng = random.Random(seed)
        while not deal.over and deal.indicator is not None and len(deal.tricks) < 5:
            deal.apply(random_action(deal, rng))
        if deal.over or deal.indicator is None:
            continue
        sim = _sim_of(deal)
        sim.settle()
        if sim.winner is not None:
            continue
        team = sim.to_play % sim.teams
        value = sim.copy().playout_value(team, 0.02, exact=True)
        heuristic = sim.copy()
        heuristic.playout(until_strict=True)
        if heuristic.winner is not None:
            assert value == pytest.approx(heuristic.value(team, 0.02))
            continue
        assert value == pytest.approx(solve(heuristic, team, None, None, 0.02))
        assert round(solve(heuristic, team), 9) in (-3.0, -2.0, -1.0, 1.0, 2.0, 3.0)
        fractions += value != round(value)
    assert fractions >= 5


def test_the_strong_level_values_the_endgame_with_the_margin() -> None:
    """After the talon the search's values are games plus the margin's weight, not games alone
    (so cards are told apart by fractions of a game)."""
    from tests.search_positions import strong_positions

    fractions = 0
    strict = 0
    for player, view in strong_positions(40, first=0, searched=True):
        if view.talon:
            continue
        strict += 1
        plan = player.plan(view)
        assert not isinstance(plan, Action)
        rows = player.world_values(view, plan.memory, list(plan.candidates), plan.stream, 0, 8)
        # a world already over values every card alike (its margin included); a world
        # still played tells the cards apart by more than whole games
        fractions += any(len(set(row)) > 1 and any(v != round(v) for v in row)
                         for row in rows)
    assert strict >= 3 and fractions >= 1


def test_sampled_worlds_are_consistent() -> None:
    """Sampled worlds hold every card twice, the seat's own hand, the known cards, the right
    hand sizes and talon, and respect revealed voids."""
    rules = Rules()
    for players in (2, 3, 4, 6):
        for seed in range(8):
            deal = Deal(Layout.seeded(players, seed), rules)
            rng = random.Random(seed)
            memories = [SeatMemory(s, players, rules) for s in range(players)]
            steps = 0
            while not deal.over:
                events = deal.apply(random_action(deal, rng))
                for s in range(players):
                    memories[s].observe([e.seen_by(s) for e in events])
                steps += 1
                if deal.over or not deal.tricks or steps % 3:
                    continue
                seat = deal.to_play
                assert seat is not None
                view = seat_view(deal, seat)
                world = sample_world(memories[seat], view, rules, random.Random(steps),
                                     settle=False)
                assert world is not None
                every = [c for h in world.hands for c in h] + [c for _, c in world.trick]
                every += world.talon + ([world.indicator] if world.indicator else [])
                every += list(Counter(world.played).elements())
                every = [c for c in every]
                trick_cards = Counter(c for _, c in world.trick)
                total = Counter(every) - trick_cards  # the trick is in played too
                assert total == Counter(CANONICAL_PACK)
                assert world.hands[seat] == list(deal.hands[seat])
                assert [len(h) for h in world.hands] == [len(h) for h in deal.hands]
                assert world.talon_count == deal.talon_count
                for o in range(players):
                    if o == seat:
                        continue
                    assert not (memories[seat].known(o) - Counter(world.hands[o]))
                    caps = memories[seat].caps[o]
                    if any(v != UNLIMITED for v in caps.values()):
                        for c in world.hands[o]:
                            assert STRENGTH[c] <= caps[c[0]]


def test_sampled_worlds_hold_no_claim_a_computer_would_already_have_made() -> None:
    """Every seat is asked for its claims after every action and a computer claims at once, so
    among computer players no other hand can hold a pair it may declare or the Seven it may
    exchange: worlds that deal one are dealt again (``claimed``). Without retries such worlds
    are common, which is what makes the rule worth having."""
    rules = Rules()
    due = {0: 0, 100: 0}
    asked = 0
    for seed in range(12):
        seats = _seats(["heuristic"], 4, rules, seed)
        deal = Deal(Layout.seeded(4, seed), rules)
        for seat in _decisions(seats, deal):
            view = seat_view(deal, seat)
            if view.trick_number:
                asked += 1
                for claimed in due:
                    world = sample_world(seats[seat].memory, view, rules,
                                         random.Random(asked), settle=False, claimed=claimed)
                    assert world is not None
                    due[claimed] += world.claim_due(seat)
    assert asked > 200
    assert due[100] == 0
    assert due[0] > asked // 10


def test_inference_explains_heuristic_play_in_the_true_world() -> None:
    """Among heuristic players, the real hands explain the plays of the current draw round
    exactly (weight 1): the records hold what the players saw when they chose."""
    from engine.players.infer import likelihood, relevant

    rules = Rules()
    total = ones = 0
    for seed in range(30):
        seats = _seats(["heuristic"], 4, rules, seed)
        deal = Deal(Layout.seeded(4, seed), rules)
        for seat in _decisions(seats, deal):
            memory = seats[seat].memory
            records = [r for r in relevant(memory, seat, rules, range(4))
                       if r.epoch == memory.epoch]
            if records and deal.tricks:
                total += 1
                ones += likelihood(_sim_of(deal), records, memory, 0.25, rules) == 1.0
    assert total > 100
    assert ones == total


def test_inference_reads_the_plays_of_the_seats_asked_for() -> None:
    """``relevant``: the plays of the seats given (the partner's, the opponents', any of them);
    never the seat's own, never the openings' first trick, never older than one draw round
    back."""
    from engine.players.infer import relevant

    rules = Rules()
    seen: Counter[str] = Counter()
    for seed in range(6):
        seats = _seats(["heuristic"], 4, rules, seed)
        deal = Deal(Layout.seeded(4, seed), rules)
        for seat in _decisions(seats, deal):
            memory = seats[seat].memory
            partner = (seat + 2) % 4
            eligible = [r for r in memory.history if r.seat != seat and r.tricks_done > 0
                        and r.epoch >= memory.epoch - 1]
            opponents = [(seat + 1) % 4, (seat + 3) % 4]
            for name, asked in (("partner", [partner]), ("opponents", opponents),
                                ("all", range(4)), ("none", [])):
                got = relevant(memory, seat, rules, asked)
                assert got == [r for r in eligible if r.seat in asked]
                seen[name] += bool(got)
    assert seen["partner"] > 20 and seen["opponents"] > 20
    assert seen["none"] == 0


def test_inference_with_a_temperature_weighs_a_near_miss_above_a_card_far_below_the_best() -> None:
    """``temp``: a card the heuristic would not have played weighs ``exp(-gap / temp)`` (at
    least ``eps``), ``gap`` being how far below its best the heuristic values it: a near miss,
    what a searching player or a person often plays, weighs more than a card far below, and
    the heuristic's own card weighs 1. Without ``temp`` every other card weighs ``eps``."""
    from engine.players.heuristic import pick_play
    from engine.players.infer import _match

    rules = Rules()
    eps, temp = 0.05, 4.0
    between = checked = 0
    for seed in range(8):
        seats = _seats(["heuristic"], 4, rules, seed)
        deal = Deal(Layout.seeded(4, seed), rules)
        for seat in _decisions(seats, deal):
            if not deal.tricks or deal.talon_count == 0:
                continue
            hand = list(deal.hands[seat])
            memory = seats[seat].memory
            legal = list(dict.fromkeys(hand))
            if len(legal) < 2:
                continue
            values: list[float] = []
            pick_play(hand, legal, tuple((s, c) for s, c in deal.trick), seat=seat, players=4,
                      trump=deal.trump_suit, talon=deal.talon_count, indicator=deal.indicator,
                      points=memory.points, team_tricks=memory.team_tricks,
                      played=memory.played, shown=memory.shown[seat], values=values)
            best = max(values)
            record = PlayRecord(seat, legal[0], tuple((s, c) for s, c in deal.trick),
                                tuple(memory.points), tuple(memory.team_tricks),
                                deal.talon_count, deal.indicator, dict(memory.played),
                                memory.epoch, len(deal.tricks), dict(+memory.shown[seat]),
                                frozenset(memory.melded_suits))
            weights = {c: _match(hand, record._replace(card=c), 4, deal.trump_suit, rules, eps,
                                 temp) for c in legal}
            plain = {c: _match(hand, record._replace(card=c), 4, deal.trump_suit, rules, eps)
                     for c in legal}
            heuristic = seats[seat].choose(seat_view(deal, seat)).card
            assert weights[heuristic] == plain[heuristic] == 1.0
            others = sorted((best - v, weights[c]) for c, v in zip(legal, values, strict=True)
                            if c != heuristic)
            assert all(plain[c] == eps for c in legal if c != heuristic)
            assert all(w >= eps for _, w in others)
            assert all(a[1] >= b[1] for a, b in zip(others, others[1:], strict=False))
            between += sum(eps < w < 1.0 for _, w in others)
            checked += 1
    assert checked > 100
    assert between > checked  # most decisions hold a near miss weighed between eps and 1


def test_strong_reads_the_plays_of_seats_whose_level_chooses_as_the_heuristic_does() -> None:
    """Who sits where is public at the table; ``strong`` reads its partner's plays when the
    partner is a ``heuristic`` or ``strong`` computer, an opponent's only when it is a
    ``heuristic`` computer (a searching opponent's plays, or a person's, mislead the
    heuristic's model), nobody's before it is told; the options say otherwise when given."""
    from engine.players.strong import StrongPlayer

    def reads(seated: list[str] | None, players: int = 4, **options: object) -> list[int]:
        player = StrongPlayer(0, players, Rules(), **options)  # type: ignore[arg-type]
        if seated is not None:
            player.meet(seated)
        return player.read_seats(0)

    assert reads(None) == []
    assert reads(["strong", "heuristic", "strong", "heuristic"]) == [1, 2, 3]
    assert reads(["strong", "baseline", "strong", "baseline"]) == [2]
    assert reads(["strong", "strong", "person", "strong"]) == []
    assert reads(["person", "random", "heuristic", "strong"]) == [2]
    assert reads(["strong", "heuristic", "person"], players=3) == [1]
    assert reads(["strong", "baseline", "strong", "baseline"], infer_opponents=True) == [1, 2, 3]
    assert reads(["strong", "heuristic", "strong", "heuristic"], infer_partners=False) == [1, 3]
    assert reads(None, infer_partners=True) == [2]
    with pytest.raises(ValueError):
        StrongPlayer(0, 4, Rules()).meet(["strong", "heuristic", "strong"])


def test_a_tournament_tells_every_player_who_sits_where(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player of a tournament deal is told each seat's level before the deal."""
    from engine.players.tournament import MatchSpec, run_pair

    told: list[tuple[str, ...] | None] = []
    original = Player.meet

    def meet(self: Player, seated: list[str]) -> None:
        original(self, seated)
        told.append(self.seated)

    monkeypatch.setattr(Player, "meet", meet)
    run_pair(MatchSpec(a="heuristic", b="random", players=4, duplicate=True, seed=5), 0)
    assert told == [("heuristic", "random", "heuristic", "random")] * 4 + [
        ("random", "heuristic", "random", "heuristic")] * 4


# ---------------------------------------------------------------------- the search's values


def test_evaluate_values_every_card_of_the_view_in_the_same_worlds_reproducibly() -> None:
    """``StrongPlayer.evaluate`` (the coach's review): every distinct card the view may play
    (the trump Seven left out while its exchange is offered), one value per sampled world for
    each, the same numbers for the same seed, events and view; no search without a choice."""
    rules = Rules()
    checked = 0
    for seed in range(30):
        deal = Deal(Layout.seeded(4, seed), rules)
        rng = random.Random(seed)
        while len(deal.tricks) < 2 + seed % 6 and not deal.over:
            deal.apply(random_action(deal, rng))
        if deal.over or deal.to_play is None:
            continue
        seat = deal.to_play
        seen = [e.seen_by(seat) for e in _events_of(deal.layout, rules, deal.actions)]
        view = seat_view(deal, seat)
        found = []
        for _ in range(2):
            player = make_player("strong", seat, 4, rules, budget_ms=1e6, seed=9)
            player.observe(seen)
            found.append(player.evaluate(view, samples=8))  # type: ignore[attr-defined]
        evaluation = found[0]
        assert found[1] == evaluation
        cards = {a.card for a in view.actions if a.do == "play"}
        if any(a.do == "exchange" for a in view.actions):
            cards.discard(view.trump_suit + "7")
        assert sorted(a.card or "" for a in evaluation.actions) == sorted(c or "" for c in cards)
        if len(cards) < 2:
            assert evaluation.samples == 0 and evaluation.best() is None
            continue
        assert evaluation.samples == 8
        assert all(len(v) == 8 for v in evaluation.values)
        best = evaluation.best()
        assert best is not None
        for i in range(len(evaluation.actions)):
            lead, _ = evaluation.lead(best, i)
            assert lead == pytest.approx(evaluation.mean(best) - evaluation.mean(i))
            assert lead >= -1e-9
        # a point margin of 10 (0.05 in the search's unit) is 5 card points changing sides
        assert evaluation.points(10 * evaluation.margin_weight) == pytest.approx(5.0)
        checked += 1
    assert checked >= 10
