"""A game's ladder of levels, pair by adjacent pair: `tablesports strength GAME`.

    >>> result = run_ladder(game, games=200, out=Path("build/strength"))  # doctest: +SKIP

The pairs are the adjacent levels of `arena.levels` (easy-normal, normal-hard,
hard-strongest) and `normal` against a floor (`random`: "normal wins 90% against random");
with `round_robin`, every other pair of levels too (easy-hard, easy-strongest, normal-strongest),
so that the levels' ratings come from one round robin. Within a pair, games 2k and 2k+1 share a
seed with the seats swapped. A game's seed depends only on the ladder's seed, its pair's two
specs and k, never on how many games were asked for or on the other pairs, so that `--games 200`
after `--games 40` plays only the 160 new games of each pair, and a rebuilt level replays only
the pairs it is in.

Every finished game is appended to `OUT/GAME-ladder.jsonl` with, in its `meta`, the ladder's
key (game, game version, options, seed), its pair's specs, its number in the pair, which level
sat where and each seat's CPU time and decisions. A file of another ladder is refused with the
part that differs, never mixed in; the games of a pair no longer in the ladder (a level's spec
changed) stay in the file and are not counted.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena import resume
from tablesports.arena.engines import run_many
from tablesports.arena.levels import levels, uncapped
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.ratings import Rating, rate
from tablesports.arena.resume import fingerprint
from tablesports.arena.stats import Tally, outcome_of, wilson_interval
from tablesports.arena.work import Meter, counted
from tablesports.core.agent import Agent
from tablesports.core.errors import RecordError, TablesportsError
from tablesports.core.files import loads_json, read_lines
from tablesports.core.protocol import Action, Game, State
from tablesports.core.records import Record, parse_record

FIELD = "ladder"
"""The key of a ladder's records in their `meta`."""


class LadderError(TablesportsError):
    """A ladder that cannot run: no levels, bad settings, a file of another ladder."""


def lowered(spec: str, iterations: int | None) -> str:
    """Every `iterations=`/`rollouts=` budget of `spec` at most `iterations` (a quick trial)."""
    if iterations is None:
        return spec
    return re.sub(
        r"\b(iterations|rollouts)=(\d+)",
        lambda m: f"{m[1]}={min(int(m[2]), iterations)}",
        spec,
    )


@dataclass(frozen=True, slots=True)
class Pair:
    """Two levels head to head: `lower` is expected to lose to `higher`."""

    lower: str
    higher: str
    lower_spec: str
    higher_spec: str

    @property
    def label(self) -> str:
        return f"{self.lower} vs {self.higher}"

    @property
    def specs(self) -> str:
        """What a pair's games are: its records carry it, and its seeds follow from it."""
        return f"{self.lower_spec} / {self.higher_spec}"

    @property
    def code(self) -> int:
        """The pair's number in its games' seeds: the first 8 hex digits of its specs' hash."""
        return int(fingerprint(self.specs)[:8], 16)


def ladder_pairs(
    game: Game, against: str = "random", iterations: int | None = None, round_robin: bool = False
) -> list[Pair]:
    """The adjacent pairs of the game's levels, then `normal` against `against` (unless an
    adjacent pair already plays the two), then (`round_robin`) every other pair of levels."""
    specs = {name: lowered(uncapped(spec), iterations) for name, spec in levels(game).items()}
    names = list(specs)
    if len(names) < 2:
        raise LadderError(f"{game.info.id} has {len(names)} level(s): a ladder needs 2 or more")
    pairs = [Pair(a, b, specs[a], specs[b]) for a, b in pairwise(names)]
    floor = lowered(uncapped(against), iterations)
    played = any(p.higher == "normal" and p.lower_spec == floor for p in pairs)
    if "normal" in specs and floor != specs["normal"] and not played:
        pairs.append(Pair(against, "normal", floor, specs["normal"]))
    if round_robin:
        pairs += [
            Pair(a, b, specs[a], specs[b])
            for i, a in enumerate(names)
            for b in names[i + 2 :]
            if specs[a] != specs[b]
        ]
    return pairs


@dataclass(frozen=True, slots=True)
class Plan:
    """What a worker needs to play any game of the ladder; plain picklable data."""

    game_cls: type[Game]
    options: dict[str, Any]
    pairs: tuple[Pair, ...]
    seed: int
    max_steps: int = DEFAULT_MAX_STEPS
    levels: tuple[str, ...] = ()
    """The game's levels in order (the floor `normal` also plays is none of them)."""

    def parts(self) -> dict[str, Any]:
        """What names the ladder: a file of records holds one ladder's games only."""
        info = self.game_cls.info
        return {
            "game": info.id,
            "game_version": info.version,
            "options": json.loads(json.dumps(self.options, sort_keys=True, default=str)),
            "seed": self.seed,
        }

    def key(self) -> str:
        return resume.fingerprint(self.parts())


@dataclass(frozen=True, slots=True)
class Fixture:
    """Game `number` of pair `pair`; `higher_seat` is where the higher level sits."""

    pair: int
    number: int
    seed: int

    @property
    def higher_seat(self) -> int:
        return self.number % 2


