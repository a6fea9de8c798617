"""The live board's pages without a browser (DESIGN 7): the page model built on the status
document, hidden holdings (R10.1), escaping, the merger banner with exact payouts (R5.4), the
final standings (R8.3), the waiting state, and the HTML and SVG exports made from the same
templates. The page in a real browser is tested in tests/test_serve_browser.py."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import tomli_w

from acquire_ref.web import model, pages
from tests.helpers import EXAMPLES, installed, moves_of

FOUR = EXAMPLES / "four-players.toml"
MERGER = 43
"""Move 43 of examples/four-players.toml: Dan's 6E merges American and Tower into Continental."""


def game_file(path: Path, moves: int | None = None, names: list[str] | None = None, **options: str) -> Path:
    """examples/four-players.toml as a game script, its first ``moves`` only, players renamed to
    ``names`` and rule ``options``: written to ``path`` for ``play``."""
    data = tomllib.loads(FOUR.read_text())
    played = moves_of(FOUR)[:moves]
    if names:
        renames = dict(zip(data["players"], names, strict=True))
        data["players"] = names
        for old, new in renames.items():
            played = [re.sub(rf"\bdispose {old}\b", f"dispose {new}", m) for m in played]
    data["moves"] = played
    if options:
        data["options"] = options
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def play(cli, tmp_path):
    """``play(moves, names=..., **options)``: the game file of the first ``moves`` of the example."""

    def made(moves: int | None = None, names: list[str] | None = None, **options: str) -> Path:
        script = game_file(tmp_path / "script.toml", moves, names, **options)
        path = tmp_path / "g.toml"
        result = cli("play", script, "--force", game=path)
        assert result.exit_code == 0, result.output
        return path

    return made


def board_of(path: Path, viewer: str | None = None) -> dict:
    from acquire_ref.files.storage import load_game

    return model.board(load_game(path)[0], viewer)


def test_the_banner_names_each_bonus_with_its_reason_and_each_disposal(play):
    doc = board_of(play(MERGER + 6))  # the merger, the order of the defunct chains and the six disposals
    banner = doc["banner"]
    assert banner["headline"] == "Merger by Dan: Continental survives (Continental 6, Tower 4, American 4)"
    tower, american = banner["defunct"]
    assert (tower["chain"], tower["size"], tower["price"]) == ("Tower", 4, "$400")
    assert tower["bonuses"] == [{"player": "Cat", "amount": "$4,000", "why": "majority, 4 shares"},
                                {"player": "Dan", "amount": "$2,000", "why": "minority, 2 shares"}]
    assert [(b["player"], b["amount"]) for b in american["bonuses"]] == [("Ann", "$3,800"), ("Ben", "$3,800")]
    assert american["bonuses"][0]["why"] == "majority + minority (tie for the largest holding, split 2 ways), 4 shares"
    assert "Cat sells 2 Tower to the bank: bank pays Cat $800" in banner["disposals"]
    assert "Ann holds 4 American (R5.3b)" in banner["disposals"]


def test_the_banner_stays_a_turn_and_then_leaves(play):
    assert board_of(play(MERGER - 1))["banner"] is None
    assert board_of(play(MERGER))["banner"]["headline"].startswith("Merger by Dan")  # the order still to choose
    assert board_of(play(MERGER + 1))["banner"]["defunct"][0]["bonuses"][0]["amount"] == "$4,000"
    doc = board_of(play(MERGER + 8))  # the next player's turn: still shown
    assert doc["banner"] is not None and doc["turn"] == 20
    assert board_of(play(MERGER + 9))["banner"] is None  # two turns on


def test_the_board_marks_chains_lone_tiles_and_the_last_tile(play):
    doc = board_of(play(2))  # the start tiles, then Ben's 6C next to his 6B
    cells = {c["tile"]: c for row in doc["grid"] for c in row["cells"]}
    assert cells["4E"]["kind"] == "lone" and cells["4E"]["colour"] == model.LONE
    assert cells["6C"]["last"] and cells["6C"]["kind"] == "lone"
    doc = board_of(play(3))  # Ben founds American
    cells = {c["tile"]: c for row in doc["grid"] for c in row["cells"]}
    assert (cells["6B"]["chain"], cells["6B"]["letter"], cells["6C"]["last"]) == ("American", "A", True)
    assert doc["pending"]["headline"] == "Ben: buy shares"
    assert sum(c["last"] for c in cells.values()) == 1


def test_the_tv_board_is_read_tile_by_tile_by_a_screen_reader(play):
    """Every space of the TV's board says what it is (the letters and colours say it to the eye
    only): 108 labels in board order, the headers hidden from a screen reader."""
    html = pages.fragment(board_of(play(3)))
    labels = re.findall(r'aria-label="(\w+): ([^"]+)"', html)
    assert len(labels) == 108 and labels[0] == ("1A", "empty")
    assert dict(labels)["6B"] == "American" and dict(labels)["6C"] == "American, placed last"
    assert 'role="group" aria-label="the board, row by row, tile by tile"' in html


