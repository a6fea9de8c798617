"""A club's ratings over a season (T6): each game is one ranked result (places from the final
money, equal money sharing a place, R8.3), rated in turn with the Plackett-Luce model of the
openskill package (Weng-Lin). openskill is imported by :func:`compute` alone, so only the
``ratings`` command pays for it.

A season is game files, event files (each table's result: refereed, or entered from its
results sheet, T3.1) and folders of them (every ``*.toml`` file inside, sub-folders too, in
the order of their names). Games are rated in the order they were played (the game file's
``played`` date); games of one date in the order the files were given (a folder's in name
order), or with ``by_time`` in the order their files were last written. A game file written
before the date was kept has none: such games are rated first, in that same order.

A player is the same person in every game their name appears in (:func:`member_key`: ignoring
case, a game file's ``_`` read as the space it stands for); the first spelling met is shown, with
spaces. Names that only look alike (a Cyrillic letter for a Latin one) are refused; names that
are nearly the same (an accent, a letter) are rated apart, with a note (:func:`near_names`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from acquire_ref.club.members import aliased, folded, member_key, member_name, near_notes
from acquire_ref.engine.errors import AcquireError, GameFileError, IllegalMoveError, NotationError
from acquire_ref.language import _, ngettext
from acquire_ref.words import spreadsheet_safe
from acquire_ref.words.refusals import N_

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.files.record import TomlTable
    from acquire_ref.tournament import Tournament

T = TypeVar("T")

PROVISIONAL = 5
"""A rating from fewer games than this is marked provisional (``ratings --provisional N``)."""


class Rated(NamedTuple):
    """One game for the ratings: ``source`` (the game file, or ``EVENT round R table T``), each
    player's final ``money`` (whole dollars), the date it was ``played`` (None when the file has
    none) and ``kind``: ``game`` (a finished game file), ``sheet`` (an event table's results
    sheet, T3.1) or ``projected`` (a game scored as it stood, T3.3)."""

    source: str
    money: dict[str, int]
    played: date | None = None
    kind: str = "game"


Played = tuple[str, dict[str, int]] | Rated
"""What :func:`compute` rates: a :class:`Rated`, or just ``(source, money)`` (undated)."""


class Skipped(NamedTuple):
    """A file ``ratings --keep-going`` could not use: its ``source``, the ``problem`` (one
    message) and the ``exit_code`` that problem stops a run with (3 unfinished, 4 bad file)."""

    source: str
    problem: str
    exit_code: int


class Season:
    """What :func:`read_season` found: the ``files`` read (folders expanded), the ``games`` in
    the order they are rated, the files it could not use (``skipped``, only with ``keep_going``)
    and ``notes`` for the person running it (an event file's tables, a table's game file rated
    through its event)."""

    def __init__(self) -> None:
        self.files: list[Path] = []
        self.games: list[Rated] = []
        self.skipped: list[Skipped] = []
        self.notes: list[str] = []
        self.aliases: dict[str, str] = {}

    def attempt(self, source: str, keep_going: bool, work: Callable[[], T]) -> T | None:
        """``work()``; with ``keep_going`` a refusal (any :class:`AcquireError`) is kept in
        :attr:`skipped` under ``source`` and None returned, else it is raised."""
        try:
            return work()
        except AcquireError as exc:
            if not keep_going:
                raise
            self.skipped.append(Skipped(source, str(exc), exc.exit_code))
            return None


def final_money(game: Game, path: Path | str, projected: bool = False) -> dict[str, int]:
    """Each player's money at the end of ``game`` (after the final payout, R8.3), read from the
    file at ``path`` (named in messages): the one place the ratings read a game's result.

    Raises :class:`IllegalMoveError` (exit 3) for a game that is not over, unless ``projected``
    (then the money if it ended now, R8.5), and for a game not over while holdings are hidden
    even then: its projected money would tell the hidden holdings (R10.1).
    """
    if not game.over and not projected:
        raise IllegalMoveError(_("{file}: the game is not over, so it has no final standings (R8.3); finish it, leave it "
                                 "out, or add --projected to rate it as it stands").format(file=path), rule="R8.3")
    from acquire_ref.viewers.views import withheld

    if withheld(game):  # its projected money would tell the order of the hidden holdings
        raise IllegalMoveError(_("{file}: holdings are hidden until the game is over (R10.1), so it can't be rated as it "
                                 "stands; finish it or leave it out").format(file=path), rule="R10.1")
    return {s.player: s.total for s in game.score_breakdown()}


def season_files(paths: Sequence[Path], unread: list[Skipped] | None = None) -> list[Path]:
    """The files named by ``paths`` in order: a file as it is, a folder as every ``*.toml`` name
    in it and its sub-folders (names starting with ``.`` left out, symbolic links to folders not
    followed), sorted by their path inside it.

    Every ``*.toml`` name found is returned, whatever stands there (a dangling link, a pipe, a link
    to a folder), so that reading it reports it: no file is left out in silence. A sub-folder that
    can't be listed is reported too: added to ``unread`` (exit 4) when given, else raised as
    :class:`GameFileError` (exit 4). Raises :class:`NotationError` (exit 2) for a file reached
    twice (each game counts once) and for a folder without a ``*.toml`` name.
    """
    from acquire_ref.files.storage import stamp

    files: list[Path] = []
    for path in paths:
        if Path(path).is_dir():
            found = sorted(_toml_names(Path(path), unread), key=lambda p: p.relative_to(path).parts)
            if not found:
                raise NotationError(_("{file} is a folder without game or event files (*.toml)").format(file=path))
            files += found
        else:
            files.append(Path(path))
    seen: dict[tuple[int, int], Path] = {}
    for path in files:
        mark = stamp(path)
        if mark is None:
            continue
        other = seen.setdefault((mark[0], mark[1]), path)
        if other is not path:
            raise NotationError(_("{file} is named twice (as {other}): each game counts once").format(file=path, other=other))
    return files


def _toml_names(top: Path, unread: list[Skipped] | None) -> list[Path]:
    """Every ``*.toml`` name under the folder ``top`` but a real folder's (whose files are
    listed instead), names starting with ``.`` left out, links to folders not followed."""
    import os

    found: list[Path] = []

    def failed(exc: OSError) -> None:
        from acquire_ref.files.wording import system_error

        problem = _("{file}: can't list the folder ({error}), so its files are not rated").format(
            file=exc.filename, error=system_error(exc))
        if unread is None:
            raise GameFileError(problem)
        unread.append(Skipped(str(exc.filename), problem, 4))

    for root, folders, names in os.walk(top, onerror=failed):
        linked = [d for d in folders if os.path.islink(os.path.join(root, d))]
        folders[:] = [d for d in folders if not d.startswith(".") and d not in linked]
        found += [Path(root, n) for n in [*names, *linked] if n.endswith(".toml") and not n.startswith(".")]
    return found


def read_season(paths: Sequence[Path], by_time: bool = False, projected: bool = False,
                keep_going: bool = False) -> Season:
    """The games in the files and folders at ``paths`` (:func:`season_files`), in the order they
    are rated: by ``played`` date, undated games first; for equal dates in the order given, or
    with ``by_time`` in the order the files were last written (T6).

    An event file gives each table's result (refereed or from its sheet); a table scored as it
    stood counts only with ``projected``, one left out or without a result never. A table's game
    file also given counts once, through its event. Raises what :func:`season_files` raises and,
    unless ``keep_going`` (then each file that can't be used is in :attr:`Season.skipped`):
    :class:`GameFileError` (exit 4) for a missing or corrupt file, or names that only look alike;
    :class:`IllegalMoveError` (exit 3) for an unfinished game (see :func:`final_money`).
    """
    season = Season()
    files = season_files(paths, season.skipped if keep_going else None)
    season.files = files
    events, games = _read_files(files, season, keep_going, projected)
    claimed = _claimed(files, events)
    found: list[tuple[tuple[object, ...], Rated]] = []
    for n, path in enumerate(files):
        if n in events:
            event_n = events[n]
            if isinstance(event_n, list):  # a plays file: paper results, each dated
                found += [((*_when(r.played), _tie(by_time, path), n, i), r) for i, r in enumerate(event_n)]
                season.notes.append(ngettext("{file} is a plays file: {count} paper result rated",
                                             "{file} is a plays file: {count} paper results rated", len(event_n))
                                    .format(file=path, count=len(event_n)))
            elif event_n is not None:
                found += [((*_when(r.played), _tie(by_time, where), n, i), r)
                          for i, (r, where) in enumerate(_event_games(path, event_n, projected, season))]
        elif n not in claimed:
            one = season.attempt(str(path), keep_going, lambda n=n: _told(games[n]))  # type: ignore[misc]
            if one is not None:
                found.append(((*_when(one.played), _tie(by_time, path), n, 0), one))
        else:
            season.notes.append(_("{file} is {table}: rated once, by the event's result").format(file=path, table=claimed[n]))
    found.sort(key=lambda item: item[0])
    rated = [r for _, r in found]
    if season.aliases:
        rated = [g for g in (season.attempt(g.source, keep_going, lambda g=g: aliased(g, season.aliases))  # type: ignore[misc]
                             for g in rated) if g is not None]
    season.games = _without_look_alikes(rated, season, keep_going)
    season.notes += near_notes(season.games)
    return season


def _read_files(files: Sequence[Path], season: Season, keep_going: bool, projected: bool,
                ) -> tuple[dict[int, Tournament | list[Rated] | None], dict[int, Rated | AcquireError]]:
    """Each of ``files`` read and parsed once (:func:`_event_or_game`), by its index: the events
    and plays files (None for one that can't be read, already reported in ``season``), and the
    game files with their result or refusal."""
    events: dict[int, Tournament | list[Rated] | None] = {}
    games: dict[int, Rated | AcquireError] = {}
    for n, path in enumerate(files):
        skipped = len(season.skipped)
        read = season.attempt(str(path), keep_going, lambda path=path: _event_or_game(path, projected, season))  # type: ignore[misc]
        if isinstance(read, Rated | AcquireError):
            games[n] = read
        elif read is not None or len(season.skipped) > skipped:
            events[n] = read
    return events, games


def _when(played: date | None) -> tuple[int, date]:
    return (0, date.min) if played is None else (1, played)


def _tie(by_time: bool, path: Path) -> int:
    """The order of games of one date: the order given (0 for all), or the file's last write."""
    import os

    if not by_time:
        return 0
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


def _event_or_game(path: Path, projected: bool, season: Season) -> Tournament | list[Rated] | Rated | AcquireError:
    """What the file at ``path`` holds, from its one read and parse: the event when it is an event
    file (a top-level ``event`` key); the games of a plays file (paper results,
    :mod:`acquire_ref.club.plays`; its name aliases go into ``season.aliases``); else its game
    (:func:`_game`) or why that game is not rated, whose refusal is raised later (:func:`_told`),
    only if the file is not a table of an event given. Raises :class:`GameFileError` (exit 4) for
    a file that can't be read, or an event or plays file that is corrupt."""
    from acquire_ref.club.plays import is_plays, read_aliases, read_plays
    from acquire_ref.files.record import parse_toml
    from acquire_ref.files.storage import read_text
    from acquire_ref.tournament.event_file import loads

    text = read_text(path, "game or event file")
    data = parse_toml(text, str(path))
    if is_plays(data):
        season.aliases.update(read_aliases(data, str(path)))
        return [Rated(p.source, p.money, p.played, "sheet") for p in read_plays(data, str(path))]
    if "event" in data:
        return loads(text, str(path))
    try:
        return _game(path, projected, (text, data))
    except AcquireError as exc:
        return exc


def _told(game: Rated | AcquireError) -> Rated:
    """``game``, or its refusal raised."""
    if isinstance(game, AcquireError):
        raise game
    return game


def _claimed(files: Sequence[Path], events: dict[int, Tournament | list[Rated] | None]) -> dict[int, str]:
    """Which of ``files`` are a table's game file of one of the ``events`` (by file identity),
    as ``{index: "round R table T of EVENT"}``."""
    from acquire_ref.files.storage import stamp

    tables: dict[tuple[int, int], str] = {}
    for n, event in events.items():
        for rnd in event.rounds if event is not None and not isinstance(event, list) else []:
            for t in rnd.tables:
                mark = stamp(files[n].parent / t.game)
                if mark is not None:
                    tables[(mark[0], mark[1])] = _("round {round} table {table} of {file}").format(
                        round=rnd.number, table=t.number, file=files[n])
    out = {}
    for i, path in enumerate(files):
        mark = stamp(path)
        if i not in events and mark is not None and (mark[0], mark[1]) in tables:
            out[i] = tables[(mark[0], mark[1])]
    return out


def _game(path: Path, projected: bool, read: tuple[str, TomlTable] | None = None) -> Rated:
    """The finished game in the game file at ``path`` (:func:`final_money`), with its date; from
    ``read``, its text and TOML, when :func:`_event_or_none` has read it."""
    from acquire_ref.files.storage import load_game

    game, record, _ = load_game(path, read)
    money = final_money(game, path, projected)
    return Rated(str(path), money, record.played, "game" if game.over else "projected")


def _event_games(path: Path, event: Tournament, projected: bool, season: Season) -> list[tuple[Rated, Path]]:
    """Each table of ``event`` (read from ``path``) with a result that counts (T3), dated by the
    date its result was entered with (``result --played``), else its game file's ``played``, with
    that game file's path; what is not rated is said in
    :attr:`Season.notes`."""
    games: list[tuple[Rated, Path]] = []
    left: dict[str, list[str]] = {N_("{tables} without a result"): [], N_("{tables} left out"): [],
                                  N_("{tables} scored as they stood (add --projected)"): []}
    why = list(left)
    for rnd in event.rounds:
        for t in rnd.tables:
            where, game_file = f"round {rnd.number} table {t.number}", path.parent / t.game
            said = _("round {round} table {table}").format(round=rnd.number, table=t.number)
            if t.result is None:
                left[why[0]].append(said)
            elif t.result.source == "left out":
                left[why[1]].append(said)
            elif t.result.source == "projected" and not projected:
                left[why[2]].append(said)
            else:
                kind = "game" if t.result.source == "game" else t.result.source
                played = t.result.played if t.result.played is not None else _table_date(game_file)
                games.append((Rated(f"{path} {where}", dict(t.result.money), played, kind), game_file))
    sheets = sum(1 for r, _ in games if r.kind == "sheet")
    said = ngettext("{file} is an event file: {count} table rated ({refereed} refereed, {sheets} from results sheets)",
                    "{file} is an event file: {count} tables rated ({refereed} refereed, {sheets} from results sheets)",
                    len(games)).format(file=path, count=len(games), refereed=len(games) - sheets, sheets=sheets)
    not_rated = "; ".join(_(text).format(tables=", ".join(wheres)) for text, wheres in left.items() if wheres)
    season.notes.append(_("{said}; not rated: {tables}").format(said=said, tables=not_rated) if not_rated else said)
    return games


def _table_date(game_file: Path) -> date | None:
    """The ``played`` date of a table's game file (made when the table was drawn), None when the
    file is missing, unreadable or has none: the table is then rated as an undated game."""
    from acquire_ref.files.record import parse_toml, read_played
    from acquire_ref.files.storage import read_text

    try:
        value = parse_toml(read_text(game_file), str(game_file)).get("played")
        return None if value is None else read_played(value, str(game_file))
    except AcquireError:
        return None


def _without_look_alikes(games: Sequence[Rated], season: Season, keep_going: bool) -> list[Rated]:
    """``games`` less those naming a player who differs beyond case from one met before but
    looks alike ("Ann" and "\u0410nn" with a Cyrillic A): the table would show two rows of the
    same name, and nobody could tell which is whose (R2.1). Raises :class:`GameFileError`
    (exit 4) for the first, or with ``keep_going`` skips that game."""
    from acquire_ref.engine.problems import skeleton

    seen: dict[str, tuple[str, str]] = {}
    kept = []
    for game in games:
        clash = None
        for name in game.money:
            first, where = seen.get(skeleton(member_name(name)), (name, game.source))
            if member_key(first) != member_key(name):
                clash = GameFileError(f"{name!a} in {game.source} and {first!a} in {where} look alike but are "
                                      "different names: rename one in its game file, or leave one game out")
                break
        if clash is not None:
            season.attempt(game.source, keep_going, lambda clash=clash: _raise(clash))  # type: ignore[misc]
            continue
        for name in game.money:
            seen.setdefault(skeleton(member_name(name)), (name, game.source))
        kept.append(game)
    return kept


def _raise(error: AcquireError) -> None:
    raise error


def read_games(paths: Sequence[Path], by_time: bool = False, projected: bool = False) -> list[Rated]:
    """The games at ``paths`` in the order they are rated: :func:`read_season` without
    ``keep_going`` (the first file that can't be used stops it)."""
    return read_season(paths, by_time, projected).games


def _places(money: dict[str, int]) -> dict[str, int]:
    """Each player's finishing place by money, equal money sharing the better place (R8.3)."""
    from acquire_ref.engine.scoring import rank

    return {p: r for p, _, r in rank(money)}


class _Rater:
    """Rates games one by one with openskill's Plackett-Luce model, keeping what the table and
    the history need."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.shown: dict[str, str] = {}
        self.ratings: dict[str, Any] = {}
        self.places: dict[str, list[int]] = {}
        self.wins: dict[str, list[int]] = {}
        self.last: dict[str, date] = {}

    def rate(self, game: Rated) -> list[str]:
        """Rate one game; returns its players' keys (:func:`member_key`)."""
        names = list(game.money)
        keys = [member_key(n) for n in names]
        place = _places(game.money)
        firsts = sum(1 for n in names if place[n] == 1)
        for name, key in zip(names, keys, strict=True):
            self.shown.setdefault(key, member_name(name))
            self.ratings.setdefault(key, self.model.rating(name=self.shown[key]))
            self.places.setdefault(key, []).append(place[name])
            won = self.wins.setdefault(key, [0, 0])
            if place[name] == 1:
                won[0 if firsts == 1 else 1] += 1
            if game.played is not None:
                self.last[key] = max(game.played, self.last.get(key, game.played))
        teams = self.model.rate([[self.ratings[k]] for k in keys], ranks=[float(place[n]) for n in names])
        for key, team in zip(keys, teams, strict=True):
            self.ratings[key] = team[0]
        return keys

    def row(self, key: str, provisional: int) -> dict[str, Any]:
        """The leaderboard's row for the player ``key`` (without the rank)."""
        r, places = self.ratings[key], self.places[key]
        last = self.last.get(key)
        return {"player": self.shown[key], "rating": r.mu, "uncertainty": r.sigma, "conservative": r.ordinal(),
                "games": len(places), "wins": self.wins[key][0], "shared_wins": self.wins[key][1],
                "average_place": sum(places) / len(places), "last_played": last.isoformat() if last else None,
                "provisional": len(places) < provisional}


def _as_rated(games: Iterable[Played]) -> list[Rated]:
    return [g if isinstance(g, Rated) else Rated(*g) for g in games]


def compute(games: Sequence[Played], provisional: int = PROVISIONAL) -> list[dict[str, Any]]:
    """Rate ``games`` in order with openskill's :class:`PlackettLuce` model (defaults: mu 25,
    sigma 25/3). Returns the leaderboard, one row per player, best conservative rating first
    (T6): ``rank`` (equal conservative ratings share a rank), ``player``, ``rating`` (mu),
    ``uncertainty`` (sigma), ``conservative`` (mu - 3 sigma, what the table is ranked by),
    ``games`` played, ``wins`` (alone in first place), ``shared_wins`` (first place shared on
    equal money, R8.3), ``average_place`` (1 is first; a shared place counts as the better one),
    ``last_played`` (the latest date, ISO ``YYYY-MM-DD``, None when only undated games) and
    ``provisional`` (fewer than ``provisional`` games)."""
    rater = _Rater()
    for game in _as_rated(games):
        rater.rate(game)
    rows = [rater.row(k, provisional) for k in rater.ratings]
    rows.sort(key=lambda row: (-row["conservative"], row["player"].casefold()))
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["conservative"] > row["conservative"])
    return [{"rank": row.pop("rank"), **row} for row in rows]


def history(games: Sequence[Played]) -> dict[str, list[dict[str, Any]]]:
    """Each player's rating after each date they played (T6): ``{player: [entry, ...]}`` in the
    order of ``games`` (as rated), players in the order first met. An entry is ``played`` (ISO
    date; None for an undated game, which is its own step, named by ``source``), ``games`` that
    day, ``rating``, ``uncertainty``, ``conservative`` after the day's games, and ``change``: the
    conservative rating's change since the player's entry before (from the starting rating's,
    25 - 3 x 25/3 = 0)."""
    rater = _Rater()
    start = rater.model.rating().ordinal()
    out: dict[str, list[dict[str, Any]]] = {}
    steps: list[tuple[date | None, list[Rated]]] = []
    for game in _as_rated(games):
        if steps and game.played is not None and steps[-1][0] == game.played:
            steps[-1][1].append(game)
        else:
            steps.append((game.played, [game]))
    for day, day_games in steps:
        counts: dict[str, int] = {}
        for game in day_games:
            for key in rater.rate(game):
                counts[key] = counts.get(key, 0) + 1
        for key, n in counts.items():
            entries = out.setdefault(key, [])
            r = rater.ratings[key]
            before = entries[-1]["conservative"] if entries else start
            entry = {"played": day.isoformat() if day else None, "games": n, "rating": r.mu, "uncertainty": r.sigma,
                     "conservative": r.ordinal(), "change": r.ordinal() - before}
            if day is None:
                entry["source"] = day_games[0].source
            entries.append(entry)
    return {rater.shown[k]: v for k, v in out.items()}


def find_player(rows: Sequence[dict[str, Any]], name: str) -> str:
    """The player of the leaderboard ``rows`` called ``name`` (as :func:`member_key` matches:
    ignoring case, ``_`` or a space), as shown. Raises :class:`NotationError` (exit 2) when nobody
    of that name played, asking "did you mean" a player whose name differs only in accents,
    case, spaces or punctuation (``Rosa Diaz`` for ``Rosa Díaz``)."""
    for row in rows:
        if member_key(row["player"]) == member_key(name):
            return str(row["player"])
    near = [r["player"] for r in rows if folded(r["player"]) == folded(name)]
    if near:
        raise NotationError(_("--player {name}: nobody of that name played in these games; did you mean {near}?").format(
            name=repr(name), near=_(" or ").join(repr(n) for n in near)))
    some = ", ".join(r["player"] for r in rows[:8]) + (", ..." if len(rows) > 8 else "")
    raise NotationError(_("--player {name}: nobody of that name played in these games ({some})").format(
        name=repr(name), some=some))


LEADERBOARD_COLUMNS = ("rank", "player", "rating", "uncertainty", "conservative", "games", "wins", "shared_wins",
                       "average_place", "last_played", "provisional")
"""The CSV leaderboard's columns, in order (the JSON keys of :func:`compute`)."""

HISTORY_COLUMNS = ("player", "played", "games", "rating", "uncertainty", "conservative", "change", "source")
"""The CSV history's columns, in order (the JSON keys of :func:`history`, and the player)."""


def csv_text(rows: Sequence[dict[str, Any]], steps: dict[str, list[dict[str, Any]]] | None = None) -> str:
    """The leaderboard ``rows`` (:func:`compute`) as CSV, or with ``steps`` the history
    (:func:`history`): a header of :data:`LEADERBOARD_COLUMNS` or :data:`HISTORY_COLUMNS`, then
    one row per player or per player and date. Ratings have 2 decimals; provisional is ``yes``
    or empty. The text opens with a byte-order mark, so that a spreadsheet reads it as UTF-8 and
    keeps accents; names are made formula-safe (:func:`acquire_ref.words.spreadsheet_safe`)."""
    import csv
    import io

    def shown(key: str, value: object) -> object:
        if isinstance(value, float):
            return f"{value:+.2f}" if key == "change" else f"{value:.2f}"
        if isinstance(value, bool):
            return "yes" if value else ""
        return "" if value is None else spreadsheet_safe(value)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if steps is None:
        writer.writerow(LEADERBOARD_COLUMNS)
        writer.writerows([shown(k, row[k]) for k in LEADERBOARD_COLUMNS] for row in rows)
    else:
        writer.writerow(HISTORY_COLUMNS)
        writer.writerows([shown(k, {"player": name, **e}.get(k)) for k in HISTORY_COLUMNS]
                         for name, entries in steps.items() for e in entries)
    return "\ufeff" + out.getvalue()


CHART = (160, 36)
"""The width and height of a leaderboard row's chart (SVG user units)."""


def _step(played: str | None, source: str | None) -> str:
    return played if played is not None else f"game {source}"


def charts(games: Sequence[Rated], steps: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """For each player of ``steps`` (the full :func:`history`), the chart of their conservative
    rating after each date: ``points`` (an SVG polyline's, x along every date of the season, y
    on one scale for all players so charts compare), ``dot`` (the last point, ``(x, y)``) and
    ``zero`` (the y of a rating of 0, where everyone starts), in a box of :data:`CHART`."""
    order: dict[str, int] = {}
    for game in games:
        order.setdefault(_step(game.played.isoformat() if game.played else None, game.source), len(order))
    values = [e["conservative"] for entries in steps.values() for e in entries] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    width, height = CHART
    last = max(len(order) - 1, 1)

    def y(v: float) -> float:
        return round(float(height - 3 - (v - low) / span * (height - 6)), 1)

    out = {}
    for name, entries in steps.items():
        xs = [round(order.get(_step(e["played"], e.get("source")), 0) / last * (width - 6) + 3, 1) for e in entries]
        ys = [y(e["conservative"]) for e in entries]
        out[name] = {"points": " ".join(f"{a},{b}" for a, b in zip(xs, ys, strict=True)), "dot": (xs[-1], ys[-1]),
                     "zero": y(0.0)}
    return out
