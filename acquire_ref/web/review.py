"""The post-game review (issue 29): a game move by move, for ``serve``'s ``/review`` page and the
``log --html`` export.

The review is one plain-data document (:func:`document`): the chains' colours, the players, each
player's money after every finished turn as if the game ended then (:func:`worth_point`, R8.5)
and one *step* per move of the log, step 0 being the setup before any move. It is built move by
move (:class:`Builder`), so a game still being played is extended by its new moves, never built
again from the start; the parts are named functions (:func:`_step`, :func:`worth_point`,
:func:`redacted`) so that more can be hooked in. A step holds what the board page shows at that
moment: the board, the chains on it, the players, the move in notation and in words, what it
did, and a merger's banner at the moves of a merger. The page's own script
(``static/review.js``) draws a step from it; the document is put inline as JSON (:func:`page`),
so the exported page needs no server and no network.

**What a viewer may see (R10).** Every figure comes from :mod:`acquire_ref.viewers.views` through one
function, :func:`step_view`: with hidden holdings the review is the public view (no cash, no share
counts, no net worth, the move in its public words, and the bank's shares at the last step
only, :func:`redacted`) until the game is over; once it is over, everything is public (R10.1 "at
the end, everything"), at every step of the history. The review never reads the holdings option
itself.

>>> from acquire_ref.files.record import Record
>>> doc = document(Record(["Ann", "Ben"], moves=["start 1A 5E", "place 2A"]))
>>> [s["move"] for s in doc["steps"]], doc["steps"][2]["players"][0]["cash"]
([None, 'start 1A 5E', 'place 2A'], 6000)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.events import MergerBegan, StartTilePlaced, TilePlaced, TurnFinished
from acquire_ref.engine.moves import parse_move
from acquire_ref.language import _
from acquire_ref.words import json_text
from acquire_ref.words.events import told

if TYPE_CHECKING:
    from pathlib import Path

    from acquire_ref.engine.game import Game
    from acquire_ref.files.record import Record
    from acquire_ref.web.holder import GameHolder


def step_view(game: Game, reveal: bool) -> dict[str, Any]:
    """The documents :mod:`acquire_ref.viewers.views` gives for one step of the review (R10.3): the one
    seam between the review and what a viewer may see.

    ``game`` is the game replayed to the step; ``reveal`` is True once the whole game is over
    (then everything is public, R10.1). Returns ``{"status": ..., "entry": ...}``: the
    ``status --json`` document of the public viewer, with every player's own figures when
    ``reveal`` (the referee's view), the last move's ``log --json`` entry for the same viewer
    (:func:`views.log_entry`; None before the first move), the last move in ``words``
    (:func:`views.last_move`) and the ``viewer`` itself.
    """
    from acquire_ref.viewers import views

    viewer = views.REFEREE if reveal else views.PUBLIC
    status = views.status(game, viewer)
    entry = views.log_entry(len(game.log), game.log[-1], game=game, viewer=viewer) if game.log else None
    return {"status": status, "entry": entry, "words": views.last_move(game, viewer), "viewer": viewer}


def _figures_shown(status: dict[str, Any]) -> bool:
    """Whether a status document carries every player's cash (it does unless holdings are hidden)."""
    return all(p["cash"] is not None for p in status["players"])


def public_move(text: str) -> str:
    """A move's notation as the history may show it while holdings are hidden (R10.1): a purchase
    or a disposal without its chains and counts (``buy American=2`` -> ``buy``, ``dispose Ben
    --sell 2`` -> ``dispose Ben``); every other move as it is.

    >>> public_move("buy American=2 Tower"), public_move("dispose Ben --sell 2"), public_move("place 6E")
    ('buy', 'dispose Ben', 'place 6E')
    """
    words = text.split()
    if words[:1] == ["buy"]:
        return "buy"
    if words[:1] == ["dispose"]:
        return " ".join(w for w in words[:2] if not w.startswith("-"))
    return text


def _step(game: Game, reveal: bool, placed: str | None = None) -> dict[str, Any]:
    """One step of the review: the game as it stands after its last move (see :func:`document`).
    ``placed`` is the last tile of the step before, kept when this move placed none (so that a
    step costs the same at move 10 as at move 10,000)."""
    from acquire_ref.web import model

    seen = step_view(game, reveal)
    status, entry = seen["status"], seen["entry"]
    shown = _figures_shown(status)
    last = game.log[-1] if game.log else None
    banner = model.banner(game, seen["viewer"]) if last is not None else None
    if banner is not None and (banner["turn"] != last.turn if last is not None else True):
        banner = None  # a merger's banner belongs to the moves of its own turn
    pend = model.pending(status)
    return {
        "n": len(game.log),
        "turn": entry["turn"] if entry else 0,
        "player": entry["player"] if entry else None,
        "move": (entry["move"] if shown else public_move(entry["move"])) if entry else None,
        "words": seen["words"],
        "did": [told(e) for e in last.events] if last is not None and shown else [],
        "merger": last is not None and any(isinstance(e, MergerBegan) for e in last.events),
        "banner": banner,
        "board": [row[2:].split(" ") for row in status["board"]],
        "last": _last_tile(game, placed),
        "chains": status["chains"],
        "players": [{"name": p["name"], "cash": p["cash"], "shares": {c: n for c, n in (p["shares"] or {}).items() if n},
                     "rack": p["rack"]} for p in status["players"]],
        "shown": shown,
        "pending": pend["headline"],
        "over": status["over"],
        "now": game.turn,
        "chart": None,
    }


def _last_tile(game: Game, before: str | None) -> str | None:
    """The tile placed last: looked for in the last move only, else ``before`` (the step before's)."""
    from acquire_ref.web import model

    if not game.log or any(isinstance(e, TilePlaced | StartTilePlaced) for e in game.log[-1].events):
        return model.last_tile(game)
    return before


def worth_point(game: Game) -> dict[str, int] | None:
    """Each player's money as R8.5 counts it, in dollars, if the move just made finished a turn
    (else None): the game scored as if it ended now (R8.3: bonuses paid, shares sold), the final
    money once it is over, so the chart's last point is the standings' order."""
    if not game.log or not any(isinstance(e, TurnFinished) for e in game.log[-1].events):
        return None
    return {s.player: s.total for s in game.score_breakdown()}


def _setup_key(record: Record) -> str:
    """What a record starts from (all but its moves), as text: a review extends only a game
    with the same start."""
    return json.dumps([record.players, record.edition, record.options, record.tiles, record.seed, record.bag,
                       record.position], sort_keys=True, default=str)


class Builder:
    """A review being built move by move (issue 34): :meth:`follow` extends it by the moves a
    record has beyond those already built (linear in the moves however often it is asked), and
    builds it again only when the record is another game, or moves were taken back, or the game
    has just ended (then every step is shown in full, R10.1 "at the end, everything")."""

    def __init__(self) -> None:
        self.key = ""
        self.moves: list[str] = []
        self.game: Game | None = None
        self.reveal = False
        self.steps: list[dict[str, Any]] = []
        self.worth: list[dict[str, Any]] = []

    def follow(self, record: Record, moves: list[str] | None = None, over: bool | None = None) -> Game:
        """Bring the review up to ``moves`` (by default ``record``'s) played from ``record``'s
        setup; ``over`` says whether the game after them is over, when the caller knows (else a
        game built afresh is replayed to learn it). Returns the game after them.

        Raises :class:`~acquire_ref.engine.errors.GameFileError` when a move does not replay."""
        moves = record.moves if moves is None else moves
        key = _setup_key(record)
        known = len(self.moves)
        if self.game is None or key != self.key or moves[:known] != self.moves:
            self._restart(record, key, record.replay().over if over is None else over)
        self._extend(moves[len(self.moves):])
        assert self.game is not None
        if self.game.over and not self.reveal:
            self._restart(record, key, True)
            self._extend(moves)
        assert self.game is not None
        return self.game

    def _restart(self, record: Record, key: str, reveal: bool) -> None:
        self.key, self.moves, self.reveal = key, [], reveal
        self.game = record.start()
        self.steps, self.worth = [_step(self.game, reveal)], []

    def _extend(self, moves: list[str]) -> None:
        game = self.game
        assert game is not None
        for text in moves:
            game.apply(parse_move(text, game.edition))
            self.moves.append(text)
            self.steps.append(_step(game, self.reveal, self.steps[-1]["last"]))
            point = worth_point(game)
            if point is not None:
                self.worth.append({"turn": game.log[-1].turn, "worth": point})


def _marked(steps: list[dict[str, Any]], worth: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``steps`` with each one's ``chart``: the last turn of ``worth`` finished at that step (None
    before any), found by bisection, so marking every step is linear in the moves."""
    from bisect import bisect_left, bisect_right

    turns = [w["turn"] for w in worth]
    out = []
    for s in steps:
        done = (bisect_right if s["over"] else bisect_left)(turns, s["now"])
        out.append({**s, "chart": turns[done - 1] if done and s["n"] else None})
    return out


def redacted(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """While holdings are hidden and the game goes on (R10.1): every step but the last without the
    bank's share counts, from whose changes each purchase and disposal, and with the public prices
    each player's cash, could be totalled up. The last step is the game as it stands, whose bank
    is public."""
    out = [{**s, "chains": {name: {**c, "bank": None} for name, c in s["chains"].items()}} for s in steps[:-1]]
    return [*out, *steps[-1:]]


def document(record: Record, title: str | None = None, builder: Builder | None = None,
             turning: dict[str, Any] | None = None, moves: list[str] | None = None,
             over: bool | None = None) -> dict[str, Any]:
    """The review of the game of ``record`` as plain data (issue 29); ``title`` defaults to
    "Acquire: " and the players' names, in the language spoken; ``builder`` keeps what was built
    for the next version of the same game (:class:`Builder`; a new one by default); ``moves`` and ``over`` are the game's
    moves and whether it is over when they are not ``record``'s (:meth:`Builder.follow`).

    Returns ``{title, edition, chains, players, over, result, standings, worth, steps}``: ``chains`` each
    chain of the edition with its ``letter``, ``colour`` and ``ink`` (``#rrggbb``); ``players`` in
    seating order; ``result`` the end reason in words and ``standings`` the final standings of
    ``score --json`` (``[{player, cash, rank}]``, best first) (None and empty while the game goes on); ``worth``
    each player's money after every finished turn as if the game ended then (``[{turn, worth: {player:
    dollars}}]``, R8.5: bonuses paid and shares sold; at the end the final money; empty while holdings
    are hidden, R10.1);
    ``steps`` one per move from step 0 (before any move): ``n``, ``turn``, ``player``, ``move``
    (notation; while hidden, :func:`public_move`), ``words`` (the move as the TV says it), ``did`` (the banker's instructions of
    its events; empty while holdings are hidden), ``merger`` (the move began one), ``banner``
    (the merger's banner during its turn, :func:`acquire_ref.web.model.banner`), ``board`` (9
    rows of 12 cells: ``.``, ``o`` or a chain's letter), ``last`` (the last tile), ``chains``
    (while hidden, ``bank`` None at every step but the last: :func:`redacted`),
    ``players`` (``name``, ``cash``, ``shares``; None while hidden), ``shown``, ``pending``,
    ``over``, ``now`` (the turn under way) and ``chart`` (the last turn of ``worth`` finished at
    this step, the chart's mark; None before any).

    Raises :class:`~acquire_ref.engine.errors.GameFileError` when a move does not replay (a record
    that loaded has none).
    """
    from acquire_ref.web import model

    builder = builder or Builder()
    game = builder.follow(record, moves, over)
    ed = game.edition
    chains = [{"name": c.name, "letter": c.letter, "colour": model.colour(c.colour),
               "ink": model.ink(model.colour(c.colour))} for c in ed.chains]
    shown = builder.steps[-1]["shown"]
    worth = list(builder.worth) if shown else []
    steps = _marked(builder.steps, worth)
    if not shown:
        steps = redacted(steps)
    standings = []
    if game.over:
        from acquire_ref.viewers.views import score

        standings = score(game)["standings"]
    named = title or _("Acquire: {players}").format(players=_(", ").join(game.players))
    return {"title": named, "edition": ed.name, "chains": chains,
            "players": list(game.players), "over": game.over, "result": game.end_reason or None,
            "standings": standings, "worth": worth, "steps": steps,
            "turning_points": turning if game.over else None}  # acquire_ref.programs.turning's, once the game is over


def data_json(doc: dict[str, Any]) -> str:
    """``doc`` as JSON to put inside a ``<script type="application/json">`` block: ``<``, ``>``
    and ``&`` written as ``\\u003c``..., so that no text of a file (``</script>``) can end the
    block; the browser's JSON parser reads them back as the same characters."""
    text = json_text(doc, indent=None, compact=True)  # invisible characters and U+2028/9 escaped too
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e") \
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def script_hash() -> str:
    """The review script's hash for the Content-Security-Policy (``'sha256-...'``)."""
    from acquire_ref.web.pages import script_hash as hashed

    return hashed("review.js")


def policy(live: bool) -> str:
    """The Content-Security-Policy of the review page, as its ``<meta>`` tag says it: its own
    script only (by hash), inline styles, no connection at all (``live`` False: the exported
    page) or to this server only (the page that ``serve`` gives, which follows the game)."""
    from acquire_ref.web.pages import policy as made

    return made("review.js", connect="'self'" if live else "'none'", images="data:", framed=False)


def page(doc: dict[str, Any], live: bool = False) -> str:
    """The review page of a :func:`document`: one self-contained HTML page (its style, script and
    data inline, the policy in a ``<meta>`` tag as well). ``live`` makes the page follow the
    game through ``serve``'s event stream (``/events``, then ``/review.json``)."""
    from markupsafe import Markup

    from acquire_ref.web.pages import asset, environment

    return environment().get_template("review.html").render(
        doc=doc, css=asset("board.css"), review_css=asset("review.css"), script=asset("review.js"),
        data=Markup(data_json(doc)), policy=policy(live), live=live)


class Follower:
    """The review of a game file for ``serve``: :meth:`current` gives its document, built once per
    version of the game the server holds (``holder``, :class:`~acquire_ref.web.holder.GameHolder`;
    a new one for ``path`` by default), by one request while the others wait for it, and
    extended by the new moves (:class:`Builder`); :meth:`answer` gives its page or JSON, each made
    once per version too. While the file can't be read, the last sound review, or None."""

    def __init__(self, path: Path, holder: GameHolder | None = None) -> None:
        from acquire_ref.web.holder import GameHolder

        self.path = path
        self.holder = holder or GameHolder(path)
        self._seen = -1
        self.doc: dict[str, Any] | None = None
        self.builds = 0
        """How many times a document was built (for tests)."""
        self._builder = Builder()
        self._locks: dict[Any, Any] = {}
        """One lock per event loop: requests at the same moment share one build."""
        self._answers: dict[tuple[str, str], bytes] = {}

    def _build(self, record: Record | None, moves: list[str], over: bool) -> dict[str, Any] | None:
        """The review document of ``moves`` played from ``record``'s setup, the builder extended."""
        from acquire_ref.engine.errors import AcquireError

        if record is None:
            self._builder = Builder()  # a broken file: the next sound one is built afresh
            return self.doc
        try:
            self.builds += 1
            return document(record, builder=self._builder, moves=moves, over=over)
        except AcquireError:
            self._builder = Builder()
            return self.doc

    def _lock(self) -> Any:
        """The lock of the running event loop (a lock serves one loop; a test's client may run several)."""
        import asyncio

        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop) or self._locks.setdefault(loop, asyncio.Lock())
        if len(self._locks) > 4:
            self._locks = {loop: lock}
        return lock

    async def _current(self) -> dict[str, Any] | None:
        """:meth:`current`, with the lock held by the caller."""
        import anyio.to_thread

        if await self.holder.current() != self._seen or self.doc is None:
            def taken(held: int, game: Game | None) -> tuple[int, Record | None, list[str], bool]:
                if game is None:
                    return held, None, [], False
                return held, self.holder.record, [str(m) for m in game.moves], game.over

            held, record, moves, over = await self.holder.held(taken)
            doc = await anyio.to_thread.run_sync(self._build, record, moves, over)
            if doc is not self.doc:
                self.doc, self._answers = doc, {}
            self._seen = held
        return self.doc

    async def current(self) -> dict[str, Any] | None:
        """The review document of the game file now (see :func:`document`), or None when it was
        never sound."""
        async with self._lock():  # requests at the same moment share one build
            return await self._current()

    async def answer(self, kind: str, lang: str = "en") -> bytes | None:
        """The review as ``kind`` (``"json"`` or ``"html"``, the live page, in the language
        ``lang``) in UTF-8, made once per version of the file (and language), away from the event
        loop (a long game's review is megabytes: the seats' streams go on meanwhile); None when it
        was never sound."""
        import anyio.to_thread

        async with self._lock():
            doc = await self._current()
            if doc is None:
                return None
            if (kind, lang) not in self._answers:
                self._answers[kind, lang] = await anyio.to_thread.run_sync(_encoded, doc, kind, lang)
            return self._answers[kind, lang]


def _encoded(doc: dict[str, Any], kind: str, lang: str = "en") -> bytes:
    """The review ``doc`` as the live page (``kind`` ``"html"``, in the language ``lang``) or as
    JSON (always English), in UTF-8."""
    from acquire_ref.language import using

    with using(lang):
        text = page(doc, live=True) if kind == "html" else json_text(doc, indent=None, compact=True)
    return text.encode("utf-8")


def routes(path: Path, holder: GameHolder | None = None, lang: str | None = None) -> list[Any]:
    """``serve``'s review routes for the game file at ``path``, as the server holds it
    (``holder``; a holder of its own by default) (``GET`` only): ``/review``, the review page
    that follows the game (its own script allowed by hash, connections to this server only), and
    ``/review.json``, its document. While the file was never sound both answer 503 with a line
    of text. ``lang`` is the room's language, for a browser that asks for none the program
    speaks (:func:`acquire_ref.web.language.of_request`)."""
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response
    from starlette.routing import Route

    from acquire_ref.web.pages import security_headers

    follower = Follower(path, holder)
    headers = security_headers("review.js", images="data:")

    async def review_page(request: Request) -> Response:
        from acquire_ref.web.language import of_request, remember

        body = await follower.answer("html", of_request(request, lang))
        if body is None:
            return PlainTextResponse("the game file can't be read yet; this page shows it once it can\n", 503,
                                     headers=headers)
        return remember(request, Response(body, media_type="text/html; charset=utf-8", headers=headers))

    async def review_json(request: Request) -> Response:
        body = await follower.answer("json")
        if body is None:
            return PlainTextResponse("the game file can't be read yet\n", 503, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    return [Route("/review", review_page, methods=["GET"]), Route("/review.json", review_json, methods=["GET"])]
