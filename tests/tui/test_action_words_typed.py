"""Every action word of every language typed key by key at the table, as a player types it: no key acts on the
first letter of a word the player may type (Italian `p` begins "prendi" as well as "passa"), the word lands on the
line whole, and Enter plays what was typed; `p` and Enter alone still pass."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from famiglia.engine import Game, Pass, parse_action
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import ACTION_WORDS, in_words
from famiglia.tui.model.session import Screen, Session
from tests.drivers.app import Player, play
from tests.drivers.session import resumed
from tests.drivers.terminal import CTRL_C, ESC

LANGUAGES = ("en", "it", "de")
TAKE = "take F2 pay F1 keep F1"  # legal in `_table`'s position, in every language's words


def _words(language: str) -> list[str]:
    """Every word a player of `language` may type for an action: their language's, and the notation's English."""
    notation = ["refresh", "accountant", "swap", "brute", "take", "pay", "keep", "pass"]
    return sorted({*notation, *ACTION_WORDS.get(language, {}).values()})


def _table(game: Callable[..., Game], *, confirm: bool) -> Session:
    return resumed(game(hand0=["F1", "F1", "A0", "B0"], street=["F2", "B1", "A1", "M0"]), confirm=confirm)


async def _untouched(p: Player, typed: str, before: int) -> None:
    assert p.line == typed, (typed, p.line)
    assert p.session.screen is Screen.TABLE and p.session.overlay is None and p.session.ending is None, typed
    assert len(p.session.history) == before, typed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("confirm", [True, False])
def test_every_action_word_typed_key_by_key_lands_on_the_line_and_nothing_acts(
        game: Callable[..., Game], language: str, confirm: bool) -> None:
    session = _table(game, confirm=confirm)
    passes = {"pass", ACTION_WORDS.get(language, {}).get("pass", "pass")}

    following = {"pay", "keep", *(ACTION_WORDS.get(language, {}).get(w, w) for w in ("pay", "keep"))}

    async def script(p: Player) -> None:
        before = len(p.session.history)
        for word in _words(language):
            if word in passes and language != "it":
                continue  # `p` passes at once where no other word begins with it: the pass words' own test
            start = in_words("take F2") + " " if word in following else ""  # pay and keep follow a take
            if start:
                await p.keys(start)
            for n in range(1, len(word) + 1):
                await p.keys(word[n - 1])
                await _untouched(p, start + word[:n], before)
            await p.keys(ESC)
            await p.until(lambda: p.line == "")
        await p.keys(CTRL_C + "y")

    with speaking(catalogue_for(language)):
        assert play(session, script) == 0


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("confirm", [True, False])
def test_a_take_with_pay_and_keep_typed_in_the_players_words_is_played(game: Callable[..., Game], language: str,
                                                                        confirm: bool) -> None:
    session = _table(game, confirm=confirm)
    with speaking(catalogue_for(language)):
        typed = in_words(TAKE)

        async def script(p: Player) -> None:
            for n, key in enumerate(typed, 1):
                await p.keys(key)
                await _untouched(p, typed[:n], 0)
            await p.keys("\r")
            await p.until(lambda: len(p.session.history) == 1, what="the take")
            assert p.session.history[0] == parse_action(TAKE)
            await p.keys(CTRL_C + "y")

        assert play(session, script) == 0


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("how", ["the word", "the key", "the key in capitals"])
def test_a_pass_typed_out_or_pressed_passes(game: Callable[..., Game], language: str, how: str) -> None:
    """`p` acts at once where only the pass begins with it; in Italian, where "prendi" does too, Enter follows it."""
    session = _table(game, confirm=True)
    with speaking(catalogue_for(language)):
        word = ACTION_WORDS.get(language, {}).get("pass", "pass")
        key = "P" if how == "the key in capitals" and language == "it" else "p"  # a capital P only types
        typed = word + "\r" if how == "the word" else key + ("\r" if language == "it" else "")

        async def script(p: Player) -> None:
            await p.keys(typed)
            await p.until(lambda: p.session.ending == Pass(), what="the pass waiting for its Enter")
            await p.keys(CTRL_C + "y")

        assert play(session, script) == 0