def test_chain_cards_give_price_bonuses_bank_and_the_leader(play):
    doc = board_of(play(MERGER + 6))
    cont = next(c for c in doc["chains"] if c["name"] == "Continental")
    assert (cont["size"], cont["price"], cont["majority"], cont["minority"], cont["safe"], cont["bank"]) == (
        16, "$900", "$9,000", "$4,500", True, 8)
    assert cont["leaders"] == ["Ben", "Dan"]  # 5 each
    dan = next(p for p in doc["players"] if p["name"] == "Dan")
    assert (dan["cash"], dan["worth"], dan["current"]) == ("$3,600", "$10,600", True)
    assert [(s["chain"], s["count"], s["leads"]) for s in dan["shares"]] == [("Festival", 5, True), ("Continental", 5, True)]


def test_the_final_standings_give_each_payout(play):
    doc = board_of(play())
    assert doc["over"] and doc["banner"] is None
    rows = doc["final"]["rows"]
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (1, "Ann", "$26,500"), (2, "Dan", "$25,600"), (3, "Cat", "$18,500"), (4, "Ben", "$18,200")]
    assert rows[0]["bonuses"] == ["Continental majority: $9,000"] and rows[0]["before"] == "$7,200"
    html = pages.fragment(doc)
    assert "Final standings: Ann declared the end (R8.2)" in html and "$26,500" in html


def test_hidden_holdings_are_in_no_part_of_the_page(play, cli):
    path = play(MERGER + 6, holdings="hidden")
    doc = board_of(path)
    assert all(p["cash"] is None and p["shares"] == [] and p["worth"] is None for p in doc["players"])
    assert all(c["leaders"] == [] for c in doc["chains"])
    assert doc["banner"]["disposals"] == [] and doc["banner"]["hidden"]
    assert doc["banner"]["defunct"][0]["bonuses"][0] == {"player": "Cat", "amount": "$4,000", "why": "majority"}
    text = json.dumps(doc) + pages.fragment(doc)
    secret = cli.json("status", "--player", "Dan", game=path)["players"][3]
    assert secret["cash"] == 3600
    assert "$3,600" not in text and "3600" not in text and "shares" not in json.dumps(doc["banner"])
    assert "holds" not in doc["pending"]["text"] or doc["pending"]["decision"] != "dispose"


def test_the_dispose_prompt_names_no_holding_while_holdings_are_hidden(play, cli):
    path = play(MERGER + 2, holdings="hidden")  # Ann is to dispose of her Tower
    text = cli.json("status", game=path)["pending"]["text"]
    assert text.startswith("Ann to sell, trade or hold their Tower shares (defunct, sells at $400)")
    assert "holds" not in text and "up to" not in text
    open_text = cli.json("status", game=play(MERGER + 2))["pending"]["text"]
    assert open_text.startswith("Ann holds 1 Tower")


