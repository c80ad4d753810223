"""A part of the screen says what it draws in one way: rows kept and given again draw as they were drawn."""

from __future__ import annotations

import random

import pytest
from rich.console import JustifyMethod
from rich.text import Text

from famiglia.tui.view import part as part_module
from famiglia.tui.view.bridge import Ink, Painter, Rows
from famiglia.tui.view.compose import GameScreen
from famiglia.tui.view.part import AsDrawn, Part, drawn
from tests.drivers.session import new_session, step


def test_a_part_must_say_what_it_draws() -> None:
    class Silent(Part):
        pass

    with pytest.raises(TypeError):
        Silent()  # type: ignore[abstract]


@pytest.mark.parametrize("ink", list(Ink))
def test_rows_given_again_draw_as_they_were_drawn_by_either_path(ink: Ink) -> None:
    painter = Painter(ink)
    drawn = painter.rows(Text.from_markup("[bold]A1♦[/] Accountant\n[red]F3♥[/] Street — take"), 30)
    again = AsDrawn(drawn)
    assert painter.rows(again, 30).text == drawn.text
    assert tuple(painter.rows(line, 30).text[0] for line in again.lines(30)) == drawn.text


@pytest.mark.parametrize("ink", [Ink.COLOUR, Ink.COLOUR_16, Ink.MONO, Ink.PLAIN])
def test_a_part_of_text_lines_draws_as_rich_would(ink: Ink, monkeypatch: pytest.MonkeyPatch) -> None:
    """A part whose lines are lines of text that fit is written out without rich's console (`Painter.text_rows`):
    over every part of the table, the handoff and the end drawn along seeded games at sizes from too small to
    wide, its rows are those of rich's console, segment for segment."""
    compared: list[str] = []

    def both(painter: Painter, part: Part, width: int, *, justify: JustifyMethod | None = None) -> Rows:
        mine = drawn(painter, part, width, justify=justify)
        assert mine == painter.rows(part, width, justify=justify), f"{type(part).__name__} at {width} columns"
        compared.append(type(part).__name__)
        return mine

    monkeypatch.setattr(part_module, "drawn", both)
    rng = random.Random(ink.value)
    for seed in range(3):
        session = new_session(seed)
        screens = {size: GameScreen(session, ink=ink) for size in ((80, 24), (120, 40), (60, 16), (150, 50))}
        for _ in range(70):  # the handoff, the table, the turn's end, the end
            for (width, height), screen in screens.items():
                screen.frame(width, height)
            if not step(session, rng):
                break
    kinds = set(compared)
    assert {"Street", "Hand", "TableTop", "PlayerRow", "Choices", "MessageLine"} <= kinds, kinds
