"""The session: the state of a sitting at the terminal, driven through the verbs the keys stand for.

No prompt_toolkit here: these tests call the session's methods directly and look at its state.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from famiglia.engine import Action, Game, Pass, PlayAccountant, Refresh, Step, Take, card
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from famiglia.tui.model import overlays, playing
from famiglia.tui.model.session import Overlay, Screen, Session
from tests.drivers.session import resumed, reveal, seated


class Clock:
    """A clock the test moves by hand, for the handoff's guard time."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# -- start ------------------------------------------------------------------------------------------------


def test_the_names_are_asked_for_with_defaults() -> None:
    session = Session(seed=5)
    assert session.screen is Screen.NAMES and session.game is None
    assert session.naming.prompt() == (0, "Player 1")
    assert playing.submit(session, "")
    assert session.naming.prompt() == (1, "Player 2")
    assert playing.submit(session, "  ")
    assert session.game is not None
    assert session.game.names == ("Player 1", "Player 2")
    assert session.screen is Screen.HANDOFF


def test_a_second_name_like_the_first_is_refused_and_kept_to_correct() -> None:
    session = Session(seed=5)
    playing.submit(session, "  Anna   Maria ")
    assert not playing.submit(session, "anna maria")
    assert session.message is not None and "must differ" in session.message.text
    assert not playing.submit(session, "x" * 21)
    assert playing.submit(session, "Ben")
    assert session.game is not None and session.game.names == ("Anna Maria", "Ben")


def test_the_second_default_name_is_never_the_first_players_name() -> None:
    session = Session(seed=5)
    playing.submit(session, "player 2")
    assert session.naming.prompt() == (1, "Player 1")  # Enter alone must still start the game
    assert playing.submit(session, "")
    assert session.game is not None and session.game.names == ("player 2", "Player 1")


def test_the_seed_deals_exactly_the_engines_game() -> None:
    session = Session(names=("Anna", "Ben"), seed=42)
    assert session.game is not None
    assert session.game.to_dict() == Game.new(seed=42, names=("Anna", "Ben")).to_dict()


@pytest.mark.parametrize("first", [0, 1])
def test_first_fixes_the_start_player(first: int) -> None:
    session = Session(names=("Anna", "Ben"), first=first)
    assert session.game is not None and session.game.start_player == first == session.game.to_move


def test_seats_are_human_and_hooks_are_empty_by_default() -> None:
    session = Session(names=("Anna", "Ben"))
    assert session.seats == (HUMAN, HUMAN) and session.is_human(0) and session.is_human(1)
    assert session.on_action == []


# -- the handoff (R12.2) ----------------------------------------------------------------------------------


def test_the_handoff_shows_the_public_view_and_waits_until_it_was_drawn() -> None:
    clock = Clock()
    session = Session(names=("Anna", "Ben"), seed=3, clock=clock, handoff_guard=0.4)
    view = session.view()
    assert view is not None and view.seat is None and view.hand == ()
    assert session.menu() is None
    assert not session.accepts_keys()
    playing.submit(session, "")  # typed ahead, before the handoff is on screen: discarded
    assert session.screen is Screen.HANDOFF
    assert session.drawn() is True  # the first draw of the handoff: flush typed-ahead input
    assert session.drawn() is False
    clock.now += 0.1
    playing.submit(session, "")  # just drawn: still within the guard time
    assert session.screen is Screen.HANDOFF
    clock.now += 0.4
    assert session.accepts_keys()
    playing.submit(session, "")
    assert session.screen is Screen.TABLE
    view = session.view()
    assert view is not None and view.seat == view.to_move and len(view.hand) == 4


def test_a_key_held_down_at_the_handoff_never_shows_the_next_hand() -> None:
    clock = Clock()
    session = Session(names=("Anna", "Ben"), seed=3, clock=clock, handoff_guard=0.4)
    session.drawn()
    for _ in range(20):  # Anna keeps Enter pressed: the terminal repeats it every 30 ms, for 0.6 s
        clock.now += 0.03
        playing.submit(session, "")
    assert session.screen is Screen.HANDOFF  # every repeat came too soon after the one before
    clock.now += 0.3
    assert not session.accepts_keys()
    clock.now += 0.15  # a pause longer than the guard: the keyboard may have changed hands
    playing.submit(session, "")
    assert session.screen is Screen.TABLE


def test_each_turn_ends_on_the_handoff_for_the_other_player() -> None:
    session = seated()
    game = session.game
    assert game is not None
    mover = game.to_move
    assert session.play("pass")
    assert session.screen is Screen.TABLE and session.ending == Pass()  # asked first, on the mover's table
    view = session.view()
    assert view is not None and view.seat == mover and game.to_move == 1 - mover
    playing.submit(session, "")  # Enter: the turn is over
    assert session.screen is Screen.HANDOFF and game.to_move == 1 - mover
    assert session.summary() == ()  # nothing of the table until the keyboard changed hands
    reveal(session)
    assert [e.action for e in session.summary()] == [Pass()]  # the last turn, shown at first
    overlays.toggle_summary(session)
    assert session.summary() == ()


