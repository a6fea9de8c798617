"""The turning points of a finished game for ``log --html`` (:mod:`acquire_ref.programs.turning`), worked out
under a progress bar on standard error."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from acquire_ref.files.record import Record


def turning_for(record: Record) -> dict[str, Any] | None:
    """The turning points of ``record``'s game, or None while the game goes on (a player's best
    move may name a tile of their rack: shown once everything is public, R10.1). Raises what
    :meth:`Record.start` raises."""
    from rich.progress import Progress

    from acquire_ref.engine.moves import parse_move
    from acquire_ref.language import _
    from acquire_ref.programs.turning import turning_points
    from acquire_ref.render import console

    if not record.replay().over:
        return None
    start = record.start()
    moves = [parse_move(text, start.edition) for text in record.moves]
    with Progress(console=console(stderr=True), transient=True) as progress:
        task = progress.add_task(_("turning points: weighing each decision"), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return turning_points(start, moves, progress=advance)
