"""``python -m bot replay FILE [--deal N] [--lang en|de]``: a finished deal trick by trick in
the terminal, from a deal record or a history export, in English and German, run as a person
runs it (a subprocess); and what it says, in one line with exit status 2, when it cannot."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.replay import run as replay
from bot.texts import say
from engine.actions import accuse, knock, play, sevens
from engine.cards import card_name
from engine.testing import deal_from

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
KNOCKED = GOLDEN / "4p_wuerttemberg_aus.json"


def bot(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode,
                                       proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))


def refused(proc: subprocess.CompletedProcess[str]) -> str:
    """The one line a refusal prints (on standard error, nothing on standard output)."""
    assert proc.returncode == 2, proc
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history export of three deals of one table of computers (simulate, then export)."""
    folder = tmp_path_factory.mktemp("replay")
    db, out = folder / "history.sqlite3", folder / "history.json"
    subprocess.run([sys.executable, "-m", "bot", "simulate", "--db", str(db), "--tables", "1",
                    "--deals", "3", "--seed", "7"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "bot", "export", "--db", str(db), "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    return out


# ---------------------------------------------------------------------- a golden deal


def test_a_golden_deal_is_told_trick_by_trick_in_english() -> None:
    proc = bot("replay", str(KNOCKED))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Replay: 4 players · Württemberg rules"
    assert "Teams: Seat 1 + Seat 3 against Seat 2 + Seat 4" in lines
    trick = lines.index("Trick 1 · talon: 28 · face up: Ace of Leaves")
    assert lines[trick + 1: trick + 6] == [
        "  Seat 1 plays King of Bells (Höher hat, played face down)",
        "  Seat 2 plays Unter of Acorns (played face down)",
        "  Seat 3 plays Ace of Acorns (played face down)",
        "  Seat 4 plays Ober of Bells (played face down)",
        "  Seat 1 takes the trick: 20 points.",
    ]
    assert "  Seat 3 declares 20 in Hearts." in lines
    assert "  Seat 2 exchanges the Seven of Leaves for the face-up Ace of Leaves." in lines
    assert sum(line.startswith("Trick ") for line in lines) == 5
    assert lines[-4:] == [
        "  Seat 1 knocks (“Aus!”) after trick 5.",
        "  Recount of Seat 1 + Seat 3: 2 tricks with 37 card points, 80 for marriages, 0 for "
        "Seven exchanges: 117 points.",
        "  Points: 117 (Seat 1 + Seat 3) · 66 (Seat 2 + Seat 4)",
        "  Result: Aus! — 1 game to Seat 1 + Seat 3.",
    ]


def test_a_golden_deal_is_told_trick_by_trick_in_german() -> None:
    proc = bot("replay", str(KNOCKED), "--lang", "de")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Rückschau: 4 Spieler · Regeln: Württemberg"
    trick = lines.index("Stich 1 · Talon: 28 · offen: Blatt Ass")
    assert lines[trick + 1: trick + 6] == [
        "  Platz 1 spielt Schellen König (Höher hat, verdeckt gespielt)",
        "  Platz 2 spielt Eichel Unter (verdeckt gespielt)",
        "  Platz 3 spielt Eichel Ass (verdeckt gespielt)",
        "  Platz 4 spielt Schellen Ober (verdeckt gespielt)",
        "  Platz 1 macht den Stich: 20 Punkte.",
    ]
    assert lines[-4] == "  Platz 1 klopft („Aus!“) nach Stich 5."
    assert lines[-1] == "  Ergebnis: Aus! — 1 Spiel für Platz 1 + Platz 3."


def test_the_last_tricks_bonus_and_a_played_out_deal() -> None:
    proc = bot("replay", str(GOLDEN / "3p_classic_played_out_bonus.json"))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "Teams:" not in proc.stdout  # three players each play alone
    assert lines.index("  Last trick bonus: 10 points.") > lines.index("Trick 16 · talon: 0")
    assert lines[-1] == "  Result: played out — 1 game to Seat 1."


def test_standard_input_is_read_with_a_dash() -> None:
    proc = bot("replay", "-", stdin=KNOCKED.read_bytes())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "  Result: Aus! — 1 game to Seat 1 + Seat 3."


# ---------------------------------------------------------------------- a history export


def names_of(record: dict[str, Any]) -> list[str]:
    return [s["name"] for s in sorted(record["seats"], key=lambda s: s["seat"])]


def first_trick(record: dict[str, Any], lang: str) -> list[str]:
    """The first four cards as the record has them, in words (without the notes)."""
    names = names_of(record)
    plays = [a for a in record["actions"] if a["do"] == "play"][:4]
    verb = " plays " if lang == "en" else " spielt "
    return [f"  {names[a['seat']]}{verb}{card_name(a['card'], lang)}" for a in plays]


def result_line(record: dict[str, Any], lang: str) -> str:
    names = names_of(record)
    result = record["result"]
    winners = " + ".join(n for s, n in enumerate(names) if s % 2 == result["winner"])
    reason = say(lang, "reason_" + result["reason"])
    if lang == "en":
        games = "1 game" if result["games"] == 1 else f"{result['games']} games"
        return f"  Result: {reason} — {games} to {winners}."
    games = "1 Spiel" if result["games"] == 1 else f"{result['games']} Spiele"
    return f"  Ergebnis: {reason} — {games} für {winners}."


def fair_line(record: dict[str, Any], lang: str) -> str:
    """The deal's fair-deal line (every exported deal has one since issue 30), in words."""
    fair = record["fair"]
    return "  " + say(lang, "replay_fair", commitment=fair["commitment"], seed=fair["seed"],
                      salt=fair["salt"] or say(lang, "replay_no_salt"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_history_export_shows_its_last_deal_or_the_one_asked_for(history: Path,
                                                                   lang: str) -> None:
    deals = json.loads(history.read_text(encoding="utf-8"))["deals"]
    assert len(deals) == 3
    for args, record in (((), deals[-1]), (("--deal", "1"), deals[0]),
                         (("--deal", "2"), deals[1])):
        proc = bot("replay", str(history), "--lang", lang, *args)
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        head = "Replay: Deal" if lang == "en" else "Rückschau: Spiel"
        assert lines[0].startswith(f"{head} {record['number']} · ")
        trick = lines.index(next(x for x in lines if x.startswith(("Trick 1 ", "Stich 1 "))))
        shown = [line.split(" (")[0] for line in lines[trick + 1: trick + 5]]
        assert shown == first_trick(record, lang)
        assert lines[-2:] == [result_line(record, lang), fair_line(record, lang)]


def test_a_gzip_compressed_export_is_read_as_it_is(history: Path, tmp_path: Path) -> None:
    packed = tmp_path / "history.json.gz"
    packed.write_bytes(gzip.compress(history.read_bytes()))
    deals = json.loads(history.read_text(encoding="utf-8"))["deals"]
    proc = bot("replay", str(packed), "--deal", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == [result_line(deals[1], "en"),
                                             fair_line(deals[1], "en")]


@pytest.mark.parametrize(("deal", "lang", "line"), [
    ("4", "en", "There is no deal 4 in {file}: it holds 3 deals."),
    ("0", "de", "In {file} gibt es kein Spiel 0: die Datei enthält 3 Spiele."),
])
def test_a_deal_number_out_of_range_is_refused_in_one_line(history: Path, deal: str,
                                                           lang: str, line: str) -> None:
    proc = bot("replay", str(history), "--deal", deal, "--lang", lang)
    assert refused(proc) == line.format(file=history)


# ---------------------------------------------------------------------- refusals


def test_a_deal_that_is_not_over_is_never_replayed(tmp_path: Path) -> None:
    record = json.loads(KNOCKED.read_text())
    record["actions"] = record["actions"][:12]  # stopped in the middle
    path = tmp_path / "running.json"
    path.write_text(json.dumps(record))
    assert refused(bot("replay", str(path))) == "A deal that is not over can never be replayed."
    assert refused(bot("replay", str(path), "--lang", "de")) == (
        "Ein Spiel, das nicht zu Ende ist, kann nie nachgespielt werden.")


def test_an_unreadable_file_is_refused_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    assert refused(bot("replay", str(missing))) == (
        f"Cannot read {missing}: No such file or directory")
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe not json")
    assert refused(bot("replay", str(garbage), "--lang", "de")).startswith(
        f"{garbage} ist nicht lesbar: not JSON")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "gaigel-deal/1", "players": 5}))
    assert refused(bot("replay", str(wrong))).startswith(f"Cannot read {wrong}: ")
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"format": "gaigel-history/1", "deals": [], "count": 0}))
    assert refused(bot("replay", str(empty))) == f"{empty} holds no deal."


