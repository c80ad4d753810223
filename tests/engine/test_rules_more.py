"""More rule tests for the ids test_rules.py does not name: setup, the steps' limits, free takes,
the pass count, the exhaustions' timing and scoring (R3, R4, R5, R6, R7, R8, R9, R10, R11)."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.engine import Game, IllegalAction

from .helpers import NO_ZERO_STREET, ZEROS, area, game, hand, legal, play, street, with_prefix


def test_R3_1_R3_2_R3_4_setup_hands_stack_and_street():
    d = Game.new(seed=11, names=("Anna", "Ben")).to_dict()
    assert [Counter(p["hand"]) for p in d["players"]] == [Counter(ZEROS)] * 2
    assert [p["play_area"] for p in d["players"]] == [[], []]
    assert len(d["street"]) == 6 and len(d["draw_stack"]) == 46 and d["discard_pile"] == []
    dealt = Counter(d["street"] + d["draw_stack"])
    assert dealt["F0"] == 3 and dealt["M0"] == 3  # two of the five 0s of each family are the starting sets


def test_R4_2_no_ability_for_a_0_even_when_nothing_else_is_in_hand():
    g = game(hand0=["A0", "B0"], hand1=ZEROS, street=NO_ZERO_STREET)
    assert not with_prefix(g, "accountant") and not with_prefix(g, "brute")


def test_R4_3_the_Brute_after_the_Accountant_then_no_second_Brute():
    g = game(hand0=["A1", "B1", "B2"], hand1=ZEROS, street=NO_ZERO_STREET)
    play(g, "accountant A1", "brute B2 B3 -2")
    with pytest.raises(IllegalAction, match="already played a Brute"):
        g.apply("brute B1 F1 -1")


def test_R5_2_a_refresh_of_a_1_draws_one_card_and_the_turn_goes_on():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["B4"])
    play(g, "refresh M1")
    assert street(g) == Counter(NO_ZERO_STREET) - Counter(["M1"]) + Counter(["B4"])
    assert g.to_move == 0 and with_prefix(g, "refresh")


def test_R5_3_refreshes_go_face_up_onto_the_discard_pile_in_order():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["B4", "F3", "A3"], discard=["M2"])
    play(g, "refresh F1", "refresh B4")
    assert g.to_dict()["discard_pile"] == ["M2", "F1", "B4"]


def test_R6_1_the_Accountant_leaves_the_hand_for_the_play_area():
    g = game(hand0=["A4", "F0"], area0=["M1"], hand1=ZEROS, street=["F0", "A0"])
    play(g, "accountant A4")
    assert hand(g, 0) == Counter(["F0"]) and area(g, 0) == Counter(["A4", "M1"])
    assert with_prefix(g, "swap") == {"swap M1 F0"}


def test_R7_1_R7_3_the_Brute_stays_in_the_play_area_the_card_keeps_its_points():
    g = game(hand0=["B3", "F1", "F1"], hand1=["F2", "F2"], street=["F4", "A0"])
    play(g, "brute B3 F4 -3", "pass")
    assert area(g, 0) == Counter(["B3"])
    assert "take F4 pay F3 keep F3" not in legal(g)  # Ben sees F4 at full value again (R7.3)
    assert [s.effective for s in g.view(1).street] == [4, 0]


def test_R8_1_a_card_brought_to_0_by_a_Brute_is_free():
    g = game(hand0=["B2"], hand1=ZEROS, street=["F2", "A1"])
    play(g, "brute B2 F2 -2", "take F2")
    assert hand(g, 0) == Counter(["F2"]) and street(g) == Counter(["A1"])


def test_R8_2_the_genuine_pair_is_one_below_the_effective_value():
    g = game(hand0=["B1", "F2", "F2", "F0", "F0"], hand1=ZEROS, street=["F3", "A0"])
    assert with_prefix(g, "take F3") == {"take F3 pay F2 keep F2"}
    play(g, "brute B1 F3 -1")
    assert with_prefix(g, "take F3") == set()  # worth 2 now: it needs two F1, which are not in hand


def test_R8_5_a_pass_then_a_take_resets_then_two_passes_end():
    g = game(hand0=["F1", "F1"], hand1=ZEROS, street=["F2", "A0", "M0"])
    play(g, "pass", "take A0")
    assert g.to_dict()["passes"] == 0
    play(g, "take M0", "pass")
    assert not g.is_over
    play(g, "pass")
    assert g.is_over and "pass" in str(g.result().reason)


def test_R9_1_drawing_the_last_card_exhausts_even_when_nothing_more_is_needed():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["B4"], discard=["F4", "M3"], rest="areas")
    play(g, "refresh M1")  # draws exactly the last card
    d = g.to_dict()
    assert d["exhaustions"] == 1 and Counter(d["draw_stack"]) == Counter(["F4", "M3", "M1"])


def test_R9_3_the_game_does_not_end_before_the_round_is_over():
    g = game(hand0=["F1", "F1"], hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4"], rest="areas", exhaustions=1,
             start_player=0, to_move=0)
    play(g, "refresh A2")  # A2 under M4, two draws: the second exhaustion in the start player's turn
    assert g.to_dict()["exhaustions"] == 2
    play(g, "take F2 pay F1 keep F1")
    assert not g.is_over and g.to_move == 1  # Ben, the second player, still plays (R9.3)
    play(g, "pass")
    assert g.is_over and "exhaust" in str(g.result().reason)


def test_R10_2_the_reason_is_the_second_exhaustion_when_no_passes():
    g = game(hand0=["F1", "F1"], hand1=ZEROS, street=["F2", "A0"], rest="areas", exhaustions=2, start_player=1,
             to_move=0)
    play(g, "take F2 pay F1 keep F1")
    assert g.is_over and "exhaust" in str(g.result().reason)


def test_R11_1_the_totals_count_hand_and_play_area():
    g = game(hand0=["F4"], area0=["M4", "A0"], hand1=["B3"], area1=["F0"], street=["A1", "M0"], passes=1,
             rest="stack")
    play(g, "pass")
    assert g.result().scores == (25, 7) and g.result().winner == 0
