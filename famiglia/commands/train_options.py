"""`famiglia train`'s options and the small function that runs it, for the command line (`famiglia.cli`).

Only argparse is imported here, so `famiglia --help` stays quick; the training itself comes with the command
that runs it (`famiglia.commands.train`).
"""

from __future__ import annotations

import argparse

from famiglia.phrasebook.catalogue import _

__all__ = ["add_options", "run"]


def add_options(train: argparse.ArgumentParser) -> None:
    """`--all`, `--game ID`, `--new` and `--puzzles`, one of them at most (docs/train.md)."""
    which = train.add_mutually_exclusive_group()
    which.add_argument("--all", dest="every", action="store_true",
                       help=_("every position of your games, the learned ones too, not only those due"))
    which.add_argument("--game", metavar="ID", help=_("the positions of one saved game, due or not"))
    which.add_argument("--new", action="store_true", help=_("only the positions never answered yet"))
    which.add_argument("--puzzles", action="store_true",
                       help=_("the puzzles shipped with famiglia, as a player with no games of their own gets them"))


def run(args: argparse.Namespace) -> int:
    from .train import train

    return train(every=args.every, game=args.game, new=args.new, puzzles=args.puzzles, colour=args.colour)
