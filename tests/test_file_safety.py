"""The game file's safety: what a crash, a second command, a held lock, an unwritable or
unsearchable folder or disk, a missing folder, or a hostile game file does to the game file
(README "The game file", DESIGN 2 and 3).

The contract under test: the game file is replaced atomically (a temporary file in the same
folder, fsync, ``os.replace``) while holding ``GAME.lock``; exit codes are 0 done, 1 internal bug,
2 usage, 3 illegal move, 4 game file missing, corrupt, inconsistent or unwritable, 5 locked; a
refused command leaves the file byte-identical; nothing a user can cause shows a Python traceback.

Most tests drive the installed console script as real processes (SIGKILL, races and locks need
real processes); the hostile-file corpus runs in-process through Typer's CliRunner for speed,
with a sample (and every case that hangs or crashes) also run as a real process.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from acquire_ref.engine.moves import parse_tokens
from acquire_ref.files.record import to_toml
from acquire_ref.files.storage import load_game
from tests.helpers import EXAMPLES, installed, refused

ACQ = installed()
POSIX = os.name == "posix"
IS_ROOT = POSIX and os.geteuid() == 0
FOUR = EXAMPLES / "four-players.toml"
SIX = EXAMPLES / "six-players.toml"

posix_only = pytest.mark.skipif(not POSIX, reason="SIGKILL, FIFOs and file modes are POSIX")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ACQUIRE_GAME", "ACQUIRE_LOCK_TIMEOUT")}
    env.update({"NO_COLOR": "1", "COLUMNS": "120", "PYTHONIOENCODING": "utf-8"}, **extra)
    return env


ENV = _env()


def acq(*args, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run the installed ``acquire-ref`` with ``args``; text output, decoded leniently."""
    return subprocess.run([str(ACQ), *map(str, args)], capture_output=True, env=env or ENV, timeout=timeout,
                          text=True, encoding="utf-8", errors="replace")


