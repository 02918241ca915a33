"""Idle and abandoned matches end, by a rule shown to both seats (issue 33, deliver 3).

The rule (house rule, `tablesports serve --abandon-after SECONDS`, 3 days by default, which
suits correspondence play): a person who leaves their turn for that long loses the match. Their
turn began when the match's last row was stored (the move that handed it to them, or the match's
creation), so time the server was down counts too. Bots and chance never wait. The end is a row
of its own (`ABANDON`, action `abandon SEAT`), committed like a move: every process and every
restart sees the same result, and a record of the match says who abandoned it. The result is -1
for the seat that left and +1 for the others; the game's own state stays as it was.

The match summary (`GET /api/matches/{id}`) carries the rule as text and in seconds, so the page
shows it to both seats from the start.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from tablesports.core.errors import TablesportsError
from tablesports.web.matches import Match
from tablesports.web.store import ABANDON

if TYPE_CHECKING:
    from tablesports.web.hub import Hub

log = logging.getLogger("tablesports.web")

CHECK_EVERY = 30.0
"""Most seconds between two looks for abandoned matches (less for a short rule)."""


def duration(seconds: float) -> str:
    """`259200` -> "3 days", `5400` -> "1.5 hours", `90` -> "1.5 minutes"."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        if seconds >= size or unit == "second":
            value = round(seconds / size, 2)
            return f"{value:g} {unit}{'' if value == 1 else 's'}"
    raise AssertionError("unreachable")


def rule(after: float) -> str:
    return (
        f"a person who leaves their turn for {duration(after)} loses the match (abandoned); "
        "bots never wait"
    )


def abandon_summary(match: Match, after: float) -> dict[str, Any]:
    """What the match summary says of the rule, and who abandoned (None: nobody)."""
    return {"after": after, "rule": rule(after), "abandoned": match.abandoned}


def waiting_seat(match: Match) -> int | None:
    """The person whose turn it is, or None (over, failed, or a bot's or chance's turn)."""
    if match.over or match.failure:
        return None
    player = match.state.current_player()
    return player if player >= 0 and match.kinds[player] == "human" else None


async def check(hub: Hub) -> list[str]:
    """End every match whose person to move has waited past the rule; their ids. Matches
    not in memory are found in the store (the ones whose last row is older than the rule)."""
    before = time.time() - hub.settings.abandon_after
    for match_id in await asyncio.to_thread(hub.store.stale_open, before):
        if match_id not in hub.matches:
            try:
                match = hub.get(match_id)
            except TablesportsError as exc:
                log.error("match %s does not load: %s", match_id, exc)
                continue
            await hub.mark_if_ended(match)
    waiting = [m for m in list(hub.matches.values()) if waiting_seat(m) is not None]
    if not waiting:
        return []
    last = await asyncio.to_thread(hub.store.last_moved, [m.id for m in waiting])
    now, ended = time.time(), []
    for match in waiting:
        since = last.get(match.id)
        due = since is not None and now - since >= hub.settings.abandon_after
        if due and await abandon(hub, match):
            ended.append(match.id)
    return ended


async def abandon(hub: Hub, match: Match) -> bool:
    """Store and apply the end of `match` by its waiting seat; False if it moved meanwhile."""
    async with match.lock:
        seat = waiting_seat(match)
        if seat is None:
            return False
        try:  # another process may end it (or its person move) first: the store says so
            await hub._store(match, [(match.rows, ABANDON, f"abandon {seat}")])
        except TablesportsError:
            return False
        match.abandon(seat)
    log.info("match %s: seat %d abandoned it", match.id, seat)
    await hub.broadcast(match)
    return True


async def watch(hub: Hub) -> None:
    """Look for abandoned matches now and then, for as long as the server runs."""
    every = min(CHECK_EVERY, max(0.5, hub.settings.abandon_after / 10))
    while True:
        await asyncio.sleep(every)
        try:
            await check(hub)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the look for abandoned matches failed")
