"""The drawn ``status`` as plain data, and that picture written without rich where rich would
write nothing else (DESIGN 5: start-up is paid by every command, and importing rich costs more
than reading the game).

:func:`status_picture` is the one account of what ``status`` shows for a viewer: the board's
pieces, the chain and player tables as rows of text, the facts line and the pending decision,
each piece of text with its style named in rich's words. :mod:`acquire_ref.render` draws it with
rich (:func:`acquire_ref.render.status_view`), and :func:`drawn` writes the same picture as rich's
console would, byte for byte: the tables in rich's default box (heavy head), titles and captions
in italic, and, on a terminal, the same ANSI styles (bold, dim, italic, reverse, the chains'
standard colours and the built-in editions' 256-colour one; no colour under ``NO_COLOR``).
:func:`drawn` answers only where nothing needs rich's judgement: every character one cell wide and
plainly printable, every table within the console's width, a known colour, a plain terminal or
none; anything else is None, and rich draws it as before.

This module imports no rich.
"""

from __future__ import annotations

import os
import sys

from acquire_ref.engine.events import money
from acquire_ref.language import N_, _

TYPE_CHECKING = False  # not typing's: importing typing would make start-up longer
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TextIO

    from acquire_ref.engine.game import Game
    from acquire_ref.viewers.views import ViewerLike

Piece = tuple[str, str, str]
"""A run of text with its look: ``(text, attributes, colour)``, the attributes in rich's words
(``"bold"``, ``"dim"``, ``"bold reverse"``, ``""``) and a chain's colour as its edition names it
(``"yellow"``, maybe a name rich does not know, or ``""``)."""


class PlainTable:
    """A table of the status picture as data: ``title``, its ``columns`` as ``(heading, justify,
    no_wrap)`` (justify ``"left"`` or ``"right"``), ``rows`` of one :data:`Piece` a cell and the
    ``caption`` (``""`` for none)."""

    __slots__ = ("caption", "columns", "rows", "title")

    def __init__(self, title: str, columns: list[tuple[str, str, bool]]) -> None:
        self.title = title
        self.columns = columns
        self.rows: list[list[Piece]] = []
        self.caption = ""


class Picture:
    """What ``status`` shows for a viewer (R10.3), as :func:`status_picture` makes it: the
    ``board`` (lines of pieces), the ``chains`` table (None when no chain is on the board: then
    the line ``no_chain``), the ``players`` table, the ``facts`` line and the ``next`` line (the
    pending decision, bold)."""

    __slots__ = ("board", "chains", "facts", "next", "no_chain", "players")

    def __init__(self, board: list[list[Piece]], chains: PlainTable | None, players: PlainTable,
                 facts: list[Piece], next_line: str) -> None:
        self.board = board
        self.chains = chains
        self.no_chain = _("No chain is on the board yet.")
        self.players = players
        self.facts = facts
        self.next = next_line


def board_lines(game: Game) -> list[list[Piece]]:
    """The edition's board (R1.1, R1.1a) as lines of pieces: the column numbers and row letters
    dim, each chain its letter in bold and its colour, ``o`` a lone tile in bold, ``.`` an empty
    space dim, and the tile placed last reversed (:func:`acquire_ref.viewers.describe.last_tile`)."""
    from acquire_ref.viewers.describe import last_tile

    grid = game.edition.grid
    lines: list[list[Piece]] = [[("  " + "".join(f"{c:>3}" for c in range(1, grid.columns + 1)), "dim", "")]]
    last = last_tile(game)
    for letter, tiles in grid.iter_rows():
        line: list[Piece] = [(f" {letter}", "dim", "")]
        for t in tiles:
            line.append((" ", "", ""))
            if t not in game.board:
                line.append((" .", "dim", ""))
                continue
            owner = game.board.owner[t]
            mark = " reverse" if str(t) == last else ""
            if owner is None:
                line.append((" o", "bold" + mark, ""))
            else:
                ch = game.edition.chain(owner)
                line.append((f" {ch.letter}", "bold" + mark, ch.colour))
        lines.append(line)
    return lines


