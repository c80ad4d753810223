"""A plain reference model of the Famiglia rules (/work/shared/spec/rules.md, R1–R12).

Written from the rules and the position format of interface.md alone, as an independent check of
``famiglia.engine``. Slow and simple on purpose: the state is a plain dict, every action copies it.

State = the position dict of interface.md (required keys only) plus the middle of the turn:

- ``phase``: "start" (nothing but refreshes yet), "accountant" (an Accountant was played; swaps may
  follow), "brute" (a Brute was played). A take or a pass ends the turn and resets it (R4, R4.1).
- ``r54_refreshes``: refreshes made this turn under R5.4 (at most one, R5.4/R5.5).
- ``swaps_left``: swaps still allowed after the Accountant (R6.2).
- ``locked_area`` / ``locked_hand``: cards that may not be moved by a swap any more: the Accountant
  just played and the cards swapped in (play area), the cards swapped out (hand). Lists of kinds:
  copies count separately (R6.3).
- ``reduced``: ``None`` or ``[card, k]``: one Street copy of ``card`` is worth k less this turn (R7).
- ``over`` / ``reason``: the game has ended, by "passes" or "exhaustion" (R10.2).

Reshuffles (R9.2) take their order from a ``shuffle(pile, state)`` callable, so a comparison can
feed in the order another implementation chose; by default the pile is shuffled at random.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

FAMILIES = "FABM"
KINDS = [f"{f}{v}" for f in FAMILIES for v in range(5)]
DECK = Counter({f"{f}{v}": n for f in FAMILIES for v, n in enumerate((5, 4, 3, 2, 1))})  # R1.2
REQUIRED_KEYS = ("players", "street", "draw_stack", "discard_pile", "exhaustions", "start_player", "to_move",
                 "passes")

State = dict[str, Any]
Shuffle = Callable[[list[str], State], list[str]]


# --------------------------------------------------------------------------- cards


def value(card: str) -> int:
    return int(card[1])


def family(card: str) -> str:
    return card[0]


def points(card: str) -> int:
    """R2: triangular numbers, La Famiglia one step higher."""
    v = value(card) + (1 if family(card) == "F" else 0)
    return v * (v + 1) // 2


def count(cards: list[str], card: str) -> int:
    return sum(1 for c in cards if c == card)


# --------------------------------------------------------------------------- state


def new_turn_fields(state: State) -> None:
    state["phase"] = "start"
    state["r54_refreshes"] = 0
    state["swaps_left"] = 0
    state["locked_area"] = []
    state["locked_hand"] = []
    state["reduced"] = None


def from_position(position: dict[str, Any]) -> State:
    """A model state at the start of a turn, from the required keys of a position dict."""
    state: State = {
        "players": [
            {"name": p.get("name", f"P{i}"),
             "hand": [c.upper() for c in p["hand"]],
             "play_area": [c.upper() for c in p["play_area"]]}
            for i, p in enumerate(position["players"])
        ],
        "street": [c.upper() for c in position["street"]],
        "draw_stack": [c.upper() for c in position["draw_stack"]],
        "discard_pile": [c.upper() for c in position["discard_pile"]],
        "exhaustions": position["exhaustions"],
        "start_player": position["start_player"],
        "to_move": position["to_move"],
        "passes": position["passes"],
        "over": False,
        "reason": None,
    }
    new_turn_fields(state)
    return state


def clone(state: State) -> State:
    """An independent copy (the state holds only lists, numbers, strings and None)."""
    out = dict(state)
    out["players"] = [{"name": p["name"], "hand": list(p["hand"]), "play_area": list(p["play_area"])}
                      for p in state["players"]]
    for key in ("street", "draw_stack", "discard_pile", "locked_area", "locked_hand"):
        out[key] = list(state[key])
    out["reduced"] = list(state["reduced"]) if state["reduced"] else None
    return out


def to_position(state: State) -> dict[str, Any]:
    """The required keys of interface.md (Street by printed value)."""
    s = clone(state)
    return {k: s[k] for k in REQUIRED_KEYS}


def second_player(state: State) -> int:
    return 1 - state["start_player"]


def me(state: State) -> dict[str, Any]:
    return state["players"][state["to_move"]]


def street_copies(state: State) -> list[tuple[str, int]]:
    """Every Street card with its effective value (R7.2, R7.3)."""
    out = []
    reduced = state["reduced"]
    reduced_left = 1 if reduced else 0
    for card in state["street"]:
        if reduced_left and card == reduced[0]:
            out.append((card, value(card) - reduced[1]))
            reduced_left = 0
        else:
            out.append((card, value(card)))
    return out


# --------------------------------------------------------------------------- legality


def can_refresh(state: State) -> bool:
    if state["phase"] != "start":  # R4.1
        return False
    street = state["street"]
    if not street or any(value(c) == 0 for c in street):  # R5.1
        return False
    if state["exhaustions"] >= 2:  # R5.6
        return False
    # R5.4: one refresh per turn after the first exhaustion (R5.5: refreshes made before it do not count)
    return state["exhaustions"] == 0 or state["r54_refreshes"] == 0


def pays(paid: str, kept: str, fam: str, e: int) -> bool:
    """R8.2/R8.3: does the pair pay for a card of family `fam` at effective value e >= 1?"""
    genuine = f"{fam}{e - 1}"

    def is_genuine(c: str) -> bool:
        return c == genuine

    def stands_in(c: str) -> bool:
        return family(c) == "M" and value(c) > e - 1

    if is_genuine(paid) and (is_genuine(kept) or stands_in(kept)):
        return True
    return is_genuine(kept) and stands_in(paid)


def legal(state: State) -> set[str]:
    """Every legal action, in canonical notation."""
    if state["over"]:
        return set()
    acts = {"pass"}  # R8.5: at any moment of a turn
    player = me(state)
    hand, area = player["hand"], player["play_area"]
    phase = state["phase"]

    # Step 1: refresh (R5)
    if can_refresh(state):
        for card in set(state["street"]):
            acts.add(f"refresh {card}")

    # Step 2: Accountant (R6.1) and swaps (R6.2, R6.3)
    if phase == "start":
        for card in set(hand):
            if family(card) == "A" and value(card) >= 1:  # R4.2
                acts.add(f"accountant {card}")
    if phase == "accountant" and state["swaps_left"] > 0:
        for p in set(area):
            if count(area, p) - count(state["locked_area"], p) <= 0:
                continue
            for h in set(hand):
                if h == p:  # R6.2 decision: two different kinds
                    continue
                if count(hand, h) - count(state["locked_hand"], h) <= 0:
                    continue
                acts.add(f"swap {p} {h}")

    # Step 3: Brute (R7)
    if phase in ("start", "accountant"):
        for b in set(hand):
            if family(b) != "B" or value(b) == 0:  # R4.2
                continue
            for x in set(state["street"]):
                for k in range(1, min(value(b), value(x)) + 1):  # R7.2
                    acts.add(f"brute {b} {x} -{k}")

    # Step 4: take (R8)
    for x, e in set(street_copies(state)):
        if e == 0:
            acts.add(f"take {x}")  # R8.1
            continue
        for p in set(hand):
            for k in set(hand):
                if p == k and count(hand, p) < 2:
                    continue
                if pays(p, k, family(x), e):
                    acts.add(f"take {x} pay {p} keep {k}")
    return acts


# --------------------------------------------------------------------------- the draw stack


def random_shuffle(pile: list[str], state: State) -> list[str]:
    cards = list(pile)
    random.shuffle(cards)
    return cards


def exhaust(state: State, shuffle: Shuffle) -> None:
    """R9.1: the last card was just drawn. R9.2: first exhaustion reshuffles the discard pile."""
    state["exhaustions"] += 1
    if state["exhaustions"] == 1:
        if state["discard_pile"]:
            pile = list(state["discard_pile"])
            state["discard_pile"] = []
            new_stack = list(shuffle(pile, state))
            assert Counter(new_stack) == Counter(pile), "a reshuffle must keep the cards"
            state["draw_stack"] = new_stack
            state["reshuffles"] = state.get("reshuffles", 0) + 1
        else:
            state["exhaustions"] = 2  # R9.2 decision: empty discard pile, also the second exhaustion


def draw_to_street(state: State, n: int, shuffle: Shuffle) -> None:
    for _ in range(n):
        if not state["draw_stack"]:  # nothing left after the second exhaustion
            return
        state["street"].append(state["draw_stack"].pop(0))
        if not state["draw_stack"]:
            exhaust(state, shuffle)


# --------------------------------------------------------------------------- applying


def end_turn(state: State, passed: bool, shuffle: Shuffle) -> None:
    state["passes"] = state["passes"] + 1 if passed else 0  # R8.5
    new_turn_fields(state)
    if state["passes"] >= 2:  # R8.5, R10.2 (the passes win the reason)
        state["over"], state["reason"] = True, "passes"
        return
    if state["exhaustions"] == 2 and state["to_move"] == second_player(state):  # R9.3
        state["over"], state["reason"] = True, "exhaustion"
        return
    state["to_move"] = 1 - state["to_move"]
    if not state["street"]:  # R10.1: deal between the turns; exhaustions belong to the next turn
        draw_to_street(state, 6, shuffle)


def apply(state: State, action: str, shuffle: Shuffle = random_shuffle, known_legal: bool = False) -> State:
    """The state after `action` (canonical notation); raises ValueError if it is not legal.

    `known_legal=True` skips the check, for a caller that took `action` from `legal(state)`.
    """
    if not known_legal and action not in legal(state):
        raise ValueError(f"not legal: {action!r}")
    s = clone(state)
    player = me(s)
    hand, area = player["hand"], player["play_area"]
    words = action.split()
    verb = words[0]

    if verb == "pass":
        end_turn(s, passed=True, shuffle=shuffle)
    elif verb == "refresh":
        x = words[1]
        s["street"].remove(x)
        if s["exhaustions"] == 0:
            s["discard_pile"].append(x)  # R5.3: face up on the discard pile
        else:
            s["draw_stack"].append(x)  # R5.4: face down under the stack, before drawing
            s["r54_refreshes"] += 1
        draw_to_street(s, value(x), shuffle)  # R5.2, R5.5
    elif verb == "accountant":
        a = words[1]
        hand.remove(a)
        area.append(a)
        s["phase"] = "accountant"
        s["swaps_left"] = value(a)
        s["locked_area"] = [a]  # R6.3: the Accountant just played stays
        s["locked_hand"] = []
    elif verb == "swap":
        p, h = words[1], words[2]
        area.remove(p)
        hand.append(p)
        hand.remove(h)
        area.append(h)
        s["swaps_left"] -= 1
        s["locked_hand"].append(p)  # R6.3: moved once, not again
        s["locked_area"].append(h)
    elif verb == "brute":
        b, x, k = words[1], words[2], int(words[3][1:])
        hand.remove(b)
        area.append(b)
        s["phase"] = "brute"
        s["swaps_left"] = 0
        s["reduced"] = [x, k]
    elif verb == "take":
        x = words[1]
        if len(words) == 2:
            e = 0
        else:
            p, k = words[3], words[5]
            e = next(e for c, e in set(street_copies(s)) if c == x and e > 0 and pays(p, k, family(x), e))
            hand.remove(p)
            area.append(p)  # R8.4; the kept card stays in the hand
        # remove the copy with effective value e
        reduced = s["reduced"]
        if reduced and reduced[0] == x and value(x) - reduced[1] == e:
            s["reduced"] = None
        s["street"].remove(x)
        hand.append(x)
        end_turn(s, passed=False, shuffle=shuffle)
    else:  # pragma: no cover
        raise ValueError(action)
    return s


# --------------------------------------------------------------------------- scoring


def scores(state: State) -> list[int]:
    """R11.1."""
    return [sum(points(c) for c in p["hand"] + p["play_area"]) for p in state["players"]]


def winner(state: State) -> int | None:
    """R11.2: higher total; then the best card, the next best ... (missing = 0); else a draw."""
    s = scores(state)
    if s[0] != s[1]:
        return 0 if s[0] > s[1] else 1
    lists = [sorted((points(c) for c in p["hand"] + p["play_area"]), reverse=True) for p in state["players"]]
    n = max(len(lists[0]), len(lists[1]))
    a = lists[0] + [0] * (n - len(lists[0]))
    b = lists[1] + [0] * (n - len(lists[1]))
    if a == b:
        return None
    return 0 if a > b else 1
