"""The analysis on the screen: `a` in the replay shows the turn on show rated decision by decision, with the
win-chance graph marking it; `m` goes to the next marked decision or key moment; a broken saved analysis is
one line and the replay goes on; `a` on the end screen says how to have the game analysed. Keys are pressed through the
application on a pipe, as a player would press them."""

from __future__ import annotations

import asyncio
import io
import json
import random
import shlex
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from famiglia.ai import player
from famiglia.ai.analysis import Analysis
from famiglia.ai.moments import key_moments
from famiglia.commands.analysis import analyse as analyse_command
from famiglia.commands.analysis import saved_analysis
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.persistence.analyses import analysis_path
from famiglia.tui.model import kept_analysis
from famiglia.tui.model.kept_analysis import analyse_record
from famiglia.tui.model.replay import MISTAKES, REPLAY_COMMANDS, Replay, replay_key_line
from famiglia.tui.model.saving import Autosave, analyse_on_leaving
from famiglia.tui.model.screens import Screen
from famiglia.tui.shell.replay import build_replay_app
from famiglia.tui.shell.shown_analysis import show_analysis
from famiglia.tui.view.replay import render_analysis, render_replay
from tests.drivers.app import Keys, Player, drive, play
from tests.drivers.session import moments, new_session
from tests.drivers.terminal import render_text
from tests.persistence.records import between, short_game

pytestmark = pytest.mark.slow


def analysed_game() -> tuple[Path, Record, Analysis]:
    path, record = short_game()
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")  # saved beside the game
    return path, record, analysis


def run(replay: Replay, keys: list[str], *, size: tuple[int, int] = (100, 40), path: Path | None = None,
        level: str = "easy") -> list[str]:
    """Press `keys` one after another through the replay's application; the screen after each, as text.

    A key `WAIT` waits (up to a minute) for an analysis begun with `a` to be done before the next key.
    """
    screens: list[str] = []

    async def script(k: Keys[int]) -> None:
        for key in keys:
            if key == WAIT:
                await k.until(lambda: replay.progress is None, timeout=60, what="the analysis to be done")
            else:
                await k.keys(key)
            screens.append(render_text(render_replay(replay, *size), width=size[0]))
        await k.keys("q")

    drive(lambda pipe, terminal: build_replay_app(replay, path=path, level=level, input=pipe, output=terminal),
          script, columns=size[0], rows=size[1])
    return screens


WAIT = "<wait for the analysis>"


def test_the_keys_are_in_the_replay_key_line() -> None:
    line = replay_key_line()
    assert "a: analysis" in line and "m: next mark or key moment" in line


def test_a_shows_the_turn_on_show_with_the_saved_chances_and_the_graph() -> None:
    path, record, analysis = analysed_game()
    found, note = saved_analysis(path, record)
    assert found == analysis and note is None
    replay = Replay(record, analysis=found)
    screens = run(replay, ["y", "\x1b[C", "\x1b[C", "a"])
    assert replay.analysing and replay.index == 2
    text = screens[-1]
    turn = replay.turn_of[1]
    assert f"Turn {turn}: chance to win before" in text
    decisions = [d for d in analysis.decisions if replay.turn_of[d.move] == turn]
    assert decisions and replay.turn_decisions() == tuple(decisions)
    for d in decisions:  # every chance shown is the one the analysis holds
        assert f"{d.before * 100:.0f}%: played {d.action}" in text
        if d.mark:
            assert d.mark in text
    assert "▲ on screen" in text, text
    assert "Each player's chance to win over the game: Anna •, Ben ◦" in text  # two people rated at easy
    assert all(len(line) <= 100 for line in text.splitlines())
    screens = run(replay, ["a"])  # the verdict alone, under the whole game's graph, in place of the table
    assert replay.analysing and replay.alone and "▲ on screen" in screens[-1] and "Anna's hand" not in screens[-1]
    screens = run(replay, ["a"])
    assert not replay.analysing and "chance to win before" not in screens[-1] and "Anna's hand" in screens[-1]


