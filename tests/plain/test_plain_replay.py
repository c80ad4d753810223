"""The replay in the plain mode (`famiglia replay --plain`): every action of a saved game said in one sentence as the
replay reaches it, in every language; moving forward, back, to a turn and to either end through the replay's own
command table; the questions of the position on show; an unfinished game asked about first; never an escape byte,
whatever is typed."""

from __future__ import annotations

import io
import random

import pytest

from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.replay import Replay
from famiglia.tui.plain import answers
from famiglia.tui.plain.announce import ending
from famiglia.tui.plain.replay import REPLAY_WORDS, move_events, run_plain_replay
from famiglia.tui.plain.words import short_forms
from tests.home.helpers import play, save
from tests.plain.test_plain_games import assert_plain
from tests.plain.test_plain_questions import ODD


def _replayed(record: object, typed: list[str]) -> tuple[str, int]:
    """What the plain replay of `record` writes for the lines `typed`; an analysis `a` makes is the easy level's."""
    output = io.StringIO()
    code = run_plain_replay(record, input=io.StringIO("".join(line + "\n" for line in typed)),  # type: ignore[arg-type]
                            output=output, level="easy")
    return output.getvalue(), code


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_stepping_through_a_whole_game_says_every_action_and_the_result(language: str) -> None:
    record = save(play(5, names=("Anna", "Ben"), seats=(HUMAN, HUMAN)))
    with speaking(catalogue_for(language)):
        replay = Replay(record)
        written, code = _replayed(record, [""] * (replay.last + 1) + ["q"])
        assert code == 0
        assert_plain(written)
        lines = written.splitlines()
        joined = " ".join(lines)  # a long sentence is cut into lines at a space
        for index in range(1, replay.last + 1):
            replay.index = index
            said = [answers.said(e, record.players) for e in move_events(replay, index)]
            assert f"Position {index} of {replay.last}, " in joined or language != "en"
            assert all(text in joined for text in said), (index, said)
        game = replay.positions[-1]
        result = game.result()
        assert result is not None
        assert ending(result, game.view(0))[1] in lines  # the result line, as the game has it
        assert _("This is the last position: the game ends here.") in lines


def test_back_first_end_and_a_turn_number_move_as_the_full_screens_keys_do() -> None:
    record = save(play(8, names=("Anna", "Ben")))
    replay = Replay(record)
    turn3 = replay.turn_starts[2]
    written, _code = _replayed(record, ["b", "turn 3", "e", "first", "9999999", "turn", "3", "hands", "score",
                                        "street", "log", "q"])
    lines = written.splitlines()
    assert "This is the deal: nothing comes before it." in lines  # back at the deal: the model's own refusal
    at = next(n for n, line in enumerate(lines) if line.startswith(f"Position {turn3} of {replay.last}, turn 2: "))
    mover = record.players[replay.positions[turn3].to_move]
    assert lines[at + 1] == f"Turn 3 begins: {mover} plays."
    assert any(line.startswith(f"Position {replay.last} of {replay.last}, turn ") for line in lines)
    assert f"There is no turn 999999: the game has {len(replay.turn_starts)}." in lines
    assert "Type a turn number first, then Enter goes there." in lines
    assert lines.count(f"Position 0 of {replay.last}: the deal.") == 2  # at the start, and after first
    hands_at_turn3 = [g.view(s).hand for g in [replay.positions[turn3]] for s in (0, 1)]
    for name, held in zip(record.players, hands_at_turn3, strict=True):  # both hands open, as the replay shows them
        assert any(line.startswith(f"{name}'s hand") and " ".join(map(str, held)) in line for line in lines), name
    assert "Turn 1: " in written and "Turn 2: " in written  # the log of the turns before the position on show


