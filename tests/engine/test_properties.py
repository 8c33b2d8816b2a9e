"""Properties of random deals under random legal and illegal actions (hypothesis).

For 2, 3, 4 and 6 players, both presets and random option overrides: accepted actions are the
legal ones, refusals carry a spec error code and change nothing, cards are conserved, points add
up, views hold only what their seat may know (and do not change with the cards hidden from it),
and a deal's record replays to the same state and result.
"""

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import ACTION_KINDS, OPENINGS, Action
from engine.cards import CODES, POINTS, SUITS
from engine.deal import AUS, Deal, Layout, conserved
from engine.errors import ERROR_CODES, IllegalAction
from engine.record import parse_record, replay, replay_deal
from engine.rules import Rules
from engine.views import seat_view

REASONS = {"aus", "gaigel", "untergaigelt", "uebergaigelt", "false_accusation", "five_sevens",
           "five_tricks", "played_out"}
OPTION_VALUES: dict[str, list[Any]] = {
    "openings": [True, False],
    "meld_window": ["team_trick", "after_trick"],
    "meld_after_talon": [True, False],
    "second_pair_same_suit": ["fresh_cards", "never"],
    "exchange_needs": ["team", "self"],
    "beat_when_trumped": [True, False],
    "exchange_points": [0, 10],
    "last_trick_bonus": [0, 10],
    "five_sevens": ["off", "win"],
    "false_accusation": ["double", "none"],
    "gaigel_five_tricks": [True, False],
}
CODE_SET = set(CODES)


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    preset = draw(st.sampled_from(["wuerttemberg", "classic"]))
    overrides = {}
    for name, values in OPTION_VALUES.items():
        value = draw(st.one_of(st.none(), st.sampled_from(values)))
        if value is not None:
            overrides[name] = value
    return Rules.named(preset, **overrides)


SCENARIO = st.tuples(
    st.sampled_from([2, 3, 4, 6]),
    rules_strategy(),
    st.integers(min_value=0, max_value=2**32),
    st.randoms(use_true_random=False),
    st.sampled_from([0.0, 0.02, 0.1]),  # how often a seat claims (knock, accuse) at random
)


# ------------------------------------------------------------------ driving a deal


def random_action(deal: Deal, rng: random.Random) -> Action:
    """Anything at all: a random seat doing a random kind with random fields."""
    n = deal.players
    seat = rng.randrange(n)
    do = rng.choice(ACTION_KINDS)
    if do == "play":
        hand = deal.hands[seat]
        card = rng.choice(hand) if hand and rng.random() < 0.6 else rng.choice(CODES)
        opening = rng.choice([None, None, None, *OPENINGS, "tauchen"])
        return Action(seat, "play", card=card, opening=opening)
    if do == "declare":
        return Action(seat, "declare", suit=rng.choice((*SUITS, "X")),
                      double=rng.random() < 0.3)
    if do == "accuse":
        return Action(seat, "accuse", against=rng.choice([None, None, *range(-1, deal.teams + 1)]))
    return Action(seat, do)


def legal_choice(deal: Deal, rng: random.Random, claim_rate: float) -> Action:
    """A legal action: mostly plays, sometimes shows, rarely claims; knocks when entitled."""
    n = deal.players
    if deal.first_101 is not None and rng.random() < 0.3:
        teams = [t for t in range(deal.teams) if deal.points[t] >= AUS]
        if teams:
            return Action(rng.choice(deal.seats_of(rng.choice(teams))), "knock")
    claims = [a for s in range(n) for a in deal.legal_claims(s)]
    shows = [a for a in claims if a.do in ("declare", "exchange", "sevens")]
    others = [a for a in claims if a.do in ("knock", "accuse")]
    r = rng.random()
    if shows and r < 0.3:
        return rng.choice(shows)
    if others and r > 1 - claim_rate:
        return rng.choice(others)
    assert deal.to_play is not None
    return rng.choice(deal.legal_plays(deal.to_play))


