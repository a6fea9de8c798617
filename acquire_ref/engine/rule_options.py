"""The rule options a game file may set (R17): each key with its values, the default first.

Data alone, importing nothing, so that the command line's help lists the options from here at
start-up without importing the engine (:mod:`acquire_ref.engine.setup` reads a game's options against
the same table, and its ``OPTION_VALUES`` is this one).
"""

from __future__ import annotations

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "start-order": ("row-first", "column-first"),
    "dead-tiles": ("once-per-turn", "replace-until-none"),
    "stall": ("end", "continue"),
    "two-player-market": ("on", "off"),
    "holdings": ("open", "hidden"),
}
"""Options this version understands, each with its values, the default first (R17)."""
