"""The settings and a command's options, merged for one game: an option given wins, the settings fill the rest.

`famiglia play`, the home screen's New game and playing a saved game on (`resume`, `learn`,
`play --load`) all choose what a game is played with here, so the same settings and options give the
same game whichever way it was started.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from famiglia.phrasebook.catalogue import _

from .names import NameRefused, check_pair
from .seats import SeatRefused, computer_seat, seat_name
from .settings import Settings

__all__ = ["BARE_COMPUTER", "PlayChoice", "for_play", "for_resume"]

BARE_COMPUTER: Final = "cpu"  # `--vs cpu` with no level: the level of the settings

@dataclass(frozen=True, slots=True)
class PlayChoice:
    """What one game is played with: the options given on the command line, the settings for the rest.

    `names` is what `famiglia play --names` would have been given (None: the game asks), `vs` the
    computer's seat or None for a game for two at this keyboard. `note` is one line to show when a
    setting could not be used for this game (the names clash with the computer's, say).
    """

    names: tuple[str, ...] | None
    vs: str | None
    memory_aid: bool
    confirm: bool
    colour: bool
    note: str | None = None


def for_play(settings: Settings, *, names: Sequence[str] | None = None, vs: str | None = None,
             memory_aid: bool | None = None, confirm: bool | None = None,
             colour: bool | None = None) -> PlayChoice:
    """Merge the settings with the options of one `famiglia play`: an option given (not None) wins.

    `vs` is the seat `--vs` gave, or `BARE_COMPUTER` for `--vs cpu` without a level, which plays at the
    settings' level. Names come from the settings only when none were given: both for a game for two,
    yours against the computer (unless it reads like the computer's own name; then the game asks).
    """
    if vs == BARE_COMPUTER:
        vs = computer_seat(settings.level)
    note = None
    chosen: tuple[str, ...] | None = tuple(names) if names is not None else None
    if chosen is None:
        if vs is None and len(settings.names) == 2:
            chosen = settings.names
        elif vs is not None and settings.names:
            try:
                check_pair(settings.names[0], seat_name(vs))
                chosen = settings.names[:1]
            except (NameRefused, SeatRefused):
                note = _("the name {name} of the settings reads like the computer's: give another").format(
                    name=repr(settings.names[0]))
    return PlayChoice(
        names=chosen,
        vs=vs,
        memory_aid=settings.memory_aid if memory_aid is None else memory_aid,
        confirm=settings.confirm if confirm is None else confirm,
        colour=settings.colour if colour is None else colour,
        note=note,
    )


def for_resume(settings: Settings, kept: Mapping[str, bool], *, memory_aid: bool | None = None,
               confirm: bool | None = None) -> tuple[bool, bool]:
    """The memory aid and confirming for playing a saved game on: an option given (not None) wins, then what
    the game's record `kept` (`Sitting.given()`), then the settings; a record that keeps none plays on with
    the settings, as records written before they were kept always have.
    """
    kept_memory_aid = kept.get("memory_aid", settings.memory_aid)
    kept_confirm = kept.get("confirm", settings.confirm)
    return (kept_memory_aid if memory_aid is None else memory_aid, kept_confirm if confirm is None else confirm)
