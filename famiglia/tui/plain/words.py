"""The plain mode's command table: each question and verb a player types, by its word in the player's language
and a short form, with the line `?` says of it.

The words are the player's language's (`_`); the short form of each is the shortest start of its word that
no command before it in the table has taken, so "h" is the hand, "hi" the hint, "s" the Street and "sc"
the score in English, and each language gets its own. The actions themselves are typed in the notation or
its words in the player's language (`famiglia.phrasebook.notation`), and a number plays an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from famiglia.phrasebook.catalogue import N_, _

__all__ = ["COMMANDS", "Command", "command_for", "help_lines", "short_forms"]


@dataclass(frozen=True, slots=True)
class Command:
    """One thing a player may type: its name (the table's key), its word and what `?` says it does."""

    name: str
    word: str  # a template: the word in the player's language
    words: str  # what it does, for `?`
    public: bool = True  # answered at the handoff too: it shows nothing of a hand (R12.1)
    also: str | None = None  # another word for it ("rule R8.2" as well as "rules R8.2")
    key: str | None = None  # the key of the screen's own command table it presses (the replay's), if any


COMMANDS: Final = (
    Command("hand", N_("hand"), N_("your hand, with its points"), public=False),
    Command("street", N_("street"), N_("the Street, with the values a Brute brought down and the free cards")),
    Command("areas", N_("areas"), N_("both play areas")),
    Command("score", N_("score"), N_("both totals as they stand, and what each hand is worth")),
    Command("stack", N_("stack"), N_("the draw stack and the discard pile (with the memory aid, what the stack "
                                     "still holds)")),
    Command("last", N_("last"), N_("the opponent's last turn")),
    Command("options", N_("options"), N_("the actions you may play now, numbered: type a number to play one"),
            public=False),
    Command("log", N_("log"), N_("the game log, every turn")),
    Command("hint", N_("hint"), N_("a plan for your turn, with its chance"), public=False),
    Command("rules", N_("rules"), N_("the rules by section; rules R8.2 reads one rule"),
            also=N_("rule")),
    Command("undo", N_("undo"), N_("take back your last action, within the turn"), public=False),
    Command("takeback", N_("takeback"), N_("against the computer: take back your last whole turn and its answer"),
            public=False),
    Command("quit", N_("quit"), N_("leave the game (it is kept, and famiglia resume plays it on)")),
    Command("help", N_("help"), N_("this list")),
)


def short_forms(table: tuple[Command, ...] = COMMANDS) -> dict[str, str]:
    """Each command's short form in the player's language, by its name; "?" is help's in every language."""
    taken: set[str] = {"?"}
    forms = {}
    for command in table:
        word = _(command.word)
        size = 1
        while word[:size] in taken and size < len(word):
            size += 1
        forms[command.name] = word[:size]
        taken.add(word[:size])
    return forms


def command_for(typed: str, table: tuple[Command, ...] = COMMANDS) -> tuple[Command, str] | None:
    """The command of `table` `typed` starts with (its word or short form, any case), and what follows it; None if
    none."""
    first, _space, rest = typed.strip().partition(" ")
    first = first.casefold()
    forms = short_forms(table)
    for command in table:
        if first in (_(command.word).casefold(), forms[command.name].casefold(), command.name) \
                or (command.also is not None and first in (_(command.also).casefold(), command.also)) \
                or (command.name == "help" and first == "?"):
            return command, rest.strip()
    return None


def help_lines(*, playing: bool, table: tuple[Command, ...] = COMMANDS) -> list[str]:
    """What `?` says: how to act, then every command of `table` with its short form and what it does."""
    forms = short_forms(table)
    lines = [_("Type an action in notation or in words, like take F4 pay F3 keep M2, or a number from options; "
               "pass passes, and Enter alone ends your turn when you are asked.")] if playing else []
    for command in table:
        lines.append(_("{word} ({short}): {words}.").format(word=_(command.word), short=forms[command.name],
                                                            words=_(command.words)))
    return lines
