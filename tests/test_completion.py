"""Shell completion through Typer's completion machinery, for bash, zsh and fish: commands,
options, chain names, player names from the current game, and the tiles legal to place now."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES

EXE = str(Path(sys.executable).parent / "acquire-ref")


@pytest.fixture(scope="module")
def game(cli, tmp_path_factory) -> Path:
    """The mid-game example: Cat to place; Tower, Luxor and American on the board."""
    path = tmp_path_factory.mktemp("completion") / "g.toml"
    assert cli("play", EXAMPLES / "mid-game.toml", game=path).exit_code == 0
    return path


def bash(line: str, game: Path | None = None) -> list[str]:
    words = line.split(" ")
    env = {**os.environ, "_ACQUIRE_REF_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    if game is not None:
        env["ACQUIRE_GAME"] = str(game)
    out = subprocess.run([EXE], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def zsh_or_fish(shell: str, line: str, game: Path) -> str:
    env = {**os.environ, "_ACQUIRE_REF_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": line,
           "ACQUIRE_GAME": str(game)}
    if shell == "fish":
        env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    out = subprocess.run([EXE], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_commands_and_options_complete():
    assert {"place", "play"} <= set(bash("acquire-ref pl"))
    assert set(bash("acquire-ref place 5C --")) >= {"--found", "--survivor", "--order", "--help"}


def test_legal_tiles_complete_for_place(game):
    tiles = bash("acquire-ref place 9", game)
    assert "9G" in tiles and "9A" in tiles
    assert "9H" not in tiles and "9I" not in tiles  # on the board
    assert all(t.startswith("9") for t in tiles)


def test_chain_names_complete(game):
    assert bash("acquire-ref buy L", game) == ["Luxor"]  # chains on the board
    assert set(bash("acquire-ref place 9G --found ", game)) >= {"Worldwide", "Imperial"}
    assert bash("acquire-ref price Imp") == ["Imperial"]


def test_player_names_complete_from_the_game(game):
    assert bash("acquire-ref log --player B", game) == ["Ben"]


def test_zsh_and_fish(game):
    assert '"Ann"' in zsh_or_fish("zsh", "acquire-ref log --player ", game)
    assert zsh_or_fish("fish", "acquire-ref buy T", game).split() == ["Tower"]


def test_completion_without_a_game_file_offers_nothing_and_does_not_fail(tmp_path):
    assert bash("acquire-ref place 5", tmp_path / "none.toml") == []
    assert bash("acquire-ref choose T", tmp_path / "none.toml") == ["Tower"]


def test_completion_scripts_are_shown_for_each_shell():
    """Each shell's script, by the completion variable's source instruction; and
    ``--show-completion`` run from bash, which shows the script for the shell it runs in (Typer
    finds the shell among the program's parents, so it is run under one, not given one)."""
    for shell in ("bash", "zsh", "fish"):
        env = {**os.environ, "_ACQUIRE_REF_COMPLETE": f"source_{shell}"}
        out = subprocess.run([EXE], capture_output=True, text=True, timeout=60, env=env)
        assert out.returncode == 0 and "_ACQUIRE_REF_COMPLETE" in out.stdout, (shell, out.stderr)
    shown = subprocess.run(["bash", "-c", '"$0" --show-completion; exit $?', EXE], capture_output=True, text=True,
                           timeout=60)
    assert shown.returncode == 0 and "complete -o default -F _acquire_ref_completion acquire-ref" in shown.stdout


def test_completion_values_match_what_was_typed_ignoring_case():
    """Typer keeps a value that `startswith` the typed text: ours does so ignoring case."""
    from acquire_ref.cli.completion import AnyCase, matching

    assert matching(["Festival", "Tower", "Luxor"], "f") == ["Festival"]
    assert AnyCase("Festival").startswith("fEST") and AnyCase("Festival").startswith(("x", "F"))
    assert not AnyCase("Festival").startswith("t")
    assert matching(["Ann", "Ben"], "") == ["Ann", "Ben"]
