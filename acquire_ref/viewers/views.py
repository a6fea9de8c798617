"""What each viewer may see of a game (R10.3), and every document a front end shows.

A :class:`Viewer` is the public (the shared screen, the TV, the log, a bot seated for another
player), one seat (a player: the public view and that player's own cash and shares), or the
referee (everything). With open holdings every viewer sees every figure; with ``holdings =
hidden`` (R10.1) each player's cash, shares and net worth are theirs alone until the game is over.
This module is the one place that reads that option (:func:`withheld`, :func:`sees`): the front
ends (CLI, console, web page, pipe, library, bots, tournament, ratings) draw only the documents
built here for their viewer: :func:`status`, :func:`pending_text`, :func:`moment` (the events of
the move just made), :func:`log_entry` / :func:`history_lines` (the history), :func:`score`,
:func:`legal`, :func:`refusal`, and the game file's :func:`snapshot` (the referee's).

>>> from acquire_ref.engine.game import Game
>>> g = Game.table(["Ann", "Ben", "Cat"])
>>> status(g)["pending"]["decision"], snapshot(g)["bag"]
('start', 108)
>>> Viewer.parse(g, "ann"), Viewer.parse(g, "referee"), Viewer.parse(g, None)
(Viewer('seat', 'Ann'), Viewer('referee'), Viewer('public'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

from acquire_ref.engine import events as ev
from acquire_ref.engine.errors import GameFileError, IllegalMoveError, NotationError
from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import Buy, Dispose, Move
from acquire_ref.engine.pending import (
    BuyShares,
    ChooseSurvivor,
    DisposeShares,
    DrawForMarket,
    DrawStartTiles,
    FoundChain,
    GameEnded,
    OrderDefunct,
    PlaceTile,
)
from acquire_ref.engine.tiles import Tile
from acquire_ref.language import _, ngettext
from acquire_ref.viewers import describe
from acquire_ref.words.refusals import worded

if TYPE_CHECKING:
    from collections.abc import Iterable

    from acquire_ref.engine.editions import Edition
    from acquire_ref.engine.events import Event
    from acquire_ref.engine.game import LogEntry
    from acquire_ref.engine.scoring import PlayerScore


class Viewer:
    """Who a document is made for (R10.3): ``kind`` is ``"public"``, ``"seat"`` (then ``seat``
    is the player's name) or ``"referee"``. Compare with ``==``; :data:`PUBLIC` and
    :data:`REFEREE` are the two without a seat."""

    __slots__ = ("kind", "seat")
    KINDS = ("public", "seat", "referee")

    def __init__(self, kind: str = "public", seat: str | None = None) -> None:
        if kind not in self.KINDS or (kind == "seat") != (seat is not None):
            raise ValueError(f"a viewer is public, a seat with a player's name, or the referee: not {kind!r} {seat!r}")
        self.kind = kind
        self.seat = seat

    @classmethod
    def of(cls, player: str) -> Viewer:
        """The seat of ``player`` (a name exactly as the game spells it)."""
        return cls("seat", player)

    @classmethod
    def parse(cls, game: Game, text: str | None) -> Viewer:
        """The viewer a user names (``--as NAME``, ``--as referee``): None is the public, the word
        ``referee`` (any case) the referee, anything else a player of ``game`` (any case, as
        :meth:`Game.resolve_player`). Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2)
        for a name that is no player's."""
        if text is None:
            return PUBLIC
        if text.strip().lower() == "referee":
            return REFEREE
        return cls.of(game.resolve_player(text))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Viewer) and (self.kind, self.seat) == (other.kind, other.seat)

    def __hash__(self) -> int:
        return hash((self.kind, self.seat))

    def __repr__(self) -> str:
        return f"Viewer({self.kind!r}{', ' + repr(self.seat) if self.seat else ''})"


PUBLIC = Viewer("public")
"""The shared screens, the log, a file handed round (R10.3)."""
REFEREE = Viewer("referee")
"""Everything: only when a user asks for it by name (R10.3)."""

ViewerLike = Viewer | str | None
"""A :class:`Viewer`, a player's name (that seat), or None (the public)."""


