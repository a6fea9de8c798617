"""`watch` on a small terminal (issue: the second screen in a terminal): the board, the players
and the pending decision fit 80 x 24, long lines wrap instead of being cut, no notice about the
file stays on the screen, and the end shows the final standings (R8.3). Drawn on rich consoles
of a fixed size, and once through the command line."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from acquire_ref.render import watch_file
from tests.helpers import EXAMPLES
from tests.test_serve_pages import MERGER, game_file


def screen(path: Path, width: int = 80, height: int = 24) -> list[str]:
    """The lines ``watch`` draws for the game file at ``path`` on a ``width`` x ``height`` console."""
    out = StringIO()
    Console(file=out, width=width, height=height, color_system=None, highlight=False).print(watch_file(path, width))
    return out.getvalue().rstrip("\n").split("\n")


@pytest.fixture
def game(cli, tmp_path):
    def made(script: Path, moves: int | None = None, **options: str) -> Path:
        path = tmp_path / f"{script.stem}-{moves}.toml"
        if moves is None and not options:
            assert cli("play", script, game=path).exit_code == 0
        else:
            assert cli("play", game_file(tmp_path / "s.toml", moves, **options), game=path).exit_code == 0
        return path

    return made


def joined(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


def test_the_board_the_players_and_the_decision_fit_80_by_24(game):
    lines = screen(game(EXAMPLES / "four-players.toml", MERGER + 6))
    assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
    assert lines[1].split() == [str(n) for n in range(1, 13)] + ["Turn", "19,", "62", "tiles", "in", "the", "bag"]
    assert " E  .  C  C  C  C  C  C  C  C  .  .  ." in lines[6]
    assert "C Continental   16   $900    8 safe" in joined(lines)
    assert "> Dan   $3,600  F5 C5  worth $10,600" in lines
    assert ("Next: Dan may buy up to 3 shares ($3,600 in cash): type `acquire-ref buy CHAIN=N ...`, or "
            "`acquire-ref buy` to buy nothing and finish the turn") in joined(lines)  # wrapped, not cut


def test_six_players_and_seven_chains_still_fit(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", "Eve", "Fin", game=path).exit_code == 0
    moves = [["start", "1A", "1C", "1E", "1G", "1I", "12A"]]
    for i, (tile, chain) in enumerate(zip(["2A", "2C", "2E", "2G", "2I", "11A"],
                                          ["Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial"], strict=True)):
        moves += [["place", tile, "--found", chain], ["buy", f"{chain}=3"] if i % 2 else ["buy"]]
    moves += [["place", "12C"], ["buy"], ["place", "12D", "--found", "Continental"]]
    for move in moves:
        assert cli(*move, game=path).exit_code == 0, move
    lines = screen(path)
    assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
    assert sum(line.startswith(("  ", "> ")) and "$" in line for line in lines) == 6
    assert "may buy up to 3 shares" in joined(lines) and "Continental" in joined(lines)


def test_at_100_columns_the_decision_is_whole(game):
    lines = screen(game(EXAMPLES / "four-players.toml", MERGER + 2), 100)
    assert max(map(len, lines)) <= 100
    assert ("Ann holds 1 Tower (defunct, sells at $400): type `acquire-ref dispose Ann [--sell N]` "
            "(no trade: only one share); the rest is held") in joined(lines)


def test_the_end_shows_the_final_standings_with_each_payout(game):
    lines = screen(game(EXAMPLES / "four-players.toml"))
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    assert "Final standings: Ann declared the end (R8.2)" in lines
    assert "1. Ann $26,500  (cash $7,200 + bonuses $9,000 + shares sold $10,300)" in lines
    assert "4. Ben $18,200  (cash $4,900 + bonuses $4,000 + shares sold $9,300)" in lines
    assert not any(line.startswith("Next:") for line in lines)


def test_hidden_holdings_stay_hidden_in_watch(game):
    lines = screen(game(EXAMPLES / "four-players.toml", MERGER + 6, holdings="hidden"))
    assert "> Dan holdings hidden, 5 tiles in the rack" in lines
    assert "$3,600" not in joined(lines) and "worth" not in joined(lines)


def test_no_notice_about_the_file_stays_on_the_screen(cli, game):
    path = game(EXAMPLES / "four-players.toml", MERGER)
    text = path.read_text()
    path.write_text(text[: text.index("[snapshot]")])  # status would say the snapshot will be rebuilt
    lines = screen(path)
    assert "notice" not in joined(lines) and "rebuilt" not in joined(lines)
    assert lines[0].startswith(path.name)


def test_watch_through_the_command_line_wraps_at_the_terminal_width(cli, game):
    path = game(EXAMPLES / "four-players.toml", MERGER + 6)
    result = cli("watch", "--updates", "1", "--interval", "0.1", game=path, env={"COLUMNS": "80", "LINES": "24"})
    assert result.exit_code == 0
    lines = result.stdout.rstrip("\n").split("\n")
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    assert lines[-1] == "...`, or `acquire-ref buy` to buy nothing and finish the turn"
