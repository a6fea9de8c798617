"""A club's plays for the board gamers' logging apps (T6): BG Stats' play file (JSON, the file
its import reads: ``players``, ``locations``, ``games``, ``plays`` with each player's score)
with Acquire's BoardGameGeek id, and a CSV of plays, one row per player of each game. Pure: the
games come from :func:`acquire_ref.club.ratings.read_season`, already read.

Each play's ``uuid`` is made from where the game came from (its file, its event table or its
play in a plays file), so exporting the season again and importing it again updates the same
plays rather than adding them twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from acquire_ref.club.ratings import Rated

BGG_ID = 5
"""Acquire's id at BoardGameGeek (boardgamegeek.com/boardgame/5)."""

ABOUT = ("A BG Stats play file written by acquire-ref: open it with BG Stats (share, export or open-in) "
         "to import these Acquire plays.")


def _uuid(kind: str, key: str) -> str:
    """A stable UUID for the object of ``kind`` named ``key`` (the same export, the same ids)."""
    import uuid

    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"acquire-ref:{kind}:{key}"))


def bgstats_doc(games: Sequence[Rated], location: str = "Club") -> dict[str, Any]:
    """BG Stats' play file for the dated ``games`` (undated ones are left out: a play has a date):
    ``about``; ``players`` (``id`` from 1 in order met, ``name`` as the ratings show it,
    ``isAnonymous`` false, ``uuid``); ``locations`` (one: ``location``); ``games`` (Acquire:
    ``bggId`` :data:`BGG_ID`, ``highestWins`` true, ``noPoints`` and ``cooperative`` false);
    ``plays``, each with ``uuid``, ``playDate`` (``YYYY-MM-DD 00:00:00``: the file keeps the day,
    not the hour), ``gameRefId``, ``locationRefId``, ``ignored`` false, ``manualWinner`` false,
    ``rounds`` 0, ``usesTeams`` false, and ``playerScores``: each player's ``playerRefId``,
    ``score`` (the final money as text, as the app keeps scores), ``winner`` (first place,
    shared on equal money, R8.3), ``rank`` (the place), ``seatOrder`` (from 1, the order the
    game lists its players), ``startPlayer`` false and ``newPlayer`` false."""
    from acquire_ref.club.members import member_key, member_name
    from acquire_ref.engine.scoring import rank

    players: dict[str, dict[str, Any]] = {}
    plays = []
    for game in games:
        if game.played is None:
            continue
        place = {p: r for p, _, r in rank(game.money)}
        scores = []
        for seat, (name, money) in enumerate(game.money.items(), start=1):
            key = member_key(name)
            if key not in players:
                players[key] = {"id": len(players) + 1, "name": member_name(name), "isAnonymous": False,
                                "uuid": _uuid("player", key)}
            scores.append({"playerRefId": players[key]["id"], "score": str(money), "winner": place[name] == 1,
                           "rank": place[name], "seatOrder": seat, "startPlayer": False, "newPlayer": False})
        plays.append({"uuid": _uuid("play", game.source), "playDate": f"{game.played.isoformat()} 00:00:00",
                      "gameRefId": 1, "locationRefId": 1, "ignored": False, "manualWinner": False, "rounds": 0,
                      "usesTeams": False, "playerScores": scores})
    return {"about": ABOUT, "players": list(players.values()),
            "locations": [{"id": 1, "name": location, "uuid": _uuid("location", location)}],
            "games": [{"id": 1, "name": "Acquire", "bggId": BGG_ID, "highestWins": True, "noPoints": False,
                       "cooperative": False, "usesTeams": False, "uuid": _uuid("game", "Acquire")}],
            "plays": plays}


PLAYS_COLUMNS = ("played", "game", "kind", "player", "seat", "place", "money", "winner")
"""The CSV of plays' columns: the date (empty when undated), where the game came from, its kind
(``game`` refereed, ``sheet`` from paper, ``projected``), the player, their seat (from 1, the
order the game lists them), place (R8.3), final money (whole dollars) and ``yes`` for a winner."""


def plays_csv(games: Sequence[Rated]) -> str:
    """``games`` as a CSV of plays, one row per player of each game (:data:`PLAYS_COLUMNS`), in
    the order rated; UTF-8 with a byte-order mark (a spreadsheet keeps the accents), names made
    formula-safe as the ratings CSV makes them."""
    import csv
    import io

    from acquire_ref.club.members import member_name
    from acquire_ref.engine.scoring import rank
    from acquire_ref.words import spreadsheet_safe

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PLAYS_COLUMNS)
    for game in games:
        place = {p: r for p, _, r in rank(game.money)}
        for seat, (name, money) in enumerate(game.money.items(), start=1):
            writer.writerow([game.played.isoformat() if game.played else "", spreadsheet_safe(game.source), game.kind,
                             spreadsheet_safe(member_name(name)), seat, place[name], money,
                             "yes" if place[name] == 1 else ""])
    return "\ufeff" + out.getvalue()


def player_doc(games: Sequence[Rated], name: str) -> dict[str, Any]:
    """A member's page (T6) over the rated ``games``: ``player`` (as shown), ``history`` (their
    rating after each date, :func:`acquire_ref.club.ratings.history`'s entries), ``chart`` (its
    polyline, :func:`acquire_ref.club.ratings.charts`), ``games`` (each game they played, in the
    order rated: ``played``, ``source``, ``kind``, ``place``, ``money``, ``players``,
    ``opponents``) and ``opponents`` (head-to-head, most games together first: ``opponent``,
    ``games``, ``above`` (times the member finished ahead), ``below``, ``level`` (equal money)).
    Raises :class:`~acquire_ref.engine.errors.NotationError` (exit 2) for a name nobody played under
    ("did you mean" one typed without its accents)."""
    from acquire_ref.club.members import member_key, member_name
    from acquire_ref.club.ratings import charts, compute, find_player, history
    from acquire_ref.engine.scoring import rank

    who = find_player(compute(games), name)
    key = member_key(who)
    steps = history(games)
    played = []
    meets: dict[str, dict[str, Any]] = {}
    for game in games:
        names = {member_key(n): n for n in game.money}
        if key not in names:
            continue
        place = {member_key(p): r for p, _, r in rank(game.money)}
        others = [member_name(n) for k, n in names.items() if k != key]
        played.append({"played": game.played.isoformat() if game.played else None, "source": game.source,
                       "kind": game.kind, "place": place[key], "money": game.money[names[key]],
                       "players": len(game.money), "opponents": others})
        for k, n in names.items():
            if k == key:
                continue
            row = meets.setdefault(k, {"opponent": member_name(n), "games": 0, "above": 0, "below": 0, "level": 0})
            row["games"] += 1
            row["above" if place[key] < place[k] else "below" if place[key] > place[k] else "level"] += 1
    return {"player": who, "history": steps[who], "chart": charts(games, steps)[who], "games": played,
            "opponents": sorted(meets.values(), key=lambda r: (-r["games"], r["opponent"].casefold()))}
