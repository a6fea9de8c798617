"""Start-up is the cost of every command at the table (DESIGN 5): each command imports only what
it uses. A read command imports no drawing (rich), locking (acquire_ref.files.locking), writing (tomli_w) or
defining (dataclasses) library; a placement no drawing; completion nothing that draws, locks or
writes; `--help` not even the engine. The other front ends (Textual, the live board's Starlette,
uvicorn and Jinja2, the browser tests' Playwright, openskill) are never imported by these commands,
nor pydantic (which typer 0.29 would bring)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.helpers import EXAMPLES

PROBE = """
import io, contextlib, json, sys
sys.argv = ["acquire-ref", *json.loads(sys.argv[1])]
from acquire_ref.cli import run
out, err = io.StringIO(), io.StringIO()
try:
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        run()
except SystemExit as exc:
    assert not exc.code, (exc.code, err.getvalue())
print(json.dumps({"modules": sorted(sys.modules), "out": out.getvalue()}))
"""

NEVER = {"textual", "starlette", "uvicorn", "jinja2", "markupsafe", "playwright", "openskill", "pydantic"}
READ = NEVER | {"rich", "tomli_w", "dataclasses"}


def loaded(args: list[str], env: dict[str, str] | None = None) -> tuple[set[str], set[str], str]:
    """The top-level packages and the acquire_ref modules a command imports, and what it printed."""
    result = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True,
                            check=True, env=env)
    doc = json.loads(result.stdout)
    modules = set(doc["modules"])
    return {m.split(".")[0] for m in modules}, {m for m in modules if m.startswith("acquire_ref.")}, doc["out"]


@pytest.fixture
def game(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    return path


@pytest.mark.parametrize("command", [["status", "--json"], ["log", "--json"], ["score", "--json"], ["why", "12I"]])
def test_read_commands_import_nothing_they_do_not_use(game, command):
    top, ours, out = loaded(["--game", str(game), *command])
    assert out and "acquire_ref.engine.game" in ours  # the probe really ran the command
    assert not top & READ, top & READ
    assert "acquire_ref.files.locking" not in ours
    assert not {m for m in ours if m.startswith(("acquire_ref.console", "acquire_ref.web"))}  # other front ends' modules


def test_a_placement_imports_no_drawing_library(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0
    top, ours, out = loaded(["--game", str(path), "place", "12C"])
    assert "Ann places 12C" in out or "places 12C" in out
    assert not top & (NEVER | {"rich"}), top & (NEVER | {"rich"})
    assert "acquire_ref.render" not in ours


def test_completion_imports_nothing_that_draws_locks_or_writes(game):
    env = {**os.environ, "_ACQUIRE_REF_COMPLETE": "complete_bash",
           "COMP_WORDS": f"acquire-ref --game {game} choose T", "COMP_CWORD": "4"}
    top, ours, out = loaded([], env)
    assert "Tower" in out
    assert not top & (NEVER | {"rich", "tomli_w"}), top & (NEVER | {"rich", "tomli_w"})
    assert "acquire_ref.files.locking" not in ours


def test_help_does_not_load_the_engine():
    top, ours, out = loaded(["--help"])
    assert "Usage" in out
    assert not ours & {"acquire_ref.engine.game", "acquire_ref.files.record", "acquire_ref.engine.events"}, ours
    assert not top & NEVER
