"""The ``famiglia`` command: subcommands, and one line plus an exit code for every known error.

``famiglia rules`` prints the rules shipped inside the package; ``famiglia play`` starts the
terminal game. Everything heavy (rich, prompt_toolkit, the engine, the screen) is imported inside
the function that needs it, so that ``famiglia --help`` answers at once.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from famiglia import __version__

PROG = "famiglia"

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for Ctrl-C

RULES_RESOURCE = ("data", "rules.md")


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are a single line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _player_name(text: str) -> str:
    """Argument type for ``--names``: a name is trimmed and must keep at least one printable character."""
    name = " ".join(text.split())
    if not name:
        raise argparse.ArgumentTypeError(f"a player name cannot be empty: {text!r}")
    if not name.isprintable():
        raise argparse.ArgumentTypeError(f"a player name must be printable text: {text!r}")
    return name


def build_parser() -> argparse.ArgumentParser:
    """The parser for the whole command line, subcommands included."""
    parser = _Parser(
        prog=PROG,
        description="Famiglia, the two-player card game by Friedemann Friese, played hot-seat in the terminal.",
        epilog="Run 'famiglia COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = commands.add_parser(
        "play",
        help="play a game for two at this terminal",
        description="Play a game of Famiglia for two players taking turns at this terminal.",
    )
    play.add_argument(
        "--names",
        nargs=2,
        metavar=("NAME", "NAME"),
        type=_player_name,
        help="the two players' names, player 1 first",
    )
    play.add_argument("--seed", type=int, metavar="N", help="seed for the shuffle: the same seed deals the same game")
    play.add_argument(
        "--first",
        type=int,
        choices=(1, 2),
        help="which player starts, 1 or 2 (default: drawn at random)",
    )
    play.add_argument(
        "--memory-aid",
        action="store_true",
        help="show the opponent's hand as far as it is known from the public actions (R12.3)",
    )
    play.set_defaults(handler=_cmd_play, command_parser=play)

    rules = commands.add_parser(
        "rules",
        help="print the rules of the game",
        description="Print the rules of Famiglia (formatted on a terminal, plain Markdown otherwise).",
    )
    rules.set_defaults(handler=_cmd_rules, command_parser=rules)
    _add_simulate_command(commands)
    return parser


def rules_text() -> str:
    """The rules as shipped inside the package (Markdown), read so that it also works from a wheel."""
    from importlib import resources

    return resources.files("famiglia").joinpath(*RULES_RESOURCE).read_text(encoding="utf-8")


def _cmd_rules(args: argparse.Namespace) -> int:
    text = rules_text()
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return EXIT_OK


def _cmd_play(args: argparse.Namespace) -> int:
    names: tuple[str, str] | None = None
    if args.names is not None:
        first_name, second_name = args.names
        if first_name.casefold() == second_name.casefold():
            _complain(f"the two players need different names: {first_name!r} and {second_name!r} read the same")
            return EXIT_USAGE
        names = (first_name, second_name)
    first: int | None = None if args.first is None else args.first - 1  # the screen counts players 0 and 1

    try:
        from famiglia.tui import run_play
    except ImportError as exc:
        if exc.name != "famiglia.tui":
            raise
        _complain("famiglia play is not available in this build", prefix=False)
        return EXIT_FAILURE
    code: int = run_play(names=names, seed=args.seed, first=first, memory_aid=args.memory_aid)
    return code


SIMULATE_MAX_GAMES = 1_000_000
SIMULATE_MAX_JOBS = 64


def _add_simulate_command(commands: Any) -> None:
    """`famiglia simulate`: computer players against each other (docs/ai.md)."""
    simulate = commands.add_parser(
        "simulate",
        help="play computer players against each other and print their statistics",
        description="Play two computer players against each other, seats swapped every game, and print wins, "
                    "draws, losses, win rate with a 95%% Wilson interval, mean score, mean game length in turns "
                    "and time per decision. The results depend only on --players, --games and --seed.",
    )
    simulate.add_argument("--players", type=_simulate_players, required=True, metavar="A,B",
                          help="two of random, greedy, easy, normal, hard, like normal,greedy")
    simulate.add_argument("--games", type=_simulate_count(SIMULATE_MAX_GAMES), default=100, metavar="N",
                          help="how many games to play (default 100)")
    simulate.add_argument("--seed", type=int, default=1, metavar="N", help="seed of the match (default 1)")
    simulate.add_argument("--jobs", type=_simulate_count(SIMULATE_MAX_JOBS), default=1, metavar="N",
                          help="processes to spread the games over (default 1); the results do not change")
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON on stdout")
    simulate.set_defaults(handler=_cmd_simulate, command_parser=simulate)


def _simulate_players(text: str) -> tuple[str, str]:
    """Argument type for ``--players``: two known player names separated by a comma."""
    from famiglia.ai import SPECS

    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError("give two players separated by a comma, like normal,greedy")
    for name in names:
        if name not in SPECS:
            shown = name if len(name) <= 24 else f"{name[:20]}…"
            raise argparse.ArgumentTypeError(f"unknown player {shown!r}: choose from {', '.join(SPECS)}")
    return (names[0], names[1])


def _simulate_count(top: int) -> Any:
    """Argument type for a whole number from 1 to `top`."""

    def count(text: str) -> int:
        shown = text if len(text) <= 24 else f"{text[:20]}…"
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {shown!r}") from None
        if not 1 <= value <= top:
            raise argparse.ArgumentTypeError(f"must be from 1 to {top:,}, not {shown}")
        return value

    return count


def _cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from famiglia.ai.match import run_match
    from famiglia.ai.stats import report

    specs: tuple[str, str] = args.players
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(f"{specs[0]} v {specs[1]}", total=args.games)
            records = run_match(specs, args.games, args.seed, jobs=args.jobs,
                                progress=lambda n: progress.advance(task, n))
    else:
        records = run_match(specs, args.games, args.seed, jobs=args.jobs)
    result = report(specs, args.games, args.seed, records)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print_match(result)
    return EXIT_OK


def _print_match(result: dict[str, Any]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{result['games']} games, seed {result['seed']}, seats swapped every game",
                  box=box.SIMPLE_HEAD, title_justify="left", caption_justify="left")
    for column in ("player", "won", "drawn", "lost", "win %", "95% CI", "score", "turns", "ms", "p95 ms"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for s in result["summary"]:
        table.add_row(s["player"], str(s["wins"]), str(s["draws"]), str(s["losses"]), f"{s['win_rate']:.1%}",
                      f"{s['win_rate_low']:.1%}–{s['win_rate_high']:.1%}", f"{s['mean_score']:.1f}",
                      f"{s['mean_turns']:.1f}", f"{s['median_decision_seconds'] * 1000:.2f}",
                      f"{s['p95_decision_seconds'] * 1000:.2f}")
    table.caption = ("95% CI: Wilson interval of the win rate; score: mean final score; turns: mean game length in "
                     "turns; ms: median milliseconds per decision, p95 ms: the 95th percentile")
    Console(width=None if sys.stdout.isatty() else 100).print(table)


def _complain(message: str, *, prefix: bool = True) -> None:
    """Write one line to stderr."""
    print(f"{PROG}: {message}" if prefix else message, file=sys.stderr)


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
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # blame the command they were given to, so the hint points at the right --help
            args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:  # --help, --version and usage errors end here
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or EXIT_OK
        return EXIT_USAGE
    try:
        code: int = args.handler(args)
        return code
    except KeyboardInterrupt:
        _complain("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `famiglia rules | head`): stop quietly.
        _silence_stdout()
        return EXIT_FAILURE
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] == "famiglia":
            raise  # a broken install of famiglia itself is a bug worth a traceback
        _complain(f"a required package is missing: {exc.name} (reinstall famiglia to get its dependencies)")
        return EXIT_FAILURE
    except OSError as exc:
        _complain(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else ""))
        return EXIT_FAILURE
