"""`famiglia` alone in a real terminal: the home screen, a game against the computer started from it, left,
continued from Continue and finished; and the guided game played to its end. tmux runs it, the test types
with send-keys and reads capture-pane (the tmux driver, `tests.drivers.tmux`)."""

from __future__ import annotations

from tests.drivers.tmux import TURN, Tmux, against_the_computer, launch, over_after_the_computers_turn, take_or_pass


def start_home(tmux: Tmux, *, width: int = 100, height: int = 30) -> None:
    """`famiglia` alone: the home screen (see `launch`)."""
    launch(tmux, width=width, height=height)


def play_to_the_end(tmux: Tmux, *, box: bool = False) -> str:
    """Pass (or read the guide's box) until the game is over; the last screen."""
    for _ in range(200):
        screen = tmux.wait_any(TURN, "Game over", "End of your turn?", "Enter: go on")
        if "Game over" in screen:
            return screen
        if "End of your turn?" in screen or (box and "Enter: go on" in screen):
            tmux.keys("Enter")
        else:
            tmux.type("p")
        tmux.settled(screen)
    raise AssertionError(f"the game did not end:\n{tmux.screen()}")


def test_a_game_against_the_computer_from_the_home_screen_left_continued_and_finished(tmux: Tmux) -> None:
    start_home(tmux)
    screen = tmux.wait_for("Learn to play")
    assert all(entry in screen for entry in ("New game", "Continue", "Your games", "Statistics", "Rules",
                                              "Settings", "Quit"))
    took = take_or_pass(tmux, against_the_computer(tmux))
    if took or not over_after_the_computers_turn(tmux):
        tmux.type("q")
        tmux.wait_for("Quit the game?")
        tmux.type("y")
        screen = tmux.wait_for("Learn to play")
        assert "1 unfinished" in screen  # back on the home screen, the game kept
        tmux.type("2")
        screen = tmux.wait_for("Famiglia \u203a Continue")
        assert "Anna v Computer (easy)" in screen and "to move" in screen
        tmux.keys("Enter")
        play_to_the_end(tmux)
    screen = tmux.wait_for("Game over")
    tmux.type("q")
    screen = tmux.wait_for("Learn to play")
    assert "no unfinished game" in screen
    tmux.type("5")
    screen = tmux.wait_for("Famiglia \u203a Statistics")
    assert "Computer (easy)" in screen and "Rating" in screen
    tmux.keys("Escape")
    tmux.type("9")  # Quit
    tmux.wait_for("exit status 0")


def test_the_guided_game_to_its_end_in_a_real_terminal(tmux: Tmux) -> None:
    start_home(tmux)
    tmux.wait_for("Learn to play")
    tmux.type("3")
    tmux.wait_for("Player 1's name")
    tmux.type("Anna")
    tmux.keys("Enter")
    screen = tmux.wait_for("The table (R1–R3)")
    assert "Enter: go on" in screen and "Your turn" in screen
    screen = play_to_the_end(tmux, box=True)
    screen = tmux.wait_for("What you learned")
    assert "What came up in this game:" in screen and "The table (R1–R3)" in screen
    tmux.type("q")
    tmux.wait_for("Learn to play")
    tmux.type("9")  # Quit
    tmux.wait_for("exit status 0")
