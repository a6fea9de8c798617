"""The tables' game files beside an event file (T1.1, T1.2, T3.1): one ordinary game file per
table, made when a round is drawn or seeded (through :class:`acquire_ref.files.session.GameFile`, as the
library makes a new game), marked discarded (renamed, never deleted) when no table holds it any
more, put back by ``tournament undo``, and read for a table's result. Every change to the event
file that makes or discards a table's game goes through :func:`changing`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import AcquireError, GameFileError, IllegalMoveError, NotationError
from acquire_ref.language import _, ngettext

if TYPE_CHECKING:
    from acquire_ref.files.record import Record
    from acquire_ref.tournament import Round, Seating, Tournament

DISCARDED = ".discarded"
"""What a game file no table holds any more is renamed to end with (``club-r1-t2.toml.discarded``):
kept, but out of every ``*.toml`` list (a club's ratings, a folder of games)."""


def game_path(path: Path, game: str) -> Path:
    """Where the table's game file named ``game`` is: beside the event file at ``path`` (T1.1)."""
    return path.parent / game


def stem(path: Path) -> str:
    """The event file's name without ``.event.toml`` (``club.event.toml`` -> ``club``): the start
    of its tables' game file names (:meth:`Tournament.game_name`)."""
    name = path.name
    return name[: -len(".event.toml")] if name.endswith(".event.toml") else path.stem


def plural_moves(n: int) -> str:
    """``1 move``, ``12 moves`` (in the language in force)."""
    return ngettext("{count} move", "{count} moves", n).format(count=n)


def table_record(path: Path, event: Tournament, rnd: Round, table: Seating) -> Record:
    """The new game of ``table`` of ``rnd``: its players in their drawn seats (under their seat
    names), the event's edition and tiles, and with dealt tiles a bag drawn from the event's
    seed (T2.3: the same draw makes the same game)."""
    from datetime import date

    from acquire_ref.engine.game import shuffled_bag
    from acquire_ref.engine.setup import Options
    from acquire_ref.files.record import Record
    from acquire_ref.tournament import seat_name

    seed = bag = None
    if event.tiles == "dealt":
        standard = table.game == event.game_name(stem(path), rnd.number, table.number, rnd.draw)
        rng = (event.rng("round", rnd.number, "draw", rnd.draw, "table", table.number) if standard
               else event.rng("game", table.game))
        seed = rng.randrange(2**31)
        from acquire_ref.engine.editions import resolve_edition

        bag = [str(tile) for tile in shuffled_bag(seed, resolve_edition(event.edition).grid)]
    return Record([seat_name(p) for p in table.seats], event.edition, Options.parse(None).as_dict(), event.tiles,
                  seed=seed, bag=bag, played=date.today())


def _checked_target(target: Path, record: Record) -> None:
    """Refuse a table's game file ``target`` already there unless it holds exactly the game
    ``record`` makes (left by a draw interrupted before it wrote the event file); the date it was
    made on is its own (the draw may be taken again the next day)."""
    from acquire_ref.files.record import Record, to_toml
    from acquire_ref.files.storage import file_exists, read_text

    if not file_exists(target):
        return
    record.played = (Record.problems(read_text(target), str(target))[0] or record).played
    if read_text(target) != to_toml(record, record.replay_whole()):
        raise IllegalMoveError(_("{file} already exists: the draw never writes over a game file; move it away and draw "
                                 "again").format(file=target))


def make_games(path: Path, event: Tournament, tables: list[tuple[Round, Seating]], made: list[Path]) -> None:
    """One ordinary game file per table of ``tables`` (``(round, table)`` pairs) beside the event
    file at ``path`` (:func:`table_record`), none over another file; each file made is added to
    ``made``, and when one can't be made, the ones made are removed again and nothing is kept. A
    file that is already there and holds exactly the game this draw makes (left by a draw
    interrupted before it wrote the event file: the draw is the same from the seed, T2.3) is
    taken as it is."""
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import file_exists

    records = []
    for rnd, t in tables:
        record = table_record(path, event, rnd, t)
        target = game_path(path, t.game)
        _checked_target(target, record)
        records.append((target, record))
    start = len(made)
    try:
        for target, record in records:
            if not file_exists(target):
                GameFile.create(target, record)
                made.append(target)
    except BaseException:
        for done in made[start:]:
            os.unlink(done)
        del made[start:]
        raise


def moves_in(game: Path) -> int:
    """How many moves the game file at ``game`` holds (0 when it is missing or unreadable)."""
    from acquire_ref.files.storage import file_exists, inspect

    if not file_exists(game):
        return 0
    try:
        record = inspect(game).record
    except AcquireError:
        return 0
    return len(record.moves) if record is not None else 0


def mark_discarded(game: Path) -> Path | None:
    """Rename the game file at ``game`` to ``GAME.discarded`` (``.discarded.2`` and on when that
    is taken). Returns the new path, None when there was no file."""
    from acquire_ref.files.storage import file_exists

    if not file_exists(game):
        return None
    target, k = game.with_name(game.name + DISCARDED), 1
    while file_exists(target):
        k += 1
        target = game.with_name(f"{game.name}{DISCARDED}.{k}")
    os.replace(game, target)
    return target


def unmade(made: list[Path]) -> None:
    """Remove the game files a draw made when the event file could not be written after all
    (another program changed it, the disk is full): a refused draw leaves nothing (T1.2). A
    Ctrl-C while the event file is written takes effect once it is written, so the files stay."""
    for done in made:
        with suppress(OSError):
            os.unlink(done)


def _refuse_begun(path: Path, event: Tournament) -> None:
    """Refuse a change that discards a table's game that has begun (its players are playing)."""
    for game in event.discarded:
        moves = moves_in(game_path(path, game))
        if moves:
            raise IllegalMoveError(_("{file} has begun ({moves}): its table's seats can't change now; enter its result "
                                     "first").format(file=game_path(path, game), moves=plural_moves(moves)))


@contextmanager
def changing(path: Path, started_ok: bool = False) -> Iterator[Tournament]:
    """Change the event at ``path`` (:func:`acquire_ref.tournament.event_file.changing`): after the body,
    the game files of the tables it made or changed (:attr:`Tournament.made`) are made; when the
    change is refused before the event file is replaced, they are removed again (:func:`unmade`).
    Once the event file is written, the game files no table holds any more
    (:attr:`Tournament.discarded`) are marked (:func:`mark_discarded`). A changed table whose old
    game has begun is refused (its players are playing, :class:`IllegalMoveError`) unless
    ``started_ok``."""
    from acquire_ref.tournament import event_file

    made: list[Path] = []
    try:
        with event_file.changing(path) as event:
            yield event
            if not started_ok:
                _refuse_begun(path, event)
            make_games(path, event, event.made, made)
    except AcquireError:  # refused before the event file was replaced (a Ctrl-C is held back until after it)
        unmade(made)
        raise
    held = {t.game for r in event.rounds for t in r.tables}
    event.discarded[:] = [g for g in dict.fromkeys(event.discarded) if g not in held]
    for game in event.discarded:
        mark_discarded(game_path(path, game))


def game_result(path: Path, seats: list[str], projected: bool, leave_out: bool) -> tuple[dict[str, int], str]:
    """A table's money from its game file at ``path`` (T3.1: the final money of a finished game,
    R8.3), or as it stands (``projected``) or left out (``leave_out``) when unfinished (T3.3).
    Returns ``(money by entrant, source)``. Raises :class:`GameFileError` for another table's
    game, :class:`NotationError` for ``projected`` or ``leave_out`` on a finished game, and
    :class:`IllegalMoveError` for an unfinished game without either, or ``projected`` while
    holdings are hidden (R10.1)."""
    from acquire_ref.files.storage import load_game
    from acquire_ref.tournament import seat_name

    game, record, _loaded = load_game(path)
    names = {seat_name(p): p for p in seats}
    if list(record.players) != list(names):
        raise GameFileError(_("{file} seats {players}, but the table seats {seats}: is it this table's game?").format(
            file=path, players=", ".join(record.players), seats=", ".join(seats)))
    if game.over:
        if projected or leave_out:
            raise NotationError(_("{file}: the game is over; its final money is the result (no --projected or "
                                  "--leave-out)").format(file=path))
        return {names[s.player]: s.total for s in game.score_breakdown()}, "game"
    if leave_out:
        return {}, "left out"
    if projected:
        from acquire_ref.viewers.views import withheld

        if withheld(game):  # the projected money would tell the hidden holdings (R10.1)
            raise IllegalMoveError(_("{file}: holdings are hidden until the game is over (R10.1), so it can't be scored "
                                     "as it stands: finish it (`end` when available), or leave it out with --leave-out "
                                     "(T3.3)").format(file=path), rule="T3.3")
        return {names[s.player]: s.total for s in game.score_breakdown(projected=True)}, "projected"
    raise IllegalMoveError(_("{file}: the game is not over: finish it, or at the close of the round score it as it "
                             "stands with --projected, or leave it out with --leave-out (T3.3)").format(file=path),
                           rule="T3.3")


def undo(path: Path) -> tuple[Tournament, Tournament, list[str]]:
    """Take back the last change to the event file at ``path`` (T1.2,
    :func:`acquire_ref.tournament.event_file.undo`), then the tables' game files with it: the ones the change
    made are marked discarded, the ones it discarded are put back. Returns ``(the event as it
    was, the event put back, what was done to game files, one line each)``."""
    from acquire_ref.files.storage import file_exists
    from acquire_ref.tournament.event_file import undo as take_back

    now, before = take_back(path)
    held_now = {t.game for r in now.rounds for t in r.tables}
    held_before = {t.game for r in before.rounds for t in r.tables}
    said = [_("{file} marked discarded").format(file=game_path(path, game)) for game in sorted(held_now - held_before)
            if mark_discarded(game_path(path, game)) is not None]
    for game in sorted(held_before - held_now):
        target = game_path(path, game)
        kept = target.with_name(target.name + DISCARDED)
        if not file_exists(target) and file_exists(kept):
            os.replace(kept, target)
            said.append(_("{file} put back").format(file=target))
    return now, before, said


def export_reads(path: Path, event: Tournament, locks: bool = True) -> dict[str, Path | None]:
    """The files an export must not be written over (``standings --csv/--html``, ``sheets``): the
    event file, its lock and previous version, and every table's game file (with ``locks``, its
    lock too), each named as a refusal names it."""
    from acquire_ref.tournament.event_file import previous_path

    reads: dict[str, Path | None] = {"event file": path, "event lock": Path(str(path) + ".lock"),
                                     "event file's previous version": previous_path(path)}
    for r in event.rounds:
        for t in r.tables:
            game = game_path(path, t.game)
            reads[f"round {r.number} table {t.number} game"] = game
            if locks:
                reads[f"round {r.number} table {t.number} game's lock"] = Path(f"{game}.lock")
    return reads


def rename(path: Path, name: str, new: str) -> tuple[str, list[Path]]:
    """Rename the entrant ``name`` to ``new`` (``tournament rename``, T1.3) in the event file at
    ``path`` (:meth:`Tournament.rename`) and in their tables' game files
    (:func:`rename_in_games`), under the event file's lock; when the event file can't be written
    after all, the game files are put back (:func:`put_back_names`) and nothing is renamed.
    Returns ``(what was done, the game files rewritten)``; raises what those raise."""
    from acquire_ref.tournament import event_file

    written: list[tuple[Path, Record, Record]] = []
    try:
        with event_file.changing(path) as event:
            old = event.player(name).name
            said = event.rename(name, new)
            written = rename_in_games(path, event, old, event.player(new).name)
    except BaseException:
        put_back_names(written)  # the event file was not written: its tables' game files name them as before
        raise
    return said, [target for target, _, _ in written]


def renamed_record(record: Record, old: str, new: str, where: Path) -> Record:
    """``record`` with the seat ``old`` called ``new`` (seat names, R2.1): in its players and in
    every move and undone move that names a player (``dispose OLD ...``). Raises
    :class:`GameFileError` for a game written from a position (its position names the players in
    tables of its own: rename there by hand) and :class:`IllegalMoveError` for a name the game
    can't seat beside its other players (R2.1)."""
    from acquire_ref.engine.moves import Dispose, parse_move
    from acquire_ref.engine.setup import check_player_names, looks_alike
    from acquire_ref.files.record import Record

    if record.position is not None:
        raise GameFileError(_("{file} starts from a written position, which names its players in tables of its "
                              "own: it can't be rewritten safely; rename the player there by hand").format(file=where))

    def move(text: str) -> str:
        if text.split()[:1] != ["dispose"]:
            return text
        made = parse_move(text)
        if isinstance(made, Dispose) and made.player is not None and looks_alike(made.player, old):
            return str(Dispose(new, made.sell, made.trade, made.sell_all, made.trade_max))
        return text

    players = [new if p == old else p for p in record.players]
    try:
        check_player_names(players)
    except NotationError as exc:
        raise IllegalMoveError(f"{where}: {exc}") from None
    return Record(players, record.edition, dict(record.options), record.tiles, [move(m) for m in record.moves],
                  None, None, record.seed, record.bag, [move(m) for m in record.undone], record.played)


def rename_in_games(path: Path, event: Tournament, old: str, new: str) -> list[tuple[Path, Record, Record]]:
    """Rename the entrant ``old`` (entrant names, T1.3), already called ``new`` in ``event`` (its
    event file at ``path``), in the game file of every table that seats them and has its result,
    each rewritten through :class:`~acquire_ref.files.session.GameFile`, the one write path: read
    under its lock, renamed (:func:`renamed_record`), replayed to the same end (the same money at
    the same seats), then written, version-checked (a link's target, as by a move). Every file is
    checked before any is written; a table whose game file is missing (a paper table whose file
    was moved away) or seats ``new`` already (a rename stopped before the event file) is passed
    over. Returns what was written, ``(file, before, after)`` records, for :func:`put_back_names`.

    Raises :class:`GameFileError` (exit 4) for a game file that can't be read or replayed, seats
    others than its table, or would end otherwise once renamed (nothing is written then), and
    what :meth:`GameFile.save` raises (another program has the file: exit 5; the files written
    before it are put back)."""
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import file_exists
    from acquire_ref.files.storage import game_path as followed

    handles = []
    for rnd in event.rounds:
        for t in rnd.tables:
            target = followed(game_path(path, t.game))  # a link's target is written and locked, as by a move
            if new not in t.seats or t.result is None or not file_exists(target):
                continue
            handle = GameFile.open(target, locked=True)
            if _seats(handle.record.players) == _seats(t.seats):
                continue  # renamed already, by a rename that stopped before the event file was written
            seats = _seats([old if p == new else p for p in t.seats])
            if _seats(handle.record.players) != seats:
                raise GameFileError(_("{file} seats {players}, not round {round} table {table}'s {seats}: it can't be "
                                      "rewritten safely; nothing was renamed").format(
                    file=target, players=", ".join(handle.record.players), round=rnd.number, table=t.number,
                    seats=", ".join(seats)))
            gone, called = _seats([old, new])
            after = renamed_record(handle.record, gone, called, target)
            game = after.replay_whole()
            if _ending(game) != _ending(handle.game):
                raise GameFileError(_("{file} would not end as it did once {player} is renamed: it can't be rewritten "
                                      "safely; nothing was renamed").format(file=target, player=old))
            handles.append((handle, handle.record, handle.game, after, game))
    written: list[tuple[Path, Record, Record]] = []
    try:
        for handle, before, _old_game, after, game in handles:
            handle.record, handle.game = after, game
            handle.save()
            written.append((handle.path, before, after))
    except BaseException:
        put_back_names(written)
        raise
    return written


def _seats(names: list[str]) -> list[str]:
    """Entrants' names as a game file seats them (``Rosa Díaz`` -> ``Rosa_Díaz``)."""
    from acquire_ref.tournament import seat_name

    return [seat_name(p) for p in names]


def _ending(game: object) -> list[tuple[int, int, bool]]:
    """A game's end as a rename must keep it: each seat's money, in seat order, and whether it is over."""
    from acquire_ref.engine.game import Game

    assert isinstance(game, Game)
    return [(i, s.total, game.over) for i, s in enumerate(game.score_breakdown(projected=not game.over))]


def put_back_names(written: list[tuple[Path, Record, Record]]) -> None:
    """Write back the game files :func:`rename_in_games` renamed, as they were (through
    :class:`~acquire_ref.files.session.GameFile`), when the event file could not be written after all."""
    from acquire_ref.files.session import GameFile

    for target, before, _after in written:
        with suppress(AcquireError, OSError):
            handle = GameFile.open(target, locked=True)
            handle.record, handle.game = before, before.replay_whole()
            handle.save()
