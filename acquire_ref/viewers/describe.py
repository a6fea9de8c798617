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
from acquire_ref.engine.scoring import PLACE_NAMES, place_bonuses
from acquire_ref.engine.tiles import Tile
from acquire_ref.language import _, ngettext
from acquire_ref.words.reasons import bonus
from acquire_ref.words.tiles import and_list, would_do


def pending(game: Game, shown: bool = True) -> str:
    """One sentence: whose decision is pending, what it is, and the command that answers it (R10.2).

    ``shown``: whether the pending player's holding and cash may be named (R10.1, for the
    viewer of :func:`acquire_ref.viewers.views.pending_text`)."""
    pend = game.pending
    match pend:
        case DrawStartTiles():
            return _start(game)
        case GameEnded():
            return _("the game is over: type `score` for the standings")
        case DrawForMarket():
            return _("{player}: draw a tile from the bag for the market's {chain} holding (R9) and type `market TILE`; its "
                     "column number is the market's holding, and the tile goes back into the bag").format(
                player=pend.player, chain=pend.chain)
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
    return " " + _("(the end is available: `end` declares it, R8.1)") if game.end_available() and not game.end_declared else ""


def _start(game: Game) -> str:
    """The start tiles' sentence: drawn by the referee (dealt) or typed, one per player (R2.2, R2.4)."""
    if game.supply.knows_racks:
        return _("the referee draws the start tiles and deals the racks (R2.2, R2.4): type `start`")
    return _("the start tiles are to be drawn (R2.2): type `start TILE...` with one tile per player in seating order "
             "({players})").format(players=_(", ").join(game.players))


def _place(game: Game, p: str) -> str:
    """``p`` places a tile, or passes with none (or no playable one, R4.7)."""
    end = _end_note(game)
    if game.racks[p] == 0:
        return _("{player} has no tile in the rack: type `pass`").format(player=p)
    if game.supply.knows_racks and not game.playable_tiles(p):
        return _("{player} has no playable tile (R4.7): type `pass`").format(player=p) + end
    return _("{player} to place a tile: type `place TILE`, or `pass` if no tile in the rack is playable").format(player=p) + end


def _choose(pend: FoundChain | ChooseSurvivor | OrderDefunct) -> str:
    """The mergemaker's or founder's choice of a chain (R4.2, R5.2, R5.3)."""
    match pend:
        case FoundChain():
            text = _("{player} to choose the chain to found: type `choose CHAIN` with one of {options}")
        case ChooseSurvivor():
            text = _("{player} to choose the surviving chain (the largest chains tie, R5.2): type `choose CHAIN` with one "
                     "of {options}")
        case OrderDefunct():
            text = _("{player} to choose which equal-sized defunct chain is handled first (R5.3): type `choose CHAIN` with "
                     "one of {options}")
        case _:
            assert_never(pend)
    return text.format(player=pend.player, options=_(", ").join(pend.options))


def _dispose(game: Game, pend: DisposeShares, shown: bool) -> str:
    """A holder's disposal of defunct shares: with the holding and the trade it allows when
    ``shown``, without when they are the holder's alone (R5.3b, R10.1)."""
    p, chain, survivor = pend.player, pend.chain, pend.survivor
    held = game.shares[p][chain]
    price = defunct_price(game, chain)
    if not shown:  # neither the holding nor the trade it allows is public (R10.1)
        return _("{player} to sell, trade or hold their {chain} shares (defunct, sells at {price}): type `dispose "
                 "{player} [--sell N] [--trade N]` (trade 2 {chain} for 1 {survivor}); the rest is held").format(
            player=p, chain=chain, price=money(price), survivor=survivor)
    can_trade = game.trade_cap(p, chain, survivor)
    if can_trade:
        text = _("{player} holds {held} {chain} (defunct, sells at {price}): type `dispose {player} [--sell N] [--trade N]` "
                 "(trade 2 {chain} for 1 {survivor}, up to {cap} {chain}: the bank has {bank} {survivor}); the rest is held")
    elif held < 2:
        text = _("{player} holds {held} {chain} (defunct, sells at {price}): type `dispose {player} [--sell N]` (no trade: "
                 "only one share); the rest is held")
    else:
        text = _("{player} holds {held} {chain} (defunct, sells at {price}): type `dispose {player} [--sell N]` (no trade: "
                 "the bank has no {survivor} left); the rest is held")
    return text.format(player=p, held=held, chain=chain, price=money(price), survivor=survivor, cap=can_trade,
                       bank=game.bank[survivor])


