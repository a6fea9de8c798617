"""The live board for a second screen (``acquire-ref serve``, DESIGN 7), and the HTML and SVG
exports made from the same templates (``status --html``, ``status --svg``, ``score --html``).

A front end like :mod:`acquire_ref.cli`: :mod:`.model` turns a game into the public facts a
page shows (built on :func:`acquire_ref.views.status`, with its one visibility rule for hidden
holdings), :mod:`.pages` renders them with Jinja2 (autoescaping on, every text made visible
first), and :mod:`.app` serves them with Starlette: the page, its server-sent events and the
state as JSON, nothing that changes a game. :mod:`.serve` runs the server with uvicorn.
Nothing here is imported by a command that does not draw a page.
"""
