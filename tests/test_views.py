"""Views for people: exports of what the terminal shows, the net-worth chart and `watch`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from acquire_ref import Game, parse_move
from tests.helpers import EXAMPLES


def finished(cli, tmp_path) -> Path:
    path = tmp_path / "g.toml"
    assert cli("play", str(EXAMPLES / "six-players.toml"), game=path).exit_code == 0
    return path


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
    assert "Net worth by turn" in out
    fin = next(line for line in out.splitlines() if line.startswith("│ Fin") and "▁" in line)
    assert "$22,000" in fin


def test_watch_redraws_when_the_game_file_changes(cli, tmp_path):
    exe = Path(sys.executable).parent / "acquire-ref"
    path = tmp_path / "w.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    env = {**os.environ, "ACQUIRE_GAME": str(path), "COLUMNS": "100"}
    proc = subprocess.Popen([str(exe), "watch", "--interval", "0.1", "--updates", "2"],
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