# ---------------------------------------------------------------------- names and fairness


def test_names_come_from_the_seats_without_control_characters(tmp_path: Path) -> None:
    record = json.loads(KNOCKED.read_text())
    record["seats"] = [{"seat": 0, "name": "\x1b[2JMallory\u202e"}, {"seat": 1, "name": "Bob"},
                       {"seat": 2, "name": "Carol"}]  # seat 3 has no name: "Seat 4"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(record))
    out, err = io.StringIO(), io.StringIO()
    assert replay(str(path), None, "en", out, err) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\u202e" not in text
    # The escape character goes; what it would have run is left as harmless text.
    assert "Teams: [2JMallory + Carol against Bob + Seat 4" in text.splitlines()
    assert text.splitlines()[-1] == "  Result: Aus! — 1 game to [2JMallory + Carol."


def test_the_fair_deal_line_ends_the_replay(tmp_path: Path) -> None:
    record = json.loads(KNOCKED.read_text())
    # The test vector (seed bytes 0x00..0x1f); the line is shown as the record has it.
    seed = bytes(range(32)).hex()
    commitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    record["fair"] = {"commitment": commitment, "seed": seed, "salt": ""}
    path = tmp_path / "fair.json"
    path.write_text(json.dumps(record))
    lines = bot("replay", str(path)).stdout.splitlines()
    assert lines[-1] == (f"  Fair deal: commitment {commitment} · seed {seed} · salt none (no "
                         "click started the deal)")
    assert lines[-2] == "  Result: Aus! — 1 game to Seat 1 + Seat 3."
    record["fair"]["salt"] = "1234567890"
    path.write_text(json.dumps(record))
    lines = bot("replay", str(path), "--lang", "de").stdout.splitlines()
    assert lines[-1] == (f"  Faires Geben: Commitment {commitment} · Seed {seed} · Salt "
                         "1234567890")


