"""Outside bots in `simulate --bot NAME=COMMAND`: the shipped example bot plays whole games
against the built-in bots, what the protocol sends a seat (and hides from it), the fault rule (a
bot answering garbage or an illegal move, hanging, or exiting: the referee plays the first legal
move for it, or stops the game with --bot-faults stop), and the same games for any number of jobs."""

from __future__ import annotations

import json
import shlex
import sys
import textwrap

from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.engine.moves import Buy, Dispose
from acquire_ref.programs.bots import BotSpec, fallback
from acquire_ref.programs.simulate import play_out
from tests.helpers import EXAMPLES

EXAMPLE_BOT = EXAMPLES / "bots" / "greedy_bot.py"


def command(script) -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def bot(tmp_path, name: str, body: str) -> str:
    """The command of a Python bot whose program is ``body``."""
    path = tmp_path / f"{name}.py"
    path.write_text("import json, sys\n" + textwrap.dedent(body))
    return command(path)


def simulate(cli, *args):
    result = cli("simulate", "--jobs", "1", *args)
    return result, (json.loads(result.stdout) if "--json" in args and result.stdout else None)


def test_the_example_bot_plays_complete_games_whose_files_check(cli, tmp_path):
    out = tmp_path / "games"
    result, doc = simulate(cli, "--games", "3", "--seed", "5", "--players", "3", "--strategy", "greedy",
                           "--bot", f"greedy={command(EXAMPLE_BOT)}", "--out", out, "--json")
    assert result.exit_code == 0, result.output
    assert doc["games"] == 3 and "stopped by a bot fault" not in doc["end_reasons"]
    mine = doc["bots"]["greedy"]
    assert mine["decisions"] > 30 and mine["fallback_moves"] == 0 and mine["faults"] == {}
    assert doc["first_faults"] == []
    assert "acquire-ref: bot" not in result.stderr  # no fault told
    files = sorted(out.glob("game-*.toml"))
    assert [f.name for f in files] == ["game-000005.toml", "game-000006.toml", "game-000007.toml"]
    for f in files:
        assert cli("check", f).exit_code == 0
        status = cli.json("status", game=f)
        assert status["over"] and [p["name"] for p in status["players"]] == ["greedy", "p2", "p3"]


def test_what_a_seat_is_sent_hello_its_decisions_with_its_rack_and_legal_moves_then_the_end(cli, tmp_path):
    """With hidden holdings (R10.1) the state shows the seat its own cash and shares only; its
    rack is its own; every answer it gives (the first legal move) is accepted."""
    seen = tmp_path / "seen.jsonl"
    recorder = bot(tmp_path, "recorder", f"""
        with open({str(seen)!r}, "a") as log:
            for line in sys.stdin:
                log.write(line)
                message = json.loads(line)
                if "decide" in message:
                    print(message["legal"][0], flush=True)
    """)
    result, doc = simulate(cli, "--games", "1", "--seed", "3", "--players", "3", "--option", "holdings=hidden",
                           "--bot", f"Ann={recorder}", "--json")
    assert result.exit_code == 0, result.output
    messages = [json.loads(line) for line in seen.read_text().splitlines()]
    hello, decisions, end = messages[0], messages[1:-1], messages[-1]
    assert hello["hello"] == "acquire-ref" and hello["protocol"] == 1 and hello["seat"] == "Ann"
    assert hello["players"] == ["Ann", "p2", "p3"] and "seed" not in hello and hello["options"]["holdings"] == "hidden"
    counted = doc["bots"]["Ann"]["decisions"]
    assert [m["decide"] for m in decisions] == list(range(1, len(decisions) + 1)) == list(range(1, counted + 1))
    for m in decisions:
        assert m["seat"] == "Ann" and m["state"]["pending"]["player"] == "Ann"
        assert m["decision"] in ("place", "choose", "dispose", "buy")
        ann, *others = m["state"]["players"]
        assert ann["cash"] is not None and all(p["cash"] is None and p["shares"] is None for p in others)
        assert all(isinstance(p["rack"], int) for p in m["state"]["players"])  # counts, not tiles
        assert len(m["rack"]) == ann["rack"] and m["legal"]
    assert end["end"] == "over" and end["faults"] == 0 and {s["player"] for s in end["standings"]} == {"Ann", "p2", "p3"}
    assert doc["bots"]["Ann"]["faults"] == {} and doc["bots"]["Ann"]["fallback_moves"] == 0


