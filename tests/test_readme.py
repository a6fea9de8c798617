"""Every acquire-ref command shown in the README runs, in order, as a reader would type it, the
figures the README quotes are what the commands print, and its set-up commands name a shipped
example and the test command CI runs."""

from __future__ import annotations

import json
import re
import shlex
import shutil

from tests.helpers import EXAMPLES, ROOT

README = (ROOT / "README.md").read_text()


def readme_commands() -> list[list[str]]:
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("acquire-ref "):
                commands.append(shlex.split(line)[1:])
    return commands


def test_readme_shows_a_whole_table_session():
    verbs = {c[0] if not c[0].startswith("-") else c[2] for c in readme_commands()}
    assert {"new", "start", "place", "choose", "buy", "dispose", "end", "score", "why", "play", "price"} <= verbs


def test_every_readme_command_runs(cli, tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    monkeypatch.delenv("ACQUIRE_GAME", raising=False)
    outputs = {}
    for args in readme_commands():
        result = cli(*args, cwd=tmp_path)
        assert result.exit_code == 0, (args, result.output)
        outputs[" ".join(args)] = result.stdout
    # the figures the README quotes
    assert "Cat $4,500 (majority + minority (sole shareholder))" in outputs["why 3C"]
    assert "Afterwards the survivor has 11 tiles ($700 a share)" in outputs["why 3C"]
    assert "$900 a share; majority bonus $9,000, minority bonus $4,500; safe" in outputs["price Imperial 14"]
    bonus = outputs["bonus American 5 Ann=3 Ben=3 Cat=2"]
    assert "Ann (3 shares): $4,500" in bonus and "Ben (3 shares): $4,500" in bonus and "Cat (2 shares): nothing" in bonus
    doc = json.loads(cli("score", "--json", cwd=tmp_path).stdout)
    assert [(s["player"], s["cash"], s["rank"]) for s in doc["standings"]] == [
        ("Ben", 14800, 1), ("Cat", 14500, 2), ("Ann", 6000, 3), ("Dan", 6000, 3)]


def test_readme_setup_commands_play_a_shipped_example():
    text = (ROOT / "README.md").read_text()
    block = text.split("## Set up", 1)[1].split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert len(block) == 2
    install, tests = block
    example = re.search(r"play --force (examples/\S+)", install).group(1)
    assert (ROOT / example).is_file()
    assert tests == ".venv/bin/python -m pytest -n auto"
    assert tests in (ROOT / ".ci" / "run").read_text()
