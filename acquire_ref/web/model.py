"""What a page shows of a game: the public facts as plain data, ready for a template (DESIGN 7).

Built on the ``status --json`` document (:func:`acquire_ref.viewers.views.status`), so that one rule says
what is public: while holdings are hidden (R10.1) no player's cash, shares, net worth or chain
leadership is in the model, a merger's banner names who was paid which bonus but no share count
or disposal, and the pending sentence names no holding. Every value is data for an escaping
template; colours are checked ``#rrggbb`` strings, never text from a file.

>>> from acquire_ref.engine.game import Game
>>> from acquire_ref.engine.moves import parse_move
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> _ = g.apply(parse_move("start 1A 5E 9I"))
>>> doc = board(g)
>>> doc["pending"]["headline"], doc["bag"], doc["grid"][0]["cells"][0]["kind"]
('Ann: place a tile', 87, 'lone')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from acquire_ref.engine.events import (
    BonusPaid,
    DefunctChain,
    MarketBonus,
    MergerBegan,
    MergerCompleted,
    NoBonus,
    SharesHeld,
    SharesSold,
    SharesTraded,
    TilePlaced,
    money,
)
from acquire_ref.language import _, ngettext
from acquire_ref.viewers.describe import recent_merger
from acquire_ref.words.decisions import end_condition
from acquire_ref.words.events import told
from acquire_ref.words.reasons import bonus, ended

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.viewers.views import ViewerLike

PALETTE = {
    "yellow": "#f2c40f", "red": "#d9263b", "blue": "#2a6fdb", "dark_orange3": "#e8780c", "green": "#23a55a",
    "magenta": "#b23ccc", "cyan": "#16aebf", "white": "#e8e8e8", "black": "#3a3a3a",
}
"""The chains' colours of the built-in editions, as hues that stay apart on a television; any
other colour name is converted with rich's table of terminal colours."""

LONE = "#d8cfb4"
"""A lone tile: the colour of a tile on the table."""


def colour(name: str) -> str:
    """A chain's colour (a name the editions accept, or ``#rrggbb``) as ``#rrggbb`` for a page;
    a name without a colour (``default``) is a neutral grey.

    >>> colour("red"), colour("#1E90FF"), colour("grey50"), colour("default")
    ('#d9263b', '#1e90ff', '#808080', '#8a8a8a')
    """
    import re

    if re.fullmatch(r"#[0-9a-fA-F]{6}", name):
        return name.lower()
    if name in PALETTE:
        return PALETTE[name]
    from rich.color import Color, ColorParseError

    try:
        rgb = Color.parse(name).get_truecolor()
    except ColorParseError:
        return "#8a8a8a"
    if Color.parse(name).is_default:
        return "#8a8a8a"
    return f"#{rgb.red:02x}{rgb.green:02x}{rgb.blue:02x}"