# ---------------------------------------------------------------------- every way a deal ends


def told(deal: Any, tmp_path: Path, lang: str = "en") -> list[str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.record()))
    out, err = io.StringIO(), io.StringIO()
    assert replay(str(path), None, lang, out, err) == 0, err.getvalue()
    return out.getvalue().splitlines()


HANDS = ["EA E10 EK HO S7", "E7 BK HU SU S10", "EO HA H10 SA SK", "EU B7 BU BO H7"]


def test_a_knock_in_the_middle_of_a_trick_says_when(tmp_path: Path) -> None:
    deal = deal_from(HANDS, "B10")
    for action in (play(0, "EA", "ge-elfen"), play(1, "E7"), play(2, "EO"), play(3, "EU"),
                   play(0, "E10"), play(1, "BK"), knock(2)):
        deal.apply(action)
    lines = told(deal, tmp_path)
    trick = lines.index("Trick 2 · talon: 24 · face up: Ten of Leaves")
    assert lines[trick + 6: trick + 8] == ["  Seat 1 plays Ten of Acorns",
                                           "  Seat 2 plays King of Leaves"]
    assert "  The deal ended before this trick was complete." in lines
    assert "  Seat 3 knocks (“Aus!”) in trick 2, after 2 cards." in lines
    assert lines[-1] == "  Result: untergaigelt (wrong knock) — 2 games to Seat 2 + Seat 4."
    assert "  Platz 3 klopft („Aus!“) in Stich 2, nach 2 Karten." in told(deal, tmp_path, "de")


def test_an_accusation_names_the_accused_and_their_recount(tmp_path: Path) -> None:
    deal = deal_from(HANDS, "B10")
    for action in (play(0, "EA", "ge-elfen"), play(1, "E7"), play(2, "EO"), play(3, "EU"),
                   accuse(1)):
        deal.apply(action)
    lines = told(deal, tmp_path)
    assert lines[-4:-1] == [
        "  Seat 2 accuses Seat 1 + Seat 3 of playing on past 101, after trick 1.",
        "  Recount of Seat 1 + Seat 3: 1 trick with 16 card points, 0 for marriages, 0 for "
        "Seven exchanges: 16 points.",
        "  Points: 16 (Seat 1 + Seat 3) · 0 (Seat 2 + Seat 4)",
    ]
    assert lines[-1] == "  Result: false accusation — 2 games to Seat 1 + Seat 3."


def test_five_sevens_shown_before_the_first_card(tmp_path: Path) -> None:
    deal = deal_from(["EA E10 EK HO S10", "E7 B7 H7 S7 E7", "EO HA H10 SA SK",
                      "EU BA BU BO H10"], "B10")
    deal.apply(sevens(1))
    lines = told(deal, tmp_path)
    assert not any(line.startswith("Trick ") for line in lines)
    assert "  Seat 2 shows five Sevens before the first card: Seven of Acorns, Seven of "\
           "Leaves, Seven of Hearts, Seven of Bells, Seven of Acorns." in lines
    assert lines[-1] == "  Result: five Sevens — 1 game to Seat 2 + Seat 4."
