"""The replay's screen: the position on show drawn by the game's own table, worded for a spectator.

The table is drawn from the view of the player to move with the memory aid, which shows the other
hand too, so nothing is drawn twice; it is worded for a spectator (no player is "you", the other hand
is not "tracked" but open).
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.text import Text

from ..model.replay import Replay, replay_key_line
from .parts import short_name
from .screens import MIN_SIZE, render_end, render_too_small
from .table import render_table
from .theme import cards_in

__all__ = ["KEYS_LINE", "caption", "render_replay"]

KEYS_LINE: Final = replay_key_line()


def caption(replay: Replay) -> Text:
    """Where in the game this is: the position, the turn, and the action that led here."""
    names = replay.record.players
    text = Text(f"Replay of game {replay.record.id}", style="title")
    text.append(f"  position {replay.index} of {replay.last}", style="label")
    if replay.index == 0:
        text.append("  ·  the deal", style="label")
        return text
    move = replay.record.moves[replay.index - 1]
    text.append(f"  ·  turn {replay.turn_of[replay.index - 1]}: ", style="label")
    text.append(short_name(names[move.player]), style="name")
    text.append(" ")
    text.append_text(cards_in(str(move.action), style="notice"))
    if replay.index in replay.turn_starts:
        text.append(f"  ·  turn {replay.turn_starts.index(replay.index) + 1} begins", style="label")
    return text


def render_replay(replay: Replay, width: int, height: int) -> RenderableType:
    """The whole replay screen at this size: the question first for an unfinished game, then the table."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return render_too_small(width, height, need=MIN_SIZE)
    if replay.asking:
        to_move = replay.positions[-1].names[replay.positions[-1].to_move]
        return Text.assemble(
            (f"Game {replay.record.id} is not finished ({to_move} is to move).\n\n", "title"),
            "The replay shows both players' hands. Show it? ",
            ("y", "key"), " yes  ", ("n", "key"), " no")
    game = replay.positions[replay.index]
    footer = Text(replay.message or (f"turn {replay.typed}_" if replay.typed else KEYS_LINE),
                  style="error" if replay.message else "label")
    room = height - 2
    if game.is_over:
        body: RenderableType = render_end(game.view(0), width=width)
    else:
        body = render_table(game.view(game.to_move, memory=True), width=width, height=room, memory_aid=True,
                            spectator=True)
    return Group(caption(replay), body, footer)


