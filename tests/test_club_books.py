"""The club's books (issue 37): one name rule for members across refereed game files and paper
results (T6), a note for names nearly the same, and "did you mean" for a name typed without its
accents."""

from __future__ import annotations

import json
from datetime import date

import pytest

from acquire_ref.club.members import member_key, member_name, near_names
from acquire_ref.club.ratings import Rated, compute, find_player
from acquire_ref.engine.errors import NotationError
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
            "if they are one member, acquire-ref club alias PLAYS_FILE 'Rosa Diaz' 'Rosa Díaz' --reason WHY") in result.stderr
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


def club(cli, folder, *args):
    return cli("club", *args, cwd=folder)


def test_paper_results_go_in_as_played_with_their_date_and_a_table_of_6_T6(cli, tmp_path):
    said = club(cli, tmp_path, "add", "paper.toml", "--played", "2026-01-13", "--table", "2", "Rosa Díaz=52,300",
                "Ben=41000", "Cat=38000", "Dan=30100", "Eve=22000", "Fay=41000")
    assert said.exit_code == 0, said.output
    assert said.stdout == ("paper.toml: play 1 (2026-01-13, table 2): 1. Rosa Díaz $52,300, 2. Ben $41,000, "
                           "2. Fay $41,000, 4. Cat $38,000, 5. Dan $30,100, 6. Eve $22,000.\n")
    assert club(cli, tmp_path, "add", "paper.toml", "--played", "2026-01-06", "Rosa_Díaz=54100", "Ben=41300",
                "Cat=38600").exit_code == 0  # entered later than it was played: rated first, by its date
    doc = cli.json("ratings", tmp_path / "paper.toml", "--history")
    rows = {r["player"]: r for r in doc["ratings"]}
    assert (rows["Rosa Díaz"]["games"], rows["Rosa Díaz"]["wins"], rows["Rosa Díaz"]["last_played"]) == (2, 2, "2026-01-13")
    assert (rows["Fay"]["games"], rows["Fay"]["average_place"], rows["Fay"]["last_played"]) == (1, 2.0, "2026-01-13")
    assert rows["Eve"]["average_place"] == 6.0  # a table of 6, places from the money
    assert [e["played"] for e in doc["history"]["Ben"]] == ["2026-01-06", "2026-01-13"]
    expected = compute([Rated("a", {"Rosa Díaz": 54100, "Ben": 41300, "Cat": 38600}, date(2026, 1, 6)),
                        Rated("b", {"Rosa Díaz": 52300, "Ben": 41000, "Cat": 38000, "Dan": 30100, "Eve": 22000,
                                    "Fay": 41000}, date(2026, 1, 13))])
    assert doc["ratings"] == expected
    assert "is a plays file: 2 paper results rated" in cli("ratings", tmp_path / "paper.toml").stderr


def test_adding_a_play_keeps_the_files_own_text_and_a_hand_written_play_T6(cli, tmp_path):
    plays = tmp_path / "paper.toml"
    plays.write_text("# Riverside club, paper sheets\n[[play]]\nplayed = 2026-02-03\n"
                     'money = { Ann = 61000, Ben = 48000, Cat = 30000, Dan = 12000 }\n', encoding="utf-8")
    before = plays.read_text(encoding="utf-8")
    assert club(cli, tmp_path, "add", "paper.toml", "--played", "2026-02-10", "Ann=40000", "Ben=50000",
                "Cat=60000").exit_code == 0
    text = plays.read_text(encoding="utf-8")
    assert text.startswith(before)
    assert text.endswith('\n[[play]]\nplayed = 2026-02-10\nmoney = { "Ann" = 40000, "Ben" = 50000, "Cat" = 60000 }\n')
    assert cli.json("ratings", plays)["games"] == 2


