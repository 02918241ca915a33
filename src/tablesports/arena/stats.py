"""Statistics for many games: Wilson 95% intervals, results per agent, the first seat's edge."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and n successes,
    which matters for lopsided match-ups. With no trials every rate is possible: (0, 1).
    `successes` may hold halves: a score counts a draw as half a win.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    # The interval always holds p; clamping keeps rounding from pushing 0/n above 0.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def outcome_of(returns: Sequence[float], seat: int) -> int:
    """+1 when `seat` has the strictly best return, 0 when it shares the best, -1 otherwise."""
    mine = returns[seat]
    best_other = max(r for s, r in enumerate(returns) if s != seat)
    return 1 if mine > best_other else 0 if mine == best_other else -1


@dataclass(slots=True)
class Tally:
    """Wins, draws and losses of one agent (or one seat)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, outcome: int) -> None:
        if outcome > 0:
            self.wins += 1
        elif outcome == 0:
            self.draws += 1
        else:
            self.losses += 1

    def rate(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.rate(self.wins)

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def interval(self, count: int) -> tuple[float, float]:
        return wilson_interval(count, self.games)

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "win_interval": list(self.win_interval),
            "draw_interval": list(self.interval(self.draws)),
            "loss_interval": list(self.interval(self.losses)),
        }


@dataclass(slots=True)
class Figure:
    """One of a game's own figures (`State.figures`) over the games that have it."""

    counts: Counter[float] = field(default_factory=Counter)

    @property
    def games(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        return sum(v * n for v, n in self.counts.items()) / self.games if self.games else 0.0

    def distribution(self, limit: int = 12) -> dict[float, float]:
        """Each value's share of the games, when the values are few whole numbers (else {})."""
        if len(self.counts) > limit or any(v != int(v) for v in self.counts):
            return {}
        return {v: n / self.games for v, n in sorted(self.counts.items())}

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"games": self.games, "mean": self.mean}
        shares = self.distribution()
        if shares:
            out["distribution"] = {f"{v:g}": share for v, share in shares.items()}
        return out


@dataclass(slots=True)
class Summary:
    """Everything `simulate` reports, accumulated one game at a time (in any order)."""

    agents: list[str]
    per_agent: list[Tally] = field(default_factory=list)
    per_seat: list[Tally] = field(default_factory=list)
    games: int = 0
    total_steps: int = 0
    total_decisions: int = 0
    figures: dict[str, Figure] = field(default_factory=dict)
    """The game's own figures (`State.figures`), by name, in the order they first came."""

    def __post_init__(self) -> None:
        if not self.per_agent:
            self.per_agent = [Tally() for _ in self.agents]
        if not self.per_seat:
            self.per_seat = [Tally() for _ in self.agents]

    def add(
        self,
        seating: Sequence[int],
        returns: Sequence[float],
        steps: int,
        decisions: int,
        figures: Mapping[str, float] | None = None,
    ) -> None:
        """One game: `seating[seat]` is the index of the agent in that seat."""
        for name, value in (figures or {}).items():
            self.figures.setdefault(name, Figure()).counts[value] += 1
        for seat, agent in enumerate(seating):
            outcome = outcome_of(returns, seat)
            self.per_agent[agent].add(outcome)
            self.per_seat[seat].add(outcome)
        self.games += 1
        self.total_steps += steps
        self.total_decisions += decisions

    @property
    def mean_steps(self) -> float:
        return self.total_steps / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        return self.total_decisions / self.games if self.games else 0.0

    @property
    def first_seat(self) -> Tally:
        """The first seat's tally: its win rate, against an even 50%, is the seat advantage."""
        return self.per_seat[0]

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "agents": {
                name: tally.to_json()
                for name, tally in zip(self.agents, self.per_agent, strict=True)
            },
            "seats": [tally.to_json() for tally in self.per_seat],
            "mean_steps": self.mean_steps,
            "mean_decisions": self.mean_decisions,
            **(
                {"figures": {name: f.to_json() for name, f in self.figures.items()}}
                if self.figures
                else {}
            ),
        }
