"""Seeded fuzzers: random keys into the home screen's model, and random settings files into the reader.

Keys: the command table's keys, letters, odd Unicode (digits `str.isdigit` accepts and `int` does
not, direction marks, emoji), pastes of thousands of characters while names are typed. After every
key the model must hold together: a page on show, the cursor on a line, the message one printable
line. Settings files: random bytes, broken TOML, every setting with values of the wrong type,
huge numbers and strings, deep nesting and odd Unicode. Reading never raises and never changes the
file; writing a good value either works (and reads back) or is refused with one line.
`FAMIGLIA_FUZZ_CHUNKS=20000` runs more.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.profile.settings import KEYS, SettingRefused, load, settings_path, write_value
from famiglia.tui.model.home.commands import COMMANDS, press
from famiglia.tui.model.home.games import game_lines
from famiglia.tui.model.home.menu import Home, Page

from .helpers import play, save, stamp

pytestmark = pytest.mark.slow

CHUNKS = int(os.environ.get("FAMIGLIA_FUZZ_CHUNKS", "1000"))
NAMED = (*(k for c in COMMANDS for k in c.keys), "backspace", "tab", "pageup", "f1", "c-z", "s-tab")
ODD = "²③\u0661\uff19\u200f\u202e\u0000\x1b\ud800é😀 ,"


def _key(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.6:
        return rng.choice(NAMED)
    if pick < 0.85:
        return rng.choice("abcdefghijklmnopqrstuvwxyz0123456789?,")
    return rng.choice(ODD)


@pytest.mark.parametrize(("seed", "language"), [(0, "en"), (1, "en"), (2, "en"), (3, "it"), (4, "de")])
def test_random_keys_keep_the_home_screen_whole(seed: int, language: str) -> None:
    """In English and, with seeds of their own, in Italian and German (every page's words from the catalogue)."""
    from famiglia.phrasebook.catalogue import catalogue_for, speaking

    with speaking(catalogue_for(language)):
        _random_keys_on_the_home_screen(seed)


def _random_keys_on_the_home_screen(seed: int) -> None:
    save(play(seed, actions=None), at=stamp(1))
    save(play(seed + 10, actions=25, seats=(HUMAN, "cpu:easy"), names=("Anna", "Computer (easy)")), at=stamp(2))
    deleted: list[str] = []
    home = Home(game_lines(Store().entries()), load().settings, delete=deleted.append, write=write_value)
    rng = random.Random(seed)
    for _ in range(CHUNKS):
        if home.editing is not None and rng.random() < 0.05:
            home.type_text(rng.choice(ODD) * rng.randint(1, 5000))  # a paste
        press(home, _key(rng))
        if home.take_outcome() is not None:  # the shell would leave and come back to a fresh home screen
            home = Home(home.games, home.settings, delete=deleted.append, write=write_value)
        assert home.pages and home.pages[0] is Page.MAIN
        items = home.items()
        assert 0 <= home.selected < max(len(items), 1)
        if home.message is not None:
            assert "\n" not in home.message and len(home.message) < 600
        assert home.editing is None or len(home.editing) <= 5000 * 2
    assert load().problem is None  # whatever was written is a settings file that reads back


def _value(rng: random.Random) -> str:
    """A TOML value of any type, often the wrong one, sometimes huge or odd."""
    choices = [
        lambda: rng.choice(["true", "false", "yes", "1", "0", "-0", "nan", "inf", "1e400"]),
        lambda: str(rng.randint(-(10**30), 10**30)),
        lambda: "9" * rng.randint(19, 5000),
        lambda: '"' + "".join(rng.choice("aé\u202e😀\\t Anna") for _ in range(rng.randint(0, 300))) + '"',
        lambda: '"' + rng.choice(("easy", "normal", "hard", "HARD", "")) + '"',
        lambda: "[" + ", ".join(f'"{rng.choice(["Anna", "Ben", "anna", "", "x" * 30])}"'
                                for _ in range(rng.randint(0, 4))) + "]",
        lambda: "[" * (d := rng.randint(1, 700)) + "]" * d,
        lambda: "{ a = 1 }",
        lambda: "1979-05-27T07:32:00Z",
        lambda: "'''" + "x\n" * rng.randint(0, 50) + "'''",
    ]
    return rng.choice(choices)()


def _file(rng: random.Random) -> bytes:
    kind = rng.random()
    if kind < 0.15:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))
    if kind < 0.25:
        return ("".join(rng.choice("=[]\"'#\n\\ {}.,aé") for _ in range(rng.randint(0, 300)))).encode()
    lines = []
    for _ in range(rng.randint(0, 8)):
        name = rng.choice([*KEYS, "sound", "Level", "names.x", "\"ünï\"", "[section]"])
        lines.append(name if name.startswith("[") else f"{name} = {_value(rng)}")
        if rng.random() < 0.3:
            lines.append("# " + rng.choice(ODD) * rng.randint(1, 50))
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("seed", range(2))
def test_random_settings_files_are_read_without_harm(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(CHUNKS // 2):
        content = _file(rng)
        path.write_bytes(content)
        loaded = load()
        assert path.read_bytes() == content
        if loaded.problem is not None:
            assert "\n" not in loaded.problem and len(loaded.problem) < 800 and loaded.problem.isprintable()
        name = rng.choice(list(KEYS))
        value = {"names": ("Anna",), "level": "easy", "memory_aid": True, "confirm": False, "colour": False,
                     "language": "de", "plain": True}[name]
        try:
            write_value(name, value)
        except SettingRefused as refusal:
            assert "\n" not in str(refusal)
            assert path.read_bytes() == content  # refused: not changed
            continue
        assert getattr(load().settings, name) == value