def fixture(seed: int, pairs: Sequence[Pair], pair: int, number: int) -> Fixture:
    """Games 2k and 2k+1 of a pair share a seed; nothing but (seed, the pair's specs, k)
    makes it."""
    k = number // 2
    code = pairs[pair].code
    return Fixture(pair, number, (seed * 1_000_003 + code * 104_729 + k * 7_919) % 2**63)


class Timed:
    """An agent whose decisions are counted and timed in CPU seconds of this process (a
    worker plays one game at a time, so it is the agent's own time)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.cpu = 0.0
        self.decisions = 0

    def reset(self, seed: int) -> None:
        self.agent.reset(seed)

    def step(self, state: State) -> Action:
        started = time.process_time()
        action = self.agent.step(state)
        self.cpu += time.process_time() - started
        self.decisions += 1
        return action


def play_fixture(game: Game, plan: Plan, item: Fixture) -> Record:
    """Play one game of the ladder (in whatever process); its meta says what it was."""
    pair = plan.pairs[item.pair]
    specs = [pair.lower_spec, pair.higher_spec]
    if item.higher_seat == 0:
        specs.reverse()
    try:
        seated = [Timed(make_agent(spec, game)) for spec in specs]
        record = play_match(
            game, seated, item.seed, max_steps=plan.max_steps, on_step=counted(None)
        )
    except TablesportsError as exc:
        raise LadderError(f"{pair.label}, game {item.number} (seed {item.seed}): {exc}") from None
    record.meta.update(
        {
            FIELD: plan.key(),
            "pair": item.pair,
            "pair_specs": pair.specs,
            "pair_levels": [pair.lower, pair.higher],
            "number": item.number,
            "higher_seat": item.higher_seat,
            "cpu": [round(a.cpu, 4) for a in seated],
            "decisions": [a.decisions for a in seated],
        }
    )
    return record


def _prepare(plan: Plan) -> tuple[Game, Plan]:
    return plan.game_cls(**plan.options), plan


def _play(context: tuple[Game, Plan], item: Fixture) -> Record:
    return play_fixture(context[0], context[1], item)


def _kind(item: Fixture) -> int:
    return item.pair


def records_path(out: Path, game_id: str) -> Path:
    return out / f"{game_id}-ladder.jsonl"


def read_finished(path: Path, plan: Plan) -> tuple[list[Record], int]:
    """The games of this ladder's pairs already in `path` (each with `meta["pair"]` its index
    in `plan.pairs`), and how many games of pairs not in the plan the file holds (a level
    rebuilt since: kept, not counted). A torn last line is dropped; a file of another ladder
    (game, version, options, seed) raises `LadderError` naming what differs."""
    differs = _difference(path, plan)
    if differs:
        raise LadderError(
            f"{path} holds the games of another ladder ({differs}); "
            "give another --out folder, or delete that file to start afresh"
        )
    index = {p.specs: i for i, p in enumerate(plan.pairs)}
    kept: list[Record] = []
    aside = 0
    for record in resume.read_finished(path, FIELD, plan.key(), "ladder", LadderError):
        pair = index.get(record.meta.get("pair_specs"))  # type: ignore[arg-type]
        if pair is None:
            aside += 1
            continue
        record.meta["pair"] = pair
        kept.append(record)
    return kept, aside


def _difference(path: Path, plan: Plan) -> str:
    """What sets the file's first record apart from this ladder (`seed: the file's 1, this
    run's 2`), or "" when nothing does (or the file is absent or empty)."""
    if not path.exists():
        return ""
    for n, line in read_lines(path, "ladder file"):
        if not line.strip():
            continue
        try:
            meta = parse_record(loads_json(line, f"{path}:{n}"), f"{path}:{n}").meta
        except RecordError:
            return ""  # a torn line: resume.read_finished judges it
        theirs = meta.get("ladder_parts")
        if not isinstance(theirs, dict):
            return "its records are no ladder's"
        for name, mine in plan.parts().items():
            if theirs.get(name) != mine:
                return f"{name}: the file's {theirs.get(name)!r}, this run's {mine!r}"
        return ""
    return ""


@dataclass(slots=True)
class PairResult:
    """One pair's games, from the higher level's side."""

    pair: Pair
    tally: Tally = field(default_factory=Tally)
    cpu: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """CPU seconds of the lower and the higher level over the pair's games."""
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    seeds: set[int] = field(default_factory=set)

    @property
    def score(self) -> float:
        t = self.tally
        return (t.wins + 0.5 * t.draws) / t.games if t.games else 0.0

    @property
    def score_interval(self) -> tuple[float, float]:
        t = self.tally
        return wilson_interval(t.wins + 0.5 * t.draws, t.games)

    @property
    def separated(self) -> bool:
        """The higher level's score is above 50% at 95% (its interval's lower bound)."""
        return self.tally.games > 0 and self.score_interval[0] > 0.5

    def per_decision(self, side: int) -> float | None:
        return self.cpu[side] / self.decisions[side] if self.decisions[side] else None


