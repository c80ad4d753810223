"""One player's screen of a sitting, composed once per frame: the one layout that gives every part its rows.

`GameScreen(session, ink=…)` belongs to the application of one player (its `Ink` is theirs: colour or
none). Each redraw asks it for one `Frame` at the terminal's size: the rows above the input line, the
prompt, and what lies on top (the help or the log, the last turn, the quit question), or the screen that
says the terminal is too small. Here, and only here, each part is given its rows, once: the table's
budget (`shape`), what it leaves to the choices, what they leave to the message line. Each place keeps its
part's rows while the part stays equal (`part.Kept`), so a key that changes one part draws that part
again and nothing else: an arrow key draws the choices. Only `session.view()` reaches the parts: the
public view at the handoff, the mover's at the table (R12). Tests read the same frames in plain text
(`compose`), so what they check is what the player sees.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from rich.console import JustifyMethod

from famiglia.engine import SeatView
from famiglia.phrasebook.catalogue import _
from famiglia.profile.names import NAME_LENGTH
from famiglia.profile.seats import seat_name

from ..model.commands import computer_turn_keys
from ..model.overlays import ending_question, quit_question
from ..model.session import Overlay, Screen, Session
from .boxes import place_box
from .bridge import NO_ROWS, Ink, Painter, Rows
from .choices import PICKER_ROWS, Choices, ComputerTurn, TurnEnd
from .handoff import Handoff
from .lastturn import TurnLine, TurnSummary
from .messages import MESSAGE_ROWS, MessageLine, hint_line, prompt_fitted, prompt_text
from .overlays import OverlayRows
from .part import AsDrawn, Kept, Part
from .pieces import short_name
from .screens import MIN_SIZE, QUIT_BOX, EndScreen, NamesQuestion, QuitQuestion, TooSmall, too_small
from .shape import STEADY_BELOW, WIDE, main_width, row_budget, steady_level, table_style
from .table import Beside, Place, SeatTable, arrange, table_level, where

__all__ = ["MESSAGE_ROWS", "PICKER_ROWS", "QUIT_BOX", "Frame", "GameScreen", "compose", "compose_frame",
           "compose_parts", "end_rows", "hint_line", "main_rows", "prompt_fitted", "prompt_text", "too_small"]


@dataclass(frozen=True, slots=True)
class Frame:
    """What one redraw shows: everything the application's windows read, composed once.

    `main` is the rows above the input line (none while the help or the log covers them, `overlay`), and
    `parts` where each part stands in them (`GameScreen.main`); `crowded` says the opponent's last turn
    found no room beside the table (then `l` lays it on top, `last_turn`), `scroll_limit` how far the
    help or the log scrolls; `small` is the whole screen of a terminal too small for the game. The last turn
    laid on top stands from row `last_top`, where it leaves the table in sight (`boxes.place_box`).
    """

    main: Rows = NO_ROWS
    parts: dict[str, range] = field(default_factory=dict)
    prompt: str = ""
    crowded: bool = False
    scroll_limit: int = 0
    scroll_floor: int = 0
    overlay: tuple[str, ...] = ()
    last_turn: Rows = NO_ROWS
    quit: Rows = NO_ROWS
    small: Rows | None = None
    last_top: int = 0


class GameScreen:
    """The screen of one sitting for one player: the ink, the rows each place keeps, the drawing of the turn.

    `frame` composes what a redraw shows (see the module docstring). Besides the kept rows the screen
    holds the table's drawing for the turn under way: a turn begins with the drawing the screen's size
    keeps (`shape.steady_level`), so the Street and the hand keep their shape from turn to turn; within
    a turn the drawing only ever steps down, when the table outgrows its room (a Street of twenty cards,
    a long message), and then stays down until the turn ends, so the cards never change shape back and
    forth under the player's eyes. (Where the size has a row budget, below `WIDE` columns, the drawing is
    the budget's for the whole game.)
    """

    def __init__(self, session: Session, *, ink: Ink = Ink.COLOUR) -> None:
        self.session = session
        self.painter = Painter(ink)
        self.overlays = OverlayRows(session, self.painter)  # the help and the log, drawn once per content and width
        self._kept: defaultdict[str, Kept] = defaultdict(Kept)
        self._turn: tuple[object, ...] | None = None
        self._level = 0
        self._level_key: tuple[object, ...] | None = None

    def frame(self, width: int, height: int) -> Frame:
        """Everything a terminal `width` × `height` shows, the input line's own text aside."""
        return compose_frame(self.session, self, width, height)

    def main(self, width: int, height: int) -> tuple[Rows, dict[str, range], bool]:
        """The `height` rows above the input line (`main_rows`)."""
        return main_rows(self.session, self, width, height)

    def draw(self, place: str, part: Part | None, width: int, *, justify: JustifyMethod | None = None) -> Rows:
        """The rows of `part` in its `place` on the screen, drawn again only if it changed."""
        return self._kept[place].draw(self.painter, part, width, justify=justify)

    def level(self, view: SeatView, width: int, room: int, above: int) -> int:
        """The level of a table without a row budget in `room` rows, `above` the input line (see the class
        docstring)."""
        aid = self.session.memory_aid
        steady_room = above - STEADY_BELOW
        turn = (view.names, view.seat, view.to_move, view.last_turn, width, steady_room, aid)
        if turn != self._turn:
            self._turn, self._level = turn, steady_level(width, steady_room, memory_aid=aid)
        if (view, width, room, aid, self._level) != self._level_key:
            self._level = table_level(view, width=width, height=room, memory_aid=aid, start=self._level)
            self._level_key = (view, width, room, aid, self._level)
        return self._level


