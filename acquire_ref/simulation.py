"""The ``simulate`` command's front end: the progress bar, the game files, the report, and the
faults of outside bots on standard error (a front end like :mod:`acquire_ref.cli`, which checks
the options and calls :func:`run`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from acquire_ref.errors import IllegalMoveError
from acquire_ref.simulate import FIRST_FAULTS, Batch


def run(batch: Batch, seeds: range, jobs: int, out: Path | None, as_json: bool) -> None:
    """Play ``batch``'s games of ``seeds`` on ``jobs`` processes, write each file into ``out``
    (when given) as it arrives, tell each bot fault on standard error, and print the report (a
    table, or one JSON document with ``as_json``). The games arrive in seed order, so the
    files, the fault lines and the report are the same for any number of jobs.

    Raises :class:`IllegalMoveError` (exit 3) after the report when a bot's fault stopped a game
    (``--bot-faults stop``).
    """
    from rich.progress import Progress
    from rich.text import Text

    from acquire_ref.events import plural
    from acquire_ref.render import console
    from acquire_ref.session import create_text
    from acquire_ref.simulate import Summary, run_batch
    from acquire_ref.words import visible

    summary = Summary({b.name: b.command for b in batch.bots})
    faults = stopped = 0
    err = console(stderr=True)
    with Progress(console=err, transient=True) as progress:
        seats = plural(len(batch.players) - len(batch.bots), f"{batch.strategy} player")
        bots = f", {plural(len(batch.bots), 'outside bot')}" if batch.bots else ""
        task = progress.add_task(f"{len(seeds)} games, {seats}{bots}, {jobs} job(s)", total=len(seeds))
        for result in run_batch(batch, seeds, jobs):
            summary.add(result)
            stopped += result.ended == "stopped by a bot fault"
            for fault in result.faults:
                faults += 1
                if faults <= FIRST_FAULTS:
                    err.print(Text(visible(f"acquire-ref: bot {fault['bot']}, game {fault['seed']}, move {fault['move']} "
                                           f"({fault['decision']}): {fault['text']}")))
            if out is not None and result.text is not None:
                create_text(out / f"game-{result.seed:06d}.toml", result.text)
            progress.advance(task)
    if faults > FIRST_FAULTS:
        err.print(Text(f"acquire-ref: {faults - FIRST_FAULTS} more bot fault(s) not shown; the report counts them all"))
    doc = summary.as_dict()
    if as_json:
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
    else:
        from acquire_ref.render import summary_table

        console().print(summary_table(doc, batch.strategy, len(batch.players)))
    if stopped:
        raise IllegalMoveError(f"{stopped} of {len(seeds)} game(s) stopped at a bot's fault (--bot-faults stop)")