def test_hostile_names_are_escaped_in_the_page_and_the_exports(play, cli, tmp_path):
    names = ["<script>alert(1)</script>", "Ben", "[bold]Cat", "Zo\u00eb&amp;"]
    path = play(MERGER + 6, names=names)
    html = pages.fragment(board_of(path))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script" not in html
    assert "[bold]Cat" in html and "Zo\u00eb&amp;amp;" in html
    exports = (["status", "--html", tmp_path / "s.html", "--svg", tmp_path / "s.svg"], ["score", "--html", tmp_path / "p.html"])
    for args in exports:
        assert cli(*args, game=path).exit_code == 0
    for name in ("s.html", "s.svg", "p.html"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script" not in text, name
        assert "\x1b" not in text, name


def test_status_html_is_a_standalone_page_with_title_and_colours(play, cli, tmp_path):
    path = play(MERGER + 6)
    assert cli("status", "--html", tmp_path / "s.html", game=path).exit_code == 0
    text = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "<title>Acquire, turn 19</title>" in text
    assert 'data-tile="6E" data-chain="Continental"' in text and "background:#16aebf" in text
    assert "Dan: buy shares" in text and "$10,600" in text
    assert "http" not in text.replace("http://www.w3.org", "")  # nothing fetched from anywhere


def test_status_svg_draws_the_board_at_print_size(play, cli, tmp_path):
    path = play(MERGER + 6)
    assert cli("status", "--svg", tmp_path / "s.svg", game=path).exit_code == 0
    text = (tmp_path / "s.svg").read_text(encoding="utf-8")
    assert text.startswith("<svg") and 'width="976"' in text and "<title>Acquire, turn 19</title>" in text
    assert text.count('fill="#16aebf"') == 16 + 1  # Continental's 16 tiles and its card
    assert "Rich" not in text and "Dan: buy shares" in text


def test_score_html_is_the_standings_page(play, cli, tmp_path):
    path = play()
    assert cli("score", "--html", tmp_path / "p.html", game=path).exit_code == 0
    text = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert "<title>Final standings: Ann declared the end (R8.2)</title>" in text
    assert re.search(r"Ann</td>\s*<td class=\"num\">\$7,200</td>", text) and "$26,500" in text


def test_a_broken_file_is_the_waiting_state(tmp_path):
    from acquire_ref.web.app import FileWatch

    path = tmp_path / "g.toml"
    path.write_text("format = 1\nplayers = [", encoding="utf-8")
    board = FileWatch(path)
    import anyio

    version, doc, html = anyio.run(board.current)
    assert version == 1 and "waiting" in doc and "Waiting for the game file" in html
    assert str(path) in doc["waiting"]


def test_a_colour_from_a_ruleset_reaches_a_page_only_as_rrggbb():
    for name in ("red", "#1E90FF", "grey50", "default", "dark_orange3", "bright_white"):
        assert re.fullmatch(r"#[0-9a-f]{6}", model.colour(name)), name


def test_serve_without_a_game_file_is_exit_4_and_a_taken_port_exit_2(cli, play, tmp_path):
    import socket

    result = cli("serve", "--port", "0", game=tmp_path / "none.toml")
    assert result.exit_code == 4 and "no such game file" in result.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = cli("serve", "--port", str(port), game=play(3))
    assert result.exit_code == 2 and f"port {port} is in use" in result.stderr
    result = cli("serve", "--host", "no.such.host.invalid", game=play(3))
    assert result.exit_code == 2 and "--host no.such.host.invalid" in result.stderr


def test_the_server_reads_the_game_file_and_writes_nothing(play):
    import anyio

    from acquire_ref.web.app import FileWatch

    path = play(MERGER)
    before, files = path.read_bytes(), sorted(path.parent.iterdir())
    version, doc, _ = anyio.run(FileWatch(path).current)
    assert version == 1 and doc["turn"] == 19
    assert path.read_bytes() == before and sorted(path.parent.iterdir()) == files  # no lock file, no temporary
    source = "".join((Path(pages.__file__).parent / name).read_text() for name in ("app.py", "serve.py", "model.py"))
    assert "write_atomic" not in source and "locked(" not in source and "write_text" not in source


def test_the_installed_command_serves_with_its_help(tmp_path):
    result = subprocess.run([installed(), "serve", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "--host" in result.stdout and "Example: acquire-ref serve" in result.stdout


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.toml") if "\nmoves = [" in p.read_text()))
def test_every_position_of_the_shipped_games_makes_a_page_and_a_picture(cli, tmp_path, script):
    """Each move of each shipped game: the page part and the SVG are made, the banner is there
    exactly while a merger of this turn or the last is shown, and the market's bonus (R9) has a row."""
    from acquire_ref.files.record import parse_record, replay
    from acquire_ref.files.storage import load_game

    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / script, game=path).exit_code == 0
    game, _, _ = load_game(path)
    moves, text = [str(m) for m in game.moves], path.read_text()
    market_rows = 0
    for k in range(len(moves) + 1):
        record = parse_record(text)
        record.moves = moves[:k]
        position = replay(record)
        doc = model.board(position)
        html = pages.fragment(doc)
        assert pages.render("board.svg", doc=doc, layout=pages.svg_layout(doc)).startswith("<svg")
        recent = any(e.kind == "merger_began" for entry in position.log if entry.turn >= position.turn - 1
                     for e in entry.events)
        assert (doc["banner"] is not None) == (recent and not position.over), k
        market_rows += html.count("the market (R9, stays in the bank)")
    assert (market_rows > 0) == (script == "two-players.toml")


def test_a_long_name_in_the_svg_is_drawn_narrower_not_cut(play, cli, tmp_path):
    long = "Bartholomew-" * 6
    path = play(MERGER + 6, names=["Ann", long, "Cat", "Dan"])
    assert cli("status", "--svg", tmp_path / "s.svg", game=path).exit_code == 0
    text = (tmp_path / "s.svg").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if long in x and "<tspan" in x)
    assert 'textLength="936" lengthAdjust="spacingAndGlyphs"' in line and "$12,500" in line
    assert "textLength" not in next(x for x in text.splitlines() if ">Ann</tspan>" in x)


def test_the_page_holds_the_board_exactly_as_its_stream_sends_it(play):
    """The live page's script updates the board in place, node by node (DESIGN 7): the board the
    page is served with must be the fragment the event stream sends, text node for text node, or
    the stream's first message, arriving after the page is drawn, replaces every element of it."""
    for moves in (3, None):
        doc = board_of(play(moves))
        page = pages.live_page(doc)
        opening = '<main id="live" aria-live="polite">'
        start = page.index(opening) + len(opening)
        assert page[start:page.index("</main>", start)] == pages.fragment(doc)
