"""What a game is set up with: the players and the rules on their names, the options (R2.1, R17),
and positions: a game already under way, written down by hand, to start refereeing from.

A position gives the board (each chain's tiles and the lone tiles), each player's cash and
shares, optionally the bank's shares (checked), whose turn it is, and the tile counts (bag, racks,
tiles out of the game). :func:`read_position` checks it like a snapshot: 108 tiles, 25 shares per
chain, money in whole hundreds, chains that are connected groups of at least 2 tiles, lone tiles
that touch no chain.

>>> opts = Options.parse({"holdings": "hidden"})
>>> opts.hidden, opts.market, opts.as_dict()["stall"]
(True, True, 'end')
>>> check_player_names(["Ann", "Ben"])
>>> check_player_names(["Ann", "ann"])
Traceback (most recent call last):
...
acquire_ref.engine.errors.NotationError: two players are called 'ann' (names must differ, ignoring case)
>>> from acquire_ref.engine.editions import load_edition
>>> pos, problems = read_position(
...     {"next": "B", "bag": 87, "lone": ["9A"], "chains": {"Tower": ["1A", "2A"]},
...      "cash": {"A": 6000, "B": 5800, "C": 6000}, "shares": {"B": {"Tower": 2}}},
...     ["A", "B", "C"], load_edition())
>>> problems
[]
>>> pos.chains["Tower"], pos.bank["Tower"]
([Tile('1A'), Tile('2A')], 23)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from acquire_ref.engine.editions import Edition
from acquire_ref.engine.errors import AcquireError, NotationError
from acquire_ref.engine.events import plural
from acquire_ref.engine.problems import MAX_MONEY, Problems, invisible, shown, skeleton
from acquire_ref.engine.rule_options import OPTION_VALUES
from acquire_ref.engine.scoring import MARKET
from acquire_ref.engine.tiles import CLASSIC_GRID, Grid, Tile, connected, neighbour_table, parse_tile
from acquire_ref.language import _, number

__all__ = ["MARKET", "MAX_NAME", "MAX_PLAYERS", "MIN_PLAYERS", "OPTION_VALUES", "POSITION_KEYS", "SCORING_KEYS", "Options",
           "Position", "check_player_name", "check_player_names", "looks_alike", "read_position", "read_scoring_position"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MAX_NAME = 80
"""The most characters a player's name may have (R2.1): room for any name a person goes by,
and a bound on what one name can make a file, a page or a screen hold."""



def check_player_names(players: Iterable[object]) -> None:
    """Raise :class:`NotationError` unless there are 2 to 6 players (R2.1) with names that are
    printable, free of spaces, ``=``, ``,`` and a leading ``-``, unique ignoring case, and that
    look different: two names with the same :func:`~acquire_ref.engine.problems.skeleton` ("Ann" and
    "\u0410nn" with a Cyrillic A, or a full-width "\uff21nn") would print as one seat."""
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise NotationError(_("Acquire seats {least} to {most} players here, not {count} (R2.1)").format(
            least=MIN_PLAYERS, most=MAX_PLAYERS, count=len(players)))
    seen: dict[str, str] = {}
    for p in players:
        check_player_name(p)
        assert isinstance(p, str)
        other = seen.get(skeleton(p))
        if other is not None and other.lower() == p.lower():
            raise NotationError(_("two players are called {name} (names must differ, ignoring case)").format(name=shown(p)))
        if other is not None:
            raise NotationError(_("{name} looks like {other} ({codes} and {other_codes}): give the players names "
                                  "that look different").format(name=shown(p), other=shown(other), codes=_codes(p),
                                                                 other_codes=_codes(other)))
        seen[skeleton(p)] = p


def check_player_name(name: object) -> None:
    """Raise :class:`NotationError` unless ``name`` can be a player's name (R2.1): 1 to
    :data:`MAX_NAME` characters, printable, with nothing that prints as nothing (default-ignorable
    code points such as U+034F or U+200B, fillers such as U+3164, U+2800, U+115F, U+FFA0,
    variation selectors, tags: :func:`~acquire_ref.engine.problems.invisible`) and not marks alone, free
    of spaces, ``=``, ``,`` and a leading ``-``. The one rule for every name that is accepted:
    each seat (:func:`check_player_names`), each outside bot, each entrant of a tournament (T1.1)."""
    if not isinstance(name, str) or not name or not name.isprintable() or any(ch.isspace() for ch in name) \
            or "=" in name or name.startswith("-") or "," in name:
        raise NotationError(_("{name} can't be a player name: printable characters only, no spaces, '=', ',' or "
                              "leading '-'").format(name=shown(name)))
    if len(name) > MAX_NAME:
        raise NotationError(_("{name} can't be a player name: it has {count} characters, and a name has at most "
                              "{most}").format(name=shown(name), count=number(len(name)), most=MAX_NAME))
    if not name.isascii():
        import unicodedata

        hidden = [ch for ch in name if invisible(ch)]
        if hidden:
            raise NotationError(_("{name} can't be a player name: it holds {codes}, which prints as nothing; use "
                                  "letters, digits and signs that show").format(name=shown(name), codes=_codes("".join(hidden))))
        if all(unicodedata.category(ch).startswith("M") for ch in name):
            raise NotationError(_("{name} can't be a player name: it is only marks ({codes}), with no letter to "
                                  "carry them").format(name=shown(name), codes=_codes(name)))


def looks_alike(one: str, other: str) -> bool:
    """True when two whole names would print as one seat: equal ignoring case, or the same
    :func:`~acquire_ref.engine.problems.skeleton` (NFKC, casefolded, look-alike letters mapped,
    invisible code points left out; R2.1)."""
    return skeleton(one) == skeleton(other)


def read_holdings(items: Iterable[str], edition: Edition, chain: str) -> dict[str, int]:
    """The shareholders of ``chain`` given as ``PLAYER=SHARES`` items (``bonus``: ``Ann=3
    Ben=3``), in the order given: player = shares held.

    Each name follows the one name rule (R2.1, :func:`check_player_name`) and looks like no other
    given; each count is a whole number up to the edition's shares of a chain, and so is their sum
    (R3.4). Raises :class:`NotationError` (exit 2) naming the item at fault.
    """
    held: dict[str, int] = {}
    limit = edition.shares_per_chain
    for item in items:
        player, eq, n = item.partition("=")
        if not eq or not player or not (n.isascii() and n.isdigit()):
            raise NotationError(f"{item!r}: write PLAYER=SHARES, e.g. Ann=3")
        if len(n) > 6 or int(n) > limit:
            raise NotationError(f"{player}={n}: a player holds at most the {limit} {chain} shares (R3.4)")
        check_player_name(player)
        other = next((h for h in held if looks_alike(player, h)), None)
        if other is not None and other.lower() == player.lower():
            raise NotationError(f"{player} is named twice (names differ ignoring case)")
        if other is not None:
            raise NotationError(f"{player} looks like {other}: give the players names that look different")
        held[player] = int(n)
    if sum(held.values()) > limit:
        raise NotationError(f"{sum(held.values())} {chain} shares: there are {limit} (R3.4)")
    return held

def _codes(name: str) -> str:
    """The code points of the letters of ``name`` that are not plain ASCII, to show what differs."""
    odd = [f"U+{ord(ch):04X}" for ch in name if not ch.isascii()]
    return ", ".join(odd[:4]) + (" ..." if len(odd) > 4 else "") if odd else "plain letters"


class Options:
    """The rule options of a game, read once (R17); every option has its printed-rule default.

    Attributes are booleans named for what differs from the printed rule: ``column_first``
    (``start-order``, R2.3), ``replace_until_none`` (``dead-tiles``, R7.3), ``stall_continues``
    (``stall``, R8.4), ``market`` (``two-player-market``, R9) and ``hidden`` (``holdings``, R10.1).
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, str]) -> None:
        self._values = dict(values)

    @classmethod
    def parse(cls, given: Mapping[str, str] | None = None) -> Options:
        """Options from ``{name: value}``; missing ones take their defaults.

        Raises :class:`NotationError` for an unknown option or value, naming the accepted ones.
        """
        values = {k: v[0] for k, v in OPTION_VALUES.items()}
        for key, value in (given or {}).items():
            if key not in OPTION_VALUES:
                raise NotationError(_("unknown option {key}: options are {options}").format(
                    key=repr(key), options=", ".join(OPTION_VALUES)))
            if value not in OPTION_VALUES[key]:
                raise NotationError(_("option {key} takes {values}, not {value}").format(
                    key=key, values=_(" or ").join(OPTION_VALUES[key]), value=repr(value)))
            values[key] = value
        return cls(values)

    def as_dict(self) -> dict[str, str]:
        """Every option and its value, as written in a game file and ``status --json``."""
        return dict(self._values)

    def changed(self) -> list[str]:
        """``KEY=VALUE`` for each option that differs from its default."""
        return [f"{k}={v}" for k, v in self._values.items() if OPTION_VALUES[k][0] != v]

    @property
    def column_first(self) -> bool:
        """``start-order = column-first``: the start tile closest to 1A by column first (R2.3)."""
        return self._values["start-order"] == "column-first"

    @property
    def replace_until_none(self) -> bool:
        """``dead-tiles = replace-until-none``: dead tiles are replaced until none is left (R7.3)."""
        return self._values["dead-tiles"] == "replace-until-none"

    @property
    def stall_continues(self) -> bool:
        """``stall = continue``: a stalled game goes on instead of ending (R8.4)."""
        return self._values["stall"] == "continue"

    @property
    def market(self) -> bool:
        """``two-player-market = on``: with two players the market is a shareholder (R9)."""
        return self._values["two-player-market"] == "on"

    @property
    def hidden(self) -> bool:
        """``holdings = hidden``: each player's cash and shares are private (R10.1)."""
        return self._values["holdings"] == "hidden"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and other._values == self._values

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __repr__(self) -> str:
        return f"Options({self._values!r})"


