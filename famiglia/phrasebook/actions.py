"""Each action in words, once per way a player meets it: as a menu line, as the mover's own confirmation,
as a step of a hint, and as the computer's reason.

They speak only of what the action itself holds, so they can never give away a hidden hand. The card
names in them are notation (`str(card)`), the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from famiglia.engine import Action, Card, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

from .catalogue import N_, _, ngettext
from .counts import card_count, swap_count
from .reasons import nothing_to_take

__all__ = ["facts", "menu", "own", "plan", "plan_goal", "reason", "step", "steps", "take", "taken_back", "worth"]

_MENU: Final = {
    "refresh": N_("Refresh: discard {card} from the Street and draw {count}"),  # R5.2
    "accountant": N_("Play Accountant {card} (up to {swaps})"),  # R6.2
    "swap": N_("Swap {out} from your play area for {into} from your hand"),  # R6.2
    "brute": N_("Play Brute {card} on {target}: its value becomes {value} this turn"),  # R7.2
    "free": N_("Take {card} for free"),  # R8.1
    "take": N_("Take {card}, pay {pay} to your play area, keep {keep}"),  # R8.4
    "pass": N_("Pass: take nothing"),  # R8.5
}
_OWN: Final = {
    "refresh": N_("You refresh {card} and draw {count}"),  # R5.2
    "accountant": N_("You play Accountant {card} (up to {swaps})"),  # R6.2
    "swap": N_("You swap {out} from your play area for {into} from your hand"),  # R6.2
    "brute": N_("You play Brute {card} on {target}: its value becomes {value} this turn"),  # R7.2
    "free": N_("You take {card} for free"),  # R8.1
    "take": N_("You take {card}, pay {pay} to your play area, keep {keep}"),  # R8.4
    "pass": N_("You pass: you take nothing"),  # R8.5
    "last pass": N_("You pass: the game ends"),  # R8.5, R10.2
}


def facts(action: Action) -> tuple[str, dict[str, object]]:
    """The kind of `action` as the tables of templates name it, and the values of its placeholders."""
    match action:
        case Refresh(card=c):
            return "refresh", {"card": c, "count": card_count(c.value)}
        case PlayAccountant(card=c):
            return "accountant", {"card": c, "swaps": swap_count(c.value)}
        case Swap(out=out, into=into):
            return "swap", {"out": out, "into": into}
        case PlayBrute(card=c, target=target, amount=k):
            return "brute", {"card": c, "target": target, "value": target.value - k}
        case Take(card=c, pay=None):
            return "free", {"card": c}
        case Take(card=c, pay=pay, keep=keep):
            return "take", {"card": c, "pay": pay, "keep": keep}
        case Pass():
            return "pass", {}
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover - the match is exhaustive


def menu(action: Action) -> str:
    """What `action` does, for a menu: a complete sentence fragment, one per distinct action."""
    kind, values = facts(action)
    return _(_MENU[kind]).format(**values)


def own(action: Action, *, ends_game: bool = False) -> str:
    """What the mover just chose, said to them: the sentence they confirm before the keyboard changes hands.

    `ends_game` says that this pass is the second in a row, so the game ends with it (R8.5, R10.2).
    """
    kind, values = facts(action)
    return _(_OWN["last pass" if kind == "pass" and ends_game else kind]).format(**values)


def taken_back(action: Action, *, by: str | None = None) -> str:
    """What undo took back, in notation: on the mover's own screen, or (`by` a name) on the other seat's."""
    if by is None:
        return _("Took back: {action}").format(action=action)
    return _("{name} took back {action}.").format(name=by, action=action)


def step(action: Action) -> str:
    """One action as the line of a hint says it, close to the notation a player types."""
    match action:
        case Refresh(card=c):
            return _("refresh {card}").format(card=c)
        case PlayAccountant(card=c):
            return _("accountant {card}").format(card=c)
        case Swap(out=o, into=i):
            return _("swap {out} back for {into}").format(out=o, into=i)
        case PlayBrute():
            return str(action)
        case Take():
            return take(action)
        case Pass():
            return _("pass")


def steps(actions: Sequence[Action]) -> str:
    """Actions in a row, as a hint lists them: "accountant A2, swap F1 back for M0, take F3 …"."""
    return _(", ").join(step(a) for a in actions)


def reason(action: Action) -> str:
    """What `action` does, e.g. 'take F3 for 10 VP (pay F2, keep F2)' or 'refresh B4 to see new cards'."""
    match action:
        case Take():
            return take(action)
        case Refresh(card=c):
            return ngettext("refresh {card} to see {n} new card", "refresh {card} to see {n} new cards",
                            c.value).format(card=c, n=c.value)
        case PlayAccountant(card=c):
            return ngettext("play {card} for up to {n} swap", "play {card} for up to {n} swaps",
                            c.value).format(card=c, n=c.value)
        case Swap(out=o, into=i):
            return _("swap {out} back into the hand for {into}").format(out=o, into=i)
        case PlayBrute(card=b, target=t, amount=k):
            return _brought_down(b, t, k)
        case Pass():
            return _("pass")


def _brought_down(brute: Card, target: Card, amount: int) -> str:
    return _("use {card} to bring {target} down by {amount}").format(card=brute, target=target, amount=amount)


def take(action: Take) -> str:
    """A take as every line of the computer says it: its points, and the payment written one way (R8.4)."""
    c = action.card
    if action.pay is None:
        if not c.points:
            return _("take {card} (free: a card to pay with later)").format(card=c)
        return _("take {card} for {points} VP (free)").format(card=c, points=c.points)
    return _("take {card} for {points} VP (pay {pay}, keep {keep})").format(
        card=c, points=c.points, pay=action.pay, keep=action.keep)


def plan_goal(taken: Take) -> str:
    """The take a plan ends with, as what a pass is chosen over: "pass rather than taking F3 for 10 VP", "… taking
    the free M0" (Italian "passa invece di prendere F3", German „passen statt F3 … zu nehmen“)."""
    if not taken.card.points:  # a 0 scores nothing by itself: it is a card to pay with later
        return _("taking the free {card}").format(card=taken.card)
    return _("taking {card} for {points} VP").format(card=taken.card, points=taken.card.points)


def worth(taken: Take) -> str:
    """The card a take gets and its worth, as what a refresh looks to better: "… more than F3 for 10 VP", "… more
    than the free M0"."""
    if not taken.card.points:
        return _("the free {card}").format(card=taken.card)
    return _("{card} for {points} VP").format(card=taken.card, points=taken.card.points)


def plan(actions: Sequence[Action]) -> str:
    """A plan of the turn in a player's words, e.g. 'play A2 to bring back F1, then take F3 for 10 VP (…)'."""
    final = actions[-1]
    if type(final) is not Take:
        return nothing_to_take()
    said = []
    back = _(", ").join(str(s.out) for s in actions if type(s) is Swap)
    if back and type(actions[0]) is not PlayAccountant:
        said.append(_("swap {cards} back into the hand").format(cards=back))
    for a in actions[:-1]:
        if type(a) is PlayAccountant:
            said.append(_("play {card} to bring back {cards}").format(card=a.card, cards=back) if back
                        else _("play {card}").format(card=a.card))
        elif type(a) is PlayBrute:
            said.append(_brought_down(a.card, a.target, a.amount))
    return _(", then ").join([*said, take(final)])
