"""Whole seeded games in the plain mode through text streams: against the computer in all three languages and
hot-seat, every line printable and short, every action announced, the result said as the game has it, and
no hand said after a handoff before its owner's Enter (R12.2)."""

from __future__ import annotations

import random

import pytest

from famiglia.engine import Event
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.screens import Screen
from famiglia.tui.model.session import Session
from famiglia.tui.plain import answers
from famiglia.tui.plain.announce import ending
from famiglia.tui.plain.lines import WIDEST
from tests.drivers.computer import CPU
from tests.drivers.plain import by_options, play


def assert_plain(written: str) -> None:
    """No escape sequence nor any control character but the newline; every line a sentence of at most WIDEST."""
    assert all(ch == "\n" or ch.isprintable() for ch in written), "a byte that is not printable text"
    for line in written.splitlines():
        assert len(line) <= WIDEST, line


def announced(turns: list[tuple[Event, ...]], names: tuple[str, str], reasons: dict[int, str],
              written: str) -> None:
    """Every public event of every finished turn was said, in the announcer's words."""
    lines = set(written.splitlines())
    for number, turn in enumerate(turns, start=1):
        for happened in turn:
            said = answers.said(happened, names, reason=reasons.get(number))
            assert said in lines or any(line.startswith(said[:60]) for line in lines), said


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it", "de"])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_against_the_computer_through_pipes(language: str, seed: int) -> None:
    with speaking(catalogue_for(language)):
        session, _typist, written, code = play(by_options, typing_seed=seed, names=("Anna", "Computer"),
                                              seats=(HUMAN, CPU), seed=seed)
        game = session.table.game
        assert code == 0 and game is not None and game.is_over
        result = game.result()
        assert result is not None
        assert_plain(written)
        announced(session.log, session.names, session.pass_reasons, written)
        said_end = ending(result, session.table.view(0))
        assert said_end[1] in written.splitlines()  # the result line is the game's own result
        assert str(result.scores[0]) in said_end[1] or result.scores[0] == result.scores[1]


def _hot_seat_typist(session: Session, rng: random.Random) -> str | None:
    """At each handoff first asks for the hand (refused) and the Street (public), then presses Enter."""
    if session.screen is Screen.HANDOFF:
        asked = getattr(session, "_asked_at_handoff", 0)
        session._asked_at_handoff = asked + 1  # type: ignore[attr-defined]
        return ["hand", "h", "options", "street", ""][asked % 5]
    session._asked_at_handoff = 0  # type: ignore[attr-defined]
    return by_options(session, rng)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 7])
def test_hot_seat_never_says_a_hand_after_a_handoff_before_its_owners_enter(seed: int) -> None:
    session, typist, written, code = play(_hot_seat_typist, typing_seed=seed, names=("Anna", "Ben"), seed=seed)
    assert code == 0 and session.table.game is not None and session.table.game.is_over
    assert_plain(written)
    announced(session.log, session.names, session.pass_reasons, written)
    handoffs = 0
    for i, read in enumerate(typist.reads):
        if read.screen is not Screen.HANDOFF:
            continue
        handoffs += 1
        upto = typist.reads[i + 1].written if i + 1 < len(typist.reads) else len(written)
        after = written[read.written:upto]  # what the sitting wrote between this line and the next question
        if read.typed:  # not yet Enter: nothing of any hand
            assert "Your hand" not in after and "Your turn" not in after, after
            assert "Pass the keyboard" in written[:read.written].splitlines()[-1]
    assert handoffs > 10


def test_a_handoff_says_whose_turn_and_refuses_the_hand() -> None:
    reads = iter(["Anna", "Ben", "hand", "options", "street", "", "hand", "q", "y"])
    _session, typist, written, code = play(lambda s, r: next(reads, None), seed=4, first=0, handoff_guard=0.4)
    lines = written.splitlines()
    assert "Pass the keyboard to Anna; Anna, press Enter when you are ready." in lines
    assert "Anna, press Enter on an empty line first: until then only the public questions are answered (? lists " \
           "them)." in lines
    before_enter = written[:typist.reads[5].written]
    assert "Your hand" not in before_enter
    assert "The Street:" in before_enter  # a public question answers at the handoff
    assert "Your hand:" in written[typist.reads[5].written:]
    assert code == 0
