"""What the last turn changed, on the table itself, at 80x24 and 120x40 (issue: the screen rebuilt, item 3).

The Street cards the last turn drew have a heavy frame, a row above the choices keeps the opponent's
turn in sight (its take too) once the box has gone, and the opponent is named once, not in every bullet.
"""

from __future__ import annotations

import pytest

from famiglia.engine import Pass, Refresh, Take
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.street import new_on_street
from tests.tui.test_app import Player, new_session
from tests.tui.test_app import play as play_app
from tests.tui.test_computer import CTRL_C, Scripted, against, redrawn

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
        await p.keys(CTRL_C + "y")

    assert play_app(session, script, computer=computer, columns=columns, rows=rows) == 0


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_in_a_hot_seat_game_the_next_player_sees_what_the_last_turn_drew_and_took(columns: int, rows: int) -> None:
    session = new_session(seed=12, first=0)

    async def script(p: Player) -> None:
        await p.at_handoff()
        await p.keys("\r")
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
        await p.keys(CTRL_C + "y")

    assert play_app(session, script, columns=columns, rows=rows) == 0
