"""The game file (DESIGN 3): a replayable move log with a checked snapshot, written atomically."""

from __future__ import annotations

import json
import os
import stat
import tomllib

import pytest

from acquire_ref import GameFileError
from acquire_ref.files import record, storage


@pytest.fixture
def game(cli, tmp_path):
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "3C", "9A", "1B"],
                 ["place", "4C", "--found", "Imperial"], ["buy", "Imperial=2"]):
        assert cli(*args, game=path).exit_code == 0
    return path


def test_file_is_readable_toml_with_moves_in_cli_notation_and_snapshot(game):
    doc = tomllib.loads(game.read_text())
    assert doc["format"] == record.FORMAT
    assert doc["players"] == ["Ann", "Ben", "Cat"]
    assert doc["moves"] == ["start 3C 9A 1B", "place 4C --found Imperial", "buy Imperial=2"]
    snap = doc["snapshot"]
    assert snap["cash"] == {"Ann": 6000, "Ben": 5200, "Cat": 6000}
    assert snap["shares"]["Ben"] == {"Imperial": 3}
    assert snap["chains"] == {"Imperial": 2}
    assert snap["pending"] == {"decision": "place", "player": "Cat"}
    assert snap["board"][2] == "C . . I I . . . . . . . ."


def test_edited_snapshot_cash_is_refused_naming_field_and_both_values(cli, game):
    text = game.read_text().replace("Ben = 5200", "Ben = 9200")
    game.write_text(text)
    result = cli("status", game=game)
    assert result.exit_code == 4
    assert "snapshot.cash.Ben is 9200 in the file; the moves give 5200" in result.output
    assert game.read_text() == text  # never silently overwritten
    assert cli("place", "5C", game=game).exit_code == 4


def test_edited_move_log_rebuilds_snapshot_with_a_notice(cli, game):
    text = game.read_text().replace('"buy Imperial=2"', '"buy Imperial=1"')
    game.write_text(text)
    result = cli("status", "--json", game=game)
    assert result.exit_code == 0
    assert "edited by hand" in result.stderr
    assert json.loads(result.stdout)["players"][1]["cash"] == 5600
    assert cli("place", "12I", game=game).exit_code == 0
    snap = tomllib.loads(game.read_text())["snapshot"]
    assert snap["cash"]["Ben"] == 5600
    assert "edited by hand" not in cli("status", game=game).stderr


def test_deleting_the_snapshot_is_fine(cli, game):
    text = game.read_text()
    game.write_text(text[: text.index("[snapshot")])
    assert cli("status", game=game).exit_code == 0
    assert cli("place", "12I", game=game).exit_code == 0
    assert "snapshot" in tomllib.loads(game.read_text())


def test_log_that_no_longer_replays_is_refused_with_move_number(cli, game):
    game.write_text(game.read_text().replace('"buy Imperial=2"', '"buy Imperial=9"'))
    result = cli("status", game=game)
    assert result.exit_code == 4
    assert "move 3 `buy Imperial=9` is illegal" in result.output and "R6.1" in result.output


def test_newer_format_is_refused_naming_both_versions(cli, game):
    game.write_text(game.read_text().replace("format = 1", "format = 7"))
    result = cli("status", game=game)
    assert result.exit_code == 4
    assert "format 7" in result.output and "format 1" in result.output


