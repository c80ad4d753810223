"""What players met on the screen (issue: the screen rebuilt), each checked through the app or the session.

Each test names the defect it keeps fixed: a key pressed to hurry the computer typed into the line,
the header during the question at the end of a turn, the "Last turn" panel of a wide table, keys
that did nothing without a word, and the words of a few lines.
"""

from __future__ import annotations

import io
import random
import threading

import pytest

from famiglia.commands.games import game_state
from famiglia.engine import Action, Game, Pass, Take
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.tui.model import overlays, playing
from famiglia.tui.model.commands import small_keys
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.compose import compose
from tests.drivers.app import Player, at_the_table, play, sitting
from tests.drivers.computer import Scripted, against, computers_turn_over
from tests.drivers.terminal import CTRL_C


def _first_take(game: Game) -> Action:
    """The first take on offer, else a pass."""
    return next((a for a in game.legal_actions() if isinstance(a, Take)), Pass())


def test_a_key_that_hurries_the_computer_is_used_up_and_the_next_turn_starts_with_an_empty_line() -> None:
    gate = threading.Event()
    session = against(seed=5, first=0)
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate), pace=5)

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.TABLE and not p.session.computer_to_move)
        await p.keys(str(_first_take(p.game)) + "\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.until(lambda: p.session.computer_to_move)
        await p.keys("1")  # to hurry the computer: it is used up by that
        await p.keys(" ")
        history = len(p.session.history)
        gate.set()
        await computers_turn_over(p)
        assert p.line == ""  # the person's line starts empty on their new turn
        assert len(p.session.history) > history  # the computer played its turn
        await p.keys("h")  # a hint, not a letter on the line
        assert p.line == ""

    sitting(session, script, computer=computer)


def test_the_question_at_the_end_of_a_turn_against_the_computer_stands_under_the_persons_own_header() -> None:
    session = against(seed=5, first=0)
    assert session.screen is Screen.TABLE and not session.computer_to_move
    session.play(_first_take(session.game))  # type: ignore[arg-type]
    assert session.ending is not None
    text = compose(session, 80, 23, plain=True)
    assert "End of your turn?" in text
    assert "Your turn, Anna" in text and "Computer (easy)'s turn" not in text


def test_a_wide_table_keeps_the_opponents_last_turn_while_a_take_waits_for_enter() -> None:
    session = Session(names=("Anna", "Ben"), seed=5, first=0, handoff_guard=0)
    for _ in range(2):  # Anna's turn, then Ben's
        session.drawn()
        session.reveal()
        session.play(_first_take(session.game))  # type: ignore[arg-type]
        session.end_turn()
    session.drawn()
    session.reveal()
    session.play(_first_take(session.game))  # type: ignore[arg-type]
    assert session.ending is not None
    text = compose(session, 124, 39, plain=True)
    last, _, this = text.partition("This turn")
    assert "Ben " in last.partition("Last turn")[2] and "Anna " not in last.partition("Last turn")[2]
    assert "Anna " in this


def test_the_handoff_says_why_a_key_does_nothing() -> None:
    session = Session(names=("Anna", "Ben"), seed=5, handoff_guard=0)
    session.drawn()
    for key in ("h", "p", "7", "x"):
        session.message = None
        playing.stray_key(session)
        assert session.message is not None and "Enter" in session.message.text, key
    assert session.screen is Screen.HANDOFF


def test_a_seat_label_reads_well_for_a_name_in_brackets() -> None:
    session = Session(names=("Anna", "Computer (normal)"), seats=(HUMAN, "cpu:normal"), seed=5, first=0,
                      handoff_guard=0)
    text = compose(session, 80, 23, plain=True)
    assert ") (" not in text


def test_q_on_the_too_small_screen_asks_to_quit() -> None:
    session = Session(names=("Anna", "Ben"), seed=5, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("q")
        assert p.session.overlay is Overlay.CONFIRM_QUIT
        assert "q or Ctrl-C: quit" in small_keys() and "Quit the game?" in p.screen()
        await p.keys("y")

    assert play(session, script, columns=60, rows=20) == 0


def test_resuming_a_finished_game_says_it_is_over() -> None:
    session = Session(names=("Anna", "Ben"), seed=5, handoff_guard=0)
    saver = Autosave.attach(session, Store())
    rng = random.Random(5)
    while session.screen is not Screen.END:
        if session.screen is Screen.HANDOFF:
            session.drawn()
            session.reveal()
        elif session.ending is not None:
            session.end_turn()
        else:
            session.play(rng.choice(session.game.legal_actions()))  # type: ignore[union-attr]
    assert saver.record is not None
    again = resume_session(saver.record, store=Store())
    assert again.screen is Screen.END
    assert again.message is not None and "is over" in again.message.text


def test_games_lists_the_winners_score_first() -> None:
    for seed in range(40):
        game = Game.new(seed=seed, names=("Anna", "Ben"))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        result = game.result()
        assert result is not None
        if result.winner == 1 and result.scores[0] != result.scores[1]:
            assert game_state(game) == f"Ben won {result.scores[1]}–{result.scores[0]}"
            assert result.scores[1] > result.scores[0]
            return
    raise AssertionError("no game among the seeds was won by the second seat")


def test_the_handoff_erases_the_whole_screen_before_it_is_drawn() -> None:
    session = Session(names=("Anna", "Ben"), seed=5, first=0, handoff_guard=0)
    erased: list[Screen] = []

    async def script(p: Player) -> None:
        original = p.app.renderer.erase

        def erase(*args: object, **kw: object) -> None:
            erased.append(p.session.screen)
            original(*args, **kw)  # type: ignore[arg-type]

        p.app.renderer.erase = erase  # type: ignore[method-assign]
        await p.keys("\r")
        await p.until(lambda: p.session.screen is Screen.TABLE)
        await p.keys(str(_first_take(p.game)) + "\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.until(lambda: p.session.screen is Screen.HANDOFF)
        await p.keys("?")  # the help over the handoff and back: no second erase for the same handoff
        await p.keys("?")
        assert erased == [Screen.HANDOFF]

    sitting(session, script)


def test_the_seed_of_an_unfinished_game_is_shown_nowhere_and_a_finished_games_is() -> None:
    from famiglia.commands.log import log_lines
    from famiglia.tui.shell.app import farewell
    from famiglia.tui.view.bridge import Ink, Painter
    from famiglia.tui.view.overlays import OverlayRows

    session = Session(names=("Anna", "Ben"), seed=987654, handoff_guard=0, confirm=False)
    saver = Autosave.attach(session, Store())
    session.drawn()
    session.reveal()
    session.play(_first_take(session.game))  # type: ignore[arg-type]
    rows = OverlayRows(session, Painter(Ink.PLAIN))
    for overlay in (overlays.toggle_help, overlays.toggle_log):
        overlay(session)
        assert "987654" not in "\n".join(rows.window(100, 60))
        overlay(session)
    assert saver.record is not None
    assert "987654" not in farewell(session) and "987654" not in "\n".join(log_lines(saver.record))
    while session.screen is not Screen.END:  # two passes in a row end it
        session.drawn()
        session.reveal()
        playing.pass_turn(session)
    assert "987654" in farewell(session) and "987654" in "\n".join(log_lines(saver.record))
    overlays.toggle_log(session)
    assert "987654" in "\n".join(OverlayRows(session, Painter(Ink.PLAIN)).window(100, 60))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("name", ["[/]", "[bold]Ann", "[link=x]y", "\\[b]"])
def test_a_name_with_rich_markup_is_text_in_games_and_log(name: str) -> None:
    from famiglia.commands.games import games
    from famiglia.commands.log import log

    session = Session(names=(name, "Ben"), seed=5, handoff_guard=0, confirm=False)
    saver = Autosave.attach(session, Store())
    session.drawn()
    session.reveal()
    session.play(_first_take(session.game))  # type: ignore[arg-type]
    assert saver.record is not None
    for command in (lambda out: games(out=out), lambda out: log(saver.record.id, out=out)):  # type: ignore[union-attr]
        out = _Terminal()
        assert command(out) == 0
        assert name in out.getvalue()


def test_a_save_that_fails_is_said_on_the_screen_while_it_lasts_and_in_the_farewell(
        monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store()
    writes = {"left": 1}  # the first write works, then the disk is full
    real_update = store.update

    def update(*args: object, **kw: object) -> object:
        if writes["left"] <= 0:
            raise OSError(28, "No space left on device")
        writes["left"] -= 1
        return real_update(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "update", update)
    session = Session(names=("Anna", "Ben"), seed=5, first=0, handoff_guard=0, confirm=False)
    saver = Autosave.attach(session, store)
    for _ in range(4):  # a turn each, and more
        session.drawn()
        session.reveal()
        session.play(_first_take(session.game))  # type: ignore[arg-type]
    assert saver.record is not None and len(saver.record.moves) < len(session.history)
    session.drawn()
    session.reveal()
    text = compose(session, 80, 23, plain=True)
    assert "Not saved" in text and "No space left on device" in text  # still on show, turns later
    said = saver.hint()
    assert said is not None and "This game is saved:" not in said
    assert f"only up to action {len(saver.record.moves)} of {len(session.history)}" in said


def test_a_game_no_save_of_which_was_written_says_so_on_leaving(monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store()

    def create(*args: object, **kw: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "create", create)
    session = Session(names=("Anna", "Ben"), seed=5, first=0, handoff_guard=0, confirm=False)
    saver = Autosave.attach(session, store)
    session.drawn()
    session.reveal()
    session.play(_first_take(session.game))  # type: ignore[arg-type]
    assert saver.hint() is None
    said = saver.not_saved()
    assert said is not None and "not saved" in said and "No space left on device" in said


def test_the_farewell_never_wraps_in_the_middle_of_the_seed_at_80_columns() -> None:
    from famiglia.tui.shell.app import farewell

    session = Session(names=("Maximiliane Friederi", "Bartholomäus Ignaz"), seed=12345678901234567890,
                      handoff_guard=0, confirm=False)
    while session.screen is not Screen.END:
        session.drawn()
        session.reveal()
        playing.pass_turn(session)
    lines = farewell(session).split("\n")
    with_seed = [line for line in lines if "12345678901234567890" in line]
    assert len(with_seed) == 1 and len(with_seed[0]) <= 80, lines  # the seed whole, on a line that fits


def test_the_quit_question_is_not_drawn_over_the_hand() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("\r")
        await p.until(lambda: p.session.screen is Screen.TABLE)
        await p.keys("\x1b[B")
        before = p.screen().splitlines()
        at = next(i for i, line in enumerate(before) if line.startswith("Your hand"))
        await p.keys(CTRL_C)
        assert p.session.overlay is Overlay.CONFIRM_QUIT
        after = p.screen().splitlines()
        assert "Quit the game?" in p.screen()
        assert after[at:at + 3] == before[at:at + 3]  # the hand stays in sight while the question is asked
        await p.keys("y")

    assert play(session, script) == 0


def test_a_hint_of_three_lines_keeps_the_layout_at_80x24() -> None:
    from famiglia.tui.model.screens import Message
    from famiglia.tui.shell.computer import hint_text

    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    session.drawn()
    session.reveal()
    action = _first_take(session.game)  # type: ignore[arg-type]
    plan = ("refresh B3 to see three new cards, then play Accountant A3 and swap twice so that the take "
            "of the family card costs two cards you do not need, and keep the Mercenary for the end")
    session.message = Message(hint_text(action, plan))
    text = compose(session, 80, 23, plain=True)
    rows = text.split("\n")
    assert len(rows) == 23 and all(len(row) <= 80 for row in rows)
    assert "Your hand" in text and "Take/pass" in text  # the table and the choices keep their places
    said = " ".join(row.strip() for row in rows[-3:])
    assert said.endswith("keep the Mercenary for the end")  # the whole plan, on up to three lines


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_the_tab_completions_never_lie_over_the_list_of_choices(columns: int, rows: int) -> None:
    session = Session(names=("Anna", "Ben"), seed=3, first=0, handoff_guard=0)

    async def script(p: Player) -> None:
        before = p.screen().splitlines()
        choices = [i for i, row in enumerate(before) if row.startswith(("Refresh ", "Take/pass "))]
        assert choices
        await p.keys("ref\t")
        await p.until(lambda: p.app.current_buffer.complete_state is not None)
        await p.until(lambda: "refresh B3" in p.screen())  # the menu is on show ...
        after = p.screen().splitlines()
        for i in choices:  # ... and the choice rows read as before
            assert after[i] == before[i]
        await p.keys("\x1b\x1b")

    at_the_table(session, script, columns=columns, rows=rows)
