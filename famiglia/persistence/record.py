"""The game record: one game as human-readable JSON, read back only by replaying it through the engine.

A record holds the deal (the position of interface.md at the start, the generator's state included),
every action in notation with the player who made it, the turns taken back against the computer, and
the result once the game is over. Nothing else about the game is stored: `Record.game()` deals from
the start and applies the actions one by one through `Game.apply`, so a record and its game can never
disagree, and a hand-edited record is refused at the first action the rules do not allow. `RecordError`
says what is wrong in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final

from famiglia import __version__
from famiglia.engine import Action, Game, IllegalAction, NotationError, Result, Step, parse_action
from famiglia.phrasebook.catalogue import _, ngettext
from famiglia.phrasebook.counts import whole
from famiglia.phrasebook.refusals import reason_of

from .fields import MAX_ACTIONS, RecordError, printable
from .fields import quote as _quote
from .fields import record_id as _id
from .origin import Origin, origin_of
from .seats import HUMAN, PEOPLE, saved_names, shown_names
from .takebacks import takebacks_of

__all__ = [
    "FORMAT",
    "VERSION",
    "Move",
    "Origin",
    "Record",
    "RecordError",
    "Sitting",
    "Turn",
    "check_seed",
    "json_fault",
    "now",
    "printable",
]

FORMAT: Final = "famiglia-record"
VERSION: Final = 1
PROGRAM: Final = f"famiglia {__version__}"
SITTING: Final = ("memory_aid", "confirm")  # the settings a record keeps (`Sitting`), as the file names them

MAX_TEXT: Final = 200  # names, seats, seeds and actions are short; a longer one is no record of ours
SEED_BITS: Final = 1024  # the one limit on a whole-number seed: given on the command line, written, and read

# What the engine may raise on a position or action it refuses; all of them are the file's fault.
_REFUSALS: Final = (ValueError, TypeError, KeyError, IndexError, AttributeError, AssertionError, OverflowError,
                    RecursionError)


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the record and the player who made it."""

    player: int
    action: Action


@dataclass(frozen=True, slots=True)
class Sitting:
    """The settings a game was played with, so that playing it on keeps them; None: the record does not say.

    Records written before these were kept hold none of them, and a resumed game then uses the player's
    remembered settings, as it always did.
    """

    memory_aid: bool | None = None  # the opponent's hand as far as the public actions tell it (R12.3)
    confirm: bool | None = None  # ask before a take or pass ends the turn

    def given(self) -> dict[str, bool]:
        """The settings the record holds, by name."""
        return {name: getattr(self, name) for name in SITTING if getattr(self, name) is not None}


@dataclass(frozen=True, slots=True)
class Turn:
    """One whole turn, for the log: who played it, its actions, and both players' points right after it."""

    number: int  # from 1
    player: int
    moves: tuple[int, ...]  # indexes into `Record.moves`
    actions: tuple[Action, ...]
    points: tuple[int, int]  # hand and play area of each player (R11.1)


