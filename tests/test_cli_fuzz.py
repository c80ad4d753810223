"""A seeded fuzzer for the command line: random argv for every subcommand through `famiglia.cli.main`.

Whatever the arguments (odd Unicode, huge numbers, long names, empty strings, control characters),
`main` returns 0, 1 or 2 and never raises: a usage error is exit status 2 and one line on stderr in
the one form of every usage error; a failure (no terminal to play in, no saved game) is exit status 1
or 2 and one line. The subcommands are read from the parser, so one added later is fuzzed too. No
interactive game starts: without a terminal `play` says so in one line. The saved games live in a
temporary directory.

`FAMIGLIA_FUZZ_ARGV=5000` for a longer search, `FAMIGLIA_FUZZ_SEED` to start elsewhere.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
from pathlib import Path

import pytest

from famiglia import cli

pytestmark = pytest.mark.slow

CASES = int(os.environ.get("FAMIGLIA_FUZZ_ARGV", "300"))
SEED = int(os.environ.get("FAMIGLIA_FUZZ_SEED", "0"))

USAGE_ERROR = re.compile(r"famiglia: error: \S.* \(see 'famiglia( [a-z]+)? --help'\)")
# The same form in the other languages (docs/languages.md): `famiglia --lang it|de ...` says it in theirs.
USAGE_ERRORS = {"en": USAGE_ERROR, "it": re.compile(r"famiglia: errore: \S.* \(vedi 'famiglia( [a-z]+)? --help'\)"),
                "de": re.compile(r"famiglia: Fehler: \S.* \(siehe 'famiglia( [a-z]+)? --help'\)")}
PREFIX = {"en": "famiglia: error:", "it": "famiglia: errore:", "de": "famiglia: Fehler:"}

ODD = [
    "", " ", "  \t ", "-", "--", "---", "-x", "--=", "=", "²", "①", "١٢", "٣", "Ⅻ", "\U0001d7d7", "0x10", "1e999",
    "-1e999", "nan", "inf", "-0", "+7", " 7 ", "7\n", "9" * 5000, "-" + "9" * 5000, str(2**63), str(-(2**63)), "1_000",
    "N" * 10_000, "Anna", "anna", "ANNA", "Ben", "Vito", "vito", "李小龙", "e\u0301", "\u200b", "\u202eevil",
    "\x00", "\x07", "\x1b[2J", "line\nbreak", "\r", "\ud800", "🂡", "[bold]x[/]", "%s%n", "$(reboot)", "../../etc",
    "/", ".", "random", "greedy", "random,greedy", "greedy,random", "hard", "normal,", ",", "x,y,z", "0", "1",
    "2", "3", "-1", "game-1", "1.json", "--help", "-h", "--version",
]
SMALL_WORK = {"--games": ["1", "2"], "--jobs": ["1"]}  # values that would start real work are kept small
SLOW_PLAYERS = re.compile(r"easy|normal|hard")  # the search players would make the fuzzer slow


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(found.choices)


def options(command: argparse.ArgumentParser) -> list[str]:
    return [o for a in command._actions for o in a.option_strings]


def value(rng: random.Random, option: str | None) -> str:
    """An argument: mostly odd, sometimes one of the few values that start a little real work."""
    if option in SMALL_WORK and rng.random() < 0.5:
        return rng.choice(SMALL_WORK[option])
    text = rng.choice(ODD)
    if rng.random() < 0.2:
        text += rng.choice(ODD)
    if rng.random() < 0.1:
        text = "".join(chr(rng.randrange(0x10FFFF)) for _ in range(rng.randrange(1, 12)))
    return text


def argv(rng: random.Random, commands: dict[str, argparse.ArgumentParser]) -> list[str]:
    name = rng.choice([*commands, *commands, value(rng, None)])
    args = [name]
    known = options(commands[name]) if name in commands else ["--names", "--seed"]
    for _ in range(rng.randrange(0, 7)):
        roll = rng.random()
        if roll < 0.55:
            option = rng.choice(known)
            args.append(option)
            args += [value(rng, option) for _ in range(rng.choice((0, 1, 1, 2, 2, 3)))]
        elif roll < 0.65:
            option = rng.choice(known)
            args.append(f"{option}={value(rng, option)}")
        else:
            args.append(value(rng, None))
    if name == "simulate" and not any(a.startswith("--games") for a in args):
        args += ["--games", "1"]  # never the default hundred games
    return args


def bounded(args: list[str]) -> bool:
    """Arguments that cannot start a long match (no search player, few games if any) nor a server."""
    if any(SLOW_PLAYERS.search(a) for a in args):
        return False
    if args[0] == "serve":  # its refusals are fuzzed; arguments it takes would serve until stopped
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                cli.build_parser().parse_args(args)
        except SystemExit:
            return True
        return False
    return True


@pytest.fixture(autouse=True)
def _private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved games go to a directory of this test's own; no pager, no colour settings leak in."""
    monkeypatch.setenv("FAMIGLIA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("PAGER", raising=False)


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_random_argv_gives_an_exit_status_and_at_most_one_line_never_a_traceback(
        language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """In English the whole search; in Italian and German a third of it, each usage error in their form."""
    rng = random.Random(SEED + ("en", "it", "de").index(language))
    commands = subcommands()
    assert {"play", "rules"} <= set(commands)
    seen: set[int] = set()
    for case in range(CASES if language == "en" else max(30, CASES // 3)):
        args = argv(rng, commands)
        if not bounded(args):
            continue
        code = cli.main(args if language == "en" else ["--lang", language, *args])
        err = capsys.readouterr().err
        seen.add(code)
        where = f"case {case}: famiglia {args!r}"
        assert code in (0, 1, 2), where
        assert "Traceback" not in err, where
        if code == 0:
            assert err == "", where
            continue
        assert err.count("\n") == 1 and err.endswith("\n"), (where, err)
        assert len(err) < 600, where
        assert err[:-1].isprintable(), (where, err)
        if code == 2 and err.startswith(PREFIX[language]):
            assert USAGE_ERRORS[language].fullmatch(err[:-1]), (where, err)
    assert {0, 2} <= seen  # help and usage errors came up; so, with play without a terminal, did 1


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_refuses_an_unknown_option_in_the_one_form(name: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([name, "--no-such-option\x1b[31m", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert USAGE_ERROR.fullmatch(err[:-1]) and err.count("\n") == 1, err
    assert f"(see 'famiglia {name} --help')" in err and "\x1b" not in err


def test_play_without_a_terminal_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--names", "Anna", "Ben", "--seed", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "terminal" in captured.err


@pytest.mark.parametrize("name", sorted(set(subcommands()) & {"log", "replay", "resume"}))
def test_a_file_name_of_thousands_of_characters_is_quoted_short(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The fuzzer's find: the system's 'File name too long' once quoted all 5,000 digits."""
    code = cli.main([name, "9" * 5000 + "\x1b[2J"])
    err = capsys.readouterr().err
    assert code in (1, 2) and err.count("\n") == 1 and len(err) < 600 and "\x1b" not in err, err


# -- ids and seeds at their limits (issue 14.6, 14.8, 14.16) --------------------------------------------------------

LIMITS = [
    "0", "1", "-1", "00", "01", "999999999", "1000000000", str(10**18 - 1), str(10**18), "9" * 19, "9" * 255,
    "9" * 256, "9" * 4300, "9" * 4301, str(2**1024 - 1), str(2**1024), str(-(2**1024 - 1)), str(-(2**1024)),
    "+" + str(2**1024 - 1), "1_000", "game-1", "game-1.json", "game-0.json", "game-" + "9" * 18 + ".json",
    "game-" + "9" * 19 + ".json", " 1 ", "1\n", "", ".", "..", "/", "//", "./", "\x00", "1\x00", "\u0661", "²",
]


def test_ids_and_seeds_at_their_limits_are_one_line_or_a_game(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Every saved-games command with an id at a limit, and every seed option with a seed at one."""
    from famiglia.persistence import Store
    from tests.persistence.records import played

    store = Store()
    for seed in (1, 2):
        _, numbered = store.create(*played(seed, 30))
        store.lock(numbered.id).release()
    rng = random.Random(SEED + 14)
    tried = 0
    for _ in range(CASES // 2):
        text = rng.choice(LIMITS)
        if rng.random() < 0.2:
            text = rng.choice(LIMITS) + rng.choice(LIMITS)
        args = rng.choice([["log", text], ["resume", text], ["replay", text], ["games", "--delete", text],
                           ["play", "--load", text], ["play", "--seed", text],
                           ["simulate", "--players", "random,random", "--games", "1", "--seed", text]])
        tried += 1
        code = cli.main(args)
        err = capsys.readouterr().err
        where = f"famiglia {[a[:40] for a in args]!r}"
        assert code in (0, 1, 2), where
        assert "Traceback" not in err and err.count("\n") <= 1 and len(err) < 600, (where, err)
        assert err[:-1].isprintable(), (where, err)
        if code == 2 and "--seed" in args:
            assert "seed" in err and USAGE_ERROR.fullmatch(err[:-1]), (where, err)
    assert sorted(p.name for p in Path(store.root).glob("game-*.json")) == ["game-1.json", "game-2.json"]
    with capsys.disabled():
        print(f"\nids and seeds at their limits: tried {tried}, misbehaved 0")