def assert_clean_refusal(result, code: int) -> None:
    """A CliRunner result that exited ``code`` through the CLI's own error handling."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


def started_game(cli, folder: Path, name: str = "game.toml") -> Path:
    """Three players, start tiles down, Ann (1A) to place: `place 2A` is legal next."""
    path = folder / name
    for args in (["new", "Ann", "Ben", "Cat"], ["start", "1A", "5E", "9I"]):
        assert cli(*args, game=path).exit_code == 0
    return path


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# ---------------------------------------------------------------------------------------------
# 1. SIGKILL at any moment: the game file is the old version or the new one, never torn
# ---------------------------------------------------------------------------------------------


def _after(path: Path, words: list[str]) -> bytes:
    """The bytes the game file must hold once the move ``words`` is made (what the CLI writes)."""
    game, record, _ = load_game(path)
    game.apply(parse_tokens(words, game.edition))
    return to_toml(record, game).encode("utf-8")


def _run_then_kill(args: list, delay: float) -> tuple[int, str, float]:
    """Start ``acquire-ref ARGS``, SIGKILL it after ``delay`` seconds if it still runs.

    Returns (exit status, stderr, seconds it ran); the status is -9 when the kill landed.
    """
    t0 = time.monotonic()
    proc = subprocess.Popen([str(ACQ), *map(str, args)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err.decode("utf-8", "replace"), time.monotonic() - t0


@posix_only
def test_sigkill_at_random_moments_leaves_the_old_or_the_new_game_file_and_loses_no_acknowledged_move(tmp_path):
    """Play four-players.toml one command at a time (from ten moves before its first merger), then
    `play --force` two scripts over the same file, killing the process with SIGKILL at random
    moments: a fixed number of runs (45), however many kills land before the process ends by
    itself on this machine; the counts are printed.

    After every kill the file must be byte-identical to the version before the command or to the
    version the command writes (computed in-process), load and replay; a command that exited 0
    must have written its version (an acknowledged move is never lost).

    A kill between creating the temporary file and renaming it leaves a stray
    ``.game.toml.XXXX.tmp`` beside the game file: that is expected, and harmless (the next
    write makes its own); only the game file itself must be whole.
    """
    rng = random.Random()
    path = tmp_path / "game.toml"
    four = tomllib.loads(FOUR.read_text(encoding="utf-8"))
    # start ten moves before the first disposal, so the killed commands include a three-chain
    # merger, its disposals and their longer output
    first = min(n for n, m in enumerate(four["moves"]) if m.startswith("dispose")) - 10
    prefix = tmp_path / "prefix-script.toml"
    prefix.write_text(f"format = 1\nplayers = {json.dumps(four['players'])}\n"
                      f"moves = {json.dumps(four['moves'][:first])}\n", encoding="utf-8")
    assert acq("--game", path, "play", prefix).returncode == 0
    moves = [m.split() for m in four["moves"][first:]]
    stats = Counter()
    durations: list[float] = []
    kills = 0

    def attempt(args: list, before: bytes, after: bytes, delay: float | None) -> str:
        """One run of ``args`` (killed after ``delay`` s, or run to its end); what became of it."""
        nonlocal kills
        strays = len(temp_files(tmp_path))
        rc, err, took = _run_then_kill(args, 120 if delay is None else delay)
        if delay is None:
            durations.append(took)
        now = path.read_bytes()  # FileNotFoundError here = the game file went missing
        assert "Traceback" not in err, err
        assert rc in (0, -signal.SIGKILL), f"{args}: exit {rc}: {err}"
        assert now in (before, after), (
            f"after SIGKILL at {delay!r} s of {args} the file ({len(now)} bytes) is neither the old "
            f"({len(before)} bytes) nor the new version ({len(after)} bytes)")
        load_game(path)  # parses and replays
        if rc == 0:
            assert now == after, f"{args} exited 0 but its move is not in the file"
            outcome = "completed"
        else:
            kills += 1
            outcome = "killed, file unchanged" if now == before else "killed after the rename"
            if len(temp_files(tmp_path)) > strays:
                stats["killed while writing the temporary file"] += 1
        stats[outcome] += 1
        return outcome

    def delay_near(save_at: float, typical: float) -> float:
        # mostly around the estimated moment of the save, sometimes anywhere in the run
        return save_at * rng.uniform(0.93, 1.07) if rng.random() < 0.8 else rng.uniform(0, 1.3 * typical)

    def learn(save_at: float, outcome: str) -> float:
        # a kill that found the old file came too early; one that found the new file, or a
        # command that had already finished, too late
        return save_at * {"killed, file unchanged": 1.05, "killed after the rename": 0.95, "completed": 0.9}[outcome]

    # Phase 1: one move per process; the first three run to completion, to time a command.
    i = checked = runs = 0
    save_at = typical = 0.0
    while i < len(moves) and runs < 30:
        runs += 1
        words = moves[i]
        before, after = path.read_bytes(), _after(path, words)
        args = ["--game", path, *words]
        if len(durations) < 3:
            outcome = attempt(args, before, after, None)
            typical = sorted(durations)[len(durations) // 2]
            save_at = 0.8 * typical
        else:
            outcome = attempt(args, before, after, delay_near(save_at, typical))
            save_at = learn(save_at, outcome)
            if outcome == "killed, file unchanged" and rng.random() < 0.3:
                outcome = attempt(args, before, after, None)  # the table types it again
        if outcome != "killed, file unchanged":
            i += 1
        if kills >= checked + 10:  # now and then, the installed `check` too
            checked = kills
            assert acq("check", path).returncode == 0
    assert i >= 8, f"only {i} moves made"
    log = json.loads(acq("--game", path, "log", "--json").stdout)
    assert [row["move"] for row in log] == [str(m) for m in load_game(path)[0].moves]
    assert len(log) == first + i  # every move that was made (acknowledged or not) is in the log

    # Phase 2: `play --force` of whole scripts over the same file.
    ref = tmp_path / "ref"
    ref.mkdir()
    expected, play_durations = {}, []
    for script in (FOUR, SIX):
        t0 = time.monotonic()
        assert acq("--game", ref / "game.toml", "play", "--force", script).returncode == 0
        play_durations.append(time.monotonic() - t0)
        expected[script] = (ref / "game.toml").read_bytes()
    typical = max(play_durations)
    save_at = 0.8 * typical
    k = 0
    for _ in range(15):
        script = (FOUR, SIX)[k % 2]
        before = path.read_bytes()
        outcome = attempt(["--game", path, "play", "--force", script], before, expected[script],
                          delay_near(save_at, typical))
        save_at = learn(save_at, outcome)
        if outcome != "killed, file unchanged":
            k += 1
    assert acq("check", path).returncode == 0

    assert sum(stats.values()) >= 45, dict(stats)  # every run was checked, killed or not
    leftovers = [p.name for p in tmp_path.iterdir() if p.is_file()]
    assert all(n in ("game.toml", "game.toml.lock", prefix.name) or (n.startswith(".game.toml.") and n.endswith(".tmp"))
               for n in leftovers), leftovers
    print(f"\nSIGKILL: {kills} kills, {dict(stats)}, {len(temp_files(tmp_path))} stray .tmp file(s)")


# ---------------------------------------------------------------------------------------------
# 2. Several processes changing the same game at once lose no move
# ---------------------------------------------------------------------------------------------

# 30 tiles no two of which touch: with no chain on the board, each placement is a lone tile and
# the turn finishes by itself (nothing can be bought, R6.2), so any of them is a legal next move.
ISOLATED = [f"{c}{r}" for r in "ACEGI" for c in range(1, 12, 2)]
START, FREE = ISOLATED[:6], ISOLATED[6:]
SEATS = ["A", "B", "C", "D", "E", "F"]


def _race(commands: list[list], path: Path) -> list[subprocess.CompletedProcess]:
    """Run each list of command lines in its own thread, all threads starting together."""
    barrier = threading.Barrier(len(commands))

    def worker(lines):
        barrier.wait()
        return [acq("--game", path, *line) for line in lines]

    with ThreadPoolExecutor(len(commands)) as pool:
        return list(pool.map(worker, commands))


@posix_only
def test_six_processes_placing_tiles_at_once_lose_no_move_and_double_no_move(tmp_path):
    """Six threads each run 6 `place TILE` processes concurrently (36 processes): every one of the
    24 free tiles is some thread's own, and 2 more per thread are also tried by another thread.
    Every tile is placed by exactly one command that exited 0; the others exit 3; the move log
    holds exactly the commands that exited 0, the turns rotate in seating order, and it replays."""
    path = tmp_path / "game.toml"
    assert acq("--game", path, "new", *SEATS).returncode == 0
    assert acq("--game", path, "start", *START).returncode == 0
    rng = random.Random(2026)
    plans = []
    for i in range(6):
        own = FREE[4 * i: 4 * i + 4]
        plan = own + rng.sample([t for t in FREE if t not in own], 2)
        rng.shuffle(plan)
        plans.append([["place", t] for t in plan])
    results = _race(plans, path)

    won = []
    for lines, outs in zip(plans, results, strict=True):
        for (_, tile), r in zip(lines, outs, strict=True):
            assert "Traceback" not in r.stderr + r.stdout
            assert r.returncode in (0, 3), f"place {tile}: exit {r.returncode}: {r.stderr}"
            if r.returncode == 0:
                won.append(tile)
            else:
                assert f"{tile} is already on the board" in r.stderr
    assert sorted(won) == sorted(FREE), "each tile must be placed by exactly one command"

    log = json.loads(acq("--game", path, "log", "--json").stdout)
    assert log[0]["move"] == "start " + " ".join(START)
    placed = [row["move"] for row in log[1:]]
    assert sorted(placed) == sorted(f"place {t}" for t in won)
    assert [row["player"] for row in log[1:]] == [SEATS[k % 6] for k in range(24)]
    assert tomllib.loads(path.read_text(encoding="utf-8"))["moves"] == [row["move"] for row in log]
    assert acq("check", path).returncode == 0
    status = json.loads(acq("--game", path, "status", "--json").stdout)
    assert status["bag"] == 108 - 6 - 6 * 6 - 24


@posix_only
def test_racing_answers_to_one_decision_exactly_one_is_taken(tmp_path):
    """Six processes answer the same pending decision at once, each differently (`choose` six
    different chains, then six different `buy` orders): exactly one exits 0 and is the move in
    the log; the other five exit 3 and change nothing."""
    path = tmp_path / "game.toml"
    assert acq("--game", path, "new", *SEATS).returncode == 0
    assert acq("--game", path, "start", *START).returncode == 0
    assert acq("--game", path, "place", "2A").returncode == 0  # joins 1A and 3A: A founds a chain
    chains = ["Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial"]
    outs = [r for rs in _race([[["choose", c]] for c in chains], path) for r in rs]
    assert sorted(r.returncode for r in outs) == [0, 3, 3, 3, 3, 3], [r.stderr for r in outs]
    assert all("Traceback" not in r.stderr for r in outs)
    chain = chains[[r.returncode for r in outs].index(0)]
    status = json.loads(acq("--game", path, "status", "--json").stdout)
    assert list(status["chains"]) == [chain]
    assert status["pending"]["decision"] == "buy"

    orders = [["buy"], ["buy", f"{chain}=1"], ["buy", f"{chain}=2"], ["buy", f"{chain}=3"],
              ["buy", chain, chain], ["buy", f"{chain}=1", f"{chain}=1"]]
    outs = [r for rs in _race([[o] for o in orders], path) for r in rs]
    assert sorted(r.returncode for r in outs) == [0, 3, 3, 3, 3, 3], [r.stderr for r in outs]
    order = orders[[r.returncode for r in outs].index(0)]
    bought = sum(int(w.partition("=")[2] or 1) for w in order[1:])
    log = json.loads(acq("--game", path, "log", "--json").stdout)
    assert [row["move"].split()[0] for row in log] == ["start", "place", "choose", "buy"]
    status = json.loads(acq("--game", path, "status", "--json").stdout)
    assert status["players"][0]["shares"].get(chain, 0) == 1 + bought  # founder's share + the buy
    assert (status["pending"]["player"], status["pending"]["decision"]) == ("B", "place")
    assert acq("check", path).returncode == 0


# ---------------------------------------------------------------------------------------------
# 3. A command that waits too long for the lock exits 5 with a message
# ---------------------------------------------------------------------------------------------

WRITES = {
    "place": ["place", "2A"],
    "undo": ["undo"],
    "new-force": ["new", "--force", "Xa", "Ya", "Za"],
    "play-force": ["play", "--force", FOUR],
}


@posix_only
@pytest.mark.parametrize("args", list(WRITES.values()), ids=list(WRITES))
def test_a_command_that_waits_too_long_for_the_lock_exits_5_and_changes_nothing(cli, tmp_path, args):
    from acquire_ref.files.storage import locked

    path = started_game(cli, tmp_path)
    before = path.read_bytes()
    env = _env(ACQUIRE_LOCK_TIMEOUT="0.5")
    with locked(path, 0):
        t0 = time.monotonic()
        r = acq("--game", path, *args, env=env)
        waited = time.monotonic() - t0
    assert r.returncode == 5, r.stderr
    assert "locked" in r.stderr and str(path) in r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert path.read_bytes() == before
    assert waited >= 0.5, waited  # it waited the timeout out before giving up
    assert acq("--game", path, *args, env=env).returncode == 0  # the lock was the only obstacle


@posix_only
@pytest.mark.parametrize("value", ["abc", "", "nan"])
def test_a_malformed_lock_timeout_is_reported_not_a_traceback(cli, tmp_path, value):
    path = started_game(cli, tmp_path)
    before = path.read_bytes()
    r = acq("--game", path, "place", "2A", env=_env(ACQUIRE_LOCK_TIMEOUT=value))
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode in (0, 2), r.stderr  # a usage error, or the default timeout
    if r.returncode == 2:
        assert "ACQUIRE_LOCK_TIMEOUT" in r.stderr and path.read_bytes() == before


# ---------------------------------------------------------------------------------------------
# 4. Read-only folder or file, full disk, missing folder: exit 4, a message, the file unchanged
# ---------------------------------------------------------------------------------------------


def _modes_enforced(folder: Path) -> bool:
    """Does a folder with mode 555 refuse a new file here? Not for root (CAP_DAC_OVERRIDE) nor on
    Windows: then a read-only folder is simulated."""
    if not POSIX:
        return False
    probe = folder / "mode-probe"
    probe.mkdir()
    os.chmod(probe, 0o555)
    try:
        (probe / "x").touch()
    except PermissionError:
        return True
    else:
        (probe / "x").unlink()
        return False
    finally:
        os.chmod(probe, 0o755)
        probe.rmdir()


def refuse_temporary_files_in(folder: Path, monkeypatch) -> None:
    """Make creating a temporary file in ``folder`` fail as a read-only folder would."""
    real = tempfile.mkstemp

    def refuse(*a, dir=None, **kw):
        if dir is not None and Path(dir).resolve() == folder.resolve():
            raise PermissionError(13, "Permission denied", str(dir))
        return real(*a, dir=dir, **kw)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


@pytest.mark.parametrize("args", list(WRITES.values()), ids=list(WRITES))
def test_a_read_only_folder_is_exit_4_naming_the_problem_and_changes_nothing(cli, tmp_path, monkeypatch, args):
    path = started_game(cli, tmp_path)
    before = path.read_bytes()
    if not _modes_enforced(tmp_path):
        # file modes are not enforced here (root has CAP_DAC_OVERRIDE): simulate what a
        # read-only folder does to the temporary file
        refuse_temporary_files_in(tmp_path, monkeypatch)
        result = cli(*args, game=path)
        assert_clean_refusal(result, 4)
        message = result.stderr
    else:
        os.chmod(tmp_path, 0o555)
        try:
            r = acq("--game", path, *args, env=_env(ACQUIRE_LOCK_TIMEOUT="3"))
        finally:
            os.chmod(tmp_path, 0o755)
        assert r.returncode == 4, r.stderr
        assert "Traceback" not in r.stderr
        message = r.stderr
    assert "Permission denied" in message and str(path) in message
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_a_read_only_folder_refuses_a_new_game_file_without_creating_it(cli, tmp_path, monkeypatch):
    refuse_temporary_files_in(tmp_path, monkeypatch)
    path = tmp_path / "fresh.toml"
    result = cli("new", "Ann", "Ben", "Cat", game=path)
    assert_clean_refusal(result, 4)
    assert "Permission denied" in result.stderr
    assert not path.exists() and temp_files(tmp_path) == []


@pytest.mark.parametrize("args", list(WRITES.values()), ids=list(WRITES))
def test_a_full_disk_at_fsync_is_exit_4_and_leaves_the_old_file(cli, tmp_path, monkeypatch, args):
    path = started_game(cli, tmp_path)
    before = path.read_bytes()

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = cli(*args, game=path)
    assert_clean_refusal(result, 4)
    assert "No space left on device" in result.stderr and str(path) in result.stderr
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


@pytest.mark.parametrize("args", list(WRITES.values()), ids=list(WRITES))
def test_a_disk_that_fills_halfway_through_the_write_leaves_the_old_file(cli, tmp_path, monkeypatch, args):
    """The temporary file gets half the text, then the disk is full: the game file is untouched."""
    path = started_game(cli, tmp_path)
    before = path.read_bytes()
    made: set[int] = set()
    real_mkstemp, real_fdopen = tempfile.mkstemp, os.fdopen

    def mkstemp(*a, **kw):
        fd, name = real_mkstemp(*a, **kw)
        made.add(fd)
        return fd, name

    class HalfFull:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()
            return False

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            self.fh.flush()
            raise OSError(28, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.fh, name)

    def fdopen(fd, *a, **kw):
        fh = real_fdopen(fd, *a, **kw)
        return HalfFull(fh) if fd in made else fh

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fdopen", fdopen)
    result = cli(*args, game=path)
    assert made, "the write did not go through a temporary file"
    assert_clean_refusal(result, 4)
    assert "No space left on device" in result.stderr
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def _private_mount_namespace() -> bool:
    if not (IS_ROOT and sys.platform.startswith("linux") and shutil.which("unshare") and shutil.which("mount")):
        return False
    probe = subprocess.run(["unshare", "-m", "--propagation", "private", "true"], capture_output=True)
    return probe.returncode == 0


REAL_FS = r"""
import json, os, subprocess, sys
mnt, acq, game = sys.argv[1:4]
mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=128k", "tmpfs", mnt], capture_output=True, text=True)
if mounted.returncode:
    print(json.dumps({"skip": mounted.stderr}))
    sys.exit(0)
