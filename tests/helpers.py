"""Shared test helpers: the reference games (copied from the project's shared folder) and examples."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@dataclass
class ReferenceGame:
    """A reference game: its command lines (``(refused, words)``) and the final money per player."""

    name: str
    lines: list[tuple[bool, list[str]]]
    finals: dict[str, int]


def reference_games() -> list[ReferenceGame]:
    """Every reference game shipped in ``tests/data/reference-games`` (copies of the shared ones)."""
    folder = ROOT / "tests" / "data" / "reference-games"
    games = []
    for path in sorted(folder.glob("*.txt")):
        lines, finals = [], {}
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw.startswith("# final"):
                _, _, player, money = raw.split()
                finals[player] = int(money)
            elif raw and not raw.startswith("#"):
                refused = raw.startswith("!")
                lines.append((refused, raw.lstrip("! ").split()))
        games.append(ReferenceGame(path.stem, lines, finals))
    return games
