"""Hidden holdings stay hidden through every door (R10.1, R10.3, DESIGN 10): one game with
distinctive figures ($7,300, $9,700, $700; 7, 11, 13 and 9 shares), played to the middle of a
merger, and every public output of it (each read command's stdout and stderr, a refused move,
the JSON documents, the pipe, the library, the live page, /state.json and the event stream, a
bot's lines) searched for any player's cash, net worth or share count outside the moment of the
move, while ``--as NAME`` shows that seat's own and ``--as referee`` everything; after the end
everything is shown. With open holdings the same refusal keeps its full text."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.events import money
from acquire_ref.viewers import views
from acquire_ref.viewers.views import PUBLIC, REFEREE, Viewer

POSITION = """\
format = 1
edition = "classic"
players = ["Ann", "Ben", "Cat"]
{options}
[position]
next = "Cat"
bag = 83

[position.chains]
Tower = ["1A", "2A", "3A"]
American = ["6A", "7A", "8A", "6B"]

[position.cash]
Ann = 7300
Ben = 9700
Cat = 700

[position.shares]
Ann = {{ Tower = 7 }}
Ben = {{ Tower = 11, American = 13 }}
Cat = {{ American = 9 }}
"""

BEFORE_THE_MERGER = ["place 5I", "buy American=1", "place 4A", "buy Tower=3"]
"""Cat buys 1 American ($700 -> $200); Ann grows Tower to 4 and buys 3 ($7,300 -> $6,100)."""
MERGER = ["place 5A --survivor American"]
"""Ben merges Tower (4) into American (4): Ben 11 Tower, majority $4,000; Ann 10, minority $2,000."""


def position(tmp_path: Path, hidden: bool = True) -> Path:
    path = tmp_path / "position.toml"
    path.write_text(POSITION.format(options='options = { holdings = "hidden" }' if hidden else ""), encoding="utf-8")
    return path


@pytest.fixture
def hidden_game(cli, tmp_path) -> Path:
    """The game file at Ben's disposal of his Tower shares, holdings hidden."""
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path), game=path).exit_code == 0
    for move in BEFORE_THE_MERGER + MERGER:
        result = cli(*move.split(), game=path)
        assert result.exit_code == 0, result.output
    return path


def referee_game(path: Path):
    from acquire_ref.files.storage import load_game

    return load_game(path)[0]


def secrets(game, player: str | None = None) -> list[str]:
    """Every figure of ``player`` (all players when None) that no public output may hold: cash
    and net worth in dollars, and the share counts held, as "N Chain" and "Chain N"."""
    out = []
    worth = game.net_worth()
    for p in [player] if player else game.players:
        out += [money(game.cash[p]), money(worth[p])]
        for chain, n in game.shares[p].items():
            if n:
                out += [f"{n} {chain}", f"{chain} {n}", f"{chain}={n}"]
    return out


def leaks(text: str, game, player: str | None = None) -> list[str]:
    """The secrets of :func:`secrets` found in ``text`` (a dollar figure only where it stands
    alone: "$200" is not found in "$2,000")."""
    found = []
    for s in secrets(game, player):
        if re.search(re.escape(s) + r"(?![\d,])", text):
            found.append(s)
    return found


HISTORY_COUNTS = ["7 shares", "10 shares", "11 shares", "--sell", "--trade", "American=1", "Tower=3", "1 American",
                  "3 Tower"]
"""Share counts of the moves before the one just made: public only at their moment (R10.1)."""


def test_the_figures_are_distinctive_and_the_search_finds_them(cli, hidden_game):
    game = referee_game(hidden_game)
    assert game.cash == {"Ann": 6100 + 2000, "Ben": 9700 + 4000, "Cat": 200}
    assert game.shares["Ben"]["Tower"] == 11 and game.shares["Ann"]["Tower"] == 10
    assert game.shares["Cat"]["American"] == 10 and game.shares["Ben"]["American"] == 13
    everything = cli("--as", "referee", "status", game=hidden_game).stdout
    assert {"$8,100", "$13,700", "$200", "American 13"} <= set(leaks(everything, game))
    own = cli("--as", "Ben", "status", game=hidden_game).stdout
    assert "$13,700" in leaks(own, game, "Ben") and leaks(own, game, "Ann") == []
    assert leaks("$2,000 and $2,000,000", game) == []


