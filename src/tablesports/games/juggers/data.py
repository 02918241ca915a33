"""The game's data files (characters, table, house rules): read with tomllib, checked by pydantic.

A bad file raises `DataFileError` naming the file, the entry and the field.
"""

from __future__ import annotations

import importlib.resources
from functools import cache
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tablesports.core.errors import DataFileError
from tablesports.core.files import loads_toml, read_resource


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Supermove(_Strict):
    name: str = Field(min_length=1)
    morale: int = Field(ge=0, le=30)
    power: float = Field(1.0, ge=1.0, le=2.0)
    precision: float = Field(1.0, gt=0.0, le=1.0)
    heavy: float = Field(1.0, ge=1.0, le=5.0)
    ghost: bool = False

    def effects(self) -> str:
        parts = []
        if self.power != 1.0:
            parts.append(f"power x{self.power:g}")
        if self.precision != 1.0:
            parts.append(f"spread x{self.precision:g}")
        if self.heavy != 1.0:
            parts.append(f"mass x{self.heavy:g}")
        if self.ghost:
            parts.append("through team-mates")
        return ", ".join(parts) or "none"


class Character(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    cost: int = Field(ge=0, le=200)
    life: int = Field(ge=1, le=9)
    stamina: int = Field(ge=0, le=100)
    charisma: int = Field(ge=0, le=100)
    precision: float = Field(gt=0.0, le=20.0)
    supermove: Supermove


class Roster(_Strict):
    character: list[Character] = Field(min_length=8)

    @model_validator(mode="after")
    def _unique(self) -> Roster:
        seen: set[str] = set()
        for c in self.character:
            if c.id in seen:
                raise ValueError(f"the id {c.id!r} is used twice")
            seen.add(c.id)
        return self


class Table(_Strict):
    width: float = Field(gt=100.0)
    height: float = Field(gt=100.0)
    goal_line: float = Field(gt=0.0)
    mouth: float = Field(gt=0.0)
    post_radius: float = Field(gt=0.0)
    coin_radius: float = Field(gt=0.0)
    coin_mass: float = Field(gt=0.0)
    sliding_friction: float = Field(gt=0.0)
    gravity: float = Field(gt=0.0)
    restitution_coins: float = Field(ge=0.0, le=1.0)
    restitution_posts: float = Field(ge=0.0, le=1.0)
    coin_friction: float = Field(ge=0.0)
    max_speed: float = Field(gt=0.0)
    time_step: float = Field(gt=0.0, le=0.05)
    max_time: float = Field(gt=0.0)
    strength_spread: float = Field(ge=0.0, le=0.5)

    @model_validator(mode="after")
    def _fits(self) -> Table:
        if self.mouth <= 2 * self.coin_radius:
            raise ValueError("mouth: a coin must fit between the posts")
        if self.restitution_posts > 0.0 and self.restitution_coins == 0.0:
            raise ValueError(
                "restitution_coins: over 0 when restitution_posts is (Chipmunk multiplies the "
                "coin's elasticity and the post's)"
            )
        # the fastest coin (a supermove's power is at most 2, the noise adds a strength spread)
        # must not skip, in one step, the goal's depth (where a whole coin fits inside the
        # posts) nor the width of another coin
        step = 2.0 * (1.0 + self.strength_spread) * self.max_speed * self.time_step
        if step >= self.goal_line - self.coin_radius or step >= 2 * self.coin_radius:
            raise ValueError(
                f"time_step: at twice max_speed a coin moves {step:g} mm in a step, more than "
                "the goal's depth (goal_line - coin_radius) or a coin's width"
            )
        return self


class HouseRules(_Strict):
    innings: int = Field(ge=1, le=30)
    starting_morale: int = Field(ge=0, le=100)
    morale_cap: int = Field(ge=0, le=100)
    heroic_morale: int = Field(ge=0, le=30)
    excite_discount: int = Field(ge=0, le=30)
    budget: int = Field(ge=0, le=1000)
    attacker_restriction: Literal["between", "free"]
    shot_free: bool
    attacker_actions: int = Field(ge=1, le=100)
    fall_ends_attack: bool = True
    hero_score: bool
    hero_knock_off: bool
    hero_clean_defence: bool
    sudden_death_cap: int | None = Field(None, ge=1, le=1000)
    """None: the shoot-out goes on until one side leads (R33); a number caps it (RL)."""


M = TypeVar("M", bound=BaseModel)


def parse_data(model: type[M], text: str, name: str) -> M:
    """Validate a data file's text; the error names the file, the entry and the field."""
    raw = loads_toml(text, name)  # bounded nesting; a FileReadError is a DataFileError
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = list(err["loc"])
            where = ".".join(str(p) for p in loc) or "(top)"
            entry = ""
            if len(loc) >= 2 and isinstance(loc[1], int):  # [[character]] number n
                items = raw.get(str(loc[0]), [])
                ident = items[loc[1]].get("id", "?") if loc[1] < len(items) else "?"
                field = ".".join(str(p) for p in loc[2:]) or "(entry)"
                entry = f"entry {loc[1] + 1} (id {ident!r}), field {field!r}"
            else:
                entry = f"field {where!r}"
            problems.append(f"{entry}: {err['msg']}")
        raise DataFileError(f"{name}: " + "; ".join(problems)) from None


def _read(file: str) -> str:
    resource = importlib.resources.files("tablesports.games.juggers") / "data" / file
    return read_resource(resource, f"juggers/data/{file}")


@cache
def roster() -> Roster:
    return parse_data(Roster, _read("characters.toml"), "juggers/data/characters.toml")


@cache
def table() -> Table:
    return parse_data(Table, _read("table.toml"), "juggers/data/table.toml")


@cache
def house_rules() -> HouseRules:
    return parse_data(HouseRules, _read("house_rules.toml"), "juggers/data/house_rules.toml")
