"""Storage that loses nothing: matches, seats and an append-only table of moves (SQLAlchemy).

SQLite by default (a file in the user's data directory), PostgreSQL (or anything SQLAlchemy
speaks) by URL. Every move, chance outcome and bot move is one row, committed before anyone
is told about it, so a server killed with `kill -9` restarts with every acknowledged move and
resumes each match by replaying its rows. The primary key (match, number) makes a duplicate
move impossible. Undo never deletes: it appends a row that says how many moves stand.

A match's chance comes from its `secret` (256 bits, drawn by the server, never sent to a seat
before the end). Databases made before it have only the integer `seed` column: the `secret`
column is added when such a database is opened, and their matches go on from their old seed.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

UNDO = -9
"""The player of a move row that undoes: its action is `undo N`, the number of moves kept."""
ABANDON = -10
"""The player of a row that ends the match because a seat left its turn too long (web.abandon):
its action is `abandon SEAT`."""

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", Integer, nullable=False),  # before secrets: an old match's only seed
    Column("created", Float, nullable=False),
    Column("hot_seat", Integer, nullable=False, default=0),
    Column("secret", String(128), nullable=True),  # the match seed (hex); None: use `seed`
    Column("client", String(64), nullable=True, index=True),  # SHA-256 of the maker's address
    Column("ended", Float, nullable=True),  # when it was seen ended (frees a bot-match place)
)

seats = Table(
    "seats",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("agent", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
)

moves = Table(
    "moves",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("player", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256, so a copy of the database opens no seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_url() -> str:
    """A SQLite file in the user's data directory (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("tablesports", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite3'}"


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    hot_seat: bool
    seats: tuple[SeatRow, ...]
    secret: str | None = None
    """The match's secret seed; None for a match stored before secrets (its `seed` serves)."""
    client: str | None = None
    """The hash of its maker's keyed client id: whose bot queue its bot moves wait in."""
    ended: bool = False
    """Seen ended (it holds no place in its maker's unfinished matches)."""


class DuplicateMove(Exception):
    """A move row with that number is already stored (a lost race, never a lost move)."""