# -- choosing and playing ---------------------------------------------------------------------------------


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    session = seated()
    assert session.game is not None
    before = session.game.to_dict()
    assert not playing.submit(session, "take B4")
    assert session.message is not None and session.message.style == "error"
    assert "B4" in session.message.text and "R8.2" in session.message.text
    assert not playing.submit(session, "tkae B4")
    assert session.message is not None and "not an action" in session.message.text
    assert session.game.to_dict() == before and session.history == []
    assert session.screen is Screen.TABLE


def test_a_take_typed_as_free_that_the_hand_can_pay_for_says_how_to_write_it(game: Callable[..., Game]) -> None:
    # R8.2: the F2 costs a pair of F1 (or an F1 and a Mercenary above 1); the engine's reason lists what the
    # pair needs, which this player holds: the message gives the words that play it instead
    g = game(hand0=["F1", "F1", "A0", "B0"], street=["F2", "B1", "A1", "M0"])
    session = resumed(g, confirm=False)
    before = g.to_dict()
    assert not playing.submit(session, "take F2")
    assert session.message is not None and session.message.style == "error"
    assert session.message.text == "F2 is not free: pay with your pair, write take F2 pay F1 keep F1 (R8.2)"
    assert g.to_dict() == before and session.history == []
    assert playing.submit(session, "take F2 pay F1 keep F1")  # the words given are the take
    assert session.history == [Take(card("F2"), card("F1"), card("F1"))]


def test_with_several_pairs_that_pay_the_message_gives_one_and_points_to_tab(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "B0"], street=["F2", "B1", "A1", "M0"])
    session = resumed(g, confirm=False)
    assert not playing.submit(session, "TAKE  f2")
    assert session.message is not None
    text = session.message.text
    assert text.startswith("F2 is not free: pay a pair, like take F2 pay ") and "(R8.2)" in text
    written = text.split("like ", 1)[1].split(" (", 1)[0]
    assert written in session.table.completions("take F2")  # the one named is a legal take Tab offers
    assert len(session.table.completions("take F2")) > 1


def test_a_take_typed_as_free_without_the_pair_in_hand_keeps_the_rule(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "A0", "B0"], street=["F2", "B1", "A1", "M0"])  # one F1 and no Mercenary: no pair
    session = resumed(g, confirm=False)
    assert not playing.submit(session, "take F2")
    assert session.message is not None
    assert session.message.text == ("F2 has value 2 now, so it is not free: you need two F1, or an F1 and a "
                                    "Mercenary above 1 (R8.2)")


def test_the_words_to_pay_with_are_the_players_language(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "A0", "B0"], street=["F2", "B1", "A1", "M0"])
    session = resumed(g, confirm=False)
    with speaking(catalogue_for("it")):
        assert not playing.submit(session, "prendi F2")
        assert session.message is not None
        assert session.message.text == ("F2 non è gratis: paga con la tua coppia, scrivi prendi F2 paga F1 "
                                        "tieni F1 (R8.2)")
        assert playing.submit(session, "prendi F2 paga F1 tieni F1")


