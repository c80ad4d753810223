"""The evaluation that ends a playout early: a position's chance to win for the seat to move.

Two evaluations, chosen by name in `PlayoutPolicy.evaluation`:

- `"lead"` (the reference levels): the lead in victory points squashed into `0.5 + 0.5·tanh(lead/scale)`.
- `"fitted"` (the levels): a logistic model fitted to the outcomes of self-play games
  (`tools/fit_evaluation.py`), whose weights ship as `famiglia/data/evaluation.json`. Its features
  are those of the table a seat may know with the memory aid (R12.3): both hands and play areas, the
  Street, the draw stack's size and the exhaustions (R9), whose turn it is and whether the opponent
  has just passed (R8.5). Inference is a dot product in plain Python; the weights are read once, on
  first use, so importing this module costs nothing.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any, Final

from famiglia.engine import CARDS, Counts, Family, Game, SeatView

from .planner import KEEP

__all__ = ["FEATURES", "beta_map", "calibrated", "calibration", "calibration_numbers", "features", "fitted_chance",
           "late_calibration", "lead_chance", "waiting", "weights"]

_POINTS: Final = tuple(c.points for c in CARDS)
_MERCENARIES: Final = tuple(c.index for c in CARDS if c.family is Family.MERCENARIES)
WEIGHTS_RESOURCE: Final = ("data", "evaluation.json")
CALIBRATION_RESOURCE: Final = ("data", "calibration.json")
CLIP: Final = 0.005  # how close to 0 or 1 a search's mean is read before the calibration

FEATURES: Final = (
    "bias",  # the seat to move: it acts first
    "lead",  # victory points of hand and play area, the seat to move's less the opponent's (R11.1), / 10
    "lead_late",  # the lead times how late the game is: points matter more as the end nears (R9.3)
    "keep",  # the hands' worth to pay with later (planner.KEEP), the difference / 10
    "keep_early",  # the same, times how early the game is
    "cards",  # the difference in hand sizes / 4
    "street",  # victory points on the Street / 20, times the share the seat to move can pay for now
    "passed_ahead",  # the opponent just passed: +1 leading (a pass wins at once, R8.5), −1 trailing
    "late",  # how late the game is, from 0 at the deal to 1 in the final round
)


def lateness(counts: Counts) -> float:
    """How far the game has come, 0 at the deal to 1 in the final round (R9): from the stack and exhaustions."""
    if counts.exhaustions >= 2:
        return 1.0
    if counts.exhaustions == 1:
        return 0.5 + 0.5 * max(0.0, 1.0 - counts.draw_stack_size / 30.0)
    return 0.5 * max(0.0, 1.0 - counts.draw_stack_size / 46.0)


def features(counts: Counts) -> list[float]:
    """The features of `FEATURES` for the seat to move, from the engine's lean read of the table."""
    hand, area, other, other_area = counts.hand, counts.area, counts.opponent_hand, counts.opponent_area
    mine = theirs = 0
    keep = 0.0
    cards = 0
    for i in range(len(_POINTS)):
        p = _POINTS[i]
        h, o = hand[i], other[i]
        mine += p * (h + area[i])
        theirs += p * (o + other_area[i])
        if h or o:
            keep += KEEP[i] * (h - o)
            cards += h - o
    late = lateness(counts)
    lead = (mine - theirs) / 10.0
    keep /= 10.0
    street_points = 0
    payable = 0
    for c, e in zip(counts.street, counts.effective, strict=True):
        street_points += c.points
        if e == 0:
            payable += c.points
        else:
            genuine = c.index - c.value + e - 1  # R8.2: the same family, value e - 1
            if hand[genuine] >= 2 or (hand[genuine] and any(hand[m] for m in _MERCENARIES[e:])):
                payable += c.points
    street = payable / 20.0
    passed = 0.0
    if counts.passes:
        passed = 1.0 if mine > theirs else -1.0
    return [1.0, lead, lead * late, keep, keep * (1.0 - late), cards / 4.0, street, passed, late]


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, one per feature of `FEATURES`, read once from the package's data."""
    text = resources.files("famiglia").joinpath(*WEIGHTS_RESOURCE).read_text(encoding="utf-8")
    data = json.loads(text)
    if tuple(data["features"]) != FEATURES:
        raise RuntimeError("famiglia/data/evaluation.json was fitted for other features: run tools/fit_evaluation.py")
    return tuple(float(w) for w in data["weights"])


@cache
def calibration(level: str = "normal") -> tuple[float, float, float]:
    """The calibration of `level`'s chances, (a, b, c) of `calibrated`, read once from the package's data.

    Each level's is fitted on games against that level, so its chance is the chance against it.
    """
    levels = _calibrations()
    if level not in levels:
        raise ValueError(f"no calibration for level {level!r}: famiglia/data/calibration.json has "
                         f"{', '.join(levels)}")
    fitted = levels[level]
    return float(fitted["a"]), float(fitted["b"]), float(fitted["c"])


def calibration_numbers(level: str) -> tuple[float, ...]:
    """Every number that turns `level`'s search means into the chances it tells: its map's (a, b, c), then its
    late map's (`late_calibration`) where it has one. A saved analysis is keyed by them, so that one told
    before the chances were calibrated again is made anew."""
    late = _late_map(level)
    return (*calibration(level), *(late if late is not None else ()))


