"""Round-robin tournaments: every pair of agents, seats swapped, saved game by game.

    >>> result = run_tournament(game, ["random", "mcts"], games=20, out="t.jsonl")  # doctest: +SKIP

Each pair plays `games` games; game `2k` and `2k + 1` share one seed (the same dice and deals)
with the seats swapped, so neither agent gets the better luck or the better seat. A game's seed
depends only on the tournament seed and the game's index, and a worker builds its agents from
their specs, so every game is the same whichever engine ran it (serial, processes, Ray),
as long as the agents' budgets are iterations rather than seconds.

Every finished game is appended to the output JSON Lines file as a `Record` whose `meta` holds
the tournament's fingerprint, the game's index and its seating. Run the same tournament with the
same file again and the finished games are read back, not replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena import resume
from tablesports.arena.engines import run_many
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.ratings import Rating, rate
from tablesports.arena.stats import Tally, outcome_of
from tablesports.arena.work import Meter, counted
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.records import Record
from tablesports.core.registry import game_ids, register


class TournamentError(TablesportsError):
    """A tournament that cannot run: bad agents, a foreign results file, a failed game."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What a worker needs to play any game of the tournament; plain picklable data."""

    game_cls: type[Game]
    options: dict[str, Any]
    agents: tuple[str, ...]
    games_per_pair: int
    seed: int
    max_steps: int = DEFAULT_MAX_STEPS

    def fingerprint(self) -> str:
        """Names the tournament in its records, so that a resumed file must match it."""
        info = self.game_cls.info
        return resume.fingerprint(
            info.id, info.version, self.options, self.agents, self.games_per_pair, self.seed
        )


@dataclass(frozen=True, slots=True)
class Fixture:
    """Game `index`: `seating[seat]` is the index of the agent in that seat."""

    index: int
    seating: tuple[int, ...]
    seed: int


def schedule(plan: Plan) -> list[Fixture]:
    """Every game of the round robin, pair by pair; odd games swap the seats of the even ones."""
    fixtures: list[Fixture] = []
    for a, b in combinations(range(len(plan.agents)), 2):
        for g in range(plan.games_per_pair):
            index = len(fixtures)
            pair_game = index - g + g // 2  # the index of the first game of this seed pair
            seed = (plan.seed * 1_000_003 + pair_game * 7_919) % 2**63
            fixtures.append(Fixture(index, (a, b) if g % 2 == 0 else (b, a), seed))
    return fixtures


def prepare_game(plan: Plan) -> Game:
    """A worker's game, built once per process (a plugin or test game is registered there)."""
    game = plan.game_cls(**plan.options)
    if game.info.id not in game_ids():
        register(game.info.id, plan.game_cls)
    return game


def play_fixture(game: Game, plan: Plan, fixture: Fixture) -> Record:
    """Play one game (in whatever process) and return its record, meta filled in.

    The agents are built afresh for every game, so nothing a bot keeps between games can make
    a game depend on which games its process played before.
    """
    try:
        seated = [make_agent(plan.agents[a], game) for a in fixture.seating]
        record = play_match(
            game, seated, fixture.seed, max_steps=plan.max_steps, on_step=counted(None)
        )
    except TablesportsError as exc:
        # Re-raised as a plain TournamentError: it crosses process boundaries (pickling).
        raise TournamentError(f"game {fixture.index} (seed {fixture.seed}): {exc}") from None
    record.meta.update(
        tournament=plan.fingerprint(),
        index=fixture.index,
        seating=list(fixture.seating),
        seed=fixture.seed,
    )
    return record


def pairing(fixture: Fixture) -> tuple[int, ...]:
    """A game's kind for the progress bar: the pair of agents, in either seat (pairs differ in
    pace: a search agent's games take far longer than random's)."""
    return tuple(sorted(fixture.seating))


def _prepare(plan: Plan) -> tuple[Game, Plan]:
    return prepare_game(plan), plan


def _play(context: tuple[Game, Plan], fixture: Fixture) -> Record:
    return play_fixture(context[0], context[1], fixture)


