"""The containers of the screen: the main area, the input line and the overlays, all reading one frame.

`create_layout(session, frames)` builds the prompt_toolkit containers once. At each redraw the frame of
that redraw is composed once (`Frames.now`: the view's `GameScreen.frame` at the terminal's size of that
moment), and every window reads its rows from it: the main area, the prompt and its width, the help or
the log, the last turn, the quit question, or the too-small screen. So the layout never needs telling that
something changed, a resize simply draws again, and nothing is composed twice in one redraw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import fragment_list_width
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
from prompt_toolkit.layout.controls import BufferControl, GetLinePrefixCallable, UIContent, UIControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import HighlightSelectionProcessor
from rich.cells import cell_len
from rich.console import RenderableType

from famiglia.engine import parse_action
from famiglia.phrasebook import actions
from famiglia.phrasebook.catalogue import ngettext
from famiglia.phrasebook.notation import in_notation

from ..model.screens import Message
from ..model.session import Overlay, Screen, Session
from ..view.bridge import ansi_text
from ..view.compose import QUIT_BOX, Frame, GameScreen
from ..view.screens import too_small as too_small_at
from .rowrenderer import Shown

__all__ = ["INPUT_BUFFER", "LINE_LIMIT", "Frames", "InputLine", "RowsControl", "create_layout", "render_ansi",
           "screen_rows", "screen_size", "too_small"]

INPUT_BUFFER: Final = "input"
LINE_LIMIT: Final = 200  # characters the input line holds: an action or a name is far shorter


def render_ansi(renderable: RenderableType, *, width: int, height: int | None = None, colour: bool = True) -> ANSI:
    """`renderable` drawn at `width` columns, as prompt_toolkit formatted text."""
    return ANSI(ansi_text(renderable, width=width, height=height, colour=colour))


class ActionCompleter(Completer):
    """Tab completion of the legal actions in notation; the menu shows each in words."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        typed = document.text_before_cursor
        for text in self.session.completions(typed):
            meaning = actions.menu(parse_action(in_notation(text)))
            yield Completion(text, start_position=-len(typed), display_meta=meaning)


def screen_size() -> tuple[int, int]:
    """The terminal's columns and rows now."""
    size = get_app().output.get_size()
    return size.columns, size.rows


def too_small() -> bool:
    """Whether the terminal is now too small to show the game (only leaving works then)."""
    return too_small_at(*screen_size())


class Frames:
    """The frames of one application's screen: the view's `GameScreen` (with that player's ink), and the frame
    of the redraw under way, composed once however many windows read it.

    Every redraw notes in `session.drawing` what the keys need of it: the terminal's rows, how far the open
    overlay scrolls, whether the opponent's last turn found room beside the table, whether the terminal is
    too small.
    """

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self._key: tuple[int, int, int] | None = None
        self._frame = Frame()

    def now(self) -> Frame:
        """The frame of the redraw under way, at the terminal's size of this moment."""
        app = get_app()
        width, height = screen_size()
        key = (app.render_counter, width, height)
        if key != self._key:
            session = self.screen.session
            drawing = session.drawing  # what the keys read, the key line among them: before the frame is made
            drawing.too_small = too_small_at(width, height)
            if not drawing.too_small:
                drawing.rows = height
            self._frame = frame = self.screen.frame(width, height)
            self._key = key
            if frame.small is None and frame.overlay:
                drawing.scroll_limit = frame.scroll_limit
                drawing.scroll_floor = frame.scroll_floor
            elif frame.small is None:
                drawing.summary_crowded = frame.crowded
        return self._frame


