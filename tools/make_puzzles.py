"""Make the puzzles a new player trains on, and write famiglia/data/puzzles.json.

The positions come from seeded games the computer plays against itself (the beginner, the `easy` level's
player, in both seats: quick, and it leaves chances to find). Every decision from the first exhaustion of
the draw stack on (R9) is tried, as its seat sees it with the memory aid (R12.3): the exact endgame solver
(`famiglia.ai.endgame`) values every legal action of it, and the position is a puzzle where

- it has 2 to `CHOICES` legal actions (all of them fit the train screen's choices at 80x24),
- every legal action has an exact value within the solver's budget (nothing is estimated), and
- the best beats every other action by at least the analysis's margin for a mistake (10 points of chance,
  as the analysis shows chances, `shown_change`), so that there is one clearly best move.

From the candidates, at most one a game is kept, the kinds of lesson taken in turn (the pass that wins, a
Brute that opens a take, the refresh that empties the stack, …) so the set teaches more than one thing,
up to `--count` puzzles. Each is named by what it teaches in English, Italian and German, and the file
says per puzzle how it was checked (`"checked"`: the solver, its budget and the turns it searched), with
the value of every legal action, so that training needs no search to judge an answer.

Run: `python tools/make_puzzles.py --seed 1 --games 120 --count 16` (a few minutes on one core).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from famiglia.ai.analysis import shown_change
from famiglia.ai.endgame import budget_for, solve, state_of, value_of
from famiglia.ai.registry import player
from famiglia.ai.seeding import derive_seed
from famiglia.engine import Action, Game, Pass, PlayAccountant, PlayBrute, Refresh, SeatView, Swap, Take, parse_action

OUT = Path(__file__).resolve().parent.parent / "famiglia" / "data" / "puzzles.json"
MARGIN = 10  # points of chance as shown: the analysis's mistake (famiglia.ai.analysis.MARKS)
CHOICES = 8  # at most this many legal actions, so the train screen shows them all at 80x24 beside a late table
FORMAT = "famiglia-puzzles"

# What each kind of puzzle teaches, in the three languages (docs/languages.md for the words).
NAMES: dict[str, dict[str, str]] = {
    "pass wins": {"en": "The pass that wins", "it": "Passare per vincere", "de": "Das Passen, das gewinnt"},
    "pass": {"en": "The pass that waits for a better turn", "it": "Passare e aspettare un turno migliore",
             "de": "Passen und auf einen besseren Zug warten"},
    "refresh empties": {"en": "The refresh that empties the stack", "it": "Il rinnovo che esaurisce il mazzo",
                        "de": "Auffrischen, bis der Stapel aufgebraucht ist"},
    "refresh": {"en": "The refresh worth its risk", "it": "Il rinnovo che vale il rischio",
                "de": "Das Auffrischen, das sich lohnt"},
    "brute": {"en": "A Brute that opens a {points}-point take", "it": "Un Bruto per prendere {points} punti",
              "de": "Mit dem Schläger {points} Punkte nehmen"},
    "paid take": {"en": "The right pair to pay with", "it": "La coppia giusta per pagare",
                  "de": "Mit dem richtigen Paar bezahlen"},
    "smaller card": {"en": "Not the card worth most: the one that counts",
                     "it": "Non la carta che vale di più: quella che conta",
                     "de": "Die richtige statt der wertvollsten Karte"},
    "take not pass": {"en": "Take rather than pass", "it": "Prendere invece di passare", "de": "Nehmen statt passen"},
    "take wins": {"en": "The take that wins", "it": "La carta da prendere per vincere",
                  "de": "Die Karte, mit der du gewinnst"},
    "take": {"en": "The right card to take", "it": "La carta giusta da prendere",
             "de": "Die richtige Karte nehmen"},
    "accountant": {"en": "The Accountant at the right moment", "it": "Il Contabile al momento giusto",
                   "de": "Der Buchhalter im richtigen Moment"},
    "swap": {"en": "The swap that sets up the take", "it": "Lo scambio che ti fa prendere la carta giusta",
             "de": "Der Tausch, der das Nehmen vorbereitet"},
}


def lesson(view: SeatView, best: Action, line: tuple[Action, ...], value: float) -> tuple[str, dict[str, int]]:
    """The kind of lesson of a puzzle whose best move is `best` (the solver's `line` of the turn from it)."""
    match best:
        case Pass():
            return ("pass wins" if value >= 1.0 else "pass"), {}
        case Refresh(card=card):
            return ("refresh empties" if view.draw_stack_size <= card.value else "refresh"), {}
        case PlayBrute():
            taken = next((a for a in line if isinstance(a, Take)), None)
            if taken is not None and taken.card.points:
                return "brute", {"points": taken.card.points}
            return "accountant", {}  # never chosen: a Brute that opens nothing is no lesson of its own
        case Take(card=card):
            takes = [a for a in view.legal_actions if isinstance(a, Take) and a is not best]
            if any(a.card == card for a in takes):
                return "paid take", {}
            if any(a.card.points > card.points for a in takes):
                return "smaller card", {}
            if value >= 1.0:
                return "take wins", {}
            return ("take not pass" if Pass() in view.legal_actions else "take"), {}
        case PlayAccountant():
            return "accountant", {}
        case Swap():
            return "swap", {}
    raise AssertionError(best)


def exact_values(view: SeatView) -> tuple[dict[str, float], tuple[Action, ...], int] | None:
    """The exact value of every legal action of `view`, the solver's line and its turns searched; None where
    the solver cannot tell them all."""
    solution = solve(view)
    if solution is None:
        return None
    values = {}
    for action in view.legal_actions:
        value = value_of(view, action)
        if value is None:
            return None
        values[str(action)] = value
    return values, solution.line, solution.nodes


def clear_best(values: dict[str, float]) -> str | None:
    """The one action ahead of every other by `MARGIN` points as shown, or None."""
    ranked = sorted(values, key=lambda a: -values[a])
    if len(ranked) < 2:
        return None
    best, second = ranked[0], ranked[1]
    return best if -shown_change(values[best], values[second]) >= MARGIN else None


def candidates(seed: int, index: int) -> list[dict[str, Any]]:
    """The puzzles one seeded self-play game offers, each with its lesson."""
    game_seed = derive_seed("puzzle", seed, index)
    game = Game.new(seed=game_seed, first=index % 2)
    seats = [player("greedy", seed=derive_seed("puzzle-player", seed, index, s)) for s in (0, 1)]
    moves: list[str] = []
    found = []
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat, memory=True)
        action = seats[seat].choose(view)
        if view.exhaustions and 1 < len(view.legal_actions) <= CHOICES:
            exact = exact_values(view)
            best = None if exact is None else clear_best(exact[0])
            if exact is not None and best is not None:
                values, line, nodes = exact
                kind, words = lesson(view, next(a for a in view.legal_actions if str(a) == best), line,
                                     values[best])
                found.append({"seed": game_seed, "first": index % 2, "moves": list(moves), "seat": seat,
                              "played": str(action), "best": best, "line": [str(a) for a in line],
                              "values": values, "kind": kind, "words": words, "nodes": nodes,
                              "budget": budget_for(state_of(view))})
        game.apply(action)
        moves.append(str(action))
    return found


