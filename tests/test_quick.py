"""The read commands a table runs all the time answered without Typer (acquire_ref.quick, DESIGN 5):
each command line is run both ways, as a whole program (the fast path, and the Typer app alone),
and both must write the same bytes to stdout and stderr with the same exit code, errors included
(missing and broken files, a viewer who is no player, hidden holdings, a tile that is not one).
The forms the fast path answers must import no Typer, Click or rich; everything else must reach
the Typer app. The names, options and help the fast path knows are the Typer app's."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from acquire_ref import quick
from tests.helpers import EXAMPLES

PROBE = """
import json, os, sys
sys.argv = ["acquire-ref", *json.loads(os.environ["QUICK_ARGS"])]
import acquire_ref.quick
if os.environ.get("QUICK_OFF"):
    acquire_ref.quick.answer = lambda args, environ: False
from acquire_ref import main
try:
    main()
finally:
    with open(os.environ["QUICK_REPORT"], "w") as fh:
        json.dump(sorted(m for m in ("typer", "click", "rich") if m in sys.modules), fh)
"""


def run(args: list[str], folder: Path, fast: bool, env: dict[str, str] | None = None) -> tuple[bytes, bytes, int, list[str]]:
    """``acquire-ref ARGS`` as a process in ``folder``, with or without the fast path: stdout,
    stderr, the exit code and which of Typer, Click and rich it imported."""
    report = folder / f"report-{'fast' if fast else 'typer'}.json"
    environ = {k: v for k, v in os.environ.items() if k not in ("ACQUIRE_GAME", quick.COMPLETE_VARIABLE)}
    environ.update({"QUICK_ARGS": json.dumps(args), "QUICK_REPORT": str(report), "COLUMNS": "80", **(env or {})})
    if not fast:
        environ["QUICK_OFF"] = "1"
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=folder, env=environ, capture_output=True, check=False)
    return done.stdout, done.stderr, done.returncode, json.loads(report.read_text())


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A finished table-mode game (g.toml), a dealt game with hidden holdings (d.toml, Ann's rack
    dealt), a game whose snapshot no longer matches its moves (edited.toml: a notice), a file
    that is not TOML (broken.toml), a new game with a name of wide characters (wide.toml), a game
    with Worldwide (a 256-colour chain) on the board (worldwide.toml) and no missing.toml."""
    from tests.helpers import Cli

    cli = Cli()
    where = tmp_path_factory.mktemp("quick")
    assert cli("play", EXAMPLES / "four-players.toml", game=where / "g.toml").exit_code == 0
    dealt = where / "d.toml"
    for args in (["new", "Ann", "Ben", "Cat", "--tiles", "dealt", "--seed", "7", "--option", "holdings=hidden"],
                 ["start"]):
        assert cli(*args, game=dealt).exit_code == 0
    text = (where / "g.toml").read_text(encoding="utf-8")
    digest = text.split('digest = "')[1][:16]
    (where / "edited.toml").write_text(text.replace(digest, "0" * 16), encoding="utf-8")
    (where / "broken.toml").write_text("players = [\n", encoding="utf-8")
    assert cli("new", "李雷", "Ben", game=where / "wide.toml").exit_code == 0
    for args in (["new", "Ann", "Ben"], ["start", "1A", "5E"], ["place", "2A", "--found", "Worldwide"]):
        assert cli(*args, game=where / "worldwide.toml").exit_code == 0
    return where


