"""The computer's pass says why, in its turn summary: the one-row line, the last-turn box (`l`), the game log
(`g`), and the end screen when the pass ends the game; words of public facts only (R12.1). Through the
application, with the keys a person would press, against the real search and a scripted passer."""

from __future__ import annotations

import pytest
from rich.console import Console

from famiglia.ai import player
from famiglia.engine import Event, Game, Pass, Refresh, Take, parse_card
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.lastturn import turn_line
from famiglia.tui.view.overlays import log_renderable
from famiglia.tui.view.theme import THEME
from tests.drivers.app import Player, play, redrawn
from tests.drivers.computer import Scripted, against
from tests.positions import position

WAITS = "nothing on the Street is worth taking now; if you pass too, the game ends"


# The box under the table, or over it; a wide table's own record of the turn, and the message line.
@pytest.mark.parametrize(("columns", "rows"), [(100, 40), (80, 24), (124, 40)])
def test_a_pass_that_leaves_you_the_move_shows_its_reason_in_the_summary_the_box_and_the_log(columns: int,
                                                                                              rows: int) -> None:
    session = against(seed=5, first=0)  # the first Street holds a 0: Anna takes it for free
    computer = Computer(session, make_player=lambda level, seed: Scripted(passes=True), pace=0)
    seen: dict[str, str] = {}

    async def script(p: Player) -> None:
        take = next(a for a in p.game.legal_actions() if isinstance(a, Take))
        await p.keys(f"{take}\r\r")  # Anna takes and confirms; the computer passes at once
        await p.until(lambda: not p.session.computer_to_move and p.game.to_move == 0)
        await redrawn(p)
        seen["summary"] = p.screen()
        if p.session.drawing.summary_crowded:
            await p.keys("l")  # no room beside the table: the box lies on top of it
            seen["box"] = p.screen()
            await p.keys("l")
        await p.keys("g")
        seen["log"] = p.screen()
        await p.keys("q")
        await p.keys("q")
        await p.keys("y")

    play(session, script, computer=computer, columns=columns, rows=rows)
    assert session.pass_reasons == {2: WAITS}
    assert session.game is not None and session.game.view(None).passes == 1
    said = {where: " ".join(screen.replace("│", " ").split()) for where, screen in seen.items()}
    assert "passed: nothing on the Street is worth" in said["summary"]
    assert f"Computer (easy) passed: {WAITS}." in said["summary"]  # the message line, as the turn begins
    assert f"passed: {WAITS}" in said.get("box", said["summary"]) and f"passed: {WAITS}" in said["log"]
    if columns >= 110:  # the record beside a wide table says it too
        assert "At the table" in seen["summary"] and "• passed: nothing on the Street is worth" in seen["summary"]


def test_a_pass_after_yours_ends_the_game_and_the_end_screen_says_why() -> None:
    session = against(seed=4, first=0)
    computer = Computer(session, make_player=lambda level, seed: Scripted(passes=True), pace=0)

    async def script(p: Player) -> None:
        await p.keys("p\r")  # Anna passes and confirms; the computer's pass ends the game (R8.5)
        await p.until(lambda: p.session.screen is Screen.END)
        await redrawn(p)
        seen.append(p.screen())
        await p.keys("q")

    seen: list[str] = []
    play(session, script, computer=computer, columns=100, rows=40)
    result = session.game.result() if session.game is not None else None
    assert result is not None
    message = session.message
    assert message is not None and message.text.startswith(
        "Computer (easy) passed: you passed, so its pass ends the game: ")
    assert f"{result.scores[0]}–{result.scores[1]}" in message.text or "draw" in message.text
    assert "you passed, so its pass ends the game" in " ".join(seen[0].split())


def test_the_real_search_passes_to_win_at_once_and_says_so() -> None:
    """The person passed and the computer leads: the search passes (R8.5: it wins at once) and says why."""
    pos = position(hand0=["F0", "A0"], hand1=["F4", "F3"], street=("F2", "A3", "B2", "M3", "F1", "A2"), passes=1,
                   to_move=1)
    game = Game.from_dict(pos, seed=3, names=("Anna", "Computer (easy)"))
    session = Session.resume(game, seats=(HUMAN, "cpu:easy"), handoff_guard=0)
    computer = Computer(session, make_player=player, pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.END, timeout=30)
        await p.keys("q")

    play(session, script, computer=computer, columns=100, rows=40)
    assert session.history == [Pass()]
    assert session.message is not None
    assert session.message.text == "Computer (easy) passed: you passed, so its pass ends the game: it wins 25–1."


def test_the_one_row_summary_keeps_the_reason_after_the_pass() -> None:
    events = (Event(1, Refresh(parse_card("B3")), (parse_card("F2"), parse_card("A1"), parse_card("M0"))),
              Event(1, Pass()))
    line = turn_line(events, ("Anna", "Computer (easy)"), width=200, reason=WAITS).plain
    assert line == f"Computer (easy) last turn: refreshed B3♣ and drew F2♥ A1♦ M0♠ · passed: {WAITS}"
    narrow = turn_line(events, ("Anna", "Computer (easy)"), width=80, reason=WAITS).plain
    assert len(narrow) <= 80 and "passed: nothing on the Street" in narrow  # the earlier actions give way first
    assert "passed:" not in turn_line(events[:1], ("Anna", "Computer (easy)"), width=200, reason=WAITS).plain
    cut = turn_line(events, ("Anna", "Computer (easy)"), width=100, more="(l: all)", reason=WAITS + " " + WAITS).plain
    assert len(cut) <= 100 and cut.endswith("…  (l: all)") and "passed: nothing" in cut  # the key is never cut off


def test_a_resumed_game_tells_the_computers_earlier_passes_as_the_sitting_did() -> None:
    """The reason is worked out from the public table, so a resumed game's log says it too (R12.1)."""
    session = against(seed=5, first=0)
    saver = Autosave.attach(session)
    computer = Computer(session, make_player=lambda level, seed: Scripted(passes=True), pace=0)

    async def script(p: Player) -> None:
        take = next(a for a in p.game.legal_actions() if isinstance(a, Take))
        await p.keys(f"{take}\r\r")
        await p.until(lambda: not p.session.computer_to_move and p.game.to_move == 0)
        await p.keys("q")
        await p.keys("y")

    play(session, script, computer=computer, columns=100, rows=40)
    saver.close(session)
    assert session.pass_reasons == {2: WAITS}
    path, record = Store().find(saver.record.id)  # type: ignore[union-attr]
    again = resume_session(record, path=path, handoff_guard=0)
    assert again.pass_reasons == session.pass_reasons
    console = Console(width=100, record=True, color_system=None, theme=THEME)
    console.print(log_renderable(again.log, again.names, reasons=again.pass_reasons))
    assert f"passed: {WAITS}" in " ".join(console.export_text().split())
