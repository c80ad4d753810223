"""The ``famiglia`` command line: its commands and options, and one line plus an exit code for every known error.

This module only parses: each command's body is a module of `famiglia.commands`, imported inside the
small function that calls it, as everything heavy is (rich, prompt_toolkit, the engine, the screen),
so that ``famiglia --help`` answers at once and ``famiglia play`` can say plainly when the screen is
not installed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from famiglia import __version__
from famiglia.commands.errors import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    UsageError,
    complain,
    usage_line,
)
from famiglia.leaving import leaving
from famiglia.levels import DEFAULT_LEVEL, LEVELS, PLAYERS, REFERENCE_LEVELS

SIMULATE_MAX_GAMES = 1_000_000
SIMULATE_MAX_JOBS = 64
SETTING_KEYS = ("names", "level", "memory_aid (or memory-aid)", "confirm", "colour")  # settings.KEYS, likewise


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line on stderr, exit status 2, for every subcommand.

    The form is always ``famiglia: error: WHAT (see 'famiglia COMMAND --help')``; subcommand parsers are
    made of this class too, so a subcommand added later gets the same form without doing anything.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, usage_line(self.prog, message))


def _player_name(text: str) -> str:
    """Argument type for ``--names``: the names screen's rules (`famiglia.profile.names`), with its words."""
    from famiglia.profile.names import NameRefused, tidy_name

    try:
        return tidy_name(text)
    except NameRefused as refusal:
        raise argparse.ArgumentTypeError(f"{refusal}: {text!r}") from None


class _NamesAction(argparse.Action):
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
                    parser.error(f"argument --names: {refusal}")
                setattr(namespace, self.dest, (first, second))
            case _:
                parser.error("argument --names: give two names, player 1 first (or one, yours, with --vs cpu)")


def _opponent(text: str) -> str:
    """Argument type for ``--vs``: the computer's seat (`famiglia.profile.seats`), or the usage error why not."""
    from famiglia.profile.options import BARE_COMPUTER
    from famiglia.profile.seats import SeatRefused, parse_opponent

    try:
        seat = parse_opponent(text)
    except SeatRefused as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None
    return seat if ":" in text else BARE_COMPUTER  # plain cpu: the level of the settings


