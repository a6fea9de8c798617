"""An event of several tables and rounds, as a value: players, groups, rounds, tables, results,
the draw, standings and tie-breaks (the event rules T1-T5 in the README). Pure: no file is read or
written here; :mod:`acquire_ref.tournament.event_file` keeps a :class:`Tournament` in its TOML file, and each
table's game is an ordinary game file named by :meth:`Tournament.game_name`.

The modules, by rule area: :mod:`.formats` (the formats, their keys and presets, T4),
:mod:`.model` (an entrant, a result, a table's seating, a round), :mod:`.event` (the
:class:`Tournament` itself, T1), :mod:`.entry` (who plays: entering, check-in, withdrawal, late
arrivals; T1.3, T1.4, T2.4), :mod:`.draw` (T2),
:mod:`.seated` (a round's tables as the players sat, T2.1), :mod:`.results` (T3), :mod:`.standings` (T4's
keys ranked) and :mod:`.finals` (T4 heats: semifinal and final). Every name is imported from here.

Every random choice (who sits where, which tables are short, the tie-break lots) comes from a
:class:`random.Random` seeded from the event's ``seed`` and what is being drawn, so the same file
always gives the same draw (T2.3).

>>> event = Tournament("Club night", "heats", seed=7)
>>> for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]:
...     _ = event.add(name)
>>> sorted(len(t.seats) for t in event.draw().tables)
[3, 4]
>>> table_sizes(22)
[4, 4, 4, 4, 3, 3]
>>> places({"Ann": 52300, "Ben": 41000, "Cat": 41000, "Dan": 9000})
{'Ann': 1, 'Ben': 2, 'Cat': 2, 'Dan': 4}
"""

from acquire_ref.tournament.draw import EXACT_LIMIT, GROUP_COST, REPEAT_COST, best_draw, exhaustive_draw, table_sizes
from acquire_ref.tournament.event import Tournament, difference
from acquire_ref.tournament.finals import seeding_changes
from acquire_ref.tournament.formats import (
    DEFAULT_PRESET,
    FINAL_SIZES,
    FORMATS,
    HEAT_POINTS,
    MARGIN_KEYS,
    PRESETS,
    SEMIFINAL_SIZES,
    SWISS_POINTS,
    TIEBREAK_KEYS,
    cut_size,
    parse_factors,
    parse_tiebreaks,
)
from acquire_ref.tournament.model import (
    SOURCES,
    Player,
    Result,
    Round,
    Seating,
    describe_result,
    name_key,
    places,
    seat_name,
    slug,
)
from acquire_ref.tournament.results import (
    PLAUSIBLE_PLAYER,
    PLAUSIBLE_TABLE,
    check_sheet,
    claim,
    counted,
    implausible,
    parse_sheet,
    sheet_result,
    table_facts,
)
from acquire_ref.tournament.seated import SAT_SIZES, parse_tables
from acquire_ref.tournament.standings import Placing, heat_standings, swiss_standings

__all__ = [
    "DEFAULT_PRESET", "EXACT_LIMIT", "FINAL_SIZES", "FORMATS", "GROUP_COST", "HEAT_POINTS", "MARGIN_KEYS",
    "PLAUSIBLE_PLAYER", "PLAUSIBLE_TABLE", "PRESETS", "REPEAT_COST", "SAT_SIZES", "SEMIFINAL_SIZES", "SOURCES", "SWISS_POINTS",
    "TIEBREAK_KEYS", "Placing", "Player", "Result", "Round", "Seating", "Tournament", "best_draw", "check_sheet",
    "claim", "counted", "cut_size", "describe_result", "difference", "exhaustive_draw", "heat_standings",
    "implausible", "name_key", "parse_factors", "parse_sheet", "parse_tables", "parse_tiebreaks", "places", "seat_name",
    "seeding_changes", "sheet_result", "slug", "swiss_standings", "table_facts", "table_sizes",
]
