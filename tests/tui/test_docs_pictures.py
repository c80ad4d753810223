"""The pictures of the screen in docs/playing.md are what the game really draws.

They are made from one seeded game: `FAMIGLIA_UPDATE_DOCS=1 python -m pytest tests/tui/test_docs_pictures.py`
writes them anew after a deliberate change of the screen; review the diff of docs/playing.md.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from famiglia.engine import Pass
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose, prompt_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "playing.md"
WIDTH, HEIGHT = 80, 24
TURNS = 9  # Anna starts; after nine turns the keyboard goes to Ben


def scenario() -> Session:
    """Seed 12, Anna first; both players pick their actions with a fixed generator until Ben's handoff."""
    session = Session(names=("Anna", "Ben"), seed=12, first=0, handoff_guard=0, confirm=False)
    rng = random.Random("docs")
    turns = 0
    while turns < TURNS:
        assert session.screen is Screen.HANDOFF and session.game is not None
        session.drawn()
        session.reveal()
        while session.screen is Screen.TABLE:
            acts = session.game.legal_actions()
            session.play(rng.choice([a for a in acts if not isinstance(a, Pass)] or acts))
        turns += 1
    return session


def picture(session: Session) -> str:
    screen = compose(session, WIDTH, HEIGHT - 1, plain=True)
    return "\n".join(line.rstrip() for line in (*screen.splitlines(), prompt_text(session).rstrip()))


def pictures() -> dict[str, str]:
    session = scenario()
    handoff = picture(session)
    session.drawn()
    session.reveal()
    return {"handoff": handoff, "table": picture(session)}


def _blocks(text: str) -> dict[str, str]:
    return dict(re.findall(r"<!-- picture: (\w+) -->\n```\n(.*?)\n```", text, flags=re.S))


def test_the_pictures_in_the_players_guide_are_what_the_game_draws():
    fresh = pictures()
    text = DOC.read_text(encoding="utf-8")
    if os.environ.get("FAMIGLIA_UPDATE_DOCS"):
        for name, body in fresh.items():
            text = re.sub(rf"(<!-- picture: {name} -->\n```\n).*?(\n```)",
                          lambda m, body=body: m.group(1) + body + m.group(2), text, flags=re.S)
        DOC.write_text(text, encoding="utf-8")
    assert _blocks(text) == fresh
    assert "Pass the keyboard to Ben" in fresh["handoff"] and "Your hand" not in fresh["handoff"]
    assert "Your hand" in fresh["table"]
