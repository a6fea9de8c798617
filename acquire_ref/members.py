"""A club's members by name (T6): the one form a name is matched on across games, refereed or
from paper (a table's game file writes a space as ``_``, R2.1), the form the ratings show, and the
names nearly the same that may be one member spelt two ways. Pure."""

from __future__ import annotations

from collections.abc import Iterable


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
