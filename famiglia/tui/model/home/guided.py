"""The guided first game as a sitting: an ordinary `Session` against the easy computer, with a `Guide` beside it.

`guided_session` deals the guided game (`famiglia.profile.guided_deal.GUIDED_SEED`, the player at seat 0
and starting) or carries on a saved one, and ties the guide to it: every change of the game goes through the
session's `on_action` hooks to `Guide.changed` (the screen also calls `Guide.observe` after each key,
for the deal that follows the names question), and a try the rules refuse is explained by the
guide as well as on the message line (an `on_refused` hook). What the guide reads is the player's
own view of the table (R12), never the computer's hand.

While a lesson or a refused try is on show, the keys are the box's own (`READING`): Enter or Esc
reads on, `s` skips the explanations for the rest of the game, `?` and Ctrl-C do what they always
do, and any other key says to read the box first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, NamedTuple

from famiglia.engine import Action
from famiglia.persistence import Record, Store
from famiglia.phrasebook.catalogue import N_, _
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED
from famiglia.profile.seats import HUMAN, seat_name

from .. import overlays
from ..keys import Command, Commands
from ..saving import resume_session
from ..screens import Message, Screen
from ..session import Session
from .guide import Guide
from .tutor import PLAYER

__all__ = ["READING", "READ_FIRST", "Guided", "follow", "guided_session", "reading"]

READ_FIRST: Final = N_("Read the box first: Enter goes on, s skips the explanations.")  # said through `_`


class Guided(NamedTuple):
    """A guided game's sitting and its guide: what the keys of the lesson box act on."""

    session: Session
    guide: Guide


def guided_session(name: str | None = None, *, record: Record | None = None, store: Store | None = None,
                   path: Path | None = None, memory_aid: bool = False, confirm: bool = True) -> Guided:
    """The guided game's sitting and its guide: a new deal for `name` (None: the game asks), or `record` played on."""
    if record is None:
        names = None if name is None else (name, seat_name(GUIDED_OPPONENT))
        session = Session(names=names, seed=GUIDED_SEED, first=GUIDED_FIRST, seats=(HUMAN, GUIDED_OPPONENT),
                          memory_aid=memory_aid, confirm=confirm)
        guide = Guide()
    else:
        session = resume_session(record, store=store, path=path, memory_aid=memory_aid, confirm=confirm)
        guide = Guide.resumed(record)

    def explain(s: Session, tried: Action | str) -> None:  # the rule a refused try runs into
        game = s.game
        if game is not None and not game.is_over and game.to_move == PLAYER and not guide.left:
            guide.refuse(game, tried)

    def observe(s: Session, action: Action | None) -> None:
        follow(Guided(s, guide), changed=True)

    session.on_refused.append(explain)
    session.on_action.append(observe)
    guided = Guided(session, guide)
    follow(guided)
    return guided


def follow(g: Guided, *, changed: bool = False) -> None:
    """The guide looks at the table after a change (`changed`: an action or an undo) or a key; once the end's
    `n` has dealt another game than the guided one, it leaves: that game is an ordinary one."""
    game, guide = g.session.game, g.guide
    if game is None or guide.left:
        return
    if guide.seed is None:  # the first deal it sees is the guided game's (after the names question, if asked)
        guide.seed = game.seed
    if game.seed != guide.seed:
        guide.leave()
    elif changed:
        g.guide.changed(game.view(PLAYER))
    else:
        g.guide.observe(game.view(PLAYER))


# -- the keys of the lesson box ------------------------------------------------------------------------------


def reading(g: Guided) -> bool:
    """A lesson or a refused try is on show over the table, with nothing else over it (a turn's end comes first)."""
    s = g.session
    return (s.game is not None and s.screen is Screen.TABLE and s.overlay is None and s.ending is None
            and (g.guide.lesson is not None or g.guide.refused is not None))


def _skip(g: Guided) -> None:
    skipping = g.guide.skip()
    g.session.message = Message(_("No more explanations in this game: it goes on as any other.") if skipping
                                else _("The explanations are back."))


def _read_on(g: Guided) -> None:
    """Enter or Esc: the box is read (or its next page shown), and a "read the box first" said before goes."""
    g.guide.read_on()
    message = g.session.message
    if message is not None and message.text == _(READ_FIRST):
        g.session.message = None


def _read_first(g: Guided, key: str) -> None:
    g.guide.nudge()
    g.session.message = Message(_(READ_FIRST), "warning")


READING: Final[Commands[Guided]] = Commands(
    Command("read on", ("enter", "escape"), reading, lambda g, _: _read_on(g)),
    Command("skip the explanations", ("s",), reading, lambda g, _: _skip(g)),
    Command("help", ("?",), reading, lambda g, _: overlays.toggle_help(g.session)),
    Command("interrupt", ("c-c", "<sigint>"), reading, lambda g, _: overlays.interrupt(g.session)),
    stray=_read_first,
)