def _buy(game: Game, p: str, shown: bool) -> str:
    """``p``'s buy step: what they may buy (their cash when ``shown``), or that they can buy nothing
    and the turn waits for the end to be declared or a dead tile shown (R6.2, R7.3)."""
    end = _end_note(game)
    cash, limit = money(game.cash[p]), game.edition.buy_limit
    if not game.can_buy(p):  # the turn waits so that the end can be declared (R6.2) or a dead tile shown (R7.3)
        dead = " " + _("(this turn's tile made a space dead: show a dead tile from the rack with `discard TILE`, "
                       "R7.3)") if made_dead(game) else ""
        text = (_("{player} can buy nothing now ({cash} in cash): type `buy` to finish the turn") if shown else
                _("{player} can buy nothing now: type `buy` to finish the turn"))
        return text.format(player=p, cash=cash) + dead + end
    if shown:
        text = ngettext("{player} may buy up to {limit} share ({cash} in cash): type `buy CHAIN=N ...`, or `buy` to buy "
                        "nothing and finish the turn", "{player} may buy up to {limit} shares ({cash} in cash): type `buy "
                        "CHAIN=N ...`, or `buy` to buy nothing and finish the turn", limit)
    else:
        text = ngettext("{player} may buy up to {limit} share: type `buy CHAIN=N ...`, or `buy` to buy nothing and finish "
                        "the turn", "{player} may buy up to {limit} shares: type `buy CHAIN=N ...`, or `buy` to buy "
                        "nothing and finish the turn", limit)
    return text.format(player=p, limit=limit, cash=cash) + end


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
        return {"tile": str(where), "effect": "discarded",
                "text": [_("{tile} was put out of the game as a dead tile (R7.3).").format(tile=where)]}
    eff = game.effect(where)
    out: dict[str, Any] = {"tile": str(where), "effect": eff.kind}
    if eff.kind == "occupied":
        owner = game.board.owner[where]
        merging = game.merger is not None and where in game.merger.group
        out["text"] = [(_("{tile} is already on the board ({chain}).") if owner else
                        _("{tile} is already on the board, in the merger under way: it becomes the survivor's "
                          "when the merger is done (R5.5).") if merging else
                        _("{tile} is already on the board (a lone tile).")).format(tile=where, chain=owner)]
    elif eff.kind == "lone":
        out["text"] = [_("{tile} would be a lone tile: it touches no placed tile (R4.1).").format(tile=where)]
    elif eff.kind in ("found", "blocked"):
        out.update(_founding(game, where, eff))
    elif eff.kind == "grow":
        out.update(_growing(game, where, eff))
    elif eff.kind == "dead":
        out["chains"] = {c: sizes[c] for c in eff.chains}
        out["text"] = [_("{tile} is dead: it would merge the safe chains {chains}, which can never merge (R4.6). It can "
                         "never be played; the holder replaces it (R7.3).").format(
            tile=where, chains=and_list([_("{chain} ({size})").format(chain=c, size=sizes[c]) for c in eff.safe]))]
    else:
        out.update(_merger_outcomes(game, where, shown))
    if game.merger is not None and eff.kind != "occupied":
        out["text"] = [*out["text"], _("That is on the board as it stands: no tile is placed until the merger under way "
                                       "is done, and it changes the board first (R5.5); ask again then.")]
    return out


