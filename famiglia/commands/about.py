"""What each command is for, in the player's words: its line in `famiglia --help` and the description its own
--help begins with; and the words argparse says itself (its usage line, headings and usage errors), which
it asks its module's `_` for, made ours here so that they too come from the catalogue in force.
"""

from __future__ import annotations

import argparse
from typing import Final

from famiglia.phrasebook.catalogue import N_, _

__all__ = ["ABOUT"]

# The words argparse says itself (its usage line, headings and usage errors), said from the catalogue in force:
# argparse asks its module's `_` for them, which is ours from here on (English where no language is spoken).
_ARGPARSE_WORDS: Final = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
)
setattr(argparse, "_", _)  # noqa: B010 - argparse reads a module global, not an attribute we could pass


# What each command is for: its line in `famiglia --help`, and the description its own --help begins with.
ABOUT: Final[dict[str, tuple[str, str]]] = {
    "play": (N_("play a game for two at this terminal"),
            N_("Play a game of Famiglia for two players taking turns at this terminal, or against the "
               "computer with --vs cpu.")),
    "games": (N_("list the saved games, newest first"),
             N_("List the saved games, newest first: id, players, turns and state.")),
    "resume": (N_("play a saved game on"),
              N_("Play a saved game on where it stopped (by default the unfinished game saved last).")),
    "replay": (N_("step through a saved game with both hands open"),
              N_("Step through a saved game with both hands open (by default the game saved last).")),
    "log": (N_("print a saved game, one line per turn"),
           N_("Print a saved game, one line per turn (by default the game saved last).")),
    "rules": (N_("print the rules of the game"),
             N_("Print the rules of Famiglia (formatted on a terminal, plain Markdown otherwise).")),
    "simulate": (N_("play computer players against each other and print their statistics"),
                N_("Play two computer players against each other, seats swapped every game, and print wins, "
                   "draws, losses, win rate with a 95% Wilson interval, mean score, mean game length in "
                   "turns and time per decision. The results depend only on --players, --games and --seed.")),
    "settings": (N_("show the remembered settings, or change one"),
                N_("Show where the settings file is and what it holds; 'set KEY VALUE' changes a setting, "
                   "'unset KEY' goes back to its default. The options of 'famiglia play' win over the "
                   "settings for one game.")),
    "stats": (N_("your statistics against each opponent, and your rating"),
             N_("Games, wins, draws, losses, win rate, best score and the current streak against each "
                "opponent, and a rating that moves with every game finished against the computer; all "
                "worked out from the saved games.")),
    "learn": (N_("learn to play: a guided first game against the easy computer"),
             N_("A guided first game against the easy computer, on a deal where each part of the game comes "
                "up early, explained the first time it is possible. It is saved as it is played: 'famiglia "
                "learn' again plays the unfinished guided game on.")),
    "train": (N_("train on your mistakes: your own lost points played again until you find the move"),
              N_("Positions from your finished games where a decision of yours lost points in the analysis, and "
                 "the key moments that were yours, played again until you find the move. A spaced schedule "
                 "brings back what you missed; by default the positions due now.")),
    "analyse": (N_("rate every decision of a saved game, and tell skill from luck"),
               N_("Rate every decision of a saved game (by default the game saved last) by the computer's "
                  "estimate of each player's chance to win: the chance before, the best alternative, the "
                  "loss, the luck of the cards drawn, totals per player and a graph. The analysis is saved "
                  "beside the game, so a second run is instant; its results do not depend on --jobs.")),
    "serve": (N_("host games that friends join with ssh, each seeing only their own hand"),
             N_("Run a game server: friends join with 'ssh -p PORT NAME@ADDRESS', open a table and tell its "
                "code, play the computer or watch. Every table's game is one of your saved games, and "
                "Ctrl-C stops the server.")),
}
