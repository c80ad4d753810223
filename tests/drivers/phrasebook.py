"""The phrasebook as its tests read it: the templates its source marks for the catalogue, found with `ast`, and
what it says along a seeded random game, so the tests of the catalogue and of each language read the same ones."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import famiglia.phrasebook
from famiglia.engine import Game
from famiglia.phrasebook import actions, chances, events, passes

PACKAGE = Path(famiglia.phrasebook.__file__).parent
ROOT = PACKAGE.parent.parent
MARKERS = {"_", "ngettext", "N_"}
SOURCES = sorted(PACKAGE.glob("*.py"))  # the phrasebook: whole sentences only, never built with f-strings


def _catalogued() -> list[Path]:
    """Every file `babel.cfg` has the templates extracted from: the phrasebook and the screens that speak."""
    found: set[Path] = set()
    for line in (ROOT / "babel.cfg").read_text(encoding="utf-8").splitlines():
        if line.startswith("[python:"):
            pattern = line.removeprefix("[python:").rstrip("]").strip()
            folder, stars, name = pattern.partition("**")
            name = name.lstrip("/") or "*.py"
            glob = name if name.startswith("*") else "*" + name
            found.update((ROOT / folder).rglob(glob) if stars else [ROOT / pattern])
    return sorted(found)


CATALOGUED = _catalogued()


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def marked(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS


def templates() -> list[tuple[str, str]]:
    """Every literal said through a marker, with where it is written ("actions.py:22")."""
    found = []
    for path in CATALOGUED:
        for node in ast.walk(parse(path)):
            if marked(node):
                assert isinstance(node, ast.Call)
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.append((f"{path.relative_to(ROOT)}:{node.lineno}", arg.value))
    return found


def sayings(seed: int, limit: int = 300) -> list[tuple[str, str]]:
    """What the phrasebook says along a seeded random game: each legal action as a menu line and as the mover's
    own, each event in the past tense, the computer's pass reason, a chance; with the notation they must name."""
    game = Game.new(seed=seed, names=("Anna", "Ben"))
    rng = random.Random(seed)
    said: list[tuple[str, str]] = []
    for _ in range(limit):
        if game.is_over:
            break
        view = game.view(game.to_move, memory=True)
        for action in game.legal_actions():
            card = getattr(action, "card", None)
            named = card.name if card is not None else ""
            said += [(actions.menu(action), named), (actions.own(action), named)]
        said.append((passes.pass_reason(view), ""))
        action = rng.choice(game.legal_actions())
        game.apply(action)
        for happened in game.view(None).this_turn or ():
            said.append((events.event(happened, game.names), ""))
    said.append((chances.chance(0.62), "62"))
    return said