def _founding(game: Game, where: Tile, eff: Effect) -> dict[str, Any]:
    """``group`` and ``text`` of a tile that founds a chain (R4.2), or would but all are on the board (R4.5)."""
    group = sorted(eff.group, key=lambda t: (t.row, t.col))
    if eff.kind == "blocked":
        text = _("{tile} is blocked: it would found a chain of {size} tiles, but all {chains} chains are on the board "
                 "(R4.5). It stays in the rack until a merger frees a chain.").format(
            tile=where, size=len(group), chains=len(game.edition.chains))
    else:
        text = _("{tile} would found a chain of {size} tiles ({group}) (R4.2): the player picks one of {free} and gets a "
                 "founder's share if the bank has one.").format(
            tile=where, size=len(group), group=" ".join(map(str, group)), free=_(", ").join(game.free_chains()))
    return {"group": [str(t) for t in group], "text": [text]}


def _growing(game: Game, where: Tile, eff: Effect) -> dict[str, Any]:
    """``chain``, ``size`` and ``price`` after placing, and ``text``, of a tile that grows a chain (R4.3)."""
    ed, chain = game.edition, eff.chains[0]
    before = game.board.sizes[chain]
    new = before + len(eff.group)
    now, then = game.price(chain), ed.price(chain, new)
    price = (_("price stays {price} a share").format(price=money(now)) if now == then else
             _("price {before} -> {after} a share").format(before=money(now), after=money(then)))
    text = (_("{tile} would grow {chain} from {before} to {after} tiles (R4.3); {price} and it becomes safe (R3.5).")
            if ed.is_safe(new) and not ed.is_safe(before) else
            _("{tile} would grow {chain} from {before} to {after} tiles (R4.3); {price}.")).format(
        tile=where, chain=chain, before=before, after=new, price=price)
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
        how = _("{chains} are of equal size, so the mergemaker chooses the order").format(chains=and_list(ties))
    elif ties:
        how = _("largest first; {chains} are of equal size, so the mergemaker chooses their order").format(
            chains=and_list(ties))
    else:
        how = _("largest first: {chains}").format(chains=_(", then ").join(defunct))
    return [lead + _("the defunct chains are handled one at a time ({how}) (R5.3).").format(how=how)]


def _merger_outcomes(game: Game, where: Tile, shown: bool) -> dict[str, Any]:
    """``chains``, ``survivors``, ``outcomes`` and ``text`` of a merging tile (R5)."""
    ed = game.edition
    eff = game.effect(where)
    pre = {c: game.board.sizes[c] for c in eff.chains}
    largest = max(pre.values())
    survivors = [c for c in eff.chains if pre[c] == largest]
    total = sum(pre.values()) + len(eff.group)
    outcomes: list[dict[str, Any]] = []
    merged = _(", ").join(_("{chain} ({size})").format(chain=c, size=n) for c, n in pre.items())
    text = [(_("{tile} would merge {chains} (R5): {survivor} survives (R5.2).") if len(survivors) == 1 else
             _("{tile} would merge {chains} (R5): the largest tie, so the mergemaker chooses the survivor among "
               "{survivors} (R5.2).")).format(tile=where, chains=merged, survivor=survivors[0],
                                              survivors=_(", ").join(survivors))]
    for surv in survivors:
        lead = _("If {chain} survives:").format(chain=surv) + " " if len(survivors) > 1 else ""
        text += _defunct_order(surv, pre, lead)
        defuncts = [_defunct_outcome(game, c, pre[c], shown, lead, text) for c in eff.chains if c != surv]
        outcomes.append({"survivor": surv, "defunct": defuncts, "size": total, "price": ed.price(surv, total)})
    if len(survivors) == 1:
        text.append(_("Afterwards the survivor has {size} tiles ({price} a share) (R5.5).").format(
            size=total, price=money(ed.price(survivors[0], total))))
    else:
        each = _("; ").join(_("{chain} at {price} a share").format(chain=s, price=money(ed.price(s, total))) for s in survivors)
        text.append(_("Afterwards the survivor has {size} tiles: {each} (R5.5).").format(size=total, each=each))
    if game.market.on:
        text.append(_("Two players: the market's holding is drawn at each payout and may take a bonus; these figures "
                      "leave it out (R9)."))
    return {"chains": pre, "survivors": survivors, "outcomes": outcomes, "text": text}


