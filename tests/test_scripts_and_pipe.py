"""Scripting as an interface: ``play -`` reads the script from standard input, ``play --append``
adds a script's moves to an existing game (stopping at the first refused move, naming its line),
and ``pipe`` answers JSON-lines requests from a program."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

from acquire_ref.cli import app
from tests.helpers import EXAMPLES, installed, moves_of, refused

FOUR = EXAMPLES / "four-players.toml"


def run_with_input(cli, *args, game, text):
    return cli.runner.invoke(app, ["--game", str(game), *[str(a) for a in args]], input=text)


# ----- play - ----------------------------------------------------------------------------------

def test_play_dash_reads_the_script_from_standard_input_and_writes_what_play_file_writes(cli, tmp_path):
    piped, named = tmp_path / "piped.toml", tmp_path / "named.toml"
    result = run_with_input(cli, "play", "-", game=piped, text=FOUR.read_text())
    assert result.exit_code == 0, result.output
    assert "from standard input" in result.stdout
    assert cli("play", FOUR, game=named).exit_code == 0
    assert piped.read_bytes() == named.read_bytes()


def test_play_dash_names_standard_input_in_a_refusal_and_writes_nothing(cli, tmp_path):
    text = FOUR.read_text().replace('"place 6C"', '"place 6B"', 1)
    result = run_with_input(cli, "play", "-", game=tmp_path / "g.toml", text=text)
    assert result.exit_code == 3
    assert "standard input: move 2 `place 6B` is illegal" in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_play_dash_refuses_text_that_is_not_utf8(cli, tmp_path):
    result = cli.runner.invoke(app, ["--game", str(tmp_path / "g.toml"), "play", "-"], input=b"moves = [\xff]")
    assert result.exit_code == 4 and "standard input is not UTF-8" in result.stderr


# ----- play --append -------------------------------------------------------------------------

def setup_only(cli, tmp_path, script=FOUR):
    """A game file made by ``play`` of ``script``'s setup without its moves: the same setup
    keys as ``play SCRIPT`` writes (``new`` writes every option, a script only those it sets)."""
    text = script.read_text()
    head = text.split("moves = [", 1)[0]
    empty = tmp_path / "setup.toml"
    empty.write_text(head + "moves = []\n")
    game = tmp_path / "g.toml"
    assert cli("play", empty, game=game).exit_code == 0
    return game


def append_script(moves: list[str], extra: str = "") -> str:
    lines = [extra, "# moves to add", "moves = ["]
    for m in moves:
        lines += [f'    "{m}",   # a comment', ""]
    return "\n".join([*lines, "]", ""])


def test_append_adds_a_scripts_moves_to_a_game(cli, tmp_path):
    moves = moves_of(FOUR)
    game, whole = setup_only(cli, tmp_path), tmp_path / "whole.toml"
    half = tmp_path / "half.toml"
    half.write_text(append_script(moves[:30], 'players = ["Ann", "Ben", "Cat", "Dan"]\nedition = "classic"'))
    rest = tmp_path / "rest.toml"
    rest.write_text(append_script(moves[30:]))
    result = cli("play", "--append", half, game=game)
    assert result.exit_code == 0, result.output
    assert "Added 30 moves" in result.stdout
    assert run_with_input(cli, "play", "--append", "-", game=game, text=rest.read_text()).exit_code == 0
    assert cli("play", FOUR, game=whole).exit_code == 0
    assert game.read_bytes() == whole.read_bytes()


def refused_in_the_middle(cli, tmp_path: Path) -> tuple[Path, Path, int]:
    """A new four-player game and a script to add to it whose fourth move (``buy American=4``,
    R6) is refused: ``(game file, script, the script's line of that move)``."""
    moves = moves_of(FOUR)
    game = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", game=game).exit_code == 0
    script = tmp_path / "s.toml"
    text = append_script([*moves[:3], "buy American=4", *moves[3:8]])
    script.write_text(text)
    return game, script, text.splitlines().index('    "buy American=4",   # a comment') + 1


def test_append_stops_at_a_refused_move_naming_its_line_and_keeps_the_moves_before_it(cli, tmp_path):
    moves = moves_of(FOUR)
    game, script, line = refused_in_the_middle(cli, tmp_path)
    result = cli("play", "--append", script, game=game)
    assert result.exit_code == 3, result.output
    assert f"{script} line {line}: `buy American=4` is illegal" in result.stderr
    assert "(R6" in result.stderr  # the rule
    assert "the 3 moves before it were added" in result.stderr
    assert tomllib.loads(game.read_text())["moves"] == moves[:3]
    assert "Traceback" not in result.output


def test_append_all_or_nothing_leaves_the_file_unchanged(cli, tmp_path):
    moves = moves_of(FOUR)
    game = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "Dan", game=game).exit_code == 0
    assert cli("start", "4E", "6B", "8E", "11H", game=game).exit_code == 0
    script = tmp_path / "s.toml"
    script.write_text(append_script([*moves[1:6], "buy Tower=4"]))
    out = refused(cli, game, "play", "--append", "--all-or-nothing", script, code=3)
    assert "`buy Tower=4` is illegal" in out and "nothing was added (--all-or-nothing)" in out
    assert cli.json("status", game=game)["pending"]["player"] == "Ben"  # the game is where it was


