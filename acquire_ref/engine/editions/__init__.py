"""Editions: the chains, their price tiers, the information card and the game's constants (R3, R17).

Built-in editions are TOML files shipped inside the package (``acquire_ref/engine/editions/``).

>>> ed = load_edition("classic")
>>> ed.price("Imperial", 14), ed.price("Tower", 2), ed.price("Tower", 1)
(900, 200, 0)
>>> ed.resolve_chain("imp"), ed.resolve_chain("t")
('Imperial', 'Tower')
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from acquire_ref.engine.editions.printed import (
    CLASSIC_PRINTING,
    CardRow,
    Printing,
    board_problems,
    card_problems,
    place_problems,
    round_up,
)
from acquire_ref.engine.errors import GameFileError, NotationError, closest
from acquire_ref.engine.problems import Problems, is_whole, shown, skeleton
from acquire_ref.engine.tiles import CLASSIC_GRID, Grid
from acquire_ref.engine.values import Value, _set, field
from acquire_ref.language import _


def _here() -> Path:
    """The folder of the built-in editions, TOML files beside this module, found from the engine
    package's folder: the compiled package is given a ``__file__`` and ``__path__`` that name a
    folder that does not exist (mypyc joins its library's folder and the package's path)."""
    return Path(sys.modules[__name__.rpartition(".")[0]].__path__[0], "editions")


COLOUR_NAMES = frozenset("""
default
    aquamarine1 aquamarine3 black blue blue1 blue3 blue_violet bright_black bright_blue bright_cyan
    bright_green bright_magenta bright_red bright_white bright_yellow cadet_blue chartreuse1 chartreuse2
    chartreuse3 chartreuse4 cornflower_blue cornsilk1 cyan cyan1 cyan2 cyan3 dark_blue dark_cyan
    dark_goldenrod dark_green dark_khaki dark_magenta dark_olive_green1 dark_olive_green2
    dark_olive_green3 dark_orange dark_orange3 dark_red dark_sea_green dark_sea_green1 dark_sea_green2
    dark_sea_green3 dark_sea_green4 dark_slate_gray1 dark_slate_gray2 dark_slate_gray3 dark_turquoise
    dark_violet deep_pink1 deep_pink2 deep_pink3 deep_pink4 deep_sky_blue1 deep_sky_blue2 deep_sky_blue3
    deep_sky_blue4 dodger_blue1 dodger_blue2 dodger_blue3 gold1 gold3 gray0 gray100 gray11 gray15 gray19
    gray23 gray27 gray3 gray30 gray35 gray37 gray39 gray42 gray46 gray50 gray53 gray54 gray58 gray62
    gray63 gray66 gray69 gray7 gray70 gray74 gray78 gray82 gray84 gray85 gray89 gray93 green green1
    green3 green4 green_yellow grey0 grey100 grey11 grey15 grey19 grey23 grey27 grey3 grey30 grey35
    grey37 grey39 grey42 grey46 grey50 grey53 grey54 grey58 grey62 grey63 grey66 grey69 grey7 grey70
    grey74 grey78 grey82 grey84 grey85 grey89 grey93 honeydew2 hot_pink hot_pink2 hot_pink3 indian_red
    indian_red1 khaki1 khaki3 light_coral light_cyan1 light_cyan3 light_goldenrod1 light_goldenrod2
    light_goldenrod3 light_green light_pink1 light_pink3 light_pink4 light_salmon1 light_salmon3
    light_sea_green light_sky_blue1 light_sky_blue3 light_slate_blue light_slate_gray light_slate_grey
    light_steel_blue light_steel_blue1 light_steel_blue3 light_yellow3 magenta magenta1 magenta2
    magenta3 medium_orchid medium_orchid1 medium_orchid3 medium_purple medium_purple1 medium_purple2
    medium_purple3 medium_purple4 medium_spring_green medium_turquoise medium_violet_red misty_rose1
    misty_rose3 navajo_white1 navajo_white3 navy_blue orange1 orange3 orange4 orange_red1 orchid orchid1
    orchid2 pale_green1 pale_green3 pale_turquoise1 pale_turquoise4 pale_violet_red1 pink1 pink3 plum1
    plum2 plum3 plum4 purple purple3 purple4 red red1 red3 rosy_brown royal_blue1 salmon1 sandy_brown
    sea_green1 sea_green2 sea_green3 sky_blue1 sky_blue2 sky_blue3 slate_blue1 slate_blue3 spring_green1
    spring_green2 spring_green3 spring_green4 steel_blue steel_blue1 steel_blue3 tan thistle1 thistle3
    turquoise2 turquoise4 violet wheat1 wheat4 white yellow yellow1 yellow2 yellow3 yellow4
