"""The table as drawn: what a player sees at 80 columns and wider, read from rich's plain-text render."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text

from famiglia.engine import Family, Game, card
from famiglia.tui.model.builder import menu
from famiglia.tui.view.choices import render_menu
from famiglia.tui.view.handoff import render_handoff
from famiglia.tui.view.pieces import capitalized, shorten_quoted
from famiglia.tui.view.screens import MIN_SIZE
from famiglia.tui.view.status import STEP_SEPARATOR, step_bar
from famiglia.tui.view.table import LEVELS, SIDE, WIDE, render_table
from famiglia.tui.view.theme import FAMILY_SYMBOL, THEME, card_text
from tests.drivers.terminal import shown

Plain = Callable[..., str]
Build = Callable[..., Game]

STREET = ["F4", "B3", "M0", "A2", "F1", "B1"]


@pytest.fixture
def table_game(game: Build) -> Game:
    """Anna (to move, start player) holds F2 A1 B2 M3; Ben holds F3 A3; F0 and B4 are in the play areas."""
    return game(hand0=["F2", "A1", "B2", "M3"], hand1=["F3", "A3"], area0=["F0"], area1=["B4"], street=STREET,
                discard=["M1", "A0", "B0"], rest="stack")


def bar_text(steps: str) -> str:
    """A step bar as drawn, written here with `>` between the steps."""
    return steps.replace(" > ", STEP_SEPARATOR)


def lines_with(text: str, word: str) -> list[str]:
    return [line for line in text.splitlines() if word in line]


# -- what is on the table ---------------------------------------------------------------------------------------


def test_the_street_shows_every_card_with_letter_symbol_and_victory_points(table_game: Game, plain: Plain) -> None:
    text = plain(render_table(table_game.view(0), width=80))
    for name in STREET:
        assert f"{name}{FAMILY_SYMBOL[card(name).family]}" in text
    assert "The Street  6 cards" in text
    face_row = next(line for line in text.splitlines() if "F4♥" in line and "B3♣" in line)
    vp_row = text.splitlines()[text.splitlines().index(face_row) + 1]
    assert re.findall(r"(\d+) VP", vp_row) == ["15", "6", "0", "3", "3", "1"]  # R2


def test_a_brute_reduction_shows_the_effective_value_next_to_the_printed_one(table_game: Game, plain: Plain) -> None:
    table_game.apply("brute B2 F4 -2")
    text = plain(render_table(table_game.view(0), width=80))
    assert "F4→2♥" in text  # R7.3: printed 4, counts as 2 this turn
    assert "15 VP" in text  # the victory points do not change


def test_the_opponent_shows_a_hand_size_never_its_cards(table_game: Game, plain: Plain) -> None:
    text = plain(render_table(table_game.view(0), width=80))
    ben = lines_with(text, "Ben")
    assert ben and "2 cards in hand" in ben[0]
    assert "F3" not in text and "A3" not in text  # R12.2: Ben's cards appear nowhere


def test_both_play_areas_are_shown_with_their_points(table_game: Game, plain: Plain) -> None:
    text = plain(render_table(table_game.view(0), width=80))
    anna, ben = lines_with(text, "Anna (1st, you)")[0], lines_with(text, "Ben (2nd)")[0]
    assert "play area 1 VP" in anna and "F0♥" in anna
    assert "play area 10 VP" in ben and "B4♣" in ben


def test_the_own_hand_is_drawn_as_cards_families_apart(table_game: Game, plain: Plain) -> None:
    lines = plain(render_table(table_game.view(0), width=80)).splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Your hand"))
    assert "4 cards" in lines[heading] and "16 VP" in lines[heading]  # R2: F2 6 + A1 1 + B2 3 + M3 6
    faces = lines[heading + 2]
    assert re.fullmatch(r"│  F2♥  │   │  A1♦  │   │  B2♣  │   │  M3♠  │", faces)  # a wider gap between families


def test_the_smallest_drawing_groups_the_own_hand_in_family_columns(table_game: Game, plain: Plain) -> None:
    lines = plain(render_table(table_game.view(0), width=80, level=LEVELS - 1)).splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Your hand"))
    assert "4 cards" in lines[heading] and "16 VP" in lines[heading]  # R2: F2 6 + A1 1 + B2 3 + M3 6
    labels, cards = lines[heading + 1], lines[heading + 2]
    for family, name in zip(Family, ["F2♥", "A1♦", "B2♣", "M3♠"], strict=True):
        column = labels.index(f"{FAMILY_SYMBOL[family]} {family.title}")
        assert cards[column:].startswith(name)


def test_the_status_line_says_whose_turn_the_pass_through_the_deck_and_the_piles(table_game: Game,
                                                                                  plain: Plain) -> None:
    text = plain(render_table(table_game.view(0), width=80))
    first, second = text.splitlines()[:2]
    assert "Your turn, Anna" in first
    assert second.startswith("First pass through the deck")
    stack = len(table_game.to_dict()["draw_stack"])
    assert f"draw stack {stack}" in second and "discard pile 3, top B0♣" in second


@pytest.mark.parametrize(("exhaustions", "words"), [(1, "After the first exhaustion"), (2, "Final round")])
def test_the_status_line_tells_the_pass_through_the_deck(game: Build, plain: Plain, exhaustions: int,
                                                          words: str) -> None:
    stack = ["M4"] if exhaustions == 1 else []
    g = game(hand0=["F1"], street=STREET, stack=stack, rest="areas", exhaustions=exhaustions)
    assert plain(render_table(g.view(0), width=80)).splitlines()[1].startswith(words)


# -- the step bar -----------------------------------------------------------------------------------------------


def step_styles(bar: Text) -> dict[str, str]:
    """Each step's title in the bar and the style it is drawn in."""
    styles = {}
    for span in bar.spans:
        word = bar.plain[span.start:span.end].lstrip("▶")
        if word in ("Refresh", "Accountant", "Brute", "Take"):
            styles[word] = str(span.style)
    return styles


