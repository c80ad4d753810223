"""The key moments of an analysed game: the few decisions and draws that moved it most, each said in words.

A player who lost from 55% to 3% learns nothing from "3 inaccurate, 0 mistakes"; they want to know where
the game turned and why, as a game review on lichess tells it. A move changes the chance of the player
who made it twice: its decision gives some away (its loss: the chance before it less the chance of what
was played, as its row in the table shows), and the cards drawn after it give or take some (its luck:
the chance once they are seen less the chance the move was rated by, as its luck line shows). A move's
swing is the larger of the two, and it is told with the two chances of that part, so the numbers of a
moment are the table's or the luck line's. The moves with the largest swings, three to five of them,
are the key moments, said in game order.

The next position's chance is not used: where a turn ends it is told by the opponent's search, in its
own worlds and with its own choices, and that change of seat moves the number by some 9 points one take
with another (1 on average) with no move of the game in it: plain free takes would lead the moments.

The sentence of a moment is made from public facts of that moment only (the action, the Street before
and after, the exhaustions, the passes) and the analysis's chances: never a hand or the draw stack's
order, so two games that differ only in hidden cards are told in the same words (R12).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from famiglia.engine import SeatView
from famiglia.phrasebook import moments as moment_words

from .analysis import Analysis, Decision, Luck, shown_change

__all__ = ["KEY_MOMENTS", "Moment", "key_moments"]

KEY_MOMENTS: Final = (3, 5)  # at least, at most
SWING: Final = 0.05  # a move that moved the game by less than 5 points is no key moment (unless too few are)


@dataclass(frozen=True, slots=True)
class Moment:
    """One key moment: the move (its index), its turn and player, its kind, the two chances (0–1) of the
    player who moved between which that kind moved it (see `_part`), and what it says."""

    move: int
    turn: int
    player: int
    kind: str  # "decision" (its loss moved the chance more) or "draw" (the cards drawn after it did)
    before: float
    after: float
    words: str


def key_moments(analysis: Analysis, views: Sequence[SeatView]) -> list[Moment]:
    """The key moments of `analysis`, in game order; `views` are the public views (`game.view(None)`) of
    the game at every moment, the deal first, one more than the decisions."""
    if any(view.seat is not None for view in views):
        raise ValueError("key moments are told from the public views only (R12)")
    decisions = analysis.decisions
    if len(views) < len(decisions) + 1 or len(analysis.chances) < len(decisions) + 1:
        return []
    luck = {x.move: x for x in analysis.luck}
    parts = {d.move: _part(d, luck.get(d.move)) for d in decisions}
    ranked = sorted(((size, move) for move, (_, size, _, _) in parts.items()), key=lambda s: (-s[0], s[1]))
    low, high = KEY_MOMENTS
    chosen = [move for size, move in ranked[:high] if size >= SWING]
    chosen += [move for size, move in ranked[len(chosen):low] if size > 0]
    moments = []
    for move in sorted(chosen):
        d = decisions[move]
        drawn = luck.get(move)
        kind, _, before, after = parts[move]
        chance = moment_words.chance_moved(_name(analysis.players[d.player]), before, after)
        if drawn is not None and kind == "draw":
            words = _draw_words(d, drawn, chance, names=analysis.players)
        else:
            words = _decision_words(d, views[move], views[move + 1], chance, names=analysis.players)
        moments.append(Moment(move, d.turn, d.player, kind, before, after, words))
    return moments


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


def _draw_words(d: Decision, drawn: Luck, chance: str, *, names: tuple[str, str]) -> str:
    """The cards drawn after the decision, and how much they moved the chance of the player who drew."""
    itself = _points(d.before, d.played_chance) if d.loss >= 0.01 else 0
    return moment_words.draw(drawn.kind, _name(names[d.player]), d.action, drawn.drawn, chance,
                      gain=-_points(drawn.expected, drawn.after), itself=itself)


def _points(before: float, after: float) -> int:
    """How many points a chance fell from `before` to `after`, as the two are shown in whole per cent."""
    return -shown_change(before, after)
