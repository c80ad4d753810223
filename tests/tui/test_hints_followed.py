"""The hint follows its own plan: after the refresh it advised, the hint is worked out again from the cards drawn.

A hint that advises a refresh can only tell the plan that stays open whatever is drawn (R5.2); a player who
then played that plan was marked by the analysis wherever the cards opened a better one. So once the advised
refresh is played, the session asks for the hint again and shows it as soon as it is ready, with no key: the
player asked for one this turn. A player who asks once a turn and follows every hint the screen shows is
then the coach's own play, and the reviewer (`famiglia analyse`, the same search) marks almost nothing.

No prompt_toolkit: the session's verbs are the keys, and the hint is worked out as the screen's computer
thread works it out (`Computer._work_out_hint`: the advisor of the opponent's level, seeded by the position
alone, its action and words handed to `playing.show_hint`), only at once instead of in a thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from famiglia.ai import Advice, player
from famiglia.ai.analysis import MARKS, analyse
from famiglia.ai.estimate import estimator
from famiglia.engine import Action, Game, Refresh, SeatView
from famiglia.phrasebook.hints import hint_text
from famiglia.profile.seats import HUMAN, level_of
from famiglia.tui.model import playing
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.computer import HINT_LEVEL
from tests.drivers.computer import Scripted

NAMES = ("Anna", "Computer")


@dataclass
class Hints:
    """The hints of a session, worked out at once by `advise` (a view -> the advice), each kept as it was shown."""

    session: Session
    advise: Callable[[SeatView], tuple[Action, str, tuple[Action, ...]]]
    asked: list[SeatView] = field(default_factory=list)
    line: tuple[Action, ...] = ()  # the plan of the hint on show, first action first

    def __call__(self, view: SeatView) -> None:
        self.asked.append(view)
        action, words, line = self.advise(view)
        if playing.show_hint(self.session, view, action, words):
            assert self.session.message is not None and self.session.message.text == hint_text(action, words)
            self.line = line


def scripted(view: SeatView) -> tuple[Action, str, tuple[Action, ...]]:
    """A hint that advises a refresh while none was made this turn, else a take (`Scripted`)."""
    action, words = Scripted().choose_with_reason(view)
    return action, words, (action,)


def against_the_computer(seed: int, level: str) -> Session:
    session = Session(names=NAMES, seed=seed, first=0, seats=(HUMAN, f"cpu:{level}"), handoff_guard=0)
    assert session.screen is Screen.TABLE and session.at_keyboard == 0
    return session


def hint_asked(seed: int) -> tuple[Session, Hints, Game]:
    """A game against easy with the scripted hint asked for on the first turn."""
    session = against_the_computer(seed, "easy")
    hints = session.hints = Hints(session, scripted)
    game = session.game
    assert game is not None
    playing.ask_hint(session)
    return session, hints, game


def test_after_the_refresh_the_hint_advised_it_is_worked_out_again_and_shown_at_once() -> None:
    session, hints, game = hint_asked(3)
    advised = hints.line[0]
    assert isinstance(advised, Refresh) and session.message is not None and "Hint:" in session.message.text
    assert session.play(advised)
    assert len(hints.asked) == 2 and hints.asked[1] == game.view(0, memory=True)  # no key: after the draw
    assert session.message is not None and session.message.text.startswith("Hint:")
    assert not isinstance(hints.line[0], Refresh)  # the scripted hint takes after one refresh


def test_a_refresh_the_hint_did_not_advise_asks_nothing() -> None:
    session, hints, game = hint_asked(3)
    other = next(a for a in game.legal_actions() if isinstance(a, Refresh) and a != hints.line[0])
    assert session.play(other)
    assert len(hints.asked) == 1 and session.message is not None and "refreshed" in session.message.text


def test_no_hint_asked_this_turn_no_hint_after_a_refresh() -> None:
    session = against_the_computer(3, "easy")
    hints = session.hints = Hints(session, scripted)
    game = session.game
    assert game is not None
    refresh = scripted(game.view(0, memory=True))[0]
    assert session.play(refresh)
    assert hints.asked == [] and session.message is not None and "Hint" not in session.message.text


def test_a_hint_for_a_position_that_is_gone_is_not_shown() -> None:
    session = against_the_computer(3, "easy")
    game = session.game
    assert game is not None
    asked = game.view(0, memory=True)
    assert session.play(scripted(asked)[0])
    said = session.message
    action, words, _ = scripted(asked)
    assert not playing.show_hint(session, asked, action, words)
    assert session.message is said and session.turn.advised is None


# -- a player who follows every hint -------------------------------------------------------------------------


def follow_the_hints(seed: int, other: str) -> tuple[dict, int, list[tuple[int, str]], str, int]:
    """A game of Anna, who asks for a hint once a turn and plays the plan the screen shows (the hint worked out
    again after the refresh it advised, as the session now does), against `other`: the computer at its level
    (`cpu:easy`), or a friend at the same keyboard who plays as the easy computer would (`human`). The deal,
    the seed, the moves, the hint's level, and how often Anna had to ask again because a plan on show could not
    be played on."""
    session = Session(names=NAMES, seed=seed, first=0, seats=(HUMAN, other), handoff_guard=0)
    game = session.game
    assert game is not None
    start, seed_of_game = game.to_dict(), game.seed
    level = level_of(other) or HINT_LEVEL  # the screen's advisor: that computer's level, else normal's
    advisor = estimator(level)

    def advise(view: SeatView) -> tuple[Action, str, tuple[Action, ...]]:
        advice: Advice = advisor.advise(view)  # what choose_with_reason gives the screen, and its whole plan
        return advice.action, advice.words, advice.line

    hints = session.hints = Hints(session, advise)
    opponent = player(level_of(other) or "easy", seed_of_game)
    moves: list[tuple[int, str]] = []
    asked_again = 0
    while not game.is_over:
        if session.screen is Screen.HANDOFF:  # at one keyboard: Enter once the handoff is drawn
            session.drawn()
            session.reveal()
            continue
        if session.ending is not None:
            session.end_turn()  # Enter on the question that ends the turn
            continue
        mover = game.to_move
        if mover == 1:
            action = opponent.choose(game.view(mover, memory=True))
        else:
            if not hints.line or hints.line[0] not in game.legal_actions():
                asked_again += bool(moves and moves[-1][0] == 0)  # within a turn: the plan on show ran out
                playing.ask_hint(session)  # h
            action, hints.line = hints.line[0], hints.line[1:]
        assert session.play(action), session.message
        moves.append((mover, str(action)))
    return start, seed_of_game, moves, level, asked_again


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "other"), [(1, "cpu:easy"), (3, HUMAN)])
def test_a_player_who_follows_every_hint_is_almost_never_marked(seed: int, other: str) -> None:
    """Asked once a turn and followed, the hints lead to marks on at most 5% of the decisions and never to a
    mistake or a blunder, at the hint's own level. In the game at normal, a player who went on with the plan
    that stayed open after an advised refresh was marked twice, once a mistake."""
    start, seed_of_game, moves, level, asked_again = follow_the_hints(seed, other)
    analysis = analyse(start, seed_of_game, moves, NAMES, level=level)
    followed = [d for d in analysis.decisions if d.player == 0]
    marked = [d for d in followed if d.mark is not None]
    assert followed and asked_again == 0
    assert len(marked) <= 0.05 * len(followed), [(d.action, d.best, d.mark) for d in marked]
    assert not any(d.mark in (word for word, _ in MARKS[1:]) for d in followed)  # no mistake, no blunder