def test_an_unfinished_game_is_shown_only_after_its_question() -> None:
    record = save(play(3, actions=9))
    written, code = _replayed(record, ["x", "n"])
    assert code == 0 and "Position 0" not in written
    assert "Type y to see the game, or n to leave." in written.splitlines()
    written, _code = _replayed(record, ["y", "m", "q"])
    assert "Position 0 of 9: the deal." in written.splitlines()
    assert "No analysis of this game yet: a analyses it, then m finds its marks and key moments." in written


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_every_word_of_the_replay_answers_by_word_and_short_form(language: str) -> None:
    record = save(play(2))
    with speaking(catalogue_for(language)):
        forms = short_forms(REPLAY_WORDS)
        assert len(set(forms.values())) == len(forms)
        asked = [c for c in REPLAY_WORDS if c.name not in ("quit", "turn", "analysis")]  # a: analysed below
        typed = ["", ""] + [_(c.word) for c in asked] + [forms[c.name] for c in asked] + ["rules R8.2", "?"]
        written, code = _replayed(record, typed)
        assert code == 0
        assert_plain(written)
        prompts = [n for n, line in enumerate(written.splitlines()) if line.endswith("?") or "?" in line[-20:]]
        assert len(prompts) >= len(typed)
        assert "R8.2" in written


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_fuzzed_lines_never_break_the_replay(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(seed)
    record = save(play(seed, actions=None if seed % 2 else 30))
    typed = []
    for _i in range(300):
        roll = rng.random()
        if roll < 0.5:
            typed.append(rng.choice([*ODD, "b", "e", "f", "turn 2", "m", "a", "y", "n"]))
        elif roll < 0.8:
            typed.append("".join(chr(rng.randint(0, 0x10FFFF)) for _j in range(rng.randint(0, 30)))
                         .replace("\n", " ").replace("\r", " "))
        else:
            typed.append(rng.choice(["", "1", "turn " + "9" * 5000, "x" * 100_000]))
    written, code = _replayed(record, typed[: rng.randint(1, 300)])  # then the input ends
    assert code == 0
    assert "Traceback" not in capsys.readouterr().err
    assert_plain(written)


def test_replay_plain_from_the_command_line(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.cli import main

    record = save(play(6))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    assert main(["replay", "--plain", record.id]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert out.startswith(f"Replay of game {record.id}: Anna against Ben, ")
    assert f"Position 2 of {len(record.moves)}, turn " in out


def test_a_and_m_say_the_saved_analysis_of_the_turn_on_show() -> None:
    """With an analysis saved beside the game, a says each decision of the turn on show as the full screen's verdict
    says it, and m goes to the next marked decision or key moment, saying which it is with the position."""
    from famiglia.tui.model import kept_analysis
    from famiglia.tui.model.replay import MISTAKES
    from tests.persistence.records import short_game

    path, record = short_game()
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    marked = sorted(d.move + 1 for d in analysis.decisions if d.mark in MISTAKES)
    output = io.StringIO()
    typed = ["y", "", "a", "m", "q"]
    code = run_plain_replay(record, analysis=analysis, input=io.StringIO("\n".join(typed) + "\n"), output=output)
    written = output.getvalue()
    assert code == 0
    assert_plain(written)
    first = next(d for d in analysis.decisions if d.move == 0)
    assert "Turn 1: chance to win before, what was played (its chance), best instead." in written
    assert f"played {first.action}" in written or str(first.action) in written
    stop = min(set(marked) | {m.move + 1 for m in _moments(analysis, record)})
    assert f"Position {stop} of " in written
    assert "Marked " in written or "Key moment: " in written
    assert not set("♥♦♣♠") & set(written)  # the cards by their names alone, as everywhere in the plain mode


def _moments(analysis: object, record: object) -> list[object]:
    from famiglia.ai.moments import key_moments

    return list(key_moments(analysis, [g.view(None) for g in record.games()]))  # type: ignore[arg-type, attr-defined]


def test_the_plain_setting_makes_replay_and_learn_plain(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`famiglia settings set plain on`: replay and learn speak in lines without --plain (and --no-plain is the full
    screen's, which needs a terminal)."""
    from famiglia.cli import main

    record = save(play(6))
    assert main(["settings", "set", "plain", "on"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n"))
    assert main(["replay", record.id]) == 0
    assert f"Replay of game {record.id}: " in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("Anna\nq\ny\n"))
    assert main(["learn", "--new"]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert "Lesson: The table (R1–R3)." in out.splitlines()
    assert main(["--no-plain", "replay", record.id]) == 1  # the full screen, which a pipe is not
    assert "needs a terminal" in capsys.readouterr().err


def test_a_without_a_saved_analysis_analyses_the_game_and_saves_it_beside_it() -> None:
    """The replay's a, where no analysis is saved: the game is analysed now (at the level asked), how far it has come
    said on the way, then the turn on show; the analysis is saved beside the game, where the next replay finds it."""
    from famiglia.tui.model import kept_analysis
    from tests.persistence.records import short_game

    path, record = short_game()
    output = io.StringIO()
    code = run_plain_replay(record, path=path, level="easy", input=io.StringIO("y\n\na\nq\n"), output=output)
    written = output.getvalue()
    assert code == 0
    assert_plain(written)
    assert f"Analysing the game, {len(record.moves) + (0 if record.game().is_over else 1)} decisions: a moment, " \
           "please." in written
    assert "Turn 1: chance to win before, what was played (its chance), best instead." in written
    assert kept_analysis.find_saved(path, record, "easy") is not None  # kept for the next reader
