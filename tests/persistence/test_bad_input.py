"""Bad record files: every command that reads one says what is wrong in one line, exits 2, changes nothing.

Each case is a real file on disk, damaged the way a crash, a hand edit or a stranger would damage it;
`famiglia log`, `replay`, `resume` and `play --load` all read it through `famiglia.cli.main`. A seeded
fuzzer then damages real records at random (cuts, flipped bytes, odd Unicode, huge numbers, deep
nesting): whatever comes out, a record the reader accepts is a game the engine replays, and anything
else is one line naming the file.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from famiglia.cli import main
from famiglia.persistence import Record, RecordError
from tests.persistence.records import given_name, played, write

COMMANDS: tuple[Callable[[Path], list[str]], ...] = (
    lambda p: ["log", str(p)],
    lambda p: ["replay", str(p)],
    lambda p: ["resume", str(p)],
    lambda p: ["play", "--load", str(p)],
)
FUZZ_FILES = int(os.environ.get("FAMIGLIA_FUZZ_RECORDS", "60"))


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def refused(path: Path, capsys: pytest.CaptureFixture[str], *, commands: tuple[Callable[[Path], list[str]], ...]
            = COMMANDS) -> str:
    """Run every command on `path`; each must exit 2 with the same one line and leave the file as it was."""
    before = snapshot(path)
    lines = set()
    for command in commands:
        assert main(command(path)) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith(f"famiglia: {given_name(path)}: "), err
        lines.add(err)
        assert snapshot(path) == before
    assert len(lines) == 1
    return lines.pop().strip()


def edited(tmp_path: Path, change: Callable[[dict[str, Any]], object], name: str = "game-17.json") -> Path:
    path = write(tmp_path / name)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_a_truncated_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "game-3.json")
    path.write_bytes(path.read_bytes()[:700])
    assert "is not valid JSON" in refused(path, capsys)


def test_text_that_is_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Anna won, I think\n", encoding="utf-8")
    assert "is not valid JSON" in refused(path, capsys)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "notes.txt: this is not valid JSON (line 1, column 1)"),
    ("it", "notes.txt: questo non è JSON valido (riga 1, colonna 1)"),
    ("de", "notes.txt: das ist kein gültiges JSON (Zeile 1, Spalte 1)"),
])
def test_where_json_breaks_is_said_in_the_player_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            language: str, said: str) -> None:
    """Python's own words for a JSON fault are English ("Expecting value"): the line and column are said instead."""
    path = tmp_path / "notes.txt"
    path.write_text("Anna won, I think\n", encoding="utf-8")
    assert main(["--lang", language, "log", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith(said) and "Expecting" not in err, err


@pytest.mark.parametrize("content", [b"", b"   \n", b"\xff\xfe\x00garbage", b"\x89PNG\r\n\x1a\n"])
def test_empty_and_binary_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    line = refused(path, capsys)
    assert "empty" in line or "not UTF-8" in line or "not valid JSON" in line


def test_json_of_another_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"players": [], "street": []}), encoding="utf-8")
    assert refused(path, capsys).endswith("this is not a famiglia game record")


def test_an_unknown_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, lambda d: d.update(version=2))
    assert "record version 2 is not supported" in refused(path, capsys)


def test_an_illegal_action_is_named_with_its_number_and_the_reason(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = played(1, 30)
    number = next(n for n, m in enumerate(record.moves, 1) if str(m.action).startswith("take"))

    def change(data: dict[str, Any]) -> None:
        data["actions"][number - 1]["action"] = "take F3 pay F1 keep F1"

    line = refused(edited(tmp_path, change), capsys)
    name = given_name(tmp_path / "game-17.json")
    said = f"famiglia: {name}: action {number} 'take F3 pay F1 keep F1' is not legal here: "
    assert line.startswith(said) and len(line) > len(said)


def test_an_action_that_is_no_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, lambda d: d["actions"][2].update(action="steal F4"))
    assert "action 3 'steal F4' is not an action" in refused(path, capsys)


def test_an_action_given_to_the_wrong_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, lambda d: d["actions"][0].update(player=1 - d["actions"][0]["player"]))
    assert "action 1 " in refused(path, capsys) and "turn" in refused(path, capsys)


def test_cards_that_do_not_add_up_to_the_sixty_of_r1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, lambda d: d["start"]["draw_stack"].pop())
    line = refused(path, capsys)
    assert "the starting position is not valid" in line and "60 cards" in line


