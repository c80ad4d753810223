"""`famiglia analyse`: text when piped, --json with every figure, --jobs that changes nothing, the analysis
saved beside the game, the graph at 80 and 120 columns, and one line with exit status 2 for bad input."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.ai.analysis import Analysis
from famiglia.ai.attribution import shifts
from famiglia.persistence.analyses import FORMAT, analysis_path, saved_analyses
from famiglia.tui.model import kept_analysis
from famiglia.tui.shell import shown_analysis
from famiglia.tui.view import analysis as analysis_text
from tests.persistence.records import saved_game

pytestmark = pytest.mark.slow

LEVEL = ["--level", "easy"]  # a small search: the figures are the same kind at every level


def analysed(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["analyse", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_plain_text_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    path, record = saved_game()
    code, out, err = analysed(capsys, *LEVEL)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Analysis of game {record.id}: Anna and Ben (unfinished, ")
    assert "\x1b[" not in out  # no colour codes in a pipe
    for action in (str(m.action) for m in record.moves):
        assert any(f"  {action}  " in line or line.endswith(f"  {action}") for line in lines), action
    assert "Luck of the draws" in out and "Totals:" in out and "rated decisions" in out
    assert analysis_path(path).is_file()


def test_json_has_every_figure_and_a_second_run_reads_the_saved_analysis(capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path, record = saved_game()
    code, out, _ = analysed(capsys, "1", *LEVEL, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == record.id and data["level"] == "easy"
    assert set(data["thresholds"]) == {"inaccurate", "mistake", "blunder"}
    first = data["decisions"][0]
    for field in ("before", "best", "best_chance", "played_chance", "alternative", "alternative_chance", "loss",
                  "mark", "forced", "turn", "player", "action"):
        assert field in first
    totals = set(data["totals"][0])
    assert {"error_total", "error_rate", "luck", "luck_refresh", "luck_deal", "luck_reshuffle"} <= totals

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the saved analysis should have been read")

    monkeypatch.setattr(kept_analysis, "analyse", never)
    before = analysis_path(path).read_bytes()
    code, again, _ = analysed(capsys, "1", *LEVEL, "--json")
    assert code == 0 and again == out and analysis_path(path).read_bytes() == before


def test_an_analysis_saved_under_another_calibration_is_made_anew(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A saved analysis tells the chances of the calibration it was made with: once that is fitted again,
    the hints would tell other numbers than the saved analysis, so it is analysed again (and saved)."""
    path, _ = saved_game(limit=6)
    assert analysed(capsys, "1", *LEVEL, "--json")[0] == 0
    before = analysis_path(path).read_bytes()
    monkeypatch.setattr(kept_analysis, "calibration_numbers", lambda level: (0.5, 0.1))
    made: list[object] = []
    real = kept_analysis.analyse

    def counted(*args: object, **kwargs: object) -> object:
        made.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kept_analysis, "analyse", counted)
    code, _, err = analysed(capsys, "1", *LEVEL, "--json")
    assert code == 0 and made and err == ""
    assert analysis_path(path).read_bytes() != before  # saved again, under the new key


def test_jobs_change_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved_game(limit=8)
    code, one, _ = analysed(capsys, str(path), *LEVEL, "--json")
    analysis_path(path).unlink()
    code2, two, _ = analysed(capsys, str(path), *LEVEL, "--json", "--jobs", "2")
    assert code == code2 == 0 and one == two


