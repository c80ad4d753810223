"""Positions (interface.md): the table as a JSON-ready dict, and back, with every check a position needs.

The required keys describe where every card lies; the optional `turn` key carries the state in the
middle of a turn, `stack_bottom` how many cards at the bottom of the draw stack are known (R5.4), and
`rng` the generator's state, so a game can be saved and restored at any moment.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from .actions import Step, parse_action
from .cards import CARDS, DECK, Card, Family, expand, parse_card
from .errors import NotationError, PositionError, quoted
from .table import EndReason, Event, Table, Turn

__all__ = ["REQUIRED_KEYS", "Position", "events_to_list", "read_position", "table_to_dict"]

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


class Position(NamedTuple):
    """A position read and checked: the table, the players' names and the public record of the turns."""

    table: Table
    names: tuple[str, str]
    this_turn: list[Event]
    last_turn: tuple[Event, ...]


def read_position(position: object, seed: int | str) -> Position:
    """Read and check a position; raise `PositionError` (a ValueError) saying what is wrong.

    Every key is checked for its type and range (JSON may carry anything: 1e999, huge numbers, nested
    lists), and so is every combination no game can reach: the cards of R1,
    the draw stack and its exhaustions (R9), the state of a turn under way (R4-R7), and an end (R10.2).
    """
    try:
        return _read(position, seed)
    except PositionError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, OverflowError) as error:  # a safety net
        raise PositionError(f"the position is malformed ({type(error).__name__})") from None


def _read(position: object, seed: int | str) -> Position:
    position = _object(position, "a position", None)
    missing = [k for k in REQUIRED_KEYS if k not in position]
    if missing:
        raise PositionError(f"the position lacks {', '.join(missing)}")
    names, hands, areas = _read_players(position["players"])
    street = _cards(position["street"], "the street")
    stack = _cards(position["draw_stack"], "the draw_stack")
    discard = _cards(position["discard_pile"], "the discard_pile")
    _check_deck(street + stack + discard + hands[0] + hands[1] + areas[0] + areas[1])

    exhaustions = _whole(position["exhaustions"], "exhaustions", 0, 2)
    start_player = _whole(position["start_player"], "start_player", 0, 1)
    to_move = _whole(position["to_move"], "to_move", 0, 1)
    end = _read_end(position.get("ended"))
    passes = _whole(position["passes"], "passes", 0, 2 if end is EndReason.PASSES else 1)  # 2 only once they ended it
    _check_piles(exhaustions, street, stack, discard)
    bottom = _whole(position.get("stack_bottom", 0), "stack_bottom", 0, len(stack))
    if bottom and exhaustions != 1:
        raise PositionError("cards go under the draw stack only between its two exhaustions (R5.4)")

    hand, area = _count_list(hands[to_move]), _count_list(areas[to_move])
    turn = _read_turn(position.get("turn"), street, hand, area, exhaustions, len(discard))
    this_turn = _read_events(position.get("this_turn"), "this_turn", exhaustions)
    last_turn = _read_events(position.get("last_turn"), "last_turn", exhaustions)
    _check_this_turn(this_turn, turn, to_move)
    if end is not None:
        _check_end(end, passes, exhaustions, start_player, to_move, turn)
    table = Table(hands=[_count_list(hands[0]), _count_list(hands[1])],
                  areas=[_count_list(areas[0]), _count_list(areas[1])], street=street, stack=stack[::-1],
                  discard=discard, exhaustions=exhaustions, start_player=start_player, to_move=to_move,
                  passes=passes, rng=_read_rng(position.get("rng"), seed), turn=turn, end=end, bottom=bottom)
    return Position(table, (names[0], names[1]), this_turn, tuple(last_turn))


def _read_players(players: object) -> tuple[list[str], list[list[Card]], list[list[Card]]]:
    """The two players' names, hands and play areas, in seat order."""
    if not isinstance(players, list | tuple) or len(players) != 2:
        raise PositionError("players must be a list of exactly two players")
    names: list[str] = []
    hands, areas = [], []
    for n, p in enumerate(players):
        p = _object(p, f"player {n}", None)
        name = p.get("name", f"Player {n + 1}")
        if not isinstance(name, str):
            raise PositionError(f"player {n}'s name must be text, not {quoted(name)}")
        names.append(name)
        hands.append(_cards(p.get("hand"), f"player {n}'s hand"))
        areas.append(_cards(p.get("play_area"), f"player {n}'s play_area"))
    return names, hands, areas


