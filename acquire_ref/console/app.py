"""The table console's screen and keys (DESIGN 6): :class:`TableApp`.

One screen: the board (each chain its letter in its colour, ``o`` a lone tile, the last tile
placed in reverse), the chains (size, price, safe, shares in the bank), the players (cash,
shares, net worth; hidden holdings stay hidden), the bag, the last moves as the banker's
instructions, and the pending decision with one input line that takes only a legal answer
(:mod:`acquire_ref.words.prompts`). Every change goes through :class:`~acquire_ref.console.books.Books`
(the command line's lock, verify/apply and atomic write); the file's stat is polled, so a
command typed elsewhere shows at once, and a locked or broken file is shown, never lost.

Names come from game files and players: every string is drawn as :class:`rich.text.Text`, never
read as markup. ``NO_COLOR`` is honoured by Textual; chains are told apart by letter too.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, Static

from acquire_ref.console.books import Books
from acquire_ref.console.bot_seat import BotSeats, DrawPrompt
from acquire_ref.engine.errors import AcquireError
from acquire_ref.engine.events import money
from acquire_ref.engine.game import Game
from acquire_ref.engine.moves import Discard, End, Move, Pass
from acquire_ref.engine.tiles import Tile, parse_tile
from acquire_ref.language import _, ngettext
from acquire_ref.render import board_text, chain_style
from acquire_ref.words import short_names, visible
from acquire_ref.words.decisions import end_condition
from acquire_ref.words.prompts import Prompt, prompt_for
from acquire_ref.words.reasons import bonus, reason
from acquire_ref.words.refusals import N_

POLL_SECONDS = 0.3
"""How often the game file's stat is compared with the version shown."""

HELP = N_("""The table console answers the pending decision shown in bold at the bottom.
Type the answer on the line below it and press Enter; the line under that says what it would do.

  start     one tile per player in seating order: 4E 6B 8E 11H  (dealt: Enter)
  place     a tile: 6C; a tile that founds a chain may carry it: 6C t
            a dead tile typed asks first, then is discarded and replaced (R7.3)
  choose    the chain's letter (or the start of its name): t
  dispose   Enter holds all; a sells all; s2 sells 2; t4 trades 4 for 2; m trades the most
  buy       a letter per share: c c a (or c2a); Enter alone buys nothing
  market    the tile drawn for the market, or its column (two players, R9)

Keys: F5 pass (no playable tile), F6 declare the end (asks first; says why not when it
is not available, R8.1),
Ctrl+Z undo (asks first), Ctrl+Y redo, F2 why (what a tile would do), F3 score,
F4 log, F7 a seat's QR code for its phone (again: the next seat), F1 this help,
Ctrl+Q quit. Chains: letter and colour (T Tower, L Luxor ...).
The game file is the same as the command line's: `acquire-ref status` works beside it.""")


def speak_keys(node: DOMNode) -> None:
    """Give the key labels of ``node``'s bindings (the footer's "Undo", "Quit", ...; written with
    :func:`N_` in ``BINDINGS``) in the language in force, for this screen or app alone."""
    from dataclasses import replace

    from textual.binding import BindingsMap

    keys = node._bindings.key_to_bindings.items()
    node._bindings = BindingsMap.from_keys(
        {key: [replace(b, description=_(b.description)) if b.description else b for b in group] for key, group in keys})


def _style(colour: str) -> str:
    return chain_style(colour, "bold ")


def offers_line(offers: list[tuple[str, str]]) -> str:
    """The legal answers on one line: ``T: Tower $300 (21 left)  L: ...``; Enter for an empty entry."""
    enter, said = _("Enter"), _("{key}: {does}")
    return "  ".join(said.format(key=typed or enter, does=does) if does else typed or enter for typed, does in offers)


BIG = (120, 36)
"""The terminal size (columns, lines) from which the console draws the big board."""


