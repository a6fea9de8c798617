"""The drawn ``status`` written without rich (acquire_ref.plain, DESIGN 5) is rich's picture byte
for byte: on many positions (a whole shipped game move by move, random dealt games with hidden
holdings seen by each viewer, German and French, a 10 x 10 edition and the 2016 structure), at
several widths, written to a file, to a terminal and to a terminal under NO_COLOR. Where rich
would judge something (a character not one cell wide, a table wider than the console, a colour
that is not a standard one on a terminal, an unusual console) the plain writer declines, and
rich draws it as before."""

from __future__ import annotations

import io
import random
import tomllib

import pytest

from acquire_ref import language
from acquire_ref.engine.editions import Edition, edition_from_dict, edition_to_dict, load_edition
from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.engine.moves import parse_move
from acquire_ref.plain import WIDE_ENOUGH, Writer, drawn, plain_char, status_picture, writer_for
from acquire_ref.programs.simulate import Bot
from acquire_ref.render import PlainConsole, status_view
from acquire_ref.viewers.views import Viewer
from tests.helpers import EXAMPLES

WIDTHS = (80, 100, 60, 40, 200)
MODES = {"a file": (False, False), "a terminal": (True, False), "a terminal, NO_COLOR": (True, True)}
"""How the picture is written: (a terminal, NO_COLOR)."""


def by_rich(game: Game, viewer: Viewer, width: int, terminal: bool, no_color: bool) -> str:
    """``status`` as the Typer command prints it through rich (render.console's settings)."""
    out = io.StringIO()
    con = PlainConsole(file=out, width=width, force_terminal=terminal, color_system="standard" if terminal else None,
                       no_color=no_color, highlight=False, markup=False, emoji=False, soft_wrap=True)
    con.print(status_view(game, viewer))
    return out.getvalue()


def compare(game: Game, viewers: list[str | None], widths: tuple[int, ...] = WIDTHS) -> list[str]:
    """Each viewer's picture at each width in each mode, plain against rich: where the plain
    writer answers, the same bytes. Returns the pictures written without rich."""
    written = []
    for name in viewers:
        viewer = Viewer.parse(game, name)
        picture = status_picture(game, viewer)
        for width in widths:
            for terminal, no_color in MODES.values():
                plain = drawn(picture, Writer(width, terminal, not no_color))
                if plain is not None:
                    assert plain == by_rich(game, viewer, width, terminal, no_color), (width, terminal, no_color)
                    written.append(plain)
    return written


def example_positions(name: str = "four-players") -> list[Game]:
    """The shipped game ``name`` after each of its moves (from the start, every move)."""
    doc = tomllib.loads((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))
    game = Game.table(doc["players"])
    games = [_frozen(game)]
    for text in doc["moves"]:
        game.apply(parse_move(text, game.edition))
        games.append(_frozen(game))
    return games


def _frozen(game: Game) -> Game:
    """A copy of ``game`` as it stands (the list keeps each position, not the one game moved on)."""
    import copy

    return copy.deepcopy(game)


def dealt_positions(seed: int, players: list[str], edition: Edition | None = None, every: int = 7,
                    options: dict[str, str] | None = None) -> list[Game]:
    """A random dealt game (the simulate bot's moves) to its end, every ``every`` moves and the end."""
    ed = edition or load_edition("classic")
    game = Game.dealt(players, shuffled_bag(seed, ed.grid), seed, ed, options)
    bot, games, n = Bot(random.Random(seed)), [], 0
    while not game.over:
        game.apply(bot.move(game))
        n += 1
        if n % every == 0:
            games.append(_frozen(game))
    return [*games, game]


