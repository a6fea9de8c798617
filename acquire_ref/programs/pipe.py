"""``acquire-ref pipe``: a JSON-lines protocol for programs, a front end like :mod:`acquire_ref.cli`.

One request a line on standard input, one JSON answer a line on standard output, in order. A
request is a move in notation (``place 3A``) or a JSON object with one of these keys:

- ``{"move": "place 3A"}``: verify and apply the move, save it, answer
  ``{"ok": true, "move": ..., "events": [...], "pending": {...}}`` (``events`` as ``log --json``
  gives them, ``pending`` as ``status --json`` does);
- ``{"query": "status" | "legal" | "score" | "log"}``: answer ``{"ok": true, "query": ...,
  "result": DOC}``, the document of ``status --json``, the legal moves as a list of strings,
  ``score --json`` or ``log --json``;
- ``{"undo": N}``: take back the last N moves, answer ``{"ok": true, "undone": [moves], "pending": {...}}``.

A request object may carry an ``"id"`` (any JSON value), echoed in its answer. A refusal is
``{"ok": false, "error": "usage" | "illegal" | "file" | "locked", "message": ...}`` (the kinds
of exit status 2, 3, 4, 5); its message echoes at most :data:`MAX_ECHO` characters of a value
sent (as the command line cuts them), and at most :data:`MAX_MESSAGE` in all. The JSON is
strict: a key given twice in one object (``{"move": "pass", "move": "place 3A"}``) and a number
JSON has not (``NaN``, ``1e999``) are refused, never read as one of their values.
Blank lines are skipped. Every accepted move is saved through
:class:`~acquire_ref.files.session.GameFile` (lock, atomic write, reload when the file changed) before
it is answered. Nothing but answers is written to standard output; at the end of the input the
program exits 0.

Every answer is made for the session's viewer (``acquire-ref --as NAME pipe``, R10.3): the public
by default, so that with hidden holdings (R10.1) ``log`` is the history without the figures,
``legal`` does not enumerate another player's holding, ``score`` is refused until the end, a
refusal names no one's cash, and a move's ``events`` are the moment as everyone sees it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from acquire_ref.engine.errors import AcquireError, NotationError

if TYPE_CHECKING:
    from acquire_ref.files.session import GameFile

KINDS = {2: "usage", 3: "illegal", 4: "file", 5: "locked"}
"""The ``error`` of a refusal, by the exit status of the error's class."""

QUERIES = ("status", "legal", "score", "log")
MAX_LINE = 1024 * 1024
"""The longest request read (1 MiB); a longer line is refused as a usage error."""

MAX_ECHO = 200
"""The longest run of a value (characters without a space) a refusal echoes; a longer one is
cut to its first 60 characters and its length, as the command line's messages are."""

MAX_MESSAGE = 1000
"""The longest refusal message (characters); a longer one is cut, saying how long it was."""


class _Duplicate(ValueError):
    """A JSON object of a request with a key given twice."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs`` (json's ``object_pairs_hook``); raises :class:`_Duplicate` when a
    key comes twice, which ``json`` would silently read as its last value."""
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise _Duplicate(f"the key {json.dumps(key)[:MAX_ECHO]} is given twice in one object: give each key once")
        doc[key] = value
    return doc


def refusal_text(message: str) -> str:
    """``message`` bounded for a refusal: every run of more than :data:`MAX_ECHO` characters
    without a space cut (:func:`acquire_ref.words.cut`), then the whole cut to
    :data:`MAX_MESSAGE` characters with its length said.

    >>> refusal_text("bad tile " + "Z" * 100_000)[60:]
    'ZZZZZZZZZ... (100,000 characters)'
    """
    from acquire_ref.words import cut

    text = cut(message, MAX_ECHO)
    if len(text) > MAX_MESSAGE:
        text = f"{text[:MAX_MESSAGE - 80]}... (a message of {len(text):,} characters, cut)"
    return text


