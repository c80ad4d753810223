"""What fills the terminal for each screen of the session, as text for a given size, made at draw time.

`compose` is the heart of the screen: the whole main area as text for a given size, from the one
view the screen may show (R12), the action picker, and the summary of the opponent's turn. Tests
read the same `compose` in plain text, so what they check is what the player sees.
"""

from __future__ import annotations

from typing import Final

from rich.cells import cell_len, set_cell_size
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView, Step
from famiglia.profile.names import NAME_LENGTH
from famiglia.profile.seats import seat_name

from ..model.builder import Choice, Menu
from ..model.commands import computer_turn_keys, key_line
from ..model.overlays import quit_question
from ..model.session import Screen, Session
from ..model.words import describe
from .bridge import ansi_text, render_lines
from .budget import RowBudget, row_budget
from .handoff import render_handoff
from .lastturn import render_turn_summary, turn_line
from .parts import capitalized, flow, line_count, short_name, shorten_quoted
from .screens import MIN_SIZE, render_end
from .table import WIDE, level_cards, render_table, steady_level, table_level, table_parts
from .theme import cards_in

__all__ = ["MESSAGE_ROWS", "PICKER_ROWS", "QUIT_BOX", "TableCache", "compose", "compose_parts", "computer_turn_text",
           "confirm_quit_text", "end_rows",
           "ending_text", "hint_line", "last_turn_crowded_out", "message_text", "prompt_fitted", "prompt_text",
           "render_menu", "too_small"]

_HEADER: Final = max(len(step.title) for step in Step) + 2
_GAP: Final = "   "
PICKER_ROWS: Final = 5  # room kept for the action list, so the table keeps its shape while choosing
MESSAGE_ROWS: Final = 3  # the most rows the message line takes; a longer refusal is shortened to fit
_MORE: Final = "\u203a"  # a right-pointing angle quote: more choices follow


# -- the pieces in rich --------------------------------------------------------------------------------


def _short_label(choice: Choice) -> str:
    """A top-level entry without the verb its row already says: `refresh B4` is `B4` in the Refresh row."""
    label = choice.label
    verb, _, rest = label.partition(" ")
    if verb in ("refresh", "accountant", "brute", "take") and rest:
        label = rest
    return label


def _entry(choice: Choice, label: str, highlight: int | None) -> Text:
    text = Text()
    text.append(f"{choice.number}", style="key")
    text.append(" ")
    text.append_text(cards_in(label))
    if choice.action is None and choice.actions:  # more choices follow (not so `done swapping`)
        text.append(f" {_MORE}", style="label")
    if choice.number == highlight:
        text.stylize("reverse")
    return text


def _pass_entry(view: SeatView) -> Text:
    """The pass, on its own key `p` at the end of the take row: it never moves around the numbers (R8.5)."""
    text = Text()
    text.append("p", style="key")
    text.append(" pass (ends the game)" if view.pass_ends_game else " pass")  # R8.5, R10.2
    return text


def render_menu(menu: Menu, view: SeatView, *, width: int, highlight: int | None,
                rows: int | None = None) -> RenderableType:
    """The legal actions of the moment, numbered (R4): one row per step at the top, a list further down.

    The pass is not numbered: it ends the take row as `p pass`. Within `rows` rows, if given (what the
    table leaves), the line that explains the highlighted action goes first, and then a list takes
    more columns, each entry shortened (`…`) after its number and card, so every choice stays in sight.
    """
    lines: list[Text] = []
    if menu.is_top:
        by_step: dict[Step, list[Choice]] = {}
        for choice in menu.choices:
            by_step.setdefault(choice.step, []).append(choice)
        if menu.pass_action is not None:
            by_step.setdefault(Step.TAKE, [])
        for step, choices in by_step.items():
            header = "Take/pass" if step is Step.TAKE else step.title
            entries = [_entry(c, _short_label(c), highlight) for c in choices]
            if step is Step.TAKE and menu.pass_action is not None:
                entries.append(_pass_entry(view))
            head = Text.assemble((f"{header:<{_HEADER}}", "title"))  # a span: the entries are not bold
            lines += flow(entries, width, first=head, indent=_HEADER, gap=len(_GAP))
    else:
        lines.append(cards_in(menu.question or "", style="title"))
        entries = [_entry(c, c.label, highlight) for c in menu.choices]
        lines += _list_rows(entries, width=width, rows=None if rows is None else rows - 1)
    chosen = menu.numbered(highlight) if highlight is not None else None
    if chosen is not None and chosen.action is not None and (rows is None or len(lines) < rows):
        lines.append(Text.assemble(Text("→ ", style="label"), cards_in(describe(chosen.action), style="notice")))
    return Group(*lines)


