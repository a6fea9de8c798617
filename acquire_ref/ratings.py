"""A club's ratings over a set of game files (T6): each game is one ranked result (places from the
final money, equal money sharing a place, R8.3), rated in turn with the Plackett-Luce model of
the openskill package (Weng-Lin). openskill is imported by :func:`compute` alone, so only the
``ratings`` command pays for it.

A player is the same person in every game their name appears in, ignoring case; the first
spelling met is shown. Names that only look alike (a Cyrillic letter for a Latin one) are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from acquire_ref.errors import IllegalMoveError, NotationError

Played = tuple[str, dict[str, int]]
"""One game for the ratings: the file's name and each player's money (dollars)."""


def read_games(paths: Sequence[Path], by_time: bool = False, projected: bool = False) -> list[Played]:
    """The games in the files at ``paths``, in the order given, or with ``by_time`` in the order
    they ended (the time each file was last written: a finished game's file is not written
    again; equal times keep the order given).

    Raises :class:`IllegalMoveError` (exit 3) for a game that is not over, unless ``projected``
    (then its money is the money if it ended now, R8.3), and for a game not over while holdings
    are hidden even then (R10.1); :class:`NotationError` for a file named
    twice; :class:`~acquire_ref.errors.GameFileError` for a file that is missing or corrupt.
    """
    import os

    from acquire_ref.storage import load_game, same_file
    from acquire_ref.views import withheld

    for i, one in enumerate(paths):
        for other in paths[:i]:
            if same_file(one, other):
                raise NotationError(f"{one} is named twice (as {other}): each game counts once")
    loaded = []
    for n, path in enumerate(paths):
        game, _, _ = load_game(path)
        if not game.over and not projected:
            raise IllegalMoveError(f"{path}: the game is not over, so it has no final standings (R8.3); "
                                   "finish it, leave it out, or add --projected to rate it as it stands")
        if withheld(game):  # its projected money would tell the order of the hidden holdings
            raise IllegalMoveError(f"{path}: holdings are hidden until the game is over (R10.1), so it can't be "
                                   "rated as it stands; finish it or leave it out")
        cash = {s.player: s.total for s in game.score_breakdown()}
        when = os.stat(path).st_mtime_ns if by_time else 0
        loaded.append((when, n, (str(path), cash)))
    loaded.sort(key=lambda item: (item[0], item[1]))
    games = [played for _, _, played in loaded]
    _refuse_look_alikes(games)
    return games


def _refuse_look_alikes(games: Sequence[Played]) -> None:
    """Raise :class:`~acquire_ref.errors.GameFileError` (exit 4) when two games name players who
    differ beyond case but look alike ("Ann" and "\u0410nn" with a Cyrillic A): the table would
    show two rows of the same name, and nobody could tell which is whose (R2.1)."""
    from acquire_ref.errors import GameFileError
    from acquire_ref.problems import skeleton

    seen: dict[str, tuple[str, str]] = {}
    for path, cash in games:
        for name in cash:
            first, where = seen.setdefault(skeleton(name), (name, path))
            if first.casefold() != name.casefold():
                raise GameFileError(f"{name!a} in {path} and {first!a} in {where} look alike but are "
                                    "different names: rename one in its game file, or leave one game out")


def compute(games: Sequence[Played]) -> list[dict[str, Any]]:
    """Rate ``games`` in order with openskill's :class:`PlackettLuce` model (defaults: mu 25,
    sigma 25/3). Returns one row per player, best conservative rating first: ``rank`` (equal
    conservative ratings share a rank), ``player``, ``rating`` (mu), ``uncertainty`` (sigma),
    ``conservative`` (mu - 3 sigma, what the table is ranked by) and ``games`` played (T6)."""
    from openskill.models import PlackettLuce

    from acquire_ref.scoring import rank

    model = PlackettLuce()
    shown: dict[str, str] = {}
    ratings: dict[str, Any] = {}
    played: dict[str, int] = {}
    for _, cash in games:
        names = list(cash)
        keys = [n.casefold() for n in names]
        for name, key in zip(names, keys, strict=True):
            shown.setdefault(key, name)
            ratings.setdefault(key, model.rating(name=shown[key]))
            played[key] = played.get(key, 0) + 1
        place = {p: r for p, _, r in rank(cash)}
        teams = model.rate([[ratings[k]] for k in keys], ranks=[float(place[n]) for n in names])
        for key, team in zip(keys, teams, strict=True):
            ratings[key] = team[0]
    rows = [{"player": shown[k], "rating": r.mu, "uncertainty": r.sigma, "conservative": r.ordinal(), "games": played[k]}
            for k, r in ratings.items()]
    rows.sort(key=lambda row: (-row["conservative"], row["player"].casefold()))
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["conservative"] > row["conservative"])
    return [{"rank": row.pop("rank"), **row} for row in rows]
