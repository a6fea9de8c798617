"""The table console in German (acquire_ref.language, the catalogues in acquire_ref/locale): its
screens as a short game shows them at 80 x 24, read off the picture Textual draws, speak no
English: the panels' headings and figures, the footer's key labels, the help, the score, the log,
a tile's outcome, the take-back's question, a seat's QR code, the merger's notes, the final
standings and a bot seat waiting for its tiles.

What may stay English is what GLOSSARY.md keeps (the move notation of the log, chain and player
names); the English snapshots of tests/test_console_snapshots.py are unchanged."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

from textual.pilot import Pilot

from acquire_ref.console.app import TableApp, offers_line
from acquire_ref.files.record import parse_record, replay, to_toml
from acquire_ref.files.storage import load_game, write_atomic
from acquire_ref.language import using
from acquire_ref.words.prompts import prompt_for
from tests.helpers import EXAMPLES
from tests.test_translations_cli import ENGLISH

CONSOLE_ENGLISH = [*ENGLISH, "Turn", "Bag", "Quit", "Help", "Why", "Log", "Undo", "Redo", "Seat", "Keys", "Close",
                   "hidden", "worth", "off", "Yes", "thinking", "Draw", "enter", "own", "scan", "phone", "declare",
                   "note", "size", "letter", "column", "asks"]
"""The words of the English console that are no German word (nor notation)."""

GERMAN_KEYS = ["^q Beenden", "f1 Hilfe", "f2 Warum", "f3 Stand", "f4 Verlauf", "f6 Ende", "^z Zurück", "f7 QR"]
"""The footer's key labels in German while a player buys (F5 Pass and Ctrl+Y Redo are shown only when
they can be used)."""

CHAR = 12.2
"""The width of one terminal cell in the SVG picture Textual exports (Rich's 0.61 of its 20 px font)."""


def screen(app: TableApp) -> str:
    """The text on the console's screen as the terminal shows it, line by line, each piece of
    text at its own column (no-break spaces read as spaces)."""
    rows: dict[float, list[tuple[int, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', app.export_screenshot()):
        rows.setdefault(float(m.group(2)), []).append((round(float(m.group(1)) / CHAR), html.unescape(m.group(3))))
    lines = []
    for y in sorted(rows):
        line = ""
        for column, text in sorted(rows[y]):
            line = line.ljust(column) + text
        lines.append(line.replace("\u00a0", " ").replace("\u202f", " ").rstrip())
    return "\n".join(lines)


def english(text: str) -> list[str]:
    """The words of :data:`CONSOLE_ENGLISH` in ``text``, the notation between backquotes left out."""
    text = re.sub(r"`[^`]*`", "", text)
    return sorted({w for w in CONSOLE_ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)})


def example_cut(path: Path, moves: int) -> Path:
    """examples/four-players.toml with only its first ``moves`` moves, written to ``path``."""
    record = parse_record((EXAMPLES / "four-players.toml").read_text(encoding="utf-8"))
    record.moves = record.moves[:moves]
    write_atomic(path, to_toml(record, replay(record)))
    return path


async def settled(pilot: Pilot[None], app: TableApp) -> str:
    """The screen once it stops changing: the console redraws after its first layout and the
    footer lays out its keys after the bindings change, each a message later (at most 20 rounds
    of the app's messages, however fast the machine)."""
    shown = screen(app)
    for _ in range(20):
        await pilot.pause()
        again = screen(app)
        if again == shown and again.endswith("QR"):
            break
        shown = again
    return shown


def screens(path: Path, *presses: list[str]) -> list[str]:
    """The German console's screen on the game file at ``path``, then after each group of key
    ``presses`` (each group closed with Escape unless it leaves the table showing)."""
    async def run() -> list[str]:
        with using("de"):
            app = TableApp(path)
            async with app.run_test(size=(80, 24)) as pilot:
                shown = [await settled(pilot, app)]
                for keys in presses:
                    await pilot.press(*keys)
                    shown.append(await settled(pilot, app))
                    if app.screen is not app.screen_stack[0]:
                        await pilot.press("escape")
                        await pilot.pause()
                return shown
    return asyncio.run(run())


def test_the_console_s_screens_in_german_show_no_english_word(cli, tmp_path):
    """Turn 10 after Cat founds Luxor (R4.2), Cat to buy (R6): the table, the help (F1), the
    score's projection (F3, R8.5), the log (F4), what 7C would do (F2), the take-back's question
    (Ctrl+Z), the end refused (F6, R8.1) and Cat's QR code (F7)."""
    path = example_cut(tmp_path / "g.toml", 25)
    table, helped, scored, logged, why, undo, end, seat = screens(
        path, ["f1"], ["f3"], ["f4"], ["f2", "7", "c"], ["ctrl+z"], ["f6"], ["f7"])
    assert english("\n".join([table, helped, scored, logged, why, undo, end, seat])) == []
    footer = table.splitlines()[-1]
    assert footer == "^q Beenden f1 Hilfe f2 Warum f3 Stand f4 Verlauf f6 Ende ^z Zurück f7 QR"
    assert all(key in footer for key in GERMAN_KEYS)
    assert "  Spieler   Bargeld Vermögen Aktien" in table
    assert ">Cat        4.700 $  6.700 $ T4 L1 F2" in table  # Cat's $4,700 and net worth $6,700
    assert "Zug 10. Beutel: 71 Plättchen." in table
    assert "   Kette      Größe  Preis Status  Bank" in table
    assert " T Tower          3  300 $           21" in table  # Tower at 3 tiles: $300 a share (R3)
    assert " nicht auf dem Plan: W I" in table
    assert "Die Tischkonsole beantwortet die anstehende Entscheidung" in helped
    assert "Wenn das Spiel jetzt endete (Hochrechnung, R8.5):" in scored
    assert "Eingabe 25 zurücknehmen (Zug 10, Cat): choose Luxor?" in undo
    assert "✗ F6: das Spielende kann nicht angesagt werden: keine Kette hat 41 Plättchen" in end  # R8.1
    assert "Der eigene Bildschirm von Cat: mit dem eigenen Handy scannen" in seat


def test_a_merger_the_end_and_a_bot_seat_in_german(cli, tmp_path):
    """Turn 19: Tower and American defunct in Dan's merger (R5); the final standings after the
    payout (R8.3); a bot seat of a table game whose tiles are to be entered."""
    merger = screens(example_cut(tmp_path / "m.toml", 44))[0]
    assert " T Tower        4  400 $ aufgelöst   18" in merger  # the name column gives way to the note
    with using("de"):  # Dan's answers when the line is wide enough for them (160 columns): 2 Tower at $400 (R5.3b)
        offers = offers_line(prompt_for(load_game(tmp_path / "m.toml")[0]).offers()).replace("\u00a0", " ")
    assert offers == "Enter: alle 2 behalten  a: alle verkaufen: 800 $  m: 2 gegen 1 Continental tauschen"
    end = tmp_path / "e.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=end).exit_code == 0
    final, scored = screens(end, ["f3"])
    assert "Endstand: Ann hat das Spielende angesagt" in final
    assert "Das Spiel ist vorbei" in final
    bot = tmp_path / "b.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--bot", "Dan=greedy", game=bot).exit_code == 0
    assert cli("start", "4E", "6B", "8E", "1A", game=bot).exit_code == 0  # Dan at 1A goes first (R2.3)
    waiting = screens(bot)[0]
    assert "Zieh 6 Plättchen für Dan (Bot) aus dem Beutel und gib sie ein" in waiting
    assert "^q Beenden" in waiting
    assert english("\n".join([merger, final, scored, waiting])) == []
