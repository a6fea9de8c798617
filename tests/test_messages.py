"""What the referee says to people: an example in every command's help, prompts that say what
to type and offer only what is possible, and refusals that say what is wrong or missing."""

from __future__ import annotations

import typer

from acquire_ref.cli import app
from acquire_ref.viewers.describe import pending as describe_pending


def test_every_command_has_help_with_an_example(cli):
    group = typer.main.get_command(app)
    assert len(group.commands) >= 23
    for name in group.commands:
        result = cli(name, "--help")
        assert result.exit_code == 0, name
        assert "Example: acquire-ref" in result.stdout, name


def test_messages_a_newcomer_stumbled_on(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "A", "B", "C", "--tiles", "dealt", "--seed", "7", game=path).exit_code == 0
    out = cli("status", game=path).stdout
    assert "type `acquire-ref start`" in out and "TILE..." not in out
    assert cli("price", "Tower", "1").exit_code == 2
    path2 = tmp_path / "t.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"], ["place", "2A", "--found", "Tower"]):
        cli(*args, game=path2)
    result = cli("buy", "Tower=0", game=path2)
    assert result.exit_code == 2 and "buy at least 1" in result.output


def test_disposal_prompt_offers_a_trade_only_when_possible():
    from acquire_ref import Game, parse_move

    g = Game.new(["A", "B", "C"])
    for m in ("start 1A 3A 9I", "place 1B --found Luxor", "buy", "place 3B --found Tower",
              "buy", "place 7E", "buy", "place 2B --survivor Luxor"):
        g.apply(parse_move(m))
    assert g.pending.player == "B" and g.shares["B"]["Tower"] == 1
    assert "no trade: only one share" in describe_pending(g)


def test_missing_script_and_position_say_what_is_missing(cli, tmp_path):
    out = cli("play", str(tmp_path / "nosuch.toml"), game=tmp_path / "g.toml").output
    assert "no such script" in out and "new PLAYER" not in out
    out = cli("new", "--from", str(tmp_path / "nosuch.toml"), game=tmp_path / "g.toml").output
    assert "no such position file" in out