def _check_deck(cards: list[Card]) -> None:
    """R1: the position's cards, wherever they lie, are the 60 of the game, each as often as the deck holds it."""
    every = Counter(cards)
    if every != _DECK_COUNTS:
        extra = every - _DECK_COUNTS
        lacking = _DECK_COUNTS - every
        parts = []
        if extra:
            parts.append("too many " + " ".join(sorted(c.name for c in extra.elements())))
        if lacking:
            parts.append("missing " + " ".join(sorted(c.name for c in lacking.elements())))
        raise PositionError(f"a position holds exactly the 60 cards of the game: {'; '.join(parts)}")


def _check_piles(exhaustions: int, street: list[Card], stack: list[Card], discard: list[Card]) -> None:
    """R9, R10.1: what the exhaustions so far leave in the draw stack, the Street and the discard pile."""
    if exhaustions < 2 and not stack:
        raise PositionError("the draw stack is empty but has not been exhausted twice: "
                            "the reshuffle is immediate (R9.2)")
    if exhaustions == 2 and stack:
        raise PositionError("after the second exhaustion the draw stack is empty (R9.3)")
    if exhaustions < 2 and not street:
        raise PositionError("the Street is empty while cards are left to deal: six are dealt at once (R10.1)")
    if exhaustions >= 1 and discard:
        raise PositionError("after the first exhaustion the discard pile is empty (R9.2, R5.4)")


_TURN_KEYS: Final = frozenset({"step", "refreshes", "late_refresh", "swaps_left", "accountant", "locked_play_area",
                               "locked_hand", "reduced", "reduction"})
_EVENT_KEYS: Final = frozenset({"player", "action", "drawn", "exhausted", "exhaustions"})
# A turn rests at these steps only: a take or a pass ends it (R4).
_STEPS: Final = {"refresh": Step.REFRESH, "accountant": Step.ACCOUNTANT, "brute": Step.BRUTE}
_ENDS: Final = {"passes": EndReason.PASSES, "exhaustion": EndReason.EXHAUSTION}
_MT_WORDS: Final = 624  # the Mersenne Twister's state: 624 words and an index from 0 to 624


# -- checked reading of one value -----------------------------------------------------------------------


def _object(value: object, what: str, known: frozenset[str] | None) -> Mapping[str, Any]:
    """`value` as a mapping; with `known`, a key outside it is refused.

    The position's own keys and a player's are open (interface.md lets `to_dict` add keys, and a position
    written by other code may carry its own), so there `known` is None and other keys are ignored. The
    extras this engine writes (`turn`, the turn records) are closed: a key there that it never writes
    would be state it cannot honour.
    """
    if not isinstance(value, Mapping):
        raise PositionError(f"{what} must be an object (a dict), not {quoted(value)}")
    if known is None:
        return value
    for key in value:
        if key not in known:
            raise PositionError(f"{what} has an unknown key {quoted(key)}")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise PositionError(f"{what} must be a whole number from {low} to {high}, not {quoted(value)}")
    return value


def _card(value: object, what: str) -> Card:
    if not isinstance(value, str):
        raise PositionError(f"{what} holds {quoted(value)}, which is not a card name")
    try:
        return parse_card(value)
    except NotationError:
        raise PositionError(f"{what} holds {quoted(value)}, which is not a card") from None


def _cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list | tuple):
        raise PositionError(f"{what} must be a list of cards, not {quoted(value)}")
    return [_card(item, what) for item in value]


def _count_list(cards: list[Card]) -> list[int]:
    counts = [0] * len(CARDS)
    for c in cards:
        counts[c.index] += 1
    return counts


def _read_end(ended: object) -> EndReason | None:
    if ended is None:
        return None
    end = _ENDS.get(ended.lower()) if isinstance(ended, str) else None
    if end is None:
        raise PositionError(f'ended must be "passes" or "exhaustion", not {quoted(ended)}')
    return end


def _read_rng(state: object, seed: int | str) -> random.Random:
    """The generator from `seed`, or from its saved state: version 3 of `random.Random.getstate()`."""
    rng = random.Random(seed)
    if state is None:
        return rng
    if not isinstance(state, list | tuple) or len(state) != 3:
        raise PositionError("rng must be the generator's state: [3, a list of 625 numbers, null or a number]")
    version, internal, gauss = state
    if type(version) is not int or version != 3:
        raise PositionError(f"rng must be a state of version 3 of the generator, not {quoted(version)}")
    if (not isinstance(internal, list | tuple) or len(internal) != _MT_WORDS + 1
            or any(type(w) is not int or not 0 <= w < 2**32 for w in internal) or internal[-1] > _MT_WORDS):
        raise PositionError("rng must hold 625 whole numbers from 0 to 2**32 - 1, the last at most 624")
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise PositionError(f"rng's last entry must be null or a number, not {quoted(gauss)}")
    rng.setstate((version, tuple(internal), gauss))
    return rng


