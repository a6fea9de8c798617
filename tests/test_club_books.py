"""The club's books (issue 37): one name rule for members across refereed game files and paper
results (T6), a note for names nearly the same, and "did you mean" for a name typed without its
accents."""

from __future__ import annotations

import json

import pytest

from acquire_ref.errors import NotationError
from acquire_ref.members import member_key, member_name, near_names
from acquire_ref.ratings import Rated, compute, find_player
from acquire_ref.tournament import Tournament, check_sheet
from tests.test_club_season import season_game


def test_a_member_with_a_space_is_one_rated_person_in_game_files_and_event_sheets_T6(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    game = season_game(tmp_path / "tuesday.toml", "2026-01-06", {"Rosa_Díaz": 30000, "Ben": 20000})
    for args in (["new", "Club", "--seed", "5"], ["add", "Rosa Díaz", "Ann", "Cat", "Dan"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    seats = json.loads(cli("tournament", "tables", "--json", cwd=tmp_path).stdout)["tables"][0]["seats"]
    sheet = dict(zip(seats, (52300, 41000, 38000, 20100), strict=True))
    assert cli("tournament", "result", "1", "1", *(f"{p}={m}" for p, m in sheet.items()), cwd=tmp_path).exit_code == 0
    doc = cli.json("ratings", game, tmp_path / "club.event.toml")
    rosa = [r for r in doc["ratings"] if "Rosa" in r["player"]]
    assert [(r["player"], r["games"]) for r in rosa] == [("Rosa Díaz", 2)]
    assert len(doc["ratings"]) == 5


def test_the_member_key_reads_underscore_as_space_and_ignores_case_and_normal_form_T6():
    assert member_key("Rosa_Díaz") == member_key("rosa  díaz") == member_key("ROSA D\u0131az".replace("\u0131", "i\u0301"))
    assert member_name("Rosa_Díaz") == "Rosa Díaz"
    rows = compute([Rated("a", {"Rosa_Díaz": 30000, "Ben": 20000}), Rated("b", {"rosa díaz": 10000, "Ben": 20000})])
    assert [(r["player"], r["games"], r["wins"]) for r in rows] == [("Ben", 2, 1), ("Rosa Díaz", 2, 1)]


def test_names_nearly_the_same_are_noted_as_perhaps_one_member_T6(cli, tmp_path):
    one = season_game(tmp_path / "one.toml", "2026-01-06", {"Rosa_Díaz": 30000, "Ben": 20000})
    two = season_game(tmp_path / "two.toml", "2026-01-13", {"Rosa_Diaz": 30000, "Ben": 20000})
    result = cli("ratings", one, two)
    assert result.exit_code == 0
    assert (f"'Rosa Díaz' ({one}) and 'Rosa Diaz' ({two}) are nearly the same name, rated as two players: "
            "if they are one member, write the name one way in both files") in result.stderr
    assert near_names(["Jon Smith", "John Smith", "Ann", "Anne", "Dan", "Don"]) == [("Jon Smith", "John Smith")]
    assert near_names(["Rosa Díaz", "Rosa-Diaz", "Rosalind"]) == [("Rosa Díaz", "Rosa-Diaz")]


def test_a_player_typed_without_accents_gets_did_you_mean():
    rows = compute([Rated("a", {"Rosa Díaz": 30000, "Ben": 20000})])
    assert find_player(rows, "rosa_díaz") == "Rosa Díaz"
    with pytest.raises(NotationError) as said:
        find_player(rows, "Rosa Diaz")
    assert str(said.value) == "--player 'Rosa Diaz': nobody of that name played in these games; did you mean 'Rosa Díaz'?"
    event = Tournament("Club", "heats", seed=1)
    for name in ("José García", "Ann", "Ben", "Cat"):
        event.add(name)
    with pytest.raises(NotationError) as said:
        event.withdraw("Jose Garcia")
    assert str(said.value) == ("'Jose Garcia' is not entered in Club: did you mean 'José García'? "
                               "(names are matched with their accents)")
    with pytest.raises(NotationError) as said:
        check_sheet(["José García", "Ann", "Ben", "Cat"], {"Jose Garcia": 30000, "Ann": 20000})
    assert str(said.value) == ("Jose Garcia is not at this table: did you mean José García? (names are matched with "
                               "their accents) (its seats: José García, Ann, Ben, Cat)")
