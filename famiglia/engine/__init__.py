"""The rules engine of Famiglia: pure, seeded, and the only place the rules live.

Everything a caller needs is exported here; see the project's interface notes for the contract.
The engine imports only the standard library and does no I/O.
"""

from __future__ import annotations

from .actions import Action, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take, parse_action
from .cards import CARDS, DECK, Card, Family, card, parse_card, sorted_cards
from .errors import IllegalAction, NotationError, PositionError
from .game import DEFAULT_NAMES, Game
from .refusals import Refusal
from .scoring import Result
from .table import EndReason, Event
from .view import Counts, SeatView, StreetCard

__all__ = [
    "CARDS",
    "DECK",
    "DEFAULT_NAMES",
    "Action",
    "Card",
    "Counts",
    "EndReason",
    "Event",
    "Family",
    "Game",
    "IllegalAction",
    "NotationError",
    "Pass",
    "PlayAccountant",
    "PlayBrute",
    "PositionError",
    "Refresh",
    "Refusal",
    "Result",
    "SeatView",
    "Step",
    "StreetCard",
    "Swap",
    "Take",
    "card",
    "parse_action",
    "parse_card",
    "sorted_cards",
]