@dataclass(slots=True)
class LadderResult:
    game: str
    plan: Plan
    pairs: list[PairResult]
    ratings: list[Rating]
    records: list[Record]
    asked: int = 0
    """Games asked a pair (a stopped run, or `play=False`, may have fewer)."""
    resumed: int = 0
    played: int = 0
    aside: int = 0
    """Games in the records of pairs no longer in the ladder (not counted)."""


def summarise(plan: Plan, records: Sequence[Record]) -> LadderResult:
    """Tally each pair from its higher level's side, and rate every level (the floor too) on
    all the games in turn: game 0 of every pair, then game 1 ... (rated pair by pair, the
    first pair's thousands of games would shrink every sigma before the next pair is read)."""
    ordered = sorted(records, key=lambda r: (r.meta["number"], r.meta["pair"]))
    results = [PairResult(p) for p in plan.pairs]
    names: list[str] = []
    for p in plan.pairs:
        names += [n for n in (p.lower, p.higher) if n not in names]
    games = []
    for record in ordered:
        meta = record.meta
        result = results[meta["pair"]]
        high = meta["higher_seat"]
        returns = record.returns or [0.0, 0.0]
        result.tally.add(outcome_of(returns, high))
        for side, seat in ((0, 1 - high), (1, high)):
            result.cpu[side] += meta["cpu"][seat]
            result.decisions[side] += meta["decisions"][seat]
        result.seeds.add(int(record.seed or 0))
        pair = result.pair
        seating = [names.index(pair.lower), names.index(pair.higher)]
        if high == 0:
            seating.reverse()
        games.append((seating, returns))
    ratings = rate(names, games, tau=0.0)  # a level is a fixed bot: its skill does not drift
    return LadderResult(plan.game_cls.info.id, plan, results, ratings, ordered)


def run_ladder(
    game: Game,
    games: int,
    seed: int = 0,
    *,
    out: Path,
    jobs: int = 1,
    against: str = "random",
    iterations: int | None = None,
    round_robin: bool = False,
    only: Sequence[str] = (),
    meter: Meter | None = None,
    on_record: Callable[[Record], None] | None = None,
    play: bool = True,
) -> LadderResult:
    """Play (or finish) `games` games of every pair of the game's ladder; records in `out`.
    `only` (pairs named `normal-hard`) plays those pairs alone, on the seeds the whole ladder
    gives them, so that their games count when the rest is played. With `play=False`, only
    the games already in `out` are summed up."""
    if game.info.players != 2:
        raise LadderError(f"a ladder pits 2 players; {game.info.id} has {game.info.players}")
    if games < 1:
        raise LadderError(f"--games (per pair) must be 1 or more, got {games}")
    pairs = ladder_pairs(game, against, iterations, round_robin)
    for p in pairs:
        for spec in (p.lower_spec, p.higher_spec):
            make_agent(spec, game)  # a bad spec fails here, before any game
    plan = Plan(
        type(game), game.options.model_dump(), tuple(pairs), seed, levels=tuple(levels(game))
    )
    path = records_path(out, game.info.id)
    finished, aside = read_finished(path, plan)
    done = {(r.meta["pair"], r.meta["number"]) for r in finished}
    # game 0 of every pair, then game 1 ...: a run stopped early has some of every pair
    chosen = chosen_pairs(pairs, only)
    todo = [fixture(seed, pairs, p, n) for n in range(games) for p in chosen if (p, n) not in done]
    if not play:
        todo = []
    if meter is not None:
        meter.expect({p: sum(1 for f in todo if f.pair == p) for p in range(len(pairs))}, jobs)
    played = run_many(
        _prepare,
        _play,
        plan,
        todo,
        jobs=jobs,
        error=LadderError,
        kind=_kind,
        on_report=meter.add if meter is not None else None,
        chunk=1,  # long games: each is saved as it ends, so that a kill loses only those in play
    )
    new: list[Record] = []
    for record in resume.appended(_keyed(played, plan), path):
        new.append(record)
        if on_record is not None:
            on_record(record)
    kept = [r for r in finished + new if r.meta["number"] < games]
    result = summarise(plan, kept)
    result.asked, result.resumed, result.played = games, len(finished), len(new)
    result.aside = aside
    return result


def chosen_pairs(pairs: Sequence[Pair], only: Sequence[str]) -> list[int]:
    """The indices of the pairs named in `only` (`normal-hard`), every pair when it is empty."""
    names = {f"{p.lower}-{p.higher}": i for i, p in enumerate(pairs)}
    unknown = [name for name in only if name.strip() not in names]
    if unknown:
        raise LadderError(
            f"no pair {', '.join(map(repr, unknown))} in this ladder: its pairs are "
            f"{', '.join(names)}"
        )
    return sorted({names[name.strip()] for name in only}) if only else list(range(len(pairs)))


def _keyed(records: Any, plan: Plan) -> Any:
    """Each record with the ladder's parts in its meta (a later run's error names them)."""
    parts = plan.parts()
    for record in records:
        record.meta["ladder_parts"] = parts
        yield record
