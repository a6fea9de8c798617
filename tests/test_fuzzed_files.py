"""Property: no file a user can write crashes the referee (DESIGN 2, 3).

Mutated and generated game files, scripts, positions and rulesets are fed to every command that
reads one. Whatever the content, the referee answers with an exit code of 0, 2, 3, 4 or 5, never 1
and never a traceback, and a refused command leaves every file byte-identical."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.helpers import EXAMPLES, Cli

cli = Cli()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

HOSTILE_TEXT = st.sampled_from([
    "", " ", "Ann", "ann", "\u0410nn", "[/]", "[bold]x", "<script>", "\x1b[2J", "\x00", "\ud7ff", "\u202e",
    "place 2A", "place 99Z", "buy Tower=99999999", "dispose --sell " + "9" * 500, "market " + "9" * 4000,
    "start 1A 5E 9I", "choose Tower", "undo", "pass", "end", "classic", "dealt", "table", "hidden", "x" * 5000,
    "#ff00ff", "red link https://example.com", "Tower", "T", "-1", "1e999", "nan",
])
NUMBERS = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.sampled_from([0, 1, -1, 2, 25, 108, 6000, 10**15, 10**15 + 100, 2**63 - 1]),
    st.integers(10**18, 10**400),  # past 64 bits: refused by the reader
)
LEAVES = st.one_of(HOSTILE_TEXT, st.text(max_size=30), NUMBERS, st.booleans(), st.floats(allow_nan=True))


def nested(depth: int) -> st.SearchStrategy[Any]:
    """A value nested ``depth`` deep: the reader refuses anything past 16 levels."""
    return st.just(1).map(lambda v: _wrap(v, depth))


def _wrap(value: Any, depth: int) -> Any:
    for i in range(depth):
        value = [value] if i % 2 else {"x": value}
    return value


VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(HOSTILE_TEXT, st.text(max_size=8)), inner, max_size=4),
), max_leaves=12) | st.integers(10, 200).flatmap(nested)


def _base(name: str) -> dict[str, Any]:
    return tomllib.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _finished_game() -> dict[str, Any]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "g.toml"
        assert cli(*["--game", str(game), "play", str(EXAMPLES / "four-players.toml")]).exit_code == 0
        return tomllib.loads(game.read_text(encoding="utf-8"))


BASES = {
    "game file": _finished_game(),
    "script": _base("mid-game.toml"),
    "position": _base("position.toml"),
    "scoring position": _base("final-position.toml"),
    "ruleset": _base("rulesets/eight-chains.toml"),
    "inline ruleset": _base("eight-chains.toml"),
}


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path into a TOML document, tables and arrays alike."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    doc[head] = _set(doc[head], tuple(rest), value)
    return doc


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """One of the shipped kinds of file with a few values replaced, keys added or removed, or its
    text cut, spliced or garbled."""
    import copy

    kind = draw(st.sampled_from(sorted(BASES)))
    doc = copy.deepcopy(BASES[kind])
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths[1:] or [("x",)]))
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        try:
            if action == "replace":
                doc = _set(doc, path, draw(VALUES))
            elif action == "delete":
                parent = doc
                for key in path[:-1]:
                    parent = parent[key]
                del parent[path[-1]]
            else:
                target = doc
                for key in path[:-1]:
                    target = target[key]
                if isinstance(target, dict):
                    target[draw(st.one_of(HOSTILE_TEXT, st.text(max_size=8)))] = draw(VALUES)
        except (KeyError, IndexError, TypeError):
            pass
    try:
        text = tomli_w.dumps(doc) if isinstance(doc, dict) else "x = 1\n"
    except (TypeError, ValueError, RecursionError):
        assume(False)
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):  # and now the raw text
        cut = draw(st.integers(0, len(data)))
        splice = draw(st.one_of(HOSTILE_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=20)))
        data = data[:cut] + splice + data[cut + draw(st.integers(0, 40)):]
    return kind, data


def commands(path: Path, other: Path) -> list[list[str]]:
    """Every command that reads ``path`` as a game file, script, position or ruleset."""
    p, g = str(path), str(other)
    return [
        ["--game", p, "status"], ["--game", p, "score", "--json"], ["--game", p, "log"], ["--game", p, "why", "6D"],
        ["check", p], ["--game", p, "place", "6D"], ["--game", p, "undo"], ["--game", g, "play", "--force", p],
        ["--game", g, "new", "--force", "--from", p], ["--game", g, "score", "--position", p],
        ["--game", g, "new", "--force", "A", "B", "--edition", p], ["bonus", "Tower", "5", "A=2", "--edition", p],
    ]


def no_crash(args: list[str], result) -> None:
    assert "Traceback" not in result.output, (args, result.output[-1500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert result.exit_code in (0, 2, 3, 4, 5), (args, result.exit_code, result.output[-800:])


def feed(folder: Path, data: bytes) -> None:
    path, other = folder / "fuzzed.toml", folder / "other.toml"
    for args in commands(path, other):
        path.write_bytes(data)
        before = other.read_bytes() if other.exists() else None
        result = cli(*args, env={"NO_COLOR": "1", "ACQUIRE_LOCK_TIMEOUT": "5"})
        no_crash(args, result)
        if result.exit_code != 0:
            assert path.read_bytes() == data, args  # a refused command changes nothing
            assert (other.read_bytes() if other.exists() else None) == before, args
        elif args[0] == "check" or args[2] in ("status", "score", "log", "why"):
            assert path.read_bytes() == data, args  # reading never writes


@SETTINGS
@given(mutated())
def test_mutated_files_never_crash_any_reading_command(tmp_path_factory, case):
    _, data = case
    feed(tmp_path_factory.mktemp("fuzz"), data)


@SETTINGS
@given(st.dictionaries(st.sampled_from(["format", "edition", "players", "moves", "options", "tiles", "seed", "bag",
                                        "snapshot", "position", "name", "chains", "tiers", "price_chart", "cash",
                                        "shares", "starting_cash"]) | st.text(max_size=6), VALUES, max_size=8))
def test_generated_files_never_crash_any_reading_command(tmp_path_factory, doc):
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError, RecursionError):
        assume(False)
    feed(tmp_path_factory.mktemp("gen"), text.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_arbitrary_bytes_never_crash_any_reading_command(tmp_path_factory, data):
    feed(tmp_path_factory.mktemp("bytes"), data)


DEEP = "[snapshot]\n" + "\n".join(f"{'.'.join(['k'] * 40)}{i} = 1" for i in range(3))


@pytest.mark.parametrize("extra", [
    "\n[snapshot.x]\n" + ".".join(["y"] * 900) + " = 1\n",
    "\n[snapshot.deep]\nv = " + "[" * 500 + "]" * 500 + "\n",
], ids=["dotted-900", "array-500"])
def test_deep_nesting_is_exit_4_with_or_without_a_snapshot(tmp_path, extra):
    """With a snapshot the digest used to recurse into it (RecursionError, exit 1)."""
    game = tmp_path / "g.toml"
    assert cli(*["--game", str(game), "play", str(EXAMPLES / "four-players.toml")]).exit_code == 0
    with_snapshot = game.read_text(encoding="utf-8") + extra
    without = "\n".join(line for line in with_snapshot.splitlines() if not line.startswith("digest"))
    for text in (with_snapshot, without):
        game.write_text(text, encoding="utf-8")
        for args in (["status"], ["check"], ["place", "6D"], ["undo"]):
            result = cli(*["--game", str(game), *args])
            no_crash(args, result)
            assert result.exit_code == 4 and "nested too deeply" in result.output, result.output
        assert game.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("where", ["format", "cash", "bag", "seed"])
def test_numbers_too_large_for_the_game_are_refused_and_never_echoed_in_full(tmp_path, where):
    digits = "9" * 4000
    files = {
        "format": f'format = {digits}\nplayers = ["A", "B", "C"]\n',
        "cash": (EXAMPLES / "position.toml").read_text(encoding="utf-8").replace("Ann = 5100", f"Ann = {digits}00"),
        "bag": f'format = 1\nplayers = ["A", "B", "C"]\n[position]\nbag = {digits}\n',
        "seed": f'format = 1\ntiles = "dealt"\nseed = {digits}\nbag = []\nplayers = ["A", "B", "C"]\n',
    }
    path = tmp_path / "f.toml"
    path.write_text(files[where], encoding="utf-8")
    for args in (["--game", str(path), "status"], ["check", str(path)], ["--game", str(tmp_path / "g.toml"), "new",
                                                                         "--from", str(path)]):
        result = cli(*args)
        no_crash(args, result)
        assert result.exit_code == 4, result.output
        assert "9" * 200 not in result.output  # long values are cut in messages


def test_absurd_cash_in_a_position_is_refused_so_the_game_can_always_be_written(tmp_path):
    position = tmp_path / "pos.toml"
    text = (EXAMPLES / "position.toml").read_text(encoding="utf-8")
    assert "Ann = 5100" in text
    position.write_text(text.replace("Ann = 5100", f"Ann = {2**62 // 100 * 100}"), encoding="utf-8")
    result = cli(*["--game", str(tmp_path / "g.toml"), "new", "--from", str(position)])
    assert result.exit_code == 4 and "can't be above" in result.output, result.output
    assert not (tmp_path / "g.toml").exists()


@pytest.mark.parametrize("args", [
    ["market", "9" * 5000], ["bonus", "Tower", "5", "Ann=" + "9" * 5000], ["bonus", "Tower", "5", "Ann=26"],
    ["undo", "9" * 5000], ["log", "--turn", "9" * 5000], ["price", "Tower", "9" * 5000],
    ["simulate", "--games", "9" * 5000], ["watch", "--interval", "nan"], ["watch", "--interval", "inf"],
    ["watch", "--interval", "-inf"], ["watch", "--interval", "1e400"], ["new", "A", "B", "--seed", "9" * 5000],
])
def test_numbers_on_the_command_line_are_bounded(tmp_path, args):
    game = tmp_path / "g.toml"
    assert cli(*["--game", str(game), "new", "Ann", "Ben"]).exit_code == 0
    before = game.read_bytes()
    result = cli(*["--game", str(game), *args])
    no_crash(args, result)
    assert result.exit_code in (2, 3), result.output
    assert "9" * 200 not in result.output
    assert game.read_bytes() == before