@cache
def _calibrations() -> dict[str, dict[str, Any]]:
    """Each level's entry of famiglia/data/calibration.json, read once."""
    text = resources.files("famiglia").joinpath(*CALIBRATION_RESOURCE).read_text(encoding="utf-8")
    levels: dict[str, dict[str, Any]] = json.loads(text)["levels"]
    return levels


@cache
def _late_map(level: str) -> tuple[float, float, float, int] | None:
    late = _calibrations().get(level, {}).get("late")
    if late is None:
        return None
    if not isinstance(late, dict):
        raise ValueError(f"famiglia/data/calibration.json: level {level!r} has a late map that is not one")
    return float(late["a"]), float(late["b"]), float(late["c"]), int(late["unknown"])


def late_calibration(view: SeatView, level: str) -> tuple[float, float, float] | None:
    """The map (a, b, c of `beta_map`) that tells the search's chances at `level` in a late position, or None.

    From the first exhaustion on, with at most a few cards of unknown place left in the stack (R9.2, R5.4),
    the level's computer plays the exact solver wherever it reaches, and the playouts' verdict is surer than
    it is earlier in a game: a position every playout won, which the whole game's map tells 90% (early on
    such a position is often turned round), was worth 98% under best play there (30 met in seeded games). So such
    a position has a map of its own, fitted on late positions the solver valued exactly with a longer
    allowance (`benchmarks/late_calibration.py`): the chance of the seat to move under best play by both,
    which the level's computer plays as far as it sees. Both seats' chances then add up to one.
    """
    found = _late_map(level)
    if found is None or view.exhaustions < 1 or view.draw_stack_counts is None:
        return None
    a, b, c, most = found
    unknown = sum(view.draw_stack_counts.values()) - len(view.stack_bottom)
    return (a, b, c) if unknown <= most else None


@cache
def _waiting_rule(level: str) -> tuple[float, float, float] | str:
    """How `waiting` tells the follower's chance at `level` while the computer moves: fitted numbers (a, b, c),
    "complement" or "mirror" (see `waiting`)."""
    rule = _calibrations().get(level, {}).get("waiting", "mirror")
    if isinstance(rule, dict):
        return float(rule["a"]), float(rule["b"]), float(rule["c"])
    if rule not in ("complement", "mirror"):
        raise ValueError(f"famiglia/data/calibration.json: level {level!r} has an unknown waiting rule {rule!r}")
    return str(rule)


def adds_up(level: str = "normal") -> bool:
    """Whether the two seats' chances at `level` add up to one while either moves: where its computer plays the hints'
    own search (normal). Elsewhere a game of two people has a chance for each, each against that level's computer."""
    return _waiting_rule(level) == "complement"


def waiting(chance: float, level: str = "normal") -> float:
    """The chance of a player who follows `level`'s hints while that level's computer is to move, from the raw
    chance `chance` the level's search gives the player there (one less the computer's own).

    `calibrated` is fitted where the follower moves. Where the computer moves, the level's data says how its
    chance is told: fitted on such positions of the same games (`benchmarks/calibration.py --waiting`); or,
    where the computer plays the same search as the hints (normal), one less the computer's chance as
    `calibrated` tells it ("complement": both seats are followers, and their chances add up to one); or
    else `calibrated` of the player's own chance ("mirror": the player's side read as if it were to move).
    So a game against an easy computer, which a follower wins nine times in ten, is told at about 90% on
    both players' turns, not 90% and 10% by turns.
    """
    rule = _waiting_rule(level)
    if rule == "complement":
        return 1.0 - calibrated(1.0 - chance, level)
    if rule == "mirror":
        return calibrated(chance, level)
    assert not isinstance(rule, str)
    return beta_map(chance, *rule)


def calibrated(chance: float, level: str = "normal") -> float:
    """A search's mean chance p mapped to the chance it turned out to be against `level`:
    sigmoid(a·ln p − b·ln(1 − p) + c).

    Beta calibration (Kull, Silva Filho and Flach, 2017), fitted by `benchmarks/calibration.py --fit` on
    positions of seeded games against that level. With a = b it is Platt's scaling, sigmoid(a·logit(p) + c);
    apart, a and b let the low chances and the high ones be corrected each as they need (a search may be
    right when behind and over-confident when ahead). With a, b ≥ 0 a better estimate is never told as a
    worse chance. A mean of 0 or 1 (every playout lost, or won) is no certainty either: it is read as half
    a point from the end first.
    """
    return beta_map(chance, *calibration(level))


def beta_map(chance: float, a: float, b: float, c: float) -> float:
    """sigmoid(a·ln p − b·ln(1 − p) + c) of a chance read `CLIP` from the ends: `calibrated` with given numbers
    (the calibration benchmark tells held-out games by fits of its own)."""
    p = min(1.0 - CLIP, max(CLIP, chance))
    return _sigmoid(a * math.log(p) - b * math.log(1.0 - p) + c)


def fitted_chance(game: Game) -> float:
    """The fitted model's chance that seat 0 wins, from the table as the seat to move knows it."""
    counts = game.counts()
    z = sum(w * f for w, f in zip(weights(), features(counts), strict=True))
    p = _sigmoid(z)
    return p if counts.to_move == 0 else 1.0 - p


def lead_chance(score: float, scale: float) -> float:
    """The reference evaluation: seat 0's lead in victory points squashed into a chance to win."""
    return 0.5 + 0.5 * math.tanh(score / scale)


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
