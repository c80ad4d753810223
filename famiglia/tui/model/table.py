"""The table: one game and what was played at it, whichever screen looks at it.

`Table` owns the `Game`, who sits at each seat, the actions played since `origin` (None: since the
deal), the public log of every finished turn, why the computer passed, and how far undo may reach
back in the turn under way: one snapshot per action (a copy of the game and the length of the
history), all dropped when new cards were shown, which undo may not hide again (R5, R10.1). A take
or pass whose player must still confirm it is `ending`: the game has moved on, but the turn is its
player's until they say so.

Against the computer at one keyboard, the person may also take back a whole turn and the computer's
answer (a takeback, as lichess has it): the table keeps the game as each of the person's turns began
(`turn_starts`), and `take_back_turn` goes back to the start of their last one. The game's generator
goes back with it, so the draw stack is in the same order: a refresh made again draws the same cards,
as a chess takeback shows the same board. `takebacks` counts them, by the length of the history kept.

It knows nothing of screens, messages or keys: a `Session` is one keyboard's screen of a table, and
the table's verbs take what they need as arguments. What a seat may see of it is `view(seat)` (R12),
so a table could as well be watched from several screens, one per seat.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from famiglia.engine import DEFAULT_NAMES, Action, Event, Game, Pass, Refresh, SeatView, Step
from famiglia.persistence.seats import NETWORK
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.passes import pass_reason
from famiglia.profile.seats import HUMAN, level_of

from .builder import complete

__all__ = ["Table"]


class Table:
    """One game at the table and its record so far; see the module docstring."""

    def __init__(self, *, seats: tuple[Any, Any] = (HUMAN, HUMAN), seed: int | str | None = None,
                 first: int | None = None) -> None:
        self.seats = seats
        self.seed = seed
        self.first = first
        self.game: Game | None = None
        self.origin: dict[str, Any] | None = None  # the position `history` starts from; None: a new deal
        self.history: list[Action] = []
        self.log: list[tuple[Event, ...]] = []  # the public events of every finished turn, oldest first
        self.pass_reasons: dict[int, str] = {}  # why the computer passed, by the turn's number in the log (from 1)
        self.snapshots: list[tuple[Game, int]] = []  # the game before each undoable action, and the history length
        self.ending: Action | None = None  # the take or pass played and waiting to be confirmed
        self.ending_seat = 0  # whose it is while `ending` waits
        self.before_ending: Game | None = None  # the game as every other seat still sees it while `ending` waits
        # The game as each of the person's turns began against the computer, with the history's and the log's lengths.
        self.turn_starts: list[tuple[Game, int, int]] = []
        self.takebacks: list[int] = []  # at each turn taken back, the length of the history it kept
        self.takeback_turns: list[int] = []  # and of the log: the game log says where each happened

    @classmethod
    def resumed(cls, game: Game, *, log: Iterable[tuple[Event, ...]] = (), pass_reasons: Mapping[int, str] = {},
                **options: Any) -> Table:
        """The table of `game` as it stands (a saved game, mid-turn included); `log` the turns played before.

        Undo cannot reach back before this point; without `log` the log starts with the last turn the game
        remembers.
        """
        table = cls(**options)
        table.game, table.origin = game, game.to_dict()
        last = game.view(None).last_turn
        table.log = list(log) or ([last] if last else [])
        table.pass_reasons = dict(pass_reasons)
        return table

    def deal(self, names: tuple[str, ...]) -> None:
        """A new game for `names`, dealt from the table's seed (None: a new shuffle)."""
        self.game = Game.new(seed=self.seed, names=names, first=self.first)
        self.origin = None
        self.history = []
        self.log = []
        self.pass_reasons = {}
        self.turn_starts = []
        self.takebacks = []
        self.takeback_turns = []
        self.new_turn()

    def deal_again(self) -> None:
        """The same players, a new shuffle: the seed is forgotten."""
        if self.game is not None:
            self.seed = None
            self.deal(self.game.names)

    def again(self) -> str | None:
        """The command that deals this game again, once it is over (before, its seed would tell the draw stack, R12.2):
        `famiglia play --seed 7`, with `--vs cpu:hard` where the computer played it, and `--first 2` where its start
        player is not the one the seed draws; None before the end."""
        game = self.game
        if game is None or not game.is_over or game.seed is None:
            return None
        words = ["famiglia", "play", "--seed", str(game.seed)]
        start = int(game.to_dict()["start_player"])
        if int(Game.new(seed=game.seed).to_dict()["start_player"]) != start:
            words += ["--first", str(start + 1)]
        level = next((level for level in map(level_of, self.seats) if level is not None), None)
        if level is not None:
            words += ["--vs", f"cpu:{level}"]
        return shlex.join(words)

    def new_turn(self) -> None:
        """A turn begins: nothing before it can be undone (a takeback apart), and no turn's end waits."""
        self.snapshots = []
        self.ending = None
        self.ending_seat = 0
        self.before_ending = None
        game = self.game
        if (game is not None and not game.is_over and self.takes_back and game.to_move == self.person
                and (not self.turn_starts or self.turn_starts[-1][1] != len(self.history))):
            self.turn_starts.append((game.copy(), len(self.history), len(self.log)))

    # -- reading --------------------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names if self.game is not None else DEFAULT_NAMES

    def game_for(self, seat: int | None) -> Game | None:
        """The game as `seat` knows it (None: as a watcher does): a take or pass waiting for its player's Enter is
        that player's alone until it is confirmed, so every other seat still sees the game from before it."""
        if self.ending is not None and seat != self.ending_seat and self.before_ending is not None:
            return self.before_ending
        return self.game

    def log_for(self, seat: int | None) -> list[tuple[Event, ...]]:
        """The finished turns as `seat` knows them: without a turn whose end waits for another player's Enter."""
        if self.ending is not None and seat != self.ending_seat and self.log:
            return self.log[:-1]
        return self.log

    def ending_for(self, seat: int | None) -> Action | None:
        """The take or pass waiting for `seat`'s Enter; another seat's is not `seat`'s to confirm."""
        return self.ending if seat == self.ending_seat else None

    def others_turn(self, seat: int) -> bool:
        """Whether anyone but `seat` acts now (a shared table's screen of `seat` then takes no action)."""
        game = self.game_for(seat)
        return (game is not None and not game.is_over and game.to_move != seat
                and (self.ending is None or self.ending_seat != seat))

    def is_human(self, player: int) -> bool:
        return bool(self.seats[player] == HUMAN)

    @property
    def person(self) -> int | None:
        """The seat of the one person at the table in a game against the computer; None in a game of two people."""
        people = [p for p in (0, 1) if self.is_human(p)]
        return people[0] if len(people) == 1 else None

    @property
    def takes_back(self) -> bool:
        """Whether a turn may be taken back here: one person against the computer (not over the network)."""
        person = self.person
        return person is not None and self.seats[1 - person] != NETWORK

    @property
    def computer_to_move(self) -> bool:
        """Whether a computer seat plays now: its turn, with no take or pass of the person's waiting."""
        game = self.game
        return game is not None and not game.is_over and self.ending is None and not self.is_human(game.to_move)

    def view(self, seat: int | None, *, memory: bool = False) -> SeatView:
        """What `seat` sees of the table now (R12); None: the public view, no hand at all.

        While a take or pass waits for its player's Enter, the game has moved on (or ended), but the turn
        on show is still theirs: it stands at its take, as the turn warned (R9.3's last turn); the last
        turn is still the opponent's, and this one the mover's, take included (R12.1).
        """
        assert self.game is not None
        if self.ending is not None and seat != self.ending_seat and self.before_ending is not None:
            return self.before_ending.view(seat, memory=memory)  # not confirmed: the mover's alone
        if seat is None:
            public = self.game.view(None)
            return replace(public, to_move=self.ending_seat, passes=0) if self.ending is not None else public
        view = self.game.view(seat, memory=memory)
        if self.ending is None:
            return view
        last = self.log[-2] if len(self.log) >= 2 else ()
        this = self.log[-1] if self.log else view.last_turn
        return replace(view, to_move=self.ending_seat, step=Step.TAKE, passes=0, refreshes=0, swaps_left=0,
                       result=None, opponent_hand=view.opponent_hand if memory else None,
                       last_turn=last, this_turn=this)

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab; none while nobody at the keyboard may act."""
        if self.game is None or self.ending is not None or self.computer_to_move:
            return []
        return complete(self.game.legal_actions(), text)

    def undo_refusal(self) -> str | None:
        """Why nothing of this turn can be taken back, in a player's words; None if something can."""
        if self.snapshots:
            return None
        if self.ending is not None:
            return _("the take dealt a new Street, which showed new cards")
        if self.game is not None and any(isinstance(e.action, Refresh) for e in self.game.view(None).this_turn):
            return _("the refresh showed new cards")
        return _("this turn has no action yet")

    def takeback_refusal(self) -> str | None:
        """Why no whole turn can be taken back now, in a player's words; None if one can (`take_back_turn`)."""
        if not self.takes_back:
            return _("a turn is taken back only against the computer, since in a game of two people the other "
                     "player has seen it")
        if self.game is None or self.game.is_over:
            return _("the game is over")
        if self.computer_to_move:
            return _("the computer is still playing its turn; take back once it has answered")
        if self._takeback_target() is None:
            return _("you have no earlier turn in this sitting to go back to")
        return None

    def _takeback_target(self) -> int | None:
        """The index in `turn_starts` a takeback goes back to: the start of the person's turn before the one under
        way, or of the one under way while its take or pass waits for Enter (the computer has not answered yet)."""
        if not self.turn_starts:
            return None
        current = len(self.turn_starts) - 1
        if self.ending is not None and self.turn_starts[current][1] < len(self.history):
            return current
        return current - 1 if current >= 1 else None

    # -- changing -------------------------------------------------------------------------------------------

    def play(self, action: Action | str, *, confirm: bool) -> Action:
        """Play `action` (object or notation) for the player to move; the action played.

        A refusal raises the engine's `ValueError` (`IllegalAction`, `NotationError`) and changes nothing.
        A take or pass of a person waits as `ending` for their Enter when `confirm` says to ask.
        """
        game = self.game
        assert game is not None and self.ending is None
        before = game.copy()
        mover = game.to_move
        played = game.apply(action)
        ends_turn = played.step is Step.TAKE
        dealt = ends_turn and any(e.action is None for e in game.view(None).last_turn)  # R10.1
        if isinstance(played, Refresh) or dealt:
            self.snapshots.clear()  # new cards were revealed: undo may not hide them again
        else:
            self.snapshots.append((before, len(self.history)))
        self.history.append(played)
        if ends_turn:
            self.log.append(game.view(None).last_turn)
            if type(played) is Pass and not self.is_human(mover):  # the computer says why, in public facts (R12.1)
                self.pass_reasons[len(self.log)] = pass_reason(before.view(None), game.result())
            if confirm and self.is_human(mover):  # the computer confirms nothing
                self.ending, self.ending_seat, self.before_ending = played, mover, before
        return played

    def take_back(self) -> Action:
        """Undo this turn's last action (there is one: `undo_refusal` is None); the action taken back."""
        game, length = self.snapshots.pop()
        taken_back = self.history[length]
        self.game = game
        del self.history[length:]
        if self.ending is not None:
            self.ending = self.before_ending = None
            self.log.pop()
        return taken_back

    def take_back_turn(self) -> int:
        """Go back to the start of the person's last whole turn, the computer's answer taken back with it (there is
        one: `takeback_refusal` is None); the number of actions taken back. The game, its generator included, is
        as it was then (R5: a refresh made again draws the same cards)."""
        index = self._takeback_target()
        assert index is not None
        start, length, logged = self.turn_starts[index]
        taken = len(self.history) - length
        del self.turn_starts[index + 1:]
        self.game = start.copy()
        del self.history[length:]  # the same list: whoever follows the history (the autosave) follows it on
        del self.log[logged:]
        self.pass_reasons = {n: why for n, why in self.pass_reasons.items() if n <= logged}
        self.snapshots = []
        self.ending = self.before_ending = None
        self.takebacks.append(length)
        self.takeback_turns.append(logged)
        return taken

    def confirm_ending(self) -> None:
        """The take or pass waiting was confirmed: the turn is over, and every seat sees it."""
        self.ending = self.before_ending = None
