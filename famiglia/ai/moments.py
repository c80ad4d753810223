"""The key moments of an analysed game: the few decisions and draws that moved it most, each said in words.

A player who lost from 55% to 3% learns nothing from "3 inaccurate, 0 mistakes"; they want to know where
the game turned and why, as a game review on lichess tells it. A move changes the chance of the player
who made it twice: its decision gives some away (its loss: the chance before it less the chance of what
was played, as its row in the table shows), and the cards drawn after it give or take some (its luck:
the chance once they are seen less the chance the move was rated by, as its luck line shows). A move's
swing is the larger of the two, and it is told with the two chances of that part, so the numbers of a
moment are the table's or the luck line's. The moves with the largest swings, three to five of them,
are the key moments, said in game order.

Where a turn ends, the next chance is told by the other seat's search, in its own worlds and with its own
choices, and that change of seat moves the number by some 9 points one take with another with no move of
the game in it: ranked by that, plain free takes would lead the moments. So the swings leave it out; but a
player's chance can also collapse there, where the other seat's search finds a turn the mover's playouts
did not (a refresh that draws the last card, R9.3, then a take that wins). So the largest drop of each
player's chance, whatever caused it (`famiglia.ai.attribution`: a decision, a draw, the turn passing), is
a key moment too, told by what caused it: for the turn passing, the turn that then began.

The sentence of a moment is made from public facts of that moment only (the action, the Street before
and after, the exhaustions, the passes) and the analysis's chances: never a hand or the draw stack's
order, so two games that differ only in hidden cards are told in the same words (R12).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from famiglia.engine import SeatView, Take, parse_action
from famiglia.phrasebook import moments as moment_words

from .analysis import Analysis, Decision, Luck, shown_change
from .attribution import Shift, shifts

__all__ = ["KEY_MOMENTS", "Moment", "key_moments"]

KEY_MOMENTS: Final = (3, 5)  # at least, at most
SWING: Final = 0.05  # a move that moved the game by less than 5 points is no key moment (unless too few are)


@dataclass(frozen=True, slots=True)
class Moment:
    """One key moment: the move (its index), its turn and player, its kind, the two chances (0–1) of the
    player `whose` chance it tells, between which it moved, and what it says.

    A swing (see `_part`) is of kind "decision" (its loss moved the chance more) or "draw" (the cards drawn
    after it did), told in the chances of the player who moved. The largest drop of a player's chance (`drop`)
    that no swing tells is of the kind of its cause: a decision's loss ("decision") or a draw's luck ("draw"),
    told as a swing of it would be, or else "other" (the turn passing, told by the turn that began, or a move's
    position told anew), in the chances of the player whose chance dropped.
    """

    move: int
    turn: int
    player: int
    kind: str  # "decision", "draw" or "other"
    before: float
    after: float
    words: str
    whose: int
    drop: bool = False  # in for the largest drop of `whose`'s chance, not for its swing


def key_moments(analysis: Analysis, views: Sequence[SeatView]) -> list[Moment]:
    """The key moments of `analysis`, in game order: the largest swings, and each player's largest drop that no
    swing tells; `views` are the public views (`game.view(None)`) of the game at every moment, the deal first,
    one more than the decisions."""
    if any(view.seat is not None for view in views):
        raise ValueError("key moments are told from the public views only (R12)")
    decisions = analysis.decisions
    if len(views) < len(decisions) + 1 or len(analysis.chances) < len(decisions) + 1:
        return []
    luck = {x.move: x for x in analysis.luck}
    parts = {d.move: _part(d, luck.get(d.move)) for d in decisions}
    ranked = sorted(((size, move) for move, (_, size, _, _) in parts.items()), key=lambda s: (-s[0], s[1]))
    drops, room = _drops(analysis), 0
    while True:  # each drop that no swing tells takes the place of the smallest swing
        chosen = _swings(ranked, room)
        untold = [drop for drop in drops if not _told(drop, chosen, parts)]
        if len(untold) <= room:
            break
        room = len(untold)
    moments = [_swing_moment(analysis, views, parts, luck, move) for move in chosen]
    moments += [_drop_moment(analysis, views, luck, drop) for drop in untold]
    return sorted(moments, key=lambda m: (m.move, m.drop))


def _swings(ranked: list[tuple[float, int]], room: int) -> list[int]:
    """The moves of the largest swings, with `room` of the places kept for drops: at most `KEY_MOMENTS`[1] in all,
    none under `SWING` unless fewer than `KEY_MOMENTS`[0] are larger."""
    low, high = KEY_MOMENTS
    chosen = [move for size, move in ranked[:high - room] if size >= SWING]
    chosen += [move for size, move in ranked[len(chosen):low - room] if size > 0]
    return chosen


def _drops(analysis: Analysis) -> list[tuple[int, Shift]]:
    """The largest drop of each player's chance (`attribution.shifts`), where it is `SWING` or more: the player
    and the shift. Left out: the game's result after its last move, which no move of the game told otherwise
    than as a near certainty, and the position now of an unfinished game, whose move is still to come."""
    n = len(analysis.decisions)
    told = [x for x in shifts(analysis) if x.move < n and not (x.cause == "rerated" and x.step == n - 1)]
    found = []
    for player in (0, 1):
        worst = min(told, key=lambda x: (x.change(player), x.step), default=None)
        if worst is not None and -worst.change(player) >= SWING:
            found.append((player, worst))
    return found


def _told(drop: tuple[int, Shift], chosen: Sequence[int], parts: dict[int, tuple[str, float, float, float]]) -> bool:
    """Whether a swing among `chosen` tells `drop` already: the same move, and the same part of it."""
    whose, shift = drop
    if shift.cause == "luck":
        return shift.move in chosen and parts[shift.move][0] == "draw"
    own_loss = shift.cause == "decision" and shift.seat == whose
    return own_loss and shift.move in chosen and parts[shift.move][0] == "decision"


def _swing_moment(analysis: Analysis, views: Sequence[SeatView], parts: dict[int, tuple[str, float, float, float]],
                  luck: dict[int, Luck], move: int) -> Moment:
    d = analysis.decisions[move]
    drawn = luck.get(move)
    kind, _, before, after = parts[move]
    chance = moment_words.chance_moved(_name(analysis.players[d.player]), before, after)
    if drawn is not None and kind == "draw":
        words = _draw_words(d, drawn, chance, names=analysis.players)
    else:
        words = _decision_words(d, views[move], views[move + 1], chance, names=analysis.players)
    return Moment(move, d.turn, d.player, kind, before, after, words, d.player)


def _drop_moment(analysis: Analysis, views: Sequence[SeatView], luck: dict[int, Luck],
                 drop: tuple[int, Shift]) -> Moment:
    """The largest drop of a player's chance that no swing tells, in the words of its cause."""
    whose, shift = drop
    d = analysis.decisions[shift.move]
    names = analysis.players
    if shift.cause == "luck":  # the drawer's luck line: its own chances, as a swing of a draw
        x = luck[shift.move]
        chance = moment_words.chance_moved(_name(names[d.player]), x.expected, x.after)
        return Moment(d.move, d.turn, d.player, "draw", x.expected, x.after, _draw_words(d, x, chance, names=names),
                      d.player, drop=True)
    if shift.cause == "decision" and d.player == whose:  # its own loss: the row's chances, as a swing of a decision
        chance = moment_words.chance_moved(_name(names[whose]), d.before, d.played_chance)
        return Moment(d.move, d.turn, d.player, "decision", d.before, d.played_chance,
                      _decision_words(d, views[d.move], views[d.move + 1], chance, names=names), whose, drop=True)
    before, after = shift.chances(whose)
    chance = moment_words.chance_moved(_name(names[whose]), before, after)
    if shift.cause == "turn":
        words = _turn_words(analysis, views, luck, shift.move, chance)
    else:  # the other's decision, or a position told anew: the move, with the chances of the one it hurt
        words = moment_words.decision(_name(names[d.player]), d.action, chance,
                                      left=_fact(d, views[d.move], views[d.move + 1], _name(names[1 - d.player])))
    return Moment(d.move, d.turn, d.player, "other", before, after, words, whose, drop=True)


