"""The words of the action builder: what a choice under the table says, and the question its choices answer.

The builder (`famiglia.tui.model.builder`) arranges the legal actions as a tree of choices; a choice's
key is notation ("take F3", "F2 + F1"), and these are the words shown beside it.
"""

from __future__ import annotations

from famiglia.engine import Card

from .catalogue import _

__all__ = ["brute_amount", "brute_question", "brute_target", "for_free", "pay_with", "payment", "swap_question",
           "take_question"]


def brute_target(target: Card, *, amount: int | None = None) -> str:
    """The Street card a Brute reduces (R7.2); with `amount`, the one way it can: the whole choice."""
    if amount is None:
        return _("{target} (value {value})").format(target=target, value=target.value)
    return _("{target} (value {value}): -{amount}, counts as {left}").format(
        target=target, value=target.value, amount=amount, left=target.value - amount)


def brute_amount(target: Card, amount: int) -> str:
    """How much a Brute reduces `target` by, and what it counts as then (R7.2)."""
    return _("-{amount}: {target} counts as {left}").format(amount=amount, target=target, left=target.value - amount)


def for_free() -> str:
    """A take of a 0, which needs no payment (R8.1)."""
    return _("for free (it counts as 0)")


def pay_with(pair: str) -> str:
    """The two hand cards that pay for a take, written as the key writes them ("F2 + F1")."""
    return _("pay with {pair}").format(pair=pair)


def payment(pay: Card, keep: Card) -> str:
    """Which card of the pair goes to the play area, and which stays in the hand (R8.4)."""
    return _("pay {pay} to your play area, keep {keep}").format(pay=pay, keep=keep)


def swap_question(card: str) -> str:
    return _("Swap {card} from your play area into your hand: which hand card takes its place?").format(card=card)


def brute_question(card: str, target: str | None = None) -> str:
    """Which Street card a Brute reduces, or (once `target` is chosen) by how much."""
    if target is None:
        return _("Brute {card}: which Street card does it reduce?").format(card=card)
    return _("Brute {card} on {target}: reduce it by how much?").format(card=card, target=target)


def take_question(card: str, pair: str | None = None) -> str:
    """Which pair pays for a take, or (once `pair` is chosen) which card of it goes to the play area."""
    if pair is None:
        return _("Take {card}: which two cards of your hand pay for it?").format(card=card)
    return _("Take {card} with {pair}: which card goes to your play area?").format(card=card, pair=pair)
