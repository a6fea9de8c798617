"""Which language a page speaks (:mod:`acquire_ref.language` holds the words): chosen per request,
so each phone at the table reads its own language from the same server.

A page's language is, first to last:

1. ``?lang=CODE`` in its address (the language choice at the foot of the page: a link per
   language), which is also kept in a cookie (:data:`COOKIE`) so the choice sticks;
2. that cookie, from an earlier choice on this phone;
3. the browser's ``Accept-Language`` (q-values, then the order written:
   :func:`acquire_ref.language.negotiate`);
4. the server's own language (``room --lang``, else the command line's).

The TV's page is the room's: one picture for the whole table, drawn once per change in the
server's language (``room --lang``), whatever the browser showing it asks.

The page scripts are the package's own files, the same bytes in every language (the
Content-Security-Policy allows them by their hash), so their words travel beside them: each
script marks its sentences ``_("...")`` (extracted by Babel with the templates'), and the page
carries the translations it needs in its ``data-words`` attribute (:func:`script_words`).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from acquire_ref import language

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response

COOKIE = "acquire_lang"
"""The cookie that keeps a phone's language choice (the language's code, nothing else)."""

KEPT = 365 * 24 * 3600
"""Seconds the language choice is kept: a year."""

_MARKED = re.compile(r'\b_\("((?:[^"\\]|\\.)*)"')


def of_request(request: Request, default: str | None = None) -> str:
    """The language of the page ``request`` asks for (see the module): the ``lang`` query, the
    cookie, ``Accept-Language``, then ``default`` (a code the program speaks) or English."""
    for asked in (request.query_params.get("lang", ""), request.cookies.get(COOKIE, "")):
        code = language.known(asked) if asked else None
        if code is not None:
            return code
    negotiated = language.negotiate(request.headers.get("accept-language", ""))
    return negotiated or (language.known(default) if default else None) or language.SOURCE


def remember(request: Request, response: Response) -> Response:
    """``response`` with the cookie that keeps the language ``request`` chose by its ``lang``
    query (a language the program speaks; anything else is not kept)."""
    code = language.known(request.query_params.get("lang", ""))
    if code is not None:
        response.set_cookie(COOKIE, code, max_age=KEPT, path="/", httponly=True, samesite="strict")
    return response


def choices() -> list[dict[str, Any]]:
    """The language choice of a page: each language the program speaks as ``{code, name,
    current}`` (its name in its own words, ``current`` for the language in force)."""
    now = language.current()
    return [{"code": code, "name": name, "current": code == now} for code, name in language.LANGUAGES.items()]


@cache
def marked(script: str) -> tuple[str, ...]:
    """The sentences the page script ``script`` (its text) marks with ``_("...")``, in order."""
    return tuple(dict.fromkeys(json.loads(f'"{text}"') for text in _MARKED.findall(script)))


def script_words(script: str) -> str:
    """The ``data-words`` of a page that runs ``script``: JSON of each sentence it marks in the
    language in force (``{english: translated}``, the untranslated left out) and, under ``$money``,
    how money is written (``[before, group separator, after]``: ``["$", ",", ""]`` in English,
    ``["", ".", " $"]`` in German)."""
    words: dict[str, Any] = {}
    for text in marked(script):
        said = language._(text)
        if said != text:
            words[text] = said
    sample = re.fullmatch(r"(\D*)1(\D+)000(\D*)", language.money(1000))
    words["$money"] = list(sample.groups()) if sample else ["$", ",", ""]
    return json.dumps(words, ensure_ascii=False, sort_keys=True)
