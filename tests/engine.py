"""Engine helpers shared by the rule tests: a game in a few words, moves in notation, one turn;
the one invariant checker of random play; the console's prompts held against ``legal_moves``.

They drive :class:`acquire_ref.Game` directly (no file, no process), the layer where the rules
and whole-game properties are tested (DESIGN 5)."""

from __future__ import annotations

from acquire_ref import Game
from acquire_ref.engine.events import BonusPaid, Event, SharesBought, SharesSold
from acquire_ref.engine.game import audit
from acquire_ref.engine.moves import Buy, Choose, Discard, Dispose, End, Market, Move, Pass, Place, Start, parse_move
from acquire_ref.engine.scoring import payout_events
from acquire_ref.engine.tiles import ALL_TILES, connected
from acquire_ref.viewers.describe import pending as describe_pending
from acquire_ref.words.prompts import BuyPrompt, ChoosePrompt, PlacePrompt, prompt_for


def new_game(start: str | None = None, players=("A", "B", "C"), options=None) -> Game:
    """A new table-mode game of ``players`` with ``options``; with ``start`` (one tile per player in
    seating order, "1A 5E 9I") the start tiles are drawn too (R2.3)."""
    g = Game.new(list(players), options=options)
    if start:
        g.apply(parse_move("start " + start))
    return g


def play(g: Game, *moves: str) -> list:
    """Apply moves given in notation (in ``g``'s edition) in order; return all their events."""
    out: list = []
    for m in moves:
        out.extend(g.apply(parse_move(m, g.edition)))
    return out


def turn(g: Game, tile: str, found: str | None = None, buy: str | None = "") -> list:
    """The current player places ``tile`` (founding ``found`` when it founds), then buys ``buy``
    (``""``: nothing) if the buy step waits. Asserts the turn really ended. ``buy=None`` stops
    after the placement."""
    mover = g.player
    out = play(g, f"place {tile}" + (f" --found {found}" if found else ""))
    if buy is None:
        return out
    assert g.pending.decision not in ("choose", "dispose"), describe_pending(g)
    if g.pending.decision == "buy":
        assert g.pending.player == mover
        out += play(g, f"buy {buy}".strip())
    else:
        assert not buy, f"{mover} meant to buy {buy!r} but the turn finished by itself"
    assert g.pending.decision in ("place", "over")
    return out


def projected_payout(g: Game) -> tuple[list, dict[str, int]]:
    """The final payout if the game ended now (R8.3, R8.5), through the public API without changing
    the game: its events (chain by chain in information-card order, bonuses then every share sold)
    and each player's money afterwards in dollars."""
    scores = g.score_breakdown(projected=True)
    return payout_events(scores, g.chains_on_board()), {s.player: s.total for s in scores}


def check_invariants(g: Game) -> None:
    """The one invariant checker of random play, on :func:`acquire_ref.engine.game.audit` (the 108 tiles
    accounted for, each chain's shares adding up, no negative count, money in whole hundreds: R1.1,
    R2.1, R3.4, R6.3) and what the books can't show: each chain a connected group of 2 or more tiles
    (R4), no lone tile beside a chain while a tile is to be placed or shares bought (R4.3), no more
    chains than the edition's (R3.6), and in dealt mode the referee's counts are its real bag and
    racks (R7)."""
    problems = audit(g)
    assert problems == [], problems
    for chain, size in g.board.sizes.items():
        tiles = g.board.chain_tiles(chain)
        assert len(tiles) == size >= 2, f"{chain} has {size} tiles, {len(tiles)} on the board"
        assert len(connected(tiles[:1], set(tiles).__contains__)) == size, f"{chain} is not one group"
    if g.pending.decision in ("place", "buy"):
        for t, owner in g.board.owner.items():
            if owner is None:
                assert all(g.board.owner.get(n) is None for n in t.neighbours()), f"lone tile {t} touches a chain"
    assert len(g.board.sizes) <= len(g.edition.chains)
    if g.supply.knows_racks:
        bag, racks = g.supply.bag_tiles, {p: g.supply.rack(p) for p in g.players}
        assert g.bag == len(bag) and g.racks == {p: len(r) for p, r in racks.items()}
        held = {t for r in racks.values() for t in r}
        assert len(set(g.board.owner) | set(bag) | set(g.discarded) | held) == len(ALL_TILES)


def check_money(g: Game, cash_before: int, events: list[Event]) -> None:
    """The money that changed hands in a move is what its ``events`` say: the players' total cash
    was ``cash_before`` dollars, plus bonuses and sales, less purchases (R5.4, R6, R8.3)."""
    paid = sum(e.amount for e in events if isinstance(e, BonusPaid | SharesSold))
    spent = sum(e.amount for e in events if isinstance(e, SharesBought))
    assert sum(g.cash.values()) == cash_before + paid - spent, "money changed hands the events do not show"


def typed_for(g: Game, move: Move) -> str:
    """What a referee types at the console's prompt to give the legal ``move`` (DESIGN 6)."""
    if isinstance(move, Place):
        return str(move.tile)
    if isinstance(move, Discard):
        return " ".join(map(str, move.tiles))
    if isinstance(move, Choose):
        return g.edition.chain(move.chains[0]).letter
    if isinstance(move, Dispose):
        return f"s{move.sell} t{move.trade}"
    assert isinstance(move, Buy), move
    return "".join(g.edition.chain(c).letter * n for c, n in move.orders)


def check_prompt_offers_legal_moves(g: Game) -> None:
    """The console's prompt for the pending decision offers exactly ``g.legal_moves()`` (DESIGN 6):
    every legal answer (``pass``, ``end``, ``start`` and ``market`` have keys of their own) can be
    typed and means that move, and a buy's, a choice's and a dealt placement's offers are exactly
    the legal ones."""
    prompt = prompt_for(g)
    legal = [m for m in g.legal_moves() if not isinstance(m, Pass | End | Start | Market)]
    for move in legal:
        got = prompt.moves(typed_for(g, move))
        assert len(got) == 1, f"{typed_for(g, move)!r} means {got}, not {move}"
        if isinstance(move, Buy):
            assert isinstance(got[0], Buy) and dict(got[0].orders) == dict(move.orders)
        else:
            assert got[0] == move
    if isinstance(prompt, BuyPrompt):  # only chains the player can buy one of are offered
        orders = [m.orders for m in legal if isinstance(m, Buy)]
        assert {k for k, _ in prompt.offers()} == {g.edition.chain(c).letter for o in orders for c, _ in o}
        assert [o for o in orders if not o] == [()] and prompt.moves("") == [Buy(())]
    if isinstance(prompt, ChoosePrompt):
        assert {Choose((c,)) for _, c in prompt.offers()} == set(legal)
    if isinstance(prompt, PlacePrompt) and g.supply.knows_racks:
        assert {k for k, _ in prompt.offers()} == {e for m in legal for e in typed_for(g, m).split()}
