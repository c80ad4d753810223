"""Tests for the ``famiglia`` command line: its subcommands, exit codes, and one-line errors.

Most tests call ``main(argv)`` directly; a few run ``python -m famiglia`` in a subprocess to see
exactly what a user sees, tracebacks included. None of them needs the engine or the screen:
``famiglia.tui`` is replaced by a stand-in module where ``play`` is exercised.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import famiglia
import famiglia.tui
from famiglia import cli
from famiglia.commands.rules import rules_text
from famiglia.paging import pager_command
from tests.drivers.fake_run import fake_run_play

ROOT = Path(__file__).resolve().parent.parent
RULE_IDS = [f"R{n}" for n in range(1, 13)]
USAGE_ERROR = re.compile(r"famiglia: error: \S.* \(see 'famiglia( [a-z]+)? --help'\)")


def run(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run ``python -m famiglia ARGS`` from the project root, as a user at a shell would."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONWARNINGS", "FORCE_COLOR")}
    return subprocess.run(
        [sys.executable, "-m", "famiglia", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        **kwargs,
    )


# --- help and version ------------------------------------------------------------------------


def test_help_lists_the_commands() -> None:
    proc = run("--help")
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert "play" in proc.stdout
    assert "rules" in proc.stdout
    assert proc.stdout.startswith("usage: famiglia")


def test_play_help_lists_its_options() -> None:
    proc = run("play", "--help")
    assert proc.returncode == 0
    for option in ("--names", "--seed", "--first", "--memory-aid"):
        assert option in proc.stdout


def command_paths(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command of `parser` and of its commands (`settings set` among them), as the words that name it."""
    found = [path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                found += command_paths(command, (*path, name))
    return found


def test_no_help_sends_the_player_to_a_file_an_installed_copy_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    # An installed famiglia carries no docs/ folder: every --help says what it means itself.
    paths = command_paths(cli.build_parser())
    assert ("analyse",) in paths and ("settings", "set") in paths
    for path in paths:
        assert cli.main([*path, "--help"]) == 0
        text = capsys.readouterr().out
        assert text.startswith("usage: famiglia")
        assert "docs/" not in text and ".md" not in text, path


def test_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"famiglia {famiglia.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", famiglia.__version__)


def test_main_returns_instead_of_exiting(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"famiglia {famiglia.__version__}"
    assert cli.main(["--help"]) == 0


def test_no_command_off_a_terminal_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    # On a terminal `famiglia` alone opens the home screen (tests/home/test_home_app.py); here stdin is no terminal.
    assert cli.main([]) == 0
    assert "usage: famiglia" in capsys.readouterr().out


def test_help_does_not_import_the_heavy_parts() -> None:
    # `famiglia --help` must answer at once: rich, prompt_toolkit and the engine load only when used.
    code = (
        "import sys\n"
        "from famiglia.cli import main\n"
        "main(['--help'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'prompt_toolkit')"
        " or m.startswith(('famiglia.engine', 'famiglia.tui')))\n"
        "print(heavy, file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "[]"


# --- usage errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "--bogus"),
        ("--bogus",),
        ("deal",),
        ("play", "--first", "3"),
        ("play", "--seed", "seven"),
        ("play", "--names", "Anna"),
        ("play", "--names", "Anna", "  "),
        ("play", "--names", "Anna", "anna"),
        ("play", "--names", "Anna", "Maximiliane-Friederike"),
    ],
)
def test_bad_usage_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert USAGE_ERROR.fullmatch(lines[0]), lines[0]


