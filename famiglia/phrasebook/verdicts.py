"""An analysed game's report in words: its title, the table's headings, the luck of the draws, the turns passing to
the other seat, the totals, the graph's labels, and the verdict of a turn as the replay shows it.

The analysis (`famiglia.ai.analysis`) holds the numbers; the text form (`famiglia.tui.view.analysis`) lays them out
in columns and rows; these say them. A chance is given in percent, a loss and a luck in points of chance; actions
are given in notation, as the analysis stores them.
"""

from __future__ import annotations

from typing import Final

from .catalogue import N_, _, ngettext
from .counts import decimal, turn_count

__all__ = ["best_instead", "chance_over_the_game", "columns", "decision_head", "graph_marks", "instead",
           "key_moments", "legend", "lost", "luck_line", "luck_title", "mark", "no_decision", "no_draws", "no_turns",
           "on_screen", "only_action", "other_level", "title", "totals", "totals_title", "turn_axis", "turn_heading",
           "turn_line", "turns", "turns_title"]

_MARKS: Final = {"inaccurate": N_("inaccurate"), "mistake": N_("mistake"), "blunder": N_("blunder")}
_DRAWS: Final = {"refresh": N_("refresh drew"), "deal": N_("new Street"), "reshuffle": N_("reshuffle, drew")}
_TITLES: Final = {
    True: N_("Analysis of game {game}: {first} and {second} (finished, {turns}), level {level} ({worlds} sampled "
             "worlds a decision; chances {against})"),
    False: N_("Analysis of game {game}: {first} and {second} (unfinished, {turns}), level {level} ({worlds} "
              "sampled worlds a decision; chances {against})"),
}


def mark(word: str) -> str:
    """A decision's mark ("inaccurate", "mistake", "blunder", as the analysis stores it) in words."""
    return _(_MARKS[word])


def title(game: str, first: str, second: str, *, finished: bool, turns: int, level: str, worlds: int,
          against: str) -> str:
    """The report's first line: the game, its players, how far it went, and how deep it was analysed."""
    return _(_TITLES[finished]).format(game=game, first=first, second=second, turns=turn_count(turns), level=level,
                                      worlds=worlds, against=against)


def legend(thresholds: list[tuple[str, float]], *, exact: bool = False) -> str:
    """What the numbers mean, with the loss from which each mark is given (in points of chance); `exact`: the
    analysis's search tells the exact solver's value where it reaches, and the legend says where that is."""
    marks = ", ".join(_("{mark} ≥ {points:.0f}").format(mark=mark(word), points=threshold * 100)
                      for word, threshold in thresholds)
    said = _("Chances are each player's chance to win, in %, if both play on as the computer would; a loss is "
             "the points of chance given away ({marks}).").format(marks=marks)
    if exact:
        said += " " + _("From the first exhaustion on, where the exact solver reaches, a chance and a loss are "
                        "exact: best play by both, a draw counting half (R9, R11.2). Just outside its reach, "
                        "they are best play with each later take made only in the ways that keep the better hands: "
                        "near, not proven.")
    return said


def other_level(against: str, level: str) -> str:
    """Where the game was against a computer of another level than the analysis's: the hints the player saw told
    the chances `against` that computer (`chances.against`), and how to have the game rated the same way."""
    return _("The hints in this game told the chances {against}; --level {level} analyses it so.").format(
        against=against, level=level)


def key_moments() -> str:
    return _("Key moments (the moves that changed the chances most):")


def columns() -> tuple[str, str, str, str, str, str, str]:
    """The headings of the table of decisions: turn, player, played, chance, loss, (mark), best instead."""
    return (_("turn"), _("player"), _("played"), _("chance"), _("loss"), "", _("best instead"))



def only_action() -> str:
    """A forced decision: there was nothing to choose."""
    return _("(the only action allowed)")


def instead(best: str) -> str:
    """The best instead on a line of its own, under the played action, where the row would not fit."""
    return _("instead: {best}").format(best=best)


def luck_title() -> str:
    return _("Luck of the draws (points of chance the cards gave the player whose turn it was):")


def no_draws() -> str:
    return _("no cards were drawn")


def no_turns() -> str:
    return _("no turn has passed to the other player")


