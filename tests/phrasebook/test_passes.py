"""Why the computer passed, in words made of public facts only (R12.1): one case per kind of pass, built
from positions (interface.md), and the hidden-information property: the words never depend on its hand."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia.engine import Game, Pass, SeatView
from famiglia.phrasebook.passes import pass_reason
from tests.positions import DECK, card_order, position

BEN = 1  # the computer: the seat that passes in every position here; Anna (0) is the person


def passing(pos: dict[str, Any]) -> str:
    """The words of Ben's pass in `pos`: from his own view before it, with the result if the pass ends the game."""
    game = Game.from_dict(pos, seed=1)
    assert game.to_move == BEN
    before = game.view(BEN, memory=True)  # all the computer may know (R12.3): the words must use less
    game.apply(Pass())
    words = pass_reason(before, game.result())
    assert words == pass_reason(game_view_public(pos), game.result())  # the public view gives the same words
    return words


def game_view_public(pos: dict[str, Any]) -> SeatView:
    return Game.from_dict(pos, seed=1).view(None)


STREET = ("F2", "A3", "B2", "M3", "F1", "A2")
STREET_0 = ("A0", *STREET[1:])  # a 0 on it: the opponent cannot refresh (R5.1)


def test_r8_5_a_pass_after_yours_that_wins_says_the_game_ends_and_the_score() -> None:
    pos = position(hand0=["F0", "A0"], hand1=["F4", "F3"], street=STREET, passes=1, to_move=BEN)
    assert passing(pos) == "you passed, so its pass ends the game: it wins 25–1"


def test_r8_5_a_pass_after_yours_that_loses_or_draws_says_so() -> None:
    losing = position(hand0=["F4", "F3"], hand1=["F0", "A0"], street=STREET, passes=1, to_move=BEN)
    assert passing(losing) == "you passed, so its pass ends the game: you win 25–1"
    level = position(hand0=["F0", "A0"], hand1=["F0", "A0"], street=STREET, passes=1, to_move=BEN)
    assert passing(level) == "you passed, so its pass ends the game: a draw at 1 each"  # R11.2: equal cards


def test_r11_2_a_win_on_the_tie_break_is_named_as_one() -> None:
    yours = position(hand0=["F2"], hand1=["A2", "B2"], street=STREET, passes=1, to_move=BEN)  # 6 each, F2 best
    assert passing(yours) == "you passed, so its pass ends the game: you win 6–6 on the tie-break"
    its = position(hand0=["A2", "B2"], hand1=["F2"], street=STREET, passes=1, to_move=BEN)
    assert passing(its) == "you passed, so its pass ends the game: it wins 6–6 on the tie-break"


def test_r8_5_a_pass_that_leaves_the_move_to_you_says_your_pass_would_end_the_game() -> None:
    pos = position(hand0=["F0", "A0"], hand1=["F4", "M0"], street=STREET, to_move=BEN)
    assert passing(pos) == "nothing on the Street is worth taking now; if you pass too, the game ends"


def test_r5_1_a_0_left_on_the_street_is_named_for_the_refresh_it_blocks() -> None:
    pos = position(hand0=["F0", "A0"], hand1=["F4", "M0"], street=STREET_0, to_move=BEN)
    assert passing(pos) == ("it leaves the free A0 on the Street, so you cannot refresh; if you pass too, "
                            "the game ends")
    two = position(hand0=["F0"], hand1=["F4", "M0"], street=("A0", "B0", *STREET_0[2:]), to_move=BEN)
    assert passing(two) == ("it leaves the free cards A0 B0 on the Street, so you cannot refresh; if you pass "
                            "too, the game ends")


def test_r5_6_in_the_final_round_no_refresh_is_left_to_block() -> None:
    pos = position(hand0=["F0"], hand1=["M0"], street=STREET_0, rest="areas", exhaustions=2, start_player=BEN,
                   to_move=BEN)
    assert passing(pos) == "nothing on the Street is worth taking now; your turn is the last of the game"


def test_r9_3_in_the_final_round_the_start_players_pass_leaves_you_the_last_turn() -> None:
    pos = position(hand0=["F0"], hand1=["M0"], street=STREET, rest="areas", exhaustions=2, start_player=BEN,
                   to_move=BEN)
    assert passing(pos) == "nothing on the Street is worth taking now; your turn is the last of the game"


def test_r10_1_an_empty_street_with_nothing_to_deal_is_said() -> None:
    pos = position(hand0=["F0"], hand1=["M0"], rest="areas", exhaustions=2, start_player=BEN, to_move=BEN)
    assert passing(pos) == "the Street is empty and nothing is left to deal; your turn is the last of the game"


def test_r9_3_a_pass_in_the_last_turn_of_the_game_says_it_ends_it() -> None:
    pos = position(hand0=["F0"], hand1=["F4"], street=STREET, rest="areas", exhaustions=2, start_player=0,
                   to_move=BEN)
    words = passing(pos)
    assert words.startswith("it was the last turn of the final round: ") and re.search(r"(it|you) win", words)


# -- R12: the words never depend on the passer's hand ---------------------------------------------------------


ANNA = ("F0", "A0", "B0")
POOL = sorted((DECK - (Counter((*STREET, *ANNA)) | Counter((*STREET_0, *ANNA)))).elements(),
              key=card_order)  # on neither Street, nor Anna's


@settings(max_examples=60, deadline=None)
@given(data=st.data(), size=st.integers(1, 8), passes=st.sampled_from([0, 1]),
       street=st.sampled_from([STREET, STREET_0]))
def test_r12_the_reason_is_the_same_for_hands_the_opponent_cannot_tell_apart(
        data: st.DataObject, size: int, passes: int, street: tuple[str, ...]) -> None:
    """Two positions that differ only in the computer's hand (the same number of cards, R12.1; what it does not
    hold stays in the draw stack, hidden too): the same words, which name no card but the 0 on the public Street.
    A pass that ends the game differs only by its result, which the end of the game shows to both players."""
    order = data.draw(st.permutations(POOL))
    areas, free = (order[:10], order[10:20]), order[20:]
    hands = [data.draw(st.permutations(free))[:size] for _ in range(2)]
    games = [Game.from_dict(position(hand0=ANNA, hand1=hand, area0=areas[0], area1=areas[1], street=street,
                                     passes=passes, to_move=BEN), seed=1) for hand in hands]
    views = [g.view(BEN, memory=True) for g in games]
    assert views[0].hand_sizes == views[1].hand_sizes and views[0].play_areas == views[1].play_areas
    words = [pass_reason(v) for v in views]
    assert words[0] == words[1] and set(re.findall(r"[FABM][0-4]", words[0])) <= {"A0"}
    if passes:  # this pass ends the game: the words add its result, public at the end
        for g, v in zip(games, views, strict=True):
            g.apply(Pass())
            assert pass_reason(v, g.result()).startswith("you passed, so its pass ends the game: ")
    elif street is STREET_0:
        assert words[0].startswith("it leaves the free A0 on the Street, so you cannot refresh; ")
    else:
        assert words[0] == "nothing on the Street is worth taking now; if you pass too, the game ends"
