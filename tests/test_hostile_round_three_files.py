"""Hostile files, round three: what someone who can write in a shared folder could plant there.

- A side file that is read (a game's ``GAME.seats``, an event file's previous version) belongs to
  the user running the command, or it is refused with the reason (tests play another user by
  replacing ``storage.running_user``, since they run as root).
- An export is never written through a symbolic link at its name, whichever command writes it
  (``log --html``, ``status``/``score`` ``--svg``/``--html``, the standings, ``tournament sheets``,
  ``ratings``), and never under a side file's name (``*.lock``, ``*.seats``).
- The lock file is opened without following a link and must be a regular file: a dangling link at
  ``GAME.lock`` never makes a move create a file at its target; the lock is the system's own, so
  a busy file is refused (exit 5) and no lock is left behind.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from acquire_ref.engine.errors import GameBusyError, GameFileError
from acquire_ref.files import storage
from tests.helpers import EXAMPLES, refused
from tests.test_hostile_tournament import event_with_players
from tests.test_seats import table  # noqa: F401 (a fixture)
from tests.test_tournament_cli import ok

posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, FIFOs and user ids as on POSIX")


def another_user(monkeypatch) -> None:
    """Play a user other than the owner of every file the test made."""
    monkeypatch.setattr(storage, "running_user", lambda: os.geteuid() + 4242)


@pytest.fixture
def game(cli, tmp_path) -> Path:
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    return path


# ----- side files of another user ---------------------------------------------------------------

@posix_only
def test_a_seats_file_of_another_user_is_refused_with_the_reason(cli, game, monkeypatch):
    """Someone who can write in the folder plants GAME.seats with tokens they know: every seat
    would be theirs. The file's owner is checked on reading (exit 4), and the message says why."""
    assert cli("seats", "--json", "--host", "127.0.0.1", game=game).exit_code == 0
    another_user(monkeypatch)
    result = cli("seats", "--json", "--host", "127.0.0.1", game=game)
    assert result.exit_code == 4, result.output
    assert "belongs to another user" in result.stderr and "could have put it there" in result.stderr
    assert "seats --new" in result.stderr and "Traceback" not in result.output


@posix_only
def test_a_seats_file_of_the_user_running_the_command_is_read_as_before(cli, game):
    first = cli.json("seats", "--host", "127.0.0.1", game=game)
    assert cli.json("seats", "--host", "127.0.0.1", game=game) == first  # the same links: the file was read


@posix_only
def test_an_event_files_previous_version_of_another_user_is_not_put_back_by_undo(cli, tmp_path, monkeypatch):
    """`tournament undo` puts EVENT.prev back over the event file (T1.2): a planted one would
    replace the event with someone else's."""
    path = event_with_players(cli, tmp_path)
    ok(cli, tmp_path, "draw")
    before = path.read_bytes()
    another_user(monkeypatch)
    result = cli("tournament", "undo", cwd=tmp_path)
    assert result.exit_code == 4, result.output
    assert "previous version belongs to another user" in result.stderr
    assert path.read_bytes() == before


@posix_only
def test_a_previous_version_that_is_a_link_is_not_read(tmp_path):
    target = tmp_path / "elsewhere.toml"
    target.write_text("event = 1\n")
    link = tmp_path / "club.event.toml.prev"
    link.symlink_to(target)
    with pytest.raises(GameFileError, match="is a symbolic link: the event file's previous version is never read"):
        storage.read_text(link, "event file's previous version", side=True)


def test_the_owner_is_checked_only_where_the_system_has_user_ids(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "running_user", lambda: None)  # Windows: no user ids to compare
    info = os.stat(tmp_path)
    assert storage.owner_problem(info, "seats' file") is None


# ----- exports never follow a link, never take a side file's name -------------------------------

def _private(tmp_path: Path) -> tuple[Path, Path]:
    secret = tmp_path / "private" / "notes.txt"
    secret.parent.mkdir()
    secret.write_text("mine\n")
    return secret, tmp_path / "out"


EXPORTS = {
    "log --html": ["log", "--html"],
    "status --svg": ["status", "--svg"],
    "status --html": ["status", "--html"],
    "score --svg": ["score", "--svg"],
    "score --html": ["score", "--html"],
}