ANSWERED = {
    "status --json": ["--game", "g.toml", "status", "--json"],
    "status --json, -g": ["-g", "g.toml", "status", "--json"],
    "status --json, --game=": ["--game=g.toml", "status", "--json"],
    "status --json, hidden, public": ["--game", "d.toml", "status", "--json"],
    "status --json, hidden, --as Ann": ["--as", "ann", "--game", "d.toml", "status", "--json"],
    "status --json, hidden, --as referee": ["--game", "d.toml", "--as=referee", "status", "--json"],
    "status --json, a notice": ["--game", "edited.toml", "status", "--json"],
    "status, drawn": ["--game", "g.toml", "status"],
    "status, drawn, hidden, --as Ann": ["--game", "d.toml", "--as", "Ann", "status"],
    "status, drawn, a notice": ["--game", "edited.toml", "status"],
    "score --json": ["--game", "g.toml", "score", "--json"],
    "score --json, hidden, --as referee": ["--game", "d.toml", "--as", "referee", "score", "--json"],
    "log --json": ["--game", "g.toml", "log", "--json"],
    "log --json, hidden, --as Ben": ["--as", "Ben", "--game", "d.toml", "log", "--json"],
    "why": ["--game", "g.toml", "why", "5C"],
    "why --json": ["--game", "g.toml", "why", "--json", "12I"],
    "why, hidden": ["--game", "d.toml", "why", "6D"],
    "hand": ["--game", "d.toml", "hand", "Ann"],
    "hand --json": ["--game", "d.toml", "hand", "cat", "--json"],
    "hand, --as its player": ["--as", "Ann", "--game", "d.toml", "hand", "Ann"],
}
"""Command lines the fast path answers, by what they show."""

REFUSED = {
    "a missing file": ["--game", "missing.toml", "status", "--json"],
    "a missing default file": ["why", "5C"],
    "a broken file": ["--game", "broken.toml", "log", "--json"],
    "an empty --game": ["--game=", "status", "--json"],
    "--as no player": ["--as", "Zed", "--game", "d.toml", "status", "--json"],
    "hidden holdings, public score": ["--game", "d.toml", "score", "--json"],
    "not a tile": ["--game", "g.toml", "why", "Z9"],
    "hand, no player": ["--game", "d.toml", "hand", "Zed"],
    "hand, table mode": ["--game", "g.toml", "hand", "Ann"],
    "hand, --as another seat (R10.3)": ["--as", "Ben", "--game", "d.toml", "hand", "Ann"],
}
"""Command lines in the fast path's forms that fail: the Typer command says why."""

PASSED_ON = {
    "status --svg": ["--game", "g.toml", "status", "--svg", "out.svg"],
    "status --player": ["--game", "d.toml", "status", "--json", "--player", "Ann"],
    "log --turn": ["--game", "g.toml", "log", "--json", "--turn", "2"],
    "--json twice": ["--game", "g.toml", "score", "--json", "--json"],
    "--game twice": ["--game", "g.toml", "--game", "g.toml", "status", "--json"],
    "an option after the command": ["status", "--json", "--game", "g.toml"],
    "--help": ["--game", "g.toml", "why", "--help"],
    "no argument": ["--game", "g.toml", "why"],
    "two arguments": ["--game", "g.toml", "why", "5C", "6C"],
    "--": ["--game", "g.toml", "why", "--", "5C"],
    "-g=": ["-g=g.toml", "status", "--json"],
    "another command": ["--game", "g.toml", "price", "Tower", "5"],
}
"""Command lines the fast path hands to the Typer app whole."""


def fast(args: list[str], folder: Path, env: dict[str, str] | None = None) -> tuple[str, str, int] | None:
    """``acquire-ref ARGS`` in ``folder`` through the fast path in-process: stdout, stderr and the
    exit code, or None when it is handed to the Typer app (having written nothing)."""
    environ = {**{k: v for k, v in os.environ.items() if k != "ACQUIRE_GAME"}, **(env or {})}
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        answered = quick.answer(args, environ)
    if not answered:
        assert out.getvalue() == err.getvalue() == ""
        return None
    return out.getvalue(), err.getvalue(), 0


def typer_way(cli, args: list[str], folder: Path, env: dict[str, str] | None = None) -> tuple[str, str, int]:
    """``acquire-ref ARGS`` in ``folder`` through the Typer app in-process."""
    result = cli(*args, cwd=folder, env=env)
    return result.stdout, result.stderr, result.exit_code


