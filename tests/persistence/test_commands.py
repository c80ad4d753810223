"""The saved-games commands from the command line: `games`, `log`, `replay`, `resume`.

`famiglia.cli.main` runs them on games saved by real sittings; their printed text is checked as a
player reads it (plain when piped). `resume` is played through the application itself on a pipe:
the handoff first, no hand before it, then the same table and the game saving on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from famiglia.cli import main
from famiglia.commands.games import game_state
from famiglia.persistence import Record, Store, read_record
from famiglia.tui.model.replay import Replay
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Screen
from famiglia.tui.shell.replay import build_replay_app
from famiglia.tui.view.pieces import short_name
from famiglia.tui.view.replay import caption, render_replay
from tests.drivers.app import Keys, Player, drive, play
from tests.drivers.session import moments, new_session
from tests.persistence.helpers import home


def saved_game(seed: int, *, limit: int = 2000) -> Autosave:
    session = new_session(seed, confirm=False)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(seed), limit=limit):
        pass
    saver.close()
    return saver


def test_games_lists_newest_first_with_turns_and_state(capsys: pytest.CaptureFixture[str]) -> None:
    finished = saved_game(1)
    running = saved_game(2, limit=9)
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["id", "players", "started", "(UTC)", "turns", "state"]
    assert out[1].startswith("2 ") and out[2].startswith("1 ")
    assert running.record is not None and finished.record is not None
    assert game_state(running.record.game()) in out[1] and "to move" in out[1]
    assert game_state(finished.record.game()) in out[2] and ("won" in out[2] or "draw" in out[2])
    assert f" {finished.record.turn_count} " in out[2]


def test_games_names_a_file_it_cannot_read_and_lists_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    saved_game(3, limit=5)
    broken = home() / "game-7.json"
    broken.write_text("{ not json")
    before = broken.read_bytes()
    assert main(["games"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("famiglia: game-7.json: ")
    assert captured.out.splitlines()[1].startswith("1 ")
    assert broken.read_bytes() == before


def test_games_with_none_saved_says_where_they_would_be(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "No saved games yet" in capsys.readouterr().out


def turn_rows(lines: list[str]) -> list[list[str]]:
    """The log's turns: each its numbered row and the rows its actions go on in, under themselves."""
    groups: list[list[str]] = []
    for line in lines[1:]:
        if re.match(r"\s*\d+  ", line):
            groups.append([line])
        elif groups and line.startswith(" "):
            groups[-1].append(line)
        else:
            break
    return groups


def said(rows: list[str], points: str) -> str:
    """A turn's actions as one line, from its rows (the points after it left out)."""
    return " ".join(" ".join(row.replace(points, "").split()[2 if n == 0 else 0:]) for n, row in enumerate(rows))