POSITION_KEYS = ("next", "bag", "racks", "discarded", "lone", "chains", "cash", "shares", "bank")


class Position:
    """A checked position: whose turn is ``next``, tiles in the ``bag`` and each rack, tiles out of
    the game, the ``lone`` tiles and each chain's tiles, each player's ``cash`` (dollars) and
    ``shares``, and the ``bank``'s shares (R2, R3.4)."""

    __slots__ = ("bag", "bank", "cash", "chains", "discarded", "lone", "next", "racks", "shares")

    def __init__(self, next: str, bag: int, racks: dict[str, int], discarded: list[Tile], lone: list[Tile],
                 chains: dict[str, list[Tile]], cash: dict[str, int], shares: dict[str, dict[str, int]],
                 bank: dict[str, int]) -> None:
        self.next = next
        self.bag = bag
        self.racks = racks
        self.discarded = discarded
        self.lone = lone
        self.chains = chains
        self.cash = cash
        self.shares = shares
        self.bank = bank


def _tiles(value: object, where: str, problems: Problems, grid: Grid = CLASSIC_GRID) -> list[Tile]:
    """The tiles of ``grid`` of a list of tile names; each name that can't be read is a problem."""
    if not isinstance(value, list):
        problems.add(f"{where} should be a list of tiles like [\"5C\", \"6C\"]")
        return []
    out = []
    for i, text in enumerate(value, 1):
        try:
            out.append(parse_tile(text if isinstance(text, str) else repr(text), grid))
        except AcquireError as exc:
            problems.add(f"{where}[{i}]: {exc}")
    return out


