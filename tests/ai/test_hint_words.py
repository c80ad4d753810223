"""The hint's words name the game fact that decides the advice: the free 0 that blocks the opponent's refresh
(R5.1), the end a pass forces (R8.5, R9.3, R10.2), the points of the take against the lead; a line holds no
step that changes nothing; two equal cards on the Street read as one plan. Built from positions (interface.md)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from famiglia.ai import player
from famiglia.ai.advice import without_no_ops, words
from famiglia.ai.determinization import sample_world
from famiglia.ai.ismcts import ISMCTSPlayer
from famiglia.engine import Game, Pass, Refresh, SeatView, Take, parse_action
from famiglia.phrasebook import hints
from tests.positions import position

from .helpers import SETTINGS, tiny_turns, unfinished
from .test_advice import SMALL

ALWAYS = "the opponent must act next"  # true of every pass, so it explains none
BLOCKED = "while A0 lies on the Street the opponent cannot refresh"


def _view(pos: dict[str, Any]) -> SeatView:
    random.Random(3).shuffle(pos["draw_stack"])
    return Game.from_dict(pos, seed=5).view(0, memory=True)


def _leading_by_8(street: list[str]) -> SeatView:
    """Anna leads by 8 and can pay for nothing on `street` but its free cards; Ben holds only 0s."""
    return _view(position(hand0=["F2", "A0", "B0"], area0=["A2"], hand1=["F0", "A0", "B0", "M0"], street=street))


def test_r5_1_a_pass_that_leaves_the_free_0_names_the_refresh_it_blocks() -> None:
    """Taking the free A0 would leave the Street without a 0, and Ben could refresh it; passing, he cannot."""
    view = _leading_by_8(["A0", "F4", "B4", "M4", "A4", "F3"])
    advice = player("normal", seed=1).advise(view)  # type: ignore[attr-defined]
    assert advice.action == Pass() and player("normal", seed=1).choose(view) == Pass()
    assert advice.words.startswith(f"pass rather than taking the free A0: {BLOCKED}, and you lead by 8, so if they "
                                   "pass too, the game ends with your win; about ")
    assert ALWAYS not in advice.words


def test_r5_1_with_a_second_0_on_the_street_the_refresh_is_blocked_either_way_and_not_named() -> None:
    view = _leading_by_8(["A0", "B0", "F4", "B4", "M4", "A4"])
    said = words(view, (Pass(),), None, 0.6)
    assert "cannot refresh" not in said and ALWAYS not in said
    assert said.startswith("pass rather than taking the free ")
    assert said.endswith(": you lead by 8, so if the opponent passes too, the game ends with your win; "
                         "about 60% to win")


def test_r11_2_level_scores_say_whose_best_card_wins_the_tie() -> None:
    view = _view(position(hand0=["F2", "A0"], hand1=["A2", "B2"], street=["A0", "B0", "F4", "B4", "M4", "A4"]))
    said = words(view, (Pass(),), None, 0.5)
    assert ": the scores are level and your best card wins the tie, so if the opponent passes too, " in said


def test_r10_1_a_take_that_empties_the_street_is_named() -> None:
    view = _view(position(hand0=["F2", "A0"], area0=["A2"], hand1=["F0", "B0"], street=["A0"]))
    said = words(view, (Pass(),), None, 0.5)
    assert "the take would empty the Street and deal the opponent new cards" in said and ALWAYS not in said


def test_a_trailing_pass_weighs_the_points_of_the_take_against_the_lead() -> None:
    """R8.5, R10.2: and it says that the opponent's pass after it ends the game with the player's loss."""
    view = _view(position(hand0=["F0", "A0"], hand1=["F3", "B0"], street=["A0", "B0", "F4", "B4", "M4", "A4"]))
    said = words(view, (Pass(),), None, 0.2)
    assert said.startswith("pass rather than taking the free ") and ": you trail by 9, and its 0 VP would not put " \
        "you ahead; if the opponent passes too, the game ends with your loss; about 20% to win" in said


def test_r11_2_a_pass_whose_tie_the_opponents_best_card_wins_says_the_loss() -> None:
    """Level at 6, Ben's F2 beats Anna's best A2 (R11.2): the pass leaves Ben a pass that wins."""
    view = _view(position(hand0=["A2", "B2"], hand1=["F2"], street=["A0", "B0", "F4", "B4", "M4", "A4"]))
    said = words(view, (Pass(),), None, 0.3)
    assert ": the scores are level and the opponent's best card wins the tie, and its 0 VP would not put you " \
        "ahead; if the opponent passes too, the game ends with your loss; about 30% to win" in said


def test_r11_2_a_pass_that_leaves_the_opponent_a_draw_says_so() -> None:
    """Equal totals and equal cards (R11.2's decision: a draw)."""
    view = _view(position(hand0=["F0", "A2"], hand1=["F0", "B2"], street=["A0", "B0", "F4", "B4", "M4", "A4"]))
    said = words(view, (Pass(),), None, 0.4)
    assert said.endswith("; if the opponent passes too, the game ends in a draw; about 40% to win")


def test_r8_5_a_pass_with_nothing_to_take_says_how_the_opponents_pass_would_end_it() -> None:
    """Nothing can be taken (no 0, no pair): the words still say the end the opponent's pass would bring."""
    street = ["F4", "B4", "M4", "A4", "F3", "B3"]
    behind = _view(position(hand0=["F0", "A0"], hand1=["F3", "B0"], street=street))
    assert words(behind, (Pass(),), None, 0.1) == ("pass: nothing on the Street can be taken this turn, and a refresh "
                                                   "does no better; if the opponent passes too, the game ends with "
                                                   "your loss; about 10% to win")
    ahead = _view(position(hand0=["F3", "B0"], hand1=["F0", "A0"], street=street))
    assert words(ahead, (Pass(),), None, 0.9).endswith("; if the opponent passes too, the game ends with your win; "
                                                       "about 90% to win")


FREE_A0 = parse_action("take A0")
assert isinstance(FREE_A0, Take)
FACTS = {"ends": [None, "win", "draw", "loss"], "blocks": [None, FREE_A0.card], "empties": [False, True],
         "if_both_pass": [None, "win", "draw", "loss"], "lead": [-7, 0, 6]}
COMBINATIONS = [dict(zip(FACTS, values, strict=True)) for values in itertools.product(*FACTS.values())]


@pytest.mark.parametrize("facts", COMBINATIONS, ids=str)
def test_no_reason_for_a_pass_is_the_sentence_that_is_always_true(facts: dict[str, Any]) -> None:
    """Every combination of facts the search can hand the phrasebook: none is said with the empty reason."""
    said = hints.pass_line((), "about 50% to win", instead=FREE_A0, **facts)
    assert ALWAYS not in said and said.startswith("pass rather than taking the free A0: ")
    if facts["ends"] is None and facts["blocks"] is not None:
        assert "cannot refresh" in said


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_no_hint_says_the_opponent_must_act_next(seed: int, steps: int) -> None:
    game = unfinished(seed, steps)
    view = game.view(game.to_move, memory=True)
    said = words(view, (Pass(),), None, 0.5)  # the pass's words, whether or not the search would pass here
    assert ALWAYS not in said
    if "cannot refresh" in said:  # R5.1: a 0 is on the Street, and the take is of the only one
        assert [s.card.value for s in view.street].count(0) == 1
    advice = tiny_turns(seed).advise(view)
    assert ALWAYS not in advice.words


# -- no step that changes nothing --------------------------------------------------------------------------------


def _no_ops_after_the_first(view: SeatView, line: tuple[Any, ...]) -> bool:
    world = sample_world(view, random.Random(0))
    return without_no_ops(world, line, keep_first=True) != line


def test_a_swap_the_take_does_not_need_is_no_longer_advised() -> None:
    """Seeded game 18 after 57 random actions: the tree's line swapped M1 back for F0, which the take of F2 (pay F1,
    keep M2) does not use; the swap that brings M2 back stays."""
    game = unfinished(18, 57)
    view = game.view(game.to_move, memory=True)
    advice = ISMCTSPlayer(18, settings=SMALL).advise(view)
    assert [str(a) for a in advice.line] == ["accountant A2", "swap M2 A0", "take F2 pay F1 keep M2"]
    assert "swap M1 back for F0" not in advice.words
    assert advice.words.startswith("accountant A2, swap M2 back for A0, take F2 for 6 VP (pay F1, keep M2); ")
    assert advice.action == advice.line[0] and advice.action in view.legal_actions


def test_r6_2_a_swap_that_brings_back_a_paying_card_stays_and_one_that_does_not_goes() -> None:
    g = Game.from_dict(position(hand0=["F1", "A2", "M0", "B0"], area0=["F1", "M2"], hand1=["A0", "F3"],
                                street=["F2", "A3", "B3", "M3", "A4", "B4"]), seed=2)
    world = g.copy()
    line = tuple(parse_action(a) for a in ("accountant A2", "swap M2 B0", "swap F1 M0", "take F2 pay F1 keep F1"))
    assert [str(a) for a in without_no_ops(world, line)] == ["accountant A2", "swap F1 M0", "take F2 pay F1 keep F1"]
    before_a_pass = (line[0], line[1], Pass())
    assert without_no_ops(world, before_a_pass) == (Pass(),)  # nothing before a pass changes anything
    assert without_no_ops(world, before_a_pass, keep_first=True) == (line[0], Pass())


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_no_advised_line_holds_a_step_that_changes_nothing(seed: int, steps: int) -> None:
    game = unfinished(seed, steps)
    view = game.view(game.to_move, memory=True)
    for advice in (tiny_turns(seed).advise(view), ISMCTSPlayer(seed, settings=SMALL).advise(view)):
        assert advice.action == advice.line[0] and advice.action in view.legal_actions
        if advice.after_refresh is None:
            assert not _no_ops_after_the_first(view, advice.line)


# -- two equal cards ---------------------------------------------------------------------------------------------


def test_two_equal_cards_on_the_street_read_as_one_plan() -> None:
    """Two A1 on the Street: the hint refreshes one and takes the other, and says so without naming A1's plan."""
    view = _view(position(hand0=["A0", "A0", "F0", "B0"], hand1=["F0", "B0", "M0", "M1"],
                          street=["A1", "A1", "F4", "B4", "M4", "A4"]))
    advice = player("normal", seed=1).advise(view)  # type: ignore[attr-defined]
    assert str(advice.action) == "refresh A1"
    assert advice.words.startswith("refresh one A1 first — the other A1 stays open — then take A1 for 1 VP "
                                   "(pay A0, keep A0); about ")
    assert "the A1 plan" not in advice.words


def test_a_later_refresh_of_one_of_two_equal_cards_reads_as_one_plan() -> None:
    accountant, refresh, take = (parse_action(a) for a in ("accountant A2", "refresh A1", "take A1 pay A0 keep A0"))
    assert isinstance(refresh, Refresh)
    said = hints.refresh_later((accountant,), refresh.card, (take,), "about 40% to win")
    assert said == ("accountant A2, then refresh one A1 — the other A1 stays open — then take A1 for 1 VP "
                    "(pay A0, keep A0); about 40% to win")
