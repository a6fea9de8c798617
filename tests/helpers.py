"""Shared test helpers: the command line run in-process (the ``cli`` fixture of conftest.py), the
installed console script, and the reference games (copied from the project's shared folder)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer.testing
from typer.main import get_command
from typer.testing import CliRunner, Result

from acquire_ref.cli import app

_COMMAND = get_command(app)
"""The program's Click command, built from the Typer app once, as one process of the program
builds it: Typer's CliRunner would build it again for every run (about 60 ms, nine tenths of an
in-process command's time). Runs through it are independent: each makes its own context."""
typer.testing._get_command = lambda given: _COMMAND if given is app else get_command(given)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def interruptible() -> None:
    """A child process's ``preexec_fn``: Ctrl-C (SIGINT) back to its default, so that a test that
    interrupts the child works even when the test runner ignores SIGINT (a child inherits an ignored
    signal, and Python then never raises KeyboardInterrupt)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def installed() -> str:
    """The path of the installed ``acquire-ref`` console script (beside this Python, else on PATH)."""
    exe = Path(sys.executable).parent / ("acquire-ref.exe" if os.name == "nt" else "acquire-ref")
    found = str(exe) if exe.exists() else shutil.which("acquire-ref")
    if not found:
        raise RuntimeError("the acquire-ref console script is not installed (pip install -e '.[test]')")
    return found


class Cli:
    """Runs ``acquire-ref ARGS`` in-process through Typer's CliRunner.

    ``cli(*args, game=PATH)`` runs ``acquire-ref --game PATH ARGS``; ``cwd`` runs it in another
    folder and ``env`` adds environment variables. The result keeps the exit code, the exception,
    ``stdout`` and ``stderr`` apart, and ``output`` both as a terminal shows them; ``input`` is
    what is typed on standard input.
    """

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: Any, game: Path | str | None = None, env: Mapping[str, str | None] | None = None,
                 cwd: Path | str | None = None, input: str | None = None) -> Result:
        words = [str(a) for a in args]
        if game is not None:
            words = ["--game", str(game), *words]
        with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
            return self.runner.invoke(app, words, env=env, input=input)

    def json(self, *args: Any, game: Path | str | None = None) -> Any:
        """The document ``acquire-ref ARGS --json`` prints; the command must succeed."""
        result = self(*args, "--json", game=game)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


def refused(cli: Cli, path: Path, *args: Any, code: int) -> str:
    """``acquire-ref --game PATH ARGS`` exits ``code`` through the CLI's own error handling, leaves
    the game file byte-identical and shows no traceback; returns what it printed."""
    before = path.read_bytes()
    result = cli(*args, game=path)
    assert result.exit_code == code, result.output
    assert path.read_bytes() == before
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.output


def moves_of(script: Path) -> list[str]:
    """The ``moves`` of a game script."""
    return tomllib.loads(script.read_text())["moves"]


def edit(text: str, old: str, new: str) -> str:
    """``text`` with the first ``old`` replaced by ``new``; ``old`` must be there."""
    assert old in text, old
    return text.replace(old, new, 1)


@dataclass
class ReferenceGame:
    """A reference game: its command lines (``(refused, words)``) and the final money per player."""

    name: str
    lines: list[tuple[bool, list[str]]]
    finals: dict[str, int]


def reference_games() -> list[ReferenceGame]:
    """Every reference game shipped in ``tests/data/reference-games`` (copies of the shared ones)."""
    folder = ROOT / "tests" / "data" / "reference-games"
    games = []
    for path in sorted(folder.glob("*.txt")):
        lines, finals = [], {}
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw.startswith("# final"):
                _, _, player, money = raw.split()
                finals[player] = int(money)
            elif raw and not raw.startswith("#"):
                refused = raw.startswith("!")
                lines.append((refused, raw.lstrip("! ").split()))
        games.append(ReferenceGame(path.stem, lines, finals))
    return games


def tournament_ok(cli: Cli, folder: Path, *args: Any) -> str:
    """``acquire-ref tournament ARGS`` run in ``folder``; it must succeed. Returns what it printed."""
    result = cli("tournament", *args, cwd=folder)
    assert result.exit_code == 0, result.output
    return result.stdout


def play_out(path: Path, seed: str) -> None:
    """Play the drawn game file at ``path`` to its end with the random bot seeded by ``seed``, and save it."""
    import random

    from acquire_ref.files.session import GameFile
    from acquire_ref.programs.simulate import Bot

    handle = GameFile.open(path)
    bot = Bot(random.Random(seed))
    while not handle.game.over:
        handle.game.apply(bot.move(handle.game))
    handle.save()


@contextlib.contextmanager
def running(app: Any, stopping: Any, config: Any = None):
    """Serve ``app`` (the live board's, made with the threading event ``stopping``) on a free port
    of 127.0.0.1 in a thread and yield the port once it answers; afterwards set ``stopping`` (its
    event streams end), stop the server and check that it stopped. ``config`` makes the uvicorn
    configuration from the app (default: uvicorn's own, quiet)."""
    import threading
    import time

    import uvicorn

    from acquire_ref.web.serve import bind

    sock = bind("127.0.0.1", 0)
    made = config(app) if config is not None else uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(made)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        yield sock.getsockname()[1]
    finally:
        stopping.set()
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()
        assert not thread.is_alive(), "the server did not stop"
