"""Positions (interface.md): the table as a JSON-ready dict, and back, with every check a position needs.

The required keys describe where every card lies; the optional `turn` key carries the state in the
middle of a turn, `stack_bottom` how many cards at the bottom of the draw stack are known (R5.4), and
`rng` the generator's state, so a game can be saved and restored at any moment.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from .actions import Step, parse_action
from .cards import CARDS, DECK, Card, expand, parse_card
from .errors import NotationError, PositionError
from .table import EndReason, Event, Table, Turn

__all__ = ["REQUIRED_KEYS", "events_from_list", "events_to_list", "table_from_dict", "table_to_dict"]

REQUIRED_KEYS = ("players", "street", "draw_stack", "discard_pile", "exhaustions", "start_player", "to_move",
                 "passes")
_DECK_COUNTS = Counter(DECK)


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def table_to_dict(table: Table, names: tuple[str, str]) -> dict[str, Any]:
    """The position of interface.md, plus `turn` (mid-turn state) and `rng` (the generator's state)."""
    turn = table.turn
    d: dict[str, Any] = {
        "players": [
            {"name": names[p], "hand": _names(list(expand(table.hands[p]))),
             "play_area": _names(list(expand(table.areas[p])))}
            for p in (0, 1)
        ],
        "street": _names(table.street),
        "draw_stack": _names(table.stack[::-1]),
        "discard_pile": _names(table.discard),
        "exhaustions": table.exhaustions,
        "start_player": table.start_player,
        "to_move": table.to_move,
        "passes": table.passes,
    }
    known = table.known_bottom
    if known:
        d["stack_bottom"] = known  # R5.4: everyone saw the last `known` cards of draw_stack go under
    if not turn.is_fresh:
        d["turn"] = {
            "step": turn.step.name.lower(),
            "refreshes": turn.refreshes,
            "late_refresh": turn.late_refresh,
            "swaps_left": turn.swaps_left,
            "accountant": CARDS[turn.accountant].name if turn.accountant >= 0 else None,
            "locked_play_area": _names(list(expand(_counts(turn.locked_area)))),
            "locked_hand": _names(list(expand(_counts(turn.locked_hand)))),
            "reduced": turn.reduced,
            "reduction": turn.reduction,
        }
    if table.end is not None:
        d["ended"] = table.end.name.lower()
    version, internal, gauss = table.rng.getstate()
    d["rng"] = [version, list(internal), gauss]
    return d


def _counts(locked: dict[int, int]) -> list[int]:
    counts = [0] * len(CARDS)
    for i, n in locked.items():
        counts[i] = n
    return counts


def table_from_dict(position: Mapping[str, Any], seed: int | str | None) -> tuple[Table, tuple[str, str]]:
    """Read and check a position; raise `PositionError` (a ValueError) saying what is wrong."""
    if not isinstance(position, Mapping):
        raise PositionError("a position must be a JSON object")
    missing = [k for k in REQUIRED_KEYS if k not in position]
    if missing:
        raise PositionError(f"the position lacks {', '.join(missing)}")
    try:
        return _read(position, seed)
    except PositionError:
        raise
    except (NotationError, TypeError, KeyError, IndexError, AttributeError, ValueError) as error:
        raise PositionError(f"the position is malformed: {error}") from None


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list | tuple):
        raise PositionError(f"{what} must be a list of cards")
    out = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f"{what} holds {item!r}, which is not a card name")
        try:
            out.append(parse_card(item))
        except NotationError:
            raise PositionError(f"{what} holds {item!r}, which is not a card") from None
    return out


