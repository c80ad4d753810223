"""Who holds a seat at a table: the SSH key the player first connected with, or a seat word.

OpenSSH offers the user's key when there is one, and the server has checked that the client holds
it: then the key is the seat's, and coming back with it is enough. A player without a key is given a
seat word when sitting down; it is asked for on coming back, and only its hash is kept (scrypt, with
a salt of its own), so the server's files never hold the word itself.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any, Final

from famiglia.phrasebook.catalogue import _

from .codes import ALPHABET

__all__ = ["Holder", "new_word", "tidy_word"]

WORD_LENGTH: Final = 8  # shown as two groups of four: 40 bits, and tries are slowed down like codes
_SCRYPT: Final = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def new_word() -> str:
    """A fresh seat word, as the player is shown it: `k7qx-m3pa`."""
    word = "".join(secrets.choice(ALPHABET) for _ in range(WORD_LENGTH)).lower()
    return f"{word[:4]}-{word[4:]}"


def tidy_word(text: str) -> str:
    """A seat word as typed, in the form it is kept: lower case, without spaces and dashes."""
    return "".join(ch for ch in text.lower() if ch not in " -")[:64]


def _hash(word: str, salt: bytes) -> bytes:
    return hashlib.scrypt(tidy_word(word).encode(), salt=salt, **_SCRYPT)


@dataclass(frozen=True, slots=True)
class Holder:
    """The player at one seat: their name, and what proves it is them (a key's fingerprint, or a word's hash)."""

    name: str
    key: str | None = None  # the SHA256 fingerprint of the SSH key they first connected with
    salt: str | None = None  # hex, with `digest`: the seat word's
    digest: str | None = None

    @classmethod
    def sitting(cls, name: str, key: str | None) -> tuple[Holder, str | None]:
        """The holder of a seat taken now, and the seat word to tell the player (None: their key holds it)."""
        if key is not None:
            return cls(name, key=key), None
        word = new_word()
        salt = secrets.token_bytes(16)
        return cls(name, salt=salt.hex(), digest=_hash(word, salt).hex()), word

    def is_key(self, key: str | None) -> bool:
        """Whether `key` is the key that holds this seat."""
        return key is not None and self.key is not None and hmac.compare_digest(key, self.key)

    @property
    def needs_word(self) -> bool:
        return self.key is None

    def is_word(self, word: str) -> bool:
        """Whether `word` is this seat's word (compared in constant time)."""
        if self.salt is None or self.digest is None:
            return False
        try:
            salt = bytes.fromhex(self.salt)
        except ValueError:
            return False
        return hmac.compare_digest(_hash(word, salt).hex(), self.digest)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in (("name", self.name), ("key", self.key), ("salt", self.salt),
                                  ("digest", self.digest)) if v is not None}

    @classmethod
    def from_json(cls, data: Any) -> Holder:
        """A holder as `to_json` wrote it; `ValueError` for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError(_("a seat must have a name"))
        values = {k: data.get(k) for k in ("key", "salt", "digest")}
        if any(v is not None and not isinstance(v, str) for v in values.values()):
            raise ValueError(_("a seat's key and word are text"))
        if values["key"] is None and (values["salt"] is None or values["digest"] is None):
            raise ValueError(_("a seat is held by a key or a word"))
        return cls(data["name"], **values)
