"""Every question of the plain mode answers, by its word and its short form, in every language; the seeded fuzzer
of typed lines (odd Unicode, huge numbers, long lines, control characters, EOF) never ends in a traceback."""

from __future__ import annotations

import io
import random

import pytest

from famiglia.engine import Refresh
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.session import Session
from famiglia.tui.plain import run_plain
from famiglia.tui.plain.words import COMMANDS, short_forms
from tests.drivers.computer import CPU, Scripted, tiny
from tests.drivers.plain import Typist, play

ASKED = [c.name for c in COMMANDS if c.name not in ("quit", "undo", "takeback")]


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_every_question_answers_by_word_and_short_form(language: str) -> None:
    with speaking(catalogue_for(language)):
        forms = short_forms()
        assert len(set(forms.values())) == len(forms)  # no two commands share a short form
        typed = [_(c.word) for c in COMMANDS if c.name in ASKED] + [forms[name] for name in ASKED]
        typed += ["rules R8.2", "rule 9", "rules R99", "?"]
        lines = iter(typed)
        _session, typist, written, code = play(lambda s, r: next(lines, None), names=("Anna", "Computer"),
                                              seats=(HUMAN, CPU), seed=2, first=0)
        assert code == 0
        out = written
        for i, read in enumerate(typist.reads):
            upto = typist.reads[i + 1].written if i + 1 < len(typist.reads) else len(out)
            answer = out[read.written:upto].splitlines()[:-1]  # what it wrote before the next prompt
            assert answer, f"{read.typed!r} had no answer"
        assert "R8.2" in out and "R9.3" in out


ODD = ["", " ", "\x1b[2J", "\x00\x07\x08", "ﬁ", "①②", "٣", "\uff19", "\u202e" + "take F4", "🂡" * 50, "a" * 5000,
       "9" * 5000, "-1", "0", "1e9", "take", "take F9", "take F4 pay", "swap", "brute B4 F2 -9", "rule", "rule R8.99",
       "rules " + "R" * 300, "hint", "undo", "takeback", "t", "options",
       "p", "pass", "h", "?", "q", "n", "y", "\t", "\r"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("seats", [(HUMAN, HUMAN), (HUMAN, CPU)])
def test_fuzzed_lines_never_break_the_sitting(seed: int, seats: tuple[str, str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(seed)

    def line(session: object, r: random.Random) -> str | None:
        roll = rng.random()
        if roll < 0.01:
            return None  # EOF: the sitting leaves as quitting does
        if roll < 0.5:
            return rng.choice(ODD)
        if roll < 0.8:
            return "".join(chr(rng.choice([rng.randint(32, 0x2FFF), rng.randint(0, 0x10FFFF)]))
                           for _i in range(rng.randint(0, 40))).replace("\n", " ").replace("\r", " ")
        return rng.choice(["", "1", "2", "options", str(rng.randint(1, 10**40))])

    _session, _typist, written, code = play(line, names=("Anna", "Ben" if seats[1] == HUMAN else "Computer"),
                                          seats=seats, seed=seed)
    assert code == 0
    assert "Traceback" not in capsys.readouterr().err
    assert all(ch == "\n" or ch.isprintable() for ch in written)
    assert max(map(len, written.splitlines())) <= 200


def test_after_the_refresh_the_hint_advised_the_hint_is_said_again_at_once() -> None:
    """A hint that advised a refresh is worked out again from the cards drawn and said right after the refresh,
    with no line typed for it (the player asked for a hint this turn), as on the full screen."""
    output = io.StringIO()
    session = Session(names=("Anna", "Computer"), seats=(HUMAN, CPU), seed=2, first=0, handoff_guard=0)
    typed: list[str] = []

    def line(s: Session, r: random.Random) -> str | None:
        if not typed:
            typed.append("hint")
        elif len(typed) == 1:
            assert isinstance(s.turn.advised, Refresh)  # the scripted hint: a refresh first
            typed.append(str(s.turn.advised))
        else:
            return None
        return typed[-1]

    typist = Typist(line, output, session=session)
    assert run_plain(session=session, input=typist, output=output, terminal=False, make_player=tiny,
                     make_advisor=lambda level: Scripted()) == 0
    said = output.getvalue()[typist.reads[1].written:].splitlines()
    refreshed = next(i for i, text in enumerate(said) if text.startswith(f"Anna refreshed {typed[1].split()[1]}"))
    assert said[refreshed + 1].startswith("Hint: ") and "refresh" not in said[refreshed + 1]


def test_takeback_goes_back_to_the_start_of_the_person_s_last_turn() -> None:
    """`takeback` in the plain mode: against the computer, the person's last turn and the computer's answer."""
    typed: list[str] = []

    def line(session: Session, rng: random.Random) -> str | None:
        if len(typed) > 12:
            return None
        if session.ending is not None:
            said = ""
        elif session.table.log and "takeback" not in typed:
            said = "takeback"
        elif "takeback" in typed:
            return None
        else:
            game = session.game
            takes = [a for a in game.legal_actions() if a.step.name == "TAKE" and str(a) != "pass"] if game else []
            said = str(takes[0]) if takes else "pass"
        typed.append(said)
        return said

    session, _typist, written, code = play(line, names=("Anna", "Computer"), seats=(HUMAN, CPU), seed=2, first=0)
    assert code == 0 and "takeback" in typed
    assert "You took back your last turn and Computer's answer" in written
    assert session.history == [] and session.table.takebacks == [0]