class Store:
    """The three tables behind one SQLAlchemy engine."""

    notify: tuple[str, str] | None = None
    """PostgreSQL with other processes: (channel, origin) of a NOTIFY sent in the transaction
    of every stored move, so they hear of it when it is committed (see `web.bus`)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        sqlite = self.url.startswith("sqlite")
        self.engine: Engine = create_engine(
            self.url, pool_pre_ping=True, connect_args={"timeout": 30} if sqlite else {}
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        _add_missing_columns(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_match(
        self,
        match_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seat_rows: list[SeatRow],
        hot_seat: bool = False,
        secret: str | None = None,
        client: str | None = None,
    ) -> None:
        """`client`: the maker's address, kept only as its hash, for the per-client limits."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(matches).values(
                    id=match_id,
                    game=game,
                    options=json.dumps(options, sort_keys=True),
                    seed=seed,
                    created=time.time(),
                    hot_seat=int(hot_seat),
                    secret=secret,
                    client=None if client is None else hash_token(client),
                )
            )
            for row in seat_rows:
                conn.execute(
                    insert(seats).values(
                        match_id=match_id,
                        seat=row.seat,
                        kind=row.kind,
                        agent=row.agent,
                        token_hash=row.token_hash,
                    )
                )

    def append_move(self, match_id: str, n: int, player: int, action: str) -> None:
        """Store move number `n`; raises `DuplicateMove` if that number is taken."""
        self.append_moves(match_id, [(n, player, action)])

    def append_moves(self, match_id: str, rows: list[tuple[int, int, str]]) -> None:
        """Store `(n, player, action)` rows in one transaction (all or none)."""
        now = time.time()
        values = [
            {"match_id": match_id, "n": n, "player": p, "action": a, "at": now} for n, p, a in rows
        ]
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(moves), values)
                if self.notify is not None and rows:
                    channel, origin = self.notify
                    conn.execute(select(func.pg_notify(channel, f"{match_id} {origin}")))
        except IntegrityError:
            first = rows[0][0] if rows else -1
            raise DuplicateMove(f"match {match_id}: move {first} is already stored") from None

    def match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat)
            ).all()
        return MatchRow(
            id=row.id,
            game=row.game,
            options=json.loads(row.options),
            seed=row.seed,
            created=row.created,
            hot_seat=bool(row.hot_seat),
            seats=tuple(SeatRow(s.seat, s.kind, s.agent, s.token_hash) for s in seat_rows),
            secret=row.secret,
            client=row.client,
            ended=row.ended is not None,
        )

    def open_bot_matches(self, client: str) -> list[str]:
        """The matches with a bot that `client` made and that are not marked ended: the
        per-client quota, kept here so that it survives a restart and binds every process."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches.c.id)
                .where(matches.c.client == hash_token(client), matches.c.ended.is_(None))
                .where(matches.c.id.in_(select(seats.c.match_id).where(seats.c.kind == "bot")))
                .order_by(matches.c.created)
            ).all()
        return [r.id for r in rows]

    def open_matches(self, client: str) -> list[str]:
        """The matches of any kind that `client` made and that are not marked ended."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches.c.id)
                .where(matches.c.client == hash_token(client), matches.c.ended.is_(None))
                .order_by(matches.c.created)
            ).all()
        return [r.id for r in rows]

    def count_open(self) -> int:
        """Unfinished matches on the whole server (every process's)."""
        with self.engine.connect() as conn:
            count = conn.execute(
                select(func.count()).select_from(matches).where(matches.c.ended.is_(None))
            ).scalar()
        return int(count or 0)

    def open_match_ids(self) -> list[str]:
        """The matches not marked ended, oldest first: the ones a start-up resumes."""
        with self.engine.connect() as conn:
            return [
                r.id
                for r in conn.execute(
                    select(matches.c.id)
                    .where(matches.c.ended.is_(None))
                    .order_by(matches.c.created)
                )
            ]

    def stale_open(self, before: float, limit: int = 100) -> list[str]:
        """Unfinished matches whose last row (or creation) is older than `before`: the ones
        the abandon rule may end though nobody has them in memory."""
        last = (
            select(moves.c.match_id, func.max(moves.c.at).label("at"))
            .group_by(moves.c.match_id)
            .subquery()
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches.c.id)
                .select_from(matches.outerjoin(last, last.c.match_id == matches.c.id))
                .where(matches.c.ended.is_(None))
                .where(func.coalesce(last.c.at, matches.c.created) < before)
                .order_by(matches.c.created)
                .limit(limit)
            ).all()
        return [r.id for r in rows]

    def mark_ended(self, match_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(matches).where(matches.c.id == match_id).values(ended=time.time()))

    def last_moved(self, match_ids: list[str]) -> dict[str, float]:
        """When each match last had a row stored (its creation when it has none)."""
        if not match_ids:
            return {}
        with self.engine.connect() as conn:
            out = {
                r.id: r.created
                for r in conn.execute(
                    select(matches.c.id, matches.c.created).where(matches.c.id.in_(match_ids))
                )
            }
            for r in conn.execute(
                select(moves.c.match_id, func.max(moves.c.at).label("at"))
                .where(moves.c.match_id.in_(match_ids))
                .group_by(moves.c.match_id)
            ):
                out[r.match_id] = r.at
        return out

    def match_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(matches.c.id).order_by(matches.c.created))]

    def moves(self, match_id: str, start: int = 0) -> list[tuple[int, int, str]]:
        """`(n, player, action)` rows in order, from number `start`."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(moves.c.n, moves.c.player, moves.c.action)
                .where(moves.c.match_id == match_id, moves.c.n >= start)
                .order_by(moves.c.n)
            ).all()
        return [(r.n, r.player, r.action) for r in rows]

    def seat_of_token(self, token: str) -> tuple[str, int] | None:
        """The (match, seat) a token opens, or None."""
        digest = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats.c.match_id, seats.c.seat).where(seats.c.token_hash == digest)
            ).first()
        return None if row is None else (row.match_id, row.seat)

    def set_token(self, match_id: str, seat: int, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == seat)
                .values(token_hash=token_hash)
            )


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an earlier version up to this schema: only added columns,
    nullable, so the rows already there stay as they were. Two processes starting at once may
    both try: the loser's error is the column being there already."""
    present = {c["name"] for c in inspect(engine).get_columns("matches")}
    for column in matches.columns:
        if column.name in present:
            continue
        kind = column.type.compile(dialect=engine.dialect)
        try:
            with engine.begin() as conn:
                conn.execute(text(f"ALTER TABLE matches ADD COLUMN {column.name} {kind}"))
        except (OperationalError, ProgrammingError):
            if column.name not in {c["name"] for c in inspect(engine).get_columns("matches")}:
                raise


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: a committed move is in the log file before the commit returns, so it survives the
    # server being killed (kill -9); synchronous=NORMAL skips the fsync per commit, so only a
    # power cut could lose the last moves (set FULL for that, at a few ms per move)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