def normalised(deal: Deal, action: Action) -> Action:
    """The form in which ``legal_actions`` lists an accepted action."""
    if action.do == "accuse" and deal.teams == 2 and action.against == 1 - deal.team(
            action.seat):
        return action._replace(against=None)  # naming the only opponent
    return action


# ------------------------------------------------------------------ invariants


def expected_points(deal: Deal) -> list[int]:
    teams = deal.teams
    points = [0] * teams
    for trick in deal.tricks:
        points[trick.winner % teams] += sum(POINTS[c] for c in trick.cards)
    for meld in deal.melds:
        assert meld.points == (40 if meld.suit == deal.trump_suit else 20) * (
            2 if meld.double else 1)
        points[meld.seat % teams] += meld.points
    for seat, _, _ in deal.exchanges:
        points[seat % teams] += deal.rules.exchange_points
    if len(deal.tricks) == deal.total_tricks:
        points[deal.tricks[-1].winner % teams] += deal.rules.last_trick_bonus
    return points


def json_cards(value: Any) -> Counter[str]:
    """Every card code anywhere in a JSON value."""
    out: Counter[str] = Counter()
    if isinstance(value, str):
        if value in CODE_SET:
            out[value] += 1
    elif isinstance(value, dict):
        for v in value.values():
            out += json_cards(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out += json_cards(v)
    return out


def face_down_trick(deal: Deal) -> bool:
    """The current trick is the first, opened face down (spec: hoeher-hat, zweite-alte)."""
    return not deal.tricks and deal.opening in ("hoeher-hat", "zweite-alte")


def knowable(deal: Deal, seat: int) -> Counter[str]:
    """The cards ``seat`` may see now, each as often as it may see it."""
    out = Counter(deal.hands[seat])
    if deal.indicator is not None:
        out[deal.indicator] += 1
    face_down = face_down_trick(deal)
    out.update(c for s, c in deal.trick if not face_down or s == seat)
    if deal.tricks:
        out.update(deal.tricks[-1].cards)
    for m in deal.melds:
        out.update([m.suit + "K", m.suit + "O"] * (2 if m.double else 1))
    for _, seven, taken in deal.exchanges:
        out.update([seven, taken])
    return out


def check_views(deal: Deal) -> None:
    for seat in range(deal.players):
        view = seat_view(deal, seat)
        assert sorted(view.hand) == sorted(deal.hands[seat])
        data = view.to_json()
        shown = json_cards(data)
        # a card listed in the seat's own actions is in its hand: count it once
        shown -= json_cards(data["actions"])
        assert json_cards(data["actions"]) <= Counter(deal.hands[seat]) + Counter(
            set(deal.hands[seat]))
        allowed = knowable(deal, seat)
        assert shown <= allowed, (seat, shown - allowed)
        assert data["points"] is None
        assert Counter(view.visible_cards()) - json_cards(data["actions"]) <= allowed


def check_state(deal: Deal) -> None:
    assert conserved(deal)
    assert deal.points == expected_points(deal)
    assert (deal.to_play is None) == deal.over
    if not deal.over:
        assert deal.legal_plays(deal.to_play), "the seat to play always has a legal card"
    if deal.result is not None:
        assert deal.result.reason in REASONS
        assert deal.result.games in (1, 2)
        assert 0 <= deal.result.winner < deal.teams
    for seat in range(deal.players):
        for action in deal.legal_actions(seat):
            assert deal.refusal(action) is None


def check_legal_actions_apply(deal: Deal) -> None:
    before = (json.dumps(deal.state_json()), [deal.legal_actions(s) for s in range(deal.players)])
    for seat in range(deal.players):
        for action in before[1][seat]:
            trial = deal.copy()
            trial.apply(action)
            assert conserved(trial)
    after = (json.dumps(deal.state_json()), [deal.legal_actions(s) for s in range(deal.players)])
    assert after == before  # copies are independent of the original


def check_replay(deal: Deal) -> None:
    record = json.loads(json.dumps(deal.record()))
    parsed = parse_record(record)
    out = replay(parsed)
    assert all(step["ok"] for step in out["steps"])
    assert out["state"] == deal.state_json()
    assert out["result"] == (deal.result.to_json() if deal.result else None)
    again = replay_deal(parsed)
    assert again.state_json() == deal.state_json() and again.record() == record


def drive(players: int, rules: Rules, seed: int, rng: random.Random, claim_rate: float,
          max_steps: int = 220, deep: bool = True) -> Deal:
    deal = Deal(Layout.seeded(players, seed), rules)
    for _ in range(max_steps):
        if deal.over and rng.random() < 0.7:
            break
        legal = not deal.over and rng.random() < 0.7
        action = legal_choice(deal, rng, claim_rate) if legal else random_action(deal, rng)
        code = deal.refusal(action)
        before = (deal.state_json(), deal.record(),
                  [seat_view(deal, s).to_json() for s in range(players)])
        try:
            deal.apply(action)
        except IllegalAction as exc:
            assert not legal, f"legal action {action} refused: {exc.code}"
            assert exc.code == code and exc.code in ERROR_CODES
            after = (deal.state_json(), deal.record(),
                     [seat_view(deal, s).to_json() for s in range(players)])
            assert after == before
            continue
        assert code is None
        assert deal.actions[-1] == action
        check_state(deal)
        if deep:
            check_views(deal)
            check_legal_actions_apply(deal)
    return deal


# ------------------------------------------------------------------ the properties


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCENARIO)
def test_random_actions_keep_every_invariant(scenario):
    players, rules, seed, rng, claim_rate = scenario
    deal = drive(players, rules, seed, rng, claim_rate)
    check_replay(deal)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCENARIO)
