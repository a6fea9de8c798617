"""The reference games: complete games whose final standings were computed by a separate
implementation of the rules. Every figure must be reproduced, through the engine and the CLI,
and every line marked '!' must be refused with exit 3 and leave the game file byte-identical."""

from __future__ import annotations

import pytest

from acquire_ref import Game, IllegalMoveError, parse_move
from acquire_ref.viewers.views import status
from tests.helpers import reference_games
from tests.test_golden_transcripts import assert_matches_golden, transcript

GAMES = reference_games()


def test_reference_games_are_present():
    assert {g.name for g in GAMES} == {"random-3p-11", "random-4p-22", "random-6p-33"}


@pytest.mark.parametrize("ref", GAMES, ids=lambda g: g.name)
def test_engine_reproduces_final_standings(ref):
    (_, new), *moves = ref.lines
    game = Game.new(new[1:])
    refused = 0
    for bad, words in moves:
        move = parse_move(" ".join(words), game.edition)
        if bad:
            before = status(game)
            with pytest.raises(IllegalMoveError):
                game.apply(move)
            assert status(game) == before
            refused += 1
        else:
            game.apply(move)
    assert refused > 0
    assert game.over
    assert {p: c for p, c, _ in game.standings()} == ref.finals
    # money after the payout is what the players hold
    assert game.cash == ref.finals


@pytest.mark.parametrize("ref", GAMES, ids=lambda g: g.name)
def test_cli_plays_reference_game_line_by_line(cli, ref, tmp_path):
    path = tmp_path / "game.toml"
    for bad, words in ref.lines:
        before = path.read_bytes() if path.exists() else None
        result = cli(*words, game=path)
        if bad:
            assert result.exit_code == 3, (words, result.output)
            assert path.read_bytes() == before
        else:
            assert result.exit_code == 0, (words, result.output)
    result = cli("score", "--json", game=path)
    assert result.exit_code == 0
    import json

    doc = json.loads(result.stdout)
    assert doc["final"] is True
    assert {s["player"]: s["cash"] for s in doc["standings"]} == ref.finals
    ranks = [s["rank"] for s in doc["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert_matches_golden(transcript(cli, path), ref.name)  # the file typed line by line logs as the golden one


@pytest.mark.parametrize("ref", GAMES, ids=lambda g: g.name)
def test_play_script_of_reference_game(cli, ref, tmp_path):
    import tomli_w

    (_, new), *moves = ref.lines
    script = tmp_path / "script.toml"
    script.write_text(tomli_w.dumps({
        "format": 1, "players": new[1:], "moves": [" ".join(w) for bad, w in moves if not bad],
    }))
    game_file = tmp_path / "game.toml"
    result = cli("play", script, game=game_file)
    assert result.exit_code == 0, result.output
    assert "Final standings" in result.output
    for money in ref.finals.values():
        assert f"${money:,}" in result.output
