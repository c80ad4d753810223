"""`famiglia play --vs cpu[:LEVEL]` on the command line: what reaches the screen, and one line for bad input."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from famiglia import cli
from famiglia.profile.seats import HUMAN
from tests.drivers.fake_run import fake_run_play

USAGE_ERROR = re.compile(r"famiglia: error: .+ \(see 'famiglia play --help'\)")


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What `famiglia play` hands to the screen, instead of starting it."""
    return fake_run_play(monkeypatch)


@pytest.mark.parametrize(
    ("argv", "names", "seats", "first"),
    [
        (["--vs", "cpu", "--names", "Anna"], ("Anna", "Computer (normal)"), (HUMAN, "cpu:normal"), None),
        (["--vs", "cpu:easy", "--first", "1"], None, (HUMAN, "cpu:easy"), 0),
        (["--vs", " CPU:Hard ", "--first", "2", "--seed", "9"], None, (HUMAN, "cpu:hard"), 1),
    ],
)
def test_vs_seats_the_computer_as_player_2(screen: dict[str, Any], argv: list[str], names: Any, seats: Any,
                                           first: int | None) -> None:
    assert cli.main(["play", *argv]) == 0
    assert screen["names"] == names and screen["seats"] == seats and screen["first"] == first


def test_a_hot_seat_game_has_no_seats_option(screen: dict[str, Any]) -> None:
    assert cli.main(["play", "--names", "Anna", "Ben"]) == 0
    assert screen["names"] == ("Anna", "Ben") and "seats" not in screen


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--vs", "cpu:expert"], "argument --vs: unknown level 'expert': choose easy, normal, hard"),
        (["--vs", "human"], "argument --vs: unknown opponent 'human'"),
        (["--vs", "cpu:"], "argument --vs: unknown level ''"),
        (["--vs", "cpu", "--names", "Anna", "Ben"], "argument --names: against the computer give one name, yours"),
        (["--names", "Anna"], "argument --names: give two names, player 1 first (or one, yours, with --vs cpu)"),
        (["--vs", "cpu", "--names", "computer (NORMAL)"], "argument --names: the two names must differ"),
        (["--vs", "cpu", "--load", "game.json"], "--load plays a saved game on against the opponent it was played"),
    ],
)
def test_bad_use_of_vs_is_one_line_and_exit_2(argv: list[str], words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and USAGE_ERROR.fullmatch(err.rstrip("\n")), err
    assert err.startswith(f"famiglia: error: {words}"), err


ODD = ["²", "①", "\u0661", "\uff19", "\u202e", "\u200b", "\x00", "\x1b[2J", "\n", "é", "🂡", "cpu", ":",
       "\uff43\uff50\uff55", "\u0130", "ß"]  # odd digits, invisible and control characters, look-alikes


def test_fuzzed_vs_values_are_one_short_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(8)
    for round in range(150):
        pieces = [rng.choice(ODD) for _ in range(rng.randint(1, 6))]
        value = "".join(pieces) * (5000 if round % 25 == 0 else 1)
        if value.strip().lower() in ("cpu", "cpu:easy", "cpu:normal", "cpu:hard") or value.startswith("-"):
            continue
        assert cli.main(["play", "--vs", value]) == 2, value
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("famiglia: error: argument --vs: "), err
        assert "\x1b" not in err and "\x00" not in err and len(err) < 400


@pytest.mark.parametrize(("given", "words"), [("Anna,Ben", "--names Anna Ben"), ("Anna, Ben", "--names Anna Ben"),
                                              ("Anna,Ben Marie", "--names Anna 'Ben Marie'")])
def test_two_names_joined_by_a_comma_are_told_to_go_apart(given: str, words: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--names", given]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and USAGE_ERROR.fullmatch(err.rstrip("\n")), err
    assert err.startswith(f"famiglia: error: argument --names: the two names go apart, with a space: {words}"), err