def test_a_bot_answering_garbage_gets_the_first_legal_move_played_for_it(cli, tmp_path):
    garbage = bot(tmp_path, "garbage", """
        for line in sys.stdin:
            if '"decide"' in line:
                print("\\x1b]0;owned\\x07 [bold]hello", flush=True)
    """)
    result, doc = simulate(cli, "--games", "2", "--players", "3", "--bot", f"Bad={garbage}", "--json")
    assert result.exit_code == 0, result.output
    assert doc["end_reasons"].get("stopped by a bot fault") is None and doc["games"] == 2
    bad = doc["bots"]["Bad"]
    assert bad["faults"] == {"garbage": bad["decisions"]} and bad["fallback_moves"] == bad["decisions"] > 0
    first = result.stderr.splitlines()[0]
    assert first.startswith("acquire-ref: bot Bad, game 0, move ") and "which is not a move" in first
    assert "the referee plays `place " in first
    assert "\x1b" not in result.stderr and "\\x1b" in result.stderr  # the answer is shown, not obeyed
    assert "more bot faults not shown" in result.stderr
    listed = doc["first_faults"]  # the first 20, in the order they happened, as told on stderr
    assert len(listed) == 20 and {f["kind"] for f in listed} == {"garbage"} and {f["bot"] for f in listed} == {"Bad"}
    assert [(f["seed"], f["move"]) for f in listed] == sorted((f["seed"], f["move"]) for f in listed)
    assert "\\u001b]0;owned" in listed[0]["text"] and listed[0]["decision"] == "place"  # escaped, as data


def test_an_illegal_move_is_a_fault_named_with_its_rule_and_the_fallback_holds_and_buys_nothing(cli, tmp_path):
    illegal = bot(tmp_path, "illegal", """
        for line in sys.stdin:
            if '"decide"' in line:
                print(json.dumps({"move": "place 1A"}), flush=True)
    """)
    out = tmp_path / "games"
    result, doc = simulate(cli, "--games", "1", "--seed", "2", "--players", "2", "--bot", f"Ill={illegal}",
                           "--out", out, "--json")
    assert result.exit_code == 0, result.output
    ill = doc["bots"]["Ill"]
    assert ill["faults"]["illegal"] >= ill["decisions"] - 1 and set(ill["faults"]) == {"illegal"}
    assert "answered the illegal move `place 1A` (1A is " in result.stderr  # with the engine's reason
    log = cli.json("log", game=out / "game-000002.toml")
    ill_moves = {e["move"].split()[0] for e in log if e["player"] == "Ill"}
    assert "buy" in ill_moves and ill_moves <= {"place", "buy", "choose", "dispose", "pass", "discard"}
    assert all(e["move"] == "buy" for e in log if e["player"] == "Ill" and e["move"].startswith("buy"))


def test_a_bot_that_hangs_is_stopped_after_the_timeout_and_its_seat_played_by_the_referee(cli, tmp_path):
    hangs = bot(tmp_path, "hangs", """
        import time
        time.sleep(600)
    """)
    result, doc = simulate(cli, "--games", "2", "--players", "3", "--bot", f"Slow={hangs}", "--bot-timeout", "0.2", "--json")
    assert result.exit_code == 0, result.output
    slow = doc["bots"]["Slow"]
    assert slow["faults"] == {"timeout": 2}  # once a game: then it is stopped
    assert slow["fallback_moves"] == slow["decisions"] > 2
    assert "gave no answer within 0.2 s, and is stopped" in result.stderr
    assert doc["games"] == 2 and "stopped by a bot fault" not in doc["end_reasons"]


def test_a_bot_that_exits_at_once_is_a_fault_and_its_games_still_end(cli, tmp_path):
    quits = bot(tmp_path, "quits", "sys.exit(7)\n")
    result, doc = simulate(cli, "--games", "2", "--players", "4", "--bot", f"Gone={quits}",
                           "--bot", f"Also={quits}", "--json")
    assert result.exit_code == 0, result.output
    assert doc["bots"]["Gone"]["faults"] == {"exited": 2} and doc["bots"]["Also"]["faults"] == {"exited": 2}
    assert "exited with status 7" in result.stderr or "closed its output" in result.stderr
    assert sum(doc["end_reasons"].values()) == 2 and "stopped by a bot fault" not in doc["end_reasons"]


