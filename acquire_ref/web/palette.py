"""The pages' colour-blind-safe palette (``room --palette okabe-ito``, ``serve --palette
okabe-ito``): the chains drawn in the Okabe-Ito colours, which people with the common kinds of
colour blindness tell apart, in the edition's chain order. The letters stay on every chain, so
colour is never the only sign (DESIGN 7).

:func:`recolour` changes a page's document after it is made, wherever a chain's colour is given
(board squares, chain cards, the chains off the board, the players' shares, the banner): any
``{"colour", "ink"}`` beside a chain's name (``chain`` or ``name``).
"""

from __future__ import annotations

from typing import Any

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")
"""Orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple and grey: the
Okabe-Ito palette (grey in place of its black, which a dark page would hide)."""

PALETTES = ("edition", "okabe-ito")
"""The palettes a page may be drawn in: the edition's own colours, or Okabe-Ito."""


def colours(chains: list[str]) -> dict[str, tuple[str, str]]:
    """``{chain: (colour, ink)}`` in the Okabe-Ito palette for ``chains`` in the edition's order
    (the ninth and later share a colour: the letters tell them apart)."""
    from acquire_ref.web.model import ink

    return {c: (OKABE_ITO[min(i, len(OKABE_ITO) - 1)], ink(OKABE_ITO[min(i, len(OKABE_ITO) - 1)]))
            for i, c in enumerate(chains)}


def recolour(doc: Any, table: dict[str, tuple[str, str]]) -> Any:
    """``doc`` (a page's document, changed in place and returned) with every chain's colour taken
    from ``table`` (:func:`colours`)."""
    if isinstance(doc, dict):
        name = doc.get("chain") if isinstance(doc.get("chain"), str) else doc.get("name")
        if "colour" in doc and isinstance(name, str) and name in table:
            doc["colour"], doc["ink"] = table[name]
        for value in doc.values():
            recolour(value, table)
    elif isinstance(doc, list):
        for value in doc:
            recolour(value, table)
    return doc
