"""`famiglia play`: a new game at this terminal, for two or against the computer, or a record file played on.

The options given win over the remembered settings for this one game (`famiglia.profile.options`).
The screen is imported only here, when a game starts, so that a build without it says so in one line.
"""

from __future__ import annotations

import contextlib
import shlex
from pathlib import Path
from typing import Any

from famiglia.persistence import Store, StoreError
from famiglia.phrasebook.catalogue import _
from famiglia.profile.names import NameRefused, check_pair
from famiglia.profile.options import for_play
from famiglia.profile.seats import HUMAN, seat_name

from . import resume
from .errors import EXIT_FAILURE, EXIT_USAGE, UsageError, complain
from .settings import remembered

__all__ = ["play"]


def play(*, names: tuple[str, ...] | None = None, vs: str | None = None, seed: int | None = None,
         first: int | None = None, memory_aid: bool | None = None, confirm: bool | None = None,
         load: str | None = None, colour: bool = True, plain: bool | None = None) -> int:
    """Play a game as `famiglia play` was told: `first` is player 1 or 2 as typed, `load` a record file; in colour
    as the settings say, unless `colour` is False (`NO_COLOR`, read where the program starts); in lines of text
    (docs/plain.md) where `plain` or, when it is None, the settings say so."""
    start: int | None = None if first is None else first - 1  # the screen counts players 0 and 1
    if load is not None and vs is not None:
        raise UsageError(_("--load plays a saved game on against the opponent it was played with: leave out --vs"))
    if load is not None and (names is not None or seed is not None or start is not None):
        raise UsageError(_("--load plays a saved game on: its names, seed and start player are the record's"))
    try:
        from famiglia.tui import run_play
    except ImportError as exc:
        if exc.name != "famiglia.tui":
            raise
        complain(_("famiglia play is not available in this build"), prefix=False)
        return EXIT_FAILURE
    settings = remembered()
    choice = for_play(settings, names=names, vs=vs, memory_aid=memory_aid, confirm=confirm)
    if choice.note is not None:
        complain(choice.note)
    shown = choice.colour and colour  # the settings' colour, unless NO_COLOR says none
    lines = settings.plain if plain is None else plain
    if load is not None:
        return _play_file(load, settings=settings, memory_aid=memory_aid, confirm=confirm, colour=shown, plain=lines)
    given, options = _seating(choice.names, choice.vs)
    _tidy_saved_games()
    if lines:
        from famiglia.tui.plain import run_plain

        return run_plain(names=given, seed=seed, first=start, memory_aid=choice.memory_aid, confirm=choice.confirm,
                         **options)
    code: int = run_play(names=given, seed=seed, first=start, memory_aid=choice.memory_aid,
                         confirm=choice.confirm, colour=shown, **options)
    return code


def _play_file(load: str, **options: Any) -> int:
    """`--load FILE`: a file that is, or leads to, a game of ours plays that game on, in its own file."""
    try:
        own = Store().own_path(Path(load))
    except StoreError as error:
        complain(str(error))
        return EXIT_USAGE
    return resume.play_file(load if own is None else str(own), **options)


def _seating(given: tuple[str, ...] | None, vs: str | None) -> tuple[tuple[str, str] | None, dict[str, Any]]:
    """The players' names and the screen's seating options from ``--names`` and ``--vs``.

    Against the computer the person is player 1 and names only themselves; the computer's name is its
    level's ("Computer (normal)"). A hot-seat game takes two names.
    """
    if vs is None:
        apart = [name.strip() for name in given[0].split(",")] if given is not None and len(given) == 1 else []
        if len(apart) == 2 and all(apart):  # `--names Anna,Ben`: one name with a comma in it
            raise UsageError(_("argument --names: the two names go apart, with a space: --names {names}").format(
                names=shlex.join(apart)))
        if given is not None and len(given) != 2:
            raise UsageError(_("argument --names: give two names, player 1 first (or one, yours, with --vs cpu)"))
        return (given[0], given[1]) if given is not None else None, {}
    seats = (HUMAN, vs)
    if given is None:
        return None, {"seats": seats}
    if len(given) != 1:
        raise UsageError(_("argument --names: against the computer give one name, yours"))
    computer = seat_name(vs)
    try:
        check_pair(given[0], computer)
    except NameRefused as refusal:
        raise UsageError(_("argument --names: {why}").format(why=refusal)) from None
    return (given[0], computer), {"seats": seats}


def _tidy_saved_games() -> None:
    """On starting a new game: remove the leftovers of killed famiglias and the games never played a turn."""
    with contextlib.suppress(StoreError, OSError):  # the game itself says so if it cannot be saved
        Store().tidy()
