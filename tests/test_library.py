"""acquire-ref as a library: the package is typed, ``load``/``save`` go through storage's lock and
version-checked atomic write, and the README's Python example runs as a doctest."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys

import pytest

import acquire_ref
from acquire_ref import GameBusyError, GameFile, IllegalMoveError, load, parse_move, save
from acquire_ref.words.events import told
from tests.helpers import ROOT


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)


def test_the_package_is_typed():
    assert (ROOT / "acquire_ref" / "py.typed").is_file()
    import tomllib

    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["acquire_ref"]
    assert "py.typed" in shipped
    assert {"load", "save", "GameFile"} <= set(acquire_ref.__all__)


def test_importing_the_package_stays_cheap():
    code = "import sys, acquire_ref; print(sorted(m for m in sys.modules if m.startswith('acquire_ref')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['acquire_ref']"


def test_the_readme_python_example_runs(cli, tmp_path, monkeypatch):
    blocks = python_blocks()
    assert blocks, "the README has a Python example"
    monkeypatch.chdir(tmp_path)
    assert cli("new", "Ann", "Ben", "Cat", game=tmp_path / "demo.toml").exit_code == 0
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README python block {i + 1}", "README.md", 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.fixture
def handle(cli, tmp_path) -> GameFile:
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    return load(path)


def test_save_writes_what_the_command_line_would(cli, handle, tmp_path):
    other = tmp_path / "cli.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=other).exit_code == 0
    assert cli("start", "1A", "5E", "9I", game=other).exit_code == 0
    handle.game.apply(parse_move("start 1A 5E 9I"))
    save(handle)
    assert handle.path.read_bytes() == other.read_bytes()


def test_save_refuses_a_file_another_program_changed(cli, handle):
    assert cli("start", "1A", "5E", "9I", game=handle.path).exit_code == 0
    before = handle.path.read_bytes()
    handle.game.apply(parse_move("start 2A 6E 10I"))
    with pytest.raises(GameBusyError):
        save(handle)
    assert handle.path.read_bytes() == before


def test_apply_refuses_an_illegal_move_and_leaves_the_file(handle):
    before = handle.path.read_bytes()
    with pytest.raises(IllegalMoveError):
        handle.apply("buy Tower")
    assert handle.path.read_bytes() == before
    assert told(handle.apply("start 1A 5E 9I")[-1]).startswith("Ann goes first")
    assert load(handle.path).game.moves == handle.game.moves
