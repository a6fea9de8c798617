"""A club's paper results (T6): games played without the referee, entered as they were played
(the date, the players at the table, 2 to 6 of them, and each one's final money; places follow
from the money, equal money sharing the better place, R8.3), kept in a plays file that the
ratings read beside game and event files.

A plays file is TOML, one ``[[play]]`` table per game, written by ``club add`` or by hand::

    [[play]]
    played = 2026-01-13
    table = "3"                                     # optional: the table's label that night
    money = { "Rosa Díaz" = 52300, Ben = 41000, Cat = 38000, Dan = 20100 }

Reading it checks every play and names the key at fault (:class:`GameFileError`, exit 4);
adding to it goes through the file's lock and atomic write and keeps what is written by hand
(comments and all): the new play's text is appended to the file's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from acquire_ref.engine.errors import GameFileError, IllegalMoveError, NotationError
from acquire_ref.language import _, number

KEY = "play"
"""The top-level key that makes a TOML file a plays file (an array of tables)."""

MAX_PLAYS = 100_000
"""The most plays one file may hold: a bound on what one file can make the ratings read."""


class Play(NamedTuple):
    """One game of a plays file: ``source`` (``FILE play N``, with ``table T`` when labelled),
    each player's final ``money`` (whole dollars, in seating order) and the date it was ``played``."""

    source: str
    money: dict[str, int]
    played: date


def is_plays(doc: Mapping[str, Any]) -> bool:
    """True when the TOML document ``doc`` is a plays file (it has a top-level ``play`` or
    ``alias`` array)."""
    return isinstance(doc.get(KEY), list) or isinstance(doc.get(ALIAS), list)


ALIAS = "alias"
"""The top-level key of a plays file's name aliases: ``[[alias]]`` tables of ``name`` (a
spelling met in the games), ``member`` (the member it is) and ``reason`` (why, for the record)."""


def read_aliases(doc: Mapping[str, Any], source: str) -> dict[str, str]:
    """The name aliases of the plays file ``doc`` (read from ``source``): ``{member_key(name):
    member}``, where each ``[[alias]]`` has ``name``, ``member`` and a ``reason`` (all text; the
    reason is kept in the file, for the record). Raises :class:`GameFileError` (exit 4) naming
    the alias at fault: a key missing or unknown, a name that can't be a player's, a reason left
    empty, a name that is its own member, a name given a second member, or a chain or circle of
    aliases (a member that is itself an alias)."""
    from acquire_ref.club.members import member_key, member_name
    from acquire_ref.engine.errors import AcquireError
    from acquire_ref.engine.setup import check_player_name

    out: dict[str, str] = {}
    members: set[str] = set()
    for n, alias in enumerate(doc.get(ALIAS) or [], start=1):
        where = f"{source} alias {n}"
        if not isinstance(alias, dict) or set(alias) != {"name", "member", "reason"} \
                or not all(isinstance(v, str) for v in alias.values()):
            raise GameFileError(_('{where}: write name = "SPELLING", member = "MEMBER", reason = "WHY" (all three)')
                                .format(where=where))
        try:
            for name in (alias["name"], alias["member"]):
                check_player_name(member_name(name).replace(" ", "_") or name)
        except AcquireError as exc:
            raise GameFileError(f"{where}: {exc}") from None
        if not alias["reason"].strip():
            raise GameFileError(_("{where}.reason: say why the two names are one member, for the record").format(where=where))
        key, member = member_key(alias["name"]), member_key(alias["member"])
        if key == member:
            raise GameFileError(_("{where}: {name} is already {member}: no alias needed").format(
                where=where, name=repr(alias["name"]), member=repr(alias["member"])))
        if key in out:
            raise GameFileError(_("{where}: {name} is an alias of {member} already: one spelling is one member").format(
                where=where, name=repr(alias["name"]), member=repr(out[key])))
        if member in out or key in members:  # a chain (or a circle) of aliases: each name straight to its member
            raise GameFileError(_("{where}: {name} is a member's alias and a member at once: give each spelling the "
                                  "member it is").format(where=where, name=repr(alias["member"] if member in out
                                                                        else alias["name"])))
        out[key] = member_name(alias["member"])
        members.add(member)
    return out


def check_play(money: Mapping[str, int], source: str = "play") -> dict[str, int]:
    """``money`` (name: final dollars, in seating order) checked as one game's result (T6): 2 to
    6 players (R2.1), each name a player's name, spaces allowed as on a badge (T1.3), no two the
    same member (ignoring case, ``_`` for a space, look-alike letters), money whole hundreds of
    dollars and not negative (T3.1). Returns the money by name, as given. Raises
    :class:`NotationError` (exit 2) for the names, :class:`IllegalMoveError` (exit 3) for money."""
    from acquire_ref.club.members import member_name
    from acquire_ref.engine.problems import skeleton
    from acquire_ref.engine.setup import MAX_PLAYERS, MIN_PLAYERS, check_player_name

    if not MIN_PLAYERS <= len(money) <= MAX_PLAYERS:
        raise NotationError(_("{source}: Acquire seats {low} to {high} players, not {count} (R2.1)").format(
            source=source, low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(money)))
    seen: dict[str, str] = {}
    for name, dollars in money.items():
        shown = member_name(name)
        check_player_name(shown.replace(" ", "_") if shown else name)
        other = seen.setdefault(skeleton(shown), name)
        if other is not name:
            raise NotationError(_("{source}: {name} and {other} are one player: give each player once").format(
                source=source, name=repr(name), other=repr(other)))
        if isinstance(dollars, bool) or not isinstance(dollars, int) or dollars < 0 or dollars % 100:
            raise IllegalMoveError(_("{source}: {entry}: money is whole hundreds of dollars, not negative (T3.1)").format(
                source=source, entry=f"{name}={dollars!r}"), rule="T3.1")
    return dict(money)


