"""A seeded fuzzer of `famiglia serve`'s options: each run is refused in one line, or starts and stops cleanly.

Random command lines of serve's own options (odd Unicode, huge and negative numbers for the port and
the limits, missing files, folders, pipes, empty and damaged files for --password-file and
--authorized-keys), each run as the real command. Whatever it is given, serve either refuses it in one
line (exit status 1, or 2 for a usage error) without a traceback and before anything says "listening",
or starts, says it is ready, and stops on Ctrl-C with exit status 0. Every run ends with `--port 0`, so a
port the fuzzer draws that could be used is overridden by a free one, and no server takes a real port.

`FAMIGLIA_FUZZ_SERVE=200` for a longer search, `FAMIGLIA_FUZZ_SEED` to start elsewhere.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.drivers.servecommand import run_serve

pytestmark = pytest.mark.slow

CASES = int(os.environ.get("FAMIGLIA_FUZZ_SERVE", "16"))
SEED = int(os.environ.get("FAMIGLIA_FUZZ_SEED", "0"))

ODD = [
    "", " ", "-", "--", "=", "²", "①", "١٢", "٣", "Ⅻ", "\U0001d7d7", "0x10", "1e999", "-1e999", "nan", "inf", "-0",
    "+7", " 7 ", "7\n", "9" * 5000, "-" + "9" * 5000, str(2**63), str(-(2**63)), "1_000", "0", "0.0", "0.001",
    "0.0001", "604800", "604801", "100000", "100001", "65535", "65536", "-1", "李小龙", "e\u0301", "\u200b",
    "\u202eevil", "\x07", "\x1b[2J", "line\nbreak", "\r", "🂡", "%s%n", "$(reboot)", "../../etc", "/", ".",
]
HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]", "999.1.1.1", "no.such.host.invalid", "a..b", "N" * 5000, "::g"]
COUNT = ["1", "8", "100000", "٣", "\U0001d7d7"]  # int() reads any digits of Unicode, as argparse's type does
SECONDS = ["0.001", "1", "604800", "1e2", "٣"]
VALID = {"--port": ["0", "00", "+0"], "--seed": ["0", "1", str(2**63), "-5"], "--max-connections": COUNT,
         "--max-per-address": COUNT, "--login-timeout": SECONDS, "--idle-lobby": SECONDS, "--code-delay": SECONDS}
NUMBERS = tuple(VALID)


def _files(home: Path) -> list[str]:
    """File names for --password-file and --authorized-keys: some usable, most not."""
    import asyncssh

    made: dict[str, Callable[[Path], object]] = {
        "word": lambda path: path.write_text("sesame\n"),
        "keys": lambda path: path.write_text(asyncssh.generate_private_key("ssh-ed25519").export_public_key()
                                             .decode()),
        "empty": lambda path: path.write_text(""),
        "blank": lambda path: path.write_text("\n \n"),
        "binary": lambda path: path.write_bytes(b"\xff\x00\xfe" * 100),
        "huge": lambda path: path.write_bytes(b"x" * (2 * 1024 * 1024)),
        "folder": lambda path: path.mkdir(),
        "pipe": lambda path: os.mkfifo(path),
    }
    for name, make in made.items():
        make(home / name)
    return [*made, str(home / "word"), "nowhere", str(home / "nowhere" / "deeper"), "", "/", "\u202e", "9" * 5000]


def _value(rng: random.Random, option: str, files: list[str]) -> str:
    if option in ("--password-file", "--authorized-keys"):
        return rng.choice(files) if rng.random() < 0.8 else rng.choice(ODD)
    if option == "--host":
        return rng.choice(HOSTS) if rng.random() < 0.6 else rng.choice([o for o in ODD if o.strip()])
    if rng.random() < 0.7:
        return rng.choice(VALID[option])
    text = rng.choice(ODD)
    if rng.random() < 0.1:
        text = "".join(chr(rng.randrange(0x20, 0x10FFFF)) for _ in range(rng.randrange(1, 8)))
    return text.replace("\x00", "")


def _argv(rng: random.Random, files: list[str]) -> list[str]:
    options = ["--host", "--password-file", "--authorized-keys", *NUMBERS]
    args: list[str] = []
    for _ in range(rng.randrange(1, 4)):
        option = rng.choice(options)
        value = _value(rng, option, files)
        args += [f"{option}={value}"] if rng.random() < 0.2 else [option, value]
    return [*args, "--port", "0"]


def test_random_serve_options_are_refused_in_one_line_or_served_and_stopped(tmp_path: Path) -> None:
    files = _files(tmp_path)
    rng = random.Random(SEED)
    seen: set[int] = set()
    for case in range(CASES):
        home = tmp_path  # the files above, and each run's data folder and working folder
        args = _argv(rng, files)
        served = run_serve(home, *args)
        where = f"case {case}: famiglia serve {[a[:40] for a in args]!r}"
        assert "Traceback" not in served.err + served.out, (where, served.err[-2000:])
        seen.add(served.code)
        if served.ready:
            assert served.code == 0 and served.err == "", (where, served)
            continue
        assert served.code in (1, 2), (where, served)
        assert "listening" not in served.out, (where, served)
        assert served.err.count("\n") == 1 and len(served.err) < 600, (where, served.err)
        assert served.err[:-1].isprintable(), (where, served.err)
    assert {1, 2} <= seen, seen  # refusals of both kinds came up
