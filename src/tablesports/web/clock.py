"""Optional chess-style clocks: a time per seat plus an increment, judged by the server alone.

The rule (docs/web.md, "Clocks"): the clock of the seat to move runs (a bot's too: its
thinking counts); while chance is resolved, the clock of the seat whose turn it was goes on
running (the server rolls at once). When the turn passes to another seat, the seat that
finished its turn gets the increment. A seat whose time reaches zero loses the match ("lost on
time"), whatever the position. The client only shows the time the server sends; every check
is made on the server's own clock, when a move arrives and by a timer at the deadline.

A clock is stored in its own table (one row per match with a clock), rewritten after each
move, so a restarted server goes on from the last stored reading (the time it was down counts
against the seat to move, as a clock on a table would go on running).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text, insert, select, update
from sqlalchemy.engine import Engine


class ClockIn(BaseModel):
    """The clock of `POST /api/matches`: `{"minutes": 10, "increment": 5}`."""

    model_config = ConfigDict(extra="forbid")
    minutes: float = Field(
        ge=0.1, le=1440, description="each seat's time, in minutes (0.1 to 1440)"
    )
    increment: float = Field(
        0, ge=0, le=600, description="seconds added when a seat's turn ends (0 to 600)"
    )


@dataclass
class Clock:
    remaining: list[float]
    """Seconds left per seat, as of `since` for the running seat."""
    increment: float
    running: int | None = None
    since: float = field(default_factory=time.time)

    @classmethod
    def new(cls, spec: ClockIn, players: int, now: float) -> Clock:
        return cls([spec.minutes * 60.0] * players, spec.increment, None, now)

    def left(self, seat: int, now: float) -> float:
        spent = now - self.since if seat == self.running else 0.0
        return self.remaining[seat] - spent

    def flagged(self, now: float) -> int | None:
        """The running seat if its time is up."""
        if self.running is not None and self.left(self.running, now) <= 0:
            return self.running
        return None

    def sync(self, to_move: int, over: bool, now: float) -> None:
        """After a move: charge the running seat, give the increment when the turn passes."""
        if self.running is not None:
            self.remaining[self.running] -= now - self.since
        self.since = now
        if over:
            self.running = None
            return
        if to_move < 0:  # chance: the seat whose turn it was goes on running
            return
        if self.running is not None and to_move != self.running:
            self.remaining[self.running] += self.increment
        self.running = to_move

    def to_json(self, now: float) -> dict[str, Any]:
        return {
            "remaining": [
                round(max(0.0, self.left(s, now)), 2) for s in range(len(self.remaining))
            ],
            "running": self.running,
            "increment": self.increment,
        }


metadata = MetaData()
clocks = Table(
    "clocks",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("minutes", Float, nullable=False),
    Column("increment", Float, nullable=False),
    Column("remaining", Text, nullable=False),  # JSON list of seconds per seat
    Column("running", Integer, nullable=True),
    Column("since", Float, nullable=False),
)


class ClockStore:
    """The clocks table beside the store's (created when missing)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine)

    def create(self, match_id: str, spec: ClockIn, clock: Clock) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(clocks).values(
                    match_id=match_id,
                    minutes=spec.minutes,
                    increment=spec.increment,
                    remaining=json.dumps(clock.remaining),
                    running=clock.running,
                    since=clock.since,
                )
            )

    def save(self, match_id: str, clock: Clock) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(clocks)
                .where(clocks.c.match_id == match_id)
                .values(
                    remaining=json.dumps(clock.remaining), running=clock.running, since=clock.since
                )
            )

    def load(self, match_id: str) -> tuple[ClockIn, Clock] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(clocks).where(clocks.c.match_id == match_id)).first()
        if row is None:
            return None
        spec = ClockIn(minutes=row.minutes, increment=row.increment)
        return spec, Clock(json.loads(row.remaining), row.increment, row.running, row.since)
