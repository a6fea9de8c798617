"""The engine's sentences: what is pending, what a tile would do, what a rack holds (R4, R5, R10.2).

Commands are written in move notation between backquotes (`` `place TILE` ``); a front end adds
its own program name (see :mod:`acquire_ref.words`).

>>> from acquire_ref.engine.game import Game
>>> from acquire_ref.engine.moves import parse_move
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> _ = g.apply(parse_move("start 5C 6C 1I"))
>>> pending(g)
'Ann to place a tile: type `place TILE`, or `pass` if no tile in the rack is playable'
>>> tile(g, parse_move("place 7C").tile)["effect"]
'found'
"""

from __future__ import annotations

from typing import Any, assert_never

from acquire_ref.engine.board import Effect
from acquire_ref.engine.drawing import made_dead
from acquire_ref.engine.events import (
    BonusPaid,
    ChainFounded,
    ChainGrew,
    DefunctChain,
    EndDeclared,
    Event,
    MarketBonus,
    MergerBegan,
    MergerCompleted,
    NoBonus,
    Passed,
    SharesBought,
    SharesHeld,
    SharesSold,
    SharesTraded,
    StartTilePlaced,
    TilePlaced,
    TilesDiscarded,
    money,
    plural,
)
from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import Buy
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    FoundChain,
    GameEnded,
    OrderDefunct,
    PlaceTile,
)
from acquire_ref.engine.scoring import bonus_words, place_bonuses
from acquire_ref.engine.tiles import Tile
from acquire_ref.words.tiles import would_do

_MADE_DEAD = " (this turn's tile made a space dead: show a dead tile from the rack with `discard TILE`, R7.3)"
"""What the buy step adds when the turn waits for a dead tile to be shown (R7.3, table mode)."""


def pending(game: Game, shown: bool = True) -> str:
    """One sentence: whose decision is pending, what it is, and the command that answers it (R10.2).

    ``shown``: whether the pending player's holding and cash may be named (R10.1, for the
    viewer of :func:`acquire_ref.viewers.views.pending_text`)."""
    pend = game.pending
    match pend:
        case DrawStartTiles():
            return _start(game)
        case GameEnded():
            return "the game is over: type `score` for the standings"
        case DrawForMarket():
            return (f"{pend.player}: draw a tile from the bag for the market's {pend.chain} holding (R9) and type "
                    "`market TILE`; its column number is the market's holding, and the tile goes back into the bag")
        case PlaceTile():
            return _place(game, pend.player)
        case FoundChain() | ChooseSurvivor() | OrderDefunct():
            return _choose(pend)
        case DisposeShares():
            return _dispose(game, pend, shown)
        case BuyShares():
            return _buy(game, pend.player, shown)
        case _:
            assert_never(pend)


def _end_note(game: Game) -> str:
    """What a place or buy sentence adds while the end is available and not declared (R8.1)."""
    return " (the end is available: `end` declares it, R8.1)" if game.end_available() and not game.end_declared else ""


def _start(game: Game) -> str:
    """The start tiles' sentence: drawn by the referee (dealt) or typed, one per player (R2.2, R2.4)."""
    if game.supply.knows_racks:
        return "the referee draws the start tiles and deals the racks (R2.2, R2.4): type `start`"
    return (
        f"the start tiles are to be drawn (R2.2): type `start TILE...` with one tile per "
        f"player in seating order ({', '.join(game.players)})"
    )


def _place(game: Game, p: str) -> str:
    """``p`` places a tile, or passes with none (or no playable one, R4.7)."""
    end = _end_note(game)
    if game.racks[p] == 0:
        return f"{p} has no tile in the rack: type `pass`"
    if game.supply.knows_racks and not game.playable_tiles(p):
        return f"{p} has no playable tile (R4.7): type `pass`{end}"
    return f"{p} to place a tile: type `place TILE`, or `pass` if no tile in the rack is playable{end}"