def test_bot_faults_stop_stops_the_game_at_the_fault_and_exits_3_after_the_report(cli, tmp_path):
    illegal = bot(tmp_path, "illegal", """
        for line in sys.stdin:
            if '"decide"' in line:
                print("end", flush=True)
    """)
    out = tmp_path / "games"
    result, doc = simulate(cli, "--games", "2", "--players", "3", "--bot", f"Ill={illegal}", "--bot-faults", "stop",
                           "--out", out, "--json")
    assert result.exit_code == 3
    assert doc["end_reasons"] == {"stopped by a bot fault": 2} and doc["wins_by_seat"] == {}
    assert doc["bots"]["Ill"]["faults"] == {"illegal": 2} and doc["bots"]["Ill"]["fallback_moves"] == 0
    assert "the game is stopped (--bot-faults stop)" in result.stderr
    assert "acquire-ref: 2 of 2 games stopped at a bot's fault" in result.stderr
    for f in sorted(out.glob("*.toml")):  # each file holds the moves before the fault, and checks
        assert cli("check", f).exit_code == 0
        status = cli.json("status", game=f)
        assert not status["over"] and status["pending"]["player"] == "Ill"


def test_bad_bot_settings_are_usage_errors(cli, tmp_path):
    good = command(EXAMPLE_BOT)
    for args in (["--bot", "nameless"], ["--bot", "x="], ["--bot", "x=no-such-program-here --flag"],
                 ["--bot", "x=python3 'unclosed"], ["--players", "2", "--bot", f"a={good}", "--bot", f"b={good}",
                                                     "--bot", f"c={good}"],
                 ["--players", "3", "--bot", f"p2={good}"], ["--bot", f"a={good}", "--bot-faults", "ignore"],
                 ["--bot", f"a={good}", "--bot-timeout", "0"]):
        result = cli("simulate", "--games", "1", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output


def test_the_fallback_is_the_least_a_player_can_do():
    """R5.3b: every defunct share held; R6: nothing bought; a tile is placed while one can be."""
    g = Game.dealt(["A", "B"], shuffled_bag(11), 11)

    class First:
        def move(self, game):
            return fallback(game)

    seen = set()

    class Recorder(First):
        def move(self, game):
            move = fallback(game)
            seen.add(type(move))
            if isinstance(move, Buy):
                assert move.orders == ()
            if isinstance(move, Dispose):
                assert (move.sell, move.trade) == (0, 0)
            return move

    from acquire_ref.programs.simulate import built_in

    play_out(g, built_in("random", 11), {"A": Recorder(), "B": First()})
    assert g.over and Buy in seen


def test_a_batch_with_bots_gives_the_same_games_with_one_job_or_two():
    """With a deterministic bot the files and the results are identical for --jobs 1 and 2: the
    secret deal key is drawn once per batch, not per process (the pool's processes are real)."""
    from acquire_ref.engine.editions import load_edition
    from acquire_ref.programs.simulate import Batch, run_batch

    spec = BotSpec.parse(f"greedy={command(EXAMPLE_BOT)}")
    batch = Batch(["greedy", "p2", "p3"], "random", load_edition("classic"), "classic", {}, True, [spec])
    runs = {}
    for jobs in (1, 2):
        results = list(run_batch(batch, range(20, 24), jobs))
        runs[jobs] = [(r.seed, r.turns, r.margin, r.winners, r.text, r.bots) for r in results]
    assert len(runs[1]) == 4 and runs[1][0][5]["greedy"]["decisions"] > 0
    assert runs[1] == runs[2]


def test_a_bots_name_is_shown_as_written_and_two_players_keep_the_market_the_referees(cli):
    """A name that looks like markup is data (DESIGN 1); with two players the market's draws
    (R9) are the referee's, so the bot is only asked its own decisions."""
    result = cli("simulate", "--games", "1", "--seed", "4", "--players", "2", "--jobs", "1",
                 "--bot", f"[red]Z={command(EXAMPLE_BOT)}")
    assert result.exit_code == 0, result.output
    assert "bot [red]Z: faults" in result.stdout and "1 simulated game, 1 random player and 1 outside bot\n" in result.stdout
    assert "acquire-ref: bot" not in result.stderr
