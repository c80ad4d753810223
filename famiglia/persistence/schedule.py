"""The training schedule: each position a player trains on is a card in a Leitner box, kept in the data directory.

`famiglia train` turns the decisions a player lost points with into cards (`famiglia.tui.model.exercises`);
this module only keeps them and says when each is due, on a clock the caller gives (tests move it):

- a card never answered is new, and due at once;
- a miss puts it back in the first box: it comes back in the same session and again the next day;
- a right answer moves it up a box, due later and later (`INTERVALS` days: 1, then 3);
- answered right `RESTS` times in a row, it rests (learned): it is no longer due, though `--all` shows it.

The file is `training.json` beside the saved games:

    {"format": FORMAT, "version": 1, "cards": [{"key": "4:12", "game": "4", "kind": "brute", ...}, ...],
     "whose": {"7": [0]}}

`whose` keeps, for a game of two people at one keyboard, whose mistakes were chosen to be trained.
It is rewritten whole and atomically in the folder's writers' turn (`writing`), read again inside that
turn, so two famiglias answering at once lose nothing. A file that cannot be read is a `ScheduleError`
(one line) and is never written over. The cards of a game no longer saved are dropped at the next write.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from famiglia.phrasebook.catalogue import _

from .reading import Unreadable, read_text
from .record import printable
from .writing import folder_lock, private_folder, write_atomically

__all__ = ["FILE", "FORMAT", "INTERVALS", "KINDS", "RESTS", "Card", "Clock", "Schedule", "ScheduleError",
           "load_schedule", "save_schedule", "schedule_path", "system_clock"]

FORMAT: Final = "famiglia-training"
VERSION: Final = 1
FILE: Final = "training.json"
TEMP_PREFIX: Final = ".training-"
MAX_SIZE: Final = 16 * 1024 * 1024
INTERVALS: Final = (1, 3)  # days until a card answered right once, twice in a row, comes back
RESTS: Final = 3  # right this many times in a row: learned, it rests
KINDS: Final = ("refresh", "accountant", "brute", "take", "pass", "last rounds")  # the kinds of decision

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    """Now, in UTC: the schedule's clock outside the tests."""
    return datetime.now(UTC)


class ScheduleError(Exception):
    """A schedule file that cannot be read or written: the message says which and why, in one line."""


@dataclass(frozen=True, slots=True)
class Card:
    """One position to train: `key` names it (`GAME:MOVE`), `kind` the kind of decision (`KINDS`).

    `streak` is the right answers in a row (the box), `due` when it is due again (ISO 8601, UTC; None:
    new, due at once), `answers` and `misses` how often it was answered and missed, `last` the last
    verdict ("right", "miss", or None).
    """

    key: str
    game: str
    kind: str
    streak: int = 0
    due: str | None = None
    answers: int = 0
    misses: int = 0
    last: str | None = None

    @property
    def new(self) -> bool:
        return self.answers == 0

    @property
    def learned(self) -> bool:
        return self.streak >= RESTS

    @property
    def missed_again(self) -> bool:
        """Missed at its last answer, after it had been answered before."""
        return self.last == "miss" and self.answers >= 2

    def is_due(self, now: datetime) -> bool:
        return not self.learned and (self.due is None or datetime.fromisoformat(self.due) <= now)

    def answered(self, right: bool, now: datetime) -> Card:
        """The card after an answer at `now`: up a box when right (resting after `RESTS`), back to the first on a
        miss, due the next day."""
        if not right:
            return replace(self, streak=0, due=_stamp(now + timedelta(days=1)), answers=self.answers + 1,
                           misses=self.misses + 1, last="miss")
        streak = self.streak + 1
        due = None if streak >= RESTS else _stamp(now + timedelta(days=INTERVALS[min(streak, len(INTERVALS)) - 1]))
        return replace(self, streak=streak, due=due, answers=self.answers + 1, last="right")


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


