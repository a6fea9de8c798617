"""Hostile input, round two: the pipe's refusals echo a bounded length of the value sent and a key
given twice is refused; sizes (names, moves, files) are bounded where a file is read and where a
name is accepted; names with invisible code points are refused and long names are shown
distinctly. The pipe and the files read run through the installed command; names given on the
command line and the screens run in-process."""

from __future__ import annotations

import json
import subprocess

from tests.helpers import EXAMPLES, Cli, installed


def pipe(game, *lines: str) -> list[dict]:
    """The answers of `acquire-ref --game GAME pipe` to ``lines``; it must exit 0."""
    result = subprocess.run([installed(), "--game", str(game), "pipe"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_pipe_refusals_echo_at_most_a_bounded_part_of_the_value_sent(tmp_path):
    """A move of 100,000 characters was echoed in full in the refusal; now the value is cut to
    its first 60 characters and its length, as the command line's messages are, and no message
    is longer than 1,000 characters, even when the value has spaces in it."""
    game = tmp_path / "g.toml"
    game.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    before = game.read_bytes()
    long_word = "Z" * 100_000
    spaced = "place " + " ".join(["4A"] * 50_000)
    answers = pipe(game, json.dumps({"move": "place " + long_word}), "buy " + long_word, spaced,
                   json.dumps({"move": "place 4A", "id": 1}))
    for refusal in answers[:3]:
        assert refusal["ok"] is False and refusal["error"] == "usage", refusal
        assert len(refusal["message"]) <= 1000
    for refusal in answers[:2]:  # the tile quoted: 100,002 characters
        assert "... (100,002 characters) is not a " in refusal["message"] and "Z" * 61 not in refusal["message"]
    assert answers[3]["ok"] is True and answers[3]["id"] == 1
    assert game.read_bytes() != before  # the good move was saved after the refusals


def test_pipe_refuses_a_key_given_twice_instead_of_taking_the_last(tmp_path):
    """{"move": "pass", "move": "place 4A"} was read as the last move; now it is refused, also
    a key twice in a nested object, and the game file is not changed."""
    game = tmp_path / "g.toml"
    game.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    before = game.read_bytes()
    answers = pipe(game, '{"move": "pass", "move": "place 4A"}', '{"query": "legal", "id": {"a": 1, "a": 2}}')
    assert answers[0] == {"ok": False, "error": "usage", "message": 'the request is refused: the key "move" is given '
                          "twice in one object: give each key once"}
    assert answers[1]["ok"] is False and 'the key "a" is given twice' in answers[1]["message"]
    assert game.read_bytes() == before


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    """``acquire-ref ARGS`` as the installed command, a process of its own (a file read through the
    fast path of :mod:`acquire_ref.quick`)."""
    return subprocess.run([installed(), *map(str, args)], capture_output=True, text=True, check=False, timeout=60,
                          cwd=cwd)


_CLI = Cli()


def in_process(*args, cwd=None) -> subprocess.CompletedProcess:
    """``acquire-ref ARGS`` run in-process (the same command group, exit codes and streams as the
    installed command, which :func:`run` and the pipe's tests start), as a finished process."""
    result = _CLI(*args, cwd=cwd)
    return subprocess.CompletedProcess(list(map(str, args)), result.exit_code, result.stdout, result.stderr)


def test_names_with_marks_that_print_as_nothing_are_refused_where_a_name_is_accepted(tmp_path):
    """"Ann" with a combining grapheme joiner passed beside "Ann", and a Hangul filler or a
    Braille blank was accepted as a whole name; each is refused now (exit 2 on the command
    line, exit 4 in a game file, which is left as it was), naming the code point."""
    path = tmp_path / "g.toml"
    for players, code in ((["Ann", "An\u034fn"], "U+034F"), (["\u3164", "Ben"], "U+3164"), (["\u2800", "Ben"], "U+2800"),
                          (["Ann", "B\u200bn"], None), (["Ann", "Ben\ufe0f"], "U+FE0F"), (["\u115f\u1160", "Ben"], "U+115F"),
                          (["\uffa0", "Ben"], "U+FFA0")):
        result = in_process("--game", path, "new", *players)
        assert result.returncode == 2 and "can't be a player name" in result.stderr, (players, result.stderr)
        assert code is None or f"{code}, which prints as nothing" in result.stderr or f"{code}," in result.stderr
        assert "Traceback" not in result.stderr and not path.exists()
    path.write_text('format = 1\nplayers = ["Ann", "An\\u034fn"]\nmoves = []\n', encoding="utf-8")
    before = path.read_bytes()
    result = run("--game", path, "status")  # the file read by the installed command's fast path
    assert result.returncode == 4 and "U+034F, which prints as nothing" in result.stderr
    assert path.read_bytes() == before
    for holdings, said in ((["An\u034fn=3", "Ann=2"], "U+034F, which prints as nothing"),
                           (["Ann=3", "\u0410nn=2"], "\u0410nn looks like Ann"),
                           ([f"{'A' * 81}=3"], "and a name has at most 80")):
        result = in_process("bonus", "Tower", "3", *holdings)
        assert result.returncode == 2 and said in result.stderr, result.stderr
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\n")
    result = in_process("simulate", "--games", "1", "--players", "3", "--bot", f"\u3164=python3 {bot}")
    assert result.returncode == 2 and "U+3164, which prints as nothing" in result.stderr


def test_two_long_names_are_never_cut_into_the_same_text_by_watch_or_the_console(tmp_path):
    """watch cut every name over 20 characters to its first 17 and '...', and the console to its
    first 9: two long names alike at the start read as one player. Now a cut name gets a tail of
    its own when it would read like another's."""
    from io import StringIO

    from rich.console import Console

    from acquire_ref.console.app import players_text
    from acquire_ref.files.storage import load_game
    from acquire_ref.render import watch_file

    one, two = "Bartholomew-" * 5 + "Jr", "Bartholomew-" * 5 + "Sr"
    path = tmp_path / "g.toml"
    assert in_process("--game", path, "new", one, two, "Alexandra", "Alexandre").returncode == 0
    assert in_process("--game", path, "start", "1A", "3C", "5E", "7G").returncode == 0
    out = StringIO()
    Console(file=out, width=80, height=24, color_system=None, highlight=False).print(watch_file(path, 80))
    lines = out.getvalue().splitlines()
    rows = [line for line in lines if "$6,000" in line]
    assert len(rows) == 4 and len({row.split("$")[0].strip(" >") for row in rows}) == 4, "\n".join(lines)
    assert any(row.lstrip(" >").startswith("Bartholomew-Bar...Jr ") for row in rows)
    assert any(row.lstrip(" >").startswith("Bartholomew-Bar...Sr ") for row in rows)
    panel = players_text(load_game(path)[0]).plain.splitlines()[1:]
    assert [line[1:10] for line in panel] == ["Bartho…Jr", "Bartho…Sr", "Alexandra", "Alexandre"], panel


def test_a_bell_and_a_carriage_return_in_edition_and_tier_names_are_shown_as_escapes(tmp_path):
    """The terminal's text layer dropped BEL and CR in the edition's name (`status` said
    'edition Edition'), and the information card wrapped a tier's CR into a space; both are now
    written as escapes, as every other control character is."""
    from tests.helpers import ROOT

    classic = (ROOT / "acquire_ref" / "engine" / "editions" / "classic.toml").read_text()
    ruleset = (classic.replace('name = "classic"', 'name = "Ed\\u0007it\\rion"')
               .replace("tiers = { cheap = 0,", 'tiers = { "ch\\u0007eap" = 0,')
               .replace('tier = "cheap"', 'tier = "ch\\u0007eap"')
               .replace("middle = 100", '"mid\\rdle" = 100').replace('tier = "middle"', 'tier = "mid\\rdle"'))
    (tmp_path / "bel.toml").write_text(ruleset)
    card = in_process("chart", "--edition", "bel.toml", cwd=tmp_path)
    assert card.returncode == 0, card.stderr
    assert "Information card (Ed\\x07it\\x0dion)" in card.stdout
    assert "ch\\x07eap: Tower" in card.stdout and "mid\\x0ddle: American" in card.stdout
    assert "\x07" not in card.stdout and "\r" not in card.stdout
    assert in_process("--game", "g.toml", "new", "Ann", "Ben", "--edition", "bel.toml", cwd=tmp_path).returncode == 0
    status = in_process("--game", "g.toml", "status", cwd=tmp_path)
    assert "edition Ed\\x07it\\x0dion;" in status.stdout and "\x07" not in status.stdout


def game_text(moves: list[str], undone: list[str] | None = None) -> str:
    """A game file of Ann, Ben and Cat (a stalled game goes on) with ``moves``."""
    text = ('format = 1\nplayers = ["Ann", "Ben", "Cat"]\noptions = { stall = "continue" }\n'
            f"moves = {json.dumps(moves)}\n")
    return text + (f"undone = {json.dumps(undone)}\n" if undone is not None else "")


def test_a_game_holds_at_most_10000_moves_passes_and_moves_taken_back_included(tmp_path):
    """2,000,000 `pass` moves made every command take 37 s. A game file of more than 10,000 moves,
    or of more than 10,000 moves taken back, is refused when it is read (exit 4, saying the
    limit, the file unchanged); a game of exactly 10,000 is read, and refuses an 10,001st move
    (exit 3) instead of writing a file no command would read."""
    start = ["start 1A 5E 9I"]
    path = tmp_path / "g.toml"
    for text, said in ((game_text(start + ["pass"] * 10_000), "moves has 10,001 moves; a game holds at most 10,000"),
                       (game_text(start, ["pass"] * 10_001), "undone has 10,001 moves; a game holds at most 10,000")):
        path.write_text(text)
        for args in (["status"], ["pass"], ["check"]):
            result = run("--game", path, *args)
            assert result.returncode == 4 and said in result.stderr + result.stdout, (args, result.stderr)
            assert "Traceback" not in result.stderr and path.read_text() == text
    path.write_text(game_text(start + ["pass"] * 9_999))
    assert run("--game", path, "status", "--json").returncode == 0
    before = path.read_bytes()
    result = run("--game", path, "pass")
    assert result.returncode == 3 and "the game has 10,000 moves, the most a game holds" in result.stderr
    assert path.read_bytes() == before
    script = tmp_path / "s.toml"
    script.write_text(game_text(start + ["pass"] * 10_000))
    result = run("--game", tmp_path / "new.toml", "play", script)
    assert result.returncode == 4 and "a game holds at most 10,000" in result.stderr
    assert not (tmp_path / "new.toml").exists()


def test_a_file_over_8_mib_is_refused_saying_the_limit(tmp_path):
    """A valid 50 MB file (a name of 50 million characters) was read whole; no file the referee
    reads may be over 8 MiB now, and the message says so."""
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["Ann", "Ben"]\nmoves = []\n# ' + "x" * (8 * 1024 * 1024) + "\n")
    result = run("--game", path, "status")
    assert result.returncode == 4 and "too large for a game file (at most 8,388,608)" in result.stderr
    assert "can't read it" not in result.stderr
    ruleset = tmp_path / "r.toml"
    ruleset.write_bytes(path.read_bytes())
    result = run("chart", "--edition", ruleset)
    assert result.returncode == 4 and "too large for a ruleset file (at most 8,388,608)" in result.stderr


def test_names_longer_than_a_screen_can_show_are_refused_saying_the_limit(tmp_path):
    """Player names had no bound (a 50 MB name made a 151 MB page); at most 80 characters now,
    on the command line (exit 2), for a tournament entrant (exit 2) and in a file (exit 4); a
    ruleset's name, tier and chain names and lists are bounded too (exit 4)."""
    path = tmp_path / "g.toml"
    result = in_process("--game", path, "new", "Ann", "B" * 81)
    assert result.returncode == 2 and "it has 81 characters, and a name has at most 80" in result.stderr
    assert not path.exists()
    assert in_process("--game", path, "new", "Ann", "B" * 80).returncode == 0
    assert in_process("tournament", "new", "Open", cwd=tmp_path).returncode == 0
    result = in_process("tournament", "add", "C" * 5000, cwd=tmp_path)
    assert result.returncode == 2 and "it has 5,000 characters, and a name has at most 80" in result.stderr
    from tests.helpers import ROOT

    classic = (ROOT / "acquire_ref" / "engine" / "editions" / "classic.toml").read_text()
    for old, new, said in (('name = "classic"', f'name = "{"E" * 81}"', "name has 81 characters; at most 80"),
                           ("middle = 100", f'{"m" * 41} = 100', "a tier name has at most 40"),
                           ('name = "Tower"', f'name = "{"T" * 41}"', "chains[1].name has 41 characters; a chain name has "
                                                                    "at most 40")):
        (tmp_path / "r.toml").write_text(classic.replace(old, new))
        result = in_process("chart", "--edition", "r.toml", cwd=tmp_path)
        assert result.returncode == 4 and said in result.stderr, result.stderr
