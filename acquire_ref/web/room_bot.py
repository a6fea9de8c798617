"""A bot seat in the room (``acquire-ref room Ann Ben Cat --bot Dan=search``): the server plays it,
and in table mode a phone minds it (:mod:`acquire_ref.programs.table_bot` holds the bot itself).

- **Playing by itself.** After every change of the game held (a phone's move, a move made by
  another program, a take-back), when a bot seat's decision is pending and its rack is complete
  (:func:`~acquire_ref.programs.table_bot.waiting`), :meth:`RoomBot.poke` starts one task that
  thinks for it in a worker thread, under its budget (``think_ms``), never on the event loop:
  the other pages keep answering. While it thinks, the TV and every phone say "Dan (bot) is
  thinking" (:meth:`RoomBot.mark`). Its move is then applied through the server's one game
  holder (:meth:`~acquire_ref.web.holder.GameHolder.change`), checked under the file's lock
  against the game it thought about: when a person changed the game meanwhile (a take-back, a
  move typed at the referee's screen), the stale thought is dropped and the bot thinks again on
  the game as it is. A move the rules refuse (a fault of the bot) is one logged line, and the
  bot waits for the next change of the game; it never stops the server.
- **Minding a table-mode bot (R2.2, R7.1).** Without a keyboard at the table, the phone of the
  first person seated after the bot (:func:`minder`, in seating order, bots skipped) shows
  "Draw 1 tile from the bag for Dan (bot) and type it" with a tile field, and sends
  ``drew Dan 5C`` over its seat's move route (:meth:`RoomBot.drew`): the start tile while the
  start tiles are drawn, else the tiles of the bot's rack, checked by
  :func:`~acquire_ref.programs.table_bot.enter` and kept in the game file's ``bots`` table
  (:meth:`~acquire_ref.files.session.GameFile.change_record`). R10: the minding phone is told
  only the tiles it typed and how many are still to come; the bot's rack reaches no page.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.errors import AcquireError, IllegalMoveError, NotationError
from acquire_ref.language import _, ngettext

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move
    from acquire_ref.files.record import Record
    from acquire_ref.files.session import GameFile
    from acquire_ref.programs.table_bot import BotSeat
    from acquire_ref.web.holder import GameHolder
    from acquire_ref.web.room import Room

LOG = logging.getLogger("acquire_ref.room")
"""Where a bot's refused move or failed thought is told (the server's standard error)."""

VERB = "drew"
"""The notation a minding phone sends: ``drew Dan 5C`` (the bot seat, then the tiles drawn for it)."""


def minder(players: list[str], bots: set[str], bot: str) -> str | None:
    """The player whose phone minds the bot seat ``bot``: the first one seated after it (in
    seating order, round the table) who is not a bot; None when every seat is a bot's."""
    at = players.index(bot)
    for step in range(1, len(players)):
        player = players[(at + step) % len(players)]
        if player not in bots:
            return player
    return None


def _thinking_mark(player: str, think_ms: int) -> str:
    return _("{player} (bot) is thinking (at most {seconds:.1f} s) ...").format(player=player, seconds=think_ms / 1000)


