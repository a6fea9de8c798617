"""Ctrl-C and output that can't be written (DESIGN 2), through real processes.

A closed pipe ends quietly; a failed write to stdout after a saved move still exits 0 with the
move kept; Ctrl-C at any moment prints one line saying whether the move was saved, exits 130 and
leaves no temporary file; none of them shows a traceback or exits 1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, Cli, interruptible

ACQ = Path(sys.executable).parent / "acquire-ref"
ENV = {**os.environ, "NO_COLOR": "1"}
posix_only = pytest.mark.skipif(os.name != "posix", reason="pipes, /dev/full and signals as on POSIX")
pytestmark = posix_only
cli = Cli()


def started(folder: Path) -> Path:
    path = folder / "g.toml"
    assert cli(*["--game", str(path), "new", "Ann", "Ben", "Cat"]).exit_code == 0
    assert cli(*["--game", str(path), "start", "1A", "5E", "9I"]).exit_code == 0
    return path


def finished(folder: Path) -> Path:
    path = folder / "done.toml"
    assert cli(*["--game", str(path), "play", str(EXAMPLES / "six-players.toml")]).exit_code == 0
    return path


def moves(path: Path) -> int:
    import tomllib

    return len(tomllib.loads(path.read_text(encoding="utf-8"))["moves"])


def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def with_closed_stdout(*args: object) -> subprocess.CompletedProcess[str]:
    """Run the command with stdout a pipe whose reading end is already closed."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([str(ACQ), *map(str, args)], stdout=write, stderr=subprocess.PIPE, text=True, env=ENV,
                              timeout=120)
    finally:
        os.close(write)


# ----- output that can't be written -----------------------------------------------------------------
@pytest.mark.parametrize("args", [["log"], ["status"], ["score"], ["log", "--json"], ["check"]])
def test_a_closed_pipe_ends_a_read_command_quietly(tmp_path, args):
    game = finished(tmp_path)
    result = with_closed_stdout("--game", game, *args)
    assert "Traceback" not in result.stderr and "Error" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_log_into_head_reads_one_line_and_ends_quietly(tmp_path):
    game = finished(tmp_path)
    proc = subprocess.Popen([str(ACQ), "--game", str(game), "log"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=ENV)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert first.startswith(b"  1. turn 0") and "Traceback" not in err


@pytest.mark.parametrize("args", [["place", "2A"], ["place", "2A", "--found", "Tower"]])
def test_a_closed_pipe_after_a_move_keeps_the_move_and_exits_0(tmp_path, args):
    game = started(tmp_path)
    result = with_closed_stdout("--game", game, *args)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0 and moves(game) == 2
    assert temporary_files(tmp_path) == []


def test_a_full_disk_behind_stdout_keeps_the_move_exits_0_and_says_so(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    game = started(tmp_path)
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(ACQ), "--game", str(game), "place", "2A", "--found", "Tower"], stdout=full,
                                stderr=subprocess.PIPE, text=True, env=ENV, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0 and moves(game) == 2
    assert "could not be written" in result.stderr and "the move is saved" in result.stderr
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(ACQ), "--game", str(game), "status"], stdout=full, stderr=subprocess.PIPE,
                                text=True, env=ENV, timeout=120)
    assert result.returncode == 0 and "could not be written" in result.stderr and "Traceback" not in result.stderr


