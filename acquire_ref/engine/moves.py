"""Moves and their one text notation, shared by the command line, game files and scripts.

Each move is an immutable value that prints as the command that makes it (DESIGN 2):

>>> parse_move("place c5 --found imp")
Place(tile=Tile('5C'), found='Imperial', survivor=None, order=())
>>> str(parse_move("buy t T lux"))
'buy Tower=2 Luxor=1'
>>> str(parse_move("dispose Ann --trade 4"))
'dispose Ann --trade 4'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from acquire_ref.engine.editions import Edition, load_edition
from acquire_ref.engine.errors import NotationError
from acquire_ref.engine.tiles import Tile, parse_tile
from acquire_ref.engine.values import Value
from acquire_ref.language import _


class Start(Value):
    """The start tiles drawn, one per player in seating order (R2.2, UC01)."""

    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return " ".join(["start", *map(str, self.tiles)])


class Place(Value):
    """Place ``tile``; the decisions it may open can be given up front (R4, R5.2, R5.3)."""

    tile: Tile
    found: str | None = None
    survivor: str | None = None
    order: tuple[str, ...] = ()

    def __str__(self) -> str:
        out = f"place {self.tile}"
        if self.found:
            out += f" --found {self.found}"
        if self.survivor:
            out += f" --survivor {self.survivor}"
        if self.order:
            out += f" --order {','.join(self.order)}"
        return out


class Choose(Value):
    """Answer the pending chain decision: found, survivor, or defunct order (R4.2, R5.2, R5.3)."""

    chains: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(["choose", *self.chains])


class Dispose(Value):
    """A shareholder's decision on a defunct chain: sell N, trade N (2 for 1), hold the rest (R5.3b).

    ``sell_all`` (``--sell all``) sells every share not traded; ``trade_max`` (``--trade max``)
    trades as many as the bank's survivor shares allow (after the shares sold). The game records
    the counts they come to, so a file holds numbers only.
    """

    player: str | None = None
    sell: int = 0
    trade: int = 0
    sell_all: bool = False
    trade_max: bool = False

    def __str__(self) -> str:
        out = "dispose" + (f" {self.player}" if self.player else "")
        if self.sell_all or self.sell:
            out += f" --sell {'all' if self.sell_all else self.sell}"
        if self.trade_max or self.trade:
            out += f" --trade {'max' if self.trade_max else self.trade}"
        return out

    def counted(self, held: int, cap: int) -> Dispose:
        """This decision with ``--sell all`` and ``--trade max`` turned into counts, for a holder
        of ``held`` shares who may trade at most ``cap`` (R5.3b): the most the bank allows is
        traded first (of the shares not sold), then every share left is sold."""
        if not (self.sell_all or self.trade_max):
            return self
        trade = min(cap, (held - (0 if self.sell_all else self.sell)) // 2 * 2) if self.trade_max else self.trade
        sell = max(held - trade, 0) if self.sell_all else self.sell
        return Dispose(self.player, sell, trade)


class Buy(Value):
    """Buy shares, ``orders`` as ``((chain, count), ...)``, and finish the turn (R6)."""

    orders: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """Number of shares asked for."""
        return sum(n for _, n in self.orders)

    def __str__(self) -> str:
        return " ".join(["buy", *(f"{c}={n}" for c, n in self.orders)])


class Pass(Value):
    """The current player has no playable tile and skips placing (R4.7)."""

    def __str__(self) -> str:
        return "pass"


class Discard(Value):
    """Dead tiles shown by the current player, put out of the game and replaced (R7.3)."""

    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return " ".join(["discard", *map(str, self.tiles)])


class End(Value):
    """The current player declares the end of the game (R8.2)."""

    def __str__(self) -> str:
        return "end"


class Market(Value):
    """The tile drawn from the bag for the market in a two-player game: its column number is the
    market's holding for this payout (R9). ``tile`` is None when only the number was given."""

    column: int
    tile: Tile | None = None

    def __str__(self) -> str:
        return f"market {self.tile or self.column}"


Move = Start | Place | Choose | Dispose | Buy | Pass | Discard | End | Market