class RowsControl(UIControl):
    """Rows of text with terminal codes, read at draw time; each row is read into prompt_toolkit's fragments once,
    and kept while the next frames show it again (a key that changes one part changes only its rows)."""

    def __init__(self, rows: Callable[[], Sequence[str]]) -> None:
        self._rows = rows
        self._read: dict[str, StyleAndTextTuples] = {}

    def _lines(self) -> list[StyleAndTextTuples]:
        rows = self._rows()
        read = {row: self._read.get(row) or to_formatted_text(ANSI(row)) for row in rows}
        self._read = read  # only the rows of this frame are kept
        return [read[row] for row in rows]

    def create_content(self, width: int, height: int | None) -> UIContent:
        lines = self._lines()
        return UIContent(get_line=lambda i: lines[i], line_count=len(lines), show_cursor=False)

    def preferred_width(self, max_available_width: int) -> int | None:
        return max((fragment_list_width(line) for line in self._lines()), default=0)

    def preferred_height(self, width: int, max_available_height: int, wrap_lines: bool,
                         get_line_prefix: GetLinePrefixCallable | None) -> int | None:
        return len(self._rows())


def create_layout(session: Session, frames: Frames) -> Layout:
    """The containers of the game: the main area (message line included), the input line, overlays on top."""
    input_buffer = _input_buffer(session)
    # Exact sizes, the terminal's: prompt_toolkit would otherwise share out the free rows and columns one at
    # a time at every redraw (docs/performance.md).
    main = Window(RowsControl(lambda: frames.now().main.text), wrap_lines=False, always_hide_cursor=True,
                  height=lambda: Dimension.exact(max(1, screen_size()[1] - 1)))
    body = FloatContainer(content=HSplit([main, _input_line(session, frames, input_buffer)]),
                          floats=_floats(session, frames))
    small = Window(RowsControl(lambda: (frames.now().small or Frame().main).text))

    def root_container() -> Window | FloatContainer:
        return small if frames.now().small is not None else body

    return Layout(DynamicContainer(root_container), focused_element=input_buffer)


def screen_rows(session: Session, frames: Frames, buffer: Buffer, columns: int, rows: int) -> Shown | None:
    """The whole screen `create_layout` draws at `columns` × `rows`, as the rows `RowRenderer` writes itself; None
    where only prompt_toolkit draws it: the Tab menu, the quit question over the list of choices, a selection,
    an input line that scrolls or holds characters of other widths, a last turn laid over the input line.

    Row for row what the containers show: the main area above the input line, the help or the log over it
    all, the last turn over its top rows; the prompt and the typed text, the cursor after it.
    """
    frame = frames.now()
    if frame.small is not None:
        return Shown.of(frame.small.text, rows)
    if (session.overlay is Overlay.CONFIRM_QUIT or buffer.complete_state is not None
            or buffer.selection_state is not None):
        return None
    above = max(1, rows - 1)
    if session.overlay is not None and session.overlay.scrolls:
        main = Shown.of(frame.overlay, above).rows
    else:
        main = Shown.of(frame.main.text, above).rows
        if session.overlay is Overlay.LAST_TURN:
            top, at = frame.last_turn.text, frame.last_top
            if at + len(top) >= rows:
                return None
            main = main[:at] + top + main[at + len(top):]
    if session.screen not in (Screen.NAMES, Screen.TABLE):
        return Shown((*main, ""))
    prompt, text = frame.prompt, buffer.text
    if not (prompt.isprintable() and text.isprintable() and cell_len(text) == len(text)):
        return None
    if cell_len(prompt) + len(text) >= columns:  # the line would scroll to keep the cursor in sight
        return None
    return Shown((*main, prompt + text), (cell_len(prompt) + buffer.cursor_position, len(main)))


class InputLine(Buffer):
    """The input line's text: at most `LINE_LIMIT` characters, whatever is typed or pasted (`full` hears of what did
    not fit), and no undo.

    prompt_toolkit keeps a copy of a buffer's text before every key for undo, which the input line has no key
    for: a flood of typed keys made the copies cost memory by the square of the line's length (a server's
    client, 60 kB of letters: 1.5 GB). The limit bounds the line, and so every copy made of it.
    """

    def __init__(self, *, full: Callable[[], None], **options: Any) -> None:
        super().__init__(**options)
        self.full = full

    def insert_text(self, data: str, overwrite: bool = False, move_cursor: bool = True,
                    fire_event: bool = True) -> None:
        room = LINE_LIMIT - len(self.text)
        if len(data) > room:
            data = data[:max(0, room)]
            self.full()
        if data:
            super().insert_text(data, overwrite, move_cursor, fire_event)

    def save_to_undo_stack(self, clear_redo_stack: bool = True) -> None:
        pass  # the line has no undo (see the class docstring)


