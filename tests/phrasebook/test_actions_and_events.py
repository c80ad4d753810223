"""Actions and events in words: what the menus, the message line and the log say."""

from __future__ import annotations

import random

import pytest

from famiglia.engine import Event, Game, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take, card, parse_action
from famiglia.phrasebook import actions, events

NAMES = ("Anna", "Ben")


@pytest.mark.parametrize(("notation", "words"), [
    ("refresh B3", "Refresh: discard B3 from the Street and draw 3 cards"),
    ("refresh F1", "Refresh: discard F1 from the Street and draw 1 card"),
    ("accountant A2", "Play Accountant A2 (up to 2 swaps)"),
    ("accountant A1", "Play Accountant A1 (up to 1 swap)"),
    ("swap F1 M0", "Swap F1 from your play area for M0 from your hand"),
    ("brute B2 F4 -2", "Play Brute B2 on F4: its value becomes 2 this turn"),
    ("brute B4 F1 -1", "Play Brute B4 on F1: its value becomes 0 this turn"),
    ("take M0", "Take M0 for free"),
    ("take F2 pay F1 keep F1", "Take F2, pay F1 to your play area, keep F1"),
    ("take F2 pay M3 keep F1", "Take F2, pay M3 to your play area, keep F1"),
    ("pass", "Pass: take nothing"),
])
def test_menu_says_what_each_kind_of_action_does(notation: str, words: str) -> None:
    assert actions.menu(parse_action(notation)) == words


def test_menu_gives_every_legal_action_its_own_words_in_seeded_games() -> None:
    kinds: set[type] = set()
    for seed in range(8):
        rng = random.Random(seed)
        g = Game.new(seed=seed, names=NAMES)
        while not g.is_over:
            legal = g.legal_actions()
            words = [actions.menu(parse_action(str(a))) for a in legal]
            assert all(words)
            assert len(set(words)) == len(legal), "two different actions read the same"
            kinds.update(type(a) for a in legal)
            others = [a for a in legal if not isinstance(a, Pass)]
            g.apply(rng.choice(others) if others and rng.random() < 0.95 else rng.choice(legal))
    assert kinds == {Refresh, PlayAccountant, Swap, PlayBrute, Take, Pass}


@pytest.mark.parametrize(("event", "words"), [
    (Event(1, Refresh(card("B3")), (card("F2"), card("A1"), card("M0"))), "Ben refreshed B3 and drew F2 A1 M0"),
    (Event(0, PlayAccountant(card("A2"))), "Anna played Accountant A2 (up to 2 swaps)"),
    (Event(0, Swap(card("F1"), card("M0"))), "Anna swapped F1 from the play area for M0 from the hand"),
    (Event(1, PlayBrute(card("B2"), card("F4"), 1)), "Ben played Brute B2 on F4: its value is 3 this turn"),
    (Event(1, Take(card("M0"))), "Ben took M0 for free"),
    (Event(0, Take(card("F2"), card("M3"), card("F1"))), "Anna took F2, paid M3 to the play area, kept F1"),
    (Event(0, Pass()), "Anna passed"),
    (Event(1, None, (card("F1"), card("B3"), card("M0"), card("A2"), card("F0"), card("B1"))),
     "A new Street was dealt: F1 B3 M0 A2 F0 B1"),
    (Event(1, None, ()), "The Street stays empty: nothing is left to deal"),
])
def test_event_tells_what_a_player_did_in_the_past_tense(event: Event, words: str) -> None:
    assert events.event(event, NAMES) == words


def test_under_a_heading_every_line_starts_in_lower_case_like_its_neighbours() -> None:
    """The box of a turn lists "• refreshed B3 …", "• took M0 …": a new Street is "• a new Street was dealt"."""
    deal = Event(1, None, (card("F1"), card("B3"), card("M0"), card("A2"), card("F0"), card("B1")))
    assert events.event(deal, NAMES, named=False) == "a new Street was dealt: F1 B3 M0 A2 F0 B1"
    assert events.event(Event(1, None, ()), NAMES, named=False) == "the Street stays empty: nothing is left to deal"
    assert events.event(Event(1, Take(card("M0"))), NAMES, named=False) == "took M0 for free"


def test_event_says_which_exhaustion_happened() -> None:
    refresh = Event(0, Refresh(card("F4")), (card("M1"), card("A0")), exhausted=1, exhaustions=1)
    assert events.event(refresh, NAMES).endswith(
        "; the draw stack ran out: the discard pile is reshuffled into a new one")  # R9.2
    late = Event(0, Refresh(card("F4")), (card("M1"), card("A0")), exhausted=1, exhaustions=2)
    assert events.event(late, NAMES).endswith("; second exhaustion: the game ends with this round")  # R9.3
    twice = Event(0, None, (card("M1"),), exhausted=2, exhaustions=2)
    assert "ran out twice: the game ends with this round" in events.event(twice, NAMES)


def test_no_words_on_screen_call_a_cards_value_its_worth() -> None:
    """"Worth" reads as victory points; a Brute changes a card's value (R7.2)."""
    brute = parse_action("brute B2 F4 -1")
    assert "worth" not in actions.menu(brute) + actions.own(brute) + events.event(Event(0, brute), NAMES)


@pytest.mark.parametrize(("notation", "words"), [
    ("take F2 pay F1 keep F1", "You take F2, pay F1 to your play area, keep F1"),
    ("take F2 pay M3 keep F1", "You take F2, pay M3 to your play area, keep F1"),
    ("take M0", "You take M0 for free"),
    ("refresh B3", "You refresh B3 and draw 3 cards"),
    ("accountant A1", "You play Accountant A1 (up to 1 swap)"),
    ("swap F1 M0", "You swap F1 from your play area for M0 from your hand"),
    ("brute B2 F4 -2", "You play Brute B2 on F4: its value becomes 2 this turn"),
    ("pass", "You pass: you take nothing"),
])
def test_own_tells_the_mover_what_they_chose(notation: str, words: str) -> None:
    assert actions.own(parse_action(notation)) == words


def test_own_says_when_a_pass_ends_the_game() -> None:
    assert actions.own(Pass(), ends_game=True) == "You pass: the game ends"  # R8.5, R10.2