def test_a_play_that_cannot_be_a_game_is_refused_and_nothing_is_written_T6(cli, tmp_path):
    plays = tmp_path / "paper.toml"
    assert club(cli, tmp_path, "add", "paper.toml", "--played", "2026-02-10", "Ann=40000", "Ben=50000",
                "Cat=60000").exit_code == 0
    before = plays.read_bytes()
    cases = [(["--played", "2026-02-30", "A=50000", "B=60000"], 2, "is not a date"),
             (["A=50000", "B=60000"], 2, "--played"),
             (["--played", "2026-02-10", *(f"P{i}=30000" for i in range(7))], 2, "2 to 6 players, not 7 (R2.1)"),
             (["--played", "2026-02-10", "Ann=50000", "ann=60000", "Cat=40000"], 2, "are one player"),
             (["--played", "2026-02-10", "Ann=50050", "Ben=60000", "Cat=40000"], 3, "whole hundreds"),
             (["--played", "2026-02-10", "Ann=24100", "Ben=21300", "Cat=18600", "Dan=14000"], 3,
              "the table's total is $78,000, far from the usual $100,000 to $250,000")]
    for args, code, words in cases:
        result = club(cli, tmp_path, "add", "paper.toml", *args)
        assert result.exit_code == code and words in result.output, (args, result.output)
        assert "Traceback" not in result.output and plays.read_bytes() == before
    forced = club(cli, tmp_path, "add", "paper.toml", "--force", "--played", "2026-02-10", "Ann=24100", "Ben=21300",
                  "Cat=18600", "Dan=14000")
    assert forced.exit_code == 0 and "play 2" in forced.stdout
    (tmp_path / "broken.toml").write_text('[[play]]\nplayed = 2026-02-10\nmoney = { Ann = 100, Ben = "lots" }\n',
                                          encoding="utf-8")
    result = cli("ratings", tmp_path / "broken.toml")
    assert result.exit_code == 4 and "broken.toml play 1: Ben='lots': money is whole hundreds" in result.output
    (tmp_path / "game.toml").write_text('format = 1\nplayers = ["Ann", "Ben"]\nmoves = []\n', encoding="utf-8")
    result = club(cli, tmp_path, "add", "game.toml", "--played", "2026-02-10", "Ann=60000", "Ben=50000")
    assert result.exit_code == 4 and "is not a plays file" in result.output


