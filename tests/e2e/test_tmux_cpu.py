"""`famiglia play --vs cpu:easy` in a real terminal at 80×24: a turn against the computer, its answer, quitting.

The tmux driver as in `test_tmux`; the computer's real player (the easy search) answers.
"""

from __future__ import annotations

from famiglia.engine import Game, Step
from tests.drivers.tmux import Tmux, start

SEED = 5
NAMES = ("Anna", "Computer (easy)")


def test_a_turn_against_the_computer_in_a_real_terminal(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=NAMES, first=0)
    start(tmux, "--vs", "cpu:easy", "--seed", str(SEED), "--names", "Anna", "--first", "1", width=80, height=24)

    # No handoff: Anna's table comes at once, the computer named by its level.
    screen = tmux.wait_for("Your turn, Anna")
    assert "Pass the keyboard" not in screen and "Your hand" in screen
    assert "Computer (easy, 2nd)" in screen  # the seat said once, not "(easy) (2nd)"

    take = next(a for a in game.legal_actions() if a.step is Step.TAKE and str(a) != "pass")
    tmux.type(str(take))
    tmux.keys("Enter")
    tmux.wait_for("End of your turn?")
    tmux.keys("Enter")

    # The computer plays its turn (Anna's table stays on show), then Anna's next turn sums it up.
    def summed_up(screen: str) -> bool:
        assert "Pass the keyboard" not in screen
        shown = "What Computer (easy) did" in screen or "Computer (easy) last turn: " in screen
        return "Your turn, Anna" in screen and shown

    screen = tmux.wait_until(summed_up, "the end of the computer's turn", timeout=30)
    if "What Computer (easy) did" not in screen:  # no room beside the table at 80x24: l lays it on top
        assert "Computer (easy) last turn: " in screen  # its turn in one row meanwhile
        tmux.type("l")
        screen = tmux.wait_for("What Computer (easy) did")
        tmux.type("l")
    assert "• took" in screen or "• passed" in screen  # the name in the heading only
    assert "• Computer (easy)" not in screen
    assert all(len(line) <= 80 for line in screen.splitlines())

    screen = tmux.quit_game()
    assert "Anna and Computer (easy)" in screen and f"seed {SEED}" not in screen  # unfinished: its seed hidden
    assert "Traceback" not in tmux.screen(history=True)