def test_a_whole_shipped_game_move_by_move_is_rich_s_picture_at_every_width():
    written, positions = [], example_positions()
    for i, game in enumerate(positions):
        written += compare(game, [None], WIDTHS if i % 5 == 0 else (80,))
    text = "\n".join(written)
    for shown in ("No chain is on the board yet.", "defunct in the merger under way", "not on the board:",
                  "The end has been declared.", "End available:", "(defunct)", "\x1b[1;7;", "\x1b[2;3m"):
        assert shown in text, shown
    assert len(positions) == 77 and len(written) > 3 * 77  # every position at 80 columns in each mode, and more


def test_hidden_holdings_are_rich_s_picture_for_the_public_a_seat_and_the_referee_r10_1():
    written = []
    for seed in (3, 8):
        for game in dealt_positions(seed, ["Ann", "Ben", "Cat", "Dan"], options={"holdings": "hidden"}):
            written += compare(game, [None, "Ben", "referee"], (80, 60))
    text = "\n".join(written)
    assert "holdings are hidden (R10.1)" in text and "hidden" in text and "Out of the game:" in text


@pytest.mark.parametrize("code", ["de", "fr"])
def test_german_and_french_pictures_with_their_no_break_spaces_are_rich_s(code):
    written = []
    with language.using(code):
        for game in example_positions()[::6]:
            written += compare(game, [None], (80, 100, 200))
        for game in dealt_positions(5, ["Ann", "Ben", "Cat"], options={"holdings": "hidden"}, every=15):
            written += compare(game, [None, "Cat"], (80, 60))
    text = "\n".join(written)
    assert ("\u00a0$" in text) and (code == "de" or "\u202f" in text)


def test_a_10_by_10_edition_and_the_2016_structure_are_rich_s_picture():
    ten = edition_to_dict(load_edition("classic"))
    ten.update(name="ten", columns=10, rows=10, safe_size=10, end_size=38, bonus_places=[10, 7.5, 5])
    text = (EXAMPLES / "rulesets" / "2016.toml").read_text(encoding="utf-8")
    text = text.replace("low = []", "low = [[2, 200], [6, 700]]").replace("middle = []", "middle = [[2, 300]]")
    text = text.replace("high = []", "high = [[2, 400], [10, 1100]]").replace('tier = ""', 'tier = "middle"')
    written = []
    for seed, edition in ((4, edition_from_dict(ten)), (6, edition_from_dict(tomllib.loads(text)))):
        for game in dealt_positions(seed, ["Ann", "Ben", "Cat", "Dan", "Eve"], edition, every=9):
            written += compare(game, [None], (80, 60, 200))
    assert any(" 10\n" in w.split("\n", 1)[0] + "\n" for w in written)  # ten columns drawn
    assert any("Nestor" in w for w in written)


def test_a_table_wider_than_the_console_is_rich_s_to_shrink():
    game = example_positions()[40]
    picture = status_picture(game, Viewer.parse(game, None))
    assert picture.chains is not None
    assert drawn(picture, Writer(40, False, True)) is None
    assert drawn(picture, Writer(80, False, True)) is not None


@pytest.mark.parametrize("name", ["李雷", "Zoe\u0301", "Ann\U0001f600", "Ｚｏｅ"])
def test_a_name_not_one_cell_a_character_is_rich_s_to_draw(name):
    game = Game.table(["Bea", name])
    picture = status_picture(game, Viewer.parse(game, None))
    assert drawn(picture, Writer(80, False, True)) is None


def test_names_with_accents_are_drawn_plainly_as_rich_draws_them():
    game = Game.table(["Zoë", "José", "Łukasz", "Ørjan"])
    assert len(compare(game, [None], (80,))) == 3


def test_an_edition_named_with_control_characters_is_shown_visibly_as_rich_shows_it():
    data = edition_to_dict(load_edition("classic"))
    data["name"] = "card\x1b[2J\u202e"
    game = Game.table(["Ann", "Ben"], edition_from_dict(data))
    written = compare(game, [None], (80,))
    assert len(written) == 3 and "edition card\\x1b[2J\\u202e;" in written[0]


