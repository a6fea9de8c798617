"""Which language the program speaks, and the catalogue lookup every player-facing sentence goes
through.

A sentence is written in English in the source as one whole message with named fields, marked for
the catalogues by calling :func:`_` on the literal:

>>> with using("en"):
...     _("{player} founds {chain}").format(player="Ann", chain="Tower")
'Ann founds Tower'

The language is held per context (a command, a page request), so each phone can be served in its
own language by the same server: :func:`using` sets it for a block. English is the source and the
fallback: a message with no translation is shown as written. The catalogues are gettext's, in
``acquire_ref/locale/<code>/LC_MESSAGES/acquire_ref.mo``.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "acquire_ref"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
"""The language the messages are written in."""

_current: ContextVar[str] = ContextVar("acquire_ref_language", default=SOURCE)


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The translations for the language ``code`` (``"de"``, ``"fr"``), or a catalogue that returns
    every message as written when there is none (English, an unknown code)."""
    if code == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def current() -> str:
    """The language code in force for this context (``"en"`` unless :func:`using` set another)."""
    return _current.get()


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (``None`` keeps the language in force); yields the code."""
    token = _current.set(code or _current.get())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` (an English source text, usually with ``{named}`` fields to fill after) in the
    language in force."""
    return catalogue(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the language in force (the
    language's own plural rule: French takes the singular for 0 and 1)."""
    return catalogue(_current.get()).ngettext(singular, plural, count)


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language code a gettext program would take from ``environ``: the first of ``LANGUAGE``
    (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, reduced to its
    language (``de_DE.UTF-8`` -> ``de``); ``None`` when none is set or it is ``C``/``POSIX``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code and code not in ("c", "posix"):
                return code
    return None
