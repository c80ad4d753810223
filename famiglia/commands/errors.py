"""What a command says when it cannot do as asked: one line on stderr, and the exit statuses.

`famiglia.cli.main` turns a `UsageError`, and the errors it knows (Ctrl-C, a closed pipe, a missing
package, an `OSError`), into one line and a status. A command says its own faults with `complain`, the
command line's one line, or `fail`, a saved game's fault with exit status 2. The command line imports
this module at start, so it imports nothing else of famiglia until a line needs it.
"""

from __future__ import annotations

import sys
from typing import Final

from famiglia.phrasebook.catalogue import _

__all__ = ["EXIT_BAD_RECORD", "EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "PROG", "UsageError",
           "complain", "fail", "one_line", "usage_line"]

PROG: Final = "famiglia"

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
EXIT_BAD_RECORD: Final = 2  # a record, an id or the data directory that cannot be used
EXIT_INTERRUPTED: Final = 130  # 128 + SIGINT, what a shell reports for Ctrl-C

_LINE_LENGTH: Final = 240  # a usage error longer than this is shortened in its middle


class UsageError(Exception):
    """A command's own check of its options failed (say, two that do not go together): one line, exit status 2.

    `main` writes it in the form of every other usage error, with the command's ``--help`` as the hint.
    """


def usage_line(command: str, message: str) -> str:
    """The one line of every usage error: ``famiglia: error: WHAT (see 'famiglia COMMAND --help')``."""
    return PROG + ": " + _("error: {message} (see '{command} --help')").format(message=one_line(message),
                                                                               command=command) + "\n"


def one_line(message: str) -> str:
    """`message` on one line: control characters written as escapes, a very long one shortened in the middle."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    if len(text) > _LINE_LENGTH:
        half = _LINE_LENGTH // 2
        text = f"{text[:half]}…{text[-half:]}"
    return text


def complain(message: str, *, prefix: bool = True) -> None:
    """Write one line to stderr, however long or odd what it quotes (a file name of 5,000 digits, say)."""
    message = one_line(message)
    print(f"{PROG}: {message}" if prefix else message, file=sys.stderr)


def fail(message: str) -> int:
    """Say what is wrong with a record, an id or the data directory in one line; the exit status 2."""
    from famiglia.persistence import printable

    print(f"{PROG}: {printable(message, 400)}", file=sys.stderr)
    return EXIT_BAD_RECORD
