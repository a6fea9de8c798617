"""A club's members by name (T6): the one form a name is matched on across games, refereed or
from paper (a table's game file writes a space as ``_``, R2.1), the form the ratings show, and the
names nearly the same that may be one member spelt two ways. Pure."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, Self, TypeVar

from acquire_ref.engine.errors import GameFileError
from acquire_ref.language import _


class Rated(Protocol):
    """What the members' checks read of a rated game (:class:`acquire_ref.club.ratings.Rated`, which
    imports this module): where it comes from (``source``) and each player's final ``money``."""

    @property
    def source(self) -> str:
        """The game file, or ``EVENT round R table T``."""
        ...

    @property
    def money(self) -> dict[str, int]:
        """Each player's final money in whole dollars."""
        ...

    def _replace(self, *, money: dict[str, int]) -> Self:
        """The same game with each player's money as ``money``."""
        ...


G = TypeVar("G", bound=Rated)


def member_name(name: str) -> str:
    """A player's name as the ratings show it: a game file's ``_`` as the space it stands for
    (a table's game file writes ``Rosa Díaz`` as ``Rosa_Díaz``, R2.1) and runs of spaces as one
    (``Rosa_Díaz`` -> ``Rosa Díaz``)."""
    return " ".join(name.replace("_", " ").split())


def member_key(name: str) -> str:
    """The one form a member's name is matched on across games, refereed or from paper (T6):
    :func:`member_name`, in Unicode's composed form (NFC), case folded. ``Rosa_Díaz`` in a game
    file and ``rosa díaz`` on an event's sheet are one member."""
    import unicodedata

    return unicodedata.normalize("NFC", member_name(name)).casefold()


def folded(name: str) -> str:
    """``name`` without accents, case, spaces, ``_``, ``-``, ``.`` and ``'``, for :func:`near_names`."""
    import unicodedata

    bare = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return "".join(ch for ch in bare.casefold() if ch not in " _-.'")


def near_names(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of the players ``names`` (as shown, one per member) that are nearly the same name
    and so perhaps one member spelt two ways: equal but for accents, case, spaces or punctuation
    (``Rosa Diaz``, ``Rosa Díaz``), or, for names of 6 letters or more, one letter added, left out,
    changed or two swapped (``Jon Smith``, ``John Smith``). Each pair once, in the order met."""
    by_part: dict[str, list[str]] = {}
    pairs: list[tuple[str, str]] = []
    for name in names:
        bare = folded(name)
        parts = {bare} | ({bare[:i] + bare[i + 1:] for i in range(len(bare))} if len(bare) >= 6 else set())
        for part in sorted(parts):
            for other in by_part.get(part, []):
                if (other, name) not in pairs and other != name:
                    pairs.append((other, name))
        for part in parts:
            by_part.setdefault(part, []).append(name)
    return pairs


def near_notes(games: Sequence[Rated]) -> list[str]:
    """A note for each pair of :func:`near_names` among the players of ``games``, naming a game
    of each."""
    first: dict[str, tuple[str, str]] = {}
    for game in games:
        for name in game.money:
            first.setdefault(member_key(name), (member_name(name), game.source))
    where = dict(first.values())
    return [_("{one} ({one_file}) and {other} ({other_file}) are nearly the same name, rated as two players: if they are "
              "one member, {command}").format(one=repr(a), one_file=where[a], other=repr(b), other_file=where[b],
                                               command=f"acquire-ref club alias PLAYS_FILE {b!r} {a!r} --reason WHY")
            for a, b in near_names(where)]


def aliased(game: G, aliases: dict[str, str]) -> G:
    """``game`` with each name that is an alias (``{member_key(name): member}``, from plays
    files) given as its member. Raises :class:`GameFileError` (exit 4) when two of its players
    would be one member."""
    money: dict[str, int] = {}
    given: dict[str, str] = {}
    for name, dollars in game.money.items():
        member = aliases.get(member_key(name), name)
        other = given.get(member_key(member))
        if other is not None:
            raise GameFileError(_("{source}: {other} and {name} are one member by an alias ({member}) but played in the "
                                  "same game; correct the alias or the game").format(
                source=game.source, other=repr(other), name=repr(name), member=repr(member_name(member))))
        given[member_key(member)] = name
        money[member] = dollars
    return game._replace(money=money)
