"""The table in Italian and German: every row fits the screen, the step bar keeps its four steps whole, the key
line stays on one row with `?` on it, and the end screen says why the game ended and how a tie broke in the
language, as the engine decided it.

Through the session and the screen's composition (`compose_parts`), at 80×24 and 100×30, along seeded games.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from rich.cells import cell_len

from famiglia.engine import CARDS, Game, Pass, Refresh, Step, Take
from famiglia.engine.scoring import score
from famiglia.engine.table import EndReason
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.phrasebook.table import end_reason, step_name, tiebreak
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose_parts
from famiglia.tui.view.status import STEP_SEPARATOR
from tests.drivers.session import moments, new_session, reveal

SIZES = ((80, 24), (100, 30))


@pytest.mark.parametrize("language", ["it", "de"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_table_fits_in_each_language(language: str, width: int, height: int) -> None:
    with speaking(catalogue_for(language)):
        steps = [step_name(step) for step in Step]
        help_key = _("?: help")
        assert help_key != "?: help"  # the language is spoken: the test reads its words, not the English
        session = new_session(seed=11 + width)
        seen_keys = 0
        for seen, _session in enumerate(moments(session, random.Random(width), limit=200)):
            if session.screen is not Screen.TABLE or seen % 3:
                continue
            rows, parts = compose_parts(session, width, height)
            assert all(cell_len(row) <= width for row in rows), "\n".join(rows)
            bar = rows[parts["status"].start]
            assert all(step in bar for step in steps), bar  # R4.1: the four steps, none cut
            if session.message is None and session.activity is None and session.standing is None:
                key_line = rows[parts["message"].start]
                assert key_line.rstrip().endswith(help_key), key_line
                assert len(parts["message"]) == 1, rows[parts["message"].start:parts["message"].stop]
                seen_keys += 1
        assert seen_keys > 5


def _holdings(rng: random.Random) -> list[int]:
    return [rng.choice((0, 0, 0, 1, 1, 2)) for _card in CARDS]


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_the_tie_break_is_said_as_the_engine_broke_it(language: str) -> None:
    """R11.2: the end screen says the engine's tie-break again in the language; in English word for word."""
    rng = random.Random(7)
    names = ("Anna", "Ben")
    ties = 0
    while ties < 40:
        holdings = (_holdings(rng), _holdings(rng))
        result = score(holdings, EndReason.PASSES, names)
        if result.scores[0] != result.scores[1]:
            continue
        ties += 1
        assert result.tiebreak is not None
        with speaking(catalogue_for(language)):
            said = tiebreak(result.tiebreak)
        if language == "en":
            assert said == result.tiebreak
        else:
            assert said != result.tiebreak and str(result.scores[0]) in said
            if result.winner is not None:
                assert names[result.winner] in said


@pytest.mark.parametrize("language", ["it", "de"])
def test_why_the_game_ended_is_said_in_the_language(language: str) -> None:
    with speaking(catalogue_for(language)):
        said = {end_reason(reason) for reason in EndReason}
    assert len(said) == len(EndReason) and not said & {str(reason) for reason in EndReason}  # R10.2


def _computer_refreshing() -> Game:
    """Computer (easy) to move, two refreshes made and a third allowed: a step bar with its note."""
    for seed in range(200):
        game = Game.new(seed=seed, names=("Anna", "Computer (easy)"))
        game.apply(next((a for a in game.legal_actions() if isinstance(a, Take)), Pass()))
        for _refresh in range(2):
            refreshes = [a for a in game.legal_actions() if isinstance(a, Refresh)]
            if refreshes:
                game.apply(refreshes[0])
        if game.view(1).refreshes == 2 and any(isinstance(a, Refresh) for a in game.legal_actions()):
            return game
    raise AssertionError("no such seed")


@pytest.mark.parametrize("language", ["en", "it", "de"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_step_bar_is_shortened_by_meaning_never_cut(language: str, width: int, height: int) -> None:
    """At 80 columns the top row read "Computer (e…'s turn ▶Refresh, …": the name lost its level and the bar its
    steps. Now what the row cannot hold gives way whole: the level in brackets (the computer's row says it),
    then the note after the steps, and the four steps stay whole (R4.1)."""
    with speaking(catalogue_for(language)):
        session = Session.resume(_computer_refreshing(), seats=(HUMAN, "cpu:easy"), handoff_guard=0)
        rows, parts = compose_parts(session, width, height)
        top = rows[parts["status"].start]
        assert not re.search(f"…(?!{STEP_SEPARATOR})", top), top  # only the steps past may stand as a `…`
        assert "Computer" in top and all(step_name(step) in top for step in Step), top


@pytest.mark.parametrize("language", ["en", "it", "de"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_long_play_area_gives_way_by_whole_cards(language: str, width: int, height: int,
                                                   game: Callable[..., Game]) -> None:
    """In a long game the opponent's play area was cut within a card and its count ("A1♦×2 B0♣ B1♣×…"): the count
    is public (R12.1) and was lost. Now whole cards give way to the `…`."""
    area = [f"{f}{v}" for f in "FABM" for v in (0, 1, 1, 2, 3)]
    g = game(hand0=["F0", "A0", "B0", "M0"], hand1=["F0", "A0"], area0=["F1"], area1=area,
             street=["F4", "B3", "M4", "A3", "F2", "B2"])
    with speaking(catalogue_for(language)):
        session = Session.resume(g, handoff_guard=0)
        reveal(session)
        rows, parts = compose_parts(session, width, height)
    assert "opponent" in parts, "\n".join(rows)
    shown = " ".join(rows[r] for r in parts["opponent"])
    pieces = re.findall(r"[FABM][0-4][♥♦♣♠]\S*", shown)
    assert pieces and all(re.fullmatch(r"[FABM][0-4][♥♦♣♠](×\d+)?", piece) for piece in pieces), shown
