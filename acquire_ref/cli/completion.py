"""Shell completion: the completers the commands name in ``autocompletion=`` (Typer's public
API). They never fail, offer what fits the game file now, and match ignoring case
(``buy f`` offers Festival).

Typer keeps only the completions whose value ``startswith`` the typed text; each completer
returns :class:`AnyCase` values, whose ``startswith`` ignores case, so Typer's own filter keeps
exactly what the completer chose. Only Typer is imported at start-up: completing reads the game
file and nothing that draws, locks or writes (tests/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, SupportsIndex

import typer

from acquire_ref import quick
from acquire_ref.cli.output import DEFAULT_GAME

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game


class AnyCase(str):
    """A completion value that starts with any spelling of its prefix (``"Festival"`` starts
    with ``"f"``), so a completion chosen ignoring case is kept by Typer's filter."""

    __slots__ = ()

    def startswith(self, prefix: str | tuple[str, ...], start: SupportsIndex | None = None,
                   end: SupportsIndex | None = None) -> bool:
        """``str.startswith`` ignoring case (``prefix`` a string or a tuple of them)."""
        prefixes = (prefix,) if isinstance(prefix, str) else prefix
        return self.lower().startswith(tuple(p.lower() for p in prefixes), start, end)


def matching(names: list[str], incomplete: str) -> list[str]:
    """The names that start with ``incomplete`` ignoring case, as :class:`AnyCase` values, in order."""
    return [AnyCase(n) for n in quick.fitting(names, incomplete)]


def completion_game(ctx: typer.Context) -> Game | None:
    """The game the command line being completed refers to (``--game``, ``$ACQUIRE_GAME`` or
    ./acquire.toml), or None when it can't be read."""
    import os

    root = ctx.find_root()
    return quick.completion_game(str(root.params.get("game") or os.environ.get(quick.GAME_VARIABLE) or DEFAULT_GAME))


def complete_chain(ctx: typer.Context, incomplete: str) -> list[str]:
    """Chain names of the game's edition (the classic ones without a game file); for ``choose``
    the chains the pending decision offers, for ``buy`` those that can be bought (R6)."""
    from acquire_ref.engine.editions import load_edition
    from acquire_ref.engine.pending import ChooseChain

    game = completion_game(ctx)
    names = game.edition.chain_names if game else load_edition().chain_names
    if game and ctx.info_name == "choose" and isinstance(game.pending, ChooseChain):
        names = list(game.pending.options)
    elif game and ctx.info_name == "buy":  # what can be bought: on the board, shares in the bank (R6)
        names = [c for c in game.chains_on_board() if game.bank[c] > 0]
    return matching(names, incomplete)


def complete_found(ctx: typer.Context, incomplete: str) -> list[str]:
    """The chains that can be founded: those not on the board (R4.2); every chain without a game file."""
    from acquire_ref.engine.editions import load_edition

    game = completion_game(ctx)
    return matching(game.free_chains() if game else load_edition().chain_names, incomplete)


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Player names of the current game."""
    game = completion_game(ctx)
    return matching(game.players if game else [], incomplete)


def complete_tile(ctx: typer.Context, incomplete: str) -> list[str]:
    """Tiles that are legal to place now (for ``discard``: dead tiles, R4.6)."""
    game = completion_game(ctx)
    if game is None:
        return []
    return matching(quick.tiles_to_complete(game, discard=ctx.info_name == "discard"), incomplete)
