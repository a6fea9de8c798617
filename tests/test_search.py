"""The search bot (`--strategy search`): it plays only legal moves, sees only its seat's view
(R10), plays the same game for the same seed, declares the end when that wins outright (R8.2)
and not when it loses; and `simulate --strategy S --against T` in duplicate. Every budget here
is a count of playouts, never time, so nothing depends on the machine's speed."""

from __future__ import annotations

import json
import random

import pytest

from acquire_ref.engine.game import Game, shuffled_bag
from acquire_ref.engine.moves import End
from acquire_ref.engine.supply import TableSupply
from acquire_ref.engine.tiles import ALL_TILES
from acquire_ref.programs.ladder import Ladder, Standing, confidence
from acquire_ref.programs.search import SearchBot, candidates, estimate
from acquire_ref.programs.simulate import GreedyBot, play_out
from acquire_ref.viewers.seat_view import clone, seat_game, seat_view

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


class Checked:
    """A seat that checks every move of the bot it wraps before the game applies it."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.moves = 0

    def move(self, g: Game):
        move = self.bot.move(g)
        g.verify(move)  # raises IllegalMoveError for an illegal move
        assert move in g.legal_moves()
        self.moves += 1
        return move


@pytest.mark.parametrize(("players", "options", "edition"), [
    (PLAYERS, None, "classic"),
    (["Ann", "Ben"], {"two-player-market": "on"}, "classic"),
    (["Ann", "Ben", "Cat"], {"holdings": "hidden"}, "1999"),
    ([*PLAYERS[:3], "Eve", "Fay"], {"dead-tiles": "replace-until-none"}, "2024"),
])
def test_r4_to_r8_the_search_bot_only_ever_plays_legal_moves(players, options, edition):
    g = Game.dealt(players, shuffled_bag(11), 11, edition, options)
    seats = {p: Checked(SearchBot(11, iterations=4)) for p in players[:1]}
    play_out(g, GreedyBot(random.Random(11)), seats)
    assert g.over
    assert all(s.moves > 10 for s in seats.values())


def test_r1_1a_the_search_bot_plays_a_10_by_10_board_from_its_own_tiles():
    """The seat's unseen tiles and the dealt worlds come from the edition's board (100 tiles,
    1A to 10J), never from the classic 108."""
    from tests.test_board_editions import TEN

    g = Game.dealt(PLAYERS, shuffled_bag(5, TEN.grid), 5, TEN)
    seat = Checked(SearchBot(5, iterations=3))
    play_out(g, GreedyBot(random.Random(5)), {"Ann": seat})
    assert g.over and seat.moves > 10
    assert all(t in set(TEN.grid.tiles) for t in g.board.owner)


def _started(seed: int = 3) -> Game:
    g = Game.dealt(PLAYERS, shuffled_bag(seed), seed)
    g.apply(g.legal_moves()[0])
    return g


def test_r10_the_seat_view_holds_no_bag_order_no_other_rack_and_no_log():
    g = _started()
    GreedyBot(random.Random(1)).move(g)
    for _ in range(30):
        g.apply(GreedyBot(random.Random(1)).move(g))
    view = seat_view(g, "Ben")
    assert type(view.game.supply) is TableSupply  # counts only: no bag_tiles, no rack_tiles
    assert not hasattr(view.game.supply, "bag_tiles") and not hasattr(view.game.supply, "rack_tiles")
    assert view.game.log == [] and view.game._restart is None and view.game.market.seed == 0
    assert view.rack == g.supply.rack("Ben")
    hidden = set(g.supply.bag_tiles) | {t for p in PLAYERS if p != "Ben" for t in g.supply.rack(p)}
    assert set(view.unseen) == hidden
    assert list(view.unseen) == [t for t in ALL_TILES if t in hidden]  # board order: nothing of the bag's order
    assert view.game.supply.racks == g.supply.racks and view.game.supply.bag == g.supply.bag


def test_r10_1_with_hidden_holdings_the_view_guesses_the_rivals_figures_from_public_facts():
    g = Game.dealt(PLAYERS, shuffled_bag(8), 8, options={"holdings": "hidden"})
    bot = GreedyBot(random.Random(8))
    while g.turn < 25:
        g.apply(bot.move(g))
    view = seat_view(g, "Ann")
    assert view.game.cash["Ann"] == g.cash["Ann"] and view.game.shares["Ann"] == g.shares["Ann"]
    for p in ("Ben", "Cat", "Dan"):
        assert view.game.cash[p] == g.cash["Ann"]
    for c in g.edition.chain_names:
        rivals = [view.game.shares[p][c] for p in ("Ben", "Cat", "Dan")]
        assert sum(rivals) == 25 - g.bank[c] - g.shares["Ann"][c] and max(rivals) - min(rivals) <= 1


def _same_but_hidden(seed: int) -> tuple[Game, Game]:
    """Two games with the same start tiles and the first player's rack, whose other racks and bag
    differ: what the first player can see is the same in both."""
    bag = shuffled_bag(seed)
    first = Game.dealt(PLAYERS, bag, seed)
    first.apply(first.legal_moves()[0])
    mover = first.players.index(first.player)
    mine = range(4 + 6 * mover, 10 + 6 * mover)
    rest = [i for i in range(4, 108) if i not in mine]
    moved = [bag[i] for i in rest]
    random.Random(seed).shuffle(moved)
    other = list(bag)
    for i, t in zip(rest, moved, strict=True):
        other[i] = t
    second = Game.dealt(PLAYERS, other, seed)
    second.apply(second.legal_moves()[0])
    assert first.player == second.player and first.supply.rack(first.player) == second.supply.rack(first.player)
    assert first.supply.bag_tiles != second.supply.bag_tiles
    return first, second


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_r10_the_search_decides_the_same_whatever_the_hidden_tiles_are(seed):
    first, second = _same_but_hidden(seed)
    bot = SearchBot(seed, iterations=40)
    a = bot.analyse(seat_view(first, first.player))
    b = bot.analyse(seat_view(second, second.player))
    assert [(e.move, e.visits, e.total) for e in a] == [(e.move, e.visits, e.total) for e in b]
    assert bot.move(first) == bot.move(second)


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    def game(bot_seed: int) -> list[str]:
        g = Game.dealt(PLAYERS[:2], shuffled_bag(4), 4)
        play_out(g, GreedyBot(random.Random(4)), {"Ann": SearchBot(bot_seed, iterations=4)})
        return [str(m) for m in g.moves]

    first = game(1)
    assert first == game(1)
    assert first != game(2)


def _end_available(seed: int, leading: bool) -> Game:
    """The first moment of greedy game ``seed`` when the player to place may declare the end
    (R8.1) and leads (``leading``) or trails by $5,000 or more."""
    g = _started(seed)
    bot = GreedyBot(random.Random(seed))
    while not g.over:
        if type(g.pending).__name__ == "PlaceTile" and g.is_legal(End()):
            standings = g.standings()
            me = next(d for p, d, _ in standings if p == g.player)
            best_rival = max(d for p, d, _ in standings if p != g.player)
            if (leading and me > best_rival) or (not leading and me <= best_rival - 5000):
                return g
        g.apply(bot.move(g))
    raise AssertionError(f"no such moment in greedy game {seed}")


def test_r8_2_leading_with_the_end_available_the_search_keeps_a_sure_win():
    g = _end_available(1, leading=True)
    me = g.player
    bot = SearchBot(1, iterations=60)
    stats = bot.analyse(seat_view(g, me))
    by_move = {e.move: e for e in stats}
    assert by_move[End()].value >= 0.9  # the game would end at this turn's close with the seat ahead (R8.2)
    chosen = bot.move(g)
    assert by_move[chosen].value >= by_move[End()].value - 0.001
    play_out(g, GreedyBot(random.Random(1)), {me: SearchBot(1, iterations=20)})
    assert [p for p, _, rank in g.standings() if rank == 1] == [me]


def _last_purchase() -> Game:
    """Ann's turn in a three-player game whose one chain, Tower (11 tiles, safe), makes the end
    available (R8.1); Ann and Ben hold 4 Tower each, Ben has $800 more. Ann declares the end
    (R8.2) and places a lone tile: her purchase is the game's last decision."""
    from acquire_ref.engine.editions import load_edition
    from acquire_ref.engine.moves import Place
    from acquire_ref.engine.setup import read_position
    from acquire_ref.engine.supply import DealtSupply
    from acquire_ref.engine.tiles import parse_tile

    players, ed = ["Ann", "Ben", "Cat"], load_edition("classic")
    data = {"next": "Ann", "bag": 79, "chains": {"Tower": [f"{n}A" for n in range(1, 12)]},
            "cash": {"Ann": 6000, "Ben": 6800, "Cat": 5000}, "shares": {"Ann": {"Tower": 4}, "Ben": {"Tower": 4}}}
    position, problems = read_position(data, players, ed)
    assert not problems
    g = Game.from_position(players, position, ed)
    off = [t for t in ALL_TILES if t not in g.board.owner]
    racks = {"Ann": ["9G", "5E", "10I", "3G", "7F", "12H"]}
    rest = [t for t in off if str(t) not in racks["Ann"]]
    supply = DealtSupply(players, [])
    supply.rack_tiles = {"Ann": [parse_tile(t) for t in racks["Ann"]], "Ben": rest[:6], "Cat": rest[6:12]}
    supply.bag_tiles = rest[12:]
    supply.racks, supply.bag = {p: 6 for p in players}, len(supply.bag_tiles)
    g.supply = supply
    g.apply(End())
    g.apply(Place(parse_tile("9G")))
    return g