@pytest.mark.parametrize("args", ANSWERED.values(), ids=ANSWERED.keys())
def test_the_fast_path_answers_as_the_typer_command_does(cli, folder, args):
    answered = fast(args, folder)
    assert answered is not None
    assert answered == typer_way(cli, args, folder)
    assert answered[0]


@pytest.mark.parametrize("args", [*REFUSED.values(), *PASSED_ON.values()], ids=[*REFUSED.keys(), *PASSED_ON.keys()])
def test_every_other_form_and_every_error_reaches_the_typer_app(cli, folder, args):
    assert fast(args, folder) is None
    if args in REFUSED.values():
        _, err, code = typer_way(cli, args, folder)
        assert code in (2, 3, 4) and err.startswith("acquire-ref: "), err


def test_the_game_file_from_the_environment(cli, folder):
    env = {"ACQUIRE_GAME": "g.toml"}
    answered = fast(["status", "--json"], folder, env)
    assert answered is not None and answered == typer_way(cli, ["status", "--json"], folder, env)
    assert answered == fast(["--game", "g.toml", "status", "--json"], folder)
    overruled = fast(["--game", "d.toml", "status", "--json"], folder, env)
    assert overruled is not None and json.loads(overruled[0])["players"][0]["name"] == "Ann"  # --game wins
    assert fast(["status", "--json"], folder, {"ACQUIRE_GAME": ""}) is None


WHOLE = {
    "status --json": ([], ["--game", "g.toml", "status", "--json"], True),
    "status, drawn": ([], ["--game", "g.toml", "status"], True),
    "status, drawn, hidden, --as Ann, NO_COLOR": ({"NO_COLOR": "1"}, ["--game", "d.toml", "--as", "Ann", "status"], True),
    "why, $ACQUIRE_GAME": ({"ACQUIRE_GAME": "d.toml"}, ["--as", "Ben", "why", "6D"], True),
    "a missing file": ([], ["why", "5C"], False),
    "a broken file": ([], ["--game", "broken.toml", "log", "--json"], False),
    "completing a command": ({quick.COMPLETE_VARIABLE: "complete_bash", "COMP_WORDS": "acquire-ref -g g.toml s",
                              "COMP_CWORD": "3"}, [], True),
    "completing a tile": ({quick.COMPLETE_VARIABLE: "complete_bash", "COMP_WORDS": "acquire-ref -g d.toml place ",
                           "COMP_CWORD": "4"}, [], True),
    "completing a chain": ({quick.COMPLETE_VARIABLE: "complete_bash", "COMP_WORDS": "acquire-ref -g d.toml buy ",
                            "COMP_CWORD": "4"}, [], False),
}
"""Whole programs run both ways: (environment, arguments, answered by the fast path)."""


@pytest.mark.parametrize(("env", "args", "answered"), WHOLE.values(), ids=WHOLE.keys())
def test_the_whole_program_both_ways(folder, env, args, answered):
    out, err, code, imported = run(args, folder, fast=True, env=env or None)
    assert (out, err, code) == run(args, folder, fast=False, env=env or None)[:3]
    assert b"Traceback" not in err and (code == 0 or not answered)
    assert (imported == []) is answered, imported


DRAWN_BY_RICH = {
    "a name two cells a character": ([], ["--game", "wide.toml", "status"]),
    "a console too narrow for the chain table": ({"COLUMNS": "40"}, ["--game", "g.toml", "status"]),
    "FORCE_COLOR": ({"FORCE_COLOR": "1"}, ["--game", "g.toml", "status"]),
}
"""Drawn ``status`` command lines the fast path answers through rich: (environment, arguments)."""


@pytest.mark.parametrize(("env", "args"), DRAWN_BY_RICH.values(), ids=DRAWN_BY_RICH.keys())
def test_a_drawn_status_rich_must_judge_is_rich_s_both_ways(folder, env, args):
    out, err, code, imported = run(args, folder, fast=True, env=env or None)
    assert (out, err, code) == run(args, folder, fast=False, env=env or None)[:3]
    assert code == 0 and imported == ["rich"]


