#!/usr/bin/env python3
"""Generate the manual page man/acquire-ref.1 from the Typer app.

    python man/generate.py           # rewrite man/acquire-ref.1 if anything changed
    python man/generate.py --check   # exit 1 if man/acquire-ref.1 is out of date

The command reference is not written by hand: Typer's own Markdown documentation of the app
(``typer acquire_ref.cli.app utils docs``, run on the source in this checkout) is converted to roff
with pandoc, tidied for a manual page, and put between the hand-written sections below (NAME,
SYNOPSIS, DESCRIPTION, EXAMPLES, EXIT STATUS, ENVIRONMENT, FILES, SEE ALSO). Edit those here,
and the command reference in the help texts of the commands in acquire_ref/cli/; never edit the page itself.

The page records the sha256 of the Typer Markdown it was made from in a
``.\\" source-digest:`` line, so tests/test_man.py can tell without pandoc whether the page is
current. Running this script needs Typer (the project's virtual environment) and pandoc
(Debian: ``apt-get install pandoc``); reading or installing the page needs neither.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "man" / "acquire-ref.1"
PROG = "acquire-ref"
MODULE = "acquire_ref.cli.app"
DIGEST_RE = re.compile(r'^\.\\" source-digest: ([0-9a-f]{64})$', re.M)


# --- The Typer Markdown (no pandoc needed; tests/test_man.py uses these two functions) --------


def typer_markdown() -> str:
    """Typer's Markdown docs for the app in this checkout (not an older installed copy)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TYPER_", "_TYPER_"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{PROG}.md"
        cmd = [sys.executable, "-m", "typer", MODULE, "utils", "docs", "--name", PROG, "--output", str(out)]
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}{done.stdout}")
        return out.read_text(encoding="utf-8")


def digest(markdown: str) -> str:
    return hashlib.sha256(markdown.encode("utf-8")).hexdigest()


# --- Pandoc and the tidying of its AST ---------------------------------------------------------


