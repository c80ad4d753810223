"""The screens around the table: the opponent's turn in short, the end, help, and a terminal too small."""

from __future__ import annotations

from collections.abc import Callable

from famiglia.engine import Game
from famiglia.tui.view.lastturn import render_turn_summary
from famiglia.tui.view.screens import MIN_SIZE, render_end, render_help, render_too_small
from tests.drivers.terminal import shown

Plain = Callable[..., str]
Build = Callable[..., Game]

NO_ZERO_STREET = ["F1", "A2", "B3", "M1", "F2", "A1"]
KEYS = [("1-9", "choose an action"), ("Enter", "play the action typed"), ("Tab", "complete the action"),
        ("Up, Down", "move in the list"), ("Esc", "one choice back"), ("u, Ctrl-Z", "undo"),
        ("m", "memory aid"), ("?", "help"), ("Ctrl-C", "quit"), ("[", "a key written as markup")]


def flat(text: str) -> str:
    """The words of a drawing, frames and line breaks removed."""
    return " ".join(text.replace("│", " ").split())


def test_the_turn_summary_lists_every_public_action_of_the_opponent(game: Build, plain: Plain) -> None:
    g = game(hand0=["A1", "B1", "F0", "F0"], area0=["M0"], hand1=["F1"], street=NO_ZERO_STREET,
             stack=["M2", "A0", "B0"])
    for action in ("refresh F1", "accountant A1", "swap M0 F0", "brute B1 A1 -1", "take A1"):
        g.apply(action)
    view = g.view(1)
    text = plain(render_turn_summary(view.last_turn, view.names, width=80))
    assert "What Anna did" in text
    for words in ("refreshed F1 and drew M2", "played Accountant A1 (up to 1 swap)",
                  "swapped M0 from the play area for F0 from the hand",
                  "played Brute B1 on A1: its value is 0",
                  "took A1 for free"):
        assert "• " + shown(words) in text
    assert text.count("Anna") == 1  # the heading names the player once, the bullets do not
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_turn_summary_includes_a_new_street_and_names_the_exhaustion(game: Build, plain: Plain) -> None:
    g = game(hand0=["F0"], street=["M0"], stack=["A1", "A2", "A3", "B1", "B2", "B3"], rest="discard")
    g.apply("take M0")  # R10.1: the Street is dealt anew and the deal exhausts the stack (R9.2)
    view = g.view(1)
    text = plain(render_turn_summary(view.last_turn, view.names, width=80))
    assert "• " + shown("took M0 for free") in text
    assert "• " + shown("a new Street was dealt: A1 A2 A3 B1 B2 B3") in text
    assert "the draw stack ran out: the discard pile is reshuffled" in flat(text)


def test_the_first_turn_has_nothing_to_summarise(plain: Plain) -> None:
    g = Game.new(seed=3, names=("Anna", "Ben"))
    view = g.view(g.to_move)
    assert "this is the first turn" in plain(render_turn_summary(view.last_turn, view.names, width=80))


def test_a_name_is_never_read_as_markup(plain: Plain) -> None:
    g = Game.from_dict(Game.new(seed=1).to_dict(), names=("[bold]Anna[/]", "Ben [/]"))
    g.apply(g.legal_actions()[-1])
    view = g.view(1)
    assert "What [bold]Anna[/] did" in plain(render_turn_summary(view.last_turn, view.names, width=80))


def test_the_end_shows_the_winner_why_and_both_players_cards(game: Build, plain: Plain) -> None:
    g = game(hand0=["F2", "A1"], area0=["F4"], hand1=["M3", "B0"], area1=["A4"], street=NO_ZERO_STREET, passes=1)
    g.apply("pass")  # R8.5: the second pass in a row ends the game
    text = plain(render_end(g.view(1), width=80))
    assert "Anna wins, 22 to 16 victory points" in text  # R11.1: 6 + 1 + 15 against 6 + 0 + 10
    assert "two passes in a row" in text
    assert "Tie-break" not in text
    anna_hand = next(line for line in text.splitlines() if "F2♥" in line)
    assert "A1♦" in anna_hand and "7 VP" in anna_hand
    ben_hand = next(line for line in text.splitlines() if "M3♠" in line)
    assert "B0♣" in ben_hand and "6 VP" in ben_hand  # Ben sees his own hand, and Anna's now that it is over
    assert "F4♥" in text and "A4♦" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_end_of_a_tie_says_how_it_was_broken(game: Build, plain: Plain) -> None:
    g = game(hand0=["F2"], hand1=["A2", "A2"], street=NO_ZERO_STREET, passes=1)
    g.apply("pass")
    text = plain(render_end(g.view(0), width=80))
    assert "Anna wins on the tie-break, 6 victory points each" in text  # not "6 to 6": that reads as a draw
    result = g.result()
    assert result is not None and result.tiebreak
    tie = next(line.strip(" │") for line in text.splitlines() if "F2♥" in line and "A2♦" in line)
    assert tie == shown(result.tiebreak[0].upper() + result.tiebreak[1:])  # R11.2, the engine's sentence with
    assert not tie.startswith("Tie-break:")  # its cards drawn as cards, and no label before it


def test_the_end_of_a_draw(game: Build, plain: Plain) -> None:
    g = game(hand0=["F2"], hand1=["M3"], street=NO_ZERO_STREET, passes=1)
    g.apply("pass")
    text = plain(render_end(g.view(0), width=80))
    assert "A draw at 6 victory points each" in text


def test_help_lists_the_keys_and_the_rules_and_fits_the_smallest_screen(plain: Plain) -> None:
    text = plain(render_help(KEYS, width=MIN_SIZE[0]))
    lines = text.splitlines()
    assert len(lines) <= MIN_SIZE[1] and max(len(line) for line in lines) <= MIN_SIZE[0]
    for key, what in KEYS:
        assert key in text and what in text
    for rule in ("R4", "R5", "R6", "R7", "R8", "R9", "R11"):
        assert f"({rule}" in text
    assert "Mercenary" in text and "F♥ La Famiglia" in text and "M♠ Mercenaries" in text


def test_help_stands_side_by_side_on_a_wide_screen(plain: Plain) -> None:
    narrow, wide = plain(render_help(KEYS, width=80)), plain(render_help(KEYS, width=130), 130)
    assert len(wide.splitlines()) < len(narrow.splitlines())


def test_a_terminal_too_small_says_how_big_it_must_be(plain: Plain) -> None:
    text = plain(render_too_small(60, 20, need=MIN_SIZE), 60)
    assert "It is 60×20; Famiglia needs at least 80×24." in text
    assert len(text.splitlines()) <= 20


def test_one_victory_point_is_not_points(game: Build, plain: Plain) -> None:
    g = game(hand0=["F0"], hand1=["F0"], street=NO_ZERO_STREET, passes=1)
    g.apply("pass")
    assert "A draw at 1 victory point each" in plain(render_end(g.view(0), width=80))


def test_a_win_by_two_to_one_speaks_of_victory_points(game: Build, plain: Plain) -> None:
    g = game(hand0=["F0", "A1"], hand1=["F0"], street=NO_ZERO_STREET, passes=1)
    g.apply("pass")
    assert "wins, 2 to 1 victory points" in plain(render_end(g.view(0), width=80))