@pytest.mark.parametrize(
    ("args", "words", "command"),
    [
        (["play", "--names", "Vito", "vito"],
         "argument --names: the two names must differ: Vito and vito read the same", "play"),
        (["play", "--names", "Anna", "M" * 21], "argument --names: a name can be at most 20 characters long", "play"),
        (["play", "--names", "Anna", " "], "argument --names: a name cannot be empty", "play"),
        (["play", "--names", "Anna", "Ben\x07"], "argument --names: a name must be printable text", "play"),
        (["play", "--seed", "seven"], "argument --seed: invalid int value: 'seven'", "play"),
        (["rules", "--bogus"], "unrecognized arguments: --bogus", "rules"),
        (["deal"], "argument COMMAND: invalid choice: 'deal'", None),
        (["play", "--load", "game.json", "--seed", "3"], "--load plays a saved game on: its names, seed", "play"),
    ],
)
def test_every_usage_error_has_one_form(args: list[str], words: str, command: str | None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`famiglia: error: WHAT (see 'famiglia COMMAND --help')`, whoever found the fault: argparse or a check of ours."""
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    hint = f"famiglia {command} --help" if command else "famiglia --help"
    assert err.startswith(f"famiglia: error: {words}") and err.endswith(f" (see '{hint}')\n"), err
    assert err.count("\n") == 1


def test_control_characters_and_huge_arguments_stay_on_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bogus\nsecond line\x1b[2J", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and len(err) < 400
    assert "--bogus\\nsecond line" in err  # the control characters are written as escapes


def test_bad_option_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert "--bogus" in err
    assert "famiglia rules --help" in err


# --- rules -----------------------------------------------------------------------------------


def test_rules_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in RULE_IDS:
        assert re.search(rf"\b{rule}\b", out), f"{rule} missing from the rules"
    assert "R8.3" in out
    assert out == rules_text()


def test_rules_piped_is_plain_markdown() -> None:
    proc = run("rules")
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert "R8" in proc.stdout
    assert "\x1b[" not in proc.stdout
    assert proc.stdout.startswith("# ")


def test_rules_text_names_every_rule_in_order() -> None:
    text = rules_text()
    headings = re.findall(r"^## (R\d+)\b", text, flags=re.MULTILINE)
    assert headings == RULE_IDS


def as_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stdout (as the test captures it) claims to be a terminal that shows colours."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")


def test_rules_on_a_terminal_go_through_the_pager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    as_terminal(monkeypatch)
    paged = tmp_path / "paged.txt"
    script = tmp_path / "pager.py"
    script.write_text("import sys\nopen(sys.argv[1], 'w', encoding='utf-8').write(sys.stdin.read())\n")
    monkeypatch.setenv("PAGER", shlex.join([sys.executable, str(script), str(paged)]))
    assert cli.main(["rules"]) == 0
    assert capsys.readouterr().out == ""  # everything went to the pager
    text = paged.read_text(encoding="utf-8")
    assert "R8.3" in text and "## R8" not in text  # formatted Markdown,
    assert "\x1b[" in text  # with its styles (a pager like less -R shows them)


def test_rules_without_any_pager_are_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    as_terminal(monkeypatch)
    monkeypatch.setenv("PAGER", "no-such-pager --quiet")
    monkeypatch.setenv("PATH", str(tmp_path))  # no less, no more either
    assert pager_command() is None
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "R8.3" in out and "## R8" not in out


def test_a_missing_pager_falls_back_to_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fallback = tmp_path / "more"
    fallback.write_text("#!/bin/sh\ncat\n")
    fallback.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("PAGER", "no-such-pager")
    assert pager_command() == ["more"]
    monkeypatch.setenv("PAGER", "more -s")
    assert pager_command() == ["more", "-s"]  # $PAGER, with its options, when it is there


def test_rules_into_a_closed_pipe_is_quiet() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "famiglia", "rules"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the rules are written, like `famiglia rules | true`
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.wait(timeout=60)
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert proc.returncode in (0, 1)


# --- play ------------------------------------------------------------------------------------


@pytest.fixture
def fake_tui(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Put a stand-in ``famiglia.tui.run_play`` in place; it records how it was called."""
    yield fake_run_play(monkeypatch)


def given(calls: dict[str, Any]) -> dict[str, Any]:
    """The options of a game that these tests set (the screen's own, such as confirming a turn, aside)."""
    return {key: calls.get(key) for key in ("names", "seed", "first", "memory_aid")}


def test_play_passes_the_options_on(fake_tui: dict[str, Any]) -> None:
    argv = ["play", "--names", "Anna", "Ben", "--seed", "7", "--first", "2", "--memory-aid"]
    assert cli.main(argv) == 0
    assert given(fake_tui) == {"names": ("Anna", "Ben"), "seed": 7, "first": 1, "memory_aid": True}


def test_play_defaults(fake_tui: dict[str, Any]) -> None:
    assert cli.main(["play"]) == 0
    assert given(fake_tui) == {"names": None, "seed": None, "first": None, "memory_aid": False}


def test_play_first_counts_from_one(fake_tui: dict[str, Any]) -> None:
    assert cli.main(["play", "--first", "1"]) == 0
    assert fake_tui["first"] == 0


def test_play_tidies_names(fake_tui: dict[str, Any]) -> None:
    assert cli.main(["play", "--names", "  Anna  Maria ", "Ben"]) == 0
    assert fake_tui["names"] == ("Anna Maria", "Ben")


def test_play_returns_the_screen_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_run_play(monkeypatch, status=3)
    assert cli.main(["play"]) == 3


def test_play_without_the_screen(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "famiglia.tui", None)  # makes `import famiglia.tui` fail
    assert cli.main(["play"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "famiglia play is not available in this build\n"


def test_interrupt_is_one_line_and_exit_130(fake_tui: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    fake_tui["raise"] = KeyboardInterrupt()
    assert cli.main(["play"]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "interrupted" in err


def test_broken_pipe_is_quiet(fake_tui: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    fake_tui["raise"] = BrokenPipeError()
    assert cli.main(["play"]) == 1
    assert capsys.readouterr().err == ""


def test_missing_dependency_is_one_line(fake_tui: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    fake_tui["raise"] = ModuleNotFoundError("No module named 'prompt_toolkit'", name="prompt_toolkit")
    assert cli.main(["play"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "prompt_toolkit" in err


def test_bugs_in_famiglia_are_not_hidden(fake_tui: dict[str, Any]) -> None:
    fake_tui["raise"] = ModuleNotFoundError("No module named 'famiglia.nowhere'", name="famiglia.nowhere")
    with pytest.raises(ModuleNotFoundError):
        cli.main(["play"])


# --- seeds: one limit, that of the saved game (issue 14.6) ----------------------------------------------------


@pytest.mark.parametrize("seed", [2**1024 - 1, -(2**1024 - 1), 0, -1])
def test_play_takes_every_seed_a_saved_game_can_hold(fake_tui: dict[str, Any], seed: int) -> None:
    assert cli.main(["play", "--seed", str(seed)]) == 0
    assert fake_tui["seed"] == seed


@pytest.mark.parametrize("seed", [str(2**1024), str(-(2**1024)), "9" * 400, "9" * 5000, "-" + "9" * 5000])
@pytest.mark.parametrize("command", [["play"], ["simulate", "--players", "random,random", "--games", "1"]])
def test_a_seed_past_the_limit_is_a_usage_error_that_says_the_limit(fake_tui: dict[str, Any], seed: str,
                                                                    command: list[str],
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*command, "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert USAGE_ERROR.fullmatch(err[:-1]) and "at most 1,024 bits" in err and len(err) < 300, err
    assert "seed" not in fake_tui


@pytest.mark.parametrize(("language", "heading"), [("it", "# Famiglia — come si gioca"), ("en", None), ("de", None)])
def test_lang_prints_the_rules_in_that_language(language: str, heading: str | None,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", language, "rules"]) == 0
    text = capsys.readouterr().out
    assert text == rules_text(language)
    if heading is not None:
        assert text.startswith(heading)
    assert all(f"R{n}" in text for n in range(1, 13))  # every text has the same rule ids


def test_the_rules_differ_between_the_languages() -> None:
    assert len({rules_text(language) for language in ("en", "it", "de")}) == 3


@pytest.mark.parametrize("value", ["xx", "IT", "it_IT", "", "ità", "e\u0301n", "9" * 500])
def test_an_unknown_lang_is_one_usage_line_naming_the_languages(value: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", value, "rules"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "invalid choice" in captured.err and "'en', 'it', 'de'" in captured.err
    assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) <= 2


def test_lang_speaks_the_phrasebook_of_the_run_in_that_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command runs inside the language's catalogue: what it says through the phrasebook is Italian."""
    from famiglia.phrasebook import verdicts

    said: list[str] = []
    monkeypatch.setattr(cli, "_handle", lambda args: said.append(verdicts.no_decision()) or 0)
    assert cli.main(["--lang", "it", "rules"]) == 0 and cli.main(["rules"]) == 0
    assert said[1] == verdicts.no_decision() and said[0] != said[1]  # Italian, then English again


def _spoken(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The language each run of `cli.main` speaks in, as the command's body would find it."""
    from famiglia.phrasebook.catalogue import spoken_language

    heard: list[str] = []
    monkeypatch.setattr(cli, "_handle", lambda args: heard.append(spoken_language()) or 0)
    return heard


def test_the_language_is_the_option_else_the_setting_else_the_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.profile.settings import write_value

    heard = _spoken(monkeypatch)
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert cli.main(["rules"]) == 0  # the terminal's
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert cli.main(["rules"]) == 0
    write_value("language", "it")
    assert cli.main(["rules"]) == 0  # the setting wins over the terminal
    assert cli.main(["--lang", "en", "rules"]) == 0  # the option over the setting
    write_value("language", "auto")
    assert cli.main(["rules"]) == 0
    assert heard == ["it", "de", "it", "en", "de"]


def test_a_broken_settings_file_leaves_the_language_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.profile.settings import settings_path

    heard = _spoken(monkeypatch)
    monkeypatch.setenv("LANGUAGE", "de")
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b"language = = 'it'\n\xff")
    assert cli.main(["rules"]) == 0 and heard == ["de"]
    assert settings_path().read_bytes() == b"language = = 'it'\n\xff"  # read, never changed


def test_settings_set_language_is_checked_and_kept(capsys: pytest.CaptureFixture[str]) -> None:
    from famiglia.profile.settings import load

    assert cli.main(["settings", "set", "language", "DE"]) == 0 and load().settings.language == "de"
    assert cli.main(["settings", "set", "language", "fr"]) == 2
    err = capsys.readouterr().err  # said in German: the setting just made speaks from this run on
    assert "language muss eines von auto, en, it, de sein, nicht 'fr'" in err
    assert cli.main(["settings", "unset", "language"]) == 0 and load().settings.language == "auto"


def test_lang_alone_opens_the_home_screen_in_that_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.commands import home
    from famiglia.phrasebook.catalogue import spoken_language

    opened: list[str] = []
    monkeypatch.setattr(home, "run_home", lambda colour: opened.append(spoken_language()) or 0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    as_terminal(monkeypatch)
    assert cli.main(["--lang", "it"]) == 0 and cli.main([]) == 0
    assert opened == ["it", "en"]


def test_lang_alone_off_a_terminal_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "de"]) == 0
    assert "COMMAND" in capsys.readouterr().out


COMMANDS = ("play", "games", "resume", "replay", "log", "rules", "simulate", "settings", "stats", "learn", "analyse",
            "serve")


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main([*argv, "--help"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("language", "usage", "options"), [("it", "uso: ", "opzioni:"),
                                                           ("de", "Aufruf: ", "Optionen:")])
def test_every_commands_help_speaks_the_language(language: str, usage: str, options: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """--help of every command in the run's language: argparse's own words, the description and each option's
    help; the options, the metavars and the notation stay as they are."""
    for command in ("", *COMMANDS):
        argv = [command] if command else []
        english, spoken = _help(argv, capsys), _help(["--lang", language, *argv], capsys)
        assert spoken.startswith(usage) and options in spoken, spoken
        english_lines = {line.strip() for line in english.splitlines()}
        prose = [line for line in spoken.splitlines() if len(line.split()) > 4 and line.strip() in english_lines]
        assert prose == [], (command, prose)  # no sentence left in English
        flags = set(re.findall(r"--[a-z-]+", english))
        assert flags <= set(re.findall(r"--[a-z-]+", spoken)), command


def test_help_follows_the_setting_and_the_terminal_too(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from famiglia.profile.settings import write_value

    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert _help(["play"], capsys).startswith("Aufruf: ")
    write_value("language", "it")
    assert _help(["play"], capsys).startswith("uso: ")
    assert _help(["--lang=en", "play"], capsys).startswith("usage: ")
    assert cli.main(["--lang", "de", "play", "--first", "3"]) == 2
    assert "ungültige Wahl" in capsys.readouterr().err


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("against the computer", "at one keyboard", "over SSH")),
    ("it", ("contro il computer", "alla stessa tastiera", "via SSH")),
    ("de", ("gegen den Computer", "an einer Tastatur", "über SSH")),
])
def test_help_says_every_way_the_game_is_played(capsys: pytest.CaptureFixture[str], language: str,
                                                said: tuple[str, ...]) -> None:
    """Not "played hot-seat" alone: the computer and `famiglia serve` are ways to play too."""
    assert cli.main(["--lang", language, "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert all(words in out for words in said), out[:300]
    assert "hot-seat" not in out and "a turno al terminale" not in out and "abwechselnd im Terminal" not in out