def _choose(pend: FoundChain | ChooseSurvivor | OrderDefunct) -> str:
    """The mergemaker's or founder's choice of a chain (R4.2, R5.2, R5.3)."""
    match pend:
        case FoundChain():
            what = "the chain to found"
        case ChooseSurvivor():
            what = "the surviving chain (the largest chains tie, R5.2)"
        case OrderDefunct():
            what = "which equal-sized defunct chain is handled first (R5.3)"
        case _:
            assert_never(pend)
    return f"{pend.player} to choose {what}: type `choose CHAIN` with one of {', '.join(pend.options)}"


def _dispose(game: Game, pend: DisposeShares, shown: bool) -> str:
    """A holder's disposal of defunct shares: with the holding and the trade it allows when
    ``shown``, without when they are the holder's alone (R5.3b, R10.1)."""
    p, chain, survivor = pend.player, pend.chain, pend.survivor
    held = game.shares[p][chain]
    price = defunct_price(game, chain)
    if not shown:  # neither the holding nor the trade it allows is public (R10.1)
        return (f"{p} to sell, trade or hold their {chain} shares (defunct, sells at {money(price)}): "
                f"type `dispose {p} [--sell N] [--trade N]` (trade 2 {chain} for 1 {survivor}); "
                "the rest is held")
    can_trade = game.trade_cap(p, chain, survivor)
    if can_trade:
        how = (f"`dispose {p} [--sell N] [--trade N]` (trade 2 {chain} for 1 {survivor}, "
               f"up to {can_trade} {chain}: the bank has {game.bank[survivor]} {survivor})")
    else:
        why = "only one share" if held < 2 else f"the bank has no {survivor} left"
        how = f"`dispose {p} [--sell N]` (no trade: {why})"
    return f"{p} holds {held} {chain} (defunct, sells at {money(price)}): type {how}; the rest is held"


def _buy(game: Game, p: str, shown: bool) -> str:
    """``p``'s buy step: what they may buy (their cash when ``shown``), or that they can buy nothing
    and the turn waits for the end to be declared or a dead tile shown (R6.2, R7.3)."""
    end = _end_note(game)
    cash = f" ({money(game.cash[p])} in cash)" if shown else ""
    if not game.can_buy(p):  # the turn waits so that the end can be declared (R6.2) or a dead tile shown (R7.3)
        dead = _MADE_DEAD if made_dead(game) else ""
        return f"{p} can buy nothing now{cash}: type `buy` to finish the turn{dead}{end}"
    return (
        f"{p} may buy up to {plural(game.edition.buy_limit, 'share')}{cash}: type "
        f"`buy CHAIN=N ...`, or `buy` to buy nothing and finish the turn{end}"
    )


def last_tile(game: Game) -> str | None:
    """The tile placed last, a start tile included (R2.2, R4), or None before any: the tile the
    console and the page mark on the board, and the one the TV's last-move line names."""
    for entry in reversed(game.log):
        for e in reversed(entry.events):
            if isinstance(e, TilePlaced | StartTilePlaced):
                return e.tile
    return None


def defunct_price(game: Game, chain: str) -> int:
    """The price a defunct share of ``chain`` sells at during the merger in progress: its price
    at its pre-merger size (R5.3b), in dollars; 0 when no merger is in progress."""
    merger = game.merger
    return game.edition.price(chain, merger.sizes[chain]) if merger and chain in merger.sizes else 0


