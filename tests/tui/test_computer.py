"""Playing the computer and asking for hints, through the application with the keys a person would press.

The computer's players get tiny search budgets (or a scripted choice) so the games are quick; the
application, the thread the search runs in and the pacing are the real ones. What is drawn is
checked from the plain text of `compose` and of the renderer's screen grid, never from escape bytes.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from famiglia.ai import Player as ComputerPlayer
from famiglia.engine import Action, Game, Pass, PositionError, Refresh, SeatView, Take, parse_action
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.tui.model import playing
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.computer import Computer, hint_text
from famiglia.tui.view.compose import compose, prompt_text
from tests.drivers.app import Player, at_the_table, play, redrawn, sitting
from tests.drivers.computer import CPU, Scripted, against, computers_turn_over, tiny
from tests.drivers.terminal import CTRL_C
from tests.positions import exchange

pytestmark = pytest.mark.slow

SIZES = ((80, 23), (124, 39))  # the main area of an 80x24 and a 124x40 terminal


# -- a whole game ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "first"), [(4, 0), (8, 1)])
def test_a_game_against_the_computer_is_played_to_its_end(seed: int, first: int) -> None:
    session = against(seed=seed, first=first)
    rng = random.Random(seed)
    seen: list[int] = []

    async def script(p: Player) -> None:
        turns = 0
        while p.session.screen is not Screen.END:
            await p.until(lambda: not p.session.computer_to_move or p.session.screen is Screen.END, timeout=30)
            if p.session.screen is Screen.END:
                break
            await redrawn(p)
            assert p.session.screen is Screen.TABLE  # never a handoff: one person at the keyboard
            view = p.session.view()
            assert view is not None and view.seat == 0 and view.my_turn
            assert "Your hand" in p.screen() and "Your turn, Anna" in p.screen()
            if turns and p.session.show_summary:
                assert "What Computer (easy) did" in p.screen() or "Computer (easy) last turn: " in p.screen()
            legal = p.game.legal_actions()
            takes = [a for a in legal if isinstance(a, Take)]
            action = rng.choice(takes) if takes and rng.random() < 0.8 else rng.choice(legal)
            await p.keys(str(action) + "\r")
            if p.session.ending is not None:  # the person confirms the end of their turn, as in a hot-seat game
                await p.keys("\r")
            if action.step.name == "TAKE":
                turns += 1
            seen.append(p.session.view().seat)  # type: ignore[union-attr]
        await redrawn(p)
        screen = p.screen()
        assert "Game over" in screen and ("wins" in screen or "draw" in screen)
        await p.keys("q")

    assert play(session, script, computer=Computer(session, make_player=tiny, pace=0)) == 0
    game = session.game
    assert game is not None and game.is_over and set(seen) == {0}
    replay = Game.new(seed=seed, names=("Anna", "Computer (easy)"), first=first)
    movers = []
    for action in session.history:  # every action, the computer's too, was legal where it was played
        movers.append(replay.to_move)
        replay.apply(action)
    assert replay.to_dict() == game.to_dict()
    assert movers.count(1) > 3  # the computer played its share


def test_the_names_question_asks_only_the_persons_name_and_a_new_game_keeps_the_level() -> None:
    session = Session(seed=4, first=0, seats=(HUMAN, "cpu:hard"), handoff_guard=0)
    computer = Computer(session, make_player=lambda level, seed: Scripted(passes=True), pace=0)

    async def script(p: Player) -> None:
        screen = p.screen()
        assert "Player 1  …" in screen and "Player 2  Computer (hard)" in screen
        await p.keys("computer (HARD)\r")  # the computer's name is taken
        assert p.session.message is not None and "must differ" in p.session.message.text
        await p.keys("\x15Anna\r")
        assert p.game.names == ("Anna", "Computer (hard)") and p.session.screen is Screen.TABLE
        await p.keys("pass\r\r")
        await p.until(lambda: p.session.screen is Screen.END)  # the computer passed too: the game is over (R10.2)
        first = p.game
        await p.keys("n")
        assert p.game is not first and p.game.names == ("Anna", "Computer (hard)")
        assert p.session.seats == (HUMAN, "cpu:hard") and p.session.screen is Screen.TABLE

    sitting(session, script, computer=computer)


# -- what the screen shows of the computer ---------------------------------------------------------------


def screens(session: Session) -> list[str]:
    return [compose(session, w, h, plain=True) + "\n" + prompt_text(session) for w, h in SIZES]


def sessions_on(position: dict[str, Any], seed: int) -> Session:
    return Session.resume(Game.from_dict(position, seed=seed), seats=(HUMAN, CPU), handoff_guard=0)


def walk(a: Session, b: Session, what: str) -> Iterator[str]:
    """Name each moment after making it happen in both sessions: the table, each group of the picker."""
    yield what
    menu = a.menu()
    for choice in menu.choices if menu is not None else ():
        if choice.action is None:
            playing.choose(a, choice.number)
            playing.choose(b, choice.number)
            yield f"{what}, picker at {choice.path}"
            playing.back(a)
            playing.back(b)


@pytest.mark.parametrize("seed", [2, 5])
def test_no_frame_depends_on_the_computers_hand(seed: int, moments: Callable[..., Iterator[Game]]) -> None:
    """R12.2: at every moment, the person's turn or the computer's, the screen is the same whatever it holds."""
    computer_turns = checked = 0
    for step, g in enumerate(moments(seed)):
        if g.is_over:
            break
        position = g.to_dict()
        other = exchange(position, 1)  # the computer sits at seat 1
        if other is None:
            continue
        try:
            b = sessions_on(other, seed)
        except PositionError:  # the exchanged card was locked in by the computer's own swaps this turn (R6.3)
            continue
        a = sessions_on(position, seed)
        assert a.game is not None and b.game is not None
        assert a.game.view(1).hand != b.game.view(1).hand
        if a.computer_to_move:
            a.activity = b.activity = "Computer (easy) is thinking ⠋ 0.3 s"
            computer_turns += 1
        for what in walk(a, b, f"seed {seed}, moment {step}"):
            assert a.screen is b.screen is Screen.TABLE, what
            for left, right in zip(screens(a), screens(b), strict=True):
                assert left == right, f"{what}: the screen shows the computer's hand\n{left}\n---\n{right}"
            checked += 1
    assert computer_turns > 20 and checked > 40


def test_while_the_computer_plays_the_person_sees_their_own_table() -> None:
    session = against(seed=3, first=1)  # the computer starts
    gate = threading.Event()
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.activity is not None and "thinking" in p.session.activity)
        await redrawn(p)
        screen = p.screen()
        print(screen)
        assert "Computer (easy)'s turn" in screen and "Your hand" in screen
        assert "Computer (easy) is playing its turn" in screen and "Computer (easy) is thinking" in screen
        assert p.session.view().seat == 0  # type: ignore[union-attr]
        assert "Anna >" in screen
        counter = p.app.render_counter
        await p.until(lambda: p.app.render_counter > counter + 2)  # the indicator keeps the screen drawing
        gate.set()
        await computers_turn_over(p)
        assert p.session.activity is None and "Your turn, Anna" in p.screen()

    sitting(session, script, computer=computer)


# -- keys during the computer's turn -------------------------------------------------------------------------------


def test_ctrl_c_while_it_thinks_asks_first_and_help_and_the_log_still_open() -> None:
    session = against(seed=3, first=1)
    gate = threading.Event()
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: computer.thinking and p.session.activity is not None)
        await p.keys("?")
        assert p.session.overlay is Overlay.HELP and "The rules in short" in p.screen()
        await p.keys("?")
        await p.keys("g")
        assert p.session.overlay is Overlay.LOG
        await p.keys("g")
        await p.keys(CTRL_C)
        assert p.session.overlay is Overlay.CONFIRM_QUIT and "Quit the game?" in p.screen()
        await p.keys("n")
        assert p.session.overlay is None and computer.thinking and p.session.history == []
        await p.keys(CTRL_C)
        await p.keys("y")  # leaving does not wait for the search, which is still held

    assert play(session, script, computer=computer) == 0
    assert session.history == []
    gate.set()


def test_typing_and_undo_never_touch_the_computers_turn() -> None:
    session = against(seed=1, first=1)  # the computer starts, with a Street it may refresh
    gate = threading.Event()
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: computer.thinking)
        legal = p.game.legal_actions()
        await p.keys(str(legal[0]) + "\r")  # an action typed for the computer's seat is not played
        assert p.session.history == [] and "is playing its turn" in p.session.message.text  # type: ignore[union-attr]
        await p.keys("\x15")
        gate.set()
        await computers_turn_over(p)
        computers = list(p.session.history)
        assert len(computers) >= 2  # its refresh and its take or pass
        await p.keys("u")  # the person's turn has no action yet: the computer's turn stays played
        assert p.session.history == computers and "Nothing to undo" in p.session.message.text  # type: ignore[union-attr]
        undoable = [a for a in p.game.legal_actions() if not isinstance(a, (Refresh, Pass))]
        if undoable:  # an Accountant, a Brute, or a take waiting to be confirmed: undo takes it back, no further
            await p.keys(str(undoable[0]) + "\r")
            await p.keys("u")
            await p.keys("u")
            assert p.session.history == computers and "Nothing to undo" in p.session.message.text  # type: ignore[union-attr]

    sitting(session, script, computer=computer)


def test_the_computers_turn_is_paced_and_any_key_plays_the_rest_at_once() -> None:
    session = against(seed=1, first=1)  # the computer starts, with a Street it may refresh
    # A pace far longer than any wait of the test: only the key can move the computer on.
    computer = Computer(session, make_player=lambda level, seed: Scripted(), pace=600)

    async def script(p: Player) -> None:
        await p.until(lambda: len(p.session.history) == 1)
        assert isinstance(p.session.history[0], Refresh)
        await p.until(lambda: p.session.activity is not None and "plays on" in p.session.activity)
        screen = p.screen()
        assert "Computer (easy) refreshed" in screen and "Computer (easy)'s turn" in screen
        await p.keys("?")  # opening and closing the help does not hurry it ...
        await p.keys("?")
        assert len(p.session.history) == 1
        await p.keys(" ")  # ... any other key does
        await computers_turn_over(p)
        assert len(p.session.history) >= 2 and p.session.history[-1].step.name == "TAKE"
        assert "Your turn, Anna" in p.screen() and "What Computer (easy) did" in p.screen()

    sitting(session, script, computer=computer)


# -- hints ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "level"), [((HUMAN, HUMAN), "normal"), ((HUMAN, CPU), "easy"),
                                             ((HUMAN, "cpu:hard"), "hard")])
def test_h_gives_a_legal_action_and_its_reason_from_the_seats_own_view(seats: tuple[str, str], level: str) -> None:
    """The hint is the search's advice for the person's own view; against a computer, at that computer's level
    (its chance is the chance against it), else at normal; seeded by the position alone, as the analysis is."""
    session = Session(names=("Anna", "Ben" if seats[1] == HUMAN else f"Computer ({level})"), seed=5, first=0,
                      seats=seats, handoff_guard=0)
    given: list[SeatView] = []
    levels: list[str] = []

    def hinter(level: str) -> ComputerPlayer:
        levels.append(level)
        player = tiny(level, None)
        search = player.choose_with_reason

        def recorded(view: SeatView) -> tuple[Action, str]:
            given.append(view)
            return search(view)

        player.choose_with_reason = recorded  # type: ignore[method-assign]
        return player

    computer = Computer(session, make_player=tiny, make_advisor=hinter, pace=0)

    async def script(p: Player) -> None:
        if p.session.screen is Screen.HANDOFF:
            await p.at_handoff()
            await p.keys("\r")
        await p.keys("h")
        await p.until(lambda: p.session.message is not None and p.session.message.text.startswith("Hint:"))
        await redrawn(p)
        view = p.game.view(0, memory=True)  # exactly what the memory aid shows, never more (R12.3)
        assert given == [view] and levels == [level]
        action, reason = tiny(level, None).choose_with_reason(view)
        assert action in p.game.legal_actions() and reason
        assert p.session.message.text == hint_text(action, reason)  # type: ignore[union-attr]
        assert "Hint:" in p.screen() and str(action.card if isinstance(action, Take) else "")[:2] in p.screen()

    sitting(session, script, computer=computer)


def test_a_hint_that_comes_after_the_game_moved_on_is_dropped() -> None:
    session = Session(names=("Anna", "Ben"), seed=1, first=0, handoff_guard=0)
    gate = threading.Event()
    hinter = Scripted(gate)
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate),
                        make_advisor=lambda level: hinter, pace=0)

    async def script(p: Player) -> None:
        await p.keys("h")
        assert p.session.message is not None and "Looking for" in p.session.message.text
        asked = p.game.view(0, memory=True)
        await p.until(lambda: hinter.views == [asked], what="the hint being worked out")  # held at the gate
        refresh = next(a for a in p.game.legal_actions() if isinstance(a, Refresh))
        await p.keys(str(refresh) + "\r")
        said = p.session.message
        gate.set()  # the hint arrives for a position that is gone
        await p.until(lambda: not hinter.threads[0].is_alive(), what="the hint's answer")
        await redrawn(p)  # the answer went to the loop before this redraw: it has been dealt with
        assert p.session.message is said and "Hint" not in p.screen()

    at_the_table(session, script, computer=computer)


def test_after_the_refresh_the_hint_advised_the_hint_for_the_rest_of_the_turn_comes_without_a_key() -> None:
    """The hint advised a refresh: once it is played, the hint is worked out again from the cards it drew and shown
    at once (the player asked for one this turn), in place of the plan made before the draw."""
    session = Session(names=("Anna", "Ben"), seed=1, first=0, handoff_guard=0)
    hinter = Scripted()  # a refresh while none was made this turn, else a take
    computer = Computer(session, make_player=lambda level, seed: Scripted(), make_advisor=lambda level: hinter,
                        pace=0)

    async def script(p: Player) -> None:
        await p.keys("h")
        await p.until(lambda: p.session.message is not None and p.session.message.text.startswith("Hint:"))
        said = Scripted().choose_with_reason(hinter.views[0])
        refresh = said[0]
        assert isinstance(refresh, Refresh) and p.session.message.text == hint_text(*said)  # type: ignore[union-attr]
        await p.keys(str(refresh) + "\r")  # no h: the hint comes by itself
        after = p.game.view(0, memory=True)
        await p.until(lambda: len(hinter.views) == 2 and p.session.message is not None
                      and p.session.message.text.startswith("Hint:"), what="the hint after the draw")
        await redrawn(p)
        assert hinter.views[1] == after
        assert p.session.message.text == hint_text(*Scripted().choose_with_reason(after))  # type: ignore[union-attr]
        assert "Hint:" in p.screen()

    at_the_table(session, script, computer=computer)


def test_no_hint_during_the_computers_turn_and_the_help_lists_h() -> None:
    session = against(seed=3, first=1)
    gate = threading.Event()
    computer = Computer(session, make_player=lambda level, seed: Scripted(gate),
                        make_advisor=lambda level: Scripted(gate), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: computer.thinking)
        await p.keys("h")
        assert p.session.message is not None and "Hints are for your own turn" in p.session.message.text
        await p.keys("?")
        assert "hint: a plan for the turn" in p.screen()
        await p.keys("?")
        gate.set()
        await computers_turn_over(p)

    sitting(session, script, computer=computer)


# -- a saved game goes on against the same computer ---------------------------------------------------------------


def test_a_resumed_game_against_the_computer_goes_on_against_the_same_level() -> None:
    session = against(seed=5, first=0)
    saver = Autosave.attach(session)

    async def first_sitting(p: Player) -> None:
        await p.keys(str(p.game.legal_actions()[0]) + "\r")  # Anna's take ...
        if p.session.ending is not None:
            await p.keys("\r")  # ... confirmed; then the computer plays its turn
        await computers_turn_over(p)
        await p.keys(CTRL_C + "y")

    assert play(session, first_sitting, computer=Computer(session, make_player=tiny, pace=0)) == 0
    saver.close(session)
    played = list(session.history)
    path, record = Store().find(saver.record.id)  # type: ignore[union-attr]
    assert record.seats == (HUMAN, CPU)
    again = resume_session(record, path=path, handoff_guard=0)
    assert again.seats == (HUMAN, CPU) and again.screen is Screen.TABLE  # no handoff: one person
    assert again.names == ("Anna", "Computer (easy)") and again.history == []
    levels: list[str] = []

    def recording(level: str, seed: int | str | None) -> ComputerPlayer:
        levels.append(level)
        return tiny(level, seed)

    async def second_sitting(p: Player) -> None:
        assert p.session.view().seat == 0  # type: ignore[union-attr]
        await p.keys("pass\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.until(lambda: not p.session.computer_to_move, timeout=20)
        await p.keys(CTRL_C + "y")

    assert play(again, second_sitting, computer=Computer(again, make_player=recording, pace=0)) == 0
    assert levels and set(levels) == {"easy"}  # its seat is played at the level the game was saved with
    replay = record.game()
    assert replay.to_move == 0 and len(played) >= 2
    for action in again.history:  # Anna's pass, then the computer's answer, played on from the record
        replay.apply(action)
    assert len(again.history) >= 2 and again.game is not None and replay.to_dict() == again.game.to_dict()


def test_a_hint_names_its_action_once_in_words_or_in_notation() -> None:
    take = parse_action("take F4 pay M2 keep F1")
    said = hint_text(take, "take F4 for 15 VP (pay M2, keep F1); about 62% to win")
    assert said == "Hint: take F4 for 15 VP (pay M2, keep F1); about 62% to win"  # the notation not put before it
    swap = parse_action("swap B2 M0")
    assert hint_text(swap, "swap B2 back for M0, then take F4 for 15 VP").count("swap") == 1
    refresh = parse_action("refresh M3")
    assert hint_text(refresh, "it keeps the F4 plan open") == "Hint: refresh M3 — it keeps the F4 plan open"


@pytest.mark.parametrize(("language", "head"), [("it", "Suggerimento: prendi F4"), ("de", "Hinweis: nimm F4")])
def test_the_hint_names_its_action_in_the_words_the_player_may_type(language: str, head: str) -> None:
    from famiglia.phrasebook.catalogue import catalogue_for, speaking

    take = parse_action("take F4 pay M2 keep F1")
    with speaking(catalogue_for(language)):
        said = hint_text(take, "un motivo")
    assert said.startswith(head) and "take" not in said
