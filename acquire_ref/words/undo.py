"""What ``undo`` asks of the banker: each event of a move taken back, worded as a take-back.

At a real table the banker undoes a move by reversing what it did: money comes back, certificates
go back to the bank, tiles come off the board. :func:`taken_back` words one event that way ("Ann
gets $400 back for 2 Tower"), never in the forward words of the move ("Ann pays the bank $400 for
2 Tower", which reads as an instruction to pay again); an event that moved no money, certificate
or tile has no line. The lines are told in reverse, the last thing done first taken back
(:func:`take_back_lines`). Every figure a take-back names was public at the move's moment (R10.1).

>>> from acquire_ref.engine.events import SharesBought
>>> taken_back(SharesBought("Ann", "Tower", 2, 400))
'Ann gets $400 back for 2 Tower'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from acquire_ref.engine import events as ev
from acquire_ref.engine.events import money
from acquire_ref.language import _, ngettext
from acquire_ref.words.reasons import bonus


def heading() -> str:
    """The line ``undo`` says before a move's take-backs."""
    return _("take back what it did (money, certificates, tiles):")


def take_back_lines(events: Iterable[ev.Event]) -> list[str]:
    """What taking back a move with ``events`` asks of the banker, the last event first: the
    :func:`taken_back` line of each event that has one."""
    return [line for e in reversed(list(events)) if (line := taken_back(e)) is not None]


def taken_back(event: ev.Event) -> str | None:
    """``event`` worded as the banker takes it back, or None when it moved no money, certificate
    or tile (a merger's announcement, a defunct chain's holdings, shares kept, a pass)."""
    word = _BACK.get(type(event))
    return None if word is None else word(event)


def _start_tile(e: ev.StartTilePlaced) -> str:
    return _("{tile} comes off the board and goes back into the bag ({player}'s start tile, R2.2)").format(
        tile=e.tile, player=e.player)


def _first_player(e: ev.FirstPlayer) -> str:
    return _("every rack goes back into the bag: {player} no longer goes first (R2.3, R2.4)").format(player=e.player)


def _tile_placed(e: ev.TilePlaced) -> str:
    return _("{tile} comes off the board and goes back to {player}'s rack").format(tile=e.tile, player=e.player)


def _chain_founded(e: ev.ChainFounded) -> str:
    return _("{chain} is no longer on the board: its tiles are lone tiles again").format(chain=e.chain)


def _founder_share(e: ev.FounderShare) -> str | None:
    if not e.given:
        return None
    return _("{player} gives the founder's share of {chain} back to the bank").format(player=e.player, chain=e.chain)


def _chain_grew(e: ev.ChainGrew) -> str:
    return ngettext("{chain} loses the {added} tile it gained: back to {size}",
                    "{chain} loses the {added} tiles it gained: back to {size}", e.added).format(
        chain=e.chain, added=e.added, size=e.size - e.added)


def _bonus_paid(e: ev.BonusPaid) -> str:
    return _("{player} gives {amount} back to the bank ({chain} {bonus})").format(
        player=e.player, amount=money(e.amount), chain=e.chain, bonus=bonus(e.bonus))


def _shares_sold(e: ev.SharesSold) -> str:
    return _("{player} gives {amount} back to the bank and gets {count} {chain} back").format(
        player=e.player, amount=money(e.amount), count=e.count, chain=e.chain)


def _shares_traded(e: ev.SharesTraded) -> str:
    return _("{player} gives {received} {survivor} back to the bank and gets {count} {chain} back").format(
        player=e.player, received=e.received, survivor=e.survivor, count=e.count, chain=e.chain)


def _merger_completed(e: ev.MergerCompleted) -> str:
    return ngettext("{defunct} comes back on the board at its size before the merger; {survivor} shrinks back",
                    "{defunct} come back on the board at their sizes before the merger; {survivor} shrinks back",
                    len(e.defunct)).format(defunct=_(", ").join(e.defunct), survivor=e.survivor)


def _shares_bought(e: ev.SharesBought) -> str:
    return _("{player} gets {amount} back for {count} {chain}").format(
        player=e.player, amount=money(e.amount), count=e.count, chain=e.chain)


def _tiles_discarded(e: ev.TilesDiscarded) -> str:
    return ngettext("{player} puts the replacements drawn ({drawn}) back into the bag and takes dead tile {tiles} back",
                    "{player} puts the replacements drawn ({drawn}) back into the bag and takes dead tiles {tiles} "
                    "back",
                    len(e.tiles)).format(player=e.player, drawn=e.drawn, tiles=" ".join(e.tiles))


def _end_declared(e: ev.EndDeclared) -> str:
    return _("{player} no longer declares the end: the game goes on").format(player=e.player)


def _turn_finished(e: ev.TurnFinished) -> str | None:
    if not e.drew:
        return None
    return _("{player} puts the tile drawn back into the bag").format(player=e.player)


def _game_over(e: ev.GameOver) -> str:
    return _("the final payout is taken back: the game goes on")


_BACK: dict[type, Callable[..., str | None]] = {
    ev.StartTilePlaced: _start_tile, ev.FirstPlayer: _first_player, ev.TilePlaced: _tile_placed,
    ev.ChainFounded: _chain_founded, ev.FounderShare: _founder_share, ev.ChainGrew: _chain_grew,
    ev.BonusPaid: _bonus_paid, ev.SharesSold: _shares_sold, ev.SharesTraded: _shares_traded,
    ev.MergerCompleted: _merger_completed, ev.SharesBought: _shares_bought, ev.TilesDiscarded: _tiles_discarded,
    ev.EndDeclared: _end_declared, ev.TurnFinished: _turn_finished, ev.GameOver: _game_over,
}
"""The events that moved money, certificates or tiles, and how each is taken back."""
