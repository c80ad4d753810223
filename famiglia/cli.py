"""The ``famiglia`` command: subcommands, and one line plus an exit code for every known error.

``famiglia rules`` prints the rules shipped inside the package; ``famiglia play`` starts the
terminal game. Everything heavy (rich, prompt_toolkit, the engine, the screen) is imported inside
the function that needs it, so that ``famiglia --help`` answers at once.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from famiglia import __version__
from famiglia.paging import paged

if TYPE_CHECKING:
    from famiglia.tui.model.home.settings import Settings

PROG = "famiglia"

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for Ctrl-C

RULES_RESOURCE = ("data", "rules.md")


_LINE_LENGTH = 240  # a usage error longer than this is shortened in its middle


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line on stderr, exit status 2, for every subcommand.

    The form is always ``famiglia: error: WHAT (see 'famiglia COMMAND --help')``; subcommand parsers are
    made of this class too, so a subcommand added later gets the same form without doing anything.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, usage_line(self.prog, message))


class UsageError(Exception):
    """A command's own check of its options failed (say, two that do not go together): one line, exit status 2.

    `main` writes it in the form of every other usage error, with the command's ``--help`` as the hint.
    """


def usage_line(command: str, message: str) -> str:
    """The one line of every usage error: ``famiglia: error: WHAT (see 'famiglia COMMAND --help')``."""
    return f"{PROG}: error: {_one_line(message)} (see '{command} --help')\n"


def _one_line(message: str) -> str:
    """`message` on one line: control characters written as escapes, a very long one shortened in the middle."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    if len(text) > _LINE_LENGTH:
        half = _LINE_LENGTH // 2
        text = f"{text[:half]}…{text[-half:]}"
    return text


def _player_name(text: str) -> str:
    """Argument type for ``--names``: the names screen's rules (`famiglia.tui.model.names`), with its words."""
    from famiglia.tui.model.names import NameRefused, tidy_name

    try:
        return tidy_name(text)
    except NameRefused as refusal:
        raise argparse.ArgumentTypeError(f"{refusal}: {text!r}") from None


class _NamesAction(argparse.Action):
    """``--names A B``: two names that read differently, or the same usage error as any other."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[str] | None, option_string: str | None = None) -> None:
        from famiglia.tui.model.names import NameRefused, check_pair

        match values:
            case [str() as only]:  # one person against the computer (--vs); _cmd_play checks it goes with --vs
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
    """Argument type for ``--vs``: the computer's seat (`famiglia.tui.model.seats`), or the usage error why not."""
    from famiglia.tui.model.home.settings import BARE_COMPUTER
    from famiglia.tui.model.seats import SeatRefused, parse_opponent

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
        description="Play a game of Famiglia for two players taking turns at this terminal, or against the "
                    "computer with --vs cpu.",
    )
    play.add_argument(
        "--names",
        nargs="+",
        metavar=("NAME", "NAME"),
        type=_player_name,
        action=_NamesAction,
        help="the two players' names, player 1 first; against the computer (--vs) one name, yours",
    )
    play.add_argument(
        "--vs",
        type=_opponent,
        metavar="cpu[:LEVEL]",
        help="play against the computer: cpu, or cpu:easy, cpu:normal, cpu:hard (cpu is cpu:normal); "
             "you are player 1, so --first 2 lets the computer start",
    )
    play.add_argument("--seed", type=_seed, metavar="N", help="seed for the shuffle: the same seed deals the same game")
    play.add_argument(
        "--first",
        type=int,
        choices=(1, 2),
        help="which player starts, 1 or 2 (default: drawn at random)",
    )
    play.add_argument(
        "--memory-aid",
        action=argparse.BooleanOptionalAction,
        help="show the opponent's hand as far as it is known from the public actions (R12.3); "
             "--no-memory-aid hides it though the settings show it",
    )
    play.add_argument(
        "--no-confirm",
        dest="confirm",
        action="store_false",
        default=None,
        help="end a turn at once on a take or pass, without asking to confirm it (c in the help toggles it)",
    )
    play.add_argument("--confirm", dest="confirm", action="store_true", default=None,
                      help="ask to confirm the end of each turn, though the settings say not to")
    play.add_argument("--load", metavar="FILE", help="play on the game of a record file (see 'famiglia games')")
    play.set_defaults(handler=_cmd_play, command_parser=play)
    _add_record_commands(commands)

    rules = commands.add_parser(
        "rules",
        help="print the rules of the game",
        description="Print the rules of Famiglia (formatted on a terminal, plain Markdown otherwise).",
    )
    rules.set_defaults(handler=_cmd_rules, command_parser=rules)
    _add_simulate_command(commands)
    _add_settings_commands(commands)
    _add_analyse_command(commands)
    return parser