def luck_line(name: str, kind: str, cards: str, expected: str, after: str, swing: str) -> str:
    """One draw's luck: who drew, what (a refresh, a new Street, a reshuffle), the chance expected and after."""
    return _("{name}: {what} {cards}: {expected} -> {after} ({swing})").format(
        name=name, what=_(_DRAWS[kind]), cards=cards, expected=expected, after=after, swing=swing)


def turns_title() -> str:
    return _("The other player's move (the chance of the player whose turn ended, as their own move left it, then "
             "as the other player's search tells it when their turn begins, seeing every way to play it):")


def turn_line(name: str, other: str, before: str, after: str, swing: str) -> str:
    """One turn passing: whose turn began (`name`), and the chance of the player whose turn ended (`other`) as its
    own move left it and as the new turn's search tells it."""
    return _("{name}'s turn: {other} {before} -> {after} ({swing})").format(
        name=name, other=other, before=before, after=after, swing=swing)


def totals_title() -> str:
    return _("Totals:")


def totals(name: str, *, rated: int, forced: int, lost_points: int, rate: float, inaccurate: int, mistakes: int,
           blunders: int, luck: str, refreshes: str, deals: str, reshuffles: str, others: str) -> str:
    """One player's totals: the decisions rated and forced, the points lost, the marks, the luck by kind, and what
    the other seat's turns did to its chance as they began (`turn_line`)."""
    return _("{name}: {rated} ({forced} forced), {lost} lost in all, {rate} a decision; {inaccurate} "
             "inaccurate, {mistakes}, {blunders}; luck {luck} (refreshes {refreshes}, new Streets {deals}, "
             "reshuffles {reshuffles}); the other player's moves {others}").format(
        name=name, rated=ngettext("{n} rated decision", "{n} rated decisions", rated).format(n=rated), others=others,
        forced=forced, lost=ngettext("{n} point", "{n} points", lost_points).format(n=lost_points),
        rate=decimal(rate),
        inaccurate=inaccurate, mistakes=ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes),
        blunders=ngettext("{n} blunder", "{n} blunders", blunders).format(n=blunders), luck=luck,
        refreshes=refreshes, deals=deals, reshuffles=reshuffles)


def chance_over_the_game(first: str, second: str, *, each: bool = False) -> str:
    """The graph's title: the curve is the first player's chance, the rest the second's; or, where each has a chance
    of their own (`each`: two people rated against a computer that does not play the hints' search), both curves."""
    if each:
        return _("Each player's chance to win over the game: {first} •, {second} ◦, both ●").format(
            first=first, second=second)
    return _("{first}'s chance to win over the game (the rest is {second}'s)").format(first=first, second=second)


def turn_axis(turn: int, *, cells: int = 0) -> str:
    """A turn by its number, the number right-aligned in `cells` where a column of them starts its lines."""
    return _("turn {turn}").format(turn=str(turn).rjust(cells))


def turns() -> str:
    """The graph's axis where it is too narrow to number its ends."""
    return _("turns")


def graph_marks() -> str:
    """The graph's legend of the marks' symbols."""
    return _("~ {inaccurate}  ? {mistake}  ! {blunder}").format(
        inaccurate=mark("inaccurate"), mistake=mark("mistake"), blunder=mark("blunder"))


def on_screen(*, before: bool = False) -> str:
    """The pointer under the graph at the position on screen, ▲ after the words where they would run off."""
    return _("on screen ▲") if before else _("▲ on screen")


def turn_heading(turn: int) -> str:
    """The replay's heading over the verdict of the turn on show."""
    return _("Turn {turn}: chance to win before, what was played (its chance), best instead").format(
        turn=turn)


def no_decision() -> str:
    return _("No decision of this turn is in the analysis.")


def decision_head(chance: str) -> str:
    """A decision in the replay's verdict, before its action: the chance to win before it."""
    return _(" {chance}: played ").format(chance=chance)


def best_instead(*, best_played: bool) -> str:
    """What the alternative shown is: the best (where the played was not), or the next best."""
    return _(" · next best ") if best_played else _(" · best ")


def lost(points: int) -> str:
    return _(" · lost {points}").format(points=points)
