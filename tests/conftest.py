"""Test settings and shared fixtures: a derandomised hypothesis profile without deadlines for CI
and shared machines; ``cli``, the command line run in-process; and game files several test
modules start from."""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import EXAMPLES, Cli

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# The suite reads the program's English, whatever the machine's locale (LANG=de_DE.UTF-8 would make
# the commands speak German); tests/test_language.py and tests/test_translations.py choose others.
os.environ["ACQUIRE_LANG"] = "en"

# The suite starts hundreds of Python processes from the source tree; where the machine asks Python
# not to keep bytecode (PYTHONDONTWRITEBYTECODE), each of them would compile every module it imports
# again. The tests keep it (in the gitignored __pycache__ folders), which cuts the processes' own
# time by about a third.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


@pytest.fixture(scope="session")
def cli() -> Cli:
    """``cli(*args, game=PATH, env=..., cwd=...)`` runs ``acquire-ref [--game PATH] ARGS`` in-process
    and returns the result: ``exit_code``, ``stdout``, ``stderr``, ``output`` (both) and ``exception``;
    ``cli.json(*args, game=PATH)`` returns the document of a successful ``--json`` command."""
    return Cli()


@pytest.fixture
def founding(cli, tmp_path) -> Path:
    """Three players; A placed 2A next to the start tile 1A and must choose the chain to found."""
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A"]):
        assert cli(*args, game=path).exit_code == 0
    return path


@pytest.fixture
def finished_game(cli, tmp_path) -> Path:
    """examples/four-players.toml played to its end (Ann $26,500 first)."""
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    return path


SAFE_POSITION = """
format = 1
players = ["Ann", "Ben", "Cat"]
[position]
next = "Ann"
bag = 68
[position.chains]
Tower = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
Imperial = ["1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "11C"]
[position.cash]
Ann = 6000
Ben = 6000
Cat = 0
[position.shares]
Ann = { Tower = 2 }
Ben = { Imperial = 5 }
"""


@pytest.fixture
def safe_game(cli, tmp_path) -> Path:
    """Two safe chains with 1B, 2B, ... between them: every B tile up to 11B is dead."""
    pos = tmp_path / "pos.toml"
    pos.write_text(SAFE_POSITION)
    path = tmp_path / "g.toml"
    result = cli("new", "--from", str(pos), game=path)
    assert result.exit_code == 0, result.output
    return path


SLOW = {
    "test_api_docs", "test_board_editions_browser", "test_console", "test_console_snapshots", "test_file_safety",
    "test_fuzzed_files", "test_hostile_bots", "test_hostile_round_two", "test_interrupts_and_pipes", "test_random_play",
    "test_ratings_browser", "test_review_browser", "test_room_access", "test_room_browser", "test_seats_browser",
    "test_serve_browser", "test_startup", "test_state_machine", "test_translations_browser", "test_translations_console",
    "test_translations_programs", "test_translations_club_browser",
}
"""The test files marked ``slow``: real browsers, the console's pilot, processes started and
interrupted, the API reference built, and whole random games by the hundred. The quick loop
leaves them out (``pytest -m "not slow"``, CONTRIBUTING); CI runs everything."""


def pytest_collection_modifyitems(items) -> None:  # type: ignore[no-untyped-def]
    """Mark every test of a file in :data:`SLOW` as ``slow``."""
    for item in items:
        if item.path.stem in SLOW:
            item.add_marker(pytest.mark.slow)


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """Say loudly, at the end of the run, when the live board's browser tests were skipped
    (no Chromium on this machine; tests/test_serve_browser.py)."""
    from tests.test_serve_browser import SKIPPED

    skipped = [r for r in terminalreporter.stats.get("skipped", []) if SKIPPED in str(r.longrepr)]
    if skipped:
        terminalreporter.write_sep("!", f"{len(skipped)} browser tests skipped", red=True, bold=True)
        terminalreporter.write_line(SKIPPED, red=True, bold=True)