def test_m_jumps_to_each_mistake_then_says_there_is_none_further() -> None:
    _, record, analysis = analysed_game()
    marked = [d.move + 1 for d in analysis.decisions if d.mark in MISTAKES]
    moments = {m.move + 1 for m in key_moments(analysis, [g.view(None) for g in record.games()])}
    stops = sorted(set(marked) | moments)
    assert marked and len(stops) >= 2  # a marked decision and a key moment at least: m says which each is
    replay = Replay(record, analysis=analysis)
    screens = run(replay, ["y", *["m"] * len(stops)])
    assert replay.index == stops[-1] and replay.analysing
    last = analysis.decisions[stops[-1] - 1]
    assert f"played {last.action}" in screens[-1]
    seen = []
    replay = Replay(record, analysis=analysis)
    run(replay, ["y"])
    for _ in stops:
        screen = run(replay, ["m"])[-1]
        seen.append(replay.index)
        assert "Turn " in screen
        said = replay.message or ""
        assert said.startswith("Marked ") == (replay.index in marked)  # it says which it is
        assert ("Key moment: " in said) == (replay.index in moments)
    assert seen == stops
    run(replay, ["m"])
    assert replay.message == "No marked decision or key moment after this point."
    assert "No marked decision or key moment after this point." in run(replay, ["m"])[-1]


def test_m_reaches_a_players_own_inaccuracies() -> None:
    """A loss of 5 points is marked inaccurate, and m stops there too: the player's own small errors are the
    ones worth seeing (a loss of 10 or more came mostly from the computer's seat)."""
    _, record, analysis = analysed_game()
    first = next(d for d in analysis.decisions if not d.forced and d.move >= 2)
    decisions = tuple(replace(d, loss=0.06, mark="inaccurate") if d is first else replace(d, loss=0.0, mark=None)
                      for d in analysis.decisions)
    inaccurate = replace(analysis, decisions=decisions)
    replay = Replay(record, analysis=inaccurate)
    run(replay, ["y"])
    said = {}
    while replay.message is None or not replay.message.startswith("No marked decision"):
        screen = run(replay, ["m"])[-1]
        said[replay.index] = (replay.message, screen)
    message, screen = said[first.move + 1]
    assert message is not None and message.startswith("Marked inaccurate:") and f"played {first.action}" in screen
    assert replay.message == "No marked decision or key moment after this point."


def test_without_a_replay_app_a_says_how_to_make_an_analysis() -> None:
    """The model alone (no application to analyse in the background) points to `famiglia analyse`."""
    _, record = short_game(limit=6)
    replay = Replay(record)
    for key in ("y", "a"):
        next(c for c in REPLAY_COMMANDS if key in c.keys).run(replay, key)
    assert replay.message == f"No analysis of this game yet: run 'famiglia analyse {record.id}' first."


def test_a_broken_saved_analysis_is_one_line_then_a_analyses_without_touching_it() -> None:
    for broken in (b"{not json", b'{"format": "famiglia-analysis", "key": 1}', b"\xff\xfe" * 20):
        path, record = short_game()
        where = analysis_path(path)
        where.write_bytes(broken)
        analysis, note = saved_analysis(path, record)
        assert analysis is None and note is not None and "\n" not in note
        assert note.endswith("the replay goes on without it")
        replay = Replay(record, analysis=analysis, note=note)
        screens = run(replay, [WAIT, "\x1b[C", "a", WAIT], size=(80, 24), path=path)
        assert "the replay goes on" in screens[0] and replay.index == 1  # said once, as the replay opens
        assert replay.analysing and replay.analysis == analyse_record(record, level="easy")
        assert replay.message == "Not saved: the saved analysis cannot be read, and its file is left as it is."
        assert replay.message in screens[-1] and "chance to win before" in screens[-1]
        assert where.read_bytes() == broken  # left as it is


def test_a_saved_analysis_of_another_game_is_not_used() -> None:
    path, _, _ = analysed_game()
    where = analysis_path(path)
    other_path, other = short_game(limit=5)
    analysis_path(other_path).write_bytes(where.read_bytes())
    assert saved_analysis(other_path, other) == (None, None)


def test_the_analysis_fits_a_small_screen() -> None:
    _, record, analysis = analysed_game()
    replay = Replay(record, analysis=analysis)
    screen = run(replay, ["y", "m"], size=(80, 24))[-1]
    lines = screen.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    assert "chance to win before" in screen and "The Street" in screen  # the verdict with its position
    assert replay.message is not None and replay.message.split(":")[0] in screen  # what m stopped at, said


