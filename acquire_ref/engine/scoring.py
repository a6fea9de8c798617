"""Shareholder bonuses with ties and rounding (R5.4, R5.4a), and final standings (R8.3).

>>> payout = shareholder_bonuses(6000, 3000, {"A": 5, "B": 2, "C": 2})
>>> [(p.player, p.amount, p.kind) for p in payout]
[('A', 6000, 'majority'), ('B', 1500, 'minority (split 2 ways)'), ('C', 1500, 'minority (split 2 ways)')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from acquire_ref.engine.values import Phrase, Value

if TYPE_CHECKING:
    from acquire_ref.engine.events import Event


class Card(Protocol):
    """What the final payout reads of an edition's information card
    (:class:`~acquire_ref.engine.editions.Edition`, a layer above this one): its chains in card order,
    and each chain's bonuses and share price in dollars at a size (R3.2, R3.3, R5.4a)."""

    @property
    def chain_names(self) -> list[str]:
        """Chain names in information-card order."""
        ...

    def bonuses(self, chain: str, size: int) -> tuple[int, ...]:
        """The bonus of each place for ``chain`` at ``size`` tiles, largest holder first."""
        ...

    def price(self, chain: str, size: int) -> int:
        """The share price of ``chain`` at ``size`` tiles."""
        ...

MARKET = "the market"
"""The holder's name for the market, the third shareholder of a two-player game (R9); no player
can be called this (names have no spaces)."""


def split_bonus(total: int, ways: int) -> int:
    """Each part of ``total`` dollars split ``ways`` ways, rounded up to the next $100 (R5.4).

    >>> split_bonus(4500, 2), split_bonus(3000, 4), split_bonus(1000, 3), split_bonus(9000, 2)
    (2300, 800, 400, 4500)
    """
    return -(-total // (100 * ways)) * 100


class BonusShare(Value):
    """One player's part of a chain's bonuses: ``amount`` in dollars and the ``kind`` that earned it."""

    player: str
    amount: int
    kind: str
    shares: int


def shareholder_bonuses(majority: int, minority: int, holdings: dict[str, int]) -> list[BonusShare]:
    """Who gets the majority and minority bonuses of one chain (R5.4): :func:`place_bonuses`
    with the classic two places.

    ``majority`` and ``minority`` are the bonuses in dollars; ``holdings`` maps each player to the
    shares held (players with none are ignored). Returns one :class:`BonusShare` per paid player,
    largest holders first; split parts are rounded up to the next $100. Nobody is paid when nobody
    holds a share.

    >>> [(p.player, p.amount) for p in shareholder_bonuses(3000, 1500, {"A": 2, "B": 2})]
    [('A', 2300), ('B', 2300)]
    >>> [(p.player, p.amount, p.kind) for p in shareholder_bonuses(3000, 1500, {"A": 1})]
    [('A', 4500, 'majority + minority (sole shareholder)')]
    """
    return place_bonuses((majority, minority), holdings)


PLACE_NAMES = ("first", "second", "third", "fourth", "fifth", "sixth")
"""The bonus places of an edition that pays other than two (R5.4a); two are majority and minority."""


def place_bonuses(bonuses: tuple[int, ...], holdings: dict[str, int]) -> list[BonusShare]:
    """Who gets each place's bonus of one chain (R5.4a, the classic R5.4 for two places).

    ``bonuses`` are the dollars of each place, largest holder first (``Edition.bonuses``);
    ``holdings`` maps each holder to the shares held (none: ignored). The holders are ranked by
    holding; holders tied on a holding take as many places as they are, from the first place not
    yet taken, and share the bonuses of those places equally, each part rounded up to $100.
    When fewer holders than places are paid, the bonuses of the places nobody fills go to the
    holders of the last filled place, shared the same way (with two places: a sole holder takes
    both). Holders past the last place get nothing. Returns one :class:`BonusShare` per paid
    holder, largest holders first.

    >>> [(p.player, p.amount) for p in place_bonuses((5000, 3800, 2500), {"A": 4, "B": 4, "C": 1})]
    [('A', 4400), ('B', 4400), ('C', 2500)]
    >>> place_bonuses((5000, 3800, 2500), {"A": 4, "B": 1})[1].kind
    'second + third (no third holder)'
    """
    held = {p: n for p, n in holdings.items() if n > 0}
    if not held:
        return []
    names = ("majority", "minority") if len(bonuses) == 2 else ("majority",) if len(bonuses) == 1 else PLACE_NAMES
    groups = [[p for p, n in held.items() if n == count] for count in sorted(set(held.values()), reverse=True)]
    out: list[BonusShare] = []
    place = 0
    for i, group in enumerate(groups):
        if place >= len(bonuses):
            break
        last = i + 1 == len(groups) or place + len(group) >= len(bonuses)
        covered = range(place, len(bonuses) if last else place + len(group))
        part = split_bonus(sum(bonuses[k] for k in covered), len(group))
        kind = _kind(tuple(names[k] for k in covered), len(held), len(group), place, names, len(bonuses))
        out.extend(BonusShare(p, part, kind, held[p]) for p in group)
        place += len(group)
    return out


def _kind(places: tuple[str, ...], holders: int, ways: int, place: int, names: tuple[str, ...], paid: int) -> Phrase:
    """The kind of a bonus share (R5.4, R5.4a): the English of :func:`place_bonuses` (``"second +
    third (no third holder)"``) as a :class:`~acquire_ref.engine.values.Phrase` keyed ``"bonus"``,
    whose fields the phrasebook words: ``places`` (the place names covered), ``note`` (``""``,
    ``"sole"``, ``"tie"``, ``"split"`` or ``"empty"``), ``ways`` (holders sharing) and ``empty``
    (the first place nobody holds, with ``"empty"``)."""
    text, note, empty = " + ".join(places), "", ""
    if holders == 1 and len(places) > 1:
        text, note = text + " (sole shareholder)", "sole"
    elif ways > 1:
        note = "tie" if place == 0 else "split"
        text += f" (tie for the largest holding, split {ways} ways)" if place == 0 else f" (split {ways} ways)"
    elif len(places) > 1 and paid > 2:
        note, empty = "empty", names[place + 1]
        text += f" (no {empty} holder)"
    return Phrase(text, "bonus", places=places, note=note, ways=ways, empty=empty)


def bonus_words(bonuses: tuple[int, ...]) -> str:
    """The bonus of each place in words (R5.4, R5.4a): ``majority $6,000, minority $3,000``
    with the classic two places, else ``first $5,000, second $3,800, third $2,500``."""
    from acquire_ref.engine.events import money

    names = ("majority", "minority") if len(bonuses) == 2 else ("majority",) if len(bonuses) == 1 else PLACE_NAMES
    return ", ".join(f"{names[i]} {money(b)}" for i, b in enumerate(bonuses))


def rank(cash: dict[str, int]) -> list[tuple[str, int, int]]:
    """Standings from each player's money: ``[(player, dollars, rank)]``, best first (R8.3).

    Equal money shares a rank and the next rank skips: 1, 1, 3.

    >>> rank({"A": 100, "B": 300, "C": 300})
    [('B', 300, 1), ('C', 300, 1), ('A', 100, 3)]
    """
    order = sorted(cash.items(), key=lambda kv: -kv[1])
    return [(p, c, 1 + sum(1 for v in cash.values() if v > c)) for p, c in order]


class PlayerScore(Value):
    """One player's final payout (R8.3): cash ``before`` it, each bonus as
    ``(chain, dollars, kind, shares)``, each chain's shares sold as ``(chain, shares, dollars)``,
    and the ``total`` money afterwards. All money in dollars."""

    player: str
    before: int
    bonuses: tuple[tuple[str, int, str, int], ...]
    sales: tuple[tuple[str, int, int], ...]

    @property
    def total(self) -> int:
        """Money after the payout."""
        return self.before + sum(b[1] for b in self.bonuses) + sum(s[2] for s in self.sales)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "player": self.player,
            "before": self.before,
            "bonuses": [{"chain": c, "amount": a, "kind": k, "shares": n} for c, a, k, n in self.bonuses],
            "sales": [{"chain": c, "shares": n, "amount": a} for c, n, a in self.sales],
            "total": self.total,
        }


