"""Building a game from what one seat sees (R12.3): the cards known under the draw stack (R5.4) and
`Game.from_view`, which a search uses to sample the stack orders a seat cannot tell apart."""

from __future__ import annotations

import random

import pytest

from famiglia.engine import Game, Pass, PositionError, card

from .helpers import NO_ZERO_STREET, ZEROS, game, play, random_moves


def bottom(g: Game, seat: int | None = 0) -> list[str]:
    return [c.name for c in g.view(seat).stack_bottom]


def without_rng(g: Game) -> dict:
    d = g.to_dict()
    del d["rng"]
    return d


# -- the cards known to lie under the draw stack (R5.4, R12.3) -------------------------------------------


def test_R5_4_a_refreshed_card_is_known_at_the_bottom_of_the_stack_by_everyone():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3", "M2", "F4"], rest="areas",
             exhaustions=1)
    assert bottom(g) == []
    play(g, "refresh A1")  # draws M4, the top card
    for seat in (0, 1, None):
        assert bottom(g, seat) == ["A1"]
    assert g.to_dict()["draw_stack"][-1] == "A1" and g.to_dict()["stack_bottom"] == 1


def test_R5_4_each_refresh_adds_one_known_card_under_the_last():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3", "M2", "F4", "F3"],
             rest="areas", exhaustions=1)
    play(g, "refresh A1", "pass", "refresh B3")  # B3 draws M3 M2 F4
    assert bottom(g, 1) == ["A1", "B3"]  # top first: B3 is the very bottom
    assert g.to_dict()["draw_stack"] == ["F3", "A1", "B3"]


def test_R5_4_draws_reach_the_known_cards_only_once_the_stack_shrinks_into_them():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "F3", "A3"], rest="areas",
             exhaustions=1)
    d = g.to_dict()
    d["stack_bottom"] = 2  # F3 and A3 went under earlier
    g = Game.from_dict(d, seed=0)
    assert bottom(g) == ["F3", "A3"]
    play(g, "refresh F2")  # F2 goes under, then M4 and F3 are drawn
    assert g.to_dict()["draw_stack"] == ["A3", "F2"]
    assert bottom(g) == ["A3", "F2"]


def test_R5_4_after_the_second_exhaustion_nothing_is_known_under_an_empty_stack():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4"], rest="areas", exhaustions=1)
    play(g, "refresh A2")  # A2 under M4, both drawn: the second exhaustion (R9.1)
    assert g.to_dict()["exhaustions"] == 2 and bottom(g) == [] and "stack_bottom" not in g.to_dict()


def test_R5_3_before_the_first_exhaustion_refreshed_cards_go_to_the_discard_pile_not_under_the_stack():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3", "M2"], rest="areas")
    play(g, "refresh A1")
    assert bottom(g) == []


def test_stack_bottom_saves_and_restores_and_defaults_to_nothing_known():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3", "M2", "F4"], rest="areas",
             exhaustions=1)
    play(g, "refresh A1")
    d = g.to_dict()
    assert Game.from_dict(d, seed=0).view(1).stack_bottom == (card("A1"),)
    del d["stack_bottom"]
    assert Game.from_dict(d, seed=0).view(1).stack_bottom == ()


@pytest.mark.parametrize(("exhaustions", "known"), [(0, 1), (1, 5), (1, -1), (1, True), (1, 1.0), (1, "1")])
def test_stack_bottom_that_no_game_can_reach_is_refused(exhaustions, known):
    d = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3"], rest="areas",
             exhaustions=exhaustions).to_dict()
    d["discard_pile"] = []
    d["stack_bottom"] = known
    with pytest.raises(PositionError, match=r"stack_bottom|under the draw stack"):
        Game.from_dict(d)


# -- Game.from_view --------------------------------------------------------------------------------------