def compose_frame(session: Session, screen: GameScreen, width: int, height: int) -> Frame:
    """Everything a terminal `width` × `height` shows of `session` on `screen`, the input line's own text aside."""
    if too_small(width, height):
        asking = quit_question(session)[0] if session.overlay is Overlay.CONFIRM_QUIT else None
        return Frame(small=screen.draw("small", TooSmall((width, height), MIN_SIZE, asking), width))
    above = height - 1
    prompt = prompt_fitted(session, width)
    if session.overlay is not None and session.overlay.scrolls:  # the help or the log covers it all: nothing more
        return Frame(prompt=prompt, scroll_limit=screen.overlays.scroll_limit(width, above),
                     scroll_floor=screen.overlays.scroll_floor(width, above),
                     overlay=tuple(screen.overlays.window(width, above)))
    main, parts, crowded = main_rows(session, screen, width, above)
    last = quit = NO_ROWS
    last_top = 0
    if session.overlay is Overlay.LAST_TURN:
        box = TurnSummary(session.last_turn(), session.names, _("l, Esc or q closes this"), session.last_turn_reason())
        last = screen.draw("last turn box", box, width)
        if "street" in parts:  # over the table: in the rows it leaves free, its latest actions if they must be fewer
            placed = place_box(main.plain(), parts, (), len(last))
            if placed.rows < len(last):
                last = screen.draw("last turn box", replace(box, rows=placed.rows), width)
            last_top = placed.top
    elif session.overlay is Overlay.CONFIRM_QUIT:
        question, kept = quit_question(session)
        quit = screen.draw("quit", QuitQuestion(question, kept, session.game is not None), QUIT_BOX[0])
    return Frame(main, parts, prompt, crowded, last_turn=last, quit=quit, last_top=last_top)


# -- above the input line -------------------------------------------------------------------------------------


def main_rows(session: Session, screen: GameScreen, width: int, height: int) -> tuple[Rows, dict[str, range], bool]:
    """The `height` rows above the input line, where each part stands in them, and whether the opponent's last
    turn was crowded out.

    The screen's content on top, the message line (one to three rows) at the bottom. On the table the parts
    are those of `table.where`, the opponent's last turn ("last_turn"), the choices or what stands in their
    place ("choices"); elsewhere the screen's content ("screen"); and the message line ("message").
    """
    view = session.view()
    budget = row_budget(width, height, memory_aid=session.memory_aid)
    on_table = session.screen is Screen.TABLE and view is not None
    choices = NO_ROWS
    message_rows = MESSAGE_ROWS
    if on_table and view is not None:
        left = None if budget is None else height - 1 - budget.rows  # what the table leaves to the choices
        choices = screen.draw("choices", _choices(session, view, left), width).trimmed()
        if budget is not None:  # the choices go first: a long refusal is shortened to the rows they leave
            message_rows = max(1, min(MESSAGE_ROWS, height - budget.rows - len(choices)))
    message = screen.draw("message", MessageLine.of(session, rows=message_rows), width).trimmed().cut(message_rows)
    message = message or Rows.blank(1)
    room = height - len(message)
    crowded = False
    if on_table and view is not None:
        body, parts, crowded = _table(session, screen, view, width, room, height, choices)
    else:
        body = screen.draw("screen", _screen(session, view, width, height, room), width).trimmed()
        parts = {"screen": range(0, len(body))}
    body = body.cut(room)
    parts["message"] = range(room, height)
    return body + Rows.blank(room - len(body)) + message, parts, crowded


def _screen(session: Session, view: SeatView | None, width: int, height: int, room: int) -> Part:
    """The content of the screens around the table: the names question, the handoff, the end."""
    if session.screen is Screen.NAMES:
        index, default = session.naming.prompt()
        players: list[tuple[str, str]] = []
        for i in range(2):
            if i < len(session.naming.given):
                players.append((session.naming.given[i], "name"))
            elif i == index:
                players.append(("…", "notice"))
            elif not session.is_human(i):  # against the computer only the person's name is asked
                players.append((seat_name(session.seats[i]), "name"))
            else:
                players.append(("", ""))
        against = _("you against the computer") if session.person is not None else _("two players at one keyboard")
        return NamesQuestion(against, tuple(players), default, NAME_LENGTH)
    assert view is not None
    if session.screen is Screen.HANDOFF:  # the Street as the table at this size draws it
        return Handoff(view, table_style(width, height, memory_aid=session.memory_aid), room)
    return EndScreen(view, session.game and session.game.seed, session.table.again())


