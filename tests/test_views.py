"""Views for people: colour on a terminal and plain text when piped or with NO_COLOR, exports of
what the terminal shows, the net-worth chart and `watch`."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import time
from pathlib import Path

from acquire_ref import Game, parse_move
from tests.helpers import EXAMPLES, installed, refused


def finished(cli, tmp_path) -> Path:
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "six-players.toml"), game=path).exit_code == 0
    return path


def on_a_terminal(args: list[str], env: dict) -> str:
    """Run the installed command with a pseudo-terminal as its stdout; return what it wrote."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([installed(), *args], stdout=slave, stderr=slave, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_colour_on_a_terminal_plain_when_piped_or_no_color(finished_game):
    path = finished_game
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    env["TERM"] = "xterm-256color"
    piped = subprocess.run([installed(), "--game", str(path), "status"], capture_output=True, text=True, env=env)
    assert piped.returncode == 0 and "\x1b[" not in piped.stdout
    coloured = on_a_terminal(["--game", str(path), "status"], env)
    assert "\x1b[" in coloured
    plain = on_a_terminal(["--game", str(path), "status"], {**env, "NO_COLOR": "1"})
    assert "Festival" in plain
    assert not re.search(r"\x1b\[(?:\d+;)*(?:3[0-8]|9[0-7])[;m]", plain)  # no colour codes (bold, italic stay)


def test_status_and_score_export_svg_and_html(cli, tmp_path):
    path = finished(cli, tmp_path)
    svg, html = tmp_path / "s.svg", tmp_path / "s.html"
    result = cli("status", "--svg", str(svg), "--html", str(html), game=path)
    assert result.exit_code == 0
    assert svg.read_text().startswith("<svg") and "Imperial" in html.read_text()
    svg2 = tmp_path / "score.svg"
    assert cli("score", "--svg", str(svg2), game=path).exit_code == 0
    text = svg2.read_text()
    assert "Final&#160;standings" in text or "Final standings" in text
    assert "Net&#160;worth" in text or "Net worth" in text


def test_export_to_a_missing_folder_is_a_message(cli, tmp_path):
    path = finished(cli, tmp_path)
    result = cli("status", "--svg", str(tmp_path / "nope" / "s.svg"), game=path)
    assert result.exit_code == 4 and "can't write the export" in result.output


def test_a_picture_is_never_written_over_the_game_file(cli, founding):
    for option in ("--svg", "--html"):
        out = refused(cli, founding, "status", option, str(founding), code=2)
        assert "is the game file" in out


def test_net_worth_history_follows_the_game():
    import tomllib

    script = tomllib.loads((EXAMPLES / "mid-game.toml").read_text())
    g = Game.new(script["players"])
    for m in script["moves"]:
        g.apply(parse_move(m))
    # four finished turns; buying at the current price leaves net worth unchanged,
    # growth raises it: after Ben's 3A, Tower is $300, Ben holds 4 Tower and 1 Luxor
    assert [t for t, _ in g.worth_history] == [1, 2, 3, 4]
    assert g.worth_history[-1][1] == {"Ann": 5400 + 3 * 300, "Ben": 5200 + 4 * 300 + 200, "Cat": 5600 + 3 * 200}
    assert g.net_worth() == g.worth_history[-1][1]


def test_score_shows_net_worth_chart(cli, tmp_path):
    path = finished(cli, tmp_path)
    out = cli("score", game=path).stdout
    assert "Net worth (cash + shares at current prices): turns 0-" in out
    fin = next(line for line in out.splitlines() if line.startswith("│ Fin") and "▁" in line)
    assert "$22,000" in fin


def test_watch_redraws_when_the_game_file_changes(cli, tmp_path):
    path = tmp_path / "w.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    env = {**os.environ, "ACQUIRE_GAME": str(path), "COLUMNS": "100"}
    proc = subprocess.Popen([installed(), "watch", "--interval", "0.1", "--updates", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    first = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait until the first view is drawn, however slow the machine
        line = proc.stdout.readline()
        first.append(line)
        if "start tiles are to be drawn" in line or not line:
            break
    assert "start tiles are to be drawn" in "".join(first)
    assert cli("start", "3C", "9A", "1B", game=path).exit_code == 0  # a move changes the file
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Ben to place a tile" in out  # redrawn after the move
    assert json.loads(cli("status", "--json", game=path).stdout)["turn"] == 1  # watch only reads
