"""``play``: a whole game script played into a new game file, or with ``--append`` its moves
added to the game file's game, each verified through :class:`acquire_ref.files.session.GameFile`
(``--check`` verifies and writes nothing; R10.1 keeps that check for the referee while holdings
are hidden).

Only Typer is imported at start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from acquire_ref.cli.new import refuse_to_replace, today
from acquire_ref.cli.output import command_viewer, game_path, moves_count, refusal, say, say_notices
from acquire_ref.engine.errors import AcquireError, GameFileError, IllegalMoveError, NotationError
from acquire_ref.language import N_, _, ngettext

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game


def play(
    script: Path = typer.Argument(
        ..., metavar="SCRIPT", help=N_("A game script: a game file without the snapshot; - reads it from standard input."),
        readable=False,
    ),
    force: bool = typer.Option(False, "--force", help=N_("Overwrite an existing game file.")),
    check_only: bool = typer.Option(
        False, "--check",
        help=N_("Play the script without writing anything; say where it stops (with --append: after the game's moves)."),
    ),
    append: bool = typer.Option(
        False, "--append", help=N_("Add the script's moves to the existing game file (only its moves are read)."),
    ),
    all_or_nothing: bool = typer.Option(
        False, "--all-or-nothing", help=N_("With --append: when a move is refused, add none of the script's moves."),
    ),
) -> None:
    """Play a whole game script into the game file and show the standings (or the status).

    With --append the script's moves are added to the game file's game, each verified; at the first
    refused move it stops and names the script's line, the move and the rule, and the file holds
    the moves before it (none with --all-or-nothing). --check --append verifies them the same way
    and writes nothing.

    Example: acquire-ref --game demo.toml play examples/four-players.toml
    """
    from acquire_ref.files.record import parse_record
    from acquire_ref.files.session import GameFile

    if all_or_nothing and not append:
        raise NotationError(_("--all-or-nothing goes with --append (play alone writes nothing when a move is refused)"))
    if append and force:
        raise NotationError(_("--append adds to the game file: it does not go with --force"))
    source = "standard input" if str(script) == "-" else str(script)
    text = _script_text(script)
    if append:
        _append(script, source, text, all_or_nothing, check_only)
        return
    record = parse_record(text, source)
    game = record.replay_whole(error=IllegalMoveError, source=source)
    if check_only:
        _say_where_it_stops(source, game)
        return
    path = game_path()
    refuse_to_replace(path, force, {"script": None if source == "standard input" else script})
    record.played = record.played or today()
    GameFile.create(path, record, game, force=force)
    _show_played(_("Played {moves} from {source} into {path}.").format(moves=moves_count(len(game.moves)), source=source,
                                                                       path=path), game)


def _script_text(script: Path) -> str:
    """The script's text: the file, or standard input for ``-``."""
    from acquire_ref.files.storage import read_standard_input, read_text

    return read_standard_input("script") if str(script) == "-" else read_text(script, "script")


def _say_where_it_stops(source: str, game: Game, added: str = "") -> None:
    """Say that the script's moves are legal and where the game then stops; ``added`` says what
    ``--check --append`` would have added, in place of the count of the game's moves."""
    from acquire_ref.viewers.views import pending_text
    from acquire_ref.words import with_program
    from acquire_ref.words.reasons import ended

    n = len(game.moves)
    state = (_("the game is over: {reason}").format(reason=ended(game)) if game.over
             else _("it stops at: {pending}").format(pending=with_program(pending_text(game, command_viewer(game)))))
    legal = (_("its moves are legal and {added}").format(added=added) if added
             else ngettext("the {count} move is legal", "all {count} moves are legal", n).format(count=n))
    say(_("{source}: {legal}; {state}.").format(source=source, legal=legal, state=state))