def chain_rows(game: Game) -> PlainTable:
    """The chains on the board: size, price, bonuses, safe, shares left in the bank (R3), a
    chain defunct in the merger under way marked (R5.3); the caption names those defunct and the
    chains not on the board."""
    amounts = (_("price"), _("majority"), _("minority"))
    t = PlainTable(_("Chains"), [(_("chain"), "left", False)] + [
        (col, "right", col in amounts) for col in (_("size"), *amounts, _("safe"), _("bank"))])  # amounts whole
    ed = game.edition
    defunct = game.defunct_chains()
    for c in game.chains_on_board():
        size = game.board.sizes[c]
        ch = ed.chain(c)
        name = f"{ch.letter} {c}"
        t.rows.append([(_("{chain} (defunct)").format(chain=name) if c in defunct else name, "", ch.colour),
                       *((text, "", "") for text in (
                           str(size), money(game.price(c)), money(ed.majority_bonus(c, size)),
                           money(ed.minority_bonus(c, size)), _("safe") if ed.is_safe(size) else "", str(game.bank[c])))])
    free = game.free_chains()
    notes = ([_("defunct in the merger under way: {chains} (R5.3)").format(chains=_(", ").join(defunct))] if defunct
             else []) + ([_("not on the board: {chains}").format(chains=_(", ").join(free))] if free else [])
    t.caption = _("; ").join(notes)
    return t


def player_rows(game: Game, viewer: ViewerLike = None) -> PlainTable:
    """Each player's cash, shares and rack count, in seating order, the player to decide marked
    ``>``; only the figures ``viewer`` may see (:func:`acquire_ref.viewers.views.sees`, R10.1),
    with the caption saying so when some are hidden."""
    from acquire_ref.viewers.views import sees, withheld

    t = PlainTable(_("Players"), [("", "left", False), (_("player"), "left", False), (_("cash"), "right", True),
                                  (_("shares"), "left", False), (_("rack"), "right", False)])
    for i, p in enumerate(game.players):
        held = ", ".join(f"{c} {n}" for c, n in game.shares[p].items() if n) or "-"
        mark = ">" if i == game.current and game.pending.player is not None else ""
        figures = (money(game.cash[p]), held) if sees(game, p, viewer) else (_("hidden"), _("hidden"))
        t.rows.append([(text, "", "") for text in (mark, p, *figures, str(game.racks[p]))])
    if withheld(game, viewer):
        t.caption = _("holdings are hidden (R10.1); the bank's shares are in the chain table")
    return t


_SUPPLIES = {"table": N_("table tiles"), "dealt": N_("dealt tiles")}
"""The tile supply (R2: drawn at the table, or dealt by the referee) as the facts line names it."""


def facts_line(game: Game) -> list[Piece]:
    """The line under the tables: the turn and the tiles in the bag; the edition, the tile
    supply and the options changed (dim); the tiles out of the game (R7); the end declared or
    available (bold, R8.1)."""
    from acquire_ref.words import visible
    from acquire_ref.words.decisions import end_condition

    setup = [_("edition {edition}").format(edition=visible(game.edition.name)),
             _(_SUPPLIES[game.supply.mode]), *game.options.changed()]
    if game.market.on:
        setup.append(_("two players with the market (R9)"))
    line: list[Piece] = [(_("Turn {turn}. Tiles in the bag: {bag}.").format(turn=game.turn, bag=game.bag), "", ""),
                         (" " + _("; ").join(setup) + ".", "dim", "")]
    if game.discarded:
        line.append((" " + _("Out of the game: {tiles}.").format(tiles=" ".join(map(str, game.discarded))), "", ""))
    if game.end_declared and not game.over:
        line.append((" " + _("The end has been declared."), "bold", ""))
    elif game.end_available() and not game.over:
        line.append((" " + _("End available: {condition} (R8.1).").format(
            condition=end_condition(game.edition, game.board.sizes)), "bold", ""))
    return line


