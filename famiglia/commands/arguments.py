"""The command line's argument types: each turns the text of one option into its value, or says why not.

A refusal is an `argparse.ArgumentTypeError` in the player's words, which `famiglia.cli` writes as the
one line of every usage error. What an option is checked against is the rules' own module (the names
screen's, the seats', the saved games' seed limit), imported only when the option is given, so that
``famiglia --help`` imports nothing of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from famiglia.levels import PLAYERS, REFERENCE_LEVELS
from famiglia.phrasebook.catalogue import _

__all__ = ["NamesAction", "bounded", "opponent", "player_name", "seed", "simulate_players"]


def player_name(text: str) -> str:
    """Argument type for ``--names``: the names screen's rules (`famiglia.profile.names`), with its words."""
    from famiglia.profile.names import NameRefused, tidy_name

    try:
        return tidy_name(text)
    except NameRefused as refusal:
        raise argparse.ArgumentTypeError(f"{refusal}: {text!r}") from None


class NamesAction(argparse.Action):
    """``--names A B``: two names that read differently, or the same usage error as any other."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[str] | None, option_string: str | None = None) -> None:
        from famiglia.profile.names import NameRefused, check_pair

        match values:
            case [str() as only]:  # one person against the computer (--vs); `play` checks it goes with --vs
                setattr(namespace, self.dest, (only,))
            case [str() as first, str() as second]:
                try:
                    check_pair(first, second)
                except NameRefused as refusal:
                    parser.error(_("argument --names: {why}").format(why=refusal))
                setattr(namespace, self.dest, (first, second))
            case _:
                parser.error(_("argument --names: give two names, player 1 first (or one, yours, with --vs cpu)"))


def opponent(text: str) -> str:
    """Argument type for ``--vs``: the computer's seat (`famiglia.profile.seats`), or the usage error why not."""
    from famiglia.profile.options import BARE_COMPUTER
    from famiglia.profile.seats import SeatRefused, parse_opponent

    try:
        seat = parse_opponent(text)
    except SeatRefused as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None
    return seat if ":" in text else BARE_COMPUTER  # plain cpu: the level of the settings


def seed(text: str) -> int:
    """Argument type for ``--seed``: a whole number within the one limit a saved game holds (docs/records.md)."""
    from famiglia.persistence import SEED_BITS, check_seed

    shown = text if len(text) <= 24 else f"{text[:20]}…"
    if len(text.strip().lstrip("+-").replace("_", "")) > SEED_BITS and text.strip().lstrip("+-").isdigit():
        digits = len(text.strip().lstrip("+-"))
        raise argparse.ArgumentTypeError(_("a seed has at most {bits} bits (some 308 digits), not {digits} "
                                           "digits").format(bits=_number(SEED_BITS), digits=_number(digits)))
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("invalid int value: {value}").format(value=repr(shown))) from None
    try:
        return check_seed(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def simulate_players(text: str) -> tuple[str, str]:
    """Argument type for ``--players``: two known player names separated by a comma."""
    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError(_("give two players separated by a comma, like normal,greedy"))
    for name in names:
        if name not in PLAYERS and name not in REFERENCE_LEVELS:
            shown = name if len(name) <= 24 else f"{name[:20]}…"
            raise argparse.ArgumentTypeError(_("unknown player {name}: choose from {players} (or a reference level: "
                                               "{references})").format(name=repr(shown), players=", ".join(PLAYERS),
                                                                       references=", ".join(REFERENCE_LEVELS)))
    return (names[0], names[1])


def bounded(low: float, high: float, *, whole: bool = True) -> Any:
    """Argument type for a number from `low` to `high` (`whole`: an integer), said in one line otherwise."""

    def number(text: str) -> float:
        shown = text if len(text) <= 24 else f"{text[:20]}…"
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            refusal = _("not a whole number: {text}") if whole else _("not a number: {text}")
            raise argparse.ArgumentTypeError(refusal.format(text=repr(shown))) from None
        if not low <= value <= high or value != value:
            raise argparse.ArgumentTypeError(_("must be from {low} to {high}, not {text}").format(
                low=_number(low), high=_number(high), text=shown))
        return value

    return number


def _number(value: float) -> str:
    from famiglia.phrasebook.counts import decimal, whole  # on a refusal only: the engine is not loaded to start

    return whole(int(value)) if value == int(value) else decimal(value, 3)


def plain_given(args: Any) -> bool | None:
    """`--plain` or `--no-plain` given to the command, else to `famiglia` itself; None: as the settings say."""
    given: bool | None = getattr(args, "plain", None)
    return given if given is not None else args.plain_all


def plain_alone(given: bool | None) -> bool:
    """Whether `famiglia` alone plays in the plain mode (a new game with the settings, docs/plain.md): `--plain`,
    or the `plain` setting without `--no-plain`."""
    if given is not None:
        return given
    from famiglia.profile.settings import load

    return load().settings.plain