out = {}
path = os.path.join(mnt, "game.toml")
with open(path, "w") as fh:
    fh.write(game)
def run(key, *args):
    before = open(path, "rb").read()
    r = subprocess.run([acq, "--game", *args], capture_output=True, text=True)
    out[key] = {"rc": r.returncode, "err": r.stderr, "same": open(path, "rb").read() == before,
                "files": sorted(os.listdir(mnt))}
fd = os.open(os.path.join(mnt, "fill"), os.O_WRONLY | os.O_CREAT)
try:
    while True:
        os.write(fd, b"\0" * 1024)
except OSError:
    pass
os.close(fd)
run("full-place", path, "place", "2A")
run("full-new", os.path.join(mnt, "new.toml"), "new", "Xa", "Ya", "Za")
os.remove(os.path.join(mnt, "fill"))
subprocess.run(["mount", "-o", "remount,ro", mnt], check=True)
run("ro-place", path, "place", "2A")
run("ro-new", os.path.join(mnt, "other.toml"), "new", "Xa", "Ya", "Za")
run("ro-status", path, "status")
print(json.dumps(out))
"""


@pytest.mark.skipif(not _private_mount_namespace(), reason="needs root and `unshare -m` for a private tmpfs")
def test_a_real_full_disk_and_a_real_read_only_filesystem_are_exit_4(cli, tmp_path):
    """No simulation: a 128 KiB tmpfs in a private mount namespace (gone when the helper exits),
    filled to the last byte, then remounted read-only."""
    game = started_game(cli, tmp_path).read_text(encoding="utf-8")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    r = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable, "-c", REAL_FS,
                        str(mnt), str(ACQ), game], capture_output=True, text=True, env=ENV, timeout=60)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    if "skip" in out:
        pytest.skip(f"can't mount a tmpfs: {out['skip']}")
    for key, want in (("full-place", "No space left on device"), ("full-new", "No space left on device"),
                      ("ro-place", "Read-only file system"), ("ro-new", "Read-only file system")):
        res = out[key]
        assert res["rc"] == 4, (key, res)
        assert want in res["err"] and "Traceback" not in res["err"], (key, res)
        assert res["same"], key
        assert not [f for f in res["files"] if f.endswith(".tmp")], (key, res["files"])
        assert "new.toml" not in res["files"] and "other.toml" not in res["files"]
    assert out["ro-status"]["rc"] == 0  # reading a game on a read-only disk still works


MISSING = {
    "status": (["status"], "no such game file"),
    "check": (["check"], "no such game file"),
    "place": (["place", "2A"], "no such game file"),
    "undo": (["undo"], "no such game file"),
    "new": (["new", "Ann", "Ben", "Cat"], "does not exist"),
    "play": (["play", FOUR], "does not exist"),
}


@pytest.mark.parametrize("args,says", list(MISSING.values()), ids=list(MISSING))
def test_a_missing_folder_is_exit_4_naming_it_and_creates_nothing(cli, tmp_path, args, says):
    path = tmp_path / "no" / "such" / "game.toml"
    result = cli(*args, game=path)
    assert_clean_refusal(result, 4)
    assert says in result.output and str(path.parent if says == "does not exist" else path) in result.output
    assert not (tmp_path / "no").exists()


def test_a_missing_folder_in_a_real_process_has_no_traceback(tmp_path):
    path = tmp_path / "no" / "game.toml"
    for args in (["new", "Ann", "Ben", "Cat"], ["place", "2A"]):
        r = acq("--game", path, *args)
        assert r.returncode == 4 and r.stderr.startswith("acquire-ref: ") and "Traceback" not in r.stderr
    assert not path.parent.exists()


def test_missing_folder_is_not_created(cli, tmp_path):
    target = tmp_path / "no" / "such" / "g.toml"
    result = cli("new", "A", "B", "C", game=target)
    assert result.exit_code == 4 and "does not exist" in result.output
    assert not (tmp_path / "no").exists()
    result = cli("play", str(EXAMPLES / "mid-game.toml"), game=target)
    assert result.exit_code == 4 and not (tmp_path / "no").exists()


def test_read_only_game_file_is_not_overwritten(cli, founding):
    os.chmod(founding, 0o444)
    out = refused(cli, founding, "choose", "Tower", code=4)
    assert "read-only" in out
    os.chmod(founding, 0o644)


def test_unsearchable_folder_is_a_message(cli, founding, monkeypatch):
    def denied(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "exists", denied)
    result = cli("choose", "Tower", game=founding)
    assert result.exit_code == 4 and "Permission denied" in result.output


# ---------------------------------------------------------------------------------------------
# 5. A corpus of malformed and hostile game files: exit 4, a message, no traceback, quickly
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base_game(cli, tmp_path_factory) -> str:
    """A complete four-player game file, snapshot and digest included."""
    path = tmp_path_factory.mktemp("base") / "game.toml"
    assert cli("play", "--force", FOUR, game=path).exit_code == 0
    return path.read_text(encoding="utf-8")


HEAD = 'format = 1\nplayers = ["Ann", "Ben", "Cat"]\n'
P3 = 'players = ["Ann", "Ben", "Cat"]\n'


def _moves(*moves: str) -> str:
    return HEAD + "moves = " + json.dumps(list(moves)) + "\n"


def _snap(old: str, new: str):
    """The complete game with one snapshot line changed; the digest still matches the moves, so
    the change counts as an edited snapshot (refused) rather than an edited log (rebuilt)."""
    def make(base: str) -> str:
        assert old in base
        return base.replace(old, new, 1)
    return make


def _junk_moves(base: str = "") -> str:
    """About 10 MB of moves made of letters, digits, signs and a few non-ASCII characters."""
    rng = random.Random(10)
    items = ("".join(rng.choices("abcxyz 019-=Ä€", k=60)) for _ in range(125_000))
    return HEAD + "moves = [\n" + "".join(json.dumps(s, ensure_ascii=False) + ",\n" for s in items) + "]\n"


DIGITS = "9" * 5000  # beyond Python's 4300-digit limit for int(str)

# id -> (content: bytes | str | callable(base) -> bytes | str, bug reason or None)
CORPUS = {
    # encodings
    "non-utf8-bytes": (b'format = 1\nplayers = ["\xff\xfe", "B", "C"]\n', None),
    "latin-1-name": ('format = 1\nplayers = ["Zo\u00eb", "Ben", "Cat"]\n'.encode("latin-1"), None),
    "utf8-bom": (lambda base: b"\xef\xbb\xbf" + base.encode(), None),
    "utf16": (lambda base: base.encode("utf-16"), None),
    "utf8-encoded-surrogate": (b'format = 1\nplayers = ["\xed\xa0\x80", "B", "C"]\n', None),
    "binary-garbage": (random.Random(5).randbytes(4096), None),
    "control-characters": ("".join(map(chr, random.Random(6).choices(range(1, 32), k=200))), None),
    "cr-line-endings": (lambda base: base.replace("\n", "\r"), None),
    # empty or nearly
    "empty-file": ("", None),
    "only-comments": ("# a game file\n# with nothing in it\n", None),
    "only-whitespace": (" \n\t\n" * 100, None),
    # format
    "format-10**30": (f"format = {10**30}\n{P3}", None),
    "format-5000-digits": (f"format = {DIGITS}\n{P3}", None),
    "format-negative": (f"format = -1\n{P3}", None),
    "format-zero": (f"format = 0\n{P3}", None),
    "format-float": (f"format = 1.0\n{P3}", None),
    "format-inf": (f"format = inf\n{P3}", None),
    "format-nan": (f"format = nan\n{P3}", None),
    "format-bool": (f"format = true\n{P3}", None),
    "format-date": (f"format = 1979-05-27\n{P3}", None),
    "format-datetime": (f"format = 1979-05-27T07:32:00Z\n{P3}", None),
    "format-string": (f'format = "1"\n{P3}', None),
    # snapshot values (digest kept, so these are edits of the snapshot itself)
    "cash-10**30": (_snap("Ann = 26500", f"Ann = {10**30}"), None),
    "cash-negative": (_snap("Ann = 26500", "Ann = -100"), None),
    "cash-float": (_snap("Ann = 26500", "Ann = 26500.0"), None),
    "cash-string": (_snap("Ann = 26500", 'Ann = "lots"'), None),
    "cash-nan": (_snap("Ann = 26500", "Ann = nan"), None),
    "cash-date": (_snap("Ann = 26500", "Ann = 1979-05-27"), None),
    "bank-negative": (_snap("Tower = 25", "Tower = -25"), None),
    "bag-10**30": (_snap("bag = 52", f"bag = {10**30}"), None),
    "turn-float": (_snap("turn = 28", "turn = 28.5"), None),
    "board-not-a-list": (_snap('board = [\n    "A', 'board = "x"\nboard_was = [\n    "A'), None),
    "snapshot-cash-key-newline": (_snap("Ann = 26500", 'Ann = 26500\n"Ann\\nBen" = 100'), None),
    "snapshot-is-an-integer": (f"format = 1\n{P3}snapshot = 5\n", None),
    "deep-dotted-key-in-snapshot": (
        lambda base: base + "\n[snapshot.x]\n" + ".".join(["y"] * 3000) + " = 1\n", None),
    # moves
    "buy-huge-count": (_moves("start 1A 5E 9I", "place 2A --found Tower", "buy Tower=99999999999999999999"), None),
    "buy-5000-digit-count": (_moves("start 1A 5E 9I", "place 2A --found Tower", f"buy Tower={DIGITS}"), None),
    "buy-negative-count": (_moves("start 1A 5E 9I", "place 2A --found Tower", "buy Tower=-1"), None),
    "sell-float-count": (_moves("start 1A 5E 9I", "place 2A --found Tower", "dispose --sell 1.5"), None),
    "place-negative-tile": (_moves("start 1A 5E 9I", "place -2A"), None),
    "move-with-nul": (_moves("start 1A\u0000 5E 9I"), None),
    "moves-not-a-list": (HEAD + 'moves = "pass"\n', None),
    "moves-array-of-tables": (HEAD + '[[moves]]\nplace = "1A"\n[[moves]]\nbuy = 2\n', None),
    "moves-of-integers": (HEAD + "moves = [1, -2, 3.5]\n", None),
    "10MB-of-pass": (HEAD + 'moves = [\n"start 1A 5E 9I",\n' + '"pass",\n' * 1_250_000 + "]\n", None),
    "10MB-of-junk-moves": (_junk_moves, None),
    "one-10MB-move": (HEAD + 'moves = ["start 1A 5E 9I", "place ' + "9" * 10_000_000 + 'A"]\n', None),
    # nesting
    "array-nested-10000-deep": ("a = " + "[" * 10_000 + "]" * 10_000 + "\n", None),
    "inline-table-nested-10000-deep": ("a = " + "{b = " * 10_000 + "1" + "}" * 10_000 + "\n", None),
    "moves-nested-10000-deep": (HEAD + "moves = " + "[" * 10_000 + "]" * 10_000 + "\n", None),
    "table-header-10000-deep": (HEAD + "[" + ".".join(["x"] * 10_000) + "]\n", None),
    # keys
    "key-with-newline": (lambda base: '"a\\nb" = 1\n' + base, None),
    "key-nul": (lambda base: '"\\u0000" = 1\n' + base, None),
    "key-emoji": (lambda base: '"\U0001f3b2" = 1\n' + base, None),
    "key-empty-string": (lambda base: '"" = 1\n' + base, None),
    "duplicate-key": (lambda base: "format = 1\n" + base, None),
    "duplicate-table": (lambda base: base + "\n[snapshot]\nturn = 1\n", None),
    "duplicate-inline-key": (f'format = 1\n{P3}options = {{a = "x", a = "y"}}\n', None),
    "unknown-table": (lambda base: base + "\n[hack]\nx = 1\n", None),
    # players
    "player-1000-chars-with-spaces": ('format = 1\nplayers = ["' + "Ann " * 250 + '", "Ben", "Cat"]\n', None),
    "player-name-nul": ('format = 1\nplayers = ["A\\u0000", "Ben", "Cat"]\nmoves = ["start 1A 5E 9I"]\n', None),
    "player-name-newline": ('format = 1\nplayers = ["A\\nB", "Ben", "Cat"]\n', None),
    "100000-players": ("format = 1\nplayers = [" + ",".join(f'"p{i}"' for i in range(100_000)) + "]\n", None),
    "no-players": ("format = 1\nplayers = []\n", None),
    "players-integers": ("format = 1\nplayers = [1, 2, 3]\n", None),
    "players-tables": ("format = 1\nplayers = [{a = 1}, {b = 2}, {c = 3}]\n", None),
    "players-same-ignoring-case": ('format = 1\nplayers = ["Ann", "ann", "Ben"]\n', None),
    "missing-players": ("format = 1\n", None),
    # setup
    "edition-empty-table": (f"format = 1\nedition = {{}}\n{P3}", None),
    "edition-junk-table": (f'format = 1\nedition = {{chains = 5, tiers = "x", price_chart = [[1]]}}\n{P3}', None),
    "edition-unknown-name": (f'format = 1\nedition = "nope"\n{P3}', None),
    "edition-a-path": (f'format = 1\nedition = "/etc/passwd"\n{P3}', None),
    "options-bad-value": (f'format = 1\n{P3}options = {{start-order = "sideways"}}\n', None),
    "options-nested": (f"format = 1\n{P3}options = {{a = {{b = 1}}}}\n", None),
    "tiles-unknown": (f'format = 1\ntiles = "shuffled"\n{P3}', None),
    "dealt-bag-junk": (f'format = 1\ntiles = "dealt"\nseed = 1\nbag = {json.dumps(["ZZ"] * 108)}\n{P3}'
                       'moves = ["start"]\n', None),
    "dealt-bag-one-tile-108-times": (f'format = 1\ntiles = "dealt"\nseed = 1\nbag = {json.dumps(["1A"] * 108)}\n'
                                     f'{P3}moves = ["start"]\n', None),
    "dealt-seed-10**30-no-bag": (f'format = 1\ntiles = "dealt"\nseed = {10**30}\n{P3}', None),
    "table-with-a-seed": (f"format = 1\nseed = -1\n{P3}", None),
    "position-junk": (f'format = 1\n{P3}position = {{board = 5, cash = "x"}}\n', None),
}



def _write_case(folder: Path, name: str, content, base: str) -> Path:
    if callable(content):
        content = content(base)
    path = folder / f"{name}.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def _special_cases(folder: Path) -> dict[str, Path]:
    """Game paths that are not regular files."""
    directory = folder / "a-folder.toml"
    directory.mkdir()
    loop = folder / "loop.toml"
    loop.symlink_to(loop.name)
    dangling = folder / "dangling.toml"
    dangling.symlink_to("nowhere/game.toml")
    return {"a-directory": directory, "symlink-loop": loop, "dangling-symlink": dangling}


def _corpus_params(ids=None):
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=bug)] if bug else [])
            for name, (_, bug) in CORPUS.items() if ids is None or name in ids]


def test_the_hostile_corpus_has_at_least_30_cases():
    assert len(CORPUS) + 3 >= 30


def _check_refused_in_process(cli, path: Path) -> None:
    before = path.read_bytes() if path.is_file() else None
    st = cli("status", game=path)
    assert_clean_refusal(st, 4)
    assert st.stderr.strip(), "no message"
    ck = cli("check", path)
    assert_clean_refusal(ck, 4)
    # `check` reports its findings on stdout (its output, like a linter's), exit 4
    assert "problem" in ck.stdout, ck.output
    if before is None or len(before) < 1_000_000:
        assert_clean_refusal(cli("place", "2A", game=path), 4)
    if before is not None:
        assert path.read_bytes() == before


@pytest.mark.parametrize("name", _corpus_params())
def test_hostile_game_file_is_refused_with_exit_4_and_a_message(cli, tmp_path, base_game, name):
    content, _ = CORPUS[name]
    _check_refused_in_process(cli, _write_case(tmp_path, name, content, base_game))


@posix_only
@pytest.mark.parametrize("name", ["a-directory", "symlink-loop", "dangling-symlink"])
def test_hostile_game_path_is_refused_with_exit_4_and_a_message(cli, tmp_path, name):
    _check_refused_in_process(cli, _special_cases(tmp_path)[name])


def _real_process_refuses(path: Path, timeout: float = 60, preexec=None) -> None:
    """`status` and `check` on ``path`` as real processes, side by side: exit 4, a message, no
    traceback, within ``timeout`` seconds."""
    procs = [subprocess.Popen([str(ACQ), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                              preexec_fn=preexec)
             for args in (["--game", str(path), "status"], ["check", str(path)])]
    deadline = time.monotonic() + timeout
    outs = []
    try:
        for p in procs:
            try:
                out, err = p.communicate(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pytest.fail(f"{p.args[1:]} still runs after {timeout} s (hangs)")
            outs.append((p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    for (rc, out, err), which in zip(outs, ("status", "check"), strict=True):
        assert "Traceback" not in out + err, f"{which}: {err[-400:]}"
        assert rc == 4, f"{which}: exit {rc}: {err[-400:]}"
    assert outs[0][2].startswith("acquire-ref: ")  # status: the message on stderr
    assert "problem" in outs[1][1]  # check: its report


REAL_IDS = ["non-utf8-bytes", "utf8-bom", "empty-file", "binary-garbage", "key-nul", "100000-players",
            "format-5000-digits", "array-nested-10000-deep", "deep-dotted-key-in-snapshot", "one-10MB-move"]


@posix_only
@pytest.mark.parametrize("name", _corpus_params(REAL_IDS))
def test_hostile_game_file_in_a_real_process(tmp_path, base_game, name):
    content, _ = CORPUS[name]
    _real_process_refuses(_write_case(tmp_path, name, content, base_game))


@posix_only
def test_hostile_game_paths_in_a_real_process(tmp_path):
    for path in _special_cases(tmp_path).values():
        _real_process_refuses(path)


def _limit_memory():  # runs in the child: at most 512 MiB of address space
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 29, 1 << 29))


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_game_path_that_is_not_a_regular_file_is_refused(tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "pipe.toml"
        os.mkfifo(path)
        _real_process_refuses(path)  # a hang would wait forever on the fifo: 60 s catches it
    else:
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero")
        _real_process_refuses(Path("/dev/zero"), timeout=30, preexec=_limit_memory)




def test_typer_does_not_judge_a_file_s_readability_before_the_command_reads_it(cli, founding, monkeypatch, tmp_path):
    """An unreadable game file, script or position is the command's own error (exit 4, in the
    program's words and language), not Typer's usage error (exit 2): Typer's check, made with
    os.access, is turned off, so a file os.access calls unreadable is still read by the command."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, *a, **k: False if mode == os.R_OK else real(path, mode, *a, **k))
    assert cli("status", game=founding).exit_code == 0
    assert cli("check", founding).exit_code == 0
    assert cli("play", EXAMPLES / "four-players.toml", game=tmp_path / "p.toml").exit_code == 0
