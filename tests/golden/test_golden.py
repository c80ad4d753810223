"""Replays the golden transcripts (see transcript.py) and compares them line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from .transcript import transcript

HERE = Path(__file__).parent


@pytest.mark.parametrize("path", sorted(HERE.glob("seed_*.txt")), ids=lambda p: p.stem)
def test_a_seeded_game_plays_out_exactly_as_recorded(path):
    seed = int(path.stem.removeprefix("seed_"))
    assert transcript(seed).splitlines() == path.read_text().splitlines()
