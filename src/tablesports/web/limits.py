"""Bounds on what one client can make the server do: a token bucket per connection, the body
size of a request, and the security headers every response carries."""

from __future__ import annotations

import json
import time
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