def test_a_stored_result_that_the_replay_contradicts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, game = played(2, 2000)
    assert game.is_over
    path = tmp_path / "game-2.json"
    path.write_text(record.dumps(game), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["result"]["scores"] = [99, 0]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "the stored result does not match the replay" in refused(path, capsys)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("players", "Anna", "players must be a list of two"),
    ("players", ["Anna", 7], "players must be text"),
    ("seed", 1.5, "seed must be a whole number or text"),
    ("seed", None, "seed must be a whole number or text"),
    ("start_player", "0", "start_player"),
    ("start", [], "start must be the starting position"),
    ("actions", {"0": "pass"}, "actions must be a list"),
    ("actions", ["pass"], "action 1 must be an object"),
    ("id", "../../etc/passwd", "id must be"),
    ("started", "yesterday", "started must be a date and time"),
    ("confirmed", "yes", "confirmed must be true or false"),
    ("seats", ["human"], "seats must be a list of two"),
    ("settings", "on", "settings must be an object of true or false values"),
    ("settings", None, "settings must be an object of true or false values"),
    ("settings", {"memory_aid": "yes"}, "settings: memory_aid must be true or false"),
    ("settings", {"confirm": 1}, "settings: confirm must be true or false"),
    ("takebacks", 2, "takebacks must be a list of numbers of actions"),
    ("takebacks", [True], "takebacks must be a list of numbers of actions"),
    ("takebacks", [-1], "takebacks must be a list of numbers of actions"),
    ("takebacks", ["3"], "takebacks must be a list of numbers of actions"),
    ("takebacks", [10**9], "takebacks must be a list of numbers of actions"),
])
def test_wrong_types_anywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: Any,
                              says: str) -> None:
    path = edited(tmp_path, lambda d: d.update({field: value}))
    assert says in refused(path, capsys)


@pytest.mark.parametrize("text", [
    '"seed": ' + "9" * 5000,
    '"start_player": 1e999',
    '"seed": NaN',
    '"seed": -Infinity',
])
def test_huge_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    path = write(tmp_path / "game-5.json")
    content = path.read_text(encoding="utf-8")
    key = text.split(":")[0]
    start = content.index(key + ":")
    end = content.index("\n", start)
    path.write_text(content[:start] + text + "," + content[end:], encoding="utf-8")
    line = refused(path, capsys)
    assert len(line) < 500


def test_huge_numbers_inside_the_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, lambda d: d["start"].update(exhaustions=10**300, to_move=-1))
    assert "the starting position is not valid" in refused(path, capsys)


@pytest.mark.parametrize("name", ["An\u202ena", "Ben\x1b[2J", "\ud800", "A\u0000B", ""])
def test_odd_unicode_in_a_name_is_refused_and_quoted_harmlessly(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 name: str) -> None:
    path = edited(tmp_path, lambda d: d.update(players=[name, "Ben"]))
    line = refused(path, capsys)
    assert "players must be" in line
    assert line.isprintable()


def test_deep_nesting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game-9.json"
    path.write_text('{"format": "famiglia-record", "version": 1, "start": ' + "[" * 100_000 + "]" * 100_000 + "}",
                    encoding="utf-8")
    assert "nested too deeply" in refused(path, capsys)