def _defunct_outcome(game: Game, chain: str, size: int, shown: bool, lead: str, text: list[str]) -> dict[str, Any]:
    """One defunct chain of a merger at its pre-merger ``size``: its price and bonuses (who gets
    them only when ``shown``, R10.1) as data, its sentence added to ``text`` after ``lead`` (R5.4)."""
    ed = game.edition
    payout = place_bonuses(ed.bonuses(chain, size), {p: game.shares[p][chain] for p in game.players})
    if not shown:
        places = len(ed.bonuses(chain, size))
        names = ("majority", "minority") if places == 2 else ("majority",) if places == 1 else PLACE_NAMES
        amounts = _(", ").join(_("{bonus} {amount}").format(bonus=bonus(names[i]), amount=money(b))
                               for i, b in enumerate(ed.bonuses(chain, size)))
        paid = _("{bonuses}; who gets them is hidden until it is paid (R10.1)").format(bonuses=amounts)
    else:
        paid = _("; ").join(_("{player} {amount} ({bonus})").format(player=b.player, amount=money(b.amount), bonus=bonus(b.kind))
                         for b in payout) or _("nobody holds it, no bonus")
    text.append(lead + _("{chain} is defunct at {size} tiles ({price} a share): {paid} (R5.4).").format(
        chain=chain, size=size, price=money(ed.price(chain, size)), paid=paid))
    return {"chain": chain, "size": size, "price": ed.price(chain, size),
            "bonuses": [] if not shown else [{"player": b.player, "amount": b.amount, "kind": b.kind} for b in payout]}


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
    return names[0] if len(names) == 1 else _("{items} and {item}").format(items=_(", ").join(names[:-1]), item=names[-1])


def merger_payouts(game: Game) -> list[str]:
    """The bonuses of the recent merger (:func:`recent_merger`), one line per defunct chain, e.g.
    ``"Tower (defunct at 4 tiles): bank pays Cat $4,000 (majority), Dan $2,000 (minority)"`` (R5.4;
    public as it happens, R10.1); empty when there is none."""
    found = recent_merger(game)
    if found is None:
        return []
    chains: list[tuple[DefunctChain, list[str], bool]] = []
    for e in found[1]:
        if isinstance(e, DefunctChain):
            chains.append((e, [], False))
        elif isinstance(e, BonusPaid | MarketBonus) and chains:
            who = e.player if isinstance(e, BonusPaid) else _("the market (stays in the bank, R9)")
            chains[-1][1].append(_("{player} {amount} ({bonus})").format(player=who, amount=money(e.amount),
                                                                          bonus=bonus(e.bonus)))
        elif isinstance(e, NoBonus) and chains:
            chains[-1] = (chains[-1][0], chains[-1][1], True)
    lines = []
    for chain, payees, nobody in chains:
        text = (_("{chain} (defunct at {size} tiles): nobody holds it, no bonus") if nobody else
                _("{chain} (defunct at {size} tiles): bank pays {payees}") if payees else
                _("{chain} (defunct at {size} tiles): bank pays"))
        lines.append(text.format(chain=chain.chain, size=chain.size, payees=_(", ").join(payees)))
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
    who = entry.player or ""
    said: list[tuple[str, str]] = []  # (kind, words): a founding or a merger joins the words before it with a comma
    bought: list[str] = []
    paid = 0
    disposed: list[str] = []
    chain = ""
    for e in entry.events:
        happened = _happened(e)
        if happened:
            said.append(happened)
        elif isinstance(e, SharesBought):
            bought.append(_("{count} {chain}").format(count=e.count, chain=e.chain))
            paid += e.amount
        elif isinstance(e, SharesSold | SharesTraded | SharesHeld):
            chain = e.chain
            disposed.append(_disposal(e))
    if bought:
        said.append(("", _("{player} bought shares").format(player=who) if not shown else
                     _("{player} bought {shares} for {amount}").format(player=who, shares=_and(bought), amount=money(paid))))
    elif isinstance(entry.move, Buy):
        said.append(("", _("{player} bought no shares").format(player=who)))
    if disposed:
        said[:0] = [("", d) for d in ([_("{player} disposed of {chain} shares").format(player=who, chain=chain)]
                                      if not shown else disposed)]
    if entry.player is None and said:
        return _("Start tiles: {tiles}").format(tiles=_(", ").join(words for _kind, words in said))
    if said and said[0][0] == "founding":  # the chain chosen after the tile: say who founded it (R4.2)
        said[0] = ("", _("{player} founded {chain}").format(player=who, chain=said[0][1]))
    if not said:
        words = str(entry.move).split(" ")
        said.append(("", _("{player} chose {chains}").format(player=who, chains=_and(words[1:]))
                     if words[0] == "choose" and len(words) > 1 else
                     _("{player}: {decision}").format(player=who, decision=words[0])))
    text = said[0][1]
    for kind, part in said[1:]:
        text += ", " + _("founding {chain}").format(chain=part) if kind == "founding" else ", " + part if kind else _("; ") + part
    return text