def on_a_terminal(args: list[str], folder: Path, fast: bool, env: dict[str, str]) -> tuple[bytes, list[str]]:
    """``acquire-ref ARGS`` as a process in ``folder`` writing to a terminal (a pseudo-terminal,
    which ends lines with CR LF), with or without the fast path: what it wrote and which of
    Typer, Click and rich it imported."""
    import pty

    report = folder / f"report-tty-{'fast' if fast else 'typer'}.json"
    environ = {k: v for k, v in os.environ.items() if k not in ("ACQUIRE_GAME", "NO_COLOR", "FORCE_COLOR", "COLORTERM",
                                                                 "TTY_COMPATIBLE", quick.COMPLETE_VARIABLE)}
    environ.update({"QUICK_ARGS": json.dumps(args), "QUICK_REPORT": str(report), **env})
    if not fast:
        environ["QUICK_OFF"] = "1"
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-c", PROBE], cwd=folder, env=environ, stdin=subprocess.DEVNULL,
                               stdout=child, stderr=child)
    os.close(child)
    said = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other end closed
            break
        if not chunk:
            break
        said += chunk
    os.close(main)
    assert process.wait() == 0
    return said, json.loads(report.read_text())


TERMINALS = {
    "a 256-colour terminal, no chain yet": ({"TERM": "xterm-256color", "COLUMNS": "100"}, ["--game", "d.toml", "status"],
                                            []),
    "a standard terminal, hidden, --as Ann": ({"TERM": "xterm", "COLUMNS": "80"},
                                              ["--game", "d.toml", "--as", "Ann", "status"], []),
    "NO_COLOR, a finished game": ({"TERM": "xterm", "COLUMNS": "120", "NO_COLOR": "1"}, ["--game", "g.toml", "status"], []),
    "a dumb terminal": ({"TERM": "dumb", "COLUMNS": "100"}, ["--game", "d.toml", "status"], ["rich"]),
    "a 256-colour chain, a 256-colour terminal": ({"TERM": "xterm-256color", "COLUMNS": "80"},
                                                 ["--game", "worldwide.toml", "status"], []),
    "a 256-colour chain, a truecolor terminal": ({"TERM": "xterm", "COLORTERM": "truecolor", "COLUMNS": "80"},
                                                ["--game", "worldwide.toml", "status"], []),
    "a 256-colour chain, a 16-colour terminal": ({"TERM": "xterm", "COLUMNS": "80"},
                                                ["--game", "worldwide.toml", "status"], ["rich"]),
}
"""A drawn ``status`` on a terminal: (environment, arguments, what the fast way imports)."""


@pytest.mark.parametrize(("env", "args", "imports"), TERMINALS.values(), ids=TERMINALS.keys())
def test_a_drawn_status_on_a_terminal_both_ways(folder, env, args, imports):
    said, imported = on_a_terminal(args, folder, fast=True, env=env)
    assert said == on_a_terminal(args, folder, fast=False, env=env)[0]
    assert imported == imports
    assert b"Players" in said and (b"\x1b[3mPlayers\x1b[0m\r\n" in said) is (env["TERM"] != "dumb")
    assert (b"\x1b[38;5;166mW Worldwide" in said) is ("worldwide.toml" in args and imports == [])


COMPLETIONS = {
    "every command": ("acquire-ref ", "1", True),
    "s...": ("acquire-ref s", "1", True),
    "after --game": ("acquire-ref --game g.toml p", "3", True),
    "no command": ("acquire-ref zz", "1", True),
    "an option": ("acquire-ref --", "1", False),
    "a tile, game over": ("acquire-ref --game g.toml why ", "4", True),
    "a tile to place": ("acquire-ref --game d.toml place ", "4", True),
    "a tile, lower case": ("acquire-ref -g d.toml why 1", "3", True),
    "a player": ("acquire-ref --game d.toml hand c", "4", True),
    "a player, no game file": ("acquire-ref --game none.toml hand ", "4", True),
    "a chain": ("acquire-ref --game d.toml buy ", "4", False),
    "a second argument": ("acquire-ref --game d.toml place 1A ", "5", False),
    "a quoted word": ("acquire-ref 's", "1", False),
}


