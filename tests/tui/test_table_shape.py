"""The table keeps its shape at 80x24 (issue: the screen rebuilt, item 5): warnings have a row of their own.

Seeded games are played to their end at 80x24, with and without the memory aid; at every moment the
row under the status line holds the warnings (or nothing), so a warning never pushes the table down.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from famiglia.engine import Game, Pass, Refresh
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.bridge import Ink
from famiglia.tui.view.compose import GameScreen, compose
from tests.drivers.app import Player, sitting
from tests.positions import position

WIDTH, HEIGHT = 80, 24
WARNING_ROW = 2  # under whose turn it is and the status line


def moments(seed: int, *, memory_aid: bool) -> Iterator[tuple[Session, list[str]]]:
    """A seeded game to its end (passes rare, so the game runs long), the screen at each moment of it."""
    session = Session(names=("Anna", "Ben"), seed=seed, first=0, handoff_guard=0, memory_aid=memory_aid)
    rng = random.Random(seed)
    screen = GameScreen(session, ink=Ink.PLAIN)
    for _ in range(2000):
        game = session.game
        if game is None or game.is_over or session.screen not in (Screen.HANDOFF, Screen.TABLE):
            return
        if session.screen is Screen.HANDOFF:
            session.drawn()
            session.reveal()
            continue
        yield session, compose(session, WIDTH, HEIGHT - 1, plain=True, screen=screen).splitlines()
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


# -- one drawing for the whole game (issue: the screen rebuilt, item 5) ---------------------------------------------

LONG_SEEDS = range(1, 11)  # some 800 moments a mode, among them Streets of twenty cards and more
_TOPS, _BOTTOMS = ("╭", "┏", "╔"), ("╰", "┗", "╚")  # a compact card's frame: light, new, reduced (the last turn)


def _card_block(rows: list[str], start: int) -> list[str]:
    """The rows of cards under the title at `start`, to the next row that is no row of cards."""
    block = []
    for row in rows[start + 1:]:
        if not row.startswith((*_TOPS, *_BOTTOMS)) or row.startswith("╭─ What"):  # the box of the last turn
            break
        block.append(row)
    return block


def _compact(block: list[str]) -> bool:
    """Rows of compact cards: a top edge and a bottom edge each, never the sides of a framed card or text."""
    return (bool(block) and len(block) % 2 == 0 and all(row.startswith(_TOPS) for row in block[0::2])
            and all(row.startswith(_BOTTOMS) for row in block[1::2]) and not any("│" in row for row in block))


@pytest.mark.slow
@pytest.mark.parametrize("memory_aid", [False, True])
def test_at_80x24_one_drawing_holds_for_the_whole_game_whatever_the_street(memory_aid: bool) -> None:
    """Every moment of long seeded games: compact cards, the Street's first row and the hand's title in place."""
    places: set[tuple[int, int]] = set()
    moments_seen = longest = stack_cut = 0
    for seed in LONG_SEEDS:
        for session, rows in moments(seed, memory_aid=memory_aid):
            view = session.view()
            assert view is not None
            moments_seen += 1
            longest = max(longest, len(view.street))
            street = next(i for i, row in enumerate(rows) if row.startswith("The Street"))
            hand = next(i for i, row in enumerate(rows) if row.startswith("Your hand"))
            places.add((street, hand))
            assert len(rows) == HEIGHT - 1 and max(len(row) for row in rows) <= WIDTH
            assert _compact(_card_block(rows, hand)), rows  # the hand is drawn as compact cards ...
            if view.street:
                assert _compact(_card_block(rows, street)), rows  # ... and so is the Street, however long
            assert "Take/pass" in "\n".join(rows) or session.ending is not None  # the choices keep their rows
            stack_cut += any(row.startswith("Draw stack") and row.endswith("…") for row in rows)
    assert len(places) == 1, places
    assert moments_seen > 700 and longest >= 20
    assert stack_cut * 100 <= moments_seen  # the memory aid's draw stack is cut at 1 moment in 100 at most (was 112)


WIDE_HAND = ["F0", "F1", "F1", "F2", "F3", "A0", "A1", "A2", "A3",  # sixteen kinds: no one row holds them
             "B0", "B1", "B2", "B3", "M0", "M1", "M2", "M3"]
FULL_STREET = ["F0", "F0", "F1", "F2", "F3", "F4", "A0", "A1", "A2", "A3", "A4",  # all twenty kinds
               "B0", "B1", "B2", "B3", "B4", "M0", "M1", "M2", "M3", "M4", "M0"]


@pytest.mark.parametrize("memory_aid", [False, True])
def test_at_80x24_a_hand_of_sixteen_kinds_and_a_street_of_every_kind_leave_no_card_unseen(memory_aid: bool) -> None:
    """Within their rows the cards that no drawing holds are named after the drawn ones ('and B3♣ M0♠ …'),
    never only counted ('+7 more'): a player's own card missing from the screen is a card they cannot plan with."""
    game = Game.from_dict(position(hand0=WIDE_HAND, street=FULL_STREET), seed=1)
    session = Session.resume(game, handoff_guard=0, memory_aid=memory_aid)
    session.drawn()
    session.reveal()
    rows = compose(session, WIDTH, HEIGHT - 1, plain=True).splitlines()
    assert len(rows) == HEIGHT - 1 and max(len(row) for row in rows) <= WIDTH
    hand = _card_block(rows, next(i for i, row in enumerate(rows) if row.startswith("Your hand")))
    street = _card_block(rows, next(i for i, row in enumerate(rows) if row.startswith("The Street")))
    assert _compact(hand) and _compact(street), rows
    assert "more" not in "\n".join(hand + street)
    assert all(name in "\n".join(hand) for name in WIDE_HAND), hand
    assert all(name in "\n".join(street) for name in FULL_STREET), street
    assert "F1♥×2" in "\n".join(hand)  # copies are counted by name too


