"""What keeps the live board's server answering in a hall left open to anyone on the network
(issue 34): the event streams' budgets, the wrong-link limiter, and the connection guard.

- **Stream budgets** (:class:`StreamBudget`): each seat has its own few streams
  (:data:`PER_SEAT`), and the anonymous streams (the TV's page, which needs no secret) have a cap
  per client address (:data:`PER_ADDRESS`) and a cap in all, so idle anonymous streams can never
  take a seat's place. A stream's place is taken when its request is answered, before the stream
  runs (:class:`BudgetedStream`), so requests sent at the same moment can't all pass the check.
- **The wrong-link limiter** (:class:`Bucket`): counts only links that name no seat, per client
  address; a correct link is never refused by it.
- **The connection guard** (:class:`GuardedH11`, :func:`server_config`): a request's headers must
  arrive within :data:`HEADER_SECONDS` and its body within :data:`BODY_SECONDS`, and at most
  :data:`MAX_CONNECTIONS` connections are open at once; beyond, a connection is closed at once.
  The client's address is the connection's own: forwarding headers (``X-Forwarded-For``) are read
  only from the proxies named in ``serve --trust-proxy``.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterable
from typing import Any

import h11
from starlette.responses import StreamingResponse
from uvicorn.protocols.http.h11_impl import H11Protocol

PER_SEAT = 4
"""The most event streams one seat's link may have open at once (a phone, a tablet, a reload)."""

PER_ADDRESS = 8
"""The most anonymous event streams (the TV's page, the review) one client address may have open."""

HEADER_SECONDS = 10.0
"""Seconds a connection has to send a whole request head (line and headers), from its opening or
from the end of its last answer; a connection still sending its head then is closed."""

BODY_SECONDS = 10.0
"""Seconds a request has to send its whole body once its head has come (a move is 4 KB at most)."""

MAX_CONNECTIONS = 256
"""The most connections the server holds open at once (a table needs a dozen); one more is closed
at once, so half-sent requests can't use up the process's file descriptors (1,024 by default)."""


class Slot:
    """One place in a :class:`StreamBudget`, held by one event stream; :meth:`release` gives it
    back, once however often it is called."""

    def __init__(self, budget: StreamBudget, key: str) -> None:
        self.budget, self.key, self.held = budget, key, True

    def release(self) -> None:
        """Give the place back (a second call does nothing)."""
        if self.held:
            self.held = False
            self.budget.give_back(self.key)


class StreamBudget:
    """The event streams open at once, by key: ``seat:PLAYER`` (at most ``per_seat`` each) and
    ``address:HOST`` (anonymous, at most ``per_address`` each and ``anonymous`` in all)."""

    def __init__(self, anonymous: int, per_address: int | None = None, per_seat: int | None = None) -> None:
        self.anonymous = anonymous
        self.per_address = PER_ADDRESS if per_address is None else per_address
        self.per_seat = PER_SEAT if per_seat is None else per_seat
        self.open: dict[str, int] = {}

    @property
    def total(self) -> int:
        """The streams open now, the seats' and the anonymous ones together."""
        return sum(self.open.values())

    def give_back(self, key: str) -> None:
        """One stream of ``key`` has ended."""
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
        else:
            self.open.pop(key, None)

    def _take(self, key: str) -> Slot:
        self.open[key] = self.open.get(key, 0) + 1
        return Slot(self, key)

    def seat(self, player: str) -> Slot | str:
        """A place for one more stream of ``player``'s seat, or why not (its :data:`PER_SEAT` are open)."""
        key = "seat:" + player
        if self.open.get(key, 0) >= self.per_seat:
            return f"this seat's page is open {self.per_seat} times already (the most): close one and reload."
        return self._take(key)

    def address(self, host: str) -> Slot | str:
        """A place for one more anonymous stream from client address ``host``, or why not (all
        ``anonymous`` places are taken, or that address's ``per_address``)."""
        taken = sum(n for k, n in self.open.items() if k.startswith("address:"))
        if taken >= self.anonymous:
            return f"{self.anonymous} pages are open already: close one and reload."
        key = "address:" + host
        if self.open.get(key, 0) >= self.per_address:
            return f"{self.per_address} pages from this address are open already: close one and reload."
        return self._take(key)