def test_the_step_bar_marks_the_current_step_and_dims_the_past_ones(game: Build, plain: Plain) -> None:
    g = game(hand0=["B2", "F0"], street=["F4", "B3", "M1", "A2", "F1", "B1"])
    assert bar_text("▶Refresh > Accountant > Brute > Take") in plain(render_table(g.view(0), width=80))
    g.apply("brute B2 F4 -1")
    bar = step_bar(g.view(0))
    assert bar_text("Refresh > Accountant > Brute > ▶Take") in bar.plain  # R4.1: no going back
    assert step_styles(bar) == {"Refresh": "step.past", "Accountant": "step.past", "Brute": "step.past",
                                "Take": "step.current"}


def test_a_street_with_a_0_starts_the_turn_at_the_accountant(table_game: Game) -> None:
    bar = step_bar(table_game.view(0))  # M0 lies in the Street: no refresh (R5.1)
    assert bar_text("Refresh > ▶Accountant > Brute > Take") in bar.plain
    assert step_styles(bar)["Refresh"] == "step.past"


def test_the_step_bar_never_points_at_a_step_without_an_action(game: Build) -> None:
    g = game(hand0=["B2", "F0"], street=["F4", "B3", "M0", "A2", "F1", "B1"])  # M0: no refresh (R5.1)
    bar = step_bar(g.view(0))
    assert bar_text("Refresh > Accountant > ▶Brute > Take") in bar.plain  # no Accountant in hand (R6.1)
    assert step_styles(bar) == {"Refresh": "step.past", "Accountant": "step.past", "Brute": "step.current",
                                "Take": "step.future"}
    g = game(hand0=["A1", "F0"], street=["F4", "B3", "M0", "A2", "F1", "B1"])
    bar = step_bar(g.view(0))
    assert bar_text("Refresh > ▶Accountant > Brute > Take") in bar.plain
    assert step_styles(bar)["Brute"] == "step.closed"  # no Brute in hand: nothing to do at that step


