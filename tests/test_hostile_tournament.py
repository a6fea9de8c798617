"""Hostile event files and interrupted draws (T1.2, T2.3): an event file whose name starts with a
dot still draws tables it can read again; a hand-edited edition, draw number or game name is
refused by name (exit 4); a draw whose event file can't be written leaves no game file behind;
and a draw cut off after its game files were made (kill -9) is drawn again over them."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest

from acquire_ref.engine.errors import GameBusyError
from tests.helpers import installed
from tests.test_tournament_cli import NAMES, ok, refused


def event_with_players(cli, folder: Path, event: str = "club.event.toml") -> Path:
    ok(cli, folder, "--event", event, "new", "Club", "--seed", "7")
    ok(cli, folder, "--event", event, "add", *NAMES)
    return folder / event


def test_an_event_file_named_with_a_leading_dot_draws_games_it_can_read_again(cli, tmp_path):
    """`.club.event.toml` once drew `.club-r1-t1.toml`, a name its own reader refuses as hand-edited:
    the event was stuck. The tables' files now drop the dot, and every command reads the event."""
    event_with_players(cli, tmp_path, ".club.event.toml")
    out = ok(cli, tmp_path, "--event", ".club.event.toml", "draw")
    assert "--game club-r1-t1.toml table" in out and "--game club-r1-t2.toml table" in out
    assert (tmp_path / "club-r1-t1.toml").is_file() and not (tmp_path / ".club-r1-t1.toml").exists()
    assert "table 1:" in ok(cli, tmp_path, "--event", ".club.event.toml", "tables")
    assert "Still playing in round 1: tables 1, 2." in ok(cli, tmp_path, "--event", ".club.event.toml", "standings")


@pytest.mark.parametrize(("old", "new", "said"), [
    ('edition = "classic"', 'edition = "/etc/passwd"', "edition is '/etc/passwd': an event's tables play"),
    ("draw = 1", "draw = -7", "rounds[1].draw is -7: a round's draws are counted from 1"),
    ("swiss_rounds = 4", "swiss_rounds = -4", "swiss_rounds is -4: a swiss event plays 1 to 50 rounds"),
    ('game = "club-r1-t2.toml"', 'game = "club-r1-t1.toml"',
     "rounds[1].tables[2].game is 'club-r1-t1.toml', another table's game file"),
    ('game = "club-r1-t1.toml"', 'game = "club.event.toml"',
     "rounds[1].tables[1].game is 'club.event.toml': an event file, not a table's game file"),
])
def test_a_hand_edited_edition_draw_number_or_game_name_is_refused_by_its_key(cli, tmp_path, old, new, said):
    path = event_with_players(cli, tmp_path)
    ok(cli, tmp_path, "draw")
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    for args in (["standings"], ["result", "1", "1", "--leave-out"], ["draw", "--force"]):
        out = refused(cli, tmp_path, *args, code=4)
        assert said in out and "edited by hand?" in out


def test_a_draw_whose_event_file_cant_be_written_leaves_no_game_file(cli, tmp_path, monkeypatch):
    """Another program changed the event file while the draw worked (exit 5): the draw is refused,
    so the game files it made are removed again, and the next draw is not blocked by them."""
    import acquire_ref.files.storage as storage

    path = event_with_players(cli, tmp_path)
    real = storage.write_atomic

    def busy(target, text, expect=None, what="game file"):
        if what == "event file":
            raise GameBusyError(f"{target} was replaced or changed by another program")
        return real(target, text, expect, what)

    monkeypatch.setattr(storage, "write_atomic", busy)
    out = refused(cli, tmp_path, "draw", code=5)
    assert "changed by another program" in out
    assert sorted(p.name for p in tmp_path.glob("*.toml")) == ["club.event.toml"]
    monkeypatch.setattr(storage, "write_atomic", real)
    assert "table 2:" in ok(cli, tmp_path, "draw")
    assert tomllib.loads(path.read_text())["rounds"][0]["tables"][1]["game"] == "club-r1-t2.toml"


def test_a_draw_cut_off_before_its_event_file_was_written_is_drawn_again_over_its_own_files(cli, tmp_path):
    """kill -9 between the game files and the event file leaves fresh game files that the event
    does not know: the same draw (from the seed, T2.3) takes them as they are. A file that a
    table has played into is never taken, nor written over (exit 3, every file unchanged)."""
    path = event_with_players(cli, tmp_path)
    before = path.read_bytes()
    first = ok(cli, tmp_path, "draw")
    games = {p.name: p.read_bytes() for p in tmp_path.glob("club-r1-*.toml")}
    path.write_bytes(before)  # as if killed after the game files were made
    assert ok(cli, tmp_path, "draw") == first
    assert {p.name: p.read_bytes() for p in tmp_path.glob("club-r1-*.toml")} == games
    path.write_bytes(before)
    played = tmp_path / "club-r1-t2.toml"
    played.write_text(played.read_text().replace("moves = []", 'moves = ["start 1A 2B 3C 4D"]'))
    out = refused(cli, tmp_path, "draw", code=3)
    assert "club-r1-t2.toml already exists: the draw never writes over a game file" in out