def test_a_folder_or_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "game-4.json"
    folder.mkdir()
    for command in COMMANDS:
        assert main(command(folder)) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"famiglia: {given_name(folder)}: "), err
    missing = tmp_path / "gone.json"
    for command in COMMANDS:
        assert main(command(missing)) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"famiglia: {given_name(missing)}: "), err


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="a device file to give")
@pytest.mark.parametrize("command", ["log", "replay", "resume", "analyse"])
def test_a_file_given_by_its_path_is_named_by_that_path(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """'null: is not a file' left the user to guess which file; the path given says it."""
    assert main([command, "/dev/null"]) == 2
    assert capsys.readouterr().err == "famiglia: /dev/null: is not a file\n"


@pytest.mark.parametrize("args", [["resume", "99"], ["log", "99"], ["replay", "42"], ["resume", "game-x"]])
def test_an_unknown_id_says_so_and_how_to_list_the_ids(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "famiglia games" in err


# -- the fuzzer -----------------------------------------------------------------------------------------------------

ODD = ["\u202e", "\ud800", "\x00", "\x1b[31m", "²", "\u0661", "\ufeff", "😀", "\u0301", "\U0010ffff"]


def damage(text: str, rng: random.Random) -> bytes:
    """One random way of spoiling a record's text."""
    kind = rng.randrange(7)
    if kind == 0:
        return text.encode()[: rng.randrange(len(text))]
    if kind == 1:
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data)
    if kind == 2:
        at = rng.randrange(len(text))
        return (text[:at] + rng.choice(ODD) + text[at:]).encode("utf-8", "surrogatepass")
    if kind == 3:
        data = json.loads(text)
        where = rng.choice(["seed", "start_player", "version"])
        data[where] = rng.choice([10**rng.randint(20, 400), -(2**64), 1e308, True, [], {}])
        return json.dumps(data).encode()
    if kind == 4:
        data = json.loads(text)
        data[rng.choice(["actions", "start", "players"])] = "NEST"
        depth = rng.randint(10, 5000)
        opening = "".join(rng.choice(['[', '{"action": ']) for _ in range(depth))
        closing = "".join("]" if c == "[" else "}" for c in reversed(opening.replace('{"action": ', "{")))
        nested = json.dumps(data).replace('"NEST"', opening + '"pass"' + closing)
        return nested.encode() if rng.random() < 0.5 else nested[:-rng.randint(1, 9)].encode()
    if kind == 5:
        data = json.loads(text)
        if data["actions"]:
            entry = rng.choice(data["actions"])
            entry["action"] = rng.choice(["take " + "F1 " * 300, "brute B2 F4 -²", "swap F1", "refresh X9",
                                          "brute B1 F1 -" + "0" * 4300 + "1", "take M0" + rng.choice(ODD)])
        return json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    data = json.loads(text)
    cards = data["start"][rng.choice(["street", "draw_stack"])]
    if cards:
        cards[rng.randrange(len(cards))] = rng.choice(["F5", "X1", "f1", 3, None, "F0"])
    return json.dumps(data).encode()


def spoilt(folder: Path, n: int, rng: random.Random, spoil: Callable[[str, random.Random], bytes],
           actions: int) -> tuple[Path, tuple[bytes, int]]:
    """A real record of up to `actions` random actions, spoilt by `spoil` and written to `game-N.json` in `folder`:
    its path, and what the file holds (to check that reading it changes nothing)."""
    record, game = played(rng.randrange(10_000), rng.randint(0, actions))
    path = folder / f"game-{n + 1}.json"
    path.write_bytes(spoil(record.dumps(game), rng))
    return path, snapshot(path)


@pytest.mark.parametrize("chunk", range(4))
def test_damaged_records_are_refused_in_one_line_or_read_as_the_game_they_still_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    for n in range(FUZZ_FILES // 4):
        path, before = spoilt(tmp_path, n, rng, damage, 120)
        try:
            Record.loads(path.read_bytes().decode("utf-8"))
            readable = True
        except (RecordError, UnicodeDecodeError):
            readable = False
        for command in (COMMANDS[0], COMMANDS[3]) if n % 2 else (COMMANDS[1], COMMANDS[2]):
            code = main(command(path))
            err = capsys.readouterr().err
            assert "Traceback" not in err
            if readable:
                assert code in (0, 1), err  # 1: no terminal to play or replay in, under pytest
            else:
                assert code == 2 and err.count("\n") == 1 and err.startswith(f"famiglia: {given_name(path)}: "), err
                assert err.strip().isprintable() and len(err) < 600
            assert snapshot(path) == before


# -- issue 14: seats no game can have, seeds at their limit, each fault said once ----------------------------------


@pytest.mark.parametrize("seats", [["cpu:easy", "cpu:easy"], ["cpu:normal", "cpu:hard"], ["robot", "cpu:easy"]])
def test_a_record_with_no_person_at_the_keyboard_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seats: list[str]) -> None:
    """Issue 14.4: two computer seats once drew a computer's hand as 'Your hand'."""
    line = refused(edited(tmp_path, lambda d: d.update(seats=seats)), capsys)
    assert "no game has two computer seats" in line


def test_a_seed_at_the_limit_reads_back_and_one_past_it_is_neither_saved_nor_read(tmp_path: Path) -> None:
    """Issue 14.6: a seed over 1,024 bits was saved and could never be read back."""
    from famiglia.engine import Game
    from famiglia.persistence import SEED_BITS, Store, StoreError, read_record

    store = Store(tmp_path / "home")
    for seed in (2**SEED_BITS - 1, -(2**SEED_BITS - 1)):
        game = Game.new(seed=seed)
        path, _ = store.create(Record.new(game), game)
        assert read_record(path).seed == seed
    game = Game.new(seed=2**SEED_BITS)
    with pytest.raises(StoreError, match="seed is too large"):
        store.create(Record.new(game), game)
    path = edited(tmp_path, lambda d: d.update(seed=2**SEED_BITS))
    with pytest.raises(StoreError, match="seed is too large: a seed has at most 1,024 bits"):
        read_record(path)


def test_not_a_number_is_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14.17: 'this is not valid JSON (this is not valid JSON (NaN is no number))'."""
    path = write(tmp_path / "game-5.json")
    path.write_text(path.read_text(encoding="utf-8").replace('"seed": 1,', '"seed": NaN,'), encoding="utf-8")
    line = refused(path, capsys)
    assert line.endswith("game-5.json: this is not valid JSON (NaN is no number)"), line


def test_an_action_that_is_no_action_is_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14.17: "action 47 'refres# B3' is not an action: 'refres# B3' is not an action: start with …"."""
    line = refused(edited(tmp_path, lambda d: d["actions"][2].update(action="refres# B3")), capsys)
    assert line.count("is not an action") == 1 and line.count("refres# B3") == 1, line
    assert "action 3 'refres# B3' is not an action: " in line


SEATS = [["cpu:easy", "cpu:easy"], ["human", "cpu:hard"], ["cpu:normal", "human"], ["cpu:grandmaster", "human"],
         ["human", "human"], ["Human", "cpu:easy"], ["cpu:easy", "cpu:normal"], ["", "human"], ["human"]]
SEEDS = [2**1024 - 1, 2**1024, -(2**1024), -(2**1024 - 1), 0, -1, 10**308, "", "x" * 200, "x" * 201, "7"]
IDS = ["1", "999999999", "1000000000", "9" * 64, "9" * 65, "a" * 64, "-1", "", "../x", "3/4", "x\x00"]
FLAGS = [True, False, None, 0, 1, "true", "", "\u202e", "\ud800", 10**300, -1e308, [], {}, [True]]
SETTING_NAMES = ["memory_aid", "confirm", "colour", "Memory_Aid", "\ufeffconfirm", "\ud800", "😀", "x" * 300]


def odd_settings(rng: random.Random) -> Any:
    """What a record's settings might hold: an object of good, odd or unknown names and values, or no object."""
    if rng.random() < 0.15:
        return rng.choice([None, "on", 7, [], [{"memory_aid": True}], 1e308])
    return {rng.choice(SETTING_NAMES): rng.choice(FLAGS) for _ in range(rng.randint(0, 3))}


def mutate(text: str, rng: random.Random) -> bytes:
    """One of the mutations issue 14 found: seats no game can have, seeds and ids at their limits; and the
    settings a record keeps, with odd names and values."""
    data = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        field = rng.choice(["seats", "seed", "id", "settings"])
        data[field] = odd_settings(rng) if field == "settings" else rng.choice(
            {"seats": SEATS, "seed": SEEDS, "id": IDS}[field])
    return json.dumps(data).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("chunk", range(2))
def test_records_with_seats_seeds_and_ids_at_their_limits_are_refused_in_one_line_or_read_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], chunk: int) -> None:
    """Whatever the reader takes, the store writes back and reads again; whatever it refuses is one line."""
    from famiglia.persistence import Store, StoreError, read_record

    rng = random.Random(2000 + chunk)
    store = Store(tmp_path / "home")
    for n in range(FUZZ_FILES // 2):
        path, before = spoilt(tmp_path, n, rng, mutate, 60)
        try:
            read = read_record(path, given=True)
        except StoreError as error:
            assert str(error).startswith(f"{given_name(path)}: ") and str(error).isprintable() and len(str(error)) < 600
            code = main(["log", str(path)])
            err = capsys.readouterr().err
            assert code == 2 and err == f"famiglia: {error}\n", err
        else:
            assert "human" in read.seats
            saved, _ = store.create(read)
            again = read_record(saved)
            assert again.seats == read.seats and again.seed == read.seed and again.sitting == read.sitting
        assert snapshot(path) == before


@pytest.mark.parametrize(("language", "reason"), [
    ("it", "sulla Strada non c’è nessun F3"),
    ("de", "in der Auslage liegt keine F3"),
])
def test_an_illegal_action_is_said_in_the_reader_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            language: str, reason: str) -> None:
    """The reason comes from the refusal's kind in the reader's language, not as the engine's English."""
    record, _ = played(1, 30)
    number = next(n for n, m in enumerate(record.moves, 1) if str(m.action).startswith("take"))

    def change(data: dict[str, Any]) -> None:
        data["actions"][number - 1]["action"] = "take F3 pay F1 keep F1"

    path = edited(tmp_path, change)
    assert main(["--lang", language, "log", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'take F3 pay F1 keep F1'" in err, err
    assert err.rstrip().endswith(": " + reason) and "Street" not in err, err


@pytest.mark.parametrize(("language", "english"), [("it", "start with"), ("de", "start with")])
def test_an_action_that_is_no_action_is_said_in_the_reader_s_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, english: str) -> None:
    path = edited(tmp_path, lambda d: d["actions"][2].update(action="steal F4"))
    assert main(["--lang", language, "log", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.count("steal F4") == 1, err
    assert english not in err and "pass, refresh" not in err, err


def test_a_record_with_takebacks_reads_back_and_one_without_is_written_as_before(tmp_path: Path) -> None:
    """docs/records.md: `takebacks` is optional; an old record (none) reads as before, and is written without it."""
    path = edited(tmp_path, lambda d: d.update(takebacks=[4, 0]))
    assert Record.loads(path.read_text(encoding="utf-8")).takebacks == (4, 0)
    old = write(tmp_path / "game-3.json")
    record = Record.loads(old.read_text(encoding="utf-8"))
    assert record.takebacks == () and "takebacks" not in record.dumps()
