"""The server's resource model in one place: for each resource a client can make the server
spend, a budget per client address and one for the whole server (`docs/web.md`, "Resource
model"). A request past a budget is refused before any work is done, with `OverBudget`: which
limit, and when to retry (HTTP 429, or 503 when the whole server is full; a websocket error).

Budgets kept in the database (unfinished matches) bind every server process and survive a
restart; rates (token buckets) are per process.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from tablesports.core.errors import TablesportsError
from tablesports.web.limits import ClientBuckets, TokenBucket
from tablesports.web.settings import ServerSettings


class OverBudget(TablesportsError):
    """A request past a budget: the message names the limit and when to retry."""

    def __init__(self, budget: str, what: str, retry_after: float, whole_server: bool = False):
        self.budget = budget
        self.retry_after = max(1, math.ceil(retry_after))
        self.status = 503 if whole_server else 429
        super().__init__(f"{what}; retry in {self.retry_after} s")


class Budgets:
    """The budgets of new matches (the database's rows and bytes, and the memory they cost);
    the others live where the work is: requests and bodies (`limits`), connections, messages
    and outbound bytes (`hub.connection`), uploads (`datafiles`), bot time (`botqueue`)."""

    def __init__(self, settings: ServerSettings) -> None:
        s = self.settings = settings
        per_hour = s.matches_per_client_per_hour
        self.new_matches = ClientBuckets(per_hour / 3600, max(min(20, per_hour), per_hour // 180))
        self.server_new_matches = TokenBucket(
            s.matches_per_hour / 3600, max(1, s.matches_per_hour // 6)
        )
        stored = s.stored_kb_per_client_per_hour << 10
        self.stored_by_client = ClientBuckets(stored / 3600, stored)
        server_stored = s.stored_mb_per_hour << 20
        self.server_stored = TokenBucket(server_stored / 3600, server_stored)
        self.refusals: Counter[str] = Counter()
        """Refusals by budget, since the start (the metrics read it)."""

    def refuse(self, exc: OverBudget) -> OverBudget:
        self.refusals[exc.budget] += 1
        return exc

    def new_match(
        self,
        client: str,
        size: int,
        open_held: Callable[[], int],
        open_on_server: Callable[[], int],
    ) -> None:
        """May `client` make a match whose stored row takes `size` bytes? Raises `OverBudget`;
        spends the rates only when every budget allows it (nothing half applied)."""
        s = self.settings
        rate, stored = self.new_matches.of(client), self.stored_by_client.of(client)
        checks = [
            (rate, 1, "matches_per_client_per_hour", False,
             f"at most {s.matches_per_client_per_hour} new matches an hour from one client"),
            (stored, size, "stored_kb_per_client_per_hour", False,
             f"at most {s.stored_kb_per_client_per_hour} KB of new matches an hour from one "
             f"client (this one takes {math.ceil(size / 1024)} KB)"),
            (self.server_new_matches, 1, "matches_per_hour", True,
             f"the server is busy: it makes at most {s.matches_per_hour} matches an hour"),
            (self.server_stored, size, "stored_mb_per_hour", True,
             f"the server is busy: it stores at most {s.stored_mb_per_hour} MB of new "
             "matches an hour"),
        ]  # fmt: skip
        for bucket, n, budget, whole, what in checks:  # the rates first: they cost nothing
            if n > bucket.burst:
                raise self.refuse(OverBudget(budget, what, 3600, whole_server=whole))
            wait = bucket.wait_for(n)
            if wait:
                raise self.refuse(OverBudget(budget, what, wait, whole_server=whole))
        if open_on_server() >= s.open_matches:
            raise self.refuse(
                OverBudget(
                    "open_matches",
                    f"the server is full: it holds {s.open_matches} unfinished matches at most",
                    600,
                    whole_server=True,
                )
            )
        held = open_held()
        if held >= s.open_matches_per_client:
            raise self.refuse(
                OverBudget(
                    "open_matches_per_client",
                    f"you already have {held} unfinished matches (at most "
                    f"{s.open_matches_per_client} at once): finish or resign one first",
                    60,
                )
            )
        # a request costs its work even when its upload is then refused; bytes are charged
        # only once stored (`stored`)
        rate.take(1)
        self.server_new_matches.take(1)

    def stored(self, client: str, size: int) -> None:
        """The match of `new_match` was stored: its bytes are spent."""
        self.stored_by_client.of(client).charge(size)
        self.server_stored.charge(size)