def _read_shares(
    shares_in: object, players: list[str], edition: Edition, where: str, problems: Problems,
    unknown: str = "is not a player:",
) -> dict[str, dict[str, int]]:
    """Each player's shares from a ``player = { chain = count }`` table, every chain present;
    problems (unknown player or chain, a count that is not a whole number) go to ``problems``."""
    shares = {p: dict.fromkeys(edition.chain_names, 0) for p in players}
    for p, held in shares_in.items() if isinstance(shares_in, dict) else []:
        if p not in players:
            problems.add(f"{where}: {p!r} {unknown} {', '.join(players) or 'none'}")
            continue
        if not isinstance(held, dict):
            problems.add(f"{where}.{p} should be a table of chain = shares")
            continue
        for c, n in held.items():
            if c not in edition.chain_names:
                problems.add(f"{where}.{p}: unknown chain {c!r} ({', '.join(edition.chain_names)})")
                continue
            shares[p][c] = problems.whole(n, f"{where}.{p}.{c}") or 0
    return shares


def read_position(
    data: dict[str, Any], players: list[str], edition: Edition, where: str = "position",
) -> tuple[Position, list[str]]:
    """Read and check a position table for ``players`` (seating order) in ``edition``.

    Returns ``(position, problems)`` with every problem listed, each naming its key under
    ``where``: unknown keys, players or chains; counts that are not whole numbers; a tile listed
    twice; a chain of fewer than 2 tiles (R4.2), not connected (R1.2) or touching another (R4.4);
    a lone tile touching a chain (R4.3); tiles that do not add up to 108; cash not in whole
    hundreds (R2.1); more than 25 shares of a chain (R3.4) or a ``bank`` that disagrees. The
    position is only meaningful when ``problems`` is empty.
    """
    problems = Problems()
    problems.unknown_keys(data, POSITION_KEYS, where, _("a position"))
    nxt = data.get("next")
    if nxt not in players:
        problems.add(f"{where}.next is {nxt!r}: name the player whose turn it is ({', '.join(players)})")
        nxt = players[0]
    bag = problems.whole(data.get("bag", -1), f"{where}.bag") or 0
    racks = _read_racks(data.get("racks", {}), players, edition, where, problems)
    discarded = _tiles(data.get("discarded", []), f"{where}.discarded", problems, edition.grid)
    lone = _tiles(data.get("lone", []), f"{where}.lone", problems, edition.grid)
    chains = _read_chains(data.get("chains", {}), edition, where, problems)
    _check_layout(lone, discarded, chains, where, problems, edition.grid)
    placed = len(set(lone)) + sum(len(t) for t in chains.values())
    total = placed + bag + sum(racks.values()) + len(discarded)
    if total != len(edition.grid.tiles):
        problems.add(
            f"{where}: {placed} tiles on the board + {bag} in the bag + {sum(racks.values())} in racks + "
            f"{len(discarded)} out of the game = {total}, not {len(edition.grid.tiles)}"
        )
    cash = _read_cash(data.get("cash", {}), players, where, problems)
    shares = _read_shares(data.get("shares", {}), players, edition, f"{where}.shares", problems)
    bank = _read_bank(data.get("bank", {}), shares, edition, where, problems)
    pos = Position(nxt, bag, racks, discarded, lone, chains, cash, shares, bank)
    return pos, list(problems)


