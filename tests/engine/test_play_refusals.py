"""Why a card may not be played comes from the same routine that refuses the play: for every
position of many random deals, each card of the seat to play is either legal or refused with
exactly the reason ``play_refusals`` gives for it."""

from __future__ import annotations

import random

from engine import Deal, Layout
from engine.actions import OPENINGS
from engine.cards import shuffled_pack
from engine.rules import PRESETS


def test_every_card_is_either_playable_or_refused_with_the_reason_the_hand_shows() -> None:
    rng = random.Random(11)
    checked = 0
    for preset in ("wuerttemberg", "classic"):
        for players in (2, 3, 4):
            for _ in range(15):
                deal = Deal(Layout.from_pack(shuffled_pack(rng), players), PRESETS[preset])
                while not deal.over:
                    seat = deal.to_play
                    assert seat is not None
                    legal = {a.card for a in deal.legal_plays(seat)}
                    reasons = deal.play_refusals(seat)
                    first = not deal.tricks and not deal.trick and deal.rules.openings
                    for card in set(deal.hands[seat]):
                        if card in legal:
                            assert card not in reasons
                            continue
                        if first:
                            codes = {deal.play_refusal(seat, card, o) for o in OPENINGS}
                            assert reasons[card] in codes
                        else:
                            assert reasons[card] == deal.play_refusal(seat, card)
                        checked += 1
                    assert deal.play_refusals((seat + 1) % players) == {}
                    deal.apply(rng.choice(deal.legal_plays(seat)))
    assert checked > 100


def test_the_openings_offered_are_those_the_engine_accepts_in_the_spec_order() -> None:
    from engine.tricks import openings_for
    rng = random.Random(5)
    for _ in range(300):
        deal = Deal(Layout.from_pack(shuffled_pack(rng), 4), PRESETS["wuerttemberg"])
        hand = deal.hands[0]
        for card in set(hand):
            offered = openings_for(card, hand, deal.trump_suit)
            accepted = tuple(o for o in OPENINGS if deal.play_refusal(0, card, o) is None)
            assert offered == accepted