def test_log_prints_one_numbered_line_per_turn_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    saver = saved_game(4)
    assert saver.record is not None
    record = saver.record
    assert main(["log", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Game 1: Anna and Ben") and f"seed {record.seed}" in lines[0]
    turns = record.turns()
    groups = turn_rows(lines)
    assert len(groups) == len(turns) and all(len(row) <= 80 for row in lines)
    for rows, turn in zip(groups, turns, strict=True):
        number, who, *_ = rows[0].split()
        points = f"Anna {turn.points[0]} · Ben {turn.points[1]}"
        assert int(number) == turn.number and who == record.players[turn.player]
        assert ", ".join(str(a) for a in turn.actions) in said(rows, points)
        assert rows[0].endswith(points)
    result = record.game().result()
    end = 1 + sum(len(rows) for rows in groups)
    assert result is not None and lines[end].startswith("Result: ")
    assert str(max(result.scores)) in lines[end]
    assert main(["log"]) == 0 and capsys.readouterr().out.splitlines() == lines  # the latest game
    assert main(["log", str(saver.path)]) == 0 and capsys.readouterr().out.splitlines() == lines


def test_log_of_a_running_game_says_whose_turn_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    saved_game(5, limit=7)
    assert main(["log"]) == 0
    assert "Not finished: " in capsys.readouterr().out.splitlines()[-1]


def test_play_load_refuses_options_the_record_decides(capsys: pytest.CaptureFixture[str]) -> None:
    saver = saved_game(5, limit=3)
    assert main(["play", "--load", str(saver.path), "--seed", "4"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# -- replay -----------------------------------------------------------------------------------------------------


def test_replay_steps_through_every_position_by_action_and_by_turn() -> None:
    saver = saved_game(6)
    assert saver.record is not None
    replay = Replay(saver.record)
    assert not replay.asking and replay.index == 0 and "the deal" in caption(replay).plain
    replay.step(1)
    first = saver.record.moves[0]
    assert f"turn 1: {saver.record.players[first.player]} {first.action}" in caption(replay).plain
    replay.end()
    assert replay.index == len(saver.record.moves)
    replay.step(5)
    assert replay.index == len(saver.record.moves)
    replay.home()
    assert replay.index == 0
    for digit in "3":
        replay.digit(digit)
    replay.enter()
    assert replay.turn_of[replay.index] == 3 and replay.turn_of[replay.index - 1] == 2
    assert caption(replay).plain.endswith("turn 3 begins")
    replay.digit("9")
    replay.digit("9")
    replay.digit("9")
    replay.enter()
    assert replay.message is not None and "no turn 999" in replay.message


def test_replay_draws_both_hands_and_the_final_scores() -> None:
    from tests.drivers.terminal import render_text

    saver = saved_game(7)
    assert saver.record is not None
    replay = Replay(saver.record)
    replay.step(3)
    shown = replay.positions[3]
    mover = short_name(shown.names[shown.to_move])
    text = render_text(render_replay(replay, 100, 40), width=100)
    # Worded for someone watching: the player to move by name, and the other hand simply open.
    assert f"{mover}'s turn" in text and f"{mover}'s hand" in text
    assert any("live total" in line and "  hand  " in line for line in text.splitlines())
    assert not re.search(r"\b(you|your)\b", text, re.IGNORECASE) and "tracked" not in text
    replay.end()
    text = render_text(render_replay(replay, 100, 40), width=100)
    assert "Game over" in text and "total" in text


def replayed(record: Record, *keys: str, after: Callable[[Replay], None] | None = None) -> Replay:
    """The replay of `record` through its application, each of `keys` sent in turn; `after` sees the replay after
    each (once its screen is drawn again). An unfinished game's replay asks first."""
    replay = Replay(record)

    async def script(k: Keys[int]) -> None:
        assert replay.asking == (not replay.positions[-1].is_over)
        for key in keys:
            await k.keys(key)
            if after is not None:
                after(replay)
        await k.ended()

    drive(lambda pipe, terminal: build_replay_app(replay, input=pipe, output=terminal), script, columns=100, rows=30)
    return replay


def test_replay_of_an_unfinished_game_asks_first_through_the_keys() -> None:
    saver = saved_game(8, limit=12)
    assert saver.record is not None and not saver.record.game().is_over
    assert replayed(saver.record, "n").done
    seen = replayed(saver.record, "y\x1b[C\x1b[C\x1b[Dq")
    assert not seen.asking and seen.index == 1


def test_a_replay_key_that_does_nothing_says_why_through_the_keys() -> None:
    """A key with no use now, the question unanswered, either end of the game: one line says so."""
    saver = saved_game(8, limit=12)
    assert saver.record is not None
    said: list[str | None] = []
    keys = ("m", "x", "y", "x", "\x1b[D", "\r", "\x7f", "y", "\x1b[F", "\x1b[C", "\x1b[200~pasted\x1b[201~")
    replayed(saver.record, *keys, "q", after=lambda replay: said.append(replay.message))
    said.pop()  # q: the replay is left
    assert said == [
        "Answer the question first: y shows the game, n leaves.",
        "Answer the question first: y shows the game, n leaves.",
        None,  # y: the game is on show
        "'x' does nothing here: the keys are listed under the table.",
        "This is the deal: nothing comes before it.",
        "Type a turn number first, then Enter goes there.",
        "Nothing is typed to take back: a turn number, then Enter, goes there.",
        "'y' does nothing here: the keys are listed under the table.",
        None,  # End
        "This is the last position: the game was saved here.",
        "Pasting does nothing here: the keys are listed under the table.",
    ]


# -- resume through the application ---------------------------------------------------------------------------


def test_resume_opens_on_the_handoff_then_the_same_table_and_saves_on() -> None:
    session = new_session(11, confirm=False)
    saver = Autosave.attach(session)
    rng = random.Random(11)
    for live in moments(session, rng, limit=200):
        if live.screen is Screen.TABLE and live.game is not None and live.game.view(None).this_turn and len(
                live.history) > 8:
            break
    assert session.game is not None and session.screen is Screen.TABLE
    position = session.game.to_dict()
    saver.close()
    path, record = Store().find("1")
    resumed = resume_session(record, path=path, handoff_guard=0)
    mover = resumed.names[session.game.to_move]

    async def script(p: Player) -> None:
        await p.at_handoff()
        screen = p.screen()
        assert f"Pass the keyboard to {mover}" in screen and "Your hand" not in screen
        await p.keys("\r")
        assert "Your hand" in p.screen() and f"Your turn, {mover}" in p.screen()
        assert p.game.to_dict() == position
        await p.keys("u")  # the turn's actions since its last refresh can be taken back, as live
        assert p.session.message is not None
        action = p.game.legal_actions()[0]
        await p.keys(str(action) + "\r")
        assert read_record(path).game().to_dict() == p.game.to_dict()
        await p.keys("\x03y")

    assert play(resumed, script, columns=100, rows=30) == 0


def test_random_keys_never_break_the_replay() -> None:
    """A seeded fuzzer: random keys, escape sequences and odd Unicode into the replay; only q leaves."""
    import asyncio

    saver = saved_game(13)
    assert saver.record is not None
    rng = random.Random(13)
    keys = ["\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "n", "p", " ", "\r", "\x7f", "y", "²", "\u0661", "😀", "\x1b[5~",
            *"0123456789", "9" * 40, "\x00", "\t"]
    replay = Replay(saver.record)

    async def script(k: Keys[int]) -> None:
        for _ in range(300):
            k.pipe.send_text(rng.choice(keys))
            await asyncio.sleep(0)  # no wait for the screen: keys may come faster than it is drawn
            assert not k.task.done()
            assert 0 <= replay.index <= replay.last
        await k.keys("q")

    drive(lambda pipe, terminal: build_replay_app(replay, input=pipe, output=terminal), script)
    assert replay.done


@pytest.mark.parametrize(("language", "heading", "result", "title"),
                         [("it", "giocatori", "Risultato: ", "Partita 1: Anna e Ben"),
                          ("de", "Spieler", "Ergebnis: ", "Partie 1: Anna und Ben")])
def test_games_and_log_speak_the_language_and_keep_the_notation(language: str, heading: str, result: str, title: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    saver = saved_game(4)
    assert saver.record is not None
    assert main(["--lang", language, "games"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert heading in listed[0].split() and listed[1].startswith("1 ")
    assert main(["--lang", language, "log", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(title) and any(line.startswith(result) for line in lines)
    turns = saver.record.turns()
    for rows, turn in zip(turn_rows(lines), turns, strict=True):  # the actions in notation, in every language
        assert ", ".join(str(a) for a in turn.actions) in said(rows, f"Anna {turn.points[0]} · Ben {turn.points[1]}")


def test_log_piped_lines_up_wide_names_as_a_terminal_shows_them(capsys: pytest.CaptureFixture[str]) -> None:
    """A name of wide characters takes two columns a character: the actions still start in one column."""
    from rich.cells import cell_len

    session = new_session(5, names=("陳大文", "Ben"), confirm=False)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(5), limit=40):
        pass
    saver.close()
    assert main(["log", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    turns = [line for line in lines[1:] if re.match(r"\s*\d+  ", line)]
    assert {"陳大文", "Ben"} <= {line.split()[1] for line in turns}
    starts = {cell_len(re.match(r"\s*\d+  \S+\s+", line).group()) for line in turns}  # type: ignore[union-attr]
    assert len(starts) == 1  # where the actions begin, counted in the terminal's columns