def _happened(e: Event) -> tuple[str, str] | None:
    """The words of the last-move line for an event on the board or the turn (a tile, a chain,
    a merger, a pass, dead tiles, the end declared), with their kind (``founding``, ``merger``:
    joined to the words before with a comma, the chain's name alone for a founding; else
    empty); None for the others."""
    if isinstance(e, ChainFounded):
        return "founding", e.chain
    if isinstance(e, MergerBegan):
        return "merger", _("a merger: {survivor} takes over {defunct}").format(
            survivor=e.survivor, defunct=_and([c for c in e.sizes if c != e.survivor]))
    if isinstance(e, StartTilePlaced):
        text = f"{e.player} {e.tile}"
    elif isinstance(e, TilePlaced):
        text = _("{player} placed {tile}").format(player=e.player, tile=e.tile)
    elif isinstance(e, ChainGrew):
        text = _("{chain} grows to {size} tiles").format(chain=e.chain, size=e.size)
    elif isinstance(e, Passed):
        text = _("{player} had no playable tile").format(player=e.player)
    elif isinstance(e, TilesDiscarded):
        text = ngettext("{player} put dead tile {tiles} out of the game", "{player} put dead tiles {tiles} out of the game",
                        len(e.tiles)).format(player=e.player, tiles=" ".join(e.tiles))
    elif isinstance(e, EndDeclared):
        text = _("{player} declared the end of the game").format(player=e.player)
    elif isinstance(e, MergerCompleted):
        text = _("{survivor} now has {size} tiles").format(survivor=e.survivor, size=e.size)
    else:
        return None
    return "", text


def _disposal(e: SharesSold | SharesTraded | SharesHeld) -> str:
    """One disposal of defunct shares in full, for the last-move line when the figures are shown (R5.3b)."""
    if isinstance(e, SharesSold):
        return _("{player} sold {count} {chain} for {amount}").format(player=e.player, count=e.count, chain=e.chain,
                                                                     amount=money(e.amount))
    if isinstance(e, SharesTraded):
        return _("{player} traded {count} {chain} for {received} {survivor}").format(
            player=e.player, count=e.count, chain=e.chain, received=e.received, survivor=e.survivor)
    return _("{player} kept {count} {chain}").format(player=e.player, count=e.count, chain=e.chain)


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
