"""A plain HTTP client of a Server-Sent Events stream, for the tests of the live feed: it reads
the stream line by line (``http.client``, a socket timeout, no browser) and parses its events
as the HTML standard says (``id``, ``event``, ``data``; comments and ``retry`` apart)."""

from __future__ import annotations

import http.client
import json
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    id: str | None
    kind: str
    data: dict


class Stream:
    """One connection to ``path`` on a loopback server. ``status`` and ``headers`` of the
    answer; ``last_id``: the last ``id`` the stream gave (an ``id`` alone counts)."""

    def __init__(self, port: int, path: str, *, headers: dict | None = None,
                 timeout: float = 10):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream",
                                                      **(headers or {})})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}
        self.last_id: str | None = None
        self.heartbeats = 0

    def events(self, count: int, *, timeout: float = 10) -> list[Event]:
        """The next ``count`` events (a reset among them), waiting at most ``timeout``."""
        found: list[Event] = []
        deadline = time.monotonic() + timeout
        fields: dict[str, str] = {}
        while len(found) < count:
            assert time.monotonic() < deadline, f"only {found} within {timeout} s"
            line = self.response.readline().decode()
            assert line, f"the stream ended after {found}"
            line = line.rstrip("\n")
            if line.startswith(":"):
                self.heartbeats += 1
            elif line:
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
            else:
                if "id" in fields:
                    self.last_id = fields["id"]
                if "data" in fields:
                    found.append(Event(fields.get("id"), fields.get("event", "message"),
                                       json.loads(fields["data"])))
                fields = {}
        return found

    def opening(self) -> str | None:
        """Read the stream's first words (``retry``, then the number to resume after, or a
        reset) and return that number."""
        for _ in range(2):
            line = self.response.readline().decode().rstrip("\n")
            while line:
                name, _, value = line.partition(":")
                if name == "id":
                    self.last_id = value.strip()
                if name == "event" and value.strip() == "reset":
                    self.reset = True
                line = self.response.readline().decode().rstrip("\n")
        return self.last_id

    reset = False

    def close(self) -> None:
        self.connection.close()
