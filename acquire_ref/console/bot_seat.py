"""A bot seat in the table console (:mod:`acquire_ref.programs.table_bot`): when its decision is pending it
thinks in a thread of its own, never on the screen's event loop, under its budget, while the
decision line says so; its move is then made through the books and said under the input as
the instruction a person carries out ("Dan (bot) places 5C: put 5C on the board"). In table mode,
while tiles of its rack are still to be entered, the console asks for them instead of the
decision (:class:`DrawPrompt`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from acquire_ref.engine.errors import AcquireError
from acquire_ref.language import _, decimal
from acquire_ref.words.prompts import Prompt

if TYPE_CHECKING:
    from acquire_ref.console.app import TableApp
    from acquire_ref.console.books import Books
    from acquire_ref.engine.game import Game
    from acquire_ref.engine.moves import Move
    from acquire_ref.programs.table_bot import BotSeat


class DrawPrompt(Prompt):
    """The question while a bot seat waits for its tiles: the tiles drawn for it, typed with spaces."""

    def __init__(self, game: Game, seat: BotSeat, why: str) -> None:
        super().__init__(game)
        self.seat = seat
        self.title = why.split(":")[0].rstrip()  # French puts a space before its colon
        self.hint = _("Type the tiles drawn for {player} (bot), e.g. 5C 7A; Enter enters them").format(player=seat.name)

    def tiles(self, text: str) -> list[str]:
        """The tiles typed (not checked yet)."""
        return text.replace(",", " ").split()

    def preview(self, text: str) -> str:
        from acquire_ref.engine.tiles import parse_tile

        try:
            tiles = [parse_tile(t, self.game.edition.grid) for t in self.tiles(text)]
        except AcquireError as exc:
            return f"✗ {exc}"
        return _("Enter: {tiles} drawn for {player} (bot)").format(tiles=", ".join(map(str, tiles)), player=self.seat.name)


class BotSeats:
    """What the table console ``app`` does for its bot seats: ``said`` the instructions of the
    bots' last moves (shown under the input until a person answers), ``thinking`` the seat
    thinking now (None when none)."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.said: list[str] = []
        self.thinking: BotSeat | None = None

    def prompt(self, books: Books) -> Prompt | None:
        """The question for a bot seat's pending decision: its tiles to enter, or the bot thinking
        (a prompt whose answer a person may give for it); None when a person decides."""
        from acquire_ref.programs.table_bot import pending_bot, waiting
        from acquire_ref.words.prompts import prompt_for

        game, record = books.game, books.record
        seat = pending_bot(record, game) if game is not None and record is not None else None
        if seat is None or game is None:
            return None
        why = waiting(game, seat)
        if why is not None:
            return DrawPrompt(game, seat, why)
        thinking = prompt_for(game)
        thinking.title = _("{player} (bot) is thinking (at most {seconds} s) ...").format(
            player=seat.name, seconds=decimal(seat.think_ms / 1000))
        return thinking

    def enter(self, books: Books, prompt: DrawPrompt, text: str) -> bool:
        """Enter the tiles typed at a :class:`DrawPrompt` through the books; False (``books.error``
        set) when refused."""
        from acquire_ref.programs.table_bot import enter

        tiles = prompt.tiles(text)
        return books.change_record(lambda record, game: enter(record, game, prompt.seat.name, tiles)) is not None

    def think(self) -> None:
        """Let the bot seat whose decision is pending think, in a thread of its own (never on the
        screen's event loop), and make its move when done (:meth:`done`); nothing when a person
        decides, tiles are missing, or a bot thinks already."""
        from acquire_ref.programs.table_bot import pending_bot, thinker, waiting

        books = self.app.books
        game, record = books.game, books.record
        if self.thinking is not None or game is None or record is None:
            return
        seat = pending_bot(record, game)
        if seat is None or waiting(game, seat) is not None:
            return
        self.thinking, at = seat, len(game.log)
        thought = thinker(game, seat, record.seed or 0)

        def run() -> None:
            try:
                move: Move | None = thought()
            except (AcquireError, ValueError, RuntimeError):  # a bug in the bot: the table answers for it
                move = None
            self.app.call_from_thread(self.done, seat, at, move)

        self.app.run_worker(run, thread=True, group="bot")

    def done(self, seat: BotSeat, at: int, move: Move | None) -> None:
        """Make the bot's ``move``, thought at move count ``at``, unless the game moved on meanwhile
        (a person answered for it, an undo: then it is dropped and the bot thinks again), and say
        it as an instruction; redraw."""
        from acquire_ref.programs.table_bot import instruction, to_draw

        self.thinking = None
        books = self.app.books
        game = books.game
        if move is not None and game is not None and len(game.log) == at and game.pending.player == seat.name:
            said = instruction(game, move)
            if books.apply(move) is not None and books.game is not None:
                draw = to_draw(books.game, seat)  # its turn is over: the tile to draw for it
                self.said = [*self.said[-1:], said] if draw is None else [said, draw]
        self.app.redraw()