@pytest.mark.parametrize("args", [
    ["status"], ["status", "--json"], ["log"], ["log", "--json"], ["log", "--player", "Ann"], ["log", "--turn", "2"],
    ["check"], ["why", "9B"], ["why", "9B", "--json"], ["watch", "--updates", "1", "--interval", "0.1"],
])
def test_no_public_read_command_tells_a_figure(cli, hidden_game, args):
    game = referee_game(hidden_game)
    result = cli(*args, game=hidden_game)
    assert result.exit_code == 0, result.output
    text = result.stdout + result.stderr
    assert leaks(text, game) == []
    if args[0] == "log":
        assert not [c for c in HISTORY_COUNTS if c in text]


def test_the_score_is_refused_and_the_refusal_names_no_figure(cli, hidden_game):
    game = referee_game(hidden_game)
    for args in (["score"], ["score", "--json"]):
        result = cli(*args, game=hidden_game)
        assert result.exit_code == 3 and "R10.1" in result.stderr and leaks(result.output, game) == []
    assert cli("--as", "referee", "score", "--json", game=hidden_game).exit_code == 0


def test_a_refused_disposal_names_no_holding_but_the_seat_reads_its_own(cli, hidden_game):
    game = referee_game(hidden_game)
    before = hidden_game.read_bytes()
    public = cli("dispose", "--sell", "12", game=hidden_game)
    assert public.exit_code == 3 and hidden_game.read_bytes() == before
    assert public.stderr == ("acquire-ref: not enough Tower shares to sell 12 and trade 0 (R5.3b)\n"
                             "acquire-ref: read R5.3b with `acquire-ref rule R5.3b`\n")
    assert leaks(public.output, game) == []
    own = cli("--as", "ben", "dispose", "--sell", "12", game=hidden_game)
    assert own.exit_code == 3 and "Ben holds 11 Tower: can't sell 12 and trade 0 (R5.3b)" in own.stderr
    other = cli("--as", "Ann", "dispose", "--sell", "12", game=hidden_game)
    assert "11" not in other.stderr


def test_a_refused_purchase_says_not_enough_cash_and_the_seat_reads_its_cash(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path), game=path).exit_code == 0
    assert cli("place", "5I", game=path).exit_code == 0
    public = cli("buy", "American=2", game=path)
    assert public.exit_code == 3
    assert public.stderr.splitlines()[0] == "acquire-ref: not enough cash for 2 American (R6.3)"
    own = cli("--as", "Cat", "buy", "American=2", game=path)
    assert own.stderr.splitlines()[0] == ("acquire-ref: 2 American at $500 = $1,000, but Cat has $700: the purchase is "
                                          "refused as a whole (R6.3); Cat can buy 1 American ($500)")
    assert "$700" in cli("--as", "referee", "buy", "American=2", game=path).stderr


def test_play_check_append_with_hidden_holdings_checks_only_for_the_referee_r10_1(cli, tmp_path):
    """The attack: a script stopping at another player's purchase (or disposal), checked without
    being made, as often as one likes: whether it is accepted tells the cash (or the holding).
    Refused for the public and for a seat, with nothing written; the referee may check."""
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path), game=path).exit_code == 0
    script = tmp_path / "probe.toml"
    script.write_text('moves = ["place 5I", "buy American=1"]\n', encoding="utf-8")
    before = path.read_bytes()
    for viewer in ([], ["--as", "Cat"], ["--as", "Ann"]):
        result = cli(*viewer, "play", "--check", "--append", script, game=path)
        assert result.exit_code == 3 and path.read_bytes() == before
        assert "holdings are hidden until the game is over (R10.1)" in result.stderr
        assert "$700" not in result.output and "legal" not in result.stdout
    script.write_text('moves = ["place 5I", "buy American=2"]\n', encoding="utf-8")
    assert "Cat has $700" in cli("--as", "referee", "play", "--check", "--append", script, game=path).stderr
    assert path.read_bytes() == before


def test_the_moment_is_public_in_full_but_a_cash_reason_is_the_players(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path), game=path).exit_code == 0
    for move in ["place 5I", "buy American=1", "place 4A", "buy", "place 9A", "buy"]:
        assert cli(*move.split(), game=path).exit_code == 0
    public = cli("place", "7I", game=path)  # Cat has $200: nothing can be bought
    assert "nothing can be bought: Cat can't afford any share (R6.2)" in public.stdout and "$200" not in public.stdout
    assert cli("undo", game=path).exit_code == 0
    own = cli("--as", "Cat", "place", "7I", game=path)
    assert "Cat can't afford any share ($200) (R6.2)" in own.stdout
    history = cli("log", game=path).stdout
    assert "$200" not in history and "Cat buys shares" in history


