"""A bound on what a bracketed paste brings: the keys of a connection, with each paste cut at `PASTE_LIMIT`.

A terminal sends a paste between two markers (`ESC [200~` … `ESC [201~`), and prompt_toolkit gathers
all of it in one string before it hands it on: a client that opens a paste and never closes it, or
pastes a hundred megabytes, would make that string as long as it likes, and copy it at every read.
`PasteLimit` stands between the channel and the screen's input: it passes every key as it comes, and of
a paste's text only the first `PASTE_LIMIT` characters (the input line takes far fewer), with both markers.
"""

from __future__ import annotations

from typing import Final

__all__ = ["END", "PASTE_LIMIT", "START", "PasteLimit"]

START: Final = "\x1b[200~"
END: Final = "\x1b[201~"
PASTE_LIMIT: Final = 4096  # characters of one paste passed on


def _partial(text: str, marker: str) -> int:
    """The length of the longest end of `text` that is the start of `marker` (a marker cut between two reads)."""
    for n in range(min(len(marker) - 1, len(text)), 0, -1):
        if text.endswith(marker[:n]):
            return n
    return 0


class PasteLimit:
    """One connection's keys, each paste cut at `limit` characters; see the module docstring."""

    def __init__(self, limit: int = PASTE_LIMIT) -> None:
        self.limit = limit
        self.inside = False  # within a paste
        self.taken = 0  # characters of the paste passed on so far
        self._seen = ""  # outside a paste: the last characters passed on, which may begin a marker
        self._held = ""  # inside a paste: the last characters held back, which may begin its end

    def feed(self, text: str) -> str:
        """What of `text` goes on to the screen: everything outside a paste at once, within it up to the limit."""
        out: list[str] = []
        while text:
            if not self.inside:
                seen = self._seen + text
                at = seen.find(START)
                if at < 0:
                    out.append(text)
                    keep = _partial(seen, START)
                    self._seen = seen[len(seen) - keep:] if keep else ""
                    break
                upto = at + len(START) - len(self._seen)  # where the marker ends in `text`
                out.append(text[:upto])
                text, self._seen, self.inside, self.taken = text[upto:], "", True, 0
            else:
                body = self._held + text
                self._held = ""
                at = body.find(END)
                if at < 0:
                    keep = _partial(body, END)
                    self._held = body[len(body) - keep:] if keep else ""
                    self._pass(body[:len(body) - keep], out)
                    break
                self._pass(body[:at], out)
                out.append(END)
                text, self.inside = body[at + len(END):], False
        return "".join(out)

    def _pass(self, body: str, out: list[str]) -> None:
        room = self.limit - self.taken
        if room > 0:
            out.append(body[:room])
        self.taken += len(body)
