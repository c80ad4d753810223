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
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from famiglia import __version__
from famiglia.commands import arguments, train_options
from famiglia.commands.about import ABOUT
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
from famiglia.languages import LANGUAGES
from famiglia.leaving import leaving
from famiglia.levels import DEFAULT_LEVEL, LEVELS, PLAYERS, REFERENCE_LEVELS
from famiglia.phrasebook.catalogue import N_, _, catalogue_or_english, speaking

SIMULATE_MAX_GAMES = 1_000_000
SIMULATE_MAX_JOBS = 64
Handler = Callable[[argparse.Namespace], int]  # a command's body: the parsed options in, the exit status out
# settings.KEYS, named here so that --help imports nothing of the profile
SETTING_KEYS = ("names", "level", "memory_aid (or memory-aid)", "confirm", "colour", "language", "plain")


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line on stderr, exit status 2, for every subcommand.

    The form is always ``famiglia: error: WHAT (see 'famiglia COMMAND --help')``; subcommand parsers are
    made of this class too, so a subcommand added later gets the same form without doing anything.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, usage_line(self.prog, message))


def _either(names: Sequence[str]) -> str:
    """`easy, normal or hard`: the names as a choice in words."""
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


# -- the commands and their options ----------------------------------------------------------------------



def build_parser() -> argparse.ArgumentParser:
    """The parser for the whole command line, subcommands included."""
    parser = _Parser(prog=PROG, epilog=_("Run 'famiglia COMMAND --help' for the options of one command."),
                     description=_("Famiglia, the two-player card game by Friedemann Friese, in the terminal: "
                                   "against the computer, two at one keyboard, or with a friend over SSH."))
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", choices=LANGUAGES, metavar="LANG",
                        help=_("the language of this run: {languages} (by default the 'language' setting, else the "
                               "terminal's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)").format(
                                   languages=_either(LANGUAGES)))
    parser.add_argument("--plain", dest="plain_all", action=argparse.BooleanOptionalAction,
                        help=_("play in lines of text for a screen reader or a pipe, with no full screen; "
                               "alone, a new game with your settings"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")  # none: the home screen (main)
    _add_play_command(commands)
    _add_record_commands(commands)
    _add_rules_command(commands)
    _add_simulate_command(commands)
    _add_settings_command(commands)
    _add_stats_command(commands)
    _add_learn_command(commands)
    train_options.add_options(_command(commands, "train", train_options.run))  # docs/train.md
    _add_analyse_command(commands)
    _add_serve_command(commands)
    return parser


def _command(commands: Any, name: str, handler: Handler) -> argparse.ArgumentParser:
    """The parser of one subcommand, said as `_ABOUT` says, which runs `handler` and is the one its usage errors
    point at."""
    short, long = ABOUT[name]
    parser: argparse.ArgumentParser = commands.add_parser(name, help=_(short), description=_(long))
    parser.set_defaults(handler=handler, command_parser=parser)
    return parser


# The options more than one command takes, each said once.


def _add_target(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", nargs="?", metavar="ID|FILE", help=_("the game's id, or a record file"))


def _add_level(parser: argparse.ArgumentParser, help: str) -> None:
    """`--level`: by default (None) the game's own, the computer's in a game against it (`profile.seats.game_level`)."""
    parser.add_argument("--level", choices=LEVELS, default=None, help=help)


def _add_memory_aid(parser: argparse.ArgumentParser, otherwise: str) -> None:
    parser.add_argument("--memory-aid", action=argparse.BooleanOptionalAction,
                        help=_("show the opponent's hand as far as it is known from the public actions (R12.3); "
                               "{otherwise}").format(otherwise=otherwise))


def _add_plain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--plain", action="store_true", default=None,
                        help=_("lines of text for a screen reader or a pipe, no full screen"))


def _add_jobs(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--jobs", type=arguments.bounded(1, SIMULATE_MAX_JOBS), default=1, metavar="N",
                        help=_("processes to spread {what} over (default 1); the results do not change").format(
                            what=what))


def _add_json(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", action="store_true", help=_("print {what} as JSON on stdout").format(what=what))


def _add_count(parser: argparse.ArgumentParser, flag: str, default: int, help: str) -> None:
    """An option counting connections: a whole number from 1 to 100,000."""
    parser.add_argument(flag, type=arguments.bounded(1, 100_000), default=default, metavar="N", help=help)


def _add_seconds(parser: argparse.ArgumentParser, flag: str, default: float, help: str) -> None:
    """An option of a time in seconds: more than none, at most a week."""
    parser.add_argument(flag, type=arguments.bounded(0.001, 86_400 * 7, whole=False), default=default,
                        metavar="SECONDS", help=help)


def _add_play_command(commands: Any) -> None:
    """`famiglia play`: a new game, or a record file played on (docs/playing.md)."""
    play = _command(commands, "play", _cmd_play)
    play.add_argument("--names", nargs="+", metavar=("NAME", "NAME"), type=arguments.player_name,
                      action=arguments.NamesAction,
                      help=_("the two players' names, player 1 first; against the computer (--vs) one name, yours"))
    play.add_argument("--vs", type=arguments.opponent, metavar="cpu[:LEVEL]",
                      help=_("play against the computer: cpu, or {levels} (cpu is cpu:{default}); you are player 1, "
                             "so --first 2 lets the computer start").format(
                                 levels=", ".join(f"cpu:{level}" for level in LEVELS), default=DEFAULT_LEVEL))
    play.add_argument("--seed", type=arguments.seed, metavar="N",
                      help=_("seed for the shuffle: the same seed deals the same game"))
    play.add_argument("--first", type=int, choices=(1, 2),
                      help=_("which player starts, 1 or 2 (default: drawn at random)"))
    _add_memory_aid(play, _("--no-memory-aid hides it though the settings show it"))
    play.add_argument("--no-confirm", dest="confirm", action="store_false", default=None,
                      help=_("end a turn at once on a take or pass, without asking to confirm it (c in the help "
                             "toggles it)"))
    play.add_argument("--confirm", dest="confirm", action="store_true", default=None,
                      help=_("ask to confirm the end of each turn, though the settings say not to"))
    play.add_argument("--load", metavar="FILE", help=_("play on the game of a record file (see 'famiglia games')"))
    _add_plain(play)


def _add_record_commands(commands: Any) -> None:
    """The saved-games commands (docs/records.md): `games`, `resume`, `replay` and `log`."""
    games = _command(commands, "games", _cmd_games)
    games.add_argument("--delete", metavar="ID", help=_("remove saved game ID (on a terminal it asks first)"))
    games.add_argument("--yes", action="store_true", help=_("with --delete: remove it without asking"))
    resume = _command(commands, "resume", _cmd_resume)
    resume.add_argument("id", nargs="?", metavar="ID", help=_("the game's id, as 'famiglia games' lists it"))
    _add_plain(resume)
    _add_memory_aid(resume, _("by default as the game was played"))
    resume.add_argument("--confirm", action=argparse.BooleanOptionalAction,
                        help=_("ask to confirm the end of each turn (--no-confirm: end it at once); by default as "
                               "the game was played"))
    replay = _command(commands, "replay", _cmd_replay)
    _add_target(replay)
    _add_plain(replay)
    _add_level(replay, _("the search level of an analysis the replay's a makes, where none is saved (as for "
                         "'famiglia analyse'; default: the level of the game's computer, or {default} in a game of "
                         "two players)").format(default=DEFAULT_LEVEL))
    _add_target(_command(commands, "log", _cmd_log))


def _add_rules_command(commands: Any) -> None:
    """`famiglia rules`: the rules of the game."""
    _command(commands, "rules", _cmd_rules)


def _add_simulate_command(commands: Any) -> None:
    """`famiglia simulate`: computer players against each other (docs/ai.md)."""
    simulate = _command(commands, "simulate", _cmd_simulate)
    simulate.add_argument("--players", type=arguments.simulate_players, required=True, metavar="A,B",
                          help=_("two of {players}, like normal,greedy (or the reference levels {references})").format(
                              players=", ".join(PLAYERS), references=", ".join(REFERENCE_LEVELS)))
    simulate.add_argument("--games", type=arguments.bounded(1, SIMULATE_MAX_GAMES), default=100, metavar="N",
                          help=_("how many games to play (default 100)"))
    simulate.add_argument("--seed", type=arguments.seed, default=1, metavar="N",
                          help=_("seed of the match (default 1)"))
    _add_jobs(simulate, _("the games"))
    _add_json(simulate, _("the statistics"))


def _add_settings_command(commands: Any) -> None:
    """`famiglia settings`, and `set` and `unset` under it (docs/settings.md)."""
    settings = _command(commands, "settings", _cmd_settings)
    settings.set_defaults(action=None)
    actions = settings.add_subparsers(dest="action", metavar="ACTION")
    for name, help, description in (
            ("set", N_("change one setting, e.g. 'set level hard' or 'set names Anna Ben'"),
             N_("Change one setting in the settings file, keeping its comments.")),
            ("unset", N_("forget one setting: its default applies again"),
             N_("Remove one setting from the settings file, so its default applies."))):
        action = actions.add_parser(name, help=_(help), description=_(description))
        action.add_argument("key", metavar="KEY", help=", ".join(SETTING_KEYS))
        if name == "set":
            action.add_argument("value", nargs="+", metavar="VALUE",
                                help=_("names: one or two names; level: {levels}; language: {languages}; the "
                                       "others: true or false").format(levels=_either(LEVELS),
                                                                      languages=_either(("auto", *LANGUAGES))))
        action.set_defaults(command_parser=action)


def _add_stats_command(commands: Any) -> None:
    """`famiglia stats` (docs/statistics.md)."""
    stats = _command(commands, "stats", _cmd_stats)
    stats.add_argument("--name", type=arguments.player_name, metavar="NAME",
                       help=_("whose games for two to count (default: the first name of the settings)"))
    _add_json(stats, _("the statistics"))


def _add_learn_command(commands: Any) -> None:
    """`famiglia learn`: the guided first game (docs/learn.md)."""
    learn = _command(commands, "learn", _cmd_learn)
    learn.add_argument("id", nargs="?", metavar="ID",
                       help=_("the guided game to play on (by default the one saved last)"))
    learn.add_argument("--new", action="store_true", help=_("start a new guided game, though one is unfinished"))
    _add_plain(learn)


def _add_analyse_command(commands: Any) -> None:
    """`famiglia analyse`: a saved game rated decision by decision (docs/ai.md), in famiglia.commands.analysis."""
    analyse = _command(commands, "analyse", _cmd_analyse)
    _add_target(analyse)
    _add_level(analyse, _("how deep the computer looks at each decision: easy (some 2 s for a 50-turn game), "
                          "normal (some 20 s) or hard (some 2.5 minutes); by default the level of the game's "
                          "computer, or {default} in a game of two players").format(default=DEFAULT_LEVEL))
    _add_jobs(analyse, _("the decisions"))
    _add_json(analyse, _("every figure"))


def _add_serve_command(commands: Any) -> None:
    """`famiglia serve`: a game server for plain `ssh` (docs/serve.md); it lives in `famiglia.commands.serve`."""
    serve = _command(commands, "serve", _cmd_serve)
    serve.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                       help=_("the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets others "
                              "in)"))
    serve.add_argument("--port", type=arguments.bounded(0, 65535), default=2222,
                       help=_("the port (default 2222; 0 takes a free one)"))
    serve.add_argument("--seed", type=arguments.seed, metavar="N",
                       help=_("deal the tables the games of seeds N, N+1, … as they are opened"))
    serve.add_argument("--password-file", metavar="FILE", help=_("ask for the password on the file's first line"))
    serve.add_argument("--authorized-keys", metavar="FILE", help=_("let in only the SSH keys in FILE"))
    _add_count(serve, "--max-connections", 64, _("connections open at once, in all (default 64)"))
    _add_count(serve, "--max-per-address", 8, _("connections open at once from one address (default 8)"))
    _add_seconds(serve, "--login-timeout", 20.0, _("how long a connection may take to log in (default 20)"))
    _add_seconds(serve, "--idle-lobby", 900.0,
                 _("how long the lobby waits for a key before it closes the connection (default 900)"))
    _add_seconds(serve, "--code-delay", 1.0, _("the pause after the third wrong table code from one address, "
                                               "doubling with each further one up to 30 s (default 1)"))
    serve.add_argument("--waiting-expiry", type=arguments.bounded(0.001, 3650, whole=False), default=7.0,
                       metavar="DAYS", help=_("how long a table waits for its second player before it is closed "
                                              "(default 7)"))
    _add_count(serve, "--max-auth-tries", 6, _("wrong passwords one connection may give before it is closed "
                                               "(default 6)"))
    _add_count(serve, "--max-tables-per-address", 4,
               _("tables waiting for a second player that one address may have opened (default 4)"))
    _add_count(serve, "--max-tables-per-key", 4,
               _("tables waiting for a second player that one SSH key may have opened (default 4)"))


# -- each command's body, imported when it runs --------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    from famiglia.commands.play import play

    return play(names=args.names, vs=args.vs, seed=args.seed, first=args.first, memory_aid=args.memory_aid,
                confirm=args.confirm, load=args.load, colour=args.colour, plain=arguments.plain_given(args))


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
                  colour=args.colour, plain=arguments.plain_given(args))


def _cmd_replay(args: argparse.Namespace) -> int:
    from famiglia.commands.replay import replay

    return replay(args.target, level=args.level, colour=args.colour, plain=arguments.plain_given(args))


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


def _cmd_play_plain(args: argparse.Namespace) -> int:
    from famiglia.commands.play import play

    return play(colour=False, plain=True)


def _cmd_learn(args: argparse.Namespace) -> int:
    from famiglia.commands.learn import learn

    return learn(args.id, new=args.new, colour=args.colour, plain=arguments.plain_given(args))


def _cmd_analyse(args: argparse.Namespace) -> int:
    from famiglia.commands.analysis import analyse

    return analyse(args.target, level=args.level, jobs=args.jobs, as_json=args.json)


# -- running -------------------------------------------------------------------------------------------------


def _cmd_serve(args: argparse.Namespace) -> int:
    from famiglia.commands.serve import serve_with

    return serve_with(host=args.host, port=args.port, seed=args.seed, password_file=args.password_file,
                      authorized_keys=args.authorized_keys, connections=args.max_connections,
                      per_address=args.max_per_address, login_timeout=args.login_timeout,
                      idle_lobby=args.idle_lobby, code_delay=args.code_delay, auth_tries=args.max_auth_tries,
                      tables_per_address=args.max_tables_per_address, tables_per_key=args.max_tables_per_key,
                      waiting_expiry=args.waiting_expiry * 86_400)


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
    """Run the command line and return the exit status; known errors become one line on stderr.

    The whole run, its --help and usage errors included, speaks the language of `_language`: `--lang` is
    looked for before the options are parsed, so the parser itself is made in that language. Where its
    catalogue is missing or damaged, the run speaks English after one line of warning on stderr.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    catalogue, unread = catalogue_or_english(_language(_lang_option(argv)))
    if unread is not None:
        from famiglia.phrasebook.unread import warning

        complain(warning(unread))
    with speaking(catalogue):
        return _run(argv)


def _run(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # blame the command they were given to, so the hint points at the right --help
            getattr(args, "command_parser", parser).error(
                _("unrecognized arguments: {arguments}").format(arguments=" ".join(unknown)))
    except SystemExit as exc:  # --help, --version and usage errors end here
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or EXIT_OK
        return EXIT_USAGE
    if args.command is None and arguments.plain_alone(args.plain_all):  # `famiglia --plain`: a new game
        args.handler, args.command_parser, args.plain = _cmd_play_plain, parser, True
    elif args.command is None:  # `famiglia` alone (or with --lang only): the home screen
        if not (sys.stdin.isatty() and sys.stdout.isatty()):  # no screen to show it on
            parser.print_help(sys.stdout)
            return EXIT_OK
        args.handler, args.command_parser = _cmd_home, parser
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


def _lang_option(argv: Sequence[str]) -> str | None:
    """The language `--lang` names before the command (`--lang it` or `--lang=it`); None if none or not one
    the program speaks (the parser then says why, in the language of the setting or the terminal)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else word.removeprefix("--lang=")
        if word.startswith("--lang") and value in LANGUAGES:
            return value
    return None


def _language(option: str | None) -> str:
    """The language of the run: `--lang`, else the `language` setting, else the terminal's (docs/languages.md).

    A settings file that cannot be read counts as no setting here; the command that reads it says why.
    """
    from famiglia.phrasebook.choosing import chosen_language

    setting = None
    if option is None:
        from famiglia.profile.settings import load

        setting = load().settings.language
    return chosen_language(option, setting, os.environ)


def _handle(args: argparse.Namespace) -> int:
    """Run the command `args` name; a known error becomes one line on stderr and its exit status."""
    try:
        code: int = args.handler(args)
        return code
    except UsageError as refusal:
        sys.stderr.write(usage_line(args.command_parser.prog, str(refusal)))
        return EXIT_USAGE
    except KeyboardInterrupt:
        complain(_("interrupted"))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `famiglia rules | head`): stop quietly.
        _silence_stdout()
        return EXIT_FAILURE
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] == "famiglia":
            raise  # a broken install of famiglia itself is a bug worth a traceback
        complain(_("a required package is missing: {name} (reinstall famiglia to get its dependencies)").format(
            name=exc.name))
        return EXIT_FAILURE
    except OSError as exc:
        complain(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else ""))
        return EXIT_FAILURE