def test_the_marked_step_always_has_a_legal_action(moments: Callable[..., Iterator[Game]]) -> None:
    for seed in range(4):
        for g in moments(seed):
            if g.is_over:
                continue
            view = g.view(g.to_move)
            bar = step_bar(view)
            marked = next(word for word, style in step_styles(bar).items() if style == "step.current")
            assert any(a.step.title == marked for a in view.legal_actions), (bar.plain, view.legal_actions)


def test_the_step_bar_counts_the_swaps_left_after_an_accountant(game: Build, plain: Plain) -> None:
    g = game(hand0=["A2", "F1", "M1"], area0=["F0", "B0"], street=STREET)
    g.apply("accountant A2")
    assert bar_text("▶Accountant > Brute > Take  (2 swaps left)") in plain(render_table(g.view(0), width=80))
    g.apply("swap F0 F1")
    assert "(1 swap left)" in plain(render_table(g.view(0), width=80))


def test_the_step_bar_promises_no_swaps_when_none_is_possible(game: Build) -> None:
    g = game(hand0=["A2", "F1", "B1"], street=STREET)
    g.apply("accountant A2")  # R6.1: allowed with nothing to swap; the A2 itself stays (R6.3)
    bar = step_bar(g.view(0)).plain
    assert "swaps left" not in bar and "(no swap possible)" in bar


# -- warnings ---------------------------------------------------------------------------------------------------


def test_a_pass_that_would_end_the_game_is_announced(game: Build, plain: Plain) -> None:
    g = game(hand0=["F1"], street=STREET, passes=1, to_move=0, start_player=1)
    assert "! Ben passed: a pass now ends the game" in plain(render_table(g.view(0), width=80))  # R8.5


def test_the_final_round_and_the_last_turn_are_announced(game: Build, plain: Plain) -> None:
    first = game(hand0=["F1"], street=STREET, rest="areas", exhaustions=2, start_player=0, to_move=0)
    assert "! Final round: the game ends after Ben's turn" in plain(render_table(first.view(0), width=80))  # R9.3
    last = game(hand1=["F1"], street=STREET, rest="areas", exhaustions=2, start_player=0, to_move=1)
    assert "! Last turn: the game ends after this turn" in plain(render_table(last.view(1), width=80))


def test_a_draw_stack_about_to_run_out_is_announced(game: Build, plain: Plain) -> None:
    one = game(hand0=["F1"], street=STREET, stack=["M4"], rest="discard")
    assert "! The next draw exhausts the stack" in plain(render_table(one.view(0), width=80))  # R9.1
    few = game(hand0=["F1"], street=STREET, stack=["M4", "M3", "M3", "M2"], rest="discard")
    assert "! Only 4 cards left in the draw stack" in plain(render_table(few.view(0), width=80))
    many = game(hand0=["F1"], street=STREET)
    assert "!" not in plain(render_table(many.view(0), width=80))


def test_an_empty_street_says_nothing_is_left_to_deal(game: Build, plain: Plain) -> None:
    g = game(hand0=["A1"], rest="areas", exhaustions=2)
    assert "Empty: nothing is left to deal" in plain(render_table(g.view(0), width=80))  # R10.1


# -- size and layout --------------------------------------------------------------------------------------------


def test_the_table_fits_80_columns_and_leaves_room_for_the_actions(moments: Callable[..., Iterator[Game]],
                                                                   plain: Plain) -> None:
    width, rows = MIN_SIZE[0], MIN_SIZE[1] - 7
    for seed in range(6):
        for g in moments(seed):
            text = plain(render_table(g.view(g.to_move), width=width, height=rows))
            lines = text.splitlines()
            assert max(len(line) for line in lines) <= width
            assert len(lines) <= rows, text


