"""The team-turn tables and the skills, read from data/turn.toml and data/skills.toml."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tablesports.games.bloodbowl.rules_data import _package_file, _validate


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TurnNumbers(_Model):
    stand_up_cost: int
    stand_up_roll: int
    loner_roll: int
    really_stupid_roll: int
    really_stupid_helped: int
    bone_head_roll: int
    animal_savagery_roll: int
    animal_savagery_block_bonus: int
    regeneration_roll: int
    wild_pass_at: int
    interference_accurate: int
    interference_inaccurate: int
    interference_wild: int
    claws_armour: int
    pass_catch_modifier: int
    scattered_catch_modifier: int
    deflected_catch_modifier: int
    mighty_blow: int
    dirty_player: int
    right_stuff_max_st: int
    throw_scatters: int
    always_hungry_roll: int
    always_hungry_escape: int


class PassRange(_Model):
    name: str
    reach: float = Field(gt=0)
    modifier: int
    blizzard: bool
    source: str


class Band(_Model):
    low: int
    high: int
    result: str
    name: str = ""
    source: str


class TurnTables(_Model):
    numbers: TurnNumbers
    range: tuple[PassRange, ...] = Field(min_length=1)
    stunty_injury: tuple[Band, ...]
    casualty: tuple[Band, ...]

    @model_validator(mode="after")
    def _cover(self) -> TurnTables:
        for table, bands, lo, hi in (
            ("stunty_injury", self.stunty_injury, 2, 12),
            ("casualty", self.casualty, 1, 16),
        ):
            faces = sorted(v for b in bands for v in range(b.low, b.high + 1))
            if faces != list(range(lo, hi + 1)):
                raise ValueError(f"{table}: the bands must cover {lo}-{hi} once each")
        return self


class Skill(_Model):
    name: str = ""
    source: str
    status: str = Field(pattern="^(full|partial|no effect)$")
    text: str


@cache
def turn_tables() -> TurnTables:
    result: TurnTables = _validate(TurnTables, _package_file("turn.toml"), "turn.toml", "turn")
    return result


@cache
def skills() -> dict[str, Skill]:
    """Every skill by its name as rosters write it ("Mighty Blow (+1)")."""
    out = {}
    for key, value in _package_file("skills.toml").items():
        skill: Skill = _validate(Skill, value, "skills.toml", key)
        out[skill.name or key] = skill
    return out


_T = turn_tables()
TN = _T.numbers
RANGES = _T.range
STUNTY_INJURY = {v: b for b in _T.stunty_injury for v in range(b.low, b.high + 1)}
CASUALTY_TABLE = {v: b for b in _T.casualty for v in range(b.low, b.high + 1)}
