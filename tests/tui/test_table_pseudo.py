"""No word of the table escapes the catalogue: every screen of a game, drawn in a pseudo-language that wraps
each template it says in ⟦…⟧, shows no English word outside the wraps but the players' names, the key
names and the notation's words (`take F2 pay M3 keep F1` is one notation in every language).

Along a seeded game at 80×24 and 100×30: the names question, the handoff, the table at every other moment,
the help, the game log, the last turn and the quit question now and then, and the end screen.
"""

from __future__ import annotations

import random
import re

from famiglia.phrasebook.catalogue import speaking
from famiglia.phrasebook.notation import ACTION_WORDS
from famiglia.tui.model import overlays
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose_parts
from tests.drivers.session import moments, new_session
from tests.phrasebook.test_languages import Pseudo

NAMES = ("Anna", "Ben")
KEYS = {"Enter", "Esc", "Tab", "Ctrl", "PgUp", "PgDn", "Home", "End", "Backspace", "Space"}
ALLOWED = {*NAMES, *KEYS, *ACTION_WORDS["it"], "Famiglia", "famiglia", "Friedemann", "Friese", "seed", "play"}
SIZES = ((80, 24), (100, 30))


def _escaped(session: Session) -> dict[str, str]:
    """The English words outside the wraps on every size of the screen now, each with the screen it is on."""
    found = {}
    for width, height in SIZES:
        rows, _parts = compose_parts(session, width, height)
        screen = "\n".join(rows)
        outside = re.sub(r"⟦[^⟧]*⟧", " ", screen)
        for word in re.findall(r"[A-Za-z][a-z]{2,}", outside):
            if word not in ALLOWED:
                found.setdefault(word, screen)
    return found


def test_every_screen_of_a_game_says_its_words_through_the_catalogue() -> None:
    escaped: dict[str, str] = {}
    with speaking(Pseudo()):
        session = new_session(seed=5, names=None)
        escaped |= _escaped(session)  # the names question
        session.answer_name("Anna")
        session.answer_name("Ben")
        seen = 0
        for step, _session in enumerate(moments(session, random.Random(5), limit=2000)):
            if step % 2:
                continue
            seen += 1
            escaped |= _escaped(session)
            if step % 20 == 0 and session.screen is Screen.TABLE and session.ending is None:
                for opened in (overlays.toggle_help, overlays.toggle_log, overlays.toggle_summary,
                               overlays.ask_quit):
                    opened(session)
                    escaped |= _escaped(session)
                    session.overlay = None
        assert session.screen is Screen.END and seen > 20
        escaped |= _escaped(session)
    assert not escaped, "\n\n".join(f"{word}:\n{screen}" for word, screen in escaped.items())