@pytest.mark.parametrize(
    "text, words",
    [
        ('players = ["A", "B", "C"]\n', "'format' is missing"),
        ('format = "one"\nplayers = ["A", "B", "C"]\n', "format should be int"),
        ('format = 1\nplayers = "ABC"\n', "players should be list"),
        ('format = 1\nplayers = ["A", "B", "C"]\ncolour = "red"\n', "unknown key 'colour'"),
        ('format = 1\nplayers = ["A", "B", "C"]\nmoves = [1]\n', "moves[1] should be a string"),
        ('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 2A 3A", "place 1A"]\n', "move 2"),
        ('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 2A 99Z"]\n', "unreadable"),
        ('format = 1\nplayers = ["A", "A", "C"]\n', "two players"),
        ('format = 1\nplayers = ["A", "B", "C"]\nedition = "deluxe"\n', "no edition"),
    ],
)
def test_broken_files_exit_4_with_a_message(cli, tmp_path, text, words):
    path = tmp_path / "g.toml"
    path.write_text(text)
    result = cli("status", game=path)
    assert result.exit_code == 4, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_non_utf8_file_exit_4(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_bytes(b"format = 1\nplayers = [\"\xff\"]\n")
    result = cli("status", game=path)
    assert result.exit_code == 4 and "not UTF-8" in result.output


def test_superscript_count_in_a_game_file_is_exit_4(cli, tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('format = 1\nplayers = ["A", "B", "C"]\n'
                    'moves = ["start 1A 5E 9I", "place 2A --found Tower", "buy Tower=²"]\n')
    for args in (["status"], ["check"], ["play", "--check", str(path)]):
        result = cli(*args, game=path)
        assert result.exit_code == 4, result.output
        assert "whole number" in result.output


def test_write_keeps_permissions_and_leaves_no_temporary_files(cli, game):
    os.chmod(game, 0o640)
    assert cli("place", "12I", game=game).exit_code == 0
    assert stat.S_IMODE(game.stat().st_mode) == 0o640
    assert sorted(p.name for p in game.parent.iterdir() if not p.name.endswith(".lock")) == ["g.toml"]


def test_symlinked_game_file_updates_its_target(cli, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "game.toml"
    assert cli("new", "A", "B", "C", game=target).exit_code == 0
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert cli("start", "1A", "5E", "9I", game=link).exit_code == 0
    assert link.is_symlink()
    assert "start 1A 5E 9I" in target.read_text()


def test_failed_write_leaves_the_old_file(cli, game, monkeypatch):
    before = game.read_bytes()

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", broken)
    result = cli("place", "12I", game=game)
    assert result.exit_code == 4 and "No space left" in result.output
    assert game.read_bytes() == before
    assert sorted(p.name for p in game.parent.iterdir() if not p.name.endswith(".lock")) == ["g.toml"]


def test_missing_folder_is_a_message(tmp_path):
    with pytest.raises(GameFileError, match="does not exist"):
        storage.write_atomic(tmp_path / "no" / "g.toml", "x")


@pytest.mark.parametrize("where", ["fsync", "chmod", "replace"])
def test_ctrl_c_during_a_write_leaves_the_old_file_and_no_temporary_file(game, monkeypatch, where):
    """DESIGN 2 and 3: a temporary file is removed on every way out, a KeyboardInterrupt included."""
    before = game.read_bytes()

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(storage.os, where, interrupted)
    with pytest.raises(KeyboardInterrupt):
        storage.write_atomic(game, "format = 1\n")
    monkeypatch.undo()
    assert game.read_bytes() == before
    assert sorted(p.name for p in game.parent.iterdir() if not p.name.endswith(".lock")) == ["g.toml"]


def test_ctrl_c_while_the_temporary_file_is_opened_closes_and_removes_it(tmp_path, monkeypatch):
    made = []
    real_mkstemp = __import__("tempfile").mkstemp

    def mkstemp(*args, **kwargs):
        fd, name = real_mkstemp(*args, **kwargs)
        made.append(fd)
        return fd, name

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("tempfile.mkstemp", mkstemp)
    monkeypatch.setattr(storage.os, "fdopen", interrupted)
    with pytest.raises(KeyboardInterrupt):
        storage.write_atomic(tmp_path / "g.toml", "format = 1\n")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OSError):  # the descriptor was closed, not leaked
        os.fstat(made[0])


def test_play_stops_at_an_illegal_move_with_its_number_and_writes_nothing(cli, tmp_path):
    script = tmp_path / "s.toml"
    script.write_text('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 5E 9I", "place 2A", "buy Tower"]\n')
    out = tmp_path / "g.toml"
    result = cli("play", str(script), game=out)
    assert result.exit_code == 3
    assert "move 3 `buy Tower`" in result.output
    assert not out.exists()


def test_play_of_unfinished_script_leaves_a_game_to_continue(cli, tmp_path):
    script = tmp_path / "s.toml"
    script.write_text('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 5E 9I", "place 2A"]\n')
    out = tmp_path / "g.toml"
    result = cli("play", str(script), game=out)
    assert result.exit_code == 0, result.output
    assert "A to choose the chain to found" in result.output
    assert cli("choose", "Luxor", game=out).exit_code == 0
    assert json.loads(cli("status", "--json", game=out).stdout)["chains"]["Luxor"]["size"] == 2


def test_an_inline_ruleset_whose_tier_is_not_a_name_is_a_problem_not_a_crash(tmp_path, cli):
    path = tmp_path / "g.toml"
    path.write_text(
        'format = 1\nplayers = ["A", "B", "C"]\n'
        '[edition]\nname = "x"\nprice_chart = [[2, 200]]\ntiers = { a = 0 }\n'
        '[[edition.chains]]\nname = "Foo"\nletter = "F"\ntier = ["a"]\n'
    )
    result = cli("check", game=path)
    assert result.exit_code == 4, result.output
    assert "chains[1]: tier ['a'] has no prices; tiers are a" in result.output