def _read_racks(racks_in: object, players: list[str], edition: Edition, where: str, problems: Problems) -> dict[str, int]:
    """Tiles in each rack (a full rack unless given)."""
    racks = dict.fromkeys(players, edition.rack_size)
    if not isinstance(racks_in, dict):
        problems.add(f"{where}.racks should be a table of player = tiles in the rack")
        racks_in = {}
    for p, n in racks_in.items():
        if p not in players:
            problems.add(f"{where}.racks: no player {p!r} ({', '.join(players)})")
            continue
        value = problems.whole(n, f"{where}.racks.{p}")
        if value is not None and value > edition.rack_size:
            problems.add(f"{where}.racks.{p} is {n}: a rack holds at most {edition.rack_size} tiles")
        elif value is not None:
            racks[p] = value
    return racks


def _read_chains(chains_in: object, edition: Edition, where: str, problems: Problems) -> dict[str, list[Tile]]:
    """Each chain's tiles."""
    chains: dict[str, list[Tile]] = {}
    if not isinstance(chains_in, dict):
        problems.add(f"{where}.chains should be a table of chain = [tiles]")
        chains_in = {}
    for name, tiles in chains_in.items():
        if name not in edition.chain_names:
            problems.add(f"{where}.chains: unknown chain {name!r} ({', '.join(edition.chain_names)})")
            continue
        chains[name] = _tiles(tiles, f"{where}.chains.{name}", problems, edition.grid)
    return chains


def _check_layout(lone: list[Tile], discarded: list[Tile], chains: dict[str, list[Tile]], where: str,
                  problems: Problems, grid: Grid = CLASSIC_GRID) -> None:
    """Every tile once; chains of 2 or more connected tiles that touch no other chain; lone tiles
    that touch no chain (R1.2, R4.2-R4.4)."""
    seen: dict[Tile, str] = {}
    for label, tiles in [("lone", lone), ("discarded", discarded), *((f"chains.{c}", t) for c, t in chains.items())]:
        for t in tiles:
            if t in seen:
                problems.add(f"{where}: tile {t} is listed twice ({seen[t]} and {label})")
            seen[t] = label
    owner = {t: c for c, ts in chains.items() for t in ts}
    near = neighbour_table(grid)
    for c, tiles in chains.items():
        if len(tiles) < 2:
            problems.add(f"{where}.chains.{c} has {plural(len(tiles), 'tile')}: a chain has at least 2 (R4.2)")
            continue
        if len(connected(tiles[:1], set(tiles).__contains__, near)) != len(tiles):
            problems.add(f"{where}.chains.{c} is not one connected group of tiles (R1.2)")
        for t in tiles:
            for n in near[t]:
                if owner.get(n) not in (None, c):
                    problems.add(f"{where}: {c} tile {t} touches {owner[n]} tile {n}; touching chains would have merged (R4.4)")
    for t in lone:
        touching = sorted({owner[n] for n in near[t] if n in owner})
        if touching:
            problems.add(f"{where}: lone tile {t} touches {', '.join(touching)}; it would belong to it (R4.3)")