def choose(found: list[list[dict[str, Any]]], count: int) -> list[dict[str, Any]]:
    """Up to `count` puzzles, at most one a game, the kinds of lesson in turn (the rarest first)."""
    by_kind: dict[str, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    for index, each in enumerate(found):
        for puzzle in each:
            if not (puzzle["kind"] == "accountant" and puzzle["best"].startswith("brute")):
                by_kind[puzzle["kind"]].append((index, puzzle))
    chosen: list[dict[str, Any]] = []
    used: set[int] = set()
    kinds = sorted(by_kind, key=lambda k: len(by_kind[k]))
    while len(chosen) < count and any(by_kind.values()):
        for kind in kinds:
            while by_kind[kind]:
                index, puzzle = by_kind[kind].pop(0)
                if index not in used:
                    used.add(index)
                    chosen.append(puzzle)
                    break
            if len(chosen) >= count:
                break
        if all(index in used for k in kinds for index, _ in by_kind[k]):
            break
    return chosen


def entry(number: int, puzzle: dict[str, Any]) -> dict[str, Any]:
    """A puzzle as the data file holds it."""
    names = {lang: text.format(**puzzle["words"]) for lang, text in NAMES[puzzle["kind"]].items()}
    return {"id": f"p{number:02d}", "kind": puzzle["kind"], "name": names,
            "seed": puzzle["seed"], "first": puzzle["first"], "moves": puzzle["moves"], "seat": puzzle["seat"],
            "played": puzzle["played"], "best": puzzle["best"], "line": puzzle["line"],
            "values": {a: round(v, 12) for a, v in sorted(puzzle["values"].items())},
            "checked": {"how": "exact", "solver": "famiglia.ai.endgame", "budget": puzzle["budget"],
                        "turns searched": puzzle["nodes"], "margin": MARGIN}}


def rename(path: Path) -> None:
    """Name the puzzles of the file at `path` anew from their positions (after a change of `lesson` or `NAMES`);
    nothing is searched again."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for puzzle in data["puzzles"]:
        game = Game.new(seed=puzzle["seed"], first=puzzle["first"])
        for move in puzzle["moves"]:
            game.apply(move)
        view = game.view(puzzle["seat"], memory=True)
        actions = {str(a): a for a in view.legal_actions}
        line = tuple(parse_action(a) for a in puzzle["line"])
        kind, words = lesson(view, actions[puzzle["best"]], line, puzzle["values"][puzzle["best"]])
        puzzle["kind"] = kind
        puzzle["name"] = {lang: text.format(**words) for lang, text in NAMES[kind].items()}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--count", type=int, default=16)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--rename", action="store_true", help="only name the puzzles of --out anew")
    args = parser.parse_args(argv)
    if args.rename:
        rename(args.out)
        return 0
    start = time.perf_counter()
    found = []
    for index in range(args.games):
        found.append(candidates(args.seed, index))
        print(f"game {index + 1}/{args.games}: {len(found[-1])} candidates "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    chosen = choose(found, args.count)
    data = {"format": FORMAT, "version": 1,
            "made": f"tools/make_puzzles.py --seed {args.seed} --games {args.games} --count {args.count}",
            "puzzles": [entry(n, p) for n, p in enumerate(chosen, 1)]}
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    kinds = ", ".join(sorted({p["kind"] for p in chosen}))
    print(f"{len(chosen)} puzzles ({kinds}) written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