def test_with_room_to_spare_the_hand_is_drawn_as_cards(game: Build, plain: Plain) -> None:
    g = game(hand0=["F1", "F1", "A0", "M2"], street=STREET)
    text = plain(render_table(g.view(0), width=80, height=40))
    face_row = next(line for line in text.splitlines() if "F1♥" in line and "A0♦" in line)
    assert face_row.index("F1♥") < face_row.index("A0♦") < face_row.index("M2♠")
    assert "×2─╮" in text  # two F1 drawn as one card with a count
    assert "♥ La Famiglia" not in text


@pytest.mark.parametrize("height", [10, 12, 14, 17, 20, 26])
def test_a_smaller_screen_gets_smaller_cards_but_every_card(game: Build, plain: Plain, height: int) -> None:
    street = ["F1", "F2", "F3", "A1", "A2", "A3", "B1", "B2", "B3", "M1", "M2", "M3"]
    g = game(hand0=["F0", "A0", "B0", "M0"], street=street)
    text = plain(render_table(g.view(0), width=80, height=height))
    assert len(text.splitlines()) <= max(height, 11)  # eleven rows (the row of warnings kept): the smallest drawing
    for name in street:
        assert f"{name}{FAMILY_SYMBOL[card(name).family]}" in text
    assert "M0♠" in text and "Ben (2nd)" in text and "Anna (1st, you)" in text


@pytest.mark.parametrize("names", [("Bartholomew Maximilian von Habsburg-Lothringen", "李小龙"),
                                   ("[bold]Anna[/]", "B" * 70)])
def test_long_or_odd_names_neither_break_the_table_nor_are_read_as_markup(plain: Plain,
                                                                        names: tuple[str, str]) -> None:
    g = Game.new(seed=2, names=names)
    for memory in (False, True):
        text = plain(render_table(g.view(g.to_move, memory=memory), width=80, height=17, memory_aid=memory))
        assert max(len(line) for line in text.splitlines()) <= 80
        assert bar_text("Refresh > Accountant > Brute > Take") in text
        assert "…" in text or "[bold]Anna[/]" in text
    handoff = plain(render_handoff(g.view(None), width=80, height=23))
    assert max(len(line) for line in handoff.splitlines()) <= 80


def test_a_wide_terminal_puts_the_record_of_the_turns_beside_the_table(table_game: Game, plain: Plain) -> None:
    table_game.apply("brute B2 F4 -1")
    narrow = plain(render_table(table_game.view(0), width=80))
    wide = plain(render_table(table_game.view(0), width=WIDE + 10), WIDE + 10)
    assert len(wide.splitlines()) <= len(narrow.splitlines())
    assert max(len(line) for line in wide.splitlines()) <= WIDE + 10
    assert "This turn  Anna" in wide and "• " + shown("played Brute B2 on F4") in wide  # named once
    assert "This turn" not in narrow


def test_a_long_record_beside_a_wide_table_keeps_its_latest_actions_and_its_frame(game: Build, plain: Plain) -> None:
    g = game(hand0=["A4", "F0", "F1", "M1", "B0", "B1", "A1", "M0", "F2"], area0=["F3", "M2", "B2", "A2", "M3"],
             hand1=["F0", "A0", "M0", "B0", "F1", "A1", "B1", "M1"],
             street=["F4", "B3", "M4", "A3", "F2", "B2", "A1", "M1", "F1", "B4"],
             stack=["F3", "M2", "A2", "B3", "A3", "M3", "B1", "F2", "B2", "M2"])
    for action in ("refresh F2", "refresh A1", "accountant A4", "swap F3 F0", "swap M2 F1", "swap B2 M1",
                   "swap A2 B0", "brute B1 F4 -1", "take M1 pay M0 keep M2", "brute B1 F4 -1"):
        g.apply(action)  # Anna's turn of nine actions, and Ben's Brute
    width, height = 120, 22  # the table's share of a 120x30 terminal
    text = plain(render_table(g.view(1), width=width, height=height), width)
    lines = text.splitlines()
    assert len(lines) <= height
    assert "╭F4→3♥╮" in text or "╭───────╮" in text  # the record does not decide the drawing: cards stay cards
    assert "This turn  Ben" in text and shown("played Brute B1 on F4") in text  # the latest actions are kept
    assert "Last turn  Anna" in text and shown("took M1") in text
    assert any(line[width - SIDE:].startswith("╰") for line in lines)  # the record's frame is whole