def viewer_of(who: ViewerLike) -> Viewer:
    """``who`` as a :class:`Viewer`: a name is that seat, None the public."""
    if isinstance(who, Viewer):
        return who
    return PUBLIC if who is None else Viewer.of(who)


def withheld(game: Game, who: ViewerLike = None) -> bool:
    """Whether some player's cash and shares are kept from ``who`` now: holdings are hidden, the
    game is not over, and ``who`` is not the referee (R10.1, R10.3)."""
    return game.options.hidden and not game.over and viewer_of(who).kind != "referee"


def sees(game: Game, player: str | None, who: ViewerLike = None) -> bool:
    """Whether ``who`` may see ``player``'s cash, shares and net worth: always unless they are
    :func:`withheld`, and then only their own seat (R10.1). A ``player`` of None (no one's
    figures) is seen by all."""
    return player is None or not withheld(game, who) or viewer_of(who).seat == player


def board_rows(game: Game) -> list[str]:
    """The board as one string per row (9 on the classic board, R1.1a), row A first: ``.`` empty,
    ``o`` lone tile, a chain's letter."""
    rows = []
    for letter, tiles in game.edition.grid.iter_rows():
        cells = []
        for t in tiles:
            if t not in game.board:
                cells.append(".")
            else:
                owner = game.board.owner[t]
                cells.append("o" if owner is None else game.edition.chain(owner).letter)
        rows.append(f"{letter} " + " ".join(cells))
    return rows


def _chains(game: Game) -> dict[str, dict[str, Any]]:
    """Each chain on the board; ``"defunct": true`` is added to those a merger in progress is
    absorbing (R8.5), which ``score`` treats as defunct too."""
    ed = game.edition
    defunct = game.defunct_chains()
    return {
        c: {"size": game.board.sizes[c], "price": game.price(c), "safe": ed.is_safe(game.board.sizes[c]),
            "bank": game.bank[c], **({"defunct": True} if c in defunct else {})}
        for c in game.chains_on_board()
    }


def last_move(game: Game, viewer: ViewerLike = None) -> str | None:
    """The last move in words for ``viewer`` (:func:`acquire_ref.viewers.describe.last_move`): a
    purchase's or a disposal's counts only where every figure is the viewer's to see (R10.1)."""
    return describe.last_move(game, not withheld(game, viewer))


def pending_text(game: Game, viewer: ViewerLike = None) -> str:
    """The sentence of the pending decision for ``viewer`` (R10.2): with the pending player's
    holding and cash only when ``viewer`` may see them (R10.1)."""
    return describe.pending(game, shown=sees(game, game.pending.player, viewer))


def tile(game: Game, where: Tile, viewer: ViewerLike = None) -> dict[str, Any]:
    """What placing ``where`` would do (:func:`acquire_ref.viewers.describe.tile`) as ``viewer`` may be
    told it: a merger's bonuses name who gets them only when no holding is withheld (R10.1)."""
    return describe.tile(game, where, shown=not withheld(game, viewer))


def status(game: Game, viewer: ViewerLike = None) -> dict[str, Any]:
    """The state as plain data, the ``status --json`` document (DESIGN 2), for ``viewer`` (a
    :class:`Viewer`, a player's name, or None: the public).

    While holdings are hidden (R10.1) every player's cash and shares are None except those the
    viewer :func:`sees`; the bank's shares are always shown. ``pending.text`` gives commands in
    move notation (see :mod:`acquire_ref.viewers.describe`).
    """
    return {
        "edition": game.edition.name,
        "turn": game.turn,
        "options": game.options.as_dict(),
        "tiles": game.supply.mode,
        "players": [
            {"name": p, "cash": game.cash[p], "shares": dict(game.shares[p]), "rack": game.racks[p]}
            if sees(game, p, viewer) else {"name": p, "cash": None, "shares": None, "rack": game.racks[p]}
            for p in game.players
        ],
        "chains": _chains(game),
        "bank": dict(game.bank),
        "bag": game.bag,
        "discarded": [str(t) for t in game.discarded],
        "board": board_rows(game),
        "pending": _pending(game, viewer),
        "end_available": game.end_available(),
        "end_declared": game.end_declared,
        "over": game.over,
    }


