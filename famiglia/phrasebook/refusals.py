"""Why the rules refuse an action, or the notation a line of text, in the player's language, with its rule id.

The engine says its reasons in English, and they are its contract (`Game.why_illegal`, the `reason` of an
`IllegalAction`, docs/interface.md); it never imports the phrasebook. Each reason it can give is one of a
few sentences with cards and numbers in them, so each is read back here by its own pattern and said again
from its template: in English the very words the engine gave (tests/phrasebook/test_refusals.py holds
every pattern to the engine's sentences over seeded games, so a reason reworded there fails there), in
Italian and German the sentence of that language, the rule id kept. A reason no pattern reads is shown as
the engine gave it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from famiglia.engine import Card, Step
from famiglia.engine.errors import quoted

from .catalogue import N_, _
from .table import step_name

__all__ = ["pay_for", "refusal"]

_CARD: Final = "[FABM][0-4]"
_NUMBER: Final = "[0-9]+"
_STEP_OF: Final = {step.title: step for step in Step}
_STEPS: Final = "|".join(_STEP_OF)
_QUOTED: Final = ".+?"  # what was typed, as the engine quotes it
_FIELDS: Final = {"card": _CARD, "pair": _CARD, "n": _NUMBER, "below": _NUMBER, "wanted": _STEPS, "step": _STEPS,
                  "typed": _QUOTED, "word": _QUOTED}

# Each reason by name, as its English template (the engine's sentence with its fields named).
_TEMPLATES: Final = {
    "too late": N_("too late for the {wanted} step: this turn is at the {step} step (R4.1)"),
    "zero on street": N_("the Street has a 0 on it ({card}), so you cannot refresh (R5.1)"),
    "empty street refresh": N_("the Street is empty: nothing to refresh (R10.1)"),
    "used up": N_("the draw stack is used up for good: no more refreshes (R5.6)"),
    "once a turn": N_("after the first exhaustion you may refresh only once a turn (R5.4)"),
    "already accountant": N_("you have already played an Accountant this turn (R4.3)"),
    "already brute": N_("you have already played a Brute this turn (R4.3)"),
    "not accountant": N_("{card} is not an Accountant: write accountant A1 to A4"),
    "not brute": N_("{card} is not a Brute: write brute B1 to B4"),
    "accountant zero": N_("an Accountant of value 0 has no ability (R4.2)"),
    "brute zero": N_("a Brute of value 0 has no ability (R4.2)"),
    "not in hand": N_("you have no {card} in your hand"),
    "accountant first": N_("play an Accountant first: swaps come with it (R6.2)"),
    "no swaps left": N_("your Accountant has no swaps left (R6.2)"),
    "same swap": N_("swapping {card} for {card} changes nothing (R6.2)"),
    "none in area": N_("there is no {card} in your play area"),
    "accountant stays": N_("the Accountant you just played ({card}) stays in the play area (R6.3)"),
    "moved into area": N_("{card} was moved into the play area this turn: it stays (R6.3)"),
    "none in hand": N_("there is no {card} in your hand"),
    "moved into hand": N_("{card} was moved into your hand this turn: it stays (R6.3)"),
    "none on street": N_("there is no {card} on the Street"),
    "target zero": N_("{card} has value 0: a Brute cannot target it (R7.2)"),
    "at least one": N_("a Brute lowers a card by at least 1 (R7.2)"),
    "brute at most": N_("{card} can lower a card by at most {n} (R7.2)"),
    "target at most": N_("{card} has value {n}: a Brute can lower it by at most {n} (R7.2)"),
    "need two": N_("you need two {card} in your hand, and you have {n}"),
    "need two, none": N_("you need two {card} in your hand, and you have none"),
    "game over": N_("the game is over"),
    "refresh not on street": N_("{card} is not on the Street"),
    "empty street take": N_("the Street is empty: nothing to take (R10.1)"),
    "not free, an": N_("{card} has value {n} now, so it is not free: you need two {pair}, or an {pair} and a "
                       "Mercenary above {below} (R8.2)"),
    "not free, a": N_("{card} has value {n} now, so it is not free: you need two {pair}, or a {pair} and a "
                      "Mercenary above {below} (R8.2)"),
    "free": N_("{card} has value 0 now: it is free, write take {card} (R8.1)"),
    "genuine": N_("one card must be a genuine {card}: only one Mercenary may stand in (R8.3)"),
    "pair, an": N_("{card} has value {n} now: you need two {pair}, or an {pair} and a Mercenary above {below} (R8.3)"),
    "pair, a": N_("{card} has value {n} now: you need two {pair}, or a {pair} and a Mercenary above {below} (R8.3)"),
    # the notation's reader (docs/notation.md): text that is no action at all
    "no action": N_("type an action, like take M0 or pass"),
    "not text": N_("{typed} is not an action: an action is a line of text, like take M0"),
    "not an action": N_("{typed} is not an action: give an action or its text, like take M0"),
    "verb": N_("{typed} is not an action: start with pass, refresh, accountant, swap, brute or take"),
    "usage pass": N_("{typed} is not an action: write pass"),
    "usage refresh": N_("{typed} is not an action: write refresh <card>, like refresh B3"),
    "usage accountant": N_("{typed} is not an action: write accountant <Accountant>, like accountant A2"),
    "usage swap": N_("{typed} is not an action: write swap <play-area card> <hand card>, like swap F1 M0"),
    "usage brute": N_("{typed} is not an action: write brute <Brute> <Street card> -<amount>, like brute B2 F4 -1"),
    "usage take": N_("{typed} is not an action: write take <card>, or take <card> pay <card> keep <card>, like take "
                     "F2 pay F1 keep F1"),
    "no card": N_("{typed}: {word} is not a card (a family letter F, A, B or M and a value 0-4, like F2)"),
    "amount": N_("{typed}: write the amount as one digit after the minus, like brute B2 F4 -1"),
    "card text": N_("{typed} is not a card: a card is named by text, like F2"),
    "card letter": N_("{typed} is not a card: write a family letter (F, A, B, M) and a value 0-4, like F2"),
}


def _pattern(template: str) -> re.Pattern[str]:
    """The engine's sentence `template` as a pattern: each field read where it first stands, the same text after."""
    parts = re.split(r"\{(\w+)\}", template)
    seen: set[str] = set()
    pattern = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            pattern += re.escape(part)
        elif part in seen:
            pattern += "(?P=" + part + ")"
        else:
            seen.add(part)
            pattern += "(?P<" + part + ">" + _FIELDS[part] + ")"
    return re.compile(pattern)


