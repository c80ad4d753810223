"""Rule tests, one or more per rule id of rules.md, through the public API (R1–R11; R12 in test_view)."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.engine import Game, IllegalAction

from .helpers import DECK, NO_ZERO_STREET, ZEROS, area, game, hand, legal, play, position, street, with_prefix


def refuse(g: Game, action: str, *words: str) -> str:
    before = (g.to_dict(), legal(g))
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert (g.to_dict(), legal(g)) == before
    message = str(info.value)
    for w in words:
        assert w in message, f"{message!r} lacks {w!r}"
    return message


def end_by_passes(**kw):
    kw.setdefault("street", ["F1", "A1"])
    g = game(passes=1, to_move=0, **kw)
    play(g, "pass")
    assert g.is_over
    return g


# R1, R2, R3 --------------------------------------------------------------------------------------------


def test_R1_2_the_deck_has_five_zeros_to_one_four_per_family():
    d = Game.new(seed=1).to_dict()
    cards = Counter(d["street"] + d["draw_stack"])
    for p in d["players"]:
        cards.update(p["hand"])
    assert cards == DECK
    assert sum(DECK.values()) == 60


def test_R2_the_whole_deck_is_worth_175_points():
    g = end_by_passes(hand0=[], hand1=[], street=[], rest="areas", exhaustions=2)
    assert sum(g.result().scores) == 175


def test_R3_3_first_fixes_the_start_player():
    for first in (0, 1):
        g = Game.new(seed=5, first=first)
        assert g.start_player == first == g.to_move


def test_R3_the_same_seed_deals_the_same_game():
    assert Game.new(seed="x").to_dict() == Game.new(seed="x").to_dict()
    assert Game.new(seed=1).to_dict()["draw_stack"] != Game.new(seed=2).to_dict()["draw_stack"]


def test_R3_the_deal_depends_on_the_seed_alone_not_on_a_given_start_player():
    def deal(g: Game) -> tuple[object, ...]:
        d = g.to_dict()
        return d["street"], d["draw_stack"], [p["hand"] for p in d["players"]]

    for seed in (42, 7, "x"):
        drawn = Game.new(seed=seed)
        assert deal(Game.new(seed=seed, first=0)) == deal(drawn) == deal(Game.new(seed=seed, first=1))
        # the start player drawn when none is given is the one a given `first` equal to it reproduces exactly
        assert Game.new(seed=seed, first=drawn.start_player).to_dict() == drawn.to_dict()


# R4 ----------------------------------------------------------------------------------------------------


def test_R4_1_a_pass_is_allowed_at_any_moment_of_the_turn():
    g = game(hand0=["A1", "B1", "F0"], area0=["M0"], hand1=ZEROS, street=NO_ZERO_STREET)
    assert "pass" in legal(g)
    play(g, "accountant A1")
    assert "pass" in legal(g)
    play(g, "brute B1 F2 -1")
    assert legal(g) >= {"pass"}


def test_R4_1_skipping_the_swaps_by_playing_a_Brute():
    g = game(hand0=["A2", "B1", "F0"], area0=["M0"], hand1=ZEROS, street=NO_ZERO_STREET)
    play(g, "accountant A2", "brute B1 F2 -1")
    assert not with_prefix(g, "swap")
    refuse(g, "swap M0 F0", "too late for the Accountant step")


# R5 Refresh --------------------------------------------------------------------------------------------


def test_R5_1_the_reason_names_the_0_on_the_street():
    g = game(hand0=ZEROS, hand1=ZEROS, street=["F1", "A2", "B3", "M0", "F2", "A1"])
    refuse(g, "refresh B3", "the Street has a 0 on it", "M0")
    with pytest.raises(IllegalAction) as info:
        g.apply("Refresh  B3")
    assert str(info.value) == f"Refresh B3: {info.value.reason}"  # the action as asked, then why
    assert info.value.reason == "the Street has a 0 on it (M0), so you cannot refresh (R5.1)"


def test_R5_4_the_refreshed_card_can_come_straight_back():
    # after the first exhaustion: F1 goes under a one-card stack, then two cards are drawn
    g = game(hand0=ZEROS, hand1=ZEROS, street=["F2", "A2", "B3", "M1", "F1", "A1"], stack=["M2"], rest="areas",
             exhaustions=1)
    play(g, "refresh F2")
    assert street(g)["F2"] == 1 and street(g)["M2"] == 1  # M2 drawn, then F2 again
    assert g.to_dict()["exhaustions"] == 2 and g.to_dict()["draw_stack"] == []


def test_R5_5_reshuffle_in_the_middle_of_a_refresh_keeps_drawing():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M2"], discard=["F4"], rest="areas")
    play(g, "refresh A2")  # discard A2, draw M2 (exhausted: F4 A2 reshuffled), draw one more
    d = g.to_dict()
    assert d["exhaustions"] == 1 and d["discard_pile"] == []
    assert len(d["street"]) == 7 and len(d["draw_stack"]) == 1
    rest = Counter(NO_ZERO_STREET) - Counter(["A2"]) + Counter(["M2"])
    assert Counter(d["street"]) in (rest + Counter(["F4"]), rest + Counter(["A2"]))


def test_R5_5_one_more_refresh_after_the_reshuffle_even_after_the_final_draw():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M2"], discard=["F4"], rest="areas")
    play(g, "refresh F1")  # draws M2, the last card: reshuffle of F4 F1 at once
    assert g.to_dict()["exhaustions"] == 1
    assert with_prefix(g, "refresh")  # R5.5: one R5.4 refresh is still allowed
    before = g.to_dict()["draw_stack"]
    play(g, "refresh M2")  # M2 goes under the stack, two cards are drawn
    assert not with_prefix(g, "refresh")
    refuse(g, "refresh A2", "only once a turn")
    assert g.to_dict()["exhaustions"] == 2 or len(before) > 1


def test_R5_6_no_refresh_after_the_second_exhaustion_says_why():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, rest="areas", exhaustions=2)
    refuse(g, "refresh B3", "used up")


def test_R5_a_refresh_is_logged_with_the_cards_it_revealed():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["F3", "A3", "M2"])
    play(g, "refresh B3")
    event = g.view(0).this_turn[-1]
    assert str(event.action) == "refresh B3" and [c.name for c in event.drawn] == ["F3", "A3", "M2"]


# R6 Accountant -----------------------------------------------------------------------------------------


def test_R6_2_fewer_swaps_than_the_value_then_a_Brute():
    g = game(hand0=["A3", "B1", "F0"], area0=["M1"], hand1=ZEROS, street=NO_ZERO_STREET)
    play(g, "accountant A3", "swap M1 F0", "brute B1 F2 -1")
    assert area(g, 0) == Counter(["A3", "F0", "B1"]) and hand(g, 0) == Counter(["M1"])


def test_R6_3_copies_count_separately():
    g = game(hand0=["A2", "M0", "B0"], area0=["F1", "F1"], hand1=ZEROS, street=["F0", "A0"])
    play(g, "accountant A2", "swap F1 M0")
    assert "swap F1 B0" in legal(g)  # the other F1 may still go
    refuse(g, "swap M0 B0", "moved into the play area")
    refuse(g, "swap A2 B0", "Accountant you just played")
    play(g, "swap F1 B0")
    assert hand(g, 0) == Counter(["F1", "F1"])


def test_R6_3_the_reason_tells_the_new_Accountant_from_a_swapped_in_one():
    g = game(hand0=["A3", "A2", "F0"], area0=["M1", "B1"], hand1=ZEROS, street=["F0", "A0"])
    play(g, "accountant A3", "swap M1 A2")
    refuse(g, "swap A3 F0", "the Accountant you just played (A3)")
    refuse(g, "swap A2 F0", "A2 was moved into the play area")
    restored = Game.from_dict(g.to_dict(), seed=0)  # the turn's state survives a save
    assert restored.why_illegal("swap A3 F0") == g.why_illegal("swap A3 F0")
    assert g.why_illegal("swap B1 F0") is None


def test_R6_a_second_Accountant_already_in_the_play_area_may_be_swapped():
    g = game(hand0=["A2", "F0"], area0=["A2"], hand1=ZEROS, street=["F0", "A0"])
    play(g, "accountant A2")
    assert with_prefix(g, "swap") == {"swap A2 F0"}
    play(g, "swap A2 F0")
    assert hand(g, 0) == Counter(["A2"]) and area(g, 0) == Counter(["A2", "F0"])


def test_R6_no_swaps_left_then_only_later_steps():
    g = game(hand0=["A1", "F0", "M0"], area0=["B1"], hand1=ZEROS, street=["F0", "A0"])
    play(g, "accountant A1", "swap B1 F0")
    refuse(g, "swap A1 M0", "no swaps left")
    assert "brute B1 F0 -1" not in legal(g)  # a Brute cannot target a 0 (R7.2)


# R7 Brute ----------------------------------------------------------------------------------------------


def test_R7_2_short_form_on_a_0_is_refused():
    g = game(hand0=["B2"], hand1=ZEROS, street=["F0", "A2"])
    refuse(g, "brute B2 F0", "cannot target")


def test_R7_the_reduced_copy_and_the_other_copy_are_told_apart_by_the_payment():
    g = game(hand0=["B4", "F2", "F2", "F0", "F0"], hand1=ZEROS, street=["F3", "F3", "A0"])
    play(g, "brute B4 F3 -2")
    assert with_prefix(g, "take F3") == {"take F3 pay F0 keep F0", "take F3 pay F2 keep F2"}
    c = g.copy()
    play(c, "take F3 pay F2 keep F2")
    assert street(c) == Counter(["F3", "A0"])
    g2 = game(hand0=["B4", "F2", "F2"], hand1=ZEROS, street=["F3", "F3", "A0"])
    play(g2, "brute B4 F3 -3")
    assert with_prefix(g2, "take F3") == {"take F3", "take F3 pay F2 keep F2"}
    play(g2, "take F3")
    assert hand(g2, 0) == Counter(["F3", "F2", "F2"])


# R8 Take -----------------------------------------------------------------------------------------------


def test_R8_the_reason_says_which_pair_is_needed():
    g = game(hand0=["F1", "A0"], hand1=ZEROS, street=["F2", "M0"])
    refuse(g, "take F2 pay F1 keep A0", "you need two F1, or an F1 and a Mercenary above 1")
    refuse(g, "take F2", "not free")
    refuse(g, "take F2 pay F1 keep F1", "two F1", "you have 1")
    refuse(g, "take M0 pay F1 keep F1")


def test_R8_3_a_Mercenary_of_value_e_minus_1_does_not_stand_in():
    g = game(hand0=["F1", "M1"], hand1=ZEROS, street=["F2", "A3"])
    assert not with_prefix(g, "take F2")


def test_R8_3_two_Mercenaries_never_pay_for_another_family():
    g = game(hand0=["M2", "M3"], hand1=ZEROS, street=["F2", "A3"])
    assert not with_prefix(g, "take")
    refuse(g, "take F2 pay M2 keep M3", "genuine F1")


def test_R8_3_Mercenaries_for_a_Mercenary():
    g = game(hand0=["M3", "M4", "M2"], hand1=ZEROS, street=["M3", "A3"])
    assert with_prefix(g, "take M3") == {"take M3 pay M2 keep M3", "take M3 pay M3 keep M2",
                                         "take M3 pay M2 keep M4", "take M3 pay M4 keep M2"}


def test_R8_4_the_taken_card_joins_the_hand_and_the_turn_passes():
    g = game(hand0=["A1", "M2"], hand1=ZEROS, street=["A2", "F0"])
    play(g, "take A2 pay A1 keep M2")
    assert hand(g, 0) == Counter(["A2", "M2"]) and area(g, 0) == Counter(["A1"]) and g.to_move == 1


# R9, R10 -----------------------------------------------------------------------------------------------


def test_R9_2_first_exhaustion_with_an_empty_discard_pile_is_also_the_second():
    # start player Anna takes the last Street card; the deal of six empties the stack, nothing to reshuffle
    g = game(hand0=ZEROS, hand1=ZEROS, street=["F0"], stack=["F1", "A1", "B1", "M1", "F2", "A2"], rest="areas")
    play(g, "take F0")
    d = g.to_dict()
    assert d["exhaustions"] == 2 and len(d["street"]) == 6 and g.to_move == 1
    play(g, "pass")  # Ben, the second player: his turn was the last (R10.1 FAQ)
    assert g.is_over and "exhaust" in str(g.result().reason)


def test_R10_1_a_deal_after_the_second_players_turn_leaves_a_full_round():
    g = game(hand0=["F0", "F0"], hand1=ZEROS, street=["F0"], stack=["F1", "A1", "B1", "M1", "F2", "A2"],
             rest="areas", start_player=1, to_move=0)
    play(g, "take F0")  # Anna is the second player; the deal exhausts twice before Ben's turn
    assert g.to_move == 1
    assert g.to_dict()["exhaustions"] == 2
    play(g, "pass")  # Ben, start player: the round goes on
    assert not g.is_over
    play(g, "take F1 pay F0 keep F0")  # Anna: the last turn
    assert g.is_over and "exhaust" in str(g.result().reason)


def test_R10_1_a_deal_with_a_reshuffle_in_the_middle():
    g = game(hand0=ZEROS, hand1=ZEROS, street=["F0"], stack=["F1", "A1", "B1"], discard=["M1", "F2", "A2", "M4"],
             rest="areas")
    play(g, "take F0")
    d = g.to_dict()
    assert d["exhaustions"] == 1 and len(d["street"]) == 6 and len(d["draw_stack"]) == 1
    assert g.view(1).last_turn[-1].action is None  # the deal is part of the public record
    assert g.view(1).last_turn[-1].exhausted == 1 and g.view(1).last_turn[-1].exhaustions == 1


def test_R10_1_empty_street_no_deal_when_the_game_ends():
    g = game(hand0=ZEROS, hand1=ZEROS, street=["F0"], rest="areas", exhaustions=2, start_player=1, to_move=0)
    play(g, "take F0")
    assert g.is_over and g.to_dict()["street"] == []


# R11 ---------------------------------------------------------------------------------------------------


def test_R11_2_the_next_best_card_decides():
    g = end_by_passes(hand0=["F2", "A2"], hand1=["M3", "A1", "B1", "M1"])
    r = g.result()
    assert r.scores == (9, 9) and r.winner == 0
    assert "Anna" in r.tiebreak


def test_R11_2_cards_compare_by_points_only_and_a_missing_card_counts_0():
    g = end_by_passes(hand0=["A3", "F1", "F0"], hand1=["A3", "B2", "A1", "A0"])
    r = g.result()
    assert r.scores == (10, 10) and r.winner is None and "draw" in r.tiebreak
    g = end_by_passes(hand0=["F3", "F0"], hand1=["A4", "F0"])  # F3 and A4 are both 10
    assert g.result().winner is None


def test_R11_result_is_none_while_the_game_runs():
    assert Game.new(seed=1).result() is None


def test_result_reads_like_a_mapping_too():
    g = end_by_passes(hand0=["F1"], hand1=ZEROS)
    assert g.result()["winner"] == g.result().winner == 0


# Positions ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (dict(exhaustions=3), "exhaustions"),
        (dict(passes=2), "passes"),
        (dict(to_move=2), "to_move"),
        (dict(start_player=-1), "start_player"),
        (dict(draw_stack=[]), "60 cards"),
        (dict(street=[]), "60 cards"),
    ],
)
def test_positions_out_of_range_are_refused(change, words):
    p = position(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET)
    p.update(change)
    with pytest.raises(ValueError, match=words):
        Game.from_dict(p)


def test_unreachable_positions_are_refused():
    cases = [
        (dict(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, rest="areas"), "reshuffle is immediate"),
        (dict(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, exhaustions=2), "empty"),
        (dict(hand0=ZEROS, hand1=ZEROS, street=[], stack=["F1"]), "six are dealt"),
        (dict(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["F1"], discard=["F4"], exhaustions=1),
         "discard pile is empty"),
    ]
    for kw, words in cases:
        with pytest.raises(ValueError, match=words):
            Game.from_dict(position(**kw))


@pytest.mark.parametrize("bad", [None, [], {"players": []}, {**position(street=NO_ZERO_STREET), "players": "x"}])
def test_malformed_positions_raise_value_error(bad):
    with pytest.raises(ValueError):
        Game.from_dict(bad)


def test_names_replace_the_positions_names():
    g = Game.from_dict(position(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET), names=("Cara", "Dino"))
    assert g.names == ("Cara", "Dino") and g.to_dict()["players"][1]["name"] == "Dino"