def test_accepted_actions_are_exactly_the_listed_legal_actions(scenario):
    players, rules, seed, rng, claim_rate = scenario
    deal = Deal(Layout.seeded(players, seed), rules)
    for _ in range(150):
        if deal.over:
            break
        listed = {s: set(deal.legal_actions(s)) for s in range(players)}
        for _ in range(6):
            action = random_action(deal, rng)
            accepted = deal.refusal(action) is None
            assert accepted == (normalised(deal, action) in listed[action.seat]), action
        deal.apply(legal_choice(deal, rng, claim_rate))
    check_replay(deal)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCENARIO)
def test_played_to_the_end_points_and_result_follow_the_tricks(scenario):
    players, rules, seed, rng, _ = scenario
    deal = Deal(Layout.seeded(players, seed), rules)
    while not deal.over:
        seat = deal.to_play
        assert seat is not None
        shows = [a for s in range(players) for a in deal.shows(s)]
        if shows and rng.random() < 0.3:
            deal.apply(rng.choice(shows))
        else:
            deal.apply(rng.choice(deal.legal_plays(seat)))
    check_state(deal)
    check_replay(deal)
    assert deal.result is not None
    if deal.result.reason not in ("five_sevens", "five_tricks"):
        assert len(deal.tricks) == deal.total_tricks
        assert sum(len(h) for h in deal.hands) == 0


# ------------------------------------------------------------------ hidden cards


def hidden_trick(deal: Deal, seat: int) -> list[tuple[int, str]]:
    """The face-down cards of the current first trick that ``seat`` has not played."""
    if face_down_trick(deal):
        return [(s, c) for s, c in deal.trick if s != seat]
    return []