def tile(game: Game, where: Tile, shown: bool = True) -> dict[str, Any]:
    """What placing the tile ``where`` would do right now, as plain data with a ``text`` for people (R4, R5).

    ``shown`` says whether the holdings may be named (a merger's bonuses go to whom); without
    them the bonuses are the amounts alone (R10.1, :func:`acquire_ref.viewers.views.tile`).

    Keys: ``tile``, ``effect`` (``occupied``, ``discarded``, ``lone``, ``found``, ``grow``,
    ``merge``, ``blocked`` or ``dead``), ``text`` (a list of sentences), and by effect:
    ``chain``/``size``/``price`` (grow: after placing), ``group`` (found: the tiles),
    ``survivors`` (merge: the chains that may survive) and ``outcomes`` (merge: for each possible
    survivor, the defunct chains with their bonuses at pre-merger size and the result).
    """
    sizes = game.board.sizes
    if where in game.discarded:
        return {"tile": str(where), "effect": "discarded", "text": [f"{where} was put out of the game as a dead tile (R7.3)."]}
    eff = game.effect(where)
    out: dict[str, Any] = {"tile": str(where), "effect": eff.kind}
    if eff.kind == "occupied":
        owner = game.board.owner[where]
        out["text"] = [f"{where} is already on the board ({owner or 'a lone tile'})."]
    elif eff.kind == "lone":
        out["text"] = [f"{where} would be a lone tile: it touches no placed tile (R4.1)."]
    elif eff.kind in ("found", "blocked"):
        out.update(_founding(game, where, eff))
    elif eff.kind == "grow":
        out.update(_growing(game, where, eff))
    elif eff.kind == "dead":
        out["chains"] = {c: sizes[c] for c in eff.chains}
        out["text"] = [
            f"{where} is dead: it would merge the safe chains {' and '.join(f'{c} ({sizes[c]})' for c in eff.safe)}, "
            "which can never merge (R4.6). It can never be played; the holder replaces it (R7.3)."
        ]
    else:
        out.update(_merger_outcomes(game, where, shown))
    return out


def _founding(game: Game, where: Tile, eff: Effect) -> dict[str, Any]:
    """``group`` and ``text`` of a tile that founds a chain (R4.2), or would but all are on the board (R4.5)."""
    group = sorted(eff.group, key=lambda t: (t.row, t.col))
    if eff.kind == "blocked":
        text = (f"{where} is blocked: it would found a chain of {len(group)} tiles, but all "
                f"{len(game.edition.chains)} chains are on the board (R4.5). "
                "It stays in the rack until a merger frees a chain.")
    else:
        text = (f"{where} would found a chain of {len(group)} tiles ({' '.join(map(str, group))}) (R4.2): "
                f"the player picks one of {', '.join(game.free_chains())} and gets a founder's share if the bank has one.")
    return {"group": [str(t) for t in group], "text": [text]}


def _growing(game: Game, where: Tile, eff: Effect) -> dict[str, Any]:
    """``chain``, ``size`` and ``price`` after placing, and ``text``, of a tile that grows a chain (R4.3)."""
    ed, chain = game.edition, eff.chains[0]
    before = game.board.sizes[chain]
    new = before + len(eff.group)
    safe = " and it becomes safe (R3.5)." if ed.is_safe(new) and not ed.is_safe(before) else "."
    now, then = game.price(chain), ed.price(chain, new)
    price = f"price stays {money(now)}" if now == then else f"price {money(now)} -> {money(then)}"
    text = f"{where} would grow {chain} from {before} to {new} tiles (R4.3); {price} a share{safe}"
    return {"chain": chain, "size": new, "price": then, "text": [text]}


def _defunct_order(survivor: str, pre: dict[str, int], lead: str) -> list[str]:
    """The sentence on the order in which the defunct chains of a merger into ``survivor`` are
    handled, when there are several: largest first, the mergemaker ordering equal sizes (R5.3)."""
    defunct = sorted((c for c in pre if c != survivor), key=lambda c: -pre[c])
    if len(defunct) < 2:
        return []
    sizes = [pre[c] for c in defunct]
    ties = [c for c in defunct if sizes.count(pre[c]) > 1]
    if len(ties) == len(defunct):
        how = f"{' and '.join(ties)} are of equal size, so the mergemaker chooses the order"
    elif ties:
        how = f"largest first; {' and '.join(ties)} are of equal size, so the mergemaker chooses their order"
    else:
        how = f"largest first: {', then '.join(defunct)}"
    return [f"{lead}the defunct chains are handled one at a time ({how}) (R5.3)."]


