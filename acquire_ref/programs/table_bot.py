"""A bot in an empty seat of a real game (``new Ann Ben Cat --bot Dan=search``): who it is, the
tiles entered for it, its decision, and the instruction a person carries out for it.

The game file's ``bots`` table names the seats a bot plays (:class:`BotSeat`). In dealt mode
the referee knows the bot's rack and the bot plays by itself. In table mode its tiles come out
of the real tile bag: a person draws them for it and enters them (``acquire-ref drew Dan 5C``,
:func:`enter`), each recorded with the number of moves made when it was entered, so that
``undo`` puts back in the bag the tiles entered after the moves it takes back. Its rack is then
the tiles entered for it that are not on the board or out of the game (:func:`rack`); it decides
only once the rack is complete (:func:`waiting`).

A bot sees only its seat's view (R10): :func:`decide` hands the search
:func:`acquire_ref.viewers.seat_view.seat_view` (with the entered rack in table mode), and the greedy bot
a game dealt from that view, never the referee's game. Every decision is worded as an
instruction for the people at the table (:func:`instruction`: "Dan (bot) places 5C: put 5C on
the board"); the events of the move then say what the banker does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.engine.events import money
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Move, Pass, Place
from acquire_ref.engine.pending import ChooseSurvivor, FoundChain, OrderDefunct, PlaceTile
from acquire_ref.engine.tiles import Tile, parse_tile
from acquire_ref.files.bot_table import BOT_STRATEGIES
from acquire_ref.language import _, ngettext

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.files.record import Record

THINK_MS = 1000
"""A bot seat's processor time per decision by default (milliseconds): long enough to play well,
short enough that the table does not wait."""


class BotSeat:
    """The seat of ``name``, played by ``strategy`` (one of :data:`~acquire_ref.files.bot_table.BOT_STRATEGIES`)
    with ``think_ms`` milliseconds of processor time per decision; ``drawn`` are the tiles entered
    for it in table mode, each with the number of moves made when it was entered."""

    __slots__ = ("drawn", "name", "strategy", "think_ms")

    def __init__(self, name: str, strategy: str, think_ms: int = THINK_MS,
                 drawn: list[tuple[int, Tile]] | None = None) -> None:
        self.name = name
        self.strategy = strategy
        self.think_ms = think_ms
        self.drawn = drawn or []


def seats(record: Record, game: Game) -> dict[str, BotSeat]:
    """The bot seats of the game file ``record`` (its ``bots`` table, checked by
    :meth:`~acquire_ref.files.record.Record.problems`), by player name. Raises
    :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) for an entered tile that is not on the
    board of ``game``'s edition (a hand edit)."""
    from acquire_ref.engine.errors import AcquireError, GameFileError

    out = {}
    for name, seat in record.bots.items():
        try:
            drawn = [(int(d["move"]), parse_tile(d["tile"], game.edition.grid)) for d in seat.get("drawn", [])]
        except AcquireError as exc:
            raise GameFileError(f"bots.{name}.drawn: {exc}") from None
        out[name] = BotSeat(name, seat["strategy"], int(seat.get("think_ms", THINK_MS)), drawn)
    return out


def add_seat(record: Record, name: str, strategy: str, think_ms: int = THINK_MS) -> None:
    """Make ``name`` a bot seat of ``record``, played by ``strategy``. Raises
    :class:`ValueError` for an unknown strategy or a name that is not a player's."""
    if strategy not in BOT_STRATEGIES:
        raise ValueError(f"strategy {strategy!r}: {' or '.join(BOT_STRATEGIES)}")
    if name not in record.players:
        raise ValueError(f"{name!r} is not one of the players")
    record.bots[name] = {"strategy": strategy, "think_ms": think_ms}


def rack(game: Game, seat: BotSeat) -> tuple[Tile, ...]:
    """The tiles in the bot's rack: the referee's in dealt mode; in table mode the tiles entered
    for it (:func:`enter`) that are not on the board or out of the game, in the order entered."""
    if game.supply.knows_racks:
        return tuple(game.supply.rack(seat.name))
    gone = {*game.board.owner, *game.discarded}
    out: list[Tile] = []
    for _move, t in seat.drawn:
        if t not in gone and t not in out:
            out.append(t)
    return tuple(out)


def missing(game: Game, seat: BotSeat) -> int:
    """How many tiles of the bot's rack are still to be entered (0 in dealt mode); below 0 when
    more were entered than it holds (a tile placed for it by hand, say)."""
    if game.supply.knows_racks:
        return 0
    return game.supply.racks[seat.name] - len(rack(game, seat))


