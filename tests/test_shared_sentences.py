"""One definition of each sentence the front ends share (DESIGN 10): the last tile, the log line,
the undo lines and the defunct share price are the same in the CLI, the console and the page."""

from __future__ import annotations

from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import parse_move
from acquire_ref.render import board_text
from acquire_ref.viewers import describe, views
from acquire_ref.web import model


def played(*moves: str) -> Game:
    g = Game.table(["Ann", "Ben", "Cat"])
    for m in moves:
        g.apply(parse_move(m))
    return g


def test_after_start_the_terminal_board_and_the_page_mark_the_same_last_tile():
    g = played("start 5C 9A 1I")
    assert describe.last_tile(g) == "1I" == model.last_tile(g)
    assert [c["tile"] for row in model.grid(g) for c in row["cells"] if c["last"]] == ["1I"]
    assert any("reverse" in str(span.style) for span in board_text(g).spans)
    g.apply(parse_move("place 3G"))
    assert describe.last_tile(g) == "3G" == model.last_tile(g)


def test_the_log_line_and_the_undo_lines_are_one_sentence(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "5C", "9A", "1I"], ["place", "3G"]):
        assert cli(*args, game=path).exit_code == 0
    from acquire_ref.files.storage import load_game

    g = load_game(path)[0]
    assert views.log_line(2, g.log[1], g) == "  2. turn 1 Ben: place 3G"
    assert views.log_line(2, g.log[1], g) in cli("log", game=path).stdout.splitlines()
    heading = "take back what it did (money, certificates, tiles):"
    assert views.undo_lines(g, g.log[1]) == [heading, "Ben puts the tile drawn back into the bag",
                                             "3G comes off the board and goes back to Ben's rack"]
    undone = cli("undo", game=path).stdout.splitlines()
    assert undone[1] == "  " + heading and undone[2:4] == ["    " + line for line in views.undo_lines(g, g.log[1])[1:]]


def test_the_defunct_price_is_the_pre_merger_price():
    g = played("start 1A 3A 9I", "place 2A --found Tower", "buy", "place 4A", "buy", "place 6A", "buy",
               "place 7A --found Luxor", "buy", "place 5A")
    assert g.pending.decision == "dispose"
    assert describe.defunct_price(g, "Luxor") == g.edition.price("Luxor", 2) == 200
    assert "sells at $200" in views.pending_text(g)
    assert describe.defunct_price(played("start 1A 3A 9I"), "Luxor") == 0
