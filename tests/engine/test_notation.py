"""Card and action notation (interface.md): canonical output, forgiving input, clear refusals."""

from __future__ import annotations

import pytest

from famiglia.engine import (
    CARDS,
    Card,
    Family,
    Game,
    IllegalAction,
    NotationError,
    Pass,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Swap,
    Take,
    card,
    parse_action,
    parse_card,
)

F2, F1, M3, B2, F4, A2, M0 = (card(x) for x in ("F2", "F1", "M3", "B2", "F4", "A2", "M0"))


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Refresh(card("B3")), "refresh B3"),
        (PlayAccountant(A2), "accountant A2"),
        (Swap(F1, M0), "swap F1 M0"),
        (PlayBrute(B2, F4, 1), "brute B2 F4 -1"),
        (Take(M0), "take M0"),
        (Take(F2, M3, F1), "take F2 pay M3 keep F1"),
        (Pass(), "pass"),
    ],
)
def test_str_is_the_canonical_notation_and_parses_back(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert eval(repr(action), {**globals(), "card": card}) == action  # repr rebuilds the object


def test_input_is_forgiving_about_case_and_spaces():
    assert parse_action("  TAKE f2   Pay m3 KEEP F1 ") == Take(F2, M3, F1)
    assert parse_action("Brute b2 f4 1") == PlayBrute(B2, F4, 1)
    assert parse_action("PASS") == Pass()


def test_brute_without_an_amount_means_the_largest():
    assert parse_action("brute B2 F4") == PlayBrute(B2, F4, 2)
    assert parse_action("brute B4 F1") == PlayBrute(card("B4"), F1, 1)


@pytest.mark.parametrize("text", ["", "   ", "xyz", "take", "take F9", "pass now", "refresh X1", "brute B2",
                                  "swap F1", "take F1 pay F0", "accountant", "42", "take F1 with F0 keep F0",
                                  "brute B2 F4 -x"])
def test_text_that_is_no_action_raises_a_notation_error(text):
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)
    assert str(info.value)


@pytest.mark.parametrize("thing", [42, None, ("take", "F0"), card("F0")])
def test_apply_of_something_that_is_no_action_raises_and_changes_nothing(thing):
    g = Game.new(seed=3)
    before = g.to_dict()
    with pytest.raises(NotationError):
        g.apply(thing)
    assert g.to_dict() == before
    assert g.why_illegal(thing)


def test_a_notation_error_quotes_the_input_and_shows_the_form():
    with pytest.raises(NotationError, match=r"'take F9'.*F2"):
        parse_action("take F9")
    with pytest.raises(NotationError, match="brute <Brute> <Street card>"):
        parse_action("brute B2")


def test_cards_are_interned_and_read_case_insensitively():
    assert parse_card(" m3 ") is M3 is Card.of(Family.MERCENARIES, 3)
    assert len(CARDS) == 20 and len(set(CARDS)) == 20
    assert [c.points for c in CARDS if c.family is Family.FAMIGLIA] == [1, 3, 6, 10, 15]  # R2
    assert [c.points for c in CARDS if c.family is Family.BRUTES] == [0, 1, 3, 6, 10]


def test_legal_actions_are_distinct_and_canonical_in_many_positions():
    for seed in range(30):
        g = Game.new(seed=seed)
        while not g.is_over:
            texts = [str(a) for a in g.legal_actions()]
            assert len(texts) == len(set(texts))
            assert all(parse_action(t) == a for t, a in zip(texts, g.legal_actions(), strict=True))
            g.apply(texts[len(texts) // 2])
