"""Computer players for Famiglia: `random`, `greedy`, and a search player at `easy`, `normal` and `hard`.

```python
from famiglia.ai import player
p = player("normal", seed=1)
action = p.choose(game.view(game.to_move, memory=True))
action, reason = p.choose_with_reason(view)   # the same action, and one line saying why
advice = p.advise(view)                       # normal, hard: the line of the turn, the chance, the words
chance = win_chance(view, level="normal", seed=1)  # the seat to move's chance to win, 0.0-1.0
```

A player sees only a `SeatView` (R12, with the memory aid of R12.3), never the order of the draw
stack, and each decision is a pure function of its seed and the view. `famiglia.ai.match` plays seeded
matches between players and `famiglia.ai.stats` sums them up. See docs/ai.md.
"""

from __future__ import annotations

from .advice import Advice, Estimate
from .base import Player
from .estimate import win_chance
from .registry import REFERENCE_SPECS, SPECS, player

__all__ = ["REFERENCE_SPECS", "SPECS", "Advice", "Estimate", "Player", "player", "win_chance"]