def read_plays(doc: Mapping[str, Any], source: str) -> list[Play]:
    """The plays of the plays file ``doc`` (parsed TOML) read from ``source`` (named in messages),
    in the file's order (:class:`Play`). Raises :class:`GameFileError`
    (exit 4) naming the key at fault: a play without ``played`` or ``money``, a key it does not
    know, or a result :func:`check_play` refuses."""
    from acquire_ref.engine.errors import AcquireError
    from acquire_ref.files.record import read_played

    plays = doc.get(KEY, [])
    if not isinstance(plays, list) or set(doc) - {KEY, ALIAS} or not isinstance(doc.get(ALIAS, []), list):
        raise GameFileError(_("{source}: a plays file holds only [[play]] tables (played, money, table) and [[alias]] "
                              "tables (name, member, reason)").format(source=source))
    if len(plays) > MAX_PLAYS:
        raise GameFileError(_("{source}: {count} plays; a plays file holds at most {most}").format(
            source=source, count=number(len(plays)), most=number(MAX_PLAYS)))
    out = []
    for n, play in enumerate(plays, start=1):
        where = f"{source} play {n}"
        if not isinstance(play, dict) or set(play) - {"played", "money", "table"} or not {"played", "money"} <= set(play):
            raise GameFileError(_('{where}: write played = YYYY-MM-DD and money = {{ NAME = DOLLARS, ... }} (and table = '
                                  '"LABEL" if you like), nothing else').format(where=where))
        table = play.get("table")
        if table is not None and (not isinstance(table, str | int) or isinstance(table, bool) or len(str(table)) > 20):
            raise GameFileError(_('{where}.table: a short label, e.g. table = "3"').format(where=where))
        if not isinstance(play["money"], dict):
            raise GameFileError(_("{where}.money: write money = {{ NAME = DOLLARS, ... }}").format(where=where))
        played = read_played(play["played"], f"{where}.played")
        try:
            money = check_play(play["money"], where)
        except AcquireError as exc:
            raise GameFileError(str(exc)) from None
        label = f"{where} table {table}" if table is not None else where
        out.append(Play(label, money, played))
    return out


def play_text(played: date, money: Mapping[str, int], table: str | None = None) -> str:
    """One play as the text ``club add`` appends to a plays file: a ``[[play]]`` table with its
    money as one inline table, in seating order (names written as TOML basic strings)."""
    import json

    label = f"table = {json.dumps(table, ensure_ascii=False)}\n" if table is not None else ""
    cash = ", ".join(f"{json.dumps(name, ensure_ascii=False)} = {dollars}" for name, dollars in money.items())
    return f"[[play]]\nplayed = {played.isoformat()}\n{label}money = {{ {cash} }}\n"


def add_alias(path: Path, name: str, member: str, reason: str) -> None:
    """Append the name alias ``name`` -> ``member`` with its ``reason`` to the plays file at
    ``path`` (made when missing), as :func:`add_play` appends a play; checked first by
    :func:`read_aliases` over the whole file. Raises :class:`GameFileError` (exit 4) for an
    alias it refuses or a file that is not a plays file."""
    import json

    text = (f"[[alias]]\nname = {json.dumps(name, ensure_ascii=False)}\nmember = {json.dumps(member, ensure_ascii=False)}\n"
            f"reason = {json.dumps(reason, ensure_ascii=False)}\n")
    _append(path, text)


def add_play(path: Path, played: date, money: Mapping[str, int], table: str | None = None) -> int:
    """Append one play to the plays file at ``path`` (made when missing), under the file's lock
    and through an atomic write, the file's own text kept as it is. ``money`` is checked first
    (:func:`check_play`). Returns how many plays the file holds now. Raises what
    :func:`check_play` raises, and :class:`GameFileError` (exit 4) when ``path`` holds something
    else than a plays file or a play that can't be read (nothing is written then)."""

    check_play(money, "the play")
    return _append(path, play_text(played, money, table))


def _append(path: Path, addition: str) -> int:
    """Append ``addition`` (a ``[[play]]`` or ``[[alias]]`` table) to the plays file at ``path``
    under its lock, after reading the whole new text back; returns how many plays it holds."""
    from acquire_ref.files.record import parse_toml
    from acquire_ref.files.storage import file_exists, game_path, locked, read_stamped, write_atomic

    path = game_path(path)  # through a symbolic link to its target, the link kept, as a game file is
    with locked(path):
        if not file_exists(path):
            text = "# A club's paper results: one [[play]] per game (acquire-ref club add, or by hand).\n\n"
            whole = parse_toml(text + addition, str(path))
            read_aliases(whole, str(path))
            write_atomic(path, text + addition, None, "plays file")
            return len(read_plays(whole, str(path)))
        old, stamp = read_stamped(path, "plays file")
        doc = parse_toml(old, str(path))
        if doc and not is_plays(doc):
            raise GameFileError(_("{file} is not a plays file (it has no [[play]] tables): name a new file or a plays file")
                                .format(file=path))
        text = old + ("" if not old or old.endswith("\n") else "\n") + "\n" + addition
        whole = parse_toml(text, str(path))
        count = len(read_plays(whole, str(path)))
        read_aliases(whole, str(path))
        write_atomic(path, text, stamp, "plays file")
        return count