def line_full(session: Session) -> None:
    """What the message line says when the input line takes no more characters."""
    full = ngettext("The line is full: it takes at most {n} character.",
                    "The line is full: it takes at most {n} characters.", LINE_LIMIT).format(n=LINE_LIMIT)
    session.message = Message(full, "warning")


def _input_buffer(session: Session) -> Buffer:
    """The input line's text: read-only where nothing may be typed (an overlay, a turn's end, no table)."""
    buffer = InputLine(
        full=lambda: line_full(session),
        name=INPUT_BUFFER,
        multiline=False,
        completer=ActionCompleter(session),
        complete_while_typing=False,
        read_only=Condition(lambda: session.screen not in (Screen.NAMES, Screen.TABLE) or session.overlay is not None
                            or session.ending is not None),
    )
    buffer.on_text_changed += lambda b: session.line_changed(b.text)
    return buffer


def _input_line(session: Session, frames: Frames, buffer: Buffer) -> ConditionalContainer:
    """The prompt and the input line; the prompt has a window of its own, so only the typed text scrolls."""
    prompt = Window(FormattedTextControl(lambda: frames.now().prompt), width=lambda: cell_len(frames.now().prompt),
                    height=1, dont_extend_width=True)
    # Only the selection is highlighted on this one line: no search, no multiple cursors (prompt_toolkit's other
    # default processors, each a pass over the line at every redraw).
    line = BufferControl(buffer=buffer, input_processors=[HighlightSelectionProcessor()],
                         include_default_input_processors=False)

    def rest() -> Dimension:
        return Dimension.exact(max(1, screen_size()[0] - cell_len(frames.now().prompt)))

    return ConditionalContainer(
        VSplit([prompt, Window(line, height=1, width=rest, wrap_lines=False)]),
        filter=Condition(lambda: session.screen in (Screen.NAMES, Screen.TABLE)),
        alternative_content=Window(height=1),
    )


class _Placed(Float):
    """A float whose first row is read at each redraw (`top_of`): the last turn, where it leaves the table in sight."""

    def __init__(self, top_of: Callable[[], int], **options: Any) -> None:
        self._top_of = top_of
        super().__init__(top=0, **options)

    @property
    def top(self) -> int:
        return self._top_of()

    @top.setter
    def top(self, value: int | None) -> None:
        pass  # the first row is always `top_of`'s


def _floats(session: Session, frames: Frames) -> list[Float]:
    """What lies on top: the Tab completions, the help or the log, the last turn, the quit question."""
    return [
        # The Tab completions open under whose turn it is and the status line, never over the list of
        # choices just above the input line (they say what may be typed).
        Float(xcursor=True, top=2, content=CompletionsMenu(max_height=8, scroll_offset=1)),
        Float(content=ConditionalContainer(
            Window(RowsControl(lambda: frames.now().overlay)),
            filter=Condition(lambda: session.overlay is not None and session.overlay.scrolls)),
            top=0, left=0, right=0, bottom=1),
        _Placed(lambda: frames.now().last_top, content=ConditionalContainer(
            Window(RowsControl(lambda: frames.now().last_turn.text)),
            filter=Condition(lambda: session.overlay is Overlay.LAST_TURN)),
            left=0, right=0),
        # The quit question stands over the list of choices, above the key line that says its keys: never over
        # the hand.
        Float(content=ConditionalContainer(
            Window(RowsControl(lambda: frames.now().quit.text), width=QUIT_BOX[0], height=QUIT_BOX[1]),
            filter=Condition(lambda: session.overlay is Overlay.CONFIRM_QUIT)), bottom=2),
    ]