# -- the turn under way (R4-R7) -------------------------------------------------------------------------


def _read_turn(data: object, street: list[Card], hand: list[int], area: list[int], exhaustions: int,
               discarded: int) -> Turn:
    """The state of the turn under way, refused where no turn gets to; `hand` and `area` are the mover's."""
    if data is None:
        return Turn()
    data = _object(data, "turn", _TURN_KEYS)
    name = data.get("step", "refresh")
    step = _STEPS.get(name.lower()) if isinstance(name, str) else None
    if step is None:
        if isinstance(name, str) and name.lower() == "take":
            raise PositionError("a turn never rests at the take step: a take or a pass ends it (R4)")
        raise PositionError(f"the turn's step must be refresh, accountant or brute, not {quoted(name)}")
    refreshes = _whole(data.get("refreshes", 0), "the turn's refreshes", 0, len(DECK))
    late = data.get("late_refresh", False)
    if type(late) is not bool:
        raise PositionError(f"the turn's late_refresh must be true or false, not {quoted(late)}")
    swaps_left = _whole(data.get("swaps_left", 0), "the turn's swaps_left", 0, 4)
    accountant = data.get("accountant")
    played = None if accountant is None else _card(accountant, "the turn's accountant")
    locked_area = _cards(data.get("locked_play_area", []), "the turn's locked_play_area")
    locked_hand = _cards(data.get("locked_hand", []), "the turn's locked_hand")
    reduced = _whole(data.get("reduced", -1), "the turn's reduced", -1, len(street) - 1)
    reduction = _whole(data.get("reduction", 0), "the turn's reduction", 0, 4)

    if late and not refreshes:
        raise PositionError("the turn's late_refresh says a refresh was made, but refreshes is 0 (R5.4)")
    if late and not exhaustions:
        raise PositionError("the turn's late_refresh is a refresh after the first exhaustion, "
                            "and there was none (R5.4)")
    if not exhaustions and refreshes > discarded:  # R5.3: each refresh so far left its card on the pile
        raise PositionError(f"the turn made {refreshes} refreshes, but the discard pile holds only {discarded} "
                            "cards and has not been reshuffled (R5.3)")
    if step is not Step.BRUTE and (reduced >= 0 or reduction):
        raise PositionError(f"a Brute's reduction comes with the Brute step, not the {step.title} step (R4.1, R7)")
    if step is Step.REFRESH and (played is not None or swaps_left or locked_area or locked_hand):
        raise PositionError("at the Refresh step no Accountant has been played: no accountant, swaps_left or "
                            "locked cards (R4.1)")
    if played is None:
        if step is Step.ACCOUNTANT:
            raise PositionError("the Accountant step needs the turn's accountant, the Accountant played (R6.1)")
        if swaps_left or locked_area or locked_hand:
            raise PositionError("swaps_left and locked cards come only with an Accountant played this turn (R6.2)")
    else:
        _check_swaps(played, swaps_left, locked_area, locked_hand, hand if step is Step.ACCOUNTANT else None, area)
    if step is Step.BRUTE:
        _check_brute(street, reduced, reduction, area)
    return Turn(step=step, refreshes=refreshes, late_refresh=late, swaps_left=swaps_left,
                accountant=-1 if played is None else played.index, locked_area=_locked(locked_area),
                locked_hand=_locked(locked_hand), reduced=reduced, reduction=reduction)


