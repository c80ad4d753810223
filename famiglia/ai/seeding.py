"""Seeds for decisions: each decision is a pure function of the player's seed and the view it is given.

A player's random generator for one decision is drawn from a SHA-256 digest of the seed and of a
canonical text of the view (never Python's `hash()`, which changes between processes). So the same
seed and the same view give the same action, whatever the player was asked before and in whichever
process it runs, and two games that differ only in what the seat cannot see give the same decisions.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable

from famiglia.engine import Card, Event, SeatView

__all__ = ["decision_rng", "derive_seed", "view_text"]


def view_text(view: SeatView) -> str:
    """Everything in `view` that can matter to a decision, as one canonical line per field.

    Names are left out (they do not change the game), and so is nothing else a seat may see: the
    draw stack's order is not in a view at all (only its known bottom, R5.4).
    """
    counts = view.draw_stack_counts
    lines = [
        f"seat {view.seat} to_move {view.to_move} start {view.start_player} passes {view.passes}",
        f"hand {_cards(sorted(view.hand))}",
        f"hand_sizes {view.hand_sizes[0]} {view.hand_sizes[1]}",
        f"areas {_cards(sorted(view.play_areas[0]))} | {_cards(sorted(view.play_areas[1]))}",
        "street " + " ".join(f"{s.card}:{s.effective}" for s in view.street),
        f"stack {view.draw_stack_size} exhaustions {view.exhaustions}",
        f"discard {_cards(view.discard_pile)}",
        f"step {view.step.name} refreshes {view.refreshes} late {view.late_refresh} refresh {view.can_refresh}",
        f"accountant {view.accountant} swaps {view.swaps_left} locked {_cards(view.locked_play_area)} | "
        f"{_cards(view.locked_hand)} reduced {view.reduced}",
        "legal " + " ".join(sorted(str(a) for a in view.legal_actions)),
        "this_turn " + " / ".join(_event(e) for e in view.this_turn),
        "opponent " + ("?" if view.opponent_hand is None else _cards(sorted(view.opponent_hand))),
        "counts " + ("?" if counts is None else " ".join(f"{c}:{n}" for c, n in sorted(counts.items()) if n)),
        f"bottom {_cards(view.stack_bottom)}",
    ]
    return "\n".join(lines)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.name for c in cards)


def _event(event: Event) -> str:
    return f"{event.player} {event.action} {_cards(event.drawn)} {event.exhausted}"


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts, the same in every process and on every machine."""
    text = "\x1f".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def decision_rng(seed: int | str | None, view: SeatView) -> random.Random:
    """The generator for one decision: seeded from the player's seed and the view's canonical text."""
    return random.Random(derive_seed("decision", seed, view_text(view)))
