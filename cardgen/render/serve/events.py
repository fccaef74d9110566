"""The rebuild's news, handed to every open page: the faces that changed, an error, or that all is well.

Each page's connection waits on :meth:`Events.wait` in its own server thread;
the rebuild thread calls :meth:`Events.publish`. The last error is kept, so a
page opened (or reconnected) while the content is broken shows it at once.
"""

from __future__ import annotations

import threading


class Events:
    """A numbered list of messages (dicts) that server threads wait on."""

    #: Messages kept for a page that falls behind (a page further behind is told to catch up whole).
    KEPT = 64

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._messages: list[tuple[int, dict]] = []
        self._count = 0
        self.error: dict | None = None  # the error the content has now, or None
        self.closed = False

    @property
    def count(self) -> int:
        """How many messages were published: a page served now has seen them all."""
        with self._changed:
            return self._count

    def publish(self, message: dict) -> None:
        with self._changed:
            self._count += 1
            self._messages = [*self._messages[-(self.KEPT - 1):], (self._count, message)]
            if message["type"] == "error":
                self.error = message
            elif message["type"] == "ok":
                self.error = None
            self._changed.notify_all()

    def close(self) -> None:
        """Wake every waiting page connection so its thread ends."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, list[dict]]:
        """Messages after number ``seen`` (waiting up to ``timeout`` s for one), and the number of the last.

        A page that missed messages no longer kept gets ``{"type": "faces", "ids": None}``: every face again.

        >>> events = Events(); events.publish({"type": "ok"}); events.wait(0, 0)
        (1, [{'type': 'ok'}])
        """
        with self._changed:
            if self._count == seen and not self.closed:
                self._changed.wait(timeout)
            newer = [message for number, message in self._messages if number > seen]
            if self._count - seen > len(newer):
                newer = [{"type": "faces", "ids": None}]
            return self._count, newer