""".split())
"""The colour names a chain may have: the terminal's 16 colours and the xterm 256-colour names
(the names rich draws); any other colour is written ``#rrggbb``."""
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_EDITION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
"""What a built-in edition's name can look like (the name of a file beside this module)."""


def is_colour(text: object) -> bool:
    """True when ``text`` is a colour: a name of :data:`COLOUR_NAMES` or ``#rrggbb`` (DESIGN 1:
    a colour is a colour, never a style with links or markup).

    >>> is_colour("dark_orange3"), is_colour("#1e90ff"), is_colour("red link javascript:x"), is_colour("blink")
    (True, True, False, False)
    """
    return isinstance(text, str) and (text in COLOUR_NAMES or _HEX_COLOUR.fullmatch(text) is not None)


class Chain(Value):
    """One chain on the information card: ``name``, one-letter board ``letter``, ``tier``, ``colour``."""

    name: str
    letter: str
    tier: str
    colour: str


class Edition(Value):
    """The information card and constants of one edition (R3, R17).

    ``price_chart`` is a tuple of ``(smallest size, cheap-tier price in dollars)`` brackets in
    ascending order; ``tiers`` maps a tier name to the dollars it adds. All money is whole dollars;
    sizes are tiles. ``names`` are the chain names in card order. ``printing`` holds the board's
    size, the bonus places and a printed card's rows (:class:`Printing`, R1.1a, R5.4a).
    """

    _fields = ("name", "chains", "price_chart", "tiers", "starting_cash", "shares_per_chain", "safe_size",
               "end_size", "rack_size", "buy_limit", "description", "printing")
    name: str
    chains: tuple[Chain, ...]
    price_chart: tuple[tuple[int, int], ...]
    tiers: dict[str, int]
    starting_cash: int = 6000
    shares_per_chain: int = 25
    safe_size: int = 11
    end_size: int = 41
    rack_size: int = 6
    buy_limit: int = 3
    description: str = ""
    printing: Printing = CLASSIC_PRINTING
    names: tuple[str, ...] = field(init=False)
    _by_name: dict[str, Chain] = field(init=False)
    _prices: dict[str, list[int]] = field(init=False)
    _card: dict[str, tuple[CardRow, ...]] = field(init=False)

    def __post_init__(self) -> None:
        _set(self, "names", tuple(c.name for c in self.chains))
        _set(self, "_by_name", {c.name: c for c in self.chains})
        _set(self, "_card", dict(self.printing.card))
        tiles = len(self.grid.tiles) + 1
        _set(self, "_prices", {c.name: [self.tier_price(c.tier, size) for size in range(tiles)] for c in self.chains})

    @property
    def grid(self) -> Grid:
        """The board this edition prints (R1.1a): 12 x 9 unless the ruleset says otherwise."""
        return self.printing.grid

    @property
    def places(self) -> int:
        """How many bonus places are paid for a defunct chain (R5.4a): 2 in the classic game."""
        return len(self.printing.places)

    def tier_price(self, tier: str, size: int) -> int:
        """Share price in dollars of a chain of ``tier`` at ``size`` tiles; 0 below the chart (R3.2)."""
        rows = self._card.get(tier)
        if rows is None:
            base = self.base_price(size)
            return base + self.tiers[tier] if base else 0
        row = self._card_row(rows, size)
        return row[1] if row else 0

    @staticmethod
    def _card_row(rows: tuple[CardRow, ...], size: int) -> CardRow | None:
        found = None
        for row in rows:
            if size < row[0]:
                break
            found = row
        return found

    @property
    def chain_names(self) -> list[str]:
        """Chain names in information-card order (cheap tier first)."""
        return list(self.names)

    def chain(self, name: str) -> Chain:
        """The :class:`Chain` called ``name`` (exact spelling)."""
        return self._by_name[name]

    def resolve_chain(self, text: str) -> str:
        """Turn user text into a chain name: case-insensitive, any unique prefix (DESIGN 2).

        Raises :class:`NotationError` listing the chains when the text matches none or several.
        """
        if text in self._by_name:  # the exact name, as a game file writes it
            return text
        t = (text or "").strip().lower()
        if t:
            for c in self.chains:
                if c.name.lower() == t:
                    return c.name
            hits = [c.name for c in self.chains if c.name.lower().startswith(t)]
            if len(hits) == 1:
                return hits[0]
            if hits:
                raise NotationError(_("{typed} could be {chains}: type more letters").format(
                    typed=repr(text), chains=_(" or ").join(hits)))
        near = closest(t, self.chain_names)
        if near:
            raise NotationError(_("{given} is not a chain of the {edition} edition: did you mean {chain}?").format(
                given=repr(text), edition=self.name, chain=near))
        raise NotationError(_("{given} is not a chain of the {edition} edition: {chains}").format(
            given=repr(text), edition=self.name, chains=_(", ").join(self.chain_names)))

    def base_price(self, size: int) -> int:
        """Cheap-tier share price in dollars of a chain of ``size`` tiles; 0 below the chart (R3.2)."""
        price = 0
        for smallest, dollars in self.price_chart:
            if size >= smallest:
                price = dollars
            else:
                break
        return price

    def price(self, chain: str, size: int) -> int:
        """Share price in dollars of ``chain`` at ``size`` tiles (R3.2); 0 for a size below 2."""
        table = self._prices[chain]
        if 0 <= size < len(table):
            return table[size]
        return self.tier_price(self._by_name[chain].tier, size)

    def bonuses(self, chain: str, size: int) -> tuple[int, ...]:
        """The bonus of each place in dollars for ``chain`` at ``size`` tiles, largest holder
        first (R3.3, R5.4a): the printed card's figures, or each multiple of the share price
        rounded up to $100 (10x and 5x in the classic game).

        >>> load_edition("classic").bonuses("Imperial", 14)
        (9000, 4500)
        """
        rows = self._card.get(self._by_name[chain].tier)
        row = self._card_row(rows, size) if rows else None
        if row is not None and len(row) > 2:
            return row[2:]
        price = self.price(chain, size)
        return tuple(round_up(price * tenths // 10) for tenths in self.printing.places)

    def majority_bonus(self, chain: str, size: int) -> int:
        """Majority shareholder bonus in dollars: 10 x price in the classic game (R3.3)."""
        return self.bonuses(chain, size)[0]

    def minority_bonus(self, chain: str, size: int) -> int:
        """Minority shareholder bonus in dollars: 5 x price in the classic game (R3.3); 0 in an
        edition that pays a single place."""
        places = self.bonuses(chain, size)
        return places[1] if len(places) > 1 else 0

    def is_safe(self, size: int) -> bool:
        """True when a chain of ``size`` tiles is safe, 11 or more in the classic game (R3.5)."""
        return size >= self.safe_size

    def end_available(self, sizes: dict[str, int]) -> bool:
        """R8.1 for chains of ``sizes`` (chain -> tiles on the board): one has the end size
        (41) or more, or at least one is on the board and every one is safe."""
        if not sizes:
            return False
        smallest, largest = min(sizes.values()), max(sizes.values())
        return largest >= self.end_size or smallest >= self.safe_size

    def card(self) -> dict[str, Any]:
        """The information card as a document (``chart --json``, R3.2, R3.3, R3.5, R5.4a, R8.1).

        Returns ``{"edition": name, "tiers": {tier: [chain, ...]}, "brackets": [...],
        "safe_size": tiles, "end_size": tiles, "board": {"columns", "rows", "tiles"},
        "places": [multiple or None, ...]}``; each bracket is ``{"from": smallest size, "to":
        largest size or None for the last, "prices": {tier: {"price", "majority", "minority",
        "bonuses"}}}`` with the share price and the bonuses of every place in dollars. A place's
        multiple is None when a printed card gives its figures.
        """
        starts = sorted({row[0] for rows in self._card.values() for row in rows}
                        | {smallest for smallest, _tier in self.price_chart if len(self._card) < len(self.tiers)})
        brackets: list[dict[str, Any]] = []
        probe = self.chains_by_tier()
        for i, smallest in enumerate(starts):
            largest = starts[i + 1] - 1 if i + 1 < len(starts) else None
            prices = {}
            for tier in self.tiers:
                price = self.tier_price(tier, smallest)
                places = list(self.bonuses(probe[tier][0].name, smallest)) if probe[tier] else [
                    round_up(price * tenths // 10) for tenths in self.printing.places]
                prices[tier] = {"price": price, "majority": places[0], "minority": places[1] if len(places) > 1 else 0,
                                "bonuses": places}
            brackets.append({"from": smallest, "to": largest, "prices": prices})
        tiers = {tier: [c.name for c in chains] for tier, chains in probe.items()}
        printed = any(len(row) > 2 for rows in self._card.values() for row in rows)
        return {"edition": self.name, "tiers": tiers, "brackets": brackets, "safe_size": self.safe_size,
                "end_size": self.end_size,
                "board": {"columns": self.grid.columns, "rows": self.grid.rows, "tiles": len(self.grid.tiles)},
                "places": [None if printed else t // 10 if t % 10 == 0 else t / 10 for t in self.printing.places]}

    def chains_by_tier(self) -> dict[str, list[Chain]]:
        """The chains of each price tier, in card order (a tier may have none)."""
        return {tier: [c for c in self.chains if c.tier == tier] for tier in self.tiers}


RULESET_KEYS = (
    "name", "description", "starting_cash", "shares_per_chain", "safe_size", "end_size", "rack_size",
    "buy_limit", "price_chart", "tiers", "chains", "columns", "rows", "bonus_places", "card",
)
CHAIN_KEYS = ("name", "letter", "tier", "colour")
_DEFAULTS = {"starting_cash": 6000, "shares_per_chain": 25, "safe_size": 11, "end_size": 41, "rack_size": 6, "buy_limit": 3}


def ruleset_problems(data: dict[str, Any]) -> list[str]:
    """Every problem of a ruleset table (R17): unknown keys, wrong types, duplicate chains or
    letters, a chain whose tier has no prices, money that is not whole hundreds, a price chart
    that does not start at 2 tiles or is not in ascending order, constants out of range."""
    problems = Problems()
    problems.unknown_keys(
        data, RULESET_KEYS, "", _("a ruleset"),
        instead={"board": "board: write the board's size as columns = 10 and rows = 10 (R1.1a)"},
    )
    if not isinstance(data.get("name"), str) or not data.get("name"):
        problems.add("name: give the ruleset a name (a string)")
    _size_problems(data, problems)
    board_problems(data, problems)
    for key, default in _DEFAULTS.items():
        value = data.get(key, default)
        least = 0 if key == "buy_limit" else 1
        problems.whole(
            value, key, least, 10**6,
            problem=f"{key} is {value!r}: a whole number{' of 0 or more' if least == 0 else ', 1 or more'}, at most 1,000,000",
        )
    cash = data.get("starting_cash", 6000)
    if is_whole(cash):
        problems.hundreds(cash, "starting_cash", rule="")
    if is_whole(data.get("safe_size", 11)) and data.get("safe_size", 11) < 2:
        problems.add("safe_size below 2: every chain would be safe")
    places = place_problems(data.get("bonus_places", [10, 5]), problems)
    if "card" in data:
        tiers = card_problems(data, places, problems)
    else:
        tiers = _tier_problems(data.get("tiers"), problems)
        _chart_problems(data.get("price_chart"), problems)
    _chain_problems(data.get("chains"), tiers, problems)
    return list(problems)


MAX_TEXT = {"name": 80, "description": 2000, "tier": 40, "chain": 40}
"""The most characters of a ruleset's name, description, a price tier's name and a chain's name:
room for any edition, and a bound on what a ruleset can make a page or a screen hold."""

MAX_ITEMS = {"tiers": 25, "chains": 25, "price_chart": 120}
"""The most price tiers, chains and price-chart brackets of a ruleset: a chain has one of the 25
board letters, and a chain grows to at most 120 tiles (the largest board, R1.1a)."""


_ONE_LINE = {"name": "an edition's name", "tier": "a tier's name", "chain": "a chain's name"}
"""The names :func:`_size_problems` holds to one line, as its problem names them."""


def _size_problems(data: dict[str, Any], problems: Problems) -> None:
    """A ruleset's texts longer than :data:`MAX_TEXT`, names with a line break or a tab (the two
    control characters a screen shows as they are: a name could print a line of its own) and
    lists longer than :data:`MAX_ITEMS`."""
    texts = [("name", "name", data.get("name")), ("description", "description", data.get("description"))]
    tiers, chains = data.get("tiers"), data.get("chains")
    texts += [(f"tiers.{shown(t, 30)}", "tier", t) for t in (tiers if isinstance(tiers, dict) else {})]
    texts += [(f"chains[{i}].name", "chain", c.get("name")) for i, c in enumerate(chains if isinstance(chains, list) else [], 1)
              if isinstance(c, dict)]
    for where, kind, text in texts:
        if isinstance(text, str) and kind != "description" and ("\n" in text or "\t" in text):
            problems.add(f"{where} has a line break or a tab: {_ONE_LINE[kind]} is one line")
        if isinstance(text, str) and len(text) > MAX_TEXT[kind]:
            problems.add(f"{where} has {len(text):,} characters; a {kind} name has at most {MAX_TEXT[kind]}"
                         if kind in ("tier", "chain") else f"{where} has {len(text):,} characters; at most {MAX_TEXT[kind]:,}")
    for key, most in MAX_ITEMS.items():
        items = data.get(key)
        if isinstance(items, dict | list) and len(items) > most:
            problems.add(f"{key} has {len(items):,} entries; a ruleset has at most {most}")


def _tier_problems(tiers: object, problems: Problems) -> dict[str, Any]:
    """The tiers table's problems; returns the tiers that can be read."""
    if not isinstance(tiers, dict) or not tiers:
        problems.add("tiers: a table of tier = dollars added to the price chart, e.g. { cheap = 0, top = 200 }")
        tiers = {}
    for tier, add in tiers.items():
        wrong = f"tiers.{tier} is {add!r}: dollars added to the chart, 0 or more, in multiples of $100"
        if problems.whole(add, f"tiers.{tier}", 0, 10**6, problem=wrong) is not None and add % 100:
            problems.add(wrong)
    return tiers


def _chart_problems(chart: object, problems: Problems) -> None:
    """The price chart's problems: brackets from 2 tiles up, prices in hundreds, never down (R3.2)."""
    if not isinstance(chart, list) or not chart:
        problems.add("price_chart: a list of [smallest size, price] brackets, e.g. [[2, 200], [3, 300]]")
        chart = []
    last_size, last_price = 1, 0
    for i, bracket in enumerate(chart, 1):
        if not (isinstance(bracket, list) and len(bracket) == 2 and all(is_whole(v) for v in bracket)):
            problems.add(f"price_chart[{i}] is {bracket!r}: write [smallest size, price in dollars]")
            continue
        size, price = bracket
        if i == 1 and size != 2:
            problems.add(f"price_chart starts at {size} tiles: it must start at 2, the smallest chain (a gap below {size})")
        elif size <= last_size:
            problems.add(f"price_chart[{i}]: sizes must go up; {size} follows {last_size}")
        if price <= 0 or price % 100 or price > 10**6:
            problems.add(f"price_chart[{i}]: price {price} is not a positive multiple of $100 up to $1,000,000")
        elif price < last_price:
            problems.add(f"price_chart[{i}]: price {price} is below the smaller bracket's {last_price}")
        last_size, last_price = size, price


def _chain_problems(chains: object, tiers: dict[str, Any], problems: Problems) -> None:
    """The chains' problems: names and board letters unique, each tier priced (R17)."""
    if not isinstance(chains, list) or not chains:
        problems.add("chains: at least one [[chains]] table with name, letter and tier")
        chains = []
    names: set[str] = set()
    letters: set[str] = set()
    for i, c in enumerate(chains, 1):
        if not isinstance(c, dict):
            problems.add(f"chains[{i}] should be a table")
            continue
        problems.unknown_keys(c, CHAIN_KEYS, f"chains[{i}]", _("a chain"))
        name, letter, tier = c.get("name"), c.get("letter"), c.get("tier")
        if not isinstance(name, str) or not name.isalpha():
            problems.add(f"chains[{i}]: name {name!r} should be a word of letters")
        elif skeleton(name) in names:
            problems.add(f"chains[{i}]: the chain {name!r} is defined twice (or looks like another chain)")
        else:
            names.add(skeleton(name))
        if (not isinstance(letter, str) or len(letter) != 1 or not (letter.isascii() and letter.isalpha())
                or letter.lower() == "o"):
            problems.add(f"chains[{i}]: letter {letter!r} should be one letter A-Z other than 'o' (lone tiles)")
        elif letter.upper() in letters:
            problems.add(f"chains[{i}]: the board letter {letter!r} is used twice")
        else:
            letters.add(letter.upper())
        if tier == "" and tiers:
            problems.add(f"chains[{i}]: tier is blank: copy {name if isinstance(name, str) else 'the chain'}'s "
                         f"tier from the edition's printed card ({', '.join(tiers)})")
        elif not isinstance(tier, str) or tier not in tiers:
            problems.add(f"chains[{i}]: tier {tier!r} has no prices; tiers are {', '.join(tiers) or 'none'}")
        if "colour" in c and not is_colour(c["colour"]):
            problems.add(f"chains[{i}]: colour {shown(c['colour'])} should be a colour name like \"green\" or "
                         "\"dark_orange3\", or \"#rrggbb\"")


def edition_from_dict(data: dict[str, Any], source: str = "ruleset") -> Edition:
    """An :class:`Edition` from a ruleset table (built-in file, custom file or inline in a game
    file). Raises :class:`GameFileError` listing every problem (:func:`ruleset_problems`)."""
    problems = ruleset_problems(data)
    if problems:
        raise GameFileError(f"{source} is not a sound ruleset:\n  " + "\n  ".join(problems))
    chains = tuple(Chain(c["name"], c["letter"].upper(), c["tier"], c.get("colour", "white")) for c in data["chains"])
    card = tuple((tier, tuple(tuple(row) for row in rows)) for tier, rows in data.get("card", {}).items())
    printing = Printing(
        Grid(data.get("columns", 12), data.get("rows", 9)),
        place_problems(data.get("bonus_places", [10, 5]), Problems()),
        card,
    )
    return Edition(
        name=data["name"],
        chains=chains,
        price_chart=tuple((a, b) for a, b in data.get("price_chart", [])),
        tiers=dict(data["tiers"]) if "tiers" in data else {tier: 0 for tier, _rows in card},
        description=data.get("description", ""),
        printing=CLASSIC_PRINTING if printing == CLASSIC_PRINTING else printing,
        **{k: data.get(k, v) for k, v in _DEFAULTS.items()},
    )


def edition_to_dict(edition: Edition) -> dict[str, Any]:
    """The ruleset table of an edition, as written inline into a game file (R17)."""
    printing = edition.printing
    extra: dict[str, Any] = {}
    if printing.grid != CLASSIC_GRID:
        extra.update(columns=printing.grid.columns, rows=printing.grid.rows)
    if printing.places != CLASSIC_PRINTING.places:
        extra["bonus_places"] = [t // 10 if t % 10 == 0 else t / 10 for t in printing.places]
    prices: dict[str, Any] = (
        {"card": {tier: [list(row) for row in rows] for tier, rows in printing.card}} if printing.card
        else {"price_chart": [list(b) for b in edition.price_chart], "tiers": dict(edition.tiers)}
    )
    return {
        "name": edition.name,
        "description": edition.description,
        **{k: getattr(edition, k) for k in _DEFAULTS},
        **extra,
        **prices,
        "chains": [{"name": c.name, "letter": c.letter, "tier": c.tier, "colour": c.colour} for c in edition.chains],
    }


_CACHE: dict[str, Edition] = {}


def builtin_editions() -> list[str]:
    """Names of the editions shipped with the package."""
    return sorted(p.stem for p in _here().glob("*.toml"))


def load_edition(name: str = "classic") -> Edition:
    """The built-in edition called ``name`` (``classic``, ``1999``, ``2024``).

    Raises :class:`NotationError` listing the built-in editions when there is none of that name.
    """
    if name not in _CACHE:
        res = _here() / f"{name}.toml"
        if not (isinstance(name, str) and _EDITION_NAME.fullmatch(name)) or not res.is_file():
            raise NotationError(
                f"no edition {shown(name)}: built-in editions are {', '.join(builtin_editions())}, "
                "or give the path of a ruleset file"
            )
        _CACHE[name] = edition_from_dict(tomllib.loads(res.read_text(encoding="utf-8")), name)
    return _CACHE[name]


def resolve_edition(spec: str | dict[str, Any]) -> Edition:
    """An edition from a game file's ``edition`` value: a built-in name or an inline ruleset table."""
    if isinstance(spec, dict):
        return edition_from_dict(spec, "the game file's ruleset")
    return load_edition(spec)