def test_at_80x24_the_memory_aid_names_the_few_cards_a_full_draw_stack_lacks() -> None:
    """At the start the stack holds 46 of the 60 cards: written per family it needs some 94 columns, so the
    line names the cards it does not hold, which are all on the table (R12.3: counts only, never the order)."""
    session, rows = next(moments(5, memory_aid=True))
    line = next(row for row in rows if row.startswith("Draw stack"))
    assert line == "Draw stack  every card but  F0×2♥  A0×2 2♦  B0×2 2♣  M0×3 1 2 4♠", line
    view = session.view()
    assert view is not None and view.draw_stack_counts is not None
    assert sum(view.draw_stack_counts.values()) == 60 - 14  # the two hands of four and the Street of six


def test_through_the_keys_the_street_and_the_hand_stay_in_their_rows_as_the_street_grows() -> None:
    """The application at 80x24 with the memory aid, the highest card refreshed whenever it may be (seed 4:
    eighteen Street cards within sixteen actions): every screen has the Street and the hand in place."""
    session = Session(names=("Anna", "Ben"), seed=4, first=0, handoff_guard=0, confirm=False, memory_aid=True)
    rng = random.Random(4)
    places: list[tuple[int, int]] = []
    longest = 0

    async def script(p: Player) -> None:
        nonlocal longest
        for _ in range(30):
            if p.session.screen is Screen.HANDOFF:
                await p.at_handoff()
                await p.keys("\r")
            rows = p.screen().splitlines()
            street = next(i for i, row in enumerate(rows) if row.startswith("The Street"))
            hand = next(i for i, row in enumerate(rows) if row.startswith("Your hand"))
            places.append((street, hand))
            assert _compact(_card_block(rows, street)) and _compact(_card_block(rows, hand)), rows
            actions = p.game.legal_actions()
            refreshes = [a for a in actions if isinstance(a, Refresh)]
            others = [a for a in actions if not isinstance(a, Pass | Refresh)]
            action = max(refreshes, key=lambda r: r.card.value) if refreshes else rng.choice(others or actions)
            await p.keys(f"{action}\r")
            longest = max(longest, len(p.game.view(None).street))

    sitting(session, script)
    assert longest >= 18 and len(set(places)) == 1, places