def test_the_installed_command_draws_for_a_dotted_event_file(tmp_path):
    run = [installed(), "tournament", "--event", ".hall.event.toml"]
    for args in (["new", "Hall", "--seed", "3"], ["add", "Ann", "Ben", "Cat"], ["draw"], ["tables"]):
        result = subprocess.run(run + args, cwd=tmp_path, capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
    assert "--game hall-r1-t1.toml table" in result.stdout


def test_the_csv_neutralises_a_formula_behind_spaces_in_a_group_and_at_the_start_of_names(cli, tmp_path):
    """A group written ' =HYPERLINK(...)' went into the CSV as it was: a spreadsheet that drops
    the leading space would run it. Every such cell now starts with a quote."""
    import csv

    ok(cli, tmp_path, "new", "Hall", "--seed", "5")
    ok(cli, tmp_path, "add", "+cmd|x!A0", "@SUM(1+1)", "--group", ' =HYPERLINK("http://x")')
    ok(cli, tmp_path, "add", "Cat", "--group", "Smiths")
    ok(cli, tmp_path, "standings", "--csv", "s.csv")
    rows = {r["player"]: r for r in csv.DictReader((tmp_path / "s.csv").open(newline=""))}
    assert set(rows) == {"'+cmd|x!A0", "'@SUM(1+1)", "Cat"}
    assert rows["'+cmd|x!A0"]["group"] == '\' =HYPERLINK("http://x")'
    assert rows["Cat"]["group"] == "Smiths"


def test_a_ctrl_c_held_back_until_the_event_file_is_written_keeps_the_drawn_game_files(cli, tmp_path, monkeypatch):
    """Ctrl-C during the event file's write takes effect once it is written: the round is drawn,
    so its game files must stay (only a refused write removes them)."""
    import acquire_ref.files.storage as storage

    path = event_with_players(cli, tmp_path)
    real = storage.write_atomic

    def interrupted(target, text, expect=None, what="game file"):
        real(target, text, expect, what)
        if what == "event file":
            raise KeyboardInterrupt

    monkeypatch.setattr(storage, "write_atomic", interrupted)
    result = cli("tournament", "draw", cwd=tmp_path)
    assert result.exit_code == 130, result.output
    monkeypatch.setattr(storage, "write_atomic", real)
    games = [t["game"] for t in tomllib.loads(path.read_text())["rounds"][0]["tables"]]
    assert games == ["club-r1-t1.toml", "club-r1-t2.toml"]
    assert all((tmp_path / g).is_file() for g in games)
    assert "table 2:" in ok(cli, tmp_path, "tables")


def test_an_event_file_reached_by_a_symbolic_link_is_changed_through_it_and_the_link_stays(cli, tmp_path):
    """The link was replaced by a regular file holding the change, and the linked file was left
    as it was (with its lock on another path than the link's): the event split in two."""
    real = tmp_path / "season"
    real.mkdir()
    ok(cli, tmp_path, "--event", "season/club.event.toml", "new", "Club", "--seed", "2")
    link = tmp_path / "club.event.toml"
    link.symlink_to("season/club.event.toml")
    ok(cli, tmp_path, "add", "Ann", "Ben", "Cat")
    out = ok(cli, tmp_path, "draw")
    assert link.is_symlink()
    entered = [p["name"] for p in tomllib.loads((real / "club.event.toml").read_text())["players"]]
    assert entered == ["Ann", "Ben", "Cat"]
    assert (real / "club-r1-t1.toml").is_file() and f"--game {real / 'club-r1-t1.toml'} table" in out


def test_new_force_through_a_symbolic_link_replaces_the_linked_event_and_keeps_the_link(cli, tmp_path):
    (tmp_path / "season").mkdir()
    ok(cli, tmp_path, "--event", "season/old.event.toml", "new", "Old", "--seed", "2")
    link = tmp_path / "club.event.toml"
    link.symlink_to("season/old.event.toml")
    ok(cli, tmp_path, "--event", "club.event.toml", "new", "Spring", "--seed", "3", "--force")
    assert link.is_symlink()
    assert tomllib.loads((tmp_path / "season" / "old.event.toml").read_text())["name"] == "Spring"
    assert "--event needs a file name" in refused(cli, tmp_path, "--event", "", "new", "X", code=2)


@pytest.mark.parametrize(("option", "target", "said"), [
    ("--csv", "club-r1-t1.toml", "--csv club-r1-t1.toml is the round 1 table 1 game club-r1-t1.toml"),
    ("--csv", "club-r1-t2.toml.lock", "--csv club-r1-t2.toml.lock is the round 1 table 2 game's lock"),
    ("--html", "club.event.toml", "--html club.event.toml is the event file club.event.toml"),
])
def test_a_standings_export_never_replaces_a_file_of_the_event_and_names_its_own_option(cli, tmp_path, option,
                                                                                         target, said):
    """--csv over a table's lock file was written (a lock replaced under a referee holding it);
    the refusals named '--svg/--html' for --csv and a game file's name twice."""
    event_with_players(cli, tmp_path)
    ok(cli, tmp_path, "draw")
    out = refused(cli, tmp_path, "standings", option, target, code=2)
    assert said in out and "--svg/--html" not in out
