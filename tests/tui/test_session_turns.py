"""The end of a turn, the pass key, pending numbers, the swaps' end and the game log, through the session's verbs.

Each test here stands for something a player met: a turn that ended on one key, a number that
crashed on a Unicode digit, an Accountant whose swaps could not be ended, keys that did nothing
without saying why. No prompt_toolkit: the session's methods are the keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from famiglia.engine import Game, Pass, Step, Swap, Take, card
from famiglia.persistence.turns import turn_log as replay_log
from famiglia.tui.model import overlays, playing
from famiglia.tui.model.overlays import ending_question
from famiglia.tui.model.screens import number_text
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.model.turn import DONE_SWAPPING
from tests.drivers.session import resumed, reveal, seated

# -- numbers: ASCII digits only --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "①", "\u0661", "\uff19", "1²", "²1", "\u0663\u0664"])
def test_unicode_digits_are_refused_in_words_never_read(text: str) -> None:
    assert number_text(text) is None
    session = seated()
    assert session.game is not None
    before = session.game.to_dict()
    assert not playing.submit(session, text)  # it stays on the line, to be corrected
    assert session.message is not None and session.message.style == "error"
    assert "digits 0 to 9" in session.message.text
    assert playing.number_typed(session, text) is False
    assert session.game.to_dict() == before and session.history == []


def test_a_pasted_huge_number_is_no_choice() -> None:
    session = seated()
    assert playing.submit(session, "9" * 5000)
    assert session.message is not None and session.message.style == "error"
    assert "There is no choice that long" in session.message.text and len(session.message.text) < 80
    assert playing.number_typed(session, "9" * 5000) is True and session.history == []


def test_the_notation_reader_refusing_a_unicode_amount_is_a_refusal() -> None:
    session = seated()
    assert not playing.submit(session, "brute B2 F4 -²")
    assert not playing.submit(session, "brute B1 F1 -" + "0" * 4300 + "1")
    assert session.message is not None and session.message.style == "error"
    assert session.history == []


# -- a confirmed end of turn ------------------------------------------------------------------------------


def test_a_take_shows_its_result_on_the_movers_table_until_confirmed(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    session = resumed(g)
    heard: list[object] = []
    session.on_action.append(lambda s, a: heard.append((a, s.screen)))
    take = Take(card("F2"), card("F1"), card("F1"))
    assert session.play(take)
    assert heard == [(take, Screen.TABLE)]  # the hook runs before the screen moves on
    assert session.ending == take and session.screen is Screen.TABLE and session.menu() is None
    view = session.view()
    assert view is not None and view.seat == 0 and card("F2") in view.hand  # her own table, with the result
    assert ending_question(session).startswith("You take F2, pay F1 to your play area, keep F1")
    assert "Enter: end your turn" in ending_question(session)
    assert len(session.log) == 1 and session.log[0][-1].action == take
    playing.submit(session, "")
    assert session.screen is Screen.HANDOFF and session.ending is None


def test_undo_or_esc_takes_a_turns_end_back(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    start = g.to_dict()
    session = resumed(g)
    heard: list[object] = []
    session.on_action.append(lambda s, a: heard.append(a))
    for take_back in (lambda: playing.undo(session), lambda: playing.back(session)):
        session.play("take F2 pay F1 keep F1")
        take_back()
        assert session.ending is None and session.screen is Screen.TABLE
        assert session.game is not None and session.game.to_dict() == start
        assert session.history == [] and session.log == []
        assert session.message is not None and "Took back" in session.message.text
    assert heard == [Take(card("F2"), card("F1"), card("F1")), None] * 2


def test_a_take_that_dealt_a_new_street_cannot_be_taken_back(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M0"], street=["F0"], stack=["A1", "A2", "B1", "B2", "M1", "M2", "F3", "F4"])
    session = resumed(g)
    session.play("take F0")  # the Street is empty: six new cards are dealt between the turns (R10.1)
    assert session.ending is not None and "cannot be taken back" in ending_question(session)
    playing.undo(session)
    assert session.ending is not None and session.message is not None
    assert "new Street" in session.message.text
    playing.submit(session, "")
    assert session.screen is Screen.HANDOFF


def test_a_pass_that_ends_the_game_says_so_before_it_is_confirmed(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1"], hand1=["F0"], street=["F2", "A0"], passes=1)
    session = resumed(g)
    playing.pass_turn(session)
    assert session.ending == Pass() and session.screen is Screen.TABLE
    question = ending_question(session)
    assert "the game ends" in question and "Enter: end the game" in question
    playing.undo(session)
    assert session.game is not None and not session.game.is_over
    playing.pass_turn(session)
    playing.submit(session, "")
    assert session.screen is Screen.END


def test_the_last_take_of_the_game_says_the_game_ends(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M0"], street=["F0", "F2"], exhaustions=2, to_move=1, start_player=0,
             rest="areas")  # the final round, and Ben plays its last turn (R9.3)
    session = resumed(g)
    session.play("take F0")
    assert session.game is not None and session.game.is_over
    assert "the game ends" in ending_question(session) and session.screen is Screen.TABLE


def test_without_confirm_a_take_hands_on_at_once_and_c_toggles_it() -> None:
    session = seated(confirm=False)
    playing.pass_turn(session)
    assert session.screen is Screen.HANDOFF and session.ending is None
    overlays.toggle_confirm(session)
    assert session.confirm and session.message is not None and "confirm" in session.message.text


def test_keys_typed_over_the_question_do_not_confirm_it() -> None:
    session = seated()
    playing.pass_turn(session)  # `p` of a `pass` typed out in full ...
    for _ in "ass":
        playing.stray_key(session)
    playing.submit(session, "")  # ... and its Enter: the player may not have read the question
    assert session.ending == Pass() and session.message is not None and "Enter again" in session.message.text
    playing.submit(session, "")
    assert session.screen is Screen.HANDOFF


# -- fewer surprises ----------------------------------------------------------------------------------------


def test_pass_is_a_key_not_a_number() -> None:
    session = seated()
    menu = session.menu()
    assert menu is not None and menu.pass_action == Pass()
    assert all(not isinstance(c.action, Pass) for c in menu.choices)
    playing.pass_turn(session)
    assert session.history == [Pass()]


def test_a_number_that_may_grow_waits_and_a_take_waits_for_enter(game: Callable[..., Game]) -> None:
    street = ["F1", "A1", "B1", "M1", "F2", "A2", "B2", "M2", "F3", "A3"]
    g = game(hand0=["F0", "F0", "A0", "B0", "M0", "A1"], street=street)
    session = resumed(g)
    menu = session.menu()
    assert menu is not None and len(menu.choices) == 12
    assert playing.number_typed(session, "1") is False
    assert session.turn.pending == "1" and session.message is not None
    assert session.message.text == "1_ — a second digit, or Enter for 1"
    session.line_changed("")  # Backspace: no longer pending
    assert session.turn.pending == "" and session.message is None
    take = menu.choices[11]
    assert isinstance(take.action, Take)
    assert playing.number_typed(session, "12") is False  # a take among ten or more choices: Enter, not a slip
    assert session.turn.pending == "12" and session.history == []
    playing.submit(session, "12")
    assert session.history == [take.action]


def test_done_swapping_closes_the_swaps_and_offers_the_later_steps(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "B2", "F1", "M0", "B0"], area0=["F2", "M1"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    session = resumed(g)
    session.play("accountant A2")
    session.play("swap F2 F1")
    menu = session.menu()
    assert menu is not None
    done = next(c for c in menu.choices if c.label == DONE_SWAPPING)
    swaps = [c for c in menu.choices if c.actions and isinstance(c.actions[0], Swap)]
    assert swaps and done.number == swaps[-1].number + 1
    assert [c.number for c in menu.choices] == list(range(1, len(menu.choices) + 1))
    playing.choose(session, done.number)
    assert session.turn.swaps_done and session.game is not None and session.game.step is Step.ACCOUNTANT
    after = session.menu()
    assert after is not None
    assert not any(isinstance(a, Swap) for c in after.choices for a in c.actions)
    assert {c.step for c in after.choices} == {Step.BRUTE, Step.TAKE} and after.pass_action is not None
    playing.back(session)  # Esc at the top reopens the swaps
    assert not session.turn.swaps_done


def test_l_and_u_say_why_they_do_nothing() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0)
    playing.undo(session)  # on the handoff
    assert session.message is not None and "undo works within a turn" in session.message.text
    overlays.toggle_summary(session)
    assert session.message is not None and "press Enter" in session.message.text
    reveal(session)
    overlays.toggle_summary(session)  # before any turn was played
    assert session.message is not None and "no turn has been played" in session.message.text


def test_the_handoff_says_to_wait_when_it_throws_an_enter_away() -> None:
    now = [100.0]
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0.4, clock=lambda: now[0])
    session.drawn()
    assert not session.waiting
    playing.submit(session, "")
    assert session.screen is Screen.HANDOFF and session.waiting
    now[0] += 0.5
    assert not session.waiting


# -- the game log ---------------------------------------------------------------------------------------------


def test_the_log_keeps_every_finished_turn_and_undo_takes_it_back() -> None:
    session = seated(seed=5)
    game = session.game
    assert game is not None
    played = 0
    while played < 12 and not game.is_over:
        if session.screen is Screen.HANDOFF:
            reveal(session)
        legal = [a for a in game.legal_actions() if not isinstance(a, Pass)] or game.legal_actions()
        session.play(legal[played % len(legal)])
        if session.ending is not None:
            played += 1
            playing.submit(session, "")
        game = session.game
        assert game is not None
    assert len(session.log) == played
    assert session.log == replay_log(Game.new(seed=5, names=("Anna", "Ben")), session.history)
    overlays.toggle_log(session)
    assert session.overlay is Overlay.LOG and session.scroll == 0
    overlays.scroll_by(session, 5, limit=3)
    assert session.scroll == 3
    overlays.scroll_by(session, -10, limit=3)
    assert session.scroll == 0
    overlays.toggle_log(session)
    assert session.overlay is None


def test_a_resumed_game_starts_its_log_with_the_turn_it_remembers(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1"], hand1=["F0"], street=["F2", "A0", "B1"])
    g.apply("take A0")
    session = Session.resume(g, handoff_guard=0)
    assert [e.action for e in session.log[0]] == [Take(card("A0"))]


def test_quitting_by_a_signal_keeps_its_exit_status() -> None:
    session = seated()
    overlays.toggle_help(session)
    session.quit(143)
    assert session.exit_code == 143 and session.overlay is None


def test_done_swapping_moves_the_step_bar_on(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "B2", "F1", "M0", "B0"], area0=["F2", "M1"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    session = resumed(g)
    session.play("accountant A2")
    view = session.view()
    assert view is not None and view.current_step is Step.ACCOUNTANT and view.swaps_left == 2
    playing.done_swapping(session)
    view = session.view()
    assert view is not None and view.current_step is Step.BRUTE