@pytest.mark.parametrize(("words", "cword", "answered"), COMPLETIONS.values(), ids=COMPLETIONS.keys())
def test_completion_both_ways(cli, folder, words, cword, answered):
    with contextlib.chdir(folder):
        said = quick.complete({"COMP_WORDS": words, "COMP_CWORD": cword})
    assert (said is not None) is answered
    env = {quick.COMPLETE_VARIABLE: "complete_bash", "COMP_WORDS": words, "COMP_CWORD": cword}
    if said is not None:
        from acquire_ref.cli import app

        with contextlib.chdir(folder):
            assert said == cli.runner.invoke(app, [], env=env, prog_name="acquire-ref").stdout


def test_completing_a_command_name_offers_the_names_that_fit():
    said = quick.complete({"COMP_WORDS": "acquire-ref s", "COMP_CWORD": "1"})
    assert said == "start\nstatus\nscore\nsimulate\nserve\nseats\n"


def test_completing_a_player_or_a_tile_ignores_case(folder):
    said = quick.complete({"COMP_WORDS": f"acquire-ref --game {folder / 'd.toml'} hand b", "COMP_CWORD": "4"})
    assert said == "Ben\n"
    tiles = quick.complete({"COMP_WORDS": f"acquire-ref --game {folder / 'd.toml'} place ", "COMP_CWORD": "4"})
    assert tiles is not None and tiles.split()  # the player to move has tiles to place
    first = tiles.split()[0]
    lower = quick.complete({"COMP_WORDS": f"acquire-ref --game {folder / 'd.toml'} place {first.lower()}",
                            "COMP_CWORD": "4"})
    assert lower is not None and first in lower.split()


def test_the_fast_paths_names_options_and_help_are_the_typer_apps():
    import typer

    from acquire_ref.cli import app

    group = typer.main.get_command(app)
    assert list(group.list_commands(None)) == list(quick.COMMAND_NAMES)
    top = {p.name: p for p in group.params}
    for spec, name in ((quick.GAME, "game"), (quick.VIEWER, "viewer")):
        assert tuple(top[name].opts) == spec.names and top[name].help == spec.help and top[name].metavar == spec.metavar
    assert top["game"].envvar == quick.GAME_VARIABLE and top["game"].default == quick.DEFAULT_GAME
    for name, (argument, _) in quick.FORMS.items():
        params = {p.name: p for p in group.commands[name].params}
        assert params["as_json"].opts == list(quick.JSON.names) and params["as_json"].help == quick.JSON.help
        arguments = [p for p in params.values() if p.param_type_name == "argument"]
        if argument is None:
            assert not arguments
        else:
            assert [(a.metavar, a.help) for a in arguments] == [(argument.metavar, argument.help)]


def test_the_parser_knows_only_its_forms():
    env: dict[str, str] = {}
    asked = quick.parse(["--as", "Ann", "-g", "x.toml", "why", "--json", "5C"], env)
    assert asked is not None
    assert (asked.command, asked.argument, asked.as_json, asked.game, asked.viewer) == ("why", "5C", True, "x.toml", "Ann")
    default = quick.parse(["status", "--json"], env)
    assert default is not None and default.game == "acquire.toml"
    for args in (["status", "--player", "Ann"], ["hand"], ["--as", "-x", "status", "--json"], ["--version"], ["-h"],
                 ["status", "--json", "x"], ["--game", "a", "--as"], ["place", "5C", "--json"], []):
        assert quick.parse(args, env) is None, args


def prefix(example: str, moves: int) -> str:
    """The shipped game ``example`` (``examples/NAME.toml``) stopped after its first ``moves`` moves,
    as a game file's text (its snapshot is rebuilt on the first write, with a notice on stderr)."""
    import tomllib

    import tomli_w

    doc = tomllib.loads((EXAMPLES / f"{example}.toml").read_text(encoding="utf-8"))
    doc["moves"] = doc["moves"][:moves]
    return tomli_w.dumps(doc)


