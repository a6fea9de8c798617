"""What may be written where (DESIGN 3): only regular files are written over, never a file the
command reads under another name, never a game file someone else replaced meanwhile, never an
existing file by `simulate --out`; and no lock file is made before the path is known to be sound.

Behaviour that depends on the operating system (hard links, FIFOs, device nodes, a file replaced
during a command) is tested through real processes."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, Cli

ACQ = Path(sys.executable).parent / "acquire-ref"
ENV = {**os.environ, "NO_COLOR": "1", "ACQUIRE_LOCK_TIMEOUT": "30"}
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, device nodes and hard links as on POSIX")
cli = Cli()


def acq(*args: object, **kwargs) -> subprocess.CompletedProcess[str]:
    """The installed command as a real process."""
    return subprocess.run([str(ACQ), *map(str, args)], capture_output=True, text=True, env=ENV, timeout=120, **kwargs)


def invoke(*args: object):
    return cli(*[str(a) for a in args])


def started(folder: Path) -> Path:
    path = folder / "g.toml"
    assert invoke("--game", path, "new", "Ann", "Ben", "Cat").exit_code == 0
    assert invoke("--game", path, "start", "1A", "5E", "9I").exit_code == 0
    return path


def no_traceback(result) -> None:
    text = result.stdout + result.stderr if hasattr(result, "returncode") else result.output
    assert "Traceback" not in text, text[-800:]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# ----- simulate --out ---------------------------------------------------------------------------
def test_simulate_never_writes_over_an_existing_file_and_names_it(tmp_path):
    out = tmp_path / "games"
    out.mkdir()
    game = started(tmp_path)
    precious = out / "game-000001.toml"
    os.link(game, precious)  # a game file that happens to have a simulation's name
    before = game.read_bytes()
    result = invoke("simulate", "--games", "3", "--seed", "0", "--out", out)
    assert result.exit_code == 2, result.output
    assert "game-000001.toml" in result.output and "already exists" in result.output
    assert game.read_bytes() == before and precious.read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == ["game-000001.toml"]  # refused before the first game


def test_simulate_makes_its_folder_when_missing(tmp_path):
    out = tmp_path / "new" / "games"
    result = invoke("simulate", "--games", "2", "--seed", "5", "--out", out, "--json")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["game-000005.toml", "game-000006.toml"]


def test_write_new_refuses_a_file_made_after_the_check(tmp_path):
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.files.storage import write_new

    target = tmp_path / "game-000000.toml"
    target.write_text("mine")
    with pytest.raises(NotationError, match="already exists"):
        write_new(target, "theirs")
    assert target.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-000000.toml"]


# ----- outputs that are inputs under another name -------------------------------------------------
@posix_only
@pytest.mark.parametrize("option", ["--svg", "--html"])
def test_an_export_over_a_hard_link_of_the_game_file_is_refused(tmp_path, option):
    game = started(tmp_path)
    alias = tmp_path / "picture.out"
    os.link(game, alias)
    before = game.read_bytes()
    result = acq("--game", game, "status", option, alias)
    no_traceback(result)
    assert result.returncode == 2, result.stderr
    assert "is the game file" in result.stderr
    assert game.read_bytes() == before and os.path.samefile(game, alias)


@posix_only
def test_an_export_over_the_position_being_scored_is_refused(tmp_path):
    position = tmp_path / "final.toml"
    position.write_bytes((EXAMPLES / "final-position.toml").read_bytes())
    alias = tmp_path / "alias.html"
    os.link(position, alias)
    before = position.read_bytes()
    result = acq("--game", tmp_path / "none.toml", "score", "--position", position, "--html", alias)
    no_traceback(result)
    assert result.returncode == 2 and "position file" in result.stderr, result.stderr
    assert position.read_bytes() == before


@posix_only
def test_play_never_writes_the_game_over_its_own_script(tmp_path):
    script = tmp_path / "script.toml"
    script.write_bytes((EXAMPLES / "four-players.toml").read_bytes())
    alias = tmp_path / "game.toml"
    os.link(script, alias)
    before = script.read_bytes()
    for game in (alias, script, tmp_path / "." / "script.toml"):
        result = acq("--game", game, "play", "--force", script)
        no_traceback(result)
        assert result.returncode == 2 and "is the script" in result.stderr, result.stderr
    assert script.read_bytes() == before and os.path.samefile(script, alias)


@posix_only
def test_new_never_writes_the_game_over_its_position_or_ruleset(tmp_path):
    position = tmp_path / "pos.toml"
    position.write_bytes((EXAMPLES / "position.toml").read_bytes())
    rules = tmp_path / "rules.toml"
    rules.write_bytes((EXAMPLES / "rulesets" / "eight-chains.toml").read_bytes())
    os.link(rules, tmp_path / "rules-alias.toml")
    saved = {p: p.read_bytes() for p in (position, rules)}
    result = acq("--game", position, "new", "--force", "--from", position)
    assert result.returncode == 2 and "position file" in result.stderr, result.stderr
    result = acq("--game", tmp_path / "rules-alias.toml", "new", "--force", "A", "B", "C", "--edition", rules)
    assert result.returncode == 2 and "ruleset file" in result.stderr, result.stderr
    assert all(p.read_bytes() == data for p, data in saved.items())


# ----- only regular files are written over -----------------------------------------------------------
def _special(kind: str, folder: Path) -> Path:
    path = folder / f"{kind}.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # what /dev/null is
        except (PermissionError, OSError):
            pytest.skip("making a device node needs privileges")
    elif kind == "link-to-fifo":
        os.mkfifo(folder / "target-fifo")
        path.symlink_to(folder / "target-fifo")
    else:
        path.mkdir()
    return path


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device", "link-to-fifo", "folder"])
@pytest.mark.parametrize("args", [["new", "--force", "Ann", "Ben"], ["play", "--force", str(EXAMPLES / "mid-game.toml")]],
                         ids=["new", "play"])
def test_force_writes_over_regular_files_only(tmp_path, kind, args):
    path = _special(kind, tmp_path)
    real = path.resolve()
    mode = os.lstat(real).st_mode
    result = acq("--game", path, *args)
    no_traceback(result)
    assert result.returncode == 4, result.stderr
    assert "only regular files are written over" in result.stderr
    assert os.lstat(real).st_mode == mode  # still a FIFO, a device, a folder
    assert path.is_symlink() == (kind == "link-to-fifo")
    assert not Path(str(path) + ".lock").exists() and leftovers(tmp_path) == []


@posix_only
def test_an_export_to_a_fifo_is_refused_without_blocking(tmp_path):
    game = started(tmp_path)
    fifo = _special("fifo", tmp_path)
    result = acq("--game", game, "status", "--svg", fifo)
    no_traceback(result)
    assert result.returncode == 4 and "only regular files" in result.stderr, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# ----- a game file replaced or changed by someone else during a command ----------------------------
REPLACE_DURING = """
import os, sys
from pathlib import Path
import acquire_ref.files.record as record

