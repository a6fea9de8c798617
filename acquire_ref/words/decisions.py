"""The questions the pending decision asks, worded for the device that asks them.

The table console asks on a terminal: the answer is typed and sent with a key (``Enter``), so its
hint names keys and letters. A seat's phone page asks with buttons and steppers: its question
names no key (a phone has no Enter), and its answers say what a tap does. Each function returns
``(title, hint)``: ``title`` says who decides what (shown large), ``hint`` how to answer on that
device (on a phone the page's own controls answer, so the hint is empty). Every sentence is one
whole message through :func:`acquire_ref.language._`.

>>> buy("Ann", 3, "terminal")
('Ann: buy up to 3 shares, or Enter to buy none', 'a chain letter per share (c c a, or c2 a), then Enter')
>>> buy("Ann", 3, "phone")
('Ann: buy up to 3 shares, or none', '')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from acquire_ref.engine.editions import Edition
from acquire_ref.engine.events import money
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    FoundChain,
    GameEnded,
    OrderDefunct,
    Pending,
    PlaceTile,
)
from acquire_ref.language import _, ngettext

Device = Literal["terminal", "phone"]
"""Where a question is asked: a terminal (keys) or a phone (taps)."""

Question = tuple[str, str]
"""``(title, hint)``."""


EXAMPLE_TILES = ("4E", "6B", "8E", "11H", "2C", "9G")
"""Start tiles for an example, one per player (at most six)."""


def start(players: Sequence[str], dealt: bool, device: Device) -> Question:
    """The start tiles (R2.2): drawn by the referee (``dealt``), or one per player typed in
    seating order."""
    if dealt:
        title = _("Start: the referee draws the start tiles and deals the racks")
        return title, (_("Enter draws them (R2.2, R2.4)") if device == "terminal" else "")
    title = _("Start: the tile each player drew, in seating order ({players})").format(players=_(", ").join(players))
    example = " ".join(EXAMPLE_TILES[:len(players)])  # one tile per player, as many as sit at the table
    return title, (_("type one tile per player, e.g. {tiles}, then Enter (R2.2)").format(tiles=example)
                   if device == "terminal" else "")


def place(player: str, dealt: bool, founding: bool, device: Device) -> Question:
    """A tile to place (R4); ``founding`` when a chain may still be founded (a tile may carry it)."""
    title = _("{player}: place a tile").format(player=player)
    if device != "terminal":
        return title, ""
    if dealt:
        hint = _("type a tile from the rack (a founding tile may be followed by the chain: 6C t)") if founding \
            else _("type a tile from the rack")
    else:
        hint = _("type the tile placed, e.g. 6C (a founding tile may be followed by the chain: 6C t)") if founding \
            else _("type the tile placed, e.g. 6C")
    return title, hint


def choose(player: str, choice: Literal["found", "survivor", "order"], device: Device) -> Question:
    """The chain to found (R4.2), the survivor of a tie (R5.2) or the next defunct chain (R5.3)."""
    title = {"found": _("{player}: choose the chain to found (R4.2)"),
             "survivor": _("{player}: choose the surviving chain (the largest tie, R5.2)"),
             "order": _("{player}: choose which defunct chain is handled first (R5.3)")}[choice].format(player=player)
    return title, (_("type the chain's letter, then Enter") if device == "terminal" else "")


def dispose(player: str, chain: str, survivor: str, price: int, held: int | None, cap: int,
            device: Device) -> Question:
    """A shareholder's defunct shares (R5.3b), ``price`` dollars a share; ``held`` and ``cap`` (the
    most they may trade) are the player's own figures, ``held`` None when the viewer may not see
    them (R10.1; then ``cap`` is not named either)."""
    if held is None:
        title = _("{player}: sell, trade or hold their {chain} (defunct)").format(player=player, chain=chain)
        hint = _("Enter holds all; a sells all; s N sells N at {price}; t N trades N for N/2 {survivor} (even); "
                 "m trades the most").format(price=money(price), survivor=survivor)
        return title, (hint if device == "terminal" else "")
    title = _("{player} holds {held} {chain} (defunct): sell, trade or hold").format(player=player, held=held,
                                                                                    chain=chain)
    if device != "terminal":
        return title, ""
    if cap:
        hint = _("Enter holds all; a sells all ({all}); s N sells N at {price}; t N trades N for N/2 {survivor} "
                 "(even, up to {cap}); m trades {cap}")
    elif held < 2:
        hint = _("Enter holds all; a sells all ({all}); s N sells N at {price}; no trade (one share)")
    else:
        hint = _("Enter holds all; a sells all ({all}); s N sells N at {price}; no trade (no {survivor} left)")
    return title, hint.format(all=money(held * price), price=money(price), survivor=survivor, cap=cap)


def buy(player: str, limit: int, device: Device) -> Question:
    """A purchase of up to ``limit`` shares (R6)."""
    if device == "terminal":
        title = ngettext("{player}: buy up to {limit} share, or Enter to buy none",
                         "{player}: buy up to {limit} shares, or Enter to buy none", limit)
        hint = _("a chain letter per share (c c a, or c2 a), then Enter")
    else:
        title = ngettext("{player}: buy up to {limit} share, or none", "{player}: buy up to {limit} shares, or none", limit)
        hint = ""
    return title.format(player=player, limit=limit), hint


def market(player: str, chain: str, device: Device) -> Question:
    """Two players: the tile drawn for the market's ``chain`` holding (R9)."""
    title = _("{player}: draw a tile from the bag for the market's {chain} holding (R9)").format(player=player,
                                                                                              chain=chain)
    return title, (_("type the tile drawn (or its column number); it goes back into the bag")
                   if device == "terminal" else "")


