"""Rich output for people: the board, the chain table, players, events and standings.

Imported by the command line only, and only when something is shown to people (never for
``--json``), so that the engine and machine-readable commands stay free of rich.

Every text shown is data, never markup (DESIGN 1, untrusted text): the one :func:`console` reads
no rich markup or emoji codes in any string, and writes control characters visibly
(:func:`acquire_ref.words.visible`), so a player called ``[/]`` or ``[bold]Ann``, or an edition
name with an escape sequence, is shown exactly as typed, on a terminal and in an export.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.containers import Lines
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from acquire_ref.engine.events import Event, money
from acquire_ref.engine.game import Game
from acquire_ref.language import _, ngettext
from acquire_ref.plain import Piece, PlainTable, board_lines, chain_rows, player_rows, status_picture
from acquire_ref.words import short_names, visible
from acquire_ref.words.reasons import bonus as bonus_words
from acquire_ref.words.reasons import ended

if TYPE_CHECKING:
    from pathlib import Path

    from acquire_ref.viewers.views import ViewerLike


def chain_style(colour: str, extra: str = "") -> str:
    """A rich style for a chain's colour, after ``extra`` (``"bold "``); an unknown colour name
    (custom ruleset) gets ``extra`` alone."""
    from rich.errors import StyleSyntaxError
    from rich.style import Style

    try:
        Style.parse(colour)
    except StyleSyntaxError:
        return extra.strip()
    return f"{extra}{colour}"


def board_text(game: Game, big: bool = False) -> Text:
    """The edition's board (12 x 9 in the classic game, R1.1, R1.1a), the one board of the
    command line and the console: each chain its letter in its colour, ``o`` a lone tile, ``.``
    empty, the tile placed last reversed (:func:`acquire_ref.viewers.describe.last_tile`), as
    :func:`acquire_ref.plain.board_lines` tells it. ``big`` (the console on a large terminal):
    each space a block of 4 x 2 cells, chains filled with their colour, for reading from across
    the table."""
    from acquire_ref.viewers.describe import last_tile

    if big:
        return _big_board(game, last_tile(game))
    return _board(board_lines(game))


def _board(lines: list[list[Piece]]) -> Text:
    """The board's lines of pieces as rich text, a line each (the column numbers' line ends in
    their dim run)."""
    out = Text()
    for n, line in enumerate(lines):
        for i, piece in enumerate(line):
            out.append(piece[0] + ("\n" if not n and i == len(line) - 1 else ""), style=_style(piece))
        if n:
            out.append("\n")
    return out


def _style(piece: Piece) -> str:
    """The rich style of a piece of the status picture: its attributes with its chain's colour
    after the first (a colour rich does not know left out, :func:`chain_style`)."""
    _, attributes, colour = piece
    if not colour:
        return attributes
    first, _, rest = attributes.partition(" ")  # "bold reverse": "bold yellow reverse", as the board always said
    return chain_style(colour, first + " " if first else "") + (" " + rest if rest else "")


def _text(pieces: list[Piece]) -> Text:
    """A line of pieces as rich text."""
    out = Text()
    for piece in pieces:
        out.append(piece[0], style=_style(piece))
    return out


def _table(table: PlainTable) -> Table:
    """A table of the status picture drawn by rich: a cell with a style (a chain's colour) as
    its text, any other as a string (read as :class:`KeptText`)."""
    t = Table(title=table.title, title_justify="left")
    for heading, justify, no_wrap in table.columns:
        t.add_column(heading, justify="right" if justify == "right" else "left", no_wrap=no_wrap)
    for row in table.rows:
        t.add_row(*(Text(piece[0], style=_style(piece)) if piece[1] or piece[2] else piece[0] for piece in row))
    if table.caption:
        t.caption = table.caption
        t.caption_justify = "left"
    return t


def _big_board(game: Game, last: str | None) -> Text:
    """:func:`board_text` in blocks of 4 x 2 cells, the tile placed ``last`` in white."""
    out = Text()
    grid = game.edition.grid
    out.append("   " + "".join(f"{c:^5}" for c in range(1, grid.columns + 1)) + "\n", style="dim")
    for letter, tiles in grid.iter_rows():
        for half in (0, 1):
            out.append(f" {letter} " if not half else "   ", style="dim")
            for t in tiles:
                if t not in game.board:
                    out.append(" .   " if not half else "     ", style="dim")
                    continue
                owner = game.board.owner[t]
                if owner is None:
                    style, mark = "bold black on grey70", str(t)
                else:
                    ch = game.edition.chain(owner)
                    style, mark = chain_style(ch.colour, "bold ") + " reverse", ch.letter
                if str(t) == last:
                    style = "bold black on white"
                out.append(f"{mark if not half else '':^4}", style=style)
                out.append(" ")
            out.append("\n")
    return out


def chain_table(game: Game) -> Table:
    """Chains on the board: size, price, bonuses, safe, shares left in the bank (R3), as
    :func:`acquire_ref.plain.chain_rows` tells them."""
    return _table(chain_rows(game))


def player_table(game: Game, viewer: ViewerLike = None) -> Table:
    """Each player's cash, shares and rack count, seating order; the current player marked.
    Only the figures ``viewer`` may see are shown (:func:`acquire_ref.plain.player_rows`, R10.1)."""
    return _table(player_rows(game, viewer))


def status_view(game: Game, viewer: ViewerLike = None) -> Group:
    """Everything ``status`` shows for ``viewer`` (the public by default, R10.3): board, chains,
    players, bag, pending decision, end available, and the edition and options when they differ
    from the defaults (:func:`acquire_ref.plain.status_picture`, which the fast path writes
    without rich where it can, :func:`acquire_ref.plain.drawn`)."""
    picture = status_picture(game, viewer)
    board = _board(picture.board)
    chains = _table(picture.chains) if picture.chains is not None else Text(picture.no_chain)
    return Group(board, chains, _table(picture.players), _text(picture.facts), Text(picture.next, style="bold"))


def _watch_side(game: Game) -> Text:
    """Beside the board in ``watch``: turn, tiles in the bag, each chain on one line (letter, name,
    size, price, shares left in the bank, safe) and whether the end is available (R3, R8.1)."""
    out = Text(ngettext("Turn {turn}, {count} tile in the bag", "Turn {turn}, {count} tiles in the bag",
                        game.bag).format(turn=game.turn, count=game.bag) + "\n", style="bold")
    ed = game.edition
    if game.board.sizes:
        out.append(f"{_('chain'):<13} {_('size'):>4} {_('price'):>6} {_('bank')}\n", style="dim")
    else:
        out.append(_("No chain is on the board yet.") + "\n", style="dim")
    defunct = game.defunct_chains()
    for c in game.chains_on_board():
        ch, size = ed.chain(c), game.board.sizes[c]
        out.append(f"{ch.letter} ", style=chain_style(ch.colour, "bold "))
        out.append(f"{c:<11} {size:>4} {money(game.price(c)):>6} {game.bank[c]:>4}")
        out.append(" " + _("defunct") if c in defunct else " " + _("safe") if ed.is_safe(size) else "", style="dim")
        out.append("\n")
    if game.end_declared:
        out.append(_("The end has been declared."), style="bold")
    elif game.end_available():
        out.append(_("End available (R8.1)."), style="bold")
    out.rstrip()
    return out


def _watch_players(game: Game, width: int, viewer: ViewerLike = None) -> Text:
    """``watch``: one line per player, seating order: cash, shares by chain letter, and net
    worth when the line has room for it in ``width`` columns; the player to decide marked; with
    hidden holdings only the rack count, but for the figures ``viewer`` may see (R10.1)."""
    from acquire_ref.viewers.views import sees

    out = Text()
    worth = game.net_worth()
    short = _short(game)
    names = max(len(short[p]) for p in game.players)
    for i, p in enumerate(game.players):
        mark = "> " if i == game.current and game.pending.player is not None else "  "
        line = Text(mark + f"{short[p]:<{names}} ", style="bold" if mark.strip() else "")
        if not sees(game, p, viewer):
            line.append(ngettext("holdings hidden, {count} tile in the rack", "holdings hidden, {count} tiles in the rack",
                                 game.racks[p]).format(count=game.racks[p]))
        else:
            line.append(f"{money(game.cash[p]):>8}  ")
            for c, n in game.shares[p].items():
                if n:
                    ch = game.edition.chain(c)
                    line.append(ch.letter, style=chain_style(ch.colour, "bold "))
                    line.append(f"{n} ")
            extra = " " + _("worth {amount}").format(amount=money(worth[p]))
            if line.cell_len + len(extra) <= width:
                line.append(extra, style="dim")
        out.append_text(line.append("\n"))
    out.rstrip()
    return out


def _watch_standings(game: Game) -> Text:
    """``watch`` at the end: the final standings, each player's payout on one line (R8.3)."""
    out = Text(_("Final standings: {reason}").format(reason=ended(game)) + "\n", style="bold")
    ranks = {p: r for p, _, r in game.standings()}
    short = _short(game)
    for s in sorted(game.score_breakdown(), key=lambda s: -s.total):
        bonuses, sales = sum(b[1] for b in s.bonuses), sum(x[2] for x in s.sales)
        out.append(f"{ranks[s.player]}. {short[s.player]} {money(s.total)}", style="bold")
        out.append("  " + _("(cash {cash} + bonuses {bonuses} + shares sold {sales})").format(
            cash=money(s.before), bonuses=money(bonuses), sales=money(sales)) + "\n")
    out.rstrip()
    return out


def watch_view(game: Game, heading: str, width: int, viewer: ViewerLike = None) -> Group:
    """What ``watch`` shows, made to fit 80 x 24 with up to six players: ``heading``, the board
    with the chains beside it (below it when ``width`` is under 80 columns), one line per
    player, the last move and a recent merger's bonuses (:func:`_watch_news`) and the pending
    decision, wrapped, never cut (a name over :data:`WATCH_NAME` characters is shortened); at the
    end the final standings. Made for ``viewer`` (R10.3)."""
    board = board_text(game)
    board.rstrip()
    if width >= 80:
        top: RenderableType = Table.grid(padding=(0, 3))
        assert isinstance(top, Table)
        top.add_column(no_wrap=True)
        top.add_column()
        top.add_row(board, _watch_side(game))
    else:
        top = Group(board, _watch_side(game))
    if game.over:
        return Group(Text(heading, style="dim"), top, _watch_standings(game))
    from acquire_ref.viewers.views import pending_text
    from acquire_ref.words import with_program

    said, short = pending_text(game, viewer), _short(game)
    for p in sorted(game.players, key=len, reverse=True):  # a name inside a longer one is not cut twice
        said = said.replace(p, short[p]) if len(p) > WATCH_NAME else said
    pending = Text(_("Next:") + " ", style="bold").append(with_program(said), style="")
    return Group(Text(heading, style="dim"), top, _watch_players(game, width, viewer), *_watch_news(game, viewer), pending)


def watch_file(path: Path, width: int = 80, viewer: str | None = None) -> RenderableType:
    """The game in the file at ``path`` now, as ``watch`` shows it in ``width`` columns
    (:func:`watch_view`) for ``viewer`` (a player's name, ``referee``, or None for the public,
    R10.3), headed by the file's name and the time of day; or the reason it can't be read, as
    one line (the file is missing, broken, or names no such viewer). A notice about the file (a
    snapshot to rebuild) is not shown: the view is for the table, and a notice would stay on the
    screen until someone writes the file."""
    import time

    from acquire_ref.engine.errors import AcquireError
    from acquire_ref.files.storage import load_game
    from acquire_ref.viewers.views import Viewer

    try:
        game = load_game(path)[0]
        seen = Viewer.parse(game, viewer)
    except AcquireError as exc:
        return Text(f"acquire-ref watch: {exc}")
    return watch_view(game, _("{file} at {time} (Ctrl-C stops)").format(file=path.name, time=time.strftime("%H:%M:%S")),
                      width, seen)

def _watch_news(game: Game, viewer: ViewerLike = None) -> list[Text]:
    """``watch``'s lines on what just happened: the last move in words and, for a turn after a
    merger, who the bank paid which bonus (R5.4), so that no cash changes without a reason."""
    from acquire_ref.viewers.describe import merger_payouts
    from acquire_ref.viewers.views import last_move

    names = _short(game)

    def short(text: str) -> str:
        for p in sorted(game.players, key=len, reverse=True):  # a name inside a longer one is not cut twice
            text = text.replace(p, names[p]) if len(p) > WATCH_NAME else text
        return text

    lines = []
    last = last_move(game, viewer)
    if last:
        lines.append(Text(_("Last move:") + " ", style="bold").append(short(last), style=""))
    lines.extend(Text(_("Merger:") + " ", style="bold").append(short(line), style="") for line in merger_payouts(game))
    return lines


WATCH_NAME = 20
"""``watch``: the most characters of a player's name shown; a longer one is cut, so that a long
name can't push the players and the pending decision off the screen."""


def _short(game: Game) -> dict[str, str]:
    """Each player's name as ``watch`` shows it: at most :data:`WATCH_NAME` characters, two cut
    names always told apart (:func:`acquire_ref.words.short_names`)."""
    return short_names(list(game.players), WATCH_NAME, "...")


def score_view(title: str, doc: dict[str, Any]) -> RenderableType:
    """The standings with each player's payout: cash before, bonuses, shares sold, total (R8.3).
    No amount is ever cut: on a terminal too narrow for the table with its headings on one line,
    the amounts' headings go on two lines and the edges lose their padding."""
    return _AtWidth(lambda width: _score_table(title, doc, width))


def _score_table(title: str, doc: dict[str, Any], width: int) -> Table:
    amounts = [money(x["amount"]) for row in doc["breakdown"] for x in (*row["bonuses"], *row["sales"])]
    widest = max([7, *map(len, amounts)])
    headings = (_("rank"), _("player"), _("cash before"), _("bonuses"), _("shares sold"), _("total"))
    players = [row["player"] for row in doc["breakdown"]]
    fixed = [len(headings[0]), max([len(headings[1]), *map(len, players)]),
             max(7, len(headings[2])), widest, widest, max(7, len(headings[5]))]
    room = width - (sum(fixed) - fixed[1]) - 2 * len(fixed) - 1  # what the other columns leave a name
    if fixed[1] > room:  # a long name is cut (told apart from the others), never the rank or an amount
        fixed[1] = max(len(headings[1]), room, 8)
    names = short_names(players, fixed[1]) if max(map(len, players)) > fixed[1] else {p: p for p in players}
    narrow = sum(fixed) + 3 * len(fixed) + 1 > width
    t = Table(title=title, title_justify="left", show_lines=True, pad_edge=not narrow)
    for i, heading in enumerate(headings):
        money_only = i in (2, 5)
        t.add_column("\n".join(heading.split()) if narrow and money_only else heading, no_wrap=money_only or i < 2,
                     justify="right" if money_only or i == 0 else "left", style="bold" if i == 5 else "",
                     min_width=7 if money_only else widest if i in (3, 4) else fixed[i])
    ranks = {s["player"]: s["rank"] for s in doc["standings"]}
    for row in doc["breakdown"]:
        bonuses = "\n".join(_("{chain} {bonus}: {amount}").format(chain=b["chain"], bonus=bonus_words(b["kind"]),
                                                                  amount=money(b["amount"])) for b in row["bonuses"]) or "-"
        sales = "\n".join(_("{count} {chain}: {amount}").format(count=s["shares"], chain=s["chain"], amount=money(s["amount"]))
                          for s in row["sales"]) or "-"
        t.add_row(str(ranks[row["player"]]), names[row["player"]], money(row["before"]), bonuses, sales,
                  money(row["total"]))
    return t


class _AtWidth:
    """A table made at render time for the width it is given (``make(width)``)."""

    def __init__(self, make: Callable[[int], Table]) -> None:
        self.make = make

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[RenderableType]:
        yield self.make(options.max_width)


def events_view(events: list[Event], lines: list[str] | None = None) -> Group:
    """The banker's instructions, one line per event; each defunct chain of a merger gets a table
    of its shareholders, the bonus each receives and the rule that decided it (R5.4). ``lines``
    are the events' sentences as the viewer is told them (:func:`acquire_ref.viewers.views.moment`;
    default: each event's banker's line, :func:`acquire_ref.words.events.told`)."""
    from acquire_ref.engine.events import BonusPaid, DefunctChain, MarketBonus, NoBonus
    from acquire_ref.words.events import told

    said = lines if lines is not None else [told(e) for e in events]

    parts: list[RenderableType] = []
    i = 0
    while i < len(events):
        e = events[i]
        if isinstance(e, DefunctChain):
            paid: dict[str, BonusPaid] = {}
            market: MarketBonus | None = None
            j = i + 1
            while j < len(events) and isinstance(events[j], BonusPaid | NoBonus | MarketBonus):
                part = events[j]
                if isinstance(part, BonusPaid):
                    paid[part.player] = part
                elif isinstance(part, MarketBonus):
                    market = part
                j += 1
            if not e.holders and market is None:  # nobody to pay: the events say so in words
                parts.append(Text(said[i]))
                i += 1
                continue
            t = Table(title=_("{defunct}: the bank pays").format(defunct=said[i]), title_justify="left")
            for col, right in ((_("shareholder"), False), (_("shares"), True), (_("bonus"), True), (_("why (R5.4)"), False)):
                t.add_column(col, justify="right" if right else "left", no_wrap=col == _("bonus"))
            for player, shares in sorted(e.holders.items(), key=lambda kv: -kv[1]):
                b = paid.get(player)
                why = bonus_words(b.bonus) if b else _("neither largest nor second largest")
                t.add_row(player, str(shares), money(b.amount) if b else "-", why)
            if market is not None:
                t.add_row(_("the market (R9)"), str(market.holding), money(market.amount),
                          _("{bonus}, stays in the bank").format(bonus=bonus_words(market.bonus)))
            parts.append(t)
            i = j
            continue
        parts.append(Text(said[i]))
        i += 1
    return Group(*parts)


SPARKS = "▁▂▃▄▅▆▇█"


def worth_chart(game: Game, width: int = 80) -> Table:
    """Each player's net worth (cash plus shares at current prices) turn by turn, as a sparkline,
    from their worth when the game began (a position's, for ``new --from``).

    The table fits ``width`` columns: the money columns are never cut, and the sparkline gets
    what is left (at least 8 columns), sampling the turns when there are more of them.
    """
    history = [(0, dict(game.start_worth)), *game.worth_history]
    if game.over:  # the last bar is the money after the final payout
        history.append((game.turn, dict(game.cash)))
        span = _("turns 0-{turn}, then the payout").format(turn=game.turn)
    else:  # the last bar is the worth at this moment, in the middle of the turn
        history.append((game.turn, game.net_worth()))
        span = _("turns 0-{turn}, {turn} so far").format(turn=game.turn)
    values = [w[p] for _, w in history for p in game.players]
    low, high = min(values), max(values)
    now = _("now") if not game.over else _("final")
    money_width = max(len(now), *(len(money(v)) for v in values))
    name_width = max(len(_("player")), *(len(p) for p in game.players))
    name_width = min(name_width, max(len(_("player")), 8, width - 8 - 3 * money_width - 5 * 2 - 6))  # a long name is cut
    names = short_names(list(game.players), name_width)
    room = max(8, width - name_width - 3 * money_width - 5 * 2 - 6)  # 5 columns: padding and borders
    step = max(1, -(-len(history) // room))
    sampled = history[::step]
    if sampled[-1] is not history[-1]:
        sampled = [*sampled[: room - 1], history[-1]]
    t = Table(title=_("Net worth (cash + shares at current prices): {span}").format(span=span), title_justify="left")
    t.add_column(_("player"), no_wrap=True)
    t.add_column("", no_wrap=True, overflow="crop", max_width=room)
    for col in (_("low"), _("high"), now):
        t.add_column(col, justify="right", no_wrap=True, min_width=money_width)
    for p in game.players:
        series = [w[p] for _, w in sampled]
        line = "".join(SPARKS[0 if high == low else int((v - low) * (len(SPARKS) - 1) / (high - low))] for v in series)
        t.add_row(names[p], line, money(min(series)), money(max(series)), money(series[-1]))
    return t


_HELD = str.maketrans({"\u00a0": "\ue000", "\u202f": "\ue001"})
_RELEASED = str.maketrans({"\ue000": "\u00a0", "\ue001": "\u202f"})


class KeptText(Text):
    """Text that rich breaks only at a plain space, never at a no-break space (U+00A0, U+202F),
    which rich counts as any space (its ``\\s``): a German amount ``26.500 $`` or a French
    ``Ensuite :`` stays whole in a narrow table column, and a column is never measured narrower
    than its longest unbreakable run. Each no-break space is held as a private character of the
    same width while rich measures and wraps, and given back in the lines it returns."""

    __slots__ = ()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """Rich's measurement of the text with its no-break spaces held (its minimum: the longest run)."""
        return Text(self.plain.translate(_HELD)).__rich_measure__(console, options)

    def wrap(self, console: Console, width: int, **options: Any) -> Lines:
        """Rich's wrapping at ``width`` cells, breaking at plain spaces only."""
        held = self.copy()
        held.plain = self.plain.translate(_HELD)
        lines = Text.wrap(held, console, width, **options)
        for line in lines:
            line.plain = line.plain.translate(_RELEASED)
        return lines


class PlainConsole(Console):
    """A rich console for untrusted text: strings are never read as markup or emoji codes, and
    control characters in any text are written visibly (``\\x1b``), so nothing reaches the
    terminal or an export as anything but what it is. Rich's own control codes (colours, the
    cursor moves of a live view) pass unchanged."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """A string as plain :class:`KeptText`: no markup, no emoji codes, control characters visible."""
        kwargs.update(markup=False, emoji=False)
        made = super().render_str(visible(text), **kwargs)
        made.__class__ = KeptText
        return made

    def render(self, renderable: Any, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        """Rich's rendering, with control characters in every text segment made visible."""
        for segment in super().render(renderable, options):
            text = segment.text
            if segment.control or text.isprintable() or text == "\n":
                yield segment
            else:
                yield Segment(visible(text), segment.style, segment.control)


def console(stderr: bool = False, record: bool = False) -> Console:
    """A :class:`PlainConsole` that colours only on a terminal and honours NO_COLOR (rich's own
    rules); ``record`` keeps what is printed for an SVG or HTML export."""
    return PlainConsole(stderr=stderr, highlight=False, markup=False, emoji=False, soft_wrap=not record, record=record)
