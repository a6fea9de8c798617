"""The numbered rules the referee cites (R1-R10, R17; T1-T7), read from ``rulebook.md`` beside
this module, so that a refusal's ``(R6.3)`` has a text a player can read (``acquire-ref rule R6.3``).

The book is translated as a whole document, not cut into catalogue sentences: ``rulebook.de.md``
and ``rulebook.fr.md`` beside it (:data:`BOOKS`), with the same sections, items and sub-items in
the same order, the same rule numbers, tile names, chain names and notation. The book read is the
one of the language in force (:func:`acquire_ref.language.current`); a language without a book of
its own reads the English.

The book is Markdown with a fixed shape: a section per rule (``## R5 Mergers``), its numbered
items (``1. ...``, continued on lines indented by three spaces) and their lettered sub-items
(``   a. ...``, continued at six spaces); a section's text before its first item is its preamble.

>>> rule("R6.3").number, rule("R6.3").section
('R6.3', 'Buying shares')
>>> rule("r5.3b").number
'R5.3b'
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import NamedTuple

from acquire_ref.language import SOURCE, _, current

_SECTION = re.compile(r"^## ([RT]\d+) (.+)$")
_ITEM = re.compile(r"^(\d+)\. (.*)$")
_SUB_ITEM = re.compile(r"^ {3}([a-z])\. (.*)$")
NUMBER = re.compile(r"^([RT])(\d+)(?:\.(\d+)([a-z])?)?$", re.IGNORECASE)
"""A rule number as typed: ``R6``, ``R6.3``, ``R5.3b``, ``T4`` (any case)."""


BOOKS = {"en": "rulebook.md", "de": "rulebook.de.md", "fr": "rulebook.fr.md"}
"""The rule book's file in the package for each language that has one (English the source)."""


class Rule(NamedTuple):
    """One numbered rule: ``number`` (``"R6.3"``), the ``section`` it belongs to (``"Buying
    shares"``) and its ``text`` (its lines joined into paragraphs, sub-items on lines of their
    own). A whole section (``"R6"``) has its preamble and every item as its text."""

    number: str
    section: str
    text: str


class UnknownRule(LookupError):
    """A rule number the book does not define (``R11``, ``R6.9``), or text that is not one."""


def _join(lines: list[str]) -> str:
    """``lines`` as text: a line starting a sub-item keeps its own line, continuations join."""
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        if out and not _SUB_ITEM.match(line) and not _ITEM.match(line):
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return "\n".join(out)


def book(code: str | None = None) -> dict[str, Rule]:
    """Every rule of the book by number, sections (``"R5"``) and items (``"R5.3"``, ``"R5.3a"``)
    alike, in the book's order, in the language ``code`` (``"de"``; default: the language in
    force; English for a language with no book of its own, :data:`BOOKS`)."""
    return _read(BOOKS.get(code or current(), BOOKS[SOURCE]))


@cache
def _read(name: str) -> dict[str, Rule]:
    """The rules of the book in the package file ``name``, by number."""
    return parse(resources.files("acquire_ref").joinpath(name).read_text(encoding="utf-8"))


def parse(text: str) -> dict[str, Rule]:
    """Every rule of the book ``text`` (Markdown of the shape above) by number, sections and
    items alike, in the book's order.

    >>> list(parse("## R9 Two players\\n1. The market.\\n   a. Its tile.\\n"))
    ['R9', 'R9.1', 'R9.1a']
    """
    titles: dict[str, str] = {}
    lines: dict[str, list[str]] = {}
    section = item = sub = ""
    for line in text.splitlines():
        if found := _SECTION.match(line):
            section, item, sub = found[1], "", ""
            titles[section] = found[2]
            lines[section] = []
            continue
        if not section or not line.strip():
            continue
        if found := _ITEM.match(line):
            item, sub = f"{section}.{found[1]}", ""
            lines[item] = []
        elif item and (found := _SUB_ITEM.match(line)):
            sub = f"{item}{found[1]}"
            lines[sub] = []
        elif not line.startswith(" " * 6):
            sub = ""
        for key in (section, item, sub):
            if key:
                lines[key].append(line)
    return {n: Rule(n, titles[n.split(".")[0]], _join(body)) for n, body in lines.items()}


def normal(number: str) -> str:
    """``number`` as the book writes it (``"r5.3B"`` -> ``"R5.3b"``), or :class:`UnknownRule`
    (in the language in force) when it is not a rule number at all."""
    found = NUMBER.match(number.strip())
    if not found:
        raise UnknownRule(_("{text} is not a rule number: write it as R6.3, R5.3b or T4").format(text=repr(number)))
    letter, section, item, sub = found.groups()
    text = f"{letter.upper()}{section}"
    if item:
        text += f".{item}{(sub or '').lower()}"
    return text


def rule(number: str, code: str | None = None) -> Rule:
    """The rule ``number`` (``"R6.3"``, ``"R5"``, ``"T4"``, any case) in the book of the language
    ``code`` (default: the language in force, :func:`book`).

    Raises :class:`UnknownRule` naming the nearest numbers when the book has no such rule."""
    key = normal(number)
    rules = book(code)
    if key in rules:
        return rules[key]
    head = key.split(".")[0]
    nearby = [n for n in rules if n.split(".")[0] == head and n != head]
    if nearby:
        raise UnknownRule(_("there is no rule {number}; {section} has {numbers}").format(
            number=key, section=head, numbers=", ".join(nearby)))
    raise UnknownRule(_("there is no rule {number}; the rules are {sections}").format(
        number=key, sections=", ".join(sections(code))))


def sections(code: str | None = None) -> list[str]:
    """The sections' numbers in the book's order (``["R1", ..., "R17", "T1", ..., "T7"]``), of
    the book of ``code`` (default: the language in force)."""
    return [n for n in book(code) if "." not in n]
