"""The turning points of a game (`log --html` and the review): for each player the decisions the
search bot rated furthest below its best move, only decisions whose alternatives the referee knows
(at a table: no tile choices), each best move legal where it stood; shown once the game is over."""

from __future__ import annotations

from pathlib import Path

import pytest

from acquire_ref.engine.moves import parse_move
from acquire_ref.files.record import Record
from acquire_ref.programs.turning import SMALLEST, turning_points, weighed
from acquire_ref.web import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def shipped() -> tuple[Record, dict]:
    record = Record.loads((EXAMPLES / "two-players.toml").read_text(encoding="utf-8"))
    start = record.start()
    moves = [parse_move(m, start.edition) for m in record.moves]
    return record, turning_points(start, moves, passes=2)


def test_r10_at_a_table_only_known_alternatives_are_weighed_and_each_best_move_was_legal(shipped):
    record, doc = shipped
    assert set(doc["players"]) == {"Ann", "Ben"} and doc["decisions"] > 10
    points = [p for ps in doc["players"].values() for p in ps]
    assert points, "a whole game with no decision costing five points of win chance"
    for player, ps in doc["players"].items():
        assert len(ps) <= 3
        assert [p["cost"] for p in ps] == sorted((p["cost"] for p in ps), reverse=True)
        for p in ps:
            assert p["decision"] != "place"  # table mode: the racks were never known (R10)
            assert p["cost"] >= SMALLEST and p["best"] != p["played"]
            assert p["cost"] == pytest.approx(p["best_chance"] - p["played_chance"], abs=0.002)
            game = record.start()
            for text in record.moves[:p["n"] - 1]:
                game.apply(parse_move(text, game.edition))
            assert weighed(game) and game.pending.player == player
            assert str(parse_move(record.moves[p["n"] - 1], game.edition)) == p["played"]
            assert game.is_legal(parse_move(p["best"], game.edition))


def test_the_review_shows_the_turning_points_of_a_finished_game_only(shipped):
    record, doc = shipped
    page = review.page(review.document(record, turning=doc))
    assert 'id="turning"' in page and "points of win chance" in page
    first = next(p for ps in doc["players"].values() for p in ps)
    assert f"move {first['n']}, turn {first['turn']}" in page
    unfinished = Record.loads((EXAMPLES / "two-players.toml").read_text(encoding="utf-8"))
    unfinished.moves = unfinished.moves[:20]
    assert review.document(unfinished, turning=doc)["turning_points"] is None
    assert 'id="turning"' not in review.page(review.document(unfinished, turning=doc))


def test_log_html_adds_the_turning_points_only_when_asked(cli, tmp_path):
    """They cost seconds of processor time at every export, so `log --html` leaves them out
    unless `--turning-points` asks for them."""
    out = tmp_path / "review.html"
    result = cli("log", "--html", out, game=EXAMPLES / "two-players.toml")
    assert result.exit_code == 0, result.output
    assert 'id="turning"' not in out.read_text(encoding="utf-8")
    result = cli("log", "--html", out, "--turning-points", game=EXAMPLES / "two-players.toml")
    assert result.exit_code == 0, result.output
    assert 'id="turning"' in out.read_text(encoding="utf-8")
