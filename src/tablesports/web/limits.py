"""Bounds on what one client can make the server do: a token bucket per connection, the body
size of a request, and the security headers every response carries."""

from __future__ import annotations

import json
import math
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
SendFn = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, SendFn], Awaitable[None]]


class TokenBucket:
    """`rate` tokens a second up to `burst`; `take(n)` spends them or says no."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.stamp = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, n: float = 1.0) -> bool:
        self._refill()
        if self.level < n:
            return False
        self.level -= n
        return True

    def wait_for(self, n: float = 1.0) -> float:
        """Seconds until `n` could be taken (0.0: now); nothing is spent."""
        self._refill()
        return 0.0 if self.level >= n else (n - self.level) / self.rate

    def reserve(self, n: float = 1.0) -> float:
        """Spend `n` now and return how long to wait until they were due (0.0: at once)."""
        self.charge(n)
        return 0.0 if self.level >= 0 else -self.level / self.rate

    def charge(self, n: float) -> None:
        """Spend `n` even past zero (a payload already sent): later asks wait for the debt."""
        self._refill()
        self.level -= n

    def in_debt(self) -> bool:
        self._refill()
        return self.level < 0


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Adds the four security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuses a request body over `limit` bytes with 413: by its Content-Length before a byte
    is read, or as soon as a body without one (chunked) passes the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await self._refuse(send, "Content-Length is not a number", 400)
                    return
                if length > self.limit:
                    await self._refuse(send, self._message(length))
                    return
        seen = 0
        started = False

        async def counting() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting, tracking)
        except _TooLarge:
            if not started:
                await self._refuse(send, self._message(seen))

    def _message(self, size: int) -> str:
        return f"request body too large: {size} bytes or more (at most {self.limit})"

    async def _refuse(self, send: SendFn, text: str, status: int = 413) -> None:
        body = json.dumps({"error": text}).encode()
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


CLIENTS_TRACKED = 10_000
"""Client addresses whose budgets are kept at once; the least recently seen is forgotten first
(so that many made-up addresses cannot fill the server's memory)."""


class ClientBuckets:
    """A token bucket per client address, in a map of at most CLIENTS_TRACKED."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def of(self, client: str) -> TokenBucket:
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = TokenBucket(self.rate, self.burst)
            if len(self.buckets) > CLIENTS_TRACKED:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(client)
        return bucket


class RequestRate:
    """HTTP requests a second per client address and for the whole server: past either, 429
    with Retry-After and a body saying which limit, before the request is read."""

    def __init__(
        self,
        app: ASGIApp,
        per_client: float,
        burst: int,
        whole_server: float,
        refusals: Counter[str] | None = None,
    ) -> None:
        self.app = app
        self.refusals: Counter[str] = Counter() if refusals is None else refusals
        self.per_client = per_client
        self.clients = ClientBuckets(per_client, burst)
        self.server = TokenBucket(whole_server, whole_server * 2)

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http" or scope.get("path", "").startswith("/static/"):
            await self.app(scope, receive, send)  # the pages' own files: cached, cheap
            return
        client = scope.get("client")
        bucket = self.clients.of(client[0] if client else "")
        if not bucket.take():
            self.refusals["requests_per_second"] += 1
            what = f"at most {self.per_client:g} requests a second from one client"
            await _too_many(send, what, (1 - bucket.level) / bucket.rate)
            return
        if not self.server.take():
            self.refusals["server_requests_per_second"] += 1
            what = "the server is busy: it answers a bounded number of requests a second"
            await _too_many(send, what, (1 - self.server.level) / self.server.rate)
            return
        await self.app(scope, receive, send)


async def _too_many(send: SendFn, what: str, wait: float) -> None:
    seconds = max(1, math.ceil(wait))
    body = json.dumps({"error": f"too many requests: {what}; retry in {seconds} s"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"retry-after", str(seconds).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
