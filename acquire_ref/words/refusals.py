"""Refusals in words: an :class:`~acquire_ref.errors.IllegalMoveError` given as data (its rule,
its ``reason`` and its facts) as the sentence a viewer reads.

The engine refuses with data only (``IllegalMoveError(rule="R6.3", reason="short_of_cash",
player="Ann", cash=400, cost=1200, ...)``); this module words it, in full (the rule and every
fact: what the player concerned and the referee may read) or, for a refusal whose facts are a
player's own figures, in public (without them, R10.1). Which a viewer gets is decided by
:func:`acquire_ref.views.refusal`, never here. Loading this module makes it the text of
``str(error)`` (:func:`acquire_ref.errors.set_wording`).

>>> from acquire_ref.errors import IllegalMoveError
>>> e = IllegalMoveError(rule="R5.3b", reason="holds_too_few", player="Ben", chain="Tower", held=11, sell=12, trade=0)
>>> worded(e), worded(e, full=False)
("Ben holds 11 Tower: can't sell 12 and trade 0 (R5.3b)", 'not enough Tower shares to sell 12 and trade 0 (R5.3b)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from acquire_ref.errors import IllegalMoveError, set_wording
from acquire_ref.events import money
from acquire_ref.language import _, ngettext


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


def and_list(items: Sequence[str]) -> str:
    """``items`` as one text, each joined to the ones before by "and" (``"a and b and c"``), one
    message per join so that a catalogue words the joint."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items} and {item}").format(items=text, item=item)
    return text


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


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "over_limit": _over_limit, "not_on_board": _not_on_board, "bank_short": _bank_short,
    "short_of_cash": _short_of_cash, "not_your_disposal": _not_your_disposal, "holds_too_few": _holds_too_few,
    "odd_trade": _odd_trade, "trade_over_bank": _trade_over_bank,
}
"""Each refusal's sentence in full, by its ``reason``."""

_PUBLIC: dict[str, Callable[[dict[str, Any]], str]] = {
    "short_of_cash": _short_of_cash_public, "holds_too_few": _holds_too_few_public,
}
"""The refusals whose facts are a player's own figures, as everyone else may read them (R10.1)."""

set_wording(worded)
