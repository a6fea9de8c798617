"""``acquire-ref serve``: the live board on this machine's network, with uvicorn (DESIGN 7).

The socket is bound before anything is printed, so the address printed is the one listening
(``--port 0`` takes any free port and prints it). On 127.0.0.1 only this computer can open the
page; on 0.0.0.0 (or another address of this machine) a TV, projector or tablet on the same
network can, and the address to type there is printed. The server answers only to the names it
printed (and this computer's own: localhost, 127.0.0.1, [::1]); see :mod:`acquire_ref.web.app`.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from acquire_ref.engine.errors import GameFileError, NotationError
from acquire_ref.files.seat_links import lan_address
from acquire_ref.files.wording import system_error
from acquire_ref.language import _

__all__ = ["addresses", "bind", "lan_address", "run", "run_room"]




def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (``port`` 0: any free one).

    Raises :class:`NotationError` (exit 2) when the address is not one of this machine's or the
    port is taken.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise NotationError(_("--host {host}: not an address of this machine ({error}); e.g. 127.0.0.1 or 0.0.0.0").format(
            host=host, error=exc)) from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        if port and exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise NotationError(_("port {port} is in use on {host}: give another with --port, "
                                  "or --port 0 for any free one").format(port=port, host=host)) from None
        raise NotationError(_("can't listen on {host} port {port}: {error}").format(
            host=host, port=port, error=system_error(exc))) from None
    return sock


def addresses(host: str, port: int) -> list[str]:
    """The addresses to type in a browser for a server on ``host``:``port``: the host itself, or
    for 0.0.0.0 (every interface) this computer's own and its address on the local network."""
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        return [f"http://127.0.0.1:{port}/"] + ([f"http://{lan}:{port}/"] if lan else [])
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def _refuse_no_file(path: Path) -> None:
    """Raises :class:`GameFileError` (exit 4) when there is no game file at ``path``, or it is
    a folder, a pipe or a device; a file that is there but broken is served as the waiting state."""
    import os
    import stat

    from acquire_ref.files.storage import file_exists

    if not file_exists(path):
        raise GameFileError(_("{path}: no such game file (start one with `acquire-ref new PLAYER...`)").format(path=path))
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = stat.S_IFREG  # a dangling link or a file gone since: the page waits for it
    if not stat.S_ISREG(mode):
        raise GameFileError((_("{path} is a folder, not a game file: name the game file with --game") if stat.S_ISDIR(mode)
                             else _("{path} is a pipe or a device, not a game file: name the game file with --game")
                             ).format(path=path))


def _tell_addresses(path: Path, host: str, found: list[str], say: Callable[[str], None]) -> None:
    """Say where the live board of ``path`` is (``found``, from :func:`addresses`), who can
    open it (a TV on the same network, or only this computer) and where its review is."""
    say(_("The live board of {path} is at {address}").format(path=path, address=found[0]))
    if len(found) > 1:
        say(_("On the TV or tablet (same network), open {address}").format(address=found[1]))
    elif host in ("0.0.0.0", "::"):
        say(_("This computer has no address on a local network: the TV can't reach it"))
    else:
        say(_("Only this computer can open it; --host 0.0.0.0 lets a TV on the same network open it"))
        from acquire_ref.files.seat_links import side_file

        if side_file(path).exists():  # `seats` names the network address: its links would be refused
            say(_("The players' links (acquire-ref seats) name this computer's network address, which a server on "
                  "{host} does not answer: phones can't reach it. Use --host 0.0.0.0, or `acquire-ref room`.").format(
                host=host))
    say(_("The review, move by move, during the game or after it: {address}").format(address=found[-1] + "review"))
    say(_("The TV's page only reads the game file; the players' own links (acquire-ref seats) send moves. Ctrl-C stops."))


def trusted_proxies(given: list[str]) -> list[str]:
    """The proxy addresses of ``serve --trust-proxy``, checked: each an IP address.

    Raises :class:`NotationError` (exit 2) for one that is not."""
    import ipaddress

    for address in given:
        try:
            ipaddress.ip_address(address)
        except ValueError:
            raise NotationError(_("--trust-proxy {given}: not an IP address (e.g. 127.0.0.1)").format(
                given=repr(address[:60]))) from None
    return list(given)


def _tell_room(path: Path, host: str, found: list[str], say: Callable[[str], None]) -> str:
    """Say where the room of ``path`` is (the TV's page, the join page, the review) and whether a
    phone can reach it; returns the join page's address."""
    join = found[-1] + "join"
    say(_("The room of {path} is open.").format(path=path))
    say(_("On the TV, open {address}").format(address=found[-1]))
    say(_("Players join from their phones at {address} (the TV shows it with a QR code)").format(address=join))
    if host.startswith("127.") or host in ("localhost", "::1"):
        say(_("Only this computer can reach {host}: phones can't join; give --host with this computer's "
              "address on the local network, or --host 0.0.0.0").format(host=host))
    elif host in ("0.0.0.0", "::") and len(found) == 1:
        say(_("This computer has no address on a local network: phones can't join until it joins the "
              "table's network (Wi-Fi), or give --host with its address"))
    elif host in ("0.0.0.0", "::"):
        say(_("On this computer's own screen the TV's page is also at {address}").format(address=found[0]))
    say(_("The review, move by move, during the game or after it: {address}").format(address=found[-1] + "review"))
    say(_("Every decision is made on the phones from now on. Ctrl-C stops."))
    return join


def run_room(path: Path, host: str, port: int, say: Callable[[str], None], palette: str = "edition") -> None:
    """``acquire-ref room``: :func:`run` with the join page, the TV's join panel and the
    seats' start tiles and take-backs (:mod:`acquire_ref.web.join`, :mod:`acquire_ref.web.room`)."""
    run(path, host, port, say, room=True, palette=palette)


def run(path: Path, host: str, port: int, say: Callable[[str], None], trusted: list[str] | None = None,
        room: bool = False, palette: str = "edition") -> None:
    """Serve the live board of the game file at ``path`` on ``host``:``port`` until Ctrl-C;
    ``say`` prints a line for people. ``trusted`` are the reverse proxies whose
    ``X-Forwarded-For`` is believed (none by default). The connections are guarded
    (:func:`acquire_ref.web.guard.server_config`: header and body timeouts, a bound on connections).

    Raises :class:`GameFileError` (exit 4) when there is no game file at ``path``, or it is a
    folder, a pipe or a device (a file that is there but broken is served as the waiting
    state), and :class:`NotationError` (exit 2) for an address that can't be listened on.
    """
    _refuse_no_file(path)
    proxies = trusted_proxies(trusted or [])
    from urllib.parse import urlsplit

    import uvicorn

    from acquire_ref.web.app import create_app
    from acquire_ref.web.guard import server_config

    sock = bind(host, port)
    port = sock.getsockname()[1]
    found = addresses(host, port)
    join = _tell_room(path, host, found, say) if room else None
    if join is None:
        _tell_addresses(path, host, found, say)
    stopping = threading.Event()

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            stopping.set()  # the open event streams end, and the server stops without waiting for them
            super().handle_exit(sig, frame)

    names = [urlsplit(url).netloc for url in found] + ([host] if host not in ("0.0.0.0", "::", "") else [])
    app = create_app(path, stopping=stopping, hosts=names, join=join, palette=palette)
    config = server_config(app, proxies, log_level="warning", timeout_graceful_shutdown=2, lifespan="on")
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: the server has stopped, as asked
        pass
    finally:
        sock.close()
    say(_("The live board has stopped."))
