"""The command table is the one place keys are written: every key it lists is bound, every key bound
is listed, and the help, the key line and the other lines that speak of keys are made from it."""

from __future__ import annotations

import re

from prompt_toolkit.keys import KEY_ALIASES, Keys

from famiglia.tui.model import overlays, playing
from famiglia.tui.model.commands import COMMANDS, computer_turn_keys, help_rows, key_line, listed_keys
from famiglia.tui.model.replay import REPLAY_COMMANDS, replay_key_line
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.keys import command_bindings
from famiglia.tui.view.compose import compose

# How the help writes a key, and prompt_toolkit's name for it.
WRITTEN = {"Ctrl-Z": ["c-z"], "Ctrl-T": ["c-t"], "Ctrl-R": ["c-r"],
           "Ctrl-C": ["c-c"], "Esc": ["escape"], "Enter": ["enter"], "Tab": ["c-i"],
           "↑ ↓": ["up", "down"], "1-9": list("123456789")}


def _bound(bindings: object) -> set[str]:
    keys = set()
    for binding in bindings.bindings:  # type: ignore[attr-defined]
        for key in binding.keys:
            keys.add(key.value if isinstance(key, Keys) else key)
    return keys


def test_every_listed_key_is_bound_and_every_bound_key_is_listed() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    bound = _bound(command_bindings(session))
    listed = {KEY_ALIASES.get(k, k) for k in listed_keys()}
    assert bound == listed


def test_every_key_the_help_names_is_bound() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    bound = _bound(command_bindings(session))
    for label, words in help_rows(session):
        assert words, label
        for part in re.split(r", ", label):
            for key in WRITTEN.get(part, [part]):
                assert KEY_ALIASES.get(key, key) in bound, (label, key)


def test_the_key_line_names_only_keys_that_act_where_it_is_shown() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    session.drawn()
    assert key_line(session).startswith("Anna: Enter shows your hand")
    session.reveal()
    line = key_line(session)
    for command in COMMANDS:  # a key on the line acts here and now
        if command.hint_words(session) is not None:
            assert command.available(session), command.name
    assert "p: pass" in line and "u: undo" in line and "?: help" in line
    overlays.toggle_help(session)
    assert session.overlay is Overlay.HELP
    assert all(c.available(session) for c in COMMANDS if c.name in ("help", "confirm", "close", "scroll"))
    assert not any(c.available(session) for c in COMMANDS if c.name in ("pass", "undo", "choose"))


def test_the_computer_turn_line_and_the_replay_line_are_made_from_their_tables() -> None:
    line = computer_turn_keys()
    for command in COMMANDS:
        if command.watch is not None:
            assert command.watch in line
    assert replay_key_line() == ("→ n: next · ← p: back · Home End · a turn number, Enter: go there · a: analysis · "
                                 "m: next mark or key moment · t: train it · c: play on from it · q: leave")
    assert {k for c in REPLAY_COMMANDS for k in c.keys} >= {"q", "n", "p", "home", "end", "enter", "y", "t", "c"}


def test_the_end_screen_key_line() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    session.screen = Screen.END
    assert set(key_line(session).split(" · ")) == {"n: new game", "a: analysis", "g: game log", "q: quit"}


def test_the_end_screen_names_its_keys_on_the_key_line_only() -> None:
    """The end panel once listed n and q by hand while the table had a and g too: the key line, from the table, is
    the one place they are named."""
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0, confirm=False)
    while session.screen is not Screen.END:  # two passes in a row end it (R8.5)
        session.drawn()
        session.reveal()
        playing.pass_turn(session)
    screen = compose(session, 100, 40, plain=True)
    assert "Seed 3: famiglia play --seed 3 deals this game again." in screen
    keys = key_line(session)
    assert set(keys.split(" · ")) == {"n: new game", "a: analysis", "g: game log", "q: quit"}
    assert keys in screen and screen.count("new game") == 1 and screen.count("quit") == 1
