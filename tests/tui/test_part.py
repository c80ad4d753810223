"""A part of the screen says what it draws in one way: rows kept and given again draw as they were drawn."""

from __future__ import annotations

import pytest
from rich.text import Text

from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.part import AsDrawn, Part


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
