"""The shape of the package (DESIGN 1): the folders are the layers and imports point one way down
them (and down the engine's rule areas), the front ends do not import each other, there is no
import circle (an import only for type annotations, or inside a function, counts), the engine is
pure (no front-end library, no file I/O, no program name), and no module or function grows past
what a reader can hold (600 and 50 lines; `Game` under 450)."""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "acquire_ref"

LAYERS: list[set[str]] = [
    {"engine", "language"},
    {"viewers", "words", "rulebook"},
    {"files"},
    {"tournament", "club", "programs", "render", "plain", "reports"},
    {"cli", "console", "web", "quick", "build"},
]
"""Each folder (and top-level module) of the package, lowest first: a module imports only from its
own folder or a lower layer. ``engine/`` holds the rules, with ``language`` beside it (the
catalogue lookup every sentence and sum of money goes through); ``viewers/`` what each viewer may see, with the
phrasebook (``words``) and the rule book beside it; ``files/`` the game file and
its side files; then an event's modules (``tournament/``), a club's books (``club/``), the programs
that play (``programs/``: bots, search, batches, the pipe) and the terminal's pictures (``render``,
``plain``, ``reports``);
the front ends on top."""

ENGINE_LAYERS: list[set[str]] = [
    {"values", "tiles", "errors", "events", "pending", "scoring", "problems"},
    {"editions", "board", "setup", "rule_options", "moves", "supply"},
    {"merger"},
    {"buying", "drawing", "ending", "placing"},
    {"state", "game"},
]
"""The engine's modules, lowest first: a rule area's module imports only from its own layer or below."""

FRONT_ENDS = {"cli", "console", "web"}
"""The front ends. The console and the web pages import no other front end; the command line
starts each of them (``table``, ``serve``), so it may import them."""

PURE = {"engine", "viewers"}
"""The folders that are pure Python: the engine and what a viewer may see (but ``engine.problems``,
which asks whether an optional library is installed)."""

FORBIDDEN_IN_ENGINE = {"typer", "click", "rich", "textual", "starlette", "uvicorn", "jinja2", "tomli_w"}

KNOWN_FRONT_END_IMPORTS: dict[tuple[str, str], str] = {}
"""Imports between front ends that remain, each with what it is for: remove a line when its import goes."""

KNOWN_BACK_EDGES: dict[tuple[str, str], str] = {
    ("tournament.*", "tournament.event"): "an event's rule areas name the Tournament they are part of",
    ("console.bot_seat", "console.app"): "a bot's seat names the console's app in its annotations",
}
"""Imports that close a circle and remain, each with what it is for (``*`` any module of a folder):
remove a line when its import goes."""


def module_name(path: Path) -> str:
    """``acquire_ref/engine/game.py`` -> ``engine.game``; a package's ``__init__.py`` is the package."""
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts) or "__init__"


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}


