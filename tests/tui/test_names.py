"""Players' names: one limit and the same words on the names screen and for `famiglia play --names`."""

from __future__ import annotations

import pytest

from famiglia import cli
from famiglia.engine import DEFAULT_NAMES
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.profile.names import NAME_LENGTH, NameRefused, check_pair, tidy_name
from famiglia.tui.model import playing
from famiglia.tui.model.session import Screen, Session


def test_a_name_is_tidied() -> None:
    assert tidy_name("  Anna   Maria ") == "Anna Maria"
    assert tidy_name("N" * NAME_LENGTH) == "N" * NAME_LENGTH


@pytest.mark.parametrize(("text", "why"), [
    ("", "a name cannot be empty"),
    ("N" * (NAME_LENGTH + 1), f"a name can be at most {NAME_LENGTH} characters long"),
    ("Ben\x1b[2J", "a name must be printable text"),
    ("An\u200bna", "a name must be printable text"),  # a zero-width space would hide in the player row
])
def test_a_bad_name_gets_the_same_words_on_the_screen_and_on_the_command_line(
        text: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(NameRefused, match=f"^{why}$"):
        tidy_name(text)
    if text:  # the screen takes an empty line as the default name
        session = Session(seed=1, handoff_guard=0)
        assert playing.submit(session, text) is False
        assert session.message is not None and session.message.text == why
        assert session.screen is Screen.NAMES and session.naming.given == []
    assert cli.main(["play", "--names", "Anna", text]) == 2
    assert f"famiglia: error: argument --names: {why}" in capsys.readouterr().err


def test_two_names_that_read_the_same_are_refused_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    why = "the two names must differ: Vito and vito read the same"
    with pytest.raises(NameRefused, match=f"^{why}$"):
        check_pair("Vito", "vito")
    session = Session(seed=1, handoff_guard=0)
    assert playing.submit(session, "Vito")
    assert playing.submit(session, "vito") is False
    assert session.message is not None and session.message.text == why
    assert cli.main(["play", "--names", "Vito", "vito"]) == 2
    assert f"famiglia: error: argument --names: {why}" in capsys.readouterr().err


def test_the_longest_name_keeps_a_player_row_on_one_line_at_80_columns() -> None:
    from famiglia.tui.view.compose import compose

    long = "M" * NAME_LENGTH
    session = Session(names=(long, "W" * NAME_LENGTH), seed=3, first=0, handoff_guard=0)
    session.drawn()
    session.reveal()
    rows = compose(session, 80, 23, plain=True).split("\n")
    assert all(len(r) <= 80 for r in rows)
    assert any(r.startswith(f"{long} (1st, you)") and "play area" in r for r in rows)  # not wrapped


def test_the_names_screen_says_the_limit_before_it_is_reached() -> None:
    from famiglia.tui.view.compose import compose

    text = " ".join(compose(Session(seed=1), 80, 23, plain=True).split())
    assert f"at most {NAME_LENGTH} characters" in text


@pytest.mark.parametrize(("language", "defaults"), [("en", DEFAULT_NAMES), ("it", ("Giocatore 1", "Giocatore 2")),
                                                    ("de", ("Spieler 1", "Spieler 2"))])
def test_enter_alone_names_the_players_in_the_language_spoken(language: str, defaults: tuple[str, str]) -> None:
    with speaking(catalogue_for(language)):
        session = Session(seed=1, handoff_guard=0)
        assert session.naming.prompt() == (0, defaults[0])
        assert playing.submit(session, "")
        assert session.naming.prompt() == (1, defaults[1])
        assert playing.submit(session, "")
        assert session.names == defaults