def chains_text(game: Game, width: int = 39) -> Text:
    """The chains on the board: letter, name, size, price, safe, shares left in the bank (R3), in
    ``width`` columns: each column as wide as its heading and figures in the language in force
    need, the name cut to what is left (at most 11 letters; the letter names the chain too)."""
    ed, defunct = game.edition, game.defunct_chains()
    on = game.chains_on_board()
    notes = {c: _("defunct") if c in defunct else _("safe") if ed.is_safe(game.board.sizes[c]) else "" for c in on}
    heads = [_("chain"), _("size"), _("price"), _("note"), _("bank")]
    size_w, price_w, note_w, bank_w = (max([least, cell_len(head), *(cell_len(x) for x in cells)]) for least, head, cells in (
        (4, heads[1], []), (6, heads[2], [money(game.price(c)) for c in on]), (7, heads[3], list(notes.values())),
        (4, heads[4], [])))
    name_w = max(min(11, width - 3 - size_w - price_w - note_w - bank_w - 4), 3)
    out = Text(f"   {heads[0][:name_w]:<{name_w}} {heads[1]:>{size_w}} {heads[2]:>{price_w}} {heads[3]:<{note_w}} "
               f"{heads[4]:>{bank_w}}\n", style="dim")
    for c in on:
        ch = ed.chain(c)
        out.append(f" {ch.letter} ", style=_style(ch.colour))
        out.append(f"{visible(c)[:name_w]:<{name_w}}", style=_style(ch.colour))
        out.append(f" {game.board.sizes[c]:>{size_w}} {money(game.price(c)):>{price_w}} {notes[c]:<{note_w}} "
                   f"{game.bank[c]:>{bank_w}}\n")
    free = game.free_chains()
    if free:
        out.append(" " + _("off the board: {letters}").format(letters=" ".join(ed.chain(c).letter for c in free)),
                   style="dim")
    return out


def players_text(game: Game) -> Text:
    """Each player in seating order: cash, shares (chain letters), net worth; the one to decide
    marked; with hidden holdings only the rack counts (R10.1: the console is a shared screen,
    :data:`acquire_ref.viewers.views.PUBLIC`). The money columns are as wide as their headings
    in the language in force need (8 at least)."""
    from acquire_ref.viewers.views import sees

    heads = [_("player"), _("cash"), _("worth"), _("shares")]
    cash_w, worth_w = max(8, cell_len(heads[1])), max(8, cell_len(heads[2]))
    out = Text(f" {heads[0]:<8} {heads[1]:>{cash_w}} {heads[2]:>{worth_w}} {heads[3]}\n", style="dim")
    worth, short = game.net_worth(), short_names(list(game.players), 9)
    for p in game.players:
        mark = ">" if p == game.pending.player else " "
        out.append(f"{mark}{short[p]:<9}", style="bold" if mark == ">" else "")
        if not sees(game, p):
            rack = _("rack {count}").format(count=game.racks[p])
            out.append(f" {_('hidden'):>{cash_w}} {'':>{worth_w}} {rack}\n")
            continue
        out.append(f" {money(game.cash[p]):>{cash_w}} {money(worth[p]):>{worth_w}}")
        for c, n in game.shares[p].items():
            if n:
                ch = game.edition.chain(c)
                out.append(f" {ch.letter}{n}", style=_style(ch.colour))
        out.append("\n")
    return out


def facts_text(game: Game) -> Text:
    """Turn, tiles in the bag, tiles out of the game, whether the end is available or declared."""
    out = Text(" " + ngettext("Turn {turn}. Bag: {count} tile.", "Turn {turn}. Bag: {count} tiles.", game.bag).format(
        turn=game.turn, count=game.bag))
    if game.discarded:
        out.append(" " + _("Out: {tiles}.").format(tiles=" ".join(map(str, game.discarded))))
    if game.end_declared and not game.over:
        out.append(" " + _("The end is declared."), style="bold")
    elif game.end_available() and not game.over:
        out.append(" " + _("End available (F6, R8.1)."), style="bold")
    return out