def _index(value: Any, what: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise PositionError(f"{what} must be a whole number from 0 to {top}, not {value!r}")
    return value


def _count_list(cards: list[Card]) -> list[int]:
    counts = [0] * len(CARDS)
    for c in cards:
        counts[c.index] += 1
    return counts


def _read(position: Mapping[str, Any], seed: int | str | None) -> tuple[Table, tuple[str, str]]:
    players = position["players"]
    if not isinstance(players, list | tuple) or len(players) != 2:
        raise PositionError("a position has exactly two players")
    names: list[str] = []
    hands, areas = [], []
    for n, p in enumerate(players):
        if not isinstance(p, Mapping):
            raise PositionError(f"player {n} must be an object with name, hand and play_area")
        name = p.get("name", f"Player {n + 1}")
        if not isinstance(name, str):
            raise PositionError(f"player {n}'s name must be text")
        names.append(name)
        hands.append(_cards(p.get("hand"), f"player {n}'s hand"))
        areas.append(_cards(p.get("play_area"), f"player {n}'s play_area"))
    street = _cards(position["street"], "the street")
    stack = _cards(position["draw_stack"], "the draw_stack")
    discard = _cards(position["discard_pile"], "the discard_pile")

    every = Counter(street + stack + discard + hands[0] + hands[1] + areas[0] + areas[1])
    if every != _DECK_COUNTS:  # R1
        extra = every - _DECK_COUNTS
        lacking = _DECK_COUNTS - every
        parts = []
        if extra:
            parts.append("too many " + " ".join(sorted(c.name for c in extra.elements())))
        if lacking:
            parts.append("missing " + " ".join(sorted(c.name for c in lacking.elements())))
        raise PositionError(f"a position holds exactly the 60 cards of the game: {'; '.join(parts)}")

    exhaustions = _index(position["exhaustions"], "exhaustions", 2)
    start_player = _index(position["start_player"], "start_player", 1)
    to_move = _index(position["to_move"], "to_move", 1)
    ended = position.get("ended")
    passes = _index(position["passes"], "passes", 2 if ended is not None else 1)  # 2 only once they ended it
    turn = _read_turn(position.get("turn"), street)
    if exhaustions < 2 and not stack:
        raise PositionError("the draw stack is empty but has not been exhausted twice: "
                            "the reshuffle is immediate (R9.2)")
    if exhaustions == 2 and stack:
        raise PositionError("after the second exhaustion the draw stack is empty (R9.3)")
    if exhaustions < 2 and not street and ended is None:
        raise PositionError("the Street is empty while cards are left to deal: six are dealt at once (R10.1)")
    if exhaustions >= 1 and discard:
        raise PositionError("after the first exhaustion the discard pile is empty (R9.2, R5.4)")

    bottom = _index(position.get("stack_bottom", 0), "stack_bottom", len(stack))
    if bottom and exhaustions != 1:
        raise PositionError("cards go under the draw stack only between its two exhaustions (R5.4)")

    end = None
    if ended is not None:
        try:
            end = EndReason[str(ended).upper()]
        except KeyError:
            raise PositionError(f"unknown end {ended!r}") from None
    rng = random.Random(seed)
    state = position.get("rng")
    if state is not None:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    table = Table(hands=[_count_list(hands[0]), _count_list(hands[1])],
                  areas=[_count_list(areas[0]), _count_list(areas[1])], street=street, stack=stack[::-1],
                  discard=discard, exhaustions=exhaustions, start_player=start_player, to_move=to_move,
                  passes=passes, rng=rng, turn=turn, end=end, bottom=bottom)
    return table, (names[0], names[1])


def _read_turn(data: Any, street: list[Card]) -> Turn:
    if data is None:
        return Turn()
    if not isinstance(data, Mapping):
        raise PositionError("turn must be an object")
    try:
        step = Step[str(data.get("step", "refresh")).upper()]
    except KeyError:
        raise PositionError(f"unknown step {data.get('step')!r}") from None
    reduced = int(data.get("reduced", -1))
    reduction = int(data.get("reduction", 0))
    if reduced >= len(street) or (reduced >= 0 and not 1 <= reduction <= street[reduced].value):
        raise PositionError("the turn's Brute reduction does not fit the Street")
    swaps_left = int(data.get("swaps_left", 0))
    if not 0 <= swaps_left <= 4:
        raise PositionError("swaps_left must be 0 to 4")
    return Turn(
        step=step,
        refreshes=int(data.get("refreshes", 0)),
        late_refresh=bool(data.get("late_refresh", False)),
        swaps_left=swaps_left,
        accountant=_cards([data["accountant"]], "the turn's accountant")[0].index if data.get("accountant") else -1,
        locked_area=_locked(data.get("locked_play_area", [])),
        locked_hand=_locked(data.get("locked_hand", [])),
        reduced=reduced,
        reduction=reduction if reduced >= 0 else 0,
    )


def _locked(value: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in _cards(value, "a locked list"):
        out[c.index] = out.get(c.index, 0) + 1
    return out


def events_to_list(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    """The public record of a turn as JSON (`action` None: the new Street dealt between turns)."""
    return [
        {"player": e.player, "action": None if e.action is None else str(e.action), "drawn": _names(list(e.drawn)),
         "exhausted": e.exhausted, "exhaustions": e.exhaustions}
        for e in events
    ]


def events_from_list(value: Any) -> list[Event]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise PositionError("a turn record must be a list")
    try:
        return [
            Event(_index(e["player"], "a turn record's player", 1),
                  None if e.get("action") is None else parse_action(str(e["action"])),
                  tuple(_cards(e.get("drawn", []), "a turn record")), int(e.get("exhausted", 0)),
                  int(e.get("exhaustions", 0)))
            for e in value
        ]
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise PositionError(f"a turn record is malformed: {error}") from None