def _seed(text: str) -> int:
    """Argument type for ``--seed``: a whole number within the one limit a saved game holds (docs/records.md)."""
    from famiglia.persistence import SEED_BITS, check_seed

    shown = text if len(text) <= 24 else f"{text[:20]}…"
    if len(text.strip().lstrip("+-").replace("_", "")) > SEED_BITS and text.strip().lstrip("+-").isdigit():
        raise argparse.ArgumentTypeError(f"a seed has at most {SEED_BITS:,} bits (some 308 digits), "
                                         f"not {len(text.strip().lstrip('+-')):,} digits")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {shown!r}") from None
    try:
        return check_seed(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _simulate_players(text: str) -> tuple[str, str]:
    """Argument type for ``--players``: two known player names separated by a comma."""
    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError("give two players separated by a comma, like normal,greedy")
    for name in names:
        if name not in PLAYERS and name not in REFERENCE_LEVELS:
            shown = name if len(name) <= 24 else f"{name[:20]}…"
            raise argparse.ArgumentTypeError(f"unknown player {shown!r}: choose from {', '.join(PLAYERS)} "
                                             f"(or a reference level: {', '.join(REFERENCE_LEVELS)})")
    return (names[0], names[1])


def _either(names: Sequence[str]) -> str:
    """`easy, normal or hard`: the names as a choice in words."""
    return f"{', '.join(names[:-1])} or {names[-1]}"


def _number(low: float, high: float, *, whole: bool = True) -> Any:
    """Argument type for a number from `low` to `high` (`whole`: an integer), said in one line otherwise."""

    def number(text: str) -> float:
        shown = text if len(text) <= 24 else f"{text[:20]}…"
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a {'whole ' if whole else ''}number: {shown!r}") from None
        if not low <= value <= high or value != value:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {shown}")
        return value

    return number


# -- the commands and their options ----------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The parser for the whole command line, subcommands included."""
    parser = _Parser(prog=PROG, epilog="Run 'famiglia COMMAND --help' for the options of one command.",
                     description="Famiglia, the two-player card game by Friedemann Friese, played hot-seat in the "
                                 "terminal.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_play_command(commands)
    _add_record_commands(commands)
    _add_rules_command(commands)
    _add_simulate_command(commands)
    _add_settings_command(commands)
    _add_stats_command(commands)
    _add_learn_command(commands)
    _add_analyse_command(commands)
    _add_serve_command(commands)
    return parser


def _add_play_command(commands: Any) -> None:
    """`famiglia play`: a new game, or a record file played on (docs/playing.md)."""
    play = commands.add_parser("play", help="play a game for two at this terminal",
                               description="Play a game of Famiglia for two players taking turns at this terminal, "
                                           "or against the computer with --vs cpu.")
    play.add_argument("--names", nargs="+", metavar=("NAME", "NAME"), type=_player_name, action=_NamesAction,
                      help="the two players' names, player 1 first; against the computer (--vs) one name, yours")
    play.add_argument("--vs", type=_opponent, metavar="cpu[:LEVEL]",
                      help=f"play against the computer: cpu, or {', '.join(f'cpu:{level}' for level in LEVELS)} "
                           f"(cpu is cpu:{DEFAULT_LEVEL}); "
                           "you are player 1, so --first 2 lets the computer start")
    play.add_argument("--seed", type=_seed, metavar="N", help="seed for the shuffle: the same seed deals the same game")
    play.add_argument("--first", type=int, choices=(1, 2),
                      help="which player starts, 1 or 2 (default: drawn at random)")
    play.add_argument("--memory-aid", action=argparse.BooleanOptionalAction,
                      help="show the opponent's hand as far as it is known from the public actions (R12.3); "
                           "--no-memory-aid hides it though the settings show it")
    play.add_argument("--no-confirm", dest="confirm", action="store_false", default=None,
                      help="end a turn at once on a take or pass, without asking to confirm it (c in the help "
                           "toggles it)")
    play.add_argument("--confirm", dest="confirm", action="store_true", default=None,
                      help="ask to confirm the end of each turn, though the settings say not to")
    play.add_argument("--load", metavar="FILE", help="play on the game of a record file (see 'famiglia games')")
    play.set_defaults(handler=_cmd_play, command_parser=play)


def _add_record_commands(commands: Any) -> None:
    """The saved-games commands (docs/records.md): `games`, `resume`, `replay` and `log`."""
    games = commands.add_parser("games", help="list the saved games, newest first",
                                description="List the saved games, newest first: id, players, turns and state.")
    games.add_argument("--delete", metavar="ID", help="remove saved game ID (on a terminal it asks first)")
    games.add_argument("--yes", action="store_true", help="with --delete: remove it without asking")
    games.set_defaults(handler=_cmd_games, command_parser=games)
    resume = commands.add_parser("resume", help="play a saved game on",
                                 description="Play a saved game on where it stopped (by default the unfinished "
                                             "game saved last).")
    resume.add_argument("id", nargs="?", metavar="ID", help="the game's id, as 'famiglia games' lists it")
    resume.add_argument("--memory-aid", action=argparse.BooleanOptionalAction,
                        help="show the opponent's hand as far as it is known from the public actions (R12.3); "
                             "by default as the game was played")
    resume.add_argument("--confirm", action=argparse.BooleanOptionalAction,
                        help="ask to confirm the end of each turn (--no-confirm: end it at once); "
                             "by default as the game was played")
    resume.set_defaults(handler=_cmd_resume, command_parser=resume)
    for name, verb in (("replay", "step through a saved game with both hands open"),
                       ("log", "print a saved game, one line per turn")):
        command = commands.add_parser(name, help=verb, description=f"{verb[0].upper()}{verb[1:]} (by default the "
                                      "game saved last).")
        command.add_argument("target", nargs="?", metavar="ID|FILE", help="the game's id, or a record file")
        if name == "replay":
            command.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                                 help="the search level of an analysis the replay's a makes, where none is saved "
                                      "(as for 'famiglia analyse'; default: %(default)s)")
        command.set_defaults(handler=_cmd_replay if name == "replay" else _cmd_log, command_parser=command)


def _add_rules_command(commands: Any) -> None:
    """`famiglia rules`: the rules of the game."""
    rules = commands.add_parser("rules", help="print the rules of the game",
                                description="Print the rules of Famiglia (formatted on a terminal, plain Markdown "
                                            "otherwise).")
    rules.set_defaults(handler=_cmd_rules, command_parser=rules)


def _add_simulate_command(commands: Any) -> None:
    """`famiglia simulate`: computer players against each other (docs/ai.md)."""
    simulate = commands.add_parser(
        "simulate", help="play computer players against each other and print their statistics",
        description="Play two computer players against each other, seats swapped every game, and print wins, "
                    "draws, losses, win rate with a 95% Wilson interval, mean score, mean game length in turns "
                    "and time per decision. The results depend only on --players, --games and --seed.")
    simulate.add_argument("--players", type=_simulate_players, required=True, metavar="A,B",
                          help=f"two of {', '.join(PLAYERS)}, like normal,greedy (or the reference levels "
                               f"{', '.join(REFERENCE_LEVELS)})")
    simulate.add_argument("--games", type=_number(1, SIMULATE_MAX_GAMES), default=100, metavar="N",
                          help="how many games to play (default 100)")
    simulate.add_argument("--seed", type=_seed, default=1, metavar="N", help="seed of the match (default 1)")
    simulate.add_argument("--jobs", type=_number(1, SIMULATE_MAX_JOBS), default=1, metavar="N",
                          help="processes to spread the games over (default 1); the results do not change")
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON on stdout")
    simulate.set_defaults(handler=_cmd_simulate, command_parser=simulate)


def _add_settings_command(commands: Any) -> None:
    """`famiglia settings`, and `set` and `unset` under it (docs/settings.md)."""
    settings = commands.add_parser(
        "settings", help="show the remembered settings, or change one",
        description="Show where the settings file is and what it holds; 'set KEY VALUE' changes a setting, "
                    "'unset KEY' goes back to its default. The options of 'famiglia play' win over the settings "
                    "for one game.")
    settings.set_defaults(handler=_cmd_settings, command_parser=settings, action=None)
    actions = settings.add_subparsers(dest="action", metavar="ACTION")
    change = actions.add_parser("set", help="change one setting, e.g. 'set level hard' or 'set names Anna Ben'",
                                description="Change one setting in the settings file, keeping its comments.")
    change.add_argument("key", metavar="KEY", help=", ".join(SETTING_KEYS))
    change.add_argument("value", nargs="+", metavar="VALUE",
                        help=f"names: one or two names; level: {_either(LEVELS)}; the others: true or false")
    change.set_defaults(command_parser=change)
    forget = actions.add_parser("unset", help="forget one setting: its default applies again",
                                description="Remove one setting from the settings file, so its default applies.")
    forget.add_argument("key", metavar="KEY", help=", ".join(SETTING_KEYS))
    forget.set_defaults(command_parser=forget)


def _add_stats_command(commands: Any) -> None:
    """`famiglia stats` (docs/statistics.md)."""
    stats = commands.add_parser(
        "stats", help="your statistics against each opponent, and your rating",
        description="Games, wins, draws, losses, win rate, best score and the current streak against each "
                    "opponent, and a rating that moves with every game finished against the computer; all "
                    "worked out from the saved games.")
    stats.add_argument("--name", type=_player_name, metavar="NAME",
                       help="whose games for two to count (default: the first name of the settings)")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON on stdout")
    stats.set_defaults(handler=_cmd_stats, command_parser=stats)


def _add_learn_command(commands: Any) -> None:
    """`famiglia learn`: the guided first game (docs/learn.md)."""
    learn = commands.add_parser(
        "learn", help="learn to play: a guided first game against the easy computer",
        description="A guided first game against the easy computer, on a deal where each part of the game comes "
                    "up early, explained the first time it is possible. It is saved as it is "
                    "played: 'famiglia learn' again plays the unfinished guided game on.")
    learn.add_argument("id", nargs="?", metavar="ID", help="the guided game to play on (by default the one saved last)")
    learn.add_argument("--new", action="store_true", help="start a new guided game, though one is unfinished")
    learn.set_defaults(handler=_cmd_learn, command_parser=learn)


def _add_analyse_command(commands: Any) -> None:
    """`famiglia analyse`: a saved game rated decision by decision (docs/ai.md), in famiglia.commands.analysis."""
    analyse = commands.add_parser(
        "analyse", help="rate every decision of a saved game, and tell skill from luck",
        description="Rate every decision of a saved game (by default the game saved last) by the computer's "
                    "estimate of each player's chance to win: the chance before, the best alternative, the loss, "
                    "the luck of the cards drawn, totals per player and a graph. The analysis is saved beside the "
                    "game, so a second run is instant; its results do not depend on --jobs.")
    analyse.add_argument("target", nargs="?", metavar="ID|FILE", help="the game's id, or a record file")
    analyse.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                         help="how deep the computer looks at each decision: easy (some 2 s for a 50-turn game), "
                              "normal (the default, some 20 s) or hard (some 2.5 minutes)")
    analyse.add_argument("--jobs", type=_number(1, SIMULATE_MAX_JOBS), default=1, metavar="N",
                         help="processes to spread the decisions over (default 1); the results do not change")
    analyse.add_argument("--json", action="store_true", help="print every figure as JSON on stdout")
    analyse.set_defaults(handler=_cmd_analyse, command_parser=analyse)


