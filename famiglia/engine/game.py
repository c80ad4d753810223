"""The game: the public face of the engine (interface.md).

A `Game` owns its table and its seeded `random.Random`, so the same seed and the same actions always
give the same game. `apply` checks an action against the legal actions and only then changes
anything; a refused action raises `IllegalAction` with the reason and leaves the game as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take, parse_action
from .cards import CARDS, DECK, Card, Family, expand
from .errors import IllegalAction, NotationError, quoted
from .position import events_to_list, read_position, table_to_dict
from .refusals import Kind, Refusal
from .rules import explain, legal_actions, refresh_refusal, street_index
from .scoring import Result, score
from .table import STREET_SIZE, Happening, Table, event, happening
from .view import Counts, SeatView, StreetCard, table_from_view

__all__ = ["DEFAULT_NAMES", "Game"]

DEFAULT_NAMES = ("Player 1", "Player 2")
_STARTING_SET = tuple(Card.of(f, 0) for f in Family)  # R1.3, R3.1


class Game:
    """One game of Famiglia from setup to scoring. Build it with `Game.new` or `Game.from_dict`."""

    __slots__ = ("_last_turn", "_legal", "_names", "_result", "_table", "_this_turn", "seed")

    _table: Table
    _names: tuple[str, str]
    _legal: dict[Action, int] | None
    _this_turn: list[Happening]  # the public record of the turn under way (see `table.Happening`)
    _last_turn: tuple[Happening, ...]
    _result: Result | None
    seed: int | str | None

    def __init__(self) -> None:
        raise TypeError("use Game.new(seed=...) or Game.from_dict(position, seed=...)")

    @classmethod
    def _wrap(cls, table: Table, names: tuple[str, str], seed: int | str | None) -> Game:
        g = object.__new__(cls)
        g._table = table
        g._names = names
        g._legal = None
        g._this_turn = []
        g._last_turn = ()
        g._result = None
        g.seed = seed
        return g

    # -- construction ---------------------------------------------------------------------------------

    @classmethod
    def new(cls, seed: int | str | None = None, names: Sequence[str] = DEFAULT_NAMES, *,
            first: int | None = None) -> Game:
        """Set up a game by R3: starting sets in hand, 52 cards shuffled, a Street of six.

        With no seed one is drawn from the operating system and kept in `game.seed`, so any game can be
        replayed. `first` (0 or 1) fixes the start player; otherwise it is drawn (R3.3). The deal depends on
        the seed alone, so fixing the start player never changes the cards (games dealt before this rule, with
        `first` given, dealt differently; their records keep their own deal and load as they were). A seed that is
        neither a whole number nor text, or a `first` that is no int, raises `TypeError`; a `first` other
        than 0 or 1 raises `ValueError`.
        """
        seed = _seed(seed)
        if first is not None:
            _player_index(first, "first")
        rng = random.Random(seed)
        drawn = rng.randrange(2)  # R3.3: drawn even when given, so the deal depends on the seed alone (R3.2)
        start = drawn if first is None else first
        rest = Counter(DECK)
        for c in _STARTING_SET:
            rest[c] -= 2
        stack = sorted(rest.elements())
        rng.shuffle(stack)  # R3.2; the top of the stack is its last element
        starting_set = [1 if c in _STARTING_SET else 0 for c in CARDS]
        street = [stack.pop() for _ in range(STREET_SIZE)]  # R3.4
        table = Table(hands=[starting_set, starting_set[:]], areas=[[0] * len(CARDS), [0] * len(CARDS)],
                      street=street, stack=stack, discard=[], exhaustions=0, start_player=start, to_move=start,
                      passes=0, rng=rng)
        return cls._wrap(table, _check_names(names), seed)

    @classmethod
    def from_dict(cls, position: Mapping[str, Any], *, seed: int | str | None = None,
                  names: Sequence[str] | None = None) -> Game:
        """A game from a position (interface.md); `seed` drives later reshuffles, `names` replaces the names.

        Raises `PositionError` (a ValueError) for anything that is not a reachable position of 60 cards.
        """
        seed = _seed(seed)
        found = read_position(position, seed)
        g = cls._wrap(found.table, _check_names(names) if names is not None else found.names, seed)
        g._this_turn = [happening(e) for e in found.this_turn]
        g._last_turn = tuple(happening(e) for e in found.last_turn)
        if found.table.end is not None:
            g._result = g._score()
        return g

    @classmethod
    def from_view(cls, view: SeatView, draw_stack: Sequence[Card | str], *, seed: int | str | None = None) -> Game:
        """A game equal to the real one as far as `view`'s seat can know, with `draw_stack` as the stack's order.

        For a search that samples what its seat cannot see (R12.2): `view` is `game.view(seat, memory=True)`,
        at any moment, mid-turn included; `draw_stack` (top first, cards or their names) must be exactly the
        cards of `view.draw_stack_counts` and end with `view.stack_bottom` (R5.4); `seed` drives the
        reshuffle still to come (R9.2). Raises `PositionError` for a view without the memory aid or a stack
        that does not fit. Built straight from the view, cheap enough to call for every sampled world.
        """
        seed = _seed(seed)
        g = cls._wrap(table_from_view(view, draw_stack, random.Random(seed)), view.names, seed)
        g._this_turn = [happening(e) for e in view.this_turn]
        g._last_turn = tuple(happening(e) for e in view.last_turn)
        g._result = view.result
        return g

    def to_dict(self) -> dict[str, Any]:
        """The position as a JSON-ready dict, with extras so a game restores exactly at any moment.

        Beyond the required keys of interface.md: `turn` (the state in the middle of a turn), `rng` (the
        generator's state), `this_turn` and `last_turn` (the public record of the turns under way and before).
        """
        d = table_to_dict(self._table, self._names)
        if self._this_turn:
            d["this_turn"] = events_to_list([event(h) for h in self._this_turn])
        if self._last_turn:
            d["last_turn"] = events_to_list([event(h) for h in self._last_turn])
        return d

    def copy(self) -> Game:
        """An independent copy, cheap enough for search."""
        g = object.__new__(Game)
        g._table = self._table.copy()
        g._names = self._names
        g._legal = self._legal  # never mutated, only replaced
        g._this_turn = self._this_turn[:]
        g._last_turn = self._last_turn
        g._result = self._result
        g.seed = self.seed
        return g

    # -- reading the game -----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self._names

    @property
    def to_move(self) -> int:
        return self._table.to_move

    @property
    def start_player(self) -> int:
        return self._table.start_player

    @property
    def is_over(self) -> bool:
        return self._table.end is not None

    @property
    def step(self) -> Step:
        """The latest step acted in this turn (R4); `Step.REFRESH` when nothing was done yet."""
        return self._table.turn.step

    def result(self) -> Result | None:
        """How the game ended (scores, winner, reason, tie-break); None while it is still running."""
        return self._result

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, one entry per distinct action; empty after the end."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_actions(self._table)
        return list(legal)

    def _legal_map(self) -> dict[Action, int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_actions(self._table)
        return legal

    def parse(self, text: str) -> Action:
        """Read action notation; raises `NotationError` for text that is no action."""
        return parse_action(text)

    def why_illegal(self, action: Action | str) -> str | None:
        """The reason an action is refused now, in a player's words, or None if it is allowed.

        It asks the rules' predicates about this one action (as python-chess's `is_legal` does), not the
        list of legal actions; the two agree, action for action (tests/engine/test_refusals.py).
        """
        refusal = self.refusal(action)
        return None if refusal is None else str(refusal)

    def refusal(self, action: Action | str) -> Refusal | None:
        """Why an action is refused now, as a value (its kind, rule and fields: `why_illegal` is its `str`), or
        None if it is allowed; text that is no action is refused by the notation's reader."""
        try:
            a = _action(action)
        except NotationError as error:
            assert error.refusal is not None
            return error.refusal
        return explain(self._table, a)

    # -- playing --------------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> Action:
        """Carry out an action (an object or its notation) and return it; refuse anything not legal now."""
        a: Action = action if type(action) in _ACTION_TYPES else _action(action)  # type: ignore[assignment]
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_actions(self._table)
        if a not in legal:
            said = " ".join(action.split()) if isinstance(action, str) else str(a)  # quote what was asked
            why = explain(self._table, a)
            assert why is not None, f"{a} is refused by the generator but allowed by the rules' predicates"
            raise IllegalAction(f"{said}: {why}", refusal=why)
        self.apply_legal(a)
        return a

    def apply_legal(self, action: Action) -> None:
        """Unchecked apply for search: `action` must be one of `legal_actions()` of this very moment."""
        table = self._table
        legal = self._legal
        # Without the list of legal actions at hand, the Street position is found directly (a playout
        # applies its planner's actions without listing every legal action first).
        index = legal[action] if legal is not None else street_index(table, action)
        happened = table.apply(action, index)
        self._legal = None
        if action.step is Step.TAKE:
            self._this_turn.append(happened)
            if not table.street:
                deal = table.deal_street()
                if deal is not None:
                    self._this_turn.append(deal)
            self._last_turn = tuple(self._this_turn)
            self._this_turn = []
            if table.end is not None:
                self._result = self._score()
        else:
            self._this_turn.append(happened)

    def _score(self) -> Result:
        t = self._table
        assert t.end is not None
        holdings = tuple([h + a for h, a in zip(t.hands[p], t.areas[p], strict=True)] for p in (0, 1))
        return score((holdings[0], holdings[1]), t.end, self._names)

    # -- what a seat sees (R12) -----------------------------------------------------------------------

    def view(self, seat: int | None, *, memory: bool = False) -> SeatView:
        """What seat `seat` may see (R12.1, R12.2); with `memory`, also what perfect memory gives (R12.3).

        `seat=None` is the public view, as on the table while the keyboard changes hands: no hand at all.
        Once the game is over both hands are shown, as at the scoring (R11.1).
        """
        if seat is not None:
            _player_index(seat, "seat")
        t = self._table
        over = t.end is not None
        opponent_hand: tuple[Card, ...] | None = None
        draw_counts: dict[Card, int] | None = None
        if seat is not None and (memory or over):
            opponent_hand = tuple(expand(t.hands[1 - seat]))
        if seat is not None and memory:
            draw_counts = dict(Counter(t.stack))  # what memory of all public cards leaves: counts, never order
        turn = t.turn
        known = t.known_bottom
        return SeatView(
            seat=seat,
            names=self._names,
            hand=tuple(expand(t.hands[seat])) if seat is not None else (),
            hand_sizes=(sum(t.hands[0]), sum(t.hands[1])),
            play_areas=(tuple(expand(t.areas[0])), tuple(expand(t.areas[1]))),
            street=tuple(StreetCard(c, t.effective(i)) for i, c in enumerate(t.street)),
            draw_stack_size=len(t.stack),
            stack_bottom=tuple(t.stack[known - 1::-1]) if known else (),
            discard_pile=tuple(t.discard),
            exhaustions=t.exhaustions,
            start_player=t.start_player,
            to_move=t.to_move,
            passes=t.passes,
            step=turn.step,
            refreshes=turn.refreshes,
            late_refresh=turn.late_refresh,
            accountant=CARDS[turn.accountant] if turn.accountant >= 0 else None,
            swaps_left=turn.swaps_left,
            locked_play_area=_cards_of(turn.locked_area),
            locked_hand=_cards_of(turn.locked_hand),
            reduced=turn.reduced if turn.reduced >= 0 else None,
            can_refresh=refresh_refusal(t) is None,
            legal_actions=tuple(self._legal_map()) if seat == t.to_move and not over else (),
            this_turn=tuple(event(h) for h in self._this_turn),
            last_turn=tuple(event(h) for h in self._last_turn),
            result=self._result,
            opponent_hand=opponent_hand,
            draw_stack_counts=draw_counts,
        )

    def counts(self) -> Counts:
        """The lean read of the table for the seat to move (see `Counts`), for playouts in sampled worlds.

        A `SeatView` lists every card and is built for the screen; a playout reads the position after
        every action and needs only counts, so this costs a small fraction of `view()`.
        """
        t = self._table
        p = t.to_move
        turn = t.turn
        street = t.street
        reduced = turn.reduced
        effective = [c.value for c in street]
        if reduced >= 0:
            effective[reduced] -= turn.reduction
        return Counts(p, t.passes, t.hands[p], t.areas[p], t.hands[1 - p], t.areas[1 - p], street, effective,
                      turn.step, turn.swaps_left, turn.locked_area, turn.locked_hand, refresh_refusal(t) is None,
                      len(t.stack), t.exhaustions, t.start_player)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._names[self.to_move]} to move"
        return f"<Game seed={self.seed!r} {state}>"


