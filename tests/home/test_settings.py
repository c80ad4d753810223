"""The settings file: read, checked, written with the player's comments kept, and merged with play's options."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from famiglia.profile.options import BARE_COMPUTER, for_play
from famiglia.profile.settings import (
    ENV,
    SettingRefused,
    Settings,
    describe,
    load,
    parse_words,
    settings_path,
    write_value,
)


@pytest.fixture
def path() -> Path:
    return settings_path()


def test_the_file_lives_where_the_environment_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "elsewhere"))
    assert settings_path() == tmp_path / "elsewhere" / "settings.toml"


def test_without_a_file_the_defaults_are_todays_behaviour(path: Path) -> None:
    loaded = load()
    assert loaded.settings == Settings(names=(), level="normal", memory_aid=False, confirm=True, colour=True)
    assert not loaded.exists and loaded.problem is None
    assert not path.exists()  # reading never makes a file


def test_a_good_file_is_read(path: Path) -> None:
    path.write_text('names = ["Anna", "Ben"]\nlevel = "hard"\nmemory_aid = true\nconfirm = false\ncolour = false\n',
                    encoding="utf-8")
    loaded = load()
    assert loaded.settings == Settings(("Anna", "Ben"), "hard", True, False, False)
    assert loaded.problem is None and loaded.given == {"names", "level", "memory_aid", "confirm", "colour"}


def test_unknown_and_wrong_values_are_named_in_one_line_and_their_defaults_used(path: Path) -> None:
    text = 'level = "impossible"\nconfirm = "yes"\nsound = true\nmemory_aid = true\n'
    path.write_text(text, encoding="utf-8")
    loaded = load()
    assert loaded.settings == Settings(memory_aid=True)  # the good one is kept
    assert loaded.problem is not None and "\n" not in loaded.problem
    assert "the settings file has 3 faults" in loaded.problem  # `famiglia settings` says where it is
    for words in ("'impossible'", "confirm must be true or false", "unknown setting 'sound'", "defaults are used"):
        assert words in loaded.problem
    assert path.read_text(encoding="utf-8") == text  # never changed


@pytest.mark.parametrize(("content", "said"), [
    (b"level = \n", "is not valid TOML"),
    (b"\xff\xfe level", "is not UTF-8"),
    (b"[names\n", "is not valid TOML"),
    (b"names = 3\n", "names must be a list of one or two names"),
    (b'names = ["Anna", "anna"]\n', "the two names must differ"),
    (b'names = ["A", "B", "C"]\n', "one or two names"),
    (b'names = ["' + b"x" * 30 + b'"]\n', "at most 20 characters"),
    (b'names = ["\\u0007bell"]\n', "printable"),
    (b"level = 1e400\n", "level must be one of"),
    (b"colour = 99999999999999999999\n", "colour must be true or false, not a huge number"),
    (b"confirm = " + b"9" * 5000 + b"\n", "TOML"),
    (b"level = " + b"[" * 600 + b"]" * 600, "nested too deeply"),
    (b"level = " + b"[" * 60 + b"]" * 60, "level must be one of easy, normal, hard, not a list of 1"),
])
def test_a_broken_file_gives_one_line_and_the_defaults(path: Path, content: bytes, said: str) -> None:
    path.write_bytes(content)
    loaded = load()
    assert loaded.problem is not None and said in loaded.problem, loaded.problem
    assert "\n" not in loaded.problem
    assert path.read_bytes() == content


def test_a_folder_or_an_unreadable_file_is_reported(path: Path) -> None:
    path.mkdir()
    assert "is not a file" in (load().problem or "")
    path.rmdir()
    path.write_text('level = "hard"\n', encoding="utf-8")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("this user reads any file (root)")
        loaded = load()
        assert loaded.settings == Settings() and "cannot be read" in (loaded.problem or "")
    finally:
        path.chmod(0o644)


def test_a_huge_file_is_not_read(path: Path) -> None:
    path.write_text("# " + "x" * 100_000 + "\n", encoding="utf-8")
    assert "too large" in (load().problem or "")


def test_writing_keeps_the_players_comments_and_order(path: Path) -> None:
    path.write_text('# my settings\nlevel = "easy"  # gentle for now\n\n# and the rest\nconfirm = false\n',
                    encoding="utf-8")
    write_value("level", parse_words("level", ["HARD"]))
    write_value("names", parse_words("names", ["Anna", " Ben "]))
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# my settings\nlevel = "hard"  # gentle for now\n\n# and the rest\nconfirm = false\n')
    assert load().settings == Settings(("Anna", "Ben"), "hard", confirm=False)


def test_a_new_file_is_made_with_a_comment_and_read_back(path: Path) -> None:
    write_value("memory_aid", True)
    assert path.read_text(encoding="utf-8").startswith("# famiglia's settings")
    assert load().settings == Settings(memory_aid=True)
    write_value("memory_aid", None)  # unset: back to the default
    assert load().settings == Settings() and "memory_aid" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("language", "comment"), [
    ("it", "# le impostazioni di famiglia: 'famiglia settings' le mostra"),
    ("de", "# Einstellungen von famiglia: 'famiglia settings' zeigt sie"),
])
def test_a_new_file_s_comment_is_in_the_language_of_the_one_who_made_it(path: Path, language: str,
                                                                        comment: str) -> None:
    from famiglia.cli import main

    assert main(["--lang", language, "settings", "set", "memory_aid", "on"]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith(comment) and "famiglia's settings" not in text
    assert load().settings == Settings(memory_aid=True)  # the keys are TOML's, in every language


def test_writing_over_a_broken_file_is_refused_and_changes_nothing(path: Path) -> None:
    path.write_text("level = = =\n", encoding="utf-8")
    with pytest.raises(SettingRefused, match="fix or remove it first"):
        write_value("level", "hard")
    assert path.read_text(encoding="utf-8") == "level = = =\n"


def test_writing_goes_through_a_link_and_leaves_no_temporary_file(path: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "famiglia.toml"
    real.parent.mkdir()
    real.write_text("# kept elsewhere\n", encoding="utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(real)
    write_value("level", "easy")
    assert path.is_symlink() and 'level = "easy"' in real.read_text(encoding="utf-8")
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.toml"]


@pytest.mark.parametrize(("name", "words", "message"), [
    ("level", ["medium"], "level must be one of easy, normal, hard"),
    ("level", ["easy", "hard"], "level takes one word"),
    ("confirm", ["maybe"], "true or false"),
    ("names", [], "one name"),
    ("names", ["Anna", "ANNA"], "must differ"),
    ("volume", ["11"], "unknown setting 'volume'"),
])
def test_values_from_the_command_line_are_checked(name: str, words: list[str], message: str) -> None:
    with pytest.raises(SettingRefused, match=message):
        parse_words(name, words)


def test_command_line_words_for_each_setting() -> None:
    assert parse_words("names", ["  Anna   Maria ", "Ben"]) == ("Anna Maria", "Ben")
    assert parse_words("Level", ["Easy"]) == "easy"
    assert [parse_words("colour", [w]) for w in ("yes", "OFF", "true", "no")] == [True, False, True, False]


def test_describe_says_where_the_file_is_and_what_it_holds(path: Path) -> None:
    path.write_text('level = "hard"\n', encoding="utf-8")
    lines = describe(load())
    assert lines[0] == f"Settings file: {path}"
    assert '  level      = "hard"' in lines
    assert "  confirm    = true  (default)" in lines
    assert any("famiglia settings set" in line for line in lines)


class TestForPlay:
    """The options of one `famiglia play` win over the settings; what is not given comes from them."""

    remembered = Settings(("Anna", "Ben"), "hard", memory_aid=True, confirm=False, colour=False)

    def test_nothing_given_plays_with_the_settings(self) -> None:
        choice = for_play(self.remembered)
        assert (choice.names, choice.vs, choice.memory_aid, choice.confirm, choice.colour) == \
            (("Anna", "Ben"), None, True, False, False)

    def test_options_win(self) -> None:
        choice = for_play(self.remembered, names=("Cleo", "Dan"), vs="cpu:easy", memory_aid=False, confirm=True)
        assert (choice.names, choice.vs, choice.memory_aid, choice.confirm) == (("Cleo", "Dan"), "cpu:easy", False,
                                                                                True)

    def test_a_bare_computer_plays_at_the_remembered_level_with_your_name(self) -> None:
        choice = for_play(self.remembered, vs=BARE_COMPUTER)
        assert (choice.names, choice.vs) == (("Anna",), "cpu:hard")
        assert for_play(Settings(), vs=BARE_COMPUTER).vs == "cpu:normal"

    def test_one_remembered_name_is_not_enough_for_two_players(self) -> None:
        assert for_play(Settings(names=("Anna",))).names is None  # the game asks

    def test_a_name_like_the_computers_is_not_used(self) -> None:
        choice = for_play(Settings(names=("computer (EASY)",)), vs="cpu:easy")
        assert choice.names is None and choice.note is not None and "computer" in choice.note
