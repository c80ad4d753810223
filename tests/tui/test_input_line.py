"""The input line and the message line stay whole whatever is typed or pasted.

The application runs on prompt_toolkit's pipe input with an output of a fixed size (`tests.drivers.app`);
the assertions read the grid of characters the renderer last put on the screen (no escape bytes), row by
row, as a player would read them.
"""

from __future__ import annotations

from collections.abc import Callable

from famiglia.engine import Game
from famiglia.tui.model.session import Session
from famiglia.tui.shell.layout import LINE_LIMIT
from famiglia.tui.view.compose import prompt_fitted, prompt_text
from tests.drivers.app import Player, new_session, play, sit_down
from tests.drivers.terminal import CTRL_C, CTRL_U, HOME

QUIT = CTRL_C + "y"


def test_the_prompt_stays_when_the_line_is_longer_than_the_terminal() -> None:
    async def script(k: Player) -> None:
        await sit_down(k)
        await k.keys("x" * 100)
        await k.until(lambda: k.line == "x" * 100)
        last = k.rows()[-1]
        assert last.startswith("Ben > x") and last.endswith("x") and len(last) <= 80  # the text scrolls
        await k.keys("\r")
        assert k.line == "x" * 100  # refused, and left on the line to correct
        await k.keys(CTRL_U)
        assert k.rows()[-1] == "Ben >"  # the prompt is whole again, the cursor right after it
        await k.keys("take")
        assert k.rows()[-1] == "Ben > take"
        await k.keys(QUIT)

    assert play(new_session(seed=11), script) == 0


def test_the_line_takes_at_most_its_limit_typed_or_pasted_and_says_it_is_full() -> None:
    # 60 kB of letters typed into the line once cost a server 1.5 GB: a copy of the line per key.
    async def script(k: Player) -> None:
        await sit_down(k)
        await k.keys("a" * (LINE_LIMIT + 300))
        await k.until(lambda: k.line == "a" * LINE_LIMIT)
        assert "The line is full" in k.screen()
        await k.keys(CTRL_U)
        assert k.line == ""
        await k.keys("\x1b[200~" + "b" * 5000 + "\x1b[201~")  # a bracketed paste
        await k.until(lambda: k.line == "b" * LINE_LIMIT)
        assert "The line is full" in k.screen()
        await k.keys(QUIT)

    assert play(new_session(seed=11), script) == 0


def test_a_pasted_line_of_thousands_of_characters_keeps_the_refusal_readable() -> None:
    pasted = "take " + "9" * 5000

    async def script(k: Player) -> None:
        await sit_down(k)
        await k.keys(pasted)
        await k.until(lambda: k.line == pasted[:LINE_LIMIT])  # the line takes no more
        await k.keys("\r")
        # the paste's last keys may still be answered "the line is full": wait for the Enter's own answer
        await k.until(lambda: k.session.message is not None and "take 999" in k.session.message.text)
        rows = k.rows()
        assert rows[-1].startswith("Ben > ")
        message = " ".join(rows[-4:-1])
        assert "…" in message and "'take 999" in message  # the quotation is shortened in its middle
        assert "not a card" in message or "not an action" in message  # and the reason is there, whole
        assert all(len(r) <= 80 for r in rows)
        await k.keys(HOME)
        assert k.rows()[-1].startswith("Ben > take 999")
        await k.keys(QUIT)

    assert play(new_session(seed=11), script) == 0


def test_the_breadcrumb_prompt_stays_while_a_long_line_is_typed() -> None:
    async def script(k: Player) -> None:
        await sit_down(k)
        menu = k.session.menu()
        assert menu is not None
        group = next((c for c in menu.choices if c.action is None), None)
        if group is not None:
            await k.keys(str(group.number))
        prompt = " \u203a ".join(["Ben", *k.session.path]) + " >"  # the breadcrumb of the choices made
        await k.keys("w" * 120)
        assert k.rows()[-1].startswith(prompt + " w")
        await k.keys(CTRL_U)
        assert k.rows()[-1] == prompt
        await k.keys(QUIT)

    assert play(new_session(seed=11), script, columns=100, rows=30) == 0


def test_the_names_question_keeps_its_prompt_and_says_why_a_long_name_is_refused() -> None:
    async def script(k: Player) -> None:
        await k.keys("Anna\r")
        await k.keys("z" * 90)
        assert k.rows()[-1].startswith("Player 2's name [Player 2]: z")
        await k.keys("\r")
        rows = k.rows()
        assert "at most 20 characters" in "\n".join(rows[-4:-1])
        await k.keys(CTRL_U)
        assert k.rows()[-1] == "Player 2's name [Player 2]:"
        await k.keys(QUIT)

    assert play(Session(seed=11, handoff_guard=0), script) == 0


def test_a_refusal_starts_with_a_capital_on_the_message_line() -> None:
    async def script(k: Player) -> None:
        await sit_down(k)
        await k.keys("take B4\r")  # the engine's reason starts in lower case
        message = k.session.message
        assert message is not None and message.style == "error"
        shown = k.rows()[-2]  # a one-row message, just above the input line
        assert shown == message.text[0].upper() + message.text[1:]
        assert message.text[0].islower() and shown[0].isupper()
        await k.keys(QUIT)

    assert play(new_session(seed=11), script) == 0


def test_a_long_breadcrumb_takes_at_most_half_the_line(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M1", "B2", "A2"])
    session = Session.resume(Game.from_dict(g.to_dict(), names=("Maximiliane Friederi", "Ben")), handoff_guard=0)
    session.drawn()
    session.reveal()
    session.path = ("take F2", "F1 + M2")  # two choices made: the prompt says them all
    full = prompt_text(session)
    assert full.startswith("Maximiliane Friederi") and full.endswith("F1 + M2 > ")
    fitted = prompt_fitted(session, 60)
    assert len(fitted) <= 30 and fitted.startswith("…") and fitted.endswith("F1 + M2 > ")
    assert prompt_fitted(session, 200) == full
