"""The names question before a game: who plays, asked one seat at a time, the computer's seat named.

The same rules and words as `--names` (`famiglia.profile.names`). Against the computer only the
person's name is asked: the computer's seat comes named, and the person's must read differently.
"""

from __future__ import annotations

from typing import Any

from famiglia.phrasebook.catalogue import _
from famiglia.profile.names import NameRefused, check_pair, tidy_name
from famiglia.profile.seats import HUMAN, seat_name

__all__ = ["NamesQuestion"]


class NamesQuestion:
    """The names given so far for `seats`, and the question for the next one."""

    def __init__(self, seats: tuple[Any, Any]) -> None:
        self.seats = seats
        self.given: list[str] = []
        self._name_computers()

    @property
    def done(self) -> bool:
        return len(self.given) == 2

    @property
    def names(self) -> tuple[str, str]:
        return self.given[0], self.given[1]

    def prompt(self) -> tuple[int, str]:
        """Which player's name is asked for (0 or 1) and the name taken when none is typed.

        The second default is never the name the first player chose (someone may call themselves "Player 2").
        """
        index = len(self.given)
        default = _default_name(index)
        if index == 1 and default.casefold() == self.given[0].casefold():
            default = _default_name(0)
        return index, default

    @property
    def can_go_back(self) -> bool:
        """Whether a name typed at this keyboard can be asked again (Esc)."""
        return any(self.seats[i] == HUMAN for i in range(len(self.given)))

    def back(self) -> bool:
        """Esc: ask the last name typed again; False at the first question, with nothing to go back to."""
        typed = [i for i in range(len(self.given)) if self.seats[i] == HUMAN]
        if not typed:
            return False
        del self.given[typed[-1]:]
        self._name_computers()
        return True

    def take(self, text: str) -> str | None:
        """The answer `text` (empty: the default); the refusal in the player's words, or None if taken."""
        index, default = self.prompt()
        try:
            name = tidy_name(text) if text.strip() else default
            if index == 1:
                check_pair(self.given[0], name)
            elif self.seats[1] != HUMAN:  # the computer's name is known: the person's must read differently
                check_pair(name, seat_name(self.seats[1]))
        except NameRefused as refusal:  # the same words as for --names
            return str(refusal)
        self.given.append(name)
        self._name_computers()
        return None

    def _name_computers(self) -> None:
        while len(self.given) < 2 and self.seats[len(self.given)] != HUMAN:
            self.given.append(seat_name(self.seats[len(self.given)]))


def _default_name(index: int) -> str:
    """The name a seat takes when none is typed, in the language the player is spoken to in: the engine's
    `DEFAULT_NAMES` in English ("Player 1"), "Giocatore 1" in Italian, "Spieler 1" in German."""
    return _("Player {n}").format(n=index + 1)
