"""The server's limits: what one client, or many, may take of it, each with a flag and a default.

- `connections`: open connections in all (64): one more is closed at once, before any key exchange;
- `per_address`: open connections from one address (8), so one host cannot take them all;
- `login_timeout`: seconds an unauthenticated connection is given (20);
- `idle_lobby`: seconds a lobby waits for a key before it closes the connection (15 minutes);
- `waiting_expiry`: seconds a table may wait for its second player before it is closed and leaves the
  index (7 days; `famiglia.server.index`);
- wrong table codes from one address are answered later and later (`CodeThrottle`): one second after
  the third, doubling up to `code_delay_max`, so trying the million codes would take years; only the
  connection that gave a wrong code waits (`visit`), never another one's right code;
- `auth_tries`: wrong passwords one connection may give (6, as OpenSSH's `MaxAuthTries`); each makes the
  next answer wait longer (`auth_delay`, doubling), and the last one ends the connection (`PasswordTries`);
- `tables_per_address`, `tables_per_key`: tables waiting for their second player that one address, or one
  SSH key, may have opened (4 each; `OpenTables`), so nobody fills the server with empty tables.

The clock is injected (`time.monotonic` by default), so tests need no sleep that hopes.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final

from famiglia.phrasebook.catalogue import _, ngettext

__all__ = ["CodeThrottle", "Gate", "Limits", "OpenTables", "PasswordTries"]

FREE_TRIES: Final = 2  # wrong codes answered at once (a typo or two)
FORGET: Final = 600.0  # seconds after which an address's wrong codes are forgotten


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits of one server; see the module docstring."""

    connections: int = 64
    per_address: int = 8
    login_timeout: float = 20.0
    idle_lobby: float = 15 * 60.0
    code_delay: float = 1.0  # the pause after the first wrong code past the free tries
    code_delay_max: float = 30.0
    waiting_expiry: float = 7 * 24 * 3600.0
    auth_tries: int = 6
    auth_delay: float = 0.5  # the pause after the first wrong password, doubling with each further one
    tables_per_address: int = 4
    tables_per_key: int = 4


class Gate:
    """The connections open now, in all and by address: `admit` says whether one more may come in."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: Counter[str] = Counter()

    def admit(self, address: str) -> str | None:
        """Count a new connection from `address` in; None if it may stay, else the reason it may not."""
        if sum(self._open.values()) >= self.limits.connections:
            n = self.limits.connections
            return ngettext("the server is full ({n} connection)", "the server is full ({n} connections)",
                            n).format(n=n)
        if self._open[address] >= self.limits.per_address:
            return _("too many connections from {address} ({n})").format(address=address, n=self.limits.per_address)
        self._open[address] += 1
        return None

    def leave(self, address: str) -> None:
        """A connection counted in by `admit` has closed."""
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]

    @property
    def count(self) -> int:
        return sum(self._open.values())


class CodeThrottle:
    """Wrong table codes by address: each one past the free tries makes the next answer wait longer."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong codes, when the last came)

    def delay(self, address: str) -> float:
        """Seconds to wait before `address`'s next code is looked up."""
        wrong, last = self._wrong.get(address, (0, 0.0))
        if not wrong or self.clock() - last > FORGET:
            return 0.0
        past = wrong - FREE_TRIES
        if past <= 0:
            return 0.0
        return min(self.limits.code_delay * 2 ** (past - 1), self.limits.code_delay_max)

    def wrong(self, address: str) -> None:
        """`address` gave a code no table has."""
        wrong, last = self._wrong.get(address, (0, 0.0))
        if self.clock() - last > FORGET:
            wrong = 0
        self._wrong[address] = (wrong + 1, self.clock())
        if len(self._wrong) > 10_000:  # a bound on what is kept: the oldest are forgotten
            for old in sorted(self._wrong, key=lambda a: self._wrong[a][1])[:5_000]:
                del self._wrong[old]


class PasswordTries:
    """One connection's wrong passwords: each makes the next answer wait longer, and there are `auth_tries` in all."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.wrong = 0

    def failed(self) -> float:
        """Count a wrong password in; the seconds to wait before answering it (0.5, 1, 2, … by default)."""
        self.wrong += 1
        return min(self.limits.auth_delay * 2 ** (self.wrong - 1), self.limits.code_delay_max)

    @property
    def spent(self) -> bool:
        """Whether the connection has given its last wrong password (and is to be closed)."""
        return self.wrong >= self.limits.auth_tries


class OpenTables:
    """Who opened each table still waiting for its second player: `refusal` says when one address or key has
    opened enough of them. A table that has begun, or is gone, no longer counts."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._opened: dict[int, tuple[object, str, str | None]] = {}  # id(table) -> (table, address, key)

    def refusal(self, address: str, key: str | None, waiting: Collection[object]) -> str | None:
        """None if `address` (and `key`, if any) may open one more table, `waiting` being the tables that wait for
        their second player now; else the one line that says why not."""
        here = {id(table) for table in waiting}
        self._opened = {i: entry for i, entry in self._opened.items() if i in here}
        opened = [(a, k) for _table, a, k in self._opened.values()]
        if sum(1 for a, _k in opened if a == address) >= self.limits.tables_per_address:
            n = self.limits.tables_per_address
            return ngettext("A table opened from your address is still waiting for a second player: no other "
                            "can be opened until it begins.",
                            "{n} tables opened from your address are still waiting for a second player: no more "
                            "can be opened until one begins.", n).format(n=n)
        if key is not None and sum(1 for _a, k in opened if k == key) >= self.limits.tables_per_key:
            n = self.limits.tables_per_key
            return ngettext("A table opened with your key is still waiting for a second player: no other can be "
                            "opened until it begins.",
                            "{n} tables opened with your key are still waiting for a second player: no more can "
                            "be opened until one begins.", n).format(n=n)
        return None

    def opened(self, table: object, address: str, key: str | None) -> None:
        """`table` was opened now by a connection from `address` (with `key`)."""
        self._opened[id(table)] = (table, address, key)