def _count(text: str, what: str) -> int:
    """A count of shares from its digits; :class:`NotationError` for anything else, or for more
    shares than any game holds (a million, cut in the message)."""
    if not (text.isascii() and text.isdigit()):
        raise NotationError(_("{given}: a count of shares is a whole number, 0 or more").format(given=what + text[:20]))
    if len(text) > 6:
        raise NotationError(_("{given}: no game has that many shares").format(
            given=what + text[:20] + ("..." if len(text) > 20 else "")))
    return int(text)


def _options(tokens: Sequence[str], allowed: tuple[str, ...], verb: str) -> tuple[list[str], dict[str, str]]:
    """Split tokens into positionals and ``--name value`` / ``--name=value`` options."""
    pos: list[str] = []
    opts: dict[str, str] = {}
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.startswith("--"):
            name, eq, value = tok[2:].partition("=")
            if name not in allowed:
                takes = ", ".join("--" + a for a in allowed)
                raise NotationError(_("{verb} has no option --{name}; it takes {options}").format(
                    verb=verb, name=name, options=takes) if allowed else _("{verb} has no option --{name}").format(
                    verb=verb, name=name))
            if not eq:
                i += 1
                if i >= len(tokens):
                    raise NotationError(_("--{name} needs a value").format(name=name))
                value = tokens[i]
            if name in opts:
                raise NotationError(_("--{name} is given twice").format(name=name))
            opts[name] = value
        else:
            pos.append(tok)
        i += 1
    return pos, opts


def _arity(verb: str, pos: list[str], lo: int, hi: int, usage: str) -> None:
    if not lo <= len(pos) <= hi:
        raise NotationError(_("usage: {usage}").format(usage=usage))


def _parse_start(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "start")[0]
    return Start(tuple(parse_tile(t, ed.grid) for t in pos))


def _parse_place(rest: list[str], ed: Edition) -> Move:
    pos, opts = _options(rest, ("found", "survivor", "order"), "place")
    _arity("place", pos, 1, 1, "place TILE [--found CHAIN] [--survivor CHAIN] [--order CHAIN,...]")
    order = tuple(ed.resolve_chain(c) for c in opts["order"].split(",") if c.strip()) if "order" in opts else ()
    if "order" in opts and not order:
        raise NotationError(_("--order needs chain names, e.g. --order Luxor,Tower"))
    return Place(
        parse_tile(pos[0], ed.grid),
        ed.resolve_chain(opts["found"]) if "found" in opts else None,
        ed.resolve_chain(opts["survivor"]) if "survivor" in opts else None,
        order,
    )


def _parse_choose(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "choose")[0]
    _arity("choose", pos, 1, 99, "choose CHAIN...")
    names = [c for p in pos for c in p.split(",") if c.strip()]
    if not names:
        raise NotationError(_("choose needs a chain name, e.g. choose Tower"))
    return Choose(tuple(ed.resolve_chain(c) for c in names))


def _parse_dispose(rest: list[str], ed: Edition) -> Move:
    pos, opts = _options(rest, ("sell", "trade"), "dispose")
    _arity("dispose", pos, 0, 1, "dispose [PLAYER] [--sell N|all] [--trade N|max]")
    sell, trade = opts.get("sell", "0"), opts.get("trade", "0")
    sell_all, trade_max = sell.lower() == "all", trade.lower() == "max"
    for word, text, allowed in (("--sell", sell, "all"), ("--trade", trade, "max")):
        if not (text.isascii() and text.isdigit()) and text.lower() != allowed:
            raise NotationError(_("{option} {text}: give a number of shares, or {allowed}").format(
                option=word, text=text, allowed=allowed))
    return Dispose(
        pos[0] if pos else None,
        0 if sell_all else _count(sell, "--sell "),
        0 if trade_max else _count(trade, "--trade "),
        sell_all,
        trade_max,
    )


def _buy_words(pos: list[str], ed: Edition) -> None:
    """Refuse, with the notation meant, the usual slips of ``buy``: shares separated by commas
    (``Luxor=1,American=1``) and a count as a word of its own (``tower 2``)."""
    for i, tok in enumerate(pos):
        if "," in tok:
            parts = " ".join(p for p in tok.split(",") if p)
            raise NotationError(_("buy {given}: separate the shares with spaces, not commas: `buy {parts}`").format(
                given=tok, parts=parts))
        if tok.isascii() and tok.isdigit():
            near = [w for w in (pos[i - 1] if i else "", pos[i + 1] if i + 1 < len(pos) else "")
                    if w and "=" not in w and not w.isdigit()]
            if near:
                chain = ed.resolve_chain(near[0])
                raise NotationError(_("buy: the count goes after the chain and an equals sign: `buy {chain}={count}`").format(
                    chain=chain, count=tok))
            raise NotationError(_("buy {count}: name the chain, e.g. `buy Tower={count}`").format(count=tok))


