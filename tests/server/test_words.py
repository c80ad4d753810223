"""What a player at a server's table reads is true of a table of two people at two screens.

A key pressed out of turn says whose turn it is; one key line shows while the other player moves; leaving
before the first turn's end says the table is kept; the hint's chance says whose play it assumes when the
opponent is a person; the opponent's pass is not said as the computer's; the game's end offers no analysis
it cannot open; and a player's name reads as they wrote it, at the start of a sentence too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.drivers.ssh import Client, run, serving

from .play import seated, until

pytestmark = pytest.mark.slow


def _players(table, anna: Client, ben: Client) -> tuple[Client, Client, str]:
    """The mover's client, the other's, and the mover's name."""
    assert table.game is not None
    seat = table.game.to_move
    clients = (anna, ben)
    return clients[seat], clients[1 - seat], table.game.names[seat]


def test_keys_out_of_turn_say_whose_turn_it_is_and_one_key_line_shows(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            _mover, other, name = _players(table, anna, ben)
            await other.wait_for(f"{name} is playing their turn")
            assert other.text().count("g: game log") == 1  # the turn's part names the keys; no second key line
            for key in ("1", "p", "\t"):
                other.send(key)
                screen = await other.wait_for(f"It is {name}'s turn")
                assert f"> {key.strip()}" not in screen.replace("> \n", "")  # nothing typed into the line
                other.send("\x1b")
            other.send("u")
            await other.wait_for(f"It is {name}'s turn")
            assert "computer" not in other.text()

    run(main())


def test_leaving_before_the_first_turn_ends_says_the_table_is_kept(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            mover, _other, _name = _players(table, anna, ben)
            await mover.wait_for("Your hand")
            mover.send("\x03")
            screen = await mover.wait_for("It is kept: come back to it from the lobby.")
            assert "Nothing is kept" not in screen

    run(main())


def test_the_hint_at_a_table_of_two_says_whose_play_its_chance_assumes(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            mover, _other, _name = _players(table, anna, ben)
            other_name = table.game.names[1 - table.game.to_move]
            mover.send("h")
            screen = await mover.wait_for("Hint:", timeout=60)
            await mover.wait_for("to win", timeout=60)
            screen = mover.text()
            assert f"if {other_name} plays as the normal computer would" in " ".join(screen.split())
            assert "against the normal computer" not in screen

    run(main(), limit=180)


def test_a_pass_and_the_end_are_said_as_a_persons_and_offer_nothing_that_cannot_be(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            first, second, _name = _players(table, anna, ben)
            first.send("p")
            await first.wait_for("Enter: end your turn")
            first.send("\r")
            await until(lambda: table.record is not None and len(table.record.moves) == 1, "the pass confirmed")
            screen = await second.wait_for("p pass (ends the game)")
            assert "its pass" not in screen
            second.send("p")
            await second.wait_for("Enter: end the game")
            second.send("\r")
            for client in (first, second):
                screen = await client.wait_for("q: quit")
                assert "a: analysis" not in screen and "its pass" not in screen
                client.send("a")
                screen = await client.wait_for("does nothing here")
                assert "not saved" not in screen

    run(main())


def test_names_read_as_their_players_wrote_them(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            await until(lambda: len(table.screens) == 2, "both at the table")
            ben.send("\x03")
            await ben.wait_for("Leave the table?")
            ben.send("y")
            await ben.wait_for("Lobby")
            screen = await anna.wait_for("left the table")
            assert "ben left the table" in screen and "Ben left" not in screen
            ben.send("y")  # your tables
            await ben.wait_for(f"table {table.code}")
            ben.send("\r")
            await ben.wait_for("Your hand")
            screen = await anna.wait_for("is at the table")
            assert "ben is at the table" in screen and "Ben is at" not in screen

    run(main())
