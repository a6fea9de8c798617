"""The banker's lines: each event of :mod:`acquire_ref.engine.events` as a sentence (DESIGN 1).

An event is data (who, which chain, how many dollars); this module is the one place that words
it. :func:`told` is the banker's instruction in full: who pays whom how much, which certificates
change hands, which rule decided it. Two shorter forms serve a viewer who may not see a player's
figures (R10.1); which form a viewer gets is decided by :mod:`acquire_ref.viewers.views`, never here:

- ``"moment"``: the move as everyone may read it when it happens: the instruction in full, only
  a player's cash named as the reason a turn ends is left out;
- ``"public"``: the history while holdings are hidden: who did what, without the figures that
  would total up a player's cash or shares ("Ann buys shares").

Every sentence is one whole message with named fields through :func:`acquire_ref.language._`
(counts through ``ngettext``), so a catalogue can translate it.

>>> from acquire_ref.engine.events import BonusPaid
>>> told(BonusPaid("Ann", "Tower", 3000, "majority", 4))
'bank pays Ann $3,000 (Tower majority, 4 shares; R5.4)'
>>> told(BonusPaid("Ann", "Tower", 3000, "majority", 4), "public")
'the bank pays Ann $3,000 (Tower majority)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from acquire_ref.engine import events as ev
from acquire_ref.engine.events import money
from acquire_ref.language import _, ngettext
from acquire_ref.words.reasons import bonus, game_end, turn_end

Form = Literal["full", "moment", "public"]
"""How much of an event a viewer is told (see the module's docstring)."""

FORMS: tuple[Form, ...] = ("full", "moment", "public")


def told(event: ev.Event, form: Form = "full") -> str:
    """``event`` as a sentence in the language in force, in ``form`` (``"full"``: the banker's
    instruction; ``"moment"`` and ``"public"``: as a viewer who may not see the player's figures
    is told it, R10.1). Raises :class:`ValueError` for an unknown ``form``."""
    if form not in FORMS:
        raise ValueError(f"an event is told in full, at its moment or in public: not {form!r}")
    shorter = _SHORTER.get(type(event))
    if shorter is not None and form != "full":
        text = shorter(event, form)
        if text is not None:
            return text
    return _FULL[type(event)](event)


def _start_tile_placed(e: ev.StartTilePlaced) -> str:
    return _("{player}'s start tile {tile} is placed as a lone tile (R2.2)").format(player=e.player, tile=e.tile)


def _first_player(e: ev.FirstPlayer) -> str:
    return ngettext(
        "{player} goes first: start tile {tile} is closest to 1A (R2.3). "
        "Everyone draws a rack of tiles (R2.4); {bag} tile stays in the bag",
        "{player} goes first: start tile {tile} is closest to 1A (R2.3). "
        "Everyone draws a rack of tiles (R2.4); {bag} tiles stay in the bag",
        e.bag).format(player=e.player, tile=e.tile, bag=e.bag)


def _tile_placed(e: ev.TilePlaced) -> str:
    text = {"lone": _("{player} places {tile}: a lone tile (R4.1)"),
            "found": _("{player} places {tile}: it founds a chain (R4.2)"),
            "grow": _("{player} places {tile}: it grows a chain (R4.3)"),
            "merge": _("{player} places {tile}: it merges chains (R4.4, R5)")}[e.effect]
    return text.format(player=e.player, tile=e.tile)


def _chain_founded(e: ev.ChainFounded) -> str:
    if e.safe:
        text = ngettext("{player} founds {chain} with {size} tile; price {price} a share; "
                        "{chain} is now safe: it can never be absorbed (R3.5)",
                        "{player} founds {chain} with {size} tiles; price {price} a share; "
                        "{chain} is now safe: it can never be absorbed (R3.5)", e.size)
    else:
        text = ngettext("{player} founds {chain} with {size} tile; price {price} a share",
                        "{player} founds {chain} with {size} tiles; price {price} a share", e.size)
    return text.format(player=e.player, chain=e.chain, size=e.size, price=money(e.price))


def _founder_share(e: ev.FounderShare) -> str:
    if e.given:
        return _("bank gives {player} 1 {chain} share free (founder's share, R4.2)").format(player=e.player,
                                                                                          chain=e.chain)
    return _("the bank has no {chain} share left: no founder's share and no cash instead (R4.2, R3.4)").format(
        chain=e.chain)


def _chain_grew(e: ev.ChainGrew) -> str:
    if e.safe:
        text = ngettext("{chain} grows by {added} tile to {size}; price {price} a share; "
                        "{chain} is now safe: it can never be absorbed (R3.5)",
                        "{chain} grows by {added} tiles to {size}; price {price} a share; "
                        "{chain} is now safe: it can never be absorbed (R3.5)", e.added)
    else:
        text = ngettext("{chain} grows by {added} tile to {size}; price {price} a share",
                        "{chain} grows by {added} tiles to {size}; price {price} a share", e.added)
    return text.format(chain=e.chain, added=e.added, size=e.size, price=money(e.price))


def _chain_sizes(sizes: dict[str, int]) -> str:
    """``{"Tower": 5, "Luxor": 3}`` as ``"Tower 5, Luxor 3"``."""
    return _(", ").join(_("{chain} {size}").format(chain=c, size=n) for c, n in sizes.items())


def _merger_began(e: ev.MergerBegan) -> str:
    return _("merger by {player} (mergemaker), sizes before the merger: {sizes}; {survivor} survives (R5.2)").format(
        player=e.player, sizes=_chain_sizes(e.sizes), survivor=e.survivor)


def _defunct_chain(e: ev.DefunctChain) -> str:
    return ngettext("{chain} is defunct at {size} tile, {price} a share (R5.3)",
                    "{chain} is defunct at {size} tiles, {price} a share (R5.3)", e.size).format(
        chain=e.chain, size=e.size, price=money(e.price))


def _bonus_paid(e: ev.BonusPaid) -> str:
    if e.bonus.startswith(("majority", "minority")):
        text = ngettext("bank pays {player} {amount} ({chain} {bonus}, {shares} share; R5.4)",
                        "bank pays {player} {amount} ({chain} {bonus}, {shares} shares; R5.4)", e.shares)
    else:  # N places: "first", "second"...
        text = ngettext("bank pays {player} {amount} ({chain} {bonus}, {shares} share; R5.4a)",
                        "bank pays {player} {amount} ({chain} {bonus}, {shares} shares; R5.4a)", e.shares)
    return text.format(player=e.player, amount=money(e.amount), chain=e.chain, bonus=bonus(e.bonus), shares=e.shares)


def _market_draw(e: ev.MarketDraw) -> str:
    if not e.tile and not e.holding:
        return _("the bag is empty: the market holds no {chain} for this payout (R9)").format(chain=e.chain)
    if e.tile:
        text = _("{tile} is drawn for the market: the market holds {holding} {chain} for this payout; "
                 "the tile goes back into the bag (R9)")
    else:
        text = _("the market's tile is drawn: the market holds {holding} {chain} for this payout; "
                 "the tile goes back into the bag (R9)")
    return text.format(tile=e.tile, holding=e.holding, chain=e.chain)


def _market_bonus(e: ev.MarketBonus) -> str:
    return ngettext("the market wins {amount} ({chain} {bonus}, {holding} share): it stays in the bank (R9)",
                    "the market wins {amount} ({chain} {bonus}, {holding} shares): it stays in the bank (R9)",
                    e.holding).format(amount=money(e.amount), chain=e.chain, bonus=bonus(e.bonus), holding=e.holding)


def _no_bonus(e: ev.NoBonus) -> str:
    if e.market:
        return _("nobody holds {chain}: no bonus is paid, so no tile is drawn for the market (R5.4, R9)").format(
            chain=e.chain)
    return _("nobody holds {chain}: no bonus is paid (R5.4)").format(chain=e.chain)


def _shares_sold(e: ev.SharesSold) -> str:
    return _("{player} sells {count} {chain} to the bank: bank pays {player} {amount}").format(
        player=e.player, count=e.count, chain=e.chain, amount=money(e.amount))


def _shares_traded(e: ev.SharesTraded) -> str:
    return _("{player} trades {count} {chain} for {received} {survivor} with the bank (2 for 1, R5.3b)").format(
        player=e.player, count=e.count, chain=e.chain, received=e.received, survivor=e.survivor)


def _shares_held(e: ev.SharesHeld) -> str:
    return _("{player} holds {count} {chain} (R5.3b)").format(player=e.player, count=e.count, chain=e.chain)


def _merger_completed(e: ev.MergerCompleted) -> str:
    n = len(e.defunct)  # the defunct chains agree in number where a language says so (French: peuvent)
    if e.safe:
        text = ngettext("{survivor} absorbs {defunct}: now {size} tiles, {price} a share; {defunct} may be founded "
                        "again (R5.5); {survivor} is now safe: it can never be absorbed (R3.5)",
                        "{survivor} absorbs {defunct}: now {size} tiles, {price} a share; {defunct} may be founded "
                        "again (R5.5); {survivor} is now safe: it can never be absorbed (R3.5)", n)
    else:
        text = ngettext("{survivor} absorbs {defunct}: now {size} tiles, {price} a share; {defunct} may be founded "
                        "again (R5.5)",
                        "{survivor} absorbs {defunct}: now {size} tiles, {price} a share; {defunct} may be founded "
                        "again (R5.5)", n)
    return text.format(survivor=e.survivor, defunct=_(", ").join(e.defunct), size=e.size, price=money(e.price))


def _shares_bought(e: ev.SharesBought) -> str:
    return _("{player} pays the bank {amount} for {count} {chain} (R6)").format(
        player=e.player, amount=money(e.amount), count=e.count, chain=e.chain)


def _passed(e: ev.Passed) -> str:
    return _("{player} has no playable tile and places none (R4.7)").format(player=e.player)


def _tiles_discarded(e: ev.TilesDiscarded) -> str:
    return ngettext("{player} puts dead tile {tiles} out of the game and draws {drawn} (R7.3)",
                    "{player} puts dead tiles {tiles} out of the game and draws {drawn} (R7.3)",
                    len(e.tiles)).format(player=e.player, tiles=" ".join(e.tiles), drawn=e.drawn)


def _end_declared(e: ev.EndDeclared) -> str:
    return _("{player} declares the end of the game: it ends when this turn finishes (R8.2)").format(player=e.player)


def _turn_finished(e: ev.TurnFinished, public: bool = False) -> str:
    reason = turn_end(e, public)
    if e.last:
        if reason:
            return _("{reason}; that was the last turn (R8)").format(reason=reason)
        return _("{player}'s turn was the last one (R8)").format(player=e.player)
    if e.drew and reason:
        text = _("{reason}; {player} draws a tile ({bag} left in the bag) (R7)")
    elif e.drew:
        text = _("turn over: {player} draws a tile ({bag} left in the bag) (R7)")
    elif reason:
        text = _("{reason}; {player} draws no tile (R7)")
    else:
        text = _("turn over: {player} draws no tile (R7)")
    return text.format(reason=reason, player=e.player, bag=e.bag)


def _game_over(e: ev.GameOver) -> str:
    return _("the game ends: {reason}. Final payout (R8.3):").format(
        reason=game_end(e.ending, e.by) if e.ending else e.reason)


def _standing(e: ev.Standing) -> str:
    return _("{rank}. {player} {cash}").format(rank=e.rank, player=e.player, cash=money(e.cash))


def _bonus_public(e: ev.BonusPaid, form: Form) -> str | None:
    if form != "public":
        return None
    return _("the bank pays {player} {amount} ({chain} {bonus})").format(
        player=e.player, amount=money(e.amount), chain=e.chain, bonus=bonus(e.bonus))


def _disposal_public(e: ev.SharesSold | ev.SharesTraded | ev.SharesHeld, form: Form) -> str | None:
    if form != "public":
        return None
    return _("{player} disposes of {chain} shares").format(player=e.player, chain=e.chain)


def _purchase_public(e: ev.SharesBought, form: Form) -> str | None:
    return _("{player} buys shares").format(player=e.player) if form == "public" else None


def _turn_public(e: ev.TurnFinished, form: Form) -> str | None:
    return _turn_finished(e, public=True)


_FULL: dict[type, Callable[..., str]] = {
    ev.StartTilePlaced: _start_tile_placed, ev.FirstPlayer: _first_player, ev.TilePlaced: _tile_placed,
    ev.ChainFounded: _chain_founded, ev.FounderShare: _founder_share, ev.ChainGrew: _chain_grew,
    ev.MergerBegan: _merger_began, ev.DefunctChain: _defunct_chain, ev.BonusPaid: _bonus_paid,
    ev.MarketDraw: _market_draw, ev.MarketBonus: _market_bonus, ev.NoBonus: _no_bonus,
    ev.SharesSold: _shares_sold, ev.SharesTraded: _shares_traded, ev.SharesHeld: _shares_held,
    ev.MergerCompleted: _merger_completed, ev.SharesBought: _shares_bought, ev.Passed: _passed,
    ev.TilesDiscarded: _tiles_discarded, ev.EndDeclared: _end_declared, ev.TurnFinished: _turn_finished,
    ev.GameOver: _game_over, ev.Standing: _standing,
}
"""Each event class's banker's line."""

_SHORTER: dict[type, Callable[..., str | None]] = {
    ev.BonusPaid: _bonus_public, ev.SharesSold: _disposal_public, ev.SharesTraded: _disposal_public,
    ev.SharesHeld: _disposal_public, ev.SharesBought: _purchase_public, ev.TurnFinished: _turn_public,
}
"""The events told otherwise at their moment or in public (None: as in full)."""