class Pipe:
    """The requests of one ``pipe`` session on the game file at ``path``; the file is opened at
    the first request (so a missing file is an answer, not the end of the session)."""

    def __init__(self, path: Path, viewer: str | None = None) -> None:
        self.path = path
        self.viewer = viewer
        self.handle: GameFile | None = None

    def game_file(self) -> GameFile:
        """The game file, opened or reloaded when another program changed it; its documents are
        for the session's viewer (``--as``: a player's name or ``referee``; else the public, R10.3)."""
        from acquire_ref.files.session import GameFile
        from acquire_ref.viewers.views import Viewer

        if self.handle is None:
            handle = GameFile.open(self.path)
            handle.viewer = Viewer.parse(handle.game, self.viewer)
            self.handle = handle
        else:
            self.handle.refresh()
        return self.handle

    def answer(self, line: str) -> dict[str, Any]:
        """The answer to one request line (see the module's documentation); never raises an
        :class:`AcquireError`, which becomes a refusal."""
        ident: Any = None
        try:
            request = self.request(line)
            ident = request.pop("id", None)
            doc = self.handle_request(request)
        except AcquireError as exc:
            from acquire_ref.words import with_program

            said = self.handle.refusal(exc) if self.handle is not None else str(exc)
            doc = {"ok": False, "error": KINDS.get(exc.exit_code, "usage"), "message": refusal_text(with_program(said))}
        return {**doc, **({"id": ident} if ident is not None else {})}

    @staticmethod
    def request(line: str) -> dict[str, Any]:
        """A request line as a JSON object: notation becomes ``{"move": line}``.
        Raises :class:`NotationError` for malformed JSON (also a key given twice in an object,
        or a number JSON has not) or a value that is not an object."""
        text = line.strip()
        if not text.startswith(("{", "[", '"')):
            return {"move": text}
        try:
            value = json.loads(text, parse_constant=_not_json, parse_float=_finite, parse_int=_whole,
                               object_pairs_hook=_unique)
        except _Duplicate as exc:
            raise NotationError(f"the request is refused: {exc}") from None
        except (ValueError, RecursionError) as exc:
            raise NotationError(f"the request is not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise NotationError('a request is a move, or a JSON object such as {"move": "place 3A"} or {"query": "status"}')
        return value

    def handle_request(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to a request object without its ``id``. Raises :class:`AcquireError`."""
        keys = sorted(request)
        if len(keys) != 1 or keys[0] not in ("move", "query", "undo"):
            raise NotationError(f"unknown request {json.dumps(request)[:80]}: it has one key, move, query or undo")
        key, value = keys[0], request[keys[0]]
        if key == "move":
            if not isinstance(value, str):
                raise NotationError('"move" is a move in notation, such as "place 3A"')
            return self.move(value)
        if key == "query":
            if value not in QUERIES:
                raise NotationError(f"unknown query {json.dumps(value)[:40]}: status, legal, score or log")
            return {"ok": True, "query": value, "result": self.query(str(value))}
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise NotationError('"undo" is how many moves to take back, a whole number from 1')
        handle = self.game_file()
        taken = handle.undo(value)
        return {"ok": True, "undone": [str(e.move) for e in taken], "pending": self.pending()}

    def move(self, text: str) -> dict[str, Any]:
        """Apply and save one move; its events and the new pending decision."""
        from acquire_ref.viewers.views import moment_docs

        handle = self.game_file()
        events = handle.apply(text)
        return {"ok": True, "move": str(handle.game.log[-1].move),
                "events": moment_docs(handle.game, events, handle.viewer), "pending": self.pending()}

    def pending(self) -> dict[str, Any]:
        """The pending decision as ``status --json`` gives it."""
        status = self.query("status")
        pending: dict[str, Any] = status["pending"]
        return pending

    def query(self, name: str) -> Any:
        """The document of a query (see :data:`QUERIES`)."""
        from acquire_ref.words import with_program

        handle = self.game_file()
        if name == "status":
            doc = handle.status()
            doc["pending"]["text"] = with_program(doc["pending"]["text"])
            return doc
        if name == "legal":
            return handle.legal()
        if name == "score":
            return handle.score()
        return handle.log()


def _not_json(word: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``, which Python reads but JSON has not: an answer
    echoing one in its ``id`` would not be JSON either."""
    raise ValueError(f"{word} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused when it is too large for a float
    (``1e999``), which would be echoed as ``Infinity``."""
    import math

    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def _whole(text: str) -> int:
    """A JSON whole number, refused (with a message of ours) beyond 4,300 digits."""
    if len(text.lstrip("-")) > 4300:
        raise ValueError(f"a number of {len(text):,} digits is too long")
    return int(text)


def serve(path: Path, stdin: IO[bytes], stdout: IO[str], viewer: str | None = None) -> None:
    """Answer each request line of ``stdin`` on ``stdout`` until the end of the input (or until
    ``stdout`` can't be written), every document for ``viewer`` (``--as``; None: the public,
    R10.3). A line that is not UTF-8 or longer than :data:`MAX_LINE` is answered as a usage
    error; the rest of an overlong line is skipped."""
    session = Pipe(path, viewer)
    while True:
        raw = stdin.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (more := stdin.readline(MAX_LINE)) and not more.endswith(b"\n"):
                pass
            doc: dict[str, Any] = {"ok": False, "error": "usage", "message": f"a request is at most {MAX_LINE:,} bytes"}
        else:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                doc = {"ok": False, "error": "usage", "message": f"the request is not UTF-8 text (byte {exc.start})"}
            else:
                if not line.strip():
                    continue
                doc = session.answer(line)
        stdout.write(json.dumps(doc) + "\n")
        stdout.flush()
        if getattr(stdout, "error", None) is not None:  # a closed pipe: nobody reads the answers
            return