def test_r6_r8_3_the_last_purchase_that_wins_the_majority_is_found():
    g = _last_purchase()
    assert g.price("Tower") == 700 and type(g.pending).__name__ == "BuyShares"
    bot = SearchBot(3, iterations=80)
    stats = {e.move: e for e in bot.analyse(seat_view(g, "Ann"), prune=False)}
    from acquire_ref.engine.moves import Buy

    assert stats[Buy(())].value < 0.1  # nothing bought: the majority is shared and Ben wins by $800 (R8.3)
    move = bot.move(g)
    assert isinstance(move, Buy) and dict(move.orders).get("Tower", 0) >= 1
    g.apply(move)
    assert g.over
    # Ann holds the majority alone: the $7,000 majority bonus; Ben the $3,500 minority bonus
    ann, ben = (next(d for p, d, _ in g.standings() if p == who) for who in ("Ann", "Ben"))
    assert (ann, ben) == (6000 + 7000 + 4 * 700, 6800 + 3500 + 4 * 700)
    assert g.standings()[0][0] == "Ann"


def test_a_clone_plays_on_without_touching_the_original():
    g = _started(6)
    bot = GreedyBot(random.Random(6))
    while g.turn < 40:
        g.apply(bot.move(g))
    before = (dict(g.cash), {p: dict(s) for p, s in g.shares.items()}, dict(g.board.owner), len(g.log), g.pending)
    view = seat_view(g, g.player)
    world = view.determinise(random.Random(1))
    other = random.Random(2)
    while not world.over:
        world.apply(GreedyBot(other).move(world))
    assert (g.cash, g.shares, g.board.owner, len(g.log), g.pending) == before
    assert clone(g).board.owner == g.board.owner