def test_the_merger_is_public_at_its_moment(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path), game=path).exit_code == 0
    for move in BEFORE_THE_MERGER:
        assert cli(*move.split(), game=path).exit_code == 0
    said = cli(*MERGER[0].split(), game=path).stdout
    assert re.search(r"Ben\s*│\s*11\s*│\s*\$4,000", said)  # the bonus table may name the counts (R10.1)
    history = cli("log", game=path).stdout
    assert "the bank pays Ben $4,000 (Tower majority)" in history and "11" not in history


def test_pipe_public_and_as_a_seat(cli, hidden_game):
    from acquire_ref.programs.pipe import serve

    game = referee_game(hidden_game)
    requests = "\n".join(json.dumps(r) for r in (
        {"query": "status"}, {"query": "legal"}, {"query": "log"}, {"query": "score"}, {"move": "dispose --sell 12"}))
    out = io.StringIO()
    serve(hidden_game, io.BytesIO(requests.encode()), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[1]["result"] == ["dispose"]
    assert answers[3]["ok"] is False and answers[4]["message"].startswith("not enough Tower shares")
    assert leaks(out.getvalue(), game) == [] and not [c for c in HISTORY_COUNTS if c in json.dumps(answers[2])]
    seat = io.StringIO()
    serve(hidden_game, io.BytesIO(requests.encode()), seat, "Ben")
    answers = [json.loads(line) for line in seat.getvalue().splitlines()]
    assert "dispose --sell 11" in answers[1]["result"] and answers[0]["result"]["players"][1]["cash"] == 13700
    assert "Ben holds 11 Tower" in answers[4]["message"]
    from acquire_ref.cli import app

    wired = cli.runner.invoke(app, ["--game", str(hidden_game), "--as", "Ben", "pipe"], input='{"query": "legal"}\n')
    assert '"dispose --sell 11"' in wired.stdout
    assert '"dispose --sell 11"' not in cli.runner.invoke(app, ["--game", str(hidden_game), "pipe"],
                                                          input='{"query": "legal"}\n').stdout


def test_the_library_is_public_unless_told_whom_for(hidden_game):
    from acquire_ref import load

    game = referee_game(hidden_game)
    handle = load(hidden_game)
    text = json.dumps([handle.status(), handle.log(), handle.legal()])
    assert leaks(text, game) == [] and handle.legal() == ["dispose"]
    with pytest.raises(IllegalMoveError):
        handle.score()
    try:
        handle.apply("dispose --sell 12")
    except IllegalMoveError as exc:
        assert exc.rule == "R5.3b" and exc.facts == {"chain": "Tower", "held": 11, "sell": 12, "trade": 0} and exc.player == "Ben"
        assert handle.refusal(exc) == "not enough Tower shares to sell 12 and trade 0 (R5.3b)"
    ben = load(hidden_game, "Ben")
    assert ben.status()["players"][1]["shares"]["Tower"] == 11 and ben.status()["players"][0]["cash"] is None
    assert load(hidden_game, "referee").score()["final"] is False


def asgi_get(app, path: str) -> tuple[int, str]:
    """GET ``path`` from the ASGI ``app`` in this process (no HTTP client needed): status and body."""
    import anyio

    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "http_version": "1.1", "method": "GET", "path": path, "raw_path": path.encode(),
             "query_string": b"", "headers": [(b"host", b"127.0.0.1")], "scheme": "http",
             "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1), "root_path": ""}
    anyio.run(app, scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body").decode()


def test_the_live_page_state_and_event_stream_are_public(hidden_game):
    import anyio

    from acquire_ref.web.app import FileWatch, create_app

    game = referee_game(hidden_game)
    app = create_app(hidden_game)
    (page_status, page), (state_status, state) = asgi_get(app, "/"), asgi_get(app, "/state.json")
    assert page_status == 200 and state_status == 200
    assert leaks(page, game) == [] and leaks(state, game) == []
    assert all(p["cash"] is None for p in json.loads(state)["players"])
    _, _, streamed = anyio.run(FileWatch(hidden_game).current)  # what /events sends as its board event
    assert streamed and leaks(streamed, game) == []


def test_the_console_shows_the_public_view(hidden_game):
    from acquire_ref.console.app import events_lines, players_text
    from acquire_ref.words.prompts import prompt_for

    game = referee_game(hidden_game)
    older = [line for line in events_lines(game, 10)[:-8]]  # the moves before the last: history
    prompt = prompt_for(game)
    text = "\n".join([players_text(game).plain, *older, prompt.title, prompt.hint, prompt.preview("s 12"),
                      *(what for _, what in prompt.offers())])
    assert leaks(text, game) == [] and "not enough Tower shares" in text


def test_a_bot_gets_its_own_seat_s_view():
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import parse_move

    g = Game.table(["Ann", "Ben", "Cat"], options={"holdings": "hidden"})
    for m in ["start 5C 6C 1I", "place 7C --found Tower", "buy Tower=3"]:
        g.apply(parse_move(m))
    seat = Viewer.of("Ben")
    doc = views.status(g, seat)
    assert doc["players"][0]["cash"] is None and doc["players"][1]["cash"] == 6000
    assert views.sees(g, "Ben", seat) and not views.sees(g, "Ann", seat) and views.sees(g, "Ann", REFEREE)


def test_after_the_end_everything_is_shown(cli, tmp_path):
    import tomllib

    import tomli_w

    from tests.helpers import EXAMPLES

    data = tomllib.loads((EXAMPLES / "six-players.toml").read_text())
    data["options"] = {"holdings": "hidden"}
    script = tmp_path / "hidden.toml"
    script.write_text(tomli_w.dumps(data), encoding="utf-8")
    path = tmp_path / "g.toml"
    assert cli("play", script, game=path).exit_code == 0
    game = referee_game(path)
    assert game.over
    status = cli.json("status", game=path)
    assert all(p["cash"] == game.cash[p["name"]] for p in status["players"])
    assert cli("score", "--json", game=path).exit_code == 0
    log = cli("log", game=path).stdout
    assert "shares; R5.4)" in log and "buys shares" not in log
    assert views.legal(game) == game.legal_moves()


def test_open_holdings_keep_the_full_refusal_and_log(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "--from", position(tmp_path, hidden=False), game=path).exit_code == 0
    assert cli("place", "5I", game=path).exit_code == 0
    refused = cli("buy", "American=2", game=path)
    assert "but Cat has $700" in refused.stderr
    assert cli("buy", "American=1", game=path).exit_code == 0
    assert "Cat pays the bank $500 for 1 American (R6)" in cli("log", game=path).stdout
    assert cli.json("status", game=path)["players"][2]["cash"] == 200


def test_a_viewer_is_public_a_seat_or_the_referee():
    from acquire_ref.engine.errors import NotationError
    from acquire_ref.engine.game import Game

    g = Game.table(["Ann", "Ben", "Cat"])
    assert Viewer.parse(g, None) == PUBLIC and Viewer.parse(g, "REFEREE") == REFEREE
    assert Viewer.parse(g, "ben") == Viewer("seat", "Ben")
    with pytest.raises(NotationError):
        Viewer.parse(g, "Zed")
    with pytest.raises(ValueError):
        Viewer("seat")


def test_r10_3_a_seat_makes_only_its_own_moves_on_the_command_line_and_the_pipe(cli, hidden_game):
    """`--as Ann` is Ann's seat: it answered Ben's disposal and finished other players' turns
    before. Ben's own seat and the referee (no --as) still make it."""
    from acquire_ref.programs.pipe import serve

    before = hidden_game.read_bytes()
    refused = cli("--as", "Ann", "dispose", "--sell", "2", game=hidden_game)
    assert refused.exit_code == 3 and hidden_game.read_bytes() == before
    assert "--as Ann: the pending decision is Ben's; a seat makes only its own moves (R10.3)" in refused.stderr
    out = io.StringIO()
    serve(hidden_game, io.BytesIO(b'{"move": "dispose --sell 2"}\n'), out, "Ann")
    answer = json.loads(out.getvalue())
    assert answer["ok"] is False and "the pending decision is Ben's" in answer["message"]
    assert hidden_game.read_bytes() == before
    assert cli("--as", "Ben", "dispose", "--sell", "2", game=hidden_game).exit_code == 0


def test_r10_1_a_game_file_broken_by_a_move_names_no_holding_in_its_refusal(cli, hidden_game, tmp_path):
    """A hand-edited move that can't stand (Ben selling more Tower than he holds) was named with
    Ben's holding on every public screen: `status`, the TV's waiting page, the join page."""
    import tomllib

    import tomli_w

    data = tomllib.loads(hidden_game.read_text(encoding="utf-8"))
    data["moves"].append("dispose --sell 12")  # Ben holds 11 Tower
    data.pop("snapshot", None)
    broken = tmp_path / "broken.toml"
    broken.write_text(tomli_w.dumps(data), encoding="utf-8")
    result = cli("status", "--json", game=broken)
    assert result.exit_code == 4
    assert "not enough Tower shares to sell 12" in result.stderr and "holds 11" not in result.stderr