def pandoc(args: list[str], text: str) -> str:
    exe = shutil.which("pandoc")
    if exe is None:
        sys.exit("generate.py: pandoc is needed to regenerate the page (Debian: apt-get install pandoc)")
    done = subprocess.run([exe, *args], input=text, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"generate.py: pandoc {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    if done.stderr.strip():
        print(f"generate.py: pandoc {' '.join(args)} warns:\n{done.stderr}", file=sys.stderr)
    return done.stdout


def s(text: str) -> dict:
    return {"t": "Str", "c": text}


SPACE = {"t": "Space"}


def strong(text: str) -> dict:
    return {"t": "Strong", "c": [s(text)]}


def emph(text: str) -> dict:
    return {"t": "Emph", "c": [s(text)]}


def plain_text(inlines: list) -> str:
    """The text of some inlines, formatting dropped."""
    out = []
    for i in inlines:
        t, c = i["t"], i.get("c")
        if t in ("Str",):
            out.append(c)
        elif t == "Code":
            out.append(c[1])
        elif t in ("Space", "SoftBreak", "LineBreak"):
            out.append(" ")
        elif t in ("Emph", "Strong", "Underline", "Strikeout", "SmallCaps"):
            out.append(plain_text(c))
        elif t == "Span":
            out.append(plain_text(c[1]))
        elif t == "Quoted":
            out.append('"' + plain_text(c[1]) + '"')
    return "".join(out)


STYLE_TAG = re.compile(r"^</?(span|b|i|em|strong|code|br|p|div)\b[^>]*>$", re.I)


def strip_raw(node):
    """Rich markup in a help text comes out of Typer as HTML <span>s: drop the tags, keep the
    text. Anything else that looks like HTML (a help text saying <FILE>) stays as words."""
    if isinstance(node, list):
        return [strip_raw(n) for n in node if not _style_tag(n)]
    if isinstance(node, dict):
        if node.get("t") == "RawInline":
            return s(node["c"][1])
        if node.get("t") == "RawBlock":
            return {"t": "Para", "c": [s(node["c"][1])]}
        return {k: strip_raw(v) for k, v in node.items()}
    return node


def _style_tag(node) -> bool:
    return (
        isinstance(node, dict)
        and node.get("t") in ("RawInline", "RawBlock")
        and all(STYLE_TAG.match(tag) for tag in re.findall(r"<[^>]*>|[^<]+", node["c"][1].strip()))
    )


def label(block: dict) -> str | None:
    """'Usage' for Typer's **Usage**: paragraphs, and so on; None for other blocks."""
    if block["t"] in ("Para", "Plain"):
        c = block["c"]
        if len(c) == 2 and c[0]["t"] == "Strong" and c[1] == s(":"):
            return plain_text(c[0]["c"])
    return None


def term_inlines(term: str, argument: bool) -> list:
    """`-g, --game <path>` -> bold names, italic metavar; `players... <list[str]>` -> italic name."""
    m = re.match(r"^(.*?)(?:\s+<(.+)>)?$", term.strip())
    names, metavar = m.group(1), m.group(2)
    out: list = []
    if argument:
        base, dots = re.match(r"^(.*?)((?:\.\.\.)?)$", names).groups()
        out += [emph(base)] + ([s(dots)] if dots else [])
    else:
        for i, piece in enumerate(re.split(r"(, | / )", names)):
            if i % 2 == 0:
                out.append(strong(piece))
            else:
                out += [s(","), SPACE] if piece == ", " else [SPACE, s("/"), SPACE]
    if metavar:
        out += [SPACE, s("<"), emph(metavar), s(">")]
    return out


HELP_TEXT = "Print the help of acquire-ref, or of the command it follows, and exit."


def definition_list(items: list, argument: bool, help_names: list[str], top: bool) -> dict | None:
    """Typer's `* `TERM`: help` bullet list as a man-page .TP list."""
    entries = []
    for item in items:
        first = item[0]
        inl = first["c"]
        if not inl or inl[0]["t"] != "Code":  # not Typer's usual shape: the first line is the term
            entries.append((inl, item[1:] or [{"t": "Plain", "c": []}]))
            continue
        term = inl[0]["c"][1]
        rest = inl[1:]
        if rest[:1] == [s(":")]:
            rest = rest[1:]
        while rest and rest[0]["t"] in ("Space", "SoftBreak"):
            rest = rest[1:]
        if not argument and term.strip() == "--help":
            if not top:
                continue  # said once, under OPTIONS
            term = ", ".join(help_names)
            rest = [x for word in HELP_TEXT.split() for x in (s(word), SPACE)][:-1]
        body = [{"t": "Plain", "c": rest}, *item[1:]] if rest or item[1:] else [{"t": "Plain", "c": []}]
        entries.append((term_inlines(term, argument), body))
    if not entries:
        return None
    return {"t": "DefinitionList", "c": [[term, [body]] for term, body in entries]}


def usage_inlines(line: str, command: str) -> list:
    """`$ acquire-ref new [OPTIONS] [players]...` -> bold command, italic metavars."""
    line = line.strip().removeprefix("$").strip()
    rest = line.removeprefix(command).split()
    out: list = [strong(command)]
    for word in rest:
        out.append(SPACE)
        m = re.match(r"^([\[{]?)([a-z_][a-z0-9_-]*)([\]}]?)((?:\.\.\.)?)$", word)
        if m:
            opening, name, closing, dots = m.groups()
            opening = "" if opening == "{" else opening
            closing = "" if closing == "}" else closing
            out += [x for x in (s(opening) if opening else None, emph(name), s(closing + dots) if closing + dots else None) if x]
        else:
            out.append(s(word))
    return out


def split_sections(blocks: list) -> list[tuple[str, int, list]]:
    """[(command name, header level, blocks)], the program itself first with name ''."""
    sections: list[tuple[str, int, list]] = []
    for b in blocks:
        if b["t"] == "Header":
            level, _, inl = b["c"]
            name = plain_text(inl).strip().removeprefix(PROG).strip()
            sections.append((name, level, []))
        elif sections:
            sections[-1][2].append(b)
        else:
            sections.append(("", 1, [b]))
    return sections


def tidy(blocks: list, help_names: list[str]) -> tuple[list, list]:
    """(global option blocks, command reference blocks) from Typer's Markdown, as pandoc AST."""
    global_options: list = []
    reference: list = []
    for name, _level, body in split_sections(strip_raw(blocks)):
        usage, text, examples, lists = None, [], [], []
        i = 0
        while i < len(body):
            b = body[i]
            lab = label(b)
            nxt = body[i + 1] if i + 1 < len(body) else None
            if lab == "Usage" and nxt and nxt["t"] == "CodeBlock":
                usage = nxt["c"][1].strip().splitlines()[0]
                i += 2
                continue
            if lab in ("Arguments", "Options", "Commands") and nxt and nxt["t"] == "BulletList":
                if lab != "Commands":  # the summaries are cut short with '...'; each command has a section
                    dl = definition_list(nxt["c"], lab == "Arguments", help_names, top=(name == ""))
                    if dl:
                        lists.append(dl)
                i += 2
                continue
            if b["t"] == "Para" and b["c"][:1] == [s("Example:")]:
                cmd = b["c"][1:]
                while cmd and cmd[0]["t"] in ("Space", "SoftBreak"):
                    cmd = cmd[1:]
                examples.append({"t": "Para", "c": [s("Example:"), SPACE, {"t": "Strong", "c": cmd}]})
                i += 1
                continue
            text.append(b)
            i += 1
        if name == "":
            # The program's own help text and usage are said by the hand-written sections.
            global_options += lists
            continue
        reference.append({"t": "Header", "c": [2, ["", [], []], [s(name)]]})
        if usage:
            reference.append({"t": "Para", "c": usage_inlines(usage, f"{PROG} {name}")})
        reference += text + lists + examples
    return global_options, reference


def to_roff(blocks: list, api_version: list) -> str:
    doc = {"pandoc-api-version": api_version, "meta": {}, "blocks": blocks}
    roff = pandoc(["-f", "json", "-t", "man", "--wrap=auto", "--columns=92"], json.dumps(doc))
    return roff.strip() + "\n"


TEXT_MACROS = {".SH", ".SS", ".TP", ".IP", ".B", ".I", ".BR", ".RB", ".IR", ".RI", ".BI", ".IB", ".SM"}


def fix_text(roff: str) -> str:
    """Every hyphen in text as \\-, so options, tiles and names print as the ASCII '-' a shell
    needs (groff prints a bare '-', which pandoc 2 writes, as a Unicode hyphen); and an
    abbreviation ending a line is not the end of a sentence."""
    lines = []
    for line in roff.splitlines():
        m = re.match(r"^([.'][A-Za-z]+\s*)(.*)$", line)
        if line.startswith((".", "'")) and not (m and m.group(1).strip() in TEXT_MACROS):
            lines.append(line)  # a request or a comment
            continue
        head, text = (m.group(1), m.group(2)) if m else ("", line)
        text = re.sub(r"(?<!\\)-", r"\\-", text)
        text = re.sub(r"\b(e\.g\.|i\.e\.|etc\.|vs\.)$", r"\1\\&", text)
        lines.append(head + text)
    return "\n".join(lines)


# --- The hand-written sections -----------------------------------------------------------------

HEAD = r""".\" Manual page for acquire-ref(1).
.\" GENERATED by man/generate.py from the Typer app in acquire_ref/cli/: do not edit by hand.
.\" Hand-written sections live in man/generate.py; the command reference comes from the help
.\" texts. Regenerate with: python man/generate.py
.\" source-digest: {digest}
.TH ACQUIRE-REF 1 "{date}" "acquire-ref {version}" "User Commands"
.nh
.ad l
.SH NAME
acquire-ref \- a referee for the board game Acquire, at a real table or from a script
.SH SYNOPSIS
.B acquire-ref
.RB [ \-g
.IR GAME ]
.I COMMAND
.RI [ ARGUMENTS ...\&]
.RI [ OPTIONS ]
.br
.B acquire-ref
.I COMMAND
.B \-h
.br
.B acquire-ref \-\-version
.SH DESCRIPTION
.B acquire-ref
referees Sid Sackson's board game
.IR Acquire .
The players sit at a real table with the real board, tiles and paper money; one of them types
each move.
The referee checks every move against the rules and works out share prices, shareholder
bonuses and payouts, and after each move says what the banker has to hand over: who pays whom
how much, and which share certificates change hands.
.PP
The whole game is kept in one TOML
.I game file
that a person can read:
.I ./acquire.toml
unless
.B \-\-game
or
.B ACQUIRE_GAME
names another.
It holds the players and every move so far, in the same words as the commands; its format is
described in
.BR acquire-ref (5).
.PP
At every moment one decision is pending: the start tiles, a tile to place, a chain to found or
choose, a shareholder's answer on a defunct chain, or the shares to buy.
Every command that makes a move answers that pending decision.
Each ends with a line beginning
.BR Next: ,
naming the decision now pending and the exact command that answers it;
.B acquire-ref status
shows the board, the chains, the players and the same line at any time.
A command that is refused changes nothing.
.PP
Normally the tiles come out of the real bag, and the referee knows how many tiles each rack and
the bag hold, not which.
A game made with
.B new\~--tiles\~dealt
is dealt by the referee instead;
.B hand
then shows a player's rack.
.PP
Tiles are written column then row, as
.BR 5C ;
.BR 5c ,
.B C5
and
.B 5\-C
are read too.
Chain names are case-insensitive and any unique beginning works
.RB ( imp ,
.BR t ).
.PP
The same tool plays whole games from script files
.RB ( play ),
checks game files
.RB ( check ),
and scores games, including ones it never refereed
.RB ( "score \-\-position" ).
With
.BR \-\-json ,
a command prints exactly one JSON document on standard output and its messages on standard
error.
.SH OPTIONS
These go before the command.
"""

MIDDLE = r""".SH COMMANDS
Each command's own arguments and options go after its name.
Every command also takes
.BR \-h " or " \-\-help
and then only prints its help.
The rule numbers in parentheses (R4, R5.3b, ...) are the rule sections the referee cites in its
messages.
"""

TAIL = r""".SH EXIT STATUS
.TP
.B 0
Done.
.TP
.B 1
Internal error: a bug in acquire-ref; please report it.
.TP
.B 2
Usage error: an unknown command or option, a malformed tile or chain name, a wrong number of
players, or
.B new
over an existing game file without
.BR \-\-force .
.TP
.B 3
The move is against the rules, or it is not that decision's turn.
.TP
.B 4
The game file is missing, corrupt or inconsistent; also
.B check
finding any problem.
.TP
.B 5
The game file is locked by another acquire-ref command.
.PP
A refused command (any status but 0) changes nothing: the game file stays exactly as it was.
.SH ENVIRONMENT
.TP
.B ACQUIRE_GAME
The game file, when
.B \-\-game
is not given.
.TP
.B ACQUIRE_LOCK_TIMEOUT
Seconds a command waits for another command's lock on the game file before giving up with exit
status 5; 10 unless set.
.TP
.B NO_COLOR
When set (to anything), print no colours.
Colours are only used on a terminal anyway.
.TP
.B COLUMNS
The width, in characters, that tables and help are fitted to; by default the terminal's width,
or 80 when the output is not a terminal.
.SH FILES
.TP
.I ./acquire.toml
The game file when neither
.B \-\-game
nor
.B ACQUIRE_GAME
names one.
.TP
.IB GAME .lock
The lock file beside the game file
.RI ( acquire.toml.lock ),
held while a command reads, changes and writes the game, so that two commands at once cannot
lose a move.
Game files are written atomically: a crash leaves the old file or the new one.
.TP
.IB GAME .seats
The players' secret seat tokens
.RB ( "acquire\-ref seats" ),
mode 0600; see
.BR acquire\-ref (5).
.SH EXAMPLES
.SS At the table
Ann, Ben, Cat and Dan sit clockwise; each draws a start tile:
.PP
.RS 4
.EX
acquire-ref new Ann Ben Cat Dan    # seating order, $6,000 each
acquire-ref start 6D 9A 1C 12I     # 9A is closest to 1A: Ben first
.EE
.RE
.PP
A turn is a tile, then up to three shares.
Ben's 6C touches Ann's lone 6D and founds a chain; Ben names it, gets the founder's share,
buys two more, and the turn passes to Cat:
.PP
.RS 4
.EX
acquire-ref place 6C
acquire-ref choose Tower           # or: place 6C --found Tower
acquire-ref buy Tower=2            # 'buy' alone buys nothing
.EE
.RE
.PP
A tile between chains is a merger.
Later Ben's 3C joins Tower (4 tiles) and Luxor (2 tiles), so Tower survives.
The referee pays Luxor's majority and minority bonuses, then asks each Luxor shareholder in
turn, from the mergemaker clockwise, what to do with the shares.
Cat, who holds 3, sells 1 and trades 2 for 1 Tower share; Ben then buys:
.PP
.RS 4
.EX
acquire-ref place 3C
acquire-ref dispose Cat --sell 1 --trade 2
acquire-ref buy Tower
.EE
.RE
.PP
When sizes tie, the mergemaker picks the survivor with
.B choose
(or
.BR place\~3C\~--survivor\~Tower ).
When a chain has 41 tiles, or every chain on the board is safe,
.B status
says
.BR "End available" ;
the current player may then declare the end, the turn finishes and the final payout is made:
.PP
.RS 4
.EX
acquire-ref end
acquire-ref score                  # the final standings
.EE
.RE
.SS From a script
A game script is a game file without its snapshot (see
.BR acquire-ref (5)).
Play one into a game file of its own, then read the position as JSON, here with
.BR jq (1):
.PP
.RS 4
.EX
acquire-ref --game demo.toml play examples/four-players.toml
acquire-ref --game demo.toml status --json | jq -r .pending.text
ACQUIRE_GAME=demo.toml acquire-ref score --json
.EE
.RE
.PP
Check a script or a hand-edited game file without changing anything;
every problem is listed and the exit status is 4 if there is any:
.PP
.RS 4
.EX
acquire-ref check my-game.toml
.EE
.RE
.SH SEE ALSO
.BR acquire-ref (5)
for game files, game scripts and position files.
"""


def help_option_names() -> list[str]:
    """The help options of the app (Typer's docs only ever show --help)."""
    sys.path.insert(0, str(ROOT))
    try:
        import typer.main

        from acquire_ref.cli import app

        return list(typer.main.get_command(app).context_settings.get("help_option_names", ["--help"]))
    finally:
        sys.path.remove(str(ROOT))


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def build(markdown: str, date: str) -> str:
    ast = json.loads(pandoc(["-f", "commonmark", "-t", "json"], markdown))
    global_options, reference = tidy(ast["blocks"], help_option_names())
    api = ast["pandoc-api-version"]
    head = HEAD.format(digest=digest(markdown), date=date, version=version())
    return fix_text(head + to_roff(global_options, api) + MIDDLE + to_roff(reference, api) + TAIL) + "\n"


def today() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC) if epoch else datetime.datetime.now()
    return when.strftime("%Y-%m-%d")


def without_date(page: str) -> str:
    return re.sub(r'^(\.TH \S+ \S+ )"[^"]*"', r"\1", page, count=1, flags=re.M)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    markdown = typer_markdown()
    new = build(markdown, today())
    old = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
    if without_date(old) == without_date(new):
        print(f"{PAGE.relative_to(ROOT)} is up to date")
        return 0
    if check:
        print(f"{PAGE.relative_to(ROOT)} is out of date: run python man/generate.py", file=sys.stderr)
        return 1
    PAGE.write_text(new, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)} (source-digest {digest(markdown)[:12]}...)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
