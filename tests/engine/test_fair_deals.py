"""Provably fair deals (issue 30): the commitment, the byte stream, the unbiased Fisher–Yates
shuffle and ``python -m engine verify`` exactly as docs/FAIRNESS.md states them."""

import hashlib
import json
import pathlib
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Deal, Layout
from engine.cards import CANONICAL_PACK
from engine.fair import (
    FairDeal,
    byte_stream,
    commitment_of,
    fair_layout,
    fair_pack,
    new_server_seed,
    seed_from_int,
)
from engine.record import RecordError, parse_record, replay
from engine.verify import verify

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTOR_SEED = bytes(range(32))


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT)


def fair_record(server_seed=VECTOR_SEED, salt="1234567890", players=4, reveal=True):
    fair = FairDeal.new(server_seed, salt)
    layout = fair.layout(players)
    return {"format": "gaigel-deal/1", "rules": "wuerttemberg", "players": players,
            "deal": layout.to_json(), "actions": [],
            "fair": (fair if reveal else fair.hidden()).to_json()}


def test_the_test_vector_of_the_issue_deals_exactly_these_cards():
    assert commitment_of(VECTOR_SEED) == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    assert fair_pack(VECTOR_SEED, "1234567890")[:10] == [
        "HU", "SK", "BO", "E7", "EU", "BO", "H10", "HO", "BA", "E10"]
    assert fair_pack(VECTOR_SEED, "")[:5] == ["BU", "E7", "EU", "SU", "B10"]


def test_the_byte_stream_is_the_digests_of_key_and_counter_joined():
    key = hashlib.sha256(VECTOR_SEED + b"42").digest()
    want = b"".join(hashlib.sha256(key + k.to_bytes(4, "big")).digest() for k in range(3))
    stream = byte_stream(VECTOR_SEED, "42")
    assert bytes(next(stream) for _ in range(96)) == want


def test_a_written_out_shuffle_matches_the_engine():
    """The algorithm as FAIRNESS.md spells it, written again from the text, agrees."""
    def reference(seed: bytes, salt: str) -> list[str]:
        key = hashlib.sha256(seed + salt.encode()).digest()
        data = b""
        k = 0
        pos = 0
        pack = list(CANONICAL_PACK)

        def take8() -> int:
            nonlocal data, k, pos
            while len(data) - pos < 8:
                data += hashlib.sha256(key + k.to_bytes(4, "big")).digest()
                k += 1
            x = int.from_bytes(data[pos:pos + 8], "big")
            pos += 8
            return x

        for i in range(47, 0, -1):
            x = take8()
            while x >= 2**64 - (2**64 % (i + 1)):
                x = take8()
            j = x % (i + 1)
            pack[i], pack[j] = pack[j], pack[i]
        return pack

    for n in range(20):
        seed = seed_from_int(n)
        assert fair_pack(seed, str(n * 7919)) == reference(seed, str(n * 7919))


def test_every_fair_deal_is_a_whole_pack_laid_out_as_the_spec_says():
    for players in (2, 3, 4, 6):
        seed = seed_from_int(players)
        layout = fair_layout(seed, "99", players)
        assert layout.problems() == []
        pack = fair_pack(seed, "99")
        assert layout == Layout.from_pack(pack, players)
        assert Counter(pack) == Counter(CANONICAL_PACK)


def test_the_salt_changes_the_deal_and_the_seed_is_fresh_each_time():
    seed = seed_from_int(1)
    assert fair_pack(seed, "1") != fair_pack(seed, "2")
    assert new_server_seed() != new_server_seed()
    assert len(new_server_seed()) == 32


def test_the_shuffle_has_no_visible_bias_on_the_first_card():
    """Each of the 24 codes should come first about 1/24 of the time (a chi-square bound far
    above what a fair shuffle of 4,800 deals reaches)."""
    firsts = Counter(fair_pack(seed_from_int(n), "")[0] for n in range(4800))
    expected = 4800 / 24
    chi2 = sum((firsts[c] - expected) ** 2 / expected for c in set(CANONICAL_PACK))
    assert len(firsts) == 24
    assert chi2 < 60  # 23 degrees of freedom: p < 1e-4 beyond about 55