def test_append_refuses_a_script_whose_setup_differs_naming_the_key(cli, tmp_path):
    game = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=game).exit_code == 0
    script = tmp_path / "s.toml"
    for setup, key in (('players = ["Ann", "Ben"]', "players"), ('tiles = "dealt"', "tiles"),
                       ('edition = "1999"', "edition"), ('colour = "red"', "colour")):
        script.write_text(append_script(["start 1A 5E 9I"], setup))
        out = refused(cli, game, "play", "--append", script, code=4)
        assert key in out


def test_append_refusals_of_usage_and_a_missing_game(cli, tmp_path):
    script = tmp_path / "s.toml"
    script.write_text(append_script(["start 1A 5E 9I"]))
    game = tmp_path / "g.toml"
    assert cli("play", "--append", script, game=game).exit_code == 4
    assert cli("play", "--all-or-nothing", script, game=game).exit_code == 2
    assert cli("new", "Ann", "Ben", "Cat", game=game).exit_code == 0
    refused(cli, game, "play", "--append", "--force", script, code=2)
    refused(cli, game, "play", "--append", game, code=2)  # the game file is not its own script


# ----- pipe ----------------------------------------------------------------------------------

class Piped:
    """``acquire-ref --game PATH pipe`` in a subprocess, one request at a time."""

    def __init__(self, game):
        self.proc = subprocess.Popen([installed(), "--game", str(game), "pipe"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def ask(self, request):
        line = request if isinstance(request, str) else json.dumps(request)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer.endswith("\n"), (answer, self.proc.stderr.read() if self.proc.poll() is not None else "")
        return json.loads(answer)

    def close(self):
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err


def test_pipe_plays_a_whole_game_and_writes_what_play_writes(cli, tmp_path):
    moves = moves_of(FOUR)
    game, whole = setup_only(cli, tmp_path), tmp_path / "whole.toml"
    pipe = Piped(game)
    for i, move in enumerate(moves, 1):
        answer = pipe.ask(move if i % 2 else {"move": move, "id": i})
        assert answer["ok"] is True, (move, answer)
        assert isinstance(answer["move"], str) and isinstance(answer["events"], list)
        assert set(answer["pending"]) >= {"player", "decision", "text"}
        assert answer.get("id") == (None if i % 2 else i)
        if i == 40:  # saved before it is answered
            assert tomllib.loads(game.read_text())["moves"] == moves[:40]
    final = pipe.ask({"query": "score"})
    assert final["result"]["final"] is True
    assert pipe.ask({"query": "status"})["result"]["over"] is True
    code, out, err = pipe.close()
    assert (code, out) == (0, "") and "Traceback" not in err
    assert cli("play", FOUR, game=whole).exit_code == 0
    assert game.read_bytes() == whole.read_bytes()
    assert final["result"] == cli.json("score", game=whole)


def test_pipe_queries_answer_the_documents_of_the_read_commands(cli, founding):
    pipe = Piped(founding)
    status = pipe.ask({"query": "status"})
    assert status == {"ok": True, "query": "status", "result": cli.json("status", game=founding)}
    assert pipe.ask({"query": "log"})["result"] == cli.json("log", game=founding)
    legal = pipe.ask({"query": "legal"})["result"]
    assert "choose Tower" in legal and all(isinstance(m, str) for m in legal)
    undone = pipe.ask({"undo": 1, "id": "u"})
    assert undone["ok"] and undone["undone"] == ["place 2A"] and undone["id"] == "u"
    assert undone["pending"]["decision"] == "place"
    assert pipe.close()[0] == 0
    assert cli.json("status", game=founding)["pending"]["decision"] == "place"


def test_pipe_answers_malformed_json_unknown_requests_and_illegal_moves_and_goes_on(cli, founding):
    before = founding.read_bytes()
    pipe = Piped(founding)
    bad = [("{not json", "usage"), ('["place 3A"]', "usage"), ('{"jump": 1}', "usage"),
           ('{"query": "weather"}', "usage"), ('{"undo": 0}', "usage"), ('{"move": 5}', "usage"),
           ("place 5Z", "usage"), ("place 3A", "illegal"), ('{"move": "buy Tower"}', "illegal"),
           ('{"undo": 99}', "illegal")]
    for line, kind in bad:
        answer = pipe.ask(line)
        assert answer["ok"] is False and answer["error"] == kind, (line, answer)
        assert answer["message"]
    assert founding.read_bytes() == before  # nothing refused was written
    assert pipe.ask("choose Tower")["ok"] is True  # and it goes on
    code, out, err = pipe.close()
    assert code == 0 and out == "" and "Traceback" not in err


def test_pipe_reloads_a_game_file_another_command_changed(cli, founding):
    pipe = Piped(founding)
    assert pipe.ask({"query": "status"})["result"]["pending"]["decision"] == "choose"
    assert cli("choose", "Tower", game=founding).exit_code == 0  # another command meanwhile
    answer = pipe.ask("buy Tower=2")
    assert answer["ok"] is True, answer
    assert tomllib.loads(founding.read_text())["moves"][-2:] == ["choose Tower", "buy Tower=2"]
    assert pipe.close()[0] == 0


def test_pipe_ends_cleanly_when_stdin_is_closed_and_answers_a_missing_file(tmp_path):
    done = subprocess.run([installed(), "--game", str(tmp_path / "g.toml"), "pipe"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "") and "Traceback" not in done.stderr
    done = subprocess.run([installed(), "--game", str(tmp_path / "g.toml"), "pipe"], input='{"query": "status"}\n',
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["error"] == "file"
    assert not (tmp_path / "g.toml").exists()