def _add_record_commands(commands: Any) -> None:
    """The saved-games commands (docs/records.md); they live in `famiglia.commands.records`."""
    games = commands.add_parser("games", help="list the saved games, newest first",
                                description="List the saved games, newest first: id, players, turns and state.")
    games.add_argument("--delete", metavar="ID", help="remove saved game ID (on a terminal it asks first)")
    games.add_argument("--yes", action="store_true", help="with --delete: remove it without asking")
    games.set_defaults(handler=_cmd_records, command_parser=games)
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
    resume.set_defaults(handler=_cmd_records, command_parser=resume)
    for name, verb in (("replay", "step through a saved game with both hands open"),
                       ("log", "print a saved game, one line per turn")):
        command = commands.add_parser(name, help=verb, description=f"{verb[0].upper()}{verb[1:]} (by default the "
                                      "game saved last).")
        command.add_argument("target", nargs="?", metavar="ID|FILE", help="the game's id, or a record file")
        if name == "replay":
            command.add_argument("--level", choices=ANALYSE_LEVELS, default="normal",
                                 help="the search level of an analysis the replay's a makes, where none is saved "
                                      "(as for 'famiglia analyse'; default: %(default)s)")
        command.set_defaults(handler=_cmd_records, command_parser=command)


def _cmd_records(args: argparse.Namespace) -> int:
    from famiglia.commands import records

    if args.command == "games":
        if args.delete is not None:
            return _delete_game(args.delete, yes=args.yes)
        if args.yes:
            raise UsageError("--yes goes with --delete ID")
        return records.games()
    if args.command == "resume":
        return records.resume(args.id, settings=_remembered(), memory_aid=args.memory_aid, confirm=args.confirm)
    if args.command == "replay":
        return records.replay(args.target, level=args.level)
    return records.log(args.target)


def _delete_game(text: str, *, yes: bool) -> int:
    """`famiglia games --delete ID`: remove one saved game, asking first on a terminal (docs/records.md)."""
    from famiglia.persistence import GameNotFound, Store, StoreError, parse_id, printable

    store = Store()
    try:
        id = parse_id(text)
        try:
            _, record = store.find(id)
            what = (f"game {id} ({printable(record.players[0], 40)} and {printable(record.players[1], 40)}, "
                    f"started {record.started.replace('T', ' ')[:16]} UTC)")
        except GameNotFound:
            raise
        except StoreError:
            store.entries()  # a folder famiglia does not use says so here; a file it cannot read can still go
            what = f"game {id} (a file famiglia cannot read)"
        if store.is_locked(id):
            raise StoreError(f"game {id} is being played in another famiglia right now; it is kept")
        if not yes:
            if not sys.stdin.isatty():
                raise UsageError(f"--delete asks before it removes a game: add --yes to remove game {id} without "
                                 "asking")
            try:
                answer = input(f"Remove {what}? This cannot be undone. [y/N] ")
            except EOFError:
                answer = ""
            if answer.strip().lower() not in ("y", "yes"):
                print(f"Game {id} is kept.")
                return EXIT_OK
        store.delete(id)
    except StoreError as error:
        _complain(str(error))
        return EXIT_USAGE
    print(f"Removed {what}.")
    return EXIT_OK


def rules_text() -> str:
    """The rules as shipped inside the package (Markdown), read so that it also works from a wheel."""
    from importlib import resources

    return resources.files("famiglia").joinpath(*RULES_RESOURCE).read_text(encoding="utf-8")


def _cmd_rules(args: argparse.Namespace) -> int:
    """The rules, paged and formatted on a terminal (146 lines do not fit one screen), plain Markdown when piped."""
    text = rules_text()
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        console = Console()
        with paged(console):
            console.print(Markdown(text))
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return EXIT_OK


