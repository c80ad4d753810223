"""Statistics from the saved games: per opponent, a rating, and nothing that the records do not say."""

from __future__ import annotations

from dataclasses import replace

import pytest

from famiglia.persistence import Record, Store
from famiglia.profile.guided_deal import GUIDED_SEED
from famiglia.profile.seats import HUMAN
from famiglia.profile.statistics import (
    INITIAL_RATING,
    K_FACTOR,
    LEVEL_RATINGS,
    expected_score,
    report_lines,
    statistics,
)

from .helpers import play, save, stamp


def _finished(seed: int, seats: tuple[str, str], names: tuple[str, str], want: str, seat: int = 0) -> Record:
    """A finished game in which the player at `seat` had outcome `want` (found by trying seeds from `seed`)."""
    for s in range(seed, seed + 400):
        record = play(s, names=names, seats=seats)
        result = record.game().result()
        assert result is not None
        outcome = "draw" if result.winner is None else ("win" if result.winner == seat else "loss")
        if outcome == want:
            return record
    raise AssertionError(f"no seed near {seed} gives a {want}")


CPU_EASY = (HUMAN, "cpu:easy")


def test_no_games_no_figures() -> None:
    stats = statistics(Store().entries())
    assert stats.games == 0 and stats.opponents == () and stats.rating == INITIAL_RATING
    assert report_lines(stats)[0] == "Your games: 0 finished"


def test_games_against_a_level_are_counted_with_the_streak_and_best_score() -> None:
    outcomes = ["win", "loss", "win", "win"]
    records = [save(_finished(10 * n, CPU_EASY, ("Anna", "Computer (easy)"), want), at=stamp(n))
               for n, want in enumerate(outcomes)]
    row, = statistics(Store().entries()).opponents
    assert (row.opponent.label, row.opponent.level) == ("Computer (easy)", "easy")
    assert (row.games, row.wins, row.draws, row.losses) == (4, 3, 0, 1)
    assert row.win_rate == 0.75
    assert row.streak == ("win", 2)
    scores = [r.game().result().scores[0] for r in records]  # type: ignore[union-attr]
    assert row.best_score == max(scores)


def test_the_person_may_sit_in_either_seat() -> None:
    save(_finished(1, ("cpu:hard", HUMAN), ("Computer (hard)", "Anna"), "win", seat=1), at=stamp(1))
    row, = statistics(Store().entries()).opponents
    assert (row.opponent.key, row.wins, row.losses) == ("cpu:hard", 1, 0)


def test_unfinished_guided_and_unreadable_games_are_left_out_and_counted_as_such() -> None:
    store = Store()
    save(play(1, seats=CPU_EASY, names=("Anna", "Computer (easy)"), actions=20))
    guided = play(GUIDED_SEED, seats=CPU_EASY, names=("Anna", "Computer (easy)"), first=0)
    save(guided)
    store.ready()
    (store.root / "game-99.json").write_text("{not json", encoding="utf-8")
    stats = statistics(store.entries())
    assert stats.games == 0
    assert stats.left_out == {"unfinished": 1, "guided game": 1, "cannot be read": 1}
    assert "Not counted: 1 cannot be read, 1 guided game, 1 unfinished" in report_lines(stats)


def test_games_for_two_count_for_the_named_player_against_the_other_by_name() -> None:
    save(_finished(1, (HUMAN, HUMAN), ("Anna", "Ben"), "win"), at=stamp(1))
    save(_finished(1, (HUMAN, HUMAN), ("ben", "ANNA"), "win", seat=1), at=stamp(2))
    save(_finished(1, (HUMAN, HUMAN), ("Cleo", "Dan"), "win"), at=stamp(3))
    stats = statistics(Store().entries(), you="anna")
    row, = stats.opponents
    assert (row.opponent.label, row.games, row.wins) == ("Ben", 2, 2)  # named as in the first game
    assert stats.left_out == {"played by others": 1}
    assert stats.history == ()  # the rating moves with games against the computer only
    nobody = statistics(Store().entries())
    assert nobody.games == 0 and nobody.left_out == {"played by others": 3}
    assert any("famiglia settings set names" in line for line in report_lines(nobody))