# -- each command's body, imported when it runs --------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    from famiglia.commands.play import play

    return play(names=args.names, vs=args.vs, seed=args.seed, first=args.first, memory_aid=args.memory_aid,
                confirm=args.confirm, load=args.load, colour=args.colour)


def _cmd_games(args: argparse.Namespace) -> int:
    from famiglia.commands import games

    if args.delete is not None:
        return games.delete(args.delete, yes=args.yes)
    if args.yes:
        raise UsageError("--yes goes with --delete ID")
    return games.games()


def _cmd_resume(args: argparse.Namespace) -> int:
    from famiglia.commands.resume import resume
    from famiglia.commands.settings import remembered

    return resume(args.id, settings=remembered(), memory_aid=args.memory_aid, confirm=args.confirm,
                  colour=args.colour)


def _cmd_replay(args: argparse.Namespace) -> int:
    from famiglia.commands.replay import replay

    return replay(args.target, level=args.level, colour=args.colour)


def _cmd_log(args: argparse.Namespace) -> int:
    from famiglia.commands.log import log

    return log(args.target)


def _cmd_rules(args: argparse.Namespace) -> int:
    from famiglia.commands.rules import rules

    return rules()


def _cmd_simulate(args: argparse.Namespace) -> int:
    from famiglia.commands.simulate import simulate

    return simulate(args.players, args.games, args.seed, jobs=args.jobs, as_json=args.json)