def payout_events(scores: list[PlayerScore], chains: list[str]) -> list[Event]:
    """The final payout of ``scores`` as the banker's events, chain by chain in the order of
    ``chains`` (information-card order): its bonuses, then every share of it sold (R8.3)."""
    from acquire_ref.engine.events import BonusPaid, SharesSold

    out: list[Event] = []
    for chain in chains:
        for s in scores:
            out.extend(BonusPaid(s.player, c, a, k, n) for c, a, k, n in s.bonuses if c == chain)
        for s in scores:
            out.extend(SharesSold(s.player, c, n, a) for c, n, a in s.sales if c == chain)
    return out


def final_scores(
    edition: Card, sizes: dict[str, int], cash: dict[str, int], shares: dict[str, dict[str, int]],
    market: dict[str, int] | None = None,
) -> list[PlayerScore]:
    """The final payout (R8.3) for chains of ``sizes`` (chain -> tiles, chains on the board),
    players' ``cash`` (dollars) and ``shares`` (player -> chain -> count), in ``cash``'s order.

    For every chain on the board, in information-card order: shareholder bonuses (R5.4), then every
    share sold at the chain's price. Shares of chains not on the board are worth nothing. With
    ``market`` (chain -> the market's holding, two players, R9) the market competes for the
    bonuses: its score comes last, under the name ``"the market"``, and what it wins stays in the bank.

    >>> from acquire_ref.engine.editions import load_edition
    >>> s = final_scores(load_edition(), {"Tower": 2, "Imperial": 3},
    ...                  {"p0": 1000, "p1": 2000}, {"p0": {"Tower": 8}, "p1": {"Tower": 4, "Imperial": 13}})
    >>> [(x.player, x.total) for x in s]
    [('p0', 4600), ('p1', 17800)]
    """
    bonuses: dict[str, list[tuple[str, int, str, int]]] = {p: [] for p in [*cash, MARKET]}
    sales: dict[str, list[tuple[str, int, int]]] = {p: [] for p in cash}
    for chain in edition.chain_names:
        if chain not in sizes:
            continue
        size = sizes[chain]
        holdings = {p: shares.get(p, {}).get(chain, 0) for p in cash}
        with_market = dict(holdings, **({MARKET: market.get(chain, 0)} if market else {}))
        for part in place_bonuses(edition.bonuses(chain, size), with_market):
            bonuses[part.player].append((chain, part.amount, part.kind, part.shares))
        price = edition.price(chain, size)
        for p, n in holdings.items():
            if n:
                sales[p].append((chain, n, n * price))
    scores = [PlayerScore(p, cash[p], tuple(bonuses[p]), tuple(sales[p])) for p in cash]
    if market:
        scores.append(PlayerScore(MARKET, 0, tuple(bonuses[MARKET]), ()))
    return scores