@dataclass(slots=True)
class TournamentResult:
    """Ratings, the win-rate matrix and the first seat's edge, from the records by index."""

    game: str
    agents: list[str]
    records: list[Record]
    ratings: list[Rating]
    pairs: dict[tuple[int, int], Tally]
    """`pairs[i, j]`: agent i's wins, draws and losses against agent j."""
    seats: list[Tally]
    resumed: int = 0
    played: int = 0
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "agents": self.agents,
            "games": len(self.records),
            "resumed": self.resumed,
            "played": self.played,
            "ratings": [r.to_json() for r in self.ratings],
            "matrix": [
                {"agent": self.agents[i], "opponent": self.agents[j], **t.to_json()}
                for (i, j), t in sorted(self.pairs.items())
            ],
            "seats": [t.to_json() for t in self.seats],
        }


def summarise(plan: Plan, records: Sequence[Record]) -> TournamentResult:
    """Tally and rate the records in index order."""
    ordered = sorted(records, key=lambda r: r.meta["index"])
    n = len(plan.agents)
    pairs = {(i, j): Tally() for i in range(n) for j in range(n) if i != j}
    seats = [Tally() for _ in range(plan.game_cls.info.players)]
    games = []
    for record in ordered:
        seating = record.meta["seating"]
        returns = record.returns or [0.0] * len(seating)
        games.append((seating, returns))
        for seat, agent in enumerate(seating):
            outcome = outcome_of(returns, seat)
            seats[seat].add(outcome)
            for other_seat, other in enumerate(seating):
                if other_seat != seat:
                    pairs[agent, other].add(outcome)
    return TournamentResult(
        game=plan.game_cls.info.id,
        agents=list(plan.agents),
        records=ordered,
        ratings=rate(list(plan.agents), games),
        pairs=pairs,
        seats=seats,
    )


def read_finished(path: Path, plan: Plan) -> list[Record]:
    """The games of this tournament already in `path`; a torn last line is dropped."""
    return resume.read_finished(
        path, "tournament", plan.fingerprint(), "tournament", TournamentError
    )


def run_tournament(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    engine: str = "process",
    address: str | None = None,
    out: str | Path | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    on_record: Callable[[Record], None] | None = None,
    meter: Meter | None = None,
) -> TournamentResult:
    """Play (or finish) a round robin of `agents`, `games` games per pair.

    `engine` is "process" (`jobs` processes; 1 plays here) or "ray" (a local Ray with `jobs`
    CPUs, or the cluster at `address`). With `out`, records are appended as games finish and
    the finished ones are skipped when the same tournament runs again. `meter` hears of the
    moves and games as they are played, per pairing.
    """
    if len(agents) < 2:
        raise TournamentError(f"a tournament needs 2 agents or more, got {len(agents)}")
    if len(set(agents)) != len(agents):
        raise TournamentError(f"each agent may be named once, got {', '.join(agents)}")
    if game.info.players != 2:
        raise TournamentError(
            f"the arena runs 2-player games; {game.info.id} has {game.info.players}"
        )
    if games < 1:
        raise TournamentError(f"--games (per pair) must be 1 or more, got {games}")
    for spec in agents:
        make_agent(spec, game)  # a bad spec fails here, before any process starts
    plan = Plan(type(game), game.options.model_dump(), tuple(agents), games, seed, max_steps)
    path = Path(out) if out is not None else None
    finished = read_finished(path, plan) if path is not None else []
    done = {r.meta["index"] for r in finished}
    # the pairings in turn (game 0 of each, then game 1 ...), so that each pairing's pace is
    # seen early and the time left is not taken from the fast pairings alone
    todo = sorted(
        (f for f in schedule(plan) if f.index not in done), key=lambda f: (f.index % games, f.index)
    )
    if meter is not None:
        kinds = [pairing(f) for f in todo]
        meter.expect({k: kinds.count(k) for k in dict.fromkeys(kinds)}, jobs)
    new: list[Record] = []
    played = run_many(
        _prepare,
        _play,
        plan,
        todo,
        jobs=jobs,
        engine=engine,
        address=address,
        error=TournamentError,
        kind=pairing,
        on_report=meter.add if meter is not None else None,
    )
    for record in _saved(played, path):
        new.append(record)
        if on_record is not None:
            on_record(record)
    result = summarise(plan, finished + new)
    result.resumed, result.played = len(finished), len(new)
    return result


def _saved(records: Iterator[Record], path: Path | None) -> Iterator[Record]:
    """Append each record to `path` as it arrives, whole and flushed, so an interruption
    loses none."""
    return resume.appended(records, path)
