"""The command the end screen and the help offer to deal a finished game again deals that very game: the same seed,
the same start player, and the same opponent (`--vs cpu:LEVEL` for a game against the computer)."""

from __future__ import annotations

import shlex

import pytest

from famiglia.cli import build_parser
from famiglia.engine import Game
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose
from famiglia.tui.view.overlays import HelpPage, help_keys
from tests.drivers.terminal import render_text

SEED = 3


def _finished(seats: tuple[str, str], *, other_start: bool) -> tuple[Session, Game]:
    drawn = int(Game.new(seed=SEED).to_dict()["start_player"])
    first = 1 - drawn if other_start else None
    game = Game.new(seed=SEED, names=("Anna", "Ben"), first=first)
    dealt = game.to_dict()
    game.apply("pass")
    game.apply("pass")  # two passes in a row end the game (R8.5)
    session = Session.resume(game, seats=seats, handoff_guard=0)
    assert session.screen is Screen.END
    return session, Game.from_dict(dealt, seed=SEED)


def _offered(screen: str) -> str:
    command = screen.split("Seed 3: ", 1)[1].split(" deals this game again.", 1)[0]
    return " ".join(command.split())


@pytest.mark.parametrize("seats", [(HUMAN, "cpu:hard"), (HUMAN, "cpu:easy"), (HUMAN, HUMAN)])
@pytest.mark.parametrize("other_start", [False, True])
def test_the_offered_command_deals_the_same_game_against_the_same_opponent(seats: tuple[str, str],
                                                                          other_start: bool) -> None:
    session, dealt = _finished(seats, other_start=other_start)
    command = _offered(compose(session, 120, 40, plain=True))
    words = shlex.split(command)
    assert words[:2] == ["famiglia", "play"]
    args = build_parser().parse_args(words[1:])
    assert args.vs == (seats[1] if seats[1] != HUMAN else None)
    assert args.seed == SEED and (args.first is not None) == other_start
    again = Game.new(seed=args.seed, names=("Anna", "Ben"), first=None if args.first is None else args.first - 1)
    assert again.to_dict() == dealt.to_dict()
    help_page = "\n".join(render_text(part, 120) for part in HelpPage(help_keys(session), SEED, session.table.again())
                          .lines(120))
    assert f"This game: seed 3 — {command} deals it again." in " ".join(help_page.split())


def test_the_command_is_offered_in_each_language() -> None:
    session, _dealt = _finished((HUMAN, "cpu:normal"), other_start=False)
    with speaking(catalogue_for("it")):
        assert "Seed 3: famiglia play --seed 3 --vs cpu:normal ridistribuisce questa partita." in compose(
            session, 120, 40, plain=True)
    with speaking(catalogue_for("de")):
        assert "Seed 3: famiglia play --seed 3 --vs cpu:normal teilt diese Partie erneut aus." in compose(
            session, 120, 40, plain=True)
