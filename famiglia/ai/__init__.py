"""Computer players for Famiglia: `random`, `greedy`, and a search player at `easy`, `normal` and `hard`.

```python
from famiglia.ai import player
p = player("normal", seed=1)
action = p.choose(game.view(game.to_move, memory=True))
action, reason = p.choose_with_reason(view)   # the same action, and one line saying why
```

A player sees only a `SeatView` (R12, with the memory aid of R12.3), never the order of the draw
stack, and each decision is a pure function of its seed and the view. `famiglia.ai.match` plays seeded
matches between players and `famiglia.ai.stats` sums them up. See docs/ai.md.
"""

from __future__ import annotations

from .base import Player
from .registry import SPECS, player

__all__ = ["SPECS", "Player", "player"]