def test_a_colour_rich_would_translate_is_rich_s_on_a_terminal_and_plain_elsewhere():
    data = edition_to_dict(load_edition("classic"))
    for chain in data["chains"]:
        chain["colour"] = "grey70"
    game = Game.table(["Ann", "Ben"], edition_from_dict(data))
    for text in ("start 1A 5E", "place 2A", "choose Tower"):
        game.apply(parse_move(text, game.edition))
    picture = status_picture(game, Viewer.parse(game, None))
    assert drawn(picture, Writer(80, True, True)) is None
    viewer = Viewer.parse(game, None)
    assert drawn(picture, Writer(80, False, True)) == by_rich(game, viewer, 80, False, False)
    assert drawn(picture, Writer(80, True, False)) == by_rich(game, viewer, 80, True, True)  # NO_COLOR: no colour


def test_every_character_drawn_plainly_is_one_cell_in_rich_s_measure():
    from rich.cells import cell_len

    chars = [chr(n) for n in range(0x10000) if plain_char(chr(n))]
    assert len(chars) > 600 and set(WIDE_ENOUGH) <= set(chars)
    assert [ch for ch in chars if cell_len(ch) != 1] == []


class Stream(io.StringIO):
    """A stream that says whether it is a terminal, with an encoding."""

    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        super().__init__()
        self.tty, self._encoding = tty, encoding

    def isatty(self) -> bool:
        return self.tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


WRITERS = {
    "a file, COLUMNS": (False, {"COLUMNS": "100", "TERM": "xterm-256color"}, (100, False, True, False)),
    "a 256-colour terminal": (True, {"COLUMNS": "90", "TERM": "xterm-256color"}, (90, True, True, True)),
    "a truecolor terminal": (True, {"COLUMNS": "90", "TERM": "xterm", "COLORTERM": "truecolor"}, (90, True, True, True)),
    "a 16-colour terminal": (True, {"COLUMNS": "90", "TERM": "xterm-16color"}, (90, True, True, False)),
    "a terminal, NO_COLOR": (True, {"COLUMNS": "90", "NO_COLOR": "1"}, (90, True, False, False)),
    "a file, NO_COLOR empty": (False, {"COLUMNS": "70", "NO_COLOR": ""}, (70, False, True, False)),
    "FORCE_COLOR": (False, {"COLUMNS": "80", "FORCE_COLOR": "1"}, None),
    "TTY_COMPATIBLE": (False, {"COLUMNS": "80", "TTY_COMPATIBLE": "0"}, None),
    "a dumb terminal": (True, {"COLUMNS": "80", "TERM": "dumb"}, None),
    "a file, TERM=dumb": (False, {"COLUMNS": "80", "TERM": "dumb"}, (80, False, True, False)),
    "COLUMNS=0": (False, {"COLUMNS": "0"}, None),
    "COLUMNS in other digits": (False, {"COLUMNS": "\u0668\u0660"}, None),
}
"""The console a stream and an environment make: (a terminal, environment, (width, styled,
coloured, 256 colours or more) or None when rich is to judge)."""


@pytest.mark.parametrize(("tty", "environ", "made"), WRITERS.values(), ids=WRITERS.keys())
def test_the_plain_writer_follows_rich_s_console_rules(tty, environ, made):
    from rich.console import Console

    writer = writer_for(Stream(tty), environ)
    assert (None if writer is None else (writer.width, writer.styled, writer.coloured, writer.eight_bit)) == made
    if writer is not None:
        con = Console(file=Stream(tty), _environ=environ)
        assert (con.width, con.is_terminal, not con.no_color, con.color_system in ("256", "truecolor")) == made


def test_a_stream_in_another_encoding_is_rich_s_to_draw():
    assert writer_for(Stream(False, "latin-1"), {"COLUMNS": "80"}) is None
    assert writer_for(Stream(False, "UTF-8"), {"COLUMNS": "80"}) is not None
