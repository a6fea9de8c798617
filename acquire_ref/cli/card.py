"""The information card and the rule book on the command line, no game file needed: ``price`` (a
chain at a size, R3), ``chart`` (the whole card, R3.2, R3.3), ``bonus`` (who gets the bonuses,
R5.4) and ``rule`` (the rules the referee cites, :mod:`acquire_ref.rulebook`).

Only Typer is imported at start-up; each command imports the editions it reads.
"""

from __future__ import annotations

import typer

from acquire_ref.cli.completion import complete_chain
from acquire_ref.cli.options import EDITION, JSON, edition_spec
from acquire_ref.cli.output import print_json, say
from acquire_ref.language import N_, _, ngettext


def price(
    chain: str = typer.Argument(..., metavar="CHAIN", help=N_("Chain name (prefixes work)."), autocompletion=complete_chain),
    size: int = typer.Argument(..., min=2, max=108, metavar="SIZE", help=N_("Tiles in the chain (2 to 108).")),
    as_json: bool = JSON,
    edition: str = EDITION,
) -> None:
    """A chain's share price and bonuses at a size, from the information card (R3). No game file needed.

    Example: acquire-ref price Imperial 14
    """
    from acquire_ref.engine.events import money
    from acquire_ref.words.card import place, tier

    ed = edition_spec(edition)[0]
    name = ed.resolve_chain(chain)
    tier_name, share_price, safe = ed.chain(name).tier, ed.price(name, size), ed.is_safe(size)
    majority, minority = ed.majority_bonus(name, size), ed.minority_bonus(name, size)
    places = ed.bonuses(name, size)
    if as_json:
        print_json({"chain": name, "size": size, "tier": tier_name, "price": share_price, "majority": majority,
                    "minority": minority, "places": list(places), "safe": safe})
        return
    fields = {"chain": name, "tier": tier(tier_name), "size": size, "price": money(share_price)}
    if len(places) == 2:
        said = (_("{chain} ({tier} tier) at {size} tiles: {price} a share; majority bonus {majority}, minority bonus "
                  "{minority}; safe (R3.5).") if safe else
                _("{chain} ({tier} tier) at {size} tiles: {price} a share; majority bonus {majority}, minority bonus "
                  "{minority}."))
        say(said.format(**fields, majority=money(majority), minority=money(minority)))
        return
    bonuses = ", ".join(f"{place(i)} {money(b)}" for i, b in enumerate(places))
    said = (_("{chain} ({tier} tier) at {size} tiles: {price} a share; bonuses {bonuses} (R5.4a); safe (R3.5).") if safe
            else _("{chain} ({tier} tier) at {size} tiles: {price} a share; bonuses {bonuses} (R5.4a)."))
    say(said.format(**fields, bonuses=bonuses))


def chart(
    as_json: bool = JSON,
    edition: str = EDITION,
) -> None:
    """The whole information card: share price and bonuses by tier and size (R3.2, R3.3).

    Example: acquire-ref chart
    """
    doc = edition_spec(edition)[0].card()
    if as_json:
        print_json(doc)
        return
    from acquire_ref.render import console
    from acquire_ref.reports import chart_table

    console().print(chart_table(doc))


def bonus(
    chain: str = typer.Argument(..., metavar="CHAIN", help=N_("Chain name (prefixes work)."), autocompletion=complete_chain),
    size: int = typer.Argument(
        ..., min=2, max=108, metavar="SIZE", help=N_("Tiles in the chain when the bonuses are paid (2 to 108)."),
    ),
    holdings: list[str] = typer.Argument(..., metavar="PLAYER=SHARES...", help=N_("Each shareholder and the shares held.")),
    as_json: bool = JSON,
    edition: str = EDITION,
) -> None:
    """Who gets the majority and minority bonuses (every place's, R5.4a), ties split and rounded up to $100 (R5.4).

    Example: acquire-ref bonus American 5 Ann=3 Ben=3 Cat=2
    """
    from acquire_ref.engine.events import money
    from acquire_ref.engine.setup import read_holdings
    from acquire_ref.viewers.views import bonus as bonus_doc
    from acquire_ref.words.card import place
    from acquire_ref.words.reasons import bonus as bonus_words

    ed = edition_spec(edition)[0]
    name = ed.resolve_chain(chain)
    held = read_holdings(holdings, ed, name)
    doc = bonus_doc(ed, name, size, held)
    if as_json:
        print_json(doc)
        return
    fields = {"chain": name, "size": size, "price": money(doc["price"])}
    if len(doc["places"]) == 2:
        say(_("{chain} at {size} tiles ({price}): majority {majority}, minority {minority}").format(
            **fields, majority=money(doc["majority"]), minority=money(doc["minority"])))
    else:
        bonuses = ", ".join(f"{place(i)} {money(b)}" for i, b in enumerate(doc["places"]))
        say(_("{chain} at {size} tiles ({price}): {bonuses} (R5.4a)").format(**fields, bonuses=bonuses))
    paid = {b["player"]: b for b in doc["bonuses"]}
    for holder, count in sorted(held.items(), key=lambda kv: -kv[1]):
        share = paid.get(holder)
        if share:
            told = ngettext("{player} ({count} share): {amount} ({kind})", "{player} ({count} shares): {amount} ({kind})",
                            count).format(player=holder, count=count, amount=money(share["amount"]),
                                          kind=bonus_words(share["kind"]))
        else:
            told = ngettext("{player} ({count} share): nothing", "{player} ({count} shares): nothing", count).format(
                player=holder, count=count)
        say(f"  {told}")
    if not paid:
        say("  " + _("nobody holds a share: no bonus is paid"))


def rule(
    number: str | None = typer.Argument(
        None, metavar="[NUMBER]", help=N_("A rule (R6.3, R5.3b), a whole section (R6, T4), or none for the list.")
    ),
    as_json: bool = JSON,
) -> None:
    """The rules the referee cites, as it enforces them: a refusal's (R6.3) is read with `rule R6.3`.

    Example: acquire-ref rule R6.3
    """
    from acquire_ref import rulebook
    from acquire_ref.engine.errors import NotationError

    if number is None:
        rules = [rulebook.rule(n) for n in rulebook.sections()]
        if as_json:
            print_json([{"number": r.number, "section": r.section} for r in rules])
            return
        for r in rules:
            say(f"{r.number:<4} {r.section}")
        say(_("Read one with `acquire-ref rule R6` (a section) or `acquire-ref rule R6.3` (one rule)."))
        return
    try:
        found = rulebook.rule(number)
    except rulebook.UnknownRule as exc:
        raise NotationError(str(exc)) from None
    if as_json:
        print_json(found._asdict())
        return
    import re
    import textwrap

    say(f"{found.number} ({found.section})" if "." in found.number else f"{found.number} {found.section}")
    for paragraph in found.text.splitlines():
        indent = "   " if paragraph[:2].rstrip(".").isalpha() and paragraph[1:2] == "." else ""
        hanging = "   " if re.match(r"(\d+|[a-z])\. ", paragraph) else ""  # an item's lines under its text
        say(textwrap.fill(paragraph, width=100, initial_indent=indent, subsequent_indent=indent + hanging))
