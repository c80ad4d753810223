"""Who a connection is and what it may do: `Gatekeeper`, asyncssh's server object for one connection.

It counts the connection in (`limits.Gate`), learns who it is (the user name, and the key the
client proved it holds, if any) and allows only what the game needs. Authentication is open by
default: a key is taken as it is offered (and then holds the player's seat), and keyboard-interactive
with no question lets a client without a key in; with `--password-file` the password is asked, with
`--authorized-keys` only those keys come in. A wrong password is answered later and later, and the
sixth (`Limits.auth_tries`) closes the connection, as OpenSSH's `MaxAuthTries` does: guessing the
password takes a new connection, and a login timeout, every few tries. The one thing served is a session channel
(`famiglia.server.channel`); it refuses every exec or subsystem (SFTP) request, and the server lets
no port, socket, X11 or agent forwarding through.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Sequence

import asyncssh

from famiglia.phrasebook.catalogue import _

from .channel import Channel
from .limits import PasswordTries
from .log import log
from .roles import Host

__all__ = ["Gatekeeper"]

_Challenge = bool | tuple[str, str, str, list[tuple[str, bool]]]  # asyncssh's keyboard-interactive challenge


class Gatekeeper(asyncssh.SSHServer):
    """asyncssh's server side of one connection; see the module docstring."""

    def __init__(self, server: Host) -> None:
        self.server = server
        self.address = "?"
        self.user = ""
        self.key: str | None = None  # the fingerprint of the last key offered; proven once auth succeeds by it
        self.counted = False
        self.conn: asyncssh.SSHServerConnection | None = None
        self.tries = PasswordTries(server.limits)

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.server.gate.admit(self.address)
        if refusal is not None:
            log.info("refused a connection from %s: %s", self.address, refusal)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.counted = True
        self.server.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.server.gate.leave(self.address)
        if self.conn is not None:
            self.server.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True  # a method is always run: it tells the key a player comes with

    # -- keys --------------------------------------------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        return self.server.authorized_keys is not None or self.server.password is None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.server.authorized_keys
        if allowed is not None and allowed.validate(key, self.address, self.address) is None:
            return False
        self.key = str(key.get_fingerprint("sha256"))  # the signature is checked next: only then is it in
        return True

    # -- without a key: no question at all, or the password -------------------------------------------------------

    def kbdint_auth_supported(self) -> bool:
        return self.server.authorized_keys is None or self.server.password is not None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> _Challenge:
        self.key = None  # not the key offered before: it was not used
        if self.server.password is None:
            return True
        return "famiglia", "", "", [(_("Password: "), False)]

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> _Challenge:
        return await self._answer(str(responses[0]) if len(responses) == 1 else None)

    def password_auth_supported(self) -> bool:
        return self.server.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        return await self._answer(password)

    async def _answer(self, password: str | None) -> bool:
        """Whether `password` is the password: a right one is said at once, a wrong one after a pause that grows,
        and the last one allowed closes the connection. A try that comes after it, sent without waiting for the
        answer (a new request cancels the pause of the one before), is not even compared."""
        if self.tries.spent:
            self._too_many()
            return False
        if password is not None and self._password_is(password):
            return True
        await asyncio.sleep(self.tries.failed())
        if self.tries.spent:
            self._too_many()
        return False

    def _too_many(self) -> None:
        if self.conn is not None:
            log.info("closed a connection from %s after %d wrong passwords", self.address, self.tries.wrong)
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many wrong passwords")

    def _password_is(self, password: str) -> bool:
        wanted = self.server.password
        return wanted is not None and hmac.compare_digest(password.encode(), wanted.encode())

    # -- what is served -----------------------------------------------------------------------------------------

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return Channel(self)


