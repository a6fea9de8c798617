"""The documentation matches the product: the game-file man page names every key and move, it is
installed with the package, and the README's set-up commands name a shipped example."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from acquire_ref.setup import POSITION_KEYS
from acquire_ref.record import _KEYS
from tests.helpers import ROOT

MAN5 = ROOT / "man" / "acquire-ref.5"


def test_man5_documents_every_key_and_move():
    text = MAN5.read_text()
    for key in _KEYS:
        assert re.search(rf"^\.BR {key} ", text, re.M), key
    for key in POSITION_KEYS:
        assert re.search(rf"^\.BR {key} ", text, re.M), key
    for verb in ("start", "place", "choose", "dispose", "buy", "pass", "discard", "end"):
        assert re.search(rf'^\.B(I)? "?{verb}\b', text, re.M), verb


def test_man5_is_installed_with_the_package():
    installed = Path(sys.prefix) / "share" / "man" / "man5" / "acquire-ref.5"
    assert installed.is_file(), "install with `pip install .` so the man page is installed"
    assert installed.read_text() == MAN5.read_text()


def test_readme_setup_commands_play_a_shipped_example():
    text = (ROOT / "README.md").read_text()
    block = text.split("## Set up", 1)[1].split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert len(block) == 2
    install, tests = block
    example = re.search(r"play --force (examples/\S+)", install).group(1)
    assert (ROOT / example).is_file()
    assert tests == ".venv/bin/python -m pytest"
    assert tests in (ROOT / ".ci" / "run").read_text()
