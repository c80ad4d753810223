"""Where each change of a player's chance came from: its own move, a draw's luck, or the other seat's move.

An analysis tells the first player's chance before every move and at the end (`Analysis.chances`; the second
player's is the rest, or, in a game of two people at easy or hard, its own: `Analysis.second`). Between two
of them the chance moves, and every bit of it is put down to exactly one cause (a `Shift`), in the order it
happened:

- `decision`: a decision's own part, the chance before it less the chance of what was played, as its row in
  the table shows (the decision's loss, where it gave some away);
- `luck`: the cards a refresh, a reshuffle or a deal drew after it (R5.2, R9.2, R10.1), as its luck line shows;
- `turn`: the turn passing to the other seat. The chance a take or a pass was rated by is its mover's search's,
  which plays the other seat's turn by its playouts; the next chance is the other seat's own search's, which
  sees every way it has to play that turn. What the one saw and the other did not is the new turn's doing: a
  take that leaves the other seat a refresh that draws the last card (R9.3) and a take that wins falls here,
  with no decision marked and no draw to blame;
- `rerated`: the position a step of the turn led to, told again by the search of the next moment of the same
  turn, and the game's result after its last move, where that move was rated by a chance: the mover's own.

To a player each shift is of one of three kinds (`Shift.kind`): its own move (`decision`: its decisions, its
positions rated anew, and its turn as its own search finds it when the turn passes to it), a draw's `luck`
(its own draws or the other's), or the `other` seat's move (the same, of the other seat). The shifts of a
game follow one another without a gap, so they add up to the whole change of either player's chance.

Where each player has a chance of their own (`Analysis.second`), the seat that waits has no chance told between
two moments of the other's: the whole change of its chance over the other's move is that move's (`decision`,
the other seat's to it), and the turn passing moves only the chance of the seat whose turn ended.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .analysis import Analysis, Decision

__all__ = ["CAUSES", "KINDS", "Shift", "shifts"]

CAUSES: Final = ("decision", "luck", "turn", "rerated")
KINDS: Final = ("decision", "luck", "other")  # to a player: its own move, a draw's luck, the other seat's move


@dataclass(frozen=True, slots=True)
class Shift:
    """One part of a change of the chances: the first player's chance went from `before` to `after` (0–1), and
    the second's from `second[0]` to `second[1]` (where it is not one less the first's: `Analysis.second`).

    `step` is the k of the two chances it lies between (`Analysis.chances[k]` and `[k + 1]`); `move` is the
    move it is told by: the decision, the decision whose cards were drawn, the decision whose position was
    told anew, or for a turn passing, the first move of the turn that begins (the number of moves, for the
    position now of an unfinished game); `turn` is that move's turn, and `seat` the player whose move or
    draw it is (for a turn passing, the player whose turn begins). `cause` is one of `CAUSES`.
    """

    step: int
    move: int
    turn: int
    seat: int
    cause: str
    before: float
    after: float
    second: tuple[float, float] | None = None

    def chances(self, player: int) -> tuple[float, float]:
        """`player`'s chance before and after it."""
        if player == 0:
            return self.before, self.after
        return self.second if self.second is not None else (1.0 - self.before, 1.0 - self.after)

    def change(self, player: int) -> float:
        """How far it moved `player`'s chance (−1 to 1)."""
        before, after = self.chances(player)
        return after - before

    def kind(self, player: int) -> str:
        """What it is to `player` (one of `KINDS`): its own move, a draw's luck, or the other seat's move."""
        if self.cause == "luck":
            return "luck"
        return "decision" if self.seat == player else "other"


def shifts(analysis: Analysis) -> tuple[Shift, ...]:
    """Every change of the chances of `analysis`, each put down to one cause, in game order (see the module)."""
    decisions = analysis.decisions
    if not decisions or len(analysis.chances) != len(decisions) + 1:
        return ()
    own = bool(analysis.second)  # each player's chance its own, not one less the other's
    drawn = {x.move: x for x in analysis.luck}
    found: list[Shift] = []
    left = (0.0, 0.0)  # each player's chance where the shifts so far left it
    for k, d in enumerate(decisions):
        mover, waiting = d.player, 1 - d.player
        here = _pair(mover, d.before, analysis.chance(waiting, k) if own else 1.0 - d.before)
        if k:
            found += _arrival(decisions[k - 1], d, left, here)
        nxt = analysis.chance(waiting, k + 1) if own else 1.0 - d.played_chance  # the waiting seat's, after it
        played = _pair(mover, d.played_chance, nxt)
        found.append(_shift(k, k, d.turn, mover, "decision", here, played))
        left = played
        x = drawn.get(k)
        if x is not None:
            after = _pair(mover, x.after, nxt if own else 1.0 - x.after)
            found.append(_shift(k, k, d.turn, mover, "luck", left, after))
            left = after
    last, n = decisions[-1], len(decisions)
    end = (analysis.chances[-1], analysis.chance(1, n) if own else 1.0 - analysis.chances[-1])
    if not analysis.finished and _ends_turn(last):  # the position now: the other seat's turn begins
        found.append(_shift(n - 1, n, last.turn + 1, 1 - last.player, "turn", left, end))
    elif end != left:  # the result, or the position now in the same turn
        found.append(_shift(n - 1, n - 1, last.turn, last.player, "rerated", left, end))
    return tuple(found)


Pair = tuple[float, float]  # the two players' chances, the first player's first


def _pair(mover: int, mine: float, theirs: float) -> Pair:
    return (mine, theirs) if mover == 0 else (theirs, mine)


def _shift(step: int, move: int, turn: int, seat: int, cause: str, before: Pair, after: Pair) -> Shift:
    second = None if math.isclose(before[1], 1.0 - before[0]) and math.isclose(after[1], 1.0 - after[0]) else (
        before[1], after[1])
    return Shift(step, move, turn, seat, cause, before[0], after[0], second)


def _arrival(prior: Decision, d: Decision, left: Pair, here: Pair) -> list[Shift]:
    """The shift between where the move before `d` left the chances and the chances before `d`: the turn passing,
    or (in the same turn, where they moved at all) the position `prior` led to, told anew."""
    if prior.player != d.player:
        return [_shift(prior.move, d.move, d.turn, d.player, "turn", left, here)]
    if here != left:
        return [_shift(prior.move, prior.move, prior.turn, prior.player, "rerated", left, here)]
    return []


def _ends_turn(d: Decision) -> bool:
    """Whether decision `d` was a take or a pass, which hands the turn over (R4, R8)."""
    return d.action.startswith(("take", "pass"))