def _seed(seed: object) -> int | str:
    """The seed as given, or one drawn from the operating system and kept, so any game can be replayed."""
    if seed is None:
        return random.SystemRandom().randrange(2**63)
    if isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise TypeError(f"a seed is a whole number or text, not {quoted(seed)}")


def _player_index(value: object, what: str) -> None:
    if type(value) is not int:
        raise TypeError(f"{what} must be the player index 0 or 1 (an int), not {quoted(value)}")
    if value not in (0, 1):
        raise ValueError(f"{what} must be 0 or 1, not {quoted(value)}")


_ACTION_TYPES = frozenset((Refresh, PlayAccountant, Swap, PlayBrute, Take, Pass))


def _action(action: object) -> Action:
    """An action object as it is, or one read from its notation; anything else is no action at all."""
    if type(action) in _ACTION_TYPES:
        return action  # type: ignore[return-value]
    if isinstance(action, str):
        return parse_action(action)
    if isinstance(action, Refresh | PlayAccountant | Swap | PlayBrute | Take | Pass):
        return action
    raise NotationError.of(Refusal(Kind.NOT_AN_ACTION, typed=quoted(action)))


def _cards_of(locked: dict[int, int]) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in sorted(locked) for _ in range(locked[i]))


def _check_names(names: object) -> tuple[str, str]:
    """Two names as a tuple; not a sequence of strings is a `TypeError`, not two of them a `ValueError`."""
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names):
        raise TypeError(f"names must be a sequence of two strings, not {quoted(names)}")
    if len(names) != 2:
        raise ValueError(f"names must be two strings, not {len(names)}")
    return (names[0], names[1])