def test_without_colour_every_family_is_still_told_apart(table_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="truecolor", theme=THEME)
    console.print(render_table(table_game.view(0), width=80))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    sgr = [int(p) for params in re.findall(r"\x1b\[([0-9;]*)m", out) for p in params.split(";") if p]
    assert sgr, "the test must see the escape codes a terminal gets"
    assert not [p for p in sgr if 30 <= p <= 49 or 90 <= p <= 107], "NO_COLOR must drop every colour"
    seen = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert len(set(FAMILY_SYMBOL.values())) == 4
    for name in ("F4♥", "A2♦", "B3♣", "M0♠", "F2♥", "A1♦", "B2♣", "M3♠"):
        assert name in seen


def test_every_card_is_written_with_its_letter_and_its_family_symbol() -> None:
    for family in Family:
        for value in range(5):
            c = card(f"{family.letter}{value}")
            assert card_text(c).plain == f"{c.name}{FAMILY_SYMBOL[family]}"
    assert card_text(card("F4"), effective=1).plain == "F4→1♥"
    assert card_text(card("F4"), effective=4).plain == "F4♥"


# -- the memory aid -----------------------------------------------------------------------------------------------


def test_the_memory_aid_shows_the_tracked_hand_live_totals_and_the_stack_as_counts(table_game: Game,
                                                                                   plain: Plain) -> None:
    text = plain(render_table(table_game.view(0, memory=True), width=80, memory_aid=True))
    tracked = lines_with(text, "hand (tracked)")
    assert tracked and "F3♥ A3♦" in tracked[0]  # R12.3
    assert "live total 26 VP" in lines_with(text, "hand (tracked)")[0]  # Ben: F3 10 + A3 6, B4 10 in play
    assert "live total 17 VP" in text  # Anna: F2 6 + A1 1 + B2 3 + M3 6, F0 1 in play
    assert "Draw stack holds" in text


def test_the_memory_aid_is_off_unless_asked_for(table_game: Game, plain: Plain) -> None:
    text = plain(render_table(table_game.view(0, memory=True), width=80))
    assert "F3" not in text and "tracked" not in text and "Draw stack holds" not in text


@pytest.mark.parametrize(("width", "level"), [(80, 0), (80, LEVELS - 1), (WIDE + 10, 0)])
def test_a_spectator_table_speaks_of_the_players_by_name_and_the_seat_table_is_unchanged(
        table_game: Game, plain: Plain, width: int, level: int) -> None:
    table_game.apply("brute B2 F4 -1")  # an action on record, so a wide table has its record of the turns
    view = table_game.view(0, memory=True)
    watched = plain(render_table(view, width=width, memory_aid=True, level=level, spectator=True), width)
    assert "Anna's turn" in watched and "Anna (1st)" in watched and "Ben (2nd)" in watched
    assert lines_with(watched, "Anna's hand")[0].lstrip().startswith("Anna's hand")
    assert "hand  F3♥ A3♦" in lines_with(watched, "live total 26 VP")[0]  # Ben's hand, open
    assert not re.search(r"\b(you|your)\b", watched, re.IGNORECASE) and "tracked" not in watched
    seated = plain(render_table(view, width=width, memory_aid=True, level=level), width)
    assert "Your turn, Anna" in seated and "Anna (1st, you)" in seated and "Your hand" in seated
    assert "hand (tracked)  F3♥ A3♦" in seated


