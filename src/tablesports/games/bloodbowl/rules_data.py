"""Rosters, teams, formations and tables: TOML files validated with pydantic.

A bad file raises `DataFileError` naming the file, the entry and the problem. The package's
own files are read once and cached; a user's team file is read each time it is loaded.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tablesports.core.errors import DataFileError
from tablesports.core.files import loads_toml, read_resource, read_toml

PACKAGE = "tablesports.games.bloodbowl"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Position(_Model):
    """One line of a published roster."""

    name: str = Field(min_length=1)
    max: int = Field(ge=1, le=16)
    cost: int = Field(ge=0)
    ma: int = Field(ge=1, le=9)
    st: int = Field(ge=1, le=8)
    ag: int = Field(ge=1, le=6, description="the AG target, e.g. 3 for 3+")
    pa: int = Field(ge=0, le=6, description="the PA target; 0 for '-'")
    av: int = Field(ge=3, le=12, description="the AV target, e.g. 9 for 9+")
    skills: tuple[str, ...] = ()
    edition: str = Field(min_length=1)


class Limit(_Model):
    """A maximum shared by several positions (e.g. one Big Guy of three)."""

    positions: tuple[str, ...] = Field(min_length=2)
    max: int = Field(ge=0, le=16)


class Roster(_Model):
    name: str = Field(min_length=1)
    edition: str = Field(min_length=1)
    reroll_cost: int = Field(ge=0)
    apothecary: bool = False
    source: str = Field("", description="where the values were checked")
    positions: tuple[Position, ...] = Field(min_length=1)
    limits: tuple[Limit, ...] = ()

    def position(self, name: str) -> Position | None:
        return next((p for p in self.positions if p.name == name), None)


class TeamPlayer(_Model):
    number: int = Field(ge=1, le=99)
    position: str = Field(min_length=1)
    name: str = ""


class Team(_Model):
    """A team: a roster's players by shirt number, and the team's own extras."""

    name: str = Field(min_length=1)
    roster: str = Field(min_length=1)
    edition: str = Field(min_length=1)
    rerolls: int = Field(ge=0, le=8)
    cheerleaders: int = Field(ge=0, le=12)
    assistant_coaches: int = Field(ge=0, le=6)
    fan_factor: int = Field(ge=0, le=7, description="Dedicated Fans")
    players: tuple[TeamPlayer, ...] = Field(min_length=1, max_length=16)
    apothecary: bool | None = Field(
        None, description="hires an Apothecary; left out: if the roster allows one"
    )

    @model_validator(mode="after")
    def _numbers_unique(self) -> Team:
        numbers = [p.number for p in self.players]
        dup = sorted({n for n in numbers if numbers.count(n) > 1})
        if dup:
            raise ValueError(f"shirt numbers used twice: {dup}")
        return self


class Formation(_Model):
    name: str
    slots: tuple[tuple[int, int], ...] = Field(min_length=11, max_length=11)


class KickoffEntry(_Model):
    roll: int = Field(ge=2, le=12)
    event: str
    name: str
    source: str
    text: str


class WeatherEntry(_Model):
    low: int = Field(ge=2, le=12)
    high: int = Field(ge=2, le=12)
    weather: str
    name: str
    source: str
    text: str
    heat_collapse_on: int = 0
    pass_modifier: int = 0
    catch_modifier: int = 0
    pickup_modifier: int = 0
    rush_modifier: int = 0


class DirectionEntry(_Model):
    roll: int = Field(ge=1, le=8)
    dx: int = Field(ge=-1, le=1)
    dy: int = Field(ge=-1, le=1)


class ThrowInEntry(_Model):
    low: int = Field(ge=1, le=6)
    high: int = Field(ge=1, le=6)
    turn: int = Field(ge=-1, le=1)


class RangeEntry(_Model):
    low: int
    high: int
    result: str
    name: str = ""
    source: str
    text: str = ""


class Numbers(_Model):
    ko_recovery: int
    bribe: int
    open_players_base: int
    kickoff_catch_modifier: int
    marking_modifier: int
    rush_target: int
    max_rushes: int
    setup_takebacks: int
    turns_per_half: int
    team_size: int
    los_minimum: int
    wide_zone_maximum: int


class Tables(_Model):
    kickoff: tuple[KickoffEntry, ...] = Field(min_length=11, max_length=11)
    weather: tuple[WeatherEntry, ...]
    direction: tuple[DirectionEntry, ...] = Field(min_length=8, max_length=8)
    argue: tuple[RangeEntry, ...]
    injury: tuple[RangeEntry, ...]
    throw_in: tuple[ThrowInEntry, ...]
    numbers: Numbers

    @model_validator(mode="after")
    def _tables_cover_their_dice(self) -> Tables:
        if sorted(k.roll for k in self.kickoff) != list(range(2, 13)):
            raise ValueError("kickoff: every 2D6 total from 2 to 12 needs exactly one entry")
        _cover("weather", [(w.low, w.high) for w in self.weather], 2, 12)
        _cover("argue", [(a.low, a.high) for a in self.argue], 1, 6)
        _cover("injury", [(a.low, a.high) for a in self.injury], 2, 12)
        _cover("throw_in", [(a.low, a.high) for a in self.throw_in], 1, 6)
        if sorted(d.roll for d in self.direction) != list(range(1, 9)):
            raise ValueError("direction: every D8 face from 1 to 8 needs exactly one entry")
        return self


def _cover(table: str, ranges: list[tuple[int, int]], low: int, high: int) -> None:
    faces = sorted(v for lo, hi in ranges for v in range(lo, hi + 1))
    if faces != list(range(low, high + 1)):
        raise ValueError(f"{table}: the ranges must cover {low}-{high} once each, got {faces}")


# --- reading -------------------------------------------------------------------------------


def _read_toml(text: str, where: str) -> dict[str, Any]:
    return loads_toml(text, where)


def _validate(model: type[BaseModel], data: Any, where: str, entry: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(entry)'}: {e['msg']}" for e in exc.errors()
        )
        raise DataFileError(f"{where}: entry {entry!r}: {problems}") from None


def _package_file(name: str) -> dict[str, Any]:
    where = f"bloodbowl/data/{name}"
    return _read_toml(read_resource(resources.files(PACKAGE) / "data" / name, where), where)


@cache
def tables() -> Tables:
    result: Tables = _validate(Tables, _package_file("tables.toml"), "tables.toml", "tables")
    return result


@cache
def rosters() -> dict[str, Roster]:
    raw = _package_file("rosters.toml")
    return {k: _validate(Roster, v, "rosters.toml", k) for k, v in raw.items()}


@cache
def teams() -> dict[str, Team]:
    raw = _package_file("teams.toml")
    out = {}
    for key, value in raw.items():
        team: Team = _validate(Team, value, "teams.toml", key)
        check_team(team, "teams.toml", key)
        out[key] = team
    return out


@cache
def formations() -> dict[str, Formation]:
    raw = _package_file("formations.toml")
    out = {}
    for key, value in raw.items():
        formation: Formation = _validate(Formation, value, "formations.toml", key)
        for depth, y in formation.slots:
            if not (0 <= depth <= 12 and 0 <= y <= 14):
                raise DataFileError(f"formations.toml: entry {key!r}: slot {[depth, y]} is off")
        out[key] = formation
    return out


def check_team(team: Team, where: str, entry: str) -> None:
    """The team against its roster: known positions, within each position's maximum."""
    roster = rosters().get(team.roster)
    if roster is None:
        raise DataFileError(
            f"{where}: entry {entry!r}: unknown roster {team.roster!r} "
            f"(the rosters are: {', '.join(sorted(rosters()))})"
        )
    for p in team.players:
        if roster.position(p.position) is None:
            names = ", ".join(q.name for q in roster.positions)
            raise DataFileError(
                f"{where}: entry {entry!r}: player #{p.number}: {roster.name} has no position "
                f"{p.position!r} (the positions are: {names})"
            )
    for pos in roster.positions:
        count = sum(1 for p in team.players if p.position == pos.name)
        if count > pos.max:
            raise DataFileError(
                f"{where}: entry {entry!r}: {count} players of position {pos.name!r}, "
                f"the roster allows at most {pos.max}"
            )
    for limit in roster.limits:
        count = sum(1 for p in team.players if p.position in limit.positions)
        if count > limit.max:
            raise DataFileError(
                f"{where}: entry {entry!r}: {count} players of {', '.join(limit.positions)}, "
                f"the roster allows at most {limit.max} of them together"
            )
    check_insignificant(team, roster, where, entry)
    if team.apothecary and not roster.apothecary:
        raise DataFileError(
            f"{where}: entry {entry!r}: apothecary = true, but the {roster.name} roster "
            "may not hire an Apothecary"
        )


