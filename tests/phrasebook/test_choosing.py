"""Which language a player is spoken to in: option, then setting, then the gettext environment (issue: languages)."""

from __future__ import annotations

import pytest

from famiglia.phrasebook.choosing import AUTO, chosen_language, from_environment


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "de_CH@euro"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "de"),  # LC_ALL before LANG
        ({"LANG": "it_IT.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "de"),
        ({"LANG": "it_IT.UTF-8", "LC_ALL": "C"}, "en"),  # the first set variable decides
        ({"LANGUAGE": "fr:de:it", "LANG": "it_IT.UTF-8"}, "de"),  # the first usable entry of the list
        ({"LANGUAGE": "fr", "LANG": "it_IT.UTF-8"}, "it"),  # a list with nothing usable: the locale
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "de_DE"}, "de"),  # empty variables are unset
        ({"LANG": " It_it.utf8 "}, "it"),
    ],
)
def test_the_environment_names_the_language_as_gettext_reads_it(environ: dict[str, str], language: str) -> None:
    assert from_environment(environ) == language


def test_the_option_wins_over_the_setting_and_the_setting_over_the_environment() -> None:
    italian = {"LANG": "it_IT.UTF-8"}
    assert chosen_language("de", "en", italian) == "de"
    assert chosen_language(None, "de", italian) == "de"
    assert chosen_language(None, AUTO, italian) == "it"
    assert chosen_language(None, None, italian) == "it"
    assert chosen_language(None, "en", italian) == "en"  # English chosen is not "no choice"


@pytest.mark.parametrize("odd", ["", "xx", "ité", "\x00", "de" * 1000, "auto"])
def test_an_odd_setting_falls_back_to_the_environment(odd: str) -> None:
    assert chosen_language(None, odd, {"LANG": "de_DE.UTF-8"}) == "de"
