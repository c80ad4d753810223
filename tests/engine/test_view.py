"""What each seat may see (R12): own hand, public cards and counts; never the other hand or the stack order."""

from __future__ import annotations

from collections import Counter

from famiglia.engine import Game, Step, card

from .helpers import NO_ZERO_STREET, ZEROS, game, play


def names(cards):
    return Counter(c.name for c in cards)


def test_R12_1_the_view_holds_own_hand_and_the_public_table():
    g = game(hand0=["F1", "M2"], area0=["A1"], hand1=["F4", "A4", "B4"], area1=["B1"], street=NO_ZERO_STREET,
             stack=["M4"], discard=["F3"])
    v = g.view(0)
    assert names(v.hand) == Counter(["F1", "M2"])
    assert v.hand_sizes == (2, 3)
    assert names(v.play_areas[1]) == Counter(["B1"])
    assert [s.card.name for s in v.street] == NO_ZERO_STREET
    assert [c.name for c in v.discard_pile] == ["F3"]
    assert v.draw_stack_size == len(g.to_dict()["draw_stack"])
    assert v.my_turn and v.legal_actions and v.opponent == 1


def test_R12_2_the_other_seat_sees_no_hand_of_the_opponent_and_no_actions():
    g = game(hand0=["F1", "M2"], hand1=["F4", "A4", "B4"], street=NO_ZERO_STREET, stack=["M4"])
    v = g.view(1)
    assert names(v.hand) == Counter(["F4", "A4", "B4"])
    assert v.opponent_hand is None and v.draw_stack_counts is None
    assert v.legal_actions == () and not v.my_turn
    text = repr(v)
    assert "M2" not in text.replace("'M2'", "") or "F1" in repr(v.street)


def test_the_public_view_has_no_hand_at_all():
    g = game(hand0=["F1", "M2"], hand1=["F4", "A4", "B4"], street=NO_ZERO_STREET, stack=["M4"])
    v = g.view(None)
    assert v.hand == () and v.opponent_hand is None and v.legal_actions == ()
    assert v.hand_sizes == (2, 3)


def test_R12_3_memory_shows_the_opponents_hand_and_the_stack_as_counts():
    g = game(hand0=["F1"], hand1=["F4", "A4"], street=NO_ZERO_STREET, stack=["M4", "M3"], rest="areas",
             exhaustions=1)
    v = g.view(0, memory=True)
    assert names(v.opponent_hand) == Counter(["F4", "A4"])
    assert v.draw_stack_counts == {card("M4"): 1, card("M3"): 1}


def test_after_the_end_both_hands_are_shown():
    g = game(hand0=["F1"], hand1=["F4"], street=["F0", "A1"], passes=1)
    play(g, "pass")
    assert names(g.view(0).opponent_hand) == Counter(["F4"])
    assert g.view(1).result.winner == 1


def test_the_view_tells_where_the_turn_stands():
    g = game(hand0=["A2", "B1", "F0"], area0=["M0"], hand1=ZEROS, street=NO_ZERO_STREET, stack=["F3", "F2"])
    v = g.view(0)
    assert v.current_step is Step.REFRESH and v.can_refresh
    play(g, "accountant A2")
    v = g.view(0)
    assert v.current_step is Step.ACCOUNTANT and v.swaps_left == 2
    play(g, "brute B1 F2 -1")
    v = g.view(0)
    assert v.current_step is Step.TAKE
    assert [s.effective for s in v.street if s.reduced] == [1]


def test_warnings_for_the_end_of_the_game():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, rest="areas", exhaustions=2, start_player=1,
             passes=1)
    v = g.view(0)
    assert v.is_final_round and v.is_last_turn and v.pass_ends_game
    assert not Game.new(seed=1).view(0).is_final_round


def test_the_last_turn_is_public_for_the_incoming_player():
    g = game(hand0=["F1", "F1"], hand1=ZEROS, street=["F2", "A0", "B1"])
    play(g, "take F2 pay F1 keep F1")
    events = g.view(1).last_turn
    assert [str(e.action) for e in events] == ["take F2 pay F1 keep F1"]
    assert g.view(1).this_turn == ()
