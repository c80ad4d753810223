"""A player's language is the player's own: every sentence said through the catalogue in force in its context.

A pseudo-language stands in for a translation: every template comes back wrapped in ⟦…⟧ with its letters
changed and its placeholders kept, as a catalogue gives a sentence in another word order. A sentence that
did not pass through the catalogue would reach the screen unwrapped; a placeholder a translation kept
would still be filled. Two contexts (two players' applications in one process, as `famiglia serve` runs
them) speak their own languages at once.
"""

from __future__ import annotations

import contextvars
import gettext
import re
import threading

from famiglia.phrasebook import chances
from famiglia.phrasebook.catalogue import speaking
from tests.drivers.phrasebook import sayings

_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ACCENTED = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")


def _pseudo(message: str) -> str:
    parts = _PLACEHOLDER.split(message)  # the placeholders are the odd parts: kept as they are
    return "⟦" + "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(parts)) + "⟧"


class Pseudo(gettext.NullTranslations):
    """Every sentence changed as a translation would change it, its placeholders kept."""

    def gettext(self, message: str) -> str:
        return _pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _pseudo(msgid1 if n == 1 else msgid2)


def test_every_sentence_goes_through_the_catalogue_in_force() -> None:
    with speaking(Pseudo()):
        said = sayings(seed=4)
    assert len(said) > 100
    for text, named in said:
        assert text.startswith("⟦") and text.endswith("⟧"), text  # said through the catalogue, nothing around it
        assert "{" not in text and named in text, text  # the placeholders filled, the notation kept
    english = sayings(seed=4)
    assert [named for _, named in english] == [named for _, named in said]
    assert not any(text.startswith("⟦") for text, _ in english)  # out of the block, the English again


def test_two_players_in_one_process_speak_their_own_languages_at_once() -> None:
    """One context speaks the pseudo-language while another, at the same time, speaks English: nothing of one
    player's language is the process's."""
    started, spoken = threading.Barrier(2), {}

    def player(name: str, catalogue: gettext.NullTranslations | None) -> None:
        def run() -> None:
            started.wait(timeout=10)
            spoken[name] = chances.chance(0.5)
        if catalogue is None:
            run()
        else:
            with speaking(catalogue):
                run()

    threads = [threading.Thread(target=contextvars.copy_context().run, args=(player, "anna", Pseudo())),
               threading.Thread(target=contextvars.copy_context().run, args=(player, "ben", None))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert spoken["anna"].startswith("⟦") and spoken["ben"] == "about 50% to win"
    assert chances.chance(0.5) == "about 50% to win"  # and this context never changed