def _part(d: Decision, drawn: Luck | None) -> tuple[str, float, float, float]:
    """The part of move `d` that moved its player's chance more, how much, and the chances it moved between:
    "decision" (its loss: the chance before it, then of what was played) or "draw" (its luck: the chance
    the move was rated by, then once its cards are seen)."""
    if drawn is not None and abs(drawn.swing) > d.loss:
        return "draw", abs(drawn.swing), drawn.expected, drawn.after
    return "decision", d.loss, d.before, d.played_chance


def _name(name: str) -> str:
    """A player's name as a sentence shows it: printable characters, at most 20."""
    shown = "".join(c if c.isprintable() else "?" for c in name)
    return shown if len(shown) <= 20 else f"{shown[:19]}…"


def _decision_words(d: Decision, before: SeatView, after: SeatView, chance: str, *, names: tuple[str, str]) -> str:
    """The decision, what it gave away, and the public fact it left for the opponent."""
    lost = _points(d.before, d.played_chance) if d.loss >= SWING and d.best != d.action else 0
    return moment_words.decision(_name(names[d.player]), d.action, chance, lost=lost, best=d.best,
                          left=_fact(d, before, after, _name(names[1 - d.player])))


def _fact(d: Decision, before: SeatView, after: SeatView, other: str) -> str:
    """The public fact the move left: the end of the game, an exhaustion, a refresh blocked or opened."""
    if after.is_over:
        return moment_words.fact("second pass" if d.action == "pass" and before.passes == 1 else "ended")  # R10.2
    if after.exhaustions > before.exhaustions:
        return moment_words.fact("second exhaustion" if after.exhaustions == 2 else "exhaustion")  # R9.3, R5.4
    if d.action == "pass":
        return moment_words.fact("one more pass", name=other)  # R10.2
    ended_turn = d.action.startswith("take")
    if not ended_turn:
        return ""
    zeros = [s.card.name for s in after.street if s.card.value == 0]
    if zeros:
        return moment_words.fact("zeros", name=other, cards=sorted(set(zeros)))  # R5.1
    if after.exhaustions < 2 and after.street:
        return moment_words.fact("no zero", name=other)
    return ""


