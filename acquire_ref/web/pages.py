"""Pages from the templates in ``templates/``: the live board, the ``status`` and ``score`` HTML
exports and the board as SVG (DESIGN 7).

Every sentence of a template is marked ``_("...")`` (or ``ngettext``) and shown in the language
in force (:mod:`acquire_ref.language`: a page's request, the room's for the TV), ``<html lang>``
says which, and a page with a script carries its script's words (``data-words``,
:func:`acquire_ref.web.language.script_words`).

Jinja2 escapes every value (autoescaping on for HTML and SVG alike), and before that every
string is made visible (:func:`acquire_ref.words.visible`), so a player called
``<script>alert(1)</script>`` or a name with an escape sequence shows exactly as typed (DESIGN 1,
untrusted text). The style sheet and the page's one script are the package's own files, put
inline: a page fetches nothing, from the internet or anywhere else, but its event stream.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from acquire_ref import language
from acquire_ref.web import model
from acquire_ref.web.language import choices, script_words
from acquire_ref.words import visible

if TYPE_CHECKING:
    from acquire_ref.engine.game import Game
    from acquire_ref.viewers.views import ViewerLike

HERE = files("acquire_ref.web")


def _shown(value: Any) -> Any:
    """Every string a template prints, with control and invisible characters made visible;
    the package's own markup (:class:`Markup`) passes as it is."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value


@cache
def environment() -> Environment:
    """The Jinja2 environment: the package's templates, autoescaping for every template
    (``.html`` and ``.svg``), undefined values an error, every string made visible."""
    from jinja2 import StrictUndefined

    folder = str(HERE.joinpath("templates"))
    env = Environment(loader=FileSystemLoader(folder), autoescape=select_autoescape(default=True, default_for_string=True),
                      finalize=_shown, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.globals.update(_=language._, ngettext=language.ngettext, lang=language.current, languages=choices,
                       words_for=lambda name: script_words(str(asset(name))))
    return env


@cache
def asset(name: str) -> Markup:
    """A file of the package's ``static/`` folder (the style sheet, the page's script), as markup
    to put inline."""
    return Markup(HERE.joinpath("static", name).read_text(encoding="utf-8"))


def script_hash(name: str = "live.js") -> str:
    """The hash of the page script ``name`` (``live.js``: the live board's; ``seat.js``: a seat
    page's) for the Content-Security-Policy (``'sha256-...'``): the only script a page may run."""
    digest = hashlib.sha256(str(asset(name)).encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(script: str = "live.js", connect: str = "'self'", images: str = "'self' data:", framed: bool = True) -> str:
    """The Content-Security-Policy of a page whose one script is the package's ``script`` (by
    hash, :func:`script_hash`): inline styles, images from ``images``, connections to
    ``connect`` only (``'self'``: this server; ``'none'``: an exported page), no base, no form;
    with ``framed`` (a header, not a ``<meta>`` tag, which can't say it) no page may frame it."""
    text = (f"default-src 'none'; style-src 'unsafe-inline'; img-src {images}; connect-src {connect}; "
            f"script-src {script_hash(script)}; base-uri 'none'; form-action 'none'")
    return text + "; frame-ancestors 'none'" if framed else text


def security_headers(script: str = "live.js", images: str = "'self' data:") -> dict[str, str]:
    """What every answer of the server says about itself (the one place it is built): the
    policy of a page whose one script is ``script`` (:func:`policy`: no connection but to this
    server, no framing), no guessing of types, no caching of a changing game, no referrer."""
    return {"Content-Security-Policy": policy(script, images=images), "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def render(template: str, **values: Any) -> str:
    """The text of ``template`` with ``values`` (and the style sheet as ``css``)."""
    return environment().get_template(template).render(css=asset("board.css"), **values)


def fragment(doc: dict[str, Any], room: str = "") -> str:
    """The part of the live page that changes: the board, chains, players, pending decision,
    banner and final standings of a :func:`acquire_ref.web.model.board` document, or the waiting
    notice of a :func:`~acquire_ref.web.model.waiting` one; ``room`` is the room's join panel
    (our own markup, :func:`acquire_ref.web.join.panel`), shown under the players."""
    return render("fragment.html", doc=doc, room=Markup(room))


def live_page(doc: dict[str, Any], room: str = "") -> str:
    """The live page (``GET /``): the fragment (with the room's join panel ``room``, see
    :func:`fragment`), and the script that replaces it with each one the event stream sends."""
    return render("live.html", doc=doc, room=Markup(room), script=asset("live.js"))


def status_html(game: Game, viewer: ViewerLike = None) -> str:
    """``status --html``: a standalone page of the game now, without any script."""
    return render("status.html", doc=model.board(game, viewer))


def status_svg(game: Game, viewer: ViewerLike = None) -> str:
    """``status --svg``: the board at print size with the chains, players and pending decision."""
    doc = model.board(game, viewer)
    return render("board.svg", doc=doc, layout=svg_layout(doc))


def svg_layout(doc: dict[str, Any]) -> dict[str, int]:
    """Where things go in the SVG picture, in pixels: ``cell`` (a board square), ``width``, the
    tops of the ``text`` under the board, of the ``chains`` and of the ``players``, the ``line``
    height and ``height`` (taller with more chains and players); ``room`` is the width a line
    of text may take: a longer one is drawn narrower rather than cut."""
    cell, line = 72, 40
    text = 20 + cell * (len(doc["grid"]) + 1) + 50  # the board's rows and its column heads (R1.1a)
    chains = text + 120
    players = chains + len(doc["chains"]) * line + 30
    across = max(13, len(doc["columns"]) + 1)  # never narrower than the classic board: the tables below need it
    return {"cell": cell, "width": cell * across + 40, "text": text, "chains": chains, "players": players, "line": line,
            "height": players + len(doc["players"]) * line, "room": cell * across}


def score_html(title: str, doc: dict[str, Any]) -> str:
    """``score --html``: a standalone page of the standings of a ``score --json`` document."""
    return render("score.html", standings=model.standings(title, doc))


def seat_fragment(doc: dict[str, Any]) -> str:
    """The part of a seat's page that changes (DESIGN 9): the board, the seat's own figures and
    its pending decision with the answers, of an :func:`acquire_ref.web.seat_model.seat`
    document (or the waiting notice of a ``{"waiting": reason}`` one)."""
    return environment().get_template("seat_fragment.html").render(doc=doc, answers=json.dumps(
        doc.get("ask") or {}, ensure_ascii=True))


def seat_page(doc: dict[str, Any], csrf: str) -> str:
    """A seat's page (``GET /seat/TOKEN``): the fragment, the page's ``csrf`` token in
    ``<meta name="csrf-token">``, and the script that sends the answers and follows the event
    stream. The style sheet is ``seat.css``, put inline."""
    return environment().get_template("seat.html").render(doc=doc, csrf=csrf, css=asset("seat.css"),
                                                          script=asset("seat.js"), fragment=Markup(seat_fragment(doc)))