def hang(lines: list[str], width: int) -> list[str]:
    """``lines`` wrapped at ``width`` columns instead of cut: a continuation lines up under the
    text of a line laid out in columns (``"  buy       a letter per share..."``), else two columns
    past the line's own indent; a line breaks only at spaces, so an amount ($12,300) or a tile is
    never split."""
    import re
    import textwrap

    out: list[str] = []
    for line in lines:
        column = re.match(r"^\s*\S+(?: \S+)*\s{2,}(?=\S)", line)
        indent = len(column.group()) if column else len(line) - len(line.lstrip(" ")) + 2
        if cell_len(line) <= width or width < indent + 12:
            out.append(line)
            continue
        out += textwrap.wrap(line, width, subsequent_indent=" " * indent, break_long_words=False,
                             break_on_hyphens=False) or [line]
    return out


def events_lines(game: Game, entries: int = 4) -> list[str]:
    """The last ``entries`` moves and what the banker does for each, oldest first; at the end of
    the game the final standings with each player's payout (R8.3). The last move is told as at
    the moment it happened, the ones before as the history (R10.1)."""
    from acquire_ref.viewers.views import history_lines, moment, move_text

    if game.over:
        lines = [_("Final standings: {reason}").format(reason=reason(game.end_reason))]
        for s in sorted(game.score_breakdown(), key=lambda s: -s.total):
            rank = next(r for p, _, r in game.standings() if p == s.player)
            lines.append(" " + _("{rank}. {player} {total} (payout {payout})").format(
                rank=rank, player=visible(s.player), total=money(s.total), payout=money(s.total - s.before)))
        return lines
    lines = []
    shown = game.log[-entries:]
    for i, entry in enumerate(shown):
        last = i == len(shown) - 1
        lines.append(f"{entry.turn:>3} {visible(entry.player or '')}: {entry.move if last else move_text(game, entry)}")
        told = moment(game, entry.events) if last else history_lines(game, entry)
        lines += [f"    {visible(text)}" for text in told]
    return lines


class InfoScreen(ModalScreen[None]):
    """A page of text over the table (help, log, score, why); Escape or Enter closes it. Text
    given as a string is wrapped to the dialog's width with its continuations indented (:func:`hang`)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "dismiss", N_("Close"))]

    def __init__(self, text: str | Text) -> None:
        super().__init__()
        speak_keys(self)
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(self.text if isinstance(self.text, Text) else Text(self.text))

    def on_resize(self) -> None:
        if isinstance(self.text, str):
            width = self.query_one("#dialog").content_region.width - 2  # room for the scroll bar
            self.query_one(Static).update(Text("\n".join(hang(self.text.split("\n"), max(width, 20)))))

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)


class QrScreen(InfoScreen):
    """A seat's QR code (F7): the dialog may take the whole height, so the code fits 80 x 24."""

    def on_mount(self) -> None:
        self.query_one("#dialog").styles.max_height = "100%"


