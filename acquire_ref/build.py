"""The compiled engine: the pure engine modules of :data:`COMPILED` compiled with mypyc, beside
their sources, so that Python imports the compiled module in place of the source (the same
rules, the same results; a move replays in about half the time, a game is simulated in about
two thirds).

An ordinary ``pip install`` compiles them where the machine can (:class:`BuildEngine`, the
install's ``build_ext``): pip brings mypyc and setuptools into the build by itself; the machine
needs a C compiler and the Python headers (Debian: ``apt-get install gcc python3-dev``), and the
install takes a minute or two longer. Where the build fails, the install goes on with the pure
Python and says so in pip's log (``pip install -v``). ``ACQUIRE_REF_PURE=1 pip install .`` opts
out; an editable install (``pip install -e``) never compiles, so that an edited source is what
runs. ``python -m acquire_ref.build`` compiles an installed (or editable) package afterwards, and
``python -m acquire_ref.build --clean`` removes the compiled modules again: the pure Python is
what runs when they are absent.

:mod:`acquire_ref.engine.values` (the metaclass) and :mod:`acquire_ref.engine.problems` (a ``list``) stay
Python, as mypyc does not compile them; the modules defining
:class:`~acquire_ref.engine.values.Value` classes compile, their classes made by the metaclass as
Python classes (a class variable of one is quoted: see :mod:`acquire_ref.engine.values`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

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
setup(name="acquire-ref-engine", ext_modules=mypycify(["--follow-imports=silent", *paths], group_name=sys.argv[1]),
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


def opted_out(environ: Mapping[str, str]) -> bool:
    """Whether ``ACQUIRE_REF_PURE`` in ``environ`` asks for the pure Python: any value but an
    empty one, ``0``, ``false``, ``no`` or ``off`` (in any case).

    >>> [opted_out({"ACQUIRE_REF_PURE": v}) for v in ("1", "yes", "0", "false", "No", "off", "")], opted_out({})
    ([True, True, False, False, False, False, False], False)
    """
    return environ.get("ACQUIRE_REF_PURE", "").strip().lower() not in ("", "0", "false", "no", "off")


def _run(command: Any) -> None:
    """``BuildEngine.run``: remove what an earlier build left in ``build_lib``, then compile the
    engine there (:func:`build`), or leave the pure Python, with a warning and no failure, when the
    machine cannot compile it, when ``ACQUIRE_REF_PURE`` is set, or for an editable install."""
    folder = Path(command.build_lib) / "acquire_ref"
    clean(folder)
    if command.editable_mode or command.inplace or opted_out(os.environ):
        return
    try:
        made = build(folder)
    except RuntimeError as exc:
        print(f"acquire-ref: the engine stays pure Python: {exc}", file=sys.stderr)
        return
    print(f"acquire-ref: compiled {len(made) - 1} engine modules", file=sys.stderr)


def _outputs(command: Any) -> list[str]:
    """``BuildEngine.get_outputs``: the compiled modules placed (none where the Python stayed pure)."""
    return [str(path) for path in compiled_files(Path(command.build_lib) / "acquire_ref")]


def _engine_command() -> type:
    """:class:`BuildEngine`: setuptools' ``build_ext`` with :func:`_run` and :func:`_outputs`, and
    nothing for an editable install to copy. setuptools is imported only here, while installing:
    the package runs without it."""
    from importlib import import_module

    base = import_module("setuptools.command.build_ext").build_ext
    return type("BuildEngine", (base,), {"__doc__": _run.__doc__, "run": _run, "get_outputs": _outputs,
                                         "get_output_mapping": lambda command: {}})


def __getattr__(name: str) -> type:
    """``BuildEngine``, the install's ``build_ext`` (pyproject's ``[tool.setuptools.cmdclass]``),
    made on first use so that importing this module needs no setuptools."""
    if name == "BuildEngine":
        return _engine_command()
    raise AttributeError(name)


def source_tree_note(folder: Path = PACKAGE) -> str | None:
    """A note when ``folder`` is a source checkout (a ``pyproject.toml`` beside it): run from the
    top of the repository, ``python -m`` finds the sources before the installed package, so this
    command works on the sources (right for an editable install, not for an ordinary one)."""
    if not (folder.parent / "pyproject.toml").exists():
        return None
    return (f"acquire_ref.build: working on the source tree {folder} (an editable install, or Python found the "
            "sources first from the repository's top); to compile or clean an ordinary install, run this command "
            "with that install's Python outside the repository")


def is_compiled() -> bool:
    """Whether the engine Python runs is the compiled one (its ``game`` module is not a ``.py``)."""
    import acquire_ref.engine.game

    return not str(acquire_ref.engine.game.__file__).endswith(".py")


def main(argv: list[str] | None = None) -> int:
    """``python -m acquire_ref.build [--clean | --check]``: compile the engine, remove the compiled
    engine, or say which engine runs. Returns the exit code (1: the build failed)."""
    parser = argparse.ArgumentParser(prog="python -m acquire_ref.build",
                                     description="Compile acquire-ref's engine with mypyc, or remove the compiled engine.")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--clean", action="store_true", help="remove the compiled modules: run the pure Python")
    what.add_argument("--check", action="store_true", help="say whether the engine that runs is compiled, and where it is")
    args = parser.parse_args(argv)
    note = source_tree_note()
    if note is not None:
        print(note, file=sys.stderr)
    if args.check:
        print(f"{'compiled' if is_compiled() else 'pure Python'}: {PACKAGE / 'engine'}")
        return 0
    if args.clean:
        try:
            removed = clean()
        except OSError as exc:
            print(f"acquire_ref.build: can't remove the compiled modules from {PACKAGE}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 1
        print(f"removed {len(removed)} compiled files (modules and their shared library) from {PACKAGE}"
              if removed else f"no compiled modules to remove in {PACKAGE}")
        return 0
    try:
        made = build()
    except RuntimeError as exc:
        print(f"acquire_ref.build: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"acquire_ref.build: can't write the compiled modules into {PACKAGE}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(f"compiled {len(made) - 1} engine modules into {PACKAGE}; `python -m acquire_ref.build --clean` removes them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