MOVED = {
    "place, founding a chain (which one is asked next)": ("four-players", 1, ["place", "6C"]),
    "place --found": ("four-players", 1, ["place", "6C", "--found", "American"]),
    "place --found before the tile": ("four-players", 1, ["place", "--found", "am", "6C"]),
    "place, --as the player to move": ("four-players", 1, ["--as", "Ben", "place", "6C"]),
    "choose a chain to found": ("four-players", 2, ["choose", "American"]),
    "buy": ("four-players", 3, ["buy", "American=2"]),
    "buy nothing": ("four-players", 3, ["buy"]),
    "pass (table mode: on trust, R4.7)": ("four-players", 4, ["pass"]),
    "place, a merger of three chains": ("four-players", 42, ["place", "6E"]),
    "choose the defunct order (a merger's payouts drawn)": ("four-players", 43, ["choose", "Tower"]),
    "dispose --trade": ("four-players", 44, ["dispose", "Dan", "--trade", "2"]),
    "dispose --sell --trade": ("four-players", 46, ["dispose", "Cat", "--trade", "2", "--sell", "2"]),
    "dispose, holding every share": ("four-players", 47, ["dispose"]),
    "end": ("four-players", 73, ["end"]),
    "discard a dead tile": ("three-players", 65, ["discard", "7F"]),
}
"""Moves the fast path makes: (the shipped game, how many of its moves are made, the command line)."""

MOVE_REFUSED = {
    "a tile on the board": ("four-players", 4, ["place", "6C"], True),
    "another player's move (--as, R10.3)": ("four-players", 1, ["--as", "Ann", "place", "6C"], True),
    "not the decision pending": ("four-players", 1, ["buy"], True),
    "not a tile": ("four-players", 1, ["place", "6Z"], True),
    "--found twice": ("four-players", 1, ["place", "6C", "--found", "American", "--found", "Tower"], True),
    "--found=CHAIN": ("four-players", 1, ["place", "6C", "--found=American"], False),
    "an option it does not know": ("four-players", 1, ["place", "6C", "--lang", "de"], False),
    "two tiles to place": ("four-players", 1, ["place", "6C", "7C"], False),
    "pass with a word": ("four-players", 4, ["pass", "now"], False),
    "--help": ("four-players", 1, ["place", "--help"], False),
}
"""Move command lines that reach the Typer app: (the game, its moves made, the command line, whether
it has one of the fast path's forms, to be tried there first and handed on)."""


def both_ways(cli, tmp_path: Path, example: str, moves: int, args: list[str]) -> tuple[tuple, tuple | None]:
    """``acquire-ref ARGS`` on the same game file both ways in-process, each in a folder of its
    own: stdout, stderr, the exit code and the game file after it, through the Typer app and
    through the fast path (None when the fast path hands it on, having written nothing)."""
    text = prefix(example, moves)
    for way in ("fast", "typer"):
        (tmp_path / way).mkdir()
        (tmp_path / way / "acquire.toml").write_text(text, encoding="utf-8")
    answered = fast(args, tmp_path / "fast")
    fast_way = None if answered is None else (*answered, (tmp_path / "fast" / "acquire.toml").read_bytes())
    if fast_way is None:
        assert (tmp_path / "fast" / "acquire.toml").read_text(encoding="utf-8") == text
    return (*typer_way(cli, args, tmp_path / "typer"), (tmp_path / "typer" / "acquire.toml").read_bytes()), fast_way


@pytest.mark.parametrize(("example", "moves", "args"), MOVED.values(), ids=MOVED.keys())
def test_every_fast_move_writes_and_says_what_the_typer_command_does(cli, tmp_path, example, moves, args):
    typer_said, fast_said = both_ways(cli, tmp_path, example, moves, args)
    assert fast_said == typer_said
    out, err, code, written = fast_said
    assert code == 0 and out.splitlines()[-1].startswith("Next: ") and "Traceback" not in err
    assert written != prefix(example, moves).encode()


