"""Keys as data: the one command type every screen's keys are written in, and the table that holds them.

A `Command` names its keys, when it applies (`when`) and, where it does not, the words that say why
(`why_not`), its words for the help (`label`, `words`) and for the key line (`hint`), and its body
(`run`): one verb of the screen's model, given the model and what was pressed. A screen's keys are
one `Commands` table: the game's, the home screen's, the replay's, the guided game's lesson box, and
any screen to come (a server's lobby) are each one. The bindings are made from a table by one binder
(`famiglia.tui.shell.keys.bind`), the help and the key line by `help_rows` and `key_line`, and
`press` does what a key does without a terminal, exactly as the bindings do, for tests and for a
screen that reads its keys some other way. So what a screen says about a key is what the key does,
and a key that does nothing says why.

Keys are written as prompt_toolkit names (`"c-z"`, `"escape"`, `"pageup"`, `"<sigint>"`), but nothing
here imports prompt_toolkit: a key is a string, as Textual's `BINDINGS` and pyvim's commands have it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeVar

from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.keynames import key_label

__all__ = ["DOT", "PASTE", "TYPED", "Command", "Commands", "Edit", "Line", "always", "types"]

M = TypeVar("M")

TYPED: Final = "<any>"  # a key that types a character: a command of it takes the character (`types`)
PASTE: Final = "<bracketed-paste>"  # a paste: a command of it takes the text pasted
DOT: Final = " · "  # between two keys' words on the key line

# What the input line must hold for a key to act rather than be typed or edit the line: anything, nothing,
# digits only (a number being typed), or no Tab completion menu open (the arrows then move in the menu).
Line = Literal["any", "empty", "digits", "no menu"]
# What a key does to the input line around its verb, which the shell carries out: `type` types the key onto
# the line and the verb reads the line; `take` gives the verb the line (a completion chosen in the menu first)
# and clears it if the verb used it up; `clear` closes the completion menu or clears the line, and only a line
# already empty reaches the verb; `complete` is Tab's own completion, and has no verb.
Edit = Literal["type", "take", "clear", "complete"]


def always(model: object) -> bool:
    return True


def types(key: str) -> bool:
    """Whether `key` is one character typed (as `TYPED` commands take it), not the name of a key."""
    return len(key) == 1


@dataclass(frozen=True, slots=True, eq=False)
class Command(Generic[M]):
    """One thing keys do on one screen: its keys, when it applies, what the help and the key line say, its verb.

    `when` says whether the keys are this command's now; where it does not hold, they go on to whatever
    else takes them (another command of the same key, the input line, the screen's word for a key that
    does nothing). Where it holds, `why_not` may still give the words that say why the command does
    nothing now, for the message line; None from it, and the command acts. `run(model, pressed)` is
    the verb: `pressed` is the key as written here, the character typed (`TYPED`), the text pasted
    (`PASTE`), or, for a command that edits the input line, the line (`edit`).

    `label` is how the help writes the keys and `words` what it says of them (no label: not in the help);
    `hint` is the key line's words, where `hint_where` holds (by default wherever the command acts).
    `line` and `edit` are the command's dealings with an input line; `small` commands also act while the
    terminal is too small to show the screen; `eager` ones act at once although a longer key sequence
    starts with the key (Esc); `watch` is its words on the line shown while the computer plays.
    """

    name: str
    keys: tuple[str, ...]
    when: Callable[[M], bool] = always
    run: Callable[[M, str], object] | None = None
    why_not: Callable[[M], str | None] | None = None
    label: str | None = None
    words: str | Callable[[M], str] = ""
    hint: str | Callable[[M], str] | None = None
    hint_where: Callable[[M], bool] | None = None
    line: Line = "any"
    edit: Edit | None = None
    small: bool = False
    eager: bool = False
    watch: str | None = None

    def available(self, model: M) -> bool:
        """Whether the command acts now (on the model alone: the shell adds the input line and the size)."""
        return self.when(model) and (self.why_not is None or self.why_not(model) is None)

    def refusal(self, model: M) -> str | None:
        """The words that say why the command does nothing now, where its keys are its own; else None."""
        if self.why_not is None or not self.when(model):
            return None
        return self.why_not(model)

    def help_words(self, model: M) -> str:
        return self.words(model) if callable(self.words) else _(self.words)

    def hint_words(self, model: M) -> str | None:
        """The key line's words for this command now, or None if it is not on the key line now."""
        if self.hint is None or not (self.hint_where or self.available)(model):
            return None
        return self.hint(model) if callable(self.hint) else _(self.hint)


class Commands(Generic[M]):
    """The keys of one screen, in order: the help and the key line list them in it, and the first that acts wins.

    `say(model, words)` puts a command's refusal on the model's message line; `stray(model, key)` answers
    a key no command takes (the key by its name, or the character typed); `before(model)` comes first at
    every key (the home screen clears its last message). While `typing(model)` holds, a typed character
    goes to the `TYPED` commands before any other command of the same key (a name being typed takes every
    letter).
    """

    def __init__(self, *commands: Command[M], say: Callable[[M, str], None] | None = None,
                 stray: Callable[[M, str], None] | None = None, before: Callable[[M], None] | None = None,
                 typing: Callable[[M], bool] | None = None) -> None:
        if say is None and any(c.why_not is not None for c in commands):
            raise ValueError("a table whose commands say why they do nothing needs a way to say it")
        self.commands = commands
        self.say = say
        self.stray = stray
        self.before = before
        self.typing = typing

    def __iter__(self) -> Iterator[Command[M]]:
        return iter(self.commands)

    def keys(self) -> set[str]:
        """Every key the table names."""
        return {key for c in self.commands for key in c.keys}

    def typed_over(self, model: M, key: str) -> bool:
        """Whether `key` is a character that the `TYPED` commands take now, before any other command of it."""
        return types(key) and self.typing is not None and self.typing(model)

    def press(self, model: M, key: str, text: str | None = None) -> bool:
        """Do what `key` does now, as the bindings do; True if a command acted, False if it said why not or none took
        the key. `text` is what came with it: the text pasted, or the input line of a command that edits it.

        The commands of `key` itself come first, then the `TYPED` ones for a character: in each, the
        first that acts, else the first that says why it does not; then the screen's word for a stray key.
        """
        if self.before is not None:
            self.before(model)
        own = [] if self.typed_over(model, key) or key == TYPED else [c for c in self.commands if key in c.keys]
        typed = [c for c in self.commands if TYPED in c.keys] if types(key) else []
        for group in (own, typed):
            acting = next((c for c in group if c.available(model)), None)
            if acting is not None:
                if acting.run is not None:
                    acting.run(model, key if text is None else text)
                return True
            said = next((words for c in group if (words := c.refusal(model)) is not None), None)
            if said is not None and self.say is not None:
                self.say(model, said)
                return False
        if self.stray is not None:
            self.stray(model, key)
        return False

    def help_rows(self, model: M) -> tuple[tuple[str, str], ...]:
        """The keys as the help lists them: one row per command with a label, in the table's order."""
        return tuple((key_label(c.label), c.help_words(model)) for c in self.commands if c.label is not None)

    def key_line(self, model: M) -> str:
        """The key line: what the commands on it now do, in the table's order."""
        return DOT.join(words for c in self.commands if (words := c.hint_words(model)) is not None)
