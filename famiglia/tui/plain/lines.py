"""The plain mode's two streams: whole lines of text out, typed lines in, and nothing else.

Every line written is one sentence or a few, at most `WIDEST` characters, with no escape sequence and no
control character in it: a screen reader, a braille display, `script` or a pipe reads it as it comes,
and nothing is ever redrawn. The one exception is `clear`, the handoff's wipe of a terminal's screen and
scrollback (R12.2), written only when the output is a terminal and never to a pipe.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from typing import Final, TextIO

__all__ = ["CLEAR", "WIDEST", "Lines", "printable_line"]

WIDEST: Final = 200  # characters in one line at most: longer text is cut at its sentences, then its words
CLEAR: Final = "\x1b[H\x1b[2J\x1b[3J"  # home, erase the screen, erase the scrollback (xterm and its kin)
_UNPRINTABLE: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_BREAK: Final = re.compile(r"(?<=[.;:!?])\s+")


def printable_line(text: str) -> str:
    """`text` with every control character (escape included) made a space, so no line can move a cursor; so is
    every other character that prints nothing of its own (a no-break space, a direction mark)."""
    text = _UNPRINTABLE.sub(" ", text)
    return text if text.isprintable() else "".join(ch if ch.isprintable() else " " for ch in text)


def _pieces(text: str) -> list[str]:
    """`text` as lines of at most `WIDEST` characters: cut after a sentence's end where one fits, else at a space."""
    out: list[str] = []
    line = ""
    for sentence in _BREAK.split(text.strip()):
        words = sentence.split(" ")
        for word in words:
            while len(word) > WIDEST:  # a word longer than a line (a pasted run of letters) is cut where it must
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:WIDEST])
                word = word[WIDEST:]
            joined = f"{line} {word}" if line else word
            if len(joined) > WIDEST:
                out.append(line)
                line = word
            else:
                line = joined
        if len(line) > WIDEST // 2:  # a long sentence ends its line; short ones share one
            out.append(line)
            line = ""
    if line or not out:
        out.append(line)
    return out


class Lines:
    """Where the plain mode reads and writes: `input` gives the typed lines, `output` takes the said ones.

    `terminal` says whether the output is a terminal whose screen `clear` may wipe (by default: whether
    both streams are terminals); on pipes nothing but printable text and newlines is ever written.
    """

    def __init__(self, input: TextIO | None = None, output: TextIO | None = None, *,
                 terminal: bool | None = None) -> None:
        self.input = input or sys.stdin
        self.output = output or sys.stdout
        self.terminal = _isatty(self.input) and _isatty(self.output) if terminal is None else terminal
        self.closed = False  # the input ended (EOF): the sitting leaves as quitting does

    def say(self, *texts: str) -> None:
        """Write each text as whole lines, never more than `WIDEST` characters, and flush them at once."""
        for text in texts:
            for line in _pieces(printable_line(text)):
                self.output.write(line + "\n")
        self.output.flush()

    def ask(self, prompt: str) -> str | None:
        """Say `prompt` and read one typed line (without its newline); None once the input has ended."""
        self.say(prompt)
        if self.closed:
            return None
        line = self.input.readline()
        if not line:
            self.closed = True
            return None
        return line.rstrip("\r\n")

    def clear(self) -> None:
        """Before a handoff: wipe the terminal's screen and scrollback and drop lines typed ahead (R12.2).

        Only on a terminal: a pipe, a file or a braille display's own memory cannot be wiped from here,
        and gets no escape sequence (docs/plain.md says so).
        """
        if not self.terminal:
            return
        self.output.write(CLEAR)
        self.output.flush()
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios

            termios.tcflush(self.input.fileno(), termios.TCIFLUSH)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty() and os.environ.get("TERM", "") != "dumb"
    except (AttributeError, ValueError):
        return False
