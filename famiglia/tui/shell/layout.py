"""The containers of the screen: the main area, the input line and the overlays, read at draw time.

`create_layout(session)` builds the prompt_toolkit containers once; every window asks the view for
its text when it is drawn (`famiglia.tui.view.compose`), at the terminal's size of that moment, so the
layout never needs telling that something changed and a resize simply draws again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.layout import (
    ConditionalContainer,
    DynamicContainer,
    Float,
    FloatContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.menus import CompletionsMenu
from rich.cells import cell_len
from rich.console import RenderableType

from famiglia.engine import parse_action

from ..model.overlays import quit_question
from ..model.session import Overlay, Screen, Session
from ..model.words import describe
from ..view import compose as view
from ..view.bridge import ansi_text
from ..view.compose import QUIT_BOX, TableCache, compose, confirm_quit_text, prompt_fitted
from ..view.lastturn import render_turn_summary
from ..view.overlays import OverlayRows
from ..view.screens import MIN_SIZE, render_too_small

__all__ = ["INPUT_BUFFER", "create_layout", "render_ansi", "screen_size", "too_small"]

INPUT_BUFFER: Final = "input"


def render_ansi(renderable: RenderableType, *, width: int, height: int | None = None) -> ANSI:
    """`renderable` drawn at `width` columns, as prompt_toolkit formatted text."""
    return ANSI(ansi_text(renderable, width=width, height=height))


class ActionCompleter(Completer):
    """Tab completion of the legal actions in notation; the menu shows each in words."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        typed = document.text_before_cursor
        for text in self.session.table.completions(typed):
            yield Completion(text, start_position=-len(typed), display_meta=describe(parse_action(text)))


def screen_size() -> tuple[int, int]:
    """The terminal's columns and rows now."""
    size = get_app().output.get_size()
    return size.columns, size.rows


def too_small() -> bool:
    """Whether the terminal is now too small to show the game (only leaving works then)."""
    return view.too_small(*screen_size())


def _ansi(make: Callable[[int, int], RenderableType | str]) -> Callable[[], StyleAndTextTuples]:
    """A window's text, made at draw time for the terminal's size of that moment."""

    def text() -> StyleAndTextTuples:
        width, height = screen_size()
        made = make(width, height)
        return to_formatted_text(ANSI(made if isinstance(made, str) else ansi_text(made, width=width)))

    return text


def create_layout(session: Session) -> Layout:
    """The containers of the game: the main area (message line included), the input line, overlays on top.

    Every redraw notes in `session.drawing` what the keys need of it: the terminal's rows, how far the
    open overlay scrolls, and whether the opponent's last turn found room beside the table.
    """
    input_buffer = _input_buffer(session)
    cache = TableCache()
    overlays = OverlayRows(session)  # the help and the log, drawn once per content and width

    def main_text(width: int, height: int) -> str:
        session.drawing.rows = height
        if session.overlay is not None and session.overlay.scrolls:
            session.drawing.scroll_limit = overlays.scroll_limit(width, height - 1)
            return ""  # the help or the log covers it all: nothing needs composing, scrolling stays quick
        text = compose(session, width, height - 1, cache=cache)
        session.drawing.summary_crowded = cache.crowded
        return text

    main = Window(FormattedTextControl(_ansi(main_text)), wrap_lines=False, always_hide_cursor=True)
    body = FloatContainer(content=HSplit([main, _input_line(session, input_buffer)]),
                          floats=_floats(session, overlays))
    small = Window(FormattedTextControl(_ansi(lambda w, h: render_too_small(
        w, h, need=MIN_SIZE, asking=quit_question(session)[0] if session.overlay is Overlay.CONFIRM_QUIT else None))))

    def root_container() -> Window | FloatContainer:
        session.drawing.too_small = too_small()
        return small if session.drawing.too_small else body

    root = DynamicContainer(root_container)
    return Layout(root, focused_element=input_buffer)


def _input_buffer(session: Session) -> Buffer:
    """The input line's text: read-only where nothing may be typed (an overlay, a turn's end, no table)."""
    buffer = Buffer(
        name=INPUT_BUFFER,
        multiline=False,
        completer=ActionCompleter(session),
        complete_while_typing=False,
        read_only=Condition(lambda: session.screen not in (Screen.NAMES, Screen.TABLE) or session.overlay is not None
                            or session.ending is not None),
    )
    buffer.on_text_changed += lambda b: session.line_changed(b.text)
    return buffer


def _input_line(session: Session, buffer: Buffer) -> ConditionalContainer:
    """The prompt and the input line; the prompt has a window of its own, so only the typed text scrolls."""
    prompt = Window(FormattedTextControl(lambda: prompt_fitted(session, screen_size()[0])),
                    width=lambda: cell_len(prompt_fitted(session, screen_size()[0])), height=1, dont_extend_width=True)
    return ConditionalContainer(
        VSplit([prompt, Window(BufferControl(buffer=buffer), height=1, wrap_lines=False)]),
        filter=Condition(lambda: session.screen in (Screen.NAMES, Screen.TABLE)),
        alternative_content=Window(height=1),
    )


def _floats(session: Session, overlays: OverlayRows) -> list[Float]:
    """What lies on top: the Tab completions, the help or the log, the last turn, the quit question."""
    return [
        # The Tab completions open under whose turn it is and the status line, never over the list of
        # choices just above the input line (they say what may be typed).
        Float(xcursor=True, top=2, content=CompletionsMenu(max_height=8, scroll_offset=1)),
        Float(content=ConditionalContainer(
            Window(FormattedTextControl(_ansi(lambda w, h: "\n".join(overlays.window(w, h - 1))))),
            filter=Condition(lambda: session.overlay is not None and session.overlay.scrolls)),
            top=0, left=0, right=0, bottom=1),
        Float(content=ConditionalContainer(
            Window(FormattedTextControl(_ansi(lambda w, h: render_turn_summary(
                session.last_turn(), session.names, width=w, subtitle="l, Esc or q closes this",
                reason=session.last_turn_reason())))),
            filter=Condition(lambda: session.overlay is Overlay.LAST_TURN)),
            top=0, left=0, right=0),
        # The quit question stands over the list of choices, above the key line that says its keys: never over
        # the hand.
        Float(content=ConditionalContainer(
            Window(FormattedTextControl(_ansi(lambda w, h: confirm_quit_text(session))), width=QUIT_BOX[0],
                   height=QUIT_BOX[1]),
            filter=Condition(lambda: session.overlay is Overlay.CONFIRM_QUIT)), bottom=2),
    ]
