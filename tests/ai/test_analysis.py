"""The analysis as data: every decision rated, skill and luck apart, results independent of the processes."""

from __future__ import annotations

import pytest

from famiglia.ai import player, win_chance
from famiglia.ai.analysis import MARKS, Analysis, Decision, analyse, mark
from famiglia.ai.estimate import estimator
from famiglia.engine import Game, IllegalAction


def short_game(seed: int = 3, limit: int = 14) -> tuple[dict, int, list[tuple[int, str]], Game]:
    """A game between greedy and easy, stopped after `limit` actions (or at its end)."""
    game = Game.new(seed=seed, names=("Anna", "Ben"), first=0)
    start = game.to_dict()
    players = (player("greedy", 1), player("easy", 2))
    moves = []
    while not game.is_over and len(moves) < limit:
        action = players[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append((game.to_move, str(action)))
        game.apply(action)
    return start, seed, moves, game


def test_every_decision_is_rated_with_the_estimate_players_are_told() -> None:
    start, seed, moves, _ = short_game()
    analysis = analyse(start, seed, moves, ("Anna", "Ben"), level="easy")
    assert [d.action for d in analysis.decisions] == [m for _, m in moves]
    replay = Game.from_dict(start, seed=seed, names=("Anna", "Ben"))
    for d in analysis.decisions:
        view = replay.view(replay.to_move, memory=True)
        assert d.player == replay.to_move
        # The chance before is win_chance of that view, seeded by the view alone, as the hint is.
        assert d.before == win_chance(view, level="easy")
        assert d.best_chance == d.before and 0 <= d.played_chance <= 1
        if d.action == d.best:
            assert d.loss == 0 and d.played_chance == d.before
        else:
            assert d.alternative == d.best
            assert d.loss == pytest.approx(max(0.0, d.best_chance - d.played_chance))
        # arithmetic a player can check: the loss told is the two chances as shown, subtracted
        assert d.points_lost == (round(d.before * 100) - round(d.played_chance * 100) if d.loss else 0)
        assert d.mark == mark(d.points_lost)
        replay.apply(d.action)
    assert len(analysis.chances) == len(moves) + 1 and not analysis.finished


def test_the_marks_and_their_thresholds() -> None:
    assert [t for _, t in MARKS] == [0.05, 0.10, 0.20]
    assert [mark(x) for x in (0, 4, 5, 9, 10, 19, 20, 90)] == \
        [None, None, "inaccurate", "inaccurate", "mistake", "mistake", "blunder", "blunder"]


def test_a_mark_is_judged_on_the_points_shown_not_the_exact_loss() -> None:
    # 45.4% then 40.6%: the exact loss is 4.8 points, but the player reads 45% and 41%, a loss of 4: no mark;
    # 45.6% then 40.4% reads 46% and 40%, a loss of 6, though the exact loss is 5.2
    shown = [Decision(0, 1, 0, "refresh F1", before, "refresh F2", before, played, "refresh F2", before,
                      before - played, None, False) for before, played in ((0.454, 0.406), (0.456, 0.404))]
    assert [d.points_lost for d in shown] == [4, 6]
    assert [mark(d.points_lost) for d in shown] == [None, "inaccurate"]


def test_luck_is_the_draws_and_counts_apart_from_the_errors() -> None:
    start, seed, moves, _ = short_game(limit=24)
    analysis = analyse(start, seed, moves, ("Anna", "Ben"), level="easy")
    refreshes = [k for k, (_, m) in enumerate(moves) if m.startswith("refresh")]
    assert refreshes and {x.move for x in analysis.luck if x.kind in ("refresh", "reshuffle")} <= set(refreshes)
    for x in analysis.luck:
        assert x.drawn and x.swing == pytest.approx(x.after - x.expected)
        assert x.expected == analysis.decisions[x.move].played_chance
    a, b = analysis.totals
    for p, totals in ((0, a), (1, b)):  # each player's luck is the sum of its own luck lines
        lines = [x for x in analysis.luck if x.player == p]
        assert totals.luck == pytest.approx(sum(x.swing for x in lines))
        assert totals.luck_refresh == pytest.approx(sum(x.swing for x in lines if x.kind == "refresh"))
        assert totals.luck == pytest.approx(totals.luck_refresh + totals.luck_deal + totals.luck_reshuffle)
    assert a.error_total == pytest.approx(sum(d.loss for d in analysis.decisions if d.player == 0 and not d.forced))
    assert a.decisions + b.decisions == len(moves)


def hint_follower(seed: int, limit: int, level: str = "easy") -> tuple[dict, int, list[tuple[int, str]], Game]:
    """A game in which seat 0 always plays the hint's advice at `level` (the search seeded by the position
    alone, as the screen asks it) and seat 1 is the beginner, stopped after `limit` actions."""
    game = Game.new(seed=seed, names=("Anna", "Ben"), first=0)
    start = game.to_dict()
    hint, other = estimator(level), player("easy", seed)
    moves = []
    while not game.is_over and len(moves) < limit:
        view = game.view(game.to_move, memory=True)
        action = (hint if game.to_move == 0 else other).choose(view)
        moves.append((game.to_move, str(action)))
        game.apply(action)
    return start, seed, moves, game


def test_a_decision_the_hint_advised_is_never_marked() -> None:
    """The coach is the reviewer: at one level, the analysis rates each position with the very search the hint
    asks, so what the hint advised is the analysis's best, and never marked."""
    start, seed, moves, _ = hint_follower(seed=5, limit=30)
    analysis = analyse(start, seed, moves, ("Anna", "Ben"), level="easy")
    followed = [d for d in analysis.decisions if d.player == 0]
    assert followed and all(d.action == d.best and d.loss == 0 and d.mark is None for d in followed)


def test_a_marked_decision_is_one_the_hint_would_not_advise() -> None:
    start, seed, moves, _ = short_game(seed=9, limit=40)
    analysis = analyse(start, seed, moves, ("Anna", "Ben"), level="easy")
    replay = Game.from_dict(start, seed=seed, names=("Anna", "Ben"))
    for d in analysis.decisions:
        view = replay.view(replay.to_move, memory=True)
        if d.mark is not None:
            advice = estimator("easy").advise(view)
            assert str(advice.action) != d.action and d.best == str(advice.action)
            assert round(d.before * 100) - round(d.played_chance * 100) >= 5  # shown as at least 5 points (MARKS)
        replay.apply(d.action)


def test_the_same_game_gives_the_same_analysis_whatever_the_processes() -> None:
    start, seed, moves, _ = short_game(limit=10)
    one = analyse(start, seed, moves, ("Anna", "Ben"), level="easy", jobs=1)
    assert analyse(start, seed, moves, ("Anna", "Ben"), level="easy", jobs=2) == one
    assert Analysis.from_dict(one.to_dict()) == one


def test_a_finished_game_ends_on_its_result() -> None:
    start, seed, moves, game = short_game(seed=11, limit=10_000)
    assert game.is_over
    tail = moves[-6:]
    game_before = Game.from_dict(start, seed=seed, names=("Anna", "Ben"))
    for _, m in moves[:-6]:
        game_before.apply(m)
    analysis = analyse(game_before.to_dict(), seed, tail, ("Anna", "Ben"), level="easy")
    result = game.result()
    assert result is not None and analysis.finished
    assert analysis.chances[-1] == (1.0 if result.winner == 0 else 0.0)


def test_bad_input_is_refused() -> None:
    start, seed, moves, _ = short_game(limit=4)
    with pytest.raises(ValueError, match="unknown level"):
        analyse(start, seed, moves, ("Anna", "Ben"), level="expert")
    with pytest.raises(IllegalAction):
        analyse(start, seed, [*moves[:2], (moves[2][0], "take F4")], ("Anna", "Ben"), level="easy")
    with pytest.raises(ValueError, match="does not follow"):
        analyse(start, seed, [(1 - moves[0][0], moves[0][1])], ("Anna", "Ben"), level="easy")
    broken = analyse(start, seed, moves, ("Anna", "Ben"), level="easy").to_dict()
    for change in ({"version": 99}, {"chances": [1.5]}, {"decisions": [{}]}, {"players": ["one"]},
                   {"totals": []}, {"seed": [1]}):
        with pytest.raises((ValueError, KeyError, TypeError)):
            Analysis.from_dict({**broken, **change})