class ConfirmScreen(InfoScreen, inherit_bindings=False):
    """A question answered with y (yes) or n / Escape (no)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("y", "answer(True)", N_("Yes")),
                                               Binding("n,escape", "answer(False)", N_("No"))]

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)  # type: ignore[arg-type]


class WhyScreen(ModalScreen[None]):
    """Ask for a tile and say what placing it would do now (like ``acquire-ref why``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Close"))]

    def __init__(self, game: Game) -> None:
        super().__init__()
        speak_keys(self)
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(_("Why: type a tile (Escape closes)")))
            yield Input(id="why-tile", placeholder=_("tile, e.g. 3C"))
            yield Static(id="why-text")

    def on_input_changed(self, event: Input.Changed) -> None:
        from acquire_ref.viewers.views import tile

        out = self.query_one("#why-text", Static)
        try:
            out.update(Text("\n".join(tile(self.game, parse_tile(event.value, self.game.edition.grid))["text"])))
        except AcquireError as exc:
            out.update(Text(str(exc)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()

    def action_close(self) -> None:
        self.dismiss(None)


class TableApp(App[None]):
    """The table console on the game file at ``path`` (which must exist; ``acquire-ref table``
    creates it first when asked to)."""

    CSS_PATH = "console.tcss"
    TITLE = "acquire-ref table"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("Help"), priority=True),
        Binding("f2", "why", N_("Why"), priority=True),
        Binding("f3", "score", N_("Score"), priority=True),
        Binding("f4", "log", N_("Log"), priority=True),
        Binding("f5", "pass_turn", N_("Pass"), priority=True),
        Binding("f6", "end", N_("End"), priority=True),
        Binding("ctrl+z", "undo", N_("Undo"), priority=True),
        Binding("ctrl+y", "redo", N_("Redo"), priority=True),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("f7", "seat_link", N_("Seat QR"), priority=True),
    ]

    def __init__(self, path: Path, port: int = 8765) -> None:
        super().__init__()
        speak_keys(self)
        self.books = Books(path)
        self.port = port
        """The port the phones' links of F7 name: the one `serve` or `room` listens on."""
        self.prompt: Prompt | None = None
        self.bots = BotSeats(self)

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield Static(id="board")
                yield Static(id="chains")
            with Vertical(id="right"):
                yield Static(id="players")
                yield Static(id="facts")
                yield Static(id="events")
        yield Static(id="error")
        yield Static(id="decision")
        yield Input(id="answer")
        yield Static(id="hint")
        yield Footer(compact=True, show_command_palette=False)  # every key's label fits 80 columns

    def on_mount(self) -> None:
        self.redraw()
        self.call_after_refresh(self.redraw)  # again once the panels have their sizes
        self.set_interval(POLL_SECONDS, self.poll)

    # ----- drawing ------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw everything from the books: the game as last read, the pending prompt, any problem."""
        game = self.books.game
        self.put("#error", Text(f"✗ {self.books.error}") if self.books.error else Text())
        if game is None:
            self.put("#decision", Text(_("The game file can't be read: fix it, or Ctrl+Q")))
            return
        big = self.size.width >= BIG[0] and self.size.height >= BIG[1]
        rows = game.edition.grid.rows
        if (big, rows) != getattr(self, "_big", (False, 9)):  # the big board: a wider left column, a taller board
            self._big = (big, rows)
            self.query_one("#left").styles.width = 66 if big else 40
            self.query_one("#board").styles.height = 2 * rows + 2 if big else rows + 1  # 20 or 10 for 9 rows
        self.put("#board", board_text(game, big))
        self.put("#chains", chains_text(game, 65 if big else 39) if game.board.sizes else Text(" " + _("No chain yet.")))
        self.put("#players", players_text(game))
        self.put("#facts", facts_text(game))
        events = self.query_one("#events", Static)
        room, width = max(events.size.height, 4), events.content_region.width or 38
        lines = hang(events_lines(game) if game.over else events_lines(game, max(4, room // 2)), width)
        self.put("#events", Text("\n".join(lines if game.over else lines[-room:]), no_wrap=True, overflow="ellipsis"))
        self.prompt = self.bots.prompt(self.books) or prompt_for(game)
        self.put("#decision", Text(self.prompt.title))
        answer = self.query_one("#answer", Input)
        answer.suggester = SuggestFromList(self.prompt.suggestions(), case_sensitive=False)
        answer.disabled = game.over
        self.show_hint(answer.value)
        self.refresh_bindings()
        self.bots.think()

    def put(self, selector: str, text: Text) -> None:
        """Show ``text`` in the Static ``selector`` unless it shows it already (no needless layout)."""
        widget = self.query_one(selector, Static)
        if getattr(widget, "_shown", None) != text.plain + repr(text.spans):
            widget._shown = text.plain + repr(text.spans)  # type: ignore[attr-defined]
            widget.update(text)

    def show_hint(self, text: str) -> None:
        """Under the input: what the text would do (or why not), else how to answer and the offers."""
        if self.prompt is None:
            return
        if text.strip() or self.bots.said:  # what the text would do, or what to do for a bot
            self.put("#hint", Text(self.prompt.preview(text) if text.strip() else "\n".join(self.bots.said)))
            return
        hint = self.prompt.hint
        width = self.query_one("#hint", Static).content_region.width or self.size.width - 2
        offers = self.prompt.offers()
        if cell_len(hint) > width or not offers or len(offers) > 12:
            self.put("#hint", Text(hint))  # the hint alone, over both lines when it needs them
            return
        line = offers_line(offers)
        if cell_len(line) > width:  # a second line would be cut off: the same answers, shorter
            line = offers_line(self.prompt.brief_offers())
        self.put("#hint", Text(f"{hint}\n{line}", no_wrap=True, overflow="ellipsis"))

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def poll(self) -> None:
        """Show a change made by another program (a CLI command, a hand edit) or a new problem."""
        if self.books.refresh():
            self.redraw()

    # ----- answering ------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "answer":
            self.show_hint(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "answer" or self.prompt is None:
            return
        if isinstance(self.prompt, DrawPrompt):  # the tiles drawn for a bot seat
            event.input.value = "" if self.bots.enter(self.books, self.prompt, event.value) else event.value
            self.redraw()
            return
        try:
            moves = self.prompt.moves(event.value)
        except AcquireError as exc:
            self.put("#hint", Text(f"✗ {exc}"))
            return
        dead = [t for m in moves if isinstance(m, Discard) for t in m.tiles]
        if dead:  # a dead tile typed at the place prompt: put out of the game only when the referee says so
            self.confirm(self._discard_question(dead), moves)
            return
        self.make(moves)
        event.input.value = ""
        self.redraw()

    def _discard_question(self, tiles: list[Tile]) -> str:
        from acquire_ref.viewers.describe import tile as describe_tile

        game = self.books.game
        assert game is not None
        said = [" ".join(describe_tile(game, t)["text"]) for t in tiles]
        names = " ".join(map(str, tiles))
        question = ngettext("Put {tiles} out of the game and draw a replacement from the bag (R7.3)?",
                            "Put {tiles} out of the game and draw replacements from the bag (R7.3)?", len(tiles))
        return "\n".join([*said, question.format(tiles=names), _("y: discard   n: keep it in the rack")])

    def confirm(self, question: str, moves: list[Move]) -> None:
        """Ask ``question``; on yes apply ``moves`` (and clear the answer line)."""

        def done(yes: bool | None) -> None:
            if yes:
                self.make(moves)
                self.query_one("#answer", Input).value = ""
            self.redraw()

        self.push_screen(ConfirmScreen(question), done)

    def make(self, moves: list[Move]) -> None:
        """Apply ``moves`` in turn through the books; stop at the first refused."""
        self.bots.said = []
        for move in moves:
            if self.books.apply(move) is None:
                break

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Pass and End are shown only when legal; redo only when there is something to redo."""
        game = self.books.game
        if action == "pass_turn":
            return game is not None and game.is_legal(Pass())
        if action == "end":  # shown while the game goes on: pressed when not available, it says why
            return game is not None and not game.over
        if action == "redo":
            return self.books.can_redo
        return True

    def action_pass_turn(self) -> None:
        self.make([Pass()])
        self.redraw()

    def action_end(self) -> None:
        game = self.books.game
        if game is None:
            return
        try:
            game.verify(End())
        except AcquireError as exc:
            self.books.error = _("F6: the end can't be declared now: {why}").format(why=exc)
            self.redraw()
            return
        why = end_condition(game.edition, game.board.sizes)
        self.confirm(_("Declare the end of the game? {why}.\n{player} finishes this turn (may still buy), then the game "
                       "ends and the final payout is made (R8.2).\ny: declare the end   n: play on").format(
            why=why, player=visible(game.player)), [End()])

    def action_undo(self) -> None:
        game = self.books.game
        if game is None or not game.log:
            self.books.error = _("nothing to undo: no move has been made in this game")
            self.redraw()
            return
        entry = game.log[-1]
        lines = [(_("Undo move {number} (turn {turn}, {player}): {move}?") if entry.player else
                  _("Undo move {number} (turn {turn}, the table): {move}?")).format(
            number=len(game.log), turn=entry.turn, player=visible(entry.player or ""), move=entry.move)]
        from acquire_ref.viewers.views import undo_lines

        for k, text in enumerate(undo_lines(game, entry)):
            lines.append(text[0].upper() + text[1:] if k == 0 else f"  {visible(text)}")
        lines.append(_("y: undo   n: keep it"))

        def done(yes: bool | None) -> None:
            if yes:
                self.books.undo()
            self.redraw()

        self.push_screen(ConfirmScreen("\n".join(lines)), done)

    def action_redo(self) -> None:
        self.books.redo()
        self.redraw()

    def action_why(self) -> None:
        if self.books.game is not None:
            self.push_screen(WhyScreen(self.books.game))

    def action_help(self) -> None:
        self.push_screen(InfoScreen(_(HELP)))

    def action_seat_link(self) -> None:
        """F7: one seat's private link as a QR code, to hand a phone its own screen (DESIGN 9):
        the player whose decision is pending first, the next player at each press; the link
        names this computer's address on its network and :attr:`port`; the code is drawn small
        (error correction L, a quiet zone of 1) so that it fits a terminal of 80 x 24."""
        game = self.books.game
        if game is None:
            return
        from acquire_ref.files.seat_links import default_host, links, qr

        try:
            found = links(self.books.path, game.players, default_host(), self.port)
        except AcquireError as exc:
            self.push_screen(InfoScreen(str(exc)))
            return
        first = game.players.index(game.pending.player) if game.pending.player in game.players else 0
        shown: int = getattr(self, "_seat_shown", first - 1)
        seat = found[(shown + 1) % len(found)]
        self._seat_shown = (shown + 1) % len(found)
        if isinstance(self.screen, InfoScreen):
            self.pop_screen()
        said = _("{player}'s own screen: scan with their phone (F7 again: the next)").format(player=visible(seat["player"]))
        self.push_screen(QrScreen(f"{said}\n{qr(seat['url'], 'l', 1)}{seat['url']}"))

    def action_log(self) -> None:
        game = self.books.game
        if game is None:
            return
        from acquire_ref.viewers.views import history_lines, log_line

        lines = []
        for i, entry in enumerate(game.log, 1):
            lines.append(visible(log_line(i, entry, game)))
            lines += [f"       {visible(text)}" for text in history_lines(game, entry)]
        self.push_screen(InfoScreen("\n".join(lines) or _("No move yet.")))

    def action_score(self) -> None:
        game = self.books.game
        if game is None:
            return
        title = (_("Final standings: {reason}").format(reason=reason(game.end_reason)) if game.over
                 else _("If the game ended now (projection, R8.5):"))
        lines = [title]
        ranks = {p: r for p, _, r in game.standings()}
        for s in sorted(game.score_breakdown(projected=not game.over), key=lambda s: -s.total):
            lines.append(" " + _("{rank}. {player}: {total} = cash {cash}").format(
                rank=ranks[s.player], player=visible(s.player), total=money(s.total), cash=money(s.before)))
            lines += ["      + " + _("{amount} {bonus} {chain}").format(amount=money(b[1]), bonus=bonus(b[2]), chain=b[0])
                      for b in s.bonuses]
            lines += ["      + " + _("{amount} for {count} {chain}").format(amount=money(dollars), count=n, chain=chain)
                      for chain, n, dollars in s.sales]
        from acquire_ref.viewers.views import withheld

        if withheld(game):
            lines = [title, " " + _("Holdings are hidden until the end (R10.1).")]
        self.push_screen(InfoScreen("\n".join(lines)))


def run(path: Path, port: int = 8765) -> None:
    """Run the console on the game file at ``path`` until the referee quits; F7's links name
    ``port``."""
    TableApp(path, port).run()
