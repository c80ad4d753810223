"""The table at 80×24 in a real terminal: what the last turn changed is marked on it, and its shape holds.

The tmux driver as in `test_tmux`. A copy of the game is played in the engine alongside, so the test
knows the legal actions and types them as a player would (issue: the screen rebuilt, items 3 and 5).
"""

from __future__ import annotations

import random
import re

from famiglia.engine import Action, Game, Pass, PlayBrute, Refresh, Take
from famiglia.tui.view.theme import card_text
from tests.drivers.tmux import Tmux, start

NAMES = ("Anna", "Ben")


def _act(tmux: Tmux, action: Action) -> str:
    """Type `action` and Enter; the screen it leads to (the handoff after a take or pass, with Enter pressed)."""
    before = tmux.screen()
    tmux.type(str(action))
    tmux.keys("Enter")
    screen = tmux.settled(before)
    if "Pass the keyboard to" in screen:
        tmux.enter_at_handoff()
        screen = tmux.settled(screen)
    return screen


def _row_of(screen: str, name: str) -> str:
    return next(row for row in screen.splitlines() if row.startswith(name) and "cards in hand" in row)


def test_the_card_taken_and_the_card_the_brute_reduced_are_marked_for_the_next_player(tmux: Tmux) -> None:
    """Seed 16: each player plays a Brute when they can and takes another card than the one reduced."""
    game = Game.new(seed=16, names=NAMES, first=0)
    start(tmux, "--seed", "16", "--names", *NAMES, "--first", "1", "--no-confirm", width=80, height=24)
    tmux.wait_for("Pass the keyboard to Anna")
    screen = tmux.enter_at_handoff()
    seen_reduced = False
    for _ in range(16):  # turns
        mover = game.to_move
        brute = next((a for a in game.legal_actions() if isinstance(a, PlayBrute)), None)
        if brute is not None:
            _act(tmux, brute)
            game.apply(brute)
        takes = [a for a in game.legal_actions() if isinstance(a, Take)]
        take = next((a for a in takes if brute is None or a.card != brute.target), takes[0] if takes else Pass())
        screen = _act(tmux, take)
        game.apply(take)
        name = NAMES[mover]
        assert f"Your turn, {NAMES[game.to_move]}" in screen
        if isinstance(take, Take):  # into the taker's hand, face up: marked on their row (R8.4, R12.3)
            assert f"took {card_text(take.card).plain}" in _row_of(screen, name), screen
        else:
            assert "took" not in _row_of(screen, name)
        assert "took" not in _row_of(screen, NAMES[game.to_move])
        reduced = re.findall(r"╔[^╗]+╗", screen)
        if brute is not None and isinstance(take, Take) and take.card != brute.target:
            assert len(reduced) == 1 and f"−{brute.amount}" in reduced[0], screen
            assert brute.target.name in reduced[0]
            seen_reduced = True
        else:
            assert not reduced, screen
        assert all(len(row) <= 80 for row in screen.splitlines())
        if seen_reduced:
            break
    assert seen_reduced
    tmux.quit_game()


def _places(screen: str) -> tuple[int, int]:
    rows = screen.splitlines()
    street = next(i for i, row in enumerate(rows) if row.startswith("The Street"))
    hand = next(i for i, row in enumerate(rows) if row.startswith("Your hand"))
    return street, hand


def test_at_80x24_the_table_keeps_its_drawing_and_its_rows_as_the_street_grows(tmux: Tmux) -> None:
    """With the memory aid, the highest card refreshed whenever it may be: the Street grows long (seed 4: 18
    cards within 16 actions), the table does not move."""
    rng = random.Random(4)
    game = Game.new(seed=4, names=NAMES, first=0)
    start(tmux, "--seed", "4", "--names", *NAMES, "--first", "1", "--no-confirm", "--memory-aid",
          width=80, height=24)
    tmux.wait_for("Pass the keyboard to Anna")
    screens = [tmux.enter_at_handoff()]
    longest = 0
    for _ in range(40):  # actions
        if game.is_over:
            break
        actions = game.legal_actions()
        refreshes = [a for a in actions if isinstance(a, Refresh)]
        others = [a for a in actions if not isinstance(a, Pass | Refresh)]
        action = max(refreshes, key=lambda r: r.card.value) if refreshes else rng.choice(others or actions)
        screens.append(_act(tmux, action))
        game.apply(action)
        longest = max(longest, len(game.view(None).street))
        if longest >= 18 and len(screens) > 24:
            break
    assert longest >= 18
    table = [s for s in screens if "Your hand" in s and "Game over" not in s]
    assert len({_places(s) for s in table}) == 1, [_places(s) for s in table]
    for screen in table:
        rows = screen.splitlines()
        street, hand = _places(screen)
        for block in (rows[street + 1:street + 3], rows[hand + 1:hand + 3]):  # compact cards, never text
            if block[0].startswith("Empty"):
                continue
            assert block[0].startswith(("╭", "┏", "╔")) and block[1].startswith(("╰", "┗", "╚")), screen
        assert all(len(row) <= 80 for row in rows)
    tmux.quit_game()