def test_the_rating_moves_by_elo_after_each_game_in_the_order_they_ended() -> None:
    save(_finished(1, (HUMAN, "cpu:normal"), ("Anna", "Computer (normal)"), "win"), at=stamp(5))
    save(_finished(1, (HUMAN, "cpu:easy"), ("Anna", "Computer (easy)"), "loss"), at=stamp(2))
    stats = statistics(Store().entries())
    first = INITIAL_RATING + K_FACTOR * (0 - expected_score(INITIAL_RATING, LEVEL_RATINGS["easy"]))
    second = first + K_FACTOR * (1 - expected_score(first, LEVEL_RATINGS["normal"]))
    assert [p.level for p in stats.history] == ["easy", "normal"]
    assert [p.rating for p in stats.history] == pytest.approx([first, second])
    assert stats.rating == pytest.approx(second)
    assert first < INITIAL_RATING and second > first  # a loss costs, a win against a stronger level gains


def test_expected_score_is_elos() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert LEVEL_RATINGS["easy"] < LEVEL_RATINGS["normal"] < LEVEL_RATINGS["hard"]


def test_statistics_equal_those_worked_out_from_each_saved_game_by_hand() -> None:
    """Many games of every kind; each figure recomputed here straight from the records' results."""
    kinds = [(HUMAN, "cpu:easy"), ("cpu:normal", HUMAN), (HUMAN, "cpu:hard"), (HUMAN, HUMAN)]
    for n in range(24):
        seats = kinds[n % 4]
        names = tuple("Anna" if s == HUMAN and (n % 4 != 3 or i == 0) else ("Ben" if s == HUMAN else f"Computer {s}")
                      for i, s in enumerate(seats))
        save(play(100 + n, seats=seats, names=(names[0], names[1]), actions=None if n % 5 else 40), at=stamp(n))
    stats = statistics(Store().entries(), you="Anna")
    expected: dict[str, list[tuple[str, int]]] = {}
    unfinished = 0
    for entry in sorted(Store().entries(), key=lambda e: e.record.updated):  # type: ignore[union-attr]
        record = entry.record
        assert record is not None
        result = record.game().result()
        if result is None:
            unfinished += 1
            continue
        seat = record.players.index("Anna")
        key = record.seats[1 - seat] if record.seats[1 - seat] != HUMAN else "name:ben"
        outcome = "draw" if result.winner is None else ("win" if result.winner == seat else "loss")
        expected.setdefault(key, []).append((outcome, result.scores[seat]))
    got = {row.opponent.key: row for row in stats.opponents}
    assert set(got) == set(expected)
    for key, games in expected.items():
        row = got[key]
        outcomes = [o for o, _ in games]
        assert (row.games, row.wins, row.draws, row.losses) == (len(games), outcomes.count("win"),
                                                                outcomes.count("draw"), outcomes.count("loss"))
        assert row.best_score == max(s for _, s in games)
        assert row.streak[0] == outcomes[-1]
    assert unfinished and stats.left_out == {"unfinished": unfinished}
    as_json = stats.to_dict()
    assert as_json["games"] == sum(len(g) for g in expected.values())
    assert len(as_json["rating_history"]) == sum(len(g) for k, g in expected.items() if k.startswith("cpu:"))


def test_the_statistics_never_write_anything() -> None:
    record = save(_finished(1, CPU_EASY, ("Anna", "Computer (easy)"), "win"))
    store = Store()
    before = {p.name: p.read_bytes() for p in store.root.iterdir()}
    statistics(store.entries())
    assert {p.name: p.read_bytes() for p in store.root.iterdir()} == before
    assert replace(record) == record