def _turn_words(analysis: Analysis, views: Sequence[SeatView], luck: dict[int, Luck], move: int, chance: str) -> str:
    """The turn that began at `move`, which the turn passing to it was about: its first action (a refresh with the
    cards it drew and the exhaustion they made, R9.1–R9.3), then the take or pass that ended it and the end of
    the game that came with it (R9.3, R10.2)."""
    decisions = analysis.decisions
    d = decisions[move]
    last = max(k for k in range(move, len(decisions)) if decisions[k].turn == d.turn)
    before, after = views[move], views[move + 1]
    drawn: str | None = None
    cards: tuple[str, ...] = ()
    if d.action.startswith("refresh"):
        exhausted = after.exhaustions > before.exhaustions
        drawn = "last card" if exhausted and after.exhaustions == 2 else "reshuffle" if exhausted else "drew"
        cards = luck[move].drawn if move in luck else ()
    end = decisions[last]
    ends_turn = end.action.startswith(("take", "pass"))
    over = views[last + 1].result if ends_turn else None
    ended = None if over is None else "draw" if over.winner is None else "won" if over.winner == d.player else "lost"
    name, other = _name(analysis.players[d.player]), _name(analysis.players[1 - d.player])
    alone = last == move and drawn is None and ended is None  # a take or pass alone: the public fact it left
    taken = parse_action(end.action)
    return moment_words.turn(name, d.action, chance, best="" if d.best == d.action else d.best, drawn=drawn,
                             cards=cards,
                             left=_fact(d, before, after, other) if alone else "",
                             then=end.action.split()[0] if ends_turn and last != move else "",
                             card=str(taken.card) if type(taken) is Take else "", ended=ended)


def _draw_words(d: Decision, drawn: Luck, chance: str, *, names: tuple[str, str]) -> str:
    """The cards drawn after the decision, and how much they moved the chance of the player who drew."""
    itself = _points(d.before, d.played_chance) if d.loss >= 0.01 else 0
    return moment_words.draw(drawn.kind, _name(names[d.player]), d.action, drawn.drawn, chance,
                      gain=-_points(drawn.expected, drawn.after), itself=itself)


def _points(before: float, after: float) -> int:
    """How many points a chance fell from `before` to `after`, as the two are shown in whole per cent."""
    return -shown_change(before, after)
