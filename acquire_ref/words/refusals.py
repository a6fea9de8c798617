"""Refusals in words: an :class:`~acquire_ref.engine.errors.IllegalMoveError` given as data (its rule,
its ``reason`` and its facts) as the sentence a viewer reads.

The engine refuses with data only (``IllegalMoveError(rule="R6.3", reason="short_of_cash",
player="Ann", cash=400, cost=1200, ...)``); this module words it, in full (the rule and every
fact: what the player concerned and the referee may read) or, for a refusal whose facts are a
player's own figures, in public (without them, R10.1). Which a viewer gets is decided by
:func:`acquire_ref.viewers.views.refusal`, never here. Loading this module makes it the text of
``str(error)`` (:func:`acquire_ref.engine.errors.set_wording`).

>>> from acquire_ref.engine.errors import IllegalMoveError
>>> e = IllegalMoveError(rule="R5.3b", reason="holds_too_few", player="Ben", chain="Tower", held=11, sell=12, trade=0)
>>> worded(e), worded(e, full=False)
("Ben holds 11 Tower: can't sell 12 and trade 0 (R5.3b)", 'not enough Tower shares to sell 12 and trade 0 (R5.3b)')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from acquire_ref.engine.errors import IllegalMoveError, set_wording
from acquire_ref.engine.events import money
from acquire_ref.language import _, ngettext, number
from acquire_ref.words.tiles import and_list, would_do


def N_(message: str) -> str:
    """``message`` marked for the catalogues where it is written, translated where it is used
    (gettext's convention for a message kept in a table)."""
    return message


def worded(error: IllegalMoveError, full: bool = True) -> str:
    """``error`` as a sentence in the language in force: in full, or with ``full`` False without
    the figures of ``error.player`` (R10.1; the same as in full when it names none). A refusal
    given in words (no ``reason``) is its own words."""
    if error.reason is None:
        return str(error.args[0]) if error.args else ""
    words = _WORDS.get(error.reason)
    if words is None:  # not reached for a refusal the engine makes: every reason is worded here
        return f"{error.reason} ({error.rule})"
    facts = {**error.facts, "player": error.player}
    if not full and error.player is not None:
        public = _PUBLIC.get(error.reason)
        if public is not None:
            return public(facts)
    return words(facts)


def _over_limit(f: dict[str, Any]) -> str:
    return ngettext("{player} asks for {asked} share: at most {limit} a turn (R6.1)",
                    "{player} asks for {asked} shares: at most {limit} a turn (R6.1)", f["asked"]).format(
        player=f["who"], asked=f["asked"], limit=f["limit"])


def _not_on_board(f: dict[str, Any]) -> str:
    chains = _(", ").join(f["on_board"]) or _("none")
    return _("{chain} is not on the board: buy only chains on the board ({chains}) (R6.1)").format(
        chain=f["chain"], chains=chains)


def _bank_short(f: dict[str, Any]) -> str:
    return ngettext("the bank has {held} {chain} share, not {asked}: the purchase is refused as a whole (R3.4, R6.3)",
                    "the bank has {held} {chain} shares, not {asked}: the purchase is refused as a whole (R3.4, R6.3)",
                    f["held"]).format(held=f["held"], chain=f["chain"], asked=f["asked"])


def _short_of_cash(f: dict[str, Any]) -> str:
    detail = " + ".join(_("{count} {chain} at {price}").format(count=n, chain=c, price=money(p))
                        for c, n, p in f["orders"])
    if f["can"]:
        can = _("{shares} ({spent})").format(
            shares=and_list([_("{count} {chain}").format(count=k, chain=c) for c, k in f["can"]]), spent=money(f["spent"]))
    else:
        can = _("none of them (the cheapest, {chain}, is {price} a share)").format(
            chain=f["cheapest"], price=money(f["cheapest_price"]))
    return _("{detail} = {cost}, but {player} has {cash}: the purchase is refused as a whole (R6.3); "
             "{player} can buy {can}").format(detail=detail, cost=money(f["cost"]), player=f["player"],
                                              cash=money(f["cash"]), can=can)


def _short_of_cash_public(f: dict[str, Any]) -> str:
    asked = " + ".join(_("{count} {chain}").format(count=n, chain=c) for c, n, _p in f["orders"])
    return _("not enough cash for {asked} (R6.3)").format(asked=asked)


def _not_your_disposal(f: dict[str, Any]) -> str:
    return _("it is {due}'s turn to dispose of {chain} shares, not {who}'s (mergemaker first, then clockwise, "
             "R5.3b)").format(due=f["due"], chain=f["chain"], who=f["who"])


def _holds_too_few(f: dict[str, Any]) -> str:
    return _("{player} holds {held} {chain}: can't sell {sell} and trade {trade} (R5.3b)").format(**f)


def _holds_too_few_public(f: dict[str, Any]) -> str:
    return _("not enough {chain} shares to sell {sell} and trade {trade} (R5.3b)").format(**f)


def _odd_trade(f: dict[str, Any]) -> str:
    return _("trades go 2 {chain} for 1 {survivor}, in pairs: --trade {trade} is odd (R5.3b)").format(**f)


def _trade_over_bank(f: dict[str, Any]) -> str:
    if not f["bank"]:
        return _("the bank has no {survivor} shares left, so no trade: sell or hold the {chain} (R5.3b)").format(**f)
    return ngettext("the bank has {bank} {survivor} share: trade at most {most} {chain} (R5.3b)",
                    "the bank has {bank} {survivor} shares: trade at most {most} {chain} (R5.3b)", f["bank"]).format(
        most=2 * f["bank"], **f)


def _list(items: Any) -> str:
    return _(", ").join(items)


def _start_count(f: dict[str, Any]) -> str:
    return _("start needs {needed} tiles, one per player in seating order ({players}), not {given} (R2.2)").format(
        needed=f["needed"], players=_list(f["players"]), given=f["given"])


def _blocked_tile(f: dict[str, Any]) -> str:
    return _("{tile} is a blocked tile: it would found a chain, but all {chains} chains are on the board (R4.5). "
             "It stays in the rack; play another tile, or `pass` if none is playable").format(**f)


def _dead_tile(f: dict[str, Any]) -> str:
    if f["replaced"]:
        text = _("{tile} is a dead tile: it would merge the safe chains {safe} ({sizes} tiles), which can never "
                 "merge (R4.6). It is replaced next turn (dead tiles are replaced once per turn, R7.3)")
    else:
        text = _("{tile} is a dead tile: it would merge the safe chains {safe} ({sizes} tiles), which can never "
                 "merge (R4.6). Put it out of the game with `discard {tile}`")
    return text.format(tile=f["tile"], safe=and_list(f["safe"]), sizes=_list(str(n) for n in f["sizes"]))


def _founds_none(f: dict[str, Any]) -> str:
    return _("--found {chain}: {tile} does not found a chain: it {does} (R4)").format(
        chain=f["chain"], tile=f["tile"], does=would_do(f["effect"], f["sizes"]))


def _merges_none(f: dict[str, Any]) -> str:
    return _("--survivor/--order: {tile} causes no merger: it {does} (R5)").format(
        tile=f["tile"], does=would_do(f["effect"], f["sizes"]))


def _rack_holds(f: dict[str, Any]) -> str:
    return ngettext("{player}'s rack holds {rack} tile, not {named} (R7.3)",
                    "{player}'s rack holds {rack} tiles, not {named} (R7.3)", f["rack"]).format(
        player=f["who"], rack=f["rack"], named=f["named"])


def _not_dead(f: dict[str, Any]) -> str:
    return _("{tile} is not a dead tile (it {does}): only dead tiles are replaced (R4.6, R7.3)").format(
        tile=f["tile"], does=would_do(f["effect"], f["sizes"]))


def _order_larger(f: dict[str, Any]) -> str:
    return _("{larger} ({larger_size} tiles) is larger than {smaller} ({smaller_size}): defunct chains go largest "
             "first; the mergemaker orders only chains of equal size (R5.3)").format(**f)


_NOT_NOW = {
    "start": N_("can't draw start tiles now: {pending}"), "place": N_("can't place {tile} now: {pending}"),
    "pass": N_("can't pass now: {pending}"), "choose": N_("can't choose a chain now: {pending}"),
    "dispose": N_("can't dispose of shares now: {pending}"),
    "market": N_("can't settle the market's holding now: {pending}"), "buy": N_("can't buy shares now: {pending}"),
    "end": N_("can't declare the end now: {pending}"), "discard": N_("can't discard dead tiles now: {pending}"),
}
"""The refusal of each move that does not answer the pending decision, by the move's verb."""


def _not_now(f: dict[str, Any]) -> str:
    from acquire_ref.words.decisions import summary

    return _(_NOT_NOW[f["move"]]).format(tile=f["tile"], pending=summary(f["pending"]))


def _end_not_available(f: dict[str, Any]) -> str:
    from acquire_ref.words.decisions import end_condition

    return _("the end is not available: {why} (R8.1)").format(why=end_condition(f["edition"], f["sizes"]))


def _simple(message: str, **lists: str) -> Callable[[dict[str, Any]], str]:
    """A refusal whose sentence is ``message`` with the facts as its fields (those named in
    ``lists``, tuples, joined with the separator given)."""
    def words(f: dict[str, Any]) -> str:
        joined = {k: _(sep).join(f[k]) if sep == ", " else sep.join(f[k]) for k, sep in lists.items()}
        return _(message).format(**{**f, **joined})
    return words


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "over_limit": _over_limit, "not_on_board": _not_on_board, "bank_short": _bank_short,
    "short_of_cash": _short_of_cash, "not_your_disposal": _not_your_disposal, "holds_too_few": _holds_too_few,
    "odd_trade": _odd_trade, "trade_over_bank": _trade_over_bank,
    "start_count": _start_count, "blocked_tile": _blocked_tile, "dead_tile": _dead_tile,
    "founds_none": _founds_none, "merges_none": _merges_none, "rack_holds": _rack_holds, "not_dead": _not_dead,
    "order_larger": _order_larger, "not_now": _not_now, "end_not_available": _end_not_available,
    "end_declared": _simple(N_("{who} has already declared the end (R8.2)")),
    "move_cap": lambda f: _("the game has {moves} moves, the most a game holds (a real game has a few hundred): it "
                            "takes no more").format(moves=number(f["moves"])),
    "not_to_order": _simple(N_("choose {chain}: {chain} is not one of the equal-sized defunct chains to order: "
                               "{options} (R5.3)"), options=", "),
    "ordered_defunct": _simple(N_("choose {chain}: the tile was placed with --order {order}, which makes {chain} "
                                  "defunct; the survivor is one of {options} (R5.2, R5.3)"), order=",", options=", "),
    "not_tied": _simple(N_("choose {chain}: {chain} is not one of the largest chains that tie: {options} (R5.2)"),
                        options=", "),
    "start_twice": _simple(N_("each start tile is a different tile: {tile} is named twice (R2.2)")),
    "found_on_board": _simple(N_("{chain} is already on the board: found one of {free} (R4.2)"), free=", "),
    "tile_on_board": _simple(N_("{tile} is already on the board (R1.1: one tile per space)")),
    "tile_out": _simple(N_("{tile} was put out of the game as a dead tile (R7.3)")),
    "off_board": _simple(N_("{tile} is off the {grid} board: columns run 1-{columns} and rows A-{last_row} (R1.1a)")),
    "dealt_replaces": _simple(N_("in dealt mode the referee replaces dead tiles itself at the end of the turn (R7.3)")),
    "replaced_once": _simple(N_("{who} has already replaced dead tiles this turn: once per turn (R7.3)")),
    "discard_twice": _simple(N_("a tile is named twice (R7.3)")),
    "order_twice": _simple(N_("a chain is named twice in the defunct order (R5.3)")),
    "order_not_defunct": _simple(N_("--order {chain}: not a defunct chain of this merger ({defunct}) (R5.3)"),
                                 defunct=", "),
    "order_every_largest": _simple(N_("--order {order} names every one of the largest chains ({tied}) as defunct: "
                                      "one of them survives (R5.2)"), order=",", tied=", "),
    "survivor_not_merged": _simple(N_("--survivor {survivor}: {tile} merges {chains}, not {survivor} (R5.2)"),
                                   chains=", "),
    "survivor_smaller": _simple(N_("--survivor {survivor}: {survivor} has {size} tiles, {largest} has "
                                   "{largest_size}; the largest chain survives (R5.2)")),
    "choose_not_defunct": _simple(N_("choose: {chain} is not a defunct chain of this merger ({defunct}) (R5.3)"),
                                  defunct=", "),
    "choose_not_remaining": _simple(N_("choose: {chain} is not a defunct chain still to be handled ({remaining}) "
                                       "(R5.3)"), remaining=", "),
    "rack_empty": _simple(N_("{who}'s rack is empty and the bag is too (R7.2): type `pass`")),
    "not_in_rack": _simple(N_("{tile} is not in {who}'s rack (dealt mode: `hand {who}` shows it)")),
    "bots_tile": _simple(N_("{tile} was drawn for {bot} (bot) and sits in its rack: {who} places a tile of their "
                            "own rack (R2.4)")),
    "must_place": _simple(N_("{who} has a playable tile, so must place one (R4.7)")),
    "choose_on_board": _simple(N_("choose {chain}: {chain} is on the board; free chains: {free} (R4.2)"), free=", "),
    "found_one": _simple(N_("a tile founds one chain: choose one of {free} (R4.2)"), free=", "),
    "market_column": _simple(N_("the market's tile is in a column of the {grid} board, 1-{columns} (R9)")),
    "market_tile_used": _simple(N_("{tile} is not in the bag (it is on the board or out of the game): "
                                   "draw the market's tile from the bag (R9)")),
}
"""Each refusal's sentence in full, by its ``reason``."""

_PUBLIC: dict[str, Callable[[dict[str, Any]], str]] = {
    "short_of_cash": _short_of_cash_public, "holds_too_few": _holds_too_few_public,
}
"""The refusals whose facts are a player's own figures, as everyone else may read them (R10.1)."""

set_wording(worded)