def test_at_80_by_24_m_shows_the_position_with_the_decision_it_stopped_at() -> None:
    # a long game's table leaves no room for every decision of the turn under it; the verdict then keeps the
    # one m stopped at (with as many of its neighbours as fit), never the whole screen without the position
    path, record = between(1, (("easy", 1), ("greedy", 2)), limit=90)  # a turn of many decisions, late on
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    replay = Replay(record, analysis=analysis)
    replay.asking = False
    stops, cramped = 0, 0
    while True:
        at = replay.index
        replay.next_mistake()
        if replay.index == at:  # no stop further
            break
        decision = next(d for d in analysis.decisions if d.move + 1 == replay.index)
        stops += 1
        screen = render_text(render_replay(replay, 80, 24), width=80)
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert "The Street" in screen and f"Turn {decision.turn}: chance to win before" in screen, screen
        verdict = screen[screen.index(f"Turn {decision.turn}:"):]
        row = f"({_shown(decision.played_chance)})"
        assert row in verdict and f"played {decision.action.split()[0]}" in verdict, screen
        cramped += len(replay.turn_decisions()) > verdict.count(" played ")
        if decision.mark:  # the row, the line m says and the report's table give one loss: the shown chances'
            lost = round(decision.before * 100) - round(decision.played_chance * 100)
            assert f"lost {lost} " in " ".join(verdict.split()) and replay.message is not None
            assert f"{lost} points of chance given away" in replay.message
    assert stops >= 3 and cramped  # some turns did not fit whole, and the one on show was kept


def _shown(chance: float) -> str:
    return f"{chance * 100:.0f}%"


def test_a_decision_that_wraps_goes_on_indented_never_at_the_left_edge() -> None:
    """Its loss and mark on a line of their own would read as a turn number at column 0 ("7  ~ inaccurate")."""
    _, record, analysis = analysed_game()
    replay = Replay(record, analysis=analysis)
    wrapped = 0
    for width in (40, 56, 80):
        for index in sorted({d.move + 1 for d in analysis.decisions}):
            replay.index = index
            lines = render_text(render_analysis(replay, width, 60), width=width).splitlines()
            heading = next(i for i, line in enumerate(lines) if line.startswith("Turn "))  # after the graph
            first = next(i for i in range(heading, len(lines)) if lines[i].startswith(("Anna", "Ben")))
            for line in lines[first:]:
                assert line.startswith(("Anna", "Ben", "    ")) and len(line) <= width, (width, line)
                wrapped += line.startswith("    ")
    assert wrapped  # the narrow widths do wrap some decisions


def test_the_verdict_stands_with_the_position_it_is_about() -> None:
    """`a` keeps the table on screen: the verdict beside it on a wide terminal, under it on a narrower one."""
    _, record, analysis = analysed_game()
    for size in ((160, 40), (100, 40), (80, 24)):
        replay = Replay(record, analysis=analysis)
        screen = run(replay, ["y", "\x1b[C", "\x1b[C", "a"], size=size)[-1]
        lines = screen.splitlines()
        assert len(lines) <= size[1] and all(len(line) <= size[0] for line in lines), size
        street = next(i for i, line in enumerate(lines) if "The Street" in line)
        verdict = next(i for i, line in enumerate(lines) if "chance to win before" in line)
        hand = next(i for i, line in enumerate(lines) if "Anna's hand" in line)
        if size[0] >= 160:  # beside: the graph's rows are the table's rows
            graph = next(i for i, line in enumerate(lines) if "chance to win over the game" in line)
            assert graph < street and "The Street" in lines[street] and lines[street].index("The Street") == 0
            assert "▲ on screen" in screen and lines[graph].index("chance to win over the game") > 80
        else:  # under: the table first, the verdict below it, the graph where it fits whole
            assert street < hand < verdict, size
            assert ("▲ on screen" in screen) == (size[1] >= 40), size