def _show_played(headline: str, game: Game) -> None:
    from acquire_ref.render import console, score_view, status_view
    from acquire_ref.viewers.views import standings

    con = console()
    con.print(headline)
    if game.over:
        doc = standings(True, game.end_reason, game.score_breakdown())
        from acquire_ref.words.reasons import ended

        con.print(score_view(_("Final standings: {reason}").format(reason=ended(game)), doc))
    else:
        con.print(status_view(game, command_viewer(game)))


def _append(script: Path, source: str, text: str, all_or_nothing: bool, check_only: bool = False) -> None:
    """``play --append``: the script's moves added to the game file, each verified, under its lock;
    at a refused move the error names the script's line, the move and the rule. With
    ``check_only`` (``--check``) the moves are verified the same way and nothing is written."""
    from acquire_ref.files.record import appended_moves, move_lines
    from acquire_ref.files.session import GameFile
    from acquire_ref.files.storage import file_exists, refuse_same_file

    path = game_path()
    if not file_exists(path):
        raise GameFileError(_("{path}: no such game file: --append adds to a game (start one with "
                              "`acquire-ref new PLAYER...`)").format(path=path))
    if source != "standard input":
        refuse_same_file(path, {"script": script}, "--game")
    handle = GameFile.open(path)
    say_notices(handle.notices)
    if check_only:
        _refuse_hidden_check(handle.game)
    moves = appended_moves(text, handle.record, source)
    added, error = _try_moves(handle.game, moves) if check_only else handle.apply_all(moves, all_or_nothing)
    if error is None and check_only:
        _say_where_it_stops(source, handle.game, _("would add {moves} to {path} (nothing was written, --check)").format(
            moves=moves_count(added), path=path))
        return
    if error is None:
        _show_played(_("Added {moves} from {source} to {path}.").format(moves=moves_count(added), source=source, path=path),
                     handle.game)
        return
    lines = move_lines(text)
    where = _("line {line}").format(line=lines[added]) if added < len(lines) else _("move {number}").format(number=added + 1)
    kept = (_("nothing was written (--check)") if check_only else _("nothing was added (--all-or-nothing)")
            if all_or_nothing else ngettext("the {moves} before it was added to {path}",
                                            "the {moves} before it were added to {path}", added).format(
                moves=moves_count(added), path=path) if added else _("nothing was added to {path}").format(path=path))
    told = refusal(handle.game, error)
    said = (_("{source} {where}: `{move}` is illegal: {refusal}; {kept}") if error.exit_code == 3 else
            _("{source} {where}: `{move}` can't be read: {refusal}; {kept}")).format(
        source=source, where=where, move=moves[added], refusal=told, kept=kept)
    if isinstance(told, IllegalMoveError) and error.exit_code == 3:
        raise told.restated(said)
    raise GameFileError(said)


def _refuse_hidden_check(game: Game) -> None:
    """``play --check --append`` while holdings are hidden from the viewer: refused, since whether
    a disposal or a purchase would be accepted, tried as often as one likes without a move being
    made, tells the holding and the cash (R10.1). The referee (``--as referee``) may check.
    Raises :class:`IllegalMoveError` (exit 3)."""
    from acquire_ref.viewers.views import withheld

    if withheld(game, command_viewer(game)):
        raise IllegalMoveError(_("holdings are hidden until the game is over (R10.1): `play --check --append` would "
                                 "tell whether another player's disposal or purchase is affordable, so it checks only "
                                 "for the referee (`acquire-ref --as referee play --check --append SCRIPT`)"),
                               rule="R10.1")


def _try_moves(game: Game, moves: list[str]) -> tuple[int, AcquireError | None]:
    """Apply ``moves`` to ``game`` (in memory) until one is refused: how many were applied, and
    the error that refused the next one (None when all were)."""
    from acquire_ref.engine.moves import parse_move

    for n, move in enumerate(moves):
        try:
            game.apply(parse_move(move, game.edition))
        except AcquireError as exc:
            return n, exc
    return len(moves), None