def now() -> str:
    """The time of day as the record writes it: ISO 8601, UTC, whole seconds."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass(slots=True)
class Record:
    """A game as it is saved: the deal, the moves, and what the file says about them.

    `start` is the position at the deal (`Game.to_dict()`, generator state included) and `seed` the
    seed the game was dealt with. `confirmed` is False while the last action ended a turn (a take or
    a pass) that its player has not yet confirmed.

    `players` are the names as saved, the same in every language: the computer by its seat (`cpu:easy`),
    or, in a record of an older famiglia, by the name it had in the language of the game. `names` are
    the names to show, in the language of whoever reads them; the game is dealt with them.
    """

    id: str
    seed: int | str
    players: tuple[str, str]
    start: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    seats: tuple[str, str] = (HUMAN, HUMAN)
    started: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    confirmed: bool = True
    program: str = PROGRAM
    sitting: Sitting = Sitting()
    takebacks: tuple[int, ...] = ()  # at each turn taken back against the computer, the actions the game kept
    origin: Origin | None = None  # the game this one was played on from, if any

    @classmethod
    def new(cls, game: Game, *, id: str = "new", seats: tuple[str, str] = (HUMAN, HUMAN)) -> Record:
        """The record of `game` as it stands before its first action."""
        assert game.seed is not None
        players = saved_names(game.names, seats)
        start = game.to_dict()
        for saved, player in zip(players, start["players"], strict=True):
            player["name"] = saved
        return cls(id=id, seed=game.seed, players=players, start=start, seats=seats)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as the reader reads them: the computer's said in the language in force."""
        return shown_names(self.players, self.seats)

    # -- the game it holds ------------------------------------------------------------------------------

    @property
    def start_player(self) -> int:
        return int(self.start["start_player"])

    def game(self, upto: int | None = None) -> Game:
        """The game after the first `upto` moves (all by default), dealt and played through the engine."""
        game = self._deal()
        for n, move in enumerate(self.moves[:upto], 1):
            self._apply(game, n, move)
        return game

    def games(self) -> Iterator[Game]:
        """The game at every moment: the deal, then after each move (independent copies)."""
        game = self._deal()
        yield game.copy()
        for n, move in enumerate(self.moves, 1):
            self._apply(game, n, move)
            yield game.copy()

    def _deal(self) -> Game:
        try:
            return Game.from_dict(self.start, seed=self.seed, names=self.names)
        except _REFUSALS as error:
            raise RecordError(_("the starting position is not valid: {error}").format(
                error=printable(str(error), 200))) from None

    def _apply(self, game: Game, n: int, move: Move) -> None:
        if game.is_over:
            raise RecordError(_("action {n} '{action}' comes after the end of the game").format(
                n=n, action=move.action))
        if move.player != game.to_move:
            raise RecordError(_("action {n} '{action}' is recorded for {player}, but it was {to_move}'s turn").format(
                n=n, action=move.action, player=_quote(self.names[move.player]),
                to_move=_quote(self.names[game.to_move])))
        try:
            game.apply(move.action)
        except IllegalAction as refusal:
            raise RecordError(_("action {n} '{action}' is not legal here: {reason}").format(
                n=n, action=move.action, reason=reason_of(refusal))) from None

    def turns(self) -> list[Turn]:
        """The whole turns of the game, numbered from 1; a turn under way is the last, unfinished one."""
        turns: list[Turn] = []
        moves: list[int] = []
        moments = self.games()
        next(moments)
        for index, (move, game) in enumerate(zip(self.moves, moments, strict=True)):
            moves.append(index)
            ends = move.action.step is Step.TAKE or index == len(self.moves) - 1
            if ends:
                turns.append(Turn(len(turns) + 1, move.player, tuple(moves),
                                  tuple(self.moves[i].action for i in moves), _points(game)))
                moves = []
        return turns

    @property
    def turn_count(self) -> int:
        """Whole turns played (a turn under way is not counted)."""
        return sum(1 for m in self.moves if m.action.step is Step.TAKE)

    def with_moves(self, moves: Sequence[Move], *, confirmed: bool = True, sitting: Sitting | None = None,
                   takebacks: Sequence[int] | None = None) -> Record:
        """This record with `moves` (and `sitting` and `takebacks`, if given) instead of its own, stamped with the
        time of now."""
        return replace(self, moves=list(moves), confirmed=confirmed, updated=now(), program=PROGRAM,
                       sitting=self.sitting if sitting is None else sitting,
                       takebacks=self.takebacks if takebacks is None else tuple(takebacks))

    def check(self) -> None:
        """`RecordError` unless the reader would take this record's fields back (the store checks before it writes)."""
        _id(self.id)
        _seed(self.seed)
        _names(list(self.players), "players")
        _seats(list(self.seats))
        _time(self.started, "started")
        _time(self.updated, "updated")
        _text(self.program, "program")
        _sitting(self.sitting.given())
        takebacks_of(list(self.takebacks))
        if self.origin is not None:
            origin_of(self.origin.to_json())

    # -- JSON --------------------------------------------------------------------------------------------

    def to_json(self, result: Result | None = None) -> dict[str, Any]:
        """The record as a JSON-ready dict; `result` is the finished game's (see `dumps`)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "program": self.program,
            "id": self.id,
            "started": self.started,
            "updated": self.updated,
            "seed": self.seed,
            "players": list(self.players),
            "seats": list(self.seats),
            "start_player": self.start_player,
            "start": self.start,
            "actions": [{"player": m.player, "action": str(m.action)} for m in self.moves],
            "confirmed": self.confirmed,
            **({"settings": self.sitting.given()} if self.sitting.given() else {}),
            **({"takebacks": list(self.takebacks)} if self.takebacks else {}),
            **({"origin": self.origin.to_json()} if self.origin is not None else {}),
            "result": None if result is None else _result_to_json(result, self.names, self.players),
        }

    def dumps(self, game: Game | None = None) -> str:
        """The file's text: JSON indented by two, a list of plain values or a small object on one line.

        `game` is this record's game if the caller holds it (it saves a replay); its result is written.
        """
        played = self.game() if game is None else game
        return _dump(self.to_json(played.result())) + "\n"

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record from its file's text and replay it; `RecordError` says in one line what is wrong."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise RecordError(_("the JSON is nested too deeply to be a game record")) from None
        except RecordError:
            raise  # NaN and Infinity: already said in the record's words
        except ValueError as error:  # JSONDecodeError, and an integer too long to read
            raise RecordError(_("this is not valid JSON ({error})").format(error=json_fault(error))) from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from parsed JSON, checked field by field, then replayed (see `loads`)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(_("this is not a famiglia game record"))
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            raise RecordError(_("record version {version} is not supported (this program reads version {supported}; "
                                "a newer famiglia may read it)").format(version=_quote(version), supported=VERSION))
        players = _names(data.get("players"), "players")
        record = cls(
            id=_id(data.get("id")),
            seed=_seed(data.get("seed")),
            players=players,
            start=_start(data.get("start")),
            seats=_seats(data.get("seats")),
            started=_time(data.get("started"), "started"),
            updated=_time(data.get("updated"), "updated"),
            confirmed=_flag(data.get("confirmed", True), "confirmed"),
            program=_text(data.get("program", PROGRAM), "program"),
            sitting=Sitting(**_sitting(data.get("settings", {}))),
            takebacks=takebacks_of(data.get("takebacks", [])),
            origin=None if data.get("origin") is None else origin_of(data["origin"]),
        )
        start_player = data.get("start_player")
        if (not isinstance(start_player, int) or isinstance(start_player, bool)
                or start_player != record.start.get("start_player")):
            raise RecordError(_("start_player {value} does not match the starting position").format(
                value=_quote(start_player)))
        record.moves = _moves(data.get("actions"))
        game = record.game()
        _check_result(data.get("result"), game.result(), record)
        return record


def _points(game: Game) -> tuple[int, int]:
    view = game.view(0, memory=True)
    hands = (view.hand, view.opponent_hand or ())
    return (sum(c.points for c in (*hands[0], *view.play_areas[0])),
            sum(c.points for c in (*hands[1], *view.play_areas[1])))


def _result_to_json(result: Result, shown: tuple[str, str], saved: tuple[str, str]) -> dict[str, Any]:
    """The result as saved: the winner of a tie-break (R11.2) named as the record saves them, not as shown."""
    tiebreak = result.tiebreak
    if tiebreak is not None and result.winner is not None:
        tiebreak = tiebreak.replace(f" — {shown[result.winner]} wins on ", f" — {saved[result.winner]} wins on ", 1)
    return {"scores": list(result.scores), "winner": result.winner, "reason": result.reason.name.lower(),
            "tiebreak": tiebreak}


def _check_result(stored: Any, replayed: Result | None, record: Record) -> None:
    if stored is None and replayed is None:
        return
    if replayed is None:
        raise RecordError(_("the record gives a result, but its actions do not finish the game"))
    if stored is None:
        return  # saved as the last action was made, before the result was written: the replay has it
    if stored != _result_to_json(replayed, record.names, record.players):
        scores = "-".join(str(s) for s in replayed.scores)
        raise RecordError(_("the stored result does not match the replay of the actions (which ends {scores})").format(
            scores=scores))


# -- checking the fields ------------------------------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise RecordError(_("this is not valid JSON ({name} is no number)").format(name=name))


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(_("{what} must be text, not {value}").format(what=what, value=_quote(value)))
    if not value or len(value) > MAX_TEXT or not value.isprintable():
        raise RecordError(_("{what} must be a short line of printable text, not {value}").format(
            what=what, value=_quote(value)))
    return value


def _names(value: Any, what: str) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(_("{what} must be a list of two, not {value}").format(what=what, value=_quote(value)))
    return _text(value[0], what), _text(value[1], what)


def json_fault(error: ValueError) -> str:
    """Where JSON could not be read, in the player's language (Python's own words are English)."""
    if isinstance(error, json.JSONDecodeError):
        return _("line {line}, column {column}").format(line=error.lineno, column=error.colno)
    return _("a number of too many digits")  # the one other ValueError of json.loads: int() past its limit


def check_seed(value: int) -> int:
    """`value` if a record can hold it as its seed; `ValueError` (in words for the command line) if not.

    The one limit on seeds, `SEED_BITS`: `famiglia play --seed`, the save and the reader all apply it,
    so a game dealt from a seed is a game that can be read back.
    """
    if value.bit_length() > SEED_BITS:
        raise ValueError(_("a seed has at most {bits} bits (some 308 digits), not {digits} digits").format(
            bits=whole(SEED_BITS), digits=whole(len(str(abs(value))))))
    return value


def _seed(value: Any) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RecordError(_("seed must be a whole number or text, not {value}").format(value=_quote(value)))
    if isinstance(value, int):
        try:
            check_seed(value)
        except ValueError as error:
            raise RecordError(_("seed is too large: {error}").format(error=error)) from None
    if isinstance(value, str):
        _text(value, "seed")
    return value


def _seats(value: Any) -> tuple[str, str]:
    seats = _names(value, "seats")
    if not set(PEOPLE) & set(seats):  # a computer's hand would be shown to whoever sits at the keyboard
        raise RecordError(_("seats {seats}: no game has two computer seats (one seat at least is {human} or {person})")
                          .format(seats=_quote(list(seats)), human=repr(HUMAN), person=repr(PEOPLE[1])))
    return seats


def _time(value: Any, what: str) -> str:
    text = _text(value, what)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise RecordError(_("{what} must be a date and time (ISO 8601), not {value}").format(
            what=what, value=_quote(text))) from None
    return text


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(_("{what} must be true or false, not {value}").format(what=what, value=_quote(value)))
    return value


def _sitting(value: Any) -> dict[str, bool]:
    """The settings a record keeps; a name this famiglia does not know is left for the famiglia that wrote it."""
    if not isinstance(value, dict):
        raise RecordError(_("settings must be an object of true or false values, not {value}").format(
            value=_quote(value)))
    return {name: _flag(value[name], f"settings: {name}") for name in SITTING if name in value}


def _start(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(_("start must be the starting position (a JSON object)"))
    return value


def _moves(value: Any) -> list[Move]:
    if not isinstance(value, list):
        raise RecordError(_("actions must be a list"))
    if len(value) > MAX_ACTIONS:
        raise RecordError(ngettext("{n} action is more than any game has", "{n} actions are more than any game has",
                                   len(value)).format(n=len(value)))
    moves = []
    for n, entry in enumerate(value, 1):
        if not isinstance(entry, dict) or set(entry) != {"player", "action"}:
            raise RecordError(_("action {n} must be an object with player and action, not {value}").format(
                n=n, value=_quote(entry)))
        player, text = entry["player"], entry["action"]
        if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
            raise RecordError(_("action {n}: player must be 0 or 1, not {value}").format(n=n, value=_quote(player)))
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise RecordError(_("action {n} must be an action in notation, not {value}").format(
                n=n, value=_quote(text)))
        try:
            action = parse_action(text)
        except NotationError as error:
            said = printable(reason_of(error), 160)
            if said.startswith(("'", '"')):  # it quotes the text and says why it is no action: said once
                raise RecordError(_("action {n} {said}").format(n=n, said=said)) from None
            raise RecordError(_("action {n} {text} is not an action: {reason}").format(
                n=n, text=_quote(text), reason=said)) from None
        except _REFUSALS as error:
            raise RecordError(_("action {n} {text} is not an action: {reason}").format(
                n=n, text=_quote(text), reason=printable(str(error), 120))) from None
        moves.append(Move(player, action))
    return moves


# -- writing --------------------------------------------------------------------------------------------------------


def _dump(value: Any, depth: int = 0) -> str:
    """JSON indented by two, except that a list of plain values or an object of plain values takes one line."""
    flat = json.dumps(value, ensure_ascii=False)
    plain = not isinstance(value, dict | list) or all(not isinstance(v, dict | list) for v in _values(value))
    if plain:
        return flat
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()]
    else:
        items = [inner + _dump(v, depth + 1) for v in value]
    if not items:
        return flat
    close = "}" if isinstance(value, dict) else "]"
    return (flat[0] + "\n") + ",\n".join(items) + "\n" + "  " * depth + close


def _values(value: Mapping[str, Any] | list[Any]) -> list[Any]:
    return list(value.values()) if isinstance(value, Mapping) else value
