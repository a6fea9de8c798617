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
def report():
    with open(os.environ["QUICK_REPORT"], "w") as fh:
        json.dump(sorted(m for m in ("typer", "click", "rich") if m in sys.modules), fh)
leave = os._exit
def report_and_leave(code):  # main() leaves this way after the fast path, past any finally
    report()
    leave(code)
os._exit = report_and_leave
try:
    main()
finally:
    report()
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
    that is not TOML (broken.toml) and no missing.toml."""
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
    return where


ANSWERED = {
    "status --json": ["--game", "g.toml", "status", "--json"],
    "status --json, -g": ["-g", "g.toml", "status", "--json"],
    "status --json, --game=": ["--game=g.toml", "status", "--json"],
    "status --json, hidden, public": ["--game", "d.toml", "status", "--json"],
    "status --json, hidden, --as Ann": ["--as", "ann", "--game", "d.toml", "status", "--json"],
    "status --json, hidden, --as referee": ["--game", "d.toml", "--as=referee", "status", "--json"],
    "status --json, a notice": ["--game", "edited.toml", "status", "--json"],
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
    "status for people": ["--game", "g.toml", "status"],
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
    for args in (["status"], ["hand"], ["--as", "-x", "status", "--json"], ["--version"], ["-h"], ["status", "--json", "x"],
                 ["--game", "a", "--as"], ["place", "5C"], []):
        assert quick.parse(args, env) is None, args