def _merger_outcomes(game: Game, where: Tile, shown: bool) -> dict[str, Any]:
    """``chains``, ``survivors``, ``outcomes`` and ``text`` of a merging tile (R5)."""
    ed = game.edition
    eff = game.effect(where)
    pre = {c: game.board.sizes[c] for c in eff.chains}
    largest = max(pre.values())
    survivors = [c for c in eff.chains if pre[c] == largest]
    total = sum(pre.values()) + len(eff.group)
    outcomes: list[dict[str, Any]] = []
    text = [
        f"{where} would merge {', '.join(f'{c} ({n})' for c, n in pre.items())} (R5): "
        + (f"{survivors[0]} survives (R5.2)." if len(survivors) == 1
           else f"the largest tie, so the mergemaker chooses the survivor among {', '.join(survivors)} (R5.2).")
    ]
    for surv in survivors:
        lead = f"If {surv} survives: " if len(survivors) > 1 else ""
        text += _defunct_order(surv, pre, lead)
        defuncts = []
        for c in [c for c in eff.chains if c != surv]:
            payout = place_bonuses(ed.bonuses(c, pre[c]), {p: game.shares[p][c] for p in game.players})
            defuncts.append({
                "chain": c, "size": pre[c], "price": ed.price(c, pre[c]),
                "bonuses": [] if not shown else
                [{"player": b.player, "amount": b.amount, "kind": b.kind} for b in payout],
            })
            if not shown:
                paid = (bonus_words(ed.bonuses(c, pre[c])) + "; who gets them is hidden until it is paid (R10.1)")
            else:
                paid = "; ".join(f"{b.player} {money(b.amount)} ({b.kind})" for b in payout) or "nobody holds it, no bonus"
            text.append(f"{lead}{c} is defunct at {pre[c]} tiles ({money(ed.price(c, pre[c]))} a share): {paid} (R5.4).")
        outcomes.append({"survivor": surv, "defunct": defuncts, "size": total, "price": ed.price(surv, total)})
    if len(survivors) == 1:
        text.append(f"Afterwards the survivor has {total} tiles ({money(ed.price(survivors[0], total))} a share) (R5.5).")
    else:
        each = "; ".join(f"{s} at {money(ed.price(s, total))} a share" for s in survivors)
        text.append(f"Afterwards the survivor has {total} tiles: {each} (R5.5).")
    if game.market.on:
        text.append("Two players: the market's holding is drawn at each payout and may take a bonus; "
                    "these figures leave it out (R9).")
    return {"chains": pre, "survivors": survivors, "outcomes": outcomes, "text": text}


def hand(game: Game, player: str) -> list[dict[str, str]]:
    """Dealt mode: ``player``'s rack in board order, for that player's eyes: each tile with its
    ``effect`` keyword (as :func:`tile` gives it) and ``text``, what it would do (R4).

    Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` in table mode, where the referee does not
    know the racks.
    """
    rack = sorted(game.supply.rack(player), key=lambda t: (t.row, t.col))
    out = []
    for t in rack:
        eff = game.effect(t)
        out.append({"tile": str(t), "effect": eff.kind, "text": would_do(eff, game.board.sizes)})
    return out


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def merger_payouts(game: Game) -> list[str]:
    """The bonuses of the recent merger (:func:`recent_merger`), one line per defunct chain, e.g.
    ``"Tower (defunct at 4 tiles): bank pays Cat $4,000 (majority), Dan $2,000 (minority)"`` (R5.4;
    public as it happens, R10.1); empty when there is none."""
    found = recent_merger(game)
    if found is None:
        return []
    lines: list[str] = []
    for e in found[1]:
        if isinstance(e, DefunctChain):
            lines.append(f"{e.chain} (defunct at {e.size} tiles): bank pays")
        elif isinstance(e, BonusPaid | MarketBonus) and lines:
            who = e.player if isinstance(e, BonusPaid) else "the market (stays in the bank, R9)"
            lines[-1] += f"{',' if lines[-1].endswith(')') else ''} {who} {money(e.amount)} ({e.bonus})"
        elif isinstance(e, NoBonus) and lines:
            lines[-1] = lines[-1].replace(": bank pays", ": nobody holds it, no bonus")
    return lines


