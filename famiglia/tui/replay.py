"""`famiglia replay`: a saved game stepped through forward and backward, with both hands open.

`Replay` holds every position of the game (the deal, then one after each action) and which one is
on show; its verbs are the keys. The table is drawn by the game's own renderer from the view of the
player to move with the memory aid, which shows the other hand too, so nothing is drawn twice; it is
worded for a spectator (no player is "you", the other hand is not "tracked" but open). An
unfinished game is only shown after the question whether both hands may be seen: it reveals them.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output
from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.engine import Game, Step
from famiglia.persistence import Record

from .bridge import ansi_text
from .render import MIN_SIZE, render_end, render_table, render_too_small
from .render_parts import short_name
from .theme import cards_in

__all__ = ["Replay", "build_replay_app", "run_replay"]

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
KEYS_LINE: Final = "→ n: next · ← p: back · Home End · a turn number, Enter: go there · q: leave"


class Replay:
    """Which position of a recorded game is on show; the keys move it."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.positions: list[Game] = list(record.games())
        self.index = 0
        self.typed = ""  # digits of a turn number being typed
        self.message: str | None = None
        self.asking = not self.positions[-1].is_over  # both hands of a running game: ask first
        self.done = False
        # The turn each action belongs to, and where each turn starts (the index of its first position).
        self.turn_of: list[int] = []
        self.turn_starts: list[int] = []
        new_turn = True
        for i, move in enumerate(record.moves):
            if new_turn:
                self.turn_starts.append(i)
            self.turn_of.append(len(self.turn_starts))
            new_turn = move.action.step is Step.TAKE

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    # -- the keys ---------------------------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        self.index = max(0, min(self.last, self.index + delta))
        self.typed, self.message = "", None

    def home(self) -> None:
        self.step(-self.last)

    def end(self) -> None:
        self.step(self.last)

    def digit(self, digit: str) -> None:
        if len(self.typed) < 6:
            self.typed += digit
        self.message = None

    def backspace(self) -> None:
        self.typed = self.typed[:-1]

    def enter(self) -> None:
        """Go to the start of the turn whose number was typed."""
        if not self.typed:
            return
        number, self.typed = int(self.typed), ""
        if not 1 <= number <= len(self.turn_starts):
            self.message = f"There is no turn {number}: the game has {len(self.turn_starts)}."
            return
        self.index = self.turn_starts[number - 1]
        self.message = None

    def answer(self, yes: bool) -> None:
        """The question before an unfinished game: yes shows it, no leaves."""
        self.asking = False
        if not yes:
            self.done = True

    # -- what is drawn ----------------------------------------------------------------------------------------

    def caption(self) -> Text:
        """Where in the game this is: the position, the turn, and the action that led here."""
        names = self.record.players
        text = Text(f"Replay of game {self.record.id}", style="title")
        text.append(f"  position {self.index} of {self.last}", style="label")
        if self.index == 0:
            text.append("  ·  the deal", style="label")
            return text
        move = self.record.moves[self.index - 1]
        text.append(f"  ·  turn {self.turn_of[self.index - 1]}: ", style="label")
        text.append(short_name(names[move.player]), style="name")
        text.append(" ")
        text.append_text(cards_in(str(move.action), style="notice"))
        if self.index in self.turn_starts:
            text.append(f"  ·  turn {self.turn_starts.index(self.index) + 1} begins", style="label")
        return text

    def render(self, width: int, height: int) -> RenderableType:
        if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
            return render_too_small(width, height, need=MIN_SIZE)
        if self.asking:
            to_move = self.positions[-1].names[self.positions[-1].to_move]
            return Text.assemble(
                (f"Game {self.record.id} is not finished ({to_move} is to move).\n\n", "title"),
                "The replay shows both players' hands. Show it? ",
                ("y", "key"), " yes  ", ("n", "key"), " no")
        game = self.positions[self.index]
        footer = Text(self.message or (f"turn {self.typed}_" if self.typed else KEYS_LINE),
                      style="error" if self.message else "label")
        room = height - 2
        if game.is_over:
            body: RenderableType = render_end(game.view(0), width=width)
        else:
            body = render_table(game.view(game.to_move, memory=True), width=width, height=room, memory_aid=True,
                                spectator=True)
        return Group(self.caption(), body, footer)


def _bindings(replay: Replay) -> KeyBindings:
    keys = KeyBindings()

    def leave(event: KeyPressEvent) -> None:
        replay.done = True
        event.app.exit(result=EXIT_OK)

    def after(event: KeyPressEvent) -> None:
        if replay.done:
            event.app.exit(result=EXIT_OK)

    @keys.add("y")
    def _(event: KeyPressEvent) -> None:
        if replay.asking:
            replay.answer(True)

    @keys.add("n", eager=True)
    def _(event: KeyPressEvent) -> None:
        if replay.asking:
            replay.answer(False)
            after(event)
        else:
            replay.step(1)

    for key in ("right", " ", "pagedown"):
        keys.add(key)(lambda event: None if replay.asking else replay.step(1))
    for key in ("left", "p", "pageup"):
        keys.add(key)(lambda event: None if replay.asking else replay.step(-1))
    keys.add("home")(lambda event: None if replay.asking else replay.home())
    keys.add("end")(lambda event: None if replay.asking else replay.end())
    keys.add("enter")(lambda event: None if replay.asking else replay.enter())
    keys.add("backspace")(lambda event: replay.backspace())
    for digit in "0123456789":
        keys.add(digit)(lambda event, d=digit: None if replay.asking else replay.digit(d))
    for key in ("q", "escape", "c-c", "c-d"):
        keys.add(key, eager=True)(leave)
    return keys


def build_replay_app(replay: Replay, *, input: Input | None = None, output: Output | None = None) -> Application[int]:
    """The replay on the whole screen, reading `input` and writing `output` (tests use a pipe)."""

    def text() -> StyleAndTextTuples:
        size = get_app().output.get_size()
        return to_formatted_text(ANSI(ansi_text(replay.render(size.columns, size.rows), width=size.columns)))

    app: Application[int] = Application(
        layout=Layout(Window(FormattedTextControl(text), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=_bindings(replay),
        full_screen=True,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05
    return app


def run_replay(record: Record) -> int:
    """Show the replay of `record` in the terminal's alternate screen (so no hand stays in the scrollback)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: replay needs a terminal (standard input and output are not one); "
              "'famiglia log' prints a game", file=sys.stderr)
        return EXIT_FAILURE
    result: int = asyncio.run(build_replay_app(Replay(record)).run_async())
    return result
