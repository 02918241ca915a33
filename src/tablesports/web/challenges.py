"""Open challenges: a match offered in the lobby to anyone, taken by the first who accepts.

A challenge is a row (game, options, clock, the maker's seat, its name and client, the hash of
the maker's seat token): no match exists until someone accepts, so an unanswered challenge
runs no clock and holds no seat. Accepting claims the row in one `UPDATE ... WHERE taken IS
NULL` (two acceptors at once: one row changed, one winner; the other is told it is gone, 409),
then the match is made with the maker's token already in place and the taker's new one. The
maker's lobby page asks for its challenge now and then and goes to the match once it is taken.

A challenge is counted against its maker like a match (`Budgets.new_match`: the hourly rate,
the stored bytes, the unfinished matches) and besides at most `open_challenges_per_client`
open at once, `open_challenges` in the whole lobby; one lapses after `challenge_minutes`.
A rated challenge makes a rated match (`web.players`): two named people from two distinct
clients (a client cannot accept its own challenge), never hot-seat, never a bot.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

from tablesports.core.errors import TablesportsError
from tablesports.core.registry import game_ids
from tablesports.web.budgets import OverBudget
from tablesports.web.clock import ClockIn
from tablesports.web.datafiles import check_options, load_uploaded
from tablesports.web.hub import Hub, SeatSpec
from tablesports.web.names import check_name
from tablesports.web.store import hash_token

metadata = MetaData()
challenges = Table(
    "challenges",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("seat", Integer, nullable=False),  # the maker's seat
    Column("rated", Integer, nullable=False),
    Column("maker", String(64), nullable=True, index=True),  # keyed client id (while open)
    Column("name", String(100), nullable=False),
    Column("token_hash", String(64), nullable=False),  # the maker's seat token's SHA-256
    Column("created", Float, nullable=False),
    Column("taken", Float, nullable=True),
    Column("cancelled", Float, nullable=True),
    Column("taker_name", String(100), nullable=True),
    Column("match_id", String(32), nullable=True),
)


class ChallengeRefused(TablesportsError):
    """A challenge request refused; `status` is its HTTP status (409: someone was first)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class ChallengeStore:
    def __init__(self, engine: Engine, lapse: float) -> None:
        self.engine = engine
        self.lapse = lapse
        metadata.create_all(engine)

    def _open(self) -> Any:
        """The condition of an open challenge: not taken, not cancelled, not lapsed."""
        return (
            challenges.c.taken.is_(None),
            challenges.c.cancelled.is_(None),
            challenges.c.created >= time.time() - self.lapse,
        )

    def count_open(self, maker: str | None = None) -> int:
        query = select(func.count()).select_from(challenges).where(*self._open())
        if maker is not None:
            query = query.where(challenges.c.maker == maker)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def add(self, values: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(challenges).values(**values))

    def listing(self, limit: int) -> list[Any]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(challenges)
                    .where(*self._open())
                    .order_by(challenges.c.created.desc())
                    .limit(limit)
                ).all()
            )

    def row(self, challenge_id: str) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(select(challenges).where(challenges.c.id == challenge_id)).first()

    def claim(self, challenge_id: str, taker_name: str) -> bool:
        """Take the challenge if it is still open: exactly one caller ever gets True."""
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(challenges)
                .where(challenges.c.id == challenge_id, *self._open())
                .values(taken=time.time(), taker_name=taker_name)
            ).rowcount
        return changed == 1

    def release(self, challenge_id: str) -> None:
        """The match could not be made: the challenge is open again."""
        with self.engine.begin() as conn:
            conn.execute(
                update(challenges)
                .where(challenges.c.id == challenge_id)
                .values(taken=None, taker_name=None)
            )

    def made(self, challenge_id: str, match_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(challenges)
                .where(challenges.c.id == challenge_id)
                .values(match_id=match_id, maker=None)
            )

    def cancel(self, challenge_id: str) -> bool:
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(challenges)
                .where(
                    challenges.c.id == challenge_id,
                    challenges.c.taken.is_(None),
                    challenges.c.cancelled.is_(None),
                )
                .values(cancelled=time.time(), maker=None)
            ).rowcount
        return changed == 1


def state_of(row: Any, lapse: float) -> str:
    if row.cancelled is not None:
        return "cancelled"
    if row.taken is not None:
        return "taken"
    if row.created < time.time() - lapse:
        return "lapsed"
    return "open"


