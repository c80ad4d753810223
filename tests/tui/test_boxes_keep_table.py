"""A box laid over the table leaves the table in sight (issue 43, "Lessons cover what they explain").

At 80x24 the opponent's last turn opened with `l` ("What Computer (easy) did") was laid over the top rows:
the step bar, the opponent's row and the Street were gone while it was open. Now, at 80x24 and 100x30 in
every language, the lines at the top, both players' rows with their play areas and scores, the Street and
the hand are drawn as the table has them while it is open; where its actions are more than the rows left
free, the latest stay and the earlier are counted.
"""

from __future__ import annotations

import pytest

from famiglia.engine import Pass, Take
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.tui.model.session import Overlay
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.boxes import TABLE_PARTS
from famiglia.tui.view.compose import compose_parts
from tests.drivers.app import Player, redrawn, sitting
from tests.drivers.computer import Scripted, against

pytestmark = pytest.mark.slow

SIZES = [(80, 24), (100, 30)]
LANGUAGES = ["en", "it", "de"]


def _covered_table_rows(screen: str, table: list[str], parts: dict[str, range]) -> list[tuple[str, int]]:
    """The rows of the table's parts with something on them that the screen does not show as the table has them."""
    drawn = [row.rstrip() for row in screen.split("\n")]
    return [(name, r) for name in TABLE_PARTS for r in parts.get(name, range(0))
            if table[r].strip() and (r >= len(drawn) or drawn[r] != table[r].rstrip())]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_the_last_turn_opened_over_the_table_leaves_the_table_in_sight(columns: int, rows: int,
                                                                      language: str) -> None:
    with speaking(catalogue_for(language)):
        session = against(seed=5, first=0)
        computer = Computer(session, make_player=lambda level, seed: Scripted(), pace=0)
        seen: list[str] = []

        async def script(p: Player) -> None:
            for _turn in range(8):  # until the computer's turn is too long to stand on the table: l lays it on top
                await p.until(lambda: not p.session.computer_to_move)
                await redrawn(p)
                if p.session.last_turn() and p.session.drawing.summary_crowded:
                    break
                take = next((a for a in p.game.legal_actions() if isinstance(a, Take)), Pass())
                await p.keys(str(take) + "\r")
                if p.session.ending is not None:
                    await p.keys("\r")
            assert p.session.drawing.summary_crowded
            await p.keys("l")
            assert p.session.overlay is Overlay.LAST_TURN
            await redrawn(p)
            seen.append(p.screen())
            table, parts = compose_parts(p.session, columns, rows - 1)
            assert _covered_table_rows(seen[-1], table, parts) == [], seen[-1]

        sitting(session, script, computer=computer, columns=columns, rows=rows)
        title = _("What {name} did").format(name=session.names[1])
    assert title in seen[0]
