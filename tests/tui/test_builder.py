"""The action builder: every legal action can be built choice by choice, and nothing else can.

Multi-choice actions are offered the way a newcomer thinks of them: a take with a pair, then which
card of the pair goes to the play area (R8.4); a Brute, then its target, then the amount (R7.2); an
Accountant's swap, the play-area card and then the hand card (R6.2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from famiglia.engine import Action, Game, Pass, PlayBrute, Swap, Take, card, parse_action
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import in_notation, in_words
from famiglia.tui.model.builder import Menu, complete, menu


def leaves(legal: list[Action], path: tuple[str, ...] = ()) -> Iterator[tuple[Action, int]]:
    """Every action the menu tree offers, with the number of choices it takes to reach it."""
    m = menu(legal, path)
    for choice in m.choices:
        if choice.action is not None:
            yield choice.action, 1
        else:
            for action, depth in leaves(legal, choice.path):
                yield action, depth + 1


def test_every_legal_action_is_offered_exactly_once(moments: Callable[..., Iterator[Game]]) -> None:
    for seed in range(12):
        for g in moments(seed):
            legal = g.legal_actions()
            offered = [a for a, _ in leaves(legal)]
            passing = menu(legal).pass_action
            assert (passing is None) == g.is_over  # R8.5: a pass is allowed at any moment of a turn
            assert sorted(map(str, [*offered, *([passing] if passing else [])])) == sorted(map(str, legal))


def test_menus_are_numbered_from_one_and_never_offer_a_single_way_on(moments: Callable[..., Iterator[Game]]) -> None:
    def check(m: Menu, legal: list[Action]) -> None:
        assert [c.number for c in m.choices] == list(range(1, len(m.choices) + 1))
        if not m.is_top:
            assert len(m.choices) >= 2  # a level with one way on is skipped
            assert m.question
        for c in m.choices:
            assert c.actions and all(a.step is c.step for a in c.actions)
            if c.action is None:
                check(menu(legal, c.path), legal)

    for seed in range(6):
        for g in moments(seed):
            check(menu(g.legal_actions()), g.legal_actions())


def test_the_top_menu_follows_the_order_of_the_steps(moments: Callable[..., Iterator[Game]]) -> None:
    for g in moments(3):
        if g.is_over:
            assert menu(g.legal_actions()).choices == ()
            continue
        top = menu(g.legal_actions())
        steps = [c.step for c in top.choices]
        assert steps == sorted(steps)
        assert top.pass_action == Pass()  # a pass is always there (R8.5), on its own key


def test_a_take_asks_for_the_pair_then_which_card_goes_to_the_play_area(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M1", "B2", "A2"])
    legal = g.legal_actions()
    top = menu(legal)
    take = next(c for c in top.choices if c.label == "take F2")
    assert take.action is None
    pairs = menu(legal, take.path)
    assert "which two cards" in (pairs.question or "")
    labels = [c.label for c in pairs.choices]
    assert labels == ["pay with F1 + F1", "pay with F1 + M2"]
    assert pairs.choices[0].action == Take(card("F2"), card("F1"), card("F1"))  # one way to pay with F1 + F1
    which = menu(legal, pairs.choices[1].path)
    assert "goes to your play area" in (which.question or "")
    assert [c.action for c in which.choices] == [Take(card("F2"), card("F1"), card("M2")),
                                                  Take(card("F2"), card("M2"), card("F1"))]
    assert which.choices[0].label == "pay F1 to your play area, keep M2"


def test_a_take_with_only_one_pair_skips_the_pair_question(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M1", "B2", "A2"])
    legal = g.legal_actions()
    take = next(c for c in menu(legal).choices if c.label == "take F2")
    which = menu(legal, take.path)
    assert which.path == (*take.path, "F1 + M2")
    assert len(which.choices) == 2


def test_a_brute_asks_for_the_target_then_the_amount(game: Callable[..., Game]) -> None:
    g = game(hand0=["B2", "F0", "A0", "B0", "M0"], street=["F3", "B1", "A1", "M1", "B2", "A2"])
    legal = g.legal_actions()
    brute = next(c for c in menu(legal).choices if c.label == "brute B2")
    targets = menu(legal, brute.path)
    assert "which Street card" in (targets.question or "")
    f3 = next(c for c in targets.choices if c.label.startswith("F3"))
    assert f3.action is None  # F3 can lose 1 or 2
    amounts = menu(legal, f3.path)
    assert [c.action for c in amounts.choices] == [PlayBrute(card("B2"), card("F3"), 1),
                                                    PlayBrute(card("B2"), card("F3"), 2)]
    assert amounts.choices[1].label == "-2: F3 counts as 1"
    b1 = next(c for c in targets.choices if c.label.startswith("B1"))
    assert b1.action == PlayBrute(card("B2"), card("B1"), 1)  # R7.2: at most the printed value
    assert b1.label == "B1 (value 1): -1, counts as 0"
    assert not any("worth" in c.label for c in targets.choices + amounts.choices)


def test_swaps_ask_for_the_play_area_card_then_the_hand_card(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "F1", "M0", "B0"], area0=["F2", "M1"], street=["F3", "B1", "A1", "M4", "B2", "A3"])
    g.apply("accountant A2")
    legal = g.legal_actions()
    top = menu(legal)
    swaps = [c for c in top.choices if c.label.startswith("swap")]
    assert [c.label for c in swaps] == ["swap F2", "swap M1"]  # the Accountant just played stays (R6.3)
    into = menu(legal, swaps[0].path)
    assert all(isinstance(c.action, Swap) and c.action.out is card("F2") for c in into.choices)
    assert {c.label for c in into.choices} == {"F1", "M0", "B0"}
    assert "which hand card takes its place" in (into.question or "")


def test_an_unknown_path_falls_back_to_the_top(game: Callable[..., Game]) -> None:
    g = game(hand0=["F0", "A0", "B0", "M0"], street=["F3", "B1", "A1", "M4", "B2", "A3"])
    assert menu(g.legal_actions(), ("take Z9",)) == menu(g.legal_actions())


def test_completion_lists_legal_actions_by_prefix_whatever_the_case(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    legal = g.legal_actions()
    assert complete(legal, "TAKE f2  pay m") == ["take F2 pay M2 keep F1"]
    assert complete(legal, "pa") == ["pass"]
    assert set(complete(legal, "")) == {str(a) for a in legal}
    assert complete(legal, "xyz") == []


def test_a_pass_is_never_numbered_but_offered_at_every_level(game: Callable[..., Game]) -> None:
    """R8.5: the pass has a key of its own, so it never moves around the numbered list."""
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M1", "B2", "A2"])
    legal = g.legal_actions()
    top = menu(legal)
    assert all(not isinstance(a, Pass) for c in top.choices for a in c.actions)
    assert top.pass_action == Pass()
    take = next(c for c in top.choices if c.label == "take F2")
    assert menu(legal, take.path).pass_action == Pass()


@pytest.mark.parametrize(("language", "take", "pay"), [("it", "prendi", "paga"), ("de", "nimm", "zahle")])
def test_tab_offers_the_actions_in_the_players_words_and_still_knows_the_notation(
        game: Callable[..., Game], language: str, take: str, pay: str) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    legal = g.legal_actions()
    with speaking(catalogue_for(language)):
        said = complete(legal, f"{take.upper()} f2  {pay} m")
        assert said == [in_words("take F2 pay M2 keep F1")] and said[0].startswith(f"{take} F2 {pay} M2 ")
        assert complete(legal, "TAKE f2  pay m") == ["take F2 pay M2 keep F1"]  # the notation is always read
        assert len(complete(legal, "")) == len(legal)
        assert all(parse_action(in_notation(text)) in legal for text in complete(legal, ""))
