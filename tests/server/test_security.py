"""What famiglia serve refuses, and its limits: only the game is served, and no client can take the server.

Each refusal has its test (exec, SFTP and other subsystems, local and remote port forwarding, socket
forwarding, agent forwarding), and so does each limit: connections in all and per address, the time
to log in, an idle lobby, wrong table codes, a password file and an authorized keys file.
"""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
from pathlib import Path

import asyncssh
import pytest

from famiglia.server.hostkey import KEY_NAME, HostKeyError, fingerprint, host_key
from famiglia.server.limits import CodeThrottle, Limits
from famiglia.server.server import Server, ServerError, Settings
from tests.drivers.ssh import HOST, Client, run, serving


async def _plain(port: int, user: str = "anna", **options: object) -> asyncssh.SSHClientConnection:
    from tests.drivers.ssh import _Answers

    return await asyncssh.connect(HOST, port, username=user, known_hosts=None, client_keys=[], agent_path=None,
                                  client_factory=lambda: _Answers(None), preferred_auth="keyboard-interactive",
                                  **options)


def test_a_command_is_refused_and_so_is_sftp(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            conn = await _plain(server.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process("cat /etc/passwd")
            with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process(subsystem="netconf")
            conn.close()

    run(main())


def test_port_and_socket_forwarding_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            conn = await _plain(server.port)
            with pytest.raises(asyncssh.ChannelOpenError):  # -L: a connection from the server to elsewhere
                await conn.open_connection(HOST, server.port)
            with pytest.raises(asyncssh.ChannelListenError):  # -R: the server listening for the client
                await conn.forward_remote_port(HOST, 0, HOST, 9)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_unix_connection("/run/anything.sock")
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_path(str(tmp_path / "remote.sock"), str(tmp_path / "local.sock"))
            conn.close()

    run(main())


def test_agent_forwarding_is_refused(tmp_path: Path) -> None:
    async def main() -> None:
        agent = await asyncio.start_unix_server(lambda r, w: w.close(), str(tmp_path / "agent.sock"))
        async with serving(tmp_path / "data") as server:
            client = await Client.connect(server.port, "anna", agent_forwarding=True,
                                          agent_path=str(tmp_path / "agent.sock"))
            await client.wait_for("Lobby")
            for conn in server.connections:
                assert conn.get_agent_path() is None  # no agent socket was made for the client's agent
            client.close()
        agent.close()

    run(main())


def test_connections_in_all_and_per_address_are_limited(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, limits=Limits(connections=3, per_address=2)) as server:
            first, second = await _plain(server.port), await _plain(server.port)
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await _plain(server.port)  # a third from 127.0.0.1
            other = await _plain(server.port, "ben", local_addr=("127.0.0.2", 0))  # another address
            assert server.gate.count == 3
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await _plain(server.port, "cleo")  # the fourth in all
            first.close()
            await first.wait_closed()
            for _ in range(100):
                if server.gate.count == 2:
                    break
                await asyncio.sleep(0.02)
            again = await _plain(server.port)  # a place is free again
            for conn in (second, other, again):
                conn.close()

    if not _loopback_alias():
        pytest.skip("127.0.0.2 is not reachable here")
    run(main())


def _loopback_alias() -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.2", 0))
        except OSError:
            return False
    return True


def test_an_unauthenticated_connection_is_closed_after_the_login_timeout(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, limits=Limits(login_timeout=0.5)) as server:
            reader, writer = await asyncio.open_connection(HOST, server.port)
            await reader.readline()  # the server's version line; the client says nothing more
            await asyncio.wait_for(reader.read(), 10)  # the server ends it, well within the bound
            assert reader.at_eof()
            writer.close()

    run(main())


def test_an_idle_lobby_closes_with_one_line(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, limits=Limits(idle_lobby=0.5)) as server:
            client = await Client.connect(server.port, "anna")
            await client.wait_for("Lobby")
            said = await client.wait_closed(timeout=15)
            assert "the lobby waited too long for a key" in said

    run(main())


def test_wrong_table_codes_are_answered_later_and_later() -> None:
    now = [0.0]
    throttle = CodeThrottle(Limits(code_delay=1.0, code_delay_max=8.0), clock=lambda: now[0])
    delays = []
    for _ in range(8):
        delays.append(throttle.delay("10.0.0.9"))
        throttle.wrong("10.0.0.9")
    assert delays == [0, 0, 0, 1, 2, 4, 8, 8]
    assert throttle.delay("10.0.0.10") == 0  # another address is not slowed down
    now[0] += 3600
    assert throttle.delay("10.0.0.9") == 0  # forgotten after a while


def test_a_wrong_code_over_ssh_is_said_and_counted(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, limits=Limits(code_delay=0.05)) as server:
            client = await Client.connect(server.port, "anna+ZZZZ")
            await client.wait_for("There is no table ZZZZ on this server")
            for code in ("AAAA", "BBBB"):
                client.send("j")
                client.send(f"{code}\r")
                await client.wait_for(f"There is no table {code}")
            assert server.throttle.delay(HOST) > 0

    run(main())


def test_a_password_file_asks_for_the_password(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")

    async def main() -> None:
        async with serving(tmp_path / "data", password_file=secret) as server:
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError, OSError)):
                await Client.connect(server.port, "anna", password="wrong")
            client = await Client.connect(server.port, "anna", password="open sesame")
            await client.wait_for("Lobby")

    run(main())


def test_an_authorized_keys_file_lets_in_only_its_keys(tmp_path: Path) -> None:
    known, stranger = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(known.export_public_key())

    async def main() -> None:
        async with serving(tmp_path / "data", authorized_keys=listed) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await Client.connect(server.port, "anna", key=stranger)
            with pytest.raises(asyncssh.PermissionDenied):
                await Client.connect(server.port, "anna")
            client = await Client.connect(server.port, "anna", key=known)
            await client.wait_for("Lobby")

    run(main())


def test_a_user_name_that_is_no_name_is_asked_for_in_the_lobby(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            client = await Client.connect(server.port, "a" * 30)
            await client.wait_for("Your name")
            client.send("x" * 25 + "\r")
            await client.wait_for("at most 20 characters")
            client.send("\x7f" * 25 + "Anna\r")
            await client.wait_for("Welcome, Anna")

    run(main())


# -- the host key -------------------------------------------------------------------------------------------------


def test_the_host_key_is_made_once_private_and_reused(tmp_path: Path) -> None:
    key = host_key(tmp_path)
    path = tmp_path / KEY_NAME
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert fingerprint(host_key(tmp_path)) == fingerprint(key)
    public = subprocess.run(["ssh-keygen", "-y", "-f", str(path)], capture_output=True, text=True, check=True).stdout
    (tmp_path / "pub").write_text(public)
    shown = subprocess.run(["ssh-keygen", "-lf", str(tmp_path / "pub")], capture_output=True, text=True,
                           check=True).stdout
    assert fingerprint(key) in shown and "ED25519" in shown  # as OpenSSH shows it


def test_a_host_key_others_can_read_or_a_link_is_refused_in_one_line(tmp_path: Path) -> None:
    host_key(tmp_path)
    path = tmp_path / KEY_NAME
    before = path.read_bytes()
    path.chmod(0o644)
    with pytest.raises(HostKeyError, match="can be read by others") as refusal:
        host_key(tmp_path)
    assert "\n" not in str(refusal.value)
    assert path.read_bytes() == before and stat.S_IMODE(os.stat(path).st_mode) == 0o644  # left as it is
    path.chmod(0o600)
    elsewhere = tmp_path / "elsewhere"
    path.rename(elsewhere)
    path.symlink_to(elsewhere)
    with pytest.raises(HostKeyError, match="symbolic link"):
        host_key(tmp_path)

    async def main() -> None:
        server = Server(Settings(host=HOST, port=0, data=tmp_path.parent / "d"))
        (tmp_path.parent / "d" / "server").mkdir(parents=True)
        (tmp_path.parent / "d" / "server" / KEY_NAME).symlink_to(elsewhere)
        with pytest.raises(ServerError, match="symbolic link"):
            await server.start()

    run(main())


def test_a_paste_larger_than_the_input_pipe_stalls_neither_the_server_nor_the_lobby(tmp_path: Path) -> None:
    # The screen reads its keys from a pipe on the server's one event loop; a 300 kB paste once filled the
    # pipe and blocked the whole server in its write.
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            await anna.wait_for("Lobby")
            anna.send(b"\x1b[200~" + b"take M0 " * 40_000 + b"\x1b[201~")
            ben = await Client.connect(server.port, "ben")
            await ben.wait_for("Lobby")
            ben.send("n")
            await ben.wait_for("Open the table")
            anna.send("q")
            await anna.wait_closed(timeout=60)

    run(main(), limit=90)