@pytest.mark.parametrize(("example", "moves", "args", "form"), MOVE_REFUSED.values(), ids=MOVE_REFUSED.keys())
def test_every_other_move_form_and_every_refusal_reaches_the_typer_app(cli, tmp_path, example, moves, args, form):
    typer_said, fast_said = both_ways(cli, tmp_path, example, moves, args)
    assert fast_said is None
    assert (quick.parse(args, {}) is not None) is form
    if typer_said[2] != 0:
        assert typer_said[3] == prefix(example, moves).encode()  # nothing written


def test_a_dealt_move_with_hidden_holdings_both_ways(cli, tmp_path, folder):
    from acquire_ref import load

    game = load(folder / "d.toml").game
    player, tile = game.player, str(game.playable_tiles(game.player)[0])
    for viewer in ([], ["--as", player]):
        said = []
        for way in ("fast", "typer"):
            where = tmp_path / f"{way}{len(viewer)}"
            where.mkdir()
            (where / "acquire.toml").write_bytes((folder / "d.toml").read_bytes())
            args = [*viewer, "place", tile]
            said.append((*(fast(args, where) if way == "fast" else typer_way(cli, args, where)),
                         (where / "acquire.toml").read_bytes()))
        assert said[0] == said[1]
        assert said[0][2] == 0 and said[0][3] != (folder / "d.toml").read_bytes()


WHOLE_MOVES = {
    "place": ("four-players", 1, ["place", "6C"], {}, []),
    "choose, a merger's payouts drawn, in French": ("four-players", 43, ["choose", "Tower"], {"ACQUIRE_LANG": "fr"},
                                                     ["rich"]),
    "refused": ("four-players", 4, ["place", "6C"], {}, ["typer"]),
}
"""Moves run both ways as whole programs: (the game, its moves made, the command line, the
environment, what the fast way imports of Typer, Click and rich)."""


@pytest.mark.parametrize(("example", "moves", "args", "env", "imports"), WHOLE_MOVES.values(), ids=WHOLE_MOVES.keys())
def test_a_whole_move_both_ways(tmp_path, example, moves, args, env, imports):
    said = []
    for way in ("fast", "typer"):
        (tmp_path / way).mkdir()
        (tmp_path / way / "acquire.toml").write_text(prefix(example, moves), encoding="utf-8")
        out, err, code, imported = run(args, tmp_path / way, fast=way == "fast", env=env)
        said.append((out, err, code, (tmp_path / way / "acquire.toml").read_bytes()))
        if way == "fast":
            assert imported == imports
    assert said[0] == said[1] and b"Traceback" not in said[0][1]
    assert ("Ensuite\u00a0: ".encode() in said[0][0]) is bool(env)


def test_the_move_parser_builds_the_typer_commands_notation():
    env: dict[str, str] = {}
    asked = quick.parse(["-g", "x.toml", "place", "--order", "Tower,Luxor", "6E", "--found", "am", "--survivor", "Fe"], env)
    assert asked is not None and asked.game == "x.toml"
    assert asked.tokens == ["place", "6E", "--found", "am", "--survivor", "Fe", "--order", "Tower,Luxor"]
    dispose = quick.parse(["dispose", "--trade", "2", "Ann", "--sell", "1", "--trade", "4"], env)
    assert dispose is not None and dispose.tokens == ["dispose", "Ann", "--sell", "1", "--trade", "2", "--trade", "4"]
    buy = quick.parse(["buy", "Tower=2", "Imperial"], env)
    assert buy is not None and buy.tokens == ["buy", "Tower=2", "Imperial"]
    for args in (["place"], ["choose"], ["discard"], ["end", "now"], ["pass", "--json"], ["place", "6C", "--found"],
                 ["place", "6C", "--found", "--order"], ["start", "1A"], ["market", "7C"], ["place", "-", "6C"]):
        assert quick.parse(args, env) is None, args