def _check_swaps(played: Card, swaps_left: int, locked_area: list[Card], locked_hand: list[Card],
                 hand: list[int] | None, area: list[int]) -> None:
    """R6.1-R6.3: the Accountant and what its swaps moved; `hand` only while swaps are still possible."""
    if played.family is not Family.ACCOUNTANTS or played.value == 0:
        raise PositionError(f"the turn's accountant must be an Accountant of value 1 to 4, not {played} (R4.2)")
    if swaps_left > played.value:
        raise PositionError(f"{played} gives {played.value} swaps: swaps_left cannot be {swaps_left} (R6.2)")
    made = played.value - swaps_left
    if len(locked_hand) != made or len(locked_area) != made + 1:
        raise PositionError(f"after {made} swaps of {played}, {made} cards are locked in the hand and {made + 1} "
                            "in the play area, the Accountant among them (R6.3)")
    if played not in locked_area:
        raise PositionError(f"the Accountant just played, {played}, stays locked in the play area (R6.3)")
    if any(n > have for n, have in zip(_count_list(locked_area), area, strict=True)):
        raise PositionError("the turn's locked_play_area names cards that are not in the play area of the "
                            "player to move")
    if hand is not None and any(n > have for n, have in zip(_count_list(locked_hand), hand, strict=True)):
        raise PositionError("the turn's locked_hand names cards that are not in the hand of the player to move")


def _check_brute(street: list[Card], reduced: int, reduction: int, area: list[int]) -> None:
    """R7.1, R7.2: at the Brute step one Street card is reduced by a Brute now in the mover's play area."""
    if reduced < 0:
        raise PositionError("at the Brute step a Brute has reduced a Street card: the turn needs reduced and "
                            "reduction (R7)")
    target = street[reduced]
    if not 1 <= reduction <= target.value:
        raise PositionError(f"the turn's Brute reduction of {reduction} does not fit {target}, the Street card "
                            f"it names (R7.2)")
    if not any(area[Card.of(Family.BRUTES, v).index] for v in range(reduction, 5)):
        raise PositionError(f"no Brute in the play area of the player to move can lower a card by {reduction} "
                            "(R7.1)")


def _locked(cards: list[Card]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[c.index] = out.get(c.index, 0) + 1
    return out


def _check_end(end: EndReason, passes: int, exhaustions: int, start_player: int, to_move: int,
               turn: Turn) -> None:
    """R10.2: what an end implies about the position it leaves."""
    if end is EndReason.PASSES and passes != 2:
        raise PositionError(f"a game ends by passes after two passes in a row, and passes is {passes} (R10.2)")
    if end is EndReason.EXHAUSTION:
        if exhaustions != 2:
            raise PositionError("a game ends by exhaustion only after the second exhaustion (R9.3)")
        if to_move != 1 - start_player:
            raise PositionError("a game ends by exhaustion with the second player's turn, so to_move is the "
                                "second player (R9.3)")
    if not turn.is_fresh:
        raise PositionError("a game ends between turns: no turn is under way once it has ended (R10.2)")


# -- the public record of the turns ----------------------------------------------------------------------


def events_to_list(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    """The public record of a turn as JSON (`action` None: the new Street dealt between turns)."""
    return [
        {"player": e.player, "action": None if e.action is None else str(e.action), "drawn": _names(list(e.drawn)),
         "exhausted": e.exhausted, "exhaustions": e.exhaustions}
        for e in events
    ]


def _read_events(value: object, what: str, exhaustions: int) -> list[Event]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise PositionError(f"{what} must be a list of events, not {quoted(value)}")
    events = []
    for n, e in enumerate(value, 1):
        label = f"{what} event {n}"
        e = _object(e, label, _EVENT_KEYS)
        if "player" not in e:
            raise PositionError(f"{label} lacks its player")
        player = _whole(e["player"], f"{label}'s player", 0, 1)
        text = e.get("action")
        action = None
        if text is not None:
            if not isinstance(text, str):
                raise PositionError(f"{label}'s action must be action text, not {quoted(text)}")
            try:
                action = parse_action(text)
            except NotationError as error:
                raise PositionError(f"{label}'s action: {error.reason}") from None
        drawn = tuple(_cards(e.get("drawn", []), f"{label}'s drawn cards"))
        after = _whole(e.get("exhaustions", 0), f"{label}'s exhaustions", 0, exhaustions)
        exhausted = _whole(e.get("exhausted", 0), f"{label}'s exhausted", 0, after)
        events.append(Event(player, action, drawn, exhausted, after))
    return events


def _check_this_turn(events: list[Event], turn: Turn, to_move: int) -> None:
    """The record of the turn under way: the mover's actions before a take or pass, and only once begun."""
    if events and turn.is_fresh:
        raise PositionError("the record of this turn holds actions, but no turn is under way (turn)")
    for e in events:
        if e.player != to_move:
            raise PositionError("the record of this turn holds an action of the player not to move")
        if e.action is None or e.action.step is Step.TAKE:
            raise PositionError("the record of this turn holds a take, a pass or a deal, which end a turn")
