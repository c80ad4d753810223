"""Ctrl-R opens the rules at the rule a refusal quotes, through the application with the keys a person presses.

A refused action that cites a rule (R8.2) says so on the message line, with the key under it; Ctrl-R lays the
rules over the table, in the player's language, scrolled to that rule; the arrows scroll back to the rules
before it, and Ctrl-R, Esc or q close it. Where no refusal quotes a rule, Ctrl-R says why it does nothing.
"""

from __future__ import annotations

import random

import pytest

from famiglia.engine import Game, IllegalAction
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.phrasebook.rulebook import rule, rules_text
from famiglia.tui.model.session import Overlay, Screen
from tests.drivers.app import Player, at_the_table, redrawn
from tests.drivers.session import new_session
from tests.drivers.terminal import CTRL_U, ESC, UP

CTRL_R = "\x12"


def refused_with_a_rule(game: Game) -> tuple[str, str]:
    """A take the rules refuse with a rule id, as a player would type it, and that id."""
    for card in game.view(game.to_move).street:
        try:
            game.copy().apply(f"take {card.card}")
        except IllegalAction as error:
            if error.refusal is not None and error.refusal.rule is not None:
                return f"take {card.card}", error.refusal.rule
    raise AssertionError("no take of the Street is refused with a rule")


def first_words(rule_id: str, language: str) -> str:
    """The first words of the rule `rule_id` in `language`, as the rules' text has them."""
    said = rule(rule_id, rules_text(language))[0]
    return " ".join(said.split()[1:4])


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_ctrl_r_opens_the_rules_at_the_rule_the_refusal_quotes(language: str) -> None:
    with speaking(catalogue_for(language)):
        session = new_session(seed=3)

        async def script(p: Player) -> None:
            typed, rule_id = refused_with_a_rule(p.game)
            await p.keys(typed + "\r")
            message = p.session.message
            assert message is not None and message.style == "error" and message.rule == rule_id
            assert f"({rule_id})" in message.text
            await redrawn(p)
            assert _("Ctrl-R: read {rule}").format(rule=rule_id) in p.screen()  # under the refusal
            await p.keys(CTRL_R)
            await redrawn(p)
            screen = p.screen()
            assert p.session.overlay is Overlay.RULES
            assert _("The rules · {rule}").format(rule=rule_id) in screen
            assert rule_id in screen and first_words(rule_id, language) in " ".join(screen.split())
            top = rules_text(language).splitlines()[0].lstrip("# ").strip()
            assert top not in screen  # opened at the rule, not at the top
            for _row in range(200):
                await p.keys(UP)
            assert top in p.screen()  # the rules before it are there too
            await p.keys(CTRL_R)
            assert p.session.overlay is None and p.session.screen is Screen.TABLE
            await p.keys(CTRL_U + typed + "\r")  # the refused line was kept: cleared first
            await p.keys(CTRL_R)
            assert p.session.overlay is Overlay.RULES
            await p.keys(ESC)
            assert p.session.overlay is None

        at_the_table(session, script, columns=80, rows=24)


def test_ctrl_r_without_a_refusal_says_why_it_does_nothing() -> None:
    session = new_session(seed=3)

    async def script(p: Player) -> None:
        await p.keys(CTRL_R)
        message = p.session.message
        assert p.session.overlay is None
        assert message is not None and "no refusal on the line quotes one" in message.text
        await p.keys("steal F4\r")  # a refusal of the notation cites no rule
        assert p.session.message is not None and p.session.message.rule is None
        await p.keys(CTRL_R)
        assert p.session.overlay is None

    at_the_table(session, script)


@pytest.mark.parametrize("seed", range(3))
def test_seeded_keys_around_the_rules_never_break_the_table(seed: int) -> None:
    """A fuzzer of the new key: refused takes, Ctrl-R, scrolling and closing in any order, at two sizes."""
    rng = random.Random(seed)
    session = new_session(seed=seed + 3)
    keys = [CTRL_R, UP, "\x1b[B", "\x1b[6~", "\x1b[5~", "\x1b[H", "\x1b[F", ESC, "q", "?", "g", "\r"]

    async def script(p: Player) -> None:
        for _step in range(60):
            if p.session.screen is not Screen.TABLE:
                await p.keys("\r")
                continue
            if p.session.overlay is None and rng.random() < 0.3 and not p.session.computer_to_move:
                with_rule = p.game.to_move == p.session.at_keyboard
                if with_rule:
                    try:
                        typed, _rule = refused_with_a_rule(p.game)
                    except AssertionError:
                        typed = "take F4"
                    await p.keys(typed + "\r")
            key = rng.choice(keys)
            if key == "q" and p.session.overlay is None:
                continue  # q asks to quit: not this test's
            await p.keys(key)
            screen = p.screen()
            assert "Traceback" not in screen
            if p.session.overlay is Overlay.RULES:
                assert _("The rules · {rule}").format(rule=p.session.rule_shown) in screen

    at_the_table(session, script, columns=rng.choice((80, 120)), rows=rng.choice((24, 40)))
