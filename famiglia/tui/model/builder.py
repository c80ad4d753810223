"""Building an action one choice at a time from the legal actions, so a newcomer never needs the notation.

The legal actions of the moment are arranged as a tree of choices. Each action is a path of choices:
a take with a pair is the card, then the pair, then which card of the pair goes to the play area
(R8.4); a Brute is the Brute, then the Street card, then the amount (R7.2); a swap is the play-area card
that goes back to the hand, then the hand card that takes its place (R6.2). A choice under which only
one action remains *is* that action, so nothing is ever asked that has a single answer.

A pass is no numbered choice: it has a fixed key of its own (R8.5), so it never moves around the list
and no mistyped number ends a turn with nothing taken. `Menu.pass_action` says whether it is on offer.

The tree is computed from `legal_actions()` only: the builder never decides what is legal (style 6).
Everything here is pure: the session keeps the path of choices made so far.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from famiglia.engine import Action, Card, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take
from famiglia.phrasebook import choices as choice_words
from famiglia.phrasebook.notation import in_words

__all__ = ["Choice", "Menu", "complete", "menu"]

# One choice of a path: a key that identifies it among its siblings, and what the menu shows for it.
_Segment = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of a menu: its label, where it leads, and every legal action under it."""

    number: int  # 1-based, as shown in the menu and typed with the number keys
    label: str
    path: tuple[str, ...]  # the keys from the top of the tree down to this choice
    step: Step
    actions: tuple[Action, ...]

    @property
    def action(self) -> Action | None:
        """The action this choice plays at once, or None when more choices follow."""
        return self.actions[0] if len(self.actions) == 1 else None


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices at one level of the tree: `question` says what is being chosen (None at the top)."""

    path: tuple[str, ...]
    question: str | None
    choices: tuple[Choice, ...]
    pass_action: Pass | None = None  # the pass, when it is legal now: offered on its own key, never numbered

    @property
    def is_top(self) -> bool:
        return not self.path

    def numbered(self, number: int) -> Choice | None:
        if 1 <= number <= len(self.choices):
            return self.choices[number - 1]
        return None


def _segments(action: Action) -> tuple[_Segment, ...]:
    """The path of choices that leads to `action`: (key, label) per level."""
    match action:
        case Refresh(card=c):
            return ((f"refresh {c}", f"refresh {c}"),)
        case PlayAccountant(card=c):
            return ((f"accountant {c}", f"accountant {c}"),)
        case Swap(out=o, into=i):
            return ((f"swap {o}", f"swap {o}"), (str(i), str(i)))
        case PlayBrute(card=b, target=t, amount=k):
            return ((f"brute {b}", f"brute {b}"), (str(t), choice_words.brute_target(t)),
                    (f"-{k}", choice_words.brute_amount(t, k)))
        case Take(card=c, pay=None):
            return ((f"take {c}", f"take {c}"), ("free", choice_words.for_free()))
        case Take(card=c, pay=Card() as p, keep=Card() as k):
            pair = f"{min(p, k)} + {max(p, k)}"
            return ((f"take {c}", f"take {c}"), (pair, choice_words.pay_with(pair)),
                    (str(p), choice_words.payment(p, k)))
    raise TypeError(f"not a numbered action: {action!r}")  # pragma: no cover - a pass has its own key


def _question(path: tuple[str, ...]) -> str | None:
    """What the choices under `path` decide, in a newcomer's words."""
    if not path:
        return None
    verb, _, name = path[0].partition(" ")
    if verb == "swap":
        return choice_words.swap_question(name)
    if verb == "brute":
        return choice_words.brute_question(name, path[1] if len(path) > 1 else None)
    if verb == "take":
        return choice_words.take_question(name, path[1] if len(path) > 1 else None)
    return None  # pragma: no cover - only the groups above have several choices


def menu(legal: Sequence[Action], path: tuple[str, ...] = ()) -> Menu:
    """The choices under `path` among the legal actions; an unknown path gives the top menu.

    The choices keep the order of `legal` (the engine lists them step by step), and are numbered from 1.
    A legal pass is not among them: it is `pass_action`, at every level (R8.5).
    """
    depth = len(path)
    passing = next((a for a in legal if isinstance(a, Pass)), None)
    groups: dict[str, tuple[str, list[Action], list[tuple[_Segment, ...]]]] = {}
    for action in legal:
        if isinstance(action, Pass):
            continue
        segments = _segments(action)
        if tuple(key for key, _ in segments[:depth]) != path or len(segments) <= depth:
            continue
        key, label = segments[depth]
        entry = groups.setdefault(key, (label, [], []))
        entry[1].append(action)
        entry[2].append(segments)
    if path and not groups:
        return menu(legal, ())
    choices = []
    for number, (key, (label, actions, all_segments)) in enumerate(groups.items(), start=1):
        if len(actions) == 1 and len(all_segments[0]) > depth + 1:
            label = _single_label(actions[0], all_segments[0], depth)
        choices.append(Choice(number, label, (*path, key), actions[0].step, tuple(actions)))
    if path and len(choices) == 1 and choices[0].action is None:
        return menu(legal, choices[0].path)  # one way on: do not ask what has a single answer
    return Menu(path, _question(path), tuple(choices), passing)


def _single_label(action: Action, segments: tuple[_Segment, ...], depth: int) -> str:
    """A choice that stands for one action says all of it: `take F3` becomes `take F3 pay F2 keep F2`."""
    if depth == 0:
        return str(action)
    if isinstance(action, PlayBrute) and depth == 1:
        return choice_words.brute_target(action.target, amount=action.amount)
    return segments[depth][1]


_SPACES = re.compile(r"\s+")


def complete(legal: Iterable[Action], text: str) -> list[str]:
    """Every legal action that starts with `text` (case and extra spaces do not matter), in the player's words
    where `text` starts as they do ("prendi F2"), else in the notation's ("take F2")."""
    typed = _SPACES.sub(" ", text.lstrip().lower())
    found = []
    for action in legal:
        notation = str(action)
        said = in_words(notation)
        if said.lower().startswith(typed):
            found.append(said)
        elif notation.lower().startswith(typed):
            found.append(notation)
    return found
