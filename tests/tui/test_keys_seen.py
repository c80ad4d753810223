"""Keys a player can see: `h` on the key line where it works, the end screen's key line against the computer,
`c` described as it works, the names question's Esc and Ctrl-C, and a quit question that says what is kept.

Through the application with pipe input (`tests.drivers.app`), and the key line itself over whole games.
"""

from __future__ import annotations

import random

from famiglia.ai import player
from famiglia.tui.model.commands import help_rows, key_line
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.computer import Computer
from tests.drivers.app import Player, at_the_table, new_session, play, sitting
from tests.drivers.terminal import CTRL_C, ESC


def test_h_is_on_the_key_line_wherever_it_works_and_every_key_line_fits_80_columns() -> None:
    """h worked on every turn but no key line named it; the line it joins still fits the narrowest screen."""
    rng = random.Random(4)
    session = new_session(seed=4, confirm=True)
    seen_h = 0
    while session.screen is not Screen.END:
        session.drawn()
        session.reveal()
        line = key_line(session)
        assert len(line) <= 80, line
        assert ("h: hint" in line) == (session.ending is None and session.screen is Screen.TABLE), line
        seen_h += "h: hint" in line
        if session.ending is not None:
            session.end_turn()
            continue
        game = session.game
        assert game is not None
        if session.path or rng.random() < 0.3:  # the line inside a choice (Esc: back) and at the top
            assert len(key_line(session)) <= 80
        actions = game.legal_actions()
        others = [a for a in actions if str(a) != "pass"]
        session.play(rng.choice(others) if others and rng.random() < 0.9 else rng.choice(actions))
    assert seen_h > 10


def test_the_table_shows_h_on_its_key_line_and_h_gives_a_hint() -> None:
    session = Session(names=("Anna", "Computer (easy)"), seed=0, first=0, seats=("human", "cpu:easy"))
    computer = Computer(session, make_player=lambda level, seed: player("greedy", seed=seed), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.TABLE and not p.session.computer_to_move)
        assert "h: hint" in p.screen().splitlines()[-2]  # the key line, just above the input line
        await p.keys("h")
        await p.until(lambda: p.session.message is not None and p.session.message.text.startswith("Hint:"))

    sitting(session, script, computer=computer)


def test_the_end_screen_against_the_computer_shows_its_key_line_under_the_computers_last_words() -> None:
    """Against the computer, its last pass left its words where the key line was: no key was named at the end."""
    session = Session(names=("Anna", "Computer (easy)"), seed=0, first=0, seats=("human", "cpu:easy"), confirm=False)
    computer = Computer(session, make_player=lambda level, seed: player(level, seed=seed), pace=0)
    seen: list[str] = []

    async def script(p: Player) -> None:
        while p.session.screen is not Screen.END:
            await p.until(lambda: p.session.screen is Screen.END or not p.session.computer_to_move)
            if p.session.screen is not Screen.END:
                await p.keys("p")  # a pass each turn: the easy computer passes last (seed 0)
        await p.until(lambda: p.session.screen is Screen.END and "Game over" in p.screen())
        seen.append(p.screen())
        await p.keys("x")  # a key that does nothing at the end says so
        seen.append(p.screen())
        await p.keys("q")

    assert play(session, script, computer=computer) == 0
    rows = seen[0].rstrip().splitlines()  # the end screen has no input line: the key line is the last
    assert "Computer (easy) passed" in rows[-2]
    assert set(rows[-1].split(" · ")) == {"n: new game", "a: analysis", "g: game log", "q: quit"}
    assert "does nothing here: the game is over" in seen[1] and "n: new game" in seen[1].rstrip().splitlines()[-1]


def test_the_help_says_c_works_while_it_is_open_and_it_does() -> None:
    """c was listed among the game's keys, but at the table it types a c: the help now says where it works."""

    async def script(p: Player) -> None:
        await p.keys("c")
        assert p.line == "c" and p.session.confirm  # at the table: typed, as the help says
        await p.keys(ESC)
        await p.keys("?")
        assert "in this help:" in p.screen()
        assert dict(help_rows(p.session))["c"] == "in this help: ask before a turn ends (on)"
        await p.keys("c")
        assert not p.session.confirm and dict(help_rows(p.session))["c"].endswith("(off)")
        await p.keys(ESC)

    at_the_table(new_session(seed=3), script)


def test_esc_at_the_names_question_goes_back_a_question_or_says_it_cannot() -> None:
    session = Session(seed=4, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys(ESC)
        assert p.session.message is not None and "first question" in p.session.message.text
        await p.keys("Anna\r")
        assert "Esc: back" in p.screen() and "Player 2's name" in p.screen()
        await p.keys(ESC)
        assert p.session.naming.given == [] and "Player 1's name" in p.screen()
        await p.keys("Carla\r")
        await p.keys("Ben\r")
        assert p.game.names == ("Carla", "Ben")

    sitting(session, script)


def test_ctrl_c_at_the_names_question_asks_to_leave_and_says_no_game_is_lost() -> None:
    """It asked "Quit the game?" when no game existed."""
    session = Session(seed=4, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys(CTRL_C)
        assert p.session.overlay is Overlay.CONFIRM_QUIT
        screen = p.screen()
        assert "Leave now?" in screen and "No game has begun yet" in screen and "Quit the game?" not in screen
        assert "Leave now? y / n" in screen
        await p.keys("y")

    assert play(session, script) == 0


def test_the_quit_question_says_whether_the_game_is_kept() -> None:
    session = new_session(seed=3, confirm=False)

    async def script(p: Player) -> None:
        await p.at_handoff()
        await p.keys("q")
        assert "Nothing is kept before the first turn ends." in p.screen()
        await p.keys("n")
        await p.keys("\r")
        await p.keys("p")  # a pass ends the first turn
        await p.at_handoff()
        await p.keys("q")
        assert "It is kept: you can play it on later." in p.screen()
        await p.keys("y")

    assert play(session, script) == 0


def test_esc_that_has_nothing_to_go_back_to_says_so() -> None:
    async def script(p: Player) -> None:
        await p.keys(ESC)
        assert p.session.message is not None and p.session.message.text.startswith("Nothing to go back to")

    at_the_table(new_session(seed=3), script)
