"""Ratings from a tournament's games with openskill (Plackett-Luce), in game order.

The games are rated in the order of their index, never in the order they finished, so the
ratings are the same however the games were spread over processes or machines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from tablesports.core.errors import TablesportsError


@dataclass(frozen=True, slots=True)
class Rating:
    """One agent's rating: `mu` and `sigma`, and the conservative `ordinal` (mu - 3 sigma)."""

    agent: str
    mu: float
    sigma: float
    ordinal: float
    games: int

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def ranks_of(returns: Sequence[float]) -> list[float]:
    """Openskill ranks (0 is best) from returns: equal returns share a rank."""
    ordered = sorted(set(returns), reverse=True)
    return [float(ordered.index(r)) for r in returns]


def rate(
    agents: Sequence[str],
    games: Iterable[tuple[Sequence[int], Sequence[float]]],
    tau: float | None = None,
) -> list[Rating]:
    """Rate `agents` from `(seating, returns)` pairs, in the order given.

    `seating[seat]` is the index in `agents` of the agent in that seat. Returns the ratings
    sorted best first (by ordinal). `tau`: openskill's drift added to sigma before each game
    (None: its default, for players who change); 0 for bots whose strength is fixed, whose
    ratings then follow all their games, not the last few thousand.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - the extra is missing
        raise TablesportsError("ratings need openskill: pip install openskill") from None
    model = PlackettLuce() if tau is None else PlackettLuce(tau=tau)
    ratings = [model.rating(name=name) for name in agents]
    played = [0] * len(agents)
    for seating, returns in games:
        teams = [[ratings[a]] for a in seating]
        new = model.rate(teams, ranks=ranks_of(returns))
        for a, team in zip(seating, new, strict=True):
            ratings[a] = team[0]
            played[a] += 1
    table = [
        Rating(name, r.mu, r.sigma, r.ordinal(), n)
        for name, r, n in zip(agents, ratings, played, strict=True)
    ]
    return sorted(table, key=lambda r: r.ordinal, reverse=True)