def _pending(game: Game, viewer: ViewerLike) -> dict[str, Any]:
    """The ``pending`` object of :func:`status`: who decides what, the sentence for ``viewer``,
    and the decision's own keys (a choice's options; a disposal's or the market's chain)."""
    pend = game.pending
    pending: dict[str, Any] = {"player": pend.player, "decision": pend.decision, "text": pending_text(game, viewer)}
    match pend:
        case FoundChain() | ChooseSurvivor() | OrderDefunct():
            pending.update(choice=pend.choice, options=list(pend.options))
        case DisposeShares():
            pending.update(chain=pend.chain, survivor=pend.survivor)
        case DrawForMarket():
            pending.update(chain=pend.chain, survivor=None)
        case DrawStartTiles() | PlaceTile() | BuyShares() | GameEnded():
            pass
        case _:
            assert_never(pend)
    return pending


def snapshot(game: Game) -> dict[str, Any]:
    """The derived snapshot written into a game file for people to read (DESIGN 3): everything,
    hidden holdings included (the file is the referee's)."""
    pend = game.pending
    return {
        "turn": game.turn,
        "pending": {"decision": pend.decision, **({"player": pend.player} if pend.player else {})},
        "end_available": game.end_available(),
        "end_declared": game.end_declared,
        "over": game.over,
        "bag": game.bag,
        "racks": dict(game.racks),
        "cash": dict(game.cash),
        "shares": {p: {c: n for c, n in s.items() if n} for p, s in game.shares.items()},
        "bank": dict(game.bank),
        "chains": {c: game.board.sizes[c] for c in game.chains_on_board()},
        "discarded": [str(t) for t in game.discarded],
        "board": board_rows(game),
    }


def standings(final: bool, reason: str | None, scores: list[PlayerScore]) -> dict[str, Any]:
    """The ``score --json`` document of ``scores`` (DESIGN 2): ``final``, ``reason``,
    ``standings`` (best first, ``{player, cash, rank}``; equal cash shares a rank: 1, 1, 3) and
    ``breakdown`` (each player's cash before, bonuses, sales and total, in the same order)."""
    from acquire_ref.engine.scoring import rank

    ranks = {p: r for p, _, r in rank({s.player: s.total for s in scores})}
    order = sorted(scores, key=lambda s: -s.total)
    return {
        "final": final,
        "reason": reason,
        "standings": [{"player": s.player, "cash": s.total, "rank": ranks[s.player]} for s in order],
        "breakdown": [s.as_dict() for s in order],
    }


def score(game: Game, viewer: ViewerLike = None) -> dict[str, Any]:
    """The ``score --json`` document of ``game``: its final standings, or the standings if it
    ended now (R8.3), with ``market`` (the market's draws) when there were any.

    Raises :class:`~acquire_ref.engine.errors.IllegalMoveError` (exit 3) while holdings are
    :func:`withheld` from ``viewer``: a projection would tell the hidden figures (R10.1).
    """
    if withheld(game, viewer):
        raise IllegalMoveError(_("holdings are hidden until the game is over (R10.1): no projection is shown"), rule="R10.1")
    doc = standings(game.over, game.end_reason or None, game.score_breakdown())
    if game.market.history:
        doc["market"] = [e.as_dict() for e in game.market.history]
    return doc


def _figures_of(e: Event) -> list[str]:
    """The players whose own figures event ``e`` may name: its ``player``, and a defunct
    chain's holders."""
    player = getattr(e, "player", None)
    named = [player] if isinstance(player, str) else []
    holders = getattr(e, "holders", None)
    return named + (list(holders) if isinstance(holders, dict) else [])


def _sees_all(game: Game, e: Event, viewer: ViewerLike) -> bool:
    """Whether ``viewer`` may see every figure event ``e`` names: :func:`sees`, asked once per
    player it names (R10.1)."""
    return all(sees(game, p, viewer) for p in _figures_of(e))


