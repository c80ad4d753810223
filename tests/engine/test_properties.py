"""Invariants over random games (hypothesis): cards are conserved, games end, refusals change nothing,
positions round-trip at every moment of a turn, and hidden cards never reach a seat's view."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia.engine import CARDS, Game, IllegalAction, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

from .helpers import DECK, REQUIRED_KEYS, all_cards, snapshot

MAX_ACTIONS = 3000
seeds = st.integers(min_value=0, max_value=2**32)
cards = st.sampled_from(CARDS)
any_action = st.one_of(
    st.builds(Refresh, cards),
    st.builds(PlayAccountant, cards),
    st.builds(Swap, cards, cards),
    st.builds(PlayBrute, cards, cards, st.integers(-1, 5)),
    st.builds(Take, cards),
    st.builds(Take, cards, cards, cards),
    st.just(Pass()),
)
SETTINGS = settings(max_examples=50, deadline=None)


def play_out(seed: int, pass_rate: float, visit) -> Game:
    """One game of random legal actions; `visit(game, rng)` runs before every action."""
    g = Game.new(seed=seed, names=("Anna", "Ben"))
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            return g
        visit(g, rng)
        acts = g.legal_actions()
        choices = [a for a in acts if not isinstance(a, Pass)] if rng.random() >= pass_rate else acts
        g.apply(rng.choice(choices or acts))
    raise AssertionError(f"game {seed} did not end after {MAX_ACTIONS} actions")


@SETTINGS
@given(seed=seeds, pass_rate=st.sampled_from([0.0, 0.05, 0.3, 1.0]))
def test_every_game_ends_with_the_60_cards_and_a_result(seed, pass_rate):
    def conserved(g, rng):
        assert all_cards(g.to_dict()) == DECK

    g = play_out(seed, pass_rate, conserved)
    assert all_cards(g.to_dict()) == DECK
    assert g.legal_actions() == []
    r = g.result()
    assert r is not None and r.winner in (0, 1, None) and sum(r.scores) <= 175
    restored = Game.from_dict(g.to_dict(), seed=g.seed)  # a finished game saves and restores too
    assert restored.is_over and restored.result() == r and restored.legal_actions() == []


@SETTINGS
@given(seed=seeds, data=st.data())
def test_illegal_actions_raise_and_change_nothing(seed, data):
    def try_illegal(g, rng):
        if rng.random() < 0.3:
            action = data.draw(any_action)
            if action not in g.legal_actions():
                before = snapshot(g)
                try:
                    g.apply(action if rng.random() < 0.5 else str(action))
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{action} was applied but is not legal")
                assert snapshot(g) == before

    play_out(seed, 0.03, try_illegal)


@SETTINGS
@given(seed=seeds)
def test_every_legal_action_round_trips_through_its_notation_and_applies(seed):
    def each_action(g, rng):
        for a in g.legal_actions():
            assert g.parse(str(a)) == a
        a = rng.choice(g.legal_actions())
        c = g.copy()
        c.apply(str(a))
        d = g.copy()
        d.apply(a)
        assert c.to_dict() == d.to_dict()

    play_out(seed, 0.03, each_action)


@pytest.mark.slow
@SETTINGS
@given(seed=seeds)
def test_from_dict_to_dict_is_identical_at_every_moment_of_a_turn(seed):
    def round_trip(g, rng):
        d = g.to_dict()
        h = Game.from_dict(d, seed=g.seed)
        assert h.to_dict() == d
        assert [str(a) for a in h.legal_actions()] == [str(a) for a in g.legal_actions()]
        assert h.view(g.to_move) == g.view(g.to_move)  # the turn records come back too
        if rng.random() < 0.05:  # restored games go on exactly alike, reshuffles included
            g2, h2 = g.copy(), h
            rng2 = random.Random(rng.random())
            while not g2.is_over:
                a = rng2.choice([x for x in g2.legal_actions() if not isinstance(x, Pass)] or g2.legal_actions())
                g2.apply(a)
                h2.apply(str(a))
                assert h2.to_dict() == g2.to_dict()
        only_required = Game.from_dict({k: d[k] for k in REQUIRED_KEYS}, seed=1)
        assert only_required.to_dict()["street"] == d["street"]

    play_out(seed, 0.03, round_trip)


def _hide_differently(g: Game, rng: random.Random) -> Game:
    """The same public table, but the opponent's hand and the draw stack's order dealt otherwise.

    The cards R5.4 put under the stack stay where everyone saw them go (R12.3).
    """
    d = g.to_dict()
    other = d["players"][1 - g.to_move]
    known = d.get("stack_bottom", 0)
    unknown, bottom = d["draw_stack"][:len(d["draw_stack"]) - known], d["draw_stack"][len(d["draw_stack"]) - known:]
    if other["hand"] and unknown:
        i, j = rng.randrange(len(other["hand"])), rng.randrange(len(unknown))
        other["hand"][i], unknown[j] = unknown[j], other["hand"][i]
    rng.shuffle(unknown)
    d["draw_stack"] = unknown + bottom
    return Game.from_dict(d, seed=0)


@SETTINGS
@given(seed=seeds)
def test_a_seat_view_never_depends_on_hidden_cards(seed):
    def compare(g, rng):
        h = _hide_differently(g, rng)
        me = g.to_move
        for seat in (me, None):
            a = dataclasses.replace(g.view(seat), this_turn=(), last_turn=())
            b = dataclasses.replace(h.view(seat), this_turn=(), last_turn=())
            assert a == b
        assert g.view(me).opponent_hand is None and g.view(me).draw_stack_counts is None

    play_out(seed, 0.03, compare)


def test_the_same_seed_and_actions_give_the_same_game_whatever_the_global_random():
    def record(seed):
        random.seed(random.random())  # disturb the module-level generator between games
        log = []
        g = Game.new(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            random.random()
            acts = g.legal_actions()
            a = rng.choice([x for x in acts if not isinstance(x, Pass)] or acts)
            g.apply(a)
            log.append((str(a), g.to_dict()["street"]))
        return log, g.result()

    for seed in (3, 4):
        assert record(seed) == record(seed)


def test_random_games_reach_the_second_exhaustion():
    reasons = set()
    for seed in range(20):
        g = play_out(seed, 0.0, lambda g, rng: None)
        reasons.add(g.result().reason.name)
    assert "EXHAUSTION" in reasons


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=seeds)
def test_apply_legal_without_the_list_of_legal_actions_does_the_same(seed: int) -> None:
    """A search applies its planner's actions to a game whose legal actions were never listed: the Street
    card it concerns (the copy a payment fits, when a Brute reduced one of two, R7.3) is found the same way."""

    def visit(g: Game, rng: random.Random) -> None:
        for action in g.legal_actions():
            listed = g.copy()
            listed.apply_legal(action)
            fresh = Game.from_dict(g.to_dict(), seed=g.seed)  # nothing cached: the legal actions were never listed
            fresh.apply_legal(action)
            assert fresh.to_dict() == listed.to_dict(), action

    play_out(seed, 0.02, visit)


def test_apply_legal_finds_the_reduced_copy_a_payment_fits() -> None:
    """Two F3 on the Street, one reduced to 1 by a Brute: each take names its copy by its payment (interface.md)."""
    from tests.positions import position

    d = position(hand0=["B2", "F0", "F0", "F2", "F2"], street=["F3", "F3", "A4", "B4", "M4", "A3"])
    for take, left in (("take F3 pay F0 keep F0", "F3"), ("take F3 pay F2 keep F2", "F3")):
        g = Game.from_dict(d, seed=1)
        g.apply("brute B2 F3 -2")
        fresh = Game.from_dict(g.to_dict(), seed=1)
        fresh.apply_legal(fresh.parse(take))
        g.apply(take)
        assert fresh.to_dict() == g.to_dict()
        assert [c for c in fresh.to_dict()["street"] if c == left] == [left]
