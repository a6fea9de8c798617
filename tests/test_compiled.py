"""The compiled engine (mypyc: an ordinary install compiles it where the machine can, or
``python -m acquire_ref.build``) is the same referee as the pure Python: the same 1,000 seeded
games, simulated both ways, give byte-identical game files, and ``--jobs 2`` works with it.
Skipped where the package a program imports is not compiled (an editable install, or an install
made with ``ACQUIRE_REF_PURE=1``); the opt-out, ``--clean``, and the install's build command are
tested everywhere."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from acquire_ref.build import COMPILED, GROUP, clean, compiled_files, module_file

GAMES = 1000


def installed_package() -> Path:
    """The folder of the package a program started outside the source tree imports (the installed
    copy, or the source tree itself for an editable install)."""
    probe = "import acquire_ref, pathlib; print(pathlib.Path(acquire_ref.__file__).parent)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", probe], cwd="/", env=env, capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


INSTALLED = installed_package()

compiled = pytest.mark.skipif(not compiled_files(INSTALLED), reason="the engine is not compiled here: an ordinary "
                              "install compiles it (mypyc, a C compiler, the Python headers), "
                              "or `python -m acquire_ref.build`")


def simulate(folder: Path, out: Path, jobs: int, path: Path | None = None) -> str:
    """``acquire-ref simulate`` of :data:`GAMES` seeded games into ``out``, with the package
    found first in ``path`` when given; returns the file the engine's ``game`` module came from."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    args = ["simulate", "--games", str(GAMES), "--seed", "2026", "--jobs", str(jobs), "--out", str(out)]
    probe = ("import sys; sys.argv = ['acquire-ref', *sys.argv[1:]]; import acquire_ref.engine.game as g; "
             "print(g.__file__, file=sys.stderr); from acquire_ref import main; main()")
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=folder, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stderr.splitlines()[0]


@compiled
def test_the_compiled_engine_plays_the_same_games_as_the_pure_python(tmp_path):
    pure = tmp_path / "pure"
    shutil.copytree(INSTALLED, pure / "acquire_ref", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    assert simulate(tmp_path, tmp_path / "by-pure", 1, pure).endswith(".py")
    assert not simulate(tmp_path, tmp_path / "by-compiled", 2).endswith(".py")  # --jobs 2: the workers too
    names = sorted(p.name for p in (tmp_path / "by-pure").iterdir())
    assert len(names) == GAMES
    assert names == sorted(p.name for p in (tmp_path / "by-compiled").iterdir())
    differ = [n for n in names if (tmp_path / "by-pure" / n).read_bytes() != (tmp_path / "by-compiled" / n).read_bytes()]
    assert not differ, differ[:5]


def test_clean_removes_the_compiled_modules_and_nothing_else(tmp_path):
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    made = [module_file(name, suffix, tmp_path) for name in (*COMPILED, GROUP + "__mypyc")]
    kept = [module_file(COMPILED[-1], ".py", tmp_path), tmp_path / f"other{suffix}"]
    for path in made + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    assert sorted(clean(tmp_path)) == sorted(made)
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == sorted(kept)
    assert clean(tmp_path) == []


def _stale_build(folder: Path) -> tuple[list[Path], Path]:
    """A build folder holding an earlier build's compiled modules beside a module's source."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    made = [module_file(name, suffix, folder / "acquire_ref") for name in (*COMPILED, GROUP + "__mypyc")]
    source = module_file(COMPILED[0], ".py", folder / "acquire_ref")
    for path in [*made, source]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return made, source


@pytest.mark.parametrize("how", ["opted out", "editable"])
def test_the_installs_build_command_leaves_the_pure_python_when_asked_and_no_stale_compiled_module(tmp_path, monkeypatch, how):
    from setuptools import Distribution

    import acquire_ref.build

    made, source = _stale_build(tmp_path)
    command = acquire_ref.build.BuildEngine(Distribution())
    command.initialize_options()
    command.finalize_options()
    command.build_lib = str(tmp_path)
    if how == "opted out":
        monkeypatch.setenv("ACQUIRE_REF_PURE", "1")
    else:
        monkeypatch.delenv("ACQUIRE_REF_PURE", raising=False)
        command.editable_mode = True
    command.run()
    assert [p for p in made if p.exists()] == []
    assert source.exists()
    assert command.get_outputs() == []
    assert command.get_output_mapping() == {}


def test_version_says_which_engine_the_installed_command_runs():
    exe = Path(sys.executable).parent / "acquire-ref"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ACQUIRE_LANG")}
    done = subprocess.run([str(exe), "--version"], cwd="/", env=env, capture_output=True, text=True, check=True)
    engine = "engine: compiled with mypyc" if compiled_files(INSTALLED) else "engine: pure Python"
    assert done.stdout.splitlines()[1:] == [engine]


def test_the_build_command_checks_the_engine_and_says_when_it_works_on_a_source_tree(capsys):
    from acquire_ref.build import PACKAGE, main

    assert main(["--check"]) == 0
    out, err = capsys.readouterr()
    assert out == f"{'compiled' if compiled_files(PACKAGE) else 'pure Python'}: {PACKAGE / 'engine'}\n"
    assert err == (f"acquire_ref.build: working on the source tree {PACKAGE} (an editable install, or Python found the "
                   "sources first from the repository's top); to compile or clean an ordinary install, run this command "
                   "with that install's Python outside the repository\n")


def test_clean_that_cannot_remove_the_compiled_modules_says_why_in_one_line(monkeypatch, capsys):
    import acquire_ref.build

    def refused(folder: Path = acquire_ref.build.PACKAGE) -> list[Path]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(acquire_ref.build, "clean", refused)
    assert acquire_ref.build.main(["--clean"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"acquire_ref.build: can't remove the compiled modules from {acquire_ref.build.PACKAGE}: Permission denied"
