"""Refused tries and what each place says of them, for the refusals' golden file (tests/phrasebook/refusals_said.jsonl).

`cases` gives moments of seeded games and built positions with a try the rules refuse there, a few of each
shape of reason (every reason the rules give is met), and lines of text that are no action; `said` is what
the engine says of one (the error's text, its reason) and the words the table's message line shows when the
player types it in English, Italian and German (the full screen, the plain mode and the server all show
that line). `python -m tests.drivers.refusals` writes the file anew.
"""

from __future__ import annotations

import gettext
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from famiglia.engine import CARDS, Game, IllegalAction, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take
from famiglia.engine.errors import quoted
from famiglia.engine.refusals import Refusal
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import in_words
from famiglia.phrasebook.refusals import refusal
from tests.drivers.session import resumed
from tests.positions import position

__all__ = ["GOLDEN", "cases", "said", "sentence"]

GOLDEN = Path(__file__).parent.parent / "phrasebook" / "refusals_said.jsonl"
LANGUAGES = ("en", "it", "de")
_PER_SHAPE = 3

# Lines that are no action, each refused by the notation's reader in its own way.
NOT_ACTIONS = ("", "   ", "xyz", "dance F2", "take", "take F9", "take q9", "take F2 pay F1", "take F2 pay F1 keep",
               "take F2 keep F1 pay F1", "pass now", "refresh", "refresh F2 F3", "accountant", "swap F1",
               "brute B2", "brute B2 F4 -x", "brute B2 F4 -12", "brute B2 F4 -\u0663", "refresh \U0001d53d2",
               "take \x1b[2J", "take " + "x" * 60, "Take  f2   PAY f1 keep F1 extra", "swap F1 M0 A1")


def _built() -> list[Game]:
    """Moments random games rarely reach: an empty Street at the end (R10.1), the stack used up for good (R5.6),
    the one refresh after the first exhaustion made (R5.4), a swap made with one left (R6.3), and the end."""
    street = ["F1", "A2", "B3", "M1", "F2", "A1"]
    empty = Game.from_dict(position(street=[], stack=[], rest="areas", exhaustions=2,
                                    hand0=["F1", "F1", "A1", "B2", "M3"]), seed=0)
    used_up = Game.from_dict(position(street=street, stack=[], rest="areas", exhaustions=2), seed=0)
    refreshed = Game.from_dict(position(street=street, stack=["F3"], exhaustions=1), seed=0)
    refreshed.apply("refresh A1")
    swapped = Game.from_dict(position(street=street, hand0=["A3", "B3", "F0"], area0=["M2", "A1"]), seed=0)
    swapped.apply("accountant A3")
    swapped.apply("swap M2 F0")
    over = Game.new(seed=2, names=("Anna", "Ben"))
    while not over.is_over:
        over.apply("pass")
    return [empty, used_up, refreshed, swapped, over]


# Every try of one card or two, and every Brute's (amounts -1 to 5), asked at the built moments.
_EVERY: Final = ([Refresh(c) for c in CARDS] + [PlayAccountant(c) for c in CARDS] + [Take(c) for c in CARDS]
                 + [Swap(o, i) for o in CARDS for i in CARDS]
                 + [PlayBrute(b, t, k) for b in CARDS for t in CARDS for k in range(-1, 6)] + [Pass()])


def _tries(rng: random.Random) -> list[object]:
    c, d, e = rng.choice(CARDS), rng.choice(CARDS), rng.choice(CARDS)
    return [Refresh(c), PlayAccountant(c), Swap(c, d), PlayBrute(c, d, rng.randint(-1, 5)), Take(c), Take(c, d, e),
            Pass()]


def cases() -> Iterator[tuple[Game, str]]:
    """(a moment, the notation of a try refused there), a few of each shape of reason; then lines that are none."""
    shapes: Counter[str] = Counter()
    rng = random.Random(43)
    moments: list[tuple[Game, list[object]]] = [(game, _EVERY) for game in _built()]
    for seed in range(12):
        game = Game.new(seed=seed, names=("Anna", "Ben"))
        while not game.is_over:
            moments.append((game.copy(), [t for _ in range(12) for t in _tries(rng)]))
            legal = [a for a in game.legal_actions() if type(a) is not Pass or rng.random() < 0.05]
            game.apply(rng.choice(legal or game.legal_actions()))
    zero = Game.from_dict(position(street=["F0", "A2", "B3", "M1", "F2", "A1"], hand0=["B2", "F0", "A0"]), seed=0)
    moments.append((zero, _EVERY))  # a Brute in hand and a 0 on the Street (R7.2)
    for game, tries in moments:
        for tried in tries:
            why = game.why_illegal(tried)  # type: ignore[arg-type]
            shape = re.sub(r"[FABM][0-4]|\d+", "#", why or "")
            if why is not None and shapes[shape] < _PER_SHAPE:
                shapes[shape] += 1
                yield game, str(tried)
    start = Game.new(seed=5, names=("Anna", "Ben"))
    for line in NOT_ACTIONS:
        yield start, line


def said(game: Game, tried: str) -> dict[str, object]:
    """What the engine says of `tried` at `game`, and what the message line shows in each language: in Italian and
    German its text and the sentence it is made of (the catalogue's msgid and the fields filled in, each step by
    its English name), so that a test can follow the catalogue's wording as it changes."""
    found: dict[str, object] = {"tried": tried, "why": game.why_illegal(tried) or ""}
    try:
        game.copy().apply(tried)
    except IllegalAction as error:
        found["error"], found["reason"] = str(error), error.reason
    refused = game.refusal(tried)
    for language in LANGUAGES:
        with speaking(catalogue_for(language)):
            if game.is_over:
                continue  # the table shows the end, where nothing is typed
            session = resumed(game.copy())
            typed = in_words(tried) if language != "en" else tried
            assert not session.play(typed), (tried, language)
            text = session.message.text if session.message is not None else ""
            if language == "en" or refused is None:
                found[language] = text
            else:
                found[language] = {"text": text, "msgid": sentence(refused), "fields": _fields(refused, typed)}
    return found


class _Heard(gettext.NullTranslations):
    """A catalogue that says everything in English and keeps the last sentence it was asked for."""

    last = ""

    def gettext(self, message: str) -> str:
        self.last = message
        return message


def sentence(refused: Refusal) -> str:
    """The catalogue's sentence (its msgid) the phrasebook says `refused` with: the last one it asks for."""
    heard = _Heard()
    with speaking(heard):
        refusal(refused)
    return heard.last


def _fields(refused: Refusal, typed: str) -> dict[str, str]:
    """The fields of `refused` as its sentence fills them in, a step by its English name."""
    fields = {("n" if name == "have" else name): value.title if isinstance(value, Step) else str(value)
              for name, value in refused.fields.items()}
    if "typed" in fields:
        fields["typed"] = quoted(typed.strip())
    return fields


if __name__ == "__main__":
    with GOLDEN.open("w", encoding="utf-8") as out:
        for game, tried in cases():
            out.write(json.dumps(said(game, tried), ensure_ascii=False) + "\n")
