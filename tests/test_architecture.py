"""The shape of the package (DESIGN 1): imports point one way down the layers, the engine is pure
(no front-end library, no file I/O, no program name), there is no import circle, and no module or
function grows past what a reader can hold (600 and 50 lines; `Game` under 450)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "acquire_ref"

LAYERS: list[set[str]] = [
    {"values", "tiles", "errors", "events", "pending", "scoring", "problems", "language"},
    {"editions", "board", "setup", "rule_options", "moves", "supply"},
    {"merger"},
    {"buying", "drawing", "ending", "placing"},
    {"state", "game", "words"},
    {"describe", "views", "seat_view"},
    {"record", "inspection", "storage", "rulebook", "render", "simulate", "bots", "session", "tournament", "event_file",
     "event_games", "tournament_views", "ratings", "members", "plays", "report", "logbook", "seat_links", "locking",
     "search", "ladder", "turning", "table_bot", "rule_study"},
    {"cli", "console", "pipe", "web", "quick", "build"},
]
"""Each module's layer, lowest first: a module imports only from its own layer or below."""

ENGINE = {"values", "tiles", "errors", "events", "pending", "scoring", "rule_options", "editions", "board", "setup", "moves",
          "supply", "merger", "buying", "drawing", "ending", "placing", "state", "game", "describe", "views",
          "seat_view"}
FORBIDDEN_IN_ENGINE = {"typer", "click", "rich", "textual", "starlette", "uvicorn", "jinja2", "tomli_w",
                       "acquire_ref.record", "acquire_ref.storage", "acquire_ref.locking", "acquire_ref.cli",
                       "acquire_ref.render"}


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts) or "__init__"


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth, those under ``if TYPE_CHECKING:`` included: a
    name used only in an annotation ties the modules together all the same (a typing-only circle,
    or a lower layer naming a higher one's class, is refused like any other import)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "acquire_ref":  # a submodule, or a name the package exports
                found.update(f"acquire_ref.{a.name}" for a in node.names
                             if (PACKAGE / f"{a.name}.py").exists() or (PACKAGE / a.name).is_dir())
    return found


def test_an_import_under_type_checking_counts(tmp_path):
    """state named Game under TYPE_CHECKING, a circle this test did not see (game imports state)."""
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from acquire_ref.game import Game\n",
                      encoding="utf-8")
    assert "acquire_ref.game" in imports(source)


def layer(name: str) -> int:
    top = name.split(".")[0]
    for i, members in enumerate(LAYERS):
        if top in members:
            return i
    raise AssertionError(f"acquire_ref.{name} has no layer in tests/test_architecture.py: add it")


def internal(names: set[str]) -> set[str]:
    out = set()
    for n in names:
        if n.startswith("acquire_ref."):
            out.add(n.split(".")[1])
    return out


@pytest.mark.parametrize("name", sorted(n for n in modules() if n != "__init__"))
def test_imports_point_down_the_layers(name):
    mine = layer(name)
    for other in internal(imports(modules()[name])):
        if other == name.split(".")[0]:
            continue
        assert layer(other) <= mine, f"acquire_ref.{name} (layer {mine}) imports acquire_ref.{other} (layer {layer(other)})"


def test_no_import_circle():
    graph = {n.split(".")[0]: set() for n in modules() if n != "__init__"}
    for name, path in modules().items():
        if name != "__init__":
            graph[name.split(".")[0]] |= internal(imports(path)) - {name.split(".")[0]}
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join([*trail, node, nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


@pytest.mark.parametrize("name", sorted(n for n in modules() if n.split(".")[0] in ENGINE))
def test_the_engine_is_pure(name):
    path = modules()[name]
    found = imports(path)
    bad = {m for m in found if m in FORBIDDEN_IN_ENGINE or m.split(".")[0] in FORBIDDEN_IN_ENGINE}
    assert not bad, f"acquire_ref.{name} imports {sorted(bad)}"
    text = path.read_text(encoding="utf-8")
    assert "acquire-ref" not in text, f"acquire_ref.{name} names the program: the front end adds it"
    tree = ast.parse(text)
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
            elif isinstance(node, ast.ClassDef) and name == "game" and node.name == "Game":
                size = node.end_lineno - node.lineno + 1
                if size >= 450:
                    too_long.append(f"game.Game: {size} lines (limit 449)")
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
    """R10.3, DESIGN 10: what a viewer may see is decided in one place; every front end asks views.
    (rule_options names the option in the table of options, read by nothing but setup.)"""
    readers = sorted(name for name, path in modules().items()
                     if "hidden" in _uses(path)[0] or "holdings" in _uses(path)[2])
    assert readers == ["rule_options", "setup", "views"]


GAME_FILE_WRITERS = {"write_atomic", "write_new"}
"""storage's functions that write a game file (or an event file); exports have write_export."""


def test_only_storage_and_session_write_game_files():
    """DESIGN 10: every change to a game file, and every new one, goes through session.GameFile
    (event files, a tournament's own, are written by event_file; a club's plays files, its paper
    results, by plays; the seats' side file, mode 0600, by seat_links; exports by storage)."""
    writers = sorted(name for name, path in modules().items() if _uses(path)[1] & GAME_FILE_WRITERS)
    assert writers == ["event_file", "plays", "seat_links", "session", "storage"]


def test_a_file_is_renamed_into_place_by_storage_alone():
    """DESIGN 3: the one atomic writer (temporary file, flushed, renamed over) is storage's; a
    module that wrote a file its own way (the seats' side file did) would rename it into place
    itself. event_games renames a table's game file aside (``.discarded``) and back, writing
    nothing."""
    def renames(path: Path) -> bool:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in {"replace", "rename"}
                   and isinstance(n.func.value, ast.Name) and n.func.value.id == "os" for n in ast.walk(tree))

    assert sorted(name for name, path in modules().items() if renames(path)) == ["event_games", "storage"]