def _cmd_play(args: argparse.Namespace) -> int:
    first: int | None = None if args.first is None else args.first - 1  # the screen counts players 0 and 1
    if args.load is not None and args.vs is not None:
        raise UsageError("--load plays a saved game on against the opponent it was played with: leave out --vs")
    if args.load is not None and (args.names is not None or args.seed is not None or first is not None):
        raise UsageError("--load plays a saved game on: its names, seed and start player are the record's")
    try:
        from famiglia.tui import run_play
        from famiglia.tui.model.home.settings import for_play
    except ImportError as exc:
        if exc.name != "famiglia.tui":
            raise
        _complain("famiglia play is not available in this build", prefix=False)
        return EXIT_FAILURE
    remembered = _remembered()
    choice = for_play(remembered, names=args.names, vs=args.vs, memory_aid=args.memory_aid, confirm=args.confirm)
    if choice.note is not None:
        _complain(choice.note)
    if not choice.colour:
        os.environ["NO_COLOR"] = "1"  # the screen's one switch for colour (no-color.org)
    if args.load is not None:
        from famiglia.commands.records import play_file
        from famiglia.persistence import Store, StoreError

        try:  # a file that is, or leads to, a game of ours plays that game on, in its own file
            own = Store().own_path(Path(args.load))
        except StoreError as error:
            _complain(str(error))
            return EXIT_USAGE
        return play_file(args.load if own is None else str(own), settings=remembered, memory_aid=args.memory_aid,
                         confirm=args.confirm)
    names, options = _seating(choice.names, choice.vs)
    _tidy_saved_games()
    code: int = run_play(names=names, seed=args.seed, first=first, memory_aid=choice.memory_aid,
                         confirm=choice.confirm, **options)
    return code


def _tidy_saved_games() -> None:
    """On starting a new game: remove the leftovers of killed famiglias and the games never played a turn."""
    import contextlib

    from famiglia.persistence import Store, StoreError

    with contextlib.suppress(StoreError, OSError):  # the game itself says so if it cannot be saved
        Store().tidy()


def _remembered() -> Settings:
    """The settings of the settings file; what is wrong with it is said in one line, and the defaults used."""
    from famiglia.tui.model.home import settings as settings_file

    loaded = settings_file.load()
    if loaded.problem is not None:
        _complain(loaded.problem)
    return loaded.settings


def _add_settings_commands(commands: Any) -> None:
    """`famiglia settings` and `famiglia stats` (docs/settings.md, docs/statistics.md)."""
    keys = ("names", "level", "memory_aid", "confirm", "colour")  # settings.KEYS, which --help does not load
    settings = commands.add_parser(
        "settings", help="show the remembered settings, or change one",
        description="Show where the settings file is and what it holds; 'set KEY VALUE' changes a setting, "
                    "'unset KEY' goes back to its default. The options of 'famiglia play' win over the settings "
                    "for one game.")
    settings.set_defaults(handler=_cmd_settings, command_parser=settings, action=None)
    actions = settings.add_subparsers(dest="action", metavar="ACTION")
    change = actions.add_parser("set", help="change one setting, e.g. 'set level hard' or 'set names Anna Ben'",
                                description="Change one setting in the settings file, keeping its comments.")
    change.add_argument("key", metavar="KEY", help=", ".join(keys))
    change.add_argument("value", nargs="+", metavar="VALUE",
                        help="names: one or two names; level: easy, normal or hard; the others: true or false")
    change.set_defaults(command_parser=change)
    forget = actions.add_parser("unset", help="forget one setting: its default applies again",
                                description="Remove one setting from the settings file, so its default applies.")
    forget.add_argument("key", metavar="KEY", help=", ".join(keys))
    forget.set_defaults(command_parser=forget)

    stats = commands.add_parser(
        "stats", help="your statistics against each opponent, and your rating",
        description="Games, wins, draws, losses, win rate, best score and the current streak against each "
                    "opponent, and a rating that moves with every game finished against the computer; all "
                    "worked out from the saved games.")
    stats.add_argument("--name", type=_player_name, metavar="NAME",
                       help="whose games for two to count (default: the first name of the settings)")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON on stdout")
    stats.set_defaults(handler=_cmd_stats, command_parser=stats)

    learn = commands.add_parser(
        "learn", help="learn to play: a guided first game against the easy computer",
        description="A guided first game against the easy computer, on a deal where each part of the game comes "
                    "up early, explained the first time it is possible. It is saved as it is "
                    "played: 'famiglia learn' again plays the unfinished guided game on.")
    learn.add_argument("id", nargs="?", metavar="ID", help="the guided game to play on (by default the one saved last)")
    learn.add_argument("--new", action="store_true", help="start a new guided game, though one is unfinished")
    learn.set_defaults(handler=_cmd_learn, command_parser=learn)


