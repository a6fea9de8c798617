"""What a tile would do, in words: a :class:`~acquire_ref.engine.board.Effect` as the few words that
follow "it" (for a rack, a seat's tile list, a preview and a refusal).

>>> from acquire_ref.engine.board import Board
>>> from acquire_ref.engine.tiles import parse_tile
>>> b = Board()
>>> for name in ("1A", "3A"): b.put(parse_tile(name))
>>> would_do(b.effect(parse_tile("2A"), chains_available=7, safe_size=11), b.sizes)
'founds a chain of 3'
"""

from __future__ import annotations

from collections.abc import Sequence

from acquire_ref.engine.board import Effect
from acquire_ref.language import _


def would_do(effect: Effect, sizes: dict[str, int]) -> str:
    """What placing the tile of ``effect`` would do (``sizes``: chain -> tiles before placing),
    in the language in force: ``is a lone tile``, ``founds a chain of 3``, ``grows Tower to 5``,
    ``merges Luxor into Tower``, ``merges A, B (tie: you choose the survivor)``, ``is blocked:
    ...`` or ``is dead: ...`` with the rule where it helps (R4)."""
    if effect.kind == "merge":
        largest, second = (sizes[c] for c in effect.chains[:2])
        if largest > second:
            return _("merges {defunct} into {survivor}").format(defunct=_(", ").join(effect.chains[1:]),
                                                               survivor=effect.chains[0])
        return _("merges {chains} (tie: you choose the survivor)").format(chains=_(", ").join(effect.chains))
    if effect.kind == "grow":
        return _("grows {chain} to {size}").format(chain=effect.chains[0],
                                                   size=sizes[effect.chains[0]] + len(effect.group))
    if effect.kind == "found":
        return _("founds a chain of {size}").format(size=len(effect.group))
    if effect.kind == "blocked":
        return _("is blocked: every chain is on the board (R4.5)")
    if effect.kind == "dead":
        return _("is dead: between safe {chains} (R4.6)").format(chains=and_list(effect.safe))
    if effect.kind == "occupied":
        return _("is already on the board")
    return _("is a lone tile")


def and_list(items: Sequence[str]) -> str:
    """``items`` as one text, each joined to the ones before by "and" (``"a and b and c"``), one
    message per join so that a catalogue words the joint."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items} and {item}").format(items=text, item=item)
    return text