def _choices(session: Session, view: SeatView, rows: int | None) -> Part:
    """What stands under the table: the choices, or in their place the computer's turn or a turn's end."""
    if session.computer_to_move:  # the other seat plays: what the person can do meanwhile
        person = session.opponent_away
        return ComputerTurn(short_name(session.names[1 - session.at_keyboard]), computer_turn_keys(person=person),
                            person)
    menu = session.menu()
    if menu is None:  # a take or pass waits to be confirmed: the question stands where the choices were
        return TurnEnd(ending_question(session))
    return Choices(menu, session.highlight, view.pass_ends_game, rows)


# -- the table ----------------------------------------------------------------------------------------------------


def _table(session: Session, screen: GameScreen, view: SeatView, width: int, height: int, above: int,
           choices: Rows) -> tuple[Rows, dict[str, range], bool]:
    """The table, the opponent's last turn while it is on show, and the choices at the bottom, `height` rows.

    The choices always show; the table gets the room left (at least `PICKER_ROWS` are kept for them, so
    the table keeps its shape while choosing); the last turn takes what the table leaves free, or else
    becomes a one-line hint (then `l` lays it on top of the table): it gives way, the table's drawing
    does not. Where the size has a row budget the table has its fixed rows, and the choices are drawn
    within the rows it leaves.
    """
    budget = row_budget(width, above, memory_aid=session.memory_aid)
    reason = session.last_turn_reason()
    if budget is not None:
        table, at = _laid(screen, SeatTable(view, session.memory_aid, budget=budget), width)
        table = table.trimmed()
        table = table + Rows.blank(budget.rows - len(table))  # the last parts may be blank rows
        choices = choices.cut(height - len(table))  # what is left below it holds the choices first
    else:
        room = height - max(len(choices), PICKER_ROWS) - 1
        level = screen.level(view, width, room, above)
        table, at = _laid(screen, SeatTable(view, session.memory_aid, level=level, room=room, reason=reason), width)
        table = table.trimmed().cut(room)
    summary = NO_ROWS
    crowded = False
    events = session.summary()
    free = height - len(choices) - (budget is None)  # what the table leaves free above the choices
    if events and width < WIDE:  # a wide table shows the last turn itself
        summary = screen.draw("last turn", TurnSummary(events, view.names, reason=reason), width).trimmed()
        if len(table) + len(summary) > free:  # the summary gives way: the table keeps its drawing
            crowded, summary = True, NO_ROWS
    last = session.last_turn()
    if not summary and last and width < WIDE:  # the opponent's turn in one row, always in sight
        line = TurnLine(last, view.names, _("(l: all)") if crowded else "", reason)
        summary = screen.draw("last turn line", line, width).trimmed().cut(1)
    summary = summary.cut(height - len(table) - len(choices))  # the choices go first
    fill = height - len(table) - len(summary) - len(choices)
    parts = {name: range(rows.start, min(rows.stop, len(table))) for name, rows in at.items()}
    parts["last_turn"] = range(len(table), len(table) + len(summary))
    parts["choices"] = range(height - len(choices), height)
    return table + summary + Rows.blank(fill) + choices, parts, crowded


def _laid(screen: GameScreen, table: SeatTable, width: int) -> tuple[Rows, dict[str, range]]:
    """The table's parts drawn, each in its place (`table.arrange`), and where each stands."""
    main = main_width(width)
    top = screen.draw("status", table.top(width), width)
    drawn: dict[str, Rows] = {}
    beside = width >= WIDE  # the body is a column of a grid, which pads its lines (`Beside`)

    def height(place: Place) -> int:
        drawn[place.name] = screen.draw(place.name, place.part, main, justify="left" if beside else None)
        return len(drawn[place.name])

    placed = arrange([Place("status", None, len(top)), *table.places(width)], height)
    body = NO_ROWS
    for p in placed[1:]:
        body = body + Rows.blank(p.before) + drawn.get(p.name, NO_ROWS) + Rows.blank(p.after)
    if beside:
        body = screen.draw("body", Beside(AsDrawn(body), table.record(len(top)), main), width)
    return top + body, where(placed)


def compose(session: Session, width: int, height: int, *, plain: bool = False, colour: bool = True,
            screen: GameScreen | None = None) -> str:
    """Everything above the input line, `height` rows, for a terminal `width` columns wide, as text: with the
    terminal codes of `colour` (or none), or `plain` characters. A `screen` given keeps its drawing from call
    to call, as the application's does."""
    screen = screen or GameScreen(session, ink=Ink.PLAIN if plain else Ink.of(colour))
    return "\n".join(screen.main(width, height)[0].text)


def compose_parts(session: Session, width: int, height: int) -> tuple[list[str], dict[str, range]]:
    """The rows `compose` gives in plain text, and where each part of the screen stands in them."""
    main, parts, _ = GameScreen(session, ink=Ink.PLAIN).main(width, height)
    return main.lines(), parts


def end_rows(session: Session, width: int) -> int:
    """The rows the end screen's content takes at `width` (the message line aside): what may stand below it."""
    view = session.view()
    assert view is not None
    end = EndScreen(view, session.game and session.game.seed, session.table.again())
    return len(Painter(Ink.PLAIN).rows(end, width).trimmed())
