"""The settings of a sitting travel with its game: the record keeps the memory aid and confirming.

Each sitting here is `famiglia.cli.main` run as a player would type it, with the screen on a pipe
instead of a terminal: `famiglia play --memory-aid --no-confirm`, then `famiglia resume` with no
options plays on with both; an option given to `resume` wins for that sitting; a record written
before the settings were kept plays on with the remembered settings, as it always did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from famiglia.cli import main
from famiglia.engine import Step
from famiglia.persistence import Store, read_record
from famiglia.profile.settings import settings_path
from famiglia.tui.model.saving import Autosave
from famiglia.tui.model.session import Screen, Session
from tests.drivers.app import Player
from tests.drivers.fake_run import Sittings


@pytest.fixture
def sittings(monkeypatch: pytest.MonkeyPatch) -> Sittings:
    return Sittings.install(monkeypatch)


async def take_and_leave(p: Player) -> None:
    """Play the first turn to its take, then leave; with confirming off the take ends the turn at once."""
    await p.at_handoff()
    await p.keys("\r")
    action = next(a for a in p.game.legal_actions() if a.step is Step.TAKE)
    await p.keys(f"{action}\r")
    await p.keys("\x03y")


async def look_and_leave(p: Player) -> None:
    await p.at_handoff()
    await p.keys("\x03y")


def saved() -> Path:
    path, _ = Store().find("1")
    return path


def settings_of(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8")).get("settings")


def test_resume_plays_on_with_the_settings_the_game_was_started_with(sittings: Sittings) -> None:
    sittings.scripts.append(take_and_leave)
    assert main(["play", "--names", "Anna", "Ben", "--seed", "5", "--memory-aid", "--no-confirm"]) == 0
    first = sittings.sessions[0]
    assert first.history and first.history[-1].step is Step.TAKE and first.ending is None  # nothing asked
    assert settings_of(saved()) == {"memory_aid": True, "confirm": False}

    async def plays_on(p: Player) -> None:
        await p.at_handoff()
        await p.keys("\r")
        assert "Your hand" in p.screen()
        action = next(a for a in p.game.legal_actions() if a.step is Step.TAKE)
        await p.keys(f"{action}\r")
        assert p.session.screen is Screen.HANDOFF and p.session.ending is None  # the take ended the turn at once
        await p.keys("\x03y")

    sittings.scripts.append(plays_on)
    assert main(["resume"]) == 0
    resumed = sittings.sessions[1]
    assert (resumed.memory_aid, resumed.confirm) == (True, False)
    assert read_record(saved()).turn_count == 2


def test_continue_on_the_home_screen_and_play_load_keep_them_too(sittings: Sittings, tmp_path: Path) -> None:
    from famiglia.commands.resume import resume

    sittings.scripts.append(take_and_leave)
    assert main(["play", "--names", "Anna", "Ben", "--seed", "5", "--memory-aid", "--no-confirm"]) == 0
    sittings.scripts.append(look_and_leave)
    assert resume("1", settings=None) == 0  # what Continue calls, with the remembered settings
    copy = tmp_path / "elsewhere.json"
    copy.write_bytes(saved().read_bytes())
    sittings.scripts.append(look_and_leave)
    assert main(["play", "--load", str(copy)]) == 0
    assert [(s.memory_aid, s.confirm) for s in sittings.sessions[1:]] == [(True, False), (True, False)]


def test_an_option_given_to_resume_wins_for_that_sitting(sittings: Sittings) -> None:
    settings_path().write_text("memory_aid = true\nconfirm = true\n", encoding="utf-8")
    sittings.scripts.append(take_and_leave)
    assert main(["play", "--names", "Anna", "Ben", "--seed", "5", "--no-memory-aid", "--no-confirm"]) == 0
    sittings.scripts.append(look_and_leave)
    assert main(["resume"]) == 0  # the record wins over the remembered settings
    sittings.scripts.append(look_and_leave)
    assert main(["resume", "--memory-aid", "--confirm"]) == 0
    sittings.scripts.append(look_and_leave)
    assert main(["play", "--load", str(saved()), "--no-memory-aid"]) == 0
    assert [(s.memory_aid, s.confirm) for s in sittings.sessions[1:]] == [(False, False), (True, True),
                                                                          (False, False)]


def test_c_in_the_help_changes_the_record_at_once(sittings: Sittings) -> None:
    async def toggles(p: Player) -> None:
        await p.at_handoff()
        await p.keys("\r")
        action = next(a for a in p.game.legal_actions() if a.step is Step.TAKE)
        await p.keys(f"{action}\r")  # asks to confirm: saved as not yet confirmed
        await p.keys("\r")
        await p.at_handoff()
        await p.keys("\r")
        assert settings_of(saved()) == {"memory_aid": False, "confirm": True}
        await p.keys("?")
        await p.keys("c")
        assert p.session.confirm is False
        assert settings_of(saved()) == {"memory_aid": False, "confirm": False}
        await p.keys("\x1b")
        await p.keys("\x03y")

    sittings.scripts.append(toggles)
    assert main(["play", "--names", "Anna", "Ben", "--seed", "5"]) == 0
    sittings.scripts.append(look_and_leave)
    assert main(["resume"]) == 0
    assert sittings.sessions[1].confirm is False


def without_settings(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("settings", None)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


@pytest.mark.parametrize(("remembered", "expected"), [
    ("", (False, True)),
    ("memory_aid = true\n", (True, True)),
    ("memory_aid = true\nconfirm = false\n", (True, False)),  # before, resume always asked
])
def test_a_record_from_before_the_settings_were_kept_plays_on_with_the_remembered_ones(
        sittings: Sittings, remembered: str, expected: tuple[bool, bool]) -> None:
    sittings.scripts.append(take_and_leave)
    assert main(["play", "--names", "Anna", "Ben", "--seed", "5", "--memory-aid", "--no-confirm"]) == 0
    without_settings(saved())
    settings_path().write_text(remembered, encoding="utf-8")
    assert read_record(saved()).sitting.given() == {}
    sittings.scripts.append(look_and_leave)
    assert main(["resume"]) == 0
    assert (sittings.sessions[1].memory_aid, sittings.sessions[1].confirm) == expected


def test_learn_plays_the_guided_game_on_with_its_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import famiglia.tui.shell.guided as guided_shell
    from famiglia.tui.model.home.guided import guided_session
    from tests.drivers.session import at_table

    session, _ = guided_session("Anna", memory_aid=True, confirm=False)
    session.guard.guard = 0
    saver = Autosave.attach(session)
    at_table(session)
    assert session.game is not None
    assert session.play(session.game.legal_actions()[0])
    saver.close(session)
    heard: list[Session] = []

    def run_guided(s: Session, guide: object, *, say: object = None, colour: bool = True) -> int:
        heard.append(s)
        return 0

    monkeypatch.setattr(guided_shell, "run_guided", run_guided)
    assert main(["learn"]) == 0
    assert (heard[0].memory_aid, heard[0].confirm) == (True, False)