# -- the handoff --------------------------------------------------------------------------------------------------


def test_the_handoff_names_the_next_player_and_shows_no_hand(table_game: Game, plain: Plain) -> None:
    table_game.apply("take M0")
    text = plain(render_handoff(table_game.view(None), width=80))
    assert "Pass the keyboard to Ben" in text and "press Enter when ready" in text
    assert "Your hand" not in text
    for hidden in ("F2", "A1♦", "M3", "F3", "A3"):  # neither hand: Anna's F2 A1 B2 M3 M0, Ben's F3 A3
        assert hidden not in text
    assert "Anna (1st)" in text and "5 cards in hand" in text
    assert "Ben (2nd)" in text and "2 cards in hand" in text
    assert "F4♥" in text and "The Street  5 cards" in text


def test_the_handoff_fits_a_small_screen(game: Build, plain: Plain) -> None:
    street = ["F1", "F2", "F3", "A1", "A2", "A3", "B1", "B2", "B3", "M1", "M2", "M3", "F1", "A1", "B1"]
    g = game(hand0=["F0"], street=street)
    text = plain(render_handoff(g.view(None), width=80, height=20))
    assert len(text.splitlines()) <= 20
    assert "Pass the keyboard to Anna" in text


# -- styles stay where they belong --------------------------------------------------------------------------------


def style_of(renderable: RenderableType, word: str, *, exact: bool = False) -> Style:
    """The style of the first piece of text drawn that holds `word` (or is just `word`, spaces aside)."""
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="256", theme=THEME)
    for line in console.render_lines(renderable, console.options, pad=False):
        for segment in line:
            if (segment.text.strip() == word) if exact else (word in segment.text):
                return segment.style or Style()
    raise AssertionError(f"{word!r} is not drawn")


def test_a_style_never_spills_from_one_piece_of_a_line_onto_the_next(table_game: Game) -> None:
    table = render_table(table_game.view(0), width=80)
    # The framed Street cards: the dim frame must not dim the card's face (R1.1 colours, letter, symbol).
    assert not style_of(table, "F4").dim
    # The turn line: the reversed name must not reverse the whole step bar; only the current step stands out.
    assert style_of(table, "Accountant").reverse
    assert not style_of(table, "Brute").reverse and not style_of(table, "Take").reverse
    # A player's hand size is plain text, not in the bold of the name before it.
    assert not style_of(table, "cards in hand").bold
    # The action list: the bold step header stays in the header.
    listed = render_menu(menu(table_game.legal_actions()), table_game.view(0), width=80, highlight=None)
    assert style_of(listed, "Take/pass").bold
    assert not style_of(listed, "pass", exact=True).bold


# -- the message line's words ------------------------------------------------------------------------------------


def test_a_long_quotation_is_shortened_in_its_middle_and_the_reason_kept() -> None:
    typed = "take " + "9" * 5000
    refusal = f"{typed!r} is not an action: write take <card>"
    short = shorten_quoted(refusal, 100)
    assert len(short) <= 100
    assert short.startswith("'take 9") and "…" in short and short.endswith("' is not an action: write take <card>")
    assert shorten_quoted("'take F9' is not a card", 100) == "'take F9' is not a card"  # room enough: unchanged


def test_several_long_pieces_give_way_together_and_short_words_never() -> None:
    refusal = f"'take {'9' * 300}': {'9' * 300} is not a card (a value 0-4, like F2)"
    short = shorten_quoted(refusal, 120)
    assert len(short) <= 120 and short.count("…") == 2
    assert short.endswith(" is not a card (a value 0-4, like F2)")
    words = "a sentence of short words only, longer than asked"
    assert shorten_quoted(words, 10) == words


def test_every_message_starts_with_a_capital() -> None:
    assert capitalized("you need two F1 cards") == "You need two F1 cards"
    assert capitalized("'xyz' is not an action") == "'xyz' is not an action"
    assert capitalized("") == ""