def over(device: Device) -> Question:
    """The game is over: nothing is asked; the terminal names the keys for the payout and to quit."""
    return _("The game is over"), (_("F3 shows the payout; Ctrl+Q quits") if device == "terminal" else "")


def summary(pending: Pending) -> str:
    """The pending decision in a few words, for the refusal of a move that does not answer it."""
    match pending:
        case DrawStartTiles():
            return _("the start tiles are to be drawn (R2.2)")
        case PlaceTile():
            return _("{player} is to place a tile").format(player=pending.player)
        case FoundChain() | ChooseSurvivor() | OrderDefunct():
            return _("{player} is to choose a chain: {options}").format(player=pending.player,
                                                                       options=_(", ").join(pending.options))
        case DisposeShares():
            return _("{player} is to dispose of {chain} shares").format(player=pending.player, chain=pending.chain)
        case DrawForMarket():
            return _("{player} is to draw the market's tile for {chain}").format(player=pending.player,
                                                                                chain=pending.chain)
        case BuyShares():
            return _("{player} is to buy shares or finish the turn").format(player=pending.player)
        case GameEnded():
            return _("the game is over")
    return str(pending.decision)


def end_condition(edition: Edition, sizes: dict[str, int]) -> str:
    """Plain words on R8.1 for chains of ``sizes`` (chain -> tiles) under ``edition``'s end and
    safe sizes: why the end is, or is not, available."""
    if not sizes:
        return _("no chain is on the board")
    big = [c for c, s in sizes.items() if s >= edition.end_size]
    if big:
        return _("{chain} has {size} tiles ({end} or more)").format(chain=big[0], size=sizes[big[0]],
                                                                  end=edition.end_size)
    unsafe = [_("{chain} ({size})").format(chain=c, size=s) for c, s in sizes.items() if not edition.is_safe(s)]
    if not unsafe:
        return _("every chain on the board is safe")
    return _("no chain has {end} tiles and not every chain is safe ({unsafe} under {safe})").format(
        end=edition.end_size, unsafe=_(", ").join(unsafe), safe=edition.safe_size)
