"""Draw offers and rematch asks, kept in the store so that every server process sees them.

A draw offer is `(seat, move)`: it stands only while the match is at that move number, so any
move declines it without anyone writing. A rematch ask is the asking seat's new token's hash:
the process the ask reached draws the token, keeps it in memory for its own connection, and
stores only its SHA-256 (a copy of the database opens no seat). The ask that completes the set
claims the rematch in one transaction (`FOR UPDATE`: two last asks at once cannot both claim
it), its process creates the match with the stored hashes and only then sends the news, so no
process hands out a match that is not there yet. With PostgreSQL and several processes the news
goes out by `pg_notify` on the moves' channel (`web.bus`); the others read the offers again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from sqlalchemy import Column, Integer, MetaData, String, Table, Text, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tablesports.web.store import Store

metadata = MetaData()
offers = Table(
    "offers",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("draw_by", Integer, nullable=True),
    Column("draw_at", Integer, nullable=True),  # the move number the offer was made at
    Column("asks", Text, nullable=False, default="{}"),  # JSON: seat -> new token's hash
    Column("rematch", String(32), nullable=True),
)


@dataclass
class Offers:
    """One match's offers as last read (plus this process's own new tokens)."""

    draw_by: int | None = None
    draw_at: int | None = None
    asks: dict[int, str] = field(default_factory=dict)
    rematch: str | None = None
    tokens: dict[int, str] = field(default_factory=dict)
    """New tokens drawn here for this process's seats (never stored)."""
    told: bool = False
    """This process's connections were sent the rematch."""

    def draw_offer(self, rows: int) -> int | None:
        """The seat offering a draw now (an offer lapses with the next move)."""
        return self.draw_by if self.draw_at == rows else None

    @property
    def rematch_by(self) -> set[int]:
        return set(self.asks)


class OfferStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine: Engine = store.engine
        metadata.create_all(self.engine)

    def _ensure(self, match_id: str) -> None:
        try:
            with self.engine.begin() as conn:
                if conn.execute(
                    select(offers.c.match_id).where(offers.c.match_id == match_id)
                ).first():
                    return
                conn.execute(insert(offers).values(match_id=match_id, asks="{}"))
        except IntegrityError:  # another process made it at the same moment
            pass

    def _notify(self, conn: Connection, match_id: str) -> None:
        """News for the other processes, sent when the transaction commits (PostgreSQL)."""
        if self.store.notify is not None:
            channel, origin = self.store.notify
            conn.execute(select(func.pg_notify(channel, f"{match_id} {origin}")))

    def load(self, match_id: str, into: Offers) -> bool:
        """Read the stored offers into `into`; whether anything changed."""
        with self.engine.connect() as conn:
            row = conn.execute(select(offers).where(offers.c.match_id == match_id)).first()
        if row is None:
            return False
        asks = {int(k): v for k, v in json.loads(row.asks).items()}
        before = (into.draw_by, into.draw_at, into.asks, into.rematch)
        into.draw_by, into.draw_at, into.asks, into.rematch = (
            row.draw_by,
            row.draw_at,
            asks,
            row.rematch,
        )
        return before != (into.draw_by, into.draw_at, into.asks, into.rematch)

    def set_draw(self, match_id: str, seat: int | None, at: int | None) -> None:
        self._ensure(match_id)
        with self.engine.begin() as conn:
            conn.execute(
                update(offers).where(offers.c.match_id == match_id).values(draw_by=seat, draw_at=at)
            )
            self._notify(conn, match_id)

    def ask_rematch(
        self, match_id: str, seat: int, token_hash: str, people: set[int], new_id: str
    ) -> tuple[dict[int, str], str | None, bool]:
        """Store `seat`'s ask; claim the rematch as `new_id` if every person has now asked.
        Returns the asks, the rematch's id (if any) and whether this call claimed it."""
        self._ensure(match_id)
        with self.engine.begin() as conn:
            row = conn.execute(
                select(offers).where(offers.c.match_id == match_id).with_for_update()
            ).one()
            asks = {int(k): v for k, v in json.loads(row.asks).items()}
            if row.rematch is not None:
                return asks, row.rematch, False
            asks[seat] = token_hash
            claimed = people <= set(asks)
            conn.execute(
                update(offers)
                .where(offers.c.match_id == match_id)
                .values(
                    asks=json.dumps({str(k): v for k, v in asks.items()}),
                    rematch=new_id if claimed else None,
                )
            )
            if not claimed:
                self._notify(conn, match_id)
        return asks, new_id if claimed else None, claimed

    def announce(self, match_id: str) -> None:
        """Tell the other processes (the rematch now exists)."""
        with self.engine.begin() as conn:
            self._notify(conn, match_id)
