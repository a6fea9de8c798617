"""Editions: the chains, their price tiers, the information card and the game's constants (R3, R17).

Built-in editions are TOML files shipped inside the package (``acquire_ref/editions/``).

>>> ed = load_edition("classic")
>>> ed.price("Imperial", 14), ed.price("Tower", 2), ed.price("Tower", 1)
(900, 200, 0)
>>> ed.resolve_chain("imp"), ed.resolve_chain("t")
('Imperial', 'Tower')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from acquire_ref.errors import GameFileError, NotationError

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "start-order": ("row-first", "column-first"),
}
"""Options this version understands, each with its values, the default first (R17)."""


@dataclass(frozen=True)
class Chain:
    """One chain on the information card: ``name``, one-letter board ``letter``, ``tier``, ``colour``."""

    name: str
    letter: str
    tier: str
    colour: str


@dataclass(frozen=True)
class Edition:
    """The information card and constants of one edition (R3, R17).

    ``price_chart`` is a tuple of ``(smallest size, cheap-tier price in dollars)`` brackets in
    ascending order; ``tiers`` maps a tier name to the dollars it adds. All money is whole dollars.
    """

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
    _by_name: dict[str, Chain] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name.update({c.name: c for c in self.chains})

    @property
    def chain_names(self) -> list[str]:
        """Chain names in information-card order (cheap tier first)."""
        return [c.name for c in self.chains]

    def chain(self, name: str) -> Chain:
        """The :class:`Chain` called ``name`` (exact spelling)."""
        return self._by_name[name]

    def resolve_chain(self, text: str) -> str:
        """Turn user text into a chain name: case-insensitive, any unique prefix (DESIGN 2).

        Raises :class:`NotationError` listing the chains when the text matches none or several.
        """
        t = (text or "").strip().lower()
        if t:
            for c in self.chains:
                if c.name.lower() == t:
                    return c.name
            hits = [c.name for c in self.chains if c.name.lower().startswith(t)]
            if len(hits) == 1:
                return hits[0]
            if hits:
                raise NotationError(f"{text!r} could be {' or '.join(hits)}: type more letters")
        raise NotationError(f"{text!r} is not a chain of the {self.name} edition: {', '.join(self.chain_names)}")

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
        base = self.base_price(size)
        return base + self.tiers[self._by_name[chain].tier] if base else 0

    def majority_bonus(self, chain: str, size: int) -> int:
        """Majority shareholder bonus in dollars: 10 x price (R3.3)."""
        return 10 * self.price(chain, size)

    def minority_bonus(self, chain: str, size: int) -> int:
        """Minority shareholder bonus in dollars: 5 x price (R3.3)."""
        return 5 * self.price(chain, size)

    def is_safe(self, size: int) -> bool:
        """True when a chain of ``size`` tiles is safe, 11 or more in the classic game (R3.5)."""
        return size >= self.safe_size


def _from_toml(data: dict, source: str) -> Edition:
    try:
        chains = tuple(Chain(c["name"], c["letter"], c["tier"], c.get("colour", "white")) for c in data["chains"])
        return Edition(
            name=data["name"],
            chains=chains,
            price_chart=tuple((int(a), int(b)) for a, b in data["price_chart"]),
            tiers={k: int(v) for k, v in data["tiers"].items()},
            starting_cash=int(data.get("starting_cash", 6000)),
            shares_per_chain=int(data.get("shares_per_chain", 25)),
            safe_size=int(data.get("safe_size", 11)),
            end_size=int(data.get("end_size", 41)),
            rack_size=int(data.get("rack_size", 6)),
            buy_limit=int(data.get("buy_limit", 3)),
            description=data.get("description", ""),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"edition {source}: missing or malformed entry {exc}") from None


_CACHE: dict[str, Edition] = {}


def builtin_editions() -> list[str]:
    """Names of the editions shipped with the package."""
    return sorted(
        p.name[:-5] for p in resources.files("acquire_ref.editions").iterdir() if p.name.endswith(".toml")
    )


def load_edition(name: str = "classic") -> Edition:
    """The built-in edition called ``name``.

    Raises :class:`NotationError` listing the built-in editions when there is none of that name.
    """
    if name not in _CACHE:
        res = resources.files("acquire_ref.editions").joinpath(f"{name}.toml")
        if not res.is_file():
            raise NotationError(f"no edition {name!r}: built-in editions are {', '.join(builtin_editions())}")
        _CACHE[name] = _from_toml(tomllib.loads(res.read_text(encoding="utf-8")), name)
    return _CACHE[name]
