"""Who may do what at famiglia serve: passwords tried, seats held, tables listed and opened, codes guessed.

Each test is a finding of an attacker's trial: a password guessed without end, a table's code listed to
anyone of the same name, a seat lost by one of two players of one name, a watcher speaking as a player,
tables opened without end, and one address's wrong codes holding up everyone's right ones.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from famiglia.server import seats
from famiglia.server.limits import Limits
from famiglia.server.tables import ServerTable
from tests.drivers.ssh import HOST, Client, run, serving

from .play import open_table, until

pytestmark = pytest.mark.slow

WORD = re.compile(r"([a-z2-9]{4}-[a-z2-9]{4})")


class _Guesser(asyncssh.SSHClient):
    """A client that guesses the password again and again (up to 50 times), by password or keyboard-interactive."""

    def __init__(self) -> None:
        self.tries = 0

    def password_auth_requested(self) -> str | None:
        if self.tries >= 50:
            return None
        self.tries += 1
        return f"guess {self.tries}"

    def kbdint_auth_requested(self) -> str | None:
        return "" if self.tries < 50 else None

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        if not prompts:
            return []
        self.tries += 1
        return [f"guess {self.tries}"]


async def _word(client: Client) -> str:
    """The seat word the client's screen shows once."""
    screen = await client.wait_for(lambda s: WORD.search(s.split("seat word", 1)[-1]) is not None)
    return WORD.search(screen.split("seat word", 1)[-1]).group(1)


@pytest.mark.parametrize("method", ["password", "keyboard-interactive"])
def test_a_connection_may_try_six_passwords_and_is_then_closed(tmp_path: Path, method: str) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")

    async def main() -> None:
        async with serving(tmp_path / "data", password_file=secret, limits=Limits(auth_delay=0.01)) as server:
            guesser = _Guesser()
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
                await asyncssh.connect(HOST, server.port, username="anna", known_hosts=None, client_keys=[],
                                       agent_path=None, client_factory=lambda: guesser, preferred_auth=method)
            assert guesser.tries == 6
            client = await Client.connect(server.port, "anna", password="open sesame")  # a new connection may
            await client.wait_for("Lobby")

    run(main())


def test_each_wrong_password_is_answered_later_than_the_one_before() -> None:
    from famiglia.server.limits import PasswordTries

    tries = PasswordTries(Limits())
    delays = [tries.failed() for _ in range(6)]
    assert delays == [0.5, 1, 2, 4, 8, 16] and tries.spent


def test_seat_words_are_made_and_checked_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    hashed = seats._hash

    def spied(word: str, salt: bytes) -> bytes:
        threads.append(threading.current_thread())
        return hashed(word, salt)

    monkeypatch.setattr(seats, "_hash", spied)

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            word = await _word(anna)
            anna.close()
            back = await Client.connect(server.port, f"anna+{table.code}")
            await back.wait_for("seat word, please")
            back.send(f"{word}\r")
            await back.wait_for("Waiting for a second player")

    run(main())
    assert len(threads) >= 2  # the word made, the word checked
    assert all(thread is not threading.main_thread() for thread in threads)


@pytest.mark.parametrize("how", ["open", "password", "key"])
def test_your_tables_lists_only_the_seats_this_connection_holds(tmp_path: Path, how: str) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")
    password = "open sesame" if how == "password" else None
    key = asyncssh.generate_private_key("ssh-ed25519") if how == "key" else None

    async def main() -> None:
        settings: dict[str, Any] = {"password_file": secret} if how == "password" else {}
        async with serving(tmp_path / "data", **settings) as server:
            anna = await Client.connect(server.port, "anna", password=password)
            table = await open_table(server, anna)
            word = await _word(anna)
            anna.send("q")
            await anna.wait_for("Lobby")
            anna.send("y")
            await anna.wait_for(f"table {table.code}")  # the connection that sat down holds the seat
            mallory = await Client.connect(server.port, "ANNA", password=password, key=key)
            await mallory.wait_for("Lobby")
            mallory.send("y")
            screen = await mallory.wait_for("\u203a Your tables")
            assert "No unfinished table of yours" in screen and table.code not in screen
            # Anna on a connection of her own proves the seat by its word, and then it is listed there too
            again = await Client.connect(server.port, f"anna+{table.code}", password=password)
            await again.wait_for("seat word, please")
            again.send(f"{word}\r")
            await again.wait_for("Waiting for a second player")
            again.send("q")
            await again.wait_for("Lobby")
            again.send("y")
            await again.wait_for(f"table {table.code}")

    run(main())


