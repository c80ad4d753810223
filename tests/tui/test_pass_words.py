"""A pass is said with where it leaves the game before it is final: in the question after it, or, with no question
(`confirm` off), on the key line; in English, Italian and German, scored by the engine with the tie-break.

Two passes in a row end the game (R8.5, R10.2), so a pass that does not end it leaves the opponent a pass that
does; how the game would then end (R11, R11.2) is said from the player's own view: with the memory aid, which
shows the opponent's hand (R12.3), and never from a hand the screen hides (R12.2). Through the session's verbs
and the screen's composition, as the keys would.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.cells import cell_len

from famiglia.engine import Game, Pass
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.tui.model import playing
from famiglia.tui.model.commands import key_line
from famiglia.tui.model.overlays import ending_question
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose_parts
from tests.drivers.session import resumed

STREET = ["F2", "A3", "B2", "M3", "F1", "A2"]  # nothing on it that either hand below can take but with a pass
BEHIND = {"hand0": ["F0", "A0"], "hand1": ["F4", "F3"]}  # Anna 1, Ben 25 (R11.1)
AHEAD = {"hand0": ["F4", "F3"], "hand1": ["F0", "A0"]}
TIE_LOST = {"hand0": ["A2", "B2"], "hand1": ["F2"]}  # 6 each: Ben's F2 (6 VP) beats Anna's best, 3 VP (R11.2)
TIE_WON = {"hand0": ["F2"], "hand1": ["A2", "B2"]}
DRAWN = {"hand0": ["F0", "A0"], "hand1": ["F0", "A0"]}  # 1 each, the same cards: a draw (R11.2's decision)
KEEP = "Enter: end your turn · u or Esc: take it back"


def _passed(game: Callable[..., Game], hands: dict[str, list[str]], *, memory_aid: bool = True,
            passes: int = 0) -> Session:
    """Anna's table after her pass, waiting for her Enter."""
    session = resumed(game(street=STREET, passes=passes, **hands), memory_aid=memory_aid)
    playing.pass_turn(session)
    assert session.ending == Pass() and session.screen is Screen.TABLE
    return session


# -- the question after a pass ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("hands", "then"), [
    (BEHIND, "the game ends and you lose 25–1"),
    (AHEAD, "the game ends and you win 25–1"),
    (TIE_LOST, "the game ends and you lose 6–6 on the tie-break"),
    (TIE_WON, "the game ends and you win 6–6 on the tie-break"),
    (DRAWN, "the game ends in a draw at 1 each"),
])
def test_r8_5_the_question_after_a_pass_says_how_the_opponents_pass_would_end_the_game(
        game: Callable[..., Game], hands: dict[str, list[str]], then: str) -> None:
    session = _passed(game, hands)
    assert ending_question(session) == f"You pass: you take nothing — if Ben passes too, {then}. {KEEP}"
    playing.undo(session)  # taken back: nothing was decided, and the game goes on as before
    assert session.ending is None and session.game is not None and not session.game.is_over


def test_r12_2_without_the_memory_aid_the_question_says_the_end_but_not_the_score(
        game: Callable[..., Game]) -> None:
    """The score would tell Ben's hand, which Anna's screen hides; that his pass ends the game is public (R8.5)."""
    for hands in (BEHIND, AHEAD, TIE_LOST):
        question = ending_question(_passed(game, hands, memory_aid=False))
        assert question == f"You pass: you take nothing — if Ben passes too, the game ends. {KEEP}"


def test_r8_5_a_pass_that_ends_the_game_says_how_before_it_is_confirmed(game: Callable[..., Game]) -> None:
    """Ben passed last: Anna's pass ends the game (R10.2), and the question says the end before her Enter."""
    session = _passed(game, BEHIND, passes=1)
    assert ending_question(session) == ("You pass: the game ends and you lose 25–1. Enter: end the game · u or "
                                        "Esc: take it back")
    hidden = _passed(game, BEHIND, passes=1, memory_aid=False)  # the end is still hers to take back (R12.2)
    assert ending_question(hidden) == "You pass: the game ends. Enter: end the game · u or Esc: take it back"


# -- the key line, where no question follows a pass ----------------------------------------------------------------


def _keys(game: Callable[..., Game], hands: dict[str, list[str]], *, memory_aid: bool = True,
          confirm: bool = False, passes: int = 0) -> str:
    return key_line(resumed(game(street=STREET, passes=passes, **hands), memory_aid=memory_aid, confirm=confirm))


