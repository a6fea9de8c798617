"""The read commands' logic at the library's layer, where the command line only prints it: the
history ``log --turn/--player`` shows (views.history), the holdings ``bonus`` reads
(setup.read_holdings) and the bonuses it computes (views.bonus, R5.4), ``score --position``
(views.final_position, R8.3), and ``watch``'s view of a file (render.watch_file)."""

from __future__ import annotations

import io
import tomllib

import pytest
from rich.console import Console

from acquire_ref.engine.editions import load_edition
from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.engine.setup import read_holdings
from acquire_ref.files.record import parse_record
from acquire_ref.render import watch_file
from acquire_ref.viewers.views import bonus, final_position, history
from tests.helpers import EXAMPLES

CLASSIC = load_edition()


@pytest.fixture(scope="module")
def four_players():
    """examples/four-players.toml played to its end: 76 moves, Dan second with $25,600."""
    path = EXAMPLES / "four-players.toml"
    return parse_record(path.read_text(), str(path)).replay_whole(source=str(path))


def test_history_of_one_turn_is_its_moves_numbered_from_the_start(four_players):
    shown = history(four_players, turn=12)
    assert [(n, entry.player, str(entry.move)) for n, entry, _ in shown] == [
        (29, "Ann", "place 4D"), (30, "Ann", "buy American=1 Luxor=1")]
    assert all(events == entry.events for _, entry, events in shown)


def test_history_of_a_player_keeps_their_moves_and_what_the_others_did_to_them(four_players):
    shown = history(four_players, player="dan")  # any spelling of the name
    assert len(shown) == 19
    others = {n: events for n, entry, events in shown if entry.player != "Dan"}
    assert list(others) == [1, 76]  # the start tiles, and the final payout of Ann's last turn (R8.3)
    assert [e.as_dict() for e in others[1]] == [{"event": "start_tile_placed", "player": "Dan", "tile": "11H"}]
    paid = [(d["event"], d.get("chain"), d.get("amount")) for d in (e.as_dict() for e in others[76])]
    assert paid == [("bonus_paid", "Festival", 8000), ("shares_sold", "Festival", 7200),
                    ("bonus_paid", "Continental", 4500), ("shares_sold", "Continental", 5400), ("standing", None, None)]
    assert others[76][-1].as_dict()["cash"] == 25_600
    assert all(getattr(e, "player", None) == "Dan" for e in others[76])


def test_history_of_a_player_not_at_the_table_is_refused(four_players):
    with pytest.raises(NotationError):
        history(four_players, player="Zed")


def test_bonus_ties_for_the_majority_split_both_bonuses_rounded_up_to_100():
    """R5.4, the README's example: American at 5 tiles ($600), majority $6,000, minority $3,000;
    Ann and Ben tie with 3 shares and take $4,500 each, Cat's 2 get nothing."""
    held = read_holdings(["Ann=3", "Ben=3", "Cat=2"], CLASSIC, "American")
    assert held == {"Ann": 3, "Ben": 3, "Cat": 2}
    doc = bonus(CLASSIC, "American", 5, held)
    assert (doc["price"], doc["majority"], doc["minority"]) == (600, 6000, 3000)
    assert [(b["player"], b["shares"], b["amount"]) for b in doc["bonuses"]] == [("Ann", 3, 4500), ("Ben", 3, 4500)]


def test_bonus_of_a_sole_shareholder_is_both_bonuses():
    doc = bonus(CLASSIC, "Tower", 2, {"Ann": 1})  # R5.4: $2,000 + $1,000 at 2 tiles of the cheap tier
    assert [(b["player"], b["amount"]) for b in doc["bonuses"]] == [("Ann", 3000)]


@pytest.mark.parametrize("items,said", [
    (["Ann"], "'Ann': write PLAYER=SHARES, e.g. Ann=3"),
    (["Ann=-1"], "'Ann=-1': write PLAYER=SHARES, e.g. Ann=3"),
    (["Ann=26"], "Ann=26: a player holds at most the 25 American shares (R3.4)"),
    (["Ann=1", "ann=2"], "ann is named twice (names differ ignoring case)"),
    (["Ann=20", "Ben=10"], "30 American shares: there are 25 (R3.4)"),
    (["-Ann=1"], "can't be a player name"),
])
def test_holdings_that_can_not_be_read_are_refused_by_name(items, said):
    with pytest.raises(NotationError) as refused:
        read_holdings(items, CLASSIC, "American")
    assert said in str(refused.value)


def test_final_position_scores_and_names_the_shares_that_count_for_nothing():
    """examples/final-position.toml (worked case 23, R8.3): p1 $17,800, p0 $4,600; p1's 3 Luxor
    are of a chain not on the board."""
    data = tomllib.loads((EXAMPLES / "final-position.toml").read_text())
    doc, title, note = final_position(data, "end.toml")
    assert [(s["player"], s["cash"], s["rank"]) for s in doc["standings"]] == [("p1", 17_800, 1), ("p0", 4_600, 2)]
    assert doc["reason"] == "scored from end.toml" and title == "Final standings of end.toml"
    assert doc["worthless"] == [{"player": "p1", "chain": "Luxor", "shares": 3}]
    assert note.startswith("Count for nothing: p1 3 Luxor: Luxor is not on the board")


def test_final_position_without_worthless_shares_has_no_note():
    data = tomllib.loads((EXAMPLES / "final-position.toml").read_text())
    data["shares"] = {p: {c: n for c, n in held.items() if c != "Luxor"} for p, held in data["shares"].items()}
    doc, _, note = final_position(data, "end.toml")
    assert note == "" and "worthless" not in doc


def test_final_position_that_is_not_sound_lists_its_problems():
    with pytest.raises(GameFileError, match=r"end.toml is not a sound position:\n  "):
        final_position({"chains": {"Tower": 1}, "cash": {"Ann": 150}}, "end.toml")
    with pytest.raises(GameFileError, match=r"^end.toml: "):
        final_position({"edition": "nonesuch", "cash": {"Ann": 100}}, "end.toml")


def test_watch_file_shows_the_game_or_the_reason_it_can_not_be_read(cli, tmp_path):
    path = tmp_path / "g.toml"
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(watch_file(path, 80))
    assert out.getvalue().startswith("acquire-ref watch: ") and "g.toml" in out.getvalue()
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(watch_file(path, 80, "Zed"))
    assert out.getvalue().startswith("acquire-ref watch: ")  # no such viewer at this table
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(watch_file(path, 80))
    assert "g.toml at " in out.getvalue() and "Next: " in out.getvalue()

