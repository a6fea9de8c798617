"""The information card's own words in the language in force: the names of the price tiers
(R3.1) and of the bonus places (R5.4, R5.4a), as ``price``, ``chart`` and ``bonus`` show them.

A tier's name belongs to the edition (``cheap``, ``middle``, ``top`` in every printed box; a
ruleset may name its own): the names the printed boxes use are messages, any other is shown as
the ruleset writes it.

>>> from acquire_ref.language import using
>>> with using("de"):
...     tier("cheap"), tier("deluxe"), place(2)
('günstig', 'deluxe', 'dritter')
"""

from __future__ import annotations

from acquire_ref.language import _
from acquire_ref.words.refusals import N_

_TIERS = {"cheap": N_("cheap"), "middle": N_("middle"), "top": N_("top")}
"""The tier names of the built-in editions, as messages."""

_PLACES = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"))
"""The bonus places in order (``scoring.PLACE_NAMES``), as messages."""


def tier(name: str) -> str:
    """The price tier ``name`` (``"cheap"``) in the language in force; a ruleset's own name as
    written (R3.1, R17)."""
    return _(_TIERS[name]) if name in _TIERS else name


def place(index: int) -> str:
    """The bonus place ``index`` (0 for the first, up to 5) in the language in force (R5.4a)."""
    return _(_PLACES[index])