def _public_doc(e: Event) -> dict[str, Any]:
    """Event ``e`` as data while holdings are hidden (R10.1): without the shares held of a bonus,
    a disposal's counts and money (every part one ``shares_disposed``), a purchase's chain,
    counts and money, a defunct chain's holdings, or a turn's reason naming the player's cash."""
    doc = e.as_dict()
    if isinstance(e, ev.DefunctChain):
        return {**doc, "holders": {p: None for p in e.holders}}
    if isinstance(e, ev.BonusPaid):
        return {k: v for k, v in doc.items() if k != "shares"}
    if isinstance(e, ev.SharesSold | ev.SharesTraded | ev.SharesHeld):
        return {"event": "shares_disposed", "player": e.player, "chain": e.chain}
    if isinstance(e, ev.SharesBought):
        return {"event": e.kind, "player": e.player}
    return _moment_doc(e)


def _moment_doc(e: Event) -> dict[str, Any]:
    """Event ``e`` as data as everyone may read it at its moment (R10.1): in full, but a turn's
    reason without the player's own cash."""
    if isinstance(e, ev.TurnFinished) and e.public_reason is not None:
        return {**e.as_dict(), "reason": e.public_reason}
    return e.as_dict()


def moment(game: Game, events: Iterable[Event], viewer: ViewerLike = None) -> list[str]:
    """The events of the move just made as ``viewer`` is told them (R10.1: at the moment it
    happens the move is public in full, as the banker carries it out, and so are a merger's
    bonus table and disposals; only a player's cash named as a reason stays theirs); the
    sentences are the phrasebook's (:func:`acquire_ref.words.events.told`)."""
    from acquire_ref.words.events import told  # the events' words: not on the path of status, why or hand

    return [told(e) if _sees_all(game, e, viewer) else told(e, "moment") for e in events]


def moment_docs(game: Game, events: Iterable[Event], viewer: ViewerLike = None) -> list[dict[str, Any]]:
    """The events of the move just made as data (``log --json``'s shape), as :func:`moment` tells them."""
    return [e.as_dict() if _sees_all(game, e, viewer) else _moment_doc(e) for e in events]


def history_event(game: Game, e: Event, viewer: ViewerLike = None) -> tuple[str, dict[str, Any]]:
    """One event of the history (``log``) for ``viewer``: its sentence and its ``log --json``
    data; while holdings are hidden, another player's figures are left out ("Ann buys shares",
    "the bank pays Cat $3,000 (Luxor majority)", "Cat disposes of Luxor shares", R10.1)."""
    from acquire_ref.words.events import told

    if _sees_all(game, e, viewer):
        return told(e), e.as_dict()
    return told(e, "public"), _public_doc(e)


def move_text(game: Game, entry: LogEntry, viewer: ViewerLike = None) -> str:
    """A move of the history in notation for ``viewer``: a purchase or a disposal names no count
    while the mover's holdings are hidden from the viewer (``buy``, ``dispose Cat``, R10.1)."""
    move = entry.move
    if sees(game, entry.player, viewer):
        return str(move)
    if isinstance(move, Buy):
        return _("buy (shares hidden, R10.1)") if move.orders else "buy"
    if isinstance(move, Dispose):
        return _("dispose {player} (hidden, R10.1)").format(player=entry.player)
    return str(move)


def _history(game: Game, events: Iterable[Event], viewer: ViewerLike) -> list[tuple[str, dict[str, Any]]]:
    """The events for ``viewer``, an entry's repeated public line told once (a disposal of
    several parts is one "Cat disposes of Luxor shares")."""
    out: list[tuple[str, dict[str, Any]]] = []
    for e in events:
        told = history_event(game, e, viewer)
        if out and told == out[-1] and not _sees_all(game, e, viewer):
            continue
        out.append(told)
    return out


