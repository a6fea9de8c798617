"""Outside bots: programs that play seats of ``simulate``'s games through the bot protocol
(``man 5 acquire-ref``, THE BOT PROTOCOL; ``examples/bots/greedy_bot.py`` is one).

The referee starts a bot's command once for each game, in its own process group, and writes it
one JSON line per message on its standard input:

- ``{"hello": "acquire-ref", "protocol": 1, "seat": NAME, "players": [...], ...}`` first, not
  answered (no seed, nor anything else a player at the table would not know: the dealt bag is
  the referee's secret, see :class:`acquire_ref.programs.simulate.Batch`);
- ``{"decide": N, "seat": NAME, "decision": ..., "state": STATUS, "rack": [...], "legal": [...]}``
  for each decision of its seat, answered by one line on its standard output: a move in notation
  (``place 3A``) or ``{"move": "place 3A"}``;
- ``{"end": "over" | "stopped", "standings": [...], "faults": N}`` last; then its standard input
  is closed, and it is stopped if it has not exited within the timeout.

``STATUS`` is the ``status --json`` document as that seat may see it (hidden holdings stay
hidden, R10.1: :func:`acquire_ref.viewers.views.status` for the seat's viewer); ``rack`` is its own rack
as ``hand --json`` gives it; ``legal`` lists every legal move in notation, in the engine's order
(:func:`acquire_ref.viewers.views.legal` for the seat: its own decisions, so every one). The start tiles and the
market's draws (R2.2, R9) are the referee's, never a bot's.

A bot runs in its own session and process group, and when it is stopped everything it started
goes with it, also a child that left the group with ``setsid()``: on Linux the referee becomes
the *subreaper* of the bots' processes (``PR_SET_CHILD_SUBREAPER``), so that nothing they start
escapes its process tree, and stops a bot by freezing and killing that tree
(:func:`kill_tree`, :func:`reaping`); elsewhere it kills the bot's process group.

A *fault* costs the seat that decision, never the game: the referee plays :func:`fallback` for
it (the first legal move of the list it was sent) and counts the fault. The faults are
``garbage`` (an answer that is not a move), ``illegal`` (a move against the rules), ``timeout``
(no answer within the timeout) and ``exited`` (the bot ended or closed its output). After a
timeout or an exit the bot is stopped and the referee plays the rest of its game for it. With
``stop`` as the fault rule, the first fault stops the game instead (:class:`BotStopped`).

A fault's ``text`` is English (the JSON's, as the protocol is), a
:class:`~acquire_ref.engine.values.Phrase` whose key (:data:`FAULT_KEYS`) and fields let a
front end word it in the language spoken; the error a bot's answer met (``error``) is given in
the batch's language too, as ``error_said``.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.errors import AcquireError, NotationError
from acquire_ref.engine.values import Phrase
from acquire_ref.language import using

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move

PROTOCOL = 1
"""The version of the bot protocol, sent in the hello line."""

FAULTS = ("garbage", "illegal", "timeout", "exited")
"""The kinds of fault, in the order reports list them."""

FAULT_KEYS = ("not_utf8", "overflow", "not_move", "illegal", "timeout", "not_started", "exited", "closed")
"""What a fault's text says, as the key of its :class:`~acquire_ref.engine.values.Phrase`: a line
not UTF-8 (``byte``), an answer over ``limit`` bytes, an answer that is not a move (``answer``,
``error``), an illegal move (``move``, ``error``), no answer within ``seconds``, a program that
could not be started (``error``), exited with a ``status`` or closed its output; ``then`` is
``"stopped"`` (the game is, ``--bot-faults stop``) or ``"fallback"`` (``fallback``, the move the
referee plays for it)."""

RULES = ("fallback", "stop")
"""What a fault does: the referee plays the fallback move for the seat, or the game is stopped."""

MAX_ANSWER = 64 * 1024
"""The longest answer line read (64 KiB); a longer one is garbage, and the bot is stopped."""


class BotSpec:
    """A bot named ``name`` (its seat's player name) run as ``argv``, from ``--bot NAME=COMMAND``."""

    __slots__ = ("argv", "command", "name")

    def __init__(self, name: str, command: str, argv: list[str]) -> None:
        self.name = name
        self.command = command
        self.argv = argv

    @classmethod
    def parse(cls, item: str) -> BotSpec:
        """``NAME=COMMAND``; COMMAND is split into words as a POSIX shell would (quotes kept
        together), and run without a shell. Raises :class:`NotationError` (exit 2) for an item
        without ``=``, an empty name or command, unbalanced quotes, or a program not found."""
        name, eq, command = item.partition("=")
        name = name.strip()
        if not eq or not name or not command.strip():
            raise NotationError(f"--bot {item!r}: write NAME=COMMAND, e.g. --bot 'greedy=python3 examples/bots/greedy_bot.py'")
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise NotationError(f"--bot {name}: the command can't be split into words ({exc})") from None
        if shutil.which(argv[0]) is None:
            raise NotationError(f"--bot {name}: no program {argv[0]!r} can be run (not found, or not executable)")
        return cls(name, command, argv)


class BotStopped(Exception):
    """A fault under the ``stop`` rule: the game stops before the move (``fault`` says why)."""

    def __init__(self, fault: dict[str, Any]) -> None:
        super().__init__(fault["text"])
        self.fault = fault


def fallback(game: Game) -> Move:
    """The move the referee plays for a seat whose bot made a fault: the first legal move in the
    engine's order, the first of the ``legal`` list the bot was sent. That is the least a player
    can do: the first playable tile of the rack in board order (or a pass), the first chain
    offered, every defunct share held (R5.3b), no share bought (R6), and never the end declared
    (``end`` comes last). Raises :class:`RuntimeError` if nothing is legal (a bug)."""
    moves = game.legal_moves()
    if not moves:
        raise RuntimeError(f"no legal move for {game.pending.summary()}")
    return moves[0]


class _Process:
    """A bot's process and the two ends of its pipes, read and written without blocking."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
                                     start_new_session=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        os.set_blocking(self.stdin.fileno(), False)
        os.set_blocking(self.stdout.fileno(), False)
        self.buffer = b""

    def send(self, line: bytes, deadline: float) -> str | None:
        """Write ``line``; None once written, else the fault (``exited``, ``timeout``)."""
        view = memoryview(line)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            _, ready, _ = select.select([], [self.stdin], [], left)
            if not ready:
                continue
            try:
                view = view[os.write(self.stdin.fileno(), view):]
            except BlockingIOError:
                continue
            except OSError:  # a closed pipe: the bot has gone
                return "exited"
        return None

    def receive(self, deadline: float) -> tuple[str, str]:
        """The next line of the bot's output: ``("line", text)``, or a fault and what happened."""
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_ANSWER:
                return "overflow", ""
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", ""
            ready, _, _ = select.select([self.stdout], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                return "exited", ""
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return "line", raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return "not_utf8", str(exc.start)

    def stop(self, grace: float) -> int | None:
        """Close the bot's input, give it ``grace`` seconds to exit, then kill its process group.
        Returns its exit status (None if it had to be killed). Whatever the bot started is killed
        too: its process tree (also a child that called ``setsid()``) and its process group."""
        for pipe in (self.stdin, self.stdout):
            with suppress(OSError):
                pipe.close()
        try:
            status: int | None = self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            status = None
        kill_tree(self.proc.pid)
        if hasattr(os, "killpg"):
            with suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        return status


_PR_SET_CHILD_SUBREAPER, _PR_GET_CHILD_SUBREAPER = 36, 37
"""Linux's prctl(2) options that make a process the reaper of its orphaned descendants."""


def _prctl() -> Any:
    """libc's ``prctl``, or None where there is none (not Linux, or no C library to load)."""
    if not os.path.isdir("/proc/self/task") or not hasattr(os, "getppid"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl
    except (OSError, AttributeError):
        return None


@contextmanager
def reaping() -> Iterator[None]:
    """While the bots of one game run: on Linux make this process the *subreaper* of everything
    they start, so that a bot's child that calls ``setsid()`` and loses its parent stays in this
    process's tree instead of going to init; at the end kill every such orphan still running
    (and its own tree) and put the setting back. Elsewhere it does nothing (a bot's process
    group is still killed with it)."""
    prctl = _prctl()
    if prctl is None:
        yield
        return
    import ctypes

    before = ctypes.c_int(0)
    had = prctl(_PR_GET_CHILD_SUBREAPER, ctypes.byref(before), 0, 0, 0) == 0 and before.value != 0
    known = set(_children(os.getpid(), zombies=True))
    prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    try:
        yield
    finally:
        for pid in set(_children(os.getpid(), zombies=True)) - known:
            kill_tree(pid)
            with suppress(OSError):
                os.waitpid(pid, 0)
        if not had:
            prctl(_PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)


def _parents(zombies: bool = False) -> dict[int, int]:
    """Every running process's parent (also the ``zombies``' when asked), from Linux's ``/proc``
    (``{pid: ppid}``; empty without ``/proc``)."""
    parents: dict[int, int] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return parents
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if fields and (zombies or fields[0] != b"Z"):
            parents[int(entry)] = int(fields[1])
    return parents


def _children(pid: int, zombies: bool = False) -> list[int]:
    """The running children of ``pid``, and the ``zombies`` among them when asked (Linux; none
    elsewhere)."""
    return [child for child, parent in _parents(zombies).items() if parent == pid]


def kill_tree(root: int) -> None:
    """Kill ``root`` and every process below it (Linux's ``/proc``; elsewhere nothing is done
    here and the caller kills the process group). The tree is frozen first (SIGSTOP, again until
    no new process appears), so that nothing forks away while it is being killed, then each is
    killed (SIGKILL) and the ones that are this process's children are reaped."""
    stopped: set[int] = set()
    for _ in range(100):
        parents = _parents()
        if root not in parents and not stopped:
            break
        tree, frontier = set(), [root]
        while frontier:
            pid = frontier.pop()
            if pid in tree:
                continue
            tree.add(pid)
            frontier.extend(child for child, parent in parents.items() if parent == pid)
        fresh = (tree & set(parents)) - stopped
        if not fresh:
            break
        for pid in fresh:
            with suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
        stopped |= fresh
    for pid in stopped:
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    for pid in stopped - {root}:  # the root is the caller's to wait for (subprocess keeps its status)
        with suppress(OSError):
            os.waitpid(pid, 0)


class OutsideBot:
    """The seat of ``spec.name`` in one game, played by the bot's program (module documentation).

    ``timeout`` is in seconds, for each answer; ``rule`` is one of :data:`RULES`; ``language``
    the code of the language the batch's people read (the protocol is English). The counts
    (``decisions``, ``fallbacks``) and ``faults`` (plain dicts) are what :meth:`report` gives.
    """

    def __init__(self, spec: BotSpec, seed: int, timeout: float, rule: str, language: str = "en") -> None:
        self.spec = spec
        self.language = language
        """The language the batch's people read (a fault's ``error_said``)."""
        self.seed = seed
        self.timeout = timeout
        self.rule = rule
        self.process: _Process | None = None
        self.gone = ""
        """Why the program no longer plays (empty while it does)."""
        self.why_not = ""
        """Why the program could not be started (empty when it was)."""
        self.decisions = 0
        self.fallbacks = 0
        self.faults: list[dict[str, Any]] = []

    def start(self, game: Game) -> None:
        """Start the program and send the hello line; a program that can't start, or that
        closed its input already, is an ``exited`` fault at its first decision."""
        try:
            self.process = _Process(self.spec.argv)
        except OSError as exc:
            self.why_not = str(exc.strerror or exc)
            return
        # never the seed: it rebuilds the dealt bag, every rack and every draw
        hello = {"hello": "acquire-ref", "protocol": PROTOCOL, "seat": self.spec.name, "players": list(game.players),
                 "edition": game.edition.name, "options": game.options.as_dict(), "timeout": self.timeout}
        self._send(hello)

    def _send(self, doc: dict[str, Any]) -> str | None:
        """Send one message; None once sent, else the fault."""
        if self.process is None:
            return "exited"
        return self.process.send((json.dumps(doc) + "\n").encode("utf-8"), time.monotonic() + self.timeout)

    def move(self, game: Game) -> Move:
        """The seat's answer to the pending decision: the bot's move when it is a legal one,
        else :func:`fallback` (a fault is counted). Raises :class:`BotStopped` at a fault under
        the ``stop`` rule."""
        from acquire_ref.viewers import views
        from acquire_ref.viewers.describe import hand
        from acquire_ref.words import with_program

        self.decisions += 1
        if self.gone:
            return self._fallback(game)
        seat = views.Viewer.of(self.spec.name)
        legal = views.legal(game, seat)
        state = views.status(game, viewer=seat)
        state["pending"]["text"] = with_program(state["pending"]["text"])
        doc = {"decide": self.decisions, "seat": self.spec.name, "decision": game.pending.decision, "state": state,
               "rack": hand(game, self.spec.name), "legal": [str(m) for m in legal]}
        fault = self._send(doc)
        if fault is not None:
            return self._fault(game, fault, fault)
        assert self.process is not None
        kind, text = self.process.receive(time.monotonic() + self.timeout)
        if kind == "overflow":
            return self._fault(game, "garbage", "overflow", fatal=True, limit=MAX_ANSWER)
        if kind == "not_utf8":
            return self._fault(game, "garbage", "not_utf8", byte=int(text))
        if kind != "line":
            return self._fault(game, kind, kind)
        try:
            move = self._read(text, game)
        except NotationError:
            error, said = self._errors(lambda: self._read(text, game))
            return self._fault(game, "garbage", "not_move", answer=_quote(text), error=error, error_said=said)
        try:
            game.verify(move)
        except AcquireError:
            error, said = self._errors(lambda: game.verify(move))
            return self._fault(game, "illegal", "illegal", move=str(move), error=error, error_said=said)
        return move

    def _errors(self, check: Callable[[], object]) -> tuple[str, str]:
        """The error ``check`` raises (it raised it once already), in English (the JSON's) and in
        the batch's language: the engine words an error in the language in force as it raises it."""
        said = []
        for code in ("en", self.language):
            with using(code):
                try:
                    check()
                except AcquireError as exc:
                    said.append(str(exc))
        return said[0], said[-1]

    @staticmethod
    def _read(text: str, game: Game) -> Move:
        """The move of an answer line, in notation or ``{"move": ...}``; :class:`NotationError` else."""
        from acquire_ref.engine.moves import parse_move

        line = text.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except (ValueError, RecursionError):
                raise NotationError("not valid JSON") from None
            if not isinstance(value, dict) or not isinstance(value.get("move"), str):
                raise NotationError('a JSON answer is {"move": "..."}')
            line = value["move"]
        if not line.strip():
            raise NotationError("an empty answer")
        return parse_move(line, game.edition)

    def _fault(self, game: Game, kind: str, key: str, fatal: bool = False, **fields: Any) -> Move:
        """Count a fault of ``kind`` and play the fallback (or stop the game); its text is said by
        ``key`` (:data:`FAULT_KEYS`) and ``fields``. After a ``fatal`` fault, a timeout or an
        exit, the program is stopped for the rest of the game."""
        if fatal or kind in ("timeout", "exited"):
            grace = 0 if kind == "timeout" else min(self.timeout, 1.0)
            status = self.process.stop(grace) if self.process is not None else None
            if kind == "timeout":
                fields["seconds"] = f"{self.timeout:g}"
            elif kind == "exited" and self.why_not:
                key, fields["error"] = "not_started", self.why_not
            elif kind == "exited":
                key, fields["status"] = ("exited", status) if status is not None else ("closed", None)
            self.process = None
            self.gone = _FAULT_TEXT[key].format(**fields)
        fault: dict[str, Any] = {"bot": self.spec.name, "seed": self.seed, "turn": game.turn, "move": len(game.log) + 1,
                                 "decision": game.pending.decision, "kind": kind}
        detail = _FAULT_TEXT[key].format(**fields)
        if self.rule == "stop":
            fault["text"] = Phrase(detail + "; the game is stopped (--bot-faults stop)", key, then="stopped", **fields)
            self.faults.append(fault)
            raise BotStopped(fault)
        move = fallback(game)
        fault["text"] = Phrase(f"{detail}; the referee plays `{move}` for it", key, then="fallback",
                               fallback=str(move), **fields)
        self.faults.append(fault)
        self.fallbacks += 1
        return move

    def _fallback(self, game: Game) -> Move:
        """A decision of a seat whose program is gone: the fallback, counted but not a new fault."""
        if self.rule == "stop":  # not reached: the game stopped at the fault
            raise BotStopped(self.faults[-1])
        self.fallbacks += 1
        return fallback(game)

    def finish(self, game: Game, ended: str) -> None:
        """Send the end line (``ended`` is ``over`` or ``stopped``) and stop the program,
        giving it the timeout to exit."""
        from acquire_ref.viewers import views

        if self.process is None:
            return
        # a game stopped while holdings are hidden has no standings to show (R10.1)
        seat = views.Viewer.of(self.spec.name)
        standings = [] if views.withheld(game, seat) else views.score(game, seat)["standings"]
        self._send({"end": ended, "seat": self.spec.name, "standings": standings, "faults": len(self.faults)})
        self.process.stop(self.timeout)
        self.process = None

    def kill(self) -> None:
        """Stop the program at once (the game was interrupted)."""
        if self.process is not None:
            self.process.stop(0)
            self.process = None

    def report(self) -> dict[str, Any]:
        """``{"decisions", "fallback_moves", "faults": {kind: n}}`` for this game."""
        counts = {k: n for k in FAULTS if (n := sum(1 for f in self.faults if f["kind"] == k))}
        return {"decisions": self.decisions, "fallback_moves": self.fallbacks, "faults": counts}


_FAULT_TEXT = {
    "not_utf8": "answered a line that is not UTF-8 text (byte {byte})",
    "overflow": "answered more than {limit:,} bytes without a line end, and is stopped",
    "not_move": "answered {answer}, which is not a move ({error})",
    "illegal": "answered the illegal move `{move}` ({error})",
    "timeout": "gave no answer within {seconds} s, and is stopped",
    "not_started": "could not be started ({error})",
    "exited": "exited with status {status}",
    "closed": "closed its output",
}
"""A fault's English text by its key (:data:`FAULT_KEYS`), the JSON's."""


def _quote(text: str, limit: int = 80) -> str:
    """A bot's answer quoted for a message, cut to ``limit`` characters (control characters are
    made visible where the message is shown)."""
    return json.dumps(text if len(text) <= limit else text[:limit] + "...", ensure_ascii=False)