def test_the_fast_moves_arguments_options_and_help_are_the_typer_commands():
    import typer

    from acquire_ref.cli import app

    group = typer.main.get_command(app)
    for name, (argument, least, most, options) in quick.MOVES.items():
        params = group.commands[name].params
        arguments = [p for p in params if p.param_type_name == "argument"]
        assert [(a.metavar, a.help) for a in arguments] == ([] if argument is None else [(argument.metavar, argument.help)])
        if argument is not None:
            (a,) = arguments
            assert (a.required, a.nargs) == (least > 0, 1 if most == 1 else -1), name
        assert [(tuple(p.opts), p.metavar, p.help, p.multiple) for p in params if p.param_type_name == "option"] == [
            (o.names, o.metavar, o.help, True) for o in options]


@pytest.mark.parametrize("args", [["status", "--json"], ["place", "6C", "--found", "American"]], ids=["a read", "a move"])
def test_the_installed_command_leaves_at_once_with_everything_said_and_saved(tmp_path, args):
    from tests.helpers import installed

    text = prefix("four-players", 1)
    said = []
    for way in ("installed", "typer"):
        (tmp_path / way).mkdir()
        (tmp_path / way / "acquire.toml").write_text(text, encoding="utf-8")
        if way == "typer":
            said.append(run(args, tmp_path / way, fast=False)[:3])
        else:
            environ = {k: v for k, v in os.environ.items() if k != "ACQUIRE_GAME"} | {"COLUMNS": "80"}
            done = subprocess.run([installed(), *args], cwd=tmp_path / way, env=environ, capture_output=True, check=False)
            said.append((done.stdout, done.stderr, done.returncode))
    assert said[0] == said[1] and said[0][2] == 0 and said[0][0]
    assert (tmp_path / "installed" / "acquire.toml").read_bytes() == (tmp_path / "typer" / "acquire.toml").read_bytes()


def test_a_move_on_a_locked_game_waits_for_the_lock_only_in_the_typer_command(cli, tmp_path, monkeypatch):
    from acquire_ref.files import locking, storage

    text = prefix("four-players", 1)
    path = tmp_path / "acquire.toml"
    path.write_text(text, encoding="utf-8")
    waits: list[float] = []
    take = locking.take
    with storage.locked(path):  # another program's lock, as far as the lock file can tell
        monkeypatch.setattr(locking, "take", lambda fd, where, wait: (waits.append(wait), take(fd, where, wait))[1])
        assert fast(["place", "6C"], tmp_path) is None
        assert waits == [0]  # tried once, and handed on at once
        out, err, code = typer_way(cli, ["place", "6C"], tmp_path, env={"ACQUIRE_LOCK_TIMEOUT": "0"})
    assert (out, code) == ("", 5) and "is locked by another acquire-ref command" in err
    assert path.read_text(encoding="utf-8") == text


def test_a_lock_timeout_that_is_no_number_is_the_typer_commands_to_refuse(cli, tmp_path, monkeypatch):
    text = prefix("four-players", 1)
    (tmp_path / "acquire.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("ACQUIRE_LOCK_TIMEOUT", "soon")
    assert fast(["place", "6C"], tmp_path) is None
    _, err, code = typer_way(cli, ["place", "6C"], tmp_path)
    assert code == 2 and "ACQUIRE_LOCK_TIMEOUT" in err, err
    assert (tmp_path / "acquire.toml").read_text(encoding="utf-8") == text


def test_a_move_in_a_game_with_a_bot_seat_is_the_typer_commands(cli, tmp_path):
    path = tmp_path / "acquire.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", game=path).exit_code == 0
    before = path.read_bytes()
    assert fast(["start", "1A", "5E", "9I", "12C"], tmp_path) is None  # start is not one of the fast moves
    assert cli("start", "1A", "5E", "9I", "12C", game=path).exit_code == 0
    started = path.read_bytes()
    assert started != before
    assert fast(["pass"], tmp_path) is None  # the bot would answer: the Typer command makes it
    assert path.read_bytes() == started
    assert cli("pass", game=path).exit_code == 0  # a legal move (table mode: on trust, R4.7), made there
