"""Documents of a game: the ``status --json`` document (DESIGN 2) and the game file's snapshot (DESIGN 3).

Both come from the same pieces, and one rule says what a viewer may see while holdings are
hidden (R10.1): a player's own cash and shares, and everyone's tile count and the bank.

>>> from acquire_ref.game import Game
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> status(g)["pending"]["decision"], snapshot(g)["bag"]
('start', 108)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from acquire_ref import describe
from acquire_ref.game import Game
from acquire_ref.pending import ChooseChain, DisposeShares, DrawForMarket
from acquire_ref.tiles import iter_rows

if TYPE_CHECKING:
    from acquire_ref.events import Event
    from acquire_ref.game import LogEntry
    from acquire_ref.scoring import PlayerScore


def visible(game: Game, player: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may see ``player``'s cash and shares: always, unless holdings are
    hidden and the game is not over, when only one's own (R10.1)."""
    return not game.hidden or player == viewer


def board_rows(game: Game) -> list[str]:
    """The board as 9 strings, row A first: ``.`` empty, ``o`` lone tile, a chain's letter."""
    rows = []
    for letter, tiles in iter_rows():
        cells = []
        for t in tiles:
            if t not in game.board:
                cells.append(".")
            else:
                owner = game.board.owner[t]
                cells.append("o" if owner is None else game.edition.chain(owner).letter)
        rows.append(f"{letter} " + " ".join(cells))
    return rows


def _chains(game: Game) -> dict[str, dict[str, Any]]:
    """Each chain on the board; ``"defunct": true`` is added to those a merger in progress is
    absorbing (R8.5), which ``score`` treats as defunct too."""
    ed = game.edition
    defunct = game.defunct_chains()
    return {
        c: {"size": game.board.sizes[c], "price": game.price(c), "safe": ed.is_safe(game.board.sizes[c]),
            "bank": game.bank[c], **({"defunct": True} if c in defunct else {})}
        for c in game.chains_on_board()
    }


def status(game: Game, viewer: str | None = None) -> dict[str, Any]:
    """The state as plain data, the ``status --json`` document (DESIGN 2).

    With hidden holdings (R10.1) every player's cash and shares are None except the
    ``viewer``'s; the bank's shares are always shown. ``pending.text`` gives commands in move
    notation (see :mod:`acquire_ref.describe`).
    """
    pend = game.pending
    pending: dict[str, Any] = {"player": pend.player, "decision": pend.decision, "text": describe.pending(game)}
    if isinstance(pend, ChooseChain):
        pending.update(choice=pend.choice, options=list(pend.options))
    if isinstance(pend, DisposeShares):
        pending.update(chain=pend.chain, survivor=pend.survivor)
    elif isinstance(pend, DrawForMarket):
        pending.update(chain=pend.chain, survivor=None)
    return {
        "edition": game.edition.name,
        "turn": game.turn,
        "options": game.options.as_dict(),
        "tiles": game.supply.mode,
        "players": [
            {"name": p, "cash": game.cash[p], "shares": dict(game.shares[p]), "rack": game.racks[p]}
            if visible(game, p, viewer) else {"name": p, "cash": None, "shares": None, "rack": game.racks[p]}
            for p in game.players
        ],
        "chains": _chains(game),
        "bank": dict(game.bank),
        "bag": game.bag,
        "discarded": [str(t) for t in game.discarded],
        "board": board_rows(game),
        "pending": pending,
        "end_available": game.end_available(),
        "end_declared": game.end_declared,
        "over": game.over,
    }


def snapshot(game: Game) -> dict[str, Any]:
    """The derived snapshot written into a game file for people to read (DESIGN 3): everything,
    hidden holdings included (the file is the referee's)."""
    pend = game.pending
    return {
        "turn": game.turn,
        "pending": {"decision": pend.decision, **({"player": pend.player} if pend.player else {})},
        "end_available": game.end_available(),
        "end_declared": game.end_declared,
        "over": game.over,
        "bag": game.bag,
        "racks": dict(game.racks),
        "cash": dict(game.cash),
        "shares": {p: {c: n for c, n in s.items() if n} for p, s in game.shares.items()},
        "bank": dict(game.bank),
        "chains": {c: game.board.sizes[c] for c in game.chains_on_board()},
        "discarded": [str(t) for t in game.discarded],
        "board": board_rows(game),
    }


def standings(final: bool, reason: str | None, scores: list[PlayerScore]) -> dict[str, Any]:
    """The ``score --json`` document of ``scores`` (DESIGN 2): ``final``, ``reason``,
    ``standings`` (best first, ``{player, cash, rank}``; equal cash shares a rank: 1, 1, 3) and
    ``breakdown`` (each player's cash before, bonuses, sales and total, in the same order)."""
    from acquire_ref.scoring import rank

    ranks = {p: r for p, _, r in rank({s.player: s.total for s in scores})}
    order = sorted(scores, key=lambda s: -s.total)
    return {
        "final": final,
        "reason": reason,
        "standings": [{"player": s.player, "cash": s.total, "rank": ranks[s.player]} for s in order],
        "breakdown": [s.as_dict() for s in order],
    }


def score(game: Game) -> dict[str, Any]:
    """The ``score --json`` document of ``game``: its final standings, or the standings if it
    ended now (R8.3), with ``market`` (the market's draws) when there were any.

    Raises :class:`~acquire_ref.errors.IllegalMoveError` while holdings are hidden (R10.1).
    """
    from acquire_ref.errors import IllegalMoveError

    if game.hidden:
        raise IllegalMoveError("holdings are hidden until the game is over (R10.1): no projection is shown")
    doc = standings(game.over, game.end_reason or None, game.score_breakdown())
    if game.market.history:
        doc["market"] = [e.as_dict() for e in game.market.history]
    return doc


def log_entry(n: int, entry: LogEntry, events: list[Event] | None = None) -> dict[str, Any]:
    """Move ``n`` (from 1) of the log as ``log --json`` gives it: ``{n, turn, player, move,
    events}``, each event as its :meth:`~acquire_ref.events.Event.as_dict`; ``events`` replaces
    the entry's own (``log --player`` shows only what concerns one player)."""
    shown = entry.events if events is None else events
    return {"n": n, "turn": entry.turn, "player": entry.player, "move": str(entry.move),
            "events": [e.as_dict() for e in shown]}
