"""What a seat's page shows (DESIGN 9, R10.3): the public board, the seat's own figures, and
when the pending decision is the seat's, every legal answer with its preview.

:func:`seat` is the one place a seat's document is made: the board and the figures come from
:func:`acquire_ref.web.model.board` with the seat as viewer (so :func:`acquire_ref.viewers.views.status`
alone decides what is hidden), the answers from :meth:`Game.legal_moves` and the console's
prompts (:mod:`acquire_ref.words.prompts`), so that the page offers exactly what the console
offers, in the same words.

>>> from acquire_ref.engine.game import Game
>>> from acquire_ref.engine.moves import parse_move
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> _ = g.apply(parse_move("start 1A 5E 9I"))
>>> doc = seat(g, "Ann")
>>> doc["ask"]["kind"], doc["ask"]["tiles"]["3A"], seat(g, "Ben")["ask"]
('place', 'is a lone tile', None)
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from acquire_ref.engine.events import money
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Move, Pass, Place
from acquire_ref.language import _
from acquire_ref.web import model
from acquire_ref.words.tiles import would_do

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game


def version(game: Game) -> int:
    """The game's version as the seats' pages and their write route name it: a whole number
    below 2**52 that changes with every move made or taken back (the first 52 bits of the
    SHA-256 of the moves in notation, one a line), so a page made before any change is stale."""
    digest = hashlib.sha256("\n".join(str(m) for m in game.moves).encode("utf-8")).hexdigest()
    return int(digest[:13], 16)


def mine(game: Game, doc: dict[str, Any], player: str) -> dict[str, Any]:
    """``player``'s own figures from the board document ``doc`` made for them: ``cash`` (words),
    ``shares`` (``[{chain, letter, colour, ink, count}]``) and ``rack`` (the tiles in dealt mode,
    None in table mode, where the tiles are on the table)."""
    row = next(p for p in doc["players"] if p["name"] == player)
    rack = [str(t) for t in game.supply.rack(player)] if game.supply.knows_racks else None
    return {"name": player, "cash": row["cash"], "shares": row["shares"], "rack": rack}


def _answer(move: Move, label: str, preview: str, kind: str) -> dict[str, str]:
    return {"move": str(move), "label": label, "preview": preview, "kind": kind}


def _chosen(game: Game, chain: str) -> str:
    """What choosing ``chain`` does, in words (R4.2 founding, R5.2 the survivor, R5.3 the order)."""
    choice = getattr(game.pending, "choice", "")
    if choice == "found":
        return _("found {chain}, with its founder's share if the bank has one").format(chain=chain)
    if choice == "survivor":
        return _("{chain} survives and takes over the others").format(chain=chain)
    return _("{chain} is handled first: its bonuses and disposals before the next defunct chain's").format(chain=chain)


def answers(game: Game, cash: int | None) -> dict[str, Any]:
    """The pending decision as the seat whose decision it is answers it: ``kind`` (the
    decision), ``title`` (the question in a phone's words: no key named, :mod:`acquire_ref.words.decisions`)
    and ``hint`` (empty: on a phone the page's own controls answer), ``answers`` (every legal move as
    ``{move, label, preview, kind}``, the move in notation), and for a tile in table mode
    ``tiles`` (every playable tile of the board, with what it would do; the page checks the
    typed tile against it) and ``discards`` (the dead tiles that may be shown and replaced, R7.3);
    for a disposal ``quick`` (the one-tap answers: sell all, trade the most), for a purchase
    ``buy`` (what it is checked against, for the page's reasons). ``cash`` is the seat's own
    cash, for the cash left after a purchase (None when the seat may not see it)."""
    from acquire_ref.words.prompts import prompt_for

    prompt = prompt_for(game, game.pending.player, "phone")  # the seat whose decision it is sees its own figures (R10.3)
    legal = game.legal_moves()
    out: dict[str, Any] = {"kind": game.pending.decision, "title": prompt.title, "hint": prompt.hint,
                           "answers": [], "tiles": None, "discards": {}, "quick": []}
    dealt = game.supply.knows_racks
    listed: list[dict[str, str]] = out["answers"]
    if game.pending.decision == "place" and not dealt:
        out["tiles"] = {str(m.tile): would_do(game.effect(m.tile), game.board.sizes) for m in legal if isinstance(m, Place)}
        for m in legal:
            if isinstance(m, Discard):  # a dead tile is shown and replaced, never placed (R7.3)
                out["discards"][" ".join(map(str, m.tiles))] = prompt.describe(m)
    for m in legal:
        if isinstance(m, Place) and dealt:
            listed.append(_answer(m, str(m.tile), prompt.describe(m), "tile"))
        elif isinstance(m, Discard) and dealt:
            listed.append(_answer(m, " ".join(map(str, m.tiles)), prompt.describe(m), "tile"))
        elif isinstance(m, Choose):
            listed.append(_answer(m, m.chains[0], _chosen(game, m.chains[0]), "chain"))
        elif isinstance(m, Dispose):
            listed.append(_answer(m, prompt.describe(m), prompt.describe(m), "dispose"))
        elif isinstance(m, Buy):
            cost = sum(game.price(c) * n for c, n in m.orders)
            text = prompt.describe(m)
            if cash is not None and m.orders and not prompt.shown:
                text = _("{purchase}, {amount} left").format(purchase=text, amount=money(cash - cost))
            listed.append(_answer(m, text, text, "buy"))
        elif isinstance(m, Pass):
            listed.append(_answer(m, _("Pass"), _("pass: no tile can be placed (R7)"), "pass"))
        elif isinstance(m, End):
            listed.append(_answer(m, _("Declare the end"), _("declare the game over now, and score it (R8.1)"), "end"))
    if game.pending.decision == "dispose":
        out["quick"] = _quick(game, [m for m in legal if isinstance(m, Dispose)], prompt.describe)
    if game.pending.decision == "buy":
        out["buy"] = _buying(game, cash)
    return out


def _quick(game: Game, legal: list[Dispose], describe: Any) -> list[dict[str, str]]:
    """The one-tap disposals (R5.3b): sell every share, and trade as many as the bank's survivor
    shares allow (the rest held), when they differ from holding all."""
    out: list[dict[str, str]] = []
    sell = max((m for m in legal if not m.trade), key=lambda m: m.sell or 0, default=None)
    trade = max((m for m in legal if not m.sell), key=lambda m: m.trade or 0, default=None)
    if sell is not None and sell.sell:
        out.append(_answer(sell, _("Sell all {count}").format(count=sell.sell), describe(sell), "quick"))
    if trade is not None and trade.trade:
        out.append(_answer(trade, _("Trade the most: {count} for {shares}").format(count=trade.trade, shares=trade.trade // 2),
                           describe(trade), "quick"))
    return out


def _buying(game: Game, cash: int | None) -> dict[str, Any]:
    """What a purchase is checked against (R6), for the page to say why a count is refused: the
    ``limit`` a turn, the seat's ``cash`` (dollars) and each chain on the board the bank still has
    shares of, ``[{chain, price (dollars), bank}]``."""
    chains = [{"chain": c, "price": game.price(c), "bank": game.bank[c]}
              for c in game.edition.names if c in game.board.sizes and game.bank[c] > 0]
    return {"limit": game.edition.buy_limit, "cash": cash, "chains": chains}


def seat(game: Game, player: str) -> dict[str, Any]:
    """The document of ``player``'s seat: ``version`` (:func:`version`), ``player``, ``board``
    (the board as ``player`` may see it: :func:`acquire_ref.web.model.board`), ``me`` (their own
    figures, :func:`mine`), ``turn`` (True when the pending decision is theirs), ``ask`` (the
    decision with its answers, :func:`answers`, or None when it is not theirs), and what the
    server's room fills in (:meth:`acquire_ref.web.seats.SeatRoutes.made`): the seat's ``code``,
    the take-back ``note``, the ``review`` link, ``undo`` (their own last move, while it is the
    game's last), ``thinking`` (a bot seat thinking now) and ``mind`` (the tiles to type for a bot
    seat this phone minds, :mod:`acquire_ref.web.room_bot`), empty here."""
    from acquire_ref.viewers.views import status

    doc = model.board(game, player)
    own = next(p for p in status(game, player)["players"] if p["name"] == player)
    theirs = game.pending.player == player and not game.over
    return {"version": version(game), "player": player, "board": doc, "me": mine(game, doc, player), "turn": theirs,
            "ask": answers(game, own["cash"]) if theirs else None, "code": "", "note": None, "review": None,
            "undo": None, "thinking": None, "mind": None}
