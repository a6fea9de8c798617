"""The date a game was played (the game file's key ``played``, T6): set when a game starts,
given for a game entered later, editable by hand, validated by its key, kept out of the digest
so that correcting it is no edit of the record; files written before the key still load."""

from __future__ import annotations

import re
import shutil
import tomllib
from datetime import date

from tests.helpers import EXAMPLES


def played_of(path) -> object:
    return tomllib.loads(path.read_text(encoding="utf-8")).get("played")


def test_new_dates_the_game_today(cli, tmp_path):
    path = tmp_path / "g.toml"
    before = date.today()
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    assert played_of(path) in (before, date.today())  # the clock may pass midnight between the two
    assert re.search(r"^played = \d{4}-\d\d-\d\d$", path.read_text(), re.M)  # a TOML date, not text


def test_new_played_dates_a_game_entered_later(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--played", "2025-11-03", game=path).exit_code == 0
    assert played_of(path) == date(2025, 11, 3)
    assert cli("start", "1A", "5E", game=path).exit_code == 0
    assert played_of(path) == date(2025, 11, 3)  # kept by every later write


def test_a_bad_played_date_on_the_command_line_is_a_usage_error_and_makes_no_file(cli, tmp_path):
    path = tmp_path / "g.toml"
    for bad in ("2026-02-30", "14/03/2026", "2026-3-14", "soon"):
        result = cli("new", "Ann", "Ben", "--played", bad, game=path)
        assert result.exit_code == 2, bad
        assert f"--played '{bad}' is not a date: write YYYY-MM-DD" in result.output
        assert not path.exists()


def test_a_hand_edited_date_is_checked_by_its_key(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--played", "2026-01-06", game=path).exit_code == 0
    text = path.read_text()
    for bad, said in (('"2026-02-30"', "'2026-02-30'"), ("2026-01-06T19:30:00", "2026-01-06T19:30:00"),
                      ("20260106", "20260106"), ('"next week"', "'next week'")):
        path.write_text(text.replace("played = 2026-01-06", f"played = {bad}"))
        before = path.read_bytes()
        result = cli("status", game=path)
        assert result.exit_code == 4, bad
        assert f"played is {said}: the date the game was played is a calendar date written YYYY-MM-DD" in result.output
        assert cli("start", "1A", "5E", game=path).exit_code == 4 and path.read_bytes() == before


def test_correcting_the_date_by_hand_is_no_edit_of_the_record(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "--played", "2026-01-06", game=path).exit_code == 0
    assert cli("start", "1A", "5E", game=path).exit_code == 0
    path.write_text(path.read_text().replace("played = 2026-01-06", 'played = "2026-01-07"'))
    result = cli("check", game=path)
    assert result.exit_code == 0 and "edited by hand" not in result.output
    assert cli("place", "2A", game=path).exit_code == 0
    assert played_of(path) == date(2026, 1, 7)  # the text form is read and written back as a date


def test_a_file_without_a_date_still_loads_and_stays_without_one(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    path.write_text(re.sub(r"^played = .*\n", "", path.read_text(), flags=re.M))
    assert cli("start", "1A", "5E", "9I", game=path).exit_code == 0
    assert "played" not in tomllib.loads(path.read_text())  # an old file's output stays as it was


def test_a_script_may_give_the_date_and_play_keeps_it(cli, tmp_path):
    script, path = tmp_path / "s.toml", tmp_path / "g.toml"
    script.write_text("played = 2025-12-24\n" + (EXAMPLES / "three-players.toml").read_text())
    assert cli("play", script, game=path).exit_code == 0
    assert played_of(path) == date(2025, 12, 24)
    shutil.copy(EXAMPLES / "three-players.toml", script)
    assert cli("play", script, "--force", game=path).exit_code == 0
    assert isinstance(played_of(path), date)  # a script without a date is played today


def test_a_script_added_to_a_game_leaves_the_games_date(cli, tmp_path):
    script, path = tmp_path / "s.toml", tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--played", "2026-01-06", game=path).exit_code == 0
    script.write_text('played = 1999-01-01\nmoves = ["start 1A 5E 9I"]\n')
    assert cli("play", "--append", script, game=path).exit_code == 0
    assert played_of(path) == date(2026, 1, 6)


def test_new_from_a_position_takes_played(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", EXAMPLES / "position.toml", "--played", "2026-02-01", game=path).exit_code == 0
    assert played_of(path) == date(2026, 2, 1)


def test_the_library_dates_a_new_game_file(tmp_path):
    from acquire_ref.files.record import Record
    from acquire_ref.files.session import GameFile

    made = GameFile.create(tmp_path / "g.toml", Record(["Ann", "Ben"]))
    assert played_of(made.path) in (made.record.played, date.today())
    dated = GameFile.create(tmp_path / "h.toml", Record(["Ann", "Ben"], played=date(2026, 3, 14)))
    assert played_of(dated.path) == date(2026, 3, 14)


def test_a_drawn_table_is_dated_the_day_of_the_draw(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    before = date.today()
    for args in (["new", "Club", "--seed", "1"], ["add", "Ann", "Ben", "Cat", "Dan"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    [table] = tmp_path.glob("club-r1-t*.toml")
    assert played_of(table) in (before, date.today())
