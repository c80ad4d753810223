"""What the last turn changed, on the table itself, at 80x24 and 120x40 (issue: the screen rebuilt, item 3).

The Street cards the last turn drew have a heavy frame, a row above the choices keeps the opponent's
turn in sight (its take too) once the box has gone, and the opponent is named once, not in every bullet.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

import pytest

from famiglia.ai import Player as ComputerPlayer
from famiglia.engine import Action, Game, Pass, PlayBrute, Refresh, SeatView, Take, card
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.changes import new_on_street, turn_changes
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.compose import compose
from tests.drivers.app import Player, at_the_table, new_session, redrawn, sitting
from tests.drivers.computer import CPU, Scripted, against, computers_turn_over
from tests.drivers.terminal import shown
from tests.positions import position

pytestmark = pytest.mark.slow

SIZES = [(80, 24), (120, 40)]


def _last_turn_by(p: Player, player: int) -> bool:
    view = p.session.view()
    return view is not None and any(e.player == player and e.action is not None for e in view.last_turn)


def _heavy_cards(screen: str) -> int:
    """Cards drawn with a heavy frame (the Street's title explains the frame in `┏┓ new`)."""
    return screen.count("┏") - screen.count("┏┓ new")


def _first_refresh(p: Player) -> str:
    """The first refresh on offer, in notation."""
    return str(next(a for a in p.game.legal_actions() if isinstance(a, Refresh)))


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_the_computers_turn_stays_in_sight_with_its_take_and_the_cards_it_drew(columns: int, rows: int) -> None:
    session = against(seed=5, first=0)
    computer = Computer(session, make_player=lambda level, seed: Scripted(), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: not p.session.computer_to_move)
        take = next((a for a in p.game.legal_actions() if isinstance(a, Take)), Pass())
        await p.keys(str(take) + "\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.until(lambda: not p.session.computer_to_move and _last_turn_by(p, 1))
        await redrawn(p)
        view = p.session.view()
        assert view is not None
        taken = next(e.action for e in view.last_turn if isinstance(e.action, Take | Pass))
        words = f"took {taken.card}" if isinstance(taken, Take) else "passed"
        screen = p.screen()
        assert "• Computer (easy)" not in screen  # the name once, in the heading, not in each bullet
        assert "Computer (easy) did" in screen or "Computer (easy) last turn" in screen \
            or "Last turn  Computer (easy)" in screen
        assert _heavy_cards(screen) == sum(new_on_street(view)) > 0  # the Scripted player refreshed: cards drawn
        await p.keys(_first_refresh(p) + "\r")  # after the first action the box goes, the turn stays in one row
        screen = p.screen()
        assert words.split(" ")[0] in screen and (str(taken.card) if isinstance(taken, Take) else "") in screen
        if columns < 110:
            assert "Computer (easy) last turn: " in screen
        else:
            assert "Last turn  Computer (easy)" in screen
        assert max(len(line) for line in screen.splitlines()) <= columns

    sitting(session, script, computer=computer, columns=columns, rows=rows)


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_in_a_hot_seat_game_the_next_player_sees_what_the_last_turn_drew_and_took(columns: int, rows: int) -> None:
    async def script(p: Player) -> None:
        await p.keys(_first_refresh(p) + "\r")
        take = next((a for a in p.game.legal_actions() if isinstance(a, Take)), Pass())
        await p.keys(str(take) + "\r")
        words = f"took {take.card}" if isinstance(take, Take) else "passed"
        await p.keys("\r")  # Anna confirms the end of her turn
        await p.at_handoff()
        await p.keys("\r")
        view = p.session.view()
        assert view is not None and view.seat == 1
        screen = p.screen()
        assert _heavy_cards(screen) == sum(new_on_street(view)) > 0
        assert "• Anna" not in screen
        await p.keys(_first_refresh(p) + "\r")
        screen = p.screen()
        if columns < 110:
            assert "Anna last turn: " in screen and words in screen
        else:
            assert "Last turn  Anna" in screen and words in screen

    at_the_table(new_session(seed=12, first=0), script, columns=columns, rows=rows)


# -- the card taken and the card a Brute reduced, marked where they lie (item 3) -----------------------------------

# Anna to move: a Brute B2, a pair for M1 (M0, and M2 standing in, R8.3) and one for F4 reduced by 2 (F1 and M2).
_MARKED = {"hand0": ["F0", "F1", "A0", "B0", "M0", "B2", "M2"], "hand1": ["F0", "A0", "B0", "M0", "B1", "M1"],
           "street": ["F4", "B3", "M1", "A2", "F1", "A3"]}


def _row_of(screen: str, name: str) -> str:
    return next(row for row in screen.splitlines() if row.startswith(name) and "cards in hand" in row)


def _reduced_cards(screen: str) -> list[str]:
    """The cards drawn in the double frame of the last turn's Brute, with what their top edge says."""
    return re.findall(r"╔[^╗]+╗", screen)


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_the_next_player_sees_the_card_taken_and_the_card_the_brute_reduced(
        columns: int, rows: int, game: Callable[..., Game]) -> None:
    session = Session.resume(game(**_MARKED), handoff_guard=0)

    async def script(p: Player) -> None:
        assert not _reduced_cards(p.screen()) and "took" not in _row_of(p.screen(), "Ben")  # nothing yet
        await p.keys("brute B2 F4 -2\r")
        await p.keys("take M1 pay M0 keep M2\r")
        assert "took" not in _row_of(p.screen(), "Anna")  # her own turn is not marked while she confirms it
        await p.keys("\r")
        await p.at_handoff()
        await p.keys("\r")
        screen = p.screen()
        assert f"took {shown('M1')}" in _row_of(screen, "Anna")  # into her hand, face up (R8.4, R12.3)
        reduced = _reduced_cards(screen)  # F4 is worth its 4 again (R7.3), marked as reduced by 2
        assert len(reduced) == 1 and "−2" in reduced[0] and ("F4" in reduced[0] or columns >= 110)
        assert "╔╗ reduced" in screen and max(len(row) for row in screen.splitlines()) <= columns
        await p.keys("refresh F4\r")  # Ben acts on it: the mark is his turn's now, not the last one's
        assert not _reduced_cards(p.screen()) and "took" in _row_of(p.screen(), "Anna")
        await p.keys("p\r")
        await p.at_handoff()
        await p.keys("\r")
        assert "took" not in _row_of(p.screen(), "Anna") and "took" not in _row_of(p.screen(), "Ben")  # a pass

    at_the_table(session, script, columns=columns, rows=rows)


def test_a_reduced_card_that_was_taken_is_marked_by_the_take() -> None:
    g = Game.from_dict(position(**_MARKED))
    for action in ("brute B2 F4 -2", "take F4 pay F1 keep M2"):
        g.apply(action)
    view = g.view(1)
    changes = turn_changes(view)
    assert changes.taken == (card("F4"), None) and not any(changes.reduced)
    text = compose(Session.resume(g, handoff_guard=0), 80, 23, plain=True)
    assert "╔" not in text  # the handoff's public table: no reduced card left, the take on Anna's row
    assert f"took {shown('F4')}" in _row_of(text, "Anna")


class _Bruiser(ComputerPlayer):
    """Plays its Brute B1 on F4 by 1, then takes another card; waits for the test before each action."""

    def __init__(self, turns: threading.Semaphore) -> None:
        super().__init__("easy", 0)
        self.turns = turns

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        self.turns.acquire(timeout=20)
        brute = PlayBrute(card("B1"), card("F4"), 1)
        if brute in view.legal_actions:
            return brute, "a Brute"
        take = next(a for a in view.legal_actions if isinstance(a, Take) and a.card != card("F4"))
        return take, "a take"


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_against_the_computer_the_marks_follow_its_actions_as_they_happen(columns: int, rows: int,
                                                                          game: Callable[..., Game]) -> None:
    turns = threading.Semaphore(0)
    session = Session.resume(game(**_MARKED), handoff_guard=0, seats=(HUMAN, CPU))
    computer = Computer(session, make_player=lambda level, seed: _Bruiser(turns), pace=0)

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.TABLE and not p.session.computer_to_move)
        await p.keys("take M1 pay M0 keep M2\r")
        await p.keys("\r")
        await p.until(lambda: p.session.computer_to_move)
        await redrawn(p)
        assert "took" not in _row_of(p.screen(), "Anna")  # the person's own turn is not marked
        turns.release()  # the Brute: its card is marked while the computer's turn goes on (R7.3)
        await p.until(lambda: any(isinstance(e.action, PlayBrute) for e in p.game.view(None).this_turn))
        await redrawn(p)
        reduced = _reduced_cards(p.screen())
        assert len(reduced) == 1 and (f"F4→3{shown('F4')[2:]}" in reduced[0] or "−1" in reduced[0])
        turns.release()  # the take ends its turn: the reduced card stays marked, the take on its row
        await computers_turn_over(p)
        screen = p.screen()
        assert "took" in _row_of(screen, "Ben") and "took" not in _row_of(screen, "Anna")
        reduced = _reduced_cards(screen)
        assert len(reduced) == 1 and "−1" in reduced[0]

    sitting(session, script, computer=computer, columns=columns, rows=rows)


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_a_card_drawn_and_then_reduced_is_marked_as_reduced_and_the_title_names_only_the_frames_on_show(
        columns: int, rows: int, game: Callable[..., Game]) -> None:
    """Anna's refresh draws F4 and her Brute reduces it: its frame is the double one, so the Street's title
    does not speak of heavy frames that are nowhere on it."""
    g = game(hand0=_MARKED["hand0"], hand1=_MARKED["hand1"], street=["F1", "B3", "M1", "A2", "F2", "A3"],
             stack=["F4"])
    for action in ("refresh F1", "brute B2 F4 -2", "take M1 pay M0 keep M2"):
        g.apply(action)
    text = compose(Session.resume(g, handoff_guard=0), columns, rows - 1, plain=True)
    assert len(re.findall(r"╔[^╗]+╗", text)) == 1 and "╔╗ reduced" in text
    assert "┏" not in text and "┏┓ new" not in text, text


def test_a_card_drawn_beside_the_one_reduced_keeps_both_marks_in_the_title(game: Callable[..., Game]) -> None:
    g = game(hand0=_MARKED["hand0"], hand1=_MARKED["hand1"], street=["F2", "B3", "M1", "A2", "F1", "A3"],
             stack=["F4", "B1"])
    for action in ("refresh F2", "brute B2 F4 -2", "take M1 pay M0 keep M2"):
        g.apply(action)
    text = compose(Session.resume(g, handoff_guard=0), 80, 23, plain=True)
    assert "┏┓ new  ╔╗ reduced" in text and "┏━B1♣━┓" in text and "╔F4♥−2╗" in text, text


def _street_cards(screen: str) -> list[str]:
    """The Street's cards left to right, as in its first row that names them, a heavy frame as `+A2♦`."""
    lines = screen.split("\n")
    title = next(i for i, line in enumerate(lines) if "The Street" in line)
    row = next(line for line in lines[title + 1:] if re.search(r"[FABM][0-4]", line))
    return [("+" if frame in "┏┃" else "") + name for frame, name in re.findall(r"([╭┏│┃])[─━ ]*([FABM][0-4].)", row)]


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 30)])
def test_ones_own_refresh_leaves_the_new_frame_on_the_copy_the_last_turn_drew(
        columns: int, rows: int, game: Callable[..., Game]) -> None:
    """Of two A2♦, the second drawn by Anna's refresh: Ben's refresh drew a third, and the heavy frame jumped to it."""
    g = game(hand0=["F0", "A0", "B0", "M0"], hand1=["F0", "A0", "B0", "M0"], street=["A2", "F2", "B3", "M1", "F1"],
             stack=["M3", "A2", "F3", "A2", "B2", "M2", "F4", "A3"])
    g.apply("refresh F2")  # Anna draws M3 and an A2 ...
    g.apply("pass")  # ... and passes

    async def script(p: Player) -> None:
        if p.session.screen is Screen.HANDOFF:
            await p.keys("\r")
        await redrawn(p)
        assert _street_cards(p.screen()) == ["A2♦", "B3♣", "M1♠", "F1♥", "+M3♠", "+A2♦"]
        await p.keys("refresh B3\r")  # Ben draws F3, another A2 and B2: Anna's A2 stays the one marked
        await redrawn(p)
        assert _street_cards(p.screen()) == ["A2♦", "M1♠", "F1♥", "+M3♠", "+A2♦", "F3♥", "A2♦", "B2♣"]

    at_the_table(Session.resume(g, handoff_guard=0), script, columns=columns, rows=rows)
