"""The computer's name is saved as its level, the same in every language, and said in the reader's language:
`famiglia games`, `log`, `stats`, the analysis and a resumed game; records of an older famiglia, which saved the
name in the language of the game ("Computer (leicht)"), are read and shown the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.persistence import Record, Store
from famiglia.persistence.analyses import analysis_path
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.profile.seats import HUMAN, seat_name
from tests.home.helpers import play

TIE_SEED = 28  # random play of this deal ends in a tie that the computer (seat 2) wins on its cards (R11.2)
OLD_NAMES = {"cpu:easy": ("Computer (leicht)", "Computer (facile)", "Computer (easy)"),
             "cpu:normal": ("Computer (normal)", "Computer (normale)"),
             "cpu:hard": ("Computer (schwer)", "Computer (difficile)", "Computer (hard)")}
SAID = {"en": {"cpu:easy": "Computer (easy)", "cpu:normal": "Computer (normal)", "cpu:hard": "Computer (hard)"},
        "it": {"cpu:easy": "Computer (facile)", "cpu:normal": "Computer (normale)", "cpu:hard": "Computer (difficile)"},
        "de": {"cpu:easy": "Computer (leicht)", "cpu:normal": "Computer (normal)", "cpu:hard": "Computer (schwer)"}}


def _played_in(language: str, seat: str, seed: int = TIE_SEED) -> tuple[Path, Record]:
    """A finished game against the computer at `seat`, named and saved as a sitting in `language` saves it."""
    with speaking(catalogue_for(language)):
        computer = seat_name(seat)
        path, record = Store().create(play(seed, names=("Anna", computer), seats=(HUMAN, seat)))
    return path, record


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == "", err
    return out


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_record_saves_the_computers_level_not_its_name_in_the_language_of_the_game(language: str) -> None:
    path, _record = _played_in(language, "cpu:easy")
    text = path.read_text(encoding="utf-8")
    saved = json.loads(text)
    assert saved["players"] == ["Anna", "cpu:easy"]
    assert [p["name"] for p in saved["start"]["players"]] == ["Anna", "cpu:easy"]
    assert saved["result"]["tiebreak"].startswith("Tie at ") and "— cpu:easy wins on" in saved["result"]["tiebreak"]
    assert "Computer" not in text and SAID[language]["cpu:easy"] not in text


@pytest.mark.parametrize("played", ["en", "it", "de"])
@pytest.mark.parametrize("reader", ["en", "it", "de"])
def test_games_and_log_say_the_computer_in_the_readers_language(capsys: pytest.CaptureFixture[str], played: str,
                                                                reader: str) -> None:
    _played_in(played, "cpu:hard")
    listed = _run(capsys, "--lang", reader, "games")
    logged = _run(capsys, "--lang", reader, "log")
    name = SAID[reader]["cpu:hard"]
    for said in (listed, logged):
        assert name in said and "cpu:hard" not in said
        assert all(other not in said for other in OLD_NAMES["cpu:hard"] if other != name)
    with speaking(catalogue_for(reader)):
        label = _("Tie-break: {tiebreak}.").split("{")[0].strip()
    flat = " ".join(logged.split())  # the log wraps to the terminal's width
    assert label in flat and name in flat[flat.rindex(label):]  # the tie-break's winner too (R11.2)


def _as_an_older_famiglia_saved_it(path: Path, old: str) -> None:
    """Rewrite the record at `path` as famiglia wrote it before: the computer's name, not its seat, everywhere."""
    data = json.loads(path.read_text(encoding="utf-8"))
    seat = data["players"][1]
    data["players"][1] = data["start"]["players"][1]["name"] = old
    if data["result"]["tiebreak"] is not None:
        data["result"]["tiebreak"] = data["result"]["tiebreak"].replace(f"— {seat} wins", f"— {old} wins")
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize(("seat", "old"), [(seat, old) for seat, olds in OLD_NAMES.items() for old in olds])
def test_a_record_that_saved_the_name_in_the_language_of_the_game_loads_and_is_shown_in_the_readers(
        capsys: pytest.CaptureFixture[str], seat: str, old: str) -> None:
    path, _record = _played_in("en", seat, seed=TIE_SEED if seat == "cpu:easy" else 5)
    _as_an_older_famiglia_saved_it(path, old)
    assert old in path.read_text(encoding="utf-8") and json.loads(path.read_text())["players"] == ["Anna", old]
    before = path.read_bytes()
    for reader in ("en", "it", "de"):
        with speaking(catalogue_for(reader)):
            record = Record.loads(path.read_text(encoding="utf-8"))
            assert record.names == ("Anna", SAID[reader][seat])
            assert record.game().names == ("Anna", SAID[reader][seat])  # the table of a resumed game, its last turn
        listed = _run(capsys, "--lang", reader, "games")
        logged = _run(capsys, "--lang", reader, "log")
        for said in (listed, logged):
            assert SAID[reader][seat] in said and (old == SAID[reader][seat] or old not in said)
    assert path.read_bytes() == before  # reading changes nothing


def test_stats_says_the_levels_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    _played_in("de", "cpu:normal", seed=5)
    italian = _run(capsys, "--lang", "it", "stats")
    assert "Computer (normale)" in italian and "il computer: facile 1" in italian and "normale 1" in italian
    assert "difficile 1" in italian and "easy" not in italian and "(normal)" not in italian
    german = _run(capsys, "--lang", "de", "stats")
    assert "der Computer: leicht 1" in german or "Computer: leicht 1" in german
    assert "Computer (normal)" in german and "easy" not in german
    english = _run(capsys, "--lang", "en", "stats")
    assert "the computer: easy 1" in english and "Computer (normal)" in english


@pytest.mark.slow
def test_the_analysis_saves_the_level_and_says_the_name_and_level_in_the_readers_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    with speaking(catalogue_for("de")):
        path, _record = Store().create(play(5, names=("Anna", seat_name("cpu:easy")), seats=(HUMAN, "cpu:easy"),
                                            actions=4))
    italian = _run(capsys, "--lang", "it", "analyse", "--level", "easy")
    title = italian.splitlines()[0]
    assert "Anna e Computer (facile)" in title and "livello facile" in title, title
    assert "leicht" not in italian and "livello easy" not in italian
    saved = analysis_path(path).read_text(encoding="utf-8")
    assert "cpu:easy" in saved and "Computer" not in saved
    english = _run(capsys, "--lang", "en", "analyse", "--level", "easy")  # the saved one, read in English
    assert "Anna and Computer (easy)" in english.splitlines()[0] and "level easy" in english.splitlines()[0]
    assert analysis_path(path).read_text(encoding="utf-8") == saved