game, how = Path(sys.argv[1]), sys.argv[2]
real_dumps = record.Record.dumps

def dumps(self, game_now):
    text = real_dumps(self, game_now)
    if how == "replace":  # an editor saves its own version: a new file renamed over the old one
        other = game.with_name("edited.toml")
        other.write_text(game.read_text() + "# edited by hand\\n")
        os.replace(other, game)
    else:  # a program appends to the same file
        with open(game, "a") as fh:
            fh.write("# appended\\n")
    return text

record.Record.dumps = dumps
sys.argv = ["acquire-ref", "--game", str(game), *sys.argv[3:]]
from acquire_ref.cli import run
run()
"""


@posix_only
@pytest.mark.parametrize("how", ["replace", "append"])
@pytest.mark.parametrize("args", [["place", "2A"], ["undo"]], ids=["place", "undo"])
def test_a_game_file_changed_during_a_command_is_not_overwritten(tmp_path, how, args):
    game = started(tmp_path)
    result = subprocess.run([sys.executable, "-c", REPLACE_DURING, str(game), how, *args],
                            capture_output=True, text=True, env=ENV, timeout=120)
    no_traceback(result)
    assert result.returncode == 5, result.stderr
    assert "replaced or changed by another program" in result.stderr and "nothing was written" in result.stderr
    assert game.read_text().endswith("# edited by hand\n" if how == "replace" else "# appended\n")
    assert leftovers(tmp_path) == []


# ----- lock files: the path is checked first, and a lock that can't be made is named at once ---------
@posix_only
def test_no_lock_file_is_made_beside_a_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    result = acq("--game", "sub", "place", "1A", cwd=tmp_path)
    no_traceback(result)
    assert result.returncode == 4 and "is a folder" in result.stderr, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]


@posix_only
def test_the_root_folder_gets_no_lock_file(tmp_path):
    if Path("/.lock").exists():
        pytest.skip("/.lock exists already")
    result = acq("--game", "/", "undo")
    no_traceback(result)
    assert result.returncode == 4 and "is a folder" in result.stderr
    assert not Path("/.lock").exists()


@posix_only
def test_a_lock_file_that_cannot_be_made_is_named_not_taken_for_another_command(tmp_path):
    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc")
    result = acq("--game", "/proc/self/status", "place", "1A")
    no_traceback(result)
    assert result.returncode == 4, result.stderr
    assert "can't make the lock file" in result.stderr and "locked by another" not in result.stderr


# ----- the option and the kind of file in messages -----------------------------------------------------
def test_an_empty_or_folder_edition_names_the_option_and_the_kind_of_file(tmp_path):
    game = tmp_path / "g.toml"
    result = invoke("--game", game, "new", "A", "B", "--edition", "")
    assert result.exit_code == 2 and "--edition" in result.output and "ruleset" in result.output
    (tmp_path / "rules.toml").mkdir()
    result = invoke("--game", game, "new", "A", "B", "--edition", tmp_path / "rules.toml")
    assert result.exit_code == 4 and "--edition" in result.output and "not a ruleset file" in result.output
    result = invoke("--game", game, "new", "--from", tmp_path)
    assert result.exit_code == 4 and "--from" in result.output and "not a position file" in result.output
    result = invoke("--game", game, "play", tmp_path)
    assert result.exit_code == 4 and "not a script" in result.output
    assert not game.exists()