def _chain_letters(text: str, ed: Edition) -> list[tuple[str, int]] | None:
    """``text`` as the board's chain letters, one a share and an optional count after a letter, as
    the console's buy prompt takes them (``tt`` is 2 Tower, ``c2a`` 2 Continental and 1 American):
    ``[(chain, count), ...]``; None when ``text`` is a chain's name or prefix, or not letters only."""
    low = text.lower()
    if len(low) < 2 or any(c.name.lower().startswith(low) for c in ed.chains):
        return None
    by_letter = {c.letter.lower(): c.name for c in ed.chains}
    if not re.fullmatch(r"(?:[^\W\d_]\d*)+", low):
        return None
    pairs = re.findall(r"([^\W\d_])(\d*)", low)
    if any(letter not in by_letter for letter, _count_ in pairs):
        return None
    return [(by_letter[letter], int(n) if n else 1) for letter, n in pairs]


def _parse_buy(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "buy")[0]
    _buy_words(pos, ed)
    counts: dict[str, int] = {}
    for tok in pos:
        name, eq, n = tok.partition("=")
        letters = None if eq else _chain_letters(name, ed)
        if letters is None:
            chain = ed.resolve_chain(name)
            letters = [(chain, _count(n, f"{chain}=") if eq else 1)]
        for chain, count in letters:
            if count == 0:
                raise NotationError(_("{chain}=0: buy at least 1, or type `buy` alone to buy nothing").format(chain=chain))
            counts[chain] = counts.get(chain, 0) + count
    return Buy(tuple((c, n) for c, n in counts.items() if n))


def _parse_pass(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "pass")[0]
    _arity("pass", pos, 0, 0, "pass")
    return Pass()


def _parse_end(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "end")[0]
    _arity("end", pos, 0, 0, "end")
    return End()


def _parse_discard(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "discard")[0]
    _arity("discard", pos, 1, 99, "discard TILE...")
    return Discard(tuple(parse_tile(t, ed.grid) for t in pos))


def _parse_market(rest: list[str], ed: Edition) -> Move:
    pos = _options(rest, (), "market")[0]
    _arity("market", pos, 1, 1, "market TILE (the tile drawn for the market; its column is the holding)")
    if pos[0].isascii() and pos[0].isdigit():
        column = int(pos[0]) if len(pos[0]) <= 2 else 0
        if not 1 <= column <= ed.grid.columns:
            raise NotationError(_("market {given}: a tile's column is 1-{columns}").format(
                given=pos[0][:12], columns=ed.grid.columns))
        return Market(column)
    tile = parse_tile(pos[0], ed.grid)
    return Market(tile.col, tile)


_PARSERS: dict[str, Callable[[list[str], Edition], Move]] = {
    "start": _parse_start, "place": _parse_place, "choose": _parse_choose, "dispose": _parse_dispose,
    "buy": _parse_buy, "pass": _parse_pass, "discard": _parse_discard, "end": _parse_end, "market": _parse_market,
}
"""Each verb's reader of the words that follow it."""


def parse_tokens(tokens: Sequence[str], edition: Edition | None = None) -> Move:
    """Read a move from its words, e.g. ``["place", "5C", "--found", "T"]``.

    Chain names are case-insensitive with unique prefixes, resolved against ``edition`` (classic by
    default). Raises :class:`NotationError` for an unknown verb, option, tile or chain, or a
    malformed count. Whether the move is legal is the game's business, not the notation's.
    """
    if not tokens:
        raise NotationError(_("empty move"))
    parser = _PARSERS.get(tokens[0].lower())
    if parser is None:
        raise NotationError(_("{given} is not a move: start, place, choose, dispose, buy, pass, discard, end or "
                                "market").format(given=repr(tokens[0])))
    return parser(list(tokens[1:]), edition or load_edition())


def parse_move(text: str, edition: Edition | None = None) -> Move:
    """Read one move from its text notation (see :func:`parse_tokens`)."""
    return parse_tokens(text.split(), edition)
