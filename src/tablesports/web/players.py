"""Who sits in a seat by name, which matches are rated, and each named player's rating per game.

Three tables beside the matches (made when missing, so an older database simply gains them):

- `seat_players`: a seat's display name (`web.names`) and the keyed hash of the client that
  took it; one row a seat, never changed once written (the first name given stands).
- `rated_matches`: a match that counts for ratings (an accepted open challenge between two
  distinct clients, both named: never hot-seat, never a bot); `settled` says its result was
  applied, so a result is applied once however many processes or restarts see the end.
- `ratings`: openskill's Plackett-Luce (as the arena's tournaments rate agents) per game and
  name: `mu`, `sigma` and the games played; shown as the conservative ordinal (mu - 3 sigma)
  with a provisional mark for the first `PROVISIONAL` games.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tablesports.arena.ratings import ranks_of
from tablesports.web.store import Store, hash_token, matches, moves, seats

PROVISIONAL = 5
"""Rated games before a rating is shown without its provisional mark."""

metadata = MetaData()
seat_players = Table(
    "seat_players",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(100), nullable=False),
    Column("client", String(64), nullable=True),  # SHA-256 of the keyed client id
)
rated_matches = Table(
    "rated_matches",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("settled", Float, nullable=True),
)
ratings = Table(
    "ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("name", String(100), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": round(self.ordinal, 1),
            "games": self.games,
            "provisional": self.games < PROVISIONAL,
        }


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


class PlayerStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine: Engine = store.engine
        metadata.create_all(self.engine)

    # --- names --------------------------------------------------------------------------------
    def set_name(self, match_id: str, seat: int, name: str, client: str | None) -> bool:
        """Name `seat` unless it has a name already (the first stands); whether this did."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(seat_players).values(
                        match_id=match_id,
                        seat=seat,
                        name=name,
                        client=None if client is None else hash_token(client),
                    )
                )
        except IntegrityError:
            return False
        return True

    def names(self, match_id: str) -> dict[int, str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seat_players.c.seat, seat_players.c.name).where(
                    seat_players.c.match_id == match_id
                )
            ).all()
        return {r.seat: r.name for r in rows}

    # --- rated matches ------------------------------------------------------------------------
    def mark_rated(self, match_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(rated_matches).values(match_id=match_id, settled=None))

    def is_rated(self, match_id: str) -> bool:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(rated_matches.c.match_id).where(rated_matches.c.match_id == match_id)
            ).first()
        return row is not None

    def settle(self, match_id: str, game: str, returns: list[float] | None) -> bool:
        """Apply a rated match's result to its players' ratings, once: the row's `settled` is
        claimed in the same transaction as the new ratings (a second call, here or in another
        process, finds it claimed and changes nothing). `returns` None (the match failed):
        settled without a change. Whether this call applied it."""
        with self.engine.begin() as conn:
            claimed = conn.execute(
                update(rated_matches)
                .where(rated_matches.c.match_id == match_id, rated_matches.c.settled.is_(None))
                .values(settled=time.time())
            ).rowcount
            if claimed != 1:
                return False
            names = {
                r.seat: r.name
                for r in conn.execute(
                    select(seat_players.c.seat, seat_players.c.name).where(
                        seat_players.c.match_id == match_id
                    )
                )
            }
            if returns is None or set(names) != set(range(len(returns))):
                return False
            if len(set(names.values())) != len(names):
                return False  # one name on two seats: nothing to learn
            self._rate(conn, game, [names[s] for s in range(len(returns))], returns)
        return True

    def _rate(self, conn: Connection, game: str, names: list[str], returns: list[float]) -> None:
        model = _model()
        old = self._read(conn, game, names, lock=True)
        teams = [
            [model.rating(mu=old[n].mu, sigma=old[n].sigma)] if n in old else [model.rating()]
            for n in names
        ]
        new = model.rate(teams, ranks=ranks_of(returns))
        now = time.time()
        for name, team in zip(names, new, strict=True):
            r = team[0]
            if name in old:
                conn.execute(
                    update(ratings)
                    .where(ratings.c.game == game, ratings.c.name == name)
                    .values(mu=r.mu, sigma=r.sigma, games=old[name].games + 1, updated=now)
                )
            else:
                conn.execute(
                    insert(ratings).values(
                        game=game, name=name, mu=r.mu, sigma=r.sigma, games=1, updated=now
                    )
                )

    def _read(
        self, conn: Connection, game: str, names: list[str], lock: bool = False
    ) -> dict[str, Rating]:
        query = select(ratings).where(ratings.c.game == game, ratings.c.name.in_(names))
        if lock:
            query = query.with_for_update()
        return {r.name: Rating(r.mu, r.sigma, r.games) for r in conn.execute(query)}

    def ratings_of(self, game: str, names: list[str]) -> dict[str, Rating]:
        if not names:
            return {}
        with self.engine.connect() as conn:
            return self._read(conn, game, names)

    def leaderboard(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """The game's rated players, best conservative rating first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings)
                .where(ratings.c.game == game)
                .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), ratings.c.name)
                .limit(limit)
            ).all()
        return [{"name": r.name, **Rating(r.mu, r.sigma, r.games).to_json()} for r in rows]

    # --- live matches -------------------------------------------------------------------------
    def live(self, since: float, limit: int = 30) -> list[dict[str, Any]]:
        """Unfinished matches with a person seated that moved after `since`, the latest first:
        each with its game, its seats (kind and name) and its watch link."""
        last = (
            select(moves.c.match_id, func.max(moves.c.at).label("at"))
            .group_by(moves.c.match_id)
            .subquery()
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches.c.id, matches.c.game, last.c.at)
                .select_from(matches.join(last, last.c.match_id == matches.c.id))
                .where(matches.c.ended.is_(None), last.c.at >= since)
                .where(matches.c.id.in_(select(seats.c.match_id).where(seats.c.kind == "human")))
                .order_by(last.c.at.desc())
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            kinds: dict[str, dict[int, str]] = {}
            for s in conn.execute(
                select(seats.c.match_id, seats.c.seat, seats.c.kind).where(
                    seats.c.match_id.in_(ids)
                )
            ):
                kinds.setdefault(s.match_id, {})[s.seat] = s.kind
            named: dict[str, dict[int, str]] = {}
            for p in conn.execute(
                select(seat_players.c.match_id, seat_players.c.seat, seat_players.c.name).where(
                    seat_players.c.match_id.in_(ids)
                )
            ):
                named.setdefault(p.match_id, {})[p.seat] = p.name
        return [
            {
                "id": r.id,
                "game": r.game,
                "seats": [
                    {"seat": s, "kind": k, "player": named.get(r.id, {}).get(s)}
                    for s, k in sorted(kinds.get(r.id, {}).items())
                ],
                "watch": f"/m/{r.id}",
            }
            for r in rows
        ]
