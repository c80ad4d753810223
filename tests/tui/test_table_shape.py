"""The table keeps its shape at 80x24 (issue: the screen rebuilt, item 5): warnings have a row of their own.

Seeded games are played to their end at 80x24, with and without the memory aid; at every moment the
row under the status line holds the warnings (or nothing), so a warning never pushes the table down.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from famiglia.engine import Pass
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import TableCache, compose

WIDTH, HEIGHT = 80, 24
WARNING_ROW = 2  # under whose turn it is and the status line


def moments(seed: int, *, memory_aid: bool) -> Iterator[tuple[Session, list[str]]]:
    """A seeded game to its end (passes rare, so the game runs long), the screen at each moment of it."""
    session = Session(names=("Anna", "Ben"), seed=seed, first=0, handoff_guard=0, memory_aid=memory_aid)
    rng = random.Random(seed)
    cache = TableCache()
    for _ in range(2000):
        game = session.game
        if game is None or game.is_over or session.screen not in (Screen.HANDOFF, Screen.TABLE):
            return
        if session.screen is Screen.HANDOFF:
            session.drawn()
            session.reveal()
            continue
        yield session, compose(session, WIDTH, HEIGHT - 1, plain=True, cache=cache).splitlines()
        actions = game.legal_actions()
        playing = [a for a in actions if not isinstance(a, Pass)]
        session.play(rng.choice(playing if playing and rng.random() > 0.03 else actions))
        if session.ending is not None:
            session.end_turn()


@pytest.mark.parametrize("memory_aid", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_warnings_stand_in_their_own_row_and_never_push_the_table_down(seed: int, memory_aid: bool) -> None:
    warned = 0
    for session, rows in moments(seed, memory_aid=memory_aid):
        assert max(len(row) for row in rows) <= WIDTH
        assert rows[WARNING_ROW] == "" or rows[WARNING_ROW].startswith("! ")
        assert not any(row.startswith("! ") for i, row in enumerate(rows) if i != WARNING_ROW)
        view = session.view()
        assert view is not None
        opponent_rows = next(i for i, row in enumerate(rows) if row.startswith("The Street")) - WARNING_ROW - 1
        assert 1 <= opponent_rows <= 4  # only the opponent's row (and tracked hand) stands between them
        warned += rows[WARNING_ROW].startswith("! ")
    assert warned  # the game came near its end: the draw stack ran low, a pass, the final round


def test_with_the_memory_aid_the_own_live_total_stands_in_the_hands_title() -> None:
    for session, rows in moments(4, memory_aid=True):
        view = session.view()
        assert view is not None and view.seat is not None
        title = next(row for row in rows if row.startswith("Your hand"))
        total = sum(c.points for c in view.hand) + sum(c.points for c in view.play_areas[view.seat])
        assert title.endswith(f"live total {total} VP")