def sse(name: str, data: str) -> str:
    """One server-sent event ``name`` carrying ``data`` (one ``data:`` line per line of it), as
    the TV's and the seats' event streams send it."""
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"event: {name}\n{lines}\n"


class BudgetedStream(StreamingResponse):
    """An event stream holding its :class:`Slot` from the moment its request is answered until
    it ends, however it ends (the page gone, the server stopping, a stream never started)."""

    def __init__(self, content: AsyncIterator[str], slot: Slot, headers: dict[str, str]) -> None:
        super().__init__(content, media_type="text/event-stream", headers={**headers, "X-Accel-Buffering": "no"})
        self.slot = slot

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.slot.release()


class Bucket:
    """Wrong links allowed per client address: ``size`` at once, refilled at ``rate`` a second
    (a token bucket); addresses beyond ``keep`` are forgotten oldest first, so memory stays
    bounded. Only links that name no seat are counted (:meth:`spend`), and only they are
    refused when the bucket is empty: a correct link is never locked out."""

    def __init__(self, size: float = 10, rate: float = 0.5, keep: int = 1024) -> None:
        self.size, self.rate, self.keep = size, rate, keep
        self.left: dict[str, tuple[float, float]] = {}

    def allowed(self, who: str, now: float | None = None) -> bool:
        """Whether ``who`` may try another wrong link now (the bucket is not empty)."""
        level, at = self.left.get(who, (self.size, 0.0))
        t = time.monotonic() if now is None else now
        return min(self.size, level + (t - at) * self.rate) >= 1

    def spend(self, who: str, now: float | None = None) -> None:
        """Take one from ``who``'s bucket (a wrong link was tried)."""
        t = time.monotonic() if now is None else now
        level, at = self.left.pop(who, (self.size, t))
        self.left[who] = (max(0.0, min(self.size, level + (t - at) * self.rate) - 1), t)
        while len(self.left) > self.keep:
            self.left.pop(next(iter(self.left)))


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the connection guard: a connection past
    :data:`MAX_CONNECTIONS` is closed at once; one whose request head has not all come
    :data:`HEADER_SECONDS` after it opened (or after its last answer), or whose body has not all
    come :data:`BODY_SECONDS` after its head, is closed (slowloris)."""

    _late: Any = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS:
            transport.close()
            return
        self._arm(HEADER_SECONDS, h11.IDLE)

    def _arm(self, seconds: float, waiting: Any) -> None:
        if self._late is not None:
            self._late.cancel()
        self._late = self.loop.call_later(seconds, self._too_slow, waiting)

    def _too_slow(self, waiting: Any) -> None:
        self._late = None
        state = self.conn.their_state
        if self.transport.is_closing():
            return
        if state is h11.SEND_BODY and waiting is h11.IDLE:
            self._arm(BODY_SECONDS, h11.SEND_BODY)  # the head came: the body has its own time
        elif state is waiting:
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm(HEADER_SECONDS, h11.IDLE)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._late is not None:
            self._late.cancel()
            self._late = None
        super().connection_lost(exc)


def server_config(app: Any, trusted: Iterable[str] = (), **settings: Any) -> Any:
    """The uvicorn configuration of the live board's server for ``app``: the guarded protocol
    (:class:`GuardedH11`), no access log (a seat's link is a secret), and forwarding headers
    (``X-Forwarded-For``) read only from the proxy addresses in ``trusted`` (none: never).
    ``settings`` are passed on to :class:`uvicorn.Config` (``lifespan``, ``log_level``...)."""
    import uvicorn

    proxies = [t for t in trusted if t]
    return uvicorn.Config(app, http=GuardedH11, access_log=False, proxy_headers=bool(proxies),
                          forwarded_allow_ips=proxies or None, **settings)