def status_picture(game: Game, viewer: ViewerLike = None) -> Picture:
    """Everything ``status`` shows for ``viewer`` (the public by default, R10.3): board, chains,
    players, the facts line and the pending decision with the command that answers it."""
    from acquire_ref.viewers.views import pending_text
    from acquire_ref.words import with_program

    return Picture(board_lines(game), chain_rows(game) if game.board.sizes else None, player_rows(game, viewer),
                   facts_line(game), _("Next:") + " " + with_program(pending_text(game, viewer)))


# ----- the picture written as rich writes it ------------------------------------------------------
COLOURS = {name: str(30 + i) for i, name in enumerate(("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))}
COLOURS.update({f"bright_{name}": str(int(code) + 60) for name, code in COLOURS.items()})
"""The colours written here, by name: the terminal's 16 standard colours, which rich writes alike
in every colour system."""

EIGHT_BIT = {"dark_orange3": "38;5;166"}
"""The 256-colour names of the built-in editions, as rich writes them on a terminal of 256 colours
or more; on a terminal of 16 rich picks the nearest standard colour, and draws it itself. A chain
of any other colour is rich's to draw on a terminal."""

ATTRIBUTES = {"bold": 1, "dim": 2, "italic": 3, "reverse": 7}
"""The attributes the picture uses and their SGR codes (rich writes them in this order)."""

WIDE_ENOUGH = frozenset("\u00a0\u202f\u2019\u2013\u2014\u2026\u20ac\u00ab\u00bb")
"""Characters beyond the safe range that are one cell wide and stay as they are (the no-break
spaces of German and French amounts and punctuation, quotes, dashes, the euro)."""


def plain_char(ch: str) -> bool:
    """Whether ``ch`` is drawn here: printable and one cell wide in every terminal and in rich's
    measure (up to U+02FF, before the combining marks, or one of :data:`WIDE_ENOUGH`)."""
    return (ch.isprintable() and ord(ch) < 0x300) or ch in WIDE_ENOUGH


class Writer:
    """How rich's console would write to a stream: ``width`` columns, ``styled`` (a terminal:
    ANSI styles), ``coloured`` (not under ``NO_COLOR``) and ``eight_bit`` (a terminal of 256
    colours or more)."""

    __slots__ = ("coloured", "eight_bit", "styled", "width")

    def __init__(self, width: int, styled: bool, coloured: bool, eight_bit: bool = False) -> None:
        self.width = width
        self.styled = styled
        self.coloured = coloured
        self.eight_bit = eight_bit

    def sgr(self, text: str, attributes: str, colour: str = "") -> str:
        """``text`` in its style, as rich writes one segment (codes, text, reset); plain text
        when not styled or without a style. Raises KeyError for a colour not in :data:`COLOURS`
        (or :data:`EIGHT_BIT` on a terminal of 256 colours)."""
        if not self.styled or not text:
            return text
        codes = [str(n) for n in sorted(ATTRIBUTES[a] for a in attributes.split())]
        if colour and self.coloured:
            codes.append(EIGHT_BIT[colour] if self.eight_bit and colour in EIGHT_BIT else COLOURS[colour])
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def writer_for(stream: TextIO, environ: Mapping[str, str]) -> Writer | None:
    """How rich's console (:func:`acquire_ref.render.console`) would write to ``stream`` with the
    environment ``environ``, or None when that is for rich to judge: Windows, a notebook, IDLE,
    ``FORCE_COLOR`` or ``TTY_COMPATIBLE`` set, a dumb terminal, an encoding other than UTF, a
    ``COLUMNS`` that is no plain positive number. The width is rich's: ``COLUMNS``, else the size
    of the first of stdin, stdout and stderr that is a terminal, else 80; so is the colour system
    (256 colours or more for ``COLORTERM=truecolor`` or ``24bit``, or a ``TERM`` ending in
    ``-256color`` or ``-kitty``)."""
    import builtins

    if (os.name == "nt" or hasattr(builtins, "get_ipython") or "FORCE_COLOR" in environ or "TTY_COMPATIBLE" in environ
            or getattr(sys.stdin, "__module__", "").startswith("idlelib")):
        return None
    if not (getattr(stream, "encoding", None) or "utf-8").lower().startswith("utf"):
        return None
    try:
        terminal = bool(stream.isatty())
    except (AttributeError, ValueError):
        return None
    if terminal and environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return None
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        if not columns.isascii() or int(columns) < 1:
            return None
        width = int(columns)
    else:
        width = 0
        for fd in (0, 1, 2):
            try:
                width = os.get_terminal_size(fd)[0]
            except (AttributeError, ValueError, OSError):
                continue
            break
        width = width or 80
    eight_bit = (environ.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit")
                 or environ.get("TERM", "").strip().lower().rpartition("-")[2] in ("256color", "kitty"))
    return Writer(width, terminal, environ.get("NO_COLOR", "") == "", terminal and eight_bit)


def table_lines(table: PlainTable, out: Writer) -> list[str] | None:
    """``table`` as rich draws it (box HEAVY_HEAD, a cell's padding one space each side, the
    title in italic and the caption dim italic, both at the left and never wrapped), or None when
    it would not fit ``out.width`` (rich would shrink a column)."""
    cells = [[col[0] for col in table.columns], *([text for text, _, _ in row] for row in table.rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(table.columns))]
    if sum(widths) + 3 * len(widths) + 1 > out.width:
        return None
    lines = [out.sgr(table.title, "italic")] if table.title else []
    lines.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
    head = "".join("┃" + _cell(out, _justified(col[0], w, col[1]), "bold") for col, w in zip(table.columns, widths, strict=True))
    lines += [head + "┃", "┡" + "╇".join("━" * (w + 2) for w in widths) + "┩"]
    for row in table.rows:
        lines.append("".join("│ " + out.sgr(_justified(text, w, col[1]), attributes, colour) + " "
                             for (text, attributes, colour), w, col in zip(row, widths, table.columns, strict=True)) + "│")
    lines.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    if table.caption:
        lines.append(out.sgr(table.caption, "dim italic"))
    return lines


def _cell(out: Writer, text: str, attributes: str) -> str:
    """A heading's cell as rich writes it: the padding and the text each in the style, or an
    empty cell's padding as one run."""
    if not text:
        return out.sgr("  ", attributes)
    return out.sgr(" ", attributes) + out.sgr(text, attributes) + out.sgr(" ", attributes)


def _justified(text: str, width: int, justify: str) -> str:
    """``text`` padded with spaces to ``width`` cells, at the left or the right."""
    return text.rjust(width) if justify == "right" else text.ljust(width)


def _texts(picture: Picture) -> list[str]:
    """Every text in ``picture``, for the check that each character is one cell wide."""
    tables = [t for t in (picture.chains, picture.players) if t is not None]
    texts = [text for line in (*picture.board, picture.facts) for text, _, _ in line]
    for t in tables:
        texts += [t.title, t.caption, *(col[0] for col in t.columns), *(text for row in t.rows for text, _, _ in row)]
    return [*texts, picture.no_chain, picture.next]


def drawn(picture: Picture, out: Writer) -> str | None:
    """``picture`` written as :func:`acquire_ref.render.status_view` prints it through rich's
    console for ``out``, or None when rich must draw it: a character that is not
    :func:`plain_char`, a table wider than the console, a chain's colour this module does not
    write on a terminal that shows colours (:data:`COLOURS`, :data:`EIGHT_BIT`)."""
    if not all(plain_char(ch) for text in _texts(picture) for ch in text):
        return None
    try:
        tables = [table_lines(t, out) for t in (picture.chains, picture.players) if t is not None]
        board = ["".join(out.sgr(*piece) for piece in line) for line in picture.board]
        chains = tables.pop(0) if picture.chains is not None else [picture.no_chain]
        players = tables.pop(0)
        facts = "".join(out.sgr(*piece) for piece in picture.facts)
    except KeyError:
        return None
    if chains is None or players is None:
        return None
    return "\n".join([*board, "", *chains, *players, facts, out.sgr(picture.next, "bold")]) + "\n"
