"""Where the saved games of a persistence test are: the test's own data directory (tests/conftest.py).

The sittings these tests play through the session's verbs are `tests.drivers.session`'s.
"""

from __future__ import annotations

import os
from pathlib import Path

from famiglia.persistence import Store


def home() -> Path:
    return Path(os.environ["FAMIGLIA_HOME"])


def store() -> Store:
    return Store()