def make(
    hub: Hub,
    book: ChallengeStore,
    game_id: str,
    options: dict[str, Any],
    clock: ClockIn | None,
    seat: int | None,
    rated: bool,
    name: object,
    client: str | None,
) -> dict[str, Any]:
    """A new open challenge; returns its id and the maker's seat token (shown once)."""
    s = hub.settings
    player = check_name(name)
    if game_id not in game_ids():
        raise ChallengeRefused(f"no game {game_id!r}; the games are: {', '.join(game_ids())}")
    key = client or ""
    if book.count_open(key) >= s.open_challenges_per_client:
        raise hub.budgets.refuse(
            OverBudget(
                "open_challenges_per_client",
                f"you already have {s.open_challenges_per_client} open challenges (at most "
                f"{s.open_challenges_per_client} at once): cancel one first",
                60,
            )
        )
    if book.count_open() >= s.open_challenges:
        raise hub.budgets.refuse(
            OverBudget(
                "open_challenges",
                f"the lobby is full: it lists {s.open_challenges} open challenges at most",
                60,
                whole_server=True,
            )
        )
    size = len(json.dumps(options, sort_keys=True)) + 400
    hub.budgets.new_match(
        key,
        size,
        lambda: len(hub.store.open_matches(key)) + book.count_open(key),
        hub.store.count_open,
    )
    options = check_options(game_id, options, s.max_upload, hub.library)
    game = load_uploaded(game_id, options, hub.uploads, s.upload_cache_bytes)
    if game.info.players != 2:
        raise ChallengeRefused(f"{game_id} has {game.info.players} seats; a challenge has two")
    if seat not in (None, 0, 1):
        raise ChallengeRefused("seat is 0, 1 or left out (the server then draws it)")
    token = secrets.token_urlsafe(18)
    challenge_id = secrets.token_urlsafe(8)
    book.add(
        {
            "id": challenge_id,
            "game": game_id,
            "options": json.dumps(options, sort_keys=True),
            "clock": None if clock is None else clock.model_dump_json(),
            "seat": secrets.randbelow(2) if seat is None else seat,
            "rated": int(rated),
            "maker": key,
            "name": player,
            "token_hash": hash_token(token),
            "created": time.time(),
        }
    )
    hub.budgets.stored(key, size)
    row = book.row(challenge_id)
    return {**public(hub, book, row), "token": token}


def public(hub: Hub, book: ChallengeStore, row: Any) -> dict[str, Any]:
    """What anyone may know of a challenge (never its maker's client or token)."""
    rating = hub.players.ratings_of(row.game, [row.name]).get(row.name)
    return {
        "id": row.id,
        "game": row.game,
        "options": json.loads(row.options),
        "clock": None if row.clock is None else json.loads(row.clock),
        "seat": row.seat,
        "rated": bool(row.rated),
        "name": row.name,
        "rating": None if rating is None else rating.to_json(),
        "created": row.created,
        "state": state_of(row, book.lapse),
        "match": row.match_id,
    }


def accept(
    hub: Hub, book: ChallengeStore, challenge_id: str, name: object, client: str | None
) -> dict[str, Any]:
    """Take the challenge's other seat; returns the match and the taker's seat token."""
    player = check_name(name)
    row = book.row(challenge_id)
    if row is None:
        raise ChallengeRefused(f"there is no challenge {challenge_id!r}", 404)
    state = state_of(row, book.lapse)
    if state != "open":
        raise ChallengeRefused(f"this challenge is {state}: choose another or make one", 409)
    if row.maker == (client or ""):
        raise ChallengeRefused(
            "this is your own challenge: another player takes it (cancel it to withdraw)"
        )
    if player == row.name:
        raise ChallengeRefused(
            f"the challenger is named {player!r} too: choose another name to accept"
        )
    if not book.claim(challenge_id, player):
        raise ChallengeRefused("someone accepted this challenge first: choose another", 409)
    maker_seat, taker_seat = row.seat, 1 - row.seat
    clock = None if row.clock is None else ClockIn.model_validate_json(row.clock)
    try:
        match_id, tokens = hub.create(
            row.game,
            json.loads(row.options),
            [SeatSpec("human"), SeatSpec("human")],
            client=row.maker,
            clock=clock,
            given={maker_seat: row.token_hash},
            charge=False,  # charged when the challenge was made
        )
    except Exception:
        book.release(challenge_id)
        raise
    hub.players.set_name(match_id, maker_seat, row.name, row.maker)
    hub.players.set_name(match_id, taker_seat, player, client)
    if row.rated:
        hub.players.mark_rated(match_id)
    book.made(challenge_id, match_id)
    base = hub.settings.public_url or ""
    return {
        "match": match_id,
        "seat": taker_seat,
        "token": tokens[taker_seat],
        "link": f"{base}/m/{match_id}#{tokens[taker_seat]}",
        "rated": bool(row.rated),
    }


def cancel(book: ChallengeStore, challenge_id: str, token: str | None) -> None:
    row = book.row(challenge_id)
    if row is None:
        raise ChallengeRefused(f"there is no challenge {challenge_id!r}", 404)
    if not token or hash_token(token) != row.token_hash:
        raise ChallengeRefused(
            "only its maker cancels a challenge: send the token it was made with in the "
            "X-Challenge-Token header",
            403,
        )
    if not book.cancel(challenge_id):
        state = state_of(row, book.lapse)
        raise ChallengeRefused(f"this challenge is {state} already: nothing to cancel", 409)
