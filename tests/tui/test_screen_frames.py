"""One frame per redraw, each part drawn only when it changed, and each application in its own player's colour.

The application is driven by the keys a player presses (pipe input, a dummy terminal); what is counted is
how often the view is asked to compose a frame and to draw each part, through the parts' own classes.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator

import pytest
from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.input import create_pipe_input

from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.app import build_app, run_app
from famiglia.tui.shell.rowrenderer import RowRenderer
from famiglia.tui.view.choices import Choices
from famiglia.tui.view.compose import GameScreen
from famiglia.tui.view.messages import MessageLine
from famiglia.tui.view.players import Hand, PlayerRow
from famiglia.tui.view.status import TableTop
from famiglia.tui.view.street import Street
from tests.drivers.app import Player, play
from tests.drivers.session import new_session
from tests.drivers.terminal import COLOURED, DOWN, UP, Terminal

DRAWN = (Choices, MessageLine, Street, Hand, PlayerRow, TableTop)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often each part is drawn, and how often a frame is composed, by name."""
    counts: Counter[str] = Counter()
    for part in DRAWN:
        def lines(self: object, width: int, *, _lines=part.lines, _name=part.__name__) -> object:  # type: ignore[no-untyped-def]
            counts[_name] += 1
            return _lines(self, width)

        monkeypatch.setattr(part, "lines", lines)
    frame = GameScreen.frame

    def counted(self: GameScreen, width: int, height: int) -> object:
        counts["frame"] += 1
        return frame(self, width, height)

    monkeypatch.setattr(GameScreen, "frame", counted)
    yield counts


async def at_table(p: Player) -> None:
    await p.at_handoff()
    await p.keys("\r")
    assert p.session.screen is Screen.TABLE


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_an_arrow_key_composes_one_frame_and_draws_the_choices_once_and_nothing_else(
        drawn: Counter[str], columns: int, rows: int) -> None:
    """At 80x24 the choices were drawn twice for every arrow key (once to count the rows they leave the message
    line, once to show them), and the prompt, its width and the floats composed the screen again."""
    session = new_session(seed=2)
    seen: list[Counter[str]] = []

    async def script(p: Player) -> None:
        await at_table(p)
        for key in (DOWN, DOWN, UP):  # each moves the highlight: six choices
            before = Counter(drawn)
            await p.keys(key)
            seen.append(Counter(drawn) - before)
        await p.keys("\x03y")

    assert play(session, script, columns=columns, rows=rows) == 0
    for counts in seen:
        assert counts == Counter({"frame": 1, "Choices": 1}), counts


def test_a_played_action_draws_again_only_the_parts_it_changed(drawn: Counter[str]) -> None:
    """A refresh changes the Street, the status and the choices; the hand and the players' rows stay as drawn."""
    session = new_session(seed=2)
    changed: list[Counter[str]] = []

    async def script(p: Player) -> None:
        await at_table(p)
        refresh = next(a for a in p.game.legal_actions() if str(a).startswith("refresh"))
        before = Counter(drawn)
        await p.keys(f"{refresh}\r")
        changed.append(Counter(drawn) - before)
        await p.keys("\x03y")

    assert play(session, script) == 0
    assert changed[0]["Street"] >= 1 and changed[0]["TableTop"] >= 1 and changed[0]["Choices"] >= 1
    assert changed[0]["Hand"] == 0 and changed[0]["PlayerRow"] == 0, changed


def _coloured(app: Application[int]) -> bool:
    """Whether anything the application drew last has a colour (bold, dim and reverse are no colours)."""
    renderer = app.renderer
    if isinstance(renderer, RowRenderer) and renderer.on_screen is not None:  # the rows it wrote itself
        return any(COLOURED.search(row) for row in renderer.on_screen.rows)
    screen = renderer.last_rendered_screen
    assert screen is not None
    return any("#" in c.style or "ansi" in c.style for row in screen.data_buffer.values() for c in row.values())


def test_two_applications_in_one_process_each_draw_in_the_colour_their_player_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Colour belongs to the application of one player: one process holds a screen with colour and one without
    (each in an application session of its own, as prompt_toolkit runs one per connection), and the environment
    of the process changes neither."""
    monkeypatch.setenv("NO_COLOR", "1")  # read where the program starts, never by a screen
    sessions = [Session(names=("Anna", "Ben"), seed=seed, handoff_guard=0) for seed in (3, 4)]
    seen: dict[bool, bool] = {}

    async def run(app: Application[int]) -> int:
        with create_app_session(input=app.input, output=app.output):
            return await run_app(app)

    async def main() -> None:
        with create_pipe_input() as colour_pipe, create_pipe_input() as plain_pipe:
            apps = {True: build_app(sessions[0], input=colour_pipe, output=Terminal(80, 24), colour=True),
                    False: build_app(sessions[1], input=plain_pipe, output=Terminal(80, 24), colour=False)}
            tasks = [asyncio.create_task(run(app)) for app in apps.values()]
            for colour, pipe in ((True, colour_pipe), (False, plain_pipe)):
                player = Player(sessions[not colour], apps[colour], pipe, tasks[not colour])
                await player.until(lambda app=apps[colour]: app.render_counter > 0)  # type: ignore[misc]
                await player.keys("\r")  # the names question: each table's first name
            for colour, app in apps.items():
                seen[colour] = _coloured(app)
                app.exit(result=0)
            await asyncio.gather(*tasks)

    asyncio.run(main())
    assert seen == {True: True, False: False}
