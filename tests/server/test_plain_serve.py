"""The plain mode over SSH (`ssh -T anna+plain@host`): the lobby said in lines, a game against the computer and one
between two plain clients played by typed lines, with no escape byte ever sent and no seat ever reading the other
hand (R12); a terminal's client gets its typing echoed; random lines, Unicode, huge lines and the input's end never
break a connection, and the server goes on serving."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from famiglia.ai import player
from famiglia.engine import Pass
from famiglia.server.plainline import LONGEST, LineReader, plain_user
from famiglia.server.tables import ServerTable
from famiglia.server.visit import split_user
from famiglia.tui.plain import answers
from tests.drivers.ssh import LinesClient, run, serving

from .play import open_table, until

pytestmark = pytest.mark.slow

PROMPTS = ("type an action, or ? for help.", "press Enter to end your turn, or type undo to take it back.",
           "The game is over: type n for a new game")
HAND = re.compile(r"^Your hand: (.*) — ")


def test_the_user_name_asks_for_the_plain_mode() -> None:
    assert plain_user("anna+plain") == ("anna", True)
    assert plain_user("anna+PLAIN+K7QX") == ("anna+K7QX", True)
    assert plain_user("anna+K7QX") == ("anna+K7QX", False)
    assert split_user("ben+plain+K7QX") == ("ben", "K7QX")
    assert split_user("ben+plain") == ("ben", None)


def _own_hands_only(table: ServerTable, seat: int, client: LinesClient) -> None:
    """Every hand said to `client` is `seat`'s own at some moment of the game, never the other seat's (R12)."""
    assert table.record is not None
    own = {" ".join(str(c) for c in game.view(seat).hand) for game in table.record.games()}
    other = {" ".join(str(c) for c in game.view(1 - seat).hand) for game in table.record.games()} - own
    said = [m.group(1) for line in client.lines() if (m := HAND.match(line))]
    assert said and set(said) <= own, set(said) - own
    assert not set(said) & other


def _prompts(text: str) -> int:
    return sum(text.count(p) for p in PROMPTS)


def _assert_plain(client: LinesClient) -> None:
    assert b"\x1b" not in client.received, "an escape byte reached a plain client"
    for line in client.lines():
        assert len(line) <= 200 and all(ch.isprintable() or ch in "\b" for ch in line), repr(line)


async def _play_seat(table: ServerTable, seat: int, client: LinesClient, answered: list[int]) -> None:
    """If `client` is asked for something, answer it as a greedy player of `seat`; `answered[0]` counts the
    questions answered."""
    text = client.text
    if _prompts(text) <= answered[0] or table.game is None:
        return
    answered[0] += 1
    last = text.replace("\r\n", "\n").rstrip("\n").split("\n")[-1]
    if "The game is over" in last:
        client.send("q\n")
        return
    if "press Enter to end your turn" in last:
        client.send("\n")
        return
    game = table.game
    assert game.to_move == seat, client.text[-1500:]
    action = player("greedy", seed=len(table.record.moves) if table.record else 0).choose(game.view(seat))
    client.send("pass\n" if isinstance(action, Pass) else f"{action}\n")


def test_a_game_against_the_computer_in_lines_from_the_lobby(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await LinesClient.connect(server.port, "anna+plain")
            await anna.wait_for("Lobby:")
            assert "1: New table, open a table and tell a friend its code." in anna.lines()
            anna.send("3\n")
            await anna.wait_for("Play the computer:")
            anna.send("1\n")
            await anna.wait_for("Your hand:")
            table = next(iter(server.tables))
            assert table.record is not None and table.record.seats == ("network", "cpu:easy")
            answered = [0]
            for _ in range(3000):
                if table.is_over and "The game is over: type n" in anna.text:
                    break
                await _play_seat(table, 0, anna, answered)
                await until(lambda: _prompts(anna.text) > answered[0] or table.is_over, "a question", 20)
            assert table.is_over
            assert table.game is not None and table.game.result() is not None
            await anna.wait_for("The game is over:")
            _assert_plain(anna)
            _own_hands_only(table, 0, anna)
            assert "Computer (easy) is playing its turn" in anna.text
            anna.send("q\n")
            await anna.wait_for("Lobby:\r\n1: New table", timeout=10)  # back in the lobby, said again

    run(main())


def test_two_plain_players_at_one_table_each_hear_only_their_own_hand(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await LinesClient.connect(server.port, "anna+plain", pty=True)
            await anna.wait_for("Lobby:")
            anna.send("1\r")
            await anna.wait_for("New table:")
            anna.send("4\r")
            await anna.wait_for("Waiting for a second player")
            found = re.search(r"NAME\+([A-Z2-9]{4})@", anna.text)
            assert found is not None
            code = found.group(1)
            table = server.tables.tables[code]
            ben = await LinesClient.connect(server.port, f"ben+plain+{code}")
            await ben.wait_for("Your hand:")
            clients = {0: anna, 1: ben}
            answered = {0: [0], 1: [0]}
            for _ in range(4000):
                if table.is_over:
                    break
                for seat, client in clients.items():
                    await _play_seat(table, seat, client, answered[seat])
                await until(lambda: table.is_over or any(_prompts(c.text) > answered[s][0]
                                                          for s, c in clients.items()), "a question", 20)
            assert table.is_over
            for seat, client in clients.items():
                await client.wait_for("The game is over:")
                _assert_plain(client)
                _own_hands_only(table, seat, client)
                other = table.names[1 - seat]
                assert f"{other} is playing their turn" in client.text
                joined = " ".join(client.lines())  # a long sentence is cut into lines at a space
                shared = table.table
                assert shared is not None
                for turn in shared.log:  # every action of either player was said to both
                    for event in turn:
                        assert answers.said(event, table.game.names) in joined, event
    run(main())


def test_a_terminal_client_gets_its_typing_echoed_and_backspace_takes_a_character_back() -> None:
    sent: list[str] = []
    reader = LineReader(sent.append)
    reader.feed("anx\x7fna\r\n")
    assert "".join(sent) == "anx\b \bna\r\n"
    reader.feed("y" * (3 * LONGEST) + "\r")
    reader.feed("\x03")
    assert reader.closed

    async def read() -> list[object]:
        return [await reader.read(), await reader.read(), await reader.read()]

    assert run(read()) == ["anna", "y" * LONGEST, None]


@pytest.mark.parametrize("seed", range(3))
def test_fuzzed_lines_never_break_a_plain_connection(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    odd = ["", " ", "\x1b[2J", "\x00\x07", "ﬁ", "①②", "٣", "\u202etake F4", "🂡" * 50, "9" * 5000, "-1", "0",
           "take", "rules " + "R" * 300, "hint", "undo", "options", "pass", "p", "?", "q", "n", "y", "b", "\t",
           "x" * 100_000, "1", "2", "3", "4", "5"]

    async def main() -> None:
        async with serving(tmp_path) as server:
            for round_ in range(2):
                client = await LinesClient.connect(server.port, "fuzz+plain", pty=bool(round_))
                await client.wait_for("Lobby:")
                for _ in range(120):
                    roll = rng.random()
                    if roll < 0.6:
                        line = rng.choice(odd)
                    else:
                        line = "".join(chr(rng.randint(0, 0x10FFFF)) for _i in range(rng.randint(0, 30)))
                    before = len(client.received)
                    client.send((line + "\n").encode("utf-8", errors="surrogatepass"))
                    await until(lambda c=client, b=before: len(c.received) > b or c.closed, "an answer", 20)
                    if client.closed:
                        break
                if not client.closed:
                    client.send(b"\x04")  # the input's end: the connection leaves as quitting does
                    await until(lambda c=client: c.closed, "the connection closed", 10)
                assert b"\x1b" not in client.received
                assert b"something went wrong" not in client.received
            log = "".join(p.read_text() for p in tmp_path.rglob("serve.log"))
            assert "Traceback" not in log and "unexpected error" not in log
            after = await LinesClient.connect(server.port, "anna+plain")  # the server serves on
            await after.wait_for("Lobby:")
            after.close()

    run(main())


def test_a_plain_client_may_watch_a_table_and_never_hears_a_hand(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            from tests.drivers.ssh import Client

            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            ben = await Client.connect(server.port, f"ben+{table.code}")
            await ben.wait_for("Your hand")
            watcher = await LinesClient.connect(server.port, "carla+plain")
            await watcher.wait_for("Lobby:")
            watcher.send("4\n")
            await watcher.wait_for("Watch a table:")
            watcher.send("1\n")
            await watcher.wait_for("You are watching table")
            watcher.send("street\nhand\n'good luck both\n")
            await watcher.wait_for("Only the public questions are answered here")
            await watcher.wait_for("The Street:")
            await watcher.wait_for("carla (watching): good luck both")  # a message to the table, as ' begins one
            await anna.wait_for("good luck both")
            watcher.send("q\n")
            await watcher.wait_for("Lobby:\r\n1: New table")
            assert "Your hand" not in watcher.text
            _assert_plain(watcher)

    run(main())


def test_stopping_the_server_tells_a_plain_player_and_a_plain_lobby_in_a_line(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await LinesClient.connect(server.port, "anna+plain")
            await anna.wait_for("Lobby:")
            anna.send("3\n1\n")
            await anna.wait_for("Your hand:")
            cleo = await LinesClient.connect(server.port, "cleo+plain", pty=True)
            await cleo.wait_for("Lobby:")
            code = next(iter(server.tables)).code
            await server.stop()
            for client in (anna, cleo):
                await until(lambda c=client: c.closed, "the connection closed", 10)
                _assert_plain(client)
            assert f"the server is stopping; your game is saved as table {code}" in anna.text
            assert "the server is stopping" in cleo.text

    run(main())


def test_a_full_screen_player_and_a_plain_player_share_a_table(tmp_path: Path) -> None:
    """Anna plays on the full screen, Ben in lines at the same table: each from their own seat."""
    async def main() -> None:
        from tests.drivers.ssh import Client

        from .play import play_action

        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            ben = await LinesClient.connect(server.port, f"ben+plain+{table.code}")
            await ben.wait_for("Your hand:")
            answered = [0]
            for _ in range(2000):
                if table.is_over:
                    break
                game = table.game
                assert game is not None
                if game.to_move == 0 and not table.pending:
                    await play_action(table, {0: anna})
                    continue
                await _play_seat(table, 1, ben, answered)
                await until(lambda: table.is_over or _prompts(ben.text) > answered[0]
                            or (table.game is not None and table.game.to_move == 0 and not table.pending),
                            "a question", 20)
            assert table.is_over
            await ben.wait_for("The game is over:")
            _assert_plain(ben)
            _own_hands_only(table, 1, ben)

    run(main())


def test_a_connection_without_a_terminal_gets_the_lobby_in_lines(tmp_path: Path) -> None:
    """`ssh -T anna@host`: the full screen cannot be drawn without a terminal, so the plain mode answers."""
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await LinesClient.connect(server.port, "anna")
            await anna.wait_for("Lobby:")
            anna.send("q\n")
            await until(lambda: anna.closed, "the connection closed", 10)
            _assert_plain(anna)

    run(main())
