"""The options several commands share (``--edition``, ``--svg``, ``--html``) and how the
``--edition`` and ``--option`` values are read (R17).

Only Typer is imported at start-up; reading an edition imports the editions.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from acquire_ref import quick
from acquire_ref.engine.errors import NotationError
from acquire_ref.engine.rule_options import OPTION_VALUES
from acquire_ref.language import N_, _

if TYPE_CHECKING:
    from acquire_ref.engine.editions import Edition



CREATING_PLAYERS = typer.Argument(
    None, metavar="[PLAYER...]", show_default=False,
    help=N_("Players in seating order (2-6): creates the game file first, as `new` does."),
)
"""The players of a command that can make the game file it opens (`table`, `room`)."""
CREATING_OPTIONS = typer.Option([], "--option", metavar="KEY=VALUE", help=N_("A rule option, as for new."))
CREATING_TILES = typer.Option("table", "--tiles", metavar="table|dealt", help=N_("As for new."))
CREATING_SEED = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="N", help=N_("As for new."))


def edition_names() -> list[str]:
    """The built-in editions' names, from their files (the help texts list them, never by hand),
    without importing the editions at start-up: classic first, then the others in order."""
    names = sorted(p.stem for p in (Path(__file__).parent.parent / "engine" / "editions").glob("*.toml"))
    return sorted(names, key=lambda n: n != "classic")


EDITIONS = ", ".join(edition_names())
"""The built-in editions' names for a help text, e.g. ``classic, 1999, 2024``."""


def rule_options_listed() -> str:
    """The rule options for a help text in the language in force, each with its values, the
    default first (R17), from :data:`acquire_ref.engine.rule_options.OPTION_VALUES`:
    ``start-order (row-first or column-first), ...`` (the keys and values are notation)."""
    listed = []
    for key, values in OPTION_VALUES.items():
        choices = values[0]
        for value in values[1:]:
            choices = _("{choices} or {choice}").format(choices=choices, choice=value)
        listed.append(f"{key} ({choices})")
    return ", ".join(listed)


EDITION = typer.Option("classic", "--edition", metavar="NAME|FILE",
                       help=N_("{editions}, or the path of a ruleset file.", editions=EDITIONS))
SVG = typer.Option(None, "--svg", metavar="FILE", help=N_("Also write what is shown as an SVG picture."))
HTML = typer.Option(None, "--html", metavar="FILE", help=N_("Also write it as a standalone HTML page, in colour."))
BOARD_SVG = typer.Option(None, "--svg", metavar="FILE",
                         help=N_("Also write the board, chains and players as an SVG picture to print or share."))
JSON = typer.Option(False, *quick.JSON.names, help=quick.JSON.help)

def edition_spec(spec: str) -> tuple[Edition, str | dict[str, Any]]:
    """An edition named on the command line: a built-in name, or the path of a ruleset file.

    Returns ``(edition, value for the game file)``: the name for a built-in edition, the whole
    ruleset table for a file, so the game file stands alone (R17). Raises :class:`NotationError`
    for an unknown name and :class:`GameFileError` for an unreadable or unsound ruleset file.
    """
    import os

    from acquire_ref.engine.editions import builtin_editions, edition_from_dict, load_edition
    from acquire_ref.files.record import parse_toml
    from acquire_ref.files.storage import read_text

    if spec in builtin_editions():
        return load_edition(spec), spec
    if not spec.strip():
        raise NotationError(_("--edition is empty: give {editions} or the path of a ruleset file").format(
            editions=", ".join(builtin_editions())))
    path = Path(spec)
    if not (path.suffix == ".toml" or os.sep in spec or "/" in spec or path.exists()):
        return load_edition(spec), spec  # raises: names the built-in editions
    data = parse_toml(read_text(path, "ruleset file", "--edition"), str(path))
    return edition_from_dict(data, str(path)), data


def rule_options(items: list[str]) -> dict[str, str]:
    """The rule options of ``--option KEY=VALUE`` given to ``new`` and ``simulate`` (R17), in the
    order given; the keys and values themselves are checked by the engine (``Game.table``).

    Raises :class:`NotationError` (exit 2) for an item without ``=`` or a key given twice.
    """
    opts: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq:
            raise NotationError(_("--option {given}: write KEY=VALUE").format(given=repr(item)))
        if key in opts:
            raise NotationError(_("--option {key} is given twice").format(key=key))
        opts[key] = value
    return opts