def ink(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (``#rrggbb``).

    >>> ink("#f2c40f"), ink("#2a6fdb")
    ('#111111', '#ffffff')
    """
    r, g, b = (int(background[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lum = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    luminance = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2]
    return "#111111" if luminance > 0.2 else "#ffffff"


def last_tile(game: Game) -> str | None:
    """The tile placed last (a start tile counts), or None before any: :func:`acquire_ref.viewers.describe.last_tile`."""
    from acquire_ref.viewers.describe import last_tile as placed_last

    return placed_last(game)


def grid(game: Game) -> list[dict[str, Any]]:
    """The edition's board (12 x 9 in the classic game, R1.1a), row A first: each cell's
    ``tile``, ``kind`` (``empty``, ``lone`` or ``chain``), ``chain``, ``letter``, ``colour``,
    ``ink`` and ``last`` (the tile placed last, R1.1)."""
    last = last_tile(game)
    rows = []
    for letter, tiles in game.edition.grid.iter_rows():
        cells = []
        for t in tiles:
            cell: dict[str, Any] = {"tile": str(t), "kind": "empty", "chain": None, "letter": "", "colour": None,
                                    "ink": None, "last": str(t) == last}
            if t in game.board:
                owner = game.board.owner[t]
                if owner is None:
                    cell.update(kind="lone", colour=LONE, ink="#111111")
                else:
                    ch = game.edition.chain(owner)
                    bg = colour(ch.colour)
                    cell.update(kind="chain", chain=owner, letter=ch.letter, colour=bg, ink=ink(bg))
            cells.append(cell)
        rows.append({"row": letter, "cells": cells})
    return rows


def leaders(game: Game) -> dict[str, list[str]]:
    """For each chain on the board, the players holding the most of its shares (all of them when
    they tie; none when nobody holds one): the majority as it stands (R5.4)."""
    out: dict[str, list[str]] = {}
    for c in game.chains_on_board():
        most = max(game.shares[p][c] for p in game.players)
        out[c] = [p for p in game.players if most and game.shares[p][c] == most]
    return out


def chain_cards(game: Game, doc: dict[str, Any], lead: dict[str, list[str]]) -> list[dict[str, Any]]:
    """A card per chain on the board: size, price, majority and minority bonus at this size, safe,
    shares left in the bank, defunct (in a merger under way) and its leaders (R3)."""
    ed = game.edition
    cards = []
    for name, c in doc["chains"].items():
        ch = ed.chain(name)
        bg = colour(ch.colour)
        cards.append({
            "name": name, "letter": ch.letter, "colour": bg, "ink": ink(bg), "size": c["size"],
            "price": money(c["price"]), "majority": money(ed.majority_bonus(name, c["size"])),
            "minority": money(ed.minority_bonus(name, c["size"])), "safe": c["safe"], "bank": c["bank"],
            "defunct": c.get("defunct", False), "leaders": lead.get(name, []),
        })
    return cards


def players(game: Game, doc: dict[str, Any], lead: dict[str, list[str]], viewer: ViewerLike = None) -> list[dict[str, Any]]:
    """Each player in seating order: ``name``, ``current``, ``rack`` (tiles), and unless hidden
    (``cash`` None, R10.1) ``cash``, ``worth`` (cash and shares at current prices) and ``shares``
    (``[{chain, letter, colour, ink, count, leads}]``), as ``viewer`` may see them (R10.3)."""
    from acquire_ref.viewers.views import withheld

    worth = game.net_worth() if not withheld(game, viewer) else {}
    current = doc["pending"]["player"]
    out = []
    for p in doc["players"]:
        row: dict[str, Any] = {"name": p["name"], "current": p["name"] == current, "rack": p["rack"],
                               "cash": None, "worth": None, "shares": []}
        if p["cash"] is not None:
            row.update(cash=money(p["cash"]), worth=money(worth[p["name"]]) if worth else None)
            for c, n in p["shares"].items():
                if n:
                    bg = colour(game.edition.chain(c).colour)
                    row["shares"].append({"chain": c, "letter": game.edition.chain(c).letter, "colour": bg,
                                          "ink": ink(bg), "count": n, "leads": p["name"] in lead.get(c, [])})
        out.append(row)
    return out


def _headline(what: str, choice: str, player: str | None, chain: str) -> str:
    """The pending decision ``what`` in a few words for large type, with the ``player`` who
    decides ("Olga: place a tile"), or capitalised when nobody in particular does (R10.2)."""
    named = {
        "start": _("{player}: draw the start tiles"), "place": _("{player}: place a tile"),
        "dispose": _("{player}: sell, trade or hold {chain}"), "buy": _("{player}: buy shares"),
        "market": _("{player}: draw for the market"), "over": _("{player}: the game is over"),
        "found": _("{player}: choose the chain to found"), "survivor": _("{player}: choose the surviving chain"),
        "order": _("{player}: choose which defunct chain goes first"),
    }
    alone = {"start": _("Draw the start tiles"), "over": _("The game is over"), "market": _("Draw for the market")}
    key = ({"found": "found", "survivor": "survivor"}.get(choice, "order")) if what == "choose" else what
    if player:
        return named[key].format(player=player, chain=chain) if key in named else _("{player}: {decision}").format(
            player=player, decision=what)
    return alone.get(key, what[:1].upper() + what[1:])


def pending(doc: dict[str, Any], after: str | None = None, turn: str | None = None) -> dict[str, Any]:
    """The pending decision (R10.2): ``headline`` in words for large type ("Olga: place a tile"),
    ``turn`` the player whose turn it is (a shareholder may decide in the mergemaker's turn),
    ``after`` the player whose turn comes next (None at the start and the end), ``text`` the
    referee's sentence with the command to type (for ``state.json``; the TV shows no program
    syntax), ``player`` and ``decision``."""
    from acquire_ref.words import with_program

    pend = doc["pending"]
    what = pend["decision"]
    headline = _headline(what, pend.get("choice", ""), pend["player"], pend.get("chain", ""))
    return {"player": pend["player"], "decision": what, "headline": headline, "after": after, "turn": turn,
            "text": with_program(pend["text"])}


def _turns(game: Game) -> tuple[str | None, str | None]:
    """Whose turn comes next and whose turn it is; (None, None) before the start and at the end."""
    if game.over or not game.log:
        return None, None
    return game.players[(game.current + 1) % len(game.players)], game.player


def banner(game: Game, viewer: ViewerLike = None) -> dict[str, Any] | None:
    """The last merger, shown for a turn after it: ``move`` (its number in the log: the page shows
    the banner over the board once per merger, keyed by it), ``turn`` (the merger's turn),
    ``where`` (``top`` or ``bottom``: the half of the board away from the merging tile, which
    stays in view), ``headline``,
    each defunct chain with the bonuses paid and why (R5.4), each disposal (R5.3b, not while
    holdings are hidden) and ``result`` once the survivor has grown (R5.5); None when there is
    no recent merger."""
    found = recent_merger(game)
    if found is None:
        return None
    move, events = found
    from acquire_ref.viewers.views import withheld

    hidden = withheld(game, viewer)
    began = events[0]
    assert isinstance(began, MergerBegan)
    sizes = _(", ").join(_("{chain} {size}").format(chain=c, size=n) for c, n in began.sizes.items())
    grid = game.edition.grid
    row = grid.letters.find(began_tile(game, move)[-1:] or "A")
    out: dict[str, Any] = {"move": move, "turn": game.log[move - 1].turn,
                           "where": "bottom" if row <= (grid.rows - 1) // 2 else "top",
                           "hidden": hidden, "defunct": [], "disposals": [], "result": None,
                           "headline": _("Merger by {player}: {survivor} survives ({sizes})").format(
                               player=began.player, survivor=began.survivor, sizes=sizes)}
    for e in events[1:]:
        if isinstance(e, DefunctChain):
            out["defunct"].append({"chain": e.chain, "size": e.size, "price": money(e.price), "bonuses": [],
                                   "nobody": False})
        elif isinstance(e, BonusPaid | MarketBonus) and out["defunct"]:
            who = e.player if isinstance(e, BonusPaid) else _("the market (R9, stays in the bank)")
            shares = e.shares if isinstance(e, BonusPaid) else e.holding
            why = bonus(e.bonus) if hidden else ngettext("{bonus}, {count} share", "{bonus}, {count} shares", shares).format(
                bonus=bonus(e.bonus), count=shares)
            out["defunct"][-1]["bonuses"].append({"player": who, "amount": money(e.amount), "why": why})
        elif isinstance(e, NoBonus) and out["defunct"]:
            out["defunct"][-1]["nobody"] = True
        elif isinstance(e, SharesSold | SharesTraded | SharesHeld) and not hidden:
            out["disposals"].append(told(e))
        elif isinstance(e, MergerCompleted):
            out["result"] = told(e)
    for d in out["defunct"]:
        d["brief"] = _("{chain}: {bonuses}.").format(chain=d["chain"], bonuses=_(", ").join(
            _("{player} {amount}").format(player=b["player"], amount=b["amount"]) for b in d["bonuses"]) or _("no bonus"))
    return out


def began_tile(game: Game, move: int) -> str:
    """The tile placed by move ``move`` (from 1) of the log, or "" when it placed none."""
    for e in game.log[move - 1].events:
        if isinstance(e, TilePlaced):
            return e.tile
    return ""


def final(game: Game) -> dict[str, Any] | None:
    """When the game is over, its final standings with each player's payout (R8.3), in the shape
    of :func:`standings`; None before."""
    if not game.over:
        return None
    from acquire_ref.viewers.views import score

    return standings(_("Final standings: {reason}").format(reason=ended(game)), score(game))


def standings(title: str, doc: dict[str, Any]) -> dict[str, Any]:
    """A ``score --json`` document for a page: ``title``, ``final`` and ``rows`` best first, each
    ``{rank, player, before, bonuses, sales, total}`` in words and dollars (R8.3)."""
    ranks = {s["player"]: s["rank"] for s in doc["standings"]}
    rows = [{
        "rank": ranks[b["player"]], "player": b["player"], "before": money(b["before"]),
        "bonuses": [_("{chain} {bonus}: {amount}").format(chain=x["chain"], bonus=bonus(x["kind"]), amount=money(x["amount"]))
                    for x in b["bonuses"]],
        "sales": [_("{count} {chain}: {amount}").format(count=x["shares"], chain=x["chain"], amount=money(x["amount"]))
                  for x in b["sales"]],
        "total": money(b["total"]),
    } for b in doc["breakdown"]]
    return {"title": title, "final": doc["final"], "rows": rows}


def board(game: Game, viewer: ViewerLike = None) -> dict[str, Any]:
    """Everything a page shows of ``game`` (DESIGN 7), as plain data for a template: ``title``,
    ``edition``, ``turn``, ``bag``, ``hidden``, ``over``, ``end`` (``available``, ``declared``,
    ``why``), ``columns``, ``grid``, ``chains``, ``free`` (chains off the board), ``players``,
    ``pending``, ``last`` (the last move in words), ``banner``, ``final`` and ``discarded`` (the
    dead tiles put out of the game, R7.3). ``viewer`` is the player whose holdings may show
    while they are hidden (``status --player``, ``--as``): made for ``viewer`` (R10.3); the live board is public
    (R10.1)."""
    from acquire_ref.viewers.views import last_move, status, withheld

    doc = status(game, viewer)
    hidden = withheld(game, viewer)
    lead = leaders(game) if not hidden else {}
    ed = game.edition
    return {
        "title": _("Acquire, turn {turn}").format(turn=game.turn) if not game.over else _("Acquire: final standings"),
        "edition": ed.name, "turn": game.turn, "bag": game.bag, "hidden": hidden, "over": game.over,
        "end": {"available": doc["end_available"], "declared": doc["end_declared"],
                "why": end_condition(ed, game.board.sizes)},
        "columns": list(range(1, ed.grid.columns + 1)), "grid": grid(game),
        "chains": chain_cards(game, doc, lead),
        "free": [{"name": c, "letter": ed.chain(c).letter, "colour": colour(ed.chain(c).colour),
                  "ink": ink(colour(ed.chain(c).colour))} for c in game.free_chains()],
        "players": players(game, doc, lead, viewer),
        "pending": pending(doc, *_turns(game)),
        "last": last_move(game, viewer),
        "banner": banner(game, viewer) if not game.over else None, "final": final(game),
        "discarded": doc["discarded"],
    }


def waiting(reason: str) -> dict[str, Any]:
    """What a page shows while the game file can't be read (missing, broken, half-edited): the
    ``reason`` in words; the page recovers by itself when the file is sound again."""
    return {"title": _("Acquire: waiting for the game file"), "waiting": reason}