@posix_only
@pytest.mark.parametrize("args", list(EXPORTS.values()), ids=list(EXPORTS))
def test_a_game_export_never_writes_through_a_link_at_its_name(cli, game, tmp_path, args):
    """root once overwrote a private file through a link planted at the export's name."""
    secret, out = _private(tmp_path)
    out.symlink_to(secret)
    said = refused(cli, game, *args, out, code=4)
    assert "is a symbolic link: an export is never written through a link" in said
    assert secret.read_text() == "mine\n" and out.is_symlink()


@posix_only
def test_a_dangling_link_at_an_exports_name_makes_no_file_at_its_target(cli, game, tmp_path):
    target = tmp_path / "made-by-the-link.html"
    out = tmp_path / "out.html"
    out.symlink_to(target)
    refused(cli, game, "log", "--html", out, code=4)
    assert not target.exists() and out.is_symlink()


@posix_only
@pytest.mark.parametrize("args", [["standings", "--csv"], ["standings", "--html"], ["sheets", "--html"]],
                         ids=["standings --csv", "standings --html", "sheets --html"])
def test_an_event_export_never_writes_through_a_link_at_its_name(cli, tmp_path, args):
    event_with_players(cli, tmp_path)
    ok(cli, tmp_path, "draw")
    secret, out = _private(tmp_path)
    out.symlink_to(secret)
    result = cli("tournament", *args, str(out), cwd=tmp_path)
    assert result.exit_code == 4, result.output
    assert "is a symbolic link" in result.stderr and secret.read_text() == "mine\n"


@posix_only
@pytest.mark.parametrize("option", ["--csv", "--html"])
def test_a_ratings_export_never_writes_through_a_link_at_its_name(cli, game, tmp_path, option):
    secret, out = _private(tmp_path)
    out.symlink_to(secret)
    result = cli("ratings", str(game), option, str(out))
    assert result.exit_code == 4, result.output
    assert "is a symbolic link" in result.stderr and secret.read_text() == "mine\n"


def test_tournament_sheets_never_writes_over_a_tables_lock_file(cli, tmp_path):
    """sheets --html club-r1-t2.toml.lock replaced the lock a referee's command held: a side
    file's name is never an export's, whichever files the command knows of."""
    event_with_players(cli, tmp_path)
    ok(cli, tmp_path, "draw")
    lock = tmp_path / "club-r1-t2.toml.lock"
    lock.write_bytes(b"")
    result = cli("tournament", "sheets", "--html", str(lock), cwd=tmp_path)
    assert result.exit_code == 2, result.output
    assert "acquire-ref's side files" in result.stderr and lock.read_bytes() == b""


@pytest.mark.parametrize("name", ["g.toml.lock", "other.toml.lock", "g.toml.seats"])
def test_ratings_html_never_writes_over_a_lock_or_seats_file(cli, game, tmp_path, name):
    """The ratings read game files, not their locks, so the lock was not among the files refused."""
    out = tmp_path / name
    before = out.read_bytes() if out.exists() else None
    result = cli("ratings", str(game), "--html", str(out))
    assert result.exit_code == 2, result.output
    assert "never an export's" in result.stderr
    assert (out.read_bytes() if out.exists() else None) == before


# ----- the lock file ----------------------------------------------------------------------------