def test_numbers_choose_from_the_menu_and_go_down_into_groups(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    session = resumed(g, confirm=False)
    menu = session.menu()
    assert menu is not None
    take = next(c for c in menu.choices if c.label == "take F2")
    playing.choose(session, take.number)
    assert session.path == ("take F2",)
    playing.choose(session, 2)  # pay with F1 + M2
    playing.back(session)
    assert session.path == ("take F2",)
    playing.choose(session, 2)
    playing.choose(session, 1)  # F1 to the play area
    assert session.history == [Take(card("F2"), card("F1"), card("M2"))]
    assert session.screen is Screen.HANDOFF


def test_a_number_key_chooses_at_once_unless_a_longer_number_could_follow(game: Callable[..., Game]) -> None:
    street = ["F1", "A1", "B1", "M1", "F2", "A2", "B2", "M2", "F3", "A3"]
    g = game(hand0=["F0", "F0", "A0", "B0", "M0", "A1"], street=street)
    session = resumed(g)
    menu = session.menu()
    assert menu is not None and len(menu.choices) == 12  # ten refreshes, accountant A1, take F1 (pass: p)
    assert playing.number_typed(session, "1") is False  # 1, 10, 11 ...: wait
    assert playing.number_typed(session, "11") is True
    assert session.history == [menu.choices[10].action] == [PlayAccountant(card("A1"))]
    playing.undo(session)
    assert playing.number_typed(session, "2") is True  # nothing starts with 2 but 2 itself
    assert session.history == [Refresh(card("A1"))]
    assert playing.number_typed(session, "99") is True and session.message is not None
    assert "no choice 99" in session.message.text


def test_arrows_and_enter_choose_too() -> None:
    session = seated()
    playing.move_highlight(session, -1)
    menu = session.menu()
    assert menu is not None and session.highlight == len(menu.choices)
    playing.move_highlight(session, +1)
    assert session.highlight == 1
    playing.submit(session, "")
    assert session.history == [menu.choices[0].action]


def test_enter_on_an_empty_line_without_a_highlight_only_explains() -> None:
    session = seated()
    assert playing.submit(session, "")
    assert session.history == [] and session.message is not None


# -- undo ---------------------------------------------------------------------------------------------------


def test_undo_goes_back_within_the_turn(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "B2", "F1", "M0", "B0"], area0=["F2"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    session = resumed(g)
    start = g.to_dict()
    heard: list[Action | None] = []
    session.on_action.append(lambda s, a: heard.append(a))
    session.play("accountant A2")
    mid = session.game.to_dict()  # type: ignore[union-attr]
    session.play("swap F2 F1")
    session.play("brute B2 F3 -2")
    playing.undo(session)
    assert session.game is not None and session.game.step is Step.ACCOUNTANT
    playing.undo(session)
    assert session.game.to_dict() == mid
    playing.undo(session)
    assert session.game.to_dict() == start
    assert session.history == []
    playing.undo(session)
    assert session.message is not None and "Nothing to undo" in session.message.text
    assert [str(a) if a else None for a in heard] == [
        "accountant A2", "swap F2 F1", "brute B2 F3 -2", None, None, None]


def test_undo_never_hides_cards_a_refresh_revealed() -> None:
    session = seated(seed=3)
    session.play("refresh B4")  # draws four cards (R5.2)
    assert isinstance(session.history[-1], Refresh)
    playing.undo(session)
    assert len(session.history) == 1
    assert session.message is not None and "refresh" in session.message.text


def test_undo_never_reaches_into_the_last_turn() -> None:
    session = seated(confirm=False)
    session.play("pass")
    reveal(session)
    playing.undo(session)
    assert session.history == [Pass()]
    assert not session.can_undo


# -- overlays, the end, leaving -------------------------------------------------------------------------------


def test_help_and_the_quit_question_lie_on_top_and_close_without_touching_the_game() -> None:
    session = seated()
    overlays.toggle_help(session)
    assert session.overlay is Overlay.HELP
    playing.submit(session, "pass")  # Enter closes the help; nothing is played
    assert session.overlay is None and session.history == []
    overlays.ask_quit(session)
    overlays.answer_quit(session, False)
    assert session.overlay is None and session.exit_code is None
    overlays.ask_quit(session)
    playing.back(session)
    assert session.overlay is None
    overlays.ask_quit(session)
    overlays.answer_quit(session, True)
    assert session.exit_code == 0


def test_two_passes_end_the_game_and_a_new_one_keeps_the_players() -> None:
    session = seated(seed=8, confirm=False)
    session.play("pass")
    reveal(session)
    session.play("pass")
    assert session.screen is Screen.END
    game = session.game
    assert game is not None and game.is_over
    view = session.view()
    assert view is not None and view.opponent_hand is not None  # both hands at the scoring (R11.1)
    session.new_game()
    assert session.screen is Screen.HANDOFF
    assert session.game is not game and session.game is not None
    assert session.game.names == ("Anna", "Ben") and session.history == []


def test_resume_carries_on_mid_turn(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "F1", "M0", "B0"], area0=["F2"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    g.apply("accountant A2")
    session = Session.resume(Game.from_dict(g.to_dict(), seed=1), handoff_guard=0)
    assert session.screen is Screen.HANDOFF
    reveal(session)
    menu = session.menu()
    assert menu is not None and any(c.label.startswith("swap") for c in menu.choices)
    assert not session.can_undo


def test_resume_of_a_finished_game_opens_on_the_scoring(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1"], hand1=["F0"], street=["F2", "A0"], passes=1)
    g.apply("pass")
    session = Session.resume(Game.from_dict(g.to_dict(), seed=1), handoff_guard=0)
    assert session.screen is Screen.END
    view = session.view()
    assert view is not None and view.result is not None and view.result.winner == 0


def test_the_memory_aid_shows_the_tracked_opponent_hand() -> None:
    session = seated(memory_aid=True)
    view = session.view()
    assert view is not None and view.opponent_hand is not None and view.draw_stack_counts is not None
    plain = seated(memory_aid=False).view()
    assert plain is not None and plain.opponent_hand is None
