"""`famiglia simulate` through `main([...])`: the table, the JSON, the same results for any --jobs, and one
clear line with exit code 2 for bad input (a seeded fuzzer included)."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest

from famiglia import cli
from famiglia.ai import SPECS

USAGE_ERROR = re.compile(r"famiglia( simulate)?: error: ")  # the form argparse's errors take in this command line
KEYS = {"player", "games", "wins", "draws", "losses", "win_rate", "win_rate_low", "win_rate_high", "mean_score",
        "mean_turns", "mean_actions", "decisions", "median_decision_seconds", "p95_decision_seconds"}


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--players", "greedy,random", "--games", "4", "--seed", "3")
    assert code == 0 and err == ""
    assert "4 games, seed 3" in out
    for word in ("greedy", "random", "won", "drawn", "lost", "95% CI", "turns"):
        assert word in out


def test_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--players", "greedy,random", "--games", "4", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["players"] == ["greedy", "random"] and data["games"] == 4 and data["seed"] == 1
    assert data["length_unit"] == "turns"
    a, b = data["summary"]
    assert set(a) == KEYS == set(b)
    assert a["wins"] + a["draws"] + a["losses"] == 4
    assert a["wins"] == b["losses"]


def test_a_search_level_plays_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "--players", "Easy, random", "--games", "1", "--json")
    assert code == 0
    assert [s["player"] for s in json.loads(out)["summary"]] == ["easy", "random"]


def strip_times(out: str) -> list[dict[str, object]]:
    summary = json.loads(out)["summary"]
    return [{k: v for k, v in s.items() if not k.endswith("_seconds")} for s in summary]


def test_jobs_do_not_change_the_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--players", "random,greedy", "--games", "5", "--seed", "8", "--json")
    _, one, _ = simulate(capsys, *args, "--jobs", "1")
    _, two, _ = simulate(capsys, *args, "--jobs", "2")
    assert strip_times(one) == strip_times(two)


@pytest.mark.parametrize("args", [
    ["--players", "greedy,expert"],
    ["--players", "greedy"],
    ["--players", "greedy,random,normal"],
    ["--players", "greedy,random", "--games", "0"],
    ["--players", "greedy,random", "--games", "-3"],
    ["--players", "greedy,random", "--games", "10000001"],
    ["--players", "greedy,random", "--games", "lots"],
    ["--players", "greedy,random", "--jobs", "0"],
    ["--players", "greedy,random", "--jobs", "65"],
    ["--players", "greedy,random", "--seed", "x"],
    ["--games", "3"],
])
def test_bad_input_is_one_line_and_code_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = simulate(capsys, *args)
    assert code == 2
    assert out == ""
    assert USAGE_ERROR.match(err) and err.count("\n") == 1


def test_help_lists_every_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    for spec in SPECS:
        assert spec in out


ODD = [
    "", " ", ",", "\u2115", "\u0661\u0662", "\uff11\uff12", "\U0001f4a5", "\u202e", "\x00",
    "normal,\u200bgreedy", "GREEDY,Random", "9" * 5000, "-0", "1e9", "0x10", "+1", " 2 ",
    "greedy,", ",random", "random,random",
]


def test_fuzzed_options(capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded odd values in every option: exit code 0 or 2, one line of error, never a traceback."""
    rng = random.Random(20261130)
    for _ in range(60):
        args = ["--players", rng.choice([*ODD, "greedy,random", "random,greedy"])]
        for option in ("--games", "--jobs", "--seed"):
            if rng.random() < 0.7:
                value = rng.choice([*ODD, str(rng.randrange(-10**30, 10**30)), "1", "2"])
                args += [option, value]
        if "--games" not in args or rng.random() < 0.5:
            args += ["--games", "1"]  # keep the valid runs short
        try:
            code, out, err = simulate(capsys, *args, "--json")
        except SystemExit as exc:  # pragma: no cover - main must not exit itself
            pytest.fail(f"main raised SystemExit({exc.code}) for {args!r}")
        assert code in (0, 2), args
        assert "Traceback" not in err
        if code == 2:
            assert USAGE_ERROR.match(err) and err.count("\n") == 1, (args, err)
        else:
            assert json.loads(out)["games"] >= 1


def test_a_progress_bar_on_a_terminal_leaves_stdout_alone(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = simulate(capsys, "--players", "greedy,random", "--games", "3", "--json")
    assert code == 0
    assert json.loads(out)["games"] == 3  # stdout holds the JSON alone
    assert "Traceback" not in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_every_worker_at_once_and_prints_the_games_so_far(jobs: str) -> None:
    """Issue 14.15: Ctrl-C once left the bar running for 45 s, six processes alive, and worker tracebacks."""
    from tests.drivers.processes import interrupted

    code, out, err = interrupted("simulate", "--players", "random,random", "--games", "1000000", "--jobs", jobs,
                                 "--json", with_workers=jobs != "1", running=3, timeout=15)
    assert code == 130, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert re.fullmatch(r"famiglia: interrupted after [0-9,]+ of 1,000,000 games; the figures are of those\n", err)
    if "after 0 of" not in err:  # on a very slow machine no game may be over yet: then there is no table
        done = json.loads(out)["games"]
        assert 0 < done < 1_000_000 and f"after {done:,} of" in err


@pytest.mark.parametrize(("language", "title", "headings", "decimal"), [
    ("en", "4 games, seed 3, seats swapped every game", ("player", "won", "drawn", "lost", "score", "turns"), "."),
    ("it", "4 partite, seed 3, posti scambiati a ogni partita", ("giocatore", "vinte", "punti", "turni"), ","),
    ("de", "4 Partien, Seed 3, Plätze nach jeder Partie getauscht", ("Spieler", "gewonnen", "remis", "Punkte"),
     ","),
])
def test_the_table_speaks_the_language_and_the_json_does_not(capsys: pytest.CaptureFixture[str], language: str,
                                                             title: str, headings: tuple[str, ...],
                                                             decimal: str) -> None:
    args = ("simulate", "--players", "greedy,random", "--games", "4", "--seed", "3")
    assert cli.main(["--lang", language, *args]) == 0
    out = capsys.readouterr().out
    assert out.lstrip().startswith(title)
    assert set(headings) <= set(out.split())
    greedy = next(line for line in out.splitlines() if line.split()[:1] == ["greedy"])
    rates = re.findall(r"\d+([.,])\d %?", greedy)  # the win rate, the interval, the score, the turns, the times
    assert rates and set(rates) == {decimal}
    assert cli.main(["--lang", language, *args, "--json"]) == 0
    spoken = capsys.readouterr().out
    assert cli.main([*args, "--json"]) == 0
    assert strip_times(spoken) == strip_times(capsys.readouterr().out)  # the figures for programs: one form


@pytest.mark.parametrize(("language", "said"), [
    ("en", "must be from 1 to 1,000,000, not 0"),
    ("it", "deve essere da 1 a 1.000.000, non 0"),
    ("de", "muss von 1 bis 1.000.000 sein, nicht 0"),
])
def test_a_number_out_of_range_is_refused_in_the_language(capsys: pytest.CaptureFixture[str], language: str,
                                                          said: str) -> None:
    assert cli.main(["--lang", language, "simulate", "--players", "greedy,random", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
