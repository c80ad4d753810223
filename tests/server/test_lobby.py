"""The lobby's keys, without a terminal: one command table makes its help, its key line and what each key does."""

from __future__ import annotations

from famiglia.server.lobby import Asking, Listed, Lobby, Page
from famiglia.server.lobbykeys import help_lines, key_line, press
from famiglia.server.lobbyscreen import render_lobby
from famiglia.tui.view.bridge import render_lines


def test_the_help_lists_every_key_of_the_lobby() -> None:
    assert help_lines(Lobby("Anna")) == [
        ("↑", "previous line"), ("↓", "next line"), ("1–9", "choose that line"),
        ("Enter", "choose, or send what is typed"), ("n", "a new table"), ("j", "join a table by its code"),
        ("c", "play the computer"), ("w", "watch a table"), ("y", "your unfinished tables"), ("Esc", "back"),
        ("?", "help"), ("q / Ctrl-C / Ctrl-D", "leave the server")]


def test_the_key_line_shows_what_acts_on_each_page() -> None:
    lobby = Lobby("Anna")
    assert key_line(lobby) == ("↑↓: move · Enter: choose · n: new table · j: join · c: computer · w: watch · "
                               "y: yours · Esc: back · ?: help · q: leave")
    press(lobby, "w")
    assert key_line(lobby) == "↑↓: move · Enter: choose · Esc: back · ?: help · q: leave"
    assert key_line(Lobby(None)) == "type your name · Enter: done · Ctrl-C: leave"


def test_a_question_takes_every_character_q_included() -> None:
    lobby = Lobby(None)
    for key in "Quinn":
        press(lobby, key)
    assert lobby.typed == "Quinn" and lobby.outcome is None
    assert not press(lobby, "up")
    assert lobby.message == "Type your answer, then Enter (Esc: back)."
    press(lobby, "enter")
    assert lobby.name == "Quinn" and lobby.asking is None and lobby.message == "Welcome, Quinn."


def test_the_help_closes_on_any_other_key_which_does_nothing_else() -> None:
    lobby = Lobby("Anna")
    press(lobby, "?")
    assert lobby.help
    press(lobby, "n")
    assert not lobby.help and lobby.page is Page.MAIN
    press(lobby, "?")
    press(lobby, "q")
    assert lobby.take_outcome() is not None and lobby.take_outcome() is None


def test_keys_that_do_nothing_say_why() -> None:
    lobby = Lobby("Anna", tables=lambda: [Listed("K7QX", "Anna and Ben")])
    press(lobby, "w")
    assert not press(lobby, "n") and lobby.message == "That key works on the lobby's first page."
    assert not press(lobby, "x") and lobby.message == "'x' does nothing here: ? lists the keys."
    assert not press(lobby, "<bracketed-paste>", "K7QX")
    assert lobby.message == "Pasting does nothing here: j asks for a table's code."
    press(lobby, "1")
    outcome = lobby.take_outcome()
    assert outcome is not None and (outcome.kind, outcome.code) == ("watch", "K7QX")


def test_a_paste_goes_into_the_answer() -> None:
    lobby = Lobby("Anna")
    press(lobby, "j")
    assert lobby.asking is Asking.CODE
    press(lobby, "<bracketed-paste>", "K7\nQX")
    assert lobby.typed == "K7 QX"
    assert "Table code: K7 QX" in "\n".join(render_lines(render_lobby(lobby, 80, 24), width=80))