def log_entry(n: int, entry: LogEntry, events: list[Event] | None = None, game: Game | None = None,
              viewer: ViewerLike = None) -> dict[str, Any]:
    """Move ``n`` (from 1) of the log as ``log --json`` gives it: ``{n, turn, player, move,
    events}``, each event as its :meth:`~acquire_ref.engine.events.Event.as_dict`; ``events`` replaces
    the entry's own (``log --player`` shows only what concerns one player). With ``game``, the
    entry as ``viewer`` may read it (:func:`history_event`, :func:`move_text`, R10.1)."""
    shown = entry.events if events is None else events
    if game is None:
        return {"n": n, "turn": entry.turn, "player": entry.player, "move": str(entry.move),
                "events": [e.as_dict() for e in shown]}
    return {"n": n, "turn": entry.turn, "player": entry.player, "move": move_text(game, entry, viewer),
            "events": [doc for _, doc in _history(game, shown, viewer)]}


def history_lines(game: Game, entry: LogEntry, events: list[Event] | None = None,
                  viewer: ViewerLike = None) -> list[str]:
    """The sentences of one log entry's events for ``viewer`` (R10.1; ``events`` as in
    :func:`log_entry`)."""
    return [text for text, _ in _history(game, entry.events if events is None else events, viewer)]


def log_line(n: int, entry: LogEntry, game: Game, viewer: ViewerLike = None) -> str:
    """The heading of move ``n`` (from 1) in the history, as ``log`` and the console's log show
    it: ``"  5. turn 3 Ben: place 5A --survivor American"`` (the move for ``viewer``, :func:`move_text`)."""
    text = (_("turn {turn} {player}: {move}") if entry.player else _("turn {turn}: {move}")).format(
        turn=entry.turn, player=entry.player, move=move_text(game, entry, viewer))
    return f"{n:>3}. {text}"


def undo_lines(game: Game, entry: LogEntry, viewer: ViewerLike = None) -> list[str]:
    """What taking back ``entry`` asks of the banker (the CLI and the console): the heading and
    each event worded as a take-back, the last first ("Ann gets $400 back for 2 Tower",
    :mod:`acquire_ref.words.undo`); nothing for a move that moved no money, certificate or tile.
    Every figure named was public at the move's moment (R10.1), so every ``viewer`` is told the same."""
    from acquire_ref.words.undo import heading, take_back_lines  # asked by undo alone: not on every read's path

    lines = take_back_lines(entry.events)
    return [heading(), *lines] if lines else []


def log(game: Game, viewer: ViewerLike = None) -> list[dict[str, Any]]:
    """The whole ``log --json`` document for ``viewer``: every entry, :func:`log_entry`."""
    return [log_entry(n, entry, None, game, viewer) for n, entry in enumerate(game.log, 1)]


def legal(game: Game, viewer: ViewerLike = None) -> list[Move]:
    """The legal answers to the pending decision as ``viewer`` may know them (``Game.legal_moves``).

    While the pending player's holdings are hidden from ``viewer`` (R10.1), a disposal or a
    purchase would enumerate their shares or tell their cash: only the answers legal whatever
    they hold are listed (``dispose``: hold them all; ``buy``: buy nothing; ``end``).
    """
    moves = game.legal_moves()
    pend = game.pending
    if isinstance(pend, DisposeShares | BuyShares) and not sees(game, pend.player, viewer):
        moves = [m for m in moves if not isinstance(m, Dispose | Buy)
                 or (isinstance(m, Dispose) and not m.sell and not m.trade) or (isinstance(m, Buy) and not m.orders)]
    return moves


def refusal(game: Game, error: IllegalMoveError, viewer: ViewerLike = None) -> str:
    """A refused move's text for ``viewer``, from the phrasebook (:func:`acquire_ref.words.refusals.worded`):
    in full (the rule and the facts) unless its facts are the figures of a player ``viewer`` may
    not see; then without them ("not enough cash for 3 Festival (R6.3)", R10.1)."""
    return worded(error, full=sees(game, error.player, viewer))


def for_viewer(game: Game, error: IllegalMoveError, viewer: ViewerLike = None) -> IllegalMoveError:
    """``error`` as ``viewer`` may be told it: itself, or the same refusal restated with its
    :func:`refusal` text (and no figures left to read from it)."""
    text = refusal(game, error, viewer)
    if text == str(error):
        return error
    return IllegalMoveError(text, rule=error.rule)