def _cmd_home(args: argparse.Namespace) -> int:
    """`famiglia` alone on a terminal: the home screen (docs/playing.md)."""
    from famiglia.commands.home import run_home

    return run_home()


def _cmd_learn(args: argparse.Namespace) -> int:
    from famiglia.commands.home import learn

    return learn(args.id, new=args.new)


def _cmd_settings(args: argparse.Namespace) -> int:
    from famiglia.tui.model.home import settings as settings_file

    if args.action is None:
        loaded = settings_file.load()
        if loaded.problem is not None:
            _complain(loaded.problem)
        print("\n".join(settings_file.describe(loaded)))
        return EXIT_OK
    key = args.key.strip().lower()
    try:
        value = None if args.action == "unset" else settings_file.parse_words(key, args.value)
        if key not in settings_file.KEYS:
            settings_file.parse_words(key, [])  # the unknown setting's refusal
        path = settings_file.write_value(key, value)
    except settings_file.SettingRefused as refusal:
        raise UsageError(str(refusal)) from None
    print(f"{key} {'forgotten' if value is None else 'set'} in {path}")
    return EXIT_OK


def _cmd_stats(args: argparse.Namespace) -> int:
    import json

    from famiglia.persistence import Store, StoreError
    from famiglia.tui.model.home.statistics import report_lines, statistics

    you = args.name if args.name is not None else _remembered().you
    try:
        entries = Store().entries()
    except StoreError as error:
        _complain(str(error))
        return EXIT_FAILURE
    stats = statistics(entries, you=you)
    if args.json:
        print(json.dumps(stats.to_dict(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report_lines(stats)))
    return EXIT_OK


def _seating(given: tuple[str, ...] | None, vs: str | None) -> tuple[tuple[str, str] | None, dict[str, Any]]:
    """The players' names and the screen's seating options from ``--names`` and ``--vs``.

    Against the computer the person is player 1 and names only themselves; the computer's name is its
    level's ("Computer (normal)"). A hot-seat game takes two names.
    """
    if vs is None:
        apart = [name.strip() for name in given[0].split(",")] if given is not None and len(given) == 1 else []
        if len(apart) == 2 and all(apart):  # `--names Anna,Ben`: one name with a comma in it
            raise UsageError(f"argument --names: the two names go apart, with a space: --names {shlex.join(apart)}")
        if given is not None and len(given) != 2:
            raise UsageError("argument --names: give two names, player 1 first (or one, yours, with --vs cpu)")
        return (given[0], given[1]) if given is not None else None, {}
    from famiglia.tui.model.names import NameRefused, check_pair
    from famiglia.tui.model.seats import HUMAN, seat_name

    seats = (HUMAN, vs)
    if given is None:
        return None, {"seats": seats}
    if len(given) != 1:
        raise UsageError("argument --names: against the computer give one name, yours")
    computer = seat_name(vs)
    try:
        check_pair(given[0], computer)
    except NameRefused as refusal:
        raise UsageError(f"argument --names: {refusal}") from None
    return (given[0], computer), {"seats": seats}


SIMULATE_MAX_GAMES = 1_000_000
SIMULATE_MAX_JOBS = 64


def _add_simulate_command(commands: Any) -> None:
    """`famiglia simulate`: computer players against each other (docs/ai.md)."""
    simulate = commands.add_parser(
        "simulate",
        help="play computer players against each other and print their statistics",
        description="Play two computer players against each other, seats swapped every game, and print wins, "
                    "draws, losses, win rate with a 95% Wilson interval, mean score, mean game length in turns "
                    "and time per decision. The results depend only on --players, --games and --seed.",
    )
    simulate.add_argument("--players", type=_simulate_players, required=True, metavar="A,B",
                          help="two of random, greedy, easy, normal, hard, like normal,greedy (or the "
                               "reference levels easy-1, normal-1, hard-1)")
    simulate.add_argument("--games", type=_simulate_count(SIMULATE_MAX_GAMES), default=100, metavar="N",
                          help="how many games to play (default 100)")
    simulate.add_argument("--seed", type=_seed, default=1, metavar="N", help="seed of the match (default 1)")
    simulate.add_argument("--jobs", type=_simulate_count(SIMULATE_MAX_JOBS), default=1, metavar="N",
                          help="processes to spread the games over (default 1); the results do not change")
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON on stdout")
    simulate.set_defaults(handler=_cmd_simulate, command_parser=simulate)


def _simulate_players(text: str) -> tuple[str, str]:
    """Argument type for ``--players``: two known player names separated by a comma."""
    from famiglia.ai import REFERENCE_SPECS, SPECS

    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError("give two players separated by a comma, like normal,greedy")
    for name in names:
        if name not in SPECS and name not in REFERENCE_SPECS:
            shown = name if len(name) <= 24 else f"{name[:20]}…"
            raise argparse.ArgumentTypeError(f"unknown player {shown!r}: choose from {', '.join(SPECS)} "
                                             f"(or a reference level: {', '.join(REFERENCE_SPECS)})")
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

    from famiglia.ai.match import MatchInterrupted, run_match
    from famiglia.ai.stats import report

    specs: tuple[str, str] = args.players
    code = EXIT_OK
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            with Progress(console=Console(stderr=True), transient=True) as progress:
                task = progress.add_task(f"{specs[0]} v {specs[1]}", total=args.games)
                records = run_match(specs, args.games, args.seed, jobs=args.jobs,
                                    progress=lambda n: progress.advance(task, n))
        else:
            records = run_match(specs, args.games, args.seed, jobs=args.jobs)
    except MatchInterrupted as stop:  # Ctrl-C: the workers are stopped; the games so far are still worth a table
        records, code = stop.records, EXIT_INTERRUPTED
        _complain(f"interrupted after {len(records):,} of {args.games:,} games; the figures are of those")
        if not records:
            return code
    result = report(specs, len(records), args.seed, records)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print_match(result)
    return code


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


ANALYSE_LEVELS = ("easy", "normal", "hard")  # famiglia.ai.turnsearch.LEVELS, named here so --help imports nothing


def _add_analyse_command(commands: Any) -> None:
    """`famiglia analyse`: a saved game rated decision by decision (docs/ai.md); it lives in famiglia.analysis_cli."""
    analyse = commands.add_parser(
        "analyse",
        help="rate every decision of a saved game, and tell skill from luck",
        description="Rate every decision of a saved game (by default the game saved last) by the computer's "
                    "estimate of each player's chance to win: the chance before, the best alternative, the loss, "
                    "the luck of the cards drawn, totals per player and a graph. The analysis is saved beside the "
                    "game, so a second run is instant; its results do not depend on --jobs.",
    )
    analyse.add_argument("target", nargs="?", metavar="ID|FILE", help="the game's id, or a record file")
    analyse.add_argument("--level", choices=ANALYSE_LEVELS, default="normal",
                         help="how deep the computer looks at each decision: easy (some 2 s for a 50-turn game), "
                              "normal (the default, some 20 s) or hard (some 2.5 minutes)")
    analyse.add_argument("--jobs", type=_simulate_count(SIMULATE_MAX_JOBS), default=1, metavar="N",
                         help="processes to spread the decisions over (default 1); the results do not change")
    analyse.add_argument("--json", action="store_true", help="print every figure as JSON on stdout")
    analyse.set_defaults(handler=_cmd_analyse, command_parser=analyse)


def _cmd_analyse(args: argparse.Namespace) -> int:
    from famiglia.analysis_cli import analyse_command

    return analyse_command(args.target, level=args.level, jobs=args.jobs, as_json=args.json)


def _complain(message: str, *, prefix: bool = True) -> None:
    """Write one line to stderr, however long or odd what it quotes (a file name of 5,000 digits, say)."""
    message = _one_line(message)
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
    try:
        code: int = args.handler(args)
        return code
    except UsageError as refusal:
        sys.stderr.write(usage_line(args.command_parser.prog, str(refusal)))
        return EXIT_USAGE
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
