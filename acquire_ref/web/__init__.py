"""The live server (``acquire-ref serve`` and ``room``, DESIGN 7, 9): the TV's board, the
players' own pages on their phones (where they make their moves), the review; and the HTML and
SVG exports made from the same templates (``status --html``, ``status --svg``, ``score --html``).

A front end like :mod:`acquire_ref.cli`: :mod:`.model` turns a game into the public facts a
page shows (built on :func:`acquire_ref.viewers.views.status`, with its one visibility rule for hidden
holdings), :mod:`.pages` renders them with Jinja2 (autoescaping on, every text made visible
first), and :mod:`.app` serves them with Starlette: the pages, their server-sent events and
their state as JSON, and the seats' one write route (:mod:`.seats`), all from one game held
(:mod:`.holder`, through :class:`acquire_ref.files.session.GameFile`, the one write path).
:mod:`.serve` runs the server with uvicorn.
Nothing here is imported by a command that does not draw a page.
"""