def last_move(game: Game, shown: bool = True) -> str | None:
    """The last move in words, for the TV's last-move line (R10.1: public at the moment it
    happens), e.g. ``"Dan placed 6E: a merger, Continental takes over Tower and American"`` or
    ``"Ann bought 2 Tower for $600"``; when the figures are not ``shown`` (hidden holdings, for
    :func:`acquire_ref.viewers.views.last_move` to decide) a purchase or a disposal names no count or
    amount (``"Ben disposed of American shares"``). None before the start tiles."""
    if not game.log:
        return None
    entry = game.log[-1]
    hidden = not shown
    who = entry.player or ""
    said: list[str] = []
    bought: list[str] = []
    paid = 0
    disposed: list[str] = []
    chain = ""
    for e in entry.events:
        happened = _happened(e)
        if happened:
            said.append(happened)
        elif isinstance(e, SharesBought):
            bought.append(f"{e.count} {e.chain}")
            paid += e.amount
        elif isinstance(e, SharesSold | SharesTraded | SharesHeld):
            chain = e.chain
            disposed.append(_disposal(e))
    if bought:
        said.append(f"{who} bought shares" if hidden else f"{who} bought {_and(bought)} for {money(paid)}")
    elif isinstance(entry.move, Buy):
        said.append(f"{who} bought no shares")
    if disposed:
        said[:0] = [f"{who} disposed of {chain} shares"] if hidden else disposed
    if entry.player is None and said:
        return "Start tiles: " + ", ".join(said)
    if said and said[0].startswith("founding "):  # the chain chosen after the tile: say who founded it (R4.2)
        said[0] = f"{who} founded {said[0].removeprefix('founding ')}"
    if not said:
        words = str(entry.move).split(" ")
        said.append(f"{who} chose {_and(words[1:])}" if words[0] == "choose" and len(words) > 1 else f"{who}: {words[0]}")
    return "; ".join(said).replace("; founding", ", founding").replace("; a merger", ", a merger")


def _happened(e: Event) -> str | None:
    """The words of the last-move line for an event on the board or the turn (a tile, a chain,
    a merger, a pass, dead tiles, the end declared); None for the others."""
    if isinstance(e, StartTilePlaced):
        return f"{e.player} {e.tile}"
    if isinstance(e, TilePlaced):
        return f"{e.player} placed {e.tile}"
    if isinstance(e, ChainFounded):
        return f"founding {e.chain}"
    if isinstance(e, ChainGrew):
        return f"{e.chain} grows to {e.size} tiles"
    if isinstance(e, MergerBegan):
        return f"a merger: {e.survivor} takes over {_and([c for c in e.sizes if c != e.survivor])}"
    if isinstance(e, Passed):
        return f"{e.player} had no playable tile"
    if isinstance(e, TilesDiscarded):
        dead = "dead tile" if len(e.tiles) == 1 else "dead tiles"
        return f"{e.player} put {dead} {' '.join(e.tiles)} out of the game"
    if isinstance(e, EndDeclared):
        return f"{e.player} declared the end of the game"
    if isinstance(e, MergerCompleted):
        return f"{e.survivor} now has {e.size} tiles"
    return None


def _disposal(e: SharesSold | SharesTraded | SharesHeld) -> str:
    """One disposal of defunct shares in full, for the last-move line when the figures are shown (R5.3b)."""
    if isinstance(e, SharesSold):
        return f"{e.player} sold {e.count} {e.chain} for {money(e.amount)}"
    if isinstance(e, SharesTraded):
        return f"{e.player} traded {e.count} {e.chain} for {e.received} {e.survivor}"
    return f"{e.player} kept {e.count} {e.chain}"


def recent_merger(game: Game) -> tuple[int, list[Event]] | None:
    """The events of the last merger, if it began in this turn or the one before: ``(move, events)``,
    the number (from 1) of the move that began it in the log, and its events from
    :class:`~acquire_ref.engine.events.MergerBegan` up to the survivor's growth (R5); None when there is
    no recent merger."""
    for i in range(len(game.log) - 1, -1, -1):
        entry = game.log[i]
        if entry.turn < game.turn - 1:
            return None
        if any(isinstance(e, MergerBegan) for e in entry.events):
            events: list[Event] = []
            for later in game.log[i:]:
                events += later.events
            start = next(k for k, e in enumerate(events) if isinstance(e, MergerBegan))
            end = next((k for k, e in enumerate(events) if isinstance(e, MergerCompleted)), len(events) - 1)
            return i + 1, events[start:end + 1]
    return None