class RoomBot:
    """The room's bot seats for the game held by ``holder`` (the server's one
    :class:`~acquire_ref.web.holder.GameHolder`), in ``room``: :meth:`poke` after each change;
    ``told`` is awaited after each of its moves (every page follows). :attr:`thinking` is the seat thinking
    now; :attr:`refused` the moves version ``(game version, words)`` a bot's move was refused at."""

    def __init__(self, holder: GameHolder, room: Room, told: Callable[[], Awaitable[None]] | None = None) -> None:
        self.holder = holder
        self.room = room
        self.told = told
        self.thinking: BotSeat | None = None
        self.task: asyncio.Task[None] | None = None
        self.refused: tuple[int, str] | None = None
        self.played = 0
        """Moves the bots made on this server."""

    def mark(self) -> str | None:
        """What the TV and the phones say while a bot thinks ("Dan (bot) is thinking ..."), else None."""
        seat = self.thinking
        return None if seat is None else _thinking_mark(seat.name, seat.think_ms)

    def poke(self) -> None:
        """Let the bot whose decision is pending think and play, in a task of the running event
        loop (nothing when one runs already: it looks at the game again when done)."""
        if self.task is not None and not self.task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.task = loop.create_task(self.play())

    async def settled(self) -> None:
        """Wait until no bot thinks or plays (the task started by :meth:`poke` is done)."""
        while self.task is not None and not self.task.done():
            await asyncio.wait({self.task})

    def _ready(self, _version: int, game: Game | None) -> tuple[BotSeat, Callable[[], Move], int] | None:
        """The bot seat to think now, its thought (to run in a thread) and the game's version,
        or None: a person's decision, a bot waiting for its tiles, a bot refused at this version."""
        from acquire_ref.programs.table_bot import pending_bot, thinker, waiting
        from acquire_ref.web.seat_model import version

        record = self.holder.record
        if game is None or record is None:
            return None
        try:
            seat = pending_bot(record, game)
        except AcquireError:  # the bots table is broken (a hand edit): the TV says why
            return None
        shown = version(game)
        if seat is None or waiting(game, seat) is not None or (self.refused is not None and self.refused[0] == shown):
            return None
        return seat, thinker(game, seat, record.seed or 0), shown

    async def play(self) -> None:
        """Think for and play each bot decision pending, one after another, until a person's is."""
        import anyio.to_thread

        while True:
            ready = await self.holder.held(self._ready)
            if ready is None:
                return
            seat, thought, shown = ready
            self.thinking = seat
            self.room.bump()
            try:
                move: Move | None = await anyio.to_thread.run_sync(thought)
            except (AcquireError, ValueError, RuntimeError) as exc:  # a fault of the bot: the table plays on
                move = None
                self._refuse(shown, f"{seat.name} (bot) could not decide: {exc}")
            finally:
                self.thinking = None
            done = "stop" if move is None else await self._apply(seat, move, shown)
            self.room.bump()
            if self.told is not None:
                await self.told()
            if done == "stop":
                return

    async def _apply(self, seat: BotSeat, move: Move, shown: int) -> str:
        """Apply the bot's ``move``, thought at version ``shown``, unless the game moved on since.
        Returns ``played``, ``stale`` (the game moved on: think again) or ``stop`` (refused, or
        the file busy or unreadable: wait for the next change of the game)."""
        def change(handle: GameFile) -> bool:
            from acquire_ref.programs.table_bot import pending_bot, waiting
            from acquire_ref.web.seat_model import version

            def check(game: Game) -> None:
                now = pending_bot(handle.record, game)
                if version(game) != shown or now is None or now.name != seat.name or waiting(game, now) is not None:
                    raise _Stale

            try:
                added, error = handle.apply_all([move], before=check)
            except _Stale:
                return False
            if error is not None:
                raise error
            return bool(added)

        try:
            if not await self.holder.change(change):
                return "stale"
        except IllegalMoveError as exc:
            self._refuse(shown, f"{seat.name} (bot) played {move}, which was refused: {exc}")
            return "stop"
        except AcquireError as exc:  # the file busy or unreadable: the next change lets it try again
            LOG.warning("%s (bot): its move %s was not written: %s", seat.name, move, exc)
            return "stop"
        self.played += 1
        return "played"

    def _refuse(self, shown: int, line: str) -> None:
        """Log ``line`` and keep the bot from thinking again until the game changes."""
        self.refused = (shown, line)
        LOG.warning("%s", line)

    def mind(self, record: Record | None, game: Game, player: str, starts: dict[str, str]) -> dict[str, Any] | None:
        """What ``player``'s phone shows to mind a table-mode bot seat (R10: no tile of its rack):
        ``{"bot", "count", "title", "start"}`` for the first bot it minds that waits for tiles
        (its start tile while the start tiles are drawn, ``starts`` those entered), else None."""
        from acquire_ref.programs.table_bot import missing, seats

        if record is None or game.supply.knows_racks or game.over or not record.bots:
            return None
        try:
            bots = seats(record, game)
        except AcquireError:
            return None
        for name, seat in bots.items():
            if minder(list(game.players), set(bots), name) != player:
                continue
            if game.pending.decision == "start":
                if name in starts:
                    continue
                return {"bot": name, "count": 1, "start": True,
                        "title": _("Draw a start tile from the bag for {player} (bot) and type it").format(player=name)}
            short = missing(game, seat)
            if short > 0:
                return {"bot": name, "count": short, "start": False, "title": ngettext(
                    "Draw {count} tile from the bag for {player} (bot) and type it",
                    "Draw {count} tiles from the bag for {player} (bot) and type them one by one", short).format(
                    count=short, player=name)}
        return None

    def drew(self, handle: GameFile, player: str, text: str, start: Callable[[Game, str, str], dict[str, Any] | None]
             ) -> dict[str, Any]:
        """``drew BOT TILE...`` from ``player``'s phone (under the holder's change): the tiles drawn
        from the bag for the bot seat it minds, entered for it; a start tile is handed to ``start``
        (the room's start tiles, R2.2), whose answer is returned when it gives one. Returns the
        answer for the phone (only the tiles it typed, R10). Raises :class:`NotationError` for
        text without a bot and a tile, and :class:`IllegalMoveError` for a bot this phone does
        not mind or a tile :func:`~acquire_ref.programs.table_bot.enter` refuses."""
        from acquire_ref.programs.table_bot import enter, missing, seats
        from acquire_ref.web.seat_model import version

        words = text.replace(",", " ").split()[1:]
        if len(words) < 2:
            raise NotationError(_("write {verb} BOT TILE, e.g. {verb} Dan 5C").format(verb=VERB))
        game = handle.game
        bots = seats(handle.record, game)
        name = next((b for b in bots if b.lower() == words[0].lower()), None)
        if name is None:
            raise IllegalMoveError(_("{player} is not a bot seat of this game").format(player=words[0][:40]))
        if minder(list(game.players), set(bots), name) != player:
            raise IllegalMoveError(_("{player}'s phone does not mind {bot} (bot): the phone of the player seated "
                                     "after it does").format(player=player, bot=name))
        if game.pending.decision == "start" and not game.supply.knows_racks:
            answered = start(game, name, words[1])
            if answered is not None:
                return answered
            return {"ok": True, "move": f"{VERB} {name} {words[1]}", "version": version(handle.game),
                    "did": _("Start tile for {player} (bot): {tile}").format(player=name, tile=words[1].upper())}
        entered = handle.change_record(lambda record, now: enter(record, now, name, words[1:]))
        short = missing(handle.game, seats(handle.record, handle.game)[name])
        return {"ok": True, "move": f"{VERB} {name} {' '.join(map(str, entered))}", "version": version(handle.game),
                "did": _("Entered for {player} (bot): {tiles}; {short} more to enter").format(
                    player=name, tiles=", ".join(map(str, entered)), short=max(short, 0))}


class _Stale(Exception):
    """The game moved on while the bot thought: its move is dropped."""
