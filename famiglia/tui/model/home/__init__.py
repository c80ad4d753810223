"""What the home screen offers, without the screen: the saved games as it lists them, the guided game, the menu.

Each module here is plain Python (no rich, no prompt_toolkit), so the tests can drive it without a
terminal: `games` lists the saved games, `lessons`, `tutor`, `guide`, `guided` and `rehearsal` are the
guided first game, and `menu` is the home screen's state and keys. The settings and the statistics it
shows are `famiglia.profile`'s, which the commands read too.
"""

from __future__ import annotations