@settings(max_examples=50, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.from_regex(r"[0-9]{0,20}", fullmatch=True))
def test_a_fair_line_checks_its_own_deal_and_no_other(seed, salt):
    fair = FairDeal.new(seed, salt)
    layout = fair.layout(4)
    assert fair.check(layout) is None
    other = FairDeal.new(bytes(32) if seed != bytes(32) else bytes([1]) * 32, salt)
    assert other.check(layout) in ("layout_mismatch", None)
    forged = FairDeal(fair.commitment, other.seed, salt)
    assert forged.check(layout) == "commitment_mismatch"
    assert fair.hidden().check(layout) == "seed_hidden"
    assert "seed" not in fair.hidden().to_json()


def test_a_record_with_a_fair_line_replays_and_keeps_it():
    data = fair_record()
    rec = parse_record(data)
    assert rec.fair is not None and rec.fair.salt == "1234567890"
    assert rec.to_json()["fair"] == data["fair"]
    # a revealed fair line names the deal on its own, as an integer seed does
    del data["deal"]
    assert parse_record(data).layout == fair_layout(VECTOR_SEED, "1234567890", 4)
    assert replay(parse_record(data))["state"]["hands"][0] == list(
        fair_pack(VECTOR_SEED, "1234567890")[:5])


def test_an_integer_seed_keeps_its_meaning_beside_a_fair_line():
    data = {"format": "gaigel-deal/1", "rules": "wuerttemberg", "players": 4, "seed": 7,
            "actions": []}
    assert parse_record(data).layout == Layout.seeded(4, 7)


@pytest.mark.parametrize("bad", [
    {"commitment": "XYZ", "salt": ""},
    {"commitment": "0" * 64, "seed": "00", "salt": ""},
    {"commitment": "0" * 64, "salt": "12a"},
    {"commitment": "0" * 64, "salt": 12},
    "not an object",
])
def test_a_malformed_fair_line_is_an_unreadable_record(bad):
    data = fair_record()
    data["fair"] = bad
    with pytest.raises(RecordError):
        parse_record(data)


def test_verify_says_ok_for_each_honest_deal_and_exits_zero(tmp_path):
    history = {"format": "gaigel-history/1", "deals": [
        fair_record(seed_from_int(1), "111"), fair_record(seed_from_int(2), "", players=3)]}
    f = tmp_path / "history.json"
    f.write_text(json.dumps(history))
    out = run("verify", str(f))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("deal 1: ok, commitment " + commitment_of(seed_from_int(1)))
    assert lines[1].startswith("deal 2: ok")
    assert lines[-1] == "2 deals: 2 verified, 0 failed"


def test_verify_finds_a_changed_card_a_forged_seed_and_a_hidden_seed():
    changed = fair_record()
    hands = changed["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    forged = fair_record()
    forged["fair"]["seed"] = seed_from_int(5).hex()
    hidden = fair_record(reveal=False)
    missing = fair_record()
    del missing["fair"]
    history = {"format": "gaigel-history/1",
               "deals": [fair_record(), changed, forged, hidden, missing]}
    verdicts = verify(history)
    assert [v.problem for v in verdicts] == [
        None, "layout_mismatch", "commitment_mismatch", "seed_hidden", "no_fair"]
    out = run("verify", "-", stdin=json.dumps(history))
    assert out.returncode == 1
    assert out.stdout.strip().splitlines()[-1] == "5 deals: 1 verified, 4 failed"
    assert "FAILED" in out.stdout.splitlines()[1]


def test_verify_of_something_that_is_no_record_exits_two():
    out = run("verify", "-", stdin='{"format": "something-else"}')
    assert out.returncode == 2 and out.stderr.strip()
    out = run("verify", "-", stdin="not json")
    assert out.returncode == 2


def test_a_fair_deal_plays_like_any_other_deal():
    layout = fair_layout(seed_from_int(3), "5", 4)
    deal = Deal(layout, None)
    while not deal.over:
        seat = deal.to_play
        assert seat is not None
        deal.apply(deal.legal_plays(seat)[0])
    assert deal.result is not None
