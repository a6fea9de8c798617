"""The compiled engine, an opt-in: ``python -m acquire_ref.build`` compiles the pure engine
modules of :data:`COMPILED` with mypyc into the installed package, beside their sources, and
Python imports the compiled module in place of the source from then on (the same rules, the
same results; a move replays in about half the time, a game is simulated in about two thirds).
``python -m acquire_ref.build --clean`` removes them again: the pure Python is what runs when
they are absent.

It needs mypyc (it ships with mypy: ``pip install mypy``), setuptools, a C compiler and the
Python headers (Debian: ``apt-get install gcc python3-dev``), and write access to the package's
folder; it takes a few minutes. Nothing else changes: an ordinary ``pip install`` never compiles.

:mod:`acquire_ref.engine.values` (the metaclass) and :mod:`acquire_ref.engine.problems` (a ``list``) stay
Python, as mypyc does not compile them; the modules defining
:class:`~acquire_ref.engine.values.Value` classes compile, their classes made by the metaclass as
Python classes (a class variable of one is quoted: see :mod:`acquire_ref.engine.values`).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

COMPILED = ("acquire_ref.engine.tiles", "acquire_ref.engine.board", "acquire_ref.engine.setup",
            "acquire_ref.engine.supply", "acquire_ref.engine.merger", "acquire_ref.engine.buying",
            "acquire_ref.engine.drawing", "acquire_ref.engine.ending", "acquire_ref.engine.placing",
            "acquire_ref.engine.state", "acquire_ref.engine.game", "acquire_ref.engine.events",
            "acquire_ref.engine.moves", "acquire_ref.engine.pending", "acquire_ref.engine.editions.printed",
            "acquire_ref.engine.editions.__init__", "acquire_ref.engine.scoring")
"""The engine modules compiled, by their full names (each file found from its name, wherever its folder; a
package by its ``__init__``, where mypyc puts the compiled package)."""

GROUP = "acquire_ref.engine"
"""The name of the one library the compiled modules share (``acquire_ref/engine__mypyc...``)."""

SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup

paths = [name.replace(".", "/") + ".py" for name in sys.argv[2:]]
setup(name="acquire-ref-engine", ext_modules=mypycify(paths, group_name=sys.argv[1]),
      script_args=["build_ext", "--inplace"])
"""

PACKAGE = Path(__file__).resolve().parent


def module_file(name: str, suffix: str, folder: Path = PACKAGE) -> Path:
    """Where the module ``name`` (``acquire_ref.engine.tiles``) is in the package ``folder``, as a file
    ending in ``suffix`` (``.py``, or the compiled module's ``.cpython-311-x86_64-linux-gnu.so``)."""
    *inner, last = name.split(".")[1:]
    return folder.joinpath(*inner, f"{last}{suffix}")


def compiled_files(folder: Path = PACKAGE) -> list[Path]:
    """The compiled modules (and their shared library) in ``folder``, the package's by default."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    paths = [module_file(name, suffix, folder) for name in (*COMPILED, GROUP + "__mypyc")]
    return [path for path in paths if path.exists()]


def clean(folder: Path = PACKAGE) -> list[Path]:
    """Remove the compiled modules from ``folder``: the pure Python runs again. Returns what was removed."""
    found = compiled_files(folder)
    for path in found:
        path.unlink()
    return found


def build(folder: Path = PACKAGE) -> list[Path]:
    """Compile :data:`COMPILED` from ``folder``'s sources, in a scratch folder, and copy the
    compiled modules into ``folder``. Returns them. Raises :class:`RuntimeError` naming what
    is missing (mypyc) or the compiler's last words when the build fails; ``folder`` is then
    unchanged."""
    try:
        import mypyc  # noqa: F401 (only to say it is missing)
    except ImportError:
        raise RuntimeError("mypyc is not installed: `pip install mypy` brings it") from None
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "acquire_ref"
        shutil.copytree(folder, tree, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
        done = subprocess.run([sys.executable, "-c", SETUP, GROUP, *COMPILED], cwd=scratch, capture_output=True,
                              text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError("the build failed:\n" + "\n".join((done.stdout + done.stderr).splitlines()[-15:]))
        made = compiled_files(tree)
        placed = [folder / path.relative_to(tree) for path in made]
        for path, place in zip(made, placed, strict=True):
            shutil.copy2(path, place)
        return placed


def main(argv: list[str] | None = None) -> int:
    """``python -m acquire_ref.build [--clean]``: compile the engine, or remove the compiled engine."""
    parser = argparse.ArgumentParser(prog="python -m acquire_ref.build", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules: run the pure Python")
    args = parser.parse_args(argv)
    if args.clean:
        removed = clean()
        print(f"removed {len(removed)} compiled modules from {PACKAGE}" if removed else "no compiled modules to remove")
        return 0
    try:
        made = build()
    except RuntimeError as exc:
        print(f"acquire_ref.build: {exc}", file=sys.stderr)
        return 1
    print(f"compiled {len(made) - 1} engine modules into {PACKAGE}; `python -m acquire_ref.build --clean` removes them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