def test_a_paper_sheet_does_not_silently_replace_a_refereed_tables_result_T3_1(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    for args in (["new", "Club", "--seed", "5"], ["add", "Ann", "Ben", "Cat"], ["draw"]):
        assert cli("tournament", *args, cwd=tmp_path).exit_code == 0, args
    [table] = json.loads(cli("tournament", "tables", "--json", cwd=tmp_path).stdout)["tables"]
    season_game(tmp_path / table["game"], "2026-01-06", dict(zip(table["seats"], (60000, 50000, 40000), strict=True)))
    assert cli("tournament", "result", "1", "1", cwd=tmp_path).exit_code == 0  # from the refereed game file
    event = (tmp_path / "club.event.toml").read_bytes()
    sheet = [f"{p}={m}" for p, m in zip(table["seats"], (40000, 50000, 60000), strict=True)]
    result = cli("tournament", "result", "1", "1", "--replace", *sheet, cwd=tmp_path)
    assert result.exit_code == 3
    assert "round 1 table 1 was refereed: its result is its game file's; a paper sheet would replace it (T3.1): " \
           "add --force to go ahead" in result.output
    assert (tmp_path / "club.event.toml").read_bytes() == event
    forced = cli("tournament", "result", "1", "1", "--replace", "--force", *sheet, cwd=tmp_path)
    assert forced.exit_code == 0 and "Replaced round 1 table 1" in forced.stderr


def test_a_refused_entrant_name_does_not_say_no_spaces_where_an_event_allows_them_T1_3(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)
    assert cli("tournament", "new", "Club", cwd=tmp_path).exit_code == 0
    result = cli("tournament", "add", "Rosa Díaz=5", cwd=tmp_path)
    assert result.exit_code == 2
    assert "'Rosa Díaz=5' can't be a player name: printable characters only (spaces are fine in an event), " \
           "no '=', ',' or leading '-'" in result.output
    assert "no spaces" not in result.output
    assert cli("tournament", "add", "Rosa Díaz", cwd=tmp_path).exit_code == 0


def test_a_walk_in_gets_a_badge_and_an_entrant_can_be_renamed_after_their_table_T1_3(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ACQUIRE_EVENT", raising=False)

    def ok(*args):
        result = cli("tournament", *args, cwd=tmp_path)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    def refused(*args, code):
        event = (tmp_path / "club.event.toml").read_bytes()
        result = cli("tournament", *args, cwd=tmp_path)
        assert result.exit_code == code and "Traceback" not in result.output, (args, result.output)
        assert (tmp_path / "club.event.toml").read_bytes() == event
        return result.output

    ok("new", "Club", "--seed", "7")
    ok("add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Jose Garcia")
    ok("draw")
    assert "Ivy's badge is 1107" in ok("join", "Ivy", "--badge", "1107")
    assert "--badge goes with one player" in refused("join", "Kai", "Lu", "--badge", "7", code=2)
    assert "badge 1107 is Ivy's" in refused("badge", "Ann", "1107", code=2)
    assert ok("badge", "Ann", "1001") == "Ann's badge is 1001.\n"
    assert ok("badge", "Ann", "1002") == "Ann's badge is 1002 (was 1001).\n"
    tables = json.loads(ok("tables", "--json"))["tables"]
    ivy = next(t for t in tables if "Ivy" in t["seats"])
    jose = next(t for t in tables if "Jose Garcia" in t["seats"])
    doc = json.loads(ok("standings", "--json"))
    assert {r["player"]: r["badge"] for r in doc["standings"]}["Ivy"] == "1107"
    sheet = [f"{'1107' if p == 'Ivy' else p}={60000 - 10000 * i}" for i, p in enumerate(ivy["seats"])]
    assert "Ivy $" in ok("result", 1, ivy["table"], *sheet)  # the sheet names the walk-in by badge
    said = refused("rename", "Jose Garcia", "José García", code=3)
    assert f"Jose Garcia sits at round 1 table {jose['table']}, still playing" in said
    assert jose["table"] != ivy["table"]  # seed 7 seats them apart
    ok("result", 1, jose["table"], *[f"{p}={60000 - 10000 * i}" for i, p in enumerate(jose["seats"])])
    assert "'ann' is Ann's name" in refused("rename", "Jose Garcia", "ann", code=2)
    assert ok("rename", "Jose Garcia", "José García").startswith("Jose Garcia is now José García.\n")
    doc = json.loads(ok("standings", "--json"))
    assert "José García" in {r["player"] for r in doc["standings"]}
    table = next(t for r in doc["rounds"] for t in r["tables"] if t["table"] == jose["table"])
    assert "José García" in table["seats"] and "José García" in table["result"]["money"]
    assert "Jose Garcia" not in (tmp_path / "club.event.toml").read_text(encoding="utf-8")


def test_a_season_filter_rates_only_the_games_played_between_its_dates_T6(cli, tmp_path):
    season_game(tmp_path / "a.toml", "2025-12-16", {"Ann": 30000, "Ben": 20000})
    season_game(tmp_path / "b.toml", "2026-01-06", {"Ann": 10000, "Cat": 20000})
    season_game(tmp_path / "c.toml", "2026-01-13", {"Ben": 30000, "Cat": 20000})
    season_game(tmp_path / "d.toml", None, {"Dan": 30000, "Cat": 20000})
    result = cli("ratings", tmp_path, "--from", "2026-01-01", "--to", "2026-01-31", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    expected = compute([Rated("b", {"Ann": 10000, "Cat": 20000}, date(2026, 1, 6)),
                        Rated("c", {"Ben": 30000, "Cat": 20000}, date(2026, 1, 13))])
    assert doc["ratings"] == expected and doc["games"] == 2
    assert ("season 2026-01-01 to 2026-01-31: 2 games rated; left out 1 game played outside it and 1 undated game"
            in result.stderr)
    assert cli.json("ratings", tmp_path, "--to", "2025-12-31")["games"] == 1
    bad = cli("ratings", tmp_path, "--from", "2026-02-01", "--to", "2026-01-01")
    assert bad.exit_code == 2 and "--to 2026-01-01 is before --from 2026-02-01" in bad.output
    assert cli("ratings", tmp_path, "--from", "January").exit_code == 2


def test_the_bg_stats_export_reads_back_field_by_field_and_the_csv_of_plays_T6(cli, tmp_path):
    """BG Stats' play file: players, locations, games (Acquire, BoardGameGeek id 5, highest
    score wins) and plays (date, game and location by id, each player's score as text, winner,
    rank and seat), as BG Stats' own play files and the programs that read them lay it out."""
    season_game(tmp_path / "a.toml", "2026-01-06", {"Ann": 30000, "Rosa_Díaz": 30000, "Ben": 20000})
    assert cli("club", "add", tmp_path / "paper.toml", "--played", "2026-01-13", "Rosa Díaz=52300", "Ben=41000",
               "Cat=38000", "Dan=30100", "Eve=22000", "Fay=41000").exit_code == 0
    season_game(tmp_path / "undated.toml", None, {"Ann": 10000, "Ben": 20000})
    out = tmp_path / "out"
    out.mkdir()
    result = cli("club", "export", tmp_path, "--bgstats", out / "acquire.json", "--csv", out / "plays.csv",
                 "--location", "Riverside")
    assert result.exit_code == 0, result.output
    assert "2 plays of Acquire (BoardGameGeek 5), 7 players; left out 1 undated game" in result.stdout
    doc = json.loads((out / "acquire.json").read_text(encoding="utf-8"))
    assert set(doc) == {"about", "players", "locations", "games", "plays"}
    assert [(p["id"], p["name"], p["isAnonymous"]) for p in doc["players"]] == [
        (1, "Ann", False), (2, "Rosa Díaz", False), (3, "Ben", False), (4, "Cat", False), (5, "Dan", False),
        (6, "Eve", False), (7, "Fay", False)]
    assert len({p["uuid"] for p in doc["players"]}) == 7
    assert [(loc["id"], loc["name"]) for loc in doc["locations"]] == [(1, "Riverside")]
    [game] = doc["games"]
    assert (game["id"], game["name"], game["bggId"], game["highestWins"], game["noPoints"], game["cooperative"],
            game["usesTeams"]) == (1, "Acquire", 5, True, False, False, False)
    first, second = doc["plays"]
    assert (first["playDate"], first["gameRefId"], first["locationRefId"], first["ignored"], first["usesTeams"]) == (
        "2026-01-06 00:00:00", 1, 1, False, False)
    assert [(s["playerRefId"], s["score"], s["winner"], s["rank"], s["seatOrder"], s["startPlayer"], s["newPlayer"])
            for s in first["playerScores"]] == [(1, "30000", True, 1, 1, False, False), (2, "30000", True, 1, 2, False, False),
                                                (3, "20000", False, 3, 3, False, False)]
    assert second["playDate"] == "2026-01-13 00:00:00"
    assert [(s["playerRefId"], s["score"], s["winner"], s["rank"], s["seatOrder"]) for s in second["playerScores"]] == [
        (2, "52300", True, 1, 1), (3, "41000", False, 2, 2), (4, "38000", False, 4, 3), (5, "30100", False, 5, 4),
        (6, "22000", False, 6, 5), (7, "41000", False, 2, 6)]
    again = tmp_path / "again.json"
    assert cli("club", "export", tmp_path, "--bgstats", again).exit_code == 0
    assert [p["uuid"] for p in json.loads(again.read_text(encoding="utf-8"))["plays"]] == [p["uuid"] for p in doc["plays"]]
    rows = (out / "plays.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rows[0] == "played,game,kind,player,seat,place,money,winner"
    assert rows[1] == f",{tmp_path / 'undated.toml'},game,Ann,1,2,10000,"  # undated games are rated first
    assert f"2026-01-13,{tmp_path / 'paper.toml'} play 1,sheet,Rosa Díaz,1,1,52300,yes" in rows
    assert len(rows) == 1 + 2 + 3 + 6


def test_an_alias_merges_two_spellings_of_one_member_with_its_reason_kept_T6(cli, tmp_path):
    one = season_game(tmp_path / "one.toml", "2026-01-06", {"Rosa_Diaz": 30000, "Ben": 20000})
    two = season_game(tmp_path / "two.toml", "2026-01-13", {"Rosa_Díaz": 30000, "Ben": 20000})
    books = tmp_path / "books.toml"
    said = cli("club", "alias", books, "Rosa Diaz", "Rosa Díaz", "--reason", "typed without the accent")
    assert said.exit_code == 0 and said.stdout == f"{books}: Rosa Diaz is Rosa Díaz (typed without the accent).\n"
    assert 'reason = "typed without the accent"' in books.read_text(encoding="utf-8")
    doc = cli.json("ratings", one, two, books)
    assert [(r["player"], r["games"], r["wins"]) for r in doc["ratings"]] == [("Rosa Díaz", 2, 2), ("Ben", 2, 0)]
    assert doc["ratings"] == compute([Rated("a", {"Rosa Díaz": 30000, "Ben": 20000}, date(2026, 1, 6)),
                                      Rated("b", {"Rosa Díaz": 30000, "Ben": 20000}, date(2026, 1, 13))])
    assert "nearly the same name" not in cli("ratings", one, two, books).stderr  # merged: no longer two
    refused = cli("club", "alias", books, "Rosa Díaz", "rosa_díaz", "--reason", "same")
    assert refused.exit_code == 4 and "no alias needed" in refused.output
    assert cli("club", "alias", books, "Ann", "Ben", "--reason", " ").exit_code == 4
    clash = season_game(tmp_path / "three.toml", "2026-01-20", {"Rosa_Diaz": 30000, "Rosa_Díaz": 20000})
    result = cli("ratings", one, two, clash, books)
    assert result.exit_code == 4
    assert "'Rosa_Diaz' and 'Rosa_Díaz' are one member by an alias ('Rosa Díaz') but played in the same game" in result.output


def test_a_members_page_has_their_history_games_and_head_to_head_T6(cli, tmp_path):
    season_game(tmp_path / "a.toml", "2026-01-06", {"Ann": 30000, "Ben": 20000, "Cat": 10000})
    season_game(tmp_path / "b.toml", "2026-01-13", {"Ann": 10000, "Ben": 20000})
    season_game(tmp_path / "c.toml", "2026-01-13", {"Ann": 20000, "Cat": 20000, "Dan": 30000})
    season_game(tmp_path / "d.toml", "2026-01-20", {"Ben": 20000, "Dan": 30000})
    result = cli("club", "player", tmp_path, "--player", "ann", "--json", "--html", tmp_path / "ann.html")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["player"] == "Ann"
    assert [(g["played"], g["place"], g["money"], g["opponents"]) for g in doc["games"]] == [
        ("2026-01-06", 1, 30000, ["Ben", "Cat"]), ("2026-01-13", 2, 10000, ["Ben"]),
        ("2026-01-13", 2, 20000, ["Cat", "Dan"])]
    assert doc["opponents"] == [{"opponent": "Ben", "games": 2, "above": 1, "below": 1, "level": 0},
                                {"opponent": "Cat", "games": 2, "above": 1, "below": 0, "level": 1},
                                {"opponent": "Dan", "games": 1, "above": 0, "below": 1, "level": 0}]
    assert [(e["played"], e["games"]) for e in doc["history"]] == [("2026-01-06", 1), ("2026-01-13", 2)]
    page = (tmp_path / "ann.html").read_text(encoding="utf-8")
    assert "<h1>Ann</h1>" in page and "Head to head" in page and "$30,000" in page and "<polyline" in page
    assert cli("club", "player", tmp_path, "--player", "Zed").exit_code == 2


def test_t6_a_game_played_in_the_future_is_refused_on_the_command_line(cli, tmp_path):
    """A mistyped year (2099) went in silently and was rated after every other game."""
    from datetime import date, timedelta

    later = (date.today() + timedelta(days=30)).isoformat()
    plays = tmp_path / "paper.toml"
    refused = cli("club", "add", plays, "--played", later, "Ann=60000", "Ben=50000", "Cat=40000")
    assert refused.exit_code == 2 and f"--played {later} is after today" in refused.stderr
    assert not plays.exists()
    refused = cli("new", "Ann", "Ben", "--played", later, game=tmp_path / "g.toml")
    assert refused.exit_code == 2 and not (tmp_path / "g.toml").exists()
    today = date.today().isoformat()
    assert cli("club", "add", plays, "--played", today, "Ann=60000", "Ben=50000", "Cat=40000").exit_code == 0


def test_t6_a_plays_file_reached_by_a_symbolic_link_is_changed_through_it(cli, tmp_path):
    """`club add` replaced a link with a copy holding both plays: the club's file forked."""
    target = tmp_path / "paper.toml"
    assert cli("club", "add", target, "--played", "2026-01-13", "Ann=52300", "Ben=41000", "Cat=38000").exit_code == 0
    link = tmp_path / "link.toml"
    link.symlink_to(target.name)
    assert cli("club", "add", link, "--played", "2026-01-20", "Ann=41000", "Ben=52300", "Cat=38000").exit_code == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8").count("\n[[play]]\n") == 2


@pytest.mark.parametrize("second, words", [
    (["Ann", "Zed"], "is an alias of 'Ben' already"),
    (["Bo", "Ann"], "a member's alias and a member at once"),
    (["Ben", "Cy"], "a member's alias and a member at once"),
])
def test_t7_2_an_alias_that_conflicts_with_one_recorded_is_refused(cli, tmp_path, second, words):
    """A second member for one spelling, and chains or circles of aliases, were taken and
    jumbled the ratings (Ben's win rated as Cy's)."""
    plays = tmp_path / "paper.toml"
    assert cli("club", "alias", plays, "Ann", "Ben", "--reason", "one person").exit_code == 0
    before = plays.read_bytes()
    refused = cli("club", "alias", plays, *second, "--reason", "r")
    assert refused.exit_code == 4 and words in refused.stderr
    assert plays.read_bytes() == before