@posix_only
def test_a_dangling_link_at_the_lock_makes_no_file_at_its_target(cli, tmp_path):
    """A dangling link at GAME.lock made every move create a file at the link's target."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    target = tmp_path / "elsewhere" / "planted"
    target.parent.mkdir()
    lock = tmp_path / "g.toml.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(target)
    said = refused(cli, path, "start", "1A", "5E", "9I", code=4)
    assert "the lock file" in said and "is a symbolic link" in said
    assert not target.exists() and lock.is_symlink()


@posix_only
def test_a_link_to_a_file_at_the_lock_is_refused_too(cli, game, tmp_path):
    target = tmp_path / "someone-elses"
    target.write_text("keep\n")
    lock = tmp_path / "g.toml.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(target)
    assert "is a symbolic link" in refused(cli, game, "undo", code=4)
    assert target.read_text() == "keep\n"


@posix_only
def test_a_fifo_at_the_lock_is_refused_without_blocking(cli, game, tmp_path):
    lock = tmp_path / "g.toml.lock"
    lock.unlink(missing_ok=True)
    os.mkfifo(lock)
    assert "is a pipe or a device, not a lock file" in refused(cli, game, "undo", code=4)


def test_a_held_lock_is_refused_after_the_timeout_with_its_message(game):
    with storage.locked(game, 0), pytest.raises(GameBusyError, match="is locked by another acquire-ref command"):
        with storage.locked(game, 0.1):
            pass


def test_no_lock_is_left_behind_when_the_body_fails(game):
    with pytest.raises(RuntimeError), storage.locked(game, 0):
        raise RuntimeError("the command failed while holding the lock")
    with storage.locked(game, 0):  # taken at once: nothing held it
        pass


def test_a_lock_is_taken_once_its_holder_lets_go(game):
    import threading

    held, let_go = threading.Event(), threading.Event()

    def holder() -> None:
        with storage.locked(game, 0):
            held.set()
            let_go.wait(5)

    thread = threading.Thread(target=holder)
    thread.start()
    assert held.wait(5)
    let_go.set()
    with storage.locked(game, 10):  # waits for the holder, then has it
        pass
    thread.join(5)


def test_a_write_imports_no_lock_library(cli, tmp_path):
    """The lock is the standard library's (issue 39: a lock library's import cost every write)."""
    import subprocess
    import sys

    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    probe = ("import sys; sys.argv = ['acquire-ref', '--game', sys.argv[1], 'start', '1A', '5E', '9I']\n"
             "from acquire_ref.cli import run\n"
             "try:\n    run()\nexcept SystemExit:\n    pass\n"
             "import json; print(json.dumps(sorted(m for m in sys.modules if m.startswith('filelock'))))")
    result = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout.splitlines()[-1]) == []
    assert "start 1A 5E 9I" in path.read_text()


# ----- ratings FOLDER: every file not rated is reported -----------------------------------------

@pytest.fixture
def season(game, tmp_path) -> Path:
    """A folder with one finished game, a dangling link, a FIFO and a link to a folder, all *.toml."""
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "a-game.toml").write_bytes(game.read_bytes())
    (folder / "b-dangling.toml").symlink_to(tmp_path / "gone.toml")
    os.mkfifo(folder / "c-fifo.toml")
    (tmp_path / "elsewhere").mkdir()
    (folder / "d-folder-link.toml").symlink_to(tmp_path / "elsewhere")
    return folder


@posix_only
def test_ratings_of_a_folder_stops_at_a_dangling_link_it_cannot_rate(cli, season):
    """A dangling link and a FIFO named *.toml were skipped in silence (exit 0)."""
    result = cli("ratings", str(season))
    assert result.exit_code == 4, result.output
    assert "b-dangling.toml: no such game or event file" in result.stderr


@posix_only
def test_ratings_keep_going_reports_every_file_of_a_folder_it_did_not_rate(cli, season):
    result = cli("ratings", str(season), "--keep-going", "--json")
    assert result.exit_code == 4, result.output  # the first file not rated decides, as make -k does
    doc = json.loads(result.stdout)
    assert doc["games"] == 1 and doc["ratings"][0]["player"] == "Ann"
    skipped = {Path(s["file"]).name: s["problem"] for s in doc["skipped"]}
    assert sorted(skipped) == ["b-dangling.toml", "c-fifo.toml", "d-folder-link.toml"]
    assert "no such game or event file" in skipped["b-dangling.toml"]
    assert "is a pipe or a device" in skipped["c-fifo.toml"]
    assert "is a folder" in skipped["d-folder-link.toml"]
    assert "Not rated: 3 files could not be used" in result.stderr


@posix_only
def test_ratings_reports_a_sub_folder_it_cannot_list(cli, game, tmp_path, monkeypatch):
    """os.walk and rglob pass over a folder they can't list; that folder's games were left out unsaid."""
    folder = tmp_path / "season"
    (folder / "locked").mkdir(parents=True)
    (folder / "a-game.toml").write_bytes(game.read_bytes())
    (folder / "locked" / "b-game.toml").write_bytes(game.read_bytes())
    real = os.scandir

    def scandir(path=".", *args):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args)

    monkeypatch.setattr(os, "scandir", scandir)
    result = cli("ratings", str(folder))
    assert result.exit_code == 4, result.output
    assert "locked: can't list the folder (Permission denied), so its files are not rated" in result.stderr
    kept = cli("ratings", str(folder), "--keep-going", "--json")
    assert kept.exit_code == 4 and json.loads(kept.stdout)["games"] == 1


# ----- look-alike names by Unicode's confusables (UTS #39) --------------------------------------

ARMENIAN_ANN = "A\u0578n"  # "An" with the Armenian letter vo, which prints as n


def test_the_armenian_vo_is_read_as_n_from_unicodes_confusables_table():
    from acquire_ref.engine.problems import prototype, skeleton

    assert prototype("\u0578") == "n" and prototype("m") == "rn"  # as Unicode's confusables.txt has them
    assert prototype("n") == "n" and prototype("\u0410") == "A" and prototype("\u2800") == "\u2800"
    assert skeleton(ARMENIAN_ANN) == skeleton("Ann") == "ann"
    assert skeleton("\u041dal") == skeleton("Hal")  # a Cyrillic capital En, read as H
    assert skeleton("\u0406an") == skeleton("Ian")  # a Cyrillic capital I, read as i (as the names are casefolded)


def test_new_refuses_an_armenian_look_alike_of_ann_r2_1(cli, tmp_path):
    """Left from round two: "An" + U+0578 stood beside "Ann" (a hand list of look-alike letters)."""
    path = tmp_path / "g.toml"
    result = cli("new", "Ann", ARMENIAN_ANN, "Cat", game=path)
    assert result.exit_code == 2, result.output
    assert "looks like 'Ann'" in result.stderr and "U+0578" in result.stderr
    assert not path.exists()


def test_tournament_add_refuses_an_armenian_look_alike_of_ann(cli, tmp_path):
    event = event_with_players(cli, tmp_path)
    before = event.read_bytes()
    result = cli("tournament", "add", ARMENIAN_ANN, cwd=tmp_path)
    assert result.exit_code == 2, result.output
    assert "is already entered (as 'Ann')" in result.stderr and event.read_bytes() == before


def test_ratings_refuse_an_armenian_look_alike_of_ann(cli, tmp_path):
    from tests.test_club_season import season_game

    one = season_game(tmp_path / "one.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000})
    two = season_game(tmp_path / "two.toml", "2026-01-13", {ARMENIAN_ANN: 30000, "Ben": 20000})
    result = cli("ratings", one, two)
    assert result.exit_code == 4, result.output
    assert "look alike but are different names" in result.stderr


def test_plain_ascii_names_that_differ_are_never_look_alikes(cli, tmp_path):
    """We decided: ASCII letters stand for themselves (Amie and Arnie, Al and AI may play together);
    the confusables table maps only letters beyond ASCII."""
    assert cli("new", "Amie", "Arnie", "Al", "AI", game=tmp_path / "g.toml").exit_code == 0


def test_ascii_names_are_compared_without_reading_the_confusables_table():
    """Start-up: the table is read only for a name with a letter beyond ASCII."""
    import subprocess
    import sys

    probe = ("from acquire_ref.engine.setup import check_player_names\n"
             "from acquire_ref.engine.problems import _confusables\n"
             "check_player_names(['Ann', 'Ben', 'Cat'])\n"
             "print(_confusables.cache_info().currsize)\n"
             "check_player_names(['Ann', 'Zo\\u00eb'])\n"
             "print(_confusables.cache_info().currsize)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["0", "1"]


@posix_only
def test_the_server_opens_no_seat_from_a_seats_file_of_another_user(table, monkeypatch):  # noqa: F811
    """The seats' routes read the side file through the same check: a planted file opens no seat."""
    from tests.test_seats import ORIGIN, TestClient, create_app

    path, kept, client = table(1)
    assert client.get(f"/seat/{kept['Ben']}").status_code == 200
    another_user(monkeypatch)
    planted = TestClient(create_app(path), base_url=ORIGIN)
    answer = planted.get(f"/seat/{kept['Ben']}")
    # the side file can't be trusted: no seat opens, and the answer says why (503, not a wrong link)
    assert answer.status_code == 503 and "another user" in answer.text, answer.text
    assert "Ben" not in answer.text
