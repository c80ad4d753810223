"""`famiglia play` in Italian and German in a real terminal at 80×24: the handoff, the table with its step bar,
a refresh and a pass typed in the language's words, the turn's end question, the help, the quit question and the
farewell, all in the language, nothing wider than the screen. Italian by `--lang it`, German by the
terminal's `LANGUAGE`, the two ways a run finds its language.
"""

from __future__ import annotations

import time

import pytest

from famiglia.engine import Game, Step
from famiglia.phrasebook.catalogue import _, catalogue_for, filled, speaking
from famiglia.phrasebook.notation import in_words
from famiglia.phrasebook.table import step_name
from tests.drivers.tmux import NAMES, Tmux, launch

SEED = 3


@pytest.mark.parametrize(("language", "how"), [("it", ("--lang", "it")), ("de", ())])
def test_a_turn_in_the_language_at_80x24(tmux: Tmux, language: str, how: tuple[str, ...]) -> None:
    game = Game.new(seed=SEED, names=NAMES)
    mover = NAMES[game.to_move]
    refresh = next(a for a in game.legal_actions() if a.step is Step.REFRESH)
    with speaking(catalogue_for(language)):
        handoff = filled(_("Pass the keyboard to {name}"), name=mover)
        hand, turn = _("Your hand"), filled(_("Your turn, {name}"), name=mover)
        steps = [step_name(step) for step in Step]
        typed, passing = in_words(str(refresh)), in_words("pass")
        end_question, rules = _("End of your turn?"), _("The rules in short")
        quit_question, farewell = _("Quit the game?"), _("{first} and {second}").format(first=NAMES[0],
                                                                                     second=NAMES[1])
    assert typed.split()[0] != "refresh" and passing != "pass"
    launch(tmux, *how, "play", "--seed", str(SEED), "--names", *NAMES, width=80, height=24,
           env={"LANGUAGE": language})
    tmux.wait_for(handoff)
    time.sleep(1.5)  # the handoff takes keys a moment after it is drawn (R12.2)
    tmux.keys("Enter")
    screen = tmux.wait_for(hand)
    assert turn in screen and all(step in screen for step in steps)
    tmux.type(typed.upper())  # a refresh in the language's words, then a pass: the turn's end is asked
    tmux.keys("Enter")
    tmux.wait_until(lambda screen: str(refresh.card) not in screen.splitlines()[-1], "the refresh to be played")
    time.sleep(0.5)
    tmux.type(passing)
    tmux.keys("Enter")
    screen = tmux.wait_for(end_question)
    assert all(len(line) <= 80 for line in screen.splitlines())
    tmux.keys("Enter")
    tmux.wait_for(_handoff_of(language, NAMES[1 - game.to_move]))
    tmux.type("?")
    tmux.wait_for("PgDn")  # the help opens on its keys; the rules in brief come further down
    for _line in range(60):
        if rules in tmux.screen():
            break
        tmux.keys("Down")
        time.sleep(0.1)
    tmux.wait_for(rules)
    tmux.keys("Escape")
    tmux.wait_until(lambda screen: rules not in screen, "the help to close")
    tmux.keys("C-c")
    tmux.wait_for(quit_question)
    tmux.type("y")
    screen = tmux.wait_for("exit status 0")
    assert farewell in screen
    everything = tmux.screen(history=True)
    assert "Traceback" not in everything and hand not in everything


def _handoff_of(language: str, name: str) -> str:
    with speaking(catalogue_for(language)):
        return filled(_("Pass the keyboard to {name}"), name=name)