def check_insignificant(team: Team, roster: Roster, where: str, entry: str) -> None:
    """Insignificant (2025 trait): no more players with it than players without it."""
    small = [p for p in team.players if "Insignificant" in _skills_of(roster, p.position)]
    if small and len(small) > len(team.players) - len(small):
        raise DataFileError(
            f"{where}: entry {entry!r}: {len(small)} Insignificant players "
            f"({', '.join(sorted({p.position for p in small}))}) and "
            f"{len(team.players) - len(small)} others: a team may not have more players "
            "with Insignificant than players without it"
        )


def _skills_of(roster: Roster, position: str) -> tuple[str, ...]:
    pos = roster.position(position)
    return pos.skills if pos is not None else ()


BUDGET = 1_250_000
"""The match's default budget (house rule: enough for every published team; a league sets its
own with the `budget` option, e.g. the BB2020 starting 1,000,000)."""
STAFF_COST = 10_000
"""A cheerleader or an assistant coach (BB2020)."""
APOTHECARY_COST = 50_000
"""An Apothecary (BB2020)."""


def team_value(team: Team) -> int:
    """The team's value in gold pieces: its players, team re-rolls, cheerleaders, assistant
    coaches and Apothecary at their BB2020 prices (Dedicated Fans are not counted, house)."""
    roster = rosters()[team.roster]
    value = 0
    for p in team.players:
        pos = roster.position(p.position)
        value += pos.cost if pos is not None else 0
    value += team.rerolls * roster.reroll_cost
    value += (team.cheerleaders + team.assistant_coaches) * STAFF_COST
    value += APOTHECARY_COST if has_apothecary(team) else 0
    return value


