"""Where one turn ends and the next begins, in a list of actions: the arithmetic of a saved game, once.

A take or a pass ends a turn (R4, R8); the turns alternate between the players. Everything that cuts
a game into turns reads it from here: the moves of a record (who made each action), the turn each
action belongs to and where each turn starts (the replay), and the public events of each finished
turn (the game log), so a record, its log and its replay can never count turns differently.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from famiglia.engine import Action, Event, Game, Step

from .record import Move

__all__ = ["ends_turn", "moves_of", "turn_log", "turn_of", "turn_start", "turn_starts"]


def ends_turn(action: Action) -> bool:
    """Whether `action` ends its player's turn: a take or a pass does (R4, R8)."""
    return action.step is Step.TAKE


def moves_of(first_player: int, actions: Iterable[Action]) -> list[Move]:
    """Actions with the player who made each: turns alternate, and a take or a pass ends one (R4)."""
    moves = []
    player = first_player
    for action in actions:
        moves.append(Move(player, action))
        if ends_turn(action):
            player = 1 - player
    return moves


def turn_starts(actions: Sequence[Action]) -> list[int]:
    """The index of the first action of each turn (an unfinished last turn included), oldest first."""
    starts: list[int] = []
    new_turn = True
    for i, action in enumerate(actions):
        if new_turn:
            starts.append(i)
        new_turn = ends_turn(action)
    return starts


def turn_of(actions: Sequence[Action]) -> list[int]:
    """The number (from 1) of the turn each action belongs to."""
    numbers: list[int] = []
    turn = 0
    new_turn = True
    for action in actions:
        if new_turn:
            turn += 1
        numbers.append(turn)
        new_turn = ends_turn(action)
    return numbers


def turn_start(actions: Sequence[Action]) -> int:
    """Where the turn under way after `actions` begins: the index after the last take or pass (0 if none)."""
    return max((i + 1 for i, a in enumerate(actions) if ends_turn(a)), default=0)


def turn_log(game: Game, actions: Iterable[Action | str]) -> list[tuple[Event, ...]]:
    """The public events of each turn that `actions` finish when played from `game` (a copy is played).

    The game log's lines: a resumed sitting's log holds every turn since the deal (R12.1).
    """
    g = game.copy()
    turns: list[tuple[Event, ...]] = []
    for action in actions:
        if ends_turn(g.apply(action)):
            turns.append(g.view(None).last_turn)
    return turns
