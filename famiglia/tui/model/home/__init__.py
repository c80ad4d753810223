"""What the home screen offers, without the screen: remembered settings, statistics, the guided game, the menu.

Each module here is plain Python (no rich, no prompt_toolkit), so the command line can use it and the
tests can drive it without a terminal: `settings` reads and writes the settings file, `statistics`
turns the saved games into figures per opponent and a rating, `lessons` and `tutor` are the guided
first game, and `menu` is the home screen's state and keys.
"""

from __future__ import annotations
