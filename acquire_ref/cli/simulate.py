"""``simulate``: complete dealt games played by built-in and outside bots (the batch itself is
:mod:`acquire_ref.programs.simulate`). The command checks its options and seats the players; :func:`run`
shows the progress bar, writes the game files, tells the faults of outside bots on standard
error and prints the report.

Only Typer is imported at start-up; the command imports the bots, the engine and rich.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref.cli.ladder import choices, endless, ladder
from acquire_ref.cli.options import EDITION, edition_spec, rule_options
from acquire_ref.cli.output import print_json
from acquire_ref.engine.errors import IllegalMoveError, NotationError
from acquire_ref.language import N_, _

if TYPE_CHECKING:
    from rich.text import Text

    from acquire_ref.engine.editions import Edition
    from acquire_ref.programs.bots import BotSpec
    from acquire_ref.programs.simulate import Batch


def _fresh_outputs(folder: Path, seed: int, games: int) -> None:
    """``simulate --out`` never writes over a file (DESIGN 3): refuse before the first game when
    one of the names it would write exists. Raises :class:`NotationError` (exit 2) naming it."""
    for i in range(games):
        target = folder / f"game-{seed + i:06d}.toml"
        if target.exists() or target.is_symlink():
            raise NotationError(_("--out {folder}: {target} already exists; simulate never writes over a file: "
                                  "name an empty or new folder, or another --seed").format(folder=folder, target=target))


AGAINST = typer.Option(
    None, "--against", metavar="random|greedy|search",
    help=N_("Seat one --strategy bot against the others playing this, each deal once per position (duplicate); "
    "--games counts deals."),
)
THINK_MS = typer.Option(100.0, "--think-ms", min=1, max=600_000, metavar="MS",
                        help=N_("A search bot's processor time per decision."))
COMPARE = typer.Option(
    [], "--compare", metavar="KEY=VALUE[,KEY=VALUE]",
    help=N_("Play the same deals under the --option rules and under these on top (repeat for more rule sets): "
    "game length and winner's money per rule set with 95% intervals."),
)
GAMES = typer.Option(100, "--games", min=1, max=10**6, metavar="N", help=N_("How many complete games (at most 1,000,000)."))
ITERATIONS = typer.Option(None, "--iterations", min=1, max=10**7, metavar="N",
                          help=N_("A search bot's playouts per decision instead (the same on any machine)."))


def simulate(
    games: int = GAMES,
    seed: int = typer.Option(0, "--seed", min=0, max=2**62, metavar="S", help=N_("Seed of the first game; game i uses S+i.")),
    players: int = typer.Option(4, "--players", min=2, max=6, metavar="K", help=N_("Players per game (2-6).")),
    strategy: str = typer.Option("random", "--strategy", metavar="random|greedy|search", help=N_("How the built-in bots play.")),
    against: str | None = AGAINST, think_ms: float = THINK_MS, iterations: int | None = ITERATIONS,
    edition: str = EDITION,
    option: list[str] = typer.Option([], "--option", metavar="KEY=VALUE", help=N_("A rule option, as for new.")),
    compare: list[str] = COMPARE,
    out: Path | None = typer.Option(None, "--out", metavar="DIR", help=N_("Write every game file into this folder.")),
    jobs: int = typer.Option(
        0, "--jobs", min=0, max=256, metavar="N",
        help=N_("Processes to play on (default 0: one per core); the results do not depend on it."),
    ),
    bot: list[str] = typer.Option(
        [], "--bot", metavar="NAME=COMMAND",
        help=N_("Seat an outside bot, a program speaking the bot protocol (man 5 acquire-ref), under the player name "
        "NAME; repeat for more. Bots take the first seats, the built-in bots the rest (p2, p3...)."),
    ),
    bot_timeout: float = typer.Option(
        5.0, "--bot-timeout", min=0.01, max=3600, metavar="SECONDS", help=N_("How long a bot may take over one answer."),
    ),
    bot_faults: str = typer.Option(
        "fallback", "--bot-faults", metavar="fallback|stop",
        help=N_("After a bot's fault (garbage, an illegal move, no answer, an exit): the referee plays the first "
        "legal move for it, or the game stops (exit 3 after the report)."),
    ),
    as_json: bool = typer.Option(False, "--json", help=N_("One JSON document on stdout.")),
) -> None:
    """Play complete dealt games with built-in and outside bots, and report what happened.

    Example: acquire-ref simulate --games 500 --players 5 --option dead-tiles=replace-until-none
    """
    import os

    from acquire_ref.engine.game import Game
    from acquire_ref.programs.simulate import Batch

    if compare or against is not None or strategy == "search":  # a duplicate match, or a rule study (cli.ladder)
        return ladder(games, seed, players, strategy, against, edition, option, jobs, bot, out, think_ms,
                      iterations, as_json, compare)
    _check_choices(strategy, bot_faults, bot_timeout)
    names, bots, ed, edition_value, opts = _seats(players, edition, option, bot)
    if out is not None:
        from acquire_ref.files.storage import output_folder

        _fresh_outputs(output_folder(out), seed, games)
    Game.table(names, ed, opts)  # checks the names and options once, before the progress bar
    batch = Batch(names, strategy, ed, edition_value, opts, out is not None, bots, bot_timeout, bot_faults)
    run(batch, range(seed, seed + games), jobs or os.cpu_count() or 1, out, as_json)


def _check_choices(strategy: str, bot_faults: str, bot_timeout: float) -> None:
    """``--strategy``, ``--bot-faults`` and ``--bot-timeout`` are among the choices (nan passes
    the option's own range check). Raises :class:`NotationError` (exit 2) naming the option."""
    from acquire_ref.programs.bots import RULES
    from acquire_ref.programs.simulate import STRATEGIES

    if strategy not in STRATEGIES:
        raise NotationError(choices("--strategy", strategy, STRATEGIES))
    if bot_faults not in RULES:
        raise NotationError(choices("--bot-faults", bot_faults, RULES))
    if not 0.01 <= bot_timeout <= 3600:
        raise NotationError(_("{option} {value}: give a number of seconds from 0.01 to 3600, e.g. 5").format(
            option="--bot-timeout", value=bot_timeout))


def _seats(players: int, edition: str, option: list[str], bot: list[str],
           ) -> tuple[list[str], list[BotSpec], Edition, str | dict[str, Any], dict[str, str]]:
    """The seats of each game and its rules: ``(names, bots, edition, edition_value, options)``,
    the outside bots (``--bot NAME=COMMAND``) in the first seats and the built-in bots named p2,
    p3... in the rest. Raises :class:`NotationError` (exit 2) for rules under which a game may
    never end (``stall=continue``) or more bots than seats."""
    from acquire_ref.programs.bots import BotSpec

    ed, edition_value = edition_spec(edition)
    opts = rule_options(option)
    if opts.get("stall") == "continue":
        raise NotationError(endless())
    bots = [BotSpec.parse(item) for item in bot]
    if len(bots) > players:
        raise NotationError(_("{count} bots need --players {count} or more").format(count=len(bots)))
    names = [b.name for b in bots] + [f"p{i + 1}" for i in range(len(bots), players)]
    return names, bots, ed, edition_value, opts


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

    from acquire_ref.files.session import create_text
    from acquire_ref.language import ngettext, number
    from acquire_ref.programs.simulate import FIRST_FAULTS, Summary, run_batch
    from acquire_ref.render import console

    summary = Summary({b.name: b.command for b in batch.bots})
    faults = stopped = 0
    err = console(stderr=True)
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(_progress_title(batch, len(seeds), jobs), total=len(seeds))
        for result in run_batch(batch, seeds, jobs):
            summary.add(result)
            stopped += result.ended == "stopped by a bot fault"
            for fault in result.faults:
                faults += 1
                if faults <= FIRST_FAULTS:
                    err.print(fault_line(fault))
            if out is not None and result.text is not None:
                create_text(out / f"game-{result.seed:06d}.toml", result.text)
            progress.advance(task)
    if faults > FIRST_FAULTS:
        err.print(Text("acquire-ref: " + ngettext("{count} more bot fault not shown; the report counts them all",
                                                   "{count} more bot faults not shown; the report counts them all",
                                                   faults - FIRST_FAULTS).format(count=number(faults - FIRST_FAULTS))))
    doc = summary.as_dict()
    if as_json:
        print_json(doc)
    else:
        from acquire_ref.reports import summary_table

        console().print(summary_table(doc, batch.strategy, len(batch.players)))
    if stopped:
        raise IllegalMoveError(ngettext("{stopped} of {count} game stopped at a bot's fault (--bot-faults stop)",
                                        "{stopped} of {count} games stopped at a bot's fault (--bot-faults stop)",
                                        len(seeds)).format(stopped=number(stopped), count=number(len(seeds))))



def _progress_title(batch: Batch, games: int, jobs: int) -> str:
    """The progress bar's title: ``3 simulated games, 4 random players, 2 jobs``."""
    from acquire_ref.language import ngettext, number
    from acquire_ref.reports import summary_title

    title = summary_title(games, batch.strategy, len(batch.players) - len(batch.bots), len(batch.bots))
    return ngettext("{games}, {jobs} job", "{games}, {jobs} jobs", jobs).format(games=title, jobs=number(jobs))


def fault_line(fault: dict[str, Any]) -> Text:
    """An outside bot's fault as told on standard error (``fault`` as the batch reports it: its
    ``bot``, ``seed``, ``move``, ``decision`` and ``text``), the bot's own words made visible."""
    from rich.text import Text

    from acquire_ref.words import visible

    return Text(visible("acquire-ref: " + _("bot {bot}, game {seed}, move {move} ({decision}): {text}").format(
        bot=fault["bot"], seed=fault["seed"], move=fault["move"], decision=fault["decision"], text=fault["text"])))