def check_budget(team: Team, budget: int, where: str) -> None:
    """The team's value within the match's budget, with the cost of each part named."""
    value = team_value(team)
    if value > budget:
        roster = rosters()[team.roster]
        raise DataFileError(
            f"{where}: team {team.name!r} is worth {value:,} gold ({len(team.players)} players, "
            f"{team.rerolls} re-rolls at {roster.reroll_cost:,}, staff and Apothecary), over "
            f"the match's budget of {budget:,} (option budget)"
        )


def has_apothecary(team: Team) -> bool:
    """The team has an Apothecary: one its roster allows, unless the team file says no."""
    roster = rosters().get(team.roster)
    allowed = roster is not None and roster.apothecary
    return allowed and team.apothecary is not False


def load_team(spec: str) -> Team:
    """A team by the key of a published team ("human") or the path of a team file."""
    if spec in teams():
        return teams()[spec]
    path = Path(spec)
    if not path.suffix:
        raise DataFileError(
            f"unknown team {spec!r}: give one of {', '.join(sorted(teams()))} "
            "or the path of a .toml team file"
        )
    raw = read_toml(path, "team file")
    if "team" not in raw or not isinstance(raw["team"], dict):
        raise DataFileError(f"{path}: a team file needs one [team] table")
    team: Team = _validate(Team, raw["team"], str(path), "team")
    check_team(team, str(path), "team")
    return team