def test_a_record_file_from_elsewhere_gets_its_analysis_beside_it(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    path, _ = saved_game(limit=6)
    elsewhere = tmp_path / "mine.json"
    elsewhere.write_bytes(path.read_bytes())
    code, _, _ = analysed(capsys, str(elsewhere), *LEVEL)
    assert code == 0 and (tmp_path / "mine.analysis.json").is_file()


@pytest.mark.parametrize("width", [80, 120])
def test_the_graph_fits_the_width(width: int) -> None:
    path, record = saved_game(limit=12)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    lines = analysis_text.graph_lines(analysis, width)
    assert all(len(line) <= width for line in lines)
    plot = [line for line in lines if "│" in line]
    assert len(plot) == 9 and max(len(line) for line in lines) >= width - 2  # it uses the width it is given
    assert sum(line.count("•") + line.count("●") for line in plot) >= 10  # ● where the second's own curve meets it
    marks = lines[len(plot) + 2: len(plot) + 4]  # one row per player, under the axis
    assert marks[0].lstrip().startswith("Anna") and marks[1].lstrip().startswith("Ben")
    marked = [d for d in analysis.decisions if d.mark]
    assert sum(row.count(s) for row in marks for s in "~?!") >= min(1, len(marked))
    for line in analysis_text.report_lines(record, analysis, width=width)[:14]:
        assert len(line) <= max(width, 160)


def test_a_game_against_another_level_says_how_to_rate_it_as_its_hints_did() -> None:
    # the hints against cpu:hard told chances against the hard computer; an analysis at another level tells
    # other numbers for the same positions, so the report says how to have both agree
    path, record = saved_game(limit=6)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    said = "The hints in this game told the chances against the hard computer; --level hard analyses it so."
    against_hard = analysis_text.report_lines(replace(record, seats=("human", "cpu:hard")), analysis, width=200)
    assert said in against_hard and against_hard.index(said) < 4  # with the title, before the moments
    for seats in (("human", "human"), ("cpu:easy", "human")):  # no computer, or the analysis's own level
        assert not any("--level" in line for line in analysis_text.report_lines(
            replace(record, seats=seats), analysis, width=200))
    narrow = analysis_text.report_lines(replace(record, seats=("human", "cpu:hard")), analysis, width=80)
    assert all(len(line) <= 80 for line in narrow[:8]) and "--level hard analyses it so." in " ".join(narrow[:8])


def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = analysed(capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "no saved game yet" in err
    saved_game(limit=4)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for args in (["77"], [str(broken)], [str(tmp_path / "missing.json")], ["--jobs", "0"], ["--jobs", "x"],
                 ["--level", "expert"], [str(tmp_path)]):
        code, out, err = analysed(capsys, *args)
        assert code == 2, args
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (args, err)


BROKEN_ANALYSES = [
    b"", b"{", b"\xff\xfe\x00", b"[]", b"null", json.dumps({"format": "other"}).encode(),
    json.dumps({"format": FORMAT, "key": "x", "analysis": []}).encode(),
]


def test_a_broken_saved_analysis_is_reported_kept_and_the_game_analysed_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    path, record = saved_game(limit=6)
    key = kept_analysis.saved_key(record, "easy")
    good = kept_analysis.load_or_analyse(path, record, level="easy").to_dict()
    rng = random.Random(5)
    cases = [*BROKEN_ANALYSES]
    for change in ({"version": 7}, {"chances": [2.0]}, {"decisions": [{"move": 1}]}, {"players": "\u202eAnna"},
                   {"level": None, "iterations": "9" * 5000}, {"seed": {"a": 1}}, {"luck": [{}]}):
        cases.append(json.dumps({"format": FORMAT, "key": key, "analysis": {**good, **change}}).encode())
    for _ in range(6):
        text = bytearray(json.dumps({"format": FORMAT, "key": key, "analysis": good}).encode())
        for _ in range(3):
            text[rng.randrange(len(text))] = rng.randrange(256)
        cases.append(bytes(text))
    where = analysis_path(path)
    for data in cases:
        where.write_bytes(data)
        code, out, err = analysed(capsys, "1", *LEVEL)
        assert code == 0 and out.startswith("Analysis of game 1")
        assert err.count("\n") <= 1 and "Traceback" not in err
        if err:
            assert where.read_bytes() == data  # reported, and never changed
        else:  # a changed byte may leave a valid analysis of another key: it is not used, and replaced (version 2)
            saved = saved_analyses(where)
            assert saved and all(Analysis.from_dict(s.analysis) for s in saved)


ODD = ["", " ", "0", "-1", "01", "game-1", "game-1.json", "1.json", "9" * 5000, "\u202e1", "\x00", "\U0001f4a5",
       "../../etc/passwd", "--", "-", "1e9", "\uff11"]


def test_fuzzed_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded odd values in every argument: exit status 0 or 2, at most one line on stderr, never a traceback."""
    saved_game(limit=4)
    rng = random.Random(12)
    for _ in range(40):
        args: list[str] = []
        if rng.random() < 0.6:
            args.append(rng.choice(ODD))
        if rng.random() < 0.4:
            args += ["--jobs", rng.choice(["1", "2", "0", "65", "-3", "x", "9" * 40, "\u0661"])]
        if rng.random() < 0.4:
            args += ["--level", rng.choice(["easy", "EASY", "", "\u202e", "hard" * 20])]
        if rng.random() < 0.3:
            args.append("--json")
        if rng.random() < 0.1:
            args.append(rng.choice(["--depth", "--nope", "extra"]))
        if "--level" not in args:
            args += LEVEL
        try:
            code = cli.main(["analyse", *args])
        except SystemExit as exit_:  # pragma: no cover - main returns, never exits
            pytest.fail(f"main exited with {exit_.code} for {args!r}")
        out, err = capsys.readouterr()
        assert code in (0, 2), args
        assert "Traceback" not in err and err.count("\n") <= (1 if code else 0), (args, err)
        if code == 0:
            assert out


def test_ctrl_c_stops_every_worker_at_once_and_saves_nothing() -> None:
    """Ctrl-C under --jobs 2 left the workers running every queued decision (15 s for a short game) before
    famiglia exited; it now stops them where they are."""
    from tests.drivers.processes import interrupted

    path, _ = saved_game(seed=5, limit=400)  # a whole game: at hard, minutes of work
    code, out, err = interrupted("analyse", str(path), "--jobs", "2", "--level", "hard", with_workers=True,
                                 running=2, timeout=10)
    assert code == 130 and err == "famiglia: interrupted\n" and out == "", err
    assert not analysis_path(path).exists()


def test_help_is_still_quick_to_import() -> None:
    """`famiglia --help` imports neither the analysis nor the search."""
    import subprocess
    import sys

    code = ("import sys, famiglia.cli as c; c.build_parser(); "
            "print(any(m.startswith(('famiglia.ai', 'famiglia.tui', 'rich')) for m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ})
    assert proc.stdout.strip() == "False"


# -- issue 22: an analysis per level, a saved one of any level for `a`, every field of a file checked ---------------


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("the saved analysis should have been read")


def test_an_analysis_at_another_level_is_kept_and_a_shows_the_one_saved(capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`analyse 1 --level easy` then `analyse 1` analysed again at normal and threw the easy one away."""
    from famiglia.commands.analysis import analysis

    path, record = saved_game(limit=6)
    code, easy, _ = analysed(capsys, "1", "--level", "easy", "--json")
    assert code == 0
    assert analysis("1") == 0  # the home screen's a: the one saved, though of another level
    shown = capsys.readouterr().out
    assert shown.startswith("Analysis of game 1: ") and "level easy" in shown.splitlines()[0]
    code, normal, _ = analysed(capsys, "1", "--json")  # the default level: made now, beside the easy one
    assert code == 0 and json.loads(normal)["level"] == "normal"
    monkeypatch.setattr(kept_analysis, "analyse", _never)
    assert analysed(capsys, "1", "--level", "easy", "--json")[1] == easy  # still there, read back
    assert analysed(capsys, "1", "--json")[1] == normal
    assert shown_analysis.show_analysis(path, record) == 0  # the end screen's a: the default level's first
    assert "level normal" in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("given", [" 1", "1 ", "game-1", "game-1.json", "01"])
def test_an_id_is_read_as_every_command_reads_it(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`famiglia analyse " 3"` said there was no such file, where `famiglia log " 3"` printed game 3."""
    saved_game(limit=4)
    assert cli.main(["log", given]) == 0
    assert capsys.readouterr().out.startswith("Game 1: ")
    code, out, err = analysed(capsys, given, *LEVEL)
    assert code == 0 and err == "" and out.startswith("Analysis of game 1: ")


def _leaves(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The path of every value in `value`, the first and last entries of each list standing for the rest."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _leaves(inner, (*at, key))
    elif isinstance(value, list):
        for index in sorted({0, len(value) - 1} if value else set()):
            found += _leaves(value[index], (*at, index))
    return found


def test_every_one_field_edit_of_a_saved_analysis_is_one_line_or_read_in_analyse_the_home_screen_and_the_replay(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`"mark": "foo"`, `"player": 2` and 5 more of 15 edits ended `analyse` and the home screen with a traceback
    and the replay with exit 1. Every field of a real file, each set to each of a few wrong values: `analyse`
    and the home screen's `a` say one line and analyse again (the file left as it is), the replay names it in
    its note; or, where the edit leaves an analysis that fits its game, every one of them draws it."""
    import copy
    import io

    from famiglia.commands.analysis import saved_analysis
    from famiglia.tui.model.replay import Replay
    from famiglia.tui.view.replay import render_replay
    from tests.drivers.terminal import render_text

    path, record = saved_game(limit=8)
    assert analysed(capsys, "1", *LEVEL)[0] == 0
    where = analysis_path(path)
    real = json.loads(where.read_text(encoding="utf-8"))
    good = Analysis.from_dict(real["analyses"][0]["analysis"])
    monkeypatch.setattr(kept_analysis, "analyse", lambda *args, **kwargs: good)  # the search itself is not on trial
    edits = 0
    for at in _leaves(real):
        for wrong in ("foo", 2, -1, None, 0.5, [], 10**30):
            data = copy.deepcopy(real)
            inner: object = data
            for step in at[:-1]:
                inner = inner[step]  # type: ignore[index]
            inner[at[-1]] = wrong  # type: ignore[index]
            text = json.dumps(data).encode()
            where.write_bytes(text)
            edits += 1
            code, out, err = analysed(capsys, "1", *LEVEL)
            assert code == 0 and out.startswith("Analysis of game 1"), (at, wrong, err)
            assert err.count("\n") <= 1 and "Traceback" not in err, (at, wrong, err)
            assert shown_analysis.show_analysis(path, record, out=io.StringIO()) == 0, (at, wrong)
            capsys.readouterr()
            found, note = saved_analysis(path, record)
            assert note is None or ("\n" not in note and note.startswith(where.name)), (at, wrong, note)
            if found is not None:  # drawn as the replay draws it, at its first and last position
                replay = Replay(record, analysis=found)
                replay.toggle_analysis()
                for index in (0, replay.last):
                    replay.index = index
                    render_text(render_replay(replay, 100, 40), width=100)
            assert where.read_bytes() == text or err == ""  # a file reported is never changed
    print(f"one-field edits: {edits}")
    assert edits > 300


def _rows(analysis: Analysis, lines: list[str]) -> list[str]:
    """The decision table's lines of a report (between the graph and the luck)."""
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["turn", "player", "played"])
    end = lines.index("", start)
    return lines[start + 1:end]


def test_the_table_reads_at_80_columns_with_the_best_instead_under_its_row() -> None:
    # At 80 columns the loss and the mark wrapped to the first column, where they read as turn numbers.
    path, record = saved_game(limit=30)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    long = replace(analysis, players=("Computer (normal)", "Annabella Rossini"))
    for width in (80, 100):
        rows = _rows(long, analysis_text.report_lines(record, long, width=width))
        assert all(len(row) <= width for row in rows), width
        turns = [row for row in rows if not row.lstrip().startswith("instead:")]
        assert len(turns) == len(analysis.decisions)
        assert all(row.split()[0].isdigit() for row in turns)
        if width == 80:  # the best instead on a line of its own, under the played action
            assert sum(row.lstrip().startswith("instead:") for row in rows) == sum(
                1 for d in analysis.decisions
                if d.forced or (d.action != d.best and round(d.best_chance * 100) > round(d.played_chance * 100)))
    graph = analysis_text.graph_lines(long, 80)
    assert any(line.strip().startswith("Computer (normal)") for line in graph)  # the label is whole


def test_the_loss_is_the_difference_the_row_shows_and_the_best_instead_is_better() -> None:
    path, record = saved_game(limit=30)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    decisions = [replace(analysis.decisions[0], action="refresh M3", best="refresh M1", played_chance=0.3149,
                         before=0.3851, best_chance=0.3851, loss=0.0702, mark="inaccurate", forced=False),
                 replace(analysis.decisions[0], action="refresh M3", best="refresh M1", played_chance=0.27,
                         before=0.26, best_chance=0.26, loss=0.0, mark=None, forced=False)]
    rows = _rows(analysis, analysis_text.report_lines(record, replace(analysis, decisions=decisions), width=160))
    assert rows[0].split()[4:7] == ["31%", "8", "~"] and rows[0].endswith("refresh M1 (39%)")  # 39 − 31, not 7
    assert "refresh M1" not in rows[1] and rows[1].split()[4:] == ["27%"]  # a worse move is not "best instead"


def test_the_totals_are_the_sums_of_the_points_the_rows_and_the_luck_lines_show() -> None:
    # each figure is the two chances as shown, subtracted; the totals add those up, so a player checking the
    # report with a pencil finds every number where it should be
    path, record = saved_game(limit=60)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    lines = analysis_text.report_lines(record, analysis, width=300)
    names = analysis.players
    lost = {name: 0 for name in names}
    for row in _rows(analysis, lines):  # turn, player, the action (words), its chance, the loss if any, …
        cells = row.split()
        chance = next(i for i, cell in enumerate(cells) if cell.endswith("%"))
        if chance + 1 < len(cells) and cells[chance + 1].isdigit():
            lost[cells[1]] += int(cells[chance + 1])
    assert any(lost.values())
    luck = {name: 0 for name in names}
    shown = [re.search(r"^\s*turn\s+\d+\s+(\w+): .*: (\d+)% -> (\d+)% \(([+-]?\d+)\)$", line) for line in lines]
    for found in filter(None, shown):
        name, expected, after, swing = found.groups()
        assert int(swing) == int(after) - int(expected), found.group(0)
        luck[name] += int(swing)
    assert any(shown)
    for name in names:
        totals = next(line for line in lines if line.strip().startswith(f"{name}: ") and "lost in all" in line)
        said = re.search(r"(\d+) points? lost in all.*luck ([+-]?\d+) ", totals)
        assert said is not None, totals
        assert (int(said.group(1)), int(said.group(2))) == (lost[name], luck[name]), totals


def test_every_turn_passing_is_a_line_of_the_other_players_move_and_the_totals_add_them_up() -> None:
    """As a turn passes, the chance of the player whose turn ended moves to what the other player's search tells at
    the start of its turn: the other player's move, a line of its own under the turn that began, never a decision's
    loss or a draw's luck; each player's totals add up the lines of the turns that began after its own."""
    path, record = saved_game(limit=60)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    lines = analysis_text.report_lines(record, analysis, width=300)
    start = next(i for i, line in enumerate(lines) if line.startswith("The other player's move ("))
    end = lines.index("Totals:")
    shown = [re.search(r"^\s*turn\s+(\d+)\s+(\w+)'s turn: (\w+) (\d+)% -> (\d+)% \(([+-]?\d+)\)$", line)
             for line in lines[start + 1:end - 1]]
    assert shown and all(shown), lines[start:end]
    passing = [x for x in shifts(analysis) if x.cause == "turn"]
    assert len(shown) == len(passing)
    moves = {name: 0 for name in analysis.players}
    for found, x in zip(shown, passing, strict=True):
        turn, began, ended, before, after, swing = found.groups()
        assert (int(turn), began, ended) == (x.turn, analysis.players[x.seat], analysis.players[1 - x.seat])
        assert int(swing) == int(after) - int(before), found.group(0)
        moves[ended] += int(swing)
    for name in analysis.players:
        totals = next(line for line in lines if line.strip().startswith(f"{name}: ") and "lost in all" in line)
        said = re.search(r"the other player's moves ([+-]?\d+)$", totals)
        assert said is not None and int(said.group(1)) == moves[name], totals


def test_analyse_on_a_terminal_is_paged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # 130 lines scrolled past and the graph at their top was lost; the end screen's a was paged already.
    saved_game()
    pager = tmp_path / "pager.py"
    got = tmp_path / "paged.txt"
    pager.write_text(f"import sys\nopen({str(got)!r}, 'w', encoding='utf-8').write(sys.stdin.read())\n")
    monkeypatch.setenv("PAGER", shlex.join([sys.executable, str(pager)]))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    code, out, _ = analysed(capsys, *LEVEL)
    assert code == 0 and out == ""  # all of it went to the pager
    text = got.read_text(encoding="utf-8")
    assert text.startswith("Analysis of game") and "chance to win over the game" in text and "Totals:" in text


def test_the_legend_says_where_the_chances_are_exact_at_the_levels_whose_search_knows_the_endgame() -> None:
    # normal and hard tell the exact solver's value where it reaches (docs/ai.md); easy's chances never are exact
    path, record = saved_game(limit=6)
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    exact = "where the exact solver reaches, a chance and a loss are exact"
    for level, said in (("easy", False), ("normal", True), ("hard", True)):
        text = " ".join(analysis_text.report_lines(record, replace(analysis, level=level), width=200)[:4])
        assert (exact in text) is said


def test_the_analysis_says_how_many_takebacks_the_game_had(capsys: pytest.CaptureFixture[str]) -> None:
    """A record's takebacks (docs/records.md): the analysis tells them, and one without any says nothing of them."""
    path, record = saved_game()
    code, out, _err = analysed(capsys, *LEVEL)
    assert code == 0 and "takeback" not in out
    taken = record.with_moves(record.moves, takebacks=(2, 4))
    path.write_text(taken.dumps(), encoding="utf-8")
    code, out, _err = analysed(capsys, *LEVEL)
    assert code == 0 and "This game had 2 takebacks" in out