@dataclass(slots=True)
class Schedule:
    """Every card by its key, and whose mistakes each game of two people is trained for (game id -> seats)."""

    cards: dict[str, Card] = field(default_factory=dict)
    whose: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def of_games(self, games: Iterable[str]) -> Schedule:
        """The schedule with only the cards (and choices) of `games`: those of a deleted game go with it."""
        kept = set(games)
        return Schedule({k: c for k, c in self.cards.items() if c.game in kept},
                        {g: s for g, s in self.whose.items() if g in kept})

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "cards": [asdict(c) for c in self.cards.values()],
                "whose": {g: list(s) for g, s in self.whose.items()}}


def schedule_path(root: Path) -> Path:
    return root / FILE


def load_schedule(root: Path) -> Schedule:
    """The schedule kept in the folder `root` (an empty one if there is none yet); `ScheduleError` for a file that
    is there but cannot be read as one."""
    path = schedule_path(root)
    name = printable(str(path), 200)
    try:
        text = read_text(path, limit=MAX_SIZE, kind=_("a training schedule"), follow=False)
    except FileNotFoundError:
        return Schedule()
    except Unreadable as why:
        raise ScheduleError(_("{name}: {reason}").format(name=name, reason=why)) from None
    try:
        return _read(json.loads(text))
    except (ValueError, TypeError, KeyError, RecursionError):
        raise ScheduleError(_("{name}: is not a training schedule famiglia can read; it is left as it is (move it "
                              "away to start the schedule anew)").format(name=name)) from None


def _read(data: Any) -> Schedule:
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError("not a schedule")
    cards = {}
    for entry in data["cards"]:
        if not isinstance(entry, dict):
            raise TypeError("a card is an object")
        card = Card(**{name: entry[name] for name in Card.__dataclass_fields__})
        _check(card)
        cards[card.key] = card
    whose = {}
    for game, seats in dict(data.get("whose", {})).items():
        if not isinstance(game, str) or not isinstance(seats, list) or not all(s in (0, 1) for s in seats):
            raise ValueError("whose: seats 0 and 1")
        whose[game] = tuple(int(s) for s in seats)
    return Schedule(cards, whose)


def _check(card: Card) -> None:
    texts = (card.key, card.game, card.kind)
    counts = (card.streak, card.answers, card.misses)
    if not all(isinstance(t, str) for t in texts) or card.kind not in KINDS:
        raise ValueError("a card's key, game and kind")
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10**9 for n in counts):
        raise ValueError("a card's counts")
    if card.last not in (None, "right", "miss"):
        raise ValueError("a card's last answer")
    if card.due is not None:
        if not isinstance(card.due, str):
            raise TypeError("a card's date")
        if datetime.fromisoformat(card.due).tzinfo is None:
            raise ValueError("a card's date has its time zone")


def save_schedule(root: Path, changed: Mapping[str, Card], *, whose: Mapping[str, tuple[int, ...]] | None = None,
                  games: Iterable[str] | None = None, drop: Iterable[str] = ()) -> Schedule:
    """Write the `changed` cards (and `whose` choices) into the schedule in `root`, in the folder's writers' turn,
    with what another famiglia wrote meanwhile; with `games` (the ids saved now), the cards of any other game are
    dropped, and so are the cards `drop` names (positions no longer trained). Returns the schedule as written.
    `ScheduleError` (one line) if the file there cannot be read (it is never written over) or cannot be written."""
    path = schedule_path(root)
    try:
        private_folder(root)
        with folder_lock(root):
            schedule = load_schedule(root)
            schedule.cards.update(changed)
            for key in drop:
                schedule.cards.pop(key, None)
            schedule.whose.update(whose or {})
            if games is not None:
                schedule = schedule.of_games(games)
            text = json.dumps(schedule.to_json(), indent=1, ensure_ascii=False) + "\n"
            write_atomically(path, text.encode("utf-8", "surrogateescape"), prefix=TEMP_PREFIX)
    except OSError as error:
        raise ScheduleError(_("{name}: cannot be written ({reason})").format(
            name=printable(str(path), 200), reason=error.strerror or error)) from None
    return schedule
