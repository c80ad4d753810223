"""The Italian and German a native player reads: each example a player met, said as the language says it.

The infinitive where Italian needs one ("passa invece di prendere …"), a refresh said as the card discarded
from the Street and replaced, on and off said as such ("attivo"), the euphonic d ("tocca ad Anna"), no "presa"
(docs/languages.md), German cards feminine („eine F1“, „keine F2“) and no comma before „oder“, a hint that
names its action once, the keys by the names the key line gives them, and the yes key of the language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from famiglia.commands.games import game_state
from famiglia.engine import Event, Game, Pass, Refresh, Step, Take, card, parse_action
from famiglia.phrasebook import actions, events, hints, reasons
from famiglia.phrasebook.catalogue import _, catalogue_for, filled, speaking
from famiglia.phrasebook.keynames import yes_key
from famiglia.phrasebook.table import step_name
from famiglia.tui.model import overlays, playing
from famiglia.tui.model.commands import COMMANDS, help_rows, key_line
from famiglia.tui.model.home.commands import help_lines
from famiglia.tui.model.home.menu import Home
from famiglia.tui.model.session import Overlay
from tests.drivers.session import resumed, seated
from tests.positions import position

ODDS = "58%"
FREE_M0 = Take(card("M0"))
B1 = Take(card("B1"))


def _po(language: str) -> Iterator[tuple[str, str]]:
    with open(f"famiglia/locale/{language}/LC_MESSAGES/famiglia.po", "rb") as f:
        for m in read_po(f):
            if m.id:
                for said in (m.string,) if isinstance(m.string, str) else m.string:
                    yield (m.id if isinstance(m.id, str) else m.id[0]), said


@pytest.fixture
def italian() -> Iterator[None]:
    with speaking(catalogue_for("it")):
        yield


@pytest.fixture
def german() -> Iterator[None]:
    with speaking(catalogue_for("de")):
        yield


# -- Italian -----------------------------------------------------------------------------------------------------


def test_italian_hints_weigh_a_take_with_the_infinitive(italian: None) -> None:
    passing = hints.pass_line([], ODDS, instead=FREE_M0, lead=3)
    assert passing.startswith("passa invece di prendere M0 gratis: "), passing
    refresh = hints.refresh_first(card("B3"), [], ODDS, now=B1)
    assert refresh.startswith("rinnova B3 per cercare più di B1 da 1 PV"), refresh
    assert reasons.refresh(card("B3"), goal=actions.worth(B1)) == "rinnova B3 per cercare più di B1 da 1 PV"
    rather = reasons.pass_rather(actions.plan([B1]))
    assert rather.startswith("passa invece di giocare il piano migliore: prendi B1"), rather
    for said in (passing, refresh, rather):
        assert "invece di prendi" not in said and "più di prendi" not in said


def test_a_refresh_is_said_as_the_card_discarded_from_the_street_and_replaced(italian: None) -> None:
    refreshed = Event(0, Refresh(card("B1")), (card("A4"),))
    assert events.event(refreshed, ("Giulia", "Ben")) == "Giulia ha scartato B1 dalla Strada e ha pescato A4"
    assert events.event(refreshed, ("Giulia", "Ben"), named=False) == "ha scartato B1 dalla Strada e ha pescato A4"
    with speaking(catalogue_for("de")):
        said = events.event(Event(0, Refresh(card("A2")), (card("F1"), card("M0"))), ("Lena", "Ben"))
        assert said == "Lena hat A2 aus der Auslage abgelegt und F1 M0 nachgezogen"


def test_on_and_off_are_said_as_on_and_off_not_yes_and_no(italian: None) -> None:
    session = seated()
    rows = dict(help_rows(session))
    assert rows["?"] == "apri e chiudi l’aiuto" and rows["c"].endswith("(attivo)")
    session.confirm = False
    assert dict(help_rows(session))["c"].endswith("(disattivo)")
    assert _("on") == "attivo" and _("off") == "disattivo"
    assert not [said for msgid, said in _po("it") if msgid.startswith(("on", "off", "help on")) and "sì" in said]


@pytest.mark.parametrize(("name", "said"), [("Anna", "tocca ad Anna"), ("Ben", "tocca a Ben"),
                                            ("Alessio", "tocca ad Alessio"), ("Ugo", "tocca a Ugo")])
def test_the_euphonic_d_before_a_name_that_begins_with_a(italian: None, name: str, said: str) -> None:
    game = Game.new(seed=3, names=(name, "Zoe"), first=0)
    assert game_state(game) == said
    assert filled(_("{name}'s turn"), name=name) == said[0].upper() + said[1:]
    assert filled(_("Pass the keyboard to {name}"), name=name).endswith(said.split(" ", 1)[1])
    with speaking(catalogue_for("en")):
        assert game_state(game) == f"{name} to move"


def test_no_presa_in_italian(italian: None) -> None:
    """docs/languages.md: say a take with the verb; "presa" is a trick in trick-taking games."""
    assert step_name(Step.TAKE) == "Prendere"
    assert not [said for _id, said in _po("it") if re.search(r"\b[Pp]res[ae]\b", said)]


# -- German ------------------------------------------------------------------------------------------------------


def test_german_cards_are_feminine_and_oder_takes_no_comma(german: None) -> None:
    g = Game.from_dict(position(hand0=["F1", "A0", "B0"], street=["F2", "B1", "A1", "M0"]), seed=0)
    session = resumed(g, confirm=False)
    assert not playing.submit(session, "nimm F2")
    assert session.message is not None
    assert "du brauchst zwei F1 oder eine F1 und einen Söldner über 1 (R8.2)" in session.message.text
    assert not playing.submit(session, "nimm M4")
    assert session.message is not None and "keine M4" in session.message.text
    catalogue = list(_po("de"))
    assert not [said for _id, said in catalogue if re.search(r"\{pair\}, oder|\bkein \{card\}", said)]


def test_a_hint_names_its_action_once(german: None) -> None:
    take = parse_action("take B1 pay B0 keep B0")
    assert isinstance(take, Take)
    said = hints.hint_text(take, reasons.with_chance(actions.take(take), "etwa 60 % Siegchance"))
    assert said == "Hinweis: B1 für 1 SP nehmen (B0 bezahlen, B0 behalten) (etwa 60 % Siegchance)", said
    refresh = hints.hint_text(Refresh(card("B3")), hints.refresh_first(card("B3"), [], ODDS, now=B1))
    assert refresh.count("B3") == 1, refresh
    passing = hints.hint_text(Pass(), hints.pass_line([], ODDS, instead=FREE_M0, lead=3))
    assert passing.startswith("Hinweis: passen statt M0 umsonst zu nehmen: "), passing
    with speaking(catalogue_for("it")):
        refresh = hints.hint_text(Refresh(card("B3")), hints.refresh_first(card("B3"), [], ODDS, now=B1))
        assert refresh == "Suggerimento: rinnova B3 per cercare più di B1 da 1 PV; 58%"


# -- keys ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "enter", "space", "interrupt"), [("it", "Invio", "Spazio", "Ctrl-C"),
                                                                       ("de", "Enter", "Leertaste", "Strg-C")])
def test_the_help_names_keys_as_the_key_line_does(language: str, enter: str, space: str, interrupt: str) -> None:
    with speaking(catalogue_for(language)):
        game = dict(help_rows(seated()))
        home = dict(help_lines(Home()))
        assert (enter in game and f"q, {interrupt}" in game and "Enter" not in game) or enter == "Enter"
        assert space in home and interrupt in home and "Space" not in home
        if language == "de":
            assert not [k for k in (*game, *home) if "Ctrl" in k]


@pytest.mark.parametrize(("language", "yes", "word"), [("en", "y", "yes"), ("it", "s", "sì"), ("de", "j", "ja")])
def test_the_quit_question_is_answered_with_the_languages_yes_key(language: str, yes: str, word: str) -> None:
    with speaking(catalogue_for(language)):
        assert yes_key() == yes
        session = seated()
        overlays.ask_quit(session)
        assert session.overlay is Overlay.CONFIRM_QUIT and key_line(session).endswith(f" {yes} / n")
        assert dict(help_lines(Home()))[yes] == _("yes") == word
        for other in {"s", "j"} - {yes}:
            COMMANDS.press(session, other)  # another language's yes does nothing here
            assert session.overlay is Overlay.CONFIRM_QUIT and session.exit_code is None
        COMMANDS.press(session, yes)
        assert session.exit_code == 0
        again = seated()
        overlays.ask_quit(again)
        COMMANDS.press(again, "y")  # y is understood in every language
        assert again.exit_code == 0
