"""``undo`` and ``redo``: moves taken back and put back through
:class:`acquire_ref.files.session.GameFile`, each told as the banker does it (``undo``: what to take
back; ``redo``: the moment again), for the command's viewer (R10.1).

Only Typer is imported at start-up.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from acquire_ref.cli.output import command_viewer, game_path, open_game_file, refusal, say, say_next
from acquire_ref.engine.errors import IllegalMoveError
from acquire_ref.language import N_, _

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game


def _asks() -> bool:
    """Whether a command may ask its user a question: standard input is a terminal (a script's
    never is, so a script is never kept waiting, DESIGN 2)."""
    return sys.stdin.isatty()


def agrees(answer: str) -> bool:
    """Whether ``answer``, typed to a ``[y/N]`` question, is a yes: ``y`` or ``yes`` in any language,
    or the language's own (German ``j``, ``ja``; French ``o``, ``oui``), ignoring case and spaces.
    Anything else, an empty answer too, is a no."""
    said = answer.strip().lower()
    own = {word.strip().lower() for word in _("the answers meaning yes, separated by commas: y, yes").split(",")}
    return bool(said) and (said in ("y", "yes") or said in own)


def _undo_question(game: Game, n: int) -> str | None:
    """What ``undo n`` should ask before it takes anything back, or None: taking back the final
    payout (the game is over) or more than one move is asked about; one move of a game going on
    is not."""
    if n > len(game.log) or (n == 1 and not game.over):
        return None
    first = len(game.log) - n + 1
    if n == 1:
        return _("Take back the last move, and with it the final payout: the game is no longer over? [y/N] ")
    what = _("Take back the last {count} moves (moves {first} to {last}, back to turn {turn})").format(
        count=n, first=first, last=len(game.log), turn=game.log[first - 1].turn)
    if game.over:
        return _("{question}, and with it the final payout: the game is no longer over? [y/N] ").format(question=what)
    return _("{question}? [y/N] ").format(question=what)


def undo(
    n: int = typer.Argument(
        1, min=1, metavar="N", help=N_("How many moves to take back (default 1)."), show_default=False,
    ),
    yes: bool = typer.Option(False, "--yes", "-y", help=N_("Take them back without asking (for scripts).")),
) -> None:
    """Take back the last N moves; `redo` puts them back until another move is made.

    On a terminal it asks first when it would take back the final payout or more than one move
    (`--yes` does not ask); a script (no terminal) is never asked.

    Example: acquire-ref undo 2
    """
    from acquire_ref.files.storage import load_game
    from acquire_ref.viewers.views import undo_lines

    asked_at = None
    if not yes and _asks():
        before = load_game(game_path())[0]
        question = _undo_question(before, n)
        if question is not None:
            try:
                answer = input(question)
            except EOFError:
                answer = ""
            if not agrees(answer):
                say(_("Nothing was taken back."))
                return
            asked_at = len(before.log)
    handle = open_game_file()
    if asked_at is not None and len(handle.game.log) != asked_at:
        raise IllegalMoveError(_("the game changed while you were asked (now {now} moves, not {then}): nothing was taken "
                                 "back; look at `acquire-ref status` and undo again").format(now=len(handle.game.log),
                                                                                             then=asked_at))
    try:
        taken = handle.undo(n)
    except IllegalMoveError as exc:
        raise refusal(handle.game, exc, program=False) from None
    earlier, count = handle.game, len(handle.game.log) + len(taken)
    for i in reversed(range(count - n, count)):
        entry = taken[i - (count - n)]
        who = entry.player
        say((_("Undid move {number} (turn {turn}, {player}): {move}") if who else
             _("Undid move {number} (turn {turn}): {move}")).format(number=i + 1, turn=entry.turn, player=who, move=entry.move))
        for k, line in enumerate(undo_lines(earlier, entry, command_viewer(earlier))):
            say(f"  {line}" if k == 0 else f"    {line}")
    say(_("`acquire-ref redo` puts it back until another move is made.") if n == 1 else
        _("`acquire-ref redo {count}` puts them back until another move is made.").format(count=n))
    say_next(earlier)


def redo(
    n: int = typer.Argument(
        1, min=1, metavar="N", help=N_("How many moves to put back (default 1)."), show_default=False,
    ),
) -> None:
    """Put back the last N moves taken back by undo, the earliest first, until another move is made.

    Example: acquire-ref redo 2
    """
    from acquire_ref.viewers.views import moment

    handle = open_game_file()
    try:
        back = handle.redo(n)
    except IllegalMoveError as exc:
        raise refusal(handle.game, exc) from None
    game = handle.game
    for i, entry in enumerate(back, len(game.log) - len(back)):
        say((_("Redid move {number} (turn {turn}, {player}): {move}") if entry.player else
             _("Redid move {number} (turn {turn}): {move}")).format(number=i + 1, turn=entry.turn, player=entry.player,
                                                                    move=entry.move))
        for line in moment(game, entry.events, command_viewer(game)):
            say(f"  {line}")
    say_next(game)
