"""The preview server: the live page, the news stream, and the files of the build's output folder, nothing else.

Standard library only (``http.server``): one thread per connection, so an open
page's news stream does not hold up the requests for its fonts. Bound to
127.0.0.1 unless asked otherwise; on a loopback address a request naming
another host is refused, so a web page elsewhere cannot read the preview
through a name it points at 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import json
import mimetypes
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from cardgen.render.serve.events import Events
from cardgen.render.serve.files import served_file
from cardgen.render.serve.page import EVENTS_PATH, served_page

#: Seconds between the comments that keep an idle news stream open through proxies and sleeping laptops.
KEEP_ALIVE = 15.0
#: Longest news number a page may claim to have seen (a query or header from the page, not trusted).
MAX_SEEN_DIGITS = 12


class Site:
    """What is served: the output folder (None until a build knows it), the preview page, the news."""

    def __init__(self) -> None:
        self.events = Events()
        self.root: Path | None = None
        self._preview: str | None = None
        self._lock = threading.Lock()

    def show(self, root: Path, preview: str, message: dict) -> None:
        """Serve ``preview`` from now on and tell the open pages (``message``), as one step."""
        with self._lock:
            self.root, self._preview = Path(root), preview
            self.events.publish(message)

    def publish(self, message: dict) -> None:
        with self._lock:
            self.events.publish(message)

    def page(self) -> bytes:
        with self._lock:
            return served_page(self._preview, self.events.count)


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], site: Site) -> None:
        self.site = site
        super().__init__(address, PreviewHandler)
        self.host, self.port = address[0], int(self.server_address[1])  # the port chosen, for port 0
        self.shown_host = f"[{self.host}]" if ":" in self.host else self.host

    @property
    def url(self) -> str:
        return f"http://{self.shown_host}:{self.port}/"

    def hosts(self) -> set[str] | None:
        """The Host headers accepted, or None (any) when bound to an address other machines reach."""
        try:
            loopback = ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            return None
        return {f"{name}:{self.port}" for name in (self.shown_host, "localhost")}

    def stop(self) -> None:
        self.site.events.close()
        self.shutdown()
        self.server_close()


class PreviewHandler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def log_message(self, format: str, *args: object) -> None:
        return None  # the terminal is for the build's report; a request log would bury it

    def _answer(self, body: bool) -> None:
        allowed = self.server.hosts()
        if allowed is not None and self.headers.get("Host", "") not in allowed:
            self._send(HTTPStatus.FORBIDDEN, b"forbidden: unknown host\n", "text/plain; charset=utf-8", body)
            return
        path = urlsplit(self.path).path
        site = self.server.site
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, site.page(), "text/html; charset=utf-8", body)
        elif path == EVENTS_PATH and body:
            self._stream(site.events)
        else:
            found = served_file(site.root, self.path) if site.root is not None else None
            if found is None:
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", body)
                return
            try:
                data = found.read_bytes()
            except OSError:  # swapped out by a rebuild between the look and the read
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", body)
                return
            kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
            self._send(HTTPStatus.OK, data, kind, body)

    def _send(self, status: HTTPStatus, data: bytes, kind: str, body: bool) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _seen(self) -> int:
        """The last news the page has: the stream's Last-Event-ID on a reconnection, else the page's own number."""
        given = self.headers.get("Last-Event-ID") or parse_qs(urlsplit(self.path).query).get("seen", ["0"])[0]
        return int(given) if given.isdecimal() and len(given) <= MAX_SEEN_DIGITS else 0

    def _stream(self, events: Events) -> None:
        """Server-sent events: the error the content has now, then every message as it comes, until the page goes."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        seen = self._seen()
        try:
            if events.error is not None:
                self._event(events.error)
            while not events.closed:
                seen, messages = events.wait(seen, KEEP_ALIVE)
                for number, message in enumerate(messages, start=1):
                    self._event(message, seen if number == len(messages) else None)
                if not messages:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            return  # the page was closed

    def _event(self, message: dict, number: int | None = None) -> None:
        head = f"id: {number}\n" if number is not None else ""
        self.wfile.write(f"{head}data: {json.dumps(message)}\n\n".encode("utf-8"))