# ----- Ctrl-C ------------------------------------------------------------------------------------------
INTERRUPT_AT = """
import os, signal, sys
where, game = sys.argv[1], sys.argv[2]

def interrupt(real):
    def wrapper(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # as if Ctrl-C were pressed now
        return real(*args, **kwargs)
    return wrapper

if where == "write":  # while the temporary file is flushed to disk
    os.fsync = interrupt(os.fsync)
elif where == "replace":  # just before the rename
    os.replace = interrupt(os.replace)
elif where == "apply":  # before anything is written
    import acquire_ref.engine.game
    acquire_ref.engine.game.Game.apply = interrupt(acquire_ref.engine.game.Game.apply)
elif where == "output":  # the move is saved, its report is being printed
    import acquire_ref.cli.moves, acquire_ref.cli.undo, acquire_ref.quick
    for module in (acquire_ref.cli.moves, acquire_ref.cli.undo):  # the commands' `Next:`
        module.say_next = interrupt(module.say_next)
    acquire_ref.quick.next_text = interrupt(acquire_ref.quick.next_text)  # the fast path's `Next:`
elif where == "language":  # before the command's language is chosen
    import acquire_ref.language
    acquire_ref.language.of_command = interrupt(acquire_ref.language.of_command)
sys.argv = ["acquire-ref", "--game", game, *sys.argv[3:]]
import acquire_ref
acquire_ref.main()
"""


@pytest.mark.parametrize("where,saved", [("apply", False), ("write", True), ("replace", True), ("output", True)])
@pytest.mark.parametrize("args", [["place", "2A"], ["undo"]], ids=["place", "undo"])
def test_ctrl_c_says_whether_the_move_was_saved_exits_130_and_leaves_no_temporary_file(tmp_path, where, saved, args):
    game = started(tmp_path)
    before = game.read_bytes()
    result = subprocess.run([sys.executable, "-c", INTERRUPT_AT, where, str(game), *args], capture_output=True,
                            text=True, env=ENV, timeout=120, preexec_fn=interruptible)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 130, result.stderr
    lines = [line for line in result.stderr.splitlines() if "interrupted" in line]
    assert len(lines) == 1, result.stderr
    if saved:
        assert "the move is saved" in lines[0] and game.read_bytes() != before
        assert moves(game) == (2 if args[0] == "place" else 0)
    else:
        assert "nothing was saved" in lines[0] and game.read_bytes() == before
    assert temporary_files(tmp_path) == []


def test_ctrl_c_while_new_writes_the_file_leaves_no_temporary_file(tmp_path):
    game = tmp_path / "g.toml"
    result = subprocess.run([sys.executable, "-c", INTERRUPT_AT, "write", str(game), "new", "Ann", "Ben"],
                            capture_output=True, text=True, env=ENV, timeout=120, preexec_fn=interruptible)
    assert result.returncode == 130 and "Traceback" not in result.stderr, result.stderr
    assert game.exists() and temporary_files(tmp_path) == []