def test_r8_3_the_estimate_is_one_for_a_won_game_and_split_on_a_shared_win():
    g = _started(7)
    play_out(g, GreedyBot(random.Random(7)))
    winner = g.standings()[0][0]
    loser = g.standings()[-1][0]
    assert estimate(g, winner) >= 0.9 + 0.1 * 0.5 and estimate(g, loser) <= 0.1


def test_r5_3b_r6_the_short_lists_keep_the_telling_choices():
    g = _started(12)
    bot = GreedyBot(random.Random(12))
    seen = set()
    while not g.over and len(seen) < 2:
        kind = type(g.pending).__name__
        if kind in ("BuyShares", "DisposeShares") and kind not in seen and len(g.legal_moves()) > 3:
            view = seat_view(g, g.pending.player)
            short = candidates(view)
            assert short and all(m in view.legal for m in short)
            if kind == "BuyShares":
                assert any(not getattr(m, "orders", True) for m in short)  # buying nothing is weighed
            else:
                held = g.shares[g.pending.player][g.pending.chain]
                assert {(m.sell, m.trade) for m in short} >= {(0, 0), (held, 0)}  # hold all, sell all
            seen.add(kind)
        g.apply(bot.move(g))
    assert seen == {"BuyShares", "DisposeShares"}


def test_the_duplicate_ladder_rotates_the_one_seat_through_every_position():
    ladder = Ladder(3, "greedy", "random", "classic", {})
    played = ladder.play(21)
    games = [r for r, _ in played]
    assert len(games) == 3 and all(r.winners for r in games)
    assert all(money > 6000 for _, money in played)  # the winner ends above the $6,000 every seat starts with
    standing = Standing(ladder)
    standing.add(played)
    doc = standing.as_dict()
    assert doc["winners_money"]["mean"] == pytest.approx(sum(m for _, m in played) / 3, abs=0.1)
    assert doc["game_length"]["mean"] == pytest.approx(sum(r.turns for r in games) / 3, abs=0.1)
    assert doc["winners_money"]["ci95"] is None  # one deal: no interval
    assert abs(sum(doc["wins_by_strategy"].values()) - 3) < 1e-9
    assert doc["win_share"]["share"] == pytest.approx(doc["wins_by_strategy"]["greedy"] / 3)
    assert doc["wins_by_position"] == [
        sum(1 / len(r.winners) for r in games[i:i + 1] if f"p{i + 1}" in r.winners) for i in range(3)]