def _read_cash(cash_in: object, players: list[str], where: str, problems: Problems) -> dict[str, int]:
    """Every player's cash in dollars, whole hundreds (R2.1)."""
    cash: dict[str, int] = {}
    for p in players:
        if not isinstance(cash_in, dict) or p not in cash_in:
            problems.add(f"{where}.cash.{p} is missing: give every player's cash in dollars")
            cash[p] = 0
            continue
        cash[p] = problems.whole(cash_in[p], f"{where}.cash.{p}", 0, MAX_MONEY) or 0
        problems.hundreds(cash[p], f"{where}.cash.{p}")
    for p in cash_in if isinstance(cash_in, dict) else []:
        if p not in players:
            problems.add(f"{where}.cash: no player {p!r} ({', '.join(players)})")
    return cash


def _read_bank(bank_in: object, shares: dict[str, dict[str, int]], edition: Edition, where: str,
               problems: Problems) -> dict[str, int]:
    """The bank's shares: what the players do not hold (R3.4), checked against ``bank`` if given."""
    bank = {}
    for c in edition.chain_names:
        held = sum(s[c] for s in shares.values())
        bank[c] = edition.shares_per_chain - held
        if held > edition.shares_per_chain:
            problems.add(f"{where}: players hold {held} {c} shares; there are {edition.shares_per_chain} (R3.4)")
        if isinstance(bank_in, dict) and c in bank_in and bank_in[c] != bank[c]:
            problems.add(
                f"{where}.bank.{c} is {bank_in[c]!r}, but players hold {held} of {edition.shares_per_chain}: "
                f"the bank has {bank[c]}"
            )
    for c in bank_in if isinstance(bank_in, dict) else []:
        if c not in edition.chain_names:
            problems.add(f"{where}.bank: unknown chain {c!r}")
    return bank


SCORING_KEYS = ("format", "edition", "chains", "cash", "shares")


def read_scoring_position(
    data: dict[str, Any], edition: Edition,
) -> tuple[dict[str, int], dict[str, int], dict[str, dict[str, int]], list[str]]:
    """Read the end of a game that was never refereed, for ``score --position`` (R8.3).

    ``data`` has ``chains`` (chain = tiles on the board at the end), ``cash`` (player = dollars;
    the players, in seating order) and ``shares`` (player = { chain = count }). Returns
    ``(sizes, cash, shares, problems)`` with every problem listed: unknown keys, chains or players,
    a size below 2, shares over 25 in a chain, cash that is negative or not whole hundreds.
    """
    problems = Problems()
    problems.unknown_keys(data, SCORING_KEYS, "", _("a scoring position"))
    sizes: dict[str, int] = {}
    chains_in = data.get("chains", {})
    if not isinstance(chains_in, dict):
        problems.add("chains should be a table of chain = tiles on the board")
        chains_in = {}
    for c, n in chains_in.items():
        exact = {name.lower(): name for name in edition.chain_names}
        if c.lower() not in exact:
            problems.add(f"chains: unknown chain {c!r} ({', '.join(edition.chain_names)})")
            continue
        c = exact[c.lower()]
        wrong = f"chains.{c} is {n!r}: a chain on the board has at least 2 tiles (R4.2)"
        size = problems.whole(n, f"chains.{c}", 2, problem=wrong)
        if size is not None and size > len(edition.grid.tiles):
            problems.add(f"chains.{c} is {n}: the board has {len(edition.grid.tiles)} spaces")
        elif size is not None:
            sizes[c] = size
    if sum(sizes.values()) > len(edition.grid.tiles):
        problems.add(f"the chains add up to {sum(sizes.values())} tiles; the board has {len(edition.grid.tiles)} spaces")
    cash_in = data.get("cash")
    cash: dict[str, int] = {}
    if not isinstance(cash_in, dict) or not cash_in:
        problems.add("cash is missing: give every player's cash in dollars, e.g. [cash] Ann = 3400")
        cash_in = {}
    try:
        check_player_names(list(cash_in))
    except AcquireError as exc:
        if cash_in:
            problems.add(f"cash: {exc}")
    for p, dollars in cash_in.items():
        cash[p] = problems.whole(dollars, f"cash.{p}", 0, MAX_MONEY) or 0
        problems.hundreds(cash[p], f"cash.{p}")
    shares = _read_shares(data.get("shares", {}), list(cash), edition, "shares", problems, "has no cash entry; players are")
    for c in edition.chain_names:
        total = sum(s.get(c, 0) for s in shares.values())
        if total > edition.shares_per_chain:
            problems.add(f"players hold {total} {c} shares; there are {edition.shares_per_chain} (R3.4)")
    return sizes, cash, shares, list(problems)