def test_from_view_rebuilds_the_game_at_every_moment_of_random_games():
    """The true stack order gives back the very game, mid-turn too; both then play on alike until the
    next reshuffle (R9.2), the one thing the new seed decides."""
    seen = set()
    for seed in range(24):
        rng = random.Random(seed)
        for g, _ in random_moves(seed, pass_rate=0.05):
            v = g.view(None)
            seen.update(name for name, there in [("swaps", v.swaps_left), ("locked", v.locked_hand),
                                                 ("reduced", v.reduced is not None), ("late", v.late_refresh),
                                                 ("bottom", v.stack_bottom), ("this_turn", v.this_turn)] if there)
            for seat in (g.to_move, 1 - g.to_move):
                h = Game.from_view(g.view(seat, memory=True), g.to_dict()["draw_stack"], seed=seed)
                assert without_rng(h) == without_rng(g)
                assert h.legal_actions() == g.legal_actions()
                assert h.view(seat, memory=True) == g.view(seat, memory=True)
            if rng.random() < 0.04:
                play_on_alike(g.copy(), h, rng)
    assert seen == {"swaps", "locked", "reduced", "late", "bottom", "this_turn"}


def play_on_alike(g: Game, h: Game, rng: random.Random) -> None:
    reshuffle_ahead = g.to_dict()["exhaustions"] == 0
    while not g.is_over:
        acts = g.legal_actions()
        a = rng.choice([x for x in acts if not isinstance(x, Pass)] or acts)
        g.apply(a)
        h.apply(a)
        if reshuffle_ahead and g.to_dict()["exhaustions"] > 0:
            return
        assert without_rng(h) == without_rng(g)
    assert h.result() == g.result()


def test_from_view_of_a_finished_game_is_finished_alike():
    g = game(hand0=["F1"], hand1=["F4"], street=["F0", "A1"], passes=1)
    play(g, "pass")
    h = Game.from_view(g.view(0, memory=True), g.to_dict()["draw_stack"])
    assert h.is_over and h.result() == g.result() and h.legal_actions() == []


def test_from_view_keeps_the_public_record_of_this_turn_and_the_last():
    g = game(hand0=["F1", "F1", "A2", "B2"], area0=["M1"], hand1=ZEROS, street=NO_ZERO_STREET,
             stack=["F3", "F4", "M4"])
    play(g, "refresh F1", "accountant A2", "swap M1 F1", "brute B2 A2 -2")
    h = Game.from_view(g.view(1, memory=True), g.to_dict()["draw_stack"], seed=5)
    assert [str(e.action) for e in h.view(1).this_turn] == ["refresh F1", "accountant A2", "swap M1 F1",
                                                             "brute B2 A2 -2"]
    assert without_rng(h) == without_rng(g)


def test_from_view_takes_any_order_of_the_unknown_cards():
    g = Game.new(seed=3)
    stack = g.to_dict()["draw_stack"][::-1]
    h = Game.from_view(g.view(g.to_move, memory=True), stack, seed=3)
    assert h.to_dict()["draw_stack"] == stack
    assert h.legal_actions() == g.legal_actions()


def test_from_view_accepts_card_objects_and_names():
    g = Game.new(seed=4)
    names = g.to_dict()["draw_stack"]
    h = Game.from_view(g.view(0, memory=True), [card(n) for n in names], seed=1)
    assert without_rng(h) == without_rng(g)


def test_from_view_needs_the_memory_aid():
    g = Game.new(seed=1)
    stack = g.to_dict()["draw_stack"]
    for view in (g.view(0), g.view(None)):
        with pytest.raises(PositionError, match="memory aid"):
            Game.from_view(view, stack)


def test_from_view_needs_a_seat_view():
    g = Game.new(seed=1)
    with pytest.raises(TypeError, match="SeatView"):
        Game.from_view(g.to_dict(), g.to_dict()["draw_stack"])


def test_from_view_refuses_a_stack_of_other_cards():
    g = Game.new(seed=1)
    stack = g.to_dict()["draw_stack"]
    v = g.view(0, memory=True)
    other = "F4" if stack[0] != "F4" else "M4"
    for wrong in ([other, *stack[1:]], stack[1:], [*stack, "F0"], [*stack[:5], "X9", *stack[5:]], [None, *stack],
                  "F1F2"):
        with pytest.raises(PositionError):
            Game.from_view(v, wrong)


def test_from_view_refuses_a_stack_whose_known_bottom_card_moved():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, stack=["M4", "M3", "M2", "F4"], rest="areas",
             exhaustions=1)
    play(g, "refresh A1")
    v = g.view(1, memory=True)
    stack = g.to_dict()["draw_stack"]
    assert stack[-1] == "A1"
    moved = [stack[-1], *stack[:-1]]
    with pytest.raises(PositionError, match="bottom"):
        Game.from_view(v, moved)
    Game.from_view(v, [*stack[:-1][::-1], "A1"])  # the unknown cards in any order are fine