_SHORTEST: Final = 12  # cells an entry keeps at least when a list is shortened: `12 B2♣ (val…`


def _list_rows(entries: list[Text], *, width: int, rows: int | None) -> list[Text]:
    """Entries of a list of choices in columns; within `rows` rows, if given, in more and narrower columns."""
    widest = max(e.cell_len for e in entries)
    per_line = max(1, (width - 2) // (widest + len(_GAP)))
    if len(entries) <= 4 and widest > 16 and (rows is None or len(entries) <= rows):
        return [Text.assemble("  ", e) for e in entries]
    if rows is not None and rows > 0 and -(-len(entries) // per_line) > rows:
        per_line = -(-len(entries) // rows)
        widest = max(_SHORTEST, (width - 2) // per_line - len(_GAP))
        per_line = min(per_line, max(1, (width - 2) // (widest + len(_GAP))))
    lines = []
    for start in range(0, len(entries), per_line):
        row = Text("  ")
        for i, e in enumerate(entries[start:start + per_line]):
            if i:
                row.append(_GAP)
            e.truncate(widest, overflow="ellipsis")
            e.pad_right(widest - e.cell_len)
            row.append_text(e)
        row.no_wrap = True
        lines.append(row)
    return lines


def _names_screen(session: Session, width: int) -> RenderableType:
    index, default = session.naming.prompt()
    body = Text()
    body.append("Famiglia", style="title")
    against = "you against the computer" if session.person is not None else "two players at one keyboard"
    body.append(f"\nthe card game by Friedemann Friese, for {against}\n\n", style="label")
    body.append("Who plays?\n", style="heading")
    for i in range(2):
        body.append(f"Player {i + 1}  ", style="label")
        if i < len(session.naming.given):
            body.append(session.naming.given[i], style="name")
        elif i == index:
            body.append("…", style="notice")
        elif not session.is_human(i):  # against the computer only the person's name is asked
            body.append(seat_name(session.seats[i]), style="name")
        body.append("\n")
    body.append(f"\nType a name (at most {NAME_LENGTH} characters) and press Enter; Enter alone keeps {default}.",
                style="label")
    return Panel(body, border_style="title", width=min(width, 80), padding=(1, 2))


def _end_seed(seed: object) -> Text:
    """How to deal the game again. The end screen's keys are on the key line, from the command table, only."""
    if seed is None:
        return Text()
    return Text(f"\nSeed {seed}: famiglia play --seed {seed} deals this game again.", style="label")


# -- composing a whole screen ------------------------------------------------------------------------------


def _text(renderable: RenderableType, width: int, plain: bool) -> list[str]:
    """Rows of `renderable`: plain, or with the terminal codes of the colours (one string per row)."""
    rows = render_lines(renderable, width=width) if plain else ansi_text(renderable, width=width).split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    return rows


class TableCache:
    """The drawing of the table for the turn under way, and the rows of the view on show.

    A turn begins with the drawing the screen's size keeps (`render.steady_level`): the Street and the
    hand keep their shape from turn to turn. Within a turn the drawing only ever steps down, when the
    table outgrows its room (a Street of twenty cards, a long message), and then stays down until the
    turn ends, so the cards never change shape back and forth under the player's eyes. Moving through
    the action list redraws the screen on every key; the table only changes when the game does, and a
    `SeatView` compares by value, so it is the key of the rows kept.
    """

    def __init__(self) -> None:
        self._turn: tuple[object, ...] | None = None
        self.level = 0
        self._key: tuple[object, ...] | None = None
        self._rows: list[str] = []
        self.crowded = False  # the last drawing found no room for the opponent's last turn beside the table
        self.parts: dict[str, range] = {}  # where each part of the table stands in its rows (`table_parts`)

    def rows(self, view: SeatView, *, width: int, room: int, steady_room: int, memory_aid: bool,
             plain: bool, budget: RowBudget | None = None, reason: str | None = None) -> list[str]:
        """The table in `room` rows; `steady_room` is the room it has with a one-row message and a short list.

        With a `budget` (a stacked table at a size that has one) the table has its fixed rows instead.
        """
        if budget is not None:
            if self._key != (view, width, budget, plain):
                self._key = (view, width, budget, plain)
                self._rows = _text(render_table(view, width=width, memory_aid=memory_aid, budget=budget), width,
                                   plain)
                self._rows += [""] * (budget.rows - len(self._rows))  # the last parts may be blank rows
                self.parts = table_parts(view, width=width, memory_aid=memory_aid, budget=budget)
            return self._rows
        turn = (view.names, view.seat, view.to_move, view.last_turn, width, steady_room, memory_aid)
        if turn != self._turn:
            self._turn, self.level = turn, steady_level(width, steady_room, memory_aid=memory_aid)
        if self._key != (view, width, room, memory_aid, plain, self.level, reason):
            self.level = table_level(view, width=width, height=room, memory_aid=memory_aid, start=self.level)
            self._key = (view, width, room, memory_aid, plain, self.level, reason)
            self._rows = _text(render_table(view, width=width, height=room, memory_aid=memory_aid,
                                            level=self.level, reason=reason), width, plain)
            self.parts = table_parts(view, width=width, memory_aid=memory_aid, level=self.level)
        return self._rows


def compose(session: Session, width: int, height: int, *, plain: bool = False, cache: TableCache | None = None) -> str:
    """Everything above the input line, `height` rows, for a terminal `width` columns wide.

    The screen's content on top, the message line (one to three rows) at the bottom. Only
    `session.view()` reaches the renderers: the public view at the handoff, the mover's at the table.
    """
    return "\n".join(_compose_rows(session, width, height, plain, cache or TableCache())[0])


def compose_parts(session: Session, width: int, height: int) -> tuple[list[str], dict[str, range]]:
    """The rows `compose` gives in plain text, and where each part of the screen stands in them.

    On the table the parts are those of `table_parts`, the opponent's last turn ("last_turn"), the
    choices or what stands in their place ("choices") and the message line ("message"); elsewhere only
    the message line. For what lays something over the screen and must leave a part of it in sight.
    """
    return _compose_rows(session, width, height, True, TableCache())


def end_rows(session: Session, width: int) -> int:
    """The rows the end screen's content takes at `width` (the message line aside): what may stand below it."""
    return len(_text(_end_content(session, width), width, True))


def _end_content(session: Session, width: int) -> RenderableType:
    view = session.view()
    assert view is not None
    return Group(render_end(view, width=width), _end_seed(session.game and session.game.seed))


def _compose_rows(session: Session, width: int, height: int, plain: bool,
                  cache: TableCache) -> tuple[list[str], dict[str, range]]:
    message = _message_rows(session, width, plain, rows=_message_room(session, width, height))
    room = height - len(message)
    parts: dict[str, range] = {}
    if session.screen is Screen.NAMES:
        rows = _text(_names_screen(session, width), width, plain)
    elif session.screen is Screen.HANDOFF:
        view = session.view()
        assert view is not None
        cards = level_cards(steady_level(width, room - PICKER_ROWS - 1))  # as the table will draw them
        rows = _text(render_handoff(view, width=width, height=room, cards=cards), width, plain)
    elif session.screen is Screen.END:
        rows = _text(_end_content(session, width), width, plain)
    else:
        rows, cache.crowded, parts = _table_screen(session, width, room, plain, cache, above_input=height)
    rows = rows[:room]
    parts["message"] = range(room, height)
    return [*rows, *[""] * (room - len(rows)), *message], parts


def _message_rows(session: Session, width: int, plain: bool, *, rows: int = MESSAGE_ROWS) -> list[str]:
    return _text(message_text(session, width=width, rows=rows), width, plain)[:rows] or [""]


def _message_room(session: Session, width: int, height: int) -> int:
    """The rows the message line may take of the `height` above the input line.

    Where the table has a row budget, the choices come first: a long refusal is shortened to the rows they
    leave (one at least), so that no choice goes out of sight while the player reads why a line was refused.
    """
    budget = _budget(session, width, height)
    view = session.view()
    if session.screen is not Screen.TABLE or budget is None or view is None:
        return MESSAGE_ROWS
    choices = _picker(session, view, width, True, budget, height - 1)
    return max(1, min(MESSAGE_ROWS, height - budget.rows - len(choices)))


def _budget(session: Session, width: int, above_input: int) -> RowBudget | None:
    """The row budget of the stacked table at this size (None for a wide table, or where none fits)."""
    return row_budget(width, above_input, memory_aid=session.memory_aid) if width < WIDE else None


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of this size cannot hold the table (`MIN_SIZE`)."""
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


def last_turn_crowded_out(session: Session, width: int, height: int) -> bool:
    """Whether the opponent's last turn is on show but finds no room beside the table at a terminal's size."""
    if not session.summary():
        return False
    above_input = height - 1
    room = above_input - len(_message_rows(session, width, True, rows=_message_room(session, width, above_input)))
    return _table_screen(session, width, room, True, TableCache(), above_input=above_input)[1]


def _table_screen(session: Session, width: int, height: int, plain: bool, cache: TableCache, *,
                  above_input: int) -> tuple[list[str], bool, dict[str, range]]:
    """The table, the summary of the opponent's turn while it is on show, and the picker at the bottom.

    The picker always shows; the table gets the room left (at least `PICKER_ROWS` are kept for the
    picker, so the table keeps its shape while choosing); the summary takes what the table leaves
    free, or else becomes a one-line hint (then `l` lays it on top of the table): it gives way, the
    table's drawing does not (`TableCache`). Where the size has a row budget (`budget`) the table has
    its fixed rows, and the choices are drawn within the rows it leaves. The flag says whether the
    summary was crowded out; the mapping where each part stands (`compose_parts`).
    """
    view = session.view()
    assert view is not None
    budget = _budget(session, width, above_input)
    picker = _picker(session, view, width, plain, budget, height)
    room = height - max(len(picker), PICKER_ROWS) - 1
    steady_room = above_input - 1 - PICKER_ROWS - 1
    table = cache.rows(view, width=width, room=room, steady_room=steady_room, memory_aid=session.memory_aid,
                       plain=plain, budget=budget, reason=session.last_turn_reason())
    if budget is None:
        table = table[:room]
    else:  # the table keeps its rows: what is left below it holds the choices first, cut if need be
        picker = picker[:max(0, height - len(table))]
    events = session.summary()
    summary: list[str] = []
    crowded_out = False
    free = height - len(picker) - (budget is None)  # what the table leaves free above the picker
    if events and width < WIDE:  # a wide table shows the last turn itself
        summary = _text(render_turn_summary(events, view.names, width=width, reason=session.last_turn_reason()),
                        width, plain)
        if len(table) + len(summary) > free:  # the summary gives way: the table keeps its drawing
            crowded_out = True
            summary = []
    last = session.last_turn()
    if not summary and last and width < WIDE:  # the opponent's turn in one row, always in sight
        line = turn_line(last, view.names, width=width, more="(l: all)" if crowded_out else "",
                         reason=session.last_turn_reason())
        summary = _text(line, width, plain)[:1]
    summary = summary[:max(0, height - len(table) - len(picker))]  # the choices go first
    fill = height - len(table) - len(summary) - len(picker)
    parts = {name: range(rows.start, min(rows.stop, len(table))) for name, rows in cache.parts.items()}
    parts["last_turn"] = range(len(table), len(table) + len(summary))
    parts["choices"] = range(height - len(picker), height)
    return [*table, *summary, *[""] * fill, *picker], crowded_out, parts


def _picker(session: Session, view: SeatView, width: int, plain: bool, budget: RowBudget | None,
            height: int) -> list[str]:
    """The rows under the table: the choices, or what stands in their place (the computer's turn, a question)."""
    menu = session.menu()
    if session.computer_to_move:  # the computer plays: what the person can do meanwhile
        return _text(computer_turn_text(session), width, plain)
    if menu is None:  # a take or pass waits to be confirmed: the question stands where the choices were
        return _text(ending_text(session), width, plain)
    left = None if budget is None else height - budget.rows  # the rows the table leaves for the choices
    return _text(render_menu(menu, view, width=width, highlight=session.highlight, rows=left), width, plain)


def message_text(session: Session, *, width: int | None = None, rows: int = MESSAGE_ROWS) -> RenderableType:
    """The message line: the last refusal or what just happened, or else a hint of what keys do.

    Every message starts with a capital (the engine's reasons do not). Given the `width`, a refusal is
    made to fit its `rows` (`MESSAGE_ROWS` unless the choices need them): a long quotation of what was typed
    is shortened in its middle; a message given a single row ends in `…` where it does not fit.
    """
    message = session.message
    activity = Text(session.activity, style="notice") if session.activity else None  # the computer thinking
    if session.standing:  # a warning that stays while it lasts, under whatever the line says
        standing = Text(session.standing, style="warning")
        activity = standing if activity is None else Text.assemble(standing, " · ", activity)
    if message is None:
        return activity or Text(hint_line(session), style="label")
    text = capitalized(message.text)
    if message.style == "error":  # a refusal quotes the player's words as typed
        if width is not None:
            budget = width * rows
            while line_count(Text(shorten_quoted(text, budget)), width) > rows and budget > width:
                budget -= max(1, width // 4)  # a wrapped line leaves some cells empty at its end
            text = shorten_quoted(text, budget)
        news = Text(text, style=message.style)
    else:
        news = cards_in(text, style=message.style)  # other news shows its cards
    if rows == 1 and width is not None:
        news.truncate(width, overflow="ellipsis")
    if session.screen is Screen.END:  # every end screen names its keys, under what was said last
        keys = Text(hint_line(session), style="label")
        if width is not None:
            while line_count(news, width) > max(1, rows - 1) and news.cell_len > width:
                news.truncate(news.cell_len - max(1, width // 4), overflow="ellipsis")
        return Group(news, keys)
    return news if activity is None else Group(news, activity)


def hint_line(session: Session) -> str:
    """The key line: what the keys available now do (`famiglia.tui.model.commands`)."""
    return key_line(session)


def computer_turn_text(session: Session) -> RenderableType:
    """Where the choices stand during the computer's turn: whose turn it is, and the keys that work meanwhile."""
    name = short_name(session.names[1 - session.at_keyboard])
    return Group(Text(f"{name} is playing its turn", style="title"), Text(computer_turn_keys(), style="label"))


def ending_text(session: Session) -> RenderableType:
    """The question after a take or pass: what it did, and Enter to end the turn or u to take it back."""
    return Panel(cards_in(session.ending_question(), style="notice"), border_style="warning",
                 title="End of your turn?", title_align="left")


def prompt_text(session: Session) -> str:
    """What stands before the input line."""
    if session.screen is Screen.NAMES:
        index, default = session.naming.prompt()
        return f"Player {index + 1}'s name [{default}]: "
    if session.screen is Screen.TABLE and session.game is not None:
        steps = [short_name(session.game.names[session.at_keyboard]), *session.path]
        return f" {_MORE} ".join(steps) + " > "
    return ""


def prompt_fitted(session: Session, width: int) -> str:
    """`prompt_text` in at most half the line, its start cut off if need be: the typed text keeps the rest."""
    prompt = prompt_text(session)
    room = max(4, width // 2)
    if cell_len(prompt) <= room:
        return prompt
    return "…" + set_cell_size(prompt[::-1], room - 1)[::-1]


QUIT_BOX: Final = (52, 6)  # the quit question's box: columns and rows


def confirm_quit_text(session: Session) -> RenderableType:
    """The quit question, and what leaving keeps (`quit_question`)."""
    question, kept = quit_question(session)
    body = Text(justify="center")
    body.append(f"{question}\n", style="title")
    body.append(f"{kept}\n\n", style="label")
    body.append("y", style="key")
    body.append(" yes     ")
    body.append("n", style="key")
    body.append(" no, go on" if session.game is not None else " no, stay")
    return Panel(body, border_style="warning", width=QUIT_BOX[0], padding=(0, 1))
