"""Heroes, talents and spars from ``data/*.toml``, validated with pydantic (rules.md, "Heroes").

A bad file raises DataFileError naming the file, the hero (or spar/talent) and the field, so a
player who types in the real hero cards (``-o heroes=my_heroes.toml``) learns what to fix.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tablesports.core.errors import DataFileError
from tablesports.core.files import loads_toml, read_resource, read_text

LABELS = ("Standardaktion", "Standardangriff", "Parade", "Duell", "Reaktion", "Passiv")
EFFECTS = (
    "attack_dice",  # Standardangriff: n more attack dice
    "bonus_attack",  # Standardangriff: one bonus attack after the first (R113)
    "parry_dice",  # Parade: n more parry dice
    "duel_dice",  # Duell: n more duel dice
    "lunge",  # Reaktion to an attack declared on the hero: up to n hexes (R66)
    "extra_move",  # Passiv: n more hexes in every movement
    "jugg_discount",  # Passiv: pick-up and scoring cost n FP less (at least 1)
    "reroll",  # Reaktion to the hero's own combat roll: roll those dice again (R5)
    "force_reroll",  # Reaktion to the enemy's combat roll against the hero: he rolls again (R5)
    "quickstep",  # Reaktion to an enemy entering / moving in / leaving range: a step (R65)
)
TRIGGERS = ("enter_range", "move_in_range", "leave_range")
"""The range terms of R65, the triggers a quickstep talent names."""
LABEL_OF_EFFECT = {
    "attack_dice": "Standardangriff",
    "bonus_attack": "Standardangriff",
    "parry_dice": "Parade",
    "duel_dice": "Duell",
    "lunge": "Reaktion",
    "extra_move": "Passiv",
    "jugg_discount": "Passiv",
    "reroll": "Reaktion",
    "force_reroll": "Reaktion",
    "quickstep": "Reaktion",
}


class TalentModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    label: Literal["Standardaktion", "Standardangriff", "Parade", "Duell", "Reaktion", "Passiv"]
    effect: Literal[
        "attack_dice",
        "bonus_attack",
        "parry_dice",
        "duel_dice",
        "lunge",
        "extra_move",
        "jugg_discount",
        "reroll",
        "force_reroll",
        "quickstep",
    ]
    trigger: Literal["enter_range", "move_in_range", "leave_range"] | None = None
    """For a quickstep: the range term (R65) of the enemy's step that calls it."""
    amount: int = Field(1, ge=1, le=3)
    fp: int = Field(0, ge=0, le=5)
    """Blue circles: paid with FP, AP or TPP (R69)."""
    ap: int = Field(0, ge=0, le=3)
    """Red circles: paid with AP or TPP only (R69, house rule)."""
    requires: Literal["any", "qwik", "pompfer"] = "any"
    weight: int = Field(1, ge=0, le=2)
    """The talent's part of a hero's recruit cost (rules.md, "Recruit cost")."""
    text: str = ""

    @model_validator(mode="after")
    def _label_fits(self) -> TalentModel:
        if LABEL_OF_EFFECT[self.effect] != self.label:
            raise ValueError(
                f"effect {self.effect!r} needs the label {LABEL_OF_EFFECT[self.effect]!r}"
            )
        if self.effect == "quickstep" and self.trigger is None:
            raise ValueError(
                "a quickstep needs a trigger: enter_range, move_in_range or leave_range (R65)"
            )
        if self.effect != "quickstep" and self.trigger is not None:
            raise ValueError(f"only a quickstep takes a trigger, not effect {self.effect!r}")
        return self


class HeroModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    team: str = Field(min_length=1)
    country: str = ""
    specialisation: str = "any"
    reflex: int = Field(ge=1, le=5)
    attack: int = Field(ge=0, le=3)
    parry: int = Field(ge=0, le=3)
    agility: int = Field(ge=0, le=2)
    focus: int = Field(ge=1, le=6)
    stamina: int = Field(ge=1, le=6)
    will: int = Field(ge=1, le=3)
    talent: str | None = None
    cost: int = Field(ge=1, le=15)


class SparModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    attack: int = Field(ge=0, le=5)
    parry: int = Field(ge=0, le=5)
    range: int = Field(ge=1, le=3)
    stones: int = Field(ge=0, le=10)
    chain: bool = False
    double_pin: bool = False
    qwik: bool = False


class HeroFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    talents: dict[str, TalentModel] = {}
    heroes: dict[str, HeroModel]


class SparFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spars: dict[str, SparModel]


@dataclass(frozen=True, slots=True)
class Talent:
    id: str
    name: str
    label: str
    effect: str
    trigger: str | None
    amount: int
    fp: int
    ap: int
    requires: str
    weight: int
    text: str


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    team: str
    country: str
    specialisation: str
    reflex: int
    attack: int
    parry: int
    agility: int
    focus: int
    stamina: int
    will: int
    talent: Talent | None
    cost: int


@dataclass(frozen=True, slots=True)
class Spar:
    id: str
    name: str
    attack: int
    parry: int
    range: int
    stones: int
    chain: bool
    double_pin: bool
    qwik: bool


def recruit_cost(h: Hero | HeroModel, talent_weight: int) -> int:
    """The house formula for recruit costs (G2): the sum of the stats over 3, plus the talent."""
    total = h.reflex + h.attack + h.parry + 2 * h.agility + h.focus + h.stamina
    return max(3, min(10, total // 3 + talent_weight))


def _problems(name: str, exc: ValidationError, kind: dict[str, str]) -> DataFileError:
    out = []
    for e in exc.errors():
        loc = [str(p) for p in e["loc"]]
        if len(loc) >= 2 and loc[0] in kind:
            where = f"{kind[loc[0]]} {loc[1]!r}" + (
                f", field {'.'.join(loc[2:])!r}" if loc[2:] else ""
            )
        else:
            where = f"entry {'.'.join(loc)!r}"
        out.append(f"{where}: {e['msg']}")
    return DataFileError(f"{name}: " + "; ".join(out))


def _read(text: str, name: str) -> dict[str, Any]:
    return loads_toml(text, name)  # bounded nesting; a FileReadError is a DataFileError


def parse_heroes(text: str, name: str) -> tuple[Hero, ...]:
    """The heroes of a hero file; DataFileError names the file, the hero and the field."""
    try:
        model = HeroFile.model_validate(_read(text, name))
    except ValidationError as exc:
        raise _problems(name, exc, {"heroes": "hero", "talents": "talent"}) from None
    talents = {tid: Talent(tid, **t.model_dump()) for tid, t in model.talents.items()}
    heroes = []
    for hid, h in model.heroes.items():
        if not hid.replace("-", "").isalnum() or not hid.islower():
            raise DataFileError(f"{name}: hero {hid!r}: ids are lower-case letters, digits and -")
        if h.talent is not None and h.talent not in talents:
            known = ", ".join(sorted(talents)) or "none"
            raise DataFileError(
                f"{name}: hero {hid!r}, field 'talent': unknown talent {h.talent!r} "
                f"(the file's talents are: {known})"
            )
        data = h.model_dump()
        data["talent"] = talents[h.talent] if h.talent else None
        heroes.append(Hero(hid, **data))
    if len(heroes) < 5:
        raise DataFileError(f"{name}: a roster needs at least 5 heroes, got {len(heroes)}")
    return tuple(heroes)


def parse_spars(text: str, name: str) -> tuple[Spar, ...]:
    try:
        model = SparFile.model_validate(_read(text, name))
    except ValidationError as exc:
        raise _problems(name, exc, {"spars": "spar"}) from None
    spars = tuple(Spar(sid, **s.model_dump()) for sid, s in model.spars.items())
    if sum(s.qwik for s in spars) != 1 or not any(s.chain for s in spars):
        raise DataFileError(f"{name}: needs exactly one Qwik card and a chain")
    return spars


def _package_text(file: str) -> str:
    res = importlib.resources.files("tablesports.games.juggerttg") / "data" / file
    return read_resource(res, f"juggerttg/data/{file}")


def load_heroes(path: str | None = None) -> tuple[Hero, ...]:
    if path is None:
        return parse_heroes(_package_text("heroes.toml"), "juggerttg/data/heroes.toml")
    # bounded, UTF-8 with the byte offset of a bad one, no hang on a device or a FIFO
    return parse_heroes(read_text(path, "hero file"), path)


def load_spars() -> tuple[Spar, ...]:
    return parse_spars(_package_text("spars.toml"), "juggerttg/data/spars.toml")