def test_ctrl_c_before_the_language_is_chosen_is_still_told_in_that_language(tmp_path):
    """Ctrl-C as ``--lang de`` is read: the one line says, in German, that nothing was saved."""
    game = started(tmp_path)
    before = game.read_bytes()
    result = subprocess.run([sys.executable, "-c", INTERRUPT_AT, "language", str(game), "--lang", "de", "place", "2A"],
                            capture_output=True, text=True, env=ENV, timeout=120, preexec_fn=interruptible)
    assert result.returncode == 130 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr == "acquire-ref: unterbrochen (Strg-C); nichts wurde gespeichert\n"
    assert game.read_bytes() == before


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.15, 0.25])
def test_ctrl_c_at_start_up_prints_no_traceback(tmp_path, delay):
    game = started(tmp_path)
    before = game.read_bytes()
    proc = subprocess.Popen([str(ACQ), "--game", str(game), "place", "2A"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV, preexec_fn=interruptible)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    text = err.decode()
    if "init_import_site" in text:  # the interpreter's own start-up (site), before the program's first line
        return
    # killed before Python took over SIGINT, interrupted, or already done
    assert proc.returncode in (-signal.SIGINT, 130, 0), text
    if proc.returncode == 130:
        assert text.count("interrupted") == 1
        assert ("nothing was saved" in text) == (game.read_bytes() == before)
    assert temporary_files(tmp_path) == []


def test_ctrl_c_ends_watch_quietly(tmp_path):
    game = started(tmp_path)
    proc = subprocess.Popen([str(ACQ), "--game", str(game), "watch", "--interval", "0.1"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV, preexec_fn=interruptible)
    assert proc.stdout is not None
    proc.stdout.readline()  # it has drawn the status
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and "Traceback" not in err.decode()


def test_json_under_an_ascii_locale_is_written_with_its_letters_escaped(tmp_path):
    """Under LC_ALL=C every --json of a game with Díaz printed nothing and exited 0 ("the output
    could not be written"): a letter the output can't write is escaped, as JSON allows."""
    game = tmp_path / "g.toml"
    assert subprocess.run([str(ACQ), "--game", str(game), "new", "Díaz", "Ñoño", "李"], env=ENV,
                          capture_output=True, timeout=120).returncode == 0
    ascii_env = {**ENV, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii"}
    for command in (["status", "--json"], ["log", "--json"]):
        done = subprocess.run([str(ACQ), "--game", str(game), *command], env=ascii_env, capture_output=True, timeout=120)
        assert done.returncode == 0 and done.stderr == b"", done.stderr
        assert done.stdout.isascii() and done.stdout.strip()
    status = subprocess.run([str(ACQ), "--game", str(game), "status", "--json"], env=ascii_env, capture_output=True,
                            timeout=120)
    assert [p["name"] for p in json.loads(status.stdout)["players"]] == ["Díaz", "Ñoño", "李"]


@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["log"], ["place", "3C"]])
def test_a_stdout_closed_before_the_start_takes_the_output_away_without_a_traceback(tmp_path, args):
    path = started(tmp_path)
    before, made = path.read_bytes(), moves(path)
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", str(ACQ), "--game", str(path), *args],
                          stderr=subprocess.PIPE, text=True, env=ENV, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    if args[0] == "place":
        assert moves(path) == made + 1 and "place 3C" in path.read_text(encoding="utf-8")
    else:
        assert path.read_bytes() == before


@pytest.mark.parametrize(("columns", "lines"), [("\u00b2", "\u2460"), ("0", "0"), ("5", "")])
def test_a_terminal_size_in_unicode_digits_or_too_small_is_set_aside_and_a_merger_s_payouts_are_shown(tmp_path, columns,
                                                                                                       lines):
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "4A", "9I"], ["place", "2A", "--found", "Tower"], ["buy"],
                 ["place", "5A", "--found", "Luxor"], ["buy"], ["place", "3A"]):
        assert cli("--game", str(path), *args).exit_code == 0, args
    plain = subprocess.run([str(ACQ), "--game", str(path), "score"], capture_output=True, text=True, env=ENV, timeout=120)
    odd = {**ENV, "COLUMNS": columns, "LINES": lines}
    scored = subprocess.run([str(ACQ), "--game", str(path), "score"], capture_output=True, text=True, env=odd, timeout=120)
    assert (scored.returncode, scored.stdout, scored.stderr) == (0, plain.stdout, "")
    chosen = subprocess.run([str(ACQ), "--game", str(path), "choose", "Tower"], capture_output=True, text=True, env=odd,
                            timeout=120)
    assert (chosen.returncode, chosen.stderr) == (0, "")
    assert "majority" in chosen.stdout and "Next:" in chosen.stdout


def test_a_stdin_closed_before_the_start_is_an_empty_input_and_no_terminal(tmp_path):
    path = started(tmp_path)
    assert cli("--game", str(path), "place", "3C").exit_code == 0
    made = moves(path)
    undone = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", str(ACQ), "--game", str(path), "undo"],
                            capture_output=True, text=True, env=ENV, timeout=120)
    assert (undone.returncode, "Traceback" in undone.stderr) == (0, False)
    assert moves(path) == made - 1
    played = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", str(ACQ), "--game", str(tmp_path / "p.toml"), "play", "-"],
                            capture_output=True, text=True, env=ENV, timeout=120)
    assert played.returncode == 4 and played.stderr.startswith("acquire-ref: standard input has 2 problems")
    assert not (tmp_path / "p.toml").exists()