def waiting(game: Game, seat: BotSeat) -> str | None:
    """Why the bot can't decide now (a sentence with the command that helps), or None when it can:
    the tiles of its rack are not all entered, or more were entered than it holds."""
    short = missing(game, seat)
    if short > 0:
        return ngettext(
            "Draw {count} tile from the bag for {player} (bot) and enter it: acquire-ref drew {player} TILE",
            "Draw {count} tiles from the bag for {player} (bot) and enter them: acquire-ref drew {player} TILE...",
            short).format(count=short, player=seat.name)
    if short < 0:
        return _("{count} more tiles were entered for {player} (bot) than its rack holds ({held}): "
                 "take back the last moves with acquire-ref undo, or fix bots.{player}.drawn in the game file"
                 ).format(count=-short, player=seat.name, held=game.supply.racks[seat.name])
    return None


def enter(record: Record, game: Game, name: str, tiles: list[str]) -> list[Tile]:
    """Enter ``tiles`` (as typed) for the bot seat ``name``: drawn from the real bag for it (R2.4,
    R7.1, R7.3). Each is recorded in ``record`` with the number of moves made now. Returns the
    tiles. Raises :class:`~acquire_ref.engine.errors.NotationError` for text that is not a tile, and
    :class:`~acquire_ref.engine.errors.IllegalMoveError` (nothing entered) when ``name`` is no bot seat,
    the game is dealt (the referee draws), a tile is on the board, out of the game, already in
    the bot's rack or given twice, or there are more tiles than the rack is missing."""
    bots = seats(record, game)
    if name not in bots:
        raise IllegalMoveError(_("{player} is not a bot seat of this game").format(player=name))
    seat = bots[name]
    if game.supply.knows_racks:
        raise IllegalMoveError(_("in dealt mode the referee draws {player}'s tiles").format(player=name))
    parsed = [parse_tile(t, game.edition.grid) for t in tiles]
    held, gone = rack(game, seat), {*game.board.owner, *game.discarded}
    for i, t in enumerate(parsed):
        if t in gone:
            raise IllegalMoveError(_("{tile} is on the board or out of the game: it can't be drawn (R1.1)").format(tile=t))
        if t in held or t in parsed[:i]:
            raise IllegalMoveError(_("{tile} is entered for {player} already").format(tile=t, player=name))
    short = missing(game, seat)
    if len(parsed) > short:
        raise IllegalMoveError(ngettext("{player}'s rack is missing {short} tile, not {count} (R2.4, R7.1)",
                                        "{player}'s rack is missing {short} tiles, not {count} (R2.4, R7.1)",
                                        max(short, 0)).format(player=name, short=max(short, 0), count=len(parsed)))
    drawn = record.bots[name].setdefault("drawn", [])
    drawn.extend({"move": len(game.log), "tile": str(t)} for t in parsed)
    return parsed


def pending_bot(record: Record, game: Game) -> BotSeat | None:
    """The bot seat whose decision is pending, or None (a person's decision, a chance decision
    such as the start tiles or the market's draw, or the game is over)."""
    pend = game.pending
    if game.over or pend.chance or pend.player is None:
        return None
    return seats(record, game).get(pend.player)


def decide(game: Game, seat: BotSeat, seed: int = 0, iterations: int | None = None) -> Move:
    """The bot's answer to the pending decision of its seat, from its seat's view only (R10):
    :func:`thinker`'s thought, thought now."""
    return thinker(game, seat, seed, iterations)()


def thinker(game: Game, seat: BotSeat, seed: int = 0, iterations: int | None = None) -> Callable[[], Move]:
    """The bot's thought on the pending decision of its seat, to run later (in another thread:
    it reads only a copy made now, its seat's view, never ``game``, R10).

    In table mode a dead tile in its rack is shown first (``discard``, R7.3) when that is
    allowed now. ``seed`` seeds its choices; ``iterations`` gives the search a count of playouts
    instead of its time (the same on any machine). Raises :class:`~acquire_ref.engine.errors.IllegalMoveError`
    when it is not the seat's decision or the rack is not complete (:func:`waiting`)."""
    from acquire_ref.programs.search import SearchBot
    from acquire_ref.programs.simulate import built_in
    from acquire_ref.viewers.seat_view import seat_view

    if game.pending.player != seat.name or game.over:
        raise IllegalMoveError(_("it is not {player}'s decision").format(player=seat.name))
    why = waiting(game, seat)
    if why is not None:
        raise IllegalMoveError(why)
    table = not game.supply.knows_racks
    held = rack(game, seat)
    if table and isinstance(game.pending, PlaceTile):
        dead = tuple(t for t in held if game.tile_kind(t) == "dead")
        if dead and game.is_legal(Discard(dead)):
            return lambda: Discard(dead)
    if seat.strategy == "search":
        view = seat_view(game, seat.name, held if table else None)
        search = SearchBot(seed, seat.think_ms, iterations)
        return lambda: search.decide(view)
    world = seat_view(game, seat.name, held if table else None).determinise(random.Random(seed))  # a copy of its own
    bot = built_in(seat.strategy, seed)
    return lambda: bot.move(world)


