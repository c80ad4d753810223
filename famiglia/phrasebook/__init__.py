"""The one phrasebook: every sentence a player reads about cards and actions, for every reader.

The screen, the log, the hints, the computer's reasons and the analysis all say an action, an event,
a chance or a pass with these functions, so two screens can never word one fact differently. Each
module holds the sentences of one purpose:

- `actions`: an action as a menu line, as the mover's confirmation, as a step of a hint, as a reason;
- `events`: what a player did, in the past tense, and what an exhaustion means (R9);
- `chances`: a chance to win and whose play it assumes;
- `choices`: the action builder's choices and the questions they answer;
- `hints`: the line of the turn a hint advises;
- `passes`: why a pass was made (the computer's public reason, the score between the seats);
- `reasons`: the computer's one line for what it chose;
- `moments`: the key moments of an analysed game;
- `verdicts`: an analysed game's report (its title, headings, luck, totals, the graph's labels) and a turn's verdict;
- `counts`: counts of things ("3 cards") and cards listed by name.

Every sentence is a whole template with named placeholders, said through `catalogue._` (a count
through `catalogue.ngettext`), so the later gettext catalogues can reorder its words. Notation
(`str(card)`, `str(action)`) stays as it is in every language. It imports only the engine.
"""

from __future__ import annotations

from .catalogue import N_, _, ngettext

# The modules are imported where they are used (`from famiglia.phrasebook import actions`), not here: the
# command line asks the catalogue for its --help before anything else, and that must stay quick.
__all__ = ["N_", "_", "ngettext"]
