"""The plain mode: the game as lines of text, for a screen reader, a braille display, a pipe or a slow link.

One more front end of the same model as the full screen (`famiglia.tui.model`): the same `Session`, its
verbs, the phrasebook's sentences and the same `Autosave`, read and written as whole lines with no
escape sequence (docs/plain.md). Its parts:

- `lines`: the two streams, lines of at most 200 characters, and the handoff's wipe of a terminal;
- `words`: the command table of the questions and verbs a player types, in their language;
- `answers`: the answers to the questions (hand, Street, areas, score, stack, last turn, options, log, rules);
- `announce`: what is said as it happens (the deal, every action, each turn's start, the end);
- `sitting`: the loop that reads a line and calls the session's verbs;
- `guided`: the guided game's lessons, said before the question they explain (`famiglia learn --plain`);
- `replay`: a saved game stepped through as lines (`famiglia replay --plain`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from famiglia.phrasebook.catalogue import _
from famiglia.profile.seats import HUMAN

from ..model.saving import Autosave, crash_save
from ..model.session import Session
from .lines import Lines
from .sitting import Aside, PlainSitting

__all__ = ["run_plain"]

EXIT_FAILURE = 1


def run_plain(*, names: tuple[str, str] | None = None, seed: int | None = None, first: int | None = None,
              memory_aid: bool = False, confirm: bool = True, seats: tuple[str, str] = (HUMAN, HUMAN),
              session: Session | None = None, input: TextIO | None = None, output: TextIO | None = None,
              terminal: bool | None = None, say: Callable[[str], None] | None = None,
              aside: Aside | None = None, **makers: Any) -> int:
    """Play in the plain mode on `input` and `output` (standard input and output by default, pipes or a terminal)
    until the players leave or the input ends; the exit status.

    The options are `run_play`'s: `session` is one made beforehand (a resumed game), otherwise one is dealt.
    Every action is saved as it is made (`Autosave`), so `famiglia resume` and `famiglia log` find the game;
    the last lines say how to play it on. `makers` (`make_player`, `make_advisor`) build the computer and the
    hint's search; `terminal` whether the output's screen may be wiped at a handoff (by default: is it one);
    `aside` what is said before each question (the guided game's lessons, `famiglia.tui.plain.guided`).
    """
    lines = Lines(input, output, terminal=terminal)
    try:
        if session is None:
            session = Session(names=names, seed=seed, first=first, memory_aid=memory_aid, confirm=confirm,
                              seats=seats, handoff_guard=0)
        saver = Autosave.attach(session)
        saver.check(session)
        if session.message is not None:  # a folder that takes no file: said first, and play goes on
            lines.say(session.message.text)
            session.message = None
        code = PlainSitting(session, lines, aside=aside, **makers).run()
        saver.close(session)
        for line in (saver.hint() or saver.not_saved(),):
            if line:
                (say or lines.say)(line)
        return code
    except Exception as error:  # one line, never a traceback; the game is kept
        kept = crash_save(session) if session is not None else _("no game had started yet")
        print("famiglia: " + _("the game stopped on an unexpected error ({error}); {kept}").format(
            error=f"{type(error).__name__}: {error}", kept=kept), file=sys.stderr)
        return EXIT_FAILURE
