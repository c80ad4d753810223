"""`famiglia serve`: a game server that friends join with plain `ssh`, each seeing only their own hand.

Above the screen in the layers: it builds each connection's screen from `famiglia.tui` and keeps the
games with `famiglia.persistence`; nothing below imports it (import-linter keeps it so).

- `codes`: the four-character table codes, drawn with `secrets`;
- `hostkey`: the server's Ed25519 host key, made once, private, and its OpenSSH fingerprint;
- `limits`: connections in all and per address, the time an unauthenticated connection or an idle
  lobby is given, and the pause after a wrong table code;
- `tables`: `ServerTable`, the one owner of a table's game (its history, the take or pass waiting for
  its Enter, the record and its saving);
- `index`: `Tables`, every table of the server with its code, saved and brought back on a restart;
- `saver`: the one thread that writes the tables' games, in order, off the event loop;
- `seats`: who holds a seat (the SSH key first used, or a seat word) and checking it;
- `seam`: the seam between a table and one connection's screen (`SeatScreen`);
- `screen`: `screen_for`, which makes a connection's screen at a table, a player's or a watcher's;
- `player`: a player's screen (`PlayerScreen`), `famiglia play`'s application on a session seated at
  one seat of the table's one game;
- `waiting`: the opener's screen until a friend sits down;
- `watch`: a watcher's screen (`WatchScreen`), the public table alone;
- `saying`: a message to the table being typed, on either screen;
- `terminal`: one connection's terminal, its colour decided in one place, and the server's own screens' app;
- `lobby`, `lobbykeys`, `lobbyscreen`: the first screen of a connection, in the home screen's look and keys:
  its model, its command table, and its drawing and application;
- `gatekeeper`: asyncssh's side of a connection: authentication and the refusals;
- `channel`: the session channel: its input and output, one prompt_toolkit application at a time, or lines;
- `plainline`, `plainlobby`, `plainseat`: the plain mode over SSH (`anna+plain`, or no terminal): the lines a
  connection types and is told, the lobby in lines, a seat played or a table watched in lines;
- `visit`: the connection's life from the lobby on: what the lobby was left for, carried out;
- `roles`: what the server, a gatekeeper and a channel read of each other, as protocols (no import circle);
- `log`: the server's one logger, and the log file it writes while the server runs;
- `server`: `Server`, which ties them together, starts, and stops with every table saved.
"""

from __future__ import annotations

import warnings

__all__: list[str] = []

# asyncssh still reads DSA keys, and the cryptography package now warns of DSA as asyncssh is imported; the server
# uses an Ed25519 host key and never DSA, and whoever starts it should read its lines, not a library's warning.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh(\.|$)")