@pytest.mark.parametrize(("hands", "warning"), [
    (BEHIND, "p: pass — if they pass too, you lose 25–1"),
    (TIE_LOST, "p: pass — if they pass too, you lose 6–6 on the tie-break"),
    (DRAWN, "p: pass — if they pass too, it is a draw at 1 each"),
])
def test_r8_5_without_the_question_the_key_line_says_a_pass_that_loses_or_draws_first(
        game: Callable[..., Game], hands: dict[str, list[str]], warning: str) -> None:
    line = _keys(game, hands)
    assert line.startswith(warning + " · ") and line.endswith("?: help")
    assert "· p: pass ·" not in line  # said once, in place of the pass key's plain words
    session = resumed(game(street=STREET, **hands), memory_aid=True, confirm=False)
    playing.pass_turn(session)  # and the pass is made at once, as the line said
    assert session.ending is None and session.screen is Screen.HANDOFF


def test_r8_5_the_key_line_says_a_pass_that_ends_the_game_in_a_loss(game: Callable[..., Game]) -> None:
    assert _keys(game, BEHIND, passes=1).startswith("p: pass — the game ends and you lose 25–1 · ")
    assert _keys(game, TIE_LOST, passes=1).startswith("p: pass — the game ends and you lose 6–6 on the tie-break · ")


def test_the_key_line_is_as_ever_where_nothing_is_to_be_said_first(game: Callable[..., Game]) -> None:
    """A pass that would win warns of nothing; with the question on, the question says it; without the memory
    aid the screen cannot tell the score (R12.2)."""
    plain = "1-9 ↑↓ Enter: choose · p: pass · h: hint · Tab: type · u: undo · ?: help"
    assert _keys(game, AHEAD) == _keys(game, TIE_WON) == _keys(game, AHEAD, passes=1) == plain
    assert _keys(game, BEHIND, confirm=True) == _keys(game, BEHIND, memory_aid=False) == plain
    assert _keys(game, BEHIND, memory_aid=False, passes=1) == plain


# -- in each language ------------------------------------------------------------------------------------------------

SAID = {
    "it": ("Passi: non prendi nulla — se passa anche Ben, la partita finisce e perdi 25–1",
           "Passi: non prendi nulla — se passa anche Ben, la partita finisce e perdi 6–6 allo spareggio",
           "Passi: non prendi nulla — se passa anche Ben, la partita finisce in pareggio a 1 ciascuno",
           "Passi: la partita finisce e perdi 25–1",
           "p Invio: passa — se passa anche l’altro, perdi 25–1",
           "p Invio: passa — se passa anche l’altro, perdi 6–6 allo spareggio",
           "p Invio: passa — la partita finisce e perdi 25–1"),
    "de": ("Du passt: du nimmst nichts – wenn Ben auch passt, endet die Partie und du verlierst 1:25",
           "Du passt: du nimmst nichts – wenn Ben auch passt, endet die Partie und du verlierst 6:6 nach der "
           "Gleichstandsregel",
           "Du passt: du nimmst nichts – wenn Ben auch passt, endet die Partie unentschieden mit je 1",
           "Du passt: die Partie endet und du verlierst 1:25",
           "p: passen – passt der Gegner, verlierst du 1:25",
           "p: passen – passt der Gegner, verlierst du bei Gleichstand 6:6",
           "p: passen – die Partie endet und du verlierst 1:25"),
}


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_words_of_a_pass_are_said_in_the_language(game: Callable[..., Game], language: str) -> None:
    lost, tie_lost, drawn, ended, warning, tie_warning, ending_warning = SAID[language]
    with speaking(catalogue_for(language)):
        assert ending_question(_passed(game, BEHIND)).startswith(lost + ". ")
        assert ending_question(_passed(game, TIE_LOST)).startswith(tie_lost + ". ")
        assert ending_question(_passed(game, DRAWN)).startswith(drawn + ". ")
        assert ending_question(_passed(game, BEHIND, passes=1)).startswith(ended + ". ")
        assert _keys(game, BEHIND).startswith(warning + " · ")
        assert _keys(game, TIE_LOST).startswith(tie_warning + " · ")
        assert _keys(game, BEHIND, passes=1).startswith(ending_warning + " · ")
        assert _keys(game, AHEAD).startswith(_("1-9 ↑↓ Enter: choose"))


# A tie at 30 that Ben's F4 (15 VP) breaks against Anna's best card, 10 VP: the longest warning there is.
LONG_TIE = {"hand0": ["A4", "B4", "M4"], "hand1": ["F4", "F3", "B2", "A1", "A1"]}


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_the_warning_keeps_its_place_on_an_80_column_key_line(game: Callable[..., Game], language: str) -> None:
    """The later keys give way to it, and it stays whole on the one row of the key line, with `?` beside it."""
    with speaking(catalogue_for(language)):
        session = resumed(game(street=STREET, **LONG_TIE), memory_aid=True, confirm=False)
        warning = key_line(session).split(" · ")[0]
        rows, parts = compose_parts(session, 80, 24)
        assert len(parts["message"]) == 1
        row = rows[parts["message"].start].rstrip()
        assert row == f"{warning} · {_('?: help')}" and cell_len(row) <= 80
        assert "30" in warning