def history(game: Game, player: str | None = None, turn: int | None = None) -> list[tuple[int, LogEntry, list[Event]]]:
    """The moves ``log`` shows, as ``(n, entry, events)`` with ``n`` counted from 1: every move,
    or with ``turn`` only that turn's; with ``player`` (any spelling of a name, resolved by the
    game) that player's moves whole and, of the others' moves, only the events that happened to
    them (a bonus paid them, a disposal asked of them), a move with none of those left out.

    Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2) for a name not at the table.
    """
    who = game.resolve_player(player) if player else None
    shown = []
    for n, entry in enumerate(game.log, 1):
        events = entry.events
        if who is not None and entry.player != who:  # another's move: only what happened to them
            events = [e for e in events if getattr(e, "player", None) == who or who in getattr(e, "holders", {})]
            if not events:
                continue
        if turn is None or entry.turn == turn:
            shown.append((n, entry, events))
    return shown


def bonus(edition: Edition, chain: str, size: int, held: dict[str, int]) -> dict[str, Any]:
    """The ``bonus --json`` document: who gets ``chain``'s majority and minority bonuses at
    ``size`` tiles when ``held`` (player = shares) are its shareholders, ties split and each part
    rounded up to $100 (R5.4, R5.4a). ``{chain, size, price, majority, minority, places, bonuses}``
    in whole dollars; ``places`` is every place's bonus (two in the classic game, the majority
    and the minority); ``bonuses`` lists ``{player, shares, amount, kind}`` for each player paid."""
    from acquire_ref.engine.scoring import place_bonuses

    places = edition.bonuses(chain, size)
    majority, minority = edition.majority_bonus(chain, size), edition.minority_bonus(chain, size)
    payout = place_bonuses(places, held)
    return {"chain": chain, "size": size, "price": edition.price(chain, size), "majority": majority,
            "minority": minority, "places": list(places),
            "bonuses": [{"player": b.player, "shares": b.shares, "amount": b.amount, "kind": b.kind} for b in payout]}


def final_position(data: dict[str, Any], source: str) -> tuple[dict[str, Any], str, str]:
    """``score --position``: the ``score --json`` document of the final position ``data`` (a
    position file's TOML, read from ``source``; its format: the manual's FINAL POSITIONS) scored by R8.3, its
    title, and a note naming the shares of chains not on the board, which count for nothing (""
    when there are none; the document then lists them as ``worthless``).

    Raises :class:`~acquire_ref.engine.errors.GameFileError` (exit 4) for an unknown edition or a
    position that is not sound, every problem listed.
    """
    from acquire_ref.engine.editions import load_edition
    from acquire_ref.engine.scoring import final_scores
    from acquire_ref.engine.setup import read_scoring_position

    try:
        edition = load_edition(str(data.get("edition", "classic")))
    except NotationError as exc:
        raise GameFileError(f"{source}: {exc}") from None
    sizes, cash, shares, problems = read_scoring_position(data, edition)
    if problems:
        raise GameFileError(_("{source} is not a sound position:").format(source=source) + "\n  " + "\n  ".join(problems))
    doc = standings(True, f"scored from {source}", final_scores(edition, sizes, cash, shares))
    title = _("Final standings of {source}").format(source=source)
    worthless = [{"player": p, "chain": c, "shares": n} for p, held in shares.items() for c, n in held.items()
                 if n and c not in sizes]
    if not worthless:
        return doc, title, ""
    doc["worthless"] = worthless
    held = _(", ").join(_("{player} {count} {chain}").format(player=w["player"], count=w["shares"], chain=w["chain"])
                        for w in worthless)
    off = sorted({str(w["chain"]) for w in worthless}, key=edition.chain_names.index)
    note = ngettext("Count for nothing: {held}: {chains} is not on the board ([chains] of the file), and shares of a "
                    "chain not on the board are worth nothing (R8.3).",
                    "Count for nothing: {held}: {chains} are not on the board ([chains] of the file), and shares of a "
                    "chain not on the board are worth nothing (R8.3).", len(off)).format(
        held=held, chains=off[0] if len(off) == 1 else _("{items} and {item}").format(items=_(", ").join(off[:-1]),
                                                                               item=off[-1]))
    return doc, title, note