def _cmd_settings(args: argparse.Namespace) -> int:
    from famiglia.commands.settings import change, show

    if args.action is None:
        return show()
    return change(args.key, None if args.action == "unset" else args.value)


def _cmd_stats(args: argparse.Namespace) -> int:
    from famiglia.commands.stats import stats

    return stats(args.name, as_json=args.json)


def _cmd_home(args: argparse.Namespace) -> int:
    """`famiglia` alone on a terminal: the home screen (docs/playing.md)."""
    from famiglia.commands.home import run_home

    return run_home(colour=args.colour)


def _cmd_learn(args: argparse.Namespace) -> int:
    from famiglia.commands.learn import learn

    return learn(args.id, new=args.new, colour=args.colour)


def _cmd_analyse(args: argparse.Namespace) -> int:
    from famiglia.commands.analysis import analyse

    return analyse(args.target, level=args.level, jobs=args.jobs, as_json=args.json)


# -- running -------------------------------------------------------------------------------------------------


def _add_serve_command(commands: Any) -> None:
    """`famiglia serve`: a game server for plain `ssh` (docs/serve.md); it lives in `famiglia.commands.serve`."""
    serve = commands.add_parser(
        "serve", help="host games that friends join with ssh, each seeing only their own hand",
        description="Run a game server: friends join with 'ssh -p PORT NAME@ADDRESS', open a table and tell its "
                    "code, play the computer or watch. Every table's game is one of your saved games, and Ctrl-C "
                    "stops the server.")
    serve.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                       help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets others in)")
    serve.add_argument("--port", type=_number(0, 65535), default=2222,
                       help="the port (default 2222; 0 takes a free one)")
    serve.add_argument("--seed", type=_seed, metavar="N",
                       help="deal the tables the games of seeds N, N+1, … as they are opened")
    serve.add_argument("--password-file", metavar="FILE", help="ask for the password on the file's first line")
    serve.add_argument("--authorized-keys", metavar="FILE", help="let in only the SSH keys in FILE")
    serve.add_argument("--max-connections", type=_number(1, 100_000), default=64, metavar="N",
                       help="connections open at once, in all (default 64)")
    serve.add_argument("--max-per-address", type=_number(1, 100_000), default=8, metavar="N",
                       help="connections open at once from one address (default 8)")
    serve.add_argument("--login-timeout", type=_number(0.001, 86_400 * 7, whole=False), default=20.0, metavar="SECONDS",
                       help="how long a connection may take to log in (default 20)")
    serve.add_argument("--idle-lobby", type=_number(0.001, 86_400 * 7, whole=False), default=900.0, metavar="SECONDS",
                       help="how long the lobby waits for a key before it closes the connection (default 900)")
    serve.add_argument("--code-delay", type=_number(0.001, 86_400 * 7, whole=False), default=1.0, metavar="SECONDS",
                       help="the pause after the third wrong table code from one address, doubling with each "
                            "further one up to 30 s (default 1)")
    serve.set_defaults(handler=_cmd_serve, command_parser=serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    from famiglia.commands.serve import serve_with

    return serve_with(host=args.host, port=args.port, seed=args.seed, password_file=args.password_file,
                      authorized_keys=args.authorized_keys, connections=args.max_connections,
                      per_address=args.max_per_address, login_timeout=args.login_timeout,
                      idle_lobby=args.idle_lobby, code_delay=args.code_delay)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the flush at interpreter exit cannot fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (e.g. captured by a test): nothing will be flushed to a dead pipe
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status; known errors become one line on stderr."""
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):
        if not (sys.stdin.isatty() and sys.stdout.isatty()):  # no screen to show the home screen on
            parser.print_help(sys.stdout)
            return EXIT_OK
        args = argparse.Namespace(handler=_cmd_home, command_parser=parser)
    else:
        try:
            args, unknown = parser.parse_known_args(argv)
            if unknown:  # blame the command they were given to, so the hint points at the right --help
                args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        except SystemExit as exc:  # --help, --version and usage errors end here
            if exc.code is None or isinstance(exc.code, int):
                return exc.code or EXIT_OK
            return EXIT_USAGE
    # NO_COLOR (no-color.org) is read here, once, where the program starts: every screen it opens is told.
    args.colour = not os.environ.get("NO_COLOR")
    with leaving() as run:  # SIGTERM and SIGHUP end the whole program, from every screen (famiglia.leaving)
        try:
            code = _handle(args)
        except BaseException:  # `Leave`, or whatever else the way out met (a terminal gone, say)
            if run.code is None:
                raise
        # Once a leaving signal came, its status is the program's: 143 for SIGTERM, 129 for SIGHUP.
        return run.code if run.code is not None else code


def _handle(args: argparse.Namespace) -> int:
    """Run the command `args` name; a known error becomes one line on stderr and its exit status."""
    try:
        code: int = args.handler(args)
        return code
    except UsageError as refusal:
        sys.stderr.write(usage_line(args.command_parser.prog, str(refusal)))
        return EXIT_USAGE
    except KeyboardInterrupt:
        complain("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `famiglia rules | head`): stop quietly.
        _silence_stdout()
        return EXIT_FAILURE
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] == "famiglia":
            raise  # a broken install of famiglia itself is a bug worth a traceback
        complain(f"a required package is missing: {exc.name} (reinstall famiglia to get its dependencies)")
        return EXIT_FAILURE
    except OSError as exc:
        complain(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else ""))
        return EXIT_FAILURE
