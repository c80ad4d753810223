"""Golden playthroughs: a seeded game written out action by action, so any change of behaviour shows as a diff.

Regenerate a transcript after a deliberate rule change with `python -m tests.golden.transcript SEED > FILE`
and review the diff line by line.
"""

from __future__ import annotations

import random
import sys

from famiglia.engine import Game, Pass


def transcript(seed: int) -> str:
    """The game of `seed` with the actions a fixed random player picks, and the table after each."""
    g = Game.new(seed=seed, names=("Anna", "Ben"))
    rng = random.Random(f"golden/{seed}")
    lines = [f"seed {seed}: {g.names[g.start_player]} starts; Street {' '.join(g.to_dict()['street'])}"]
    while not g.is_over:
        acts = g.legal_actions()
        action = rng.choice([a for a in acts if not isinstance(a, Pass)] or acts)
        who = g.names[g.to_move]
        g.apply(action)
        d = g.to_dict()
        me = d["players"][0 if who == "Anna" else 1]
        lines.append(
            f"{who:4} {action!s:26} | street {' '.join(d['street']):30} | stack {len(d['draw_stack']):2} "
            f"discard {len(d['discard_pile']):2} exh {d['exhaustions']} | hand {' '.join(me['hand'])} "
            f"| area {' '.join(me['play_area'])}"
        )
    r = g.result()
    assert r is not None
    lines.append(f"end: {r.reason}; scores {r.scores[0]}-{r.scores[1]}; winner "
                 f"{'draw' if r.winner is None else g.names[r.winner]}" + (f"; {r.tiebreak}" if r.tiebreak else ""))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(transcript(int(sys.argv[1])))