_PATTERNS: Final = {name: _pattern(template) for name, template in _TEMPLATES.items()}


def refusal(reason: str, *, as_typed: str | None = None) -> str:
    """The engine's `reason` for refusing an action, said in the player's language (as given where unknown).

    `as_typed` is the line the player typed, where the engine read it in the notation's words (`prendi xyz`
    read as `take xyz`): a reason that quotes the line quotes the player's own words.
    """
    for name, pattern in _PATTERNS.items():
        found = pattern.fullmatch(reason)
        if found is not None:
            fields = found.groupdict()
            if "typed" in fields and as_typed is not None:
                fields["typed"] = quoted(as_typed.strip())
            for step in ("wanted", "step"):
                if step in fields:
                    fields[step] = step_name(_STEP_OF[fields[step]])
            return _(_TEMPLATES[name]).format(**fields)
    return reason


def pay_for(card: Card, takes: Sequence[str]) -> str:
    """A take typed as if free (`take M1`) of a card that is not, by a player who holds a pair that pays for
    it: the takes that do, as they are written (`takes`, in the player's words), one of them in full (R8.2)."""
    if len(takes) == 1:
        return _("{card} is not free: pay with your pair, write {take} (R8.2)").format(card=card, take=takes[0])
    return _("{card} is not free: pay a pair, like {take} (Tab lists all) (R8.2)").format(
        card=card, take=takes[0])