def touched(deal: Deal, seat: int, events: list[list[Any]]) -> set[str]:
    """Card codes that were ever visible to ``seat`` or used in public: never shuffled."""
    hidden = hidden_trick(deal, seat)
    out = {deal.layout.trump, *deal.layout.hands[seat]}
    out.update(c for t in deal.tricks for c in t.cards)
    out.update(c for s, c in deal.trick if (s, c) not in hidden)
    for m in deal.melds:
        out.update((m.suit + "K", m.suit + "O"))
    for _, seven, taken in deal.exchanges:
        out.update((seven, taken))
    for batch in events:
        for e in batch:
            if e.kind == "card_drawn" and e.seat == seat:
                out.add(e.data["card"])
            if e.kind == "sevens_shown":
                out.update(e.data["cards"])
    return out


def reshuffled(deal: Deal, seat: int, keep: set[str], rng: random.Random,
               ) -> tuple[Layout, list[Action]]:
    """The layout with every card ``seat`` never saw (and nobody showed) shuffled among the
    other hands and the talon; a face-down card of the current trick is replaced, in the
    actions too, by the card that takes its place."""
    layout = deal.layout
    hands = [list(h) for h in layout.hands]
    talon = list(layout.talon)
    spots = [(o, j) for o in range(len(hands)) if o != seat for j in range(5)
             if hands[o][j] not in keep]
    spots += [(-1, k) for k in range(len(talon)) if talon[k] not in keep]
    played = {}  # (seat, card) of a face-down play -> its place in the dealt hand
    for o, c in hidden_trick(deal, seat):
        j = next(j for j in range(5) if hands[o][j] == c and (o, j) not in played.values())
        played[(o, c)] = (o, j)
    cards = [hands[o][j] if o >= 0 else talon[j] for o, j in spots]
    rng.shuffle(cards)
    for (o, j), c in zip(spots, cards, strict=True):
        if o >= 0:
            hands[o][j] = c
        else:
            talon[j] = c
    actions = list(deal.actions)
    first = len(actions) - len(deal.trick)
    plays = [k for k, a in enumerate(actions) if a.do == "play"]
    for k in plays[len(plays) - len(deal.trick):]:
        a = actions[k]
        if (a.seat, a.card) in played:
            o, j = played[(a.seat, a.card)]
            actions[k] = a._replace(card=hands[o][j])
    assert first >= 0
    return Layout(tuple(tuple(h) for h in hands), layout.trump, tuple(talon)), actions


def probe(deal: Deal, seat: int) -> list[str | None]:
    """What the seat would be told trying each kind of action now."""
    out = [deal.refusal(Action(seat, "play", c, o)) for c in CODES for o in (None, *OPENINGS)]
    out += [deal.refusal(Action(seat, "declare", suit=s, double=d)) for s in SUITS
            for d in (False, True)]
    out += [deal.refusal(Action(seat, k)) for k in ("exchange", "knock", "sevens")]
    out += [deal.refusal(Action(seat, "accuse", against=t)) for t in (None, *range(deal.teams))]
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCENARIO, st.randoms(use_true_random=False))
def test_a_seats_view_does_not_depend_on_cards_hidden_from_it(scenario, shuffler):
    players, rules, seed, rng, claim_rate = scenario
    steps = rng.randrange(1, 10) if rng.random() < 0.3 else rng.randrange(1, 160)
    played = drive(players, rules, seed, rng, claim_rate, max_steps=steps, deep=False)
    base = Deal(played.layout, rules)
    events = [base.apply(a) for a in played.actions]
    for seat in range(players):
        layout, actions = reshuffled(played, seat, touched(base, seat, events), shuffler)
        other = Deal(layout, rules)
        mine = Deal(played.layout, rules)
        assert seat_view(mine, seat) == seat_view(other, seat)
        same = True
        for action, changed in zip(played.actions, actions, strict=True):
            if other.refusal(changed) is not None:
                same = False  # another seat's play is illegal with its new cards: stop here
                break
            e1, e2 = mine.apply(action), other.apply(changed)
            assert [e.seen_by(seat) for e in e1] == [e.seen_by(seat) for e in e2]
            assert seat_view(mine, seat).to_json() == seat_view(other, seat).to_json()
        if same:
            assert probe(mine, seat) == probe(other, seat)