def instruction(game: Game, move: Move, later: bool = False) -> str:
    """What the people at the table do for the bot whose decision is pending in ``game``, given
    before ``move`` is applied: "Dan (bot) places 5C: put 5C on the board". The move's events
    then say what the banker does (pays, gives certificates). Said ``later`` (on the TV, after
    the moment) while holdings are hidden, a purchase and a disposal name no figure (R10.1)."""
    from acquire_ref.viewers.views import withheld

    player = game.pending.player or ""
    pend = game.pending
    if later and withheld(game) and isinstance(move, Buy | Dispose):
        return (_("{player} (bot) buys shares (R6)") if isinstance(move, Buy) else
                _("{player} (bot) decides on its defunct shares (R5.3b)")).format(player=player)
    match move:
        case Place():
            return _("{player} (bot) places {tile}: put {tile} on the board").format(player=player, tile=move.tile)
        case Choose() if isinstance(pend, FoundChain):
            return _("{player} (bot) founds {chain}: put the {chain} marker on the new chain (R4.2)").format(
                player=player, chain=move.chains[0])
        case Choose() if isinstance(pend, ChooseSurvivor):
            return _("{player} (bot) keeps {chain}: it survives the merger (R5.2)").format(player=player, chain=move.chains[0])
        case Choose() if isinstance(pend, OrderDefunct):
            return _("{player} (bot) settles {chain} next (R5.3)").format(player=player, chain=move.chains[0])
        case Buy() if move.orders:
            cost = sum(n * game.price(c) for c, n in move.orders)
            shares = ", ".join(f"{n} {c}" for c, n in move.orders)
            return _("{player} (bot) buys {shares}: {player} pays the bank {cost} (R6)").format(
                player=player, shares=shares, cost=money(cost))
        case Buy():
            return _("{player} (bot) buys no shares (R6)").format(player=player)
        case Dispose():
            return _disposal(game, move, player)
        case Pass():
            return _("{player} (bot) has no tile it can place (R4.7)").format(player=player)
        case End():
            return _("{player} (bot) declares the end of the game (R8.2)").format(player=player)
        case Discard():
            return _("{player} (bot) shows the dead tiles {tiles}: put them out of the game (R7.3)").format(
                player=player, tiles=", ".join(map(str, move.tiles)))
        case _:
            return _("{player} (bot) plays {move}").format(player=player, move=move)


def _disposal(game: Game, move: Dispose, player: str) -> str:
    """The instruction of a disposal of defunct shares (R5.3b)."""
    pend: Any = game.pending
    held = game.shares[player][pend.chain]
    keep = held - move.sell - move.trade
    return _("{player} (bot) sells {sell}, trades {trade} and holds {hold} of its {held} {chain} (R5.3b)").format(
        player=player, sell=move.sell, trade=move.trade, hold=keep, held=held, chain=pend.chain)


def to_draw(game: Game, seat: BotSeat) -> str | None:
    """For a shared screen (the TV): the tiles to draw for the bot seat and enter at the
    referee's screen, as one sentence without a command; None when none are missing."""
    short = missing(game, seat)
    if short <= 0:
        return None
    return ngettext("Draw {count} tile from the bag for {player} (bot) and enter it",
                    "Draw {count} tiles from the bag for {player} (bot) and enter them", short).format(
        count=short, player=seat.name)


def said(record: Record, game: Game, most: int = 3) -> list[str]:
    """What a shared screen says for the bot seats of ``game`` (read from ``record``): the
    instructions of the bots' last moves, if the last moves were theirs (at most ``most``, the
    latest last), then the tiles to draw for each bot seat that waits for them. Every sentence
    is public: with hidden holdings no purchase or disposal names a figure (R10.1)."""
    bots = seats(record, game)
    if not bots:
        return []
    ours = 0
    while ours < min(most, len(game.log)) and game.log[-1 - ours].player in bots:
        ours += 1
    lines = []
    if ours:
        from acquire_ref.files.record import Record as Rec

        before = Rec(record.players, record.edition, record.options, record.tiles, [str(e.move) for e in game.log[:-ours]],
                     position=record.position, seed=record.seed, bag=record.bag).replay()
        for entry in game.log[-ours:]:
            lines.append(instruction(before, entry.move, later=True))
            before.apply(entry.move)
    lines += [line for seat in bots.values() if (line := to_draw(game, seat)) is not None]
    return lines
