"""``play --check --append``: a script's moves verified against the game under way, each as
--append would, and nothing written: the file stays byte-identical whether they are legal or not."""

from __future__ import annotations

from tests.helpers import EXAMPLES, moves_of, refused
from tests.test_scripts_and_pipe import append_script, refused_in_the_middle, run_with_input, setup_only

FOUR = EXAMPLES / "four-players.toml"


def test_check_append_says_where_the_game_would_stop_and_writes_nothing(cli, tmp_path):
    moves = moves_of(FOUR)
    game = setup_only(cli, tmp_path)
    before = game.read_bytes()
    script = tmp_path / "s.toml"
    script.write_text(append_script(moves[:5]))
    result = cli("play", "--check", "--append", script, game=game)
    assert result.exit_code == 0, result.output
    assert f"{script}: its moves are legal and would add 5 moves to {game} (nothing was written, --check)" in result.stdout
    assert "it stops at:" in result.stdout
    assert game.read_bytes() == before


def test_check_append_of_a_whole_game_from_standard_input_names_the_end(cli, tmp_path):
    game = setup_only(cli, tmp_path)
    before = game.read_bytes()
    result = run_with_input(cli, "play", "--append", "--check", "-", game=game, text=append_script(moves_of(FOUR)))
    assert result.exit_code == 0, result.output
    assert "standard input: its moves are legal and would add" in result.stdout and "the game is over:" in result.stdout
    assert game.read_bytes() == before


def test_check_append_names_the_refused_line_and_rule_and_writes_nothing(cli, tmp_path):
    game, script, line = refused_in_the_middle(cli, tmp_path)
    out = refused(cli, game, "play", "--check", "--append", script, code=3)
    assert f"{script} line {line}: `buy American=4` is illegal" in out and "(R6" in out
    assert "nothing was written (--check)" in out