def _exists(dotted: str) -> bool:
    """Whether ``acquire_ref.<dotted>`` is a module or package of the package."""
    path = PACKAGE.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imports(path: Path, typing: bool = False) -> set[str]:
    """The package's own modules ``path`` imports, at any depth (inside functions too), as names
    under ``acquire_ref`` (``engine.game``); those under ``if TYPE_CHECKING:`` only when ``typing``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                skipped.update(id(n) for sub in node.body for n in ast.walk(sub))
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("acquire_ref.")]
            found.update(n.removeprefix("acquire_ref.") for n in names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                module = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module == "acquire_ref" or (node.module or "").startswith("acquire_ref."):
                module = node.module.removeprefix("acquire_ref").removeprefix(".")
            else:
                continue
            subs = [f"{module}.{a.name}" if module else a.name for a in node.names]
            found.update(sub for sub in subs if _exists(sub))  # submodules imported by name
            if module and not all(_exists(sub) for sub in subs):
                found.add(module)
    return {name for name in found if name and name != "__init__"}


def top(name: str) -> str:
    return name.split(".")[0]


def layer(name: str) -> int:
    for i, members in enumerate(LAYERS):
        if top(name) in members:
            return i
    raise AssertionError(f"acquire_ref.{name} has no layer: put {top(name)} in LAYERS in tests/test_architecture.py")


def engine_layer(name: str) -> int:
    area = name.split(".")[1] if "." in name else ""
    for i, members in enumerate(ENGINE_LAYERS):
        if area in members:
            return i
    raise AssertionError(f"acquire_ref.{name} has no layer: put it in ENGINE_LAYERS in tests/test_architecture.py")


OURS = sorted(n for n in modules() if n != "__init__")


def test_every_folder_and_module_has_a_layer():
    """A new folder or top-level module is placed by its author (DESIGN 1), and so is a new
    module of the engine."""
    for name in OURS:
        layer(name)
        if top(name) == "engine" and name != "engine":
            engine_layer(name)


@pytest.mark.parametrize("name", OURS)
def test_imports_point_down_the_layers(name):
    mine = layer(name)
    for other in sorted(imports(modules()[name])):
        assert layer(other) <= mine, f"acquire_ref.{name} (layer {mine}) imports acquire_ref.{other} (layer {layer(other)})"
        if top(name) == top(other) == "engine" and "." in name and "." in other:
            assert engine_layer(other) <= engine_layer(name), (
                f"acquire_ref.{name} (engine layer {engine_layer(name)}) imports acquire_ref.{other} "
                f"(engine layer {engine_layer(other)})")


@pytest.mark.parametrize("name", sorted(n for n in OURS if top(n) in FRONT_ENDS - {"cli"}))
def test_front_ends_do_not_import_each_other(name):
    for other in sorted(imports(modules()[name], typing=True)):
        if top(other) in FRONT_ENDS and top(other) != top(name):
            assert (top(name), top(other)) in KNOWN_FRONT_END_IMPORTS, \
                f"acquire_ref.{name} (a front end) imports acquire_ref.{other} (another front end)"


def test_no_import_circle():
    """Between modules, counting imports made only for annotations (under ``TYPE_CHECKING``) and
    inside functions: each is a dependency a reader follows."""
    graph = {name: {m for m in imports(path, typing=True) if not name.startswith(m + ".") and m != name}
             for name, path in modules().items() if name != "__init__"}  # a module's own package is not its import
    for (source, target) in KNOWN_BACK_EDGES:
        for name in fnmatch.filter(graph, source):
            graph[name].discard(target)
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                path = [*trail, node]
                raise AssertionError("import circle: " + " -> ".join([*path[path.index(nxt):], nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


@pytest.mark.parametrize("name", sorted(n for n in OURS if top(n) in PURE and n != "engine.problems"))
def test_the_engine_is_pure(name):
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    libraries = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    libraries |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not libraries & FORBIDDEN_IN_ENGINE, f"acquire_ref.{name} imports {sorted(libraries & FORBIDDEN_IN_ENGINE)}"
    beyond = {m for m in imports(path, typing=True) if layer(m) > layer(name)}
    assert not beyond, f"acquire_ref.{name} imports {sorted(beyond)}, above it, even if only for annotations"
    text = path.read_text(encoding="utf-8")
    assert "acquire-ref" not in text, f"acquire_ref.{name} names the program: the front end adds it"
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert "open" not in calls and "print" not in calls, f"acquire_ref.{name} does I/O"


def test_no_module_over_600_lines_no_function_over_50_and_game_under_450():
    """What a newcomer can hold: a module a sitting's read, a function a screen, and the one class
    every move goes through (``Game``: construction, ``verify``, ``apply``, ``legal_moves``) kept
    to those; the rules live in their own modules (ruff refuses statements packed onto one line)."""
    too_long = []
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            too_long.append(f"{name}: {text.count(chr(10))} lines (limit 600)")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = node.end_lineno - node.lineno + 1
                if size > 50:
                    too_long.append(f"{name}.{node.name}: {size} lines (limit 50)")
            elif isinstance(node, ast.ClassDef) and name == "engine.game" and node.name == "Game":
                size = node.end_lineno - node.lineno + 1
                if size >= 450:
                    too_long.append(f"engine.game.Game: {size} lines (limit 449)")
    assert not too_long, "\n".join(too_long)


def _uses(path: Path) -> tuple[set[str], set[str], set[str]]:
    """The attribute names read, the names called and the string constants of the module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    calls = {n.func.id if isinstance(n.func, ast.Name) else n.func.attr for n in ast.walk(tree)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name | ast.Attribute)}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return attributes, calls, strings


def test_only_views_and_setup_read_the_holdings_option():
    """R10.3, DESIGN 10: what a viewer may see is decided in one place; every front end asks views."""
    readers = sorted(name for name, path in modules().items()
                     if "hidden" in _uses(path)[0] or "holdings" in _uses(path)[2])
    assert readers == ["engine.rule_options", "engine.setup", "viewers.views"]


GAME_FILE_WRITERS = {"write_atomic", "write_new"}
"""storage's functions that write a game file (or an event file); exports have write_export."""


def test_only_storage_and_session_write_game_files():
    """DESIGN 10: every change to a game file, and every new one, goes through files.session.GameFile
    (event files, a tournament's own, are written by tournament.event_file; a club's plays files,
    its paper results, by club.plays; exports by files.storage)."""
    writers = sorted(name for name, path in modules().items() if _uses(path)[1] & GAME_FILE_WRITERS)
    assert writers == ["club.plays", "files.seat_links", "files.session", "files.storage", "tournament.event_file"]


def test_a_file_is_renamed_into_place_by_storage_alone():
    """DESIGN 3: the one atomic writer (temporary file, flushed, renamed over) is storage's; a
    module that wrote a file its own way (the seats' side file did) would rename it into place
    itself. event_games renames a table's game file aside (``.discarded``) and back, writing
    nothing."""
    def renames(path: Path) -> bool:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in {"replace", "rename"}
                   and isinstance(n.func.value, ast.Name) and n.func.value.id == "os" for n in ast.walk(tree))

    assert sorted(name for name, path in modules().items() if renames(path)) == ["files.storage", "tournament.event_games"]