def test_a_on_the_end_screen_leaves_the_game_and_shows_its_analysis() -> None:
    session = new_session(5, confirm=False)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(5), limit=4000):
        if session.screen is Screen.END:
            break
    assert session.screen is Screen.END and saver.record is not None and saver.path is not None
    seen: list[str] = []

    async def script(p: Player) -> None:
        seen.append(p.screen())
        await p.keys("a")  # leaves the game: nothing more to press

    assert play(session, script) == 0
    assert "a: analysis" in seen[0] and saver.analyse_on_leaving and session.exit_code == 0
    out = io.StringIO()  # what run_play then shows, here off a terminal: the report of the saved game
    assert show_analysis(saver.path, saver.record, level="easy", out=out) == 0  # easy: a quick test
    report = out.getvalue()
    assert report.count("\n") > 5 and saver.record.players[0] in report
    assert saved_analysis(saver.path, saver.record)[0] is not None  # kept beside the game: a second look is instant
    unsaved = new_session(5, confirm=False)
    analyse_on_leaving(unsaved)
    assert unsaved.message is not None and unsaved.message.text == "This game is not saved, so it cannot be analysed."
    assert unsaved.exit_code is None  # it stays on the end screen


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_end_screens_analysis_is_paged_with_its_colours_shown(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Through $PAGER, with LESS=FRX unless set: a bare less showed the marks' colours as 'ESC[33m'."""
    path, record, _ = analysed_game()
    pager = tmp_path / "pager.py"
    got = tmp_path / "paged.txt"
    pager.write_text("import os, sys\n"
                     f"with open({str(got)!r}, 'w', encoding='utf-8') as f:\n"
                     "    f.write(os.environ.get('LESS', '') + '\\n' + sys.stdin.read())\n")
    monkeypatch.setenv("PAGER", shlex.join([sys.executable, str(pager)]))
    monkeypatch.delenv("LESS", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = _Terminal()
    assert show_analysis(path, record, level="easy", out=out) == 0
    less, text = got.read_text(encoding="utf-8").split("\n", 1)
    assert less == "FRX" and out.getvalue() == ""  # all of it went to the pager, told to show colours
    assert text.startswith("Analysis of game") and "\x1b[" in text
    monkeypatch.setenv("LESS", "S")
    assert show_analysis(path, record, level="easy", out=_Terminal()) == 0
    assert got.read_text(encoding="utf-8").startswith("S\n")  # the user's own LESS is theirs


def test_random_keys_with_an_analysis_never_break_the_replay() -> None:
    """A seeded fuzzer over the replay's keys, with and without an analysis, at odd sizes: every screen fits."""
    _, record, analysis = analysed_game()
    keys = [(command, key) for command in REPLAY_COMMANDS for key in command.keys if key != "<sigint>"]
    for seed in range(6):
        rng = random.Random(seed)
        replay = Replay(record, analysis=analysis if seed % 2 else None, note=None if seed % 3 else "x: broken")
        for _ in range(150):
            command, key = rng.choice(keys)
            if key in ("q", "escape", "c-c", "c-d"):
                continue
            command.run(replay, key)
            width, height = rng.choice([(80, 24), (81, 25), (120, 40), (200, 60), (79, 23)])
            lines = render_text(render_replay(replay, width, height), width=width).splitlines()
            assert len(lines) <= height and all(len(line) <= width for line in lines)
            assert 0 <= replay.index <= replay.last


# -- the analysis on demand: `a` with none saved analyses the game in the background -------------------------------


def test_a_analyses_in_the_background_while_the_replay_goes_on_and_saves_it_beside_the_game() -> None:
    path, record = short_game()
    assert saved_analysis(path, record) == (None, None)
    replay = Replay(record)
    # At the normal level (famiglia analyse's default) this game takes a second or two: long enough to be seen.
    screens = run(replay, ["a", "\x1b[C", "\x1b[C", "a", "\x1b[D", "m", WAIT, "m"], path=path, level="normal")
    running = screens[:6]
    assert all("Analysing… turn " in screen and "decisions rated · the replay goes on" in screen for screen in running)
    assert "▰" in running[-1] or "▱" in running[-1]
    assert "The analysis is running (turn " in screens[3]  # a again says it runs, and why nothing else happens
    assert "m finds marks once it is done" in screens[5]
    assert "position 2 of 9" in screens[2] and "position 1 of 9" in screens[4]  # the keys moved it meanwhile
    done = screens[6]
    assert replay.analysing and replay.progress is None and "Analysing" not in done
    assert "Turn 1: chance to win before" in done and "▲ on screen" in done
    analysis = replay.analysis
    assert analysis is not None and analysis.level == "normal"
    assert saved_analysis(path, record) == (analysis, None)  # saved beside the game: the next replay has it
    saved = analysis_path(path).read_bytes()
    analysis_path(path).unlink()  # famiglia analyse works it out anew: the same figures
    out = io.StringIO()
    assert analyse_command(record.id, as_json=True, out=out) == 0
    assert json.loads(out.getvalue()) == {"game": record.id, **json.loads(json.dumps(analysis.to_dict()))}
    assert analysis_path(path).read_bytes() == saved
    marked = {d.move + 1 for d in analysis.decisions if d.mark in MISTAKES}
    moments = {m.move + 1 for m in key_moments(analysis, [g.view(None) for g in record.games()])}
    following = sorted(stop for stop in marked | moments if stop > 1)  # m was pressed at position 1
    assert marked and replay.index == following[0]  # the next-mark key works once the analysis is done


def test_quitting_during_the_analysis_quits_at_once_and_leaves_no_worker_and_no_file() -> None:
    path, record = short_game()
    replay = Replay(record)
    threads: list[threading.Thread] = []

    async def script(k: Keys[int]) -> None:
        await k.keys("a")
        await k.until(lambda: replay.progress is not None and replay.progress[0] >= 1, what="the first decision rated")
        threads.extend(t for t in threading.enumerate() if t.name == "famiglia-analysis")
        k.pipe.send_text("q")
        assert await asyncio.wait_for(k.task, 2) == 0  # it does not wait for the analysis

    drive(lambda pipe, terminal: build_replay_app(replay, path=path, level="normal", input=pipe, output=terminal),
          script, columns=100, rows=40)
    assert replay.done and replay.analysis is None and replay.progress is not None
    assert len(threads) == 1
    threads[0].join(60)  # told to stop, it stops at the end of the decision it is rating
    assert not threads[0].is_alive()
    assert sorted(p.name for p in path.parent.iterdir()) == [".highest-id", path.name]  # no analysis, no temp file


def test_an_unfinished_game_is_analysed_as_famiglia_analyse_does_it() -> None:
    path, record = short_game(limit=6)
    assert not record.game().is_over
    replay = Replay(record)
    screens = run(replay, ["y", "a", WAIT], path=path)
    analysis = replay.analysis
    assert analysis is not None and not analysis.finished and replay.analysing
    assert analysis == analyse_record(record, level="easy") == saved_analysis(path, record)[0]
    assert len(analysis.chances) == len(record.moves) + 1  # the position now is rated too
    assert "chance to win before" in screens[-1]


def test_a_save_that_fails_is_one_line_and_the_analysis_is_shown() -> None:
    path, record = short_game()
    where = analysis_path(path)
    where.symlink_to(path.parent / "elsewhere.json")  # a link famiglia will not write through
    replay = Replay(record)
    screens = run(replay, ["a", WAIT], path=path, size=(80, 24))
    assert replay.analysing and replay.analysis == analyse_record(record, level="easy")
    message = replay.message
    assert message is not None and message.startswith("The analysis is not saved (") and "\n" not in message
    assert "symbolic link" in message and message.endswith("it is shown all the same.")
    assert "chance to win before" in screens[-1]
    assert where.is_symlink() and not (path.parent / "elsewhere.json").exists()
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([".highest-id", path.name, where.name])  # no temp


def test_a_game_deleted_while_the_replay_analyses_it_gets_no_analysis_beside_no_game() -> None:
    """Issue 22: the analysis was saved as `game-1.analysis.json` beside nothing, with the seed and every action."""
    path, record = short_game()
    replay = Replay(record)

    async def script(k: Keys[int]) -> None:
        await k.keys("a")
        await k.until(lambda: replay.progress is not None and replay.progress[0] >= 1, what="the first decision rated")
        Store().delete(record.id)  # `famiglia games --delete 1` in another terminal, meanwhile
        await k.until(lambda: replay.progress is None, timeout=60, what="the analysis to be done")
        await k.keys("q")

    drive(lambda pipe, terminal: build_replay_app(replay, path=path, level="normal", input=pipe, output=terminal),
          script, columns=100, rows=40)
    assert replay.analysis is not None  # shown all the same
    assert replay.message is not None and "is no longer there" in replay.message and "\n" not in replay.message
    assert sorted(p.name for p in path.parent.iterdir()) == [".highest-id"]


def test_m_before_any_analysis_says_a_makes_one() -> None:
    path, record = short_game()
    replay = Replay(record)
    screens = run(replay, ["m"], path=path)
    assert replay.message == "No analysis of this game yet: a analyses it, then m finds its marks and key moments."
    assert replay.message in screens[-1] and replay.progress is None and not analysis_path(path).exists()


def test_random_keys_through_the_app_while_the_analysis_runs_never_break_the_replay() -> None:
    """A seeded fuzzer over the replay's keys (odd Unicode and long numbers among them) pressed through the
    application while the analysis runs and after it: every screen fits, and the analysis arrives whole."""
    path, record = short_game()
    keys = ["a", "m", "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "n", "p", " ", "7", "\r", "\x7f", "é", "漢", "\u200b",
            "9" * 40 + "\r", "y", "A", "M"]
    for seed in range(3):
        rng = random.Random(seed)
        replay = Replay(record)
        size = rng.choice([(80, 24), (81, 25), (120, 40)])
        pressed = ["a", *(rng.choice(keys) for _ in range(25)), WAIT, *(rng.choice(keys) for _ in range(10))]
        for screen in run(replay, pressed, path=path, size=size):
            lines = screen.splitlines()
            assert len(lines) <= size[1] and all(len(line) <= size[0] for line in lines)
            assert "Traceback" not in screen
        assert replay.analysis is not None and replay.progress is None
        assert replay.analysis == saved_analysis(path, record)[0]
        assert 0 <= replay.index <= replay.last


def test_the_progress_bar_keeps_its_width_and_never_goes_back_as_the_numbers_beside_it_grow() -> None:
    """The words beside the bar gain digits as the analysis goes on (`9 of 120` → `10 of 120`); the bar keeps
    its cells, so what it shows done only grows."""
    from famiglia.tui.view.replay import progress_line

    _, record = short_game()
    replay = Replay(record)
    bars = []
    for rated in range(0, 121):
        replay.progress = (rated, 120)
        line = progress_line(replay, 80).plain
        assert len(line) <= 80 and "Analysing… turn " in line
        bars.append(line[:line.index(" Analysing")])
    assert len({len(bar) for bar in bars}) == 1, {len(bar) for bar in bars}
    done = [bar.count("▰") for bar in bars]
    assert done == sorted(done) and done[0] == 0 and done[-1] == len(bars[-1])


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_the_progress_line_is_never_cut_within_a_word(language: str) -> None:
    """In German at 80 columns the line read "… Entscheidungen bewertet · das Nachs…": where the words are too
    long for one row they go on in a second, broken between words."""
    from famiglia.phrasebook.catalogue import catalogue_for, speaking
    from famiglia.tui.view.bridge import Ink, Painter
    from famiglia.tui.view.replay import progress_line

    _, record = short_game()
    replay = Replay(record)
    with speaking(catalogue_for(language)):
        for rated in (0, 9, 10, 119, 120):
            replay.progress = (rated, 120)
            rows = Painter(Ink.PLAIN).rows(progress_line(replay, 80), 80).text
            assert len(rows) <= 2 and all(len(row) <= 80 and not row.rstrip().endswith("…") for row in rows), rows


def test_the_replay_caption_is_one_row_at_80_columns_so_the_table_never_moves() -> None:
    """A long action ("take … (pay …, keep …)" and "turn 5 begins") wrapped the caption onto a second row."""
    game = Game.new(seed=11, names=("Annamaria", "Bartholomew"), first=0)
    players = (player("greedy", 1), player("greedy", 2))
    moves: list[Move] = []
    while not game.is_over:
        action = players[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    _, record = Store().create(Record.new(Game.new(seed=11, names=("Annamaria", "Bartholomew"), first=0))
                               .with_moves(moves), game)
    replay = Replay(record)
    replay.asking = False
    wrapped = 0
    for index in range(replay.last):  # the last position is the end screen
        replay.index = index
        lines = render_text(render_replay(replay, 80, 24), width=80).splitlines()
        assert lines[0].startswith("Replay of game")
        wrapped += "'s turn" not in lines[1]  # the table's first row, right under a one-row caption
    assert wrapped == 0