@pytest.mark.parametrize("first_has_key", [True, False])
def test_two_players_of_one_name_each_keep_their_seat(tmp_path: Path, first_has_key: bool) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519") if first_has_key else None

    async def main() -> None:
        async with serving(tmp_path) as server:
            first = await Client.connect(server.port, "anna", key=key)
            table = await open_table(server, first)
            second = await Client.connect(server.port, f"anna+{table.code}")
            if not first_has_key:  # asked for the first anna's word: Enter alone takes the free seat
                await second.wait_for("Enter alone takes the free seat")
                second.send("\r")
            word = await _word(second)
            await second.wait_for("Your hand")
            second.close()
            await first.wait_for("lost the connection")
            back = await Client.connect(server.port, f"anna+{table.code}")
            await back.wait_for("seat word, please")
            back.send(f"{word}\r")
            await back.wait_for("Your hand")
            await until(lambda: 1 in table.screens, "the second seat taken up again")
            assert "watching" not in back.text()

    run(main())


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_a_watchers_message_is_marked_as_a_watchers(tmp_path: Path, language: str) -> None:
    from tests.server.test_serve_languages import GERMAN, ITALIAN, said

    key = asyncssh.generate_private_key("ssh-ed25519")
    env = {"it": ITALIAN, "de": GERMAN}.get(language)

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna", env=env)
            await anna.wait_for(lambda s: "Famiglia" in s)
            anna.send("n")
            anna.send("\r")
            table = await until_table(server)
            ben = await Client.connect(server.port, f"ben+{table.code}", key=key)
            await ben.wait_for("Your hand")
            ben.close()
            await until(lambda: 1 not in table.screens, "Ben gone")
            mallory = await Client.connect(server.port, f"ben+{table.code}")
            await mallory.wait_for("watching")
            mallory.send("'I resign, you win.\r")
            marked = said(language, "{name} (watching): {line}", name="ben", line="I resign, you win.")
            screen = await anna.wait_for(lambda s: marked[1:] in s)
            assert "ben: I resign" not in screen
            assert table.said[-1] != "ben: I resign, you win."

    async def until_table(server: Any) -> ServerTable:
        await until(lambda: bool(server.tables.tables), "a table opened")
        return next(iter(server.tables))

    run(main())


def test_tables_waiting_for_a_friend_are_limited_per_address_and_per_key(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def main() -> None:
        async with serving(tmp_path, limits=Limits(tables_per_address=3, tables_per_key=2)) as server:
            async def refused_after(client: Client, tables: int, said: str) -> None:
                for _ in range(tables):
                    await open_table(server, client)
                    client.send("q")
                await client.wait_for("Lobby")
                client.send("n")
                await client.wait_for("Open the table")
                client.send("\r")
                await client.wait_for(said)

            anna = await Client.connect(server.port, "anna", key=key)
            await refused_after(anna, 2, "2 tables opened with your key are still waiting for a second player")
            ben = await Client.connect(server.port, "ben")  # the same address, without a key
            await refused_after(ben, 1, "3 tables opened from your address are still waiting for a second player")
            assert len(server.tables.tables) == 3
            ben.send("c")  # the computer is no table waiting for anyone
            await ben.wait_for("Play the computer")
            ben.send("1")
            await ben.wait_for("Your hand")

    run(main())


def test_wrong_codes_slow_only_the_connection_that_gave_them_and_say_so(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, limits=Limits(code_delay=30.0)) as server:
            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            mallory = await Client.connect(server.port, "mallory")
            await mallory.wait_for("Lobby")
            for code in ("AAAA", "BBBB", "CCCC"):
                mallory.send("j")
                mallory.send(f"{code}\r")
                await mallory.wait_for(f"There is no table {code}")
            mallory.send("j")
            mallory.send("DDDD\r")
            await mallory.wait_for("Wrong codes from here: the next try in")
            ben = await Client.connect(server.port, f"ben+{table.code}")  # the same address, a right code
            await ben.wait_for("Your hand")

    run(main())