def test_the_win_share_interval_is_over_the_deals():
    assert confidence([0.5, 0.25, 0.75, 0.5]) == (0.3, 0.5, 0.7)
    assert confidence([1.0]) == (0.0, 1.0, 1.0)
    assert confidence([0.0, 0.0, 0.0]) == (0.0, 0.0, 0.0)


def test_simulate_against_reports_the_win_share_in_json(cli):
    result = cli("simulate", "--strategy", "search", "--against", "greedy", "--games", "1", "--players", "2",
                 "--iterations", "3", "--seed", "5", "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 2 and doc["deals"] == 1 and doc["search"] == {"iterations": 3}
    assert set(doc["wins_by_strategy"]) == {"search", "greedy"}
    assert abs(sum(doc["wins_by_strategy"].values()) - 2) < 1e-9
    assert doc["win_share"]["chance"] == 0.5
    low, high = doc["win_share"]["ci95"]
    assert 0 <= low <= doc["win_share"]["share"] <= high <= 1


def test_simulate_against_shows_a_table_and_refuses_what_it_does_not_offer(cli, tmp_path):
    result = cli("simulate", "--strategy", "greedy", "--against", "random", "--games", "2", "--players", "3", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "win share of the greedy seat" in result.stdout and "6 games (2 deals" in result.stdout
    assert "winner's money (mean)" in result.stdout and "turns per game (mean)" in result.stdout
    bad = cli("simulate", "--strategy", "search", "--against", "clever")
    assert bad.exit_code == 2 and "--against 'clever'" in bad.output
    assert cli("simulate", "--against", "greedy", "--out", tmp_path / "x").exit_code == 2
    assert cli("simulate", "--against", "greedy", "--option", "stall=continue").exit_code == 2


class Spy(GreedyBot):
    """A greedy bot that keeps every game it is asked to decide on."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.seen: list[Game] = []

    def move(self, g: Game):
        self.seen.append(g)
        return super().move(g)


def test_r10_1_a_simulated_greedy_bot_is_given_its_seat_game_and_cannot_read_a_rivals_shares():
    """simulate's built-in bots decide on their seat's game (seat_view.seat_game), never on the
    referee's: with hidden holdings every rival's cash and shares in it are the public guess,
    and the other racks and the bag hold no tile."""
    g = Game.dealt(PLAYERS, shuffled_bag(8), 8, options={"holdings": "hidden"})
    spy = Spy(random.Random(8))
    play_out(g, spy)
    assert g.over
    decisions = [w for w in spy.seen if w is not g]
    assert len(decisions) > 100
    differed = 0
    for world in decisions:
        seat = world.pending.player
        assert world.supply.bag_tiles == [] and all(world.supply.rack_tiles[p] == [] for p in PLAYERS if p != seat)
        for c in g.edition.chain_names:
            rivals = [world.shares[p][c] for p in PLAYERS if p != seat]
            assert max(rivals) - min(rivals) <= 1  # the even split of the public count, not the holdings
        assert {world.cash[p] for p in PLAYERS} == {world.cash[seat]}
        differed += any(world.shares[p] != g.shares[p] for p in PLAYERS)
    assert differed  # the game ended with real holdings that no bot's game showed


def test_r10_1_a_rivals_hidden_shares_moved_to_another_rival_change_nothing_the_seat_is_given():
    g = Game.dealt(PLAYERS, shuffled_bag(8), 8, options={"holdings": "hidden"})
    bot = GreedyBot(random.Random(8))
    while g.turn < 25 or g.pending.player != "Ann":
        g.apply(bot.move(g))
    chain = next(c for c in g.edition.chain_names if g.shares["Ben"][c] > 0)
    other = clone(g)
    other.supply = g.supply
    other.shares["Ben"][chain] -= 1
    other.shares["Cat"][chain] += 1
    other.cash["Ben"] += 700
    other.cash["Cat"] -= 700
    a, b = seat_game(g, "Ann"), seat_game(other, "Ann")
    assert a.shares == b.shares and a.cash == b.cash
    assert a.shares["Ann"] == g.shares["Ann"] and a.cash["Ann"] == g.cash["Ann"]
    assert GreedyBot(random.Random(1)).move(a) == GreedyBot(random.Random(1)).move(b)


def test_r10_with_open_holdings_the_seat_game_keeps_every_figure_and_only_the_own_rack():
    g = Game.dealt(PLAYERS, shuffled_bag(8), 8)
    bot = GreedyBot(random.Random(8))
    while g.turn < 12:
        g.apply(bot.move(g))
    world = seat_game(g, "Ben")
    assert world.shares == g.shares and world.cash == g.cash and world.supply.racks == g.supply.racks
    assert world.supply.rack("Ben") == g.supply.rack("Ben") and world.supply.rack("Cat") == ()
    assert world.log == [] and world.market.seed == 0


def test_r10_1_a_greedy_seat_of_a_duplicate_match_is_given_its_seat_game_too():
    """`simulate --against greedy` seats built-in bots through play_out's seats: they too decide on
    their seat's game, never the referee's."""
    g = Game.dealt(PLAYERS, shuffled_bag(9), 9, options={"holdings": "hidden"})
    spy = Spy(random.Random(9))
    play_out(g, GreedyBot(random.Random(9)), {"Cat": spy, "Ann": SearchBot(9, iterations=2)})
    assert g.over and len(spy.seen) > 20
    assert all(w is not g and w.pending.player == "Cat" and w.supply.bag_tiles == [] for w in spy.seen)


def test_r10_a_seats_game_is_made_once_and_follows_the_referees_game_before_each_decision():
    """play_out makes each seat's game once (SeatGames) and brings it up to date before every
    decision: the board, decision and books the referee's, the rack the seat's own, the other
    racks and the bag counts only, and the market's seed not the referee's."""
    from acquire_ref.viewers.seat_view import SeatGames

    g = Game.dealt(PLAYERS, shuffled_bag(12), 12)
    bot = GreedyBot(random.Random(12))
    games = SeatGames(g)
    first = games.of("Ann")
    while g.turn < 15:
        g.apply(bot.move(g))
    world = games.of("Ann")
    assert world is first and world is not g
    assert world.board is g.board and world.pending == g.pending and world.turn == g.turn
    assert world.cash == g.cash and world.shares == g.shares and world.bank == g.bank
    assert world.supply.rack("Ann") == g.supply.rack("Ann") and world.supply.rack("Ben") == ()
    assert world.supply.racks == g.supply.racks and world.supply.bag == g.supply.bag and world.supply.bag_tiles == []
    assert world.log == [] and world.market.seed == 0 and g.market.seed == 12
    assert games.of("Ben") is not world
    with pytest.raises(ValueError, match="'Eve' is not a player"):
        games.of("Eve")


def test_clone_copies_a_merger_in_progress_so_the_copy_goes_on_alone():
    g = Game.dealt(PLAYERS, shuffled_bag(3), 3)
    bot = GreedyBot(random.Random(3))
    while g.merger is None:
        g.apply(bot.move(g))
    copy = clone(g)
    assert copy.merger is not g.merger and copy.merger is not None
    assert (copy.merger.chains, copy.merger.survivor, copy.merger.queue) == (g.merger.chains, g.merger.survivor, g.merger.queue)
    copy.supply = seat_view(g, g.pending.player).determinise(random.Random(1)).supply
    before = (list(g.merger.remaining), list(g.merger.queue), g.merger.current, dict(g.cash), g.pending)
    while not copy.over:
        copy.apply(GreedyBot(random.Random(4)).move(copy))
    assert (g.merger.remaining, g.merger.queue, g.merger.current, g.cash, g.pending) == before
